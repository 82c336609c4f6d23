"""Benchmark cases of nested dissection (issue 41, ``dominotiling.counting.nested_dissection``).

In one run, each case in a fresh process, CPU seconds (``time.process_time``, all
threads) beside wall seconds:

- exact counts of the n x n square by nested dissection, n = 60 to 200, each checked
  against the Kasteleyn-Temperley-Fisher product (its exact resultant,
  ``closed_forms.rectangle_count``); the exponent fitted to the CPU seconds (goal:
  at most 5.1; 200 x 200 at most 30 s);
- the banded route on the same squares up to n = 100, and python-flint's
  ``nmod_mat.det`` of the same (dense) matrix modulo one prime, times the number of
  primes the count needs (flint has no sparse determinant);
- the 300 x 300 square with 1 % random single-cell holes (as many black as white
  cells removed), checked modulo two primes against the banded elimination (goal: at
  most 3 min);
- ``log_count`` of the Aztec diamond of order 200 taken as a region (the float routes
  refuse it; the exact count answers), against ``n (n + 1) / 2 * log 2``;
- ``log_count`` of the 2000 x 2000 square (beyond SuperLU's budget: the nested-dissection
  LU in floats, two certified routes), against the product formula (goal: at most 60 s
  and 3 GiB);
- ``log_count`` of an octagon of side 256 (frozen corners), against the logarithm of the
  exact count by nested dissection, itself checked modulo two primes by the band;
- ``sample_kasteleyn`` of the 300 x 300 square with 1 % random single-cell holes: the
  first sample (the condition test and a draw) and a further one (the test cached), in
  CPU seconds (goal: at most 10 s and 5 s), by ``elimination="auto"`` (the nested
  dissection at this width);
- ``sample_kasteleyn`` of squares (no holes) and of a 200 x 200 square with 1 % holes that
  passes the condition test, first / further sample, by the band and by nested dissection
  (each in a fresh process), and of the Aztec diamond of order 100 taken as a region.
"""

from __future__ import annotations

import math
import re
import time

from .cases import Row, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = [
    "nested_squares",
    "nested_holed_300",
    "nested_aztec_log",
    "nested_log_count_2000",
    "nested_octagon_log",
    "nested_sample_300",
    "nested_sample_routes",
]


def _timed(fn):
    """``measure(fn, 1, warmup=False)`` with the CPU seconds of the call in ``extra``."""
    box = {}

    from dominotiling._exact import as_count

    def run():
        c0 = time.process_time()
        out = fn()
        box["cpu_s"] = time.process_time() - c0
        return as_count(out)  # its repr has every digit (int's refuses beyond 4300)

    t = measure(run, 1, warmup=False)
    t.extra = dict(box)
    return t


def _prime_small():
    from dominotiling import Region
    from dominotiling.counting.kasteleyn import count_kasteleyn

    for how in ("band", "dissection"):
        count_kasteleyn(Region.rectangle(24, 24), elimination=how)


def square_count(side, elimination):
    """Child: one exact count of the side x side square by `elimination`."""
    from dominotiling import Region
    from dominotiling.counting.kasteleyn import count_kasteleyn

    _prime_small()
    region = Region.rectangle(side, side)
    return _timed(lambda: count_kasteleyn(region, elimination=elimination))


def flint_per_prime(side):
    """Child: python-flint's dense ``nmod_mat.det`` of the square's Kasteleyn matrix mod one prime."""
    import flint

    from dominotiling import Region, kasteleyn_matrix

    dense = kasteleyn_matrix(Region.rectangle(side, side)).toarray().astype(int)
    p = 67108859
    rows = (dense % p).tolist()
    t = _timed(lambda: int(flint.nmod_mat(rows, p).det()))
    t.extra["flint"] = flint.__version__
    return t


def holed_count(side, seed):
    """Child: the side x side square with 1 % single-cell holes, by nested dissection."""
    import numpy as np

    from dominotiling.counting.determinants import det_mod_primes
    from dominotiling.counting.kasteleyn import count_kasteleyn, mask_matrix

    region = holed_square(side, seed)
    _prime_small()
    got = []
    t = _timed(lambda: got.append(count_kasteleyn(region, elimination="dissection")) or got[0])
    count = got[0]
    primes = np.array([67108837, 67108819])
    band = det_mod_primes(mask_matrix(region.mask, "real"), primes)
    ok = all(count % p in (int(b), (-int(b)) % p) for b, p in zip(band.tolist(), primes.tolist()))
    t.extra.update(check_ok=bool(ok), bits=count.bit_length(), cells=region.n_cells)
    t.value = ""
    return t


