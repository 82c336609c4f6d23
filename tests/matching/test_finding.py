"""The finding front door (find_tiling / max_cover) and the counting/sampling front doors' checks."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from dominotiling import Region, count_tilings, find_tiling, max_cover, random_tiling
from dominotiling.errors import DominoTilingError, DominoTypeError, NoTilingError
from dominotiling.matching import choose_finder


@settings(max_examples=40, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 6), st.integers(1, 6))))
def test_both_methods_leave_the_same_number_of_cells_uncovered(mask):
    region = Region(mask)
    dp = max_cover(region, method="transfer")
    mm = max_cover(region, method="matching")
    assert dp.region == mm.region == region
    assert dp.n_uncovered == mm.n_uncovered
    # a tiling exists exactly when the independent count says so
    n = count_tilings(region, method="kasteleyn")
    for method in ("transfer", "matching"):
        t = find_tiling(region, method=method)
        assert (t is not None) == (n > 0)
        if t is not None:
            t.validate()
            assert t.is_complete


def test_auto_uses_the_matching_beyond_the_dp_width():
    r = Region.rectangle(30, 40)
    assert choose_finder(r) == "matching" and choose_finder(Region.rectangle(8, 8)) == "transfer"
    assert find_tiling(r).is_complete and max_cover(Region.rectangle(31, 41)).n_uncovered == 1


def test_bad_methods_and_types():
    r = Region.rectangle(2, 2)
    with pytest.raises(DominoTilingError, match="unknown method 'dp'"):
        find_tiling(r, method="dp")
    with pytest.raises(DominoTypeError, match="must be a Region"):
        max_cover([".."])
    with pytest.raises(DominoTypeError, match="this is a Tiling"):
        find_tiling(find_tiling(r))


def test_count_checks_the_method_before_looking_at_the_client():
    # the client is never touched: the bogus method is refused first
    with pytest.raises(DominoTilingError, match="unknown method 'bogus'"):
        count_tilings(Region.rectangle(2, 2), method="bogus", client=object())


def test_empty_region_has_one_tiling_and_it_can_be_sampled():
    empty = Region(np.zeros((2, 3), dtype=bool))
    assert count_tilings(empty) == 1
    t = random_tiling(empty, seed=0)
    assert t.is_complete and t.n_dominoes == 0 and t.region == empty
    assert find_tiling(empty).n_dominoes == 0


def test_no_tiling_to_sample_is_a_clear_error():
    with pytest.raises(NoTilingError, match="no tiling"):
        random_tiling(Region.rectangle(3, 3), seed=1)
