"""Benchmark cases of maximum matchings (``dominotiling.matching.matchings``).

The region throughout is an ``L x L`` square with 2 % of its cells removed at
random (numpy's default generator, seed 0): holes make the colours locally
unbalanced, so the greedy start leaves free cells far apart and the augmenting
paths are long -- the hard case for matching on grids.

- ``maximum_matching`` against networkx's ``hopcroft_karp_matching`` at L = 200
  and 300, each timed from Region to result (networkx's time includes building
  its graph with ``Region.to_networkx()``); both matching sizes must agree.
  Goal: at least 1000 times faster.
- L = 1000 (goal: at most 0.5 s and 300 MB peak growth) and L = 2000 (goal: at
  most 3 s), Pothen--Fan+ and Hopcroft--Karp side by side; all sizes must agree.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["matching_vs_networkx", "matching_large"]

HOLES = 0.02
SPEEDUP_GOAL = 1000
GOALS = {1000: (0.5, 300 * 2**20), 2000: (3.0, None)}


def _region(side, seed=0):
    import numpy as np

    from dominotiling import Region

    return Region(np.random.default_rng(seed).random((side, side)) >= HOLES)


def match_ours(side, algorithm, repeats, warmup=True):
    """Child: time ``maximum_matching(region, method=algorithm)``; the value is the matching size."""
    from dominotiling import Region
    from dominotiling.matching.matchings import maximum_matching

    region = _region(side)
    t = measure(
        lambda: maximum_matching(region, method=algorithm).n_dominoes,
        repeats,
        warmup=warmup,
        prime=lambda: maximum_matching(Region.rectangle(6, 6), method=algorithm),
    )
    t.extra = {"cells": region.n_cells}
    return t


def match_networkx(side, repeats):
    """Child: time ``Region.to_networkx()`` plus networkx's Hopcroft--Karp; value = size."""
    import networkx as nx

    region = _region(side)

    def run():
        g = region.to_networkx()
        top = [v for v, c in g.nodes(data="color") if c == 0]
        return len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2

    return measure(run, repeats, warmup=False)


def _check(case, a, b):
    if a.value != b.value:
        raise RuntimeError(f"{case}: matching sizes differ ({a.value} vs {b.value})")


@benchmark
def matching_vs_networkx(quick):
    """Maximum matching of L x L with 2 % holes, ours ("auto") vs networkx Hopcroft--Karp."""
    out = []
    for side in (200, 300):
        ours = Timing(**run_isolated(f"{__name__}:match_ours", side, "auto", 5))
        case = f"maximum matching {side}x{side}, 2% holes, vs networkx"
        if quick and side == 300:
            out.append(Row(case, _median(ours), "skipped (--quick)", memory=_memory(ours)))
            continue
        ref = Timing(**run_isolated(f"{__name__}:match_networkx", side, 1))
        _check(case, ours, ref)
        ratio = ref.median_s / ours.median_s
        out.append(
            Row(
                case,
                _median(ours),
                _median(ref),
                f"{ratio:.0f}x",
                _memory(ours),
                f"≥ {SPEEDUP_GOAL}x faster",
                ratio >= SPEEDUP_GOAL,
            )
        )
    return out


@benchmark
def matching_large(quick):
    """Maximum matching of 1000x1000 and 2000x2000 with 2 % holes: Pothen--Fan+ vs Hopcroft--Karp."""
    out = []
    for side in (1000, 2000):
        seconds, memory = GOALS[side]
        pf = Timing(**run_isolated(f"{__name__}:match_ours", side, "pothen-fan", 3))
        if quick:
            hk = None
        else:
            hk = Timing(**run_isolated(f"{__name__}:match_ours", side, "hopcroft-karp", 1, False))
            _check(f"matching {side}x{side}", pf, hk)
        goal = f"≤ {seconds:g} s" + (f" and ≤ {memory // 2**20} MB growth" if memory else "")
        met = pf.median_s <= seconds and (memory is None or pf.rss_growth <= memory)
        out.append(
            Row(
                f"maximum matching {side}x{side}, 2% holes, Pothen-Fan+ ({pf.value} dominoes)",
                _median(pf),
                f"Hopcroft-Karp {_median(hk)}" if hk else "skipped (--quick)",
                f"{hk.median_s / pf.median_s:.1f}x" if hk else "—",
                _memory(pf),
                goal,
                met,
            )
        )
    return out


def _print(rows):  # pragma: no cover - a convenience for running this file by hand
    for row in rows:
        print(" | ".join(row.cells()))


if __name__ == "__main__":  # pragma: no cover
    import sys

    quick = "--quick" in sys.argv
    _print(matching_vs_networkx(quick) + matching_large(quick))
