"""Temperley's bijection: spanning trees of a plane graph and perfect matchings.

Let ``G`` be a connected plane graph with vertices ``V``, edges ``E`` and faces
``F``. Its *Temperley graph* ``H`` has a node for every vertex, edge and face of
``G``, two nodes joined when the objects are incident. Removing a root vertex ``r``
and the outer face ``o`` (with ``r`` on ``o``'s boundary) leaves ``H'``, whose
perfect matchings are in bijection with the spanning trees of ``G``: every vertex
other than ``r`` is matched to the tree edge towards ``r``, every face other than
``o`` to the dual-tree edge towards ``o``. On the ``m x n`` grid graph ``H'`` is
the ``(2m-1) x (2n-1)`` board without its corner cell, so spanning trees of the
grid *are* domino tilings of that board.

Contents: :func:`planar_faces`, :func:`temperley_graph`, :func:`tree_to_matching`,
:func:`matching_to_tree`, :func:`dual_tree` (any connected planar graph);
:func:`tree_to_tiling`, :func:`tiling_to_tree`, :func:`temperley_region` (the grid);
its picture is :func:`dominotiling.viz.views.draw_tree_on_tiling`.

Nodes of ``H`` are tagged tuples: ``("v", v)`` for a vertex ``v`` of ``G``,
``("e", frozenset({u, v}))`` for an edge, ``("f", k)`` for face number ``k`` of
:func:`planar_faces`. A matching is a set of pairs ``(("v", v) or ("f", k), ("e", ...))``.

Examples
--------
>>> import networkx as nx
>>> from dominotiling.trees.temperley import temperley_graph, tree_to_tiling, tiling_to_tree
>>> from dominotiling.counting.pfaffian import count_perfect_matchings
>>> count_perfect_matchings(temperley_graph(nx.grid_2d_graph(3, 3)))   # spanning trees
192
>>> tree = nx.bfs_tree(nx.grid_2d_graph(3, 3), (0, 0)).to_undirected()
>>> tiling = tree_to_tiling(tree)
>>> tiling.region.shape, tiling.n_dominoes
((5, 5), 12)
>>> nx.utils.graphs_equal(tiling_to_tree(tiling), tree)
True

References
----------
.. [1] H. N. V. Temperley, "Enumeration of graphs on a large periodic lattice",
   Combinatorics (Proc. British Combinatorial Conf.), LMS Lecture Note Ser. 13 (1974), 155-159.
.. [2] R. Kenyon, J. Propp, D. Wilson, "Trees and matchings",
   Electron. J. Combin. 7 (2000), R25.
.. [3] Х. Нурлигареев, "Полоски из домино", Элементы (the second source article:
   the graph ``H``, the removal of an adjacent vertex and face, Kirchhoff's theorem).
"""

from __future__ import annotations

import math
from collections import deque

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..errors import DominoTilingError, DominoTypeError, NotPlanarError

__all__ = [
    "planar_faces",
    "temperley_graph",
    "tree_to_matching",
    "matching_to_tree",
    "dual_tree",
    "temperley_region",
    "tree_to_tiling",
    "tiling_to_tree",
]


