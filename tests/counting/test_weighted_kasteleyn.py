"""Weights in the Kasteleyn float and probability paths, and symbolic counts at any width (issue 14).

Every expected value comes from another route: brute-force enumeration of the
weighted tilings of small regions, Kasteleyn's product formula for rectangles with
one weight per orientation (mpmath), or exact weighted counts.
"""

import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import dominotiling.counting.kasteleyn as kasteleyn
from dominotiling import Region, Weights, count_tilings
from dominotiling.counting import log_count
from dominotiling.counting.placement import placement_probabilities
from dominotiling.counting.symbolic import symbolic_count
from dominotiling.errors import DominoTypeError, NoTilingError, PrecisionError, TooLargeError


def weighted_sum(mask, horizontal, vertical, one=0):
    """Sum over all tilings (listed by brute force) of the product of the dominoes' weights."""
    total = one * 0
    for tiling in brute_force_tilings(mask):
        prod = one * 0 + 1
        for (r1, c1), (r2, _c2) in (sorted(d) for d in tiling):
            prod = prod * (horizontal[r1][c1] if r1 == r2 else vertical[r1][c1])
        total = total + prod
    return total


def weighted_frequencies(mask, horizontal, vertical):
    """``(Z, H, V)``: the partition function and each position's weight total, by brute force."""
    rows, cols = mask.shape
    h = [[0] * (cols - 1) for _ in range(rows)]
    v = [[0] * cols for _ in range(rows - 1)]
    z = 0
    for tiling in brute_force_tilings(mask):
        dominoes = [tuple(sorted(d)) for d in tiling]
        prod = 1
        for (r1, c1), (r2, _c2) in dominoes:
            prod *= horizontal[r1][c1] if r1 == r2 else vertical[r1][c1]
        z += prod
        for (r1, c1), (r2, _c2) in dominoes:
            if r1 == r2:
                h[r1][c1] += prod
            else:
                v[r1][c1] += prod
    return z, h, v


def product_formula_log(m, n, a, b):
    """log Z of the m x n rectangle, horizontal weight a, vertical b (Kasteleyn 1961), by mpmath."""
    mpmath.mp.dps = 50
    log_z4 = mpmath.mpf(0)
    for j in range(1, m + 1):
        for k in range(1, n + 1):
            log_z4 += mpmath.log(
                4 * b**2 * mpmath.cos(mpmath.pi * j / (m + 1)) ** 2
                + 4 * a**2 * mpmath.cos(mpmath.pi * k / (n + 1)) ** 2
            )
    return float(log_z4 / 4)


# ------------------------------------------------------------------ log_count with weights
@pytest.mark.parametrize(
    "m, n, a, b",
    [
        (4, 6, 0.5, 1.5),
        (10, 12, 2, 5),
        (31, 40, 0.3, 2.7),
        (60, 60, Fraction(3, 7), Fraction(5, 2)),
    ],
)
def test_log_count_of_rectangles_matches_the_product_formula(m, n, a, b):
    region = Region.rectangle(m, n)
    got = log_count(region, weights=Weights.by_orientation(region, a, b))
    want = product_formula_log(
        m,
        n,
        mpmath.mpf(a.numerator) / a.denominator if isinstance(a, Fraction) else a,
        mpmath.mpf(b.numerator) / b.denominator if isinstance(b, Fraction) else b,
    )
    assert got == pytest.approx(want, rel=1e-9, abs=1e-9)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(
        bool,
        st.tuples(st.integers(1, 5), st.integers(1, 5)),
        elements=st.sampled_from([True] * 4 + [False]),
    ),
    st.integers(0, 2**32),
)
def test_float_weights_on_small_regions_against_brute_force(mask, seed):
    rng = np.random.default_rng(seed)
    rows, cols = mask.shape
    h = rng.uniform(0.1, 3.0, size=(rows, max(cols - 1, 0))) * (
        rng.random((rows, max(cols - 1, 0))) < 0.85
    )
    v = rng.uniform(0.1, 3.0, size=(max(rows - 1, 0), cols)) * (
        rng.random((max(rows - 1, 0), cols)) < 0.85
    )
    w = Weights.from_arrays(h, v)
    want = math.fsum([0.0, weighted_sum(mask, h.tolist(), v.tolist(), one=0.0)])
    region = Region(mask)
    got = log_count(region, weights=w)
    z = count_tilings(region, weights=w)
    assert isinstance(z, float)
    if want == 0.0:
        assert got == -math.inf and z == 0.0
    else:
        assert got == pytest.approx(math.log(want), rel=1e-9, abs=1e-9)
        assert z == pytest.approx(want, rel=1e-8)


