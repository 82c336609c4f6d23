"""Pictures of algorithms and of random tilings: certificates, paths, trees, Aztec views.

Like :mod:`dominotiling.viz.draw` (whose cell painter they use), every function
takes an optional ``ax=`` and returns the Axes, never calls ``plt.show()``, and
takes its colouring as ``color_by=``. Inside:

- :func:`draw_certificate` -- Hall's certificate of no tiling: ``S`` and ``N(S)``;
- :func:`draw_augmenting_path` -- a partial tiling with an augmenting path (Kuhn);
- :func:`draw_tree_on_tiling` -- Temperley's tiling with its spanning tree and dual tree;
- :func:`draw_aztec` -- an Aztec diamond in the four colours of its domino types;
- :func:`draw_dimers` -- the dimer view: each domino an edge between cell centres;
- :func:`draw_height_surface` -- Thurston's height function as a 3-D surface;
- :func:`draw_local_tilt` -- the slope of the height function, averaged over a
  window: frozen regions steep, liquid ones in between, a gas flat.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import sample_aztec
>>> ax = draw_aztec(sample_aztec(20, seed=1), circle=True)
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..aztec.arctic import arctic_circle
from ..aztec.sample import periodic_block_weights
from ..errors import DominoTilingError, DominoTypeError
from ..matching.height import UNDEFINED
from ..matching.matchings import hall_neighbourhood
from ..model.region import Region
from ..theory.aztec_curves import aztec_curves
from ..trees.temperley_grid import tiling_to_tree
from .draw import (
    _ORIENT,
    _OUTSIDE,
    _UNSET,
    DETAIL_PX,
    TYPE_COLORS,
    _aztec_order,
    _cell_px,
    _colormap,
    _frame_axes,
    _hide_deprecated,
    _new_axes,
    _picture_memory,
    _renamed,
    _tiling_rgb,
    draw_cells,
    draw_tiling,
    pixels_per_cell,
)

__all__ = [
    "draw_certificate",
    "draw_augmenting_path",
    "draw_tree_on_tiling",
    "draw_aztec",
    "draw_aztec_curves",
    "draw_dimers",
    "draw_height_surface",
    "draw_local_tilt",
    "AZTEC_COLORS",
]

#: Colours of the four Aztec domino types, in the order NORTH, SOUTH, EAST, WEST
#: (the same as :data:`~dominotiling.viz.draw.TYPE_COLORS`).
AZTEC_COLORS = TYPE_COLORS
_CIRCLE_COLOR = (0.05, 0.05, 0.05)


@_hide_deprecated
@keyword_only("ax", "circle", "color_by")
def draw_aztec(
    tiling, *, ax=None, circle=False, color_by="auto", weights=None, curves=False, scheme=_UNSET
):
    """Draw a tiling of an Aztec diamond so that its frozen, liquid and gas regions show.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of ``Region.aztec_diamond(n)``, e.g. ``sample_aztec(n)``
        or ``sample_aztec(n, weights=(1, 0.5))``.
    ax : matplotlib.axes.Axes, optional
    circle : bool
        Overlay the arctic circle (:func:`~dominotiling.aztec.shuffling.arctic_circle`), the
        limit shape of the frozen corners of uniform tilings.
    color_by : {"auto", "types", "phases", "orientation"}
        ``"types"``: the four colours :data:`AZTEC_COLORS` for north, south, east
        and west dominoes (:func:`~dominotiling.aztec.arctic.aztec_types`), so the four
        frozen brick walls show as four solid corners; ``"phases"``: the same
        four colours, dark for a domino in a heavy block of the periodic weights
        and pale in a light one (:mod:`dominotiling.viz.phases`), so that the gas
        of the two-periodic model shows as a dark region in the middle;
        ``"orientation"``: one colour for horizontal, one for vertical dominoes;
        ``"auto"`` (default): ``"phases"`` when the weights are periodic and not
        all equal, else ``"types"``. (Formerly ``scheme=``, still accepted with a
        ``DeprecationWarning``.)
    weights : None, (a, b), array (p, q) or array (p, q, 4), keyword-only
        The periodic block weights of the measure, in the forms
        :func:`~dominotiling.aztec.shuffling.sample_aztec` takes; by default those
        the sample was drawn from (an :class:`~dominotiling.aztec.sample.AztecSample`
        keeps them), uniform for any other tiling.
    curves : bool, keyword-only
        Overlay the limit shape's curves of these weights
        (:func:`~dominotiling.theory.aztec_curves.aztec_curves`): the liquid-frozen
        curves in black and the liquid-gas curves in cyan -- the circle for
        uniform weights, Chhita and Johansson's exact curve for the two-periodic
        model, the numerical limit shape's curves for other positive periodic
        weights (a few seconds the first time for a weighting, then kept).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling.
    DominoTilingError
        If the tiling is not a complete tiling of an Aztec diamond, `color_by`
        is unknown, or `curves` is asked of weights that are not periodic or
        not positive (the message says which).

    See Also
    --------
    draw_tiling, arctic_circle, sample_aztec, aztec_curves, draw_local_tilt

    Notes
    -----
    One image of cells, averaged down when cells are smaller than a pixel, and
    domino outlines only when a cell is at least
    :data:`~dominotiling.viz.draw.DETAIL_PX` pixels wide (see
    :mod:`dominotiling.viz.draw`): order 1000 (two million dominoes) draws in
    well under a second. ``draw_tiling(tiling)`` gives the same colours when
    the cells are small; this function also offers the curves.

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> ax = draw_aztec(sample_aztec(8, seed=1), circle=True)
    >>> len(ax.lines)
    1
    >>> ax = draw_aztec(sample_aztec(60, seed=1, weights=(1, 0.5)), curves=True)
    >>> len(ax.lines)                       # the arctic curve and the gas curve
    2
    """
    from .raster import held_as_planes

    color_by = _renamed(color_by, scheme, "color_by", "scheme", "auto", "draw_aztec")
    planes = held_as_planes(tiling)
    if not planes:  # a plane Aztec sample by construction: its region is not made
        _validate.tiling(tiling)
    _validate.choice(color_by, "color_by", ("auto", "types", "phases", "orientation"))
    circle = _validate.boolean(circle, "circle")
    curves = _validate.boolean(curves, "curves")
    # a shuffling sample is one by construction (and its region is not made unless asked for)
    n = tiling.order if planes else _aztec_order(tiling.region)
    if not n:
        raise DominoTilingError(
            f"the tiling's region (shape {tiling.region.shape}) is not an Aztec diamond; draw_aztec "
            "needs a tiling of Region.aztec_diamond(n), e.g. sample_aztec(n) (draw_tiling draws any tiling)"
        )
    if not tiling.is_complete:
        raise DominoTilingError(
            f"the tiling leaves {tiling.n_uncovered} cell(s) uncovered; draw_aztec colours the "
            "domino types of a complete tiling (draw_tiling draws partial ones)"
        )
    block = _aztec_block_weights(tiling, weights, curves)
    if color_by == "auto":
        color_by = "phases" if block is not None else "types"
    shape = (2 * n, 2 * n)
    ax = _new_axes(shape, ax)
    px = pixels_per_cell(ax, shape)
    if held_as_planes(tiling, large=True) and px < DETAIL_PX:
        _raster_from_planes(ax, tiling, color_by, block, px)  # no labels: a band at a time
    else:
        labels = tiling.labels
        _picture_memory(labels.shape, "an Aztec diamond")
        parity = (n + 1) % 2
        draw_cells(
            _tiling_rgb(tiling, color_by, None, parity=parity, block_weights=block), labels, ax=ax
        )
    lw = float(np.clip(_cell_px(ax, shape) * n / 60, 0.8, 2.5))
    if circle:
        x, y = arctic_circle(n, num=400)
        ax.plot(x, y, color=_CIRCLE_COLOR, linewidth=lw, zorder=3)
    if curves:
        draw_aztec_curves(n, block, ax=ax, linewidth=lw)
    return ax


def _raster_from_planes(ax, sample, color_by, block, px):
    """A shuffling sample's cells as one image read from its bit planes, about a pixel of `ax` a pixel."""
    from .raster import tiling_raster

    side = 2 * sample.order
    width = max(1, math.ceil(side * px))
    img = tiling_raster(sample, color_by=color_by, width=width, block_weights=block)
    k = math.ceil(side / width)  # cells a pixel, as tiling_raster averages them
    span = side if k == 1 else math.ceil(side / k) * k
    ax.imshow(img, extent=(0, span, span, 0), interpolation="antialiased")
    _frame_axes(ax, (side, side))


