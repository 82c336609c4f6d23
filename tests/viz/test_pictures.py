"""The pictures of viz/views.py: Aztec, dimer and height-surface views, certificates, paths, trees."""

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest

from dominotiling import DominoTilingError, Region, Tiling, find_tiling, max_cover, sample_aztec
from dominotiling.errors import DominoTypeError
from dominotiling.viz.views import (
    AZTEC_COLORS,
    draw_augmenting_path,
    draw_aztec,
    draw_certificate,
    draw_dimers,
    draw_height_surface,
    draw_tree_on_tiling,
)

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


def test_draw_aztec_orientation_colouring_has_two_colours():
    t = sample_aztec(30, seed=2)
    rgb = _cell_colours(draw_aztec(t, color_by="orientation"))
    assert len(np.unique(rgb[t.region.mask].round(3), axis=0)) == 2
    # horizontal dominoes in one colour, vertical ones in the other
    horizontal = np.zeros(t.labels.shape, bool)
    for (r0, c0), (r1, c1) in t.dominoes.tolist():
        horizontal[r0, c0] = horizontal[r1, c1] = r0 == r1
    inside = t.region.mask
    assert len(np.unique(rgb[inside & horizontal].round(3), axis=0)) == 1
    assert len(np.unique(rgb[inside & ~horizontal].round(3), axis=0)) == 1
    with pytest.raises(ValueError, match="color_by"):
        draw_aztec(t, color_by="rainbow")


def test_old_colour_keywords_still_work_with_a_warning():
    t = sample_aztec(6, seed=2)
    with pytest.warns(DeprecationWarning, match="color_by"):
        old = _cell_colours(draw_aztec(t, scheme="orientation"))
    assert np.array_equal(old, _cell_colours(draw_aztec(t, color_by="orientation")))
    with pytest.warns(DeprecationWarning, match="color_by"):
        ax = draw_dimers(t, color="black")
    assert np.allclose(ax.collections[-1].get_colors(), [[0, 0, 0, 1]])
    with pytest.raises(DominoTilingError, match="color_by= only"), pytest.warns(DeprecationWarning):
        draw_aztec(t, color_by="orientation", scheme="types")


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


