"""Monomer-dimer coverings: dominoes and single cells (monomers), counted and sampled exactly.

A *monomer-dimer covering* of a region covers every cell once, by a domino or by a
monomer; with a monomer weight ``x`` its weight is ``x**(number of monomers)``, and
the partition function ``Z(x) = sum_k N_k x**k`` counts the coverings with ``k``
monomers (the matchings of the grid graph with ``(cells - k) / 2`` edges). There is
no closed form on the square lattice (Jerrum 1987 showed the counting problem is
#P-complete for general graphs); the profile DP of :mod:`dominotiling.counting.transfer`
counts it exactly for regions up to 22 cells wide, with the max-cover DP's "leave
uncovered" move given a weight.

Examples
--------
>>> import sympy
>>> from dominotiling import Region
>>> from dominotiling.counting.monomer_dimer import count_monomer_dimer, sample_monomer_dimer
>>> count_monomer_dimer(Region.rectangle(2, 2))            # 1 + 4 + 2
7
>>> x = sympy.Symbol("x")
>>> count_monomer_dimer(Region.rectangle(2, 2), monomer_weight=x)
x**4 + 4*x**2 + 2
>>> sample_monomer_dimer(Region.rectangle(3, 3), seed=1).n_uncovered % 2
1

References
----------
.. [1] O. J. Heilmann and E. H. Lieb, "Theory of monomer-dimer systems", Comm. Math.
   Phys. 25 (1972), 190-232.
.. [2] M. Jerrum, "Two-dimensional monomer-dimer systems are computationally
   intractable", J. Stat. Phys. 48 (1987), 121-134.
.. [3] R. J. Baxter, "Dimers on a rectangular lattice", J. Math. Phys. 9 (1968),
   650-654 (the square-lattice monomer-dimer entropy, about 0.6627 per site).
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import keyword_only, renamed
from ..errors import DominoTypeError, TooLargeError, WeightError
from ..model.region import Region, check_region  # Region: used by the docstring examples  # noqa: F401 -- used by the docstring examples
from ..model.tiling import OUTSIDE, Tiling
from .transfer import MAX_WIDTH

__all__ = [
    "count_monomer_dimer",
    "sample_monomer_dimer",
    "random_monomer_dimer",
    "MONOMER_DIMER_MAX_POLY_OPS",
]

#: The most cell updates (cells x profiles x moduli x points) the symbolic count accepts.
MONOMER_DIMER_MAX_POLY_OPS = 4e10


def _sweep(region):
    from .transfer import _Sweep

    return _Sweep(region)


def _check_width(sweep, layers, bytes_per, what):
    w = sweep.width
    if w > MAX_WIDTH:
        raise TooLargeError(
            f"the region is {w} cells wide on its narrower side; the monomer-dimer profile DP "
            f"accepts widths up to {MAX_WIDTH} (2**{w} profiles per layer); use a narrower region"
        )
    check_memory(
        layers * (1 << w) * bytes_per,
        f"the monomer-dimer DP's {what} ({layers} layer(s) of 2**{w} profiles)",
        "a narrower region",
    )


def _kind(weight):
    """``("int" | "fraction" | "float" | "symbolic", value)`` of a monomer weight, checked."""
    import sympy

    if isinstance(weight, (bool, np.bool_)):
        raise DominoTypeError(
            f"monomer_weight must be a number or a sympy expression, got {weight!r}"
        )
    if isinstance(weight, (numbers.Integral, np.integer)):
        value = int(weight)
        if value < 0:
            raise WeightError(f"monomer_weight must be non-negative, got {value}")
        return "int", value
    if isinstance(weight, Fraction):
        if weight < 0:
            raise WeightError(f"monomer_weight must be non-negative, got {weight}")
        return ("int", int(weight)) if weight.denominator == 1 else ("fraction", weight)
    if isinstance(weight, (float, np.floating)):
        value = float(weight)
        if not (math.isfinite(value) and value >= 0):
            raise WeightError(f"monomer_weight must be finite and non-negative, got {value}")
        return "float", value
    if isinstance(weight, sympy.Basic):
        if not weight.free_symbols:
            if weight.is_Rational:
                return _kind(Fraction(int(weight.p), int(weight.q)))
            return "float", float(weight)
        return "symbolic", weight
    raise DominoTypeError(
        f"monomer_weight must be an int, Fraction, float or sympy expression, got {type(weight).__name__}"
    )


def _float_count(mask, mw):
    """``(mantissa, exponent)`` of the partition function in float64 (``value = m * 2**e``)."""
    from .._kernels.monomer_dimer import advance_float

    layer = np.zeros(1 << mask.shape[1])
    layer[0] = 1.0
    scale = np.zeros(1, dtype=np.int64)
    from .._interrupt import slices

    n = mask.size
    for a, b in slices(n, first=max(1, 2_000_000 // layer.size)):
        advance_float(mask, layer, float(mw), a, b, scale, np.zeros((0, 0)))
    return float(layer[0]), int(scale[0])


def _residues(mask, moduli, dv, dh, mw, unit):
    """The partition function mod each modulus (one thread each)."""
    from .._interrupt import run_tasks, slices, threads
    from .._kernels.monomer_dimer import advance_mod

    n = mask.size
    size = 1 << mask.shape[1]

    def task(p):
        def run(stop):
            layer = np.zeros(size, dtype=np.uint64)
            layer[0] = 1
            for a, b in slices(n, first=max(1, 2_000_000 // size), stop=stop):
                advance_mod(
                    mask,
                    layer,
                    np.uint64(p),
                    np.uint64(dv % p if p else dv),
                    np.uint64(dh % p if p else dh),
                    np.uint64(mw % p if p else mw),
                    unit,
                    a,
                    b,
                )
            return int(layer[0])

        return run

    n_threads = min(threads(), len(moduli))
    return run_tasks(
        [task(int(p)) for p in moduli],
        n_threads=n_threads,
        inline=n * size * len(moduli) < 2_000_000,
    )


def _exact(mask, a, b, bits):
    """``sum_k N_k a**k b**(cells - k)`` exactly: monomers weigh ``a``, dominoes ``b**2``."""
    from .._exact import crt, moduli_for_bits, primes_below

    if a == 1 and b == 1:
        moduli = [int(m) for m in moduli_for_bits(bits)]
        unit = True
    else:
        k = max(1, math.ceil((bits + 1) / 31.9))
        moduli = primes_below(k, 2**32)
        unit = False
    res = _residues(mask, moduli, b * b, b * b, a, unit)
    return crt(res, [m if m else 2**64 for m in moduli])


@keyword_only("monomer_weight")
def count_monomer_dimer(region, *, monomer_weight=1):
    """The monomer-dimer partition function of a region, exactly (or its polynomial).

    Parameters
    ----------
    region : Region
        Any region at most 22 cells wide on its narrower side (holes and several
        pieces allowed).
    monomer_weight : int, Fraction, float or sympy expression
        The weight ``x`` of a monomer (a cell left to itself); dominoes weigh 1.
        ``1`` counts the coverings (the matchings of the grid graph, of every size).
        With a sympy symbol (or an expression in symbols) the result is the
        polynomial ``sum_k N_k x**k``, ``N_k`` the coverings with ``k`` monomers.

    Returns
    -------
    int, Fraction, float or sympy expression
        The exact sum for int and Fraction weights; a float (relative error at most
        ``2 * cells * 2**-53``) for a float weight; an expanded polynomial for
        symbols.

    Raises
    ------
    TooLargeError
        If the region is wider than 22 cells on its narrower side, its tables do
        not fit the memory budget, or a symbolic count would take more than
        :data:`MONOMER_DIMER_MAX_POLY_OPS` updates; refused before allocating.
    WeightError
        If the weight is negative.
    FloatRangeError
        A float weight whose sum is outside float64's normal range (``1e300``
        on 16 cells); an int or Fraction weight gives it exactly.
    DominoTypeError
        If `region` is not a Region or the weight is not a number or expression.

    See Also
    --------
    sample_monomer_dimer, count_tilings

    Notes
    -----
    The broken-profile DP over the narrow side ``w`` (``cells * 2**w`` updates per
    modulus), with three moves at an uncovered cell: vertical domino, horizontal
    domino, monomer (times ``x``). Exact sums are taken modulo word-sized moduli
    (additions only when ``x = 1``; primes below ``2**32`` otherwise) and put
    together by the Chinese remainder theorem; their number follows from a float
    sweep of the same DP (sums of positive terms: relative error below ``2 cells u``),
    plus two bits, or from the rigorous bound ``N <= 3**cells`` (each uncovered cell
    met in row-major order has at most three moves) times ``max(1, x)**cells``, the
    smaller. A Fraction ``x = a / b`` runs with monomers ``a`` and dominoes ``b**2``
    and divides by ``b**cells``. A symbol: dominoes weigh ``s`` and monomers 1, the
    DP is run at ``s = 0, 1, ..., cells / 2`` modulo primes and the polynomial in
    ``s`` is interpolated (:func:`dominotiling._exact.interpolate_mod`); its
    coefficient of ``s**D`` is ``N_{cells - 2 D}``.

    Examples
    --------
    >>> count_monomer_dimer(Region.rectangle(1, 10))       # Fibonacci: F(11)
    89
    >>> count_monomer_dimer(Region.rectangle(8, 8))
    179788343101980135
    >>> from fractions import Fraction
    >>> count_monomer_dimer(Region.rectangle(2, 2), monomer_weight=Fraction(1, 2))   # 1/16 + 4/4 + 2
    Fraction(49, 16)
    """
    check_region(region)
    kind, x = _kind(monomer_weight)
    sweep = _sweep(region)
    mask = np.ascontiguousarray(sweep.mask)
    n = int(mask.sum())
    if n == 0:
        return 1 if kind != "symbolic" else __import__("sympy").Integer(1)
    if kind == "symbolic":
        return _symbolic(region, sweep, mask, n, x)
    from .._interrupt import threads

    if kind == "float":
        _check_width(sweep, 1, 8, "float layer")
        m, e = _float_count(mask, x)
        if not m:
            return 0.0
        return _validate.float_from_log(  # refused, not inf or 0.0, outside float64's range
            math.log(m) + e * math.log(2.0),
            "the monomer-dimer partition function",
            "give the monomer weight as an int or a Fraction (Fraction(x) is exact) for the exact value",
        )
    a, b = (x, 1) if kind == "int" else (x.numerator, x.denominator)
    bound = n * math.log2(3) + n * math.log2(max(a, b, 1))
    _check_width(sweep, min(threads(), max(1, math.ceil(bound / 31))), 8, "layers of residues")
    if a > 0:
        m, e = _float_count(mask, a / b)
        if m > 0:
            approx = math.log2(m) + e + n * math.log2(b)
            bound = min(bound, approx + 2.0)
    value = _exact(mask, a, b, bound)
    if kind == "int":
        return value
    return Fraction(value, b**n)


def _symbolic(region, sweep, mask, n, expr):
    import sympy

    from .._exact import crt, interpolate_mod, primes_below
    from .._interrupt import threads

    points = n // 2 + 1
    bits = n * math.log2(3) + 1.0  # every coefficient N_k is at most 3**cells
    k = max(1, math.ceil(bits / 30.9))
    moduli = primes_below(k, 2**31)  # interpolate_mod works below 2**31
    ops = float(points) * len(moduli) * n * (1 << sweep.width)
    if sweep.width <= MAX_WIDTH and ops > MONOMER_DIMER_MAX_POLY_OPS:
        raise TooLargeError(
            f"the monomer-dimer polynomial of this region ({n} cells, {sweep.width} wide) would "
            f"take about {ops:.2g} cell updates ({points} evaluations modulo {len(moduli)} primes; "
            f"limit {MONOMER_DIMER_MAX_POLY_OPS:.0g}); substitute a number for the symbol"
        )
    _check_width(sweep, min(threads(), len(moduli)), 8, "layers of residues")
    table = np.array([_residues(mask, moduli, s, s, 1, False) for s in range(points)], dtype=object)
    coefs = []
    for j, p in enumerate(moduli):
        values = np.array([int(v) % p for v in table[:, j]], dtype=np.int64)
        coefs.append(interpolate_mod(values, p).astype(object))
    x = sympy.Symbol("x_monomer_dimer")
    total = sympy.Integer(0)
    for d in range(points):
        c = crt([int(cf[d]) for cf in coefs], moduli)
        if c:
            total += c * x ** (n - 2 * d)
    return sympy.expand(total.subs(x, expr))


def sample_monomer_dimer(region, *, seed=None, monomer_weight=1):
    """A random monomer-dimer covering, drawn with probability proportional to its weight.

    Parameters
    ----------
    region : Region
        Any region at most 22 cells wide on its narrower side.
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same covering on every machine.
    monomer_weight : int, Fraction or float, keyword-only
        The weight ``x`` of a monomer: a covering with ``k`` monomers has
        probability ``x**k / Z(x)`` (uniform over all coverings for ``x = 1``).

    Returns
    -------
    Tiling
        A partial tiling (as :func:`dominotiling.max_cover` returns): the monomers
        are the cells labelled ``-2`` (``tiling.n_uncovered`` of them).

    Raises
    ------
    TooLargeError
        If the region is wider than 22 cells, or the DP's layers (about ``2
        sqrt(cells)`` of ``2**w`` floats: 1.5 GB for 22 x 22) would not fit in the
        memory budget.
    WeightError
        If the weight is negative, or zero on a region without a domino tiling
        (no covering has positive weight).

    See Also
    --------
    count_monomer_dimer, random_tiling

    Notes
    -----
    The float layers of the DP before every cell (rescaled by powers of two) are
    needed from the last cell back: a pass keeps the layer before every
    ``sqrt(cells)``-th cell, and the walk back makes each segment's layers again
    from its checkpoint (``2 sqrt(cells)`` layers of ``2**w`` floats in memory,
    twice the DP's time). Walking back from the last cell, each cell's move (covered before,
    horizontal domino, vertical domino, monomer) is drawn with probability
    proportional to the weight of its predecessor profile times the move's weight.
    The probabilities are exact up to float rounding (relative error of the
    tables below ``2 cells 2**-53``).

    Examples
    --------
    >>> t = sample_monomer_dimer(Region.rectangle(4, 4), seed=0)
    >>> t.n_dominoes * 2 + t.n_uncovered
    16
    """
    check_region(region)
    rng = _validate.seed(seed)
    kind, x = _kind(monomer_weight)
    if kind == "symbolic":
        raise DominoTypeError("sample_monomer_dimer needs a number as monomer_weight, not a symbol")
    mw = float(x)
    sweep = _sweep(region)
    mask = np.ascontiguousarray(sweep.mask)
    n = mask.size
    seg = max(1, math.isqrt(n))  # cells per segment: the layers kept are ~2 sqrt(cells)
    n_seg = -(-n // seg)
    _check_width(
        sweep,
        n_seg + seg + 2,
        8,
        f"float layers for sampling ({n_seg} checkpoints and {seg + 1} layers of a segment)",
    )
    from .._interrupt import Pacer
    from .._kernels.monomer_dimer import advance_float, backtrack

    size = 1 << sweep.width
    checkpoints = np.empty((n_seg, size))  # the layer before cell j * seg
    layer = np.zeros(size)
    layer[0] = 1.0
    scale = np.zeros(1, dtype=np.int64)
    none = np.zeros((0, 0))
    pacer = Pacer(first=max(1, 2_000_000 // size))  # cells per call: about 0.05 s
    for j in range(n_seg):
        checkpoints[j] = layer
        for a, b in pacer.ranges(j * seg, min(n, (j + 1) * seg)):
            advance_float(mask, layer, mw, a, b, scale, none)
    if layer[0] == 0.0:
        raise WeightError(
            "no monomer-dimer covering of this region has positive weight "
            "(monomer_weight is 0 and the region has no domino tiling)"
        )
    uniforms = rng.random(n)
    labels = np.full(mask.shape, OUTSIDE, dtype=np.int32)
    labels[mask] = -3
    # walk back segment by segment, each one's layers made again from its checkpoint
    # (the same arithmetic, so the same layers as one pass that kept them all)
    work = np.empty((seg + 1, size))
    pacer = Pacer(
        first=1, growth=2
    )  # these calls also write a layer per cell (the first ones to fresh memory)
    state, next_id = 0, 0
    for j in range(n_seg - 1, -1, -1):
        start, stop = j * seg, min(n, (j + 1) * seg)
        layer[:] = checkpoints[j]
        for a, b in pacer.ranges(start, stop):
            advance_float(mask, layer, mw, a, b, scale, work[a - start : b - start + 1])
        state, next_id = backtrack(mask, work, start, stop, state, labels, next_id, uniforms, mw)
    labels[labels == -3] = -2  # pragma: no cover - every cell is written by the walk
    return Tiling(region, sweep.to_labels(labels), validate=True)


#: The name of before (deprecated; it goes in the next release).
random_monomer_dimer = renamed(sample_monomer_dimer, "random_monomer_dimer")
