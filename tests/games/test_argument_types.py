"""Arguments of the wrong type get a clean error that names the argument (issue 27).

Every public function and method of :mod:`dominotiling.games` is called with good
arguments but one, which gets values of the wrong kind: None where something is
needed, a str where a number is, an ndarray where a name or a flag is, a tuple or
a number where a bone or a list of bones is, a negative or huge count. Each must
raise the library's :class:`~dominotiling.errors.DominoTypeError` (a ``TypeError``)
or :class:`~dominotiling.errors.DominoTilingError` (a ``ValueError``) -- before,
some 40 of them ended in ``AttributeError``, ``KeyError``, "truth value of an array
is ambiguous" or an endless loop deep inside -- and its message must name the
argument (or the item of it) that was wrong.
"""

import signal
import sys

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

from dominotiling.errors import DominoTilingError  # noqa: E402
from dominotiling.games import (
    Bone,
    ChickenFoot,
    FiveUp,
    FortyTwo,
    Game,
    Line,
    PlayerView,  # noqa: E402
    PokerTable,
    Rules,
    Sausage,
    ScoreSheet,
    Trains,
    double_set,
    doubles_first_player,
    draw_bone,
    draw_hand,
    draw_line,
    forty_two,
    greedy_player,
    hand_points,
    layouts,
    longest_line,
    poker_hand,
    random_player,
    rating_points,
    register,
    simulate,
)

B = Bone
ARRAY = np.array([[1, 2], [3, 4]])
NAMES = np.array(["left", "right"])
INT = [None, "3", 2.5, ARRAY, object()]  # where an int is needed
COUNT = INT + [-1]  # a count: also not negative
BOOL = ["yes", ARRAY, None, 1.5]  # a flag: True or False only
BONE = [None, (1, 2), "1-2", ARRAY, object()]  # one Bone
BONES = [None, 5, "12", ARRAY, [None], [(1, 2)]]  # a list of Bone
RULES = [None, 3, np.array(["kozel"]), object()]  # a Rules object or a rule set's name
NAME = [3, NAMES, object(), ["top"]]  # a name (a str)
VIEW = [None, 3, "view", object()]  # a player's view
AX = [True, "ax", object()]  # None or a matplotlib Axes


def line():
    out = Line()
    out.play(B(6, 6))
    return out


def game():
    return Game("kozel", [greedy_player, greedy_player], seed=1)


def sheet():
    return ScoreSheet(["A", "B"], "kozel")


def table():
    return PokerTable([random_player, random_player], seed=1)


def forty():
    return FortyTwo([None] * 4, seed=1)


def forty_view():
    match = forty()
    return match.view()


HANDS = [double_set(6)[7 * k : 7 * k + 7] for k in range(4)]

