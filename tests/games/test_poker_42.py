"""Domino poker and 42, as classic_rules_2_ru.txt describes them (C2 = that file; ¶ = line)."""

import pytest

from dominotiling.errors import DominoTilingError
from dominotiling.games import Bone, double_set, poker_hand, poker_set
from dominotiling.games.forty_two import check_bid, count_points, followers, settle, trick_winner


def hand(*pairs):
    return poker_hand([Bone(a, b) for a, b in pairs])


def test_the_poker_set_C2_133():
    # C2 133: twenty bones: 1-1 and every bone with a blank are taken out
    bones = poker_set()
    assert len(bones) == 20 and Bone(1, 1) not in bones
    assert not any(0 in b for b in bones)


@pytest.mark.parametrize(
    "pairs, name, paragraph",
    [
        (((2, 2), (3, 3), (1, 4), (2, 5), (4, 6)), "pair", 135),
        (((6, 1), (6, 3), (6, 4), (6, 5), (6, 6)), "flush", 137),  # the text's example
        (((2, 2), (3, 3), (5, 5), (1, 4), (2, 6)), "three", 139),
        (((4, 6), (4, 5), (4, 4), (4, 3), (1, 2)), "four straight", 141),  # the text's example
        (((6, 6), (3, 3), (2, 2), (2, 4), (2, 1)), "full hand", 143),  # the text's example
        (((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)), "five straight", 145),  # the text's example
        (((2, 2), (3, 3), (4, 4), (5, 5), (1, 6)), "four doubles", 147),
        (((6, 2), (6, 3), (6, 4), (6, 5), (6, 6)), "six straight", 149),
        (((2, 2), (3, 3), (4, 4), (5, 5), (6, 6)), "royal flush", 151),
        (((1, 2), (1, 3), (2, 4), (3, 5), (4, 6)), "high bone", 153),
    ],
)
def test_poker_combinations_C2_135_C2_153(pairs, name, paragraph):
    assert hand(*pairs).name == name


def test_poker_ranks_in_the_order_of_the_text_C2_135_C2_151():
    order = [
        hand((2, 2), (3, 3), (1, 4), (2, 5), (4, 6)),
        hand((6, 1), (6, 3), (6, 4), (6, 5), (6, 6)),
        hand((2, 2), (3, 3), (5, 5), (1, 4), (2, 6)),
        hand((4, 6), (4, 5), (4, 4), (4, 3), (1, 2)),
        hand((6, 6), (3, 3), (2, 2), (2, 4), (2, 1)),
        hand((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)),
        hand((2, 2), (3, 3), (4, 4), (5, 5), (1, 6)),
        hand((6, 2), (6, 3), (6, 4), (6, 5), (6, 6)),
        hand((2, 2), (3, 3), (4, 4), (5, 5), (6, 6)),
    ]
    assert order == sorted(order)
    # C2 153: without a combination the bone with the most pips wins
    assert hand((1, 2), (1, 3), (2, 4), (3, 5), (4, 6)) > hand(
        (1, 2), (1, 3), (2, 4), (3, 5), (1, 6)
    )


def test_poker_refuses_bad_hands():
    with pytest.raises(DominoTilingError, match="five distinct"):
        hand((2, 2), (3, 3))
    with pytest.raises(DominoTilingError, match="not in the poker set"):
        hand((0, 2), (3, 3), (4, 4), (5, 5), (6, 6))
    with pytest.raises(DominoTilingError, match="not in the poker set"):
        hand((1, 1), (3, 3), (4, 4), (5, 5), (6, 6))


def test_42_count_C2_117():
    # C2 117: 6-4, 5-5, 5-0, 4-1 and 3-2 count 35 in all; one point per trick: 42
    assert count_points(double_set(6)) == 35
    assert count_points([Bone(6, 4), Bone(5, 5)]) == 20 and count_points([Bone(1, 4)]) == 5


def test_42_following_and_tricks_C2_121_C2_125():
    # C2 123: on 5-2 one lays 5-3, not 2-4
    assert followers([Bone(5, 3), Bone(2, 4)], Bone(5, 2), trump=6) == [Bone(5, 3)]
    # on a trump, a trump; without the suit, anything
    assert followers([Bone(6, 1), Bone(2, 4)], Bone(6, 3), trump=6) == [Bone(6, 1)]
    assert followers([Bone(1, 2), Bone(2, 4)], Bone(5, 3), trump=6) == [Bone(1, 2), Bone(2, 4)]
    # C2 125: the highest trump takes the trick; without trumps the highest of the suit
    assert trick_winner([Bone(5, 2), Bone(5, 3), Bone(2, 4), Bone(6, 1)], trump=6) == 3
    assert trick_winner([Bone(5, 2), Bone(6, 1), Bone(6, 6)], trump=6) == 2
    assert trick_winner([Bone(5, 2), Bone(5, 3), Bone(2, 4), Bone(1, 1)], trump=6) == 1


