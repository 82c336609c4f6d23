import math
from fractions import Fraction

import mpmath
import networkx as nx
import numpy as np
import pytest
import sympy
from helpers import brute_trees

from dominotiling.errors import DominoTilingError
from dominotiling.trees.kirchhoff import (
    count_spanning_trees,
    effective_resistance,
    laplacian,
)


def sympy_cofactor(G, weight=None):
    """det of the Laplacian without its first row and column, in sympy rationals."""
    nodes = list(G)
    index = {v: k for k, v in enumerate(nodes)}
    n = len(nodes)
    L = sympy.zeros(n, n)
    for a, b, d in G.edges(data=True):
        if a == b:
            continue
        w = sympy.Rational(1) if weight is None else sympy.nsimplify(d.get(weight, 1))
        x, y = index[a], index[b]
        L[x, x] += w
        L[y, y] += w
        L[x, y] -= w
        L[y, x] -= w
    return L[1:, 1:].det(method="bareiss")


def grid_closed_form(m, n):
    """tau(P_m x P_n) = prod over (j, k) != (0, 0) of (4 sin^2(pi j/2m) + 4 sin^2(pi k/2n)) / mn."""
    with mpmath.workdps(60 + m * n):
        p = mpmath.mpf(1)
        for j in range(m):
            for k in range(n):
                if j or k:
                    p *= (
                        4 * mpmath.sin(mpmath.pi * j / (2 * m)) ** 2
                        + 4 * mpmath.sin(mpmath.pi * k / (2 * n)) ** 2
                    )
        p /= m * n
        value = int(mpmath.nint(p))
        assert abs(p - value) < 1e-6
    return value


def article_graph():
    """A triangle and a square sharing the edge 1-2 (the article's example)."""
    return nx.Graph([(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 2)])


# ----------------------------------------------------------------- Kirchhoff
def test_article_example():
    assert count_spanning_trees(article_graph()) == 11 == brute_trees(article_graph())


@pytest.mark.parametrize(
    "G",
    [
        nx.complete_graph(5),
        nx.petersen_graph(),
        nx.hypercube_graph(3),
        nx.wheel_graph(7),
        *(nx.gnm_random_graph(8, 13, seed=s) for s in range(4)),
    ],
    ids=lambda g: f"n{g.number_of_nodes()}m{g.number_of_edges()}",
)
def test_counts_against_brute_force(G):
    got = count_spanning_trees(G)
    assert type(got) is int
    assert got == brute_trees(G)


def test_multigraph_loops_and_single_node():
    G = nx.MultiGraph([(0, 1), (0, 1), (1, 2), (2, 0), (2, 2)])
    assert count_spanning_trees(G) == brute_trees(G) == 5  # 2 * 1 + 1 * 1 + 1 * 2
    assert count_spanning_trees(nx.empty_graph(1)) == 1


@pytest.mark.parametrize("m,n", [(1, 7), (2, 5), (3, 3), (4, 4), (5, 7), (8, 9), (12, 12)])
def test_grids_against_closed_form(m, n):
    assert count_spanning_trees(nx.grid_2d_graph(m, n)) == grid_closed_form(m, n)


@pytest.mark.parametrize("m,n", [(3, 3), (3, 4), (4, 4)])
def test_grids_against_sympy_det(m, n):
    G = nx.grid_2d_graph(m, n)
    assert count_spanning_trees(G) == int(sympy_cofactor(G))


def test_30x30_exact_where_networkx_overflows():
    G = nx.grid_2d_graph(30, 30)
    got = count_spanning_trees(G)
    assert got == grid_closed_form(30, 30)
    assert got.bit_length() > 1400
    with np.errstate(all="ignore"):
        assert math.isinf(nx.number_of_spanning_trees(G))
    assert nx.number_of_spanning_trees(nx.grid_2d_graph(4, 4)) != count_spanning_trees(
        nx.grid_2d_graph(4, 4)
    )


def test_disconnected_counts_zero():
    assert count_spanning_trees(nx.Graph([(0, 1), (2, 3)])) == 0
    G = nx.path_graph(3)
    G.add_node("lonely")
    assert count_spanning_trees(G) == 0


def test_weighted_fraction_against_sympy():
    rng = np.random.default_rng(7)
    for s in range(3):
        G = nx.gnm_random_graph(9, 16, seed=s)
        for a, b in G.edges():
            G[a][b]["c"] = Fraction(int(rng.integers(1, 9)), int(rng.integers(1, 9)))
        got = count_spanning_trees(G, weight="c")
        assert isinstance(got, Fraction)
        want = sympy_cofactor(G, "c")
        assert got == Fraction(int(want.p), int(want.q))
        if s == 0:
            assert got == brute_trees(G, "c")


def test_integer_weights_stay_int_and_huge_weights_are_exact():
    G = nx.complete_graph(5)
    for k, (a, b) in enumerate(G.edges()):
        G[a][b]["w"] = k + 1
    got = count_spanning_trees(G, weight="w")
    assert type(got) is int and got == brute_trees(G, "w")
    for k, (a, b) in enumerate(G.edges()):
        G[a][b]["w"] = 2**70 + 3**k  # weighted degrees far beyond 64 bits
    assert count_spanning_trees(G, weight="w") == brute_trees(G, "w")


