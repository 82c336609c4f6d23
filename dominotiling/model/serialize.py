"""Regions, tilings and weights as text for other programs: JSON, CSV, and regions from pictures.

Every JSON document is one object with a ``"format"`` key (``"dominotiling.region"``,
``"dominotiling.tiling"`` or ``"dominotiling.weights"``) and a ``"version"`` (1), so
that a reader can tell what it holds. Values are kept exactly:

- a region is its mask, one string of ``'.'`` (a cell) and ``'#'`` (no cell) per row,
  and its wraps ``"periodic": [rows_wrap, cols_wrap]``;
- a tiling is its region and its ``labels`` (``-1`` outside, ``-2`` uncovered,
  ``k >= 0`` the domino), one list per row;
- weights keep their kind: ints as JSON integers (of any size), Fractions as
  strings ``"p/q"``, floats as JSON numbers (Python writes the shortest decimal
  that reads back to the same float), sympy expressions as plain arithmetic
  (``"2*x^2 + 1"``, :mod:`dominotiling.model.weight_text`) with the assumptions of
  their symbols in ``"symbols"`` (``{"a": {"positive": true}}``).

Reading is safe with a document from anyone (the library's policy for outside
files): nothing in it is run -- symbolic weights are read by a grammar of numbers,
symbols and arithmetic, never by ``eval`` or ``sympify`` -- and nothing in it names a
file to open (a tiling's region is the region's object itself, never a path). The
file given by the caller is read only if it is a regular file (not a named pipe or a
device) whose size fits the memory budget; the text is checked before it is parsed
(at most :data:`MAX_DEPTH` levels of nesting, :data:`MAX_DIGITS` digits a number)
and every size the document claims is checked against what it holds and against the
memory budget before anything is allocated. A bad document raises
:class:`~dominotiling.errors.RegionFormatError` (or :class:`TooLargeError` for one
over the budget), never a builtin error.

The article's own format (rows of ``'.'`` and ``'#'``) is read here too, by
:func:`mask_from_text` (for :meth:`Region.from_strings`): row by row into the
mask, so that reading takes the mask's byte per cell and a block of rows, not
copies of the whole text.

The classes' methods (:meth:`Region.to_json`, :meth:`Tiling.to_json`,
:meth:`Weights.to_json`, their ``from_json`` class methods, :meth:`Tiling.to_csv`,
:meth:`Region.from_image`) call the functions here; this module never imports the
classes (they are passed in), so the model has no import circle.

Examples
--------
>>> from dominotiling import Region
>>> text = Region.from_strings(["..#", "..."]).to_json()
>>> Region.from_json(text) == Region.from_strings(["..#", "..."])
True
"""

from __future__ import annotations

import io
import json
import os
import re
from fractions import Fraction

import numpy as np

from .. import _files, _validate
from .._exact import decimal_string, int_from_decimal
from .._options import check_memory
from ..errors import DominoTypeError, RegionFormatError, TooLargeError
from . import weight_text

__all__ = [
    "region_to_dict",
    "region_from_dict",
    "tiling_to_dict",
    "tiling_from_dict",
    "weights_to_dict",
    "weights_from_dict",
    "dump",
    "load",
    "tiling_to_csv",
    "mask_from_image",
    "MAX_DEPTH",
    "MAX_DIGITS",
]

VERSION = 1
CSV_HEADER = "domino,row1,col1,row2,col2,orientation"
#: The deepest nesting of arrays and objects a document may have (the formats need 4).
MAX_DEPTH = 32
#: The most digits of one number in a document (ints of any size up to it are read exactly).
MAX_DIGITS = weight_text.MAX_DIGITS
# Memory of parsing JSON, per character of text: Python lists of ints take up to
# ~36 bytes an element of two characters ("0,"), then a numpy copy.
_JSON_BYTES_PER_CHAR = 24
_BIG = re.compile(r'"\\u0000(\d+)\\u0000"')


def _write(text, path, what):
    """`text`, written to `path` as well when a path is given (a regular file only)."""
    if path is not None:
        _files.write_text(path, text, what)
    return text


