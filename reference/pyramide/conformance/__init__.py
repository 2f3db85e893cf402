"""The conformance harness: the adapter protocol, the step library, the runner and reports.

Unlike the engine, the harness may use third-party libraries (pytest, pytest-bdd, PyYAML,
jsonschema, hypothesis).
"""
