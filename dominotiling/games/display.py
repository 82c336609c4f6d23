"""Rich display in Jupyter: SVG pictures of bones, lines and hands; HTML score tables.

Inside: :func:`bones_svg`, :func:`line_svg`, :func:`hand_svg` (pictures as SVG
text, small enough to keep notebooks light) and the ``*_html`` functions
behind the ``_repr_html_`` of :class:`~dominotiling.games.Line`,
:class:`~dominotiling.games.Game`, :class:`~dominotiling.games.ScoreSheet`,
:class:`~dominotiling.games.SimulationSummary` and
:class:`~dominotiling.games.Rules`.  A long line wraps onto several rows
(``per_row`` bones each), so that all 28 bones stay readable.

Examples
--------
>>> from dominotiling.games import Bone, Line
>>> line = Line()
>>> line.play(Bone(3, 5)); line.play(Bone(5, 5), "right")
>>> svg = line_svg(line)
>>> svg.startswith("<svg") and svg.count("<rect") == 2
True
"""

from html import escape

__all__ = [
    "bones_svg",
    "line_svg",
    "hand_svg",
    "line_html",
    "layout_html",
    "game_html",
    "sheet_html",
    "summary_html",
    "rules_html",
]

_PIPS = {
    0: [],
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}
_U = 20  # pixels per half of a bone


def _half(x, y, value, u):
    """Pips of one square half whose top-left corner is (x, y)."""
    cx, cy = x + u / 2, y + u / 2
    if value in _PIPS:
        r = u * 0.09
        return "".join(
            f'<circle cx="{cx + i * u * 0.27:.1f}" cy="{cy + j * u * 0.27:.1f}" r="{r:.1f}"/>'
            for i, j in _PIPS[value]
        )
    return (
        f'<text x="{cx:.1f}" y="{cy + u * 0.3:.1f}" font-size="{u * 0.8:.0f}" '
        f'text-anchor="middle">{value}</text>'
    )


def _bone(x, y, a, b, vertical=False, face_down=False, u=_U, highlight=False):
    """One bone; (x, y) is its top-left corner; ``a`` is drawn left (or on top)."""
    w, h = (u, 2 * u) if vertical else (2 * u, u)
    fill = "#555" if face_down else ("#fff3c4" if highlight else "#fffdf5")
    out = [
        f'<rect x="{x + 1:.1f}" y="{y + 1:.1f}" width="{w - 2}" height="{h - 2}" rx="3" '
        f'fill="{fill}" stroke="#333"/>'
    ]
    if face_down:
        return "".join(out)
    if vertical:
        out.append(
            f'<line x1="{x + 3:.1f}" y1="{y + u:.1f}" x2="{x + u - 3:.1f}" '
            f'y2="{y + u:.1f}" stroke="#888"/>'
        )
        out.append(_half(x, y, a, u) + _half(x, y + u, b, u))
    else:
        out.append(
            f'<line x1="{x + u:.1f}" y1="{y + 3:.1f}" x2="{x + u:.1f}" '
            f'y2="{y + u - 3:.1f}" stroke="#888"/>'
        )
        out.append(_half(x, y, a, u) + _half(x + u, y, b, u))
    return "".join(out)


def _svg(width, height, body, title=""):
    label = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" fill="#222" '
        f'font-family="sans-serif">{label}{body}</svg>'
    )


def bones_svg(pairs, per_row=14, face_down=(), u=_U, title="", along=()):
    """Oriented pairs laid left to right, doubles across, wrapping every ``per_row`` bones.

    Parameters
    ----------
    pairs : sequence of (int, int)
    per_row : int, optional
    face_down : collection of int, optional
        Indices of bones drawn face down (closed doubles).
    along : collection of int, optional
        Indices of doubles laid lengthwise (drawn like any other bone).
    """
    x, y, body, width = 0.0, 0.0, [], 0.0
    row_h = 2 * u + 6
    for k, (a, b) in enumerate(pairs):
        if k and k % per_row == 0:
            body.append(f'<text x="{x + 2:.0f}" y="{y + u + 4:.0f}" font-size="{u}">&#8617;</text>')
            width = max(width, x + u)
            x, y = 0.0, y + row_h
        double = a == b and k not in along
        body.append(
            _bone(
                x,
                y + (0 if double else u / 2),
                a,
                b,
                vertical=double,
                face_down=k in face_down,
                u=u,
            )
        )
        x += u if double else 2 * u
    width = max(width, x)
    return _svg(max(width, u), y + row_h - 4, "".join(body), title)


