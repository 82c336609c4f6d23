"""Pictures of bones, hands and lines, with pips (matplotlib).

Inside: :func:`draw_bone`, :func:`draw_hand` and :func:`draw_line`.  Each
takes ``ax=None`` (a new figure is made) and returns the Axes; none calls
``plt.show()``.  Matplotlib is imported only when a function is called.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling.games import Bone, Line, draw_line
>>> line = Line()
>>> line.play(Bone(3, 5)); line.play(Bone(5, 5), "right"); line.play(Bone(1, 3), "left")
>>> ax = draw_line(line)
>>> len(ax.patches) > 3
True
"""

from .bones import Bone
from .line import Line

__all__ = ["draw_bone", "draw_hand", "draw_line"]

_Q = 0.25  # offset of the corner pips from the centre of a half
_PIPS = {
    0: [],
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (-1, 0), (-1, -1), (1, 1), (1, 0), (1, -1)],
    7: [(-1, 1), (-1, 0), (-1, -1), (0, 0), (1, 1), (1, 0), (1, -1)],
    8: [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)],
    9: [(i, j) for j in (1, 0, -1) for i in (-1, 0, 1)],
}


def _new_axes(width, height):
    import matplotlib.pyplot as plt

    scale = min(0.4, 11.0 / max(width, 1.0))
    _, ax = plt.subplots(figsize=(max(1.5, width * scale + 0.3), max(1.0, height * scale + 0.3)),
                         dpi=80)
    return ax


def _finish(ax, xmin, xmax, ymin, ymax):
    ax.set_xlim(xmin - 0.2, xmax + 0.2)
    ax.set_ylim(ymin - 0.2, ymax + 0.2)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def _half(ax, value, cx, cy, color):
    from matplotlib.patches import Circle

    if value in _PIPS:
        for i, j in _PIPS[value]:
            ax.add_patch(Circle((cx + i * _Q, cy + j * _Q), 0.085, color=color, lw=0))
    else:
        ax.text(cx, cy, str(value), ha="center", va="center", fontsize=8, color=color)


def draw_bone(bone, ax=None, xy=(0.0, 0.0), vertical=False, facecolor="ivory",
              pipcolor="black"):
    """Draw one bone with its pips.

    Parameters
    ----------
    bone : Bone or (int, int)
        The bone; a pair gives its orientation: the first value is drawn on
        the left (or on top when vertical).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure is made when None.
    xy : (float, float), optional
        The centre of the bone.  A horizontal bone is 2 wide and 1 high.
    vertical : bool, optional
        Draw the bone upright.
    facecolor, pipcolor : color, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_bone(Bone(2, 6))
    >>> len(ax.patches)   # the tile and 2 + 6 pips
    9
    """
    from matplotlib.patches import FancyBboxPatch

    a, b = (bone.low, bone.high) if isinstance(bone, Bone) else bone
    cx, cy = xy
    w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
    fresh = ax is None
    if fresh:
        ax = _new_axes(w, h)
    ax.add_patch(FancyBboxPatch((cx - w / 2 + 0.06, cy - h / 2 + 0.06), w - 0.12, h - 0.12,
                                boxstyle="round,pad=0.05,rounding_size=0.12",
                                facecolor=facecolor, edgecolor="0.2", lw=1))
    if vertical:
        ax.plot([cx - 0.38, cx + 0.38], [cy, cy], color="0.35", lw=0.8)
        _half(ax, a, cx, cy + 0.5, pipcolor)
        _half(ax, b, cx, cy - 0.5, pipcolor)
    else:
        ax.plot([cx, cx], [cy - 0.38, cy + 0.38], color="0.35", lw=0.8)
        _half(ax, a, cx - 0.5, cy, pipcolor)
        _half(ax, b, cx + 0.5, cy, pipcolor)
    if fresh:
        _finish(ax, cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2)
    return ax


def draw_hand(bones, ax=None, title=None):
    """Draw bones upright, side by side, as a player holds them.

    Parameters
    ----------
    bones : sequence of Bone or (int, int)
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling.games import double_set
    >>> ax = draw_hand(double_set(1), title="double-one set")
    >>> ax.get_title()
    'double-one set'
    """
    bones = list(bones)
    width = max(1, len(bones)) * 1.2
    if ax is None:
        ax = _new_axes(width, 2.0)
    for i, bone in enumerate(bones):
        draw_bone(bone, ax, xy=(0.6 + 1.2 * i, 0.0), vertical=True)
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return _finish(ax, 0.0, width, -1.0, 1.0)


def draw_line(line, ax=None, title=None):
    """Draw a line of bones as it lies on the table.

    Doubles lie across the line; the arms of a spinner go up and down.

    Parameters
    ----------
    line : Line or sequence of (int, int)
        A :class:`~dominotiling.games.Line`, or oriented pairs left to right
        (as returned by :func:`~dominotiling.games.longest_line`).
    ax : matplotlib.axes.Axes, optional
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_line([(1, 2), (2, 2), (2, 6)], title="three bones")
    >>> ax.get_title()
    'three bones'
    """
    if isinstance(line, Line):
        chain, spin = line.chain(), line.spinner_index()
        up, down = line.arm("up"), line.arm("down")
    else:
        chain, spin, up, down = [tuple(p) for p in line], None, [], []
    places, x = [], 0.0
    for a, b in chain:
        w = 1.0 if a == b else 2.0
        places.append(((a, b), x + w / 2, 0.0, a == b))
        x += w
    spin_x = places[spin][1] if spin is not None else 0.0
    top = bottom = 1.0
    for arm, sign in ((up, 1), (down, -1)):
        y = 1.0
        for inner, outer in arm:
            h = 1.0 if inner == outer else 2.0
            pair = (outer, inner) if sign > 0 else (inner, outer)
            places.append((pair, spin_x, sign * (y + h / 2), inner != outer))
            y += h
        if sign > 0:
            top = max(top, y)
        else:
            bottom = max(bottom, y)
    if ax is None:
        ax = _new_axes(max(x, 2.0), top + bottom)
    for pair, cx, cy, vertical in places:
        draw_bone(pair, ax, xy=(cx, cy), vertical=vertical)
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return _finish(ax, 0.0, max(x, 2.0), -bottom, top)
