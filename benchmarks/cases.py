"""The benchmark cases: a registry of functions, each producing rows of the table.

A case is a function ``case(quick) -> list[Row]`` decorated with
:func:`benchmark`, in this module or in a module ``benchmarks/cases_*.py`` (which
``python -m benchmarks`` imports, in name order, after this one). It measures in fresh interpreters through
:func:`~benchmarks.harness.run_isolated`, calling the *child* functions below
(which run inside those interpreters and import the library themselves). To add
an entry, write a child function if none fits and a registered case, e.g.::

    @benchmark
    def count_10x30(quick):
        t = Timing(**run_isolated(f"{__name__}:count_ours", 10, 30, 5))
        return [Row("exact count 10x30", _median(t), memory=_memory(t))]
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass

from .harness import Timing, fmt_bytes, fmt_time, measure, run_isolated

__all__ = ["Row", "BENCHMARKS", "benchmark"]

#: Registered cases, run in this order.
BENCHMARKS = []

#: Known counts (OEIS A004003; checked against Kasteleyn's product formula).
KNOWN = {20: 1269984011256235834242602753102293934298576249856}


@dataclass
class Row:
    """One row of the results table; every field is already formatted text."""

    case: str
    ours: str
    baseline: str = "—"
    ratio: str = "—"
    memory: str = "—"
    goal: str = "—"
    met: bool | None = None

    HEADER = ("case", "ours", "baseline", "ratio", "peak memory", "goal", "met?")

    def cells(self):
        """The row as a tuple of strings, in :attr:`HEADER` order."""
        met = {True: "yes", False: "**NO**", None: "—"}[self.met]
        return (self.case, self.ours, self.baseline, self.ratio, self.memory, self.goal, met)


def benchmark(case):
    """Register `case`, a function ``case(quick: bool) -> list[Row]``."""
    BENCHMARKS.append(case)
    return case


# ------------------------------------------------------------ run in child processes
def count_ours(rows, cols, repeats, method="transfer"):
    """Child: time ``count_tilings(rectangle, method=method)`` (warm-up, median of `repeats`).

    The default method is the profile DP, the algorithm the reference implements.
    """
    from dominotiling import Region, count_tilings

    region = Region.rectangle(rows, cols)
    t = measure(
        lambda: count_tilings(region, method=method),
        repeats,
        prime=lambda: count_tilings(Region.rectangle(4, 4), method=method),
    )
    import numba

    t.extra = {"threads": numba.get_num_threads()}
    return t


def count_reference(rows, cols, repeats, warmup):
    """Child: time the plain-Python reference DP on a rectangle."""
    from tests.reference.dp import count_rectangle

    return measure(lambda: count_rectangle(rows, cols), repeats, warmup=warmup)


def import_time():
    """Child: seconds to ``import dominotiling``, and what got compiled meanwhile."""
    t0 = time.perf_counter()
    import dominotiling  # noqa: F401

    seconds = time.perf_counter() - t0
    compiled = [
        f"{mod}.{name}"
        for mod, module in list(sys.modules.items())
        if mod.startswith("dominotiling")
        for name, obj in vars(module).items()
        if getattr(obj, "signatures", None)
    ]
    return {"seconds": seconds, "compiled": compiled, "numba_imported": "numba" in sys.modules}


def first_call(rows, cols, method):
    """Child: the first and a warm second ``count_tilings(..., method=method)`` call, in seconds."""
    from dominotiling import Region, count_tilings

    region = Region.rectangle(rows, cols)
    t0 = time.perf_counter()
    count_tilings(region, method=method)
    t1 = time.perf_counter()
    count_tilings(region, method=method)
    t2 = time.perf_counter()
    if method == "auto":
        from dominotiling.counting import choose_method

        method = f"auto, which picks {choose_method(region)}"
    cache = os.environ.get("NUMBA_CACHE_DIR")
    cached = sum(len(f) for _, _, f in os.walk(cache)) if cache else None
    return {"first": t1 - t0, "warm": t2 - t1, "cache_files": cached, "method": method}


# --------------------------------------------------------------------- formatting
def _median(t, what="median of"):
    if not t.warmup and len(t.runs_s) == 1:
        return f"{fmt_time(t.median_s)} (1 run, no warm-up)"
    return f"{fmt_time(t.median_s)} ({what} {len(t.runs_s)})"


def _memory(t):
    return f"{fmt_bytes(t.rss_growth)} (process {fmt_bytes(t.peak_rss)})"


def _check(case, got, want):
    if got != want:
        raise RuntimeError(f"{case}: the library says {got}, but the answer is {want}")


# -------------------------------------------------------------------------- cases
@benchmark
def versus_reference(quick):
    """Exact counts of 12x12 and 16x16 boards, the library's profile DP vs the reference."""
    out = []
    for n, ref_repeats, goal in ((12, 3, None), (16, 1, 150)):
        ours = Timing(**run_isolated(f"{__name__}:count_ours", n, n, 9))
        case = f"exact count {n}x{n}, profile DP vs plain-Python DP"
        if quick and n == 16:
            out.append(Row(case, _median(ours), "skipped (--quick)", memory=_memory(ours)))
            continue
        ref = Timing(
            **run_isolated(f"{__name__}:count_reference", n, n, ref_repeats, ref_repeats > 1)
        )
        _check(case, ours.value, ref.value)
        ratio = ref.median_s / ours.median_s
        out.append(
            Row(
                case,
                _median(ours),
                _median(ref),
                f"{ratio:.1f}x",
                _memory(ours),
                f"≥ {goal}x faster" if goal else "—",
                ratio >= goal if goal else None,
            )
        )
    return out


