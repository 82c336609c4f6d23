"""A locked-down install: no writable numba cache anywhere (issue 27).

The package is copied to a temporary directory where every ``__pycache__`` is a plain
file (so neither Python nor numba can create the directory, even as root), and
``HOME``, ``XDG_CACHE_HOME`` and ``NUMBA_CACHE_DIR`` point below a regular file
(where no directory can be created). Kernels must still run, uncached, and say so once.
"""

import os
import pathlib
import shutil
import subprocess
import sys

import dominotiling

PACKAGE = pathlib.Path(dominotiling.__file__).parent


def _locked_copy(tmp_path):
    root = tmp_path / "site"
    shutil.copytree(PACKAGE, root / "dominotiling", ignore=shutil.ignore_patterns("__pycache__"))
    for d in [
        root / "dominotiling",
        *(p for p in (root / "dominotiling").rglob("*") if p.is_dir()),
    ]:
        (d / "__pycache__").write_text("not a directory\n")
    blocker = tmp_path / "a-file"
    blocker.write_text("no directory can be made below a file\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "DOMINOTILING_"))}
    env.update(
        HOME=str(blocker / "home"),
        XDG_CACHE_HOME=str(blocker / "cache"),
        NUMBA_CACHE_DIR=str(blocker / "numba"),
        PYTHONPATH=str(root),
        PYTHONDONTWRITEBYTECODE="1",
    )
    return root, env


def _run(args, env, cwd):
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=900
    )


def test_kernels_run_uncached_and_say_so_once(tmp_path):
    root, env = _locked_copy(tmp_path)
    code = (
        "import dominotiling, numpy as np\n"
        "from dominotiling import Region, count_tilings, random_tiling\n"
        f"assert dominotiling.__file__.startswith({str(root)!r}), dominotiling.__file__\n"
        # 12 x 12: the profile DP's kernels (smaller boards are counted in plain Python)
        "print(count_tilings(Region.rectangle(12, 12), method='transfer'))\n"
        "print(count_tilings(Region.rectangle(6, 6), method='kasteleyn'))\n"
        "print(random_tiling(Region.rectangle(4, 4), seed=0).is_complete)\n"
    )
    out = _run(["-c", code], env, tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    # 12 x 12: 53060477521960000 and 6 x 6: 6728 (Kasteleyn 1961, by hand in the literature)
    assert out.stdout.split() == ["53060477521960000", "6728", "True"]
    assert out.stderr.count("no writable cache directory") == 1, out.stderr
    assert "Traceback" not in out.stderr
    assert not any(p.is_dir() for p in root.rglob("__pycache__"))


def test_the_cli_runs_uncached(tmp_path):
    root, env = _locked_copy(tmp_path)
    out = _run(
        ["-c", "import sys; from dominotiling.cli import main; sys.exit(main())", "count", "12x12"],
        env,
        tmp_path,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip() == "53060477521960000"  # the profile DP's kernels, uncached
    assert "Traceback" not in out.stderr
