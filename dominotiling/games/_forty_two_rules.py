"""The rules of 42 as functions (classic_rules_2_ru.txt, paragraphs 115-129).

Inside: :data:`COUNT_BONES`, :data:`TARGET`, :func:`count_points`,
:func:`check_bid`, :func:`followers`, :func:`trick_winner` and
:func:`settle`, all importable from :mod:`dominotiling.games.forty_two`,
whose :class:`~dominotiling.games.forty_two.FortyTwo` plays whole hands with
them.
"""

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bone, as_bones

__all__ = [
    "COUNT_BONES",
    "TARGET",
    "count_points",
    "check_bid",
    "followers",
    "trick_winner",
    "settle",
]

#: Bones whose pips add up to 5 or 10 and their value (paragraph 117): 35 in all.
COUNT_BONES = {Bone(6, 4): 10, Bone(5, 5): 10, Bone(5, 0): 5, Bone(4, 1): 5, Bone(3, 2): 5}
#: The score that wins the game (paragraph 129).
TARGET = 250


def _bones(bones, name="bones"):
    bones = as_bones(bones, name)
    if any(b.high > 6 for b in bones):
        raise DominoTypeError(f"{name} must hold bones of a double-six set")
    return bones


def count_points(bones):
    """The points of the count bones among ``bones`` (6-4 and 5-5 ten, 5-0, 4-1, 3-2 five).

    Examples
    --------
    >>> from dominotiling.games import double_set
    >>> count_points(double_set(6)) + 7      # the count and seven tricks: 42
    42
    """
    return sum(COUNT_BONES.get(b, 0) for b in _bones(bones))


def check_bid(bid, previous=None, _checked=False):
    """Return ``bid`` if it is a legal bid after ``previous`` (None: the first bid), else raise.

    A bid names at least 30 points (paragraph 117); it must beat the previous
    one by at least one point; 42 promises every trick and count bone, 84
    promises the same over a bid of 42 (and only over it), and 168 over 84.

    Examples
    --------
    >>> check_bid(30), check_bid(84, previous=42)
    (30, 84)
    >>> check_bid(31, previous=31)
    Traceback (most recent call last):
    ...
    dominotiling.errors.DominoTilingError: a bid must beat the previous one (31) by at least one point; got 31
    """
    bid = _validate.integer(bid, "bid")
    if not (30 <= bid <= 42 or bid in (84, 168)):
        raise DominoTilingError(f"a bid is 30 to 42 points, or 84 or 168; got {bid}")
    if previous is not None:
        previous = check_bid(_validate.integer(previous, "previous"), _checked=True)
        if bid <= previous:
            raise DominoTilingError(
                f"a bid must beat the previous one ({previous}) by at least one point; got {bid}"
            )
    if not _checked and (bid == 84 and previous != 42 or bid == 168 and previous != 84):
        raise DominoTilingError(
            f"{bid} outbids {bid // 2} only; the previous bid was "
            f"{'none' if previous is None else previous}"
        )
    return bid


def _is_trump(bone, trump):
    return trump is not None and trump in bone


def _suit_key(bone, trump, led_high):
    """Order of a bone in a trick: trumps over the led suit, then by rank in the suit."""
    if _is_trump(bone, trump):
        return (2, bone.is_double, bone.other(trump))
    if bone.high == led_high:
        return (1, bone.is_double, bone.low)
    return (0, 0, 0)


def followers(hand, led, trump):
    """The bones of ``hand`` that follow the bone ``led`` (paragraph 121).

    On a trump one follows with a trump; on any other bone with a bone whose
    higher half is the same (on 5-2, 5-3 and not 2-4).  When none does, any
    bone may be played, a trump too (paragraph 125).

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> followers([Bone(5, 3), Bone(2, 4), Bone(1, 6)], Bone(5, 2), trump=1)
    [Bone(3, 5)]
    """
    hand = _bones(hand, "hand")
    led = as_bone(led, "led")
    if trump is not None:
        trump = _validate.integer(trump, "trump", minimum=0, maximum=6)
    if _is_trump(led, trump):
        same = [b for b in hand if _is_trump(b, trump)]
    else:
        same = [b for b in hand if not _is_trump(b, trump) and b.high == led.high]
    return same or hand


def trick_winner(plays, trump):
    """The index in ``plays`` (bones in the order played, the lead first) of the trick's winner.

    The highest trump wins; without trumps the highest bone of the led suit
    (paragraph 125).  In a suit the double ranks highest, then the other half.

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> trick_winner([Bone(5, 2), Bone(5, 3), Bone(5, 5), Bone(2, 4)], trump=None)
    2
    """
    plays = _bones(plays, "plays")
    if not plays:
        raise DominoTilingError("a trick needs at least one bone")
    if trump is not None:
        trump = _validate.integer(trump, "trump", minimum=0, maximum=6)
    led = plays[0]
    led_high = led.high if not _is_trump(led, trump) else None
    keys = [_suit_key(b, trump, led_high) for b in plays]
    return max(range(len(plays)), key=lambda i: keys[i])


def settle(bid, bidders_points):
    """What each pair writes after a hand: ``(bidders, opponents)`` (paragraph 127).

    Bidders who took at least what they bid (every point for 42, 84 or 168)
    write the points they took, and so do their opponents; bidders who fell
    short write nothing, and their opponents write their own points plus the
    bid.

    Examples
    --------
    >>> settle(30, 32), settle(35, 31), settle(84, 42)
    ((32, 10), (0, 46), (42, 0))
    """
    bid = check_bid(bid, _checked=True)
    took = _validate.integer(bidders_points, "bidders_points", minimum=0, maximum=42)
    others = 42 - took
    if took >= min(bid, 42):
        return took, others
    return 0, others + bid
