"""The ipywidgets explorers: built, driven through their controls, checked."""

import io
import subprocess
import sys
import textwrap

import networkx as nx
import numpy as np
from helpers import brute_force_tilings, dominoes_of

from dominotiling import Region, count_tilings, sample_aztec
from dominotiling.viz.widgets import DEFAULT_FIGURE, explore_aztec, explore_region

NO_TILING_FIGURE = "\n".join(
    ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]
)


# ----------------------------------------------------------------- Aztec explorer
def test_aztec_explorer_follows_its_controls():
    app = explore_aztec(n=8, seed=3)
    assert app.tiling == sample_aztec(8, seed=3)
    first_png = app.image.value
    assert first_png[:8] == b"\x89PNG\r\n\x1a\n"
    app.n.value = 15
    assert app.tiling.region == Region.aztec_diamond(15) and app.tiling.n_dominoes == 15 * 16
    assert app.image.value != first_png
    app.seed.value = 11
    assert app.tiling == sample_aztec(15, seed=11)
    app.resample_button.click()
    assert app.seed.value == 12 and app.tiling == sample_aztec(15, seed=12)


def _png_colours(png):
    """The distinct colours of a PNG picture."""
    from PIL import Image

    with Image.open(io.BytesIO(bytes(png))) as im:
        rgb = np.asarray(im.convert("RGB")).reshape(-1, 3)
    return {tuple(v) for v in np.unique(rgb, axis=0).tolist()}


def test_aztec_explorer_weights_and_style():
    app = explore_aztec(n=10, seed=1, curves=False)
    assert app.b.disabled and app.pattern.disabled
    assert app.lines == []
    app.curves.value = True
    assert len(app.lines) == 1  # the arctic circle
    app.weights.value = "two-periodic"
    assert not app.b.disabled
    app.b.value = 0.25
    assert app.tiling == sample_aztec(10, seed=1, weights=(1.0, 0.25))
    assert [colour for _, colour in app.lines] == ["black", "#00b3e6"]  # frozen and gas curves
    app.curves.value = False
    app.color_by.value = "orientation"
    assert len(_png_colours(app.image.value) - {(255, 255, 255)}) == 2
    app.color_by.value = "auto"  # the phases of the periodic weights: eight colours
    assert len(_png_colours(app.image.value) - {(255, 255, 255)}) == 8
    assert "dominoes" in app.status.value and "gas" in app.status.value
    assert app._repr_mimebundle_()  # displays as its widget
    assert app.widget.children


def test_aztec_explorer_periodic_pattern_random_weights_and_export():
    app = explore_aztec(n=12, seed=2, weights="periodic pattern", pattern="2 1; 1 2")
    assert app.tiling == sample_aztec(12, seed=2, weights=np.array([[2.0, 1.0], [1.0, 2.0]]))
    assert len(app.lines) == 2
    app.pattern.value = "1 2; x 1"  # a typo: the message, never an exception
    assert "row 2, entry 1" in app.status.value
    app.weights.value = "random"
    assert app.curves.disabled and app.lines == [] and "no predicted curves" in app.status.value
    assert app.tiling.weights_label == "any weights"
    app.export_button.click()
    assert 'download="aztec-12-seed2.png"' in app.downloads.value
    assert "data:application/json;base64," in app.downloads.value
    assert app.picture_png()[:4] == b"\x89PNG"


def test_aztec_explorer_old_scheme_name_warns():
    import pytest

    with pytest.warns(DeprecationWarning, match="color_by"):
        app = explore_aztec(n=4, scheme="orientation")
    assert app.color_by.value == "orientation"
    with pytest.warns(DeprecationWarning, match="color_by"):
        assert app.scheme is app.color_by


def test_explorers_check_their_arguments():
    import pytest

    from dominotiling.errors import DominoTilingError, DominoTypeError

    with pytest.raises(DominoTilingError, match="n must be at most"):
        explore_aztec(n=10**6)
    with pytest.raises(DominoTilingError, match="color_by"):
        explore_aztec(n=4, color_by="rainbow")
    with pytest.raises(DominoTypeError, match="text"):
        explore_region(42)


