"""Temperley's bijection: trees <-> matchings on planar graphs, trees <-> tilings on the grid.

Independent checks: Kirchhoff's count (sympy's exact determinant of the reduced
Laplacian), networkx's spanning-tree enumeration and random spanning trees,
brute-force enumeration of perfect matchings and of tilings (tests/helpers.py).
"""

import itertools

import networkx as nx
import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings, dominoes_of
from networkx.algorithms.tree.mst import SpanningTreeIterator
from scipy.spatial import Delaunay

from dominotiling import Region, Tiling, count_tilings
from dominotiling.counting.pfaffian import count_perfect_matchings
from dominotiling.errors import DominoTilingError, NotPlanarError
from dominotiling.trees.temperley import (
    dual_tree,
    matching_to_tree,
    planar_faces,
    temperley_graph,
    temperley_region,
    tiling_to_tree,
    tree_to_matching,
    tree_to_tiling,
)
from dominotiling.viz.views import draw_tree_on_tiling


# ----------------------------------------------------------------------------- helpers
def kirchhoff(G):
    """Number of spanning trees: exact determinant of the reduced Laplacian (sympy)."""
    if G.number_of_nodes() == 1:
        return 1
    L = nx.laplacian_matrix(G, nodelist=list(G)).toarray().astype(int)
    return int(sympy.Matrix(L[1:, 1:].tolist()).det(method="bareiss"))


def edge_set(T):
    return {frozenset(e) for e in T.edges}


def all_trees(G):
    return [T for T in SpanningTreeIterator(G)]


def random_tree(G, seed):
    """A random spanning tree (not uniform): the minimum spanning tree for random weights."""
    rng = np.random.default_rng(seed)
    W = nx.Graph()
    W.add_nodes_from(G)
    W.add_weighted_edges_from((u, v, rng.random()) for u, v in G.edges)
    return nx.minimum_spanning_tree(W)


def perfect_matchings(H):
    """Every perfect matching of a small graph, by plain recursion, as frozensets of frozensets."""
    order = {x: k for k, x in enumerate(H)}
    out = []

    def rec(free, chosen):
        if not free:
            out.append(frozenset(chosen))
            return
        x = min(free, key=order.get)
        for y in H[x]:
            if y in free:
                rec(free - {x, y}, chosen + [frozenset((x, y))])

    rec(frozenset(H), [])
    return out


def as_pairs(matching):
    return frozenset(frozenset(p) for p in matching)


def delaunay_graph(k, seed):
    rng = np.random.default_rng(seed)
    pts = rng.random((k, 2))
    G = nx.Graph()
    for i, p in enumerate(pts):
        G.add_node(i, pos=tuple(p))
    for simplex in Delaunay(pts).simplices:
        G.add_edges_from(itertools.combinations(simplex.tolist(), 2))
    return G


def thinned(G, seed, p=0.4):
    """A connected spanning subgraph: drop each edge with probability p if that keeps G connected."""
    rng = np.random.default_rng(seed)
    H = G.copy()
    for e in list(G.edges):
        if rng.random() < p:
            H.remove_edge(*e)
            if not nx.is_connected(H):
                H.add_edge(*e)
    return H


def without_pos(G):
    return nx.Graph(G.edges) if G.number_of_edges() else nx.Graph(list(G.nodes))


def grid(m, n, pos=False):
    G = nx.grid_2d_graph(m, n)
    if pos:
        nx.set_node_attributes(G, {v: (v[1], -v[0]) for v in G}, "pos")
    return G


ARTICLE = nx.Graph(
    [(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 2)]
)  # triangle + square on edge 1-2

SMALL = {
    "article": ARTICLE,
    "grid2x3": grid(2, 3),
    "grid3x3_pos": grid(3, 3, pos=True),
    "wheel6": nx.wheel_graph(6),
    "K4": nx.complete_graph(4),
    "cycle5": nx.cycle_graph(5),
    "path4": nx.path_graph(4),
    "single": nx.empty_graph(1),
    "triangles_on_path": nx.Graph([(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 6), (6, 4)]),
    "square_with_pendants": nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 4), (2, 5), (5, 6)]),
    "delaunay8": delaunay_graph(8, 1),
    "delaunay9_thin": thinned(delaunay_graph(9, 2), 3),
    "delaunay9_thin_nopos": without_pos(thinned(delaunay_graph(9, 2), 3)),
    "octahedron": nx.octahedral_graph(),
}