def test_42_bids_and_settlement_C2_117_C2_127():
    assert check_bid(30) == 30
    with pytest.raises(DominoTilingError, match="30 to 42"):
        check_bid(29)
    with pytest.raises(DominoTilingError, match="by at least one point"):
        check_bid(33, previous=33)
    with pytest.raises(DominoTilingError, match="outbids 42 only"):
        check_bid(84, previous=35)
    # C2 127: made: both pairs write what they took; failed: the bidders write nothing and
    # the opponents their points plus the bid
    assert settle(32, 35) == (35, 7)
    assert settle(36, 30) == (0, 12 + 36)
    assert settle(42, 41) == (0, 1 + 42) and settle(42, 42) == (42, 0)


# ---------------------------------------------------------------- 42, whole hands
from dominotiling.games import random_player  # noqa: E402
from dominotiling.games.errors import IllegalMoveError  # noqa: E402
from dominotiling.games.forty_two import FortyTwo  # noqa: E402
from dominotiling.games.forty_two import greedy_player as greedy_42  # noqa: E402
from dominotiling.games.poker import PokerTable  # noqa: E402
from dominotiling.games.poker import greedy_player as greedy_poker  # noqa: E402

COUNT = {Bone(6, 4): 10, Bone(5, 5): 10, Bone(5, 0): 5, Bone(4, 1): 5, Bone(3, 2): 5}  # C2 117


def must_follow(hand, led, trump):
    """C2 121-125, written again: on a trump a trump, else the same higher half (no trump)."""
    if trump in led:
        same = [b for b in hand if trump in b]
    else:
        same = [b for b in hand if trump not in b and b.high == led.high]
    return same or list(hand)


def rank(bone, led, trump):
    if trump in bone:
        return (2, bone.is_double, bone.other(trump))
    if trump not in led and bone.high == led.high:
        return (1, bone.is_double, bone.low)
    return (0, False, 0)


def check_hand(result, scores_before):
    seats = [(result.dealer + k) % 4 for k in range(1, 5)]
    dealt = [set(h) for h in result.hands]
    assert all(len(h) == 7 for h in dealt) and set().union(*dealt) == set(double_set(6))
    assert [s for s, _ in result.bids] == seats  # each bids once, in turn
    high = None
    for _, bid in result.bids:
        if bid is not None:
            assert bid >= 30 and (high is None or bid > high)  # C2 117
            assert bid <= 42 or (bid == 84 and high == 42) or (bid == 168 and high == 84)
            high = bid
    if high is None:  # all passed: thrown in
        assert result.written == (0, 0) and result.tricks is None
        return
    assert result.bid == high and result.declarer == [s for s, b in result.bids if b == high][0]
    held = [set(h) for h in result.hands]
    taken = [0, 0]
    leader = result.declarer  # C2 119: the bidder leads
    assert len(result.tricks) == 7
    for trick_leader, bones, winner in result.tricks:
        assert trick_leader == leader and len(bones) == 4
        for k, bone in enumerate(bones):
            seat = (leader + k) % 4
            assert bone in held[seat]
            if k:
                assert bone in must_follow(held[seat], bones[0], result.trump)
            held[seat].remove(bone)
        best = max(range(4), key=lambda k: rank(bones[k], bones[0], result.trump))
        assert winner == (leader + best) % 4
        taken[winner % 2] += 1 + sum(COUNT.get(b, 0) for b in bones)
        leader = winner
    assert tuple(taken) == result.taken and sum(taken) == 42
    mine, theirs = taken[result.declarer % 2], taken[1 - result.declarer % 2]
    made = mine >= min(high, 42)  # C2 127
    expect = (mine, theirs) if made else (0, theirs + high)
    if result.declarer % 2:
        expect = expect[::-1]
    assert result.written == expect


def test_42_whole_matches_keep_the_rules_C2_115_C2_129():
    passed = made = failed = 0
    for seed in range(12):
        players = (
            [greedy_42, random_player, greedy_42, random_player]
            if seed % 2
            else [random_player] * 4
        )
        match = FortyTwo(players, seed=seed)
        match.play_match()
        scores = [0, 0]
        for result in match.hands_played:
            check_hand(result, tuple(scores))
            scores = [scores[k] + result.written[k] for k in (0, 1)]
            assert max(scores) < 250 or result is match.hands_played[-1] or scores[0] == scores[1]
            passed += result.bid is None
            if result.bid is not None:
                mine = result.taken[result.declarer % 2]
                made += mine >= min(result.bid, 42)
                failed += mine < min(result.bid, 42)
        assert tuple(scores) == tuple(match.scores)
        # C2 129: 250 wins; the higher score when both pass it at once
        assert max(scores) >= 250 and scores[match.winner] == max(scores) > min(scores)
    assert made and failed


