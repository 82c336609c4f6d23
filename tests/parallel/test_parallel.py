"""Tests of dominotiling.parallel: serial and Dask results agree, statistics match exact values.

The ``client`` fixture (``conftest.py``) is one LocalCluster of 2 single-threaded
worker processes on loopback, shared by the session.
"""

import math
import os
import re
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of

from dominotiling import Region, Tiling, count_tilings, random_tiling, set_options
from dominotiling.aztec.shuffling import sample_aztec
from dominotiling.counting.placement import placement_probabilities
from dominotiling.errors import DominoTilingError, DominoTypeError, TooLargeError
from dominotiling.matching.height import UNDEFINED
from dominotiling.parallel import (
    _wire,
    cleanup,
    count_distributed,
    ensemble,
    grid_points,
    height_fluctuations,
    local_cluster,
    placement_frequencies,
    sweep,
)

NOTCHED = Region.from_strings(["......", "......", "....##", "......"])


def _seed_echo(seed, offset=0):
    return ("sample", seed + offset)


def _rectangle_count(rows, cols):
    return count_tilings(Region.rectangle(rows, cols))


def _partial(seed):
    region = Region.rectangle(2, 3)
    labels = [[0, 0, -2], [1, 1, -2]] if seed % 2 else [[0, 1, 1], [0, 2, 2]]
    return Tiling(region, labels)


def test_ensemble_on_cluster_equals_serial_loop(client):
    seeds = [17, 3, 250, 0, 9, 9, 41, 5, 123, 8, 77]  # unsorted, with a repeat
    loop = [random_tiling(NOTCHED, seed=s) for s in seeds]
    got = ensemble(random_tiling, seeds, client=client, chunk_size=2, region=NOTCHED)
    assert got == loop
    assert ensemble(random_tiling, seeds, region=NOTCHED) == loop
    for t in got:
        t.validate()
        assert t.region is got[0].region  # one shared Region, rebuilt on the client
        assert not t.labels.flags.writeable


def test_ensemble_keeps_seed_order_for_any_result(client):
    seeds = list(range(40, 0, -1))
    got = ensemble(_seed_echo, seeds, client=client, chunk_size=3, offset=1000)
    assert got == [("sample", s + 1000) for s in seeds]


def test_ensemble_of_aztec_tilings(client):
    got = ensemble(sample_aztec, range(6), client=client, n=5)
    assert got == [sample_aztec(5, seed=s) for s in range(6)]
    assert all(t.region == Region.aztec_diamond(5) for t in got)


def test_ensemble_of_partial_tilings_round_trips(client):
    got = ensemble(_partial, range(5), client=client, chunk_size=2)
    assert got == [_partial(s) for s in range(5)]
    assert [t.n_uncovered for t in got] == [0, 2, 0, 2, 0]


def test_ensemble_through_local_string():
    # client="local" starts and closes its own cluster
    got = ensemble(random_tiling, [4, 5], client="local", region=Region.rectangle(3, 4))
    assert got == [random_tiling(Region.rectangle(3, 4), seed=s) for s in (4, 5)]


def _worker_settings():
    import os

    import dask

    return (
        dask.config.get("distributed.worker.profile.enabled"),
        dask.config.get("distributed.admin.tick.interval"),
        os.environ.get("NUMBA_NUM_THREADS"),
        os.environ.get("MALLOC_TRIM_THRESHOLD_"),
    )


def test_local_cluster_settings(monkeypatch):
    import os

    from distributed import Client

    from dominotiling.parallel import local_cluster

    # as left behind by any default LocalCluster started earlier in this process
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "65536")
    with local_cluster(1) as cluster, Client(cluster) as c:
        assert os.environ["MALLOC_TRIM_THRESHOLD_"] == "65536"  # put back
        assert list(c.nthreads().values()) == [1]
        assert list(c.run(_worker_settings).values()) == [(False, "100ms", "1", None)]
        assert ensemble(random_tiling, [4, 5], client=c, region=NOTCHED) == [
            random_tiling(NOTCHED, seed=s) for s in (4, 5)
        ]


