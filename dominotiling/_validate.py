"""The one place that checks arguments: ints, numbers, choices, shapes, seeds, types.

Every public function of the library (the game package included) checks its
arguments through these helpers, so that the same mistake gets the same clear
message everywhere. A wrong *type* raises :class:`~dominotiling.errors.DominoTypeError`
(also a ``TypeError``); a wrong *value* raises
:class:`~dominotiling.errors.DominoTilingError` (also a ``ValueError``), or the
subclass passed as ``error=``. Each helper returns the value converted to the
plain Python type the caller should use.

Examples
--------
>>> from dominotiling import _validate as v
>>> v.positive_int(3, "rows")
3
>>> v.positive_int(2.5, "rows")
Traceback (most recent call last):
...
dominotiling.errors.DominoTypeError: rows must be an integer, got 2.5 (float)
>>> v.choice("dp", "method", ("auto", "transfer", "kasteleyn"))
Traceback (most recent call last):
...
dominotiling.errors.DominoTilingError: unknown method 'dp'; choose one of 'auto', 'transfer', 'kasteleyn'
"""

from __future__ import annotations

import math
import numbers
import operator

import numpy as np

from .errors import DominoTilingError, DominoTypeError, FloatRangeError

__all__ = [
    "integer",
    "positive_int",
    "nonnegative_int",
    "real",
    "probability",
    "boolean",
    "choice",
    "instance",
    "region",
    "tiling",
    "shape",
    "cell",
    "seed",
    "array",
    "float_from_log",
    "LOG_FLOAT_MAX",
    "LOG_FLOAT_MIN",
]

#: ``log`` of the largest float64 and of the smallest normal one: the range a float result
#: may take (a subnormal has lost digits, so it is refused like an underflow).
LOG_FLOAT_MAX = math.log(np.finfo(np.float64).max)
LOG_FLOAT_MIN = math.log(np.finfo(np.float64).tiny)


def _describe(value):
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def integer(value, name, *, minimum=None, maximum=None, error=DominoTilingError):
    """``value`` as a Python int, checked against the bounds (inclusive).

    Accepts Python and numpy integers; refuses bools, floats (even ``2.0``),
    strings and everything else with a :class:`DominoTypeError`.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise DominoTypeError(f"{name} must be an integer, got {_describe(value)}")
    v = operator.index(value)
    if minimum is not None and v < minimum:
        raise error(f"{name} must be at least {minimum}, got {v}")
    if maximum is not None and v > maximum:
        raise error(f"{name} must be at most {maximum}, got {v}")
    return v


def positive_int(value, name, *, maximum=None, error=DominoTilingError):
    """``value`` as an int ``>= 1`` (and ``<= maximum``)."""
    v = integer(value, name, maximum=maximum, error=error)
    if v < 1:
        raise error(f"{name} must be a positive integer, got {v}")
    return v


def nonnegative_int(value, name, *, maximum=None, error=DominoTilingError):
    """``value`` as an int ``>= 0`` (and ``<= maximum``)."""
    v = integer(value, name, maximum=maximum, error=error)
    if v < 0:
        raise error(f"{name} must be a non-negative integer, got {v}")
    return v


def real(
    value,
    name,
    *,
    minimum=None,
    maximum=None,
    strict_minimum=False,
    finite=True,
    error=DominoTilingError,
):
    """``value`` as a float, finite unless ``finite=False``, within the bounds.

    ``strict_minimum=True`` makes the lower bound exclusive (``> minimum``).
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Real, np.number)):
        raise DominoTypeError(f"{name} must be a real number, got {_describe(value)}")
    if isinstance(value, np.number) and not np.isrealobj(value):
        raise DominoTypeError(f"{name} must be a real number, got {_describe(value)}")
    v = float(value)
    if math.isnan(v) or (finite and math.isinf(v)):
        raise error(f"{name} must be a finite number, got {v}")
    if minimum is not None:
        if strict_minimum and not v > minimum:
            raise error(f"{name} must be greater than {minimum}, got {v}")
        if not strict_minimum and v < minimum:
            raise error(f"{name} must be at least {minimum}, got {v}")
    if maximum is not None and v > maximum:
        raise error(f"{name} must be at most {maximum}, got {v}")
    return v


def probability(value, name):
    """``value`` as a float in ``[0, 1]``."""
    return real(value, name, minimum=0.0, maximum=1.0)


