"""Every worked example of the rule documents, replayed.

Each test names the file of ``shared/sources/games/`` and the paragraph (the
line of the file) it replays; the expected numbers are copied from the
documents, not from the code.  Abbreviations: K = kozel_and_variants_ru.txt,
O = kozel_online_rules_examples_ru.txt, C1 = classic_rules_1_ru.txt,
C2 = classic_rules_2_ru.txt, T = kozel_sport_rules_tr.txt.
"""

import pytest

from dominotiling.games import (
    Bone,
    Game,
    IllegalMoveError,
    Line,
    Move,
    Rules,
    ScoreSheet,
    double_set,
    hand_points,
    rating_points,
)

FOUR = ["Masha", "Alex", "Olya", "Serg"]


def B(a, b):
    return Bone(a, b)


def H(*pairs):
    return [Bone(a, b) for a, b in pairs]


def deal(*hands):
    """Hands as lists of pairs; every other bone goes to the bazaar, in set order."""
    hands = [[B(*p) for p in h] for h in hands]
    used = {b for h in hands for b in h}
    return hands, [b for b in double_set(6) if b not in used]


def lay(line, plays):
    for (a, b), side in plays:
        line.play(B(a, b), side)
    return line


# ---------------------------------------------------------------- Kozel: the fish
def test_fish_example_K24_O45_T41():
    # K 24 (= O 45, T 41): 1-2, 2-6, 0-2, 2-3 on the table, the chain ending in 2-4 on
    # one side and 5-2 on the other: a fish, with 2-2 still out (K 25)
    line = lay(
        Line(),
        [
            ((1, 2), None),
            ((2, 6), "right"),
            ((6, 0), "right"),
            ((0, 2), "right"),
            ((2, 3), "right"),
            ((3, 5), "right"),
            ((5, 2), "right"),
            ((1, 4), "left"),
        ],
    )
    assert not line.is_fish()
    line.play(B(4, 2), "left")
    assert line.ends == (2, 2) and B(2, 2) not in line
    assert line.is_fish()


def test_a_fish_ends_a_kozel_round_at_once_K22_K23():
    # K 22-23: the round ends when a player makes the fish; the fisherman opens the next
    plays = [(1, 1), (1, 2), (2, 6), (6, 0), (0, 2), (2, 3), (3, 5), (5, 2), (1, 4)]
    hands, bazaar = deal(
        [(1, 1), (2, 6), (0, 2), (3, 5), (1, 4), (0, 0), (3, 3)],
        [(1, 2), (0, 6), (2, 3), (2, 5), (2, 4), (4, 4), (5, 5)],
    )
    game = Game.from_deal(Rules.kozel(), 2, hands, bazaar)
    sides = ["right", "right", "right", "right", "right", "right", "right", "right", "left"]
    for (a, b), side in zip(plays, sides):
        game.play(B(a, b), side)
    assert game.turn == 1 and game.round_number == 0
    game.play(B(2, 4), "left")  # seat 1 closes the fish
    result = game.rounds[0]
    assert result.reason == "fish" and result.winner == 1 and game.turn == 1


def test_fish_example_with_fives_T332():
    # T 332: 5-4, 5-0, 3-5, 5-2, 5-5 on the table, one end 5-1; laying 6-5 makes the fish
    line = lay(
        Line(),
        [
            ((5, 5), None),
            ((5, 0), "left"),
            ((0, 1), "left"),
            ((1, 5), "left"),
            ((5, 4), "right"),
            ((4, 3), "right"),
            ((3, 5), "right"),
            ((5, 2), "right"),
            ((2, 6), "right"),
        ],
    )
    assert not line.is_fish()
    line.play(B(6, 5), "right")
    assert line.ends == (5, 5) and line.is_fish()


def test_fisherman_takes_all_T332():
    # T 332: all the points of the players go to the fisherman's account
    sheet = ScoreSheet(["A", "B", "C"], Rules.classic(blocked_winner="fisherman"))
    written = sheet.record_totals({"A": 4, "B": 20, "C": 9}, fish=True, fisherman="B")
    assert written == {"A": 0, "B": 4 + 9, "C": 0}
    assert sheet.round_winners == ["B"]


# ---------------------------------------------------------------- Kozel: the score sheet
def test_lone_double_zero_counts_ten_K28_O53():
    assert hand_points([B(0, 0)], Rules.kozel()) == 10
    assert hand_points([B(0, 0), B(1, 3)], Rules.kozel()) == 4  # "all other bones at face value"


def test_going_out_example_K37_K40_O69_O75_C2_261_269():
    # K 37-40: Masha goes out with 19 remembered -> 0; Alex had nothing, scores 3 -> +3
    # remembered; Olya had +7 and scores 13 -> 13 + 7 = 20 written; Serg had +4, scores 5
    # -> +9 remembered
    sheet = ScoreSheet(FOUR, Rules.kozel(), remembered={"Masha": 19, "Olya": 7, "Serg": 4})
    sheet.record_totals({"Masha": 0, "Alex": 3, "Olya": 13, "Serg": 5}, out="Masha")
    assert (sheet.score("Masha"), sheet.remembered("Masha")) == (0, 0)
    assert (sheet.score("Alex"), sheet.remembered("Alex")) == (0, 3)
    assert (sheet.score("Olya"), sheet.remembered("Olya")) == (20, 0)
    assert (sheet.score("Serg"), sheet.remembered("Serg")) == (0, 9)


