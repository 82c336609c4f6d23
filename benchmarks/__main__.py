"""Run the benchmark suite, from the repository root.

::

    python -m benchmarks [--quick] [--only NAME ...] [--strict] [--no-save]
    python -m benchmarks render

A run prints its table, writes its JSON record to ``benchmarks/results/``
(unless ``--no-save``) and renders ``benchmarks/RESULTS.md`` from all records
(see :mod:`benchmarks.results`). ``--quick`` runs smaller or fewer comparisons (the
slow plain-Python 16x16 reference is skipped) and ``--only`` a subset of the
cases; such runs are recorded as partial runs. ``render`` only re-renders
``RESULTS.md`` from the records.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import platform
import sys
import time
from dataclasses import asdict
from pathlib import Path

from . import harness, results
from .cases import BENCHMARKS, Row
from .harness import OtherLoad, git_state, machine_info, markdown_table


def load_cases():
    """Import every ``benchmarks/cases_*.py`` module, in name order, so that its cases register."""
    for module in sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])):
        if module.startswith("cases_"):
            importlib.import_module(f"{__package__}.{module}")


def case_name(case):
    """``module.function`` of a registered case, e.g. ``'cases_aztec.large_orders'``."""
    return f"{case.__module__.rpartition('.')[2]}.{case.__name__}"


def run(args, argv):
    """Run the selected cases; return the run's record (see :mod:`benchmarks.results`)."""
    load = OtherLoad()
    time.sleep(1.0)
    before = load.fraction()
    if before is not None and before > 0.2:
        print(f"warning: other work keeps {before:.0%} of the CPUs busy", file=sys.stderr)
    load.restart()
    started = results.now_utc()
    start = time.perf_counter()
    load_cases()
    cases = []
    for case in BENCHMARKS:
        name = case_name(case)
        if args.only and not any(pattern in name for pattern in args.only):
            continue
        print(f"running {name} ...", file=sys.stderr, flush=True)
        harness.MEASUREMENTS.clear()
        t0 = time.perf_counter()
        rows = case(args.quick)
        cases.append(
            {
                "name": name,
                "doc": (case.__doc__ or "").strip().split("\n")[0],
                "elapsed_s": round(time.perf_counter() - t0, 3),
                "rows": [asdict(r) for r in rows],
                "measurements": list(harness.MEASUREMENTS),
            }
        )
    elapsed = time.perf_counter() - start
    during = load.fraction()
    if during is not None and during > 0.1:
        print(f"warning: other work took {during:.0%} of the CPUs during the run", file=sys.stderr)
    if args.only and not cases:
        raise SystemExit(
            f"no case matches {args.only}; the cases are: "
            + ", ".join(case_name(c) for c in BENCHMARKS)
        )
    commit, dirty = git_state()
    return {
        "format": results.FORMAT,
        "command": " ".join(["python -m benchmarks"] + argv),
        "started": started,
        "elapsed_s": round(elapsed, 3),
        "quick": bool(args.quick),
        "only": args.only,
        "complete": not args.quick and not args.only,
        "host": platform.node() or "unknown",
        "commit": commit,
        "uncommitted_changes": dirty,
        "machine": machine_info(),
        "load": {"before": before, "during": during},
        "cases": cases,
    }


def main(argv=None):
    """Run the cases (or ``render``); return the exit status.

    Parameters
    ----------
    argv : list of str, optional
        Command-line arguments (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        0, or 1 when any goal is not met and ``--strict`` was given.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["render"]:
        parser = argparse.ArgumentParser(
            prog="python -m benchmarks render",
            description="Render RESULTS.md from the JSON records.",
        )
        parser.parse_args(argv[1:])
        path = results.write_results_md()
        print(
            f"wrote {path} from {len(results.load_runs())} records in {results.RESULTS_DIR}",
            file=sys.stderr,
        )
        return 0
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="smaller comparisons")
    parser.add_argument(
        "--only",
        metavar="NAME",
        action="append",
        help="run the cases whose module.function name contains NAME (repeatable)",
    )
    parser.add_argument("--strict", action="store_true", help="exit with 1 if any goal is not met")
    parser.add_argument(
        "--no-save",
        action="store_true",
        help="print only: write no JSON record and leave RESULTS.md alone",
    )
    args = parser.parse_args(argv)

    record = run(args, argv)
    rows = [Row(**row) for case in record["cases"] for row in case["rows"]]
    print(markdown_table(Row.HEADER, [r.cells() for r in rows]))
    if not args.no_save:
        path = results.save_run(record)
        print(f"wrote {path}", file=sys.stderr)
        print(f"wrote {results.write_results_md()}", file=sys.stderr)
    missed = [r.case for r in rows if r.met is False]
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