def test_42_a_hand_everybody_passes_is_thrown_in():
    match = FortyTwo.from_deal(
        [None] * 4, [double_set(6)[7 * k : 7 * k + 7] for k in range(4)], dealer=1
    )
    assert match.turn == 2  # left of the dealer
    for _ in range(4):
        match.act(None)
    result = match.hands_played[0]
    assert result.bid is None and result.written == (0, 0) and match.scores == [0, 0]
    assert match.dealer == 2 and match.turn == 3 and match.phase == "bid"


def test_42_engine_follows_the_document_example_C2_123():
    # seat 0 leads 5-2 (trumps 6); seat 1 holds 5-3 and 2-4: it must lay 5-3
    hands = [
        [Bone(5, 2), Bone(0, 0), Bone(0, 1), Bone(0, 2), Bone(0, 3), Bone(0, 4), Bone(0, 5)],
        [Bone(5, 3), Bone(2, 4), Bone(1, 1), Bone(1, 2), Bone(1, 3), Bone(1, 4), Bone(3, 3)],
        [Bone(6, 6), Bone(0, 6), Bone(1, 6), Bone(2, 2), Bone(2, 3), Bone(5, 6), Bone(2, 6)],
    ]
    hands.append([b for b in double_set(6) if not any(b in h for h in hands)])
    match = FortyTwo.from_deal([None] * 4, hands, dealer=3)
    match.act(30)
    for _ in range(3):
        match.act(None)
    assert match.phase == "trump" and match.turn == 0
    match.act(6)
    assert match.legal_moves() == sorted(hands[0])  # the lead is free
    match.act(Bone(5, 2))
    assert match.legal_moves() == [Bone(3, 5)]
    with pytest.raises(IllegalMoveError, match="follows suit"):
        match.act(Bone(2, 4))
    match.act(Bone(5, 3))
    # seat 2 holds no 5 outside trumps: anything, a trump too (C2 125)
    assert match.legal_moves() == sorted(hands[2])


def test_84_and_168_only_outbid_42_and_84_C2_117():
    with pytest.raises(DominoTilingError, match="outbids 42 only"):
        check_bid(84)
    with pytest.raises(DominoTilingError, match="outbids 84 only"):
        check_bid(168, previous=42)


def test_42_refuses_bad_choices():
    match = FortyTwo([None] * 4, seed=0)
    with pytest.raises(IllegalMoveError, match="a bid"):
        match.act(29)
    with pytest.raises(IllegalMoveError, match="a bid"):
        match.act(True)
    with pytest.raises(DominoTilingError, match="four"):
        FortyTwo([random_player] * 3)


# ---------------------------------------------------------------- poker, whole hands
@pytest.mark.parametrize("n", [2, 3, 4])
def test_poker_table_deals_exchanges_and_shows_down_C2_133_C2_153(n):
    for seed in range(6):
        players = [greedy_poker, random_player, random_player, greedy_poker][:n]
        table = PokerTable(players, seed=seed, chips=5)
        while not table.over:
            before = list(table.chips)
            result = table.play_hand()
            seated = [s for s in range(n) if result.dealt[s]]
            # the next hand is dealt at once: its antes are in its pot
            assert result.pot == len(seated) and sum(table.chips) + table.pot == 5 * n
            dealt = [b for s in seated for b in result.dealt[s]]
            final = [b for s in seated for b in result.final[s]]
            assert len(set(dealt)) == len(dealt) == 5 * len(seated)
            assert len(set(final)) == len(final) and set(final) <= set(poker_set())
            for s in seated:
                kept = set(result.dealt[s]) - set(result.discarded[s])
                assert set(result.discarded[s]) <= set(result.dealt[s])
                assert kept <= set(result.final[s]) and len(result.final[s]) == 5
                new = set(result.final[s]) - kept
                assert len(new) == len(result.discarded[s]) and not new & set(dealt)
            if len(seated) == 4:  # four hands take all twenty bones: no exchange
                assert all(not result.discarded[s] for s in seated)
            best = max(poker_hand(result.final[s]).key for s in seated)
            assert result.winners == tuple(
                s for s in seated if poker_hand(result.final[s]).key == best
            )
            for s in seated:
                gain = table.chips[s] + (s in table.in_hand) - before[s]
                assert gain == (
                    result.pot // len(result.winners)
                    + (result.winners.index(s) < result.pot % len(result.winners))
                    if s in result.winners
                    else 0
                )
        assert sum(c > 0 for c in table.chips) == 1


def test_poker_exchange_is_checked():
    table = PokerTable([None, None], seed=1)
    with pytest.raises(IllegalMoveError, match="only bones of its hand"):
        table.exchange(
            [Bone(6, 6)] if Bone(6, 6) not in table.hand(table.turn) else [Bone(1, 2), Bone(1, 2)]
        )
    assert len(table.legal_moves()) == 32  # any subset of five, ten bones left
    with pytest.raises(DominoTilingError, match="2 to 4"):
        PokerTable([random_player] * 5)
