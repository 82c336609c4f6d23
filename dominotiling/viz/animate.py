"""Frames to animations: matplotlib ``FuncAnimation``, an HTML player, a GIF.

**The frames protocol.** Every ``*_frames()`` function of the library returns a
list of :class:`~dominotiling.model.frames.Frame` objects -- Kuhn's augmenting paths
(:func:`~dominotiling.matching.matchings.kuhn_frames`), domino shuffling
(:func:`~dominotiling.aztec.shuffling.shuffle_frames`), colouring with Kempe swaps
(:func:`~dominotiling.matching.color.color_frames`), Wilson's walks
(:func:`~dominotiling.trees.wilson.wilson_frames`) and Glauber dynamics
(:func:`~dominotiling.sampling.mcmc.glauber_frames`) -- and this module draws any such
list without knowing the algorithms. A frame says what to show; here is how it
is drawn, layer by layer:

- ``tiling`` (its dominoes in the two colours of horizontal and vertical ones,
  which stay put from frame to frame; uncovered cells pale, as an empty board)
  or else ``region`` (checkerboard cells);
- ``colors``: the dominoes in palette colours, those with ``-1`` grey;
- ``highlight``: cells shaded red;
- ``edges``: black segments between cell centres (a tree);
- ``line``: a red line through cell centres, its ends dotted (a path, a walk);
- ``points``: white rings with a black edge (what just changed);
- ``title``: the caption;
- ``before``: a frame with a ``before`` tiling (a step) is shown as two
  pictures, ``before`` with the line thick, then ``tiling`` with it thin.

A :class:`~dominotiling.Tiling` or a :class:`~dominotiling.Region` in a frame list
is a frame showing itself. Each frame limit in the library is named
``max_frames`` (here, in :func:`subsample` and in ``glauber_frames``).

- :func:`animate` -- a list of frames becomes a :class:`FrameAnimation` (a
  matplotlib ``FuncAnimation``) that shows itself as a player in Jupyter and
  saves itself as a GIF or an MP4 (``.save_gif(path)``, ``.save_mp4(path)``).
- One-liners for the algorithms worth watching: :func:`animate_kuhn`,
  :func:`animate_shuffling`, :func:`animate_coloring`, :func:`animate_wilson`,
  :func:`animate_glauber`.
- :func:`to_html` -- the animation as the HTML a notebook shows: one looping
  GIF, which a short script turns into a player that starts at once, with
  controls and a frame counter (:mod:`dominotiling.viz.player`; offline, under
  nbval, and on a code host, where the GIF plays by itself).
- :func:`save_gif` -- frames or an animation written as a GIF (pillow).
- :func:`draw_frame` -- the drawing of one frame, as above.

Frames are legible by default: 500 pixels wide (5 inches at 100 dpi), with a
title in a 12-point font that shrinks only to fit its line.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import Region
>>> from dominotiling.viz.animate import animate_kuhn
>>> anim = animate_kuhn(Region.rectangle(2, 3), seed=1, dpi=30)
>>> anim.n_frames                 # three steps, each shown before and after
6
>>> "<script" in anim._repr_html_()   # what Jupyter shows: a player
True
"""

from __future__ import annotations

import warnings

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..aztec.shuffling import shuffle_frames
from ..errors import DominoTilingError, DominoTypeError
from ..matching.color import ColoringFrame, color_frames
from ..matching.matchings import KuhnFrame, kuhn_frames
from ..model.frames import Frame
from ..model.region import Region
from ..model.tiling import Tiling
from ..sampling.mcmc import glauber_frames_run as glauber_frames
from ..trees.wilson import WilsonFrame, wilson_frames
from .draw import _cell_px, _frame_axes, draw_region, draw_tiling

__all__ = [
    "animate",
    "animate_kuhn",
    "animate_shuffling",
    "animate_coloring",
    "animate_wilson",
    "animate_glauber",
    "FrameAnimation",  # noqa: F822 -- built on first use by the module's __getattr__
    "to_html",
    "save_gif",
    "draw_frame",
    "subsample",
    "AnimationHTML",
]

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


# ------------------------------------------------------------------ pictures
class _Picture:
    """One picture of a frame: all of it (``when=None``), or a step's ``"before"`` or ``"after"``."""

    __slots__ = ("frame", "when")

    def __init__(self, frame, when=None):
        self.frame, self.when = frame, when

    @property
    def n_dominoes(self):  # for drawing functions that caption by the tiling shown
        t = self.frame.before if self.when == "before" else self.frame.tiling
        return t.n_dominoes if t is not None else 0


