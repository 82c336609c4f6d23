"""42, the bidding and trick game for two pairs (classic_rules_2_ru.txt, paragraphs 115-129).

Inside: the rules as functions -- :func:`count_points` (the count bones: 35
points, plus one per trick, make 42), :func:`check_bid`, :func:`followers`
(which bones follow the lead), :func:`trick_winner` and :func:`settle` (what
each pair writes after a hand) -- and :class:`FortyTwo`, which plays whole
hands and matches with them: the deal, a round of bids, trumps, seven
tricks and the settlement, to 250 (paragraph 129).  Its players are
functions of a :class:`FortyTwoView`; :func:`~dominotiling.games.random_player`
works, and :func:`greedy_player` here bids on a long suit and takes tricks
cheaply.

Examples
--------
>>> from dominotiling.games import Bone
>>> from dominotiling.games.forty_two import count_points, trick_winner
>>> count_points([Bone(6, 4), Bone(3, 2), Bone(1, 1)])
15
>>> trick_winner([Bone(5, 2), Bone(5, 3), Bone(2, 4), Bone(6, 1)], trump=1)
3
>>> from dominotiling.games import random_player
>>> match = FortyTwo([greedy_player, random_player] * 2, seed=1)
>>> scores = match.play_match()
>>> max(scores) >= 250 and match.winner in (0, 1)
True
"""

from typing import NamedTuple

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from ._forty_two_rules import (
    COUNT_BONES,
    TARGET,
    check_bid,
    count_points,
    followers,
    settle,
    trick_winner,
)
from ._layout_base import _hands
from .bones import Bone, double_set
from .errors import IllegalMoveError

__all__ = [
    "COUNT_BONES",
    "TARGET",
    "count_points",
    "check_bid",
    "followers",
    "trick_winner",
    "settle",
    "FortyTwo",
    "FortyTwoView",
    "HandResult",
    "greedy_player",
]


# ---------------------------------------------------------------------- whole hands
class HandResult(NamedTuple):
    """One hand of 42: who dealt, the deal, the bids, and what each pair took and wrote.

    ``bids`` holds ``(seat, bid or None)`` in bidding order; when everybody
    passed, ``declarer``, ``trump`` and ``tricks`` are None and nothing is
    written.  ``tricks`` holds ``(leader, bones in playing order, winner)``.
    ``taken`` and ``written`` are per pair (seats 0 and 2, seats 1 and 3).
    """

    number: int
    dealer: int
    hands: tuple
    bids: tuple
    declarer: "int | None"
    bid: "int | None"
    trump: "int | None"
    tricks: "tuple | None"
    taken: tuple
    written: tuple


class FortyTwoView:
    """What the player to act sees; nothing here changes the match.

    Attributes
    ----------
    seat : int
    phase : {"bid", "trump", "play"}
    hand : tuple of Bone
    legal_moves : tuple
        Bids (None passes), trump values 0-6, or bones; never empty.
    can_end_turn : bool
        Always False (for :func:`~dominotiling.games.random_player`).
    bids : tuple of (seat, bid or None)
    high_bid : int or None
    trump : int or None
    trick : tuple of (seat, Bone)
        The bones of the trick in progress, the lead first.
    taken : tuple of int
        Points taken so far in this hand, per pair.
    scores : tuple of int
        The match score per pair.
    rng : numpy.random.Generator
    """

    __slots__ = (
        "seat",
        "phase",
        "hand",
        "legal_moves",
        "can_end_turn",
        "bids",
        "high_bid",
        "trump",
        "trick",
        "taken",
        "scores",
        "rng",
    )

    def __init__(self, match):
        values = dict(
            seat=match.turn,
            phase=match.phase,
            hand=tuple(match.hand(match.turn)),
            legal_moves=tuple(match.legal_moves()),
            can_end_turn=False,
            bids=tuple(match._bids),
            high_bid=match._high()[1],
            trump=match.trump,
            trick=tuple(match._trick),
            taken=tuple(match._taken),
            scores=tuple(match.scores),
            rng=match._rng,
        )
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a FortyTwoView is read-only; return a choice instead")


