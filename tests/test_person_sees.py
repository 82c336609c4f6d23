"""Issue 28: what a person sees -- players, explorers, notices, text, the command line, the installs.

Each test here would have caught one of the rough edges found by using the
library as a new user would (the browser suite, ``tests/browser/``, checks the
same from a real page).
"""

from __future__ import annotations

import base64
import inspect
import io
import json
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from dominotiling import Region, find_tiling, random_tiling
from dominotiling.errors import DominoTilingError, DominoTypeError
from dominotiling.viz.animate import (
    animate,
    animate_kuhn,
    animate_shuffling,
    animate_wilson,
    save_gif,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.filterwarnings("ignore:Animation was deleted without rendering")


def gif_of(html):
    (b64,) = re.findall(r"data:image/gif;base64,([A-Za-z0-9+/=]+)", html)
    return base64.b64decode(b64)


def distinct_tilings(k):
    seen, out = set(), []
    for seed in range(100):
        t = random_tiling(Region.rectangle(4, 4), seed=seed)
        key = t.labels.tobytes()
        if key not in seen:
            seen.add(key)
            out.append(t)
        if len(out) == k:
            return out
    raise AssertionError("not enough distinct tilings")


# ------------------------------------------------------------------ item 2: animations play
def test_player_is_one_looping_gif_with_a_script_that_autoplays():
    anim = animate(distinct_tilings(4), dpi=30, interval=250)
    html = anim._repr_html_()
    gif = gif_of(html)
    with Image.open(io.BytesIO(gif)) as im:
        assert im.n_frames == 4 == anim.n_frames
        assert im.info["loop"] == 0  # loops forever where no script runs (a code host)
        assert im.info["duration"] == 250
    script = html[html.index("<script>") :]
    assert "setPlaying(true)" in script and 'frame " + (frame + 1) + " / " + n' in script
    # text buttons, not an icon font (blank in an exported page with no network)
    assert "fa-" not in html and "font-awesome" not in html.lower()
    assert html.count("data:image/") == 1  # the frames are stored once
    assert anim._repr_html_() is html


def test_saved_animation_is_small():
    """The animations of the notebooks and the README stay under the ~300 kB a notebook may keep."""
    for anim in (animate_kuhn(Region.rectangle(6, 8), seed=1), animate_shuffling(20, seed=1)):
        assert len(anim._repr_html_()) < 300_000


def test_gif_frames_are_the_pictures():
    tilings = distinct_tilings(3)
    anim = animate(tilings, dpi=30)
    with Image.open(io.BytesIO(anim.gif())) as im:
        for k, picture in enumerate(anim.images()):
            im.seek(k)
            got = np.asarray(im.convert("RGB"), dtype=int)
            want = np.asarray(picture, dtype=int)
            assert got.shape == want.shape
            assert np.abs(got - want).mean() < 6  # one palette of 64 colours for flat pictures


# ------------------------------------------------------------------ item 4: Wilson, save_gif
def test_animate_wilson_on_a_networkx_graph(tmp_path):
    import networkx as nx

    g = nx.petersen_graph()
    anim = animate_wilson(g, seed=3, dpi=30)
    assert anim.n_frames > 2
    path = save_gif(anim, tmp_path / "w.gif")
    with Image.open(path) as im:
        assert im.n_frames > 2
    # grid nodes are drawn where they lie: the picture is a square grid, wider than a dot
    anim = animate_wilson(nx.grid_2d_graph(3, 4), seed=1, dpi=30)
    assert anim.n_frames > 2 and anim.images()[0].size[0] == 150


def test_animate_wilson_shows_a_loop_erased_and_ends_with_the_whole_tree():
    anim = animate_wilson((6, 6), seed=2, max_frames=30, dpi=20)
    from dominotiling.trees.wilson import wilson_frames
    from dominotiling.viz.animate import _wilson_pick

    frames = _wilson_pick(wilson_frames((6, 6), seed=2), 30)
    events = [f.event for f in frames]
    assert "erase" in events and len(frames) == 30 and anim.n_frames == 30
    assert len(frames[-1].edges) == 35  # 36 vertices: the spanning tree is complete


def test_save_gif_refuses_what_it_cannot_write(tmp_path):
    frames = [find_tiling(Region.rectangle(2, 2))]
    with pytest.raises(DominoTilingError, match=r"ending in \.gif"):
        save_gif(frames, tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()
    with pytest.raises(DominoTilingError, match="does not exist"):
        save_gif(frames, tmp_path / "missing" / "x.gif")
    with pytest.raises(DominoTypeError):
        save_gif(None, tmp_path / "x.gif")
    with pytest.raises(DominoTypeError):
        save_gif(frames, 42)
    with pytest.raises(DominoTypeError):
        animate(None)
    assert save_gif(frames, tmp_path / "X.GIF", dpi=20).read_bytes()[:6] == b"GIF89a"


# ------------------------------------------------------------------ item 3: explorers
def test_explorers_fit_a_column_and_show_clean_signatures():
    from dominotiling.viz import widgets

    for fn in (widgets.explore_aztec, widgets.explore_region):
        assert "object at 0x" not in str(inspect.signature(fn))
    assert "scheme" not in str(inspect.signature(widgets.explore_aztec))
    app = widgets.explore_aztec(n=10)
    assert (
        app.image.layout.width == f"{widgets.PICTURE_CSS_PX}px"
        and app.image.layout.max_width == "100%"
    )
    with Image.open(
        io.BytesIO(bytes(app.image.value))
    ) as im:  # drawn at twice the width it is shown
        assert im.size[0] >= 1.8 * widgets.PICTURE_CSS_PX


def test_the_predicted_curves_follow_the_weights():
    from dominotiling.viz.widgets import explore_aztec

    app = explore_aztec(n=20, curves=True)
    assert len(app.lines) == 1  # the arctic circle over uniform samples
    app.weights.value = "two-periodic"  # the two-periodic model's frozen and gas curves
    assert [colour for _, colour in app.lines] == ["black", "#00b3e6"] and not app.curves.disabled
    app.weights.value = "random"  # no periodic theory: none drawn, and the box is off
    assert app.lines == [] and app.curves.disabled
    app.weights.value = "uniform"
    assert len(app.lines) == 1 and not app.curves.disabled


def test_region_explorer_answers_a_click_that_overtakes_the_typed_figure():
    """In the browser the click can reach the kernel before the figure typed just before it."""
    from dominotiling.viz.widgets import explore_region

    app = explore_region(["...."])
    app.count_button.click()  # the click arrives first: counts the old figure ...
    assert "1</b> tiling" in app.status.value
    app.text.value = "....\n...."  # ... then the new figure arrives: the count is for it
    assert app.result == 5 and "5</b> tilings" in app.status.value
    app._last_action = (app._last_action[0], app._last_action[1] - 60)  # long after a click:
    app.text.value = "..\n.."  # a new figure is shown, not counted
    assert "4 cells" in app.status.value


def test_hall_legend_is_not_clipped():
    import matplotlib.pyplot as plt

    from dominotiling.matching import hall_violator
    from dominotiling.tour import NO_TILING_FIGURE
    from dominotiling.viz.views import draw_certificate

    region = Region.from_strings(NO_TILING_FIGURE)
    fig, ax = plt.subplots(figsize=(4, 4))
    draw_certificate(region, hall_violator(region), ax=ax)
    fig.canvas.draw()
    box = ax.get_legend().get_window_extent()
    width, height = fig.canvas.get_width_height()
    assert box.x0 >= 0 and box.x1 <= width and box.y0 >= 0 and box.y1 <= height


# ------------------------------------------------------------------ item 6: notices, threads
def test_compile_notice_is_one_quiet_line_per_notebook_session(tmp_path):
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": [
                    "import numba\n",
                    "from dominotiling import _compile_notice\n",
                    "_compile_notice.install(); _compile_notice._register()\n",
                    "def make(name):\n",
                    "    def f(x): return x + 1\n",
                    "    f.__module__ = 'dominotiling._kernels.fake'; f.__qualname__ = name\n",
                    "    return numba.njit(f)\n",
                    "f, g = make('f'), make('g')\n",
                    "f(1); f(1.0)",
                ],
            },
            {
                "cell_type": "code",
                "execution_count": None,
                "metadata": {},
                "outputs": [],
                "source": ["g(2)"],
            },
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(nb))
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    env.pop("DOMINOTILING_QUIET", None)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--inplace",
            str(path),
        ],
        check=True,
        env=env,
        capture_output=True,
        timeout=300,
    )
    cells = json.loads(path.read_text())["cells"]
    outputs = [o for c in cells for o in c["outputs"]]
    assert not [o for o in outputs if o.get("name") == "stderr"]  # no red box
    notices = [
        o for o in outputs if "dominotiling" in "".join(o.get("data", {}).get("text/plain", ""))
    ]
    assert len(notices) == 1  # one line for the session, in the first cell
    text = "".join(notices[0]["data"]["text/plain"])
    assert text.startswith("dominotiling: compiled 2 kernels for first use")  # f twice, g once


