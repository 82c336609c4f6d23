"""The one memory budget: ``set_options(memory_limit=...)``, checked before allocating.

Every allocation that grows with the input is estimated first and compared with
this budget by :func:`check_memory`; a job over it is refused with
:class:`~dominotiling.errors.TooLargeError` *before* anything large is allocated,
naming the size, the budget and what would serve instead.

The budget starts at 4 GiB, or at the value of the environment variable
``DOMINOTILING_MEMORY_LIMIT`` (bytes, or a number with a unit such as ``"8GiB"``,
``"500MB"``) when the package is imported.

Examples
--------
>>> import dominotiling as dt
>>> dt.get_options()["memory_limit"] >= 2**20
True
>>> with dt.set_options(memory_limit="1 GiB"):
...     dt.get_options()["memory_limit"]
1073741824
"""

from __future__ import annotations

import contextvars
import math
import os
import re
import threading

from .errors import DominoTilingError, DominoTypeError, TooLargeError

__all__ = [
    "set_options",
    "get_options",
    "check_memory",
    "check_seconds",
    "format_bytes",
    "memory_limit",
    "MAX_SECONDS",
]

#: Jobs whose measured cost model expects more than this many seconds (about ten minutes)
#: are refused up front, with the estimate and an alternative.
MAX_SECONDS = 600.0

_DEFAULT_LIMIT = 4 * 2**30
_ENV = "DOMINOTILING_MEMORY_LIMIT"
_UNITS = {
    "": 1,
    "b": 1,
    "k": 10**3,
    "kb": 10**3,
    "m": 10**6,
    "mb": 10**6,
    "g": 10**9,
    "gb": 10**9,
    "t": 10**12,
    "tb": 10**12,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
}


#: The largest budget accepted: 2**64 bytes (16 EiB), beyond any machine's memory.
_MAX_LIMIT = 2**64


def _parse_bytes(value, name="memory_limit"):
    """Bytes from an int, a float, or a string such as ``"4GiB"``; raise a clear error otherwise."""
    import numbers

    if isinstance(value, bool):
        raise DominoTypeError(
            f"{name} must be a number of bytes or a string like '4GiB', got {value!r}"
        )
    if isinstance(value, str):
        if len(value) > 100:
            raise DominoTilingError(
                f"{name} is a string of {len(value)} characters, not a size: "
                "write bytes as a number or with a unit, e.g. '4GiB', '500MB', '2e9'"
            )
        m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\s*([A-Za-z]*)\s*", value)
        if not m or m.group(2).lower() not in _UNITS:
            raise DominoTilingError(
                f"{name}={value!r} is not a size: write bytes as a number or with a unit, "
                "e.g. '4GiB', '500MB', '2e9'"
            )
        value = float(m.group(1)) * _UNITS[m.group(2).lower()]
    if isinstance(value, numbers.Integral):  # exact: 10**400 is no float
        v = int(value)
    else:
        try:
            v = float(value)
        except (TypeError, ValueError, OverflowError):
            raise DominoTypeError(
                f"{name} must be a number of bytes or a string like '4GiB', got {type(value).__name__}"
            ) from None
        if not math.isfinite(v) or v <= 0:
            raise DominoTilingError(
                f"{name} must be a positive, finite number of bytes, got {value!r}"
            )
    if v < 1:
        raise DominoTilingError(
            f"{name} must be at least 1 byte, got {value!r}: write bytes as a number or "
            "with a unit, e.g. '4GiB', '500MB', '2e9'"
        )
    if v > _MAX_LIMIT:
        raise DominoTilingError(
            f"{name}={value!r} is more than 2**64 bytes (16 EiB); give the memory "
            "this machine may use, e.g. '8GiB'"
        )
    return int(v)


def _initial_limit():
    """The budget from ``DOMINOTILING_MEMORY_LIMIT``, or the default; a bad value is kept as its error.

    Raising here would make ``import dominotiling`` fail with a traceback (and the
    command line before it can print its one line): the error is raised instead by
    the first call that needs the budget, unless ``set_options`` gives one first.
    """
    raw = os.environ.get(_ENV)
    if raw is None or not raw.strip():
        return _DEFAULT_LIMIT
    try:
        return _parse_bytes(raw, _ENV)
    except DominoTilingError as err:
        return DominoTilingError(
            f"{err}; fix or unset the environment variable {_ENV}, or call "
            "dominotiling.set_options(memory_limit='4GiB')"
        )


