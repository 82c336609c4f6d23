"""Views of random tilings: Aztec domino types, the dimer view, the height surface.

Like :mod:`dominotiling.viz.draw` (whose cell painter they use), every function
takes an optional ``ax=`` and returns the Axes, and never calls ``plt.show()``.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import sample_aztec
>>> ax = draw_aztec(sample_aztec(20, seed=1), circle=True)
"""

from __future__ import annotations

import numpy as np

from .draw import _ORIENT, _OUTSIDE, _cell_px, _new_axes, draw_cells

__all__ = ["draw_aztec", "draw_dimers", "draw_height_surface", "AZTEC_COLORS"]

#: Colours of the four Aztec domino types, in the order NORTH, SOUTH, EAST, WEST.
AZTEC_COLORS = np.array(
    [(0.851, 0.263, 0.208), (0.231, 0.447, 0.800), (0.953, 0.757, 0.220), (0.306, 0.651, 0.310)]
)
_CIRCLE_COLOR = (0.05, 0.05, 0.05)

def _outline_labels(labels, px):
    """Labels to outline: every domino when cells are big enough to see it, else the region."""
    return labels if px >= 3 else np.where(labels == -1, -1, 0)


def draw_aztec(tiling, ax=None, circle=False, scheme="types"):
    """Draw a tiling of an Aztec diamond in the classical colours: one per domino type.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of ``Region.aztec_diamond(n)``, e.g. ``sample_aztec(n)``.
    ax : matplotlib.axes.Axes, optional
    circle : bool
        Overlay the arctic circle (:func:`~dominotiling.aztec.arctic_circle`), the
        limit shape of the frozen corners of uniform tilings.
    scheme : {"types", "orientation"}
        ``"types"``: the four colours :data:`AZTEC_COLORS` for north, south, east
        and west dominoes (:func:`~dominotiling.aztec.aztec_types`), so the four
        frozen brick walls show as four solid corners; ``"orientation"``: one
        colour for horizontal, one for vertical dominoes.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTilingError
        If the tiling is not a complete tiling of an Aztec diamond.
    ValueError
        If `scheme` is unknown.

    Notes
    -----
    One image of cells and one line collection: domino outlines are drawn only
    when a cell is at least 3 points wide on screen (else the region's outline
    alone), so order 300 (180,600 dominoes) draws in well under a second.

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> ax = draw_aztec(sample_aztec(8, seed=1), circle=True)
    >>> len(ax.lines)
    1
    """
    from ..arctic import _order_of, arctic_circle, aztec_types

    n = _order_of(tiling)
    labels = tiling.labels
    if scheme == "types":
        dom_rgb = AZTEC_COLORS[aztec_types(tiling)]
    elif scheme == "orientation":
        dom_rgb = _ORIENT[tiling.orientations()]
    else:
        raise ValueError(f"scheme must be 'types' or 'orientation', got {scheme!r}")
    rgb = np.empty(labels.shape + (3,))
    rgb[...] = _OUTSIDE
    covered = labels >= 0
    rgb[covered] = dom_rgb[labels[covered]]
    ax = _new_axes(labels.shape, ax)
    px = _cell_px(ax, labels.shape)
    draw_cells(rgb, _outline_labels(labels, px), ax=ax)
    if circle:
        x, y = arctic_circle(n, num=400)
        lw = float(np.clip(px * n / 60, 0.8, 2.5))
        ax.plot(x, y, color=_CIRCLE_COLOR, linewidth=lw, zorder=3)
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


def draw_dimers(tiling, ax=None, color="orientation"):
    """The dimer view: each domino as an edge between the centres of its two cells.

    A domino tiling is a perfect matching of the grid graph whose vertices are
    the cells; this draws the matching over faint dots at the cell centres.

    Parameters
    ----------
    tiling : Tiling
        A (partial) tiling; uncovered cells are dots with no edge.
    ax : matplotlib.axes.Axes, optional
    color : "orientation" or a matplotlib colour
        ``"orientation"``: horizontal and vertical edges in two colours.

    Returns
    -------
    matplotlib.axes.Axes
        The edges are its last collection, one segment per domino.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> ax = draw_dimers(find_tiling(Region.rectangle(2, 3)))
    >>> len(ax.collections[-1].get_segments())
    3
    """
    from matplotlib.collections import LineCollection

    labels = tiling.labels
    rows, cols = labels.shape
    ax = _new_axes(labels.shape, ax)
    px = _cell_px(ax, labels.shape)
    r, c = np.nonzero(labels != -1)
    ax.scatter(c + 0.5, r + 0.5, s=float(np.clip(px / 4, 0.05, 3.0)) ** 2, color="0.6",
               linewidths=0, zorder=1)
    pairs = _domino_pairs(labels)
    segs = pairs[:, :, ::-1] + 0.5  # (row, col) -> (x, y) at the cell centres
    if isinstance(color, str) and color == "orientation":
        colors = _ORIENT[tiling.orientations()] * 0.8
    else:
        colors = color
    lw = float(np.clip(px / 5, 0.3, 4.0))
    ax.add_collection(LineCollection(segs, colors=colors, linewidths=lw, capstyle="round", zorder=2))
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
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
        (see :func:`~dominotiling.height.height_function`).
    ValueError
        If `ax` is not a 3-D Axes.

    Notes
    -----
    Vertex ``(i, j)`` (top-left corner of cell ``(i, j)``) is drawn at
    ``x = j``, ``y = rows - i`` (so the picture is not mirrored), ``z = h(i, j)``;
    with stride ``s`` a quadrilateral joins ``(i, j)``, ``(i, j+s)``,
    ``(i+s, j+s)``, ``(i+s, j)`` when all four are corners of region cells
    (:data:`~dominotiling.height.UNDEFINED` vertices are left out). Heights are
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
    from ..height import UNDEFINED

    if isinstance(max_quads, bool) or not isinstance(max_quads, (int, np.integer)) or max_quads < 1:
        raise ValueError(f"max_quads must be a positive integer, got {max_quads!r}")
    h = tiling.height_function()
    rows, cols = tiling.labels.shape
    if ax is None:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6, 5))
        ax = fig.add_subplot(projection="3d")
    elif getattr(ax, "name", None) != "3d":
        raise ValueError(
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
    if s == 1:  # exactly the region's cells (a vertex ring around a hole cell is never complete here)
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
