"""Limit shapes: the arctic circle, exact expected heights and placement probabilities, log Z, samples, errors.

Every check is against an independent route: the inscribed circle (Jockusch-Propp-Shor),
exact edge probabilities of the Aztec diamond (creation rates) and of other regions
(inverse Kasteleyn matrix), integrated into expected heights along lattice edges by
``expected_height_field`` (itself checked against ``expected_height``, a K^-1 route);
``log_count`` (Kasteleyn determinants); uniform samples by domino shuffling.
"""

import numpy as np
import pytest

from dominotiling import Region, set_options
from dominotiling.aztec.shuffling import sample_aztec
from dominotiling.aztec.weighted import aztec_edge_probabilities
from dominotiling.counting import log_count
from dominotiling.counting.placement import placement_probabilities
from dominotiling.errors import DominoTilingError, NoTilingError, PrecisionError, TooLargeError
from dominotiling.statistics.heights import expected_height
from dominotiling.statistics.heights import expected_height_field as expected_heights
from dominotiling.theory import lobachevsky, uniform_surface_tension
from dominotiling.theory.limit_shape import limit_shape
from dominotiling.theory.variational import (
    build_mesh,
    lobachevsky_fast,
    solve_barrier,
    uniform_sigma,
)


# ----------------------------------------------------------------- independent helpers
def cell_probabilities(probs):
    """Per cell, the probabilities that its domino goes east, west, south, north."""
    H = np.pad(np.nan_to_num(np.asarray(probs.horizontal, float)), ((0, 0), (1, 1)))
    V = np.pad(np.nan_to_num(np.asarray(probs.vertical, float)), ((1, 1), (0, 0)))
    return np.stack([H[:, 1:], H[:, :-1], V[1:, :], V[:-1, :]], axis=-1)


def two_diamonds(n, k):
    """Two Aztec diamonds of order n, the second shifted 2k columns right (their union)."""
    a = Region.aztec_diamond(n).mask
    m = np.zeros((2 * n, 2 * n + 2 * k), bool)
    m[:, : 2 * n] |= a
    m[:, 2 * k : 2 * k + 2 * n] |= a
    return Region.from_mask(m)


def circle_error(curve, n):
    """Max distance of the points from the inscribed circle of the order-n diamond, over its diameter."""
    r = np.hypot(curve[:, 0] - n, curve[:, 1] - n)
    return float(np.abs(r - n / np.sqrt(2)).max() / (np.sqrt(2) * n))


# ----------------------------------------------------------------- the surface tension
def test_fast_sigma_against_the_closed_form_and_finite_differences():
    x = np.linspace(0.01, 3.1, 50)
    assert lobachevsky_fast(x) == pytest.approx(lobachevsky(x), abs=1e-13)
    rng = np.random.default_rng(3)
    a = rng.uniform(-1.95, 1.95, 30)
    b = rng.uniform(-1.95, 1.95, 30)
    v, g, h, _ = uniform_sigma(a, b)
    ref, _, _ = uniform_surface_tension((a + b) / 2, (a - b) / 2)
    assert v == pytest.approx(ref, abs=1e-13)
    e = 1e-6
    ga = (uniform_sigma(a + e, b, "value")[0] - uniform_sigma(a - e, b, "value")[0]) / (2 * e)
    gb = (uniform_sigma(a, b + e, "value")[0] - uniform_sigma(a, b - e, "value")[0]) / (2 * e)
    assert g[:, 0] == pytest.approx(ga, abs=1e-7) and g[:, 1] == pytest.approx(gb, abs=1e-7)
    haa = (uniform_sigma(a + e, b)[1][:, 0] - uniform_sigma(a - e, b)[1][:, 0]) / (2 * e)
    hab = (uniform_sigma(a, b + e)[1][:, 0] - uniform_sigma(a, b - e)[1][:, 0]) / (2 * e)
    hbb = (uniform_sigma(a, b + e)[1][:, 1] - uniform_sigma(a, b - e)[1][:, 1]) / (2 * e)
    assert h[:, 0] == pytest.approx(haa, rel=1e-5, abs=1e-7)
    assert h[:, 1] == pytest.approx(hab, rel=1e-5, abs=1e-7)
    assert h[:, 2] == pytest.approx(hbb, rel=1e-5, abs=1e-7)


# ----------------------------------------------------------------- the arctic circle
def test_aztec_arctic_circle_at_the_default_resolution_and_converging():
    n = 64  # longer side 128 = the default resolution
    fine = limit_shape(Region.aztec_diamond(n))
    coarse = limit_shape(Region.aztec_diamond(n), resolution=32)
    assert fine.resolution == 128 and coarse.resolution == 32
    (curve,) = fine.arctic_curves  # one closed curve
    assert np.allclose(curve[0], curve[-1])
    err_fine = circle_error(curve, n)
    err_coarse = max(circle_error(c, n) for c in coarse.arctic_curves)
    assert err_fine < 0.01
    assert err_fine < err_coarse
    # the frozen mask is the outside of the circle (away from a band of two squares)
    d = fine.delta
    I, J = np.nonzero(fine._mesh.active)
    r = np.hypot((J + 0.5) * d - n, (I + 0.5) * d - n) / (n / np.sqrt(2))
    band = 2 * d / (n / np.sqrt(2))
    assert fine.frozen[I, J][r > 1 + band].all()
    assert not fine.frozen[I, J][r < 1 - band].any()
    assert fine.liquid_fraction == pytest.approx(np.pi / 4, abs=0.02)