_OPTIONS = {"memory_limit": _initial_limit()}
#: Overrides of ``with set_options(...)`` blocks: per thread (and per asyncio task).
_OVERRIDES = contextvars.ContextVar("dominotiling_options", default=None)
_LOCK = threading.Lock()


class set_options:  # noqa: N801 -- a function to the user; a class so that `with` works
    """Set the library's options, for the rest of the session or inside a ``with`` block.

    Parameters
    ----------
    memory_limit : int, float or str, optional
        The most memory one computation may allocate for tables that grow with
        its input (bytes, or a string with a unit: ``"8GiB"``, ``"500MB"``;
        at least 1 byte, at most ``2**64``).
        Jobs over it are refused before they start with
        :class:`~dominotiling.errors.TooLargeError`. Default 4 GiB, or the
        environment variable ``DOMINOTILING_MEMORY_LIMIT``.

    Raises
    ------
    DominoTilingError
        If an option is unknown or its value is not valid; nothing is changed then.
    DominoTypeError
        If an option is given by position (``set_options("1e-3")``): name it.

    Notes
    -----
    ``set_options(...)`` alone changes the options for the session, in every
    thread -- unless it is called inside a ``with`` block, whose end undoes it.
    As a ``with`` block it changes them for the code inside the block in this
    thread (or asyncio task) only, and the block's end restores what this thread
    saw: overlapping blocks in two threads do not disturb each other, and leave
    the session's options as they were (a context variable).

    See Also
    --------
    get_options

    Examples
    --------
    >>> import dominotiling as dt
    >>> old = dt.get_options()["memory_limit"]
    >>> with dt.set_options(memory_limit=2**30):
    ...     dt.get_options()["memory_limit"] == 2**30
    True
    >>> dt.get_options()["memory_limit"] == old
    True
    """

    def __init__(self, *args, **options):
        if args:
            raise DominoTypeError(
                f"set_options takes its options by name, got {len(args)} positional argument(s) "
                f"{', '.join(repr(a)[:40] for a in args)}: write set_options(memory_limit=...)"
            )
        new = {}
        for key, value in options.items():
            if key not in _OPTIONS:
                raise DominoTilingError(
                    f"unknown option {key!r}; the options are {sorted(_OPTIONS)}"
                )
            new[key] = _parse_bytes(value, key)
        self._new = new
        self._token = None
        current = _OVERRIDES.get()
        if current is not None:  # inside a with block of this thread: undone at the block's end
            self._token = _OVERRIDES.set({**current, **new})
            return
        with _LOCK:  # for the session, until __enter__ makes it this thread's block
            self._old = dict(_OPTIONS)
            _OPTIONS.update(new)

    def __enter__(self):
        if self._token is not None:  # nested in a block: already this context's
            return self
        with (
            _LOCK
        ):  # a block: the session's options back as they were, the new ones for this context
            if all(_OPTIONS.get(k) == v for k, v in self._new.items()):
                for k in self._new:
                    _OPTIONS[k] = self._old[k]
        current = _OVERRIDES.get() or {}
        self._token = _OVERRIDES.set({**current, **self._new})
        return self

    def __exit__(self, *exc):
        if self._token is not None:
            _OVERRIDES.reset(self._token)
            self._token = None
        return False

    def __repr__(self):
        return f"set_options({', '.join(f'{k}={v!r}' for k, v in get_options().items())})"


def get_options():
    """A copy of the current options (``{"memory_limit": bytes}``): this thread's ``with`` block's, else the session's.

    Returns
    -------
    dict
        ``{"memory_limit": bytes}``; changing it changes nothing (use :func:`set_options`).

    See Also
    --------
    set_options

    Examples
    --------
    >>> sorted(get_options())
    ['memory_limit']
    """
    return {key: _current(key) for key in _OPTIONS}


def _current(key):
    value = (_OVERRIDES.get() or {}).get(key, _OPTIONS[key])
    if isinstance(value, DominoTilingError):  # a bad DOMINOTILING_MEMORY_LIMIT, raised when needed
        raise DominoTilingError(str(value))
    return value


