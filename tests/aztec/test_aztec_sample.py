"""A shuffling sample held as bit planes (issue 42): its labels on demand, its pictures and PNG from the planes."""

import io
import pickle

import numpy as np
import pytest
from PIL import Image

from dominotiling import Region, Tiling
from dominotiling.aztec.shuffling import sample_aztec
from dominotiling.errors import DominoTypeError, FileError
from dominotiling.viz.raster import _planes_raster, aztec_png, tiling_raster
from dominotiling.viz.views import draw_aztec


def _has_labels(sample):
    """Whether the sample made its labels or its region (the Tiling's own slots, made on first use)."""
    for slot in (Tiling._labels, Tiling._region):
        try:
            slot.__get__(sample)
        except AttributeError:
            continue
        return True
    return False


def _plain(sample):
    """The same tiling as a plain, checked Tiling (its labels validated by the constructor)."""
    return Tiling(Region.aztec_diamond(sample.order), np.array(sample.labels))


@pytest.mark.parametrize("n, weights", [(1, None), (9, None), (70, (1.0, 0.5)), (65, None)])
def test_labels_and_region_on_demand_are_a_valid_tiling(n, weights):
    s = sample_aztec(n, seed=n, weights=weights)
    assert not _has_labels(s) and s.planes is not None
    assert s.n_dominoes == n * (n + 1) and s.is_complete and s.order == n
    plain = _plain(s)  # validates
    assert _has_labels(s)
    assert plain.n_dominoes == n * (n + 1) and plain.is_complete
    assert s.region == Region.aztec_diamond(n)
    assert s == plain and plain == s and hash(s) == hash(plain)


def test_samples_compare_and_pickle_by_their_planes():
    a, b, c = sample_aztec(40, seed=1), sample_aztec(40, seed=1), sample_aztec(40, seed=2)
    assert a == b and a != c and not _has_labels(a)
    back = pickle.loads(pickle.dumps(a))
    assert back == a and back.planes is not None and not _has_labels(back)
    assert np.array_equal(back.labels, _plain(a).labels)
    w = sample_aztec(30, seed=3, weights=(1.0, 0.5))
    back = pickle.loads(pickle.dumps(w))
    assert back.weights_label == w.weights_label and back == w


@pytest.mark.parametrize("color_by", ["types", "phases", "orientation"])
@pytest.mark.parametrize("width", [1000, 37, 140])
def test_raster_from_planes_equals_the_raster_from_labels(color_by, width):
    s = sample_aztec(70, seed=5, weights=(1.0, 0.5))
    # the kernel of samples over 800 cells wide, here on a small one
    got = _planes_raster(s, color_by, width, None)
    assert not _has_labels(s)
    plain = Tiling._trusted(s.region, s.labels)  # no planes: the labels' kernel
    want = tiling_raster(plain, color_by=color_by, width=width, block_weights=s.block_weights)
    assert got.shape == want.shape
    assert np.abs(got.astype(int) - want).max() <= 1  # integer sums vs float sums, rounded
    if width >= 140:  # a cell a pixel: the same colours exactly
        assert np.array_equal(got, want)


def test_full_resolution_png_is_the_raster_one_pixel_a_cell(tmp_path):
    s = sample_aztec(90, seed=2)
    png = s.to_png()
    with Image.open(io.BytesIO(png)) as im:
        assert im.size == (180, 180) and im.mode == "P"
        rgb = np.asarray(im.convert("RGB")).astype(int)
    want = tiling_raster(Tiling._trusted(s.region, s.labels), width=180).astype(int)
    assert np.abs(rgb - want).max() <= 1
    path = tmp_path / "sample.png"
    assert s.save_png(path) is None and path.read_bytes() == png
    with pytest.raises(FileError):
        s.to_png(tmp_path)  # a folder
    with pytest.raises(DominoTypeError):
        aztec_png(Tiling._trusted(s.region, s.labels))


def test_draw_aztec_of_a_large_sample_is_one_image_without_labels():
    s = sample_aztec(600, seed=1)
    ax = draw_aztec(s, circle=True)
    assert len(ax.images) == 1 and len(ax.lines) == 1 and not _has_labels(s)
    img = ax.images[0].get_array()
    assert img.shape[0] < 2 * 600 and ax.get_xlim() == (0, 1200)
    # the same picture as from the labels, within a unit of colour and a pixel's rounding
    from dominotiling.viz.raster import _planes_raster as from_planes

    want = tiling_raster(Tiling._trusted(s.region, s.labels), width=img.shape[0])
    assert np.abs(np.asarray(img, dtype=int) - want).max() <= 1
    assert np.array_equal(np.asarray(img), from_planes(s, "types", img.shape[0], None))
    # the rich display: one raster, no figure, no labels
    big = sample_aztec(1000, seed=1)
    with Image.open(io.BytesIO(big._repr_png_())) as im:
        assert max(im.size) <= 800
    assert not _has_labels(big)


def test_small_samples_still_draw_their_outlines():
    s = sample_aztec(6, seed=1)
    ax = draw_aztec(s)
    assert ax.collections  # the domino outlines of draw_cells


def test_a_sample_travels_by_its_labels_and_comes_back_equal():
    # what the parallel ensembles send (dominotiling.parallel._wire): region, labels, extra
    s = sample_aztec(20, seed=4, weights=(1.0, 0.5))
    back = type(s)._from_wire(s.region, np.array(s.labels), s._wire_extra())
    assert back == s and back.weights_label == s.weights_label and back.planes is None
    assert back.n_dominoes == s.n_dominoes and back.order == 20
