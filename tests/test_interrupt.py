"""Ctrl-C stops every long kernel at once, leaves no thread busy and changes nothing.

Each long call runs in a child process; once it is under way the test sends
SIGINT, as Ctrl-C does, and expects ``KeyboardInterrupt`` in the child within a
second (generous: the kernels run in calls of about 0.05 s; before, these calls
held Ctrl-C back for seconds to hours, until the kernel call had finished).
The child then measures the CPU time its process spends in half a second of
sleep: a kernel left running on a worker thread would spend about that much.
Speed is not asserted otherwise.

Also here: the slicing helpers themselves (:mod:`dominotiling._interrupt`).
"""

import os
import selectors
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from dominotiling import _interrupt

# Each case: set-up statements (they also compile the kernels on a small input),
# the long call, and the seconds from its start to the signal. CFTP's windows
# double, so its calls grew long only after a while before the fix.
CASES = {
    "kasteleyn count (banded determinant, threads)": (
        "from dominotiling.counting.kasteleyn import count_kasteleyn; "
        "count_kasteleyn(Region.rectangle(12, 12), elimination='band')",
        "count_kasteleyn(Region.rectangle(200, 200), elimination='band')",
        1.5,
    ),
    "kasteleyn count (nested dissection, threads)": (
        "count_tilings(Region.rectangle(40, 40), method='kasteleyn')",
        "count_tilings(Region.rectangle(300, 300), method='kasteleyn')",
        3.0,
    ),
    "profile DP count (threads)": (
        "count_tilings(Region.rectangle(6, 8), method='transfer')",
        "count_tilings(Region.rectangle(20, 3000), method='transfer')",
        1.5,
    ),
    "profile DP cover (main thread)": (
        "max_cover(Region.rectangle(5, 7))",
        "max_cover(Region.rectangle(16, 4000))",
        1.5,
    ),
    "glauber": (
        "glauber(start, steps=10, seed=1)",
        "glauber(start, steps=3 * 10**9, seed=1)",
        1.5,
    ),
    "wilson": (
        "uniform_spanning_tree((10, 10), seed=1)",
        "uniform_spanning_tree((4000, 4000), seed=1)",  # a few seconds: 2000 x 2000 can end within 1 s
        1.0,
    ),
    "cftp (a block with long thin arms)": (
        "sample_cftp(Region.rectangle(6, 6), seed=1, progress=False); region = block_with_arms(150, 1500)",
        "sample_cftp(region, seed=1, progress=False)",
        8.0,
    ),
}

CHILD = textwrap.dedent(
    """
    import sys, threading, time
    import numpy as np
    from dominotiling import Region, count_tilings, min_tiling, uniform_spanning_tree
    from dominotiling.sampling.mcmc import glauber, sample_cftp
    from dominotiling.counting.transfer import max_cover

    def block_with_arms(k, n):
        # a k x k block (slow to couple) with two arms 2 cells wide and n long: a
        # bounding box much larger than the block, where a sweep costs the box
        mask = np.zeros((k + n, k + n), dtype=bool)
        mask[:k, :k] = True
        mask[:2, :] = True
        mask[:, :2] = True
        return Region.from_mask(mask)

    start = min_tiling(Region.rectangle(20, 20))
    before = start.labels.copy()
    exec(sys.argv[1])
    # a code object, not a string: eval("...") interrupted would mark the exit as by SIGINT
    call = compile(sys.argv[2], "<case>", "eval")
    print("READY", flush=True)
    try:
        eval(call)
        print("FINISHED", flush=True)
    except KeyboardInterrupt:
        caught = time.time()
        cpu = time.process_time()
        time.sleep(0.5)
        burn = time.process_time() - cpu
        same = bool(np.array_equal(start.labels, before))
        print(f"INTERRUPTED {caught!r} {burn!r} {same} {cpu!r}", flush=True)
    """
)