def test_default_chunks_are_even_and_bounded():
    from dominotiling.parallel._scheduling import _MAX_CHUNK, _chunks

    for n, parts in [
        (200, 2),
        (7, 2),
        (1, 4),
        (0, 2),
        (3, 2),
        (1001, 3),
        (5000, 2),
        (2 * _MAX_CHUNK + 1, 1),
    ]:
        chunks = _chunks(list(range(n)), parts, None)
        assert [x for c in chunks for x in c] == list(range(n))  # in order, each item once
        sizes = [len(c) for c in chunks]
        assert all(sizes) and max(sizes, default=0) <= _MAX_CHUNK
        assert max(sizes, default=0) - min(sizes, default=0) <= 1
        if n >= parts:
            assert len(chunks) % parts == 0  # every worker the same number of chunks
    assert [len(c) for c in _chunks(list(range(200)), 2, None)] == [100] * 2
    # 1030 items need 5 chunks of at most 256; 6, to give both workers the same number
    assert [len(c) for c in _chunks(list(range(1030)), 2, None)] == [171, 172, 172, 171, 172, 172]
    assert [len(c) for c in _chunks(list(range(10)), 2, 4)] == [4, 4, 2]


def test_sweep_over_grid_matches_brute_force(client):
    grid = {"rows": [2, 3], "cols": [2, 4, 5]}
    got = sweep(_rectangle_count, grid, client=client)
    assert [p for p, _ in got] == grid_points(grid)
    assert [p for p, _ in got][:2] == [{"rows": 2, "cols": 2}, {"rows": 2, "cols": 4}]
    for point, value in got:
        assert value == len(brute_force_tilings(np.ones((point["rows"], point["cols"]), bool)))
    assert sweep(_rectangle_count, grid) == got
    assert sweep(_rectangle_count, [{"rows": 4, "cols": 4}], client=client)[0][1] == 36


def test_placement_frequencies_close_to_exact(client):
    n = 3000
    freq = placement_frequencies(random_tiling, range(n), client=client, region=NOTCHED)
    exact = placement_probabilities(NOTCHED, exact=True)
    z_max = 0.0
    for f, p in zip(freq, exact):
        assert f.shape == p.shape
        for idx in np.ndindex(p.shape):
            if p[idx] is None:
                assert np.isnan(f[idx])
                continue
            q = float(p[idx])
            if q in (0.0, 1.0):
                assert f[idx] == q
                continue
            z_max = max(z_max, abs(f[idx] - q) / math.sqrt(q * (1 - q) / n))
    assert z_max < 4.5  # 35 positions; fixed seeds
    # the serial reduction gives the very same numbers
    serial = placement_frequencies(random_tiling, range(n), region=NOTCHED)
    for a, b in zip(freq, serial):
        assert np.array_equal(a, b, equal_nan=True)


def test_placement_frequencies_every_cell_covered_once(client):
    freq = placement_frequencies(sample_aztec, range(30), client=client, n=4)
    mask = Region.aztec_diamond(4).mask
    cover = np.zeros(mask.shape)
    h, v = np.nan_to_num(freq.horizontal), np.nan_to_num(freq.vertical)
    cover[:, :-1] += h
    cover[:, 1:] += h
    cover[:-1] += v
    cover[1:] += v
    assert np.allclose(cover[mask], 1.0) and np.all(cover[~mask] == 0)


