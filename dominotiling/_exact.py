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
>>> from dominotiling._exact import moduli_for_bits, crt
>>> mods = moduli_for_bits(100)
>>> [int(m) for m in mods] == [0, 9223372036854775783]
True
>>> n = 12988816 ** 5
>>> crt([n % (2**64), n % 9223372036854775783], mods) == n
True
"""

from __future__ import annotations

import math
import threading
from fractions import Fraction

import numpy as np

from .errors import DominoTilingError, TooLargeError

__all__ = [
    "Count",
    "as_count",
    "decimal_string",
    "int_from_decimal",
    "is_prime",
    "primes_below",
    "moduli_for_bits",
    "word_moduli",
    "crt",
    "crt_near",
    "near_interval",
    "float_sum_error",
    "bregman_log2_bound",
    "bregman_log2_tallies",
    "hadamard_log2_bound",
    "small_primes",
    "small_primes_for_bits",
    "bandwidths",
    "interpolate_mod",
]

_MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME_CACHE: list[int] = []
_PRIME_LOCK = threading.Lock()
WORD_TOP = 1 << 63


# Seven bases that decide every n < 2**64 (J. Sinclair, 2011, checked against
# Feitsma and Galway's list of the base-2 strong pseudoprimes below 2**64).
_MR_BASES_64 = (2, 325, 9375, 28178, 450775, 9780504, 1795265022)


def is_prime(n):
    """Deterministic primality test for ``n < 3.3e24`` (Miller-Rabin).

    The first thirteen primes (2 to 41) as bases are a proof of primality for
    every ``n < 3.317e24`` (Sorenson and Webster, 2015; the first twelve fail at
    ``318665857834031151167461``), far beyond 64-bit words; below ``2**64`` seven
    bases suffice (Sinclair's set), which makes finding thousands of word-sized
    primes almost twice as fast. Above ``3.3e24`` the answer is "probably prime".

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
    for a in _MR_BASES_64 if n < 1 << 64 else _MR_BASES:
        a %= n
        if a == 0:
            continue
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
        with _PRIME_LOCK:  # threads (Dask workers) may ask at once
            while len(_PRIME_CACHE) < k:
                _PRIME_CACHE.extend(_primes_in_window(k - len(_PRIME_CACHE)))
            return _PRIME_CACHE[:k]
    out, n = [], top - 1
    while len(out) < k and n >= 2:
        if is_prime(n):
            out.append(n)
        n -= 1
    return out


_SIEVE_PRIMES = None


def _primes_in_window(want):
    """The primes of a window below the last cached one (below ``2**63`` at first): about `want`.

    A window below the last prime found is sieved by the primes below ``2**16``
    and the survivors tested by :func:`is_prime`, which decides: the list is the
    same as testing every number, only faster (about one survivor in twenty).
    """
    global _SIEVE_PRIMES
    if _SIEVE_PRIMES is None:
        flags = np.ones(1 << 16, dtype=bool)
        flags[:2] = False
        for q in range(2, 256):
            if flags[q]:
                flags[q * q :: q] = False
        _SIEVE_PRIMES = np.flatnonzero(flags).tolist()
    hi = _PRIME_CACHE[-1] if _PRIME_CACHE else WORD_TOP  # the window is [lo, hi)
    span = max(1 << 12, 48 * want)  # primes near 2**63 are about 44 apart
    lo = hi - span
    keep = np.ones(span, dtype=bool)
    for q in _SIEVE_PRIMES:
        keep[(-lo) % q :: q] = False
    found = [lo + int(i) for i in np.flatnonzero(keep)[::-1] if is_prime(lo + int(i))]
    return found


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
        raise TooLargeError(
            f"{depth} chained additions are too many for a float64 error bound "
            f"(it needs fewer than 2**52)"
        )
    return Fraction(depth, 2**53 - depth)


def near_interval(approx, rel_error):
    """``(lo, hi)``: the integers ``N >= 0`` with ``|approx - N| <= rel_error * N`` lie in ``[lo, hi]``.

    ``approx`` is a float, an int or a :class:`fractions.Fraction` (exact, any
    size: a rescaled float sweep gives ``mantissa * 2**exponent``); ``rel_error <
    1``. The interval is ``[approx / (1 + rel), approx / (1 - rel)]``, rounded inwards.

    Examples
    --------
    >>> near_interval(100.0, 0.01)
    (100, 101)
    """
    f, rel = Fraction(approx), Fraction(rel_error)
    lo = -((-f / (1 + rel)).__floor__())  # ceil
    hi = (f / (1 - rel)).__floor__()
    return max(lo, 0), hi


def crt_near(residues, moduli, approx, rel_error):
    """The integer ``N >= 0`` with the given residues and ``|approx - N| <= rel_error * N``.

    Parameters
    ----------
    residues, moduli : sequences
        As for :func:`crt` (0 in `moduli` means ``2**64``).
    approx : float, int or fractions.Fraction
        An approximation of ``N`` with relative error at most `rel_error` (a
        Fraction when it is too large for a float).
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
    lo, hi = near_interval(approx, rel_error)
    modulus = math.prod(_modulus(m) for m in moduli)
    if hi - lo + 1 > modulus:
        return None
    r = crt(residues, moduli)
    n = lo + (r - lo) % modulus
    if n > hi:
        raise ArithmeticError(
            "no integer has these residues near the approximation: a bound is wrong"
        )
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
    return _crt_tree(res, mods)[0]


def _crt_tree(res, mods):
    """``(N, M)``: the CRT by a product tree, with inverses of word-sized numbers only.

    Garner's loop below 16 moduli. Above, with ``M`` the product of all moduli
    (a product tree), ``N = sum_i c_i M / m_i mod M`` where ``c_i = r_i
    (M / m_i)**-1 mod m_i``; ``M / m_i mod m_i`` comes from a remainder tree
    (``M mod m_i**2``, divided by ``m_i``), and the sum is gathered up the tree as
    ``S = S_left M_right + S_right M_left``. The big-number work is products and
    a few divisions per level, so thousands of moduli take tens of milliseconds
    where Garner's loop takes a second.
    """
    if len(mods) <= 16:
        n, prod = 0, 1
        for r, m in zip(res, mods):
            t = (r - n) * pow(prod, -1, m) % m
            n += prod * t
            prod *= m
        return n, prod
    levels = [list(mods)]
    while len(levels[-1]) > 1:
        cur = levels[-1]
        levels.append(
            [cur[i] * cur[i + 1] if i + 1 < len(cur) else cur[i] for i in range(0, len(cur), 2)]
        )
    total = levels[-1][0]
    rems = [total]
    for level in reversed(levels[:-1]):
        rems = [rems[i // 2] % (p * p) for i, p in enumerate(level)]
    sums = [r * pow(v // m, -1, m) % m for r, v, m in zip(res, rems, mods)]
    for level in levels[:-1]:
        sums = [
            sums[i] * level[i + 1] + sums[i + 1] * level[i] if i + 1 < len(level) else sums[i]
            for i in range(0, len(level), 2)
        ]
    return sums[0] % total, total


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
    tallies = []
    for degs in (np.asarray(black_degrees), np.asarray(white_degrees)):
        if degs.size == 0 or (degs == 0).any():
            return 0.0
        tallies.append(np.bincount(degs.astype(np.int64).ravel()))
    return bregman_log2_tallies(*tallies)


def bregman_log2_tallies(black_tally, white_tally):
    """Brègman's bound from tallies of degrees (``tally[d]`` vertices of degree ``d``)."""
    best = math.inf
    for tally in (np.asarray(black_tally), np.asarray(white_tally)):
        if tally.sum() == 0 or tally[0] > 0:
            return 0.0
        degrees = np.flatnonzero(tally)
        total = math.fsum(
            int(tally[d]) * math.lgamma(int(d) + 1) / int(d) for d in degrees.tolist()
        )
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
        raise TooLargeError(
            f"only {len(_SMALL_PRIMES)} primes below 2**26 exist, {k} asked: an exact "
            f"determinant of more than about {25 * len(_SMALL_PRIMES)} bits is beyond this method"
        )
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


def interpolate_mod(values, p):
    """Coefficients mod `p` of the polynomials through `values` at the points ``0, 1, ..., n-1``.

    Parameters
    ----------
    values : array_like of int, shape ``(n, ...)``
        ``values[t]`` are the polynomials' values at ``t`` (any trailing shape:
        one polynomial per trailing index).
    p : int
        A prime below ``2**31`` (a product of two residues then fits in 64 bits).

    Returns
    -------
    numpy.ndarray of uint64, the shape of `values`
        ``coef[e]``: the coefficient of ``t**e``, lowest first.

    Notes
    -----
    Newton's divided differences on the points ``0..n-1`` (each step divides by
    the distance ``j`` between points), then the Newton form expanded by
    Horner's rule: ``O(n**2)`` operations per polynomial, vectorised over the
    trailing axes.

    Examples
    --------
    >>> interpolate_mod([1, 2, 5, 10], 101).tolist()     # 1 + t**2
    [1, 0, 1, 0]
    """
    if not 2 <= int(p) < 2**31:
        raise DominoTilingError(f"interpolate_mod needs a prime below 2**31, got {p}")
    P = np.uint64(p)
    arr = np.asarray(values)
    if arr.dtype == object:
        arr = np.vectorize(lambda v: int(v) % int(p), otypes=[np.int64])(arr)
    d = np.mod(arr.astype(np.int64), int(p)).astype(np.uint64)
    n = d.shape[0]
    for j in range(1, n):  # divided differences, in place from the top
        inv = np.uint64(pow(j, -1, int(p)))
        d[j:] = (d[j:] + P - d[j - 1 : -1]) % P * inv % P
    coef = np.zeros_like(d)
    coef[0] = d[n - 1]
    for j in range(n - 2, -1, -1):  # Horner: coef = coef * (t - j) + d[j]
        shifted = np.zeros_like(d)
        shifted[1:] = coef[:-1]
        coef = (shifted + P - coef * np.uint64(j) % P) % P
        coef[0] = (coef[0] + d[j]) % P
    return coef


# ------------------------------------------------------------------ big counts as text
#: Digits of the largest chunk handed to ``int.__str__`` (below Python's default limit of 4300).
_CHUNK_DIGITS = 4000
_POWERS = {}
_POWERS_LOCK = threading.Lock()


def _power_of_ten(digits):
    with _POWERS_LOCK:
        p = _POWERS.get(digits)
        if p is None:
            p = _POWERS[digits] = 10**digits
        return p


def decimal_string(n):
    """The decimal digits of the int `n`, however many, without touching Python's int-to-str limit.

    ``str(n)`` refuses ints of more than 4300 digits (``sys.set_int_max_str_digits``,
    Python 3.11+) -- a guard for parsers of untrusted text. A count is no untrusted
    text, and the global setting belongs to the user: the digits are made here by
    splitting `n` at powers of ten (divide and conquer) into chunks that ``str``
    takes. About 0.1 s for 100,000 digits.

    Examples
    --------
    >>> s = decimal_string(7**20000)
    >>> len(s), s[:5], s[-5:] == str(7**20000 % 10**5).zfill(5)
    (16902, '91369', True)
    >>> decimal_string(-12)
    '-12'
    """
    n = int(n)
    if n < 0:
        return "-" + decimal_string(-n)
    if n < _power_of_ten(_CHUNK_DIGITS):  # at most _CHUNK_DIGITS digits: str takes it
        return int.__repr__(n)
    digits = _CHUNK_DIGITS
    while n >= _power_of_ten(2 * digits):  # split near the middle: halves of similar size
        digits *= 2
    hi, lo = divmod(n, _power_of_ten(digits))
    return decimal_string(hi) + decimal_string(lo).rjust(digits, "0")


def int_from_decimal(digits):
    """The int of a string of decimal digits (an optional ``-`` first), however many.

    The inverse of :func:`decimal_string`: ``int(text)`` refuses more than 4300
    digits (Python 3.11+); here the digits are cut into chunks that ``int`` takes
    and put together by powers of ten (divide and conquer). The caller bounds the
    length (a document's digit limit): the cost grows faster than the length.

    Examples
    --------
    >>> int_from_decimal(decimal_string(7**20000)) == 7**20000
    True
    >>> int_from_decimal("-0012")
    -12
    """
    if digits.startswith("-"):
        return -int_from_decimal(digits[1:])
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise DominoTilingError(f"not a decimal integer: {digits[:40]!r}")
    if len(digits) <= _CHUNK_DIGITS:
        return int(digits)
    half = _CHUNK_DIGITS
    while 2 * half < len(digits):
        half *= 2
    hi, lo = digits[:-half], digits[-half:]
    return int_from_decimal(hi) * _power_of_ten(half) + int_from_decimal(lo)


class Count(int):
    """An exact count: a Python ``int`` that prints and displays however many digits it has.

    Returned by the counting functions. It is an ``int`` in every other way
    (``isinstance(c, int)``, arithmetic, hashing, pickling); arithmetic gives plain
    ints. Only ``str``, ``repr`` and ``format`` differ: beyond Python's 4300-digit
    limit for int-to-str conversion they give all the digits (by
    :func:`decimal_string`; ``format(count, ",")`` and ``"_"`` group them) instead of
    raising ``ValueError``, without changing the
    interpreter's setting (``sys.set_int_max_str_digits``), so that a notebook can
    show ``count_tilings(Region.rectangle(200, 200))``. ``json.dumps(count)`` cannot be
    reached from here (the standard encoder calls ``int.__repr__`` itself): the
    library's own JSON writers (``to_json``) write ints of any size, and
    ``json.dumps(str(count))`` keeps every digit as a string.

    Examples
    --------
    >>> c = Count(3**10000)
    >>> len(repr(c)), c == 3**10000, type(c + 1) is int
    (4772, True, True)
    >>> format(Count(10**5000), ",")[:9], len(format(Count(10**5000), ","))
    ('100,000,0', 6667)
    """

    __slots__ = ()

    def __repr__(self):
        return decimal_string(self)

    __str__ = __repr__

    def __format__(self, spec):
        if spec in ("", "d"):
            return decimal_string(self)
        if spec in (",", "_", ",d", "_d") and abs(self) >= _power_of_ten(_CHUNK_DIGITS):
            sep = spec[0]  # groups of three digits, every digit (int's own stops at 4300)
            digits = decimal_string(abs(self))
            head = len(digits) % 3 or 3
            groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
            return ("-" if self < 0 else "") + sep.join(groups)
        return int.__format__(int(self), spec)

    def __reduce__(self):
        return (Count, (int(self),))


def as_count(n):
    """`n` as a :class:`Count` when it is an int (bools and other types unchanged)."""
    if type(n) is int:
        return Count(n)
    return n
