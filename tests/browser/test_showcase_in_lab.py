"""What a visitor tries first, in JupyterLab (issue 39): the gas, the explorer at order 2,000, a drawn region.

A notebook written here runs top to bottom in JupyterLab (Chromium, driven by
Playwright): a two-periodic sample's picture shows the gas -- its middle is
darker than a uniform sample's; ``explore_aztec`` reaches order 2,000 and draws
the two-periodic model's frozen and gas curves; a region drawn as a PNG goes to
its limit shape without an error. Screenshots at 1280x900 are kept in the test's
temporary folder (``DOMINOTILING_SCREENSHOTS`` names another one).
"""

from __future__ import annotations

import base64
import io
import json
import os
import pathlib

import numpy as np

from .test_notebooks_in_lab import open_and_run, picture_and_status, stderr_texts, wait_changed

CELLS = [
    "from dominotiling import Region, sample_aztec\n"
    "from dominotiling.theory import limit_shape\n"
    "from dominotiling.viz.limit_shape import draw_limit_shape\n"
    "from dominotiling.viz.widgets import explore_aztec",
    "sample_aztec(300, seed=1, weights=(1, 0.5))",
    "sample_aztec(300, seed=1)",
    'app = explore_aztec(n=60, weights="two-periodic", b=0.5)\napp',
    # a drawing: a kite with a bite, black on white, to its limit shape
    "import os, tempfile\n"
    "from PIL import Image, ImageDraw\n"
    "path = os.path.join(tempfile.mkdtemp(), 'kite.png')\n"
    "img = Image.new('L', (60, 60), 255)\n"
    "pen = ImageDraw.Draw(img)\n"
    "pen.polygon([(30, 1), (59, 30), (30, 59), (1, 30)], fill=0)\n"
    "pen.ellipse((40, 20, 60, 40), fill=255)\n"
    "img.save(path)\n"
    "fix = Region.from_image(path).make_tileable()\n"
    "print(fix.message)\n"
    "shape = limit_shape(fix.region, resolution=60)\n"
    "print('limit shape:', len(shape.arctic_curves), 'arctic curves')\n"
    "import matplotlib.pyplot as plt\n"
    "fig, ax = plt.subplots(figsize=(8, 8))\n"
    "draw_limit_shape(shape, ax=ax, surface=False);",
]


def _notebook(path):
    cells = [
        {"cell_type": "code", "metadata": {}, "source": src, "outputs": [], "execution_count": None}
        for src in CELLS
    ]
    nb = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


def _png_of(page, cell):
    """The RGB array of the first PNG output of code cell `cell` (0-based)."""
    from PIL import Image

    src = (
        page.locator(".jp-Notebook .jp-CodeCell")
        .nth(cell)
        .locator(".jp-OutputArea-output img")
        .first.get_attribute("src")
    )
    assert src, f"code cell {cell} shows no picture"
    with Image.open(io.BytesIO(_image_bytes(page, src))) as im:
        return np.asarray(im.convert("RGB"), dtype=float) / 255


def _image_bytes(page, src):
    """The bytes behind an image's src: a data: URL decoded, a blob: URL fetched in the page."""
    if src.startswith("data:"):
        return base64.b64decode(src.split(",", 1)[1])
    encoded = page.evaluate(
        """async (src) => {
            const buf = new Uint8Array(await (await fetch(src)).arrayBuffer());
            let s = "";
            for (let i = 0; i < buf.length; i += 0x8000) {
                s += String.fromCharCode.apply(null, buf.subarray(i, i + 0x8000));
            }
            return btoa(s);
        }""",
        src,
    )
    return base64.b64decode(encoded)


def _centre(img, radius=0.12):
    h, w = img.shape[:2]
    y, x = np.mgrid[:h, :w]
    return img[np.hypot(y - h / 2, x - w / 2) < radius * min(h, w)].mean()


def _shots(tmp_path):
    folder = pathlib.Path(os.environ.get("DOMINOTILING_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_showcase_in_jupyterlab(page, lab, tmp_path):
    page.set_viewport_size({"width": 1280, "height": 900})
    _notebook(lab.root / "showcase.ipynb")
    open_and_run(page, lab, "showcase.ipynb")
    errors = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
    ).all_inner_texts()
    assert not errors and not stderr_texts(page), (errors, stderr_texts(page))
    shots = _shots(tmp_path)

    # the gas: the two-periodic sample's middle is dark, the uniform sample's is not
    two, uniform = _png_of(page, 1), _png_of(page, 2)
    assert two.shape[1] >= 800 and uniform.shape[1] >= 800  # legible on a projector
    assert _centre(two) < _centre(uniform) - 0.1, (_centre(two), _centre(uniform))
    page.locator(".jp-Notebook .jp-CodeCell").nth(1).scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "showcase-gas.png"))

    # the explorer: order 2,000, the two-periodic curves drawn over the sample
    widget = page.locator(".jp-OutputArea-output .dt-explorer").first
    widget.scroll_into_view_if_needed()
    before = picture_and_status(widget)
    assert "cyan: the predicted gas boundary" in before[1], before[1]
    widget.locator(".widget-readout").first.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("2000")
    page.keyboard.press("Enter")
    after = wait_changed(page, widget, before, "explore_aztec: order 2000", timeout_s=300)
    assert "4,002,000 dominoes" in after[1] and "gas boundary" in after[1], after[1]
    from PIL import Image

    with Image.open(io.BytesIO(_image_bytes(page, after[0]))) as im:
        rgb = np.asarray(im.convert("RGB")).astype(int)
    cyan = (np.abs(rgb - np.array([0, 179, 230])).sum(axis=2) < 40).sum()
    assert cyan > 500, f"the gas curve is not drawn over the sample ({cyan} cyan pixels)"
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "showcase-explorer.png"))

    # the drawn region: from a picture to its limit shape
    cell = page.locator(".jp-Notebook .jp-CodeCell").nth(4)
    text = cell.locator(".jp-OutputArea-output").all_inner_texts()
    assert any("tileable" in t for t in text) and any("arctic curves" in t for t in text), text
    assert cell.locator(".jp-OutputArea-output img").count() >= 1
    cell.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "showcase-drawn-region.png"))
