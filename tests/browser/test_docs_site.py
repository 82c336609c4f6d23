"""The documentation site in Chromium: the index, an API page, a gallery page, and the search.

The site is built once (``sphinx-build -W``) into a temporary folder, or taken from
``DOMINOTILING_DOCS_HTML`` when that names a site already built, and served from
127.0.0.1 by a local HTTP server that lives as long as this module's tests. Chromium
(Debian's, ``/usr/bin/chromium``, or ``DOMINOTILING_CHROMIUM``; see ``chromium.py``) is
driven by Playwright through the suite's one browser (``conftest.py``; a second
``sync_playwright`` in the same worker is refused while the first runs). Every request for
another host is refused and recorded, so the pages must work offline. Screenshots go to
``DOMINOTILING_DOCS_SHOTS`` when set.
"""

from __future__ import annotations

import functools
import http.server
import os
import pathlib
import subprocess
import sys
import threading
from urllib.parse import urlsplit

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TIMEOUT_MS = 60_000


@pytest.fixture(scope="module")
def docs_html(tmp_path_factory):
    given = os.environ.get("DOMINOTILING_DOCS_HTML")
    if given and (pathlib.Path(given) / "index.html").exists():
        return pathlib.Path(given).resolve()
    out = tmp_path_factory.mktemp("docs_site") / "html"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "MPLBACKEND": "Agg",
        "DOMINOTILING_QUIET": "1",
    }
    run = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        timeout=1800,
        env=env,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def docs_url(docs_html):
    handler = functools.partial(_QuietHandler, directory=str(docs_html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.timeout = 5
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture
def page(browser, docs_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    p = context.new_page()
    p.set_default_timeout(TIMEOUT_MS)
    p.outside, p.failed, p.errors = [], [], []

    def route(r):
        host = urlsplit(r.request.url).hostname
        if host == "127.0.0.1":
            r.continue_()
        else:
            p.outside.append(r.request.url)
            r.abort()

    p.route("**/*", route)
    p.on(
        "response", lambda resp: resp.status >= 400 and p.failed.append(f"{resp.status} {resp.url}")
    )
    p.on("pageerror", lambda exc: p.errors.append(str(exc)))
    yield p
    context.close()


def _shot(page, name):
    folder = os.environ.get("DOMINOTILING_DOCS_SHOTS")
    if folder:
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(pathlib.Path(folder) / f"{name}.png"), full_page=False)


def _clean(page):
    assert page.outside == [], f"requests for other hosts: {page.outside[:5]}"
    assert page.failed == [], f"failed requests: {page.failed[:5]}"
    assert page.errors == [], f"script errors: {page.errors[:5]}"


def _images_loaded(page):
    """(loaded, total) images of the page, each scrolled into view first (lazy loading)."""
    return page.evaluate("""async () => {
        const imgs = Array.from(document.images);
        for (const img of imgs) { img.loading = 'eager'; img.scrollIntoView(); }
        await Promise.all(imgs.map(img => img.complete ? null :
            new Promise(ok => { img.onload = img.onerror = ok; })));
        window.scrollTo(0, 0);
        return [imgs.filter(i => i.naturalWidth > 0).length, imgs.length];
    }""")


def test_index_page_typesets_the_maths(page, docs_url):
    page.goto(f"{docs_url}/index.html")
    assert "dominotiling" in page.title()
    page.wait_for_selector("mjx-container", state="attached")  # MathJax from the site itself
    assert page.locator("mjx-container").count() >= 1
    assert page.get_by_text("12988816").count() >= 1
    links = page.locator("a.reference.internal").evaluate_all("els => els.map(e => e.textContent)")
    assert any("API reference" in t for t in links) and any("Gallery" in t for t in links)
    _shot(page, "index")
    _clean(page)


def test_api_page_has_the_summary_table_and_cross_links(page, docs_url):
    page.goto(f"{docs_url}/api/counting.html")
    table = page.locator("table").first
    header = table.locator("thead").inner_text().lower()
    assert "cost" in header and "method" in header
    assert table.locator("tbody tr").count() >= 8
    entry = page.locator("[id='dominotiling.counting.count_tilings']")
    assert entry.count() == 1
    see_also = page.locator("[id='dominotiling.counting.count_tilings'] + dd a[href*='log_count']")
    assert see_also.count() >= 1
    see_also.first.click()
    page.wait_for_function("() => location.hash.includes('log_count')")
    _shot(page, "api_counting")
    _clean(page)


def test_gallery_pages_show_pictures_and_animations(page, docs_url):
    page.goto(f"{docs_url}/gallery/notebooks/06_aztec_arctic.html")
    assert page.locator("div.cell_output img, .output img, img").count() >= 3
    loaded, total = _images_loaded(page)
    assert total >= 3 and loaded == total
    _shot(page, "gallery_aztec")
    _clean(page)
    page.goto(f"{docs_url}/gallery/tour.html")
    gifs = page.locator("img[src$='.gif']")
    assert gifs.count() >= 2
    loaded, total = _images_loaded(page)
    assert loaded == total
    gifs.first.scroll_into_view_if_needed()
    _shot(page, "gallery_tour")
    _clean(page)


def test_search_finds_a_function(page, docs_url):
    page.goto(f"{docs_url}/search.html?q=sample_aztec")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for()
    page.wait_for_function(
        "() => document.querySelector('#search-results p') && "
        "!document.querySelector('#search-results').classList.contains('searching')"
        " || document.querySelectorAll('#search-results ul.search li').length > 3"
    )
    texts = results.all_inner_texts()
    assert any("sample_aztec" in t for t in texts), texts[:5]
    results.filter(has_text="sample_aztec").first.locator("a").first.click()
    page.wait_for_load_state()
    assert "/api/" in page.url
    _shot(page, "search")
    _clean(page)
