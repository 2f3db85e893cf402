"""Checks of the documentation site: its generator, its diagrams and its strict build."""
