"""Aztec diamonds: exact random tilings by domino shuffling, the arctic circle.

:func:`sample_aztec` draws an exactly uniform tiling of the Aztec diamond of order
``n`` -- or one from a periodically weighted measure such as the two-periodic
model -- by domino shuffling, in ``O(n**3)`` time and ``O(n**2)`` memory.
:func:`shuffle_frames` keeps every order for animations. The arctic circle
theorem's measurements live in :mod:`dominotiling.aztec.arctic` and are importable from
here too: :func:`aztec_types` splits the dominoes into the four kinds (north,
south, east, west) whose frozen brick walls fill the corners;
:func:`frozen_mask`, :func:`temperate_fraction` and :func:`arctic_circle`
measure and draw the arctic circle.

Examples
--------
>>> from dominotiling.aztec.shuffling import sample_aztec
>>> t = sample_aztec(20, seed=1)
>>> t.n_dominoes == 20 * 21
True
>>> sample_aztec(20, seed=1) == t  # the seed fixes the tiling
True

References
----------
.. [1] N. Elkies, G. Kuperberg, M. Larsen, J. Propp, "Alternating-sign matrices
   and domino tilings", J. Algebraic Combin. 1 (1992), 111-132 and 219-234.
.. [2] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
   circle theorem", arXiv:math/9801068 (1998).
.. [3] J. Propp, "Generalized domino-shuffling", Theoret. Comput. Sci. 303 (2003),
   267-301.
.. [4] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.
.. [5] Х. Нурлигареев, "Полоски из домино", Элементы -- the second source article.
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._options import check_memory, check_seconds, deprecated_limits
from .._util import keyword_only
from ..errors import DominoTilingError, TooLargeError
from ..model.frames import TilingFrame
from ..model.region import Region  # noqa: F401 -- used by the docstring examples
from ..model.tiling import Tiling
from ..model.weighting import check_weights, weighting
from ..model.weights import Weights
from .levels import _edge_weights
from .sample import AztecSample, _aztec_region

__all__ = [
    "aztec_order",
    "sample_shuffling",
    "sample_aztec",
    "shuffle_frames",
    "MAX_FRAMES_ORDER",
]

#: Largest order :func:`shuffle_frames` keeps every stage of.
MAX_FRAMES_ORDER = 60
#: CPU seconds per n**3 of a uniform sample_aztec: order 10,000 in 29 s (benchmarks/RESULTS.md).
SHUFFLE_SECONDS_PER_CUBE = 2.9e-11
#: The same with periodic weights, the fastest weighted kind: order 4000 in 14 s.
WEIGHTED_SECONDS_PER_CUBE = 2.2e-10

_SLICE_WORDS = 1 << 26  # words of the planes one kernel call of uniform shuffling goes over


def _run_key(rng):
    """The 64-bit key of a run's random streams: the first ``uint64`` that `rng` draws.

    ``rng.integers(0, 2**64, dtype=numpy.uint64)``: for an int seed the Generator is
    ``numpy.random.default_rng(seed)`` (PCG64, the same on every machine), and a
    Generator passed in gives its next word (and advances by that one draw).
    """
    return rng.integers(0, 2**64, dtype=np.uint64)


def _slice_stop(k, target, words=_SLICE_WORDS):
    """The order a kernel call of uniform (or bit-sliced periodic) shuffling from order `k` stops at.

    About `words` words of work (32 uniform stages, about 0.2 s, at order
    10,000), whole wavefronts when there are several: the sample does not depend on it.
    """
    from .._kernels.shuffling import WAVEFRONT

    stages = max(1, words // max(1, k * ((k + 63) // 64)))
    if stages > WAVEFRONT:
        stages -= stages % WAVEFRONT  # whole wavefronts
    return min(target, k + stages)


# ------------------------------------------------------------------ validation
def _check_order(n, name="n"):
    n = _validate.positive_int(n, f"{name} (the order of the diamond)")
    check_memory(
        n * (n + 2) // 2,
        f"a sample of the Aztec diamond of order {n} (its bit planes: two bits a cell)",
        "a smaller order (shuffling also takes O(n**3) time)",
    )
    return n


def _is_general(weights):
    """True for weights that need generalized shuffling: a Weights, or a periodic array with zeros."""
    if isinstance(weights, Weights):
        return True
    if weights is None:
        return False
    try:
        arr = np.asarray(weights, dtype=float)
    except (TypeError, ValueError):
        return False
    return (
        bool(arr.size)
        and bool(np.isfinite(arr).all())
        and bool((arr >= 0).all())
        and bool((arr == 0).any())
    )


def _level_probabilities(n, weights):
    """``(n, p, q)`` probabilities of a horizontal pair per level (uniform: a dummy)."""
    if weights is None:
        return np.full((1, 1, 1), 0.5)
    w = _edge_weights(weights)
    p, q = min(w.shape[0], n), min(w.shape[1], n)
    if (p, q) != w.shape[:2]:  # a period longer than the diamond: only its first n entries matter
        w = np.ascontiguousarray(w[:p, :q])
    check_memory(
        8 * n * p * q,
        f"weighted shuffling's creation probabilities (one {p} x {q} period per level, order {n})",
        "a shorter period",
    )
    from .._kernels.shuffling import creation_probabilities

    try:
        probs = creation_probabilities(w, n)
    except ZeroDivisionError:  # a transform underflowed to 0 and was divided by
        probs = np.full(1, np.nan)
    if not np.isfinite(probs).all():
        raise DominoTilingError(
            "the weights are too uneven: their urban-renewal transforms under- or overflow "
            "double precision; bring them closer to each other"
        )
    return probs


#: The kernel's ways of drawing the coins: a word of bits per word (uniform), a double per
#: hole, bit-sliced words against one period of the level's probabilities.
UNIFORM, HOLES, SLICED = 0, 1, 2
#: Periods whose bit-sliced probabilities (``p * W * min(q, 64)`` of them a level, ``W =
#: q / gcd(q, 64)``) are at most this many take the bit-sliced coins.
SLICED_PERIODS = 1024


def _bit_sliced(p, q):
    """Whether a ``p x q`` period of creation probabilities is drawn bit-sliced (:data:`SLICED_PERIODS`)."""
    from math import gcd

    return p * (q // gcd(q, 64)) * min(q, 64) <= SLICED_PERIODS


class _Run:
    """One shuffling run: the bit planes, the kernel state and the random stream."""

    def __init__(self, n, seed, weights):
        self.n = n
        self.rng = _validate.seed(seed)
        self.levels = None
        self.zero = None
        self.mode = UNIFORM if weights is None else HOLES  # the kernel's way of drawing the coins
        ramp = np.arange(n, dtype=np.int64)
        if _is_general(weights):  # any weights, zeros included: one table per level, made on demand
            from .levels import creation_levels

            levels = creation_levels(n, weights)
            self.zero = levels.zero  # checked on the last order's tiling
            self.levels = levels.shuffle(self)
            self.probs = np.full((1, 1, 1), 0.5)
            self.rmod = self.cmod = ramp
        else:
            self.probs = _level_probabilities(n, weights)
            self.rmod, self.cmod = ramp % self.probs.shape[1], ramp % self.probs.shape[2]
            if weights is not None and _bit_sliced(*self.probs.shape[1:]):
                self.mode = SLICED
        self.planes = np.zeros((4, n + 2, (n + 63) // 64), np.uint64)
        self.state = np.zeros(4, np.int64)  # order 0 (empty), no error
        self.key = _run_key(self.rng)

    def run_to(self, k):
        if self.levels is not None:  # any weights: a table per level, one stage (or sweep) a step
            self.target = k  # a sweep of several orders never goes past it
            while self.state[0] < k:
                next(self.levels)
            return
        self._run_to(k)

    def stage(self, k, q):
        """The stage to order `k` (the next) with the single table ``q`` of creation probabilities."""
        self.probs = q[None]  # the kernel reads probs[0] when there is one table
        self._run_to(k)

    def stage_done(self, k, holes, bad):
        """Order `k` was drawn outside (rebuilt levels): check the count of holes and move on."""
        if holes != k + bad:
            raise RuntimeError(f"internal error: dominoes overlap after shuffling to order {k}")
        self.state[0] = k

    def _run_to(self, k):
        """Stages up to order `k`, in calls of about ``_SLICE_WORDS`` words of work (Ctrl-C between them)."""
        from .._kernels.shuffling import shuffle

        st = self.state
        while st[0] < k:
            done = int(st[0])
            if self.mode == HOLES:
                stop = done + 1
            else:  # a bit-sliced word takes some 4 times a uniform one
                stop = _slice_stop(done, k, _SLICE_WORDS // (4 if self.mode == SLICED else 1))
            shuffle(self.planes, st, stop, self.probs, self.rmod, self.cmod, self.key, self.mode)
            if st[2]:
                raise RuntimeError(
                    f"internal error: dominoes overlap after shuffling to order {st[0]}"
                )

    def tiling(self, k):
        from .._kernels.shuffling import aztec_labels

        labels, count = aztec_labels(self.planes, k)
        if count != k * (k + 1):
            raise RuntimeError(f"internal error: order {k} has {count} dominoes, not {k * (k + 1)}")
        return Tiling._trusted(_aztec_region(k), labels)


def aztec_order(region):
    """``n`` when `region` is ``Region.aztec_diamond(n)``, else None.

    Parameters
    ----------
    region : Region

    Returns
    -------
    int or None
        The order, or None for any other region.

    See Also
    --------
    sample_aztec, Region.aztec_diamond

    Examples
    --------
    >>> aztec_order(Region.aztec_diamond(5)), aztec_order(Region.rectangle(4, 4))
    (5, None)
    """
    rows, cols = region.shape
    if rows != cols or rows % 2 or region.n_cells != rows * (rows + 2) // 2:
        return None
    n = rows // 2
    return n if region == _aztec_region(n) else None


@keyword_only("seed", "weights")
def sample_shuffling(region, *, seed=None, weights=None):
    """:func:`sample_aztec` for a Region that is an Aztec diamond (``random_tiling``'s method).

    `weights` (a :class:`~dominotiling.Weights` on the region) go to
    :func:`sample_aztec` as they are: generalized shuffling with the same weights.

    Parameters
    ----------
    region : Region
        An Aztec diamond (:meth:`Region.aztec_diamond`).
    seed : None, int or numpy.random.Generator, keyword-only
    weights : Weights, optional, keyword-only

    Returns
    -------
    Tiling
        A uniform random tiling of the diamond.

    See Also
    --------
    sample_aztec, aztec_partition_function, aztec_edge_probabilities

    Examples
    --------
    >>> from dominotiling import Region
    >>> sample_shuffling(Region.aztec_diamond(4), seed=1).n_dominoes
    20
    """

    region = _validate.region(region)
    weights = check_weights(weights, region)
    return sample_shuffling_checked(
        region,
        _validate.seed(seed),
        None if weights is not None and weights.is_uniform else weights,
    )


def sample_shuffling_checked(region, rng, weights):
    """:func:`sample_shuffling` on checked arguments (a plane Region, a Generator, None or non-uniform Weights): ``random_tiling``'s route."""
    n = aztec_order(region)
    if n is None:
        raise DominoTilingError(
            "method 'shuffling' samples Aztec diamonds (Region.aztec_diamond(n)); this region "
            "is not one"
        )
    return sample_aztec(n, seed=rng, weights=weights)


# ------------------------------------------------------------------- sampling
@keyword_only("seed", "weights")
def sample_aztec(n, *, seed=None, weights=None):
    """A random domino tiling of the Aztec diamond of order `n`, by domino shuffling.

    Parameters
    ----------
    n : int
        The order: the region is ``Region.aztec_diamond(n)``, ``2n(n+1)`` cells.
    seed : None, int or numpy.random.Generator, keyword-only
        Same seed, same tiling, on every machine.
    weights : None, (a, b), WeightPattern, array (p, q), array (p, q, 4) or Weights, optional, keyword-only
        The measure: a tiling's probability is proportional to the product of its
        dominoes' weights. Any spelling of :ref:`weight-spellings`, the same model as
        in every other function:

        ====================  ====================================================
        form                  meaning
        ====================  ====================================================
        ``None``              uniform: every tiling equally likely
        ``(a, b)``            the two-periodic model ``[[a, b], [b, a]]``: blocks
                              with ``i + j`` even weigh ``a``; a gas if ``a != b``
        array ``(p, q)``      one weight for block ``(i, j)``: ``w[i % p, j % q]``
        array ``(p, q, 4)``   its (N, S, W, E) halves: ``w[i % p, j % q, k]``
        ``WeightPattern``     a periodic pattern on the diamond's cells
                              (``WeightPattern.two_periodic(a, b)`` is ``(a, b)``
                              for even ``n``)
        ``Weights``           one weight per domino position of the diamond
        ====================  ====================================================

        Block ``(i, j)``, ``0 <= i, j < n``, is the 2x2 square with top-left cell
        ``(i + j, n - 1 + j - i)``: every domino position is its top (N), bottom (S),
        left (W) or right (E) half. Weights are non-negative; a zero forbids its
        positions, exactly (generalized shuffling, Notes; see
        :func:`~dominotiling.aztec.weighted.aztec_partition_function`, and
        :func:`~dominotiling.aztec.weighted.embed_in_aztec` to sample other regions).

    Returns
    -------
    AztecSample
        A complete tiling of ``Region.aztec_diamond(n)`` (a
        :class:`~dominotiling.model.tiling.Tiling` that keeps its block weights:
        a periodically weighted sample displays its frozen, liquid and gas regions
        in the eight colours of :func:`~dominotiling.viz.views.draw_aztec`).

    Raises
    ------
    DominoTilingError
        If `n` is not positive or the weights are malformed (negative, NaN, a
        wrong shape: a :class:`~dominotiling.errors.WeightError` for a Weights of
        the wrong shape or too uneven for double precision).
    NoTilingError
        If the zero weights leave no tiling of the diamond.
    TooLargeError
        If the sample's bit planes (about ``n**2 / 2`` bytes) or the weights' per-level table
        would not fit in the memory budget (``set_options``); refused before
        anything is allocated.

    See Also
    --------
    random_tiling, shuffle_frames, arctic_circle
    aztec_partition_function

    Notes
    -----
    Domino shuffling [1]_ grows a random tiling of order ``k`` into one of order
    ``k + 1``: destroy the bad blocks (a south domino above a north one, or an east
    domino left of a west one: pairs about to collide), slide every domino one step
    in its direction, then fill the holes -- which always split into 2x2 blocks --
    each with two horizontal or two vertical dominoes, with probability 1/2 each.
    If the order-``k`` tiling is uniform, so is the order-``k + 1`` one. The
    dominoes are kept in the ``k**2`` blocks in play (every domino is the top,
    bottom, left or right half of exactly one), as four bit planes with 64 blocks
    to a machine word; in block coordinates sliding is a shift by at most one row
    and one bit, destroying an AND, and the holes are the blocks that receive
    nothing. So a stage is ``O(k**2 / 64)`` word operations, ``O(n**3 / 64)`` in
    all, in ``n**2 / 2`` bytes. The sample keeps these planes: its ``int32``
    labels and its region's mask (``20 n**2`` bytes, 2 GB at order 10,000) are
    made the first time they are asked for, while its pictures and PNG export
    read the planes.

    With weights, generalized shuffling [3]_ is the same walk with a biased coin:
    a hole in block ``(i, j)`` at order ``k`` gets horizontal dominoes with
    probability ``N*S / (N*S + W*E)`` from the block's weights at level ``k``.
    Level ``n`` is the given weights; level ``k - 1`` comes from level ``k`` by
    urban renewal of every block (``Delta = N*S + W*E``): the N weight of block
    ``(i, j)`` becomes ``N/Delta`` of block ``(i, j)``, S that of ``(i+1, j+1)``,
    W that of ``(i+1, j)``, E that of ``(i, j+1)`` -- each weight moves the way its
    dominoes slide. Periodic weights stay periodic with the same period, so one
    period per level is kept: ``O(n p q)`` memory.

    Any other weights (a :class:`~dominotiling.Weights`, or block arrays with
    zeros) take every block of every level. Only the two face weights of each
    block matter (``X = W*E / (N*S)``, and the alternating product of the face
    between blocks), and urban renewal is a time-symmetric recurrence on them, so
    the levels computed from ``n`` down are rebuilt from 1 up in the same two
    ``n x n`` buffers, each stage drawn row by row as its level comes back:
    ``O(n**2)`` memory (``16 n**2`` bytes besides the tiling) for twice the
    ``O(n**3)`` arithmetic, the rows shared among the threads (see
    :mod:`dominotiling.aztec.weighted`). A zero weight is the limit ``eps -> 0``
    of a weight ``eps``: the creation probabilities are their limits (0, 1 or a
    ratio of leading coefficients), so the sample is exact for the weighted
    measure on the tilings that avoid the zeros [3]_.

    Random numbers are made inside the kernels, from one 64-bit key: the first
    ``uint64`` that `seed`'s generator draws (for an int, that of
    ``numpy.random.default_rng(seed)``, PCG64, the same on every machine; a
    Generator passed in is advanced by that one draw). Every row of every stage
    has a stream of its own, seeded by SplitMix64 [5]_ from a hash of the key, the
    order and the row: uniform rows take one xoshiro256** [4]_ word per 64 blocks
    (bit ``j`` of the row's stream tosses the coin of block ``(i, j)`` if it is a
    hole). Periodic weights with a short period (``p x q`` with ``p * W *
    min(q, 64) <= 1024``, ``W = q / gcd(q, 64)``: 2 x 2, 3 x 3, up to 16 x 16)
    toss the 64 coins of a word together, bit-sliced: each coin compares a
    uniform ``U`` with its probability ``x`` digit by digit, digit ``b`` of
    the 64 ``U`` being the bits of one xoshiro256** word, and is decided at the
    first digit where ``U`` and ``x`` differ (or when ``x`` has no digit 1
    left) -- exactly ``P(U < x) = x`` (to ``2**-117``), in about ``2 +
    log2(holes)`` words a word of the row. Other weights take one xoshiro256+
    double per hole (about 1 ns a number). So a sample depends on the key
    alone -- not on how the run is sliced for Ctrl-C, nor on the threads.
    Uniform and short-period stages run as a wavefront, 32 stages a pass over
    the planes, each one row behind the one before: order 10,000 in about half
    a minute in the planes' ``n**2 / 2`` bytes (the sample keeps its planes and
    makes labels only when they are asked for, see
    :class:`~dominotiling.aztec.sample.AztecSample`). Uniform samples differ
    from those of earlier releases (0.1.0 and before drew the coins with
    numpy) for the same seed, and so do short-period weighted ones (a double
    per hole until issue 42): the same law, another stream; a short periodic
    array and the same weights as a :class:`~dominotiling.Weights` give the
    same law but not the same tiling for one seed.

    References
    ----------
    .. [1] N. Elkies, G. Kuperberg, M. Larsen, J. Propp, "Alternating-sign matrices
       and domino tilings (part II)", J. Algebraic Combin. 1 (1992), 219-234.
    .. [2] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
       circle theorem", arXiv:math/9801068 (1998).
    .. [3] J. Propp, "Generalized domino-shuffling", Theoret. Comput. Sci. 303
       (2003), 267-301.
    .. [4] D. Blackman, S. Vigna, "Scrambled linear pseudorandom number
       generators", ACM Trans. Math. Softw. 47 (2021), 36; arXiv:1805.01407.
    .. [5] G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom number
       generators", OOPSLA 2014, 453-472.

    Examples
    --------
    >>> t = sample_aztec(3, seed=7)
    >>> t.region == Region.aztec_diamond(3), t.n_dominoes
    (True, 12)
    >>> sample_aztec(3, seed=7).labels.tolist() == t.labels.tolist()
    True
    >>> sample_aztec(30, seed=0, weights=(1.0, 0.5)).n_dominoes
    930
    >>> from dominotiling.aztec.weighted import aztec_weights
    >>> pattern = np.ones((2, 2, 4))
    >>> pattern[0, 0, 0] = 0.0                  # no N domino in the blocks (even, even)
    >>> w = aztec_weights(30, pattern)           # the same, as a Weights on every position
    >>> w.tiling_weight(sample_aztec(30, seed=0, weights=w)) > 0      # never a zero-weight domino
    True
    """
    n = _check_order(n)
    weights = weighting(weights).on_aztec(n)  # every spelling (model.weighting)
    # measured (benchmarks/RESULTS.md, cases_aztec_large, 2-vCPU EPYC): uniform order 10,000 in
    # 29 s of CPU, two-periodic order 4000 in 14 s: n**3 work; the fastest rate of each kind, so
    # that only jobs sure to be long are refused
    rate = SHUFFLE_SECONDS_PER_CUBE if weights is None else WEIGHTED_SECONDS_PER_CUBE
    check_seconds(
        rate * float(n) ** 3,
        f"domino shuffling to order {n}",
        "a smaller order (uniform order 10,000: about half a minute)",
    )
    run = _Run(n, seed, weights)
    run.run_to(n)
    sample = _as_sample(run.planes, n, weights)
    if run.zero is not None:
        from .levels import uses_zeros

        uses_zeros(n, run.zero, sample)
    return sample


def _as_sample(planes, n, weights):
    """The order-`n` sample in `planes` as an :class:`~dominotiling.aztec.sample.AztecSample` that keeps its block weights."""
    if isinstance(weights, Weights):
        return AztecSample._of_planes(planes, n, None, "any weights")
    block = None if weights is None else _edge_weights(weights, zeros=True)
    return AztecSample._of_planes(
        planes, n, block
    )  # equal weights kept: "uniform", the same measure


@keyword_only("seed", "weights")
def shuffle_frames(n, *, seed=None, weights=None):
    """The tilings of orders ``1, 2, ..., n`` that shuffling passes through, as frames.

    Parameters
    ----------
    n : int
        The last order, at most ``MAX_FRAMES_ORDER`` (60).
    seed, weights
        As for :func:`sample_aztec`; the last frame's tiling is ``sample_aztec(n, seed=seed, weights=weights)``.

    Returns
    -------
    list of Frame
        ``frames[k - 1].tiling`` tiles ``Region.aztec_diamond(k)``, and its title
        is ``"order k"`` (:class:`~dominotiling.model.frames.Frame` objects, ready for
        :func:`~dominotiling.viz.animate.animate`). With weights, frame ``k``
        follows the level-``k`` weights of generalized shuffling (the given ones
        after ``n - k`` urban renewals), not the given weights on order ``k``.
        (These frames were Tilings before; reading a tiling's attribute on a
        frame, ``frame.labels``, still works with a ``DeprecationWarning``.)

    Raises
    ------
    TooLargeError
        If `n` exceeds ``MAX_FRAMES_ORDER``: the frames take ``O(n**3)`` memory.

    See Also
    --------
    sample_aztec, animate_shuffling

    Examples
    --------
    >>> frames = shuffle_frames(4, seed=2)
    >>> [f.tiling.n_dominoes for f in frames], frames[-1].title
    ([2, 6, 12, 20], 'order 4')
    >>> frames[-1].tiling == sample_aztec(4, seed=2)
    True
    """
    n = _check_order(n)
    weights = weighting(weights).on_aztec(n)  # every spelling (model.weighting)
    if n > MAX_FRAMES_ORDER:
        raise TooLargeError(
            f"shuffle_frames keeps all {n} orders (O(n**3) memory); n = {n} is over the limit "
            f"of {MAX_FRAMES_ORDER}. For one large sample call sample_aztec({n})"
        )

    run = _Run(n, seed, weights)
    frames = []
    for k in range(1, n + 1):
        run.run_to(k)
        frames.append(TilingFrame(run.tiling(k), title=f"order {k}"))
    if run.zero is not None:
        from .levels import uses_zeros

        uses_zeros(n, run.zero, frames[-1].tiling)
    return frames


_LIMITS = deprecated_limits(__name__, "MEMORY_LIMIT", "WEIGHTS_MEMORY_LIMIT")