def memory_limit():
    """The current memory budget in bytes."""
    return _current("memory_limit")


def format_bytes(n):
    """A byte count for people: ``'1.5 GiB'``; any size, however large (no overflow).

    Examples
    --------
    >>> format_bytes(3 * 2**29), format_bytes(512), format_bytes(10**300), format_bytes(2**4099)
    ('1.5 GiB', '512 B', '8.7e+281 EiB', 'about 2**4099 B')
    """
    n = int(n)
    units = ("B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")
    k = 0
    big = n
    while k < len(units) - 1 and big >= 1024:
        big //= 1024
        k += 1
    if k == 0:
        return f"{n} B"
    if n.bit_length() >= 1000:  # beyond a float: the power of two, exactly
        return f"about 2**{n.bit_length() - 1} B"
    value = n / 1024**k
    if value >= 1e6:
        return f"{value:.1e} {units[k]}"
    return f"{value:.1f} {units[k]}"


def check_memory(nbytes, what, alternative=None):
    """Refuse a job whose tables would take more than the memory budget.

    Parameters
    ----------
    nbytes : int or float
        The estimate, made from the input's size alone (before allocating).
        Python ints of any size are fine.
    what : str
        What would be allocated, e.g. ``"the profile DP's tables of a 30-wide region"``.
    alternative : str, optional
        What would serve instead, e.g. ``"count_tilings(region, method='kasteleyn')"``.

    Returns
    -------
    int
        ``nbytes`` as an int, when it fits.

    Raises
    ------
    TooLargeError
        With the size, the budget and the alternative.

    Examples
    --------
    >>> check_memory(1000, "a small table")
    1000
    >>> check_memory(10**20, "a huge table", "a smaller region")
    Traceback (most recent call last):
    ...
    dominotiling.errors.TooLargeError: a huge table would take 86.7 EiB, over the memory budget of 4.0 GiB; use a smaller region, or raise the budget with dominotiling.set_options(memory_limit=...)
    """
    if isinstance(nbytes, float):
        nbytes = math.inf if not math.isfinite(nbytes) else int(math.ceil(nbytes))
    limit = memory_limit()
    if nbytes > limit:
        size = "more than can be counted" if nbytes == math.inf else format_bytes(nbytes)
        alt = f"use {alternative}, or " if alternative else ""
        raise TooLargeError(
            f"{what} would take {size}, over the memory budget of {format_bytes(limit)}; "
            f"{alt}raise the budget with dominotiling.set_options(memory_limit=...)"
        )
    return int(nbytes)


def deprecated_limits(module, *names):
    """A module ``__getattr__`` that keeps old ``MEMORY_LIMIT``-style constants readable.

    Reading one warns (``DeprecationWarning``) and returns the current budget;
    the budget itself is set with :class:`set_options`.
    """

    def __getattr__(name):
        if name in names:
            import warnings

            warnings.warn(
                f"{module}.{name} is replaced by the one memory budget: read it with "
                "dominotiling.get_options()['memory_limit'], set it with "
                "dominotiling.set_options(memory_limit=...)",
                DeprecationWarning,
                stacklevel=2,
            )
            return memory_limit()
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__


def check_seconds(seconds, what, alternative):
    """Refuse a job that its cost model expects to run longer than :data:`MAX_SECONDS`.

    Raises
    ------
    TooLargeError
        With the estimate, the limit and `alternative`.

    Examples
    --------
    >>> check_seconds(12.0, "a short job", "a smaller order")
    >>> check_seconds(5e4, "a long job", "a smaller order")
    Traceback (most recent call last):
    ...
    dominotiling.errors.TooLargeError: a long job would take about 5e+04 s (14 hours) by its measured cost; the limit is 600 s (about ten minutes): use a smaller order
    """
    if seconds <= MAX_SECONDS:
        return
    if seconds >= 86400:
        human = f" ({seconds / 86400:.2g} days)"
    elif seconds >= 3600:
        human = f" ({seconds / 3600:.2g} hours)"
    else:
        human = f" ({seconds / 60:.2g} minutes)"
    raise TooLargeError(
        f"{what} would take about {seconds:.2g} s{human} by its measured cost; the limit "
        f"is {MAX_SECONDS:.0f} s (about ten minutes): use {alternative}"
    )