def _marks(line, positions):
    """Indices in the chain of the (side, index) positions on the long arms."""
    n_left = len(line.arm("left"))
    marks = {n_left - 1 - k for side, k in positions if side == "left"}
    return marks | {n_left + 1 + k for side, k in positions if side == "right"}


def _cross_svg(line, u):
    """A one-row line whose cross has arms: the arms drawn up and down from the cross."""
    chain, spin = line.chain(), line.spinner_index()
    up, down = line.arm("up"), line.arm("down")
    dark = _marks(line, line.face_down())
    along = _marks(line, line.lengthwise())
    dark_arm = {(side, k) for side, k in line.face_down() if side in ("up", "down")}
    extent = [sum(u if a == b else 2 * u for a, b in arm) for arm in (up, down)]
    cy = extent[0] + u
    body, x, sx = [], 0.0, 0.0
    for k, (a, b) in enumerate(chain):
        double = a == b and k not in along
        if k == spin:
            sx = x + (u / 2 if double else u)
        body.append(
            _bone(
                x, cy - u if double else cy - u / 2, a, b, vertical=double, face_down=k in dark, u=u
            )
        )
        x += u if double else 2 * u
    for arm, sign, side in ((up, -1, "up"), (down, 1, "down")):
        cursor = cy + sign * u
        for k, (inner, outer) in enumerate(arm):
            h = u if inner == outer else 2 * u
            top = cursor - h if sign < 0 else cursor
            if inner == outer:
                body.append(_bone(sx - u, top, inner, outer, face_down=(side, k) in dark_arm, u=u))
            else:
                a, b = (outer, inner) if sign < 0 else (inner, outer)
                body.append(
                    _bone(
                        sx - u / 2, top, a, b, vertical=True, face_down=(side, k) in dark_arm, u=u
                    )
                )
            cursor += sign * h
    return _svg(x, cy + u + extent[1], "".join(body), str(line))


def line_svg(line, per_row=14, u=_U):
    """The line on the table: the main chain wrapped in rows, the cross's arms up and down.

    A chain of up to ``per_row`` bones is drawn as it lies, the arms of a cross
    going up and down from it; a longer chain wraps onto further rows (read
    left to right), and the arms are then drawn as rows of their own below.
    """
    chain = line.chain()
    if not chain:
        return _svg(2 * u, u, "", "an empty line")
    arms = line.arm("up") or line.arm("down")
    if arms and len(chain) <= per_row:
        return _cross_svg(line, u)
    down = _marks(line, line.face_down())
    parts = [
        bones_svg(chain, per_row, down, u, title=str(line), along=_marks(line, line.lengthwise()))
    ]
    for side in ("up", "down"):
        arm = line.arm(side)
        if arm:
            marks = {k for s, k in line.face_down() if s == side}
            parts.append(
                f"<div style='font:11px sans-serif'>{side} arm of the cross "
                f"({line.spinner_value()}-{line.spinner_value()}):</div>"
                + bones_svg(arm, per_row, marks, u)
            )
    return parts[0] if len(parts) == 1 else "".join(parts)


def hand_svg(bones, u=_U, title=""):
    """Bones held upright side by side."""
    body = "".join(
        _bone(k * (u + 3), 0, b.low, b.high, vertical=True, u=u) for k, b in enumerate(bones)
    )
    return _svg(max(1, len(bones)) * (u + 3), 2 * u, body, title)


def layout_html(layout, per_row=14, u=_U):
    """Trains, a chicken foot or a sausage: one labelled row of bones per branch."""
    rows = []
    for label, pairs in layout.branches():
        rows.append(
            f"<div style='font:11px sans-serif'>{escape(label)}</div>"
            + (bones_svg(pairs, per_row, (), u, title=label) if pairs else "")
        )
    ends = ", ".join(f"{s} {v}" for s, v in layout.open_ends().items()) or "none"
    return (
        f"<div>{''.join(rows)}<div style='font:12px sans-serif'>{len(layout)} bones; "
        f"open: {escape(ends)}</div></div>"
    )