def test_int_and_fraction_weights_against_the_exact_partition_function():
    region = Region.from_strings(["......", ".#....", "...#..", "......", "..##..", "......"])
    rng = np.random.default_rng(7)
    h = rng.integers(1, 10, size=(6, 5))
    v = rng.integers(1, 10, size=(5, 6))
    want = weighted_sum(region.mask, h.tolist(), v.tolist())
    assert log_count(region, weights=Weights.from_arrays(h, v)) == pytest.approx(
        math.log(want), rel=1e-12
    )
    hf = np.array([[Fraction(int(x), 3) for x in row] for row in h], dtype=object)
    vf = np.array([[Fraction(int(x), 4) for x in row] for row in v], dtype=object)
    want_f = weighted_sum(region.mask, hf.tolist(), vf.tolist())
    got = log_count(region, weights=Weights.from_arrays(hf, vf))
    assert got == pytest.approx(
        math.log(want_f.numerator) - math.log(want_f.denominator), rel=1e-12
    )


def test_zero_weights_that_forbid_every_tiling_give_minus_infinity():
    region = Region.rectangle(3, 4)  # 3 rows: all-vertical is impossible
    only_vertical = Weights.by_orientation(region, 0.0, 1.0)
    assert log_count(region, weights=only_vertical) == -math.inf
    assert count_tilings(region, weights=only_vertical) == 0.0
    assert log_count(region, weights=Weights.by_orientation(region, 0, 1)) == -math.inf
    with pytest.raises(NoTilingError):
        placement_probabilities(region, exact=False, weights=only_vertical)
    with pytest.raises(NoTilingError):
        placement_probabilities(region, exact=True, weights=Weights.by_orientation(region, 0, 1))
    # uniform weights of any kind are the plain count
    assert log_count(region, weights=Weights.uniform(region)) == log_count(region)


def test_uncertified_routes_fall_back_to_the_exact_count_or_refuse(monkeypatch):
    region = Region.rectangle(6, 8)
    w_int = Weights.by_orientation(region, 2, 3)
    want = math.log(count_tilings(region, weights=w_int))
    monkeypatch.setattr(kasteleyn, "_certified_log_abs_det", lambda a: (None, [1.0, 2.0, 3.0]))
    assert log_count(region, weights=w_int) == pytest.approx(want, rel=1e-15)
    with pytest.raises(PrecisionError, match="Fraction"):
        log_count(region, weights=Weights.by_orientation(region, 2.0, 3.0))


def test_float_partition_function_refuses_overflow_and_symbols():
    region = Region.rectangle(40, 40)
    with pytest.raises(TooLargeError, match="log_count"):
        count_tilings(region, weights=Weights.by_orientation(region, 1e3, 1e3))
    x = sympy.Symbol("x")
    with pytest.raises(DominoTypeError, match="symbolic"):
        log_count(Region.rectangle(2, 2), weights=Weights.by_orientation((2, 2), x, 1))