def test_thread_count_follows_the_work_and_the_user(monkeypatch):
    from dominotiling import _interrupt as _threads

    assert _threads.available(work=10) == 1
    monkeypatch.setenv("DOMINOTILING_THREADS", "1")
    assert _threads.available() == 1
    monkeypatch.delenv("DOMINOTILING_THREADS")
    monkeypatch.setattr(_threads, "free_cores", lambda: 0.2)  # a machine busy elsewhere
    assert _threads.available() == 1
    monkeypatch.setattr(_threads, "free_cores", lambda: 64.0)
    assert _threads.available() == _threads.max_threads()
    assert os.environ.get("OMP_WAIT_POLICY")  # idle threads sleep unless the user chose otherwise


def test_free_cores_reads_the_machine():
    from dominotiling import _interrupt as _threads

    _threads._state["free"] = None
    free = _threads.free_cores()
    assert 0.0 <= free <= _threads._cores()


# ------------------------------------------------------------------ item 8: text and the CLI
def test_print_region_prints_the_picture(capsys):
    region = Region.from_strings(["..#", "..."])
    print(region)
    assert capsys.readouterr().out == "..#\n...\n"
    assert repr(region).startswith("Region.from_strings")
    assert str(Region.torus(2, 3)).splitlines() == [
        "...",
        "...",
        "(a torus: top glued to bottom, left to right)",
    ]
    big = Region.rectangle(300, 300)
    assert str(big) == repr(big)


