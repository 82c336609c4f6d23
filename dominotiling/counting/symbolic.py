"""Symbolic partition functions on any region: the Kasteleyn determinant interpolated over primes.

For weights that are polynomials in sympy symbols (``Weights.by_orientation(region,
x, y)``, ``x + 1``, ...), the partition function is a polynomial; this module
computes it for regions of any width by evaluating the weighted Kasteleyn
determinant modulo word-sized primes at integer points and interpolating. The
profile DP serves narrow regions (:mod:`dominotiling.counting.transfer`).

Examples
--------
>>> import sympy
>>> from dominotiling import Region, Weights
>>> from dominotiling.counting.symbolic import symbolic_count
>>> x, y = sympy.symbols("x y")
>>> symbolic_count(Region.rectangle(2, 3), Weights.by_orientation((2, 3), x, y))
2*x**2*y + y**3
"""

from __future__ import annotations

import math

import numpy as np

from .._exact import hadamard_log2_bound
from .._options import check_memory
from ..errors import TooLargeError
from ..model.region import Region, check_region  # Region: used by the docstring examples  # noqa: F401 -- used by the docstring examples
from ..model.weighting import check_weights
from .determinants import det_exact
from .kasteleyn import (
    _BUILD_BYTES_PER_CELL,
    _band_bytes,
    _has_perfect_matching,
    count_kasteleyn,
    mask_matrix,
)

__all__ = ["symbolic_count"]

# ---------------------------------------------------------------- symbolic weights
#: symbolic_count refuses jobs beyond this many eliminations (:func:`cost_estimate`'s
#: unit, about a minute on two cores), before evaluating anything.
_SYMBOLIC_MAX_OPS = 6e10


def _symbolic_polys(weights, mask, offset, transposed):
    """The narrow weights as integer polynomials: ``(symbols, polys, index_h, index_v, scale, degree)``.

    ``polys`` is the list of distinct weights, each a dict ``{exponents: int}``
    (multiplied by the common denominator ``scale`` of all coefficients);
    ``index_h``/``index_v`` give each placement's position in that list (int64);
    ``degree`` is the common total degree when every nonzero weight is homogeneous
    of one degree, else None.
    """
    import sympy

    from ..errors import DominoTypeError

    narrow = weights.narrow(mask, offset, transposed)
    syms = weights.symbols()
    distinct, polys, index = {}, [], []
    for arr in (narrow.horizontal, narrow.vertical):
        idx = np.empty(arr.shape, dtype=np.int64)
        for pos, e in np.ndenumerate(arr):
            if e not in distinct:
                try:
                    poly = (
                        sympy.Poly(e, *syms, domain="QQ")
                        if syms
                        else sympy.Poly(e, sympy.Dummy(), domain="QQ")
                    )
                except (sympy.PolynomialError, sympy.CoercionFailed, sympy.GeneratorsNeeded):
                    poly = None
                if poly is None or any(not c.is_Rational for c in poly.coeffs()):
                    raise DominoTypeError(
                        f"symbolic counts need weights that are polynomials in their symbols with "
                        f"rational coefficients; {e} is not (substitute numbers for the other parts)"
                    )
                distinct[e] = len(polys)
                polys.append({m: sympy.Rational(c) for m, c in poly.terms() if c != 0})
            idx[pos] = distinct[e]
        index.append(idx)
    dens = [int(c.q) for p in polys for c in p.values()]
    scale = math.lcm(*dens) if dens else 1
    polys = [{(m if syms else ()): int(c * scale) for m, c in p.items()} for p in polys]
    degrees = {sum(m) for p in polys for m in p}
    degree = degrees.pop() if len(degrees) == 1 else None
    return syms, polys, index[0], index[1], scale, degree


def _interpolate_mod(values, p):
    """Coefficients ``c[e_1, ..., e_k]`` mod p of the polynomial with `values` on the grid ``0..d_i``."""
    from .._exact import interpolate_mod

    out = np.asarray(values)
    for axis in range(out.ndim):
        out = np.moveaxis(interpolate_mod(np.moveaxis(out, axis, 0), p), 0, axis)
    return out.astype(np.int64)


