"""Rich display in Jupyter: SVG lines and hands, HTML score tables, small outputs."""

import re

import matplotlib
import pytest

from dominotiling.games import (
    Bone,
    Game,
    Line,
    Rules,
    ScoreSheet,
    double_set,
    draw_line,
    greedy_player,
    longest_line,
    random_player,
    simulate,
)
from dominotiling.games.display import bones_svg, hand_svg, line_svg

matplotlib.use("Agg")


def full_line():
    n, chain = longest_line(double_set(6), return_line=True)
    line = Line()
    line.play(Bone(*chain[0]))
    for a, b in chain[1:]:
        line.play(Bone(a, b), "right")
    return line


def test_a_28_bone_line_wraps_and_stays_small():
    line = full_line()
    svg = line_svg(line)
    assert svg.count("<rect") == 28
    assert svg.count("&#8617;") == 1  # two rows of 14
    assert len(svg) < 60_000
    height = float(re.search(r'height="(\d+)"', svg).group(1))
    assert height > 2 * 40  # two rows tall
    assert line_svg(line, per_row=7).count("&#8617;") == 3


def test_pips_are_drawn():
    svg = bones_svg([(6, 6)])
    assert svg.count("<circle") == 12
    assert hand_svg([Bone(0, 0), Bone(1, 2)]).count("<circle") == 3


def test_line_html_shows_the_ends_and_the_count():
    line = Line(spinner=True, spinner_opens="at_once")
    line.play(Bone(5, 5))
    line.play(Bone(5, 2), "up")
    html = line._repr_html_()
    assert "<svg" in html and html.count("<rect") == 2 and "count" in html
    assert "open ends: left 5, right 5, up 2, down 5" in html


def test_a_wrapped_line_draws_the_arms_as_rows():
    line = Line(spinner=True, spinner_opens="at_once")
    line.play(Bone(6, 6))
    for a, b in [
        (6, 0),
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 4),
        (4, 5),
        (5, 0),
        (0, 2),
        (2, 4),
        (4, 0),
        (0, 3),
        (3, 5),
        (5, 1),
        (1, 3),
    ]:
        line.play(Bone(a, b), "right")
    line.play(Bone(6, 1), "up")
    html = line_svg(line)
    assert "up arm of the cross (6-6)" in html and html.count("<rect") == 16


def test_face_down_doubles_are_dark():
    rules = Rules.osel()
    line = Line.for_rules(rules)
    line.play(Bone(1, 2))
    line.play(Bone(1, 1), "left", closed=True)
    assert "[x]" in str(line) and 'fill="#555"' in line_svg(line)


def test_game_shows_line_hands_and_sheet():
    game = Game("kozel", [greedy_player, random_player, random_player], seed=3)
    for _ in range(5):
        game.step()
    html = game._repr_html_()
    assert html.count("seat ") >= 3 and "<table>" in html and "to move" in html
    assert len(html) < 30_000


def test_score_sheet_html_table():
    sheet = ScoreSheet(
        ["Masha", "Alex", "Olya", "Serg"],
        Rules.kozel(),
        remembered={"Masha": 19, "Olya": 7, "Serg": 4},
    )
    sheet.record_totals({"Masha": 0, "Alex": 3, "Olya": 13, "Serg": 5}, out="Masha")
    html = sheet._repr_html_()
    for name in ("Masha", "Alex", "Olya", "Serg"):
        assert f"<th>{name}</th>" in html
    assert "<b>20</b>" in html and "+9" in html and "+3" in html
    assert "13 &rarr; +20" in html


def test_long_sheets_show_the_last_rounds():
    game = Game("classic", [greedy_player, random_player], seed=2)
    game.play_match()
    html = game.sheet._repr_html_(), len(game.rounds)
    assert "written" in html[0]
    if html[1] > 12:
        assert "last 12 of" in html[0]


def test_summary_and_rules_html():
    s = simulate("kozel", 10, 2, [greedy_player, random_player], seed=0, progress=False)
    html = s._repr_html_()
    assert "greedy_player" in html and "win rate" in html and "10 matches" in html
    html = Rules.telephone()._repr_html_()
    assert "first_covered" in html and "house" in html and "max_pip" not in html


def test_draw_line_wraps():
    n, chain = longest_line(double_set(6), return_line=True)
    one = draw_line(chain, per_row=28)
    three = draw_line(chain, per_row=10)
    assert len(three.patches) == len(one.patches)
    assert three.get_ylim()[0] < one.get_ylim()[0] - 2
    assert three.get_xlim()[1] < one.get_xlim()[1] / 2
    with pytest.raises(ValueError):
        draw_line(chain, per_row=0)
