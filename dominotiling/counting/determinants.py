"""Exact determinants of integer matrices: banded elimination modulo primes, then CRT.

The Kasteleyn counts, the Pfaffians of planar graphs, the symbolic counts and
Kirchhoff's spanning-tree counts all end in one exact determinant. It is computed
modulo as many primes below ``2**26`` as a proven bound (Hadamard's, unless the
caller knows a better one) requires, one prime per thread, by Gaussian elimination
inside the band (:mod:`dominotiling._kernels.banded_det`), and the residues are put
together by the Chinese remainder theorem (:mod:`dominotiling._exact`).

Examples
--------
>>> import numpy as np
>>> from dominotiling.counting.determinants import det_exact
>>> det_exact(np.array([[2, 1], [1, 2]]))
3
"""

from __future__ import annotations

import math

import numpy as np

from .._exact import SMALL_PRIME_TOP, bandwidths, crt, hadamard_log2_bound, small_primes_for_bits
from .._options import check_memory
from ..errors import DominoTilingError, DominoTypeError

__all__ = ["det_mod_primes", "det_exact"]


def det_mod_primes(matrix, primes):
    """Determinant of an integer matrix modulo each prime below ``2**26``.

    Gaussian elimination inside the band with partial pivoting, in numba, one
    prime per thread: ``O(n * kl * (kl + ku))`` operations per prime for lower and
    upper bandwidths ``kl`` and ``ku``, and ``8 * n * (2 kl + ku + 1)`` bytes per
    thread. Order the rows and columns so that the band is narrow (for a grid
    region: cells row by row along the long side).

    Each prime's elimination runs in slices of columns of about 0.05 s
    (``dominotiling._interrupt``): Ctrl-C stops every thread within a slice, and
    nothing is left running.

    Parameters
    ----------
    matrix : scipy.sparse matrix or array_like, square, integer entries
    primes : array_like of int
        Primes below ``2**26`` (see :func:`small_primes`).

    Returns
    -------
    numpy.ndarray of int64
        ``det(matrix) mod p`` for each prime, in ``[0, p)``.

    Raises
    ------
    DominoTilingError
        If the matrix is not square with integer entries, or a prime is out of range.
    TooLargeError
        If the bands of the threads would not fit in the memory budget
        (``dominotiling.set_options``); raised before they are allocated.

    Examples
    --------
    >>> det_mod_primes(np.array([[2, 1], [1, 2]]), [5, 7]).tolist()
    [3, 3]
    """
    from scipy import sparse

    try:
        a = sparse.coo_matrix(matrix)
    except (TypeError, ValueError):
        raise DominoTypeError(
            f"the matrix must be a 2-D array or scipy.sparse matrix of integers, got {type(matrix).__name__}"
        ) from None
    n = a.shape[0]
    if a.shape != (n, n):
        raise DominoTilingError(f"the matrix must be square, got shape {a.shape}")
    vals = a.data
    if vals.dtype.kind == "f":
        if not np.all(vals == np.round(vals)):
            raise DominoTilingError("the matrix must have integer entries for an exact determinant")
    elif vals.dtype.kind not in "biu":
        raise DominoTypeError(f"the matrix must have integer entries, got dtype {vals.dtype}")
    primes = np.asarray(primes, dtype=np.int64)
    if len(primes) and (primes.max() >= SMALL_PRIME_TOP or primes.min() < 2):
        raise DominoTilingError("primes must lie in [2, 2**26)")
    if n == 0:
        return np.ones(len(primes), dtype=np.int64)
    kl, ku = bandwidths(a)
    from .._interrupt import threads

    n_threads = min(threads(), max(1, len(primes)))
    check_memory(
        8 * n * (2 * kl + ku + 1) * n_threads,
        f"the bands of an exact {n} x {n} determinant (bandwidths {kl} and {ku}, "
        f"{n_threads} thread(s))",
        "a narrower band (order the rows and columns along the long side)",
    )
    rows, cols = a.row.astype(np.int64), a.col.astype(np.int64)
    return _banded_residues(n, kl, ku, rows, cols, vals.astype(np.int64), primes, n_threads)


# eliminations smaller than this (entries updated, all primes together) run in the
# calling thread: handing them to the pool would cost more than they do
_INLINE_WORK = 2_000_000


def _banded_residues(n, kl, ku, rows, cols, vals, primes, n_threads):
    """``det mod p`` for each prime: one task per prime, columns eliminated in slices."""
    from .._interrupt import run_tasks, slices
    from .._kernels.banded_det import band_eliminate, band_fill

    per_column = max(1, (kl + 1) * (kl + ku + 1))
    first = max(1, 200_000 // per_column)

    def task(p):
        def run(stop):
            band = np.zeros((n, 2 * kl + ku + 1))
            band_fill(band, kl, ku, rows, cols, vals, p)
            det = 1.0
            for start, stop_ in slices(n, first=first, stop=stop):
                det = band_eliminate(band, kl, ku, p, start, stop_, det)
                if det == 0.0:  # a column without pivot: the determinant is 0
                    return 0
            return int(det)

        return run

    tasks = [task(np.int64(p)) for p in primes]
    inline = per_column * n * len(primes) < _INLINE_WORK
    out = run_tasks(tasks, n_threads=n_threads, inline=inline)
    return np.array(out, dtype=np.int64)


def det_exact(matrix, log2_bound=None):
    """The exact determinant of an integer matrix (a Python int), by primes and CRT.

    Parameters
    ----------
    matrix : scipy.sparse matrix or array_like, square, integer entries
        Best ordered so that its nonzeros lie in a narrow band (see
        :func:`det_mod_primes` for the cost).
    log2_bound : float, optional
        A proven bound ``B`` with ``|det| <= 2**B``; Hadamard's bound by default.
        Enough primes are used that their product exceeds ``2**(B + 1)``, so the
        residues fix the determinant with its sign (symmetric remainders).

    Returns
    -------
    int

    Examples
    --------
    >>> import numpy as np
    >>> det_exact(np.array([[2, 1, 0], [1, 2, 1], [0, 1, 2]]))
    4
    """
    if log2_bound is None:
        log2_bound = hadamard_log2_bound(matrix)
    if log2_bound == -math.inf:
        return 0
    primes = small_primes_for_bits(max(log2_bound, 0.0) + 2.0)
    residues = det_mod_primes(matrix, primes)
    value = crt(residues, primes)
    modulus = math.prod(int(p) for p in primes)
    return value - modulus if value > modulus // 2 else value
