import matplotlib.pyplot as plt
import numpy as np
import pytest

from dominotiling import (
    Region,
    Tiling,
    draw_region,
    draw_tiling,
    find_tiling,
    max_cover,
    random_tiling,
)
from dominotiling.errors import DominoTilingError, DominoTypeError
from dominotiling.viz.draw import _greedy_colors, draw_cells, draw_placement


def test_draw_returns_given_axes_and_does_not_show(monkeypatch):
    monkeypatch.setattr(plt, "show", lambda *a, **k: pytest.fail("plt.show() called"))
    fig, ax = plt.subplots()
    assert draw_region(Region.rectangle(3, 4), ax=ax) is ax
    assert draw_tiling(find_tiling(Region.rectangle(3, 4)), ax=ax) is ax
    assert ax.get_aspect() == 1.0 and not ax.axison


def test_new_axes_when_none_and_extent():
    ax = draw_tiling(random_tiling(Region.rectangle(2, 2), seed=0))
    assert ax.get_xlim() == (0, 2) and ax.get_ylim() == (2, 0)


def test_uncovered_cells_are_marked_gently():
    """Uncovered cells are an empty board -- no red crosses (issue 15: a wall of red marks) -- and
    not the white of a hole (issue 28: "left pale" they looked like holes)."""
    from matplotlib.colors import to_rgb

    cover = max_cover(Region.rectangle(3, 3))
    ax = draw_tiling(cover)
    ((r, c),) = np.argwhere(cover.labels == -2)
    rgb = np.asarray(ax.images[0].get_array())[..., :3]
    pale = rgb[r, c]
    assert 0.7 < pale.min() and pale.max() < 0.93 and np.ptp(pale) < 0.1  # a light grey, not white
    assert np.abs(pale - 1.0).min() > 0.05  # a hole (outside the region) is white
    hatch = [c for c in ax.collections if c.get_gid() == "uncovered"]
    assert len(hatch) == 1 and hatch[0].get_hatch() == "///" and len(hatch[0].get_paths()) == 1
    covered = rgb[cover.labels >= 0]
    assert all(np.abs(covered - pale).max(axis=1) > 0.1)  # every domino stands out from it
    for coll in ax.collections:  # nothing red is drawn
        for colour in list(coll.get_edgecolor()) + list(coll.get_facecolor()):
            assert not np.allclose(colour[:3], to_rgb((0.8, 0.0, 0.0)), atol=0.2)
    # the empty part is outlined as one block: a single uncovered cell alone still gets its border
    segs = {tuple(map(tuple, s.tolist())) for s in ax.collections[0].get_segments()}
    around = {
        ((c, r), (c + 1, r)),
        ((c, r + 1), (c + 1, r + 1)),
        ((c, r), (c, r + 1)),
        ((c + 1, r), (c + 1, r + 1)),
    }
    assert around <= segs


def test_partial_tiling_free_cells_share_one_outline_and_a_faint_grid():
    region = Region.rectangle(2, 4)
    t = Tiling(region, [[0, 0, -2, -2], [1, 1, -2, -2]])
    ax = draw_tiling(t)
    black, grid, hatch = ax.collections
    assert (
        hatch.get_gid() == "uncovered" and len(hatch.get_paths()) == 4
    )  # the 4 free cells hatched
    # black, by hand: the outer border (12 unit edges), between the two dominoes (2), between
    # the dominoes and the free 2x2 block, outlined as one (2)
    assert len(black.get_segments()) == 12 + 2 + 2
    # faint grid inside the free block: its 4 inner unit edges
    assert len(grid.get_segments()) == 4
    assert np.allclose(grid.get_colors()[0][:3], 0.72)


def test_outlines_follow_dominoes():
    t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
    ax = draw_tiling(t)
    outline = ax.collections[-1].get_segments()
    # a 1x2 domino has 6 unit edges on its outline and none inside
    assert len(outline) == 6


