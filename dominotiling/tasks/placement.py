"""The placement door: :func:`placement_probabilities` over one table of records, :data:`PLACEMENT`.

Three routes give the probability of every domino position under the uniform (or a
weighted) measure on tilings:

- ``"exact"``: ratios of exact counts, ``w(e) Z(R - e) / Z(R)``
  (:func:`dominotiling.counting.placement.exact_checked`), one count per position;
- ``"kasteleyn"``: Kenyon's ``K(b, w) K^{-1}(w, b)`` from a sparse LU, refined and
  certified within ``tolerance`` at run time
  (:func:`dominotiling.counting.placement.float_checked`);
- ``"aztec"``: the creation rates of generalized shuffling on an Aztec diamond
  (:func:`dominotiling.aztec.weighted.edge_probabilities_checked`), any order.

``method="auto"`` follows ``exact=``: rationals up to
:data:`~dominotiling.counting.placement.EXACT_MAX_CELLS` cells (int or Fraction weights),
certified floats beyond.

Examples
--------
>>> from dominotiling import Region
>>> [r.name for r in PLACEMENT], choose_placement(Region.rectangle(4, 4))
(['exact', 'kasteleyn', 'aztec'], 'exact')
>>> choose_placement(Region.rectangle(20, 20)), choose_placement(Region.rectangle(4, 4), exact=False)
('kasteleyn', 'kasteleyn')
"""

from __future__ import annotations

from .. import _validate
from .._util import keyword_only
from ..aztec.weighted import edge_probabilities_checked
from ..counting.placement import (
    EXACT_MAX_CELLS,
    FLOAT_TOLERANCE,
    exact_checked,
    float_checked,
)
from ..errors import DominoTilingError, DominoTypeError
from ..model.region import Region  # noqa: F401 -- used by the docstring examples
from ..model.weighting import aztec_order, check_weights
from .records import MethodRecord, choose, pick, weight_kind

__all__ = ["placement_probabilities", "choose_placement", "PLACEMENT"]

_RATIONAL = frozenset({"none", "int", "fraction"})
_NUMBERS = frozenset({"none", "int", "fraction", "float"})


def _exact_cost(region, kind):
    # a rank, not a measurement: one exact count per position (about cells**2.5) is
    # cheaper than the float path's fixed costs up to EXACT_MAX_CELLS cells, dearer beyond
    return 0.0 if region.n_cells <= EXACT_MAX_CELLS else 2.0


def _aztec_route(region, weights, tolerance):
    return edge_probabilities_checked(aztec_order(region), weights)


def _aztec_shape(region):
    return None if aztec_order(region) is not None else "takes Aztec diamonds only"


#: The placement routes: ``run(region, weights, tolerance)`` with a checked plane region and
#: None or non-uniform numeric Weights.
PLACEMENT = (
    MethodRecord(
        "exact",
        run=exact_checked,
        weights=_RATIONAL,
        cost=_exact_cost,
        doc="ratios of exact counts, w(e) Z(R - e) / Z(R): rationals, one count per position",
    ),
    MethodRecord(
        "kasteleyn",
        run=float_checked,
        weights=_NUMBERS,
        cost=lambda region, kind: 1.0,
        exact=False,
        doc="Kenyon's K(b, w) K^-1(w, b) by a refined sparse LU, certified within tolerance",
    ),
    MethodRecord(
        "aztec",
        run=_aztec_route,
        weights=_NUMBERS,
        exact=False,
        shape=_aztec_shape,
        doc="creation rates of generalized shuffling (Aztec diamonds only, any order)",
    ),
)


def _record(region, kind, method, exact):
    """The record that runs: by name, or by ``"auto"`` among those of the asked exactness."""
    if method != "auto":
        record = pick(PLACEMENT, method, region, kind, "placement_probabilities")
        if exact is not None and record.exact != exact:
            gives = "exact rationals" if record.exact else "floats"
            raise DominoTilingError(
                f"placement_probabilities(method={method!r}) gives {gives}, but "
                f"exact={exact} was asked: drop exact= or choose another method"
            )
        return record
    table = PLACEMENT if exact is None else tuple(r for r in PLACEMENT if r.exact == exact)
    return choose(table, region, kind)


