"""Tilings: (partial) domino covers of a region.

A :class:`Tiling` is a :class:`~dominotiling.Region` plus an ``int32`` array
``labels`` of the same shape: ``-1`` outside the region, ``-2`` a region cell left
uncovered, and ``k >= 0`` the id of the domino covering the cell (both cells of a
domino share ``k``). This is the ``filling`` format of the source article.

Examples
--------
>>> from dominotiling import Region, Tiling
>>> t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (0, 1)), ((1, 0), (1, 1))])
>>> t.labels
array([[0, 0],
       [1, 1]], dtype=int32)
>>> t.is_complete
True
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import frozen
from ..errors import DominoTilingError, DominoTypeError
from .region import Region

__all__ = ["Tiling", "OUTSIDE", "UNCOVERED"]

OUTSIDE = -1
UNCOVERED = -2


class Tiling:
    """A set of non-overlapping dominoes placed on the cells of a region.

    Parameters
    ----------
    region : Region
        The region being tiled.
    labels : array_like of int
        Same shape as ``region.mask``: ``-1`` outside, ``-2`` uncovered,
        ``k >= 0`` the domino covering the cell. Domino ids need not be
        consecutive; they are renumbered ``0, 1, ...`` in row-major order of
        each domino's first cell.
    validate : bool, default True
        Check the labels (see :meth:`validate`); pass False only for labels you
        know to be valid (the library's own algorithms do).

    Raises
    ------
    DominoTilingError
        If the labels do not describe dominoes on the region (see :meth:`validate`).

    See Also
    --------
    Region, Weights, find_tiling
    random_tiling

    Examples
    --------
    >>> r = Region.rectangle(1, 3)
    >>> t = Tiling(r, [[0, 0, -2]])
    >>> t.n_dominoes, t.is_complete
    (1, False)
    """

    _model_kind = "Tiling"  # how the ground floor's checks recognise a Tiling (duck typing)

    __slots__ = ("_region", "_labels")

    def __init__(self, region, labels, validate=True):
        _validate.region(region, periodic_ok=True)
        try:
            lab = np.asarray(labels)
        except (ValueError, TypeError):
            raise DominoTilingError(
                "labels must be a rectangular array of integers, one per cell"
            ) from None
        if lab.shape != region.shape:
            raise DominoTilingError(
                f"labels have shape {lab.shape} but the region's mask has shape {region.shape}"
            )
        if lab.size and lab.dtype.kind not in "iu":
            raise DominoTilingError(f"labels must be integers, got dtype {lab.dtype}")
        check_memory(20 * lab.size, f"the labels of a {region.shape[0]} x {region.shape[1]} tiling")
        validate = _validate.boolean(validate, "validate")
        self._region = region
        self._labels = frozen(_renumber(lab.astype(np.int64, copy=False)))
        if validate:
            self.validate()

    @classmethod
    def _trusted(cls, region, labels):
        """Wrap int32 labels known valid and numbered in row-major order (no copy, no check).

        For the library's samplers on millions of cells, where the constructor's
        copies would dominate the memory; the array is made read-only for good.
        """
        tiling = object.__new__(cls)
        tiling._region = region
        tiling._labels = frozen(labels)
        return tiling

    def __reduce__(self):
        # Pickle the region and the labels only; both are frozen again on arrival.
        return (Tiling._trusted, (self._region, np.array(self._labels)))

    @classmethod
    def from_dominoes(cls, region, pairs):
        """Tiling from a list of dominoes, each a pair of cells ``((r1, c1), (r2, c2))``.

        Cells of the region that no pair mentions are left uncovered (``-2``).

        Raises
        ------
        DominoTilingError
            If a pair is not two neighbouring cells of the region, or two pairs overlap.

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
        >>> t.dominoes.tolist()
        [[[0, 0], [0, 1]]]

        On a torus or cylinder, cells on either side of a seam are neighbours:

        >>> t = Tiling.from_dominoes(Region.cylinder(1, 4), [((0, 3), (0, 0)), ((0, 1), (0, 2))])
        >>> t.seam_dominoes().tolist()
        [True, False]
        """
        _validate.region(region, periodic_ok=True)
        try:
            pairs = list(pairs)
        except TypeError:
            raise DominoTypeError(
                f"pairs must be an iterable of dominoes ((row, col), (row, col)), got {type(pairs).__name__}"
            ) from None
        labels = np.where(region.mask, UNCOVERED, OUTSIDE).astype(np.int64)
        rows, cols = region.shape
        for k, pair in enumerate(pairs):
            try:
                (r1, c1), (r2, c2) = pair
                r1, c1, r2, c2 = (
                    _validate.integer(v, "a cell coordinate") for v in (r1, c1, r2, c2)
                )
            except (TypeError, ValueError):
                raise DominoTilingError(
                    f"domino {k} is {pair!r}: give each domino as ((row, col), (row, col))"
                ) from None
            for r, c in ((r1, c1), (r2, c2)):
                if not (0 <= r < rows and 0 <= c < cols) or not region.mask[r, c]:
                    raise DominoTilingError(
                        f"domino {k} uses cell {(r, c)}, which is not in the region"
                    )
                if labels[r, c] >= 0:
                    raise DominoTilingError(
                        f"domino {k} overlaps domino {labels[r, c]} at cell {(r, c)}"
                    )
            if not _adjacent(region, r1, c1, r2, c2):
                raise DominoTilingError(
                    f"domino {k} joins {(r1, c1)} and {(r2, c2)}, which are not neighbours"
                )
            labels[r1, c1] = labels[r2, c2] = k
        return cls(region, labels, validate=False)

    # ----------------------------------------------------------------------- views
    @property
    def region(self):
        """The :class:`Region` being tiled."""
        return self._region

    @property
    def labels(self):
        """Read-only ``int32`` array: ``-1`` outside, ``-2`` uncovered, ``k`` domino id."""
        return self._labels

    @property
    def n_dominoes(self):
        """Number of dominoes placed."""
        return int(self._labels.max(initial=-1)) + 1

    @property
    def n_uncovered(self):
        """Number of region cells left uncovered."""
        return int((self._labels == UNCOVERED).sum())

    @property
    def is_complete(self):
        """True when every cell of the region is covered (a perfect tiling)."""
        return self.n_uncovered == 0

    @property
    def dominoes(self):
        """Array of shape ``(n_dominoes, 2, 2)``: the two cells ``(row, col)`` of each domino.

        Domino ``k`` is ``dominoes[k]``, its cells in row-major order.
        """
        lab = self._labels
        flat = lab.ravel()
        order = np.argsort(flat, kind="stable")
        order = order[flat[order] >= 0]
        cells = np.stack(np.unravel_index(order, lab.shape), axis=1)
        return cells.reshape(-1, 2, 2)

    def orientations(self):
        """Array of length ``n_dominoes``: 0 for a horizontal domino, 1 for a vertical one.

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (1, 0)), ((0, 1), (1, 1))])
        >>> t.orientations().tolist()
        [1, 1]
        """
        d = self.dominoes
        return (d[:, 0, 0] != d[:, 1, 0]).astype(np.int8)

    def seam_dominoes(self):
        """Boolean array of length ``n_dominoes``: True for a domino lying across a seam.

        Only a torus or cylinder has seams (see :attr:`Region.periodic`); on a
        plane region every entry is False. A seam domino joins ``(r, cols - 1)``
        to ``(r, 0)`` or ``(rows - 1, c)`` to ``(0, c)``. On a glued side of 2
        cells the wrap is a second placement on two cells that are also plane
        neighbours; a tiling records cells only, so such a domino is reported
        False (see :class:`~dominotiling.Region`).
        """
        d = self.dominoes
        return np.abs(d[:, 0] - d[:, 1]).sum(axis=1) != 1

    def height_function(self):
        """Thurston's height function on the lattice vertices (the model computes it; see
        :func:`dominotiling.matching.height.height_function` for the conventions).

        Returns
        -------
        numpy.ndarray of int64, shape ``(rows + 1, cols + 1)``
            ``dominotiling.matching.height.UNDEFINED`` at vertices that are no corner of a region cell.

        Raises
        ------
        DominoTilingError
            If the tiling is not complete or the region has holes.

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
        >>> t.height_function().tolist()
        [[0, -1, 0], [1, 2, 1]]
        """
        _validate.tiling(self)
        if not self.is_complete:
            raise DominoTilingError(
                f"the tiling leaves {self.n_uncovered} cell(s) uncovered; height functions "
                "are defined for complete tilings only"
            )
        holes = self.region.holes
        if holes:
            raise DominoTilingError(
                f"the region has {len(holes)} hole(s): height functions (and Thurston's "
                "algorithm) need a region without holes; decide tileability or find a tiling "
                "with dominotiling.maximum_matching instead, or pass flux= to "
                "min_tiling/max_tiling for the extreme tilings of one flux sector"
            )
        from .._kernels.height import height_function as kernel

        heights, ok = kernel(np.ascontiguousarray(self.labels))
        if not ok:  # pragma: no cover - ruled out by the checks above
            raise DominoTilingError("the heights of this tiling do not close up; is it valid?")
        return heights

    def to_matching(self):
        """The dominoes as a perfect (or partial) matching of ``region.to_networkx()``.

        Returns
        -------
        set of tuple
            ``{((r_black, c_black), (r_white, c_white)), ...}``, black cell first.
        """
        out = set()
        for a, b in self.dominoes.tolist():
            a, b = tuple(a), tuple(b)
            out.add((a, b) if (a[0] + a[1]) % 2 == 0 else (b, a))
        return out

    # ------------------------------------------------------------ export
    def to_json(self, path=None):
        """The tiling as a JSON document: its region and its labels, one list per row.

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the document to this file.

        Returns
        -------
        str
            The JSON text (see :mod:`dominotiling.model.serialize` for the format).

        Raises
        ------
        FileError
            If `path` cannot be written (no such folder, no permission, a full disk) or
            is not a regular file (a folder, a named pipe, a device).

        See Also
        --------
        Tiling.from_json, Tiling.to_csv, Region.to_json

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
        >>> t.to_json()[:46]
        '{"format":"dominotiling.tiling","version":1,"r'
        """
        from . import serialize

        return serialize.dump(serialize.tiling_to_dict(self), path, "the tiling")

    @classmethod
    def from_json(cls, source):
        """The tiling of a JSON document written by :meth:`to_json` (its labels checked).

        Parameters
        ----------
        source : str, os.PathLike, file or dict
            JSON text, the path of a file holding it, an open file, or the parsed object.

        Returns
        -------
        Tiling
            Equal to the tiling that was written.

        Raises
        ------
        RegionFormatError
            If the document is not JSON or not a tiling, if its ``"region"`` is not the
            region's JSON object itself (a document never names a file to open), or if
            the file is not a regular file (a named pipe, a device).
        TooLargeError
            If the file would not fit in the memory budget.
        DominoTilingError
            If its labels do not describe dominoes on its region.

        See Also
        --------
        Tiling.to_json, Region.from_json

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (1, 0)), ((0, 1), (1, 1))])
        >>> Tiling.from_json(t.to_json()) == t
        True
        """
        from . import serialize

        return serialize.tiling_from_dict(
            serialize.load(source, "dominotiling.tiling"), cls, Region
        )

    def to_csv(self, path=None):
        """The dominoes as CSV, one domino a row: ``domino,row1,col1,row2,col2,orientation``.

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the text to this file.

        Returns
        -------
        str
            A header line, then one line per domino (in id order); orientation is
            ``h`` or ``v``.

        See Also
        --------
        Tiling.to_json, Tiling.dominoes

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (1, 0)), ((0, 1), (1, 1))])
        >>> print(t.to_csv(), end="")
        domino,row1,col1,row2,col2,orientation
        0,0,0,1,0,v
        1,0,1,1,1,v
        """
        from . import serialize

        return serialize.tiling_to_csv(self, path)

    def to_svg(self, path=None, **options):
        """The tiling as an SVG picture (matplotlib's vector backend), dominoes merged by colour.

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the picture to this file.
        **options
            ``color_by``, ``outlines``, ``width`` (inches): see
            :func:`dominotiling.viz.export.tiling_figure`.

        Returns
        -------
        str
            The SVG text.

        See Also
        --------
        Tiling.to_pdf, Tiling.to_tikz, dominotiling.viz.export.height_mesh

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
        >>> t.to_svg().lstrip().startswith("<?xml")
        True
        """
        from ..viz.export import tiling_svg

        return tiling_svg(self, path, **options)

    def to_pdf(self, path, **options):
        """Write the tiling as a PDF picture (matplotlib's vector backend), dominoes merged by colour.

        Parameters
        ----------
        path : str or os.PathLike
            The file to write.
        **options
            As for :meth:`to_svg`.

        Returns
        -------
        pathlib.Path
            The file written.

        See Also
        --------
        Tiling.to_svg, Tiling.to_tikz

        Examples
        --------
        >>> import os, tempfile
        >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
        >>> out = t.to_pdf(os.path.join(tempfile.mkdtemp(), "t.pdf"))
        >>> out.read_bytes()[:5]
        b'%PDF-'
        """
        from ..viz.export import tiling_pdf

        return tiling_pdf(self, path, **options)

    def to_tikz(self, path=None, color_by="types", palette=None):
        """The tiling as a standalone LaTeX document drawing it with TikZ.

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the document to this file.
        color_by : {"types", "orientation", "domino", "none"}, default "types"
            Colours by the four domino types, by orientation, a palette cycled so
            neighbours differ, or white.
        palette : sequence of colours, optional
            Replaces the default colours (four for ``"types"``, two for
            ``"orientation"``, any number for ``"domino"``); any matplotlib colour.

        Returns
        -------
        str
            A document that ``pdflatex`` compiles (class ``article`` with ``tikz``
            and ``geometry``); one unit is one cell, row 0 on top.

        See Also
        --------
        Tiling.to_svg, Tiling.to_pdf

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(1, 2), [((0, 0), (0, 1))])
        >>> [ln for ln in t.to_tikz().splitlines() if "rectangle" in ln]
        ['\\\\filldraw[fill=c0] (0,0) rectangle (2,-1);']
        """
        from ..viz.export import tiling_tikz

        return tiling_tikz(self, path, color_by=color_by, palette=palette)

    def validate(self):
        """Check that the labels describe non-overlapping dominoes on the region.

        Raises
        ------
        DominoTilingError
            If a label marks a cell outside the region as covered, a region cell
            is marked outside, a domino id is used on other than two cells
            (overlap or a lone half), or a domino's two cells are not neighbours.

        Examples
        --------
        >>> r = Region.rectangle(2, 2)
        >>> Tiling(r, [[0, 1], [1, 0]])
        Traceback (most recent call last):
        ...
        dominotiling.errors.DominoTilingError: domino 0 covers cells (0, 0) and (1, 1), which are not neighbours
        """
        lab, mask = self._labels, self._region.mask
        bad = np.argwhere(~mask & (lab != OUTSIDE))
        if len(bad):
            r, c = bad[0]
            raise DominoTilingError(
                f"cell {(int(r), int(c))} is outside the region but labelled {int(lab[r, c])} "
                "(cells outside the region must be -1)"
            )
        bad = np.argwhere(mask & ((lab == OUTSIDE) | (lab < UNCOVERED)))
        if len(bad):
            r, c = bad[0]
            raise DominoTilingError(
                f"cell {(int(r), int(c))} is in the region but labelled {int(lab[r, c])}; use -2 "
                "for an uncovered cell or a domino id >= 0"
            )
        flat = lab.ravel()
        counts = np.bincount(flat[flat >= 0]) if (flat >= 0).any() else np.zeros(0, int)
        wrong = np.flatnonzero(counts != 2)
        if len(wrong):
            k = int(wrong[0])
            cells = [tuple(int(v) for v in rc) for rc in np.argwhere(lab == k)]
            what = "overlaps: it is used on" if counts[k] > 2 else "has only"
            raise DominoTilingError(
                f"domino {k} {what} {int(counts[k])} cell(s) {cells}; a domino covers exactly two cells"
            )
        d = self.dominoes
        far = ~_adjacent_array(self._region, d)
        if far.any():
            k = int(np.flatnonzero(far)[0])
            a, b = (tuple(int(v) for v in d[k, i]) for i in range(2))
            raise DominoTilingError(
                f"domino {k} covers cells {a} and {b}, which are not neighbours"
            )
        return self

    # ------------------------------------------------------------ python protocol
    def __eq__(self, other):
        if not isinstance(other, Tiling):
            return NotImplemented
        return self._region == other._region and bool((self._labels == other._labels).all())

    def __hash__(self):
        return hash((self._region, self._labels.tobytes()))

    def __repr__(self):
        rows, cols = self._region.shape
        state = "complete" if self.is_complete else f"{self.n_uncovered} cells uncovered"
        return f"<Tiling of a {rows}x{cols} region: {self.n_dominoes} dominoes, {state}>"

    def __str__(self):
        """The tiling as box-drawing text, for a terminal; the ``repr`` when it is large.

        Each cell is three characters wide and one line high between its borders;
        lines are drawn where neighbouring cells belong to different dominoes.
        Uncovered cells are filled with ``░``. Tilings more than
        :data:`TEXT_MAX_SIDE` cells wide or high give their ``repr`` (draw them
        instead: in a notebook the tiling displays itself as a picture).

        Examples
        --------
        >>> t = Tiling.from_dominoes(Region.rectangle(2, 3),
        ...                          [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 2), (1, 2))])
        >>> print(t)
        ┌───────┬───┐
        │       │   │
        ├───────┤   │
        │       │   │
        └───────┴───┘
        """
        rows, cols = self._region.shape
        if rows == 0 or cols == 0 or rows > TEXT_MAX_SIDE or cols > TEXT_MAX_SIDE:
            return repr(self)
        return _box_text(self._labels, self._region.seams())

    def _repr_png_(self):
        # a picture in the style that suits its size (viz.draw): outlined dominoes when
        # the cells are large, the four domino types otherwise (an Aztec diamond's
        # arctic circle appears), one averaged image for millions of cells
        from ..viz.draw import draw_tiling, figure_png

        return figure_png(draw_tiling, self)


#: Tilings at most this many cells wide and high print as box-drawing text (``str``).
TEXT_MAX_SIDE = 60

# box-drawing characters by the arms of a vertex: (up, down, left, right)
_BOX = {
    (0, 0, 0, 0): " ",
    (0, 0, 1, 1): "─",
    (1, 1, 0, 0): "│",
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴",
    (0, 0, 0, 1): "╶",
}


def _box_text(labels, seams=(False, False)):
    """Box-drawing text of `labels` (``-1`` outside, ``-2`` uncovered, ``k`` a domino).

    Along a seam (``seams``: vertical, horizontal wraps) the border is left open
    where a domino crosses it, so that its two halves show as one domino.
    """
    lab = np.pad(np.asarray(labels, dtype=np.int64), 1, constant_values=OUTSIDE)
    inside = lab != OUTSIDE
    if seams[0]:  # the padding rows are the opposite rows of the torus or cylinder
        lab[0, 1:-1], lab[-1, 1:-1] = lab[-2, 1:-1], lab[1, 1:-1]
    if seams[1]:
        lab[1:-1, 0], lab[1:-1, -1] = lab[1:-1, -2], lab[1:-1, 1]
    # every uncovered cell is a block of its own
    key = np.where(lab == UNCOVERED, -3 - np.arange(lab.size).reshape(lab.shape), lab)
    # horiz[i, j]: a line on top of padded cell (i, j), i.e. between it and the cell above
    horiz = (key[1:, :] != key[:-1, :]) & (inside[1:, :] | inside[:-1, :])
    vert = (key[:, 1:] != key[:, :-1]) & (inside[:, 1:] | inside[:, :-1])
    rows, cols = labels.shape
    out = []
    for i in range(rows + 1):  # the border line above row i, then row i
        line = []
        for j in range(cols + 1):  # vertex (i, j): the top-left corner of cell (i, j)
            up = bool(vert[i, j]) if i > 0 else False
            down = bool(vert[i + 1, j]) if i < rows else False
            left = bool(horiz[i, j]) if j > 0 else False
            right = bool(horiz[i, j + 1]) if j < cols else False
            line.append(_BOX[(up, down, left, right)])
            if j < cols:
                line.append("───" if right else "   ")
        out.append("".join(line).rstrip())
        if i == rows:
            break
        line = []
        for j in range(cols + 1):
            line.append("│" if vert[i + 1, j] else " ")
            if j < cols:
                line.append("░░░" if labels[i, j] == UNCOVERED else "   ")
        out.append("".join(line).rstrip())
    return "\n".join(out)


def _adjacent(region, r1, c1, r2, c2):
    """True when cells ``(r1, c1)`` and ``(r2, c2)`` share a side (across a seam too)."""
    dr, dc = abs(r1 - r2), abs(c1 - c2)
    if dr + dc == 1:
        return True
    rows, cols = region.shape
    wrap_v, wrap_h = region.seams()
    return (wrap_v and dc == 0 and dr == rows - 1) or (wrap_h and dr == 0 and dc == cols - 1)


def _adjacent_array(region, d):
    """For dominoes ``d`` of shape ``(k, 2, 2)``: whether each one's two cells share a side."""
    diff = np.abs(d[:, 0] - d[:, 1])
    ok = diff.sum(axis=1) == 1
    if region.is_periodic:
        rows, cols = region.shape
        wrap_v, wrap_h = region.seams()
        if wrap_v:
            ok |= (diff[:, 1] == 0) & (diff[:, 0] == rows - 1)
        if wrap_h:
            ok |= (diff[:, 0] == 0) & (diff[:, 1] == cols - 1)
    return ok