def test_height_fluctuations_match_direct_variance(client):
    region = Region.aztec_diamond(4)
    seeds = range(60)
    mean, var = height_fluctuations(sample_aztec, seeds, client=client, chunk_size=7, n=4)
    assert mean.shape == var.shape == (9, 9)
    heights = np.stack([sample_aztec(4, seed=s).height_function() for s in seeds])
    defined = heights[0] != UNDEFINED
    assert np.array_equal(~np.isnan(var), defined)
    assert np.allclose(mean[defined], heights[:, defined].mean(axis=0))
    assert np.allclose(var[defined], heights[:, defined].astype(float).var(axis=0))
    # the boundary heights are the same for every tiling
    corner_of = np.zeros((9, 9), int)  # how many region cells meet at each vertex
    m = region.mask
    for dr in (0, 1):
        for dc in (0, 1):
            corner_of[dr : dr + 8, dc : dc + 8] += m
    boundary = defined & (corner_of < 4)
    assert boundary.any() and np.all(var[boundary] == 0)
    assert np.all(var[defined & ~boundary] >= 0) and var[4, 4] > 0
    unbiased = height_fluctuations(sample_aztec, seeds, n=4, ddof=1).variance
    assert np.allclose(unbiased[defined], heights[:, defined].astype(float).var(axis=0, ddof=1))


def test_height_fluctuations_rectangle_boundary_zero(client):
    mean, var = height_fluctuations(
        random_tiling, range(40), client=client, region=Region.rectangle(6, 6)
    )
    assert var.shape == (7, 7)
    ring = np.ones((7, 7), bool)
    ring[1:-1, 1:-1] = False
    assert np.all(var[ring] == 0) and np.all(var[~ring] > 0)


def test_statistics_need_one_region(client):
    def mixed(seed):
        return random_tiling(Region.rectangle(2, 2 + 2 * (seed % 2)), seed=seed)

    with pytest.raises(DominoTilingError, match="same region"):
        placement_frequencies(mixed, range(4), client=client, chunk_size=1)
    with pytest.raises(TypeError, match="Tiling"):
        placement_frequencies(_seed_echo, range(2))


@pytest.mark.parametrize(
    "region",
    [
        Region.rectangle(30, 30),
        Region.from_strings(
            ["........", "...##...", "........", "........", ".#......", "......#."]
        ),
        Region.rectangle(3, 3),
        Region.aztec_diamond(12),
    ],
)
def test_count_with_client_equals_count_without(client, region):
    assert count_distributed(region, client=client) == count_tilings(region)
    assert count_distributed(region, client=None) == count_tilings(region)


def test_count_small_region_against_brute_force(client):
    region = Region.from_strings(["....#", ".....", "#....", "....."])
    assert count_distributed(region, client=client) == len(brute_force_tilings(region.mask))


def test_bad_arguments_raise_the_librarys_errors():
    r = Region.rectangle(2, 2)
    with pytest.raises(DominoTilingError, match="kasteleyn"):
        count_distributed(r, client=None, method="transfer")
    with pytest.raises(DominoTypeError, match="Region"):
        count_distributed(["..", ".."], client=None)
    with pytest.raises(DominoTypeError, match="client"):
        ensemble(random_tiling, [1], client=3, region=r)
    with pytest.raises(DominoTypeError, match="client"):
        count_distributed(r, client=3.5)
    with pytest.raises(DominoTilingError, match="chunk_size"):
        placement_frequencies(random_tiling, [1], client=None, chunk_size=0, region=r)
    with pytest.raises(DominoTypeError, match=r"seeds\[1\]"):
        ensemble(random_tiling, [1, "2"], region=r)
    with pytest.raises(DominoTilingError, match=r"seeds\[0\].*non-negative"):
        ensemble(random_tiling, [-1], region=r)
    with pytest.raises(DominoTypeError, match="seeds"):
        ensemble(random_tiling, 5, region=r)
    with pytest.raises(DominoTypeError, match="sampler"):
        ensemble("random_tiling", [1], region=r)
    with pytest.raises(DominoTypeError, match="progress"):
        ensemble(random_tiling, [1], progress="no", region=r)
    with pytest.raises(DominoTilingError, match="at least 1 sample"):
        placement_frequencies(random_tiling, [], region=r)
    with pytest.raises(DominoTilingError, match="ddof"):
        height_fluctuations(random_tiling, [1, 2], ddof=2, region=r)
    with pytest.raises(DominoTilingError, match="ddof"):
        height_fluctuations(random_tiling, [1, 2], ddof=-1, region=r)
    with pytest.raises(DominoTypeError, match="ddof"):
        height_fluctuations(random_tiling, [1, 2], ddof=0.5, region=r)
    with pytest.raises(DominoTypeError, match=r"grid\['rows'\]"):
        sweep(_rectangle_count, {"rows": "2", "cols": [2]})
    with pytest.raises(DominoTypeError, match=r"grid\[1\]"):
        sweep(_rectangle_count, [{"rows": 2, "cols": 2}, ("rows", 2)])
    with pytest.raises(DominoTilingError, match="n_workers"):
        local_cluster(0)  # refused before anything starts


