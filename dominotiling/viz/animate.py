"""Frames to animations: matplotlib ``FuncAnimation``, an HTML player, a GIF.

Algorithms worth watching return lists of frames as plain data; this module turns
any such list into pictures without knowing the algorithms (duck typing):

- :func:`animate` -- a list of frames becomes a ``FuncAnimation``.
- :func:`to_html` -- the animation as an HTML snippet with a JavaScript player
  (every frame embedded as a PNG: works offline and under nbval).
- :func:`save_gif` -- frames or an animation written as a GIF (pillow).
- :func:`draw_frame` -- the default drawing of one frame, see its list of kinds.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import Region, random_tiling
>>> from dominotiling.viz.animate import animate, to_html
>>> tilings = [random_tiling(Region.rectangle(2, 4), seed=s) for s in range(3)]
>>> anim = animate(tilings, figsize=(2, 1))
>>> anim.n_frames
3
>>> "<script" in to_html(anim)
True
"""

from __future__ import annotations

import numpy as np

from .draw import draw_region, draw_tiling

__all__ = ["animate", "to_html", "save_gif", "draw_frame", "subsample", "AnimationHTML"]

_UNCOLORED = (0.86, 0.86, 0.86)
_HIGHLIGHT = (0.85, 0.10, 0.10)


class AnimationHTML(str):
    """An HTML snippet (a ``str``) that Jupyter displays as HTML."""

    def _repr_html_(self):
        return str(self)

    def __repr__(self):  # short: the notebook stores the HTML once, not twice
        return f"<AnimationHTML: {len(self)} characters>"

    def _repr_pretty_(self, p, cycle):
        p.text(repr(self))


# ------------------------------------------------------------------ frame kinds
def _is_tiling(obj):
    return hasattr(obj, "labels") and hasattr(obj, "n_dominoes") and hasattr(obj, "region")


def _is_region(obj):
    return hasattr(obj, "mask") and hasattr(obj, "n_cells") and not hasattr(obj, "labels")


def _labels_shape(obj):
    return obj.labels.shape if _is_tiling(obj) else obj.mask.shape


def _expand(frames):
    """Pictures to show, in order: a Kuhn step (``before``/``path``/``after``) gives two."""
    out = []
    for f in frames:
        if all(hasattr(f, a) for a in ("before", "path", "after")):
            out.append(_KuhnHalf(f.before, np.asarray(f.path), "before"))
            out.append(_KuhnHalf(f.after, np.asarray(f.path), "after"))
        else:
            out.append(f)
    return out


class _KuhnHalf:
    """One half of an augmenting step: the tiling before or after, and the path."""

    __slots__ = ("tiling", "path", "when")

    def __init__(self, tiling, path, when):
        self.tiling, self.path, self.when = tiling, path, when


def subsample(frames, step=1, max_frames=None):
    """Every `step`-th frame, then at most `max_frames` of them evenly spaced.

    The first and the last frame are always kept (the start and the result).

    Examples
    --------
    >>> subsample(list(range(10)), step=3)
    [0, 3, 6, 9]
    >>> subsample(list(range(100)), max_frames=5)
    [0, 25, 50, 74, 99]
    """
    frames = list(frames)
    if int(step) < 1:
        raise ValueError(f"step must be an integer >= 1, got {step!r}")
    if max_frames is not None and int(max_frames) < 2:
        raise ValueError(f"max_frames must be at least 2 (the first and the last), got {max_frames!r}")
    if not frames:
        return frames
    idx = list(range(0, len(frames), int(step)))
    if idx[-1] != len(frames) - 1:
        idx.append(len(frames) - 1)
    if max_frames is not None and len(idx) > max_frames:
        pick = np.unique(np.linspace(0, len(idx) - 1, int(max_frames)).round().astype(int))
        idx = [idx[i] for i in pick]
    return [frames[i] for i in idx]


# ------------------------------------------------------------------ drawing
def _centres(cells):
    cells = np.asarray(cells, dtype=float).reshape(-1, 2)
    return cells[:, 1] + 0.5, cells[:, 0] + 0.5


