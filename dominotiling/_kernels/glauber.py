"""Numba kernel of Glauber dynamics on domino tilings (random 2x2 flips); see ``mcmc.py``.

``labels`` is a C-contiguous int64 array ``(rows, cols)`` (-1 outside, -2 uncovered,
k >= 0 domino ids), changed in place. Step ``t`` reads output number ``t`` of
SplitMix64 seeded with ``key`` (``cftp.splitmix64``): bit 0 is the lazy coin, the
other 63 bits modulo the number of blocks pick the block (top-left cell
``(b // (cols - 1), b % (cols - 1))``).

The weighted kernel (:func:`glauber_weighted`) picks the block from the same bits
(bit 0 unused) and reads a second word, output number ``t + 2**63``, whose top 53
bits ``u`` set the block's two parallel dominoes horizontal when
``u < threshold[block]`` (a 53-bit fixed-point probability, ``2**53`` is 1; -1 means
both positions weigh zero and the block is left alone).
"""

import numpy as np
from numba import njit

from .cftp import splitmix64

_HALF = np.uint64(2**63)
_S11 = np.uint64(11)


@njit(cache=True)
def glauber(labels, key, first, count, log):
    """Make steps ``first, ..., first + count - 1`` in place; return the number of flips made.

    ``log`` is an int64 array of length ``count`` (or 0 to keep no log): entry ``k``
    becomes the index of the block flipped at step ``first + k``, or -1.
    """
    rows, cols = labels.shape
    n_blocks = (rows - 1) * (cols - 1)
    keep = log.shape[0] > 0
    ukey = np.uint64(key)
    flips = 0
    if n_blocks <= 0:
        if keep:
            log[:] = -1
        return 0
    nb = np.uint64(n_blocks)
    for k in range(count):
        z = splitmix64(ukey, np.uint64(first + k))
        done = -1
        if z & np.uint64(1):
            b = np.int64((z >> np.uint64(1)) % nb)
            r = b // (cols - 1)
            c = b % (cols - 1)
            a = labels[r, c]
            e = labels[r, c + 1]
            d = labels[r + 1, c]
            f = labels[r + 1, c + 1]
            if a >= 0 and d >= 0 and e >= 0 and f >= 0:
                if a == e and d == f and a != d:  # two horizontal -> two vertical
                    labels[r, c + 1] = d
                    labels[r + 1, c] = a
                    done = b
                elif a == d and e == f and a != e:  # two vertical -> two horizontal
                    labels[r, c + 1] = a
                    labels[r + 1, c] = e
                    done = b
        if done >= 0:
            flips += 1
        if keep:
            log[k] = done
    return flips


@njit(cache=True)
def glauber_weighted(labels, threshold, key, first, count, log):
    """Heat-bath steps ``first, ..., first + count - 1`` in place; return the number of flips made.

    ``threshold``: int64 ``(rows - 1, cols - 1)``, per block (top-left cell) the chance
    times ``2**53`` that its parallel pair is set horizontal, or -1 (left alone).
    ``log`` as for :func:`glauber`.
    """
    rows, cols = labels.shape
    n_blocks = (rows - 1) * (cols - 1)
    keep = log.shape[0] > 0
    ukey = np.uint64(key)
    flips = 0
    if n_blocks <= 0:
        if keep:
            log[:] = -1
        return 0
    nb = np.uint64(n_blocks)
    for k in range(count):
        t = np.uint64(first + k)
        z = splitmix64(ukey, t)
        done = -1
        b = np.int64((z >> np.uint64(1)) % nb)
        r = b // (cols - 1)
        c = b % (cols - 1)
        a = labels[r, c]
        e = labels[r, c + 1]
        d = labels[r + 1, c]
        f = labels[r + 1, c + 1]
        if a >= 0 and d >= 0 and e >= 0 and f >= 0:
            horizontal = a == e and d == f and a != d
            vertical = a == d and e == f and a != e
            thr = threshold[r, c]
            if (horizontal or vertical) and thr >= 0:
                u = np.int64(splitmix64(ukey, t + _HALF) >> _S11)
                if u < thr:
                    if vertical:  # two vertical -> two horizontal
                        labels[r, c + 1] = a
                        labels[r + 1, c] = e
                        done = b
                elif horizontal:  # two horizontal -> two vertical
                    labels[r, c + 1] = d
                    labels[r + 1, c] = a
                    done = b
        if done >= 0:
            flips += 1
        if keep:
            log[k] = done
    return flips
