"""Domino poker (classic_rules_2_ru.txt, paragraphs 131-153): :func:`poker_set`, the twenty
bones; :func:`poker_hand`, the ranking of five bones; :class:`PokerTable`, hands of draw poker
(an ante, five bones, one exchange, a showdown) played by functions of a :class:`PokerView`
(:func:`greedy_player` here).  Card poker's betting is not modelled.
"""

from itertools import combinations
from typing import NamedTuple

from .. import _validate
from ..errors import DominoTilingError
from .bones import Bone, as_bones
from .errors import IllegalMoveError
from .players import Seats, player_functions

__all__ = ["poker_set", "poker_hand", "PokerHand", "POKER_RANKS", "PokerTable", "PokerView"]
__all__ += ["PokerResult", "greedy_player"]

#: The combinations from the lowest to the highest (paragraphs 135-151).
POKER_RANKS = ("high bone", "pair", "flush", "three", "four straight", "full hand")
POKER_RANKS += ("five straight", "four doubles", "six straight", "royal flush")


class PokerHand(NamedTuple):
    """A ranked hand: ``key`` orders hands (the larger wins; hands compare by it), ``name`` of
    the combination and ``rank`` (its index in :data:`POKER_RANKS`)."""

    key: tuple
    name: str
    rank: int


def poker_set():
    """The twenty bones of domino poker: double-six without 1-1 and the blanks (paragraph 133).

    Returns
    -------
    list of Bone

    See Also
    --------
    poker_hand, PokerTable

    Examples
    --------
    >>> len(poker_set())
    20
    """
    return [Bone(a, b) for a in range(1, 7) for b in range(a, 7) if (a, b) != (1, 1)]


def _suits(bones):  # each value with the bones showing it
    out = {}
    for b in bones:
        for v in {b.low, b.high}:
            out.setdefault(v, []).append(b)
    return out