def _mark_big_ints(obj, big):
    """`obj` with every int of more than 4000 digits replaced by a marker (json cannot write them)."""
    if isinstance(obj, list):
        return [_mark_big_ints(x, big) for x in obj]
    if isinstance(obj, dict):
        return {k: _mark_big_ints(v, big) for k, v in obj.items()}
    if type(obj) is int and not -(10**4000) < obj < 10**4000:
        big.append(obj)
        return f"\0{len(big) - 1}\0"
    return obj


def dump(document, path=None, what="the document"):
    """A JSON document as text (written to `path` when given); ints of any size are written whole."""
    big = []
    if document.get("format") == "dominotiling.weights" and document.get("kind") == "int":
        document = _mark_big_ints(document, big)
    text = json.dumps(document, separators=(",", ":")) + "\n"
    if big:
        text = _BIG.sub(lambda m: decimal_string(big[int(m.group(1))]), text)
    return _write(text, path, what)


def _json_budget(chars, what):
    check_memory(
        max(1, chars) * _JSON_BYTES_PER_CHAR,
        f"parsing {what} ({chars} characters of JSON)",
        "a smaller document",
    )


def _check_depth(text):
    """Refuse text nested deeper than MAX_DEPTH (counted by brackets, block by block)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    block = 1 << 20
    for start in range(0, len(text), block):
        b = np.frombuffer(text[start : start + block].encode("utf-8", "replace"), dtype=np.uint8)
        step = (
            (b == ord("[")).astype(np.int32) + (b == ord("{")) - (b == ord("]")) - (b == ord("}"))
        )
        levels = depth + np.cumsum(step)
        if levels.size and levels.max() > MAX_DEPTH:
            raise RegionFormatError(
                f"the document is nested more than {MAX_DEPTH} levels deep (arrays in arrays): "
                "it is not one of the library's documents, which need 4"
            )
        depth = int(levels[-1]) if levels.size else depth


def _parse_int(text):
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RegionFormatError(
            f"the document holds a number of {len(text.lstrip('-'))} digits, more than the "
            f"{MAX_DIGITS} a document may have"
        )
    return int_from_decimal(text)


def _parse_json(text, what):
    _check_depth(text)
    try:
        try:
            return json.loads(text)
        except ValueError as err:
            if isinstance(err, json.JSONDecodeError) or "digits" not in str(err):
                raise
            return json.loads(text, parse_int=_parse_int)  # ints past Python's 4300 digits
    except json.JSONDecodeError as err:
        raise RegionFormatError(f"{what} is not JSON: {err}") from None
    except RecursionError:  # pragma: no cover - _check_depth refuses deep nesting first
        raise RegionFormatError(f"{what} is nested too deep to be read") from None


def load(source, fmt):
    """The JSON object of format `fmt` in `source`: JSON text, a path, a file, or a dict already parsed.

    A path is the caller's: read only if it is a regular file that fits the memory
    budget. Nothing inside a document is ever taken as a path.
    """
    what = f"the {fmt.split('.')[-1]} document"
    if isinstance(source, dict):
        doc = source
    else:
        if isinstance(source, (bytes, bytearray)):
            try:
                source = bytes(source).decode("utf-8")
            except UnicodeDecodeError as err:
                raise RegionFormatError(
                    f"{what} is not UTF-8 text (byte {err.start} is not UTF-8)"
                ) from None
        if isinstance(source, os.PathLike) or (
            isinstance(source, str) and not source.lstrip().startswith(("{", "["))
        ):
            text = _files.read_text(source, what, check=lambda size: _json_budget(size, what))
        elif isinstance(source, str):
            _json_budget(len(source), what)
            text = source
        elif hasattr(source, "read"):
            text = source.read()
            if isinstance(text, (bytes, bytearray)):
                return load(bytes(text), fmt)
            if not isinstance(text, str):
                raise DominoTypeError(
                    f"the file's read() gave a {type(text).__name__}, not text or bytes"
                )
            _json_budget(len(text), what)
        else:
            raise DominoTypeError(
                f"expected JSON text, a path, a file or a dict, got {type(source).__name__}"
            )
        doc = _parse_json(text, what)
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise RegionFormatError(
            f'expected a JSON object with "format": {fmt!r}, got {_short(found)}'
        )
    if doc.get("version") != VERSION or isinstance(doc.get("version"), bool):
        raise RegionFormatError(
            f"{fmt} version {_short(doc.get('version'))} is not known (this library reads {VERSION})"
        )
    return doc


def _short(value):
    """`value` for a message: at most 60 characters (a huge number is named, not written)."""
    if isinstance(value, (list, dict, str)) and len(value) > 60:
        value = value[:20] if not isinstance(value, dict) else dict(list(value.items())[:5])
    try:
        text = repr(value)
    except ValueError:  # an int past Python's 4300 digits, somewhere inside
        return "a number of thousands of digits"
    return text if len(text) <= 60 else text[:57] + "..."


def _field(doc, key, fmt):
    if key not in doc:
        raise RegionFormatError(f"the {fmt} document has no {key!r}")
    return doc[key]


def _pair(value, key, fmt, *, kind):
    """A document's pair: two ints >= 0 (``kind="size"``) or two bools (``kind="bool"``)."""
    ok = isinstance(value, list) and len(value) == 2
    if ok and kind == "bool":
        ok = all(isinstance(v, bool) for v in value)
    elif ok:
        ok = all(type(v) is int and 0 <= v < 2**62 for v in value)
    if not ok:
        wanted = "two non-negative integers (below 2**62)" if kind == "size" else "two booleans"
        raise RegionFormatError(
            f'the {fmt} document\'s "{key}" must be a list of {wanted}, got {_short(value)}'
        )
    return tuple(value)


