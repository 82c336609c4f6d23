"""Mexican train, Chicken foot and Kolbasa, as the rule documents describe them.

C1 = classic_rules_1_ru.txt, K = kozel_and_variants_ru.txt, T =
kozel_sport_rules_tr.txt; the number after it is the paragraph (the line of
the file).  Positions are dealt by hand with small hands (``hand_sizes``
changed), so that each rule can be watched on its own; a simulation then
checks the rules over whole matches with bookkeeping of its own (markers,
feet, rows).
"""

import pytest

from dominotiling.games import (
    Bone,
    Game,
    IllegalMoveError,
    Move,
    Rules,
    ScoreSheet,
    double_set,
    doubles_first_player,
    greedy_player,
    hand_points,
    random_player,
)
from dominotiling.games.layouts import ChickenFoot, Sausage


def B(a, b):
    return Bone(a, b)


def H(*pairs):
    return [Bone(a, b) for a, b in pairs]


def deal(rules, hands, draws=(), engine=True):
    """Hands as lists of pairs; the bazaar: ``draws`` first, then the rest in set order."""
    hands = [H(*h) for h in hands]
    draws = H(*draws)
    used = {b for h in hands for b in h} | set(draws)
    if rules.layout == "trains" and engine:
        used.add(B(rules.max_pip, rules.max_pip))
    return hands, draws + [b for b in double_set(rules.max_pip) if b not in used]


def sides(game):
    return [(str(m.bone), m.side) for m in game.legal_moves()]


# ---------------------------------------------------------------- Mexican train
TRAINS = Rules.mexican_train(max_pip=9)


def small(rules, size):
    return rules.with_(
        hand_sizes=tuple((n, size) for n in range(rules.min_players, rules.max_players + 1))
    )


def test_mexican_train_own_train_mexican_train_and_markers_C1_362():
    rules = small(TRAINS, 3)
    hands, bazaar = deal(
        rules,
        [[(9, 1), (2, 3), (4, 4)], [(0, 5), (0, 6), (7, 8)], [(9, 2), (1, 7), (8, 8)]],
        draws=[(0, 1), (3, 5)],
    )
    game = Game.from_deal(rules, 3, hands, bazaar)
    assert game.line.first == B(9, 9) and len(game.line) == 1  # the engine in the centre
    # the first player starts their own train or the Mexican train, from the engine
    assert sides(game) == [("1-9", "train 0"), ("1-9", "mexican")]
    game.play(B(9, 1), "train 0")
    # seat 1 holds no 9: draws one bone, which does not fit, and passes with a marker
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.knock()  # must draw first
    assert game.draw() == B(0, 1)
    assert game.legal_moves() == []  # train 0 ends in 1 but has no marker
    with pytest.raises(IllegalMoveError):
        game.draw()  # one bone only
    game.knock()
    assert game.line.markers == {1}
    # seat 2 may use the marked train 1 as well as its own and the Mexican train, never
    # seat 0's train (1-7 would fit its end)
    assert sides(game) == [("2-9", "train 1"), ("2-9", "train 2"), ("2-9", "mexican")]
    with pytest.raises(IllegalMoveError, match="another player's train"):
        game.play(B(1, 7), "train 0")
    game.play(B(9, 2), "train 1")
    game.play(B(2, 3), "train 1")  # seat 0 too may use the marked train
    # seat 1 draws 3-5, plays it on its own train, and takes its marker off
    assert game.draw() == B(3, 5)
    game.play(B(3, 5), "train 1")
    assert game.line.markers == set()


def test_a_double_is_followed_and_then_covered_first_C1_362():
    rules = small(TRAINS.with_(max_players=2), 3)
    hands, bazaar = deal(
        rules, [[(9, 4), (4, 4), (0, 1)], [(9, 5), (4, 2), (9, 3)]], draws=[(7, 8), (6, 6)]
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(9, 4), "train 0")
    game.play(B(9, 5), "train 1")
    game.play(B(4, 4), "train 0")
    # a double: the same player must play another bone; 0-1 fits nowhere
    assert game.turn == 0 and game.legal_moves() == [] and not game.can_end_turn
    with pytest.raises(IllegalMoveError, match="must follow"):
        game.end_turn()
    assert game.draw() == B(7, 8)  # one bone, which does not fit either
    game.knock()
    assert game.line.markers == {0} and game.turn == 1
    # the uncovered 4-4 closes every other train: 9-3 would fit seat 1's own train
    assert sides(game) == [("2-4", "train 0")]
    with pytest.raises(IllegalMoveError):
        game.play(B(9, 3), "train 1")
    game.play(B(4, 2), "train 0")
    assert game.line.uncovered() == [] and game.turn == 0