# label: (the callable, made fresh for every call; good keyword arguments; {argument: bad values})
CASES = {
    "Bone": (lambda: Bone, dict(a=2, b=5), dict(a=INT, b=INT)),
    "Bone.other": (lambda: B(2, 5).other, dict(value=2), dict(value=INT)),
    "double_set": (lambda: double_set, dict(n=6), dict(n=COUNT + [10**30])),
    "Line": (
        lambda: Line,
        dict(max_pip=6, spinner=False),
        dict(
            max_pip=COUNT,
            spinner=BOOL,
            house=NAME,
            spinner_opens=NAME,
            cross_count=NAME,
            arms_first=BOOL,
        ),
    ),
    "Line.for_rules": (lambda: Line.for_rules, dict(rules=Rules.kozel()), dict(rules=RULES)),
    "Line.arm": (lambda: line().arm, dict(side="left"), dict(side=NAME)),
    "Line.playable_sides": (lambda: line().playable_sides, dict(bone=B(6, 5)), dict(bone=BONE)),
    "Line.can_play": (lambda: line().can_play, dict(bone=B(6, 5)), dict(bone=BONE)),
    "Line.moves": (lambda: line().moves, dict(hand=[B(6, 5)]), dict(hand=BONES)),
    "Line.play": (
        lambda: line().play,
        dict(bone=B(6, 5), side="left"),
        dict(bone=BONE, side=NAME, closed=BOOL, lengthwise=BOOL),
    ),
    "Trains": (
        lambda: Trains,
        dict(max_pip=12, n_players=4),
        dict(
            max_pip=COUNT,
            n_players=COUNT + [10**30],
            engine=["3", 2.5, ARRAY, -1],
            first_turn_train=BOOL,
        ),
    ),
    "Trains.train": (lambda: Trains().train, dict(name="train 0"), dict(name=NAME)),
    "Trains.in_first_turn": (
        lambda: Trains().in_first_turn,
        dict(seat=0),
        dict(seat=INT[1:] + [9]),
    ),
    "Trains.may_draw": (lambda: Trains().may_draw, dict(seat=0), dict(seat=INT[1:] + [9])),
    "Trains.allowed": (lambda: Trains().allowed, dict(seat=0), dict(seat=INT[1:] + [9])),
    "Trains.moves": (
        lambda: Trains().moves,
        dict(hand=[B(12, 5)], seat=0),
        dict(hand=BONES, seat=INT[1:] + [9]),
    ),
    "Trains.play": (
        lambda: Trains().play,
        dict(bone=B(12, 5), side="train 0", seat=0),
        dict(bone=BONE, side=NAME, closed=BOOL, seat=INT[1:] + [9]),
    ),
    "Trains.on_pass": (lambda: Trains().on_pass, dict(seat=0), dict(seat=INT[1:] + [9])),
    "Trains.could_play": (
        lambda: Trains().could_play,
        dict(hands=[[B(1, 2)]] * 4),
        dict(hands=[None, 5, "x", ARRAY, [None], [[(1, 2)]]]),
    ),
    "ChickenFoot": (lambda: ChickenFoot, dict(max_pip=9), dict(max_pip=COUNT, foot_size=COUNT)),
    "ChickenFoot.moves": (lambda: ChickenFoot().moves, dict(hand=[B(9, 9)]), dict(hand=BONES)),
    "ChickenFoot.play": (
        lambda: ChickenFoot().play,
        dict(bone=B(9, 9)),
        dict(bone=BONE, side=NAME, closed=BOOL),
    ),
    "Sausage": (lambda: Sausage, dict(max_pip=6), dict(max_pip=COUNT, cuts=NAME)),
    "Sausage.line": (lambda: Sausage().line, dict(name="top"), dict(name=NAME)),
    "Sausage.moves": (lambda: Sausage().moves, dict(hand=[B(6, 6)]), dict(hand=BONES)),
    "Sausage.play": (
        lambda: Sausage().play,
        dict(bone=B(6, 6)),
        dict(bone=BONE, side=NAME, closed=BOOL),
    ),
    "FiveUp": (lambda: FiveUp, dict(max_pip=6), dict(max_pip=COUNT)),
    "FiveUp.moves": (lambda: FiveUp().moves, dict(hand=[B(6, 6)]), dict(hand=BONES)),
    "FiveUp.play": (
        lambda: FiveUp().play,
        dict(bone=B(6, 6)),
        dict(bone=BONE, side=NAME, closed=BOOL),
    ),
    "layouts.new_layout": (
        lambda: layouts.new_layout,
        dict(rules=Rules.kozel(), n_players=2),
        dict(rules=RULES, n_players=COUNT + [10**30], double=["3", 2.5, ARRAY, -1]),
    ),
    "Rules": (
        lambda: Rules,
        dict(),
        dict(
            name=[None, 3, ARRAY],
            max_pip=COUNT,
            target=["3", 2.5, ARRAY],
            scoring=NAME,
            layout=NAME,
            spinner=BOOL,
        ),
    ),
    "register": (lambda: register, dict(canonical="kozel"), dict(canonical=NAME + [None, ""])),
    "Rules.hand_size": (lambda: Rules.kozel().hand_size, dict(n_players=2), dict(n_players=INT)),
    "Rules.reserve": (
        lambda: Rules.kozel().reserve,
        dict(n_players=2),
        dict(n_players=INT + [[1, 2]]),
    ),
    "Rules.needs_redeal": (
        lambda: Rules.kozel().needs_redeal,
        dict(hand=[B(1, 2)]),
        dict(hand=BONES),
    ),
    "Rules.check_players": (
        lambda: Rules.kozel().check_players,
        dict(n_players=2),
        dict(n_players=INT),
    ),
    "Rules.bone_value": (lambda: Rules.kozel().bone_value, dict(bone=B(1, 2)), dict(bone=BONE)),
    "Rules.by_name": (
        lambda: Rules.by_name,
        dict(name="kozel"),
        dict(name=[None, 3, NAMES, object()]),
    ),
    "ScoreSheet": (
        lambda: ScoreSheet,
        dict(players=["A", "B"], rules="kozel"),
        dict(players=[None, "AB", 2.5, 10**30, object()], rules=RULES),
    ),
    "ScoreSheet.score": (lambda: sheet().score, dict(player="A"), dict(player=[None, 3, object()])),
    "ScoreSheet.add_points": (
        lambda: sheet().add_points,
        dict(player="A", points=5),
        dict(points=["5", 2.5, ARRAY, None]),
    ),
    "ScoreSheet.record_round": (
        lambda: sheet().record_round,
        dict(hands={"A": [], "B": [B(1, 2)]}),
        dict(
            fish=BOOL,
            finished_with=BONES,
            opened_with=[(1, 2), "1-2", ARRAY],
            fisherman=[3, object()],
            opener=[3, object()],
        ),
    ),
    "ScoreSheet.record_totals": (
        lambda: sheet().record_totals,
        dict(totals={"A": 0, "B": 3}),
        dict(
            fish=BOOL,
            finished_with=BONES,
            out=[3, object()],
            fisherman=[3, object()],
            opener=[3, object()],
        ),
    ),
    "hand_points": (
        lambda: hand_points,
        dict(bones=[B(1, 2)], rules="kozel"),
        dict(bones=BONES, rules=RULES),
    ),
    "Game": (
        lambda: Game,
        dict(rules="kozel", players=2, seed=1),
        dict(rules=RULES, players=[None, "2", 2.5, ARRAY, [1, 2]], seed=["1", 2.5, -1, ARRAY]),
    ),
    "Game.hand": (lambda: game().hand, dict(seat=0), dict(seat=INT + [-1, 9])),
    "Game.play_match": (lambda: game().play_match, dict(max_rounds=3), dict(max_rounds=COUNT)),
    "PlayerView": (
        lambda: PlayerView,
        dict(game=game(), seat=0, moves=()),
        dict(game=[None, 3, "game", object()], seat=INT + [9], moves=[None, 3, [3], "x"]),
    ),
    "random_player": (lambda: random_player, dict(view=game().view()), dict(view=VIEW)),
    "greedy_player": (lambda: greedy_player, dict(view=game().view()), dict(view=VIEW)),
    "doubles_first_player": (
        lambda: doubles_first_player,
        dict(view=game().view()),
        dict(view=VIEW),
    ),
    "simulate": (
        lambda: simulate,
        dict(rules="classic", n_games=2, n_players=2, seed=0, progress=False),
        dict(
            rules=RULES,
            n_games=COUNT + [10**30],
            n_players=INT,
            players=[3, "x", [3, 4]],
            progress=BOOL,
        ),
    ),
    "SimulationSummary.plot": (
        lambda: simulate("classic", 2, 2, seed=0, progress=False).plot,
        dict(),
        dict(ax=AX),
    ),
    "longest_line": (
        lambda: longest_line,
        dict(bones=[B(1, 2), B(2, 3)]),
        dict(bones=[None, 5, "12", [None], [(1, "x")]], return_line=BOOL),
    ),
    "rating_points": (
        lambda: rating_points,
        dict(score=5),
        dict(score=COUNT, timeout_score=["5", 2.5, ARRAY, -1]),
    ),
    "poker_hand": (
        lambda: poker_hand,
        dict(bones=[B(0, 0), B(1, 1), B(2, 2), B(3, 3), B(4, 4)]),
        dict(bones=BONES),
    ),
    "PokerTable": (
        lambda: PokerTable,
        dict(players=[random_player] * 2, seed=1),
        dict(players=[None, 3, [3, 4]], seed=["1", 2.5, -1], chips=COUNT, ante=COUNT),
    ),
    "PokerTable.hand": (lambda: table().hand, dict(seat=0), dict(seat=INT + [9])),
    "PokerTable.exchange": (lambda: table().exchange, dict(bones=[]), dict(bones=BONES)),
    "PokerTable.play_match": (lambda: table().play_match, dict(max_hands=2), dict(max_hands=COUNT)),
    "FortyTwo": (
        lambda: FortyTwo,
        dict(players=[None] * 4, seed=1),
        dict(players=[None, 3, [3] * 4], seed=["1", 2.5, -1], target=COUNT),
    ),
    "FortyTwo.from_deal": (
        lambda: FortyTwo.from_deal,
        dict(players=[None] * 4, hands=HANDS),
        dict(
            players=[None, 3, [3] * 4],
            hands=[None, 5, "x", ARRAY, [[None]] * 4],
            dealer=INT + [4],
            target=COUNT,
        ),
    ),
    "FortyTwo.hand": (lambda: forty().hand, dict(seat=0), dict(seat=INT + [4])),
    "FortyTwo.act": (
        lambda: forty().act,
        dict(choice=30),
        dict(choice=["30", 2.5, ARRAY, object()]),
    ),
    "FortyTwo.play_match": (lambda: forty().play_match, dict(max_hands=2), dict(max_hands=COUNT)),
    "forty_two.count_points": (
        lambda: forty_two.count_points,
        dict(bones=[B(5, 5)]),
        dict(bones=BONES),
    ),
    "forty_two.check_bid": (
        lambda: forty_two.check_bid,
        dict(bid=30),
        dict(bid=INT, previous=INT[1:]),
    ),
    "forty_two.followers": (
        lambda: forty_two.followers,
        dict(hand=[B(1, 2)], led=B(1, 3), trump=1),
        dict(hand=BONES, led=BONE, trump=INT[1:] + [7]),
    ),
    "forty_two.trick_winner": (
        lambda: forty_two.trick_winner,
        dict(plays=[B(1, 2), B(1, 3), B(1, 4), B(1, 5)], trump=1),
        dict(plays=BONES, trump=INT[1:] + [7]),
    ),
    "forty_two.settle": (
        lambda: forty_two.settle,
        dict(bid=30, bidders_points=31),
        dict(bid=INT, bidders_points=INT),
    ),
    "forty_two.greedy_player": (
        lambda: forty_two.greedy_player,
        dict(view=forty_view()),
        dict(view=VIEW),
    ),
    "draw_bone": (
        lambda: draw_bone,
        dict(bone=B(1, 2)),
        dict(
            bone=[None, "1-2", ARRAY, object(), (1, "x")],
            ax=AX,
            xy=[None, "xy", (1,), ("a", 0)],
            vertical=BOOL,
            facecolor=[True, object(), "not a colour"],
            pipcolor=[True, object(), "not a colour"],
        ),
    ),
    "draw_hand": (
        lambda: draw_hand,
        dict(bones=[B(1, 2)]),
        dict(bones=[None, 5, "12", [None], [(1, "x")]], ax=AX, title=[3, ARRAY]),
    ),
    "draw_line": (
        lambda: draw_line,
        dict(line=line()),
        dict(line=[None, 5, "12", [None]], ax=AX, title=[3, ARRAY], per_row=COUNT),
    ),
}

