"""Benchmark results: one JSON record per run, and ``RESULTS.md`` rendered from them.

Every run of ``python -m benchmarks`` writes ``benchmarks/results/<time>-<host>.json``
(unless ``--no-save``): the command, the machine, how busy other processes kept
the CPUs, and for every case its table rows and the raw figures of every child
process it ran (each timed run, the peak memory, the returned value, extras).
``python -m benchmarks render`` turns the records into ``benchmarks/RESULTS.md``:
the newest full run (not ``--quick``, no ``--only``) in full, the partial runs
made after it, and an index of every record. The records are the data;
``RESULTS.md`` is only ever written from them.

A record is a JSON object with these keys (``FORMAT`` names the version):

``format``, ``command``, ``started`` (UTC, ISO 8601), ``elapsed_s``, ``quick``,
``only`` (list or null), ``complete`` (a full run), ``host``, ``commit``,
``uncommitted_changes`` (bool, or null when unknown), ``machine`` (labelled
strings: CPU, cores, RAM, versions), ``load`` (``before`` and ``during``: the
share of all cores' time other processes used, or null), ``cases`` (a list of
``{name, doc, elapsed_s, rows, measurements}``; ``rows`` are the table's rows as
:class:`~benchmarks.cases.Row` fields, ``measurements`` what
:func:`~benchmarks.harness.run_isolated` brought back: ``{target, args, env,
result}``), and optionally ``note``.

This module imports only the standard library.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

__all__ = [
    "FORMAT",
    "RESULTS_DIR",
    "RESULTS_MD",
    "save_run",
    "load_runs",
    "render",
    "write_results_md",
]

FORMAT = "dominotiling-benchmarks/1"
RESULTS_DIR = Path(__file__).with_name("results")
RESULTS_MD = Path(__file__).with_name("RESULTS.md")

#: The table's columns: (record key of a row, heading).
COLUMNS = (
    ("case", "case"),
    ("ours", "ours"),
    ("baseline", "baseline"),
    ("ratio", "ratio"),
    ("memory", "peak memory"),
    ("goal", "goal"),
    ("met", "met?"),
)

NOTES = """\
The Kasteleyn sampler's first call, before and after (issue 37, 2026-12-04, the 2-vCPU AMD
EPYC at 2.6 GHz, quiet; CPU seconds of the call in a fresh process with an empty numba
cache, `python -m benchmarks.cases_first_call NAME`; each kernel's compile CPU from numba's
`numba:compile` event, callees counted apart). Before, main at 7bac174: `random_tiling` of a
6 x 6 board with `method="kasteleyn"` 7.57 s, 10 kernels: compress_rows 1.8, sample_rows
1.6, tail_pivots 0.9, `_canonical` 0.6, `_invert_active` 0.6, `_refine` 0.4, `_build_t`
0.3, `_orthonormalize` 0.3, fill2 0.1, fill1 0.1; of a 50 x 50 square (auto) 7.16 s, of a
30 x 30 torus 8.23 s (last session 7.33 / 8.24 / 8.23). After: 4.43-4.52 s (three runs in a
row), 6 kernels: compress_rows 1.6-1.7 (it now also makes the exact ranks, over residues
modulo `2**26 - 5` in float64), sample_rows 1.2-1.5, `_invert_active` 0.4 (gather,
Gauss-Jordan, scatter in one loop kernel), `_build_t` 0.3-0.4, fill2 and fill1 0.1 each;
the 50 x 50 square 4.0 s, the torus 4.6 s. `_canonical` and `_orthonormalize` went to
numpy in the caller (only tails with left-overs need them), `refine` is compiled only when
a draw asks for it, `tail_pivots` is gone. The whole first-call record after is the run of
02:17 UTC above (an earlier one at 01:46 UTC, before the inverse went back into the draw
kernel, is below it). That run measured the same code 10-30 % slower than the single rows
measured just before it (the 6 x 6 board 5.07 s, sample_sectors 8.07 s against 6.1 s at
01:46, sample_cftp 5.9 s against 5.3 s): this machine's speed varies that much from one
half hour to the next, so a row near 5 s is over or under by the hour. The rows over 5 s
at 01:46 were sample_sectors of a 6 x 6 ring (6.1 s) and a first weighted Aztec sample of
order 1200 (5.3 s, about 1 s of it sampling); on the Xeon of 2026-12-03 both were under
(4.75 s, 4.93 s).

