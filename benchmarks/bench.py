"""Speed figures for the reference engine and the solver (filled in by the benchmark issue)."""
