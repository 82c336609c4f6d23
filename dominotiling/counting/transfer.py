"""The broken-profile (transfer-matrix) DP: count, find, maximum cover, sample.

The region is swept cell by cell, row by row, over its narrower side of ``w``
cells. The state between two cells is a *profile* of ``w`` bits saying which cells
of the frontier are already covered by dominoes sticking out of the part swept so
far. At each cell there are three cases (the source article's): place a vertical
domino, place a horizontal one, or skip a cell that is already covered. So the
cost is ``O(cells * 2**w)`` time and ``O(2**w)`` memory per layer, whatever the
region's length.

The same sweep runs in other semirings (:mod:`dominotiling.counting.weighted_transfer`):
with domino weights (``weights=``), a move multiplies by its domino's weight --
modulo primes for exact int and Fraction partition functions, in float64 for
float weights, at integer points for a symbolic generating polynomial, and in the
max-plus semiring for maximum-weight covers.

Examples
--------
>>> from dominotiling import Region, count_tilings, find_tiling
>>> count_tilings(Region.rectangle(8, 8), method="transfer")
12988816
>>> find_tiling(Region.rectangle(2, 3)).n_dominoes
3

References
----------
.. [1] "Замощение доминошками" (Domino tilings), Habr: profile DP, covers,
   Kuhn's algorithm, colouring -- the first source article of this library.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from .._exact import crt, crt_near, float_sum_error, moduli_for_bits, near_interval
from .._options import check_memory, deprecated_limits, format_bytes, memory_limit
from ..errors import NoTilingError, TooLargeError
from ..model.region import Region, check_region  # Region: used by the docstring examples  # noqa: F401 -- used by the docstring examples
from ..model.tiling import OUTSIDE, UNCOVERED, Tiling
from ..model.weighting import check_weights

__all__ = [
    "count_transfer",
    "find_tiling",
    "max_cover",
    "sample_transfer",
    "cost_estimate",
    "MAX_WIDTH",
]

#: The widest narrow side the DP accepts (``2**22`` profiles per layer).
MAX_WIDTH = 22
#: The narrower side up to which the DP is the faster finder (``find_tiling(method="auto")``).
DP_AUTO_WIDTH = 12
#: Kept for old callers: the float sweep once served only counts below 2**FLOAT_LANE_BITS;
#: it rescales now and serves every size (see count_transfer).
FLOAT_LANE_BITS = 1000

#: What serves instead, for each job, when a region is too wide for the DP.
_ALTERNATIVES = {
    "count": "count wider regions with the Kasteleyn determinant, polynomial in the "
    "region's size: count_tilings(region, method='kasteleyn')",
    "cover": "maximum_matching(region) finds a largest cover (and a tiling when there is "
    "one) of any region",
    "sample": "random_tiling(region, method='cftp') samples regions without holes of any "
    "width exactly (coupling from the past on height functions)",
}


class _Sweep:
    """The region cropped to its cells and turned so that the sweep runs over the narrow side."""

    def __init__(self, region):
        self.shape = region.shape
        mask, (self.r0, self.c0), self.transposed = region.narrow_view()
        if mask.flags.writeable:  # a crop or a turn is a copy: read-only like an uncropped view,
            mask = mask.view()  # so that every region reaches the kernels with one array type
            mask.flags.writeable = False  # (numba compiles again for a writable array)
        self.mask = mask

    @property
    def width(self):
        return self.mask.shape[1]

    def check_width(self, bytes_per_state, what, job):
        """Refuse, before allocating, a region too wide for the DP or tables over the budget."""
        w = self.width
        if w > MAX_WIDTH:
            raise TooLargeError(
                f"the region is {w} cells wide on its narrower side; the profile DP accepts "
                f"widths up to {MAX_WIDTH} (it would need 2**{w} profiles x {bytes_per_state} "
                f"bytes = {format_bytes((1 << min(w, 4096)) * bytes_per_state)} for {what}); "
                f"{_ALTERNATIVES[job]}"
            )
        check_memory(
            (1 << w) * bytes_per_state,
            f"the profile DP's {what} (2**{w} profiles x {bytes_per_state} bytes)",
            _ALTERNATIVES[job],
        )

    def to_labels(self, labels):
        """Map labels of the swept mask back onto the region's full shape."""
        out = np.full(self.shape, OUTSIDE, dtype=np.int32)
        lab = labels.T if self.transposed else labels
        out[self.r0 : self.r0 + lab.shape[0], self.c0 : self.c0 + lab.shape[1]] = lab
        return out


