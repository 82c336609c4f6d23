"""Tori and cylinders (issue 18, part 1): the data model, exact counts, log-counts, samples, pictures.

Independent routes: brute-force enumeration of the perfect matchings of the
periodic grid graph (built here from the definition, not from the library),
the periodic profile DP against Kasteleyn's twisted determinants, and
Kasteleyn's 1961 product formula for the torus evaluated with mpmath.
"""

from __future__ import annotations

import math
import pickle
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import chisquare

import dominotiling as dt
from dominotiling import Region, Tiling, count_tilings, log_count, random_tiling
from dominotiling.errors import DominoTilingError, DominoTypeError, NoTilingError, TooLargeError
from dominotiling.surfaces.periodic import (
    count_by_seam_parity,
    count_surface,
    log2_count_bound,
    surface_method,
)


# ----------------------------------------------------------------- reference
def _neighbours(rows, cols, periodic):
    """Edges ``({a, b}, across_v, across_h)`` of the periodic grid multigraph, from the definition.

    Every cell has an edge to its right and one downwards, wrapping round a glued
    side: on a side of 2 the wrap is a second edge between two cells already
    joined (Kasteleyn's torus graph, OEIS A335586); on a side of 1 it would be a
    loop and is left out. A list: parallel edges stay distinct.
    """
    edges = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                r2, c2 = r + dr, c + dc
                wrapped = False
                if r2 == rows:
                    if not (periodic[0] and rows >= 2):
                        continue
                    r2, wrapped = 0, True
                if c2 == cols:
                    if not (periodic[1] and cols >= 2):
                        continue
                    c2, wrapped = 0, True
                edges.append(
                    (frozenset({(r, c), (r2, c2)}), wrapped and dr == 1, wrapped and dc == 1)
                )
    return edges


def _enumerate(rows, cols, periodic, mask=None):
    """Every perfect matching of the multigraph as ``(frozenset of cell pairs, vertical seam
    crossings, horizontal seam crossings)``; two matchings that differ only in which of two
    parallel edges they use cover the same cell pairs and are both listed."""
    cells = [(r, c) for r in range(rows) for c in range(cols) if mask is None or mask[r][c]]
    cellset = set(cells)
    adj = {cell: [] for cell in cells}
    for pair, across_v, across_h in _neighbours(rows, cols, periodic):
        a, b = tuple(pair)
        if a in cellset and b in cellset:
            adj[a].append((b, pair, across_v, across_h))
            adj[b].append((a, pair, across_v, across_h))
    out = []

    def rec(covered, dominoes, nv, nh):
        free = next((c for c in cells if c not in covered), None)
        if free is None:
            out.append((frozenset(dominoes), nv, nh))
            return
        for other, pair, across_v, across_h in adj[free]:
            if other not in covered:
                rec(covered | {free, other}, dominoes + [pair], nv + across_v, nh + across_h)

    rec(frozenset(), [], 0, 0)
    return out


def _kasteleyn_product(m, n, dps=40):
    """Kasteleyn's 1961 count of the m x n torus (m, n even), evaluated in mpmath and rounded.

    ``Z = (P01 + P10 + P11 - P00) / 2`` with
    ``Pab = prod_{j<m, k<n} (4 sin^2(pi (2j + a) / m) + 4 sin^2(pi (2k + b) / n))**(1/4)``
    (``P00 = 0``: the term ``j = k = 0``).
    """
    import mpmath

    mpmath.mp.dps = dps
    s2 = lambda x: 4 * mpmath.sin(x) ** 2  # noqa: E731
    rows = {a: [s2(mpmath.pi * (2 * j + a) / m) for j in range(m)] for a in (0, 1)}
    cols = {b: [s2(mpmath.pi * (2 * k + b) / n) for k in range(n)] for b in (0, 1)}
    p = {}
    for a in (0, 1):
        for b in (0, 1):
            p[(a, b)] = mpmath.root(mpmath.fprod(x + y for x in rows[a] for y in cols[b]), 4)
    return int(mpmath.nint((p[(0, 1)] + p[(1, 0)] + p[(1, 1)] - p[(0, 0)]) / 2))


def _builders(m, n):
    return {
        "torus": Region.torus(m, n),
        "cylinder": Region.cylinder(m, n),
        "cylinder_v": Region.cylinder(n, m).transpose(),
    }


