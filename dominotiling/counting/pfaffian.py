"""Perfect matchings of any planar graph: Pfaffian orientations (the FKT algorithm).

Kasteleyn proved that every planar graph has a *Pfaffian orientation*: a way to
direct its edges so that all perfect matchings enter the Pfaffian of the signed
adjacency matrix with the same sign. Then ``|Pf K|`` is the number of perfect
matchings, and ``Pf(K)**2 = det K`` is an exact determinant. This module finds
such an orientation from a planar embedding (Fisher-Kasteleyn-Temperley, FKT) and
counts the perfect matchings of any planar networkx graph exactly, bipartite or
not, optionally with integer edge weights. Domino tilings are the special case of
grid graphs; Temperley's bijection needs the general one.

Examples
--------
>>> import networkx as nx
>>> from dominotiling.counting.pfaffian import count_perfect_matchings
>>> count_perfect_matchings(nx.hypercube_graph(3))        # the cube
9
>>> count_perfect_matchings(nx.grid_2d_graph(8, 8))       # the chessboard
12988816

References
----------
.. [1] P. W. Kasteleyn, "Dimer statistics and phase transitions",
   J. Math. Phys. 4 (1963), 287-293.
.. [2] H. N. V. Temperley and M. E. Fisher, "Dimer problem in statistical
   mechanics -- an exact result", Phil. Mag. 6 (1961), 1061-1063.
.. [3] R. Thomas, "A survey of Pfaffian orientations of graphs", Proceedings of
   the International Congress of Mathematicians, vol. III (2006), 963-984.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .._exact import bregman_log2_bound, hadamard_log2_bound
from .._options import check_memory, deprecated_limits
from .._util import keyword_only
from ..errors import DominoTilingError, DominoTypeError, NotPlanarError
from .determinants import det_exact

__all__ = ["count_perfect_matchings", "pfaffian_orientation", "MAX_WEIGHT"]

#: Memory the exact determinant's bands may take (all threads together), in bytes.
__getattr__ = deprecated_limits(__name__, "MEMORY_LIMIT")
#: Edge weights (after summing parallel edges) must be below this.
MAX_WEIGHT = 2**62


# --------------------------------------------------------------------------- input
def _simple_graph(G, weight):
    """``(graph, w)``: an undirected simple nx.Graph without loops, and ``w[(u, v)]`` ints.

    Parallel edges of a multigraph are merged and their weights added (each
    parallel edge is a different way to match its ends); self-loops are dropped.
    """
    import networkx as nx

    if not isinstance(G, nx.Graph):
        raise DominoTypeError(
            f"expected a networkx graph, got {type(G).__name__}; build one with "
            "networkx.Graph(edges) or Region.to_networkx()"
        )
    if G.is_directed():
        raise DominoTypeError(
            "expected an undirected graph, got a directed one; matchings ignore directions: "
            "pass G.to_undirected()"
        )
    graph = nx.Graph()
    graph.add_nodes_from(G)
    w = {}
    for u, v, data in G.edges(data=True):
        if u == v:
            continue  # a loop is in no matching
        value = 1 if weight is None else data.get(weight, 1)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
            raise DominoTilingError(
                f"edge ({u!r}, {v!r}) has weight {value!r}; weights must be non-negative "
                "integers (the sum over matchings is exact), or pass weight=None to count"
            )
        key = (u, v) if (v, u) not in w else (v, u)
        w[key] = w.get(key, 0) + int(value)
        if w[key] >= MAX_WEIGHT:
            raise DominoTilingError(
                f"edge ({u!r}, {v!r}) has total weight {w[key]}, which is not below 2**62; "
                "divide the weights by a common factor"
            )
        graph.add_edge(u, v)
    return graph, w


def _embedding(graph):
    import networkx as nx

    planar, emb = nx.check_planarity(graph)
    if not planar:
        raise NotPlanarError(
            f"the graph ({graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges) is "
            "not planar, so it has no Pfaffian orientation from an embedding; "
            "networkx.check_planarity(G, counterexample=True) shows a Kuratowski subgraph "
            "(a subdivided K5 or K3,3)"
        )
    return emb


# --------------------------------------------------------------------------- orientation
def _orient(graph, emb, index):
    """Pfaffian orientation of every component, as integer arrays.

    Returns ``(tail, head, depth, comp)``: edge ``e`` runs ``tail[e] -> head[e]``
    (indices from `index`); ``depth`` and ``comp`` are BFS depths and component
    numbers of the vertices (a component is bipartite iff every edge joins
    depths of different parity).
    """
    n = len(index)
    depth = np.full(n, -1, dtype=np.int64)
    comp = np.full(n, -1, dtype=np.int64)
    arcs = {}  # frozen orientation: (a, b) -> True if a -> b; keyed both ways
    tails, heads = [], []

    def fix(a, b):  # orient a -> b
        arcs[(a, b)] = True
        arcs[(b, a)] = False
        tails.append(index[a])
        heads.append(index[b])

    marked = set()
    n_comp = 0
    for root in graph:
        if depth[index[root]] >= 0:
            continue
        # 1. a BFS spanning tree, oriented parent -> child
        depth[index[root]] = 0
        comp[index[root]] = n_comp
        queue, nodes = [root], [root]
        for v in queue:
            dv = depth[index[v]]
            for u in graph[v]:
                if depth[index[u]] < 0:
                    depth[index[u]] = dv + 1
                    comp[index[u]] = n_comp
                    fix(v, u)
                    queue.append(u)
                    nodes.append(u)
        n_comp += 1
        # 2. the faces of the component, as cyclic lists of half-edges
        faces, face_of = [], {}
        for v in nodes:
            for u in emb[v]:
                if (v, u) not in marked:
                    walk = emb.traverse_face(v, u, mark_half_edges=marked)
                    half = list(zip(walk, walk[1:] + walk[:1]))
                    for h in half:
                        face_of[h] = len(faces)
                    faces.append(half)
        if not faces:
            continue  # an isolated vertex
        # 3. the dual tree: faces joined across the edges not in the spanning tree
        dual = [[] for _ in faces]
        for f, half in enumerate(faces):
            for a, b in half:
                if (a, b) not in arcs:
                    dual[f].append((face_of[(b, a)], a, b))
        outer = max(range(len(faces)), key=lambda f: len(faces[f]))
        order, parent = [outer], {outer: None}
        for f in order:
            for g, a, b in dual[f]:
                if g not in parent:
                    parent[g] = (a, b)  # half-edge of f; (b, a) lies on g
                    order.append(g)
        if len(order) != len(faces):  # pragma: no cover - Euler's formula forbids it
            raise RuntimeError("internal error: the dual of the co-tree is not a tree")
        # 4. leaves first: each inner face gets an odd number of arcs along its walk
        for g in reversed(order[1:]):
            a, b = parent[g]  # g holds the half-edge (b, a), its only free edge
            along = sum(arcs[h] for h in faces[g] if h != (b, a))
            if along % 2 == 0:
                fix(b, a)
            else:
                fix(a, b)
    return np.array(tails, dtype=np.int64), np.array(heads, dtype=np.int64), depth, comp


def pfaffian_orientation(G):
    """A Pfaffian orientation of a planar graph.

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected and planar; self-loops are ignored and parallel edges share
        one direction.

    Returns
    -------
    networkx.DiGraph
        The same nodes, and one arc ``u -> v`` for each edge ``{u, v}`` of `G`.

    Raises
    ------
    TypeError
        If `G` is not an undirected networkx graph.
    NotPlanarError
        If `G` is not planar.

    Notes
    -----
    In a planar embedding every face is walked with the face on the same side;
    the longest face of each component is taken as the outer one (any face
    would do: the embedding lives on the sphere). The edges of a BFS spanning
    tree are directed away from its root; the other edges form a spanning tree
    of the dual graph, and its faces are settled leaves first, each time
    directing the one free edge of a face so that an odd number of its edges
    point along its walk ("clockwise"). Then every even cycle enclosing an even
    number of vertices has an odd number of clockwise edges, which is
    Kasteleyn's condition for all perfect matchings to have the same sign in
    the Pfaffian [1]_. Cost: ``O(n + m)`` after networkx's ``O(n)`` planarity
    test, in pure Python.

    References
    ----------
    .. [1] P. W. Kasteleyn, "Dimer statistics and phase transitions",
       J. Math. Phys. 4 (1963), 287-293.

    Examples
    --------
    >>> import networkx as nx
    >>> d = pfaffian_orientation(nx.cycle_graph(4))
    >>> d.number_of_edges()
    4
    >>> sum(d.has_edge(i, (i + 1) % 4) for i in range(4)) % 2   # odd around the square
    1
    """
    import networkx as nx

    graph, _ = _simple_graph(G, None)
    nodes = list(graph)
    index = {v: i for i, v in enumerate(nodes)}
    tail, head, _, _ = _orient(graph, _embedding(graph), index)
    d = nx.DiGraph()
    d.add_nodes_from(nodes)
    d.add_edges_from((nodes[a], nodes[b]) for a, b in zip(tail.tolist(), head.tolist()))
    return d


# --------------------------------------------------------------------------- counting
def _rank(keys):
    """``rank[i]``: the position of ``keys[i]`` in increasing order."""
    rank = np.empty(len(keys), dtype=np.int64)
    rank[np.argsort(keys, kind="stable")] = np.arange(len(keys))
    return rank


def _det(matrix, bound):
    from numba import get_num_threads

    from .._exact import bandwidths

    kl, ku = bandwidths(matrix)
    check_memory(
        get_num_threads() * matrix.shape[0] * (2 * kl + ku + 1) * 8,
        f"the exact determinant of this graph's {matrix.shape[0]}x{matrix.shape[0]} Kasteleyn "
        f"matrix (bands of width {max(kl, ku)} after reverse Cuthill-McKee)",
        "dominotiling.log_count(region) for the logarithm (grid regions)",
    )
    return det_exact(matrix, log2_bound=bound)


def _bipartite_count(tail, head, val, depth, comp, in_b, pos, simple):
    """``|det B|`` over the bipartite components: rows black, columns white, RCM order."""
    from scipy import sparse

    black = in_b & (depth % 2 == 0)
    white = in_b & (depth % 2 == 1)
    n_comp = int(comp.max()) + 1
    if (
        np.bincount(comp[black], minlength=n_comp) != np.bincount(comp[white], minlength=n_comp)
    ).any():
        return 0  # a bipartite component with more black vertices than white
    sel = in_b[tail]
    t, h, v = tail[sel], head[sel], val[sel]
    flip = ~black[t]  # put every entry at (black row, white column): K[h, t] = -v
    b_row, w_col, v = np.where(flip, h, t), np.where(flip, t, h), np.where(flip, -v, v)
    row_of = np.full(len(depth), -1, dtype=np.int64)
    col_of = np.full(len(depth), -1, dtype=np.int64)
    bl, wh = np.flatnonzero(black), np.flatnonzero(white)
    row_of[bl] = _rank(pos[bl])
    col_of[wh] = _rank(pos[wh])
    size, k = len(bl), v != 0
    mat = sparse.coo_matrix((v[k], (row_of[b_row[k]], col_of[w_col[k]])), shape=(size, size))
    bound = hadamard_log2_bound(mat)
    if simple and np.all(np.abs(v) == 1):  # a 0/1 biadjacency matrix: Bregman applies
        deg = np.bincount(row_of[b_row], minlength=size), np.bincount(col_of[w_col], minlength=size)
        bound = min(bound, bregman_log2_bound(*deg))
    return abs(_det(mat, bound))


def _skew_count(tail, head, val, rest, pos):
    """``sqrt(det K)`` over the vertices in `rest` (the non-bipartite components)."""
    from scipy import sparse

    sel = rest[tail] & (val != 0)
    idx = np.full(len(rest), -1, dtype=np.int64)
    others = np.flatnonzero(rest)
    idx[others] = _rank(pos[others])
    t, h, v = idx[tail[sel]], idx[head[sel]], val[sel]
    size = len(others)
    mat = sparse.coo_matrix((np.r_[v, -v], (np.r_[t, h], np.r_[h, t])), shape=(size, size))
    det = _det(mat, None)  # Hadamard's bound
    root = math.isqrt(det) if det >= 0 else -1
    if root * root != det:  # pragma: no cover - would mean a bug in the orientation
        raise RuntimeError(f"internal error: det K = {det} is not a perfect square")
    return root


@keyword_only("weight")
def count_perfect_matchings(G, *, weight=None):
    """Number of perfect matchings of a planar graph, exactly (Kasteleyn / FKT).

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected and planar, bipartite or not, connected or not. Self-loops
        are ignored (no matching uses one); parallel edges of a multigraph count
        as different edges.
    weight : hashable, optional
        The name of an edge attribute holding a non-negative integer weight
        (missing means 1, as in networkx; integral floats are accepted). Then
        the result is the sum over perfect matchings of the product of their
        weights. ``None`` (the default) counts them.

    Returns
    -------
    int
        The number (or weighted sum) of perfect matchings; 1 for the graph with
        no nodes, 0 when some component has an odd number of vertices.

    Raises
    ------
    TypeError
        If `G` is not an undirected networkx graph.
    NotPlanarError
        If `G` is not planar.
    DominoTilingError
        If a weight is negative, not an integer, or not below ``2**62``.
    TooLargeError
        If the banded determinant would not fit in the memory budget (``set_options``).

    See Also
    --------
    count_tilings, kasteleyn_matrix

    Notes
    -----
    **Theorem** (Kasteleyn 1963 [1]_). Every planar graph has a Pfaffian
    orientation: directing each edge ``u -> v`` and setting ``K[u, v] = w_uv``,
    ``K[v, u] = -w_uv`` (0 off the edges), every perfect matching contributes to
    ``Pf K`` with the same sign, so ``|Pf K|`` is the (weighted) number of
    perfect matchings, and ``det K = (Pf K)**2``. The orientation comes from a
    planar embedding, see :func:`pfaffian_orientation`; together this is the
    FKT algorithm [2]_ [3]_. (Non-planar graphs may or may not have a Pfaffian
    orientation -- ``K3,3`` has none; deciding it is the subject of [3]_.)

    Components are handled at once in one block-diagonal matrix. For the
    bipartite components (black and white vertices from a BFS 2-colouring),
    ``K = [[0, B], [-B^T, 0]]`` and ``|det B| = |Pf K|``: half the size and half
    the digits. For the others ``det K`` is computed and its square root taken
    (an exact integer check guards it). Rows and columns are put in reverse
    Cuthill-McKee order, so a grid-like graph has a band of about its shorter
    side ``w``; the banded elimination modulo primes (:func:`~dominotiling.counting.determinants.det_exact`)
    then costs ``O(n * w**2)`` per prime, with one prime per 26 bits of
    Hadamard's bound ``det K <= prod_v ||K_v||`` (so ``count <= prod_v
    deg(v)**(1/4)`` unweighted) -- or of Brègman's bound for bipartite
    unweighted graphs, whichever is smaller. A bipartite 100 x 100 grid takes
    seconds; a non-bipartite graph of the same size (the triangulated grid) about
    16 times as long -- twice the matrix, twice the band, twice the primes --
    about a minute on two cores. The embedding and the orientation are pure
    Python, ``O(n + m)``, about a second per 10**4 vertices.

    References
    ----------
    .. [1] P. W. Kasteleyn, "Dimer statistics and phase transitions",
       J. Math. Phys. 4 (1963), 287-293.
    .. [2] H. N. V. Temperley and M. E. Fisher, "Dimer problem in statistical
       mechanics -- an exact result", Phil. Mag. 6 (1961), 1061-1063.
    .. [3] R. Thomas, "A survey of Pfaffian orientations of graphs", Proc. ICM
       2006, vol. III, 963-984.

    Examples
    --------
    >>> import networkx as nx
    >>> count_perfect_matchings(nx.hypercube_graph(3))
    9
    >>> count_perfect_matchings(nx.grid_2d_graph(8, 8))
    12988816
    >>> count_perfect_matchings(nx.complete_graph(4))       # not bipartite
    3
    >>> count_perfect_matchings(nx.path_graph(3))           # odd: none
    0
    >>> g = nx.cycle_graph(4)
    >>> g[0][1]["w"] = 5
    >>> count_perfect_matchings(g, weight="w")              # 5*1 + 1*1
    6
    >>> count_perfect_matchings(nx.petersen_graph())
    Traceback (most recent call last):
      ...
    dominotiling.errors.NotPlanarError: the graph (10 nodes, 15 edges) is not planar, ...
    """
    from scipy import sparse
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    graph, w = _simple_graph(G, weight)
    n = graph.number_of_nodes()
    if n == 0:
        return 1
    emb = _embedding(graph)
    nodes = list(graph)
    index = {v: i for i, v in enumerate(nodes)}
    tail, head, depth, comp = _orient(graph, emb, index)
    if (np.bincount(comp) % 2).any():
        return 0  # a component with an odd number of vertices (e.g. an isolated one)
    val = np.array(
        [
            w[(nodes[a], nodes[b])] if (nodes[a], nodes[b]) in w else w[(nodes[b], nodes[a])]
            for a, b in zip(tail.tolist(), head.tolist())
        ],
        dtype=np.int64,
    )
    # bipartite components: every edge joins BFS depths of different parity
    same_parity = (depth[tail] - depth[head]) % 2 == 0
    bipartite = np.ones(int(comp.max()) + 1, dtype=bool)
    bipartite[comp[tail[same_parity]]] = False
    # one reverse Cuthill-McKee order for all vertices
    pattern = sparse.csr_matrix(
        (np.ones(2 * len(tail)), (np.r_[tail, head], np.r_[head, tail])), shape=(n, n)
    )
    pos = np.argsort(reverse_cuthill_mckee(pattern, symmetric_mode=True))  # place of v
    in_b = bipartite[comp]
    result = 1
    if in_b.any():
        result *= _bipartite_count(tail, head, val, depth, comp, in_b, pos, simple=weight is None)
    if result and not in_b.all():
        result *= _skew_count(tail, head, val, ~in_b, pos)
    return result
