"""Pytest configuration of the tests: notebook costs reported, and one local Dask cluster for the
tests that need one (the backend and the closing of figures: ../conftest.py)."""

import pytest


def pytest_configure(config):
    """Each notebook's wall time and saved-output size, reported at the end (tests/notebook_costs.py)."""
    from notebook_costs import NotebookCosts

    if not config.pluginmanager.has_plugin("dominotiling-notebook-costs"):
        config.pluginmanager.register(NotebookCosts(), "dominotiling-notebook-costs")


@pytest.fixture(scope="session")
def client():
    """A Client of a LocalCluster: 2 single-threaded worker processes on loopback, closed at the end."""
    from distributed import Client, LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster:
        with Client(cluster) as c:
            yield c
