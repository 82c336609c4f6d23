"""Spectral curves: P(z, w) against torus matchings and brute-force determinants; Newton polygons."""

from fractions import Fraction

import numpy as np
import pytest
import sympy
from reference.torus_dimers import torus_matchings

from dominotiling.errors import DominoTypeError, WeightError
from dominotiling.model.weights import Weights
from dominotiling.theory import SpectralCurve, WeightPattern, spectral_curve, weight_pattern


def _brute_det(h, v, z, w):
    """det of the magnetically altered Kasteleyn matrix of one k x l domain, built here from scratch."""
    h = np.asarray(h, dtype=complex)
    v = np.asarray(v, dtype=complex)
    k, l = h.shape
    blacks = [(r, c) for r in range(k) for c in range(l) if (r + c) % 2 == 0]
    whites = [(r, c) for r in range(k) for c in range(l) if (r + c) % 2 == 1]
    K = np.zeros((len(blacks), len(whites)), dtype=complex)
    for r in range(k):
        for c in range(l):
            # horizontal placement (r, c)-(r, c+1): z if it crosses the seam, black on the left -> z, right -> 1/z
            a, b = (r, c), (r, (c + 1) % l)
            blk, wht = (a, b) if (r + c) % 2 == 0 else (b, a)
            f = 1
            if c == l - 1:
                f = z if (r + c) % 2 == 0 else 1 / z
            K[blacks.index(blk), whites.index(wht)] += h[r, c] * f
            a, b = (r, c), ((r + 1) % k, c)
            blk, wht = (a, b) if (r + c) % 2 == 0 else (b, a)
            f = (-1) ** c
            if r == k - 1:
                f *= w if (r + c) % 2 == 0 else 1 / w
            K[blacks.index(blk), whites.index(wht)] += v[r, c] * f
    return np.linalg.det(K)


@pytest.mark.parametrize("shape", [(2, 2), (2, 4), (4, 2), (4, 4)])
def test_coefficients_count_the_torus_matchings_by_flux(shape):
    """|coefficient of z^a w^b| = total weight of the matchings of the one-domain torus with flux (a, b)."""
    rng = np.random.default_rng(sum(shape))
    h = rng.integers(1, 5, shape).tolist()
    v = rng.integers(1, 5, shape).tolist()
    curve = spectral_curve(WeightPattern(h, v))
    by_flux = {}
    for weight, fx, fy in torus_matchings(h, v, *shape):
        by_flux[(fx, fy)] = by_flux.get((fx, fy), 0) + weight
    assert {p: abs(c) for p, c in curve.coefficients.items()} == by_flux


@pytest.mark.parametrize("seed", range(4))
def test_symbolic_polynomial_matches_brute_force_determinants(seed):
    rng = np.random.default_rng(seed)
    shape = [(2, 2), (2, 4), (4, 4), (4, 2)][seed]
    h = [
        [Fraction(int(x), int(y)) for x, y in zip(rx, ry)]
        for rx, ry in zip(rng.integers(1, 7, shape), rng.integers(1, 4, shape))
    ]
    v = rng.integers(1, 6, shape).tolist()
    curve = spectral_curve(WeightPattern(h, v))
    z, w = curve.z, curve.w
    for _ in range(5):
        zz = complex(*rng.normal(size=2))
        ww = complex(*rng.normal(size=2))
        exact = complex(curve.polynomial.subs({z: zz, w: ww}).evalf())
        brute = _brute_det(np.array(h, dtype=float), np.array(v, dtype=float), zz, ww)
        assert exact == pytest.approx(brute, rel=1e-9, abs=1e-9)


def test_symbolic_weights_keep_symbols_and_two_periodic_polynomial():
    a, b = sympy.symbols("a b", positive=True)
    curve = spectral_curve(WeightPattern.two_periodic(a, b))
    z, w = curve.z, curve.w
    # Chhita-Johansson: P = 2(a^2 + b^2) + a b (z + 1/z + w + 1/w) (independently expanded here)
    expected = 2 * (a**2 + b**2) + a * b * (z + 1 / z + w + 1 / w)
    assert sympy.simplify(curve.polynomial - expected) == 0
    assert curve.genus == 1


