"""Colouring the dominoes of a tiling so that neighbours differ.

Two dominoes are *neighbours* when they share a side (``adjacency="side"``) or,
as the source article does for its pictures, also when they touch at a corner
(``adjacency="king"``). :func:`color_dominoes` gives every domino a colour id so
that neighbours differ, following the article: an order *smallest last*, then
greedy colouring in reverse order, and a *Kempe-chain* swap when a domino sees
every colour. With side adjacency five colours always suffice -- and, as the
Notes of :func:`color_dominoes` prove, so do four. :func:`color_frames` records
the steps to watch it work (:class:`ColoringFrame`, :mod:`dominotiling.viz.animate`).

- :func:`color_dominoes` -- one colour id per domino, a proper colouring.
- :func:`domino_graph` -- the neighbour graph of the dominoes (networkx).
- :func:`color_bound` -- how many colours :func:`color_dominoes` always manages.
- :func:`color_frames` -- the steps of the colouring, as frames for an animation.
- :class:`ColoringFrame` -- one step (a :class:`~dominotiling.model.frames.Frame`).

Examples
--------
>>> from dominotiling import Region, random_tiling
>>> from dominotiling.matching.color import color_dominoes
>>> t = random_tiling(Region.rectangle(6, 6), seed=3)
>>> colors = color_dominoes(t, k=5)
>>> colors.shape, bool(colors.max() < 5)
((18,), True)
"""

from __future__ import annotations

import heapq

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import deprecated_frames, keyword_only
from ..errors import DominoTilingError, TooLargeError
from ..model.frames import TupleFrame

__all__ = [
    "color_dominoes",
    "color_frames",
    "domino_graph",
    "color_bound",
    "ColoringFrame",
    "ADJACENCIES",
]

#: Neighbour relations between dominoes, by name.
ADJACENCIES = ("side", "king")
#: The most dominoes :func:`color_dominoes` keeps frames for (each frame holds a colour array).
FRAMES_MAX_DOMINOES = 4096


class ColoringFrame(TupleFrame):
    """One step of :func:`color_frames`: a :class:`~dominotiling.model.frames.Frame`.

    Attributes
    ----------
    tiling : Tiling
        The tiling being coloured (the same object in every frame).
    colors : numpy.ndarray
        ``int16`` array of length ``tiling.n_dominoes``: the colour of each domino
        after this step, ``-1`` for a domino not coloured yet.
    changed : numpy.ndarray
        ``int64`` ids of the dominoes whose colour this step set or changed
        (empty for the first frame).
    kempe : bool
        True when this step is a Kempe-chain swap: the dominoes in `changed`
        exchanged two colours to free one for `domino`.
    domino : int
        The domino being coloured at this step (``-1`` for the first frame).

    Notes
    -----
    As a frame: the dominoes in their colours (not yet coloured ones grey), the
    centres of the `changed` dominoes ringed (``points``), and for a Kempe swap
    the cells of the waiting `domino` highlighted; the ``title`` says what the
    step did.
    """

    __slots__ = ("_changed", "_kempe", "_domino")
    _fields = ("tiling", "colors", "changed", "kempe", "domino")

    def __init__(self, tiling, colors, changed, kempe, domino):
        super().__init__(tiling, colors=colors)
        changed = np.asarray(changed, dtype=np.int64).ravel()
        changed.setflags(write=False)
        object.__setattr__(self, "_changed", changed)
        object.__setattr__(self, "_kempe", bool(kempe))
        object.__setattr__(self, "_domino", int(domino))

    changed = property(lambda self: self._changed, doc="Ids of the dominoes this step coloured.")
    kempe = property(lambda self: self._kempe, doc="Whether this step is a Kempe-chain swap.")
    domino = property(lambda self: self._domino, doc="The domino being coloured (-1 at the start).")

    @property
    def points(self):
        """Centres ``(row, col)`` of the changed dominoes (computed when asked)."""
        if not self._changed.size:
            return np.zeros((0, 2))
        return self.tiling.dominoes[self._changed].mean(axis=1)

    @property
    def highlight(self):
        """For a Kempe swap, the two cells of the domino waiting for the freed colour."""
        if self._kempe and 0 <= self._domino < self.tiling.n_dominoes:
            return self.tiling.dominoes[self._domino]
        return np.zeros((0, 2), np.int64)

    @property
    def title(self):
        """What the step did."""
        if self._kempe:
            m = self._changed.size
            return f"Kempe swap: {m} domino{'es' if m != 1 else ''} recoloured"
        return f"{int((self.colors >= 0).sum())} of {self.colors.size} coloured"


