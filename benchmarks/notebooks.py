"""Each notebook's wall time, top to bottom in a fresh kernel, and the size of its saved outputs.

``python -m benchmarks.notebooks [NAME ...]`` runs the notebooks of ``notebooks/`` (all
but those named with ``--skip``) with nbclient from the repository root, numba's cache
warm (a first run compiles), and writes a benchmark record to ``benchmarks/results/``
(``python -m benchmarks render`` puts it in ``RESULTS.md``). The goal is 60 s per
notebook on a 2-core machine; the saved outputs should stay small (the size is that of
the outputs in the repository's copy, which this does not change).
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
GOAL_S = 60.0


def saved_output_bytes(path):
    nb = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    return sum(
        len(json.dumps(c.get("outputs", []))) for c in nb["cells"] if c["cell_type"] == "code"
    )


def run_one(path, timeout=900):
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    t0 = time.perf_counter()
    client.execute()
    return time.perf_counter() - t0


def main(argv=None):
    import argparse
    import platform

    from . import results
    from .harness import git_state, machine_info

    p = argparse.ArgumentParser()
    p.add_argument("names", nargs="*")
    p.add_argument("--skip", action="append", default=[])
    p.add_argument("--no-save", action="store_true")
    args = p.parse_args(argv)
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if args.names:
        paths = [q for q in paths if any(n in q.name for n in args.names)]
    paths = [q for q in paths if not any(s in q.name for s in args.skip)]
    started, t0 = results.now_utc(), time.perf_counter()
    rows, raw = [], []
    for path in paths:
        load = os.getloadavg()[0]
        seconds = run_one(path)
        size = saved_output_bytes(path)
        raw.append(
            {"notebook": path.name, "seconds": seconds, "saved_output_bytes": size, "loadavg": load}
        )
        rows.append(
            {
                "case": f"notebook {path.name}, top to bottom (load average {load:.1f} at the start)",
                "ours": f"{seconds:.1f} s (1 run, fresh kernel)",
                "baseline": "—",
                "ratio": "—",
                "memory": f"saved outputs {size / 1024:.0f} KiB",
                "goal": f"≤ {GOAL_S:.0f} s",
                "met": bool(seconds <= GOAL_S),
            }
        )
        print(json.dumps(raw[-1]), flush=True)
    if args.no_save:
        return
    commit, dirty = git_state()
    elapsed = time.perf_counter() - t0
    command = " ".join(
        ["python -m benchmarks.notebooks"] + (argv if argv is not None else sys.argv[1:])
    )
    record = {
        "format": results.FORMAT,
        "command": command,
        "started": started,
        "elapsed_s": round(elapsed, 3),
        "quick": False,
        "only": ["notebooks"],
        "complete": False,
        "host": platform.node() or "unknown",
        "commit": commit,
        "uncommitted_changes": dirty,
        "machine": machine_info(),
        "load": {"before": None, "during": None},
        "cases": [
            {
                "name": "notebooks.wall_time",
                "doc": __doc__.strip().splitlines()[0],
                "elapsed_s": round(elapsed, 3),
                "rows": rows,
                "measurements": raw,
            }
        ],
        "note": "Machine shared with other jobs: the load average includes them.",
    }
    print(f"wrote {results.save_run(record)}")


if __name__ == "__main__":
    main()
