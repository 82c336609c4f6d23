"""Numba kernels of domino shuffling on the Aztec diamond; see ``aztec.py``.

Conventions shared by every kernel here:

- A *block* is a 2x2 square of cells. At order ``k`` the blocks in play (the
  "cells" of Elkies-Kuperberg-Larsen-Propp) are the ``k * k`` blocks of the diamond
  whose top-left cell ``(r, c)`` (in the diamond's ``(2k, 2k)`` mask) has
  ``r + c + k`` odd; block ``(i, j)``, ``0 <= i, j < k``, has top-left cell
  ``(i + j, k - 1 + j - i)``.
- Every domino of an order-``k`` tiling is one half of exactly one block in play:
  its top row (north, N), bottom row (south, S), left column (west, W) or right
  column (east, E). The tiling is four *bit planes* ``planes[t, 1 + i, w]``
  (``t`` = N, S, W, E = 0, 1, 2, 3), bit ``j % 64`` of word ``w = j // 64`` set when
  block ``(i, j)`` holds that half; rows ``0`` and ``n + 1`` are zero padding, and
  bits outside the order in play are zero.
- From order ``k`` to ``k + 1`` (a shuffling stage) each half slides one step in
  its direction, which in block coordinates is: N stays at ``(i, j)``, S comes from
  ``(i - 1, j - 1)``, W from ``(i - 1, j)``, E from ``(i, j - 1)``. A block that
  receives ``N`` and ``S`` (or ``W`` and ``E``) got them from a *bad block* --
  two dominoes about to collide -- and both are destroyed. The blocks that receive
  nothing at all are the holes (``k + 1 + bad`` of them: a cell count), and each
  is filled with ``N|S`` or ``W|E``. Rows are updated in place from the bottom
  up, words from right to left, so a stage reads only old values.
- Random numbers: a uniform stage reads one 64-bit word per word of the new
  planes (``(k + 1) * ceil((k + 1) / 64)`` words, bit ``j`` of row ``i`` decides
  block ``(i, j)``: 1 horizontal); a weighted stage reads one double per hole, in
  the order rows bottom-up, columns left to right.
- ``state`` is an ``int64`` array ``[k, pos, error, need]``: the order reached
  (and filled), how many random numbers of the current batch are used, 1 if a
  stage found a number of holes other than ``k + 1 + bad`` (dominoes
  overlapping), and how many random numbers the next stage needs.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays

TN, TS, TW, TE = 0, 1, 2, 3
_ONE = np.uint64(1)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)


@njit(cache=True, inline="always")
def _popcount(x):
    """Number of set bits of a uint64 (SWAR)."""
    x = x - ((x >> _ONE) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return np.int64((x * _H01) >> np.uint64(56))


@njit(cache=True)
def _stage(planes, k, words, u, pos, probs, weighted):
    """Order `k` to ``k + 1`` in place; return ``(holes, bad, used)``: random numbers used."""
    kk = k + 1
    nw = (kk + 63) >> 6
    p = probs.shape[1]
    q = probs.shape[2]
    last = np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 * nw - kk)  # valid bits of the last word
    sh63 = np.uint64(63)
    holes = 0
    bad = 0
    used = 0
    for i in range(kk - 1, -1, -1):
        r = i + 1  # padded row
        for w in range(nw - 1, -1, -1):
            s_old = planes[TS, r - 1, w] << _ONE
            e_old = planes[TE, r, w] << _ONE
            if w > 0:
                s_old |= planes[TS, r - 1, w - 1] >> sh63
                e_old |= planes[TE, r, w - 1] >> sh63
            n_new = planes[TN, r, w]
            w_new = planes[TW, r - 1, w]
            valid = last if w == nw - 1 else np.uint64(0xFFFFFFFFFFFFFFFF)
            hole = valid & ~(n_new | s_old | w_new | e_old)
            ns = n_new & s_old
            we = w_new & e_old
            bad += _popcount(ns) + _popcount(we)
            holes += _popcount(hole)
            if weighted:
                hor = np.uint64(0)
                rest = hole
                while rest != 0:  # the holes of this word, low bits first
                    low = rest & (~rest + _ONE)
                    rest ^= low
                    j = 64 * w + _popcount(low - _ONE)
                    if u[pos + used] < probs[kk - 1, i % p, j % q]:
                        hor |= low
                    used += 1
            else:
                hor = hole & words[pos + i * nw + w]
            ver = hole & ~hor
            planes[TN, r, w] = (n_new ^ ns) | hor
            planes[TS, r, w] = (s_old ^ ns) | hor
            planes[TW, r, w] = (w_new ^ we) | ver
            planes[TE, r, w] = (e_old ^ we) | ver
    if not weighted:
        used = kk * nw
    return holes, bad, used


@njit(cache=True)
def _count_bad(planes, k):
    """Number of bad blocks of order `k` (read only): the next stage has ``k + 1 + bad`` holes."""
    kk = k + 1
    nw = (kk + 63) >> 6
    sh63 = np.uint64(63)
    bad = 0
    for i in range(kk):
        r = i + 1
        for w in range(nw):
            s_old = planes[TS, r - 1, w] << _ONE
            e_old = planes[TE, r, w] << _ONE
            if w > 0:
                s_old |= planes[TS, r - 1, w - 1] >> sh63
                e_old |= planes[TE, r, w - 1] >> sh63
            bad += _popcount(planes[TN, r, w] & s_old) + _popcount(planes[TW, r - 1, w] & e_old)
    return bad


@njit(cache=True, nogil=True)
def shuffle(planes, state, k_stop, words, u, probs, weighted):
    """Run shuffling from ``state`` up to order `k_stop`, or until the random numbers run out.

    ``planes``: uint64 ``(4, n + 2, ceil(n / 64))``; ``words``: uint64 random bits
    (uniform run); ``u``: float64 uniforms in [0, 1) (weighted run); ``probs``:
    float64 ``(n, p, q)``, the probability of a horizontal pair in a hole at block
    ``(i, j)`` of order ``k`` is ``probs[k - 1, i % p, j % q]``. ``state`` is updated
    in place (see the module); when the random numbers left do not cover the next
    stage, ``state[3]`` says how many it needs.
    """
    k = state[0]
    pos = state[1]
    while k < k_stop:
        kk = k + 1
        if weighted:
            need = kk + _count_bad(planes, k)
            short = pos + need > u.shape[0]
        else:
            need = kk * ((kk + 63) >> 6)
            short = pos + need > words.shape[0]
        if short:
            state[3] = need
            break
        holes, bad, used = _stage(planes, k, words, u, pos, probs, weighted)
        k = kk
        pos += used
        if holes != k + bad or used != need:
            state[2] = 1
            break
    state[0] = k
    state[1] = pos


@njit(cache=True, inline="always")
def _bit(planes, t, i, j, k):
    if i < 0 or j < 0 or i >= k or j >= k:
        return False
    return (planes[t, i + 1, j >> 6] >> np.uint64(j & 63)) & _ONE != 0


@njit(cache=True, nogil=True)
def aztec_labels(planes, k):
    """Labels ``(2k, 2k)`` int32 of the order-`k` tiling in `planes`, and the number of dominoes.

    Dominoes are numbered in row-major order of their first cell (the form
    :class:`~dominotiling.Tiling` keeps); cells outside the diamond are -1. A cell
    ``(r, c)`` with ``r + c + k`` odd is the top-left cell of block
    ``((r - c + k - 1) / 2, (r + c - k + 1) / 2)`` and starts its N or W half; one
    with ``r + c + k`` even starts the S half of the block above or the E half of
    the block to its left.
    """
    size = 2 * k
    labels = np.full((size, size), -1, np.int32)
    count = 0
    for r in range(size):
        for c in range(size):
            if labels[r, c] >= 0:
                continue
            if (r + c + k) % 2 == 1:
                i = (r - c + k - 1) // 2
                j = (r + c - k + 1) // 2
                horizontal = _bit(planes, TN, i, j, k)
                vertical = _bit(planes, TW, i, j, k)
            else:
                horizontal = _bit(planes, TS, (r - c + k - 2) // 2, (r + c - k) // 2, k)
                vertical = _bit(planes, TE, (r - c + k) // 2, (r + c - k) // 2, k)
            if horizontal and c + 1 < size:
                labels[r, c] = count
                labels[r, c + 1] = count
                count += 1
            elif vertical and r + 1 < size:
                labels[r, c] = count
                labels[r + 1, c] = count
                count += 1
    return labels, count


@njit(cache=True)
def creation_probabilities(weights, n):
    """Probability of a horizontal pair per level: float64 ``(n, p, q)`` from edge weights ``(p, q, 4)``.

    ``weights[i, j]`` are the (N, S, W, E) edge weights of block ``(i, j)`` of the
    order-`n` diamond (taken modulo ``(p, q)``). Level ``k - 1`` comes from level
    ``k`` by urban renewal: N of ``(i, j)`` is N of ``(i, j)`` over its
    ``Delta = N*S + W*E``; S comes from ``(i+1, j+1)``, W from ``(i+1, j)``, E from
    ``(i, j+1)``, each over its own ``Delta`` -- the weights move as the dominoes
    slide. Each level is rescaled to max 1 (a global factor does not change the
    measure).
    """
    p = weights.shape[0]
    q = weights.shape[1]
    probs = np.empty((n, p, q))
    cur = weights / weights.max()
    nxt = np.empty_like(cur)
    delta = np.empty((p, q))
    for k in range(n, 0, -1):
        for i in range(p):
            for j in range(q):
                ns = cur[i, j, 0] * cur[i, j, 1]
                we = cur[i, j, 2] * cur[i, j, 3]
                delta[i, j] = ns + we
                probs[k - 1, i, j] = ns / (ns + we)
        if k == 1:
            break
        top = 0.0
        for i in range(p):
            for j in range(q):
                i1 = (i + 1) % p
                j1 = (j + 1) % q
                nxt[i, j, 0] = cur[i, j, 0] / delta[i, j]
                nxt[i, j, 1] = cur[i1, j1, 1] / delta[i1, j1]
                nxt[i, j, 2] = cur[i1, j, 2] / delta[i1, j]
                nxt[i, j, 3] = cur[i, j1, 3] / delta[i, j1]
                for t in range(4):
                    top = max(top, nxt[i, j, t])
        for i in range(p):
            for j in range(q):
                for t in range(4):
                    cur[i, j, t] = nxt[i, j, t] / top
    return probs


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
aztec_labels = returns_arrays(aztec_labels)
creation_probabilities = returns_arrays(creation_probabilities)