# ------------------------------------------------------------------ regions
def region_to_dict(region):
    """The JSON object of a region: its rows as ``'.'``/``'#'`` strings and its wraps."""
    rows = ["".join("." if v else "#" for v in row) for row in region.mask]
    return {
        "format": "dominotiling.region",
        "version": VERSION,
        "shape": list(region.shape),
        "periodic": [bool(p) for p in region.periodic],
        "rows": rows,
    }


def region_from_dict(doc, cls):
    """The region `cls` (the :class:`Region` class) of a parsed JSON object."""
    fmt = "dominotiling.region"
    if not isinstance(doc, dict):
        raise RegionFormatError(f"a region document must be a JSON object, got {_short(doc)}")
    rows = _field(doc, "rows", fmt)
    shape = _pair(_field(doc, "shape", fmt), "shape", fmt, kind="size")
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise RegionFormatError(
            "\"rows\" must be a list of strings of '.' (a cell) and '#' (no cell)"
        )
    if len(rows) != shape[0] or (rows and len(rows[0]) != shape[1]):
        got = (len(rows), len(rows[0]) if rows else 0)
        raise RegionFormatError(f'"rows" make a {got} mask but "shape" says {shape}')
    mask = mask_from_text(rows)  # ragged rows and other characters named by line and column
    periodic = _pair(doc.get("periodic", [False, False]), "periodic", fmt, kind="bool")
    return cls(mask, periodic=periodic)


# ------------------------------------------------------------------ tilings
def tiling_to_dict(tiling):
    """The JSON object of a tiling: its region and its labels, one list per row."""
    return {
        "format": "dominotiling.tiling",
        "version": VERSION,
        "region": region_to_dict(tiling.region),
        "labels": tiling.labels.tolist(),
    }


def tiling_from_dict(doc, cls, region_cls):
    """The tiling `cls` of a parsed JSON object (its labels checked by the constructor).

    The region must be given inline, as the region's own JSON object: a document never
    names a file to open (a ``"region"`` that is a string is refused).
    """
    fmt = "dominotiling.tiling"
    region_doc = _field(doc, "region", fmt)
    if not isinstance(region_doc, dict):
        raise RegionFormatError(
            "the tiling document's \"region\" must be the region's JSON object itself "
            f"(as Tiling.to_json writes it), got {_short(region_doc)}: a document never names "
            "a file to open"
        )
    region = region_from_dict(load(region_doc, "dominotiling.region"), region_cls)
    labels = _field(doc, "labels", fmt)
    rows, cols = region.shape
    if (
        not isinstance(labels, list)
        or len(labels) != rows
        or not all(isinstance(r, list) and len(r) == cols for r in labels)
    ):
        raise RegionFormatError(
            f'"labels" must be {rows} lists of {cols} integers (the region\'s shape)'
        )
    if not all(type(x) is int for r in labels for x in r):
        raise RegionFormatError('"labels" must hold integers only')
    try:
        lab = np.array(labels, dtype=np.int64).reshape(rows, cols)
    except OverflowError:
        raise RegionFormatError('"labels" holds an integer too large for a domino id') from None
    return cls(region, lab)


