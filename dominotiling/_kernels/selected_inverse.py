"""Numba kernel: selected entries of ``A^{-1}`` from a sparse LU, refined, with what bounds their error.

``A`` is a square sparse matrix with entries 0 and ±1 (a real Kasteleyn matrix:
rows black cells, columns white cells), given in CSR; SuperLU factors it as
``Pr A Pc = L U``. For each column ``b`` of ``X ~ A^{-1}`` (the white-indexed
solution of ``A x = e_b``), the kernel solves with the factors, forms the residual
``r = e_b - A x`` with Neumaier's compensated summation (the products with ±1 are
exact, so each entry is correct to a relative ``2u`` plus ``gamma_4**2`` times the
sum of its absolute terms), solves again for the correction ``d ~ A^{-1} r`` and
forms the residual of that, ``r2 = r - A d``, the same way. The entries ``x[w] +
d[w]`` for the edges ``(b, w)`` of ``A`` are the refined values; the rest is for
the caller's error bound (see :func:`dominotiling.counting.placement._certified_edge_probabilities`).

Each thread solves :data:`BLOCK` columns at a time (every factor entry read once
for all of them). The columns of a call, ``[start, stop)``, are split among the
threads; sums over columns go to one row of ``rowsum``/``xnorm`` per chunk, added
up by the caller. The refined values do not depend on how the caller slices the
columns (each column is computed alike in any block); the bounds only in their
last bits (the order of the sums).
"""

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _neumaier(s, c, t):
    """One step of Neumaier's compensated sum: ``(s + t, c + error)``."""
    u = s + t
    if abs(s) >= abs(t):
        c += (s - u) + t
    else:
        c += (t - u) + s
    return u, c


@njit(cache=True)
def _lu_solve(l_ptr, l_idx, l_val, u_ptr, u_idx, u_val, u_diag, perm_r, perm_c, y, z, out, m):
    """``out[:, :m] = A^{-1} y[:, :m]`` from ``Pr A Pc = L U`` (unit ``L``, CSC factors).

    ``y``, ``z`` (scratch) and ``out`` are ``(n, B)`` C-order blocks of right-hand
    sides: each factor entry is read once for the ``m <= B`` columns of the block.
    """
    n = y.shape[0]
    for j in range(n):
        for q in range(m):
            z[perm_r[j], q] = y[j, q]
    for j in range(n):  # L z = z, column by column (unit diagonal)
        zj = z[j]
        for p in range(l_ptr[j], l_ptr[j + 1]):
            i = l_idx[p]
            if i != j:
                v = l_val[p]
                zi = z[i]
                for q in range(m):
                    zi[q] -= v * zj[q]
    for j in range(n - 1, -1, -1):  # U w = z, backwards; w overwrites z
        zj = z[j]
        dj = u_diag[j]
        for q in range(m):
            zj[q] /= dj
        for p in range(u_ptr[j], u_ptr[j + 1]):
            i = u_idx[p]
            if i != j:
                v = u_val[p]
                zi = z[i]
                for q in range(m):
                    zi[q] -= v * zj[q]
    for i in range(n):
        for q in range(m):
            out[i, q] = z[perm_c[i], q]


@njit(cache=True)
def _residual(a_ptr, a_idx, a_val, y, x, r, rabs, m):
    """``r = y - A x`` compensated (``A`` in CSR), ``rabs`` = the sums of the absolute terms.

    Blocks ``(n, B)`` as in :func:`_lu_solve`, first ``m`` columns.
    """
    n = y.shape[0]
    for k in range(n):
        for q in range(m):
            s = y[k, q]
            c = 0.0
            t_abs = abs(s)
            for p in range(a_ptr[k], a_ptr[k + 1]):
                term = -a_val[p] * x[a_idx[p], q]
                s, c = _neumaier(s, c, term)
                t_abs += abs(term)
            r[k, q] = s + c
            rabs[k, q] = t_abs


