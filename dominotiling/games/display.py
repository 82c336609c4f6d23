"""Pictures of bones, hands, lines and tables, and the HTML of a game: one layout (``_picture``,
bones in units of half a bone: a long line wraps onto rows, a cross's arms go up and down, a
face-down double is dark, a table is a labelled row per branch) drawn as SVG (:func:`line_svg`,
the rich display) or with matplotlib (:func:`draw_line`, :func:`draw_hand`, :func:`draw_bone`)."""

from dataclasses import fields
from html import escape

from .. import _validate
from ..errors import DominoTypeError
from .bones import as_pair, as_pairs
from .line import Line

__all__ = ["bones_svg", "line_svg", "hand_svg", "draw_bone", "draw_hand", "draw_line"]

#: The pips of a half, as (column, row) offsets from its centre, rows counted upwards.
_PIPS = {0: [], 1: [(0, 0)], 2: [(-1, 1), (1, -1)], 3: [(-1, 1), (0, 0), (1, -1)]}
_PIPS[4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)]
_PIPS[5] = [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)]
_PIPS[6] = [(i, j) for i in (-1, 1) for j in (1, 0, -1)]
_PIPS[9] = [(i, j) for j in (1, 0, -1) for i in (-1, 0, 1)]
_PIPS[7], _PIPS[8] = _PIPS[6] + [(0, 0)], [p for p in _PIPS[9] if p != (0, 0)]
_Q, _R, _GAP, _U = 0.26, 0.088, 0.3, 20  # pip offset and radius, gap between rows; SVG pixels


class _Picture:
    """Bones ``(a, b, x, y, vertical, dark)`` by their top-left corner, texts ``(x, y, text,
    size)`` and titled groups of bones; y grows downwards."""

    def __init__(self):
        self.bones, self.texts, self.titles, self.width, self.height = [], [], {}, 0.0, 0.0

    def bone(self, a, b, x, y, vertical=False, dark=False, title=None):
        if title:
            self.titles.setdefault(title, []).append(len(self.bones))
        self.bones.append((a, b, x, y, vertical, dark))
        self.width = max(self.width, x + 2 - vertical)
        self.height = max(self.height, y + 1 + vertical)


def _chain(pic, chain, per_row, y=0.0, x0=0.0, dark=(), along=(), line=None):
    """Lay ``chain`` from ``(x0, y)`` in rows of ``per_row``, doubles across; a line's cross
    sends its arms up and down.  Return the next free y."""
    spin = None if line is None else line.spinner_index()
    arms = {} if spin is None else {s: line.arm(s) for s in ("up", "down")}
    extent = {s: sum(1 if a == b else 2 for a, b in arm) for s, arm in arms.items()}
    rows = [chain[i : i + per_row] for i in range(0, len(chain), per_row)] or [[]]
    for r, row in enumerate(rows):
        here, x = spin is not None and spin // per_row == r, x0
        cy = y + 1 + (extent["up"] if here else 0)
        for k, (a, b) in enumerate(row, start=r * per_row):
            across = a == b and k not in along
            pic.bone(a, b, x, cy - (1 if across else 0.5), across, k in dark)
            if k == spin:
                sx = x + (0.5 if across else 1)  # the cross's centre
            x += 1 if across else 2
        if r < len(rows) - 1:
            pic.texts.append((x + 0.1, cy + 0.2, "\u21a9", 1.0))  # the line goes on below
            pic.width = max(pic.width, x + 1)
        v, down = line.spinner_value() if here else None, line.face_down() if here else ()
        for side, sign in (("up", -1), ("down", 1)) if here else ():
            cursor, title = cy + sign, f"{side} arm of the cross ({v}-{v})"
            for k, (inner, outer) in enumerate(arms[side]):
                h, (a, b) = 2 - (inner == outer), (outer, inner) if sign < 0 else (inner, outer)
                top = cursor - h if sign < 0 else cursor
                pic.bone(a, b, sx - 1 + (h == 2) / 2, top, h == 2, (side, k) in down, title)
                cursor += sign * h
        y = cy + 1 + (extent["down"] if here else 0) + _GAP
    pic.height = max(pic.height, y - _GAP)
    return y


