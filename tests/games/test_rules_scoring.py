"""Rules presets and the score sheet, rule by rule, on hand-made rounds.

Expected values are worked out by hand from the rules; the arithmetic is in
the comments.
"""

import dataclasses

import pytest

from dominotiling.games import Bone, Rules, ScoreSheet, rating_points


def H(*pairs):
    return [Bone(a, b) for a, b in pairs]


def state(sheet):
    return (
        sheet.scores(),
        {p: sheet.remembered(p) for p in sheet.players},
        sheet.carried,
        len(sheet.rounds),
        sheet.loser,
        sheet.winner,
    )


# ---------------------------------------------------------------- rules
def test_presets():
    c = Rules.classic()
    assert [c.hand_size(n) for n in (2, 3, 4)] == [7, 5, 5]
    assert c.opening_doubles[0] == 6 and c.target == 100 and not c.target_loses
    k = Rules.kozel()
    assert [k.hand_size(n) for n in (2, 3, 4)] == [7, 7, 7]
    assert k.opening_doubles == (1, 2, 3, 4, 5, 6, 0)
    assert (k.target, k.target_loses, k.fish_mode, k.fish_ends_round) == (101, True, "all", True)
    assert (k.redeal_doubles, k.redeal_same_value) == (5, 6)
    assert (k.write_above, k.lone_zero_zero) == (12, 10)
    assert Rules.kozel("one").fish_mode == "one"
    m = Rules.muggins()
    assert m.spinner and m.target == 200 and m.end_multiple == 5


def test_rules_are_frozen_hashable_data():
    r = Rules.kozel()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 50
    assert r == Rules.kozel() and hash(r) == hash(Rules.kozel())
    assert r != Rules.kozel("one")
    assert r.with_(target=51).target == 51 and r.target == 101


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(scoring="bridge"), "scoring"),
        (dict(fish_mode="two"), "fish_mode"),
        (dict(later_opener="loser"), "later_opener"),
        (dict(hand_sizes=((2, 15), (3, 5), (4, 5))), "do not fit"),
        (dict(hand_sizes=((2, 7), (3, 5))), "no hand size for 4"),
        (dict(teams=True), "team play"),
    ],
)
def test_bad_rules_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Rules(**kwargs)


def test_player_counts():
    with pytest.raises(ValueError, match="2 to 4 players"):
        Rules.kozel().hand_size(5)
    with pytest.raises(ValueError, match="exactly 3"):
        Rules.kozel(players=3).hand_size(2)
    with pytest.raises(ValueError):
        Rules.kozel(players=3, teams=True)
    with pytest.raises(ValueError):
        Rules.kozel(players=7)


