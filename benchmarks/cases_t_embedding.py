"""Benchmark cases of perfect t-embeddings of the Aztec diamond (``dominotiling.aztec.t_embedding``, issue 43).

- ``t_embedding(1000)``: uniform weights (no levels of urban renewal; goal at most
  5 s) and i.i.d. Gamma(1) weights on every position (the levels of generalized
  shuffling, rebuilt on the way up; goal at most 10 s), each with its peak memory
  and CPU time, beside generalized shuffling of the same order and weights (the
  same levels of urban renewal: ``sample_aztec``) as the baseline.
- Each embedding is checked after timing (``check().ok``: the angle condition and
  the face weights on the resolved vertices -- edges of at least 1e-4 of the width,
  1e-3 with the random weights -- the boundary, the origami map).

The weights are built before the timed calls (their arrays are not counted as
the call's memory).
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, fmt_time, measure, run_isolated

__all__ = ["t_embeddings"]


def _weights(n, dist):
    from dominotiling import Region, Weights

    if dist == "uniform":
        return None
    return Weights.random(Region.aztec_diamond(n), "gamma", seed=1, alpha=1.0)


def _cpu(fn):
    """`fn` wrapped to add its CPU seconds (this process, all threads) to a list."""
    import time

    spent = []

    def call():
        t0 = time.process_time()
        out = fn()
        spent.append(time.process_time() - t0)
        return out

    return call, spent


def t_child(n, dist, repeats):
    """Child: time ``t_embedding(n, weights=...)``; then check it."""
    from dominotiling.aztec import t_embedding

    w = _weights(n, dist)
    call, cpu = _cpu(lambda: len(t_embedding(n, weights=w).T))
    t = measure(
        call, repeats, warmup=False, prime=lambda: t_embedding(4, weights=_weights(4, dist))
    )
    # random weights leave about 1e-12 in T at order 1000: checked where edges are 1e-3 of the width
    c = t_embedding(n, weights=w).check(resolution=1e-4 if dist == "uniform" else 1e-3)
    t.extra = {"valid": c.ok, "cpu_s": cpu, "check": repr(c)}
    return t


def shuffle_child(n, dist, repeats):
    """Child (baseline): time ``sample_aztec(n, weights=...)``, the same levels of urban renewal."""
    from dominotiling.aztec import sample_aztec

    w = _weights(n, dist)
    call, cpu = _cpu(lambda: sample_aztec(n, seed=1, weights=w).n_dominoes)
    t = measure(
        call,
        repeats,
        warmup=False,
        prime=lambda: sample_aztec(4, seed=0, weights=_weights(4, dist)),
    )
    t.extra = {"valid": True, "cpu_s": cpu}
    return t


@benchmark
def t_embeddings(quick):
    """Perfect t-embeddings of order 1000, uniform and Gamma(1) weights, beside shuffling the same weights."""
    out = []
    n = 200 if quick else 1000
    for dist, goal in (("uniform", 5.0), ("gamma", 10.0)):
        ours = Timing(**run_isolated(f"{__name__}:t_child", n, dist, 1))
        base = Timing(**run_isolated(f"{__name__}:shuffle_child", n, dist, 1))
        if not ours.extra.get("valid"):
            raise RuntimeError(f"t_embedding({n}, {dist}) failed its check: {ours.extra}")
        cpu = ours.extra["cpu_s"][0]
        bcpu = base.extra["cpu_s"][0]
        out.append(
            Row(
                f"t_embedding, Aztec n = {n}, {dist} weights (CPU {fmt_time(cpu)}); "
                f"baseline sample_aztec, same weights (CPU {fmt_time(bcpu)})",
                _median(ours),
                baseline=_median(base),
                ratio=f"{ours.median_s / base.median_s:.2f}",
                memory=_memory(ours),
                goal=f"≤ {goal:g} s" if not quick else "reported",
                met=(ours.median_s <= goal) if not quick else None,
            )
        )
    return out