# ------------------------------------------------------------------ the plane graph
class _Plane:
    """A connected plane graph: rotation system, faces, outer face, root."""

    def __init__(self, G, embedding=None):
        import networkx as nx

        if not isinstance(G, nx.Graph) or G.is_directed() or G.is_multigraph():
            raise DominoTypeError(
                f"expected an undirected simple networkx.Graph, got {type(G).__name__}; "
                "use networkx.Graph(G) to merge parallel edges (or subdivide them)"
            )
        if G.number_of_nodes() == 0 or not nx.is_connected(G):
            raise DominoTilingError(
                "the graph must be connected and non-empty to have spanning trees; "
                "pass one component, e.g. G.subgraph(max(nx.connected_components(G), key=len))"
            )
        loops = list(nx.selfloop_edges(G))
        if loops:
            raise DominoTilingError(
                f"the graph has self-loops, e.g. at {loops[0][0]!r}; no spanning tree uses one: "
                "remove them with G.remove_edges_from(list(nx.selfloop_edges(G)))"
            )
        self.G = G
        self.pos = None
        if all("pos" in d for _, d in G.nodes(data=True)):
            self.pos = {v: tuple(float(x) for x in d["pos"]) for v, d in G.nodes(data=True)}
        self.geometric = False
        if embedding is not None:
            self.rot = self._given(G, embedding)
            self._faces()
            if not self._euler():
                raise NotPlanarError(
                    "the given embedding is not planar (V - E + F != 2); "
                    "pass embedding=None to use networkx.check_planarity"
                )
        else:
            if self.pos is not None:
                self.rot = {v: sorted(G[v], key=lambda u, v=v: self._angle(v, u)) for v in G}
                self._faces()
                self.geometric = self._euler()
            if not self.geometric:
                planar, emb = nx.check_planarity(G)
                if not planar:
                    raise NotPlanarError(
                        f"the graph ({G.number_of_nodes()} nodes, {G.number_of_edges()} edges) is "
                        "not planar, so Temperley's bijection does not apply; "
                        "networkx.check_planarity(G, counterexample=True) shows a Kuratowski subgraph"
                    )
                self.rot = {v: list(reversed(list(emb.neighbors_cw_order(v)))) for v in G}
                self._faces()

    def _angle(self, v, u):
        (x0, y0), (x1, y1) = self.pos[v][:2], self.pos[u][:2]
        return math.atan2(y1 - y0, x1 - x0)

    @staticmethod
    def _given(G, embedding):
        import networkx as nx

        if isinstance(embedding, nx.PlanarEmbedding):
            rot = {v: list(reversed(list(embedding.neighbors_cw_order(v)))) for v in embedding}
        else:
            rot = {v: list(nbrs) for v, nbrs in dict(embedding).items()}
        for v in G:
            if v not in rot or sorted(map(repr, rot[v])) != sorted(map(repr, G[v])):
                raise DominoTilingError(
                    f"the embedding does not list exactly the neighbours of {v!r}; give a "
                    "networkx.PlanarEmbedding of G or a dict {v: neighbours in counter-clockwise order}"
                )
        return rot

    def _faces(self):
        """Faces as lists of half-edges, each face on the left of its half-edges."""
        idx = {(v, u): k for v in self.rot for k, u in enumerate(self.rot[v])}
        self.left, self.faces = {}, []
        for v in self.G:
            for u in self.rot[v]:
                if (v, u) in self.left:
                    continue
                face, he = [], (v, u)
                while he not in self.left:
                    self.left[he] = len(self.faces)
                    face.append(he)
                    a, b = he
                    nb = self.rot[b]
                    he = (b, nb[(idx[(b, a)] - 1) % len(nb)])
                self.faces.append(face)
        if not self.faces:
            self.faces.append([])  # a single vertex: one face with an empty boundary

    def _euler(self):
        return self.G.number_of_nodes() - self.G.number_of_edges() + len(self.faces) == 2

    def vertices_of(self, k):
        return [he[0] for he in self.faces[k]] or list(self.G)

    def choose(self, root=None, outer_face=None):
        """Set ``self.outer`` and ``self.root`` (defaults documented in temperley_graph)."""
        nf = len(self.faces)
        if outer_face is None:
            if self.geometric:
                outer_face = min(range(nf), key=self._area)
            else:
                outer_face = max(range(nf), key=lambda k: (len(self.faces[k]), -k))
        elif isinstance(outer_face, tuple) and len(outer_face) == 2 and outer_face in self.left:
            outer_face = self.left[outer_face]
        elif isinstance(outer_face, (int, np.integer)) and not isinstance(outer_face, bool):
            if not 0 <= outer_face < nf:
                raise DominoTilingError(
                    f"outer_face={outer_face} but the faces are numbered 0..{nf - 1}"
                )
        else:
            raise DominoTilingError(
                f"outer_face={outer_face!r}: give a face number (see planar_faces(G)) or a "
                "half-edge (u, v) of G, meaning the face on its left"
            )
        self.outer = int(outer_face)
        boundary = set(self.vertices_of(self.outer))
        if root is None:
            root = next(v for v in self.G if v in boundary)
        elif root not in boundary:
            raise DominoTilingError(
                f"root {root!r} is not on the outer face {self.outer} (vertices "
                f"{self.vertices_of(self.outer)!r}); the bijection needs the root on the outer face"
            )
        self.root = root
        return self

    def _area(self, k):
        pts = [self.pos[v][:2] for v in self.vertices_of(k)]
        return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))

    def edge_faces(self, u, v):
        return self.left[(u, v)], self.left[(v, u)]


