"""Benchmark cases of flux sectors and monomer-dimer counts (issue 18).

- Flux-sector counts (``count_by_flux``) of a 60x60 square with three 2x2 holes
  ten cells in from the sides (goal: at most 5 s); the sector counts must add
  up to the Kasteleyn count of the whole region. The cost grows with the holes'
  depth ``d``: about ``(d + 1)**k`` evaluation points for ``k`` holes, each a
  ``(k d) x (k d)`` determinant per prime (measured on two cores: depth 10 in
  0.9 s, depth 15 in about 5 s, depth 20 in about 7 s).
- One exact sample within a sector (``sample_cftp(region, flux=...)``) of a
  100x100 square with two 2x2 holes (goal: at most 3 s), median over seeds,
  each sample checked to have the asked flux.
- Monomer-dimer counts (``count_monomer_dimer``) of the 16x16 (goal: at most
  1 s) and 20x20 squares (at most 20 s and 2 GB of peak process memory); the
  last twelve digits are shown (the tests check the counts against brute force
  and the strips' recurrences).
"""

from __future__ import annotations

from .cases import Row, _median, _memory, benchmark
from .harness import Timing, measure, run_isolated

__all__ = ["sector_counts", "sector_sample", "monomer_dimer_counts"]


def _holed(side, holes):
    import numpy as np

    from dominotiling import Region

    mask = np.ones((side, side), dtype=bool)
    for r, c in holes:
        mask[r : r + 2, c : c + 2] = False
    return Region.from_mask(mask)


SECTOR_REGION = (60, ((10, 10), (30, 48), (48, 25)))
SAMPLE_REGION = (100, ((30, 30), (60, 70)))


def sectors_ours(side, holes, repeats):
    """Child: time ``count_by_flux`` on a square with 2x2 holes; check the total."""
    from dominotiling.counting.kasteleyn import count_kasteleyn
    from dominotiling.surfaces.flux import _count_by_flux, count_by_flux

    region = _holed(side, holes)
    t = measure(
        lambda: _count_by_flux(region), repeats, prime=lambda: count_by_flux(_holed(8, ((3, 3),)))
    )
    sectors = count_by_flux(region)
    t.value = len(sectors)
    t.extra = {"sum_ok": sum(sectors.values()) == count_kasteleyn(region)}
    return t


def sample_ours(side, holes, seeds):
    """Child: time one ``sample_cftp(region, flux=...)`` per seed in the most likely sector."""
    from dominotiling.sampling.mcmc import sample_cftp
    from dominotiling.surfaces.flux import _topology, flux

    region = _holed(side, holes)
    value = _topology(region).flux_ref
    state = {"k": 0, "ok": True}

    def run():
        seed = seeds[state["k"] % len(seeds)]
        state["k"] += 1
        t = sample_cftp(region, flux=value, seed=seed, progress=False)
        state["ok"] &= flux(t) == value and t.is_complete
        return None

    t = measure(
        run,
        len(seeds),
        warmup=True,
        prime=lambda: sample_cftp(
            _holed(8, ((3, 3),)),
            flux=_topology(_holed(8, ((3, 3),))).flux_ref,
            seed=0,
            progress=False,
        ),
    )
    t.extra = {"ok": bool(state["ok"]), "flux": list(value)}
    return t


def monomer_dimer_ours(side, repeats):
    """Child: time ``count_monomer_dimer`` on the side x side square."""
    from dominotiling import Region
    from dominotiling.counting.monomer_dimer import count_monomer_dimer

    t = measure(
        lambda: count_monomer_dimer(Region.rectangle(side, side)),
        repeats,
        prime=lambda: count_monomer_dimer(Region.rectangle(4, 4)),
    )
    t.value = count_monomer_dimer(Region.rectangle(side, side)) % 10**12
    return t


@benchmark
def sector_counts(quick):
    """Flux-sector counts of a 60x60 square with three 2x2 holes (goal ≤ 5 s)."""
    side, holes = SECTOR_REGION
    t = Timing(**run_isolated(f"{__name__}:sectors_ours", side, holes, 1 if quick else 3))
    if not t.extra["sum_ok"]:
        raise RuntimeError("flux sectors: the sector counts do not add up to the Kasteleyn count")
    return [
        Row(
            f"flux-sector counts {side}x{side}, 3 holes ({t.value} sectors, sum checked)",
            _median(t),
            memory=_memory(t),
            goal="≤ 5 s",
            met=t.median_s <= 5.0,
        )
    ]


@benchmark
def sector_sample(quick):
    """One exact sample within a flux sector of a 100x100 square with two 2x2 holes (goal ≤ 3 s)."""
    side, holes = SAMPLE_REGION
    seeds = [0, 1, 2] if quick else [0, 1, 2, 3, 4]
    t = Timing(**run_isolated(f"{__name__}:sample_ours", side, holes, seeds))
    if not t.extra["ok"]:
        raise RuntimeError("sector CFTP: a sample had another flux or did not validate")
    return [
        Row(
            f"exact sample in flux sector {tuple(t.extra['flux'])}, {side}x{side} with 2 holes",
            _median(t, "median over seeds of"),
            memory=_memory(t),
            goal="≤ 3 s",
            met=t.median_s <= 3.0,
        )
    ]


@benchmark
def monomer_dimer_counts(quick):
    """Monomer-dimer counts of the 16x16 (goal ≤ 1 s) and 20x20 squares (≤ 20 s, ≤ 2 GB)."""
    out = []
    for side, goal, repeats in ((16, 1.0, 3), (20, 20.0, 1)):
        if quick and side == 20:
            continue
        t = Timing(**run_isolated(f"{__name__}:monomer_dimer_ours", side, repeats))
        met = t.median_s <= goal and (side != 20 or t.peak_rss <= 2 * 2**30)
        out.append(
            Row(
                f"monomer-dimer count {side}x{side} (last 12 digits {t.value})",
                _median(t),
                memory=_memory(t),
                goal=f"≤ {goal:g} s" + (", ≤ 2 GB" if side == 20 else ""),
                met=met,
            )
        )
    return out