def test_aztec_frozen_corners_are_the_four_brick_walls():
    n = 32
    ls = limit_shape(Region.aztec_diamond(n), resolution=64)
    dens = ls.cell_densities()
    # exact edge probabilities name the brick wall of each corner
    exact = cell_probabilities(aztec_edge_probabilities(n))
    for cell in [(3, n), (2 * n - 4, n), (n, 3), (n, 2 * n - 3), (4, n + 1)]:  # both colours
        assert ls.is_frozen_at(cell[0] + 0.5, cell[1] + 0.5)
        assert np.argmax(dens[cell]) == np.argmax(exact[cell])
        assert dens[cell].max() > 0.99


# ----------------------------------------------------------------- exact expectations
def test_expected_heights_of_aztec_diamonds_approach_the_limit_shape_like_one_over_n():
    # orders 50 to 200, each on a mesh of spacing 2 cells (resolution n). At n = 200 a start
    # that averaged 48 offsets of clipped planes once left legs along the frozen corners
    # saturated that no limit shape saturates: fixed there, they made creases (5 arctic
    # curves, heights 2.6 off); the start now averages all offsets
    errors = {}
    for n in (50, 100, 200):
        region = Region.aztec_diamond(n)
        exact = expected_heights(region, aztec_edge_probabilities(n))
        ls = limit_shape(region, resolution=n)
        diff = np.abs(ls.vertex_heights() - exact)
        errors[n] = np.nanmax(diff) / (2 * n)  # in the region scaled to unit size
        assert len(ls.arctic_curves) == 1
    assert errors[200] < 0.7 * errors[100] < 0.7 * 0.7 * errors[50]
    assert max(n * e for n, e in errors.items()) < 1.0  # max error ~ 1 / (2n): one Thurston unit


def test_expected_heights_helper_against_the_inverse_kasteleyn_route():
    region = Region.from_strings(["..#...", "......", "......", "#....."])
    h = expected_heights(region, placement_probabilities(region))
    for v in [(1, 2), (2, 3), (3, 4)]:
        assert h[v] == pytest.approx(expected_height(region, v), abs=1e-9)


@pytest.mark.parametrize("n, k", [(15, 8), (30, 15)])
def test_expected_heights_of_two_diamonds_from_the_inverse_kasteleyn_matrix(n, k):
    region = two_diamonds(n, k)
    exact = expected_heights(region, placement_probabilities(region))
    ls = limit_shape(region)
    diff = np.abs(ls.vertex_heights() - exact)
    assert np.nanmax(diff) < 1.5  # Thurston units, at every vertex
    assert np.nanmean(diff) < 0.3
    assert len(ls.arctic_curves) >= 1 and 0.5 < ls.liquid_fraction < 0.95


def cut_diamond(m):
    """The Aztec diamond of order 2m with its top and bottom m rows cut off (flat sides)."""
    return Region.from_strings(Region.aztec_diamond(2 * m).to_strings()[m : 3 * m])


