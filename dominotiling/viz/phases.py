"""The colours in which a periodically weighted Aztec sample shows its phases at a glance.

Every domino position of the Aztec diamond of order ``n`` is the north, south,
west or east half of exactly one block ``(i, j)`` (the 2x2 square with top-left
cell ``(i + j, n - 1 + j - i)``, :func:`~dominotiling.aztec.shuffling.sample_aztec`).
With periodic block weights, the blocks fall in two classes: *heavy* blocks, whose
two pairs of dominoes weigh more (``N*S + W*E`` above the geometric middle of the
period's values), and *light* ones. In the two-periodic model of Chhita and
Johansson the heavy blocks are those of weight ``a`` (for ``a > b``).

:data:`PHASE_COLORS` gives a domino the colour of its type (north red, south blue,
east yellow, west green, as :data:`~dominotiling.viz.draw.TYPE_COLORS`), dark in a
heavy block and pale in a light one: eight colours. Then

- a **frozen** corner is one type in both classes: its own hue, striped;
- the **liquid** region mixes every type in both classes about equally: a
  medium, speckled mixture;
- the **gas** region is where dominoes pair up inside the heavy blocks (about
  90 % of them at ``a = 1, b = 0.5``, against 50-70 % in the liquid): a dark
  mixture of the four dark colours.

Examples
--------
>>> from dominotiling import sample_aztec
>>> s = sample_aztec(40, seed=1, weights=(1, 0.5))
>>> classes = block_classes(s.labels, 40, s.block_weights)
>>> sorted(set(classes.ravel().tolist()))
[-1, 0, 1]
"""

from __future__ import annotations

import numpy as np

from .draw import TYPE_COLORS, _cell_codes

__all__ = ["PHASE_COLORS", "block_classes", "phase_codes", "heavy_blocks"]

#: ``(2, 4, 3)``: the colours of the (heavy, light) blocks' NORTH, SOUTH, EAST, WEST dominoes.
PHASE_COLORS = np.stack([TYPE_COLORS * 0.55, 0.15 * TYPE_COLORS + 0.85])
_OUTSIDE = (1.0, 1.0, 1.0)


def heavy_blocks(block_weights):
    """``(p, q)`` bool: the heavy blocks of a period (``N*S + W*E`` above the geometric middle).

    All False when every block weighs the same (then there are no classes).

    Examples
    --------
    >>> ab = np.array([[[1.0] * 4, [0.5] * 4], [[0.5] * 4, [1.0] * 4]])
    >>> heavy_blocks(ab).tolist()
    [[True, False], [False, True]]
    """
    w = np.asarray(block_weights, dtype=float)
    delta = w[..., 0] * w[..., 1] + w[..., 2] * w[..., 3]  # (N, S, W, E): the two ways to fill it
    lo, hi = float(delta.min()), float(delta.max())
    if not hi > lo:
        return np.zeros(delta.shape, bool)
    middle = np.sqrt(lo * hi) if lo > 0 else 0.5 * hi
    return delta > middle


def block_classes(labels, n, block_weights):
    """``int8`` per cell of a tiling of the Aztec diamond of order `n`: 0 heavy block, 1 light, -1 outside.

    A cell's class is that of the block its domino is a half of.
    """
    codes = _cell_codes(labels, (n + 1) % 2)  # 3 + type: NORTH 3, SOUTH 4, EAST 5, WEST 6
    return _classes(labels, codes, n, block_weights)


def _classes(labels, codes, n, block_weights):
    rows, cols = labels.shape
    heavy = heavy_blocks(block_weights) if block_weights is not None else np.zeros((1, 1), bool)
    out = np.full((rows, cols), -1, np.int8)
    if rows == 0:
        return out
    # the first (left or top) cell of each cell's domino, then the top-left cell (R, C) of its block
    r = np.broadcast_to(np.arange(rows, dtype=np.int32)[:, None], (rows, cols)).copy()
    c = np.broadcast_to(np.arange(cols, dtype=np.int32)[None, :], (rows, cols)).copy()
    second_h = np.zeros((rows, cols), bool)
    second_h[:, 1:] = (labels[:, 1:] == labels[:, :-1]) & (labels[:, 1:] >= 0)
    second_v = np.zeros((rows, cols), bool)
    second_v[1:, :] = (labels[1:, :] == labels[:-1, :]) & (labels[1:, :] >= 0)
    c -= second_h
    r -= second_v
    r -= codes == 4  # a SOUTH domino is the bottom half of the block above it
    c -= codes == 5  # an EAST domino is the right half of the block to its left
    p, q = heavy.shape
    i = ((r - c + (n - 1)) // 2) % p
    j = ((r + c - (n - 1)) // 2) % q
    inside = codes >= 3
    out[inside] = np.where(heavy[i[inside], j[inside]], 0, 1)
    return out


def phase_codes(labels, n, block_weights):
    """``uint8`` per cell: 0 outside, ``1 + 4 * class + type`` for a domino (the index in :func:`phase_lut`)."""
    codes = _cell_codes(labels, (n + 1) % 2)
    classes = _classes(labels, codes, n, block_weights)
    out = np.zeros(labels.shape, np.uint8)
    inside = codes >= 3
    out[inside] = 1 + 4 * classes[inside] + (codes[inside] - 3)
    return out


def phase_lut():
    """``(9, 3)`` float32 colours: outside, then :data:`PHASE_COLORS` flattened (heavy N, S, E, W, light ...)."""
    return np.concatenate([[_OUTSIDE], PHASE_COLORS.reshape(8, 3)]).astype(np.float32)