def _marks(line, positions):
    """Indices in the chain of the (side, index) positions on the long arms."""
    n = len(line.arm("left"))
    return {n - 1 - k if s == "left" else n + 1 + k for s, k in positions if s in ("left", "right")}


def _picture(table, per_row):
    """The picture of a Line, a layout (one labelled row per branch) or oriented pairs."""
    pic = _Picture()
    if isinstance(table, Line):
        dark, along = _marks(table, table.face_down()), _marks(table, table.lengthwise())
        _chain(pic, table.chain(), per_row, dark=dark, along=along, line=table)
    elif hasattr(table, "branches"):
        y = 0.0
        for label, pairs in table.branches():
            pic.texts.append((0.0, y + 1.3, label, 0.55))
            y = _chain(pic, pairs, per_row, y, x0=4.5)
    else:
        _chain(pic, list(table), per_row)
    return pic


def _svg_half(x, y, value, u):
    cx, cy = x + u / 2, y + u / 2
    if value not in _PIPS:
        return f'<text x="{cx:.1f}" y="{cy + u * 0.3:.1f}" font-size="{u * 0.8:.0f}" text-anchor="middle">{value}</text>'
    return "".join(
        f'<circle cx="{cx + i * u * _Q:.1f}" cy="{cy - j * u * _Q:.1f}" r="{u * _R:.1f}"/>'
        for i, j in _PIPS[value]
    )


def _svg_bone(a, b, x, y, vertical, dark, u):
    (w, h), fill = (u, 2 * u) if vertical else (2 * u, u), "#555" if dark else "#fffdf5"
    out = f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{w - 2}" height="{h - 2}" rx="3" fill="{fill}" stroke="#333"/>'
    if dark:
        return out
    if vertical:  # the dividing line, and the corner of the second half
        (x1, y1, x2, y2), (bx, by) = (x + 3, y + u, x + u - 3, y + u), (x, y + u)
    else:
        (x1, y1, x2, y2), (bx, by) = (x + u, y + 3, x + u, y + u - 3), (x + u, y)
    out += f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#888"/>'
    return out + _svg_half(x, y, a, u) + _svg_half(bx, by, b, u)


def _svg(pic, u=_U, title=""):
    group = {i: t for t, members in pic.titles.items() for i in members}
    body, current = [], None
    for i, (a, b, x, y, vertical, dark) in enumerate(pic.bones):
        if group.get(i) != current:
            body.append("</g>" if current else "")
            body.append(f"<g><title>{escape(group[i])}</title>" if i in group else "")
            current = group.get(i)
        body.append(_svg_bone(a, b, x * u, y * u, vertical, dark, u))
    body.append("</g>" if current else "")
    for x, y, text, size in pic.texts:
        text = escape(text).replace("\u21a9", "&#8617;")
        where = f'x="{x * u:.0f}" y="{y * u:.0f}" font-size="{size * u:.0f}"'
        body.append(f"<text {where}>{text}</text>")
    w, h = max(pic.width, 1) * u, max(pic.height, 0.5) * u
    label = f"<title>{escape(title)}</title>" if title else ""
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" viewBox="0 0 {w:.0f} {h:.0f}" '
    return svg + f'fill="#222" font-family="sans-serif">{label}{"".join(body)}</svg>'


def bones_svg(pairs, per_row=14, face_down=(), u=_U, title="", along=()):
    """Oriented pairs laid left to right, doubles across, wrapping every ``per_row`` bones;
    ``face_down`` and ``along`` hold the indices of bones drawn dark and laid lengthwise."""
    pic = _Picture()
    _chain(pic, [tuple(p) for p in pairs], per_row, dark=set(face_down), along=set(along))
    return _svg(pic, u, title)


