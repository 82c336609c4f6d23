"""Tests of dominotiling.sampling.mcmc: coupling from the past and Glauber dynamics.

Uniformity is checked by chi-square against the brute-force list of tilings
(tests/helpers.py); the coupling itself against the plain-Python reference in
tests/reference/cftp.py, a separate implementation of the same coins.
"""

import importlib.util
import pathlib
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chisquare

from dominotiling import DominoTilingError, Region, Tiling
from dominotiling.matching.height import (
    UNDEFINED,
    flip,
    flippable_squares,
    height_function,
    min_tiling,
)
from dominotiling.sampling import mcmc
from dominotiling.sampling.mcmc import glauber, glauber_frames, sample_cftp

SLANTED = Region.from_strings(["##....", "#.....", "......", ".....#", "....##"])  # 39 tilings
HOLED = Region.from_strings([".....", ".....", "..#..", ".....", "....."])


def glauber_tilings(tiling, **kwargs):
    """The tilings of ``glauber_frames`` (what the deprecated ``glauber(frames=True)`` returned)."""
    return [f.tiling for f in glauber_frames(tiling, **kwargs)]


def _reference():
    path = pathlib.Path(__file__).resolve().parents[1] / "reference" / "cftp.py"
    spec = importlib.util.spec_from_file_location("reference_cftp", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _chi_square_uniform(region, draw, per_class):
    """Draw per_class * (number of tilings) samples with `draw()`; return the p-value."""
    tilings = brute_force_tilings(region.mask)
    index = {t: k for k, t in enumerate(tilings)}
    counts = Counter()
    for _ in range(per_class * len(tilings)):
        t = draw()
        t.validate()
        assert t.is_complete
        counts[index[dominoes_of(t)]] += 1  # KeyError if it is no tiling of the region
    observed = [counts[k] for k in range(len(tilings))]
    return chisquare(observed).pvalue


# ----------------------------------------------------------------------- CFTP
@pytest.mark.parametrize("region, expected", [(Region.rectangle(4, 4), 36), (SLANTED, 39)])
def test_cftp_uniform(region, expected):
    assert len(brute_force_tilings(region.mask)) == expected
    rng = np.random.default_rng(20240601)
    p = _chi_square_uniform(region, lambda: sample_cftp(region, seed=rng, progress=False), 50)
    assert p > 1e-3


def test_cftp_uniform_on_disconnected_region():
    # two 2x3 blocks apart, no hole: 3 * 3 tilings, each piece sampled by the same chains
    region = Region.from_strings(["...#...", "...#..."])
    rng = np.random.default_rng(7)
    p = _chi_square_uniform(region, lambda: sample_cftp(region, seed=rng, progress=False), 60)
    assert p > 1e-3


@pytest.mark.parametrize(
    "region",
    [
        Region.rectangle(4, 4),
        SLANTED,
        Region.aztec_diamond(5),
        Region.rectangle(3, 140),
        Region.rectangle(130, 2),
        Region.from_strings(["..##", "..##", "##..", "##.."]),
    ],
)
def test_cftp_matches_plain_python_reference(region):
    # the same key gives the same height function in the independent implementation,
    # including rows of more than 64 vertices of one parity (several coin words)
    ref = _reference()
    for seed in (0, 1):
        h = height_function(sample_cftp(region, seed=seed, progress=False))
        got = ref.cftp_heights(region.mask.tolist(), int(mcmc._key(seed)))
        want = np.full(h.shape, UNDEFINED, dtype=np.int64)
        for (i, j), v in got.items():
            want[i, j] = v
        np.testing.assert_array_equal(h, want)


def test_splitmix64_known_values():
    # the first outputs of SplitMix64 seeded with 0, as published with the generator
    from dominotiling._kernels.cftp import splitmix64

    want = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert [_reference().splitmix64(0, c) for c in range(3)] == want
    assert [int(splitmix64(np.uint64(0), np.uint64(c))) for c in range(3)] == want
    key = 0xFEDCBA9876543210
    assert int(splitmix64(np.uint64(key), np.uint64(10**12))) == _reference().splitmix64(
        key, 10**12
    )


def test_cftp_same_seed_same_sample_and_seeds_differ():
    region = Region.rectangle(10, 10)
    a = sample_cftp(region, seed=5, progress=False)
    assert a == sample_cftp(region, seed=5, progress=False)
    assert a == sample_cftp(region, seed=np.random.default_rng(5), progress=False)
    others = {sample_cftp(region, seed=s, progress=False) for s in range(6, 12)}
    assert len(others | {a}) > 1


def test_cftp_larger_sample_is_a_tiling():
    t = sample_cftp(Region.aztec_diamond(20), seed=3, progress=False)
    t.validate()
    assert t.is_complete and t.n_dominoes == 20 * 21  # 2n(n+1) cells


def test_cftp_single_tiling_region():
    region = Region.rectangle(1, 6)
    t = sample_cftp(region, seed=0)
    assert dominoes_of(t) == brute_force_tilings(region.mask)[0]


def test_cftp_holes_error_names_alternatives():
    with pytest.raises(DominoTilingError) as err:
        sample_cftp(HOLED, seed=0)
    msg = str(err.value)
    assert "hole" in msg and "glauber" in msg and "random_tiling" in msg


def test_cftp_untileable_region():
    with pytest.raises(DominoTilingError, match="no domino tiling"):
        sample_cftp(Region.rectangle(3, 3), seed=0)
    with pytest.raises(TypeError):
        sample_cftp("....", seed=0)


def test_cftp_small_runs_are_silent(capfd):
    rng = np.random.default_rng(0)
    for _ in range(200):
        sample_cftp(Region.rectangle(6, 6), seed=rng)  # progress=True by default
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_cftp_progress_bar_shows_on_long_runs(capfd, monkeypatch):
    monkeypatch.setattr(mcmc, "_PROGRESS_WAIT", 0.0)  # every run counts as long
    monkeypatch.setattr(mcmc, "_CHUNK_UPDATES", 100)
    sample_cftp(Region.rectangle(12, 12), seed=1)
    _, err = capfd.readouterr()
    assert "CFTP" in err and "sweep" in err


# --------------------------------------------------------------------- Glauber
def _tilings_as_objects(region):
    return [Tiling.from_dominoes(region, sorted(d)) for d in brute_force_tilings(region.mask)]


def test_glauber_transition_matrix_is_doubly_stochastic_and_irreducible():
    # P(x -> flip_b(x)) = 1 / (2 N) for each flippable block b of x, N blocks in all:
    # symmetric (the flip of b undoes itself), so the uniform law is stationary,
    # and the flip graph on all 36 tilings of the 4x4 square is connected
    region = Region.rectangle(4, 4)
    tilings = _tilings_as_objects(region)
    index = {t: k for k, t in enumerate(tilings)}
    n, blocks = len(tilings), 3 * 3
    P = [[Fraction(0)] * n for _ in range(n)]
    for k, t in enumerate(tilings):
        for cell in flippable_squares(t):
            P[k][index[flip(t, cell)]] += Fraction(1, 2 * blocks)
        P[k][k] = 1 - sum(P[k])
    assert all(P[a][b] == P[b][a] for a in range(n) for b in range(n))
    pi = [Fraction(1, n)] * n
    assert [sum(pi[a] * P[a][b] for a in range(n)) for b in range(n)] == pi
    seen, stack = {0}, [0]
    while stack:
        a = stack.pop()
        for b in range(n):
            if P[a][b] and b not in seen:
                seen.add(b)
                stack.append(b)
    assert len(seen) == n


def test_glauber_one_step_law_matches_transition_matrix():
    region = Region.rectangle(4, 4)
    start = max(_tilings_as_objects(region), key=lambda t: len(flippable_squares(t)))
    nbrs = {flip(start, cell) for cell in flippable_squares(start)}
    k = len(nbrs)
    assert k >= 2
    rng = np.random.default_rng(11)
    draws = Counter(glauber(start, steps=1, seed=rng) for _ in range(3600))
    assert set(draws) <= nbrs | {start}
    # each neighbour with probability 1 / (2 * 9 blocks), staying put otherwise
    observed = [draws[t] for t in nbrs] + [draws[start]]
    expected = [3600 / 18] * k + [3600 * (18 - k) / 18]
    assert chisquare(observed, expected).pvalue > 1e-3


def test_glauber_stationary_law_is_uniform():
    region = Region.rectangle(4, 4)
    frames = glauber_tilings(min_tiling(region), steps=3600 * 200, seed=3, every=200)
    assert len(frames) == 3601
    tilings = brute_force_tilings(region.mask)
    counts = Counter(dominoes_of(t) for t in frames[1:])
    assert set(counts) <= set(tilings)
    assert chisquare([counts[t] for t in tilings]).pvalue > 1e-4


def test_glauber_frames_differ_by_at_most_one_flip():
    start = min_tiling(Region.rectangle(6, 6))
    frames = glauber_tilings(start, steps=400, seed=9)
    assert len(frames) == 401 and frames[0] == start
    assert frames[-1] == glauber(start, steps=400, seed=9)
    changes = 0
    for prev, cur in zip(frames, frames[1:]):
        cur.validate()
        if cur != prev:
            changes += 1
            assert any(flip(prev, cell) == cur for cell in flippable_squares(prev))
    assert changes > 50


def test_glauber_every_and_frame_cap():
    start = min_tiling(Region.rectangle(4, 4))
    frames = glauber_tilings(start, steps=10, seed=1, every=4)
    full = glauber_tilings(start, steps=10, seed=1)
    assert frames == [full[0], full[4], full[8], full[10]]
    with pytest.raises(DominoTilingError, match="every="):
        glauber_frames(start, steps=10**6, seed=1)
    for bad in (-1, 2.5, True):
        with pytest.raises(DominoTilingError):
            glauber(start, steps=bad)
    with pytest.raises(DominoTilingError):
        glauber_frames(start, steps=3, every=0)
    with pytest.raises(TypeError):
        glauber(Region.rectangle(2, 2), steps=3)


def test_glauber_frames_flag_is_deprecated_and_gives_the_frames_tilings():
    start = min_tiling(Region.rectangle(4, 4))
    with pytest.warns(DeprecationWarning, match="glauber_frames"):
        old = glauber(start, steps=10, seed=1, frames=True, every=4)
    assert old == glauber_tilings(start, steps=10, seed=1, every=4)
    assert [t.n_dominoes for t in old] == [8, 8, 8, 8]


def test_glauber_same_seed_same_run():
    start = min_tiling(Region.rectangle(8, 8))
    a = glauber(start, steps=5000, seed=4)
    assert a == glauber(start, steps=5000, seed=4)
    assert a == glauber(start, steps=5000, seed=np.random.default_rng(4))
    assert a != start


def test_glauber_on_region_with_hole_keeps_height_class():
    # with a hole the flips keep the flux around it: every visited tiling stays a
    # tiling of the region, and flips reach only part of them
    region = HOLED
    assert region.holes
    listed = brute_force_tilings(region.mask)
    all_tilings = set(listed)
    start = Tiling.from_dominoes(region, sorted(listed[0]))
    frames = glauber_tilings(start, steps=40000, seed=0, every=10)
    seen = {dominoes_of(t) for t in frames}
    assert seen <= all_tilings
    # the flip class of the start, by breadth-first search with the library's flip
    reach, todo = {start}, [start]
    while todo:
        t = todo.pop()
        for cell in flippable_squares(t):
            u = flip(t, cell)
            if u not in reach:
                reach.add(u)
                todo.append(u)
    assert seen == {dominoes_of(t) for t in reach}
    assert len(reach) < len(all_tilings)


def test_glauber_partial_tiling_keeps_uncovered_cells():
    region = Region.rectangle(3, 4)
    labels = np.array([[0, 0, 1, 1], [2, 2, 3, 3], [-2, -2, 4, 4]])
    t = glauber(Tiling(region, labels), steps=500, seed=2)
    t.validate()
    assert (t.labels[2, :2] == -2).all() and t.n_dominoes == 5


# ------------------------------------------------------------ issue 13: limits and slices


def test_glauber_refuses_step_counts_beyond_its_counter():
    from dominotiling.errors import DominoTypeError

    start = min_tiling(Region.rectangle(4, 4))
    for steps in (2**63, 2**64, 10**30):
        with pytest.raises(DominoTilingError, match="2\\*\\*63 - 1") as info:
            glauber(start, steps=steps)
        assert "counter" in str(info.value)
    for every in (0, -3):
        with pytest.raises(DominoTilingError, match="every"):
            glauber_frames(start, steps=10, every=every)
    with pytest.raises(DominoTilingError, match="2\\*\\*63 - 1"):
        glauber_frames(start, steps=10, every=2**64)
    with pytest.raises(DominoTypeError):
        glauber_frames(start, steps=10, every=1.5)
    with pytest.raises(DominoTypeError):
        glauber(start, steps=10, frames="yes")
    with pytest.raises(DominoTypeError):
        glauber(Region.rectangle(2, 2), steps=3)
    # a huge every is not absurd: the frames are the start and the end
    frames = glauber_tilings(start, steps=10, seed=3, every=2**62)
    assert frames == [start, glauber(start, steps=10, seed=3)]


def test_glauber_frames_are_refused_before_they_outgrow_the_budget():
    from dominotiling import set_options
    from dominotiling.errors import TooLargeError

    start = min_tiling(Region.rectangle(200, 200))
    with set_options(memory_limit="50 MB"), pytest.raises(TooLargeError, match="frames"):
        glauber_frames(start, steps=10**4, seed=1, every=1)


def test_glauber_in_slices_equals_one_kernel_call(monkeypatch):
    """However the run is cut into kernel calls, it is the same run (counter-based coins)."""
    from dominotiling import _interrupt
    from dominotiling._kernels.glauber import glauber as kernel

    start = min_tiling(Region.rectangle(10, 12))
    lab = np.array(start.labels, dtype=np.int64)
    key = mcmc._key(7)
    kernel(lab, key, 0, 300_000, np.zeros(0, dtype=np.int64))  # one call, no slicing
    monkeypatch.setattr(_interrupt, "SLICE_SECONDS", 1e-6)  # slices of a few steps
    sliced = glauber(start, steps=300_000, seed=7)
    assert np.array_equal(sliced.labels, Tiling(start.region, lab).labels)


def test_sample_cftp_does_not_depend_on_the_slices(monkeypatch):
    from dominotiling import _interrupt

    region = Region.aztec_diamond(8)
    default = sample_cftp(region, seed=12, progress=False)
    monkeypatch.setattr(_interrupt, "SLICE_SECONDS", 1e-6)
    monkeypatch.setattr(mcmc, "_CHUNK_UPDATES", 1)
    assert sample_cftp(region, seed=12, progress=False) == default
