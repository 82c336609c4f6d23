import matplotlib.pyplot as plt
import numpy as np
import pytest

from dominotiling import Region, Tiling, draw_region, draw_tiling, find_tiling, max_cover, random_tiling
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


def test_uncovered_cells_are_marked():
    cover = max_cover(Region.rectangle(3, 3))
    ax = draw_tiling(cover)
    # a cross (two segments) per uncovered cell, in a collection of its own
    crosses = [c for c in ax.collections if len(c.get_segments()) == 2 * cover.n_uncovered]
    assert cover.n_uncovered == 1 and crosses


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
    from dominotiling.placement import placement_probabilities

    # 2x2 square: two tilings, one horizontal and one vertical, so every cell is 1/2;
    # a 1x2 strip: always horizontal; a 2x1 strip: never
    for region, value in ((Region.rectangle(2, 2), 0.5), (Region.rectangle(1, 2), 1.0),
                          (Region.rectangle(2, 1), 0.0)):
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
    assert np.array_equal(a, b) and a[0, 2] == -1.0 and (a >= 0).sum() == 8  # the blocked cell is blank


def test_pictures_of_algorithms_moved_to_views_old_paths_warn():
    import dominotiling
    import dominotiling.temperley as temperley
    import dominotiling.temperley_grid as temperley_grid
    import dominotiling.viz.draw as draw
    from dominotiling.viz import views

    for module, name in ((draw, "draw_certificate"), (draw, "draw_augmenting_path"),
                         (temperley, "draw_tree_on_tiling"), (temperley_grid, "draw_tree_on_tiling")):
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
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
            if isinstance(child, ast.ImportFrom):
                module = "." * child.level + (child.module or "")
                found.append((module, [a.name for a in child.names], func))
            elif isinstance(child, ast.Import):
                found.extend((a.name, [], func) for a in child.names)
            visit(child, inner)

    visit(tree, None)
    return found


def test_the_model_never_imports_the_pictures():
    """Model modules reach viz only from a Region/Tiling's _repr_png_ or a deprecation shim."""
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
                if func not in ("_repr_png_", "__getattr__"):
                    offenders.append(f"{rel}: {module} in {func or 'the module'}")
    assert not offenders, offenders


def test_viz_uses_public_model_functions_only():
    from pathlib import Path

    import dominotiling.viz

    shared = {"_validate", "_options"}  # the one argument check and the one memory budget
    offenders = []
    for path in sorted(Path(dominotiling.viz.__file__).parent.glob("*.py")):
        for module, names, func in _imports(path):
            if module.startswith("..") and not module.startswith("..viz"):
                last = module.lstrip(".").split(".")[-1]
                bad = [n for n in names if n.startswith("_") and n not in shared]
                if (last.startswith("_") and last not in shared) or bad:
                    offenders.append(f"{path.name}: from {module} import {', '.join(names)}")
    assert not offenders, offenders