def _prepare(G, root, outer_face, embedding):
    return _Plane(G, embedding).choose(root, outer_face)


def _e(u, v):
    return ("e", frozenset((u, v)))


# ------------------------------------------------------------------ public: any plane graph
def planar_faces(G, embedding=None):
    """The faces of a connected planar graph, in the embedding Temperley's bijection uses.

    Parameters
    ----------
    G : networkx.Graph
        Connected, simple, planar. When every node has a ``"pos"`` attribute and
        the straight-line drawing is a plane embedding, that embedding is used;
        otherwise the one from ``networkx.check_planarity``.
    embedding : networkx.PlanarEmbedding or dict, optional
        An embedding to use instead: a PlanarEmbedding of ``G``, or a dict
        ``{v: neighbours in counter-clockwise order}``.

    Returns
    -------
    list of list
        Face ``k``'s boundary walk, as the list of its vertices; a vertex appears
        twice where the walk passes it twice (bridges, cut vertices).

    Raises
    ------
    NotPlanarError
        If `G` (or the given embedding) is not planar.

    Examples
    --------
    >>> import networkx as nx
    >>> [len(f) for f in planar_faces(nx.cycle_graph(4))]
    [4, 4]
    """
    plane = _Plane(G, embedding)
    return [plane.vertices_of(k) for k in range(len(plane.faces))]


@keyword_only("root", "outer_face", "embedding", "reduced")
def temperley_graph(G, *, root=None, outer_face=None, embedding=None, reduced=True):
    """The graph ``H'`` whose perfect matchings are the spanning trees of `G`.

    Parameters
    ----------
    G : networkx.Graph
        Connected, simple (no loops or parallel edges), planar.
    root : node of G, optional
        A vertex on the outer face; by default the first node of ``G`` (in
        ``G``'s node order) on the outer face.
    outer_face : int or (u, v), optional
        Face number (an index into :func:`planar_faces`) or a half-edge ``(u, v)``
        meaning the face on its left. By default: when the nodes carry ``"pos"``
        and the drawing is plane, the unbounded face (the one of negative signed
        area); otherwise the longest face (the first one of greatest length).
    embedding : networkx.PlanarEmbedding or dict, optional
        See :func:`planar_faces`.
    reduced : bool, default True
        False returns the whole graph ``H``, root and outer face included.

    Returns
    -------
    networkx.Graph
        Bipartite: nodes ``("v", v)`` and ``("f", k)`` on one side, ``("e",
        frozenset({u, v}))`` on the other. ``H.graph`` holds ``root``,
        ``outer_face`` and ``faces``; nodes get a ``"pos"`` (vertex position,
        edge midpoint, face centroid) when ``G``'s nodes have one.

    Raises
    ------
    NotPlanarError
        If `G` is not planar.
    DominoTilingError
        If `G` is not connected or has self-loops, or `root` is not on the outer face.

    See Also
    --------
    tree_to_tiling, tiling_to_tree

    Notes
    -----
    By Euler's formula ``|V| - |E| + |F| = 2``, so ``H'`` has ``|V| - 1 + |F| - 1
    = |E|`` nodes on each side. Its perfect matchings are in bijection with the
    spanning trees of ``G`` [1]_ [2]_ (see :func:`tree_to_matching`), so the
    Pfaffian count of ``H'`` equals Kirchhoff's tree count. Cost ``O(|V| + |E|)``.

    References
    ----------
    .. [1] H. N. V. Temperley (1974), see the module's references.
    .. [2] R. Kenyon, J. Propp, D. Wilson, "Trees and matchings" (2000).

    Examples
    --------
    >>> import networkx as nx
    >>> H = temperley_graph(nx.cycle_graph(3))
    >>> sorted(H.nodes, key=repr)
    [('e', frozenset({0, 1})), ('e', frozenset({0, 2})), ('e', frozenset({1, 2})), ('f', 1), ('v', 1), ('v', 2)]
    """
    import networkx as nx

    P = _prepare(G, root, outer_face, embedding)
    H = nx.Graph(
        root=P.root, outer_face=P.outer, faces=[P.vertices_of(k) for k in range(len(P.faces))]
    )
    for v in G:
        H.add_node(("v", v))
    for k in range(len(P.faces)):
        H.add_node(("f", k))
    for u, v in G.edges:
        e = _e(u, v)
        H.add_edges_from([(("v", u), e), (("v", v), e)])
        H.add_edges_from((("f", f), e) for f in P.edge_faces(u, v))
    if P.pos is not None:
        for v, p in P.pos.items():
            H.nodes[("v", v)]["pos"] = p
        for u, v in G.edges:
            H.nodes[_e(u, v)]["pos"] = tuple((a + b) / 2 for a, b in zip(P.pos[u], P.pos[v]))
        for k in range(len(P.faces)):
            pts = np.array([P.pos[v] for v in P.vertices_of(k)], dtype=float)
            H.nodes[("f", k)]["pos"] = tuple(pts.mean(axis=0).tolist())
    if reduced:
        H.remove_nodes_from([("v", P.root), ("f", P.outer)])
    return H