def test_exact_kinds():
    assert spectral_curve(None).coefficients == {
        (0, 0): 4,
        (1, 0): 1,
        (-1, 0): 1,
        (0, 1): 1,
        (0, -1): 1,
    }
    curve = spectral_curve(WeightPattern([[Fraction(1, 2), 1]], [[1]]))
    assert all(isinstance(c, Fraction) for c in curve.coefficients.values())
    assert (
        curve.coefficients[(0, 0)] == Fraction(1, 4) + 1 + 2
    )  # b^2 + a^2 + ... by the 2x2 determinant
    fl = spectral_curve(WeightPattern([[0.5, 1.0]], [[1.0]]))
    assert fl.coefficients[(0, 0)] == pytest.approx(3.25, rel=1e-13)


def test_float_coefficients_match_exact_ones():
    rng = np.random.default_rng(7)
    h = rng.integers(1, 5, (3, 3))
    v = rng.integers(1, 5, (3, 3))
    exact = spectral_curve(WeightPattern(h.tolist(), v.tolist()))
    fl = spectral_curve(WeightPattern(h.astype(float), v.astype(float)))
    assert set(exact.coefficients) == set(fl.coefficients)
    top = max(abs(c) for c in exact.coefficients.values())
    for p, c in exact.coefficients.items():
        assert fl.coefficients[p] == pytest.approx(c, abs=1e-12 * top)


@pytest.mark.parametrize("k, l, interior", [(2, 2, 1), (4, 4, 5), (2, 4, 3), (6, 6, 13)])
def test_newton_polygon_of_uniform_domains(k, l, interior):
    """Uniform weights on a k x l domain: the polygon |2a/k| + |2b/l| <= 1 of the slopes |s| + |t| <= 2."""
    curve = spectral_curve(
        WeightPattern(np.ones((k, l), dtype=int).tolist(), np.ones((k, l), dtype=int).tolist())
    )
    assert set(curve.newton_polygon) == {(k // 2, 0), (-k // 2, 0), (0, l // 2), (0, -l // 2)}
    assert curve.genus == interior
    slopes = curve.slope_polygon()
    assert np.allclose(np.abs(slopes).sum(axis=1), 2.0)


def test_slope_flux_conversion_round_trip():
    curve = spectral_curve(
        WeightPattern(np.ones((2, 4), dtype=int).tolist(), np.ones((2, 4), dtype=int).tolist())
    )
    s, t = np.array([0.3, -1.0]), np.array([0.5, 0.25])
    a, b = curve.flux(s, t)
    s2, t2 = curve.slope(a, b)
    assert np.allclose(s2, s) and np.allclose(t2, t)


def test_weight_pattern_from_weights_finds_the_period():
    w = Weights.periodic((9, 10), [[1, 2, 3]], [[4], [5]])
    p = WeightPattern.from_weights(w)
    assert p.shape == (2, 6)
    assert p == WeightPattern([[1, 2, 3]], [[4], [5]])
    assert weight_pattern(w) == p


def test_not_periodic_and_bad_weights_are_refused():
    w = Weights.from_function((5, 5), lambda r, c, o: r * 5 + c + 1)
    with pytest.raises(WeightError, match="not periodic"):
        WeightPattern.from_weights(w)
    with pytest.raises(WeightError):
        WeightPattern([[1, -2]], [[1]])
    with pytest.raises(DominoTypeError):
        weight_pattern("uniform")
    with pytest.raises(DominoTypeError):
        WeightPattern([["x"]], [[1]])


def test_zero_weights_allowed_in_the_curve_not_in_the_amoeba():
    curve = spectral_curve(WeightPattern([[1, 0]], [[1]]))
    assert isinstance(curve, SpectralCurve)
    from dominotiling.theory import ronkin

    with pytest.raises(WeightError, match="positive"):
        ronkin(curve, 0.0, 0.0)