def test_fish_for_all_example_K42_O79():
    # K 42: fish for all scores as usual, except that nobody went out
    sheet = ScoreSheet(FOUR, Rules.kozel("all"), remembered={"Olya": 7, "Serg": 4})
    sheet.record_totals({"Masha": 2, "Alex": 3, "Olya": 13, "Serg": 5}, fish=True)
    assert sheet.scores() == {"Masha": 0, "Alex": 0, "Olya": 20, "Serg": 0}
    assert [sheet.remembered(p) for p in FOUR] == [2, 3, 0, 9]


def test_fish_for_one_example_K45_K46_O85_O87():
    # K 45-46: Masha 2, Alex 3, Olya 13, Serg 5: 23 in all; Olya has the most and takes
    # the 23, with her 7 remembered: 30; the others' remembered points are wiped
    sheet = ScoreSheet(
        FOUR, Rules.kozel("one"), remembered={"Masha": 19, "Alex": 1, "Olya": 7, "Serg": 4}
    )
    written = sheet.record_totals({"Masha": 2, "Alex": 3, "Olya": 13, "Serg": 5}, fish=True)
    assert written == {"Masha": 0, "Alex": 0, "Olya": 30, "Serg": 0}
    assert [sheet.remembered(p) for p in FOUR] == [0, 0, 0, 0]


def test_fish_for_one_tie_carries_K48_K52_O91_O99():
    # K 48: Alex and Olya hold 14 each: a draw; the whole fish, 35, goes to the next round
    sheet = ScoreSheet(FOUR, Rules.kozel("one"))
    assert sheet.record_totals({"Masha": 3, "Alex": 14, "Olya": 14, "Serg": 4}, fish=True) == {
        p: 0 for p in FOUR
    }
    assert sheet.carried == 35
    # K 51: a second tied fish adds its total to the carried sum
    sheet.record_totals({"Masha": 5, "Alex": 9, "Olya": 1, "Serg": 9}, fish=True)
    assert sheet.carried == 35 + 24
    # K 50: in the next round, however it ends, the player with the most points gets the
    # carried sum on top of their own (here Serg, 20 > 12: written at once)
    written = sheet.record_totals({"Masha": 0, "Alex": 2, "Olya": 6, "Serg": 20}, out="Masha")
    assert written["Serg"] == 20 + 59 and sheet.carried == 0


def test_goat_at_101_K54_O103():
    sheet = ScoreSheet(FOUR, Rules.kozel(), written={"Alex": 95})
    sheet.record_totals({"Masha": 0, "Alex": 5, "Olya": 3, "Serg": 4}, out="Masha")
    assert not sheet.is_over  # 100
    sheet.record_totals({"Masha": 0, "Alex": 1, "Olya": 3, "Serg": 4}, out="Masha")
    assert sheet.loser == "Alex" and sheet.score("Alex") == 101


def test_everyone_over_101_loses_K88():
    # K 88: the players with 101 or more at the end are the losers (all of them)
    sheet = ScoreSheet(["A", "B", "C"], Rules.kozel(), written={"A": 95, "B": 99, "C": 10})
    sheet.record_totals({"A": 0, "B": 20, "C": 13}, out="A")
    assert sheet.score("B") == 119 and set(sheet.losers) == {"B"}
    sheet = ScoreSheet(["A", "B", "C"], Rules.kozel(), written={"A": 95, "B": 99, "C": 10})
    sheet.record_totals({"A": 20, "B": 20, "C": 0}, out="C")
    assert set(sheet.losers) == {"A", "B"} and sheet.loser == "B"  # B 119 is the goat


def test_eggs_K168():
    # K 168: equal points in a fish are "eggs", written to the next round's loser (the one
    # with the most points); K 125: eggs are played from 1-1
    sheet = ScoreSheet(["A", "B"], Rules.kozel(eggs=True))
    assert sheet.record_totals({"A": 15, "B": 15}, fish=True) == {"A": 0, "B": 0}
    assert sheet.carried == 30 and sheet.last_tie
    assert sheet.record_totals({"A": 0, "B": 6}, out="A") == {"A": 0, "B": 36}


def test_the_last_bones_of_the_bazaar_are_not_drawn_K165_K224():
    # K 165: the last two bones of the bazaar are not taken; here the only 1 lies there
    hands, bazaar = deal(
        [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (0, 2)],
        [(2, 2), (2, 4), (2, 5), (2, 6), (3, 3), (3, 4), (3, 5)],
    )
    bazaar = [b for b in bazaar if b != B(0, 1)] + [B(0, 1)]
    game = Game.from_deal(Rules.kozel(reserve=2), 2, hands, bazaar)
    game.play(B(1, 1))
    assert game.bazaar_size == 14 - 2 and game.reserve_size == 2
    for _ in range(12):
        game.draw()
    assert game.legal_moves() == [] and game.bazaar_size == 0 and game.reserve_size == 2
    game.knock()  # the reserve is never drawn
    assert game.turn == 0 and len(game.hand(1)) == 7 + 12


# ---------------------------------------------------------------- rating
def test_rating_K56_K61_O107_O113():
    assert rating_points(25) == 8  # (100 - 25) / 10 = 7.5 -> 8