# ------------------------------------------------------------------ placement probabilities
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(
        bool,
        st.tuples(st.integers(2, 5), st.integers(2, 5)),
        elements=st.sampled_from([True] * 5 + [False]),
    ),
    st.integers(0, 2**32),
)
def test_weighted_placement_probabilities_against_enumeration(mask, seed):
    rng = np.random.default_rng(seed)
    rows, cols = mask.shape
    h = rng.integers(0, 6, size=(rows, cols - 1))
    v = rng.integers(0, 6, size=(rows - 1, cols))
    z, fh, fv = weighted_frequencies(mask, h.tolist(), v.tolist())
    region, w = Region(mask), Weights.from_arrays(h, v)
    if z == 0:
        with pytest.raises(NoTilingError):
            placement_probabilities(region, exact=True, weights=w)
        with pytest.raises(NoTilingError):
            placement_probabilities(region, exact=False, weights=w)
        return
    p = placement_probabilities(region, exact=True, weights=w)
    q = placement_probabilities(region, exact=False, weights=w)
    # the same measure with float weights (halved: the probabilities do not change)
    qf = placement_probabilities(region, weights=Weights.from_arrays(h / 2.0, v / 2.0))
    for exact, fl, fl2, freq, pos in (
        (p.horizontal, q.horizontal, qf.horizontal, fh, mask[:, :-1] & mask[:, 1:]),
        (p.vertical, q.vertical, qf.vertical, fv, mask[:-1] & mask[1:]),
    ):
        for idx in np.ndindex(pos.shape):
            if pos[idx]:
                want = Fraction(freq[idx[0]][idx[1]], z)
                assert exact[idx] == want
                assert fl[idx] == pytest.approx(float(want), abs=1e-9)
                assert fl2[idx] == pytest.approx(float(want), abs=1e-9)
            else:
                assert exact[idx] is None and np.isnan(fl[idx]) and np.isnan(fl2[idx])


def test_float_weights_on_a_holed_region_against_enumeration():
    region = Region.from_strings(["......", ".#....", "......", "....#.", "......", "......"])
    rng = np.random.default_rng(11)
    h = rng.gamma(1.0, size=(6, 5))
    v = rng.lognormal(0.0, 1.0, size=(5, 6))
    z, fh, fv = weighted_frequencies(region.mask, h.tolist(), v.tolist())
    q = placement_probabilities(region, weights=Weights.from_arrays(h, v))
    hpos = region.mask[:, :-1] & region.mask[:, 1:]
    np.testing.assert_allclose(q.horizontal[hpos], (np.array(fh) / z)[hpos], atol=1e-9)
    with pytest.raises(DominoTypeError, match="exact=False"):
        placement_probabilities(region, exact=True, weights=Weights.from_arrays(h, v))


def test_uniform_weights_leave_placement_probabilities_unchanged():
    region = Region.from_strings(
        ["........", "..#.....", "........", ".....#..", "........", "........"]
    )
    plain = placement_probabilities(region, exact=False)
    uniform = placement_probabilities(region, exact=False, weights=Weights.uniform(region))
    assert np.array_equal(plain.horizontal, uniform.horizontal, equal_nan=True)
    assert np.array_equal(plain.vertical, uniform.vertical, equal_nan=True)
    small = Region.rectangle(2, 3)
    assert (
        placement_probabilities(small, weights=Weights.uniform(small)).vertical.tolist()
        == placement_probabilities(small).vertical.tolist()
    )


def test_weighted_probabilities_around_each_cell_add_up_to_one():
    region = Region.rectangle(30, 30)
    w = Weights.random(region, "uniform", seed=3, a=0.5, b=2.0)
    p = placement_probabilities(region, weights=w)
    per_cell = np.zeros(region.shape)
    per_cell[:, :-1] += p.horizontal
    per_cell[:, 1:] += p.horizontal
    per_cell[:-1] += p.vertical
    per_cell[1:] += p.vertical
    np.testing.assert_allclose(per_cell, 1.0, atol=1e-9)


# ------------------------------------------------------------------ symbolic counts
def test_symbolic_count_against_brute_force():
    x, y, t = sympy.symbols("x y t")
    region = Region.from_strings(["....", ".#..", "...#", "...."])
    rows, cols = region.shape
    rng = np.random.default_rng(5)
    choices = [x, y, x + 1, 2 * y, x * y, sympy.Rational(1, 2) * t, 3, 0]
    h = np.array(
        [[choices[i] for i in rng.integers(0, len(choices), cols - 1)] for _ in range(rows)],
        dtype=object,
    )
    v = np.array(
        [[choices[i] for i in rng.integers(0, len(choices), cols)] for _ in range(rows - 1)],
        dtype=object,
    )
    want = sympy.expand(weighted_sum(region.mask, h.tolist(), v.tolist(), one=sympy.Integer(0)))
    got = symbolic_count(region, Weights.from_arrays(h, v))
    assert sympy.expand(got - want) == 0


