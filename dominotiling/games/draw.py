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


def _pair(value, name):
    """``(a, b)``: the pips of a :class:`Bone` or of a pair of non-negative ints; a clear error otherwise."""
    from .. import _validate
    from ..errors import DominoTypeError

    if isinstance(value, Bone):
        return value.low, value.high
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise DominoTypeError(
            f"{name} must be a Bone or a pair of pip values such as (2, 5), "
            f"got {type(value).__name__}"
        )
    return tuple(_validate.nonnegative_int(v, f"{name} value") for v in value)


def _axes(ax):
    """``ax`` if it is None or a matplotlib Axes."""
    if ax is not None:
        from matplotlib.axes import Axes

        from .. import _validate

        _validate.instance(ax, "ax", Axes, "pass None for a new figure, or plt.subplots()[1]")
    return ax


def _title(title):
    if title is not None and not isinstance(title, str):
        from ..errors import DominoTypeError

        raise DominoTypeError(f"title must be None or a str, got {type(title).__name__}")
    return title


def _new_axes(width, height):
    import matplotlib.pyplot as plt

    scale = min(0.4, 11.0 / max(width, 1.0))
    _, ax = plt.subplots(
        figsize=(max(1.5, width * scale + 0.3), max(1.0, height * scale + 0.3)), dpi=80
    )
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


def draw_bone(bone, ax=None, xy=(0.0, 0.0), vertical=False, facecolor="ivory", pipcolor="black"):
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

    See Also
    --------
    draw_line, draw_hand

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_bone(Bone(2, 6))
    >>> len(ax.patches)   # the tile and 2 + 6 pips
    9
    """
    from matplotlib.colors import is_color_like
    from matplotlib.patches import FancyBboxPatch

    from .. import _validate
    from ..errors import DominoTypeError

    a, b = _pair(bone, "bone")
    if isinstance(xy, (str, bytes)) or not hasattr(xy, "__len__") or len(xy) != 2:
        raise DominoTypeError(f"xy must be a pair of numbers (x, y), got {type(xy).__name__}")
    cx, cy = (_validate.real(v, f"xy[{k}]") for k, v in enumerate(xy))
    vertical = _validate.boolean(vertical, "vertical")
    for color, name in ((facecolor, "facecolor"), (pipcolor, "pipcolor")):
        if isinstance(color, bool) or not is_color_like(color):
            raise DominoTypeError(
                f"{name} must be a matplotlib colour such as 'ivory' or '0.3', got {color!r}"
            )
    ax = _axes(ax)
    w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
    fresh = ax is None
    if fresh:
        ax = _new_axes(w, h)
    ax.add_patch(
        FancyBboxPatch(
            (cx - w / 2 + 0.06, cy - h / 2 + 0.06),
            w - 0.12,
            h - 0.12,
            boxstyle="round,pad=0.05,rounding_size=0.12",
            facecolor=facecolor,
            edgecolor="0.2",
            lw=1,
        )
    )
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

    See Also
    --------
    draw_bone, draw_line

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling.games import double_set
    >>> ax = draw_hand(double_set(1), title="double-one set")
    >>> ax.get_title()
    'double-one set'
    """
    if isinstance(bones, (str, bytes, Bone)) or not hasattr(bones, "__iter__"):
        from ..errors import DominoTypeError

        raise DominoTypeError(
            f"bones must be a list of Bone (or of pairs such as (2, 5)), got {type(bones).__name__}"
        )
    bones = [_pair(b, f"bones[{k}]") for k, b in enumerate(bones)]
    ax, title = _axes(ax), _title(title)
    width = max(1, len(bones)) * 1.2
    if ax is None:
        ax = _new_axes(width, 2.0)
    for i, bone in enumerate(bones):
        draw_bone(bone, ax, xy=(0.6 + 1.2 * i, 0.0), vertical=True)
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return _finish(ax, 0.0, width, -1.0, 1.0)


