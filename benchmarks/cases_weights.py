"""Benchmark cases of the weighted dimer model (issue 14).

- One exact sample (``sample_kasteleyn``) of a 100x100 square with 50 random
  single-cell holes, 25 black and 25 white, kept when tileable (goal: at most
  1 s), and of a 200x200 square with 1 % such holes (goal: at most 5 s); memory
  goal at most 500 MB for both. Since issue 26 side by side with the sampler
  before it (its code extracted from git), with and without the cached
  condition test.
- The exact weighted partition function of the 60x60 square with independent
  random integer weights in [1, 9] (goal: at most 2 s), checked by its residue
  modulo a prime against python-flint's dense determinant of the weighted
  Kasteleyn matrix built here from the weights (signs +1 horizontal,
  ``(-1)**col`` vertical).
- The symbolic generating polynomial by orientation of the 12x12 square
  (goal: at most 5 s), checked against Kasteleyn's product formula at
  ``x = 2, y = 3`` (mpmath, 60 digits) and its coefficient sum against the count.
"""

from __future__ import annotations

import subprocess

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["sample_holes", "weighted_count_60", "symbolic_12"]

_MB = 10**6


def _holey_square(side, holes, seed):
    """A side x side square less `holes` random cells (half black, half white), tileable."""
    import numpy as np

    from dominotiling import Region, is_tileable

    rng = np.random.default_rng(seed)
    rows, cols = np.indices((side, side))
    black = np.flatnonzero((rows + cols) % 2 == 0)
    white = np.flatnonzero((rows + cols) % 2 == 1)
    while True:
        mask = np.ones(side * side, dtype=bool)
        mask[rng.choice(black, holes // 2, replace=False)] = False
        mask[rng.choice(white, holes // 2, replace=False)] = False
        region = Region.from_mask(mask.reshape(side, side))
        if is_tileable(region):
            return region


#: The commit before issue 26: its sample_kasteleyn is the baseline ("today's" sampler).
BEFORE_ISSUE_26 = "e1a14ef"


def _before_issue_26():
    """Import ``dominotiling`` of :data:`BEFORE_ISSUE_26` (extracted by git archive) in place of this one."""
    import io
    import os
    import sys
    import tarfile
    import tempfile

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    where = os.path.join(tempfile.gettempdir(), f"dominotiling-{BEFORE_ISSUE_26}")
    if not os.path.isdir(os.path.join(where, "dominotiling")):
        tar = subprocess.run(
            ["git", "-C", root, "archive", BEFORE_ISSUE_26, "dominotiling"],
            capture_output=True,
            check=True,
        ).stdout
        tarfile.open(fileobj=io.BytesIO(tar)).extractall(where)
    for name in [m for m in sys.modules if m == "dominotiling" or m.startswith("dominotiling.")]:
        del sys.modules[name]
    sys.path.insert(0, where)


def sample_ours(side, holes, repeats, version="now"):
    """Child: time one exact sample of a side x side square with `holes` single-cell holes.

    `version`: ``"now"`` (the condition test run once per region and cached, as in a
    batch), ``"first"`` (the cache cleared before each call: the test every time),
    ``"before"`` (the sampler of :data:`BEFORE_ISSUE_26`).
    """
    if version == "before":
        _before_issue_26()
    from dominotiling import Region

    if version == "before":  # the flat layout of that commit
        from dominotiling import kasteleyn_sampler as ks
    else:
        from dominotiling.sampling import kasteleyn as ks

    region = _holey_square(side, holes, 1)
    seeds = iter(range(10**6))

    def run():
        if version == "first":
            ks._CERTIFIED.clear()
        return ks.sample_kasteleyn(region, seed=next(seeds)).is_complete

    t = measure(
        run,
        repeats,
        prime=lambda: ks.sample_kasteleyn(
            Region.from_strings(["....", ".#..", "...#", "...."]), seed=0
        ),
    )
    t.extra = {"cells": region.n_cells, "version": version, "module": ks.__file__}
    return t


def weighted_count_ours(side, repeats):
    """Child: time the exact partition function of random integer weights in [1, 9]."""
    from dominotiling import Region, Weights, count_tilings

    region = Region.rectangle(side, side)
    weights = Weights.random(region, "integers", seed=1, a=1, b=9)
    small = Region.rectangle(4, 4)
    t = measure(
        lambda: count_tilings(region, weights=weights),
        repeats,
        prime=lambda: count_tilings(
            small, weights=Weights.random(small, "integers", seed=1, a=1, b=9)
        ),
    )
    return t


def weighted_count_check(side, prime):
    """Child: the same partition function mod `prime`, by a dense determinant of the weighted Kasteleyn matrix."""
    import numpy as np

    from dominotiling import Region, Weights

    region = Region.rectangle(side, side)
    w = Weights.random(region, "integers", seed=1, a=1, b=9)
    h, v = np.asarray(w.horizontal, dtype=object), np.asarray(w.vertical, dtype=object)
    cells = [(r, c) for r in range(side) for c in range(side)]
    black = {cell: i for i, cell in enumerate(x for x in cells if sum(x) % 2 == 0)}
    white = {cell: j for j, cell in enumerate(x for x in cells if sum(x) % 2 == 1)}
    # Kasteleyn's signs for the square: +w on horizontal edges, (-1)**col * w on vertical ones.
    entries = {}
    for (r, c), i in black.items():
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            j = white.get((r + dr, c + dc))
            if j is None:
                continue
            if dr == 0:
                weight, sign = int(h[r, min(c, c + dc)]), 1
            else:
                weight, sign = int(v[min(r, r + dr), c]), (-1) ** c
            entries[(i, j)] = sign * weight % prime
    from flint import nmod_mat

    n = len(black)
    m = nmod_mat(n, n, prime)
    for (i, j), x in entries.items():
        m[i, j] = x
    return {"det_mod_p": int(m.det())}


def symbolic_ours(side, repeats):
    """Child: time ``symbolic_count`` of the side x side square with orientation weights x, y."""
    import sympy

    from dominotiling import Region, Weights
    from dominotiling.counting.symbolic import symbolic_count

    x, y = sympy.symbols("x y")
    region = Region.rectangle(side, side)
    small = Region.rectangle(2, 2)
    t = measure(
        lambda: symbolic_count(region, Weights.by_orientation(region, x, y)),
        repeats,
        prime=lambda: symbolic_count(small, Weights.by_orientation(small, x, y)),
    )
    poly = sympy.Poly(sympy.sympify(t.value), x, y)
    t.extra = {
        "at_2_3": str(poly.eval({x: 2, y: 3})),
        "coefficient_sum": str(sum(poly.coeffs())),
        "terms": len(poly.coeffs()),
    }
    t.value = t.value[:200]
    return t


def _product_formula(m, n, a, b):
    """Kasteleyn's product for the m x n rectangle (m, n even), horizontal weight a, vertical b."""
    import mpmath

    mpmath.mp.dps = 60
    return int(
        mpmath.nint(
            mpmath.fprod(
                4 * a**2 * mpmath.cos(mpmath.pi * k / (n + 1)) ** 2
                + 4 * b**2 * mpmath.cos(mpmath.pi * j / (m + 1)) ** 2
                for j in range(1, m // 2 + 1)
                for k in range(1, n // 2 + 1)
            )
        )
    )


def _isolated(target, *args, timeout):
    """``run_isolated`` that turns a child past `timeout` seconds into None."""
    try:
        return Timing(**run_isolated(target, *args, timeout=timeout))
    except subprocess.TimeoutExpired:
        return None


@benchmark
def sample_holes(quick):
    """Exact samples of squares with single-cell holes (goals: 100x100 ≤ 1 s, 200x200 ≤ 5 s, ≤ 500 MB).

    Three versions side by side, in one run: with the condition test of issue 26
    once per region (a batch), with it at every call (a first sample), and the
    sampler before issue 26 (the baseline column).
    """
    out = []
    for side, holes, goal in ((100, 50, 1.0),) + (() if quick else ((200, 400, 5.0),)):
        base = f"{side}x{side} square with {holes} single-cell holes"
        before = _isolated(f"{__name__}:sample_ours", side, holes, 3, "before", timeout=300)
        for version, label in (
            ("first", "first sample: condition test + draw"),
            ("now", "further samples: condition test cached"),
        ):
            what = f"exact sample (sample_kasteleyn), {base}, {label}"
            t = _isolated(f"{__name__}:sample_ours", side, holes, 3, version, timeout=300)
            if t is None:
                out.append(
                    Row(what, "did not finish in 300 s", goal=f"≤ {goal:g} s, ≤ 500 MB", met=False)
                )
                continue
            if t.value != "True" or (before is not None and before.value != "True"):
                raise RuntimeError(f"{what}: the sample is not a complete tiling")
            ok = t.median_s <= goal and t.rss_growth <= 500 * _MB
            baseline = _median(before) + f" (before issue 26, {BEFORE_ISSUE_26})" if before else "—"
            ratio = f"{t.median_s / before.median_s:.2f}x the time" if before else "—"
            out.append(
                Row(
                    what,
                    _median(t),
                    baseline,
                    ratio,
                    memory=_memory(t),
                    goal=f"≤ {goal:g} s, ≤ 500 MB",
                    met=ok,
                )
            )
    return out


@benchmark
def weighted_count_60(quick):
    """Exact partition function of the 60x60 square, random integer weights in [1, 9] (goal: ≤ 2 s)."""
    side = 30 if quick else 60
    t = Timing(**run_isolated(f"{__name__}:weighted_count_ours", side, 1 if quick else 3))
    prime = 2**31 - 1
    check = run_isolated(f"{__name__}:weighted_count_check", side, prime)
    if (
        int(t.value) % prime != check["det_mod_p"] % prime
        and int(t.value) % prime != -check["det_mod_p"] % prime
    ):
        raise RuntimeError(
            f"{side}x{side} weighted count disagrees with the dense determinant mod {prime}"
        )
    return [
        Row(
            f"weighted exact partition function {side}x{side}, integer weights in [1, 9] "
            f"({len(t.value)} digits)",
            _median(t),
            memory=_memory(t),
            goal="≤ 2 s" if side == 60 else "—",
            met=t.median_s <= 2 if side == 60 else None,
        )
    ]


@benchmark
def symbolic_12(quick):
    """Generating polynomial by orientation of the 12x12 square (goal: ≤ 5 s)."""
    from dominotiling.counting.closed_forms import rectangle_count

    side = 8 if quick else 12
    t = Timing(**run_isolated(f"{__name__}:symbolic_ours", side, 3))
    if int(t.extra["coefficient_sum"]) != rectangle_count(side, side):
        raise RuntimeError(f"{side}x{side}: the coefficients do not sum to the number of tilings")
    if int(t.extra["at_2_3"]) != _product_formula(side, side, 2, 3):
        raise RuntimeError(f"{side}x{side}: Z(2, 3) disagrees with Kasteleyn's product formula")
    return [
        Row(
            f"generating polynomial by orientation {side}x{side} (symbolic_count, {t.extra['terms']} terms)",
            _median(t),
            memory=_memory(t),
            goal="≤ 5 s" if side == 12 else "—",
            met=t.median_s <= 5 if side == 12 else None,
        )
    ]
