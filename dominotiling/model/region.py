"""Regions: which cells of the square grid are there to be tiled.

A :class:`Region` wraps a read-only 2-D boolean array ``mask``; ``True`` marks a
cell of the region. Coordinates are ``(row, col)`` with row 0 on top, as in the
strings of the source article, and a cell is *black* when ``(row + col) % 2 == 0``.

Examples
--------
>>> from dominotiling import Region
>>> board = Region.rectangle(8, 8)
>>> board.n_cells, board.is_balanced
(64, True)
>>> mutilated = Region.from_strings(["#.......", "........", "........", "........",
...                                  "........", "........", "........", ".......#"])
>>> mutilated.color_counts()
(30, 32)
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import frozen
from ..errors import RegionFormatError

__all__ = ["Region", "check_region"]

_FREE, _BLOCKED = ".", "#"


def check_region(region, periodic_ok=False):
    """Raise a :class:`~dominotiling.errors.DominoTypeError` unless `region` is a :class:`Region`.

    A torus or cylinder (``region.periodic`` not ``(False, False)``) is refused
    with a :class:`~dominotiling.errors.DominoTilingError` unless `periodic_ok`.
    """
    _validate.region(region, periodic_ok=periodic_ok)


def _mask_bytes(rows, cols, what):
    """Refuse a mask of ``rows x cols`` cells over the memory budget (the mask and its frozen copy)."""
    check_memory(
        2 * int(rows) * int(cols),
        f"the {rows} x {cols} mask of {what}",
        "a smaller region",
    )


def label_components(mask):
    """Label the 4-connected components of a boolean array (scipy.ndimage)."""
    from scipy import ndimage

    return ndimage.label(mask)


class Region:
    """A finite set of cells of the square grid.

    Parameters
    ----------
    mask : array_like of bool, 2-D
        ``mask[r, c]`` is True when cell ``(r, c)`` belongs to the region. The
        array is copied and made read-only; a Region never changes.
    periodic : (bool, bool), default (False, False)
        Whether the grid wraps around *vertically* (the bottom row is glued to
        the top row) and *horizontally* (the last column is glued to the first):
        ``(True, True)`` is a torus, ``(False, True)`` a cylinder with a
        left-right seam (see :meth:`torus`, :meth:`cylinder`). A wrap adds the
        placements across its seam when the wrapped side is at least 2 cells
        long. On a side of 2 the cells on either side of the seam are already
        neighbours, and the wrap is a *second, distinct placement* of a domino on
        the same two cells: the graph is the multigraph of Kasteleyn's torus
        formula and of OEIS A335586 (the 2 x 2 torus has 8 tilings, the 4 x 2
        torus 36). A :class:`Tiling` records which cells a domino covers, so it
        does not say which of the two placements a domino on such a pair is:
        samplers draw by the multigraph's law (such a domino counts twice). On a
        side of 1 a cell would meet itself: that wrap adds nothing.

    Raises
    ------
    RegionFormatError
        If `mask` is not two-dimensional or holds values other than 0/1/True/False.
    TooLargeError
        If the mask would not fit in the memory budget (``set_options``).
    DominoTypeError
        If `periodic` is not a pair of booleans.

    See Also
    --------
    Region.from_strings, Region.rectangle, Region.aztec_diamond, Region.from_cells,
    Region.torus, Region.cylinder

    Notes
    -----
    Empty rows and columns are kept: the mask's shape is part of the region's
    identity (it fixes the coordinates). A region need not be connected.
    On a torus or cylinder with an odd glued side the checkerboard colouring
    does not match across the seam: the grid graph is not bipartite, and
    :meth:`color_counts` says nothing about tilings there.

    Examples
    --------
    >>> import numpy as np
    >>> r = Region(np.array([[1, 1, 0], [1, 1, 1]], dtype=bool))
    >>> r.shape, r.n_cells
    ((2, 3), 5)
    >>> print("\\n".join(r.to_strings()))
    ..#
    ...
    """

    _model_kind = "Region"  # how the ground floor's checks recognise a Region (duck typing)

    __slots__ = ("_mask", "_hash", "_periodic")

    def __init__(self, mask, periodic=(False, False)):
        try:
            arr = np.asarray(mask)
        except (ValueError, TypeError):  # ragged nested lists
            raise RegionFormatError(
                "a region mask must be a rectangular 2-D array of booleans; rows of different "
                "lengths were given -- pad them with False (or use Region.from_strings)"
            ) from None
        if arr.ndim != 2:
            raise RegionFormatError(
                f"a region mask must be a 2-D array, got {arr.ndim} dimension(s) "
                f"(shape {arr.shape}); pass a list of rows, e.g. [[1, 1], [1, 0]]"
            )
        if arr.dtype != bool:
            if arr.dtype.kind not in "biu" or (arr.size and not np.isin(arr, (0, 1)).all()):
                raise RegionFormatError(
                    f"a region mask must hold booleans (or 0/1), got dtype {arr.dtype}; "
                    "use Region.from_strings for text such as ['..#', '...']"
                )
        periodic = _periodic_pair(periodic)
        _mask_bytes(*arr.shape, "a region")
        self._mask = frozen(np.array(arr, dtype=bool, copy=True))
        self._hash = None
        self._periodic = periodic

    @classmethod
    def _adopt(cls, mask):
        """Wrap a fresh bool array that nothing else refers to, without copying it (it is frozen for good)."""
        region = object.__new__(cls)
        region._mask = frozen(mask)
        region._hash = None
        region._periodic = (False, False)
        return region

    def __reduce__(self):
        # Pickle the cells (and the wraps) only: the hash is recomputed in the receiving
        # interpreter (string hashing is salted per process) and the mask frozen again.
        if self._periodic == (False, False):
            return (Region, (np.array(self._mask),))
        return (Region, (np.array(self._mask), self._periodic))

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_mask(cls, mask):
        """Region from a 2-D boolean array (copied).

        Examples
        --------
        >>> Region.from_mask([[True, False], [True, True]]).n_cells
        3
        """
        return cls(mask)

    @classmethod
    def from_strings(cls, lines, *, tileable=None):
        """Region from the source article's text format.

        Parameters
        ----------
        lines : str or sequence of str
            One string per row, ``'.'`` a cell of the region, ``'#'`` a blocked
            cell. A single string is split into lines; blank lines at either end
            and trailing ``'\\r'`` are ignored.
        tileable : {None, "trim", "double"}, keyword-only
            None: the region as drawn. A rule of :meth:`make_tileable`: the region
            made tileable by it (``"trim"`` removes the fewest boundary cells,
            ``"double"`` makes each cell a 2x2 block); a
            :class:`~dominotiling.errors.RegionChangedWarning` says what changed.

        Raises
        ------
        RegionFormatError
            If the rows are ragged, a character is neither ``'.'`` nor ``'#'``,
            a row is not a string, or there is no cell at all. The message names
            the line and column (both counted from 1).

        Examples
        --------
        >>> r = Region.from_strings(["..#", "..."])
        >>> r.n_cells
        5
        >>> Region.from_strings(["..", "."])
        Traceback (most recent call last):
        ...
        dominotiling.errors.RegionFormatError: line 2 has 1 character(s) but line 1 has 2: every line must have the same length (use '#' for cells that are not part of the region)
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     r = Region.from_strings(["...", "..."], tileable="trim")
        >>> print(caught[0].message)
        Region.from_strings: tileable already (rule 'trim'): 6 cells, nothing changed
        """
        from .serialize import mask_from_text

        region = cls._adopt(mask_from_text(lines))  # a fresh array: no second copy
        return region._made_tileable(tileable, "Region.from_strings")

    @classmethod
    def rectangle(cls, rows, cols):
        """The full ``rows`` x ``cols`` board.

        Raises
        ------
        RegionFormatError
            If a side is not a positive integer.

        Examples
        --------
        >>> Region.rectangle(2, 3).n_cells
        6
        """
        return cls._full(rows, cols, "a rectangle", (False, False))

    @classmethod
    def _full(cls, rows, cols, what, periodic):
        """Every cell of a ``rows`` x ``cols`` grid, sides checked and the mask's size too."""
        rows, cols = _positive_int(rows, "rows"), _positive_int(cols, "cols")
        _mask_bytes(rows, cols, what)
        return cls(np.ones((rows, cols), dtype=bool), periodic=periodic)

    @classmethod
    def torus(cls, rows, cols):
        """The ``rows`` x ``cols`` torus: the rectangle with both pairs of opposite sides glued.

        Cell ``(r, cols - 1)`` neighbours ``(r, 0)`` and ``(rows - 1, c)``
        neighbours ``(0, c)``; on a side of 2 cells the wrap is a second, distinct
        placement on two cells already next to each other (Kasteleyn's torus
        formula, OEIS A335586: the 2 x 2 torus has 8 tilings; see :class:`Region`).
        Counted by :func:`~dominotiling.count_tilings` (Kasteleyn's four
        determinants), sampled by :func:`~dominotiling.random_tiling` and drawn
        with its seams marked; see :mod:`dominotiling.surfaces.periodic`.

        Raises
        ------
        RegionFormatError
            If a side is not a positive integer.

        Examples
        --------
        >>> t = Region.torus(4, 4)
        >>> t.periodic, t.n_cells
        ((True, True), 16)
        >>> t
        Region.torus(4, 4)
        """
        return cls._full(rows, cols, "a torus", (True, True))

    @classmethod
    def cylinder(cls, rows, cols):
        """The ``rows`` x ``cols`` cylinder with a left-right seam: column ``cols - 1`` glued to column 0.

        The horizontal direction wraps around (cell ``(r, cols - 1)`` neighbours
        ``(r, 0)``; when ``cols == 2`` that is a second placement on the pair, so
        the 2 x 2 cylinder has 5 tilings), the top and bottom rows are free
        boundaries: ``periodic == (False, True)``. For a top-bottom seam use
        ``Region.cylinder(cols, rows).transpose()``.

        Raises
        ------
        RegionFormatError
            If a side is not a positive integer.

        Examples
        --------
        >>> c = Region.cylinder(2, 4)
        >>> c.periodic
        (False, True)
        >>> c.transpose().periodic
        (True, False)
        """
        return cls._full(rows, cols, "a cylinder", (False, True))

    @classmethod
    def aztec_diamond(cls, n):
        """The Aztec diamond of order `n`: cells whose centres satisfy ``|x| + |y| <= n``.

        The mask has shape ``(2n, 2n)`` and ``2n(n+1)`` cells; the region has
        ``2**(n(n+1)/2)`` tilings (Elkies, Kuperberg, Larsen, Propp 1992).

        Examples
        --------
        >>> print("\\n".join(Region.aztec_diamond(2).to_strings()))
        #..#
        ....
        ....
        #..#
        """
        n = _positive_int(n, "n")
        _mask_bytes(2 * n, 2 * n, f"the Aztec diamond of order {n}")
        # doubled coordinates of the cell centres: |2x| + |2y| <= 2n, odd integers
        d = np.abs(2 * np.arange(2 * n, dtype=np.int64) - (2 * n - 1))
        mask = np.empty((2 * n, 2 * n), dtype=bool)
        np.less_equal(d[None, :], (2 * n - d)[:, None], out=mask)  # no temporaries
        return cls(mask)

    @classmethod
    def from_cells(cls, cells, shape=None):
        """Region from an iterable of ``(row, col)`` pairs.

        Parameters
        ----------
        cells : iterable of (int, int)
            Non-negative coordinates; duplicates are allowed.
        shape : (int, int), optional
            Shape of the mask; by default the smallest that holds every cell.

        Examples
        --------
        >>> Region.from_cells([(0, 0), (0, 1), (2, 1)]).shape
        (3, 2)
        """
        try:
            arr = np.asarray(list(cells))
        except (TypeError, ValueError):
            raise RegionFormatError(
                "cells must be an iterable of (row, col) pairs of integers, e.g. [(0, 0), (0, 1)]"
            ) from None
        if arr.size == 0:
            raise RegionFormatError("no cells given: a region needs at least one (row, col) pair")
        if arr.ndim != 2 or arr.shape[1] != 2 or arr.dtype.kind not in "iu":
            raise RegionFormatError(
                "cells must be (row, col) pairs of integers, e.g. [(0, 0), (0, 1)]"
            )
        if (arr < 0).any():
            raise RegionFormatError("cell coordinates must be non-negative (row 0 is on top)")
        need = tuple(int(v) + 1 for v in arr.max(axis=0))
        if shape is None:
            shape = need
        shape = _validate.shape(shape, "shape")
        if shape[0] < need[0] or shape[1] < need[1]:
            raise RegionFormatError(
                f"shape {shape} is too small for the cells (need at least {need})"
            )
        _mask_bytes(*shape, "the cells' bounding box")
        mask = np.zeros(shape, dtype=bool)
        mask[arr[:, 0], arr[:, 1]] = True
        return cls(mask)

    # ----------------------------------------------------------------- basic views
    @property
    def mask(self):
        """The read-only boolean array of the region's cells."""
        return self._mask

    @property
    def shape(self):
        """``(rows, cols)`` of the mask."""
        return self._mask.shape

    @property
    def periodic(self):
        """``(wraps vertically, wraps horizontally)``: ``(False, False)`` for a plane region.

        ``(True, True)`` is a torus (:meth:`torus`), ``(False, True)`` a cylinder
        with a left-right seam (:meth:`cylinder`).
        """
        return self._periodic

    @property
    def is_periodic(self):
        """True for a torus or a cylinder (some side wraps around)."""
        return self._periodic != (False, False)

    def seams(self):
        """``(vertical, horizontal)``: which wraps add placements across their seam.

        A wrap counts when its side is at least 2 cells long: on a side of 2 it is
        a second placement on two cells that are already neighbours (Kasteleyn's
        convention; see :class:`Region`); on a side of 1 it adds nothing.

        Examples
        --------
        >>> Region.torus(2, 5).seams(), Region.torus(1, 5).seams()
        ((True, True), (False, True))
        """
        rows, cols = self.shape
        return (self._periodic[0] and rows >= 2, self._periodic[1] and cols >= 2)

    @property
    def n_cells(self):
        """Number of cells in the region."""
        return int(np.count_nonzero(self._mask))

    @property
    def cells(self):
        """Array of shape ``(n_cells, 2)``: the cells in row-major order."""
        return np.argwhere(self._mask)

    def colors(self):
        """Array of the mask's shape: 0 for black cells, 1 for white (``(r + c) % 2``)."""
        rows, cols = self.shape
        return (
            np.add.outer(np.arange(rows, dtype=np.int8) % 2, np.arange(cols, dtype=np.int8) % 2) % 2
        )

    def color_counts(self):
        """``(black, white)``: how many cells of each colour the region has.

        Every domino covers one black and one white cell, so a region whose two
        numbers differ has no tiling (the checkerboard argument).

        Examples
        --------
        >>> Region.rectangle(3, 3).color_counts()
        (5, 4)
        """
        m = self._mask
        black = int(np.count_nonzero(m[0::2, 0::2])) + int(np.count_nonzero(m[1::2, 1::2]))
        return black, self.n_cells - black

    @property
    def is_balanced(self):
        """True when the region has as many black cells as white ones."""
        black, white = self.color_counts()
        return black == white

    @property
    def holes(self):
        """The holes: bounded 4-connected components of the complement.

        Returns
        -------
        tuple of Region
            One region (same shape) per hole, in row-major order of their first cell.

        Examples
        --------
        >>> ring = Region.from_strings(["...", ".#.", "..."])
        >>> [h.n_cells for h in ring.holes]
        [1]

        A torus or cylinder has no inside and outside; asking raises a
        DominoTilingError.
        """
        self._plane_only("holes")
        padded = np.pad(~self._mask, 1, constant_values=True)
        labels, count = label_components(padded)
        outside = labels[0, 0]
        inner = labels[1:-1, 1:-1]
        return tuple(
            Region(inner == k) for k in range(1, count + 1) if k != outside and (inner == k).any()
        )

    @property
    def n_components(self):
        """Number of 4-connected components of the region (across the seams of a torus or cylinder)."""
        if self.is_periodic:
            import networkx as nx

            return nx.number_connected_components(self.to_networkx())
        return int(label_components(self._mask)[1])

    @property
    def is_simply_connected(self):
        """True when the region is 4-connected and has no holes.

        Examples
        --------
        >>> Region.rectangle(3, 3).is_simply_connected
        True
        >>> Region.from_strings(["...", ".#.", "..."]).is_simply_connected
        False
        >>> Region.torus(4, 4).is_simply_connected
        False
        """
        if self.is_periodic:
            return False
        return self.n_components == 1 and not self.holes

    def degrees(self):
        """Array of the mask's shape: how many side-neighbours in the region each cell has.

        Cells outside the region get 0. (The degrees of the grid graph of
        :meth:`to_networkx`, as an array.) Neighbours, not placements: on a glued
        side of 2 cells the cell across the seam is the one already next to it,
        counted once (its two placements are one edge of multiplicity 2).

        Examples
        --------
        >>> Region.rectangle(2, 3).degrees().tolist()
        [[2, 3, 2], [2, 3, 2]]
        """
        m = self._mask.astype(np.int8)
        deg = np.zeros(self.shape, dtype=np.int8)
        deg[1:] += m[:-1]
        deg[:-1] += m[1:]
        deg[:, 1:] += m[:, :-1]
        deg[:, :-1] += m[:, 1:]
        wrap_v, wrap_h = self._new_neighbours()
        if wrap_v:
            deg[0] += m[-1]
            deg[-1] += m[0]
        if wrap_h:
            deg[:, 0] += m[:, -1]
            deg[:, -1] += m[:, 0]
        return np.where(self._mask, deg, 0).astype(np.int8)

    def log2_count_bound(self):
        """A rigorous bound on log2 of the number of tilings: Brègman's or the row bound, the smaller.

        See :func:`dominotiling.model.bounds.tiling_log2_bound` (exact counts take their
        number of moduli from it).

        Examples
        --------
        >>> import math
        >>> Region.rectangle(8, 8).log2_count_bound() >= math.log2(12988816)
        True
        >>> Region.rectangle(1, 10**6).log2_count_bound()    # one tiling: 2**1 bounds it
        1.0

        On a torus or cylinder (not bipartite when a glued side is odd) the bound
        is the Kahn-Lovász theorem's: a graph with degrees ``d_v`` has at most
        ``prod_v (d_v!)**(1 / (2 d_v))`` perfect matchings (N. Alon and S.
        Friedland, Electron. J. Combin. 15 (2008), N13), plus one bit of slack.

        >>> Region.torus(4, 4).log2_count_bound() >= math.log2(272)
        True
        """
        from .bounds import tiling_log2_bound

        if self.is_periodic:
            # Kahn-Lovász bounds the matchings of the simple graph; each domino on a pair of
            # cells joined twice (a glued side of 2) has two placements: one bit per such pair
            # that a tiling can use at once (one per row of a 2-wide wrap, one per column of a
            # 2-high one)
            rows, cols = self.shape
            doubled = 0
            if self._periodic[1] and cols == 2:
                doubled += int(np.count_nonzero(self._mask[:, 0] & self._mask[:, 1]))
            if self._periodic[0] and rows == 2:
                doubled += int(np.count_nonzero(self._mask[0] & self._mask[1]))
            return _kahn_lovasz_log2(self.degrees()[self._mask]) + doubled
        return tiling_log2_bound(self._mask)

    def _new_neighbours(self):
        """``(vertical, horizontal)``: which wraps make new neighbours (a glued side of at least 3)."""
        rows, cols = self.shape
        return (self._periodic[0] and rows >= 3, self._periodic[1] and cols >= 3)

    def narrow_view(self):
        """The mask cropped to its cells and turned so that it is at least as tall as wide.

        Returns
        -------
        mask : numpy.ndarray of bool, C-contiguous
        offset : (int, int)
            Row and column of the crop's top-left cell in this region.
        transposed : bool
            True when ``mask`` is the transposed crop.

        Sweeps (the profile DP) and banded eliminations (Kasteleyn) run along the
        long side so that their cost grows with the short one.
        """
        rows = np.flatnonzero(self._mask.any(axis=1))
        cols = np.flatnonzero(self._mask.any(axis=0))
        if rows.size == 0:
            return np.zeros((0, 0), dtype=bool), (0, 0), False
        box = self._mask[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
        transposed = box.shape[1] > box.shape[0]
        return (
            np.ascontiguousarray(box.T if transposed else box),
            (int(rows[0]), int(cols[0])),
            transposed,
        )

    def transpose(self):
        """The mirror image in the main diagonal (rows become columns; so do the wraps)."""
        return Region(self._mask.T, periodic=self._periodic[::-1])

    def _plane_only(self, what):
        """Refuse `what` on a torus or cylinder, where it has no meaning."""
        if self.is_periodic:
            from ..errors import DominoTilingError

            raise DominoTilingError(
                f"{what} is defined for plane regions only, and this region wraps around "
                f"(periodic={self._periodic}); use Region(region.mask) for the plane region "
                "with the same cells"
            )

    def to_strings(self):
        """The article's text format: a list of rows of ``'.'`` and ``'#'``.

        Examples
        --------
        >>> Region.rectangle(1, 3).to_strings()
        ['...']
        """
        return ["".join(_FREE if v else _BLOCKED for v in row) for row in self._mask]

    def to_json(self, path=None):
        """The region as a JSON document (its rows of ``'.'``/``'#'`` and its wraps).

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the document to this file.

        Returns
        -------
        str
            The JSON text (see :mod:`dominotiling.model.serialize` for the format).

        See Also
        --------
        Region.from_json, Tiling.to_json, Weights.to_json

        Examples
        --------
        >>> Region.rectangle(1, 2).to_json()
        '{"format":"dominotiling.region","version":1,"shape":[1,2],"periodic":[false,false],"rows":[".."]}\\n'
        """
        from . import serialize

        return serialize.dump(serialize.region_to_dict(self), path, "the region")

    @classmethod
    def from_json(cls, source):
        """The region of a JSON document written by :meth:`to_json`.

        Parameters
        ----------
        source : str, os.PathLike, file or dict
            JSON text, the path of a file holding it, an open file, or the parsed object.

        Returns
        -------
        Region
            Equal to the region that was written.

        Raises
        ------
        RegionFormatError
            If the document is not JSON, not a region, or its rows are malformed; if the
            file is not a regular file (a named pipe, a device).
        TooLargeError
            If the file would not fit in the memory budget.

        See Also
        --------
        Region.to_json, Tiling.from_json

        Examples
        --------
        >>> r = Region.torus(2, 4)
        >>> Region.from_json(r.to_json()) == r
        True
        """
        from . import serialize

        return serialize.region_from_dict(serialize.load(source, "dominotiling.region"), cls)

    @classmethod
    def from_image(cls, path, threshold=0.5, cell_size=1, invert=False, *, tileable=None):
        """A region drawn as a black-and-white picture: dark pixels are cells.

        Parameters
        ----------
        path : str or os.PathLike
            A picture file Pillow reads (PNG, GIF, BMP, JPEG, ...); colours are
            turned to grey first.
        threshold : float, default 0.5
            A block of pixels is a cell when its mean grey (0 black, 1 white) is below this.
        cell_size : int, default 1
            Pixels per cell side: the picture is cut into ``cell_size`` x ``cell_size``
            blocks (a ragged right or bottom margin is dropped).
        invert : bool, default False
            Light blocks are cells instead.
        tileable : {None, "trim", "double"}, keyword-only
            None: the cells as drawn (a drawing is rarely tileable: its black and
            white cells seldom balance). A rule of :meth:`make_tileable`: the region
            made tileable by it -- ``"trim"`` removes the fewest boundary cells,
            ``"double"`` makes each cell a 2x2 block -- and a
            :class:`~dominotiling.errors.RegionChangedWarning` says what changed.

        Returns
        -------
        Region

        Raises
        ------
        RegionFormatError
            If the file is not a picture, is smaller than a cell, or has no dark block.

        See Also
        --------
        Region.from_mask, Region.from_strings

        Examples
        --------
        >>> import os, tempfile
        >>> from PIL import Image
        >>> path = os.path.join(tempfile.mkdtemp(), "board.png")
        >>> Image.new("L", (6, 4), 0).save(path)   # 6 x 4 black pixels
        >>> Region.from_image(path, cell_size=2) == Region.rectangle(2, 3)
        True
        >>> Image.new("L", (5, 3), 0).save(path)   # 15 cells: 8 black, 7 white
        >>> import warnings
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     r = Region.from_image(path, tileable="trim")
        >>> r.n_cells, r.is_balanced
        (14, True)
        >>> print(caught[0].message)
        Region.from_image: removed 1 boundary cell (rule 'trim'): 15 cells -> 14, tileable
        """
        from . import serialize

        region = cls(serialize.mask_from_image(path, threshold, cell_size, invert))
        return region._made_tileable(tileable, "Region.from_image")

    def make_tileable(self, *, rule="trim"):
        """A tileable region made from this one, and what changed (:func:`~dominotiling.model.tileable.make_tileable`).

        Parameters
        ----------
        rule : {"trim", "double"}, keyword-only
            ``"trim"`` removes the fewest cells that leave a tileable region (as
            many as a maximum partial tiling leaves uncovered), moved to the
            boundary so the outline keeps its shape; ``"double"`` makes every
            cell a 2x2 block (the same shape at twice the scale).

        Returns
        -------
        TileableRegion
            ``.region`` (tileable), ``.removed`` (the cells removed) and
            ``.message`` (one sentence saying what changed).

        Raises
        ------
        NoTilingError
            Under ``"trim"``, if no two cells share a side.

        Examples
        --------
        >>> fix = Region.from_strings([".....", ".....", "....."]).make_tileable()
        >>> fix.region.n_cells, fix.removed.tolist()
        (14, [[2, 2]])
        """
        from .tileable import make_tileable

        return make_tileable(self, rule=rule)

    def _made_tileable(self, rule, caller):
        """This region, or (with a rule) the region made tileable by it, the change reported by a warning."""
        if rule is None:
            return self
        import warnings

        from ..errors import RegionChangedWarning

        fix = self.make_tileable(rule=rule)
        warnings.warn(f"{caller}: {fix.message}", RegionChangedWarning, stacklevel=3)
        return fix.region

    def to_networkx(self):
        """The grid graph of the cells.

        Returns
        -------
        networkx.Graph
            Nodes are ``(row, col)`` tuples with attribute ``color`` (0 black,
            1 white) and ``bipartite`` (the same value, as networkx's bipartite
            algorithms expect); edges join cells sharing a side. On a torus or
            cylinder an edge across a seam has ``seam=True``; on a glued side of
            2 cells the wrap is a second placement on an edge already there,
            which gets ``multiplicity=2`` instead (see :class:`Region`).

        Examples
        --------
        >>> g = Region.rectangle(2, 2).to_networkx()
        >>> g.number_of_nodes(), g.number_of_edges(), g.nodes[(0, 1)]["color"]
        (4, 4, 1)
        """
        import networkx as nx

        g = nx.Graph()
        for r, c in self.cells.tolist():
            col = (r + c) % 2
            g.add_node((r, c), color=col, bipartite=col)
        m = self._mask
        for r, c in np.argwhere(m[:, :-1] & m[:, 1:]).tolist():
            g.add_edge((r, c), (r, c + 1))
        for r, c in np.argwhere(m[:-1, :] & m[1:, :]).tolist():
            g.add_edge((r, c), (r + 1, c))
        wrap_v, wrap_h = self.seams()
        rows, cols = self.shape
        if wrap_h:
            for r in np.flatnonzero(m[:, 0] & m[:, -1]).tolist():
                if cols == 2:  # the second placement on an edge already there
                    g.edges[(r, 0), (r, 1)]["multiplicity"] = 2
                else:
                    g.add_edge((r, cols - 1), (r, 0), seam=True)
        if wrap_v:
            for c in np.flatnonzero(m[0] & m[-1]).tolist():
                if rows == 2:
                    g.edges[(0, c), (1, c)]["multiplicity"] = 2
                else:
                    g.add_edge((rows - 1, c), (0, c), seam=True)
        return g

    # ------------------------------------------------------------ python protocol
    def __contains__(self, cell):
        try:
            r, c = cell
        except (TypeError, ValueError):
            return False
        if not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)) for v in (r, c)
        ):
            return False  # (0.5, 0) is no cell
        rows, cols = self.shape
        return 0 <= r < rows and 0 <= c < cols and bool(self._mask[r, c])

    def __eq__(self, other):
        if not isinstance(other, Region):
            return NotImplemented
        return (
            self.shape == other.shape
            and self._periodic == other._periodic
            and bool((self._mask == other._mask).all())
        )

    def __hash__(self):
        if self._hash is None:
            key = (self.shape, np.packbits(self._mask).tobytes())
            self._hash = hash(key if not self.is_periodic else key + self._periodic)
        return self._hash

    def __repr__(self):
        rows, cols = self.shape
        if self.is_periodic:
            if self._mask.all() and self._periodic == (True, True):
                return f"Region.torus({rows}, {cols})"
            if self._mask.all() and self._periodic == (False, True):
                return f"Region.cylinder({rows}, {cols})"
            if self._mask.all() and self._periodic == (True, False):
                return f"Region.cylinder({cols}, {rows}).transpose()"
            return f"<Region {rows}x{cols}, {self.n_cells} cells, periodic={self._periodic}>"
        if rows <= 12 and cols <= 40:
            body = ", ".join(repr(s) for s in self.to_strings())
            return f"Region.from_strings([{body}])"
        return f"<Region {rows}x{cols}, {self.n_cells} cells>"

    def __str__(self):
        """The region as the article's text: one line per row, ``'.'`` a cell, ``'#'`` blocked.

        Regions up to 200 cells on a side print whole (a periodic one with a line
        saying which sides are glued); larger ones print their summary.

        Examples
        --------
        >>> print(Region.from_strings(["..#", "..."]))
        ..#
        ...
        """
        rows, cols = self.shape
        if not (0 < rows <= 200 and 0 < cols <= 200):
            return repr(self)
        text = "\n".join(self.to_strings())
        if self.is_periodic:
            glued = {
                (True, True): "a torus: top glued to bottom, left to right",
                (True, False): "a cylinder: top glued to bottom",
                (False, True): "a cylinder: left glued to right",
            }[self._periodic]
            text += f"\n({glued})"
        return text

    def _repr_png_(self):
        from ..viz.draw import draw_region, figure_png

        return figure_png(draw_region, self)


def _kahn_lovasz_log2(degrees):
    """``1 + sum_v log2(d_v!) / (2 d_v)``: the Kahn-Lovász bound on log2 of the perfect matchings (0 if a degree is 0)."""
    import math

    deg = np.asarray(degrees, dtype=np.int64).ravel()
    if deg.size == 0 or (deg == 0).any():
        return 0.0
    tally = np.bincount(deg)
    total = sum(int(k) * math.lgamma(d + 1) / (2 * d) for d, k in enumerate(tally) if d and k)
    return total / math.log(2) + 1.0


def _periodic_pair(value):
    """`value` as a pair of Python bools ``(vertical, horizontal)``."""
    from ..errors import DominoTypeError

    try:
        items = tuple(value)
    except TypeError:
        raise DominoTypeError(
            f"periodic must be a pair of booleans (wraps vertically, wraps horizontally), got {value!r}"
        ) from None
    if len(items) != 2:
        raise DominoTypeError(
            f"periodic must be a pair of booleans (wraps vertically, wraps horizontally), got {value!r}"
        )
    return tuple(_validate.boolean(v, f"periodic[{i}]") for i, v in enumerate(items))


def _positive_int(value, name):
    return _validate.positive_int(value, name, error=RegionFormatError)
