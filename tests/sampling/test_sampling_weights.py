"""random_tiling with weights: the front door routes to the weighted samplers, refuses the others."""

from collections import Counter

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chisquare

from dominotiling import Region, Weights, random_tiling
from dominotiling.errors import DominoTilingError
from dominotiling.sampling import choose_sampler


def _weight(tiling_dominoes, h, v):
    prod = 1.0
    for (r1, c1), (r2, _c2) in (sorted(d) for d in tiling_dominoes):
        prod *= h[r1][c1] if r1 == r2 else v[r1][c1]
    return prod


def test_auto_draws_the_weighted_measure_on_a_holed_region():
    region = Region.from_strings(
        [".....", ".#...", "...#.", "....."]
    )  # two holes, one of each colour
    rng = np.random.default_rng(11)
    h = rng.integers(1, 4, size=(4, 4)).tolist()
    v = rng.integers(1, 4, size=(3, 5)).tolist()
    weights = Weights.from_arrays(np.array(h), np.array(v))
    tilings = brute_force_tilings(region.mask)
    assert len(tilings) >= 10
    probs = np.array([_weight(t, h, v) for t in tilings])
    probs /= probs.sum()
    index = {frozenset(tuple(sorted(d)) for d in t): i for i, t in enumerate(tilings)}
    n = 3000
    rng2 = np.random.default_rng(5)
    counts = Counter(
        index[
            frozenset(
                tuple(sorted(d))
                for d in dominoes_of(random_tiling(region, seed=rng2, weights=weights))
            )
        ]
        for _ in range(n)
    )
    observed = np.array([counts.get(i, 0) for i in range(len(tilings))])
    assert chisquare(observed, probs * n).pvalue > 1e-4


def test_uniform_weights_give_the_same_tiling_as_none():
    r = Region.rectangle(6, 6)
    assert random_tiling(r, seed=3, weights=Weights.uniform(r)) == random_tiling(r, seed=3)


def test_uniform_only_methods_refuse_weights():
    a = Region.from_strings(["....", ".##.", ".##.", "...."])
    w = Weights.by_orientation(a, 1, 2)
    with pytest.raises(DominoTilingError, match="uniform measure only"):
        random_tiling(a, method="sectors", weights=w)


def test_weighted_aztec_diamonds_go_to_shuffling_with_the_same_weights():
    # 2 x 2 blocks: the order-2 diamond with weight 3 on vertical dominoes, against brute force
    a = Region.aztec_diamond(2)
    w = Weights.by_orientation(a, 1, 3)
    assert choose_sampler(a, weights=w) == "shuffling"
    tilings = brute_force_tilings(a.mask)
    law = {}
    for t in tilings:
        law[frozenset(tuple(sorted(d)) for d in t)] = 3 ** sum(
            1 for d in t if sorted(d)[0][0] != sorted(d)[1][0]
        )
    keys = sorted(law, key=sorted)
    rng = np.random.default_rng(2)
    counts = Counter(
        frozenset(tuple(sorted(d)) for d in dominoes_of(random_tiling(a, seed=rng, weights=w)))
        for _ in range(1600)
    )
    total = sum(law.values())
    assert sum(counts.values()) == 1600 and set(counts) <= set(law)
    assert (
        chisquare([counts.get(k, 0) for k in keys], [law[k] / total * 1600 for k in keys]).pvalue
        > 1e-3
    )


def test_choose_sampler_with_and_without_weights():
    holed = Region.from_strings(["." * 30] * 14 + ["." * 14 + "##" + "." * 14] + ["." * 30] * 15)
    assert choose_sampler(holed) == "kasteleyn"
    assert choose_sampler(Region.rectangle(40, 40)) == "kasteleyn"  # measured faster than CFTP
    small = Region.rectangle(6, 6)
    assert choose_sampler(small, weights=Weights.by_orientation(small, 1, 2)) == "transfer"
    big = Region.rectangle(40, 40)
    assert choose_sampler(big, weights=Weights.by_orientation(big, 1, 2)) == "embedding"
    assert choose_sampler(holed, weights=Weights.by_orientation(holed, 1, 2)) == "kasteleyn"
    assert (
        choose_sampler(Region.aztec_diamond(5), weights=Weights.uniform(Region.aztec_diamond(5)))
        == "shuffling"
    )
