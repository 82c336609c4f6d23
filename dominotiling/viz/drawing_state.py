"""The drawing of the canvas as data: the synced state of its cells, and its pictures.

The drawing travels between the browser and the kernel as ``{"rows", "cols",
"bits"}``: the mask row by row, eight cells a byte, the first cell in the highest
bit, in base64 (:func:`encode_cells`). :func:`decode_cells` reads it as hostile
input, sizes checked before anything is decoded or allocated. The pictures
(:func:`drawing_png`, :func:`drawing_svg`) are the canvas's exports and the static
picture a saved notebook keeps (:func:`static_html`: with the script that draws the
canvas again in a page exported with the widget state).

Examples
--------
>>> state = encode_cells([[True, True]])
>>> state
{'rows': 1, 'cols': 2, 'bits': 'wA=='}
>>> decode_cells(state).tolist()
[[True, True]]
"""

from __future__ import annotations

import base64
import binascii
import html
import io
import pathlib

import numpy as np

from ..errors import DominoTypeError, RegionFormatError, TooLargeError

__all__ = [
    "MAX_SIDE",
    "encode_cells",
    "decode_cells",
    "mask_of",
    "drawing_rgb",
    "drawing_png",
    "drawing_svg",
    "static_html",
]

#: The largest side of the grid, in cells.
MAX_SIDE = 400
_COLOURS = {
    "black": (38, 84, 140),
    "white": (120, 170, 215),
    "mark_black": (200, 30, 30),
    "mark_white": (250, 150, 140),
}


def encode_cells(mask):
    """The state of a boolean mask: ``{"rows", "cols", "bits"}``, the bits in base64.

    Parameters
    ----------
    mask : array_like of bool, shape (rows, cols)

    Returns
    -------
    dict

    Examples
    --------
    >>> encode_cells([[True, False, True]])
    {'rows': 1, 'cols': 3, 'bits': 'oA=='}
    """
    mask = np.asarray(mask, dtype=bool)
    if mask.ndim != 2:
        raise DominoTypeError(f"the mask must be 2-D, got {mask.ndim} dimension(s)")
    rows, cols = mask.shape
    bits = np.packbits(mask.ravel(), bitorder="big").tobytes()
    return {"rows": int(rows), "cols": int(cols), "bits": base64.b64encode(bits).decode("ascii")}


