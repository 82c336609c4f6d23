"""Weighted exact counts (issue 14, first part): the partition function of int and Fraction weights.

Checked against brute-force enumeration of the weighted tilings of small regions
(holes, several components, zeros included) and against Kasteleyn's product
formula for rectangles with one weight per orientation, evaluated with mpmath.
"""

from fractions import Fraction

import mpmath
import numpy as np
import pytest
from helpers import brute_force_tilings
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from dominotiling import Region, Weights, count_tilings
from dominotiling.errors import DominoTypeError, WeightError


def weighted_sum(mask, horizontal, vertical):
    """Sum over all tilings (listed by brute force) of the product of the dominoes' weights."""
    total = 0
    for tiling in brute_force_tilings(mask):
        prod = 1
        for (r1, c1), (r2, _c2) in (sorted(d) for d in tiling):
            prod *= horizontal[r1][c1] if r1 == r2 else vertical[r1][c1]
        total += prod
    return total


@settings(max_examples=60, deadline=None)
@given(
    arrays(bool, st.tuples(st.integers(1, 5), st.integers(1, 5)), elements=st.booleans()),
    st.integers(0, 2**32),
)
def test_random_int_weights_with_zeros_against_brute_force(mask, seed):
    rng = np.random.default_rng(seed)
    rows, cols = mask.shape
    h = rng.integers(0, 6, size=(rows, max(cols - 1, 0)))
    v = rng.integers(0, 6, size=(max(rows - 1, 0), cols))
    w = Weights.from_arrays(h, v)
    got = count_tilings(Region(mask), weights=w)
    assert isinstance(got, int)
    assert got == weighted_sum(mask, h.tolist(), v.tolist())


def test_fraction_weights_on_a_holed_region_against_brute_force():
    region = Region.from_strings(["....", ".#..", "...#", "...."])  # odd hole pair, balanced
    rng = np.random.default_rng(4)
    rows, cols = region.shape
    h = [
        [Fraction(int(rng.integers(1, 7)), int(rng.integers(1, 5))) for _ in range(cols - 1)]
        for _ in range(rows)
    ]
    v = [
        [Fraction(int(rng.integers(1, 7)), int(rng.integers(1, 5))) for _ in range(cols)]
        for _ in range(rows - 1)
    ]
    got = count_tilings(
        region, weights=Weights.from_arrays(np.array(h, dtype=object), np.array(v, dtype=object))
    )
    assert isinstance(got, Fraction)
    assert got == weighted_sum(region.mask, h, v)


@pytest.mark.parametrize("m, n, a, b", [(4, 4, 2, 3), (6, 5, 1, 4), (5, 8, 3, 1), (10, 12, 2, 5)])
def test_rectangles_with_orientation_weights_match_the_product_formula(m, n, a, b):
    # Kasteleyn (1961): Z**4 = prod_{j<=m, k<=n} (4 b**2 cos**2(pi j/(m+1)) + 4 a**2 cos**2(pi k/(n+1)))
    # for horizontal weight a and vertical weight b.
    mpmath.mp.dps = 60
    z4 = mpmath.mpf(1)
    for j in range(1, m + 1):
        for k in range(1, n + 1):
            z4 *= (
                4 * b**2 * mpmath.cos(mpmath.pi * j / (m + 1)) ** 2
                + 4 * a**2 * mpmath.cos(mpmath.pi * k / (n + 1)) ** 2
            )
    expected = int(mpmath.nint(mpmath.root(z4, 4))) if m * n % 2 == 0 else 0
    region = Region.rectangle(m, n)
    assert count_tilings(region, weights=Weights.by_orientation(region, a, b)) == expected


def test_uniform_weights_give_the_plain_count_and_zeros_can_forbid_everything():
    r = Region.rectangle(6, 6)
    assert count_tilings(r, weights=Weights.uniform(r)) == count_tilings(r)
    only_vertical = Weights.by_orientation(
        r, 0, 1
    )  # every column of 6 cells tiled by vertical dominoes
    assert count_tilings(r, weights=only_vertical) == 1
    assert count_tilings(Region.rectangle(1, 4), weights=Weights.by_orientation((1, 4), 0, 1)) == 0


def test_bad_weights_are_refused_clearly():
    r = Region.rectangle(2, 2)
    with pytest.raises(DominoTypeError, match="Weights"):  # block weights, but not a diamond
        count_tilings(Region.rectangle(2, 4), weights=[[1]])
    with pytest.raises(WeightError, match="shape"):
        count_tilings(r, weights=Weights.uniform((3, 3)))
    with pytest.raises(WeightError, match="negative"):
        Weights.by_orientation(r, -1, 1)


def test_float_weights_give_a_float_partition_function():
    r = Region.rectangle(2, 2)
    got = count_tilings(r, weights=Weights.by_orientation(r, 0.5, 1.5))
    assert isinstance(got, float) and got == pytest.approx(0.5**2 + 1.5**2, rel=1e-12)
