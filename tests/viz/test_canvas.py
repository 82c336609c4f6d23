"""The drawing canvas from Python (issue 44): its state, hostile states, the answers, the actions.

The browser side (mouse events in JupyterLab) is tests/browser/test_canvas_in_lab.py.
Counts are checked against brute force and the Kasteleyn-Temperley-Fisher product,
never against the library's own count.
"""

from __future__ import annotations

import base64
import io
import math
import subprocess
import sys
import textwrap
import threading
import time
import xml.etree.ElementTree as ET
from unittest import mock

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of, ktf_count
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from dominotiling import Region
from dominotiling.errors import DominoTilingError, DominoTypeError, RegionFormatError, TooLargeError
from dominotiling.viz import answers
from dominotiling.viz.canvas import MAX_SIDE, RegionCanvas, decode_cells, encode_cells
from dominotiling.viz.widgets import explore_region, region_canvas

WAIT = 120


def canvas(region=None, **kw):
    w = RegionCanvas(region, **kw)
    assert w.wait(WAIT)
    return w


def neighbours(cells, mask):
    """N(S) of a set of cells in a mask, by the four sides (written here, not the library's)."""
    out = set()
    for r, c in cells:
        for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= a < mask.shape[0] and 0 <= b < mask.shape[1] and mask[a, b]:
                out.add((a, b))
    return out


