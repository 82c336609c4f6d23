"""Tests of the weighted Markov chains of dominotiling.sampling.mcmc (issue 14).

The laws are checked by chi-square against the weighted measure listed by brute
force (tests/helpers.py): a tiling's weight is the product of its dominoes' weights,
computed here from the raw numpy arrays the weights were made from. The coupling
is also checked against a plain-Python weighted CFTP written below from the coin
rule stated in ``_kernels/cftp.py``.
"""

import importlib.util
import pathlib
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chisquare

from dominotiling import Region, Tiling
from dominotiling.errors import DominoTilingError, DominoTypeError, WeightError
from dominotiling.matching.height import (
    UNDEFINED,
    flip,
    flippable_squares,
    height_function,
    min_tiling,
)
from dominotiling.model.weights import Weights
from dominotiling.sampling import mcmc
from dominotiling.sampling.mcmc import glauber, glauber_frames, sample_cftp

SLANTED = Region.from_strings(["##....", "#.....", "......", ".....#", "....##"])  # 39 tilings
TWO_BLOCKS = Region.from_strings(["...#...", "...#..."])  # disconnected, 3 * 3 tilings
HOLED = Region.from_strings([".....", ".....", "..#..", ".....", "....."])


def glauber_tilings(tiling, **kwargs):
    """The tilings of ``glauber_frames`` (what the deprecated ``glauber(frames=True)`` returned)."""
    return [f.tiling for f in glauber_frames(tiling, **kwargs)]


def _random_arrays(region, rng, kind="gamma"):
    m, n = region.shape
    if kind == "gamma":
        return rng.gamma(1.0, size=(m, n - 1)), rng.gamma(1.0, size=(m - 1, n))
    return rng.uniform(0.5, 2.0, size=(m, n - 1)), rng.uniform(0.5, 2.0, size=(m - 1, n))


def _weight(dominoes, h, v):
    out = 1.0
    for (r, c), (r2, _) in dominoes:
        out *= h[r][c] if r == r2 else v[r][c]
    return out


def _chi_square(region, h, v, draws):
    """p-value of the draws (Tilings) against the weighted measure; rare tilings pooled (expected < 5)."""
    tilings = brute_force_tilings(region.mask)
    weights = np.array([_weight(t, h, v) for t in tilings])
    probs = weights / weights.sum()
    index = {t: k for k, t in enumerate(tilings)}
    counts = Counter()
    n = 0
    for t in draws:
        t.validate()
        assert t.is_complete
        counts[index[dominoes_of(t)]] += 1  # KeyError if it is no tiling of the region
        n += 1
    expected = probs * n
    big = expected >= 5
    observed = [counts[k] for k in np.flatnonzero(big)]
    exp = list(expected[big])
    if (~big).any():
        observed.append(sum(counts[k] for k in np.flatnonzero(~big)))
        exp.append(expected[~big].sum())
    exp = np.array(exp) * (sum(observed) / sum(exp))  # float round-off only
    return chisquare(observed, exp).pvalue


# ----------------------------------------------------------------------- CFTP
@pytest.mark.parametrize(
    "region, n_tilings, seed",
    [
        (Region.rectangle(4, 4), 36, 1),
        (SLANTED, 39, 2),
        (Region.rectangle(3, 6), 41, 3),
        (TWO_BLOCKS, 9, 4),
        (Region.aztec_diamond(3), 64, 5),
    ],
)
def test_cftp_weighted_law_matches_brute_force(region, n_tilings, seed):
    assert len(brute_force_tilings(region.mask)) == n_tilings
    rng = np.random.default_rng(seed)
    h, v = _random_arrays(region, rng)
    w = Weights.from_arrays(h, v)
    draws = (
        sample_cftp(region, seed=rng, progress=False, weights=w) for _ in range(60 * n_tilings)
    )
    assert _chi_square(region, h, v, draws) > 1e-3


