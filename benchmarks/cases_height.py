"""Benchmark cases of Thurston's height functions (``dominotiling.matching.height``).

Tileability by Thurston's algorithm on regions of about 1000x1000 cells (goal: at
most 2 s), and the time to build the minimal tiling. Each region's answer is
known independently and checked:

- the Aztec diamond of order 500 (a 1000x1000 mask) is tileable;
- a 1000x1000 square with 2x1 notches cut from its four sides is tileable (each
  notch is a domino of the all-vertical tiling, whose other dominoes tile the rest);
- the same square without two opposite corners (the mutilated chessboard) is not:
  it has two more white cells than black ones.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["thurston_1000"]

GOAL_S = 2.0


def _region(kind, n):
    """The benchmark region `kind` of side about `n`, and whether it is tileable."""
    import numpy as np

    from dominotiling import Region

    if kind == "aztec":
        return Region.aztec_diamond(n // 2), True
    mask = np.ones((n, n), dtype=bool)
    if kind == "notched":
        # notches: vertical 2x1 bites (rows 2k..2k+1 or the top/bottom two rows),
        # every 20th place on each side; all are dominoes of the all-vertical tiling
        for c in range(2, n - 2, 20):
            mask[0:2, c] = mask[n - 2 : n, c] = False
            mask[c : c + 2, 0] = mask[c : c + 2, n - 1] = False
        return Region(mask), True
    if kind == "mutilated":
        mask[0, 0] = mask[-1, -1] = False
        return Region(mask), False
    raise ValueError(kind)


def thurston_ours(kind, n, what, repeats):
    """Child: time ``is_tileable_thurston`` (what="tileable") or ``min_tiling`` (what="min")."""
    from dominotiling import Region
    from dominotiling.matching.height import is_tileable_thurston, min_tiling

    region, expected = _region(kind, n)

    if what == "tileable":
        fn = lambda: is_tileable_thurston(region)  # noqa: E731
    else:
        fn = lambda: min_tiling(region) is not None  # noqa: E731
    t = measure(fn, repeats, prime=lambda: min_tiling(Region.rectangle(4, 4)))
    t.extra = {"expected": repr(expected), "cells": region.n_cells}
    return t


@benchmark
def thurston_1000(quick):
    """Thurston tileability of ~1000x1000 regions (goal <= 2 s) and the min tiling's build time."""
    repeats = 3 if quick else 5
    out = []
    for kind, label in (
        ("aztec", "Aztec diamond n=500"),
        ("notched", "notched 1000x1000 square"),
        ("mutilated", "mutilated 1000x1000 square"),
    ):
        for what in ("tileable", "min"):
            if what == "min" and kind == "mutilated":
                continue
            t = Timing(**run_isolated(f"{__name__}:thurston_ours", kind, 1000, what, repeats))
            if t.value != t.extra["expected"]:
                raise RuntimeError(
                    f"Thurston on the {label}: the library says {t.value}, "
                    f"the expected answer is {t.extra['expected']}"
                )
            if what == "tileable":
                out.append(
                    Row(
                        f"Thurston tileability, {label} ({t.extra['cells']} cells)",
                        _median(t),
                        memory=_memory(t),
                        goal=f"≤ {GOAL_S:g} s",
                        met=t.median_s <= GOAL_S,
                    )
                )
            else:
                out.append(
                    Row(
                        f"Thurston min tiling, {label}",
                        _median(t),
                        memory=_memory(t),
                        goal="reported",
                    )
                )
    return out