def test_cli_tiles_a_board_size(capsys):
    from dominotiling.cli import main

    code = main(["tile", "2x4"])
    out = capsys.readouterr().out
    assert code in (0, None) and out.startswith("tiled with 4 dominoes")


# ------------------------------------------------------------------ items 1 and 7: installs, notebooks
def test_notebook_extra_brings_what_the_notebooks_import():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    notebook = " ".join(project["optional-dependencies"]["notebook"])
    assert "distributed" in notebook and "jupyterlab" in notebook and "ipywidgets" in notebook
    imports = set()
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] == "code":
                imports |= set(
                    re.findall(r"^\s*(?:from|import) (\w+)", "".join(cell["source"]), flags=re.M)
                )
    provided = {
        "dominotiling",
        "numpy",
        "scipy",
        "networkx",
        "sympy",
        "matplotlib",
        "numba",
        "tqdm",
        "IPython",
        "ipywidgets",
        "distributed",
        "dask",
        "time",
        "math",
        "itertools",
        "collections",
        "fractions",
        "functools",
        "statistics",
        "random",
        "os",
        "sys",
        "pathlib",
        "json",
        "warnings",
        "mpmath",
        "mpl_toolkits",
        "matplotlib_inline",
    }  # with sympy, matplotlib and ipykernel
    assert imports <= provided, imports - provided


def test_notebooks_keep_small_outputs():
    """Every notebook 01-12 reads on a code host (saved outputs) and stays small."""
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(nb.read_text())["cells"]
        size = sum(len(json.dumps(c.get("outputs", []))) for c in cells if c["cell_type"] == "code")
        assert 0 < size < 450_000, (nb.name, size)


def test_notebook_costs_adds_up_each_notebooks_cells():
    """The report of each notebook's time and saved outputs (tests/notebook_costs.py), from nbval's reports."""
    from types import SimpleNamespace

    from notebook_costs import NotebookCosts, saved_output_bytes

    plugin = NotebookCosts()
    for where, seconds, failed in [
        ("notebooks/03_coloring.ipynb", 1.5, False),
        ("notebooks/03_coloring.ipynb", 2.0, False),
        ("notebooks/01_profile_dp.ipynb", 0.5, True),
        ("tests/test_x.py", 9.0, False),
    ]:
        plugin.pytest_runtest_logreport(
            SimpleNamespace(location=(where, 0, "cell"), duration=seconds, failed=failed)
        )
    rows = {r["notebook"]: r for r in plugin.rows()}
    assert set(rows) == {"01_profile_dp.ipynb", "03_coloring.ipynb"}
    assert rows["03_coloring.ipynb"]["seconds"] == 3.5 and not rows["03_coloring.ipynb"]["failed"]
    assert rows["01_profile_dp.ipynb"]["failed"]
    assert (
        rows["03_coloring.ipynb"]["saved_output_bytes"]
        == saved_output_bytes(ROOT / "notebooks" / "03_coloring.ipynb")
        > 0
    )
