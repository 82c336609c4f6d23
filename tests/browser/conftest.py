"""The browser suite: Debian's Chromium driven by Playwright, JupyterLab on 127.0.0.1.

What a person sees, checked from the page: notebooks run top to bottom in
JupyterLab, animations that play without a click, explorers that answer, the
tour's page with every picture and link. Playwright comes from PyPI; the browser
is the system's Chromium (``apt-get install chromium``; ``DOMINOTILING_CHROMIUM``
names another binary), never Playwright's own download. Where no Chromium is found the
suite is skipped, with one summary line that says how to enable it; where ``CI`` is set
(or ``DOMINOTILING_REQUIRE_BROWSER=1``) a missing browser is a failure with the command
that installs it (``chromium.py`` holds the rule).

Screenshots of failed tests are kept in ``browser-artifacts/`` at the repository's
root (``DOMINOTILING_BROWSER_ARTIFACTS`` names another folder).
"""

from __future__ import annotations

import json
import os
import pathlib
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from .chromium import browser_required, chromium_path, missing

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = pathlib.Path(
    os.environ.get("DOMINOTILING_BROWSER_ARTIFACTS", ROOT / "browser-artifacts")
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Longest wait for JupyterLab to answer.
SERVER_START_S = 120


def pytest_collection_modifyitems(config, items):
    """Skip the browser suite where it cannot run and is not required (one reason for all)."""
    reason = missing()
    if reason is None or browser_required():
        return
    here = pathlib.Path(__file__).parent
    skip = pytest.mark.skip(reason=reason)
    for item in items:
        if here in item.path.parents:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _browser_found():
    """Where the browser is required but missing, every browser test fails at once, before any
    server starts or site builds (where it is not required, the tests are skipped instead)."""
    reason = missing()
    if reason is not None:
        pytest.fail(reason, pytrace=False)


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(missing() or "the browser suite needs Playwright", pytrace=False)
    path = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield b
        finally:
            b.close()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture
def page(browser, request):
    """A fresh page (1280x900, device scale 1); its screenshot is kept if the test fails."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda exc: pg.errors.append(str(exc)))
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in request.node.name)
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # noqa: BLE001 - a failed screenshot must not hide the failure
            print(f"no screenshot of {name}: {exc}", file=sys.stderr)
    context.close()


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _strip_outputs(src, dst):
    nb = json.loads(src.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    dst.write_text(json.dumps(nb, indent=1), encoding="utf-8")


class Lab:
    """A JupyterLab server on 127.0.0.1 over a copy of the notebooks (outputs removed).

    ``app="nbclassic"`` starts the classic Notebook (``nbclassic``) instead, on the same terms.
    ``extra_settings`` adds JupyterLab settings, ``{"package:plugin": {name: value}}``.
    """

    def __init__(self, base, app="lab", extra_settings=None):
        self.base = base
        self.app = app
        self.port = _free_port()
        self.token = secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.root = base / "notebooks"
        self.root.mkdir()
        for nb in NOTEBOOKS.glob("*.ipynb"):
            _strip_outputs(nb, self.root / nb.name)
        settings = base / "settings"
        for plugin, values in {
            **(extra_settings or {}),
            # every cell in the page (no virtual scrolling): the checks see all outputs
            "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
            "@jupyterlab/apputils-extension:notification": {
                "fetchNews": "false",
                "checkForUpdates": False,
            },
        }.items():
            package, name = plugin.split(":")
            folder = settings.joinpath(*package.split("/"))
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{name}.jupyterlab-settings").write_text(json.dumps(values))
        env = dict(os.environ)
        env.update(
            {
                "PYTHONPATH": os.pathsep.join(
                    [str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
                ),
                "JUPYTERLAB_SETTINGS_DIR": str(settings),
                "JUPYTERLAB_WORKSPACES_DIR": str(base / "workspaces"),
                "JUPYTER_CONFIG_DIR": str(base / "config"),
                "JUPYTER_RUNTIME_DIR": str(base / "runtime"),
                "IPYTHONDIR": str(base / "ipython"),
                "MPLBACKEND": "module://matplotlib_inline.backend_inline",
            }
        )
        env.pop("DOMINOTILING_QUIET", None)
        log = base / f"{app}.log"
        self.log = open(log, "wb")
        command = (
            [sys.executable, "-m", "jupyter", "lab", "--LabApp.news_url="]
            if app == "lab"
            else [sys.executable, "-m", "nbclassic"]
        )
        self.proc = subprocess.Popen(
            command
            + [
                "--no-browser",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
                "--ServerApp.port_retries=0",
                "--ServerApp.allow_remote_access=False",
                "--allow-root",
            ],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + SERVER_START_S
        while True:
            try:
                with urllib.request.urlopen(
                    f"{self.url}/api/status?token={self.token}", timeout=5
                ) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(
                    f"{app} did not start: see {log}:\n" + log.read_text(errors="replace")[-2000:],
                    pytrace=False,
                )
            time.sleep(0.5)

    def notebook_url(self, name):
        if self.app == "lab":
            return f"{self.url}/lab/tree/{name}?token={self.token}&reset"
        return f"{self.url}/notebooks/{name}?token={self.token}"

    def stop(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=20)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.proc.wait(timeout=20)
        self.log.close()


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    server = Lab(tmp_path_factory.mktemp("lab"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def classic(tmp_path_factory):
    """The classic Notebook (``nbclassic``, in the ``test`` extra) on 127.0.0.1, over the same copies."""
    try:
        import nbclassic  # noqa: F401
    except ImportError:
        pytest.fail(
            "the classic Notebook's tests need nbclassic: pip install -e '.[test]'", pytrace=False
        )
    server = Lab(tmp_path_factory.mktemp("classic"), app="nbclassic")
    try:
        yield server
    finally:
        server.stop()
