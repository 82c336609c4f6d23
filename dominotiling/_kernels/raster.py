"""Numba kernels painting a complete tiling as a raster image, cells averaged in k x k blocks; see ``viz/raster.py``.

:func:`tiling_raster` reads labels; :func:`planes_raster` and :func:`planes_codes` read
the bit planes of a shuffling sample (``_kernels/shuffling.py``) directly, a band of
rows at a time, so an order-10,000 sample is drawn without its 1.6 GB of labels.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays


@njit(cache=True)
def tiling_raster(labels, n, heavy, lut, k):
    """``(ceil(rows / k), ceil(cols / k), 3)`` uint8 image of int32 `labels`, each pixel the mean of its cells.

    A cell's colour is ``lut[1 + 4 * cls + type]`` (``lut`` float32 ``(9, 3)``,
    row 0 outside and padding): ``type`` its domino's NORTH 0, SOUTH 1, EAST 2,
    WEST 3 (a horizontal domino is NORTH when its left cell has ``(r + c) % 2 ==
    (n + 1) % 2``, a vertical one WEST when its top cell has), ``cls`` 0 when the
    block of the Aztec diamond of order ``n`` the domino is a half of is
    ``heavy[i % p, j % q]`` (bool ``(p, q)``), else 1. Labels below 0 are outside.
    """
    rows, cols = labels.shape
    p, q = heavy.shape
    parity = (n + 1) % 2
    r2 = (rows + k - 1) // k
    c2 = (cols + k - 1) // k
    acc = np.zeros((r2, c2, 3), np.float32)
    for r in range(r2 * k):
        br = r // k
        for c in range(c2 * k):
            bc = c // k
            code = 0
            if r < rows and c < cols:
                lab = labels[r, c]
                if lab >= 0:
                    if c + 1 < cols and labels[r, c + 1] == lab:
                        fr, fc, horizontal = r, c, True
                    elif c > 0 and labels[r, c - 1] == lab:
                        fr, fc, horizontal = r, c - 1, True
                    elif r + 1 < rows and labels[r + 1, c] == lab:
                        fr, fc, horizontal = r, c, False
                    else:
                        fr, fc, horizontal = r - 1, c, False
                    odd = (fr + fc) % 2 == parity
                    if horizontal:
                        kind = 0 if odd else 1
                        top, left = (fr, fc) if odd else (fr - 1, fc)
                    else:
                        kind = 3 if odd else 2
                        top, left = (fr, fc) if odd else (fr, fc - 1)
                    i = ((top - left + n - 1) // 2) % p
                    j = ((top + left - n + 1) // 2) % q
                    code = 1 + kind + (0 if heavy[i, j] else 4)
            for d in range(3):
                acc[br, bc, d] += lut[code, d]
    out = np.empty((r2, c2, 3), np.uint8)
    scale = np.float32(255.0 / (k * k))
    for a in range(r2):
        for b in range(c2):
            for d in range(3):
                out[a, b, d] = np.uint8(min(255.0, acc[a, b, d] * scale + 0.5))
    return out


@njit(cache=True, inline="always")
def _has(planes, t, i, j, n):
    """Whether block ``(i, j)`` of the order-`n` planes holds half `t` (False off the blocks in play)."""
    if i < 0 or j < 0 or i >= n or j >= n:
        return False
    return (planes[t, i + 1, j >> 6] >> np.uint64(j & 63)) & np.uint64(1) != 0


@njit(cache=True, inline="always")
def _cell_code(planes, n, heavy, r, c):
    """``1 + kind + 4 * light`` of the domino on cell ``(r, c)`` (as in :func:`tiling_raster`), 0 off the diamond.

    The four dominoes that could cover the cell are a half of one block each: a
    horizontal one with left cell ``(a, b)`` is the N half of the block with top-left
    ``(a, b)`` when ``a + b + n`` is odd, else the S half of the block at ``(a - 1,
    b)``; a vertical one with top cell ``(a, b)`` the W half of the block at ``(a, b)``,
    else the E half of the block at ``(a, b - 1)``. Block ``(i, j)`` has top-left
    ``(i + j, n - 1 + j - i)``.
    """
    half = min(r, 2 * n - 1 - r) + 1
    if c < n - half or c >= n + half:
        return 0
    p, q = heavy.shape
    for d in range(4):
        if d < 2:  # horizontal, left cell (a, b)
            a, b = r, c - d
        else:  # vertical, top cell (a, b)
            a, b = r - (d - 2), c
        odd = (a + b + n) % 2 == 1
        if d < 2:
            top, left, t, kind = (a, b, 0, 0) if odd else (a - 1, b, 1, 1)
        else:
            top, left, t, kind = (a, b, 2, 3) if odd else (a, b - 1, 3, 2)
        if (top - left + n - 1) % 2 != 0:
            continue
        i = (top - left + n - 1) // 2
        j = (top + left - n + 1) // 2
        if _has(planes, t, i, j, n):
            return 1 + kind + (0 if heavy[i % p, j % q] else 4)
    return 0


@njit(cache=True, nogil=True)
def planes_codes(planes, n, heavy, r0, r1):
    """uint8 ``(r1 - r0, 2n)``: the colour code (:func:`_cell_code`) of every cell of rows `r0` to ``r1 - 1``."""
    out = np.zeros((r1 - r0, 2 * n), np.uint8)
    for r in range(r0, r1):
        for c in range(2 * n):
            out[r - r0, c] = _cell_code(planes, n, heavy, r, c)
    return out


@njit(cache=True, nogil=True)
def planes_raster(planes, n, heavy, lut, k, a0, a1):
    """uint8 ``(a1 - a0, ceil(2n / k), 3)``: pixel rows `a0` to ``a1 - 1`` of :func:`tiling_raster`'s image, from the planes."""
    side = 2 * n
    c2 = (side + k - 1) // k
    acc = np.zeros((a1 - a0, c2, 3), np.float32)
    for r in range(a0 * k, a1 * k):
        br = r // k - a0
        for c in range(c2 * k):
            code = _cell_code(planes, n, heavy, r, c) if r < side and c < side else 0
            bc = c // k
            for d in range(3):
                acc[br, bc, d] += lut[code, d]
    out = np.empty((a1 - a0, c2, 3), np.uint8)
    scale = np.float32(255.0 / (k * k))
    for a in range(a1 - a0):
        for b in range(c2):
            for d in range(3):
                out[a, b, d] = np.uint8(min(255.0, acc[a, b, d] * scale + 0.5))
    return out


# Ctrl-C during the call is a KeyboardInterrupt, not numba's SystemError (dominotiling._interrupt).
tiling_raster = returns_arrays(tiling_raster)
planes_codes = returns_arrays(planes_codes)
planes_raster = returns_arrays(planes_raster)