def line_html(line):
    from .line import Line

    if not isinstance(line, Line):
        return layout_html(line)
    picture = line_svg(line)
    ends = ", ".join(f"{s} {v}" for s, v in line.open_ends().items()) or "none"
    return (
        f"<div>{picture}<div style='font:12px sans-serif'>{len(line)} bones; open ends: "
        f"{escape(ends)}; count {line.count()}</div></div>"
    )


def _table(header, rows, caption=""):
    cap = f"<caption style='text-align:left'>{escape(caption)}</caption>" if caption else ""
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join(
        "<tr>" + "".join(f"<td style='text-align:right'>{c}</td>" for c in r) + "</tr>"
        for r in rows
    )
    return f"<table>{cap}<tr>{head}</tr>{body}</table>"


def sheet_html(sheet, last=12):
    """The score sheet: the last ``last`` rounds (points in hand / written), then the totals."""
    players = sheet.players
    header = ["round"] + [str(p) for p in players]
    rows = []
    start = max(0, len(sheet._log) - last)
    for k, (points, how, written) in enumerate(sheet._log[start:], start=start + 1):
        account = sheet._account
        cells = [f"{k}{' (fish)' if how == 'fish' else ''}"]
        for p in players:
            w = written[p]
            cells.append(f"{points[account[p]]} &rarr; {w:+d}" if w else f"{points[account[p]]}")
        rows.append(cells)
    total = ["<b>written</b>"]
    for p in players:
        text = f"<b>{sheet.score(p)}</b>"
        if sheet.remembered(p):
            text += f" <span style='color:#b8860b'>+{sheet.remembered(p)}</span>"
        total.append(text)
    rows.append(total)
    caption = f"{sheet.rules.name}"
    if start:
        caption += f" (last {last} of {len(sheet._log)} rounds)"
    status = []
    if sheet.carried:
        status.append(f"carried {sheet.carried}")
    if sheet.losers:
        status.append("lost: " + ", ".join(map(str, sheet.losers)))
    if sheet.winners:
        status.append("won: " + ", ".join(map(str, sheet.winners)))
    if sheet.is_draw:
        status.append("a draw")
    note = f"<div style='font:12px sans-serif'>{escape('; '.join(status))}</div>" if status else ""
    return _table(header, rows, caption) + note


def game_html(game):
    state = (
        "the match is over"
        if game.over
        else (f"round {game.round_number + 1}, seat {game.turn} to move")
    )
    hands = "".join(
        f"<div style='font:12px sans-serif'>seat {s} ({len(game.hand(s))} bones)"
        f"{' &larr; to move' if s == game.turn and not game.over else ''}</div>"
        + hand_svg(game.hand(s))
        for s in range(game.n_players)
    )
    return (
        f"<div><b>{escape(game.rules.name)}</b>, {game.n_players} players: {state}; "
        f"bazaar {game.bazaar_size}{line_html(game.line)}{hands}{sheet_html(game.sheet)}</div>"
    )


def summary_html(summary):
    header = ["seat", "player", "win rate"] + (["goat rate"] if summary.has_goat else [])
    rows = [
        [s, escape(summary.player_names[s]), f"{summary.win_rates[s]:.3f}"]
        + ([f"{summary.goat_rates[s]:.3f}"] if summary.has_goat else [])
        for s in range(summary.n_players)
    ]
    foot = (
        f"<div style='font:12px sans-serif'>{summary.mean_rounds:.2f} rounds per match; "
        f"{summary.mean_round_length:.2f} bones per round; fish {100 * summary.fish_rate:.1f}%"
        f", blocked {100 * summary.blocked_rounds / max(1, summary.n_rounds):.1f}% "
        f"of rounds</div>"
    )
    caption = f"{summary.rules_name}: {summary.n_games} matches, {summary.n_players} players"
    return _table(header, rows, caption) + foot


def rules_html(rules):
    from dataclasses import fields

    default = type(rules)()
    rows = [
        [f.name, escape(repr(getattr(rules, f.name)))]
        for f in fields(rules)
        if f.init and f.name != "name" and getattr(rules, f.name) != getattr(default, f.name)
    ]
    return _table(
        ["field", "value (where it differs from the defaults)"], rows, f"Rules: {rules.name}"
    )