def test_rating_after_timeout_K62_K75_O115_O133():
    # Alex left at 32; Masha's 30 gives 0.2 -> 0, but never below 1; Olya's 13 gives 1.9 -> 2
    assert rating_points(30, timeout_score=32) == 1
    assert rating_points(13, timeout_score=32) == 2


def test_rating_never_below_one_C2_305():
    assert rating_points(100) == 1 and rating_points(99) == 1


# ---------------------------------------------------------------- sea Kozel
def test_sea_kozel_special_hands_K117_K238():
    r = Rules.sea_kozel()
    assert hand_points(H((0, 0)), r) == 25
    assert hand_points(H((6, 6)), r) == 50
    assert hand_points(H((0, 0), (6, 6)), r) == 75


def test_bone_values_K103_K105():
    # K 103-105: 0-0 counts 25, 6-6 50, the others their pips: 1-4 = 5, 6-4 = 10, 3-5 = 8
    r = Rules.classic(heavy_doubles=True)
    assert [r.bone_value(B(*p)) for p in [(0, 0), (6, 6), (1, 4), (4, 6), (3, 5)]] == [
        25,
        50,
        5,
        10,
        8,
    ]


def test_sea_kozel_threshold_and_erasing_K109_K112():
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    # K 109-110: the winner writes the loser's points, from 25 up
    assert sheet.record_totals({"A": 0, "B": 24}, out="A") == {"A": 0, "B": 0}
    assert sheet.record_totals({"A": 0, "B": 30}, out="A") == {"A": 30, "B": 0}
    # K 111: only one player holds points; when the other scores, all is written off
    sheet.record_totals({"A": 27, "B": 0}, out="B")
    assert sheet.scores() == {"A": 0, "B": 0}


def test_sea_kozel_125_wins_K112():
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel(), written={"A": 100})
    sheet.record_totals({"A": 0, "B": 25}, out="A")
    assert sheet.winner == "A" and sheet.score("A") == 125


def test_sea_kozel_two_pairs_play_to_202_K198():
    assert Rules.sea_kozel(players=4, teams=True).target == 202


def test_bald_goat_K115_K236():
    # K 115: finishing on 0-0 wins the game at once
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    sheet.record_totals({"A": 0, "B": 3}, out="A", finished_with=[B(0, 0)])
    assert sheet.winner == "A" and sheet.is_over


def test_finishing_on_six_six_K116_K237():
    # K 116: finishing on 6-6 wins when the loser holds 25 or more
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    sheet.record_totals({"A": 0, "B": 24}, out="A", finished_with=[B(6, 6)])
    assert not sheet.is_over
    sheet.record_totals({"A": 0, "B": 25}, out="A", finished_with=[B(6, 6)])
    assert sheet.winner == "A"


def test_on_a_hundred_K114_K235():
    # K 114: a player who has started writing may open with 6-6 ("on a hundred"):
    # going out first wins the game, losing with 25 or more left loses it
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel(), written={"A": 30})
    sheet.record_totals({"A": 0, "B": 4}, out="A", opener="A", opened_with=B(6, 6))
    assert sheet.winner == "A"
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel(), written={"A": 30})
    sheet.record_totals({"A": 25, "B": 0}, out="B", opener="A", opened_with=B(6, 6))
    assert sheet.loser == "A" and sheet.winner is None


def test_fisherman_rules_K120_K123():
    # K 120: the fisherman with fewer than 25, the other more: the fisherman wins
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    assert sheet.record_totals({"A": 10, "B": 30}, fish=True, fisherman="A") == {"A": 30, "B": 0}
    assert sheet.round_winners[-1] == "A"
    # K 121-123: the fisherman with more than the other and more than 25 writes the fish
    # off (nothing written) and opens the next round; after three tries he loses
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    for _ in range(2):
        assert sheet.record_totals({"A": 30, "B": 12}, fish=True, fisherman="A") == {"A": 0, "B": 0}
        assert sheet.round_winners[-1] == "A" and not sheet.is_over
    sheet.record_totals({"A": 30, "B": 12}, fish=True, fisherman="A")
    assert sheet.loser == "A"


def test_sea_kozel_eggs_K124_K125():
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel())
    assert sheet.record_totals({"A": 14, "B": 14}, fish=True, fisherman="A") == {"A": 0, "B": 0}
    assert sheet.last_tie and Rules.sea_kozel().reopen_after_tie


# ---------------------------------------------------------------- Telephone
def test_telephone_house_example_K135_K138_T254_T259():
    # K 136-138: house 4-4, 6 on one end and 3 on the other; 6-6 laid on the 6 scores 15
    # (6 + 6 + 3), then 4-5 on the house 20 (6 + 6 + 3 + 5); T 254-259: one point per
    # five: 3, then 4, then 5-5 on the 5 gives 5
    rules = Rules.telephone(per_five=True).with_(opening_bones=(), opening_doubles=(4,))
    hands, bazaar = deal(
        [(4, 4), (4, 3), (4, 5), (0, 0), (0, 1), (0, 2), (1, 1)],
        [(4, 6), (6, 6), (5, 5), (1, 2), (2, 2), (0, 3), (1, 3)],
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(4, 4))
    game.play(B(4, 6), "left")
    game.play(B(4, 3), "right")  # the 4-4 is covered on both sides: the house
    assert game.line.open_ends() == {"left": 6, "right": 3, "up": 4, "down": 4}
    assert game.sheet.scores() == {0: 0, 1: 0}
    game.play(B(6, 6), "left")
    assert game.line.count() == 15 and game.sheet.scores() == {0: 0, 1: 3}
    game.play(B(4, 5), "up")
    assert game.line.count() == 20 and game.sheet.scores() == {0: 4, 1: 3}
    game.play(B(5, 5), "up")
    assert game.line.count() == 25 and game.sheet.scores() == {0: 4, 1: 3 + 5}


