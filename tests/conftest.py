"""Pytest configuration: a non-interactive matplotlib backend, figures closed after each test,
and one local Dask cluster for the tests that need one."""

import matplotlib
import pytest

matplotlib.use("Agg")


def pytest_configure(config):
    """Each notebook's wall time and saved-output size, reported at the end (tests/notebook_costs.py)."""
    from notebook_costs import NotebookCosts

    if not config.pluginmanager.has_plugin("dominotiling-notebook-costs"):
        config.pluginmanager.register(NotebookCosts(), "dominotiling-notebook-costs")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.fixture(scope="session")
def client():
    """A Client of a LocalCluster: 2 single-threaded worker processes on loopback, closed at the end."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, host="127.0.0.1") as cluster:
        with Client(cluster) as c:
            yield c
