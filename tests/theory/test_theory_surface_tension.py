"""Surface tension: the closed form against the numerical Legendre dual, corners, slope 0, facets, edges."""

import mpmath
import numpy as np
import pytest

from dominotiling.errors import DominoTilingError, DominoTypeError, WeightError
from dominotiling.theory import (
    WeightPattern,
    free_energy,
    lobachevsky,
    ronkin,
    spectral_curve,
    surface_tension,
    uniform_surface_tension,
)

CATALAN_OVER_PI = float(mpmath.catalan / mpmath.pi)


def test_lobachevsky_against_mpmath_quadrature():
    for x in (0.1, 0.7, 1.3, 2.9):
        ref = -mpmath.quad(lambda u: mpmath.log(2 * mpmath.sin(u)), [0, x])
        assert float(lobachevsky(x)) == pytest.approx(float(ref), abs=1e-13)


def test_uniform_corners_and_slope_zero():
    st = surface_tension(None, [2.0, -2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 2.0, -2.0, 0.0])
    assert st.value[:4] == pytest.approx([0, 0, 0, 0], abs=1e-14)
    assert st.value[4] == pytest.approx(-CATALAN_OVER_PI, abs=1e-13)  # minus the maximal entropy
    assert list(st.phase) == ["frozen"] * 4 + ["liquid"]


def test_uniform_closed_form_against_the_numerical_legendre_dual():
    rng = np.random.default_rng(0)
    s = rng.uniform(-2, 2, 40)
    t = rng.uniform(-2, 2, 40)
    keep = np.abs(s) + np.abs(t) < 1.95
    s, t = s[keep], t[keep]
    closed = surface_tension(None, s, t, method="closed_form")
    numeric = surface_tension(None, s, t, method="numerical")
    assert numeric.value == pytest.approx(closed.value, abs=1e-9)
    assert numeric.gradient == pytest.approx(closed.gradient, abs=1e-6)
    assert numeric.error.max() < 1e-8


def test_uniform_closed_form_gradient_against_finite_differences():
    h = 1e-6
    for s, t in [(0.3, -0.4), (1.0, 0.5), (-0.2, 1.6)]:
        v, g, p = uniform_surface_tension(s, t)
        ds = (uniform_surface_tension(s + h, t)[0] - uniform_surface_tension(s - h, t)[0]) / (2 * h)
        dt = (uniform_surface_tension(s, t + h)[0] - uniform_surface_tension(s, t - h)[0]) / (2 * h)
        assert g == pytest.approx([ds, dt], abs=1e-7)
        assert p.sum() == pytest.approx(1.0)
        assert 2 * (p[0] - p[1]) == pytest.approx(t) and 2 * (p[3] - p[2]) == pytest.approx(s)


def test_equal_weights_shift_by_half_log_weight():
    st = surface_tension(WeightPattern([[3]], [[3]]), [0.0, 0.5], [0.0, 0.25])
    ref = surface_tension(None, [0.0, 0.5], [0.0, 0.25])
    assert st.value == pytest.approx(ref.value - np.log(3) / 2, abs=1e-13)


def test_two_periodic_gas_facet_at_slope_zero():
    for a, gas in [(2.0, True), (1.3, True), (1.0, False)]:
        pattern = WeightPattern.two_periodic(a, 1.0)
        st = surface_tension(pattern, 0.0, 0.0, method="numerical")
        assert float(st.value) == pytest.approx(-free_energy(pattern).per_cell, abs=1e-10)
        assert (str(st.phase) == "gaseous") == gas


def test_two_periodic_legendre_duality_and_convexity():
    pattern = WeightPattern.two_periodic(2.0, 1.0)
    curve = spectral_curve(pattern)
    rng = np.random.default_rng(1)
    s, t = rng.uniform(-1.3, 1.3, (2, 60))
    keep = np.abs(s) + np.abs(t) < 1.9
    s, t = s[keep][:30], t[keep][:30]
    st = surface_tension(curve, s, t)
    # sigma(s, t) >= a x + b y - R(x, y) at any other field (x, y): the dual is a supremum
    X, Y = rng.uniform(-3, 3, (2, 200))
    R = ronkin(curve, X, Y).value
    a, b = curve.flux(s, t)
    lower = (a[:, None] * X[None] + b[:, None] * Y[None] - R[None]).max(axis=1) / pattern.n_cells
    assert np.all(st.value >= lower - 1e-12)
    # midpoint convexity
    i, j = rng.integers(0, 30, (2, 30))
    mid = surface_tension(curve, (s[i] + s[j]) / 2, (t[i] + t[j]) / 2)
    assert np.all(mid.value <= (st.value[i] + st.value[j]) / 2 + 1e-10)


