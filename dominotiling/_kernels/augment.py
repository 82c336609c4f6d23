"""Numba helper shared by the matching kernels: flip an augmenting path."""

from numba import njit


@njit(cache=True, inline="always")
def augment(stack, depth, w, mate_b, mate_w):
    """Flip the alternating path ``stack[0..depth]`` (black vertices) ending at free white ``w``.

    Each black vertex on the path takes the white one after it; the path's first
    black vertex and ``w`` become matched, so the matching grows by one.
    """
    for d in range(depth, -1, -1):
        x = stack[d]
        old = mate_b[x]
        mate_b[x] = w
        mate_w[w] = x
        w = old
