"""Domino poker and 42, as classic_rules_2_ru.txt describes them (C2 = that file; ¶ = line)."""

import pytest

from dominotiling.errors import DominoTilingError
from dominotiling.games import Bone, double_set, poker_hand, poker_set
from dominotiling.games.forty_two import (check_bid, count_points, followers, settle,
                                          trick_winner)


def hand(*pairs):
    return poker_hand([Bone(a, b) for a, b in pairs])


def test_the_poker_set_C2_133():
    # C2 133: twenty bones: 1-1 and every bone with a blank are taken out
    bones = poker_set()
    assert len(bones) == 20 and Bone(1, 1) not in bones
    assert not any(0 in b for b in bones)


@pytest.mark.parametrize("pairs, name, paragraph", [
    (((2, 2), (3, 3), (1, 4), (2, 5), (4, 6)), "pair", 135),
    (((6, 1), (6, 3), (6, 4), (6, 5), (6, 6)), "flush", 137),          # the text's example
    (((2, 2), (3, 3), (5, 5), (1, 4), (2, 6)), "three", 139),
    (((4, 6), (4, 5), (4, 4), (4, 3), (1, 2)), "four straight", 141),  # the text's example
    (((6, 6), (3, 3), (2, 2), (2, 4), (2, 1)), "full hand", 143),      # the text's example
    (((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)), "five straight", 145),  # the text's example
    (((2, 2), (3, 3), (4, 4), (5, 5), (1, 6)), "four doubles", 147),
    (((6, 2), (6, 3), (6, 4), (6, 5), (6, 6)), "six straight", 149),
    (((2, 2), (3, 3), (4, 4), (5, 5), (6, 6)), "royal flush", 151),
    (((1, 2), (1, 3), (2, 4), (3, 5), (4, 6)), "high bone", 153),
])
def test_poker_combinations_C2_135_C2_153(pairs, name, paragraph):
    assert hand(*pairs).name == name


def test_poker_ranks_in_the_order_of_the_text_C2_135_C2_151():
    order = [hand((2, 2), (3, 3), (1, 4), (2, 5), (4, 6)), hand((6, 1), (6, 3), (6, 4), (6, 5), (6, 6)),
             hand((2, 2), (3, 3), (5, 5), (1, 4), (2, 6)), hand((4, 6), (4, 5), (4, 4), (4, 3), (1, 2)),
             hand((6, 6), (3, 3), (2, 2), (2, 4), (2, 1)), hand((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)),
             hand((2, 2), (3, 3), (4, 4), (5, 5), (1, 6)), hand((6, 2), (6, 3), (6, 4), (6, 5), (6, 6)),
             hand((2, 2), (3, 3), (4, 4), (5, 5), (6, 6))]
    assert order == sorted(order)
    # C2 153: without a combination the bone with the most pips wins
    assert hand((1, 2), (1, 3), (2, 4), (3, 5), (4, 6)) > hand((1, 2), (1, 3), (2, 4), (3, 5), (1, 6))


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
