"""Benchmark cases of ensembles on Dask (``dominotiling.parallel``).

- 200 uniform Aztec diamond tilings of order 200 (``sample_aztec``, domino
  shuffling), serially against a 2-worker :func:`~dominotiling.parallel.local_cluster`:
  ``ensemble`` (every tiling comes back to the client, 640 KB of labels each)
  and ``placement_frequencies`` (only per-chunk counts come back). Goal: at
  least 1.7x faster on 2 cores. The cluster's start-up is not timed (it is paid
  once per session); the transfer back to the client is. Serial and cluster
  results are checked to be equal. Eleven runs of each, in rotating order; the row
  gives the median and the range of the eleven ratios (on a shared host single
  rounds range over about +-20 %).
- For scale, the same ensemble on two bare worker processes
  (``concurrent.futures.ProcessPoolExecutor``, the same shared queue and the
  same shared-memory transfer, no Dask): what the machine allows for this job, and
  so how much of the gap to 2x is Dask's.
- The machine's own capacity for this work, measured between the rounds: two
  bare processes drawing samples at once against one alone, keeping nothing. On
  a shared virtual machine two vCPUs may give less than two cores' worth; no
  implementation beats that figure.
- ``placement_frequencies`` of the same 200 tilings: no goal, for scale.

Peak memory (Dask rows): the growth of the client's and of each worker's peak
resident set during a call, while its results are held, against the serial
loop's; on the cluster an ensemble's tilings live in shared-memory files that
the client maps, counted in its resident set only once it reads them.

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
from .harness import OtherLoad, fmt_bytes, fmt_time, peak_rss, reset_peak_rss, run_isolated

__all__ = ["aztec_ensemble", "aztec_placements"]


def _worker_cpu():
    """CPU seconds of this worker process (run on every worker by ``client.run``)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _pool_cpu(pool):
    """CPU seconds of a process pool's workers so far, from ``/proc`` (0 where unreadable or no pool)."""
    hz, total = os.sysconf("SC_CLK_TCK"), 0.0
    for pid in list(pool._processes) if pool is not None else []:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / hz  # utime, stime
    return total


def _equal(a, b):
    import numpy as np

    if isinstance(a, list):
        return a == b
    return all(np.array_equal(x, y, equal_nan=True) for x, y in zip(a, b))


def _sampling_loop(n, k):
    """Seconds to draw ``sample_aztec(n, seed=s)`` for ``s < k``, keeping nothing."""
    from dominotiling.aztec.shuffling import sample_aztec

    t0 = time.perf_counter()
    for s in range(k):
        sample_aztec(n, seed=s)
    return time.perf_counter() - t0


def _two_cores(pool, n, k):
    """How much two of the pool's processes get done at once against one alone (2.0: two full cores).

    One loop of `k` samples alone, then two at once; no results kept, nothing
    sent back but a time: the machine's own capacity for this work, which a
    shared virtual machine may not give in full.
    """
    alone = pool.submit(_sampling_loop, n, k).result()
    t0 = time.perf_counter()
    futures = [pool.submit(_sampling_loop, n, k) for _ in range(2)]
    for f in futures:
        f.result()
    return 2 * alone / (time.perf_counter() - t0)


def _pool_ensemble(pool, sampler, seeds, workers, **kwargs):
    """``ensemble`` on a bare process pool: its shared queue, its shared-memory transfer, no Dask."""
    from dominotiling import parallel
    from dominotiling.parallel import _scheduling, _wire

    seeds = list(seeds)
    with _wire._dropbox(pool) as dropbox:
        pieces = _scheduling._from_queue(
            pool.submit,
            parallel._ensemble_task,
            seeds,
            (sampler, kwargs),
            dropbox,
            _scheduling._blocks(len(seeds), workers, None),
            workers,
            _scheduling._Bar(),
        )
        return _wire._in_order(pieces, len(seeds))


