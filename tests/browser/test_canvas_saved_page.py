"""The drawing canvas in an exported HTML page that keeps the widget state (issue 44), offline.

A notebook that shows ``region_canvas`` is run and saved with its widget state
(``jupyter nbconvert --execute``: nbclient stores the state of every widget, the canvas's
ES module included as anywidget's ``_esm``) and exported to HTML. Jupyter's HTML widget
manager would come from a CDN; the page is opened in Chromium with every request that is
not to the file itself refused, so the canvas is drawn by the script its saved picture
carries (``canvas_saved.js``), from the saved state alone. Checked there: the canvas shows
the saved drawing with the count the kernel gave it (checked here by brute force); a cell
erased by mouse events is erased on the canvas, and the page then says that the changed
drawing has no count there (no kernel), with the cells it counts itself; undo brings back
the saved drawing and its answers; the buttons that need the kernel are disabled.
The same from JupyterLab: with its setting "save widget state" on, a rectangle is drawn
there by mouse events, the notebook saved (Ctrl+S) and exported, and the page checked as
above. A screenshot of each state goes to ``DOMINOTILING_SCREENSHOTS`` (else the test's folder).
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import time
import urllib.request

import numpy as np
import pytest
from helpers import brute_force_tilings

from .conftest import Lab
from .test_canvas_in_notebooks import CELLS, GRID, Canvas, screenshots, write_notebook
from .test_notebooks_in_lab import open_and_run, stderr_texts

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROWS, COLS = slice(2, 6), slice(1, 7)  # a 4 x 6 rectangle on the 10 x 10 grid


def drawn_mask():
    mask = np.zeros((GRID, GRID), dtype=bool)
    mask[ROWS, COLS] = True
    return mask


def saved_page(folder):
    """The notebook run, saved with its widget state, and exported to HTML: the page's path."""
    nb = folder / "canvas_saved.ipynb"
    write_notebook(
        nb,
        [
            "import numpy as np\n"
            "from dominotiling import Region\n"
            "from dominotiling.viz.widgets import region_canvas\n"
            f"mask = np.zeros(({GRID}, {GRID}), dtype=bool)\n"
            f"mask[{ROWS.start}:{ROWS.stop}, {COLS.start}:{COLS.stop}] = True\n"
            "w = region_canvas(Region.from_mask(mask))\n"
            "w",
            "assert w.wait(120)\nprint('kernel:', w.answers['count'])",
        ],
    )
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace"]
        + [str(nb)],
        check=True,
        capture_output=True,
        timeout=600,
        env=env,
        cwd=folder,
    )
    assert len(saved_canvases(json.loads(nb.read_text(encoding="utf-8")))) == 1
    return exported(nb)


def saved_canvases(nb):
    """The canvas models in a notebook's saved widget state (each with its ES module)."""
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json")
    models = (state or {}).get("state", {}).values()
    return [m["state"] for m in models if "cells" in m["state"] and "_esm" in m["state"]]


def exported(nb):
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(nb)],
        check=True,
        capture_output=True,
        timeout=300,
        env=env,
    )
    return nb.with_suffix(".html")


def test_the_exported_page_draws_the_saved_canvas_offline(page, tmp_path):
    check_offline_page(page, saved_page(tmp_path), screenshots() or tmp_path, "")


