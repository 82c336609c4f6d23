import itertools
from functools import cache

import networkx as nx
import numpy as np
import pytest
from helpers import brute_force_tilings, ktf_count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.spatial import Delaunay

from dominotiling import Region, count_tilings
from dominotiling.counting.pfaffian import count_perfect_matchings, pfaffian_orientation
from dominotiling.errors import DominoTilingError, NotPlanarError


# ----------------------------------------------------------------- independent counter
def brute_matchings(g, weight=None):
    """Weighted number of perfect matchings by recursion on the first free vertex.

    Independent of the library: the smallest remaining vertex (in a fixed order)
    is matched to each free neighbour in turn, memoised on the set of free
    vertices. Parallel edges of a multigraph count separately; loops never.
    """
    order = {v: i for i, v in enumerate(g)}
    nbrs = {v: [] for v in g}
    edges = g.edges(data=True, keys=True) if g.is_multigraph() else g.edges(data=True)
    for e in edges:
        u, v, data = e[0], e[1], e[-1]
        if u == v:
            continue
        w = 1 if weight is None else data.get(weight, 1)
        nbrs[u].append((order[v], w))
        nbrs[v].append((order[u], w))
    adj = [nbrs[v] for v in g]

    @cache
    def rec(free):
        if not free:
            return 1
        v = min(free)
        rest = free - {v}
        return sum(w * rec(rest - {u}) for u, w in adj[v] if u in rest)

    return rec(frozenset(range(len(adj))))


def all_matchings(g):
    """Every perfect matching of a small simple graph, as a list of edge lists."""
    out = []

    def rec(free, chosen):
        if not free:
            out.append(list(chosen))
            return
        v = min(free, key=repr)
        for u in g[v]:
            if u in free and u != v:
                rec(free - {u, v}, chosen + [(v, u)])

    rec(frozenset(g), [])
    return out


# ----------------------------------------------------------------- random planar graphs
def delaunay_graph(n, seed):
    pts = np.random.default_rng(seed).random((n, 2))
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for s in Delaunay(pts).simplices.tolist():
        g.add_edges_from(itertools.combinations(s, 2))
    return g


def triangulated_grid(rows, cols):
    g = nx.grid_2d_graph(rows, cols)
    g.add_edges_from(((r, c), (r + 1, c + 1)) for r in range(rows - 1) for c in range(cols - 1))
    return g


