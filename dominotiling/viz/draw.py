"""Static pictures of the model: regions, tilings, placement probabilities (matplotlib).

Every function takes an optional ``ax=`` and returns the Axes; none calls
``plt.show()``. Cells are squares, row 0 on top, as in the source article's
pictures; the axes carry no ticks or frame. The same code serves a 2x2 board and
a 200x200 one: cells are painted as one image and domino outlines as one line
collection, with line widths scaled to the cell size. An empty board (no rows or
no columns) draws an empty picture.

Pictures of algorithms (Hall certificates, augmenting paths, the Aztec and dimer
views, Temperley's trees) are in :mod:`dominotiling.viz.views`; animations in
:mod:`dominotiling.viz.animate`.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import Region, find_tiling, draw_tiling
>>> ax = draw_tiling(find_tiling(Region.rectangle(4, 6)))
>>> ax.get_aspect()
1.0
"""

from __future__ import annotations

import io

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError

__all__ = ["draw_region", "draw_tiling", "draw_cells", "draw_placement", "figure_png", "PALETTE"]

#: Domino colours: soft, distinguishable, and readable with black outlines.
PALETTE = np.array(
    [
        (0.400, 0.651, 0.118), (0.459, 0.439, 0.702), (0.992, 0.749, 0.435),
        (0.651, 0.808, 0.890), (0.902, 0.671, 0.008), (0.553, 0.827, 0.780),
        (0.792, 0.698, 0.839), (0.698, 0.875, 0.541), (0.216, 0.494, 0.722),
        (0.984, 0.604, 0.600),
    ]
)
_BLACK_CELL = (0.80, 0.74, 0.62)
_WHITE_CELL = (0.97, 0.94, 0.86)
_OUTSIDE = (1.0, 1.0, 1.0)
_UNCOVERED = (1.0, 0.88, 0.88)
_ORIENT = np.array([(0.984, 0.690, 0.361), (0.420, 0.624, 0.812)])  # horizontal, vertical


_UNSET = object()  # the default of a renamed keyword: given only by old callers


def _renamed(new, old, new_name, old_name, default, func):
    """The value of keyword `new_name`, taking the deprecated spelling `old_name` into account."""
    if old is _UNSET:
        return new
    import warnings

    warnings.warn(
        f"{func}({old_name}=...) is spelled {func}({new_name}=...) now; the old name will go",
        DeprecationWarning,
        stacklevel=3,
    )
    if not (isinstance(new, str) and new == default):
        raise DominoTilingError(f"{func}: give {new_name}= only ({old_name}= is its old name)")
    return old


def _new_axes(shape, ax):
    """`ax` checked, or a new figure's Axes sized to a board of `shape` cells."""
    if ax is not None:
        from matplotlib.axes import Axes

        return _validate.instance(ax, "ax", Axes, "pass a matplotlib Axes, e.g. from plt.subplots()")
    import matplotlib.pyplot as plt

    rows, cols = shape
    side = max(rows, cols)
    scale = min(0.45, 7.0 / side) if side else 0.45
    fig, ax = plt.subplots(figsize=(max(1.2, cols * scale), max(1.2, rows * scale)))
    return ax


def _cell_px(ax, shape):
    """Approximate size of one cell on screen, in points (for line widths)."""
    bbox = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    rows, cols = max(shape[0], 1), max(shape[1], 1)
    return 72 * min(bbox.width * fig_w / cols, bbox.height * fig_h / rows)


def _boundaries(labels):
    """Line segments between cells whose labels differ, where either cell is in the region."""
    lab = np.pad(labels, 1, constant_values=-1)
    inside = lab != -1
    # cells marked -2 (uncovered) are outlined individually
    keyed = np.where(lab == -2, -3 - np.arange(lab.size).reshape(lab.shape), lab)
    segs = []
    diff = (keyed[1:, :] != keyed[:-1, :]) & (inside[1:, :] | inside[:-1, :])
    r, c = np.nonzero(diff[:, 1:-1])  # between padded rows r and r+1 -> y = r
    segs.append(np.stack([np.stack([c, r], 1), np.stack([c + 1, r], 1)], 1))
    diff = (keyed[:, 1:] != keyed[:, :-1]) & (inside[:, 1:] | inside[:, :-1])
    r, c = np.nonzero(diff[1:-1, :])
    segs.append(np.stack([np.stack([c, r], 1), np.stack([c, r + 1], 1)], 1))
    return np.concatenate(segs).astype(float)


