"""The drawing canvas in JupyterLab and the classic Notebook (issue 44): drawn with the mouse.

A notebook written here shows ``region_canvas`` in JupyterLab, and again in the
classic Notebook (Chromium, driven by Playwright). The test draws on the ``<canvas>`` with mouse events only: a
rectangle, whose count shown must be ``count_tilings`` of the region the test drew
(counted here, in the test's process) and of ``widget.region`` (printed by a cell run
in the kernel); two cells erased with shift-clicks change the count; one more makes
the drawing unbalanced, and the Hall certificate appears, in the answers and in red
on the canvas; a pasted Aztec diamond's limit shape is asked for and its arctic
curve drawn; in between, "make tileable" is clicked and the certificate goes. Saved
from JupyterLab, the notebook keeps the last drawing as a picture, which its HTML export
shows (no widget runs there). Screenshots of each state are written to ``DOMINOTILING_SCREENSHOTS``
(the test's temporary folder by default).
"""

from __future__ import annotations

import base64
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import time
import urllib.request

import numpy as np

from dominotiling import Region, count_tilings

from .test_notebooks_in_lab import open_and_run, stderr_texts

GRID = 10
CELLS = [
    "from dominotiling import count_tilings\n"
    "from dominotiling.viz.widgets import region_canvas\n"
    f"w = region_canvas(rows={GRID}, cols={GRID})\n"
    "w",
    "r = w.region\nprint('kernel:', None if r is None else count_tilings(r), "
    "None if r is None else ''.join(r.to_strings()))",
]


def write_notebook(path, cells):
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": s,
                "outputs": [],
                "execution_count": None,
            }
            for s in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


def screenshots():
    folder = os.environ.get("DOMINOTILING_SCREENSHOTS")
    return pathlib.Path(folder) if folder else None