def test_no_bare_builtin_errors_in_the_package():
    import pathlib

    import dominotiling.parallel as package

    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        source = path.read_text()
        assert not re.search(r"raise (ValueError|TypeError)\b", source), path.name


def test_without_dask_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # "import distributed" now fails
    region = Region.rectangle(2, 4)
    for call in (
        lambda: ensemble(random_tiling, [1, 2], client="local", region=region),
        lambda: sweep(_rectangle_count, {"rows": [2], "cols": [2]}, client="local"),
        lambda: placement_frequencies(random_tiling, [1], client="local", region=region),
        lambda: count_distributed(region, client="local"),
    ):
        with pytest.raises(ImportError, match='pip install "dominotiling\\[dist\\]"'):
            call()
    # serial work needs no dask
    assert ensemble(random_tiling, [1, 2], region=region) == [
        random_tiling(region, seed=s) for s in (1, 2)
    ]
    assert count_distributed(region, client=None) == 5
    assert {dominoes_of(t) for t in ensemble(random_tiling, range(30), region=region)} <= {
        frozenset(t) for t in brute_force_tilings(region.mask)
    }


def test_count_tilings_front_door_with_a_client(client):
    from dominotiling import Region, count_tilings
    from dominotiling.errors import DominoTilingError

    region = Region.from_strings(["......", ".#....", "....#.", "......"])
    assert count_tilings(region, client=client) == count_tilings(region)
    with pytest.raises(DominoTilingError, match="client"):
        count_tilings(region, method="transfer", client=client)


# --------------------------------------------------- issue 13, defect 7: Dask reliability
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _python(args, **kwargs):
    """Run ``python args`` with this checkout importable; the Popen (or run) keywords pass on."""
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, *args], env=env, **kwargs)


_OWNER = """
import os, sys, time
from dominotiling.parallel import _wire
_wire.SHARED_MEMORY = sys.argv[1]
with _wire._dropbox(object()) as path:  # what a call on a cluster makes
    with open(os.path.join(path, "labels"), "wb") as f:
        f.write(bytes(4096))
    print(path, flush=True)
    time.sleep(300)
"""


