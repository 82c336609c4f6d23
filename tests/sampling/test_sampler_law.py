"""The law of the float samplers at scale (issue 26), not only on small regions.

Each test draws a batch from a sampler and compares the mean number of
horizontal dominoes with its exact value from an independent route -- the
creation-rate recurrence of :func:`aztec_edge_probabilities` for Aztec diamonds,
central differences of ``log Z`` by SuperLU (scipy) for other regions, the
product formula of the torus -- by ``z = (mean - exact) / (sd / sqrt(n))``. And
it counts refusals: a sampler may refuse only before its first random choice,
the same way for every seed, leaving the generator untouched.
"""

import math

import numpy as np
import pytest

from dominotiling import Region, Weights, random_tiling
from dominotiling.aztec.weighted import aztec_edge_probabilities, aztec_weights, sample_embedded
from dominotiling.errors import PrecisionError
from dominotiling.sampling import choose_sampler
from dominotiling.sampling.kasteleyn import sample_kasteleyn

Z_MAX = 4.0


def _horizontal(tiling):
    return tiling.n_dominoes - int(np.asarray(tiling.orientations()).sum())


def _z(values, exact, exact_error=0.0):
    values = np.asarray(values, dtype=float)
    se = values.std(ddof=1) / math.sqrt(len(values))
    z = (values.mean() - exact) / math.hypot(se, exact_error)
    print(f"n = {len(values)}, mean {values.mean():.2f}, exact {exact:.2f}, z = {z:.2f}")
    return z