@pytest.mark.parametrize("third, allowed", [((5, 1), True), ((0, 1), False)])
def test_two_doubles_in_a_row_need_a_third_bone_C1_362(third, allowed):
    rules = small(TRAINS.with_(max_players=2), 6)
    hands, bazaar = deal(
        rules,
        [
            [(9, 3), (9, 5), (3, 3), (5, 5), third, (0, 8)],
            [(9, 0), (0, 2), (2, 6), (6, 7), (7, 7), (7, 8)],
        ],
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    for bone, side in [
        ((9, 3), "train 0"),
        ((9, 0), "train 1"),
        ((9, 5), "mexican"),
        ((0, 2), "train 1"),
    ]:
        game.play(B(*bone), side)
    game.play(B(3, 3), "train 0")
    second_double = ("5-5", "mexican") in sides(game)
    assert second_double == allowed
    if allowed:
        game.play(B(5, 5), "mexican")
        assert game.turn == 0  # the third bone, at once
        assert sides(game) == [("1-5", "mexican")]  # on one of the two doubles
        game.play(B(5, 1), "mexican")
        # the other double stays uncovered: the next player must cover 3-3 first
        assert game.turn == 1 and game.line.uncovered() == ["train 0"]


def test_mexican_train_match_engines_and_scores_C1_362_C1_364():
    game = Game(
        Rules.mexican_train(), [greedy_player, random_player, doubles_first_player], seed=11
    )
    engines = []
    while not game.over:
        engines.append(game.line.first)
        result = game.play_round()
        assert result.opener == result.number % 3  # the first player moves clockwise
        # everyone writes the pips left in hand (0 for the player who went out)
        assert result.written == tuple(sum(b.pips for b in h) for h in result.hands)
    # 12-12 first, then 11-11, ..., 0-0 last: 13 hands
    assert engines == [B(v, v) for v in range(12, -1, -1)]
    totals = game.sheet.scores()
    assert game.sheet.winners == tuple(s for s in totals if totals[s] == min(totals.values()))


def test_mexican_train_hand_sizes_C1_362():
    r = Rules.mexican_train()
    assert [r.hand_size(n) for n in range(2, 9)] == [16, 15, 14, 12, 11, 10, 9]
    with pytest.raises(Exception, match="2 to 8"):
        r.hand_size(9)


def test_a_hand_may_end_on_a_double_C1_364():
    rules = small(TRAINS.with_(max_players=2), 2)
    hands, bazaar = deal(rules, [[(9, 4), (4, 4)], [(9, 5), (0, 1)]])
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(9, 4), "train 0")
    game.play(B(9, 5), "train 1")
    game.play(B(4, 4), "train 0")
    assert game.rounds[0].reason == "out" and game.rounds[0].written == (0, 1)


# ---------------------------------------------------------------- Chicken foot
FOOT = Rules.chicken_foot()


