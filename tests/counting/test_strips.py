import mpmath
import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings

from dominotiling import Region, count_tilings
from dominotiling.counting.closed_forms import (
    MAX_STRIP_WIDTH,
    aztec_count,
    rectangle_count,
    strip_counts,
    strip_generating_function,
    strip_recurrence,
)
from dominotiling.errors import DominoTilingError, TooLargeError

X = sympy.Symbol("x")


def ktf_product(m, n):
    """Kasteleyn / Temperley-Fisher product in high precision, rounded with a checked margin."""
    digits = 30 + int(0.13 * m * n)  # log10 T(m, n) <= mn G/(pi ln 10) < 0.127 mn
    with mpmath.workdps(digits):
        cm = [4 * mpmath.cos(mpmath.pi * j / (m + 1)) ** 2 for j in range(1, (m + 1) // 2 + 1)]
        cn = [4 * mpmath.cos(mpmath.pi * k / (n + 1)) ** 2 for k in range(1, (n + 1) // 2 + 1)]
        p = mpmath.mpf(1)
        for a in cm:
            for b in cn:
                p *= a + b
        value = int(mpmath.nint(p))
        assert abs(p - value) < mpmath.mpf(10) ** -10
    return value


def series_coefficients(expr, symbol, order):
    poly = sympy.series(expr, symbol, 0, order).removeO()
    return [int(poly.coeff(symbol, k)) for k in range(order)]


def long_division_coefficients(expr, symbol, order):
    """Taylor coefficients of P/Q by dividing power series (faster than sympy.series)."""
    p, q = (sympy.Poly(e, symbol).all_coeffs()[::-1] for e in sympy.fraction(sympy.together(expr)))
    assert q[0] == 1
    out = []
    for k in range(order):
        value = (p[k] if k < len(p) else 0) - sum(
            q[i] * out[k - i] for i in range(1, min(k, len(q) - 1) + 1)
        )
        out.append(int(value))
    return out


# ----------------------------------------------------------------------------- strip_counts


@pytest.mark.parametrize("width", range(1, 7))
def test_strip_counts_match_profile_dp(width):
    counts = strip_counts(width, 12)
    assert len(counts) == 13
    assert counts[0] == 1
    assert all(type(c) is int for c in counts)
    assert counts[1:] == [count_tilings(Region.rectangle(width, n)) for n in range(1, 13)]


def test_strip_counts_match_brute_force():
    for width in range(1, 5):
        counts = strip_counts(width, 5)
        for n in range(1, 6):
            assert counts[n] == len(brute_force_tilings(np.ones((width, n), dtype=bool))), (
                width,
                n,
            )


def test_strip_counts_long_strips_are_exact():
    fib = [1, 1]
    while len(fib) <= 1000:
        fib.append(fib[-1] + fib[-2])
    assert strip_counts(2, 1000) == fib[:1001]
    assert strip_counts(8, 300)[300] == count_tilings(Region.rectangle(8, 300))
    assert strip_counts(1, 0) == [1]


def test_width_three_even_lengths():
    counts = strip_counts(3, 40)
    assert all(c == 0 for c in counts[1::2])
    even = counts[::2]
    assert even[:4] == [1, 3, 11, 41]  # the source article's 3 x 2n strips
    for m in range(2, len(even)):
        assert even[m] == 4 * even[m - 1] - even[m - 2]


# ----------------------------------------------------------------------------- recurrences


@pytest.mark.parametrize("width", range(1, 9))
def test_recurrence_holds_and_is_minimal(width):
    rec = strip_recurrence(width)
    order = len(rec)
    counts = strip_counts(width, 4 * order + 20)
    for n in range(order, len(counts)):
        assert counts[n] == sum(c * counts[n - i] for i, c in enumerate(rec, start=1)), n
    # Kronecker: the rank of the Hankel matrix of a linearly recurrent sequence is
    # the order of its minimal recurrence.
    size = order + 4
    hankel = sympy.Matrix(size, size, lambda i, j: counts[i + j])
    assert hankel.rank() == order


def test_recurrences_of_widths_two_to_four():
    assert strip_recurrence(2) == [1, 1]
    assert strip_recurrence(3) == [0, 4, 0, -1]
    # OEIS A005178 (4 x n): a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4)
    assert strip_recurrence(4) == [1, 5, 1, -1]


# ----------------------------------------------------------------------------- generating functions


@pytest.mark.parametrize("width", range(1, 7))
def test_generating_function_series_equals_counts(width):
    f = strip_generating_function(width)
    assert series_coefficients(f, X, 25) == strip_counts(width, 24)
    p, q = sympy.fraction(sympy.together(f))
    assert sympy.gcd(p, q) == 1
    assert q.subs(X, 0) == 1 and p.subs(X, 0) == 1


@pytest.mark.parametrize("width", [7, 8])
def test_wide_generating_functions_match_profile_dp(width):
    f = strip_generating_function(width)
    expected = [count_tilings(Region.rectangle(width, n)) for n in range(1, 13)]
    assert long_division_coefficients(f, X, 13)[1:] == expected


def test_fibonacci_and_width_three_closed_forms():
    assert sympy.simplify(strip_generating_function(2) - 1 / (1 - X - X**2)) == 0
    assert sympy.simplify(strip_generating_function(3) - (1 - X**2) / (1 - 4 * X**2 + X**4)) == 0


def test_generating_function_symbol():
    t = sympy.Symbol("t")
    f = strip_generating_function(2, symbol=t)
    assert f.free_symbols == {t}
    assert series_coefficients(f, t, 8) == [1, 1, 2, 3, 5, 8, 13, 21]
    with pytest.raises(TypeError):
        strip_generating_function(2, symbol="t")


# ----------------------------------------------------------------------------- rectangles and diamonds


@pytest.mark.parametrize("m", range(1, 13))
def test_rectangle_count_matches_profile_dp(m):
    for n in range(1, 13):
        value = rectangle_count(m, n)
        assert type(value) is int
        assert value == count_tilings(Region.rectangle(m, n)), (m, n)


@pytest.mark.parametrize(
    "m, n", [(1, 1), (2, 2), (7, 10), (31, 40), (57, 64), (99, 100), (100, 100)]
)
def test_rectangle_count_matches_high_precision_product(m, n):
    assert rectangle_count(m, n) == rectangle_count(n, m) == ktf_product(m, n)


def test_rectangle_count_edges():
    assert rectangle_count(0, 5) == rectangle_count(4, 0) == rectangle_count(0, 0) == 1
    assert rectangle_count(1, 2) == 1 and rectangle_count(1, 3) == 0
    assert rectangle_count(33, 51) == 0
    assert rectangle_count(14, 31) == count_tilings(Region.rectangle(14, 31))


def test_aztec_count_matches_profile_dp():
    assert aztec_count(0) == 1
    for n in range(1, 9):
        assert aztec_count(n) == count_tilings(Region.aztec_diamond(n)), n
    assert len(brute_force_tilings(Region.aztec_diamond(3).mask)) == aztec_count(3) == 64


# ----------------------------------------------------------------------------- errors


def test_errors():
    with pytest.raises(DominoTilingError, match="width must be at least 1"):
        strip_counts(0, 3)
    with pytest.raises(DominoTilingError, match="n must be a non-negative"):
        strip_counts(2, -1)
    with pytest.raises(TooLargeError) as info:
        strip_generating_function(MAX_STRIP_WIDTH + 1)
    message = str(info.value)
    assert "2**13" in message and "8192" in message and "count_tilings" in message
    with pytest.raises(TooLargeError):
        strip_counts(13, 1)
    with pytest.raises(TooLargeError):
        strip_recurrence(20)
    with pytest.raises(TypeError, match="integer"):
        strip_counts(2.0, 3)
    with pytest.raises(TypeError):
        strip_counts(True, 3)
    with pytest.raises(DominoTilingError, match="m must be"):
        rectangle_count(-1, 4)
    with pytest.raises(DominoTilingError):
        aztec_count(-2)
    assert issubclass(TooLargeError, ValueError)


# ----------------------------------------------------------------------------- issue 13: limits


def _fibonacci(n):
    """F(n) by the doubling formulas (independent of the strip recurrence)."""

    def pair(k):
        if k == 0:
            return 0, 1
        a, b = pair(k >> 1)
        c, d = a * (2 * b - a), a * a + b * b
        return (d, c + d) if k & 1 else (c, d)

    return pair(n)[0]


def test_long_thin_rectangles_are_computed_cheaply():
    # the resultant route would build half a million binomials of a million bits
    assert rectangle_count(10**6, 2) == rectangle_count(2, 10**6) == _fibonacci(10**6 + 1)
    assert rectangle_count(1, 10**6) == 1 and rectangle_count(10**6 + 1, 1) == 0
    assert rectangle_count(3, 2000) == strip_counts(3, 2000)[-1]


@pytest.mark.parametrize("width", range(1, MAX_STRIP_WIDTH + 1))
def test_both_routes_agree(width):
    from dominotiling.counting.closed_forms import _resultant_count, _strip_count

    for n in (1, 2, 3, 17, 64, 101):
        if width % 2 and n % 2:
            continue
        m, k = min(width, n), max(width, n)
        assert _strip_count(width, n) == _resultant_count(m, k), (width, n)


def test_huge_answers_are_refused_before_computing():
    from dominotiling import set_options

    with pytest.raises(TooLargeError, match="n\\(n\\+1\\)/2"):
        aztec_count(10**9)
    with pytest.raises(TooLargeError, match="log_count"):
        rectangle_count(10**5, 10**5)  # fits in memory, but would take days
    with pytest.raises(TooLargeError, match="log_count"):
        rectangle_count(2, 10**9)
    with pytest.raises(TooLargeError, match="memory budget"):
        rectangle_count(10**12, 10**12)
    with pytest.raises(TooLargeError, match="rectangle_count"):
        strip_counts(2, 10**6)  # a million numbers of up to a million bits
    with set_options(memory_limit="1 MiB"), pytest.raises(TooLargeError, match="memory budget"):
        aztec_count(10**4)
    assert aztec_count(10**4) == 2 ** (10**4 * (10**4 + 1) // 2)


def test_wrong_types_are_domino_type_errors():
    from dominotiling.errors import DominoTypeError

    for call in (
        lambda: strip_counts(2.0, 3),
        lambda: rectangle_count(2, "3"),
        lambda: aztec_count(1.5),
        lambda: strip_generating_function(2, symbol="t"),
    ):
        with pytest.raises(DominoTypeError):
            call()


def test_huge_widths_are_refused_at_once():
    # the message once computed 2**width itself: for width 2**62 that never ends
    import dominotiling.counting.closed_forms as strips

    for width in (13, 2**62, 10**30):
        with pytest.raises(TooLargeError, match=f"width {width}"):
            strips.strip_generating_function(width)
