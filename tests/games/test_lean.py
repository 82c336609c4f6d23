"""The lean game package (issue 45): its line budget, an engine that never tests a game's name,
one layout for both renderers, the three readings made options, and ``register``."""

import ast
import pathlib

import matplotlib
import pytest

import dominotiling.games as games
from dominotiling.games import (
    Bone,
    Game,
    Line,
    Move,
    Rules,
    ScoreSheet,
    display,
    double_set,
    draw_line,
    greedy_player,
    hand_points,
    register,
    simulate,
)
from dominotiling.games.families import FAMILIES
from dominotiling.games.layouts import TABLES

matplotlib.use("Agg")

PACKAGE = pathlib.Path(games.__file__).parent
#: The most lines dominotiling/games/ may hold, comments and docstrings included: a ratchet, to
#: be lowered as the package shrinks.  Issue 45 asked 5,500; its rewrite reached 5,792 (from
#: 9,949), a second pass (duplication factored out) 5,747, a third (shared checks, the player
#: functions' shared sections, a generic snapshot of a game, one connectivity test) 5,650, a
#: fourth (the sheet writes what a family scores, one Seats base for poker and 42, shared
#: drawing sections, one-line hooks as the lambdas they override) the 5,500 asked.
BUDGET = 5500


def test_the_package_keeps_within_its_line_budget():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.glob("*.py")}
    assert sum(sizes.values()) <= BUDGET, sorted(sizes.items(), key=lambda kv: -kv[1])


def _game_names():
    names = set(FAMILIES) | set(TABLES)
    for name in Rules.names():
        names |= {name, Rules.by_name(name).name, *Rules.aliases(name)}
    return names - {"draw"}  # "draw" is also the kind of an Event (a bone drawn), not the game


def _compared_strings(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                items = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                for item in items:
                    if isinstance(item, ast.Constant) and isinstance(item.value, str):
                        yield node.lineno, item.value
        elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant):
            yield node.lineno, node.value.value


@pytest.mark.parametrize(
    "module", sorted(p.name for p in PACKAGE.glob("*.py") if not p.name.startswith("variants_"))
)
def test_no_module_but_the_presets_compares_with_a_game_name(module):
    # the engine, the score sheet, the hooks and the pictures call the hooks: no branch on a name
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    hits = [(line, s) for line, s in _compared_strings(tree) if s in _game_names()]
    assert hits == []


def test_the_name_scan_sees_a_comparison():
    tree = ast.parse("if rules.name == 'kozel' or kind in ('x', 'sea_kozel'):\n    pass")
    assert [s for _, s in _compared_strings(tree) if s in _game_names()] == ["kozel", "sea_kozel"]


def _line_with_a_cross():
    line = Line(spinner=True, spinner_opens="at_once")
    line.play(Bone(0, 1))
    for bone, side in [((1, 2), "right"), ((2, 2), "right"), ((2, 3), "up"), ((3, 3), "up")]:
        line.play(Bone(*bone), side)
    for k in range(4, 7):
        line.play(Bone(k - 1 if k > 4 else 2, k), "right")
    return line


def test_svg_and_matplotlib_draw_the_same_layout():
    line = _line_with_a_cross()
    picture = display._picture(line, 3)  # the one layout: wrapped rows and the cross's arms
    assert len(picture.bones) == len(line)
    svg = display.line_svg(line, per_row=3)
    u = display._U
    for *_, x, y, vertical, _dark in picture.bones:
        w, h = (u, 2 * u) if vertical else (2 * u, u)
        assert f'<rect x="{x * u + 1:.1f}" y="{y * u + 1:.1f}" width="{w - 2}"' in svg
    ax = draw_line(line, per_row=3)
    tiles = [p for p in ax.patches if type(p).__name__ == "FancyBboxPatch"]
    drawn = sorted((round(p.get_x(), 6), round(p.get_y(), 6)) for p in tiles)
    laid = []
    for *_, x, y, vertical, _dark in picture.bones:
        w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
        cx, cy = x + 1 - vertical / 2, -(y + 0.5 + vertical / 2)
        laid.append((round(cx - w / 2 + 0.06, 6), round(cy - h / 2 + 0.06, 6)))
    assert drawn == sorted(laid)


