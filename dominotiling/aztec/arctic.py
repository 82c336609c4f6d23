"""The arctic circle of Aztec diamond tilings: domino types, frozen corners, the circle.

A uniform tiling of a large Aztec diamond is frozen into four brick walls at
the corners, outside the inscribed circle, and disordered inside it (the arctic
circle theorem [1]_). :func:`aztec_types` splits the dominoes into the four
kinds (north, south, east, west) of those walls; :func:`frozen_mask` and
:func:`temperate_fraction` measure the frozen region; :func:`arctic_circle`
draws the limiting circle. The tilings come from
:func:`~dominotiling.aztec.shuffling.sample_aztec`; these names are also importable from
:mod:`dominotiling.aztec.shuffling`.

Examples
--------
>>> t = sample_aztec(20, seed=1)
>>> aztec_types(t)[:3].tolist()  # the top corner is frozen: north dominoes
[0, 0, 0]
>>> 0.5 < temperate_fraction(t) < 1
True

References
----------
.. [1] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
   circle theorem", arXiv:math/9801068 (1998).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import keyword_only
from ..errors import DominoTilingError
from ..model.region import Region  # used by the docstring examples  # noqa: F401 -- used by the docstring examples
from ..model.tiling import Tiling  # noqa: F401 -- used by the docstring examples
from .shuffling import _aztec_region, sample_aztec  # sample_aztec: the examples  # noqa: F401 -- used by the docstring examples

__all__ = [
    "aztec_types",
    "frozen_mask",
    "temperate_fraction",
    "arctic_circle",
    "NORTH",
    "SOUTH",
    "EAST",
    "WEST",
    "TYPE_NAMES",
]

#: Domino types returned by :func:`aztec_types`.
NORTH, SOUTH, EAST, WEST = 0, 1, 2, 3
TYPE_NAMES = ("north", "south", "east", "west")


def _order_of(tiling):
    _validate.tiling(tiling)
    rows, cols = tiling.region.shape
    n = rows // 2
    if rows != cols or rows % 2 or n == 0 or tiling.region != _aztec_region(n):
        raise DominoTilingError(
            f"the tiling's region (shape {tiling.region.shape}) is not an Aztec diamond; "
            "these functions need a tiling of Region.aztec_diamond(n), e.g. sample_aztec(n)"
        )
    if not tiling.is_complete:
        raise DominoTilingError(
            f"the tiling leaves {tiling.n_uncovered} cell(s) uncovered; domino types need a complete tiling"
        )
    return n


def _cell_types(tiling, n):
    """``int8`` array of the type of the domino covering each cell (-1 outside)."""
    lab = tiling.labels
    parity = (np.arange(2 * n) % 2).astype(bool)
    odd = (
        parity[:, None] ^ parity[None, :] ^ bool(n % 2)
    )  # r + c + n odd: the top row's left colour
    types = np.full(lab.shape, -1, np.int8)
    first_h = np.zeros(lab.shape, bool)
    first_h[:, :-1] = (lab[:, :-1] == lab[:, 1:]) & (lab[:, :-1] >= 0)
    first_v = np.zeros(lab.shape, bool)
    first_v[:-1, :] = (lab[:-1, :] == lab[1:, :]) & (lab[:-1, :] >= 0)
    for first, shift, yes, no in ((first_h, (0, 1), NORTH, SOUTH), (first_v, (1, 0), WEST, EAST)):
        t = np.where(odd, np.int8(yes), np.int8(no))
        types[first] = t[first]
        second = np.zeros(lab.shape, bool)
        second[shift[0] :, shift[1] :] = first[: lab.shape[0] - shift[0], : lab.shape[1] - shift[1]]
        src = np.zeros(lab.shape, np.int8)
        src[shift[0] :, shift[1] :] = t[: lab.shape[0] - shift[0], : lab.shape[1] - shift[1]]
        types[second] = src[second]
    return types


def aztec_types(tiling):
    """The type of each domino of a tiling of an Aztec diamond: north, south, east or west.

    Colour the diamond of order ``n`` as a checkerboard and call *odd* the colour
    of the leftmost cell of its top row: the cells ``(r, c)`` with ``r + c + n``
    odd (the library's black cells, ``(r + c) % 2 == 0``, when ``n`` is odd). A
    horizontal domino is NORTH (0) when its left cell is odd, SOUTH (1) otherwise;
    a vertical domino is WEST (3) when its top cell is odd, EAST (2) otherwise.
    These are the directions in which shuffling slides them, and the types of the
    frozen brick walls in the top, bottom, right and left corners.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of ``Region.aztec_diamond(n)``.

    Returns
    -------
    numpy.ndarray of int8, shape ``(tiling.n_dominoes,)``
        Values ``NORTH=0, SOUTH=1, EAST=2, WEST=3`` (names in ``TYPE_NAMES``);
        pass to ``draw_tiling(tiling, color_by=...)`` for the classical picture.

    Raises
    ------
    DominoTilingError
        If the region is not an Aztec diamond or the tiling is not complete.

    See Also
    --------
    arctic_circle, sample_aztec, draw_aztec

    Examples
    --------
    >>> from dominotiling import Tiling
    >>> r = Region.aztec_diamond(1)
    >>> aztec_types(Tiling.from_dominoes(r, [((0, 0), (0, 1)), ((1, 0), (1, 1))])).tolist()
    [0, 1]
    >>> aztec_types(Tiling.from_dominoes(r, [((0, 0), (1, 0)), ((0, 1), (1, 1))])).tolist()
    [3, 2]
    """
    n = _order_of(tiling)
    types = _cell_types(tiling, n)
    out = np.empty(tiling.n_dominoes, np.int8)
    inside = tiling.labels >= 0
    out[tiling.labels[inside]] = types[inside]
    return out


def frozen_mask(tiling):
    """Cells of the four frozen brick walls: those joined to a corner through its own type.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of ``Region.aztec_diamond(n)``.

    Returns
    -------
    numpy.ndarray of bool, shape ``(2n, 2n)``
        True on the cells reachable from the top (bottom, left, right) corner by
        steps between side-neighbouring cells that are all covered by NORTH
        (SOUTH, WEST, EAST) dominoes -- a flood fill from each corner.

    Notes
    -----
    The arctic circle theorem [1]_: for a uniform tiling, outside the inscribed
    circle the four corners are frozen with probability tending to 1, so the frozen
    share of the area tends to ``1 - pi/4`` (see :func:`temperate_fraction`).

    References
    ----------
    .. [1] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
       circle theorem", arXiv:math/9801068 (1998).

    Examples
    --------
    >>> m = frozen_mask(sample_aztec(10, seed=3))
    >>> bool(m[0, 9] and m[19, 9] and m[9, 0] and m[9, 19])
    True
    """
    from scipy import ndimage

    n = _order_of(tiling)
    types = _cell_types(tiling, n)
    out = np.zeros(types.shape, bool)
    last = 2 * n - 1
    corners = (
        ((0, n - 1), NORTH),
        ((last, n - 1), SOUTH),
        ((n - 1, 0), WEST),
        ((n - 1, last), EAST),
    )
    for (r, c), kind in corners:
        if types[r, c] != kind:
            continue
        comp, _ = ndimage.label(types == kind)
        out |= comp == comp[r, c]
    return out


def temperate_fraction(tiling):
    """Share of the diamond's cells outside the frozen corners: ``1 - frozen / cells``.

    Tends to ``pi / 4`` for uniform tilings as ``n`` grows (the disc inside the
    arctic circle), from below: the flood fill of :func:`frozen_mask` also takes
    in the corner-type dominoes that touch the frozen walls from inside, a
    boundary layer of width about ``n**(1/3)``, so the deficit shrinks like
    ``n**(-2/3)`` (measured: 9 % of ``pi/4`` at ``n = 100``, 4.5 % at 300, 2 % at
    1000).

    Examples
    --------
    >>> f = temperate_fraction(sample_aztec(1000, seed=0))
    >>> bool(abs(f - math.pi / 4) < 0.03)
    True
    """
    frozen = frozen_mask(tiling)
    return 1.0 - float(frozen.sum()) / tiling.region.n_cells


@keyword_only("num")
def arctic_circle(n, *, num=200):
    """The arctic circle of order `n`, as points to overlay on a picture of the diamond.

    Parameters
    ----------
    n : int
        The order of the diamond.
    num : int
        Number of points (the first and last coincide).

    Returns
    -------
    (x, y) : two numpy.ndarray of float
        In the drawing's coordinates, where cell ``(r, c)`` is the square
        ``[c, c + 1] x [r, r + 1]``: the circle of centre ``(n, n)`` and radius
        ``n / sqrt(2)``, inscribed in the diamond. Plot with ``ax.plot(x, y)``.

    See Also
    --------
    sample_aztec, aztec_types, draw_aztec

    Examples
    --------
    >>> x, y = arctic_circle(10, num=5)
    >>> [round(float(v), 3) for v in x]
    [17.071, 10.0, 2.929, 10.0, 17.071]
    """
    n = _validate.positive_int(n, "n (the order of the diamond)")
    num = _validate.integer(num, "num", minimum=2)
    check_memory(3 * 8 * num, f"{num} points of the circle")
    t = np.linspace(0.0, 2.0 * math.pi, int(num))
    radius = n / math.sqrt(2.0)
    return n + radius * np.cos(t), n + radius * np.sin(t)