def draw_cells(rgb, labels, ax=None, grid=False, linewidth=None):
    """Paint an ``(rows, cols, 3)`` colour image of cells and outline regions of equal label.

    The common engine of :func:`draw_region` and :func:`draw_tiling`; useful for
    custom pictures (a profile, a certificate).

    Parameters
    ----------
    rgb : array_like, shape (rows, cols, 3) or (rows, cols, 4)
        The colour of each cell.
    labels : array_like of int, shape (rows, cols)
        Cells with equal labels are outlined as one block; ``-1`` is outside (no
        outline between two outside cells), ``-2`` a cell outlined on its own.
    ax : matplotlib.axes.Axes, optional
    grid : bool
        Also draw thin grey lines between all cells (when cells are large enough).
    linewidth : float, optional
        Outline width in points; scaled to the cell size by default.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTilingError
        If the shapes of `rgb` and `labels` disagree.

    Examples
    --------
    >>> import numpy as np
    >>> rgb = np.ones((2, 3, 3))
    >>> ax = draw_cells(rgb, np.array([[0, 0, 1], [2, 2, 1]]))
    >>> len(ax.collections[-1].get_segments())    # the outlines of three dominoes
    14
    """
    from matplotlib.collections import LineCollection

    labels = _validate.array(labels, "labels", ndim=2, kinds="iu")
    rgb = _validate.array(rgb, "rgb", ndim=3, kinds="biuf")
    if rgb.shape[:2] != labels.shape or rgb.shape[2] not in (3, 4):
        raise DominoTilingError(
            f"rgb must have shape (rows, cols, 3) or (rows, cols, 4) with (rows, cols) = "
            f"{labels.shape}, the shape of labels; got {rgb.shape}"
        )
    rows, cols = labels.shape
    ax = _new_axes(labels.shape, ax)
    if labels.size == 0:  # an empty board: an empty picture
        _frame_axes(ax, labels.shape)
        return ax
    ax.imshow(rgb, extent=(0, cols, rows, 0), interpolation="nearest")
    px = _cell_px(ax, labels.shape)
    lw = linewidth if linewidth is not None else float(np.clip(px / 12, 0.2, 2.0))
    if grid and px > 4:
        inside = labels != -1
        gl = np.where(inside, np.arange(labels.size).reshape(labels.shape), -1)
        ax.add_collection(LineCollection(_boundaries(gl), colors="0.55", linewidths=lw / 3))
    segs = _boundaries(labels)
    if len(segs):
        ax.add_collection(LineCollection(segs, colors="black", linewidths=lw, capstyle="round"))
    _frame_axes(ax, labels.shape)
    return ax


def _frame_axes(ax, shape):
    """Limits to the board (one unit at least, so an empty board is no singular extent), no axes."""
    rows, cols = shape
    ax.set_xlim(0, max(cols, 1))
    ax.set_ylim(max(rows, 1), 0)
    ax.set_aspect("equal")
    ax.set_axis_off()


def draw_region(region, ax=None):
    """Draw the cells of a region in checkerboard colours.

    Parameters
    ----------
    region : Region
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure sized to the region by default.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `region` is not a Region (a Tiling: draw it with :func:`draw_tiling`).

    Examples
    --------
    >>> from dominotiling import Region
    >>> ax = draw_region(Region.from_strings(["..#", "..."]))
    >>> len(ax.images)
    1
    """
    _validate.region(region)
    mask = region.mask
    colors = region.colors()
    rgb = np.empty(mask.shape + (3,))
    rgb[...] = _OUTSIDE
    rgb[mask & (colors == 0)] = _BLACK_CELL
    rgb[mask & (colors == 1)] = _WHITE_CELL
    labels = np.where(mask, 0, -1)
    return draw_cells(rgb, labels, ax=ax, grid=True)