# ----------------------------------------------------------------------------- general graphs
@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_tree_round_trips_and_counts_agree(name):
    G = SMALL[name]
    Hp = temperley_graph(G)
    trees = all_trees(G)
    assert len(trees) == kirchhoff(G) == count_perfect_matchings(Hp)
    images = set()
    for T in trees:
        M = tree_to_matching(G, T)
        assert nx.is_perfect_matching(Hp, M)
        assert edge_set(matching_to_tree(G, M)) == edge_set(T)
        images.add(as_pairs(M))
    assert len(images) == len(trees)  # injective, hence (counts agree) bijective


@pytest.mark.parametrize(
    "name", ["article", "grid2x3", "wheel6", "square_with_pendants", "delaunay9_thin"]
)
def test_every_matching_is_a_tree(name):
    """Brute-force all perfect matchings of H': each gives a spanning tree, all trees are hit."""
    G = SMALL[name]
    Hp = temperley_graph(G)
    matchings = perfect_matchings(Hp)
    trees = {frozenset(edge_set(matching_to_tree(G, M))) for M in matchings}
    assert trees == {frozenset(edge_set(T)) for T in all_trees(G)}
    assert len(matchings) == len(trees)


@pytest.mark.parametrize(
    "name", ["article", "wheel6", "delaunay8", "delaunay9_thin_nopos", "square_with_pendants"]
)
def test_any_outer_face_and_root_on_it(name):
    G = SMALL[name]
    faces = planar_faces(G)
    assert G.number_of_nodes() - G.number_of_edges() + len(faces) == 2
    n_trees = kirchhoff(G)
    trees = all_trees(G)[:20]
    for k, face in enumerate(faces):
        for root in sorted(set(face), key=repr)[:3]:
            Hp = temperley_graph(G, root=root, outer_face=k)
            assert ("v", root) not in Hp and ("f", k) not in Hp
            assert count_perfect_matchings(Hp) == n_trees
            for T in trees:
                M = tree_to_matching(G, T, root=root, outer_face=k)
                assert nx.is_perfect_matching(Hp, M)
                assert edge_set(matching_to_tree(G, M, root=root, outer_face=k)) == edge_set(T)


@pytest.mark.parametrize("seed", range(6))
def test_random_delaunay_graphs(seed):
    """Larger graphs: Kirchhoff = Pfaffian count; random spanning trees round-trip."""
    rng = np.random.default_rng(100 + seed)
    G = delaunay_graph(int(rng.integers(12, 30)), seed)
    if seed % 2:
        G = thinned(G, seed)
    if seed % 3 == 2:
        G = without_pos(G)
    Hp = temperley_graph(G)
    side_a = [x for x in Hp if x[0] != "e"]
    assert len(side_a) == Hp.number_of_nodes() - len(side_a) == G.number_of_edges()
    assert nx.is_bipartite(Hp)
    assert count_perfect_matchings(Hp) == kirchhoff(G)
    seen = set()
    for s in range(15):
        T = random_tree(G, 1000 * seed + s)
        M = tree_to_matching(G, T)
        assert nx.is_perfect_matching(Hp, M)
        assert edge_set(matching_to_tree(G, M)) == edge_set(T)
        seen.add((frozenset(edge_set(T)), as_pairs(M)))
    assert len({t for t, _ in seen}) == len({m for _, m in seen})


def test_geometric_outer_face_is_unbounded():
    """With 'pos', the default outer face is the convex hull of a Delaunay triangulation."""
    G = delaunay_graph(15, 7)
    pts = np.array([G.nodes[v]["pos"] for v in G])
    from scipy.spatial import ConvexHull

    hull = set(ConvexHull(pts).vertices.tolist())
    H = temperley_graph(G, reduced=False)
    outer = H.graph["faces"][H.graph["outer_face"]]
    assert set(outer) == hull
    assert all(len(f) == 3 for k, f in enumerate(H.graph["faces"]) if k != H.graph["outer_face"])
    assert H.graph["root"] in hull