def _check_tree(G, tree):
    import networkx as nx

    _validate.instance(tree, "tree", nx.Graph, "give the spanning tree as a networkx graph")
    if set(tree.nodes) != set(G.nodes):
        raise DominoTilingError(
            "the tree's nodes are not those of G: a spanning tree has every vertex of G"
        )
    bad = [e for e in tree.edges if not G.has_edge(*e)]
    if bad:
        raise DominoTilingError(f"the tree's edge {bad[0]!r} is not an edge of G")
    if not nx.is_tree(tree):
        raise DominoTilingError(
            f"not a spanning tree: {tree.number_of_edges()} edges on {G.number_of_nodes()} "
            "vertices"
            + ("" if tree.number_of_edges() != G.number_of_nodes() - 1 else ", with a cycle")
        )


def _bfs_parents(adj, root):
    """``{node: (parent, via)}`` of a BFS from `root`; ``adj[x]`` yields ``(y, via)``."""
    seen = {root: (None, None)}
    queue = deque([root])
    while queue:
        x = queue.popleft()
        for y, via in adj[x]:
            if y not in seen:
                seen[y] = (x, via)
                queue.append(y)
    return seen


def _dual_adjacency(P, tree):
    adj = {k: [] for k in range(len(P.faces))}
    for u, v in P.G.edges:
        if not tree.has_edge(u, v):
            a, b = P.edge_faces(u, v)
            adj[a].append((b, (u, v)))
            adj[b].append((a, (u, v)))
    return adj


def tree_to_matching(G, tree, root=None, outer_face=None, embedding=None):
    """The perfect matching of ``H'`` (:func:`temperley_graph`) of a spanning tree of `G`.

    Parameters
    ----------
    G : networkx.Graph
        Connected, simple, planar.
    tree : networkx.Graph
        A spanning tree of `G`.
    root, outer_face, embedding
        As in :func:`temperley_graph` (use the same values there).

    Returns
    -------
    set of tuple
        Pairs ``(("v", v), ("e", {v, parent(v)}))`` for every vertex but the root
        and ``(("f", k), ("e", ...))`` for every face but the outer one.

    Raises
    ------
    DominoTilingError
        If `tree` is not a spanning tree of `G`, or as :func:`temperley_graph`.

    Notes
    -----
    A vertex is matched to the edge towards the root in `tree`; a face to the edge
    crossed first on the way to the outer face in the *dual tree*, formed by the
    duals of the edges not in `tree` (a spanning tree of the dual graph, since a
    cycle of either would separate the other). Cost ``O(|V| + |E|)``.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.cycle_graph(3)
    >>> sorted(tree_to_matching(G, nx.path_graph(3)), key=repr)
    [(('f', 1), ('e', frozenset({0, 2}))), (('v', 1), ('e', frozenset({0, 1}))), (('v', 2), ('e', frozenset({1, 2})))]
    """
    P = _prepare(G, root, outer_face, embedding)
    _check_tree(G, tree)
    out = set()
    tadj = {v: [(u, None) for u in tree[v]] for v in tree}
    for v, (p, _) in _bfs_parents(tadj, P.root).items():
        if p is not None:
            out.add((("v", v), _e(v, p)))
    for k, (p, via) in _bfs_parents(_dual_adjacency(P, tree), P.outer).items():
        if p is not None:
            out.add((("f", k), _e(*via)))
    return out