# ----------------------------------------------------------------- the data model
def test_periodic_attribute_equality_hash_pickle_repr():
    t = Region.torus(3, 4)
    assert t.periodic == (True, True) and t.is_periodic
    assert Region.cylinder(3, 4).periodic == (False, True)
    assert Region.rectangle(3, 4).periodic == (False, False)
    assert t != Region.rectangle(3, 4) and t != Region.cylinder(3, 4)
    assert t == Region(np.ones((3, 4), bool), periodic=(True, True))
    assert hash(t) == hash(Region(np.ones((3, 4), bool), periodic=(True, True)))
    assert len({t, Region.rectangle(3, 4), Region.cylinder(3, 4)}) == 3
    for r in (t, Region.cylinder(2, 5), Region.rectangle(2, 2)):
        back = pickle.loads(pickle.dumps(r))
        assert back == r and back.periodic == r.periodic
    assert repr(t) == "Region.torus(3, 4)"
    assert repr(Region.cylinder(2, 5)) == "Region.cylinder(2, 5)"
    assert (
        eval(repr(Region.cylinder(5, 2).transpose()), {"Region": Region})
        == Region.cylinder(5, 2).transpose()
    )
    holed = Region([[1, 1, 1], [1, 0, 1]], periodic=(False, True))
    assert "periodic=(False, True)" in repr(holed)


def test_transpose_swaps_the_wraps():
    c = Region.cylinder(3, 5)
    assert c.transpose().periodic == (True, False)
    assert c.transpose().transpose() == c


def test_bad_periodic_and_sizes():
    with pytest.raises(DominoTypeError):
        Region(np.ones((2, 2), bool), periodic=(1, 0))
    with pytest.raises(DominoTypeError):
        Region(np.ones((2, 2), bool), periodic=True)
    with pytest.raises(DominoTypeError):
        Region(np.ones((2, 2), bool), periodic=(True, False, True))
    with pytest.raises(dt.errors.RegionFormatError):
        Region.torus(0, 3)
    with pytest.raises(DominoTypeError):
        Region.cylinder(2.0, 3)


def test_seams_degrees_graph_components():
    assert Region.torus(2, 5).seams() == (True, True)  # a 2-high wrap: a second placement
    assert Region.torus(1, 5).seams() == (False, True)
    assert Region.torus(1, 1).seams() == (False, False)
    assert Region.torus(3, 4).degrees().tolist() == [[4] * 4] * 3
    deg = Region.cylinder(3, 4).degrees()
    assert deg[0].tolist() == [3] * 4 and deg[1].tolist() == [4] * 4
    # a 2-wide wrap adds no neighbour (degrees count neighbours), only a second placement
    assert Region.torus(2, 5).degrees().tolist() == Region.cylinder(2, 5).degrees().tolist()
    for m, n in ((3, 4), (2, 5), (4, 4), (1, 6), (2, 2), (4, 2)):
        g = Region.torus(m, n).to_networkx()
        edges = Counter(pair for pair, _, _ in _neighbours(m, n, (True, True)))
        assert {frozenset(e) for e in g.edges} == set(edges)
        assert {frozenset(e): d.get("multiplicity", 1) for *e, d in g.edges(data=True)} == dict(
            edges
        )
    # two plane components joined across the seam
    split = Region([[1, 0, 1], [1, 0, 1], [1, 0, 1]], periodic=(False, True))
    assert Region(split.mask).n_components == 2 and split.n_components == 1


def test_plane_only_properties_refuse_or_answer():
    t = Region.torus(4, 4)
    with pytest.raises(DominoTilingError, match="plane regions only"):
        t.holes  # noqa: B018 -- the property refuses
    assert not t.is_simply_connected


