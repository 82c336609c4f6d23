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
- Random numbers are made in the kernels, from the run's 64-bit ``key``: each
  row of each stage has a stream of its own, keyed by hashing ``(key, order,
  row)`` (:func:`_row_key`) and seeded by SplitMix64. A uniform row reads one
  xoshiro256** word per word of the row (bit ``j`` decides block ``(i, j)``:
  1 horizontal, :func:`uniform_row`); a row of short-period weights bit-sliced
  digits of 64 uniforms a word, compared with the binary digits of the
  probabilities (:func:`periodic_row`); any other weighted row one xoshiro256+
  double per hole, left to right (:func:`shuffle_row`). So the sample depends
  on the key alone, not on how the run is sliced or in which order rows are drawn.
- Uniform and short-period stages go as a wavefront of :data:`WAVEFRONT`
  stages, each one row behind the one before (:func:`_uniform_stages`,
  :func:`_periodic_stages`): one pass over the planes for many stages.
- ``state`` is an ``int64`` array ``[k, unused, error, unused]``: the order
  reached (and filled), and 1 if a stage found a number of holes other than
  ``k + 1 + bad`` (dominoes overlapping).
"""

import numpy as np
from numba import njit, types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from .._interrupt import returns_arrays
from .cftp import splitmix64

TN, TS, TW, TE = 0, 1, 2, 3
_ONE = np.uint64(1)


@intrinsic
def _ctpop(typingctx, x):
    """LLVM's population count of a uint64 (one ``popcnt`` instruction on x86-64)."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@njit(cache=True, inline="always")
def _popcount(x):
    """Number of set bits of a uint64."""
    return np.int64(_ctpop(x))


@njit(cache=True, inline="always")
def _rotl(x, r):
    return (x << np.uint64(r)) | (x >> np.uint64(64 - r))


@njit(cache=True, inline="always")
def _xoshiro_step(s0, s1, s2, s3):
    """The xoshiro256 state after one step (the same for its ``**`` and ``+`` outputs)."""
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return s0, s1, s2, s3


@njit(cache=True, inline="always")
def _xoshiro_starstar(s0, s1, s2, s3):
    """One xoshiro256** output and the state after it: ``(out, s0, s1, s2, s3)``."""
    out = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    s0, s1, s2, s3 = _xoshiro_step(s0, s1, s2, s3)
    return out, s0, s1, s2, s3


@njit(cache=True, inline="always")
def _word(old, r, w, nw, kk):
    """Word `w` of padded row `r` at the stage to order `kk`, from ``old``: what slides in, the bad pairs, the holes.

    Returns ``(n_new, s_old, w_new, e_old, ns, we, hole)``: the halves arriving
    in the 64 blocks, the N/S and W/E pairs that collide (destroyed), the blocks
    that receive nothing.
    """
    sh63 = np.uint64(63)
    s_old = old[TS, r - 1, w] << _ONE
    e_old = old[TE, r, w] << _ONE
    if w > 0:
        s_old |= old[TS, r - 1, w - 1] >> sh63
        e_old |= old[TE, r, w - 1] >> sh63
    n_new = old[TN, r, w]
    w_new = old[TW, r - 1, w]
    valid = np.uint64(0xFFFFFFFFFFFFFFFF)
    if w == nw - 1:  # the valid bits of the last word
        valid >>= np.uint64(64 * nw - kk)
    hole = valid & ~(n_new | s_old | w_new | e_old)
    return n_new, s_old, w_new, e_old, n_new & s_old, w_new & e_old, hole


@njit(cache=True, inline="always")
def _put(new, r, w, n_new, s_old, w_new, e_old, ns, we, hole, hor):
    """Write word `w` of padded row `r`: the survivors, and the holes filled (``hor``: horizontally)."""
    ver = hole & ~hor
    new[TN, r, w] = (n_new ^ ns) | hor
    new[TS, r, w] = (s_old ^ ns) | hor
    new[TW, r, w] = (w_new ^ we) | ver
    new[TE, r, w] = (e_old ^ we) | ver


