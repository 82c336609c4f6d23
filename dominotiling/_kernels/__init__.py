"""Numba kernels, one module per algorithm family (private; see DESIGN.md, Kernels).

A kernel is compiled once per process for arguments a user cannot tell apart (issue 37):
the two exceptions, checked by ``tests/test_compile_once.py`` and the first-call benchmark
(``benchmarks/cases_first_call.py``), are named here.
"""

#: ``kernel: reason`` for the kernels that hold two signatures on purpose (two computations).
BY_DESIGN = {
    # the max-cover DP walks back over int32 costs, the sampler over float64 counts (mode 0 / 1)
    "profile_dp.backtrack": "int32 costs (find_tiling, max_cover) and float64 counts (random_tiling)",
}
#: The shared array loops (``_kernels/arrays.py``) serve kernels of several array types.
SHARED = "arrays."
