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
    "crt",
    "bregman_log2_bound",
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
