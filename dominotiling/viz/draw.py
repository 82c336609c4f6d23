"""Static pictures of the model: regions, tilings, placement probabilities (matplotlib).

Every function takes an optional ``ax=`` and returns the Axes; none calls
``plt.show()``. Cells are squares, row 0 on top, as in the source article's
pictures; the axes carry no ticks or frame. An empty board (no rows or no
columns) draws an empty picture.

**One code for every size.** Cells are painted as one image (never a patch per
domino), and a picture chooses its style by the size of one cell on screen, in
pixels of the figure (:func:`pixels_per_cell`):

- cells of at least :data:`DETAIL_PX` pixels: every domino outlined (one line
  collection), in palette colours so that neighbours differ;
- smaller cells: no outlines, which would swamp the colours, and the four
  colours of the domino *types* (:data:`TYPE_COLORS`: horizontal or vertical, by
  the colour of the first cell), in which frozen brick walls show as solid
  colour and disorder as a fine mixture -- the arctic circle of an Aztec
  diamond appears by itself;
- cells smaller than a pixel: the image is averaged down to about one value per
  pixel before matplotlib sees it, so a tiling of millions of cells draws in a
  fraction of a second and shows its mean colours, not aliasing.

``color_by="auto"`` (the default) and ``outlines="auto"`` follow these rules;
any other value holds at every size.

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
import math

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import keyword_only, user_stacklevel
from ..counting import placement
from ..errors import DominoTilingError, DominoTypeError

__all__ = [
    "draw_region",
    "draw_tiling",
    "draw_cells",
    "draw_placement",
    "figure_png",
    "pixels_per_cell",
    "PALETTE",
    "TYPE_COLORS",
    "DETAIL_PX",
]

#: Domino colours: soft, distinguishable, and readable with black outlines.
PALETTE = np.array(
    [
        (0.400, 0.651, 0.118),
        (0.459, 0.439, 0.702),
        (0.992, 0.749, 0.435),
        (0.651, 0.808, 0.890),
        (0.902, 0.671, 0.008),
        (0.553, 0.827, 0.780),
        (0.792, 0.698, 0.839),
        (0.698, 0.875, 0.541),
        (0.216, 0.494, 0.722),
        (0.984, 0.604, 0.600),
    ]
)
#: Colours of the four domino types, NORTH, SOUTH, EAST, WEST (``color_by="types"``):
#: red and blue horizontal, yellow and green vertical dominoes.
TYPE_COLORS = np.array(
    [(0.851, 0.263, 0.208), (0.231, 0.447, 0.800), (0.953, 0.757, 0.220), (0.306, 0.651, 0.310)]
)
#: Cells at least this many pixels wide are drawn in detail: outlines, palette colours.
DETAIL_PX = 5.0
_SHARP_PX = 3.0  # cells at least this many pixels wide are painted sharp (nearest neighbour)
_GRID_PX = 8.0  # thin lines between the cells of a region from this size on
_CHECKER_PX = 2.0  # a region's checkerboard from this size on (one flat colour below)
_BLACK_CELL = (0.80, 0.74, 0.62)
_WHITE_CELL = (0.97, 0.94, 0.86)
_OUTSIDE = (1.0, 1.0, 1.0)
# uncovered cells: a cool grey checkerboard (and hatched where cells are large), never the white of a hole
_UNCOVERED = ((0.80, 0.82, 0.86), (0.87, 0.885, 0.91))
_HATCH = (0.52, 0.55, 0.62)
_HATCH_MAX_CELLS = 20_000
_ORIENT = np.array([(0.984, 0.690, 0.361), (0.420, 0.624, 0.812)])  # horizontal, vertical
_NORTH, _SOUTH, _EAST, _WEST = 0, 1, 2, 3


class _Unset:
    """The default of a renamed keyword, given only by old callers (kept out of signatures)."""

    def __repr__(self):
        return "<deprecated>"


_UNSET = _Unset()


def _hide_deprecated(func):
    """`func` with its deprecated keywords (default :data:`_UNSET`) left out of its shown signature."""
    import inspect

    sig = inspect.signature(func)
    func.__signature__ = sig.replace(
        parameters=[p for p in sig.parameters.values() if p.default is not _UNSET]
    )
    return func


def _renamed(new, old, new_name, old_name, default, func):
    """The value of keyword `new_name`, taking the deprecated spelling `old_name` into account."""
    if old is _UNSET:
        return new
    import warnings

    warnings.warn(
        f"{func}({old_name}=...) is spelled {func}({new_name}=...) now; the old name will go",
        DeprecationWarning,
        stacklevel=user_stacklevel(),
    )
    if not (isinstance(new, str) and new == default):
        raise DominoTilingError(f"{func}: give {new_name}= only ({old_name}= is its old name)")
    return old


def _new_axes(shape, ax):
    """`ax` checked, or a new figure's Axes sized to a board of `shape` cells."""
    if ax is not None:
        from matplotlib.axes import Axes

        return _validate.instance(
            ax, "ax", Axes, "pass a matplotlib Axes, e.g. from plt.subplots()"
        )
    import matplotlib.pyplot as plt

    rows, cols = shape
    side = max(rows, cols)
    scale = min(0.45, 7.0 / side) if side else 0.45
    fig, ax = plt.subplots(figsize=(max(1.2, cols * scale), max(1.2, rows * scale)))
    return ax