def _legacy(item, stacklevel):
    """A Frame for the duck-typed frames of old (with a warning), or None."""

    frame = None
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], (Tiling, Region)):
        obj, data = item
        data = np.asarray(data)
        tiling = obj if isinstance(obj, Tiling) else None
        region = obj if isinstance(obj, Region) else None
        if (
            tiling is not None
            and data.ndim == 1
            and data.dtype.kind in "iu"
            and data.size == tiling.n_dominoes
        ):
            frame = Frame(tiling, colors=data)
        elif data.dtype == bool and data.shape == _obj_shape(obj):
            frame = Frame(tiling, region=region, highlight=np.argwhere(data))
        elif data.size == 0 or (data.ndim == 2 and data.shape[1:] == (2,)):
            frame = Frame(tiling, region=region, highlight=data.reshape(-1, 2))
    elif all(hasattr(item, a) for a in ("before", "path", "after")):
        frame = KuhnFrame(item.before, np.asarray(item.path), item.after)
    elif hasattr(item, "tiling") and hasattr(item, "colors"):
        frame = ColoringFrame(
            item.tiling,
            item.colors,
            getattr(item, "changed", ()),
            getattr(item, "kempe", False),
            getattr(item, "domino", -1),
        )
    elif all(hasattr(item, a) for a in ("parent", "path", "event", "shape")):
        frame = WilsonFrame(
            item.parent, item.path, item.event, getattr(item, "nodes", None), item.shape
        )
    if frame is not None:
        warnings.warn(
            f"a {type(item).__name__} as a frame is deprecated: pass dominotiling.model.frames.Frame "
            "objects (e.g. Frame(tiling, colors=..., highlight=...)), as the *_frames() functions return",
            DeprecationWarning,
            stacklevel=stacklevel,
        )
    return frame


def _obj_shape(obj):
    return obj.labels.shape if isinstance(obj, Tiling) else obj.shape


def _as_frame(item, stacklevel=3):
    """`item` as a Frame: Frames as they are, Tilings and Regions as frames, old forms converted."""
    if isinstance(item, (Frame, Tiling, Region)):
        return Frame.of(item)
    frame = _legacy(item, stacklevel + 1)
    if frame is None:
        raise DominoTypeError(
            f"animate does not know how to draw a frame of type {type(item).__name__}: give "
            "dominotiling.model.frames.Frame objects (or Tilings, Regions), or pass "
            "draw_frame=function(frame, ax) to draw it yourself"
        )
    return frame


def _pictures(items, convert):
    """The pictures to show, in order: a frame with a ``before`` tiling gives two.

    With `convert` (the default drawing) every item must be a frame and becomes
    a picture; for a custom drawing function the items pass through unchanged,
    except the frames with a ``before`` tiling, split into their two pictures.
    """
    out = []
    for item in items:
        if isinstance(item, _Picture):
            out.append(item)
            continue
        frame = _as_frame(item, 4) if convert else item
        if isinstance(frame, Frame) and frame.before is not None:
            out += [_Picture(frame, "before"), _Picture(frame, "after")]
        else:
            out.append(_Picture(frame) if convert else item)
    return out


def subsample(frames, step=1, max_frames=None):
    """Every `step`-th frame, then at most `max_frames` of them evenly spaced.

    The first and the last frame are always kept (the start and the result).

    Parameters
    ----------
    frames : iterable
    step : int, default 1
    max_frames : int, optional
        At least 2.

    Returns
    -------
    list

    Raises
    ------
    DominoTilingError
        If `step` is below 1 or `max_frames` below 2 (a ``DominoTypeError`` if
        they are not integers).

    Examples
    --------
    >>> subsample(list(range(10)), step=3)
    [0, 3, 6, 9]
    >>> subsample(list(range(100)), max_frames=5)
    [0, 25, 50, 74, 99]
    """
    frames = list(frames)
    step = _validate.positive_int(step, "step")
    if max_frames is not None:
        max_frames = _validate.integer(max_frames, "max_frames", minimum=2)
    if not frames:
        return frames
    idx = list(range(0, len(frames), step))
    if idx[-1] != len(frames) - 1:
        idx.append(len(frames) - 1)
    if max_frames is not None and len(idx) > max_frames:
        pick = np.unique(np.linspace(0, len(idx) - 1, max_frames).round().astype(int))
        idx = [idx[i] for i in pick]
    return [frames[i] for i in idx]


# ------------------------------------------------------------------ drawing
def _xy(cells):
    cells = np.asarray(cells, dtype=float).reshape(-1, 2)
    return cells[:, 1] + 0.5, cells[:, 0] + 0.5


def _grey_uncoloured(tiling, colors, ax):
    """Domino colours from the palette, uncoloured (``-1``) dominoes grey on top."""
    colors = np.asarray(colors)
    draw_tiling(tiling, ax=ax, color_by=np.where(colors >= 0, colors, 0).astype(int))
    lab = tiling.labels
    if lab.size == 0:
        return
    grey = np.zeros(lab.shape + (4,))
    covered = lab >= 0
    grey[covered] = np.where((colors[lab[covered]] < 0)[:, None], (*_UNCOLORED, 1.0), 0.0)
    rows, cols = lab.shape
    ax.imshow(grey, extent=(0, cols, rows, 0), interpolation="nearest", zorder=0.5)


