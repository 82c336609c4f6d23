"""The one front door for samples: :func:`random_tiling` picks a method and calls it.

Examples
--------
>>> from dominotiling import Region, random_tiling
>>> random_tiling(Region.rectangle(4, 4), seed=7).is_complete
True
"""

from __future__ import annotations

from .. import _validate
from .._util import keyword_only
from ..aztec.shuffling import aztec_order, sample_shuffling, sample_shuffling_checked
from ..aztec.weighted import sample_embedded, sample_embedded_checked
from ..counting.transfer import MAX_WIDTH, sample_transfer  # noqa: F401 -- re-exported at the wing's old path
from ..counting.transfer import sample_checked as sample_transfer_checked
from ..errors import DominoTilingError
from ..model.region import Region  # noqa: F401 -- used by the docstring examples
from ..surfaces.flux import random_tiling_sectors
from ..trees.temperley_grid import sample_temperley, temperley_shape
from .kasteleyn import sample_checked as sample_kasteleyn_checked
from .kasteleyn import sample_kasteleyn
from .mcmc import cftp_sample

__all__ = ["random_tiling", "choose_sampler", "METHODS"]

#: Sampling methods by name.
METHODS = {
    "transfer": sample_transfer,
    "temperley": sample_temperley,
    "cftp": cftp_sample,
    "shuffling": sample_shuffling,
    "kasteleyn": sample_kasteleyn,
    "sectors": random_tiling_sectors,
    "embedding": sample_embedded,
}
#: Their routes on arguments checked by :func:`random_tiling`: ``(region, rng, weights)``
#: with a plane Region, a Generator and None or non-uniform Weights.
_CHECKED = {
    "transfer": sample_transfer_checked,
    "temperley": lambda region, rng, weights: sample_temperley(region, seed=rng),
    "cftp": lambda region, rng, weights: cftp_sample(region, seed=rng, weights=weights),
    "shuffling": sample_shuffling_checked,
    "kasteleyn": sample_kasteleyn_checked,
    "sectors": lambda region, rng, weights: random_tiling_sectors(region, seed=rng),
    "embedding": sample_embedded_checked,
}
#: The methods that sample a weighted measure (``weights=``); the others are uniform only.
WEIGHTED_METHODS = ("transfer", "cftp", "kasteleyn", "shuffling", "embedding")
#: Regions at most this wide (narrow side) are sampled by the profile DP when "auto".
DP_AUTO_WIDTH = 12


@keyword_only("weights")
def choose_sampler(region, *, weights=None):
    """The method ``random_tiling(region, method="auto", weights=weights)`` uses.

    Aztec diamonds go to domino shuffling (:func:`dominotiling.aztec.shuffling.sample_aztec`;
    with weights, generalized shuffling with the same weights); Temperley boards
    (:func:`dominotiling.trees.temperley_grid.temperley_region`) go through a uniform
    spanning tree (linear time); regions at most :data:`DP_AUTO_WIDTH` cells wide
    through the profile DP (fast and exact at that width); wider regions without
    holes through coupling from the past (uniform), or generalized shuffling of
    the region embedded in an Aztec diamond (with weights:
    :func:`dominotiling.aztec.weighted.sample_embedded`); regions with holes
    through the profile DP up to its width limit
    (:data:`dominotiling.counting.transfer.MAX_WIDTH`), and beyond it through the
    Kasteleyn sampler (:func:`dominotiling.sampling.kasteleyn.sample_kasteleyn`),
    the only sampler of wide holed regions, which refuses (if ever) before its
    first random choice and never after.

    The choice depends on the region and the weights alone: no route is picked
    that could refuse once it has drawn (see issue 26 and the Notes of
    :func:`~dominotiling.sampling.kasteleyn.sample_kasteleyn`).

    Parameters
    ----------
    region : Region
    weights : Weights, optional

    Returns
    -------
    str
        The method name (a key of :data:`METHODS`).

    See Also
    --------
    random_tiling

    Examples
    --------
    >>> from dominotiling import Weights
    >>> from dominotiling.trees.temperley_grid import temperley_region
    >>> choose_sampler(temperley_region(50, 50)), choose_sampler(Region.rectangle(6, 6))
    ('temperley', 'transfer')
    >>> choose_sampler(Region.rectangle(300, 300)), choose_sampler(Region.aztec_diamond(9))
    ('kasteleyn', 'shuffling')
    >>> choose_sampler(Region.from_strings(["." * 30] * 14 + ["." * 14 + "##" + "." * 14] + ["." * 30] * 15))
    'kasteleyn'
    >>> az = Region.aztec_diamond(40)
    >>> choose_sampler(az, weights=Weights.by_orientation(az, 1.0, 0.5))
    'shuffling'
    >>> big = Region.rectangle(40, 40)
    >>> choose_sampler(big, weights=Weights.by_orientation(big, 1.0, 2.0))
    'embedding'
    """
    _validate.region(region)
    return _choose(region, _weighted(weights, region))


