"""The exception hierarchy of dominotiling.

Every error the library raises on purpose derives from :class:`DominoTilingError`,
which is a :class:`ValueError`, so ``except ValueError`` keeps working for callers
that do not know this package. An argument of the wrong *type* raises
:class:`DominoTypeError`, which is also a :class:`TypeError`, so both catch styles
work. Messages say what was wrong and what to do.

A region with no tiling is not an error: its count is 0 and its log-count ``-inf``.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.errors import DominoTilingError
>>> try:
...     Region.rectangle(0, 3)
... except DominoTilingError as err:
...     print(err)
rows must be a positive integer, got 0
"""

__all__ = [
    "DominoTilingError",
    "DominoTypeError",
    "RegionFormatError",
    "TooLargeError",
    "NotPlanarError",
    "NoTilingError",
    "PrecisionError",
    "WeightError",
    "FloatRangeError",
    "FileError",
    "Cancelled",
    "RegionChangedWarning",
    "ExactFallbackWarning",
]


class DominoTilingError(ValueError):
    """Base class of every error raised by dominotiling on purpose."""


class DominoTypeError(DominoTilingError, TypeError):
    """An argument has the wrong type (also a :class:`TypeError`)."""


class RegionFormatError(DominoTilingError):
    """A region could not be built from the given description (strings, mask, cells)."""


class TooLargeError(DominoTilingError):
    """A computation would not fit in the memory budget (or its time limits).

    Raised before anything large is allocated; the message names the size, the
    budget (:func:`dominotiling.set_options`) and an alternative.
    """


class NotPlanarError(DominoTilingError):
    """A graph that must be planar is not."""


class PrecisionError(DominoTilingError):
    """A floating-point result could not be certified to the precision its function states.

    Raised instead of returning a number that may be wrong: the float route's run-time
    check (a second factorisation, a residual bound) failed, typically because the
    matrix is too ill-conditioned for double precision (Kasteleyn matrices of
    Aztec diamonds beyond order ~45). The message names the exact alternative.
    """


class FloatRangeError(PrecisionError, TooLargeError):
    """A float result lies outside the normal range of float64 (about ``exp(-708.4)`` to ``exp(709.8)``).

    Raised instead of returning ``0.0``, ``inf`` or ``nan``: a ``0.0`` would read as
    "no tiling". It is both a :class:`PrecisionError` and a :class:`TooLargeError`,
    so either catch style works; the message gives the logarithm and the function
    that returns it (``log_count``, ``log=True``) or the exact route.
    """


class WeightError(DominoTilingError):
    """Domino weights are invalid or do not fit the region.

    A weight that is negative, NaN or infinite (the message names the placement:
    row, column, orientation, and the value), weights whose shape is not the
    region's, or a Fraction whose denominator has no inverse modulo the modulus asked for.
    A weight of the wrong *type* (complex, text, symbolic where a number is needed)
    raises :class:`DominoTypeError` instead.
    """


class NoTilingError(DominoTilingError):
    """A tiling was asked for (a sample, a minimal tiling, ...) but the region has none.

    Counting functions never raise it: they return 0 (or ``-inf`` for a logarithm).
    """


class FileError(DominoTilingError):
    """A file could not be written (or read): the message names the path and the reason.

    Raised instead of the operating system's ``OSError`` (no such folder, no
    permission, disk full) and for paths that are not regular files: the library
    never writes into, or reads from, a named pipe (FIFO), a device or a socket,
    which could block for ever or never end. Reading a document or a picture that
    cannot be had raises :class:`RegionFormatError` as before.
    """


class Cancelled(DominoTilingError):
    """A long computation was called off by its caller before it ended; nothing was changed.

    Raised inside a thread whose computation runs under
    :func:`dominotiling._interrupt.cancel_scope` once that scope's flag is set (the
    drawing canvas sets it when the drawing changes or its stop button is pressed),
    at the next slice of a long kernel or between two primes: within about
    ``SLICE_SECONDS``, never half-way through a result. A caller that did not ask for
    a cancellation never sees it.
    """


class RegionChangedWarning(UserWarning):
    """A constructor changed the region it was asked to build, as it was told to.

    ``Region.from_image(..., tileable="trim")`` and ``Region.from_strings(...,
    tileable="trim")`` make the region tileable and say what they changed with
    this warning (:meth:`Region.make_tileable <dominotiling.model.region.Region.make_tileable>`
    returns the same report as an object instead).
    """


class ExactFallbackWarning(UserWarning):
    """A float function answered from the exact count, because its float route could not certify.

    ``log_count`` of a region with large frozen parts (an Aztec diamond taken as a
    region): the logarithm of the exact count, which is better than the promise;
    the warning says that it cost an exact count's time.
    """
