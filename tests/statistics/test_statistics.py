"""Tests of dominotiling.statistics: double dimers, exact height moments, boundary fluctuations.

Expected values come from brute-force enumeration (tests/helpers.py), Monte Carlo
over exact samples, hand-built configurations, matplotlib's point-in-polygon test,
scipy's flood fill (frozen_mask) and published Tracy--Widom moments.
"""

import math

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
from helpers import brute_force_tilings
from matplotlib.path import Path

from dominotiling import Region, Tiling, Weights, random_tiling, sample_aztec
from dominotiling.aztec.arctic import frozen_mask
from dominotiling.errors import DominoTilingError, DominoTypeError, NoTilingError
from dominotiling.matching.height import UNDEFINED, defined_vertices
from dominotiling.statistics import (
    TRACY_WIDOM_GUE,
    BoundaryFluctuations,
    aztec_boundary_fluctuations,
    boundary_positions,
    double_dimer,
    expected_height,
    fluctuation_field,
    height_field,
    height_moments,
    height_variance,
    tracy_widom_cdf,
    tracy_widom_pdf,
)


def _all_tilings(region):
    return [Tiling.from_dominoes(region, list(d)) for d in brute_force_tilings(region.mask)]


# ------------------------------------------------------------ exact height moments
L_SHAPE = Region.from_strings(["##....", "......", "......", "....##", "...###", "...###"])


@pytest.mark.parametrize(
    "region",
    [Region.rectangle(4, 4), Region.rectangle(3, 6), Region.aztec_diamond(3), L_SHAPE],
    ids=["4x4", "3x6", "aztec3", "L-shape"],
)
def test_height_moments_match_enumeration_at_every_vertex(region):
    tilings = _all_tilings(region)
    heights = np.array([t.height_function() for t in tilings], dtype=float)
    defined = defined_vertices(region)
    for i, j in zip(*np.nonzero(defined)):
        m = height_moments(region, (int(i), int(j)))
        col = heights[:, i, j]
        assert m.mean == pytest.approx(col.mean(), abs=1e-9)
        assert m.variance == pytest.approx(col.var(), abs=1e-9)


def test_weighted_height_moments_match_weighted_enumeration():
    region = Region.rectangle(4, 5)
    rng = np.random.default_rng(1)
    weights = Weights.from_arrays(rng.uniform(0.2, 2, (4, 4)), rng.uniform(0.2, 2, (3, 5)))
    tilings = _all_tilings(region)
    w = np.array([float(weights.tiling_weight(t)) for t in tilings])
    w /= w.sum()
    heights = np.array([t.height_function() for t in tilings], dtype=float)
    for v in [(2, 2), (1, 3), (2, 1), (3, 4)]:
        col = heights[:, v[0], v[1]]
        mean = float(w @ col)
        m = height_moments(region, v, weights=weights)
        assert m.mean == pytest.approx(mean, abs=1e-9)
        assert m.variance == pytest.approx(float(w @ (col - mean) ** 2), abs=1e-9)


@pytest.mark.parametrize(
    "region, vertex",
    [(Region.rectangle(8, 8), (4, 4)), (Region.aztec_diamond(5), (5, 5))],
    ids=["8x8", "aztec5"],
)
def test_height_variance_matches_monte_carlo(region, vertex):
    n = 1500
    h = np.array([random_tiling(region, seed=s).height_function()[vertex] for s in range(n)], float)
    mean, var = h.mean(), h.var(ddof=1)
    m4 = np.mean((h - mean) ** 4)
    se_var = math.sqrt(max(m4 - var**2, 1e-12) / n)
    exact = height_moments(region, vertex)
    assert abs(exact.variance - var) < 4.5 * se_var
    assert abs(exact.mean - mean) < 4.5 * math.sqrt(var / n) + 1e-9
    assert exact.variance > 1.0  # not a trivial agreement


def test_units_and_the_2x2_square():
    r = Region.rectangle(2, 2)
    # the centre's height is +2 or -2 (the two tilings), each with probability 1/2
    assert height_variance(r, (1, 1)) == pytest.approx(4.0)
    assert height_variance(r, (1, 1), unit="flip") == pytest.approx(0.25)
    assert expected_height(r, (1, 1)) == pytest.approx(0.0, abs=1e-12)
    assert height_variance(r, (0, 0)) == 0.0  # boundary heights are fixed
    assert expected_height(r, (2, 1)) == pytest.approx(-1.0)  # the boundary walk from (0, 0)