def draw_tiling(tiling, ax=None, color_by="domino", cmap="viridis"):
    """Draw the dominoes of a (partial) tiling.

    Parameters
    ----------
    tiling : Tiling
    ax : matplotlib.axes.Axes, optional
    color_by : {"domino", "orientation"} or array_like
        ``"domino"``: a palette cycled over the dominoes so neighbours differ;
        ``"orientation"``: one colour for horizontal, one for vertical dominoes;
        an array of one value per domino (``tiling.n_dominoes`` of them): integers
        pick palette colours, floats are mapped through `cmap`.
    cmap : str
        Colormap for float values of `color_by`.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling (a Region: draw it with :func:`draw_region`).
    DominoTilingError
        If `color_by` is an unknown name or has not one value per domino.

    Notes
    -----
    Uncovered cells (label -2) are painted red and outlined one by one.

    Examples
    --------
    >>> from dominotiling import Region, max_cover
    >>> ax = draw_tiling(max_cover(Region.rectangle(3, 3)), color_by="orientation")
    """
    _validate.tiling(tiling)
    labels = tiling.labels
    dom_rgb = _domino_rgb(tiling, color_by, cmap)
    rgb = np.empty(labels.shape + (3,))
    rgb[...] = _OUTSIDE
    covered = labels >= 0
    rgb[covered] = dom_rgb[labels[covered]]
    rgb[labels == -2] = _UNCOVERED
    ax = draw_cells(rgb, labels, ax=ax)
    _cross_out(ax, np.argwhere(labels == -2), labels.shape)
    return ax


def _domino_rgb(tiling, color_by, cmap="viridis"):
    """``(n_dominoes, 3)`` colours for :func:`draw_tiling`'s `color_by`."""
    n = tiling.n_dominoes
    if isinstance(color_by, str):
        _validate.choice(color_by, "color_by", ("domino", "orientation"))
        if color_by == "domino":
            return PALETTE[_greedy_colors(tiling.labels, n, len(PALETTE))]
        return _ORIENT[tiling.orientations()]
    try:
        values = np.asarray(color_by)
    except (ValueError, TypeError):
        values = np.asarray(None)
    if values.dtype.kind not in "biuf":
        raise DominoTypeError(
            f"color_by must be 'domino', 'orientation' or an array of numbers, one per domino, "
            f"got {type(color_by).__name__}"
        )
    if values.shape != (n,):
        raise DominoTilingError(
            f"color_by has shape {values.shape}; give one value per domino ({n} of them)"
        )
    if values.dtype.kind in "iub":
        return PALETTE[values.astype(int) % len(PALETTE)]
    finite = values[np.isfinite(values)]
    lo, hi = (finite.min(), finite.max()) if finite.size else (0.0, 1.0)
    norm = (values - lo) / (hi - lo) if hi > lo else np.zeros(n)
    return _colormap(cmap)(np.nan_to_num(norm))[:, :3]


def _colormap(cmap):
    """A matplotlib colormap by name (or as given), with a clear error for an unknown name."""
    import matplotlib
    from matplotlib.colors import Colormap

    if not isinstance(cmap, str):
        if isinstance(cmap, Colormap):
            return cmap
        raise DominoTypeError(f"cmap must be a colormap name such as 'viridis', got {type(cmap).__name__}")
    try:
        return matplotlib.colormaps[cmap]
    except KeyError:
        raise DominoTilingError(
            f"cmap={cmap!r} is not a matplotlib colormap; try 'viridis', 'coolwarm' or 'magma'"
        ) from None


def _cross_out(ax, cells, shape):
    """Mark cells with a red cross (uncovered cells of a partial tiling)."""
    if not len(cells):
        return
    from matplotlib.collections import LineCollection

    r, c = cells[:, 0].astype(float), cells[:, 1].astype(float)
    d = 0.2
    segs = np.concatenate(
        [
            np.stack([np.stack([c + d, r + d], 1), np.stack([c + 1 - d, r + 1 - d], 1)], 1),
            np.stack([np.stack([c + d, r + 1 - d], 1), np.stack([c + 1 - d, r + d], 1)], 1),
        ]
    )
    lw = float(np.clip(_cell_px(ax, shape) / 8, 0.4, 3.0))
    ax.add_collection(LineCollection(segs, colors=(0.8, 0.0, 0.0), linewidths=lw))