def test_symbolic_orientation_polynomial_of_small_rectangles():
    x, y = sympy.symbols("x y")
    for m, n in [(2, 3), (4, 4), (3, 6), (5, 4)]:
        region = Region.rectangle(m, n)
        want = sympy.expand(
            weighted_sum(
                region.mask, [[x] * (n - 1)] * m, [[y] * n] * (m - 1), one=sympy.Integer(0)
            )
        )
        assert (
            sympy.expand(symbolic_count(region, Weights.by_orientation(region, x, y)) - want) == 0
        )


def test_symbolic_count_beyond_the_dp_width():
    # 24 x 25: narrower side 24 > 22, the profile DP's limit
    x, y = sympy.symbols("x y")
    region = Region.rectangle(24, 25)
    z = symbolic_count(region, Weights.by_orientation(region, x, y))
    assert sympy.Poly(z, x, y).is_homogeneous and sympy.Poly(z, x, y).total_degree() == 300
    assert z.subs({x: 1, y: 1}) == count_tilings(region)
    assert z.subs({x: 2, y: 3}) == count_tilings(
        region, weights=Weights.by_orientation(region, 2, 3)
    )
    # and the product formula at a = 1/2, b = 5 (log, mpmath)
    val = z.subs({x: sympy.Rational(1, 2), y: 5})
    assert math.log(val.p) - math.log(val.q) == pytest.approx(
        product_formula_log(24, 25, 0.5, 5), rel=1e-12
    )


def test_symbolic_count_bad_input():
    x = sympy.Symbol("x")
    with pytest.raises(DominoTypeError, match="polynomial"):
        symbolic_count(Region.rectangle(2, 2), Weights.by_orientation((2, 2), sympy.sin(x) + 1, 1))
    with pytest.raises(DominoTypeError):
        symbolic_count(Region.rectangle(2, 2), None)
    with pytest.raises(DominoTypeError, match="float"):
        symbolic_count(Region.rectangle(2, 2), Weights.by_orientation((2, 2), 0.5, 1.0))
    assert symbolic_count(Region.rectangle(3, 3), Weights.by_orientation((3, 3), x, 1)) == 0
    assert symbolic_count(Region.rectangle(3, 4), Weights.by_orientation((3, 4), 0, x)) == 0
    assert symbolic_count(Region.rectangle(2, 2), Weights.by_orientation((2, 2), 2, 3)) == 13


def test_symbolic_count_refuses_runaway_interpolation_before_evaluating(monkeypatch):
    x, y = sympy.symbols("x y")
    region = Region.rectangle(40, 40)  # not homogeneous: a 801 x 801 grid of determinants
    calls = []
    import dominotiling.counting.symbolic as kasteleyn_symbolic

    monkeypatch.setattr(kasteleyn_symbolic, "det_exact", lambda *a, **k: calls.append(1))
    with pytest.raises(TooLargeError, match="substitute numbers"):
        symbolic_count(region, Weights.by_orientation(region, x + 1, y))
    assert not calls


def test_weights_beyond_float_range_are_refused_not_forbidden():
    region = Region.rectangle(2, 4)
    w = Weights.from_arrays(np.array([[1e300, 1.0, 1e-300]] * 2), np.array([[1.0] * 4]))
    # dividing by 1e300 would turn 1e-300 into 0 and silently forbid a placement
    with pytest.raises(PrecisionError, match="range"):
        log_count(region, weights=w)
    with pytest.raises(PrecisionError, match="range"):
        placement_probabilities(region, weights=w)
    # a large but representable spread is fine: Z = 1e200 * 1e-100 + 1e200 ... by enumeration
    h = np.array([[1e100, 1.0, 1e-100]] * 2)
    v = np.array([[2.0] * 4])
    want = weighted_sum(region.mask, h.tolist(), v.tolist(), one=0.0)
    assert log_count(region, weights=Weights.from_arrays(h, v)) == pytest.approx(
        math.log(want), rel=1e-12
    )