# ------------------------------------------------------------------ weights
def _encode(value, kind):
    if kind == "int":
        return int(value)
    if kind == "fraction":
        f = Fraction(value)
        return f"{decimal_string(f.numerator)}/{decimal_string(f.denominator)}"
    if kind == "float":
        return float(value)
    return weight_text.weight_text(value)


_FRACTION = re.compile(r"\s*(-?[0-9]+)\s*(?:/\s*([0-9]+)\s*)?")


def _decode(value, kind, symbols):
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RegionFormatError(f"int weights must be JSON integers, got {_short(value)}")
        return value
    if kind == "fraction":
        m = _FRACTION.fullmatch(value) if isinstance(value, str) else None
        if m is None or (m.group(2) is not None and not m.group(2).strip("0")):
            raise RegionFormatError(
                f"fraction weights must be strings 'p/q' (q not 0), got {_short(value)}"
            )
        if max(len(m.group(1).lstrip("-")), len(m.group(2) or "")) > MAX_DIGITS:
            raise RegionFormatError(
                f"a fraction weight has more than {MAX_DIGITS} digits in its numerator or "
                "denominator, more than a document may have"
            )
        num = int_from_decimal(m.group(1))
        return Fraction(num, int_from_decimal(m.group(2))) if m.group(2) else Fraction(num)
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RegionFormatError(f"float weights must be JSON numbers, got {_short(value)}")
        try:
            return float(value)
        except OverflowError:
            raise RegionFormatError(f"the float weight {_short(value)} is out of range") from None
    if not isinstance(value, str):
        raise RegionFormatError(
            f"symbolic weights must be strings such as '2*x^2 + 1', got {_short(value)}"
        )
    if value.lstrip().startswith(
        ("Add(", "Mul(", "Pow(", "Symbol(", "Integer(", "Rational(", "Float(")
    ):
        raise RegionFormatError(
            f"cannot read the symbolic weight {_short(value)}: it is written as sympy.srepr (an "
            "older dominotiling wrote it so), which is not read, since reading it would run "
            "Python: write it as arithmetic, such as '2*x^2 + 1', or save the weights again "
            "with this version"
        )
    return weight_text.parse_weight(value, symbols)


def weights_to_dict(weights):
    """The JSON object of weights: kind, shape and both arrays, every value exact."""
    kind = weights.kind

    def rows(arr):
        return [[_encode(x, kind) for x in row] for row in arr.tolist()]

    doc = {
        "format": "dominotiling.weights",
        "version": VERSION,
        "kind": kind,
        "shape": list(weights.shape),
        "horizontal": rows(weights.horizontal),
        "vertical": rows(weights.vertical),
    }
    if kind == "symbolic":
        assumptions = weight_text.symbol_assumptions(weights.symbols())
        if assumptions:
            doc["symbols"] = assumptions
    return doc


def weights_from_dict(doc, cls):
    """The weights `cls` (the :class:`Weights` class) of a parsed JSON object, of the same kind."""
    fmt = "dominotiling.weights"
    kind = _field(doc, "kind", fmt)
    if not isinstance(kind, str):
        raise RegionFormatError(f'"kind" must be a string, got {_short(kind)}')
    kind = _validate.choice(kind, "kind", ("int", "fraction", "float", "symbolic"))
    m, n = _pair(_field(doc, "shape", fmt), "shape", fmt, kind="size")
    if m < 1 or n < 1:
        raise RegionFormatError(f'"shape" must be two positive integers, got {[m, n]}')
    check_memory(16 * m * n, f"weights of shape {(m, n)} read from a document", "smaller weights")
    symbols = weight_text.symbols_from_assumptions(doc.get("symbols")) if kind == "symbolic" else {}
    arrays = []
    for key, shape in (("horizontal", (m, n - 1)), ("vertical", (m - 1, n))):
        rows = _field(doc, key, fmt)
        if (
            not isinstance(rows, list)
            or len(rows) != shape[0]
            or any(not isinstance(r, list) or len(r) != shape[1] for r in rows)
        ):
            raise RegionFormatError(
                f"{key!r} must be {shape[0]} lists of {shape[1]} values for shape {(m, n)}"
            )
        out = np.empty(shape, dtype=object)
        for i, row in enumerate(rows):
            for j, x in enumerate(row):
                out[i, j] = _decode(x, kind, symbols)
        if kind == "float":
            out = out.astype(np.float64)
        arrays.append(out)
    return cls.from_arrays(*arrays)


