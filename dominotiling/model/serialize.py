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
        if isinstance(source, os.PathLike) or (isinstance(source, str) and not source.lstrip().startswith("{")):
            try:
                text = pathlib.Path(source).read_text(encoding="utf-8")
            except OSError as err:
                raise RegionFormatError(f"cannot read {str(source)!r}: {err.strerror or err}") from None
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
        raise RegionFormatError(f"expected a JSON object with \"format\": {fmt!r}, got {found!r}")
    if doc.get("version") != VERSION:
        raise RegionFormatError(f"{fmt} version {doc.get('version')!r} is not known (this library reads {VERSION})")
    return doc


def _field(doc, key, fmt):
    if key not in doc:
        raise RegionFormatError(f"the {fmt} document has no {key!r}")
    return doc[key]


# ------------------------------------------------------------------ regions
def region_to_dict(region):
    """The JSON object of a region: its rows as ``'.'``/``'#'`` strings and its wraps."""
    rows = ["".join("." if v else "#" for v in row) for row in region.mask]
    return {"format": "dominotiling.region", "version": VERSION, "shape": list(region.shape),
            "periodic": [bool(p) for p in region.periodic], "rows": rows}


def region_from_dict(doc, cls):
    """The region `cls` (the :class:`Region` class) of a parsed JSON object."""
    fmt = "dominotiling.region"
    rows = _field(doc, "rows", fmt)
    shape = _field(doc, "shape", fmt)
    if not isinstance(rows, list) or not all(isinstance(r, str) and set(r) <= {".", "#"} for r in rows):
        raise RegionFormatError("\"rows\" must be a list of strings of '.' (a cell) and '#' (no cell)")
    mask = np.array([[ch == "." for ch in r] for r in rows], dtype=bool).reshape(len(rows), -1 if rows else 0)
    if list(mask.shape) != list(shape):
        raise RegionFormatError(f"\"rows\" make a {mask.shape} mask but \"shape\" says {tuple(shape)}")
    periodic = doc.get("periodic", [False, False])
    return cls(mask, periodic=tuple(periodic))


# ------------------------------------------------------------------ tilings
def tiling_to_dict(tiling):
    """The JSON object of a tiling: its region and its labels, one list per row."""
    return {"format": "dominotiling.tiling", "version": VERSION,
            "region": region_to_dict(tiling.region), "labels": tiling.labels.tolist()}


def tiling_from_dict(doc, cls, region_cls):
    """The tiling `cls` of a parsed JSON object (its labels checked by the constructor)."""
    fmt = "dominotiling.tiling"
    region = region_from_dict(load(_field(doc, "region", fmt), "dominotiling.region"), region_cls)
    labels = _field(doc, "labels", fmt)
    try:
        lab = np.array(labels, dtype=np.int64)
    except (TypeError, ValueError, OverflowError):
        raise RegionFormatError("\"labels\" must be a rectangular list of lists of integers") from None
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
            raise RegionFormatError(f"fraction weights must be strings 'p/q', got {value!r}") from None
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

    return {"format": "dominotiling.weights", "version": VERSION, "kind": kind,
            "shape": list(weights.shape), "horizontal": rows(weights.horizontal),
            "vertical": rows(weights.vertical)}


def weights_from_dict(doc, cls):
    """The weights `cls` (the :class:`Weights` class) of a parsed JSON object, of the same kind."""
    fmt = "dominotiling.weights"
    kind = _validate.choice(_field(doc, "kind", fmt), "kind", ("int", "fraction", "float", "symbolic"))
    m, n = _field(doc, "shape", fmt)
    arrays = []
    for key, shape in (("horizontal", (m, n - 1)), ("vertical", (m - 1, n))):
        rows = _field(doc, key, fmt)
        out = np.empty(shape, dtype=object)
        if not isinstance(rows, list) or len(rows) != shape[0] or any(
                not isinstance(r, list) or len(r) != shape[1] for r in rows):
            raise RegionFormatError(f"{key!r} must be {shape[0]} lists of {shape[1]} values for shape {(m, n)}")
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
        raise DominoTypeError(f"path must be a str or a path to a picture, got {type(path).__name__}")
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
