"""The game engine: :class:`Game` plays a match by any rules, by hand (:meth:`Game.play`,
:meth:`Game.draw`, :meth:`Game.knock`, :meth:`Game.end_turn`) or by player functions
(:meth:`Game.step`, :meth:`Game.play_round`, :meth:`Game.play_match`), replayed from its history
(:meth:`Game.replay`) or started from a chosen deal (:meth:`Game.from_deal`).

Examples
--------
>>> from dominotiling.games import Game, Rules, greedy_player, random_player
>>> game = Game(Rules.kozel(), [greedy_player, random_player], seed=1)
>>> Game.replay(Rules.kozel(), 2, game.play_match() and game.history).sheet.scores() == game.sheet.scores()
True
"""

from numbers import Integral

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from ._engine import RoundEngine
from .bones import Bone, double_set
from .errors import IllegalMoveError
from .layouts import new_layout
from .records import Event, Move, PlayerView
from .rules import as_rules
from .scoring import ScoreSheet

__all__ = ["Game"]

#: The game's state a failed list of plays restores (the line, hands and sheet are copied).
_STATE = (
    "turn round_number over _forced _opener _redeals _last_player _last_nondouble _turn_draws "
    "_continuing _stopped _pending_out"
).split()


class Game(RoundEngine):
    """A match of dominoes by the given rules.

    Parameters
    ----------
    rules : Rules or str
        The rules to play by, or a rule set's name (``"kozel"``).
    players : int or sequence
        The number of players (all moves made by hand), or one entry per seat, clockwise: a
        player function ``f(view) -> Move``, or None for a seat played by hand.
    seed : None, int or numpy.random.Generator, optional
        Source of the deals and the players' random choices: the same seed, the same game.

    Attributes
    ----------
    rules : Rules
    n_players : int
    sheet : ScoreSheet
        The scores, with seats ``0 .. n_players - 1`` as players.
    line : Line or a layout of :mod:`~dominotiling.games.layouts`
        The table of the current round.
    turn, round_number : int
        The seat to move; the rounds finished before this one (shown to a reader from 1).
    history : list of Event
        Everything that happened, enough to :meth:`replay` the match.
    rounds : list of RoundResult
    over : bool

    Raises
    ------
    DominoTilingError
        If the rules do not allow that many players (a DominoTypeError for a wrong type).

    See Also
    --------
    Rules, simulate, PlayerView

    Notes
    -----
    A player who can move must play; one who cannot draws (when the rules and the bazaar
    allow), else knocks.  Some rules let a turn go on (several doubles, Blitz, Seven's moves
    again, Mexican train's first train): :meth:`end_turn` stops it.  After a play the engine
    checks: the player went out; the line is a fish (``rules.fish_ends_round``); every end is
    closed; once the turn is over, nobody can move nor draw (blocked).  A finished round is
    scored at once and the next dealt, unless the match is over.  On another table a move's
    side names a place there (``"train 1"``, ``"toe 3"``, ``"cut 2"``: see
    :mod:`~dominotiling.games.layouts`).  Every illegal action raises
    :class:`~dominotiling.games.IllegalMoveError` and changes nothing.

    Examples
    --------
    >>> game = Game("kozel", 2, seed=7)
    >>> game.legal_moves()            # the holder of 1-1 must open with it
    [Move(bone=Bone(1, 1), side='right', closed=False)]
    >>> game.play(game.legal_moves()[0])
    >>> len(game.line), game.turn
    (1, 0)
    >>> game                          # rounds are shown counted from 1
    <Game of Kozel (fish for all), 2 players: round 1, seat 0 to move>
    """

    def __init__(self, rules, players, seed=None):
        self._setup(rules, players, seed, deals=None)
        self._start_round()

    @staticmethod
    def _count_players(players):
        if isinstance(players, (list, tuple)):
            return len(players)
        if isinstance(players, bool) or not isinstance(players, Integral):
            raise DominoTypeError(
                f"players must be the number of seats or a list with one player function (or "
                f"None) per seat, got {players!r}"
            )
        return int(players)

    def _setup(self, rules, players, seed, deals, replaying=False):
        rules = as_rules(rules)
        n = self._count_players(players)
        rules.check_players(n)  # before anything grows with n (Game(rules, 2**31) was 17 GB)
        strategies = tuple(players) if isinstance(players, (list, tuple)) else (None,) * n
        for k, s in enumerate(strategies):
            if s is not None and not callable(s):
                raise DominoTypeError(
                    f"players[{k}] must be a function f(view) -> Move, or None for a seat played "
                    f"by hand; got {s!r}"
                )
        deal_seed, play_seed = _validate.seed(seed).integers(0, 2**63, size=2)
        self.rules, self.n_players, self.strategies = rules, n, strategies
        self._deal_rng = np.random.default_rng(deal_seed)
        self._play_rng = np.random.default_rng(play_seed)
        self._deals, self._replaying, self._replay_future = deals, replaying, []
        self._set = double_set(rules.max_pip)
        self.sheet = ScoreSheet(n, rules)
        self.history, self.rounds = [], []
        self.round_number, self.over, self._stopped = 0, False, False
        self.line = new_layout(rules, n)
        self.turn, self._hands, self._bazaar, self._forced = 0, [[] for _ in range(n)], [], None
        self._streak, self._pending_out = [0] * n, None
        self._new_turn()

    # ------------------------------------------------------------------ queries
    def hand(self, seat):
        """Return the bones in ``seat``'s hand, as a tuple."""
        return tuple(
            self._hands[_validate.integer(seat, "seat", minimum=0, maximum=self.n_players - 1)]
        )

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
        return (
            self._continuing in ("doubles", "chain", "pair") and not self.over and not self._stopped
        )

    def legal_moves(self):
        """Return the list of :class:`Move` the player to move may make (empty if none)."""
        return [] if self.over or self._stopped else self._moves_for(self.turn)

    def view(self):
        """Return the :class:`PlayerView` of the player to move."""
        return PlayerView(self, self.turn, self.legal_moves())

    def _check_live(self):
        if self.over:
            raise IllegalMoveError("the match is over; start a new Game")
        if self._stopped:
            raise IllegalMoveError(
                "the replayed history ends between two rounds; no deal is known for the next one"
            )

    def __repr__(self):
        state = "over" if self.over else f"round {self.round_number + 1}, seat {self.turn} to move"
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
        if isinstance(move, tuple) and len(move) in (2, 3, 4):
            bone, side, *rest = move
            closed, lengthwise = (rest + [False, False])[:2]
            if isinstance(bone, Bone) and isinstance(closed, bool) and isinstance(lengthwise, bool):
                return Move(bone, side, closed, lengthwise)
        raise IllegalMoveError(f"a move is a Bone, a Move or a (bone, side) pair, got {move!r}")

    def play(self, move, side=None):
        """Play a bone (or, as a list, several bones in one turn) for the player to move.

        Parameters
        ----------
        move : Move, (Bone, side) pair, Bone, or list of those
            The play; a list lays its bones one after the other in one turn, then ends it.
        side : str, optional
            The side for a bare bone (else the first fitting side, right preferred).

        Raises
        ------
        IllegalMoveError
            If the match is over, the bone is not in the mover's hand, may not open or follow
            now, or does not fit.  Nothing is changed (for a list: by any of its bones).
        """
        if not isinstance(move, list):
            return self._play_one(self._parse(move, side))
        self._check_live()
        if not move:
            raise IllegalMoveError("an empty list of moves; give at least one")
        saved = self._snapshot()
        try:
            for m in move:
                self._play_one(self._parse(m))
            if self.can_end_turn and self._turn_plays:
                self.end_turn()
        except Exception:
            self._restore(saved)
            raise

    def _play_one(self, move):
        self._check_live()
        bone, side, seat = move.bone, move.side, self.turn
        hand = self._hands[seat]
        if bone not in hand:
            raise IllegalMoveError(
                f"bone {bone} is not in the hand of player {seat}, who holds {' '.join(map(str, hand))}"
            )
        if self._forced is not None and bone not in self._forced:
            allowed = " or ".join(str(b) for b in sorted(self._forced))
            raise IllegalMoveError(f"the round must be opened with {allowed}")
        if self.rules.table.hidden_rows and self._forced is None and bone is not hand[-1]:
            raise IllegalMoveError(
                f"only the bone taken from the right of the row, {hand[-1]}, may be played now"
            )
        if side is not None and not isinstance(side, str):
            raise IllegalMoveError(f"side must be a string naming an end, got {side!r}")
        self._apply_play(
            self.rules.table.prepare(self, Move(bone, side, move.closed, move.lengthwise))
        )

    def end_turn(self):
        """Stop a turn in which more bones could follow (an error if none could)."""
        self._check_live()
        if self._continuing == "must":
            raise IllegalMoveError(
                "after a double another bone must follow: play one, or draw or knock when none fits"
            )
        if self._continuing is None:
            raise IllegalMoveError(
                "there is no turn to end: a turn ends by itself after a play unless the rules "
                "allow more bones"
            )
        index = len(self.history)
        self.history.append(Event("end_turn", self.round_number, self.turn, None, None, 0))
        self._finish_turn(index)

    def draw(self):
        """Draw one bone from the bazaar for the player to move, who cannot play; return it (an
        error if the player can play, may not draw, or nothing is left to draw)."""
        self._check_live()
        if self._continuing not in (None, "must"):
            raise IllegalMoveError(
                "finish the turn with end_turn() or another bone; no drawing now"
            )
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not draw")
        if not self._can_draw():
            raise IllegalMoveError(
                "nothing to draw (the bazaar is empty, only its reserve is left, the rules "
                "forbid drawing, or the draws of this turn are used up); knock instead"
            )
        bone = self._bazaar.pop()
        self._hands[self.turn].append(bone)
        self._counts[1] += 1
        self._turn_draws += 1
        self.history.append(Event("draw", self.round_number, self.turn, bone))
        return bone

    def knock(self):
        """Pass the turn of the player to move, who can neither play nor draw (else an error)."""
        self._check_live()
        if self._continuing not in (None, "must"):
            raise IllegalMoveError("the turn goes on: call end_turn() to stop laying bones")
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not knock")
        if self._can_draw():
            raise IllegalMoveError(f"player {self.turn} must draw from the bazaar before knocking")
        self._counts[2] += 1
        seat = self.turn
        self.history.append(Event("knock", self.round_number, seat))
        self._streak[seat] = 0  # a pass breaks a row of moves
        row = self._hands[seat]
        if self.rules.table.hidden_rows and row and self._forced is None:
            row.insert(0, row.pop())  # the bone goes back to the left of the row
        self.line.on_pass(seat)  # trains: a marker on the player's own train
        self._new_turn()
        self.turn = self._next(seat)
        self._check_blocked()

    # ------------------------------------------------------------------ automatic play
    def step(self):
        """Make one action for the player to move: their function's move (None ends a turn that
        may stop), or a draw or a knock when they cannot move; an error for a seat played by hand
        or an illegal move (nothing changed)."""
        self._check_live()
        moves = self.legal_moves()
        if not moves:
            if self._continuing in ("doubles", "chain", "pair"):
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
        if choice is None and self.can_end_turn:
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
        """Play until the match is decided (an error after ``max_rounds``); return the sheet."""
        max_rounds = _validate.positive_int(max_rounds, "max_rounds")
        while not self.over:
            if self.round_number >= max_rounds:
                raise DominoTilingError(
                    f"the match was not decided in {max_rounds} rounds; raise max_rounds or "
                    "lower the target"
                )
            self.play_round()
        return self.sheet

    # ------------------------------------------------------------------ deals, histories, snapshots
    @classmethod
    def from_deal(cls, rules, players, hands, bazaar=(), seed=None):
        """Start a game whose first round is dealt as given; later rounds are dealt at random.

        ``hands`` are by seat, each as large as the rules deal, and ``bazaar`` in drawing order;
        together they are the whole set (but Mexican train's engine), else an error.  The
        redeal rule is not applied.

        Examples
        --------
        >>> from dominotiling.games import Rules, double_set
        >>> bones = double_set(6)
        >>> hands = [bones[0:7], bones[7:14]]      # seat 1 holds 1-1
        >>> game = Game.from_deal(Rules.kozel(), 2, hands, bones[14:])
        >>> game.turn, game.legal_moves()
        (1, [Move(bone=Bone(1, 1), side='right', closed=False)])
        """
        rules = as_rules(rules)
        try:
            hands, bazaar = [list(h) for h in hands], list(bazaar)
        except TypeError:
            raise DominoTypeError(
                "hands must be a list of hands (lists of Bone) and bazaar a list of Bone"
            ) from None
        every = [b for h in hands for b in h] + bazaar
        full = rules.table.pool(double_set(rules.max_pip), rules.max_pip)
        if any(not isinstance(b, Bone) for b in every):
            raise DominoTypeError("hands and bazaar must hold Bone objects, e.g. Bone(2, 5)")
        if len(set(every)) != len(every) or set(every) != set(full):
            engine = " but the engine" if len(full) < len(double_set(rules.max_pip)) else ""
            raise DominoTilingError(
                f"hands and bazaar together must hold each bone of the double-{rules.max_pip} "
                f"set{engine} exactly once ({len(full)} bones), got {len(every)} bones, "
                f"{len(set(every))} distinct"
            )
        n = cls._count_players(players)
        if n != len(hands):
            raise DominoTilingError(f"{n} players but {len(hands)} hands")
        size = rules.hand_size(n)
        for seat, h in enumerate(hands):
            if len(h) != size:
                raise DominoTilingError(
                    f"{rules.name} deals {size} bones to each of {n} players; hand {seat} has {len(h)}"
                )
        game = cls.__new__(cls)
        deal = Event("deal", 0, None, None, None, (tuple(map(tuple, hands)), tuple(bazaar), 0))
        game._setup(rules, players, seed, deals=iter([deal]))
        game._start_round()
        return game

    def _snapshot(self):
        return dict(
            line=self.line.copy(),
            hands=[list(h) for h in self._hands],
            bazaar=list(self._bazaar),
            sheet=self.sheet.copy(),
            lists=[
                list(x)
                for x in (self.history, self.rounds, self._counts, self._turn_plays, self._streak)
            ],
            scalars={k: getattr(self, k) for k in _STATE},
            rngs=(self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state),
        )

    def _restore(self, saved):
        self.line, self._hands, self._bazaar, self.sheet = (
            saved[k] for k in ("line", "hands", "bazaar", "sheet")
        )
        self.history, self.rounds, self._counts, self._turn_plays, self._streak = saved["lists"]
        for k, v in saved["scalars"].items():
            setattr(self, k, v)
        self._deal_rng.bit_generator.state, self._play_rng.bit_generator.state = saved["rngs"]

    @classmethod
    def replay(cls, rules, players, history):
        """Rebuild a game from its ``history`` (:attr:`Game.history`, possibly cut short),
        checking every action: an IllegalMoveError when one is illegal or differs from what the
        game does (a drawn bone, an opener, a round end)."""
        try:
            history = list(history)
        except TypeError:
            raise DominoTypeError(
                f"history must be a list of Event (Game.history), got {type(history).__name__}"
            ) from None
        for k, e in enumerate(history):
            if not isinstance(e, Event):
                raise DominoTypeError(
                    f"history must hold Event records (from Game.history); entry {k} is "
                    f"{type(e).__name__}"
                )
        game = cls.__new__(cls)
        game._setup(
            rules,
            players,
            None,
            deals=iter([e for e in history if e.kind == "deal"]),
            replaying=True,
        )
        game._start_round()
        actions = {"draw": game.draw, "knock": game.knock, "end_turn": game.end_turn}
        for k, event in enumerate(history):
            if k < len(game.history):  # the game wrote this one itself
                if game.history[k] != event:
                    raise IllegalMoveError(
                        f"recorded {event.kind} of round {event.round} differs on replay: "
                        f"{event} vs {game.history[k]}"
                    )
                continue
            if k > len(game.history):
                raise IllegalMoveError(f"the history is out of step at entry {k}")
            if event.kind in ("deal", "end", "take"):
                raise IllegalMoveError(
                    f"recorded {event.kind} of round {event.round} did not happen on replay"
                )
            if (
                game.over
                or game._stopped
                or event.seat != game.turn
                or event.round != game.round_number
            ):
                raise IllegalMoveError(f"recorded {event.kind} by seat {event.seat} is out of turn")
            game._replay_future = history[k + 1 :]
            if event.kind == "play":
                game._play_one(Move(event.bone, event.side, event.closed, event.lengthwise))
            elif event.kind not in actions:
                raise IllegalMoveError(f"unknown event kind {event.kind!r}")
            elif actions[event.kind]() != event.bone and event.kind == "draw":
                raise IllegalMoveError("a recorded draw differs from the bazaar")
        return game
