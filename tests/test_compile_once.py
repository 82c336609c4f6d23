"""A kernel is compiled once per process for arguments a user cannot tell apart.

A workload calls the public functions with inputs that differ only in ways a user
cannot see: a Region from a bool, int32 or int64 mask, writable or read-only, a seed
or a size as a Python int or a numpy int32/int64. numba compiles a kernel again for
every new tuple of argument types (a read-only array, an int32, a literal constant
are types of their own), and each extra specialisation is seconds of a first call.

- :func:`test_the_compile_notice_names_no_kernel_twice` (full tier): a fresh process with
  an empty numba cache, whose compile notice (one line per compilation on stderr) must
  name no kernel twice.
- :func:`test_no_kernel_holds_two_signatures` (fast): the same workload over the shared
  cache, where numba loads rather than compiles: every kernel dispatcher of
  ``dominotiling._kernels`` must hold one signature (loaded or compiled) at the end.

Kernels compiled for two argument types *by design* are named in
``dominotiling._kernels.BY_DESIGN`` with the reason (they are two computations); the shared
array loops of ``_kernels/arrays.py`` serve kernels of several array types.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

from dominotiling._kernels import BY_DESIGN, SHARED  # the policy, in one place

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

WORKLOAD = textwrap.dedent("""
    import numpy as np
    from dominotiling import *

    def regions():
        m = np.ones((6, 6), dtype=bool)
        ro = m.copy()
        ro.setflags(write=False)
        return [Region.rectangle(6, 6), Region.from_mask(m), Region.from_mask(ro),
                Region.from_mask(m.astype(np.int32)), Region.from_mask(m.astype(np.int64))]

    for r in regions():
        count_tilings(r, method="transfer"); count_tilings(r, method="kasteleyn")
        find_tiling(r); max_cover(r); random_tiling(r, seed=1)
        random_tiling(r, seed=np.int32(2), method="kasteleyn")
        min_tiling(r); max_tiling(r); sample_cftp(r, seed=1, progress=False)
        log_count(r); placement_probabilities(r)
    # the kernels' sweeps, not the small boards' plain Python: a square (its mask itself), a
    # wide strip (turned: a copy) and a holed figure in a frame (cropped: a copy)
    holed = np.zeros((16, 16), dtype=bool)
    holed[1:15, 1:15] = True
    holed[5:7, 5:7] = False
    for big in (Region.rectangle(14, 14), Region.rectangle(12, 30), Region.from_mask(holed)):
        count_tilings(big, method="transfer"); find_tiling(big); max_cover(big)
        random_tiling(big, seed=1, method="transfer")
    # the any-region sampler on an uncropped mask (read-only), a crop (a writable copy), uniform
    # and weighted (a Weights' read-only arrays): the tour's draws, which compiled its kernels
    # three times each
    framed = Region.from_mask(holed)
    for r in (Region.rectangle(8, 8), framed):
        for w in (None, Weights.by_orientation(r, 2.0, 1.0)):
            random_tiling(r, seed=1, weights=w, method="kasteleyn")
    for n in (4, np.int32(5), np.int64(6)):
        sample_aztec(n, seed=1)
    t = find_tiling(Region.rectangle(6, 6))
    glauber(t, steps=100, seed=1); glauber(t, steps=np.int32(100), seed=np.int64(2))
    # flux sectors: the parity split of the sweeps was compiled once per literal parity
    count_by_flux(framed); sample_sectors(framed, seed=1)
""")

SIGNATURES = textwrap.dedent("""
    import json, sys
    from numba.core.registry import CPUDispatcher
    out = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("dominotiling._kernels."):
            for attr, value in vars(module).items():
                if isinstance(value, CPUDispatcher) and value.__module__ == name:
                    out[name.rpartition(".")[2] + "." + attr] = [str(s) for s in value.signatures]
    print(json.dumps(out))
""")


def _run(code, **env):
    path = [ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    child = dict(os.environ, PYTHONPATH=os.pathsep.join(path), **env)
    run = subprocess.run(
        [sys.executable, "-c", code], env=child, capture_output=True, text=True, timeout=1800
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return run


def test_no_kernel_holds_two_signatures():
    run = _run(WORKLOAD + SIGNATURES)
    signatures = json.loads(run.stdout.strip().splitlines()[-1])
    used = {k: v for k, v in signatures.items() if v}
    assert len(used) >= 12, used  # the workload reached the kernels it is meant to
    twice = {
        k: v
        for k, v in used.items()
        if len(v) > 1 and k not in BY_DESIGN and not k.startswith(SHARED)
    }
    assert not twice, "kernels with two signatures: " + json.dumps(twice, indent=1)


@pytest.mark.full
def test_the_compile_notice_names_no_kernel_twice(tmp_path):
    run = _run(WORKLOAD, NUMBA_CACHE_DIR=str(tmp_path / "numba-cache"), DOMINOTILING_QUIET="")
    names = re.findall(r"dominotiling: compil(?:ing|ed) (\S+)", run.stderr)
    assert len(set(names)) >= 12, run.stderr[-3000:]  # the notice spoke, once per compilation
    counts = {}
    for line in run.stderr.splitlines():  # a line per compilation: "compiling NAME ..."
        for name in re.findall(r"dominotiling: compiling (\S+)", line):
            counts[name] = counts.get(name, 0) + 1
    twice = {
        k: n for k, n in counts.items() if n > 1 and k not in BY_DESIGN and not k.startswith(SHARED)
    }
    assert not twice, f"compiled more than once in one process: {twice}"


def test_no_notebook_saves_a_compile_line():
    """Compile notices are not content: a notebook saves at most the one grey line, never
    a worker's (or anyone's) stderr notice (notebook 08 saved four Dask workers' lines)."""
    import pathlib

    for path in sorted(pathlib.Path(ROOT, "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            for out in cell.get("outputs", []):
                text = out.get("text", "")
                text = "".join(text) if isinstance(text, list) else text
                assert not (out.get("name") == "stderr" and "dominotiling: compil" in text), (
                    path.name,
                    text[:200],
                )


def test_a_dask_worker_says_nothing(capsys, monkeypatch):
    """In a Dask worker a compilation writes no line (the workers share the notebook's stderr)."""
    from numba.core import event

    from dominotiling import _compile_notice

    _compile_notice.install()
    _compile_notice._register()
    f = lambda: None  # noqa: E731
    f.__module__, f.__qualname__ = "dominotiling._kernels.fake", "in_a_worker"
    data = {"dispatcher": type("Dispatcher", (), {"py_func": f})()}
    for in_worker in (True, False):
        monkeypatch.setattr(_compile_notice, "_in_dask_worker", lambda w=in_worker: w)
        event.start_event("numba:compile", data=data)
        event.end_event("numba:compile", data=data)
        err = capsys.readouterr()[1]
        assert ("in_a_worker" in err) is not in_worker, err