def _draw_picture(picture, ax):
    from matplotlib.collections import LineCollection
    from matplotlib.patheffects import withStroke

    frame, when = picture.frame, picture.when
    tiling = frame.before if when == "before" else frame.tiling
    if tiling is not None:
        if frame.colors is not None and when != "before":
            _grey_uncoloured(tiling, frame.colors, ax)
        else:  # colours by orientation: a domino keeps its colour from frame to frame
            draw_tiling(tiling, ax=ax, color_by="orientation")
        shape = tiling.labels.shape
    elif frame.region is not None:
        draw_region(frame.region, ax=ax)
        shape = frame.region.shape
    else:
        raise DominoTilingError(
            f"this {type(frame).__name__} has no board to draw (no tiling, no region): Wilson frames "
            "are drawn on grid shapes only"
        )
    px = _cell_px(ax, shape)
    rows, cols = shape
    highlight = np.asarray(frame.highlight)
    if highlight.size and rows and cols:
        over = np.zeros((rows, cols, 4))
        over[highlight[:, 0], highlight[:, 1]] = (*_HIGHLIGHT, 0.45)
        ax.imshow(over, extent=(0, cols, rows, 0), interpolation="nearest", zorder=2.5)
    edges = np.asarray(frame.edges, dtype=float)
    if edges.size:
        segs = edges[:, :, ::-1] + 0.5  # (row, col) -> (x, y) at the cell centres
        ax.add_collection(
            LineCollection(
                segs,
                colors="black",
                linewidths=float(np.clip(px / 12, 0.8, 2.5)),
                capstyle="round",
                zorder=3,
                gid="edges",
            )
        )
    line = np.asarray(frame.line)
    if line.size:
        base = float(np.clip(px / 10, 1.0, 3.0))
        lw = base * {"before": 1.8, "after": 0.7}.get(when, 1.0)
        x, y = _xy(line)
        halo = [withStroke(linewidth=lw + 2.5, foreground="white")]  # visible over any colour
        ax.plot(x, y, color=_HIGHLIGHT, lw=lw, solid_capstyle="round", zorder=4, path_effects=halo)
        ax.plot(
            x[[0, -1]],
            y[[0, -1]],
            "o",
            color=_HIGHLIGHT,
            ms=lw * 1.6,
            zorder=4,
            path_effects=[withStroke(linewidth=2.0, foreground="white")],
        )
    points = np.asarray(frame.points, dtype=float)
    if points.size:
        x, y = _xy(points)
        size = float(np.clip(px / 3, 3.0, 9.0)) ** 2
        ax.scatter(x, y, s=size, c="white", edgecolors="black", linewidths=1.2, zorder=5)
    _frame_axes(ax, shape)
    title = frame.title
    return f"{title} (after)" if when == "after" and title else title


def draw_frame(frame, ax):
    """Draw one frame on `ax` as the module docstring says; return its caption.

    Parameters
    ----------
    frame : Frame, Tiling or Region
        A :class:`~dominotiling.model.frames.Frame` (as from any ``*_frames()``
        function), or a Tiling or Region shown as it is. A frame with a
        ``before`` tiling is drawn as its final picture here; :func:`animate`
        shows both. (The tuples and duck-typed records of earlier versions are
        still drawn, with a ``DeprecationWarning``.)
    ax : matplotlib.axes.Axes

    Returns
    -------
    str
        The caption (the frame's title; empty for a bare Tiling or Region).

    Raises
    ------
    DominoTypeError
        For an object that is not a frame: pass ``draw_frame=`` to :func:`animate`.
    DominoTilingError
        For a frame with nothing to draw (a Wilson frame of a graph that is not a grid).

    Examples
    --------
    >>> import matplotlib.pyplot as plt
    >>> from dominotiling import Region, find_tiling
    >>> from dominotiling.model.frames import Frame
    >>> fig, ax = plt.subplots()
    >>> draw_frame(Frame(find_tiling(Region.rectangle(2, 2)), highlight=[(0, 0)], title="a corner"), ax)
    'a corner'
    """
    picture = frame if isinstance(frame, _Picture) else _Picture(_as_frame(frame, 3))
    return _draw_picture(picture, ax)


# ------------------------------------------------------------------ animations
#: Default width of an animation's frames, in inches (500 pixels at the default 100 dpi).
FRAME_WIDTH = 5.0
_MAX_BOARD_HEIGHT = 6.5  # inches: a tall board is narrowed to this height, never below 4.8 in wide
_TITLE_PT = 12.0
_MIN_TITLE_PT = 8.0


def _default_figsize(shape, captions=True):
    """``(width, height)`` in inches: the board 5 inches wide (at least 4.8), a title line above."""
    rows, cols = max(shape[0], 1), max(shape[1], 1)
    width = FRAME_WIDTH
    board = width * rows / cols
    if board > _MAX_BOARD_HEIGHT:
        board = _MAX_BOARD_HEIGHT
        width = max(4.8, board * cols / rows)
    title = (_TITLE_PT * 1.6 + 6) / 72 if captions else 0.0
    return (width, board + title + 0.1)


def _shape_of(item):
    frame = item.frame if isinstance(item, _Picture) else item
    for obj in (getattr(frame, "tiling", None), getattr(frame, "region", None), frame):
        if isinstance(obj, (Tiling, Region)):
            return _obj_shape(obj)
    return (1, 1)


