"""Details of the rule documents beyond the first pass: sea Kozel's hundred after a 6-6 finish
and rotten eggs, the traditional four-hand Kozel with its "krysha", Seven's players leaving
after three sticks, the strict General, Muggins's doubles laid lengthwise.

K = kozel_and_variants_ru.txt, T = kozel_sport_rules_tr.txt; the number is the paragraph
(the line of the file).  Expected numbers are the documents' or follow from their rules by
hand, never from the code.
"""

import pytest

from dominotiling.errors import DominoTilingError
from dominotiling.games import (
    Bone,
    Game,
    IllegalMoveError,
    Line,
    Move,
    Rules,
    ScoreSheet,
    double_set,
    greedy_player,
    random_player,
)


def B(a, b):
    return Bone(a, b)


def H(*pairs):
    return [Bone(a, b) for a, b in pairs]


# ---------------------------------------------------------------- sea Kozel
SEA = Rules.sea_kozel()


@pytest.mark.parametrize(
    "left, over, winner, loser",
    [
        (3, True, "A", None),  # the finisher goes out again: wins the game
        (None, True, None, "A"),  # loses with 25 or more left: loses the game
    ],
)
def test_six_six_finish_opens_the_next_round_on_a_hundred_K116_K237(left, over, winner, loser):
    sheet = ScoreSheet(["A", "B"], SEA)
    # K 116: A finishes on 6-6 while B holds 24 (< 25): not a win of the game ...
    assert sheet.record_totals({"A": 0, "B": 24}, out="A", finished_with=[B(6, 6)]) == {
        "A": 0,
        "B": 0,
    }
    assert not sheet.is_over
    # ... A opens the next round "on a hundred" (K 114: going out first wins the game,
    # losing with 25 or more left loses it), although A's account is not open
    if left is not None:
        sheet.record_totals({"A": 0, "B": left}, out="A", opener="A")
    else:
        sheet.record_totals({"A": 30, "B": 0}, out="B", opener="A")
    assert sheet.is_over == over and sheet.winner == winner and sheet.loser == loser


def test_the_hundred_is_for_the_next_round_only_K116():
    sheet = ScoreSheet(["A", "B"], SEA)
    sheet.record_totals({"A": 0, "B": 10}, out="A", finished_with=[B(6, 6)])
    sheet.record_totals({"A": 5, "B": 0}, out="B", opener="B")  # B opened, B won
    sheet.record_totals({"A": 0, "B": 4}, out="A", opener="A")  # no hundred any more
    assert not sheet.is_over


def test_eggs_go_to_the_winner_of_the_replay_K124_K125():
    sheet = ScoreSheet(["A", "B"], SEA)
    # a fish with 14 and 14: eggs, nothing written, the deal does not count
    assert sheet.record_totals({"A": 14, "B": 14}, fish=True, fisherman="A") == {"A": 0, "B": 0}
    assert sheet.carried == 28 and sheet.deals_played == 0
    # the replay is won by A, B holding 10: A writes 10 and the eggs' 28
    assert sheet.record_totals({"A": 0, "B": 10}, out="A") == {"A": 38, "B": 0}
    assert sheet.carried == 0 and sheet.deals_played == 1


def test_eggs_rot_after_three_attempts_K126_K246():
    # the older reading, now an option: more_rules_ru.txt (paragraphs 95 and 188) rots the
    # eggs when the next deal holds no 1-1, 2-2 or 3-3 (the default)
    sheet = ScoreSheet(["A", "B"], Rules.sea_kozel(rotten_eggs="replays"))
    sheet.record_totals({"A": 14, "B": 14}, fish=True, fisherman="A")
    for attempt, carried in [(1, 28 + 20), (2, 28 + 20 + 6)]:
        sheet.record_totals(
            {"A": 10, "B": 10} if attempt == 1 else {"A": 3, "B": 3}, fish=True, fisherman="B"
        )
        assert sheet.carried == carried and sheet.last_tie
    # the third attempt fails too: the eggs are rotten, the round does not count
    sheet.record_totals({"A": 5, "B": 5}, fish=True, fisherman="A")
    assert sheet.carried == 0 and sheet.deals_played == 0 and not sheet.last_tie
    assert sheet.scores() == {"A": 0, "B": 0}