def _proc_start_time(pid):
    """Field 22 of /proc/<pid>/stat (the process's start time), parsed here independently."""
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[19])


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc (Linux)")
def test_directories_of_killed_clients_are_removed_and_live_ones_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(_wire, "SHARED_MEMORY", str(tmp_path))
    procs = [
        _python(["-c", _OWNER, str(tmp_path)], stdout=subprocess.PIPE, text=True) for _ in range(3)
    ]
    try:
        killed, terminated, alive = (p.stdout.readline().strip() for p in procs)
        assert all(os.path.isdir(d) for d in (killed, terminated, alive))
        procs[0].send_signal(signal.SIGKILL)
        procs[1].send_signal(signal.SIGTERM)
        procs[0].wait(30), procs[1].wait(30)
        assert os.path.isdir(killed) and os.path.isdir(terminated)  # no clean-up ran in them
        assert sorted(cleanup()) == sorted([killed, terminated])
        assert not os.path.exists(killed) and not os.path.exists(terminated)
        assert os.path.isfile(os.path.join(alive, "labels"))  # a live owner's directory stays
        assert cleanup() == []
    finally:
        for p in procs:
            p.kill()
            p.wait(30)
            p.stdout.close()
    # now its owner is gone too: the next call removes it before making its own
    with _wire._dropbox(object()) as mine:
        assert os.listdir(tmp_path) == [os.path.basename(mine)]
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc (Linux)")
def test_a_reused_pid_is_not_taken_for_the_owner(tmp_path, monkeypatch):
    monkeypatch.setattr(_wire, "SHARED_MEMORY", str(tmp_path))
    ns = os.stat("/proc/self/ns/pid").st_ino
    pid, start = os.getpid(), _proc_start_time(os.getpid())
    gone = _python(["-c", "pass"])
    gone.wait(60)
    names = {
        "mine": f"dominotiling-{ns}-{pid}-{start}-a1b2c3",
        "reused": f"dominotiling-{ns}-{pid}-{start - 1}-a1b2c3",  # an earlier process with our pid
        "gone": f"dominotiling-{ns}-{gone.pid}-{start}-a1b2c3",
        "other namespace": f"dominotiling-{ns + 1}-{gone.pid}-{start}-a1b2c3",
        "older form": "dominotiling-k2j3_h4g",  # no owner in the name: never judged
        "not ours": "something-else",
    }
    for name in names.values():
        os.mkdir(tmp_path / name)
    with _wire._dropbox(object()) as path:  # a call's own directory names its owner: this process
        assert os.path.basename(path).startswith(f"dominotiling-{ns}-{pid}-{start}-")
        assert os.path.isdir(path)
        assert sorted(os.listdir(tmp_path)) == sorted(
            [
                os.path.basename(path),
                names["mine"],
                names["other namespace"],
                names["older form"],
                names["not ours"],
            ]
        )


@pytest.mark.skipif(not os.path.isdir(_wire.SHARED_MEMORY), reason="no /dev/shm here")
def test_a_call_on_the_cluster_removes_orphans_first(client):
    gone = _python(["-c", "pass"])
    gone.wait(60)
    ns = os.stat("/proc/self/ns/pid").st_ino
    orphan = os.path.join(_wire.SHARED_MEMORY, f"dominotiling-{ns}-{gone.pid}-1-test{os.getpid()}")
    os.mkdir(orphan)
    try:
        r = Region.rectangle(2, 4)
        assert ensemble(random_tiling, [1, 2], client=client, region=r) == [
            random_tiling(r, seed=s) for s in (1, 2)
        ]
        assert not os.path.exists(orphan)
    finally:
        if os.path.exists(orphan):
            os.rmdir(orphan)


def test_one_generator_given_as_every_seed_is_refused(client):
    r = Region.rectangle(4, 4)
    rng = np.random.default_rng(1)
    for c in (None, client):
        for call in (ensemble, placement_frequencies, height_fluctuations):
            with pytest.raises(DominoTilingError, match=r"same numpy\.random\.Generator.*spawn"):
                call(random_tiling, [rng, 3, rng], client=c, region=r)
    with pytest.raises(DominoTypeError, match=r"rng\.spawn"):
        ensemble(random_tiling, rng, region=r)
    # distinct generators, serially and on the cluster: what each gives alone
    want = [random_tiling(r, seed=g) for g in np.random.default_rng(5).spawn(4)]
    assert ensemble(random_tiling, np.random.default_rng(5).spawn(4), region=r) == want
    assert (
        ensemble(random_tiling, np.random.default_rng(5).spawn(4), client=client, region=r) == want
    )
    seqs = np.random.SeedSequence(5).spawn(3)
    assert ensemble(random_tiling, seqs, client=client, region=r) == [
        random_tiling(r, seed=np.random.default_rng(s)) for s in seqs
    ]