def choose_placement(region, *, weights=None, exact=None):
    """The method :func:`placement_probabilities` runs with ``method="auto"``.

    Parameters
    ----------
    region : Region
        A plane region.
    weights : Weights, optional
        As for :func:`placement_probabilities`.
    exact : bool or None
        As for :func:`placement_probabilities`.

    Returns
    -------
    str
        ``"exact"`` or ``"kasteleyn"``.

    Raises
    ------
    DominoTypeError
        As :func:`placement_probabilities` for the same arguments.

    See Also
    --------
    placement_probabilities

    Examples
    --------
    >>> from dominotiling import Weights
    >>> choose_placement(Region.rectangle(2, 2), weights=Weights.by_orientation((2, 2), 0.5, 2.0))
    'kasteleyn'
    """
    region, weights, exact, _ = _checked(region, weights, exact, FLOAT_TOLERANCE)
    return _record(region, weight_kind(weights), "auto", exact).name


def _checked(region, weights, exact, tolerance):
    region = _validate.region(region)
    if exact is not None:
        exact = _validate.boolean(exact, "exact")
    tolerance = _validate.real(tolerance, "tolerance", minimum=0.0, strict_minimum=True)
    weights = check_weights(weights, region)
    if weights is not None:
        weights._need_numbers("placement_probabilities")
        if weights.is_uniform:
            weights = None
    if exact and weights is not None and weights.kind not in ("int", "fraction"):
        raise DominoTypeError(
            f"exact=True gives rationals from exact weighted counts, which need int or Fraction "
            f"weights; these are {weights.kind} weights: use exact=False for certified floats, "
            "or convert the weights to Fractions (Fraction(x) is exact for a float x)"
        )
    return region, weights, exact, tolerance