# ------------------------------------------------------------------ the graph
def _check(tiling, adjacency):
    _validate.tiling(tiling)
    if not isinstance(adjacency, str) or adjacency not in ADJACENCIES:
        raise DominoTilingError(
            f"adjacency must be one of {ADJACENCIES}, got {adjacency!r}: 'side' for dominoes "
            "sharing a side, 'king' to count dominoes touching at a corner too"
        )


def _edges(labels, adjacency):
    """``(m, 2)`` array of neighbouring domino pairs ``a < b``, each once, sorted."""
    # cell (r, c) against (r + 1, c), (r, c + 1), and the corners (r + 1, c + 1), (r + 1, c - 1)
    views = [(labels[:-1, :], labels[1:, :]), (labels[:, :-1], labels[:, 1:])]
    if adjacency == "king":
        views += [(labels[:-1, :-1], labels[1:, 1:]), (labels[:-1, 1:], labels[1:, :-1])]
    parts = [np.zeros((0, 2), np.int64)]
    for a, b in views:
        sel = (a >= 0) & (b >= 0) & (a != b)
        parts.append(np.sort(np.stack([a[sel], b[sel]], 1).astype(np.int64), axis=1))
    return np.unique(np.concatenate(parts), axis=0)


def _neighbours(n, edges):
    """Adjacency lists (Python lists of ints, ascending) from an edge array."""
    nbrs = [[] for _ in range(n)]
    for a, b in edges.tolist():
        nbrs[a].append(b)
        nbrs[b].append(a)
    for lst in nbrs:
        lst.sort()
    return nbrs


def domino_graph(tiling, adjacency="side"):
    """The neighbour graph of the dominoes of a (partial) tiling.

    Parameters
    ----------
    tiling : Tiling
        Uncovered cells are ignored; only dominoes are vertices.
    adjacency : {"side", "king"}
        ``"side"``: dominoes sharing a side are neighbours; ``"king"``: also
        dominoes touching only at a corner (the source article's choice).

    Returns
    -------
    networkx.Graph
        Vertices ``0 .. n_dominoes - 1`` (the domino ids of ``tiling.labels``).

    Raises
    ------
    DominoTilingError
        If `adjacency` is unknown.

    Notes
    -----
    With side adjacency the graph is planar: it is the cells' grid graph with the
    two cells of each domino contracted, and a contraction of a planar graph is
    planar. With king adjacency the two diagonals of a corner where four dominoes
    meet cross; every edge is crossed at most once (the graph is 1-planar), and
    it need not be planar.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> t = find_tiling(Region.rectangle(2, 2))
    >>> sorted(domino_graph(t).edges())
    [(0, 1)]
    """
    import networkx as nx

    _check(tiling, adjacency)
    g = nx.Graph()
    g.add_nodes_from(range(tiling.n_dominoes))
    g.add_edges_from(_edges(tiling.labels, adjacency).tolist())
    return g


def _smallest_last(nbrs):
    """Smallest-last order (Matula and Beck) and the degeneracy of the graph.

    Repeatedly removes a vertex of least degree in what remains (the smallest id
    among ties); returns the removal order and the largest degree met at removal.
    """
    n = len(nbrs)
    deg = [len(x) for x in nbrs]
    heap = [(d, v) for v, d in enumerate(deg)]
    heapq.heapify(heap)
    removed = [False] * n
    order = []
    degeneracy = 0
    while heap:
        d, v = heapq.heappop(heap)
        if removed[v] or d != deg[v]:
            continue  # a stale entry
        removed[v] = True
        order.append(v)
        degeneracy = max(degeneracy, d)
        for u in nbrs[v]:
            if not removed[u]:
                deg[u] -= 1
                heapq.heappush(heap, (deg[u], u))
    return order, degeneracy


