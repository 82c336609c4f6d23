"""Records of a game: moves, history events, round results, and the player's view.

Inside: :class:`Move`, :class:`Event`, :class:`RoundResult` (kept by
:class:`~dominotiling.games.Game`) and :class:`PlayerView`, the read-only
view a player function receives.

Examples
--------
>>> from dominotiling.games import Bone, Move
>>> move = Move(Bone(2, 5), "left")
>>> move.bone, move.side
(Bone(2, 5), 'left')
"""

from typing import NamedTuple

from .bones import Bone
from .line import Line

__all__ = ["Move", "Event", "RoundResult", "PlayerView"]


class Move(NamedTuple):
    """A play: a bone and the side of the line it goes on."""

    bone: Bone
    side: str


class Event(NamedTuple):
    """One entry of a game's history.

    ``kind`` is ``"deal"`` (``seat`` opens; ``info`` is the hands, the bazaar
    in drawing order and the number of redeals), ``"play"`` (``info``: points
    scored during play), ``"draw"``, ``"knock"``, or ``"end"`` (``seat``: the
    round's winner or None; ``info``: the reason ``"out"``, ``"fish"`` or
    ``"blocked"``).
    """

    kind: str
    round: int
    seat: "int | None" = None
    bone: "Bone | None" = None
    side: "str | None" = None
    info: object = None


class RoundResult(NamedTuple):
    """What happened in one round.

    ``reason`` is ``"out"``, ``"fish"`` or ``"blocked"``; ``winner`` is the
    player who went out, made the fish, or laid the last bone of a blocked
    round; ``written`` the points written per seat.
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


class PlayerView:
    """What a player may see when it is their turn; nothing here changes the game.

    Attributes
    ----------
    seat : int
    hand : tuple of Bone
    legal_moves : tuple of Move
        Never empty when a player function is called.
    ends : tuple of int
    bazaar_size : int
    hand_sizes : tuple of int
        Every seat's number of bones.
    scores : tuple of int
        Written points per seat.
    round_number : int
    rules : Rules
    rng : numpy.random.Generator
        The game's generator for players' random choices (seeded with the game).
    line : Line
        A copy of the line.
    history : tuple of Event
        The public history: other players' hands and draws are hidden.

    Notes
    -----
    A view is meant to be read while the player function runs; ``line`` and
    ``history`` are copied from the game when they are read.
    """

    __slots__ = ("_game", "seat", "hand", "legal_moves", "ends", "bazaar_size",
                 "hand_sizes", "scores", "round_number", "rules", "rng")

    def __init__(self, game, seat, moves):
        fields = dict(
            _game=game, seat=seat, hand=tuple(game._hands[seat]), legal_moves=tuple(moves),
            ends=game.line.ends, bazaar_size=len(game._bazaar),
            hand_sizes=tuple(len(h) for h in game._hands),
            scores=tuple(game.sheet.scores()[s] for s in range(game.n_players)),
            round_number=game.round_number, rules=game.rules, rng=game._play_rng)
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
            elif e.kind == "draw" and e.seat != seat:
                e = e._replace(bone=None)
            public.append(e)
        return tuple(public)