def holed_square(side, seed):
    """The side x side square less 1 % of its cells, as many black as white, at random."""
    import numpy as np

    from dominotiling import Region

    rng = np.random.default_rng(seed)
    mask = np.ones((side, side), dtype=bool)
    r, c = np.indices(mask.shape)
    holes = side * side // 100 // 2
    for colour in (0, 1):
        cells = np.flatnonzero(((r + c) % 2 == colour).ravel())
        mask.ravel()[rng.choice(cells, holes, replace=False)] = False
    return Region.from_mask(mask)


def aztec_log(order):
    """Child: ``log_count`` of the Aztec diamond of `order` taken as a region."""
    import warnings

    from dominotiling import Region, log_count

    _prime_small()
    region = Region.from_mask(Region.aztec_diamond(order).mask)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        t = _timed(lambda: log_count(region))
    t.extra["warned"] = [str(w.message)[:60] for w in seen]
    return t


def _cpu(t):
    return f"{t.extra['cpu_s']:.2f} s CPU, {t.median_s:.2f} s wall"


@benchmark
def nested_squares(quick):
    """Exact n x n counts by nested dissection, the band and python-flint; the fitted exponent."""
    from dominotiling._exact import decimal_string
    from dominotiling.counting.closed_forms import rectangle_count

    sides = (60, 100) if quick else (60, 80, 100, 140, 200)
    out, cpu = [], {}
    for side in sides:
        want = decimal_string(rectangle_count(side, side))  # repr refuses 4300+ digits
        ours = Timing(**run_isolated(f"{__name__}:square_count", side, "dissection", timeout=1800))
        if ours.value != want:
            raise RuntimeError(
                f"{side}x{side}: nested dissection disagrees with the product formula"
            )
        cpu[side] = ours.extra["cpu_s"]
        band = flint = None
        if side <= 100:
            band = Timing(**run_isolated(f"{__name__}:square_count", side, "band", timeout=1800))
            if band.value != want:
                raise RuntimeError(f"{side}x{side}: the band disagrees with the product formula")
        if side <= 60:
            flint = Timing(**run_isolated(f"{__name__}:flint_per_prime", side))
        primes = math.ceil(side * side / 2 / 25.9)
        baseline = []
        if band is not None:
            baseline.append(f"band {_cpu(band)}")
        if flint is not None:
            baseline.append(
                f"flint {flint.extra['flint']} nmod_mat.det {flint.extra['cpu_s']:.2f} s CPU per "
                f"prime x {primes} primes = {flint.extra['cpu_s'] * primes:.0f} s"
            )
        ratio = f"{band.extra['cpu_s'] / cpu[side]:.1f}x vs band" if band is not None else "—"
        goal = "≤ 30 s CPU" if side == 200 else "—"
        out.append(
            Row(
                f"exact count {side}x{side}, nested dissection",
                _cpu(ours),
                "; ".join(baseline) or "—",
                ratio,
                _memory(ours),
                goal,
                cpu[side] <= 30 if side == 200 else None,
            )
        )
    xs = [math.log(s) for s in cpu]
    ys = [math.log(v) for v in cpu.values()]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    out.append(
        Row(
            f"fitted exponent of the CPU seconds, n = {min(cpu)}..{max(cpu)}",
            f"{slope:.2f}",
            goal="≤ 5.1",
            met=slope <= 5.1,
        )
    )
    return out


@benchmark
def nested_holed_300(quick):
    """The 300 x 300 square with 1 % random single-cell holes, exactly."""
    side = 120 if quick else 300
    t = Timing(**run_isolated(f"{__name__}:holed_count", side, 41, timeout=3600))
    if not t.extra["check_ok"]:
        raise RuntimeError("the holed square's count disagrees with the band modulo two primes")
    return [
        Row(
            f"exact count {side}x{side} less 1 % single cells ({t.extra['bits']} bits), "
            "checked mod 2 primes by the band",
            _cpu(t),
            memory=_memory(t),
            goal="≤ 3 min CPU" if side == 300 else "—",
            met=t.extra["cpu_s"] <= 180 if side == 300 else None,
        )
    ]


@benchmark
def nested_aztec_log(quick):
    """log_count of the Aztec diamond of order 200 as a region: from the exact count."""
    order = 100 if quick else 200
    t = Timing(**run_isolated(f"{__name__}:aztec_log", order, timeout=3600))
    want = order * (order + 1) / 2 * math.log(2)
    err = abs(float(t.value) - want) / want
    return [
        Row(
            f"log_count, Aztec diamond of order {order} as a region (relative error {err:.1e}; "
            f"{'warned: exact fallback' if t.extra['warned'] else 'no warning'})",
            _cpu(t),
            memory=_memory(t),
            goal="answered, ≤ 1e-12 relative",
            met=err <= 1e-12,
        )
    ]