def test_chicken_foot_set_double_and_its_six_chicks_C1_348():
    rules = small(FOOT.with_(max_players=2), 4)
    hands, bazaar = deal(
        rules,
        [[(9, 9), (9, 1), (3, 3), (5, 6)], [(9, 2), (1, 3), (0, 0), (2, 4)]],
        draws=[(7, 8), (9, 3)],
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    assert game.turn == 0 and game.legal_moves() == [Move(B(9, 9), "foot")]  # 9-9 opens
    game.play(B(9, 9))
    game.play(B(9, 2), "foot")
    game.play(B(9, 1), "foot")
    # a chick on 9-9 must come before anything else: 1-3 would fit toe 2's end
    assert game.line.open_ends() == {"foot": 9}
    assert game.legal_moves() == []
    assert game.draw() == B(7, 8)  # one bone from the yard, no 9: pass
    assert game.legal_moves() == []
    game.knock()
    assert game.draw() == B(9, 3)  # a 9: played on the set double
    game.play(B(9, 3), "foot")
    assert game.line.pending == (9, 3)


def test_a_double_takes_three_chicks_first_C1_341_C1_348():
    foot = ChickenFoot(9)
    foot.play(B(9, 9))
    for k in range(6):
        foot.play(B(9, k), "foot")
    foot.play(B(2, 2), "toe 3")  # toe 3 ends in 2
    assert foot.open_ends() == {"foot": 2}
    assert foot.moves(H((5, 8), (2, 7))) == [(B(2, 7), "foot")]  # 5-8 fits toe 6, not now
    with pytest.raises(IllegalMoveError, match="must be completed"):
        foot.play(B(5, 8), "toe 6")
    for other in (7, 8, 6):
        foot.play(B(2, other), "foot")
    assert foot.pending is None
    ends = foot.open_ends()
    assert "toe 3" not in ends and [ends[f"toe {k}"] for k in (7, 8, 9)] == [7, 8, 6]
    assert foot.parents()[6:] == [3, 3, 3]


def test_chicken_foot_scores_and_the_double_zero_C1_343_C1_348():
    # C1 343 and 348: the pips left are written, 1 per pip; 0-0 left counts 50
    assert hand_points(H((0, 0), (1, 2)), FOOT) == 53
    sheet = ScoreSheet(["A", "B", "C"], FOOT)
    assert sheet.record_round({"A": [], "B": H((0, 0)), "C": H((4, 5), (1, 1))}) == {
        "A": 0,
        "B": 50,
        "C": 11,
    }


def test_chicken_foot_hands_go_down_from_nine_nine_C1_348():
    for rules in (FOOT.with_(deals=12), FOOT.with_(deals=12, missing_set_double="redeal")):
        game = Game(rules, [greedy_player, random_player, random_player], seed=5)
        firsts = []
        while not game.over:
            first_event = game.history[-1]
            assert first_event.kind == "deal"
            doubles = {b for h in first_event.info[0] for b in h if b.is_double}
            game.step()
            firsts.append((game.line.first, doubles))
            game.play_round()
        expected = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2]  # then up again, "longer game"
        for (first, doubles), want in zip(firsts, expected):
            if rules.missing_set_double == "redeal":
                assert first == B(want, want)
            else:  # the next lower double held opens
                lower = [v for v in range(want, -1, -1) if B(v, v) in doubles]
                assert first == B(lower[0], lower[0])


def test_chicken_foot_hand_sizes_C1_346():
    assert FOOT.hand_size(2) == 20 and FOOT.hand_size(8) == 6
    assert len(double_set(9)) == 55


# ---------------------------------------------------------------- Kolbasa
SAUSAGE = Rules.kolbasa()


def rows(size, first, second):
    """Two rows (taken from the right); the rest of the set fills an unused bazaar."""
    rules = SAUSAGE.with_(hand_sizes=((2, size),))
    hands, rest = deal(rules, [first, second])
    return rules, hands, rest


def test_cutting_the_sausage_K354():
    # K 354: two parallel lines of three bones end in 5 and blank; 5-0 laid across cuts
    # off everything before it, and the opponent puts the cut on the left of the row
    rules, hands, rest = rows(
        9,
        [(6, 6), (5, 0), (1, 0), (4, 5), (6, 1), (3, 4), (2, 6), (1, 3), (1, 2)],
        [(2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 5), (3, 6), (4, 4), (4, 6)],
    )
    game = Game.from_deal(rules, 2, hands, rest)
    assert game.legal_moves() == [Move(B(1, 2), "top")]  # the row's first bone opens
    for bone, side in [
        ((1, 2), None),
        ((1, 3), "top"),
        ((2, 6), "bottom"),
        ((3, 4), "top"),
        ((6, 1), "bottom"),
        ((4, 5), "top"),
        ((1, 0), "bottom"),
    ]:
        game.play(B(*bone), side)
        assert game.turn == 0  # a bone that fits: take the next
    assert game.line.open_ends() == {"top": 5, "bottom": 0}
    assert ("0-5", "cut 3") in sides(game)
    before = game.hand(1)
    game.play(B(5, 0), "cut 3")
    cut = H((1, 2), (1, 3), (3, 4), (4, 5), (2, 6), (6, 1), (1, 0))
    assert game.hand(1) == tuple(cut) + before  # on the left of the row
    assert game.line.head == (5, 0) and len(game.line) == 1
    # K 289: 6-6 does not fit; it goes to the left of the row and the turn passes
    assert game.legal_moves() == []
    game.knock()
    assert game.turn == 1 and game.hand(0) == (B(6, 6),)