def _fmt_bytes(n):
    return format_bytes(n)  # kept for old callers; any size, no overflow


__getattr__ = deprecated_limits(__name__, "MEMORY_LIMIT")


def cost_estimate(region):
    """``(operations, bytes)`` that :func:`count_transfer` would spend, or None if refused.

    Operations are additions of one residue: ``cells * 2**w`` per modulus, one
    modulus per 62 bits of Brègman's bound; bytes are one layer of residues.
    """
    mask, _, _ = region.narrow_view()
    w = mask.shape[1] if mask.size else 0
    lanes = 1 + int(max(0.0, region.log2_count_bound() - 64) // 62 + 1)
    layer = (1 << w) * 8 * lanes
    if w > MAX_WIDTH or (1 << w) * 8 > memory_limit():
        return None
    return float(mask.size) * (1 << w) * lanes, min(layer, memory_limit())


def count_transfer(region, weights=None):
    """Number of domino tilings of `region` by the profile DP, exactly; or their weighted sum.

    Parameters
    ----------
    region : Region
        Any region whose narrower side (of the bounding box of its cells) is at
        most :data:`MAX_WIDTH` = 22 cells.
    weights : Weights, optional
        One weight per domino placement (:class:`~dominotiling.model.weights.Weights`);
        the result is then the partition function, the sum over tilings of the
        product of their dominoes' weights, in the weights' type (see Notes).

    Returns
    -------
    int, fractions.Fraction, float or sympy expression
        The exact count (a Python int); with weights: an int for int weights, a
        Fraction for Fraction weights (both exact), a float for float weights, a
        sympy polynomial in the symbols for symbolic weights (the generating
        polynomial of the tilings).

    Raises
    ------
    TooLargeError
        If the region is too wide; raised before anything is allocated.
    WeightError
        If the weights' shape is not the region's.
    DominoTypeError
        If symbolic weights are not polynomials with rational coefficients.

    Notes
    -----
    Each thread sweeps the whole region for one modulus: ``2**64`` (unsigned words
    wrap by themselves) or one of the largest primes below ``2**63``, so a step is
    an addition and one comparison; regions at most 8 cells wide sweep a batch of
    moduli per thread at once. The residues fix the count by the Chinese
    remainder theorem once the moduli's product exceeds a rigorous bound, the
    smaller of two:

    - ``2**B`` for ``B`` the better of Brègman's bound on the permanent of the
      black-white adjacency matrix, ``#tilings <= prod_b (d_b!)**(1/d_b)`` over
      the black cells ``b`` of degree ``d_b`` (or the white ones), and the
      transfer-matrix bound ``prod F(L + 1)`` over the maximal runs of ``L`` cells
      of every row (or column): whatever sticks into a row from above, its free
      cells can be covered in at most that many ways
      (:func:`dominotiling.model.bounds.tiling_log2_bound`). On a ``1 x n`` strip the
      latter is exactly 1, so one modulus serves, where Brègman's bound asked for
      ``n / 250``.
    - The interval left by a float64 sweep, rescaled by a power of two at each
      row (exact): while no entry leaves the normal range of float64 -- checked
      -- its result has a proven relative error below ``n * 2**-53`` for ``n``
      cells (sums of non-negatives, :func:`dominotiling._exact.float_sum_error`),
      which pins the count to an interval about ``2**(bits - 45)`` wide;
      residues modulo a product larger than that interval suffice. It runs in
      the first round beside the first moduli, and serves when it needs fewer
      (a ``2 x n`` strip: ``0.69 n`` bits where Brègman's bound says ``0.86 n``;
      a 16x16 board: one round of two sweeps instead of three).

    Every sweep runs in slices of about 0.05 s on a shared thread pool, so
    Ctrl-C stops all of them within a fraction of a second.

    Cost: ``O(cells * 2**w)`` per sweep, memory ``8 * 2**w`` bytes per thread. A
    region with unequal numbers of black and white cells returns 0 at once: each
    domino covers one of each.

    **Weights.** A vertical or horizontal move multiplies by its domino's
    weight; everything else is as above.

    - *int and Fraction*: the weights times ``L``, the lcm of their denominators,
      are integers, and the sweep's value is ``L**k`` times the partition
      function (``k = cells / 2`` dominoes per tiling), at most ``2**B`` with
      ``B`` the unweighted bound above plus ``k * log2(L * max weight)``
      (``Weights.log2_max``). Each sweep runs modulo a prime below ``2**31``
      (so that a product of residues fits in a word; the residues come from
      ``Weights.as_int_mod``), with as many primes as ``2**B`` needs; the CRT
      gives the value, divided by ``L**k`` at the end.
    - *float*: one float64 sweep, rescaled by powers of two at each row. Every
      entry is a sum of products of non-negative numbers and each cell adds at
      most one multiplication and one addition to it, so with ``n`` cells and
      ``u = 2**-53`` the result has a proven relative error at most
      ``2 n u / (1 - 2 n u)`` (Higham, *Accuracy and Stability of Numerical
      Algorithms*, 2nd ed., Lemma 3.1): ``2.2e-14`` for a 100 x 100 board. If an
      entry falls below float64's normal range (weights spanning hundreds of
      orders of magnitude) the bound would not hold, and the value is then
      computed exactly from the weights as Fractions and rounded once. A value
      beyond float64's range is ``inf``.
    - *symbolic*: the generating polynomial, by evaluation at integer points
      modulo primes and interpolation (Kronecker's substitution for several
      symbols; homogeneous weights such as ``by_orientation(x, y)`` lose one
      symbol first). The degree in each symbol is at most ``k`` times its
      largest degree in a weight, which fixes the number of points; the
      coefficients are bounded by ``#tilings * max |w|_1**k``, which fixes the
      number of primes.

    Examples
    --------
    >>> count_transfer(Region.rectangle(8, 8))
    12988816
    >>> count_transfer(Region.rectangle(3, 3))
    0
    >>> from dominotiling.model.weights import Weights
    >>> count_transfer(Region.rectangle(2, 3), Weights.by_orientation((2, 3), 1, 2))
    12
    >>> import sympy
    >>> x, y = sympy.symbols("x y")
    >>> count_transfer(Region.rectangle(2, 4), Weights.by_orientation((2, 4), x, y))
    x**4 + 3*x**2*y**2 + y**4
    """

    check_region(region)
    return count_checked(region, check_weights(weights, region))


def count_checked(region, weights):
    """:func:`count_transfer` on checked arguments (a plane Region; None or fitting Weights): ``count_tilings``'s route."""
    if weights is not None:
        if weights.is_uniform:
            return _as_kind(count_checked(region, None), weights.kind)
        return _count_weighted(region, weights)
    if not region.is_balanced:
        return 0
    sweep = _Sweep(region)
    if sweep.mask.size == 0:
        return 1
    if sweep.mask.size << sweep.width <= SMALL_SWEEP:  # a small board: no kernel, no numba
        return count_small(sweep.mask)
    threads = _threads()
    sweep.check_width(8 * threads, "one layer per thread", "count")
    return _count_exactly(sweep.mask, region.log2_count_bound())


#: A sweep of at most this many profile updates (``cells * 2**width``) is counted by
#: :func:`count_small` in plain Python: the 8 x 8 board (16,384) in about 10 ms, less than
#: numba takes to import, and no kernel to compile or load on a first call.
SMALL_SWEEP = 40_000


def count_small(mask):
    """The number of tilings of a boolean `mask` by the broken-profile DP in plain Python ints.

    The same sweep as the kernels (:mod:`dominotiling._kernels.profile_dp`), cell by cell in
    row-major order, over a dict ``{profile: count}`` of the profiles reached: bit ``j`` of a
    profile says that the cell in column ``j`` of the row ahead of the sweep is already covered
    by a vertical domino. Exact with no moduli, so no bound on the count is needed; its cost is
    ``cells * 2**width`` dict updates, for the small boards of :data:`SMALL_SWEEP`.

    Examples
    --------
    >>> import numpy as np
    >>> count_small(np.ones((8, 8), bool)), count_small(np.ones((3, 3), bool))
    (12988816, 0)
    """
    cells = [[bool(x) for x in row] for row in np.asarray(mask, dtype=bool).tolist()]
    rows = len(cells)
    w = len(cells[0]) if rows else 0
    layer = {0: 1}
    for r in range(rows):
        here, below = cells[r], cells[r + 1] if r + 1 < rows else [False] * w
        for c in range(w):
            bit, right = 1 << c, 1 << (c + 1)
            free = here[c]
            down = below[c]
            side = c + 1 < w and here[c + 1]
            nxt = {}
            for profile, n in layer.items():
                if profile & bit:  # covered from above: the row ahead's cell is free again
                    key = profile & ~bit
                    nxt[key] = nxt.get(key, 0) + n
                elif not free:  # a blocked cell: nothing covers it
                    nxt[profile] = nxt.get(profile, 0) + n
                else:
                    if down:  # a vertical domino into the row ahead
                        key = profile | bit
                        nxt[key] = nxt.get(key, 0) + n
                    if side and not profile & right:  # a horizontal domino to the right
                        key = profile | right
                        nxt[key] = nxt.get(key, 0) + n
            layer = nxt
    return layer.get(0, 0)


def _as_kind(n, kind):
    """The int `n` in the type of weights of `kind`."""
    if kind == "fraction":
        from fractions import Fraction

        return Fraction(n)
    if kind == "float":
        return float(n)
    if kind == "symbolic":
        import sympy

        return sympy.Integer(n)
    return n


def _count_weighted(region, weights):
    """The partition function of non-uniform `weights` (already checked), in their type."""
    from . import weighted_transfer as wt

    kind = weights.kind
    if not region.is_balanced:
        return _as_kind(0, kind)
    sweep = _Sweep(region)
    if sweep.mask.size == 0:
        return _as_kind(1, kind)
    sweep.check_width(8 * _threads(), "one layer per thread", "count")
    narrow = weights.narrow(*region.narrow_view())
    bound = region.log2_count_bound()
    if kind in ("int", "fraction"):
        return wt.count_exact(sweep, narrow, bound)
    if kind == "float":
        mantissa, exponent, ok = wt.count_float(sweep, narrow)
        if ok and mantissa == 0.0 and _tileable_with(region, weights):
            ok = False  # a row's products underflowed to an exact-looking zero
        if ok:
            if mantissa == 0.0:
                return 0.0
            log_z = math.log(mantissa) + exponent * math.log(2.0)
            if _validate.LOG_FLOAT_MIN <= log_z <= _validate.LOG_FLOAT_MAX:
                return math.ldexp(mantissa, exponent)
            _validate.float_from_log(log_z, _FLOAT_Z, _FLOAT_ALTERNATIVE)  # raises FloatRangeError
        from fractions import Fraction

        h, v = narrow.as_float()
        exact = narrow.from_arrays(
            np.array([Fraction(x) for x in h.ravel().tolist()], dtype=object).reshape(h.shape),
            np.array([Fraction(x) for x in v.ravel().tolist()], dtype=object).reshape(v.shape),
        )
        value = wt.count_exact(sweep, exact, bound)
        if value == 0:
            return 0.0
        # log of the exact Fraction without converting it (it may be far outside float64)
        log_z = _log_fraction(value)
        if _validate.LOG_FLOAT_MIN <= log_z <= _validate.LOG_FLOAT_MAX:
            return float(value)
        _validate.float_from_log(log_z, _FLOAT_Z, _FLOAT_ALTERNATIVE)  # raises FloatRangeError
    return wt.count_symbolic(sweep, narrow, bound)


_FLOAT_Z = "the partition function of these float weights"
_FLOAT_ALTERNATIVE = (
    "log_count(region, weights=weights) gives its logarithm; Fraction weights "
    "(Weights.from_arrays of Fraction arrays: Fraction(x) is exact) give the exact value"
)


def _log_fraction(q):
    """``log(q)`` of a positive Fraction (or int) of any size."""
    return math.log(q.numerator) - math.log(q.denominator)  # math.log takes ints of any size


def _tileable_with(region, weights):
    """Whether a tiling uses only placements of nonzero weight (exactly, by a maximum matching)."""
    from .kasteleyn import tileable_with_weights

    return tileable_with_weights(region, weights)


def _threads():
    """Threads for the counting sweeps: numba's setting (``NUMBA_NUM_THREADS``)."""
    from .._interrupt import threads

    return threads()


#: Regions at most this wide sweep many moduli at once (a batch layer ``(2**w, K)``).
_BATCH_WIDTH = 8
# a sweep smaller than this (profile updates, all moduli together) runs in the calling thread
_INLINE_WORK = 2_000_000


def _count_exactly(mask, bound):
    """The count of `mask` from residues of sweeps; as few moduli as the bounds allow.

    Round 1: the float sweep beside the first moduli (as many as leave one thread
    for the float sweep); round 2: the moduli still needed, by the smaller of two
    counts -- enough for ``2**bound`` (Brègman's or the row bound) or for the
    interval that the float sweep's proven error leaves (see :func:`count_transfer`).
    """
    threads = _threads()
    by_bound = moduli_for_bits(bound)
    first = by_bound[: max(1, threads - 1)]
    if len(first) == len(by_bound):  # the bound alone needs no more: no float sweep
        return crt(_residues(mask, first, False)[0], first)
    residues, (approx, ok) = _residues(mask, first, True)
    rel = float_sum_error(mask.size)
    moduli = by_bound
    if ok:
        lo, hi = near_interval(approx, rel)
        by_float = moduli_for_bits((hi - lo + 1).bit_length())
        if len(by_float) < len(by_bound):
            moduli = by_float
    if len(moduli) > len(first):
        extra, _ = _residues(mask, moduli[len(first) :], False)
        residues = list(residues) + list(extra)
    else:
        residues = list(residues)[: len(moduli)]
    if moduli is by_bound:
        return crt(residues, moduli)
    return crt_near(residues, moduli, approx, rel)


def _residues(mask, moduli, with_float):
    """``(residues, (approx, ok))``: the count mod each modulus, and the rescaled float sweep.

    Every sweep runs in slices on the shared thread pool (``_interrupt``), so that
    Ctrl-C stops them all within a fraction of a second. Narrow regions sweep the
    moduli in batches, one batch per thread. ``approx`` is an exact Fraction
    (``mantissa * 2**exponent``); ``ok`` is False when the float sweep left the
    normal range, and then its error bound does not hold.
    """
    from fractions import Fraction

    from .._interrupt import Pacer, run_tasks
    from .._kernels.profile_dp import advance_float, advance_mod, advance_mod_many

    rows, w = mask.shape
    cells, n_states = mask.size, 1 << w
    moduli = np.asarray(moduli, dtype=np.uint64)
    threads = _threads()
    batch = w <= _BATCH_WIDTH and len(moduli) > 1
    groups = (
        np.array_split(moduli, min(threads, len(moduli)))
        if batch
        else [np.array([m]) for m in moduli]
    )
    check_memory(
        8 * n_states * (len(moduli) if batch else min(threads, len(moduli)) + 1),
        f"the profile DP's layers for {len(moduli)} moduli (2**{w} profiles each)",
        _ALTERNATIVES["count"],
    )

    def sweep_mod(group):
        def run(stop):
            pacer = Pacer(max(1, 2**20 // (n_states * len(group))), stop)
            if batch:
                layers = np.zeros((n_states, len(group)), dtype=np.uint64)
                layers[0] = 1
                for a, b in pacer.ranges(0, cells):
                    advance_mod_many(mask, layers, group, a, b)
                return [layers[0, k] for k in range(len(group))]
            layer = np.zeros(n_states, dtype=np.uint64)
            layer[0] = 1
            for a, b in pacer.ranges(0, cells):
                advance_mod(mask, layer, group[0], a, b)
            return [layer[0]]

        return run

    def sweep_float(stop):
        layer = np.zeros(n_states, dtype=np.float64)
        layer[0] = 1.0
        scale = np.zeros(1, dtype=np.int64)
        ok = True
        for a, b in Pacer(max(1, 2**20 // n_states), stop).ranges(0, cells):
            ok &= bool(advance_float(mask, layer, a, b, scale))
        return Fraction(float(layer[0])) * Fraction(2) ** int(scale[0]), ok

    tasks = [sweep_mod(group) for group in groups]
    if with_float:
        tasks.append(sweep_float)
    inline = cells * n_states * (len(moduli) + with_float) < _INLINE_WORK
    out = run_tasks(tasks, inline=inline)
    residues = [r for part in out[: len(groups)] for r in part]
    return residues, (out[-1] if with_float else (None, False))


def _solve(sweep, mode, uniforms=None):
    """Forward DP with checkpoints, then walk back: (labels, final value).

    ``mode`` 0 is the max-cover DP (int32, fewest uncovered cells), mode 1 the float
    counting DP used by the sampler. Layers are kept every ``stride`` cells and the
    layers in between recomputed on the way back, so memory is
    ``O(sqrt(cells) * 2**w)`` and time twice the forward sweep.
    """
    from .._kernels import profile_dp as k

    mask = sweep.mask
    rows, w = mask.shape
    n_cells = rows * w
    n_states = 1 << w
    stride = max(w, math.isqrt(n_cells))
    n_seg = -(-n_cells // stride)
    itemsize = 4 if mode == 0 else 8
    sweep.check_width(
        itemsize * (n_seg + stride + 2),
        f"{n_seg + stride + 2} layers",
        "cover" if mode == 0 else "sample",
    )
    dtype = np.int32 if mode == 0 else np.float64
    forward = k.forward_min if mode == 0 else k.forward_float
    layers = k.layers_min if mode == 0 else k.layers_float

    from .._interrupt import Pacer

    layer = np.full(n_states, k._INF if mode == 0 else 0, dtype=dtype)
    layer[0] = 0 if mode == 0 else 1
    checkpoints = np.empty((n_seg, n_states), dtype=dtype)
    pacer = Pacer(max(1, 2**20 // n_states))  # calls of ~0.05 s: Ctrl-C arrives between them
    for s in range(n_seg):
        checkpoints[s] = layer
        for a, b in pacer.ranges(s * stride, min(n_cells, (s + 1) * stride)):
            forward(mask, layer, a, b)
    final = layer[0]
    if mode == 1 and final == 0:
        return None, final
    labels = np.where(mask, UNCOVERED, OUTSIDE).astype(np.int32)
    if uniforms is None:
        uniforms = np.zeros(n_cells)
    state, next_id = 0, 0
    block = np.empty((stride + 1, n_states), dtype=dtype)
    for s in range(n_seg - 1, -1, -1):
        start, stop = s * stride, min(n_cells, (s + 1) * stride)
        block[0] = checkpoints[s]
        for a, b in pacer.ranges(start, stop):
            layers(mask, block, start, a, b)
        state, next_id = k.backtrack(
            mask, block, start, stop, state, labels, next_id, uniforms, mode
        )
    return labels, final


def max_cover(region, *, weights=None):
    """A partial tiling covering as many cells of `region` as possible (or of largest weight).

    Parameters
    ----------
    region : Region
        Narrower side at most :data:`MAX_WIDTH` cells.
    weights : Weights, optional, keyword-only
        Int, Fraction or float weights: the cover returned then maximises the
        *sum* of its dominoes' weights (a maximum-weight matching of the cells;
        a zero weight forbids a placement). Uniform weights give a largest cover.

    Returns
    -------
    Tiling
        Uncovered cells are labelled ``-2``; ``tiling.n_uncovered`` is the least
        possible number of uncovered cells (without weights).

    Raises
    ------
    TooLargeError
        If the DP's layers would not fit (see :func:`count_transfer`).

    Notes
    -----
    The source article's maximum-cover DP: a fourth case, "leave this cell
    uncovered", at a cost of one, and each profile keeps the fewest uncovered
    cells. Walking back from the final profile through optimal predecessors
    rebuilds a cover in ``O(cells)`` steps: from a profile, the possible
    predecessors are determined by the profile itself (at most three), so no
    search over all ``2**w`` profiles is needed. Layers are checkpointed every
    ``~sqrt(cells)`` cells and recomputed on the way back: memory
    ``O(sqrt(cells) * 2**w)``.

    With weights, the same DP runs in the max-plus semiring: each profile keeps
    the largest total weight of a partial cover reaching it (-inf: none), a
    domino adds its weight, an uncovered cell adds nothing, and the walk back
    follows a predecessor whose value plus its move's weight equals the value
    reached (the values are recomputed by the same float64 operations, so the
    equality is exact). The sums are float64: exact for int weights while the
    largest possible total, ``cells / 2 * max weight``, stays below ``2**53``
    (checked); Fraction weights are rounded to floats first, so near-ties between
    covers may be decided by rounding.

    Examples
    --------
    >>> t = max_cover(Region.rectangle(3, 3))
    >>> t.n_dominoes, t.n_uncovered
    (4, 1)
    >>> from dominotiling.model.weights import Weights
    >>> w = Weights.from_arrays([[1, 5]], np.zeros((0, 3), dtype=int))   # a 1 x 3 strip
    >>> max_cover(Region.rectangle(1, 3), weights=w).dominoes.tolist()
    [[[0, 1], [0, 2]]]
    """
    check_region(region)
    weights = _check_numeric_weights(weights, region, "max_cover")
    return max_cover_checked(region, weights)


def max_cover_checked(region, weights):
    """:func:`max_cover` on checked arguments (a plane Region; None or numeric Weights): ``max_cover``'s route."""
    sweep = _Sweep(region)
    if sweep.mask.size == 0:
        return Tiling(region, np.where(region.mask, UNCOVERED, OUTSIDE), validate=False)
    if weights is None:
        labels, _ = _solve(sweep, 0)
    else:
        labels, _ = _solve_maxplus(sweep, region, weights, uncovered=True)
    return Tiling(region, sweep.to_labels(labels), validate=False)


def _check_numeric_weights(weights, region, what):
    """Checked `weights` (None when absent or uniform); symbolic ones refused naming `what`."""
    if weights is None:
        return None

    weights = check_weights(weights, region)
    if weights.kind == "symbolic":
        weights._need_numbers(what)
    return None if weights.is_uniform else weights


def _solve_maxplus(sweep, region, weights, uncovered):
    """``(labels, best total)`` of the max-plus DP (see :func:`max_cover`)."""
    from . import weighted_transfer as wt

    narrow = weights.narrow(*region.narrow_view())
    H, V = wt.float_arrays(sweep, narrow, fill=-np.inf)
    if narrow.kind == "int":
        top = max(
            [float(H[np.isfinite(H)].max(initial=0)), float(V[np.isfinite(V)].max(initial=0))]
        )
        if top * (sweep.mask.sum() // 2 + 1) >= 2.0**53:
            raise TooLargeError(
                f"int weights up to {top:.3g} can sum to 2**53 or more over {sweep.mask.sum() // 2} dominoes, "
                "beyond what float64 sums hold exactly; scale the weights down (Fractions or floats)"
            )
    return wt.solve(sweep, H, V, 2, uncovered=uncovered)


def find_tiling(region, *, weights=None):
    """One tiling of `region`, or None when there is none; with weights, one of largest total weight.

    The source article's ``cover_if_possible``: the maximum-cover DP of
    :func:`max_cover` finds a cover leaving no cell uncovered exactly when one
    exists, and the walk back costs ``O(cells)``.

    Parameters
    ----------
    region : Region
        Narrower side at most :data:`MAX_WIDTH` cells.
    weights : Weights, optional, keyword-only
        Int, Fraction or float weights: the tiling returned maximises the sum
        of its dominoes' weights among all tilings that use no zero-weight
        placement (None if there is none); the max-plus DP of :func:`max_cover`
        without the "uncovered" move.

    Returns
    -------
    Tiling or None

    Examples
    --------
    >>> find_tiling(Region.rectangle(2, 2)).is_complete
    True
    >>> find_tiling(Region.rectangle(3, 3)) is None
    True
    """
    check_region(region)
    return find_checked(region, _check_numeric_weights(weights, region, "find_tiling"))


def find_checked(region, weights):
    """:func:`find_tiling` on checked arguments (a plane Region; None or numeric Weights): ``find_tiling``'s route."""
    if not region.is_balanced:
        return None
    if weights is None:
        tiling = max_cover_checked(region, None)
        return tiling if tiling.is_complete else None
    sweep = _Sweep(region)
    if sweep.mask.size == 0:
        return Tiling(region, np.full(region.shape, OUTSIDE, dtype=np.int32), validate=False)
    labels, _ = _solve_maxplus(sweep, region, weights, uncovered=False)
    return None if labels is None else Tiling(region, sweep.to_labels(labels), validate=False)


def sample_transfer(region, seed=None, *, weights=None):
    """A uniformly random tiling of `region` (or one of the weighted measure), drawn backwards through the DP counts.

    Parameters
    ----------
    region : Region
        A region with at least one tiling, narrower side at most :data:`MAX_WIDTH`.
    seed : None, int or numpy.random.Generator
        Source of randomness; the same seed gives the same tiling.
    weights : Weights, optional, keyword-only
        Int, Fraction or float weights (zero forbids a placement): the tiling is
        then drawn with probability proportional to the product of its dominoes'
        weights. ``None`` (or uniform weights) keeps the uniform sampler, with
        the same tiling for the same seed.

    Returns
    -------
    Tiling

    Raises
    ------
    DominoTilingError
        If the region has no tiling.
    TooLargeError
        If the DP's layers would not fit in the memory budget (``set_options``).

    Notes
    -----
    The forward DP counts, for every profile after every cell, the partial
    tilings that reach it; the walk back from the end picks each predecessor with
    probability proportional to its count, so every tiling is drawn with
    probability ``prod(count ratios) = 1 / #tilings``. The counts are float64,
    rescaled at each row; a sum of non-negative floats over at most ``n`` steps
    has relative error at most ``n * 2**-53``, so each choice's probability is off
    by a factor within ``1 +- 2n * 2**-53`` and a tiling's probability within a
    factor ``exp(2 n**2 * 2**-53)`` of uniform (``1 + 2e-8`` for ``n = 10**4``
    cells) -- far below anything a statistical test can see. Sizes: narrower side
    up to 22 cells, memory about ``16 * sqrt(cells) * 2**w`` bytes.

    With weights the forward DP sums weight x count (float64, one multiplication
    and one addition per entry and cell: relative error ``2n * 2**-53`` per
    entry), and the walk back picks the horizontal predecessor with probability
    proportional to its count times the domino's weight (a vertical domino is
    forced by the profile and its weight already counted), so a tiling is drawn
    with probability ``weight / Z`` within a factor ``exp(4 n**2 * 2**-53)``.
    Weights spanning hundreds of orders of magnitude may round small counts to
    zero after a row's rescaling; such tilings are then never drawn.

    Examples
    --------
    >>> t = sample_transfer(Region.rectangle(4, 4), seed=1)
    >>> t.is_complete
    True
    """
    check_region(region)
    rng = _validate.seed(seed)
    return sample_checked(region, rng, _check_numeric_weights(weights, region, "sample_transfer"))


def sample_checked(region, rng, weights):
    """:func:`sample_transfer` on checked arguments (a plane Region, a Generator, None or numeric Weights): ``random_tiling``'s route."""
    sweep = _Sweep(region)
    if sweep.mask.size == 0:  # no cell: the empty tiling is the only one (count 1)
        return Tiling(region, np.full(region.shape, OUTSIDE, dtype=np.int32), validate=False)
    if not region.is_balanced:
        labels = None
    elif weights is None:
        uniforms = rng.random(sweep.mask.size)
        labels, _ = _solve(sweep, 1, uniforms)
    else:
        from . import weighted_transfer as wt

        H, V = wt.float_arrays(sweep, weights.narrow(*region.narrow_view()))
        uniforms = rng.random(sweep.mask.size)
        labels, _ = wt.solve(sweep, H, V, 1, uniforms)
    if labels is None:
        if weights is not None:
            raise NoTilingError(
                "the region has no tiling of positive weight (zero weights forbid every tiling), so "
                "there is none to sample; find_tiling(region) says whether it has a tiling at all"
            )
        raise NoTilingError(
            "the region has no tiling, so there is none to sample; max_cover(region) "
            "gives the largest partial cover instead"
        )
    return Tiling(region, sweep.to_labels(labels), validate=False)
