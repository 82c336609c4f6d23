"""The browser suite's rule: skipped with one line where no Chromium is found, a failure where CI
is set (or ``DOMINOTILING_REQUIRE_BROWSER=1``). Chromium is hidden from a child pytest by
``DOMINOTILING_CHROMIUM=/nonexistent`` and a ``PATH`` without it (tests/browser/chromium.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = "tests/browser/test_exported_html.py"


def _run(tmp_path, **env):
    """A child pytest of one browser file, with Chromium hidden and `env` on top."""
    path = [
        d
        for d in os.environ.get("PATH", "").split(os.pathsep)
        if d
        and not any(os.path.exists(os.path.join(d, b)) for b in ("chromium", "chromium-browser"))
    ]
    child = {k: v for k, v in os.environ.items() if k not in ("CI", "DOMINOTILING_REQUIRE_BROWSER")}
    child.update(
        DOMINOTILING_CHROMIUM=str(tmp_path / "nonexistent"),
        PATH=os.pathsep.join(path),
        PYTHONPATH=os.pathsep.join(
            [ROOT] + [p for p in child.get("PYTHONPATH", "").split(os.pathsep) if p]
        ),
        **env,
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            TARGET,
            "--full",
            "-o",
            "addopts=",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        cwd=ROOT,
        env=child,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return run, run.stdout + run.stderr


def test_no_chromium_skips_the_suite_with_one_line(tmp_path):
    run, out = _run(tmp_path)
    assert run.returncode == 0, out[-3000:]
    skipped = int(re.search(r"(\d+) skipped", out).group(1))
    assert skipped >= 1 and not re.search(r"\d+ (passed|failed|errors?)\b", out), out[-3000:]
    lines = [ln for ln in out.splitlines() if ln.startswith("browser suite:")]
    assert len(lines) == 1, out[-3000:]
    assert f"{skipped} test" in lines[0] and "apt-get install -y chromium" in lines[0]
    assert "DOMINOTILING_CHROMIUM" in lines[0] and "CI=true" in lines[0]


@pytest.mark.parametrize("env", [{"CI": "true"}, {"DOMINOTILING_REQUIRE_BROWSER": "1"}])
def test_where_required_a_missing_chromium_fails(tmp_path, env):
    run, out = _run(tmp_path, **env)
    assert run.returncode == 1, out[-3000:]
    assert "skipped" not in out.splitlines()[-1] and "browser suite:" not in out
    errors = int(re.search(r"(\d+) errors?", out).group(1))
    assert errors >= 1 and out.count("the browser suite needs Chromium") >= 1, out[-3000:]


def test_ci_false_is_unset(tmp_path):
    run, out = _run(tmp_path, CI="false")
    assert run.returncode == 0 and "browser suite:" in out, out[-3000:]