def _figsize(value):
    try:
        w, h = value
    except (TypeError, ValueError):
        raise DominoTypeError(
            f"figsize must be a pair (width, height) in inches, got {value!r}"
        ) from None
    return (
        _validate.real(w, "figsize[0]", minimum=0.0, strict_minimum=True),
        _validate.real(h, "figsize[1]", minimum=0.0, strict_minimum=True),
    )


def _title_layout(fig):
    """Font size (points) and the Axes' top (figure fraction) for a one-line title."""
    width, height = fig.get_size_inches()
    size = float(np.clip(width * 2.4, _MIN_TITLE_PT, _TITLE_PT))
    top = 1.0 - min(0.3, (size * 1.6 + 6) / 72 / height)
    return size, top


def _fit_title(caption, size, width_in):
    """The caption in a font that fits one line of `width_in` inches (shortened below 8 points)."""
    per_char = 0.55 / 72  # inches per character per point, about, for the default sans-serif font
    room = width_in * 0.96
    if len(caption) * per_char * size > room:
        size = max(_MIN_TITLE_PT, room / (len(caption) * per_char))
        most = int(room / (per_char * size) + 1e-6)
        if len(caption) > most:
            caption = caption[: max(most - 1, 1)].rstrip() + "…"
    return caption, size


class _FrameAnimation:
    """An animation of frames (from :func:`animate`): a player in Jupyter, a GIF or an MP4 on disk.

    (The class is ``FrameAnimation``, built on first use over matplotlib's
    ``FuncAnimation``, so that importing this module does not import matplotlib.)

    A matplotlib ``FuncAnimation`` whose figure is not managed by pyplot, so a
    notebook shows no stray static picture. In Jupyter the object displays
    itself as a player that starts playing at once and loops (``_repr_html_``,
    the same as :func:`to_html`: the frames stored once, as a GIF, rendered
    once and kept; :meth:`images` and :meth:`gif` give them).

    Attributes
    ----------
    n_frames : int
        The number of pictures.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> anim = animate([find_tiling(Region.rectangle(2, 2))], dpi=20)
    >>> anim
    <FrameAnimation: 1 frame, 100 x 109 pixels; shows itself in Jupyter, .save_gif(path) or .save_mp4(path) keeps it>
    """

    def __init__(self, fig, update, n_frames, interval):
        super().__init__(
            fig,
            update,
            frames=n_frames,
            interval=interval,
            blit=False,
            repeat=True,
            cache_frame_data=False,
        )
        self.n_frames = n_frames
        self._alt = "an animation"
        # shown or saved on demand, never on a live canvas: matplotlib's warning about an
        # animation "deleted without rendering" would only be noise
        self._draw_was_started = True

    def images(self, dpi=None):
        """Every picture of the animation, rendered once per resolution: a list of PIL images."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from PIL import Image

        fig = self._fig
        dpi = fig.dpi if dpi is None else dpi
        cache = self.__dict__.setdefault("_images", {})
        if dpi not in cache:
            old = fig.dpi
            canvas = FigureCanvasAgg(fig)
            fig.set_dpi(dpi)
            try:
                out = []
                for i in range(self.n_frames):
                    self._func(i)
                    canvas.draw()
                    out.append(Image.fromarray(np.asarray(canvas.buffer_rgba())[..., :3].copy()))
            finally:
                fig.set_dpi(old)
            cache[dpi] = out
        return cache[dpi]

    def gif(self, fps=None, dpi=None):
        """The animation as the bytes of a looping GIF: `fps` frames a second (default: its interval)."""
        from .player import gif_bytes

        ms = self._interval if fps is None else 1000.0 / fps
        key = (round(ms, 3), dpi)
        cache = self.__dict__.setdefault("_gifs", {})
        if key not in cache:
            cache[key] = gif_bytes(self.images(dpi), ms)
        return cache[key]

    def _repr_html_(self):
        if getattr(self, "_html", None) is None:
            from .player import player_html

            first = self.images()[0]
            css = (
                first.width
            )  # shown at its own size: never stretched (blurred), narrower if the column is
            self._html = AnimationHTML(
                player_html(
                    self.gif(),
                    n_frames=self.n_frames,
                    width=first.width,
                    height=first.height,
                    alt=self._alt,
                    css_width=css,
                )
            )
        return self._html

    def __repr__(self):
        w, h = self._fig.get_size_inches() * self._fig.dpi
        s = "" if self.n_frames == 1 else "s"
        return (
            f"<FrameAnimation: {self.n_frames} frame{s}, {w:.0f} x {h:.0f} pixels; shows itself "
            "in Jupyter, .save_gif(path) or .save_mp4(path) keeps it>"
        )

    def _repr_pretty_(self, p, cycle):
        p.text(repr(self))

    def save_gif(self, path, fps=None, dpi=None):
        """Write the animation as a looping GIF; see :func:`save_gif`. Returns the path."""
        return save_gif(self, path, fps=fps, dpi=dpi)

    def save_mp4(self, path, fps=3, dpi=None):
        """Write the animation as an MP4 video (H.264, with ffmpeg). Returns the path.

        Raises
        ------
        DominoTilingError
            If ffmpeg is not installed (``apt install ffmpeg``, ``conda install
            ffmpeg``); :meth:`save_gif` needs nothing more than pillow.
        """
        from pathlib import Path

        from matplotlib.animation import FFMpegWriter

        fps = _validate.real(fps, "fps", minimum=0.0, strict_minimum=True)
        if dpi is not None:
            dpi = _validate.positive_int(dpi, "dpi", maximum=1200)
        if not FFMpegWriter.isAvailable():
            raise DominoTilingError(
                "saving an MP4 needs ffmpeg, which is not installed (apt install ffmpeg, or conda "
                "install ffmpeg); .save_gif(path) needs nothing more"
            )
        path = Path(path)
        # H.264 needs even sides: pad the frame by at most one pixel
        self.save(
            path,
            writer=FFMpegWriter(
                fps=fps,
                codec="h264",
                extra_args=["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p"],
            ),
            dpi=dpi,
        )
        return path


@keyword_only("draw_frame", "interval", "figsize", "dpi", "step", "max_frames", "captions")
def animate(
    frames,
    *,
    draw_frame=None,
    interval=400,
    figsize=None,
    dpi=100,
    step=1,
    max_frames=None,
    captions=True,
):
    """An animation of a list of frames: a player in Jupyter, a GIF or an MP4 on disk.

    Parameters
    ----------
    frames : iterable
        :class:`~dominotiling.model.frames.Frame` objects (from any ``*_frames()``
        function; see the module docstring), Tilings or Regions; or anything
        `draw_frame` draws.
    draw_frame : callable, optional
        ``draw_frame(frame, ax)`` draws one frame on a cleared Axes; it may return
        a caption string. Default: this module's :func:`draw_frame`. It gets the
        items as given, except that a frame with a ``before`` tiling comes as two
        pictures, which this module's :func:`draw_frame` draws.
    interval : float
        Milliseconds between frames.
    figsize : (float, float), optional
        Inches; by default 5 inches wide (500 pixels), the board's height below
        a title line.
    dpi : int
        Resolution of the embedded or saved pictures (shown at their own pixel
        size, never stretched). The frames are stored in a notebook as one GIF:
        for long animations, fewer frames (`max_frames`) keep it small better
        than a lower resolution does.
    step, max_frames : int
        Keep every `step`-th picture, then at most `max_frames` evenly spaced;
        the first and last are always kept (see :func:`subsample`). Applied after
        a step is split into its two pictures.
    captions : bool
        Show the caption returned by the drawing function as a title: one line,
        12 points, smaller only where a long caption needs it.

    Returns
    -------
    FrameAnimation
        A matplotlib ``FuncAnimation`` with ``n_frames``; Jupyter shows it as a
        player, ``.save_gif(path)`` and ``.save_mp4(path)`` write it;
        :func:`to_html` gives the player's HTML.

    Raises
    ------
    DominoTilingError
        If there are no frames, or `step`, `max_frames`, `interval`, `dpi` or
        `figsize` are out of range.
    DominoTypeError
        If a frame is not one :func:`draw_frame` knows (and no `draw_frame` is
        given), or an argument has the wrong type.

    See Also
    --------
    animate_kuhn, animate_shuffling, animate_glauber
    Frame

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
    from matplotlib.figure import Figure

    if draw_frame is not None and not callable(draw_frame):
        raise DominoTypeError(
            f"draw_frame must be a function(frame, ax), got {type(draw_frame).__name__}"
        )
    interval = _validate.real(interval, "interval", minimum=0.0, strict_minimum=True)
    dpi = _validate.positive_int(dpi, "dpi", maximum=1200)
    captions = _validate.boolean(captions, "captions")
    if figsize is not None:
        figsize = _figsize(figsize)
    if frames is None or isinstance(frames, (str, bytes)) or not hasattr(frames, "__iter__"):
        raise DominoTypeError(
            f"frames must be a list of frames (Frame, Tiling or Region objects), "
            f"got {type(frames).__name__}"
        )
    items = subsample(_pictures(frames, convert=draw_frame is None), step, max_frames)
    if not items:
        raise DominoTilingError("no frames to animate: the list is empty")
    draw = globals()["draw_frame"] if draw_frame is None else draw_frame
    if figsize is None:
        figsize = _default_figsize(_shape_of(items[0]), captions)
    fig = Figure(figsize=figsize, dpi=dpi)
    size, top = _title_layout(fig) if captions else (0.0, 0.99)
    ax = fig.add_axes((0.01, 0.01, 0.98, top - 0.01))

    def update(i):
        ax.clear()
        caption = draw(items[i], ax)
        if captions and caption:
            text, fs = _fit_title(str(caption), size, figsize[0])
            ax.set_title(text, fontsize=fs, pad=4)
        return []

    anim = _frame_animation_class()(fig, update, len(items), interval)
    first = getattr(getattr(items[0], "frame", None), "title", "") or ""
    anim._alt = f"an animation of {len(items)} frames" + (f": {first}" if first else "")
    return anim