class FortyTwo:
    """A match of 42 between two pairs, partners opposite (seats 0 and 2 against 1 and 3).

    Each hand (classic_rules_2_ru.txt, paragraphs 115-129): the 28 bones are
    dealt, seven each (paragraph 115).  Starting left of the dealer, each
    player bids once: passes, or names at least 30 points, one more than the
    bid before; 42 promises every trick and count bone, 84 outbids 42 and
    168 outbids 84 (paragraph 117).  The highest bidder names trumps -- a
    value from 0 to 6, making seven trump bones -- and leads the first trick
    (paragraph 119).  Each player in turn adds a bone, following suit: a
    trump on a trump, else a bone with the same higher half; one who cannot
    may play anything, a trump too (paragraphs 121-125).  The highest trump
    takes the trick, or without trumps the highest bone of the suit led
    (paragraph 125).  Each trick is worth 1 point and the count bones in it
    (5 or 10, paragraph 117).  After seven tricks the pairs write by
    :func:`settle` (paragraph 127); 250 wins, and when both pairs pass it at
    once the higher score wins (paragraph 129).

    The document leaves open, and this class reads so: the deal passes
    clockwise; a hand everybody passes is thrown in (nothing written) and
    the next dealer deals; the winner of a trick leads the next; when both
    pairs reach 250 with equal scores, play goes on.

    Parameters
    ----------
    players : sequence of 4
        A player function ``f(view) -> choice`` per seat (a bid or None, a
        trump value, a bone), or None for a seat played by hand with
        :meth:`act`.
    seed : None, int or numpy.random.Generator, optional
    target : int, optional
        250 (paragraph 129).

    See Also
    --------
    forty_two, Rules, Game

    Examples
    --------
    >>> from dominotiling.games import random_player
    >>> match = FortyTwo([random_player] * 4, seed=3)
    >>> result = match.play_hand()
    >>> sum(result.taken) if result.bid else 42   # 35 in count bones and 7 tricks
    42
    """

    def __init__(self, players, seed=None, target=TARGET):
        self.players = _players(players)
        self.target = _validate.positive_int(target, "target")
        self._rng = _validate.seed(seed)
        self.scores = [0, 0]
        self.hands_played = []
        self.dealer = 3
        self.winner = None
        self._deal_next()

    # ------------------------------------------------------------------ state
    @classmethod
    def from_deal(cls, players, hands, dealer=3, target=TARGET, seed=None):
        """Start a match whose first hand is dealt as given (the seven bones of each seat).

        Raises
        ------
        DominoTilingError
            If the hands are not four hands of seven bones making the whole set.
        """
        hands = _hands(hands)
        every = [b for h in hands for b in h]
        if len(hands) != 4 or any(len(h) != 7 for h in hands) or sorted(every) != double_set(6):
            raise DominoTilingError(
                "42 deals four hands of seven bones, the whole double-six set once"
            )
        match = cls.__new__(cls)
        match.players = _players(players)
        match.target = _validate.positive_int(target, "target")
        match._rng = _validate.seed(seed)
        match.scores = [0, 0]
        match.hands_played = []
        match.dealer = _validate.integer(dealer, "dealer", minimum=0, maximum=3)
        match.winner = None
        match._start_hand(hands)
        return match

    def _deal_next(self):
        bones = double_set(6)
        order = self._rng.permutation(28)
        self._start_hand([[bones[i] for i in order[7 * k : 7 * k + 7]] for k in range(4)])

    def _start_hand(self, hands):
        self._hands = [sorted(h) for h in hands]
        self._dealt = tuple(tuple(h) for h in self._hands)
        self.phase = "bid"
        self.turn = (self.dealer + 1) % 4
        self._bids = []
        self.trump = None
        self._trick = []
        self._tricks = []
        self._taken = [0, 0]

    @property
    def over(self):
        """True once a pair has won the match."""
        return self.winner is not None

    def hand(self, seat):
        """The bones ``seat`` holds now."""
        return tuple(self._hands[_validate.integer(seat, "seat", minimum=0, maximum=3)])

    def _high(self):
        made = [(s, b) for s, b in self._bids if b is not None]
        return made[-1] if made else (None, None)

    def legal_moves(self):
        """The choices of the player to act: bids (None passes), trump values, or bones."""
        if self.over:
            return []
        if self.phase == "bid":
            high = self._high()[1]
            bids = [b for b in list(range(30, 43)) + [84, 168] if _legal_bid(b, high)]
            return [None] + bids
        if self.phase == "trump":
            return list(range(7))
        hand = self._hands[self.turn]
        if not self._trick:
            return list(hand)
        return followers(hand, self._trick[0][1], self.trump)

    def view(self):
        return FortyTwoView(self)

    # ------------------------------------------------------------------ actions
    def act(self, choice):
        """Make the choice of the player to act (a bid or None, a trump value, or a bone).

        Raises
        ------
        IllegalMoveError
            If the choice is not one of :meth:`legal_moves` (nothing changes).
        """
        if self.over:
            raise IllegalMoveError("the match is over; start a new FortyTwo")
        if not (choice is None or isinstance(choice, (Bone, int, np.integer))):
            raise DominoTypeError(
                f"choice must be a bid (an int) or None, a trump value (an int) or a Bone, "
                f"got {type(choice).__name__}"
            )
        legal = self.legal_moves()
        if not any(choice is c or (choice == c and type(choice) is type(c)) for c in legal):
            what = {
                "bid": "a bid (30-42, 84 over 42, 168 over 84, above the last) or None",
                "trump": "a trump value 0-6",
                "play": "a bone of the hand that follows suit",
            }[self.phase]
            raise IllegalMoveError(f"seat {self.turn} must choose {what}; got {choice!r}")
        if self.phase == "bid":
            self._bid(choice)
        elif self.phase == "trump":
            self.trump = choice
            self.phase = "play"
        else:
            self._play(choice)

    def _bid(self, bid):
        self._bids.append((self.turn, bid))
        if len(self._bids) < 4:
            self.turn = (self.turn + 1) % 4
            return
        declarer, high = self._high()
        if declarer is None:  # everybody passed: thrown in
            self._finish(None, None)
            return
        self.phase = "trump"
        self.turn = declarer

    def _play(self, bone):
        seat = self.turn
        self._hands[seat].remove(bone)
        self._trick.append((seat, bone))
        if len(self._trick) < 4:
            self.turn = (seat + 1) % 4
            return
        bones = [b for _, b in self._trick]
        winner = self._trick[trick_winner(bones, self.trump)][0]
        self._taken[winner % 2] += 1 + count_points(bones)
        self._tricks.append((self._trick[0][0], tuple(bones), winner))
        self._trick = []
        self.turn = winner
        if len(self._tricks) == 7:
            declarer, bid = self._high()
            self._finish(declarer, bid)

    def _finish(self, declarer, bid):
        written = (0, 0)
        if declarer is not None:
            mine, theirs = settle(bid, self._taken[declarer % 2])
            written = (mine, theirs) if declarer % 2 == 0 else (theirs, mine)
        for k in (0, 1):
            self.scores[k] += written[k]
        self.hands_played.append(
            HandResult(
                len(self.hands_played),
                self.dealer,
                self._dealt,
                tuple(self._bids),
                declarer,
                bid,
                self.trump if declarer is not None else None,
                tuple(self._tricks) if declarer is not None else None,
                tuple(self._taken),
                written,
            )
        )
        a, b = self.scores
        if max(a, b) >= self.target and a != b:
            self.winner = 0 if a > b else 1
            return
        self.dealer = (self.dealer + 1) % 4
        self._deal_next()

    # ------------------------------------------------------------------ automatic play
    def step(self):
        """Let the player to act choose, through their function."""
        player = self.players[self.turn]
        if player is None:
            raise DominoTilingError(f"seat {self.turn} has no player function; call act() for it")
        self.act(player(self.view()))

    def play_hand(self):
        """Play until the hand in progress is over; return its :class:`HandResult`."""
        number = len(self.hands_played)
        while not self.over and len(self.hands_played) == number:
            self.step()
        return self.hands_played[-1]

    def play_match(self, max_hands=500):
        """Play until a pair wins; return the scores per pair.

        Raises
        ------
        DominoTilingError
            If no pair has won after ``max_hands`` hands.
        """
        max_hands = _validate.positive_int(max_hands, "max_hands")
        while not self.over:
            if len(self.hands_played) >= max_hands:
                raise DominoTilingError(f"no pair won in {max_hands} hands; raise max_hands")
            self.play_hand()
        return tuple(self.scores)

    def __repr__(self):
        state = "over" if self.over else f"hand {len(self.hands_played)}, {self.phase}"
        return f"<FortyTwo {self.scores[0]}:{self.scores[1]}, {state}>"


