"""Domino poker: the 20-bone set and the ranking of hands (classic_rules_2_ru.txt, paragraphs 131-153).

Inside: :func:`poker_set`, the twenty bones played (1-1 and every bone with a
blank removed, paragraph 133), and :func:`poker_hand`, which names the best
combination of five bones and gives a key that orders hands.  The betting is
that of card poker (paragraph 133) and is not modelled.

Examples
--------
>>> from dominotiling.games import Bone, poker_hand
>>> poker_hand([Bone(6, 6), Bone(3, 3), Bone(2, 2), Bone(2, 4), Bone(2, 1)]).name
'full hand'
"""

from typing import NamedTuple

from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone

__all__ = ["poker_set", "poker_hand", "PokerHand", "POKER_RANKS"]

#: The combinations from the lowest to the highest (paragraphs 135-151).
POKER_RANKS = ("high bone", "pair", "flush", "three", "four straight", "full hand",
               "five straight", "four doubles", "six straight", "royal flush")


class PokerHand(NamedTuple):
    """A ranked hand: ``key`` orders hands (the larger wins; hands compare by it), ``name``
    of the combination and ``rank`` (its index in :data:`POKER_RANKS`)."""

    key: tuple
    name: str
    rank: int


def poker_set():
    """The twenty bones of domino poker: double-six without 1-1 and the blanks (paragraph 133).

    Examples
    --------
    >>> len(poker_set())
    20
    """
    return [Bone(a, b) for a in range(1, 7) for b in range(a, 7) if (a, b) != (1, 1)]


def _suits(bones):
    """Each value with the bones showing it."""
    out = {}
    for b in bones:
        for v in {b.low, b.high}:
            out.setdefault(v, []).append(b)
    return out


def _straight(bones, length, value=None):
    """``length`` bones sharing a half whose other halves are consecutive numbers."""
    for v, suit in _suits(bones).items():
        if value is not None and v != value:
            continue
        others = sorted(b.other(v) for b in suit)
        for start in range(len(others) - length + 1):
            run = others[start:start + length]
            if run == list(range(run[0], run[0] + length)):
                return True
    return False


def poker_hand(bones):
    """Name the best combination of five bones of the poker set.

    Parameters
    ----------
    bones : sequence of 5 Bone
        Distinct bones of :func:`poker_set`.

    Returns
    -------
    PokerHand
        Ranks, from the lowest (paragraphs 135-151): a pair (two doubles); a
        flush (five bones sharing a half); three doubles; a four straight (four
        bones sharing a half, the other halves consecutive: 4-6, 4-5, 4-4,
        4-3); a full hand (three doubles and two bones sharing a half); a five
        straight (3-1, 3-2, 3-3, 3-4, 3-5); four doubles; a six straight (a
        five straight in the suit of six); a royal flush (five doubles).
        Without any, the bone with the most pips decides (paragraph 153);
        equal combinations are ordered the same way.

    Raises
    ------
    DominoTilingError
        If the hand is not five distinct bones of the poker set.

    Notes
    -----
    A combination describes the whole hand: five bones of one suit are a
    flush (or a five or six straight), so the text's flush 6-1, 6-3, 6-4,
    6-5, 6-6 (paragraph 137) is a flush although four of its bones run 3 to
    6; a four straight has its fifth bone outside the suit.  The text's
    example of a six straight (6-1, 6-2, 6-3, 6-4, 6-6, paragraph 149) skips
    6-5 and so contradicts its own definition ("five consecutive bones"); the
    definition is followed here, and that example ranks as a flush.

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> hand = lambda *p: poker_hand([Bone(a, b) for a, b in p])
    >>> hand((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)).name
    'five straight'
    >>> hand((6, 1), (6, 3), (6, 4), (6, 5), (6, 6)).name
    'flush'
    >>> hand((2, 2), (3, 3), (4, 4), (5, 5), (6, 6)) > hand((2, 2), (3, 3), (4, 4), (5, 5), (1, 6))
    True
    """
    try:
        bones = list(bones)
    except TypeError:
        raise DominoTypeError("a poker hand is a list of five Bone objects") from None
    if any(not isinstance(b, Bone) for b in bones):
        raise DominoTypeError("a poker hand is a list of five Bone objects")
    if len(bones) != 5 or len(set(bones)) != 5:
        raise DominoTilingError(f"a poker hand is five distinct bones, got {len(bones)}")
    allowed = set(poker_set())
    outside = [str(b) for b in bones if b not in allowed]
    if outside:
        raise DominoTilingError(f"{', '.join(outside)} are not in the poker set "
                                "(1-1 and the blanks are taken out)")
    doubles = [b for b in bones if b.is_double]
    singles = [b for b in bones if not b.is_double]
    d = len(doubles)
    flush = any(len(suit) == 5 for suit in _suits(bones).values())
    if d == 5:
        rank = 9
    elif _straight(bones, 5, value=6):
        rank = 8
    elif d == 4:
        rank = 7
    elif _straight(bones, 5):
        rank = 6
    elif d == 3 and len(singles) == 2 and set(singles[0]) & set(singles[1]):
        rank = 5
    elif flush:
        rank = 2     # five of a suit: a flush, whatever run of four it holds
    elif _straight(bones, 4):
        rank = 4
    elif d == 3:
        rank = 3
    elif d == 2:
        rank = 1
    else:
        rank = 0
    key = (rank,) + tuple(sorted(((b.pips, b.high) for b in bones), reverse=True))
    return PokerHand(key, POKER_RANKS[rank], rank)
