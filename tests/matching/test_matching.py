import networkx as nx
import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from dominotiling import Region, Tiling, count_tilings
from dominotiling.errors import DominoTilingError, TooLargeError
from dominotiling.matching.matchings import (
    FRAMES_MAX_CELLS,
    KuhnFrame,
    hall_neighbourhood,
    hall_violator,
    is_tileable,
    kuhn_frames,
    maximum_matching,
)

ALGOS = ["auto", "pothen-fan", "hopcroft-karp", "kuhn"]
ARTICLE = ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]

masks = arrays(np.bool_, st.tuples(st.integers(1, 9), st.integers(1, 9)), elements=st.booleans())


def nx_matching_size(region):
    """Size of a maximum matching of the grid graph, by networkx (independent)."""
    g = region.to_networkx()
    top = [v for v, d in g.nodes(data="color") if d == 0]
    return len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2


def neighbours(region, cells):
    """N(S) recomputed by hand from the mask (independent of hall_neighbourhood)."""
    rows, cols = region.shape
    out = set()
    for r, c in cells:
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and region.mask[rr, cc]:
                out.add((rr, cc))
    return out


def check_partial_tiling(region, t):
    assert isinstance(t, Tiling) and t.region == region
    t.validate()
    assert ((t.labels == -1) == ~region.mask).all()
    return t


def check_certificate(region, s):
    assert isinstance(s, frozenset) and s
    assert all(isinstance(c, tuple) and len(c) == 2 and c in region for c in s)
    assert len({(r + c) % 2 for r, c in s}) == 1
    n = neighbours(region, s)
    assert len(n) < len(s)
    assert hall_neighbourhood(region, s) == n


# ------------------------------------------------------------ maximum matching
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(masks, st.integers(0, 2**32 - 1))
def test_matching_size_equals_networkx(mask, seed):
    region = Region(mask)
    want = nx_matching_size(region)
    for algo in ALGOS:
        t = check_partial_tiling(region, maximum_matching(region, method=algo, seed=seed))
        assert t.n_dominoes == want, algo


@pytest.mark.parametrize("algo", ALGOS)
def test_fixed_cases(algo):
    cases = {
        (8, 8): 32,
        (3, 3): 4,
        (1, 1): 0,
        (1, 7): 3,
        (5, 6): 15,
    }
    for (m, n), want in cases.items():
        assert maximum_matching(Region.rectangle(m, n), method=algo).n_dominoes == want
    board = np.ones((8, 8), bool)
    board[0, 0] = board[7, 7] = False
    t = maximum_matching(Region(board), method=algo)
    assert t.n_dominoes == 30 and t.n_uncovered == 2
    assert maximum_matching(Region.from_strings(ARTICLE), method=algo).n_uncovered == 2


def test_empty_region():
    region = Region(np.zeros((3, 4), bool))
    for algo in ALGOS:
        t = maximum_matching(region, method=algo)
        assert t.n_dominoes == 0 and (t.labels == -1).all()
    assert is_tileable(region) and hall_violator(region) is None
    assert kuhn_frames(region) == []


def test_perfect_matching_is_a_tiling():
    region = Region.aztec_diamond(6)
    for algo in ALGOS:
        assert maximum_matching(region, method=algo, seed=3).is_complete
    small = Region.from_strings(["....", "....", "..##"])
    all_tilings = set(brute_force_tilings(small.mask))
    for algo in ALGOS:
        assert dominoes_of(maximum_matching(small, method=algo)) in all_tilings


def test_seed_reproducible_and_changes_the_cover():
    region = Region.rectangle(12, 12)
    for algo in ALGOS:
        a = maximum_matching(region, method=algo, seed=5)
        b = maximum_matching(region, method=algo, seed=np.random.default_rng(5))
        assert a == b
        assert maximum_matching(region, method=algo) == maximum_matching(region, method=algo)
    covers = {dominoes_of(maximum_matching(region, method="kuhn", seed=s)) for s in range(6)}
    assert len(covers) > 1


def test_large_region_runs_iteratively():
    rng = np.random.default_rng(1)
    region = Region(rng.random((300, 300)) >= 0.02)
    sizes = set()
    for algo in ALGOS:
        t = maximum_matching(region, method=algo)
        sizes.add(t.n_dominoes)
    assert len(sizes) == 1
    t.validate()
    # a region with a long snake-like augmenting path: a 1 x 20001 strip
    strip = maximum_matching(Region.rectangle(1, 20001), method="kuhn", seed=2)
    assert strip.n_dominoes == 10000


