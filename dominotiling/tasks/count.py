"""The counting doors: :func:`count_tilings` and :func:`log_count`, each over one table of records.

:data:`COUNT` holds the exact counting methods (the profile DP and the Kasteleyn
determinant, on plane regions and on tori and cylinders); :data:`LOG_COUNT` the
certified logarithm. Each door validates once, picks a record
(:func:`~dominotiling.tasks.records.pick`) and runs it.

Examples
--------
>>> from dominotiling import Region
>>> count_tilings(Region.rectangle(8, 8)), [r.name for r in COUNT if "plane" in r.surfaces]
(12988816, ['transfer', 'kasteleyn'])
"""

from __future__ import annotations

import math

from .. import _validate
from .._exact import as_count
from .._options import check_seconds
from .._util import keyword_only
from ..counting import estimated_seconds, kasteleyn, transfer
from ..counting.symbolic import symbolic_count_checked
from ..errors import DominoTilingError, TooLargeError
from ..model.weighting import check_weights
from ..surfaces.flux import count_by_flux
from ..surfaces.periodic import count_surface_checked, log_count_surface_checked, surface_method
from .records import MethodRecord, choose, pick

__all__ = ["count_tilings", "log_count", "COUNT", "LOG_COUNT"]


def _plane_cost(name):
    """``cost(region, kind)`` of a plane counting method, from the measured model of the counting wing."""

    def cost(region, kind):
        if kind == "none":
            return estimated_seconds(region).get(name, math.inf)
        if name == "transfer":  # float: the DP's proven 2n * 2**-53; symbolic: its polynomial
            mask, _, _ = region.narrow_view()
            fits = mask.shape[1] <= transfer.MAX_WIDTH  # wherever it runs
            return 0.0 if kind in ("float", "symbolic") and fits else math.inf
        return 1.0  # weighted Kasteleyn: measured faster than the weighted DP on int and Fraction

    return cost


def _kasteleyn_cost(region, kind):
    seconds = _plane_cost("kasteleyn")(region, kind)
    if kind == "none" and seconds < math.inf and kasteleyn.cost_estimate(region) is None:
        return math.inf  # its band would not fit in memory
    return seconds


def _transfer_count(region, weights):
    return as_count(transfer.count_checked(region, weights))


def _kasteleyn_count(region, weights):
    kind = "none" if weights is None else weights.kind
    if kind == "symbolic":  # any width: the determinant interpolated over primes
        return symbolic_count_checked(region, weights)
    if kind == "float":
        return _float_partition_function(region, weights)
    if not region.is_balanced:
        return 0
    return as_count(kasteleyn.count_checked(region, weights))


def _float_partition_function(region, weights):
    """The partition function of float weights, a float: ``exp(log_count(region, weights=weights))``.

    ``log_count`` certifies ``log Z`` within ``1e-9 * max(1, |log Z|)``, so the
    float has a relative error of at most about ``1e-9 * max(1, |log Z|)``.
    Refused (FloatRangeError, a TooLargeError and a PrecisionError) when ``Z`` is outside the
    normal range of float64: a ``0.0`` would read as "no tiling".
    """
    log_z = kasteleyn.log_count_checked(region, weights)
    return _validate.float_from_log(
        log_z,
        "the partition function of these float weights",
        "log_count(region, weights=weights) gives its logarithm, or use Fraction weights for the exact value",
    )


def _surface_cost(name):
    def cost(region, kind):
        if region.n_cells % 2 or region.seams() == (False, False):
            return 0.0  # counted before any method is used: the first record runs
        return 0.0 if surface_method(region) == name else math.inf

    return cost


def _surface_count(name):
    return lambda region, weights: as_count(count_surface_checked(region, name))


_ALL_KINDS = frozenset({"none", "int", "fraction", "float", "symbolic"})

