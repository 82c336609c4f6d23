"""The exception hierarchy of dominotiling.

Every error the library raises on purpose derives from :class:`DominoTilingError`,
which is a :class:`ValueError`, so ``except ValueError`` keeps working for callers
that do not know this package. Messages say what was wrong and what to do.

A region with no tiling is not an error: its count is 0.
"""

__all__ = [
    "DominoTilingError",
    "RegionFormatError",
    "TooLargeError",
    "NotPlanarError",
    "IllegalMoveError",
]


class DominoTilingError(ValueError):
    """Base class of every error raised by dominotiling."""


class RegionFormatError(DominoTilingError):
    """A region could not be built from the given description (strings, mask, cells)."""


class TooLargeError(DominoTilingError):
    """A computation would not fit in memory; the message names the size and an alternative."""


class NotPlanarError(DominoTilingError):
    """A graph that must be planar is not."""


class IllegalMoveError(DominoTilingError):
    """A move in the table game of dominoes breaks the rules; the game state is unchanged."""