def _aztec_block_weights(tiling, weights, curves=False):
    """The periodic block weights of a drawing (given, or the sample's), None when uniform."""

    if weights is not None:
        return periodic_block_weights(weights, tiling.region.shape[0] // 2)
    if getattr(tiling, "is_periodic_weighted", False):
        return np.asarray(tiling.block_weights)
    if curves and getattr(tiling, "weights_label", "uniform") == "any weights":
        raise DominoTilingError(
            "this sample was drawn with a Weights of one weight per position, which has no "
            "predicted curves here; pass the periodic block weights (weights=(a, b), or a (p, q, 4) "
            "array) if it has them"
        )
    return None


def draw_aztec_curves(n, weights=None, ax=None, *, linewidth=1.5):
    """Draw the predicted arctic (black) and gas (cyan) curves of the Aztec diamond of order `n`.

    Parameters
    ----------
    n : int
        The order.
    weights : None, (a, b), array (p, q) or array (p, q, 4)
        Positive periodic block weights (:func:`~dominotiling.theory.aztec_curves.aztec_curves`).
    ax : matplotlib.axes.Axes, optional
        By default a new figure's, framed to the diamond.
    linewidth : float, keyword-only

    Returns
    -------
    matplotlib.axes.Axes
        With one line per curve: the arctic curves first, then the gas curves.

    Examples
    --------
    >>> ax = draw_aztec_curves(50, (1, 0.5))
    >>> len(ax.lines)
    2
    """
    from .limit_shape import ARCTIC_COLOR, GAS_COLOR

    arctic, gas = aztec_curves(n, weights)
    if ax is None:
        ax = _new_axes((2 * n, 2 * n), None)
        _frame_axes(ax, (2 * n, 2 * n))
    for color, lines in ((ARCTIC_COLOR, arctic), (GAS_COLOR, gas)):
        for c in lines:
            ax.plot(c[:, 0], c[:, 1], color=color, linewidth=linewidth, zorder=3)
    return ax


def _domino_pairs(labels):
    """``(k, 2, 2)`` float array: the ``(row, col)`` of both cells of each domino, by id."""
    lab = labels
    out = np.empty((max(int(lab.max(initial=-1)) + 1, 0), 2, 2))
    for a, b, dr, dc in ((lab[:, :-1], lab[:, 1:], 0, 1), (lab[:-1, :], lab[1:, :], 1, 0)):
        r, c = np.nonzero((a == b) & (a >= 0))
        ids = a[r, c]
        out[ids, 0, 0], out[ids, 0, 1] = r, c
        out[ids, 1, 0], out[ids, 1, 1] = r + dr, c + dc
    return out


@_hide_deprecated
def draw_dimers(tiling, ax=None, color_by="orientation", *, color=_UNSET):
    """The dimer view: each domino as an edge between the centres of its two cells.

    A domino tiling is a perfect matching of the grid graph whose vertices are
    the cells; this draws the matching over faint dots at the cell centres.

    Parameters
    ----------
    tiling : Tiling
        A (partial) tiling; uncovered cells are dots with no edge.
    ax : matplotlib.axes.Axes, optional
    color_by : "orientation" or a matplotlib colour
        ``"orientation"``: horizontal and vertical edges in two colours; else every
        edge in this colour. (Formerly ``color=``, still accepted with a
        ``DeprecationWarning``.)

    Returns
    -------
    matplotlib.axes.Axes
        The edges are its last collection, one segment per domino.

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling.
    DominoTilingError
        If `color_by` is neither ``"orientation"`` nor a colour.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> ax = draw_dimers(find_tiling(Region.rectangle(2, 3)))
    >>> len(ax.collections[-1].get_segments())
    3
    """
    from matplotlib.collections import LineCollection
    from matplotlib.colors import to_rgba

    color_by = _renamed(color_by, color, "color_by", "color", "orientation", "draw_dimers")
    _validate.tiling(tiling)
    if isinstance(color_by, str) and color_by == "orientation":
        colors = _ORIENT[tiling.orientations()] * 0.8
    else:
        try:
            colors = to_rgba(color_by)
        except (ValueError, TypeError):
            raise DominoTilingError(
                f"color_by must be 'orientation' or a matplotlib colour such as 'black', got {color_by!r}"
            ) from None
    labels = tiling.labels
    rows, cols = labels.shape
    ax = _new_axes(labels.shape, ax)
    px = _cell_px(ax, labels.shape)
    r, c = np.nonzero(labels != -1)
    ax.scatter(
        c + 0.5,
        r + 0.5,
        s=float(np.clip(px / 4, 0.05, 3.0)) ** 2,
        color="0.6",
        linewidths=0,
        zorder=1,
    )
    pairs = _domino_pairs(labels)
    segs = pairs[:, :, ::-1] + 0.5  # (row, col) -> (x, y) at the cell centres
    lw = float(np.clip(px / 5, 0.3, 4.0))
    ax.add_collection(
        LineCollection(segs, colors=colors, linewidths=lw, capstyle="round", zorder=2)
    )
    _frame_axes(ax, labels.shape)
    return ax


def draw_height_surface(tiling, ax=None, cmap="viridis", max_quads=40):
    """Thurston's height function of a tiling as a 3-D surface over the region.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of a region without holes.
    ax : mpl_toolkits.mplot3d.axes3d.Axes3D, optional
        A 3-D Axes (``fig.add_subplot(projection="3d")``); a new figure by default.
    cmap : str
        Colormap of the heights.
    max_quads : int
        At most this many quadrilaterals along each side: larger boards are sampled
        every ``s``-th vertex, ``s`` even (see Notes).

    Returns
    -------
    mpl_toolkits.mplot3d.axes3d.Axes3D
        Its last collection is the surface; ``get_array()`` holds the mean height
        of each quadrilateral's four corners.

    Raises
    ------
    DominoTilingError
        If the tiling is not complete or its region has holes
        (see :func:`~dominotiling.matching.height.height_function`).
    DominoTypeError
        If `tiling` is not a Tiling, or `ax` is not a 3-D Axes (also a ``ValueError``).

    Notes
    -----
    Vertex ``(i, j)`` (top-left corner of cell ``(i, j)``) is drawn at
    ``x = j``, ``y = rows - i`` (so the picture is not mirrored), ``z = h(i, j)``;
    with stride ``s`` a quadrilateral joins ``(i, j)``, ``(i, j+s)``,
    ``(i+s, j+s)``, ``(i+s, j)`` when all four are corners of region cells
    (:data:`~dominotiling.matching.height.UNDEFINED` vertices are left out). Heights are
    congruent mod 4 to a fixed pattern of period 2 in each direction, so an even
    stride samples one residue class and the surface is smooth, not jagged.
    One quadrilateral per region cell when ``s = 1``.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> ax = draw_height_surface(find_tiling(Region.rectangle(2, 2)))
    >>> len(ax.collections[-1].get_array())
    4
    """

    _validate.tiling(tiling)
    max_quads = _validate.positive_int(max_quads, "max_quads")
    cmap = _colormap(cmap)
    h = tiling.height_function()
    rows, cols = tiling.labels.shape
    if ax is None:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6, 5))
        ax = fig.add_subplot(projection="3d")
    elif getattr(ax, "name", None) != "3d":
        raise DominoTypeError(
            "draw_height_surface needs a 3-D Axes: create it with fig.add_subplot(projection='3d')"
        )
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    side = max(rows, cols)
    s = 1 if side <= max_quads else 2 * int(np.ceil(side / (2 * max_quads)))
    defined = h != UNDEFINED
    i, j = np.meshgrid(np.arange(0, rows - s + 1, s), np.arange(0, cols - s + 1, s), indexing="ij")
    i, j = i.ravel(), j.ravel()
    corners = [(i, j), (i, j + s), (i + s, j + s), (i + s, j)]
    keep = np.logical_and.reduce([defined[a, b] for a, b in corners])
    if (
        s == 1
    ):  # exactly the region's cells (a vertex ring around a hole cell is never complete here)
        keep &= tiling.region.mask[np.minimum(i, rows - 1), np.minimum(j, cols - 1)]
    quads = np.stack(
        [np.stack([b[keep], rows - a[keep], h[a[keep], b[keep]]], 1) for a, b in corners], 1
    ).astype(float)
    poly = Poly3DCollection(quads, cmap=cmap, edgecolors="none", linewidths=0)
    poly.set_array(quads[:, :, 2].mean(axis=1))
    ax.add_collection3d(poly)
    z = h[defined]
    ax.set_xlim(0, cols)
    ax.set_ylim(0, rows)
    ax.set_zlim(float(z.min()) - 1, float(z.max()) + 1)
    ax.set_box_aspect((cols, rows, 0.5 * max(rows, cols)))
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    ax.set_zlabel("height")
    return ax


