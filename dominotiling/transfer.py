"""The broken-profile (transfer-matrix) DP: count, find, maximum cover, sample.

The region is swept cell by cell, row by row, over its narrower side of ``w``
cells. The state between two cells is a *profile* of ``w`` bits saying which cells
of the frontier are already covered by dominoes sticking out of the part swept so
far. At each cell there are three cases (the source article's): place a vertical
domino, place a horizontal one, or skip a cell that is already covered. So the
cost is ``O(cells * 2**w)`` time and ``O(2**w)`` memory per layer, whatever the
region's length.

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

from ._random import as_generator
from .errors import DominoTilingError, TooLargeError
from .exact import crt, crt_near, float_sum_error, moduli_for_bits, word_moduli
from .region import Region, check_region  # Region: used by the docstring examples
from .tiling import OUTSIDE, UNCOVERED, Tiling

__all__ = ["count_transfer", "find_tiling", "max_cover", "sample_transfer", "cost_estimate", "MAX_WIDTH"]

#: The widest narrow side the DP accepts (``2**22`` profiles per layer).
MAX_WIDTH = 22
#: Memory the DP's tables may take, in bytes. Wider needs raise TooLargeError.
MEMORY_LIMIT = 4 * 2**30
#: Counts bounded below 2**FLOAT_LANE_BITS get a float64 sweep besides the residues
#: (below it the float sweep can neither overflow nor lose a term to underflow).
FLOAT_LANE_BITS = 1000

#: What serves instead, for each job, when a region is too wide for the DP.
_ALTERNATIVES = {
    "count": "count wider regions with the Kasteleyn determinant, polynomial in the "
    "region's size: count_tilings(region, method='kasteleyn')",
    "cover": "maximum_matching(region) finds a largest cover (and a tiling when there is "
    "one) of any region",
    "sample": "this version has no other exact sampler for regions this wide (coupling "
    "from the past on height functions is planned)",
}


class _Sweep:
    """The region cropped to its cells and turned so that the sweep runs over the narrow side."""

    def __init__(self, region):
        self.shape = region.shape
        self.mask, (self.r0, self.c0), self.transposed = region.narrow_view()

    @property
    def width(self):
        return self.mask.shape[1]

    def check_width(self, bytes_per_state, what, job):
        w = self.width
        need = (1 << w) * bytes_per_state
        if w > MAX_WIDTH or need > MEMORY_LIMIT:
            raise TooLargeError(
                f"the region is {w} cells wide on its narrower side; the profile DP would need "
                f"2**{w} profiles x {bytes_per_state} bytes = {_fmt_bytes(need)} for {what} "
                f"(it accepts widths up to {MAX_WIDTH} and {_fmt_bytes(MEMORY_LIMIT)}); "
                f"{_ALTERNATIVES[job]}"
            )

    def to_labels(self, labels):
        """Map labels of the swept mask back onto the region's full shape."""
        out = np.full(self.shape, OUTSIDE, dtype=np.int32)
        lab = labels.T if self.transposed else labels
        out[self.r0 : self.r0 + lab.shape[0], self.c0 : self.c0 + lab.shape[1]] = lab
        return out


def _fmt_bytes(n):
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if n < 1024 or unit == "PiB":
            return f"{n:.0f} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024


