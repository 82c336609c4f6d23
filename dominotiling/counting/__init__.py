"""The one front door for counts: :func:`count_tilings` picks a method and calls it.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.rectangle(8, 8))
12988816
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._exact import as_count
from .._util import keyword_only
from ..errors import DominoTilingError, TooLargeError
from . import kasteleyn, transfer

__all__ = ["count_tilings", "log_count", "choose_method", "METHODS"]

#: Counting methods by name.
METHODS = {"transfer": transfer.count_transfer, "kasteleyn": kasteleyn.count_kasteleyn}
#: Their routes on arguments checked by :func:`count_tilings`.
_CHECKED = {"transfer": transfer.count_checked, "kasteleyn": kasteleyn.count_checked}
#: Measured cost of each method, in seconds: ``fixed + units * (per_unit + per_op * ops)``
#: (see :func:`choose_method`). Fitted to warm ``count_tilings(..., method=...)`` times of 85
#: rectangles from 2 x 2 to 18 x 250 on a 2-vCPU AMD EPYC (the machine of
#: ``benchmarks/RESULTS.md``) by least squares on the logarithm of the time.
_COST = {
    # 0.20 ms to start; per cell and modulus: 100 ns, plus 0.28 ns per profile (2**w of them)
    "transfer": (2.03e-4, 9.99e-8, 2.79e-10),
    # Kasteleyn: the faster of its two eliminations, kasteleyn.elimination_seconds (the band's
    # model, fitted alike, is kasteleyn.BAND_COST)
}
#: Bits of the count per cell assumed by the cost model: Brègman's bound for cells with four
#: neighbours, ``log2(4!) / 8``, less ``1/w`` for the boundary of a region ``w`` wide.
_BITS_PER_CELL = 0.573


def _estimated_seconds(region):
    """``{method: seconds}`` by :data:`_COST`, from the region's size and narrower side.

    A few microseconds: a choice must cost far less than the 0.2 ms the DP
    needs for a small board. The winner's memory is checked by the caller.
    """
    from .._options import memory_limit

    mask = region.mask
    rows = int(np.count_nonzero(mask.any(axis=1)))
    cols = int(np.count_nonzero(mask.any(axis=0)))
    if rows == 0:
        return {"transfer": 0.0, "kasteleyn": 0.0}
    w, length = min(rows, cols), max(rows, cols)
    cells = region.n_cells
    bits = 1.0 if w < 2 else _BITS_PER_CELL * cells * (1.0 - 1.0 / w)
    out = {}
    if w <= transfer.MAX_WIDTH and (1 << w) * 8 <= memory_limit():  # as transfer.cost_estimate
        lanes = 1 + int(max(0.0, bits - 64) // 62 + 1)  # moduli: 2**64, then one per 62 bits
        fixed, per_unit, per_op = _COST["transfer"]
        out["transfer"] = fixed + w * length * lanes * (per_unit + per_op * 2.0**w)
    primes = min(bits, cells / 2) / 26 + 1  # one prime below 2**26 per 26 bits
    out["kasteleyn"] = min(kasteleyn.elimination_seconds(cells, w, primes).values())
    return out


def choose_method(region):
    """The method ``count_tilings(region, method="auto")`` uses: the one measured to be faster.

    Each method's time is estimated from the region's size and narrower side
    by a cost model with its fixed cost included (:data:`_COST`), in a few
    microseconds; methods whose tables would not fit in memory (as
    ``transfer.cost_estimate`` and ``kasteleyn.cost_estimate`` say) are left
    out, and the smaller estimate wins.

    Parameters
    ----------
    region : Region
        A plane region.

    Returns
    -------
    str
        ``"transfer"`` or ``"kasteleyn"``.

    Raises
    ------
    TooLargeError
        If no method fits in memory, or the faster one is expected to take more
        than ten minutes (``dominotiling._options.MAX_SECONDS``; the 2 x 5,000,000
        strip: a count of a million digits).

    See Also
    --------
    count_tilings, log_count

    Notes
    -----
    With ``w`` the narrower side, ``c`` the cells, ``m`` the moduli of the DP
    and ``p`` the primes of the determinant (both from about
    ``0.573 * c * (1 - 1/w)`` bits of the count, Brègman's bound for a grid):

    - profile DP: ``0.20 ms + c * m * (100 ns + 0.28 ns * 2**w)``;
    - Kasteleyn: the smaller of the band, ``1.8 ms + c * p * (104 ns + 1.5 ns * (w/2 + 1)**2)``,
      and nested dissection, ``3 ms + c * 8 us + c * p * (120 ns + 1 ns * w)``
      (:func:`dominotiling.counting.kasteleyn.elimination_seconds`).

    The DP starts ten times faster, and its work doubles with each column of
    width. Measured crossovers: squares up to 12 x 12 go to the DP (8 x 8 in
    0.14 ms against 1.4 ms), from 14 x 14 on to Kasteleyn (16 x 16 in 3 ms
    against 11 ms); strips ``w x L`` go to the DP for any length up to 9 wide,
    up to ``L`` of about 250 when 10 wide, 60 when 11 wide, 40 when 12 wide
    and 20 when 13 wide. On each of the 85 measured rectangles the model picks
    the method that was faster; ``benchmarks/cases_display.py`` checks
    ``"auto"`` against both methods from 4 x 4 to 100 x 100.

    Examples
    --------
    >>> from dominotiling import Region
    >>> choose_method(Region.rectangle(8, 8)), choose_method(Region.rectangle(100, 100))
    ('transfer', 'kasteleyn')
    >>> choose_method(Region.rectangle(4, 1000))       # a long narrow strip
    'transfer'
    """
    costs = _estimated_seconds(region)
    if "kasteleyn" in costs and (len(costs) == 1 or costs["kasteleyn"] < costs["transfer"]):
        if kasteleyn.cost_estimate(region) is None:  # its band would not fit in memory
            del costs["kasteleyn"]
    if not costs:
        raise TooLargeError(
            f"no counting method fits this region ({region.n_cells} cells) in memory: the "
            "profile DP needs a narrower side of at most 22 cells and the exact Kasteleyn "
            "determinant a band of a few GiB; log_count(region) gives the logarithm of the count"
        )
    best = min(costs, key=costs.get)
    from .._options import check_seconds

    check_seconds(
        costs[best],
        f"the exact count of this region ({region.n_cells} cells) by {best}, the faster method,",
        "log_count(region) for the logarithm of the count (seconds)",
    )
    return best


def _float_partition_function(region, weights):
    """The partition function of float weights, a float: ``exp(log_count(region, weights))``.

    ``log_count`` certifies ``log Z`` within ``1e-9 * max(1, |log Z|)``, so the
    float has a relative error of at most about ``1e-9 * max(1, |log Z|)``.
    Refused (FloatRangeError, a TooLargeError and a PrecisionError) when ``Z`` is outside the
    normal range of float64: a ``0.0`` would read as "no tiling".
    """
    log_z = kasteleyn.log_count_checked(region, weights)
    return _validate.float_from_log(
        log_z,
        "the partition function of these float weights",
        "log_count(region, weights) gives its logarithm, or use Fraction weights for the exact value",
    )


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
        :func:`choose_method`).
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
        (``exp(log_count(region, weights))``, relative error at most about
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
        (by either method); ``log_count(region, weights)`` gives its logarithm.
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
    region, method, weights = _checked(region, method, weights, ("auto", *METHODS))
    by_flux = _validate.boolean(by_flux, "by_flux")
    if region.is_periodic:  # tori and cylinders: dominotiling.surfaces.periodic
        _surface_only(weights, client)
        if by_flux:
            raise DominoTilingError(
                "by_flux=True counts the flux sectors of plane regions with holes; on a torus or "
                "cylinder, count_by_seam_parity(region) counts the tilings by their seam crossings"
            )
        from ..surfaces.periodic import count_surface_checked

        return as_count(count_surface_checked(region, method))
    if by_flux:
        if weights is not None or client is not None or method != "auto":
            raise DominoTilingError(
                "count_tilings(..., by_flux=True) counts uniform tilings on this "
                "machine by its own method: drop weights=, client= and method="
            )
        from ..surfaces.flux import count_by_flux

        return {k: as_count(v) for k, v in count_by_flux(region).items()}
    if client is not None:
        if method not in ("auto", "kasteleyn"):
            raise DominoTilingError(
                f"with a client, counts are spread over workers by the Kasteleyn method; "
                f"method={method!r} runs on this machine only: drop client= or the method"
            )
        if weights is not None:
            raise DominoTilingError("weighted counts run on this machine only: drop client=")
        from ..parallel import count_distributed

        return as_count(count_distributed(region, client=client, method="kasteleyn"))
    if weights is not None:
        if method == "auto":
            mask, _, _ = region.narrow_view()
            fits = mask.shape[1] <= transfer.MAX_WIDTH
            if weights.kind in ("int", "fraction"):
                method = (
                    "kasteleyn"  # measured faster than the weighted DP on squares and strips alike
                )
            elif fits:  # float: the DP's proven 2n * 2**-53; symbolic: the DP's polynomial
                method = "transfer"
            else:
                method = "kasteleyn"
        if method == "transfer":
            return as_count(transfer.count_checked(region, weights))
        if weights.kind == "symbolic":  # any width: the determinant interpolated over primes
            from .symbolic import symbolic_count

            return symbolic_count(region, weights)
        if weights.kind == "float":
            return _float_partition_function(region, weights)
        if not region.is_balanced:
            return 0
        return as_count(kasteleyn.count_checked(region, weights))
    if not region.is_balanced:
        return 0
    if method == "auto":
        method = choose_method(region)
    return as_count(_CHECKED[method](region, None))


def _checked(region, method, weights, methods):
    """The front doors' one check: ``(region, method, weights)``, the region of any kind.

    A plane region's weights are checked against it (None stays None); a torus or
    cylinder takes no weights (refused by its route).
    """
    region = _validate.region(region, periodic_ok=True)
    method = _validate.choice(method, "method", methods)
    if not region.is_periodic:
        from ..model.weighting import check_weights

        weights = check_weights(weights, region)
    return region, method, weights


def _surface_only(weights, client=None):
    """Refuse what tori and cylinders do not take: weights (no placement across a seam), a client."""
    if weights is not None:
        raise DominoTilingError(
            "weights are not supported on tori and cylinders (a Weights object has no placements "
            "across the seams): drop weights=, or use Region(region.mask) for the plane region"
        )
    if client is not None:
        raise DominoTilingError("tori and cylinders are counted on this machine only: drop client=")


@keyword_only("weights")
def log_count(region, *, weights=None):
    """Natural logarithm of the number of tilings (or of a weighted partition function), certified.

    Parameters
    ----------
    region : Region
        Any region; a million cells take seconds. A torus or cylinder
        (:meth:`Region.torus`, :meth:`Region.cylinder`; no weights) goes to
        :func:`dominotiling.surfaces.periodic.log_count_surface`: Kasteleyn's product
        formula in floating point, any size.
    weights : Weights, optional
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
    returned when it is affordable (:func:`count_kasteleyn`; for int and Fraction
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
    region, _, weights = _checked(region, "auto", weights, ("auto",))
    if (
        region.is_periodic
    ):  # tori and cylinders: Kasteleyn's product formula (dominotiling.surfaces.periodic)
        _surface_only(weights)
        from ..surfaces.periodic import log_count_surface_checked

        return log_count_surface_checked(region)
    if weights is not None:
        weights._need_numbers("log_count")
    return kasteleyn.log_count_checked(region, weights)
