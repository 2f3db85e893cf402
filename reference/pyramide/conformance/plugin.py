"""The pytest plugin (registered by entry point): options that pick the engine under test.

Filled in by the scenario work: ``--pyramide-impl`` and the ``adapter`` fixture.
"""
