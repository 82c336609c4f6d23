"""The tour's index.html in Chromium: every picture present, every link resolving, GIFs that move."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image


@pytest.fixture(scope="module")
def tour(tmp_path_factory):
    from dominotiling.tour import run_tour

    return run_tour(tmp_path_factory.mktemp("tour"), quick=True, progress=False)


def test_tour_page_has_every_image_and_link(page, tour):
    page.goto(tour.as_uri(), wait_until="load")
    images = page.eval_on_selector_all(
        "img",
        "els => els.map(e => ({ok: e.complete && e.naturalWidth > 0, w: e.naturalWidth, alt: e.alt}))",
    )
    assert len(images) >= 15
    broken = [im["alt"] for im in images if not im["ok"]]
    assert not broken, f"images that did not load: {broken}"
    assert all(im["w"] >= 480 for im in images), [im for im in images if im["w"] < 480]
    links = page.eval_on_selector_all("a", "els => els.map(e => e.getAttribute('href'))")
    sections = page.locator("section").count()
    assert len(links) >= 2 * sections  # the contents, and a way back from each section
    for href in links:
        assert href and href.startswith("#"), f"a link that leaves the page: {href!r}"
        assert page.locator(f"[id='{href[1:]}']").count() == 1, f"{href} points nowhere"
    # following a link of the contents scrolls to its section
    page.locator("nav a").nth(4).click()
    page.wait_for_timeout(300)
    target = page.locator("nav a").nth(4).get_attribute("href")
    assert page.evaluate("() => location.hash") == target
    top = page.locator(f"[id='{target[1:]}']").bounding_box()["y"]
    assert abs(top) < 50, f"the section is at y = {top} after its link was followed"
    assert not page.errors


def test_tour_animations_move_and_end_where_they_say(tour):
    html = tour.read_text(encoding="utf-8")
    gifs = [g.split('"')[0] for g in html.split("data:image/gif;base64,")[1:]]
    assert len(gifs) == 3  # Kuhn, the colouring, Wilson
    for data in gifs:
        with Image.open(io.BytesIO(base64.b64decode(data))) as im:
            assert im.n_frames > 5 and im.info.get("loop") == 0
    # the captions state what the pictures show
    assert (
        "22 paths place 22 dominoes on this figure of 45 cells, and 1 cell stays uncovered" in html
    )
    assert "Five colours" not in html and "rings mark a Kempe swap" not in html
    assert "**" not in html and "pi/4" not in html
