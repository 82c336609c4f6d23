"""Frames: the pictures of an algorithm at work, as plain data.

Every ``*_frames()`` function of the library returns a list of :class:`Frame`
objects, and :func:`dominotiling.viz.animate.animate` draws any such list. A
frame says *what* to show, in cells ``(row, col)`` of one board, never *how*:
the model modules build frames, and only :mod:`dominotiling.viz` draws them (the
model never imports the pictures).

What a frame shows, and how :mod:`dominotiling.viz.animate` draws it:

==============  =======================================================================
``tiling``      a (partial) tiling: its dominoes, uncovered cells pale (an empty board)
``region``      the board; drawn as checkerboard cells when there is no ``tiling``
``colors``      one colour id per domino of ``tiling`` (palette colours), ``-1`` grey
``highlight``   ``(k, 2)`` cells shaded red: where to look
``line``        ``(k, 2)`` cells joined through their centres: a path or a walk
``edges``       ``(k, 2, 2)`` pairs of cells joined centre to centre: a tree
``points``      ``(k, 2)`` positions ``(row, col)`` in cells, ringed: what changed
``before``      the tiling before this step: shown first, the line thick, then ``tiling``
``title``       the caption
==============  =======================================================================

The algorithms' own frames are subclasses that keep their own fields as well:
:class:`~dominotiling.matching.matchings.KuhnFrame` (``kuhn_frames``),
:class:`~dominotiling.matching.color.ColoringFrame` (``color_frames``),
:class:`~dominotiling.trees.wilson.WilsonFrame` (``wilson_frames``); the shuffling and
Glauber frames (``shuffle_frames``, ``glauber_frames``) are plain frames of a tiling.

Examples
--------
>>> from dominotiling import Region, find_tiling
>>> from dominotiling.model.frames import Frame
>>> t = find_tiling(Region.rectangle(2, 3))
>>> f = Frame(t, highlight=[(0, 0), (1, 0)], title="the first column")
>>> f.region == t.region, f.highlight.tolist(), f.title
(True, [[0, 0], [1, 0]], 'the first column')
"""

from __future__ import annotations

import warnings

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError

__all__ = ["Frame"]


def _readonly(arr):
    view = arr.view()
    view.setflags(write=False)
    return view


def _cells(value, name, *, ndim=2, kinds="iu"):
    """``value`` as a read-only array of cells: shape ``(k, 2)`` (or ``(k, 2, 2)`` for edges)."""
    if value is None:
        return _readonly(np.zeros((0,) + (2,) * (ndim - 1), dtype=np.int64))
    arr = np.asarray(value)
    if arr.size == 0:
        return _readonly(
            np.zeros((0,) + (2,) * (ndim - 1), dtype=np.int64 if "f" not in kinds else float)
        )
    arr = _validate.array(arr, name, kinds=kinds)
    if arr.ndim != ndim or arr.shape[1:] != (2,) * (ndim - 1):
        want = "(k, 2)" if ndim == 2 else "(k, 2, 2)"
        raise DominoTilingError(
            f"{name} must have shape {want} (cells as (row, col)), got shape {arr.shape}"
        )
    return _readonly(arr)