_CLASSES = {}


def _frame_animation_class():
    """``FrameAnimation``: :class:`_FrameAnimation` over matplotlib's ``FuncAnimation``, built once."""
    if "FrameAnimation" not in _CLASSES:
        from matplotlib.animation import FuncAnimation

        cls = type(
            "FrameAnimation",
            (_FrameAnimation, FuncAnimation),
            {"__module__": __name__, "__doc__": _FrameAnimation.__doc__},
        )
        _CLASSES["FrameAnimation"] = cls
    return _CLASSES["FrameAnimation"]


def __getattr__(name):
    if name == "FrameAnimation":  # built on first use: importing this module imports no matplotlib
        return _frame_animation_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------------ one-liners
def _one_liner(frames, kwargs, max_frames=60, interval=None):
    kwargs.setdefault("max_frames", max_frames)
    if interval is not None:
        kwargs.setdefault("interval", interval)
    return animate(frames, **kwargs)


def animate_kuhn(region, *, seed=None, **kwargs):
    """Kuhn's algorithm tiling `region`, one augmenting path per step, as an animation.

    Each step is shown twice: the partial tiling with the augmenting path
    (thick red, through the cell centres), then the tiling after the flip.

    Parameters
    ----------
    region : Region
    seed : None, int or numpy.random.Generator
        Order of the starting cells (:func:`~dominotiling.matching.matchings.kuhn_frames`).
    **kwargs
        For :func:`animate` (``max_frames`` is 60 unless given).

    Returns
    -------
    FrameAnimation

    See Also
    --------
    kuhn_frames, animate

    Examples
    --------
    >>> from dominotiling import Region
    >>> animate_kuhn(Region.rectangle(2, 4), seed=0, dpi=30).n_frames
    8
    """

    return _one_liner(kuhn_frames(region, seed=seed), kwargs)


