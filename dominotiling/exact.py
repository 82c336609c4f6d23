"""Exact integers from machine words: primes, the Chinese remainder theorem, bounds.

Exact counts in this library are computed modulo several word-sized moduli at once
and put together with the Chinese remainder theorem (CRT). How many moduli are
needed follows from a rigorous upper bound on the answer -- never from a guess:
if ``0 <= N < M`` and ``M`` is the product of the moduli, the residues fix ``N``.

The moduli are ``2**64`` (free: unsigned machine words wrap around by themselves)
followed by the largest primes below ``2**63`` (so the sum of two residues still
fits in 64 bits and one comparison reduces it).

Examples
--------
>>> from dominotiling.exact import moduli_for_bits, crt
>>> mods = moduli_for_bits(100)
>>> [int(m) for m in mods] == [0, 9223372036854775783]
True
>>> n = 12988816 ** 5
>>> crt([n % (2**64), n % 9223372036854775783], mods) == n
True
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "is_prime",
    "primes_below",
    "moduli_for_bits",
    "word_moduli",
    "crt",
    "crt_near",
    "float_sum_error",
    "bregman_log2_bound",
    "hadamard_log2_bound",
    "small_primes",
    "small_primes_for_bits",
    "det_mod_primes",
    "det_exact",
    "bandwidths",
]

_MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
_PRIME_CACHE: list[int] = []
WORD_TOP = 1 << 63


def is_prime(n):
    """Deterministic primality test for ``n < 3.3e24`` (Miller-Rabin, bases 2..37).

    The first twelve primes as bases are a proof of primality for every
    ``n < 3.317e24`` (Sorenson and Webster, 2015), far beyond 64-bit words.

    Examples
    --------
    >>> is_prime(2**61 - 1), is_prime(2**61 + 1)
    (True, False)
    """
    n = int(n)
    if n < 2:
        return False
    for p in _MR_BASES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in _MR_BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def primes_below(k, top=WORD_TOP):
    """The `k` largest primes below `top` (default ``2**63``), in decreasing order.

    Examples
    --------
    >>> primes_below(2, 100)
    [97, 89]
    """
    if top == WORD_TOP:
        n = (_PRIME_CACHE[-1] if _PRIME_CACHE else top) - 1
        while len(_PRIME_CACHE) < k:
            if is_prime(n):
                _PRIME_CACHE.append(n)
            n -= 2 if n % 2 else 1
        return _PRIME_CACHE[:k]
    out, n = [], top - 1
    while len(out) < k and n >= 2:
        if is_prime(n):
            out.append(n)
        n -= 1
    return out


def moduli_for_bits(bits):
    """Moduli whose product exceeds ``2**bits``, as a uint64 array.

    Entry 0 is ``0`` and stands for ``2**64``; the others are the largest primes
    below ``2**63``. Kernels reduce ``s = a + b`` by ``if s >= m: s -= m``, which
    for ``m = 0`` subtracts nothing and lets the word wrap, i.e. reduces mod 2**64.

    Parameters
    ----------
    bits : int or float
        An upper bound on ``log2`` of the number to be recovered.
    """
    have, k = 64, 0
    while have <= bits:
        k += 1
        have += 62  # each prime exceeds 2**62
    return np.array([0] + primes_below(k), dtype=np.uint64)


def word_moduli(k):
    """The first `k` moduli of :func:`moduli_for_bits`: ``2**64`` (as 0), then primes below 2**63."""
    return np.array(([0] + primes_below(k - 1)) if k > 0 else [], dtype=np.uint64)


def float_sum_error(depth):
    """Relative error bound of a float64 value built by `depth` chained additions of non-negatives.

    Each rounded addition multiplies by ``1 + e`` with ``|e| <= u = 2**-53``, so a
    value ``depth`` additions deep carries a factor within ``(1 +- u)**depth``:
    relative error at most ``gamma = depth u / (1 - depth u)`` (Higham, *Accuracy
    and Stability of Numerical Algorithms*, 2002, Lemma 3.1). Sums of
    non-negative terms cannot cancel, so the bound holds for the total.
    """
    nu = depth * 2.0**-53
    if nu >= 0.5:
        raise ValueError(f"{depth} additions are too many for a float64 error bound")
    from fractions import Fraction

    return Fraction(depth, 2**53 - depth)


def crt_near(residues, moduli, approx, rel_error):
    """The integer ``N >= 0`` with the given residues and ``|approx - N| <= rel_error * N``.

    Parameters
    ----------
    residues, moduli : sequences
        As for :func:`crt` (0 in `moduli` means ``2**64``).
    approx : float
        An approximation of ``N`` with relative error at most `rel_error`.
    rel_error : fractions.Fraction or float
        The proven bound, e.g. from :func:`float_sum_error`.

    Returns
    -------
    int or None
        ``N``, or None when the moduli's product is too small for the interval
        ``[approx / (1 + rel), approx / (1 - rel)]`` to hold only one candidate.

    Examples
    --------
    >>> n = 3**60                      # 96 bits; 2**64 alone could not tell it
    >>> approx = float(n) * (1 + 1e-15)
    >>> crt_near([n % 2**64], [0], approx, 1e-14) == n
    True
    >>> crt_near([n % 2**64], [0], approx, 1e-4) is None    # too loose: 2**64 is too small
    True
    """
    from fractions import Fraction

    f, rel = Fraction(approx), Fraction(rel_error)
    lo = -((-f / (1 + rel)).__floor__())          # ceil
    hi = (f / (1 - rel)).__floor__()
    modulus = math.prod(_modulus(m) for m in moduli)
    if hi - lo + 1 > modulus:
        return None
    r = crt(residues, moduli)
    n = lo + (r - lo) % modulus
    if n > hi:
        raise ArithmeticError("no integer has these residues near the approximation: a bound is wrong")
    return n


def _modulus(m):
    m = int(m)
    return 1 << 64 if m == 0 else m


def crt(residues, moduli):
    """The unique ``0 <= N < prod(moduli)`` with ``N % m == r`` for each pair.

    `moduli` are pairwise coprime; a modulus given as 0 means ``2**64`` (see
    :func:`moduli_for_bits`). The result is a Python int. Garner's mixed-radix
    form keeps every intermediate below the final product.
    """
    mods = [_modulus(m) for m in moduli]
    res = [int(r) % m for r, m in zip(residues, mods)]
    n, prod = 0, 1
    for r, m in zip(res, mods):
        t = (r - n) * pow(prod, -1, m) % m
        n += prod * t
        prod *= m
    return n


def bregman_log2_bound(black_degrees, white_degrees):
    """An upper bound on log2 of the number of perfect matchings of a bipartite graph.

    Brègman's theorem (Minc's conjecture): the permanent of a 0/1 matrix with row
    sums ``d_i`` is at most ``prod_i (d_i!)**(1/d_i)``. Apply it to the rows of
    either colour class and keep the smaller. The float sum's rounding error is
    many orders of magnitude below the one bit of slack added, so the result
    is a rigorous bound.

    Parameters
    ----------
    black_degrees, white_degrees : array_like of int
        Degrees of the vertices of each side.

    Returns
    -------
    float
        ``B`` with ``number of perfect matchings <= 2**B``; ``0.0`` when some vertex
        has degree 0 (there is no perfect matching at all, or the graph is empty).

    References
    ----------
    .. [1] L. M. Brègman, "Some properties of nonnegative matrices and their
       permanents", Soviet Math. Dokl. 14 (1973), 945-949.

    Examples
    --------
    >>> round(bregman_log2_bound([2, 2], [2, 2]), 3)   # a 4-cycle: 2 matchings
    2.0
    """
    best = math.inf
    for degs in (np.asarray(black_degrees), np.asarray(white_degrees)):
        if degs.size == 0 or (degs == 0).any():
            return 0.0
        values, counts = np.unique(degs, return_counts=True)
        total = sum(int(c) * math.lgamma(int(d) + 1) / int(d) for d, c in zip(values, counts))
        best = min(best, total / math.log(2))
    return best + 1.0


#: Primes used by the banded determinant are below this (products stay exact in a double).
SMALL_PRIME_TOP = 1 << 26
_SMALL_PRIMES = np.zeros(0, dtype=np.int64)


def small_primes(k):
    """The `k` largest primes below ``2**26``, decreasing, as int64 (a sieve, cached).

    Examples
    --------
    >>> small_primes(3).tolist()
    [67108859, 67108837, 67108819]
    """
    global _SMALL_PRIMES
    span = 1 << 16
    while len(_SMALL_PRIMES) < k:
        span *= 2
        lo = max(2, SMALL_PRIME_TOP - span)
        sieve = np.ones(SMALL_PRIME_TOP - lo, dtype=bool)
        for q in range(2, math.isqrt(SMALL_PRIME_TOP) + 1):
            start = max(q * q, -(-lo // q) * q)
            sieve[start - lo :: q] = False
        _SMALL_PRIMES = (np.flatnonzero(sieve) + lo)[::-1].astype(np.int64)
        if lo == 2:
            break
    if len(_SMALL_PRIMES) < k:
        raise ValueError(f"only {len(_SMALL_PRIMES)} primes below 2**26 exist, {k} asked")
    return _SMALL_PRIMES[:k].copy()


def small_primes_for_bits(bits):
    """The fewest largest primes below ``2**26`` whose product exceeds ``2**bits``."""
    k = max(1, math.ceil(bits / 25.9))
    while True:
        primes = small_primes(k)
        total = float(np.log2(primes.astype(float)).sum())
        if total > bits + 1e-6:
            enough = np.searchsorted(np.cumsum(np.log2(primes.astype(float))), bits + 1e-6) + 1
            return primes[: max(1, int(enough))]
        k = int(k * 1.2) + 1


def hadamard_log2_bound(matrix):
    """Hadamard's bound on ``log2 |det(matrix)|``: the sum of log2 of the row norms.

    ``|det A| <= prod_i ||A_i||_2`` (Hadamard 1893); the smaller of the row and
    column versions is returned, plus one bit of slack for float rounding.
    ``-inf`` when a row or column is zero (the determinant is 0).

    Examples
    --------
    >>> import numpy as np
    >>> hadamard_log2_bound(np.array([[1, 1], [1, -1]]))   # |det| = 2 = sqrt(2)**2
    2.0
    """
    from scipy import sparse

    a = sparse.csr_matrix(matrix, dtype=float)
    sq = a.multiply(a)
    best = math.inf
    for sums in (np.asarray(sq.sum(axis=1)).ravel(), np.asarray(sq.sum(axis=0)).ravel()):
        if (sums == 0).any():
            return -math.inf
        best = min(best, 0.5 * float(np.log2(sums).sum()))
    return best + 1.0


def bandwidths(matrix):
    """``(kl, ku)``: how far nonzero entries lie below and above the diagonal."""
    from scipy import sparse

    a = sparse.coo_matrix(matrix)
    if a.nnz == 0:
        return 0, 0
    d = a.row.astype(np.int64) - a.col.astype(np.int64)
    return max(0, int(d.max())), max(0, int(-d.min()))


def det_mod_primes(matrix, primes):
    """Determinant of an integer matrix modulo each prime below ``2**26``.

    Gaussian elimination inside the band with partial pivoting, in numba, one
    prime per thread: ``O(n * kl * (kl + ku))`` operations per prime for lower and
    upper bandwidths ``kl`` and ``ku``, and ``8 * n * (2 kl + ku + 1)`` bytes per
    thread. Order the rows and columns so that the band is narrow (for a grid
    region: cells row by row along the long side).

    Parameters
    ----------
    matrix : scipy.sparse matrix or array_like, square, integer entries
    primes : array_like of int
        Primes below ``2**26`` (see :func:`small_primes`).

    Returns
    -------
    numpy.ndarray of int64
        ``det(matrix) mod p`` for each prime, in ``[0, p)``.
    """
    from scipy import sparse

    from ._kernels.banded_det import banded_det_mod

    a = sparse.coo_matrix(matrix)
    n = a.shape[0]
    if a.shape != (n, n):
        raise ValueError(f"the matrix must be square, got shape {a.shape}")
    vals = a.data
    if vals.dtype.kind == "f":
        if not np.all(vals == np.round(vals)):
            raise ValueError("the matrix must have integer entries for an exact determinant")
    elif vals.dtype.kind not in "biu":
        raise ValueError(f"the matrix must have integer entries, got dtype {vals.dtype}")
    primes = np.asarray(primes, dtype=np.int64)
    if len(primes) and (primes.max() >= SMALL_PRIME_TOP or primes.min() < 2):
        raise ValueError("primes must lie in [2, 2**26)")
    if n == 0:
        return np.ones(len(primes), dtype=np.int64)
    kl, ku = bandwidths(a)
    return banded_det_mod(
        n, kl, ku, a.row.astype(np.int64), a.col.astype(np.int64), vals.astype(np.int64), primes
    )


def det_exact(matrix, log2_bound=None):
    """The exact determinant of an integer matrix (a Python int), by primes and CRT.

    Parameters
    ----------
    matrix : scipy.sparse matrix or array_like, square, integer entries
        Best ordered so that its nonzeros lie in a narrow band (see
        :func:`det_mod_primes` for the cost).
    log2_bound : float, optional
        A proven bound ``B`` with ``|det| <= 2**B``; Hadamard's bound by default.
        Enough primes are used that their product exceeds ``2**(B + 1)``, so the
        residues fix the determinant with its sign (symmetric remainders).

    Returns
    -------
    int

    Examples
    --------
    >>> import numpy as np
    >>> det_exact(np.array([[2, 1, 0], [1, 2, 1], [0, 1, 2]]))
    4
    """
    if log2_bound is None:
        log2_bound = hadamard_log2_bound(matrix)
    if log2_bound == -math.inf:
        return 0
    primes = small_primes_for_bits(max(log2_bound, 0.0) + 2.0)
    residues = det_mod_primes(matrix, primes)
    value = crt(residues, primes)
    modulus = math.prod(int(p) for p in primes)
    return value - modulus if value > modulus // 2 else value
