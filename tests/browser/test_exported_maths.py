"""Notebooks exported to HTML typeset their LaTeX with no network (``dominotiling.docs.export_html``).

Every request that is not a local file is aborted, as on a train or behind a
firewall: nbconvert's own export (MathJax from a CDN) then leaves raw ``$...$``,
which is also checked, so that the blocking itself is known to work.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"

#: What a markdown cell's text still shows of TeX, once the typeset maths and code are set aside.
_LEFT_RAW = """() => {
    const out = [];
    for (const cell of document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown')) {
        const copy = cell.cloneNode(true);
        copy.querySelectorAll('mjx-container, code, pre, script').forEach(e => e.remove());
        const text = copy.textContent;
        for (const m of text.matchAll(/\\$[^$]{1,60}\\$?|\\\\\\(|\\\\\\[|\\\\begin\\{/g)) out.push(m[0]);
    }
    return out;
}"""


def _with_maths():
    """The notebooks whose markdown has LaTeX (``$`` delimiters)."""
    names = []
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        if any("$" in "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"):
            names.append(nb.name)
    return names


WITH_MATHS = _with_maths()


@pytest.fixture
def offline(page):
    """The suite's page, with every request but ``file:`` and ``data:`` URLs aborted; `.blocked` lists them."""
    page.blocked = []

    def route(r):
        if r.request.url.startswith(("file:", "data:")):
            r.continue_()
        else:
            page.blocked.append(r.request.url)
            r.abort("internetdisconnected")

    page.context.route("**/*", route)
    return page


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """Every notebook with maths exported to one folder (MathJax beside), and notebook 10 self-contained."""
    from dominotiling.docs import export_html

    beside = tmp_path_factory.mktemp("beside")
    out = {name: export_html(NOTEBOOKS / name, beside, mathjax="beside") for name in WITH_MATHS}
    out["embedded"] = export_html(
        NOTEBOOKS / "10_generalized_shuffling.ipynb", tmp_path_factory.mktemp("embed")
    )
    return out


def _typeset(pg, url):
    pg.goto(url, wait_until="load")
    pg.wait_for_selector("mjx-container", state="attached", timeout=30_000)
    # MathJax typesets in one pass after load; its promise settles when every formula is done
    pg.wait_for_function(
        "() => window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=30_000
    )
    pg.evaluate("() => MathJax.startup.promise")
    return {
        "formulas": pg.locator("mjx-container").count(),
        "errors": pg.locator("[data-mml-node='merror'], mjx-merror").count(),
        "raw": pg.evaluate(_LEFT_RAW),
    }


def test_the_notebooks_have_maths():
    assert len(WITH_MATHS) >= 10, WITH_MATHS


@pytest.mark.parametrize("name", WITH_MATHS)
def test_exported_notebook_typesets_its_maths_offline(offline, pages, name):
    seen = _typeset(offline, pages[name].as_uri())
    assert seen["formulas"] >= 1
    assert seen["errors"] == 0, f"{name}: {seen['errors']} formulas MathJax could not typeset"
    assert seen["raw"] == [], f"{name}: TeX left raw: {seen['raw'][:5]}"
    assert not any("mathjax" in url.lower() for url in offline.blocked), offline.blocked
    assert not offline.errors, offline.errors


def test_self_contained_page_typesets_alone(offline, pages, tmp_path):
    page = pages["embedded"]
    alone = tmp_path / "moved.html"  # moved away from any mathjax/ folder
    alone.write_bytes(page.read_bytes())
    seen = _typeset(offline, alone.as_uri())
    assert seen["formulas"] >= 10 and seen["errors"] == 0 and seen["raw"] == []
    assert not offline.errors, offline.errors


def test_nbconverts_own_export_is_raw_offline(offline, tmp_path):
    """The control: the same notebook by ``jupyter nbconvert --to html`` shows raw TeX when offline."""
    name = "10_generalized_shuffling.ipynb"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            "--output-dir",
            str(tmp_path),
            str(NOTEBOOKS / name),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    offline.goto((tmp_path / name.replace(".ipynb", ".html")).as_uri(), wait_until="load")
    offline.wait_for_timeout(1500)
    assert offline.locator("mjx-container").count() == 0
    assert offline.evaluate(_LEFT_RAW)
    assert any("mathjax" in url.lower() for url in offline.blocked)


def test_exported_pages_name_no_mathjax_on_the_network(pages, tmp_path):
    from dominotiling.docs import export_html
    from dominotiling.errors import DominoTilingError

    for name in WITH_MATHS[:2] + ["embedded"]:
        text = pages[name].read_text(encoding="utf-8")
        assert "mathjax/2.7" not in text.lower() and "MathJax.Hub" not in text
    beside = pages[WITH_MATHS[0]]
    assert '<script src="mathjax/tex-svg-full.js">' in beside.read_text(encoding="utf-8")
    assert (beside.parent / "mathjax" / "tex-svg-full.js").stat().st_size > 10**6
    with pytest.raises(DominoTilingError, match="choose one of 'embed', 'beside'"):
        export_html(NOTEBOOKS / WITH_MATHS[0], tmp_path, mathjax="cdn")
