"""Run the benchmark suite: ``python -m benchmarks [--quick] [--only NAME]``, from the repository root.

The full run prints the results table and writes ``benchmarks/RESULTS.md``.
``--quick`` runs smaller or fewer comparisons (the slow plain-Python 16x16
reference is skipped) and ``--only`` a subset of the cases; both only print.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import pkgutil
import sys
import time
from pathlib import Path

from .cases import BENCHMARKS, Row
from .harness import OtherLoad, machine_info, markdown_table

RESULTS = Path(__file__).with_name("RESULTS.md")

NOTES = """\
How to read this table:

- Every measurement runs in a fresh interpreter. "median of N" means one untimed
  warm-up call, then N timed calls (`time.perf_counter`); the plain-Python
  reference's 16x16 run is a single run without warm-up, as marked.
- The baseline is `benchmarks/reference_dp.py`: the same broken-profile DP (three
  cases per cell: vertical domino, horizontal domino, skip a covered cell) in plain
  Python -- nested lists and Python ints, one fresh list per cell, skipping
  profiles with no partial tilings. Its counts must equal the library's, or the
  run fails. The 20x20 count is checked against OEIS A004003.
- Peak memory: growth of the process's peak RSS during the warm-up and measured
  calls, over its RSS after imports and a small priming call (the peak is reset
  after priming through `/proc/self/clear_refs` and read from `VmHWM`); "process"
  is the whole process's peak RSS during those calls (interpreter, numpy and numba
  included). The 1 GB goal is checked against the process figure.
- Compile time: first `count_tilings(Region.rectangle(8, 8), method=...)` minus a
  warm second call, in a fresh interpreter whose `NUMBA_CACHE_DIR` is an empty
  temporary directory; the "on-disk cache" rows are the same with the normal cache
  in place. The profile-DP rows (count, 20x20) call `method="transfer"`, the
  algorithm the reference implements, whatever `"auto"` would pick.
- Import times are taken with the operating system's file cache warm.
- The machine may be shared: "other work" is the share of all cores' time that
  processes other than the benchmarks used, just before and during the run.
  Figures taken with much other work running are inflated.
"""


def render(rows, info, command, elapsed):
    """The RESULTS.md text for `rows`, measured on the machine described by `info`.

    Parameters
    ----------
    rows : list of Row
        The results.
    info : dict
        Machine description, as from :func:`~benchmarks.harness.machine_info`.
    command : str
        The command that produced the results.
    elapsed : float
        Seconds the whole run took.

    Returns
    -------
    str
        Markdown text.
    """
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = "\n".join(f"- {key}: {value}" for key, value in info.items())
    table = markdown_table(Row.HEADER, [r.cells() for r in rows])
    return (
        f"# dominotiling benchmarks\n\n"
        f"Produced by `{command}` from the repository root on {now} "
        f"(the whole run took {elapsed:.0f} s).\n\n"
        f"## Machine\n\n{machine}\n\n## Results\n\n{table}\n\n## Notes\n\n{NOTES}"
    )


def load_cases():
    """Import every ``benchmarks/cases_*.py`` module, in name order, so that its cases register."""
    for module in sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])):
        if module.startswith("cases_"):
            importlib.import_module(f"{__package__}.{module}")


def main(argv=None):
    """Run the registered cases, print the table, and write RESULTS.md on a full run.

    Parameters
    ----------
    argv : list of str, optional
        Command-line arguments (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        Exit status: 0, or 1 when any goal is not met and ``--strict`` was given.
    """
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller comparisons; print only")
    parser.add_argument(
        "--only", metavar="NAME", action="append",
        help="run the cases whose module.function name contains NAME (repeatable); print only",
    )
    parser.add_argument("--strict", action="store_true", help="exit with 1 if any goal is not met")
    args = parser.parse_args(argv)

    load = OtherLoad()
    time.sleep(1.0)
    before = load.fraction()
    if before is not None and before > 0.2:
        print(f"warning: other work keeps {before:.0%} of the CPUs busy", file=sys.stderr)
    load.restart()
    start = time.perf_counter()
    rows = []
    load_cases()
    for case in BENCHMARKS:
        name = f"{case.__module__.rpartition('.')[2]}.{case.__name__}"
        if args.only and not any(pattern in name for pattern in args.only):
            continue
        print(f"running {name} ...", file=sys.stderr, flush=True)
        rows.extend(case(args.quick))
    elapsed = time.perf_counter() - start
    during = load.fraction()

    command = " ".join(["python -m benchmarks"] + (argv if argv is not None else sys.argv[1:]))
    info = machine_info()
    if during is not None:
        info["Other work"] = f"{before:.0%} of all cores in the second before the run, {during:.0%} during it"
        if during > 0.1:
            print(f"warning: other work took {during:.0%} of the CPUs during the run", file=sys.stderr)
    text = render(rows, info, command, elapsed)
    print(text)
    if not args.quick and not args.only:
        RESULTS.write_text(text, encoding="utf-8")
        print(f"wrote {RESULTS}", file=sys.stderr)
    missed = [r.case for r in rows if r.met is False]
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