def draw_local_tilt(tiling, window=None, ax=None, cmap="magma", colorbar=True):
    """The local tilt of a tiling's height function: where it is frozen, liquid or a gas.

    Thurston's height function is averaged over ``window x window`` squares and
    the length of its gradient drawn as a heat map. Frozen brick walls have the
    largest tilt, the disordered (liquid) region less, and a *gas* region --
    the middle of a two-periodic Aztec diamond (Chhita and Johansson [1]_) --
    none: its height function is flat, though its dominoes look as disordered
    as the liquid's. This is how the gas shows.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of a region without holes, e.g.
        ``sample_aztec(200, weights=(1, 0.5))``.
    window : int, optional
        Side of the averaging square, in cells; by default a fiftieth of the
        longer side, at least 4.
    ax : matplotlib.axes.Axes, optional
    cmap : str
        Colormap of the tilt (dark: flat).
    colorbar : bool
        Add a colour bar.

    Returns
    -------
    matplotlib.axes.Axes
        Its image holds the tilt per lattice vertex (NaN near and outside the
        boundary, where the window would reach past the region).

    Raises
    ------
    DominoTilingError
        If the tiling is not complete or its region has holes (no height
        function), or `window` is below 2.
    DominoTypeError
        If `tiling` is not a Tiling.

    References
    ----------
    .. [1] S. Chhita and K. Johansson, "Domino statistics of the two-periodic
       Aztec diamond", Adv. Math. 294 (2016).

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> ax = draw_local_tilt(sample_aztec(40, seed=7, weights=(1.0, 0.5)), colorbar=False)
    >>> ax.images[0].get_array().shape
    (81, 81)
    """
    from scipy import ndimage

    _validate.tiling(tiling)
    colorbar = _validate.boolean(colorbar, "colorbar")
    cmap = _colormap(cmap)
    rows, cols = tiling.labels.shape
    _picture_memory((rows + 1, cols + 1), "the height function")
    if window is None:
        window = max(4, int(round(max(rows, cols) / 50)))
    window = _validate.integer(window, "window", minimum=2)
    h = tiling.height_function()  # checks: complete, no holes
    defined = h != UNDEFINED
    smooth = ndimage.uniform_filter(np.where(defined, h, 0).astype(float), window)
    tilt = np.hypot(*np.gradient(smooth))
    # the window reaches window/2 past a vertex: hide the band where it would average in outside zeros
    inside = ndimage.binary_erosion(
        defined, structure=np.ones((3, 3), bool), iterations=window // 2 + 2
    )
    tilt[~inside] = np.nan
    shown = tilt[np.isfinite(tilt)]
    top = float(np.percentile(shown, 99.5)) if shown.size else 1.0
    ax = _new_axes((rows, cols), ax)
    image = ax.imshow(
        np.ma.masked_invalid(tilt),
        extent=(-0.5, cols + 0.5, rows + 0.5, -0.5),
        cmap=cmap.with_extremes(bad="white"),
        interpolation="nearest",
        vmin=0.0,
        vmax=max(top, 1e-9),
    )
    if colorbar:
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="local tilt of the height")
    _frame_axes(ax, (rows, cols))
    return ax


