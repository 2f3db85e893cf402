"""The documentation site's generator: pages and card diagrams made from ``spec/`` and
``features/``, never copied by hand.

``mkdocs.yml`` loads ``scripts/mkdocs_hooks.py``, which adds the pages of :mod:`docsite.site` to
the hand-written ones of ``docs/`` at every build, so the site cannot drift from the rules.
"""