def color_bound(tiling, adjacency="side"):
    """The fewest colours :func:`color_dominoes` is guaranteed to manage on this tiling.

    Parameters
    ----------
    tiling : Tiling
    adjacency : {"side", "king"}

    Returns
    -------
    int
        ``d + 1`` for the degeneracy ``d`` of the domino graph (greedy colouring
        in smallest-last order needs no more), capped at 4 for side adjacency
        (the Kempe step; see the Notes of :func:`color_dominoes`). At most 4 for
        side and 7 for king adjacency on any tiling; 0 when there is no domino.

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> color_bound(find_tiling(Region.rectangle(1, 2)))
    1
    >>> color_bound(find_tiling(Region.rectangle(8, 8)), "king") <= 7
    True
    """
    _check(tiling, adjacency)
    n = tiling.n_dominoes
    if n == 0:
        return 0
    _, d = _smallest_last(_neighbours(n, _edges(tiling.labels, adjacency)))
    return min(d + 1, 4) if adjacency == "side" else d + 1


# ------------------------------------------------------------------ colouring
def _kempe(v, k, nbrs, color):
    """A Kempe chain whose swap frees a colour for the uncoloured vertex `v`.

    Tries every ordered pair ``(a, b)`` of colours: the ``(a, b)``-coloured
    component(s) holding all neighbours of `v` coloured ``a``; if they hold no
    neighbour coloured ``b``, swapping ``a`` and ``b`` on them frees ``a``.
    Returns ``(vertices, a, b)`` for the smallest such chain, or None.
    """
    best = None
    by_color = [[] for _ in range(k)]
    for u in nbrs[v]:
        if color[u] >= 0:
            by_color[color[u]].append(u)
    for a in range(k):
        for b in range(k):
            if a == b:
                continue
            targets = set(by_color[b])
            seen = set(by_color[a])
            stack = list(by_color[a])
            ok = True
            while stack and ok:
                x = stack.pop()
                for y in nbrs[x]:
                    if y not in seen and (color[y] == a or color[y] == b):
                        if y in targets:
                            ok = False
                            break
                        seen.add(y)
                        stack.append(y)
            if ok and (best is None or len(seen) < len(best[0])):
                best = (sorted(seen), a, b)
    return best


class _Stuck(Exception):
    def __init__(self, vertex, degeneracy):
        super().__init__(vertex, degeneracy)
        self.vertex, self.degeneracy = vertex, degeneracy


def _color_graph(nbrs, k, record=None):
    """Colours ``0 .. k-1`` for a graph given by adjacency lists; smallest last, then Kempe.

    ``record(color, changed, kempe, v)`` is called for the empty colouring and
    after every step; raises :class:`_Stuck` when a vertex sees all `k` colours
    and no Kempe swap frees one.
    """
    order, d = _smallest_last(nbrs)
    color = [-1] * len(nbrs)
    if record:
        record(color, [], False, -1)
    for v in reversed(order):
        used = {color[u] for u in nbrs[v]}
        free = next((c for c in range(k) if c not in used), -1)
        if free < 0:
            chain = _kempe(v, k, nbrs, color)
            if chain is None:
                raise _Stuck(v, d)
            vertices, a, b = chain
            for u in vertices:
                color[u] = b if color[u] == a else a
            free = a
            if record:
                record(color, vertices, True, v)
        color[v] = free
        if record:
            record(color, [v], False, v)
    return color


def _fail(v, k, adjacency, d):
    guaranteed = min(d + 1, 4) if adjacency == "side" else d + 1
    return DominoTilingError(
        f"could not colour the dominoes with k={k} colours ({adjacency} adjacency): domino {v} "
        f"sees all {k} colours and no Kempe-chain swap frees one. This tiling's domino graph is "
        f"{d}-degenerate, so k={guaranteed} always works here (see color_bound); "
        + (
            "k=4 always works with side adjacency."
            if adjacency == "side"
            else "k=7 always works with king adjacency; k=5 (the article's choice) usually does."
        )
    )


