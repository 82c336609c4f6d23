"""Benchmark cases of spanning trees (``dominotiling.trees.kirchhoff``).

- Wilson's sampler against ``networkx.random_spanning_tree`` on the 15x15 and
  20x20 grids, a networkx graph in and out on both sides. networkx's sampler
  (contractions and repeated tree counts) takes seconds to minutes, so it runs
  once, without warm-up. Goal: at least 3000x faster.
- A uniform spanning tree of the 1000x1000 grid through the array interface
  (grid shape in, parent array out): goal at most 0.5 s. The walk length varies
  much from tree to tree, so every timed call uses a new seed.
- The exact number of spanning trees of the 30x30 grid against python-flint's
  ``fmpz_mat.det`` of the dense reduced Laplacian: equal, and goal at least 30x
  faster.
"""

from __future__ import annotations

import itertools

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["wilson_versus_networkx", "wilson_1000", "tau_versus_flint"]


def _tree_summary(T, G):
    """What both samplers must return: a spanning tree of G, as a short string."""
    import networkx as nx

    ok = nx.is_tree(T) and set(T) == set(G) and all(G.has_edge(*e) for e in T.edges())
    return f"spanning tree: {ok}, {T.number_of_edges()} edges"


def wilson_ours(side, repeats):
    """Child: time ``uniform_spanning_tree`` on a networkx grid (a new seed per call)."""
    import networkx as nx

    from dominotiling.trees.wilson import uniform_spanning_tree

    G = nx.grid_2d_graph(side, side)
    seeds = itertools.count()
    t = measure(
        lambda: uniform_spanning_tree(G, seed=next(seeds)),
        repeats,
        prime=lambda: uniform_spanning_tree(nx.grid_2d_graph(3, 3), seed=0),
    )
    t.value = _tree_summary(uniform_spanning_tree(G, seed=0), G)
    return t


def wilson_networkx(side):
    """Child: time ``networkx.random_spanning_tree`` once on a side x side grid."""
    import networkx as nx

    G = nx.grid_2d_graph(side, side)
    trees = []
    t = measure(lambda: trees.append(nx.random_spanning_tree(G, seed=0)), 1, warmup=False)
    t.value = _tree_summary(trees[-1], G)
    t.extra = {"networkx": nx.__version__}
    return t


def wilson_grid(side, repeats):
    """Child: time the array interface on a side x side grid (a new seed per call)."""
    import numpy as np

    from dominotiling.trees.wilson import uniform_spanning_tree

    seeds = itertools.count()
    t = measure(
        lambda: uniform_spanning_tree((side, side), seed=next(seeds)),
        repeats,
        prime=lambda: uniform_spanning_tree((3, 3), seed=0),
    )
    parent = uniform_spanning_tree((side, side), seed=0)
    t.value = f"{int((parent == -1).sum())} root, {int((parent >= 0).sum())} edges, {parent.dtype}"
    assert np.all(parent[parent >= 0] < side * side)
    return t


def tau_ours(side, repeats):
    """Child: time ``count_spanning_trees`` of the side x side grid."""
    import networkx as nx

    from dominotiling.trees.kirchhoff import count_spanning_trees

    G = nx.grid_2d_graph(side, side)
    return measure(
        lambda: count_spanning_trees(G),
        repeats,
        prime=lambda: count_spanning_trees(nx.grid_2d_graph(3, 3)),
    )


def tau_flint(side):
    """Child: time python-flint's exact determinant of the dense reduced Laplacian."""
    import flint
    import networkx as nx

    from dominotiling.trees.kirchhoff import laplacian

    dense = laplacian(nx.grid_2d_graph(side, side)).toarray()[1:, 1:].astype(int).tolist()
    t = measure(lambda: int(flint.fmpz_mat(dense).det()), 1, warmup=False)
    t.extra = {"flint": flint.__version__}
    return t


@benchmark
def wilson_versus_networkx(quick):
    """Uniform spanning trees of grids, ours vs networkx.random_spanning_tree (run once)."""
    out = []
    for side in (10,) if quick else (15, 20):
        ours = Timing(**run_isolated(f"{__name__}:wilson_ours", side, 20))
        theirs = Timing(**run_isolated(f"{__name__}:wilson_networkx", side))
        if ours.value != theirs.value or "True" not in ours.value:
            raise RuntimeError(
                f"{side}x{side}: ours gives {ours.value!r}, networkx {theirs.value!r}"
            )
        ratio = theirs.median_s / ours.median_s
        goal = 3000 if side in (15, 20) else None
        out.append(
            Row(
                f"uniform spanning tree {side}x{side}, networkx graph in and out: Wilson vs "
                f"networkx {theirs.extra['networkx']} random_spanning_tree",
                _median(ours),
                _median(theirs),
                f"{ratio:.0f}x",
                _memory(ours),
                f"≥ {goal}x faster" if goal else "—",
                ratio >= goal if goal else None,
            )
        )
    return out


@benchmark
def wilson_1000(quick):
    """A uniform spanning tree of the 1000x1000 grid, array interface (goal: at most 0.5 s)."""
    side = 300 if quick else 1000
    t = Timing(**run_isolated(f"{__name__}:wilson_grid", side, 3 if quick else 7))
    want = f"1 root, {side * side - 1} edges, int64"
    if t.value != want:
        raise RuntimeError(f"Wilson {side}x{side}: got {t.value!r}, want {want!r}")
    return [
        Row(
            f"uniform spanning tree {side}x{side} (grid shape in, parent array out; new seed each run)",
            _median(t),
            memory=_memory(t),
            goal="≤ 0.5 s" if side == 1000 else "—",
            met=t.median_s <= 0.5 if side == 1000 else None,
        )
    ]


@benchmark
def tau_versus_flint(quick):
    """Exact spanning-tree count of the 30x30 grid, ours vs flint's dense determinant."""
    try:
        import flint  # noqa: F401
    except ImportError:
        return [
            Row(
                "spanning trees 30x30 vs python-flint",
                "—",
                "python-flint not installed (pip install -e '.[bench]')",
            )
        ]
    side = 20 if quick else 30
    ours = Timing(**run_isolated(f"{__name__}:tau_ours", side, 3))
    theirs = Timing(**run_isolated(f"{__name__}:tau_flint", side))
    if ours.value != theirs.value:
        raise RuntimeError(
            f"tau {side}x{side}: ours {ours.value[:40]}..., flint {theirs.value[:40]}..."
        )
    ratio = theirs.median_s / ours.median_s
    goal = 30 if side == 30 else None
    return [
        Row(
            f"spanning trees of the {side}x{side} grid, exact ({len(ours.value)} digits): "
            f"banded cofactor vs flint {theirs.extra['flint']} dense det",
            _median(ours),
            _median(theirs),
            f"{ratio:.0f}x",
            _memory(ours),
            f"≥ {goal}x faster" if goal else "—",
            ratio >= goal if goal else None,
        )
    ]
