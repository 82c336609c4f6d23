"""Double-dimer loops: the superposition of two tilings of one region (see :mod:`dominotiling.statistics`)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import frozen
from ..errors import DominoTilingError, DominoTypeError
from ..model.region import Region  # noqa: F401  (docstring examples)

__all__ = ["DoubleDimer", "double_dimer"]


# ------------------------------------------------------------------ double dimers
class DoubleDimer:
    """The superposition of two tilings of one region: loops and doubled dominoes.

    Made by :func:`double_dimer`. Loop ``k`` is numbered by its first cell in
    row-major order; a loop visits its cells alternately along a domino of the
    first tiling and one of the second, so its length (cells, equal to its
    edges) is even and at least 4.

    Attributes
    ----------
    region : Region
    ids : numpy.ndarray of int32, shape ``(rows, cols)``, read-only
        The loop of each cell; -2 on a doubled domino, -1 outside the region.
    lengths : numpy.ndarray of int64, shape ``(n_loops,)``, read-only
    depths : numpy.ndarray of int64, shape ``(n_loops,)``, read-only
        How many other loops surround each loop (0 for an outermost loop).
    n_loops, n_doubled : int
        Loops, and dominoes that the two tilings share.

    See Also
    --------
    double_dimer, draw_double_dimer

    Examples
    --------
    >>> from dominotiling import random_tiling
    >>> r = Region.rectangle(6, 6)
    >>> dd = double_dimer(random_tiling(r, seed=1), random_tiling(r, seed=2))
    >>> int(dd.lengths.sum()) + 2 * dd.n_doubled == r.n_cells
    True
    """

    def __init__(self, region, ids, order, offsets, depths, labels):
        self.region = region
        self._labels = labels  # the two tilings' labels, for the loops' edges
        self.ids = frozen(ids)
        self._order = frozen(order)
        self._offsets = frozen(offsets)
        self.lengths = frozen(np.diff(offsets))
        self.depths = frozen(depths)
        self.n_loops = len(self.lengths)
        self.n_doubled = int((ids == -2).sum()) // 2

    def __repr__(self):
        longest = int(self.lengths.max(initial=0))
        return (
            f"<DoubleDimer of a {self.region.shape[0]}x{self.region.shape[1]} region: "
            f"{self.n_loops} loops (longest {longest}), {self.n_doubled} doubled dominoes>"
        )

    @property
    def doubled(self):
        """Bool array ``(rows, cols)``: the cells of doubled dominoes."""
        return self.ids == -2

    def loop(self, k):
        """The cells of loop `k` in the order of a walk around it, int array ``(length, 2)``.

        Examples
        --------
        >>> from dominotiling import Tiling
        >>> r = Region.rectangle(2, 2)
        >>> h = Tiling.from_dominoes(r, [((0, 0), (0, 1)), ((1, 0), (1, 1))])
        >>> v = Tiling.from_dominoes(r, [((0, 0), (1, 0)), ((0, 1), (1, 1))])
        >>> double_dimer(h, v).loop(0).tolist()
        [[0, 0], [0, 1], [1, 1], [1, 0]]
        """
        k = _validate.integer(k, "k", minimum=0, maximum=self.n_loops - 1)
        flat = self._order[self._offsets[k] : self._offsets[k + 1]]
        return np.stack(np.divmod(flat, self.region.shape[1]), axis=1)

    def select(self, min_length=4):
        """Indices of the loops of at least `min_length` cells, longest first.

        Examples
        --------
        >>> r = Region.rectangle(8, 8)
        >>> from dominotiling import random_tiling
        >>> dd = double_dimer(random_tiling(r, seed=3), random_tiling(r, seed=4))
        >>> bool((dd.lengths[dd.select(8)] >= 8).all())
        True
        """
        min_length = _validate.nonnegative_int(min_length, "min_length")
        keep = np.flatnonzero(self.lengths >= min_length)
        return keep[np.argsort(-self.lengths[keep], kind="stable")]

    def length_distribution(self):
        """``(lengths, counts)``: each loop length that occurs and how many loops have it.

        Examples
        --------
        >>> from dominotiling import Tiling
        >>> r = Region.rectangle(2, 2)
        >>> h = Tiling.from_dominoes(r, [((0, 0), (0, 1)), ((1, 0), (1, 1))])
        >>> v = Tiling.from_dominoes(r, [((0, 0), (1, 0)), ((0, 1), (1, 1))])
        >>> [a.tolist() for a in double_dimer(h, v).length_distribution()]
        [[4], [1]]
        """
        return tuple(np.unique(self.lengths, return_counts=True))

    def surrounds(self, point=None):
        """Bool array ``(n_loops,)``: which loops go around `point`.

        Parameters
        ----------
        point : (y, x), optional
            In the drawing's coordinates, where cell ``(r, c)`` is the unit square
            ``[c, c + 1] x [r, r + 1]`` and loops join the centres of their cells;
            by default the centre of the region's bounding box. A point on a loop
            counts as surrounded when it is just below and right of it.

        Examples
        --------
        >>> from dominotiling import Tiling
        >>> r = Region.rectangle(2, 2)
        >>> h = Tiling.from_dominoes(r, [((0, 0), (0, 1)), ((1, 0), (1, 1))])
        >>> v = Tiling.from_dominoes(r, [((0, 0), (1, 0)), ((0, 1), (1, 1))])
        >>> dd = double_dimer(h, v)
        >>> dd.surrounds().tolist(), dd.surrounds((0.2, 0.2)).tolist()
        ([True], [False])
        """
        rows, cols = self.region.shape
        if point is None:
            y, x = rows / 2, cols / 2
        else:
            try:
                y, x = point
            except (TypeError, ValueError):
                raise DominoTypeError(
                    f"point must be a (y, x) pair of numbers, got {point!r}"
                ) from None
            y, x = _validate.real(y, "point[0]"), _validate.real(x, "point[1]")
        out = np.zeros(self.n_loops, bool)
        r = math.floor(y - 0.5)  # vertical loop edges between rows r and r + 1 cross y
        if not 0 <= r < rows - 1:
            return out
        first = max(0, math.floor(x - 0.5) + 1)  # columns c with c + 0.5 > x
        ids = self.ids[r, first:]
        down = self.ids[r + 1, first:]
        edge = (ids >= 0) & (ids == down) & self._vertical_edges(r, first)
        np.logical_xor.at(out, ids[edge], True)
        return out

    def _vertical_edges(self, r, first):
        lab1, lab2 = self._labels
        return (lab1[r, first:] == lab1[r + 1, first:]) | (lab2[r, first:] == lab2[r + 1, first:])

    def n_surrounding(self, point=None):
        """How many loops go around `point` (see :meth:`surrounds`)."""
        return int(self.surrounds(point).sum())

    def box_counting_dimension(self, loop=None, sizes=None):
        """Box-counting estimate of the fractal dimension of one loop.

        Parameters
        ----------
        loop : int, optional
            Which loop; by default the longest.
        sizes : sequence of int, optional
            Box sides in cells; by default the powers of 2 from 2 to an eighth of
            the loop's extent (at least three of them).

        Returns
        -------
        (dimension, sizes, counts)
            ``counts[i]`` boxes of side ``sizes[i]`` (on the grid of multiples of
            the side) hold a cell of the loop; ``dimension`` is minus the slope of
            the least-squares line through ``(log size, log count)``.

        Notes
        -----
        A smooth curve gives 1 and a set that fills the plane 2. The loops of the
        double-dimer model of uniform tilings tend to CLE(4), whose loops are
        SLE(4)-like curves of dimension ``1 + 4/8 = 3/2`` [4]_; the estimate
        approaches it slowly, and only for loops of many thousands of cells.

        Examples
        --------
        >>> from dominotiling import random_tiling
        >>> r = Region.rectangle(64, 64)
        >>> dd = double_dimer(random_tiling(r, seed=1), random_tiling(r, seed=2))
        >>> d, sizes, counts = dd.box_counting_dimension()
        >>> 1.0 < d < 2.0
        True
        """
        if self.n_loops == 0:
            raise DominoTilingError("the two tilings are equal: there is no loop to measure")
        k = int(np.argmax(self.lengths)) if loop is None else loop
        cells = self.loop(k)
        if sizes is None:
            extent = int(np.ptp(cells, axis=0).max()) + 1
            top = max(8, extent // 8)
            sizes = [2**i for i in range(1, int(math.log2(top)) + 1)]
        else:
            if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
                raise DominoTypeError(f"sizes must be a sequence of box sides, got {sizes!r}")
            sizes = [_validate.positive_int(s, "each box size", maximum=2**31) for s in sizes]
            if len(sizes) < 2:
                raise DominoTilingError("box_counting_dimension needs at least two box sizes")
        sizes = np.asarray(sizes, np.int64)
        counts = np.array(
            [len(np.unique((cells[:, 0] // s) * (1 << 32) + cells[:, 1] // s)) for s in sizes]
        )
        slope = np.polyfit(np.log(sizes), np.log(counts), 1)[0]
        return float(-slope), sizes, counts


def double_dimer(t1, t2):
    """The double-dimer configuration of two complete tilings of one region.

    Parameters
    ----------
    t1, t2 : Tiling
        Complete tilings of the same (plane) region.

    Returns
    -------
    DoubleDimer
        Loops (cells, lengths, nesting depths, which surround a point, length
        distribution, box-counting dimension) and doubled dominoes.

    Raises
    ------
    DominoTilingError
        If the tilings tile different regions, leave cells uncovered, or either
        one's labels are not dominoes (a ``Tiling(..., validate=False)``; checked
        in ``O(cells)`` before the kernel runs).
    DominoTypeError
        If either is not a Tiling.

    See Also
    --------
    DoubleDimer, draw_double_dimer, height_field

    Notes
    -----
    Every cell lies on one domino of each tiling, so the union of the two is a
    graph of degree 2: disjoint cycles, of even length since the grid is
    bipartite, and doubled edges where the tilings agree. One walk per loop
    labels them (``O(cells)``); one right-to-left sweep per row counts, for each
    loop, the other loops crossed an odd number of times by a ray to the right
    from it: its nesting depth. Loops of uniform samples converge to CLE(4) [3]_.

    Examples
    --------
    >>> from dominotiling import Tiling
    >>> r = Region.rectangle(2, 4)
    >>> a = Tiling.from_dominoes(r, [((0, 0), (1, 0)), ((0, 1), (0, 2)), ((1, 1), (1, 2)), ((0, 3), (1, 3))])
    >>> b = Tiling.from_dominoes(r, [((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 2), (1, 2)), ((0, 3), (1, 3))])
    >>> dd = double_dimer(a, b)
    >>> dd.n_loops, dd.lengths.tolist(), dd.n_doubled
    (1, [4], 2)
    """
    from .._kernels.statistics import double_dimer as kernel
    from .._kernels.statistics import nesting_depths

    t1 = _validate.tiling(t1, "t1")
    t2 = _validate.tiling(t2, "t2")
    if not (t1.region is t2.region or t1.region == t2.region):
        raise DominoTilingError(
            f"t1 and t2 tile different regions (shapes {t1.region.shape} and {t2.region.shape}); "
            "a double-dimer configuration superposes two tilings of one region"
        )
    for name, t in (("t1", t1), ("t2", t2)):
        # the kernel walks partner cells through the labels: labels that are not dominoes
        # (a Tiling built with validate=False) would send it outside its arrays
        try:
            t.validate()
        except DominoTilingError as err:
            raise DominoTilingError(
                f"{name} is not a tiling of its region: {err}; build it with "
                "Tiling(region, labels) (validate=True) to see why"
            ) from None
        if not t.is_complete:
            raise DominoTilingError(
                f"{name} leaves {t.n_uncovered} cell(s) uncovered; double dimers need complete tilings"
            )
    rows, cols = t1.region.shape
    check_memory(48 * rows * cols, f"the double-dimer loops of a {rows}x{cols} region")
    lab1 = np.ascontiguousarray(t1.labels)
    lab2 = np.ascontiguousarray(t2.labels)
    ids, order, offsets = kernel(lab1, lab2)
    depths = nesting_depths(ids, lab1, lab2, order[offsets[:-1]])
    return DoubleDimer(t1.region, ids, order, offsets, depths, (t1.labels, t2.labels))