def _straight(bones, length, value=None):  # bones of one suit, the other halves in a run
    for v, suit in _suits(bones).items():
        others = sorted(b.other(v) for b in suit)
        runs = (others[k : k + length] for k in range(len(others) - length + 1))
        if value in (None, v) and any(r == list(range(r[0], r[0] + length)) for r in runs):
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
        From the lowest (paragraphs 135-151): a pair (two doubles); a flush (five bones
        sharing a half); three doubles; a four straight (four of a suit, the other halves
        consecutive); a full hand (three doubles and two of a suit); a five straight; four
        doubles; a six straight (a five straight of sixes); a royal flush (five doubles).  Else,
        and between equals, the bone with the most pips (paragraph 153).

    See Also
    --------
    poker_set, PokerTable

    Notes
    -----
    The text's six straight (6-1, 6-2, 6-3, 6-4, 6-6, paragraph 149) skips 6-5, against its own
    definition, which is followed: it ranks as a flush.

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> hand = lambda *p: poker_hand([Bone(a, b) for a, b in p])
    >>> hand((3, 1), (3, 2), (3, 3), (3, 4), (3, 5)).name, hand((6, 6), (3, 3), (2, 2), (2, 4), (2, 1)).name
    ('five straight', 'full hand')
    """
    bones = as_bones(bones, "bones (a poker hand: five Bone objects)")
    if len(bones) != 5 or len(set(bones)) != 5:
        raise DominoTilingError(f"a poker hand is five distinct bones, got {len(bones)}")
    outside = [str(b) for b in bones if b not in set(poker_set())]
    if outside:
        msg = f"{', '.join(outside)} are not in the poker set (no 1-1, no blanks)"
        raise DominoTilingError(msg)
    singles = [b for b in bones if not b.is_double]
    d, flush = 5 - len(singles), any(len(suit) == 5 for suit in _suits(bones).values())
    full = d == 3 and bool(set(singles[0]) & set(singles[1]))
    ranks = [d == 5, _straight(bones, 5, value=6), d == 4, _straight(bones, 5), full, flush]
    ranks += [_straight(bones, 4), d == 3, d == 2]
    rank = next((r for r, hit in zip((9, 8, 7, 6, 5, 2, 4, 3, 1), ranks) if hit), 0)
    key = (rank,) + tuple(sorted(((b.pips, b.high) for b in bones), reverse=True))
    return PokerHand(key, POKER_RANKS[rank], rank)


class PokerResult(NamedTuple):
    """One hand of domino poker: ``dealt`` and ``final`` (the five bones of each seat, or ``()``
    for a seat out of chips, before and after the exchange), ``discarded``, ``hands`` (each final
    hand's :class:`PokerHand`, or None), the ``winners`` sharing the pot, and ``pot``."""

    number: int
    dealer: int
    dealt: tuple
    discarded: tuple
    final: tuple
    hands: tuple
    winners: tuple
    pot: int


class PokerView:
    """What a player sees when choosing the bones to exchange (read-only): ``seat``, ``hand``,
    ``legal_moves`` (every set of bones that may be exchanged, ``()`` keeping the hand),
    ``can_end_turn`` (False), ``stock`` (the bones left to draw), ``chips`` and ``rng``."""

    __slots__ = ("seat", "hand", "legal_moves", "can_end_turn", "stock", "chips", "rng")

    def __init__(self, table):
        values = (table.turn, tuple(table._hands[table.turn]), tuple(table.legal_moves()), False)
        values += (len(table._stock), tuple(table.chips), table._rng)
        for name, value in zip(self.__slots__, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a PokerView is read-only; return the bones to exchange")


class PokerTable(Seats):
    """Hands of domino poker: an ante, a deal of five, one exchange, a showdown.

    classic_rules_2_ru.txt, paragraph 133: twenty bones, by the rules of card poker, in its
    simplest form: every player with chips puts ``ante`` into the pot; five bones each, left of
    the dealer first; in that order each may exchange some once, for bones left; the best hand
    (:func:`poker_hand`) takes the pot, equal hands share it, an odd chip to the first left of
    the dealer.  The deal passes clockwise; a player without chips for the ante is out.

    Parameters
    ----------
    players, seed : sequence of 2 to 4, and None, int or numpy.random.Generator
        A function ``f(view) -> bones to exchange`` per seat, or None (:meth:`exchange`).
    chips, ante : int, optional
        Each player's chips at the start (20), and the stake of each hand (1).

    See Also
    --------
    poker_hand, poker_set

    Examples
    --------
    >>> table = PokerTable([None, None], seed=0)
    >>> table.exchange(()); table.exchange(table.hand(1)[:2])   # seat 1 deals, seat 0 starts
    >>> table.hands_played[0].pot, table.hands_played[0].discarded[0]
    (2, ())
    """

    def __init__(self, players, seed=None, chips=20, ante=1):
        players = player_functions(players, (2, 3, 4), "domino poker is for 2 to 4 players")
        self.players, self.ante = players, _validate.positive_int(ante, "ante")
        self.chips = [_validate.positive_int(chips, "chips")] * len(players)
        self._rng, self.hands_played, self.dealer = _validate.seed(seed), [], len(players) - 1
        self._deal()

    n_players = property(lambda self: len(self.players))
    over = property(lambda self: not self._in)  # fewer than two can pay the ante
    in_hand = property(lambda self: tuple(self._in))  # the seats dealt into the hand
    pot = property(lambda self: self.ante * len(self._in))
    _VIEW, _ACT = PokerView, "exchange"
    _OVER = "the table is closed: fewer than two players have chips"
    __repr__ = lambda t: f"<PokerTable chips {t.chips}, {len(t.hands_played)} hands played>"  # noqa: E731

    def _deal(self):
        n = self.n_players
        seats = [(self.dealer + k) % n for k in range(1, n + 1)]
        self._in = [s for s in seats if self.chips[s] >= self.ante]
        self._hands, self._stock, self._waiting = [[] for _ in self.players], [], []
        if len(self._in) < 2:
            self._in = []
            return
        bones, order = poker_set(), self._rng.permutation(20)
        shuffled = [bones[i] for i in order]
        for k, seat in enumerate(self._in):
            self.chips[seat] -= self.ante
            self._hands[seat] = sorted(shuffled[5 * k : 5 * k + 5])
        self._stock, self._dealt = shuffled[5 * len(self._in) :], tuple(map(tuple, self._hands))
        self._discards, self._waiting = [()] * n, list(self._in)
        self.turn = self._waiting[0]

    def legal_moves(self):
        """The sets of bones the player to act may exchange, smallest first (``()`` keeps all)."""
        if self.over:
            return []
        hand = self._hands[self.turn]
        return [c for k in range(min(5, len(self._stock)) + 1) for c in combinations(hand, k)]

    def exchange(self, bones):
        """Give up ``bones`` (bones of the hand) and draw as many; an IllegalMoveError, changing
        nothing, for a bone not in the hand, repeated, or more than are left to draw."""
        self._check_open()
        bones, hand = tuple(as_bones(bones, "bones (to exchange)")), self._hands[self.turn]
        if any(b not in hand for b in bones) or len(set(bones)) != len(bones):
            held = " ".join(map(str, hand))
            msg = f"seat {self.turn} can exchange only bones of its hand, each once: {held}"
            raise IllegalMoveError(msg)
        if len(bones) > len(self._stock):
            raise IllegalMoveError(f"only {len(self._stock)} bones are left to draw")
        for b in bones:
            hand.remove(b)
        hand.extend(self._stock[: len(bones)])
        del self._stock[: len(bones)]
        hand.sort()
        self._discards[self.turn] = tuple(sorted(bones))
        self._waiting.pop(0)
        if self._waiting:
            self.turn = self._waiting[0]
            return
        ranked = {s: poker_hand(self._hands[s]) for s in self._in}  # the showdown
        winners = tuple(s for s in self._in if ranked[s].key == max(r.key for r in ranked.values()))
        share, odd = divmod(self.pot, len(winners))
        for k, s in enumerate(winners):
            self.chips[s] += share + (k < odd)
        final, hands = tuple(map(tuple, self._hands)), tuple(map(ranked.get, range(self.n_players)))
        result = (len(self.hands_played), self.dealer, self._dealt, tuple(self._discards), final)
        self.hands_played.append(PokerResult(*result, hands, winners, self.pot))
        self.dealer = (self.dealer + 1) % self.n_players
        self._deal()

    def play_match(self, max_hands=1000):
        """Play until one player holds every chip (or ``max_hands`` hands); return the chips."""
        max_hands = _validate.positive_int(max_hands, "max_hands")
        while not self.over and len(self.hands_played) < max_hands:
            self.play_hand()
        return tuple(self.chips)


def greedy_player(view):
    """Keep a hand from a flush up; else keep the doubles and the longest suit (three or more;
    the higher value on a tie) and exchange the rest, lightest first, as many as are left."""
    hand = view.hand
    if poker_hand(hand).rank >= 2:
        return ()
    _, suit = max(_suits(hand).items(), key=lambda item: (len(item[1]), item[0]))
    keep = {b for b in hand if b.is_double} | (set(suit) if len(suit) >= 3 else set())
    return tuple(sorted((b for b in hand if b not in keep), key=lambda b: b.pips)[: view.stock])