#: From this many cells on, labels are renumbered by a linear kernel in slices (no sort,
#: and Ctrl-C is seen between its calls) when the ids are small enough to index by.
RENUMBER_KERNEL_CELLS = 1 << 18


def _renumber(lab):
    """Relabel domino ids as 0, 1, ... in row-major order of first appearance (int32)."""
    if lab.size >= RENUMBER_KERNEL_CELLS:
        top = int(lab.max())
        if top < lab.size:
            return _renumber_linear(lab, top)
    out = lab.astype(np.int32)
    pos = lab >= 0
    if pos.any():
        flat = lab[pos]
        seen = np.maximum.accumulate(flat)
        # already numbered in order of first appearance: every id is at most one more
        # than the largest id before it (a linear check, no sort)
        if flat[0] == 0 and (flat[1:] <= seen[:-1] + 1).all():
            return out
        _, first, inverse = np.unique(flat, return_index=True, return_inverse=True)
        rank = np.argsort(np.argsort(first)).astype(np.int32)
        out[pos] = rank[inverse.ravel()]
    return out


def _renumber_linear(lab, top):
    """:func:`_renumber` by one pass over the cells (ids below `top` + 1), in calls of about 0.05 s."""
    from .._interrupt import slices
    from .._kernels.labels import renumber_range

    flat = np.ascontiguousarray(lab).reshape(-1)
    out = np.empty(flat.size, np.int32)
    rank = np.full(max(top, 0) + 1, -1, np.int64)
    seen = np.zeros(1, np.int64)
    for a, b in slices(flat.size, first=1 << 18):
        renumber_range(flat, out, rank, seen, a, b)
    return out.reshape(lab.shape)
