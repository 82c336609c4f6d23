"""Store the tour's pictures and animations for the site: ``python docs/make_tour.py``.

Runs ``run_tour(quick=True)`` once and writes ``docs/gallery/tour/*.png|gif`` and the
page ``docs/gallery/tour.md`` from its HTML, so that the site shows the tour without
running anything at build time. Run it again when the tour changes, and commit the
result.
"""

from __future__ import annotations

import base64
import html
import pathlib
import re
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

_SECTION = re.compile(r"<section><h2>(.*?)</h2>\n(.*?)\n</section>", re.S)
_PART = re.compile(
    r'<figure><img src="data:image/(png|gif);base64,([^"]+)" alt="[^"]*">'
    r"(?:<figcaption>(.*?)</figcaption>)?</figure>|<p class=\"fact\">(.*?)</p>|<p>(.*?)</p>"
    r"|<pre>(.*?)</pre>",
    re.S,
)


def _md(text):
    """Escaped HTML text as Markdown text (a ``*`` or a backtick stays itself)."""
    return re.sub(r"([*_`\\\[\]<>])", r"\\\1", html.unescape(text))


def page_from_html(text, out):
    """Markdown for the tour page; the pictures written to `out` (a folder)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        old.unlink()
    lines = [
        "# The tour",
        "",
        "The pictures and animations of `dominotiling tour --quick` (the headline results, "
        "smaller sizes), stored with the site by `docs/make_tour.py`. "
        "`dominotiling tour --out DIR` makes the full-size gallery.",
        "",
    ]
    for i, (title, body) in enumerate(_SECTION.findall(text), 1):
        lines += [f"## {html.unescape(title)}", ""]
        k = 0
        for m in _PART.finditer(body):
            kind, data, caption, fact, para, pre = m.groups()
            if data:
                k += 1
                name = f"{i:02d}_{k}.{kind}"
                (out / name).write_bytes(base64.b64decode(data))
                cap = html.unescape(caption or "").strip()
                lines += [
                    f":::{{figure}} tour/{name}",
                    f":alt: {cap or html.unescape(title)}",
                    "",
                    cap,
                    ":::",
                    "",
                ]
            elif fact:
                lines += ["- " + _md(re.sub(r"</?b>", "\0", fact)).replace("\0", "**"), ""]
            elif para:
                lines += [_md(para), ""]
            elif pre:
                lines += ["```text", html.unescape(pre), "```", ""]
    return "\n".join(lines)


def main():
    from dominotiling.tour import run_tour

    with tempfile.TemporaryDirectory() as tmp:
        index = run_tour(tmp, quick=True, progress=False)
        text = pathlib.Path(index).read_text()
    (HERE / "gallery" / "tour.md").write_text(page_from_html(text, HERE / "gallery" / "tour"))


if __name__ == "__main__":
    if len(sys.argv) > 1:  # an index.html already made: python docs/make_tour.py DIR/index.html
        page = page_from_html(pathlib.Path(sys.argv[1]).read_text(), HERE / "gallery" / "tour")
        (HERE / "gallery" / "tour.md").write_text(page)
    else:
        main()
