"""Numba kernels for tori and cylinders; see ``dominotiling/surfaces.py``.

Two families:

- The *periodic profile DP*: the broken-profile sweep of ``profile_dp.py`` on a
  ``(rows, w)`` mask whose columns may wrap around (``wrap_h``: cell ``(r, w-1)``
  neighbours ``(r, 0)``) and whose last row may place vertical dominoes into row 0
  (``wrap_v``). Cells are visited in row-major order; a *profile* is an int of ``w``
  bits; before cell ``(r, c)`` bit ``j`` says whether ``(r, j)`` (``j >= c``) or
  ``(r + 1, j)`` (``j < c``) is already covered. A domino across the left-right
  seam is placed at ``(r, 0)`` by setting bit ``w - 1`` (the cell ``(r, w - 1)``,
  not yet visited). With ``wrap_v`` the profile left after the last row is the set
  of row-0 cells covered from below: a sweep that starts from profile ``s`` and
  ends in ``s`` counts the tilings whose vertical seam dominoes are ``s``.
  Moves, as the samplers record them: 0 outside, 1 already covered, 2 vertical,
  3 horizontal (to the right), 4 horizontal across the seam.
- *Twisted Kasteleyn determinants* modulo primes ``p = 1 (mod n)``: the products
  over the roots of unity that diagonalise the determinant (see ``surfaces.py``).

Kernels that walk over cells take a range ``start..stop-1`` and state the caller
owns, so long sweeps run in short slices (``dominotiling/_interrupt.py``).
"""

import numpy as np
from numba import njit

from .arrays import divide1, fill1, fill2, max1

__all__ = [
    "count_sweep",
    "float_sweep",
    "sample_back",
    "torus_dets_mod",
    "cylinder_dets_mod",
]

OUTSIDE_MOVE, COVERED, VERTICAL, HORIZONTAL, SEAM = 0, 1, 2, 3, 4


@njit(cache=True)
def _vertical_ok(mask, wrap_v, r, c):
    rows = mask.shape[0]
    if r + 1 < rows:
        return mask[r + 1, c]
    return wrap_v and mask[0, c]


@njit(cache=True)
def _add(a, b, m):
    s = a + b
    if m != 0 and s >= m:
        s -= m
    return s


@njit(cache=True)
def count_sweep(mask, wrap_h, wrap_v, dp, buf, start, stop, moduli):
    """Cells ``start..stop-1`` of the periodic sweep: ``dp`` ``(2**w, K)`` uint64 residues mod ``moduli`` (0 = 2**64), in place; ``buf`` scratch of the same shape."""
    rows, w = mask.shape
    n_states, lanes = dp.shape
    for k in range(start, stop):
        r = k // w
        c = k - r * w
        bit = 1 << c
        fill2(buf, np.int64(0))  # not a literal 0: fill2 compiled once more for it
        vert = _vertical_ok(mask, wrap_v, r, c)
        right = c + 1 < w and mask[r, c + 1]
        seam = wrap_h and c == 0 and mask[r, w - 1]
        for s in range(n_states):
            nonzero = False
            for q in range(lanes):
                if dp[s, q] != 0:
                    nonzero = True
                    break
            if not nonzero:
                continue
            if not mask[r, c]:
                if s & bit:
                    continue
                targets = (s, -1, -1)
            elif s & bit:
                targets = (s ^ bit, -1, -1)
            else:
                t1 = s | bit if vert else -1
                t2 = s | (bit << 1) if right and not (s & (bit << 1)) else -1
                top = 1 << (w - 1)
                t3 = s | top if seam and not (s & top) else -1
                targets = (t1, t2, t3)
            for t in targets:
                if t >= 0:
                    for q in range(lanes):
                        buf[t, q] = _add(buf[t, q], dp[s, q], moduli[q])
        for s_ in range(n_states):  # dp[:, :] = buf, as a loop (see arrays.py)
            for q in range(lanes):
                dp[s_, q] = buf[s_, q]


@njit(cache=True)
def _float_step(mask, wrap_h, wrap_v, r, c, src, dst):
    w = mask.shape[1]
    bit = 1 << c
    fill1(dst, 0.0)
    vert = _vertical_ok(mask, wrap_v, r, c)
    right = c + 1 < w and mask[r, c + 1]
    seam = wrap_h and c == 0 and mask[r, w - 1]
    top = 1 << (w - 1)
    for s in range(src.shape[0]):
        v = src[s]
        if v == 0.0:
            continue
        if not mask[r, c]:
            if not (s & bit):
                dst[s] += v
        elif s & bit:
            dst[s ^ bit] += v
        else:
            if vert:
                dst[s | bit] += v
            if right and not (s & (bit << 1)):
                dst[s | (bit << 1)] += v
            if seam and not (s & top):
                dst[s | top] += v


@njit(cache=True)
def float_sweep(mask, wrap_h, wrap_v, layers, log_scale, start, stop):
    """Cells ``start..stop-1``: ``layers[k + 1]`` from ``layers[k]`` (float64 counts), rescaled at each row's end; ``log_scale[k + 1]`` the log of the total scale so far."""
    w = mask.shape[1]
    for k in range(start, stop):
        r = k // w
        c = k - r * w
        _float_step(mask, wrap_h, wrap_v, r, c, layers[k], layers[k + 1])
        log_scale[k + 1] = log_scale[k]
        if c == w - 1:
            top = max1(layers[k + 1])
            if top > 0.0:
                divide1(layers[k + 1], top)
                log_scale[k + 1] += np.log(top)