#: Right-hand sides solved together by one thread.
BLOCK = 8


@njit(cache=True, nogil=True)
def refine_columns(
    a_ptr,
    a_idx,
    a_val,
    l_ptr,
    l_idx,
    l_val,
    u_ptr,
    u_idx,
    u_val,
    u_diag,
    perm_r,
    perm_c,
    start,
    stop,
    gamma2,
    refined,
    col_bound,
    rowsum,
    xnorm,
    chunk,
):
    """Columns ``b`` in ``[start, stop)`` of ``A^{-1}`` of thread chunk ``chunk``: refined edge entries and bound terms.

    The columns are cut into ``rowsum.shape[0]`` chunks; this call does chunk ``chunk``
    (the caller runs the chunks on its threads: the kernel releases the GIL, and is not
    a ``parallel=True`` kernel, whose compilation cost four seconds of a first call).

    Inputs: ``A`` in CSR (``a_ptr, a_idx, a_val``; rows ``b``, columns ``w``), the
    SuperLU factors ``L, U`` in CSC with ``U``'s diagonal and the permutations.
    Outputs: ``refined[p] = x[w] + d[w]`` for each CSR position ``p`` of an entry
    ``(b, w)`` in row ``b``; ``col_bound[b]`` an upper bound on ``max_k |e_b - A
    (x + d)|_k`` from ``r2`` and the rounding of both residuals; added up over the
    columns: ``rowsum[t, k] += Rbar[k, b]`` (an upper bound on ``|I - A X|``,
    entrywise) and ``xnorm[t, w] += |x[w]|``, ``t`` the thread chunk.
    """
    n = a_ptr.shape[0] - 1
    chunks = rowsum.shape[0]
    count = stop - start
    two_u = 2.0**-52
    B = BLOCK
    for t in range(chunk, chunk + 1):
        lo = start + (count * t) // chunks
        hi = start + (count * (t + 1)) // chunks
        e = np.zeros((n, B))
        z = np.empty((n, B))
        x = np.empty((n, B))
        d = np.empty((n, B))
        r = np.empty((n, B))
        rabs = np.empty((n, B))
        r2 = np.empty((n, B))
        r2abs = np.empty((n, B))
        for b0 in range(lo, hi, B):
            m = min(B, hi - b0)
            for q in range(m):
                e[b0 + q, q] = 1.0
            _lu_solve(l_ptr, l_idx, l_val, u_ptr, u_idx, u_val, u_diag, perm_r, perm_c, e, z, x, m)
            _residual(a_ptr, a_idx, a_val, e, x, r, rabs, m)
            for q in range(m):
                e[b0 + q, q] = 0.0
            _lu_solve(l_ptr, l_idx, l_val, u_ptr, u_idx, u_val, u_diag, perm_r, perm_c, r, z, d, m)
            _residual(a_ptr, a_idx, a_val, r, d, r2, r2abs, m)
            for q in range(m):
                b = b0 + q
                worst = 0.0
                for k in range(n):
                    # |R_exact[k, b]| <= |r_k| (1 + 2u) + gamma2 * rabs_k
                    rowsum[t, k] += abs(r[k, q]) * (1.0 + two_u) + gamma2 * rabs[k, q]
                    # what x + d misses, A (x + d) - e_b = -(r2 + rounding of r2) + rounding of r
                    miss = (
                        abs(r2[k, q]) * (1.0 + two_u)
                        + gamma2 * r2abs[k, q]
                        + two_u * abs(r[k, q])
                        + gamma2 * rabs[k, q]
                    )
                    if miss > worst:
                        worst = miss
                col_bound[b] = worst
                for w in range(n):
                    xnorm[t, w] += abs(x[w, q])
                for p in range(a_ptr[b], a_ptr[b + 1]):
                    w = a_idx[p]
                    refined[p] = x[w, q] + d[w, q]