def test_height_moments_bad_input():
    r = Region.rectangle(4, 4)
    with pytest.raises(DominoTilingError, match="not a corner"):
        height_moments(r, (5, 1))
    with pytest.raises(DominoTilingError, match="not a corner"):
        height_moments(Region.from_strings(["..#", "..#", "###"]), (3, 3))
    with pytest.raises(DominoTypeError):
        height_moments(r, "centre")
    with pytest.raises(DominoTypeError):
        height_moments("4x4", (1, 1))
    with pytest.raises(NoTilingError):
        height_moments(Region.rectangle(3, 3), (1, 1))
    with pytest.raises(
        NoTilingError
    ):  # balanced but untileable (the mutilated chessboard's cousin)
        height_moments(Region.from_strings([".#..", "....", "....", "..#."]), (2, 2))
    with pytest.raises(DominoTilingError, match="hole"):
        height_moments(Region.from_strings(["....", ".#..", "...#", "...."]), (2, 2))
    with pytest.raises(DominoTilingError):
        height_moments(r, (2, 2), unit="metres")
    with pytest.raises(DominoTypeError):
        height_moments(r, (2, 2), weights=[[1]])


# ------------------------------------------------------------ height fields
def test_height_field_units_and_nan_outside():
    t = random_tiling(Region.from_strings(["..#", "..#", "###"]), seed=1)
    h = t.height_function()
    f = height_field(t)
    undefined = h == UNDEFINED
    assert np.isnan(f[undefined]).all() and undefined.any()
    assert np.array_equal(f[~undefined], h[~undefined].astype(float))
    assert np.allclose(height_field(t, unit="flip")[~undefined], h[~undefined] / 4)


def test_fluctuation_field():
    r = Region.rectangle(4, 4)
    ts = [random_tiling(r, seed=s) for s in range(8)]
    f = fluctuation_field(ts)
    hs = np.array([t.height_function() for t in ts], float)
    assert np.allclose(f, hs - hs.mean(axis=0))
    mean = np.array([[expected_height(r, (i, j)) for j in range(5)] for i in range(5)])
    g = fluctuation_field(ts[0], mean=mean)
    assert g.shape == (1, 5, 5) and np.allclose(g[0], hs[0] - mean)
    with pytest.raises(DominoTilingError, match="at least 2"):
        fluctuation_field(ts[:1])
    with pytest.raises(DominoTilingError, match="different region"):
        fluctuation_field([ts[0], random_tiling(Region.rectangle(2, 8), seed=0)])
    with pytest.raises(DominoTilingError):
        fluctuation_field(ts, mean=np.zeros((4, 4)))


# ------------------------------------------------------------ double dimers
def _ring(lo, hi):
    """The cells of the square ring from (lo, lo) to (hi, hi), in order around it."""
    top = [(lo, c) for c in range(lo, hi + 1)]
    right = [(r, hi) for r in range(lo + 1, hi + 1)]
    bottom = [(hi, c) for c in range(hi - 1, lo - 1, -1)]
    left = [(r, lo) for r in range(hi - 1, lo, -1)]
    return top + right + bottom + left


