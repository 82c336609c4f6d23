"""Raw exceptions turned into refusals, up front: before allocating, with the size and an alternative (issue 27).

Each refusal's time and peak traced memory are measured with tracemalloc: a refusal
that first builds the job's tables would show them.
"""

import time
import tracemalloc

import numpy as np
import pytest

from dominotiling import (
    FloatRangeError,
    Region,
    Weights,
    count_monomer_dimer,
    count_tilings,
    embed_in_aztec,
    random_tiling,
    uniform_spanning_tree,
)
from dominotiling.errors import DominoTilingError, DominoTypeError, TooLargeError
from dominotiling.trees.temperley_grid import temperley_region


def _refused(call, error, *words, peak_mb=20):
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        with pytest.raises(error) as info:
            call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    seconds = time.perf_counter() - t0
    for w in words:
        assert w in str(info.value), str(info.value)
    assert peak < peak_mb * 2**20, f"{peak / 2**20:.1f} MiB traced before the refusal"
    return info.value, seconds


def test_transfer_refusal_on_a_huge_width_builds_its_message():
    # the message's size is 2**1100 profiles: no float can hold it (OverflowError before)
    err, _ = _refused(
        lambda: count_tilings(Region.rectangle(1100, 1100), method="transfer"),
        TooLargeError,
        "2**",
        "kasteleyn",
    )


def test_monomer_weight_1e300_is_refused_not_an_overflow():
    err, _ = _refused(
        lambda: count_monomer_dimer(Region.rectangle(4, 4), monomer_weight=1e300),
        FloatRangeError,
        "Fraction",
        peak_mb=200,
    )  # after the float sweep (and its compilation)
    from fractions import Fraction

    exact = count_monomer_dimer(Region.rectangle(4, 4), monomer_weight=Fraction(1e300))
    assert exact > 10**4800  # 16 monomers of 1e300 alone
    small = count_monomer_dimer(Region.rectangle(4, 4), monomer_weight=1e10)
    assert small == pytest.approx(
        float(count_monomer_dimer(Region.rectangle(4, 4), monomer_weight=10**10)), rel=1e-12
    )


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: uniform_spanning_tree((40000, 40000)), ("GiB", "smaller grid")),
        (lambda: temperley_region(10**9, 10**9), ("EiB", "smaller grid")),
        (lambda: embed_in_aztec(Region.rectangle(20000, 2)), ("GiB", "random_tiling(region)")),
        (lambda: embed_in_aztec(Region.rectangle(3000, 3000)), ("GiB", "random_tiling(region)")),
    ],
)
def test_huge_jobs_are_refused_before_allocating(call, words):
    _refused(call, TooLargeError, *words, peak_mb=60)


def test_a_long_strip_tree_is_refused_on_time_and_a_path_is_its_own_tree():
    _refused(
        lambda: uniform_spanning_tree((2, 10**6)), TooLargeError, "s (Wilson", "the limit is 600 s"
    )
    t0 = time.perf_counter()
    parent = uniform_spanning_tree((1, 10**6), seed=1)
    assert time.perf_counter() - t0 < 60  # was > 120 s: not a speed claim, a hang check
    n = 10**6
    roots = np.flatnonzero(parent == -1)
    assert roots.size == 1
    others = np.flatnonzero(parent != -1)
    assert (np.abs(parent[others] - others) == 1).all()  # every edge is a path edge
    # a tree: every vertex on the root's side points towards it
    r = int(roots[0])
    assert (parent[:r] == np.arange(1, r + 1)).all() and (
        parent[r + 1 :] == np.arange(r, n - 1)
    ).all()
    col = uniform_spanning_tree((5, 1), seed=0, root=(0, 0))
    assert col.tolist() == [-1, 0, 1, 2, 3]


def test_a_single_cell_hole_says_no_order_helps():
    region = Region.from_strings([".....", ".....", "..#..", ".....", "....."])
    err, _ = _refused(lambda: embed_in_aztec(region), DominoTilingError, "no max_order can help")
    assert "larger max_order" not in str(err)
    # a tileable hole still embeds
    ok = embed_in_aztec(Region.from_strings(["......", "......", "..##..", "......"]))
    assert ok.region.n_cells == 22


@pytest.mark.parametrize(
    "call",
    [
        lambda: count_tilings(Region.rectangle(4, 4), method=np.array(["auto"])),
        lambda: count_tilings(Region.rectangle(4, 4), method=np.array(["auto", "transfer"])),
        lambda: random_tiling(Region.rectangle(4, 4), method=np.array(["auto", "x"])),
        lambda: Weights.random((3, 3), np.array(["gamma", "x"])),
    ],
)
def test_an_array_where_a_name_is_expected(call):
    with pytest.raises(DominoTypeError, match="a name"):
        call()