def test_article_example_structure():
    H = temperley_graph(ARTICLE, reduced=False)
    assert H.number_of_nodes() == 5 + 6 + 3  # vertices, edges, faces
    assert sorted(len(f) for f in H.graph["faces"]) == [3, 4, 5]
    assert count_perfect_matchings(temperley_graph(ARTICLE)) == 3 * 4 - 1 == 11
    # the edge 1-2 is shared by the triangle and the square: two faces and two vertices
    assert H.degree(("e", frozenset({1, 2}))) == 4


def test_dual_tree_is_a_spanning_tree_of_faces():
    G = delaunay_graph(20, 4)
    T = random_tree(G, 5)
    D = dual_tree(G, T)
    faces = planar_faces(G)
    assert nx.is_tree(D) and D.number_of_nodes() == len(faces)
    primal = {d["primal"] for _, _, d in D.edges(data=True)}
    assert primal == {frozenset(e) for e in G.edges} - edge_set(T)


def test_given_embeddings():
    G = ARTICLE
    emb = nx.check_planarity(G)[1]
    assert sorted(len(f) for f in planar_faces(G, embedding=emb)) == [3, 4, 5]
    assert count_perfect_matchings(temperley_graph(G, embedding=emb)) == 11
    # a rotation system given as a dict: the square 0-1-2-3 with a chord 0-2, counter-clockwise
    sq = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    rot = {0: [1, 2, 3], 1: [2, 0], 2: [3, 0, 1], 3: [0, 2]}
    assert sorted(len(f) for f in planar_faces(sq, embedding=rot)) == [3, 3, 4]
    assert count_perfect_matchings(temperley_graph(sq, embedding=rot)) == kirchhoff(sq) == 8
    with pytest.raises(NotPlanarError):  # a rotation system of K4 on the torus
        temperley_graph(
            nx.complete_graph(4), embedding={0: [1, 2, 3], 1: [0, 2, 3], 2: [0, 1, 3], 3: [0, 1, 2]}
        )
    with pytest.raises(DominoTilingError, match="neighbours"):
        planar_faces(sq, embedding={0: [1, 2], 1: [2, 0], 2: [3, 0, 1], 3: [0, 2]})


def test_non_planar_rejected():
    T = nx.bfs_tree(nx.complete_graph(5), 0).to_undirected()
    for G in (nx.complete_graph(5), nx.complete_bipartite_graph(3, 3), nx.petersen_graph()):
        with pytest.raises(NotPlanarError):
            temperley_graph(G)
    with pytest.raises(NotPlanarError):
        tree_to_matching(nx.complete_graph(5), T)
    # a crossing straight-line drawing of a non-planar graph falls back, and still fails
    K5 = nx.complete_graph(5)
    nx.set_node_attributes(K5, {i: (np.cos(i), np.sin(i)) for i in range(5)}, "pos")
    with pytest.raises(NotPlanarError):
        planar_faces(K5)


def test_bad_input_is_explained():
    G = grid(3, 3)
    with pytest.raises(DominoTilingError, match="connected"):
        temperley_graph(nx.Graph([(0, 1), (2, 3)]))
    with pytest.raises(DominoTilingError, match="outer face"):
        temperley_graph(G, root=(1, 1))
    with pytest.raises(DominoTilingError, match="cycle"):
        tree_to_matching(
            G,
            nx.Graph(
                list(nx.cycle_graph([(0, 0), (0, 1), (1, 1), (1, 0)]).edges)
                + [((0, 2), (1, 2)), ((1, 2), (2, 2)), ((2, 0), (2, 1)), ((2, 1), (2, 2))]
            ),
        )
    with pytest.raises(DominoTilingError, match="not an edge"):
        tree_to_matching(
            G, nx.path_graph([(0, 0), (1, 1)] + [v for v in G if v not in ((0, 0), (1, 1))])
        )
    M = tree_to_matching(G, nx.bfs_tree(G, (0, 0)).to_undirected())
    with pytest.raises(DominoTilingError, match="unmatched"):
        matching_to_tree(G, list(M)[1:])
    with pytest.raises(DominoTilingError, match="not an edge of H'"):
        matching_to_tree(G, list(M)[1:] + [("junk",)])
    with pytest.raises(DominoTilingError, match="not an edge of H'"):
        matching_to_tree(G, list(M)[1:] + [(("v", (2, 2)), ("e", frozenset({(0, 0), (0, 1)})))])