def test_large_region_against_networkx():
    rng = np.random.default_rng(7)
    region = Region(rng.random((40, 40)) >= 0.1)
    want = nx_matching_size(region)
    for algo in ALGOS:
        assert maximum_matching(region, method=algo).n_dominoes == want


# ---------------------------------------------------------------- tileability
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arrays(np.bool_, st.tuples(st.integers(1, 6), st.integers(1, 6)), elements=st.booleans()))
def test_is_tileable_agrees_with_count(mask):
    region = Region(mask)
    tileable = is_tileable(region)
    assert tileable == (count_tilings(region) > 0)
    s = hall_violator(region)
    if tileable:
        assert s is None
    else:
        check_certificate(region, s)


def test_is_tileable_fixed():
    assert is_tileable(Region.rectangle(2, 2))
    assert not is_tileable(Region.rectangle(3, 3))
    assert not is_tileable(Region.from_strings(ARTICLE))
    ring = Region.from_strings(["....", ".##.", "...."])
    assert is_tileable(ring) == (len(brute_force_tilings(ring.mask)) > 0)


# ---------------------------------------------------------- Hall certificates
def test_article_figure_certificate():
    region = Region.from_strings(ARTICLE)
    assert region.is_balanced and count_tilings(region) == 0
    s = hall_violator(region)
    check_certificate(region, s)
    # the top-left staircase: 6 black cells, 5 neighbours (smallest possible, by brute force)
    assert s == {(0, 0), (0, 2), (1, 1), (1, 3), (2, 0), (2, 2)}
    assert len(neighbours(region, s)) == 5


def test_unbalanced_certificate():
    region = Region.rectangle(5, 5)
    s = hall_violator(region)
    check_certificate(region, s)
    assert len(s) <= 13


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(masks)
def test_certificates_on_random_regions(mask):
    region = Region(mask)
    s = hall_violator(region, max_roots=3)
    want = nx_matching_size(region)
    if 2 * want == region.n_cells:
        assert s is None
    else:
        check_certificate(region, s)
        assert len(s) - len(neighbours(region, s)) == 1


def test_hall_neighbourhood_accepts_region_and_rejects_outside_cells():
    region = Region.from_strings(["..#", "..."])
    sub = Region.from_cells([(0, 0)], shape=region.shape)
    assert hall_neighbourhood(region, sub) == {(0, 1), (1, 0)}
    with pytest.raises(DominoTilingError, match="not a cell"):
        hall_neighbourhood(region, [(0, 2)])
    with pytest.raises(DominoTilingError, match="not a cell"):
        hall_neighbourhood(region, [(5, 5)])


# ------------------------------------------------------------------ Kuhn frames
def check_frames(region, frames, result):
    assert all(isinstance(f, KuhnFrame) for f in frames)
    assert len(frames) == result.n_dominoes
    empty = frames[0].before if frames else result
    assert empty.n_dominoes == 0
    for i, f in enumerate(frames):
        f.before.validate()
        f.after.validate()
        if i:
            assert f.before == frames[i - 1].after
        assert f.after.n_dominoes == f.before.n_dominoes + 1
        path = [tuple(int(v) for v in cell) for cell in f.path]
        assert len(path) % 2 == 0 and len(set(path)) == len(path)
        assert f.before.labels[path[0]] == -2 and f.before.labels[path[-1]] == -2
        assert (path[0][0] + path[0][1]) % 2 == 0  # starts at a black cell
        for a, b in zip(path, path[1:]):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        before, after = dominoes_of(f.before), dominoes_of(f.after)
        on_path_after = {tuple(sorted(path[k : k + 2])) for k in range(0, len(path), 2)}
        on_path_before = {tuple(sorted(path[k : k + 2])) for k in range(1, len(path) - 1, 2)}
        assert on_path_before <= before and on_path_after <= after
        # flipping the chain is the whole change
        assert after == (before - on_path_before) | on_path_after
    if frames:
        assert frames[-1].after == result


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(masks, st.integers(0, 1000))
def test_kuhn_frames_consistent(mask, seed):
    region = Region(mask)
    result = maximum_matching(region, method="kuhn", seed=seed)
    frames = kuhn_frames(region, seed=seed)
    check_frames(region, frames, result)
    assert result.n_dominoes == nx_matching_size(region)