#: The exact counting methods: the profile DP and the Kasteleyn determinant, plane and periodic.
COUNT = (
    MethodRecord(
        "transfer",
        run=_transfer_count,
        weights=_ALL_KINDS,
        cost=_plane_cost("transfer"),
        auto_weights=frozenset({"none", "float", "symbolic"}),
        doc="the broken-profile DP (narrower side up to 22 cells), every kind of weights",
    ),
    MethodRecord(
        "kasteleyn",
        run=_kasteleyn_count,
        weights=_ALL_KINDS,
        cost=_kasteleyn_cost,
        doc="the exact Kasteleyn determinant (any region; a band, or a nested dissection)",
    ),
    MethodRecord(
        "transfer",
        run=_surface_count("transfer"),
        surfaces=frozenset({"periodic"}),
        cost=_surface_cost("transfer"),
        doc="the profile DP with a periodic profile (narrow tori and cylinders)",
    ),
    MethodRecord(
        "kasteleyn",
        run=_surface_count("kasteleyn"),
        surfaces=frozenset({"periodic"}),
        cost=_surface_cost("kasteleyn"),
        doc="Kasteleyn's four twisted determinants (full tori and cylinders, even glued sides)",
    ),
)

#: The certified logarithm: a sparse LU of the Kasteleyn matrix, or the product formula of a surface.
LOG_COUNT = (
    MethodRecord(
        "kasteleyn",
        run=kasteleyn.log_count_checked,
        weights=frozenset({"none", "int", "fraction", "float", "symbolic"}),
        cost=lambda region, kind: 0.0,
        exact=False,
        doc="log |det K| from two sparse LU factorisations that must agree (any plane region)",
    ),
    MethodRecord(
        "kasteleyn",
        run=lambda region, weights: log_count_surface_checked(region),
        surfaces=frozenset({"periodic"}),
        cost=lambda region, kind: 0.0,
        exact=False,
        doc="Kasteleyn's product formula in floating point (tori and cylinders, any size)",
    ),
)


def _cheapest_exact(region):
    """The record ``"auto"`` runs on an unweighted plane region, its time checked up front."""
    record = choose(
        COUNT,
        region,
        "none",
        none=TooLargeError(
            f"no counting method fits this region ({region.n_cells} cells) in memory: the "
            "profile DP needs a narrower side of at most 22 cells and the exact Kasteleyn "
            "determinant a band of a few GiB; log_count(region) gives the logarithm of the count"
        ),
    )
    check_seconds(
        record.cost(region, "none"),
        f"the exact count of this region ({region.n_cells} cells) by {record.name}, the faster method,",
        "log_count(region) for the logarithm of the count (seconds)",
    )
    return record


def _checked(region, weights, task):
    """The doors' one check: ``(region, weights, kind)``; tori and cylinders take no weights."""
    region = _validate.region(region, periodic_ok=True)
    if region.is_periodic:
        if weights is not None:
            raise DominoTilingError(
                "weights are not supported on tori and cylinders (a Weights object has no placements "
                "across the seams): drop weights=, or use Region(region.mask) for the plane region"
            )
        return region, None, "none"
    weights = check_weights(weights, region)
    return (
        region,
        weights,
        "none" if weights is None else weights.kind,
    )  # uniform ones keep their type