def speedup_ours(what, n, samples, workers, repeats):
    """Child: time ``what(sample_aztec, range(samples), n=n)`` serially and on a cluster.

    `what` names a function of ``dominotiling.parallel`` ("ensemble",
    "placement_frequencies"). Each round runs the serial loop and the cluster
    (for "ensemble" also a bare process pool with the same queue, and then the
    two-core capacity check), so that changes in the machine's load hit them
    alike; each round starts with another of them, so that none is always first
    (or always last, after the others' memory was freed). Returns the lists of
    times, whether the results agree, and the other processes' share of the CPUs.
    """
    import contextlib
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from distributed import Client

    from dominotiling import parallel
    from dominotiling.aztec.shuffling import sample_aztec
    from dominotiling.parallel import local_cluster

    ensemble = getattr(parallel, what)

    seeds = range(samples)
    sample_aztec(n, seed=0)  # load the kernel here
    use_pool = what == "ensemble"  # the bare pool and the capacity check: for the ensemble only
    with (
        local_cluster(workers) as cluster,
        Client(cluster) as client,
        ProcessPoolExecutor(workers, multiprocessing.get_context("spawn"))
        if use_pool
        else contextlib.nullcontext() as pool,
    ):
        # load the kernels on every worker: the serial function there, then the cluster path
        client.run(ensemble, sample_aztec, range(2), n=n, progress=False)
        ensemble(sample_aztec, range(2 * workers), client=client, chunk_size=1, n=n, progress=False)
        if use_pool:
            list(pool.map(abs, range(2 * workers)))  # start the processes
            _pool_ensemble(pool, sample_aztec, range(2 * workers), workers, n=n)
        load = OtherLoad()
        cpu0 = sum(client.run(_worker_cpu).values()) + _pool_cpu(pool)
        runs = {
            "serial": lambda: ensemble(sample_aztec, seeds, n=n, progress=False),
            "parallel": lambda: ensemble(sample_aztec, seeds, n=n, client=client, progress=False),
        }
        if use_pool:
            runs["bare"] = lambda: _pool_ensemble(pool, sample_aztec, seeds, workers, n=n)
        times = {key: [] for key in runs}
        same, capacity, memory = True, [], {"serial": 0, "client": 0, "worker": 0}
        for i in range(repeats):  # each repeat starts with another of the runs
            order = list(runs)[i % len(runs) :] + list(runs)[: i % len(runs)]
            results = {}
            for key in order:
                base = reset_peak_rss()
                if key == "parallel":
                    worker_base = client.run(reset_peak_rss)
                t0 = time.perf_counter()
                results[key] = runs[key]()
                times[key].append(time.perf_counter() - t0)
                if base is not None and key != "bare":  # peak growth, while the results are held
                    grown = peak_rss() - base
                    if key == "parallel":
                        memory["client"] = max(memory["client"], grown)
                        memory["worker"] = max(
                            [memory["worker"]]
                            + [peak - worker_base[w] for w, peak in client.run(peak_rss).items()]
                        )
                    else:
                        memory["serial"] = max(memory["serial"], grown)
            same = same and all(_equal(results["serial"], r) for r in results.values())
            labels = sum(t.labels.nbytes for t in results["serial"]) if what == "ensemble" else 0
            del results
            if use_pool:
                capacity.append(_two_cores(pool, n, samples // 2))
        cpu1 = sum(client.run(_worker_cpu).values()) + _pool_cpu(pool)
        other = load.fraction(also_ours=cpu1 - cpu0)
    return {
        "serial": times["serial"],
        "parallel": times["parallel"],
        "bare": times.get("bare"),
        "capacity": capacity or None,
        "same": same,
        "other_load": other,
        "memory": memory if memory["serial"] else None,
        "labels": labels,
        "cores": len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count(),
    }


def _row(what, label, quick, goal=True):
    try:
        import distributed  # noqa: F401
    except ImportError:
        return [
            Row(
                f"{label} on 2 Dask workers",
                "—",
                "dask.distributed not installed (pip install -e '.[dist]')",
            )
        ]
    n, samples, repeats = (100, 100, 2) if quick else (200, 200, 11)
    r = run_isolated(f"{__name__}:speedup_ours", what, n, samples, 2, repeats)
    if not r["same"]:
        raise RuntimeError(f"{what} on the cluster differs from the serial result")
    load = "unknown" if r["other_load"] is None else f"{100 * r['other_load']:.0f} %"
    goal = goal and not quick
    rows = []
    for key, how in (
        ("parallel", "2 local Dask workers"),
        ("bare", "2 bare worker processes, no Dask"),
    ):
        if r[key] is None:
            continue
        ratios = sorted(a / b for a, b in zip(r["serial"], r[key]))
        ratio = statistics.median(ratios)
        dask = key == "parallel"
        memory = "—"
        if dask and r["memory"]:
            m = r["memory"]
            memory = (
                f"client +{fmt_bytes(m['client'])}, each worker at most "
                f"+{fmt_bytes(m['worker'])}; serial +{fmt_bytes(m['serial'])}"
            )
            if r["labels"]:
                memory += (
                    f" (the tilings' labels: {fmt_bytes(r['labels'])}, in /dev/shm on the cluster)"
                )
        rows.append(
            Row(
                f"{label}, {samples} Aztec tilings of order {n}: {how} vs serial "
                f"({r['cores']} cores; other processes used {load} of the CPUs)",
                f"{fmt_time(statistics.median(r[key]))} (median of {repeats})",
                f"{fmt_time(statistics.median(r['serial']))} serial",
                f"{ratio:.2f}x (runs: {ratios[0]:.2f}-{ratios[-1]:.2f})",
                memory,
                "≥ 1.7x faster on 2 cores" if goal and dask else "—",
                ratio >= 1.7 if goal and dask else None,
            )
        )
    if r["capacity"]:
        caps = sorted(r["capacity"])
        rows.append(
            Row(
                f"the machine meanwhile: two loops of {samples // 2} samples of order {n} at once "
                "against one alone, in two bare processes, nothing kept or sent (2.00x: two full cores)",
                "—",
                "—",
                f"{statistics.median(caps):.2f}x (runs: {caps[0]:.2f}-{caps[-1]:.2f})",
            )
        )
    return rows


@benchmark
def aztec_ensemble(quick):
    """200 Aztec tilings of order 200 brought back, serial vs 2 local Dask workers (goal: 1.7x)."""
    return _row("ensemble", "ensemble (every tiling back)", quick)


@benchmark
def aztec_placements(quick):
    """Placement frequencies of 200 Aztec tilings of order 200, serial vs 2 workers."""
    return _row("placement_frequencies", "placement_frequencies (counts back)", quick, goal=False)
