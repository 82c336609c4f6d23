"""The theory's one slope convention, tied to the heights of actual tilings.

A slope ``(s, t)`` is the mean change of ``Tiling.height_function`` per column to the
right and per row down (``dominotiling.theory.spectral``, "Slopes"). Nothing here is
taken from the code under test: the brick walls' slopes are measured on tilings, the
linear relation between placement probabilities and slopes follows from them, and
every slope the theory returns or accepts (spectral curves' fluxes, Gibbs measures,
surface tension, limit shapes) is checked against them, for uniform, two-periodic and
asymmetric periodic weights; samples' heights and exact expected heights close the
loop. Before this file the theory's ``t`` was the heights' ``-t``.
"""

from __future__ import annotations

import numpy as np
import pytest

from dominotiling import Region, Tiling, Weights, sample_aztec
from dominotiling.aztec.weighted import aztec_edge_probabilities
from dominotiling.statistics.heights import expected_height_field
from dominotiling.theory import (
    WeightPattern,
    gibbs_measure,
    spectral_curve,
    surface_tension,
    uniform_surface_tension,
)
from dominotiling.theory.limit_shape import limit_shape
from dominotiling.theory.variational import uniform_sigma

STEPS = {"E": (0, 1), "W": (0, -1), "S": (1, 0), "N": (-1, 0)}
ASYMMETRIC = WeightPattern([[1, 2], [3, 1]], [[1, 1], [2, 5]])
PATTERNS = {
    "uniform": None,
    "two-periodic": WeightPattern.two_periodic(2.0, 1.0),
    "asymmetric": ASYMMETRIC,
}


def brick_wall(direction, n=12):
    """A tiling whose every black cell's domino points `direction` (cells offset to keep colours)."""
    dr, dc = STEPS[direction]
    pairs = [
        ((r + 2, c + 2), (r + 2 + dr, c + 2 + dc))
        for r in range(n)
        for c in range(n)
        if (r + c) % 2 == 0
    ]
    mask = np.zeros((n + 4, n + 4), dtype=bool)
    for pair in pairs:
        for cell in pair:
            mask[cell] = True
    return Tiling.from_dominoes(Region.from_mask(mask), pairs)


def measured_slope(tiling, r0, c0, span):
    """``(s, t)``: the height change per column and per row over `span` steps from vertex (r0, c0)."""
    h = tiling.height_function().astype(float)
    return (h[r0, c0 + span] - h[r0, c0]) / span, (h[r0 + span, c0] - h[r0, c0]) / span


@pytest.fixture(scope="module")
def wall_slopes():
    return {d: measured_slope(brick_wall(d), 6, 6, 4) for d in STEPS}


def slope_of_probabilities(p, walls):
    """The slope of black-cell placement probabilities ``{direction: p}``, by linearity in the walls."""
    return tuple(sum(p[d] * walls[d][i] for d in STEPS) for i in range(2))


def black_cell_probabilities(mu):
    """Mean over the domain's black cells of ``P(its domino points E, W, S, N)``."""
    H, V, err = mu.edge_probabilities()
    k, l = H.shape
    out = dict.fromkeys(STEPS, 0.0)
    blacks = [(r, c) for r in range(k) for c in range(l) if (r + c) % 2 == 0]
    for r, c in blacks:
        out["E"] += H[r, c] / len(blacks)
        out["W"] += H[r, (c - 1) % l] / len(blacks)
        out["S"] += V[r, c] / len(blacks)
        out["N"] += V[(r - 1) % k, c] / len(blacks)
    return out, err


def test_the_brick_walls_have_the_documented_slopes(wall_slopes):
    # the table of theory.spectral's module docstring, measured
    assert wall_slopes == {"E": (0, 2), "W": (0, -2), "S": (-2, 0), "N": (2, 0)}
    assert measured_slope(brick_wall("E", 16), 3, 5, 8) == (0, 2)  # anywhere in the wall