def matching_to_tree(G, matching, root=None, outer_face=None, embedding=None):
    """The spanning tree of `G` of a perfect matching of ``H'``; inverse of :func:`tree_to_matching`.

    Parameters
    ----------
    G : networkx.Graph
    matching : iterable of pairs
        A perfect matching of ``temperley_graph(G, root=root, outer_face=outer_face, embedding=embedding)``;
        each pair in either order.
    root, outer_face, embedding
        As in :func:`temperley_graph`.

    Returns
    -------
    networkx.Graph
        The tree on ``G``'s nodes: the edges matched to vertices.

    Raises
    ------
    DominoTilingError
        If `matching` is not a perfect matching of ``H'``.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.cycle_graph(3)
    >>> sorted(matching_to_tree(G, tree_to_matching(G, nx.path_graph(3))).edges)
    [(0, 1), (1, 2)]
    """
    import networkx as nx

    P = _prepare(G, root, outer_face, embedding)
    H = temperley_graph(G, root=P.root, outer_face=P.outer, embedding=P.rot)
    used, tree = set(), nx.Graph()
    tree.add_nodes_from(G)
    for pair in matching:
        try:
            a, b = tuple(pair)
            if a[0] == "e":
                a, b = b, a
            ok = H.has_edge(a, b)
        except (TypeError, ValueError, IndexError):
            ok = False
        if not ok:
            raise DominoTilingError(f"the pair {pair!r} is not an edge of H' (see temperley_graph)")
        if a in used or b in used:
            raise DominoTilingError(f"the pair {pair!r} reuses a node already matched")
        used.update((a, b))
        if a[0] == "v":
            tree.add_edge(*b[1])
    if len(used) != H.number_of_nodes():
        missing = next(x for x in H if x not in used)
        raise DominoTilingError(f"not a perfect matching of H': {missing!r} is unmatched")
    return tree


def dual_tree(G, tree, outer_face=None, embedding=None):
    """The dual spanning tree: faces of `G` joined across the edges not in `tree`.

    Returns
    -------
    networkx.Graph
        Nodes are face numbers (see :func:`planar_faces`); each edge carries the
        primal edge it crosses as attribute ``"primal"`` (a frozenset). ``graph["outer_face"]``
        is the outer face.

    Examples
    --------
    >>> import networkx as nx
    >>> D = dual_tree(nx.cycle_graph(4), nx.path_graph(4))
    >>> list(D.edges(data="primal"))
    [(0, 1, frozenset({0, 3}))]
    """
    import networkx as nx

    P = _prepare(G, None, outer_face, embedding)
    _check_tree(G, tree)
    D = nx.Graph(outer_face=P.outer)
    D.add_nodes_from(range(len(P.faces)))
    for a, nbrs in _dual_adjacency(P, tree).items():
        D.add_edges_from((a, b, {"primal": frozenset(via)}) for b, via in nbrs)
    return D


# the grid case lives in temperley_grid.py (one module would pass 500 lines); re-exported here
from .temperley_grid import (  # noqa: E402
    temperley_region,
    tiling_to_tree,
    tree_to_tiling,
)


def __getattr__(name):
    # names that moved out of this module still answer, with a warning (dominotiling._moved)
    from .. import _moved

    return _moved.attribute(__name__, name)