def test_a_double_pushed_into_the_line_renews_the_joints_K354():
    rules, hands, rest = rows(
        9,
        [(6, 6), (5, 0), (1, 1), (1, 0), (4, 5), (6, 1), (3, 4), (2, 6), (1, 3), (1, 2)][1:],
        [(2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 5), (3, 6), (4, 4), (4, 6)],
    )
    game = Game.from_deal(rules, 2, hands, rest)
    for bone, side in [
        ((1, 2), None),
        ((1, 3), "top"),
        ((2, 6), "bottom"),
        ((3, 4), "top"),
        ((6, 1), "bottom"),
        ((4, 5), "top"),
        ((1, 0), "bottom"),
    ]:
        game.play(B(*bone), side)
    # 1-1 fits where two halves show 1: next to the head on top, between 6-1 and 1-0 below
    assert sides(game) == [("1-1", "top 0"), ("1-1", "bottom 2")]
    game.play(B(1, 1), "bottom 2")
    assert game.line.line("bottom") == [(2, 6), (6, 1), (1, 1), (1, 0)]
    # the bottom line is one longer: at depth 3 it shows 1, so 5-0 no longer cuts there
    assert sides(game) == [("0-5", "top"), ("0-5", "bottom")]


def test_only_equal_lines_are_cut_at_their_ends_K288():
    s = Sausage(cuts="equal_ends")
    s.play(B(1, 2))
    for bone, side in [((1, 3), "top"), ((2, 6), "bottom"), ((3, 4), "top")]:
        s.play(B(*bone), side)
    assert [side for _, side in s.moves(H((3, 6)))] == ["bottom"]  # lines of 2 and 1: no cut
    s.play(B(6, 5), "bottom")
    assert [side for _, side in s.moves(H((4, 5)))] == ["top", "bottom", "cut 2"]
    assert [side for _, side in s.moves(H((3, 6)))] == []  # not at the first joint


def test_kolbasa_scores_the_points_left_K290_K354():
    sheet = ScoreSheet(["A", "B"], SAUSAGE)
    # K 290: the other player writes the points left; 101 is reached in one or two deals
    assert sheet.record_round({"A": [], "B": H((5, 6), (6, 6), (4, 6), (3, 6))}) == {
        "A": 0,
        "B": 42,
    }
    assert sheet.record_round(
        {"A": H((1, 2)), "B": H((5, 5), (6, 6), (4, 6), (5, 6), (4, 5), (3, 6))}, fish=True
    ) == {"A": 3, "B": 61}
    assert sheet.loser == "B" and sheet.score("B") == 103


def test_kolbasa_may_open_with_a_double_K287():
    rules, hands, rest = rows(3, [(2, 2), (0, 1), (4, 5)], [(3, 6), (1, 3), (0, 6)])
    game = Game.from_deal(rules.with_(row_opening="double"), 2, hands, rest)
    assert game.legal_moves() == [Move(B(2, 2), "top")]


