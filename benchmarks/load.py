"""Parallel kernels beside CPU-bound competitors: default threads against one thread.

``python -m benchmarks.load [--competitors 2]`` writes a record to ``benchmarks/results/``
(``python -m benchmarks render`` puts it in ``RESULTS.md``).

Each case runs in a fresh interpreter (numba's cache warm: a first call on a small
size compiles or loads the kernels, untimed), three ways:

- ``before``: two threads that spin while they wait (``DOMINOTILING_THREADS=2``,
  ``OMP_WAIT_POLICY=ACTIVE``): how the kernels ran before the load-aware count;
- ``default``: the library's choice now (the cores free at the call, idle threads asleep);
- ``one thread``: ``NUMBA_NUM_THREADS=1``.

first on the machine as it is, then beside `competitors` processes running
``while True: pass``. The times are wall-clock seconds, best of two.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

CASES = {
    "shuffling, Gamma(1) weights, order 1000": (
        "from dominotiling import Region, Weights; from dominotiling.aztec import sample_aztec\n"
        "w = Weights.random(Region.aztec_diamond(1000), 'gamma', seed=1, alpha=1.0)\n"
        "sample_aztec(8, seed=0, weights=Weights.random(Region.aztec_diamond(8), 'gamma', seed=1, alpha=1.0))\n"
        "def run(): sample_aztec(1000, seed=1, weights=w)\n"
    ),
    "aztec_edge_probabilities, Gamma(2) weights, order 600": (
        "from dominotiling import Region, Weights; from dominotiling.aztec.weighted import aztec_edge_probabilities\n"
        "w = Weights.random(Region.aztec_diamond(600), 'gamma', seed=1, alpha=2.0)\n"
        "aztec_edge_probabilities(8, weights=Weights.random(Region.aztec_diamond(8), 'gamma', seed=1, alpha=2.0))\n"
        "def run(): aztec_edge_probabilities(600, weights=w)\n"
    ),
    "placement_probabilities (float), 60x60 square with 20 holes": (
        "import numpy as np; from dominotiling import Region, is_tileable, placement_probabilities\n"
        "rng = np.random.default_rng(1); r, c = np.indices((60, 60))\n"
        "while True:\n"
        "    m = np.ones(3600, bool)\n"
        "    for col in (0, 1): m[rng.choice(np.flatnonzero((r + c).ravel() % 2 == col), 10, replace=False)] = False\n"
        "    reg = Region(m.reshape(60, 60))\n"
        "    if is_tileable(reg): break\n"
        "placement_probabilities(Region.rectangle(6, 6), exact=False)\n"
        "def run(): placement_probabilities(reg, exact=False)\n"
    ),
}

MODES = {
    "before": {"DOMINOTILING_THREADS": "2", "OMP_WAIT_POLICY": "ACTIVE"},
    "default": {},
    "one thread": {"NUMBA_NUM_THREADS": "1"},
}

CHILD = "\nimport time\nts = []\nfor _ in range(2):\n    t = time.perf_counter(); run(); ts.append(time.perf_counter() - t)\nprint(min(ts))\n"


def run_case(code, env_extra, timeout=600):
    env = dict(os.environ, DOMINOTILING_QUIET="1")
    for k in ("DOMINOTILING_THREADS", "OMP_WAIT_POLICY", "NUMBA_NUM_THREADS"):
        env.pop(k, None)
    env.update(env_extra)
    out = subprocess.run(
        [sys.executable, "-c", code + CHILD],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def _fmt(t):
    return f"{t:.2f} s"


def record(rows, command, started, elapsed, note=None):
    """A benchmark record (``benchmarks.results`` format) of the measured `rows`."""
    import platform

    from . import results
    from .harness import git_state, machine_info

    table = []
    for r in rows:
        busy = r["load"] != "as it is"
        ratio = r["default"] / r["one thread"]
        goal = 1.3 if busy else 1.0
        table.append(
            {
                "case": f"{r['case']}, {r['load']} (load average {r['loadavg']:.1f})",
                "ours": f"{_fmt(r['default'])} (best of 2; before this change: {_fmt(r['before'])})",
                "baseline": f"one thread, {_fmt(r['one thread'])}",
                "ratio": f"{ratio:.2f}x of one thread",
                "memory": "—",
                "goal": f"≤ {goal:g}x one thread's time"
                + (" beside CPU-bound competitors" if busy else ""),
                "met": bool(ratio <= goal),
            }
        )
    commit, dirty = git_state()
    return {
        "format": results.FORMAT,
        "command": command,
        "started": started,
        "elapsed_s": round(elapsed, 3),
        "quick": False,
        "only": ["load"],
        "complete": False,
        "host": platform.node() or "unknown",
        "commit": commit,
        "uncommitted_changes": dirty,
        "machine": machine_info(),
        "load": {"before": None, "during": None},
        "cases": [
            {
                "name": "load.parallel_kernels_under_load",
                "doc": __doc__.strip().splitlines()[0],
                "elapsed_s": round(elapsed, 3),
                "rows": table,
                "measurements": rows,
            }
        ],
        **({"note": note} if note else {}),
    }


def main(argv=None):
    import argparse

    from . import results

    p = argparse.ArgumentParser()
    p.add_argument("--competitors", type=int, default=2)
    p.add_argument("--no-save", action="store_true", help="print the rows, write no record")
    args = p.parse_args(argv)
    started, t0 = results.now_utc(), time.perf_counter()
    rows = []
    for load in ("as it is", f"{args.competitors} competitors"):
        spinners = []
        if load != "as it is":
            spinners = [
                subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(args.competitors)
            ]
            time.sleep(1.0)
        try:
            for name, code in CASES.items():
                row = {"case": name, "load": load, "loadavg": os.getloadavg()[0]}
                for mode, env in MODES.items():
                    row[mode] = run_case(code, env)
                print(json.dumps(row), flush=True)
                rows.append(row)
        finally:
            for s in spinners:
                s.kill()
                s.wait()
    if not args.no_save:
        command = " ".join(
            ["python -m benchmarks.load"] + (argv if argv is not None else sys.argv[1:])
        )
        path = results.save_run(
            record(
                rows,
                command,
                started,
                time.perf_counter() - t0,
                note="Machine shared with other jobs: the load average includes them.",
            )
        )
        print(f"wrote {path}; python -m benchmarks render updates RESULTS.md")


if __name__ == "__main__":
    main()
