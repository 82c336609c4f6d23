"""Timing, memory and reporting helpers of the benchmark suite.

Every measurement runs in a fresh interpreter (:func:`run_isolated`): the child
imports what it needs, then calls :func:`measure`, and hands back a JSON dict on
its last line of output. A fresh process gives a clean peak-RSS reading per case
and honest "first call" (compile or cache-load) timings.

Peak memory is the growth of the process's peak resident set over its resident
set after imports and a small priming call, so it covers everything a call
allocates: Python objects, numpy arrays and the arrays numba allocates in
nopython code. On Linux the peak is reset after priming (``/proc/self/clear_refs``)
and read from ``VmHWM``, so that a larger earlier peak -- compiling, say -- does
not hide the call's; elsewhere ``ru_maxrss`` serves, which can only show growth
above the earlier peak. (``tracemalloc`` happens to see numba's arrays as well --
numba allocates them through Python's raw allocator -- and agrees with the RSS
growth within 1 %, but RSS needs no cooperation from the allocator and does not
slow the measured code down.)

This module imports only the standard library, so that a child process starts
clean and import times measured in it are not flattered.
"""

from __future__ import annotations

import importlib
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from importlib import metadata

__all__ = [
    "Timing",
    "measure",
    "peak_rss",
    "reset_peak_rss",
    "OtherLoad",
    "run_isolated",
    "MEASUREMENTS",
    "machine_info",
    "git_state",
    "fmt_time",
    "fmt_bytes",
    "markdown_table",
]

_MARK = "@@benchmark-result@@ "

#: Every child result :func:`run_isolated` brought back, in order, as
#: ``{"target", "args", "env", "result"}``: the raw figures behind the table, which
#: ``python -m benchmarks`` stores in each run's JSON record (it empties the list
#: before each case).
MEASUREMENTS = []

_MAX_VALUE_CHARS = 2000  # a returned value's repr is kept in the record up to this length


@dataclass
class Timing:
    """What :func:`measure` found.

    Attributes
    ----------
    median_s : float
        Median wall time of the measured runs, in seconds.
    runs_s : list of float
        Every measured run, in seconds, in order.
    warmup : bool
        Whether an unmeasured warm-up call preceded the runs.
    rss_growth : int
        Growth of the peak RSS over the resident set before the first call of
        the measured callable, in bytes: the peak memory one call needs.
    peak_rss : int
        The process's peak RSS during the calls, in bytes (interpreter and
        libraries included).
    value : str
        ``repr`` of what the callable returned, for cross-checks.
    extra : dict
        Anything else the child wants to report (JSON-serialisable).
    """

    median_s: float
    runs_s: list = field(default_factory=list)
    warmup: bool = True
    rss_growth: int = 0
    peak_rss: int = 0
    value: str = ""
    extra: dict = field(default_factory=dict)


def peak_rss():
    """Peak resident set size of this process so far, in bytes.

    Since the last :func:`reset_peak_rss` where that worked; otherwise since the
    process started (``ru_maxrss``).
    """
    status = _proc_status()
    if status is not None:
        return status["VmHWM"]
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def reset_peak_rss():
    """Reset the peak to the current resident set; return the latter, in bytes, or None.

    Linux only (writes ``5`` to ``/proc/self/clear_refs``); None where it fails.
    """
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        return None
    status = _proc_status()
    return None if status is None else status["VmRSS"]


def _proc_status():
    try:
        with open("/proc/self/status") as f:
            fields = dict(line.split(":", 1) for line in f)
        return {k: int(fields[k].split()[0]) * 1024 for k in ("VmRSS", "VmHWM")}
    except (OSError, KeyError, ValueError):
        return None


class OtherLoad:
    """How busy other processes keep the CPUs, from ``/proc/stat`` (Linux only).

    Call :meth:`fraction` for the share of all cores' time that processes other
    than this one and its children used since the object was made (or since
    :meth:`restart`). Where ``/proc/stat`` is unreadable it returns None.
    """

    def __init__(self):
        self.restart()

    @staticmethod
    def _snapshot():
        try:
            with open("/proc/stat") as f:
                ticks = [int(x) for x in f.readline().split()[1:9]]
        except (OSError, ValueError):
            return None
        own = sum(
            getattr(resource.getrusage(who), field)
            for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
            for field in ("ru_utime", "ru_stime")
        )
        hz = os.sysconf("SC_CLK_TCK")
        return sum(ticks) / hz, (ticks[3] + ticks[4]) / hz, own  # total, idle + iowait, own

    def restart(self):
        """Start counting afresh from now."""
        self._start = self._snapshot()

    def fraction(self, also_ours=0.0):
        """Share of all cores' time used by other processes since the start, or None.

        `also_ours`: CPU seconds of our own processes that are not waited-for
        children (e.g. Dask workers still running), to count as ours too.
        """
        end = self._snapshot()
        if self._start is None or end is None:
            return None
        total, idle, own = (b - a for a, b in zip(self._start, end))
        return max(0.0, (total - idle - own - also_ours) / max(total, 1e-9))