def decode_cells(state, *, allow_empty=False):
    """The boolean mask of a state written by :func:`encode_cells` or by the browser.

    Read as hostile input: a dict of exactly ``rows``, ``cols`` (ints from 1 to
    :data:`MAX_SIDE`; 0 with `allow_empty`) and ``bits`` (base64 of exactly
    ``ceil(rows * cols / 8)`` bytes), checked in that order before anything is
    decoded or allocated.

    Parameters
    ----------
    state : dict
    allow_empty : bool, keyword-only
        Accept a 0 x 0 state (no marks).

    Returns
    -------
    numpy.ndarray of bool, shape (rows, cols)

    Raises
    ------
    RegionFormatError
        Naming what is wrong: a key missing or extra, a side that is not an int,
        the bits not base64 or of the wrong length.
    TooLargeError
        If a side is larger than :data:`MAX_SIDE`.

    Examples
    --------
    >>> decode_cells({"rows": 1, "cols": 3, "bits": "oA=="}).tolist()
    [[True, False, True]]
    >>> decode_cells({"rows": 1, "cols": 3, "bits": "oKA="})
    Traceback (most recent call last):
    ...
    dominotiling.errors.RegionFormatError: the drawing's bits are 2 byte(s) long; 1 x 3 cells take 1
    """
    if not isinstance(state, dict):
        raise RegionFormatError(f"the drawing's state must be a dict, got {type(state).__name__}")
    if set(state) != {"rows", "cols", "bits"}:
        raise RegionFormatError(
            "the drawing's state has the keys rows, cols and bits, got "
            + ", ".join(sorted(map(str, state))[:5])
        )
    lowest = 0 if allow_empty else 1
    sides = []
    for key in ("rows", "cols"):
        value = state[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise RegionFormatError(f"the drawing's {key} must be an int, got {value!r:.40}")
        if value > MAX_SIDE:
            raise TooLargeError(
                f"the drawing has {value} {key}: the canvas holds at most {MAX_SIDE}; "
                "draw a larger region with Region.from_mask"
            )
        if value < lowest:
            raise RegionFormatError(f"the drawing's {key} is {value}: at least {lowest}")
        sides.append(value)
    rows, cols = sides
    bits = state["bits"]
    need = (rows * cols + 7) // 8
    if not isinstance(bits, str):
        raise RegionFormatError(
            f"the drawing's bits must be base64 text, got {type(bits).__name__}"
        )
    if len(bits) > 4 * ((need + 2) // 3):
        raise RegionFormatError(
            f"the drawing's bits are {len(bits)} characters long; {rows} x {cols} cells take "
            f"{4 * ((need + 2) // 3)}"
        )
    try:
        raw = base64.b64decode(bits.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise RegionFormatError("the drawing's bits are not base64") from None
    if len(raw) != need:
        raise RegionFormatError(
            f"the drawing's bits are {len(raw)} byte(s) long; {rows} x {cols} cells take {need}"
        )
    flat = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="big")
    return flat[: rows * cols].astype(bool).reshape(rows, cols)


def mask_of(cells, shape):
    """A boolean mask of `shape` with the given ``(row, col)`` cells True.

    Examples
    --------
    >>> mask_of([(0, 1)], (1, 2)).tolist()
    [[False, True]]
    """
    out = np.zeros(shape, dtype=bool)
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
    out[cells[:, 0], cells[:, 1]] = True
    return out


def drawing_rgb(mask, marks=None):
    """The drawing as an ``(rows, cols, 3)`` uint8 image: the two colours, marks in red.

    Examples
    --------
    >>> drawing_rgb(np.ones((1, 2), dtype=bool)).tolist()
    [[[38, 84, 140], [120, 170, 215]]]
    """
    rows, cols = mask.shape
    black = (np.add.outer(np.arange(rows), np.arange(cols)) % 2) == 0
    rgb = np.full((rows, cols, 3), 255, dtype=np.uint8)
    rgb[mask & black] = _COLOURS["black"]
    rgb[mask & ~black] = _COLOURS["white"]
    if marks is not None and marks.shape == mask.shape:
        rgb[marks & black] = _COLOURS["mark_black"]
        rgb[marks & ~black] = _COLOURS["mark_white"]
    return rgb


def drawing_png(mask, marks=None, *, width=400):
    """PNG bytes of the drawing, each cell a square of pixels, about `width` wide.

    Examples
    --------
    >>> drawing_png(np.ones((2, 2), dtype=bool))[:4]
    b'\\x89PNG'
    """
    from PIL import Image

    rgb = drawing_rgb(mask, marks)
    k = max(1, width // max(mask.shape))
    image = Image.fromarray(np.repeat(np.repeat(rgb, k, axis=0), k, axis=1))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def drawing_svg(mask):
    """The drawing as SVG text: one square per cell, in the two colours.

    Examples
    --------
    >>> drawing_svg(np.ones((1, 2), dtype=bool)).count("<rect")
    2
    """
    rows, cols = mask.shape
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {cols} {rows}" '
        f'width="{cols * 10}" height="{rows * 10}" shape-rendering="crispEdges">'
    ]
    for colour, parity in (("#26548c", 0), ("#78aad7", 1)):
        parts.append(f'<g fill="{colour}">')
        for r in range(rows):
            for c in np.flatnonzero(mask[r]):
                if (r + c) % 2 == parity:
                    parts.append(f'<rect x="{c}" y="{r}" width="1" height="1"/>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def static_html(png_b64, model_id):
    """The HTML of the picture a saved notebook keeps of the canvas, and its saved-page script.

    Parameters
    ----------
    png_b64 : str
        The drawing's PNG (:func:`drawing_png`), in base64.
    model_id : str
        The canvas's widget model id: the script finds its saved state by it.

    Returns
    -------
    str
        ``<img class="dt-canvas-static">`` and, inlined after it, ``canvas_saved.js``:
        in a live notebook it does nothing (the widget runs there and hides the
        picture); in a page exported with the widget state (``jupyter nbconvert --to
        html`` of a notebook saved with it) it draws the canvas from its saved state,
        the canvas's own ES module included (anywidget saves it as ``_esm``), with no
        network. The drawing then works; the answers are those the kernel gave the
        saved drawing, and a changed one is said to be unanswered there.

    Examples
    --------
    >>> page = static_html("iVBORw0K", "abc123")
    >>> page.startswith('<img class="dt-canvas-static"'), 'data-model-id="abc123"' in page
    (True, True)
    """
    script = pathlib.Path(__file__).with_name("canvas_saved.js").read_text(encoding="utf-8")
    script = script.replace("</", "<\\/")  # nothing in it may close the <script> early
    model_id = html.escape(str(model_id))
    return (
        f'<img class="dt-canvas-static" alt="the drawing" data-model-id="{model_id}" '
        f'src="data:image/png;base64,{png_b64}"/><script>{script}</script>'
    )
