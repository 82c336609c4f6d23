"""Kasteleyn's theorem: tilings of any region as a determinant.

Give each edge of the cell graph a sign (or a unit complex number) so that every
bounded face satisfies Kasteleyn's condition; then the black-by-white weighted
adjacency matrix ``A`` satisfies ``|det A| = number of tilings``. This module builds
such a matrix for *every* region, holes of any parity included, counts tilings
exactly from it (a banded determinant modulo many primes), and gives log-counts
for regions of a million cells. With edge weights (:class:`~dominotiling.Weights`)
the same determinant is the partition function: exact for int and Fraction
weights (:func:`count_kasteleyn`), certified logarithms for float weights
(:func:`log_count`), and sympy polynomials for symbolic weights at any width
(:func:`dominotiling.counting.symbolic.symbolic_count`, by evaluation modulo primes and
interpolation).

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.counting.kasteleyn import count_kasteleyn, kasteleyn_matrix
>>> count_kasteleyn(Region.rectangle(8, 8))
12988816
>>> ring = Region.from_strings(["...", ".#.", "..."])     # a one-cell hole
>>> kasteleyn_matrix(ring).shape, count_kasteleyn(ring)
((4, 4), 2)

References
----------
.. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
.. [2] P. W. Kasteleyn, "Dimer statistics and phase transitions", J. Math. Phys. 4 (1963).
.. [3] R. Kenyon, "Lectures on dimers", IAS/Park City Math. Series 16 (2009).
"""

from __future__ import annotations

import math

import numpy as np

from .._exact import hadamard_log2_bound
from .._options import check_memory, deprecated_limits, memory_limit
from .._util import keyword_only, user_stacklevel
from ..errors import TooLargeError
from ..matching.matchings import is_tileable
from ..model.region import (
    Region,  # noqa: F401 -- used by the docstring examples
    check_region,
    label_components,
)  # Region: used by the docstring examples
from ..model.weighting import check_weights
from . import nested_dissection
from .determinants import det_exact

__all__ = [
    "kasteleyn_matrix",
    "kasteleyn_signs",
    "count_kasteleyn",
    "determinant_problem",
    "log_count_checked",
    "cost_estimate",
    "elimination_seconds",
    "choose_elimination",
]

#: Bytes per cell that building the sparse Kasteleyn matrix takes at its peak (index
#: arrays, COO parts, the CSR result), an upper estimate used before building it.
_BUILD_BYTES_PER_CELL = 120

__getattr__ = deprecated_limits(__name__, "MEMORY_LIMIT")

#: Measured cost of the banded elimination, in seconds: ``fixed + primes * cells * (per_unit +
#: per_op * (w/2 + 1)**2)``, ``w`` the narrower side. Fitted to warm
#: ``count_tilings(..., method="kasteleyn")`` times of 85 rectangles from 2 x 2 to 18 x 250 on a
#: 2-vCPU AMD EPYC (the machine of ``benchmarks/RESULTS.md``) by least squares on the logarithm
#: of the time: 1.8 ms to start (the matrix, the primes, the CRT); per cell and prime 104 ns,
#: plus 1.5 ns per entry of the band's square.
BAND_COST = (1.76e-3, 1.04e-7, 1.49e-9)
#: The eliminations of :func:`count_kasteleyn`.
ELIMINATIONS = ("auto", "band", "dissection")


def elimination_seconds(cells, w, primes):
    """``{"band": seconds, "dissection": seconds}``: both eliminations' measured cost models.

    ``cells`` cells, ``w`` the narrower side, ``primes`` primes below ``2**26``
    (see :data:`BAND_COST` and :func:`dominotiling.counting.nested_dissection.estimated_seconds`).

    Examples
    --------
    >>> costs = elimination_seconds(40000, 200, 770)       # the 200 x 200 square
    >>> costs["dissection"] < 30 < costs["band"]
    True
    """
    fixed, per_unit, per_op = BAND_COST
    half = w // 2 + 1
    return {
        "band": fixed + primes * cells * (per_unit + per_op * half * half),
        "dissection": nested_dissection.estimated_seconds(cells, w, primes),
    }


