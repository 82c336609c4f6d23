"""Benchmark cases of the sample measurements (``dominotiling.statistics``).

- ``double_dimer`` of two uniform tilings of a 1001x1001 board (Temperley's
  region, a million cells) with its full loop statistics: lengths, nesting
  depths, the loops around the centre, the length distribution and the
  box-counting dimension of the longest loop (goal: at most 1 s). Checked: every
  cell lies on one loop or doubled domino.
- ``height_variance`` at the centre of a 200x200 square from the inverse
  Kasteleyn matrix (goal: at most 2 s). Checked: the variance lies between the
  64x64 square's and 64x64's plus ``2 log(200/64)`` (growth slower than twice
  Kenyon's slope, which the 64..128 local slope already respects).
- 2000 Aztec diamonds of order 400 with their arctic boundary positions, serially
  (goal: at most 60 s) and on 2 local Dask workers (goal: at least 1.7x faster);
  the rows report the skewness and excess kurtosis of the rescaled positions next
  to Tracy--Widom GUE's (0.224, 0.093). ``--quick`` draws 200 diamonds.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, fmt_time, measure, run_isolated

__all__ = ["double_dimer_million", "height_variance_200", "aztec_boundary_ensemble"]


def double_dimer_ours(m, repeats):
    """Child: time ``double_dimer`` with its statistics on two tilings of ``temperley_region(m, m)``."""
    from dominotiling import random_tiling
    from dominotiling.statistics import double_dimer
    from dominotiling.trees.temperley_grid import temperley_region

    region = temperley_region(m, m)
    a = random_tiling(region, seed=1, method="temperley")
    b = random_tiling(region, seed=2, method="temperley")
    small = temperley_region(5, 5)

    def run():
        dd = double_dimer(a, b)
        dim = dd.box_counting_dimension()[0]
        dist = dd.length_distribution()
        around = dd.n_surrounding()
        ok = int(dd.lengths.sum()) + 2 * dd.n_doubled == region.n_cells
        return {
            "ok": ok,
            "loops": dd.n_loops,
            "longest": int(dd.lengths.max()),
            "dimension": round(dim, 3),
            "max_depth": int(dd.depths.max()),
            "around_centre": around,
            "distinct_lengths": len(dist[0]),
        }

    t = measure(
        run,
        repeats,
        prime=lambda: double_dimer(
            random_tiling(small, seed=1, method="temperley"),
            random_tiling(small, seed=2, method="temperley"),
        ),
    )
    t.extra = {"cells": region.n_cells}
    return t


@benchmark
def double_dimer_million(quick):
    """double_dimer of two ~1000x1000 tilings with full loop statistics (goal <= 1 s)."""
    t = Timing(**run_isolated(f"{__name__}:double_dimer_ours", 501, 3 if quick else 5))
    import ast

    v = ast.literal_eval(t.value)
    if not v["ok"]:
        raise RuntimeError("double_dimer: loop lengths and doubled dominoes do not cover the board")
    case = (
        f"double_dimer, 1001x1001 board ({t.extra['cells']} cells): {v['loops']} loops, "
        f"longest {v['longest']}, box dimension {v['dimension']} (SLE4: 1.5)"
    )
    return [Row(case, _median(t), memory=_memory(t), goal="≤ 1 s", met=t.median_s <= 1.0)]


def height_variance_ours(n, repeats):
    """Child: time ``height_variance`` at the centre of the n x n square."""
    from dominotiling import Region
    from dominotiling.statistics import height_variance

    region = Region.rectangle(n, n)
    t = measure(
        lambda: height_variance(region, (n // 2, n // 2)),
        repeats,
        prime=lambda: height_variance(Region.rectangle(8, 8), (4, 4)),
    )
    t.extra = {"var64": height_variance(Region.rectangle(64, 64), (32, 32))}
    return t


@benchmark
def height_variance_200(quick):
    """Exact height variance at the centre of a 200x200 square from K^-1 (goal <= 2 s)."""
    import math

    t = Timing(**run_isolated(f"{__name__}:height_variance_ours", 200, 3 if quick else 5))
    var = float(t.value)
    low = t.extra["var64"]
    if not low < var < low + 2 * math.log(200 / 64):
        raise RuntimeError(
            f"height_variance(200x200 centre) = {var}, outside ({low}, "
            f"{low + 2 * math.log(200 / 64)})"
        )
    return [
        Row(
            f"height_variance, centre of 200x200 (Var h = {var:.4f}, Thurston units)",
            _median(t),
            memory=_memory(t),
            goal="≤ 2 s",
            met=t.median_s <= 2.0,
        )
    ]


def boundary_ours(n, samples, workers):
    """Child: boundary fluctuations of `samples` diamonds of order `n`, serially and on a local cluster."""
    import time

    from distributed import Client

    from dominotiling.aztec.shuffling import sample_aztec
    from dominotiling.parallel import local_cluster
    from dominotiling.statistics import aztec_boundary_fluctuations

    sample_aztec(n, seed=0)
    aztec_boundary_fluctuations(n, range(2), progress=False)  # compile or load the kernels here
    t0 = time.perf_counter()
    serial = aztec_boundary_fluctuations(n, range(samples), progress=False)
    t_serial = time.perf_counter() - t0
    with local_cluster(workers) as cluster, Client(cluster) as client:
        aztec_boundary_fluctuations(n, range(2 * workers), client=client, progress=False)
        t0 = time.perf_counter()
        par = aztec_boundary_fluctuations(n, range(samples), client=client, progress=False)
        t_par = time.perf_counter() - t0
    same = bool((serial.positions == par.positions).all())
    return {
        "serial_s": t_serial,
        "parallel_s": t_par,
        "same": same,
        "skewness": serial.skewness,
        "kurtosis": serial.excess_kurtosis,
        "skew_err": serial.skewness_error,
        "kurt_err": serial.kurtosis_error,
    }


@benchmark
def aztec_boundary_ensemble(quick):
    """2000 order-400 Aztec diamonds with boundary positions: serial (goal <= 60 s), 2 Dask workers (>= 1.7x)."""
    samples = 200 if quick else 2000
    r = run_isolated(f"{__name__}:boundary_ours", 400, samples, 2, timeout=1800)
    if not r["same"]:
        raise RuntimeError(
            "aztec_boundary_fluctuations: the cluster's positions differ from the serial ones"
        )
    stats = (
        f"skewness {r['skewness']:.3f} ± {r['skew_err']:.3f}, excess kurtosis "
        f"{r['kurtosis']:.3f} ± {r['kurt_err']:.3f} (TW GUE 0.224, 0.093)"
    )
    goal_s = 60.0 * samples / 2000
    ratio = r["serial_s"] / r["parallel_s"]
    return [
        Row(
            f"{samples} Aztec diamonds n=400 + boundary positions, serial; {stats}",
            fmt_time(r["serial_s"]),
            goal=f"≤ {goal_s:g} s",
            met=r["serial_s"] <= goal_s,
        ),
        Row(
            f"{samples} Aztec diamonds n=400 + boundary positions, 2 local Dask workers",
            fmt_time(r["parallel_s"]),
            baseline=fmt_time(r["serial_s"]) + " serial",
            ratio=f"{ratio:.2f}x",
            goal="≥ 1.7x",
            met=ratio >= 1.7,
        ),
    ]