def _choose(region, weighted):
    """:func:`choose_sampler` of a checked plane region; `weighted`: weights that are not all 1."""
    from . import cost

    if aztec_order(region) is not None:
        return "shuffling"  # uniform, or generalized shuffling with the same weights
    if weighted:  # CFTP's time grows with the weights' spread: not chosen
        if cost.cheapest(region, ("transfer", "kasteleyn")) == "transfer":
            return "transfer"
        # wide: shuffling of the region embedded in a diamond (exact in law), where it can be
        return "kasteleyn" if region.holes else "embedding"
    if temperley_shape(region) is not None:
        return "temperley"
    best = cost.cheapest(region, ("transfer", "kasteleyn"))
    # CFTP only where it is expected faster still (holes are looked for then only: it takes time)
    if cost.cheapest(region, (best, "cftp")) == "cftp" and not region.holes:
        return "cftp"
    return best


def _weighted(weights, region):
    """True when `weights` (checked against `region`) are not None and not all 1."""
    from ..model.weighting import check_weights

    weights = check_weights(weights, region)
    return weights is not None and not weights.is_uniform


@keyword_only("seed", "method")
def random_tiling(region, *, seed=None, method="auto", weights=None):
    """A random domino tiling of `region`: uniform, or of the weighted measure.

    Parameters
    ----------
    region : Region
        A region with at least one tiling. A torus or cylinder
        (:meth:`Region.torus`, :meth:`Region.cylinder`; no weights) is sampled
        by :func:`dominotiling.surfaces.sampling.sample_surface`: ``"transfer"``, the
        profile DP with a periodic profile (narrow ones), or ``"kasteleyn"``,
        the seam edges from Kasteleyn's twisted determinants and the rest by
        the plane Kasteleyn sampler (even glued sides, any width).
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same tiling on every machine.
    method : {"auto", "transfer", "temperley", "cftp", "shuffling", "kasteleyn", "sectors", "embedding"}
        ``"transfer"`` draws backwards through the profile DP's counts (narrower
        side up to 22 cells); ``"temperley"`` turns a uniform spanning tree of the
        ``m x n`` grid into a tiling of the ``(2m-1) x (2n-1)`` board without its
        corner cell; ``"cftp"`` is coupling from the past on height functions
        (regions without holes); ``"shuffling"`` is domino shuffling (Aztec
        diamonds); ``"kasteleyn"`` samples any region (holes of any parity, any
        width) from ratios of Kasteleyn determinants; ``"sectors"`` (connected
        regions with holes) draws a flux sector with probability proportional to
        its count, then samples it by coupling from the past
        (:func:`dominotiling.surfaces.flux.random_tiling_sectors`); ``"embedding"`` places
        the region in an Aztec diamond whose other cells are forced by zero
        weights and samples it by generalized shuffling
        (:func:`dominotiling.aztec.weighted.sample_embedded`; regions whose rest
        in the diamond is tileable, which rules out enclosed holes); ``"auto"``
        picks (see :func:`choose_sampler`).
    weights : Weights, optional, keyword-only
        Any spelling of :ref:`weight-spellings` (``(a, b)``, a ``WeightPattern``, ...),
        as one weight per domino placement: a tiling is drawn with probability
        proportional to the product of its dominoes' weights (zero forbids a
        placement). Honoured by ``"transfer"``, ``"cftp"``, ``"kasteleyn"``,
        ``"shuffling"`` (Aztec diamonds: :func:`~dominotiling.aztec.sample_aztec`
        with the same weights) and ``"embedding"``; the other methods sample the
        uniform measure and refuse weights.

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
    dominotiling.counting.transfer.sample_transfer : how uniformity is ensured.
    dominotiling.trees.temperley_grid.sample_temperley : trees to tilings.

    Examples
    --------
    >>> from dominotiling import Region
    >>> t = random_tiling(Region.rectangle(6, 6), seed=0)
    >>> t.n_dominoes
    18
    """
    _validate.region(region, periodic_ok=True)
    if (
        region.is_periodic
    ):  # tori and cylinders: the periodic profile DP (dominotiling.surfaces.periodic)
        from ..surfaces.sampling import sample_periodic

        return sample_periodic(region, seed=seed, method=method, weights=weights)
    method = _validate.choice(method, "method", ("auto", *METHODS))
    rng = _validate.seed(seed)  # type errors before any work (a Generator is used as is)
    from ..model.weighting import check_weights

    weights = check_weights(weights, region)
    weighted = weights is not None and not weights.is_uniform
    weights = weights if weighted else None
    if weighted:
        weights._need_numbers("random_tiling")
    if method == "auto":
        method = _choose(region, weighted)
    if method in ("transfer", "kasteleyn", "cftp"):  # over about ten minutes: refused up front
        from .cost import check_time

        check_time(
            region, method, alternatives=("transfer", "kasteleyn") + (() if weighted else ("cftp",))
        )
    if weighted and method not in WEIGHTED_METHODS:
        raise DominoTilingError(
            f"method {method!r} samples the uniform measure only; weighted samples come from "
            f"{', '.join(repr(m) for m in WEIGHTED_METHODS)} (or 'auto')"
        )
    return _CHECKED[method](region, rng, weights)
