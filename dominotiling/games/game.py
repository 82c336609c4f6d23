"""The game engine: deal, turns, round ends and the match.

Inside: :class:`Game`, which plays a match by any :class:`~dominotiling.games.Rules`
(or a rule set's name), driven by hand (:meth:`Game.play`, :meth:`Game.draw`,
:meth:`Game.knock`, :meth:`Game.end_turn`) or by player functions
(:meth:`Game.step`, :meth:`Game.play_round`, :meth:`Game.play_match`),
replayed from its history (:meth:`Game.replay`) or started from a chosen deal
(:meth:`Game.from_deal`).  Its records (:class:`Move`, :class:`Event`,
:class:`RoundResult`, :class:`PlayerView`) live in
:mod:`dominotiling.games.records`; the round mechanics in
:mod:`dominotiling.games._engine`; starting from a deal, replaying and
snapshots in :mod:`dominotiling.games._history`.

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
from ._history import HistoryMixin
from .bones import Bone, double_set
from .errors import IllegalMoveError
from .layouts import new_layout
from .line import SIDES
from .records import Event, Move, PlayerView
from .rules import as_rules
from .scoring import ScoreSheet

__all__ = ["Game"]


class Game(HistoryMixin, RoundEngine):
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
    line : Line or a layout of :mod:`~dominotiling.games.layouts`
        The line (or trains, chicken foot, sausage) of the current round.
    turn : int
        The seat to move.
    round_number : int
        The rounds finished before this one: 0 in the first round.  What is
        shown to a reader (``repr``, the HTML of a game, the score sheet)
        counts rounds from 1: ``round_number + 1``.
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

    See Also
    --------
    Rules, simulate, PlayerView

    Notes
    -----
    A player who can move must play; one who cannot draws (when the rules and
    the bazaar allow), else knocks.  Some rules let a turn go on: several
    doubles at once, any number of bones (Blitz), another move when the ends
    add up to 6 (Seven), two bones after three moves in a row (Seven,
    ``rules.streak_two_bones``); the player stops with :meth:`end_turn`.  After every
    play the engine checks in this order: the player went out; the line is a
    fish (when ``rules.fish_ends_round``); every end is closed; and, once the
    turn is over, nobody can move while no draw is possible (blocked).  A
    finished round is scored at once and the next one is dealt, unless the
    match is over.  Every illegal action raises
    :class:`~dominotiling.games.IllegalMoveError` and changes nothing.

    Rules with another layout (``rules.layout``) play on the trains, chicken
    foot or sausage of :mod:`~dominotiling.games.layouts`; a move's side then
    names a place there (``"train 1"``, ``"mexican"``, ``"toe 3"``,
    ``"cut 2"``).  On trains a double must be followed by another bone (drawing
    and knocking as usual when none fits), and a knock puts a marker on the
    player's train; with ``rules.first_turn_train`` a player's first turn
    lays any number of bones on their own train (:meth:`end_turn` stops it).
    On Five-Up's layout every double offers its free sides and ends.  With
    ``rules.hidden_rows`` (Kolbasa) only the bone at the
    right of the row can be played, and a knock moves it to the left.  With
    ``rules.drop_out`` (Seven) a player at the target is dealt nothing more and
    skipped.

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
        if isinstance(players, (bool,)) or not isinstance(players, Integral):
            raise DominoTypeError(
                f"players must be the number of seats or a list with one "
                f"player function (or None) per seat, got {players!r}"
            )
        return int(players)

    def _setup(self, rules, players, seed, deals, replaying=False):
        rules = as_rules(rules)
        n = self._count_players(players)
        rules.check_players(n)  # before anything grows with n (Game(rules, 2**31) was 17 GB)
        if isinstance(players, (list, tuple)):
            strategies = tuple(players)
            for k, s in enumerate(strategies):
                if s is not None and not callable(s):
                    raise DominoTypeError(
                        f"players[{k}] must be a function f(view) -> Move, "
                        f"or None for a seat played by hand; got {s!r}"
                    )
        else:
            strategies = (None,) * max(n, 0)
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
        self.line = new_layout(rules, n)
        self.turn = 0
        self._hands = [[] for _ in range(n)]
        self._bazaar = []
        self._forced = None
        self._streak = [0] * max(n, 0)
        self._pending_out = None
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
        return (
            self._continuing in ("doubles", "chain", "pair") and not self.over and not self._stopped
        )

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
            closed = rest[0] if rest else False
            lengthwise = rest[1] if len(rest) > 1 else False
            if isinstance(bone, Bone) and isinstance(closed, bool) and isinstance(lengthwise, bool):
                return Move(bone, side, closed, lengthwise)
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
            The side when ``move`` is a bare bone: an end of the line, or a
            place of the round's layout (``"train 0"``, ``"toe 2"``,
            ``"cut 1"``, ...; see :mod:`~dominotiling.games.layouts`).

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
                if self.can_end_turn and len(self._turn_plays) > 0:
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
            raise IllegalMoveError(
                f"bone {bone} is not in the hand of player {seat}, "
                f"who holds {' '.join(map(str, hand))}"
            )
        if self._forced is not None and bone not in self._forced:
            allowed = " or ".join(str(b) for b in sorted(self._forced))
            raise IllegalMoveError(f"the round must be opened with {allowed}")
        if self.rules.hidden_rows and self._forced is None and bone is not hand[-1]:
            raise IllegalMoveError(
                f"only the bone taken from the right of the row, {hand[-1]}, may be played now"
            )
        if side is not None and not isinstance(side, str):
            raise IllegalMoveError(f"side must be a string naming an end, got {side!r}")
        if self.rules.layout != "line":
            self._play_on_layout(Move(bone, side, move.closed, move.lengthwise))
            return
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
        move = Move(bone, side, move.closed, move.lengthwise)
        if self._continuing is not None or move.closed or move.lengthwise:
            if move not in self._moves_for(seat):
                if self._continuing == "doubles":
                    raise IllegalMoveError(
                        f"after a double, only more doubles on the other ends may follow in "
                        f"this turn (up to {self.rules.doubles_per_turn}); call end_turn()"
                    )
                if move.closed and self.rules.closing_doubles == "none":
                    raise IllegalMoveError(f"{self.rules.name} does not lay doubles face down")
                if move.closed:
                    raise IllegalMoveError(f"{bone} cannot be laid face down here")
                if move.lengthwise and not self.rules.lengthwise_doubles:
                    raise IllegalMoveError(f"{self.rules.name} does not lay doubles lengthwise")
                if move.lengthwise:
                    raise IllegalMoveError(
                        f"{bone} cannot be laid lengthwise here (only a "
                        "double other than the cross)"
                    )
        self._apply_play(move)

    def _play_on_layout(self, move):
        """A play on trains, a chicken foot or the sausage: checked against the legal moves."""
        moves = self._moves_for(self.turn)
        if move.closed or move.lengthwise:
            raise IllegalMoveError(
                f"{self.rules.name} lays doubles neither face down nor lengthwise"
            )
        if move.side is None:
            fitting = [m for m in moves if m.bone is move.bone]
            if fitting:
                move = fitting[0]
        if move not in moves:
            places = [m.side for m in moves if m.bone is move.bone]
            if places:
                raise IllegalMoveError(
                    f"{move.bone} may go on {', '.join(places)}, not on {move.side!r}"
                )
            self.line.play(move.bone, move.side, seat=self.turn)  # raises, saying why
            raise IllegalMoveError(f"{move.bone} cannot be played now")
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
        if self._continuing == "must":
            raise IllegalMoveError(
                "after a double another bone must follow: play one, or draw or knock when none fits"
            )
        if self._continuing is None:
            raise IllegalMoveError(
                "there is no turn to end: a turn ends by itself after a "
                "play unless the rules allow more bones"
            )
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
        if self._continuing not in (None, "must"):
            raise IllegalMoveError(
                "finish the turn with end_turn() or another bone; no drawing now"
            )
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not draw")
        if not self._can_draw():
            raise IllegalMoveError(
                "nothing to draw (the bazaar is empty, only its reserve is "
                "left, the rules forbid drawing, or the draws of this turn "
                "are used up); knock instead"
            )
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
        if self._continuing not in (None, "must"):
            raise IllegalMoveError("the turn goes on: call end_turn() to stop laying bones")
        if self.legal_moves():
            raise IllegalMoveError(f"player {self.turn} can play and so must play, not knock")
        if self._can_draw():
            raise IllegalMoveError(f"player {self.turn} must draw from the bazaar before knocking")
        self._counts[2] += 1
        self.history.append(Event("knock", self.round_number, self.turn))
        seat = self.turn
        self._streak[seat] = 0  # a pass breaks a row of moves
        row = self._hands[seat]
        if self.rules.hidden_rows and row and self._forced is None:
            row.insert(0, row.pop())  # the bone goes back to the left of the row
        if self.rules.layout != "line":
            self.line.on_pass(seat)  # trains: a marker on the player's own train
        self._new_turn()
        self.turn = self._next(seat)
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
        """Play until the match is decided; return the :class:`ScoreSheet`.

        Raises
        ------
        DominoTilingError
            If the match is not decided after ``max_rounds`` rounds.
        """
        max_rounds = _validate.positive_int(max_rounds, "max_rounds")
        while not self.over:
            if self.round_number >= max_rounds:
                raise DominoTilingError(
                    f"the match was not decided in {max_rounds} rounds; "
                    "raise max_rounds or lower the target"
                )
            self.play_round()
        return self.sheet