class Frame:
    """One picture of an algorithm at work (see the module docstring for the fields).

    Parameters
    ----------
    tiling : Tiling, optional
        The (partial) tiling shown.
    region : Region, optional
        The board; ``tiling.region`` by default. A frame needs one of the two.
    before : Tiling, optional
        The tiling before this step, on the same region.
    colors : array_like of int, optional
        One colour id per domino of `tiling` (``-1``: not coloured yet).
    highlight, line : array_like, shape (k, 2), optional
        Cells ``(row, col)``.
    edges : array_like, shape (k, 2, 2), optional
        Pairs of cells.
    points : array_like, shape (k, 2), optional
        Positions in cell units (floats allowed: a domino's centre is the mean of
        its two cells).
    title : str
        The caption.

    Raises
    ------
    DominoTypeError
        If `tiling`, `before` or `region` is of the wrong type, or `title` is not a str.
    DominoTilingError
        If there is neither a tiling nor a region, the arrays have the wrong
        shapes, or `before`/`region` do not match `tiling`.

    See Also
    --------
    dominotiling.viz.animate.animate, kuhn_frames, shuffle_frames

    Notes
    -----
    Frames are read-only: their arrays are read-only views (no copy), so frames
    of one run may share them.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> f = Frame(find_tiling(Region.rectangle(2, 2)), highlight=[(0, 0)], title="one cell")
    >>> f.title, f.highlight.tolist()
    ('one cell', [[0, 0]])
    """

    __slots__ = (
        "_tiling",
        "_region",
        "_before",
        "_colors",
        "_highlight",
        "_line",
        "_edges",
        "_points",
        "_title",
    )

    def __init__(
        self,
        tiling=None,
        *,
        region=None,
        before=None,
        colors=None,
        highlight=None,
        line=None,
        edges=None,
        points=None,
        title="",
    ):
        if tiling is not None:
            _validate.tiling(tiling)
        if region is not None:
            _validate.region(region)
        if tiling is not None and region is not None and region != tiling.region:
            raise DominoTilingError("region must be the tiling's region (or left out)")
        if tiling is None and region is None and type(self) is Frame:
            raise DominoTilingError("a frame needs a tiling or a region to show")
        if before is not None:
            _validate.tiling(before, "before")
            board = tiling.region if tiling is not None else region
            if board is not None and before.region != board:
                raise DominoTilingError("before must be a tiling of the same region as the frame")
        if not isinstance(title, str):
            raise DominoTypeError(f"title must be a str, got {type(title).__name__}")
        if colors is not None:
            if tiling is None:
                raise DominoTilingError("colors are one per domino: they need a tiling")
            colors = _readonly(
                _validate.array(colors, "colors", ndim=1, kinds="iu", shape=(tiling.n_dominoes,))
            )
        set_ = object.__setattr__
        set_(self, "_tiling", tiling)
        set_(self, "_region", region if region is not None or tiling is None else tiling.region)
        set_(self, "_before", before)
        set_(self, "_colors", colors)
        set_(self, "_highlight", _cells(highlight, "highlight"))
        set_(self, "_line", _cells(line, "line"))
        set_(self, "_edges", _cells(edges, "edges", ndim=3))
        set_(self, "_points", _cells(points, "points", kinds="iuf"))
        set_(self, "_title", title)

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __setstate__(self, state):
        # pickle and copy: (None, {slot: value}) from the default __getstate__; arrays stay read-only
        slots = state[1] if isinstance(state, tuple) else state
        for name, value in (slots or {}).items():
            if isinstance(value, np.ndarray) and value.flags.writeable and name != "_parent":
                value = _readonly(value)
            object.__setattr__(self, name, value)

    tiling = property(lambda self: self._tiling, doc="The tiling shown, or None.")
    region = property(lambda self: self._region, doc="The board (the tiling's region by default).")
    before = property(lambda self: self._before, doc="The tiling before this step, or None.")
    colors = property(lambda self: self._colors, doc="One colour id per domino, or None.")
    highlight = property(lambda self: self._highlight, doc="``(k, 2)`` cells shaded red.")
    line = property(lambda self: self._line, doc="``(k, 2)`` cells joined through their centres.")
    edges = property(lambda self: self._edges, doc="``(k, 2, 2)`` pairs of cells joined.")
    points = property(lambda self: self._points, doc="``(k, 2)`` positions ringed.")
    title = property(lambda self: self._title, doc="The caption.")

    @classmethod
    def of(cls, obj):
        """`obj` as a frame: a Frame as is, a Tiling or a Region as a frame showing it.

        Examples
        --------
        >>> from dominotiling import Region
        >>> Frame.of(Region.rectangle(2, 2)).tiling is None
        True
        """
        from .region import Region
        from .tiling import Tiling

        if isinstance(obj, Frame):
            return obj
        if isinstance(obj, Tiling):
            return cls(obj)
        if isinstance(obj, Region):
            return cls(region=obj)
        raise DominoTypeError(
            f"a frame must be a Frame, a Tiling or a Region, got {type(obj).__name__}"
        )

    def __repr__(self):
        if self.tiling is not None:
            k = self.tiling.n_dominoes
            what = f"a tiling with {k} domino{'' if k == 1 else 'es'}"
        elif self.region is not None:
            what = f"a region of {self.region.n_cells} cells"
        else:
            what = "nothing"
        title = f", {self.title!r}" if self.title else ""
        name = next(c.__name__ for c in type(self).__mro__ if not c.__name__.startswith("_"))
        return f"<{name}: {what}{title}>"


class TupleFrame(Frame):
    """A frame that was a NamedTuple: unpacking and indexing still work, with a warning."""

    __slots__ = ()
    _fields = ()

    def _as_tuple(self):
        warnings.warn(
            f"{type(self).__name__} is no longer a tuple; read its fields by name "
            f"({', '.join(self._fields)})",
            DeprecationWarning,
            stacklevel=3,
        )
        return tuple(getattr(self, name) for name in self._fields)

    def __iter__(self):
        return iter(self._as_tuple())

    def __getitem__(self, index):
        return self._as_tuple()[index]


class TilingFrame(Frame):
    """A frame of a tiling where a list of Tilings used to be returned (``shuffle_frames``).

    Reading an attribute of the tiling on the frame (``frame.labels``) still
    works, with a ``DeprecationWarning``: read it on ``frame.tiling``.
    """

    __slots__ = ()

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        tiling = self.tiling
        if tiling is not None and hasattr(type(tiling), name):
            warnings.warn(
                f"frames are Frame objects now, not Tilings: use frame.tiling.{name}",
                DeprecationWarning,
                stacklevel=2,
            )
            return getattr(tiling, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
