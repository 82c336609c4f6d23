"""The doors of the extreme tilings with a ``flux=``: :func:`min_tiling`, :func:`max_tiling`.

Without ``flux=`` they are the matching wing's Thurston algorithm
(:func:`dominotiling.matching.height.thurston_tiling`); with ``flux=`` (a region with
holes) the surfaces wing's flux sectors (:func:`dominotiling.surfaces.flux.sector_tiling`),
whose tilings the matching wing does not know. The doors live here, above both, so that
neither imports the other for a keyword; their old homes
(``dominotiling.matching.height.min_tiling``, ``dominotiling.matching.min_tiling``)
answer with the same objects. (The Markov chains' doors with ``flux=`` are in
:mod:`dominotiling.tasks.sectors`: the two modules are documented on the matching and the
sampling pages.)

Examples
--------
>>> from dominotiling import Region
>>> ring = Region.from_strings(["....", ".##.", ".##.", "...."])
>>> min_tiling(ring, flux=(2,)) != max_tiling(ring, flux=(-2,))
True
"""

from __future__ import annotations

from .._util import keyword_only
from ..matching.height import thurston_tiling
from ..model.region import Region  # noqa: F401 -- used by the docstring examples
from ..surfaces.flux import sector_tiling

__all__ = ["min_tiling", "max_tiling"]


@keyword_only("flux")
def min_tiling(region, *, flux=None):
    """The tiling whose height function is pointwise smallest (None if untileable).

    Same as ``thurston_tiling(region, "min")``. For a region with holes, pass
    ``flux`` (one int per hole, see :func:`dominotiling.surfaces.flux.flux`): the smallest
    tiling of that flux sector (:func:`dominotiling.surfaces.flux.sector_tiling`), which
    raises NoTilingError when no tiling has this flux.

    Parameters
    ----------
    region : Region
        A plane region.
    flux : sequence of int, optional
        For a region with holes: the flux sector.

    Returns
    -------
    Tiling or None

    See Also
    --------
    max_tiling, flip, is_tileable

    Examples
    --------
    >>> min_tiling(Region.rectangle(2, 2)).orientations().tolist()
    [1, 1]
    """
    if flux is not None:
        return sector_tiling(region, flux, extreme="min")
    return thurston_tiling(region, "min")


@keyword_only("flux")
def max_tiling(region, *, flux=None):
    """The tiling whose height function is pointwise largest (None if untileable).

    Same as ``thurston_tiling(region, "max")``. For a region with holes, pass
    ``flux`` (one int per hole, see :func:`dominotiling.surfaces.flux.flux`): the largest
    tiling of that flux sector (:func:`dominotiling.surfaces.flux.sector_tiling`), which
    raises NoTilingError when no tiling has this flux.

    Parameters
    ----------
    region : Region
        A plane region.
    flux : sequence of int, optional
        For a region with holes: the flux sector.

    Returns
    -------
    Tiling or None

    See Also
    --------
    min_tiling, flip, is_tileable

    Examples
    --------
    >>> max_tiling(Region.rectangle(2, 2)).orientations().tolist()
    [0, 0]
    """
    if flux is not None:
        return sector_tiling(region, flux, extreme="max")
    return thurston_tiling(region, "max")