def _cpu_seconds(pid):
    """The CPU seconds (user + system, all threads) process `pid` has used, or None off Linux."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _read_line(proc, selector, deadline):
    """The child's next line of output, or None when `deadline` passes first."""
    line = b""
    while time.time() < deadline:
        for _ in selector.select(timeout=max(0.0, deadline - time.time())):
            chunk = os.read(proc.stdout.fileno(), 1)
            if not chunk:
                return line.decode() or None
            if chunk == b"\n":
                return line.decode()
            line += chunk
    return None


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process is POSIX")
@pytest.mark.parametrize("name", list(CASES))
def test_ctrl_c_interrupts_long_kernel(name):
    setup, call, delay = CASES[name]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, setup, call],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    try:
        ready = _read_line(proc, selector, time.time() + 240)  # imports and compiles
        assert ready == "READY", (
            ready,
            proc.stderr.read1(10000) if proc.poll() is not None else "",
        )
        time.sleep(delay)  # the long call is under way
        sent, sent_cpu = time.time(), _cpu_seconds(proc.pid)
        proc.send_signal(signal.SIGINT)
        answer = _read_line(proc, selector, sent + 5.0)
        assert answer is not None, f"{name}: Ctrl-C did not stop the call within 5 s"
        assert answer != "FINISHED", f"{name}: the call ended before the signal; make it longer"
        word, caught, burn, same, caught_cpu = answer.split()
        assert word == "INTERRUPTED", answer
        # late by the wall clock, or by the child's own CPU time where that is less (a
        # busy machine gives the child a fraction of a core: its wall time is not its delay)
        late = float(caught) - sent
        if sent_cpu is not None:
            late = min(late, float(caught_cpu) - sent_cpu)
        assert late < 1.0, f"{name}: KeyboardInterrupt came {late:.1f} s late"
        assert float(burn) < 0.25, f"{name}: {float(burn):.2f} s of CPU spent after the interrupt"
        assert same == "True", f"{name}: the input tiling changed"
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        selector.close()
        proc.stdout.close()
        proc.stderr.close()


# ------------------------------------------- how often Python gets control back
# Ctrl-C is answered at the first moment the main thread runs Python again. These
# cases measure the longest stretch without such a moment during the whole call (a
# timer signal every 5 ms; its handler notes the time -- wall time, or the process's
# CPU time where that is less, so that a CPU-bound neighbour on a busy machine does not
# count -- and raises KeyboardInterrupt, as Ctrl-C does, once the call has run for
# `seconds`). Before issue 27 they held Python for 0.5 s (glauber building its result:
# np.unique of 8 million labels) to 2 s (edge probabilities: the (n, n, 4) block array,
# one call for all face weights, 16 levels of order 5000 in one call), and a 22 x 22
# monomer-dimer sample was refused (it kept a layer per cell: 16 GB).
GAP_CASES = {
    "aztec edge probabilities, order 5000": (
        "from dominotiling.aztec.weighted import aztec_edge_probabilities as f; f(600)",
        "f(5000)",
        4.0,
        0.3,
    ),
    "glauber and its result, 4000 x 4000": (
        "from dominotiling import Tiling; r = Region.rectangle(4000, 4000); "
        "t = Tiling(r, np.arange(r.mask.size).reshape(r.shape) // 2); glauber(start, steps=10, seed=1)",
        "glauber(t, steps=10**7, seed=1)",
        30.0,
        0.3,
    ),
    # one cell of the 22-wide DP is one kernel call (2**22 profiles): about 0.15 s
    "random monomer-dimer covering, 22 x 22": (
        "from dominotiling.counting.monomer_dimer import sample_monomer_dimer as f; "
        "f(Region.rectangle(4, 4), seed=1)",
        "f(Region.rectangle(22, 22), seed=1)",
        6.0,
        0.5,
    ),
}