@pytest.mark.parametrize(
    "args",
    [
        (0, 0, 0),
        (np.ones((2, 2), bool), 0, False),
        (np.ones((2, 2), bool), (0,), False),
        (np.ones((2, 2), bool), (0, -1), False),
        (np.ones((2, 2), bool), (0, 0), "yes"),
    ],
)
def test_narrow_checks_its_arguments(args):
    with pytest.raises(DominoTilingError):
        Weights.uniform((4, 4)).narrow(*args)


@pytest.mark.parametrize("client", ["tcp://nonsense:::", "x" * 5000, "   "])
def test_bad_dask_client_strings(client):
    with pytest.raises(DominoTilingError, match="scheduler"):
        count_tilings(Region.rectangle(4, 4), client=client)


def test_samplers_over_ten_minutes_are_refused_up_front_with_the_estimate():
    from dominotiling import sample_cftp
    from dominotiling.sampling import choose_sampler

    err, _ = _refused(
        lambda: random_tiling(Region.rectangle(3000, 3000), method="kasteleyn"),
        TooLargeError,
        "would take about",
        "the limit is 600 s",
        "minutes",  # nested dissection: about 2.2e3 s (the band alone: 1.6 days; issue 41)
    )
    huge = Region.rectangle(20000, 20000)  # the user's region: 400 MB of mask before the call
    _refused(
        lambda: sample_cftp(huge, progress=False), TooLargeError, "coupling from the past", "days"
    )
    # auto picks a sampler that can finish; the 300 x 300 square is not sent to CFTP (173 s, issue 27)
    assert choose_sampler(Region.rectangle(300, 300)) == "kasteleyn"
    assert random_tiling(Region.rectangle(200, 200), seed=1).is_complete  # under the limit: runs


@pytest.mark.parametrize(
    "call, words",
    [
        (
            # order 30,000: about 13 minutes at the measured uniform rate (order 10,000 in ~29 s)
            lambda: __import__("dominotiling").sample_aztec(30000, seed=0),
            ("domino shuffling", "minute"),
        ),
        (
            lambda: __import__("dominotiling").aztec_edge_probabilities(7000),
            ("edge probabilities", "placement_frequencies"),
        ),
    ],
)
def test_aztec_jobs_over_ten_minutes_are_refused_up_front(call, words):
    import dominotiling as dt

    dt.sample_aztec(4, seed=0), dt.aztec_edge_probabilities(4)  # modules loaded: not traced below
    err, seconds = _refused(call, TooLargeError, "the limit is 600 s", *words, peak_mb=5)


def test_height_variance_refuses_before_the_path():
    from dominotiling import height_variance

    region = Region.rectangle(5000, 5000)  # 25 MB of mask: the user's, made before the call
    height_variance(Region.rectangle(4, 4), (2, 2))  # modules loaded: not traced below
    _refused(
        lambda: height_variance(region, (2500, 2500)),
        TooLargeError,
        "sparse LU",
        "height_fluctuations",
        peak_mb=5,
    )


def test_the_cftp_bar_has_a_total_from_the_cost_model(monkeypatch):
    """The bar of a long CFTP run shows a total: the sweeps its measured cost expects."""
    import dominotiling._interrupt as interrupt
    from dominotiling import sample_cftp

    made = []
    real = interrupt.LazyBar

    class Spy(real):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr("dominotiling.sampling.mcmc.LazyBar", Spy)
    region = Region.rectangle(40, 40)
    t = sample_cftp(region, seed=0, progress=False)
    assert t.is_complete and len(made) == 1
    # 692 sqrt(cells): the windows 1, 2, ..., T* of about 100 x 100 sum to 65535 (measured)
    assert made[0].total == int(692 * 40)
    assert made[0].done >= 1  # the sweeps run are counted against it
    monkeypatch.setattr(interrupt, "_watched", lambda: True)  # a terminal (pytest's is a log)
    bar = real(True, wait=0.0, total=10)
    bar.update(3, 1)
    assert bar.bar.total == 10 and bar.bar.n == 3
    bar.close()


def test_a_3000_torus_count_is_refused_at_once():
    torus = Region.torus(3000, 3000)
    count_tilings(Region.torus(4, 4))  # modules loaded
    # (its degree bound reads the 9-million-cell mask: about 10 bytes a cell, no table of the job)
    err, seconds = _refused(
        lambda: count_tilings(torus), TooLargeError, "too few primes", "log_count", peak_mb=120
    )
    assert seconds < 60  # the search for primes took 25 s before the refusal (issue 27: 13 s)
