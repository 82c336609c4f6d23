"""Numba kernel: determinants of sparse banded integer matrices modulo small primes.

Residues are held in float64: every prime is below ``2**26``, so a product of two
residues is below ``2**52`` and exact in a double, and ``x mod p`` is
``x - floor(x / p) * p`` with one correction step -- operations the compiler can
vectorise, unlike 64-bit integer division.

The band is stored column by column (as LAPACK's ``gbtrf`` does, transposed so a
column is contiguous): entry ``A[i, j]`` lives at ``band[j, kl + ku + i - j]``.
Partial pivoting within the ``kl`` rows below the diagonal widens the upper band
to ``ku + kl``, which the storage already has room for.

The elimination runs over a range of columns (:func:`band_eliminate`) on a band the
caller owns, so that a long determinant is made of short calls (Ctrl-C; see
``dominotiling/_interrupt.py``); the kernels release the GIL, one prime per thread.
"""

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _reduce(x, p, invp):
    """``x mod p`` for an exact float ``|x| < 2**53`` (result in ``[0, p)``)."""
    x -= np.floor(x * invp) * p
    if x < 0.0:
        x += p
    elif x >= p:
        x -= p
    return x


@njit(cache=True)
def _inverse(a, p):
    """Inverse of ``a`` modulo the prime ``p`` (extended Euclid on int64)."""
    t, new_t, r, new_r = 0, 1, p, a
    while new_r != 0:
        q = r // new_r
        t, new_t = new_t, t - q * new_t
        r, new_r = new_r, r - q * new_r
    return t + p if t < 0 else t


@njit(cache=True, nogil=True)
def band_fill(band, kl, ku, rows, cols, vals, p):
    """Fill ``band`` (float64 ``(n, 2 kl + ku + 1)``, zeros) with the matrix reduced mod ``p``, column by column."""
    base = kl + ku
    pf = float(p)
    invp = 1.0 / pf
    for e in range(rows.shape[0]):
        v = vals[e] % p
        if v < 0:
            v += p
        band[cols[e], base + rows[e] - cols[e]] += float(v)
    for e in range(rows.shape[0]):  # duplicates may have summed past p
        i, j = rows[e], cols[e]
        band[j, base + i - j] = _reduce(band[j, base + i - j], pf, invp)


@njit(cache=True, nogil=True)
def band_eliminate(band, kl, ku, p, start, stop, det):
    """Eliminate columns ``start..stop-1`` of ``band`` mod ``p`` in place; the determinant so far.

    ``det`` is the product of the pivots of the columns before ``start`` (with the
    sign of the row swaps), as a float in ``[0, p)``; the return value includes
    columns ``start..stop-1``, and is 0 as soon as a column has no pivot (the
    determinant is 0: the caller stops there).
    """
    n = band.shape[0]
    base = kl + ku
    pf = float(p)
    invp = 1.0 / pf
    mult = np.zeros(kl + 1)
    for k in range(start, stop):
        last = min(n - 1, k + kl)
        piv = -1
        for i in range(k, last + 1):
            if band[k, base + i - k] != 0.0:
                piv = i
                break
        if piv < 0:
            return 0.0
        right = min(n - 1, k + ku + kl)
        if piv != k:
            for j in range(k, right + 1):
                a = band[j, base + k - j]
                band[j, base + k - j] = band[j, base + piv - j]
                band[j, base + piv - j] = a
            det = pf - det if det != 0.0 else 0.0
        akk = band[k, base]
        det = _reduce(det * akk, pf, invp)
        inv = float(_inverse(np.int64(akk), np.int64(p)))
        m = last - k
        for t in range(1, m + 1):
            mult[t] = _reduce(band[k, base + t] * inv, pf, invp)
        for j in range(k + 1, right + 1):
            off = base + k - j
            akj = band[j, off]
            if akj == 0.0:
                continue
            col = band[j]
            for t in range(1, m + 1):
                col[off + t] = _reduce(col[off + t] - mult[t] * akj, pf, invp)
    return det