def test_color_by_options():
    t = find_tiling(Region.rectangle(4, 4))
    draw_tiling(t, color_by="orientation")
    draw_tiling(t, color_by=np.arange(t.n_dominoes))
    draw_tiling(t, color_by=np.linspace(0, 1, t.n_dominoes))
    with pytest.raises(DominoTilingError, match="one value per domino"):
        draw_tiling(t, color_by=[1, 2])
    with pytest.raises(DominoTilingError, match="color_by"):
        draw_tiling(t, color_by="rainbow")
    with pytest.raises(DominoTypeError, match="color_by"):
        draw_tiling(t, color_by=["a"] * t.n_dominoes)
    with pytest.raises(DominoTilingError, match="colormap"):
        draw_tiling(t, color_by=np.linspace(0, 1, t.n_dominoes), cmap="no-such-map")


def test_neighbouring_dominoes_get_different_colours():
    t = random_tiling(Region.rectangle(12, 12), seed=4)
    colors = _greedy_colors(t.labels, t.n_dominoes, 10)
    lab = t.labels
    for a, b in ((lab[1:], lab[:-1]), (lab[:, 1:], lab[:, :-1])):
        diff = a != b
        assert (colors[a[diff]] != colors[b[diff]]).all()


def test_large_board_draws():
    t = random_tiling(Region.rectangle(200, 10), seed=1)
    ax = draw_tiling(t)
    assert len(ax.images) == 1


def test_float_colours_follow_the_colormap_ends():
    t = find_tiling(Region.rectangle(1, 4))  # two dominoes, ids 0 (left) and 1 (right)
    import matplotlib

    rgb = np.asarray(draw_tiling(t, color_by=[0.0, 1.0], cmap="viridis").images[0].get_array())
    cmap = matplotlib.colormaps["viridis"]
    assert np.allclose(rgb[0, 0, :3], cmap(0.0)[:3]) and np.allclose(rgb[0, 3, :3], cmap(1.0)[:3])


# ------------------------------------------------------------------ defects (issue 13)
def test_wrong_object_gives_a_clear_type_error():
    region = Region.rectangle(2, 2)
    tiling = find_tiling(region)
    with pytest.raises(DominoTypeError, match="this is a Region"):
        draw_tiling(region)  # an AttributeError before
    with pytest.raises(DominoTypeError, match="Region"):
        draw_region(tiling)
    with pytest.raises(DominoTypeError, match="ax"):
        draw_tiling(tiling, ax="left")


@pytest.mark.parametrize("shape", [(0, 0), (0, 3), (4, 0)])
def test_empty_boards_draw_an_empty_picture(shape):
    region = Region(np.zeros(shape, bool))  # numpy's "zero-size array" error before
    ax = draw_region(region)
    assert len(ax.images) == 0 and not ax.axison
    tiling = Tiling(region, np.full(shape, -1, np.int32))
    ax = draw_tiling(tiling)
    assert len(ax.images) == 0 and ax.get_xlim() == (0, max(shape[1], 1))


def test_region_without_cells_draws_blank_cells():
    region = Region(np.zeros((2, 3), bool))
    ax = draw_region(region)
    assert np.allclose(np.asarray(ax.images[0].get_array()), 1.0)  # all white: outside


def test_draw_cells_checks_shapes():
    with pytest.raises(DominoTilingError, match="rgb"):
        draw_cells(np.ones((2, 2, 3)), np.zeros((2, 3), int))
    with pytest.raises(DominoTilingError, match="labels"):
        draw_cells(np.ones((2, 2, 3)), np.zeros(4, int))


