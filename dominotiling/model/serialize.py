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
  that reads back to the same float), sympy expressions as ``sympy.srepr`` strings.

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
import pathlib
from fractions import Fraction

import numpy as np

from .. import _validate
from .._options import check_memory
from ..errors import DominoTypeError, RegionFormatError

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
]

VERSION = 1
CSV_HEADER = "domino,row1,col1,row2,col2,orientation"


def _write(text, path):
    """`text`, written to `path` as well when a path is given."""
    if path is not None:
        if not isinstance(path, (str, os.PathLike)):
            raise DominoTypeError(f"path must be a str or a path, got {type(path).__name__}")
        pathlib.Path(path).write_text(text, encoding="utf-8")
    return text


def dump(document, path=None):
    """A JSON document as text (written to `path` when given)."""
    return _write(json.dumps(document, separators=(",", ":")) + "\n", path)


def load(source, fmt):
    """The JSON object of format `fmt` in `source`: JSON text, a path, a file, or a dict already parsed."""
    if isinstance(source, dict):
        doc = source
    else:
        if isinstance(source, os.PathLike) or (
            isinstance(source, str) and not source.lstrip().startswith("{")
        ):
            try:
                text = pathlib.Path(source).read_text(encoding="utf-8")
            except OSError as err:
                raise RegionFormatError(
                    f"cannot read {str(source)!r}: {err.strerror or err}"
                ) from None
        elif isinstance(source, str):
            text = source
        elif hasattr(source, "read"):
            text = source.read()
        else:
            raise DominoTypeError(
                f"expected JSON text, a path, a file or a dict, got {type(source).__name__}"
            )
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as err:
            raise RegionFormatError(f"not JSON: {err}") from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise RegionFormatError(f'expected a JSON object with "format": {fmt!r}, got {found!r}')
    if doc.get("version") != VERSION:
        raise RegionFormatError(
            f"{fmt} version {doc.get('version')!r} is not known (this library reads {VERSION})"
        )
    return doc


def _field(doc, key, fmt):
    if key not in doc:
        raise RegionFormatError(f"the {fmt} document has no {key!r}")
    return doc[key]


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
    rows = _field(doc, "rows", fmt)
    shape = _field(doc, "shape", fmt)
    if not isinstance(rows, list) or not all(
        isinstance(r, str) and set(r) <= {".", "#"} for r in rows
    ):
        raise RegionFormatError(
            "\"rows\" must be a list of strings of '.' (a cell) and '#' (no cell)"
        )
    mask = np.array([[ch == "." for ch in r] for r in rows], dtype=bool).reshape(
        len(rows), -1 if rows else 0
    )
    if list(mask.shape) != list(shape):
        raise RegionFormatError(f'"rows" make a {mask.shape} mask but "shape" says {tuple(shape)}')
    periodic = doc.get("periodic", [False, False])
    return cls(mask, periodic=tuple(periodic))


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
    """The tiling `cls` of a parsed JSON object (its labels checked by the constructor)."""
    fmt = "dominotiling.tiling"
    region = region_from_dict(load(_field(doc, "region", fmt), "dominotiling.region"), region_cls)
    labels = _field(doc, "labels", fmt)
    try:
        lab = np.array(labels, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise RegionFormatError(
            '"labels" must be a rectangular list of lists of integers'
        ) from None
    return cls(region, lab.reshape(region.shape) if lab.size == 0 else lab)


# ------------------------------------------------------------------ weights
def _encode(value, kind):
    if kind == "int":
        return int(value)
    if kind == "fraction":
        f = Fraction(value)
        return f"{f.numerator}/{f.denominator}"
    if kind == "float":
        return float(value)
    import sympy

    return sympy.srepr(value)


def _decode(value, kind):
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RegionFormatError(f"int weights must be JSON integers, got {value!r}")
        return value
    if kind == "fraction":
        try:
            if not isinstance(value, str):
                raise TypeError
            return Fraction(value)
        except (TypeError, ValueError, ZeroDivisionError):
            raise RegionFormatError(
                f"fraction weights must be strings 'p/q', got {value!r}"
            ) from None
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RegionFormatError(f"float weights must be JSON numbers, got {value!r}")
        return float(value)
    import sympy

    if not isinstance(value, str):
        raise RegionFormatError(f"symbolic weights must be sympy.srepr strings, got {value!r}")
    try:
        return sympy.sympify(value)
    except (sympy.SympifyError, SyntaxError, TypeError) as err:
        raise RegionFormatError(f"cannot read the symbolic weight {value!r}: {err}") from None


def weights_to_dict(weights):
    """The JSON object of weights: kind, shape and both arrays, every value exact."""
    kind = weights.kind

    def rows(arr):
        return [[_encode(x, kind) for x in row] for row in arr.tolist()]

    return {
        "format": "dominotiling.weights",
        "version": VERSION,
        "kind": kind,
        "shape": list(weights.shape),
        "horizontal": rows(weights.horizontal),
        "vertical": rows(weights.vertical),
    }


def weights_from_dict(doc, cls):
    """The weights `cls` (the :class:`Weights` class) of a parsed JSON object, of the same kind."""
    fmt = "dominotiling.weights"
    kind = _validate.choice(
        _field(doc, "kind", fmt), "kind", ("int", "fraction", "float", "symbolic")
    )
    m, n = _field(doc, "shape", fmt)
    arrays = []
    for key, shape in (("horizontal", (m, n - 1)), ("vertical", (m - 1, n))):
        rows = _field(doc, key, fmt)
        out = np.empty(shape, dtype=object)
        if (
            not isinstance(rows, list)
            or len(rows) != shape[0]
            or any(not isinstance(r, list) or len(r) != shape[1] for r in rows)
        ):
            raise RegionFormatError(
                f"{key!r} must be {shape[0]} lists of {shape[1]} values for shape {(m, n)}"
            )
        for i, row in enumerate(rows):
            for j, x in enumerate(row):
                out[i, j] = _decode(x, kind)
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
    return _write(buf.getvalue(), path)


# ------------------------------------------------------------------ pictures
def mask_from_image(path, threshold=0.5, cell_size=1, invert=False):
    """The boolean mask of a black-and-white picture: dark blocks of ``cell_size`` pixels are cells."""
    if not isinstance(path, (str, os.PathLike)):
        raise DominoTypeError(
            f"path must be a str or a path to a picture, got {type(path).__name__}"
        )
    threshold = _validate.real(threshold, "threshold", minimum=0.0, maximum=1.0)
    cell_size = _validate.positive_int(cell_size, "cell_size")
    invert = _validate.boolean(invert, "invert")
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as im:
            grey = np.asarray(im.convert("L"), dtype=np.float64) / 255.0
    except FileNotFoundError:
        raise RegionFormatError(f"no picture at {str(path)!r}") from None
    except (UnidentifiedImageError, OSError) as err:
        raise RegionFormatError(f"cannot read {str(path)!r} as a picture: {err}") from None
    rows, cols = grey.shape[0] // cell_size, grey.shape[1] // cell_size
    if rows == 0 or cols == 0:
        raise RegionFormatError(
            f"the picture is {grey.shape[1]} x {grey.shape[0]} pixels, smaller than one cell of "
            f"{cell_size} pixels; pass a smaller cell_size"
        )
    blocks = grey[: rows * cell_size, : cols * cell_size].reshape(rows, cell_size, cols, cell_size)
    mean = blocks.mean(axis=(1, 3))
    mask = mean < threshold
    if invert:
        mask = ~mask
    if not mask.any():
        raise RegionFormatError(
            f"no cell in {str(path)!r}: no block is darker than threshold={threshold} "
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