# ----------------------------------------------------------------- tilings
def test_tiling_across_the_seams():
    torus = Region.torus(3, 4)
    t = Tiling.from_dominoes(
        torus,
        [
            ((0, 3), (0, 0)),
            ((0, 1), (0, 2)),
            ((2, 0), (1, 0)),
            ((2, 1), (1, 1)),
            ((1, 2), (2, 2)),
            ((1, 3), (2, 3)),
        ],
    )
    assert t.is_complete and t.seam_dominoes().tolist() == [True, False, False, False, False, False]
    assert t.orientations().tolist()[0] == 0  # horizontal across the seam
    v = Tiling.from_dominoes(torus, [((2, 0), (0, 0))])
    assert v.seam_dominoes().tolist() == [True] and v.orientations().tolist() == [1]
    with pytest.raises(DominoTilingError, match="not neighbours"):
        Tiling.from_dominoes(Region.rectangle(3, 4), [((0, 3), (0, 0))])
    with pytest.raises(
        DominoTilingError, match="not neighbours"
    ):  # a cylinder has no top-bottom seam
        Tiling.from_dominoes(Region.cylinder(3, 4), [((2, 0), (0, 0))])
    with pytest.raises(DominoTilingError, match="not neighbours"):
        Tiling(Region.cylinder(3, 4), [[0, -2, -2, -2], [-2] * 4, [0, -2, -2, -2]])
    assert Tiling(torus, [[0, -2, -2, -2], [-2] * 4, [0, -2, -2, -2]]).n_dominoes == 1
    # a 2-wide wrap: the cells are neighbours twice (two placements); a Tiling records the
    # cells, and its domino is not reported as across the seam
    two = Tiling.from_dominoes(Region.torus(1, 2), [((0, 0), (0, 1))])
    assert two.seam_dominoes().tolist() == [False]


def test_text_leaves_the_seam_open():
    t = Tiling.from_dominoes(Region.cylinder(1, 4), [((0, 3), (0, 0)), ((0, 1), (0, 2))])
    text = str(t).splitlines()
    assert text[1].startswith(" ") and text[1].rstrip().endswith("│")  # no wall on the seam
    assert text[1].count("│") == 2
    plain = Tiling.from_dominoes(Region.rectangle(1, 4), [((0, 0), (0, 1)), ((0, 2), (0, 3))])
    assert str(plain).splitlines()[1].startswith("│")


# ----------------------------------------------------------------- exact counts
SMALL = [
    (2, 2),
    (2, 3),
    (3, 4),
    (4, 4),
    (1, 4),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (4, 5),
    (5, 4),
    (3, 6),
]


@pytest.mark.parametrize("m,n", SMALL)
def test_counts_against_brute_force(m, n):
    for kind, region in _builders(m, n).items():
        tilings = _enumerate(m, n, region.periodic)
        want = len(tilings)
        assert count_tilings(region) == want, (kind, m, n)
        assert (
            count_surface(region, method="transfer") == want
            if region.seams() != (False, False)
            else True
        )
        if surface_method(region) == "kasteleyn":
            assert count_surface(region, method="kasteleyn") == want
            classes = Counter((nv % 2, nh % 2) for _, nv, nh in tilings)
            got = count_by_seam_parity(region)
            assert sum(got.values()) == want
            assert {k: v for k, v in got.items() if v} == dict(classes), (kind, m, n)
        assert log_count(region) == (math.log(want) if want else -math.inf) or math.isclose(
            log_count(region), math.log(want), rel_tol=1e-12, abs_tol=1e-12
        )


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    mask=arrays(bool, st.tuples(st.integers(1, 4), st.integers(1, 5)), elements=st.booleans()),
    periodic=st.tuples(st.booleans(), st.booleans()).filter(any),
)
def test_random_periodic_regions_against_brute_force(mask, periodic):
    region = Region(mask, periodic=periodic)
    rows, cols = mask.shape
    want = len(_enumerate(rows, cols, periodic, mask.tolist()))
    assert count_tilings(region) == want
    if want:
        t = random_tiling(region, seed=0)
        assert t.is_complete and t.region == region


def test_named_small_counts():
    # by hand: the 2 x 3 torus is two rows of 3-cycles: all vertical, or one vertical column
    # the 2 x 3 torus: two 3-cycles joined by two edges per column (the 2-high wrap):
    # all vertical (2**3), or one column vertical (2 ways) and a horizontal pair (3 columns)
    assert count_tilings(Region.torus(2, 3)) == 14
    # Kasteleyn's torus formula and OEIS A335586: on a glued side of 2 the wrap is a second placement
    assert count_tilings(Region.torus(2, 2)) == 8
    assert count_tilings(Region.torus(4, 2)) == count_tilings(Region.torus(2, 4)) == 36
    assert count_tilings(Region.torus(1, 6)) == 2  # a 6-cycle
    assert count_tilings(Region.torus(1, 2)) == 2  # two cells joined twice
    assert count_tilings(Region.torus(1, 1)) == 0
    assert (
        count_tilings(Region.cylinder(2, 2)) == 5
    )  # 2 rows x 2 horizontal placements, or 1 vertical