def _axes_inches(ax):
    """Width and height of the Axes box, in inches."""
    bbox = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    return bbox.width * fig_w, bbox.height * fig_h


def _cell_px(ax, shape):
    """Approximate size of one cell on screen, in points (for line widths)."""
    w, h = _axes_inches(ax)
    rows, cols = max(shape[0], 1), max(shape[1], 1)
    return 72 * min(w / cols, h / rows)


def pixels_per_cell(ax, shape):
    """The width of one cell of a board of `shape` cells drawn on `ax`, in pixels of its figure.

    What the pictures choose their style by (see the module docstring): the
    Axes' box in inches times the figure's ``dpi``, over the board's cells,
    the smaller of the two directions (the board keeps square cells).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    shape : (int, int)
        Rows and columns of the board.

    Returns
    -------
    float

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(4, 4), dpi=100)
    >>> ax = fig.add_axes((0, 0, 1, 1))
    >>> pixels_per_cell(ax, (8, 8)), pixels_per_cell(ax, (800, 400))
    (50.0, 0.5)
    """
    w, h = _axes_inches(ax)
    rows, cols = max(shape[0], 1), max(shape[1], 1)
    return float(ax.figure.dpi * min(w / cols, h / rows))


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


def _shrink(rgb, factor):
    """`rgb` averaged over blocks of ``factor x factor`` cells (the last blocks padded with white)."""
    rows, cols, depth = rgb.shape
    r2, c2 = -(-rows // factor), -(-cols // factor)
    if (r2 * factor, c2 * factor) != (rows, cols):
        padded = np.ones((r2 * factor, c2 * factor, depth), np.float32)
        padded[:rows, :cols] = rgb
        rgb = padded
    # summing the block rows first adds whole contiguous slabs: a few times faster than mean((1, 3))
    out = rgb.reshape(r2, factor, c2, factor, depth).sum(axis=1, dtype=np.float32).sum(axis=2)
    return out / np.float32(factor * factor), (r2 * factor, c2 * factor)


def _show_cells(ax, rgb, px, zorder=None):
    """Paint `rgb` (one colour per cell) as one image, averaged down when cells are below a pixel."""
    rows, cols = rgb.shape[:2]
    extent_shape = (rows, cols)
    if px < 1.0:
        rgb, extent_shape = _shrink(rgb, int(math.ceil(1.0 / px)))
    kwargs = {} if zorder is None else {"zorder": zorder}
    # cells of one to three pixels: nearest-neighbour rows of 1 and 2 pixels make moire
    # stripes; the anti-aliasing filter mixes them into the colour the eye averages to
    smooth = "antialiased" if px < _SHARP_PX else "nearest"
    ax.imshow(rgb, extent=(0, extent_shape[1], extent_shape[0], 0), interpolation=smooth, **kwargs)


def draw_cells(rgb, labels, ax=None, grid=False, linewidth=None, outlines="auto"):
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
        Also draw thin grey lines between all cells (when cells are at least 8
        pixels wide).
    linewidth : float, optional
        Outline width in points; scaled to the cell size by default.
    outlines : "auto" or bool
        Outline the blocks of equal label: ``"auto"`` when a cell is at least
        :data:`DETAIL_PX` pixels wide (:func:`pixels_per_cell`), where they help.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTilingError
        If the shapes of `rgb` and `labels` disagree.

    Notes
    -----
    Cells smaller than a pixel are averaged in blocks before painting, so the
    image has about one value per pixel (see the module docstring).

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
    if not (isinstance(outlines, str) and outlines == "auto"):
        outlines = _validate.boolean(outlines, "outlines")
    ax = _new_axes(labels.shape, ax)
    if labels.size == 0:  # an empty board: an empty picture
        _frame_axes(ax, labels.shape)
        return ax
    px = pixels_per_cell(ax, labels.shape)
    _show_cells(ax, rgb, px)
    lw = (
        linewidth
        if linewidth is not None
        else float(np.clip(_cell_px(ax, labels.shape) / 12, 0.2, 2.0))
    )
    if grid and px >= _GRID_PX:
        inside = labels != -1
        gl = np.where(inside, np.arange(labels.size).reshape(labels.shape), -1)
        ax.add_collection(LineCollection(_boundaries(gl), colors="0.55", linewidths=lw / 3))
    if outlines is True or (outlines == "auto" and px >= DETAIL_PX):
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


def _picture_memory(shape, what):
    """Refuse a picture whose per-cell arrays (colours, types, masks) would not fit the budget."""
    rows, cols = shape
    check_memory(
        40 * rows * cols,
        f"the picture of {what} of {rows} x {cols} cells",
        "a smaller board, or a part of it",
    )


def _checker(shape):
    """Bool array: True on black cells, ``(row + col) % 2 == 0``."""
    rows, cols = shape
    return (np.arange(rows)[:, None] % 2) == (np.arange(cols)[None, :] % 2)


@keyword_only("ax")
def draw_region(region, *, ax=None):
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

    See Also
    --------
    draw_tiling, draw_certificate

    Notes
    -----
    Cells below two pixels wide are painted in one colour (a checkerboard would
    average to it anyway), with no grid.

    Examples
    --------
    >>> from dominotiling import Region
    >>> ax = draw_region(Region.from_strings(["..#", "..."]))
    >>> len(ax.images)
    1
    """
    _validate.region(region, periodic_ok=True)
    mask = region.mask
    _picture_memory(mask.shape, "a region")
    ax = _new_axes(mask.shape, ax)
    rgb = np.empty(mask.shape + (3,), np.float32)
    rgb[...] = _OUTSIDE
    if pixels_per_cell(ax, mask.shape) >= _CHECKER_PX:
        black = _checker(mask.shape)
        rgb[mask & black] = _BLACK_CELL
        rgb[mask & ~black] = _WHITE_CELL
    else:
        rgb[mask] = np.mean([_BLACK_CELL, _WHITE_CELL], axis=0)
    labels = np.where(mask, 0, -1)
    draw_cells(rgb, labels, ax=ax, grid=True)
    return _mark_seams(ax, region)


def _seam_codes(codes, labels, region, parity):
    """Add to `codes` (see :func:`_cell_codes`) the types of the dominoes across the seams.

    A domino across the left-right seam has its left cell in the last column, one
    across the top-bottom seam its top cell in the last row.
    """
    rows, cols = labels.shape
    seam_v, seam_h = region.seams()
    if seam_h:
        for r in np.flatnonzero((labels[:, 0] >= 0) & (labels[:, 0] == labels[:, -1])).tolist():
            odd = int((r + cols - 1) % 2 == parity)
            codes[r, 0] = codes[r, -1] = 3 + 1 - odd
    if seam_v:
        for c in np.flatnonzero((labels[0] >= 0) & (labels[0] == labels[-1])).tolist():
            odd = int((rows - 1 + c) % 2 == parity)
            codes[0, c] = codes[-1, c] = 3 + 2 + odd


def _mark_seams(ax, region, labels=None, rgb=None):
    """On a torus or cylinder: the glued sides as dashed red lines, open where a domino crosses.

    A domino across a seam has one half at each end of the picture; the outline
    between the two halves is painted over in the domino's colour, so each half
    stays open towards the side it continues on (see :mod:`dominotiling.surfaces.periodic`).
    """
    if not region.is_periodic:
        return ax
    from matplotlib.collections import LineCollection

    rows, cols = region.shape
    px = _cell_px(ax, region.shape)
    lw = float(np.clip(px / 12, 0.2, 2.0))
    seam_v, seam_h = region.seams()
    if labels is not None and rgb is not None:
        segs, colors = [], []
        if seam_h:
            for r in np.flatnonzero((labels[:, 0] >= 0) & (labels[:, 0] == labels[:, -1])).tolist():
                segs += [[(0, r + 0.08), (0, r + 0.92)], [(cols, r + 0.08), (cols, r + 0.92)]]
                colors += [rgb[r, 0], rgb[r, -1]]
        if seam_v:
            for c in np.flatnonzero((labels[0] >= 0) & (labels[0] == labels[-1])).tolist():
                segs += [[(c + 0.08, 0), (c + 0.92, 0)], [(c + 0.08, rows), (c + 0.92, rows)]]
                colors += [rgb[0, c], rgb[-1, c]]
        if segs:
            ax.add_collection(LineCollection(segs, colors=colors, linewidths=2.5 * lw, zorder=4))
    lines = []
    if region.periodic[1]:
        lines += [[(0, 0), (0, rows)], [(cols, 0), (cols, rows)]]
    if region.periodic[0]:
        lines += [[(0, 0), (cols, 0)], [(0, rows), (cols, rows)]]
    ax.add_collection(
        LineCollection(
            lines, colors="crimson", linewidths=max(lw, 0.8), linestyles=(0, (3, 2)), zorder=5
        )
    )
    pad = 0.02 * max(rows, cols, 1)
    ax.set_xlim(-pad, max(cols, 1) + pad)
    ax.set_ylim(max(rows, 1) + pad, -pad)
    return ax


def _aztec_order(region):
    """The order ``n`` if `region` is the Aztec diamond ``Region.aztec_diamond(n)``, else 0."""
    rows, cols = region.shape
    if rows != cols or rows == 0 or rows % 2:
        return 0
    n = rows // 2
    r = np.abs(2 * np.arange(rows) - (rows - 1))  # |2r - (2n - 1)|
    diamond = (r[:, None] + r[None, :]) <= 2 * n
    return n if np.array_equal(diamond, region.mask) else 0


def _type_parity(region):
    """Which cells make a horizontal domino NORTH when they are its left cell: ``(r + c) % 2``.

    For an Aztec diamond of order ``n``, the cells with ``r + c + n`` odd (the
    colour of the top row's leftmost cell), as in :func:`~dominotiling.aztec.arctic.aztec_types`;
    for any other region the black cells.
    """
    n = _aztec_order(region)
    return (n + 1) % 2 if n else 0


def _cell_codes(labels, parity):
    """``uint8`` per cell: 0 outside, 1 or 2 uncovered (a black or white cell), ``3 + type`` covered.

    The type of a cell's domino (NORTH 0, SOUTH 1, EAST 2, WEST 3): a horizontal
    domino is NORTH when its left cell has ``(r + c) % 2 == parity``, else SOUTH;
    a vertical one WEST when its top cell has, else EAST. Whole-array arithmetic
    only (no boolean indexing), a few tens of milliseconds per million cells.
    """
    lab = labels
    rows, cols = lab.shape
    codes = np.zeros((rows, cols), np.uint8)
    if rows == 0 or cols == 0:
        return codes
    black = _checker(lab.shape).view(np.uint8)
    odd = black if parity == 0 else 1 - black
    h = ((lab[:, :-1] == lab[:, 1:]) & (lab[:, :-1] >= 0)).view(np.uint8)  # left cells
    t = h * (3 + 1 - odd[:, :-1])  # NORTH when odd, else SOUTH
    codes[:, :-1] += t
    codes[:, 1:] += t
    v = ((lab[:-1, :] == lab[1:, :]) & (lab[:-1, :] >= 0)).view(np.uint8)  # top cells
    t = v * (3 + 2 + odd[:-1, :])  # WEST when odd, else EAST
    codes[:-1, :] += t
    codes[1:, :] += t
    codes += (lab == -2).view(np.uint8) * (2 - black)
    return codes


def _cell_types(labels, parity):
    """``int8`` per cell: the type of its domino (NORTH 0, SOUTH 1, EAST 2, WEST 3); -1 outside, -2 uncovered."""
    codes = _cell_codes(labels, parity).astype(np.int8)
    out = codes - 3
    out[codes == 0] = -1
    out[(codes == 1) | (codes == 2)] = -2
    return out


def _sample_weights(tiling):
    """The periodic block weights an Aztec sample was drawn from, when they are not all equal; else None."""
    if getattr(tiling, "is_periodic_weighted", False):
        return tiling.block_weights
    return None


def _tiling_rgb(tiling, color_by, cmap, parity=None, block_weights=None):
    """``(rows, cols, 3)`` float32 colours of a tiling's cells for a resolved `color_by`."""
    labels = tiling.labels
    if isinstance(color_by, str) and color_by == "phases":
        n = _aztec_order(tiling.region)
        if block_weights is None:
            block_weights = _sample_weights(tiling)
        return phase_lut().take(phase_codes(labels, n, block_weights), axis=0)
    if isinstance(color_by, str) and color_by in ("types", "orientation"):
        codes = _cell_codes(labels, _type_parity(tiling.region) if parity is None else parity)
        if tiling.region.is_periodic:  # dominoes across a seam of a torus or cylinder
            _seam_codes(codes, labels, tiling.region, 0 if parity is None else parity)
        kinds = TYPE_COLORS if color_by == "types" else _ORIENT[[0, 0, 1, 1]]
        lut = np.concatenate([[_OUTSIDE], _UNCOVERED, kinds]).astype(np.float32)
        return lut.take(codes, axis=0)
    rgb = np.empty(labels.shape + (3,), np.float32)
    rgb[...] = _OUTSIDE
    dom_rgb = _domino_rgb(tiling, color_by, cmap)
    covered = labels >= 0
    rgb[covered] = dom_rgb[labels[covered]]
    free = labels == -2
    if free.any():
        black = _checker(labels.shape)
        rgb[free & black] = _UNCOVERED[0]
        rgb[free & ~black] = _UNCOVERED[1]
    return rgb


@keyword_only("ax", "color_by", "cmap", "outlines")
def draw_tiling(tiling, *, ax=None, color_by="auto", cmap="viridis", outlines="auto"):
    """Draw the dominoes of a (partial) tiling, in a style that suits its size on screen.

    Parameters
    ----------
    tiling : Tiling
    ax : matplotlib.axes.Axes, optional
    color_by : {"auto", "domino", "types", "orientation", "phases"} or array_like
        ``"domino"``: a palette cycled over the dominoes so neighbours differ;
        ``"types"``: four colours (:data:`TYPE_COLORS`) for horizontal and
        vertical dominoes by the colour of their left or top cell -- for an
        Aztec diamond exactly its north, south, east and west dominoes
        (:func:`~dominotiling.aztec.arctic.aztec_types`); ``"orientation"``: one
        colour for horizontal, one for vertical dominoes; ``"phases"`` (an Aztec
        sample with periodic weights, :func:`~dominotiling.viz.views.draw_aztec`):
        the types, dark in heavy blocks and pale in light ones, so that frozen,
        liquid and gas regions show; ``"auto"`` (default): ``"phases"`` for such
        a sample, else ``"domino"`` when a cell is at least :data:`DETAIL_PX`
        pixels wide, else ``"types"``. An array of one value per domino
        (``tiling.n_dominoes`` of them): integers pick palette colours, floats
        are mapped through `cmap`.
    cmap : str
        Colormap for float values of `color_by`.
    outlines : "auto" or bool
        Outline every domino: by default when a cell is at least
        :data:`DETAIL_PX` pixels wide.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling (a Region: draw it with :func:`draw_region`).
    DominoTilingError
        If `color_by` is an unknown name or has not one value per domino.
    TooLargeError
        If the picture's per-cell arrays would not fit the memory budget.

    See Also
    --------
    draw_region, draw_aztec, Tiling.to_svg

    Notes
    -----
    Uncovered cells (label -2) are drawn as an empty part of the board, unlike
    holes (white, outside the region): a cool grey checkerboard, hatched where
    cells are large enough to see it. Cells are painted as one image, averaged
    down when they are smaller than a pixel, so a tiling of a million cells
    draws in a fraction of a second (see the module docstring).

    Examples
    --------
    >>> from dominotiling import Region, max_cover, sample_aztec
    >>> ax = draw_tiling(max_cover(Region.rectangle(3, 3)), color_by="orientation")
    >>> ax = draw_tiling(sample_aztec(300, seed=1))      # small cells: types, no outlines
    >>> len(ax.collections)
    0
    """
    _validate.tiling(tiling, periodic_ok=True)
    labels = tiling.labels
    _picture_memory(labels.shape, "a tiling")
    if isinstance(color_by, str):
        _validate.choice(color_by, "color_by", ("auto", "domino", "types", "orientation", "phases"))
        if color_by == "phases" and not (_aztec_order(tiling.region) and tiling.is_complete):
            raise DominoTilingError(
                "color_by='phases' colours the blocks of a complete tiling of an Aztec diamond "
                "(sample_aztec(n, weights=...)); use 'types' for other tilings"
            )
    ax = _new_axes(labels.shape, ax)
    if isinstance(color_by, str) and color_by == "auto":
        if _sample_weights(tiling) is not None:
            color_by = "phases"
        else:
            color_by = "domino" if pixels_per_cell(ax, labels.shape) >= DETAIL_PX else "types"
    rgb = _tiling_rgb(tiling, color_by, cmap)
    free = labels == -2
    if not free.any():
        draw_cells(rgb, labels, ax=ax, outlines=outlines)
        return _mark_seams(ax, tiling.region, labels, rgb)
    # the uncovered cells outlined together, as one empty part of the board, with a faint
    # grid inside: partial tilings (a Kuhn step, a maximum cover) read as dominoes on a board
    merged = np.where(free, tiling.n_dominoes, labels)
    draw_cells(rgb, merged, ax=ax, outlines=outlines)
    px = pixels_per_cell(ax, labels.shape)
    if px >= _GRID_PX and outlines is not False:
        from matplotlib.collections import LineCollection

        cells = np.where(free, np.arange(labels.size).reshape(labels.shape), -1)
        segs = _boundaries(cells)
        inner = _inner_segments(segs, free)
        lw = float(np.clip(_cell_px(ax, labels.shape) / 30, 0.2, 0.8))
        ax.add_collection(LineCollection(inner, colors="0.72", linewidths=lw))
    if px >= DETAIL_PX and free.sum() <= _HATCH_MAX_CELLS:
        _hatch(ax, np.argwhere(free))
    return _mark_seams(ax, tiling.region, labels, rgb)


def _hatch(ax, cells):
    """Diagonal hatching over `cells` (``(k, 2)`` rows and columns): uncovered, unlike a hole."""
    from matplotlib.collections import PolyCollection

    r, c = cells[:, 0].astype(float), cells[:, 1].astype(float)
    verts = np.stack(
        [
            np.stack([c, r], 1),
            np.stack([c + 1, r], 1),
            np.stack([c + 1, r + 1], 1),
            np.stack([c, r + 1], 1),
        ],
        axis=1,
    )
    ax.add_collection(
        PolyCollection(
            verts,
            facecolors="none",
            edgecolors=[_HATCH],
            linewidths=0.0,
            hatch="///",
            zorder=1.5,
            gid="uncovered",
        )
    )


def _inner_segments(segs, free):
    """The unit segments of `segs` with uncovered cells on both sides (the grid inside the free part)."""
    if not len(segs):
        return segs
    rows, cols = free.shape
    pad = np.pad(free, 1)
    x0, y0, y1 = segs[:, 0, 0], segs[:, 0, 1], segs[:, 1, 1]
    xi, yi = x0.astype(int), y0.astype(int)
    horizontal = y0 == y1  # between cells (y - 1, x) and (y, x)
    a = np.where(horizontal, pad[yi, xi + 1], pad[yi + 1, xi])  # above / left, in padded indices
    b = np.where(horizontal, pad[yi + 1, xi + 1], pad[yi + 1, xi + 1])  # below / right
    return segs[a & b]


def _domino_rgb(tiling, color_by, cmap="viridis"):
    """``(n_dominoes, 3)`` colours for :func:`draw_tiling`'s `color_by` ("domino" or an array)."""
    n = tiling.n_dominoes
    if isinstance(color_by, str):
        return PALETTE[_greedy_colors(tiling.labels, n, len(PALETTE))]
    try:
        values = np.asarray(color_by)
    except (ValueError, TypeError):
        values = np.asarray(None)
    if values.dtype.kind not in "biuf":
        raise DominoTypeError(
            f"color_by must be 'auto', 'domino', 'types', 'orientation' or an array of numbers, "
            f"one per domino, got {type(color_by).__name__}"
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
        raise DominoTypeError(
            f"cmap must be a colormap name such as 'viridis', got {type(cmap).__name__}"
        )
    try:
        return matplotlib.colormaps[cmap]
    except KeyError:
        raise DominoTilingError(
            f"cmap={cmap!r} is not a matplotlib colormap; try 'viridis', 'coolwarm' or 'magma'"
        ) from None


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


@keyword_only("ax", "cmap", "colorbar")
def draw_placement(probs, *, ax=None, cmap="coolwarm", colorbar=True):
    """Heat map of placement probabilities: per cell, P(covered by a horizontal domino).

    Parameters
    ----------
    probs : dominotiling.counting.placement.PlacementProbabilities
        From :func:`dominotiling.counting.placement.placement_probabilities`.
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

    See Also
    --------
    placement_probabilities, draw_tiling

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.counting.placement import placement_probabilities
    >>> ax = draw_placement(placement_probabilities(Region.aztec_diamond(6), exact=False))
    """
    h = _horizontal_per_cell(probs)
    ax = _new_axes(h.shape, ax)
    rows, cols = h.shape
    if h.size == 0:
        _frame_axes(ax, h.shape)
        return ax
    image = ax.imshow(
        np.ma.masked_invalid(h),
        extent=(0, cols, rows, 0),
        interpolation="nearest",
        cmap=_colormap(cmap).with_extremes(bad="white"),
        vmin=0.0,
        vmax=1.0,
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

    if not hasattr(type(probs), "horizontal_probability"):  # another record of the two arrays
        if hasattr(placement.PlacementProbabilities, "horizontal_probability"):
            probs = placement.PlacementProbabilities(probs.horizontal, probs.vertical)
        else:  # the placement module of old: a module function
            return np.asarray(placement.horizontal_probability(probs), dtype=float)
    value = probs.horizontal_probability
    return np.asarray(value() if callable(value) else value, dtype=float)


def figure_png(draw, obj, dpi=80, max_inches=10.0):
    """PNG bytes of ``draw(obj, ax=ax)`` on a fresh figure sized to the board (for ``_repr_png_``).

    About a third of an inch per cell for small boards, at most `max_inches` on
    the longer side (800 pixels at the default `dpi`: a large tiling is legible
    on a projector); the figure is not managed by pyplot, so nothing else is
    shown and nothing is left open.

    Examples
    --------
    >>> from dominotiling import Region
    >>> figure_png(draw_region, Region.rectangle(2, 3))[:4]
    b'\\x89PNG'
    """
    from matplotlib.figure import Figure

    rows, cols = obj.labels.shape if hasattr(obj, "labels") else obj.shape
    side = max(rows, cols, 1)
    scale = min(0.35, max_inches / side)
    fig = Figure(figsize=(max(1.0, cols * scale), max(1.0, rows * scale)), dpi=dpi)
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    draw(obj, ax=ax)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


# ------------------------------------------- phases of periodic Aztec samples
# the eight colours of viz.phases (documented there): types, dark in heavy blocks
#: ``(2, 4, 3)``: the colours of the (heavy, light) blocks' NORTH, SOUTH, EAST, WEST dominoes.
PHASE_COLORS = np.stack([TYPE_COLORS * 0.55, 0.15 * TYPE_COLORS + 0.85])


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


# ----------------------------------------------------- moved to views.py


def __getattr__(name):
    # names that moved out of this module still answer, with a warning (dominotiling._moved)
    from .. import _moved

    return _moved.attribute(__name__, name)