def test_telephone_sum_per_five_K138():
    # K 137-138 write the sums themselves: 15, then 20
    rules = Rules.telephone().with_(opening_bones=(), opening_doubles=(4,))
    hands, bazaar = deal(
        [(4, 4), (4, 3), (4, 5), (0, 0), (0, 1), (0, 2), (1, 1)],
        [(4, 6), (6, 6), (5, 5), (1, 2), (2, 2), (0, 3), (1, 3)],
    )
    game = Game.from_deal(rules, 2, hands, bazaar)
    for bone, side in [
        ((4, 4), None),
        ((4, 6), "left"),
        ((4, 3), "right"),
        ((6, 6), "left"),
        ((4, 5), "up"),
    ]:
        game.play(B(*bone), side)
    assert game.sheet.scores() == {0: 20, 1: 15}


def test_telephone_two_player_example_T697_T701():
    # T 699-701: 3-2 scores 5; 2-2 and 3-3 laid at once score 10; 2-4 on the 2-2 (now the
    # house) scores 3 + 3 + 4 = 10; 3-1 on the 3-3 scores 1 + 4 = 5
    hands, bazaar = deal(
        [(2, 3), (2, 4), (6, 6), (5, 5), (0, 6), (1, 6), (0, 5)],
        [(2, 2), (3, 3), (1, 3), (0, 0), (0, 1), (1, 1), (4, 4)],
    )
    game = Game.from_deal(Rules.telephone(doubles=2), 2, hands, bazaar)
    assert game.legal_moves() == [Move(B(2, 3), "right")]  # K 263: the holder of 2-3 opens
    game.play(B(2, 3))
    assert game.sheet.scores() == {0: 5, 1: 0}
    game.play([Move(B(2, 2), "left"), Move(B(3, 3), "right")])
    assert game.sheet.scores() == {0: 5, 1: 10}
    game.play(B(2, 4), "left")
    assert game.line.spinner_value() == 2 and game.sheet.scores() == {0: 15, 1: 10}
    game.play(B(1, 3), "right")
    assert game.sheet.scores() == {0: 15, 1: 15}


def test_telephone_two_doubles_score_once_T699():
    # the two doubles are laid at once: 2-2 alone (4 + 3 = 7) scores nothing
    hands, bazaar = deal(
        [(2, 3), (2, 4), (6, 6), (5, 5), (0, 6), (1, 6), (0, 5)],
        [(2, 2), (3, 3), (1, 3), (0, 0), (0, 1), (1, 1), (4, 4)],
    )
    game = Game.from_deal(Rules.telephone(doubles=2), 2, hands, bazaar)
    game.play(B(2, 3))
    game.play(B(2, 2), "left")
    assert game.turn == 1 and game.can_end_turn and game.sheet.score(1) == 0
    assert game.legal_moves() == [Move(B(3, 3), "right")]
    game.play(B(3, 3), "right")
    assert game.sheet.score(1) == 10 and game.turn == 0


def test_telephone_first_bone_scores_at_once_K344():
    # K 344: opening a later round with 6-4 or 3-2 writes 10 or 5 at once
    for bone, points in [((4, 6), 10), ((2, 3), 5)]:
        line = Line.for_rules(Rules.telephone())
        line.play(B(*bone))
        assert line.count() == points


def test_telephone_leftovers_written_off_K139_T705():
    # K 139: 6-4 and 5-3 left, 18: 15 is written off (rounded down); no debts
    sheet = ScoreSheet(["A", "B"], Rules.telephone(), written={"A": 40, "B": 10})
    assert sheet.record_round({"A": [], "B": H((6, 4), (5, 3))}) == {"A": 0, "B": -10}
    assert sheet.scores() == {"A": 40, "B": 0}  # never below zero
    sheet = ScoreSheet(["A", "B"], Rules.telephone(), written={"A": 40, "B": 30})
    sheet.record_round({"A": [], "B": H((6, 4), (5, 3))})
    assert sheet.scores() == {"A": 40, "B": 15}


def test_telephone_225_and_the_draw_K267_K347():
    sheet = ScoreSheet(["A", "B"], Rules.telephone(), written={"A": 200, "B": 210})
    sheet.add_points("A", 25)
    sheet.add_points("B", 15)
    sheet.record_totals({"A": 0, "B": 2}, out="A")
    assert sheet.is_draw and sheet.winner is None


def test_telephone_per_five_winner_rounds_up_T260():
    # T 260: the winner writes the others' points divided by 5, rounded up
    sheet = ScoreSheet(["A", "B"], Rules.telephone(per_five=True))
    assert sheet.record_totals({"A": 0, "B": 18}, out="A") == {"A": 4, "B": 0}


# ---------------------------------------------------------------- Muggins and fives
def test_muggins_example_K275_K276():
    sheet = ScoreSheet(["A", "B", "C"], Rules.muggins())
    assert sheet.record_totals({"A": 0, "B": 9, "C": 30}, out="A") == {"A": 10, "B": 0, "C": 0}
    # K 276: blocked: the lowest hand gets the others' points minus its own, to five
    assert sheet.record_totals({"A": 4, "B": 9, "C": 12}, fish=True) == {
        "A": 15,
        "B": 0,
        "C": 0,
    }  # 9 + 12 - 4 = 17 -> 15


