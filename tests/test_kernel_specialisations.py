"""The big kernels are compiled once per call path, not once more for a literal or an index type.

numba compiles a function again for every new tuple of argument types, and a
literal constant (``0``, ``False``) is a type of its own, as is the ``uint64``
index that a ``prange`` loop has in its threads' code. Each extra
specialisation of a large kernel is seconds of its first use (issue 28: the
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
    from dominotiling._kernels import faces, kasteleyn_sample as ks

    w = Weights.periodic(Region.aztec_diamond(6), faces=[[2.0, 1.0], [1.0, 1.0]])
    sample_aztec(6, seed=1, weights=w)
    random_tiling(Region.rectangle(6, 6), seed=1, method="kasteleyn")
    kernels = {"faces._face_step": faces._face_step, "faces._face_rows": faces._face_rows,
               "faces._face_rows_zeros": faces._face_rows_zeros, "kasteleyn_sample._canonical": ks._canonical,
               "kasteleyn_sample._orthonormalize": ks._orthonormalize}
    print(json.dumps({name: [str(s) for s in k.signatures] for name, k in kernels.items()}))
""")


def test_each_big_kernel_is_compiled_once(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba-cache"), DOMINOTILING_QUIET="1",
               PYTHONPATH=os.pathsep.join([ROOT] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    signatures = json.loads(out.stdout.strip().splitlines()[-1])
    extra = {name: sigs for name, sigs in signatures.items() if len(sigs) != 1}
    assert not extra, "compiled more than once: " + json.dumps(extra, indent=1)
