"""Errors of the table game: :class:`IllegalMoveError`, a :class:`DominoTilingError`."""

from ..errors import DominoTilingError

__all__ = ["IllegalMoveError"]


class IllegalMoveError(DominoTilingError):
    """A move in the table game of dominoes breaks the rules; the game state is unchanged."""
