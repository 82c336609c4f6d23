"""Domino poker: the 20-bone set, the ranking of hands and a table that deals and shows down
(classic_rules_2_ru.txt, paragraphs 131-153).

Inside: :func:`poker_set`, the twenty bones played (1-1 and every bone with a
blank removed, paragraph 133); :func:`poker_hand`, which names the best
combination of five bones and gives a key that orders hands; and
:class:`PokerTable`, which plays hands of draw poker with them: an ante,
five bones each, one exchange from the bones left, and a showdown.  Its
players are functions of a :class:`PokerView` (choosing the bones to
exchange); :func:`~dominotiling.games.random_player` works, and
:func:`greedy_player` here keeps its doubles and its longest suit.  The
betting is that of card poker (paragraph 133) and is not modelled.

Examples
--------
>>> from dominotiling.games import Bone, poker_hand
>>> poker_hand([Bone(6, 6), Bone(3, 3), Bone(2, 2), Bone(2, 4), Bone(2, 1)]).name
'full hand'
>>> table = PokerTable([greedy_player, greedy_player, greedy_player], seed=2)
>>> result = table.play_hand()
>>> len(result.winners) >= 1 and sum(table.chips) + table.pot == 3 * 20
True
"""

from itertools import combinations
from typing import NamedTuple

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bones
from .errors import IllegalMoveError

__all__ = [
    "poker_set",
    "poker_hand",
    "PokerHand",
    "POKER_RANKS",
    "PokerTable",
    "PokerView",
    "PokerResult",
    "greedy_player",
]

#: The combinations from the lowest to the highest (paragraphs 135-151).
POKER_RANKS = (
    "high bone",
    "pair",
    "flush",
    "three",
    "four straight",
    "full hand",
    "five straight",
    "four doubles",
    "six straight",
    "royal flush",
)


class PokerHand(NamedTuple):
    """A ranked hand: ``key`` orders hands (the larger wins; hands compare by it), ``name``
    of the combination and ``rank`` (its index in :data:`POKER_RANKS`)."""

    key: tuple
    name: str
    rank: int


