"""Benchmark cases of tori and cylinders (issue 18, part 1).

- The exact number of tilings of the 100x100 torus (goal: at most 10 s), by
  Kasteleyn's four twisted determinants modulo primes (``dominotiling.surfaces.periodic``),
  checked against Kasteleyn's 1961 product formula evaluated here with mpmath
  (1300 digits, a few seconds; ``--quick`` takes the 40x40 torus):
  ``Z = (P01 + P10 + P11 - P00) / 2`` with
  ``Pab = prod_{j<m, k<n} (4 sin^2(pi (2j + a) / m) + 4 sin^2(pi (2k + b) / n))**(1/4)``
  (``P00 = 0``).
- The periodic profile DP on the 10x10 torus (a trace over the 1024 seam
  profiles), against the determinants, for scale.
- One exact sample of the 40x40 torus (Kasteleyn's route: the seam edges from
  the twisted determinants, the rest by the plane Kasteleyn sampler), for scale.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["torus_100", "torus_sample"]


def torus_ours(side, method, repeats):
    """Child: time ``count_tilings(Region.torus(side, side), method=...)``."""
    from dominotiling import Region, count_tilings

    region = Region.torus(side, side)
    small = Region.torus(4, 4)
    t = measure(
        lambda: count_tilings(region, method=method),
        repeats,
        prime=lambda: count_tilings(small, method=method),
    )
    t.value = str(t.value)
    return t


def product_formula(m, n, digits):
    """Child: Kasteleyn's product formula for the m x n torus (m, n even), as a decimal string."""
    import mpmath

    mpmath.mp.dps = digits
    s2 = lambda x: 4 * mpmath.sin(x) ** 2  # noqa: E731
    rows = {a: [s2(mpmath.pi * (2 * j + a) / m) for j in range(m)] for a in (0, 1)}
    cols = {b: [s2(mpmath.pi * (2 * k + b) / n) for k in range(n)] for b in (0, 1)}
    p = {}
    for a in (0, 1):
        for b in (0, 1):
            p[(a, b)] = mpmath.root(mpmath.fprod(x + y for x in rows[a] for y in cols[b]), 4)
    z = (p[(0, 1)] + p[(1, 0)] + p[(1, 1)] - p[(0, 0)]) / 2
    return {"value": str(int(mpmath.nint(z)))}


@benchmark
def torus_100(quick):
    """Exact count of the 100x100 torus (goal: ≤ 10 s); the DP on the 10x10 torus."""
    side = 40 if quick else 100
    t = Timing(**run_isolated(f"{__name__}:torus_ours", side, "auto", 3))
    check = run_isolated(f"{__name__}:product_formula", side, side, 1300 if side == 100 else 600)
    if t.value != check["value"]:
        raise RuntimeError(
            f"the {side}x{side} torus: the library and Kasteleyn's product formula disagree"
        )
    rows = [
        Row(
            f"exact count of the {side}x{side} torus (Kasteleyn's four determinants, {len(t.value)} digits)",
            _median(t),
            memory=_memory(t),
            goal="≤ 10 s" if side == 100 else "—",
            met=t.median_s <= 10 if side == 100 else None,
        )
    ]
    dp = Timing(**run_isolated(f"{__name__}:torus_ours", 10, "transfer", 1))
    det = Timing(**run_isolated(f"{__name__}:torus_ours", 10, "kasteleyn", 3))
    if dp.value != det.value:
        raise RuntimeError("the 10x10 torus: the periodic DP and the determinants disagree")
    rows.append(
        Row(
            "exact count of the 10x10 torus, periodic profile DP (trace over 1024 seam profiles)",
            _median(dp),
            baseline=f"determinants {_median(det)}",
            memory=_memory(dp),
        )
    )
    return rows


def sample_ours(side, repeats):
    """Child: time one exact sample of the side x side torus (``random_tiling``, Kasteleyn's route)."""
    from dominotiling import Region, random_tiling

    region = Region.torus(side, side)
    seeds = iter(range(10**6))
    t = measure(
        lambda: random_tiling(region, seed=next(seeds), method="kasteleyn").is_complete,
        repeats,
        prime=lambda: random_tiling(Region.torus(4, 4), seed=0, method="kasteleyn"),
    )
    t.value = str(t.value)
    return t


@benchmark
def torus_sample(quick):
    """One exact sample of the 40x40 torus by Kasteleyn's route (no goal)."""
    side = 20 if quick else 40
    t = Timing(**run_isolated(f"{__name__}:sample_ours", side, 1 if quick else 3))
    if t.value != "True":
        raise RuntimeError(f"the {side}x{side} torus: the sample is not a complete tiling")
    return [
        Row(
            f"exact sample of the {side}x{side} torus (seam edges by the twisted determinants)",
            _median(t),
            memory=_memory(t),
        )
    ]
