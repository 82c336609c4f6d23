"""Generalized domino shuffling: any edge weights on the Aztec diamond, zeros included.

Propp's urban renewal [1]_ takes an Aztec diamond of order ``k`` with any edge
weights to one of order ``k - 1`` with new weights, and multiplies the partition
function by a product of local factors. From it come the three functions of this
module, all in ``O(n**3)`` time:

- :func:`aztec_partition_function` -- the weighted count: an exact ``int`` or
  ``Fraction`` for int/Fraction weights (modulo word-sized primes, then the Chinese
  remainder theorem), a float (or its log) for float weights;
- :func:`aztec_edge_probabilities` -- the probability of every domino position,
  by Propp's creation rates, in ``O(n**2)`` memory (the levels of urban renewal
  run back up in place);
- :func:`embed_in_aztec` -- a region placed in a diamond whose other cells get a
  forced filling through zero weights, so that shuffling
  (:func:`~dominotiling.aztec.shuffling.sample_aztec` with these weights) samples the region.

Zero weights are handled exactly, as limits: a zero is the weight ``eps`` with
``eps -> 0``, and every number of urban renewal is kept as its leading term
``c * eps**d`` [1]_ [2]_. The weights of an order-``n`` diamond are a
:class:`~dominotiling.Weights` on ``Region.aztec_diamond(n)`` (its positions
outside the diamond are ignored) or the periodic block arrays of
:func:`~dominotiling.aztec.shuffling.sample_aztec`; :func:`aztec_block_weights` shows the
mapping and :func:`aztec_weights` goes the other way.

Examples
--------
>>> from dominotiling import Region, Weights
>>> from dominotiling.aztec.weighted import aztec_partition_function
>>> aztec_partition_function(4) == 2 ** 10          # 2**(n(n+1)/2) tilings
True
>>> w = Weights.random(Region.aztec_diamond(3), "integers", seed=1, a=0, b=3)
>>> from dominotiling import count_tilings
>>> aztec_partition_function(3, weights=w) == count_tilings(Region.aztec_diamond(3), weights=w)
True

References
----------
.. [1] J. Propp, "Generalized domino-shuffling", Theoret. Comput. Sci. 303 (2003),
   267-301; arXiv:math/0111034.
.. [2] E. Janvresse, T. de la Rue, Y. Velenik, "A note on domino shuffling",
   Electron. J. Combin. 13 (2006), R30.
.. [3] M. Ciucu, "A complementation theorem for perfect matchings of graphs
   having a cellular completion", J. Combin. Theory Ser. A 81 (1998), 34-68.
.. [4] N. Elkies, G. Kuperberg, M. Larsen, J. Propp, "Alternating-sign matrices
   and domino tilings", J. Algebraic Combin. 1 (1992), 111-132 and 219-234.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .. import _validate
from .._options import check_memory, check_seconds
from .._util import keyword_only
from ..counting import transfer
from ..counting.placement import PlacementProbabilities
from ..errors import (
    DominoTilingError,
    NoTilingError,
    TooLargeError,
    WeightError,
)
from ..matching.matchings import has_nonzero_tiling, maximum_matching_checked
from ..model.region import Region
from ..model.tiling import Tiling
from ..model.weighting import blocks_to_weights, check_weights, weighting
from ..model.weights import Weights
from .levels import _NO_TILING, _UNEVEN, _block_cells, _blocks

__all__ = [
    "aztec_block_weights",
    "aztec_weights",
    "aztec_partition_function",
    "aztec_edge_probabilities",
    "embed_in_aztec",
    "sample_embedded",
    "AztecEmbedding",
]


def aztec_block_weights(n, weights=None):
    """The (N, S, W, E) weights of every block of the order-`n` diamond, array ``(n, n, 4)``.

    Every domino position of ``Region.aztec_diamond(n)`` is the top (N), bottom
    (S), left (W) or right (E) half of exactly one *block* ``(i, j)``, ``0 <= i,
    j < n``: the 2x2 square with top-left cell ``(R, C) = (i + j, n - 1 + j -
    i)``. So ``N = horizontal[R, C]``, ``S = horizontal[R + 1, C]``, ``W =
    vertical[R, C]``, ``E = vertical[R, C + 1]`` of a :class:`~dominotiling.Weights`;
    a periodic ``(p, q, 4)`` array gives block ``(i, j)`` the weights
    ``pattern[i % p, j % q]`` (a ``(p, q)`` array one weight for all four halves,
    ``(a, b)`` the two-periodic ``[[a, b], [b, a]]``).

    Parameters
    ----------
    n : int
    weights : None or any spelling of :ref:`weight-spellings`
        None: all ones.

    Returns
    -------
    numpy.ndarray
        ``(n, n, 4)``: int64 or object (ints, Fractions) for exact Weights, else float64.

    Examples
    --------
    >>> from dominotiling import Weights, Region
    >>> w = Weights.from_function(Region.aztec_diamond(2), lambda r, c, o: 10 * r + c + (o == "v") * 100)
    >>> aztec_block_weights(2, w)[0, 0].tolist()     # block (0, 0): cells (0, 1)-(1, 2)
    [1, 11, 101, 102]
    """
    n = _validate.positive_int(n, "n (the order of the diamond)")
    return _blocks(n, weighting(weights).on_aztec(n, exact=True))[1]


def aztec_weights(n, weights):
    """A :class:`~dominotiling.Weights` on ``Region.aztec_diamond(n)`` from block weights.

    The inverse of :func:`aztec_block_weights`: `weights` is an ``(n, n, 4)`` or
    periodic ``(p, q, 4)`` array (or ``(p, q)``, or ``(a, b)``) of (N, S, W, E)
    block weights. Positions outside the diamond get weight 0.

    Examples
    --------
    >>> import numpy as np
    >>> w = aztec_weights(3, (1.0, 2.0))          # the two-periodic weighting
    >>> w.kind, w.shape
    ('float', (6, 6))
    >>> np.array_equal(aztec_block_weights(3, w), aztec_block_weights(3, (1.0, 2.0)))
    True
    """
    n = _validate.positive_int(n, "n (the order of the diamond)")
    return blocks_to_weights(n, _blocks(n, weighting(weights).on_aztec(n, exact=True))[1])


# --------------------------------------------------------- float urban renewal
def _float_blocks(kind, blocks):
    """``(coef, deg, zeros, log_scale)``: coefficients rescaled to max 1, eps-degrees of the zeros."""
    zero = blocks == 0
    if blocks.dtype == object:
        flat = blocks.ravel().tolist()
        try:
            coef = np.array([float(x) for x in flat], dtype=float).reshape(blocks.shape)
        except OverflowError:
            raise WeightError(_UNEVEN) from None
    else:
        coef = blocks.astype(float)
    if (~np.isfinite(coef)).any() or (coef[~zero] <= 0).any():
        raise WeightError(_UNEVEN)
    zeros = bool(zero.any())
    coef[zero] = 1.0
    top = coef.max()
    coef /= top
    deg = _planes(zero.astype(np.int32)) if zeros else np.zeros((4, 1, 1), np.int32)
    return _planes(coef), deg, zeros, math.log(top)


def _planes(blocks):
    """``(4, n, n)`` contiguous planes N, S, W, E from ``(n, n, 4)`` blocks (the kernels' layout)."""
    return np.ascontiguousarray(np.moveaxis(blocks, 2, 0))


# ---------------------------------------------------------------- the count
@keyword_only("weights")
def aztec_partition_function(n, *, weights=None, log=False):
    """The partition function of the weighted Aztec diamond of order `n`, by urban renewal.

    Parameters
    ----------
    n : int
        The order.
    weights : None, (a, b), WeightPattern, Weights or array, optional
        Any spelling of :ref:`weight-spellings`, as for
        :func:`~dominotiling.aztec.shuffling.sample_aztec`: a
        :class:`~dominotiling.Weights` on ``Region.aztec_diamond(n)`` (any kind
        but symbolic; zeros allowed), ``(a, b)``, a ``WeightPattern`` or the block
        arrays. Exact values (ints, Fractions) give an exact result, floats a float.
        None: every weight 1.
    log : bool, keyword-only
        Return the natural log instead (a float; ``-inf`` when the partition
        function is 0), by the float route whatever the weights' kind.

    Returns
    -------
    int, Fraction or float
        The sum over the tilings of the product of their dominoes' weights: an
        exact ``int`` for int weights, ``Fraction`` for Fraction weights, a float
        for float weights; 0 when the zeros leave no tiling.

    Raises
    ------
    FloatRangeError
        Float weights whose partition function overflows or underflows a float64
        (a ``PrecisionError`` and a ``TooLargeError``): use ``log=True``.
    WeightError
        Float weights so uneven that urban renewal under- or overflows.
    TooLargeError
        When the tables would not fit in the memory budget (refused before).
    DominoTypeError
        Symbolic weights, or `weights` of another type.

    See Also
    --------
    aztec_edge_probabilities, aztec_count, count_tilings

    Notes
    -----
    Urban renewal [1]_ [3]_ of every block ``(i, j)`` of the order-``k`` diamond,
    with (N, S, W, E) weights and ``Delta = N*S + W*E``, gives an order ``k - 1``
    diamond whose weights are the old ones over the ``Delta`` of their block, moved
    as the dominoes of shuffling slide (see :func:`aztec_block_weights` and
    :mod:`dominotiling._kernels.urban_renewal`), and ``Z_k = prod(Delta) Z_{k-1}``
    [1]_. So ``Z_n`` is the product of the ``n (n + 1) (2 n + 1) / 6`` Deltas of all
    levels: ``O(n**3)`` operations.

    A zero weight is the limit ``eps -> 0`` of the weight ``eps``; each number is
    kept as its leading term ``c eps**d``, exact since every number is a
    subtraction-free rational function of the weights (a sum of two leading terms
    of equal degree adds the coefficients, else keeps the lower degree). ``Z`` is
    the coefficient ``c`` when the degree ``d`` is 0, and 0 when ``d > 0`` (every
    tiling uses a zero). Propp treats zeros by this limit [1]_; Janvresse, de la
    Rue and Velenik [2]_ make the shuffling exact with them.

    Exact weights: Fractions are brought to integers by the common denominator
    ``L`` (``Z(w) = Z(L w) / L**(n (n + 1))``); the coefficient is computed modulo
    primes between ``2**47`` and ``2**48`` and put together by the Chinese remainder
    theorem. The number of primes follows from the smaller of two rigorous bounds:
    ``Z <= prod over black cells of the sum of the weights of its placements`` (a
    permanent is at most the product of its row sums), and ``log2 Z`` from the
    float route plus ``1e-6 |log2 Z| + 64`` bits -- that route's relative error on
    ``Z`` is at most about ``10 n**3`` unit roundoffs (a few operations per Delta,
    each off by one roundoff, no cancellation since every quantity is positive),
    below ``1e-6`` for any order that fits in memory. A prime that divides a weight
    or a ``Delta`` is skipped. The residues are doubles, multiplied exactly with
    fused multiply-adds (see :mod:`dominotiling._kernels.urban_renewal`); each
    level is one sweep over its rows. Cost ``O(n**3)`` per prime and ``O(n**2 log
    w)`` bits of answer: ``O(n**5)`` in all -- with weights 1..9, about 0.06 s at
    order 64, 0.4 s at order 100 and 10 s at order 200 (108,249 bits; two cores).

    Float weights: a level is rescaled to max 1 when its weights drift out of
    ``[1e-60, 1e60]``, and the logs of the Deltas and of the scales are summed; relative error about ``n**3`` unit roundoffs on ``Z``.

    Examples
    --------
    >>> from dominotiling import Region, Weights
    >>> from fractions import Fraction
    >>> aztec_partition_function(3)
    64
    >>> w = Weights.by_orientation(Region.aztec_diamond(2), Fraction(1, 2), 1)
    >>> aztec_partition_function(2, weights=w)         # each horizontal domino weighs 1/2
    Fraction(125, 64)
    >>> round(aztec_partition_function(20, log=True), 6) == round(210 * math.log(2), 6)
    True
    """
    n = _validate.positive_int(n, "n (the order of the diamond)")
    log = _validate.boolean(log, "log")
    kind, blocks = _blocks(n, weighting(weights).on_aztec(n, exact=True))
    if log or kind == "float":
        coef, deg, zeros, log_scale = _float_blocks(kind, blocks)
        log_z, degree = _down_only(coef, deg, zeros, "the partition function")
        if degree > 0:
            return -math.inf if log else (0.0 if kind == "float" else 0)
        log_z += n * (n + 1) * log_scale
        if log:
            return log_z
        return _validate.float_from_log(
            log_z,
            "the partition function",
            "call aztec_partition_function(n, weights=weights, log=True) "
            "for its logarithm, or use Fraction weights for the exact value",
        )
    return _exact(n, kind, blocks)


def _down_only(coef, deg, zeros, what):
    """``(log Z, degree)`` by one pass of urban renewal of the edge weights (planes ``coef``, ``deg``)."""
    from .._kernels.urban_renewal import renew_float

    n = coef.shape[1]
    check_memory(
        12 * n * n, f"{what} (urban renewal of the Aztec diamond of order {n})", "a smaller order"
    )
    dc, dd = np.empty((n, n)), np.zeros((n, n), np.int32)
    log_z, degree = 0.0, 0
    for k in range(n, 0, -1):
        ld, d, lt, ok = renew_float(coef, deg, k, dc, dd, zeros)
        if not ok:
            raise WeightError(_UNEVEN)
        log_z += ld + (k - 1) * k * lt
        degree += d
    return log_z, degree


def _exact(n, kind, blocks):
    from .._exact import crt
    from .._interrupt import run_tasks, threads
    from .._kernels.urban_renewal import partition_mod, residue_planes
    from .primes import large_primes

    flat = blocks.ravel()
    if kind == "fraction":
        vals = [Fraction(x) for x in flat.tolist()]
        den = 1
        for x in vals:
            if x.denominator != 1:
                den = den * x.denominator // math.gcd(den, x.denominator)
        ints = np.array([int(x * den) for x in vals], dtype=object)
    else:
        den = 1
        ints = (
            flat
            if flat.dtype == np.int64
            else np.array([int(x) for x in flat.tolist()], dtype=object)
        )
    zero = (ints == 0).reshape(blocks.shape)
    zeros = bool(zero.any())
    top = int(ints.max(initial=0)) if ints.dtype == np.int64 else None  # None: Python ints
    # the bound: Z <= prod over black cells of the sum of the weights at that cell
    R, C = _block_cells(n)
    cells = [(R, C, R, C + 1), (R + 1, C, R + 1, C + 1), (R, C, R + 1, C), (R, C + 1, R + 1, C + 1)]
    black = np.empty((n, n, 4, 2), dtype=np.int64)
    for t, (r1, c1, r2, c2) in enumerate(cells):
        first = (r1 + c1) % 2 == 0
        black[:, :, t, 0] = np.where(first, r1, r2)
        black[:, :, t, 1] = np.where(first, c1, c2)
    key = (black[..., 0] * (2 * n) + black[..., 1]).ravel()
    if top is not None and top < 1 << 60:  # four of them fit an int64
        used, inverse = np.unique(key, return_inverse=True)
        sums = np.zeros(used.size, np.int64)
        np.add.at(sums, inverse, ints)
        sums = sums.tolist()
    else:
        table = {}
        for kk, x in zip(key.tolist(), ints.tolist()):
            table[kk] = table.get(kk, 0) + int(x)
        sums = list(table.values())
    if 0 in sums:
        return Fraction(0) if kind == "fraction" else 0
    bits = sum(s.bit_length() for s in sums) + 1
    # a far tighter bound from the float route: log Z to a relative error below 1e-6 (see Notes)
    try:
        coef, fdeg, fzeros, log_scale = _float_blocks(kind, blocks)
        log_z, degree = _down_only(coef, fdeg, fzeros, "the partition function")
    except (WeightError, TooLargeError):
        pass
    else:
        if degree > 0:  # exact: the degrees are integers
            return Fraction(0) if kind == "fraction" else 0
        log2_z = (log_z + n * (n + 1) * (log_scale + math.log(den))) / math.log(2)
        bits = min(bits, int(log2_z + 1e-6 * abs(log2_z)) + 64)
    check_memory(
        (32 + 68 * threads()) * n * n + 8 * (bits // 47 + 8),
        f"the exact partition function of the Aztec diamond of order {n} (residues per prime)",
        "aztec_partition_function(n, weights=weights, log=True)",
    )
    deg = _planes(zero.astype(np.int32)) if zeros else np.zeros((4, 1, 1), np.int32)
    zero_planes = _planes(zero)
    small = top is not None and top < 1 << 53  # exact in a double
    if small:
        int_planes = _planes(ints.reshape(blocks.shape).astype(np.int64))

    def residues(p):
        if small:
            r = np.empty((4, n, n))
            return r if residue_planes(int_planes, p, zero_planes, r) else None
        r = np.array([int(x) % p for x in ints.tolist()], dtype=np.int64).reshape(blocks.shape)
        if ((r == 0) & ~zero).any():
            return None  # p divides a weight
        r[zero] = 1
        return _planes(r.astype(np.float64))

    def task(p):
        def run(stop):
            r = residues(p)
            if r is None:
                return None
            z, d, ok = partition_mod(r, deg.copy() if zeros else deg, n, p, zeros)
            return (int(z), int(d)) if ok else None

        return run

    count, used = math.ceil(bits / 47.99) + 2, 0
    got_r, got_p = [], []
    while True:
        primes = large_primes(count)[used:]
        used = count
        results = run_tasks([task(p) for p in primes], inline=n < 24)
        for p, res in zip(primes, results):
            if res is None:
                continue
            if res[1] > 0:  # the degree is the same for every prime: no tiling avoids the zeros
                return Fraction(0) if kind == "fraction" else 0
            got_p.append(p)
            got_r.append(res[0])
        if sum(math.log2(p) for p in got_p) > bits:
            break
        count += max(4, count // 8)  # some primes were unlucky: a few more
    z = crt(got_r, got_p)
    if kind == "fraction":
        return Fraction(z, den ** (n * (n + 1)))
    return z


# ------------------------------------------------------- edge probabilities
@keyword_only("weights")
def aztec_edge_probabilities(n, *, weights=None):
    """The probability of every domino position of the weighted Aztec diamond, by creation rates.

    Parameters
    ----------
    n : int
        The order.
    weights : None, Weights or array, optional
        As for :func:`aztec_partition_function` (zeros allowed: a zero-weight
        position has probability 0). None: the uniform measure.

    Returns
    -------
    PlacementProbabilities
        ``horizontal`` ``(2n, 2n - 1)`` and ``vertical`` ``(2n - 1, 2n)`` float
        arrays (NaN for positions not inside the diamond), as
        :func:`~dominotiling.counting.placement.placement_probabilities` returns them; draw
        them with :func:`~dominotiling.viz.aztec_weights.draw_edge_probabilities`.

    Raises
    ------
    NoTilingError
        If the zeros leave no tiling.
    WeightError
        Float weights too uneven for double precision.
    TooLargeError
        When the tables would not fit in the memory budget (refused before).

    See Also
    --------
    aztec_partition_function, sample_aztec, placement_probabilities

    Notes
    -----
    Write ``P_k`` for the edge probabilities of the order-``k`` diamond with the
    level-``k`` weights of urban renewal (see :func:`aztec_partition_function`).
    A block ``f`` of level ``k`` with weights (N, S, W, E) has ``q = N S / (N S + W
    E)``; its four edges have images at level ``k - 1`` (the edges that got their
    weights over ``Delta``), with probabilities summing to ``t``. Then ``1 - t``
    is the net rate at which shuffling creates a pair in ``f`` (Propp's creation
    rate [1]_, generalising Ionescu's recurrence), and

    ``P_k(N) = P_{k-1}(image of N) + q (1 - t)``, ``P_k(W) = P_{k-1}(image of W) + (1 - q)(1 - t)``,

    and likewise S and E. (This is ``w d log Z_k / d w``, the derivative of
    ``log Z_k = sum log Delta + log Z_{k-1}`` through one level of urban
    renewal.) ``P_1`` is ``q`` and ``1 - q``; the recurrence runs up to ``n``,
    ``O(n**3)`` operations. The levels are needed bottom-up but are computed
    top-down: they are computed on the two face weights of each block and run
    back up in place (see :mod:`dominotiling._kernels.faces`), and each level's
    probabilities are written over the level below's (at shifted offsets, see
    :func:`~dominotiling._kernels.urban_renewal.probability_rows`), so the memory is
    ``O(n**2)`` -- about ``16 n**2`` bytes for the levels, ``32 n**2`` for the
    probabilities and ``32 n**2`` for the answer's arrays. From order 512 up,
    without zero weights, the levels go 16 at a time in one pass over the buffers
    (a wavefront of rows, the probability rows made as the q rows come), so the
    pass is bound by arithmetic rather than memory: order 2000 in about 12 s of
    CPU (benchmarks/RESULTS.md). With zeros, ``q`` is the limit
    ``eps -> 0`` (0, 1, or a ratio of coefficients), exact as for the count.
    Absolute error about ``n`` unit roundoffs per probability.

    Examples
    --------
    >>> p = aztec_edge_probabilities(2)
    >>> float(p.horizontal[0, 1])          # the top domino of the order-2 diamond: 6 tilings of 8
    0.75
    >>> from dominotiling import Region
    >>> from dominotiling.counting.placement import placement_probabilities
    >>> exact = placement_probabilities(Region.aztec_diamond(4), exact=True)
    >>> bool(abs(aztec_edge_probabilities(4).vertical[3, 0] - float(exact.vertical[3, 0])) < 1e-12)
    True
    """
    n = _validate.positive_int(n, "n (the order of the diamond)")
    return edge_probabilities_checked(n, weighting(weights).on_aztec(n))  # every spelling


def edge_probabilities_checked(n, weights):
    """:func:`aztec_edge_probabilities` on a checked order and weights read by ``on_aztec``."""
    from .._interrupt import Pacer
    from .._kernels.urban_renewal import edge_rows
    from .levels import _prepare

    check_memory(
        80 * n * n,
        f"the edge probabilities of the Aztec diamond of order {n}",
        "a smaller order",
    )
    # measured: order 1000 in 1.9 s to 7 s on the 2-vCPU EPYC of benchmarks/RESULTS.md (n**3 work)
    check_seconds(
        EDGE_SECONDS_PER_CUBE * float(n) ** 3,
        f"the edge probabilities of the Aztec diamond of order {n}",
        "a smaller order (order 5000: about 4 minutes), or estimate them from samples "
        "(dominotiling.parallel.placement_frequencies)",
    )
    levels, zero = _prepare(n, weights, "the edge probabilities", probabilities=True)
    prev = np.zeros((4, n, n))  # every level in place over the one below
    levels.probabilities(prev)
    del levels
    size = 2 * n
    h = np.empty((size, size - 1))
    v = np.empty((size - 1, size))
    # clipped to [0, 1], NaN off the diamond; in the limit the measure lives on the tilings
    # with the fewest zero-weight dominoes: their expected number is 0 exactly when a tiling
    # avoids them all
    on_zeros = np.zeros(1)
    no_zero = np.zeros((0, 0, 0), np.bool_)
    for a, b in Pacer(first=max(1, 2**16 // n), growth=1.5).ranges(0, size):  # into fresh memory
        edge_rows(prev, no_zero if zero is None else zero, h, v, a, b, on_zeros)
    if zero is not None and on_zeros[0] > 0.5:
        raise NoTilingError(_NO_TILING.format(n=n))
    return PlacementProbabilities(h, v)


# ------------------------------------------------------------------- embedding
class AztecEmbedding:
    """A region inside an Aztec diamond, the rest forced by zero weights (see :func:`embed_in_aztec`).

    Attributes
    ----------
    region : Region
        The region embedded.
    n : int
        The order of the diamond.
    offset : (int, int)
        Cell ``(r, c)`` of the region is cell ``(r + offset[0], c + offset[1])`` of
        ``Region.aztec_diamond(n)``.
    weights : Weights
        Weights on the diamond: the region's own weights inside it (1 if none
        were given), 1 on the dominoes of :attr:`filling`, 0 everywhere else.
    filling : Tiling
        The tiling of the diamond's other cells that every weighted tiling uses.
    """

    def __init__(self, region, n, offset, weights, filling):
        self.region, self.n, self.offset = region, n, offset
        self.weights, self.filling = weights, filling

    def __repr__(self):
        return f"AztecEmbedding(order {self.n}, offset {self.offset}, {self.region.n_cells} cells)"

    def restrict(self, tiling):
        """The tiling of :attr:`region` inside a tiling of the diamond that uses no zero weight.

        Raises
        ------
        DominoTypeError
            If `tiling` is not a Tiling.
        DominoTilingError
            If it is not a tiling of ``Region.aztec_diamond(n)`` (this embedding's
            order), or it uses a domino across the region's boundary.
        """

        tiling = _validate.tiling(tiling)
        if tiling.region != Region.aztec_diamond(self.n):
            raise DominoTilingError(
                f"restrict takes a tiling of the Aztec diamond of order {self.n} ({2 * self.n} x {2 * self.n} "
                f"cells), this embedding's; got a tiling of a {tiling.region.shape[0]}x"
                f"{tiling.region.shape[1]} region with {tiling.region.n_cells} cells; sample one with "
                "sample_aztec(emb.n, weights=emb.weights), or call emb.sample()"
            )
        r0, c0 = self.offset
        rows, cols = self.region.shape
        labels = np.asarray(tiling.labels)[r0 : r0 + rows, c0 : c0 + cols]
        mask = self.region.mask
        sub = np.where(mask, labels, -1)
        inside = np.unique(sub[mask])
        # every domino that touches the region lies in it (crossing positions weigh 0)
        counts = np.bincount(np.searchsorted(inside, sub[mask]), minlength=len(inside))
        if (counts != 2).any() or (labels[~mask] >= 0)[np.isin(labels[~mask], inside)].any():
            raise DominoTilingError(
                "this tiling of the diamond uses a domino across the region's boundary; "
                "sample it with the embedding's weights (sample_aztec(n, weights=emb.weights))"
            )
        relabel = np.full(sub.shape, -1, dtype=np.int32)
        relabel[mask] = np.searchsorted(inside, sub[mask]).astype(np.int32)
        return Tiling(self.region, relabel)

    def sample(self, *, seed=None):
        """A random tiling of :attr:`region` (uniform, or by its weights), by generalized shuffling.

        Examples
        --------
        >>> from dominotiling import Region
        >>> emb = embed_in_aztec(Region.rectangle(2, 3))
        >>> emb.sample(seed=1).n_dominoes
        3
        """
        from .shuffling import sample_aztec

        return self.restrict(sample_aztec(self.n, seed=seed, weights=self.weights))


def _find_tiling(region):
    """One tiling of a plane `region`, or None: the one ``find_tiling(region)`` finds.

    The profile DP up to :data:`~dominotiling.counting.transfer.DP_AUTO_WIDTH` cells wide,
    a maximum matching beyond.
    """
    if not region.is_balanced:
        return None
    mask, _, _ = region.narrow_view()
    if mask.shape[1] <= transfer.DP_AUTO_WIDTH:
        tiling = transfer.max_cover_checked(region, None)
    else:
        tiling = maximum_matching_checked(region)
    return tiling if tiling.is_complete else None


@keyword_only("weights")
def embed_in_aztec(region, *, weights=None, max_order=None):
    """Place `region` in the smallest Aztec diamond whose other cells have a tiling, forced by zero weights.

    Parameters
    ----------
    region : Region
        A plane region with at least one tiling.
    weights : Weights, optional
        Weights of the region's placements (uniform if None); they are carried
        into the diamond.
    max_order : int, optional
        The largest order tried; by default ``(rows + cols) / 2 + 8``.

    Returns
    -------
    AztecEmbedding
        Its ``weights`` make ``sample_aztec(emb.n, weights=emb.weights)`` a tiling
        whose restriction to the region (``emb.restrict``) has the region's
        distribution; ``emb.sample(seed=...)`` does both.

    Raises
    ------
    NoTilingError
        If the region has no tiling (with its weights' zeros).
    DominoTilingError
        If the region has a hole that cannot be tiled by itself (no diamond can
        help: said so), or if no diamond up to `max_order` leaves a tileable rest around the region
        (the message says so), or the region is periodic.

    See Also
    --------
    aztec_partition_function, sample_aztec

    Notes
    -----
    Every position inside the region keeps its weight; the rest of the diamond
    gets one tiling ``F`` (found by :func:`~dominotiling.find_tiling`) whose
    dominoes weigh 1, and every other position -- in the rest, or across the
    region's boundary -- weighs 0. A tiling of positive weight then is a tiling of
    the region together with ``F``, with the region's weight: the measures agree
    [1]_ [2]_. The diamond of order ``n`` holds a ``rows x cols`` box when ``rows +
    cols <= 2n``; orders from there up and the offsets near the centre are tried
    until the rest is tileable (for a balanced region the rest is balanced too).

    Examples
    --------
    >>> from dominotiling import Region
    >>> emb = embed_in_aztec(Region.from_strings(["..#", "...", "..."]))
    >>> emb.n, emb.offset, emb.region.n_cells
    (3, (1, 1), 8)
    """

    region = _validate.region(region)
    weights = check_weights(weights, region)
    if any(getattr(region, "periodic", (False, False))):
        raise DominoTilingError("embed_in_aztec takes a plane region, not a periodic one")
    rows, cols = region.shape
    low = max(1, math.ceil((rows + cols) / 2))
    check_memory(
        EMBED_BYTES_PER_CELL * (2 * low) ** 2,
        f"embedding this {rows} x {cols} region in an Aztec diamond (order {low} at least: its "
        f"{(2 * low) ** 2} cells' masks, the filling's matching and the int64 weights)",
        "random_tiling(region) for a sample of the region itself",
    )
    if weights is None or _no_zero_placement(region, weights):
        found = _find_tiling(region)  # any width (a matching); zeros would need the weighted DP
    else:
        h, v = (np.asarray(x, dtype=float) for x in weights.as_float())
        found = True if has_nonzero_tiling(region.mask, h, v) else None
    if found is None:
        raise NoTilingError(
            "the region has no tiling"
            + (" using positions of nonzero weight" if weights is not None else "")
            + ", so no diamond can carry it; max_cover(region) shows how close it comes"
        )
    if max_order is None:
        max_order = low + 8
    max_order = _validate.positive_int(max_order, "max_order")
    _check_holes(region)
    for n in range(low, max_order + 1):
        diamond = Region.aztec_diamond(n).mask
        size = 2 * n
        centre = ((size - rows) // 2, (size - cols) // 2)
        offsets = sorted(
            ((r, c) for r in range(0, size - rows + 1) for c in range(0, size - cols + 1)),
            key=lambda o: (abs(o[0] - centre[0]) + abs(o[1] - centre[1]), o),
        )
        for r0, c0 in offsets[:16]:
            placed = np.zeros((size, size), bool)
            placed[r0 : r0 + rows, c0 : c0 + cols] = region.mask
            if (placed & ~diamond).any():
                continue
            rest = diamond & ~placed
            if rest.any():
                filling = _find_tiling(Region(rest))
                if filling is None:
                    continue
            else:
                filling = None
            return _embedding(region, weights, n, (r0, c0), filling)
    raise DominoTilingError(
        f"no Aztec diamond of order up to {max_order} holds the region with a tileable rest "
        "around it; try a larger max_order, or sample the region with random_tiling"
    )


def sample_embedded(region, *, seed=None, weights=None):
    """A random tiling of `region` by generalized shuffling of an Aztec diamond that holds it.

    ``random_tiling(region, method="embedding")``: :func:`embed_in_aztec`, then
    :meth:`AztecEmbedding.sample`.

    Parameters
    ----------
    region : Region
        A plane region with a tiling, whose rest in some Aztec diamond is
        tileable (so no enclosed hole: its cells could only be covered across
        the region's boundary).
    seed : None, int or numpy.random.Generator, keyword-only
    weights : Weights, optional, keyword-only
        Nonnegative weights of the region's placements (uniform if None).

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        If the region has no tiling (with its weights' zeros).
    DominoTilingError
        If no diamond up to the default order of :func:`embed_in_aztec` leaves a
        tileable rest; decided from the region alone, before any random choice.

    Notes
    -----
    The weighted measure of the diamond with the embedding's weights, restricted
    to the region, is the region's weighted measure (see :func:`embed_in_aztec`),
    and generalized shuffling samples the diamond's measure [1]_. Its arithmetic
    (urban renewal, the creation probabilities ``1 / (1 + X)``) has no
    subtraction: every float operation has a relative error of at most one unit
    roundoff and no cancellation can magnify it, and the zeros are treated
    exactly as leading terms. Whatever it refuses (weights too uneven for double
    precision, a drift of the rebuilt levels) depends on the weights alone, not
    on the random choices, so a tiling that is returned has the law of the
    shuffling.

    Examples
    --------
    >>> from dominotiling import Region, Weights
    >>> region = Region.from_strings(["..#", "...", "..."])
    >>> sample_embedded(region, seed=1).n_dominoes
    4
    >>> box = Region.rectangle(2, 4)
    >>> w = Weights.by_orientation(box, 1.0, 0.0)       # horizontal dominoes only
    >>> sample_embedded(box, seed=1, weights=w).orientations().tolist()
    [0, 0, 0, 0]
    """

    region = _validate.region(region)
    rng = _validate.seed(seed)
    weights = check_weights(weights, region)
    return sample_embedded_checked(
        region, rng, None if weights is not None and weights.is_uniform else weights
    )


def sample_embedded_checked(region, rng, weights):
    """:func:`sample_embedded` on checked arguments (a plane Region, a Generator, None or non-uniform Weights): ``random_tiling``'s route."""
    return embed_in_aztec(region, weights=weights).sample(seed=rng)


def _no_zero_placement(region, weights):
    """True when every domino position inside `region` has a nonzero weight."""
    mask = region.mask
    h, v = np.asarray(weights.horizontal), np.asarray(weights.vertical)
    return bool((h[mask[:, :-1] & mask[:, 1:]] != 0).all() and (v[mask[:-1] & mask[1:]] != 0).all())


#: Seconds per n**3 of aztec_edge_probabilities (order 1000: 1.92 s, the fastest of the runs
#: recorded in benchmarks/RESULTS.md, so that only jobs sure to be long are refused).
EDGE_SECONDS_PER_CUBE = 1.92e-9

#: Peak bytes per cell of the smallest diamond while embedding (masks, the filling's maximum
#: matching, the weights): 4.5 GiB were measured for a 3000 x 3000 square (order 3000).
EMBED_BYTES_PER_CELL = 136


def _check_holes(region):
    """Refuse a region with a hole that no filling can tile (every diamond must tile it by itself).

    A hole -- cells of the bounding box outside the region that no path of side
    neighbours joins to its border -- lies inside every embedding, walled in by
    the region: the filling tiles it alone, so if it cannot be tiled (a single
    cell, an odd hole) no order of diamond helps.
    """
    from scipy import ndimage

    outside = ~region.mask
    labels, k = ndimage.label(outside)
    if not k:
        return
    border = set(
        np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])).tolist()
    )
    for hole in range(1, k + 1):
        if hole in border:
            continue
        cells = labels == hole
        size = int(cells.sum())
        if size % 2 or _find_tiling(Region(cells)) is None:
            r, c = (int(v) for v in np.argwhere(cells)[0])
            raise DominoTilingError(
                f"the region has a hole of {size} cell(s) at ({r}, {c}) that cannot be tiled by "
                "itself; a diamond around the region would have to tile it, so no max_order can "
                "help: sample the region itself with random_tiling(region), or fill the hole"
            )


def _embedding(region, weights, n, offset, filling):
    size = 2 * n
    r0, c0 = offset
    rows, cols = region.shape
    if weights is None:
        rh = (
            np.ones((rows, cols - 1), dtype=np.int64) if cols > 1 else np.zeros((rows, 0), np.int64)
        )
        rv = (
            np.ones((rows - 1, cols), dtype=np.int64) if rows > 1 else np.zeros((0, cols), np.int64)
        )
        dtype = np.int64
    else:
        rh, rv = weights.horizontal, weights.vertical
        dtype = rh.dtype
    mask = region.mask
    h = np.zeros((size, size - 1), dtype=dtype)
    v = np.zeros((size - 1, size), dtype=dtype)
    if cols > 1:
        inside = mask[:, :-1] & mask[:, 1:]
        h[r0 : r0 + rows, c0 : c0 + cols - 1] = np.where(inside, rh, 0)
    if rows > 1:
        inside = mask[:-1, :] & mask[1:, :]
        v[r0 : r0 + rows - 1, c0 : c0 + cols] = np.where(inside, rv, 0)
    fill = [] if filling is None else np.asarray(filling.dominoes).tolist()
    for (ra, ca), (rb, cb) in fill:
        if ra == rb:
            h[ra, min(ca, cb)] = 1
        else:
            v[min(ra, rb), ca] = 1
    w = Weights._build((size, size), h, v)
    return AztecEmbedding(region, n, offset, w, filling)
