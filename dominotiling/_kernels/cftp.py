"""Numba kernels of monotone coupling from the past on height functions; see ``mcmc.py``.

Conventions:

- Heights are int64 arrays of shape ``(rows + 1, cols + 1)`` on the lattice vertices,
  as in ``_kernels/height.py``. ``movable`` (int64, same shape, from a bool mask by
  :func:`movable_marks`: 1, UNDEFINED elsewhere) marks the *inner* vertices: those
  whose four surrounding cells are all in the region. Only they move; every other
  height is fixed by the boundary.
- Coins are bits of SplitMix64 outputs, counter-based: the word for sweep ``s``
  (``s = 0`` is the last sweep before time 0, ``s = 1`` the one before it, ...),
  vertex parity ``p`` (``(i + j) % 2``), row ``i`` and word ``w`` is output number
  ``c = ((2 s + p) (rows + 1) + i) W + w`` of SplitMix64 seeded with ``key``, where
  ``W = ((cols + 2) // 2 + 63) // 64``; vertex ``(i, j)`` reads bit ``(j // 2) % 64``
  of word ``(j // 2) // 64``. A coin is a function of ``(key, s, vertex)`` only, so a
  longer window replays the later sweeps exactly.
- Weighted coins (:func:`cftp_sweeps_weighted`): vertex ``(i, j)`` in sweep ``s`` reads
  one whole word, SplitMix64 output number ``((2 s + p) (rows + 1) + i) width + j // 2``
  with ``width = (cols + 2) // 2``; its top 53 bits ``u`` give heads ("up") when
  ``u < threshold[i, j]``, a 53-bit fixed-point probability (``2**53`` is 1).
"""

import numpy as np
from numba import njit

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_ONE = np.uint64(1)
_I2, _I3, _I4 = np.int32(2), np.int32(3), np.int32(4)
UNDEFINED = np.iinfo(np.int64).min


@njit(cache=True, inline="always")
def splitmix64(key, counter):
    """Output number ``counter`` (0-based) of SplitMix64 seeded with ``key`` (uint64s)."""
    z = key + (counter + _ONE) * _GAMMA
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def row_coins(coins, key, base, n_words):
    """Fill ``coins`` (int32, ``64 n_words``) with the bits of SplitMix64 outputs ``base .. base + n_words - 1``."""
    for w in range(n_words):
        word = splitmix64(key, base + np.uint64(w))
        for b in range(64):
            coins[64 * w + b] = np.int32((word >> np.uint64(b)) & _ONE)


@njit(cache=True)
def _split(h, width):
    """Heights compressed along rows by parity: ``(even, odd)``, int32 ``(rows + 1, width + 2)`` each.

    ``out[i, k + 1]`` of parity ``p`` is the height of vertex ``(i, 2k + (p + i) % 2)``;
    zero where the vertex is undefined or beyond the grid (padding). Both parities in
    one call (one compiled kernel, not one per literal parity).
    """
    n_i, n_j = h.shape
    even = np.zeros((n_i, width + 2), dtype=np.int32)
    odd = np.zeros((n_i, width + 2), dtype=np.int32)
    for i in range(n_i):
        for j in range(n_j):
            if h[i, j] != UNDEFINED:
                if (i + j) & 1 == 0:
                    even[i, (j >> 1) + 1] = h[i, j]
                else:
                    odd[i, (j >> 1) + 1] = h[i, j]
    return even, odd


@njit(cache=True)
def _merge(h, even, odd):
    """Write the compressed heights back into ``h`` at its defined vertices."""
    n_i, n_j = h.shape
    for i in range(n_i):
        for j in range(n_j):
            if h[i, j] != UNDEFINED:
                h[i, j] = even[i, (j >> 1) + 1] if (i + j) & 1 == 0 else odd[i, (j >> 1) + 1]


@njit(cache=True, inline="always")
def _update_row(cur, above, below, same, mov, coins, off, width):
    """Heat-bath updates of one compressed row (neighbours of the other parity, branch-free)."""
    for k in range(width):
        a = above[k + 1]
        b = below[k + 1]
        c = same[k + off]
        d = same[k + off + 1]
        v = cur[k + 1]
        top = v + _I4 * ((min(min(a, b), min(c, d)) + _I3 - v) >> _I2)
        bottom = v - _I4 * ((v - max(max(a, b), max(c, d)) + _I3) >> _I2)
        new = bottom + coins[k] * (top - bottom)
        cur[k + 1] = v + mov[k + 1] * (new - v)


@njit(cache=True)
def _split64(h, width):
    """Like :func:`_split` for int64 values defined everywhere (thresholds, jumps), int64 out."""
    n_i, n_j = h.shape
    even = np.zeros((n_i, width + 2), dtype=np.int64)
    odd = np.zeros((n_i, width + 2), dtype=np.int64)
    for i in range(n_i):
        for j in range(n_j):
            if (i + j) & 1 == 0:
                even[i, (j >> 1) + 1] = h[i, j]
            else:
                odd[i, (j >> 1) + 1] = h[i, j]
    return even, odd