def measure(fn, repeats=5, warmup=True, prime=None):
    """Time `fn` as the median of `repeats` calls and measure its peak memory.

    Parameters
    ----------
    fn : callable
        Called with no arguments.
    repeats : int
        Number of timed calls.
    warmup : bool
        Make one untimed call first (compiles or loads cached code, fills caches).
    prime : callable, optional
        Called once before the memory baseline is taken, to load code and start
        thread pools with a small input so that they are not counted as the
        call's memory.

    Returns
    -------
    Timing
    """
    if prime is not None:
        prime()
    base = reset_peak_rss()
    if base is None:
        base = peak_rss()
    if warmup:
        fn()
    runs = []
    value = None
    for _ in range(repeats):
        t0 = time.perf_counter()
        value = fn()
        runs.append(time.perf_counter() - t0)
    end = peak_rss()
    return Timing(
        median_s=statistics.median(runs),
        runs_s=runs,
        warmup=warmup,
        rss_growth=end - base,
        peak_rss=end,
        value=repr(value),
    )


def run_isolated(target, *args, env=None, timeout=600):
    """Call ``target(*args)`` in a fresh interpreter and return what it returned.

    Parameters
    ----------
    target : str
        ``"module:function"``; the function must return a :class:`Timing` or a
        JSON-serialisable dict.
    *args
        JSON-serialisable arguments.
    env : dict, optional
        Extra environment variables for the child.
    timeout : float
        Seconds before the child is killed.

    Returns
    -------
    dict

    Raises
    ------
    RuntimeError
        If the child fails; its output is included.
    """
    cmd = [sys.executable, "-m", "benchmarks.harness", target, json.dumps(args)]
    proc = subprocess.run(
        cmd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(_MARK)]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(
            f"benchmark child {target}{tuple(args)} failed (exit {proc.returncode}):\n"
            f"{proc.stdout}\n{proc.stderr}"
        )
    result = json.loads(lines[-1][len(_MARK) :])
    kept = dict(result)
    if isinstance(kept.get("value"), str) and len(kept["value"]) > _MAX_VALUE_CHARS:
        kept["value"] = (
            kept["value"][:_MAX_VALUE_CHARS] + f"... ({len(result['value'])} characters)"
        )
    MEASUREMENTS.append(
        {"target": target, "args": list(args), "env": dict(env or {}), "result": kept}
    )
    return result


def _child_main(argv):
    """Entry point of the child process: ``python -m benchmarks.harness MOD:FN ARGS``."""
    module, _, name = argv[0].partition(":")
    args = json.loads(argv[1]) if len(argv) > 1 else []
    result = getattr(importlib.import_module(module), name)(*args)
    if isinstance(result, Timing):
        result = asdict(result)
    print(_MARK + json.dumps(result), flush=True)


def _version(dist):
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def machine_info():
    """CPU, core count, RAM and the versions that matter, as an ordered dict of strings."""
    cpu = platform.processor() or platform.machine()
    ram = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(
                (ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), cpu
            )
        with open("/proc/meminfo") as f:
            kib = next(int(ln.split()[1]) for ln in f if ln.startswith("MemTotal"))
        ram = fmt_bytes(kib * 1024)
    except (OSError, StopIteration):
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    commit, dirty = git_state()
    changes = {
        True: ", plus uncommitted changes",
        False: "",
        None: ", plus uncommitted changes if any",
    }
    return {
        "CPU": cpu,
        "Cores": f"{usable} usable ({os.cpu_count()} logical)",
        "RAM": ram,
        "OS": platform.platform(),
        "Python": platform.python_version(),
        "numpy": _version("numpy"),
        "numba": _version("numba"),
        "dominotiling": f"{_version('dominotiling')} (commit {commit}{changes[dirty]})",
    }


def git_state():
    """``(commit, dirty)``: the short commit of the working tree, and whether it has changes.

    ``("unknown", None)`` outside a git checkout (or without git).
    """
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown", None
    try:
        status = subprocess.run(
            ["git", "status", "--porcelain"], capture_output=True, text=True, check=True, cwd=root
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return commit, None
    return commit, bool(status.strip())


def fmt_time(seconds):
    """A duration with a unit that keeps three significant digits: ``'1.23 ms'``."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale or unit == "µs":
            return f"{seconds / scale:.3g} {unit}"


def fmt_bytes(n):
    """A size in binary units: ``'31.9 MiB'``."""
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024


def markdown_table(header, rows):
    """A GitHub-flavoured Markdown table from a header and rows of strings."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    # Run the canonical module's entry point, not this ``__main__`` copy, so that
    # the child's ``Timing`` is the class that the cases import.
    from benchmarks.harness import _child_main as main

    main(sys.argv[1:])