# ------------------------------------------------------------------ CSV
def tiling_to_csv(tiling, path=None):
    """CSV text, one domino a row: ``domino,row1,col1,row2,col2,orientation`` (``h`` or ``v``)."""
    d = tiling.dominoes
    orient = np.where(d[:, 0, 0] != d[:, 1, 0], "v", "h")
    buf = io.StringIO()
    buf.write(CSV_HEADER + "\n")
    for k, ((r1, c1), (r2, c2)) in enumerate(d.tolist()):
        buf.write(f"{k},{r1},{c1},{r2},{c2},{orient[k]}\n")
    return _write(buf.getvalue(), path, "the CSV")


# ------------------------------------------------------------------ pictures
#: Bytes per pixel of reading a picture: Pillow's decoded image (up to 8 for RGBA
#: or 32-bit modes) and the float64 grey and alpha planes made from it.
_IMAGE_BYTES_PER_PIXEL = 32


def _grey_and_alpha(im):
    """``(grey, alpha)``: float arrays in [0, 1] (0 black; alpha 0 transparent) of a Pillow image."""
    mode = im.mode
    if mode == "F":
        data = np.asarray(im, dtype=np.float64)
        if not np.isfinite(data).all():
            raise RegionFormatError("the picture's float pixels include NaN or infinity")
        low, high = (float(data.min()), float(data.max())) if data.size else (0.0, 1.0)
        if low < 0:
            raise RegionFormatError(
                f"the picture's float pixels go down to {low}: grey levels are 0 (black) to 1 "
                "(white), or 0 to 255"
            )
        scale = 1.0 if high <= 1.0 else 255.0 if high <= 255.0 else 65535.0
        if high > 65535.0:
            raise RegionFormatError(
                f"the picture's float pixels go up to {high}: grey levels are 0 (black) to 1 "
                "(white), or 0 to 255"
            )
        return data / scale, None
    if mode.startswith("I"):  # 16-bit (I;16, I;16B, ...) or 32-bit integer grey
        data = np.asarray(im).astype(np.float64)
        high = float(data.max()) if data.size else 0.0
        scale = 65535.0 if high <= 65535.0 else float(2**32 - 1)
        if float(data.min() if data.size else 0) < 0:
            raise RegionFormatError("the picture's integer pixels are negative")
        return data / scale, None
    has_alpha = mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in im.info
    if has_alpha:
        rgba = im.convert("RGBA")
        grey = np.asarray(rgba.convert("L"), dtype=np.float64) / 255.0
        alpha = np.asarray(rgba.getchannel("A"), dtype=np.float64) / 255.0
        return grey, alpha
    return np.asarray(im.convert("L"), dtype=np.float64) / 255.0, None