@st.composite
def planar_graphs(draw, max_nodes=16):
    kind = draw(st.sampled_from(["delaunay", "grid", "trigrid", "wheel"]))
    if kind == "delaunay":
        g = delaunay_graph(draw(st.integers(4, max_nodes)), draw(st.integers(0, 2**32 - 1)))
    elif kind == "grid":
        r = draw(st.integers(1, 4))
        g = nx.grid_2d_graph(r, draw(st.integers(1, max_nodes // r)))
    elif kind == "trigrid":
        r = draw(st.integers(1, 4))
        g = triangulated_grid(r, draw(st.integers(1, max_nodes // r)))
    else:
        g = nx.wheel_graph(draw(st.integers(4, max_nodes)))
    edges = sorted(g.edges(), key=repr)
    keep = draw(st.lists(st.booleans(), min_size=len(edges), max_size=len(edges)))
    g.remove_edges_from(e for e, k in zip(edges, keep) if not k and draw(st.booleans()))
    return g


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(planar_graphs())
def test_equals_brute_force_on_random_planar_graphs(g):
    assert count_perfect_matchings(g) == brute_matchings(g)


@pytest.mark.parametrize("seed", range(30))
def test_equals_brute_force_on_delaunay_triangulations(seed):
    rng = np.random.default_rng(seed)
    g = delaunay_graph(int(rng.integers(10, 17)), seed)
    g.remove_edges_from([e for e in sorted(g.edges()) if rng.random() < 0.15])
    assert count_perfect_matchings(g) == brute_matchings(g)


@settings(max_examples=60, deadline=None)
@given(planar_graphs(max_nodes=12), st.data())
def test_every_matching_has_the_same_pfaffian_sign(g, data):
    d = pfaffian_orientation(g)
    assert set(d.nodes) == set(g.nodes)
    assert {frozenset(e) for e in d.edges} == {frozenset(e) for e in g.edges}
    assert d.number_of_edges() == g.number_of_edges()
    order = {v: i for i, v in enumerate(g)}
    signs = set()
    for m in all_matchings(g):
        seq, sign = [], 1
        for u, v in m:
            if order[u] > order[v]:
                u, v = v, u
            seq += [order[u], order[v]]
            sign *= 1 if d.has_edge(u, v) else -1
        inversions = sum(a > b for a, b in itertools.combinations(seq, 2))
        signs.add(sign * (-1) ** inversions)
    assert len(signs) <= 1


@settings(max_examples=80, deadline=None)
@given(arrays(np.bool_, st.tuples(st.integers(1, 6), st.integers(1, 6)), elements=st.booleans()))
def test_equals_count_tilings_on_grid_regions(mask):
    if not mask.any():
        return
    region = Region.from_mask(mask)
    n = count_perfect_matchings(region.to_networkx())
    assert n == count_tilings(region) == len(brute_force_tilings(mask))


def test_known_values():
    q3 = nx.hypercube_graph(3)
    assert count_perfect_matchings(q3) == brute_matchings(q3) == 9
    assert count_perfect_matchings(nx.grid_2d_graph(8, 8)) == 12988816 == ktf_count(8, 8)
    assert count_perfect_matchings(nx.complete_graph(4)) == 3  # K4: the 3 pairings
    g = nx.octahedral_graph()
    assert count_perfect_matchings(g) == brute_matchings(g) == 8
    g = nx.icosahedral_graph()
    assert count_perfect_matchings(g) == brute_matchings(g)
    g = nx.dodecahedral_graph()
    assert count_perfect_matchings(g) == brute_matchings(g) == 36
    for n in range(4, 20):  # even cycles have 2 matchings, odd ones none
        assert count_perfect_matchings(nx.cycle_graph(n)) == (2 if n % 2 == 0 else 0)


def test_larger_grids_and_triangulated_strips():
    for m, n in [(6, 13), (12, 12), (2, 30)]:
        assert count_perfect_matchings(nx.grid_2d_graph(m, n)) == ktf_count(m, n)
    for m, n in [(3, 14), (4, 11), (5, 8)]:  # not bipartite, checked by the memoised recursion
        g = triangulated_grid(m, n)
        assert count_perfect_matchings(g) == brute_matchings(g)


def test_region_with_a_hole_and_outer_face_choice():
    region = Region.from_strings([".....", ".#...", ".....", ".....", "....."])
    g = region.to_networkx()
    assert count_perfect_matchings(g) == len(brute_force_tilings(region.mask)) > 0


@pytest.mark.parametrize(
    "g",
    [
        nx.complete_graph(5),
        nx.complete_bipartite_graph(3, 3),
        nx.petersen_graph(),
        nx.disjoint_union(nx.complete_graph(4), nx.complete_graph(5)),
    ],
    ids=["K5", "K33", "Petersen", "K4+K5"],
)
def test_non_planar_graphs_are_refused(g):
    with pytest.raises(NotPlanarError, match="not planar"):
        count_perfect_matchings(g)
    with pytest.raises(NotPlanarError):
        pfaffian_orientation(g)


def test_odd_components_and_isolated_vertices_give_zero():
    assert count_perfect_matchings(nx.path_graph(5)) == 0
    g = nx.grid_2d_graph(4, 4)
    g.add_node("lonely")
    assert count_perfect_matchings(g) == 0 == brute_matchings(g)
    # even in total but odd in each component
    g = nx.disjoint_union(nx.path_graph(3), nx.cycle_graph(3))
    assert count_perfect_matchings(g) == 0 == brute_matchings(g)
    # bipartite, even, but unbalanced: a star
    g = nx.star_graph(3)
    assert count_perfect_matchings(g) == 0 == brute_matchings(g)


def test_empty_graph_has_one_matching():
    assert count_perfect_matchings(nx.Graph()) == 1


def test_disconnected_graphs_multiply():
    parts = [nx.hypercube_graph(3), nx.complete_graph(4), nx.grid_2d_graph(2, 5), nx.wheel_graph(8)]
    g = nx.disjoint_union_all(parts)
    expected = 1
    for p in parts:
        expected *= brute_matchings(p)
    assert count_perfect_matchings(g) == expected == brute_matchings(g)


@settings(max_examples=60, deadline=None)
@given(planar_graphs(max_nodes=14), st.data())
def test_integer_weights_give_the_weighted_sum(g, data):
    for u, v in sorted(g.edges(), key=repr):
        if data.draw(st.booleans()):
            g[u][v]["w"] = data.draw(st.integers(0, 10**6))
    assert count_perfect_matchings(g, weight="w") == brute_matchings(g, weight="w")


def test_large_weights_and_integral_floats():
    g = nx.cycle_graph(4)
    g[0][1]["w"] = 2**61
    g[2][3]["w"] = 3.0
    g[1][2]["w"] = 7
    assert count_perfect_matchings(g, weight="w") == 3 * 2**61 + 7


def test_multigraph_counts_parallel_edges_and_ignores_loops():
    g = nx.MultiGraph(nx.cycle_graph(6))
    g.add_edge(0, 1)
    g.add_edge(0, 1, w=5)
    g.add_edge(2, 5)
    g.add_edge(3, 3)
    g.add_edge(4, 4)
    assert count_perfect_matchings(g) == brute_matchings(g)
    assert count_perfect_matchings(g, weight="w") == brute_matchings(g, weight="w")
    simple = nx.grid_2d_graph(3, 4)
    simple.add_edge((0, 0), (0, 0))
    assert count_perfect_matchings(simple) == brute_matchings(simple) == 11


@pytest.mark.parametrize("bad", [None, [(0, 1)], np.eye(2), Region.rectangle(2, 2)])
def test_bad_input_is_a_type_error(bad):
    with pytest.raises(TypeError, match="networkx"):
        count_perfect_matchings(bad)


def test_directed_graph_is_a_type_error():
    with pytest.raises(TypeError, match="to_undirected"):
        count_perfect_matchings(nx.DiGraph(nx.cycle_graph(4)))


@pytest.mark.parametrize("w", [-1, 0.5, "2", 2**62])
def test_bad_weights_are_refused(w):
    g = nx.cycle_graph(4)
    g[0][1]["w"] = w
    with pytest.raises(DominoTilingError, match="weight"):
        count_perfect_matchings(g, weight="w")


def test_memory_limit_is_enforced():
    from dominotiling import set_options
    from dominotiling.errors import TooLargeError

    with set_options(memory_limit=1000):
        with pytest.raises(TooLargeError, match="memory budget of 1000 B"):
            count_perfect_matchings(nx.grid_2d_graph(10, 10))
        with pytest.raises(TooLargeError, match="memory budget of 1000 B"):
            count_perfect_matchings(triangulated_grid(10, 10))


def test_old_memory_limit_constants_read_the_budget_with_a_warning():
    import dominotiling.counting.pfaffian as pfaffian
    from dominotiling import get_options

    with pytest.warns(DeprecationWarning, match="set_options"):
        assert pfaffian.MEMORY_LIMIT == get_options()["memory_limit"]
