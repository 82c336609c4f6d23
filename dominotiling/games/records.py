"""Records of a game: moves, history events, round results, and the player's view.

Inside: :class:`Move`, :class:`Event`, :class:`RoundResult` (kept by
:class:`~dominotiling.games.Game`) and :class:`PlayerView`, the read-only
view a player function receives.

Examples
--------
>>> from dominotiling.games import Bone, Move
>>> move = Move(Bone(2, 5), "left")
>>> move.bone, move.side, move.closed
(Bone(2, 5), 'left', False)
"""

from typing import NamedTuple

from .bones import Bone
from .line import Line

__all__ = ["Move", "Event", "RoundResult", "PlayerView"]


class Move(NamedTuple):
    """A play: a bone, the side it goes on, whether a double is laid face down or lengthwise.

    ``side`` names an end of the line (:data:`~dominotiling.games.line.SIDES`)
    or a place of another layout (``"train 2"``, ``"toe 3"``, ``"cut 1"``:
    see :mod:`dominotiling.games.layouts`).  ``lengthwise`` lays a double
    along the line, counting one half (Muggins).

    Parameters
    ----------
    bone : Bone
    side : str
    closed, lengthwise : bool, default False

    See Also
    --------
    Event, PlayerView, Game

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> Move(Bone(6, 6), "left")
    Move(bone=Bone(6, 6), side='left', closed=False)
    """

    bone: Bone
    side: str
    closed: bool = False
    lengthwise: bool = False

    def __repr__(self):
        extra = ", lengthwise=True" if self.lengthwise else ""
        return f"Move(bone={self.bone!r}, side={self.side!r}, closed={self.closed!r}{extra})"


class Event(NamedTuple):
    """One entry of a game's history.

    ``kind`` is ``"deal"`` (``seat`` opens; ``info`` is the hands, the bazaar
    in drawing order and the number of redeals), ``"play"`` (``info``: points
    scored during play; ``closed``: the double was laid face down;
    ``lengthwise``: along the line),
    ``"draw"``, ``"knock"`` (with ``rules.hidden_rows`` the bone taken goes
    back to the left of the row), ``"end_turn"`` (a player stops laying bones in a
    turn that allowed more; ``info``: points scored), ``"take"`` (Seven: a
    penalty bone taken; ``info``: ``"bazaar"`` or the seat it came from), or
    ``"end"`` (``seat``: the round's winner as the rules name it, or None;
    ``info``: the reason ``"out"``, ``"fish"`` or ``"blocked"``).

    Parameters
    ----------
    kind : str
    round : int
    seat, bone, side, info : optional
    closed, lengthwise : bool, default False
        As described above.

    See Also
    --------
    Move, RoundResult, Game

    Examples
    --------
    >>> from dominotiling.games import Bone
    >>> e = Event("play", 1, seat=0, bone=Bone(6, 6), side="left")
    >>> e.kind, e.bone
    ('play', Bone(6, 6))
    """

    kind: str
    round: int
    seat: "int | None" = None
    bone: "Bone | None" = None
    side: "str | None" = None
    info: object = None
    closed: bool = False
    lengthwise: bool = False


class RoundResult(NamedTuple):
    """What happened in one round.

    ``reason`` is ``"out"``, ``"fish"`` or ``"blocked"``; ``winner`` is the
    player the rules name (who went out; the fisherman in Kozel; the lowest
    hand of a blocked classic round; None on a tie); ``fisherman`` the last
    player to lay a bone; ``written`` the points written per seat.

    Parameters
    ----------
    number, opener : int
    reason : str
    winner : int or None
    hands : tuple
    line : Line
    plays, draws, knocks, redeals : int
    written : tuple
    fisherman : int or None, default None

    See Also
    --------
    Event, Game, ScoreSheet

    Examples
    --------
    >>> from dominotiling.games import Game, Rules, greedy_player
    >>> game = Game(Rules.classic(), [greedy_player, greedy_player], seed=0)
    >>> result = game.play_round()
    >>> result.reason in ("out", "fish", "blocked")
    True
    """

    number: int
    opener: int
    reason: str
    winner: "int | None"
    hands: tuple
    line: Line
    plays: int
    draws: int
    knocks: int
    redeals: int
    written: tuple
    fisherman: "int | None" = None


class PlayerView:
    """What a player may see when it is their turn; nothing here changes the game.

    Attributes
    ----------
    seat : int
    hand : tuple of Bone
    legal_moves : tuple of Move
        Never empty when a player function is called.
    can_end_turn : bool
        The player has laid a bone this turn and may stop (return None) or
        lay another of ``legal_moves`` (several doubles, Blitz).
    ends : tuple of int
        The values shown by the open ends (of every train, toe or line of a
        layout).
    bazaar_size : int
        The bones that can still be drawn.
    hand_sizes : tuple of int
        Every seat's number of bones.
    scores : tuple of int
        Written points per seat.
    round_number : int
    rules : Rules
    rng : numpy.random.Generator
        The game's generator for players' random choices (seeded with the game).
    line : Line or layout
        A copy of the line (or of the trains, chicken foot or sausage).
    history : tuple of Event
        The public history: other players' hands and draws are hidden.

    See Also
    --------
    Move, random_player, greedy_player

    Notes
    -----
    A view is meant to be read while the player function runs; ``line`` and
    ``history`` are copied from the game when they are read.

    Examples
    --------
    A player function receives one and returns one of its ``legal_moves``:

    >>> def first_legal(view):
    ...     return view.legal_moves[0]
    >>> from dominotiling.games import Rules, simulate
    >>> simulate(Rules.classic(), 2, 2, [first_legal] * 2, seed=0, progress=False).n_games
    2
    """

    __slots__ = (
        "_game",
        "seat",
        "hand",
        "legal_moves",
        "can_end_turn",
        "ends",
        "bazaar_size",
        "hand_sizes",
        "scores",
        "round_number",
        "rules",
        "rng",
    )

    def __init__(self, game, seat, moves):
        from .. import _validate
        from ..errors import DominoTypeError

        if not all(hasattr(game, a) for a in ("_hands", "sheet", "line", "n_players", "_play_rng")):
            # duck-typed: the game module builds on this one
            raise DominoTypeError(
                f"game must be a Game, got {type(game).__name__}; a view is made by Game.view()"
            )
        seat = _validate.integer(seat, "seat", minimum=0, maximum=game.n_players - 1)
        moves = (
            tuple(moves)
            if isinstance(moves, (list, tuple))
            else _validate.instance(moves, "moves", (list, tuple))
        )
        if not all(m is None or type(m) is Move for m in moves):
            raise DominoTypeError(
                "moves must hold Move records (or None, to end the turn); "
                "a view is made by Game.view()"
            )
        fields = dict(
            _game=game,
            seat=seat,
            hand=tuple(game._hands[seat]),
            legal_moves=tuple(moves),
            can_end_turn=game.can_end_turn,
            ends=game.line.ends,
            bazaar_size=game.bazaar_size,
            hand_sizes=tuple(len(h) for h in game._hands),
            scores=tuple(game.sheet.scores()[s] for s in range(game.n_players)),
            round_number=game.round_number,
            rules=game.rules,
            rng=game._play_rng,
        )
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a PlayerView is read-only; return a move instead of changing it")

    @property
    def line(self):
        return self._game.line.copy()

    @property
    def history(self):
        seat = self.seat
        public = []
        for e in self._game.history:
            if e.kind == "deal":
                e = e._replace(info=None)
            elif e.kind in ("draw", "take") and e.seat != seat:
                e = e._replace(bone=None)
            public.append(e)
        return tuple(public)
