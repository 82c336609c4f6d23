"""Bad inputs get clear errors of the library's hierarchy, and change nothing (issues 13 and 19)."""

import ast
import math
import pathlib

import pytest

import dominotiling.games as games
from dominotiling.errors import DominoTilingError, DominoTypeError
from dominotiling.games import (
    Bone,
    Event,
    Game,
    IllegalMoveError,
    Line,
    Move,
    Rules,
    ScoreSheet,
    double_set,
    greedy_player,
    hand_points,
    rating_points,
    simulate,
)

GAMES_DIR = pathlib.Path(games.__file__).parent


def B(a, b):
    return Bone(a, b)


def test_no_bare_builtin_errors_in_the_game_package():
    """Every deliberate error is a DominoTilingError (or a subclass): no bare ValueError, ..."""
    bare = []
    for path in sorted(GAMES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and node.exc is not None:
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(exc, ast.Name) and exc.id in (
                    "ValueError",
                    "TypeError",
                    "RuntimeError",
                    "KeyError",
                ):
                    bare.append(f"{path.name}:{node.lineno} raises {exc.id}")
    assert bare == []


def test_the_package_imports_nothing_above_errors_and_validate():
    allowed = {"errors", "_validate"}
    for path in sorted(GAMES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                names = {node.module} if node.module else {a.name for a in node.names}
                assert names <= allowed, f"{path.name} imports {names}"


# ---------------------------------------------------------------- Game arguments
@pytest.mark.parametrize("players", [2.5, 2.0, True, "2", None])
def test_game_refuses_a_player_count_of_the_wrong_type(players):
    with pytest.raises(DominoTypeError, match="players"):
        Game(Rules.kozel(), players)


@pytest.mark.parametrize("players", [-1, 0, 1, 5])
def test_game_refuses_a_player_count_out_of_range(players):
    with pytest.raises(DominoTilingError, match=f"got {players}$"):
        Game(Rules.kozel(), players)


def test_rules_by_name_and_strings_wherever_rules_are_taken():
    assert Game("kozel", 2, seed=1).rules == Rules.kozel()
    assert ScoreSheet(2, "muggins").rules == Rules.muggins()
    assert hand_points([B(0, 0)], "kozel") == 10
    assert simulate("classic", 3, 2, seed=0, progress=False).rules_name == "classic"
    assert Game.replay("kozel", 2, Game("kozel", [greedy_player] * 2, seed=2).history)
    assert Rules.by_name("Sea-Kozel") == Rules.sea_kozel()
    assert Rules.by_name("морской козёл") == Rules.sea_kozel()
    assert Rules.by_name("kozel", fish_mode="one").fish_mode == "one"


def test_unknown_rules_are_refused_clearly():
    with pytest.raises(DominoTilingError, match="no rule set named 'bridge'; known: .*kozel"):
        Rules.by_name("bridge")
    with pytest.raises(DominoTilingError, match="no rule set named"):
        Game("bridge", 2)
    for bad in (42, None, Rules):
        with pytest.raises(DominoTypeError, match="Rules object or the name of a rule set"):
            Game(bad, 2)
    with pytest.raises(DominoTypeError):
        Rules.by_name(3)


def test_game_refuses_bad_player_functions_and_seeds():
    with pytest.raises(DominoTypeError, match="must be a function"):
        Game("kozel", ["me", "you"])
    with pytest.raises(DominoTypeError, match="seed"):
        Game("kozel", 2, seed=2.5)
    game = Game("kozel", [greedy_player, greedy_player], seed=1)
    with pytest.raises(DominoTilingError, match="max_rounds"):
        game.play_match(max_rounds=0)
    with pytest.raises(DominoTilingError, match="seat"):
        game.hand(7)


# ---------------------------------------------------------------- Rules fields
@pytest.mark.parametrize(
    "target, error",
    [
        (True, DominoTypeError),
        (float("nan"), DominoTypeError),
        (math.inf, DominoTypeError),
        (2.0, DominoTypeError),
        (0, DominoTilingError),
        (-5, DominoTilingError),
    ],
)
def test_rules_refuse_targets_that_would_never_end_a_match(target, error):
    with pytest.raises(error, match="target"):
        Rules(target=target)
    with pytest.raises(error, match="target"):
        Rules.kozel().with_(target=target)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(scoring="bridge"), "scoring"),
        (dict(fish_mode="two"), "fish_mode"),
        (dict(later_opener="loser"), "later_opener"),
        (dict(hand_sizes=((2, 15), (3, 5), (4, 5))), "do not fit"),
        (dict(hand_sizes=((2, 7), (3, 5))), "no hand size for 4"),
        (dict(teams=True), "team play"),
        (dict(target=None), "needs an end"),
        (dict(spinner=1), "spinner"),
        (dict(doubles_per_turn=0), "doubles_per_turn"),
        (dict(bone_values=(((6, 7), 5),)), "double-6"),
        (dict(opening_doubles=(9,)), "opening_doubles"),
    ],
)
def test_bad_rules_are_refused(kwargs, message):
    with pytest.raises(DominoTilingError, match=message):
        Rules(**kwargs)