def boolean(value, name):
    """``value`` as a bool; only ``True``/``False`` (and numpy bools) are accepted."""
    if not isinstance(value, (bool, np.bool_)):
        raise DominoTypeError(f"{name} must be True or False, got {_describe(value)}")
    return bool(value)


def choice(value, name, options):
    """``value`` if it is one of `options` (strings compared exactly)."""
    options = tuple(options)
    listed = ", ".join(repr(o) for o in options)
    if isinstance(value, np.ndarray) or (
        all(isinstance(o, str) for o in options) and not isinstance(value, str)
    ):
        # an array's `in` is elementwise ("truth value ambiguous"): a name is a str
        raise DominoTypeError(
            f"{name} must be a name (a str), one of {listed}; got {_describe(value)}"
        )
    try:
        ok = not isinstance(value, bool) and value in options  # True == 1 must not pass
    except (TypeError, ValueError):  # unhashable, incomparable, or ambiguous
        ok = False
    if not ok:
        raise DominoTilingError(
            f"unknown {name} {_describe(value) if not isinstance(value, str) else repr(value)}; "
            f"choose one of {listed}"
        )
    return value


def instance(value, name, types, hint=""):
    """``value`` if it is an instance of `types`; else a :class:`DominoTypeError` with `hint`."""
    if not isinstance(value, types):
        if isinstance(types, tuple):
            wanted = " or ".join(t.__name__ for t in types)
        else:
            wanted = types.__name__
        extra = f"; {hint}" if hint else ""
        raise DominoTypeError(f"{name} must be a {wanted}, got {type(value).__name__}{extra}")
    return value


def _kind(value):
    """``"Region"``, ``"Tiling"`` or None: the model class `value` is an instance of.

    The ground floor imports nothing of the model; the model's classes name
    themselves by a class attribute (``_model_kind``), which subclasses inherit.
    """
    return getattr(type(value), "_model_kind", None)


def graph(G, name="G"):
    """`G` if it is a non-empty undirected networkx graph; a helpful error otherwise."""
    import networkx as nx

    instance(G, name, nx.Graph, "build one with networkx, e.g. networkx.grid_2d_graph(5, 5)")
    if G.is_directed():
        raise DominoTypeError(
            f"expected an undirected graph, got a directed one: pass {name}.to_undirected()"
        )
    if G.number_of_nodes() == 0:
        raise DominoTilingError("the graph has no nodes; spanning trees need at least one")
    return G


def region(value, name="region", *, periodic_ok=False):
    """``value`` if it is a :class:`~dominotiling.Region`; a helpful type error otherwise.

    A torus or cylinder (``value.periodic`` not ``(False, False)``) is refused with
    a :class:`~dominotiling.errors.DominoTilingError` unless `periodic_ok`: a
    function that does not handle the seams must not answer for the plane region.
    """
    if _kind(value) == "Region":
        if not periodic_ok and value.is_periodic:
            raise DominoTilingError(_periodic_message(name, value))
        return value
    if _kind(value) == "Tiling":
        hint = f"this is a Tiling; pass {name}.region"
    elif isinstance(value, (str, list, tuple)):
        hint = "build one with Region.from_strings([...]) or Region.rectangle(rows, cols)"
    else:
        hint = "build one with Region.from_strings([...]), Region.rectangle(rows, cols) or Region.from_mask(array)"
    raise DominoTypeError(f"{name} must be a Region, got {type(value).__name__}; {hint}")


def tiling(value, name="tiling", *, periodic_ok=False):
    """``value`` if it is a :class:`~dominotiling.Tiling`; a helpful type error otherwise.

    A tiling of a torus or cylinder is refused unless `periodic_ok` (as :func:`region`).
    """
    if _kind(value) == "Tiling":
        if not periodic_ok and value.region.is_periodic:
            raise DominoTilingError(_periodic_message(f"{name}.region", value.region))
        return value
    hint = (
        "this is a Region; get a tiling with find_tiling(region) or random_tiling(region)"
        if _kind(value) == "Region"
        else "get one with find_tiling(region), random_tiling(region) or Tiling.from_dominoes(...)"
    )
    raise DominoTypeError(f"{name} must be a Tiling, got {type(value).__name__}; {hint}")


def _periodic_message(name, value):
    kind = {(True, True): "a torus", (False, True): "a cylinder", (True, False): "a cylinder"}[
        value.periodic
    ]
    return (
        f"{name} is {kind} (periodic={value.periodic}) and this function handles plane regions "
        "only; tori and cylinders are counted by count_tilings and log_count, sampled by "
        "random_tiling and drawn by draw_tiling (see dominotiling.surfaces.periodic); use "
        f"Region({name}.mask) for the plane region with the same cells"
    )


