"""Making a region tileable: the fewest boundary cells removed, or every cell doubled.

A region drawn by hand or read from a picture is almost never tileable: its black
and white cells rarely balance. :func:`make_tileable` changes it by one of two
documented rules and reports what it changed (a :class:`TileableRegion`):

- ``rule="trim"`` (the default) removes the fewest cells that leave a tileable
  region -- as many as a maximum partial tiling leaves uncovered, which no other
  choice can beat -- and moves each of them, along alternating paths of that
  partial tiling, to the region's boundary wherever it can, so the shape keeps
  its outline and gains no hole;
- ``rule="double"`` replaces every cell by a 2x2 block of cells: the same shape at
  twice the scale, always tileable (each block is two dominoes), nothing removed.

:meth:`Region.make_tileable <dominotiling.model.region.Region.make_tileable>` is
the same function as a method; ``Region.from_image(..., tileable="trim")`` and
``Region.from_strings(..., tileable="trim")`` apply it as they build the region.

Examples
--------
>>> from dominotiling import Region
>>> fix = make_tileable(Region.from_strings(["...", "..#"]))
>>> fix
<TileableRegion: removed 1 boundary cell (rule 'trim'): 5 cells -> 4, tileable>
>>> fix.removed.tolist()
[[0, 0]]
>>> make_tileable(Region.from_strings(["..."]), rule="double").region.shape
(2, 6)
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._options import check_memory
from ..errors import NoTilingError

__all__ = ["make_tileable", "TileableRegion", "RULES"]

#: The rules :func:`make_tileable` knows, with what each does.
RULES = {
    "trim": "remove the fewest cells that leave a tileable region, on the boundary where possible",
    "double": "replace every cell by a 2x2 block (the same shape at twice the scale)",
}


class TileableRegion:
    """What :func:`make_tileable` made, and what it changed.

    Attributes
    ----------
    region : Region
        The tileable region.
    original : Region
        The region it was made from.
    rule : str
        ``"trim"`` or ``"double"``.
    removed : numpy.ndarray, shape (k, 2)
        The cells removed, ``(row, col)`` in the original's (and the new region's)
        coordinates, row-major; empty for ``"double"`` and for a region that was
        tileable already.
    inner : numpy.ndarray, shape (j, 2)
        Those of the removed cells with no side on the outside or a hole (they make
        new holes); empty unless no alternating path reached the boundary.
    message : str
        One sentence saying what changed.

    See Also
    --------
    make_tileable, Region.make_tileable

    Examples
    --------
    >>> from dominotiling import Region
    >>> fix = Region.from_strings(["...", "..#"]).make_tileable()
    >>> fix.changed, fix.region.n_cells, fix.removed.tolist()
    (True, 4, [[0, 0]])
    """

    __slots__ = ("region", "original", "rule", "removed", "inner", "message")

    def __init__(self, region, original, rule, removed, inner, message):
        self.region = region
        self.original = original
        self.rule = rule
        self.removed = removed
        self.inner = inner
        self.message = message

    @property
    def changed(self):
        """True when the region differs from the original."""
        return self.rule == "double" or len(self.removed) > 0

    def __repr__(self):
        return f"<TileableRegion: {self.message}>"


def make_tileable(region, *, rule="trim"):
    """A tileable region made from `region` by a documented rule, with a report of the change.

    Parameters
    ----------
    region : Region
        A plane region (any shape; it need not be connected).
    rule : {"trim", "double"}, keyword-only
        ``"trim"``: remove as few cells as any tileable subregion needs -- the
        cells a maximum partial tiling leaves uncovered -- moved to the
        boundary along alternating paths wherever one reaches it. ``"double"``:
        replace every cell ``(r, c)`` by the 2x2 block ``(2r..2r+1, 2c..2c+1)``.

    Returns
    -------
    TileableRegion
        ``.region`` is tileable; ``.removed`` lists the cells removed, ``.message``
        says in one sentence what changed. A tileable region comes back unchanged
        under ``"trim"``.

    Raises
    ------
    NoTilingError
        Under ``"trim"``, if no two cells of the region share a side (nothing
        would be left); the message names ``rule="double"``.
    DominoTilingError
        If `rule` is unknown or the region wraps around (a torus or cylinder).
    TooLargeError
        If the doubled region would not fit the memory budget.

    See Also
    --------
    Region.make_tileable, Region.from_image, maximum_matching

    Notes
    -----
    Any tileable region obtained by removing cells has a tiling, which is a
    partial tiling of the original; so it keeps at most ``2 nu`` cells, ``nu``
    the size of a maximum matching of the grid graph, and ``"trim"`` removes
    exactly ``n_cells - 2 nu`` (Hopcroft--Karp finds the matching). A cell left
    uncovered moves along an alternating path -- a neighbour ``w`` covered with
    ``v``, then ``v`` uncovered and ``w`` paired with the first cell -- without
    changing the number covered; a breadth-first search finds the shortest one
    ending at a boundary cell (one with a side on the outside or on a hole), and
    removing such cells makes no new hole.
    A cell whose alternating paths never reach the boundary stays where it is
    and is reported in ``inner``. ``"double"`` keeps every cell: each 2x2 block is
    balanced and tiled by two dominoes.

    Examples
    --------
    >>> from dominotiling import Region, count_tilings
    >>> blob = Region.from_strings([".....", ".....", "....."])   # 8 black, 7 white
    >>> fix = make_tileable(blob)
    >>> print(fix.message)
    removed 1 boundary cell (rule 'trim'): 15 cells -> 14, tileable
    >>> count_tilings(fix.region) > 0
    True
    >>> make_tileable(blob, rule="double").region.n_cells
    60
    """
    region = _validate.region(region)
    rule = _validate.choice(rule, "rule", tuple(RULES))
    region._plane_only("make_tileable")
    if rule == "double":
        return _double(region)
    return _trim(region)


def _double(region):
    rows, cols = region.shape
    check_memory(
        8 * rows * cols,
        f"the doubled {2 * rows} x {2 * cols} mask",
        "rule='trim' (it keeps the size)",
    )
    mask = np.kron(region.mask, np.ones((2, 2), bool))
    n = region.n_cells
    message = f"every cell made a 2x2 block (rule 'double'): {n} cells -> {4 * n}, tileable"
    empty = np.zeros((0, 2), np.int64)
    return TileableRegion(type(region)(mask), region, "double", empty, empty, message)


def _boundary_cells(mask):
    """Boolean mask of the cells with a side on a cell outside the region (or the box's edge)."""
    out = np.pad(~mask, 1, constant_values=True)
    near = out[:-2, 1:-1] | out[2:, 1:-1] | out[1:-1, :-2] | out[1:-1, 2:]
    return near & mask


def _trim(region):
    from .._kernels.grid_csr import grid_csr
    from .._kernels.hopcroft_karp import hopcroft_karp

    mask = np.ascontiguousarray(region.mask)
    black, white, b_ptr, b_adj, w_ptr, w_adj = grid_csr(mask)
    order = np.arange(black.size, dtype=np.int32)
    mate_b, mate_w, _ = hopcroft_karp(b_ptr, b_adj, w_ptr, w_adj, order)
    n = region.n_cells
    if not (mate_b >= 0).any():
        raise NoTilingError(
            "no two cells of the region share a side: trimming would leave nothing; "
            "make_tileable(region, rule='double') makes every cell a 2x2 block instead"
        )
    edge = _boundary_cells(mask).ravel()
    mate_b, mate_w = mate_b.tolist(), mate_w.tolist()
    # one side's free cells move through the other side's matched cells: (cells, ptr, adj, mates)
    sides = (
        (black.tolist(), b_ptr.tolist(), b_adj.tolist(), mate_b, mate_w),
        (white.tolist(), w_ptr.tolist(), w_adj.tolist(), mate_w, mate_b),
    )
    free = []
    for cells, ptr, adj, mine, theirs in sides:
        for u in [u for u, m in enumerate(mine) if m < 0]:
            free.append(cells[_to_boundary(u, cells, ptr, adj, mine, theirs, edge)])
    free = np.array(sorted(free), np.int64)
    removed = np.stack(np.divmod(free, mask.shape[1]), axis=1).reshape(-1, 2)
    inner = removed[~edge[free]] if free.size else removed
    keep = mask.copy()
    keep.ravel()[free] = False
    k = len(removed)
    if k == 0:
        message = f"tileable already (rule 'trim'): {n} cells, nothing changed"
    else:
        where = "boundary " if not len(inner) else ""
        message = (
            f"removed {k} {where}cell{'s' if k != 1 else ''} (rule 'trim'): {n} cells -> {n - k}, "
            "tileable"
        )
        if len(inner):
            message += (
                f"; {len(inner)} of them inside (no alternating path reaches the boundary), "
                "leaving holes -- rule='double' keeps every cell"
            )
    return TileableRegion(type(region)(keep), region, "trim", removed, inner, message)


def _to_boundary(u, cells, ptr, adj, mine, theirs, edge):
    """Move the free cell `u` along the shortest alternating path to a boundary cell; its index.

    `mine` and `theirs` are the mates of this side's and the other side's cells
    (updated in place); `u` and the returned cell are of this side. Stays at `u`
    when it is on the boundary or no alternating path reaches it.
    """
    if edge[cells[u]]:
        return u
    back = {u: None}  # cell of this side -> (previous cell of this side, the neighbour between)
    queue = [u]
    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for e in range(ptr[v], ptr[v + 1]):
            w = adj[e]
            x = theirs[w]  # matched: else the matching would not be maximum
            if x < 0 or x in back:
                continue
            back[x] = (v, w)
            if edge[cells[x]]:
                y = x  # flip the path: x becomes free, every cell before it takes its neighbour
                while back[y] is not None:
                    prev, w2 = back[y]
                    mine[prev] = w2
                    theirs[w2] = prev
                    y = prev
                mine[x] = -1
                return x
            queue.append(x)
    return u