GAP_CHILD = textwrap.dedent(
    """
    import signal, sys, time
    import numpy as np
    from dominotiling import Region, min_tiling
    from dominotiling.sampling.mcmc import glauber

    start = min_tiling(Region.rectangle(20, 20))
    exec(sys.argv[1])
    call = compile(sys.argv[2], "<case>", "eval")
    limit = float(sys.argv[3])
    state = {}

    def tick(sig, frame):
        now, cpu = time.perf_counter(), time.process_time()
        # a stretch is the wall time between two moments of Python, or the process's CPU
        # time in it where that is less: on a busy machine the wall time also counts the
        # other processes' turns, which the library does not control
        held = min(now - state["last"], cpu - state["last_cpu"])
        state["worst"] = max(state["worst"], held)
        state["last"], state["last_cpu"] = now, cpu
        if now - state["began"] > limit:
            signal.setitimer(signal.ITIMER_REAL, 0)  # once
            raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, tick)
    state.update(
        worst=0.0, began=time.perf_counter(), last=time.perf_counter(), last_cpu=time.process_time()
    )
    signal.setitimer(signal.ITIMER_REAL, 0.005, 0.005)
    try:
        eval(call)
        how = "FINISHED"
    except KeyboardInterrupt:
        how = "INTERRUPTED"
    signal.setitimer(signal.ITIMER_REAL, 0)
    cpu = time.process_time()
    time.sleep(0.5)
    print(how, state["worst"], time.process_time() - cpu, flush=True)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="interval timers are POSIX")
@pytest.mark.parametrize("name", list(GAP_CASES))
def test_long_calls_give_python_control_every_fraction_of_a_second(name):
    setup, call, seconds, most = GAP_CASES[name]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    done = subprocess.run(
        [sys.executable, "-c", GAP_CHILD, setup, call, str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    how, worst, burn = done.stdout.split()[-3:]
    assert how in ("FINISHED", "INTERRUPTED"), done.stdout
    assert float(worst) < most, (
        f"{name}: Python waited {float(worst):.2f} s for a kernel or array operation"
    )
    assert float(burn) < 0.25, f"{name}: {float(burn):.2f} s of CPU spent after the call"


# ------------------------------------------------------------------ the helpers


def test_slices_cover_the_range_in_order():
    for total, first in ((0, 1), (1, 1), (10, 3), (100_000, 7), (5, 100)):
        ranges = list(_interrupt.slices(total, first=first))
        assert [a for a, _ in ranges] == [0, *(b for _, b in ranges[:-1])][: len(ranges)]
        assert sum(b - a for a, b in ranges) == total
        assert all(b > a for a, b in ranges)
        if total:
            assert ranges[0] == (0, min(first, total)) and ranges[-1][1] == total


def test_slices_grow_when_calls_are_quick_and_shrink_when_slow():
    sizes = []
    for a, b in _interrupt.slices(10**9, first=10, seconds=0.01):
        sizes.append(b - a)
        if len(sizes) == 3:
            break
    assert sizes == [10, 80, 640]  # instant calls: eightfold each time
    pacer = _interrupt.Pacer(first=1000, seconds=0.001)
    ranges = pacer.ranges(0, 10**9)
    next(ranges)
    time.sleep(0.05)  # a call fifty times too long
    a, b = next(ranges)
    assert b - a == 1000 // 8


def test_pacer_carries_its_size_across_loops():
    pacer = _interrupt.Pacer(first=4, seconds=1.0)
    first = list(pacer.ranges(0, 4))
    second = list(pacer.ranges(10, 1000))
    assert first == [(0, 4)] and second[0] == (10, 42)  # 4 -> 32 after an instant call


def test_stop_flag_ends_a_worker_loop():
    stop = threading.Event()
    seen = []
    with pytest.raises(_interrupt.Stopped):
        for a, _b in _interrupt.slices(10**9, first=1, stop=stop):
            seen.append(a)
            if len(seen) == 3:
                stop.set()
    assert len(seen) == 3 and seen[0] == 0


def test_run_tasks_returns_results_in_order():
    assert _interrupt.run_tasks([]) == []
    tasks = [lambda stop, k=k: (time.sleep(0.01 * (5 - k)), k)[1] for k in range(5)]
    assert _interrupt.run_tasks(tasks, n_threads=3) == [0, 1, 2, 3, 4]
    assert _interrupt.run_tasks(tasks, inline=True) == [0, 1, 2, 3, 4]


def test_run_tasks_stops_the_others_when_one_fails():
    finished = []

    def long(stop):
        for _ in _interrupt.slices(10**6, first=1, stop=stop, seconds=0.01):
            time.sleep(0.01)  # a kernel call of 0.01 s: 10**6 units take hours
        finished.append("long")  # never: the flag stops it first

    def bad(stop):
        time.sleep(0.05)
        raise ArithmeticError("boom")

    with pytest.raises(ArithmeticError, match="boom"):
        _interrupt.run_tasks([long, long, bad], n_threads=3)
    assert finished == []
    assert threading.active_count() < 50


def test_nested_run_tasks_run_inline_in_the_worker():
    def outer(stop):
        return _interrupt.run_tasks([lambda s: threading.current_thread().name] * 2)

    names = _interrupt.run_tasks([outer], n_threads=1)[0]
    assert len(set(names)) == 1 and names[0].startswith("dominotiling")


def test_sliced_kernels_match_whole_runs():
    """A sweep cut anywhere gives the same layer as one call (the kernels are exact over ranges)."""
    from dominotiling._kernels import profile_dp as k

    rng = np.random.default_rng(5)
    mask = np.ascontiguousarray(rng.random((30, 6)) < 0.9)
    whole = np.zeros(64, dtype=np.uint64)
    whole[0] = 1
    k.advance_mod(mask, whole, np.uint64(0), 0, mask.size)
    cut = np.zeros(64, dtype=np.uint64)
    cut[0] = 1
    bounds = [0, 1, 7, 8, 50, 51, 120, mask.size]
    for a, b in zip(bounds, bounds[1:]):
        k.advance_mod(mask, cut, np.uint64(0), a, b)
    assert np.array_equal(whole, cut)


def test_no_progress_bar_in_a_log(monkeypatch, capsys):
    """Where stderr is a log (not a terminal, no notebook) a long run draws no bar: its
    carriage returns and cursor codes would litter the log (the tour's did)."""
    import dominotiling._interrupt as interrupt

    for watched in (False, True):
        monkeypatch.setattr(interrupt, "_watched", lambda w=watched: w)
        bar = interrupt.LazyBar(True, wait=0.0, total=10)
        bar.update(3)
        bar.close()
        assert (bar.bar is not None) is watched and bar.done == 3


# ---------------------------------------------------------------- called off from another thread
# The counts of CASES, run on a thread under cancel_scope; the flag goes up once each is under way.
CANCEL_CASES = {name: CASES[name] for name in CASES if "count" in name}


@pytest.mark.parametrize("name", list(CANCEL_CASES))
def test_cancel_scope_calls_off_a_long_count_on_a_thread(name):
    """Called off by another thread, a count leaves within two seconds through Cancelled, and no
    thread of its pool is left busy. Generous: it runs in calls of about 0.05 s; on a machine
    running four times more work than it has cores, single calls of the profile DP were
    measured up to 0.6 s (its cost per cell grows as its profiles fill up)."""
    from dominotiling import Region, count_tilings  # noqa: F401 - names of the cases
    from dominotiling.counting.kasteleyn import count_kasteleyn  # noqa: F401
    from dominotiling.errors import Cancelled

    setup, call, delay = CANCEL_CASES[name]
    scope = {"Region": Region, "count_tilings": count_tilings}
    exec(setup, scope)  # imports, and compiles the kernels on a small input
    flag, out = threading.Event(), {}

    def run():
        with _interrupt.cancel_scope(flag):
            try:
                out["value"] = eval(call, scope)
            except Cancelled as exc:
                out["cancelled"] = (time.perf_counter(), exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    time.sleep(delay)
    assert thread.is_alive(), f"{name}: the count ended before the flag (make it longer)"
    flag.set()
    raised = time.perf_counter()
    thread.join(30)
    assert not thread.is_alive() and "value" not in out
    left, exc = out["cancelled"]
    assert left - raised < 2.0, f"{name}: called off after {left - raised:.2f} s"
    assert "called off" in str(exc)
    cpu = time.process_time()
    time.sleep(0.5)
    assert time.process_time() - cpu < 0.25  # no task of the pool still computing


def test_cancel_scope_stops_run_tasks_between_tasks_and_in_the_pool():
    from dominotiling.errors import Cancelled, DominoTilingError

    flag, ran = threading.Event(), []

    def task(stop, k):
        ran.append(k)
        if k == 1:
            flag.set()  # the caller's flag goes up while task 1 runs
        return k

    with _interrupt.cancel_scope(flag), pytest.raises(Cancelled):
        _interrupt.run_tasks([lambda s, k=k: task(s, k) for k in range(4)], inline=True)
    assert ran == [0, 1]  # task 2 never started
    assert issubclass(Cancelled, DominoTilingError)

    flag.clear()
    finished = []

    def long(stop):
        for _ in _interrupt.slices(10**6, first=1, stop=stop, seconds=0.01):
            time.sleep(0.01)  # 10**6 calls of 0.01 s: hours
        finished.append("long")

    threading.Timer(0.2, flag.set).start()
    with _interrupt.cancel_scope(flag), pytest.raises(Cancelled):
        _interrupt.run_tasks([long, long], n_threads=2)
    assert finished == []
    # outside the scope, and in a scope whose flag is down, nothing is called off
    assert _interrupt.run_tasks([lambda s: 7], inline=True) == [7]
    with _interrupt.cancel_scope(threading.Event()):
        assert sum(b - a for a, b in _interrupt.slices(1000, first=3)) == 1000
    with pytest.raises(TypeError):
        _interrupt.cancel_scope("yes")


def test_cancel_scopes_nest_and_belong_to_their_thread():
    from dominotiling.errors import Cancelled

    outer, inner = threading.Event(), threading.Event()
    outer.set()
    with _interrupt.cancel_scope(outer):
        with _interrupt.cancel_scope(inner):
            _interrupt.check_cancelled()  # the inner flag serves here: down
            seen = []
            t = threading.Thread(target=lambda: seen.append(_interrupt.check_cancelled()))
            t.start()
            t.join()
            assert seen == [None]  # another thread has no scope
        with pytest.raises(Cancelled):
            _interrupt.check_cancelled()  # the outer one again
    _interrupt.check_cancelled()
