"""Wilson's algorithm: uniformly random spanning trees by loop-erased random walks.

:func:`uniform_spanning_tree` takes a networkx graph (and returns one), or a grid
shape or CSR arrays (and returns a parent array, so that a 1000x1000 grid never
touches networkx); a numba kernel does the walks. :func:`wilson_frames` keeps the
walks and erasures as frames for animations.

Examples
--------
>>> import networkx as nx
>>> from dominotiling.trees.wilson import uniform_spanning_tree
>>> G = nx.Graph([(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 2)])
>>> T = uniform_spanning_tree(G, seed=1)
>>> nx.is_tree(T) and set(T) == set(G)
True
>>> parent = uniform_spanning_tree((3, 4), seed=1)      # a grid: a parent array
>>> int((parent == -1).sum())
1

References
----------
.. [1] D. B. Wilson, "Generating random spanning trees more quickly than the cover
   time", Proc. 28th ACM STOC (1996), 296-303.
"""

from __future__ import annotations

import functools

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import deprecated_frames, keyword_only
from ..errors import DominoTilingError, DominoTypeError, TooLargeError
from ..model.frames import TupleFrame
from ..model.region import Region

__all__ = ["uniform_spanning_tree", "wilson_frames", "WilsonFrame", "FRAMES_MAX_NODES"]

#: The most vertices :func:`wilson_frames` accepts.
FRAMES_MAX_NODES = 1024
#: Uniforms drawn per call of the Wilson kernel, at most (the stream does not depend on it).
_CHUNK = 1 << 20
#: Peak bytes per vertex of a grid's tree: its CSR adjacency as built (48), walk and parent (13).
GRID_BYTES_PER_VERTEX = 64
#: Walk steps per second of Wilson's kernel, in units of :func:`_grid_steps` (measured on the
#: 2-vCPU EPYC of benchmarks/RESULTS.md: 1.2e8 on paths 1 x 10**4, 3.4e7 on a 1000 x 1000 square;
#: the faster rate, so that only jobs sure to be long are refused).
_STEPS_PER_SECOND = 1.2e8
#: Jobs estimated longer than this are refused up front.
MAX_SECONDS = 600.0


def _grid_steps(rows, cols):
    """Expected walk steps of Wilson's algorithm on a ``rows x cols`` grid rooted at its centre, roughly.

    The expected running time is the mean hitting time of the root, at most
    ``sum_v deg(v) R(v, root)`` with ``R`` the effective resistance: about ``d / w``
    at distance ``d`` along a strip ``w`` wide, plus ``log(w) / pi`` across it. So
    ``L**2 + 4 w L log(w) / pi`` for ``w = min(rows, cols)``, ``L = max(rows, cols)``.
    """
    import math

    w, length = sorted((rows, cols))
    return float(length) ** 2 + 4.0 * w * length * math.log(max(w, 2)) / math.pi


def _path_tree(rows, cols, root):
    """The one spanning tree of a path (a grid with a side of 1): every vertex points towards `root`."""
    n = rows * cols
    parent = np.arange(n, dtype=np.int64)
    parent[:root] += 1
    parent[root + 1 :] -= 1
    parent[root] = -1
    return parent