# ------------------------------------------------------------ matching pictures
_CERT_S = (0.85, 0.25, 0.20)
_CERT_N = (0.25, 0.45, 0.85)
_CERT_PALE = ((0.93, 0.91, 0.87), (0.98, 0.97, 0.95))  # black, white cells elsewhere


def _member_mask(region, cells):
    """Boolean mask of the set `cells` (pairs or a Region of the region's shape)."""

    if isinstance(cells, Region):
        if cells.shape != region.shape or (cells.mask & ~region.mask).any():
            raise DominoTilingError(
                "cells given as a Region must have the region's shape and lie inside it"
            )
        return np.asarray(cells.mask, dtype=bool).copy()
    members = np.zeros(region.shape, bool)
    for i, cell in enumerate(cells):
        r, c = _validate.cell(cell, f"cells[{i}]", region)
        members[r, c] = True
    return members


@keyword_only("ax")
def draw_certificate(region, cells, *, ax=None):
    """Draw a Hall certificate: a set ``S`` of cells and its neighbourhood ``N(S)``.

    Parameters
    ----------
    region : Region
    cells : iterable of (int, int) or Region
        The set ``S``, typically :func:`~dominotiling.matching.matchings.hall_violator`'s answer.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `region` is not a Region.
    DominoTilingError
        If a cell of `cells` is not a cell of `region`.

    See Also
    --------
    hall_violator, draw_region

    Notes
    -----
    ``S`` is painted red, ``N(S)`` (the region cells sharing a side with a cell of
    ``S``, :func:`~dominotiling.matching.matchings.hall_neighbourhood`) blue, the other
    cells pale in checkerboard shades; ``S`` and ``N(S)`` are outlined as blocks.
    The title states ``|S|`` and ``|N(S)|``: when ``|N(S)| < |S|`` no tiling can
    cover ``S``, since each domino covering a cell of ``S`` also covers a cell of
    ``N(S)``.

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.matching.matchings import hall_violator
    >>> r = Region.from_strings(["...####", "....###", "......#", "#.#....",
    ...                          "#......", "##.....", "###...#"])
    >>> ax = draw_certificate(r, hall_violator(r))
    >>> ax.get_title()
    '|S| = 6 black cells, |N(S)| = 5 neighbours: no tiling'
    """
    from matplotlib.patches import Patch

    _validate.region(region)
    if not isinstance(cells, Region):
        if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
            raise DominoTypeError(
                f"cells must be an iterable of (row, col) pairs or a Region, got {type(cells).__name__}"
            )
        cells = list(cells)
    members = _member_mask(region, cells)  # checks that the cells lie in the region
    near = np.zeros(region.shape, bool)
    for r, c in hall_neighbourhood(region, cells):
        near[r, c] = True
    mask = region.mask
    colors = region.colors()
    rgb = np.empty(mask.shape + (3,))
    rgb[...] = _OUTSIDE
    rgb[mask & (colors == 0)] = _CERT_PALE[0]
    rgb[mask & (colors == 1)] = _CERT_PALE[1]
    rgb[near] = _CERT_N
    rgb[members] = _CERT_S
    labels = np.where(mask, 0, -1)
    labels[near] = 1
    labels[members] = 2
    ax = draw_cells(rgb, labels, ax=ax, grid=True)
    n_s, n_n = int(members.sum()), int(near.sum())
    shades = {int(v) for v in colors[members]}
    colour = {0: "black", 1: "white"}[shades.pop()] + " cells" if len(shades) == 1 else "cells"
    verdict = ": no tiling" if n_n < n_s else ""
    ax.set_title(f"|S| = {n_s} {colour}, |N(S)| = {n_n} neighbours{verdict}")
    ax.legend(
        handles=[
            Patch(color=_CERT_S, label=f"S ({n_s})"),
            Patch(color=_CERT_N, label=f"N(S) ({n_n})"),
        ],
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=2,
        frameon=False,  # below: never clipped at the side
    )
    return ax