def symbolic_count(region, weights):
    """The partition function of symbolic weights, a sympy polynomial, for any region.

    Parameters
    ----------
    region : Region
        Any region: any width (this is the route beyond the profile DP's width),
        holes of any parity, several components.
    weights : Weights
        Symbolic weights (:class:`~dominotiling.Weights`) that are polynomials in
        their symbols with rational coefficients (e.g. ``by_orientation(x, y)``,
        ``x + 1``, ``2*x*y``); int and Fraction weights are accepted too.

    Returns
    -------
    sympy.Expr
        ``sum over tilings of prod of the dominoes' weights``, expanded (0 when
        no tiling has a nonzero weight).

    Raises
    ------
    DominoTypeError
        If a weight is not a polynomial with rational coefficients, or the
        weights are not a Weights.
    TooLargeError
        If the evaluations would take more than about ``6e10`` eliminations, or
        their tables more memory than the budget; refused before any is done.

    Notes
    -----
    Kasteleyn's matrix with the weights as entries has ``det K(x) = s Z(x)``
    as polynomials, with one sign ``s`` for every tiling (Kasteleyn's theorem
    holds for any edge weights), found from the exact determinant of the
    unweighted matrix. Coefficients of the weights are made integers by their
    common denominator ``L`` (``Z`` is then divided by ``L**(cells / 2)``).
    ``Z`` has degree at most ``d_i = (cells / 2) * max deg_{x_i}(w)`` in each
    symbol: it is evaluated on the grid ``0..d_i`` of every symbol modulo primes
    below ``2**26`` -- each evaluation a banded determinant mod p, ``O(cells *
    w**2)`` -- interpolated modulo each prime (inverse Vandermonde matrices,
    the divided differences of :func:`dominotiling._exact.interpolate_mod`), and the coefficients are put together by the Chinese
    remainder theorem. The number of primes follows from a rigorous bound: the
    sum of the absolute values of ``Z``'s coefficients is at most Brègman's
    bound on the count times ``max_e ||w_e||_1`` per domino. When every weight
    is homogeneous of one degree ``delta`` (as orientation weights are), ``Z``
    is homogeneous of degree ``delta * cells / 2``: the last symbol is set to 1,
    one symbol fewer is interpolated, and the result homogenised back.

    Examples
    --------
    >>> import sympy
    >>> from dominotiling import Weights
    >>> x, y = sympy.symbols("x y")
    >>> symbolic_count(Region.rectangle(2, 3), Weights.by_orientation((2, 3), x, y))
    2*x**2*y + y**3
    >>> symbolic_count(Region.rectangle(2, 2), Weights.by_orientation((2, 2), x + 1, 2))
    x**2 + 2*x + 5
    """
    from ..errors import DominoTypeError

    check_region(region)
    weights = check_weights(weights, region)
    if weights is None:
        raise DominoTypeError(
            "symbolic_count needs weights (a Weights); count_tilings(region) counts without"
        )
    return symbolic_count_checked(region, weights)