def _shape_costs(region):
    """:func:`elimination_seconds` of a plane region's exact count, from its shape alone."""
    mask, _, _ = region.narrow_view()
    cells = region.n_cells
    if cells == 0:
        return {"band": 0.0, "dissection": 0.0}
    bits = min(cells / 2, region.log2_count_bound())
    return elimination_seconds(cells, mask.shape[1], bits / 26 + 1)


def choose_elimination(region):
    """``"band"`` or ``"dissection"``: the elimination :func:`count_kasteleyn` uses on `region`.

    The one its measured cost model (:func:`elimination_seconds`) finds faster: the
    band on narrow strips (up to about 20 cells wide), nested dissection beyond.

    Examples
    --------
    >>> choose_elimination(Region.rectangle(12, 200)), choose_elimination(Region.rectangle(60, 60))
    ('band', 'dissection')
    """
    costs = _shape_costs(region)
    return "band" if costs["band"] <= costs["dissection"] else "dissection"


def kasteleyn_signs(mask):
    """Signs of the vertical edges that make the real weighting Kasteleyn.

    Parameters
    ----------
    mask : numpy.ndarray of bool, 2-D

    Returns
    -------
    numpy.ndarray of int8, shape ``(rows - 1, cols)``
        ``s[r, c]`` is the sign of the edge between cells ``(r, c)`` and
        ``(r + 1, c)``; horizontal edges all have sign +1.

    Notes
    -----
    Kasteleyn's condition for a bipartite plane graph: around every bounded face
    of length ``2k`` the number of negative edges is ``k + 1`` modulo 2. With
    ``(-1)**c`` on vertical edges every unit square of the lattice of cell centres
    has one negative edge. A larger face ``F`` (around a hole) then has
    ``(-1)**area(F)`` as its sign product, and by Pick's theorem
    ``area(F) = I + k - 1`` with ``I`` the lattice points strictly inside -- the
    condition holds exactly when ``I`` is even. For each connected component and
    each of its holes with an odd number of cells, the signs of the component's
    vertical edges crossed by a horizontal ray from the hole to the right are
    flipped: the face around the hole is crossed once, every other face an even
    number of times, so every face ends up with an even count of odd holes inside
    or one flip, as it needs.
    """
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    signs = np.where(np.arange(cols) % 2 == 0, 1, -1).astype(np.int8)
    signs = np.broadcast_to(signs, (max(rows - 1, 0), cols)).copy()
    if rows < 3 or cols < 3:
        return signs
    from scipy import ndimage

    comp, n_comp = label_components(mask)
    for k, box in enumerate(ndimage.find_objects(comp), 1):
        if box is None or box[0].stop - box[0].start < 3 or box[1].stop - box[1].start < 3:
            continue  # too small to surround a hole
        sub = comp[box] == k
        padded = np.pad(~sub, 1, constant_values=True)
        holes, n_holes = label_components(padded)
        outside = holes[0, 0]
        sizes = np.bincount(holes.ravel(), minlength=n_holes + 1)
        vert = sub[:-1] & sub[1:]
        r0, c0 = box[0].start, box[1].start
        for h in range(1, n_holes + 1):
            if h == outside or sizes[h] % 2 == 0:
                continue
            hr, hc = np.argwhere(holes == h)[0] - 1  # first cell of the hole, in `sub`
            crossed = np.flatnonzero(vert[hr, hc + 1 :]) + hc + 1
            signs[r0 + hr, c0 + crossed] *= -1
    return signs


