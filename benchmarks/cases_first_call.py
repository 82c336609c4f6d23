"""The first use of each public function that runs numba kernels, with an empty numba cache.

Issue 28 asks that the first use of any one public function compile in at most
15 s. Each row is one fresh interpreter with ``NUMBA_CACHE_DIR`` set to a new,
empty folder: the inputs are built (untimed; building a tiling may itself
compile the matching kernels, which then do not count for the function that
takes it), the call is made once (the *first call*: numba compiles every
kernel it reaches) and once more (the *warm call*). The row gives the first
call less the warm one, which is the compile time, the CPU time of the first
call (compilation runs on one thread, so on a busy machine it is the steadier
figure) and how many kernels were compiled (index files numba wrote).

The machine's other load during each row is reported, from ``/proc/stat``: a
busy shared host inflates the wall times, not the CPU times, so the goal is read
on the CPU time of the first call (numba compiles on one thread: on an idle core
the wall time is the same).

Run it alone with ``python -m benchmarks --only first_call``, or a few rows
with ``python -m benchmarks.cases_first_call NAME ...`` (prints the table; no
record is written).
"""

from __future__ import annotations

import os
import resource
import sys
import tempfile
import time

from .cases import Row, benchmark
from .harness import OtherLoad, fmt_time, run_isolated

__all__ = ["first_use", "CALLS", "QUICK", "LIMIT_S"]

#: The issue's limit on one public function's first-use compile, in seconds.
LIMIT_S = 15.0

_TWO_PERIODIC = "w = Weights.periodic(Region.aztec_diamond({n}), faces=[[2.0, 1.0], [1.0, 1.0]])"

#: ``name: (setup, call)``: code run in the child; `call` is timed, `setup` is not.
#: Small inputs: the point is the compile, not the work.
CALLS = {
    "count_tilings (transfer)": (
        "r = Region.rectangle(6, 6)",
        "count_tilings(r, method='transfer')",
    ),
    "count_tilings (kasteleyn)": (
        "r = Region.rectangle(6, 6)",
        "count_tilings(r, method='kasteleyn')",
    ),
    "count_tilings (weights)": (
        "r = Region.rectangle(4, 4); w = Weights.by_orientation(r, 2, 1)",
        "count_tilings(r, weights=w)",
    ),
    "log_count": ("r = Region.rectangle(6, 6)", "log_count(r)"),
    "find_tiling": ("r = Region.rectangle(6, 6)", "find_tiling(r)"),
    "max_cover": ("r = Region.from_strings(['...', '.#.', '...'])", "max_cover(r)"),
    "maximum_matching": ("r = Region.rectangle(6, 6)", "maximum_matching(r)"),
    "is_tileable": ("r = Region.rectangle(6, 6)", "is_tileable(r)"),
    "hall_violator": ("r = Region.from_strings(['..', '..', '.#'])", "hall_violator(r)"),
    "kuhn_frames": ("r = Region.rectangle(4, 4)", "kuhn_frames(r, seed=1)"),
    "random_tiling": ("r = Region.rectangle(6, 6)", "random_tiling(r, seed=1)"),
    "random_tiling (kasteleyn)": (
        "r = Region.rectangle(6, 6)",
        "random_tiling(r, seed=1, method='kasteleyn')",
    ),
    "sample_aztec": ("", "sample_aztec(8, seed=1)"),
    "sample_aztec (weights)": (_TWO_PERIODIC.format(n=8), "sample_aztec(8, seed=1, weights=w)"),
    "shuffle_frames": ("", "shuffle_frames(6, seed=1)"),
    "aztec_partition_function (weights)": (
        _TWO_PERIODIC.format(n=6),
        "aztec_partition_function(6, w)",
    ),
    "aztec_edge_probabilities": ("", "aztec_edge_probabilities(6)"),
    "cftp_sample": ("r = Region.rectangle(4, 4)", "cftp_sample(r, seed=1, progress=False)"),
    "glauber": ("t = find_tiling(Region.rectangle(6, 6))", "glauber(t, 100, seed=1)"),
    "min_tiling": ("r = Region.rectangle(6, 6)", "min_tiling(r)"),
    "flip": ("t = find_tiling(Region.rectangle(2, 2))", "flip(t, (0, 0))"),
    "color_dominoes": ("t = find_tiling(Region.rectangle(6, 6))", "color_dominoes(t, 4)"),
    "height_field": ("t = find_tiling(Region.rectangle(6, 6))", "height_field(t)"),
    "double_dimer": (
        "r = Region.rectangle(6, 6); a = min_tiling(r); b = max_tiling(r)",
        "double_dimer(a, b)",
    ),
    "height_variance": ("r = Region.rectangle(6, 6)", "height_variance(r, (2, 2))"),
    "placement_probabilities": ("r = Region.rectangle(6, 6)", "placement_probabilities(r)"),
    "count_perfect_matchings": (
        "import networkx as nx; G = nx.cycle_graph(8)",
        "count_perfect_matchings(G)",
    ),
    "count_monomer_dimer": ("r = Region.rectangle(4, 4)", "count_monomer_dimer(r)"),
    "random_monomer_dimer": ("r = Region.rectangle(4, 4)", "random_monomer_dimer(r, seed=1)"),
    "count_by_flux": (
        "r = Region.from_strings(['......', '......', '..##..', '..##..', '......', '......'])",
        "count_by_flux(r)",
    ),
    "count_by_seam_parity": ("r = Region.torus(4, 4)", "count_by_seam_parity(r)"),
    "random_tiling (torus)": ("r = Region.torus(4, 4)", "random_tiling(r, seed=1)"),
    "uniform_spanning_tree": (
        "import networkx as nx; G = nx.grid_2d_graph(5, 5)",
        "uniform_spanning_tree(G, seed=1)",
    ),
    "tiling_to_tree": (
        "t = find_tiling(Region.from_strings(['#....'] + ['.....'] * 4))",
        "tiling_to_tree(t)",
    ),
    "aztec_boundary_fluctuations": ("", "aztec_boundary_fluctuations(6, range(2), progress=False)"),
    "limit_shape": ("r = Region.rectangle(6, 6)", "limit_shape(r)"),
}


