"""The data: regions (plane, torus, cylinder), tilings, weights and animation frames.

Every other wing builds on these four classes (and :func:`make_tileable` turns a
drawn region into a tileable one); the model itself imports only the
ground floor (and, lazily inside its rich-display methods, :mod:`dominotiling.viz`).

Examples
--------
>>> from dominotiling.model import Region, Tiling
>>> Region.rectangle(2, 3).color_counts()
(3, 3)
"""

from .frames import Frame
from .region import Region
from .tileable import TileableRegion, make_tileable
from .tiling import Tiling
from .weights import Weights

__all__ = ["Region", "Tiling", "Weights", "Frame", "make_tileable", "TileableRegion"]