def mask_matrix(mask, kind, weights=None):
    """Kasteleyn matrix of a mask (rows: black cells, columns: white cells, row-major).

    ``weights``: None, or ``(horizontal, vertical)`` int64 or float64 arrays of the
    mask's placements ``(rows, cols - 1)`` and ``(rows - 1, cols)``, multiplied into
    the entries (``kind="real"`` only; the matrix takes their dtype); a zero weight
    leaves the entry out.
    """
    from scipy import sparse

    rows, cols = mask.shape
    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    white = mask & ((r + c) % 2 == 1)
    bidx = np.full(mask.shape, -1, dtype=np.int64)
    widx = np.full(mask.shape, -1, dtype=np.int64)
    bidx[black] = np.arange(int(black.sum()))
    widx[white] = np.arange(int(white.sum()))
    signs = kasteleyn_signs(mask)
    parts_b, parts_w, parts_v = [], [], []
    # horizontal edges: weight 1
    both = mask[:, :-1] & mask[:, 1:]
    a, b = bidx[:, :-1], bidx[:, 1:]
    wa, wb = widx[:, :-1], widx[:, 1:]
    hw = np.ones(both.shape, dtype=np.int64) if weights is None else weights[0]
    sel = both & (a >= 0)
    parts_b.append(a[sel]), parts_w.append(wb[sel]), parts_v.append(hw[sel])
    sel = both & (b >= 0)
    parts_b.append(b[sel]), parts_w.append(wa[sel]), parts_v.append(hw[sel])
    # vertical edges: sign s (real) or i * s / (-1)**c (complex)
    both = mask[:-1] & mask[1:]
    unit = (
        signs.astype(np.int64)
        if kind == "real"
        else 1j * signs * np.where(np.arange(cols) % 2 == 0, 1, -1)
    )
    if weights is not None:
        unit = unit * weights[1]
    a, b = bidx[:-1], bidx[1:]
    wa, wb = widx[:-1], widx[1:]
    sel = both & (a >= 0)
    parts_b.append(a[sel]), parts_w.append(wb[sel]), parts_v.append(unit[sel])
    sel = both & (b >= 0)
    parts_b.append(b[sel]), parts_w.append(wa[sel]), parts_v.append(unit[sel])
    if kind != "real":
        dtype = complex
    elif weights is None:
        dtype = np.int8
    else:
        dtype = np.result_type(weights[0].dtype, weights[1].dtype, np.int64)
    vals = np.concatenate(parts_v).astype(dtype)
    shape = (int(black.sum()), int(white.sum()))
    out = sparse.csr_matrix((vals, (np.concatenate(parts_b), np.concatenate(parts_w))), shape=shape)
    if weights is not None:
        out.eliminate_zeros()  # a zero weight forbids the placement
    return out


def _integer_weights(weights, region, mask, offset, transposed):
    """``(horizontal, vertical, scale)``: the weights on the narrow mask as int64, times `scale`.

    Integer weights come as they are (``scale = 1``); Fraction weights are
    multiplied by the least common multiple ``L`` of their denominators (then the
    count is ``det / L**(cells / 2)``). Refused clearly for float and symbolic
    weights, and for integers that do not fit in a machine word.
    """
    from fractions import Fraction

    from ..errors import DominoTilingError

    if weights.kind not in ("int", "fraction"):
        raise DominoTilingError(
            f"exact counts take int or Fraction weights; these are {weights.kind} weights. "
            "Convert them (e.g. Weights.from_arrays with Fractions) -- float and symbolic "
            "weighted counts are not implemented yet"
        )
    narrow = weights.narrow(mask, offset, transposed)
    scale = narrow.denominator_lcm() if weights.kind == "fraction" else 1
    out = []
    for arr in (narrow.horizontal, narrow.vertical):
        if arr.dtype == object:
            ints = [int(Fraction(x) * scale) for x in arr.ravel()]
            if ints and max(ints) >= 2**62:
                raise DominoTilingError(
                    "the weights (times the common denominator) exceed 2**62; exact counts "
                    "need weights that fit in a machine word -- scale them down"
                )
            arr = np.array(ints, dtype=np.int64).reshape(arr.shape)
        out.append(np.ascontiguousarray(arr, dtype=np.int64))
    return out[0], out[1], scale


@keyword_only("kind")
def kasteleyn_matrix(region, *, kind="real"):
    """The Kasteleyn matrix of a region: ``|det| = number of tilings``.

    Parameters
    ----------
    region : Region
        Any region; holes of any size and parity are handled.
    kind : {"real", "complex"}
        ``"real"``: entries ±1 (horizontal edges +1, vertical ones ``(-1)**col``,
        corrected around holes with an odd number of cells). ``"complex"``:
        horizontal edges 1, vertical ones ``±i`` (the source article's weighting,
        with the same corrections).

    Returns
    -------
    scipy.sparse.csr_matrix
        Rows are the black cells, columns the white cells, each in row-major
        order: the block ``A`` of ``K = [[0, A], [A.T, 0]]``.

    See Also
    --------
    count_tilings, log_count, count_perfect_matchings

    Notes
    -----
    Kasteleyn's theorem: for a plane bipartite graph whose edge weights make the
    alternating product around every bounded face of length ``2k`` equal to
    ``(-1)**(k+1)``, ``|det A|`` is the number of perfect matchings. The unit
    squares of the grid satisfy it with the weights above; faces around holes
    need the correction explained in :func:`kasteleyn_signs`.

    Examples
    --------
    >>> A = kasteleyn_matrix(Region.rectangle(2, 2))
    >>> A.toarray().tolist()
    [[1, 1], [-1, 1]]
    >>> abs(round(float(np.linalg.det(A.toarray()))))
    2
    """
    check_region(region)
    from .. import _validate

    _validate.choice(kind, "kind", ("real", "complex"))
    return mask_matrix(region.mask, kind)