@njit(cache=True)
def sample_back(mask, wrap_h, wrap_v, layers, end_state, u, moves):
    """Walk back from profile ``end_state`` after the last cell, choosing predecessors by ``layers``; ``u`` uniforms, one per cell; fills ``moves`` (one per cell)."""
    rows, w = mask.shape
    n = rows * w
    t = end_state
    top = 1 << (w - 1)
    for k in range(n - 1, -1, -1):
        r = k // w
        c = k - r * w
        bit = 1 << c
        prev = layers[k]
        if not mask[r, c]:
            moves[k] = 0
            continue
        if t & bit:  # bit c now means the cell below: a vertical domino from (r, c)
            moves[k] = 2
            t = t ^ bit
            continue
        # three ways to leave bit c clear: covered before, a horizontal, a seam domino
        s1 = t | bit
        p1 = prev[s1]
        s2 = -1
        p2 = 0.0
        if c + 1 < w and mask[r, c + 1] and (t & (bit << 1)):
            s2 = t ^ (bit << 1)
            p2 = prev[s2]
        s3 = -1
        p3 = 0.0
        # on a 2-wide wrap the seam domino is a second placement on the cells of the
        # horizontal one (s3 == s2): the forward sweep counted both, so both are drawn
        if wrap_h and c == 0 and mask[r, w - 1] and (t & top):
            s3 = t ^ top
            p3 = prev[s3]
        x = u[k] * (p1 + p2 + p3)
        if x < p1 or (p2 == 0.0 and p3 == 0.0):
            moves[k] = 1
            t = s1
        elif x < p1 + p2 or p3 == 0.0:
            moves[k] = 3
            t = s2
        else:
            moves[k] = 4
            t = s3
    return t


@njit(cache=True)
def _powmod(a, e, p):
    result = 1
    a %= p
    while e > 0:
        if e & 1:
            result = result * a % p
        a = a * a % p
        e >>= 1
    return result


@njit(cache=True)
def _ring_values(root, count, odd, p):
    """``2 + x + 1/x`` for ``x = root**(2j + odd)``, ``j < count`` (``root`` of order ``2 * count``)."""
    out = np.empty(count, dtype=np.int64)
    inv = _powmod(root, 2 * count - 1, p)
    x = _powmod(root, odd, p)
    xi = _powmod(inv, odd, p)
    r2 = root * root % p
    i2 = inv * inv % p
    for j in range(count):
        out[j] = (2 + x + xi) % p
        x = x * r2 % p
        xi = xi * i2 % p
    return out


@njit(cache=True)
def torus_dets_mod(half_n, half_m, roots_n, roots_m, primes, start, stop, out):
    """For primes ``start..stop-1``: ``out[i, 2a + b] = D(z, w) mod p``, ``z = (-1)**a``, ``w = (-1)**b``.

    ``D(z, w) = prod_{lam**N = z, mu**M = w} (2 + lam + 1/lam + 2 + mu + 1/mu)``;
    ``roots_n[i]`` has order ``2N`` mod ``primes[i]``, ``roots_m[i]`` order ``2M``.
    """
    for i in range(start, stop):
        p = primes[i]
        for a in range(2):
            xs = _ring_values(roots_n[i], half_n, a, p)
            for b in range(2):
                ys = _ring_values(roots_m[i], half_m, b, p)
                acc = 1
                for j in range(half_n):
                    for k in range(half_m):
                        acc = acc * ((xs[j] + ys[k]) % p) % p
                out[i, 2 * a + b] = acc


@njit(cache=True)
def cylinder_dets_mod(half_n, rows, roots_n, primes, start, stop, out):
    """For primes ``start..stop-1``: ``out[i, a] = D(z) mod p``, ``z = (-1)**a``, the cylinder's twisted determinant.

    ``D(z) = prod_{lam**N = z} f(lam)``, ``f`` the continuant of the ``rows x rows``
    tridiagonal matrix with diagonal ``1 + 1/lam`` (even rows), ``1 + lam`` (odd
    rows) and off-diagonal products ``-1``: ``f_r = a_r f_{r-1} + f_{r-2}``.
    """
    for i in range(start, stop):
        p = primes[i]
        root = roots_n[i]
        inv = _powmod(root, 2 * half_n - 1, p)
        for a in range(2):
            acc = 1
            lam = _powmod(root, a, p)
            lami = _powmod(inv, a, p)
            r2 = root * root % p
            i2 = inv * inv % p
            for _j in range(half_n):
                f2 = 1  # f_{-2} placeholder: f_{-1} = 1, f_0 = a_0
                f1 = 1
                for r in range(rows):
                    coef = (1 + lami) % p if r % 2 == 0 else (1 + lam) % p
                    f = (coef * f1 + (f2 if r > 0 else 0)) % p
                    f2 = f1
                    f1 = f
                acc = acc * f1 % p
                lam = lam * r2 % p
                lami = lami * i2 % p
            out[i, a] = acc
