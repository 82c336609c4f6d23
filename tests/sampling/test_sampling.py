"""The front door random_tiling: method choice and the Temperley sampler's uniformity."""

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chisquare

from dominotiling import Region, count_tilings, random_tiling
from dominotiling.errors import DominoTilingError
from dominotiling.sampling import choose_sampler
from dominotiling.trees.temperley_grid import temperley_region


def test_temperley_sampler_is_uniform_on_the_5x5_board_without_a_corner():
    region = temperley_region(3, 3)
    tilings = brute_force_tilings(region.mask)
    assert len(tilings) == 192 == count_tilings(region)
    index = {t: i for i, t in enumerate(tilings)}
    rng = np.random.default_rng(77)
    counts = np.zeros(len(tilings))
    for _ in range(192 * 40):
        counts[index[dominoes_of(random_tiling(region, seed=rng, method="temperley"))]] += 1
    assert chisquare(counts).pvalue > 1e-3


def test_auto_uses_temperley_on_large_boards():
    region = temperley_region(120, 90)
    assert choose_sampler(region) == "temperley"
    t = random_tiling(region, seed=3)
    assert t.validate().is_complete and t.region == region
    assert random_tiling(region, seed=3) == t


def test_temperley_method_refuses_other_regions():
    with pytest.raises(DominoTilingError, match="temperley_region"):
        random_tiling(Region.rectangle(4, 4), method="temperley")
    assert choose_sampler(Region.rectangle(5, 5)) == "transfer"


def test_auto_uses_the_measured_fastest_sampler_for_wide_regions():
    # measured (sampling/cost.py): from 16 wide the Kasteleyn sampler beats CFTP by 5x (300 x 300:
    # 13.5 s against about 50 s and more) and the DP by far more (16 x 300: 2.6 ms against 0.65 s)
    region = Region.rectangle(30, 32)
    assert choose_sampler(region) == "kasteleyn"
    assert choose_sampler(Region.rectangle(300, 300)) != "cftp"
    t = random_tiling(region, seed=5)
    assert t.validate().is_complete
    assert t == random_tiling(region, seed=5, method="kasteleyn")
    holed = Region(np.pad(np.ones((30, 30), bool), 0))
    mask = holed.mask.copy()
    mask[10, 10] = mask[10, 11] = False
    # a hole: CFTP does not apply
    assert choose_sampler(Region(mask)) == "kasteleyn"
    assert (
        choose_sampler(Region(mask[:, :20])) == "kasteleyn"
    )  # 20 wide: the DP fits, but is slower
    assert choose_sampler(Region.rectangle(4, 300)) == "transfer"  # narrow and long: the DP


def test_auto_uses_shuffling_for_aztec_diamonds():
    from dominotiling.aztec.shuffling import sample_aztec

    region = Region.aztec_diamond(7)
    assert choose_sampler(region) == "shuffling"
    assert random_tiling(region, seed=4) == sample_aztec(7, seed=4)
    with pytest.raises(DominoTilingError, match="Aztec"):
        random_tiling(Region.rectangle(4, 4), method="shuffling")
    mask = region.mask.copy()
    mask[0, 6] = mask[0, 7] = False  # not a diamond any more
    assert choose_sampler(Region(mask)) != "shuffling"
