"""42, the bidding and trick game for two pairs (classic_rules_2_ru.txt, paragraphs 115-129).

The rules as functions -- :func:`count_points`, :func:`check_bid`, :func:`followers`,
:func:`trick_winner`, :func:`settle` -- and :class:`FortyTwo`, which plays hands and matches with
them; its players are functions of a :class:`FortyTwoView` (:func:`greedy_player` here).
"""

from typing import NamedTuple

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .bones import Bone, as_bone, as_bones, double_set
from .errors import IllegalMoveError
from .line import _hands
from .players import Seats, player_functions

__all__ = ["COUNT_BONES", "TARGET", "count_points", "check_bid", "followers", "trick_winner"]
__all__ += ["settle", "FortyTwo", "FortyTwoView", "HandResult", "greedy_player"]

#: Bones whose pips add up to 5 or 10 and their value (paragraph 117): 35 in all.
COUNT_BONES = {Bone(6, 4): 10, Bone(5, 5): 10, Bone(5, 0): 5, Bone(4, 1): 5, Bone(3, 2): 5}
#: The score that wins the game (paragraph 129).
TARGET = 250


def _bones(bones, name="bones"):
    bones = as_bones(bones, name)
    if any(b.high > 6 for b in bones):
        raise DominoTypeError(f"{name} must hold bones of a double-six set")
    return bones


_trump = lambda t: None if t is None else _validate.integer(t, "trump", minimum=0, maximum=6)  # noqa: E731


def count_points(bones):
    """The points of the count bones among ``bones`` (6-4 and 5-5 ten, 5-0, 4-1, 3-2 five)."""
    return sum(COUNT_BONES.get(b, 0) for b in _bones(bones))


def check_bid(bid, previous=None, _checked=False):
    """Return ``bid`` if it is a legal bid after ``previous`` (None: the first bid), else raise.

    A bid names at least 30 points (paragraph 117), beating the previous one by one or more; 42
    promises every trick and count bone, 84 the same over 42 (only), 168 over 84:
    ``check_bid(84, previous=42)`` is 84.
    """
    bid = _validate.integer(bid, "bid")
    if not (30 <= bid <= 42 or bid in (84, 168)):
        raise DominoTilingError(f"a bid is 30 to 42 points, or 84 or 168; got {bid}")
    if previous is not None:
        previous = check_bid(_validate.integer(previous, "previous"), _checked=True)
        if bid <= previous:
            raise DominoTilingError(f"a bid must beat {previous} by at least one point; got {bid}")
    if not _checked and (bid == 84 and previous != 42 or bid == 168 and previous != 84):
        said = "none" if previous is None else previous
        raise DominoTilingError(f"{bid} outbids {bid // 2} only; the previous bid was {said}")
    return bid


def followers(hand, led, trump):
    """The bones of ``hand`` that follow the bone ``led`` (paragraph 121): a trump on a trump,
    else a bone with the same higher half (on 5-2, 5-3 and not 2-4); with none, any bone
    (paragraph 125)."""
    hand, led, trump = _bones(hand, "hand"), as_bone(led, "led"), _trump(trump)
    if trump is not None and trump in led:
        return [b for b in hand if trump in b] or hand
    return [b for b in hand if (trump is None or trump not in b) and b.high == led.high] or hand


def trick_winner(plays, trump):
    """The index in ``plays`` (the lead first) of the trick's winner: the highest trump, else the
    highest bone of the suit led (paragraph 125), the double first, then by the other half."""
    plays, trump = _bones(plays, "plays"), _trump(trump)
    if not plays:
        raise DominoTilingError("a trick needs at least one bone")
    led = None if trump is not None and trump in plays[0] else plays[0].high

    def key(b):  # trumps over the led suit, then by rank in the suit
        if trump is not None and trump in b:
            return (2, b.is_double, b.other(trump))
        return (1, b.is_double, b.low) if b.high == led else (0, 0, 0)

    return max(range(len(plays)), key=lambda i: key(plays[i]))


def settle(bid, bidders_points):
    """What each pair writes after a hand: ``(bidders, opponents)`` (paragraph 127).  Bidders
    who took their bid (every point for 42, 84 or 168) and their opponents write what they took;
    else the opponents write their points plus the bid: ``settle(35, 31)`` is ``(0, 46)``."""
    bid = check_bid(bid, _checked=True)
    took = _validate.integer(bidders_points, "bidders_points", minimum=0, maximum=42)
    return (took, 42 - took) if took >= min(bid, 42) else (0, 42 - took + bid)