def test_eggs_are_played_from_one_one_K125_K245():
    # after eggs the next round is opened by the holder of 1-1 (then 2-2, ...), whereas the
    # first round is opened from 0-0 (K 144: the smallest double)
    found = 0
    for seed in range(300):
        game = Game(SEA, [greedy_player, random_player], seed=seed)
        while not game.over and game.round_number < 12:
            number = game.round_number
            game.play_round()
            if game.over or not game.sheet.last_tie:
                continue
            deal = game.history[-1]
            assert deal.kind == "deal" and game.round_number == number + 1
            held = {b for h in deal.info[0] for b in h}
            first = next(v for v in (1, 2, 3, 4, 5, 6, 0) if B(v, v) in held)
            assert game.legal_moves() == [Move(B(first, first), "right")]
            found += 1
        if found >= 3:
            return
    pytest.fail("no eggs in the simulated games")


# ---------------------------------------------------------------- the traditional Kozel
KRYSHA = Rules.kozel_traditional()
PAIRS = ["A", "B", "C", "D"]  # A and C against B and D


def test_traditional_kozel_is_four_in_pairs_opened_by_one_one_K189_K191():
    game = Game(KRYSHA, [greedy_player] * 4, seed=3)
    assert game.bazaar_size == 0 and all(len(game.hand(s)) == 7 for s in range(4))
    holder = next(s for s in range(4) if B(1, 1) in game.hand(s))
    assert game.turn == holder and game.legal_moves() == [Move(B(1, 1), "right")]


def test_the_winners_write_and_under_thirteen_is_kept_K193():
    sheet = ScoreSheet(PAIRS, KRYSHA)
    # A goes out; B and D hold 5 and 4: 9 < 13, not written, kept for the pair
    assert sheet.record_totals({"A": 0, "B": 5, "C": 3, "D": 4}, out="A") == {
        "A": 0,
        "B": 0,
        "C": 0,
        "D": 0,
    }
    assert sheet.remembered("A") == 9 and sheet.notes["by_rule"]  # 1-1 opens again
    # C goes out; B and D hold 10 and 8: 18 > 13 is written with the 9 kept: 27
    assert sheet.record_totals({"A": 2, "B": 10, "C": 0, "D": 8}, out="C") == {
        "A": 27,
        "B": 0,
        "C": 27,
        "D": 0,
    }
    assert not sheet.notes["by_rule"]


def test_krysha_the_lower_pair_wins_and_a_tie_goes_to_the_next_winners_K194():
    sheet = ScoreSheet(PAIRS, KRYSHA, written={"A": 20, "B": 20})
    # blocked: A + C = 3 + 4 = 7 against B + D = 10 + 6 = 16: A and C write 16
    assert sheet.record_totals({"A": 3, "B": 10, "C": 4, "D": 6}, fish=True, fisherman="D") == {
        "A": 16,
        "B": 0,
        "C": 16,
        "D": 0,
    }
    assert sheet.round_winners[-1] == "D"  # K 195: the krysha maker opens next
    # equal sums (a "fish"): 5 + 6 against 8 + 3; all 22 go to the next round's winners
    assert sheet.record_totals({"A": 5, "B": 8, "C": 6, "D": 3}, fish=True, fisherman="B") == {
        "A": 0,
        "B": 0,
        "C": 0,
        "D": 0,
    }
    assert sheet.carried == 22
    assert sheet.record_totals({"A": 1, "B": 0, "C": 2, "D": 4}, out="B") == {
        "A": 0,
        "B": 25,
        "C": 0,
        "D": 25,
    }


def test_the_pair_at_101_wins_the_others_are_goats_K196():
    sheet = ScoreSheet(PAIRS, KRYSHA, written={"A": 90, "B": 95})
    sheet.record_totals({"A": 0, "B": 6, "C": 1, "D": 5}, out="A")
    assert sheet.winners == ("A", "C") and sheet.losers == ("B", "D")


# ---------------------------------------------------------------- Seven
def test_three_sticks_leave_the_game_the_last_one_wins_T745():
    sheet = ScoreSheet(["A", "B", "C"], Rules.seven())
    for _ in range(3):  # A takes three sticks
        sheet.record_round({"A": H((6, 6)), "B": [], "C": H((1, 2))})
    assert not sheet.is_over and sheet.active == ("B", "C")
    # A plays no more: holds nothing, takes no sticks
    with pytest.raises(DominoTilingError, match="left the match"):
        sheet.record_round({"A": H((0, 1)), "B": [], "C": H((1, 2))})
    for _ in range(3):
        sheet.record_round({"A": [], "B": H((5, 5)), "C": []})
    assert sheet.winner == "C" and sheet.losers == ("A", "B")


