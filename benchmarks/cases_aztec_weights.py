"""Benchmark cases of generalized domino shuffling (``dominotiling.aztec.weighted``, issue 16).

- Samples with i.i.d. random (Gamma) weights on every position: order 1000 (goal
  at most 1 s) and 2000 (at most 5 s and 300 MB for the call). Each sample is
  validated after timing.
- All edge probabilities by Propp's creation rates: order 500 (at most 3 s) and
  1000 (at most 20 s and 1 GB).
- The exact partition function with random integer weights 1..9: orders 12 to
  200 (goal at most 10 s at order 200; the cost grows as ``n**5``: numbers of
  primes ~ n**2, urban renewal ~ n**3 each).

The weights are built before the timed calls (their arrays are not counted as
the call's memory).
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["random_weight_samples", "edge_probabilities", "exact_partition_function"]

MB = 10**6


def _weights(n, dist, **params):
    from dominotiling import Region, Weights

    return Weights.random(Region.aztec_diamond(n), dist, seed=1, **params)


def sample_child(n, repeats):
    """Child: time ``sample_aztec(n, seed, weights=Gamma(2) weights)``, then validate one sample."""
    from dominotiling import Region
    from dominotiling.aztec.shuffling import sample_aztec

    w = _weights(n, "gamma", alpha=2.0)
    small = _weights(4, "gamma", alpha=2.0)
    seeds = iter(range(10**6))
    t = measure(
        lambda: sample_aztec(n, seed=next(seeds), weights=w).n_dominoes,
        repeats,
        warmup=False,
        prime=lambda: sample_aztec(4, seed=0, weights=small),
    )
    tiling = sample_aztec(n, seed=0, weights=w)
    tiling.validate()
    t.extra = {
        "valid": tiling.is_complete
        and tiling.region == Region.aztec_diamond(n)
        and w.tiling_weight(tiling) > 0
    }
    return t


def probabilities_child(n, repeats):
    """Child: time ``aztec_edge_probabilities(n, Gamma(2) weights)``; check the sums around the cells."""
    import numpy as np

    from dominotiling.aztec.weighted import aztec_edge_probabilities

    w = _weights(n, "gamma", alpha=2.0)
    t = measure(
        lambda: aztec_edge_probabilities(n, weights=w).horizontal.shape[0],
        repeats,
        warmup=False,
        prime=lambda: aztec_edge_probabilities(4, weights=_weights(4, "gamma", alpha=2.0)),
    )
    p = aztec_edge_probabilities(n, weights=w)
    h, v = np.nan_to_num(p.horizontal), np.nan_to_num(p.vertical)
    total = np.zeros((2 * n, 2 * n))
    total[:, :-1] += h
    total[:, 1:] += h
    total[:-1, :] += v
    total[1:, :] += v
    from dominotiling import Region

    t.extra = {"valid": bool(np.abs(total[Region.aztec_diamond(n).mask] - 1).max() < 1e-9)}
    return t


def partition_child(n, repeats):
    """Child: time the exact ``aztec_partition_function(n, integer weights 1..9)``; its bit length."""
    from dominotiling.aztec.weighted import aztec_partition_function

    w = _weights(n, "integers", a=1, b=9)
    t = measure(
        lambda: aztec_partition_function(n, weights=w).bit_length(),
        repeats,
        warmup=False,
        prime=lambda: aztec_partition_function(4, weights=_weights(4, "integers", a=1, b=9)),
    )
    if n <= 12:
        from dominotiling import Region, count_tilings

        t.extra = {
            "valid": aztec_partition_function(n, weights=w)
            == count_tilings(Region.aztec_diamond(n), weights=w, method="kasteleyn")
        }
    else:
        t.extra = {"valid": True}
    return t


def _valid(case, t):
    if not t.extra.get("valid"):
        raise RuntimeError(f"{case}: the result failed its check")


def _goal_rows(child, goals, sizes, single_from, what):
    """Rows for `child` at each order in `sizes`, timed against ``goals[n] = (seconds, bytes)``."""
    out = []
    for n in sizes:
        seconds, memory = goals[n]
        t = Timing(**run_isolated(f"{__name__}:{child}", n, 1 if n >= single_from else 3))
        case = what.format(n=n, value=t.value)
        _valid(case, t)
        if seconds is None:
            out.append(Row(case, _median(t), memory=_memory(t), goal="reported"))
            continue
        met = t.median_s <= seconds and (memory is None or t.rss_growth <= memory)
        goal = f"≤ {seconds:g} s" + (f" and ≤ {memory // MB} MB for the call" if memory else "")
        out.append(Row(case, _median(t), memory=_memory(t), goal=goal, met=met))
    return out


@benchmark
def random_weight_samples(quick):
    """Samples of order 1000 and 2000 with i.i.d. Gamma(2) weights on every domino position."""
    goals = {300: (None, None), 1000: (1.0, None), 2000: (5.0, 300 * MB)}
    return _goal_rows(
        "sample_child",
        goals,
        (300,) if quick else (1000, 2000),
        2000,
        "Aztec diamond n = {n}, i.i.d. Gamma(2) weights, one sample",
    )


@benchmark
def edge_probabilities(quick):
    """All edge probabilities of orders 500 and 1000 with Gamma(2) weights (Propp's creation rates)."""
    goals = {200: (None, None), 500: (3.0, None), 1000: (20.0, 1000 * MB)}
    return _goal_rows(
        "probabilities_child",
        goals,
        (200,) if quick else (500, 1000),
        1000,
        "Aztec diamond n = {n}, every edge probability, Gamma(2) weights",
    )


@benchmark
def exact_partition_function(quick):
    """Exact partition functions with random integer weights 1..9, up to order 200 (goal at most 10 s)."""
    goals = {
        12: (None, None),
        32: (None, None),
        64: (None, None),
        100: (None, None),
        200: (10.0, None),
    }
    return _goal_rows(
        "partition_child",
        goals,
        (12, 32) if quick else (12, 64, 100, 200),
        100,
        "Aztec diamond n = {n}, exact Z, integer weights 1..9 ({value} bits)",
    )