def mask_from_image(path, threshold=0.5, cell_size=1, invert=False):
    """The boolean mask of a black-and-white picture: dark blocks of ``cell_size`` pixels are cells.

    Transparent pixels are background (never cells, with or without `invert`): a block
    is a cell when its mean of ``alpha * darkness`` (``alpha * lightness`` with
    `invert`) is above ``1 - threshold`` (at least ``threshold``). 16-bit and float
    pictures are read at their own depth (floats in ``[0, 1]``, or ``[0, 255]``).
    """
    threshold = _validate.real(threshold, "threshold", minimum=0.0, maximum=1.0)
    cell_size = _validate.positive_int(cell_size, "cell_size")
    invert = _validate.boolean(invert, "invert")
    path = _files.check_path(path)
    import warnings

    from PIL import Image, UnidentifiedImageError

    data = _files.read_bytes(
        path,
        "the picture",
        check=lambda size: check_memory(
            2 * size, f"reading the picture {path!r}", "a smaller picture"
        ),
    )
    try:
        with warnings.catch_warnings():
            # the size is checked against the memory budget below, before any pixel is decoded
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                width, height = im.size
                check_memory(
                    _IMAGE_BYTES_PER_PIXEL * width * height,
                    f"the {width} x {height} pixels of the picture {path!r}",
                    "a smaller picture",
                )
                grey, alpha = _grey_and_alpha(im)
    except Image.DecompressionBombError as err:
        raise TooLargeError(
            f"the picture {path!r} claims more pixels than Pillow decodes ({err}): it is "
            "refused as a decompression bomb; draw the region smaller"
        ) from None
    except (UnidentifiedImageError, OSError, ValueError, EOFError, SyntaxError) as err:
        raise RegionFormatError(f"cannot read {path!r} as a picture: {err}") from None
    rows, cols = grey.shape[0] // cell_size, grey.shape[1] // cell_size
    if rows == 0 or cols == 0:
        raise RegionFormatError(
            f"the picture is {grey.shape[1]} x {grey.shape[0]} pixels, smaller than one cell of "
            f"{cell_size} pixels; pass a smaller cell_size"
        )
    ink = grey if invert else 1.0 - grey
    if alpha is not None:
        ink = ink * alpha
    blocks = ink[: rows * cell_size, : cols * cell_size].reshape(rows, cell_size, cols, cell_size)
    mean = blocks.mean(axis=(1, 3))
    # the old rule exactly where the picture is opaque: mean grey < threshold (>= with invert)
    mask = mean >= threshold if invert else mean > 1.0 - threshold
    if not mask.any():
        raise RegionFormatError(
            f"no cell in {path!r}: no block is darker than threshold={threshold} "
            "(pass invert=True for light cells on a dark background)"
        )
    return mask


# ----------------------------------------------------------- the article's text format
_FREE, _BLOCKED = ".", "#"
_CELL_CHARS = str.maketrans(
    "", "", _FREE + _BLOCKED
)  # translate() deletes them: what is left is wrong
_TEXT_CHARS = str.maketrans("", "", _FREE + _BLOCKED + "\r\n")
# Rows of a text are turned into the mask about this many characters at a time.
_BLOCK_CHARS = 1 << 20


def mask_from_text(lines):
    """The bool mask of the rows `lines` (a str, split into lines, or a sequence of str).

    ``'.'`` is a cell, ``'#'`` a blocked cell; blank lines at either end of a
    text and trailing ``'\\r'`` are ignored. The rows go into the mask one block
    of rows at a time: the memory is the mask (one byte per cell, budgeted
    first) and a block, not copies of the text.

    Raises
    ------
    RegionFormatError
        If the rows are ragged, a character is neither ``'.'`` nor ``'#'``, a row
        is not a string, or there is no cell at all; the message names the line
        and column (both counted from 1, from the first line that is not blank).
    TooLargeError
        If the mask would not fit in the memory budget.

    Examples
    --------
    >>> mask_from_text(["..#", "..."]).astype(int).tolist()
    [[1, 1, 0], [1, 1, 1]]
    """
    if isinstance(lines, str):
        a, b, n_rows = _text_rows(lines)
        end = _line(lines, a, b)[1]
        width = end - a
        while width and lines.startswith("\r", a + width - 1):  # trailing '\r' are not cells
            width -= 1
        mask = _new_mask(n_rows, width)
        if not _text_fast(lines, a, b, mask):
            _text_slow(lines, a, b, mask)
    else:
        if isinstance(lines, (bytes, bytearray)) or not hasattr(lines, "__iter__"):
            raise RegionFormatError(
                f"expected a string or a sequence of strings, got {type(lines).__name__}"
            )
        rows = lines if isinstance(lines, (list, tuple)) else list(lines)
        if not rows:
            raise RegionFormatError("no lines given: a region needs at least one row like '..'")
        for i, row in enumerate(rows, 1):
            if not isinstance(row, str):
                raise RegionFormatError(
                    f"line {i} is a {type(row).__name__}, not a string: give rows like '..#.'"
                )
        _check_lengths(len(r) for r in rows)
        mask = _new_mask(len(rows), len(rows[0]))
        for i, row in enumerate(rows):
            mask[i] = _row_mask(row, i + 1)
    if not mask.any():
        raise RegionFormatError("the region has no cell: mark at least one cell with '.'")
    return mask


def _line(text, start, stop):
    """``(line, end)``: the line that starts at `start` (without its newline) and where it ends."""
    end = text.find("\n", start, stop)
    end = stop if end < 0 else end
    return text[start:end], end


