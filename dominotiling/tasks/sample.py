"""The sampling door: :func:`random_tiling` over one table of sampler records, :data:`SAMPLE`.

Each record names a sampler of some wing by its checked route, the weights, surfaces
and holes it takes, and its measured cost (:mod:`dominotiling.sampling.cost`);
``method="auto"`` runs the cheapest that serves, :func:`choose_sampler` says which.
Adding a sampler is adding one record here.

Examples
--------
>>> from dominotiling import Region
>>> random_tiling(Region.rectangle(4, 4), seed=7).is_complete
True
>>> [r.name for r in SAMPLE if r.takes_weights("float")]
['shuffling', 'transfer', 'embedding', 'kasteleyn', 'cftp']
"""

from __future__ import annotations

import math

from .. import _validate
from .._util import keyword_only
from ..aztec.shuffling import sample_shuffling_checked
from ..aztec.weighted import sample_embedded_checked
from ..counting.transfer import sample_checked as sample_transfer_checked
from ..errors import DominoTilingError
from ..model.weighting import check_weights
from ..sampling import cost
from ..sampling.kasteleyn import sample_checked as sample_kasteleyn_checked
from ..sampling.mcmc import cftp_checked
from ..surfaces.flux import sectors_checked
from ..surfaces.sampling import sample_surface_checked, surface_sampler
from ..trees.temperley_grid import sample_checked as sample_temperley_checked
from ..trees.temperley_grid import temperley_shape
from .records import MethodRecord, choose, pick, weight_kind

__all__ = ["random_tiling", "choose_sampler", "SAMPLE"]

_NUMBERS = frozenset({"none", "int", "fraction", "float"})
_UNIFORM = frozenset({"none"})
_WEIGHTED = frozenset({"int", "fraction", "float"})


def _measured(name):
    return lambda region, kind: cost.estimated_seconds(region, name)


def _temperley_cost(region, kind):
    return 0.0 if temperley_shape(region) is not None else math.inf  # linear time: always first


def _surface_cost(name):
    return lambda region, kind: 0.0 if surface_sampler(region) == name else math.inf


#: The samplers, in the order ties are broken. Records run ``(region, rng, weights, progress)``
#: with a checked region, a Generator and None or non-uniform numeric Weights.
SAMPLE = (
    MethodRecord(
        "shuffling",
        run=lambda region, rng, weights, progress: sample_shuffling_checked(region, rng, weights),
        weights=_NUMBERS,
        cost=_measured("shuffling"),
        doc="domino shuffling (Aztec diamonds; generalized shuffling with weights)",
    ),
    MethodRecord(
        "temperley",
        run=lambda region, rng, weights, progress: sample_temperley_checked(region, rng),
        cost=_temperley_cost,
        doc="a uniform spanning tree turned into a tiling (Temperley boards)",
    ),
    MethodRecord(
        "transfer",
        run=lambda region, rng, weights, progress: sample_transfer_checked(region, rng, weights),
        weights=_NUMBERS,
        cost=_measured("transfer"),
        doc="backwards through the profile DP's counts (narrower side up to 22 cells)",
    ),
    MethodRecord(
        "embedding",
        run=lambda region, rng, weights, progress: sample_embedded_checked(region, rng, weights),
        weights=_NUMBERS,
        holes=False,
        # not fitted on its own: chosen, with weights, wherever the Kasteleyn sampler would be
        # and the region has no holes (listed before it, it wins the tie)
        cost=_measured("kasteleyn"),
        auto_weights=_WEIGHTED,
        doc="generalized shuffling of the region embedded in an Aztec diamond",
    ),
    MethodRecord(
        "kasteleyn",
        run=lambda region, rng, weights, progress: sample_kasteleyn_checked(region, rng, weights),
        weights=_NUMBERS,
        cost=_measured("kasteleyn"),
        doc="ratios of Kasteleyn determinants (any region, holes of any parity, any width)",
    ),
    MethodRecord(
        "cftp",
        run=lambda region, rng, weights, progress: cftp_checked(
            region, rng, weights, True if progress is None else progress
        ),
        weights=_NUMBERS,
        holes=False,
        cost=_measured("cftp"),
        auto_weights=_UNIFORM,  # its time grows with the weights' spread: not chosen with weights
        doc="coupling from the past on height functions (regions without holes)",
    ),
    MethodRecord(
        "sectors",
        run=lambda region, rng, weights, progress: sectors_checked(region, rng),
        doc="a flux sector drawn by its count, then coupling from the past within it",
    ),
    MethodRecord(
        "transfer",
        run=lambda region, rng, weights, progress: sample_surface_checked(region, rng, "transfer"),
        surfaces=frozenset({"periodic"}),
        cost=_surface_cost("transfer"),
        doc="the profile DP with a periodic profile (narrow tori and cylinders)",
    ),
    MethodRecord(
        "kasteleyn",
        run=lambda region, rng, weights, progress: sample_surface_checked(region, rng, "kasteleyn"),
        surfaces=frozenset({"periodic"}),
        cost=_surface_cost("kasteleyn"),
        doc="the seam edges from twisted determinants, the rest by the plane Kasteleyn sampler",
    ),
)
#: The records that honour weights (the others sample the uniform measure).
WEIGHTED_METHODS = tuple(dict.fromkeys(r.name for r in SAMPLE if r.takes_weights("float")))


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
        The method name (of a record of :data:`SAMPLE`).

    See Also
    --------
    random_tiling

    Examples
    --------
    >>> from dominotiling import Region, Weights
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
    region = _validate.region(region)
    return choose(SAMPLE, region, weight_kind(check_weights(weights, region))).name