def draw_line(line, ax=None, title=None, per_row=14):
    """Draw a line of bones as it lies on the table.

    Doubles lie across the line; the arms of a cross go up and down from it;
    face-down doubles are dark.  A chain longer than ``per_row`` bones wraps
    onto further rows (read left to right, row after row), so that a line of
    all 28 bones stays readable.

    Parameters
    ----------
    line : Line, layout or sequence of (int, int)
        A :class:`~dominotiling.games.Line`, oriented pairs left to right
        (as returned by :func:`~dominotiling.games.longest_line`), or a
        layout of :mod:`~dominotiling.games.layouts` (trains, a chicken foot,
        a sausage), drawn one labelled row per branch.
    ax : matplotlib.axes.Axes, optional
    title : str, optional
    per_row : int, optional
        The most bones in one row of the picture.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    draw_bone, draw_hand, Line

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_line([(1, 2), (2, 2), (2, 6)], title="three bones")
    >>> ax.get_title()
    'three bones'
    >>> from dominotiling.games import double_set, longest_line
    >>> n, chain = longest_line(double_set(6), return_line=True)
    >>> ax = draw_line(chain, per_row=10)     # 28 bones in three rows
    >>> round(ax.get_ylim()[0]) < -4
    True
    """
    from .. import _validate

    per_row = _validate.positive_int(per_row, "per_row")
    ax, title = _axes(ax), _title(title)
    if not (isinstance(line, Line) or hasattr(line, "branches")):
        from ..errors import DominoTypeError

        if isinstance(line, (str, bytes, Bone)) or not hasattr(line, "__iter__"):
            raise DominoTypeError(
                f"line must be a Line, a layout, or a list of pairs such as (2, 5), "
                f"got {type(line).__name__}"
            )
        line = [_pair(p, f"line[{k}]") for k, p in enumerate(line)]
    if hasattr(line, "branches") and not isinstance(line, Line):
        return _draw_branches(line, ax, title, per_row)
    if isinstance(line, Line):
        chain, spin = line.chain(), line.spinner_index()
        up, down = line.arm("up"), line.arm("down")
        n_left = len(line.arm("left"))
        dark = {n_left - 1 - k for side, k in line.face_down() if side == "left"}
        dark |= {n_left + 1 + k for side, k in line.face_down() if side == "right"}
        dark_arm = {(side, k) for side, k in line.face_down() if side in ("up", "down")}
        along = {n_left - 1 - k for side, k in line.lengthwise() if side == "left"}
        along |= {n_left + 1 + k for side, k in line.lengthwise() if side == "right"}
        chain = [(a, b) if k not in along else _Along((a, b)) for k, (a, b) in enumerate(chain)]
    else:
        chain, spin, up, down, dark, dark_arm = [tuple(p) for p in line], None, [], [], set(), set()
    rows = [chain[i : i + per_row] for i in range(0, len(chain), per_row)] or [[]]
    places, y, width = [], 0.0, 2.0
    spin_row = None if spin is None else spin // per_row
    for r, row in enumerate(rows):
        top = bottom = 1.0
        if r == spin_row:
            top += sum(1.0 if a == b else 2.0 for a, b in up)
            bottom += sum(1.0 if a == b else 2.0 for a, b in down)
        y -= top if r else 0.0
        x, spin_x = 0.0, None
        for k, pair in enumerate(row):
            a, b = pair
            across = a == b and not isinstance(pair, _Along)
            w = 1.0 if across else 2.0
            index = r * per_row + k
            places.append(((a, b), x + w / 2, y, across, index in dark))
            if index == spin:
                spin_x = x + w / 2
            x += w
        width = max(width, x)
        if spin_x is not None:
            for arm, sign, side in ((up, 1, "up"), (down, -1, "down")):
                yy = 1.0
                for k, (inner, outer) in enumerate(arm):
                    h = 1.0 if inner == outer else 2.0
                    pair = (outer, inner) if sign > 0 else (inner, outer)
                    places.append(
                        (
                            pair,
                            spin_x,
                            y + sign * (yy + h / 2),
                            inner != outer,
                            (side, k) in dark_arm,
                        )
                    )
                    yy += h
        if r == 0:
            first_top = top
        y -= bottom
    if ax is None:
        ax = _new_axes(width, first_top - y)
    for pair, cx, cy, vertical, face_down in places:
        draw_bone(
            pair,
            ax,
            xy=(cx, cy),
            vertical=vertical,
            facecolor="0.35" if face_down else "ivory",
            pipcolor="0.35" if face_down else "black",
        )
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return _finish(ax, 0.0, width, y, first_top)


class _Along(tuple):
    """A double laid lengthwise: drawn along the line like any other bone."""


def _draw_branches(layout, ax, title, per_row):
    """A layout's branches (trains, toes, the sausage's lines), one labelled row each."""
    branches = layout.branches()
    width = max([2.0] + [sum(2.0 for _ in pairs[:per_row]) + 4.0 for _, pairs in branches])
    if ax is None:
        ax = _new_axes(width, 1.5 * max(1, len(branches)))
    y = 0.0
    for label, pairs in branches:
        ax.text(0.0, y, label, ha="left", va="center", fontsize=7)
        for k, (a, b) in enumerate(pairs[:per_row]):
            draw_bone((a, b), ax, xy=(4.0 + 2.0 * k + 1.0, y))
        if len(pairs) > per_row:
            ax.text(
                4.0 + 2.0 * per_row + 0.2, y, f"+{len(pairs) - per_row}", va="center", fontsize=7
            )
        y -= 1.5
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return _finish(ax, 0.0, width + 1.0, y + 0.75, 0.75)