@keyword_only("method", "client")
def count_tilings(region, *, method="auto", client=None, weights=None, by_flux=False):
    """Number of domino tilings of a region, exactly.

    Parameters
    ----------
    region : Region
        Any region; it need not be connected or simply connected. A torus or
        cylinder (:meth:`Region.torus`, :meth:`Region.cylinder`) is counted by
        :func:`dominotiling.surfaces.periodic.count_surface`: ``"kasteleyn"`` is then
        Kasteleyn's four twisted determinants, ``"transfer"`` the DP with a
        periodic profile (no weights, no client).
    method : {"auto", "transfer", "kasteleyn"}
        ``"transfer"`` is the broken-profile DP (narrower side up to 22 cells),
        ``"kasteleyn"`` the exact Kasteleyn determinant (any region; inside a
        band on strips, whose cost grows with the square of the narrower side,
        along a nested dissection of the cells beyond: about ``cells**1.5`` per
        prime, :func:`dominotiling.counting.kasteleyn.choose_elimination`). ``"auto"`` picks the one measured
        to be faster for this shape, fixed costs included: the DP up to about
        12 x 12 and for long strips up to 10 wide, Kasteleyn beyond (see
        :func:`dominotiling.counting.choose_method`).
    client : None, "local", str or distributed.Client
        Spread the primes of the exact Kasteleyn determinant over Dask workers
        (:func:`dominotiling.parallel.count_distributed`; the ``dist`` extra):
        ``"local"`` starts a cluster on this machine, a string is a scheduler
        address. The count is the same int.
    weights : Weights, optional, keyword-only
        Any spelling of :ref:`weight-spellings` (``(a, b)``, a ``WeightPattern``, ...,
        read as the same model everywhere), as one weight per domino placement
        (:class:`~dominotiling.Weights`); the
        result is then the partition function: the sum over tilings of the
        product of their dominoes' weights. Int weights give an exact ``int``,
        Fraction weights an exact ``Fraction``, float weights a float
        (``exp(log_count(region, weights=weights))``, relative error at most about
        ``1e-9 * max(1, log Z)``, refused with
        :class:`~dominotiling.errors.FloatRangeError` when ``Z`` is outside float64's
        normal range, about ``exp(-708.4)`` to ``exp(709.8)``; ``log_count`` has the
        logarithm of any size); a zero weight forbids a
        placement. Symbolic (sympy) weights give the generating polynomial.
        With ``"auto"``, int and Fraction weights use the Kasteleyn method
        (measured faster than the weighted DP: 12 x 12 in 3 ms against 29 ms);
        float and symbolic weights use the profile DP where the narrower side
        is at most 22 cells (float: proven relative error ``2n * 2**-53`` for
        ``n`` cells, see :func:`dominotiling.counting.transfer.count_transfer`), float
        weights the Kasteleyn method beyond. ``method="transfer"`` takes every
        kind of weights.
    by_flux : bool, keyword-only
        For a connected region with holes: the count of each flux sector, a dict
        ``{flux: int}`` (one int per hole, :func:`dominotiling.surfaces.flux.count_by_flux`,
        a twisted Kasteleyn determinant); the counts add up to the total.

    Returns
    -------
    int, fractions.Fraction, float, sympy expression or dict
        The exact count (a Python int, however large: a
        :class:`~dominotiling._exact.Count`, the int subclass whose ``str`` and
        ``repr`` give every digit even beyond Python's 4300-digit limit, so that
        a notebook shows it), or the partition
        function for weights (exact for int and Fraction weights, a polynomial
        for symbolic ones); with ``by_flux=True`` the dict of sector counts.

    Raises
    ------
    TooLargeError
        If the chosen method's tables would not fit in memory; the message names
        the size and the method that would serve.
    FloatRangeError
        Float weights whose partition function overflows or underflows a float64
        (by either method); ``log_count(region, weights=weights)`` gives its logarithm.
    DominoTypeError
        If `region` is not a Region.
    DominoTilingError
        If `method` is unknown (checked before anything else, with or without a client).

    See Also
    --------
    log_count, choose_method, rectangle_count
    count_by_flux

    Notes
    -----
    Both methods are exact: they compute the count modulo several word-sized
    moduli, as many as a rigorous bound on the count requires (Brègman's bound on
    the permanent, Hadamard's on the determinant), and the Chinese remainder
    theorem gives the integer. The profile DP sweeps the region cell by cell over
    its narrower side ``w`` at cost ``O(cells * 2**w)`` per modulus; the
    Kasteleyn determinant eliminates inside a band of width about ``w`` at cost
    ``O(cells * w**2)`` per prime, or along a nested dissection of the cells at
    cost ``O(cells * min(w, sqrt(cells)))`` per prime (the faster by a measured
    cost model; :mod:`dominotiling.counting.nested_dissection`). A region with unequal numbers of black and white
    cells has no tiling (each domino covers one of each) and returns 0 at once.

    References
    ----------
    .. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
    .. [2] L. M. Brègman, "Some properties of nonnegative matrices and their
       permanents", Soviet Math. Dokl. 14 (1973).

    Examples
    --------
    >>> from dominotiling import Region
    >>> count_tilings(Region.rectangle(8, 8))
    12988816
    >>> count_tilings(Region.rectangle(2, 10))   # Fibonacci: F(11)
    89
    >>> count_tilings(Region.torus(4, 4)), count_tilings(Region.cylinder(2, 4))
    (272, 9)
    >>> from dominotiling import Weights
    >>> count_tilings(Region.rectangle(2, 3), weights=Weights.by_orientation((2, 3), 1, 2))
    12
    """
    _validate.choice(method, "method", ("auto", "transfer", "kasteleyn"))
    region, weights, kind = _checked(region, weights, "count_tilings")
    by_flux = _validate.boolean(by_flux, "by_flux")
    if region.is_periodic:
        if client is not None:
            raise DominoTilingError(
                "tori and cylinders are counted on this machine only: drop client="
            )
        if by_flux:
            raise DominoTilingError(
                "by_flux=True counts the flux sectors of plane regions with holes; on a torus or "
                "cylinder, count_by_seam_parity(region) counts the tilings by their seam crossings"
            )
        return pick(COUNT, method, region, kind, "count_tilings").run(region, None)
    if by_flux:
        if weights is not None or client is not None or method != "auto":
            raise DominoTilingError(
                "count_tilings(..., by_flux=True) counts uniform tilings on this "
                "machine by its own method: drop weights=, client= and method="
            )
        return {k: as_count(v) for k, v in count_by_flux(region).items()}
    if client is not None:
        if method not in ("auto", "kasteleyn"):
            raise DominoTilingError(
                f"with a client, counts are spread over workers by the Kasteleyn method; "
                f"method={method!r} runs on this machine only: drop client= or the method"
            )
        if weights is not None:
            raise DominoTilingError("weighted counts run on this machine only: drop client=")
        from ..parallel import count_distributed  # lazy: dask (the floor above)

        return as_count(count_distributed(region, client=client, method="kasteleyn"))
    if kind == "none":
        if not region.is_balanced:
            return 0
        if method == "auto":
            return _cheapest_exact(region).run(region, None)
    return pick(COUNT, method, region, kind, "count_tilings").run(region, weights)


