"""Thurston's height functions: tileability without matching, extreme tilings, flips.

A tiling of a region without holes is the same thing as an integer *height
function* on the corners of its cells (Thurston 1990). Heights live on the lattice
vertices ``(i, j)``, ``0 <= i <= rows``, ``0 <= j <= cols`` (vertex ``(i, j)`` is the
top-left corner of cell ``(i, j)``), in an int64 array of shape
``(rows + 1, cols + 1)``; vertices that are no corner of a region cell hold the
sentinel :data:`UNDEFINED`.

The convention: walk along a lattice edge. If no domino crosses the edge, the
height changes by +1 when the cell on the left of the walk is black and by -1 when
it is white; walking along the edge between the two cells of a domino it changes
by -3 (black on the left) or +3 (white on the left). Around every cell the four
changes add up to 0, so the heights are well defined; each connected piece of
vertices gets height 0 at its first boundary vertex in row-major order (the
top-left corner of its first cell). The tilings of a region form a distributive
lattice under the pointwise order of their height functions; its bottom and top
are :func:`min_tiling` and :func:`max_tiling`, and a :func:`flip` (turning two
parallel dominoes that fill a 2x2 square) moves one height by 4. The doors
:func:`min_tiling` and :func:`max_tiling` also take ``flux=`` (a sector of a region with
holes, the surfaces wing's), so they live in the dispatch layer
(:mod:`dominotiling.tasks.extremes`) and answer here, the same objects.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.matching.height import is_tileable_thurston, min_tiling, flippable_squares
>>> is_tileable_thurston(Region.aztec_diamond(3))
True
>>> is_tileable_thurston(Region.from_strings(["#.......", "........", "........",
...                                           "........", "........", "........",
...                                           "........", ".......#"]))
False
>>> t = min_tiling(Region.rectangle(2, 2))
>>> t.height_function().tolist()
[[0, -1, 0], [1, -2, 1], [0, -1, 0]]
>>> flippable_squares(t).tolist()
[[0, 0]]

References
----------
.. [1] W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990),
   757-773.
.. [2] E. Rémila, "The lattice structure of the set of domino tilings of a
   polygon", Theoret. Comput. Sci. 322 (2004), 409-422.
.. [3] J. Propp, "Lattice structure for orientations of graphs" (1993),
   arXiv:math/0209005.
"""

from __future__ import annotations

import importlib

import numpy as np

from .. import _validate
from ..errors import DominoTilingError
from ..model.region import Region, check_region  # Region: used by the docstring examples  # noqa: F401 -- used by the docstring examples
from ..model.tiling import OUTSIDE, Tiling

__all__ = [
    "UNDEFINED",
    "defined_vertices",
    "height_function",
    "boundary_heights",
    "extreme_heights",
    "tiling_from_heights",
    "thurston_tiling",
    "min_tiling",  # noqa: F822 -- answered by __getattr__ (the door is in tasks.extremes)
    "max_tiling",  # noqa: F822 -- answered by __getattr__ (the door is in tasks.extremes)
    "is_tileable_thurston",
    "flip",
    "flippable_squares",
]

#: Height stored at lattice vertices that are no corner of a region cell.
UNDEFINED = int(np.iinfo(np.int64).min)

_SIGN = {"max": 1, "min": -1}


def _check_region(region):
    check_region(region)
    holes = region.holes
    if holes:
        raise DominoTilingError(
            f"the region has {len(holes)} hole(s): height functions (and Thurston's "
            "algorithm) need a region without holes; decide tileability or find a tiling "
            "with dominotiling.matching.matchings.maximum_matching instead, or pass flux= to "
            "min_tiling/max_tiling for the extreme tilings of one flux sector"
        )


def _check_tiling(tiling):
    _validate.tiling(tiling)


def defined_vertices(region):
    """Which lattice vertices are corners of a region cell.

    Parameters
    ----------
    region : Region

    Returns
    -------
    numpy.ndarray of bool, shape ``(rows + 1, cols + 1)``
        True where a height is defined.

    Examples
    --------
    >>> defined_vertices(Region.from_strings([".#"])).astype(int).tolist()
    [[1, 1, 0], [1, 1, 0]]
    """
    check_region(region)
    m = np.pad(region.mask, 1)
    return m[:-1, :-1] | m[:-1, 1:] | m[1:, :-1] | m[1:, 1:]


