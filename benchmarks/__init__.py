"""Benchmarks of dominotiling: ``python -m benchmarks`` from the repository root.

A run measures the registered cases (:mod:`benchmarks.cases` and the
``benchmarks/cases_*.py`` modules), each in fresh interpreters through the
timing and memory helpers of :mod:`benchmarks.harness`; it stores one JSON
record per run in ``benchmarks/results/`` and renders ``benchmarks/RESULTS.md``
from the records (:mod:`benchmarks.results`; ``python -m benchmarks render``).
The plain-Python baselines are the reference implementations in
``tests/reference/``, imported as ``tests.reference.*``. This package imports
nothing heavy, so that the child processes it starts measure clean imports.
"""
