import math

import networkx as nx
import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of, ktf_count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import chisquare

import dominotiling.counting.transfer as transfer
from dominotiling import Region, count_tilings, find_tiling, max_cover, random_tiling
from dominotiling.errors import DominoTilingError, TooLargeError


@pytest.mark.parametrize("m", range(1, 13))
def test_rectangles_match_product_formula(m):
    for n in range(1, 13):
        assert count_tilings(Region.rectangle(m, n)) == ktf_count(m, n), (m, n)


def test_counts_are_python_ints_and_large():
    c = count_tilings(Region.rectangle(18, 19))
    # a Python int: exactly int, or the Count subclass whose str/repr print every digit (issue 27)
    from dominotiling._exact import Count

    assert type(c) in (int, Count) and isinstance(c, int)
    assert c == ktf_count(18, 19)
    assert c.bit_length() > 128  # needs several moduli


@pytest.mark.parametrize("threads_free", [True, False])
def test_with_and_without_the_float_sweep(monkeypatch, threads_free):
    """The float sweep's interval and the residues-only path give the same counts."""
    if not threads_free:
        monkeypatch.setattr(transfer, "FLOAT_LANE_BITS", 0)  # residues only
    for m, n in ((14, 9), (16, 16), (19, 18), (2, 300)):
        assert count_tilings(Region.rectangle(m, n), method="transfer") == ktf_count(m, n)


def test_second_round_of_primes(monkeypatch):
    """With one thread the first round is the float sweep and 2**64 only; big counts need more."""
    import numba

    monkeypatch.setattr(numba, "get_num_threads", lambda: 1)
    assert count_tilings(Region.rectangle(20, 20), method="transfer") == ktf_count(20, 20)
    assert count_tilings(Region.rectangle(8, 8), method="transfer") == 12988816


def test_transposition_and_offsets_do_not_matter():
    r = Region.from_strings(["#########", "#.....###", "#........", "#.......#", "###......"])
    assert count_tilings(r) == count_tilings(r.transpose()) == len(brute_force_tilings(r.mask))


def test_mutilated_chessboard_and_unbalanced():
    mask = np.ones((8, 8), dtype=bool)
    mask[0, 0] = mask[7, 7] = False
    board = Region(mask)
    assert count_tilings(board) == 0
    assert find_tiling(board) is None
    assert max_cover(board).n_uncovered == 2


def test_disconnected_region_multiplies():
    r = Region.from_strings(["..#...", "..#...", "######", "....##"])
    parts = [Region.rectangle(2, 2), Region.rectangle(2, 3), Region.rectangle(1, 4)]
    product = math.prod(count_tilings(p) for p in parts)
    assert count_tilings(r) == len(brute_force_tilings(r.mask)) == product == 6


def test_empty_mask_has_one_empty_tiling():
    r = Region(np.zeros((2, 3), dtype=bool))
    assert count_tilings(r) == 1
    assert find_tiling(r).n_dominoes == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(
        np.bool_,
        st.tuples(st.integers(1, 6), st.integers(1, 6)),
        elements=st.sampled_from([True, True, True, False]),
    )
)
def test_random_regions_against_brute_force(mask):
    tilings = brute_force_tilings(mask)
    region = Region(mask)
    assert count_tilings(region) == len(tilings)
    found = find_tiling(region)
    if tilings:
        assert found is not None and found.validate().is_complete
        assert dominoes_of(found) in set(tilings)
    else:
        assert found is None
    cover = max_cover(region)
    cover.validate()
    g = region.to_networkx()
    assert cover.n_dominoes == len(nx.max_weight_matching(g, maxcardinality=True))
    assert cover.n_uncovered == region.n_cells - 2 * cover.n_dominoes


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(
        np.bool_,
        st.tuples(st.integers(1, 7), st.integers(1, 7)),
        elements=st.sampled_from([True, True, True, False]),
    )
)
def test_small_boards_plain_python_and_kernel_paths_agree_with_brute_force(mask):
    """Small boards are counted in plain Python (no numba); the kernel's sweep gives the same."""
    want = len(brute_force_tilings(mask))
    assert transfer.count_small(mask) == want
    region = Region(mask)
    if region.is_balanced and region.n_cells:
        view = region.narrow_view()[0]
        assert transfer._count_exactly(view, region.log2_count_bound()) == want