def log_count_square(side):
    """Child: ``log_count`` of the side x side square."""
    from dominotiling import Region, log_count

    log_count(Region.rectangle(24, 24))
    region = Region.rectangle(side, side)
    return _timed(lambda: log_count(region))


@benchmark
def nested_log_count_2000(quick):
    """log_count of the 2000 x 2000 square, by the nested-dissection LU in floats."""
    from .cases_kasteleyn import _product_formula_log

    side = 600 if quick else 2000
    t = Timing(**run_isolated(f"{__name__}:log_count_square", side, timeout=3600))
    want = _product_formula_log(side, side)
    err = abs(float(t.value) - want) / want
    return [
        Row(
            f"log_count {side}x{side} (nested-dissection LU, two routes; relative error {err:.1e})",
            _cpu(t),
            memory=_memory(t),
            goal="≤ 60 s, ≤ 3 GiB" if side == 2000 else "—",
            met=(t.extra["cpu_s"] <= 60 and t.rss_growth <= 3 * 2**30) if side == 2000 else None,
        )
    ]


def octagon(side):
    """The side x side square less its four corner triangles (legs side / (2 + sqrt 2))."""
    import numpy as np

    from dominotiling import Region

    k = round(side / (2 + math.sqrt(2)))
    r, c = np.indices((side, side))
    mask = np.ones((side, side), dtype=bool)
    for rr, cc in ((r, c), (r, side - 1 - c), (side - 1 - r, c), (side - 1 - r, side - 1 - c)):
        mask &= rr + cc >= k
    return Region.from_mask(mask)


def octagon_log(side):
    """Child: ``log_count`` of the octagon of `side`, and its exact count's logarithm (checked by the band)."""
    import warnings

    import numpy as np

    from dominotiling import log_count
    from dominotiling.counting.determinants import det_mod_primes
    from dominotiling.counting.kasteleyn import count_kasteleyn, mask_matrix

    _prime_small()
    region = octagon(side)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        t = _timed(lambda: log_count(region))
    c0 = time.process_time()
    count = count_kasteleyn(region, elimination="dissection")
    exact_cpu = time.process_time() - c0
    primes = np.array([67108837, 67108819])
    band = det_mod_primes(mask_matrix(region.mask, "real"), primes)
    ok = all(count % p in (int(b), (-int(b)) % p) for b, p in zip(band.tolist(), primes.tolist()))
    t.extra.update(
        warned=[str(w.message)[:60] for w in seen],
        exact_log=math.log(count),  # exact for ints of any size
        exact_cpu_s=exact_cpu,
        check_ok=bool(ok),
        cells=region.n_cells,
        bits=count.bit_length(),
    )
    return t


@benchmark
def nested_octagon_log(quick):
    """log_count of an octagon of side 256 against its exact count (nested dissection, checked by the band)."""
    side = 128 if quick else 256
    t = Timing(**run_isolated(f"{__name__}:octagon_log", side, timeout=3600))
    if not t.extra["check_ok"]:
        raise RuntimeError("the octagon's exact count disagrees with the band modulo two primes")
    want = t.extra["exact_log"]
    err = abs(float(t.value) - want) / want
    how = "warned: exact fallback" if t.extra["warned"] else "certified in floats"
    return [
        Row(
            f"log_count, octagon of side {side} ({t.extra['cells']} cells; relative error "
            f"{err:.1e} against the exact count's log, {t.extra['bits']} bits; {how})",
            _cpu(t),
            f"exact count by nested dissection {t.extra['exact_cpu_s']:.2f} s CPU, checked mod "
            "2 primes by the band",
            memory=_memory(t),
            goal="answered, ≤ 1e-12 relative",
            met=err <= 1e-12,
        )
    ]


