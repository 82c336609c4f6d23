"""Benchmark cases of coupling from the past (``dominotiling.sampling.mcmc.sample_cftp``).

- The 40x40 square against ``tests/reference/cftp.py``, the same coupling in
  plain Python, with the same 64-bit key: both must return the same height
  function (compared by a SHA-256 digest). Goal: at least 100x faster.
- The 100x100 square (goal: at most 3 s) and the 140x140 square (at most 10 s):
  the median over several seeds (the coalescence time varies with the coins),
  each sample validated; the windows ``T`` that coalesced are reported.
"""

from __future__ import annotations

import hashlib

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["cftp_versus_reference", "cftp_large"]


def _digest(rows):
    """SHA-256 of the heights as nested lists (None where undefined), in row-major order."""
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def _key_of(seed):
    """The key ``sample_cftp(..., seed=seed)`` uses (see ``dominotiling.sampling.mcmc.KEY_NOTE``)."""
    from dominotiling.sampling.mcmc import _key

    return int(_key(seed))


def cftp_ours(side, seeds, repeats):
    """Child: time ``sample_cftp`` on a side x side square, cycling through `seeds`.

    Reports the digest of the heights for the first seed, the window of each seed,
    and whether every sample validated.
    """
    from dominotiling import Region
    from dominotiling.matching.height import UNDEFINED, tiling_from_heights
    from dominotiling.sampling.mcmc import _cftp_heights, _key, sample_cftp

    region = Region.rectangle(side, side)
    state = {"k": 0}

    def run():
        seed = seeds[state["k"] % len(seeds)]
        state["k"] += 1
        return sample_cftp(region, seed=seed, progress=False)

    t = measure(
        run, repeats, warmup=True, prime=lambda: sample_cftp(Region.rectangle(6, 6), seed=0)
    )
    windows, valid, first = [], True, None
    for seed in seeds:
        heights, window = _cftp_heights(region, _key(seed), False)
        windows.append(window)
        tiling = tiling_from_heights(region, heights)
        tiling.validate()
        valid &= tiling.is_complete and tiling.n_dominoes == side * side // 2
        if first is None:
            first = [[None if v == UNDEFINED else v for v in row] for row in heights.tolist()]
    t.value = _digest(first)
    t.extra = {"windows": windows, "valid": bool(valid), "key": _key_of(seeds[0])}
    return t


def cftp_reference(side, key):
    """Child: time the plain-Python reference once (no warm-up) with the given key."""
    from tests.reference.cftp import cftp_heights

    grid = [[True] * side for _ in range(side)]
    out = {}

    def run():
        out["h"] = cftp_heights(grid, key)
        return None

    t = measure(run, 1, warmup=False)
    h = out["h"]
    t.value = _digest([[h.get((i, j)) for j in range(side + 1)] for i in range(side + 1)])
    return t


@benchmark
def cftp_versus_reference(quick):
    """CFTP on the 40x40 square: numba kernel vs the same coupling in plain Python."""
    side = 24 if quick else 40
    ours = Timing(**run_isolated(f"{__name__}:cftp_ours", side, [1], 5))
    theirs = Timing(**run_isolated(f"{__name__}:cftp_reference", side, ours.extra["key"]))
    if ours.value != theirs.value or not ours.extra["valid"]:
        raise RuntimeError(
            f"CFTP {side}x{side}: the library's heights (digest {ours.value}) differ from the "
            f"reference's ({theirs.value}) for the same key, or a sample did not validate"
        )
    ratio = theirs.median_s / ours.median_s
    goal = 100 if side == 40 else None
    return [
        Row(
            f"CFTP {side}x{side} (window {ours.extra['windows'][0]}) vs plain-Python coupling, same coins",
            _median(ours),
            _median(theirs),
            f"{ratio:.0f}x",
            _memory(ours),
            f"≥ {goal}x faster" if goal else "—",
            ratio >= goal if goal else None,
        )
    ]


@benchmark
def cftp_large(quick):
    """CFTP on the 100x100 (goal ≤ 3 s) and 140x140 (goal ≤ 10 s) squares, median over seeds."""
    out = []
    for side, goal in ((100, 3.0), (140, 10.0)):
        if quick and side == 140:
            continue
        seeds = [0, 1, 2] if quick else [0, 1, 2, 3, 4]
        t = Timing(**run_isolated(f"{__name__}:cftp_ours", side, seeds, len(seeds)))
        if not t.extra["valid"]:
            raise RuntimeError(f"CFTP {side}x{side}: a sample did not validate")
        windows = ", ".join(str(w) for w in t.extra["windows"])
        out.append(
            Row(
                f"CFTP exact sample {side}x{side} (windows {windows})",
                _median(t, "median over seeds of"),
                memory=_memory(t),
                goal=f"≤ {goal:g} s",
                met=t.median_s <= goal,
            )
        )
    return out