def _cell_path(path, name="path"):
    """`path` as a ``(k, 2)`` int array of cells."""
    arr = np.asarray(path) if not isinstance(path, np.ndarray) else path
    if arr.size == 0:
        return np.zeros((0, 2), np.int64)
    arr = _validate.array(arr, name, kinds="iu")
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise DominoTilingError(
            f"{name} must be a (k, 2) array of cells (row, col), got shape {arr.shape}"
        )
    return arr


def draw_augmenting_path(tiling, path, ax=None):
    """Draw a partial tiling with an augmenting path over it (a Kuhn step).

    Parameters
    ----------
    tiling : Tiling
        Usually a Kuhn frame's ``before``.
    path : array_like, shape (k, 2)
        The alternating chain of cells, e.g. a :class:`~dominotiling.matching.matchings.KuhnFrame`'s
        ``path``: drawn as a line through the cell centres, its start (a dot)
        and end (a square) marked.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling.
    DominoTilingError
        If `path` is not a ``(k, 2)`` array of cells.

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.matching.matchings import kuhn_frames
    >>> f = kuhn_frames(Region.rectangle(2, 3), seed=1)[-1]
    >>> ax = draw_augmenting_path(f.before, f.path)
    >>> len(ax.lines)
    3
    """
    _validate.tiling(tiling)
    cells = _cell_path(path).astype(float)
    ax = draw_tiling(tiling, ax=ax)
    if not len(cells):
        return ax
    lw = float(np.clip(_cell_px(ax, tiling.labels.shape) / 6, 0.8, 4.0))
    x, y = cells[:, 1] + 0.5, cells[:, 0] + 0.5
    ax.plot(x, y, color=(0.1, 0.1, 0.1), linewidth=lw, solid_capstyle="round", zorder=3)
    ax.plot(x[:1], y[:1], "o", color=(0.8, 0.0, 0.0), markersize=2.5 * lw, zorder=4)
    ax.plot(x[-1:], y[-1:], "s", color=(0.8, 0.0, 0.0), markersize=2.5 * lw, zorder=4)
    return ax