Warm speed, the same session, `python -m benchmarks --only cases_weights.sample_holes
--only cases_robust.sampler_auto_vs_methods --only cases_nested.nested_sample_routes`:
main at 7bac174 (a worktree; its record is not in this file), then after (02:14 UTC above):
the band sampler on the 300 x 300 square, first / further sample, 10.87 / 5.79 s -> 7.01 /
3.81 s CPU, 200 x 200 2.39 / 1.35 -> 1.56 / 0.76 s, the 200 x 200 square with 400 holes
2.2 / 1.82 s -> 1.58 / 1.08 s; `random_tiling` by the Kasteleyn sampler of the 8 x 300
strip 1.54 -> 1.48 ms, of the 100 x 100 square 73.7 -> 57.9 ms; `method="auto"` within 1.5x
of the fastest sampler on every shape, as before. (The record of 01:55 UTC is of an
intermediate version that asked the caller for each row's inverse: 2-4 us a row, the 8 x
300 strip 5.7 ms and `"auto"` 4.6x the fastest there; the inverse went back into the draw
kernel.) The first call of `kuhn_frames`, same machine: 4.41 -> 2.79 s CPU (`kuhn`'s slice
assignment compiled numpy's shape-mismatch error and its string formatting, 1.8 s).

The drawing canvas (issue 44), a domino changed on a 100 x 100 drawing until its
exact count is in (`python -m benchmarks --only canvas`, 18:26 UTC, after the count
became cancellable): 439 ms of CPU on the kernel's side (both threads, the median of
8), 2.34 s of wall time while other work took 87-100 % of both cores; the handler of
the page's state returned within 1.2 ms (the drawing never waits). The goal of 0.5 s
is for a quiet machine: the CPU figure meets it, the wall time here cannot. At 14:50
UTC, before the cancellation: 422 ms CPU, 1.44 s wall.

Large shuffling samples (issue 42), before and after, on the same machine (2 vCPUs
shared by about seven developers: CPU seconds are the figures, wall times 3-9x
longer). Before: main at 5c0ab74, one timed `sample_aztec(n, seed=1, weights=...)`
in a fresh process per case (the script that `benchmarks/cases_aztec_large.py`'s
child became; `time.process_time`, `ru_maxrss`): uniform n = 1000 / 6000 / 10000 in
0.16 / 17.2 / 80.8 s CPU, 0.19 / 0.98 / 2.47 GiB; two-periodic n = 4000 14.1 s,
0.53 GiB; Gamma(1) n = 2000 7.5 s, 0.77 GiB (its weights: 0.6 GiB before the call).
After: `python -m benchmarks --only cases_aztec_large` (below), random bits made in
the kernel, the uniform stages as wavefronts of 32, the sample kept as bit planes.
The weighted kernels are unchanged (their bits were already made in the kernel); they
gain the sample's memory.

