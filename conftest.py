"""Pytest configuration for every test path (tests, the package's doctests, notebooks, README).

- A non-interactive matplotlib backend, and the figures a test or doctest opened closed after it.
- Two tiers. ``pytest`` (the README's test command) runs every fast test; ``pytest --full``
  (what CI runs, ``.ci/run``) adds the *full* tier: the notebooks (nbval), the browser suite
  (``tests/browser/``), the documentation site's build, and the tests marked
  ``@pytest.mark.full`` -- law tests at scale and first-use compilations in a fresh process
  with an empty numba cache. A test of the full tier is a test like any other, run in full
  wherever it runs; it is only left out of the quick command (one summary line says how many
  and how to run them).
- Under pytest-xdist (``-n auto`` in the configuration), the tests of one file run on one
  worker, in order (``--dist loadfile``): a notebook's cells share one kernel. (Not
  ``loadgroup``: with pytest 9.2 xdist's groups are silently ignored -- it renames
  ``item._nodeid``, which pytest no longer reads -- and a notebook's cells were spread
  over the workers, each in a kernel of its own.)
- A notebook's stored outputs and its fresh ones are compared without the library's compile
  notice ("dominotiling: compiled N kernels ..."): it shows or not by the state of the numba
  cache and by what ran before in the process, not by what the notebook computes.
"""

import pathlib

import matplotlib
import pytest

matplotlib.use("Agg")

ROOT = pathlib.Path(__file__).resolve().parent
#: Folders and files whose every test belongs to the full tier.
FULL_PATHS = (
    ROOT / "tests" / "browser",  # JupyterLab and Chromium: 30-80 s a test
    ROOT / "tests" / "test_docs_links.py",  # builds the documentation site
    ROOT / "tests" / "sampling" / "test_sampler_law.py",  # means of samplers at scale
    ROOT / "tests" / "test_kernel_specialisations.py",  # compiles with an empty numba cache
    ROOT / "tests" / "test_locked_down.py",  # compiles with no cache at all
)


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="run the full tier too: notebooks, the browser suite, the docs site, law tests at "
        "scale (what CI runs)",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "full: the full tier (pytest --full; CI): law tests at scale, first-use compilations",
    )


def _is_notebook(item):
    return item.path.suffix == ".ipynb"


def _in_full_paths(item):
    return any(item.path == p or p in item.path.parents for p in FULL_PATHS)


def pytest_collection_modifyitems(config, items):
    """The full tier left out of the quick run."""
    full = config.getoption("--full")
    kept, left = [], []
    for item in items:
        if not full and (
            _is_notebook(item) or _in_full_paths(item) or item.get_closest_marker("full")
        ):
            left.append(item)
            continue
        kept.append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
    config._dominotiling_full_left = len(left)
    if hasattr(config, "workeroutput"):  # an xdist worker: the controller prints the line
        config.workeroutput["dominotiling_full_left"] = len(left)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """(xdist's controller) How many tests of the full tier a worker left out; all see the same."""
    left = getattr(node, "workeroutput", {}).get("dominotiling_full_left", 0)
    config = node.config
    config._dominotiling_full_left = max(getattr(config, "_dominotiling_full_left", 0), left)


def pytest_terminal_summary(terminalreporter, config):
    left = getattr(config, "_dominotiling_full_left", 0)
    if left and not config.getoption("--full"):
        terminalreporter.write_line(
            f"full tier: {left} test{'s' if left != 1 else ''} not run here (notebooks, browser suite, docs site, law "
            "tests at scale); pytest --full runs them (as CI does)"
        )


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")


def _without_compile_notice(outputs):
    """A notebook's outputs less the library's compile notice (a line that says which kernels
    were compiled for first use): whether it shows depends on the machine's numba cache and on
    what ran before in the same process, not on the notebook."""

    def notice(out):
        text = out.get("data", {}).get("text/plain", "")
        text = "".join(text) if isinstance(text, list) else text
        return out.get("output_type") == "display_data" and text.startswith("dominotiling: compil")

    return [out for out in outputs if not notice(out)]


def _patch_nbval():
    try:
        from nbval.plugin import IPyNbCell
    except ImportError:  # nbval is a test extra; without it there are no notebook tests
        return
    if getattr(IPyNbCell.compare_outputs, "_dominotiling", False):
        return
    compare = IPyNbCell.compare_outputs

    def compare_outputs(self, test, ref, skip_compare=None):
        return compare(
            self, _without_compile_notice(test), _without_compile_notice(ref), skip_compare
        )

    compare_outputs._dominotiling = True
    IPyNbCell.compare_outputs = compare_outputs


_patch_nbval()