def ktf_log(m, n):
    """log of the Kasteleyn-Temperley-Fisher product for the m x n rectangle, in floats."""
    j = np.arange(1, (m + 1) // 2 + 1)[:, None]
    k = np.arange(1, (n + 1) // 2 + 1)[None, :]
    return float(
        np.log(4 * np.cos(np.pi * j / (m + 1)) ** 2 + 4 * np.cos(np.pi * k / (n + 1)) ** 2).sum()
    )


# ---------------------------------------------------------------- the synced state
@settings(max_examples=60, deadline=None)
@given(arrays(bool, st.tuples(st.integers(1, 23), st.integers(1, 23))))
def test_state_round_trip(mask):
    state = encode_cells(mask)
    assert set(state) == {"rows", "cols", "bits"}
    assert len(base64.b64decode(state["bits"])) == math.ceil(mask.size / 8)
    assert np.array_equal(decode_cells(state), mask)


def test_state_layout_is_the_pages():
    # the page's layout, written out by hand: row by row, the first cell in the highest bit
    mask = np.zeros((1, 9), dtype=bool)
    mask[0, 0] = mask[0, 8] = True
    assert base64.b64decode(encode_cells(mask)["bits"]) == bytes([0b10000000, 0b10000000])
    mask = np.zeros((3, 3), dtype=bool)
    mask[2, 2] = True  # cell 8: the highest bit of the second byte
    assert decode_cells({"rows": 3, "cols": 3, "bits": base64.b64encode(b"\0\x80").decode()})[2, 2]
    big = np.random.default_rng(1).random((MAX_SIDE, MAX_SIDE)) < 0.5
    assert np.array_equal(decode_cells(encode_cells(big)), big)


HOSTILE = [
    (None, RegionFormatError),
    ([4, 4, ""], RegionFormatError),
    ({"rows": 2, "cols": 2}, RegionFormatError),
    ({"rows": 2, "cols": 2, "bits": "8A==", "extra": 1}, RegionFormatError),
    ({"rows": True, "cols": 2, "bits": "8A=="}, RegionFormatError),
    ({"rows": 2.0, "cols": 2, "bits": "8A=="}, RegionFormatError),
    ({"rows": "2", "cols": 2, "bits": "8A=="}, RegionFormatError),
    ({"rows": 0, "cols": 2, "bits": ""}, RegionFormatError),
    ({"rows": -3, "cols": 2, "bits": ""}, RegionFormatError),
    ({"rows": MAX_SIDE + 1, "cols": 2, "bits": ""}, TooLargeError),
    ({"rows": 10**12, "cols": 10**12, "bits": ""}, TooLargeError),
    ({"rows": 2, "cols": 2, "bits": 12}, RegionFormatError),
    ({"rows": 2, "cols": 2, "bits": "8A"}, RegionFormatError),  # bad padding
    ({"rows": 2, "cols": 2, "bits": "!!=="}, RegionFormatError),
    ({"rows": 2, "cols": 2, "bits": "\u00e98A="}, RegionFormatError),
    ({"rows": 2, "cols": 2, "bits": "8PA="}, RegionFormatError),  # two bytes for four cells
    ({"rows": 4, "cols": 4, "bits": "8A=="}, RegionFormatError),  # one byte for sixteen
    ({"rows": 2, "cols": 2, "bits": "A" * 50_000_000}, RegionFormatError),  # refused unread
]


@pytest.mark.parametrize("state, error", HOSTILE)
def test_hostile_states_are_refused(state, error):
    with pytest.raises(error) as caught:
        decode_cells(state)
    assert isinstance(caught.value, DominoTilingError) and "drawing" in str(caught.value)


def test_a_hostile_state_from_the_page_keeps_the_drawing():
    w = canvas(Region.rectangle(2, 3))
    before = dict(w.cells)
    for state, _error in HOSTILE[:6] + HOSTILE[9:12]:
        w.set_state({"cells": state})
        assert w.cells == before and w.region == Region.rectangle(2, 3)
        assert "dt-error" in w.answer
    for bad in ({"brush": 9}, {"brush": 0}, {"tool": "eraser"}, {"symmetry": "mirror"}):
        w.set_state(bad)
        assert "dt-error" in w.answer
    assert (w.brush, w.tool, w.symmetry) == (1, "brush", "none")
    w.set_state({"cells": encode_cells(np.ones((2, 2), dtype=bool)), "brush": 8})
    assert w.wait(WAIT) and w.region == Region.rectangle(2, 2) and w.brush == 8


# ---------------------------------------------------------------- region both ways
def test_region_getter_and_setter():
    w = canvas(rows=5, cols=7)
    assert w.region is None and w.answers["cells"] == 0
    r = Region.from_strings(["..#..", "....."])
    w.region = r
    assert w.region == r and w.region.mask.shape == (2, 5)
    assert np.array_equal(decode_cells(w.cells), r.mask)
    with pytest.raises(DominoTypeError):
        w.region = "..\n.."
    with pytest.raises(DominoTilingError, match="glued"):
        w.region = Region.torus(4, 4)
    with pytest.raises(TooLargeError, match="400"):
        w.region = Region.rectangle(2, MAX_SIDE + 1)
    assert w.region == r
    with pytest.raises(TooLargeError):
        RegionCanvas(rows=MAX_SIDE + 1)
    w.region = Region.rectangle(MAX_SIDE, MAX_SIDE)  # the largest grid is accepted
    assert w.region.n_cells == MAX_SIDE**2


# ---------------------------------------------------------------- the live answers
def test_answers_against_brute_force():
    rng = np.random.default_rng(44)
    w = canvas(rows=4, cols=5)
    seen = set()
    for _ in range(25):
        mask = rng.random((4, 5)) < 0.8
        if not mask.any():
            continue
        w.region = Region.from_mask(mask)
        assert w.wait(WAIT)
        a = w.answers
        n = len(brute_force_tilings(mask))
        black = int(sum(1 for r, c in zip(*np.nonzero(mask)) if (r + c) % 2 == 0))
        assert (a["cells"], a["black"], a["white"]) == (mask.sum(), black, mask.sum() - black)
        assert a["count"] == n and a["exact"] and a["tileable"] == (n > 0)
        assert f'data-count="{n}"' in w.answer
        if n == 0:
            cells = {tuple(map(int, c)) for c in a["hall"]}
            assert all(mask[c] for c in cells)
            assert len({(r + c) % 2 for r, c in cells}) == 1  # one colour
            assert len(neighbours(cells, mask)) < len(cells)  # Hall's condition fails
            assert np.array_equal(decode_cells(w.marks), _mask(cells, mask.shape))
            assert 'class="dt-hall"' in w.answer
        else:
            assert a["hall"] is None and decode_cells(w.marks, allow_empty=True).size == 0
        seen.add(n > 0)
    assert seen == {True, False}


def _mask(cells, shape):
    out = np.zeros(shape, dtype=bool)
    for c in cells:
        out[c] = True
    return out


def test_large_drawings_get_their_log_count():
    m, n = 101, 100
    assert m * n > answers.EXACT_CELLS
    w = canvas(Region.rectangle(m, n))
    assert w.answers["exact"] is False and w.answers["count"] is None
    assert w.answers["log_count"] == pytest.approx(ktf_log(m, n), rel=1e-9)
    assert "data-log-count" in w.answer


def test_exact_count_on_request_and_long_counts_shown_short():
    w = canvas(Region.rectangle(20, 20))
    full = w.answers["count"]
    assert math.log(full) == pytest.approx(ktf_log(20, 20), rel=1e-12)
    assert f'data-count="{full}"' in w.answer and "digits" in w.answer
    w.region = Region.rectangle(101, 100)
    assert w.wait(WAIT) and not w.answers["exact"]
    w.exact_count()
    assert w.wait(WAIT) and w.answers["exact"]
    assert w.answers["count"] == ktf_count(101, 100)


def test_the_worker_drops_stale_jobs_and_runs_the_newest_only():
    started, release, published = threading.Event(), threading.Event(), []

    def slow(alive):
        started.set()
        release.wait(30)
        yield
        published.append("slow")  # never reached: a newer job came

    def job(name):
        def steps(alive):
            yield
            published.append(name)

        return steps

    w = answers.AnswerWorker(debounce=0.0)
    w.submit(slow)
    assert started.wait(30)
    for name in ("a", "b", "c"):
        w.submit(job(name))
    release.set()
    assert w.wait(30)
    assert published == ["c"]
    w.submit(job("d"))
    w.cancel()
    assert w.wait(30) and published == ["c"] and not w.busy


def test_a_drawing_is_never_held_up_by_a_count():
    # a change arrives while the worker counts: the setter returns at once, the answer is the new one
    w = canvas(Region.rectangle(100, 100))
    w.region = Region.rectangle(4, 4)
    assert w.region == Region.rectangle(4, 4)  # the drawing, before any answer
    assert w.wait(WAIT) and w.answers["count"] == 36


def _count_started(monkeypatch, big):
    """An Event set once the canvas's exact count of `big` has begun (the real count runs on)."""
    started, real = threading.Event(), answers.count_answer

    def spy(region, **kw):
        if region == big and kw.get("exact"):
            started.set()
        return real(region, **kw)

    monkeypatch.setattr(answers, "count_answer", spy)
    return started


# 250 x 250: its exact count takes about half a minute by the cost model (choose_method's)
BIG = 250


def test_a_newer_drawing_calls_off_a_long_count(monkeypatch):
    from dominotiling.counting import estimated_seconds

    big = Region.rectangle(BIG, BIG)
    assert min(estimated_seconds(big).values()) > 20  # long: called off half-way
    w = canvas(big)  # its log-count, live
    started = _count_started(monkeypatch, big)
    w.exact_count()
    assert started.wait(WAIT)
    time.sleep(1.0)  # inside the elimination by now
    assert w.busy and "dt-exact" not in w.answer
    t0 = time.monotonic()
    w.region = Region.from_strings(["....", "....", "..##"])  # 10 cells
    assert w.wait(WAIT)
    took = time.monotonic() - t0
    # the newer drawing's answers, shown; of the long count nothing
    mask = np.array([[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 0, 0]], dtype=bool)
    want = len(brute_force_tilings(mask))
    assert w.answers["count"] == want and f'data-count="{want}"' in w.answer
    assert "dt-exact" not in w.answer and "dt-error" not in w.answer and not w.busy
    # within seconds, where the count alone would have run on for its half minute
    assert took < 10, f"the newer drawing waited {took:.1f} s"
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.25  # no thread still counting


def test_the_stop_button_calls_off_a_long_count(monkeypatch):
    big = Region.rectangle(BIG, BIG)
    w = canvas(big)
    started = _count_started(monkeypatch, big)
    w._on_message(w, {"action": "exact"}, [])  # the page's "exact count" button
    assert started.wait(WAIT)
    time.sleep(1.0)
    t0 = time.monotonic()
    w._on_message(w, {"action": "cancel"}, [])  # its "stop" button
    assert w.wait(10), "the count went on after stop"
    assert time.monotonic() - t0 < 10 and not w.busy
    assert 'class="dt-cancelled"' in w.answer and "dt-exact" not in w.answer
    assert w.answers["exact"] is False and w.answers["count"] is None  # the live log-count stays
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.25
    # the canvas still answers: the next count runs to its end
    w.region = Region.rectangle(2, 6)
    assert w.wait(WAIT) and w.answers["count"] == len(brute_force_tilings(np.ones((2, 6), bool)))


# ---------------------------------------------------------------- actions
def test_tiling_sample_and_limit_shape():
    from dominotiling import random_tiling

    w = canvas(Region.aztec_diamond(6), seed=3)
    w.show_tiling()
    assert w.wait(WAIT)
    t = w.answers["tiling"]
    t.validate()
    assert t.region == w.region and w.picture.startswith("data:image/png;base64,")
    w.sample()
    assert w.wait(WAIT)
    assert dominoes_of(w.answers["sample"]) == dominoes_of(random_tiling(w.region, seed=3))
    assert w.seed == 4 and "seed 3" in w.answer
    w.show_limit_shape(resolution=12)
    assert w.wait(WAIT)
    shape = w.answers["limit_shape"]
    assert len(shape.arctic_curves) >= 1 and 'data-curves="' in w.answer
    # the arctic circle: the circle inscribed in the diamond (half-diagonal n), radius n / sqrt 2
    pts = np.concatenate(shape.arctic_curves)
    radius = np.median(np.hypot(pts[:, 0] - 6, pts[:, 1] - 6))
    assert radius == pytest.approx(6 / math.sqrt(2), rel=0.1)
    w.region = Region.from_strings(["..#", "..."])
    assert w.wait(WAIT)
    for action in (w.show_tiling, w.sample, w.show_limit_shape):
        action()
        assert w.wait(WAIT) and "Hall certificate" in w.answer


def test_make_tileable():
    r = Region.from_strings([".....", ".....", "....."])
    w = canvas(r)
    assert not w.answers["tileable"]
    w.make_tileable()
    assert w.wait(WAIT)
    assert w.region == r.make_tileable().region and w.answers["tileable"]
    assert len(brute_force_tilings(w.region.mask)) == w.answers["count"] > 0
    assert "removed 1 boundary cell" in w.answer
    w.make_tileable(rule="double")
    assert w.wait(WAIT) and w.region.mask.shape == (6, 10)
    w.region = Region.rectangle(MAX_SIDE // 2 + 1, 3)
    assert w.wait(WAIT)
    w.make_tileable(rule="double")
    assert w.wait(WAIT) and "TooLargeError" in w.answer
    with pytest.raises(DominoTilingError):
        w.make_tileable(rule="halve")


def test_paste_and_picture():
    from PIL import Image

    w = canvas()
    w.paste("..#\n...\n")
    assert w.wait(WAIT) and w.region == Region.from_strings(["..#", "..."])
    with pytest.raises(RegionFormatError):
        w.paste("..x")
    with pytest.raises(TooLargeError):
        w.paste("." * (MAX_SIDE * (MAX_SIDE + 3)))
    with pytest.raises(TooLargeError):
        w.paste(".\n" * (MAX_SIDE + 1))
    buf = io.BytesIO()
    Image.new("L", (6, 4), 0).save(buf, format="PNG")
    w.load_image(buf.getvalue(), cell_size=2)
    assert w.wait(WAIT) and w.region == Region.rectangle(2, 3)
    w.load_image(base64.b64encode(buf.getvalue()).decode())  # as the page sends it
    assert w.wait(WAIT) and w.region == Region.rectangle(4, 6)
    with pytest.raises(RegionFormatError):
        w.load_image(b"not a picture")
    with pytest.raises(RegionFormatError):
        w.load_image("**not base64**")
    with pytest.raises(TooLargeError):
        w.load_image(b"\0" * (9 << 20))
    assert w.region == Region.rectangle(4, 6)


def test_messages_from_the_page():
    w = canvas()
    w._on_message(w, {"action": "paste", "text": "....\n...."}, [])
    assert w.wait(WAIT) and w.answers["count"] == 5
    w._on_message(w, {"action": "paste", "text": ".." * 10**6}, [])
    assert "TooLargeError" in w.answer and w.region == Region.rectangle(2, 4)
    for bad in ({"action": "rm -rf"}, {"action": None}, "sample", {"no": "action"}):
        w._on_message(w, bad, [])
        assert "no such action" in w.answer
    w._on_message(w, {"action": "image", "data": "AAAA"}, [])
    assert "RegionFormatError" in w.answer
    w._on_message(w, {"action": "sample"}, [])
    assert w.wait(WAIT) and w.answers["sample"].region == w.region


def test_exports():
    from PIL import Image

    r = Region.from_strings(["..#.", "...."])
    w = canvas(r)
    files = w.export()
    assert Region.from_strings(files["text"].splitlines()) == r
    assert Region.from_json(files["json"]) == r
    with Image.open(io.BytesIO(files["png"])) as im:
        rgb = np.asarray(im.convert("RGB"))
    k = rgb.shape[0] // 2
    centres = rgb[k // 2 :: k, k // 2 :: k]
    assert np.array_equal((centres != 255).any(axis=2), r.mask)
    svg = ET.fromstring(files["svg"])
    rects = svg.findall(".//{http://www.w3.org/2000/svg}rect")
    assert sorted((int(e.get("y")), int(e.get("x"))) for e in rects) == sorted(
        map(tuple, np.argwhere(r.mask).tolist())
    )
    for label in ("text", "JSON", "PNG", "SVG"):
        assert label in w.downloads
    assert w.downloads.count('href="data:') == 4


def test_a_saved_notebook_keeps_the_last_drawing():
    from PIL import Image

    w = canvas(Region.rectangle(2, 2))
    shown = []
    handle = mock.Mock()

    def display(obj, **kw):
        shown.append((obj, kw))
        return handle if kw.get("display_id") else None

    with mock.patch("IPython.display.display", display):
        w._ipython_display_()
    (widget, _), (static, kw) = shown
    assert "application/vnd.jupyter.widget-view+json" in widget
    assert kw["display_id"] is True and 'class="dt-canvas-static"' in static["text/html"]
    w.region = Region.from_strings(["...", ".#."])
    assert w.wait(WAIT)
    bundle = handle.update.call_args[0][0]
    with Image.open(io.BytesIO(base64.b64decode(bundle["image/png"]))) as im:
        rgb = np.asarray(im.convert("RGB"))
    k = rgb.shape[1] // 3
    centres = rgb[k // 2 :: k, k // 2 :: k]
    assert np.array_equal((centres != 255).any(axis=2), w.region.mask)  # the last drawing


def test_explore_region_uses_the_canvas():
    app = explore_region("....\n....")
    assert app.canvas.region == Region.rectangle(2, 4)
    app.canvas.region = Region.from_strings(["..", "..", ".."])
    assert app.text.value == "..\n..\n.."
    app.text.value = "...."
    assert app.canvas.region == Region.rectangle(1, 4)
    app.text.value = "..x"  # malformed: the drawing stays
    assert app.canvas.region == Region.rectangle(1, 4)
    assert explore_region("..", canvas=False).canvas is None
    w = region_canvas(Region.rectangle(2, 2))
    assert isinstance(w, RegionCanvas) and w.wait(WAIT) and w.answers["count"] == 2


def test_library_imports_without_anywidget():
    code = textwrap.dedent(
        """
        import sys
        sys.modules["anywidget"] = None  # makes `import anywidget` raise ImportError
        import dominotiling
        import dominotiling.viz.widgets as w
        try:
            w.region_canvas()
        except ImportError as exc:
            assert "pip install anywidget" in str(exc), exc
        else:
            raise SystemExit("no error without anywidget")
        assert w.explore_region("..").canvas is None
        print("ok")
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_the_saved_picture_carries_the_saved_page_script():
    from dominotiling.viz.drawing_state import static_html

    w = canvas(Region.rectangle(2, 2))
    page = w._static_bundle()["text/html"]
    assert f'data-model-id="{w.model_id}"' in page
    body = page.split("<script>", 1)[1].rsplit("</script>", 1)[0]
    assert "</" not in body and "widget-state+json" in body  # it reads the saved state only
    hostile = static_html("AA==", '"><script>alert(1)</script>')
    assert hostile.count("<script>") == 1 and "&quot;&gt;&lt;script&gt;" in hostile
