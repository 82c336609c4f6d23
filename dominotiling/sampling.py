"""The one front door for samples: :func:`random_tiling` picks a method and calls it.

Examples
--------
>>> from dominotiling import Region, random_tiling
>>> random_tiling(Region.rectangle(4, 4), seed=7).is_complete
True
"""

from __future__ import annotations

from ._util import pick_method
from .transfer import sample_transfer

__all__ = ["random_tiling", "METHODS"]

#: Sampling methods by name.
METHODS = {"transfer": sample_transfer}


def random_tiling(region, seed=None, method="auto"):
    """A uniformly random domino tiling of `region`.

    Parameters
    ----------
    region : Region
        A region with at least one tiling.
    seed : None, int or numpy.random.Generator
        The same seed gives the same tiling on every machine.
    method : {"auto", "transfer"}
        ``"transfer"`` draws backwards through the profile DP's counts (narrower
        side up to 22 cells); ``"auto"`` means ``"transfer"`` for now.

    Returns
    -------
    Tiling

    Raises
    ------
    DominoTilingError
        If the region has no tiling or `method` is unknown.
    TooLargeError
        If the method's tables would not fit in memory.

    See Also
    --------
    dominotiling.transfer.sample_transfer : how uniformity is ensured.

    Examples
    --------
    >>> from dominotiling import Region
    >>> t = random_tiling(Region.rectangle(6, 6), seed=0)
    >>> t.n_dominoes
    18
    """
    return pick_method(METHODS, method, "transfer")(region, seed=seed)
