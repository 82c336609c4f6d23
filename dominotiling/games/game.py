"""The game engine: deal, turns, round ends and the match.

Inside: :class:`Game`, which plays a match by any :class:`~dominotiling.games.Rules`
(or a rule set's name), driven by hand (:meth:`Game.play`, :meth:`Game.draw`,
:meth:`Game.knock`, :meth:`Game.end_turn`) or by player functions
(:meth:`Game.step`, :meth:`Game.play_round`, :meth:`Game.play_match`),
replayed from its history (:meth:`Game.replay`) or started from a chosen deal
(:meth:`Game.from_deal`).  Its records (:class:`Move`, :class:`Event`,
:class:`RoundResult`, :class:`PlayerView`) live in
:mod:`dominotiling.games.records`; the round mechanics in
:mod:`dominotiling.games._engine`.

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

from numbers import Integral

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from ._engine import RoundEngine
from .bones import Bone, double_set
from .errors import IllegalMoveError
from .line import SIDES, Line
from .records import Event, Move, PlayerView
from .rules import as_rules
from .scoring import ScoreSheet

__all__ = ["Game"]


class Game(RoundEngine):
    """A match of dominoes by the given rules.

    Parameters
    ----------
    rules : Rules or str
        The rules to play by, or a rule set's name (``"kozel"``).
    players : int or sequence
        The number of players (all moves made by hand), or one entry per seat,
        clockwise: a player function ``f(view) -> Move`` (or a bone, a
        ``(bone, side)`` pair, or None to stop a turn that allows more bones),
        or None for a seat played by hand.
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
    DominoTilingError
        If the number of players is not allowed by the rules;
        :class:`~dominotiling.errors.DominoTypeError` for arguments of the
        wrong type.

    Notes
    -----
    A player who can move must play; one who cannot draws (when the rules and
    the bazaar allow), else knocks.  Some rules let a turn go on: several
    doubles at once, any number of bones (Blitz), another move when the ends
    add up to 6 (Seven); the player stops with :meth:`end_turn`.  After every
    play the engine checks in this order: the player went out; the line is a
    fish (when ``rules.fish_ends_round``); every end is closed; and, once the
    turn is over, nobody can move while no draw is possible (blocked).  A
    finished round is scored at once and the next one is dealt, unless the
    match is over.  Every illegal action raises
    :class:`~dominotiling.games.IllegalMoveError` and changes nothing.

    Examples
    --------
    >>> game = Game("kozel", 2, seed=7)
    >>> game.legal_moves()            # the holder of 1-1 must open with it
    [Move(bone=Bone(1, 1), side='right', closed=False)]
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
        rules : Rules or str
        players : int or sequence
            As for :class:`Game`; the number must match ``hands``.
        hands : sequence of sequences of Bone
            The hands, by seat; each as large as the rules deal.
        bazaar : sequence of Bone, optional
            The bazaar, in drawing order (the first is drawn first).
        seed : None, int or numpy.random.Generator, optional

        Raises
        ------
        DominoTilingError
            If a hand's size is not the rules' hand size, the bones repeat, or
            hands and bazaar together are not the whole set.  The redeal rule
            is not applied.

        Examples
        --------
        >>> from dominotiling.games import Rules, double_set, Bone
        >>> bones = double_set(6)
        >>> hands = [bones[0:7], bones[7:14]]      # seat 1 holds 1-1
        >>> game = Game.from_deal(Rules.kozel(), 2, hands, bones[14:])
        >>> game.turn, game.legal_moves()
        (1, [Move(bone=Bone(1, 1), side='right', closed=False)])
        """
        rules = as_rules(rules)
        try:
            hands = [list(h) for h in hands]
            bazaar = list(bazaar)
        except TypeError:
            raise DominoTypeError("hands must be a list of hands (lists of Bone) and bazaar a "
                                  "list of Bone") from None
        every = [b for h in hands for b in h] + bazaar
        full = double_set(rules.max_pip)
        if any(not isinstance(b, Bone) for b in every):
            raise DominoTypeError("hands and bazaar must hold Bone objects, e.g. Bone(2, 5)")
        if len(set(every)) != len(every) or set(every) != set(full):
            raise DominoTilingError(f"hands and bazaar together must hold each bone of the "
                                    f"double-{rules.max_pip} set exactly once ({len(full)} "
                                    f"bones), got {len(every)} bones, {len(set(every))} distinct")
        n = cls._count_players(players)
        if n != len(hands):
            raise DominoTilingError(f"{n} players but {len(hands)} hands")
        size = rules.hand_size(n)
        for seat, h in enumerate(hands):
            if len(h) != size:
                raise DominoTilingError(f"{rules.name} deals {size} bones to each of {n} "
                                        f"players; hand {seat} has {len(h)}")
        game = cls.__new__(cls)
        deal = Event("deal", 0, None, None, None, (tuple(map(tuple, hands)), tuple(bazaar), 0))
        game._setup(rules, players, seed, deals=iter([deal]))
        game._start_round()
        return game

    @staticmethod
    def _count_players(players):
        if isinstance(players, (list, tuple)):
            return len(players)
        if isinstance(players, (bool,)) or not isinstance(players, Integral):
            raise DominoTypeError(f"players must be the number of seats or a list with one "
                                  f"player function (or None) per seat, got {players!r}")
        return int(players)

    def _setup(self, rules, players, seed, deals, replaying=False):
        rules = as_rules(rules)
        n = self._count_players(players)
        if isinstance(players, (list, tuple)):
            strategies = tuple(players)
            for s in strategies:
                if s is not None and not callable(s):
                    raise DominoTypeError(f"each player must be a function f(view) -> Move, "
                                          f"or None for a seat played by hand; got {s!r}")
        else:
            strategies = (None,) * max(n, 0)
        rules.check_players(n)
        rng = _validate.seed(seed)
        self.rules = rules
        self.n_players = n
        self.strategies = strategies
        deal_seed, play_seed = rng.integers(0, 2**63, size=2)
        import numpy as np

        self._deal_rng = np.random.default_rng(deal_seed)
        self._play_rng = np.random.default_rng(play_seed)
        self._deals = deals
        self._replaying = replaying
        self._replay_future = []
        self._set = double_set(rules.max_pip)
        self.sheet = ScoreSheet(n, rules)
        self.history = []
        self.rounds = []
        self.round_number = 0
        self.over = False
        self._stopped = False
        self.line = Line.for_rules(rules)
        self.turn = 0
        self._hands = [[] for _ in range(n)]
        self._bazaar = []
        self._forced = None
        self._new_turn()

    # ------------------------------------------------------------------ queries
    def hand(self, seat):
        """Return the bones in ``seat``'s hand, as a tuple."""
        seat = _validate.integer(seat, "seat", minimum=0, maximum=self.n_players - 1)
        return tuple(self._hands[seat])

    @property
    def bazaar_size(self):
        """The number of bones that can still be drawn from the bazaar."""
        return self._drawable()

    @property
    def reserve_size(self):
        """The bones of the bazaar that are never drawn (``rules.bazaar_reserve``) still there."""
        return len(self._bazaar) - self._drawable()

    @property
    def can_end_turn(self):
        """True when the player to move has laid a bone and may stop the turn (:meth:`end_turn`)."""
        return self._continuing is not None and not self.over and not self._stopped

    def legal_moves(self):
        """Return the list of :class:`Move` the player to move may make (empty if none)."""
        if self.over or self._stopped:
            return []
        return self._moves_for(self.turn)

    def view(self):
        """Return the :class:`PlayerView` of the player to move."""
        return PlayerView(self, self.turn, self.legal_moves())

    def _check_live(self):
        if self.over:
            raise IllegalMoveError("the match is over; start a new Game")
        if self._stopped:
            raise IllegalMoveError("the replayed history ends between two rounds; "
                                   "no deal is known for the next one")

    def __repr__(self):
        state = "over" if self.over else f"round {self.round_number}, seat {self.turn} to move"
        return f"<Game of {self.rules.name}, {self.n_players} players: {state}>"

    def _repr_html_(self):
        from .display import game_html

        return game_html(self)

    # ------------------------------------------------------------------ actions
    @staticmethod
    def _parse(move, side=None):
        if isinstance(move, Move):
            return move
        if isinstance(move, Bone):
            return Move(move, side)
        if isinstance(move, tuple) and len(move) in (2, 3):
            bone, side, *rest = move
            closed = rest[0] if rest else False
            if isinstance(bone, Bone) and isinstance(closed, bool):
                return Move(bone, side, closed)
        raise IllegalMoveError(f"a move is a Bone, a Move or a (bone, side) pair, got {move!r}")

    def play(self, move, side=None):
        """Play a bone (or, as a list, several bones in one turn) for the player to move.

        Parameters
        ----------
        move : Move, (Bone, side) pair, Bone, or list of those
            The play; with a bare bone, ``side`` (or the first fitting side,
            right preferred) is used.  A list lays its bones one after the
            other in one turn (several doubles, Blitz) and then ends the turn.
        side : str, optional
            The side when ``move`` is a bare bone.

        Raises
        ------
        IllegalMoveError
            If the match is over, the bone is not in the mover's hand, the
            opening bone is not one the rules allow, a further bone is not
            allowed in this turn, or the bone does not fit.  Nothing is
            changed (for a list: by any of its bones).
        """
        if isinstance(move, list):
            self._check_live()
            if not move:
                raise IllegalMoveError("an empty list of moves; give at least one")
            saved = self._snapshot()
            try:
                for m in move:
                    self._play_one(self._parse(m))
                if self._continuing is not None and len(self._turn_plays) > 0:
                    self.end_turn()
            except Exception:
                self._restore(saved)
                raise
            return
        self._play_one(self._parse(move, side))

    def _play_one(self, move):
        self._check_live()
        bone, side = move.bone, move.side
        seat = self.turn
        hand = self._hands[seat]
        if bone not in hand:
            raise IllegalMoveError(f"bone {bone} is not in the hand of player {seat}, "
                                   f"who holds {' '.join(map(str, hand))}")
        if self._forced is not None and bone not in self._forced:
            allowed = " or ".join(str(b) for b in sorted(self._forced))
            raise IllegalMoveError(f"the round must be opened with {allowed}")
        if side is not None and side not in SIDES:
            raise IllegalMoveError(f"side must be one of {SIDES}, got {side!r}")
        if len(self.line) == 0:
            side = "right"
        elif side is None:
            sides = self.line.playable_sides(bone)
            if self._continuing == "doubles":
                used = {m.side for m in self._turn_plays}
                sides = [s for s in sides if s not in used]
            side = "right" if "right" in sides else (sides[0] if sides else "right")
        move = Move(bone, side, move.closed)
        if self._continuing is not None or move.closed:
            if move not in self._moves_for(seat):
                if self._continuing == "doubles":
                    raise IllegalMoveError(
                        f"after a double, only more doubles on the other ends may follow in "
                        f"this turn (up to {self.rules.doubles_per_turn}); call end_turn()")
                if move.closed and self.rules.closing_doubles == "none":
                    raise IllegalMoveError(f"{self.rules.name} does not lay doubles face down")
                if move.closed:
                    raise IllegalMoveError(f"{bone} cannot be laid face down here")
        self._apply_play(move)

    def end_turn(self):
        """Stop a turn in which more bones could follow (several doubles, Blitz).

        Raises
        ------
        IllegalMoveError
            If no bone has been laid in this turn, or the rules end the turn
            by themselves.
        """
        self._check_live()
        if self._continuing is None:
            raise IllegalMoveError("there is no turn to end: a turn ends by itself after a "
                                   "play unless the rules allow more bones")
        index = len(self.history)
        self.history.append(Event("end_turn", self.round_number, self.turn, None, None, 0))
        self._finish_turn(index)

    def draw(self):
        """Draw one bone from the bazaar for the player to move, who cannot play.

        Returns
        -------
        Bone
            The bone drawn.

        Raises
        ------
        IllegalMoveError
            If the player can play, may draw no more this turn, the bazaar is
            empty (or only its undrawn reserve is left), the rules forbid
            drawing, or the match is over.
        """
        self._check_live()
        if self._continuing is not None:
            raise IllegalMoveError("finish the turn with end_turn() or another bone; no drawing now")
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not draw")
        if not self._can_draw():
            raise IllegalMoveError("nothing to draw (the bazaar is empty, only its reserve is "
                                   "left, the rules forbid drawing, or the draws of this turn "
                                   "are used up); knock instead")
        bone = self._bazaar.pop()
        self._hands[self.turn].append(bone)
        self._counts[1] += 1
        self._turn_draws += 1
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
        if self._continuing is not None:
            raise IllegalMoveError("the turn goes on: call end_turn() to stop laying bones")
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not knock")
        if self._can_draw():
            raise IllegalMoveError(f"player {self.turn} must draw from the bazaar before knocking")
        self._counts[2] += 1
        self.history.append(Event("knock", self.round_number, self.turn))
        self._new_turn()
        self.turn = (self.turn + 1) % self.n_players
        self._check_blocked()

    # ------------------------------------------------------------------ automatic play
    def step(self):
        """Make one action for the player to move with their player function.

        Plays the move the function returns (None ends a turn that may
        stop), or draws or knocks when the player cannot move (without
        calling the function).

        Raises
        ------
        DominoTilingError
            If the seat to move is played by hand (no function given).
        IllegalMoveError
            If the function returns an illegal move (nothing is changed).
        """
        self._check_live()
        moves = self.legal_moves()
        if not moves:
            if self._continuing is not None:
                self.end_turn()
            elif self._can_draw():
                self.draw()
            else:
                self.knock()
            return
        strategy = self.strategies[self.turn]
        if strategy is None:
            raise DominoTilingError(f"seat {self.turn} has no player function; call play() for it")
        choice = strategy(PlayerView(self, self.turn, moves))
        if choice is None and self._continuing is not None:
            self.end_turn()
        else:
            self._play_one(self._parse(choice))

    def play_round(self):
        """Play until the current round ends; return its :class:`RoundResult`."""
        self._check_live()
        number = self.round_number
        while not self.over and self.round_number == number:
            self.step()
        return self.rounds[-1]

    def play_match(self, max_rounds=1000):
        """Play until the match is decided; return the :class:`ScoreSheet`.

        Raises
        ------
        DominoTilingError
            If the match is not decided after ``max_rounds`` rounds.
        """
        max_rounds = _validate.positive_int(max_rounds, "max_rounds")
        while not self.over:
            if self.round_number >= max_rounds:
                raise DominoTilingError(f"the match was not decided in {max_rounds} rounds; "
                                        "raise max_rounds or lower the target")
            self.play_round()
        return self.sheet

    # ------------------------------------------------------------------ state
    def _snapshot(self):
        return dict(
            line=self.line.copy(), hands=[list(h) for h in self._hands], bazaar=list(self._bazaar),
            sheet=self.sheet.copy(), history=list(self.history), rounds=list(self.rounds),
            scalars={k: getattr(self, k) for k in (
                "turn", "round_number", "over", "_forced", "_opener", "_redeals",
                "_last_player", "_last_nondouble", "_turn_draws", "_continuing", "_stopped")},
            counts=list(self._counts), turn_plays=list(self._turn_plays),
            rngs=(self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state))

    def _restore(self, saved):
        self.line = saved["line"]
        self._hands = saved["hands"]
        self._bazaar = saved["bazaar"]
        self.sheet = saved["sheet"]
        self.history = saved["history"]
        self.rounds = saved["rounds"]
        for k, v in saved["scalars"].items():
            setattr(self, k, v)
        self._counts = saved["counts"]
        self._turn_plays = saved["turn_plays"]
        self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state = saved["rngs"]

    # ------------------------------------------------------------------ replay
    @classmethod
    def replay(cls, rules, players, history):
        """Rebuild a game from its history, checking every action.

        Parameters
        ----------
        rules : Rules or str
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
        DominoTypeError
            If ``history`` is not a sequence of :class:`Event`.
        """
        try:
            history = list(history)
        except TypeError:
            raise DominoTypeError(f"history must be a list of Event (Game.history), got "
                                  f"{type(history).__name__}") from None
        for k, e in enumerate(history):
            if not isinstance(e, Event):
                raise DominoTypeError(f"history must hold Event records (from Game.history); "
                                      f"entry {k} is {type(e).__name__}")
        game = cls.__new__(cls)
        deals = iter([e for e in history if e.kind == "deal"])
        game._setup(rules, players, None, deals=deals, replaying=True)
        game._start_round()
        for k, event in enumerate(history):
            if k < len(game.history):            # the game wrote this one itself
                if game.history[k] != event:
                    raise IllegalMoveError(f"recorded {event.kind} of round {event.round} "
                                           f"differs on replay: {event} vs {game.history[k]}")
                continue
            if k > len(game.history):
                raise IllegalMoveError(f"the history is out of step at entry {k}")
            if event.kind in ("deal", "end", "take"):
                raise IllegalMoveError(f"recorded {event.kind} of round {event.round} did not "
                                       "happen on replay")
            if game.over or game._stopped or event.seat != game.turn \
                    or event.round != game.round_number:
                raise IllegalMoveError(f"recorded {event.kind} by seat {event.seat} is out of turn")
            game._replay_future = history[k + 1:]
            if event.kind == "play":
                game._play_one(Move(event.bone, event.side, event.closed))
            elif event.kind == "draw":
                if game.draw() != event.bone:
                    raise IllegalMoveError("a recorded draw differs from the bazaar")
            elif event.kind == "knock":
                game.knock()
            elif event.kind == "end_turn":
                game.end_turn()
            else:
                raise IllegalMoveError(f"unknown event kind {event.kind!r}")
        return game