# ----------------------------------------------------------------------------- the grid
def up_or_left_tree(m, n, seed):
    """A random spanning tree of the grid as a parent array: each vertex points up or left."""
    rng = np.random.default_rng(seed)
    i, j = np.divmod(np.arange(m * n), n)
    up = rng.random(m * n) < 0.5
    up = np.where(i == 0, False, np.where(j == 0, True, up))
    parent = np.where(up, (i - 1) * n + j, i * n + j - 1)
    parent[0] = -1
    return parent


def parent_to_graph(parent, n):
    T = nx.Graph()
    T.add_nodes_from(divmod(v, n) for v in range(len(parent)))
    T.add_edges_from((divmod(v, n), divmod(int(p), n)) for v, p in enumerate(parent) if p >= 0)
    return T


@pytest.mark.parametrize("shape", [(1, 1), (1, 4), (2, 2), (2, 4), (3, 3), (3, 4)])
def test_grid_trees_are_the_tilings(shape):
    m, n = shape
    G = grid(m, n)
    board = temperley_region(m, n)
    assert board.shape == (2 * m - 1, 2 * n - 1) and board.n_cells == (2 * m - 1) * (2 * n - 1) - 1
    trees = all_trees(G) if m * n > 1 else [G]
    tilings = set()
    for T in trees:
        t = tree_to_tiling(T)
        t.validate()
        assert t.is_complete and t.region == board
        assert edge_set(tiling_to_tree(t)) == edge_set(T)
        tilings.add(dominoes_of(t))
    assert len(tilings) == len(trees) == kirchhoff(G) == count_tilings(board)
    if board.n_cells <= 24:
        assert tilings == set(brute_force_tilings(board.mask))


def test_three_by_three_has_192():
    assert count_tilings(temperley_region(3, 3)) == kirchhoff(grid(3, 3)) == 192


def test_every_tiling_is_a_tree():
    """From the tiling side: brute-force every tiling of the 5 x 5 board minus a corner."""
    G = grid(3, 3)
    trees = set()
    for doms in brute_force_tilings(temperley_region(3, 3).mask):
        t = Tiling.from_dominoes(temperley_region(3, 3), list(doms))
        T = tiling_to_tree(t)
        assert nx.is_tree(T) and edge_set(T) <= {frozenset(e) for e in G.edges}
        assert dominoes_of(tree_to_tiling(T)) == doms
        trees.add(frozenset(edge_set(T)))
    assert len(trees) == 192


@pytest.mark.parametrize("shape", [(2, 3), (3, 3), (3, 4), (4, 4)])
def test_grid_agrees_with_general_construction(shape):
    """tree_to_tiling is tree_to_matching of the drawn grid graph, read as cells."""
    m, n = shape
    G = grid(m, n, pos=True)
    H = temperley_graph(G, root=(0, 0))
    faces = H.graph["faces"]

    def cell(x):
        kind, obj = x
        if kind == "v":
            return (2 * obj[0], 2 * obj[1])
        if kind == "e":
            a, b = tuple(obj)
            return (a[0] + b[0], a[1] + b[1])
        return tuple(int(c) for c in np.mean(faces[obj], axis=0) * 2)

    for s in range(5):
        T = random_tree(G, s)
        doms = {frozenset(map(cell, pair)) for pair in tree_to_matching(G, T, root=(0, 0))}
        assert doms == {frozenset(d) for d in dominoes_of(tree_to_tiling(T))}


def test_parent_array_path_matches_networkx_path():
    m, n = 23, 31
    for seed in range(3):
        parent = up_or_left_tree(m, n, seed)
        t = tree_to_tiling(parent, shape=(m, n))
        T = parent_to_graph(parent, n)
        assert t == tree_to_tiling(T)
        assert t == tree_to_tiling(parent.reshape(m, n))
        assert np.array_equal(tiling_to_tree(t, as_parent=True), parent)
        assert edge_set(tiling_to_tree(t)) == edge_set(T)
        t.validate()