def test_aztec_explorer_reaches_order_2000():
    # its speed is measured in benchmarks/cases_pictures.py
    app = explore_aztec(n=20)
    assert app.n.max >= 2000
    app.n.value = 2000
    first_png = app.image.value
    app.seed.value = 5  # a new sample and a new picture
    assert app.tiling.n_dominoes == 2000 * 2001
    assert app.tiling == sample_aztec(2000, seed=5)
    assert app.image.value != first_png


# ---------------------------------------------------------------- region explorer
def test_region_explorer_counts_the_default_figure():
    app = explore_region()
    region = Region.from_strings(DEFAULT_FIGURE)
    assert "cells" in app.status.value and app.image.value[:4] == b"\x89PNG"
    app.count_button.click()
    expected = count_tilings(region, method="kasteleyn")
    assert expected == count_tilings(region, method="transfer") > 0
    assert app.result == expected
    assert f"{expected:,}" in app.status.value


def test_region_explorer_count_and_tile_against_brute_force():
    app = explore_region("....\n....\n....")
    app.on_count()
    all_tilings = brute_force_tilings(np.ones((3, 4), bool))
    assert app.result == len(all_tilings) == 11
    app.tile_button.click()
    app.result.validate()
    assert dominoes_of(app.result) in set(all_tilings)
    app.sample_button.click()
    assert dominoes_of(app.result) in set(all_tilings) and app.seed.value == 1


def test_region_explorer_cover_and_hall_certificate():
    app = explore_region(NO_TILING_FIGURE)
    region = Region.from_strings(NO_TILING_FIGURE)
    app.on_tile()
    assert app.result is None and "no tiling" in app.status.value
    # the maximum cover leaves as few cells as a maximum matching (networkx) allows
    app.cover_button.click()
    g = region.to_networkx()
    nu = len(nx.max_weight_matching(g, maxcardinality=True))
    assert app.result.n_dominoes == nu and app.result.n_uncovered == region.n_cells - 2 * nu
    app.hall_button.click()
    s = app.result
    neighbours = {(r + dr, c + dc) for r, c in s for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    neighbours = {p for p in neighbours if p in region}
    assert len(neighbours) < len(s)
    assert "Hall certificate" in app.status.value
    app.text.value = "....\n...."
    app.on_hall()
    assert app.result is None and "tileable" in app.status.value


def test_region_explorer_shows_errors_instead_of_raising():
    app = explore_region("..\n.")
    assert "RegionFormatError" in app.status.value and "line 2" in app.status.value
    app.count_button.click()
    assert app.result is None and "RegionFormatError" in app.status.value
    app.text.value = "..x."
    assert "column 3" in app.status.value
    app.text.value = "." * 30 + "\n" + "." * 30
    app.on_sample()  # 2 x 30 is fine
    assert app.result.n_dominoes == 30


def test_library_imports_without_ipywidgets():
    code = textwrap.dedent(
        """
        import sys
        sys.modules["ipywidgets"] = None  # makes `import ipywidgets` raise ImportError
        import dominotiling
        import dominotiling.viz.widgets as w
        for make in (w.explore_region, w.explore_aztec):
            try:
                make()
            except ImportError as exc:
                assert "pip install ipywidgets" in str(exc), exc
            else:
                raise SystemExit("no error without ipywidgets")
        print("ok")
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# ------------------------------------------------------ static views (issue 15)
def test_explorers_leave_their_picture_for_static_views():
    """Without a live kernel (GitHub, an HTML export) the widget was blank space."""
    import base64

    for app in (explore_aztec(n=12, seed=2), explore_region("....\n....")):
        bundle = app._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle  # live: the widget
        png = base64.b64decode(bundle["image/png"])  # static: the picture shown right now
        assert png == app.image.value and png[:8] == b"\x89PNG\r\n\x1a\n"
        assert "0x" not in bundle["text/plain"] and "Explorer" in bundle["text/plain"]
        assert not hasattr(app, "_ipython_display_")  # which would bypass the bundle
    app = explore_region("....\n....")
    app.on_tile()
    assert base64.b64decode(app._repr_mimebundle_()["image/png"]) == app.image.value