def test_holed_periodic_region_by_the_dp():
    mask = [[1, 1, 1, 1], [1, 0, 0, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    region = Region(mask, periodic=(True, True))
    want = len(_enumerate(4, 4, (True, True), mask))
    assert count_tilings(region) == want > 0
    assert surface_method(region) == "transfer"
    with pytest.raises(DominoTilingError, match="method='transfer'"):
        count_tilings(region, method="kasteleyn")


@pytest.mark.parametrize("m,n", [(6, 6), (4, 10), (6, 8), (8, 6), (8, 8), (5, 8), (7, 6), (6, 7)])
def test_dp_against_determinants_tori(m, n):
    region = Region.torus(m, n)
    dp = count_surface(region, method="transfer")
    if m % 2 == 0 and n % 2 == 0:
        assert dp == count_surface(region, method="kasteleyn")
        # the per-parity classes of the determinants are non-negative and sum to the count
        assert all(v >= 0 for v in count_by_seam_parity(region).values())
    else:  # an odd glued side: not bipartite, the DP only
        assert surface_method(region) == "transfer" and dp > 0


@pytest.mark.parametrize("m,n", [(5, 8), (7, 10), (12, 6), (9, 14), (1, 10), (3, 4)])
def test_dp_against_determinants_cylinders(m, n):
    for region in (Region.cylinder(m, n), Region.cylinder(m, n).transpose()):
        assert count_surface(region, method="transfer") == count_surface(region, method="kasteleyn")


@pytest.mark.parametrize(
    "m,n", [(4, 4), (4, 6), (6, 4), (6, 6), (8, 6), (10, 10), (12, 8), (16, 20)]
)
def test_kasteleyn_product_formula(m, n):
    assert count_tilings(Region.torus(m, n)) == _kasteleyn_product(m, n, dps=60)


def test_kasteleyn_product_formula_100():
    got = count_tilings(Region.torus(100, 100))
    assert len(str(got)) == 1267
    assert got == _kasteleyn_product(100, 100, dps=1300)  # every digit


def test_odd_tori_have_no_tiling():
    for region in (Region.torus(5, 5), Region.cylinder(3, 3), Region.torus(31, 33)):
        assert count_tilings(region) == 0
        assert log_count(region) == -math.inf
        with pytest.raises(NoTilingError):
            random_tiling(region, seed=0)


def test_bound_is_an_upper_bound():
    for m, n in ((4, 4), (3, 4), (6, 6), (2, 5)):
        for region in _builders(m, n).values():
            assert 2 ** log2_count_bound(region) >= count_tilings(region)


# ----------------------------------------------------------------- log counts
def test_log_count_matches_exact_and_grows_like_catalan():
    for region in (
        Region.torus(20, 30),
        Region.cylinder(21, 30),
        Region.cylinder(20, 30).transpose(),
        Region.torus(6, 7),
    ):
        exact = count_tilings(region)
        assert math.isclose(log_count(region), math.log(exact), rel_tol=1e-12)
    # the entropy per cell tends to Catalan's constant / pi (Kasteleyn; Temperley and Fisher 1961)
    per_cell = log_count(Region.torus(1000, 1000)) / 10**6
    assert abs(per_cell - 0.915965594177219 / math.pi) < 1e-5


# ----------------------------------------------------------------- samples
def _key(tiling):
    return tiling.labels.tobytes()


@pytest.mark.parametrize(
    "region",
    [
        Region.torus(3, 4),
        Region.torus(4, 4),
        Region.cylinder(4, 4),
        Region.cylinder(3, 4).transpose(),
    ],
    ids=["torus3x4", "torus4x4", "cylinder4x4", "cylinder_v4x3"],
)
def test_sampler_is_uniform(region):
    m, n = region.shape
    everything = {frozenset(d) for d, _, _ in _enumerate(m, n, region.periodic)}
    per = 12
    rng = np.random.default_rng(18)
    counts = Counter()
    for _ in range(per * len(everything)):
        t = random_tiling(region, seed=rng)
        assert t.region == region and t.is_complete
        counts[frozenset(frozenset(map(tuple, d)) for d in t.dominoes.tolist())] += 1
    assert set(counts) <= everything
    observed = [counts[t] for t in everything]
    assert chisquare(observed).pvalue > 1e-3


def test_kasteleyn_sampler_seam_statistics_on_a_torus():
    # the sampler decides the seam dominoes; the plane rest is the tested plane sampler's.
    # The joint law of (seam dominoes across each seam) against the enumeration of the 4 x 4 torus
    region = Region.torus(4, 4)
    law = Counter((nv, nh) for _, nv, nh in _enumerate(4, 4, (True, True)))
    total = sum(law.values())
    rng = np.random.default_rng(11)
    draws = 400
    seen = Counter()
    for _ in range(draws):
        t = random_tiling(region, seed=rng, method="kasteleyn")
        d = t.dominoes[t.seam_dominoes()]
        vertical = int((d[:, 0, 1] == d[:, 1, 1]).sum())
        seen[(vertical, len(d) - vertical)] += 1
    assert set(seen) <= set(law)
    keys = sorted(law, key=lambda k: -law[k])
    big = [k for k in keys if draws * law[k] / total >= 5]
    rest = [k for k in keys if k not in big]
    observed = [seen[k] for k in big] + [sum(seen[k] for k in rest)]
    expected = [draws * law[k] / total for k in big] + [draws * sum(law[k] for k in rest) / total]
    assert len(big) >= 4
    assert chisquare(observed, expected).pvalue > 1e-3


@pytest.mark.parametrize(
    "region,per",
    [(Region.cylinder(3, 4), 10), (Region.cylinder(4, 4).transpose(), 6)],
    ids=["cylinder3x4", "cylinder_v4x4"],
)
def test_kasteleyn_sampler_is_uniform(region, per):
    m, n = region.shape
    everything = {frozenset(d) for d, _, _ in _enumerate(m, n, region.periodic)}
    rng = np.random.default_rng(7)
    counts = Counter()
    for _ in range(per * len(everything)):
        t = random_tiling(region, seed=rng, method="kasteleyn")
        counts[frozenset(frozenset(map(tuple, d)) for d in t.dominoes.tolist())] += 1
    assert set(counts) <= everything
    assert chisquare([counts[t] for t in everything]).pvalue > 1e-3


def test_kasteleyn_sampler_on_a_wide_torus():
    t = random_tiling(Region.torus(24, 30), seed=3)  # auto: too wide for the DP
    assert t.is_complete and t.region == Region.torus(24, 30)
    assert random_tiling(Region.torus(24, 30), seed=3) == t
    with pytest.raises(DominoTilingError, match="method='transfer'"):
        random_tiling(Region.torus(5, 4), seed=0, method="kasteleyn")


def test_sampler_reproducible_and_seam_dominoes_drawn():
    a = random_tiling(Region.torus(6, 8), seed=5)
    b = random_tiling(Region.torus(6, 8), seed=5)
    assert a == b
    seen = sum(
        int(random_tiling(Region.torus(4, 6), seed=s).seam_dominoes().sum()) for s in range(20)
    )
    assert seen > 0


def test_sampler_refuses_what_it_cannot_do():
    with pytest.raises(TooLargeError, match="periodic profile DP"):
        random_tiling(Region.torus(30, 31), seed=1)  # an odd glued side, too wide for the DP
    with pytest.raises(DominoTilingError, match="periodic profile DP"):
        random_tiling(Region.torus(4, 4), method="cftp", seed=1)
    with pytest.raises(DominoTilingError, match="weights"):
        random_tiling(Region.torus(4, 4), seed=1, weights=dt.Weights.by_orientation((4, 4), 1, 2))
    with pytest.raises(DominoTilingError, match="count_by_seam_parity"):
        count_tilings(Region.torus(4, 4), by_flux=True)


# ----------------------------------------------------------------- refusals
def test_too_large_refused_before_allocating():
    with pytest.raises(TooLargeError, match="no exact method"):
        count_tilings(Region.torus(30, 31))  # odd glued side, too wide for the DP
    with dt.set_options(memory_limit="64KiB"):
        with pytest.raises(TooLargeError, match="memory budget"):
            count_tilings(Region.cylinder(200, 9))  # the DP's layers
        with pytest.raises(TooLargeError, match="memory budget"):
            random_tiling(Region.torus(40, 8), seed=1)
    with pytest.raises(TooLargeError, match="LU factors"):
        random_tiling(Region.torus(3000, 3000), seed=1)
    with pytest.raises(TooLargeError):
        Region.torus(10**6, 10**6)


def test_other_functions_refuse_periodic_regions():
    torus = Region.torus(4, 4)
    tiling = random_tiling(torus, seed=0)
    for call in (
        lambda: dt.find_tiling(torus),
        lambda: dt.is_tileable(torus),
        lambda: dt.kasteleyn_matrix(torus),
        lambda: dt.placement_probabilities(torus),
        lambda: dt.sample_cftp(torus, seed=1),
        lambda: dt.maximum_matching(torus),
        lambda: dt.color_dominoes(tiling),
        lambda: tiling.height_function(),
        lambda: count_tilings(torus, weights=dt.Weights.by_orientation((4, 4), 1, 2)),
    ):
        with pytest.raises(DominoTilingError, match="periodic|tori and cylinders"):
            call()


def test_plane_regions_unchanged():
    assert count_tilings(Region.rectangle(4, 4)) == 36
    with pytest.raises(DominoTilingError, match="plane region"):
        count_surface(Region.rectangle(4, 4))


# ----------------------------------------------------------------- pictures
def test_drawing_marks_the_seams():
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from dominotiling.viz.draw import draw_region, draw_tiling

    tiling = Tiling.from_dominoes(
        Region.torus(4, 4),
        [((0, 3), (0, 0)), ((0, 1), (0, 2))]
        + [((r, c), (r + 1, c)) for r in (1,) for c in range(4)]
        + [((3, c), (3, c + 1)) for c in (0, 2)],
    )
    for color_by in ("domino", "types", "orientation"):
        ax = draw_tiling(tiling, color_by=color_by)
        styles = [c for c in ax.collections if c.get_linestyle()[0][1] is not None]
        assert styles, "the dashed seam lines are drawn"
        segments = [s for c in ax.collections for s in c.get_segments()]
        assert any(
            np.allclose(s, [(0, 0.08), (0, 0.92)]) for s in segments
        )  # the seam domino, opened
        image = ax.images[0].get_array()
        assert not np.allclose(image[0, 0], 1.0)  # the seam domino is coloured, not left blank
    matplotlib.pyplot.close("all")
    ax = draw_region(Region.cylinder(3, 6))
    assert any(c.get_linestyle()[0][1] is not None for c in ax.collections)
    matplotlib.pyplot.close("all")


# ------------------------------------------------ a glued side of 2 cells (issue 27)
@pytest.mark.parametrize("m,n", [(2, 2), (2, 4), (4, 2), (2, 6), (6, 2), (2, 8)])
def test_two_cell_sides_follow_kasteleyns_torus_formula(m, n):
    want = _kasteleyn_product(m, n)
    assert want == len(_enumerate(m, n, (True, True)))  # the formula counts the multigraph
    region = Region.torus(m, n)
    assert count_tilings(region) == count_surface(region, method="transfer") == want
    assert count_surface(region, method="kasteleyn") == want
    assert log_count(region) == pytest.approx(math.log(want), rel=1e-12)
    assert region.log2_count_bound() >= math.log2(want)
    assert sum(count_by_seam_parity(region).values()) == want


@pytest.mark.parametrize(
    "region",
    [Region.torus(2, 2), Region.torus(4, 2), Region.cylinder(2, 3), Region.cylinder(3, 2)],
    ids=["t2x2", "t4x2", "c2x3", "c3x2"],
)
@pytest.mark.parametrize("method", ["transfer", "kasteleyn"])
def test_two_cell_sides_sample_by_the_multigraphs_law(region, method):
    m, n = region.shape
    multiplicity = Counter(d for d, _, _ in _enumerate(m, n, region.periodic))
    if method == "kasteleyn" and surface_method(region) != "kasteleyn":
        method = "transfer"
    total = sum(multiplicity.values())
    assert count_tilings(region) == total
    rng = np.random.default_rng(27)
    draws = 40 * len(multiplicity)
    seen = Counter()
    for _ in range(draws):
        t = random_tiling(region, seed=rng, method=method)
        assert t.is_complete
        seen[frozenset(frozenset(map(tuple, d)) for d in t.dominoes.tolist())] += 1
    assert set(seen) <= set(multiplicity)
    keys = list(multiplicity)
    assert (
        chisquare([seen[k] for k in keys], [draws * multiplicity[k] / total for k in keys]).pvalue
        > 1e-3
    )