class Canvas:
    """Mouse events on the canvas, by cell; what the page shows beside it."""

    def __init__(self, page, root):
        self.page, self.root = page, root
        self.grid = root.locator("canvas.dt-grid")
        self.grid.scroll_into_view_if_needed()

    def point(self, r, c, rows=GRID, cols=GRID):
        box = self.grid.bounding_box()
        return (
            box["x"] + (c + 0.5) * box["width"] / cols,
            box["y"] + (r + 0.5) * box["height"] / rows,
        )

    def drag(self, a, b, *, shift=False):
        self.grid.scroll_into_view_if_needed()
        mouse = self.page.mouse
        if shift:
            self.page.keyboard.down("Shift")
        mouse.move(*self.point(*a))
        mouse.down()
        for t in np.linspace(0, 1, 6)[1:]:
            mouse.move(*self.point(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        mouse.up()
        if shift:
            self.page.keyboard.up("Shift")

    def choose(self, what, value):
        self.root.locator(f"select.dt-{what}").select_option(value)

    def answer(self):
        return self.root.locator(".dt-answer").inner_text()

    def wait_answer(self, test, what, timeout_s=90):
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            text = self.answer()
            if (
                test(self.root)
                and "counting" not in text
                and self.root.get_attribute("data-busy") == "0"
            ):
                return text
            self.page.wait_for_timeout(200)
        raise AssertionError(f"{what}: the answers show {self.answer()!r}")

    def count_shown(self):
        return int(self.root.locator(".dt-count").first.get_attribute("data-count"))

    def pixel(self, r, c, rows=GRID, cols=GRID):
        """The canvas's colour at the middle of cell (r, c), read from the page."""
        return self.page.evaluate(
            "([e, r, c, rows, cols]) => { const x = Math.floor((c + 0.5) * e.width / cols),"
            " y = Math.floor((r + 0.5) * e.height / rows);"
            " return Array.from(e.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)); }",
            [self.grid.element_handle(), r, c, rows, cols],
        )


def run_cell(page, index):
    """Run code cell `index` again (click it, Ctrl+Enter) and return its output text."""
    cell = page.locator(".jp-Notebook .jp-CodeCell").nth(index)
    before = cell.locator(".jp-InputPrompt").text_content()
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Control+Enter")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        prompt = cell.locator(".jp-InputPrompt").text_content().strip()
        if re.fullmatch(r"\[\d+\]:", prompt) and prompt != before.strip():
            return cell.locator(".jp-OutputArea-output").last.inner_text()
        page.wait_for_timeout(200)
    raise AssertionError(f"cell {index} did not run again")


def drawn(cells):
    mask = np.zeros((GRID, GRID), dtype=bool)
    for r, c in cells:
        mask[r, c] = True
    return Region.from_mask(mask)


def test_draw_count_erase_certify_and_limit_shape(page, lab, tmp_path):
    write_notebook(lab.root / "canvas_in_lab.ipynb", CELLS)
    open_and_run(page, lab, "canvas_in_lab.ipynb")
    assert not stderr_texts(page)
    exercise(page, lambda: run_cell(page, 1), screenshots() or tmp_path, "lab")
    assert not stderr_texts(page)
    # saved, the notebook keeps the last drawing as a picture; exported to HTML, it shows it
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Control+s")
    last = Region.aztec_diamond(10).mask
    url = f"{lab.url}/api/contents/canvas_in_lab.ipynb?token={lab.token}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                saved = json.loads(r.read())["content"]
        except (OSError, ValueError):  # caught half-written: 400 "unreadable notebook"
            saved = {"cells": [{"outputs": []}]}
        statics = [
            o["data"]["image/png"]
            for o in saved["cells"][0]["outputs"]
            if "dt-canvas-static" in "".join(o.get("data", {}).get("text/html", ""))
        ]
        if statics and np.array_equal(cells_of_png(base64.b64decode(statics[0]), 20), last):
            break
        assert time.monotonic() < deadline, "the saved notebook does not keep the last drawing"
        page.wait_for_timeout(500)
    nb = lab.root / "canvas_in_lab.ipynb"
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(nb)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    page.goto(nb.with_suffix(".html").as_uri(), wait_until="load")
    img = page.locator("img.dt-canvas-static")
    assert img.count() == 1 and img.is_visible()  # no widget runs here: the picture shows
    src = img.get_attribute("src")
    assert np.array_equal(cells_of_png(base64.b64decode(src.split(",", 1)[1]), 20), last)


def cells_of_png(png, side):
    """Which cells of a `side` x `side` drawing a static picture shows coloured."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as im:
        rgb = np.asarray(im.convert("RGB"))
    k = rgb.shape[0] // side
    return (rgb[k // 2 :: k, k // 2 :: k] != 255).any(axis=2)[:side, :side]


def test_the_same_in_the_classic_notebook(page, classic, tmp_path):
    write_notebook(classic.root / "canvas_in_classic.ipynb", CELLS)
    # the classic Notebook shows no widget of cells run before its widget manager is up
    page.goto(classic.notebook_url("canvas_in_classic.ipynb"), wait_until="domcontentloaded")
    page.wait_for_function(
        "() => window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel "
        "&& Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel.widget_manager",
        timeout=120_000,
    )
    page.wait_for_timeout(3000)
    page.evaluate("() => Jupyter.notebook.execute_all_cells()")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.code_cell .input_prompt')]"
        ".every(e => /In\\s*\\[\\d+\\]:/.test(e.textContent))",
        timeout=120_000,
    )

    def kernel_print():
        before = page.locator(".code_cell").nth(1).locator(".output_area").inner_text()
        page.evaluate("() => Jupyter.notebook.execute_cells([1])")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = page.locator(".code_cell").nth(1).locator(".output_area").inner_text()
            if text.strip() and text != before:
                return text
            page.wait_for_timeout(200)
        raise AssertionError("the classic Notebook did not run cell 1 again")

    exercise(page, kernel_print, screenshots() or tmp_path, "classic")
    assert page.locator(".output_stderr").count() == 0


def exercise(page, kernel_print, shots, front):
    """Draw, count, erase, certify and ask for the limit shape, by mouse events on the page."""
    shots.mkdir(parents=True, exist_ok=True)
    root = page.locator(".dt-canvas").first
    root.wait_for(timeout=60_000)
    canvas = Canvas(page, root)
    # the live widget hides the static picture a saved notebook keeps
    static = page.locator("img.dt-canvas-static")
    assert static.count() == 1 and not static.first.is_visible()

    # 1. a 4 x 6 rectangle, drawn by a drag of the rectangle tool
    canvas.choose("tool", "rectangle")
    canvas.drag((2, 1), (5, 6))
    cells = {(r, c) for r in range(2, 6) for c in range(1, 7)}
    canvas.wait_answer(lambda e: e.locator(".dt-count").count() == 1, "a rectangle drawn")
    assert canvas.count_shown() == count_tilings(drawn(cells))
    assert int(root.get_attribute("data-cells")) == len(cells)
    printed = kernel_print().split()
    assert printed[0] == "kernel:" and int(printed[1]) == canvas.count_shown(), printed
    assert printed[2] == "".join(drawn(cells).to_strings()), "widget.region is not the drawing"
    root.screenshot(path=str(shots / f"canvas-counted-{front}.png"))

    # 2. two cells erased (a domino at a corner): the count changes
    first = canvas.count_shown()
    canvas.choose("tool", "brush")
    canvas.drag((2, 1), (2, 2), shift=True)
    cells -= {(2, 1), (2, 2)}
    canvas.wait_answer(
        lambda e: (
            e.locator(".dt-count").count() == 1
            and int(e.locator(".dt-count").first.get_attribute("data-count")) != first
        ),
        "a domino erased",
    )
    assert canvas.count_shown() == count_tilings(drawn(cells)) != first
    printed = kernel_print().split()
    assert int(printed[1]) == canvas.count_shown()
    root.screenshot(path=str(shots / f"canvas-erased-{front}.png"))

    # 3. one more cell erased: unbalanced, the Hall certificate shown and drawn in red
    canvas.drag((5, 6), (5, 6), shift=True)
    cells -= {(5, 6)}
    canvas.wait_answer(lambda e: e.locator(".dt-hall").count() == 1, "an unbalanced drawing")
    assert canvas.count_shown() == 0 == count_tilings(drawn(cells))
    hall = root.locator(".dt-hall")
    k, m = int(hall.get_attribute("data-cells")), int(hall.get_attribute("data-neighbours"))
    assert k > m, (k, m)  # Hall's condition fails: k cells, fewer neighbours
    red = [rc for rc in cells if canvas.pixel(*rc)[0] > 150 and canvas.pixel(*rc)[2] < 160]
    assert len(red) == k, f"{len(red)} cells drawn red, the certificate has {k}"
    root.screenshot(path=str(shots / f"canvas-hall-{front}.png"))

    # 4. "make tileable" from the page: the fewest boundary cells removed, tileable again
    root.locator("button.dt-tileable").click()
    canvas.wait_answer(
        lambda e: e.locator(".dt-made").count() == 1 and e.locator(".dt-count").count() == 1,
        "make tileable",
    )
    fixed = drawn(cells).make_tileable().region
    assert int(root.get_attribute("data-cells")) == fixed.n_cells == len(cells) - 1
    assert canvas.count_shown() == count_tilings(fixed) > 0
    assert root.locator(".dt-hall").count() == 0
    assert not [rc for rc in cells if canvas.pixel(*rc)[0] > 150 and canvas.pixel(*rc)[2] < 160]
    root.screenshot(path=str(shots / f"canvas-made-tileable-{front}.png"))
    # undo goes back past the kernel's change: the unbalanced drawing and its certificate
    root.locator("button.dt-undo").click()
    canvas.wait_answer(lambda e: e.locator(".dt-hall").count() == 1, "undo of make tileable")
    assert int(root.get_attribute("data-cells")) == len(cells)

    # a 2 x 2 brush with mirror symmetry: one click, two squares, 2 x 2 = 4 tilings
    root.locator("button.dt-clear").click()
    canvas.choose("brush", "2")
    canvas.choose("symmetry", "vertical")
    canvas.drag((3, 1), (3, 1))
    squares = {(r, c) for r in (3, 4) for c in (1, 2, GRID - 2, GRID - 3)}
    canvas.wait_answer(
        lambda e: (
            e.get_attribute("data-cells") == str(len(squares))
            and e.locator(".dt-count").count() == 1
        ),
        "a symmetric brush stroke",
    )
    assert canvas.count_shown() == count_tilings(drawn(squares)) == 4
    printed = kernel_print().split()
    assert printed[2] == "".join(drawn(squares).to_strings())

    # 5. an Aztec diamond pasted; its limit shape asked for: an arctic curve drawn
    text = "\n".join(Region.aztec_diamond(10).to_strings())
    root.locator("details summary").click()
    root.locator("textarea.dt-paste").fill(text)
    root.locator("button.dt-paste").click()
    canvas.wait_answer(
        lambda e: (
            e.locator(".dt-count").count() == 1
            and e.get_attribute("data-cells") == str(Region.aztec_diamond(10).n_cells)
        ),
        "an Aztec diamond pasted",
    )
    assert canvas.count_shown() == count_tilings(Region.aztec_diamond(10)) == 2 ** (10 * 11 // 2)
    root.locator("button.dt-limit").click()
    canvas.wait_answer(lambda e: e.locator("[data-curves]").count() == 1, "the limit shape", 300)
    assert int(root.locator("[data-curves]").get_attribute("data-curves")) >= 1
    picture = root.locator("img.dt-picture")
    assert picture.is_visible() and picture.get_attribute("src").startswith("data:image/png")
    root.screenshot(path=str(shots / f"canvas-limit-shape-{front}.png"))
    assert not [e for e in page.errors if "canvas" in e.lower()], page.errors