@keyword_only("seed", "method")
def random_tiling(region, *, seed=None, method="auto", weights=None, progress=None):
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
        (:func:`dominotiling.surfaces.flux.sample_sectors`); ``"embedding"`` places
        the region in an Aztec diamond whose other cells are forced by zero
        weights and samples it by generalized shuffling
        (:func:`dominotiling.aztec.weighted.sample_embedded`; regions whose rest
        in the diamond is tileable, which rules out enclosed holes); ``"auto"``
        picks by the records' measured costs (see :func:`choose_sampler` and :data:`SAMPLE`).
    progress : bool or None, keyword-only
        Show a progress bar where the method has one (coupling from the past:
        on by default, as :func:`~dominotiling.sample_cftp`); None: the method's default.
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
    region = _validate.region(region, periodic_ok=True)
    if region.is_periodic:
        if not isinstance(method, str) or method not in ("auto", "transfer", "kasteleyn"):
            raise DominoTilingError(
                f"method {method!r} is not available for tori and cylinders: their random tilings "
                "come from the periodic profile DP ('transfer') or Kasteleyn's determinants "
                "('kasteleyn'), or method='auto'"
            )
        if weights is not None:
            raise DominoTilingError(
                "weights are not supported on tori and cylinders (a Weights object has no "
                "placements across the seams): drop weights=, or use Region(region.mask)"
            )
    names = tuple(dict.fromkeys(r.name for r in SAMPLE))
    method = _validate.choice(method, "method", ("auto", *names))
    rng = _validate.seed(seed)  # type errors before any work (a Generator is used as is)
    if progress is not None:
        progress = _validate.boolean(progress, "progress")
    weights = None if region.is_periodic else check_weights(weights, region)
    kind = weight_kind(weights)
    weights = None if kind == "none" else weights
    if weights is not None:
        weights._need_numbers("random_tiling")
    if (
        weights is not None
        and method != "auto"
        and not any(r.name == method and r.takes_weights(kind) for r in SAMPLE)
    ):
        raise DominoTilingError(
            f"method {method!r} samples the uniform measure only; weighted samples come from "
            f"{', '.join(repr(m) for m in WEIGHTED_METHODS)} (or 'auto')"
        )
    record = pick(SAMPLE, method, region, kind, "random_tiling")
    if record.name in ("transfer", "kasteleyn", "cftp") and not region.is_periodic:
        # over about ten minutes: refused up front, naming the fastest alternative
        cost.check_time(
            region,
            record.name,
            alternatives=("transfer", "kasteleyn") + (() if weights is not None else ("cftp",)),
        )
    return record.run(region, rng, weights, progress)
