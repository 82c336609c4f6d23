"""Static pictures of regions and tilings (matplotlib).

Every function takes an optional ``ax=`` and returns the Axes; none calls
``plt.show()``. Cells are squares, row 0 on top, as in the source article's
pictures; the axes carry no ticks or frame. The same code serves a 2x2 board and
a 200x200 one: cells are painted as one image and domino outlines as one line
collection, with line widths scaled to the cell size.

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


def _new_axes(shape, ax):
    if ax is not None:
        return ax
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
    custom pictures (a profile, a certificate). Returns the Axes.
    """
    from matplotlib.collections import LineCollection

    rows, cols = labels.shape
    ax = _new_axes(labels.shape, ax)
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
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


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

    Examples
    --------
    >>> from dominotiling import Region
    >>> ax = draw_region(Region.from_strings(["..#", "..."]))
    >>> len(ax.images)
    1
    """
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

    Notes
    -----
    Uncovered cells (label -2) are painted red and outlined one by one.

    Examples
    --------
    >>> from dominotiling import Region, max_cover
    >>> ax = draw_tiling(max_cover(Region.rectangle(3, 3)), color_by="orientation")
    """
    labels = tiling.labels
    n = tiling.n_dominoes
    if isinstance(color_by, str) and color_by == "domino":
        dom_rgb = PALETTE[_greedy_colors(labels, n, len(PALETTE))]
    elif isinstance(color_by, str) and color_by == "orientation":
        dom_rgb = _ORIENT[tiling.orientations()]
    elif isinstance(color_by, str):
        raise ValueError(f"color_by must be 'domino', 'orientation' or an array, got {color_by!r}")
    else:
        values = np.asarray(color_by)
        if values.shape != (n,):
            raise ValueError(
                f"color_by has shape {values.shape}; give one value per domino ({n} of them)"
            )
        if values.dtype.kind in "iub":
            dom_rgb = PALETTE[values.astype(int) % len(PALETTE)]
        else:
            import matplotlib

            lo, hi = np.nanmin(values) if n else 0, np.nanmax(values) if n else 1
            norm = (values - lo) / (hi - lo) if hi > lo else np.zeros(n)
            dom_rgb = matplotlib.colormaps[cmap](norm)[:, :3]
    rgb = np.empty(labels.shape + (3,))
    rgb[...] = _OUTSIDE
    covered = labels >= 0
    rgb[covered] = dom_rgb[labels[covered]]
    rgb[labels == -2] = _UNCOVERED
    ax = draw_cells(rgb, labels, ax=ax)
    _cross_out(ax, np.argwhere(labels == -2), labels.shape)
    return ax


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

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.placement import placement_probabilities
    >>> ax = draw_placement(placement_probabilities(Region.aztec_diamond(6), exact=False))
    """
    import matplotlib

    from ..placement import horizontal_probability

    h = horizontal_probability(probs)
    ax = _new_axes(h.shape, ax)
    rows, cols = h.shape
    image = ax.imshow(
        np.ma.masked_invalid(h), extent=(0, cols, rows, 0), interpolation="nearest",
        cmap=matplotlib.colormaps[cmap].with_extremes(bad="white"), vmin=0.0, vmax=1.0,
    )
    if colorbar:
        ax.figure.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="P(horizontal)")
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


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


# ----------------------------------------------------------- matching pictures
_CERT_S = (0.85, 0.25, 0.20)
_CERT_N = (0.25, 0.45, 0.85)
_CERT_PALE = ((0.93, 0.91, 0.87), (0.98, 0.97, 0.95))  # black, white cells elsewhere

__all__ += ["draw_certificate", "draw_augmenting_path"]


def draw_certificate(region, cells, ax=None):
    """Draw a Hall certificate: a set ``S`` of cells and its neighbourhood ``N(S)``.

    Parameters
    ----------
    region : Region
    cells : iterable of (int, int) or Region
        The set ``S``, typically :func:`~dominotiling.matching.hall_violator`'s answer.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    ``S`` is painted red, ``N(S)`` (the region cells sharing a side with a cell of
    ``S``) blue, the other cells pale in checkerboard shades; ``S`` and ``N(S)``
    are outlined as blocks. The title states ``|S|`` and ``|N(S)|``: when
    ``|N(S)| < |S|`` no tiling can cover ``S``, since each domino covering a cell
    of ``S`` also covers a cell of ``N(S)``.

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.matching import hall_violator
    >>> r = Region.from_strings(["...####", "....###", "......#", "#.#....",
    ...                          "#......", "##.....", "###...#"])
    >>> ax = draw_certificate(r, hall_violator(r))
    >>> ax.get_title()
    '|S| = 6 black cells, |N(S)| = 5 neighbours: no tiling'
    """
    from ..matching import _cell_mask, hall_neighbourhood

    members = _cell_mask(region, cells)
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
    from matplotlib.patches import Patch

    ax.legend(
        handles=[Patch(color=_CERT_S, label=f"S ({n_s})"), Patch(color=_CERT_N, label=f"N(S) ({n_n})")],
        loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False,
    )
    return ax


def draw_augmenting_path(tiling, path, ax=None):
    """Draw a partial tiling with an augmenting path over it (a Kuhn frame).

    Parameters
    ----------
    tiling : Tiling
        Usually a frame's ``before``.
    path : array_like, shape (k, 2)
        The alternating chain of cells, e.g. a :class:`~dominotiling.matching.KuhnFrame`'s
        ``path``: drawn as a line through the cell centres, its start (a dot)
        and end (a square) marked.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> from dominotiling import Region
    >>> from dominotiling.matching import kuhn_frames
    >>> f = kuhn_frames(Region.rectangle(2, 3), seed=1)[-1]
    >>> ax = draw_augmenting_path(f.before, f.path)
    >>> len(ax.lines)
    3
    """
    cells = np.asarray(path, dtype=float).reshape(-1, 2)
    ax = draw_tiling(tiling, ax=ax)
    if not len(cells):
        return ax
    lw = float(np.clip(_cell_px(ax, tiling.labels.shape) / 6, 0.8, 4.0))
    x, y = cells[:, 1] + 0.5, cells[:, 0] + 0.5
    ax.plot(x, y, color=(0.1, 0.1, 0.1), linewidth=lw, solid_capstyle="round", zorder=3)
    ax.plot(x[:1], y[:1], "o", color=(0.8, 0.0, 0.0), markersize=2.5 * lw, zorder=4)
    ax.plot(x[-1:], y[-1:], "s", color=(0.8, 0.0, 0.0), markersize=2.5 * lw, zorder=4)
    return ax