# ---------------------------------------------------------------- whole matches
def check_trains_match(game):
    """Every play on a train the player could use (own, Mexican, marked; an uncovered double
    first; after a double, also the double), markers as the passes and plays set them.
    Returns counts of the situations met."""
    markers, after_double = set(), False
    seen = {"marked": 0, "covered": 0, "followed": 0}
    while not game.over:
        seat, number, line = game.turn, game.round_number, game.line
        open_doubles = [
            name
            for name in line.open_ends()
            if line.train(name) and line.train(name)[-1][0] == line.train(name)[-1][1]
        ]
        start = len(game.history)
        game.step()
        event = game.history[start]
        usual = {f"train {s}" for s in markers} | {"mexican", f"train {seat}"}
        if event.kind == "play":
            if after_double:
                assert event.side in usual | set(open_doubles)
                seen["followed"] += 1
            elif open_doubles:
                assert event.side in open_doubles
                seen["covered"] += 1
            else:
                assert event.side in usual
            seen["marked"] += event.side in {f"train {s}" for s in markers if s != seat}
            if event.side == f"train {seat}":
                markers.discard(seat)
            after_double = event.bone.is_double
        elif event.kind == "knock":
            markers.add(seat)
            after_double = False
        if game.round_number != number:
            markers, after_double = set(), False
        elif not game.over:
            assert game.line.markers == markers
    return seen


def test_simulated_mexican_trains_follow_the_rules():
    for seed in range(3):
        game = Game(
            Rules.mexican_train(deals=3),
            [random_player, greedy_player, random_player, doubles_first_player],
            seed=seed,
        )
        seen = check_trains_match(game)
        assert all(seen.values()), seen  # every rule was met at least once
        again = Game.replay(Rules.mexican_train(deals=3), 4, game.history)
        assert again.sheet.scores() == game.sheet.scores()


def test_simulated_kolbasa_rows():
    """Only the rightmost bone is ever played; a knock moves it to the left; a cut grows the
    opponent's row on the left; the player who lays a bone moves again."""
    for seed in range(8):
        game = Game(SAUSAGE, [random_player, greedy_player], seed=seed)
        while not game.over:
            seat, number = game.turn, game.round_number
            row = list(game.hand(seat))
            other = list(game.hand(1 - seat))
            table = len(game.line)
            start = len(game.history)
            game.step()
            event = game.history[start]
            if game.round_number != number or game.over:
                continue
            if event.kind == "play":
                if table:
                    assert event.bone == row[-1]
                assert game.hand(seat) == tuple(row[:-1]) and game.turn == seat
                cut = table + 1 - len(game.line)
                assert game.hand(1 - seat)[cut:] == tuple(other)
            else:
                assert event.kind == "knock"
                assert game.hand(seat) == tuple([row[-1]] + row[:-1])
                assert game.turn == 1 - seat


def test_simulated_chicken_feet_are_completed_first():
    """While the set double lacks six chicks, or a later double three, every play is a chick
    on it; a player draws at most one bone a turn."""
    feet = 0
    for seed in range(4):
        game = Game(FOOT.with_(deals=3), [random_player, greedy_player, random_player], seed=seed)
        due, drawn = 0, None
        while not game.over:
            seat, number = game.turn, game.round_number
            start = len(game.history)
            game.step()
            event = game.history[start]
            if event.kind != "draw":
                drawn = None
            if event.kind == "play":
                if len(game.rounds) > number or not due and event.bone.is_double:
                    # the set double opens (6 chicks), a later double takes 3
                    due = 6 if event.side == "foot" and not due else 3
                    feet += due == 3
                else:
                    assert (event.side == "foot") == (due > 0)
                    due = max(0, due - 1)
            elif event.kind == "draw":
                assert drawn != (number, seat)  # one bone per turn
                drawn = (number, seat)
            if game.round_number != number:
                due, drawn = 0, None
    assert feet > 0


def test_layouts_show_themselves():
    import matplotlib

    matplotlib.use("Agg")
    from dominotiling.games import draw_line

    game = Game(Rules.mexican_train(), [greedy_player] * 3, seed=2)
    for _ in range(12):
        game.step()
    html = game._repr_html_()
    assert html.count("train ") >= 3 and "mexican" in html and "<svg" in html
    ax = draw_line(game.line, title="trains")
    bones = len(game.line)
    assert ax.get_title() == "trains" and len(ax.patches) >= bones
    foot = ChickenFoot(9)
    foot.play(B(9, 9))
    assert "set double" in foot._repr_html_() and str(foot) == "set double: 9-9"
