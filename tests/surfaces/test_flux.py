"""Tests of dominotiling.surfaces.flux: flux sectors of regions with holes.

Independent routes: every tiling listed by brute force (tests/helpers.py), the
sectors found as the connected components of the flip graph built here from those
lists (Saldanha-Tomei-Casarin-Romualdo: flips connect exactly the tilings of
equal flux), extreme tilings recognised by having no flip that lowers (or raises)
a height, and samplers checked by chi-square against the lists.
"""

from collections import Counter, defaultdict

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chi2_contingency, chisquare

from dominotiling import DominoTilingError, NoTilingError, Region, Tiling
from dominotiling.counting import count_tilings
from dominotiling.counting.kasteleyn import count_kasteleyn
from dominotiling.matching.height import flip, flippable_squares, max_tiling, min_tiling
from dominotiling.sampling import random_tiling
from dominotiling.sampling.mcmc import glauber_frames, sample_cftp
from dominotiling.surfaces.flux import (
    count_by_flux,
    flux,
    sample_sector_cftp,
    sample_sectors,
    sector_tiling,
)

ANNULUS = Region.from_strings(["....", ".##.", ".##.", "...."])  # 4x4 minus the centre 2x2
SQUARE_HOLE = Region.from_strings(["......", "......", "..##..", "..##..", "......", "......"])
TWO_HOLES = Region.from_strings(["......", ".##...", "......", "...##.", "......", "......"])
ODD_HOLES = Region.from_strings([".......", ".#.....", ".......", "....#..", ".......", "......."])
SMALL_ODD = Region.from_strings(["......", ".#..#.", "......", "......"])  # 23 tilings, 4 sectors
SMALL_EVEN = Region.from_strings(["......", ".##...", ".##...", "......"])  # 17 tilings, 2 sectors
THREE_HOLES = Region.from_strings(
    [".......", ".#..#..", ".......", "...##..", ".......", "......."]
)


def _flip_neighbours(tiling_set):
    """Tilings one flip away (2x2 blocks of two parallel dominoes turned)."""
    s = set(tiling_set)
    out = []
    for d in tiling_set:
        (r, c), (r2, c2) = d
        if r == r2:
            e = ((r + 1, c), (r + 1, c + 1))
            if e in s:
                out.append(
                    frozenset((s - {d, e}) | {((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))})
                )
        else:
            e = ((r, c + 1), (r + 1, c + 1))
            if e in s:
                out.append(
                    frozenset((s - {d, e}) | {((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1))})
                )
    return out


def _flip_classes(region):
    """The connected components of the flip graph of all tilings (brute force)."""
    tilings = brute_force_tilings(region.mask)
    parent = {t: t for t in tilings}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for t in tilings:
        for u in _flip_neighbours(t):
            parent[find(t)] = find(u)
    classes = defaultdict(list)
    for t in tilings:
        classes[find(t)].append(t)
    return list(classes.values())


def _tiling(region, dominoes):
    return Tiling.from_dominoes(region, sorted(dominoes))


def _is_extreme(tiling_set, kind):
    """No flip lowers (kind="min") or raises (kind="max") a height.

    The flip of the block centred at lattice vertex (i, j) puts the horizontal pair
    at the larger height when i + j is even (Thurston's convention: steps +1 with a
    black cell on the left): a minimal tiling has every flippable block in its
    lower position.
    """
    s = set(tiling_set)
    for d in tiling_set:
        (r, c), (r2, c2) = d
        horizontal = r == r2
        partner = ((r + 1, c), (r + 1, c + 1)) if horizontal else ((r, c + 1), (r + 1, c + 1))
        if partner in s:
            even = (r + 1 + c + 1) % 2 == 0
            upper = horizontal == even
            if upper == (kind == "min"):
                return False
    return True


@pytest.mark.parametrize("region", [ANNULUS, SQUARE_HOLE, TWO_HOLES, SMALL_ODD, THREE_HOLES])
def test_sectors_are_the_flip_classes(region):
    classes = _flip_classes(region)
    values = []
    for members in classes:
        fluxes = {flux(_tiling(region, t)) for t in members}
        assert len(fluxes) == 1  # flips keep the flux
        values.append(fluxes.pop())
    assert len(set(values)) == len(values)  # different classes, different fluxes
    expected = {f: len(m) for f, m in zip(values, classes)}
    got = count_by_flux(region)
    assert got == expected
    assert list(got) == sorted(got)
    assert sum(got.values()) == count_kasteleyn(region)


@pytest.mark.parametrize("region", [ANNULUS, TWO_HOLES, ODD_HOLES, THREE_HOLES])
def test_min_and_max_tilings_of_each_sector(region):
    classes = _flip_classes(region)
    for members in classes:
        value = flux(_tiling(region, members[0]))
        for kind, func in (("min", min_tiling), ("max", max_tiling)):
            extremes = [t for t in members if _is_extreme(t, kind)]
            assert len(extremes) == 1  # a distributive lattice has one bottom and one top
            assert dominoes_of(func(region, flux=value)) == extremes[0]
            assert dominoes_of(sector_tiling(region, value, extreme=kind)) == extremes[0]


def test_annulus_sectors_by_hand():
    # the ring of 12 cells has two tilings, each alone in its sector, a rotation apart
    sectors = count_by_flux(ANNULUS)
    assert sorted(sectors.values()) == [1, 1]
    a, b = (sector_tiling(ANNULUS, f) for f in sectors)
    assert dominoes_of(a) != dominoes_of(b)
    assert len(brute_force_tilings(ANNULUS.mask)) == 2