def test_with_refuses_unknown_fields():
    with pytest.raises(DominoTilingError, match="no field 'targte'"):
        Rules.kozel().with_(targte=50)


# ---------------------------------------------------------------- from_deal, replay
def test_from_deal_refuses_hands_of_the_wrong_size():
    bones = double_set(6)
    with pytest.raises(DominoTilingError, match="deals 7 bones .* hand 0 has 1"):
        Game.from_deal("kozel", 2, [bones[:1], bones[1:8]], bones[8:])
    with pytest.raises(DominoTilingError, match="hand 0 has 20"):
        Game.from_deal("kozel", 2, [bones[:20], bones[20:27]], bones[27:])
    with pytest.raises(DominoTypeError, match="Bone"):
        Game.from_deal("kozel", 2, [[(0, 0)] + bones[1:7], bones[7:14]], bones[14:])


@pytest.mark.parametrize("history", ["deal, play", 5, [1, 2, 3], [None]])
def test_replay_refuses_a_history_of_the_wrong_type(history):
    with pytest.raises(DominoTypeError, match="history"):
        Game.replay("kozel", 2, history)


def test_replay_refuses_an_event_out_of_order():
    game = Game("kozel", [greedy_player] * 2, seed=3)
    game.play_round()
    history = list(game.history)
    history.insert(2, Event("knock", 0, history[2].seat))
    with pytest.raises(IllegalMoveError):
        Game.replay("kozel", 2, history)


# ---------------------------------------------------------------- the sheet
def state(sheet):
    return (
        sheet.scores(),
        {p: sheet.remembered(p) for p in sheet.players},
        sheet.carried,
        list(sheet.rounds),
        sheet.is_over,
    )


@pytest.mark.parametrize("points", [7, 3, -5, 2.5, True])
def test_muggins_add_points_refuses_what_the_rules_cannot_give(points):
    sheet = ScoreSheet(2, Rules.muggins())
    sheet.add_points(0, 10)
    before = state(sheet)
    with pytest.raises(DominoTilingError):
        sheet.add_points(0, points)
    assert state(sheet) == before


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(written={"Z": 3}), "unknown player"),
        (dict(written={"A": -3}), "non-negative"),
        (dict(written=[3, 4]), "map players"),
        (dict(carried=-1), "carried"),
        (dict(remembered={"A": 2.5}), "integer"),
    ],
)
def test_sheet_refuses_a_bad_starting_state(kwargs, message):
    with pytest.raises(DominoTilingError, match=message):
        ScoreSheet(["A", "B"], Rules.kozel(), **kwargs)


def test_partners_share_a_starting_score():
    rules = Rules.kozel(players=4, teams=True)
    sheet = ScoreSheet(list("ABCD"), rules, written={"A": 30})
    assert sheet.scores() == {"A": 30, "B": 0, "C": 30, "D": 0}
    with pytest.raises(DominoTilingError, match="partners share"):
        ScoreSheet(list("ABCD"), rules, written={"A": 30, "C": 20})
    with pytest.raises(DominoTypeError, match="sequence of names"):
        ScoreSheet("ABCD", rules)