@pytest.mark.parametrize(
    "bad, error",
    [
        (0, DominoTilingError),
        (-3, DominoTilingError),
        (2.0, DominoTypeError),
        ("4", DominoTypeError),
    ],
)
def test_chunk_size_is_checked_alike_serially_and_on_a_cluster(client, bad, error):
    r = Region.rectangle(2, 2)
    messages = set()
    for c in (None, client):
        for call in (ensemble, placement_frequencies, height_fluctuations):
            with pytest.raises(error, match="chunk_size") as info:
                call(random_tiling, [1, 2], client=c, chunk_size=bad, region=r)
            messages.add(str(info.value))
    assert len(messages) == 1
    # None chooses; a positive int is a size, and both give the serial loop's results
    for size in (None, 1):
        assert ensemble(
            random_tiling, [1, 2, 3], client=client, chunk_size=size, region=r
        ) == ensemble(random_tiling, [1, 2, 3], chunk_size=size, region=r)


def test_local_cluster_from_a_script_on_standard_input_says_what_to_do():
    script = textwrap.dedent("""
        from distributed import Client
        from dominotiling import Region, random_tiling
        from dominotiling.errors import DominoTilingError
        from dominotiling.parallel import ensemble

        r = Region.rectangle(2, 4)
        try:
            ensemble(random_tiling, [1, 2], client="local", region=r)
        except DominoTilingError as err:
            print("REFUSED:", err)
        serial = ensemble(random_tiling, [1, 2], region=r)
        with Client(processes=False, n_workers=1, threads_per_worker=1,
                    dashboard_address=None) as threads:  # the advice given works
            print("THREADS:", ensemble(random_tiling, [1, 2], client=threads, region=r) == serial)
    """)
    proc = _python(
        ["-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    out, err = proc.communicate(script, timeout=240)
    assert proc.returncode == 0, err
    refused = [line for line in out.splitlines() if line.startswith("REFUSED:")]
    assert refused and "standard input" in refused[0]
    assert "Save the script as a file" in refused[0] and "processes=False" in refused[0]
    assert "THREADS: True" in out


def _noted(calls):
    def sampler(seed, region):
        calls.append(seed)
        return random_tiling(region, seed=seed)

    return sampler


def _big_array(seed):
    return np.full(20_000, seed, np.float64)  # 160 kB each


def test_an_ensemble_over_the_memory_budget_is_refused_before_it_starts(client):
    calls = []
    with set_options(memory_limit="1 MB"):
        # 1000 tilings of 20 x 20 cells, 4 bytes of labels a cell: over 1.6 MB
        with pytest.raises(TooLargeError, match=r"1000 results.*placement_frequencies"):
            ensemble(_noted(calls), range(1000), region=Region.rectangle(20, 20))
        for c in (None, client):
            with pytest.raises(TooLargeError, match="1000 results"):
                ensemble(sample_aztec, range(1000), client=c, n=10)  # the order-10 diamond: 20 x 20
        assert calls == []  # refused before any sample
        assert len(ensemble(_noted(calls), range(5), region=Region.rectangle(4, 4))) == 5
        # a size that the arguments do not tell is checked on the first result
        calls.clear()
        with pytest.raises(TooLargeError, match="40 results"):
            ensemble(lambda seed: calls.append(seed) or _big_array(seed), range(40))
        assert calls == [0]
        with pytest.raises(TooLargeError, match="40 results"):
            ensemble(_big_array, range(40), client=client, chunk_size=1)
        with pytest.raises(TooLargeError, match="seeds"):
            ensemble(random_tiling, range(10**12), region=Region.rectangle(2, 2))  # not even listed
        # the statistics keep no tilings: the refused work fits
        freq = placement_frequencies(sample_aztec, range(1000), n=10)
    assert freq.horizontal.shape == (20, 19)
