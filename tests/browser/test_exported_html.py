"""Saved notebooks exported to HTML: the animations they keep play by themselves, with and without scripts."""

from __future__ import annotations

import base64
import io
import pathlib
import re
import subprocess
import sys

import pytest
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAVED_WITH_ANIMATIONS = [
    "02_matching_kuhn.ipynb",
    "03_coloring.ipynb",
    "05_trees_temperley.ipynb",
    "06_aztec_arctic.ipynb",
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("html")
    pages = {}
    for name in SAVED_WITH_ANIMATIONS:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "jupyter",
                "nbconvert",
                "--to",
                "html",
                "--output-dir",
                str(out),
                str(ROOT / "notebooks" / name),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        pages[name] = out / name.replace(".ipynb", ".html")
    return pages


@pytest.mark.parametrize("name", SAVED_WITH_ANIMATIONS)
def test_saved_animation_plays_in_exported_html(page, exported, name):
    page.goto(exported[name].as_uri(), wait_until="load")
    players = page.locator(".dt-animation")
    assert players.count() >= 1, f"{name}: the saved notebook keeps no animation"
    for i in range(players.count()):
        player = players.nth(i)
        player.scroll_into_view_if_needed()
        page.wait_for_function(
            "e => e.dataset.frame !== undefined", arg=player.element_handle(), timeout=20_000
        )
        first = player.get_attribute("data-frame")
        page.wait_for_function(
            "([e, f]) => e.dataset.frame !== f",
            arg=[player.element_handle(), first],
            timeout=15_000,
        )
        counter = player.locator(".dt-counter").text_content()
        assert re.fullmatch(r"frame \d+ / \d+", counter), counter
        buttons = player.locator(".dt-controls button")
        assert buttons.count() == 5
        for k in range(5):  # every button shows its symbol: drawn, not blank
            assert buttons.nth(k).text_content().strip()
            assert buttons.nth(k).bounding_box()["width"] > 10
        # pause stops it; next steps one frame
        buttons.nth(2).click()
        paused = int(player.get_attribute("data-frame"))
        page.wait_for_timeout(1200)
        assert int(player.get_attribute("data-frame")) == paused
        buttons.nth(3).click()
        n = int(counter.split("/")[1])
        assert int(player.get_attribute("data-frame")) == (paused + 1) % n
    assert not page.errors


def test_without_scripts_the_gif_plays_by_itself(browser, exported):
    """A code host shows no script: the GIF alone must be the animation, looping."""
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        pg.goto(exported["03_coloring.ipynb"].as_uri(), wait_until="load")
        src = pg.locator(".dt-animation img").first.get_attribute("src")
        assert src.startswith("data:image/gif;base64,")
        assert pg.locator(".dt-animation img").first.evaluate(
            "e => e.complete && e.naturalWidth > 0"
        )
        with Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1]))) as im:
            assert im.n_frames > 5 and im.info.get("loop") == 0
    finally:
        context.close()


def test_player_draws_the_gifs_frames_exactly(page, tmp_path):
    """The script's own GIF decoder gives the pixels PIL reads (every frame, in order)."""
    import numpy as np

    from dominotiling import Region
    from dominotiling.viz.animate import animate_kuhn

    anim = animate_kuhn(Region.rectangle(4, 6), seed=2, dpi=40)
    path = tmp_path / "p.html"
    path.write_text("<!DOCTYPE html><html><body>" + anim._repr_html_() + "</body></html>")
    page.goto(path.as_uri(), wait_until="load")
    player = page.locator(".dt-animation")
    page.wait_for_function("e => e.dataset.frame !== undefined", arg=player.element_handle())
    player.locator(".dt-controls button").nth(0).click()  # first frame, paused
    with Image.open(io.BytesIO(anim.gif())) as gif:
        for k in range(gif.n_frames):
            gif.seek(k)
            want = np.asarray(gif.convert("RGB"), dtype=int)
            got = page.evaluate("""() => { const c = document.querySelector('.dt-animation canvas');
                return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data); }""")
            got = np.array(got, dtype=int).reshape(want.shape[0], want.shape[1], 4)[..., :3]
            assert np.array_equal(got, want), f"frame {k}: {np.abs(got - want).max()}"
            player.locator(".dt-controls button").nth(3).click()