def height_function(tiling):
    """Thurston's height function of a complete tiling of a region without holes.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling (no uncovered cell).

    Returns
    -------
    numpy.ndarray of int64, shape ``(rows + 1, cols + 1)``
        ``h[i, j]`` is the height at the top-left corner of cell ``(i, j)``;
        :data:`UNDEFINED` where the vertex is no corner of a region cell.

    Raises
    ------
    DominoTilingError
        If the tiling leaves a cell uncovered, or the region has holes (around a
        hole the heights need not close up).

    Notes
    -----
    Walking along an edge no domino crosses changes the height by +1 (black cell on
    the left) or -1 (white cell on the left); walking along the middle of a domino
    changes it by -3 or +3 respectively. Each piece of connected vertices is walked
    breadth first from its first vertex in row-major order, which gets height 0.
    Heights are congruent mod 4 to a fixed pattern, the same for every tiling, and
    two tilings of the region differ only inside it. Cost ``O(rows * cols)``.

    Examples
    --------
    >>> from dominotiling import Tiling
    >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
    >>> height_function(t).tolist()
    [[0, -1, 0], [1, 2, 1]]
    """
    return _validate.tiling(tiling).height_function()


def boundary_heights(region):
    """The heights on the boundary of a region, the same for all its tilings.

    Parameters
    ----------
    region : Region
        A region without holes.

    Returns
    -------
    numpy.ndarray of int64 or None
        Shape ``(rows + 1, cols + 1)``: the heights at vertices on the region's
        boundary, :data:`UNDEFINED` elsewhere. None when the walk around the
        boundary does not close up; then the region has no tiling.

    Raises
    ------
    DominoTilingError
        If the region has holes.

    Notes
    -----
    No domino crosses the boundary, so each boundary edge changes the height by +1
    or -1 according to the colour of the cell on its left. Around a closed boundary
    these changes add up to ``4 * (black - white)`` for the cells inside, so the walk
    closes up exactly when each piece of the region is balanced. Cost ``O(rows * cols)``.

    Examples
    --------
    >>> h = boundary_heights(Region.rectangle(2, 2))
    >>> bool(h[1, 1] == UNDEFINED), int(h[2, 2])
    (True, 0)
    >>> boundary_heights(Region.rectangle(3, 3)) is None
    True
    """
    _check_region(region)
    from .._kernels.height import boundary_heights as kernel

    heights, ok = kernel(np.ascontiguousarray(region.mask))
    return heights if ok else None


def extreme_heights(region, extreme="max"):
    """The pointwise largest or smallest height function of a region, by Thurston's algorithm.

    Parameters
    ----------
    region : Region
        A region without holes (it need not be connected).
    extreme : {"max", "min"}

    Returns
    -------
    numpy.ndarray of int64 or None
        Shape ``(rows + 1, cols + 1)``, :data:`UNDEFINED` off the region; None when
        the region has no tiling.

    Raises
    ------
    DominoTilingError
        If the region has holes (the message names ``maximum_matching``), or
        `extreme` is neither "max" nor "min".

    Notes
    -----
    An integer function ``h`` on the vertices is the height function of a tiling
    exactly when it has the boundary heights on the boundary, ``h(v)`` is congruent
    mod 4 to the fixed pattern, and ``|h(u) - h(v)| <= 3`` along interior edges: then
    each cell has exactly one side of height difference 3, shared with its partner.
    With the congruence, the last condition along an edge ``u -> v`` with step ``s``
    reads ``h(v) <= h(u) + 2 - s``: lengths 1 and 3. So the largest height function
    is ``h(v) = min_b (h(b) + dist(b, v))`` over boundary vertices ``b``, a shortest
    path computation with integer lengths (Dial's bucket queue, ``O(rows * cols)``);
    it exists exactly when no boundary vertex is pulled below its own height. The
    smallest is the same with the roles of the colours swapped [1]_, [2]_.

    References
    ----------
    .. [1] W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990).
    .. [2] E. Rémila, "The lattice structure of the set of domino tilings of a
       polygon", Theoret. Comput. Sci. 322 (2004).

    Examples
    --------
    >>> int(extreme_heights(Region.rectangle(2, 2), "max")[1, 1])
    2
    >>> int(extreme_heights(Region.rectangle(2, 2), "min")[1, 1])
    -2
    """
    if extreme not in _SIGN:
        raise DominoTilingError(f"extreme must be 'max' or 'min', got {extreme!r}")
    _check_region(region)
    from .._kernels.height import extreme_heights as kernel

    heights, feasible = kernel(np.ascontiguousarray(region.mask), _SIGN[extreme])
    return heights if feasible else None