@pytest.mark.parametrize(
    "shape", [lambda n: two_diamonds(n, n // 2), cut_diamond], ids=["two diamonds", "cut diamond"]
)
def test_expected_heights_of_non_aztec_regions_scale(shape):
    # the same shape at two sizes: the error in the unit-size picture halves
    errs = []
    for n in (12, 24):
        region = shape(n)
        exact = expected_heights(region, placement_probabilities(region))
        errs.append(
            np.nanmax(np.abs(limit_shape(region).vertex_heights() - exact)) / max(region.shape)
        )
    assert errs[1] < 0.7 * errs[0]


def test_type_densities_against_exact_placement_probabilities_in_the_bulk():
    n = 50
    region = Region.aztec_diamond(n)
    ls = limit_shape(region, resolution=100)
    exact = cell_probabilities(aztec_edge_probabilities(n))
    pred = ls.cell_densities()
    I, J = np.mgrid[0 : 2 * n, 0 : 2 * n]
    r = np.hypot(J + 0.5 - n, I + 0.5 - n) / (n / np.sqrt(2))
    bulk = region.mask & (r < 0.7)  # cells of both colours
    err = np.abs(pred[bulk] - exact[bulk])
    assert err.max() < 0.03 and err.mean() < 0.006
    assert pred[bulk].sum(axis=1) == pytest.approx(1.0, abs=1e-12)


# ----------------------------------------------------------------- the free energy
def test_free_energy_against_log_count_for_growing_diamonds():
    gaps = []
    for n in (16, 32, 64):
        region = Region.aztec_diamond(n)
        ls = limit_shape(region, resolution=2 * n)
        gaps.append(abs(ls.free_energy - log_count(region) / region.n_cells))
    assert gaps[2] < 0.6 * gaps[1] < 0.6 * 0.6 * gaps[0]
    assert gaps[2] < 0.004


def test_free_energy_against_log_count_for_growing_two_diamonds():
    gaps = []
    for n in (10, 20, 40):
        region = two_diamonds(n, n // 2)
        gaps.append(abs(limit_shape(region).free_energy - log_count(region) / region.n_cells))
    assert gaps[2] < 0.6 * gaps[1] < 0.6 * 0.6 * gaps[0]


def test_free_energy_of_a_square_tends_to_catalan_over_pi():
    # a square has flat boundary heights: the limit shape is flat and log Z / cells -> G / pi
    ls = limit_shape(Region.rectangle(60, 60))
    assert ls.free_energy == pytest.approx(log_count(Region.rectangle(60, 60)) / 3600, abs=0.01)
    assert not ls.frozen[5:-5, 5:-5].any()


# ----------------------------------------------------------------- samples
def agreement_where_frozen(tiling, ls):
    """Per black cell predicted frozen: is its domino of the type the limit shape predicts there?"""
    lab = tiling.labels
    rows, cols = lab.shape
    I, J = np.nonzero(tiling.region.mask & ((np.indices(lab.shape).sum(axis=0)) % 2 == 0))
    typ = np.full(I.size, -1)
    typ[(J + 1 < cols) & (lab[I, np.minimum(J + 1, cols - 1)] == lab[I, J])] = 0
    typ[(J >= 1) & (lab[I, np.maximum(J - 1, 0)] == lab[I, J])] = 1
    typ[(I + 1 < rows) & (lab[np.minimum(I + 1, rows - 1), J] == lab[I, J])] = 2
    typ[(I >= 1) & (lab[np.maximum(I - 1, 0), J] == lab[I, J])] = 3
    frozen = ls.is_frozen_at(I + 0.5, J + 0.5)
    predicted = np.argmax(ls.cell_densities()[I, J], axis=1)
    assert frozen.sum() > 0.15 * I.size
    return (typ == predicted)[frozen]


def test_samples_freeze_where_predicted():
    n = 300
    ls = limit_shape(Region.aztec_diamond(n), resolution=150)
    assert agreement_where_frozen(sample_aztec(n, seed=7), ls).mean() >= 0.99


@pytest.mark.full  # samples of the two-periodic diamond at scale: pytest --full
def test_two_periodic_samples_freeze_where_predicted():
    # exact samples (generalised domino shuffling) of the order-300 and order-400 diamonds with
    # the weights a = 1, b = 1/2, pooled: the fluctuations of the frozen boundary are of order
    # n^(1/3) cells, so a single sample of order 300 may come close to 0.99 (0.990-0.998 seen)
    from dominotiling.theory import WeightPattern

    agree = []
    for n, seeds in ((300, (0, 1, 2)), (400, (0, 1))):
        ls = limit_shape(
            Region.aztec_diamond(n), weights=WeightPattern.two_periodic(1.0, 0.5), resolution=150
        )
        agree += [
            agreement_where_frozen(sample_aztec(n, seed=seed, weights=(1.0, 0.5)), ls)
            for seed in seeds
        ]
    assert np.concatenate(agree).mean() >= 0.99
    assert min(a.mean() for a in agree) >= 0.98


# ----------------------------------------------------------------- bad input
def test_not_tileable_regions_are_refused():
    with pytest.raises(NoTilingError):
        limit_shape(Region.rectangle(3, 3))
    with pytest.raises(NoTilingError):  # balanced, but each piece is not: no height function
        limit_shape(Region.from_strings([".##", "##."]))


def test_a_region_without_cells_is_refused_as_such():
    # it reported "resolution must be a positive integer, got 0" (0 x 0) or numpy's ValueError
    for mask in (np.zeros((0, 0), bool), np.zeros((1, 5), bool), np.zeros((4, 4), bool)):
        with pytest.raises(DominoTilingError, match="no cell") as err:
            limit_shape(Region.from_mask(mask))
        assert "resolution" not in str(err.value)


def test_holed_regions_need_a_sector_and_flux_needs_holes():
    holed = Region.from_strings(["......", "......", "..##..", "..##..", "......", "......"])
    with pytest.raises(DominoTilingError, match="flux"):
        limit_shape(holed)
    with pytest.raises(DominoTilingError, match="holes"):
        limit_shape(Region.rectangle(4, 4), flux=(0,))
    with pytest.raises(NoTilingError):
        limit_shape(holed, flux=(24,))
    with pytest.raises(DominoTilingError):
        limit_shape(holed, flux="likeliest")


def test_flux_sectors_of_a_ring_against_their_exact_counts():
    from dominotiling.surfaces.flux import count_by_flux

    mask = np.ones((24, 24), bool)
    mask[10:14, 10:14] = False
    ring = Region.from_mask(mask)
    counts = count_by_flux(ring)
    energies = {}
    for f in [(0,), (8,), (-8,), (16,)]:
        ls = limit_shape(ring, flux=f)
        assert ls.flux == f
        energies[f] = ls.free_energy
        assert ls.free_energy == pytest.approx(np.log(float(counts[f])) / ring.n_cells, abs=0.02)
    assert energies[(0,)] > energies[(8,)] > energies[(16,)]
    assert energies[(8,)] == pytest.approx(energies[(-8,)], abs=1e-9)  # the ring's symmetry
    best = limit_shape(ring, flux="most likely")
    assert best.flux == max(counts, key=counts.get)
    # the flux is the height at the top-left corner of the hole (dominotiling.flux's convention)
    assert limit_shape(ring, flux=(8,)).vertex_heights()[10, 10] == pytest.approx(8.0, abs=1e-6)


def test_resolution_over_the_memory_budget_is_refused_before_allocating():
    with set_options(memory_limit="1 MiB"):
        with pytest.raises(TooLargeError, match="resolution"):
            limit_shape(Region.aztec_diamond(100), resolution=200)


def test_bad_arguments():
    with pytest.raises(DominoTilingError):
        limit_shape(Region.aztec_diamond(4), resolution=0)
    with pytest.raises(TypeError):
        limit_shape("not a region")
    with pytest.raises(DominoTilingError):
        limit_shape(Region.aztec_diamond(4), weights=np.array([[1.0, -2.0]]))


def test_a_solver_that_does_not_converge_raises_with_its_residual():
    region = Region.aztec_diamond(10)
    mesh = build_mesh(region, 20)
    from dominotiling.theory.limit_shape import _bounds, _interior_start, _pin_saturated

    upper, lower, seeded = _bounds(region, mesh)
    upper = np.where(mesh.used, upper, 0.0)
    lower = np.where(mesh.used, lower, 0.0)
    free = mesh.used & (upper - lower > 1e-9)
    h0 = _interior_start(mesh, upper, lower, free)
    free = _pin_saturated(mesh, h0, free)
    with pytest.raises(PrecisionError, match="decrement"):
        solve_barrier(mesh, h0, free, max_newton=3)
    from dominotiling.theory import WeightPattern
    from dominotiling.theory.tension_table import periodic_sigma

    sig = periodic_sigma(WeightPattern.two_periodic(1.0, 0.5))
    with pytest.raises(PrecisionError, match=r"decrement per cell is [0-9.e+-]+ at barrier weight"):
        solve_barrier(mesh, h0, free, sig, max_newton=3, stage=sig.stage)


def test_periodic_weights_are_checked():
    from dominotiling import Weights
    from dominotiling.errors import WeightError
    from dominotiling.theory import WeightPattern

    region = Region.aztec_diamond(6)
    same = limit_shape(region, weights=WeightPattern.two_periodic(1.0, 1.0), resolution=12)
    plain = limit_shape(region, resolution=12)
    assert same.weights_kind == "uniform"
    assert np.allclose(same.height, plain.height, equal_nan=True)
    # equal weights c: the uniform shape, log Z higher by (number of dominoes) log c -- exact partition functions
    from dominotiling.aztec.weighted import aztec_partition_function

    half = limit_shape(region, weights=WeightPattern.two_periodic(0.5, 0.5), resolution=12)
    assert np.allclose(half.height, plain.height, equal_nan=True)
    gap = aztec_partition_function(
        6, weights=np.full((2, 2), 0.5), log=True
    ) - aztec_partition_function(6, log=True)
    assert half.free_energy - plain.free_energy == pytest.approx(
        float(gap) / region.n_cells, abs=1e-12
    )
    with pytest.raises(TypeError, match="weights"):
        limit_shape(region, weights="heavy")
    rng = np.random.default_rng(0)
    with pytest.raises(WeightError, match="not periodic"):
        limit_shape(
            region, weights=Weights(rng.uniform(0.5, 2, (12, 11)), rng.uniform(0.5, 2, (11, 12)))
        )


def test_a_resolution_finer_than_the_lattice_is_refused_naming_the_largest():
    with pytest.raises(DominoTilingError, match="at most resolution=8 "):
        limit_shape(Region.aztec_diamond(4), resolution=9)
    assert limit_shape(Region.aztec_diamond(4), resolution=8).resolution == 8


# ----------------------------------------------------------------- periodic weights: the two-periodic diamond
def ray_boundaries(field, centre, scale, angles, lo=0.1, hi=0.25, outward=True):
    """Where ``field**2`` extrapolates linearly to 0 along rays (the square-root law at a phase boundary).

    `field` is sampled on a grid of spacing `scale` (cells) with nodes at ``(i + 1/2) scale``
    (``scale=None``: nodes at integer points); the fit uses the values between `lo` and `hi`
    nearest to the centre (`outward`, a boundary met going out) or farthest from it.
    """
    from scipy.ndimage import map_coordinates

    r = np.arange(0.0, 2 * centre, 0.25)
    out = []
    for th in angles:
        x, y = centre + r * np.cos(th), centre + r * np.sin(th)
        ix, iy = (x, y) if scale is None else (x / scale - 0.5, y / scale - 0.5)
        g = map_coordinates(field, [iy, ix], order=1, mode="nearest")
        idx = np.flatnonzero((g >= lo) & (g <= hi) & (r < 0.95 * centre))
        if idx.size < 3:
            out.append(np.nan)
            continue
        run = (
            idx[idx <= idx[0] + 0.1 * centre / 0.25]
            if outward
            else idx[idx >= idx[-1] - 0.1 * centre / 0.25]
        )
        p = np.polyfit(r[run], g[run] ** 2, 1)
        out.append(-p[1] / p[0])
    return np.array(out)


def diagonal_slopes_of_heights(H):
    """``(a, b) = (s + t, s - t)`` of a vertex height array, by centred differences over two cells, 4x4 averages."""
    from scipy.ndimage import uniform_filter

    s = np.full(H.shape, np.nan)
    t = np.full(H.shape, np.nan)
    s[:, 1:-1] = (H[:, 2:] - H[:, :-2]) / 2
    t[1:-1, :] = (H[2:, :] - H[:-2, :]) / 2
    ok = ~np.isnan(s) & ~np.isnan(t)
    out = []
    for f in (s + t, s - t):
        w = uniform_filter(np.where(ok, f, 0.0), 4)
        m = uniform_filter(ok.astype(float), 4)
        out.append(np.where(m > 0.99, w / np.maximum(m, 1e-9), np.nan))
    return out


@pytest.fixture(scope="module")
def two_periodic_shape():
    from dominotiling.theory import WeightPattern

    return limit_shape(
        Region.aztec_diamond(100), weights=WeightPattern.two_periodic(1.0, 0.5), resolution=100
    )


def test_periodic_sigma_against_the_numerical_surface_tension():
    from dominotiling.theory import WeightPattern, surface_tension
    from dominotiling.theory.tension_table import periodic_sigma

    pattern = WeightPattern.two_periodic(1.0, 0.5)
    sig = periodic_sigma(pattern)
    sig.eps = 0.0  # the cone unsmoothed
    rng = np.random.default_rng(5)
    a = rng.uniform(-1.9, 1.9, 60)
    b = rng.uniform(-1.9, 1.9, 60)
    v, g, h, p = sig(a, b)
    ref = surface_tension(pattern, (a + b) / 2, (a - b) / 2, method="numerical")
    assert v == pytest.approx(ref.value, abs=2e-5)
    gs, gt = ref.gradient[:, 0], ref.gradient[:, 1]
    inner = np.hypot(a, b) > 0.05
    assert g[inner, 0] == pytest.approx(((gs + gt) / 2)[inner], abs=3e-3)
    assert g[inner, 1] == pytest.approx(((gs - gt) / 2)[inner], abs=3e-3)
    assert (h[:, 0] >= 0).all() and (h[:, 0] * h[:, 2] - h[:, 1] ** 2 >= -1e-12).all()
    # the gas point: sigma there is the surface tension of the flat (gaseous) slope, a cone around it
    assert sig.gas_points.tolist() == [[0.0, 0.0]]
    v0 = sig(np.zeros(1), np.zeros(1), "value")[0][0]
    assert v0 == pytest.approx(float(surface_tension(pattern, 0.0, 0.0).value), abs=1e-6)
    r = 1e-3
    th = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    ring = sig(r * np.cos(th), r * np.sin(th), "value")[0]
    assert ((ring - v0) / r > 0.04).all()  # a cone: sigma grows linearly in every direction
    assert np.allclose(p.sum(axis=1), 1.0)


def test_two_periodic_aztec_diamond_has_frozen_liquid_and_gas_phases(two_periodic_shape):
    ls = two_periodic_shape
    n = 100
    assert ls.frozen[0, 50] and ls.frozen[50, 0]  # corners frozen
    assert ls.gaseous[50, 50] and not ls.frozen[50, 50]  # the centre is gas
    assert not ls.gaseous[50, 20] and not ls.frozen[50, 20]  # liquid between
    assert len(ls.gas_curves) == 1 and len(ls.arctic_curves) == 1
    # the slope in the gas region is the gas facet's, (0, 0)
    from scipy.ndimage import binary_erosion

    inner = binary_erosion(
        ls.gaseous, iterations=3
    )  # a few squares off its curve, where the mesh smears the law
    gas_slopes = np.abs(ls.slope[inner]).sum(axis=1)
    assert inner.sum() > 50 and gas_slopes.max() < 0.01
    # against the exact expected heights of the same diamond (edge probabilities by urban renewal)
    probs = aztec_edge_probabilities(n, weights=np.array([[1.0, 0.5], [0.5, 1.0]]))
    exact = expected_heights(ls.region, probs)
    diff = ls.vertex_heights() - exact
    diff -= np.nanmedian(diff)  # the helper's heights start at 0 at the first vertex
    assert np.nanmax(np.abs(diff)) / (2 * n) < 0.01
    # the predicted type densities (means over the fundamental domain) against the exact ones, both
    # averaged over the black cells of 4x4 windows, in the liquid bulk
    from scipy.ndimage import uniform_filter

    black = (np.add.outer(np.arange(2 * n), np.arange(2 * n)) % 2) == 0

    def window_means(f):
        m = uniform_filter(black.astype(float), 4)
        return np.stack(
            [
                uniform_filter(np.where(black, np.nan_to_num(f[..., k]), 0.0), 4)
                / np.maximum(m, 1e-9)
                for k in range(4)
            ],
            axis=-1,
        )

    exact_d = window_means(cell_probabilities(probs))
    pred_d = window_means(ls.cell_densities())
    rows, cols = np.mgrid[8 : 2 * n - 8 : 6, 8 : 2 * n - 8 : 6]
    i, j = rows // 2, cols // 2  # the mesh square of each cell (spacing 2 cells)
    liquid_phase = ~ls.gaseous & ~ls.frozen & np.isfinite(ls.liquidity)
    pick = binary_erosion(liquid_phase, iterations=3)[i, j] & (
        np.nan_to_num(ls.liquidity[i, j]) > 0.4
    )
    assert pick.sum() > 100
    assert np.abs(exact_d[rows[pick], cols[pick]] - pred_d[rows[pick], cols[pick]]).max() < 0.02


def test_two_periodic_phase_boundaries_against_the_exact_diamond_of_order_300(two_periodic_shape):
    # The liquid-gas and liquid-frozen curves against an independent estimate of the
    # boundaries: exact expected heights of the order-300 diamond (edge probabilities by
    # urban renewal, not the variational solver), whose slopes follow the square-root law
    # across a boundary; along rays from the centre |slope|**2 is fitted linearly and
    # extrapolated to 0. Errors are in units of the diameter (2n, the diamond's width).
    ls = two_periodic_shape
    N = 300
    exact = expected_heights(
        Region.aztec_diamond(N),
        aztec_edge_probabilities(N, weights=np.array([[1.0, 0.5], [0.5, 1.0]])),
    )
    A, B = diagonal_slopes_of_heights(exact)
    angles = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    gas_exact = ray_boundaries(np.hypot(A, B), N, None, angles) / (2 * N)
    n = 100
    centre = np.array([n, n])
    curve = ls.gas_curves[0] - centre
    ang = np.arctan2(curve[:, 1], curve[:, 0])
    rad = np.hypot(curve[:, 0], curve[:, 1])
    order = np.argsort(ang)
    gas_pred = np.interp(angles, ang[order], rad[order], period=2 * np.pi) / (2 * n)
    err = np.abs(gas_pred - gas_exact)
    assert np.nanmax(err) < 0.02 and np.isnan(err).sum() == 0
    # and the exact diamond against Chhita-Johansson's curve, with no solver in between
    assert np.abs(chhita_johansson_radii(0.4, angles)[:, 0] / 2 - gas_exact).max() < 0.02
    # the liquid-frozen curve where the frozen corners are thick (within 0.5 rad of the corners)
    corner = np.abs(np.angle(np.exp(4j * angles))) / 4  # the angle to the nearest corner direction
    thick = angles[corner < 0.5]
    liq = 2 - np.maximum(np.abs(A), np.abs(B))
    frozen_exact = ray_boundaries(liq, N, None, thick, outward=False) / (2 * N)
    curve = ls.arctic_curves[0] - centre
    ang = np.arctan2(curve[:, 1], curve[:, 0])
    rad = np.hypot(curve[:, 0], curve[:, 1])
    order = np.argsort(ang)
    frozen_pred = np.interp(thick, ang[order], rad[order], period=2 * np.pi) / (2 * n)
    assert np.nanmax(np.abs(frozen_pred - frozen_exact)) < 0.02
    assert np.abs(chhita_johansson_radii(0.4, thick)[:, 1] / 2 - frozen_exact).max() < 0.01


# ----------------------------------------------------------------- Chhita-Johansson's explicit curve
def chhita_johansson(xi1, xi2, c):
    """Chhita and Johansson's degree-8 curve of the two-periodic Aztec diamond (zero on both boundaries).

    ``c = ab / (a^2 + b^2)`` (their weights ``a`` and ``1``); their coordinates ``xi = (x - y, x + y)``
    turn the diamond ``|x| + |y| <= 1`` into the square ``|xi1|, |xi2| <= 1``. A point is on a phase
    boundary where their saddle-point function ``g(w) = log w - xi2 log G(w) + xi1 log G(1/w)``,
    ``G(w) = (w - sqrt(w^2 + 2c)) / sqrt(2c)`` (S. Chhita, K. Johansson, "Domino statistics of the
    two-periodic Aztec diamond", Adv. Math. 294, 2016) has a double critical point. With
    ``p = w / sqrt(w^2 + 2c)`` and ``q = 1 / sqrt(1 + 2c w^2)``, ``w g'(w) = 0`` is the line
    ``1 + xi2 p + xi1 q = 0`` and ``(p, q)`` runs over the quartic ``q^2 (1 - (1 - 4c^2) p^2) = 1 - p^2``;
    a double root is a tangent line, so the curve is the quartic's dual: degree 12 less 2 for each of
    its two nodes at infinity. It is written out below in ``s = xi1^2 + xi2^2`` and ``m = xi1^2 xi2^2``.
    """
    s, m = xi1**2 + xi2**2, (xi1 * xi2) ** 2
    return (
        ((s - 1) ** 2 - 4 * m) ** 2
        + 4 * c**2 * (3 * (s - 1) ** 3 + 8 * m * s**2 + 4 * m * s - 12 * m - 32 * m**2)
        + 16 * c**4 * (3 * (s - 1) ** 2 + 16 * m**2 - 20 * m * s + 21 * m)
        + 64 * c**6 * (s - 1 - m)
    )


def chhita_johansson_radii(c, angles):
    """Along rays from the centre of the diamond ``|x| + |y| <= 1``: the radii of its gas and frozen boundaries."""
    from scipy.optimize import brentq

    out = np.full((len(angles), 2), np.nan)
    for k, th in enumerate(angles):
        u = np.array(
            [np.cos(th) - np.sin(th), np.cos(th) + np.sin(th)]
        )  # a unit step of x, y in xi
        r = np.linspace(1e-9, (1 - 1e-9) / np.abs(u).max(), 2001)
        f = chhita_johansson(r * u[0], r * u[1], c)
        roots = [
            brentq(lambda t: chhita_johansson(t * u[0], t * u[1], c), r[i], r[i + 1])  # noqa: B023
            for i in np.flatnonzero(np.sign(f[:-1]) != np.sign(f[1:]))
        ]
        out[k, : len(roots)] = (
            roots  # (the frozen curve touches the sides at their midpoints: no root there)
        )
    return out


def test_the_chhita_johansson_curve_as_written_is_the_arctic_circle_at_uniform_weights():
    # c = 1/2 (a = b): the gas boundary shrinks to the centre (a triple point) and the rest is
    # the inscribed circle, xi1^2 + xi2^2 = 1 (Jockusch-Propp-Shor)
    rng = np.random.default_rng(3)
    x1, x2 = rng.uniform(-1, 1, (2, 40))
    s = x1**2 + x2**2
    assert np.allclose(chhita_johansson(x1, x2, 0.5), s**3 * (s - 1))
    # for c < 1/2 each ray meets two boundaries: gas inside, frozen outside; the frozen one
    # touches the sides at their midpoints (angle pi/4 here, radius 1/sqrt(2))
    radii = chhita_johansson_radii(0.4, np.array([0.1, np.pi / 4 - 1e-4, 1.0]))
    assert (0 < radii[:, 0]).all() and (radii[:, 0] < radii[:, 1]).all()
    assert radii[1, 1] == pytest.approx(1 / np.sqrt(2), abs=1e-4)


def _curve_distances(c, ls, kind):
    """Largest distance of Chhita-Johansson's curve from the solver's and back, over the diameter."""
    from scipy.spatial import cKDTree

    n = ls.region.shape[0] / 2
    curves = ls.gas_curves if kind == "gas" else ls.arctic_curves
    angles = np.linspace(
        0, 2 * np.pi, 2880, endpoint=False
    )  # the cusps (multiples of pi/4) included
    r = chhita_johansson_radii(c, angles)[:, 0 if kind == "gas" else 1]
    theirs = np.c_[r * np.cos(angles), r * np.sin(angles)][np.isfinite(r)]
    steps = np.linspace(0, 1, 20)[:, None, None]
    ours = np.vstack(
        [
            (p[:-1] + steps * (p[1:] - p[:-1])).reshape(-1, 2)  # densified: distances to segments
            for p in ((curve - n) / n for curve in curves)
        ]
    )
    return cKDTree(ours).query(theirs)[0].max() / 2, cKDTree(theirs).query(ours)[0].max() / 2


@pytest.mark.full  # the solver on a fine grid: pytest --full
def test_two_periodic_curves_against_chhita_johansson_within_two_percent(two_periodic_shape):
    # a = 1, b = 1/2: c = 2/5. The liquid-gas curve has four cusps (towards the sides'
    # midpoints), which the mesh rounds off: that is the largest distance, and it halves
    # as the resolution doubles; elsewhere the curves agree to about 0.1 % of the diameter.
    c = 0.4
    gas_there, gas_back = _curve_distances(c, two_periodic_shape, "gas")
    frozen_there, frozen_back = _curve_distances(c, two_periodic_shape, "frozen")
    assert max(gas_there, gas_back) < 0.02
    assert max(frozen_there, frozen_back) < 0.01
    from dominotiling.theory import WeightPattern

    finer = limit_shape(
        Region.aztec_diamond(100), weights=WeightPattern.two_periodic(1.0, 0.5), resolution=200
    )
    finer_there, finer_back = _curve_distances(c, finer, "gas")
    assert max(finer_there, finer_back) < 0.01 and finer_there < 0.7 * gas_there


def test_ctrl_c_arrives_within_a_second():
    import _thread
    import threading
    import time

    region = Region.aztec_diamond(100)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    began = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            limit_shape(region, resolution=200)
            time.sleep(30)  # the solve finished first (a very fast machine): still interrupted
    finally:
        timer.cancel()
    assert time.perf_counter() - began < 0.5 + 1.0


def test_a_table_of_sigma_that_misses_the_numerical_values_is_refused(monkeypatch):
    from dominotiling.theory import WeightPattern, tension_table

    coarse = tension_table.PeriodicSigma(WeightPattern.two_periodic(1.0, 0.5), size=8)
    assert coarse.table_error > 1e-6  # a coarse table is measurably off between its nodes
    monkeypatch.setattr(tension_table, "TABLE_TOLERANCE", coarse.table_error / 2)
    with pytest.raises(PrecisionError, match="tabulated surface tension"):
        tension_table.PeriodicSigma(WeightPattern.two_periodic(1.0, 0.5), size=8)


def test_arctic_curves_are_closed_through_the_points_of_contact(two_periodic_shape):
    # The level line breaks where the liquid region touches the diamond's sides; the
    # arctic curve passes through the point of contact, so its pieces are joined: one
    # closed curve, tangent to the four sides of the diamond of order 100 (side
    # midpoints (50, 50), (150, 50), (50, 150), (150, 150) in cells).
    curves = two_periodic_shape.arctic_curves
    assert len(curves) == 1
    c = curves[0]
    assert np.allclose(c[0], c[-1])
    steps = np.hypot(*np.diff(c, axis=0).T)
    assert steps.max() < 8 * two_periodic_shape.delta
    for point in ((50, 50), (150, 50), (50, 150), (150, 150)):
        assert _distance_to_polyline(np.array(point, dtype=float), c) < 2 * two_periodic_shape.delta


def _distance_to_polyline(p, c):
    a, b = c[:-1], c[1:]
    ab = b - a
    t = np.clip(((p - a) * ab).sum(1) / np.maximum((ab * ab).sum(1), 1e-300), 0, 1)
    return np.hypot(*(a + t[:, None] * ab - p).T).min()


def test_join_ends_joins_and_closes_pieces_only_across_small_gaps():
    from dominotiling.theory.limit_shape import _join_ends

    t = np.linspace(0, 2 * np.pi, 200)
    ring = np.stack([np.cos(t), np.sin(t)], 1) * 10
    pieces = [ring[120:195], ring[0:115]]  # two gaps of about 1.6 and 1.9 (ring[199] is ring[0])
    joined = _join_ends(pieces, gap=2.5)
    assert len(joined) == 1 and np.allclose(joined[0][0], joined[0][-1])
    assert len(joined[0]) == 75 + 115 + 1
    apart = _join_ends(pieces, gap=1.0)  # gaps wider than allowed stay open
    assert len(apart) == 2 and not np.allclose(apart[0][0], apart[0][-1])


def test_a_long_limit_shape_says_what_runs(monkeypatch, capsys):
    """The progress line: what runs (the Newton steps), shown once the call has run PROGRESS_DELAY seconds."""
    import time

    from dominotiling import _compile_notice

    monkeypatch.delenv("DOMINOTILING_QUIET", raising=False)
    seen = []

    class Recorder(_compile_notice.ProgressLine):
        def __setattr__(self, name, value):
            if name == "description":
                seen.append(value)
            super().__setattr__(name, value)

    monkeypatch.setattr(_compile_notice, "ProgressLine", Recorder)
    ls = limit_shape(Region.aztec_diamond(60), resolution=60)
    assert seen[0] == "limit shape of a 120x120 region at resolution 60" and ls.residual < 1e-6
    assert seen[-1] == f"{seen[0]}: Newton step {ls.iterations}"
    # the line itself (stderr a terminal): after the delay, with what runs now; in a log no
    # line at all; nothing for progress=False
    monkeypatch.setattr(_compile_notice, "PROGRESS_DELAY", 0.0)
    for terminal in (True, False):
        monkeypatch.setattr(_compile_notice, "_stderr_is_terminal", lambda t=terminal: t)
        with _compile_notice.ProgressLine("a job") as line:
            time.sleep(0.3)
            line.description = "a job: step 2"
            time.sleep(1.5)
        err = capsys.readouterr().err
        if terminal:
            assert "a job" in err and "a job: step 2" in err
        else:
            assert err == ""
    limit_shape(Region.aztec_diamond(20), resolution=20, progress=False)
    assert "limit shape" not in capsys.readouterr().err


@pytest.mark.parametrize("which", ["strip", "ring"])
def test_regions_with_one_tiling_per_sector_are_frozen(which):
    # they were called "100 % liquid": the legs of a width-one region never reach the
    # polygon's boundary, but the boundary heights fix every node
    from dominotiling import count_tilings
    from dominotiling.surfaces.flux import count_by_flux

    if which == "strip":
        region = Region.rectangle(1, 40)
        assert count_tilings(region) == 1
        ls = limit_shape(region)
    else:
        m = np.ones((4, 4), dtype=bool)
        m[1:3, 1:3] = False
        region = Region.from_mask(m)
        assert set(count_by_flux(region).values()) == {1}
        ls = limit_shape(region, flux="most likely")
    assert ls.liquid_fraction == 0.0 and ls.frozen[ls._mesh.active].all()


def test_boundary_cells_of_a_coarse_mesh_have_densities_and_freeze_where_the_exact_measure_does():
    # with squares of two cells, the diamond's outer staircase cells lie in squares whose centre
    # cell is outside: they had NaN densities and were not frozen (exact probability >= 0.9996)
    n = 60
    region = Region.aztec_diamond(n)
    ls = limit_shape(region, resolution=n)
    assert ls.delta == 2.0
    exact = cell_probabilities(aztec_edge_probabilities(n))
    pred = ls.cell_densities()
    I, J = np.nonzero(region.mask)
    assert np.isfinite(pred[I, J]).all()
    assert pred[I, J].sum(axis=1) == pytest.approx(1.0, abs=1e-9)
    surely = exact[I, J].max(axis=1) >= 0.9996  # cells whose domino the exact measure all but fixes
    assert surely.sum() > 4 * n
    assert ls.is_frozen_at(I[surely] + 0.5, J[surely] + 0.5).all()
    # and there the predicted type is the exact one
    assert (pred[I[surely], J[surely]].argmax(1) == exact[I[surely], J[surely]].argmax(1)).all()
    # points outside the region stay unfrozen
    assert not ls.is_frozen_at(0.5, 0.5) and not ls.is_frozen_at(-3.0, 200.0)


@pytest.mark.parametrize("shape", [(60, 80), "plus"])
def test_convex_corners_at_a_mesh_of_single_cells_are_not_frozen(shape):
    # at resolution = the longer side the corner squares, where the boundary's zigzag turns,
    # were frozen ("four frozen corners"); their cells have exact probabilities near 1/2
    if shape == "plus":
        m = np.ones((30, 30), bool)
        m[:10, :10] = m[:10, 20:] = m[20:, :10] = m[20:, 20:] = False
        region = Region.from_mask(m)
    else:
        region = Region.rectangle(*shape)
    exact = cell_probabilities(placement_probabilities(region)).max(axis=-1)
    I, J = np.nonzero(region.mask)
    assert exact[I, J].max() < 0.9  # nothing of these regions is frozen
    ls = limit_shape(region, resolution=max(region.shape))
    assert ls.delta == 1.0
    assert not ls.frozen.any() and ls.liquid_fraction == 1.0 and ls.arctic_curves == []
    assert not ls.is_frozen_at(I + 0.5, J + 0.5).any()


def test_lone_frozen_squares_along_the_arctic_circle_are_dropped_and_the_corners_kept():
    n = 30
    region = Region.aztec_diamond(n)
    ls = limit_shape(region, resolution=2 * n)
    exact = cell_probabilities(aztec_edge_probabilities(n)).max(axis=-1)
    I, J = np.nonzero(region.mask)
    frozen = ls.is_frozen_at(I + 0.5, J + 0.5)
    assert (frozen | (exact[I, J] < 0.9996)).all()  # every all-but-fixed cell is frozen
    # and few frozen cells are far from fixed (lone squares at exact 0.57 to 0.82 were frozen)
    assert (frozen & (exact[I, J] < 0.9)).sum() <= 24
    pad = np.pad(ls.frozen, 1)
    assert not (
        ls.frozen & ~(pad[:-2, 1:-1] | pad[2:, 1:-1] | pad[1:-1, :-2] | pad[1:-1, 2:])
    ).any()