def sample_holed(side, seed, elimination="auto", holes=True, aztec=False):
    """Child: ``sample_kasteleyn`` of the holed square: a first sample, then a further one.

    The first clears the sampler's record of certified regions (the condition test runs:
    two backward passes, then the draw); the further one finds the region certified (one
    backward pass and the draw). CPU seconds of each in ``extra``; a refusal is reported.
    """
    from dominotiling import Region, is_tileable
    from dominotiling.errors import PrecisionError
    from dominotiling.sampling import kasteleyn as ks

    ks.sample_kasteleyn(Region.from_strings(["....", ".#..", "...#", "...."]), seed=0)
    while holes and not aztec:  # the first tileable pattern from `seed` on
        region = holed_square(side, seed)
        if is_tileable(region):
            break
        seed += 1
    if aztec:
        region = Region.aztec_diamond(side)
    elif not holes:
        region = Region.rectangle(side, side)
    box = {}

    def run():
        ks._CERTIFIED.clear()
        for name, s in (("first", 1), ("further", 2)):
            c0 = time.process_time()
            try:
                tiling = ks.sample_kasteleyn(
                    region, seed=s, progress=False, elimination=elimination
                )
            except PrecisionError as err:
                box[name] = time.process_time() - c0
                box["refused"] = str(err)
                return False
            box[name] = time.process_time() - c0
            if not tiling.is_complete:
                return False
        return True

    t = measure(run, 1, warmup=False)
    t.extra = dict(box, cells=region.n_cells, seed=seed)
    if "refused" in box and not aztec:  # is the matrix itself ill-conditioned? log_count's value
        from dominotiling import log_count

        t.extra["log_count"] = log_count(region)
    return t


@benchmark
def nested_sample_300(quick):
    """sample_kasteleyn of the 300 x 300 square with 1 % random single-cell holes: first / further sample."""
    side = 120 if quick else 300
    t = Timing(**run_isolated(f"{__name__}:sample_holed", side, 41, timeout=3600))
    base = f"sample_kasteleyn, {side}x{side} less 1 % single cells ({t.extra['cells']} cells)"
    if t.extra.get("refused"):
        said = re.search(r"give log Z = (\S+) and (\S+),", t.extra["refused"])
        why = (
            f"its condition test's two backward passes give log Z = {said[1]} and {said[2]}, "
            f"log_count (certified, SuperLU) {t.extra['log_count']:.7f}"
            if said
            else t.extra["refused"][:200]
        )
        return [
            Row(
                f"{base}: refused (PrecisionError) before the first random choice: {why}",
                f"refused after {t.extra['first']:.2f} s CPU",
                memory=_memory(t),
                goal="≤ 10 s / ≤ 5 s CPU",
                met=False,
            )
        ]
    if t.value != "True":
        raise RuntimeError(f"{base}: a sample is not a complete tiling")
    first, further = t.extra["first"], t.extra["further"]
    return [
        Row(
            f"{base}, first sample (condition test + draw) / further sample (test cached); "
            "elimination='auto' (nested dissection)",
            f"{first:.2f} s / {further:.2f} s CPU ({t.median_s:.2f} s wall for both)",
            memory=_memory(t),
            goal="≤ 10 s / ≤ 5 s CPU" if side == 300 else "—",
            met=(first <= 10 and further <= 5) if side == 300 else None,
        )
    ]


@benchmark
def nested_sample_routes(quick):
    """sample_kasteleyn by the band and by nested dissection: squares, a certifiable holed square, Aztec 100."""
    cases = [(100, 0, False, False), (200, 0, False, False), (300, 0, False, False)]
    cases += [(200, 4, True, False), (100, 0, False, True)]
    if quick:
        cases = cases[:1]
    rows = []
    for side, seed, holes, aztec in cases:
        what = (
            f"Aztec diamond of order {side} as a region"
            if aztec
            else f"{side}x{side} square"
            + (f" less 1 % single cells (seed {seed})" if holes else "")
        )
        got = {}
        for elimination in ("band", "dissection"):
            t = Timing(
                **run_isolated(
                    f"{__name__}:sample_holed", side, seed, elimination, holes, aztec, timeout=3600
                )
            )
            got[elimination] = t
        cells = []
        for elimination, t in got.items():
            if t.extra.get("refused"):
                said = re.search(r"give log Z = (\S+) and (\S+),", t.extra["refused"])
                cells.append(
                    f"{elimination}: refused before drawing after {t.extra['first']:.2f} s CPU"
                    + (f" (routes: log Z {said[1]} vs {said[2]})" if said else "")
                )
            else:
                cells.append(
                    f"{elimination}: {t.extra['first']:.2f} s / {t.extra['further']:.2f} s CPU"
                )
        band, nd = got["band"], got["dissection"]
        ratio = (
            f"{band.extra['further'] / nd.extra['further']:.1f}x (further)"
            if not band.extra.get("refused") and not nd.extra.get("refused")
            else "—"
        )
        rows.append(
            Row(
                f"sample_kasteleyn, {what}: first / further sample, band vs nested dissection "
                "(fresh process each)",
                cells[1],
                baseline=cells[0],
                ratio=ratio,
                memory=_memory(nd),
                goal="sampled, law checked" if aztec else "—",
                met=(not nd.extra.get("refused")) if aztec else None,
            )
        )
    return rows
