"""Domino bones and full sets: :class:`Bone` (unordered: ``Bone(5, 2)`` is ``Bone(2, 5)``, printed
``2-5``) and :func:`double_set`."""

from functools import total_ordering
from numbers import Integral

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError

__all__ = ["Bone", "double_set", "as_bone", "as_bones", "as_pair", "as_pairs", "MAX_SET_PIP"]

#: The largest set :func:`double_set` makes: double-100 (5151 bones; games go to double-18).
MAX_SET_PIP = 100
_INTERNED = {}  # each bone is made once: identity is the engine's cheapest comparison
_EXAMPLE = "write for example Bone(2, 5)"


@total_ordering
class Bone:
    """One domino bone (tile) with two pip values.

    Parameters
    ----------
    a, b : int
        The pip values of the two halves, in any order; non-negative integers.

    Attributes
    ----------
    low, high, pips : int
        The smaller and the larger value, and ``low + high``.
    is_double : bool
        True when both halves show the same value.

    See Also
    --------
    double_set, Line, Game

    Notes
    -----
    Bones are immutable and hashable; equal bones are the same object.  They sort by ``(low,
    high)``.  ``v in bone`` tells whether one half shows ``v``.

    Examples
    --------
    >>> b = Bone(6, 4)
    >>> b.low, b.high, b.pips, b.is_double, 6 in b, b.other(6)
    (4, 6, 10, False, True, 4)
    >>> sorted([Bone(6, 6), Bone(0, 3), Bone(1, 1)])
    [Bone(0, 3), Bone(1, 1), Bone(6, 6)]
    """

    __slots__ = ("low", "high", "pips", "is_double", "_hash", "__weakref__")

    def __new__(cls, a, b):
        found = _INTERNED.get((a, b)) if type(a) is int and type(b) is int else None
        if found is not None:
            return found
        for value in (a, b):
            if isinstance(value, bool) or not isinstance(value, Integral):
                msg = f"a bone's values must be integers, got {value!r}; {_EXAMPLE}"
                raise DominoTypeError(msg)
            if value < 0:
                msg = f"a bone's values must be 0 or more, got {value}; {_EXAMPLE}"
                raise DominoTilingError(msg)
        low, high = sorted((int(a), int(b)))
        found = _INTERNED.get((low, high))
        if found is None:
            found = object.__new__(cls)
            for name, value in zip(cls.__slots__, (low, high, low + high, low == high)):
                object.__setattr__(found, name, value)
            object.__setattr__(found, "_hash", hash((low, high)))
            _INTERNED[(low, high)] = _INTERNED[(high, low)] = found
        return found

    def __setattr__(self, name, value):
        raise AttributeError("a Bone is immutable; create a new one instead")

    __reduce__ = lambda self: (Bone, (self.low, self.high))  # noqa: E731
    __copy__ = __deepcopy__ = lambda self, *memo: self  # noqa: E731 -- bones are unique
    __hash__ = lambda self: self._hash  # noqa: E731
    __eq__ = lambda self, other: self is other if isinstance(other, Bone) else NotImplemented  # noqa: E731

    def __lt__(self, other):
        if not isinstance(other, Bone):
            return NotImplemented
        return (self.low, self.high) < (other.low, other.high)

    __contains__ = lambda self, value: value == self.low or value == self.high  # noqa: E731
    __iter__ = lambda self: iter((self.low, self.high))  # noqa: E731
    __repr__ = lambda self: f"Bone({self.low}, {self.high})"  # noqa: E731
    __str__ = lambda self: f"{self.low}-{self.high}"  # noqa: E731

    def other(self, value):
        """The value of the half opposite to a half showing ``value`` (``value`` itself for a
        double; an error if neither half shows it)."""
        if type(value) is not int:
            value = _validate.integer(value, "value")
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise DominoTilingError(f"bone {self} has no half showing {value}")


def double_set(n=6):
    """Return the complete double-``n`` domino set.

    Parameters
    ----------
    n : int, optional
        The largest pip value (6, the usual double-six set).

    Returns
    -------
    list of Bone
        The ``(n + 1) * (n + 2) / 2`` bones, sorted (``n`` at most :data:`MAX_SET_PIP`).

    See Also
    --------
    Bone, Game

    Examples
    --------
    >>> [str(b) for b in double_set(1)]
    ['0-0', '0-1', '1-1']
    """
    n = _validate.nonnegative_int(n, "double_set's n (the largest pip value)", maximum=MAX_SET_PIP)
    return [Bone(a, b) for a in range(n + 1) for b in range(a, n + 1)]


def as_bone(value, name):
    """``value`` if it is a :class:`Bone`; a DominoTypeError naming ``name`` otherwise."""
    return value if type(value) is Bone else _validate.instance(value, name, Bone, _EXAMPLE)


def as_bones(value, name):
    """``value`` (an iterable of :class:`Bone`, not a string or an array) as a list; else a
    DominoTypeError naming ``name``."""
    if type(value) is list and all(type(b) is Bone for b in value):  # the engine's hands: no copy
        return value
    hint = "write for example [Bone(2, 5), Bone(6, 6)]"
    wrong = f"{name} must be a list of Bone objects, got {type(value).__name__}; {hint}"
    if isinstance(value, (str, bytes, dict, Bone)) or type(value).__module__ == "numpy":
        raise DominoTypeError(wrong)
    try:
        items = list(value)
    except TypeError:
        raise DominoTypeError(wrong) from None
    for i, bone in enumerate(items):
        if not isinstance(bone, Bone):
            raise DominoTypeError(f"{name}[{i}] must be a Bone, got {type(bone).__name__}; {hint}")
    return items


def as_pair(value, name):
    """``(a, b)``: the pips of a :class:`Bone`, or a pair of non-negative ints as given."""
    if isinstance(value, Bone):
        return value.low, value.high
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        what = type(value).__name__
        msg = f"{name} must be a Bone or a pair of values such as (2, 5), got {what}"
        raise DominoTypeError(msg)
    return tuple(_validate.nonnegative_int(v, f"{name} value") for v in value)


def as_pairs(value, name, also=""):
    """``value``, an iterable of Bone or of pairs (:func:`as_pair`), as a list of pairs."""
    if isinstance(value, (str, bytes, Bone)) or not hasattr(value, "__iter__"):
        what = type(value).__name__
        msg = f"{name} must be a list of Bone or of pairs such as (2, 5){also}, got {what}"
        raise DominoTypeError(msg)
    return [as_pair(item, f"{name}[{k}]") for k, item in enumerate(value)]
