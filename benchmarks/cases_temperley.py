"""Benchmark cases of Temperley's bijection on the grid (``dominotiling.trees.temperley``).

A spanning tree of the 1000x1000 grid, given as a parent array (the form a grid
Wilson sampler returns), becomes a tiling of the 1999x1999 board without a corner,
and the tiling becomes the tree again. The tree is a random "up or left" tree
(every vertex points to its upper or left neighbour: always a spanning tree rooted
at (0, 0)); the round trip must give back the same parent array.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["temperley_1000"]


def _up_or_left(m, n, seed):
    import numpy as np

    rng = np.random.default_rng(seed)
    i, j = np.divmod(np.arange(m * n), n)
    up = np.where(i == 0, False, np.where(j == 0, True, rng.random(m * n) < 0.5))
    parent = np.where(up, (i - 1) * n + j, i * n + j - 1)
    parent[0] = -1
    return parent


def temperley_ours(m, n, what, repeats):
    """Child: time ``tree_to_tiling`` (what="to_tiling") or ``tiling_to_tree`` (what="to_tree")."""
    import numpy as np

    from dominotiling.trees.temperley import tiling_to_tree, tree_to_tiling

    parent = _up_or_left(m, n, 0)
    tiling = tree_to_tiling(parent, shape=(m, n))
    prime = lambda: tiling_to_tree(tree_to_tiling(_up_or_left(4, 4, 1), shape=(4, 4)))  # noqa: E731
    if what == "to_tiling":
        fn = lambda: tree_to_tiling(parent, shape=(m, n)).n_dominoes  # noqa: E731
    else:
        fn = lambda: bool(np.array_equal(tiling_to_tree(tiling, as_parent=True), parent))  # noqa: E731
    t = measure(fn, repeats, prime=prime)
    t.extra = {
        "expected": repr(((2 * m - 1) * (2 * n - 1) - 1) // 2 if what == "to_tiling" else True)
    }
    return t


@benchmark
def temperley_1000(quick):
    """Temperley's bijection on the 1000x1000 grid: parent array -> tiling -> parent array."""
    repeats = 3 if quick else 5
    out = []
    for what, label in (("to_tiling", "tree_to_tiling"), ("to_tree", "tiling_to_tree")):
        t = Timing(**run_isolated(f"{__name__}:temperley_ours", 1000, 1000, what, repeats))
        if t.value != t.extra["expected"]:
            raise RuntimeError(f"Temperley {label}: got {t.value}, expected {t.extra['expected']}")
        out.append(
            Row(
                f"Temperley {label}, 1000x1000 grid (parent array)",
                _median(t),
                memory=_memory(t),
                goal="reported",
            )
        )
    return out
