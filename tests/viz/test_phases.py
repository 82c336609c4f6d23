"""The eight phase colours of periodic Aztec samples, the samples' weights, and the predicted curves."""

import pickle

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from dominotiling import DominoTilingError, Tiling, Weights, sample_aztec
from dominotiling.aztec.sample import AztecSample
from dominotiling.aztec.weighted import aztec_weights
from dominotiling.theory.aztec_curves import _cell_pattern, aztec_curves, two_periodic_curve
from dominotiling.viz.phases import PHASE_COLORS, block_classes, heavy_blocks
from dominotiling.viz.views import draw_aztec


def _blocks_by_definition(tiling, n):
    """Per cell, the block (i, j) of its domino, from sample_aztec's definition of the blocks.

    Block (i, j) is the 2x2 square with top-left cell (i + j, n - 1 + j - i); a domino
    is the top, bottom, left or right half of exactly one of them.
    """
    corner = {}
    for i in range(-1, n + 1):
        for j in range(-1, n + 1):
            corner[(i + j, n - 1 + j - i)] = (i, j)
    out = {}
    for (r0, c0), (r1, c1) in tiling.dominoes.tolist():
        if r0 == r1:  # top half of the block at (r0, c0) or bottom half of the one at (r0 - 1, c0)
            ij = corner.get((r0, c0), corner.get((r0 - 1, c0)))
        else:  # left half of the block at (r0, c0) or right half of the one at (r0, c0 - 1)
            ij = corner.get((r0, c0), corner.get((r0, c0 - 1)))
        out[(r0, c0)] = out[(r1, c1)] = ij
    return out


def test_block_classes_follow_the_definition_of_the_blocks():
    n = 14
    pattern = np.ones((3, 2, 4))
    pattern[1, 0] = 3.0  # one heavy block in a 3 x 2 period
    t = sample_aztec(n, seed=4, weights=pattern)
    classes = block_classes(t.labels, n, t.block_weights)
    blocks = _blocks_by_definition(t, n)
    for (r, c), (i, j) in blocks.items():
        assert 0 <= i < n and 0 <= j < n
        assert classes[r, c] == (0 if (i % 3, j % 2) == (1, 0) else 1)
    assert (classes[~t.region.mask] == -1).all()


def test_heavy_blocks_of_the_two_periodic_model_are_the_a_blocks():
    block = sample_aztec(4, seed=0, weights=(1.0, 0.5)).block_weights
    assert heavy_blocks(block).tolist() == [[True, False], [False, True]]
    assert not heavy_blocks(np.ones((2, 3, 4))).any()