@njit(cache=True, inline="always")
def _row_key(key, kk, i):
    """The 64-bit key of row `i`'s random stream at the stage to order `kk` (a hash of the run's key, `kk` and `i`)."""
    return (
        key
        + np.uint64(kk) * np.uint64(0xD1B54A32D192ED03)
        + np.uint64(i + 1) * np.uint64(0x8CB92BA72F3D8DD7)
    )


@njit(cache=True, nogil=True)
def shuffle_row(old, new, i, kk, qrow, cmod, key):
    """Row `i` of a weighted stage to order `kk`: ``new`` row ``i`` from ``old`` rows ``i - 1`` and `i`; ``(holes, bad)``.

    A call, not inlined code: its callers (the stages here, the face kernels'
    rows and sweeps) share one compiled copy (a row is ``kk`` blocks of work, so
    the call costs nothing; inlined, it was the bulk of their compile time).

    ``old`` and ``new`` may be the same planes when the rows go bottom-up (a
    row's neighbour above is read before it is written). Block ``(i, j)``'s hole
    gets horizontal dominoes when a uniform double is below ``qrow[cmod[j]]``;
    the doubles of a row come from its own xoshiro256+ stream [1]_, seeded by
    hashing ``(key, kk, i)`` -- so rows can be drawn in any order, or side by side.

    .. [1] D. Blackman, S. Vigna, "Scrambled linear pseudorandom number
       generators", ACM Trans. Math. Softw. 47 (2021), 36.
    """
    nw = (kk + 63) >> 6
    base = _row_key(key, kk, i)
    s0, s1 = splitmix64(base, np.uint64(0)), splitmix64(base, np.uint64(1))  # the stream's state
    s2, s3 = splitmix64(base, np.uint64(2)), splitmix64(base, np.uint64(3))
    holes = 0
    bad = 0
    r = i + 1  # padded row
    for w in range(nw - 1, -1, -1):
        n_new, s_old, w_new, e_old, ns, we, hole = _word(old, r, w, nw, kk)
        bad += _popcount(ns) + _popcount(we)
        holes += _popcount(hole)
        hor = np.uint64(0)
        rest = hole
        while rest != 0:  # the holes of this word, low bits first
            j = 64 * w + trailing_zeros(rest)
            low = rest & (~rest + _ONE)
            rest ^= low
            u = np.float64(np.int64((s0 + s3) >> np.uint64(11))) * (
                1.0 / 9007199254740992.0
            )  # top 53 bits of the xoshiro256+ output
            s0, s1, s2, s3 = _xoshiro_step(s0, s1, s2, s3)
            hor |= low * np.uint64(u < qrow[cmod[j]])  # no branch: the coin is unpredictable
        _put(new, r, w, n_new, s_old, w_new, e_old, ns, we, hole, hor)
    return holes, bad


@njit(cache=True, inline="always")
def uniform_row(planes, i, kk, key):
    """Row `i` of a uniform stage to order `kk`, in place (rows go bottom-up); ``(holes, bad)``.

    The coins of the row's holes are the bits of successive outputs of
    xoshiro256** [1]_, one 64-bit word per word of the row (bit ``j % 64`` of
    the word for block ``(i, j)``: 1 is horizontal), from the last word to the
    first; its state is four SplitMix64 [2]_ outputs of the row's key
    (:func:`_row_key`), as the authors of xoshiro advise for seeding. So every
    ``(order, row)`` has a stream of its own, and a row can be drawn whenever the
    rows it reads are ready.

    .. [1] D. Blackman, S. Vigna, "Scrambled linear pseudorandom number
       generators", ACM Trans. Math. Softw. 47 (2021), 36.
    .. [2] G. L. Steele, D. Lea, C. H. Flood, "Fast splittable pseudorandom
       number generators", OOPSLA 2014, 453-472.
    """
    nw = (kk + 63) >> 6
    base = _row_key(key, kk, i)
    s0, s1 = splitmix64(base, np.uint64(0)), splitmix64(base, np.uint64(1))
    s2, s3 = splitmix64(base, np.uint64(2)), splitmix64(base, np.uint64(3))
    holes = 0
    bad = 0
    r = i + 1  # padded row
    for w in range(nw - 1, -1, -1):
        n_new, s_old, w_new, e_old, ns, we, hole = _word(planes, r, w, nw, kk)
        bad += _popcount(ns) + _popcount(we)
        holes += _popcount(hole)
        coins, s0, s1, s2, s3 = _xoshiro_starstar(s0, s1, s2, s3)
        _put(planes, r, w, n_new, s_old, w_new, e_old, ns, we, hole, hole & coins)
    return holes, bad