@keyword_only("k", "adjacency", "frames")
def color_dominoes(tiling, *, k=5, adjacency="side", frames=False):
    """Colour the dominoes of a (partial) tiling so that neighbours get different colours.

    Parameters
    ----------
    tiling : Tiling
        Complete or partial; only dominoes are coloured.
    k : int, default 5
        Colours available, ids ``0 .. k - 1``.
    adjacency : {"side", "king"}
        ``"side"``: dominoes sharing a side must differ; ``"king"``: also those
        touching at a corner (the source article's choice, nicer pictures).
    frames : bool, default False
        Deprecated (it goes in the next release): also return the steps, with a
        ``DeprecationWarning``; :func:`color_frames` gives them.

    Returns
    -------
    colors : numpy.ndarray
        ``int64`` array of length ``tiling.n_dominoes``, values in ``0 .. k - 1``;
        ``colors[i] != colors[j]`` for neighbouring dominoes ``i`` and ``j``.
    frames : list of ColoringFrame
        Only with the deprecated ``frames=True``: ``color_frames(tiling, k=k,
        adjacency=adjacency)``, whose last frame's colours are `colors`.

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling or `k` is not an integer.
    DominoTilingError
        If `k` is not an integer >= 1, `adjacency` is unknown, or the dominoes
        cannot be coloured with `k` colours by this method (never for
        ``k >= color_bound(tiling, adjacency)``, in particular never for
        ``k >= 4`` with side adjacency or ``k >= 7`` with king adjacency); the
        message names the `k` that always works.
    TooLargeError
        With (deprecated) ``frames=True`` on more than :data:`FRAMES_MAX_DOMINOES` dominoes.

    See Also
    --------
    color_frames, animate_coloring

    Notes
    -----
    *Order.* Smallest last [1]_: remove a domino of least degree, repeat on what
    remains; colour in reverse removal order. Each domino then has at most ``d``
    coloured neighbours when its turn comes, ``d`` the degeneracy of the graph,
    so greedy colouring (smallest free colour, as in the article) needs at most
    ``d + 1`` colours.

    *Degeneracy.* In any set ``H`` of dominoes take the one holding the first cell
    ``(r, c)`` of ``H`` in row-major order. No domino of ``H`` lies above row
    ``r`` or left of ``(r, c)`` in row ``r``. Sharing a side, a horizontal one
    can then meet only ``(r, c + 2)``, ``(r + 1, c)``, ``(r + 1, c + 1)``: 3
    neighbours; a vertical one ``(r, c + 1)``, ``(r + 1, c - 1)``,
    ``(r + 1, c + 1)``, ``(r + 2, c)``: 4. So the side graph is 4-degenerate and
    five colours never need a Kempe step. Counting corners too, the same cell
    count gives at most 5 and 6 neighbours: the king graph is 6-degenerate, and
    7 colours always suffice.

    *Kempe step.* When a domino ``v`` sees all ``k`` colours, try every ordered
    pair ``(a, b)`` of colours: let ``C`` be the union of the connected
    components of the subgraph coloured ``{a, b}`` that hold the neighbours of
    ``v`` coloured ``a``. If ``C`` holds no neighbour of ``v`` coloured ``b``,
    swapping ``a`` and ``b`` on ``C`` keeps the colouring proper and frees ``a``
    for ``v``; the smallest such ``C`` is used. This needs no embedding and is
    at least as strong as Kempe's argument [2]_: with side adjacency and
    ``k = 4`` the domino ``v`` has at most 4 coloured neighbours; if they take
    all four colours, name them ``v1 .. v4`` in cyclic order around ``v`` in a
    plane drawing of the (planar) graph. If the ``(c1, c3)`` chain from ``v1``
    misses ``v3``, the pair ``(c1, c3)`` works; otherwise that chain and ``v``
    close a curve separating ``v2`` from ``v4``, so the ``(c2, c4)`` chain from
    ``v2`` misses ``v4`` and ``(c2, c4)`` works. Hence **four colours always
    suffice with side adjacency**, and five for any planar graph (the classic
    five colour theorem, with the same argument at a vertex of degree 5). The
    king graph need not be planar; there the step is tried and may fail for
    ``k < d + 1``.

    Cost: ``O(n log n + m)`` for the order, ``O(k^2 (n + m))`` per Kempe step,
    ``n`` dominoes and ``m`` neighbour pairs; pure Python, some 30 ms for two
    thousand dominoes. Frames take ``O(n)`` memory each. On random tilings the
    side graph was always found 3-degenerate (greedy alone then needs 4
    colours) and the king graph 4-degenerate (5 colours with no Kempe step),
    while 4 colours with king adjacency need Kempe swaps on many tilings of a
    10 x 10 board and fail on a few.

    References
    ----------
    .. [1] D. W. Matula and L. L. Beck, "Smallest-last ordering and clustering
       and graph coloring algorithms", J. ACM 30 (1983) 417-427.
    .. [2] A. B. Kempe, "On the geographical problem of the four colours",
       Amer. J. Math. 2 (1879) 193-200; P. J. Heawood, "Map-colour theorem",
       Quart. J. Pure Appl. Math. 24 (1890) 332-338.

    Examples
    --------
    >>> from dominotiling import Region, random_tiling
    >>> t = random_tiling(Region.rectangle(8, 8), seed=1)
    >>> colors = color_dominoes(t, k=4)
    >>> len(colors), int(colors.max()) < 4
    (32, True)
    """
    frames = _validate.boolean(frames, "frames")
    if frames:
        deprecated_frames("color_dominoes", "color_frames(tiling, k=..., adjacency=...)")
    return _color(tiling, k, adjacency, frames)


