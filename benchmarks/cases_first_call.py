"""The first call of every public function, with an empty numba cache; the tour; warm start-up.

Issue 37 asks that a person meet the library without noticing its kernels being
compiled: every public function's first call at most 5 s of CPU (most at most 2 s),
at any size; the whole tour at most 60 s of CPU; a kernel compiled once per process;
and, with a warm cache, ``dominotiling count 8x8`` and ``python -c "import dominotiling
as d; d.count_tilings(d.Region.rectangle(8, 8))"`` at most 0.6 s of CPU.

Rows:

- **first call** (one per public function and size): one fresh interpreter with
  ``NUMBA_CACHE_DIR`` a new, empty folder; the inputs are built untimed (building a
  tiling may compile matching kernels, which then do not count for the function that
  takes it); the call is made at the small size, then (in the same process, so a large
  row shows only what the small call did not compile) at the large size. The CPU time of
  each first call is the figure read against the goal (numba compiles on one thread, so
  on a busy machine CPU seconds are the steady figure); the wall time less a warm second
  call is the compile time. The kernels each call compiled are named with their own
  compile CPU seconds (callees counted apart from their callers), from numba's
  ``numba:compile`` event.
- **tour**: ``run_tour`` (the README's first command) in a fresh interpreter, empty cache.
- **warm start-up**: the command line's ``count 8x8`` and the ``python -c`` line, each a
  fresh process over a cache that an earlier run filled; CPU of the whole process.
- **per kernel**: each kernel's compile CPU, the sum over the rows above, and how many
  times one process compiled it (more than once is a specialisation a user cannot see).

The machine's other load during each row is reported, from ``/proc/stat``.

Run it alone with ``python -m benchmarks --only first_call``, or a few rows with
``python -m benchmarks.cases_first_call NAME ...`` (prints the table; no record is written;
``--json PATH`` keeps the raw figures).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from dominotiling._kernels import BY_DESIGN, SHARED

from .cases import Row, benchmark
from .harness import OtherLoad, fmt_time, run_isolated

__all__ = ["first_use", "tour_use", "CALLS", "QUICK", "LIMIT_S", "MOST_S", "TOUR_S", "WARM_S"]

#: The issue's limits, in CPU seconds: one public function's first call; most of them; the tour;
#: a warm start-up.
LIMIT_S, MOST_S, TOUR_S, WARM_S = 5.0, 2.0, 60.0, 0.6

_TWO_PERIODIC = "w = Weights.periodic(Region.aztec_diamond({n}), faces=[[2.0, 1.0], [1.0, 1.0]])"
_HOLED = "r = Region.from_strings(['......', '......', '..##..', '..##..', '......', '......'])"
_HOLED_LARGE = (
    "import numpy as np; m = np.ones((40, 40), bool); m[10:12, 10:12] = False; "
    "m[26:28, 20:22] = False; r = Region.from_mask(m)"
)
_NOTCHED = (
    "import numpy as np; m = np.ones((1000, 1000), bool); m[::37, ::41] = False; "
    "m[0, 0] = m[-1, -1] = False; r = Region.from_mask(m)"
)
_PATTERN = (
    "from dominotiling.theory import *; P = spectral_curve(WeightPattern.two_periodic(2.0, 1.0))"
)

#: ``name: (setup, small call, large call or None)``: `setup` runs untimed in the child, then one
#: call is timed twice (first, then warm). Every public function that computes, at a small size,
#: and at a large one where a size could take another path (a kernel first compiled in the middle
#: of a large call shows as a large call's compile after the small one's).
CALLS = {
    # ---------------------------------------------------------------- counting
    "count_tilings (transfer)": (
        "",
        "count_tilings(Region.rectangle(6, 6), method='transfer')",
        "count_tilings(Region.rectangle(20, 20), method='transfer')",
    ),
    "count_tilings (kasteleyn)": (
        "",
        "count_tilings(Region.rectangle(6, 6), method='kasteleyn')",
        "count_tilings(Region.rectangle(60, 60), method='kasteleyn')",
    ),
    "count_tilings (auto)": (
        "",
        "count_tilings(Region.rectangle(8, 8))",
        "count_tilings(Region.rectangle(40, 40))",
    ),
    "count_tilings (int weights)": (
        "import numpy as np; g = np.random.default_rng(1)",
        "count_tilings(Region.rectangle(4, 4), weights=Weights.by_orientation(Region.rectangle(4, 4), 2, 1))",
        "count_tilings(Region.rectangle(40, 40), weights=Weights.random(Region.rectangle(40, 40), 'integers', a=1, b=9, seed=1))",
    ),
    "count_tilings (float weights)": (
        "",
        "count_tilings(Region.rectangle(4, 4), weights=Weights.by_orientation(Region.rectangle(4, 4), 2.0, 1.0))",
        "count_tilings(Region.rectangle(30, 30), weights=Weights.by_orientation(Region.rectangle(30, 30), 2.0, 1.0))",
    ),
    "count_tilings (torus)": (
        "",
        "count_tilings(Region.torus(4, 4))",
        "count_tilings(Region.torus(40, 40))",
    ),
    "count_tilings (by_flux)": (
        _HOLED,
        "count_tilings(r, by_flux=True)",
        None,
    ),
    "log_count": ("", "log_count(Region.rectangle(6, 6))", "log_count(Region.rectangle(300, 300))"),
    "kasteleyn_matrix": (
        "",
        "kasteleyn_matrix(Region.rectangle(6, 6))",
        "kasteleyn_matrix(Region.rectangle(200, 200))",
    ),
    "placement_probabilities": (
        "",
        "placement_probabilities(Region.rectangle(6, 6))",
        "placement_probabilities(Region.aztec_diamond(30), exact=False)",
    ),
    "count_perfect_matchings": (
        "import networkx as nx",
        "count_perfect_matchings(nx.cycle_graph(8))",
        "count_perfect_matchings(nx.grid_2d_graph(30, 30))",
    ),
    "count_monomer_dimer": (
        "",
        "count_monomer_dimer(Region.rectangle(4, 4))",
        "count_monomer_dimer(Region.rectangle(12, 12))",
    ),
    "sample_monomer_dimer": (
        "",
        "sample_monomer_dimer(Region.rectangle(4, 4), seed=1)",
        "sample_monomer_dimer(Region.rectangle(14, 40), seed=1)",
    ),
    "rectangle_count": ("", "rectangle_count(8, 8)", "rectangle_count(200, 200)"),
    "aztec_count": ("", "aztec_count(8)", "aztec_count(300)"),
    "strip_generating_function": (
        "",
        "strip_generating_function(3)",
        "strip_generating_function(8)",
    ),
    # ---------------------------------------------------------------- matching
    "find_tiling": (
        "",
        "find_tiling(Region.rectangle(6, 6))",
        "find_tiling(Region.rectangle(300, 300))",
    ),
    "max_cover": (
        "",
        "max_cover(Region.from_strings(['...', '.#.', '...']))",
        "max_cover(Region.from_mask(__import__('numpy').ones((15, 15), bool)))",
    ),
    "maximum_matching": ("", "maximum_matching(Region.rectangle(6, 6))", None),
    "is_tileable": ("", "is_tileable(Region.rectangle(6, 6))", None),
    "hall_violator": ("", "hall_violator(Region.from_strings(['..', '..', '.#']))", None),
    "kuhn_frames": (
        "",
        "kuhn_frames(Region.rectangle(4, 4), seed=1)",
        "kuhn_frames(Region.rectangle(20, 20), seed=1)",
    ),
    "min_tiling": (
        "",
        "min_tiling(Region.rectangle(6, 6))",
        "min_tiling(Region.aztec_diamond(300))",
    ),
    "max_tiling": (
        "",
        "max_tiling(Region.rectangle(6, 6))",
        "max_tiling(Region.aztec_diamond(300))",
    ),
    "flip": ("t = find_tiling(Region.rectangle(2, 2))", "flip(t, (0, 0))", None),
    "color_dominoes": (
        "t = find_tiling(Region.rectangle(6, 6)); T = find_tiling(Region.rectangle(200, 200))",
        "color_dominoes(t, k=4)",
        "color_dominoes(T, k=4)",
    ),
    "color_frames": ("t = find_tiling(Region.rectangle(6, 6))", "color_frames(t, k=4)", None),
    "flux": (_HOLED + "; t = find_tiling(r)", "flux(t)", None),
    "sector_tiling": (_HOLED, "sector_tiling(r, (0,))", None),
    # ---------------------------------------------------------------- sampling
    "random_tiling": (
        "",
        "random_tiling(Region.rectangle(6, 6), seed=1)",
        "random_tiling(Region.rectangle(50, 50), seed=1)",
    ),
    "random_tiling (kasteleyn)": (
        "",
        "random_tiling(Region.rectangle(6, 6), seed=1, method='kasteleyn')",
        "random_tiling(Region.rectangle(40, 40), seed=1, method='kasteleyn')",
    ),
    "random_tiling (holes)": (_HOLED + "; R = None", "random_tiling(r, seed=1)", None),
    "random_tiling (torus)": (
        "",
        "random_tiling(Region.torus(4, 4), seed=1)",
        "random_tiling(Region.torus(30, 30), seed=1)",
    ),
    "sample_sectors": (_HOLED, "sample_sectors(r, seed=1)", None),
    "sample_cftp": (
        "",
        "sample_cftp(Region.rectangle(4, 4), seed=1, progress=False)",
        "sample_cftp(Region.rectangle(60, 60), seed=1, progress=False)",
    ),
    "sample_sector_cftp": (_HOLED, "sample_sector_cftp(r, (0,), seed=1, progress=False)", None),
    "glauber": (
        "t = find_tiling(Region.rectangle(6, 6)); T = find_tiling(Region.rectangle(200, 200))",
        "glauber(t, steps=100, seed=1)",
        "glauber(T, steps=1_000_000, seed=1)",
    ),
    "glauber_frames": (
        "t = find_tiling(Region.rectangle(6, 6))",
        "glauber_frames(t, steps=50, seed=1)",
        None,
    ),
    # ---------------------------------------------------------------- aztec
    "sample_aztec": ("", "sample_aztec(8, seed=1)", "sample_aztec(1000, seed=1)"),
    "sample_aztec (two-periodic)": (
        _TWO_PERIODIC.format(n=8) + "; W = " + _TWO_PERIODIC.format(n=400)[4:],
        "sample_aztec(8, seed=1, weights=w)",
        "sample_aztec(400, seed=1, weights=W)",
    ),
    "sample_aztec (random weights)": (
        "w = Weights.random(Region.aztec_diamond(8), 'gamma', seed=1); W = Weights.random(Region.aztec_diamond(300), 'gamma', seed=1)",
        "sample_aztec(8, seed=1, weights=w)",
        "sample_aztec(300, seed=1, weights=W)",
    ),
    # the rebuilding path (orders above about 290, the levels in sweeps): first at a large order,
    # nothing before
    "sample_aztec (random weights, first at order 1200)": (
        "W = Weights.random(Region.aztec_diamond(1200), 'gamma', seed=1)",
        "sample_aztec(1200, seed=1, weights=W)",
        None,
    ),
    "shuffle_frames": ("", "shuffle_frames(6, seed=1)", "shuffle_frames(60, seed=1)"),
    "aztec_types": ("t = sample_aztec(8, seed=1)", "aztec_types(t)", None),
    "arctic_circle": ("", "arctic_circle(8)", None),
    "aztec_partition_function (weights)": (
        _TWO_PERIODIC.format(n=6) + "; W = " + _TWO_PERIODIC.format(n=100)[4:],
        "aztec_partition_function(6, weights=w)",
        "aztec_partition_function(100, weights=W)",
    ),
    "aztec_edge_probabilities": (
        "",
        "aztec_edge_probabilities(6)",
        "aztec_edge_probabilities(300)",
    ),
    "aztec_edge_probabilities (first at order 1000)": (
        "",
        "aztec_edge_probabilities(1000)",
        None,
    ),
    "embed_in_aztec": (
        "",
        "embed_in_aztec(Region.rectangle(4, 4))",
        "embed_in_aztec(Region.rectangle(40, 40))",
    ),
    # ---------------------------------------------------------------- statistics
    "double_dimer": (
        "r = Region.rectangle(6, 6); a = min_tiling(r); b = max_tiling(r); "
        "A = sample_aztec(200, seed=1); B = sample_aztec(200, seed=2)",
        "double_dimer(a, b)",
        "double_dimer(A, B)",
    ),
    "height_field": (
        "t = find_tiling(Region.rectangle(6, 6)); T = sample_aztec(500, seed=1)",
        "height_field(t)",
        "height_field(T)",
    ),
    "fluctuation_field": (
        "ts = [sample_aztec(6, seed=s) for s in range(3)]; Ts = [sample_aztec(200, seed=s) for s in range(3)]",
        "fluctuation_field(ts)",
        "fluctuation_field(Ts)",
    ),
    "height_variance": (
        "",
        "height_variance(Region.rectangle(6, 6), (2, 2))",
        "height_variance(Region.rectangle(60, 60), (30, 30))",
    ),
    "height_moments": ("", "height_moments(Region.rectangle(6, 6), (2, 2))", None),
    "expected_height": ("", "expected_height(Region.rectangle(6, 6), (2, 2))", None),
    "aztec_boundary_fluctuations": (
        "",
        "aztec_boundary_fluctuations(6, range(2), progress=False)",
        "aztec_boundary_fluctuations(200, range(4), progress=False)",
    ),
    "tracy_widom_pdf": ("", "tracy_widom_pdf(0.0)", None),
    # ---------------------------------------------------------------- surfaces
    "count_by_flux": (
        _HOLED + "; R = Region.from_mask(__import__('numpy').ones((2, 2), bool))",
        "count_by_flux(r)",
        None,
    ),
    "count_by_seam_parity": (
        "",
        "count_by_seam_parity(Region.torus(4, 4))",
        "count_by_seam_parity(Region.torus(30, 30))",
    ),
    # ---------------------------------------------------------------- trees
    "count_spanning_trees": (
        "import networkx as nx",
        "count_spanning_trees(nx.grid_2d_graph(4, 4))",
        "count_spanning_trees(nx.grid_2d_graph(40, 40))",
    ),
    "effective_resistance": (
        "import networkx as nx; G = nx.grid_2d_graph(4, 4)",
        "effective_resistance(G, (0, 0), (3, 3))",
        None,
    ),
    "laplacian": ("import networkx as nx", "laplacian(nx.grid_2d_graph(4, 4))", None),
    "uniform_spanning_tree": (
        "import networkx as nx",
        "uniform_spanning_tree(nx.grid_2d_graph(5, 5), seed=1)",
        "uniform_spanning_tree(nx.grid_2d_graph(200, 200), seed=1)",
    ),
    "wilson_frames": (
        "import networkx as nx",
        "wilson_frames(nx.grid_2d_graph(4, 4), seed=1)",
        None,
    ),
    "temperley_graph": ("import networkx as nx", "temperley_graph(nx.grid_2d_graph(3, 3))", None),
    "tiling_to_tree": (
        "t = find_tiling(Region.from_strings(['#....'] + ['.....'] * 4))",
        "tiling_to_tree(t)",
        None,
    ),
    "tree_to_tiling": (
        "t = find_tiling(Region.from_strings(['#....'] + ['.....'] * 4)); tr = tiling_to_tree(t)",
        "tree_to_tiling(tr)",
        None,
    ),
    # ---------------------------------------------------------------- theory
    "spectral_curve": (
        "from dominotiling.theory import *",
        "spectral_curve(WeightPattern.two_periodic(2.0, 1.0))",
        None,
    ),
    "amoeba": (_PATTERN, "amoeba(P, resolution=60)", None),
    "ronkin": (_PATTERN, "ronkin(P, 0.1, 0.2)", None),
    "free_energy": ("", "free_energy()", None),
    "surface_tension": ("", "surface_tension(None, 0.1, 0.2)", None),
    "gibbs_measure": ("", "gibbs_measure()", None),
    "phase_diagram": (
        "from dominotiling.theory import *",
        "phase_diagram(lambda a: WeightPattern.two_periodic(a, 1.0), [0.5, 2.0])",
        None,
    ),
    "limit_shape": (
        "",
        "limit_shape(Region.rectangle(6, 6))",
        "limit_shape(Region.aztec_diamond(50))",
    ),
    # ---------------------------------------------------------------- parallel (serial path)
    "ensemble": ("", "ensemble(sample_aztec, range(2), n=6, progress=False)", None),
    "sweep": ("", "sweep(lambda n: n, [1, 2], progress=False)", None),
    "placement_frequencies": (
        "",
        "placement_frequencies(sample_aztec, range(2), n=6, progress=False)",
        None,
    ),
    "height_fluctuations": (
        "",
        "height_fluctuations(sample_aztec, range(2), n=6, progress=False)",
        None,
    ),
    # ---------------------------------------------------------------- pictures
    "draw_region": ("", "draw_region(Region.rectangle(6, 6))", None),
    "draw_tiling": (
        "t = find_tiling(Region.rectangle(6, 6)); T = sample_aztec(300, seed=1)",
        "draw_tiling(t)",
        "draw_tiling(T)",
    ),
    "draw_placement": (
        "p = placement_probabilities(Region.rectangle(6, 6))",
        "draw_placement(p)",
        None,
    ),
    "draw_certificate": (
        "r = Region.from_strings(['..', '..', '.#']); c = hall_violator(r)",
        "draw_certificate(r, c)",
        None,
    ),
    "draw_aztec": (
        "t = sample_aztec(8, seed=1); T = sample_aztec(300, seed=1)",
        "draw_aztec(t, circle=True)",
        "draw_aztec(T, circle=True)",
    ),
    "draw_edge_probabilities": (
        "p = aztec_edge_probabilities(6)",
        "draw_edge_probabilities(p)",
        None,
    ),
    "draw_double_dimer": (
        "r = Region.rectangle(6, 6); dd = double_dimer(min_tiling(r), max_tiling(r))",
        "draw_double_dimer(dd)",
        None,
    ),
    "draw_height_field": (
        "f = height_field(find_tiling(Region.rectangle(6, 6)))",
        "draw_height_field(f)",
        None,
    ),
    "draw_tracy_widom": (
        "f = aztec_boundary_fluctuations(6, range(2), progress=False)",
        "draw_tracy_widom(f)",
        None,
    ),
    "draw_amoeba": (_PATTERN + "; A = amoeba(P, resolution=60)", "draw_amoeba(A)", None),
    "draw_phase_diagram": (
        "from dominotiling.theory import *; D = phase_diagram(lambda a: WeightPattern.two_periodic(a, 1.0), [0.5, 2.0])",
        "draw_phase_diagram(D)",
        None,
    ),
    "draw_surface_tension": (_PATTERN, "draw_surface_tension(P, num=21)", None),
    "draw_limit_shape": ("L = limit_shape(Region.rectangle(6, 6))", "draw_limit_shape(L)", None),
    "height_mesh": ("t = find_tiling(Region.rectangle(6, 6))", "height_mesh(t)", None),
    "animate_kuhn": ("", "animate_kuhn(Region.rectangle(4, 4), seed=1)", None),
    "animate_shuffling": ("", "animate_shuffling(4, seed=1)", None),
    "animate_coloring": (
        "t = find_tiling(Region.rectangle(4, 4))",
        "animate_coloring(t, k=4)",
        None,
    ),
    "animate_wilson": (
        "import networkx as nx",
        "animate_wilson(nx.grid_2d_graph(4, 4), seed=1)",
        None,
    ),
    "animate_glauber": (
        "t = find_tiling(Region.rectangle(4, 4))",
        "animate_glauber(t, steps=20, seed=1)",
        None,
    ),
    "animate": ("fr = kuhn_frames(Region.rectangle(4, 4), seed=1)", "animate(fr)", None),
}


#: The rows of ``--quick``: the heaviest first uses.
QUICK = [
    "count_tilings (auto)",
    "random_tiling",
    "sample_aztec (two-periodic)",
    "aztec_edge_probabilities",
]


# ------------------------------------------------------------ in the child
class _Recorder:
    """numba's ``numba:compile`` events of the library's kernels: name -> [CPU s of each compile].

    A library kernel compiled while its caller compiles is counted apart (its CPU seconds are
    taken off the caller's); numba's own helpers compiled meanwhile count for the kernel that
    needed them. Registered when the first kernel module is imported (a meta-path entry
    that finds nothing), so that the call still pays numba's import as a user would.
    """

    def __init__(self):
        self.compiled = {}
        self.registered = False
        self._stack = threading.local()

    def install(self):
        """Register now if a kernel module is loaded, else when the first one is imported."""
        if any(m.startswith("dominotiling._kernels.") for m in list(sys.modules)):
            self.registered = True
            self.register()
        else:
            sys.meta_path.insert(0, self)

    def find_spec(self, name, path=None, target=None):
        # it stays on sys.meta_path (removing itself would make importlib skip the next finder)
        if name.startswith("dominotiling._kernels.") and not self.registered:
            self.registered = True
            self.register()
        return None

    def register(self):
        """Listen to numba's compile events from now on."""
        from numba.core import event

        recorder = self

        class Listener(event.Listener):
            def on_start(self, ev):
                recorder._start(ev)

            def on_end(self, ev):
                recorder._end(ev)

        event.register("numba:compile", Listener())

    def _start(self, ev):
        stack = self._stack.__dict__.setdefault("s", [])
        func = getattr(ev.data.get("dispatcher"), "py_func", None)
        module = getattr(func, "__module__", "") or ""
        name = None
        if module.startswith("dominotiling"):
            name = f"{module.rpartition('.')[2]}.{func.__qualname__}"
        stack.append([name, time.thread_time(), 0.0])

    def _end(self, ev):
        stack = self._stack.__dict__.setdefault("s", [])
        if not stack:
            return
        name, t0, inner = stack.pop()
        spent = time.thread_time() - t0
        if name is not None:  # numba's own helpers compiled meanwhile count for this kernel
            self.compiled.setdefault(name, []).append(round(spent - inner, 4))
        if stack:  # the caller's own time leaves out the library's kernels compiled inside it
            stack[-1][2] += spent if name is not None else inner


def _cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _timed(code, space, recorder):
    before = {k: len(v) for k, v in recorder.compiled.items()}
    cpu0, t0 = _cpu(), time.perf_counter()
    eval(code, space)  # noqa: S307 - the benchmark's own table
    t1, cpu1 = time.perf_counter(), _cpu()
    eval(code, space)  # noqa: S307
    t2 = time.perf_counter()
    new = {
        k: v[before.get(k, 0) :] for k, v in recorder.compiled.items() if len(v) > before.get(k, 0)
    }
    return {"first": t1 - t0, "warm": t2 - t1, "first_cpu": cpu1 - cpu0, "kernels": new}


def first_use(name):
    """Child: the first and a warm second call of ``CALLS[name]``, small then large."""
    recorder = _Recorder()
    setup, small, large = CALLS[name]
    space = {}
    exec(  # noqa: S102 - the benchmark's own table
        "import matplotlib\nmatplotlib.use('Agg')\nfrom dominotiling import *\n"
        "from dominotiling import Weights, WeightPattern\n" + setup,
        space,
    )
    recorder.install()  # after the setup: what it compiled is not the call's
    out = {"small": _timed(compile(small, f"<{name}>", "eval"), space, recorder)}
    if large is not None:
        out["large"] = _timed(compile(large, f"<{name} large>", "eval"), space, recorder)
    out["all"] = recorder.compiled
    return out


def tour_use(quick):
    """Child: the whole tour (``run_tour``) once, as the README's first command runs it."""
    recorder = _Recorder()
    recorder.install()
    cpu0, t0 = _cpu(), time.perf_counter()
    from dominotiling.tour import run_tour

    with tempfile.TemporaryDirectory(prefix="tour-") as out:
        run_tour(out, quick=quick, progress=False)
    return {
        "first": time.perf_counter() - t0,
        "first_cpu": _cpu() - cpu0,
        "kernels": recorder.compiled,
    }


# ------------------------------------------------------------ in the parent
def _measure(target, arg):
    load = OtherLoad()
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {"NUMBA_CACHE_DIR": cache, "DOMINOTILING_QUIET": "1"}
        r = run_isolated(f"benchmarks.cases_first_call:{target}", arg, env=env, timeout=1800)
    r["load"] = load.fraction()
    return r


def _kernel_list(kernels):
    items = sorted(((sum(v), k, len(v)) for k, v in kernels.items()), reverse=True)
    return (
        ", ".join(f"{k} {s:.1f} s" + (f" ({n} times)" if n > 1 else "") for s, k, n in items)
        or "none"
    )


def _first_row(label, r, load, limit=LIMIT_S):
    compile_s = max(r["first"] - r.get("warm", 0.0), 0.0)
    load = "?" if load is None else f"{load:.0%}"
    return Row(
        f"first call of {label}, empty numba cache",
        f"CPU {fmt_time(r['first_cpu'])} (wall: first {fmt_time(r['first'])} − warm "
        f"{fmt_time(r.get('warm', 0.0))} = {fmt_time(compile_s)}; compiled {len(r['kernels'])}: "
        f"{_kernel_list(r['kernels'])}; other load {load})",
        goal=f"≤ {limit:g} s CPU",
        met=r["first_cpu"] <= limit,
    )


def _warm_command(argv, env, runs=5):
    """CPU seconds of a fresh process running `argv` (after one unmeasured run that fills the cache)."""
    subprocess.run(argv, env=env, capture_output=True, check=True, timeout=900)
    cpus, walls, stderr = [], [], ""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, timeout=300)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        stderr = out.stderr
    cpus.sort()
    walls.sort()
    return {"cpu": cpus[len(cpus) // 2], "wall": walls[len(walls) // 2], "stderr": stderr}


def _warm_rows():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    rows = []
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=os.pathsep.join(path))
        env.pop("DOMINOTILING_QUIET", None)
        command = shutil.which("dominotiling")
        cli = [command] if command else [sys.executable, "-m", "dominotiling.cli"]
        for label, argv in (
            ("`dominotiling count 8x8`", cli + ["count", "8x8"]),
            (
                '`python -c "import dominotiling as d; d.count_tilings(d.Region.rectangle(8, 8))"`',
                [
                    sys.executable,
                    "-c",
                    "import dominotiling as d; d.count_tilings(d.Region.rectangle(8, 8))",
                ],
            ),
        ):
            load = OtherLoad()
            r = _warm_command(argv, env)
            lines = [ln for ln in r["stderr"].replace("\r", "\n").splitlines() if ln.strip()]
            rows.append(
                Row(
                    f"{label}, warm numba cache, whole process",
                    f"CPU {fmt_time(r['cpu'])} (wall {fmt_time(r['wall'])}, median of 5; "
                    f"{len(lines)} line(s) on stderr; other load {load.fraction() or 0:.0%})",
                    goal=f"≤ {WARM_S:g} s CPU, no progress line",
                    met=r["cpu"] <= WARM_S and not lines,
                )
            )
    return rows


def _kernel_rows(per_kernel):
    rows = []
    for name, (seconds, where, twice) in sorted(per_kernel.items(), key=lambda kv: -kv[1][0]):
        rows.append(
            Row(
                f"compile of kernel {name} (first compiled by {where})",
                f"CPU {seconds:.2f} s"
                + (f"; compiled {twice} times in one process" if twice > 1 else "")
                + ("; two computations by design" if twice > 1 and name in BY_DESIGN else "")
                + ("; a shared array loop" if twice > 1 and name.startswith(SHARED) else ""),
                goal="once per process (but the kernels tests/test_compile_once.py allows)",
                met=twice <= 1 or name in BY_DESIGN or name.startswith(SHARED),
            )
        )
    return rows


def _byte_compiled():
    """Python's own bytecode written once, as on a user's machine after the first import: the
    rows measure numba, not the compiling of the package's sources (``PYTHONDONTWRITEBYTECODE``,
    which some shells set, would make every fresh process compile them again)."""
    import compileall

    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    compileall.compile_dir(os.path.join(root, "dominotiling"), quiet=1)


def rows_for(names, tour=True, warm=True, raw=None, emit=None):
    """The table's rows for `names` (and the tour and warm start-up), one fresh process each.

    `raw` (a dict) receives each row's raw figures as they come, and `emit(row)` each row.
    """
    _byte_compiled()
    rows, per_kernel, raw = [], {}, {} if raw is None else raw

    def add(row):
        rows.append(row)
        if emit is not None:
            emit(row)

    def note(kernels, where):
        for kernel, times in kernels.items():
            seconds, first, most = per_kernel.get(kernel, (0.0, where, 0))
            per_kernel[kernel] = (max(seconds, sum(times)), first, max(most, len(times)))

    for name in names:
        try:
            r = _measure("first_use", name)
        except RuntimeError as exc:
            add(Row(f"first call of {name}, empty numba cache", f"failed: {str(exc)[-200:]}"))
            continue
        raw[name] = r
        for size in ("small", "large"):
            if size in r:
                add(_first_row(f"{name} ({size})", r[size], r["load"]))
        note(r["all"], name)
    if tour:
        r = _measure("tour_use", False)
        raw["tour"] = r
        add(_first_row("the whole tour (run_tour, README's first command)", r, r["load"], TOUR_S))
        note(r["kernels"], "tour")
    if warm:
        for row in _warm_rows():
            add(row)
    for row in _kernel_rows(per_kernel):
        add(row)
    return rows


@benchmark
def first_call(quick):
    """First calls of every public function (empty numba cache), the tour, warm start-up, per kernel."""
    return rows_for(QUICK if quick else list(CALLS), tour=not quick)


if __name__ == "__main__":  # pragma: no cover - a table of a few rows
    args = sys.argv[1:]
    keep = None
    if "--json" in args:
        i = args.index("--json")
        keep, args = args[i + 1], args[:i] + args[i + 2 :]
    raw = {}

    def emit(row):
        print(f"{row.case:<70} {row.ours}{'   OVER' if row.met is False else ''}", flush=True)
        if keep:
            with open(keep, "w") as f:
                json.dump(raw, f, indent=1)

    names = [a for a in args if a not in ("tour", "warm")] if args else list(CALLS)
    rows_for(
        names, tour=not args or "tour" in args, warm=not args or "warm" in args, raw=raw, emit=emit
    )
