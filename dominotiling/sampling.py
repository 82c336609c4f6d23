"""The one front door for samples: :func:`random_tiling` picks a method and calls it.

Examples
--------
>>> from dominotiling import Region, random_tiling
>>> random_tiling(Region.rectangle(4, 4), seed=7).is_complete
True
"""

from __future__ import annotations

from . import _validate
from ._util import keyword_only
from .aztec import aztec_order, sample_shuffling
from .mcmc import cftp_sample
from .region import Region
from .temperley_grid import sample_temperley, temperley_shape
from .transfer import sample_transfer

__all__ = ["random_tiling", "choose_sampler", "METHODS"]

#: Sampling methods by name.
METHODS = {
    "transfer": sample_transfer,
    "temperley": sample_temperley,
    "cftp": cftp_sample,
    "shuffling": sample_shuffling,
}
#: Regions at most this wide (narrow side) are sampled by the profile DP when "auto".
DP_AUTO_WIDTH = 12


def choose_sampler(region):
    """The method ``random_tiling(region, method="auto")`` uses.

    Aztec diamonds go to domino shuffling (:func:`dominotiling.aztec.sample_aztec`);
    Temperley boards (:func:`dominotiling.temperley_grid.temperley_region`) go
    through a uniform spanning tree (linear time); regions at most
    :data:`DP_AUTO_WIDTH` cells wide through the profile DP (fast and exact at
    that width); wider regions without holes through coupling from the past;
    the rest through the profile DP (which refuses regions too wide for it).

    Examples
    --------
    >>> from dominotiling.temperley_grid import temperley_region
    >>> choose_sampler(temperley_region(50, 50)), choose_sampler(Region.rectangle(6, 6))
    ('temperley', 'transfer')
    >>> choose_sampler(Region.rectangle(100, 100)), choose_sampler(Region.aztec_diamond(9))
    ('cftp', 'shuffling')
    """
    _validate.region(region)
    if aztec_order(region) is not None:
        return "shuffling"
    if temperley_shape(region) is not None:
        return "temperley"
    mask, _, _ = region.narrow_view()
    if mask.shape[1] > DP_AUTO_WIDTH and not region.holes:
        return "cftp"
    return "transfer"


@keyword_only("seed", "method")
def random_tiling(region, *, seed=None, method="auto"):
    """A uniformly random domino tiling of `region`.

    Parameters
    ----------
    region : Region
        A region with at least one tiling.
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same tiling on every machine.
    method : {"auto", "transfer", "temperley", "cftp", "shuffling"}
        ``"transfer"`` draws backwards through the profile DP's counts (narrower
        side up to 22 cells); ``"temperley"`` turns a uniform spanning tree of the
        ``m x n`` grid into a tiling of the ``(2m-1) x (2n-1)`` board without its
        corner cell; ``"cftp"`` is coupling from the past on height functions
        (regions without holes); ``"shuffling"`` is domino shuffling (Aztec
        diamonds); ``"auto"`` picks (see :func:`choose_sampler`).

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        If the region has no tiling (an empty region has one: the empty tiling).
    DominoTilingError
        If the method does not apply to the region, or `method` is unknown.
    DominoTypeError
        If `region` is not a Region or `seed` is not a seed.
    TooLargeError
        If the method's tables would not fit in memory.

    See Also
    --------
    dominotiling.transfer.sample_transfer : how uniformity is ensured.
    dominotiling.temperley_grid.sample_temperley : trees to tilings.

    Examples
    --------
    >>> from dominotiling import Region
    >>> t = random_tiling(Region.rectangle(6, 6), seed=0)
    >>> t.n_dominoes
    18
    """
    _validate.region(region)
    method = _validate.choice(method, "method", ("auto", *METHODS))
    _validate.seed(seed)  # type errors before any work (a Generator is used as is)
    if method == "auto":
        method = choose_sampler(region)
    return METHODS[method](region, seed=seed)