def test_cftp_weighted_law_with_strong_orientation_bias():
    # horizontal placements weigh 5: the up/down direction of the coin matters a lot here
    region = Region.rectangle(4, 4)
    w = Weights.by_orientation(region, 5, 1)  # ints, used as floats
    h, v = np.full((4, 3), 5.0), np.ones((3, 4))
    rng = np.random.default_rng(9)
    draws = (sample_cftp(region, seed=rng, progress=False, weights=w) for _ in range(2000))
    assert _chi_square(region, h, v, draws) > 1e-3


def test_cftp_fraction_weights_are_the_float_weights():
    region = SLANTED
    hf = [
        [Fraction(1 + (r * 7 + c) % 5, 3) for c in range(region.shape[1] - 1)]
        for r in range(region.shape[0])
    ]
    vf = [
        [Fraction(1 + (r * 3 + c) % 4, 2) for c in range(region.shape[1])]
        for r in range(region.shape[0] - 1)
    ]
    exact = Weights.from_arrays(hf, vf)
    floats = Weights.from_arrays(np.array(hf, dtype=float), np.array(vf, dtype=float))
    assert exact.kind == "fraction"
    for seed in range(5):
        assert sample_cftp(region, seed=seed, progress=False, weights=exact) == sample_cftp(
            region, seed=seed, progress=False, weights=floats
        )


def test_cftp_uniform_weights_are_bit_identical_to_no_weights():
    for region in (Region.rectangle(10, 10), Region.aztec_diamond(6), SLANTED):
        for w in (
            Weights.uniform(region),
            Weights.by_orientation(region, 1, 1),
            Weights.by_orientation(region, 1.0, 1.0),
        ):
            for seed in (0, 1, 2):
                assert sample_cftp(region, seed=seed, progress=False, weights=w) == sample_cftp(
                    region, seed=seed, progress=False
                )


def test_cftp_equal_weights_not_one_give_the_uniform_law():
    # all weights 2.5: every tiling weighs 2.5**8, so the law is uniform (by the weighted path)
    region = Region.rectangle(4, 4)
    w = Weights.by_orientation(region, 2.5, 2.5)
    rng = np.random.default_rng(13)
    draws = (sample_cftp(region, seed=rng, progress=False, weights=w) for _ in range(36 * 50))
    assert _chi_square(region, np.ones((4, 3)), np.ones((3, 4)), draws) > 1e-3


def test_cftp_weighted_same_seed_same_sample():
    region = Region.rectangle(12, 12)
    w = Weights.random(region, "gamma", seed=0, alpha=1.0)
    a = sample_cftp(region, seed=5, progress=False, weights=w)
    assert a == sample_cftp(region, seed=5, progress=False, weights=w)
    assert a == sample_cftp(region, seed=np.random.default_rng(5), progress=False, weights=w)
    assert len({sample_cftp(region, seed=s, progress=False, weights=w) for s in range(6)}) > 1


def test_cftp_extreme_weights_do_not_overflow():
    # a ratio of 1e600 between the two pairs: no overflow (logs), and the chance is
    # kept inside (0, 1); on the 2x2 square the chains meet at the first coin
    region = Region.rectangle(2, 2)
    for hw, vw, horizontal in ((1e300, 1e-300, True), (1e-300, 1e300, False)):
        w = Weights.by_orientation(region, hw, vw)
        for seed in range(5):
            t = sample_cftp(region, seed=seed, progress=False, weights=w)
            assert (t.labels[0, 0] == t.labels[0, 1]) == horizontal


def test_cftp_refuses_zero_weights_inside_the_region():
    region = Region.rectangle(4, 4)
    h = np.ones((4, 3))
    h[2, 1] = 0.0
    with pytest.raises(WeightError) as info:
        sample_cftp(region, seed=0, weights=Weights.from_arrays(h, np.ones((3, 4))))
    msg = str(info.value)
    assert "(2, 1)" in msg and "horizontal" in msg and "kasteleyn" in msg


