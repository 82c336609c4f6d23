"""Records of a game: :class:`Move`, :class:`Event`, :class:`RoundResult` and
:class:`PlayerView`, the read-only view a player function receives."""

from typing import NamedTuple

from .. import _validate
from ..errors import DominoTypeError
from .bones import Bone
from .line import Line

__all__ = ["Move", "Event", "RoundResult", "PlayerView"]


class Move(NamedTuple):
    """A play: a bone, the side it goes on, whether a double is laid face down or lengthwise.

    Parameters
    ----------
    bone, side : Bone and str
        The bone; an end of the line or a place of another table (``"train 2"``, ``"toe 3"``).
    closed, lengthwise : bool, default False
        A double face down; along the line, counting one half (Muggins).

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

    Parameters
    ----------
    kind, round : str and int
        ``"deal"`` (``seat`` opens; ``info``: the hands, the bazaar in drawing order, the
        redeals), ``"play"`` (``info``: points scored in play), ``"draw"``, ``"knock"``,
        ``"end_turn"``, ``"take"`` (at Seven's penalty or from the bazaar at a fish; ``info``:
        ``"bazaar"`` or the seat it came from), ``"end"`` (``seat``: the winner or None;
        ``info``: ``"out"``, ``"fish"``, ``"blocked"`` or ``"target"``, reached in play).
    seat, bone, side, info, closed, lengthwise : optional
        As for :class:`Move`.

    See Also
    --------
    Move, RoundResult, Game

    Examples
    --------
    >>> Event("play", 1, seat=0, bone=Bone(6, 6), side="left").side
    'left'
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

    Parameters
    ----------
    number, opener, reason : int, int, str
        ``reason``: ``"out"``, ``"fish"``, ``"blocked"`` or ``"target"`` (see :class:`Event`).
    winner, fisherman : int or None
        The player the rules name (None on a tie); who laid the last bone.
    hands, line, plays, draws, knocks, redeals, written
        The hands left, the table, the counts, the points written per seat.

    See Also
    --------
    Event, Game, ScoreSheet

    Examples
    --------
    >>> from dominotiling.games import Game, greedy_player
    >>> Game("classic", [greedy_player] * 2, seed=0).play_round().reason
    'out'
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
    seat, hand, legal_moves, can_end_turn
        The player's seat, bones, moves (never empty), and whether they may stop (None).
    ends, bazaar_size, hand_sizes, scores, round_number, rules
        The open ends' values, the bones left to draw, every seat's bones and points, ...
    rng : numpy.random.Generator
        The game's generator for players' random choices (seeded with the game).
    line, history
        Copies of the table and of the public history (others' hands and draws hidden).

    See Also
    --------
    Move, random_player, greedy_player

    Examples
    --------
    >>> from dominotiling.games import Game
    >>> Game("classic", [lambda view: view.legal_moves[0]] * 2, seed=0).play_match().winner
    1
    """

    __slots__ = ("_game", "seat", "hand", "legal_moves", "can_end_turn", "ends", "bazaar_size")
    __slots__ += ("hand_sizes", "scores", "round_number", "rules", "rng")

    def __init__(self, game, seat, moves):
        if not all(hasattr(game, a) for a in ("_hands", "sheet", "line", "n_players", "_play_rng")):
            msg = f"game must be a Game, got {type(game).__name__}; see Game.view()"
            raise DominoTypeError(msg)
        seat = _validate.integer(seat, "seat", minimum=0, maximum=game.n_players - 1)
        moves = _validate.instance(moves, "moves", (list, tuple))
        if not all(m is None or type(m) is Move for m in moves):
            raise DominoTypeError("moves must hold Move records (or None, to end the turn)")
        scores = game.sheet.scores()
        values = (game, seat, tuple(game._hands[seat]), tuple(moves), game.can_end_turn)
        values += (game.line.ends, game.bazaar_size, tuple(len(h) for h in game._hands))
        values += (tuple(scores[s] for s in range(game.n_players)), game.round_number)
        for name, value in zip(self.__slots__, values + (game.rules, game._play_rng)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError("a PlayerView is read-only; return a move instead of changing it")

    line = property(lambda self: self._game.line.copy())  # a copy of the table

    @property
    def history(self):
        seat, public = self.seat, []
        for e in self._game.history:
            if e.kind == "deal":
                e = e._replace(info=None)
            elif e.kind in ("draw", "take") and e.seat != seat:
                e = e._replace(bone=None)
            public.append(e)
        return tuple(public)
