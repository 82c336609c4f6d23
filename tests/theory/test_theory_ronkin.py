"""Ronkin functions and free energies against independent routes: Catalan's constant, tori, quadrature."""

import math

import mpmath
import numpy as np
import pytest
from reference.torus_dimers import torus_log_partition, torus_matchings, torus_signs

from dominotiling import Region, log_count
from dominotiling.errors import PrecisionError
from dominotiling.theory import WeightPattern, free_energy, ronkin, spectral_curve

CATALAN_OVER_PI = float(mpmath.catalan / mpmath.pi)


def test_uniform_free_energy_is_catalan_over_pi():
    f = free_energy(None)
    assert f.per_cell == pytest.approx(CATALAN_OVER_PI, abs=1e-13)
    assert f.per_domain == pytest.approx(4 * CATALAN_OVER_PI, abs=1e-12)
    assert f.error < 1e-12


def test_torus_log_count_per_cell_converges_to_the_free_energy():
    f = free_energy(None).per_cell
    gaps = [abs(log_count(Region.torus(n, n)) / n**2 - f) for n in (8, 16, 32, 64)]
    assert gaps[-1] < 1e-3
    assert all(b < a for a, b in zip(gaps, gaps[1:]))


def test_reference_torus_signs_against_matchings():
    rng = np.random.default_rng(3)
    h, v = rng.integers(1, 4, (2, 2)), rng.integers(1, 4, (2, 2))
    for M, N in [(4, 4), (4, 6), (6, 4), (2, 4)]:
        z = sum(wt for wt, _, _ in torus_matchings(h, v, M, N))
        assert math.exp(torus_log_partition(h, v, M, N, torus_signs(M, N))) == pytest.approx(
            z, rel=1e-10
        )


@pytest.mark.parametrize("a, bound", [(2.0, 1e-8), (1.5, 1e-6)])
def test_two_periodic_free_energy_against_tori(a, bound):
    pattern = WeightPattern.two_periodic(a, 1.0)
    h, v = pattern.as_float()
    f = free_energy(pattern)
    # the gas phase: log Z / cells converges exponentially fast in the side
    gaps = [
        abs(torus_log_partition(h, v, n, n, torus_signs(n, n)) / n**2 - f.per_cell)
        for n in (8, 16, 24, 32)
    ]
    assert gaps[-1] < bound
    assert all(b < a / 5 for a, b in zip(gaps, gaps[1:]))  # exponentially fast


def test_periodic_3x3_free_energy_against_tori():
    rng = np.random.default_rng(5)
    h, v = rng.uniform(0.5, 2.0, (3, 3)), rng.uniform(0.5, 2.0, (3, 3))
    f = free_energy(WeightPattern(h, v))
    # a 6 x 6 domain; tori of 6n x 6n cells
    values = [torus_log_partition(h, v, n, n, torus_signs(n, n)) / n**2 for n in (12, 24, 36)]
    gaps = [abs(x - f.per_cell) for x in values]
    assert gaps[-1] < 2e-3
    assert gaps[-1] < gaps[0]


def _ronkin_by_midpoints(curve, x, y, n=1200):
    """The double integral by the midpoint rule on an n x n grid of the torus (independent of Jensen)."""
    th = (np.arange(n) + 0.5) * 2 * np.pi / n
    T, F = np.meshgrid(th, th, indexing="ij")
    vals = np.log(np.abs(curve.evaluate(np.exp(x + 1j * T), np.exp(y + 1j * F))))
    return vals.mean()


@pytest.mark.parametrize("xy", [(0.3, 0.1), (1.0, -0.5), (-2.0, 1.0), (4.0, 0.5)])
def test_ronkin_against_plain_quadrature(xy):
    rng = np.random.default_rng(11)
    curve = spectral_curve(
        WeightPattern(rng.uniform(0.5, 2.0, (2, 2)), rng.uniform(0.5, 2.0, (2, 2)))
    )
    r = ronkin(curve, *xy)
    assert r.value == pytest.approx(_ronkin_by_midpoints(curve, *xy), abs=2e-5)
    assert r.error < 1e-10


def test_gradient_and_hessian_against_finite_differences():
    rng = np.random.default_rng(2)
    curve = spectral_curve(
        WeightPattern(rng.uniform(0.5, 2.0, (3, 3)), rng.uniform(0.5, 2.0, (3, 3)))
    )
    hstep = 1e-5
    for x, y in [(0.2, -0.1), (1.0, 0.7), (-0.5, 1.5)]:
        r = ronkin(curve, x, y)
        gx = (ronkin(curve, x + hstep, y).value - ronkin(curve, x - hstep, y).value) / (2 * hstep)
        gy = (ronkin(curve, x, y + hstep).value - ronkin(curve, x, y - hstep).value) / (2 * hstep)
        assert r.gradient == pytest.approx([gx, gy], abs=1e-6)
        hx = (ronkin(curve, x + hstep, y).gradient - ronkin(curve, x - hstep, y).gradient) / (
            2 * hstep
        )
        assert r.hessian[0] == pytest.approx(hx, abs=1e-4)


def test_affine_outside_the_amoeba_with_the_corner_coefficient():
    """Far out in the tentacle of a corner (a, b) of the polygon, R = a x + b y + log|c_ab|."""
    rng = np.random.default_rng(4)
    curve = spectral_curve(
        WeightPattern(rng.integers(1, 5, (2, 4)).tolist(), rng.integers(1, 5, (2, 4)).tolist())
    )
    for a, b in curve.newton_polygon:
        x, y = 30.0 * a, 30.0 * b
        r = ronkin(curve, x, y)
        assert r.gradient == pytest.approx([a, b], abs=1e-12)
        assert r.value == pytest.approx(
            a * x + b * y + math.log(abs(curve.coefficients[(a, b)])), abs=1e-9
        )
        assert np.all(r.hessian == 0)


def test_arrays_broadcast():
    X, Y = np.meshgrid(np.linspace(-1, 1, 4), np.linspace(-1, 1, 3))
    r = ronkin(None, X, Y)
    assert r.value.shape == (3, 4) and r.gradient.shape == (3, 4, 2)
    assert r.value[1, 1] == pytest.approx(ronkin(None, X[1, 1], Y[1, 1]).value, abs=1e-13)


def test_bad_tolerance_raises_precision_error():
    with pytest.raises(PrecisionError, match="tolerance"):
        ronkin(None, 0.3, 0.1, tolerance=1e-30)