def test_cftp_accepts_zero_weights_outside_the_region():
    # placements that touch a blocked cell are not placements of the region
    region = SLANTED
    m = region.mask
    rng = np.random.default_rng(3)
    h, v = _random_arrays(region, rng, "uniform")
    h[~(m[:, :-1] & m[:, 1:])] = 0.0
    v[~(m[:-1, :] & m[1:, :])] = 0.0
    assert (h == 0).any() and (v == 0).any()
    w = Weights.from_arrays(h, v)
    draws = (sample_cftp(region, seed=rng, progress=False, weights=w) for _ in range(39 * 50))
    assert _chi_square(region, h, v, draws) > 1e-3


def test_cftp_weighted_bad_input():
    sympy = pytest.importorskip("sympy")
    region = Region.rectangle(2, 2)
    x = sympy.Symbol("x")
    with pytest.raises(DominoTypeError, match="sample_cftp.*symbolic"):
        sample_cftp(region, seed=0, weights=Weights.by_orientation(region, x, 1))
    with pytest.raises(WeightError, match="shape"):
        sample_cftp(region, seed=0, weights=Weights.uniform((3, 3)))
    with pytest.raises(DominoTypeError):
        sample_cftp(Region.rectangle(2, 4), seed=0, weights=[[1.0]])  # blocks, no diamond
    with pytest.raises(DominoTilingError, match="hole"):
        sample_cftp(HOLED, seed=0, weights=Weights.by_orientation(HOLED, 2.0, 1.0))


