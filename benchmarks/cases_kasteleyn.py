"""Benchmark cases of the Kasteleyn determinant (``dominotiling.counting.kasteleyn``).

- Exact counts of the LxL square against python-flint's ``fmpz_mat.det`` on the
  same Kasteleyn matrix, given to flint as a dense integer matrix (flint has no
  banded determinant), L = 40, 50, 60. Goal: at least 40x faster at L = 50.
- The exact 100x100 count (goal: at most 5 s) and ``log_count`` of the 1000x1000
  square (goal: at most 30 s), each checked against the product formula.
"""

from __future__ import annotations

import math

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["versus_flint", "exact_100", "log_count_1000"]


def kasteleyn_ours(side, repeats):
    """Child: time ``count_tilings(method="kasteleyn")`` on a side x side square."""
    from dominotiling import Region, count_tilings

    region = Region.rectangle(side, side)
    t = measure(
        lambda: count_tilings(region, method="kasteleyn"),
        repeats,
        prime=lambda: count_tilings(Region.rectangle(4, 4), method="kasteleyn"),
    )
    return t


def flint_det(side):
    """Child: time python-flint's exact determinant of the same (dense) Kasteleyn matrix."""
    import flint

    from dominotiling import Region, kasteleyn_matrix

    dense = kasteleyn_matrix(Region.rectangle(side, side)).toarray().astype(int).tolist()

    def run():
        return abs(int(flint.fmpz_mat(dense).det()))

    t = measure(run, 1, warmup=False)
    t.extra = {"flint": flint.__version__}
    return t


def log_count_ours(side, repeats):
    """Child: time ``log_count`` of a side x side square."""
    from dominotiling import Region, log_count

    region = Region.rectangle(side, side)
    t = measure(lambda: log_count(region), repeats, prime=lambda: log_count(Region.rectangle(4, 4)))
    return t


def _product_formula_log(m, n):
    """log of the Kasteleyn-Temperley-Fisher product, in floats (for the log_count check)."""
    total = 0.0
    for j in range(1, (m + 1) // 2 + 1):
        a = 4 * math.cos(math.pi * j / (m + 1)) ** 2
        for k in range(1, (n + 1) // 2 + 1):
            total += math.log(a + 4 * math.cos(math.pi * k / (n + 1)) ** 2)
    return total


@benchmark
def versus_flint(quick):
    """Exact LxL counts, ours vs python-flint's fmpz_mat.det on the dense matrix."""
    try:
        import flint  # noqa: F401
    except ImportError:
        return [
            Row(
                "exact LxL count vs python-flint",
                "—",
                "python-flint not installed (pip install -e '.[bench]')",
            )
        ]
    from dominotiling.counting.closed_forms import rectangle_count

    out = []
    for side in (40,) if quick else (40, 50, 60):
        ours = Timing(**run_isolated(f"{__name__}:kasteleyn_ours", side, 3))
        theirs = Timing(**run_isolated(f"{__name__}:flint_det", side))
        want = repr(rectangle_count(side, side))
        for who, t in (("dominotiling", ours), ("python-flint", theirs)):
            if t.value != want:
                raise RuntimeError(
                    f"{side}x{side}: {who} says {t.value[:40]}..., not the product formula"
                )
        ratio = theirs.median_s / ours.median_s
        goal = 40 if side == 50 else None
        out.append(
            Row(
                f"exact count {side}x{side}: banded det vs flint {theirs.extra['flint']} dense det",
                _median(ours),
                _median(theirs),
                f"{ratio:.0f}x",
                _memory(ours),
                f"≥ {goal}x faster" if goal else "—",
                ratio >= goal if goal else None,
            )
        )
    return out


@benchmark
def exact_100(quick):
    """Exact count of the 100x100 square (goal: at most 5 s)."""
    from dominotiling.counting.closed_forms import rectangle_count

    side = 60 if quick else 100
    t = Timing(**run_isolated(f"{__name__}:kasteleyn_ours", side, 1 if quick else 3))
    if t.value != repr(rectangle_count(side, side)):
        raise RuntimeError(f"exact {side}x{side}: the library disagrees with the product formula")
    return [
        Row(
            f"exact count {side}x{side} (Kasteleyn)",
            _median(t),
            memory=_memory(t),
            goal="≤ 5 s" if side == 100 else "—",
            met=t.median_s <= 5 if side == 100 else None,
        )
    ]


@benchmark
def log_count_1000(quick):
    """log_count of the 1000x1000 square (goal: at most 30 s)."""
    side = 300 if quick else 1000
    t = Timing(**run_isolated(f"{__name__}:log_count_ours", side, 1))
    want = _product_formula_log(side, side)
    got = float(t.value)
    if abs(got - want) > 1e-6 * abs(want):
        raise RuntimeError(f"log_count {side}x{side}: {got} but the product formula gives {want}")
    return [
        Row(
            f"log_count {side}x{side} (sparse LU; relative error {abs(got - want) / want:.1e})",
            _median(t),
            memory=_memory(t),
            goal="≤ 30 s" if side == 1000 else "—",
            met=t.median_s <= 30 if side == 1000 else None,
        )
    ]
