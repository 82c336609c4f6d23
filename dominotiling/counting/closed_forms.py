"""Closed forms: strips, their recurrences and generating functions, rectangles, Aztec diamonds.

The number of domino tilings of a ``width`` x ``n`` strip satisfies a linear
recurrence in ``n`` with constant integer coefficients, so its generating
function is a rational function of ``x``. This module finds both exactly from the
column-to-column transfer matrix, evaluates the Kasteleyn--Temperley--Fisher
product for rectangles as an exact integer (a resultant of two Chebyshev-type
polynomials), and gives the Aztec diamond's ``2**(n(n+1)/2)``.

- :func:`strip_counts` -- the counts ``[a(0), ..., a(n)]`` of a ``width`` x ``n`` strip;
- :func:`strip_recurrence` -- the minimal linear recurrence those counts satisfy;
- :func:`strip_generating_function` -- ``sum a(n) x**n`` as a sympy ``P(x)/Q(x)``;
- :func:`rectangle_count` -- tilings of an ``m`` x ``n`` rectangle, exactly;
- :func:`aztec_count` -- tilings of the Aztec diamond of order ``n``.

Examples
--------
>>> from dominotiling.counting.closed_forms import strip_counts, strip_generating_function, rectangle_count
>>> strip_counts(2, 8)                     # Fibonacci numbers
[1, 1, 2, 3, 5, 8, 13, 21, 34]
>>> strip_generating_function(2)
1/(-x**2 - x + 1)
>>> rectangle_count(8, 8)
12988816

References
----------
.. [1] Х. Нурлигареев, "Полоски из домино" (Domino strips), Элементы:
   strips 2 x n and 3 x 2n, Kasteleyn's theorem, Kirchhoff, the Aztec diamond -- the
   second source article of this library.
.. [2] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
.. [3] H. N. V. Temperley, M. E. Fisher, "Dimer problem in statistical mechanics --
   an exact result", Phil. Mag. 6 (1961).
.. [4] N. Elkies, G. Kuperberg, M. Larsen, J. Propp, "Alternating-sign matrices and
   domino tilings", J. Algebraic Combin. 1 (1992).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

from .. import _validate
from .._options import check_memory
from .._util import keyword_only
from ..errors import TooLargeError

__all__ = [
    "strip_counts",
    "strip_recurrence",
    "strip_generating_function",
    "rectangle_count",
    "aztec_count",
    "MAX_STRIP_WIDTH",
    "RECTANGLE_MAX_SECONDS",
]

#: The widest strip the transfer matrix accepts (``2**12 = 4096`` column states).
MAX_STRIP_WIDTH = 12


# ----------------------------------------------------------------------------- checks


def _check_width(width):
    width = _validate.integer(width, "width", minimum=1)
    if width > MAX_STRIP_WIDTH:
        raise TooLargeError(
            f"a strip of width {width} has 2**{width}"
            + (f" = {2**width}" if width <= 64 else "")
            + " column states, more than "
            f"the 2**{MAX_STRIP_WIDTH} = {2**MAX_STRIP_WIDTH} this module accepts; count one "
            "rectangle with count_tilings(Region.rectangle(width, n)) (dominotiling.count_tilings) "
            "or rectangle_count(width, n) instead"
        )
    return width


def _check_nonnegative(value, name):
    return _validate.nonnegative_int(value, name)


# log2 of phi = (1 + sqrt 5) / 2, rounded up: F(L + 1) <= phi**L for every L >= 0
_LOG2_PHI_UP = 0.6942419136306175


def _log2_fib(length):
    """An upper bound on log2 F(length + 1): the tilings of a row of `length` cells by monomers and dimers."""
    if length <= 90:
        a, b = 1, 1
        for _ in range(length):
            a, b = b, a + b
        return math.log2(a) * (1 + 1e-12)
    return length * _LOG2_PHI_UP


def _count_bits(width, length):
    """An upper bound on the bits of the number of tilings of a ``width`` x ``length`` box.

    The transfer-matrix bound of ``dominotiling.model.bounds.row_log2_bound``: each of the
    ``length`` rows of ``width`` cells is covered in at most ``F(width + 1)`` ways
    whatever sticks into it (and likewise the other way round).
    """
    if width == 0 or length == 0:
        return 1
    return int(min(length * _log2_fib(width), width * _log2_fib(length))) + 2


def _check_digits(bits, what, alternative):
    """Refuse, before computing, an exact integer answer of `bits` bits over the memory budget.

    Big-integer arithmetic keeps a few numbers of that size alive at once: four
    times the answer is budgeted.
    """
    check_memory(
        4 * (bits // 8 + 1),
        f"{what} (an integer of up to {bits} bits, and its intermediates)",
        alternative,
    )


# ----------------------------------------------------------------------------- transfer matrix


@functools.cache
def _transfer_neighbours(width):
    """For each column state ``s``, the states ``t`` with ``T[s, t] = 1`` (T is symmetric).

    A state is a ``width``-bit mask of the cells of the next column already covered by
    horizontal dominoes sticking out of this one. From state ``s`` the free cells of
    the column (not in ``s``) are covered one by one, bottom bit first: by a horizontal
    domino (its bit goes into ``t``) or, with the next free cell, by a vertical one.
    """
    neighbours = []
    for s in range(1 << width):
        found = []
        partial = [(0, 0)]  # (next cell to cover, outgoing bits so far)
        while partial:
            i, t = partial.pop()
            while i < width and (s >> i) & 1:
                i += 1
            if i == width:
                found.append(t)
                continue
            partial.append((i + 1, t | (1 << i)))
            if i + 1 < width and not (s >> (i + 1)) & 1:
                partial.append((i + 2, t))
        neighbours.append(tuple(sorted(found)))
    return tuple(neighbours)


def _apply(neighbours, vector):
    """``T @ vector`` in exact integers (``T`` given by its neighbour lists)."""
    return [sum(vector[s] for s in row) if row else 0 for row in neighbours]


def _counts(width, n):
    neighbours = _transfer_neighbours(width)
    vector = [0] * (1 << width)
    vector[0] = 1
    counts = [1]
    for _ in range(n):
        vector = _apply(neighbours, vector)
        counts.append(vector[0])
    return counts


def strip_counts(width, n):
    """Numbers of domino tilings of the ``width`` x ``k`` strips for ``k = 0, ..., n``.

    Parameters
    ----------
    width : int
        Height of the strip, ``1 <= width <= MAX_STRIP_WIDTH`` (12).
    n : int
        The longest length wanted, ``n >= 0``.

    Returns
    -------
    list of int
        ``[a(0), a(1), ..., a(n)]``, exact Python ints; ``a(0) = 1`` (the empty strip
        has one tiling, the empty one).

    Raises
    ------
    DominoTilingError
        If ``width < 1`` or ``n < 0``.
    TooLargeError
        If ``width > 12``; the message names the ``2**width`` states and the
        alternatives.

    Notes
    -----
    Cut the strip between columns. The state at a cut is the set of cells of the
    next column already covered by horizontal dominoes crossing it, a ``width``-bit
    mask, so the ``2**width`` x ``2**width`` transfer matrix ``T`` has
    ``T[s, t] = 1`` when a column entered with state ``s`` can be completed with
    vertical dominoes and horizontal ones leaving state ``t``. Then
    ``a(n) = (T**n)[0, 0]``: the strip starts and ends with a straight edge. ``T`` has
    ``r(width)`` non-zero entries, ``r(w) = 2 r(w-1) + r(w-2)`` (985 for width 8),
    and each step costs that many big-integer additions: ``O(n * r(width))``.

    Examples
    --------
    >>> strip_counts(2, 6)
    [1, 1, 2, 3, 5, 8, 13]
    >>> strip_counts(3, 8)
    [1, 0, 3, 0, 11, 0, 41, 0, 153]
    >>> strip_counts(8, 8)[-1]
    12988816
    """
    width = _check_width(width)
    n = _check_nonnegative(n, "n")
    bits = _count_bits(width, n)
    check_memory(
        (n + 1) * bits // 16 + (1 << width) * (bits // 8 + 1) + 8 * n,
        f"the {n + 1} exact counts of the {width} x k strips up to k = {n} (up to {bits} bits each)",
        f"rectangle_count({width}, n) for one length only",
    )
    return _counts(width, n)


# ----------------------------------------------------------------------------- recurrences


def _berlekamp_massey(terms):
    """Shortest linear recurrence of a rational sequence, ``(C, L)``.

    ``C = [1, c1, ..., cL]`` (Fractions, trailing ones may be zero) with
    ``terms[k] + c1 terms[k-1] + ... + cL terms[k-L] = 0`` for ``L <= k < len(terms)``,
    and ``L`` the least length for which such coefficients exist (Massey 1969).
    """
    c, b = [Fraction(1)], [Fraction(1)]
    length, shift, last = 0, 1, Fraction(1)
    for k, term in enumerate(terms):
        discrepancy = term + sum(c[i] * terms[k - i] for i in range(1, length + 1) if i < len(c))
        if discrepancy == 0:
            shift += 1
            continue
        factor = discrepancy / last
        new = c + [Fraction(0)] * max(0, len(b) + shift - len(c))
        for i, coefficient in enumerate(b):
            new[i + shift] -= factor * coefficient
        if 2 * length <= k:
            b, length, last, shift = c, k + 1 - length, discrepancy, 1
        else:
            shift += 1
        c = new
    c = c + [Fraction(0)] * (length + 1 - len(c))
    return c[: length + 1], length


def _annihilates(width, coefficients):
    """Whether ``p(T) e0 = 0`` for ``p(x) = x**L + c1 x**(L-1) + ... + cL`` (ints)."""
    neighbours = _transfer_neighbours(width)
    vector = [0] * (1 << width)
    vector[0] = 1  # Horner: u = T u + c_i e0, starting from u = e0
    for c in coefficients[1:]:
        vector = _apply(neighbours, vector)
        vector[0] += c
    return not any(vector)


@functools.cache
def _minimal_recurrence(width):
    """``(C, counts)``: the minimal connection polynomial (ints) and the counts used."""
    n_terms = 16
    while True:
        counts = _counts(width, n_terms - 1)
        connection, length = _berlekamp_massey(counts)
        if all(c.denominator == 1 for c in connection) and 2 * length <= n_terms:
            connection = [int(c) for c in connection]
            if _annihilates(width, connection):
                return tuple(connection), tuple(counts)
        if n_terms >= 2 << width:  # Cayley-Hamilton: cannot happen, see strip_recurrence
            raise AssertionError(f"no recurrence found for width {width}")
        n_terms *= 2


def strip_recurrence(width):
    """The minimal linear recurrence of the strip counts, ``a(n) = c1 a(n-1) + ... + cL a(n-L)``.

    Parameters
    ----------
    width : int
        Height of the strip, ``1 <= width <= MAX_STRIP_WIDTH`` (12).

    Returns
    -------
    list of int
        ``[c1, c2, ..., cL]``: for every ``n >= L``,
        ``a(n) = c1*a(n-1) + c2*a(n-2) + ... + cL*a(n-L)``, where ``a`` are the counts of
        :func:`strip_counts`. ``L`` (the length of the list) is the least possible.

    Raises
    ------
    DominoTilingError
        If ``width < 1``.
    TooLargeError
        If ``width > 12``.

    Notes
    -----
    ``a(n) = e0' T**n e0`` with ``T`` the transfer matrix of :func:`strip_counts`, so a
    polynomial ``p(x) = x**L - c1 x**(L-1) - ... - cL`` gives a recurrence exactly when
    ``e0' T**n p(T) e0 = 0`` for all ``n``. Because ``T`` is symmetric, this holds iff
    ``p(T) e0 = 0`` (``p(T) e0`` lies in the Krylov space of ``e0`` and is orthogonal to
    it): the minimal recurrence is the minimal polynomial of ``e0`` under ``T``, whose
    degree is at most ``2**width`` by the Cayley--Hamilton theorem, and whose
    coefficients are integers (a monic factor of the integer characteristic
    polynomial, by Gauss's lemma).

    It is found by the Berlekamp--Massey algorithm over the rationals on ``N``
    counts, ``N = 16, 32, ...``: the candidate of length ``L`` (with ``2L <= N``) is
    accepted once ``p(T) e0 = 0`` is checked in exact integers. No recurrence
    shorter than ``L`` fits even the first ``N`` counts, so an accepted candidate is
    the minimal one; and once ``N >= 2 * 2**width`` the candidate is the minimal
    recurrence itself (the shortest recurrence fitting ``2L`` terms is unique), so
    the search ends. In practice ``L`` is far below ``2**width``: it comes out as
    ``2**ceil(width/2)`` for widths 1 to 12 (16 for width 8), so width 8 takes
    milliseconds and width 12 about a second.

    Examples
    --------
    >>> strip_recurrence(2)                    # Fibonacci: a(n) = a(n-1) + a(n-2)
    [1, 1]
    >>> strip_recurrence(3)                    # a(2m) = 4 a(2m-2) - a(2m-4)
    [0, 4, 0, -1]
    """
    width = _check_width(width)
    connection, _ = _minimal_recurrence(width)
    return [-c for c in connection[1:]]


@keyword_only("symbol")
def strip_generating_function(width, *, symbol=None):
    """The generating function ``sum_n a(n) x**n`` of the strip counts, as ``P(x)/Q(x)``.

    Parameters
    ----------
    width : int
        Height of the strip, ``1 <= width <= MAX_STRIP_WIDTH`` (12).
    symbol : sympy.Symbol, optional
        The variable; ``sympy.Symbol("x")`` by default.

    Returns
    -------
    sympy.Expr
        ``P(x)/Q(x)`` in lowest terms, with ``Q(x) = 1 - c1 x - ... - cL x**L`` the
        reversed characteristic polynomial of :func:`strip_recurrence` and ``P`` of
        degree below ``L``, ``Q(0) = P(0) = 1``.

    Raises
    ------
    DominoTilingError
        If ``width < 1``.
    TooLargeError
        If ``width > 12``.

    See Also
    --------
    rectangle_count, count_tilings

    Notes
    -----
    For ``n >= L`` the coefficient of ``x**n`` in ``A(x) Q(x)`` is
    ``a(n) - c1 a(n-1) - ... - cL a(n-L) = 0``, so ``P = A Q`` is a polynomial of degree
    below ``L``, read off the first ``L`` counts. Minimality of the recurrence makes
    ``P/Q`` irreducible. Width 2 gives the Fibonacci numbers (the source article's
    ``2 x n`` strips); width 3 vanishes at odd lengths and ``b(m) = a(2m)`` satisfies
    ``b(m) = 4 b(m-1) - b(m-2)`` (its ``3 x 2n`` strips).

    Examples
    --------
    >>> strip_generating_function(2)
    1/(-x**2 - x + 1)
    >>> f = strip_generating_function(3)
    >>> f
    (1 - x**2)/(x**4 - 4*x**2 + 1)
    >>> import sympy
    >>> sympy.series(f, sympy.Symbol("x"), 0, 9)
    1 + 3*x**2 + 11*x**4 + 41*x**6 + 153*x**8 + O(x**9)
    >>> strip_generating_function(1, symbol=sympy.Symbol("t"))
    1/(1 - t**2)
    """
    width = _check_width(width)
    import sympy

    x = sympy.Symbol("x") if symbol is None else symbol
    _validate.instance(x, "symbol", sympy.Symbol, "make one with sympy.Symbol('x')")
    connection, counts = _minimal_recurrence(width)
    length = len(connection) - 1
    numerator = [
        sum(connection[i] * counts[k - i] for i in range(min(k, length) + 1)) for k in range(length)
    ]
    p = sympy.Add(*[c * x**k for k, c in enumerate(numerator)])
    q = sympy.Add(*[c * x**k for k, c in enumerate(connection)])
    return p / q


# ----------------------------------------------------------------------------- rectangles


def _g_coefficients(n):
    """Coefficients (low to high) of ``G_n(z) = prod_{k=1}^{ceil(n/2)} (z - 4cos^2(pi k/(n+1)))``."""
    degree = (n + 1) // 2
    coefficients = [0] * (degree + 1)
    for k in range(n // 2 + 1):
        coefficients[degree - k] = (-1) ** k * math.comb(n - k, k)
    return coefficients


def rectangle_count(m, n):
    """Number of domino tilings of the ``m`` x ``n`` rectangle, exactly, by the product formula.

    Parameters
    ----------
    m, n : int
        The sides, ``>= 0`` (a side of 0 is the empty board: one tiling).

    Returns
    -------
    int
        The exact count, a Python int.

    Raises
    ------
    DominoTypeError
        If a side is not an integer.
    DominoTilingError
        If a side is negative.
    TooLargeError
        Before computing, if the answer (at most ``0.6943 m n`` bits, see Notes)
        would not fit in the memory budget (``dominotiling.set_options``), or the
        computation would take more than about a minute
        (:data:`RECTANGLE_MAX_SECONDS`, estimated from the sides); the message
        names ``log_count``, which gives the logarithm instead.

    See Also
    --------
    aztec_count, count_tilings, strip_generating_function

    Notes
    -----
    Kasteleyn [2]_ and Temperley--Fisher [3]_:

    .. math:: T(m, n) = \\prod_{j=1}^{\\lceil m/2\\rceil} \\prod_{k=1}^{\\lceil n/2\\rceil}
              \\left(4\\cos^2\\frac{\\pi j}{m+1} + 4\\cos^2\\frac{\\pi k}{n+1}\\right).

    It is evaluated as an exact integer. The Chebyshev polynomial
    ``U_n(cos t) = sin((n+1)t)/sin t`` has roots ``cos(pi k/(n+1))``, ``k = 1..n``, so
    ``u_n(s) = U_n(s/2) = sum_k (-1)^k C(n-k, k) s^(n-2k)`` (``u_{k+1} = s u_k - u_{k-1}``) is
    monic with integer coefficients and roots ``2cos(pi k/(n+1))``. These come in pairs
    ``+-``, plus ``0`` when ``n`` is odd, so ``s**(n mod 2) * u_n(s) = G_n(s**2)`` where

    .. math:: G_n(z) = \\sum_{k} (-1)^k \\binom{n-k}{k} z^{\\lceil n/2\\rceil - k}
              = \\prod_{k=1}^{\\lceil n/2\\rceil} \\left(z - 4\\cos^2\\frac{\\pi k}{n+1}\\right).

    Hence the inner product is ``F_n(y) = prod_k (y + 4cos^2(pi k/(n+1))) =
    (-1)^ceil(n/2) G_n(-y)``, a polynomial with integer coefficients, and the outer
    product runs over the roots ``y`` of the monic ``G_m``: ``T(m, n) = Res(G_m, F_n)``,
    the resultant of two integer polynomials of degrees ``ceil(m/2)`` and
    ``ceil(n/2)``, computed exactly by sympy (subresultants; the sign is fixed by
    hand, as sympy's is off for some degrees, sympy issue #10666). ``m = n = 100``
    takes milliseconds, 600 x 600 a minute. Two odd sides give 0 (both polynomials
    vanish at 0).

    When the short side is at most 12 and the strip's recurrence is the faster
    route, the count is ``a(n)`` of :func:`strip_counts` instead, computed from the
    minimal recurrence by repeated squaring of ``x**n`` modulo its
    characteristic polynomial: ``rectangle_count(2, 10**6)``, a Fibonacci number
    of 694,000 bits, takes a fraction of a second.

    Before either route runs, the size of the answer is bounded by the
    transfer-matrix bound (each of the ``n`` rows of ``m`` cells is covered in at
    most ``F(m + 1)`` ways, ``F`` the Fibonacci numbers, so at most
    ``n log2 F(m + 1) <= 0.6943 m n`` bits) and checked against the memory budget,
    and the time of both routes is estimated from the sides: the faster one runs,
    and neither when it would take more than :data:`RECTANGLE_MAX_SECONDS`.

    Examples
    --------
    >>> rectangle_count(2, 3), rectangle_count(3, 4), rectangle_count(8, 8)
    (3, 11, 12988816)
    >>> rectangle_count(3, 5)
    0
    >>> rectangle_count(10, 10)
    258584046368
    >>> len(str(rectangle_count(100, 100)))     # digits
    1254
    """
    m = _check_nonnegative(m, "m")
    n = _check_nonnegative(n, "n")
    if m == 0 or n == 0:
        return 1
    if m % 2 and n % 2:
        return 0
    if m > n:
        m, n = n, m
    bits = _count_bits(m, n)
    alternative = (
        f"log_count(Region.rectangle({m}, {n})) for the logarithm of the count "
        "(dominotiling.log_count)"
    )
    _check_digits(bits, f"the number of tilings of the {m} x {n} rectangle", alternative)
    seconds, route = min(
        (_resultant_seconds(m, n), _resultant_count),
        (_strip_seconds(m, bits), _strip_count),
        key=lambda pair: pair[0],
    )
    if seconds > RECTANGLE_MAX_SECONDS:
        raise TooLargeError(
            f"the exact count of the {m} x {n} rectangle would take about {seconds:.0f} s or more "
            f"by the faster exact route of rectangle_count (RECTANGLE_MAX_SECONDS = "
            f"{RECTANGLE_MAX_SECONDS}); use {alternative}"
        )
    return route(m, n)


#: The longest computation :func:`rectangle_count` takes on, in seconds (estimated
#: from the sides before it starts; the estimates are fitted to timings of both routes).
RECTANGLE_MAX_SECONDS = 60


def _strip_seconds(width, bits):
    """Estimated seconds of :func:`_strip_count`: ``L**2`` products of ``bits``-bit numbers per step.

    Fitted: 0.2 s for 12 x 2000, 4 s for 12 x 10**4, 0.5 s for 8 x 30000, 0.25 s
    for 2 x 10**6, 8 s for 2 x 10**7. Infinite above width 12 (no strip route).
    """
    if width > MAX_STRIP_WIDTH:
        return math.inf
    order = 2 ** ((width + 1) // 2)  # the recurrence's length, found for widths 1 to 12
    return 2.4e-8 * order * order * (bits / 64 + 1) ** 1.585


def _resultant_seconds(m, n):
    """Estimated seconds of :func:`_resultant_count` (sympy's subresultants), for ``m <= n``.

    Fitted: 0.08 s for 14 x 1000, 0.65 s for 40 x 3000, 0.1 s for 200 x 200, 3 s for
    400 x 400, about a minute for 600 x 600; a degree-1 ``G_m`` (``m <= 2``) is slower.
    """
    slow = 4.0 if m <= 2 else 1.0
    return 1e-7 * slow * n**1.9 * max(1.0, (m / 60) ** 3)


def _strip_count(width, n):
    """``a(n)`` for the ``width``-strip: ``x**n`` reduced by the minimal recurrence (Kitamasa).

    With ``a(k) = c1 a(k-1) + ... + cL a(k-L)``, ``x**n = sum_i r_i x**i`` modulo
    ``Q(x) = x**L - c1 x**(L-1) - ... - cL`` gives ``a(n) = sum_i r_i a(i)``; the power
    is taken by repeated squaring, ``O(L**2 log n)`` products of numbers at most as
    long as the answer -- ``rectangle_count(2, 10**6)`` (a Fibonacci number of
    694,000 bits) in a fraction of a second.
    """
    connection, counts = _minimal_recurrence(width)
    if n < len(counts):
        return counts[n]
    c = [-x for x in connection[1:]]  # a(k) = sum_j c[j - 1] a(k - j)
    length = len(c)

    def times(a, b):
        prod = [0] * (2 * length - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    if y:
                        prod[i + j] += x * y
        for d in range(2 * length - 2, length - 1, -1):  # x**L = sum_j c_j x**(L - j)
            t = prod[d]
            if t:
                for j in range(1, length + 1):
                    if c[j - 1]:
                        prod[d - j] += t * c[j - 1]
        return prod[:length]

    result = [1] + [0] * (length - 1)
    base = times([0, 1] + [0] * (length - 2), result) if length > 1 else [c[0]]
    k = n
    while k:
        if k & 1:
            result = times(result, base)
        k >>= 1
        if k:
            base = times(base, base)
    return sum(r * a for r, a in zip(result, counts))


def _resultant_count(m, n):
    """``T(m, n) = Res(G_m, F_n)`` exactly, for ``m <= n`` not both odd (see :func:`rectangle_count`)."""
    import sympy

    z = sympy.Symbol("z")
    g_m = _g_coefficients(m)
    g_n = _g_coefficients(n)
    sign = -1 if len(g_n) % 2 == 0 else 1  # (-1)**ceil(n/2); len(g_n) = ceil(n/2) + 1
    f_n = [sign * c * (-1) ** i for i, c in enumerate(g_n)]
    a = sympy.Poly(g_m[::-1], z, domain=sympy.ZZ)
    b = sympy.Poly(f_n[::-1], z, domain=sympy.ZZ)
    # Res(a, b) = (-1)**(deg a * deg b) Res(b, a). The higher degree goes first:
    # sympy's subresultant code reorders its arguments by degree without the sign
    # (sympy issue #10666), which is harmless in this order.
    swap = -1 if (len(g_m) - 1) * (len(g_n) - 1) % 2 else 1
    return swap * int(b.resultant(a))


def aztec_count(n):
    """Number of domino tilings of the Aztec diamond of order ``n``: ``2**(n(n+1)/2)``.

    Parameters
    ----------
    n : int
        The order, ``>= 0`` (order 0 is the empty region, one tiling).

    Returns
    -------
    int
        ``2**(n*(n+1)//2)``, a Python int.

    Raises
    ------
    DominoTilingError
        If ``n`` is negative.
    TooLargeError
        If the answer's ``n(n+1)/2`` bits would not fit in the memory budget
        (``dominotiling.set_options``); refused before anything is computed.

    See Also
    --------
    rectangle_count, count_tilings, aztec_partition_function

    Notes
    -----
    The Aztec diamond theorem of Elkies, Kuperberg, Larsen and Propp [4]_; the
    region is :meth:`dominotiling.Region.aztec_diamond`. Its typical tiling is
    frozen outside the inscribed circle (the arctic circle theorem).

    Examples
    --------
    >>> [aztec_count(n) for n in range(5)]
    [1, 2, 8, 64, 1024]
    """
    n = _check_nonnegative(n, "n")
    bits = n * (n + 1) // 2 + 1
    _check_digits(
        bits,
        f"2**{bits - 1}, the number of tilings of the Aztec diamond of order {n}",
        f"its logarithm, n(n+1)/2 = {bits - 1} (in base 2)",
    )
    return 2 ** (bits - 1)