@keyword_only("weights")
def log_count(region, *, method="auto", weights=None):
    """Natural logarithm of the number of tilings (or of a weighted partition function), certified.

    Parameters
    ----------
    region : Region
        Any region; a million cells take seconds. A torus or cylinder
        (:meth:`Region.torus`, :meth:`Region.cylinder`; no weights) goes to
        :func:`dominotiling.surfaces.periodic.log_count_surface`: Kasteleyn's product
        formula in floating point, any size.
    method : {"auto", "kasteleyn"}, keyword-only
        The one method (a certified sparse LU of the Kasteleyn matrix; Kasteleyn's
        product formula on a torus or cylinder); see :data:`LOG_COUNT`.
    weights : Weights, optional, keyword-only
        Any spelling of :ref:`weight-spellings`, as one weight per domino
        placement (:class:`~dominotiling.Weights`): int,
        Fraction, float, or symbolic without free symbols (``sqrt(2)``, evaluated
        in floating point). The result is then ``log Z``, ``Z`` the sum over
        tilings of the product of their dominoes' weights. A zero weight forbids a
        placement. None (the default) or uniform weights: the number of tilings.

    Returns
    -------
    float
        ``log(count)`` (or ``log Z``) with an error of at most
        ``1e-9 * max(1, |log(count)|)``, checked at run time; ``-inf`` when the
        region has no tiling (with weights: none using only placements of nonzero
        weight), checked exactly.

    Raises
    ------
    PrecisionError
        If the float result cannot be certified (the Kasteleyn matrix is too
        ill-conditioned for double precision: Aztec diamonds from order ~45) and
        the exact count is too costly to serve instead (beyond about two minutes
        by its cost model: Aztec diamonds beyond order ~230), or, for float weights,
        has no exact route (convert them to Fractions for one). The message names
        the exact alternative.
    TooLargeError
        If the sparse LU factors would not fit in the memory budget
        (``dominotiling.set_options``) or exceed SuperLU's 32-bit indices;
        refused before anything is built.
    DominoTypeError
        If `region` is not a Region, `weights` not None or a Weights, or the
        weights have free symbols.
    WeightError
        If the weights do not fit the region's shape.

    See Also
    --------
    count_tilings, choose_method

    Notes
    -----
    First, whether a tiling exists at all is decided exactly
    (:func:`dominotiling.matching.matchings.is_tileable`; with weights, a maximum matching
    of the placements of nonzero weight): a float determinant cannot tell
    a count of 0 from a tiny rounding residue. Then ``log |det A| = sum log |U_ii|``
    from a sparse LU factorisation of the real Kasteleyn matrix with partial
    pivoting (SuperLU through ``scipy.sparse.linalg.splu``), computed twice: with
    the COLAMD column order on ``A``, and with the MMD order of ``A A^T`` on
    ``A^T`` whose rows and columns are scaled by fixed pseudo-random factors in
    ``[1, 2)`` (their logarithms subtracted after). Different orders, pivots and
    scales make independent rounding errors, so the two agree to about machine
    precision when the problem is well-conditioned (squares, holed regions:
    ``1e-15`` relative) and drift apart when it is not. The first is returned
    when the two agree within ``1e-4`` times the promised error; failing that,
    a third route (COLAMD on ``A`` scaled otherwise) is computed and all three
    must agree within ``1e-2`` times it. (Agreement is evidence, not proof: errors
    of ill-conditioned problems are heavy-tailed, and two routes within a tenth
    of the promise were once 18 times off it; these margins gave no false
    certificate in 400 trials on Aztec diamonds with holes, where one route's
    error is about the promise.) Otherwise the exact count's logarithm is
    returned when it is affordable (:func:`~dominotiling.counting.kasteleyn.count_kasteleyn`; for int and Fraction
    weights the exact weighted partition function), with an
    :class:`~dominotiling.errors.ExactFallbackWarning` that says so, and
    :class:`PrecisionError` is raised when it is not.

    Beyond SuperLU's reach (its 32-bit indices, or its factors over the memory
    budget: the 2000 x 2000 square) the LU is the multifrontal one along a nested
    dissection of the cells
    (:func:`dominotiling.counting.nested_dissection.log_abs_det_nested`: threshold
    partial pivoting inside each front, delays to the parent), whose fronts are
    small; its routes are the matrix itself and the Kasteleyn matrix of the
    transposed region along its own dissection, scaled as above, under the same
    agreement rule.

    With weights, the entries of the Kasteleyn matrix are the signed weights
    divided by the largest one (``log M`` added back once per domino), so that
    no factorisation overflows. Int and Fraction weights are rounded to floats
    first: a relative change ``delta`` of every weight moves ``log Z`` by at most
    ``delta`` times the number of dominoes (``d log Z / d log w(e)`` is the
    probability of ``e``), about ``1e-16`` per domino.

    Why it fails on Aztec diamonds: not pivot growth (with LAPACK's banded LU the
    factors stay below 10 in size), but the matrix itself. Its
    inverse has entries of order ``2**(0.9 n)`` between the frozen corners of the
    diamond of order ``n`` (``|K^{-1}(w, b)|`` is a ratio of tiling counts, and
    removing two cells of a frozen region unfreezes it); a rounding error
    ``delta`` in a fill-in position ``(b, w)`` of the elimination moves
    ``log |det|`` by ``delta * K^{-1}(w, b)``. Every order tried (row by row
    along the narrow side with LAPACK's banded ``dgbtrf``, diagonals, centre
    out, COLAMD, MMD) loses about 1.5 bits per order: the logarithm is off by
    about ``1e-8`` near order 40, ``0.01`` to ``0.3`` at order 60, ``1`` at
    order 70 (the uncertified value was off by ``+110`` at order 100 and
    ``+2330`` at order 200, against the exact ``n (n + 1) / 2 * log 2``).

    Examples
    --------
    >>> import math
    >>> from dominotiling import Region
    >>> round(math.exp(log_count(Region.rectangle(8, 8))))
    12988816
    >>> log_count(Region.rectangle(3, 3)), log_count(Region.from_strings(["##.", ".##", "#.."]))
    (-inf, -inf)
    >>> from dominotiling import Weights
    >>> round(math.exp(log_count(Region.rectangle(2, 2), weights=Weights.by_orientation((2, 2), 0.5, 3.0))), 12)
    9.25
    """
    _validate.choice(method, "method", ("auto", "kasteleyn"))
    region, weights, kind = _checked(region, weights, "log_count")
    if weights is not None:
        weights._need_numbers("log_count")
    return pick(LOG_COUNT, method, region, kind, "log_count").run(region, weights)