def test_parent_array_with_another_root_is_rerooted():
    m, n = 4, 5
    G = grid(m, n)
    for s in range(5):
        T = random_tree(G, s)
        root = ((s + 1) % m, (2 * s + 3) % n)
        parent = np.full(m * n, -1)
        for child, par in nx.bfs_predecessors(T, root):
            parent[child[0] * n + child[1]] = par[0] * n + par[1]
        assert tree_to_tiling(parent, shape=(m, n)) == tree_to_tiling(T)


def test_large_grid_from_parent_array():
    m, n = 300, 400
    parent = up_or_left_tree(m, n, 11)
    t = tree_to_tiling(parent, shape=(m, n))
    assert t.is_complete and t.n_dominoes == ((2 * m - 1) * (2 * n - 1) - 1) // 2
    assert np.array_equal(tiling_to_tree(t, as_parent=True), parent)


def test_bad_parent_arrays():
    m, n = 3, 3
    good = up_or_left_tree(m, n, 0)
    two_roots = good.copy()
    two_roots[4] = -1
    far = good.copy()
    far[8] = 0
    loop0 = good.copy()
    loop0[0], loop0[1], loop0[2] = 1, 0, -1  # 0 <-> 1: the walk from (0, 0) never ends
    mutual = good.copy()
    mutual[7], mutual[8] = 8, 7  # (2, 1) <-> (2, 2), away from (0, 0)
    cycle = np.array([1, 2, 5, 4, 7, 8, 3, 6, -1])  # 3 -> 4 -> 7 -> 6 -> 3, root 8
    out_of_range = good.copy()
    out_of_range[5] = 9
    cases = [
        ("one root", two_roots),
        ("neighbour", far),
        ("never reaches", loop0),
        ("point to each other", mutual),
        ("cycle", cycle),
        ("neighbour", out_of_range),
    ]
    for msg, parent in cases:
        with pytest.raises(DominoTilingError, match=msg):
            tree_to_tiling(parent, shape=(m, n))
    valid = np.array([1, 2, 5, 4, 5, 8, 3, 6, -1])  # the same with 4 -> 5 instead of 4 -> 7
    assert tree_to_tiling(valid, shape=(m, n)).is_complete
    with pytest.raises(DominoTilingError, match="shape"):
        tree_to_tiling(good)
    with pytest.raises(DominoTilingError, match="entries"):
        tree_to_tiling(good, shape=(2, 3))
    with pytest.raises(DominoTilingError, match="spanning tree"):
        tree_to_tiling(nx.Graph(list(grid(3, 3).edges)))


def test_tiling_to_tree_checks_its_input():
    from dominotiling import find_tiling

    with pytest.raises(DominoTilingError, match="Temperley board"):
        tiling_to_tree(find_tiling(Region.rectangle(4, 4)))
    t = tree_to_tiling(up_or_left_tree(3, 3, 1), shape=(3, 3))
    labels = np.array(t.labels)
    labels[labels == labels[4, 4]] = -2
    with pytest.raises(DominoTilingError, match="uncovered"):
        tiling_to_tree(Tiling(t.region, labels))


def test_draw_tree_on_tiling():
    m, n = 4, 5
    parent = up_or_left_tree(m, n, 3)
    t = tree_to_tiling(parent, shape=(m, n))
    ax = draw_tree_on_tiling(t)
    tree_lines, dual_lines = ax.collections[-2:]
    assert len(tree_lines.get_segments()) == m * n - 1
    assert len(dual_lines.get_segments()) == (m - 1) * (n - 1)
    for tree in (parent, parent_to_graph(parent, n)):
        ax = draw_tree_on_tiling(t, tree=tree, dual=False)
        segs = ax.collections[-1].get_segments()
        got = {
            frozenset(map(tuple, ((np.asarray(s)[:, ::-1] - 0.5) / 2).astype(int).tolist()))
            for s in segs
        }
        assert got == {frozenset(e) for e in parent_to_graph(parent, n).edges}


@pytest.mark.parametrize("m, n", [(2.5, 2), (2, 2.0), ("3", 2), (True, 2)])
def test_temperley_region_refuses_sizes_that_are_not_integers(m, n):
    from dominotiling.errors import DominoTypeError
    from dominotiling.trees.temperley_grid import temperley_region

    with pytest.raises(DominoTypeError, match="must be an integer"):
        temperley_region(m, n)
