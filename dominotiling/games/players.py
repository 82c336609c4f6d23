"""Ready-made players: :func:`random_player`, :func:`greedy_player`, :func:`doubles_first_player`.
A player is any function of a :class:`~dominotiling.games.PlayerView` returning one of its
``legal_moves`` -- or None to stop a turn that allows more bones; drawing and knocking are
automatic."""

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError
from .errors import IllegalMoveError
from .records import PlayerView

__all__ = ["random_player", "greedy_player", "doubles_first_player"]
#: The numpydoc sections every player function shares (:func:`_shared_sections`).
_SECTIONS = """Parameters
    ----------
    view : PlayerView

    Returns
    -------
    Move

    See Also
    --------
    {others}, simulate

    Examples"""


def _shared_sections(player):
    """Give a player function the sections every player shares, before its Examples."""
    others = ", ".join(name for name in __all__ if name != player.__name__)
    player.__doc__ = player.__doc__.replace("Examples", _SECTIONS.format(others=others), 1)
    return player


@_shared_sections
def random_player(view):
    """Play a legal move chosen uniformly at random with ``view.rng`` (stopping the turn is one
    more choice), so that a seeded game replays exactly.

    Examples
    --------
    >>> from dominotiling.games import Game
    >>> Game("kozel", [random_player] * 3, seed=5).play_match().loser in (0, 1, 2)
    True
    """
    _check_view(view)
    moves = list(view.legal_moves)
    if view.can_end_turn:
        moves.append(None)
    return moves[int(view.rng.integers(len(moves)))]


@_shared_sections
def greedy_player(view):
    """Play the heaviest playable bone (most pips, then the larger half, then the first legal
    move); a turn that allows more bones goes on while it can.

    Examples
    --------
    >>> from dominotiling.games import Game
    >>> game = Game("classic", [greedy_player] * 2, seed=0)
    >>> game.step()   # the opening bone is forced by the rules
    >>> greedy_player(game.view()).bone.pips == max(m.bone.pips for m in game.legal_moves())
    True
    """
    _check_view(view)
    return max(view.legal_moves, key=lambda m: (m.bone.pips, m.bone.high))


@_shared_sections
def doubles_first_player(view):
    """Play the heaviest playable double (hard to place late), else play greedily.

    Examples
    --------
    >>> from dominotiling.games import Game
    >>> Game("kozel", [doubles_first_player, greedy_player], seed=2).play_match().loser in (0, 1)
    True
    """
    _check_view(view)
    doubles = [m for m in view.legal_moves if m.bone.is_double]
    return max(doubles, key=lambda m: m.bone.pips) if doubles else greedy_player(view)


def player_functions(players, counts, wrong_count, by_hand=True):
    """``players``, one function ``f(view)`` per seat (or None, a seat played ``by_hand``), as
    a tuple whose length is one of ``counts``; else an error ending ``wrong_count``."""
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        what = type(players).__name__
        raise DominoTypeError(f"players must be a list of player functions, got {what}")
    players = tuple(players)
    if len(players) not in counts:
        raise DominoTilingError(f"{wrong_count}; got {len(players)} players")
    for k, p in enumerate(players):
        if not callable(p) and (p is not None or not by_hand):
            hand = ", or None" if by_hand else ""
            raise DominoTypeError(f"players[{k}] must be a function f(view){hand}; got {p!r}")
    return players


class Seats:
    """The seats of a domino poker table or a match of 42, played hand after hand by functions
    of a view (``_VIEW``); ``_ACT`` names the action of a seat without one, ``_OVER`` says that
    the table is closed."""

    def hand(self, seat):
        """The bones ``seat`` holds now."""
        seat = _validate.integer(seat, "seat", minimum=0, maximum=len(self.players) - 1)
        return tuple(self._hands[seat])

    def view(self):
        """What the player to act sees."""
        return self._VIEW(self)

    def _check_open(self):
        if self.over:
            raise IllegalMoveError(self._OVER)

    def step(self):
        """Let the player to act choose, through their function."""
        if self.players[self.turn] is None:
            msg = f"seat {self.turn} has no player function; call {self._ACT}() for it"
            raise DominoTilingError(msg)
        getattr(self, self._ACT)(self.players[self.turn](self.view()))

    def play_hand(self):
        """Play the hand in progress to its end; return its record (an error once it is over)."""
        self._check_open()
        number = len(self.hands_played)
        while not self.over and len(self.hands_played) == number:
            self.step()
        return self.hands_played[-1]


def _check_view(view):
    """Refuse what is not a player's view (of a Game, a poker table or a match of 42)."""
    attrs = ("legal_moves", "can_end_turn", "rng")
    if type(view) is not PlayerView and not all(hasattr(view, a) for a in attrs):
        what = type(view).__name__
        raise DominoTypeError(f"view must be a PlayerView (a game's view), got {what}")
