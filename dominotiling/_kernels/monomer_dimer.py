"""Numba kernels of the monomer-dimer profile DP; see ``monomer_dimer.py``.

The conventions of ``_kernels/profile_dp.py``: ``mask`` is ``(rows, w)`` swept row by
row over the narrow side ``w``; a profile's bit ``j`` says whether cell ``(r, j)``
(``j >= c``) or ``(r + 1, j)`` (``j < c``) is already covered; the four profiles that
differ in bits ``c`` and ``c + 1`` (a *quad*: ``A`` = 00, ``B`` = bit c, ``X`` = bit
c + 1, ``Y`` = both) map to each other, so each free cell updates its quads in place.
A free cell with bit ``c`` clear takes a vertical domino (weight ``dv``), a
horizontal one (``dh``), or stays a monomer (weight ``mw``, bit ``c`` stays clear,
the max-cover DP's "leave uncovered" move with a weight); with bit ``c`` set it is
skipped and the bit cleared.

Residue kernels work modulo a word modulus ``p`` (0 means ``2**64``) when every
weight is 1 (additions only), or modulo primes below ``2**32`` otherwise (products
of two residues fit in 64 bits).
"""

import numpy as np
from numba import njit

from .arrays import max1, scale1, store_row

_U0 = np.uint64(0)


@njit(cache=True, inline="always")
def _add(a, b, p):
    s = a + b
    return s - p if s >= p else s


@njit(cache=True, inline="always")
def _quads(A, B, X, Y, vert, horiz, dv, dh, mw, p, unit):
    """One free cell on one quad run (residues mod p)."""
    for i in range(A.shape[0]):
        a = A[i]
        x = X[i]
        if unit:
            na = _add(B[i], a, p)
            nx = _add(Y[i], x, p)
            if horiz:
                nx = _add(nx, a, p)
            A[i] = na
            X[i] = nx
            B[i] = a if vert else _U0
            Y[i] = x if vert else _U0
        else:
            na = _add(B[i], a * mw % p, p)
            nx = _add(Y[i], x * mw % p, p)
            if horiz:
                nx = _add(nx, a * dh % p, p)
            A[i] = na
            X[i] = nx
            B[i] = a * dv % p if vert else _U0
            Y[i] = x * dv % p if vert else _U0


@njit(cache=True, inline="always")
def _pairs(A, B, vert, dv, mw, p, unit):
    """One free cell in the last column (no bit c + 1)."""
    for i in range(A.shape[0]):
        a = A[i]
        if unit:
            A[i] = _add(B[i], a, p)
            B[i] = a if vert else _U0
        else:
            A[i] = _add(B[i], a * mw % p, p)
            B[i] = a * dv % p if vert else _U0


@njit(cache=True)
def _step(d, c, w, vert, horiz, dv, dh, mw, p, unit):
    bit = 1 << c
    if c + 1 == w:
        _pairs(d[:bit], d[bit : 2 * bit], vert, dv, mw, p, unit)
    elif bit >= 8:
        for b in range(0, d.shape[0], 4 * bit):
            _quads(
                d[b : b + bit],
                d[b + bit : b + 2 * bit],
                d[b + 2 * bit : b + 3 * bit],
                d[b + 3 * bit : b + 4 * bit],
                vert,
                horiz,
                dv,
                dh,
                mw,
                p,
                unit,
            )
    else:
        for i in range(bit):
            _quads(
                d[i :: 4 * bit],
                d[i + bit :: 4 * bit],
                d[i + 2 * bit :: 4 * bit],
                d[i + 3 * bit :: 4 * bit],
                vert,
                horiz,
                dv,
                dh,
                mw,
                p,
                unit,
            )