class HandResult(NamedTuple):
    """One hand of 42: who dealt, the deal, the bids (``(seat, bid or None)`` in order), the
    declarer, bid, trump and ``tricks`` (``(leader, bones, winner)``; None when everybody
    passed), and what each pair (seats 0 and 2, 1 and 3) took and wrote."""

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
    """What the player to act sees (read-only): ``seat``, ``phase`` ("bid", "trump" or "play"),
    ``hand``, ``legal_moves`` (bids with None to pass, trump values 0-6, or bones; never empty),
    ``can_end_turn`` (False), ``bids``, ``high_bid``, ``trump``, ``trick`` (``(seat, bone)`` of the
    trick in progress), ``taken`` and ``scores`` per pair, and ``rng``."""

    __slots__ = ("seat", "phase", "hand", "legal_moves", "can_end_turn", "bids", "high_bid")
    __slots__ += ("trump", "trick", "taken", "scores", "rng")

    def __init__(self, match):
        values = (match.turn, match.phase, match.hand(match.turn), tuple(match.legal_moves()))
        values += (False, tuple(match._bids), match._high()[1], match.trump, tuple(match._trick))
        values += (tuple(match._taken), tuple(match.scores), match._rng)
        for name, value in zip(self.__slots__, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a FortyTwoView is read-only; return a choice instead")


class FortyTwo(Seats):
    """A match of 42 between two pairs, partners opposite (seats 0 and 2 against 1 and 3).

    classic_rules_2_ru.txt, paragraphs 115-129: seven bones each; left of the dealer each bids
    once (:func:`check_bid`, paragraph 117); the highest names trumps, 0 to 6, and leads
    (paragraph 119); each adds a bone following suit (:func:`followers`, paragraphs 121-125),
    the trick going to :func:`trick_winner`, worth 1 and its count bones; after seven tricks the
    pairs write by :func:`settle` (paragraph 127); 250 wins, the higher when both pass it
    (paragraph 129).  Read where the text is silent: the deal passes clockwise; a hand all pass
    is thrown in; a trick's winner leads next; equal scores at 250 play on.

    Parameters
    ----------
    players, seed, target : sequence of 4, optional seed and int
        A function ``f(view) -> choice`` per seat (a bid or None, a trump value, a bone), or
        None (:meth:`act`); the target, 250 (paragraph 129).

    See Also
    --------
    forty_two, Rules, Game

    Examples
    --------
    >>> result = FortyTwo([greedy_player] * 4, seed=3).play_hand()
    >>> sum(result.taken) if result.bid else 42   # 35 in count bones and 7 tricks
    42
    """

    def __init__(self, players, seed=None, target=TARGET):
        self._begin(players, seed, target, 3)
        self._deal()

    def _deal(self):
        bones, order = double_set(6), self._rng.permutation(28)
        self._start_hand([[bones[i] for i in order[7 * k : 7 * k + 7]] for k in range(4)])

    def _begin(self, players, seed, target, dealer):
        self.players = player_functions(players, (4,), "42 is played by four, two pairs")
        self.target = _validate.positive_int(target, "target")
        self._rng, self.scores, self.hands_played = _validate.seed(seed), [0, 0], []
        self.dealer, self.winner = _validate.integer(dealer, "dealer", minimum=0, maximum=3), None

    @classmethod
    def from_deal(cls, players, hands, dealer=3, target=TARGET, seed=None):
        """Start a match whose first hand is dealt as given: four hands of seven, the whole set."""
        hands = _hands(hands)
        every = sorted(b for h in hands for b in h)
        if len(hands) != 4 or any(len(h) != 7 for h in hands) or every != double_set(6):
            raise DominoTilingError("42 deals four hands of seven bones, the whole double-six set")
        match = cls.__new__(cls)
        match._begin(players, seed, target, dealer)
        match._start_hand(hands)
        return match

    def _start_hand(self, hands):
        self._hands = [sorted(h) for h in hands]
        self._dealt = tuple(tuple(h) for h in self._hands)
        self.phase, self.turn, self.trump = "bid", (self.dealer + 1) % 4, None
        self._bids, self._trick, self._tricks, self._taken = [], [], [], [0, 0]

    over = property(lambda self: self.winner is not None)
    _VIEW, _ACT, _OVER = FortyTwoView, "act", "the match is over; start a new FortyTwo"
    # (seat, bid) of the highest bid so far, or (None, None)
    _high = lambda self: next((b for b in self._bids[::-1] if b[1] is not None), (None, None))  # noqa: E731

    def legal_moves(self):
        """The choices of the player to act: bids (None passes), trump values, or bones."""
        if self.over:
            return []
        if self.phase == "bid":
            return [None] + [b for b in (*range(30, 43), 84, 168) if _legal_bid(b, self._high()[1])]
        if self.phase == "trump":
            return list(range(7))
        hand = self._hands[self.turn]
        return followers(hand, self._trick[0][1], self.trump) if self._trick else list(hand)

    def act(self, choice):
        """Make the choice of the player to act (a bid or None, a trump value, or a bone); an
        IllegalMoveError, changing nothing, for one not among :meth:`legal_moves`."""
        self._check_open()
        if not (choice is None or isinstance(choice, (Bone, int, np.integer))):
            what = type(choice).__name__
            msg = f"choice must be a bid or None, a trump value or a Bone, got {what}"
            raise DominoTypeError(msg)
        legal = self.legal_moves()
        if not any(choice is c or (choice == c and type(choice) is type(c)) for c in legal):
            what = dict(bid="a bid (30-42, 84 over 42, 168 over 84, above the last) or None")
            what.update(trump="a trump value 0-6", play="a bone of the hand that follows suit")
            msg = f"seat {self.turn} must choose {what[self.phase]}; got {choice!r}"
            raise IllegalMoveError(msg)
        if self.phase == "bid":
            self._bids.append((self.turn, choice))
            self.turn = (self.turn + 1) % 4
            if len(self._bids) == 4:
                declarer = self._high()[0]
                if declarer is None:  # everybody passed: thrown in
                    return self._finish(None, None)
                self.phase, self.turn = "trump", declarer
        elif self.phase == "trump":
            self.trump, self.phase = choice, "play"
        else:
            self._play(choice)

    def _play(self, bone):
        seat = self.turn
        self._hands[seat].remove(bone)
        self._trick.append((seat, bone))
        self.turn = (seat + 1) % 4
        if len(self._trick) == 4:
            bones = [b for _, b in self._trick]
            winner = self._trick[trick_winner(bones, self.trump)][0]
            self._taken[winner % 2] += 1 + count_points(bones)
            self._tricks.append((self._trick[0][0], tuple(bones), winner))
            self._trick, self.turn = [], winner
            if len(self._tricks) == 7:
                self._finish(*self._high())

    def _finish(self, declarer, bid):
        written = (0, 0)
        if declarer is not None:
            mine, theirs = settle(bid, self._taken[declarer % 2])
            written = (mine, theirs) if declarer % 2 == 0 else (theirs, mine)
        self.scores = [s + w for s, w in zip(self.scores, written)]
        played = declarer is not None
        hand = (len(self.hands_played), self.dealer, self._dealt, tuple(self._bids), declarer, bid)
        hand += (self.trump if played else None, tuple(self._tricks) if played else None)
        self.hands_played.append(HandResult(*hand, tuple(self._taken), written))
        a, b = self.scores
        if max(a, b) >= self.target and a != b:
            self.winner = 0 if a > b else 1
            return
        self.dealer = (self.dealer + 1) % 4
        self._deal()

    def play_match(self, max_hands=500):
        """Play until a pair wins (an error after ``max_hands`` hands); return the scores."""
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
        return check_bid(bid, high) is not None
    except DominoTilingError:
        return False


def greedy_player(view):
    """A simple 42 player: bids the lowest legal bid on a suit of 5 or more (a double counting
    twice), names it trumps, leads its highest trump (else highest double, else heaviest bone),
    and follows with the cheapest bone that takes the trick, else the cheapest bone."""
    if type(view) is not FortyTwoView:
        _validate.instance(view, "view", FortyTwoView, "a match calls its players with a view")
    moves, trump, hand = view.legal_moves, view.trump, view.hand
    lengths = {v: sum(v in b for b in hand) + (Bone(v, v) in hand) for v in range(7)}
    if view.phase == "bid":
        bids = [m for m in moves if m is not None]
        return bids[0] if bids and max(lengths.values()) >= 5 else None
    if view.phase == "trump":
        return max(range(7), key=lambda v: (lengths[v], v))
    if not view.trick:
        return max(moves, key=lambda b: (trump in b, b.is_double, b.pips))
    led = [b for _, b in view.trick]
    winners = [b for b in moves if trick_winner(led + [b], trump) == len(led)]
    cheap = lambda b: (COUNT_BONES.get(b, 0), b.pips)  # noqa: E731
    partner_leads = trick_winner(led, trump) == len(led) - 2
    return min(winners if winners and not partner_leads else moves, key=cheap)