@njit(cache=True)
def _stage(planes, k, probs, rmod, cmod, key):
    """Weighted: order `k` to ``k + 1`` in place, rows bottom-up; return ``(holes, bad)``.

    The probability of a horizontal pair in a hole at block ``(i, j)`` is
    ``probs[level, rmod[i], cmod[j]]`` (``level`` is `k` for a table per order,
    0 for a single table).
    """
    kk = k + 1
    level = min(k, probs.shape[0] - 1)
    holes = 0
    bad = 0
    for i in range(kk - 1, -1, -1):
        h, b = shuffle_row(planes, planes, i, kk, probs[level, rmod[i]], cmod, key)
        holes += h
        bad += b
    return holes, bad


@njit(cache=True)
def _uniform_stages(planes, k0, depth, key, counts):
    """Uniform stages from order `k0` to ``k0 + depth`` in place, as one wavefront.

    Stage ``t`` (to order ``k0 + t + 1``) needs its rows ``i - 1`` and ``i`` of
    order ``k0 + t``; going bottom-up, it is one row behind stage ``t - 1``: at
    step ``g`` stage ``t`` draws row ``k0 + t - g``, the stages in order. So the
    ``depth`` stages pass over the planes once, their rows in cache, instead of
    `depth` times. ``counts[t] = (holes, bad)`` of stage ``t``.
    """
    for t in range(depth):
        counts[t, 0] = 0
        counts[t, 1] = 0
    for g in range(k0 + depth):
        for t in range(depth):
            i = k0 + t - g
            if i < 0 or i > k0 + t:
                continue
            h, b = uniform_row(planes, i, k0 + t + 1, key)
            counts[t, 0] += h
            counts[t, 1] += b


#: Stages drawn as one wavefront by the uniform kernel (their rows stay in cache).
WAVEFRONT = 32

_TWO32 = 4294967296.0


@njit(cache=True, inline="always")
def _fixed64(q):
    """``floor(q * 2**64)`` as a uint64 for ``0 <= q < 1`` (exact: two 32-bit halves), and the fraction left."""
    a = q * _TWO32  # exact: a power-of-two scaling
    hi = np.floor(a)
    b = (a - hi) * _TWO32  # exact: the low bits of a double
    lo = np.floor(b)
    return (np.uint64(hi) << np.uint64(32)) | np.uint64(lo), b - lo


@njit(cache=True)
def periodic_masks(probs, level0, depth, masks, sure):
    """The bit-sliced creation probabilities of levels ``level0 .. level0 + depth - 1``.

    ``probs`` is ``(levels, p, q)``; for row residue ``a`` and word residue ``v``
    (word ``w`` of a row has ``v = w % W``, ``W = q / gcd(q, 64)``: its bit ``l``
    is column ``j = 64 w + l``, whose ``j % q`` depends on ``v`` alone),
    ``masks[t, a, v, b]`` (``b < 64``) has bit ``l`` set when digit ``b + 1``
    after the binary point of ``x = probs[level0 + t, a, j % q]`` is 1 (``b = 0``
    the halves), ``masks[t, a, v, 64 + b]`` when a digit after it is 1 (``x`` is
    not ``x``'s first ``b + 1`` digits), and ``sure[t, a, v]`` the lanes whose
    ``x`` is 1.
    """
    p = probs.shape[1]
    q = probs.shape[2]
    W = masks.shape[2]
    for t in range(depth):
        for a in range(p):
            for v in range(W):
                m = masks[t, a, v]
                m[:] = 0
                s = np.uint64(0)
                for first in range(
                    min(q, 64)
                ):  # the lanes first, first + q, ... share a column residue
                    lm = np.uint64(0)
                    for lane in range(first, 64, q):
                        lm |= _ONE << np.uint64(lane)
                    x = probs[level0 + t, a, (64 * v + first) % q]
                    if x >= 1.0:
                        s |= lm
                        continue
                    f, rest = _fixed64(max(x, 0.0))
                    for b in range(64):
                        if (f >> np.uint64(63 - b)) & _ONE:
                            m[b] |= lm
                        if rest > 0.0 or f << np.uint64(b) << _ONE:  # a digit 1 after digit b
                            m[64 + b] |= lm
                sure[t, a, v] = s