def _legal_bid(bid, high):
    try:
        check_bid(bid, high)
    except DominoTilingError:
        return False
    return True


def _suit_lengths(hand):
    return {v: sum(v in b for b in hand) + (Bone(v, v) in hand) for v in range(7)}


def greedy_player(view):
    """A simple 42 player: bids on a long suit, names it trumps, takes tricks cheaply.

    Bids the lowest legal bid when a suit (a double counting twice) makes 5
    or more, else passes; names that suit; leads its highest trump, else its
    highest double, else its heaviest bone; follows with the cheapest bone
    that takes the trick, or else the cheapest bone (fewest count points,
    then pips).

    Examples
    --------
    >>> from dominotiling.games import random_player
    >>> FortyTwo([greedy_player, random_player] * 2, seed=0).play_match() is not None
    True
    """
    if type(view) is not FortyTwoView:
        _validate.instance(
            view,
            "view",
            FortyTwoView,
            "a player is called by the match with its view; try FortyTwo(...).view()",
        )
    moves = view.legal_moves
    if view.phase == "bid":
        lengths = _suit_lengths(view.hand)
        bids = [m for m in moves if m is not None]
        return bids[0] if bids and max(lengths.values()) >= 5 else None
    if view.phase == "trump":
        lengths = _suit_lengths(view.hand)
        return max(range(7), key=lambda v: (lengths[v], v))
    trump = view.trump
    if not view.trick:
        return max(moves, key=lambda b: (trump in b, b.is_double, b.pips))
    led = [b for _, b in view.trick]
    winners = [b for b in moves if trick_winner(led + [b], trump) == len(led)]
    cheap = lambda b: (COUNT_BONES.get(b, 0), b.pips)  # noqa: E731
    partner_leads = trick_winner(led, trump) == len(led) - 2
    if winners and not partner_leads:
        return min(winners, key=cheap)
    return min(moves, key=cheap)


def _players(players):
    """Four player functions (None: a seat played by hand), checked."""
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        raise DominoTypeError(
            "players must be a list of four player functions "
            f"(or None for a seat played by hand), got {type(players).__name__}"
        )
    players = tuple(players)
    if len(players) != 4:
        raise DominoTilingError(f"42 is played by four, two pairs; got {len(players)} players")
    for k, p in enumerate(players):
        if p is not None and not callable(p):
            raise DominoTypeError(f"players[{k}] must be a function f(view), or None; got {p!r}")
    return players