def line_svg(line, per_row=14, u=_U):
    """The line on the table: the main chain wrapped in rows, the cross's arms up and down."""
    return _svg(_picture(line, per_row), u, str(line) or "an empty line")


def _hand(pairs, step, x0=0.0):
    """Bones held upright side by side, ``step`` apart."""
    pic = _Picture()
    for k, (a, b) in enumerate(pairs):
        pic.bone(a, b, x0 + k * step, 0, vertical=True)
    return pic


def hand_svg(bones, u=_U, title=""):
    """Bones held upright side by side."""
    return _svg(_hand([(b.low, b.high) for b in bones], 1 + 3 / u), u, title)


def _axes(ax, width=1.0, height=1.0, title=None, figsize=None, dpi=80):
    """``ax`` checked, or new axes (of ``figsize``, else fitting a picture of that size)."""
    if title is not None and not isinstance(title, str):
        raise DominoTypeError(f"title must be None or a str, got {type(title).__name__}")
    if ax is None:
        import matplotlib.pyplot as plt

        scale = min(0.4, 11.0 / max(width, 1.0))
        size = (max(1.5, width * scale + 0.3), max(1.0, height * scale + 0.3))
        ax = plt.subplots(figsize=figsize or size, dpi=dpi)[1]
    else:
        from matplotlib.axes import Axes

        _validate.instance(ax, "ax", Axes, "pass None for a new figure, or plt.subplots()[1]")
    if title is not None:
        ax.set_title(title, fontsize="medium")
    return ax


def _mpl_bone(ax, a, b, cx, cy, vertical, facecolor="ivory", pipcolor="black"):
    """One bone centred at (cx, cy), y upwards; ``a`` on the left (on top when vertical)."""
    from matplotlib.patches import Circle, FancyBboxPatch

    w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
    style = dict(boxstyle="round,pad=0.05,rounding_size=0.12", edgecolor="0.2", lw=1)
    corner = (cx - w / 2 + 0.06, cy - h / 2 + 0.06)
    ax.add_patch(FancyBboxPatch(corner, w - 0.12, h - 0.12, **style, facecolor=facecolor))
    d = (0.0, 0.5) if vertical else (0.5, 0.0)
    line = ([cx - 0.38, cx + 0.38], [cy, cy]) if vertical else ([cx, cx], [cy - 0.38, cy + 0.38])
    ax.plot(*line, color="0.35", lw=0.8)
    for value, hx, hy in ((a, cx - d[0], cy + d[1]), (b, cx + d[0], cy - d[1])):
        if value not in _PIPS:
            ax.text(hx, hy, str(value), ha="center", va="center", fontsize=8, color=pipcolor)
        for i, j in _PIPS.get(value, ()):
            ax.add_patch(Circle((hx + i * _Q, hy + j * _Q), _R, color=pipcolor, lw=0))


def _mpl(pic, ax, title, margin=0.2):
    ax = _axes(ax, pic.width, pic.height, title)
    for a, b, x, y, vertical, dark in pic.bones:
        colours = ("0.35", "0.35") if dark else ("ivory", "black")
        _mpl_bone(ax, a, b, x + 1 - vertical / 2, -(y + 0.5 + vertical / 2), vertical, *colours)
    for x, y, text, size in pic.texts:
        ax.text(x, -y + 0.35 * size, text, ha="left", va="center", fontsize=12 * size)
    ax.set(xlim=(-margin, pic.width + margin), ylim=(-pic.height - margin, margin), aspect="equal")
    ax.set_axis_off()
    return ax


def _pictures(draw):
    """Give a drawing function the sections the three share, before its Examples."""
    others = ", ".join(n for n in ("draw_bone", "draw_hand", "draw_line") if n != draw.__name__)
    shared = "Returns\n    -------\n    matplotlib.axes.Axes\n\n    See Also\n    --------\n    "
    draw.__doc__ = draw.__doc__.replace("Examples", f"{shared}{others}, Line\n\n    Examples", 1)
    return draw