def test_draw_placement_per_cell_probabilities():
    from dominotiling.counting.placement import placement_probabilities

    # 2x2 square: two tilings, one horizontal and one vertical, so every cell is 1/2;
    # a 1x2 strip: always horizontal; a 2x1 strip: never
    for region, value in (
        (Region.rectangle(2, 2), 0.5),
        (Region.rectangle(1, 2), 1.0),
        (Region.rectangle(2, 1), 0.0),
    ):
        ax = draw_placement(placement_probabilities(region, exact=True), colorbar=False)
        shown = np.ma.filled(ax.images[0].get_array(), np.nan)
        assert np.allclose(shown, value)
    with pytest.raises(DominoTypeError, match="placement_probabilities"):
        draw_placement(Region.rectangle(2, 2))
    # any record of the two arrays draws the same, without a deprecation
    import warnings
    from collections import namedtuple

    probs = placement_probabilities(Region.from_strings(["..#", "...", "..."]), exact=False)
    pair = namedtuple("Pair", "horizontal vertical")(probs.horizontal, probs.vertical)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        a = np.ma.filled(draw_placement(pair, colorbar=False).images[0].get_array(), -1.0)
    b = np.ma.filled(draw_placement(probs, colorbar=False).images[0].get_array(), -1.0)
    assert (
        np.array_equal(a, b) and a[0, 2] == -1.0 and (a >= 0).sum() == 8
    )  # the blocked cell is blank


def test_pictures_of_algorithms_moved_to_views_old_paths_warn():
    import dominotiling
    import dominotiling.trees.temperley as temperley
    import dominotiling.trees.temperley_grid as temperley_grid
    import dominotiling.viz.draw as draw
    from dominotiling.viz import views

    for module, name in (
        (draw, "draw_certificate"),
        (draw, "draw_augmenting_path"),
        (temperley, "draw_tree_on_tiling"),
        (temperley_grid, "draw_tree_on_tiling"),
    ):
        with pytest.warns(DeprecationWarning, match="viz.views"):
            assert getattr(module, name) is getattr(views, name)
    assert dominotiling.draw_certificate is views.draw_certificate
    assert "draw_certificate" not in draw.__all__ and "draw_tree_on_tiling" not in temperley.__all__
    with pytest.raises(AttributeError):
        draw.no_such_picture  # noqa: B018


def _imports(path):
    """(module imported, names, inside which function or None) for every import in a file."""
    import ast

    tree = ast.parse(path.read_text())
    found = []

    def visit(node, func):
        for child in ast.iter_child_nodes(node):
            inner = (
                child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
            )
            if isinstance(child, ast.ImportFrom):
                module = "." * child.level + (child.module or "")
                found.append((module, [a.name for a in child.names], func))
            elif isinstance(child, ast.Import):
                found.extend((a.name, [], func) for a in child.names)
            visit(child, inner)

    visit(tree, None)
    return found


def test_the_model_never_imports_the_pictures():
    """Model modules reach viz only from a Region/Tiling's _repr_png_, a Tiling's vector exports
    (to_svg, to_pdf, to_tikz, an Aztec sample's to_png: lazily, inside the method) or a
    deprecation shim; the theory's result objects (an amoeba, a phase diagram, a limit shape)
    likewise draw and display themselves only inside their methods."""
    from pathlib import Path

    import dominotiling

    package = Path(dominotiling.__file__).parent
    above = {"__init__.py", "tour.py", "cli.py"}  # the floors above viz
    offenders = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if rel.parts[0] in ("viz", "games") or str(rel) in above:
            continue
        for module, names, func in _imports(path):
            if "viz" in module.split(".") or any(n == "viz" for n in names):
                if func not in (
                    "_repr_png_",
                    "__getattr__",
                    "to_svg",
                    "to_pdf",
                    "to_tikz",
                    "to_png",  # AztecSample's full-resolution PNG (viz.raster's streamed writer)
                    "to_mesh",  # the t-surface's OBJ/PLY/STL mesh (viz.export's writer)
                    "draw",
                    "_png_html",
                    "_repr_html_",
                ):
                    offenders.append(f"{rel}: {module} in {func or 'the module'}")
    assert not offenders, offenders


