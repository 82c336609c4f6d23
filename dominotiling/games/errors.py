"""Errors of the table game.

:class:`IllegalMoveError` derives from the library's root error, so one
``except DominoTilingError`` catches everything dominotiling raises on purpose.
"""

from ..errors import DominoTilingError

__all__ = ["IllegalMoveError"]


class IllegalMoveError(DominoTilingError):
    """A move in the table game of dominoes breaks the rules; the game state is unchanged."""
