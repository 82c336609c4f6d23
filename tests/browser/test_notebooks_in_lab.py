"""Notebooks 02, 03, 06 and 09 run top to bottom in JupyterLab, checked from the page.

For each: no error output and no standard-error box; every animation advances
its frames by itself (no click) and shows its counter and controls; every
explorer shows a picture and answers -- a slider moved or a figure typed and a
button clicked change both the picture and the text.
"""

from __future__ import annotations

import re
import time

import pytest

#: Longest wait for one notebook to run top to bottom.
NOTEBOOK_RUN_S = 900

NOTEBOOKS = [
    "02_matching_kuhn.ipynb",
    "03_coloring.ipynb",
    "06_aztec_arctic.ipynb",
    "09_weighted_dimers.ipynb",
]


def open_and_run(page, lab, name):
    """Open `name` in JupyterLab, Run All Cells, and wait until every code cell has run."""
    page.goto(lab.notebook_url(name), wait_until="domcontentloaded", timeout=120_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-StatusBar-TextItem, .jp-StatusBar-Item')]"
        ".some(e => /Idle/.test(e.textContent))",
        timeout=120_000,
    )
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    n_code = page.locator(".jp-Notebook .jp-CodeCell").count()
    assert n_code > 0
    deadline = time.monotonic() + NOTEBOOK_RUN_S
    while True:
        prompts = page.eval_on_selector_all(
            ".jp-Notebook .jp-CodeCell .jp-InputPrompt", "els => els.map(e => e.textContent.trim())"
        )
        ran = sum(1 for p in prompts if re.fullmatch(r"\[\d+\]:", p))
        errors = page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
        ).count()
        if ran == n_code or errors and not any("*" in p for p in prompts):
            break
        assert time.monotonic() < deadline, (
            f"{name}: {ran} of {n_code} cells ran in {NOTEBOOK_RUN_S} s"
        )
        page.wait_for_timeout(1000)
    return n_code


def stderr_texts(page):
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
        "els => els.map(e => e.innerText.slice(0, 800))",
    )


def check_animations(page, name):
    """Every animation on the page plays by itself: its frame moves on within a few seconds, no click."""
    players = page.locator(".jp-OutputArea-output .dt-animation")
    count = players.count()
    for i in range(count):
        player = players.nth(i)
        player.scroll_into_view_if_needed()
        page.wait_for_function(
            "e => e.dataset.frame !== undefined", arg=player.element_handle(), timeout=30_000
        )
        assert player.locator("canvas").count() == 1, (
            f"{name}: animation {i} has no canvas (script did not run)"
        )
        counter = player.locator(".dt-counter")
        first = counter.text_content()
        assert re.fullmatch(r"frame \d+ / \d+", first), (name, first)
        total = int(first.split("/")[1])
        assert total > 1, f"{name}: animation {i} has a single frame"
        page.wait_for_function(
            "([e, f]) => e.dataset.frame !== f",
            arg=[player.element_handle(), player.get_attribute("data-frame")],
            timeout=15_000,
        )
        assert counter.text_content() != first, f"{name}: animation {i} did not advance"
        labels = player.locator(".dt-controls button").all_text_contents()
        assert len(labels) == 5 and all(t.strip() for t in labels), (name, labels)
        assert player.get_attribute("data-playing") == "1"
    return count


def picture_and_status(widget):
    return (
        widget.locator("img.widget-image").first.get_attribute("src"),
        widget.locator(".widget-html-content").last.text_content(),
    )


def wait_changed(page, widget, before, what, timeout_s=90):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        now = picture_and_status(widget)
        if now[0] != before[0] and now[1] != before[1]:
            return now
        page.wait_for_timeout(300)
    raise AssertionError(
        f"{what}: the picture or the text did not change ({before[1]!r} -> {now[1]!r})"
    )


def check_aztec_explorer(page, widget):
    before = picture_and_status(widget)
    assert before[0] and before[0].startswith("blob:") or before[0].startswith("data:"), before[0]
    box = widget.locator("img.widget-image").first.bounding_box()
    column = widget.bounding_box()
    assert box["width"] <= column["width"] + 1, "the picture is wider than the notebook column"
    assert box["width"] <= 700, f"the picture is stretched to {box['width']} px"
    readout = widget.locator(".widget-readout").first
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("40")
    page.keyboard.press("Enter")
    after = wait_changed(page, widget, before, "explore_aztec: the order slider set to 40")
    assert "1,640 dominoes" in after[1], after[1]  # order 40: n (n + 1) dominoes
    # two-periodic weights: the dropdown, and no arctic circle of the uniform model drawn
    widget.locator("select").first.select_option("two-periodic")
    wait_changed(page, widget, after, "explore_aztec: two-periodic weights")


def check_region_explorer(page, widget):
    figures = ["....\n....", "......\n......\n......", "..#\n..."]
    expected = ["5 tilings", "41 tilings", "0 tilings"]
    for text, want in zip(figures, expected):
        before = picture_and_status(widget)
        area = widget.locator(".widget-textarea textarea").first  # not the canvas's paste box
        area.fill(text)
        widget.locator("button", has_text=re.compile(r"^count$")).click()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            now = picture_and_status(widget)
            if want in now[1].replace(",", "") and now[0] != before[0]:
                break
            page.wait_for_timeout(300)
        else:
            raise AssertionError(
                f"explore_region: typed {text!r}, clicked count once: shows {now[1]!r}, "
                f"picture changed: {now[0] != before[0]}"
            )


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_and_plays_in_jupyterlab(page, lab, name):
    n_code = open_and_run(page, lab, name)
    errors = page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
    ).count()
    texts = stderr_texts(page)
    assert errors == 0 and not texts, f"{name}: error or stderr output: {texts}"
    assert not [e for e in page.errors if "dt-anim" in e or "decode" in e], page.errors
    # the maths of the markdown is typeset: no raw $...$ left, no MathJax error
    raw = page.eval_on_selector_all(
        ".jp-MarkdownCell .jp-RenderedMarkdown",
        "els => els.filter(e => /\\$[^$\\s][^$]*\\$/.test(e.innerText)).length",
    )
    assert raw == 0 and page.locator("mjx-merror").count() == 0, f"{name}: maths not typeset"
    n_anim = check_animations(page, name)
    explorers = page.locator(".jp-OutputArea-output .dt-explorer")
    kinds = [
        "aztec"
        if "dt-explorer-aztec" in (explorers.nth(i).get_attribute("class") or "")
        else "region"
        for i in range(explorers.count())
    ]
    for i, kind in enumerate(kinds):
        widget = explorers.nth(i)
        widget.scroll_into_view_if_needed()
        if kind == "aztec":
            check_aztec_explorer(page, widget)
        elif kind == "region":
            check_region_explorer(page, widget)
    expected = {
        "02_matching_kuhn.ipynb": (1, ["region"]),
        "03_coloring.ipynb": (1, []),
        "06_aztec_arctic.ipynb": (1, ["aztec"]),
        "09_weighted_dimers.ipynb": (0, []),
    }[name]
    assert n_anim >= expected[0] and sorted(kinds) == sorted(expected[1]), (name, n_anim, kinds)
    assert n_code > 0