def symbolic_count_checked(region, weights):
    """:func:`symbolic_count` on checked arguments (a plane Region; Weights): ``count_tilings``'s route."""
    import sympy

    from .._exact import crt, small_primes
    from .._interrupt import run_tasks, slices, threads
    from ..errors import DominoTypeError

    if weights.kind in ("int", "fraction"):
        value = count_kasteleyn(region, weights)
        return sympy.Rational(value.numerator, value.denominator)
    if weights.kind == "float":
        raise DominoTypeError(
            "symbolic_count takes symbolic, int or Fraction weights; these are float: "
            "use count_tilings(region, weights=...) for a float"
        )
    if not region.is_balanced:
        return sympy.Integer(0)
    mask, offset, transposed = region.narrow_view()
    if mask.size == 0:
        return sympy.Integer(1)
    n = region.n_cells // 2
    half = mask.shape[1] // 2 + 1
    check_memory(
        _band_bytes(n, half, half) + _BUILD_BYTES_PER_CELL * mask.size,
        f"the Kasteleyn matrix of this region ({region.n_cells} cells)",
        "substitute numbers for the symbols (weights.substitute({...}))",
    )
    syms, polys, index_h, index_v, scale, degree = _symbolic_polys(
        weights, mask, offset, transposed
    )
    # the matrix's structure once: entry = sign * (1 + index of its weight)
    a = mask_matrix(mask, "real", (index_h + 1, index_v + 1)).tocoo()
    rows, cols = a.row.astype(np.int64), a.col.astype(np.int64)
    sign = np.sign(a.data).astype(np.int64)
    which = np.abs(a.data).astype(np.int64) - 1
    nonzero = np.array([bool(p) for p in polys])
    keep = nonzero[which]
    rows, cols, sign, which = rows[keep], cols[keep], sign[keep], which[keep]
    from scipy import sparse

    pattern = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=a.shape)
    if not _has_perfect_matching(pattern):
        return sympy.Integer(0)
    k = len(syms)
    homogeneous = degree is not None and degree >= 1 and k >= 2
    free = k - 1 if homogeneous else k  # symbols interpolated
    maxdeg = [max((m[i] for p in polys for m in p), default=0) for i in range(k)]
    grid = tuple(n * maxdeg[i] + 1 for i in range(free))
    points = math.prod(grid)
    # |coefficients| of Z summed: at most Bregman * (largest ||w||_1) ** n
    norm1 = max((sum(abs(c) for c in p.values()) for p in polys if p), default=1)
    bound_bits = region.log2_count_bound() + n * math.log2(max(norm1, 1)) + 2.0
    primes = [int(p) for p in small_primes(max(1, math.ceil(bound_bits / 25.9) + 1))]
    while sum(math.log2(p) for p in primes) <= bound_bits:
        primes = [int(p) for p in small_primes(len(primes) + 1)]
    from .._exact import bandwidths

    kl, ku = bandwidths(pattern)
    ops = float(points) * len(primes) * a.shape[0] * (kl + 1) * (kl + ku + 1)
    what = (
        f"the symbolic partition function of this region ({region.n_cells} cells, {free} "
        f"symbol(s) interpolated at {points} points modulo {len(primes)} primes)"
    )
    if ops > _SYMBOLIC_MAX_OPS:
        raise TooLargeError(
            f"{what} would take about {ops:.2g} eliminations (limit {_SYMBOLIC_MAX_OPS:.0g}); "
            "substitute numbers for some symbols (weights.substitute({...})), or use a region "
            "at most 22 wide (the profile DP)"
        )
    n_threads = min(threads(), len(primes))
    check_memory(
        8 * (points * (len(polys) + 2) * len(primes) + a.shape[0] * (2 * kl + ku + 1) * n_threads),
        what,
        "substitute numbers for some symbols (weights.substitute({...}))",
    )
    # the sign s of every tiling's term: that of the unweighted matrix's determinant
    plain = mask_matrix(mask, "real")
    s = (
        1
        if det_exact(plain, log2_bound=min(hadamard_log2_bound(plain), region.log2_count_bound()))
        > 0
        else -1
    )
    del plain
    axes = np.indices(grid).reshape(free, -1) if free else np.zeros((0, 1), dtype=np.int64)

    def task(p):
        def run(stop):
            # every distinct weight at every grid point, mod p
            table = np.zeros((len(polys), points), dtype=np.int64)
            for j, poly in enumerate(polys):
                for m, c in poly.items():
                    term = np.full(points, c % p, dtype=np.int64)
                    for i in range(free):
                        term = (
                            term
                            * (
                                np.array([pow(t, m[i], p) for t in range(grid[i])], dtype=np.int64)[
                                    axes[i]
                                ]
                            )
                            % p
                        )
                    table[j] = (table[j] + term) % p
            from .._kernels.banded_det import band_eliminate, band_fill

            values = np.zeros(points, dtype=np.int64)
            band = np.zeros((a.shape[0], 2 * kl + ku + 1))
            for q in range(points):
                band[:] = 0.0
                band_fill(band, kl, ku, rows, cols, sign * table[which, q], np.int64(p))
                det = 1.0
                for start, stop_ in slices(
                    a.shape[0], first=max(1, 200_000 // ((kl + 1) * (kl + ku + 1))), stop=stop
                ):
                    det = band_eliminate(band, kl, ku, np.int64(p), start, stop_, det)
                    if det == 0.0:
                        break
                values[q] = int(det) * s % p
            return _interpolate_mod(values.reshape(grid), p)

        return run

    coefs = run_tasks([task(p) for p in primes], n_threads=n_threads, inline=ops < 2_000_000)
    modulus = math.prod(primes)
    terms = {}
    for e in zip(*np.nonzero(np.any(np.stack(coefs) != 0, axis=0))) if free else [()]:
        value = crt([int(c[e]) for c in coefs], primes)
        if value > modulus // 2:
            value -= modulus
        if value:
            exps = tuple(int(x) for x in e)
            if homogeneous:
                exps = exps + (degree * n - sum(exps),)
            terms[exps] = value
    if not terms:
        return sympy.Integer(0)
    if k == 0:
        total = sympy.Integer(terms[()])
    else:
        total = sympy.Add(
            *[c * sympy.Mul(*[x**e for x, e in zip(syms, exps)]) for exps, c in terms.items()]
        )
    return sympy.expand(total / sympy.Integer(scale) ** n)