def _holed_square(side, seed):
    """A side x side square less 1 % of its cells (as many of each colour), tileable."""
    from dominotiling import is_tileable

    rng = np.random.default_rng(seed)
    rows, cols = np.indices((side, side))
    black = np.flatnonzero((rows + cols) % 2 == 0)
    white = np.flatnonzero((rows + cols) % 2 == 1)
    holes = side * side // 100
    while True:
        mask = np.ones(side * side, dtype=bool)
        mask[rng.choice(black, holes // 2, replace=False)] = False
        mask[rng.choice(white, holes // 2, replace=False)] = False
        region = Region.from_mask(mask.reshape(side, side))
        if is_tileable(region):
            return region


def _log_normal(region, sigma, seed):
    if sigma == 0:
        return None
    rng = np.random.default_rng(seed)
    m, n = region.shape
    return Weights.from_arrays(
        np.exp(sigma * rng.standard_normal((m, n - 1))),
        np.exp(sigma * rng.standard_normal((m - 1, n))),
    )


def _lu_log_z(region, h, v):
    """``log Z`` by SuperLU's sparse LU (COLAMD) of the real Kasteleyn matrix with weights h, v."""
    from dominotiling.counting.kasteleyn import _lu_log_abs_det, mask_matrix

    top = max(h.max(), v.max())
    a = mask_matrix(region.mask, "real", (h / top, v / top)).tocsc()
    return _lu_log_abs_det(a, "COLAMD") + region.n_cells // 2 * math.log(top)


def _mean_horizontal_by_lu(region, weights):
    """``E[#horizontal] = d log Z(e**t h, v) / dt`` at 0: Richardson's central differences of SuperLU log-dets.

    Returns ``(value, error)``, the error from the difference of the two step sizes.
    """
    m, n = region.shape
    if weights is None:
        h, v = np.ones((m, n - 1)), np.ones((m - 1, n))
    else:
        h, v = (np.asarray(x, dtype=float) for x in weights.as_float())

    def d(eps):
        return (
            _lu_log_z(region, h * math.exp(eps), v) - _lu_log_z(region, h * math.exp(-eps), v)
        ) / (2 * eps)

    d1, d2 = d(0.02), d(0.04)
    return (4 * d1 - d2) / 3, abs(d1 - d2)


# --------------------------------------------------- Aztec diamonds taken as regions
@pytest.mark.parametrize("order", [56, 64])
def test_two_periodic_aztec_region_by_random_tiling_has_the_exact_mean(order):
    region = Region.aztec_diamond(order)
    weights = aztec_weights(order, (1.0, 0.5))
    assert choose_sampler(region, weights=weights) == "shuffling"  # not the Kasteleyn route
    exact = float(np.nansum(aztec_edge_probabilities(order, weights=weights).horizontal))
    rng = np.random.default_rng(order)
    draws = [random_tiling(region, seed=rng, weights=weights) for _ in range(40)]
    assert all(t.is_complete and t.region == region for t in draws)
    assert abs(_z([_horizontal(t) for t in draws], exact)) < Z_MAX


@pytest.mark.parametrize("order, pattern", [(56, (1.0, 0.5)), (66, None)])
def test_kasteleyn_sampler_refuses_frozen_aztec_regions_before_drawing(order, pattern):
    # the regime where earlier versions returned biased tilings (z = -9 at order 56)
    region = Region.aztec_diamond(order)
    weights = None if pattern is None else aztec_weights(order, pattern)
    for seed in range(3):
        rng = np.random.default_rng(seed)
        before = rng.bit_generator.state
        with pytest.raises(PrecisionError, match="before any random choice"):
            sample_kasteleyn(region, seed=rng, weights=weights)
        assert rng.bit_generator.state == before  # not a single random number used


def test_kasteleyn_sampler_on_a_small_two_periodic_aztec_region_has_the_exact_mean():
    # below the frozen regime the Kasteleyn route passes its condition test
    order = 20
    region = Region.aztec_diamond(order)
    weights = aztec_weights(order, (1.0, 0.5))
    exact = float(np.nansum(aztec_edge_probabilities(order, weights=weights).horizontal))
    rng = np.random.default_rng(1)
    values = [_horizontal(sample_kasteleyn(region, seed=rng, weights=weights)) for _ in range(60)]
    assert abs(_z(values, exact)) < Z_MAX


# ---------------------------------------------- squares with 1 % holes and weights
# (side, sigma, refused): refused where the condition test cannot certify the region
SQUARES = [
    (100, 0, False),
    (100, 1, False),
    (100, 2, False),
    (100, 3, True),
    (200, 0, False),
    (200, 1, True),
    (200, 2, True),
    (200, 3, True),
]


@pytest.mark.parametrize("side, sigma, refused", SQUARES)
def test_holed_squares_with_log_normal_weights(side, sigma, refused):
    region = _holed_square(side, seed=side)
    weights = _log_normal(region, sigma, seed=side + sigma)
    assert choose_sampler(region, weights=weights) == "kasteleyn"
    rng = np.random.default_rng(sigma)
    if refused:
        before = rng.bit_generator.state
        with pytest.raises(PrecisionError, match="before any random choice"):
            random_tiling(region, seed=rng, weights=weights)
        assert rng.bit_generator.state == before
        return
    # 40 draws (200 x 200: about 1 s each once the region is certified)
    draws = [random_tiling(region, seed=rng, weights=weights) for _ in range(40)]  # no refusal
    assert all(t.is_complete for t in draws)
    exact, error = _mean_horizontal_by_lu(region, weights)
    assert error < 0.5
    assert abs(_z([_horizontal(t) for t in draws], exact, error)) < Z_MAX


# ------------------------------------------------------------ the other float samplers
def test_generalized_shuffling_with_extreme_weights_has_the_exact_mean():
    # a 60 x 60 square (no holes) with log-normal weights, sigma = 3, embedded in a diamond
    region = Region.rectangle(60, 60)
    weights = _log_normal(region, 3, seed=7)
    assert choose_sampler(region, weights=weights) == "embedding"
    from dominotiling.aztec.weighted import embed_in_aztec

    emb = embed_in_aztec(region, weights=weights)
    probs = aztec_edge_probabilities(emb.n, weights=emb.weights).horizontal
    r0, c0 = emb.offset
    exact = float(np.nansum(probs[r0 : r0 + 60, c0 : c0 + 59]))
    rng = np.random.default_rng(3)
    values = [_horizontal(sample_embedded(region, seed=rng, weights=weights)) for _ in range(40)]
    assert abs(_z(values, exact)) < Z_MAX


def test_torus_sampler_has_the_exact_mean():
    # horizontal dominoes of the 20 x 20 torus: by its quarter-turn symmetry the mean
    # is exactly half of the 200 dominoes
    from dominotiling.surfaces.sampling import sample_surface

    torus = Region.torus(20, 20)
    rng = np.random.default_rng(0)
    values = [_horizontal(sample_surface(torus, seed=rng, method="kasteleyn")) for _ in range(40)]
    assert abs(_z(values, 100.0)) < Z_MAX


def test_monomer_dimer_sampler_has_the_exact_mean_number_of_monomers():
    # 10 x 40, monomer weight 1/2: E[monomers] = x P'(x) / P(x) from the exact
    # generating polynomial P (sympy), against float samples
    import sympy

    from dominotiling.counting.monomer_dimer import count_monomer_dimer, sample_monomer_dimer

    region = Region.rectangle(10, 40)
    x = sympy.Symbol("x")
    poly = sympy.Poly(count_monomer_dimer(region, monomer_weight=x), x)
    half = sympy.Rational(1, 2)
    exact = float(half * poly.diff(x).eval(half) / poly.eval(half))
    rng = np.random.default_rng(4)
    values = [
        sample_monomer_dimer(region, seed=rng, monomer_weight=0.5).n_uncovered for _ in range(40)
    ]
    assert abs(_z(values, exact)) < Z_MAX


def test_sector_sampler_has_the_exact_mean():
    # a 40 x 40 square with two single-cell holes of opposite colours, by flux sectors
    from dominotiling.surfaces.flux import sample_sectors

    mask = np.ones((40, 40), dtype=bool)
    mask[13, 13] = mask[26, 27] = False
    region = Region.from_mask(mask)
    exact, error = _mean_horizontal_by_lu(region, None)
    rng = np.random.default_rng(8)
    values = [_horizontal(sample_sectors(region, seed=rng)) for _ in range(40)]
    assert abs(_z(values, exact, error)) < Z_MAX


# ------------------------------------------- shuffling's placement frequencies at scale
def _placements(tiling):
    """Bool arrays (horizontal by left cell, vertical by top cell) of the dominoes of `tiling`."""
    lab = np.asarray(tiling.labels)
    return (lab[:, :-1] == lab[:, 1:]) & (lab[:, :-1] >= 0), (lab[:-1] == lab[1:]) & (lab[:-1] >= 0)


def _statistics(n):
    """Two 0/1 weightings of the placements of the order-n diamond, neither symmetric under its rotations.

    The horizontal dominoes whose left cell is in the upper-left quarter, and the
    vertical dominoes whose top cell is within n / 2 of the centre.
    """
    rows, cols = np.indices((2 * n, 2 * n))
    quarter = ((rows < n) & (cols < n))[:, :-1]
    disk = ((rows - n + 0.5) ** 2 + (cols - n + 0.5) ** 2 < (n / 2) ** 2)[:-1]
    return quarter, disk


@pytest.mark.parametrize("weights", [None, (1.0, 0.5)])
def test_shuffling_placement_frequencies_at_order_200_match_edge_probabilities(weights):
    # 200 samples of order 200 (issue 42): the placement counts summed over two regions
    # against the exact edge probabilities (Propp's creation rates, an independent route)
    n, m = 200, 200
    from dominotiling.aztec.shuffling import sample_aztec

    quarter, disk = _statistics(n)
    rng = np.random.default_rng(42)
    counts_h, counts_v = np.zeros(quarter.shape), np.zeros(disk.shape)
    s1, s2 = [], []
    for _ in range(m):
        h, v = _placements(sample_aztec(n, seed=rng, weights=weights))
        counts_h += h
        counts_v += v
        s1.append(int(h[quarter].sum()))
        s2.append(int(v[disk].sum()))
    exact = aztec_edge_probabilities(n, weights=weights)
    ph, pv = np.nan_to_num(exact.horizontal), np.nan_to_num(exact.vertical)
    assert counts_h.sum() + counts_v.sum() == m * n * (n + 1)
    assert not counts_h[ph == 0].any() and not counts_v[pv == 0].any()  # never an impossible one
    assert abs(_z(s1, float(ph[quarter].sum()))) < Z_MAX
    assert abs(_z(s2, float(pv[disk].sum()))) < Z_MAX
    # power: the same frequencies against a measure that favours horizontal dominoes by 3 %
    # (weights 1.03 on the N and S halves of every block) are far off
    biased = (
        np.ones((1, 1, 4))
        if weights is None
        else np.repeat(np.array([[1.0, 0.5], [0.5, 1.0]])[:, :, None], 4, axis=2)
    )
    biased[:, :, :2] *= 1.03
    other = np.nan_to_num(aztec_edge_probabilities(n, weights=biased).horizontal)
    assert abs(_z(s1, float(other[quarter].sum()))) > 2 * Z_MAX
