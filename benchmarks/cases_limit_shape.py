"""Benchmark cases of limit shapes (``dominotiling.theory.limit_shape``).

The goals of issue 31: the Aztec diamond at 200x200 resolution in at most 5 s; a
drawn region of about 10**5 cells at 200x200 resolution in at most 10 s; the
two-periodic Aztec diamond in at most 30 s. Each answer is checked independently
before its time is recorded:

- Aztec diamond of order 100: the arctic curve is within 1 % of the diameter from
  the inscribed circle (Jockusch-Propp-Shor);
- two overlapping Aztec diamonds (a drawn mask of about 10**5 cells; too large for
  ``log_count`` in floating point): the heights at the region's boundary vertices are
  its boundary heights (``boundary_heights``) up to the mesh's resolution, and every
  slope is in the Newton polygon;
- the two-periodic Aztec diamond of order 100, and of order 300 (issue 39), (weights ``a = 1, b = 0.5``) at 200x200
  resolution, each call from a cold start (the table of the surface tension is built
  inside the timed call): the limit heights against the exact expected heights from
  the edge probabilities of urban renewal (``aztec_edge_probabilities``), within 1 %
  of the diameter, and a gas region is found.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["limit_shapes", "limit_shape_two_periodic_300"]

GOALS = {"aztec": 5.0, "drawn": 10.0, "two-periodic": 30.0, "two-periodic-300": 30.0}
#: The order of the Aztec diamond of each kind (issue 39: the two-periodic diamond of order 300).
ORDERS = {"aztec": 100, "two-periodic": 100, "two-periodic-300": 300}


def _region(kind):
    import numpy as np

    from dominotiling import Region

    if kind in ORDERS:
        return Region.aztec_diamond(ORDERS[kind])
    n, k = 190, 80  # two diamonds of order 190, 160 columns apart: ~10**5 cells
    a = Region.aztec_diamond(n).mask
    m = np.zeros((2 * n, 2 * n + 2 * k), bool)
    m[:, : 2 * n] |= a
    m[:, 2 * k : 2 * k + 2 * n] |= a
    return Region.from_mask(m)


def limit_shape_ours(kind, repeats):
    """Child: time ``limit_shape(region, resolution=200)``; check the answer independently."""
    import math

    import numpy as np

    from dominotiling import Region
    from dominotiling.theory.limit_shape import limit_shape

    region = _region(kind)
    weights = None
    if kind.startswith("two-periodic"):
        from dominotiling.theory import WeightPattern, tension_table

        weights = WeightPattern.two_periodic(1.0, 0.5)

        def call():
            tension_table._CACHE.clear()  # a cold start: the table of sigma is part of the time
            return limit_shape(region, weights=weights, resolution=200)
    else:

        def call():
            return limit_shape(region, resolution=200)

    t = measure(
        call,
        repeats,
        warmup=not kind.startswith("two-periodic"),
        prime=lambda: limit_shape(Region.aztec_diamond(8)),
    )
    import os
    import time

    load = os.getloadavg()[0]
    c0 = time.process_time()
    ls = call()
    cpu = time.process_time() - c0
    if kind.startswith("two-periodic"):
        from dominotiling.aztec.weighted import aztec_edge_probabilities
        from dominotiling.statistics.heights import expected_height_field

        n = ORDERS[kind]
        exact = expected_height_field(
            region, aztec_edge_probabilities(n, weights=np.array([[1.0, 0.5], [0.5, 1.0]]))
        )
        diff = ls.vertex_heights() - exact
        diff -= np.nanmedian(diff)
        err = float(np.nanmax(np.abs(diff))) / (2 * n)
        gas = float(ls.gaseous[ls._mesh.active].mean())
        check = (
            f"heights within {100 * err:.2f}% of the diameter of the exact expected heights, "
            f"{100 * gas:.1f}% gaseous, load {load:.1f}"
        )
        ok = err < 0.01 and gas > 0.05 and len(ls.gas_curves) == 1
    elif kind == "aztec":
        n = 100
        err = max(
            float(np.abs(np.hypot(c[:, 0] - n, c[:, 1] - n) - n / math.sqrt(2)).max())
            / (math.sqrt(2) * n)
            for c in ls.arctic_curves
        )
        check = f"curve within {100 * err:.2f}% of the diameter from the circle"
        ok = err < 0.01
    else:
        from dominotiling.matching.height import UNDEFINED, boundary_heights

        hb = boundary_heights(region)
        on = hb != UNDEFINED
        dev = float(np.nanmax(np.abs(ls.vertex_heights()[on] - hb[on])))
        slopes = np.abs(ls.slope[..., 0]) + np.abs(ls.slope[..., 1])
        worst = float(np.nanmax(slopes))
        check = (
            f"boundary heights kept within {dev:.2f} (mesh spacing {ls.delta:.2f} cells), "
            f"max |s|+|t| = {worst:.6f}"
        )
        ok = dev <= 2 * ls.delta + 1 and worst <= 2 + 1e-9
    t.extra = {
        "cells": region.n_cells,
        "check": check,
        "ok": ok,
        "newton": ls.iterations,
        "cpu": cpu,
    }
    return t


@benchmark
def limit_shapes(quick):
    """Limit shapes at 200x200 resolution: the Aztec diamond (<= 5 s), a drawn region of 1e5 cells (<= 10 s), two-periodic of orders 100 and 300 (<= 30 s)."""
    repeats = 1 if quick else 3
    out = []
    for kind, label in (
        ("aztec", "Aztec diamond n=100"),
        ("drawn", "two overlapping Aztec diamonds"),
        ("two-periodic", "two-periodic Aztec diamond n=100 (a=1, b=0.5), cold start"),
    ):
        out.append(_row(kind, label, repeats))
    return out


@benchmark
def limit_shape_two_periodic_300(quick):
    """The two-periodic Aztec diamond of order 300 at 200x200 resolution, from a cold start (<= 30 s, issue 39)."""
    label = "two-periodic Aztec diamond n=300 (a=1, b=0.5), cold start"
    return [_row("two-periodic-300", label, 1 if quick else 3)]


def _row(kind, label, repeats):
    """One row: `repeats` isolated calls of the `kind` case, its answer checked first."""
    t = Timing(**run_isolated(f"{__name__}:limit_shape_ours", kind, repeats))
    if not t.extra["ok"]:
        raise RuntimeError(f"limit shape of the {label}: {t.extra['check']}")
    goal = GOALS[kind]
    return Row(
        f"limit shape, {label} ({t.extra['cells']} cells), 200x200 mesh; "
        f"{t.extra['check']}; {t.extra['newton']} Newton steps; "
        f"CPU time of one call {t.extra['cpu']:.2f} s",
        _median(t),
        memory=_memory(t),
        goal=f"≤ {goal:g} s",
        met=t.median_s <= goal,
    )