@pytest.mark.parametrize(
    "totals, kwargs, message",
    [
        ({"A": 0, "B": 5}, dict(out="Z"), "unknown player"),
        ({"A": 3, "B": 5}, dict(out="A"), "must be 0"),
        ({"A": 0, "B": 5}, dict(out="A", fish=True), "not a fish"),
        ({"A": 0}, {}, "exactly the players"),
        ({"A": -1, "B": 5}, {}, "non-negative"),
        ({"A": 0, "B": 5}, dict(opened_with=(6, 6)), "Bone"),
    ],
)
def test_record_totals_refuses_bad_rounds_and_changes_nothing(totals, kwargs, message):
    sheet = ScoreSheet(["A", "B"], Rules.kozel(), remembered={"B": 4})
    before = state(sheet)
    with pytest.raises(DominoTilingError, match=message):
        sheet.record_totals(totals, **kwargs)
    assert state(sheet) == before


def test_rating_points_refuses_bad_scores():
    for bad in (-1, 2.5, "10", None, True):
        with pytest.raises(DominoTilingError):
            rating_points(bad)


# ---------------------------------------------------------------- bones and lines
def test_bones_and_lines_refuse_bad_values_with_library_errors():
    with pytest.raises(DominoTypeError):
        Bone(1.5, 2)
    with pytest.raises(DominoTilingError):
        Bone(-1, 2)
    with pytest.raises(DominoTilingError, match="no half showing 5"):
        B(2, 3).other(5)
    with pytest.raises(DominoTilingError):
        double_set(-1)
    with pytest.raises(DominoTypeError):
        double_set(2.0)
    with pytest.raises(DominoTilingError):
        Line(max_pip=-1)
    with pytest.raises(DominoTilingError, match="house"):
        Line(spinner=True, house="middle")
    with pytest.raises(DominoTilingError, match="side must be one of"):
        Line().arm("middle")


# ---------------------------------------------------------------- illegal moves change nothing
def snapshot(game):
    return (
        tuple(game.hand(s) for s in range(game.n_players)),
        game.line.chain(),
        game.line.open_ends(),
        game.turn,
        game.bazaar_size,
        list(game.history),
        game.sheet.scores(),
        game.round_number,
        game.over,
        game.can_end_turn,
    )


def test_a_list_of_moves_with_an_illegal_one_changes_nothing():
    bones = double_set(6)
    hands = [
        [B(2, 3), B(2, 4), B(6, 6), B(5, 5), B(0, 6), B(1, 6), B(0, 5)],
        [B(2, 2), B(3, 3), B(1, 3), B(0, 0), B(0, 1), B(1, 1), B(4, 4)],
    ]
    bazaar = [b for b in bones if b not in hands[0] + hands[1]]
    game = Game.from_deal(Rules.telephone(doubles=2), 2, hands, bazaar)
    game.play(B(2, 3))
    before = snapshot(game)
    with pytest.raises(IllegalMoveError):
        game.play([Move(B(2, 2), "left"), Move(B(1, 3), "right")])  # 1-3 is no double
    assert snapshot(game) == before
    with pytest.raises(IllegalMoveError):
        game.play([Move(B(2, 2), "left"), Move(B(4, 4), "left")])
    assert snapshot(game) == before
    with pytest.raises(IllegalMoveError, match="no turn to end"):
        game.end_turn()
    with pytest.raises(IllegalMoveError, match="face down"):
        game.play(Move(B(2, 2), "left", True))  # Telephone closes nothing
    assert snapshot(game) == before


def test_moves_after_the_turn_and_closed_ends_are_refused():
    bones = double_set(6)
    hands = [
        [B(1, 2), B(1, 3), B(0, 4), B(0, 5), B(0, 6), B(3, 4), B(3, 5)],
        [B(1, 1), B(2, 2), B(0, 3), B(1, 4), B(2, 3), B(2, 4), B(2, 5)],
    ]
    bazaar = [b for b in bones if b not in hands[0] + hands[1]]
    rules = Rules.osel().with_(opening_doubles=(), opening_bones=((1, 2),))
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(1, 2))
    game.play(Move(B(1, 1), "left", True))  # 1-1 face down closes the left end
    assert game.line.closed_ends() == {"left": 1} and game.turn == 1 and game.can_end_turn
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="only more doubles"):
        game.play(B(2, 3), "right")
    with pytest.raises(IllegalMoveError, match="end_turn"):
        game.draw()
    assert snapshot(game) == before
    game.end_turn()
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="closed"):
        game.play(B(1, 3), "left")
    assert snapshot(game) == before
