from collections import Counter

import networkx as nx
import numpy as np
import pytest
from helpers import tree_list
from scipy import sparse
from scipy.stats import chisquare

import dominotiling.trees.wilson as wilson
from dominotiling.errors import DominoTilingError
from dominotiling.trees.kirchhoff import count_spanning_trees
from dominotiling.trees.wilson import uniform_spanning_tree, wilson_frames


def article_graph():
    """The second article's example: a triangle and a square sharing an edge."""
    return nx.Graph([(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 2)])


def _edges_of_parent(parent, cols):
    return frozenset(
        frozenset({divmod(v, cols), divmod(int(p), cols)}) for v, p in enumerate(parent) if p >= 0
    )


def test_wilson_uniform_on_3x3_grid():
    G = nx.grid_2d_graph(3, 3)
    all_trees = tree_list(G)
    assert len(all_trees) == 192 == count_spanning_trees(G)
    rng = np.random.default_rng(2024)
    samples = 192 * 60
    counts = Counter(
        _edges_of_parent(uniform_spanning_tree((3, 3), seed=rng), 3) for _ in range(samples)
    )
    assert set(counts) <= set(all_trees)
    observed = [counts[t] for t in all_trees]
    assert chisquare(observed).pvalue > 1e-3


def test_wilson_uniform_networkx_graph_any_root():
    G = nx.Graph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (2, 4), (4, 3)])  # 21 trees
    all_trees = tree_list(G)
    assert len(all_trees) == count_spanning_trees(G)
    rng = np.random.default_rng(5)
    counts = Counter(
        frozenset(frozenset(e) for e in uniform_spanning_tree(G, seed=rng, root=4).edges())
        for _ in range(len(all_trees) * 150)
    )
    assert set(counts) <= set(all_trees)
    assert chisquare([counts[t] for t in all_trees]).pvalue > 1e-3


@pytest.mark.parametrize("root", [None, 0, (19, 29), 317])
def test_parent_array_is_tree_rooted_at_root(root):
    m, n = 20, 30
    parent = uniform_spanning_tree((m, n), seed=11, root=root)
    r = {None: (m // 2) * n + n // 2, 0: 0, (19, 29): 19 * n + 29, 317: 317}[root]
    assert parent.dtype == np.int64 and parent.shape == (m * n,)
    assert np.flatnonzero(parent == -1).tolist() == [r]
    grid = nx.grid_2d_graph(m, n)
    T = nx.Graph(_edges_of_parent(parent, n))
    assert nx.is_tree(T) and T.number_of_nodes() == m * n
    assert all(grid.has_edge(*e) for e in T.edges())
    # following parents from any vertex reaches the root: distances strictly decrease
    depth = nx.shortest_path_length(T, divmod(r, n))
    assert all(
        depth[divmod(v, n)] == depth[divmod(int(p), n)] + 1 for v, p in enumerate(parent) if p >= 0
    )


def test_csr_and_sparse_inputs():
    G = nx.convert_node_labels_to_integers(nx.petersen_graph())
    A = nx.to_scipy_sparse_array(G, format="csr")
    for graph in (A, (A.indptr, A.indices)):
        parent = uniform_spanning_tree(graph, seed=4, root=3)
        assert parent[3] == -1
        T = nx.Graph((v, int(p)) for v, p in enumerate(parent) if p >= 0)
        assert nx.is_tree(T) and all(G.has_edge(*e) for e in T.edges()) and len(T) == 10
    same = uniform_spanning_tree((A.indptr, A.indices), seed=4, root=3)
    assert (uniform_spanning_tree(A, seed=4, root=3) == same).all()


def test_seed_reproducibility_and_chunk_independence(monkeypatch):
    a = uniform_spanning_tree((40, 40), seed=123)
    assert (a == uniform_spanning_tree((40, 40), seed=123)).all()
    assert (a == uniform_spanning_tree((40, 40), seed=np.random.default_rng(123))).all()
    assert not (a == uniform_spanning_tree((40, 40), seed=124)).all()
    monkeypatch.setattr(wilson, "_CHUNK", 7)  # the tree depends on the stream only
    assert (a == uniform_spanning_tree((40, 40), seed=123)).all()
    G = nx.grid_2d_graph(6, 6)
    assert set(map(frozenset, uniform_spanning_tree(G, seed=9).edges())) == set(
        map(frozenset, uniform_spanning_tree(G, seed=9).edges())
    )


def test_frames_replay_the_kernel():
    for seed in range(5):
        parent = uniform_spanning_tree((5, 6), seed=seed)
        frames = wilson_frames((5, 6), seed=seed)
        assert frames[0].event == "start" and (frames[-1].parent == parent).all()
        adj = nx.grid_2d_graph(5, 6)
        prev = None
        for f in frames:
            assert f.shape == (5, 6)
            if f.event == "step":  # one new vertex, adjacent to the previous end
                assert f.path[:-1].tolist() == prev.path.tolist()
                assert adj.has_edge(divmod(int(f.path[-2]), 6), divmod(int(f.path[-1]), 6))
            elif f.event == "erase":  # a loop closed: the path is cut back to a prefix
                assert (
                    len(f.path) < len(prev.path) + 1
                    and prev.path[: len(f.path)].tolist() == f.path.tolist()
                )
            elif f.event == "attach":
                assert f.parent[f.path[-1]] != -2 and (f.parent[f.path[:-1]] == f.path[1:]).all()
            prev = f
    frames = wilson_frames(article_graph(), seed=0)
    assert frames[-1].nodes == list(article_graph())


def test_the_frames_flag_is_deprecated_and_gives_wilson_frames():
    G = article_graph()
    with pytest.warns(DeprecationWarning, match="wilson_frames"):
        T, frames = uniform_spanning_tree(G, seed=0, frames=True)
    assert nx.is_tree(T) and set(map(frozenset, T.edges())) == set(
        map(frozenset, uniform_spanning_tree(G, seed=0).edges())
    )
    new = wilson_frames(G, seed=0)
    assert [f.event for f in frames] == [f.event for f in new]
    assert all(
        (a.parent == b.parent).all() and (a.path == b.path).all() for a, b in zip(frames, new)
    )


def test_wilson_bad_input():
    with pytest.raises(DominoTilingError, match="not connected"):
        uniform_spanning_tree(nx.Graph([(0, 1), (2, 3)]))
    with pytest.raises(DominoTilingError, match="not connected"):
        uniform_spanning_tree(sparse.csr_array(np.array([[0, 1, 0], [1, 0, 0], [0, 0, 0]])))
    with pytest.raises(DominoTilingError, match="not a node"):
        uniform_spanning_tree(nx.path_graph(3), root=7)
    with pytest.raises(DominoTilingError, match="not a cell"):
        uniform_spanning_tree((3, 3), root=(3, 0))
    with pytest.raises(DominoTilingError, match="symmetric"):
        uniform_spanning_tree((np.array([0, 1, 1]), np.array([1])))
    with pytest.raises(DominoTilingError, match="indptr"):
        uniform_spanning_tree((np.array([0, 5]), np.array([0])))
    with pytest.raises(DominoTilingError, match="frames"):
        wilson_frames((40, 40))
    with pytest.raises(TypeError, match="multigraph"):
        uniform_spanning_tree(nx.MultiGraph([(0, 1)]))
    with pytest.raises(TypeError):
        uniform_spanning_tree("grid")
    assert uniform_spanning_tree((1, 1), seed=0).tolist() == [-1]