class WilsonFrame(TupleFrame):
    """One moment of Wilson's algorithm (:func:`wilson_frames`): a :class:`~dominotiling.model.frames.Frame`.

    Attributes
    ----------
    parent : numpy.ndarray
        int64, one entry per vertex id: the parent in the tree grown so far,
        ``-1`` for the root, ``-2`` for a vertex not in the tree yet. Frames
        between two attachments share this array: do not modify it.
    path : numpy.ndarray
        int64 vertex ids of the current loop-erased walk, its start first.
    event : str
        ``"start"`` (the root alone), ``"begin"`` (a walk starts), ``"step"`` (the
        walk moved to a new vertex), ``"erase"`` (it met its own path again and
        the loop was erased), ``"attach"`` (it hit the tree; `path`, ending in a
        tree vertex, joined the tree).
    nodes : list or None
        For a networkx graph, ``nodes[k]`` is the node of vertex id ``k``.
    shape : tuple or None
        For a grid shape ``(rows, cols)``: vertex id ``k`` is the cell
        ``divmod(k, cols)``.

    Notes
    -----
    As a frame, on a grid (`shape` given): the grid's vertices are the cells of
    a ``rows x cols`` region, the tree grown so far its ``edges``, the walk its
    ``line``, the root ``highlight``-ed, and the ``title`` names the event. A
    frame of another graph has nothing to draw (no board).
    """

    __slots__ = ("_parent", "_path", "_event", "_nodes", "_grid")
    _fields = ("parent", "path", "event", "nodes", "shape")

    def __init__(self, parent, path, event, nodes, shape):
        super().__init__()
        for name, value in (
            ("_parent", parent),
            ("_path", path),
            ("_event", event),
            ("_nodes", nodes),
            ("_grid", None if shape is None else tuple(shape)),
        ):
            object.__setattr__(self, name, value)

    parent = property(
        lambda self: self._parent, doc="Parent of each vertex id (-1 root, -2 not in the tree)."
    )
    path = property(lambda self: self._path, doc="Vertex ids of the loop-erased walk.")
    event = property(lambda self: self._event, doc="What happened at this step.")
    nodes = property(lambda self: self._nodes, doc="The networkx nodes by vertex id, or None.")
    shape = property(lambda self: self._grid, doc="The grid shape ``(rows, cols)``, or None.")

    def _cells(self, ids):
        return np.stack(np.divmod(np.asarray(ids, dtype=np.int64), self._grid[1]), axis=1)

    @property
    def region(self):
        """The grid as a region (``None`` for another graph)."""
        return None if self._grid is None else _grid_region(self._grid)

    @property
    def edges(self):
        """The tree grown so far, as pairs of cells (grids only)."""
        if self._grid is None:
            return np.zeros((0, 2, 2), np.int64)
        v = np.flatnonzero(np.asarray(self._parent) >= 0)
        return np.stack([self._cells(v), self._cells(np.asarray(self._parent)[v])], axis=1)

    @property
    def line(self):
        """The walk, as cells (grids only)."""
        if self._grid is None or not len(self._path):
            return np.zeros((0, 2), np.int64)
        return self._cells(self._path)

    @property
    def highlight(self):
        """The root's cell (grids only)."""
        if self._grid is None:
            return np.zeros((0, 2), np.int64)
        return self._cells(np.flatnonzero(np.asarray(self._parent) == -1))

    @property
    def title(self):
        """The event in words."""
        return _EVENT_TITLES.get(self._event, self._event)


_EVENT_TITLES = {
    "start": "the root",
    "begin": "a new walk",
    "step": "walking",
    "erase": "loop erased",
    "attach": "the walk joins the tree",
}


@functools.lru_cache(maxsize=8)
def _grid_region(shape):

    return Region.rectangle(*shape)


def _index_type(nnz):
    """int32 CSR pointers when they fit (less memory traffic in the walk), else int64."""
    return np.int32 if nnz < 2**31 else np.int64


def _grid_csr(rows, cols):
    """CSR adjacency of the ``rows x cols`` grid, vertex ``r * cols + c``, neighbours sorted."""
    n = rows * cols
    idx = np.arange(n, dtype=np.int32).reshape(rows, cols)
    nb = np.full((rows, cols, 4), -1, dtype=np.int32)
    nb[1:, :, 0] = idx[:-1]
    nb[:, 1:, 1] = idx[:, :-1]
    nb[:, :-1, 2] = idx[:, 1:]
    nb[:-1, :, 3] = idx[1:]
    nb = nb.reshape(n, 4)
    ok = nb >= 0
    indptr = np.zeros(n + 1, dtype=_index_type(4 * n))
    np.cumsum(ok.sum(axis=1), out=indptr[1:])
    return indptr, nb[ok]