@njit(cache=True, inline="always")
def _digit(s0, s1, s2, s3, hor, und, masks, t, a, v, b):
    """Digit `b` of the undecided blocks' ``U`` (a xoshiro256** word) against the probabilities' (:func:`periodic_row`)."""
    u, s0, s1, s2, s3 = _xoshiro_starstar(s0, s1, s2, s3)
    m = masks[t, a, v, b]
    diff = (u ^ m) & und  # decided: the first digit where U and the probability differ
    hor |= diff & m  # the probability's digit is 1, U's 0: U is below
    und ^= diff
    und &= masks[t, a, v, 64 + b]  # equal so far and no digit 1 left: U is not below
    return s0, s1, s2, s3, hor, und


@njit(cache=True, inline="always")
def periodic_row(planes, i, kk, key, masks, sure, probs, t, a, cmod):
    """Row `i` of a periodic weighted stage to order `kk`, in place (rows go bottom-up); ``(holes, bad)``.

    The 64 blocks of a word are decided together (bit slicing): block ``(i, j)``
    gets horizontal dominoes when ``U < probs[kk - 1, a, cmod[j]]`` for a uniform ``U`` whose
    binary digits come one word at a time from the row's xoshiro256** stream --
    digit ``b`` of every block's ``U`` in one word, compared with the word
    ``masks[t, a, w % W, b]`` of digit ``b`` of the probabilities (:func:`periodic_masks`,
    ``a`` the row's residue, ``t`` the level's place in ``masks``);
    a block is decided at its first digit that differs, so a word takes about
    ``2 + log2(holes)`` words of the stream, not a double per hole. Blocks still
    undecided after 64 digits (probability ``2**-64`` each) compare a 53-bit
    double with what is left of their probability. Exact: ``P(U < x) = x`` up to
    ``2**-117``.
    """
    nw = (kk + 63) >> 6
    W = masks.shape[2]
    base = _row_key(key, kk, i)
    s0, s1 = splitmix64(base, np.uint64(0)), splitmix64(base, np.uint64(1))
    s2, s3 = splitmix64(base, np.uint64(2)), splitmix64(base, np.uint64(3))
    holes = 0
    bad = 0
    r = i + 1  # padded row
    v = (nw - 1) % W + 1  # w % W + 1 for the word before the first
    for w in range(nw - 1, -1, -1):
        n_new, s_old, w_new, e_old, ns, we, hole = _word(planes, r, w, nw, kk)
        bad += _popcount(ns) + _popcount(we)
        holes += _popcount(hole)
        v = (v if v > 0 else W) - 1  # w % W, without a division
        hor = hole & sure[t, a, v]
        und = hole ^ hor
        b = 0
        while und != 0 and b < 64:  # two digits a step (fewer branches)
            s0, s1, s2, s3, hor, und = _digit(s0, s1, s2, s3, hor, und, masks, t, a, v, b)
            s0, s1, s2, s3, hor, und = _digit(s0, s1, s2, s3, hor, und, masks, t, a, v, b + 1)
            b += 2
        while und != 0:  # 64 equal digits: the rest of U against the rest of the probability
            low = und & (~und + _ONE)
            und ^= low
            _, rest = _fixed64(probs[kk - 1, a, cmod[64 * w + trailing_zeros(low)]])
            u, s0, s1, s2, s3 = _xoshiro_starstar(s0, s1, s2, s3)
            x = np.float64(np.int64(u >> np.uint64(11))) * (1.0 / 9007199254740992.0)
            hor |= low * np.uint64(x < rest)
        _put(planes, r, w, n_new, s_old, w_new, e_old, ns, we, hole, hor)
    return holes, bad