@keyword_only("exact")
def placement_probabilities(
    region, *, method="auto", weights=None, exact=None, tolerance=FLOAT_TOLERANCE
):
    """For every domino position, the probability that a random tiling uses it.

    The tiling is uniform, or drawn with probability proportional to the product
    of its dominoes' `weights`.

    Parameters
    ----------
    region : Region
        A region with at least one tiling (a plane region).
    method : {"auto", "exact", "kasteleyn", "aztec"}, keyword-only
        A record of :data:`PLACEMENT`: ``"exact"``, ratios of exact counts;
        ``"kasteleyn"``, certified floats from the inverse Kasteleyn matrix;
        ``"aztec"``, floats from the creation rates of generalized shuffling
        (:func:`~dominotiling.aztec.weighted.aztec_edge_probabilities`; Aztec diamonds
        only, any order, about ``n`` unit roundoffs of error, not certified at run
        time, so ``"auto"`` never chooses it). ``"auto"`` follows `exact`.
    exact : bool or None, keyword-only
        True: exact rationals, ``#tilings(R - e) / #tilings(R)`` by exact counts
        (one count per position: keep regions small). False: floats from the
        inverse Kasteleyn matrix, each within `tolerance` of the exact value
        (checked at run time). None (default): exact up to
        :data:`EXACT_MAX_CELLS` cells, floats beyond.
    tolerance : float, keyword-only
        For floats: the largest error allowed on any probability (absolute),
        :data:`FLOAT_TOLERANCE` = ``1e-9`` by default. Results that cannot be
        certified this close are refused.
    weights : Weights, optional, keyword-only
        Any spelling of :ref:`weight-spellings`, as one weight per domino placement
        (:class:`~dominotiling.Weights`): the
        probabilities of the weighted measure, ``P(e) = w(e) Z(R - e) / Z(R)``
        with ``Z`` the partition function. Exact rationals need int or Fraction
        weights (``exact=None`` gives floats for float weights); a position of
        zero weight has probability 0. None (default) or uniform weights: the
        uniform measure.

    Returns
    -------
    PlacementProbabilities
        ``horizontal`` and ``vertical`` arrays; around every cell the
        probabilities of the (up to four) positions covering it add up to 1.
        Its :meth:`~PlacementProbabilities.horizontal_probability` gives, per
        cell, the probability of a horizontal domino.

    Raises
    ------
    NoTilingError
        If the region has no tiling (checked exactly, before any float work); with
        weights, none using only placements of nonzero weight.
    PrecisionError
        For floats that cannot be certified within `tolerance`: the Kasteleyn
        matrix is too ill-conditioned for double precision (Aztec diamonds from
        order 46 on with the default tolerance; every order from ~55 on). An
        ill-conditioned matrix is refused early, after a fraction of the work.
    TooLargeError
        For floats beyond :data:`FLOAT_MAX_CELLS` cells, or when the sparse LU
        factors would not fit in the memory budget (refused before they are built).
    DominoTypeError
        If `region` is not a Region, `exact` not a bool or None, `tolerance` not
        a number, `weights` not a Weights; if ``exact=True`` is asked of float
        weights, or the weights have free symbols.
    WeightError
        If the weights do not fit the region's shape.
    DominoTilingError
        If `method` is unknown, does not serve the region or the weights (the message
        lists the methods that would), or contradicts `exact`; if the region is a torus
        or cylinder.

    See Also
    --------
    count_tilings, placement_frequencies, draw_placement, aztec_edge_probabilities

    Notes
    -----
    Kenyon's theorem: for a Kasteleyn matrix ``K`` (rows black cells, columns
    white), ``P(bw in the tiling) = K(b, w) K^{-1}(w, b)``. The float path first
    checks exactly that a tiling exists (:func:`dominotiling.matching.matchings.is_tileable`):
    a float inverse of a matrix that is singular in exact arithmetic is noise.
    Then each column ``x = K^{-1} e_b`` is solved with a sparse LU factorisation
    with partial pivoting (SuperLU), and the entries needed (the edges at ``b``)
    are refined once: ``x + d`` with ``d`` solving for the residual ``r = e_b -
    K x``, summed with compensation so that it is exact to a relative ``2u``
    [2]_ [3]_ (the products with ±1 are exact). Time ``O(n * nnz(LU))`` for ``n``
    black cells, memory that of the factors.

    The plain solutions lose digits as the matrix grows ill-conditioned: on the
    Aztec diamond ``K^{-1}`` has entries of order ``2**(0.9 n)`` between the
    frozen corners, and the unrefined probabilities are off by ``1e-9`` at order
    30 and by more than 0.1 from order ~55 (sums of 1.18 around a cell at order
    70). The error left after refinement is bounded at run time: what ``x + d``
    misses is ``K^{-1}`` applied to the computed residual of ``d`` (plus the
    rounding of both residuals), and ``K^{-1}`` is bounded through the computed
    inverse ``X`` itself, ``K^{-1} = X (I - R)^{-1}`` with ``R = I - K X``, so
    each row of ``K^{-1}`` has 1-norm at most that of ``X`` over
    ``1 - ||R||_inf``. The bound is compared with `tolerance`; the result is
    refused when it is larger or when ``||R||_inf >= 1`` (``X`` is then no
    inverse at all). Refined, the Aztec diamond of order 36 is certified to
    ``3e-16``, order 44 to ``6e-11``.

    With weights, ``K`` carries the signed weights divided by the largest one
    (Kenyon's formula holds for any positive edge weights [1]_; the common factor
    cancels), and the bound accounts for the products that now round.

    References
    ----------
    .. [1] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
       Probab. Statist. 33 (1997), 591-618.
    .. [2] N. J. Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.,
       SIAM (2002): ch. 4 (compensated summation), ch. 14 (matrix inversion).
    .. [3] T. Ogita, S. M. Rump, S. Oishi, "Accurate sum and dot product", SIAM J. Sci.
       Comput. 26 (2005), 1955-1988 (the error bound of the compensated sum).

    Examples
    --------
    >>> p = placement_probabilities(Region.rectangle(2, 3), exact=True)
    >>> [str(x) for x in p.horizontal[0]]
    ['1/3', '1/3']
    >>> q = placement_probabilities(Region.rectangle(2, 3), exact=False)
    >>> bool(abs(q.horizontal[0, 0] - 1 / 3) < 1e-12)
    True
    >>> placement_probabilities(Region.rectangle(3, 3), exact=False)
    Traceback (most recent call last):
    ...
    dominotiling.errors.NoTilingError: the region has no tiling, so no placement has a probability; max_cover(region) shows how close it comes

    With weights (horizontal dominoes weigh 2: the 2 x 2 square's two tilings
    weigh 4 and 1):

    >>> from dominotiling import Weights
    >>> w = Weights.by_orientation((2, 2), 2, 1)
    >>> [str(x) for x in placement_probabilities(Region.rectangle(2, 2), weights=w).horizontal[:, 0]]
    ['4/5', '4/5']
    >>> q = placement_probabilities(Region.rectangle(2, 2), exact=False, weights=w)
    >>> bool(abs(q.vertical[0, 0] - 0.2) < 1e-12)
    True

    By name, a method of :data:`PLACEMENT` (the Aztec diamond of order 2: its top
    domino is in 6 of its 8 tilings):

    >>> float(placement_probabilities(Region.aztec_diamond(2), method="aztec").horizontal[0, 1])
    0.75
    """
    method = _validate.choice(method, "method", ("auto", *(r.name for r in PLACEMENT)))
    region, weights, exact, tolerance = _checked(region, weights, exact, tolerance)
    record = _record(region, weight_kind(weights), method, exact)
    return record.run(region, weights, tolerance)