def test_kuhn_frames_fixed_and_reproducible():
    region = Region.from_strings(ARTICLE)
    frames = kuhn_frames(region, seed=11)
    check_frames(region, frames, maximum_matching(region, method="kuhn", seed=11))
    again = kuhn_frames(region, seed=11)
    assert [f.after for f in again] == [f.after for f in frames]
    assert all((a.path == b.path).all() for a, b in zip(again, frames))
    assert any(len(f.path) > 2 for f in frames)  # some step really augments along a chain
    other = kuhn_frames(region, seed=12)
    assert [f.after for f in other] != [f.after for f in frames]


def test_frames_limits_and_errors():
    side = int(np.ceil(np.sqrt(FRAMES_MAX_CELLS + 1)))
    with pytest.raises(TooLargeError, match="maximum_matching"):
        kuhn_frames(Region.rectangle(side, side))
    with pytest.raises(DominoTilingError, match="Kuhn"), pytest.warns(DeprecationWarning):
        maximum_matching(Region.rectangle(2, 2), method="hopcroft-karp", frames=True)


def test_the_frames_flag_is_deprecated_and_gives_kuhn_frames():
    region = Region.from_strings(ARTICLE)
    with pytest.warns(DeprecationWarning, match="kuhn_frames"):
        t, frames = maximum_matching(region, seed=5, frames=True)
    assert t == maximum_matching(region, method="kuhn", seed=5)
    new = kuhn_frames(region, seed=5)
    assert [f.after for f in frames] == [f.after for f in new]
    assert all((a.path == b.path).all() for a, b in zip(frames, new))


# ------------------------------------------------------------------ bad input
def test_bad_input():
    region = Region.rectangle(2, 2)
    with pytest.raises(DominoTilingError, match="unknown method"):
        maximum_matching(region, method="hungarian")
    with pytest.raises(DominoTilingError, match="unknown method"), pytest.warns(DeprecationWarning):
        maximum_matching(region, method="bogus", frames=True)
    for fn in (maximum_matching, is_tileable, hall_violator, kuhn_frames):
        with pytest.raises(TypeError, match="Region"):
            fn(np.ones((2, 2), bool))
    with pytest.raises(TypeError, match="seed"):
        maximum_matching(region, seed="x")
    with pytest.raises(DominoTilingError, match="max_roots"):
        hall_violator(region, max_roots=0)


# --------------------------------------------------------------------- pictures
def test_draw_certificate_shows_s_and_its_neighbourhood():
    import matplotlib.pyplot as plt

    from dominotiling.viz.views import draw_certificate

    region = Region.from_strings(ARTICLE)
    s = hall_violator(region)
    fig, ax = plt.subplots()
    assert draw_certificate(region, s, ax=ax) is ax
    assert "|S| = 6" in ax.get_title() and "|N(S)| = 5" in ax.get_title()
    img = ax.images[0].get_array()
    n = neighbours(region, s)
    colour_of = {tuple(img[r, c][:3].round(3)) for r, c in s}
    assert len(colour_of) == 1
    n_colour = {tuple(img[r, c][:3].round(3)) for r, c in n}
    assert len(n_colour) == 1 and n_colour != colour_of
    rest = {
        tuple(img[r, c][:3].round(3)) for r, c in map(tuple, region.cells) if (r, c) not in s | n
    }
    assert not rest & (colour_of | n_colour)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["S (6)", "N(S) (5)"]
    with pytest.raises(DominoTilingError):
        draw_certificate(region, [(0, 6)])


def test_draw_augmenting_path():
    from dominotiling.viz.views import draw_augmenting_path

    frames = kuhn_frames(Region.from_strings(ARTICLE), seed=11)
    f = max(frames, key=lambda f: len(f.path))
    ax = draw_augmenting_path(f.before, f.path)
    xs, ys = ax.lines[0].get_data()
    assert np.allclose(np.stack([ys, xs], 1) - 0.5, f.path)


def test_old_spellings_still_work_with_a_warning():
    region = Region.from_strings(["...", ".#.", "..."])
    with pytest.warns(DeprecationWarning, match="method="):
        old = maximum_matching(region, algorithm="hopcroft-karp")
    assert old == maximum_matching(region, method="hopcroft-karp")
    with pytest.warns(DeprecationWarning, match="by keyword"):
        positional = maximum_matching(region, "kuhn", 3)
    assert positional == maximum_matching(region, method="kuhn", seed=3)
