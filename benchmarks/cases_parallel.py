"""Benchmark cases of ensembles on Dask (``dominotiling.parallel``).

- 200 uniform Aztec diamond tilings of order 200 (``sample_aztec``, domino
  shuffling), serially against a 2-worker :func:`~dominotiling.parallel.local_cluster`:
  ``ensemble`` (every tiling comes back to the client, 640 KB of labels each)
  and ``placement_frequencies`` (only per-chunk counts come back). Goal: at
  least 1.7x faster on 2 cores. The cluster's start-up is not timed (it is paid
  once per session); the transfer back to the client is. Serial and cluster
  results are checked to be equal.

A speed-up needs idle cores: the row reports the share of the CPUs that other
processes used during the measurement (from ``/proc/stat``, less this process
and its workers), and on a shared machine the ratio says more about the
neighbours than about the code.
"""

from __future__ import annotations

import os
import resource
import statistics
import time

from .cases import Row, benchmark
from .harness import OtherLoad, fmt_time, run_isolated

__all__ = ["aztec_ensemble", "aztec_placements"]


def _worker_cpu():
    """CPU seconds of this worker process (run on every worker by ``client.run``)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _equal(a, b):
    import numpy as np

    if isinstance(a, list):
        return a == b
    return all(np.array_equal(x, y, equal_nan=True) for x, y in zip(a, b))


def speedup_ours(what, n, samples, workers, repeats):
    """Child: time ``what(sample_aztec, range(samples), n=n)`` serially and on a cluster.

    `what` names a function of ``dominotiling.parallel`` ("ensemble",
    "placement_frequencies"). Runs alternate (serial, cluster, serial, ...) so
    that changes in the machine's load hit both alike; returns both lists of
    times, whether the results agree, and the other processes' share of the CPUs.
    """
    from distributed import Client

    from dominotiling import parallel
    from dominotiling.aztec import sample_aztec
    from dominotiling.parallel import local_cluster

    ensemble = getattr(parallel, what)

    seeds = range(samples)
    sample_aztec(n, seed=0)  # load the kernel here
    with local_cluster(workers) as cluster, Client(cluster) as client:
        ensemble(sample_aztec, range(2 * workers), client=client, n=n, progress=False)
        load = OtherLoad()
        workers0 = sum(client.run(_worker_cpu).values())
        serial, parallel, same = [], [], True
        for _ in range(repeats):
            t0 = time.perf_counter()
            a = ensemble(sample_aztec, seeds, n=n, progress=False)
            t1 = time.perf_counter()
            b = ensemble(sample_aztec, seeds, n=n, client=client, progress=False)
            t2 = time.perf_counter()
            serial.append(t1 - t0)
            parallel.append(t2 - t1)
            same = same and _equal(a, b)
            del a, b
        workers1 = sum(client.run(_worker_cpu).values())
        other = load.fraction(also_ours=workers1 - workers0)
    return {"serial": serial, "parallel": parallel, "same": same, "other_load": other,
            "cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()}


def _row(what, label, quick):
    try:
        import distributed  # noqa: F401
    except ImportError:
        return [Row(f"{label} on 2 Dask workers", "—",
                    "dask.distributed not installed (pip install -e '.[dist]')")]
    n, samples, repeats = (100, 100, 2) if quick else (200, 200, 3)
    r = run_isolated(f"{__name__}:speedup_ours", what, n, samples, 2, repeats)
    if not r["same"]:
        raise RuntimeError(f"{what} on the cluster differs from the serial result")
    serial, parallel = statistics.median(r["serial"]), statistics.median(r["parallel"])
    ratio = serial / parallel
    load = "unknown" if r["other_load"] is None else f"{100 * r['other_load']:.0f} %"
    goal = not quick
    return [Row(
        f"{label}, {samples} Aztec tilings of order {n}: 2 local Dask workers vs serial "
        f"({r['cores']} cores; other processes used {load} of the CPUs)",
        f"{fmt_time(parallel)} (median of {repeats})", f"{fmt_time(serial)} serial",
        f"{ratio:.2f}x", "—", "≥ 1.7x faster on 2 cores" if goal else "—",
        ratio >= 1.7 if goal else None,
    )]


@benchmark
def aztec_ensemble(quick):
    """200 Aztec tilings of order 200 brought back, serial vs 2 local Dask workers (goal: 1.7x)."""
    return _row("ensemble", "ensemble (every tiling back)", quick)


@benchmark
def aztec_placements(quick):
    """Placement frequencies of 200 Aztec tilings of order 200, serial vs 2 workers (goal: 1.7x)."""
    return _row("placement_frequencies", "placement_frequencies (counts back)", quick)