# ---------------------------------------------------------- Temperley's trees
_KIND_COLORS = (3, 2)  # palette entries (draw.PALETTE) of vertex and face dominoes


def _tree_pairs(tree, m, n):
    """``(k, 2, 2)`` grid vertices ``(i, j)`` joined by the edges of `tree` (a graph or parent array)."""
    import networkx as nx

    if isinstance(tree, nx.Graph):
        try:
            pairs = np.array([(u, v) for u, v in tree.edges], dtype=np.int64).reshape(-1, 2, 2)
        except (ValueError, TypeError):
            raise DominoTilingError(
                "the tree's nodes must be grid vertices (i, j), as in nx.grid_2d_graph"
            ) from None
    else:
        parent = _validate.array(tree, "tree", kinds="iu").ravel()
        if parent.size != m * n:
            raise DominoTilingError(
                f"a parent array of the {m} x {n} grid has {m * n} entries, got {parent.size}"
            )
        if (parent >= m * n).any():
            raise DominoTilingError(f"parent entries must be vertex indices below {m * n}")
        kids = np.flatnonzero(parent >= 0)
        pairs = np.stack(
            [np.stack(np.divmod(kids, n), 1), np.stack(np.divmod(parent[kids], n), 1)], 1
        )
    if len(pairs) and (
        (pairs < 0).any() or (pairs[..., 0] >= m).any() or (pairs[..., 1] >= n).any()
    ):
        raise DominoTilingError(f"the tree has a vertex outside the {m} x {n} grid")
    return pairs


