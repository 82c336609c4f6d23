"""dominotiling: domino tilings for research and teaching.

Count the tilings of any region exactly, find one or the largest partial cover,
sample them uniformly, and draw them -- from a notebook or the ``dominotiling``
command.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.rectangle(8, 8))
12988816
"""

from .counting import count_tilings
from .errors import (
    DominoTilingError,
    IllegalMoveError,
    NotPlanarError,
    RegionFormatError,
    TooLargeError,
)
from .region import Region
from .sampling import random_tiling
from .tiling import Tiling
from .transfer import find_tiling, max_cover
from .viz.draw import draw_region, draw_tiling

__version__ = "0.1.0"

__all__ = [
    "Region",
    "Tiling",
    "count_tilings",
    "find_tiling",
    "max_cover",
    "random_tiling",
    "draw_region",
    "draw_tiling",
    "DominoTilingError",
    "RegionFormatError",
    "TooLargeError",
    "NotPlanarError",
    "IllegalMoveError",
]