def test_no_holes_single_sector():
    region = Region.rectangle(4, 4)
    assert count_by_flux(region) == {(): 36}
    assert dominoes_of(min_tiling(region, flux=())) == dominoes_of(min_tiling(region))
    assert dominoes_of(max_tiling(region, flux=())) == dominoes_of(max_tiling(region))


def test_flux_that_no_tiling_has():
    good = next(iter(count_by_flux(SQUARE_HOLE)))
    for bad in ((good[0] + 100,), (good[0] + 1,), (good[0] + 8 * 4,)):
        with pytest.raises(NoTilingError, match="count_by_flux"):
            sector_tiling(SQUARE_HOLE, bad)
        with pytest.raises(NoTilingError):
            sample_sector_cftp(SQUARE_HOLE, bad, seed=0)
    with pytest.raises(DominoTilingError, match="one per hole"):
        min_tiling(SQUARE_HOLE, flux=(0, 0))
    with pytest.raises(DominoTilingError, match="one per hole"):
        min_tiling(SQUARE_HOLE, flux=3)


def test_untileable_and_disconnected():
    assert count_by_flux(Region.from_strings(["....", ".#..", "...."])) == {}  # odd: no tiling
    two = Region.from_strings(["..#..", "..#.."])
    assert count_by_flux(two) == {(): len(brute_force_tilings(two.mask))}  # no holes: one sector
    assert flux(min_tiling(two)) == ()
    holed_pair = Region.from_strings(["...#...", ".#.#.#.", "...#..."])
    with pytest.raises(DominoTilingError, match="pieces"):
        count_by_flux(holed_pair)


def test_flux_needs_complete_tiling():
    from dominotiling.matching.matchings import maximum_matching

    partial = maximum_matching(Region.from_strings(["...", ".#.", "..."]))
    with pytest.raises(DominoTilingError, match="uncovered"):
        flux(Tiling(partial.region, np.where(partial.labels == 0, -2, partial.labels)))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.lists(st.integers(0, 10**6), max_size=40))
def test_flux_invariant_under_flips(seed, moves):
    rng = np.random.default_rng(seed)
    mask = np.ones((6, 7), dtype=bool)
    for _ in range(rng.integers(1, 4)):
        mask[rng.integers(1, 5), rng.integers(1, 6)] = False
    region = Region.from_mask(mask)
    sectors = count_by_flux(region)
    if not sectors:
        return
    assert sum(sectors.values()) == count_kasteleyn(region)
    start = list(sectors)[rng.integers(len(sectors))]
    t = sector_tiling(region, start, extreme="min")
    for m in moves:
        blocks = flippable_squares(t)
        if len(blocks) == 0:
            break
        t = flip(t, tuple(blocks[m % len(blocks)]))
        assert flux(t) == start


def _chi_square_on(region, tilings, draw, per_class=30):
    index = {t: k for k, t in enumerate(tilings)}
    counts = Counter(index[dominoes_of(draw(k))] for k in range(per_class * len(tilings)))
    observed = [counts[k] for k in range(len(tilings))]
    return chisquare(observed).pvalue


@pytest.mark.parametrize("region", [SMALL_EVEN, SMALL_ODD])  # plain and lifted (jump) sweeps
def test_sample_sector_cftp_uniform_in_its_sector(region):
    classes = _flip_classes(region)
    members = max(classes, key=len)
    value = flux(_tiling(region, members[0]))
    p = _chi_square_on(
        region, members, lambda k: sample_cftp(region, flux=value, seed=k, progress=False)
    )
    assert p > 1e-3


def test_sample_sectors_uniform():
    tilings = brute_force_tilings(SMALL_ODD.mask)
    p = _chi_square_on(
        SMALL_ODD,
        tilings,
        lambda k: random_tiling(SMALL_ODD, method="sectors", seed=k),
        per_class=20,
    )
    assert p > 1e-3


def test_sectors_against_kasteleyn_sampler():
    n = 600
    sectors = list(count_by_flux(SMALL_ODD))
    a = Counter(flux(sample_sectors(SMALL_ODD, seed=k)) for k in range(n))
    b = Counter(
        flux(random_tiling(SMALL_ODD, method="kasteleyn", seed=10**6 + k)) for k in range(n)
    )
    table = [[a[f] for f in sectors], [b[f] for f in sectors]]
    assert chi2_contingency(table).pvalue > 1e-3


def test_glauber_stays_in_its_sector():
    for value in count_by_flux(SQUARE_HOLE):
        frames = [
            f.tiling for f in glauber_frames(SQUARE_HOLE, steps=300, seed=1, every=30, flux=value)
        ]
        assert {flux(f) for f in frames} == {value}
        assert dominoes_of(frames[0]) == dominoes_of(
            sector_tiling(SQUARE_HOLE, value, extreme="min")
        )


def test_front_doors():
    assert count_tilings(TWO_HOLES, by_flux=True) == count_by_flux(TWO_HOLES)
    with pytest.raises(DominoTilingError, match="by_flux"):
        count_tilings(TWO_HOLES, method="kasteleyn", by_flux=True)
    t = random_tiling(TWO_HOLES, method="sectors", seed=3)
    assert t.is_complete and flux(t) in count_by_flux(TWO_HOLES)
    assert random_tiling(TWO_HOLES, method="sectors", seed=3) == t
    with pytest.raises(DominoTilingError, match="weights"):
        from dominotiling.model.weights import Weights

        sample_cftp(TWO_HOLES, flux=flux(t), seed=0, weights=Weights.uniform(TWO_HOLES))
