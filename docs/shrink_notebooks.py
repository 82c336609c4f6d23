"""Re-encode the pictures saved in the notebooks as palette PNGs (``viz.raster.palette_png``), where smaller.

``python docs/shrink_notebooks.py`` after running the notebooks: their projector-sized
pictures then keep the saved outputs under the size the tests allow
(``tests/test_person_sees.py``). Only ``image/png`` and ``image/jpeg`` outputs change (a JPEG
becomes a PNG where that is smaller); nothing is executed.
"""

from __future__ import annotations

import base64
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dominotiling.viz.raster import palette_png  # noqa: E402


def _jpeg(raw, quality=75):
    import io

    from PIL import Image

    with Image.open(io.BytesIO(raw)) as im:
        out = io.BytesIO()
        im.convert("RGB").save(out, format="JPEG", quality=quality, optimize=True)
    return out.getvalue()


def shrink(path):
    """Re-encode the PNG outputs of one notebook in place; ``(bytes before, bytes after)`` of its outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    before = after = 0
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            for mime in ("image/png", "image/jpeg"):
                if mime not in data:
                    continue
                text = data[mime]
                raw = base64.b64decode(text if isinstance(text, str) else "".join(text))
                small, kind = palette_png(raw), "image/png"
                if (
                    mime == "image/jpeg"
                ):  # a photograph-like picture: the JPEG at quality 75 may win
                    again = _jpeg(raw)
                    if len(again) < len(small):
                        small, kind = again, mime
                before, after = before + len(raw), after + min(len(raw), len(small))
                if len(small) < len(raw):
                    del data[mime]
                    data[kind] = base64.b64encode(small).decode("ascii")
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return before, after


if __name__ == "__main__":
    names = sys.argv[1:] or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    for name in names:
        b, a = shrink(ROOT / "notebooks" / name)
        print(f"{name}: pictures {b:,} -> {a:,} bytes")