def movable_marks(movable):
    """The sweeps' ``movable`` argument from a bool mask: int64, 1 at the inner vertices, UNDEFINED elsewhere.

    Made by numpy, once per sample, so that the kernels split it with the heights'
    own :func:`_split` (no kernel of its own to compile).
    """
    return np.ascontiguousarray(np.where(movable, 1, UNDEFINED).astype(np.int64))


@njit(cache=True)
def cftp_sweeps(upper, lower, movable, key, first, count):
    """Run sweeps ``first, first - 1, ..., first - count + 1`` on both chains, in place.

    ``upper``, ``lower``: int64 heights; ``movable``: the inner vertices, marked 1 (int64,
    UNDEFINED elsewhere: :func:`movable_marks`); ``key``:
    uint64. One sweep updates every inner vertex of parity 0, then every one of
    parity 1, by the heat-bath rule with its coin: the largest allowed height on
    heads, the smallest on tails. Returns True when the two chains agree at the end.
    Inside, each parity lives in its own compressed int32 array, so that a row's
    updates are one branch-free loop over contiguous memory (SIMD).
    """
    n_i, n_j = upper.shape
    rows, cols = n_i - 1, n_j - 1
    width = (cols + 2) // 2
    n_words = (width + 63) // 64
    ukey = np.uint64(key)
    m0, m1 = _split(movable, width)  # 1 at inner vertices, 0 elsewhere
    u0, u1 = _split(upper, width)
    l0, l1 = _split(lower, width)
    coins = np.zeros(n_words * 64, dtype=np.int32)
    for s in range(first, first - count, -1):
        for p in range(2):
            for i in range(1, rows):
                off = (p + i) & 1
                row_coins(coins, ukey, np.uint64(((2 * s + p) * (rows + 1) + i) * n_words), n_words)
                if p == 0:
                    _update_row(u0[i], u1[i - 1], u1[i + 1], u1[i], m0[i], coins, off, width)
                    _update_row(l0[i], l1[i - 1], l1[i + 1], l1[i], m0[i], coins, off, width)
                else:
                    _update_row(u1[i], u0[i - 1], u0[i + 1], u0[i], m1[i], coins, off, width)
                    _update_row(l1[i], l0[i - 1], l0[i + 1], l0[i], m1[i], coins, off, width)
    _merge(upper, u0, u1)
    _merge(lower, l0, l1)
    for i in range(n_i):
        for j in range(n_j):
            if upper[i, j] != lower[i, j]:
                return False
    return True


@njit(cache=True, inline="always")
def _weighted_coins(coins, ukey, base, thr, width):
    """``coins[k] = 1`` when the top 53 bits of output ``base + k`` fall below ``thr[k + 1]``."""
    for k in range(width):
        u = splitmix64(ukey, base + np.uint64(k)) >> _S11
        coins[k] = np.int32(np.int64(u) < thr[k + 1])


@njit(cache=True)
def cftp_sweeps_weighted(upper, lower, movable, threshold, key, first, count):
    """:func:`cftp_sweeps` with weighted coins: heads at vertex ``v`` with chance ``threshold[v] / 2**53``.

    ``threshold``: int64 ``(rows + 1, cols + 1)``, in ``[0, 2**53]``, the chance that the
    heat-bath update sets ``h(v)`` to its larger value (see the module docstring for
    which SplitMix64 word each vertex reads). Both chains read the same words, so the
    update stays monotone whatever the thresholds. Returns True when the chains agree.
    """
    n_i, n_j = upper.shape
    rows, cols = n_i - 1, n_j - 1
    width = (cols + 2) // 2
    ukey = np.uint64(key)
    m0, m1 = _split(movable, width)
    t0, t1 = _split64(threshold, width)
    u0, u1 = _split(upper, width)
    l0, l1 = _split(lower, width)
    coins = np.zeros(width, dtype=np.int32)
    for s in range(first, first - count, -1):
        for p in range(2):
            for i in range(1, rows):
                off = (p + i) & 1
                base = np.uint64(((2 * s + p) * (rows + 1) + i) * width)
                if p == 0:
                    _weighted_coins(coins, ukey, base, t0[i], width)
                    _update_row(u0[i], u1[i - 1], u1[i + 1], u1[i], m0[i], coins, off, width)
                    _update_row(l0[i], l1[i - 1], l1[i + 1], l1[i], m0[i], coins, off, width)
                else:
                    _weighted_coins(coins, ukey, base, t1[i], width)
                    _update_row(u1[i], u0[i - 1], u0[i + 1], u0[i], m1[i], coins, off, width)
                    _update_row(l1[i], l0[i - 1], l0[i + 1], l0[i], m1[i], coins, off, width)
    _merge(upper, u0, u1)
    _merge(lower, l0, l1)
    for i in range(n_i):
        for j in range(n_j):
            if upper[i, j] != lower[i, j]:
                return False
    return True
