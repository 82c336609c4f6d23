"""The kinds of weight values: one weight or a whole array classified, checked and converted.

A weight is an ``int``, a ``fraction``, a ``float`` or ``symbolic`` (sympy); the kinds
are ordered (an int array meeting a Fraction becomes Fractions, and so on). Each value is classified as ``int``, ``fraction``, ``float`` or ``symbolic``
(sympy), checked (no negative, NaN, infinite or complex weight) with a message
that names the placement, and stored in the canonical array type of its kind.
"""

from __future__ import annotations

import math
import numbers
import sys
from fractions import Fraction

import numpy as np

from .. import _validate
from .._options import check_memory
from ..errors import DominoTilingError, DominoTypeError, WeightError

__all__ = [
    "KINDS",
    "DISTRIBUTIONS",
    "INT64_MAX",
    "KIND_RANK",
    "array_shapes",
    "as_array",
    "check_budget",
    "convert_array",
    "entry_of",
    "int_bytes",
    "kind_dtype",
    "log2_upper",
    "normalise",
    "object_array",
    "placement_name",
    "scalar_value",
    "shape_of",
    "sym_value",
    "sympy_module",
    "tile_pattern",
    "to_kind",
]

KINDS = ("int", "fraction", "float", "symbolic")
KIND_RANK = {k: i for i, k in enumerate(KINDS)}
INT64_MAX = 2**63 - 1
_BYTES = {
    "int": 16,
    "float": 16,
    "fraction": 120,
    "symbolic": 120,
}  # per placement, with temporaries
DISTRIBUTIONS = {
    "bernoulli": {"p": 0.5, "a": 1, "b": 0},
    "uniform": {"a": 0.0, "b": 1.0},
    "integers": {"a": None, "b": None},
    "gamma": {"alpha": 1.0, "scale": 1.0},
    "lognormal": {"sigma": 1.0, "mu": 0.0},
}


# ---------------------------------------------------------------- single values
def placement_name(orientation, r, c):
    """Words naming a placement: orientation, row, column and its two cells."""
    if orientation == "h":
        return f"the horizontal placement at row {r}, col {c} (cells ({r}, {c})-({r}, {c + 1}))"
    return f"the vertical placement at row {r}, col {c} (cells ({r}, {c})-({r + 1}, {c}))"


def entry_of(name):
    """A labeller for the entries of a pattern array called `name`."""
    return lambda r, c: f"{name}[{r}, {c}]"


def sympy_module():
    return sys.modules.get("sympy")  # sympy objects exist only if sympy was imported


def _is_sympy(value):
    sp = sympy_module()
    return sp is not None and isinstance(value, sp.Basic)


def _bad_value(where, value, why):
    return WeightError(
        f"{where} has weight {value!r}: weights must be {why}; a weight of 0 forbids the "
        "placement, negative, NaN and infinite weights have no meaning in the dimer model"
    )


def _out_of_float64(where, value):
    """The refusal of a finite weight (a ``numpy.longdouble``) that float64 cannot hold."""
    how = "too large" if abs(value) > 1 else "too small"
    becomes = "inf" if abs(value) > 1 else "0 (which would forbid the placement)"
    return WeightError(
        f"{where or 'a weight'} is {np.format_float_scientific(value, precision=6)} "
        f"({type(value).__name__}), {how} for the float64 weights work in: it would become {becomes}; "
        "pass the weights as exact Fractions (Fraction(*x.as_integer_ratio()) for each x) or "
        "scale all weights by one factor (a partition function scales by factor**(cells / 2))"
    )


def _check_sympy(expr, where):
    sp = sympy_module()
    if not isinstance(expr, sp.Expr):
        raise DominoTypeError(
            f"{where} is {expr!r} ({type(expr).__name__}): a symbolic weight must be a sympy expression"
        )
    if expr.has(sp.nan, sp.zoo, sp.oo, sp.S.NegativeInfinity):
        raise _bad_value(where, expr, "finite")
    if expr.is_extended_real is False or expr.has(sp.I):
        raise DominoTypeError(
            f"{where} is {expr}: complex weights are not supported; weights are non-negative reals"
        )
    if expr.is_extended_negative:
        raise _bad_value(where, expr, "non-negative")
    return expr


