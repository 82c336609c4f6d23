"""Animations play by themselves in the classic Notebook (``nbclassic``) as in JupyterLab.

The classic Notebook puts an HTML output's scripts to work while the output is
still outside the page (jQuery runs them as it parses the HTML, before the
output area is attached), so a script that looks its player up by id finds
nothing. Checked here from the page: a cell that displays an animation, and
notebook 03 run top to bottom, show players whose frames move on without a
click.
"""

from __future__ import annotations

import json
import re
import time

import pytest

#: Longest wait for one notebook to run top to bottom.
NOTEBOOK_RUN_S = 600

TINY = {
    "cells": [
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            "source": "from dominotiling import Region, animate_kuhn\n"
            "animate_kuhn(Region.rectangle(4, 4), seed=1, dpi=50)",
        },
    ],
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


def run_all(page, server, name):
    """Open `name` in the classic Notebook, run every cell, and wait until all have run."""
    page.goto(server.notebook_url(name), wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_function(
        "() => window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel "
        "&& Jupyter.notebook.kernel.is_connected()",
        timeout=120_000,
    )
    page.evaluate("() => Jupyter.notebook.execute_all_cells()")
    deadline = time.monotonic() + NOTEBOOK_RUN_S
    while True:
        prompts = page.eval_on_selector_all(
            ".code_cell .input_prompt", "els => els.map(e => e.textContent.trim())"
        )
        if prompts and all(re.fullmatch(r"In\s*\[\d+\]:", p) for p in prompts):
            return len(prompts)
        assert time.monotonic() < deadline, (
            f"{name}: not every cell ran in {NOTEBOOK_RUN_S} s: {prompts}"
        )
        page.wait_for_timeout(1000)


def check_players(page, name):
    """Every animation has its canvas, counter and controls, plays, and moves on by itself."""
    players = page.locator(".output_area .dt-animation")
    assert players.count() >= 1, f"{name}: no animation shown"
    for i in range(players.count()):
        player = players.nth(i)
        player.scroll_into_view_if_needed()
        handle = player.element_handle()
        page.wait_for_function("e => e.dataset.frame !== undefined", arg=handle, timeout=30_000)
        assert player.locator("canvas").count() == 1, (
            f"{name}: animation {i}: the script made no player"
        )
        counter = player.locator(".dt-counter")
        first = counter.text_content()
        assert re.fullmatch(r"frame \d+ / \d+", first), (name, first)
        page.wait_for_function(
            "([e, f]) => e.dataset.frame !== f",
            arg=[handle, player.get_attribute("data-frame")],
            timeout=15_000,
        )
        assert counter.text_content() != first
        assert player.get_attribute("data-playing") == "1"
        labels = player.locator(".dt-controls button").all_text_contents()
        assert len(labels) == 5 and all(t.strip() for t in labels), labels
    return players.count()


def test_a_displayed_animation_plays_in_the_classic_notebook(page, classic):
    (classic.root / "tiny_animation.ipynb").write_text(json.dumps(TINY), encoding="utf-8")
    run_all(page, classic, "tiny_animation.ipynb")
    assert page.locator(".output_area .output_error").count() == 0
    assert check_players(page, "tiny") == 1


@pytest.mark.parametrize("name", ["03_coloring.ipynb"])
def test_notebook_runs_and_plays_in_the_classic_notebook(page, classic, name):
    run_all(page, classic, name)
    errors = page.eval_on_selector_all(
        ".output_area .output_error, .output_area .output_stderr",
        "els => els.map(e => e.innerText.slice(0, 800))",
    )
    assert not errors, f"{name}: error or stderr output: {errors}"
    check_players(page, name)


def test_a_saved_untrusted_notebook_shows_its_gif_playing(page, classic):
    """Opened as downloaded (not trusted: its scripts do not run), the stored animation is the looping GIF."""
    import base64
    import io

    from PIL import Image

    from .conftest import NOTEBOOKS

    (classic.root / "saved_03.ipynb").write_bytes((NOTEBOOKS / "03_coloring.ipynb").read_bytes())
    page.goto(
        classic.notebook_url("saved_03.ipynb"), wait_until="domcontentloaded", timeout=120_000
    )
    page.wait_for_selector(".output_area .dt-animation img", state="attached", timeout=120_000)
    img = page.locator(".output_area .dt-animation img").first
    img.scroll_into_view_if_needed()
    page.wait_for_function(
        "e => e.complete && e.naturalWidth > 0", arg=img.element_handle(), timeout=30_000
    )
    src = img.get_attribute("src")
    assert src.startswith("data:image/gif;base64,")
    with Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1]))) as gif:
        assert gif.n_frames > 5 and gif.info.get("loop") == 0
