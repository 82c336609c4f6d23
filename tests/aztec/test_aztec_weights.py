"""Tests of generalized domino shuffling (dominotiling.aztec.weighted, sample_aztec with any weights).

Independent routes: the exact Kasteleyn count with the same weights, the closed
form 2**(n(n+1)/2), placement probabilities from the inverse Kasteleyn matrix,
and distributions listed by brute-force enumeration (tests/helpers.py), with the
weight of a tiling computed here from the Weights' definition.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chi2_contingency, chisquare

import dominotiling.aztec.levels as levels_module
from dominotiling import Region, Weights, count_tilings, random_tiling
from dominotiling.aztec.shuffling import sample_aztec
from dominotiling.aztec.weighted import (
    aztec_block_weights,
    aztec_edge_probabilities,
    aztec_partition_function,
    aztec_weights,
    embed_in_aztec,
)
from dominotiling.counting.placement import placement_probabilities
from dominotiling.errors import (
    DominoTilingError,
    DominoTypeError,
    NoTilingError,
    PrecisionError,
    TooLargeError,
    WeightError,
)


def with_zeros(n, seed, zero_fraction=0.12, top=4):
    """Random integer weights 1..top on the diamond, a fraction of them 0."""
    rng = np.random.default_rng(seed)
    size = 2 * n
    h = rng.integers(1, top + 1, (size, size - 1)) * (rng.random((size, size - 1)) >= zero_fraction)
    v = rng.integers(1, top + 1, (size - 1, size)) * (rng.random((size - 1, size)) >= zero_fraction)
    return Weights.from_arrays(h, v)


def tiling_weight(tiling, w):
    out = 1
    for (r, c), (r2, _c2) in tiling:
        out *= w.horizontal[r, c] if r == r2 else w.vertical[r, c]
    return out


def chi_square(tilings, probs, samples):
    index = {t: k for k, t in enumerate(tilings)}
    counts = np.zeros(len(tilings))
    for s in samples:
        counts[index[dominoes_of(s)]] += 1
    return counts, probs


# ------------------------------------------------------------ partition function
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 12])
def test_unit_weights_give_two_to_the_n_n_plus_one_over_two(n):
    want = 2 ** (n * (n + 1) // 2)
    assert aztec_partition_function(n) == want
    assert aztec_partition_function(n, weights=Weights.uniform(Region.aztec_diamond(n))) == want
    assert aztec_partition_function(n, log=True) == pytest.approx(
        n * (n + 1) / 2 * math.log(2), rel=1e-12
    )


@pytest.mark.parametrize("n", [1, 2, 4, 7, 12])
def test_partition_function_equals_kasteleyn_with_random_integer_weights(n):
    region = Region.aztec_diamond(n)
    w = Weights.random(region, "integers", seed=n, a=1, b=9)
    z = aztec_partition_function(n, weights=w)
    assert type(z) is int
    assert z == count_tilings(region, weights=w, method="kasteleyn")
    wz = with_zeros(n, seed=100 + n)
    assert aztec_partition_function(n, weights=wz) == count_tilings(
        region, weights=wz, method="kasteleyn"
    )


@pytest.mark.parametrize("n, h, v", [(40, 3, 5), (5, 2**60, 1), (30, 2**52 - 1, 2**40 + 3)])
def test_one_periodic_weights_give_the_closed_form(n, h, v):
    # horizontal dominoes weigh h, vertical ones v: Z = (h**2 + v**2)**(n(n+1)/2) (Elkies, Kuperberg,
    # Larsen and Propp); order 40 runs on threads, 2**60 takes the big-integer residues
    w = Weights.by_orientation(Region.aztec_diamond(n), h, v)
    assert aztec_partition_function(n, weights=w) == (h * h + v * v) ** (n * (n + 1) // 2)


def test_a_prime_that_divides_a_delta_is_skipped():
    # every top-level Delta is h**2 + v**2 = 1 + v**2, divisible by p when v**2 = -1 mod p
    import sympy

    from dominotiling.aztec.primes import large_primes

    p = next(q for q in large_primes(12) if q % 4 == 1)
    v = int(sympy.sqrt_mod(-1, p))
    n = 3
    w = Weights.by_orientation(Region.aztec_diamond(n), 1, v)
    assert (1 + v * v) % p == 0
    assert aztec_partition_function(n, weights=w) == (1 + v * v) ** (n * (n + 1) // 2)


def test_zeros_are_exact_limits_not_small_numbers():
    # many zeros: the count is still exact, and 0 exactly when no tiling avoids them
    seen_zero = seen_positive = False
    for seed in range(12):
        n = 4
        w = with_zeros(n, seed=seed, zero_fraction=0.12, top=3)
        z = aztec_partition_function(n, weights=w)
        k = count_tilings(Region.aztec_diamond(n), weights=w, method="kasteleyn")
        assert z == k
        seen_zero |= k == 0
        seen_positive |= k > 0
        assert aztec_partition_function(n, weights=w, log=True) == (
            -math.inf if k == 0 else pytest.approx(math.log(k))
        )
    assert seen_zero and seen_positive


def test_fraction_and_float_weights():
    n = 4
    region = Region.aztec_diamond(n)
    rng = np.random.default_rng(3)
    h = [
        [Fraction(int(x), int(y)) for x, y in zip(*rng.integers(1, 6, (2, 2 * n - 1)))]
        for _ in range(2 * n)
    ]
    v = [
        [Fraction(int(x), int(y)) for x, y in zip(*rng.integers(1, 6, (2, 2 * n)))]
        for _ in range(2 * n - 1)
    ]
    w = Weights.from_arrays(h, v)
    z = aztec_partition_function(n, weights=w)
    assert isinstance(z, Fraction) and z == count_tilings(region, weights=w, method="kasteleyn")
    wf = Weights.random(region, "lognormal", seed=5, sigma=1.0)
    zf = aztec_partition_function(n, weights=wf)
    assert isinstance(zf, float)
    assert zf == pytest.approx(
        float(count_tilings(region, weights=wf, method="kasteleyn")), rel=1e-11
    )


def test_huge_partition_functions_go_through_the_log():
    n = 300
    w = Weights.by_orientation(
        Region.aztec_diamond(n), 1e3, 1e3
    )  # every tiling weighs 1e3**(n(n+1))
    with pytest.raises(Exception, match="log=True"):
        aztec_partition_function(n, weights=w)
    want = n * (n + 1) / 2 * math.log(2) + n * (n + 1) * math.log(1e3)
    assert aztec_partition_function(n, weights=w, log=True) == pytest.approx(want, rel=1e-12)


# ----------------------------------------------------------- edge probabilities
@pytest.mark.parametrize("n, tolerance", [(1, 1e-9), (3, 1e-9), (8, 1e-9), (20, 1e-6)])
def test_edge_probabilities_equal_inverse_kasteleyn(n, tolerance):
    # K^-1 is certified to `tolerance` (order 20 is too ill-conditioned for 1e-9)
    region = Region.aztec_diamond(n)
    w = Weights.random(region, "uniform", seed=n, a=0.2, b=3.0)
    got = aztec_edge_probabilities(n, weights=w)
    want = placement_probabilities(region, exact=False, weights=w, tolerance=tolerance)
    for a, b in zip(got, want):
        assert np.array_equal(np.isnan(a), np.isnan(b))
        assert np.nanmax(np.abs(a - b)) <= tolerance


def test_edge_probabilities_with_zeros_and_uniform_exact():
    n = 6
    region = Region.aztec_diamond(n)
    w = with_zeros(n, seed=11, zero_fraction=0.08)
    assert count_tilings(region, weights=w) > 0
    got = aztec_edge_probabilities(n, weights=w)
    want = placement_probabilities(region, exact=True, weights=w)
    for a, b in zip(got, want):
        for idx, x in np.ndenumerate(b):
            if x is None:
                assert np.isnan(a[idx])
            else:
                assert abs(a[idx] - float(x)) < 1e-12
    assert (got.horizontal[w.horizontal == 0] == 0)[
        ~np.isnan(got.horizontal[w.horizontal == 0])
    ].all()
    uniform = aztec_edge_probabilities(5)
    exact = placement_probabilities(Region.aztec_diamond(5), exact=True)
    assert abs(uniform.vertical[4, 0] - float(exact.vertical[4, 0])) < 1e-14
    # every cell is covered exactly once: the four positions around it add up to 1
    total = np.zeros((2 * n, 2 * n))
    h, v = np.nan_to_num(got.horizontal), np.nan_to_num(got.vertical)
    total[:, :-1] += h
    total[:, 1:] += h
    total[:-1, :] += v
    total[1:, :] += v
    assert np.allclose(total[region.mask], 1.0, atol=1e-12)


@pytest.mark.parametrize("zeros", [False, True])
def test_rebuilt_levels_agree_with_stored_ones(monkeypatch, zeros):
    # small orders keep every level; larger ones rebuild each level from the one below
    # and its saved ring: the same numbers up to rounding
    if zeros:
        emb = embed_in_aztec(Region.rectangle(14, 20))
        n, w = emb.n, emb.weights
    else:
        n = 40
        w = Weights.random(Region.aztec_diamond(n), "gamma", seed=2, alpha=2.0)
    p1 = aztec_edge_probabilities(n, weights=w)
    s1 = sample_aztec(n, seed=3, weights=w)
    monkeypatch.setattr(levels_module, "STORE_ALL_BYTES", 0)
    p2 = aztec_edge_probabilities(n, weights=w)
    s2 = sample_aztec(n, seed=3, weights=w)
    assert np.allclose(p1.horizontal, p2.horizontal, rtol=0, atol=1e-12, equal_nan=True)
    assert np.allclose(p1.vertical, p2.vertical, rtol=0, atol=1e-12, equal_nan=True)
    # the same coins unless a uniform fell within 1e-12 of a threshold (odds below 1e-8)
    assert np.array_equal(s1.labels, s2.labels)


def test_int_and_float_weights_give_the_same_sample():
    # numeric Weights are read straight into face weights, ints as floats
    n = 40
    wi = Weights.random(Region.aztec_diamond(n), "integers", seed=9, a=1, b=7)
    wf = Weights.from_arrays(wi.horizontal.astype(float), wi.vertical.astype(float))
    assert wi.kind == "int" and wf.kind == "float"
    ti, tf = sample_aztec(n, seed=4, weights=wi), sample_aztec(n, seed=4, weights=wf)
    assert np.array_equal(ti.labels, tf.labels)
    # the (n, n, 4) block array takes the periodic route (edge weights renewed per level,
    # another algorithm) with the same random streams: the same tiling, unless a coin
    # fell within rounding of its threshold (odds about 1e-10)
    blocks = aztec_block_weights(n, wi).astype(float)
    assert np.array_equal(sample_aztec(n, seed=4, weights=blocks).labels, ti.labels)


def test_weighted_sample_does_not_depend_on_the_threads(monkeypatch):
    # each row of a stage has its own random stream: rows drawn side by side by
    # several threads (large levels of the rebuilding path) give the same tiling
    import numba

    monkeypatch.setattr(levels_module, "STORE_ALL_BYTES", 0)
    n = 300  # levels of 256 rows and more are shared among the threads
    w = Weights.random(Region.aztec_diamond(n), "gamma", seed=4, alpha=2.0)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = sample_aztec(n, seed=5, weights=w)
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
        many = sample_aztec(n, seed=5, weights=w)
    finally:
        numba.set_num_threads(before)
    assert np.array_equal(one.labels, many.labels)
    assert w.tiling_weight(one) > 0


@pytest.mark.parametrize("levels", [5, 16])
def test_sweeps_of_levels_give_the_same_numbers(monkeypatch, levels):
    # the rebuilt levels run several at a time, rows split among the threads: every face
    # weight comes from the same operations as a level at a time, so the same bits and
    # the same tiling
    monkeypatch.setattr(levels_module, "STORE_ALL_BYTES", 0)
    n = 260
    w = Weights.random(Region.aztec_diamond(n), "lognormal", seed=6, sigma=1.0)
    monkeypatch.setattr(levels_module, "SWEEP_LEVELS", 1)
    p1, s1 = aztec_edge_probabilities(n, weights=w), sample_aztec(n, seed=2, weights=w)
    monkeypatch.setattr(levels_module, "SWEEP_LEVELS", levels)
    p2, s2 = aztec_edge_probabilities(n, weights=w), sample_aztec(n, seed=2, weights=w)
    assert np.array_equal(p1.horizontal, p2.horizontal, equal_nan=True)
    assert np.array_equal(p1.vertical, p2.vertical, equal_nan=True)
    assert np.array_equal(s1.labels, s2.labels)


def test_many_row_chunks_give_the_same_numbers(monkeypatch):
    # the rows of a level or a sweep are split into one chunk per thread; seven chunks
    # (more than this machine's threads) must give what one chunk gives, bit for bit
    import dominotiling._interrupt as interrupt

    monkeypatch.setattr(levels_module, "STORE_ALL_BYTES", 0)
    monkeypatch.setattr(levels_module, "SWEEP_LEVELS", 6)
    n = 300
    w = Weights.random(Region.aztec_diamond(n), "gamma", seed=3, alpha=2.0)
    got = {}
    for chunks in (1, 7):
        monkeypatch.setattr(interrupt, "threads", lambda chunks=chunks: chunks)
        got[chunks] = (
            sample_aztec(n, seed=1, weights=w).labels,
            aztec_edge_probabilities(n, weights=w).vertical,
        )
    assert np.array_equal(got[1][0], got[7][0])
    assert np.array_equal(got[1][1], got[7][1], equal_nan=True)


def test_rebuilt_levels_that_drift_are_refused(monkeypatch):
    monkeypatch.setattr(levels_module, "STORE_ALL_BYTES", 0)
    monkeypatch.setattr(levels_module, "DRIFT_TOL", 0.0)
    w = Weights.random(Region.aztec_diamond(30), "lognormal", seed=1, sigma=2.0)
    with pytest.raises(PrecisionError, match="drifted"):
        aztec_edge_probabilities(30, weights=w)


# -------------------------------------------------------------------- sampling
@pytest.mark.parametrize("n, seed", [(2, 8), (3, 2)])
def test_samples_with_zero_weights_chi_square(n, seed):
    region = Region.aztec_diamond(n)
    w = with_zeros(n, seed=seed, zero_fraction=0.15, top=3)
    tilings = brute_force_tilings(region.mask)
    ws = np.array([tiling_weight(t, w) for t in tilings], dtype=float)
    assert (ws == 0).any() and (ws > 0).sum() >= 4  # zeros matter, and something is left to sample
    rng = np.random.default_rng(seed)
    support = ws > 0
    samples = [sample_aztec(n, seed=rng, weights=w) for _ in range(int(60 * support.sum()))]
    counts, _ = chi_square(tilings, ws, samples)
    assert counts[~support].sum() == 0  # no tiling of weight 0, ever
    p = ws[support] / ws.sum()
    assert chisquare(counts[support], p * counts.sum()).pvalue > 1e-3
    # the test has power: against the uniform measure on the same support it fails
    flat = np.full(support.sum(), counts.sum() / support.sum())
    assert chisquare(counts[support], flat).pvalue < 1e-3


def test_periodic_pattern_and_its_weights_object_sample_alike(monkeypatch):
    """The periodic path's one period per level and the general path's every block agree coin for coin.

    Short periods draw their coins bit-sliced (a stream of their own); with the
    double per hole that the general path draws (``SLICED_PERIODS = 0``) the
    samples are the same tiling.
    """
    import dominotiling.aztec.shuffling as shuffling

    pattern = np.random.default_rng(0).uniform(0.3, 3.0, (2, 3, 4))
    n = 12
    w = aztec_weights(n, pattern)
    assert np.array_equal(aztec_block_weights(n, w), aztec_block_weights(n, pattern))
    b = sample_aztec(n, seed=4, weights=w)  # the general path (every block, every level)
    monkeypatch.setattr(shuffling, "SLICED_PERIODS", 0)
    a = sample_aztec(n, seed=4, weights=pattern)  # the periodic path (one period per level)
    assert np.array_equal(a.labels, b.labels)


def test_periodic_arrays_with_zeros_use_the_limits():
    pattern = np.ones((2, 2, 4))
    pattern[0, 0, 0] = 0.0  # the N half of every (even, even) block is forbidden
    n = 9
    w = aztec_weights(n, pattern)
    for seed in range(5):
        t = sample_aztec(n, seed=seed, weights=pattern)
        t.validate()
        assert w.tiling_weight(t) > 0


def test_block_mapping_by_hand():
    n = 3
    w = Weights.from_function(
        Region.aztec_diamond(n), lambda r, c, o: 1000 * (o == "v") + 10 * r + c
    )
    b = aztec_block_weights(n, w)
    # block (i, j) has top-left cell (i + j, n - 1 + j - i): block (1, 2) -> (3, 3)
    assert b[1, 2].tolist() == [33, 43, 1033, 1034]
    assert b[0, 0].tolist() == [2, 12, 1002, 1003]


# ------------------------------------------------------------------- embedding
def test_embedded_region_samples_like_random_tiling():
    region = Region.from_strings(["...#", "....", "....", "...#"])
    emb = embed_in_aztec(region)
    assert emb.weights.shape == (2 * emb.n, 2 * emb.n)
    tilings = brute_force_tilings(region.mask)
    rng = np.random.default_rng(5)
    m = 40 * len(tilings)
    shuffled = [emb.sample(seed=rng) for _ in range(m)]
    for t in shuffled[:5]:
        assert t.region == region and t.is_complete
    counts, _ = chi_square(tilings, None, shuffled)
    assert chisquare(counts).pvalue > 1e-3  # uniform on the region's tilings
    other, _ = chi_square(tilings, None, [random_tiling(region, seed=rng) for _ in range(m)])
    assert chi2_contingency(np.vstack([counts, other])).pvalue > 1e-3


def test_embedded_weighted_region():
    region = Region.rectangle(3, 4)
    w = Weights.random(region, "integers", seed=2, a=1, b=4)
    emb = embed_in_aztec(region, weights=w)
    assert aztec_partition_function(emb.n, weights=emb.weights) == count_tilings(region, weights=w)
    tilings = brute_force_tilings(region.mask)
    ws = np.array([tiling_weight(t, w) for t in tilings], dtype=float)
    rng = np.random.default_rng(8)
    counts, _ = chi_square(tilings, ws, [emb.sample(seed=rng) for _ in range(60 * len(tilings))])
    assert chisquare(counts, ws / ws.sum() * counts.sum()).pvalue > 1e-3


def test_zeros_that_leave_no_tiling_are_found_as_the_exact_count_says():
    # the sampler and the edge probabilities read "no tiling" off the limit measure;
    # the exact weighted count (Kasteleyn) is the independent judge
    kinds = set()
    for seed in range(40):
        n = 3 + seed % 4
        w = Weights.random(Region.aztec_diamond(n), "bernoulli", seed=seed, a=1, b=0, p=0.92)
        tileable = count_tilings(Region.aztec_diamond(n), weights=w) > 0
        kinds.add(tileable)
        for call in (
            lambda: sample_aztec(n, seed=seed, weights=w),  # noqa: B023 -- called in this iteration
            lambda: aztec_edge_probabilities(n, weights=w),  # noqa: B023
        ):
            if tileable:
                call()
            else:
                with pytest.raises(NoTilingError, match="zeros leave no tiling"):
                    call()
    assert kinds == {True, False}


def test_large_embedding_samples_its_region():
    # a big forced filling: the zeros' degrees grow with the order (the edge
    # weights' urban renewal over- or underflows here; the face weights do not)
    mask = np.ones((160, 200), bool)  # in a diamond of order 180
    mask[40:60, 50:70] = False
    mask[100:120, 120:140] = False
    region = Region(mask)
    emb = embed_in_aztec(region)
    tiling = emb.sample(seed=3)
    assert tiling.region == region and tiling.is_complete
    tiling.validate()


def test_embedding_errors():
    with pytest.raises(NoTilingError):
        embed_in_aztec(Region.rectangle(3, 3))
    with pytest.raises(DominoTilingError, match="max_order"):
        embed_in_aztec(Region.rectangle(2, 8), max_order=4)
    from dominotiling import Tiling

    emb = embed_in_aztec(Region.rectangle(2, 2))
    assert (emb.n, emb.offset) == (2, (1, 1))
    rows = [
        ((0, 1), (0, 2)),
        ((1, 0), (1, 1)),
        ((1, 2), (1, 3)),
        ((2, 0), (2, 1)),
        ((2, 2), (2, 3)),
        ((3, 1), (3, 2)),
    ]
    across = Tiling.from_dominoes(
        Region.aztec_diamond(2), rows
    )  # (1, 0)-(1, 1) crosses into the region
    with pytest.raises(DominoTilingError, match="boundary"):
        emb.restrict(across)


def test_restrict_refuses_what_is_not_a_tiling_of_its_diamond():
    # a tiling of another region was cut with the diamond's offsets (numpy's broadcasting
    # ValueError for a small one, a false "across the boundary" for a 4 x 4 square), and
    # None was read as a tiling (AttributeError)
    from dominotiling import Tiling, find_tiling

    emb = embed_in_aztec(Region.rectangle(2, 2))
    assert emb.n == 2
    with pytest.raises(DominoTypeError, match="must be a Tiling"):
        emb.restrict(None)
    for other in (Region.rectangle(2, 2), Region.rectangle(4, 4), Region.aztec_diamond(3)):
        with pytest.raises(DominoTilingError, match="Aztec diamond of order 2"):
            emb.restrict(find_tiling(other))
    inside = Tiling.from_dominoes(
        Region.aztec_diamond(2),
        [((0, 1), (0, 2)), ((1, 0), (2, 0)), ((1, 3), (2, 3)), ((3, 1), (3, 2))]
        + [((1, 1), (1, 2)), ((2, 1), (2, 2))],
    )
    assert emb.restrict(inside).region == Region.rectangle(2, 2)


# ------------------------------------------------------------------- bad input
def test_bad_input():
    n = 3
    region = Region.aztec_diamond(n)
    with pytest.raises(DominoTilingError, match="non-negative"):
        aztec_partition_function(n, weights=np.array([[1.0, -1.0], [1.0, 1.0]]))
    with pytest.raises(DominoTilingError, match="non-negative"):
        aztec_edge_probabilities(n, weights=(1.0, math.nan))
    with pytest.raises(WeightError):
        aztec_partition_function(n, weights=Weights.uniform((4, 4)))  # the order-2 shape
    import sympy

    with pytest.raises(DominoTypeError):
        aztec_partition_function(n, weights=Weights.by_orientation(region, sympy.Symbol("x"), 1))
    with pytest.raises(DominoTypeError):
        aztec_partition_function(n, weights=3.5)
    dead = Weights.from_arrays(np.zeros((6, 5), int), np.ones((5, 6), int))
    dead_h = Weights.from_arrays(np.ones((6, 5), int), np.ones((5, 6), int) * 0)
    assert aztec_partition_function(n, weights=dead_h) == 1  # the all-horizontal tiling
    with pytest.raises(NoTilingError, match="zeros leave no tiling"):
        sample_aztec(n, weights=Weights.from_arrays(np.zeros((6, 5), int), np.eye(5, 6, dtype=int)))
    with pytest.raises(NoTilingError, match="zeros leave no tiling"):
        aztec_edge_probabilities(
            n, weights=Weights.from_arrays(np.zeros((6, 5), int), np.eye(5, 6, dtype=int))
        )
    assert aztec_partition_function(n, weights=dead) == 1
    with pytest.raises(TooLargeError, match="memory budget"):
        aztec_edge_probabilities(10**6)
    with pytest.raises(TooLargeError, match="memory budget"):
        aztec_partition_function(10**6)
    with pytest.raises(WeightError, match="too uneven"):
        aztec_edge_probabilities(30, weights=(1.0, 1e-200))


# -------------------------------------------------------------------- pictures
def test_pictures_of_edge_probabilities_and_weights():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from dominotiling.viz.aztec_weights import (
        draw_block_weights,
        draw_edge_probabilities,
        type_probabilities,
    )

    n = 7
    w = with_zeros(n, seed=11, zero_fraction=0.05)
    probs = aztec_edge_probabilities(n, weights=w)
    types = type_probabilities(probs)
    mask = Region.aztec_diamond(n).mask
    assert np.allclose(types.sum(axis=0)[mask], 1.0) and (types.sum(axis=0)[~mask] == 0).all()
    # the north corner is frozen north: its top cells are covered by north dominoes
    uniform = type_probabilities(aztec_edge_probabilities(30))
    assert uniform[0, 0, 29] > 0.999 and uniform[1, 59, 30] > 0.999
    ax = draw_edge_probabilities(probs)
    assert len(ax.images) == 1
    ax = draw_edge_probabilities(probs, style="horizontal")
    assert len(ax.images) == 1
    ax = draw_block_weights(n, w)
    assert len(ax.images) in (1, 2)
    with pytest.raises(DominoTilingError):
        draw_edge_probabilities(placement_probabilities(Region.rectangle(2, 4), exact=False))
    with pytest.raises(DominoTypeError):
        draw_edge_probabilities([1, 2])
    plt.close("all")
