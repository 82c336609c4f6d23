"""Plain-Python domino shuffling: the baseline ``dominotiling.aztec.shuffling.sample_aztec`` is measured against.

The same algorithm (Elkies, Kuperberg, Larsen, Propp), written the way a textbook
would: a dict from cells to dominoes, the three steps spelled out, Python's
``random`` module. No numpy, no numba, nothing imported from ``dominotiling``.

Cells are ``(x, y)`` integer points -- the cell ``[x, x + 1] x [y, y + 1]``, ``y``
upwards -- and the diamond of order ``k`` is the cells with
``|x + 1/2| + |y + 1/2| <= k``. The dict maps a domino's lower-left cell to its
direction: ``"N"``, ``"S"`` (horizontal) or ``"E"``, ``"W"`` (vertical). To go from
order ``k`` to ``k + 1``:

1. destroy every pair that is about to collide: an N domino just below an S one,
   an E domino just left of a W one;
2. slide every domino one step in its direction;
3. the empty cells of the order-``k + 1`` diamond split into 2x2 blocks: scan them
   from the top row down, left to right, and fill the block whose top-left cell is
   the first empty one with two horizontal dominoes (N above S) or two vertical
   ones (W left of E), each with probability 1/2.

Time ``O(n**3)``, memory ``O(n**2)``.

Examples
--------
>>> d = sample_aztec(4, seed=1)
>>> len(d)
20
>>> sorted(set(d.values()))
['E', 'N', 'S', 'W']
"""

import random

__all__ = ["sample_aztec", "to_rows"]

_STEP = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


def _cells(x, y, kind):
    """The two cells of the domino with lower-left cell (x, y) and direction `kind`."""
    if kind in ("N", "S"):
        return (x, y), (x + 1, y)
    return (x, y), (x, y + 1)


def _destroy(dominoes):
    """Remove the colliding pairs, in place."""
    doomed = []
    for (x, y), kind in dominoes.items():
        if kind == "N" and dominoes.get((x, y + 1)) == "S":
            doomed += [(x, y), (x, y + 1)]
        elif kind == "E" and dominoes.get((x + 1, y)) == "W":
            doomed += [(x, y), (x + 1, y)]
    for cell in doomed:
        del dominoes[cell]


def _slide(dominoes):
    """Every domino one step in its direction: a new dict."""
    moved = {}
    for (x, y), kind in dominoes.items():
        dx, dy = _STEP[kind]
        moved[(x + dx, y + dy)] = kind
    return moved


def _create(dominoes, k, rng, coin=None):
    """Fill the empty 2x2 blocks of the order-k diamond, in place (``coin(k, x, y)``: horizontal, if given)."""
    covered = set()
    for (x, y), kind in dominoes.items():
        covered.update(_cells(x, y, kind))
    for y in range(k - 1, -k - 1, -1):  # top row first
        for x in range(-k, k):
            if abs(2 * x + 1) + abs(2 * y + 1) > 2 * k or (x, y) in covered:
                continue
            # the first empty cell is the top-left cell of an empty block
            if (rng.random() < 0.5) if coin is None else coin(k, x, y):
                dominoes[(x, y)] = "N"
                dominoes[(x, y - 1)] = "S"
            else:
                dominoes[(x, y - 1)] = "W"
                dominoes[(x + 1, y - 1)] = "E"
            covered.update({(x, y), (x + 1, y), (x, y - 1), (x + 1, y - 1)})


def sample_aztec(n, seed=None, coin=None):
    """A uniformly random tiling of the Aztec diamond of order `n`: dict lower-left cell -> direction.

    ``coin(k, x, y)``, if given, decides the block whose top-left cell is ``(x, y)`` at
    order `k` (True: two horizontal dominoes) instead of Python's ``random``.
    """
    rng = random.Random(seed)
    dominoes = {}
    for k in range(1, n + 1):
        _destroy(dominoes)
        dominoes = _slide(dominoes)
        _create(dominoes, k, rng, coin)
    return dominoes


def to_rows(dominoes, n):
    """The dominoes as pairs of ``(row, col)`` cells of the ``(2n, 2n)`` mask (row 0 on top)."""
    out = []
    for (x, y), kind in dominoes.items():
        out.append(tuple((n - 1 - cy, cx + n) for cx, cy in _cells(x, y, kind)))
    return out