def cost_estimate(region):
    """``(operations, bytes)`` that :func:`count_transfer` would spend, or None if refused.

    Operations are additions of one residue: ``cells * 2**w`` per modulus, one
    modulus per 62 bits of Brègman's bound; bytes are one layer of residues.
    """
    mask, _, _ = region.narrow_view()
    w = mask.shape[1] if mask.size else 0
    lanes = 1 + int(max(0.0, region.log2_count_bound() - 64) // 62 + 1)
    layer = (1 << w) * 8 * lanes
    if w > MAX_WIDTH or (1 << w) * 8 > MEMORY_LIMIT:
        return None
    return float(mask.size) * (1 << w) * lanes, min(layer, MEMORY_LIMIT)


def count_transfer(region):
    """Number of domino tilings of `region` by the profile DP, exactly.

    Parameters
    ----------
    region : Region
        Any region whose narrower side (of the bounding box of its cells) is at
        most :data:`MAX_WIDTH` = 22 cells.

    Returns
    -------
    int
        The exact count, a Python int.

    Raises
    ------
    TooLargeError
        If the region is too wide; raised before anything is allocated.

    Notes
    -----
    Each thread sweeps the whole region for one modulus: ``2**64`` (unsigned words
    wrap by themselves) or one of the largest primes below ``2**63``, so a step is
    an addition and one comparison. How many moduli are needed follows from
    Brègman's bound on the permanent of the black-white adjacency matrix,
    ``#tilings <= prod_b (d_b!)**(1/d_b)`` over the black cells ``b`` of degree
    ``d_b`` (or the white ones, whichever is smaller); the residues then fix the
    count by the Chinese remainder theorem.

    When the bound is below :data:`FLOAT_LANE_BITS` bits, one more thread sweeps in
    float64. Its result has a proven relative error below ``n * 2**-53`` for ``n``
    cells (sums of non-negatives, see :func:`dominotiling.exact.float_sum_error`),
    which pins the count to an interval about ``2**(bits - 45)`` wide: residues
    modulo a product larger than that interval suffice. So the first round runs
    the float sweep beside ``2**64`` (and more primes if there are more threads),
    and a second round only when the interval is still wider than their product
    -- for a 16x16 board one round of two sweeps instead of three.

    Cost: ``O(cells * 2**w)`` per sweep, memory ``8 * 2**w`` bytes per thread. A
    region with unequal numbers of black and white cells returns 0 at once: each
    domino covers one of each.

    Examples
    --------
    >>> count_transfer(Region.rectangle(8, 8))
    12988816
    >>> count_transfer(Region.rectangle(3, 3))
    0
    """
    check_region(region)
    if not region.is_balanced:
        return 0
    sweep = _Sweep(region)
    if sweep.mask.size == 0:
        return 1
    threads = _threads()
    sweep.check_width(8 * threads, "one layer per thread", "count")
    bound = region.log2_count_bound()
    if bound >= FLOAT_LANE_BITS:
        moduli = moduli_for_bits(bound)
        return crt(_sweeps(sweep.mask, moduli, False)[0], moduli)
    first = word_moduli(max(1, threads - 1))
    residues, approx = _sweeps(sweep.mask, first, True)
    rel = float_sum_error(sweep.mask.size)
    count = crt_near(residues, first, approx, rel)
    if count is None:  # a second round: more primes, until the product covers the interval
        width = approx * 2.001 * float(rel) + 2  # above hi - lo + 1
        moduli = moduli_for_bits(math.log2(width) + 1)
        extra, _ = _sweeps(sweep.mask, moduli[len(first) :], False)
        count = crt_near(list(residues) + list(extra), moduli, approx, rel)
    return count


_POOL = None


def _threads():
    """Threads for the counting sweeps: numba's setting (``NUMBA_NUM_THREADS``)."""
    from numba import get_num_threads

    return max(1, get_num_threads())


def _sweeps(mask, moduli, with_float):
    """Residues for every modulus (and the float count) from sweeps run on a thread pool."""
    global _POOL
    from concurrent.futures import ThreadPoolExecutor

    from ._kernels.profile_dp import sweep_float, sweep_mod

    threads = _threads()
    if _POOL is None or _POOL._max_workers != threads:
        _POOL = ThreadPoolExecutor(threads, thread_name_prefix="dominotiling-dp")
    futures = [_POOL.submit(sweep_mod, mask, m) for m in moduli]
    approx = _POOL.submit(sweep_float, mask) if with_float else None
    return [f.result() for f in futures], (approx.result() if with_float else 0.0)


def _solve(sweep, mode, uniforms=None):
    """Forward DP with checkpoints, then walk back: (labels, final value).

    ``mode`` 0 is the max-cover DP (int32, fewest uncovered cells), mode 1 the float
    counting DP used by the sampler. Layers are kept every ``stride`` cells and the
    layers in between recomputed on the way back, so memory is
    ``O(sqrt(cells) * 2**w)`` and time twice the forward sweep.
    """
    from ._kernels import profile_dp as k

    mask = sweep.mask
    rows, w = mask.shape
    n_cells = rows * w
    n_states = 1 << w
    stride = max(w, math.isqrt(n_cells))
    n_seg = -(-n_cells // stride)
    itemsize = 4 if mode == 0 else 8
    sweep.check_width(itemsize * (n_seg + stride + 2), f"{n_seg + stride + 2} layers",
                      "cover" if mode == 0 else "sample")
    dtype = np.int32 if mode == 0 else np.float64
    forward = k.forward_min if mode == 0 else k.forward_float
    layers = k.layers_min if mode == 0 else k.layers_float

    layer = np.full(n_states, k._INF if mode == 0 else 0, dtype=dtype)
    layer[0] = 0 if mode == 0 else 1
    checkpoints = np.empty((n_seg, n_states), dtype=dtype)
    for s in range(n_seg):
        checkpoints[s] = layer
        forward(mask, layer, s * stride, min(n_cells, (s + 1) * stride))
    final = layer[0]
    if mode == 1 and final == 0:
        return None, final
    labels = np.where(mask, UNCOVERED, OUTSIDE).astype(np.int32)
    if uniforms is None:
        uniforms = np.zeros(n_cells)
    state, next_id = 0, 0
    for s in range(n_seg - 1, -1, -1):
        start, stop = s * stride, min(n_cells, (s + 1) * stride)
        block = layers(mask, checkpoints[s], start, stop)
        state, next_id = k.backtrack(mask, block, start, stop, state, labels, next_id, uniforms, mode)
    return labels, final


def max_cover(region):
    """A partial tiling covering as many cells of `region` as possible.

    Parameters
    ----------
    region : Region
        Narrower side at most :data:`MAX_WIDTH` cells.

    Returns
    -------
    Tiling
        Uncovered cells are labelled ``-2``; ``tiling.n_uncovered`` is the least
        possible number of uncovered cells.

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

    Examples
    --------
    >>> t = max_cover(Region.rectangle(3, 3))
    >>> t.n_dominoes, t.n_uncovered
    (4, 1)
    """
    check_region(region)
    sweep = _Sweep(region)
    if sweep.mask.size == 0:
        return Tiling(region, np.where(region.mask, UNCOVERED, OUTSIDE), validate=False)
    labels, _ = _solve(sweep, 0)
    return Tiling(region, sweep.to_labels(labels), validate=False)


def find_tiling(region):
    """One tiling of `region`, or None when there is none.

    The source article's ``cover_if_possible``: the maximum-cover DP of
    :func:`max_cover` finds a cover leaving no cell uncovered exactly when one
    exists, and the walk back costs ``O(cells)``.

    Parameters
    ----------
    region : Region
        Narrower side at most :data:`MAX_WIDTH` cells.

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
    if not region.is_balanced:
        return None
    tiling = max_cover(region)
    return tiling if tiling.is_complete else None


def sample_transfer(region, seed=None):
    """A uniformly random tiling of `region`, drawn backwards through the DP counts.

    Parameters
    ----------
    region : Region
        A region with at least one tiling, narrower side at most :data:`MAX_WIDTH`.
    seed : None, int or numpy.random.Generator
        Source of randomness; the same seed gives the same tiling.

    Returns
    -------
    Tiling

    Raises
    ------
    DominoTilingError
        If the region has no tiling.
    TooLargeError
        If the DP's layers would not fit in :data:`MEMORY_LIMIT`.

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

    Examples
    --------
    >>> t = sample_transfer(Region.rectangle(4, 4), seed=1)
    >>> t.is_complete
    True
    """
    check_region(region)
    rng = as_generator(seed)
    sweep = _Sweep(region)
    if not region.is_balanced:
        labels = None
    else:
        uniforms = rng.random(sweep.mask.size)
        labels, _ = _solve(sweep, 1, uniforms)
    if labels is None:
        raise DominoTilingError(
            "the region has no tiling, so there is none to sample; max_cover(region) "
            "gives the largest partial cover instead"
        )
    return Tiling(region, sweep.to_labels(labels), validate=False)