def scalar_value(value, where):
    """``(kind, value)``: the kind of one weight and the value as int, Fraction, float or sympy Expr."""
    if isinstance(value, (bool, np.bool_)):
        raise DominoTypeError(
            f"{where} is {value!r}: a weight must be a number, not a bool; write 1 or 0"
        )
    if isinstance(value, (complex, np.complexfloating)):
        raise DominoTypeError(
            f"{where} is {value!r}: complex weights are not supported; weights are non-negative reals"
        )
    if _is_sympy(value):  # before the numbers ABCs, which sympy's numbers also register with
        return "symbolic", _check_sympy(value, where)
    if isinstance(value, (numbers.Integral, np.integer)):
        v, kind = int(value), "int"
    elif isinstance(value, Fraction):
        v, kind = value, "fraction"
    elif isinstance(value, (float, np.floating)):
        v, kind = float(value), "float"
        if math.isnan(v) or math.isinf(v):
            if isinstance(value, np.floating) and np.isfinite(value):  # a longdouble beyond float64
                raise _out_of_float64(where, value)
            raise _bad_value(where, v, "finite")
        if v == 0.0 and value != 0:  # a longdouble below float64's range
            raise _out_of_float64(where, value)
        v += 0.0  # -0.0 becomes 0.0
    elif isinstance(value, numbers.Rational):
        v, kind = Fraction(int(value.numerator), int(value.denominator)), "fraction"
    elif isinstance(value, numbers.Real):
        return scalar_value(float(value), where)
    else:
        text = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
        raise DominoTypeError(
            f"{where} is {text} ({type(value).__name__}): a weight must be an int, a "
            "fractions.Fraction, a float or a sympy expression"
        )
    if v < 0:
        raise _bad_value(where, v, "non-negative")
    return kind, v


def to_kind(value, kind, where):
    """One checked weight (int, Fraction, float or Expr) converted to `kind` (at least its own)."""
    if kind == "int":
        return value
    if kind == "fraction":
        return Fraction(value)
    if kind == "float":
        try:
            f = float(value)
        except OverflowError:
            f = math.inf
        if math.isinf(f):
            raise WeightError(
                f"{where} has weight {value!r}, too large for a float64; use int or Fraction weights"
            )
        if f == 0.0 and value != 0:
            raise WeightError(
                f"{where} has weight {value!r}, too small for a float64 (it would become 0 and "
                "forbid the placement); use int or Fraction weights"
            )
        return f
    sp = sympy_module()
    if isinstance(value, sp.Basic):
        return value
    if isinstance(value, Fraction):
        return sp.Rational(value.numerator, value.denominator)
    return sp.Integer(value) if isinstance(value, int) else sp.Float(value)


def kind_dtype(kind, values):
    """The storage dtype of weights of `kind` taking `values` (already of that kind)."""
    if kind == "float":
        return np.float64
    if kind == "int" and max(values) <= INT64_MAX:
        return np.int64
    return object


def sym_value(value, key):
    """A value to substitute for a symbol, as a sympy object (any sign: the results are checked)."""
    sp = sympy_module()
    if isinstance(value, sp.Basic):
        return value
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, (numbers.Real, np.number))
        or isinstance(value, np.complexfloating)
    ):
        raise DominoTypeError(
            f"the value for {key} must be a real number or a sympy expression, "
            f"got {type(value).__name__}"
        )
    if isinstance(value, (numbers.Integral, np.integer)):
        return sp.Integer(int(value))
    if isinstance(value, numbers.Rational):
        return sp.Rational(int(value.numerator), int(value.denominator))
    return sp.Float(float(value))