Edge probabilities and Petrov's C++ (issue 42, later the same day): `python -m
benchmarks --only cases_aztec_large.edge_probabilities_large --only
cases_aztec_large.petrov_ratio`, with `DOMINOTILING_PETROV_BIN` set to his
`double-dimer-cli.cpp` (github.com/lenis2000/homepage, `_simulations/domino_tilings/`)
built in `/tmp` with his one-thread line (`g++ -std=c++17 -Ofast -ffast-math
-funroll-loops -DNDEBUG -fno-exceptions -fno-rtti`, a stub `stb_image_write.h`: no
picture is written); his code is not in the repository. His figure is the CPU time of
his whole process (`--mode tiling --no-output`: weights, probabilities, shuffling, the
domino list), ours that of one `sample_aztec` call in a warm process. The edge
probabilities' baseline is main at 7f0f4f3, one timed call in a fresh process (a `/tmp`
script, `time.process_time`): order 1000 / 2000 uniform 2.46 / 15.9 s CPU, order 2000
Gamma(1) 22.1 s CPU, 1.0 GiB process peak. The edge probabilities were measured a
second time with the check that the probabilities at every cell sum to 1 moved out of
the measured call (the first record's memory counts it).

The house in wings (issue 25), before and after, on the same machine: the full
`python -m benchmarks` at e1a14ef (the flat layout, from a worktree) and at 2fcd18e
(the wings) ran side by side at 15:37-15:38 UTC while other work kept about 88 % of
the CPUs busy: 73 measurements, after/before median 0.86 (0.24 to 4.6, 16 above 1.3).
The 11 cases above 1.3 were run again one after the other on a quieter machine
(16:23 and 16:25 UTC, `--only versus_reference --only large_orders --only
random_weight_samples --only log_count_1000 --only matching_vs_networkx --only
matching_large --only sector_counts --only sector_sample --only monomer_dimer_counts
--only double_dimer_million --only height_variance_200`): all within 0.67-1.15 of
before but generalized shuffling with Gamma weights (3.1x), which shared its minute
with a test run; run three more times in turns (before, after, before at 16:29-16:30
UTC, `--only random_weight_samples`) it took 284 / 293 / 296 ms at order 1000 and
2.62 / 2.54 / 2.55 s at order 2000: the same. No case is slower by more than noise;
the layout changed no kernel. `import dominotiling` still loads neither numba nor
matplotlib (checked by `tests/test_architecture.py`).

How to read these tables:

- Every measurement runs in a fresh interpreter. "median of N" means one untimed
  warm-up call, then N timed calls (`time.perf_counter`); the plain-Python
  reference's 16x16 run is a single run without warm-up, as marked.
- The baseline of the exact counts is `tests/reference/dp.py`: the same
  broken-profile DP (three cases per cell: vertical domino, horizontal domino,
  skip a covered cell) in plain Python -- nested lists and Python ints, one fresh
  list per cell, skipping profiles with no partial tilings. Its counts must equal
  the library's, or the run fails. The 20x20 count is checked against OEIS
  A004003. The other plain-Python baselines live beside it in `tests/reference/`,
  where the tests use them as a second route.
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
- Each run's raw figures (every timed call, memory, returned values) are in its
  JSON record under `benchmarks/results/`.
"""


# ------------------------------------------------------------------- records
def record_path(record, folder=RESULTS_DIR):
    """The file a record is saved to: ``<folder>/<YYYY-MM-DDTHHMMSSZ>-<host>.json``."""
    started = _parse_time(record["started"]).strftime("%Y-%m-%dT%H%M%SZ")
    host = re.sub(r"[^A-Za-z0-9.-]+", "-", record.get("host") or "unknown").strip("-.") or "unknown"
    return Path(folder) / f"{started}-{host}.json"


def save_run(record, folder=RESULTS_DIR):
    """Write `record` as JSON (never over an existing file); return its path."""
    if record.get("format") != FORMAT:
        raise ValueError(f"not a benchmark record of format {FORMAT}: {record.get('format')!r}")
    path = record_path(record, folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    stem, k = path.stem, 1
    while path.exists():
        k += 1
        path = path.with_name(f"{stem}-{k}.json")
    with open(path, "x", encoding="utf-8") as f:
        json.dump(record, f, indent=1, ensure_ascii=False)
        f.write("\n")
    return path


def load_runs(folder=RESULTS_DIR):
    """Every record in `folder`, oldest first, each with ``"file"`` (its name) added."""
    runs = []
    for path in sorted(Path(folder).glob("*.json")):
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        if record.get("format") != FORMAT:
            raise ValueError(f"{path}: not a benchmark record of format {FORMAT}")
        record["file"] = path.name
        runs.append(record)
    runs.sort(key=lambda r: (_parse_time(r["started"]), r["file"]))
    return runs


def _parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(
        datetime.timezone.utc
    )


def now_utc():
    """The current time as the records write it: ``'2026-11-30T04:08:00Z'``."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ----------------------------------------------------------------- rendering
def _table(rows):
    lines = [
        "| " + " | ".join(h for _, h in COLUMNS) + " |",
        "|" + "|".join("---" for _ in COLUMNS) + "|",
    ]
    for row in rows:
        cells = []
        for key, _ in COLUMNS:
            value = row.get(key)
            if key == "met":
                value = {True: "yes", False: "**NO**", None: "—"}[value]
            cells.append(str(value if value is not None else "—"))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _rows(record):
    return [row for case in record["cases"] for row in case["rows"]]


def _when(record):
    return _parse_time(record["started"]).strftime("%Y-%m-%d %H:%M UTC")


def _load_text(record):
    load = record.get("load") or {}
    before, during = load.get("before"), load.get("during")
    if before is None and during is None:
        return None
    fmt = lambda x: "unknown" if x is None else f"{x:.0%}"  # noqa: E731
    return f"{fmt(before)} of all cores in the second before the run, {fmt(during)} during it"


def _machine_lines(record):
    lines = [f"- {key}: {value}" for key, value in record["machine"].items()]
    load = _load_text(record)
    if load:
        lines.append(f"- Other work: {load}")
    return "\n".join(lines)


def _commit(record):
    commit = record.get("commit") or "unknown"
    dirty = record.get("uncommitted_changes")
    return commit + {True: " + uncommitted changes", False: "", None: ""}[dirty]


def _missed(record):
    return sum(1 for row in _rows(record) if row.get("met") is False)


def render(runs):
    """The text of ``RESULTS.md`` for `runs` (records, oldest first, as from :func:`load_runs`)."""
    out = [
        "# dominotiling benchmarks",
        "",
        "Rendered by `python -m benchmarks render` from the JSON records in `benchmarks/results/`, "
        "one per run of `python -m benchmarks`; edit those, not this file.",
        "",
    ]
    full = [r for r in runs if r.get("complete")]
    latest = full[-1] if full else None
    if latest is None:
        out += ["## Latest full run", "", "No full run recorded yet (`python -m benchmarks`).", ""]
    else:
        note = f" {latest['note']}" if latest.get("note") else ""
        out += [
            "## Latest full run",
            "",
            f"Produced by `{latest['command']}` from the repository root on {_when(latest)} "
            f"(the whole run took {latest['elapsed_s']:.0f} s); record `results/{latest['file']}`.{note}",
            "",
            "### Machine",
            "",
            _machine_lines(latest),
            "",
            "### Results",
            "",
            _table(_rows(latest)),
            "",
        ]
    later = [
        r
        for r in runs
        if latest is None or _parse_time(r["started"]) > _parse_time(latest["started"])
    ]
    later = [r for r in later if r is not latest]
    if later:
        out += ["## Partial runs since" if latest else "## Partial runs", ""]
        for r in reversed(later):
            load = _load_text(r)
            out += [
                f"### {_when(r)}: `{r['command']}`",
                "",
                f"{r['elapsed_s']:.0f} s on {r['machine'].get('CPU', '?')}, {r['machine'].get('Cores', '?')}; "
                f"commit {_commit(r)}"
                + (f"; other work: {load}" if load else "")
                + f"; record `results/{r['file']}`.",
                "",
                _table(_rows(r)),
                "",
            ]
    out += [
        "## Every run",
        "",
        "| started | command | commit | machine | took | rows | goals missed | record |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in reversed(runs):
        machine = f"{r['machine'].get('CPU', '?')}, {r['machine'].get('Cores', '?')}"
        out.append(
            f"| {_when(r)} | `{r['command']}` | {_commit(r)} | {machine} | {r['elapsed_s']:.0f} s "
            f"| {len(_rows(r))} | {_missed(r)} | `results/{r['file']}` |"
        )
    out += ["", "## Notes", "", NOTES]
    return "\n".join(out)


def write_results_md(folder=RESULTS_DIR, target=RESULTS_MD):
    """Render every record in `folder` into `target`; return the target's path."""
    text = render(load_runs(folder))
    Path(target).write_text(text, encoding="utf-8")
    return Path(target)