def test_a_seat_that_left_is_dealt_nothing_and_skipped_T745():
    for seed in range(4):
        game = Game(Rules.seven(), [random_player, greedy_player, random_player], seed=seed)
        while not game.over:
            gone = {s for s in range(3) if game.sheet.score(s) >= 3}
            assert all(not game.hand(s) for s in gone) and game.turn not in gone
            game.step()
        assert len(game.sheet.winners) == 1 and len(game.sheet.losers) == 2
        # dealt as many bones as at first (T 745): 7 each for three players
        deals = [e for e in game.history if e.kind == "deal"]
        assert all(len(h) in (0, 7) for e in deals for h in e.info[0])


def test_the_second_game_opens_from_two_two_T746():
    assert Rules.seven(game=2).opening_doubles[:2] == (2, 3)
    assert Rules.seven().opening_doubles[0] == 1


# ---------------------------------------------------------------- General
def test_strict_general_needs_both_doubles_at_once_K352():
    players = ["A", "B", "C", "D"]
    strict = ScoreSheet(players, Rules.general(strict=True))
    loose = ScoreSheet(players, Rules.general())
    hands = {"A": [], "B": H((1, 2)), "C": H((3, 4)), "D": H((2, 5))}
    for sheet, one, both in [(loose, 1, 1), (strict, 0, 1)]:
        # A finishes on 0-0: B, whose turn comes next, is a General -- unless strict
        assert sheet.record_round(hands, finished_with=[B(0, 0)])["B"] == one
        assert sheet.record_round(hands, finished_with=[B(0, 0), B(6, 6)])["B"] == both


# ---------------------------------------------------------------- Muggins
def test_muggins_doubles_along_or_across_K350():
    def line_with(lengthwise):
        line = Line(spinner=True, spinner_opens="at_once")
        line.play(B(6, 6))  # the first double: the cross, across
        line.play(B(6, 5), "right")
        line.play(B(6, 0), "left")
        line.play(B(5, 5), "right", lengthwise=lengthwise)
        return line

    # K 350: later doubles lie along or across as the player likes; across 5-5 counts both
    # halves: 0 + 5 + 5 = 10; along, one: 0 + 5 = 5 (both multiples of five)
    assert line_with(False).count() == 10 and line_with(True).count() == 5
    assert str(line_with(True)) == "0-6 6-6 6-5 5=5"
    line = Line(spinner=True)
    line.play(B(2, 4))
    with pytest.raises(IllegalMoveError, match="lengthwise"):
        line.play(B(4, 4), "right", lengthwise=True)  # the first double is the cross


def test_muggins_offers_both_and_scores_them_K350():
    hands = [
        H((6, 6), (6, 0), (0, 1), (1, 1), (2, 3), (2, 2), (0, 2)),
        H((6, 5), (5, 5), (1, 2), (3, 4), (4, 4), (1, 3), (1, 4)),
    ]
    bazaar = [b for b in double_set(6) if b not in hands[0] + hands[1]]
    game = Game.from_deal(Rules.muggins(), 2, hands, bazaar)
    game.play(B(6, 6))  # the cross alone: 12, nothing
    game.play(B(6, 5), "right")  # 12 + 5 = 17: nothing
    game.play(B(6, 0), "left")  # ends 0 and 5: 5 for seat 0
    assert game.sheet.score(0) == 5
    moves = [m for m in game.legal_moves() if m.bone == B(5, 5)]
    assert moves == [Move(B(5, 5), "right"), Move(B(5, 5), "right", lengthwise=True)]
    game.play(Move(B(5, 5), "right", lengthwise=True))  # 0 + 5 = 5 points
    assert game.sheet.score(1) == 5
    again = Game.replay(Rules.muggins(), 2, game.history)
    assert again.line == game.line and again.sheet.scores() == game.sheet.scores()
    assert Rules.muggins(lengthwise=False).lengthwise_doubles is False