def _draw_colouring(tiling, colors, ax, changed=(), kempe=False, domino=-1):
    colors = np.asarray(colors)
    n = tiling.n_dominoes
    if colors.shape != (n,):
        raise ValueError(f"a colouring needs one colour per domino ({n}), got shape {colors.shape}")
    draw_tiling(tiling, ax=ax, color_by=np.where(colors >= 0, colors, 0).astype(int))
    lab = tiling.labels
    grey = np.zeros(lab.shape + (4,))
    covered = lab >= 0
    grey[covered] = np.where((colors[lab[covered]] < 0)[:, None], (*_UNCOLORED, 1.0), 0.0)
    rows, cols = lab.shape
    ax.imshow(grey, extent=(0, cols, rows, 0), interpolation="nearest", zorder=0.5)
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    changed = np.asarray(changed, dtype=int).ravel()
    if changed.size:
        d = tiling.dominoes[changed].mean(axis=1)
        x, y = _centres(d)
        if kempe:
            ax.scatter(x, y, s=40, c="white", edgecolors="black", linewidths=1.2, zorder=3)
        else:
            ax.scatter(x, y, s=14, c="black", zorder=3)
    if kempe and 0 <= int(domino) < n:  # the domino waiting for the freed colour
        x, y = _centres(tiling.dominoes[int(domino)].mean(axis=0))
        ax.scatter(x, y, s=60, marker="*", c=[_HIGHLIGHT], zorder=3)


def _draw_path(path, ax, lw):
    if len(path):
        x, y = _centres(path)
        ax.plot(x, y, color=_HIGHLIGHT, lw=lw, solid_capstyle="round", zorder=3)
        ax.plot(x[[0, -1]], y[[0, -1]], "o", color=_HIGHLIGHT, ms=lw * 1.6, zorder=3)


def _highlight_cells(obj, cells, ax):
    (draw_tiling if _is_tiling(obj) else draw_region)(obj, ax=ax)
    cells = np.asarray(cells)
    shape = _labels_shape(obj)
    if cells.dtype == bool:
        mask = cells
    else:
        mask = np.zeros(shape, dtype=bool)
        if cells.size:
            mask[cells[:, 0], cells[:, 1]] = True
    over = np.zeros(shape + (4,))
    over[mask] = (*_HIGHLIGHT, 0.45)
    ax.imshow(over, extent=(0, shape[1], shape[0], 0), interpolation="nearest", zorder=2.5)
    ax.set_xlim(0, shape[1])
    ax.set_ylim(shape[0], 0)


def _is_walk(frame):
    return all(hasattr(frame, a) for a in ("parent", "path", "event")) and getattr(frame, "shape", None)


def _draw_walk(frame, ax):
    """A Wilson frame on a grid: the tree in black, the walk in red, vertices not in the tree grey."""
    from matplotlib.collections import LineCollection

    rows, cols = frame.shape
    parent = np.asarray(frame.parent)
    ax.set_xlim(-0.6, cols - 0.4)
    ax.set_ylim(rows - 0.4, -0.6)
    ax.set_aspect("equal")
    ax.set_axis_off()
    v = np.flatnonzero(parent >= 0)
    if len(v):
        a = np.stack(np.divmod(v, cols), 1)[:, ::-1]
        b = np.stack(np.divmod(parent[v], cols), 1)[:, ::-1]
        ax.add_collection(LineCollection(np.stack([a, b], 1), colors="black", linewidths=2.0))
    out = np.flatnonzero(parent == -2)
    if len(out):
        r, c = np.divmod(out, cols)
        ax.scatter(c, r, s=12, color="0.7", zorder=2)
    root = np.flatnonzero(parent == -1)
    if len(root):
        r, c = np.divmod(root, cols)
        ax.scatter(c, r, s=40, color="tab:blue", zorder=3)
    path = np.asarray(frame.path)
    if len(path):
        r, c = np.divmod(path, cols)
        ax.plot(c, r, color="tab:red", lw=2.5, zorder=4)
        ax.scatter(c[:1], r[:1], s=30, color="tab:red", zorder=5)
    return {"start": "the root", "begin": "a new walk", "step": "walking", "erase": "loop erased",
            "attach": "the walk joins the tree"}.get(frame.event, frame.event)