def pyaterochka(cross):
    hands, bazaar = deal(
        [(5, 5), (3, 5), (4, 5), (2, 5), (0, 0), (1, 1), (1, 2)],
        [(0, 5), (0, 2), (2, 2), (3, 3), (6, 6), (1, 6), (4, 4)],
    )
    return Game.from_deal(Rules.fives(cross=cross), 2, hands, bazaar)


def test_pyaterochka_steps_C2_179_C2_185():
    game = pyaterochka("all")
    game.play(B(5, 5))  # a: 10
    assert game.sheet.scores() == {0: 10, 1: 0}
    assert set(game.line.open_ends()) == {"left", "right", "up", "down"}
    game.play(B(5, 0), "right")  # b: 10
    assert game.sheet.scores() == {0: 10, 1: 10}
    game.play(B(3, 5), "left")  # c: 5 + 5 + 3 + 0 = 13
    assert game.line.count() == 13 and game.sheet.scores() == {0: 10, 1: 10}
    game.play(B(0, 2), "right")  # 5 + 5 + 3 + 2 = 15
    assert game.sheet.scores() == {0: 10, 1: 25}
    for bone, side in [((5, 4), "up"), ((2, 2), "right"), ((2, 5), "right"), ((3, 3), "left")]:
        game.play(B(*bone), side)  # d: 5 + 4 + 3 + 3 + 5 = 20
    assert game.line.count() == 20 and game.sheet.scores() == {0: 10, 1: 45}


def test_pyaterochka_variant_counts_played_sides_C2_191():
    # C2 191: counting only the played sides of the cross, c gives 5 (3 + 2), d 15
    game = pyaterochka("played")
    for bone, side in [((5, 5), None), ((5, 0), "right"), ((3, 5), "left")]:
        game.play(B(*bone), side)
    game.play(B(0, 2), "right")
    assert game.line.count() == 5 and game.sheet.scores() == {0: 10, 1: 15}
    for bone, side in [((5, 4), "up"), ((2, 2), "right"), ((2, 5), "right"), ((3, 3), "left")]:
        game.play(B(*bone), side)
    assert game.line.count() == 15 and game.sheet.scores() == {0: 10, 1: 30}


def test_pyaterochka_prize_C2_187():
    # C2 187: the winner holds 3, the opponents 5, 11 and 13: 26 -> 25 -> 5 points
    sheet = ScoreSheet(["W", "X", "Y", "Z"], Rules.fives())
    assert sheet.record_totals({"W": 3, "X": 5, "Y": 11, "Z": 13}, fish=True) == {
        "W": 5,
        "X": 0,
        "Y": 0,
        "Z": 0,
    }


def test_pyaterochka_undivided_variant_C2_195():
    # C2 195: not divided by 5, and a blocked round counts the losers' points in full
    sheet = ScoreSheet(["W", "X", "Y", "Z"], Rules.fives(divide=False))
    assert sheet.record_totals({"W": 3, "X": 5, "Y": 11, "Z": 13}, fish=True)["W"] == 30


def test_straight_dominoes_C1_238_C1_240():
    sheet = ScoreSheet(["A", "B", "C", "D"], Rules.straight(teams=True))
    # C1 238: the opponents' pips, rounded to the nearest five; the partner's do not count
    assert sheet.record_totals({"A": 0, "B": 7, "C": 30, "D": 6}, out="A")["A"] == 15
    # C1 240: blocked: the lower pair gets the opponents' total, rounded to five
    assert sheet.record_totals({"A": 4, "B": 10, "C": 3, "D": 12}, fish=True)["A"] == 20


# ---------------------------------------------------------------- classic
def test_classic_blocked_round_C2_59_K219():
    # C2 59: the fewest points win; the difference is written; K 219: the others' sum
    # minus the winner's own
    sheet = ScoreSheet(["A", "B", "C"], Rules.classic())
    assert sheet.record_totals({"A": 3, "B": 9, "C": 6}, fish=True) == {
        "A": 9 + 6 - 3,
        "B": 0,
        "C": 0,
    }
    assert sheet.round_winners == ["A"]


def test_classic_out_C2_58():
    sheet = ScoreSheet(["A", "B", "C"], Rules.classic())
    assert sheet.record_totals({"A": 0, "B": 9, "C": 6}, out="A") == {"A": 15, "B": 0, "C": 0}


def test_blocked_tie_is_replayed_T841():
    sheet = ScoreSheet(["A", "B"], Rules.classic(blocked_tie="replay"))
    assert sheet.record_totals({"A": 7, "B": 7}, fish=True) == {"A": 0, "B": 0}
    assert sheet.deals_played == 0 and sheet.round_winners == [None]


def test_fewest_bones_win_a_blocked_game_C1_402():
    sheet = ScoreSheet(["A", "B"], Rules.classic(blocked_tie="fewest_bones"))
    sheet.record_round({"A": H((1, 2), (0, 1), (0, 0)), "B": H((0, 4))}, fish=True)
    assert sheet.round_winners == ["B"]


