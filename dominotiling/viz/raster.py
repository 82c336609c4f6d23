"""Raster pictures of large tilings: one colour per pixel, straight to PNG, no figure.

A matplotlib figure of an Aztec diamond of order 1,000 (four million cells) takes
seconds to build and save; the same picture as an array of pixels takes a tenth
of that. :func:`tiling_raster` paints a tiling's cells through a colour table and
averages them down to at most `width` pixels a side; :func:`raster_png` encodes an
image (with polylines over it, e.g. the predicted curves) as PNG bytes with Pillow.
:func:`~dominotiling.viz.widgets.explore_aztec` redraws with them.

Examples
--------
>>> from dominotiling import sample_aztec
>>> img = tiling_raster(sample_aztec(100, seed=1), width=100)
>>> img.shape, img.dtype
((100, 100, 3), dtype('uint8'))
>>> raster_png(img)[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import io
import math

import numpy as np

from .. import _validate
from .._options import check_memory
from ..errors import DominoTilingError
from .draw import (
    _ORIENT,
    _OUTSIDE,
    TYPE_COLORS,
    _aztec_order,
    _picture_memory,
    heavy_blocks,
    phase_lut,
)

__all__ = ["tiling_raster", "raster_png", "palette_png", "aztec_png"]

#: Cells a band of a picture read from a sample's bit planes covers (a band at a time).
_BAND_CELLS = 1 << 22


def _lut(color_by):
    """``(9, 3)`` float32: outside, then the heavy blocks' N, S, E, W, then the light blocks'."""
    if color_by == "phases":
        return phase_lut()
    kinds = TYPE_COLORS if color_by == "types" else _ORIENT[[0, 0, 1, 1]]
    return np.concatenate([[_OUTSIDE], kinds, kinds]).astype(np.float32)


def _lut8(color_by):
    """:func:`_lut` as int64 colours 0-255 (what the pictures read from bit planes sum)."""
    return np.clip(np.floor(_lut(color_by).astype(np.float64) * 255 + 0.5), 0, 255).astype(np.int64)


def tiling_raster(tiling, *, color_by="types", width=1000, block_weights=None):
    """The tiling as an ``(h, w, 3)`` uint8 image, a cell a pixel or cells averaged to fit `width`.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling (of an Aztec diamond for ``"phases"``; any other is
        coloured by its types as :func:`~dominotiling.viz.draw.draw_tiling` does).
    color_by : {"types", "orientation", "phases"}, keyword-only
        As for :func:`~dominotiling.viz.views.draw_aztec`.
    width : int, keyword-only
        At most this many pixels along the longer side: cells are averaged in
        ``k x k`` blocks, ``k = ceil(side / width)``; small boards are enlarged
        to about `width` by repeating pixels, so that each cell stays sharp.
    block_weights : array (p, q, 4), optional, keyword-only
        The periodic weights of ``"phases"`` (by default the sample's own).

    Returns
    -------
    numpy.ndarray of uint8, shape (h, w, 3)

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> tiling_raster(sample_aztec(1000, seed=1), width=1000).shape
    (1000, 1000, 3)
    >>> tiling_raster(sample_aztec(10, seed=1), width=100).shape   # 20 cells, 5 pixels each
    (100, 100, 3)
    """
    if not held_as_planes(tiling):  # a plane Aztec sample by construction: its region is not made
        _validate.tiling(tiling)
    _validate.choice(color_by, "color_by", ("types", "orientation", "phases"))
    width = _validate.positive_int(width, "width")
    if held_as_planes(tiling, large=True):
        return _planes_raster(tiling, color_by, width, block_weights)
    rows, cols = tiling.labels.shape
    _picture_memory((rows, cols), "a tiling")
    if not tiling.is_complete:
        raise DominoTilingError(
            f"the tiling leaves {tiling.n_uncovered} cell(s) uncovered; a raster picture colours "
            "the dominoes of a complete tiling (draw_tiling draws partial ones)"
        )
    if color_by == "phases" and block_weights is None:
        block_weights = getattr(tiling, "block_weights", None)
    heavy = np.zeros((1, 1), bool)
    if color_by == "phases" and block_weights is not None:
        heavy = heavy_blocks(block_weights)
    side = max(rows, cols, 1)
    k = math.ceil(side / width)
    from .._kernels.raster import tiling_raster as kernel

    img = kernel(
        np.ascontiguousarray(tiling.labels, dtype=np.int32),
        np.int64(_aztec_order(tiling.region)),
        np.ascontiguousarray(heavy, dtype=np.bool_),
        np.ascontiguousarray(_lut(color_by), dtype=np.float32),
        np.int64(k),
    )
    rep = max(1, width // side) if k == 1 else 1
    return np.repeat(np.repeat(img, rep, axis=0), rep, axis=1) if rep > 1 else img


#: Shuffling samples wider than this many cells are drawn from their bit planes.
RASTER_FROM = 800


def held_as_planes(tiling, large=False):
    """True for a Tiling that keeps shuffling's bit planes (an :class:`~dominotiling.aztec.sample.AztecSample`).

    With `large`, only for one over :data:`RASTER_FROM` cells wide: smaller ones are
    drawn from their labels (cheap there), in the exact float colours of the figures.
    (Duck-typed: ``planes`` and ``order``, as the ground floor's checks recognise a Tiling.)
    """
    if getattr(tiling, "_model_kind", None) != "Tiling" or getattr(tiling, "planes", None) is None:
        return False
    return not large or 2 * tiling.order > RASTER_FROM


def _heavy(tiling, color_by, block_weights):
    if color_by == "phases" and block_weights is None:
        block_weights = getattr(tiling, "block_weights", None)
    if color_by == "phases" and block_weights is not None:
        return np.ascontiguousarray(heavy_blocks(block_weights), dtype=np.bool_)
    return np.zeros((1, 1), bool)


def _planes_raster(sample, color_by, width, block_weights):
    """:func:`tiling_raster` of a sample held as bit planes: read from them a band at a time, no labels."""
    from .._kernels.raster import planes_raster

    n = sample.order
    side = 2 * n
    k = math.ceil(side / width)
    out_side = -(-side // k)
    check_memory(
        3 * out_side * out_side + 12 * (_BAND_CELLS // k + out_side),
        f"a {out_side} x {out_side} picture of an Aztec sample of order {n}",
        "a smaller width",
    )
    heavy, lut = _heavy(sample, color_by, block_weights), _lut8(color_by)
    img = np.empty((out_side, out_side, 3), np.uint8)
    step = max(1, _BAND_CELLS // (k * k * out_side))  # pixel rows a band
    for a0 in range(0, out_side, step):
        a1 = min(out_side, a0 + step)
        img[a0:a1] = planes_raster(
            sample.planes, np.int64(n), heavy, lut, np.int64(k), np.int64(a0), np.int64(a1)
        )
    rep = max(1, width // side) if k == 1 else 1
    return np.repeat(np.repeat(img, rep, axis=0), rep, axis=1) if rep > 1 else img


def aztec_png(sample, path=None, *, color_by="auto", compress_level=6):
    """The full-resolution picture of a shuffling sample as a palette PNG: one pixel a cell, no figure.

    The rows are painted from the sample's bit planes a band at a time and
    compressed as they come, so an order-10,000 sample (20,000 x 20,000 pixels)
    takes a few MB of memory besides the file, and no matplotlib figure.

    Parameters
    ----------
    sample : AztecSample
        From :func:`~dominotiling.aztec.shuffling.sample_aztec`.
    path : str or os.PathLike, optional
        Write the PNG to this file (streamed); by default return its bytes.
    color_by : {"auto", "types", "phases", "orientation"}, keyword-only
        As for :func:`~dominotiling.viz.views.draw_aztec`.
    compress_level : int, keyword-only
        zlib's level, 0 to 9.

    Returns
    -------
    bytes or None
        The PNG file's bytes when `path` is None.

    Raises
    ------
    DominoTypeError
        If `sample` is not an :class:`~dominotiling.aztec.sample.AztecSample` that keeps
        its bit planes.
    FileError
        If `path` cannot be written.

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> png = aztec_png(sample_aztec(50, seed=1))
    >>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    import struct
    import zlib

    from .. import _files
    from .._kernels.raster import planes_codes
    from ..errors import DominoTypeError

    if not held_as_planes(sample):
        raise DominoTypeError(
            "aztec_png draws a sample of sample_aztec (an AztecSample that keeps its bit planes); "
            "for another tiling use tiling_raster and raster_png"
        )
    _validate.choice(color_by, "color_by", ("auto", "types", "phases", "orientation"))
    level = _validate.integer(compress_level, "compress_level", minimum=0, maximum=9)
    if color_by == "auto":
        color_by = "phases" if sample.is_periodic_weighted else "types"
    n = sample.order
    side = 2 * n
    heavy = _heavy(sample, color_by, None)
    palette = _lut8(color_by).astype(np.uint8)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    out = io.BytesIO() if path is None else None
    if path is not None:
        target = _files.output_path(path, "the PNG picture")
    try:
        f = out if path is None else open(target, "wb")  # noqa: SIM115 -- closed below
    except OSError as error:
        from ..errors import FileError

        raise FileError(f"cannot write the PNG picture to {str(path)!r}: {error}") from None
    try:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 3, 0, 0, 0)))
        f.write(chunk(b"PLTE", palette.tobytes()))
        z = zlib.compressobj(level)
        step = max(1, _BAND_CELLS // side)
        for r0 in range(0, side, step):
            r1 = min(side, r0 + step)
            codes = planes_codes(sample.planes, np.int64(n), heavy, np.int64(r0), np.int64(r1))
            rows = np.zeros((r1 - r0, side + 1), np.uint8)  # filter byte 0 (none), then the row
            rows[:, 1:] = codes
            data = z.compress(rows.tobytes())
            if data:
                f.write(chunk(b"IDAT", data))
        f.write(chunk(b"IDAT", z.flush()))
        f.write(chunk(b"IEND", b""))
    finally:
        if path is not None:
            f.close()
    return out.getvalue() if path is None else None


def raster_png(image, *, lines=(), scale=1.0, line_width=3, compress_level=1):
    """PNG bytes of an ``(h, w, 3)`` uint8 image, with polylines drawn over it.

    Parameters
    ----------
    image : numpy.ndarray of uint8, shape (h, w, 3)
    lines : iterable of (points, colour), keyword-only
        ``points`` an ``(k, 2)`` array of ``(x, y)`` in cells, multiplied by
        `scale` to pixels; ``colour`` a matplotlib colour.
    scale : float, keyword-only
        Pixels per unit of the lines' coordinates.
    line_width : int, keyword-only
        In pixels.
    compress_level : int, keyword-only
        zlib's level (1: fast, 9: small).

    Returns
    -------
    bytes
    """
    from matplotlib.colors import to_rgb
    from PIL import Image, ImageDraw

    im = Image.fromarray(np.ascontiguousarray(image), mode="RGB")
    draw = ImageDraw.Draw(im)
    for points, colour in lines:
        pts = np.asarray(points, dtype=float) * scale
        rgb = tuple(int(255 * v + 0.5) for v in to_rgb(colour))
        draw.line([tuple(p) for p in pts.tolist()], fill=rgb, width=int(line_width), joint="curve")
    buf = io.BytesIO()
    im.save(buf, format="PNG", compress_level=int(compress_level))
    return buf.getvalue()


def palette_png(png, *, colors=256):
    """The same picture as a palette PNG of at most `colors` colours, if that is smaller.

    Pictures of tilings are flat colours (and colour maps of a few hundred shades),
    so a palette loses nothing visible and the file is often a third of the size:
    what keeps notebooks with projector-sized pictures small in a repository.

    Parameters
    ----------
    png : bytes
        A PNG file.
    colors : int, keyword-only
        At most 256.

    Returns
    -------
    bytes
        The smaller of the palette PNG and `png`.

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> big = raster_png(tiling_raster(sample_aztec(200, seed=1), width=400), compress_level=1)
    >>> len(palette_png(big)) <= len(big)
    True
    """
    from PIL import Image

    colors = _validate.integer(colors, "colors", minimum=2, maximum=256)
    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
    small = rgb.quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    data = out.getvalue()
    return data if len(data) < len(png) else png