def test_draw_aztec_large_order_shows_every_cell_averaged_to_the_pixels():
    # its speed is measured in benchmarks/cases_pictures.py and cases_display.py
    from dominotiling.viz.draw import pixels_per_cell

    n = 300
    t = sample_aztec(n, seed=1)
    ax = draw_aztec(t, circle=True)
    ax.figure.canvas.draw()
    px = pixels_per_cell(ax, (2 * n, 2 * n))
    f = int(math.ceil(1 / px)) if px < 1 else 1
    side = -(-2 * n // f)
    got = _cell_colours(ax)
    assert got.shape == (side, side, 3) and len(ax.collections) == 0  # no outlines at this size
    # every cell counts: the image is the block mean of the cells' type colours (white outside)
    cells = np.ones((side * f, side * f, 3))
    types = _types_by_definition(t, n)
    cells[: 2 * n, : 2 * n][t.region.mask] = AZTEC_COLORS[types[t.region.mask]]
    assert np.allclose(got, cells.reshape(side, f, side, f, 3).mean(axis=(1, 3)), atol=1e-5)


def test_draw_aztec_outlines_only_when_cells_are_large():
    from matplotlib.figure import Figure

    t = sample_aztec(10, seed=1)
    fig = Figure(figsize=(4, 4), dpi=100)
    assert len(draw_aztec(t, ax=fig.add_axes((0, 0, 1, 1))).collections) == 1  # 20 px a cell
    fig = Figure(figsize=(0.6, 0.6), dpi=100)
    assert len(draw_aztec(t, ax=fig.add_axes((0, 0, 1, 1))).collections) == 0  # 3 px a cell


def test_draw_aztec_refuses_partial_tilings_clearly():
    from dominotiling.errors import DominoTilingError as E

    r = Region.aztec_diamond(2)
    partial = Tiling(r, np.where(r.mask, -2, -1))
    with pytest.raises(E, match="uncovered"):
        draw_aztec(partial)


def test_local_tilt_shows_the_gas_flat_and_the_frozen_corners_steep():
    from dominotiling.viz.views import draw_local_tilt

    n = 80
    t = sample_aztec(n, seed=7, weights=(1.0, 0.2))
    ax = draw_local_tilt(t, colorbar=False)
    tilt = np.ma.filled(ax.images[0].get_array(), np.nan)
    assert tilt.shape == (2 * n + 1, 2 * n + 1)
    centre = np.nanmean(tilt[n - 5 : n + 6, n - 5 : n + 6])  # the gas: flat
    # halfway between the centre and the top corner of the diamond: frozen
    corner = np.nanmean(tilt[n // 5 : n // 5 + 6, n - 3 : n + 4])
    assert centre < 0.3 * corner
    with pytest.raises(ValueError, match="window"):
        draw_local_tilt(t, window=1)


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
    ax = draw_dimers(cover, color_by="black")
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

    with pytest.raises(DominoTilingError, match="max_quads"):
        draw_height_surface(t, max_quads=0)


def test_dimers_colour_must_be_a_colour():
    t = find_tiling(Region.rectangle(2, 2))
    with pytest.raises(DominoTilingError, match="colour"):
        draw_dimers(t, color_by="no-such-colour")
    with pytest.raises(DominoTypeError, match="Tiling"):
        draw_dimers(t.region)


# ------------------------------------------------------------ algorithm pictures
ARTICLE = ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]


def test_certificate_colours_s_and_its_neighbours():
    region = Region.from_strings(ARTICLE)
    from dominotiling.matching.matchings import hall_violator

    s = set(hall_violator(region))
    near = {(r + dr, c + dc) for r, c in s for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    near = {p for p in near if p in region} - s
    ax = draw_certificate(region, s)
    img = np.asarray(ax.images[0].get_array())[..., :3]
    colour = {cell: tuple(img[cell].round(3)) for cell in map(tuple, region.cells.tolist())}
    assert len({colour[c] for c in s}) == 1 and len({colour[c] for c in near}) == 1
    assert {colour[c] for c in s} != {colour[c] for c in near}
    assert (
        ax.get_title() == f"|S| = {len(s)} black cells, |N(S)| = {len(near)} neighbours: no tiling"
    )
    # the same set given as a Region
    same = draw_certificate(region, Region.from_cells(sorted(s), shape=region.shape))
    assert np.array_equal(
        np.asarray(same.images[0].get_array()), np.asarray(ax.images[0].get_array())
    )


def test_certificate_bad_input():
    region = Region.from_strings(ARTICLE)
    with pytest.raises(DominoTilingError, match="not a cell"):
        draw_certificate(region, [(0, 6)])
    with pytest.raises(DominoTypeError, match="integer"):
        draw_certificate(region, [(0.5, 1)])
    with pytest.raises(DominoTypeError, match="pair"):
        draw_certificate(region, [7])
    with pytest.raises(DominoTypeError, match="iterable"):
        draw_certificate(region, 5)
    with pytest.raises(DominoTypeError, match="Region"):
        draw_certificate(find_tiling(Region.rectangle(2, 2)), [(0, 0)])


def test_augmenting_path_through_cell_centres():
    from dominotiling.matching.matchings import kuhn_frames

    frames = kuhn_frames(Region.from_strings(ARTICLE), seed=11)
    f = max(frames, key=lambda f: len(f.path))
    ax = draw_augmenting_path(f.before, f.path)
    xs, ys = ax.lines[0].get_data()
    assert np.allclose(np.stack([ys, xs], 1) - 0.5, f.path)
    with pytest.raises(DominoTilingError, match="path"):
        draw_augmenting_path(f.before, [1, 2, 3])
    with pytest.raises(DominoTypeError, match="Tiling"):
        draw_augmenting_path(f.before.region, f.path)


def _tree_segments(ax):
    return {
        frozenset(map(tuple, seg.round(3).tolist())) for seg in ax.collections[-2].get_segments()
    }


def test_tree_on_tiling_joins_each_vertex_to_its_parent():
    from dominotiling.sampling import random_tiling
    from dominotiling.trees.temperley_grid import temperley_region, tiling_to_tree

    t = random_tiling(temperley_region(4, 5), seed=3)
    # by hand: a domino covering a vertex cell (2i, 2j) points across its other cell to the parent
    expected = set()
    for a, b in t.dominoes.tolist():
        for v, e in ((a, b), (b, a)):
            if v[0] % 2 == 0 and v[1] % 2 == 0:
                p = (2 * e[0] - v[0], 2 * e[1] - v[1])
                expected.add(frozenset({(v[1] + 0.5, v[0] + 0.5), (p[1] + 0.5, p[0] + 0.5)}))
    ax = draw_tree_on_tiling(t)
    assert _tree_segments(ax) == expected and len(expected) == 4 * 5 - 1
    # the same tree given as a parent array or a graph
    assert (
        _tree_segments(draw_tree_on_tiling(t, tree=tiling_to_tree(t, as_parent=True))) == expected
    )
    assert _tree_segments(draw_tree_on_tiling(t, tree=tiling_to_tree(t))) == expected
    assert len(draw_tree_on_tiling(t, dual=False).collections) == 2  # outlines and the tree


def test_tree_on_tiling_bad_input():
    from dominotiling.trees.temperley_grid import temperley_region

    t = find_tiling(temperley_region(3, 3))
    with pytest.raises(DominoTilingError, match="Temperley"):
        draw_tree_on_tiling(find_tiling(Region.rectangle(2, 2)))
    with pytest.raises(DominoTilingError, match="9 entries"):
        draw_tree_on_tiling(t, tree=np.array([-1, 0, 1]))
    with pytest.raises(DominoTypeError, match="Tiling"):
        draw_tree_on_tiling(t.region)


def test_a_limit_shape_over_a_sample_of_a_drawn_region_keeps_both_surfaces_in_one_z_range():
    # vertices outside a drawn region hold the height sentinel (int64 min): they were
    # plotted as spikes; and the sample's panel took the limit surface's z range, too
    # narrow for the sample's fluctuations (drawn far outside its axes)
    from dominotiling import random_tiling
    from dominotiling.matching.height import UNDEFINED
    from dominotiling.theory import limit_shape
    from dominotiling.viz.limit_shape import draw_limit_shape

    m = np.ones((24, 24), bool)
    m[:8, :8] = False
    m[16:, 16:] = False
    region = Region.from_mask(m)
    sample = random_tiling(region, seed=1)
    h = sample.height_function()
    assert (h == UNDEFINED).any()
    h = h[h != UNDEFINED]
    ls = limit_shape(region, progress=False)
    fig = draw_limit_shape(ls, sample)
    limit_ax, sample_ax = fig.axes[1], fig.axes[2]
    faces = np.ma.compressed(sample_ax.collections[0].get_array())  # each face's mean height
    assert faces.size and h.min() <= faces.min() and faces.max() <= h.max()
    lo = min(h.min(), np.nanmin(ls.height))
    hi = max(h.max(), np.nanmax(ls.height))
    for ax in (limit_ax, sample_ax):
        z0, z1 = ax.get_zlim()
        assert z0 <= lo and hi <= z1 and z1 - z0 < 2 * (hi - lo)
    assert limit_ax.get_zlim() == sample_ax.get_zlim()
    assert h.max() - h.min() > np.nanmax(ls.height) - np.nanmin(ls.height)  # the case at stake