def poker_set():
    """The twenty bones of domino poker: double-six without 1-1 and the blanks (paragraph 133).

    Returns
    -------
    list of Bone
        The bones, in the order of :func:`double_set`.

    See Also
    --------
    poker_hand, PokerTable

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
            run = others[start : start + length]
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

    See Also
    --------
    poker_set, PokerTable

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
    bones = as_bones(bones, "bones (a poker hand: five Bone objects)")
    if len(bones) != 5 or len(set(bones)) != 5:
        raise DominoTilingError(f"a poker hand is five distinct bones, got {len(bones)}")
    allowed = set(poker_set())
    outside = [str(b) for b in bones if b not in allowed]
    if outside:
        raise DominoTilingError(
            f"{', '.join(outside)} are not in the poker set (1-1 and the blanks are taken out)"
        )
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
        rank = 2  # five of a suit: a flush, whatever run of four it holds
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


# ---------------------------------------------------------------------- a table
class PokerResult(NamedTuple):
    """One hand of domino poker.

    ``dealt`` and ``final`` hold the five bones of each seat (an empty tuple
    for a seat out of chips) before and after the exchange; ``discarded``
    the bones each seat gave up; ``hands`` each final hand's
    :class:`PokerHand` (None for a seat out); ``winners`` the seats sharing
    the pot; ``pot`` its size.
    """

    number: int
    dealer: int
    dealt: tuple
    discarded: tuple
    final: tuple
    hands: tuple
    winners: tuple
    pot: int


class PokerView:
    """What a player sees when choosing the bones to exchange; nothing here changes the table.

    Attributes
    ----------
    seat : int
    hand : tuple of Bone
    legal_moves : tuple of tuples of Bone
        Every set of bones that may be exchanged (``()`` keeps the hand);
        never more than the bones left to draw.
    can_end_turn : bool
        Always False (for :func:`~dominotiling.games.random_player`).
    stock : int
        The bones left to draw from.
    chips : tuple of int
    rng : numpy.random.Generator
    """

    __slots__ = ("seat", "hand", "legal_moves", "can_end_turn", "stock", "chips", "rng")

    def __init__(self, table):
        values = dict(
            seat=table.turn,
            hand=tuple(table._hands[table.turn]),
            legal_moves=tuple(table.legal_moves()),
            can_end_turn=False,
            stock=len(table._stock),
            chips=tuple(table.chips),
            rng=table._rng,
        )
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a PokerView is read-only; return the bones to exchange")


class PokerTable:
    """Hands of domino poker: an ante, a deal of five, one exchange, a showdown.

    classic_rules_2_ru.txt, paragraph 133: twenty bones are played, by the
    rules of card poker but with the combinations of paragraphs 135-153
    (:func:`poker_hand`).  Card poker's betting is not modelled; what is
    played is its simplest form, draw poker with a fixed stake: every player
    with chips puts ``ante`` into the pot; the bones are shuffled and five
    dealt to each, starting left of the dealer; in the same order each
    player may exchange some of them, once, for as many from the bones left
    (none are left with four players); the best hand takes the pot -- the
    ranks of :data:`POKER_RANKS`, then the bones with the most pips
    (paragraph 153) -- and equal hands share it, an odd chip going to the
    first of them left of the dealer.  The deal passes clockwise; a player
    without chips for the ante is out.

    Parameters
    ----------
    players : sequence of 2 to 4
        A player function ``f(view) -> bones to exchange`` per seat, or None
        for a seat played by hand with :meth:`exchange`.
    seed : None, int or numpy.random.Generator, optional
    chips : int, optional
        Each player's chips at the start (20).
    ante : int, optional
        The stake of each hand (1).

    See Also
    --------
    poker_hand, poker_set

    Examples
    --------
    >>> table = PokerTable([None, None], seed=0)
    >>> table.turn, len(table.hand(0)), table.stock_size   # seat 1 deals, seat 0 starts
    (0, 5, 10)
    >>> table.exchange(())            # seat 0 keeps its hand
    >>> table.exchange(table.hand(1)[:2])
    >>> result = table.hands_played[0]
    >>> result.pot, len(result.final[1]), result.discarded[0], len(result.discarded[1])
    (2, 5, (), 2)
    """

    def __init__(self, players, seed=None, chips=20, ante=1):
        try:
            players = tuple(players)
        except TypeError:
            raise DominoTypeError("players must be a list of player functions (or None)") from None
        if not 2 <= len(players) <= 4:
            raise DominoTilingError(
                f"domino poker deals five of twenty bones to 2 to 4 players; got {len(players)}"
            )
        for k, p in enumerate(players):
            if p is not None and not callable(p):
                raise DominoTypeError(
                    f"players[{k}] must be a function f(view), or None; got {p!r}"
                )
        self.players = players
        self.ante = _validate.positive_int(ante, "ante")
        self.chips = [_validate.positive_int(chips, "chips")] * len(players)
        self._rng = _validate.seed(seed)
        self.hands_played = []
        self.dealer = len(players) - 1
        self._deal()

    @property
    def n_players(self):
        return len(self.players)

    @property
    def over(self):
        """True once fewer than two players could pay the ante for a new hand."""
        return not self._in

    @property
    def in_hand(self):
        """The seats dealt into the hand in progress (those who could pay the ante)."""
        return tuple(self._in)

    @property
    def pot(self):
        """The chips in the pot of the hand in progress."""
        return self.ante * len(self.in_hand)

    @property
    def stock_size(self):
        """The bones left to draw from."""
        return len(self._stock)

    def hand(self, seat):
        """The bones ``seat`` holds now."""
        return tuple(
            self._hands[_validate.integer(seat, "seat", minimum=0, maximum=self.n_players - 1)]
        )

    def _order(self):
        n = self.n_players
        return [
            (self.dealer + k) % n
            for k in range(1, n + 1)
            if self.chips[(self.dealer + k) % n] >= self.ante
        ]

    def _deal(self):
        self._in = self._order()
        if len(self._in) < 2:
            self._in = []
            self._hands, self._stock, self._waiting = [[] for _ in self.players], [], []
            return
        bones = poker_set()
        order = self._rng.permutation(len(bones))
        shuffled = [bones[i] for i in order]
        self._hands = [[] for _ in self.players]
        for k, seat in enumerate(self._in):
            self.chips[seat] -= self.ante
            self._hands[seat] = sorted(shuffled[5 * k : 5 * k + 5])
        self._stock = shuffled[5 * len(self._in) :]
        self._dealt = tuple(tuple(h) for h in self._hands)
        self._discards = [()] * self.n_players
        self._waiting = list(self._in)
        self.turn = self._waiting[0]

    def legal_moves(self):
        """The sets of bones the player to act may exchange, smallest first (``()`` keeps all)."""
        if self.over:
            return []
        hand = self._hands[self.turn]
        most = min(5, len(self._stock))
        return [c for k in range(most + 1) for c in combinations(hand, k)]

    def view(self):
        return PokerView(self)

    def exchange(self, bones):
        """Give up ``bones`` (a sequence of the hand's bones) and draw as many.

        Raises
        ------
        IllegalMoveError
            If a bone is not in the hand, repeats, or more bones are given
            than are left to draw (nothing changes).
        """
        if self.over:
            raise IllegalMoveError("the table is closed: fewer than two players have chips")
        bones = tuple(as_bones(bones, "bones (to exchange)"))
        hand = self._hands[self.turn]
        if any(b not in hand for b in bones) or len(set(bones)) != len(bones):
            raise IllegalMoveError(
                f"seat {self.turn} can exchange only bones of its hand, each "
                f"once: {' '.join(map(str, hand))}"
            )
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
        else:
            self._showdown()

    def _showdown(self):
        ranked = {s: poker_hand(self._hands[s]) for s in self._in}
        best = max(ranked[s].key for s in self._in)
        winners = tuple(s for s in self._in if ranked[s].key == best)
        pot = self.ante * len(self._in)
        share, odd = divmod(pot, len(winners))
        for k, s in enumerate(winners):
            self.chips[s] += share + (k < odd)
        self.hands_played.append(
            PokerResult(
                len(self.hands_played),
                self.dealer,
                self._dealt,
                tuple(self._discards),
                tuple(tuple(h) for h in self._hands),
                tuple(ranked.get(s) for s in range(self.n_players)),
                winners,
                pot,
            )
        )
        self.dealer = (self.dealer + 1) % self.n_players
        self._deal()

    def step(self):
        """Let the player to act choose the bones to exchange, through their function."""
        player = self.players[self.turn]
        if player is None:
            raise DominoTilingError(
                f"seat {self.turn} has no player function; call exchange() for it"
            )
        self.exchange(player(self.view()))

    def play_hand(self):
        """Play the hand in progress to its showdown; return its :class:`PokerResult`."""
        if self.over:
            raise DominoTilingError("the table is closed: fewer than two players have chips")
        number = len(self.hands_played)
        while len(self.hands_played) == number:
            self.step()
        return self.hands_played[-1]

    def play_match(self, max_hands=1000):
        """Play until one player holds every chip (or ``max_hands`` hands); return the chips."""
        max_hands = _validate.positive_int(max_hands, "max_hands")
        while not self.over and len(self.hands_played) < max_hands:
            self.play_hand()
        return tuple(self.chips)

    def __repr__(self):
        return f"<PokerTable chips {self.chips}, {len(self.hands_played)} hands played>"


def greedy_player(view):
    """Keep the hand from a flush up; else keep the doubles and the longest suit, exchange the rest.

    The longest suit is the value shown by most bones (three or more; the
    higher value on a tie); at most as many bones are exchanged as are left.

    Examples
    --------
    >>> table = PokerTable([greedy_player, greedy_player], seed=4)
    >>> table.play_match(max_hands=20)[0] >= 0
    True
    """
    hand = view.hand
    if poker_hand(hand).rank >= 2:
        return ()
    suits = _suits(hand)
    value, suit = max(suits.items(), key=lambda item: (len(item[1]), item[0]))
    keep = {b for b in hand if b.is_double}
    if len(suit) >= 3:
        keep |= set(suit)
    give = [b for b in hand if b not in keep]
    give.sort(key=lambda b: b.pips)
    return tuple(give[: view.stock])