def test_small_boards_take_the_plain_python_path(monkeypatch):
    calls = []
    real = transfer.count_small
    monkeypatch.setattr(transfer, "count_small", lambda m: calls.append(m.shape) or real(m))
    assert count_tilings(Region.rectangle(8, 8), method="transfer") == ktf_count(8, 8)
    assert count_tilings(Region.rectangle(12, 12), method="transfer") == ktf_count(12, 12)
    assert calls == [(8, 8)]  # 12 x 12 (589,824 profile updates) is the kernel's


def test_max_cover_equals_networkx_matching_on_larger_regions():
    rng = np.random.default_rng(5)
    for _ in range(6):
        mask = rng.random((14, 11)) < 0.8
        region = Region(mask)
        cover = max_cover(region).validate()
        g = region.to_networkx()
        top = {v for v in g if g.nodes[v]["color"] == 0}
        matching = nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)
        assert cover.n_dominoes == len(matching) // 2


def test_found_and_sampled_tilings_are_valid():
    r = Region.from_strings(
        [
            "..........",
            "..#....#..",
            "..........",
            "....##....",
            "....##....",
            "..........",
            "..#....#..",
            "..........",
        ]
    )
    assert find_tiling(r).validate().is_complete
    for seed in range(3):
        t = random_tiling(r, seed=seed)
        assert t.validate().is_complete and t.region == r


def test_random_tiling_is_reproducible():
    r = Region.rectangle(6, 7)
    assert random_tiling(r, seed=11) == random_tiling(r, seed=11)
    assert random_tiling(r, seed=np.random.default_rng(3)) == random_tiling(r, seed=3)
    draws = {random_tiling(r, seed=s) for s in range(8)}
    assert len(draws) > 1


def _chi_square(region, n_samples, seed):
    tilings = brute_force_tilings(region.mask)
    index = {t: i for i, t in enumerate(tilings)}
    rng = np.random.default_rng(seed)
    counts = np.zeros(len(tilings))
    for _ in range(n_samples):
        counts[index[dominoes_of(random_tiling(region, seed=rng))]] += 1
    return len(tilings), chisquare(counts)


def test_random_tiling_is_uniform_on_4x4():
    n_tilings, result = _chi_square(Region.rectangle(4, 4), 3600, seed=2024)
    assert n_tilings == 36
    assert result.pvalue > 1e-3


def test_random_tiling_is_uniform_on_a_lopsided_region():
    region = Region.from_strings(["#.....", "......", "...#..", "......"])
    n_tilings, result = _chi_square(region, 4400, seed=99)
    assert n_tilings == 44
    assert result.pvalue > 1e-3


def test_sampling_a_region_without_tiling_is_a_clear_error():
    with pytest.raises(DominoTilingError, match="no tiling"):
        random_tiling(Region.rectangle(3, 3))
    with pytest.raises(DominoTilingError, match="no tiling"):
        random_tiling(
            Region.from_strings(
                ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]
            )
        )


def test_too_wide_is_refused_before_allocating():
    with pytest.raises(TooLargeError) as info:
        count_tilings(Region.rectangle(30, 40), method="transfer")
    msg = str(info.value)
    assert "30 cells wide" in msg and "GiB" in msg and "Kasteleyn" in msg
    for fn, alternative in (
        (lambda r: find_tiling(r, method="transfer"), "maximum_matching"),
        (lambda r: max_cover(r, method="transfer"), "maximum_matching"),
        (lambda r: random_tiling(r, method="transfer"), "cftp"),
    ):
        with pytest.raises(TooLargeError, match=alternative):
            fn(Region.rectangle(24, 24))


def test_unknown_method_and_bad_arguments():
    with pytest.raises(DominoTilingError, match="unknown method"):
        count_tilings(Region.rectangle(2, 2), method="magic")
    with pytest.raises(DominoTilingError, match="unknown method"):
        random_tiling(Region.rectangle(2, 2), method="magic")
    with pytest.raises(TypeError, match="Region"):
        count_tilings("8x8")
    with pytest.raises(TypeError, match="seed"):
        random_tiling(Region.rectangle(2, 2), seed="abc")
