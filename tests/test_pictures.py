"""The Aztec, dimer and height-surface pictures of viz/draw.py."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

from dominotiling import DominoTilingError, Region, Tiling, find_tiling, max_cover, sample_aztec
from dominotiling.viz.views import AZTEC_COLORS, draw_aztec, draw_dimers, draw_height_surface

L_SHAPE = ["......", "......", "......", "..####", "..####", "..####"]


def _cell_colours(ax):
    """The painted image as an array of RGB rows, one per cell."""
    return np.asarray(ax.images[0].get_array())[..., :3]


def _types_by_definition(tiling, n):
    """Per cell, the Aztec type of its domino, from the definition (not the library's code).

    Horizontal: north when the left cell has r + c + n odd, else south; vertical:
    west when the top cell has r + c + n odd, else east. (0, 1, 2, 3) = N, S, E, W.
    """
    lab = tiling.labels
    out = np.full(lab.shape, -1)
    for (r0, c0), (r1, c1) in tiling.dominoes.tolist():
        odd = (r0 + c0 + n) % 2 == 1
        kind = (0 if odd else 1) if r0 == r1 else (3 if odd else 2)
        out[r0, c0] = out[r1, c1] = kind
    return out


def test_draw_aztec_colours_are_the_four_types():
    n = 40
    t = sample_aztec(n, seed=5)
    ax = draw_aztec(t)
    rgb = _cell_colours(ax)
    inside = t.region.mask
    types = _types_by_definition(t, n)
    assert np.allclose(rgb[inside], AZTEC_COLORS[types[inside]])
    assert len(np.unique(rgb[inside].round(3), axis=0)) == 4
    # the frozen corners: north on top, south at the bottom, west left, east right
    assert types[0, n - 1] == 0 and types[2 * n - 1, n] == 1
    assert types[n, 0] == 3 and types[n, 2 * n - 1] == 2


def test_draw_aztec_orientation_scheme_has_two_colours():
    t = sample_aztec(30, seed=2)
    rgb = _cell_colours(draw_aztec(t, scheme="orientation"))
    assert len(np.unique(rgb[t.region.mask].round(3), axis=0)) == 2
    with pytest.raises(ValueError, match="scheme"):
        draw_aztec(t, scheme="rainbow")


def test_draw_aztec_circle_overlay():
    n = 25
    t = sample_aztec(n, seed=0)
    fig, ax = plt.subplots()
    assert draw_aztec(t, ax=ax) is ax and len(ax.lines) == 0
    ax = draw_aztec(t, circle=True)
    assert len(ax.lines) == 1
    x, y = ax.lines[0].get_data()
    # inscribed in the diamond: centre (n, n), radius n / sqrt(2)
    assert np.allclose(np.hypot(x - n, y - n), n / math.sqrt(2))


def test_draw_aztec_needs_an_aztec_tiling():
    with pytest.raises(DominoTilingError, match="Aztec"):
        draw_aztec(find_tiling(Region.rectangle(4, 4)))


def test_draw_aztec_large_order_is_fast_and_shows_every_cell():
    import time

    t = sample_aztec(300, seed=1)
    t0 = time.perf_counter()
    ax = draw_aztec(t, circle=True)
    ax.figure.canvas.draw()
    assert time.perf_counter() - t0 < 5.0
    assert _cell_colours(ax).shape == (600, 600, 3)


def test_draw_dimers_one_segment_per_domino_between_its_cells():
    t = sample_aztec(12, seed=3)
    ax = draw_dimers(t)
    segs = ax.collections[-1].get_segments()
    assert len(segs) == t.n_dominoes
    expected = {frozenset(map(tuple, d)) for d in t.dominoes.tolist()}
    got = set()
    for (x0, y0), (x1, y1) in segs:
        assert abs(x0 - x1) + abs(y0 - y1) == pytest.approx(1.0)  # neighbouring cell centres
        got.add(frozenset({(int(y0 - 0.5), int(x0 - 0.5)), (int(y1 - 0.5), int(x1 - 0.5))}))
    assert got == expected
    # one dot per region cell
    assert len(ax.collections[0].get_offsets()) == t.region.n_cells


def test_draw_dimers_partial_tiling_leaves_uncovered_cells_bare():
    cover = max_cover(Region.rectangle(3, 3))
    ax = draw_dimers(cover, color="black")
    assert len(ax.collections[-1].get_segments()) == cover.n_dominoes == 4
    assert len(ax.collections[0].get_offsets()) == 9


def test_height_surface_matches_height_function():
    region = Region.from_strings(L_SHAPE)
    t = find_tiling(region)
    ax = draw_height_surface(t)
    assert ax.name == "3d"
    surf = ax.collections[-1]
    h = t.height_function()
    # one quadrilateral per region cell, coloured by the mean height of its four corners
    r, c = np.nonzero(region.mask)
    expected = (h[r, c] + h[r, c + 1] + h[r + 1, c] + h[r + 1, c + 1]) / 4
    got = np.asarray(surf.get_array())
    assert len(got) == region.n_cells
    assert np.allclose(np.sort(got), np.sort(expected))
    lo, hi = ax.get_zlim()
    defined = h[h != np.iinfo(np.int64).min]
    assert lo < defined.min() and hi > defined.max()


def test_height_surface_strides_large_boards_evenly():
    t = sample_aztec(50, seed=4)  # 100 x 100 cells, 101 x 101 vertices
    h = t.height_function()
    ax = draw_height_surface(t, max_quads=10)
    got = np.asarray(ax.collections[-1].get_array())
    s = 10  # the even stride covering 100 vertices in at most 10 quads
    defined = h != np.iinfo(np.int64).min
    means = []
    for i in range(0, 101 - s, s):
        for j in range(0, 101 - s, s):
            corners = [(i, j), (i, j + s), (i + s, j + s), (i + s, j)]
            if all(defined[a, b] for a, b in corners):
                means.append(np.mean([h[a, b] for a, b in corners]))
    assert len(got) == len(means) > 0
    assert np.allclose(np.sort(got), np.sort(means))


def test_height_surface_errors():
    t = find_tiling(Region.rectangle(2, 2))
    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="3-D"):
        draw_height_surface(t, ax=ax)
    holed = Region.from_strings(["....", ".##.", ".##.", "...."])
    with pytest.raises(DominoTilingError):
        draw_height_surface(find_tiling(holed))
    partial = Tiling(Region.rectangle(1, 2), np.array([[-2, -2]], dtype=np.int32), validate=False)
    with pytest.raises(DominoTilingError, match="uncovered"):
        draw_height_surface(partial)
    fig3 = plt.figure()
    ax3 = fig3.add_subplot(projection="3d")
    assert draw_height_surface(t, ax=ax3) is ax3
