import math

import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings, ktf_count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import dominotiling.counting.kasteleyn as kasteleyn
from dominotiling import Region, count_tilings
from dominotiling.counting import choose_method, log_count
from dominotiling.counting.kasteleyn import count_kasteleyn, kasteleyn_matrix, kasteleyn_signs
from dominotiling.errors import TooLargeError


def exact_det(matrix):
    return sympy.Matrix(matrix.toarray().tolist()).det()


def test_one_cell_hole_needs_the_correction():
    ring = Region.from_strings([".....", ".....", "..#..", ".....", "....."])
    n = len(brute_force_tilings(ring.mask))
    a = kasteleyn_matrix(ring)
    assert abs(exact_det(a)) == n == count_kasteleyn(ring) > 0
    # the plain weighting, (-1)**col on every vertical edge, is wrong here
    plain = np.broadcast_to(np.where(np.arange(5) % 2 == 0, 1, -1), (4, 5))
    assert (kasteleyn_signs(ring.mask) != plain).any()
    assert _plain_det(ring) != n


def _plain_det(region):
    """|det| of the article's weighting (1 horizontal, (-1)**col vertical) -- no hole fix."""
    mask = region.mask
    black = [tuple(c) for c in np.argwhere(mask) if (c[0] + c[1]) % 2 == 0]
    white = [tuple(c) for c in np.argwhere(mask) if (c[0] + c[1]) % 2 == 1]
    wi = {c: i for i, c in enumerate(white)}
    m = sympy.zeros(len(black), len(white))
    for i, (r, c) in enumerate(black):
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            w = (r + dr, c + dc)
            if w in wi:
                col = min(c, w[1]) if dr == 0 else c
                m[i, wi[w]] = 1 if dr == 0 else (-1) ** col
    return abs(m.det())


def test_plain_weighting_fails_on_odd_holes_and_ours_does_not():
    ring = Region.from_strings([".....", ".#...", ".....", ".....", "....."])
    assert ring.is_balanced
    n = len(brute_force_tilings(ring.mask))
    assert count_kasteleyn(ring) == n
    assert _plain_det(ring) != n


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(
        np.bool_,
        st.tuples(st.integers(1, 7), st.integers(1, 7)),
        elements=st.sampled_from([True, True, True, True, False]),
    )
)
def test_random_regions_with_holes_against_brute_force(mask):
    region = Region(mask)
    n = len(brute_force_tilings(mask))
    assert count_kasteleyn(region) == n
    if region.is_balanced and region.n_cells:
        a = kasteleyn_matrix(region)
        assert abs(exact_det(a)) == n
        c = kasteleyn_matrix(region, kind="complex").toarray()
        assert abs(round(abs(np.linalg.det(c)))) == n


def test_nested_holes_and_islands():
    region = Region.from_strings(
        [
            ".........",
            ".#######.",
            ".#.....#.",
            ".#.#.#.#.",
            ".#.....#.",
            ".#######.",
            ".........",
        ]
    )
    assert count_kasteleyn(region) == count_tilings(region, method="transfer")
    # a ring whose hole holds a domino-shaped island: 13 blocked cells + 2 island cells
    # inside the ring's inner face, an odd number, so the ring's signs need the fix
    with_island = Region.from_strings(
        [
            ".........",
            ".........",
            "..#####..",
            "..#..##..",
            "..#####..",
            ".........",
            ".........",
        ]
    )
    assert with_island.n_components == 2
    assert count_kasteleyn(with_island) == count_tilings(with_island, method="transfer") > 0


def test_many_odd_holes_against_the_dp():
    rng = np.random.default_rng(11)
    for _ in range(8):
        mask = np.ones((12, 14), dtype=bool)
        holes = rng.choice(12 * 14, size=10, replace=False)
        mask.flat[holes] = False
        region = Region(mask)
        assert count_kasteleyn(region) == count_tilings(region, method="transfer")


@pytest.mark.parametrize("m", [1, 2, 3, 5, 8, 12, 17, 30])
def test_rectangles_match_product_formula(m):
    for n in (1, 2, 4, 7, 12, 25):
        assert count_kasteleyn(Region.rectangle(m, n)) == ktf_count(m, n)


def test_aztec_diamonds():
    for n in range(1, 13):
        assert count_kasteleyn(Region.aztec_diamond(n)) == 2 ** (n * (n + 1) // 2)


def test_auto_agrees_and_wide_regions_work():
    r = Region.rectangle(30, 36)
    assert choose_method(r) == "kasteleyn"
    assert count_tilings(r) == ktf_count(30, 36)
    strip = Region.rectangle(3, 40)
    assert count_tilings(strip) == count_tilings(strip, method="transfer") == count_kasteleyn(strip)


def test_too_large_is_refused():
    from dominotiling import set_options

    with set_options(memory_limit=10_000):
        with pytest.raises(TooLargeError, match="log_count"):
            count_kasteleyn(Region.rectangle(40, 40))
        assert kasteleyn.cost_estimate(Region.rectangle(40, 40)) is None


def test_huge_kasteleyn_count_is_refused_before_building_the_matrix():
    import tracemalloc

    r = Region.rectangle(5000, 5000)
    tracemalloc.start()
    try:
        with pytest.raises(TooLargeError, match="memory budget"):
            count_tilings(r, method="kasteleyn")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 * 2**20  # the 25-million-cell matrix was never built


def test_log_count():
    for region in (
        Region.rectangle(8, 8),
        Region.aztec_diamond(6),
        Region.from_strings([".....", ".#...", ".....", ".....", "....."]),
    ):
        assert log_count(region) == pytest.approx(math.log(count_tilings(region)), rel=1e-10)
    assert log_count(Region.rectangle(3, 3)) == -math.inf
    assert (
        log_count(
            Region.from_strings(
                ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]
            )
        )
        == -math.inf
    )
    # entropy per cell approaches G / pi for large squares
    catalan = 0.915965594177219015
    assert log_count(Region.rectangle(200, 200)) / 200**2 == pytest.approx(
        catalan / math.pi, rel=0.02
    )


def test_matrix_layout_and_errors():
    region = Region.from_strings(["..#", "..."])
    a = kasteleyn_matrix(region)
    black, white = region.color_counts()
    assert a.shape == (black, white)
    assert set(np.unique(a.data)) <= {-1, 1}
    assert a.nnz == region.to_networkx().number_of_edges()
    with pytest.raises(ValueError, match="kind"):
        kasteleyn_matrix(region, kind="quaternion")
    with pytest.raises(TypeError, match="Region"):
        count_kasteleyn([[1, 1]])