def _nested_rings(size):
    """Two tilings of a size x size square whose superposition is size/2 nested square loops."""
    a, b = [], []
    for k in range(size // 2):
        ring = _ring(k, size - 1 - k)
        a += [(ring[i], ring[i + 1]) for i in range(0, len(ring), 2)]
        b += [(ring[i], ring[(i + 1) % len(ring)]) for i in range(1, len(ring), 2)]
    r = Region.rectangle(size, size)
    return Tiling.from_dominoes(r, a), Tiling.from_dominoes(r, b)


def test_nested_rings_by_hand():
    t1, t2 = _nested_rings(6)
    dd = double_dimer(t1, t2)
    assert dd.n_loops == 3 and dd.n_doubled == 0
    assert dd.lengths.tolist() == [20, 12, 4]  # numbered by first cell: (0,0), (1,1), (2,2)
    assert dd.depths.tolist() == [0, 1, 2]
    assert dd.surrounds().tolist() == [True, True, True]  # the centre (3, 3)
    assert dd.surrounds((0.2, 0.2)).tolist() == [False, False, False]
    assert dd.surrounds((1.2, 1.2)).tolist() == [True, False, False]
    assert dd.n_surrounding((2.0, 3.0)) == 2  # between the middle ring and the inner one
    assert sorted(map(tuple, dd.loop(2).tolist())) == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert dd.select(12).tolist() == [0, 1]
    assert [a.tolist() for a in dd.length_distribution()] == [[4, 12, 20], [1, 1, 1]]


def test_doubled_dominoes_and_equal_tilings():
    t = random_tiling(Region.rectangle(6, 8), seed=3)
    dd = double_dimer(t, t)
    assert dd.n_loops == 0 and dd.n_doubled == 24 and dd.doubled.sum() == 48
    with pytest.raises(DominoTilingError, match="no loop"):
        dd.box_counting_dimension()


def _polygon(cells):
    xy = cells[:, ::-1] + 0.5
    return Path(np.vstack([xy, xy[:1]]), closed=True)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_double_dimer_invariants_on_random_pairs(seed):
    region = Region.from_strings(
        [
            "##..........",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
            "..........##",
            "..........##",
            "............",
        ]
    )
    t1, t2 = random_tiling(region, seed=2 * seed), random_tiling(region, seed=2 * seed + 1)
    dd = double_dimer(t1, t2)
    mask = region.mask
    ids = np.asarray(dd.ids)
    assert ((ids == -1) == ~mask).all()
    assert int(dd.lengths.sum()) + 2 * dd.n_doubled == region.n_cells
    assert (dd.lengths % 2 == 0).all() and (dd.lengths >= 4).all()
    seen = np.zeros(mask.shape, int)
    pair1 = {frozenset(map(tuple, d.tolist())) for d in t1.dominoes}
    pair2 = {frozenset(map(tuple, d.tolist())) for d in t2.dominoes}
    polygons = []
    for k in range(dd.n_loops):
        cells = dd.loop(k)
        for r, c in cells:
            seen[r, c] += 1
        assert (ids[cells[:, 0], cells[:, 1]] == k).all()
        nxt = np.roll(cells, -1, axis=0)
        assert (np.abs(cells - nxt).sum(axis=1) == 1).all()  # a closed walk of neighbours
        steps = [frozenset([tuple(a), tuple(b)]) for a, b in zip(cells.tolist(), nxt.tolist())]
        assert all(s in pair1 for s in steps[0::2]) and all(s in pair2 for s in steps[1::2])
        polygons.append(_polygon(cells))
    assert (seen[ids >= 0] == 1).all() and (seen[ids < 0] == 0).all()  # each cell in one loop
    # nesting depths and the centre, against matplotlib's point-in-polygon test
    for k in range(dd.n_loops):
        r, c = dd.loop(k)[0]
        point = (c + 0.75, r + 0.75)
        inside = sum(polygons[j].contains_point(point) for j in range(dd.n_loops) if j != k)
        assert dd.depths[k] == inside
    centre = (mask.shape[1] / 2 + 1e-3, mask.shape[0] / 2 + 1e-3)
    expected = [p.contains_point(centre) for p in polygons]
    assert dd.surrounds().tolist() == expected


def test_double_dimer_bad_input():
    a = random_tiling(Region.rectangle(4, 4), seed=1)
    b = random_tiling(Region.rectangle(2, 8), seed=1)
    with pytest.raises(DominoTilingError, match="different regions"):
        double_dimer(a, b)
    with pytest.raises(DominoTypeError):
        double_dimer(a, Region.rectangle(4, 4))
    partial = Tiling.from_dominoes(Region.rectangle(4, 4), [((0, 0), (0, 1))])
    with pytest.raises(DominoTilingError, match="uncovered"):
        double_dimer(a, partial)
    dd = double_dimer(a, random_tiling(Region.rectangle(4, 4), seed=2))
    with pytest.raises(DominoTilingError):
        dd.loop(dd.n_loops)
    with pytest.raises(DominoTypeError):
        dd.surrounds("centre")


def test_box_counting_dimension_of_a_smooth_loop_is_one():
    t1, t2 = _nested_rings(128)
    dd = double_dimer(t1, t2)
    d, sizes, counts = dd.box_counting_dimension()  # the outer ring, 508 cells
    assert dd.lengths.max() == 4 * 127
    assert abs(d - 1.0) < 0.1
    assert counts[0] == len(np.unique(dd.loop(0) // sizes[0], axis=0))


# ------------------------------------------------------------ arctic boundary, Tracy--Widom
@pytest.mark.parametrize("n, seed", [(8, 1), (30, 2), (31, 5)])
def test_boundary_positions_match_the_flood_fill(n, seed):
    t = sample_aztec(n, seed=seed)
    frozen = frozen_mask(t)  # scipy's flood fill from the four corners

    def run(line):
        stop = np.flatnonzero(~line)
        return int(stop[0]) if len(stop) else len(line)

    m = n - 1
    expected = [
        n - run(frozen[m]),
        n - run(frozen[m, ::-1]),
        n - run(frozen[:, m]),
        n - run(frozen[::-1, m]),
    ]
    assert boundary_positions(t).tolist() == expected


def test_aztec_boundary_fluctuations_serial():
    f = aztec_boundary_fluctuations(20, range(6), progress=False)
    assert isinstance(f, BoundaryFluctuations)
    assert f.positions.tolist() == [
        boundary_positions(sample_aztec(20, seed=s)).tolist() for s in range(6)
    ]
    assert np.allclose(f.rescaled, (f.positions - 20 / math.sqrt(2)) / 20 ** (1 / 3))
    z = f.standardized.reshape(6, 4)
    assert np.allclose(z.mean(axis=0), 0) and np.allclose(z.std(axis=0), 1)
    assert f.skewness == pytest.approx(float(np.mean(f.standardized**3)))


def test_aztec_boundary_fluctuations_on_a_cluster_equal_serial(client):
    serial = aztec_boundary_fluctuations(16, range(8), progress=False)
    par = aztec_boundary_fluctuations(16, range(8), client=client, progress=False)
    assert np.array_equal(serial.positions, par.positions)
    assert par.skewness == serial.skewness


def test_boundary_bad_input():
    with pytest.raises(DominoTilingError, match="at least 2"):
        aztec_boundary_fluctuations(10, [1])
    with pytest.raises(DominoTilingError, match="not an Aztec"):
        boundary_positions(random_tiling(Region.rectangle(4, 4), seed=1))
    with pytest.raises(DominoTypeError):
        boundary_positions(Region.aztec_diamond(3))


def _pooled_skewness(positions):
    """Skewness of the four directions' values, each standardised by its own mean and deviation, pooled."""
    sd = positions.std(axis=0)
    z = ((positions - positions.mean(axis=0)) / sd).ravel()
    return float(np.mean(z**3))


@pytest.mark.full  # 500 samples of order 2000: about 200 s of CPU
def test_arctic_boundary_skewness_is_tracy_widom_at_order_2000():
    """Johansson's law at scale: the arctic boundary's skewness at n = 2000 is F2's, within its error bar.

    The statistic, per sample and direction, is :func:`boundary_positions`: along
    row ``n - 1`` (from the west and the east corner) and column ``n - 1`` (from the
    north and the south), the distance in cells from the centre line to the last
    cell of the frozen brick wall that runs in from that corner. Johansson [1]
    proves that it is ``n / sqrt(2)`` plus ``c n**(1/3)`` times a GUE Tracy--Widom
    (beta = 2) variable in the limit; skewness does not depend on ``c`` or the
    shift, so the sample skewness of the 4 x 500 values (the four corners are
    asymptotically independent, each standardised on its own) is compared with
    F2's published skewness 0.2240842 (Bornemann, Markov Process. Related Fields
    16 (2010), table 4; Prähofer and Spohn, J. Stat. Phys. 115 (2004)). Its
    standard error is the jackknife's over the samples (a sample's four values
    left out together, so any correlation between them is in the bar). The bar is
    narrow enough to tell F2 from a Gaussian boundary: skewness 0 is more than
    three bars away, so a Gaussian (or a mirrored, skewness -0.224) law would fail.

    [1] K. Johansson, "The arctic circle boundary and the Airy process", Ann.
    Probab. 33 (2005), 1-30.
    """
    n, samples = 2000, 500
    f = aztec_boundary_fluctuations(n, range(samples), progress=False)
    pos = f.positions.astype(float)
    skew = _pooled_skewness(pos)
    assert skew == pytest.approx(f.skewness, abs=1e-12)  # the library's pooled statistic
    leave_one_out = np.array([_pooled_skewness(np.delete(pos, i, axis=0)) for i in range(samples)])
    error = math.sqrt((samples - 1) / samples * ((leave_one_out - leave_one_out.mean()) ** 2).sum())
    tw = TRACY_WIDOM_GUE["skewness"]
    print(f"arctic boundary, n = {n}, {samples} samples: skewness {skew:.4f} +- {error:.4f}")
    assert 3 * error < tw, f"the error bar {error:.3f} cannot tell F2 from a Gaussian"
    assert abs(skew - tw) < 3 * error, (
        f"boundary skewness {skew:.3f} +- {error:.3f} at n = {n} ({samples} samples), F2's {tw:.4f}"
    )


def test_tracy_widom_moments_match_the_published_values():
    s = np.linspace(-9.0, 7.0, 1601)
    f = tracy_widom_pdf(s)
    ds = s[1] - s[0]
    mass = f.sum() * ds
    mean = (s * f).sum() * ds
    var = ((s - mean) ** 2 * f).sum() * ds
    skew = ((s - mean) ** 3 * f).sum() * ds / var**1.5
    kurt = ((s - mean) ** 4 * f).sum() * ds / var**2 - 3
    assert mass == pytest.approx(1.0, abs=1e-8)
    assert mean == pytest.approx(TRACY_WIDOM_GUE["mean"], abs=1e-6)
    assert var == pytest.approx(TRACY_WIDOM_GUE["variance"], abs=1e-5)
    assert skew == pytest.approx(TRACY_WIDOM_GUE["skewness"], abs=1e-5)
    assert kurt == pytest.approx(TRACY_WIDOM_GUE["excess_kurtosis"], abs=1e-5)
    cdf = tracy_widom_cdf(np.array([-8.0, -2.0, 0.0, 6.0]))
    assert cdf[0] < 1e-15 and cdf[-1] == pytest.approx(1.0, abs=1e-10)
    assert (np.diff(cdf) > 0).all()
    assert isinstance(tracy_widom_cdf(0.0), float)
    assert tracy_widom_cdf(-1e9) == 0.0 and tracy_widom_cdf(1e9) == 1.0
    with pytest.raises(DominoTilingError, match="finite"):
        tracy_widom_pdf(np.array([0.0, np.nan]))
    with pytest.raises(DominoTypeError):
        tracy_widom_cdf("x")


# ------------------------------------------------------------ pictures
def test_pictures():
    import matplotlib.pyplot as plt

    from dominotiling.viz.statistics import draw_double_dimer, draw_height_field, draw_tracy_widom

    t1, t2 = _nested_rings(8)
    ax = draw_double_dimer(
        double_dimer(t1, t2), min_length=12, colorbar=False
    )  # lengths 28, 20, 12, 4
    assert len(ax.collections) == 1 and len(ax.collections[0].get_paths()) == 3
    ax = draw_height_field(height_field(t1))
    assert ax.images[0].get_array().shape == (8, 8)
    ax = draw_tracy_widom(aztec_boundary_fluctuations(12, range(5), progress=False))
    assert len(ax.lines) == 2
    with pytest.raises(DominoTypeError):
        draw_double_dimer(t1)
    with pytest.raises(DominoTilingError):
        draw_height_field(np.zeros(5))
    plt.close("all")


def test_expected_height_field_refuses_what_are_not_placement_probabilities():
    from dominotiling.counting.placement import placement_probabilities
    from dominotiling.errors import DominoTilingError, DominoTypeError
    from dominotiling.statistics import expected_height_field

    with pytest.raises(DominoTypeError, match="probabilities must have"):
        expected_height_field(Region.rectangle(2, 2), None)
    with pytest.raises(DominoTilingError, match="do not belong to this 4 x 4 region"):
        expected_height_field(
            Region.rectangle(4, 4), placement_probabilities(Region.rectangle(2, 4))
        )