CALLS = [
    (label, arg, k)
    for label, (_, _, bad) in CASES.items()
    for arg, values in bad.items()
    for k in range(len(values))
]


def _timeout(*_):
    raise TimeoutError("the call did not return within 10 s")


@pytest.mark.parametrize("label, arg, k", CALLS, ids=[f"{a}-{b}-{c}" for a, b, c in CALLS])
def test_a_wrong_argument_is_refused_by_name(label, arg, k):
    import matplotlib.pyplot as plt

    make, good, bad = CASES[label]
    value = bad[arg][k]
    func = make()
    kwargs = dict(good, **{arg: value})
    if sys.platform != "win32":
        signal.signal(signal.SIGALRM, _timeout)
        signal.alarm(10)
    try:
        with pytest.raises(DominoTilingError) as info:  # DominoTypeError is one too
            func(**kwargs)
    finally:
        if sys.platform != "win32":
            signal.alarm(0)
        plt.close("all")
    err = info.value
    assert isinstance(err, (TypeError, ValueError))
    assert arg in str(err), f"{label}({arg}={value!r}): the message does not name {arg!r}: {err}"


def test_every_public_callable_of_the_package_is_covered():
    """The table above lists every public function, class and method of the package."""
    import inspect

    import dominotiling.games as games

    listed = set(CASES)
    missing = []
    for name in games.__all__:
        obj = getattr(games, name)
        if inspect.ismodule(obj) or (inspect.isclass(obj) and issubclass(obj, BaseException)):
            continue
        if inspect.isclass(obj) and hasattr(
            obj, "_fields"
        ):  # records (named tuples): no checks of their own
            continue
        if inspect.isclass(obj) and name not in listed and name not in ("SimulationSummary",):
            missing.append(name)
        if inspect.isfunction(obj) and name not in listed and inspect.signature(obj).parameters:
            missing.append(name)
    assert missing == []
