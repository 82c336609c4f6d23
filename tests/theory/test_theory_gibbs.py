"""Gibbs measures: local statistics against tori, plane regions, closed forms and Aztec samples."""

import numpy as np
import pytest
from reference.torus_dimers import torus_pattern_probability

from dominotiling import Region, count_tilings
from dominotiling.counting.placement import placement_probabilities
from dominotiling.errors import DominoTilingError, DominoTypeError, WeightError
from dominotiling.model.weights import Weights
from dominotiling.theory import WeightPattern, gibbs_measure, uniform_surface_tension

SQUARE_H = [((0, 0), (0, 1)), ((1, 0), (1, 1))]  # two horizontal dominoes filling a 2 x 2 square


def test_uniform_slope_zero_edges_are_a_quarter():
    mu = gibbs_measure(None, slope=(0.0, 0.0))
    h, v, err = mu.edge_probabilities()
    # (the field solved for has a slope within 1e-12 of 0; the probabilities move by as much)
    assert h == pytest.approx(np.full((2, 2), 0.25), abs=1e-10)
    assert v == pytest.approx(np.full((2, 2), 0.25), abs=1e-10)
    assert err < 1e-10
    assert mu.phase == "liquid"


@pytest.mark.parametrize("slope", [(0.5, 0.0), (0.3, -0.7), (-1.2, 0.4), (0.0, 1.5)])
def test_uniform_edges_are_the_cohn_kenyon_propp_probabilities(slope):
    mu = gibbs_measure(None, slope=slope)
    _, _, p = uniform_surface_tension(*slope)  # east, west, south, north of a black cell
    h, v, err = mu.edge_probabilities()
    # black (0, 0): east (0,0)-(0,1), west (0,-1)-(0,0) = h[0, 1] by periodicity, south v[0, 0], north v[1, 0]
    assert [h[0, 0], h[0, 1], v[0, 0], v[1, 0]] == pytest.approx(p.tolist(), abs=1e-9)
    # and the measured slope is the one asked for: t = -2 (pE - pW), s = -2 (pS - pN)
    assert mu.slope == pytest.approx(slope, abs=1e-10)