#: The rows of ``--quick``: the heaviest first uses.
QUICK = [
    "count_tilings (transfer)",
    "random_tiling (kasteleyn)",
    "sample_aztec (weights)",
    "aztec_edge_probabilities",
]


def first_use(name):
    """Child: the first and a warm second call of ``CALLS[name]``, with the numba cache of the environment."""
    setup, call = CALLS[name]
    space = {}
    exec("from dominotiling import *\nfrom dominotiling import Weights\n" + setup, space)  # noqa: S102
    code = compile(call, f"<{name}>", "eval")
    cpu0 = _cpu()
    t0 = time.perf_counter()
    eval(code, space)  # noqa: S307 - the benchmark's own table
    t1 = time.perf_counter()
    cpu1 = _cpu()
    eval(code, space)  # noqa: S307
    t2 = time.perf_counter()
    cache = os.environ.get("NUMBA_CACHE_DIR")
    kernels = sum(f.endswith(".nbi") for _, _, fs in os.walk(cache) for f in fs) if cache else None
    return {"first": t1 - t0, "warm": t2 - t1, "first_cpu": cpu1 - cpu0, "kernels": kernels}


def _cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _measure(name):
    load = OtherLoad()
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {"NUMBA_CACHE_DIR": cache, "DOMINOTILING_QUIET": "1"}
        r = run_isolated("benchmarks.cases_first_call:first_use", name, env=env, timeout=900)
    r["load"] = load.fraction()
    return r


def _row(name, r):
    compile_s = r["first"] - r["warm"]
    load = "?" if r["load"] is None else f"{r['load']:.0%}"
    return Row(
        f"first use of {name}, empty numba cache",
        f"{fmt_time(compile_s)} (first {fmt_time(r['first'])} − warm {fmt_time(r['warm'])}; "
        f"CPU {fmt_time(r['first_cpu'])}; {r['kernels']} kernels; other load {load})",
        goal=f"≤ {LIMIT_S:g} s of CPU (the wall time on an idle core)",
        met=r["first_cpu"] <= LIMIT_S,
    )


@benchmark
def first_call(quick):
    """The compile time of each public function's first use (empty numba cache), one fresh process each."""
    names = QUICK if quick else list(CALLS)
    return [_row(name, _measure(name)) for name in names]


if __name__ == "__main__":  # pragma: no cover - a quick table of a few rows
    for name in sys.argv[1:] or CALLS:
        try:
            row = _row(name, _measure(name))
        except RuntimeError as exc:
            print(f"{name}: failed: {str(exc)[-300:]}", flush=True)
            continue
        print(f"{row.case:<70} {row.ours}{'' if row.met else '   OVER'}", flush=True)