def _seven_after_one_one_and_one_four(double_end):
    # kozel_sport_rules_tr.txt, paragraph 747: "(1-1)(1-4)_2+4=6" -- seat 1 lays 1-4 on 1-1
    bones = [b for b in double_set(6) if b not in (Bone(1, 1), Bone(1, 4))]
    hands = [[Bone(1, 1)] + bones[:6], [Bone(1, 4)] + bones[6:12]]
    game = Game.from_deal(Rules.seven(double_end=double_end), 2, hands, bones[12:])
    game.play(Move(Bone(1, 1), "right"))
    game.play(Move(Bone(1, 4), "right"))
    return game


def test_seven_counts_a_double_at_an_end_twice_or_once_T742_T747():
    line = Line()
    line.play(Bone(1, 1))
    line.play(Bone(1, 4), "right")
    assert Rules.seven().family.total(line) == 6  # 2 + 4: seat 1 moves again
    assert Rules.seven(double_end="one").family.total(line) == 5  # 1 + 4: no extra move
    assert _seven_after_one_one_and_one_four("both").turn == 1
    assert _seven_after_one_one_and_one_four("one").turn == 0
    assert Rules.options("seven")["double_end"] == "both"


def test_kozel_fish_bazaar_gives_the_whole_bazaar_reserve_included_M68_T603():
    # seed 13: the first round of greedy players ends in a fish with the reserved bone left
    taking = Game(Rules.kozel(reserve=1, fish_bazaar=True), [greedy_player] * 2, seed=13)
    keeping = Game(Rules.kozel(reserve=1), [greedy_player] * 2, seed=13)
    taken, kept = taking.play_round(), keeping.play_round()
    assert taken.reason == kept.reason == "fish"
    takes = [e for e in taking.history if e.kind == "take"]
    assert len(takes) == 1 and takes[0].info == "bazaar"  # the one bone never drawn in play
    assert takes[0].seat == (taken.fisherman + 1) % 2  # the player after the fisherman
    assert [e for e in taking.history if e.kind != "take"] == keeping.history
    assert taken.hands[takes[0].seat] == kept.hands[takes[0].seat] + (takes[0].bone,)
    points = taking.sheet.log[0][0]
    assert points[takes[0].seat] == hand_points(taken.hands[takes[0].seat], taking.rules)
    assert Rules.kozel().fish_bazaar is False


def test_fives_at_target_ends_the_match_at_once_or_plays_the_hand_out_K187_M440_M473():
    at_once = Game(Rules.muggins(target=20, at_target="at_once"), [greedy_player] * 2, seed=0)
    at_once.play_match()
    last = at_once.rounds[-1]
    assert len(at_once.rounds) == 1 and last.reason == "target" and last.written == (0, 0)
    assert at_once.sheet.scores() == {0: 0, 1: 20} and at_once.sheet.winner == 1
    assert at_once.history[-1].kind == "end" and at_once.history[-1].info == "target"
    played_out = Game(Rules.muggins(target=20), [greedy_player] * 2, seed=0)
    played_out.play_round()
    assert played_out.rounds[0].reason in ("out", "blocked")  # the hand goes on to its end
    cut = len(at_once.history) - 1  # the same play reached 20; the hand then went on
    assert played_out.history[:cut] == at_once.history[:cut]
    assert len(played_out.history) > len(at_once.history)


def test_a_registered_variant_is_a_rule_set_by_name_everywhere(capsys):
    try:

        @register("kozel_51_test", "short goat test", "короткий козёл тест")
        def kozel_51_test(fish_mode="all"):
            """Kozel to 51 (kozel_and_variants_ru.txt, paragraph 54, with 51 for 101)."""
            return Rules.kozel(fish_mode, target=51).with_(name="Kozel to 51")

        assert Rules.by_name("Short Goat Test", fish_mode="one").fish_mode == "one"
        assert Rules.kozel_51_test().target == 51 and "kozel_51_test" in Rules.names()
        assert Rules.options("короткий козёл тест") == {"fish_mode": "all"}
        assert Game("short goat test", [greedy_player] * 2, seed=1).play_match().is_over
        assert ScoreSheet(2, "kozel_51_test").rules.target == 51
        assert simulate("kozel 51 test", 2, 2, seed=0, progress=False).rules_name == "Kozel to 51"
        from dominotiling.cli import main

        assert main(["play", "--rules", "short goat test", "--games", "2"]) == 0
        assert "Kozel to 51" in capsys.readouterr().out
    finally:  # leave the registry as the other tests expect it
        from dominotiling.games import rules

        for key in [k for k, (_, c) in rules._REGISTRY.items() if c == "kozel_51_test"]:
            del rules._REGISTRY[key]
        delattr(Rules, "kozel_51_test")