def test_frozen_edges_are_the_limit_of_the_interior():
    rng = np.random.default_rng(3)
    pattern = WeightPattern(rng.uniform(0.5, 2, (2, 2)), rng.uniform(0.5, 2, (2, 2)))
    curve = spectral_curve(pattern)
    corners = curve.slope_polygon()
    for i in range(len(corners)):
        p, q = corners[i], corners[(i + 1) % len(corners)]
        edge = 0.3 * p + 0.7 * q
        inward = -edge / np.linalg.norm(edge)
        on = surface_tension(curve, edge[0], edge[1])
        near = surface_tension(curve, edge[0] + 1e-4 * inward[0], edge[1] + 1e-4 * inward[1])
        assert str(on.phase) == "frozen"
        assert float(near.value) == pytest.approx(float(on.value), abs=5e-3)
    # corners: -log|c| per cell
    for (a, b), sl in zip(curve.newton_polygon, corners):
        c = curve.coefficients[(a, b)]
        assert float(surface_tension(curve, *sl).value) == pytest.approx(
            -np.log(abs(c)) / 4, abs=1e-12
        )


def test_outside_the_polygon():
    with pytest.raises(DominoTilingError, match="outside the Newton polygon"):
        surface_tension(None, 1.5, 1.0)
    st = surface_tension(None, [1.5, 0.0], [1.0, 0.0], outside="inf")
    assert st.value[0] == np.inf and st.phase[0] == "outside"


def test_bad_weights():
    with pytest.raises(WeightError, match="positive"):
        surface_tension(WeightPattern([[1, 0]], [[1]]), 0.0, 0.0)
    import sympy

    with pytest.raises(DominoTypeError, match="symbolic"):
        surface_tension(WeightPattern.two_periodic(sympy.Symbol("a"), 1), 0.0, 0.0)
    with pytest.raises(DominoTilingError):
        surface_tension(None, 0.0, 0.0, method="closed_form", outside="nowhere")


def test_numerical_gradient_against_finite_differences():
    pattern = WeightPattern.two_periodic(2.0, 1.0)
    h = 1e-5
    for s, t in [(0.4, -0.3), (1.0, 0.5), (-0.2, 1.2)]:
        st = surface_tension(pattern, s, t)
        ds = (
            surface_tension(pattern, s + h, t).value - surface_tension(pattern, s - h, t).value
        ) / (2 * h)
        dt = (
            surface_tension(pattern, s, t + h).value - surface_tension(pattern, s, t - h).value
        ) / (2 * h)
        assert st.gradient == pytest.approx([ds, dt], abs=1e-5)
        # the field is the maximiser: grad R there is the flux of the slope
        a, b = spectral_curve(pattern).flux(s, t)
        assert ronkin(pattern, *st.field).gradient == pytest.approx([a, b], abs=1e-9)


def test_slopes_close_to_corners_and_edges():
    """Continuation reaches slopes 1e-6 from the boundary; the values tend to the frozen ones there."""
    pattern = WeightPattern.two_periodic(2.0, 1.0)
    curve = spectral_curve(pattern)
    d = 1e-6
    s = np.array([1.0 - d / 2, 2 - 2 * d, -0.5])
    t = np.array([1.0 - d / 2, 0.0, 1.5 - d])
    st = surface_tension(curve, s, t)
    edge = surface_tension(curve, np.array([1.0, 2.0, -0.5]), np.array([1.0, 0.0, 1.5]))
    assert list(edge.phase) == ["frozen"] * 3
    assert st.value == pytest.approx(edge.value, abs=1e-5)
    assert np.all(
        st.value < edge.value
    )  # the edges are the maximum along inward lines (sigma convex, steep)
    assert st.error.max() < 1e-8