def shape(value, name, *, ndim=2):
    """A shape: a tuple of `ndim` positive ints."""
    try:
        items = tuple(value)
    except TypeError:
        raise DominoTypeError(
            f"{name} must be a tuple of {ndim} positive integers, got {_describe(value)}"
        ) from None
    if len(items) != ndim:
        raise DominoTilingError(f"{name} must have {ndim} entries, got {len(items)}: {value!r}")
    return tuple(positive_int(v, f"{name}[{i}]") for i, v in enumerate(items))


def cell(value, name, region_=None):
    """A cell ``(row, col)`` of ints, inside `region_` when one is given."""
    try:
        r, c = value
    except (TypeError, ValueError):
        raise DominoTypeError(
            f"{name} must be a (row, col) pair of integers, got {_describe(value)}"
        ) from None
    r, c = integer(r, f"{name}[0]"), integer(c, f"{name}[1]")
    if region_ is not None and (r, c) not in region_:
        raise DominoTilingError(
            f"{name}={(r, c)} is not a cell of the region (shape {region_.shape}); "
            "cells are (row, col) with row 0 on top"
        )
    return r, c


def seed(value, name="seed"):
    """A ``numpy.random.Generator`` from ``None``, a non-negative int, or a Generator (as is).

    numpy's default generator (PCG64) gives the same stream for the same seed on
    every machine and numpy version that supports it.
    """
    if isinstance(value, np.random.Generator):
        return value
    if value is None:
        return np.random.default_rng()
    if isinstance(value, np.random.SeedSequence):
        return np.random.default_rng(value)
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise DominoTypeError(
            f"{name} must be None, a non-negative int or a numpy.random.Generator, got {_describe(value)}"
        )
    if value < 0:
        raise DominoTilingError(f"{name} must be a non-negative integer, got {value}")
    return np.random.default_rng(int(value))


def array(value, name, *, ndim=None, kinds="biuf", shape=None):
    """``value`` as a numpy array with `ndim` dimensions and a dtype kind in `kinds`."""
    try:
        arr = np.asarray(value)
    except Exception:  # ragged lists and the like
        raise DominoTypeError(
            f"{name} must be an array of numbers, got {_describe(value)}"
        ) from None
    if arr.dtype.kind not in kinds:
        raise DominoTypeError(
            f"{name} must hold numbers (dtype kind in {kinds!r}), got dtype {arr.dtype}"
        )
    if ndim is not None and arr.ndim != ndim:
        raise DominoTilingError(
            f"{name} must be a {ndim}-D array, got {arr.ndim} dimension(s) (shape {arr.shape})"
        )
    if shape is not None and arr.shape != tuple(shape):
        raise DominoTilingError(f"{name} must have shape {tuple(shape)}, got {arr.shape}")
    return arr


def float_from_log(log_value, what, alternative):
    """``exp(log_value)`` as a float64 when it is a normal float (``0.0`` for ``-inf``).

    Otherwise :class:`~dominotiling.errors.FloatRangeError` saying which way it left the
    range, with `what` (the quantity) and `alternative` (what to call instead).

    Examples
    --------
    >>> float_from_log(math.log(2.0), "Z", "use log_count")
    2.0
    >>> float_from_log(-800.0, "the partition function", "log_count(region, weights=weights) gives its logarithm")
    Traceback (most recent call last):
    ...
    dominotiling.errors.FloatRangeError: the partition function is about exp(-800), below the smallest normal float64 (about exp(-708.4)): it would read as 0.0 (no tiling); log_count(region, weights=weights) gives its logarithm
    """
    log_value = float(log_value)
    if log_value == -math.inf:
        return 0.0
    if LOG_FLOAT_MIN <= log_value <= LOG_FLOAT_MAX:
        return math.exp(log_value)
    if math.isnan(log_value):
        raise FloatRangeError(
            f"{what} could not be computed in floating point (NaN); {alternative}"
        )
    where = (
        f"beyond the largest float64 (about exp({LOG_FLOAT_MAX:.5g}))"
        if log_value > 0
        else f"below the smallest normal float64 (about exp({LOG_FLOAT_MIN:.4g})): it would read as "
        "0.0 (no tiling)"
    )
    raise FloatRangeError(f"{what} is about exp({log_value:.6g}), {where}; {alternative}")