def _picture(tiling, **kwargs):
    fig = Figure(figsize=(8, 8), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    draw_aztec(tiling, ax=ax, **kwargs)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(float) / 255, ax


def _brightness(img, lo, hi):
    """Mean brightness of the picture between radii lo and hi (fractions of the half-width)."""
    h, w = img.shape[:2]
    y, x = np.mgrid[:h, :w]
    r = np.hypot(y - h / 2, x - w / 2) / (w / 2)
    return img[(r >= lo) & (r < hi)].mean()


def test_the_gas_shows_in_the_default_picture():
    n = 200
    two = sample_aztec(n, seed=1, weights=(1.0, 0.5))
    uni = sample_aztec(n, seed=1)
    img_two, _ = _picture(two)
    img_uni, _ = _picture(uni)
    centre_two, centre_uni = _brightness(img_two, 0, 0.15), _brightness(img_uni, 0, 0.15)
    liquid_two = _brightness(img_two, 0.5, 0.6)  # between the gas curve and the arctic curve
    # the gas is a dark middle: darker than the uniform sample's middle and than its own liquid
    assert centre_two < centre_uni - 0.1
    assert centre_two < liquid_two - 0.08
    # heavy-block dominoes fill the gas (about 90 %); half of the liquid's
    classes = block_classes(two.labels, n, two.block_weights)
    y, x = np.mgrid[: 2 * n, : 2 * n]
    r = np.hypot(y - n + 0.5, x - n + 0.5) / n
    inside = classes >= 0
    assert (classes[inside & (r < 0.15)] == 0).mean() > 0.8
    assert (classes[inside & (r > 0.5) & (r < 0.6)] == 0).mean() < 0.7


def test_auto_colours_are_the_phases_for_periodic_weights_only():
    t = sample_aztec(20, seed=3, weights=(1.0, 0.5))
    _, ax = _picture(t)
    rgb = np.asarray(ax.images[0].get_array())[..., :3]
    colours = {tuple(v) for v in rgb[t.region.mask].astype(np.float32).round(3).tolist()}
    eight = PHASE_COLORS.reshape(8, 3).astype(np.float32).round(3)
    assert colours <= {tuple(v) for v in eight.tolist()}
    assert len(colours) == 8
    _, ax = _picture(sample_aztec(20, seed=3))
    uniform = np.asarray(ax.images[0].get_array())[..., :3]
    assert len({tuple(v) for v in uniform[t.region.mask].round(4).tolist()}) == 4  # the types
    # a plain Tiling of the same dominoes, given the weights, gets the sample's colours
    plain = Tiling(t.region, t.labels)
    assert not isinstance(plain, AztecSample)
    _, ax = _picture(plain, weights=(1.0, 0.5))
    assert np.array_equal(np.asarray(ax.images[0].get_array())[..., :3], rgb)


def test_samples_keep_their_weights_and_compare_as_tilings():
    t = sample_aztec(12, seed=2, weights=(2.0, 1.0))
    assert isinstance(t, AztecSample) and t.weights_label == "two-periodic a=2, b=1"
    back = pickle.loads(pickle.dumps(t))
    assert back == t and back.weights_label == t.weights_label
    assert np.array_equal(back.block_weights, t.block_weights)
    assert sample_aztec(12, seed=2).weights_label == "uniform"
    w = aztec_weights(12, (2.0, 1.0))
    assert sample_aztec(12, seed=2, weights=w).weights_label == "any weights"
    with pytest.raises(DominoTilingError, match="periodic block weights"):
        draw_aztec(sample_aztec(12, seed=2, weights=w), curves=True)
    assert isinstance(w, Weights)


def test_curves_are_drawn_over_the_sample():
    t = sample_aztec(60, seed=1, weights=(1.0, 0.5))
    _, ax = _picture(t, curves=True)
    arctic, gas = aztec_curves(60, (1.0, 0.5))
    assert len(ax.lines) == len(arctic) + len(gas) == 2
    assert np.allclose(ax.lines[0].get_xydata(), arctic[0])


def test_two_periodic_curves_against_the_arctic_circle_and_the_gas_facet():
    arctic, gas = two_periodic_curve(1.0, 1.0)  # a = b: the uniform model
    assert gas == ()
    (circle,) = arctic
    assert np.abs(np.hypot(circle[:, 0], circle[:, 1]) - 1 / np.sqrt(2)).max() < 5e-3
    arctic, gas = two_periodic_curve(1.0, 0.5)
    (outer,), (inner,) = arctic, gas
    # the arctic curve touches the four sides of the diamond; the gas curve lies inside it
    reach = np.abs(outer).sum(axis=1)
    assert abs(reach.max() - 1) < 5e-3
    assert np.abs(inner).sum(axis=1).max() < reach.min()


def test_cell_pattern_is_the_weights_of_the_positions():
    n = 9
    block = np.arange(1.0, 25.0).reshape(2, 3, 4)
    h, v = _cell_pattern(block, n)
    w = aztec_weights(n, block)
    H, V = np.asarray(w.horizontal, float), np.asarray(w.vertical, float)
    L = h.shape[0]
    for grid, small in ((H, h), (V, v)):
        r, c = np.nonzero(grid > 0)
        assert np.array_equal(small[r % L, c % L], grid[r, c])


@pytest.mark.full  # the numerical limit shape on its fine grid, about 2 CPU minutes: pytest --full
def test_numerical_curves_of_other_periodic_weights():
    """A two-periodic weighting written as four distinct edge weights per block (so that the exact
    curve is not used): the numerical limit shape's curves lie near Chhita and Johansson's."""
    from scipy.spatial import cKDTree

    from dominotiling.theory.aztec_curves import _numerical_unit

    block = np.array([[[1.0] * 4, [0.5] * 4], [[0.5] * 4, [1.0] * 4]])
    arctic, gas = _numerical_unit(block.tobytes(), block.shape)
    exact_arctic, exact_gas = two_periodic_curve(1.0, 0.5)
    assert len(arctic) >= 1 and len(gas) >= 1
    for ours, theirs in ((arctic, exact_arctic), (gas, exact_gas)):
        d = cKDTree(np.vstack(theirs)).query(np.vstack(ours))[0]
        assert np.median(d) < 0.03  # a few mesh squares of the order-48 solve


@pytest.mark.parametrize("color_by", ["phases", "types", "orientation"])
def test_raster_is_the_cells_colours_averaged(color_by):
    """The raster kernel against the numpy colours of draw_aztec, cell by cell and in 2 x 2 means."""
    from dominotiling.viz.draw import _tiling_rgb
    from dominotiling.viz.raster import tiling_raster

    n = 15
    t = sample_aztec(n, seed=6, weights=(1.0, 0.3))
    rgb = np.asarray(_tiling_rgb(t, color_by, None, parity=(n + 1) % 2), dtype=float)
    one = tiling_raster(t, color_by=color_by, width=2 * n).astype(float) / 255
    assert np.abs(one - rgb).max() <= 0.5 / 255 + 1e-6
    padded = np.ones((2 * n + 2, 2 * n + 2, 3))  # 30 cells: 15 blocks of 2; white padding unused
    padded[: 2 * n, : 2 * n] = rgb
    means = padded[: 2 * n, : 2 * n].reshape(n, 2, n, 2, 3).mean(axis=(1, 3))
    two = tiling_raster(t, color_by=color_by, width=n).astype(float) / 255
    assert np.abs(two - means).max() <= 0.5 / 255 + 1e-6
    big = tiling_raster(t, color_by=color_by, width=8 * n)  # small boards: pixels repeated
    assert big.shape == (8 * n, 8 * n, 3) and np.array_equal(big[::4, ::4], (one * 255).round())