def test_uniform_patterns_against_large_tori():
    """Field 0 is the limit of the torus measures: the torus values converge to the plane's."""
    mu = gibbs_measure(None, field=(0.0, 0.0))
    ones = np.ones((2, 2))
    patterns = [
        SQUARE_H,
        [((0, 0), (0, 1)), ((0, 2), (0, 3))],
        [((0, 0), (1, 0)), ((1, 1), (1, 2)), ((2, 0), (2, 1))],
    ]
    for pat in patterns:
        ours = mu.pattern_probability(pat)
        gaps = [
            abs(
                torus_pattern_probability(
                    ones,
                    ones,
                    n,
                    n,
                    [
                        ((r + n // 2, c + n // 2), (r2 + n // 2, c2 + n // 2))
                        for (r, c), (r2, c2) in pat
                    ],
                )
                - ours.value
            )
            for n in (24, 32, 48)
        ]
        assert gaps[-1] < 2e-4
        assert gaps[2] < gaps[1] < gaps[0]
        assert ours.error < 1e-10
    assert mu.pattern_probability(SQUARE_H).value == pytest.approx(1 / 8, abs=1e-12)


def test_uniform_two_dominoes_against_the_library_exact_route():
    """The centre of a large square (flat: slope 0) by exact counts of the square minus the pattern's cells."""
    mu = gibbs_measure(None, slope=(0.0, 0.0))
    ours = mu.pattern_probability(SQUARE_H).value
    gaps = []
    for side in (20, 32, 48):
        c = side // 2
        full = Region.rectangle(side, side)
        mask = full.mask.copy()
        mask[c : c + 2, c : c + 2] = False
        exact = count_tilings(Region(mask)) / count_tilings(full)
        # the two parallel placements: half of the 2x2 square's tilings are horizontal
        gaps.append(abs(exact - ours))
    # boundary effects of a square decay like 1 / side
    assert gaps[2] < gaps[1] < gaps[0]
    assert gaps[-1] < 0.01 and gaps[-1] * 48 < 0.5


@pytest.mark.parametrize("a, sides, bound", [(2.0, (16, 24, 32), 1e-7), (1.5, (16, 32, 40), 3e-6)])
def test_two_periodic_gas_against_tori(a, sides, bound):
    pattern = WeightPattern.two_periodic(a, 1.0)
    h, v = pattern.as_float()
    mu = gibbs_measure(pattern, slope=(0.0, 0.0))
    assert mu.phase == "gaseous"
    pats = [
        [((0, 0), (0, 1))],
        [((1, 1), (2, 1))],
        SQUARE_H,
        [((0, 0), (1, 0)), ((0, 1), (0, 2)), ((2, 1), (2, 2))],
    ]
    for pat in pats:
        ours = mu.pattern_probability(pat)
        torus = [
            torus_pattern_probability(
                h, v, n, n, [((r + 8, c + 8), (r2 + 8, c2 + 8)) for (r, c), (r2, c2) in pat]
            )
            for n in sides
        ]
        gaps = [abs(t - ours.value) for t in torus]
        assert gaps[-1] < bound
        assert gaps[-1] <= gaps[0]


def test_two_periodic_gas_against_the_library_plane_route():
    """placement_probabilities at the centre of a two-periodic square: the gas, exponentially close."""
    pattern = WeightPattern.two_periodic(2.0, 1.0)
    mu = gibbs_measure(pattern, field=(0.0, 0.0))
    hh, vv, _ = mu.edge_probabilities()
    side = 40
    region = Region.rectangle(side, side)
    w = Weights.periodic(region, faces=[[1, 1.0], [2.0, 1]])
    p = placement_probabilities(region, weights=w, exact=False)
    c = side // 2
    assert p.horizontal[c, c] == pytest.approx(hh[c % 2, c % 2], abs=1e-6)
    assert p.vertical[c, c + 1] == pytest.approx(vv[c % 2, (c + 1) % 2], abs=1e-6)


def test_generic_periodic_pattern_against_tori():
    rng = np.random.default_rng(8)
    h, v = rng.uniform(0.5, 2.0, (2, 2)), rng.uniform(0.5, 2.0, (2, 2))
    mu = gibbs_measure(WeightPattern(h, v), field=(0.0, 0.0))
    pat = [((0, 0), (0, 1)), ((1, 1), (1, 2))]
    ours = mu.pattern_probability(pat).value
    gaps = [
        abs(
            torus_pattern_probability(
                h, v, n, n, [((r + 8, c + 8), (r2 + 8, c2 + 8)) for (r, c), (r2, c2) in pat]
            )
            - ours
        )
        for n in (12, 24, 36)
    ]
    assert gaps[-1] < 1e-3 and gaps[-1] < gaps[0]


def test_every_black_cell_is_covered_once_and_inverse_kasteleyn_symmetry():
    rng = np.random.default_rng(9)
    pattern = WeightPattern(rng.uniform(0.5, 2.0, (2, 4)), rng.uniform(0.5, 2.0, (2, 4)))
    mu = gibbs_measure(pattern, slope=(0.3, -0.2))
    h, v, err = mu.edge_probabilities()
    for r, c in [(0, 0), (1, 1), (0, 2)]:
        total = h[r, c] + h[r, (c - 1) % 4] + v[r, c] + v[(r - 1) % 2, c]
        assert total == pytest.approx(1.0, abs=1e-9)
    assert np.all((h > 0) & (h < 1) & (v > 0) & (v < 1))
    assert mu.slope == pytest.approx((0.3, -0.2), abs=1e-9)
    # translation by a period leaves K^-1 unchanged
    a = mu.inverse_kasteleyn((0, 0), (0, 3)).value
    b = mu.inverse_kasteleyn((2, 4), (2, 7)).value  # (2, 4) is black, (3, 7) white
    assert a == pytest.approx(b, abs=1e-12)


def test_uniform_patterns_in_the_aztec_diamond_centre():
    """Frequencies of the 2 x 2 horizontal pair around the centre of uniform Aztec samples (slope 0 there)."""
    from dominotiling import sample_aztec

    n = 60
    mu = gibbs_measure(None, slope=(0.0, 0.0))
    expected = mu.pattern_probability(SQUARE_H).value
    hits = trials = 0
    for seed in range(12):
        t = sample_aztec(n, seed=seed)
        lab = t.labels
        for r in range(n - 4, n + 4):
            for c in range(n - 4, n + 4):
                if (r + c) % 2:
                    continue
                trials += 1
                hits += (lab[r, c] == lab[r, c + 1]) and (lab[r + 1, c] == lab[r + 1, c + 1])
    freq = hits / trials
    sd = np.sqrt(expected * (1 - expected) / trials)
    # the samples' windows are correlated: allow 6 standard deviations of independent draws
    assert abs(freq - expected) < 6 * sd + 0.01


def test_bad_input():
    with pytest.raises(DominoTilingError, match="exactly one"):
        gibbs_measure(None)
    with pytest.raises(DominoTilingError, match="boundary"):
        gibbs_measure(None, slope=(2.0, 0.0))
    with pytest.raises(DominoTilingError, match="outside"):
        gibbs_measure(None, slope=(2.0, 1.0))
    with pytest.raises(WeightError, match="positive"):
        gibbs_measure(WeightPattern([[1, 0]], [[1]]), slope=(0, 0))
    mu = gibbs_measure(None, slope=(0.0, 0.0))
    with pytest.raises(DominoTilingError, match="black"):
        mu.inverse_kasteleyn((0, 1), (0, 0))
    with pytest.raises(DominoTilingError, match="neighbours"):
        mu.pattern_probability([((0, 0), (0, 2))])
    with pytest.raises(DominoTilingError, match="twice"):
        mu.pattern_probability([((0, 0), (0, 1)), ((0, 1), (0, 0))])
    with pytest.raises(DominoTypeError):
        mu.pattern_probability([(0, 0)])
    assert mu.pattern_probability([((0, 0), (0, 1)), ((0, 1), (1, 1))]).value == 0.0


def test_uniform_patterns_off_centre_in_aztec_samples():
    """Where the library's exact edge probabilities give the local slope, the Gibbs measure of that slope
    predicts the frequency of two-domino patterns in samples."""
    from dominotiling import sample_aztec
    from dominotiling.aztec.weighted import aztec_edge_probabilities

    n = 60
    p = aztec_edge_probabilities(n)
    r0, c0 = (
        n - 22,
        n - 4,
    )  # north of the centre, inside the arctic circle (radius ~ n / sqrt 2 = 42)
    blacks = [(r, c) for r in range(r0, r0 + 8) for c in range(c0, c0 + 8) if (r + c) % 2 == 0]
    pe = np.mean([p.horizontal[r, c] for r, c in blacks])
    pw = np.mean([p.horizontal[r, c - 1] for r, c in blacks])
    ps = np.mean([p.vertical[r, c] for r, c in blacks])
    pn = np.mean([p.vertical[r - 1, c] for r, c in blacks])
    slope = (2 * (pn - ps), 2 * (pe - pw))  # the slope convention (theory.spectral)
    assert abs(slope[1]) > 0.2  # a genuinely tilted point
    mu = gibbs_measure(None, slope=slope)
    line = [((0, 0), (0, 1)), ((0, 2), (0, 3))]
    expected = mu.pattern_probability(line).value
    hits = trials = 0
    for seed in range(30):
        lab = sample_aztec(n, seed=100 + seed).labels
        for r, c in blacks:
            trials += 1
            hits += (lab[r, c] == lab[r, c + 1]) and (lab[r, c + 2] == lab[r, c + 3])
    sd = np.sqrt(expected * (1 - expected) / trials)
    assert abs(hits / trials - expected) < 6 * sd + 0.01
    # and the edge probabilities of the measure are the window's averages (the slope fixes them)
    hh, vv, _ = mu.edge_probabilities()
    assert hh[0, 0] == pytest.approx(pe, abs=0.02) and vv[0, 0] == pytest.approx(ps, abs=0.02)


# ---------------------------------------------------------------- refusals that were answers
@pytest.mark.parametrize("s", [0.2, 0.5, 1.0, 1.5])
def test_every_liquid_slope_on_the_axis_of_the_two_periodic_weights_has_its_probabilities(s):
    # all of them raised PrecisionError (the torus touches the curve at phi = pi there)
    mu = gibbs_measure(WeightPattern.two_periodic(2.0, 1.0), slope=(s, 0.0))
    h, v, err = mu.edge_probabilities()
    assert err < 1e-9
    # each black cell is covered once: its four placements' probabilities add up to 1
    for r, c in [(0, 0), (1, 1)]:
        total = h[r, c] + h[r, (c - 1) % 2] + v[r, c] + v[(r - 1) % 2, c]
        assert total == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("slope", [(1.9, 0.0), (0.0, -1.85), (1.2, 0.5)])
def test_slopes_near_the_frozen_boundary_have_their_probabilities(slope):
    h, v, err = gibbs_measure(None, slope=slope).edge_probabilities()
    assert err < 1e-9 and h.sum() + v.sum() == pytest.approx(2.0, abs=1e-9)


@pytest.mark.parametrize("shape", ["row", "column", "block"])
def test_patterns_of_twenty_dominoes_and_more(shape):
    mu = gibbs_measure(None, slope=(0.3, 0.2))
    pattern = {
        "row": [((0, 2 * i), (0, 2 * i + 1)) for i in range(20)],
        "column": [((r, 0), (r, 1)) for r in range(22)],
        "block": [((r, 2 * i), (r, 2 * i + 1)) for r in range(6) for i in range(4)],
    }[shape]
    p = mu.pattern_probability(pattern)
    assert 0 < p.value < 1 and p.error < 1e-9 * max(p.value, 1e-6)
    # an identity the quadrature does not know: a free cell next to the pattern is covered by
    # exactly one domino, so the pattern's probability is the sum over that cell's placements
    taken = {c for d in pattern for c in d}
    r, c = max(taken)
    cell = (r + 1, c)
    total = 0.0
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        other = (cell[0] + dr, cell[1] + dc)
        if other not in taken:
            total += mu.pattern_probability([*pattern, (cell, other)]).value
    assert total == pytest.approx(p.value, rel=1e-7)


@pytest.mark.parametrize(
    "a, b, why", [(1e100, 1.0, "ratio"), (1.0, 1e-100, "ratio"), (2e100, 1e100, "overflow")]
)
def test_extreme_weights_are_refused_with_a_reason(a, b, why):
    from dominotiling.errors import WeightError
    from dominotiling.theory import amoeba, lattice_phases

    pattern = WeightPattern.two_periodic(a, b)
    for call in (
        lambda: lattice_phases(pattern),
        lambda: gibbs_measure(pattern, slope=(0.1, 0.1)),
        lambda: amoeba(pattern),
    ):
        with pytest.raises(WeightError, match=why):
            call()
    # a common factor changes nothing: the scaled weights are served
    ok = WeightPattern.two_periodic(2.0, 1.0)
    assert gibbs_measure(ok, slope=(0.1, 0.1)).phase == "liquid"
