"""Pytest configuration of the tests: notebook costs reported, and one local Dask cluster for the
tests that need one (the backend and the closing of figures: ../conftest.py)."""

import signal
import threading

import pytest


def pytest_configure(config):
    """Each notebook's wall time and saved-output size, reported at the end (tests/notebook_costs.py)."""
    from notebook_costs import NotebookCosts

    if not config.pluginmanager.has_plugin("dominotiling-notebook-costs"):
        config.pluginmanager.register(NotebookCosts(), "dominotiling-notebook-costs")


@pytest.fixture(autouse=True)
def _sigint_as_in_a_terminal():
    """Ctrl-C answered as in a terminal, also where pytest was started with SIGINT ignored.

    A shell without job control starts a background job (``pytest &`` in a script, ``nohup``)
    with SIGINT ignored; Python then installs no handler, ``_thread.interrupt_main`` does
    nothing and every child process inherits the ignored signal, so the tests that check
    that Ctrl-C arrives (tests/test_interrupt.py, the CLI's, the limit shape's) would fail
    for a reason outside the library. For the test's duration SIGINT gets Python's own
    handler, which also gives the children the default disposition a terminal gives them.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.SIG_IGN
    ):
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.fixture(scope="session")
def client():
    """A Client of a LocalCluster: 2 single-threaded worker processes on loopback, closed at the end."""
    from distributed import Client, LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster:
        with Client(cluster) as c:
            yield c


def pytest_terminal_summary(terminalreporter):
    """One line for the browser suite skipped where no Chromium is found (tests/browser/chromium.py)."""
    from browser.chromium import SKIP_REASON

    reasons = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = getattr(report, "longrepr", None)
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        reason = reason.removeprefix("Skipped: ")
        if reason.startswith(SKIP_REASON.rpartition(" ")[0]):  # "the browser suite needs ..."
            reasons[reason] = reasons.get(reason, 0) + 1
    for reason, n in reasons.items():
        terminalreporter.write_line(
            f"browser suite: {n} test{'s' if n != 1 else ''} skipped; {reason}; "
            "CI=true or DOMINOTILING_REQUIRE_BROWSER=1 makes a missing browser fail"
        )
