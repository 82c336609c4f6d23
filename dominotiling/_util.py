"""Small private helpers shared by the front doors."""

import numpy as np

from .errors import DominoTilingError, DominoTypeError

__all__ = ["pick_method", "frozen"]


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
