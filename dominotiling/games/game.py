"""The game engine: deal, turns, round ends and the match.

Inside: :class:`Game`, which plays a match by any :class:`~dominotiling.games.Rules`,
driven by hand (:meth:`Game.play`, :meth:`Game.draw`, :meth:`Game.knock`) or
by player functions (:meth:`Game.step`, :meth:`Game.play_round`,
:meth:`Game.play_match`), replayed from its history (:meth:`Game.replay`)
or started from a chosen deal (:meth:`Game.from_deal`).  Its records
(:class:`Move`, :class:`Event`, :class:`RoundResult`, :class:`PlayerView`)
live in :mod:`dominotiling.games.records`.

Examples
--------
>>> from dominotiling.games import Game, Rules, greedy_player, random_player
>>> game = Game(Rules.kozel(), [greedy_player, random_player], seed=1)
>>> sheet = game.play_match()
>>> sheet.loser in (0, 1), len(game.rounds) > 0
(True, True)
>>> replayed = Game.replay(Rules.kozel(), 2, game.history)
>>> replayed.sheet.scores() == sheet.scores()
True
"""

import numpy as np

from .errors import IllegalMoveError
from .bones import Bone, double_set
from .line import Line
from .records import Event, Move, PlayerView, RoundResult
from .scoring import ScoreSheet

__all__ = ["Game"]