@njit(cache=True, nogil=True)
def advance_mod(mask, layer, p, dv, dh, mw, unit, start, stop):
    """Advance a uint64 layer ``(2**w,)`` of residues mod ``p`` over cells ``start..stop-1``, in place.

    ``dv``, ``dh``, ``mw``: the weights of vertical and horizontal dominoes and of a
    monomer, as residues (ignored when ``unit``). The layer before cell 0 is 1 at
    profile 0; after the last cell ``layer[0]`` is the partition function mod ``p``.
    """
    rows, w = mask.shape
    P = np.uint64(p)
    for i in range(start, stop):
        r, c = i // w, i % w
        if not mask[r, c]:
            continue
        vert = r + 1 < rows and mask[r + 1, c]
        horiz = c + 1 < w and mask[r, c + 1]
        _step(layer, c, w, vert, horiz, np.uint64(dv), np.uint64(dh), np.uint64(mw), P, unit)


@njit(cache=True, inline="always")
def _fstep(d, c, w, vert, horiz, mw):
    """One free cell in float64 (unit dominoes, monomer weight ``mw``)."""
    bit = 1 << c
    vf = 1.0 if vert else 0.0
    hf = 1.0 if horiz else 0.0
    for b in range(0, d.shape[0], 4 * bit if c + 1 < w else 2 * bit):
        for i in range(b, b + bit):
            a = d[i]
            if c + 1 == w:
                d[i] = d[i + bit] + a * mw
                d[i + bit] = a * vf
            else:
                x = d[i + 2 * bit]
                d[i] = d[i + bit] + a * mw
                d[i + 2 * bit] = d[i + 3 * bit] + a * hf + x * mw
                d[i + bit] = a * vf
                d[i + 3 * bit] = x * vf


@njit(cache=True, nogil=True)
def advance_float(mask, layer, mw, start, stop, scale, out):
    """Advance a float64 layer over cells ``start..stop-1``, rescaling by powers of two.

    After each free cell the layer is divided by ``2**e`` (exact) when its largest
    entry exceeds ``2**500``; ``scale[0]`` (int64) accumulates ``e``. When ``out``
    has rows, ``out[i - start]`` receives the layer *before* cell ``i`` and
    ``out[stop - start]`` the last one (the sampler's tables).
    """
    rows, w = mask.shape
    keep = out.shape[0] > 0
    for i in range(start, stop):
        if keep:
            store_row(out, i - start, layer)
        r, c = i // w, i % w
        if not mask[r, c]:
            continue
        vert = r + 1 < rows and mask[r + 1, c]
        horiz = c + 1 < w and mask[r, c + 1]
        _fstep(layer, c, w, vert, horiz, mw)
        top = max1(layer)
        if top > 2.0**500:
            e = np.int64(np.floor(np.log2(top)))
            scale1(layer, 2.0 ** (-e))
            scale[0] += e
    if keep:
        store_row(out, stop - start, layer)


@njit(cache=True)
def backtrack(mask, layers, start, stop, state, labels, next_id, uniforms, mw):
    """Draw the moves of cells ``stop-1 .. start`` backwards from profile ``state`` after ``stop-1``.

    ``layers[j]``: the float layer before cell ``start + j``. At a free cell with
    bit ``c`` of ``state`` set the move was a vertical domino; otherwise the cell
    was covered before (weight ``before[state | bit]``), began a horizontal domino
    (``before[state ^ 2 bit]``, when bit ``c + 1`` is set) or is a monomer
    (``mw * before[state]``), drawn with ``uniforms[i]``. Writes dominoes and ``-2``
    (monomers) into ``labels``; returns ``(state before start, next free id)``.
    """
    rows, w = mask.shape
    for i in range(stop - 1, start - 1, -1):
        r, c = i // w, i % w
        if not mask[r, c]:
            continue
        before = layers[i - start]
        bit = 1 << c
        hbit = bit << 1
        if state & bit:
            state ^= bit
            labels[r, c] = next_id
            labels[r + 1, c] = next_id
            next_id += 1
            continue
        horiz = c + 1 < w and mask[r, c + 1]
        w_skip = before[state | bit]
        w_h = before[state ^ hbit] if (horiz and (state & hbit) != 0) else 0.0
        w_m = mw * before[state]
        u = uniforms[i] * (w_skip + w_h + w_m)
        if u < w_skip:
            state = state | bit
        elif u < w_skip + w_h:
            state ^= hbit
            labels[r, c] = next_id
            labels[r, c + 1] = next_id
            next_id += 1
        else:
            labels[r, c] = -2
    return state, next_id
