from fractions import Fraction

import numpy as np
import pytest
from helpers import brute_force_tilings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import dominotiling.counting.placement as placement
from dominotiling import Region
from dominotiling.counting.placement import placement_probabilities
from dominotiling.errors import DominoTilingError, TooLargeError
from dominotiling.viz.draw import draw_placement


def frequencies(mask):
    """Exact placement frequencies over the list of all tilings."""
    tilings = brute_force_tilings(mask)
    rows, cols = mask.shape
    h = np.zeros((rows, cols - 1), dtype=object)
    v = np.zeros((rows - 1, cols), dtype=object)
    for t in tilings:
        for (r1, c1), (r2, c2) in t:
            if r1 == r2:
                h[r1, min(c1, c2)] += 1
            else:
                v[min(r1, r2), c1] += 1
    n = len(tilings)
    return n, h, v


def check_against_frequencies(mask):
    n, h, v = frequencies(mask)
    p = placement_probabilities(Region(mask), exact=True)
    q = placement_probabilities(Region(mask), exact=False)
    hpos = mask[:, :-1] & mask[:, 1:]
    vpos = mask[:-1] & mask[1:]
    for got, fl, want, pos in (
        (p.horizontal, q.horizontal, h, hpos),
        (p.vertical, q.vertical, v, vpos),
    ):
        for idx in np.ndindex(pos.shape):
            if pos[idx]:
                assert got[idx] == Fraction(want[idx], n)
                assert fl[idx] == pytest.approx(float(Fraction(want[idx], n)), abs=1e-9)
            else:
                assert got[idx] is None and np.isnan(fl[idx])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arrays(
        np.bool_,
        st.tuples(st.integers(2, 5), st.integers(2, 6)),
        elements=st.sampled_from([True, True, True, True, False]),
    )
)
def test_matches_frequencies_over_all_tilings(mask):
    if not brute_force_tilings(mask):
        with pytest.raises(DominoTilingError, match="no tiling"):
            placement_probabilities(Region(mask), exact=True)
        return
    check_against_frequencies(mask)


def test_region_with_a_hole():
    mask = np.ones((5, 5), dtype=bool)
    mask[2, 2] = False
    check_against_frequencies(mask)


def _cell_sums(probs, shape, zero):
    total = np.full(shape, zero, dtype=object)
    for arr, (dr, dc) in ((probs.horizontal, (0, 1)), (probs.vertical, (1, 0))):
        for (r, c), x in np.ndenumerate(arr):
            if x is not None and not (isinstance(x, float) and np.isnan(x)):
                total[r, c] += x
                total[r + dr, c + dc] += x
    return total


def test_probabilities_around_each_cell_sum_to_one():
    region = Region.aztec_diamond(4)
    exact = _cell_sums(placement_probabilities(region, exact=True), region.shape, Fraction(0))
    floats = _cell_sums(placement_probabilities(region, exact=False), region.shape, 0.0)
    for r, c in np.argwhere(region.mask):
        assert exact[r, c] == 1
        assert floats[r, c] == pytest.approx(1.0, abs=1e-12)


def test_aztec_corners_are_frozen():
    # exact counts: the tip of the north corner is a horizontal domino with probability 1 - 2**-n
    for k in range(1, 6):
        p = placement_probabilities(Region.aztec_diamond(k), exact=True)
        assert p.horizontal[0, k - 1] == 1 - Fraction(1, 2**k)
    n = 12
    h = placement_probabilities(Region.aztec_diamond(n), exact=False).horizontal_probability()
    # the tip of the north corner is vertical with probability 2**-n only
    assert h[0, n - 1] == pytest.approx(1.0 - 2.0**-n)  # north corner: horizontal bricks
    assert h[n - 1, 0] == pytest.approx(2.0**-n)  # west corner: vertical bricks
    assert 0.2 < h[n - 1, n - 1] < 0.8  # the centre is disordered
    assert np.isnan(h[0, 0])  # outside the diamond
    ax = draw_placement(placement_probabilities(Region.aztec_diamond(n), exact=False))
    assert len(ax.images) == 1


def test_errors(monkeypatch):
    with pytest.raises(DominoTilingError, match="no tiling"):
        placement_probabilities(Region.rectangle(3, 3), exact=False)
    with pytest.raises(DominoTilingError, match="no tiling"):
        placement_probabilities(
            Region.from_strings(
                ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]
            ),
            exact=False,
        )
    monkeypatch.setattr(placement, "FLOAT_MAX_CELLS", 10)
    with pytest.raises(TooLargeError, match="random"):
        placement_probabilities(Region.rectangle(4, 4), exact=False)
    with pytest.raises(TypeError):
        placement_probabilities("4x4")