def test_a_flux_is_the_slope_of_the_brick_wall_that_makes_it(wall_slopes):
    # flux of a tiling of the plane, per 2 x 2 domain: dominoes across a vertical seam with
    # the black cell on the left minus on the right; across a horizontal one, black on top
    # minus below -- counted on the brick walls themselves
    curve = spectral_curve(None)
    for d, slope in wall_slopes.items():
        t = brick_wall(d)
        lab = t.labels
        rows = range(4, 6)  # one period of rows, across the seam between columns 5 and 6
        a = sum(
            (1 if (r + 5) % 2 == 0 else -1)
            for r in rows
            if lab[r, 5] == lab[r, 6] and lab[r, 5] >= 0
        )
        cols = range(4, 6)
        b = sum(
            (1 if (5 + c) % 2 == 0 else -1)
            for c in cols
            if lab[5, c] == lab[6, c] and lab[5, c] >= 0
        )
        assert curve.slope(a, b) == pytest.approx(slope)
        assert curve.flux(*slope) == pytest.approx((a, b))


@pytest.mark.parametrize("name", PATTERNS)
def test_gibbs_measures_have_the_slope_they_are_asked_for(name, wall_slopes):
    pattern = PATTERNS[name]
    for slope in [(0.3, 0.7), (0.0, 0.5), (-0.6, -0.2), (0.4, -0.9)]:
        mu = gibbs_measure(pattern, slope=slope)
        p, err = black_cell_probabilities(mu)
        assert mu.slope == pytest.approx(slope, abs=1e-6)
        assert slope_of_probabilities(p, wall_slopes) == pytest.approx(slope, abs=1e-6)


@pytest.mark.parametrize("name", PATTERNS)
def test_the_slope_a_gibbs_measure_reports_is_the_slope_of_its_probabilities(name, wall_slopes):
    # the review's case: field (0.3, 0) reported t = -0.1924 while its probabilities carry +0.1924
    for field in [(0.3, 0.0), (0.1, -0.4), (-0.2, 0.25)]:
        mu = gibbs_measure(PATTERNS[name], field=field)
        p, _ = black_cell_probabilities(mu)
        assert mu.slope == pytest.approx(slope_of_probabilities(p, wall_slopes), abs=1e-6)
    mu = gibbs_measure(None, slope=(0, 1.5))  # east dominoes for t > 0
    p, _ = black_cell_probabilities(mu)
    assert p["E"] > p["W"]


@pytest.mark.parametrize("name", ["uniform", "asymmetric"])
def test_surface_tension_fields_are_the_fields_of_the_gibbs_measure_of_the_slope(name, wall_slopes):
    pattern = PATTERNS[name]
    s, t = np.array([0.3, -0.4, 0.2]), np.array([0.5, 0.5, -0.8])
    st = surface_tension(pattern, s, t)
    for i in range(3):
        mu = gibbs_measure(pattern, field=tuple(st.field[i]))
        p, _ = black_cell_probabilities(mu)
        assert slope_of_probabilities(p, wall_slopes) == pytest.approx((s[i], t[i]), abs=1e-5)
    # the gradient against finite differences of the values (Legendre duality in this convention)
    h = 1e-4
    for i in range(3):
        ds = (
            surface_tension(pattern, s[i] + h, t[i]).value
            - surface_tension(pattern, s[i] - h, t[i]).value
        ) / (2 * h)
        dt = (
            surface_tension(pattern, s[i], t[i] + h).value
            - surface_tension(pattern, s[i], t[i] - h).value
        ) / (2 * h)
        assert st.gradient[i] == pytest.approx([float(ds), float(dt)], abs=1e-5)


def test_uniform_closed_forms_name_the_same_probabilities(wall_slopes):
    for s, t in [(0.3, 0.7), (-1.0, 0.4), (0.5, -1.2)]:
        _, _, p = uniform_surface_tension(s, t)
        q = uniform_sigma(np.array([s + t]), np.array([s - t]), "value")[3][0]
        assert p == pytest.approx(q, abs=1e-12)
        probs = dict(zip("EWSN", p, strict=True))
        assert slope_of_probabilities(probs, wall_slopes) == pytest.approx((s, t), abs=1e-12)


def test_the_asymmetric_weights_tension_is_not_symmetric_in_t():
    # so that the sign of t matters (for uniform and two-periodic weights it does not)
    st = surface_tension(ASYMMETRIC, [0.3, 0.3], [0.5, -0.5])
    assert abs(st.value[0] - st.value[1]) > 0.05