def test_penalty_game_C1_209_C1_211():
    r = Rules.classic_penalty()
    # C1 209: a lone 0-0 counts 25, a 6-6 still in hand 50; over 100 loses
    assert hand_points(H((0, 0)), r) == 25 and hand_points(H((6, 6), (1, 2)), r) == 53
    sheet = ScoreSheet(["A", "B"], r)
    assert sheet.record_round({"A": [], "B": H((6, 6))}) == {"A": 0, "B": 50}
    # C1 211: in a fish the lower writes nothing, the other the difference
    assert sheet.record_totals({"A": 9, "B": 4}, fish=True) == {"A": 5, "B": 0}
    sheet.record_totals({"A": 0, "B": 51}, out="A")
    assert sheet.loser == "B" and sheet.score("B") == 101


def test_draw_one_then_pass_C1_207():
    # C1 207: with no fitting bone take one; play it if it fits, else pass the turn
    hands, bazaar = deal(
        [(6, 6), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (1, 2)],
        [(1, 1), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)],
    )
    game = Game.from_deal(Rules.classic(draw_one=True), 2, hands, bazaar)
    game.play(B(6, 6))
    assert game.legal_moves() == []
    drawn = game.draw()
    if not game.legal_moves():
        game.knock()  # one draw only, then the turn passes
        assert game.turn == 0 and drawn in game.hand(1)


# ---------------------------------------------------------------- Chechevo, General, sport Kozel
def test_chechevo_most_points_take_all_T663():
    sheet = ScoreSheet(["Vasya", "Alena"], Rules.chechevo())
    assert sheet.record_totals({"Vasya": 23, "Alena": 25}, fish=True) == {"Vasya": 0, "Alena": 48}


def test_chechevo_doubles_T658_T661():
    # T 658: going out with 0-0 makes everyone else a goat; T 659: with 6-6, +50 each
    sheet = ScoreSheet(["A", "B", "C"], Rules.chechevo())
    sheet.record_round({"A": [], "B": H((1, 2)), "C": H((2, 3))}, finished_with=[B(0, 0)])
    assert set(sheet.losers) == {"B", "C"}
    sheet = ScoreSheet(["A", "B", "C"], Rules.chechevo())
    written = sheet.record_round({"A": [], "B": H((1, 2)), "C": H((2, 3))}, finished_with=[B(6, 6)])
    assert written["B"] + written["C"] == 3 + 5 + 2 * 50
    # T 660: a 0-0 left in a hand makes its holder a goat; T 661: a 6-6 left counts 50
    sheet = ScoreSheet(["A", "B", "C"], Rules.chechevo())
    sheet.record_round({"A": [], "B": H((0, 0), (1, 2)), "C": H((2, 3))})
    assert sheet.losers == ("B",)
    assert hand_points(H((6, 6)), Rules.chechevo()) == 50


def test_general_loser_is_the_next_player_K282():
    sheet = ScoreSheet(["A", "B", "C", "D"], Rules.general())
    # A goes out with 0-0: B, whose turn came next, is the General (team B + D)
    assert sheet.record_totals(
        {"A": 0, "B": 5, "C": 7, "D": 1}, out="A", finished_with=[B(0, 0)]
    ) == {"A": 0, "B": 1, "C": 0, "D": 1}
    # an ordinary finish hangs nothing; a fish does not count (K 280)
    sheet.record_totals({"A": 3, "B": 0, "C": 7, "D": 1}, out="B", finished_with=[B(1, 2)])
    sheet.record_totals({"A": 3, "B": 4, "C": 7, "D": 1}, fish=True)
    assert sheet.scores() == {"A": 0, "B": 1, "C": 0, "D": 1} and sheet.deals_played == 2


def test_sport_kozel_specials_C2_91_C2_94():
    r = Rules.sport_kozel()
    sheet = ScoreSheet(["A", "B", "C", "D"], r)
    # C2 90: the losing pair writes both hands; C2 92: opening in 6-6 adds 50 to the losers
    assert sheet.record_totals(
        {"A": 0, "B": 10, "C": 4, "D": 7}, out="A", opener="B", opened_with=B(6, 6)
    ) == {"A": 0, "B": 67, "C": 0, "D": 67}
    # C2 94: finishing in 0-0 adds 25 to the losers
    assert sheet.record_totals(
        {"A": 2, "B": 0, "C": 4, "D": 7}, out="B", finished_with=[B(0, 0)]
    ) == {"A": 31, "B": 0, "C": 31, "D": 0}
    # C2 93: a lone 6-6 counts 50, a lone 0-0 25
    assert hand_points(H((6, 6)), r) == 50 and hand_points(H((0, 0)), r) == 25
    # C2 91: a fish: the pair with more points writes everything; a tie carries it
    sheet2 = ScoreSheet(["A", "B", "C", "D"], r)
    assert sheet2.record_totals({"A": 5, "B": 6, "C": 6, "D": 5}, fish=True) == {
        p: 0 for p in "ABCD"
    }
    assert sheet2.carried == 22


def test_sport_kozel_partner_of_the_winner_opens_C2_84():
    for seed in range(6):
        game = Game(Rules.sport_kozel(), [lambda v: v.legal_moves[0]] * 4, seed=seed)
        first = game.play_round()
        if first.reason == "out":
            assert game.turn == (first.winner + 2) % 4
            doubles = [b for b in game.hand(game.turn) if b.is_double]
            assert {m.bone for m in game.legal_moves()} == (
                set(doubles) or set(game.hand(game.turn))
            )
            return
    pytest.fail("no round ended by going out")