@_pictures
def draw_bone(bone, ax=None, xy=(0.0, 0.0), vertical=False, facecolor="ivory", pipcolor="black"):
    """Draw one bone with its pips.

    Parameters
    ----------
    bone : Bone or (int, int)
        The bone; a pair gives its orientation, the first value on the left (or on top).
    ax, xy, vertical, facecolor, pipcolor : optional
        Where to draw (None: a new figure); the centre of the 2-by-1 bone; upright; colours.

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> len(draw_bone(Bone(2, 6)).patches)   # the tile and 2 + 6 pips
    9
    """
    from matplotlib.colors import is_color_like

    a, b = as_pair(bone, "bone")
    if isinstance(xy, (str, bytes)) or not hasattr(xy, "__len__") or len(xy) != 2:
        raise DominoTypeError(f"xy must be a pair of numbers (x, y), got {type(xy).__name__}")
    cx, cy = (_validate.real(v, f"xy[{k}]") for k, v in enumerate(xy))
    vertical = _validate.boolean(vertical, "vertical")
    for color, name in ((facecolor, "facecolor"), (pipcolor, "pipcolor")):
        if isinstance(color, bool) or not is_color_like(color):
            msg = f"{name} must be a matplotlib colour such as 'ivory', got {color!r}"
            raise DominoTypeError(msg)
    fresh, (w, h) = ax is None, (1.0, 2.0) if vertical else (2.0, 1.0)
    ax = _axes(ax, w, h)
    _mpl_bone(ax, a, b, cx, cy, vertical, facecolor, pipcolor)
    if fresh:
        ax.set(xlim=(cx - w / 2 - 0.2, cx + w / 2 + 0.2), ylim=(cy - h / 2 - 0.2, cy + h / 2 + 0.2))
        ax.set(aspect="equal")
        ax.set_axis_off()
    return ax


@_pictures
def draw_hand(bones, ax=None, title=None):
    """Draw bones upright, side by side, as a player holds them.

    Parameters
    ----------
    bones : sequence of Bone or (int, int)
    ax, title : matplotlib.axes.Axes and str, optional

    Examples
    --------
    >>> from dominotiling.games import double_set
    >>> draw_hand(double_set(1), title="double-one set").get_title()
    'double-one set'
    """
    return _mpl(_hand(as_pairs(bones, "bones"), 1.2, 0.1), ax, title)


@_pictures
def draw_line(line, ax=None, title=None, per_row=14):
    """Draw a line of bones as it lies on the table, from the layout of the SVG pictures:
    doubles across, a cross's arms up and down, face-down doubles dark, a chain wrapping onto
    rows of ``per_row`` bones.

    Parameters
    ----------
    line : Line, layout or sequence of (int, int)
        A :class:`~dominotiling.games.Line`, oriented pairs (as from
        :func:`~dominotiling.games.longest_line`), or a table, one labelled row per branch.
    ax, title, per_row : optional

    Examples
    --------
    >>> from dominotiling.games import double_set, longest_line
    >>> n, chain = longest_line(double_set(6), return_line=True)
    >>> round(draw_line(chain, per_row=10, title="28 bones in three rows").get_ylim()[0])
    -7
    """
    per_row = _validate.positive_int(per_row, "per_row")
    if not (isinstance(line, Line) or hasattr(line, "branches")):
        line = as_pairs(line, "line", also=", a Line or a layout")
    return _mpl(_picture(line, per_row), ax, title)


_div = lambda text: f"<div style='font:12px sans-serif'>{text}</div>"  # noqa: E731


def _table(header, rows, caption=""):
    cap = f"<caption style='text-align:left'>{escape(caption)}</caption>" if caption else ""
    row = lambda r: "".join(f"<td style='text-align:right'>{c}</td>" for c in r)  # noqa: E731
    cells = "".join(f"<tr>{row(r)}</tr>" for r in rows)
    return f"<table>{cap}<tr>{''.join(f'<th>{escape(str(h))}</th>' for h in header)}</tr>{cells}</table>"