def int_bytes(values):
    """A tuple that identifies a list of ints: their int64 bytes when they fit, else the ints."""
    try:
        return (np.array(values, dtype=np.int64).tobytes(),)
    except OverflowError:
        return tuple(values)


def object_array(values, shape):
    out = np.empty(len(values), dtype=object)
    out[:] = values
    return out.reshape(shape)


# ---------------------------------------------------------------- whole arrays
def as_array(value, name):
    """`value` as a 2-D numpy array (lists become object arrays when numpy cannot hold them)."""
    if isinstance(value, np.ndarray):
        arr = value
    else:
        try:
            arr = np.asarray(value)
        except OverflowError:
            arr = np.asarray(value, dtype=object)
        except (ValueError, TypeError):
            raise DominoTypeError(
                f"{name} must be a rectangular 2-D array of weights; its rows have different lengths"
            ) from None
    if arr.ndim != 2:
        hint = (
            " (a region of one row has no vertical placement: pass numpy.zeros((0, n)))"
            if arr.size == 0
            else ""
        )
        raise WeightError(
            f"{name} must be a 2-D array, got {arr.ndim} dimension(s) (shape {arr.shape}){hint}"
        )
    return arr


def _scan(arr, label, orientation=None):
    """``(kind, data)`` of an array of weights: data is a checked int64/float64 array or a list of values.

    ``label(r, c)`` names entry ``(r, c)`` in messages (a placement when `orientation` is given).
    """

    def where(idx):
        r, c = (int(i) for i in idx)
        return placement_name(orientation, r, c) if orientation else label(r, c)

    k = arr.dtype.kind
    if k in "iu":
        if arr.size and k == "i" and arr.min() < 0:
            idx = np.argwhere(arr < 0)[0]
            raise _bad_value(where(idx), arr[tuple(idx)].item(), "non-negative")
        if arr.size and k == "u" and arr.max() > INT64_MAX:
            return "int", [int(v) for v in arr.ravel().tolist()]
        return "int", arr.astype(np.int64)
    if k == "f":
        bad = ~np.isfinite(arr) | (arr < 0)
        if bad.any():
            idx = np.argwhere(bad)[0]
            v = float(arr[tuple(idx)])
            raise _bad_value(where(idx), v, "finite" if not math.isfinite(v) else "non-negative")
        with np.errstate(over="ignore", under="ignore"):
            out = arr.astype(np.float64) + 0.0
        if arr.dtype.itemsize > 8:  # longdouble: its range is wider than float64's
            lost = np.isinf(out) | ((out == 0) & (arr != 0))
            if lost.any():
                idx = np.argwhere(lost)[0]
                raise _out_of_float64(where(idx), arr[tuple(idx)])
        return "float", out
    if k == "O":
        kind, out, checked = "int", [], set()
        sp = sympy_module()
        for i, v in enumerate(arr.ravel().tolist()):
            t = type(v)  # fast paths for the plain types; everything else goes through scalar_value
            if t is int and v >= 0:
                kv, val = "int", v
            elif t is Fraction and v.numerator >= 0:
                kv, val = "fraction", v
            elif t is float and 0.0 <= v < math.inf:
                kv, val = "float", v + 0.0
            elif sp is not None and isinstance(v, sp.Basic) and v in checked:
                kv, val = "symbolic", v  # the same expression was checked already
            else:
                try:
                    kv, val = scalar_value(v, "")
                except (
                    DominoTilingError
                ):  # again, now naming the entry (labels cost time: only on failure)
                    scalar_value(v, where(np.unravel_index(i, arr.shape)))
                    raise
                if kv == "symbolic":
                    checked.add(v)
            if KIND_RANK[kv] > KIND_RANK[kind]:
                kind = kv
            out.append(val)
        return kind, out
    if k == "b":
        raise DominoTypeError(
            "the weights hold booleans; weights are numbers: pass array.astype(int) "
            "(1 allows, 0 forbids a placement)"
        )
    if k == "c":
        idx = np.argwhere(arr.imag != 0)[0] if (arr.imag != 0).any() else (0, 0)
        raise DominoTypeError(
            f"{where(idx)} is {arr[tuple(idx)].item()!r}: complex weights are not supported "
            f"(dtype {arr.dtype}); weights are non-negative reals"
        )
    raise DominoTypeError(f"weights must be numbers, got an array of dtype {arr.dtype}")