# ---------------------------------------------------------------- Seven, Bergen, Blitz
def test_seven_move_example_T747():
    # T 747: 1st: 1-1; 2nd: 1-4, 2 + 4 = 6, again; 2-1, 2 + 4 = 6, again; 4-5, 2 + 5 = 7:
    # the 3rd player takes 2 bones from the bazaar and misses the turn
    hands, bazaar = deal(
        [(1, 1), (0, 0), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6)],
        [(1, 4), (1, 2), (4, 5), (2, 2), (2, 3), (3, 3), (3, 4)],
        [(5, 5), (5, 6), (6, 6), (4, 6), (3, 6), (2, 6), (1, 6)],
    )
    game = Game.from_deal(Rules.seven(), 3, hands, bazaar)
    game.play(B(1, 1))
    game.play(B(1, 4), "right")
    assert game.line.count() == 6 and game.turn == 1
    game.play(B(2, 1), "left")
    assert game.line.count() == 6 and game.turn == 1
    game.play(B(4, 5), "right")
    assert game.line.count() == 7
    assert game.turn == 0 and len(game.hand(2)) == 9 and game.bazaar_size == 7 - 2


def test_seven_doubles_count_ten_and_sticks_T743():
    r = Rules.seven()
    assert hand_points(H((2, 2), (0, 1)), r) == 11
    sheet = ScoreSheet(["A", "B", "C"], r)
    assert sheet.record_round({"A": [], "B": H((0, 0)), "C": H((5, 6))}) == {
        "A": 0,
        "B": 0,
        "C": 1,
    }  # 0-0 counts 10, 5-6 counts 11: a stick


def test_bergen_points_C2_101():
    r = Rules.bergen()
    # opening with a double: 2
    hands, bazaar = deal(
        [(0, 0), (0, 3), (3, 5), (1, 1), (1, 2), (2, 4)],
        [(0, 5), (5, 5), (0, 1), (0, 2), (6, 6), (4, 4)],
    )
    game = Game.from_deal(r, 2, hands, bazaar)
    game.play(B(0, 0))
    assert game.sheet.scores() == {0: 2, 1: 0}
    game.play(B(0, 5), "right")  # ends 0-0 and 5: nothing
    assert game.sheet.scores() == {0: 2, 1: 0}
    game.play(B(3, 5), "right")  # ends 0-0 and 3: nothing
    game.play(B(0, 1), "left")  # ends 1 and 3: nothing
    game.play(B(1, 1), "left")  # ends 1-1 and 3: nothing
    assert game.sheet.scores() == {0: 2, 1: 0}
    sheet = ScoreSheet(["A", "B"], r)
    assert sheet.record_round({"A": [], "B": H((1, 2))}) == {"A": 2, "B": 0}
    # blocked: the player without doubles gets 2 (C2 105)
    assert sheet.record_round({"A": H((1, 1)), "B": H((2, 3))}, fish=True) == {"A": 0, "B": 2}
    # everyone holds doubles: the lowest double gets 2
    assert sheet.record_round({"A": H((1, 1)), "B": H((0, 0), (5, 6))}, fish=True) == {
        "A": 0,
        "B": 2,
    }


def test_bergen_double_headers_C2_101():
    hands, bazaar = deal(
        [(2, 3), (4, 2), (0, 0), (0, 1), (1, 1), (5, 6)],
        [(3, 4), (2, 2), (1, 6), (0, 6), (6, 6), (4, 4)],
    )
    game = Game.from_deal(
        Rules.bergen().with_(opening_doubles=(), opening_fallback="lightest"), 2, hands, bazaar
    )
    assert game.legal_moves() == [Move(B(0, 0), "right")]
    rules = Rules.bergen().with_(opening_doubles=(), opening_bones=((2, 3),))
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(2, 3))
    game.play(B(3, 4), "right")
    game.play(B(4, 2), "right")  # ends 2 and 2: a double-header, 2
    assert game.sheet.scores() == {0: 2, 1: 0}
    game.play(B(2, 2), "right")  # 2-2 at one end, 2 at the other: 3
    assert game.sheet.scores() == {0: 2, 1: 3}


def test_blitz_lays_several_bones_in_a_turn_C2_113():
    hands, bazaar = deal(
        [(0, 0), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)],
        [(0, 2), (1, 1), (1, 3), (1, 4), (1, 5), (1, 6), (2, 2)],
        [(0, 3), (2, 4), (2, 5), (2, 6), (3, 3), (3, 5), (3, 6)],
        [(0, 4), (0, 5), (0, 6), (4, 4), (4, 6), (5, 5), (6, 6)],
    )
    game = Game.from_deal(Rules.blitz(), 4, hands, bazaar)
    game.play(B(0, 0))
    assert game.turn == 0 and game.can_end_turn  # seat 0 may go on, or stop
    game.end_turn()
    game.play(B(0, 2), "right")
    assert game.turn == 1 and game.can_end_turn
    game.play(B(2, 2), "right")  # nothing more fits: the turn ends
    assert game.turn == 2 and not game.can_end_turn
    # C2 113: the whole hand may go down in one turn, which ends the round
    game = Game.from_deal(Rules.blitz(), 4, hands, bazaar)
    game.play(
        [B(0, 0)] + [Move(B(*p), "right") for p in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6)]]
    )
    assert game.rounds[0].reason == "out" and game.rounds[0].winner == 0