def table_html(table):
    """A line or a layout: its picture, its open ends (and a line's count)."""
    ends = escape(table._describe_ends())
    if isinstance(table, Line):
        text = f"{len(table)} bones; open ends: {ends}; count {table.count()}"
        return f"<div>{line_svg(table)}{_div(text)}</div>"
    return f"<div>{_svg(_picture(table, 14))}{_div(f'{len(table)} bones; open: {ends}')}</div>"


def sheet_html(sheet, last=12):
    """The score sheet: the last ``last`` rounds (points in hand / written), then the totals."""
    start, rows = max(0, len(sheet.log) - last), []
    for k, (points, how, written) in enumerate(sheet.log[start:], start=start + 1):
        row = [f"{k}{' (fish)' * (how == 'fish')}"]
        for p in sheet.players:
            held = points[sheet.account(p)]
            row.append(f"{held} &rarr; {written[p]:+d}" if written[p] else f"{held}")
        rows.append(row)

    def total(p):  # with the points remembered
        n = sheet.remembered(p)
        return f"<b>{sheet.score(p)}</b>" + f" <span style='color:#b8860b'>+{n}</span>" * bool(n)

    rows.append(["<b>written</b>"] + [total(p) for p in sheet.players])
    caption = sheet.rules.name + (f" (last {last} of {len(sheet.log)} rounds)" if start else "")
    status = [f"carried {sheet.carried}"] * bool(sheet.carried) + ["a draw"] * sheet.is_draw
    for w, who in (("lost", sheet.losers), ("won", sheet.winners)):
        status += [f"{w}: " + ", ".join(map(str, who))] if who else []
    foot = _div(escape("; ".join(status))) if status else ""
    return _table(["round"] + [str(p) for p in sheet.players], rows, caption) + foot


def game_html(game):
    state = f"round {game.round_number + 1}, seat {game.turn} to move"
    state = "the match is over" if game.over else state
    mark = lambda s: " &larr; to move" * (s == game.turn and not game.over)  # noqa: E731
    hands = "".join(
        _div(f"seat {s} ({len(game.hand(s))} bones){mark(s)}") + hand_svg(game.hand(s))
        for s in range(game.n_players)
    )
    head = f"<b>{escape(game.rules.name)}</b>, {game.n_players} players: {state}; bazaar {game.bazaar_size}"
    return f"<div>{head}{table_html(game.line)}{hands}{sheet_html(game.sheet)}</div>"


def summary_html(s):
    header = ["seat", "player", "win rate"] + ["goat rate"] * s.has_goat
    rows = [[k, escape(s.player_names[k]), f"{s.win_rates[k]:.3f}"] for k in range(s.n_players)]
    for k, row in enumerate(rows):
        row += [f"{s.goat_rates[k]:.3f}"] * s.has_goat
    blocked = 100 * s.blocked_rounds / max(1, s.n_rounds)
    foot = f"{s.mean_rounds:.2f} rounds per match; {s.mean_round_length:.2f} bones per round; fish "
    foot += f"{100 * s.fish_rate:.1f}%, blocked {blocked:.1f}% of rounds"
    caption = f"{s.rules_name}: {s.n_games} matches, {s.n_players} players"
    return _table(header, rows, caption) + _div(foot)


def rules_html(rules):
    """The fields and hook options that differ from the defaults, and the hooks' names."""
    rows = [["scoring", escape(rules.scoring)], ["layout", escape(rules.layout)]]
    for obj in (rules, rules.family, rules.table):
        base, skip = type(obj)(), ("name", "family", "table")
        for f in fields(obj):
            value = getattr(obj, f.name)
            if f.compare and f.name not in skip and value != getattr(base, f.name):
                rows.append([f.name, escape(repr(value))])
    header = ["field", "value (where it differs from the defaults)"]
    return _table(header, rows, f"Rules: {rules.name}")