@pytest.fixture
def lab_saving_state(tmp_path_factory):
    """JupyterLab with "save widget state automatically" on."""
    server = Lab(
        tmp_path_factory.mktemp("lab-state"),
        extra_settings={"@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True}},
    )
    try:
        yield server
    finally:
        server.stop()


def test_drawn_in_lab_saved_with_its_state_and_exported(page, lab_saving_state, tmp_path):
    lab = lab_saving_state
    write_notebook(lab.root / "canvas_state.ipynb", CELLS[:1])  # an empty 10 x 10 grid
    open_and_run(page, lab, "canvas_state.ipynb")
    root = page.locator(".dt-canvas").first
    root.wait_for(timeout=60_000)
    canvas = Canvas(page, root)
    canvas.choose("tool", "rectangle")
    canvas.drag((ROWS.start, COLS.start), (ROWS.stop - 1, COLS.stop - 1))
    canvas.wait_answer(lambda e: e.locator(".dt-count").count() == 1, "a rectangle drawn")
    shown = canvas.count_shown()
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    url = f"{lab.url}/api/contents/canvas_state.ipynb?token={lab.token}"
    deadline = time.monotonic() + 60
    while True:  # the saved state holds the drawing and its answers once saved after them
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                models = saved_canvases(json.loads(r.read())["content"])
        except (OSError, ValueError):  # caught half-written
            models = []
        if models and f'data-count="{shown}"' in models[0]["answer"]:
            break
        assert time.monotonic() < deadline, "the saved notebook keeps no canvas state"
        page.wait_for_timeout(500)
    assert not stderr_texts(page)
    check_offline_page(
        page, exported(lab.root / "canvas_state.ipynb"), screenshots() or tmp_path, "-lab"
    )


def check_offline_page(page, html, shots, suffix):
    """The exported page, opened with the network refused: the canvas drawn from its state."""
    refused = []

    def offline(route):
        url = route.request.url
        if url.startswith(("file:", "data:", "blob:")):
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    page.route("**/*", offline)
    page.goto(html.as_uri(), wait_until="load")
    root = page.locator(".dt-canvas-saved")
    root.wait_for(timeout=20_000)
    assert refused  # the page did ask the network (Jupyter's widget manager): none was had
    assert page.locator("img.dt-canvas-static").first.is_hidden()
    canvas = Canvas(page, root)
    shots.mkdir(parents=True, exist_ok=True)

    mask = drawn_mask()
    want = len(brute_force_tilings(mask))
    assert root.get_attribute("data-cells") == str(int(mask.sum()))
    assert canvas.count_shown() == want
    assert root.locator('.dt-saved-note[data-stale="0"]').count() == 1
    blue = canvas.pixel(3, 3)
    assert canvas.pixel(0, 0) == [255, 255, 255] and blue != [255, 255, 255]
    root.screenshot(path=str(shots / f"canvas_saved_page{suffix}.png"))

    # a cell erased with the mouse (shift): the canvas changes, the page says it cannot count it
    canvas.drag((3, 3), (3, 3), shift=True)
    page.wait_for_function(
        "e => e.dataset.cells !== undefined && e.querySelector('.dt-cells-local')",
        arg=root.element_handle(),
        timeout=10_000,
    )
    assert canvas.pixel(3, 3) == [255, 255, 255]
    assert root.get_attribute("data-cells") == str(int(mask.sum()) - 1)
    local = root.locator(".dt-cells-local")
    assert local.get_attribute("data-cells") == str(int(mask.sum()) - 1)
    assert root.locator('.dt-saved-note[data-stale="1"]').count() == 1
    assert root.locator(".dt-count").count() == 0  # no count the page could not know
    root.screenshot(path=str(shots / f"canvas_saved_page_changed{suffix}.png"))

    # a stroke drawn back on: cells added, still no count
    canvas.drag((7, 1), (7, 6))
    assert root.get_attribute("data-cells") == str(int(mask.sum()) - 1 + 6)
    assert canvas.pixel(7, 4) != [255, 255, 255]

    # undo twice: the saved drawing, and with it the kernel's answers
    root.locator("button.dt-undo").click()
    root.locator("button.dt-undo").click()
    assert root.get_attribute("data-cells") == str(int(mask.sum()))
    assert canvas.pixel(3, 3) == blue and canvas.count_shown() == want
    # what needs the kernel is disabled, and says why
    for cls in ("tile", "sample", "limit", "tileable", "exact", "stop", "export", "paste"):
        button = root.locator(f"button.dt-{cls}")
        assert button.is_disabled(), cls
    assert "saved page" in root.locator("button.dt-exact").get_attribute("title")
    assert not page.errors