# T 748: "a player who has moved three or more times in a row may move two bones in a row".
# Default reading (Rules.seven() docstring): the moves of one player with nobody moving
# between them (the moves again after ends adding up to 6, T 736); the other reading,
# two_bones="turns": a bone laid in each of the player's last three turns.
def _seven_row_game(rules):
    # three players, 1-1 opens (T 735); hands chosen for the moves below
    hands, bazaar = deal(
        [(1, 1), (3, 3), (0, 0), (3, 6), (0, 5), (4, 6), (2, 3)],
        [(0, 1), (2, 2), (2, 5), (2, 4), (4, 4), (4, 5), (5, 5)],
        [(1, 3), (6, 6), (5, 6), (1, 2), (1, 4), (1, 5), (1, 6)],
    )
    game = Game.from_deal(rules, 3, hands, bazaar)
    game.play(B(1, 1))
    game.play(B(0, 1), "left")  # ends 0 and 1-1 (2): 2
    game.play(B(1, 3), "right")  # ends 0 and 3: 3
    game.play(B(3, 3), "right")  # 0 + 3-3 (6) = 6: seat 0 again (1st in a row)
    assert game.turn == 0
    game.play(B(0, 0), "left")  # 0-0 (0) + 6 = 6: again (2nd in a row)
    assert game.turn == 0
    return game


def test_seven_two_bones_after_three_moves_in_a_row_T748():
    game = _seven_row_game(Rules.seven())
    game.play(B(3, 6), "right")  # 0 + 6 = 6: again, the 3rd move in a row
    assert game.turn == 0 and not game.can_end_turn
    # the 4th move in a row may be two bones: 0-5 (ends 5 and 6: 11), then 6-4
    before = (game.hand(0), game.hand(1), game.line.copy().chain(), len(game.history))
    with pytest.raises(IllegalMoveError):
        game.play([B(0, 5), B(2, 3)])  # 2-3 fits neither 5 nor 6: all refused
    assert (game.hand(0), game.hand(1), game.line.chain(), len(game.history)) == before
    game.play(B(0, 5), "left")
    assert game.turn == 0 and game.can_end_turn and game.line.count() == 11
    game.play(B(4, 6), "right")  # ends 5 and 4: 9, the turn passes
    assert game.line.count() == 9 and game.turn == 1 and not game.can_end_turn
    assert len(game.hand(0)) == 7 - 6


def test_seven_no_two_bones_after_two_moves_in_a_row_T748():
    game = _seven_row_game(Rules.seven())
    # only two moves in a row so far: the 3rd is one bone
    before = (game.hand(0), game.line.chain(), len(game.history), game.turn)
    with pytest.raises(IllegalMoveError):
        game.play([B(0, 5), B(3, 6)])
    assert (game.hand(0), game.line.chain(), len(game.history), game.turn) == before
    game.play(B(0, 5), "left")  # ends 5 and 3-3 (6): 11, the turn passes
    assert game.turn == 1 and not game.can_end_turn
    # the rule left out: the 4th move in a row is one bone too
    game = _seven_row_game(Rules.seven(two_bones=False))
    game.play(B(3, 6), "right")
    game.play(B(0, 5), "left")
    assert game.turn == 1 and not game.can_end_turn


def _seven_turns_game(rules):
    # two players; seat 1 draws once (T 738), which breaks its row
    hands = [
        [B(*p) for p in h]
        for h in (
            [(1, 1), (1, 5), (4, 5), (0, 3), (2, 4), (0, 0), (5, 6)],
            [(0, 1), (4, 4), (2, 6), (1, 2), (1, 3), (1, 4), (6, 6)],
        )
    ]
    used = {b for h in hands for b in h}
    bazaar = [B(5, 5)] + [b for b in double_set(6) if b not in used and b != B(5, 5)]
    game = Game.from_deal(rules, 2, hands, bazaar)
    game.play(B(1, 1))  # seat 0: 1st turn with a bone
    game.play(B(0, 1), "left")  # ends 0 and 1-1 (2): 2
    game.play(B(1, 5), "right")  # seat 0: 2nd; ends 0 and 5: 5
    assert game.legal_moves() == []  # seat 1 holds no 0 and no 5
    assert game.draw() == B(5, 5)
    game.play(B(5, 5), "right")  # ends 0 and 5-5 (10): 10
    game.play(B(4, 5), "right")  # seat 0: 3rd; ends 0 and 4: 4
    game.play(B(4, 4), "right")  # seat 1 (row broken by the draw): 0 + 8 = 8
    assert game.turn == 0
    return game


def test_seven_two_bones_after_three_turns_in_a_row_T748_other_reading():
    game = _seven_turns_game(Rules.seven(two_bones="turns"))
    game.play(B(0, 3), "left")  # ends 3 and 4-4 (8): 11
    assert game.turn == 0 and game.can_end_turn
    game.play(B(2, 4), "right")  # ends 3 and 2: 5
    assert game.turn == 1 and game.line.count() == 5
    # seat 1 drew two turns ago: one bone only
    game.play(B(2, 6), "right")  # ends 3 and 6: 9
    assert game.turn == 0 and not game.can_end_turn
    # the default reading: three turns are not three moves in a row
    game = _seven_turns_game(Rules.seven())
    game.play(B(0, 3), "left")
    assert game.turn == 1 and not game.can_end_turn