def convert_array(kind, data, shape, label, orientation=None):
    """Scanned `data` as the stored array of `kind`: int64, float64, or object of one Python type."""

    def where(i):
        r, c = (int(x) for x in np.unravel_index(i, shape))
        return placement_name(orientation, r, c) if orientation else label(r, c)

    if isinstance(data, np.ndarray):
        if kind in ("int", "float"):
            return data.astype(np.int64 if kind == "int" else np.float64)
        data = data.ravel().tolist()
    if kind == "int":
        if all(v <= INT64_MAX for v in data):
            return np.array(data, dtype=np.int64).reshape(shape)
        return object_array(data, shape)
    if kind == "fraction":
        return object_array([v if type(v) is Fraction else Fraction(v) for v in data], shape)
    if kind == "float":
        try:
            out = np.array([float(v) for v in data], dtype=np.float64)
            ok = bool(np.isfinite(out).all()) and not any(
                data[i] != 0 for i in np.flatnonzero(out == 0)
            )
        except OverflowError:
            ok = False
        if not ok:  # again, one by one, naming the entry that does not fit
            out = np.array(
                [to_kind(v, kind, where(i)) for i, v in enumerate(data)], dtype=np.float64
            )
        return out.reshape(shape)
    return object_array([to_kind(v, kind, "") for v in data], shape)  # sympy: nothing can fail


def normalise(parts, min_kind="int"):
    """``(kind, arrays)`` from ``[(array, label, orientation), ...]``: one kind for all, each stored."""
    n = sum(a.size for a, _, _ in parts)
    check_memory(
        n * _BYTES["symbolic" if any(a.dtype == object for a, _, _ in parts) else "int"],
        f"{n} domino weights",
        "fewer placements (a smaller region)",
    )
    scanned = [_scan(a, label, o) for a, label, o in parts]
    kind = max([min_kind] + [k for k, _ in scanned], key=KIND_RANK.get)
    return kind, [
        convert_array(kind, d, a.shape, label, o) for (a, label, o), (_, d) in zip(parts, scanned)
    ]


def shape_of(region_or_shape):
    from .region import Region

    if isinstance(region_or_shape, Region):
        return region_or_shape.shape
    if isinstance(region_or_shape, (str, bytes)) or not hasattr(region_or_shape, "__iter__"):
        raise DominoTypeError(
            f"expected a Region or a shape (rows, cols), got {type(region_or_shape).__name__}"
        )
    return _validate.shape(region_or_shape, "shape")


def array_shapes(shape):
    """The shapes of the horizontal and vertical arrays of a region of shape `shape`."""
    m, n = shape
    return (m, max(n - 1, 0)), (max(m - 1, 0), n)


def check_budget(shape, kind):
    hs, vs = array_shapes(shape)
    n = hs[0] * hs[1] + vs[0] * vs[1]
    check_memory(
        n * _BYTES[kind],
        f"the {n} domino weights of a {shape[0]} x {shape[1]} region",
        "a smaller region",
    )


def tile_pattern(pattern, shape):
    k, l = pattern.shape
    reps = (-(-shape[0] // k), -(-shape[1] // l))
    return np.tile(pattern, reps)[: shape[0], : shape[1]]


def log2_upper(x):
    """An upper bound on log2(x) for a positive int, Fraction or float (a few ulps of slack)."""
    if isinstance(x, Fraction):
        a, b = math.log2(x.numerator), math.log2(x.denominator)
        return a - b + (abs(a) + abs(b)) * 1e-15 + 1e-15
    v = math.log2(x)
    return v + abs(v) * 1e-15 + 1e-15
