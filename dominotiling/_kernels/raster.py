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
def _block_halves(planes, i, j):
    """The halves (N, S, W, E) that block ``(i, j)`` holds, as four bools."""
    w = j >> 6
    b = np.uint64(j & 63)
    one = np.uint64(1)
    return (
        (planes[0, i + 1, w] >> b) & one != 0,
        (planes[1, i + 1, w] >> b) & one != 0,
        (planes[2, i + 1, w] >> b) & one != 0,
        (planes[3, i + 1, w] >> b) & one != 0,
    )


@njit(cache=True, inline="always")
def _block_range(n, i, r0, r1):
    """The blocks ``j`` of block row `i` with a cell in rows `r0` to ``r1 - 1`` (block ``(i, j)`` spans rows ``i + j``, ``i + j + 1``)."""
    return max(0, r0 - 1 - i), min(n, r1 - i)


@njit(cache=True, nogil=True)
def planes_codes(planes, n, heavy, r0, r1):
    """uint8 ``(r1 - r0, 2n)``: the colour code of every cell of rows `r0` to ``r1 - 1``, 0 off the diamond.

    The code is ``1 + kind + 4 * light`` as in :func:`tiling_raster` (kind NORTH 0,
    SOUTH 1, EAST 2, WEST 3: the N, S, E, W half of its block; light when the block
    is not ``heavy[i % p, j % q]``). Block ``(i, j)`` has top-left cell ``(i + j, n - 1
    + j - i)``; its N half is its top row, S its bottom row, W its left column, E its
    right column.
    """
    out = np.zeros((r1 - r0, 2 * n), np.uint8)
    p, q = heavy.shape
    for i in range(n):
        jlo, jhi = _block_range(n, i, r0, r1)
        ip, jq = i % p, jlo % q
        for j in range(jlo, jhi):
            hn, hs, hw, he = _block_halves(planes, i, j)
            r, c = i + j, n - 1 + j - i
            light = 0 if heavy[ip, jq] else 4
            jq = jq + 1 if jq + 1 < q else 0
            for dr in range(2):
                rr = r + dr - r0
                if rr < 0 or rr >= r1 - r0:
                    continue
                if (hn and dr == 0) or (hs and dr == 1):
                    kind = 1 + dr + light
                    out[rr, c] = kind
                    out[rr, c + 1] = kind
                if hw:
                    out[rr, c] = 4 + light
                if he:
                    out[rr, c + 1] = 3 + light
    return out


@njit(cache=True, nogil=True)
def planes_raster(planes, n, heavy, lut8, k, a0, a1):
    """uint8 ``(a1 - a0, ceil(2n / k), 3)``: pixel rows `a0` to ``a1 - 1`` of the picture, each the mean of its ``k x k`` cells.

    ``lut8`` int64 ``(9, 3)``: the colours 0-255 of :func:`planes_codes`'s codes (row 0
    outside); the sums are exact integers, rounded half up -- within one unit of
    :func:`tiling_raster`'s float sums. Reads the blocks of the band once each.
    """
    side = 2 * n
    c2 = (side + k - 1) // k
    acc = np.empty((a1 - a0, c2, 3), np.int64)
    kk = k * k
    for a in range(a1 - a0):
        for b in range(c2):
            for d in range(3):
                acc[a, b, d] = kk * lut8[0, d]
    r0, r1 = a0 * k, min(a1 * k, side)
    p, q = heavy.shape
    for i in range(n):
        jlo, jhi = _block_range(n, i, r0, r1)
        ip, jq = i % p, jlo % q
        for j in range(jlo, jhi):
            hn, hs, hw, he = _block_halves(planes, i, j)
            r, c = i + j, n - 1 + j - i
            light = 0 if heavy[ip, jq] else 4
            jq = jq + 1 if jq + 1 < q else 0
            for dr in range(2):
                rr = r + dr
                if rr < r0 or rr >= r1:
                    continue
                br = rr // k - a0
                for dc in range(2):
                    code = 0
                    if (hn and dr == 0) or (hs and dr == 1):
                        code = 1 + dr + light
                    elif hw and dc == 0:
                        code = 4 + light
                    elif he and dc == 1:
                        code = 3 + light
                    if code:
                        bc = (c + dc) // k
                        for d in range(3):
                            acc[br, bc, d] += lut8[code, d] - lut8[0, d]
    out = np.empty((a1 - a0, c2, 3), np.uint8)
    half = kk // 2
    for a in range(a1 - a0):
        for b in range(c2):
            for d in range(3):
                out[a, b, d] = np.uint8(min(255, (acc[a, b, d] + half) // kk))
    return out


# Ctrl-C during the call is a KeyboardInterrupt, not numba's SystemError (dominotiling._interrupt).
tiling_raster = returns_arrays(tiling_raster)
planes_codes = returns_arrays(planes_codes)
planes_raster = returns_arrays(planes_raster)
