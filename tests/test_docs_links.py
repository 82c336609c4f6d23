"""The documentation site: it builds with warnings as errors, and no link or image of it is broken.

The site is built once for this module (``python -m dominotiling.docs``, which runs
``sphinx-build -W``) into a temporary folder,
or taken from ``DOMINOTILING_DOCS_HTML`` when that names a site already built (CI
builds it once, then runs this test and the browser test on it). Every ``href`` and
``src`` of every page must name a file of the site (and an anchor in it, when it has
one); nothing is loaded from another host, so the site works offline.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
from html.parser import HTMLParser
from urllib.parse import unquote, urlsplit

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def build_site(out):
    """Build the site into `out` by ``python -m dominotiling.docs`` (warnings as errors); return it."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "MPLBACKEND": "Agg",
        "DOMINOTILING_QUIET": "1",
    }
    run = subprocess.run(
        [sys.executable, "-m", "dominotiling.docs", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
        env=env,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert "build succeeded" in run.stdout
    return pathlib.Path(out)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    given = os.environ.get("DOMINOTILING_DOCS_HTML")
    if given and (pathlib.Path(given) / "index.html").exists():
        return pathlib.Path(given).resolve()
    return build_site(tmp_path_factory.mktemp("docs") / "html")


class _Page(HTMLParser):
    """The links (``href``, ``src``) and the anchors (``id``, ``name``) of one page."""

    def __init__(self):
        super().__init__()
        self.links, self.anchors = [], set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name"):
            if attrs.get(key) and (key == "id" or tag == "a"):
                self.anchors.add(attrs[key])
        for key in ("href", "src"):
            value = attrs.get(key)
            if value is not None and not (tag == "a" and key == "src"):
                self.links.append((tag, key, value))


def _parse(path, cache={}):  # noqa: B006 - a cache for one run
    if path not in cache:
        page = _Page()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = page
    return cache[path]


def _pages(site):
    """Every page of the site (``_static`` holds the theme's files, among them a Jinja template)."""
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.relative_to(site).parts)


def test_the_site_has_its_parts(site):
    for part in (
        "index.html",
        "search.html",
        "searchindex.js",
        "api/index.html",
        "api/counting.html",
        "api/theory.html",
        "guide/methods.html",
        "gallery/tour.html",
        "gallery/notebooks/01_profile_dp.html",
        "_static/mathjax/tex-chtml.js",
    ):
        assert (site / part).exists(), part
    counting = (site / "api" / "counting.html").read_text()
    assert (
        "count_tilings" in counting and "profile DP" in counting
    )  # the summary table's method column
    assert "12988816" in (site / "index.html").read_text()
    # the gallery's animations are GIFs of many frames, which play by themselves on the page
    from PIL import Image

    gifs = sorted(site.rglob("*.gif"))
    assert len(gifs) >= 2
    for gif in gifs:
        with Image.open(gif) as im:
            assert im.n_frames > 5, gif.name


def test_every_internal_link_and_image_resolves(site):
    broken, checked = [], 0
    for page in _pages(site):
        for tag, key, url in _parse(page).links:
            parts = urlsplit(url)
            if parts.scheme in ("http", "https", "mailto", "data", "javascript") or url.startswith(
                "//"
            ):
                continue
            path = unquote(parts.path)
            target = page if path == "" else (page.parent / path).resolve()
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            if not target.exists() or site not in target.parents and target != site:
                broken.append(f"{page.relative_to(site)}: <{tag} {key}={url!r}>")
                continue
            if parts.fragment and target.suffix == ".html" and tag == "a":
                if unquote(parts.fragment) not in _parse(target).anchors:
                    broken.append(f"{page.relative_to(site)}: <a href={url!r}> (no such anchor)")
    assert checked > 1000
    assert broken == [], "\n".join(broken[:40])


def test_nothing_is_loaded_from_another_host(site):
    outside = []
    for page in _pages(site):
        for tag, key, url in _parse(page).links:
            if tag in ("script", "img", "link", "source", "video", "iframe") and (
                urlsplit(url).scheme in ("http", "https") or url.startswith("//")
            ):
                if tag == "link" and "rel" in url:
                    continue
                outside.append(f"{page.relative_to(site)}: <{tag} {key}={url!r}>")
    assert outside == [], "\n".join(outside[:20])
    index = (site / "index.html").read_text()
    assert "_static/mathjax/tex-chtml.js" in index  # the maths is typeset by the site's own MathJax


def test_every_public_name_has_its_entry(site):
    import importlib

    import dominotiling

    anchors = set().union(
        *(
            _parse(site / "api" / f"{w}.html").anchors
            for w in (
                "model",
                "counting",
                "sampling",
                "matching",
                "trees",
                "aztec",
                "surfaces",
                "statistics",
                "theory",
                "parallel",
                "viz",
                "games",
                "core",
            )
        )
    )
    documented = {a.rsplit(".", 1)[-1] for a in anchors if a.startswith("dominotiling.")}
    assert [n for n in dominotiling.__all__ if n not in documented] == []
    theory = importlib.import_module("dominotiling.theory")
    theory_page = (site / "api" / "theory.html").read_text()
    assert all(n in theory_page for n in getattr(theory, "__all__", []))
    # each documented name is an anchor of its page, so that See Also links land on it
    assert "dominotiling.counting.count_tilings" in anchors
    assert "dominotiling.model.Tiling.to_json" in anchors


def test_every_public_function_has_a_cost_and_a_method_in_its_table():
    import inspect

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import apigen
        import costs
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    missing = [
        path
        for wing, entries in apigen.public_names().items()
        for path, name, obj in entries
        # a deprecated alias (`_util.renamed`) has its new name's row
        if inspect.isfunction(obj)
        and name not in costs.COSTS
        and not hasattr(obj, "__deprecated__")
    ]
    assert missing == []
