"""Numba kernel painting a complete tiling as a raster image, cells averaged in k x k blocks; see ``viz/raster.py``."""

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


# Ctrl-C during the call is a KeyboardInterrupt, not numba's SystemError (dominotiling._interrupt).
tiling_raster = returns_arrays(tiling_raster)
