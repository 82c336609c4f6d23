"""Benchmark cases of domino shuffling on the Aztec diamond (``dominotiling.aztec.shuffling``).

- Uniform samples of order 50 and 100 against the plain-Python reference
  (``tests/reference/shuffling.py``, a dict of cells). Goal: at least 300x
  faster.
- Order 400 (goal: at most 0.2 s), 1000 (at most 2 s) and 2000 (at most 20 s and
  200 MB of peak memory for the call); every sample is validated after timing.
- The two-periodic model at order 1000 (weights (1, 0.5)): reported.
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["versus_reference", "large_orders", "two_periodic"]

MB = 10**6


def aztec_ours(n, repeats, weights=None):
    """Child: time ``sample_aztec(n, seed=seed)`` (warm-up, median of `repeats`), then validate one sample."""
    from dominotiling import Region
    from dominotiling.aztec.shuffling import sample_aztec

    seeds = iter(range(10**6))
    t = measure(
        lambda: sample_aztec(n, seed=next(seeds), weights=weights).n_dominoes,
        repeats,
        prime=lambda: sample_aztec(4, seed=0, weights=weights),
    )
    tiling = sample_aztec(n, seed=0, weights=weights)
    tiling.validate()
    t.extra = {"valid": tiling.is_complete and tiling.region == Region.aztec_diamond(n)}
    return t


def aztec_reference(n, repeats):
    """Child: time the plain-Python reference shuffling, then validate its sample with the library."""
    from dominotiling import Region, Tiling
    from tests.reference.shuffling import sample_aztec, to_rows

    seeds = iter(range(10**6))
    t = measure(lambda: len(sample_aztec(n, seed=next(seeds))), repeats, warmup=False)
    tiling = Tiling.from_dominoes(Region.aztec_diamond(n), to_rows(sample_aztec(n, seed=0), n))
    t.extra = {"valid": tiling.is_complete}
    return t


def _valid(case, *timings):
    for t in timings:
        if not t.extra.get("valid"):
            raise RuntimeError(f"{case}: a sample is not a complete tiling of the Aztec diamond")
        if t.value != repr(0) and int(t.value) <= 0:
            raise RuntimeError(f"{case}: no dominoes")


@benchmark
def versus_reference(quick):
    """Uniform samples of order 50 and 100: shuffling on bit planes vs the plain-Python reference."""
    out = []
    for n, ref_repeats in ((50, 3), (100, 1)):
        case = f"Aztec diamond n = {n}: shuffling vs plain-Python reference"
        ours = Timing(**run_isolated(f"{__name__}:aztec_ours", n, 20))
        if quick and n == 100:
            _valid(case, ours)
            out.append(Row(case, _median(ours), "skipped (--quick)", memory=_memory(ours)))
            continue
        ref = Timing(**run_isolated(f"{__name__}:aztec_reference", n, ref_repeats))
        _valid(case, ours, ref)
        if int(ours.value) != n * (n + 1) or int(ref.value) != n * (n + 1):
            raise RuntimeError(f"{case}: wrong number of dominoes ({ours.value}, {ref.value})")
        ratio = ref.median_s / ours.median_s
        out.append(
            Row(
                case,
                _median(ours),
                _median(ref),
                f"{ratio:.0f}x",
                _memory(ours),
                "≥ 300x faster",
                ratio >= 300,
            )
        )
    return out


@benchmark
def large_orders(quick):
    """Uniform samples of order 400, 1000 and 2000: time and peak memory of one call."""
    goals = {400: (0.2, None), 1000: (2.0, None), 2000: (20.0, 200 * MB)}
    out = []
    for n in (400, 1000) if quick else (400, 1000, 2000):
        seconds, memory = goals[n]
        t = Timing(**run_isolated(f"{__name__}:aztec_ours", n, 5 if n < 2000 else 3))
        case = f"Aztec diamond n = {n}, uniform sample"
        _valid(case, t)
        met = t.median_s <= seconds and (memory is None or t.rss_growth <= memory)
        goal = f"≤ {seconds:g} s" + (f" and ≤ {memory // MB} MB for the call" if memory else "")
        out.append(Row(case, _median(t), memory=_memory(t), goal=goal, met=met))
    return out


@benchmark
def two_periodic(quick):
    """The two-periodic model (weights (1, 0.5), a gas region in the middle) at order 1000: reported."""
    n = 300 if quick else 1000
    t = Timing(**run_isolated(f"{__name__}:aztec_ours", n, 3, [1.0, 0.5]))
    _valid("two-periodic", t)
    return [
        Row(
            f"Aztec diamond n = {n}, two-periodic weights (1, 0.5)",
            _median(t),
            memory=_memory(t),
            goal="reported",
        )
    ]