def tiling_from_heights(region, heights):
    """The tiling whose height function is `heights`.

    Parameters
    ----------
    region : Region
    heights : array_like of int, shape ``(rows + 1, cols + 1)``

    Returns
    -------
    Tiling
        Its dominoes are the interior lattice edges whose ends differ by 3 in height.

    Raises
    ------
    DominoTilingError
        If `heights` has the wrong shape, or is not a height function: some cell
        would be covered by no domino or by more than one.

    Examples
    --------
    >>> r = Region.rectangle(2, 3)
    >>> tiling_from_heights(r, extreme_heights(r, "min")).dominoes.tolist()
    [[[0, 0], [1, 0]], [[0, 1], [0, 2]], [[1, 1], [1, 2]]]
    """
    check_region(region)
    mask = region.mask
    rows, cols = mask.shape
    h = np.asarray(heights)
    if h.shape != (rows + 1, cols + 1):
        raise DominoTilingError(
            f"heights have shape {h.shape}; a {rows}x{cols} region needs ({rows + 1}, {cols + 1})"
        )
    h = h.astype(np.int64)
    # vertical domino with top cell (i, j): the edge (i+1, j)-(i+1, j+1) between them
    vert = (np.abs(h[1:-1, 1:] - h[1:-1, :-1]) == 3) & mask[:-1] & mask[1:]
    # horizontal domino with left cell (i, j): the edge (i, j+1)-(i+1, j+1)
    horiz = (np.abs(h[1:, 1:-1] - h[:-1, 1:-1]) == 3) & mask[:, :-1] & mask[:, 1:]
    cover = np.zeros(mask.shape, dtype=np.int8)
    cover[:-1] += vert
    cover[1:] += vert
    cover[:, :-1] += horiz
    cover[:, 1:] += horiz
    bad = np.argwhere(mask & (cover != 1))
    if len(bad):
        r, c = (int(v) for v in bad[0])
        raise DominoTilingError(
            f"these heights are not a height function of the region: cell {(r, c)} would be "
            f"covered by {int(cover[r, c])} dominoes (a side of height difference 3 marks a domino)"
        )
    starts = np.zeros(mask.shape, dtype=bool)
    starts[:-1] |= vert
    starts[:, :-1] |= horiz
    ids = (np.cumsum(starts.ravel()) - 1).reshape(mask.shape).astype(np.int32)
    labels = np.full(mask.shape, OUTSIDE, dtype=np.int32)
    labels[:-1][vert] = ids[:-1][vert]
    labels[1:][vert] = ids[:-1][vert]
    labels[:, :-1][horiz] = ids[:, :-1][horiz]
    labels[:, 1:][horiz] = ids[:, :-1][horiz]
    return Tiling(region, labels, validate=False)


def thurston_tiling(region, extreme="min"):
    """The tiling with the smallest or largest height function, or None if there is none.

    Parameters
    ----------
    region : Region
        A region without holes; a disconnected one is handled piece by piece.
    extreme : {"min", "max"}

    Returns
    -------
    Tiling or None
        None when the region has no tiling.

    Raises
    ------
    DominoTilingError
        If the region has holes: use ``dominotiling.matching.matchings.maximum_matching``.

    Notes
    -----
    See :func:`extreme_heights` for the algorithm; the dominoes are then read off
    the heights (:func:`tiling_from_heights`). Cost ``O(rows * cols)`` time and memory.

    Examples
    --------
    >>> thurston_tiling(Region.rectangle(2, 2), "max").orientations().tolist()
    [0, 0]
    >>> thurston_tiling(Region.rectangle(3, 3)) is None
    True
    """
    heights = extreme_heights(region, extreme)
    if heights is None:
        return None
    return tiling_from_heights(region, heights)


def is_tileable_thurston(region):
    """Whether a region without holes has a domino tiling, by Thurston's algorithm.

    Parameters
    ----------
    region : Region
        A region without holes (it need not be connected).

    Returns
    -------
    bool

    Raises
    ------
    DominoTilingError
        If the region has holes: then use ``dominotiling.matching.matchings.maximum_matching``.

    Notes
    -----
    True exactly when the boundary walk closes up and the shortest-path computation
    of :func:`extreme_heights` leaves every boundary height in place. No matching is
    computed; cost ``O(rows * cols)``.

    Examples
    --------
    >>> is_tileable_thurston(Region.from_strings(["..#", "...", "#.."]))
    False
    """
    return extreme_heights(region, "max") is not None