def test_viz_uses_public_model_functions_only():
    from pathlib import Path

    import dominotiling.viz

    shared = {
        "_validate",
        "_options",
        "_moved",
        "_files",
        "_util",
        "_interrupt",
    }  # the one argument check, the one memory budget, the old paths, the one safe file access,
    # the one keyword-only decorator, the one way to call off a computation (the ground floor)
    offenders = []
    for path in sorted(Path(dominotiling.viz.__file__).parent.glob("*.py")):
        for module, names, _func in _imports(path):
            if module.startswith("..") and not module.startswith("..viz"):
                last = module.lstrip(".").split(".")[-1]
                bad = [n for n in names if n.startswith("_") and n not in shared]
                if (last.startswith("_") and last not in shared) or bad:
                    offenders.append(f"{path.name}: from {module} import {', '.join(names)}")
    assert not offenders, offenders


# ------------------------------------------------------------- scale (issue 15)
def _axes(width_px, height_px=None, dpi=100):
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width_px / dpi, (height_px or width_px) / dpi), dpi=dpi)
    return fig.add_axes((0, 0, 1, 1))


def _types_by_hand(tiling, parity=0):
    """Per cell, 0 N / 1 S / 2 E / 3 W from the dominoes (not the library's code); -1 else."""
    out = np.full(tiling.labels.shape, -1)
    for (r0, c0), (r1, c1) in tiling.dominoes.tolist():
        odd = (r0 + c0) % 2 == parity
        kind = (0 if odd else 1) if r0 == r1 else (3 if odd else 2)
        out[r0, c0] = out[r1, c1] = kind
    return out


def test_pixels_per_cell_is_the_axes_width_over_the_cells():
    from dominotiling.viz.draw import pixels_per_cell

    ax = _axes(400, 200)
    assert pixels_per_cell(ax, (10, 20)) == pytest.approx(20.0)  # 400 px / 20 columns
    assert pixels_per_cell(ax, (20, 10)) == pytest.approx(10.0)  # 200 px / 20 rows


def test_large_cells_get_outlines_and_palette_small_cells_types_only():
    from dominotiling.viz.draw import PALETTE, TYPE_COLORS

    t = random_tiling(Region.rectangle(10, 10), seed=3)
    big = draw_tiling(t, ax=_axes(400))  # 40 px a cell
    assert len(big.collections) == 1  # the outlines
    rgb = np.asarray(big.images[0].get_array())[..., :3]
    assert all(np.isclose(PALETTE, c, atol=1e-6).all(axis=1).any() for c in rgb.reshape(-1, 3))
    small = draw_tiling(t, ax=_axes(30))  # 3 px a cell: outlines would swamp the colours
    assert len(small.collections) == 0
    rgb = np.asarray(small.images[0].get_array())[..., :3]
    assert np.allclose(rgb, TYPE_COLORS[_types_by_hand(t)], atol=1e-6)
    # explicit choices hold at any size
    assert len(draw_tiling(t, ax=_axes(30), outlines=True).collections) == 1
    forced = np.asarray(draw_tiling(t, ax=_axes(400), color_by="types").images[0].get_array())
    assert np.allclose(forced[..., :3], TYPE_COLORS[_types_by_hand(t)], atol=1e-6)


def test_types_of_an_aztec_diamond_are_its_north_south_east_west():
    from dominotiling import aztec_types, sample_aztec
    from dominotiling.viz.draw import TYPE_COLORS

    for n in (5, 6):  # both parities of the order
        t = sample_aztec(n, seed=n)
        rgb = np.asarray(draw_tiling(t, color_by="types").images[0].get_array())[..., :3]
        per_cell = aztec_types(t)[t.labels[t.region.mask]]
        assert np.allclose(rgb[t.region.mask], TYPE_COLORS[per_cell], atol=1e-6)


