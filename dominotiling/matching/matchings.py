"""Matchings of the grid graph: maximum partial covers, tileability, Hall certificates.

A domino is an edge between a black and a white cell, so a (partial) tiling is a
matching of the region's grid graph and a tiling is a perfect matching. Inside:

- :func:`maximum_matching` -- the largest partial cover, by Pothen--Fan+,
  Hopcroft--Karp or Kuhn's algorithm (numba, iterative, for millions of cells);
- :func:`kuhn_frames` -- Kuhn's algorithm traced: one :class:`KuhnFrame` per
  augmenting path, for pictures and animations;
- :func:`is_tileable` -- colour balance, then a maximum matching;
- :func:`hall_violator` and :func:`hall_neighbourhood` -- when there is no
  tiling, a set of cells of one colour with fewer neighbours than members, the
  certificate of Hall's theorem.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.matching.matchings import maximum_matching, is_tileable, hall_violator, hall_neighbourhood
>>> board = Region.from_strings(["#.......", "........", "........", "........",
...                              "........", "........", "........", ".......#"])
>>> maximum_matching(board).n_dominoes
30
>>> is_tileable(board)
False
>>> len(hall_violator(board)) - len(hall_neighbourhood(board, hall_violator(board)))
1

References
----------
.. [1] "Замощение доминошками" (Domino tilings), Habr: profile DP, covers,
   Kuhn's algorithm, colouring -- the first source article of this library.
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._util import deprecated_frames, keyword_only, user_stacklevel
from ..errors import DominoTilingError, TooLargeError
from ..model.frames import TupleFrame
from ..model.region import Region, check_region
from ..model.tiling import OUTSIDE, Tiling

__all__ = [
    "maximum_matching",
    "kuhn_frames",
    "KuhnFrame",
    "is_tileable",
    "hall_violator",
    "hall_neighbourhood",
    "ALGORITHMS",
    "FRAMES_MAX_CELLS",
]

#: Matching algorithms by name; ``"auto"`` means the first.
ALGORITHMS = ("pothen-fan", "hopcroft-karp", "kuhn")
#: The most cells :func:`kuhn_frames` accepts (every frame holds two label arrays).
FRAMES_MAX_CELLS = 4096


class KuhnFrame(TupleFrame):
    """One augmenting step of Kuhn's algorithm: a :class:`~dominotiling.model.frames.Frame`.

    Attributes
    ----------
    before : Tiling
        The partial tiling before the step.
    path : numpy.ndarray
        ``(k, 2)`` int array of cells ``(row, col)``, ``k`` even: the alternating
        chain, from a black cell uncovered in `before` to a white cell uncovered in
        `before`; cells ``2i`` and ``2i + 1`` form a domino of `after`, and cells
        ``2i + 1`` and ``2i + 2`` one of `before`.
    after : Tiling
        The partial tiling after flipping the chain: one domino more.

    Notes
    -----
    As a frame: ``tiling`` is `after`, ``before`` is `before`, ``line`` is `path`
    (an animation shows `before` with the path, then `after`), and ``title``
    says how long the path is.
    """

    __slots__ = ()
    _fields = ("before", "path", "after")

    def __init__(self, before, path, after):
        super().__init__(
            after, before=before, line=path, title=f"augmenting path, {len(path)} cells"
        )

    @property
    def path(self):
        """The alternating chain of cells, ``(k, 2)``."""
        return self.line

    @property
    def after(self):
        """The partial tiling after the step (the frame's ``tiling``)."""
        return self.tiling


# ----------------------------------------------------------------- the graph
class _Graph:
    """The black-white adjacency of a region's cells, in CSR form both ways.

    Black cells are numbered ``0 .. nb-1`` and white cells ``0 .. nw-1`` in
    row-major order; ``black``/``white`` hold their flat indices in the mask.
    """

    def __init__(self, region):
        from .._kernels.grid_csr import grid_csr

        mask = np.ascontiguousarray(region.mask)
        self.black, self.white, self.b_ptr, self.b_adj, self.w_ptr, self.w_adj = grid_csr(mask)
        self.mask = mask
        self.shape = mask.shape

    @property
    def nb(self):
        return self.black.size

    @property
    def nw(self):
        return self.white.size

    def cells(self, flat):
        """``(k, 2)`` array of ``(row, col)`` from flat mask indices."""
        return np.stack(np.divmod(flat, self.shape[1]), axis=1)

    def labels(self, mate_b):
        """Tiling labels of a matching (domino ids in row-major order of first cells)."""
        from .._kernels.grid_csr import matching_labels

        return matching_labels(self.mask, self.black, self.white, mate_b)


def _order(n, seed):
    """The order in which black cells are tried: row-major, or shuffled by `seed`."""
    if seed is None:
        return np.arange(n, dtype=np.int32)
    return _validate.seed(seed).permutation(n).astype(np.int32)


def _solve(graph, algorithm, order):
    """``(mate_b, mate_w)`` of a maximum matching by the named algorithm."""
    if algorithm == "kuhn":
        from .._kernels.kuhn import kuhn

        mate_b, mate_w, _, _ = kuhn(graph.b_ptr, graph.b_adj, graph.nw, order, False)
        return mate_b, mate_w
    if algorithm == "hopcroft-karp":
        from .._kernels.hopcroft_karp import hopcroft_karp as kernel
    else:
        from .._kernels.pothen_fan import pothen_fan as kernel
    mate_b, mate_w, _ = kernel(graph.b_ptr, graph.b_adj, graph.w_ptr, graph.w_adj, order)
    return mate_b, mate_w


def _check_algorithm(algorithm):
    algorithm = _validate.choice(algorithm, "method", ("auto", *ALGORITHMS))
    return ALGORITHMS[0] if algorithm == "auto" else algorithm


# ---------------------------------------------------------------- public API
@keyword_only("method", "seed", "frames")
def maximum_matching(region, *, method="auto", seed=None, frames=False, algorithm=None):
    """A largest partial tiling of a region: a maximum matching of its grid graph.

    Parameters
    ----------
    region : Region
        Any region, of any size (10**6 cells and more are fine).
    method : {"auto", "pothen-fan", "hopcroft-karp", "kuhn"}
        ``"auto"`` is ``"pothen-fan"``, the fastest on grid regions; see Notes.
        (Called ``algorithm=`` before; that spelling still works, with a
        ``DeprecationWarning``.)
    seed : None, int or numpy.random.Generator, keyword-only
        Shuffles the order in which black cells are tried (the start cells of
        Kuhn's searches; the greedy start of the others). ``None`` keeps
        row-major order, so results are reproducible by default. The size of
        the result never depends on the seed, only which cover is returned.
    frames : bool, keyword-only
        Deprecated (it goes in the next release): also return Kuhn's augmenting
        steps (``method`` must be ``"kuhn"`` or ``"auto"``, which then means Kuhn),
        with a ``DeprecationWarning``; :func:`kuhn_frames` gives them.

    Returns
    -------
    Tiling or (Tiling, list of KuhnFrame)
        A partial tiling with as many dominoes as possible; cells it leaves
        uncovered are labelled ``-2``. With the deprecated ``frames=True``, also
        ``kuhn_frames(region, seed=seed)``.

    Raises
    ------
    DominoTypeError
        If `region` is not a Region.
    DominoTilingError
        If `method` is unknown, or frames are asked of another method.
    TooLargeError
        With ``frames=True``, if the region has more than
        :data:`FRAMES_MAX_CELLS` cells.

    See Also
    --------
    find_tiling, max_cover, hall_violator, kuhn_frames

    Notes
    -----
    Black cells are matched to white neighbours; the graph is stored in CSR
    form (``E <= 2n`` edges for ``n`` cells).

    - ``"pothen-fan"``: Pothen--Fan+ [2]_ [3]_ after a Karp--Sipser start [4]_
      (match a vertex with one free neighbour left to it; else match greedily),
      which on grid regions already leaves very few cells free. Each phase is a
      depth-first search from every free black cell with *lookahead* (a free
      white neighbour is looked for first, by a pointer that never moves back)
      and *fairness* (adjacency lists are scanned forwards and backwards in
      alternate phases); visited marks last a phase. ``O(nE)`` in the worst case,
      but measured 20 to 30 times faster than Hopcroft--Karp on 1000 x 1000 and
      2000 x 2000 squares with 2 % holes (``benchmarks/cases_matching.py``).
    - ``"hopcroft-karp"``: Hopcroft--Karp [1]_ after the same start: phases of a
      breadth-first layering and depth-first search along the layers, ``O(E sqrt n)``.
      On grid regions with holes it needs about ``0.23 L`` phases for an ``L x L``
      region, most of them finding one or two paths, so it grows like ``n**1.5``.
    - ``"kuhn"``: Kuhn's augmenting paths [5]_ from the empty matching, one
      depth-first search per black cell, ``O(nE)`` -- the source article's
      algorithm, kept for teaching and for :func:`kuhn_frames`; it is written
      with an explicit stack, so large regions do not overflow Python's.

    All three are iterative numba kernels; the result is converted to labels
    with numpy.

    References
    ----------
    .. [1] J. E. Hopcroft, R. M. Karp, "An n^5/2 algorithm for maximum matchings
       in bipartite graphs", SIAM J. Comput. 2(4) (1973) 225--231.
    .. [2] A. Pothen, C.-J. Fan, "Computing the block triangular form of a
       sparse matrix", ACM Trans. Math. Softw. 16(4) (1990) 303--324.
    .. [3] I. S. Duff, K. Kaya, B. Uçar, "Design, implementation, and analysis
       of maximum transversal algorithms", ACM Trans. Math. Softw. 38(2) (2011) 13.
    .. [4] R. M. Karp, M. Sipser, "Maximum matchings in sparse random graphs",
       Proc. 22nd FOCS (1981) 364--375.
    .. [5] H. W. Kuhn, "The Hungarian method for the assignment problem",
       Naval Res. Logist. Quart. 2 (1955) 83--97.

    Examples
    --------
    >>> from dominotiling import Region
    >>> r = Region.from_strings(["...", ".#.", "..."])
    >>> t = maximum_matching(r)
    >>> t.n_dominoes, t.is_complete
    (4, True)
    >>> maximum_matching(Region.rectangle(3, 3), method="hopcroft-karp").n_uncovered
    1
    >>> t = maximum_matching(r, method="kuhn")
    >>> kuhn_frames(r)[-1].after == t
    True
    """
    check_region(region)
    if algorithm is not None:
        import warnings

        warnings.warn(
            "maximum_matching(algorithm=...) is now spelled method=...",
            DeprecationWarning,
            stacklevel=user_stacklevel(),
        )
        method = algorithm
    frames = _validate.boolean(frames, "frames")
    if frames:
        deprecated_frames("maximum_matching", "kuhn_frames(region, seed=...)")
        if method not in ("auto", "kuhn"):
            _check_algorithm(method)
            raise DominoTilingError(
                f"frames are recorded by Kuhn's algorithm only, not {method!r}; pass method='kuhn'"
            )
        return _kuhn_traced(region, seed)
    return maximum_matching_checked(region, method, seed)


def maximum_matching_checked(region, method="auto", seed=None):
    """:func:`maximum_matching` on checked arguments (a plane Region): ``find_tiling``'s route."""
    algorithm = _check_algorithm(method)
    graph = _Graph(region)
    mate_b, _ = _solve(graph, algorithm, _order(graph.nb, seed))
    return Tiling(region, graph.labels(mate_b), validate=False)


@keyword_only("seed")
def kuhn_frames(region, *, seed=None):
    """Kuhn's algorithm step by step: one frame per augmenting path.

    Parameters
    ----------
    region : Region
        At most :data:`FRAMES_MAX_CELLS` cells.
    seed : None, int or numpy.random.Generator
        Shuffles the order of the start cells, as the source article does for a
        livelier picture; ``None`` keeps row-major order.

    Returns
    -------
    list of KuhnFrame
        Frame ``i`` holds the partial tiling before step ``i``, the augmenting
        path (alternating chain of cells) and the tiling after; ``after`` of one
        frame is ``before`` of the next, each step adds one domino, and the last
        ``after`` is ``maximum_matching(region, method="kuhn", seed=seed)``. Frames
        (:class:`~dominotiling.model.frames.Frame`), ready for
        :func:`~dominotiling.viz.animate.animate`.

    Raises
    ------
    TooLargeError
        If the region has more than :data:`FRAMES_MAX_CELLS` cells (the frames
        would take quadratic memory); use :func:`maximum_matching` instead.

    See Also
    --------
    maximum_matching, animate_kuhn

    Examples
    --------
    >>> from dominotiling import Region
    >>> frames = kuhn_frames(Region.rectangle(2, 3), seed=1)
    >>> [f.after.n_dominoes for f in frames]
    [1, 2, 3]
    >>> frames[0].path.shape
    (2, 2)
    """
    check_region(region)
    return _kuhn_traced(region, seed)[1]


def _kuhn_traced(region, seed):
    n = region.n_cells
    if n > FRAMES_MAX_CELLS:
        raise TooLargeError(
            f"the region has {n} cells; Kuhn frames are kept for at most {FRAMES_MAX_CELLS} "
            "cells (every frame holds whole label arrays); for the matching alone call "
            "maximum_matching(region, method='kuhn')"
        )
    from .._kernels.kuhn import kuhn
    from .._options import check_memory

    # one label array (int32 and its renumbering) per step, n // 2 steps at most
    check_memory(
        12 * region.mask.size * (n // 2 + 1),
        f"Kuhn's frames on a {region.shape[0]} x {region.shape[1]} board",
        "maximum_matching(region, method='kuhn') for the matching alone",
    )

    graph = _Graph(region)
    mate_b, _, ptr, nodes = kuhn(graph.b_ptr, graph.b_adj, graph.nw, _order(graph.nb, seed), True)
    current = np.full(graph.nb, -1, np.int32)
    before = Tiling(region, graph.labels(current), validate=False)
    frames = []
    for k in range(len(ptr) - 1):
        chain = nodes[ptr[k] : ptr[k + 1]]
        blacks, whites = chain[0::2], chain[1::2]
        current[blacks] = whites
        flat = np.empty(chain.size, np.int64)
        flat[0::2], flat[1::2] = graph.black[blacks], graph.white[whites]
        after = Tiling(region, graph.labels(current), validate=False)
        frames.append(KuhnFrame(before, graph.cells(flat), after))
        before = after
    if not np.array_equal(current, mate_b):  # the replay must reproduce the kernel
        raise AssertionError("internal error: Kuhn's frames do not replay to its matching")
    return before, frames


def is_tileable(region):
    """True when the region has a domino tiling.

    Parameters
    ----------
    region : Region

    Returns
    -------
    bool

    See Also
    --------
    find_tiling, hall_violator, maximum_matching

    Notes
    -----
    A region with more cells of one colour than the other has no tiling (each
    domino covers one of each); otherwise it has one exactly when a maximum
    matching of its grid graph is perfect, found by Pothen--Fan+ in about linear
    time on grid regions.

    Examples
    --------
    >>> from dominotiling import Region
    >>> is_tileable(Region.rectangle(3, 4)), is_tileable(Region.rectangle(3, 3))
    (True, False)
    >>> is_tileable(Region.from_strings(["...####", "....###", "......#", "#.#....",
    ...                                  "#......", "##.....", "###...#"]))
    False
    """
    check_region(region)
    if not region.is_balanced:
        return False
    graph = _Graph(region)
    mate_b, _ = _solve(graph, ALGORITHMS[0], _order(graph.nb, None))
    return bool((mate_b >= 0).all())


@keyword_only("max_roots")
def hall_violator(region, *, max_roots=64):
    """A certificate that a region has no tiling: cells of one colour with too few neighbours.

    Parameters
    ----------
    region : Region
    max_roots : int
        How many uncovered cells of each colour to try as roots (see Notes).

    Returns
    -------
    frozenset of (int, int) or None
        ``None`` when the region is tileable. Otherwise a set ``S`` of cells
        ``(row, col)``, all of one colour, whose neighbourhood ``N(S)`` (the
        region cells sharing a side with a cell of ``S``, see
        :func:`hall_neighbourhood`) has exactly ``|S| - 1`` cells. Each cell of
        ``N(S)`` can cover at most one cell of ``S``, so no tiling covers ``S``.

    See Also
    --------
    is_tileable, maximum_matching, draw_certificate

    Notes
    -----
    Hall's theorem [1]_: a perfect matching exists unless some ``S`` has
    ``|N(S)| < |S|``; König's proof [2]_ finds ``S`` from a maximum matching ``M``.
    From a cell ``r`` that ``M`` leaves uncovered, follow any edge to the other
    colour and an edge of ``M`` back. Every cell of the other colour reached is
    covered by ``M`` (else the search would have found an augmenting path, and
    ``M`` would not be maximum) and its partner is reached too, so the cells of
    ``r``'s colour reached, ``S``, have ``|S| - 1`` neighbours.

    Up to `max_roots` uncovered cells of each colour (the first in row-major
    order) are tried and the smallest ``S`` is returned -- usually far smaller
    and more telling than the larger colour class, which is a violator whenever
    the colours are unbalanced. Cost: a maximum matching, then at most
    ``2 * max_roots`` breadth-first searches, each stopped once it grows past the
    best so far.

    References
    ----------
    .. [1] P. Hall, "On representatives of subsets", J. London Math. Soc. 10
       (1935) 26--30.
    .. [2] D. Kőnig, "Gráfok és mátrixok", Mat. Fiz. Lapok 38 (1931) 116--119.

    Examples
    --------
    >>> from dominotiling import Region
    >>> r = Region.from_strings(["...####", "....###", "......#", "#.#....",
    ...                          "#......", "##.....", "###...#"])
    >>> r.is_balanced
    True
    >>> s = hall_violator(r)
    >>> len(s), len(hall_neighbourhood(r, s))
    (6, 5)
    >>> hall_violator(Region.rectangle(2, 2)) is None
    True
    """
    check_region(region)
    if isinstance(max_roots, bool) or not isinstance(max_roots, (int, np.integer)) or max_roots < 1:
        raise DominoTilingError(f"max_roots must be a positive integer, got {max_roots!r}")
    from .._kernels.konig import konig

    graph = _Graph(region)
    mate_b, mate_w = _solve(graph, ALGORITHMS[0], _order(graph.nb, None))
    best = None
    for ptr, adj, mate_s, mate_t, cells in (
        (graph.b_ptr, graph.b_adj, mate_b, mate_w, graph.black),
        (graph.w_ptr, graph.w_adj, mate_w, mate_b, graph.white),
    ):
        roots = np.flatnonzero(mate_s < 0)[:max_roots].astype(np.int32)
        if roots.size == 0:
            continue
        sources, _ = konig(ptr, adj, mate_s, mate_t, roots)
        if best is None or sources.size < best.size:
            best = cells[sources]
    if best is None:
        return None
    return frozenset(map(tuple, graph.cells(np.sort(best)).tolist()))


def hall_neighbourhood(region, cells):
    """``N(S)``: the cells of `region` that share a side with a cell of `cells`.

    Parameters
    ----------
    region : Region
    cells : iterable of (int, int) or Region
        The set ``S``; cells outside the region raise an error.

    Returns
    -------
    frozenset of (int, int)

    Raises
    ------
    DominoTilingError
        If a cell of `cells` is not a cell of `region`.

    Examples
    --------
    >>> from dominotiling import Region
    >>> sorted(hall_neighbourhood(Region.rectangle(2, 3), [(0, 0)]))
    [(0, 1), (1, 0)]
    """
    check_region(region)
    members = _cell_mask(region, cells)
    m = np.pad(members, 1)
    near = m[:-2, 1:-1] | m[2:, 1:-1] | m[1:-1, :-2] | m[1:-1, 2:]
    return frozenset(map(tuple, np.argwhere(near & region.mask).tolist()))


def _cell_mask(region, cells):
    """Boolean mask of `cells` (pairs or a Region of the same shape), checked to lie in `region`."""
    if isinstance(cells, Region):
        if cells.shape != region.shape:
            raise DominoTilingError(
                f"the set is a region of shape {cells.shape} but the region has shape {region.shape}"
            )
        members = cells.mask.copy()
    else:
        members = np.zeros(region.shape, bool)
        for cell in cells:
            if cell not in region:
                raise DominoTilingError(f"cell {cell!r} is not a cell of the region")
            members[cell[0], cell[1]] = True
    if (members & ~region.mask).any():
        r, c = np.argwhere(members & ~region.mask)[0]
        raise DominoTilingError(f"cell {(int(r), int(c))} is not a cell of the region")
    return members


def has_nonzero_tiling(mask, hw, vw):
    """Exact: does `mask` have a tiling using only placements of nonzero weight (`hw`, `vw`: horizontal, vertical)?"""
    hok = mask[:, :-1] & mask[:, 1:] & (hw != 0)
    vok = mask[:-1] & mask[1:] & (vw != 0)
    return _perfect_mate(mask, hok, vok) is not None


def complete_tiling_labels(mask):
    """Labels of some complete tiling of the bool `mask` (domino ``i`` holds the ``i``-th black cell), or None.

    SciPy's Hopcroft--Karp (``scipy.sparse.csgraph.maximum_bipartite_matching``): no
    kernel to compile, which matters when only one tiling is wanted (a first call of
    the flux-sector functions); :func:`maximum_matching` is faster on large regions
    and gives partial covers. Outside cells are :data:`~dominotiling.model.tiling.OUTSIDE`.
    """
    mask = np.asarray(mask, dtype=bool)
    found = _perfect_mate(mask, mask[:, :-1] & mask[:, 1:], mask[:-1] & mask[1:])
    if found is None:
        return None
    black, white, mate = found
    n = mate.size
    labels = np.full(mask.shape, OUTSIDE, dtype=np.int32)
    labels[black] = np.arange(n, dtype=np.int32)
    of_white = np.empty(n, dtype=np.int32)
    of_white[mate] = np.arange(n, dtype=np.int32)
    labels[white] = of_white
    return labels


def _perfect_mate(mask, hok, vok):
    """``(black, white, mate)`` of a perfect matching using the allowed placements, or None.

    `hok` (``(rows, cols - 1)``) and `vok` (``(rows - 1, cols)``) mark the allowed
    horizontal and vertical placements by their first cell; `black`, `white` are the
    cell masks and ``mate[i]`` the white cell (row-major number) of black cell ``i``.
    """
    from scipy import sparse
    from scipy.sparse.csgraph import maximum_bipartite_matching

    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    white = mask & ((r + c) % 2 == 1)
    n = int(black.sum())
    if n != int(white.sum()):
        return None
    if not n:
        return black, white, np.zeros(0, dtype=np.int64)
    bidx = np.full(mask.shape, -1, dtype=np.int64)
    widx = np.full(mask.shape, -1, dtype=np.int64)
    bidx[black] = np.arange(n)
    widx[white] = np.arange(n)
    bs, ws = [], []
    for ok, a, b, wa, wb in (
        (hok, bidx[:, :-1], bidx[:, 1:], widx[:, :-1], widx[:, 1:]),
        (vok, bidx[:-1], bidx[1:], widx[:-1], widx[1:]),
    ):
        sel = ok & (a >= 0)
        bs.append(a[sel]), ws.append(wb[sel])
        sel = ok & (b >= 0)
        bs.append(b[sel]), ws.append(wa[sel])
    rows, cols = np.concatenate(bs), np.concatenate(ws)
    graph = sparse.csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n, n))
    mate = maximum_bipartite_matching(graph, perm_type="column")
    if (mate < 0).any():
        return None
    return black, white, np.asarray(mate, dtype=np.int64)