@benchmark
def count_20x20(quick):
    """Exact count of the 20x20 board by the profile DP: time and peak memory, 2 threads."""
    env = {"NUMBA_NUM_THREADS": str(min(2, os.cpu_count() or 1))}
    t = Timing(**run_isolated(f"{__name__}:count_ours", 20, 20, 3, env=env))
    _check("exact count 20x20", t.value, repr(KNOWN[20]))
    met = t.median_s <= 3.0 and t.peak_rss <= 10**9
    return [
        Row(
            f"exact count 20x20, profile DP ({t.extra['threads']} threads, one sweep each)",
            _median(t),
            memory=_memory(t),
            goal="≤ 3 s and ≤ 1 GB process peak, 2 cores",
            met=met,
        )
    ]


@benchmark
def startup(quick):
    """``import dominotiling`` time, and the first call's compile (no disk cache) and load times.

    The first call is timed for the profile DP (``method="transfer"``) and for what
    ``count_tilings`` picks by itself (``method="auto"``).
    """
    runs = [run_isolated(f"{__name__}:import_time") for _ in range(5)]
    seconds = statistics.median(r["seconds"] for r in runs)
    compiled = sorted({name for r in runs for name in r["compiled"]})
    numba = "numba imported" if any(r["numba_imported"] for r in runs) else "numba not imported"
    rows = [
        Row(
            "`import dominotiling`, fresh interpreter",
            f"{fmt_time(seconds)} (median of 5 processes)",
            goal="< 1 s, nothing compiled",
            met=seconds < 1.0 and not compiled,
            memory=f"— ({numba}; compiled: {', '.join(compiled) or 'nothing'})",
        )
    ]
    for method in ("transfer", "auto"):
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            cold = run_isolated(
                f"{__name__}:first_call", 8, 8, method, env={"NUMBA_CACHE_DIR": cache}
            )
        # since issue 37 the 8x8 board is answered without a kernel: nothing to compile or load
        compiles = "compile" if cold["cache_files"] else "nothing compiled"
        warm = run_isolated(f"{__name__}:first_call", 8, 8, method)
        for label, r in (
            (f"empty numba cache: {compiles}", cold),
            ("on-disk numba cache: load", warm),
        ):
            rows.append(
                Row(
                    f"first call 8x8 (method={r['method']}), {label}",
                    f"{fmt_time(r['first'] - r['warm'])} (first {fmt_time(r['first'])} "
                    f"− warm {fmt_time(r['warm'])}, 1 process)",
                    goal="reported",
                )
            )
    return rows
