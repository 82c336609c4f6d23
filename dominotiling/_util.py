"""Small private helpers shared by the front doors."""

import numpy as np

from .errors import DominoTilingError, DominoTypeError

__all__ = ["pick_method", "frozen", "user_stacklevel", "renamed", "deprecated_frames"]


def pick_method(methods, method, auto):
    """The function registered under `method` in `methods` (``"auto"`` means `auto`)."""
    name = auto if method == "auto" else method
    try:
        return methods[name]
    except (KeyError, TypeError):
        raise DominoTilingError(
            f"unknown method {method!r}; choose one of {['auto', *methods]}"
        ) from None


def frozen(array):
    """A read-only view of `array` that can never be made writeable again (no copy if contiguous).

    The view reads through a read-only ``memoryview``, so
    ``setflags(write=True)`` raises on it and on its base. Used for the arrays
    that make regions and tilings immutable in fact.
    """
    arr = np.ascontiguousarray(array)
    if arr.size == 0:
        out = np.zeros(arr.shape, dtype=arr.dtype)
        out.setflags(write=False)  # an empty array has nothing to change
        return out
    view = np.frombuffer(memoryview(arr).toreadonly(), dtype=arr.dtype).reshape(arr.shape)
    return view


def user_stacklevel():
    """The ``stacklevel`` that points a warning at the first frame outside the package.

    Call it in the argument list of :func:`warnings.warn`: the frames of the package
    (a front door, the :func:`keyword_only` wrapper, the routes below) are skipped, so
    the warning names the user's line however deep it was raised.
    """
    import os
    import sys

    package = os.path.dirname(os.path.abspath(__file__)) + os.sep
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(package):
        frame = frame.f_back
        level += 1
    return level


def renamed(new, old):
    """A deprecated alias `old` of the function `new`: it warns, then calls `new`.

    The alias has `new`'s signature (``inspect.signature`` follows ``__wrapped__``) and
    a short numpydoc docstring naming `new`; its ``DeprecationWarning`` names the
    line of the caller's code. Old names are kept this way for one release.

    Examples
    --------
    >>> import warnings
    >>> def sample_twice(x):
    ...     return 2 * x
    >>> twice_sample = renamed(sample_twice, "twice_sample")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     twice_sample(3)
    6
    >>> print(caught[0].message)
    twice_sample is now sample_twice; the old name goes in the next release
    """
    import functools
    import warnings

    message = f"{old} is now {new.__name__}; the old name goes in the next release"

    @functools.wraps(new)
    def alias(*args, **kwargs):
        warnings.warn(message, DeprecationWarning, stacklevel=user_stacklevel())
        return new(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    alias.__deprecated__ = message  # PEP 702's mark, as warnings.deprecated sets it
    alias.__doc__ = f"""Deprecated name of :func:`{new.__name__}` (it goes in the next release).

    Parameters
    ----------
    *args, **kwargs
        As for :func:`{new.__name__}`.

    Returns
    -------
    object
        What :func:`{new.__name__}` returns, after a ``DeprecationWarning``.

    See Also
    --------
    {new.__name__}

    Examples
    --------
    Write ``{new.__name__}(...)`` where ``{old}(...)`` was written: the same
    arguments give the same result.
    """
    return alias


def deprecated_frames(call, instead):
    """Warn that ``call(frames=True)`` is deprecated, naming the frames function to use instead."""
    import warnings

    warnings.warn(
        f"{call}(frames=True) is deprecated: the frames come from {instead}; "
        "frames= goes in the next release",
        DeprecationWarning,
        stacklevel=user_stacklevel(),
    )


def keyword_only(*old_order):
    """Decorator: parameters that used to be positional become keyword-only.

    `old_order` names them in their old positional order (after the parameters
    that stay positional). A call that still passes them by position works and
    warns (``DeprecationWarning``), so no caller breaks at once.
    """
    import functools
    import inspect
    import warnings

    def decorate(func):
        params = inspect.signature(func).parameters.values()
        n_pos = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if len(args) > n_pos:
                extra = args[n_pos:]
                if len(extra) > len(old_order):
                    raise DominoTypeError(
                        f"{func.__name__}() takes {n_pos} positional argument(s) but "
                        f"{len(args)} were given"
                    )
                names = old_order[: len(extra)]
                for name, value in zip(names, extra):
                    if name in kwargs:
                        raise DominoTypeError(f"{func.__name__}() got {name!r} twice")
                    kwargs[name] = value
                warnings.warn(
                    f"pass {', '.join(names)} to {func.__name__}() by keyword "
                    f"({', '.join(f'{n}=...' for n in names)}); by position is deprecated",
                    DeprecationWarning,
                    stacklevel=2,
                )
                args = args[:n_pos]
            return func(*args, **kwargs)

        return wrapper

    return decorate


def brief_repr(obj):
    """A one-line repr of a result that holds arrays: ``Name(n=10, positions=<array 5x4 int64>, ...)``.

    For named tuples and dataclasses: every field by name, arrays by their shape
    and dtype (never their values: a notebook cell ending in such a result prints
    one line, not every vertex), long floats to six significant digits, other values
    by their repr (shortened past 60 characters).

    Examples
    --------
    >>> from typing import NamedTuple
    >>> class Result(NamedTuple):
    ...     n: int
    ...     values: np.ndarray
    ...     mean: float
    >>> brief_repr(Result(3, np.zeros((3, 2)), 1 / 3))
    'Result(n=3, values=<array 3x2 float64>, mean=0.333333)'
    """
    import dataclasses

    if dataclasses.is_dataclass(obj):
        items = [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]
    else:
        items = list(obj._asdict().items())
    parts = []
    for name, value in items:
        if isinstance(value, np.ndarray):
            shape = "x".join(str(s) for s in value.shape) or "scalar"
            text = f"<array {shape} {value.dtype}>"
        elif isinstance(value, (float, np.floating)):
            text = repr(float(value))
            text = text if len(text) <= 12 else f"{float(value):.6g}"
        else:
            text = repr(value)
            if len(text) > 60 or "\n" in text:
                text = text.replace("\n", " ")[:57] + "..."
        parts.append(f"{name}={text}")
    return f"{type(obj).__name__}({', '.join(parts)})"
