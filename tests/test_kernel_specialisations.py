"""The big kernels are compiled once per call path, not once more for a literal or an index type.

numba compiles a function again for every new tuple of argument types, and a
literal constant (``0``, ``False``) is a type of its own, as is the ``uint64``
index that a ``prange`` loop has in its threads' code. Each extra
specialisation of a large kernel is seconds of its first use, and so is a row
kernel that the weights at hand never run (positive weights need no zero-weight
rows; the face kernels' callers choose the zero-weight kernel only where a weight is 0)
(issue 28: the
first use of any public function compiles in at most 15 s; the times are in
``benchmarks/cases_first_call.py``). Counted here, in a fresh interpreter with
an empty numba cache (a kernel loaded from the cache lists no callee).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = textwrap.dedent("""
    import json
    from dominotiling import Region, Weights, random_tiling, sample_aztec
    from dominotiling._kernels import faces, shuffling, kasteleyn_sample as ks

    w = Weights.periodic(Region.aztec_diamond(6), faces=[[2.0, 1.0], [1.0, 1.0]])
    sample_aztec(6, seed=1, weights=w)
    random_tiling(Region.rectangle(6, 6), seed=1, method="kasteleyn")
    kernels = {"faces.face_rows": faces.face_rows, "faces.face_rows_zeros": faces.face_rows_zeros,
               "shuffling.shuffle_row": shuffling.shuffle_row,
               "kasteleyn_sample.compress_rows": ks.compress_rows,
               "kasteleyn_sample.sample_rows": ks.sample_rows,
               "kasteleyn_sample._build_t": ks._build_t, "kasteleyn_sample.refine": ks.refine}
    print(json.dumps({name: [str(s) for s in k.signatures] for name, k in kernels.items()}))
""")


def _env(tmp_path):
    """The child's environment: an empty numba cache, no notices, this checkout first on the path."""
    path = [ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return dict(
        os.environ,
        NUMBA_CACHE_DIR=str(tmp_path / "numba-cache"),
        DOMINOTILING_QUIET="1",
        PYTHONPATH=os.pathsep.join(path),
    )


def test_each_big_kernel_is_compiled_once(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", CHILD],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    signatures = json.loads(out.stdout.strip().splitlines()[-1])
    # positive weights: the zero-weight rows are not compiled at all; a well-conditioned draw
    # never asks for a refinement step, so that is not compiled either (issue 37)
    assert signatures.pop("faces.face_rows_zeros") == []
    assert signatures.pop("kasteleyn_sample.refine") == []
    extra = {name: sigs for name, sigs in signatures.items() if len(sigs) != 1}
    assert not extra, "compiled more than once: " + json.dumps(extra, indent=1)


def test_zero_weights_compile_their_own_rows_once(tmp_path):
    # one placement of weight 0 (the top row's horizontal one): tilings remain
    zero = (
        "import numpy as np\nh = np.ones((12, 11)); h[0, 5] = 0\n"
        "w = Weights.from_arrays(h, np.ones((11, 12)))\n"
    )
    child = CHILD.replace(
        "w = Weights.periodic(Region.aztec_diamond(6), faces=[[2.0, 1.0], [1.0, 1.0]])\n", zero
    ).replace('random_tiling(Region.rectangle(6, 6), seed=1, method="kasteleyn")\n', "")
    assert "h[0, 5] = 0" in child and 'kasteleyn"' not in child
    out = subprocess.run(
        [sys.executable, "-c", child],
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    signatures = json.loads(out.stdout.strip().splitlines()[-1])
    assert (
        len(signatures["faces.face_rows_zeros"]) == 1
        and len(signatures["shuffling.shuffle_row"]) == 1
    )
    assert signatures["faces.face_rows"] == []