def draw_frame(frame, ax):
    """Draw one frame of any kind this module knows on `ax`; return a short caption.

    Kinds (duck typing, no algorithm module is imported):

    - a Tiling or a Region: drawn as it is (uncovered cells crossed in red);
    - ``(tiling, colors)`` with one colour id per domino, ``-1`` for none yet:
      dominoes in palette colours, uncoloured ones grey;
    - an object with ``tiling`` and ``colors`` (a colouring frame, as from
      ``color_dominoes(..., frames=True)``): the same, the dominoes in its
      ``changed`` marked by dots (white rings for a Kempe swap, ``kempe=True``,
      with a red star on the ``domino`` waiting for the freed colour);
    - an object with ``before``, ``path``, ``after`` (a step of Kuhn's algorithm,
      ``dominotiling.matching.KuhnFrame``): :func:`animate` shows it as two
      pictures, the tiling before with the augmenting path as a thick line
      through the cell centres, then the tiling after with the path thin;
    - ``(tiling or region, cells)`` with ``cells`` an ``(k, 2)`` array of
      ``(row, col)`` or a boolean mask: those cells highlighted in red;
    - an object with ``parent``, ``path``, ``event`` and a grid ``shape`` (a step
      of Wilson's algorithm, ``dominotiling.wilson.WilsonFrame`` on a grid): the
      tree grown so far in black, the loop-erased walk in red.

    Returns
    -------
    str
        A caption for the frame (may be empty).

    Raises
    ------
    TypeError
        For a frame of another kind: pass ``draw_frame=`` to :func:`animate`.
    """
    if isinstance(frame, _KuhnHalf):
        draw_tiling(frame.tiling, ax=ax)
        lw = 5.0 if frame.when == "before" else 2.0
        _draw_path(frame.path, ax, lw)
        k = len(frame.path)
        return f"augmenting path, {k} cells" + (" (flipped)" if frame.when == "after" else "")
    if _is_tiling(frame):
        draw_tiling(frame, ax=ax)
        return ""
    if _is_walk(frame):
        return _draw_walk(frame, ax)
    if _is_region(frame):
        draw_region(frame, ax=ax)
        return ""
    if hasattr(frame, "tiling") and hasattr(frame, "colors"):
        changed = getattr(frame, "changed", ())
        kempe = bool(getattr(frame, "kempe", False))
        _draw_colouring(frame.tiling, frame.colors, ax, changed, kempe, getattr(frame, "domino", -1))
        if kempe:
            m = len(changed)
            return f"Kempe swap: {m} domino{'es' if m != 1 else ''} recoloured"
        n_done = int((np.asarray(frame.colors) >= 0).sum())
        return f"{n_done} of {len(frame.colors)} coloured"
    if isinstance(frame, tuple) and len(frame) == 2 and (_is_tiling(frame[0]) or _is_region(frame[0])):
        obj, data = frame
        data = np.asarray(data)
        if _is_tiling(obj) and data.ndim == 1 and data.dtype.kind in "iu":
            _draw_colouring(obj, data, ax)
            return ""
        if data.dtype == bool or (data.ndim == 2 and data.shape[1:] == (2,)) or data.size == 0:
            _highlight_cells(obj, data.reshape(-1, 2) if data.dtype != bool else data, ax)
            return ""
    raise TypeError(
        f"animate does not know how to draw a frame of type {type(frame).__name__}; pass "
        "draw_frame=function(frame, ax) to draw it yourself"
    )


# ------------------------------------------------------------------ animations
def _default_figsize(shape, side=3.0):
    rows, cols = max(shape[0], 1), max(shape[1], 1)
    scale = side / max(rows, cols)
    return (max(1.0, cols * scale), max(1.0, rows * scale))


def _shape_of(frame):
    if _is_walk(frame):
        return tuple(frame.shape)
    for obj in (frame, getattr(frame, "tiling", None), frame[0] if isinstance(frame, tuple) else None):
        if obj is not None and (_is_tiling(obj) or _is_region(obj)):
            return _labels_shape(obj)
    return (1, 1)