def _as_csr(graph):
    """``(indptr, indices, nodes, shape, default_root)`` of any accepted input; validated."""
    import networkx as nx
    from scipy import sparse

    if isinstance(graph, nx.Graph):
        _validate.graph(graph)
        if graph.is_multigraph():
            raise DominoTypeError(
                "expected a simple graph, got a multigraph: pass networkx.Graph(G)"
            )
        nodes = list(graph)
        index = {x: k for k, x in enumerate(nodes)}
        adj = graph._adj
        indices, indptr = [], [0]
        for x in nodes:
            indices.extend(index[y] for y in adj[x] if y != x)
            indptr.append(len(indices))
        csr = np.array(indptr, dtype=_index_type(len(indices))), np.array(indices, dtype=np.int32)
        return (*csr, nodes, None, 0)
    if (
        isinstance(graph, (tuple, list))
        and len(graph) == 2
        and all(isinstance(s, (int, np.integer)) and not isinstance(s, bool) for s in graph)
    ):
        rows, cols = int(graph[0]), int(graph[1])
        if rows < 1 or cols < 1:
            raise DominoTilingError(f"a grid shape needs rows, cols >= 1, got {graph!r}")
        check_memory(
            GRID_BYTES_PER_VERTEX * rows * cols,
            f"Wilson's algorithm on the {rows} x {cols} grid (its adjacency, walk and tree: "
            f"{GRID_BYTES_PER_VERTEX} bytes per vertex)",
            "a smaller grid",
        )
        return (*_grid_csr(rows, cols), None, (rows, cols), (rows // 2) * cols + cols // 2)
    if sparse.issparse(graph):
        a = sparse.csr_matrix(graph)
        if a.shape[0] != a.shape[1]:
            raise DominoTilingError(f"an adjacency matrix must be square, got shape {a.shape}")
        indptr, indices = a.indptr, a.indices
    elif isinstance(graph, (tuple, list)) and len(graph) == 2:
        indptr, indices = (np.asarray(x) for x in graph)
    else:
        raise DominoTypeError(
            f"expected a networkx graph, a grid shape (rows, cols), CSR arrays (indptr, indices) "
            f"or a scipy sparse adjacency matrix, got {type(graph).__name__}"
        )
    if (
        indptr.ndim != 1
        or indices.ndim != 1
        or indptr.size < 2
        or indptr.dtype.kind not in "iu"
        or indices.dtype.kind not in "iu"
        or indptr[0] != 0
        or indptr[-1] != indices.size
        or (np.diff(indptr) < 0).any()
    ):
        raise DominoTilingError(
            "CSR arrays must be 1-D integer arrays with indptr[0] == 0, indptr non-decreasing "
            "and indptr[-1] == len(indices) (as scipy.sparse.csr_array keeps them)"
        )
    n = indptr.size - 1
    if indices.size and (indices.min() < 0 or indices.max() >= n):
        raise DominoTilingError(f"CSR indices must lie in [0, {n}), the number of vertices")
    pattern = sparse.csr_matrix(
        (np.ones(indices.size, dtype=np.int8), indices, indptr), shape=(n, n)
    )
    if (pattern != pattern.T).nnz:
        raise DominoTilingError(
            "the adjacency is not symmetric: list every edge in both directions"
        )
    return indptr.astype(_index_type(indices.size)), indices.astype(np.int32), None, None, 0


def _root_index(root, nodes, shape, n, default):
    if root is None:
        return default
    if nodes is not None:
        try:
            return nodes.index(root)
        except ValueError:
            raise DominoTilingError(f"root = {root!r} is not a node of the graph") from None
    if shape is not None and isinstance(root, tuple) and len(root) == 2:
        r, c = root
        if not (0 <= r < shape[0] and 0 <= c < shape[1]):
            raise DominoTilingError(
                f"root = {root!r} is not a cell of the {shape[0]}x{shape[1]} grid"
            )
        return int(r) * shape[1] + int(c)
    if not isinstance(root, (int, np.integer)) or isinstance(root, bool) or not 0 <= root < n:
        raise DominoTilingError(f"root = {root!r} is not a vertex index in [0, {n})")
    return int(root)


def _trace(indptr, indices, root, uniforms, nodes, shape):
    """Wilson's algorithm in Python with explicit loop erasure, recording frames."""
    n = indptr.size - 1
    parent = np.full(n, -2, dtype=np.int64)
    parent[root] = -1
    frames = [WilsonFrame(parent.copy(), np.array([root]), "start", nodes, shape)]
    view = frames[0].parent
    for i in range(n):
        if parent[i] != -2:
            continue
        path, where = [i], {i: 0}
        frames.append(WilsonFrame(view, np.array(path), "begin", nodes, shape))
        while True:
            u = path[-1]
            start = int(indptr[u])
            v = int(indices[start + int(next(uniforms) * (int(indptr[u + 1]) - start))])
            if parent[v] != -2:
                path.append(v)
                for a, b in zip(path, path[1:]):
                    parent[a] = b
                view = parent.copy()
                frames.append(WilsonFrame(view, np.array(path), "attach", nodes, shape))
                break
            if v in where:
                for x in path[where[v] + 1 :]:
                    del where[x]
                del path[where[v] + 1 :]
                frames.append(WilsonFrame(view, np.array(path), "erase", nodes, shape))
            else:
                where[v] = len(path)
                path.append(v)
                frames.append(WilsonFrame(view, np.array(path), "step", nodes, shape))
    return parent, frames


@keyword_only("seed", "root", "frames")
def uniform_spanning_tree(G, *, seed=None, root=None, frames=False):
    """A uniformly random spanning tree (Wilson's algorithm).

    Parameters
    ----------
    G : networkx.Graph, (rows, cols), (indptr, indices) or scipy sparse matrix
        The graph, connected and undirected. A networkx graph (not a multigraph;
        self-loops are ignored) gives a networkx tree. The other forms give a
        parent array and never touch networkx: a grid shape ``(rows, cols)``
        (vertex ``r * cols + c``), CSR arrays ``(indptr, indices)`` listing every
        edge in both directions, or a sparse adjacency matrix (its pattern).
    seed : None, int or numpy.random.Generator
        The same seed gives the same tree on every machine.
    root : optional
        The root of the parent array (the tree itself is uniform whatever the
        root). A node of a networkx graph (default: the first); for a grid, a
        vertex index or a cell ``(r, c)`` (default: the centre cell, where the
        walks are shortest); for CSR input, a vertex index (default 0).
    frames : bool
        Deprecated (it goes in the next release): also return the walks and
        erasures, with a ``DeprecationWarning``; :func:`wilson_frames` gives them.

    Returns
    -------
    networkx.Graph or numpy.ndarray
        For a networkx graph, a tree on the same nodes (with their attributes)
        whose edges are edges of `G`. Otherwise ``parent``, int64 of length
        ``n``: ``parent[root] == -1`` and ``(v, parent[v])`` are the tree edges.
    frames : list of WilsonFrame
        Only with the deprecated ``frames=True``: ``wilson_frames(G, seed=seed, root=root)``.

    Raises
    ------
    TypeError
        If `G` is none of the accepted forms, directed, or a multigraph.
    DominoTilingError
        If the graph is not connected (no spanning tree exists), has no vertex,
        the CSR arrays are malformed or not symmetric, `root` is not a vertex,
        or (deprecated) ``frames=True`` on more than :data:`FRAMES_MAX_NODES` vertices.

    See Also
    --------
    wilson_frames, count_spanning_trees, tree_to_tiling

    Notes
    -----
    **Wilson's algorithm** [1]_: put the root in the tree; from each vertex not
    in the tree, walk at random until the tree is hit, erase the loops of the
    walk in the order they close, and add the path to the tree. The tree is
    uniform among all spanning trees, whatever the order of the starts. The
    kernel keeps, for each vertex, its last exit ``next[u]``: overwriting it on
    a revisit erases the loop, and retracing ``next`` from the start gives the
    loop-erased path. The expected number of steps is the mean hitting time of
    the root (``O(n log n)`` on a grid; about 6-14 million steps on the
    1000 x 1000 grid from its centre, a fraction of a second).

    Randomness: uniforms in ``[0, 1)`` from numpy's documented ``Generator``
    (PCG64 by default), drawn in chunks by :func:`~numpy.random.Generator.random`
    and handed to the kernel, one per step: the step from ``u`` goes to its
    neighbour number ``floor(U * deg(u))``, a bias below ``deg * 2**-53``. The
    tree depends only on the stream, not on the chunk size, so a seed gives the
    same tree everywhere; a Generator passed in is advanced by whole chunks.
    The traced version (:func:`wilson_frames`) erases loops explicitly in Python
    from the same stream, so it gives the same tree as the kernel.

    References
    ----------
    .. [1] D. B. Wilson, "Generating random spanning trees more quickly than the
       cover time", Proc. 28th ACM STOC (1996), 296-303.

    Examples
    --------
    >>> import networkx as nx
    >>> T = uniform_spanning_tree(nx.grid_2d_graph(5, 5), seed=3)
    >>> nx.is_tree(T), T.number_of_edges()
    (True, 24)
    >>> parent = uniform_spanning_tree((1000, 1000), seed=0)
    >>> parent.shape, int((parent == -1).sum()), int(parent[500 * 1000 + 500])
    ((1000000,), 1, -1)
    """
    if frames:
        deprecated_frames("uniform_spanning_tree", "wilson_frames(G, seed=..., root=...)")
    return _spanning_tree(G, seed, root, frames)


def _spanning_tree(G, seed, root, frames):
    """The tree of :func:`uniform_spanning_tree`, with Wilson's frames when `frames`."""
    from scipy.sparse.csgraph import connected_components

    if (
        not frames
        and isinstance(G, (tuple, list))
        and len(G) == 2
        and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in G)
        and min(G) == 1
    ):
        # a path has one spanning tree: no walk (Wilson's walks take ~L**2 steps on it)
        rows, cols = int(G[0]), int(G[1])
        check_memory(
            8 * rows * cols, f"the tree of the 1-wide {rows} x {cols} grid", "a smaller grid"
        )
        _validate.seed(seed)
        return _path_tree(
            rows,
            cols,
            _root_index(root, None, (rows, cols), rows * cols, (rows // 2) * cols + cols // 2),
        )
    if (
        not frames
        and isinstance(G, (tuple, list))
        and len(G) == 2
        and all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v >= 1 for v in G)
    ):
        seconds = _grid_steps(int(G[0]), int(G[1])) / _STEPS_PER_SECOND
        if seconds > MAX_SECONDS:
            raise TooLargeError(
                f"a uniform spanning tree of the {G[0]} x {G[1]} grid would take about {seconds:.2g} s "
                f"(Wilson's walks: about {_grid_steps(int(G[0]), int(G[1])):.2g} steps, the square of "
                f"the longer side for a strip); the limit is {MAX_SECONDS:.0f} s: use a grid closer "
                "to a square, or fewer vertices"
            )
    indptr, indices, nodes, shape, default = _as_csr(G)
    n = indptr.size - 1
    if n == 0:
        raise DominoTilingError("the graph has no vertices; spanning trees need at least one")
    r = _root_index(root, nodes, shape, n, default)
    if shape is None and n > 1:
        from scipy import sparse

        adj = sparse.csr_matrix(
            (np.ones(indices.size, dtype=np.int8), indices, indptr), shape=(n, n)
        )
        k = connected_components(adj, directed=False)[0]
        if k > 1:
            raise DominoTilingError(
                f"the graph is not connected ({k} components), so it has no spanning tree; "
                "sample a tree of each component (networkx.connected_components) instead"
            )
    rng = _validate.seed(seed)
    chunk = min(_CHUNK, max(1024, 8 * n))
    if frames:
        if n > FRAMES_MAX_NODES:
            raise TooLargeError(
                f"the graph has {n} vertices; frames are kept for at most {FRAMES_MAX_NODES} "
                "(each walk step is a frame): for the tree alone call uniform_spanning_tree "
                "without frames"
            )

        def uniforms():
            while True:
                yield from rng.random(chunk).tolist()

        parent, steps = _trace(indptr, indices, r, uniforms(), nodes, shape)
    else:
        from .._kernels.wilson import uniform_spanning_tree as kernel

        nxt = np.full(n, -1, dtype=np.int32)
        in_tree = np.zeros(n, dtype=np.bool_)
        in_tree[r] = True
        state = np.array([0, -1], dtype=np.int64)
        while state[0] < n:
            kernel(indptr, indices, nxt, in_tree, state, rng.random(chunk))
        parent = nxt.astype(np.int64)
        parent[r] = -1
    if nodes is None:
        return (parent, steps) if frames else parent
    import networkx as nx

    T = nx.Graph()
    T.add_nodes_from(G.nodes(data=True))
    T.add_edges_from((nodes[a], nodes[b]) for a, b in enumerate(parent.tolist()) if b >= 0)
    return (T, steps) if frames else T


def wilson_frames(G, *, seed=None, root=None):
    """Wilson's algorithm step by step: the walks, erasures and attachments as frames.

    Parameters
    ----------
    G, seed, root
        As for :func:`uniform_spanning_tree`; at most :data:`FRAMES_MAX_NODES` vertices.

    Returns
    -------
    list of WilsonFrame
        The root alone, then one frame per walk start, step, loop erasure and
        attachment (:class:`~dominotiling.model.frames.Frame` objects; on a grid shape
        ready for :func:`~dominotiling.viz.animate.animate`). The last frame's
        ``parent`` is ``uniform_spanning_tree(G, seed=seed, root=root)`` (for a
        grid or CSR input).

    Raises
    ------
    TooLargeError
        If the graph has more than :data:`FRAMES_MAX_NODES` vertices.
    DominoTilingError
        As :func:`uniform_spanning_tree`.

    See Also
    --------
    uniform_spanning_tree, animate_wilson

    Examples
    --------
    >>> steps = wilson_frames((3, 3), seed=1)
    >>> steps[0].title, steps[-1].event, len(steps[-1].edges)
    ('the root', 'attach', 8)
    >>> parent = uniform_spanning_tree((3, 3), seed=1)
    >>> steps[0].event, bool((steps[-1].parent == parent).all())
    ('start', True)
    """
    return _spanning_tree(G, seed, root, True)[1]
