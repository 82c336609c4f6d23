"""make_tileable: the fewest cells removed (against networkx's matching), on the boundary; doubling."""

import itertools
import warnings

import networkx as nx
import numpy as np
import pytest
from helpers import brute_force_tilings
from PIL import Image
from scipy import ndimage

from dominotiling import Region, count_tilings, find_tiling, make_tileable
from dominotiling.errors import DominoTilingError, NoTilingError, RegionChangedWarning


def _blob(seed, shape=(18, 22)):
    """A random simply connected region: a smoothed random field's biggest component, holes filled."""
    rng = np.random.default_rng(seed)
    field = ndimage.gaussian_filter(rng.random(shape), 2.0)
    mask = field > np.median(field)
    labels, k = ndimage.label(mask)
    sizes = ndimage.sum(mask, labels, range(1, k + 1))
    mask = ndimage.binary_fill_holes(labels == 1 + int(np.argmax(sizes)))
    return Region(mask)


def _matching_size(region):
    """Size of a maximum matching of the grid graph, by networkx (independent of the library)."""
    g = region.to_networkx()
    return len(nx.max_weight_matching(g, maxcardinality=True))


def _boundary(mask):
    out = np.pad(~mask, 1, constant_values=True)
    return (out[:-2, 1:-1] | out[2:, 1:-1] | out[1:-1, :-2] | out[1:-1, 2:]) & mask


@pytest.mark.parametrize("seed", range(8))
def test_trim_removes_the_fewest_cells_on_the_boundary(seed):
    region = _blob(seed)
    fix = make_tileable(region)
    k = region.n_cells - 2 * _matching_size(region)
    assert len(fix.removed) == k  # no tileable subregion keeps more cells
    assert fix.region.n_cells == region.n_cells - k
    assert find_tiling(fix.region) is not None
    assert count_tilings(fix.region, method="kasteleyn") > 0
    removed = np.zeros(region.shape, bool)
    removed[tuple(fix.removed.T)] = True
    assert np.array_equal(fix.region.mask, region.mask & ~removed)
    assert _boundary(region.mask)[removed].all()  # every removed cell beside the outside
    assert len(fix.inner) == 0
    assert fix.region.is_simply_connected  # no hole made
    assert f"removed {k} boundary cell" in fix.message or k == 0


def test_trim_leaves_a_tileable_region_alone():
    region = Region.from_strings(["....", "....", ".##.", "...."])
    fix = make_tileable(region)
    assert fix.region == region and not fix.changed and len(fix.removed) == 0
    assert "nothing changed" in fix.message


def _fewest_removed_by_brute_force(mask):
    """The fewest cells whose removal leaves a tileable mask: every subset, smallest first."""
    cells = list(zip(*np.nonzero(mask)))
    for j in range(len(cells) + 1):
        for drop in itertools.combinations(cells, j):
            m = mask.copy()
            for cell in drop:
                m[cell] = False
            if brute_force_tilings(m):
                return j
    return None


@pytest.mark.parametrize(
    "lines",
    [
        ["...#", "....", "..#.", "...."],  # tileable: nothing to remove
        ["..#..", ".....", "#...#"],  # 5 black, 7 white
        [".#..", "....", "..#.", "#..."],
        ["...", ".#.", "..."],
        ["#.##", "....", "#..#", "#..."],  # 5 black, 5 white, no tiling
    ],
)
def test_trim_removes_as_few_cells_as_brute_force_finds(lines):
    region = Region.from_strings(lines)
    fix = make_tileable(region)
    assert len(fix.removed) == _fewest_removed_by_brute_force(np.array(region.mask))
    assert brute_force_tilings(fix.region.mask)


def test_an_interior_cell_that_cannot_move_is_reported():
    # the centre of a plus: its four arms pair with it or with nothing else
    region = Region.from_strings([".#.#.", "#...#", ".#.#."])
    fix = make_tileable(region)
    assert count_tilings(fix.region) > 0 or fix.region.n_cells == 0
    assert len(fix.removed) == region.n_cells - 2 * _matching_size(region)


def test_double_is_always_tileable():
    region = Region.from_strings([".#.", "#.#", ".#."])  # no two cells touch
    with pytest.raises(NoTilingError, match="rule='double'"):
        make_tileable(region)
    fix = make_tileable(region, rule="double")
    assert np.array_equal(fix.region.mask, np.kron(region.mask, np.ones((2, 2), bool)))
    assert count_tilings(fix.region) == 2**region.n_cells  # each 2x2 block alone: 2 tilings
    assert len(fix.removed) == 0 and fix.changed
    assert "2x2 block" in fix.message


def test_refusals():
    with pytest.raises(DominoTilingError, match="rule"):
        make_tileable(Region.rectangle(2, 3), rule="shrink")
    with pytest.raises(DominoTilingError, match="plane regions"):
        make_tileable(Region.torus(3, 3))
    with pytest.raises(DominoTilingError):
        make_tileable("....")


def test_method_and_constructors_report_the_change(tmp_path):
    lines = [".....", ".....", "....."]
    region = Region.from_strings(lines)
    assert region.make_tileable().region == make_tileable(region).region
    with pytest.warns(RegionChangedWarning, match="removed 1 boundary cell"):
        made = Region.from_strings(lines, tileable="trim")
    assert made == make_tileable(region).region
    path = tmp_path / "blob.png"
    Image.fromarray(np.where(region.mask, 0, 255).astype(np.uint8)).save(path)
    with pytest.warns(RegionChangedWarning, match="2x2 block"):
        doubled = Region.from_image(path, tileable="double")
    assert doubled.n_cells == 4 * region.n_cells
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Region.from_image(path) == region  # no rule: the cells as drawn, no warning


def test_limit_shape_names_the_rule():
    from dominotiling.theory import limit_shape

    with pytest.raises(NoTilingError, match="make_tileable"):
        limit_shape(Region.from_strings([".....", ".....", "....."]))