def _greedy_colors(labels, n, k):
    """Palette index per domino, differing from side-neighbours where `k` colours allow.

    Greedy in id order, each domino starting its search at a different palette entry
    so that the picture is varied; a domino has at most 6 side-neighbours, so
    ``k >= 7`` always succeeds.
    """
    pairs = []
    for a, b in ((labels[1:, :], labels[:-1, :]), (labels[:, 1:], labels[:, :-1])):
        sel = (a >= 0) & (b >= 0) & (a != b)
        pairs.append(np.stack([a[sel], b[sel]], 1))
    pairs = np.unique(np.concatenate(pairs), axis=0) if n else np.zeros((0, 2), int)
    pairs = np.concatenate([pairs, pairs[:, ::-1]])
    pairs = pairs[np.argsort(pairs[:, 0], kind="stable")]
    starts = np.searchsorted(pairs[:, 0], np.arange(n + 1))
    nbrs = pairs[:, 1].tolist()
    color = [-1] * n
    for i in range(n):
        used = {color[j] for j in nbrs[starts[i] : starts[i + 1]]}
        for step in range(k):
            cand = (3 * i + step) % k
            if cand not in used:
                color[i] = cand
                break
        else:
            color[i] = (3 * i) % k
    return np.array(color, dtype=int)


def draw_placement(probs, ax=None, cmap="coolwarm", colorbar=True):
    """Heat map of placement probabilities: per cell, P(covered by a horizontal domino).

    Parameters
    ----------
    probs : dominotiling.placement.PlacementProbabilities
        From :func:`dominotiling.placement.placement_probabilities`.
    ax : matplotlib.axes.Axes, optional
    cmap : str
        A diverging colormap: 0 (always vertical) to 1 (always horizontal).
    colorbar : bool
        Add a colour bar.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `probs` has no ``horizontal`` and ``vertical`` arrays.

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.placement import placement_probabilities
    >>> ax = draw_placement(placement_probabilities(Region.aztec_diamond(6), exact=False))
    """
    h = _horizontal_per_cell(probs)
    ax = _new_axes(h.shape, ax)
    rows, cols = h.shape
    if h.size == 0:
        _frame_axes(ax, h.shape)
        return ax
    image = ax.imshow(
        np.ma.masked_invalid(h), extent=(0, cols, rows, 0), interpolation="nearest",
        cmap=_colormap(cmap).with_extremes(bad="white"), vmin=0.0, vmax=1.0,
    )
    if _validate.boolean(colorbar, "colorbar"):
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="P(horizontal)")
    _frame_axes(ax, h.shape)
    return ax


def _horizontal_per_cell(probs):
    """Per cell, P(covered by a horizontal domino): the result's own method where it has one."""
    if not (hasattr(probs, "horizontal") and hasattr(probs, "vertical")):
        raise DominoTypeError(
            f"probs must be placement probabilities (with horizontal and vertical arrays), got "
            f"{type(probs).__name__}; get them from placement_probabilities(region)"
        )
    from .. import placement

    if not hasattr(type(probs), "horizontal_probability"):  # another record of the two arrays
        if hasattr(placement.PlacementProbabilities, "horizontal_probability"):
            probs = placement.PlacementProbabilities(probs.horizontal, probs.vertical)
        else:  # the placement module of old: a module function
            return np.asarray(placement.horizontal_probability(probs), dtype=float)
    value = probs.horizontal_probability
    return np.asarray(value() if callable(value) else value, dtype=float)


def figure_png(draw, obj, dpi=72):
    """PNG bytes of ``draw(obj)`` on a fresh figure (for ``_repr_png_``), figure closed after."""
    from matplotlib.figure import Figure

    rows, cols = obj.labels.shape if hasattr(obj, "labels") else obj.shape
    side = max(rows, cols, 1)
    scale = min(0.3, 6.0 / side)
    fig = Figure(figsize=(max(1.0, cols * scale), max(1.0, rows * scale)))
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    draw(obj, ax=ax)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


# ----------------------------------------------------- moved to views.py
_MOVED = ("draw_certificate", "draw_augmenting_path")


def __getattr__(name):
    # the algorithm pictures live in viz/views.py; this module keeps model pictures only
    if name in _MOVED:
        import warnings

        also = " (or from dominotiling)" if name == "draw_certificate" else ""
        warnings.warn(
            f"dominotiling.viz.draw.{name} moved to dominotiling.viz.views.{name}; "
            f"import it from there{also}",
            DeprecationWarning,
            stacklevel=2,
        )
        from . import views

        return getattr(views, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