def _centres(a, b):
    """Line segments between the centres of cells ``a[k]`` and ``b[k]`` (row, col), as (x, y)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return np.stack([a[:, ::-1] + 0.5, b[:, ::-1] + 0.5], 1).reshape(-1, 2, 2)


def draw_tree_on_tiling(tiling, tree=None, ax=None, dual=True, color_by="kind"):
    """Draw a Temperley tiling with its spanning tree (and dual tree) on top.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of :func:`~dominotiling.trees.temperley_grid.temperley_region` ``(m, n)``.
    tree : networkx.Graph or array_like, optional
        The tree to draw (as in :func:`~dominotiling.trees.temperley_grid.tree_to_tiling`):
        a graph on the grid vertices ``(i, j)`` or a parent array of length
        ``m * n``; by default the tiling's own.
    ax : matplotlib.axes.Axes, optional
    dual : bool, default True
        Also draw the dual tree (red): each face cell joined across its edge cell
        to the next face, or off the board for the outer face.
    color_by : "kind" or anything :func:`~dominotiling.viz.draw.draw_tiling` takes
        ``"kind"``: vertex dominoes blue, face dominoes orange.

    Returns
    -------
    matplotlib.axes.Axes
        Its last two line collections are the tree and (with `dual`) the dual tree.

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling.
    DominoTilingError
        If the tiling is not a complete tiling of a Temperley board, or `tree`
        is not a tree on the grid's vertices.

    Notes
    -----
    Tree edges join the centres of vertex cells ``(2i, 2j)``, passing over the
    edge cells; the root ``(0, 0)`` (the missing corner) is a black dot. A
    domino's *node* is its black cell, a vertex ``(2i, 2j)`` or a face
    ``(2i+1, 2j+1)``; its other cell is the edge towards the node's parent.

    Examples
    --------
    >>> import matplotlib; matplotlib.use("Agg")
    >>> from dominotiling import find_tiling
    >>> from dominotiling.trees.temperley_grid import temperley_region
    >>> ax = draw_tree_on_tiling(find_tiling(temperley_region(3, 4)))
    >>> len(ax.collections)      # outlines, tree, dual tree
    3
    """
    from matplotlib.collections import LineCollection

    _validate.tiling(tiling)
    dual = _validate.boolean(dual, "dual")
    tiling_to_tree(
        tiling, as_parent=True
    )  # checks that it is a complete tiling of a Temperley board
    rows, cols = tiling.region.shape
    m, n = (rows + 1) // 2, (cols + 1) // 2
    d = tiling.dominoes.astype(np.int64)
    first_black = (d[:, 0].sum(axis=1) % 2) == 0
    node = np.where(first_black[:, None], d[:, 0], d[:, 1])  # the black cell: a vertex or a face
    edge = np.where(first_black[:, None], d[:, 1], d[:, 0])
    vert = (node[:, 0] % 2) == 0
    if isinstance(color_by, str) and color_by == "kind":
        color_by = np.where(vert, _KIND_COLORS[0], _KIND_COLORS[1])
    ax = draw_tiling(tiling, ax=ax, color_by=color_by)
    if tree is None:
        a, b = node[vert], 2 * edge[vert] - node[vert]
    else:
        pairs = _tree_pairs(tree, m, n)
        a, b = 2 * pairs[:, 0], 2 * pairs[:, 1]
    lw = float(np.clip(_cell_px(ax, (rows, cols)) / 5, 0.3, 4.0))
    ax.add_collection(
        LineCollection(_centres(a, b), colors="#1a1a1a", linewidths=lw, capstyle="round")
    )
    if dual:
        f, e = node[~vert], edge[~vert]
        ax.add_collection(
            LineCollection(
                _centres(f, 2 * e - f), colors="#c62828", linewidths=lw * 0.6, capstyle="round"
            )
        )
    ax.plot([0.5], [0.5], "o", color="black", markersize=max(2.0, 1.2 * lw))
    return ax