def test_redeal_rule():
    k = Rules.kozel()
    five_doubles = H((0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (0, 1), (2, 5))
    four_doubles = H((0, 0), (1, 1), (2, 2), (3, 3), (0, 1), (2, 5), (4, 6))
    six_threes = H((3, 0), (3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (1, 6))  # the double counts once
    five_threes = H((3, 0), (3, 1), (3, 2), (3, 4), (3, 5), (1, 6), (2, 6))
    assert k.needs_redeal(five_doubles)
    assert not k.needs_redeal(four_doubles)
    assert k.needs_redeal(six_threes)
    assert not k.needs_redeal(five_threes)
    assert not Rules.classic().needs_redeal(five_doubles)
    assert not Rules.classic().needs_redeal(six_threes)


# ---------------------------------------------------------------- Kozel: remembered points
def test_small_totals_are_remembered_then_written_with_the_first_big_one():
    s = ScoreSheet(["A", "B"], Rules.kozel())
    # round 1: A out; B holds 2-3, 1-4: 5 + 5 = 10 <= 12 -> remembered
    assert s.record_round({"A": [], "B": H((2, 3), (1, 4))}) == {"A": 0, "B": 0}
    assert (s.score("B"), s.remembered("B")) == (0, 10)
    # round 2: A holds 0-1 = 1 -> remembered 1; B holds 6-6, 1-2 = 12 + 3 = 15 > 12
    # -> B writes 15 + 10 remembered = 25
    assert s.record_round({"A": H((0, 1)), "B": H((6, 6), (1, 2))}) == {"A": 0, "B": 25}
    assert (s.score("A"), s.remembered("A"), s.score("B"), s.remembered("B")) == (0, 1, 25, 0)
    # round 3: A goes out -> writes nothing, loses the remembered 1;
    # B (account open) writes 0-2 = 2 at once: 25 + 2 = 27
    s.record_round({"A": [], "B": H((0, 2))})
    assert (s.score("A"), s.remembered("A"), s.score("B")) == (0, 0, 27)
    # round 4: B goes out -> B's score stays 27; A remembers 1-2 = 3
    s.record_round({"A": H((1, 2)), "B": []})
    assert (s.score("A"), s.remembered("A"), s.score("B")) == (0, 3, 27)
    assert s.rounds == [{"A": 0, "B": 0}, {"A": 0, "B": 25}, {"A": 0, "B": 2}, {"A": 0, "B": 0}]


def test_remembered_points_can_pass_twelve_without_opening():
    s = ScoreSheet(["A", "B"], Rules.kozel())
    s.record_round({"A": H((4, 6)), "B": []})  # 10 -> remembered 10
    s.record_round({"A": H((5, 5)), "B": []})  # 10 -> remembered 20, still unwritten
    assert (s.score("A"), s.remembered("A")) == (0, 20)
    s.record_round({"A": H((6, 6), (0, 1)), "B": []})  # 12 + 1 = 13 > 12 -> 13 + 20 = 33
    assert (s.score("A"), s.remembered("A")) == (33, 0)


def test_exactly_twelve_is_remembered():
    s = ScoreSheet(["A", "B"], Rules.kozel())
    s.record_round({"A": H((6, 6)), "B": []})  # 12 is "12 or below"
    assert (s.score("A"), s.remembered("A")) == (0, 12)


def test_lone_double_zero_counts_ten():
    s = ScoreSheet(["A", "B", "C"], Rules.kozel())
    # A: lone 0-0 = 10; B: 0-1 = 1
    s.record_round({"A": H((0, 0)), "B": H((0, 1)), "C": []})
    assert (s.remembered("A"), s.remembered("B")) == (10, 1)
    s2 = ScoreSheet(["A", "B"], Rules.kozel())
    s2.record_round({"A": H((0, 0), (0, 2)), "B": []})  # not alone: 0 + 2 = 2
    assert s2.remembered("A") == 2


# ---------------------------------------------------------------- Kozel: fish
def hands_for_fish():
    # A 5-6 = 11; B 6-6, 4-5 = 12 + 9 = 21; C lone 0-0 = 10
    return {"A": H((5, 6)), "B": H((6, 6), (4, 5)), "C": H((0, 0))}


def test_fish_for_all_everyone_writes_own():
    s = ScoreSheet(["A", "B", "C"], Rules.kozel("all"))
    s.record_round(hands_for_fish(), fish=True)
    # A 11 -> remembered; B 21 > 12 -> written; C 10 -> remembered
    assert (s.score("A"), s.remembered("A")) == (0, 11)
    assert (s.score("B"), s.remembered("B")) == (21, 0)
    assert (s.score("C"), s.remembered("C")) == (0, 10)
    assert s.carried == 0


def test_fish_for_one_the_most_pips_takes_all():
    s = ScoreSheet(["A", "B", "C"], Rules.kozel("one"))
    # round 1: A out; B 2-2 = 4 and C 1-2 = 3 are remembered
    s.record_round({"A": [], "B": H((2, 2)), "C": H((1, 2))})
    assert (s.remembered("B"), s.remembered("C")) == (4, 3)
    # round 2, fish: hands 11, 21, 10 -> total 42; B has the most and takes 42 > 12,
    # written with B's remembered 4: 46.  A and C write nothing: C loses its 3.
    written = s.record_round(hands_for_fish(), fish=True)
    assert written == {"A": 0, "B": 46, "C": 0}
    assert (s.score("B"), s.remembered("B")) == (46, 0)
    assert (s.remembered("A"), s.remembered("C")) == (0, 0)


def test_fish_for_one_small_total_is_remembered_by_the_taker():
    s = ScoreSheet(["A", "B"], Rules.kozel("one"))
    s.record_round({"A": H((0, 1)), "B": []})  # A remembers 1
    # fish: A 1-2 = 3, B 2-4 = 6 -> total 9 <= 12: B remembers 9; A loses 1
    s.record_round({"A": H((1, 2)), "B": H((2, 4))}, fish=True)
    assert (s.score("A"), s.remembered("A"), s.score("B"), s.remembered("B")) == (0, 0, 0, 9)


def tied_fish_sheet():
    s = ScoreSheet(["A", "B", "C"], Rules.kozel("one"))
    # round 1: C out; A 1-1 = 2 and B 0-3 = 3 remembered
    s.record_round({"A": H((1, 1)), "B": H((0, 3)), "C": []})
    # round 2, fish: A 4-5 = 9, B 3-6 = 9 tie for the most; C 1-2 = 3
    # -> nobody writes, remembered stay, 9 + 9 + 3 = 21 carried
    assert s.record_round({"A": H((4, 5)), "B": H((3, 6)), "C": H((1, 2))}, fish=True) == {
        "A": 0,
        "B": 0,
        "C": 0,
    }
    return s


def test_fish_for_one_tie_carries_everything():
    s = tied_fish_sheet()
    assert s.carried == 21
    assert (s.remembered("A"), s.remembered("B"), s.remembered("C")) == (2, 3, 0)
    assert s.scores() == {"A": 0, "B": 0, "C": 0}


def test_carry_accumulates_over_tied_fish_then_goes_to_the_most_pips():
    s = tied_fish_sheet()
    # round 3, fish, tie again: A 2-4 = 6, B 1-5 = 6, C 0-1 = 1 -> carried 21 + 13 = 34
    s.record_round({"A": H((2, 4)), "B": H((1, 5)), "C": H((0, 1))}, fish=True)
    assert s.carried == 34 and (s.remembered("A"), s.remembered("B")) == (2, 3)
    # round 4, ordinary: A out (loses 2); B 6-6 = 12 has the most and takes 12 + 34 = 46 > 12,
    # written with its remembered 3: 49; C 3-4 = 7 -> remembered 7
    assert s.record_round({"A": [], "B": H((6, 6)), "C": H((3, 4))}) == {"A": 0, "B": 49, "C": 0}
    assert s.carried == 0
    assert (s.remembered("A"), s.remembered("B"), s.remembered("C")) == (0, 0, 7)


def test_carry_taken_in_the_next_fish_for_one():
    s = tied_fish_sheet()
    # round 3, fish: A 5-6 = 11 most, B 1-2 = 3, C 0-2 = 2 -> 16 + 21 carried = 37 to A,
    # written with A's remembered 2: 39; B loses its 3
    s.record_round({"A": H((5, 6)), "B": H((1, 2)), "C": H((0, 2))}, fish=True)
    assert (s.score("A"), s.carried, s.remembered("B")) == (39, 0, 0)


def test_carry_waits_on_a_tie_in_an_ordinary_round():
    s = tied_fish_sheet()
    # round 3, ordinary: C out; A 3-4 = 7 and B 2-5 = 7 tie for the most -> the 21 waits;
    # each remembers their own: A 2 + 7 = 9, B 3 + 7 = 10
    s.record_round({"A": H((3, 4)), "B": H((2, 5)), "C": []})
    assert s.carried == 21
    assert (s.remembered("A"), s.remembered("B"), s.remembered("C")) == (9, 10, 0)


def test_fish_for_all_ignores_ties():
    s = ScoreSheet(["A", "B"], Rules.kozel("all"))
    s.record_round({"A": H((4, 5)), "B": H((3, 6))}, fish=True)  # 9 and 9, each remembered
    assert (s.remembered("A"), s.remembered("B"), s.carried) == (9, 9, 0)


# ---------------------------------------------------------------- Kozel: the goat
BIG = H((6, 6), (5, 6), (5, 5), (4, 6), (4, 5), (3, 6))  # 12 + 11 + 10 + 10 + 9 + 9 = 61


def test_goat_at_101():
    s = ScoreSheet(["A", "B"], Rules.kozel())
    s.record_round({"A": [], "B": BIG})  # B 61
    s.record_round({"A": [], "B": H((6, 6), (5, 6), (5, 5), (1, 5))})  # 12+11+10+6 = 39 -> 100
    assert s.score("B") == 100 and s.loser is None and not s.is_over
    s.record_round({"A": [], "B": H((0, 1))})  # 101
    assert s.loser == "B" and s.is_over and s.winner is None


def test_goat_over_101_and_sheet_closed():
    s = ScoreSheet(["A", "B"], Rules.kozel())
    s.record_round({"A": [], "B": BIG})
    s.record_round({"A": [], "B": H((6, 6), (5, 6), (5, 5), (4, 6))})  # 61 + 43 = 104
    assert s.loser == "B"
    before = state(s)
    with pytest.raises(ValueError, match="match is over"):
        s.record_round({"A": [], "B": H((0, 1))})
    assert state(s) == before


def two_big_players():
    s = ScoreSheet(["A", "B", "C"], Rules.kozel())
    # B 6-6, 5-6, 5-5, 4-6 = 43; C 4-5, 3-6, 4-4, 3-5, 2-6 = 9 + 9 + 8 + 8 + 8 = 42
    for _ in range(2):
        s.record_round(
            {
                "A": [],
                "B": H((6, 6), (5, 6), (5, 5), (4, 6)),
                "C": H((4, 5), (3, 6), (4, 4), (3, 5), (2, 6)),
            }
        )
    assert s.scores() == {"A": 0, "B": 86, "C": 84}
    return s


def test_two_reach_101_together_highest_is_goat():
    s = two_big_players()
    s.record_round({"A": [], "B": H((6, 6), (3, 3)), "C": H((5, 6), (5, 5))})  # 86+18, 84+21
    assert s.scores() == {"A": 0, "B": 104, "C": 105} and s.loser == "C"


def test_two_reach_101_with_equal_scores_earlier_seat_is_goat():
    s = two_big_players()
    s.record_round({"A": [], "B": H((6, 6), (2, 5)), "C": H((5, 6), (5, 5))})  # 86+19, 84+21
    assert s.scores() == {"A": 0, "B": 105, "C": 105} and s.loser == "B"


# ---------------------------------------------------------------- Kozel: teams
def test_team_play():
    s = ScoreSheet(["A", "B", "C", "D"], Rules.kozel(players=4, teams=True))
    assert s.teams == (("A", "C"), ("B", "D"))
    # round 1: A out -> team A+C writes nothing; team B+D: 3-4 + 2-3 = 7 + 5 = 12 -> remembered
    s.record_round({"A": [], "B": H((3, 4)), "C": H((6, 6)), "D": H((2, 3))})
    assert (s.score("B"), s.remembered("B"), s.remembered("D")) == (0, 12, 12)
    assert s.remembered("C") == 0
    # round 2: D out -> team B+D loses its 12; team A+C: 5-6 + 4-4 = 19 > 12 -> written
    s.record_round({"A": H((5, 6)), "B": H((1, 1)), "C": H((4, 4)), "D": []})
    assert s.scores() == {"A": 19, "B": 0, "C": 19, "D": 0}
    assert s.remembered("B") == 0
    for _ in range(2):  # + 61 twice: 19 + 122 = 141
        s.record_round({"A": BIG[:3], "B": [], "C": BIG[3:], "D": H((0, 1))})
    assert s.loser == ("A", "C")


# ---------------------------------------------------------------- classic and Muggins
def test_classic_out_and_blocked():
    s = ScoreSheet(["A", "B", "C"], Rules.classic())
    s.record_round({"A": [], "B": H((6, 6), (1, 2)), "C": H((0, 4))})  # 15 + 4 = 19 to A
    assert s.scores() == {"A": 19, "B": 0, "C": 0}
    # blocked: A 1-2 = 3 lowest; B 4-5 = 9, C 0-6 = 6 -> A scores 9 + 6 - 3 = 12
    s.record_round({"A": H((1, 2)), "B": H((4, 5)), "C": H((0, 6))})
    assert s.score("A") == 31
    # blocked with a tie for the lowest: A 1-2 = 3, B 0-3 = 3, C 4-5 = 9 -> nobody scores
    assert s.record_round({"A": H((1, 2)), "B": H((0, 3)), "C": H((4, 5))}) == {
        "A": 0,
        "B": 0,
        "C": 0,
    }
    assert s.scores() == {"A": 31, "B": 0, "C": 0}


def test_classic_blocked_tie_by_the_lightest_bone():
    s = ScoreSheet(["A", "B", "C"], Rules.classic(blocked_tie="lowest_bone"))
    # A 1-2 + 0-3 = 6, B 0-1 + 2-3 = 6 tie for the lowest; B holds 0-1 (1 pip): B wins
    # and scores C's 4-5 + A's 6 - its own 6 = 9
    s.record_round({"A": H((1, 2), (0, 3)), "B": H((0, 1), (2, 3)), "C": H((4, 5))}, fish=True)
    assert s.scores() == {"A": 0, "B": 9, "C": 0} and s.round_winners == ["B"]


def test_classic_target_wins():
    s = ScoreSheet(["A", "B"], Rules.classic(target=20))
    s.record_round({"A": [], "B": H((6, 6), (1, 2))})  # 15
    assert s.winner is None
    s.record_round({"A": [], "B": H((3, 4))})  # 15 + 7 = 22 >= 20
    assert s.winner == "A" and s.loser is None


def test_classic_has_no_lone_double_zero_rule():
    s = ScoreSheet(["A", "B"], Rules.classic())
    s.record_round({"A": [], "B": H((0, 0))})
    assert s.score("A") == 0


@pytest.mark.parametrize(
    "hand, expected",
    [
        (((6, 6), (1, 2)), 15),  # 15 stays 15
        (((6, 6), (0, 1)), 15),  # 13 -> 15
        (((6, 6),), 10),  # 12 -> 10
        (((2, 2), (0, 3)), 5),  # 7 -> 5
        (((1, 1),), 0),  # 2 -> 0
    ],
)
def test_straight_out_rounds_to_nearest_five(hand, expected):
    # classic_rules_1_ru.txt, paragraph 238: the opponents' pips, rounded to the nearest five
    s = ScoreSheet(["A", "B"], Rules.straight())
    s.record_round({"A": [], "B": H(*hand)})
    assert s.score("A") == expected


@pytest.mark.parametrize("hand", [((6, 6), (1, 2)), ((1, 1),), ((0, 1),)])
def test_muggins_out_scores_a_flat_ten(hand):
    # kozel_and_variants_ru.txt, paragraphs 275 and 350: going out scores 10
    s = ScoreSheet(["A", "B"], Rules.muggins())
    s.record_round({"A": [], "B": H(*hand)})
    assert s.scores() == {"A": 10, "B": 0}


def test_muggins_play_points_and_blocked():
    s = ScoreSheet(["A", "B"], Rules.muggins(target=30))
    s.add_points("A", 10)
    s.add_points("B", 15)
    # blocked: A 1-2 = 3, B 4-5 = 9 -> A scores 9 - 3 = 6 -> 5
    s.record_round({"A": H((1, 2)), "B": H((4, 5))})
    assert s.scores() == {"A": 15, "B": 15} and s.winner is None
    s.add_points("B", 20)  # 35 >= 30, but the target is checked at the round's end
    assert s.winner is None
    s.record_round({"A": H((0, 1)), "B": []})  # going out: a flat 10
    assert s.winner == "B" and s.score("B") == 45


# ---------------------------------------------------------------- errors leave the sheet unchanged
@pytest.mark.parametrize(
    "hands, fish, message",
    [
        ({"A": [], "B": H((1, 2))}, False, "exactly the players"),
        ({"A": [], "B": H((1, 2)), "C": H((1, 2))}, False, "twice"),
        ({"A": [], "B": [], "C": H((1, 2))}, False, "only one player"),
        ({"A": [], "B": H((1, 2)), "C": H((3, 4))}, True, "not a fish"),
        ({"A": [], "B": H((1, 7)), "C": H((3, 4))}, False, "double-6"),
        ({"A": [], "B": [(1, 2)], "C": H((3, 4))}, False, "Bone objects"),
        ({"A": [], "B": H((1, 2)), "C": H((3, 4)), "D": []}, False, "exactly the players"),
    ],
)
def test_bad_rounds_are_refused_and_change_nothing(hands, fish, message):
    s = ScoreSheet(["A", "B", "C"], Rules.kozel("one"))
    s.record_round({"A": H((1, 1)), "B": H((0, 3)), "C": []})
    before = state(s)
    with pytest.raises(ValueError, match=message):
        s.record_round(hands, fish=fish)
    assert state(s) == before


def test_sheet_argument_errors():
    with pytest.raises(ValueError, match="distinct"):
        ScoreSheet(["A", "A"], Rules.kozel())
    with pytest.raises(ValueError, match="players"):
        ScoreSheet(5, Rules.kozel())
    s = ScoreSheet(2, Rules.kozel())
    with pytest.raises(ValueError, match="unknown player"):
        s.score("Z")
    with pytest.raises(ValueError, match="has no points during play"):
        s.add_points(0, 5)
    m = ScoreSheet(2, Rules.muggins())
    with pytest.raises(ValueError, match="non-negative"):
        m.add_points(0, -5)
    assert m.scores() == {0: 0, 1: 0}


# ---------------------------------------------------------------- rating points
@pytest.mark.parametrize(
    "score, expected",
    [
        (45, 6),  # (100 - 45) / 10 = 5.5 -> halves up -> 6
        (55, 5),  # 4.5 -> 5
        (50, 5),  # 5.0
        (44, 6),  # 5.6 -> 6
        (46, 5),  # 5.4 -> 5
        (0, 10),  # 10
        (100, 1),  # 0, but never below 1 (classic_rules_2_ru.txt, paragraph 305)
        (95, 1),  # 0.5 -> 1
    ],
)
def test_rating_points(score, expected):
    assert rating_points(score) == expected


@pytest.mark.parametrize(
    "score, timeout_score, expected",
    [
        (30, 85, 6),  # (85 - 30) / 10 = 5.5 -> 6
        (20, 100, 8),  # 8.0
        (60, 64, 1),  # 0.4 -> 0 -> at least 1
        (80, 70, 1),  # -1 -> at least 1
        (40, 65, 3),  # 2.5 -> 3
    ],
)
def test_rating_points_after_timeout(score, timeout_score, expected):
    assert rating_points(score, timeout_score=timeout_score) == expected


@pytest.mark.parametrize("bad", [-1, 2.5, "10", None])
def test_rating_points_rejects_bad_scores(bad):
    with pytest.raises(ValueError):
        rating_points(bad)