def test_cells_below_a_pixel_are_averaged_not_sampled():
    from dominotiling.viz.draw import TYPE_COLORS

    t = random_tiling(Region.rectangle(40, 40), seed=1)
    ax = draw_tiling(t, ax=_axes(10))  # a quarter pixel a cell: blocks of 4 x 4 cells
    img = np.asarray(ax.images[0].get_array())[..., :3]
    assert img.shape == (10, 10, 3)
    cells = TYPE_COLORS[_types_by_hand(t)]
    by_hand = cells.reshape(10, 4, 10, 4, 3).mean(axis=(1, 3))
    assert np.allclose(img, by_hand, atol=1e-5)


def test_rich_display_of_a_large_aztec_diamond_shows_its_frozen_corners():
    """The README's sample_aztec(200): the four corners in the four type colours, no outlines."""
    import io

    from PIL import Image

    from dominotiling import sample_aztec
    from dominotiling.viz.draw import TYPE_COLORS

    t = sample_aztec(200, seed=1)
    img = np.asarray(Image.open(io.BytesIO(t._repr_png_())).convert("RGB")) / 255.0
    h, w, _ = img.shape
    assert w >= 400
    # well inside the frozen corners (a tenth of the way in along the axes)
    probes = {
        0: (int(0.15 * h), w // 2),
        1: (int(0.85 * h), w // 2),
        2: (h // 2, int(0.85 * w)),
        3: (h // 2, int(0.15 * w)),
    }
    for kind, (y, x) in probes.items():
        assert np.allclose(img[y, x], TYPE_COLORS[kind], atol=0.03), (kind, img[y, x])


def test_large_region_is_one_flat_colour_without_a_grid():
    region = Region.rectangle(300, 300)
    ax = draw_region(region, ax=_axes(150))
    img = np.asarray(ax.images[0].get_array())[..., :3]
    assert np.ptp(img.reshape(-1, 3), axis=0).max() < 1e-6 and len(ax.collections) == 0


def test_picture_memory_is_checked_first():
    from dominotiling import TooLargeError, set_options

    t = random_tiling(Region.rectangle(20, 20), seed=0)
    with set_options(memory_limit="10KiB"), pytest.raises(TooLargeError, match="picture"):
        draw_tiling(t)


# ------------------------------------------------------------ text (issue 15)
def _joined_by_text(text, rows, cols):
    """Pairs of neighbouring cells with no line between them, read from box-drawing text."""
    lines = [line.ljust(4 * cols + 1) for line in text.split("\n")]
    assert len(lines) == 2 * rows + 1
    joined = set()
    for i in range(rows):
        for j in range(cols):
            if j + 1 < cols and lines[2 * i + 1][4 * (j + 1)] == " ":
                joined.add(frozenset({(i, j), (i, j + 1)}))
            if i + 1 < rows and lines[2 * i + 2][4 * j + 1 : 4 * j + 4] == "   ":
                joined.add(frozenset({(i, j), (i + 1, j)}))
    return joined


def test_str_of_a_small_tiling_is_box_drawing_text():
    t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (0, 1)), ((1, 0), (1, 1))])
    assert str(t) == "┌───────┐\n│       │\n├───────┤\n│       │\n└───────┘"
    t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (1, 0)), ((0, 1), (1, 1))])
    assert str(t) == "┌───┬───┐\n│   │   │\n│   │   │\n│   │   │\n└───┴───┘"


def test_str_text_joins_exactly_the_cells_of_each_domino():
    for seed in range(5):
        t = random_tiling(
            Region.from_strings(["........", "..#.....", "....#...", "........"]), seed=seed
        )
        pairs = {frozenset(map(tuple, d)) for d in t.dominoes.tolist()}
        # blocked cells are blank; between two blocked cells there is no line either
        joined = _joined_by_text(str(t), *t.labels.shape)
        inside = {p for p in joined if all(t.region.mask[c] for c in p)}
        assert inside == pairs


def test_str_marks_uncovered_cells_and_large_tilings_give_their_repr():
    cover = max_cover(Region.rectangle(3, 3))
    text = str(cover)
    assert text.count("░░░") == cover.n_uncovered == 1
    big = random_tiling(Region.rectangle(2, 80), seed=0)
    assert str(big) == repr(big)
