"""Benchmark cases of pictures and widgets (``dominotiling.viz``).

These were wall-clock asserts in ``tests/test_pictures.py`` and
``tests/test_widgets.py``; the tests keep what they check about the pictures,
speed is measured here.

- ``draw_aztec`` of an Aztec diamond of order 300 with the arctic circle, drawn
  on the canvas (matplotlib's Agg): goal at most 5 s.
- The Aztec explorer widget at order 200: a new seed (a new sample and a new
  picture), goal at most 1.5 s. Skipped where ipywidgets is not installed.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["draw_aztec_large", "aztec_explorer_redraw", "aztec_explorer_large"]


# ------------------------------------------------------------ run in child processes
def draw_aztec_ours(n, repeats):
    """Child: time ``draw_aztec(sample, circle=True)`` plus drawing the canvas; return the image shape."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from dominotiling import sample_aztec
    from dominotiling.viz.views import draw_aztec

    tiling = sample_aztec(n, seed=1)

    def draw(t):
        ax = draw_aztec(t, circle=True)
        ax.figure.canvas.draw()
        shape = tuple(ax.images[0].get_array().shape[:2])
        plt.close(ax.figure)
        return shape

    return measure(lambda: draw(tiling), repeats, prime=lambda: draw(sample_aztec(4, seed=0)))


def explorer_redraw(n, repeats):
    """Child: the Aztec explorer at order `n`; time a change of seed (new sample, new picture)."""
    import matplotlib

    matplotlib.use("Agg")
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return {"skipped": "ipywidgets is not installed"}
    from dominotiling.viz.widgets import explore_aztec

    app = explore_aztec(n=20)
    app.n.value = n  # the first picture at this size, before the memory baseline
    seeds = iter(range(1, 10**6))

    def new_seed():
        app.seed.value = next(seeds)
        return app.tiling.n_dominoes

    return measure(new_seed, repeats)


# -------------------------------------------------------------------------- cases
@benchmark
def draw_aztec_large(quick):
    """``draw_aztec`` of order 300 with the arctic circle, drawn on an Agg canvas."""
    n = 300
    t = Timing(**run_isolated(f"{__name__}:draw_aztec_ours", n, 3 if quick else 5))
    rows, cols = (int(v) for v in t.value.strip("()").split(","))
    # one value per cell, or per block of f x f cells when cells are smaller than a pixel (viz.draw)
    f = -(-2 * n // max(rows, 1))
    if rows != cols or -(-2 * n // f) != rows:
        raise RuntimeError(f"draw_aztec order {n}: the image is {t.value}, not the diamond's cells")
    return [
        Row(
            f"draw_aztec, Aztec diamond of order {n} with the arctic circle, canvas drawn",
            _median(t),
            memory=_memory(t),
            goal="≤ 5 s",
            met=t.median_s <= 5.0,
        )
    ]


@benchmark
def aztec_explorer_redraw(quick):
    """The Aztec explorer widget at order 200: a new seed gives a new sample and a new picture."""
    n = 200
    case = f"Aztec explorer (ipywidgets) at order {n}: new seed, sample and redraw"
    r = run_isolated(f"{__name__}:explorer_redraw", n, 3 if quick else 5)
    if "skipped" in r:
        return [Row(case, f"skipped ({r['skipped']})")]
    t = Timing(**r)
    if t.value != repr(n * (n + 1)):
        raise RuntimeError(f"{case}: {t.value} dominoes, not {n * (n + 1)}")
    return [Row(case, _median(t), memory=_memory(t), goal="≤ 1.5 s", met=t.median_s <= 1.5)]


def explorer_picture(n, what, repeats):
    """Child: the Aztec explorer at order `n`, two-periodic weights, curves on.

    ``what="redraw"`` times ``app.redraw()`` (the picture only: cells to pixels, the
    predicted curves, PNG); ``"seed"`` a change of seed (a new sample and its picture).
    The CPU time of the timed calls rides along in ``extra``.
    """
    import os
    import time

    import matplotlib

    matplotlib.use("Agg")
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return {"skipped": "ipywidgets is not installed"}
    from dominotiling.viz.widgets import explore_aztec

    app = explore_aztec(n=20, weights="two-periodic", b=0.5)
    app.n.value = n  # the first sample and picture at this size, before the memory baseline
    seeds = iter(range(1, 10**6))
    cpu = []

    def call():
        c0 = time.process_time()
        if what == "redraw":
            app.redraw()
        else:
            app.seed.value = next(seeds)
        cpu.append(time.process_time() - c0)
        return app.tiling.n_dominoes

    t = measure(call, repeats)
    t.extra = {"cpu": sorted(cpu)[len(cpu) // 2], "load": os.getloadavg()[0]}
    return t


@benchmark
def aztec_explorer_large(quick):
    """The Aztec explorer at orders 1,000 and 2,000 (issue 39): the redraw (<= 0.5 s at 1,000) and a new sample."""
    rows = []
    for n, what, goal in ((1000, "redraw", 0.5), (1000, "seed", None), (2000, "seed", None)):
        kind = "redraw of the picture" if what == "redraw" else "new seed: sample and picture"
        case = f"Aztec explorer at order {n}, two-periodic (1, 0.5) with its curves: {kind}"
        r = run_isolated(f"{__name__}:explorer_picture", n, what, 3 if quick else 5)
        if "skipped" in r:
            rows.append(Row(case, f"skipped ({r['skipped']})"))
            continue
        t = Timing(**r)
        if t.value != repr(n * (n + 1)):
            raise RuntimeError(f"{case}: {t.value} dominoes, not {n * (n + 1)}")
        extra = t.extra or {}
        case += (
            f"; CPU {extra.get('cpu', float('nan')):.2f} s a call, load {extra.get('load', 0):.1f}"
        )
        met = {} if goal is None else {"goal": f"≤ {goal:g} s", "met": t.median_s <= goal}
        rows.append(Row(case, _median(t), memory=_memory(t), **met))
    return rows