@njit(cache=True)
def _periodic_stages(planes, k0, depth, key, counts, probs, rmod, cmod, masks, sure):
    """Periodic weighted stages from order `k0` to ``k0 + depth`` in place, as one wavefront (see :func:`_uniform_stages`).

    Stage ``t`` draws its holes with level ``k0 + t`` of ``probs`` (:func:`periodic_row`).
    """
    periodic_masks(probs, k0, depth, masks, sure)
    for t in range(depth):
        counts[t, 0] = 0
        counts[t, 1] = 0
    for g in range(k0 + depth):
        for t in range(depth):
            i = k0 + t - g
            if i < 0 or i > k0 + t:
                continue
            h, b = periodic_row(planes, i, k0 + t + 1, key, masks, sure, probs, t, rmod[i], cmod)
            counts[t, 0] += h
            counts[t, 1] += b


@njit(cache=True, inline="always")
def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def shuffle(planes, state, k_stop, probs, rmod, cmod, key, weighted):
    """Run shuffling from ``state`` up to order `k_stop`.

    ``planes``: uint64 ``(4, n + 2, ceil(n / 64))``; ``probs``: float64 ``(levels,
    p, q)``, the probability of a horizontal pair in a hole at block ``(i, j)``
    of order ``k`` is ``probs[k - 1, rmod[i], cmod[j]]`` (``probs[0, ...]`` when
    there is one level; unused by a uniform run); ``key``: the uint64 seed of the
    run's random streams (see :func:`uniform_row`, :func:`shuffle_row`,
    :func:`periodic_row`); ``weighted``: 0 uniform, 1 a double per hole, 2
    bit-sliced (``probs`` a level per order, ``rmod = i % p``, ``cmod = j % q``).
    ``state`` is updated in place (see the module).

    Each kind is its own kernel (:func:`shuffle_uniform`, :func:`shuffle_holes`,
    :func:`shuffle_sliced`), chosen here in Python: one kernel with the kind as an
    argument compiled all three kinds' stages on the first uniform sample (1.7 s of CPU
    more, issue 37).
    """
    if weighted == 0:
        shuffle_uniform(planes, state, k_stop, key)
    elif weighted == 1:
        shuffle_holes(planes, state, k_stop, probs, rmod, cmod, key)
    else:
        shuffle_sliced(planes, state, k_stop, probs, rmod, cmod, key)


@njit(cache=True, nogil=True)
def _wave_checked(state, counts, k, depth):
    """Flag ``state[2]`` if a stage of the wave ``k .. k + depth`` left dominoes overlapping."""
    for t in range(depth):
        if counts[t, 0] != k + t + 1 + counts[t, 1]:
            state[2] = 1


@njit(cache=True, nogil=True)
def shuffle_uniform(planes, state, k_stop, key):
    """:func:`shuffle` of a uniform run: waves of :data:`WAVEFRONT` stages, a coin a bit."""
    k = state[0]
    counts = np.zeros((WAVEFRONT, 2), np.int64)
    while k < k_stop:
        depth = min(WAVEFRONT, k_stop - k)
        _uniform_stages(planes, k, depth, key, counts)
        _wave_checked(state, counts, k, depth)
        k += depth
        if state[2]:
            break
    state[0] = k


@njit(cache=True, nogil=True)
def shuffle_holes(planes, state, k_stop, probs, rmod, cmod, key):
    """:func:`shuffle` with a double per hole: one stage at a time."""
    k = state[0]
    while k < k_stop:
        holes, bad = _stage(planes, k, probs, rmod, cmod, key)
        k += 1
        if holes != k + bad:
            state[2] = 1
            break
    state[0] = k


@njit(cache=True, nogil=True)
def shuffle_sliced(planes, state, k_stop, probs, rmod, cmod, key):
    """:func:`shuffle` with bit-sliced coins of a short period: waves, as the uniform run."""
    k = state[0]
    counts = np.zeros((WAVEFRONT, 2), np.int64)
    q = probs.shape[2]
    W = q // _gcd(q, 64)
    masks = np.zeros((WAVEFRONT, probs.shape[1], W, 128), np.uint64)
    sure = np.zeros((WAVEFRONT, probs.shape[1], W), np.uint64)
    while k < k_stop:
        depth = min(WAVEFRONT, k_stop - k)
        _periodic_stages(planes, k, depth, key, counts, probs, rmod, cmod, masks, sure)
        _wave_checked(state, counts, k, depth)
        k += depth
        if state[2]:
            break
    state[0] = k


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
