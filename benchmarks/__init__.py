"""Benchmarks of dominotiling: ``python -m benchmarks`` from the repository root.

Prints a Markdown table and writes ``benchmarks/RESULTS.md``. The cases live in
:mod:`benchmarks.cases`, the timing and memory helpers in
:mod:`benchmarks.harness`, and the plain-Python baseline in
:mod:`benchmarks.reference_dp`. This package imports nothing heavy, so that the
child processes it starts measure clean imports.
"""