def test_float_weights_give_floats():
    G = nx.gnm_random_graph(8, 14, seed=3)
    for k, (a, b) in enumerate(G.edges()):
        G[a][b]["w"] = 0.5 + 0.25 * k
    got = count_spanning_trees(G, weight="w")
    assert type(got) is float
    assert got == pytest.approx(float(brute_trees(G, "w")), rel=1e-10)


def test_laplacian_matches_networkx():
    G = nx.gnm_random_graph(10, 20, seed=1)
    for k, (a, b) in enumerate(G.edges()):
        G[a][b]["w"] = k % 4
    L = laplacian(G, weight="w")
    assert L.dtype == np.int64
    assert (L.toarray() == nx.laplacian_matrix(G, weight="w").toarray()).all()
    G[0][next(iter(G[0]))]["w"] = Fraction(1, 3)
    assert laplacian(G, weight="w").dtype == np.float64


@pytest.mark.parametrize("bad", [-1, "x", float("inf"), float("nan"), True])
def test_bad_weights(bad):
    G = nx.path_graph(3)
    G[0][1]["w"] = bad
    with pytest.raises(DominoTilingError, match="edge"):
        count_spanning_trees(G, weight="w")
    G[0][1]["r"] = bad
    with pytest.raises(DominoTilingError, match="resistance"):
        effective_resistance(G, 0, 2, weight="r")


def test_bad_graphs():
    with pytest.raises(TypeError, match="undirected"):
        count_spanning_trees(nx.DiGraph([(0, 1)]))
    with pytest.raises(TypeError, match="networkx"):
        count_spanning_trees([(0, 1)])
    with pytest.raises(DominoTilingError, match="no nodes"):
        count_spanning_trees(nx.Graph())


# ----------------------------------------------------------------- resistance
def test_series_and_parallel():
    G = nx.path_graph(4)
    for k, (a, b) in enumerate(G.edges()):
        G[a][b]["resistance"] = Fraction(k + 1, 3)
    assert effective_resistance(G, 0, 3) == Fraction(1 + 2 + 3, 3)
    M = nx.MultiGraph()
    M.add_edge(0, 1, resistance=2)
    M.add_edge(0, 1, resistance=3)
    M.add_edge(1, 2, resistance=Fraction(1, 5))
    assert effective_resistance(M, 0, 1) == Fraction(6, 5)  # 2 || 3
    assert effective_resistance(M, 0, 2) == Fraction(6, 5) + Fraction(1, 5)
    assert effective_resistance(M, 0, 2, method="float") == pytest.approx(7 / 5, rel=1e-12)
    assert effective_resistance(M, 2, 2) == 0


@pytest.mark.parametrize(
    "G",
    [
        nx.grid_2d_graph(4, 5),
        nx.petersen_graph(),
        article_graph(),
        nx.gnm_random_graph(12, 25, seed=5),
    ],
    ids=["grid", "petersen", "article", "random"],
)
def test_foster_theorem_exact_and_float(G):
    n = G.number_of_nodes()
    assert sum(effective_resistance(G, a, b) for a, b in G.edges()) == n - 1
    floats = sum(effective_resistance(G, a, b, method="float") for a, b in G.edges())
    assert floats == pytest.approx(n - 1, rel=1e-10)


def test_exact_and_float_agree_with_each_other_and_networkx():
    G = nx.gnm_random_graph(15, 30, seed=2)
    for k, (a, b) in enumerate(G.edges()):
        G[a][b]["resistance"] = Fraction(k % 5 + 1, 2)
        G[a][b]["ohm"] = float(G[a][b]["resistance"])
    for u, v in [(0, 14), (3, 7), (1, 2)]:
        exact = effective_resistance(G, u, v)
        assert isinstance(exact, Fraction)
        assert float(exact) == pytest.approx(
            effective_resistance(G, u, v, method="float"), rel=1e-10
        )
        theirs = nx.resistance_distance(G, u, v, weight="ohm", invert_weight=True)
        assert float(exact) == pytest.approx(theirs, rel=1e-8)
    # the article's example: R = tau(G / uv) / tau(G) with 11 trees
    H = article_graph()
    merged = nx.contracted_nodes(nx.MultiGraph(H), 0, 3, self_loops=False)
    assert effective_resistance(H, 0, 3) == Fraction(count_spanning_trees(merged), 11)


def test_resistance_other_components_and_errors():
    G = nx.disjoint_union(nx.cycle_graph(4), nx.path_graph(3))
    assert effective_resistance(G, 0, 2) == 1
    with pytest.raises(DominoTilingError, match="not connected"):
        effective_resistance(G, 0, 5)
    with pytest.raises(DominoTilingError, match="not a node"):
        effective_resistance(G, 0, "nowhere")
    with pytest.raises(DominoTilingError, match="unknown method"):
        effective_resistance(G, 0, 1, method="magic")
    G[0][1]["resistance"] = 0
    with pytest.raises(DominoTilingError, match="short circuit"):
        effective_resistance(G, 0, 2)