def _flip_kind(lab, r, c):
    """0 no flip, 1 two horizontal dominoes, 2 two vertical ones in the block at (r, c)."""
    a, b, d, e = lab[r, c], lab[r, c + 1], lab[r + 1, c], lab[r + 1, c + 1]
    if min(a, b, d, e) < 0:
        return 0
    if a == b and d == e and a != d:
        return 1
    if a == d and b == e and a != b:
        return 2
    return 0


def flip(tiling, cell):
    """Turn the two parallel dominoes filling the 2x2 block whose top-left cell is `cell`.

    Parameters
    ----------
    tiling : Tiling
    cell : (int, int)
        The top-left cell ``(r, c)`` of the block ``(r..r+1, c..c+1)``.

    Returns
    -------
    Tiling
        A new tiling: two horizontal dominoes become two vertical ones or back. The
        height function changes only at the block's centre ``(r + 1, c + 1)``, by 4.

    Raises
    ------
    DominoTilingError
        If the block sticks out of the grid or is not filled by two parallel dominoes;
        :func:`flippable_squares` lists the blocks that are.

    See Also
    --------
    min_tiling, max_tiling, glauber

    Examples
    --------
    >>> from dominotiling import Tiling, max_tiling, min_tiling
    >>> t = min_tiling(Region.rectangle(2, 2))
    >>> flip(t, (0, 0)) == max_tiling(Region.rectangle(2, 2))
    True
    """
    _check_tiling(tiling)
    try:
        r, c = (int(v) for v in cell)
    except (TypeError, ValueError):
        raise DominoTilingError(f"cell must be a pair (row, col), got {cell!r}") from None
    rows, cols = tiling.region.shape
    if not (0 <= r < rows - 1 and 0 <= c < cols - 1):
        raise DominoTilingError(
            f"the 2x2 block with top-left cell {(r, c)} does not fit in the {rows}x{cols} grid"
        )
    lab = tiling.labels
    kind = _flip_kind(lab, r, c)
    if kind == 0:
        raise DominoTilingError(
            f"the 2x2 block with top-left cell {(r, c)} is not two parallel dominoes "
            f"(labels {lab[r : r + 2, c : c + 2].tolist()}); flippable_squares(tiling) lists the "
            "blocks that can be flipped"
        )
    out = np.array(lab)
    p, q = (lab[r, c], lab[r + 1, c]) if kind == 1 else (lab[r, c], lab[r, c + 1])
    out[r : r + 2, c : c + 2] = [[p, q], [p, q]] if kind == 1 else [[p, p], [q, q]]
    return Tiling(tiling.region, out, validate=False)


def flippable_squares(tiling):
    """Top-left cells of the 2x2 blocks filled by two parallel dominoes.

    Parameters
    ----------
    tiling : Tiling

    Returns
    -------
    numpy.ndarray of int, shape ``(k, 2)``
        The cells ``(r, c)`` in row-major order; each is a valid argument of :func:`flip`.

    Examples
    --------
    >>> from dominotiling import max_tiling
    >>> flippable_squares(max_tiling(Region.rectangle(2, 4))).tolist()
    [[0, 0], [0, 2]]
    """
    _check_tiling(tiling)
    lab = tiling.labels
    if min(lab.shape) < 2:
        return np.zeros((0, 2), dtype=np.intp)
    a, b, d, e = lab[:-1, :-1], lab[:-1, 1:], lab[1:, :-1], lab[1:, 1:]
    full = (a >= 0) & (b >= 0) & (d >= 0) & (e >= 0)
    horiz = (a == b) & (d == e) & (a != d)
    vert = (a == d) & (b == e) & (a != b)
    return np.argwhere(full & (horiz | vert))


def __getattr__(name):
    # min_tiling and max_tiling take flux= (the surfaces wing's sectors): their doors live in
    # the dispatch layer above (dominotiling.tasks.extremes); here they answer, the same objects
    if name in ("min_tiling", "max_tiling"):
        return getattr(importlib.import_module("dominotiling.tasks.extremes"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
