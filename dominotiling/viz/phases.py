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

from .draw import PHASE_COLORS, block_classes, heavy_blocks, phase_codes, phase_lut

__all__ = ["PHASE_COLORS", "block_classes", "phase_codes", "heavy_blocks", "phase_lut"]
