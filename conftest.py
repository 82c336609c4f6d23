"""Pytest configuration for every test path (tests, the package's doctests, notebooks, README):
a non-interactive matplotlib backend, and the figures a test or doctest opened closed after it."""

import matplotlib
import pytest

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