def animate(frames, draw_frame=None, interval=400, figsize=None, dpi=72, step=1,
            max_frames=None, captions=True):
    """A matplotlib ``FuncAnimation`` of a list of frames.

    Parameters
    ----------
    frames : iterable
        Any frames :func:`draw_frame` knows (tilings, partial tilings, colourings,
        Kuhn steps, highlighted cells), or anything `draw_frame` draws.
    draw_frame : callable, optional
        ``draw_frame(frame, ax)`` draws one frame on a cleared Axes; it may return
        a caption string. Default: this module's :func:`draw_frame`.
    interval : int
        Milliseconds between frames.
    figsize : (float, float), optional
        Inches; by default about 3 inches on the longer side of the board.
    dpi : int
        Resolution of the embedded or saved pictures; keep it low (60-80) for
        notebooks, every frame is stored as a PNG.
    step, max_frames : int
        Keep every `step`-th picture, then at most `max_frames` evenly spaced;
        the first and last are always kept (see :func:`subsample`). Applied after
        a Kuhn step is split into its two pictures.
    captions : bool
        Show the caption returned by the drawing function as a title.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        With an extra attribute ``n_frames``. Its figure is not managed by
        pyplot, so a notebook shows no stray static picture; display it with
        :func:`to_html` or write it with :func:`save_gif`.

    Raises
    ------
    ValueError
        If there are no frames, or `step`/`max_frames` are invalid.

    Notes
    -----
    Every frame clears the Axes and draws from scratch (no blitting): simple and
    robust, and cheap at the sizes that are worth watching.

    Examples
    --------
    >>> from dominotiling import Region, max_cover, find_tiling
    >>> frames = [max_cover(Region.rectangle(3, 3)), find_tiling(Region.rectangle(3, 4))]
    >>> anim = animate(frames, dpi=30)
    >>> anim.n_frames
    2
    >>> html = to_html(anim)  # renders every frame
    """
    from matplotlib.animation import FuncAnimation
    from matplotlib.figure import Figure

    items = subsample(_expand(frames), step, max_frames)
    if not items:
        raise ValueError("no frames to animate")
    draw = globals()["draw_frame"] if draw_frame is None else draw_frame
    if figsize is None:
        figsize = _default_figsize(_shape_of(items[0]))
    fig = Figure(figsize=figsize, dpi=dpi)
    top = 0.86 if captions else 0.98
    ax = fig.add_axes((0.02, 0.02, 0.96, top - 0.02))

    def update(i):
        ax.clear()
        caption = draw(items[i], ax)
        if captions and caption:
            ax.set_title(caption, fontsize=7, pad=2)
        return []

    anim = FuncAnimation(fig, update, frames=len(items), interval=interval, blit=False,
                         repeat=True, cache_frame_data=False)
    anim.n_frames = len(items)
    return anim


def to_html(anim, default_mode="loop"):
    """The animation as HTML with a JavaScript player (``anim.to_jshtml()``).

    Every frame is embedded as a PNG, so the notebook needs no server and works
    offline and under nbval; keep frames few and small.

    Parameters
    ----------
    anim : matplotlib.animation.Animation
    default_mode : {"loop", "once", "reflect"}

    Returns
    -------
    AnimationHTML
        A ``str`` that Jupyter renders as the player.
    """
    return AnimationHTML(anim.to_jshtml(default_mode=default_mode))


def save_gif(frames, path, fps=3, dpi=None, **kwargs):
    """Write an animated GIF with pillow (matplotlib's ``PillowWriter``).

    Parameters
    ----------
    frames : list or matplotlib.animation.Animation
        Frames for :func:`animate` (with `kwargs`), or a ready animation.
    path : str or path-like
    fps : float
        Frames per second.
    dpi : int, optional
        Resolution; the animation's own by default.

    Returns
    -------
    pathlib.Path
        The file written.
    """
    from pathlib import Path

    from matplotlib.animation import Animation, PillowWriter

    anim = frames if isinstance(frames, Animation) else animate(frames, **kwargs)
    path = Path(path)
    anim.save(path, writer=PillowWriter(fps=fps), dpi=dpi)
    return path