class Game:
    """A match of dominoes by the given rules.

    Parameters
    ----------
    rules : Rules
        The rules to play by.
    players : int or sequence
        The number of players (all moves made by hand), or one entry per seat,
        clockwise: a player function ``f(view) -> Move`` (or a bone, or a
        ``(bone, side)`` pair), or None for a seat played by hand.
    seed : None, int or numpy.random.Generator, optional
        Source of the deals and of the players' random choices; the same seed
        plays the same game.

    Attributes
    ----------
    rules : Rules
    n_players : int
    sheet : ScoreSheet
        The scores, with seats ``0 .. n_players - 1`` as players.
    line : Line
        The line of the current round.
    turn : int
        The seat to move.
    round_number : int
        0 for the first round.
    history : list of Event
        Everything that happened, enough to :meth:`replay` the match.
    rounds : list of RoundResult
    over : bool
        True once the match is decided.

    Raises
    ------
    ValueError
        If the number of players is not allowed by the rules.

    Notes
    -----
    A player who can move must play; one who cannot draws (when the rules and
    the bazaar allow), else knocks.  After every play the engine checks in
    this order: the player went out; the line is a fish (when
    ``rules.fish_ends_round``); nobody can move while no draw is possible
    (blocked).  A finished round is scored at once (a blocked round as a
    fish) and the next one is dealt, unless the match is over.

    Examples
    --------
    >>> from dominotiling.games import Rules
    >>> game = Game(Rules.kozel(), 2, seed=7)
    >>> game.legal_moves()            # the holder of 1-1 must open with it
    [Move(bone=Bone(1, 1), side='right')]
    >>> game.play(game.legal_moves()[0])
    >>> len(game.line), game.turn
    (1, 0)
    """

    def __init__(self, rules, players, seed=None):
        self._setup(rules, players, seed, deals=None)
        self._start_round()

    @classmethod
    def from_deal(cls, rules, players, hands, bazaar=(), seed=None):
        """Start a game whose first round is dealt as given; later rounds are dealt at random.

        Parameters
        ----------
        rules : Rules
        players : int or sequence
            As for :class:`Game`; the number must match ``hands``.
        hands : sequence of sequences of Bone
            The hands, by seat.
        bazaar : sequence of Bone, optional
            The bazaar, in drawing order (the first is drawn first).
        seed : None, int or numpy.random.Generator, optional

        Raises
        ------
        ValueError
            If a hand is empty, the bones repeat, or hands and bazaar together
            are not the whole set.  The redeal rule is not applied.

        Examples
        --------
        >>> from dominotiling.games import Rules, double_set, Bone
        >>> bones = double_set(6)
        >>> hands = [bones[0:7], bones[7:14]]      # seat 1 holds 1-1
        >>> game = Game.from_deal(Rules.kozel(), 2, hands, bones[14:])
        >>> game.turn, game.legal_moves()
        (1, [Move(bone=Bone(1, 1), side='right')])
        """
        hands = [list(h) for h in hands]
        bazaar = list(bazaar)
        every = [b for h in hands for b in h] + bazaar
        full = double_set(rules.max_pip)
        if any(not isinstance(b, Bone) for b in every):
            raise ValueError("hands and bazaar must hold Bone objects")
        if len(set(every)) != len(every) or set(every) != set(full):
            raise ValueError(f"hands and bazaar together must hold each bone of the "
                             f"double-{rules.max_pip} set exactly once ({len(full)} bones), "
                             f"got {len(every)} bones, {len(set(every))} distinct")
        if any(not h for h in hands):
            raise ValueError("every hand needs at least one bone")
        n = players if isinstance(players, int) else len(players)
        if n != len(hands):
            raise ValueError(f"{n} players but {len(hands)} hands")
        game = cls.__new__(cls)
        deal = Event("deal", 0, None, None, None, (tuple(map(tuple, hands)), tuple(bazaar), 0))
        game._setup(rules, players, seed, deals=iter([deal]))
        game._start_round()
        return game

    def _setup(self, rules, players, seed, deals, replaying=False):
        if isinstance(players, int) and not isinstance(players, bool):
            strategies = (None,) * players
        else:
            strategies = tuple(players)
            for s in strategies:
                if s is not None and not callable(s):
                    raise TypeError(f"each player must be a function f(view) -> Move, "
                                    f"or None for a seat played by hand; got {s!r}")
        rules.check_players(len(strategies))
        self.rules = rules
        self.n_players = len(strategies)
        self.strategies = strategies
        rng = np.random.default_rng(seed)
        deal_seed, play_seed = rng.integers(0, 2**63, size=2)
        self._deal_rng = np.random.default_rng(deal_seed)
        self._play_rng = np.random.default_rng(play_seed)
        self._deals = deals
        self._replaying = replaying
        self._set = double_set(rules.max_pip)
        self.sheet = ScoreSheet(self.n_players, rules)
        self.history = []
        self.rounds = []
        self.round_number = 0
        self.over = False
        self._next_opener = None
        self._stopped = False
        self.line = Line(rules.max_pip, spinner=rules.spinner)
        self.turn = 0
        self._hands = [[] for _ in range(self.n_players)]
        self._bazaar = []
        self._forced = None

    # ------------------------------------------------------------------ dealing
    def _deal(self):
        rules, n = self.rules, self.n_players
        size = rules.hand_size(n)
        redeals = 0
        while True:
            order = self._deal_rng.permutation(len(self._set))
            bones = [self._set[i] for i in order]
            hands = [sorted(bones[k * size:(k + 1) * size]) for k in range(n)]
            if not any(rules.needs_redeal(h) for h in hands):
                return hands, bones[n * size:][::-1], redeals
            redeals += 1

    def _opening(self, hands):
        """Return (seat, forced bone or None) for the round about to start."""
        if self.round_number > 0 and self.rules.later_opener == "winner" \
                and self._next_opener is not None:
            return self._next_opener, None
        holder = {b: s for s, hand in enumerate(hands) for b in hand}
        for v in self.rules.opening_doubles:
            if Bone(v, v) in holder:
                return holder[Bone(v, v)], Bone(v, v)
        heaviest = max(holder, key=lambda b: (b.pips, b.high))
        return holder[heaviest], heaviest

    def _start_round(self):
        event = None if self._deals is None else next(self._deals, None)
        if event is not None:
            hands = [sorted(h) for h in event.info[0]]
            bazaar = list(event.info[1])[::-1]
            redeals = event.info[2]
        elif self._replaying:
            self._stopped = True
            return
        else:
            hands, bazaar, redeals = self._deal()
        self._stopped = False
        self._hands = hands
        self._bazaar = bazaar  # the next bone to draw is the last one
        opener, forced = self._opening(hands)
        self.line = Line(self.rules.max_pip, spinner=self.rules.spinner)
        self.turn = opener
        self._forced = forced
        self._opener = opener
        self._counts = [0, 0, 0]  # plays, draws, knocks
        self._redeals = redeals
        self._last_player = None
        self.history.append(Event("deal", self.round_number, opener, None, None,
                                  (tuple(tuple(h) for h in hands), tuple(bazaar[::-1]), redeals)))

    # ------------------------------------------------------------------ queries
    def hand(self, seat):
        """Return the bones in ``seat``'s hand, as a tuple."""
        return tuple(self._hands[seat])

    @property
    def bazaar_size(self):
        """The number of bones left in the bazaar."""
        return len(self._bazaar)

    def legal_moves(self):
        """Return the list of :class:`Move` the player to move may make (empty if none)."""
        if self.over or self._stopped:
            return []
        if self._forced is not None:
            return [Move(self._forced, "right")]
        return [Move(b, s) for b, s in self.line.moves(self._hands[self.turn])]

    def view(self):
        """Return the :class:`PlayerView` of the player to move."""
        return PlayerView(self, self.turn, self.legal_moves())

    def _check_live(self):
        if self.over:
            raise IllegalMoveError("the match is over; start a new Game")
        if self._stopped:
            raise IllegalMoveError("the replayed history ends between two rounds; "
                                   "no deal is known for the next one")

    def _can_draw(self):
        return self.rules.draw_from_bazaar and bool(self._bazaar)

    # ------------------------------------------------------------------ actions
    def play(self, move, side=None):
        """Play a bone for the player to move.

        Parameters
        ----------
        move : Move, (Bone, side) pair, or Bone
            The play; with a bare bone, ``side`` (or the first fitting side,
            right preferred) is used.
        side : str, optional
            The side when ``move`` is a bare bone.

        Raises
        ------
        IllegalMoveError
            If the match is over, the bone is not in the mover's hand, the
            opening bone is not the one the rules require, or the bone does
            not fit.  Nothing is changed.
        """
        if isinstance(move, Bone):
            bone = move
        else:
            try:
                bone, side = move
            except (TypeError, ValueError):
                raise IllegalMoveError(
                    f"a move is a Bone or a (bone, side) pair, got {move!r}") from None
        self._check_live()
        if not isinstance(bone, Bone):
            raise IllegalMoveError(f"a move needs a Bone, got {bone!r}")
        seat = self.turn
        hand = self._hands[seat]
        if bone not in hand:
            raise IllegalMoveError(f"bone {bone} is not in the hand of player {seat}, "
                                   f"who holds {' '.join(map(str, hand))}")
        if self._forced is not None and bone != self._forced:
            raise IllegalMoveError(f"the round must be opened with {self._forced}")
        if len(self.line) == 0:
            side = "right" if side is None else side
        elif side is None:
            sides = self.line.playable_sides(bone)
            side = "right" if "right" in sides else (sides[0] if sides else None)
        self.line.play(bone, side)  # raises before changing anything
        if len(self.line) == 1:
            side = "right"
        self._forced = None
        hand.remove(bone)
        self._counts[0] += 1
        self._last_player = seat
        points = 0
        if self.rules.scoring == "muggins":
            count = self.line.count()
            if count and count % self.rules.end_multiple == 0:
                points = count
                self.sheet.add_points(seat, points)
        self.history.append(Event("play", self.round_number, seat, bone, side, points))
        if not hand:
            self._end_round("out", seat)
        elif self.rules.fish_ends_round and self.line.is_fish():
            self._end_round("fish", seat)
        else:
            self.turn = (seat + 1) % self.n_players
            self._check_blocked()

    def draw(self):
        """Draw one bone from the bazaar for the player to move, who cannot play.

        Returns
        -------
        Bone
            The bone drawn.

        Raises
        ------
        IllegalMoveError
            If the player can play, the bazaar is empty, the rules forbid
            drawing, or the match is over.
        """
        self._check_live()
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not draw")
        if not self._can_draw():
            raise IllegalMoveError("nothing to draw (the bazaar is empty or the rules forbid "
                                   "drawing); knock instead")
        bone = self._bazaar.pop()
        self._hands[self.turn].append(bone)
        self._counts[1] += 1
        self.history.append(Event("draw", self.round_number, self.turn, bone))
        return bone

    def knock(self):
        """Pass the turn: the player to move can neither play nor draw.

        Raises
        ------
        IllegalMoveError
            If the player can play or draw, or the match is over.
        """
        self._check_live()
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not knock")
        if self._can_draw():
            raise IllegalMoveError(f"player {self.turn} must draw from the bazaar before knocking")
        self._counts[2] += 1
        self.history.append(Event("knock", self.round_number, self.turn))
        self.turn = (self.turn + 1) % self.n_players
        self._check_blocked()

    def _check_blocked(self):
        if self._can_draw() or self._forced is not None:
            return
        moves = self.line.moves
        if any(moves(h) for h in self._hands):
            return
        self._end_round("blocked", self._last_player)

    def _end_round(self, reason, winner):
        hands = {s: list(h) for s, h in enumerate(self._hands)}
        fish = reason != "out" and all(hands.values())
        written = self.sheet.record_round(hands, fish=fish)
        plays, draws, knocks = self._counts
        self.rounds.append(RoundResult(
            self.round_number, self._opener, reason, winner,
            tuple(tuple(h) for h in self._hands), self.line.copy(), plays, draws, knocks,
            self._redeals, tuple(written[s] for s in range(self.n_players))))
        self.history.append(Event("end", self.round_number, winner, None, None, reason))
        self._next_opener = winner if winner is not None else self._opener
        if self.sheet.is_over:
            self.over = True
            return
        self.round_number += 1
        self._start_round()

    # ------------------------------------------------------------------ automatic play
    def step(self):
        """Make one action for the player to move with their player function.

        Plays the move the function returns, or draws or knocks when the
        player cannot move (without calling the function).

        Raises
        ------
        ValueError
            If the seat to move is played by hand (no function given).
        IllegalMoveError
            If the function returns an illegal move (nothing is changed).
        """
        self._check_live()
        moves = self.legal_moves()
        if not moves:
            if self._can_draw():
                self.draw()
            else:
                self.knock()
            return
        strategy = self.strategies[self.turn]
        if strategy is None:
            raise ValueError(f"seat {self.turn} has no player function; call play() for it")
        self.play(strategy(PlayerView(self, self.turn, moves)))

    def play_round(self):
        """Play until the current round ends; return its :class:`RoundResult`."""
        number = self.round_number
        while not self.over and self.round_number == number:
            self.step()
        return self.rounds[-1]

    def play_match(self, max_rounds=1000):
        """Play until the match is decided; return the :class:`ScoreSheet`.

        Raises
        ------
        RuntimeError
            If the match is not decided after ``max_rounds`` rounds.
        """
        while not self.over:
            if self.round_number >= max_rounds:
                raise RuntimeError(f"the match was not decided in {max_rounds} rounds; "
                                   "raise max_rounds or lower the target")
            self.play_round()
        return self.sheet

    # ------------------------------------------------------------------ replay
    @classmethod
    def replay(cls, rules, players, history):
        """Rebuild a game from its history, checking every action.

        Parameters
        ----------
        rules : Rules
        players : int or sequence
            As for :class:`Game` (the number of players is what matters).
        history : sequence of Event
            A history recorded by :attr:`Game.history`, possibly cut short.

        Returns
        -------
        Game
            The game in the state reached at the end of ``history``.

        Raises
        ------
        IllegalMoveError
            If a recorded action is illegal or differs from what the game does
            (a drawn bone, an opener, a round end).
        """
        game = cls.__new__(cls)
        deals = iter([e for e in history if e.kind == "deal"])
        game._setup(rules, players, None, deals=deals, replaying=True)
        game._start_round()
        if game._stopped:
            return game
        for event in history:
            if event.kind == "deal":
                if event.round != game.round_number or event.seat != game._opener:
                    raise IllegalMoveError(f"recorded deal of round {event.round} disagrees "
                                           "with the rules' opening")
                continue
            if event.kind == "end":
                last = game.rounds[-1] if game.rounds else None
                if last is None or last.number != event.round or last.reason != event.info:
                    raise IllegalMoveError(f"recorded end of round {event.round} "
                                           f"({event.info}) did not happen on replay")
                continue
            if game.over or game._stopped or event.seat != game.turn:
                raise IllegalMoveError(f"recorded {event.kind} by seat {event.seat} is out of turn")
            if event.kind == "play":
                game.play(Move(event.bone, event.side))
            elif event.kind == "draw":
                if game.draw() != event.bone:
                    raise IllegalMoveError("a recorded draw differs from the bazaar")
            elif event.kind == "knock":
                game.knock()
            else:
                raise IllegalMoveError(f"unknown event kind {event.kind!r}")
        return game