def _text_rows(text):
    """``(a, b, rows)``: the span of `text` from its first to its last line that is not blank."""
    a, n = 0, len(text)
    while True:
        line, end = _line(text, a, n)
        if line.strip():
            break
        if end >= n:
            raise RegionFormatError("no lines given: a region needs at least one row like '..'")
        a = end + 1
    b = n
    while True:
        start = text.rfind("\n", a, b) + 1 or a
        if text[start:b].strip():
            break
        b = start - 1
    return a, b, text.count("\n", a, b) + 1


def _check_lengths(lengths):
    """Refuse ragged rows (naming the first one) and empty ones."""
    width = None
    for i, length in enumerate(lengths, 1):
        if width is None:
            width = length
        elif length != width:
            raise RegionFormatError(
                f"line {i} has {length} character(s) but line 1 has {width}: every line "
                "must have the same length (use '#' for cells that are not part of the region)"
            )
    if not width:
        raise RegionFormatError("the lines are empty: a region needs at least one cell '.'")


def _new_mask(rows, width):
    _check_lengths([width])
    check_memory(
        rows * width + 2 * _BLOCK_CHARS,
        f"the {rows} x {width} mask read from text",
        "a smaller region",
    )
    return np.empty((rows, width), dtype=bool)


def _row_mask(row, line):
    """One row's cells as a bool array; its first wrong character named otherwise."""
    if row.translate(_CELL_CHARS):
        for j, ch in enumerate(row, 1):
            if ch not in (_FREE, _BLOCKED):
                raise RegionFormatError(
                    f"line {line}, column {j}: unexpected character {ch!r}; use '.' "
                    "for a cell and '#' for a blocked cell"
                )
    return np.frombuffer(row.encode("ascii"), dtype=np.uint8) == ord(_FREE)


def _text_fast(text, a, b, mask):
    """Fill `mask` from ``text[a:b]`` when every line has the same ending (a newline, or CR LF).

    Returns False (the mask half filled) when the text is not so regular, or holds
    something wrong: :func:`_text_slow` then reads it line by line, and names the
    mistake.
    """
    rows, width = mask.shape
    end = text.find("\n", a, b)
    end = b if end < 0 else end  # the first line is text[a:end]; no copy of it is kept
    tail = "\r\n" if end - a == width + 1 and text.startswith("\r", end - 1) else "\n"
    stride = width + len(tail)
    if (
        not 1 <= rows * stride - (b - a) <= len(tail)
    ):  # the last line has no '\n' (a lone '\r' may be there)
        return False
    ends = np.frombuffer(tail.encode("ascii"), dtype=np.uint8)
    per = max(1, _BLOCK_CHARS // stride)
    for i in range(0, rows - 1, per):  # every row but the last, with its line end
        k = min(per, rows - 1 - i)
        start = a + i * stride
        chunk = text[start : start + k * stride]
        # nothing but '.', '#' and the k line ends (a '\r' or '\n' elsewhere is not a cell)
        if (
            chunk.translate(_TEXT_CHARS)
            or chunk.count("\r") != k * (len(tail) - 1)
            or chunk.count("\n") != k
        ):
            return False
        data = np.frombuffer(chunk.encode("ascii"), dtype=np.uint8).reshape(k, stride)
        if not (data[:, width:] == ends).all():
            return False
        np.equal(data[:, :width], ord(_FREE), out=mask[i : i + k])
    last = text[a + (rows - 1) * stride : b]
    if len(last) == width + 1 and last.endswith("\r"):
        last = last[:-1]
    if len(last) != width or last.translate(_CELL_CHARS):
        return False
    np.equal(np.frombuffer(last.encode("ascii"), dtype=np.uint8), ord(_FREE), out=mask[rows - 1])
    return True


def _text_slow(text, a, b, mask):
    """Fill `mask` from ``text[a:b]`` line by line (two passes: the lengths, then the characters)."""

    def rows():
        start = a
        while start <= b:
            line, end = _line(text, start, b)
            yield line.rstrip("\r")
            start = end + 1

    _check_lengths(len(r) for r in rows())
    for i, row in enumerate(rows()):
        mask[i] = _row_mask(row, i + 1)