def _band_bytes(n_rows, kl, ku):
    from numba import get_num_threads

    return get_num_threads() * n_rows * (2 * kl + ku + 1) * 8


def cost_estimate(region):
    """``(operations, bytes)`` that :func:`count_kasteleyn` would spend, or None if refused.

    Operations are eliminations of one entry: ``n * kl * (kl + ku)`` per prime for
    ``n`` black cells and bandwidths ``kl, ku`` (about half the short side ``w``),
    one prime per 26 bits of the bound; where the band would not fit in memory,
    those of nested dissection (about ``cells * w`` per prime), or None when that
    does not fit either. Computed from the region's shape alone, without building
    the matrix.
    """
    mask, _, _ = region.narrow_view()
    if mask.size == 0:
        return 0.0, 0
    n = region.n_cells // 2
    half = mask.shape[1] // 2 + 1
    primes = region.n_cells / 2 / 26 + 1  # Hadamard: at most one bit per black cell
    need = _band_bytes(n, half, half)
    if need + _BUILD_BYTES_PER_CELL * mask.size <= memory_limit():
        return float(n) * half * 2 * half * primes, need
    from .._interrupt import threads

    need = int(nested_dissection.estimated_bytes(region.n_cells, mask.shape[1], threads()))
    if need + _BUILD_BYTES_PER_CELL * mask.size > memory_limit():
        return None
    # nested dissection: about cells * w updates per prime (its cost model's unit)
    return float(region.n_cells) * mask.shape[1] * primes, need


def determinant_problem(region, weights=None, elimination="band"):
    """The exact determinant that counts `region`'s tilings: ``(matrix, log2_bound)``.

    With int or Fraction `weights` (:class:`~dominotiling.Weights`), the
    weighted matrix and ``(matrix, log2_bound, scale)``: the partition function is
    ``|det| / scale**(cells / 2)``.

    The real Kasteleyn matrix of the region turned to run along its long side
    (narrow band) and the smaller of Hadamard's bound on its determinant and
    Brègman's on the count. Returns the count itself, an int, when it needs no
    determinant (0 for an unbalanced region, 1 for an empty one). Shared by
    :func:`count_kasteleyn` and ``parallel.count_distributed``; `elimination`
    (``"band"`` or ``"dissection"``) says whose memory is checked.

    Raises
    ------
    TooLargeError
        If the matrix and the bands of the elimination would not fit in the memory
        budget (``set_options``); refused before they are built.
    """

    check_region(region)
    return problem_checked(region, check_weights(weights, region), elimination)