def test_sample_heights_have_the_slope_of_their_placement_probabilities(wall_slopes):
    # uniform Aztec diamond, a window north of the centre: the samples' mean height change per
    # column and per row against the slope of the exact placement probabilities there, and the
    # Gibbs measure of that slope against the probabilities
    n = 60
    probs = aztec_edge_probabilities(n)
    r0, c0, span = (
        n - 24,
        n - 6,
        10,
    )  # vertices; the window's cells [r0, r0 + span) x [c0, c0 + span)
    blacks = [
        (r, c) for r in range(r0, r0 + span) for c in range(c0, c0 + span) if (r + c) % 2 == 0
    ]
    p = {
        "E": np.mean([probs.horizontal[r, c] for r, c in blacks]),
        "W": np.mean([probs.horizontal[r, c - 1] for r, c in blacks]),
        "S": np.mean([probs.vertical[r, c] for r, c in blacks]),
        "N": np.mean([probs.vertical[r - 1, c] for r, c in blacks]),
    }
    predicted = slope_of_probabilities(p, wall_slopes)
    assert abs(predicted[1]) > 0.3  # a tilted window
    measured = []
    for seed in range(40):
        h = sample_aztec(n, seed=seed).height_function().astype(float)
        per_col = (h[r0 : r0 + span + 1, c0 + span] - h[r0 : r0 + span + 1, c0]) / span
        per_row = (h[r0 + span, c0 : c0 + span + 1] - h[r0, c0 : c0 + span + 1]) / span
        measured.append((per_col.mean(), per_row.mean()))
    measured = np.array(measured)
    se = measured.std(axis=0) / np.sqrt(len(measured))
    assert np.all(np.abs(measured.mean(axis=0) - predicted) < 5 * se + 0.05)
    # the expected heights (exact) have the same slope in the window
    e = expected_height_field(Region.aztec_diamond(n), probs)
    exact = (
        np.mean(e[r0 : r0 + span + 1, c0 + span] - e[r0 : r0 + span + 1, c0]) / span,
        np.mean(e[r0 + span, c0 : c0 + span + 1] - e[r0, c0 : c0 + span + 1]) / span,
    )
    assert exact == pytest.approx(predicted, abs=0.05)
    mu = gibbs_measure(None, slope=predicted)
    q, _ = black_cell_probabilities(mu)
    assert q["E"] == pytest.approx(p["E"], abs=0.02) and q["N"] == pytest.approx(p["N"], abs=0.02)


def test_limit_shape_slopes_and_densities_agree_with_the_heights(wall_slopes):
    ls = limit_shape(Region.aztec_diamond(40), resolution=40)
    liquid = ~ls.frozen & np.isfinite(ls.densities).all(axis=2)
    d = ls.densities[liquid]
    probs = {k: d[:, i] for i, k in enumerate("EWSN")}
    implied = np.stack(slope_of_probabilities(probs, wall_slopes), axis=1)
    assert np.abs(implied - ls.slope[liquid]).max() < 1e-6


@pytest.mark.full  # the solver of period 4 at order 80, about a CPU minute: pytest --full
def test_limit_shape_of_asymmetric_periodic_weights_against_exact_expected_heights():
    # rows of period 4: the weights' surface tension is not even in t up to a linear term, so a
    # flipped t gives another limit shape (before: max error 0.052 of the diameter at order 80,
    # not shrinking with the order; now 0.015, like 1 / n)
    H = [[5, 1], [1, 2], [1, 5], [5, 3]]
    V = [[1, 1], [2, 3], [4, 3], [2, 1]]
    n = 80
    region = Region.aztec_diamond(n)
    exact = expected_height_field(
        region, aztec_edge_probabilities(n, weights=Weights.periodic(region, H, V))
    )
    ls = limit_shape(region, weights=WeightPattern(H, V), resolution=n)
    diff = ls.vertex_heights() - exact
    diff -= np.nanmedian(diff)
    assert np.nanmax(np.abs(diff)) / (2 * n) < 0.025
    assert np.nanmean(np.abs(diff)) < 1.2