def _draw_order(last):
    """A drawing function for shuffling frames: the diamond in its types, at the scale of order `last`."""

    def draw(frame, ax):
        from .views import draw_aztec

        tiling = frame.tiling
        k = tiling.region.shape[0] // 2
        draw_aztec(tiling, ax=ax)
        ax.set_xlim(k - last, k + last)  # centred, the scale of the last order throughout
        ax.set_ylim(k + last, k - last)
        return frame.title

    return draw


def animate_shuffling(n, *, seed=None, weights=None, **kwargs):
    """Domino shuffling growing an Aztec diamond from order 1 to `n`, as an animation.

    The diamonds are drawn in the colours of their domino types
    (:func:`~dominotiling.viz.views.draw_aztec`), centred and at the scale of
    order `n` throughout, so the frozen corners can be watched forming.

    Parameters
    ----------
    n : int
        The last order.
    seed, weights
        As for :func:`~dominotiling.aztec.shuffling.shuffle_frames`.
    **kwargs
        For :func:`animate` (``max_frames`` is 60 and ``interval`` 300 ms unless given).

    Returns
    -------
    FrameAnimation

    See Also
    --------
    shuffle_frames, animate

    Examples
    --------
    >>> anim = animate_shuffling(5, seed=1, dpi=30)
    >>> anim.n_frames
    5
    """

    frames = shuffle_frames(n, seed=seed, weights=weights)
    kwargs.setdefault("draw_frame", _draw_order(frames[-1].tiling.region.shape[0] // 2))
    if "figsize" not in kwargs:
        kwargs["figsize"] = _default_figsize((1, 1), kwargs.get("captions", True))
    return _one_liner(frames, kwargs, interval=300)


@keyword_only("k", "adjacency")
def animate_coloring(tiling, *, k=5, adjacency="side", **kwargs):
    """Colouring the dominoes of `tiling` one by one, Kempe swaps ringed, as an animation.

    Parameters
    ----------
    tiling : Tiling
    k, adjacency
        As for :func:`~dominotiling.matching.color.color_frames`.
    **kwargs
        For :func:`animate` (``max_frames`` is 60 unless given).

    Returns
    -------
    FrameAnimation

    See Also
    --------
    color_frames, animate

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> animate_coloring(find_tiling(Region.rectangle(2, 4)), k=4, dpi=30).n_frames
    5
    """

    return _one_liner(color_frames(tiling, k=k, adjacency=adjacency), kwargs)


def _wilson_pick(frames, most):
    """At most `most` Wilson frames that tell the story: every erasure (and the walk just before it) first."""
    n = len(frames)
    if n <= most:
        return list(frames)
    keep = {0, n - 1}
    erase = [k for k, f in enumerate(frames) if f.event == "erase"]
    for k in erase[: max(1, (most - 2) // 4)]:  # a few loops, each seen closing and then erased
        keep.update((k - 1, k))
    attach = [k for k, f in enumerate(frames) if f.event == "attach"]
    room = most - len(keep)
    if room > 0 and attach:
        keep.update(
            attach[i]
            for i in np.unique(
                np.linspace(0, len(attach) - 1, min(room, len(attach))).round().astype(int)
            )
        )
    room = most - len(keep)
    if room > 0:
        rest = [k for k in range(n) if k not in keep]
        keep.update(
            rest[i] for i in np.unique(np.linspace(0, len(rest) - 1, room).round().astype(int))
        )
    keep = sorted(keep)
    if len(keep) > most:
        keep = keep[: most - 1] + [n - 1]
    return [frames[k] for k in keep]


def _graph_drawer(G):
    """A drawing function for Wilson frames of a networkx graph: its nodes where they lie, or laid out."""
    import networkx as nx

    nodes = list(G)
    if nodes and all(
        isinstance(v, tuple)
        and len(v) == 2
        and all(isinstance(c, (int, float, np.integer, np.floating)) for c in v)
        for v in nodes
    ):
        xy = np.array([(float(v[1]), float(v[0])) for v in nodes])  # (row, col) as on a board
        flip = True
    else:
        pos = nx.spring_layout(G, seed=0) if len(nodes) > 1 else {v: (0.0, 0.0) for v in nodes}
        xy = np.array([pos[v] for v in nodes], dtype=float).reshape(-1, 2)
        flip = False
    index = {v: k for k, v in enumerate(nodes)}
    all_edges = np.array(
        [(index[a], index[b]) for a, b in G.edges() if a != b], dtype=np.int64
    ).reshape(-1, 2)

    def draw(frame, ax):
        from matplotlib.collections import LineCollection
        from matplotlib.patheffects import withStroke

        parent = np.asarray(frame.parent)
        ax.set_aspect("equal")
        if len(all_edges):
            ax.add_collection(
                LineCollection(xy[all_edges], colors=(0.82, 0.82, 0.82), linewidths=1.0, zorder=1)
            )
        v = np.flatnonzero(parent >= 0)
        if len(v):
            ax.add_collection(
                LineCollection(
                    np.stack([xy[v], xy[parent[v]]], axis=1),
                    colors="black",
                    linewidths=2.2,
                    capstyle="round",
                    zorder=2,
                )
            )
        in_tree = parent != -2
        ax.scatter(
            xy[~in_tree, 0],
            xy[~in_tree, 1],
            s=16,
            c="white",
            edgecolors=(0.55, 0.55, 0.55),
            zorder=3,
        )
        ax.scatter(xy[in_tree, 0], xy[in_tree, 1], s=16, c="black", zorder=3)
        root = np.flatnonzero(parent == -1)
        ax.scatter(xy[root, 0], xy[root, 1], s=70, c=[_HIGHLIGHT], edgecolors="black", zorder=5)
        path = np.asarray(frame.path, dtype=np.int64)
        if len(path):
            ax.plot(
                xy[path, 0],
                xy[path, 1],
                color=_HIGHLIGHT,
                lw=2.5,
                zorder=4,
                path_effects=[withStroke(linewidth=5, foreground="white")],
            )
            ax.plot(xy[path[-1], 0], xy[path[-1], 1], "o", color=_HIGHLIGHT, ms=7, zorder=4)
        pad = 0.6 if flip else 0.08 * max(np.ptp(xy[:, 0]) if len(xy) else 1, 1e-9)
        if len(xy):
            ax.set_xlim(xy[:, 0].min() - pad, xy[:, 0].max() + pad)
            lo, hi = xy[:, 1].min() - pad, xy[:, 1].max() + pad
            ax.set_ylim((hi, lo) if flip else (lo, hi))
        ax.set_axis_off()
        return frame.title

    return draw


def animate_wilson(G, *, seed=None, root=None, **kwargs):
    """Wilson's algorithm growing a uniform spanning tree by loop-erased walks, as an animation.

    The tree grown so far is black, the current walk red, the root a red dot.
    Of a long run, the frames kept (``max_frames``, 60 unless given) always
    include the first loops being erased -- the walk closing a loop, then the
    loop gone -- and end with the whole tree.

    Parameters
    ----------
    G : (int, int) or networkx.Graph
        A grid shape ``(m, n)`` (drawn as its cells), or a networkx graph (drawn
        with its nodes where they lie if they are ``(row, col)`` pairs, as in
        ``networkx.grid_2d_graph``, else by a spring layout with seed 0), as for
        :func:`~dominotiling.trees.wilson.wilson_frames`.
    seed, root
        As for :func:`~dominotiling.trees.wilson.wilson_frames`.
    **kwargs
        For :func:`animate` (``max_frames`` is 60 unless given).

    Returns
    -------
    FrameAnimation

    See Also
    --------
    wilson_frames, animate

    Examples
    --------
    >>> animate_wilson((3, 3), seed=1, dpi=30).n_frames <= 60
    True
    >>> import networkx as nx
    >>> animate_wilson(nx.cycle_graph(6), seed=1, dpi=30).n_frames > 1
    True
    """
    import networkx as nx

    frames = wilson_frames(G, seed=seed, root=root)
    most = kwargs.pop("max_frames", 60)
    most = _validate.integer(most, "max_frames", minimum=2)
    frames = _wilson_pick(frames, most)
    if isinstance(G, nx.Graph):
        kwargs.setdefault("draw_frame", _graph_drawer(G))
        kwargs.setdefault("figsize", _default_figsize((1, 1), kwargs.get("captions", True)))
    return animate(frames, max_frames=most, **kwargs)


@keyword_only("steps")
def animate_glauber(tiling, *, steps, seed=None, **kwargs):
    """Glauber dynamics (random flips of 2x2 blocks) run for `steps` steps, as an animation.

    Parameters
    ----------
    tiling : Tiling
        The starting tiling, e.g. ``min_tiling(region)``.
    steps : int
    seed
        As for :func:`~dominotiling.sampling.mcmc.glauber_frames`.
    **kwargs
        For :func:`animate` (``max_frames`` is 60 unless given: the frames are
        taken evenly over the run).

    Returns
    -------
    FrameAnimation

    See Also
    --------
    glauber_frames, animate

    Examples
    --------
    >>> from dominotiling import Region, min_tiling
    >>> animate_glauber(min_tiling(Region.rectangle(4, 4)), steps=200, seed=1, max_frames=8, dpi=30).n_frames
    8
    """

    most = kwargs.get("max_frames", 60)
    return _one_liner(glauber_frames(tiling, steps=steps, seed=seed, max_frames=most), kwargs)


def to_html(anim, default_mode="loop"):
    """The animation as the HTML a notebook shows: a looping GIF that a script turns into a player.

    For an animation from :func:`animate` (and ``default_mode="loop"``) this is
    what Jupyter displays: the frames are stored once, as an animated GIF that
    plays and loops by itself wherever the page is shown (a code host, an
    untrusted notebook); where scripts run (JupyterLab, the classic Notebook,
    an exported HTML page) the script adds the controls (first, previous,
    play/pause, next, last, a slider, the speed) and the frame counter, and
    starts playing at once (see :mod:`dominotiling.viz.player`). For other
    matplotlib animations, or another `default_mode`, matplotlib's own player
    (``anim.to_jshtml()``, every frame a PNG).

    Parameters
    ----------
    anim : matplotlib.animation.Animation
    default_mode : {"loop", "once", "reflect"}

    Returns
    -------
    AnimationHTML
        A ``str`` that Jupyter renders as the player.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> html = to_html(animate([find_tiling(Region.rectangle(2, 2))], dpi=20))
    >>> "data:image/gif;base64," in html and "frame " in html
    True
    """
    from matplotlib.animation import Animation

    _validate.instance(anim, "anim", Animation, "make one with animate(frames)")
    _validate.choice(default_mode, "default_mode", ("loop", "once", "reflect"))
    if isinstance(anim, _FrameAnimation) and default_mode == "loop":
        return anim._repr_html_()
    return AnimationHTML(anim.to_jshtml(default_mode=default_mode))


def save_gif(frames, path, fps=None, dpi=None, **kwargs):
    """Write a looping animated GIF (pillow), the same one a notebook shows.

    Parameters
    ----------
    frames : list or FrameAnimation
        Frames for :func:`animate` (with `kwargs`), or a ready animation from it.
    path : str or path-like
        A file name ending in ``.gif``; its folder must exist.
    fps : float, optional
        Frames per second (default: the animation's own pace, ``1000 / interval``).
    dpi : int, optional
        Resolution; the animation's own by default.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    DominoTilingError
        If `path` does not end in ``.gif`` (``.save_mp4`` writes videos), its
        folder does not exist, or `fps` or `dpi` is out of range.
    DominoTypeError
        If `path` is not a str or path, or `frames` is neither frames nor an animation.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from dominotiling import Region, find_tiling
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "one.gif"
    >>> save_gif([find_tiling(Region.rectangle(2, 2))], out, dpi=20).read_bytes()[:6]
    b'GIF89a'
    >>> save_gif([find_tiling(Region.rectangle(2, 2))], out.with_suffix(".png"))
    Traceback (most recent call last):
    ...
    dominotiling.errors.DominoTilingError: save_gif writes GIF files: give a path ending in .gif, not '.png' (save_mp4 writes videos)
    """
    import os
    from pathlib import Path

    from matplotlib.animation import Animation

    if not isinstance(path, (str, os.PathLike)):
        raise DominoTypeError(f"path must be a str or a path, got {type(path).__name__}")
    path = Path(path)
    if path.suffix.lower() != ".gif":
        raise DominoTilingError(
            f"save_gif writes GIF files: give a path ending in .gif, not {path.suffix or path.name!r} "
            "(save_mp4 writes videos)"
        )
    if not path.parent.is_dir():
        raise DominoTilingError(
            f"cannot write {str(path)!r}: the folder {str(path.parent)!r} does not exist"
        )
    if fps is not None:
        fps = _validate.real(fps, "fps", minimum=0.0, strict_minimum=True, maximum=100.0)
    if dpi is not None:
        dpi = _validate.positive_int(dpi, "dpi", maximum=1200)
    if isinstance(frames, Animation):
        if not isinstance(frames, _FrameAnimation):
            raise DominoTypeError(
                "save_gif takes frames or an animation from animate(frames); for another "
                "matplotlib animation use its .save(path, writer='pillow')"
            )
        anim = frames
    else:
        if frames is None or isinstance(frames, (str, bytes)) or not hasattr(frames, "__iter__"):
            raise DominoTypeError(
                f"frames must be a list of frames or an animation, got {type(frames).__name__}"
            )
        anim = animate(frames, **kwargs)
    data = anim.gif(fps=fps, dpi=dpi)
    path.write_bytes(data)
    return path