def _color(tiling, k, adjacency, frames):
    """The colours of :func:`color_dominoes`, and its steps as frames when `frames`."""
    _check(tiling, adjacency)
    k = _validate.positive_int(k, "k")
    n = tiling.n_dominoes
    if frames:
        _check_frames(n)
    nbrs = _neighbours(n, _edges(tiling.labels, adjacency))
    out = []

    def record(color, changed, kempe, v):
        out.append(
            ColoringFrame(
                tiling, np.array(color, dtype=np.int16), np.array(changed, dtype=np.int64), kempe, v
            )
        )

    try:
        color = _color_graph(nbrs, k, record if frames else None)
    except _Stuck as stuck:
        raise _fail(stuck.vertex, k, adjacency, stuck.degeneracy) from None
    colors = np.array(color, dtype=np.int64)
    return (colors, out) if frames else colors


def _check_frames(n):
    if n > FRAMES_MAX_DOMINOES:
        raise TooLargeError(
            f"the tiling has {n} dominoes; frames are kept for at most {FRAMES_MAX_DOMINOES} "
            "(each frame holds a colour array); for the colours alone call color_dominoes(tiling) "
            "without frames"
        )
    # at most 2n + 1 frames (a Kempe swap before each domino), each an int16 array and a record
    check_memory(
        (2 * n + 1) * (2 * n + 400),
        f"the colouring frames of {n} dominoes",
        "color_dominoes(tiling) for the colours alone",
    )


@keyword_only("k", "adjacency")
def color_frames(tiling, *, k=5, adjacency="side"):
    """The steps of :func:`color_dominoes` as frames, for an animation.

    Parameters
    ----------
    tiling : Tiling
        At most :data:`FRAMES_MAX_DOMINOES` dominoes.
    k : int, default 5
    adjacency : {"side", "king"}
        As for :func:`color_dominoes`.

    Returns
    -------
    list of ColoringFrame
        The empty colouring, then one frame per domino coloured and one per
        Kempe swap (:class:`~dominotiling.model.frames.Frame` objects, ready for
        :func:`~dominotiling.viz.animate.animate`); the last frame's colours are
        ``color_dominoes(tiling, k=k, adjacency=adjacency)``.

    Raises
    ------
    DominoTilingError, TooLargeError
        As :func:`color_dominoes`; TooLargeError above :data:`FRAMES_MAX_DOMINOES` dominoes.

    See Also
    --------
    color_dominoes, animate_coloring

    Examples
    --------
    >>> from dominotiling import Region, random_tiling
    >>> t = random_tiling(Region.rectangle(4, 4), seed=1)
    >>> steps = color_frames(t, k=4)
    >>> len(steps) >= t.n_dominoes + 1, steps[0].title, steps[-1].title
    (True, '0 of 8 coloured', '8 of 8 coloured')
    >>> bool((steps[-1].colors == color_dominoes(t, k=4)).all()), int(steps[0].colors.max())
    (True, -1)
    """
    return _color(tiling, k, adjacency, True)[1]
