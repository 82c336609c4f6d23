"""Primes below ``2**48`` for the exact partition function of the Aztec diamond.

Urban renewal runs modulo primes just below ``2**48``, whose products stay exact in
double precision with fused multiply-adds (:mod:`dominotiling._kernels.urban_renewal`);
this module finds and caches them.

Examples
--------
>>> from dominotiling.aztec.primes import large_primes
>>> len(large_primes(3))
3
"""

from __future__ import annotations

import math
import threading

import numpy as np

__all__ = ["large_primes", "LARGE_PRIME_TOP"]

_PRIME_LOCK = threading.Lock()


#: The exact partition function of the Aztec diamond works modulo primes between ``2**47`` and this.
LARGE_PRIME_TOP = 1 << 48


_LARGE_PRIMES = []


def large_primes(k):
    """The `k` largest primes below ``2**48``, decreasing, as Python ints (cached).

    Candidates are sieved by the odd primes below ``2**12`` in windows of
    ``2**16``, then tested by Miller-Rabin to the bases 2, 3, ..., 17 --
    deterministic below ``341550071728321 > 2**48`` (Jaeschke 1993) -- with the
    double-precision modular products of ``_kernels/urban_renewal.py``.

    Examples
    --------
    >>> large_primes(2)
    [281474976710597, 281474976710591]
    """
    from .._kernels.urban_renewal import strong_probable_primes

    with _PRIME_LOCK:
        top = _LARGE_PRIMES[-1] if _LARGE_PRIMES else LARGE_PRIME_TOP
        if len(_LARGE_PRIMES) < k:
            small = [
                q
                for q in range(3, 1 << 12, 2)
                if all(q % r for r in range(3, math.isqrt(q) + 1, 2))
            ]
            bases = np.array([2, 3, 5, 7, 11, 13, 17], dtype=np.int64)
        while len(_LARGE_PRIMES) < k:
            lo = top - (1 << 16)
            keep = np.ones(top - lo, dtype=bool)  # keep[i]: lo + i
            keep[lo % 2 :: 2] = False
            for q in small:
                keep[(-lo) % q :: q] = False
            cands = (lo + np.flatnonzero(keep)[::-1]).astype(np.int64)
            _LARGE_PRIMES.extend(cands[strong_probable_primes(cands, bases)].tolist())
            top = lo
        return _LARGE_PRIMES[:k]