# ------------------------------------------- the coupling against a plain-Python weighted CFTP
def _reference():
    path = pathlib.Path(__file__).resolve().parents[1] / "reference" / "cftp.py"
    spec = importlib.util.spec_from_file_location("reference_cftp", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _reference_weighted_cftp(grid, key, h, v):
    """Weighted CFTP by the coin rule of ``_kernels/cftp.py``, one vertex at a time, exact rationals.

    Heads at vertex (i, j) when ``u / 2**53 < W_up / (W_up + W_down)``, ``u`` the top
    53 bits of SplitMix64 output ``((2 s + p) (rows + 1) + i) width + j // 2``; the up
    position is the horizontal pair when ``i + j`` is even (checked on its own in
    :func:`test_up_position_is_horizontal_at_even_vertices`).
    """
    ref = _reference()
    rows, cols = len(grid), len(grid[0])
    width = (cols + 2) // 2
    top, bottom = ref.extreme_heights(grid, 1), ref.extreme_heights(grid, -1)
    inner = [
        [
            (i, j)
            for i in range(1, rows)
            for j in range(1, cols)
            if (i + j) % 2 == p and all(grid[i - a][j - b] for a in (0, 1) for b in (0, 1))
        ]
        for p in (0, 1)
    ]
    chance = {}
    for p in (0, 1):
        for i, j in inner[p]:
            wh = Fraction(h[i - 1][j - 1]) * Fraction(h[i][j - 1])
            wv = Fraction(v[i - 1][j - 1]) * Fraction(v[i - 1][j])
            chance[(i, j)] = wh / (wh + wv) if (i + j) % 2 == 0 else wv / (wh + wv)
    window = 1
    while True:
        hi, lo = dict(top), dict(bottom)
        for s in range(window - 1, -1, -1):
            for p in (0, 1):
                for i, j in inner[p]:
                    u = ref.splitmix64(key, ((2 * s + p) * (rows + 1) + i) * width + j // 2) >> 11
                    heads = Fraction(u, 2**53) < chance[(i, j)]
                    for hh in (hi, lo):
                        nbrs = (hh[(i - 1, j)], hh[(i + 1, j)], hh[(i, j - 1)], hh[(i, j + 1)])
                        x = hh[(i, j)]
                        if heads:
                            hh[(i, j)] = x + 4 * ((min(nbrs) + 3 - x) // 4)
                        else:
                            hh[(i, j)] = x - 4 * ((x - max(nbrs) + 3) // 4)
        if hi == lo:
            return hi
        window *= 2


@pytest.mark.parametrize(
    "region", [Region.rectangle(4, 4), SLANTED, Region.aztec_diamond(4), Region.rectangle(3, 20)]
)
def test_weighted_cftp_matches_plain_python_reference(region):
    rng = np.random.default_rng(21)
    h, v = _random_arrays(region, rng)
    w = Weights.from_arrays(h, v)
    for seed in (0, 1):
        got = height_function(sample_cftp(region, seed=seed, progress=False, weights=w))
        ref = _reference_weighted_cftp(
            region.mask.tolist(), int(mcmc._key(seed)), h.tolist(), v.tolist()
        )
        want = np.full(got.shape, UNDEFINED, dtype=np.int64)
        for (i, j), x in ref.items():
            want[i, j] = x
        np.testing.assert_array_equal(got, want)


def test_up_position_is_horizontal_at_even_vertices():
    # the block centred at an inner vertex (i, j): its horizontal pair gives the larger
    # height there when i + j is even, the vertical pair when i + j is odd
    for rows, cols in ((2, 2), (2, 3), (3, 2), (4, 4), (4, 3), (3, 4)):
        for i in range(1, rows):
            for j in range(1, cols):
                region = Region.rectangle(rows, cols)
                base = (
                    [((r, c), (r + 1, c)) for r in range(0, rows - 1, 2) for c in range(cols)]
                    if rows % 2 == 0
                    else None
                )
                if base is None:
                    base = [
                        ((r, c), (r, c + 1)) for r in range(rows) for c in range(0, cols - 1, 2)
                    ]
                t = Tiling.from_dominoes(region, base)
                blocks = [cell for cell in flippable_squares(t) if tuple(cell) == (i - 1, j - 1)]
                if not blocks:
                    continue
                other = flip(t, blocks[0])
                horiz = t if t.labels[i - 1, j - 1] == t.labels[i - 1, j] else other
                vert = other if horiz is t else t
                up = height_function(horiz)[i, j] > height_function(vert)[i, j]
                assert up == ((i + j) % 2 == 0)


# --------------------------------------------------------------------- Glauber
def test_glauber_weighted_stationary_law():
    region = Region.rectangle(4, 4)
    rng = np.random.default_rng(17)
    h, v = _random_arrays(region, rng, "uniform")
    w = Weights.from_arrays(h, v)
    frames = glauber_tilings(min_tiling(region), steps=3600 * 150, seed=4, every=150, weights=w)
    assert _chi_square(region, h, v, frames[1:]) > 1e-4


def test_glauber_weighted_stationary_law_on_slanted_region():
    region = SLANTED
    rng = np.random.default_rng(18)
    h, v = _random_arrays(region, rng, "uniform")
    w = Weights.from_arrays(h, v)
    start = Tiling.from_dominoes(region, sorted(brute_force_tilings(region.mask)[0]))
    frames = glauber_tilings(start, steps=3900 * 150, seed=5, every=150, weights=w)
    assert _chi_square(region, h, v, frames[1:]) > 1e-4


def test_glauber_weighted_one_step_law_is_the_heat_bath():
    # one step: block b (top-left cell) with chance 1/9; if it holds a parallel pair,
    # the pair becomes horizontal with chance wh / (wh + wv), vertical otherwise
    region = Region.rectangle(4, 4)
    rng = np.random.default_rng(2)
    h, v = _random_arrays(region, rng, "uniform")
    w = Weights.from_arrays(h, v)
    tilings = [Tiling.from_dominoes(region, sorted(d)) for d in brute_force_tilings(region.mask)]
    start = max(tilings, key=lambda t: len(flippable_squares(t)))
    law = Counter()
    for r in range(3):
        for c in range(3):
            if (r, c) not in {tuple(x) for x in flippable_squares(start)}:
                law[start] += Fraction(1, 9)
                continue
            wh = h[r, c] * h[r + 1, c]
            wv = v[r, c] * v[r, c + 1]
            horiz = start.labels[r, c] == start.labels[r, c + 1]
            other = flip(start, (r, c))
            p_h = wh / (wh + wv)
            law[start] += (p_h if horiz else 1 - p_h) / 9
            law[other] += (1 - p_h if horiz else p_h) / 9
    n = 9000
    draws = Counter(glauber(start, steps=1, seed=rng, weights=w) for _ in range(n))
    assert set(draws) <= set(law)
    keys = list(law)
    assert chisquare([draws[t] for t in keys], [float(law[t]) * n for t in keys]).pvalue > 1e-3


def test_glauber_uniform_weights_are_bit_identical_to_no_weights():
    start = min_tiling(Region.rectangle(8, 8))
    for w in (Weights.uniform(start.region), Weights.by_orientation(start.region, 1, 1)):
        assert glauber(start, steps=5000, seed=4, weights=w) == glauber(start, steps=5000, seed=4)
        assert glauber_tilings(start, steps=300, seed=1, every=7, weights=w) == glauber_tilings(
            start, steps=300, seed=1, every=7
        )


def test_glauber_weighted_same_seed_same_run_and_slices(monkeypatch):
    from dominotiling import _interrupt

    start = min_tiling(Region.rectangle(10, 12))
    w = Weights.random(start.region, "lognormal", seed=1, sigma=1.0)
    a = glauber(start, steps=200_000, seed=7, weights=w)
    assert a == glauber(start, steps=200_000, seed=np.random.default_rng(7), weights=w)
    assert a != glauber(start, steps=200_000, seed=7)  # the weights matter
    monkeypatch.setattr(_interrupt, "SLICE_SECONDS", 1e-6)
    assert glauber(start, steps=200_000, seed=7, weights=w) == a


def test_glauber_never_enters_a_zero_weight_placement():
    # a vertical placement in the middle that the start does not use is forbidden:
    # no frame uses it, but the chain still moves
    region = Region.rectangle(4, 4)
    start = min_tiling(region)
    r, c = next(
        (r, c)
        for r in (1, 0, 2)
        for c in (1, 2, 0, 3)
        if start.labels[r, c] != start.labels[r + 1, c]
    )
    v = np.ones((3, 4))
    v[r, c] = 0.0
    w = Weights.from_arrays(np.full((4, 3), 1.5), v)
    frames = glauber_tilings(start, steps=20000, seed=3, every=5, weights=w)
    assert all(f.labels[r, c] != f.labels[r + 1, c] for f in frames)
    assert len(set(frames)) > 5


def test_glauber_weighted_keeps_the_flux_around_a_hole():
    region = HOLED
    listed = brute_force_tilings(region.mask)
    start = Tiling.from_dominoes(region, sorted(listed[0]))
    reach, todo = {start}, [start]
    while todo:
        t = todo.pop()
        for cell in flippable_squares(t):
            u = flip(t, cell)
            if u not in reach:
                reach.add(u)
                todo.append(u)
    w = Weights.random(region, "uniform", seed=2, a=0.5, b=2.0)
    frames = glauber_tilings(start, steps=40000, seed=0, every=10, weights=w)
    assert {dominoes_of(t) for t in frames} <= {dominoes_of(t) for t in reach}
    assert len(reach) < len(listed)


def test_glauber_frames_pass_the_weights():
    start = min_tiling(Region.rectangle(4, 4))
    w = Weights.by_orientation(start.region, 3.0, 1.0)
    frames = glauber_frames(start, steps=100, seed=2, max_frames=5, weights=w)
    assert frames[-1].tiling == glauber(start, steps=100, seed=2, weights=w)


def test_glauber_weighted_bad_input():
    sympy = pytest.importorskip("sympy")
    start = min_tiling(Region.rectangle(2, 2))
    x, y = sympy.symbols("x y")
    with pytest.raises(DominoTypeError, match="glauber.*symbolic"):
        glauber(start, steps=10, weights=Weights.by_orientation(start.region, x, y))
    with pytest.raises(WeightError, match="shape"):
        glauber(start, steps=10, weights=Weights.uniform((2, 3)))
    with pytest.raises(DominoTypeError):  # block weights, but not on a diamond
        glauber(min_tiling(Region.rectangle(2, 4)), steps=10, weights=np.ones((2, 1)))