def problem_checked(region, weights, elimination="band"):
    """:func:`determinant_problem` on checked arguments (a plane Region; None or fitting Weights).

    The memory checked before building is the band's (``elimination="band"``) or
    that of the nested dissection (``"dissection"``).
    """
    if weights is not None and weights.is_uniform:
        weights = None
    if not region.is_balanced:
        return 0
    mask, offset, transposed = region.narrow_view()
    if mask.size == 0:
        return 1
    what = (
        f"the exact Kasteleyn determinant of this region ({region.n_cells} cells, "
        f"{mask.shape[1]} wide on its narrower side)"
    )
    alternative = "log_count(region) for the logarithm of the count in floating point"
    # before building anything: the matrix and bands of about half the narrow side
    half = mask.shape[1] // 2 + 1
    if elimination == "band":
        need = _band_bytes(region.n_cells // 2, half, half)
    else:
        from .._interrupt import threads

        need = nested_dissection.estimated_bytes(region.n_cells, mask.shape[1], threads())
    check_memory(need + _BUILD_BYTES_PER_CELL * mask.size, what, alternative)
    if weights is None:
        a = mask_matrix(mask, "real")
    else:
        h, v, scale = _integer_weights(weights, region, mask, offset, transposed)
        a = mask_matrix(mask, "real", (h, v))
    from .._exact import bandwidths

    if elimination == "band":
        kl, ku = bandwidths(a)
        check_memory(_band_bytes(a.shape[0], kl, ku), what + "'s bands", alternative)
    if weights is None:
        return a, min(hadamard_log2_bound(a), region.log2_count_bound())
    # Brègman's bound on the count times the largest weight once per domino
    top = max(int(h.max(initial=0)), int(v.max(initial=0)))
    bregman = region.log2_count_bound() + (region.n_cells // 2) * math.log2(max(top, 1))
    return a, min(hadamard_log2_bound(a), bregman + 1.0), scale


def count_kasteleyn(region, weights=None, *, elimination="auto"):
    """Number of tilings of `region`, exactly, as a Kasteleyn determinant.

    Parameters
    ----------
    region : Region
        Any region: any width, holes of any parity, several components.
    weights : Weights, optional
        Int or Fraction weights: the result is the partition function, the sum
        over tilings of the product of their dominoes' weights, of the same exact
        type. A zero weight forbids a placement.
    elimination : {"auto", "band", "dissection"}, keyword-only
        How the determinant is eliminated: inside a band (``"band"``), along a
        nested dissection of the cells (``"dissection"``,
        :mod:`dominotiling.counting.nested_dissection`), or the one the measured cost
        models find faster (``"auto"``, :func:`choose_elimination`: the band on strips
        up to about 20 cells wide).

    Returns
    -------
    int or fractions.Fraction

    Raises
    ------
    TooLargeError
        If the matrix and the tables of the elimination would not fit in the memory
        budget (``set_options``); refused before they are built.

    Notes
    -----
    The determinant is computed modulo primes below ``2**26`` and put together by
    the Chinese remainder theorem. The number of primes follows from Hadamard's
    bound ``|det A| <= prod ||row||`` (at most ``sqrt(4)`` per black cell), or
    Brègman's bound on the count if smaller. The band: the region is turned so that
    its cells run row by row along the long side; then the Kasteleyn matrix is
    banded, with bandwidth about half the short side ``w``, and Gaussian
    elimination inside the band costs ``O(cells * w**2)`` per prime, one prime per
    thread. Nested dissection: ``O(cells * min(w, sqrt(cells)))`` per prime (the
    200 x 200 square in seconds), eight primes at a time per thread.

    Examples
    --------
    >>> count_kasteleyn(Region.aztec_diamond(4)) == 2 ** 10
    True
    >>> from dominotiling import Weights
    >>> count_kasteleyn(Region.rectangle(2, 2), Weights.by_orientation((2, 2), 2, 3))  # 2*2 + 3*3
    13
    >>> count_kasteleyn(Region.rectangle(30, 30), elimination="band") == count_kasteleyn(
    ...     Region.rectangle(30, 30), elimination="dissection")
    True
    """
    from .. import _validate

    check_region(region)
    elimination = _validate.choice(elimination, "elimination", ELIMINATIONS)
    return count_checked(region, check_weights(weights, region), elimination)


def count_checked(region, weights, elimination="auto"):
    """:func:`count_kasteleyn` on checked arguments (a plane Region; None or int/Fraction Weights): ``count_tilings``'s route."""
    if elimination == "auto":
        elimination = choose_elimination(region)
    problem = problem_checked(region, weights, elimination)
    if isinstance(problem, int):
        return problem
    a, bound = problem[0], problem[1]
    det = None
    if elimination == "dissection":
        mask, _, _ = region.narrow_view()
        det = nested_dissection.det_exact_nested(a, bound, mask=mask)
    if det is None:  # the band, or three probes of the dissection found it singular
        det = abs(det_exact(a, log2_bound=bound))
    if len(problem) == 2 or weights.kind == "int":
        return det
    scale = problem[2]
    from fractions import Fraction

    return Fraction(det, scale ** (region.n_cells // 2))


# ---------------------------------------------------------------- log_count
#: log_count's promise: its error is at most this times ``max(1, log(count))``.
_LOG_RTOL = 1e-9
#: Two float routes that agree this much closer than the promise are accepted ...
_AGREE_TWO = 1e-4
#: ... otherwise a third is computed, and all three must agree this much closer.
_AGREE_THREE = 1e-2
#: When the float routes disagree, the exact count serves if its measured cost model
#: (:func:`elimination_seconds`, the faster elimination) expects at most this many seconds.
_EXACT_FALLBACK_SECONDS = 120.0
#: Bytes per nonzero of SuperLU's factors at the peak of a factorisation (values,
#: indices, its growing work arrays, and scipy's copy of ``U``): 20 measured on the
#: 1000 x 1000 square (6.0e7 nonzeros, 1.2 GB).
_LU_BYTES_PER_ENTRY = 24
#: SuperLU (as scipy builds it) indexes its factors with 32-bit ints.
_SUPERLU_MAX_ENTRIES = 2**31 - 1


def lu_entries(n, w):
    """An upper estimate of ``nnz(L + U)`` of SuperLU on ``n`` black cells, ``w`` the narrow side.

    Measured on squares up to 600 x 600 and strips 20 to 300 wide, with COLAMD
    and MMD_ATA orderings: at most ``0.94 n w`` on strips and ``4.8 n**1.25`` on
    squares; these bounds with a margin of 10-15 %.
    """
    return min(1.05 * n * (w + 2), 5.5 * float(n) ** 1.25) + 4.0 * n


def _lu_log_abs_det(a, permc_spec):
    """``sum log |U_ii|`` of SuperLU's ``LU`` of the sparse matrix `a` with partial pivoting.

    NaN when SuperLU finds the matrix singular in floating point, ``-inf`` for a
    zero pivot.
    """
    from scipy.sparse.linalg import splu

    try:
        lu = splu(a, permc_spec=permc_spec, diag_pivot_thresh=1.0)
    except RuntimeError:  # singular in floating point
        return math.nan
    diag = np.abs(lu.U.diagonal())
    del lu
    with np.errstate(divide="ignore"):
        return float(np.log(diag).sum())


def _float_weights(weights, mask, offset, transposed):
    """``(horizontal, vertical, log_top)``: the weights on the narrow mask as float64 over their largest.

    See :func:`scaled_weights`; for the crop-and-transpose of :meth:`Region.narrow_view`.
    """
    h, v = weights.narrow(mask, offset, transposed).as_float()
    return scaled_weights(h, v)


def scaled_weights(h, v):
    """``(h / M, v / M, log M)`` as new float64 arrays, ``M`` the largest weight (``log M = 0`` if none).

    Dividing by the largest weight keeps the entries in ``[0, 1]`` (no overflow in
    a factorisation); a partition function is then ``M`` times larger per domino.
    Raises :class:`PrecisionError` when a nonzero weight would underflow to 0 (the
    weights span more than float64's range), which would forbid its placement.
    """
    from ..errors import PrecisionError

    h, v = np.array(h, dtype=np.float64), np.array(v, dtype=np.float64)
    top = max(float(h.max(initial=0.0)), float(v.max(initial=0.0)))
    if top == 0.0:
        return h, v, 0.0
    hs, vs = h / top, v / top
    if ((hs == 0) & (h != 0)).any() or ((vs == 0) & (v != 0)).any():
        raise PrecisionError(
            f"the weights span more than float64's range (largest {top:.3g}, and some nonzero ones "
            "underflow to 0 beside it); rescale them, or use int or Fraction weights for exact counts"
        )
    return hs, vs, math.log(top)


def _has_perfect_matching(a):
    """True when the bipartite graph of the nonzero entries of the square sparse `a` has a perfect matching.

    Exact (Hopcroft--Karp, ``scipy.sparse.csgraph.maximum_bipartite_matching``):
    decides whether any tiling uses only placements of nonzero weight.
    """
    from scipy.sparse.csgraph import maximum_bipartite_matching

    if a.shape[0] != a.shape[1]:
        return False
    if a.shape[0] == 0:
        return True
    pattern = a.tocsr().copy()
    pattern.eliminate_zeros()
    match = maximum_bipartite_matching(pattern, perm_type="column")
    return bool((match >= 0).all())


def _certified_log_abs_det(a):
    """``(value, routes)``: ``log |det a|`` certified by agreeing LU routes, or ``(None, routes)``.

    `a` is a float sparse matrix (COO); see :func:`log_count` for the routes and
    their agreement thresholds.
    """
    routes = [_lu_log_abs_det(a.tocsc(), "COLAMD")]
    scale = _LOG_RTOL * max(1.0, abs(routes[0]) if math.isfinite(routes[0]) else 1.0)
    # more routes: another order on A^T, then A again, each scaled by fixed pseudo-random
    # factors in [1, 2), so that no rounding error is shared (unscaled, the ±1 entries make
    # two eliminations round alike in places). Scaling an entry by (1 + delta) moves
    # log |det| by delta times its placement probability: rounding the scaled entries
    # costs at most n u.
    for seed, spec, transpose, agree in (
        (13, "MMD_ATA", True, _AGREE_TWO),
        (31, "COLAMD", False, _AGREE_THREE),
    ):
        rng = np.random.default_rng(seed)
        rs, cs = np.exp2(rng.random(a.shape[0])), np.exp2(rng.random(a.shape[1]))
        m = a.copy()
        m.data *= rs[m.row] * cs[m.col]
        m = m.T.tocsc() if transpose else m.tocsc()
        routes.append(_lu_log_abs_det(m, spec) - math.fsum(np.log(rs)) - math.fsum(np.log(cs)))
        del m
        if all(map(math.isfinite, routes)) and max(routes) - min(routes) <= agree * scale:
            return routes[0], routes
    return None, routes


def _certified_nested(mask, a, weights):
    """``(value, routes)`` as :func:`_certified_log_abs_det`, by the nested-dissection LU.

    The routes: `a` along the dissection of `mask`; then the Kasteleyn matrix of the
    transposed region (other signs, the same ``|det|``) along its own dissection,
    rows and columns scaled by fixed pseudo-random factors in ``[1, 2)``; then `a`
    scaled otherwise with a stricter pivot threshold. The agreement rule is the
    same as for SuperLU's routes.
    """
    plan = nested_dissection.dissection_plan(mask)
    routes = [nested_dissection.log_abs_det_nested(plan, a.tocsr())]
    scale = _LOG_RTOL * max(1.0, abs(routes[0]) if math.isfinite(routes[0]) else 1.0)
    turned = None if weights is None else (weights[1].T.copy(), weights[0].T.copy())
    for seed, on_transpose, threshold, agree in (
        (13, True, 0.1, _AGREE_TWO),
        (31, False, 0.5, _AGREE_THREE),
    ):
        if on_transpose:
            sub, m = mask.T.copy(), mask_matrix(mask.T.copy(), "real", turned).astype(float).tocoo()
        else:
            sub, m = mask, a.copy()
        rng = np.random.default_rng(seed)
        rs, cs = np.exp2(rng.random(m.shape[0])), np.exp2(rng.random(m.shape[1]))
        m.data *= rs[m.row] * cs[m.col]
        value = nested_dissection.log_abs_det_nested(
            nested_dissection.dissection_plan(sub) if on_transpose else plan, m.tocsr(), threshold
        )
        routes.append(value - math.fsum(np.log(rs)) - math.fsum(np.log(cs)))
        del m
        if all(map(math.isfinite, routes)) and max(routes) - min(routes) <= agree * scale:
            return routes[0], routes
    return None, routes


def _log_exact(value):
    """The natural logarithm of a positive int or Fraction, however large."""
    from fractions import Fraction

    if isinstance(value, Fraction):
        return math.log(value.numerator) - math.log(value.denominator)
    return math.log(value)


def tileable_with_weights(region, weights):
    """Whether a plane `region` has a tiling by placements of nonzero weight (exact: a maximum matching).

    >>> from dominotiling import Region, Weights
    >>> tileable_with_weights(Region.rectangle(2, 2), Weights.by_orientation((2, 2), 0.0, 1.0))
    True
    >>> tileable_with_weights(Region.rectangle(1, 2), Weights.by_orientation((1, 2), 0.0, 1.0))
    False
    """
    mask, offset, transposed = region.narrow_view()
    if mask.size == 0:
        return True
    if not region.is_balanced:
        return False
    h, v = weights.narrow(mask, offset, transposed).as_float()
    pattern = (np.asarray(h) != 0).astype(np.float64), (np.asarray(v) != 0).astype(np.float64)
    return bool(_has_perfect_matching(mask_matrix(mask, "real", pattern).tocoo()))


def log_count_checked(region, weights, *, tileable=None):
    """:func:`dominotiling.log_count` of a plane region on checked arguments (its plane route).

    `tileable`: True when the caller knows that the region has a tiling (its own
    matching, with no kernel to compile, found one), which skips :func:`is_tileable`
    for uniform weights.
    """
    from ..errors import PrecisionError

    if weights is not None and weights.is_uniform:
        weights = None
    if not region.is_balanced:
        return -math.inf
    mask, offset, transposed = region.narrow_view()
    if mask.size == 0:
        return 0.0
    n, w = region.n_cells // 2, mask.shape[1]
    entries = lu_entries(n, w)
    what = (
        f"the sparse LU factors of this region's Kasteleyn matrix ({region.n_cells} cells, "
        f"{w} wide on its narrower side: about {entries:.2g} nonzeros)"
    )
    build = _BUILD_BYTES_PER_CELL * mask.size
    lu_fits = (
        entries <= _SUPERLU_MAX_ENTRIES and _LU_BYTES_PER_ENTRY * entries + build <= memory_limit()
    )
    # beyond SuperLU's reach (its 32-bit indices, or its factors over the budget): the
    # multifrontal LU along a nested dissection, whose fronts are small (2000 x 2000: 1.5 GB)
    if not lu_fits:
        what = (
            f"the nested-dissection LU of this region's Kasteleyn matrix ({region.n_cells} "
            f"cells, {w} wide on its narrower side)"
        )
        check_memory(
            nested_dissection.estimated_bytes(region.n_cells, w, 1) + build,
            what,
            "a smaller region",
        )
    if weights is None:
        if not (tileable or is_tileable(region)):
            return -math.inf
        a = mask_matrix(mask, "real").astype(float).tocoo()
        shift = 0.0
    else:
        h, v, log_top = _float_weights(weights, mask, offset, transposed)
        a = mask_matrix(mask, "real", (h, v)).tocoo()
        # every placement of nonzero weight: the region's own tileability (fast) decides
        everywhere = bool(
            (h[mask[:, :-1] & mask[:, 1:]] != 0).all() and (v[mask[:-1] & mask[1:]] != 0).all()
        )
        if everywhere:
            if not is_tileable(region):
                return -math.inf
        elif not _has_perfect_matching(a):
            return -math.inf
        shift = n * log_top
    if lu_fits:
        value, routes = _certified_log_abs_det(a)
    else:
        value, routes = _certified_nested(mask, a, None if weights is None else (h, v))
    if value is not None:
        return value + shift
    del a
    scale = _LOG_RTOL * max(1.0, abs(routes[0]) if math.isfinite(routes[0]) else 1.0)
    seconds = min(_shape_costs(region).values())
    exact_route = weights is None or weights.kind in ("int", "fraction")
    if exact_route and seconds <= _EXACT_FALLBACK_SECONDS:
        try:  # > 0: a tiling exists
            value = _log_exact(count_checked(region, weights))
        except TooLargeError:  # its tables over the memory budget: refuse as below
            pass
        else:
            import warnings

            from ..errors import ExactFallbackWarning

            warnings.warn(
                "log_count: the float routes could not certify this region's logarithm (its "
                "Kasteleyn matrix is too ill-conditioned for double precision); the answer is "
                "the logarithm of the exact count (count_tilings), computed instead",
                ExactFallbackWarning,
                stacklevel=user_stacklevel(),
            )
            return value
    if exact_route:
        alternative = (
            f"The exact count would take about {seconds:.2g} s: "
            "math.log(dominotiling.count_tilings(region, method='kasteleyn'"
            f"{'' if weights is None else ', weights=weights'})) gives it exactly, given the time"
        )
    else:
        alternative = (
            "These are float weights, which have no exact route: convert them to Fractions "
            "(Fraction(x) is exact for a float x) for the exact partition function of "
            "count_tilings(region, weights=...)"
        )
    raise PrecisionError(
        f"log_count cannot certify this region's logarithm in floating point: three LU "
        f"factorisations of its Kasteleyn matrix give "
        f"{', '.join(f'{v + shift:.12g}' for v in routes)}, which must agree within "
        f"{_AGREE_THREE * scale:.2g}; the matrix is too ill-conditioned for double precision "
        f"(as for Aztec diamonds from order ~45). {alternative}"
    )
