"""The levels of urban renewal for generalized shuffling and edge probabilities, in ``O(n**2)`` memory.

:func:`~dominotiling.aztec.shuffling.sample_aztec` and
:func:`~dominotiling.aztec.weighted.aztec_edge_probabilities` need the creation
probabilities of every level of urban renewal, from order 1 up, but urban
renewal makes the levels from order ``n`` down. :class:`_Levels` works on the
two face weights of each block (see :mod:`dominotiling._kernels.faces`), whose
recurrence is symmetric in time: it runs the levels down, then back up in the
same two buffers, handing out each level (or drawing each stage of shuffling)
on the way up.
"""

from __future__ import annotations

import numpy as np

from .._options import check_memory
from ..errors import DominoTilingError, DominoTypeError, NoTilingError, PrecisionError, WeightError
from ..model.weighting import block_array, block_cells
from ..model.weights import Weights

_NO_TILING = (
    "the weights' zeros leave no tiling of the Aztec diamond of order {n}: every tiling uses a "
    "placement of weight 0; give those placements a positive weight, or check the region with "
    "embed_in_aztec"
)


_UNEVEN = (
    "the weights are too uneven: their urban-renewal transforms under- or overflow double "
    "precision; bring them closer to each other (or use int/Fraction weights with "
    "aztec_partition_function)"
)


# ------------------------------------------------------------------ the mapping
_block_cells = block_cells  # the blocks' top-left cells (model.weighting)


def _edge_weights(weights, zeros=False):
    """Validate `weights` and return a float64 array ``(p, q, 4)`` of (N, S, W, E) edge weights.

    With `zeros`, a zero (a forbidden placement, for generalized shuffling) is allowed.
    """
    arr = block_array(weights)  # the one reading of the spellings (model.weighting)
    if not zeros and (arr == 0).any():
        raise DominoTilingError(
            "weights must be finite and non-negative: positive, or 0 to forbid a placement"
        )
    return np.ascontiguousarray(arr)


def _from_weights(n, w):
    """``(kind, (n, n, 4) array)`` of (N, S, W, E) weights from a Weights on the diamond."""
    w.check_shape((2 * n, 2 * n))
    if w.kind == "symbolic":
        raise DominoTypeError(
            "symbolic weights are not supported by urban renewal; substitute numbers "
            "(weights.substitute(...)) or use count_tilings(region, weights=..., method='kasteleyn')"
        )
    R, C = _block_cells(n)
    h, v = w.horizontal, w.vertical
    out = np.empty((n, n, 4), dtype=h.dtype if h.dtype == v.dtype else object)
    out[:, :, 0] = h[R, C]
    out[:, :, 1] = h[R + 1, C]
    out[:, :, 2] = v[R, C]
    out[:, :, 3] = v[R, C + 1]
    return w.kind, out


def _blocks(n, weights):
    check_memory(
        64 * n * n,
        f"the block weights of the Aztec diamond of order {n}",
        "a smaller order",
    )
    if weights is None:
        return "int", np.ones((n, n, 4), dtype=np.int64)
    if isinstance(weights, Weights):
        return _from_weights(n, weights)
    pat = _edge_weights(weights, zeros=True)
    i, j = np.indices((n, n))
    return "float", pat[i % pat.shape[0], j % pat.shape[1]]


#: Below this many bytes every level's creation probabilities are kept (one pass);
#: above, the levels are rebuilt on the way up (two passes, O(n**2) memory).
STORE_ALL_BYTES = 64 * 2**20
#: The largest relative drift of the rebuilt face weights from the first pass's.
DRIFT_TOL = 1e-8
# A level that is not swept goes a kernel call at a time, a large one in ranges of rows paced
# to about 0.05 s a call (dominotiling._interrupt), so that Ctrl-C is seen between calls.
#: On the rebuilding path with plain weights the levels run several at a time, in one pass
#: over the buffers (at large orders they no longer fit in the cache): SWEEP_LEVELS of them.
SWEEP_LEVELS = 16
# A sweep is cut into chunks of about this many block updates (some 20 ms): the pieces of
# work of its calls. Smaller ones cost more: each chunk boundary is done again in phase 2.
_SWEEP_BLOCKS = 1 << 25


class _Levels:
    """The creation probabilities of urban renewal from order `n` down to 1, handed out from 1 up.

    The levels are computed top-down (:meth:`down`) but used bottom-up
    (:meth:`up`, :meth:`shuffle`). Small orders keep every level's probabilities
    (one pass). Larger ones keep nothing but the two buffers of face weights and
    run the levels back up: the recurrence of the face weights (see
    :mod:`dominotiling._kernels.faces`) is symmetric in time, ``X_{k-1}
    Y_k = F(X_k)``; ``X_k`` is ``Y_{k-1}`` inside a boundary ring that the way
    down never overwrites (the later levels live inside it), so level ``k`` is
    rebuilt from level ``k - 1`` by the very operation that made it -- two passes
    in ``16 n**2`` bytes. Rounding makes the rebuilt levels drift from the first
    pass's: four values per level saved on the way down are compared on the way
    up (a drift of about ``1e-12`` at order 2000 with Gamma weights, and at order
    400 with log-normal ones of sigma 4); beyond :data:`DRIFT_TOL` a
    :class:`~dominotiling.errors.PrecisionError` is raised.

    Every kernel call does a fraction of a level or of a sweep (ranges of rows or
    of chunks, paced to about 0.05 s): the results do not depend on the cut.
    """

    def __init__(self, bufs, degs, zeros):
        from .._interrupt import Pacer

        self.n = n = bufs.shape[1]
        self.bufs, self.degs, self.zeros = bufs, degs, zeros
        self.store_all = _level_bytes(n, zeros)[1]
        self.ring = None  # the planes of the orders of a sweep up, made on first use
        self.zero = None  # the mask of zero block weights, set by _prepare
        # edge probabilities' sweeps take float64 planes: the sweeps down take float64 ones too, so
        # that the sweep kernel compiles once (set by _prepare)
        self.for_probabilities = False
        self.rows = Pacer(
            first=max(1, 2**18 // max(n, 1)), growth=2
        )  # rows of a large level per call
        self.pieces = (
            Pacer(first=1),
            Pacer(first=1),
        )  # groups of chunks of a sweep per call, by phase

    def down(self):
        """The pass down; raises WeightError if a face weight under- or overflows.

        A level a kernel call (its rows in paced ranges, shared among the threads when
        large), or on the rebuilding path with plain weights :data:`SWEEP_LEVELS` levels
        a sweep.
        """
        from .._interrupt import threads
        from .._kernels.faces import face_next, face_probes

        n = self.n
        self.chunks = threads()
        self.counts = np.zeros((self.chunks, 2), np.int64)
        self.offs = np.zeros(2, np.int64)
        total = n * (n + 1) * (2 * n + 1) // 6
        if self.store_all:
            self.qtab = np.empty(total)
            self.probes = np.empty((1, 4))
            low = 0
        else:
            self.qtab = np.empty(1)  # level 1; up() takes n * n for the others
            self.probes = np.empty((n + 1, 4))
            low = 1
        self.x_first, k, done = True, n, 0
        while k > low:
            if self._sweeping():
                L = min(SWEEP_LEVELS, k - 1)
                self._sweep(k, L, up=False)
                k -= L
                continue
            if not self.store_all:
                face_probes(self.bufs, self.offs, self.x_first, k, self.probes)
            self._level_rows(k, self.qtab, done, self.store_all, _NO_SHUFFLE)
            if k == 1:
                break
            if self.store_all:
                done += k * k
            self.x_first = face_next(self.offs, self.x_first)
            k -= 1

    def _level_rows(self, k, qtab, qoff, store, sh):
        """The rows ``0 .. k - 2`` of level `k`'s step (:func:`~dominotiling._kernels.faces.face_rows`), paced.

        A range of rows large enough is shared among the threads
        (:func:`~dominotiling._kernels.faces.step_threads`), each with its row of
        ``self.counts``; the kernels release the GIL.
        """
        from .._interrupt import run_tasks
        from .._kernels.faces import face_rows, face_rows_zeros, step_threads

        ix = 0 if self.x_first else 1
        iy = 1 - ix
        x, y = self.bufs[ix], self.bufs[iy]
        ox, oy = int(self.offs[ix]), int(self.offs[iy])
        if self.zeros:  # its own kernel: positive weights never compile it
            dx, dy = self.degs[ix], self.degs[iy]

            def rows(r0, r1, c):
                return face_rows_zeros(
                    x, dx, ox, y, dy, oy, k, r0, r1, qtab, qoff, store, sh, self.counts, c
                )
        else:  # plain weights: the levels kept (store) or handed out; shuffling goes in sweeps
            assert store and not sh[0]

            def rows(r0, r1, c):
                return face_rows(x, ox, y, oy, k, r0, r1, qtab, qoff)

        ok = True
        m = max(k - 1, 0)
        for a, b in self.rows.ranges(0, max(m, 1)):
            b = min(b, m)
            nch = step_threads(b - a, k, self.chunks)
            if nch == 1:
                ok &= rows(a, b, 0)
                continue
            cuts = [a + c * (b - a) // nch for c in range(nch + 1)]
            tasks = [
                lambda stop, r0=cuts[c], r1=cuts[c + 1], c=c: rows(r0, r1, c) for c in range(nch)
            ]
            ok &= all(run_tasks(tasks, n_threads=nch))
        if not ok:
            raise WeightError(_UNEVEN)

    def _sweeping(self):
        """Whether the levels go in sweeps: the rebuilding path with plain face weights (no eps-degrees).

        Every level of that path then runs in the one sweep kernel (its first call
        compiles nothing else), the small ones as well as the large.
        """
        return not (self.store_all or self.zeros)

    def _sweep(self, k, L, up, run=None, probs=None):
        """`L` levels in one sweep from level `k` (up: drawing shuffling's orders too).

        Up, with `probs` (the edge probabilities' planes, see :meth:`probabilities`)
        instead of a `run`, the levels' edge probabilities are made in place instead.
        The sweep's rows are cut into chunks (:func:`~dominotiling._kernels.faces.sweep_chunks`),
        done a group at a time (a chunk for every thread, side by side; the kernel
        releases the GIL), all of phase 1 before any of phase 2.
        """
        from .._interrupt import run_tasks
        from .._kernels.faces import PAR_BLOCKS, sweep_chunk, sweep_chunks, sweep_end

        if up and probs is not None:
            planes, key, ramp = probs[None], np.uint64(0), self.ramp
        elif up:
            if self.ring is None:
                self.ring = np.zeros((SWEEP_LEVELS + 1,) + run.planes.shape, np.uint64)
            planes, key, ramp = self.ring[: L + 1], run.key, self.ramp
            planes[0] = run.planes
        else:
            none = _NO_PROBS if self.for_probabilities else _NO_PLANES
            planes, key, ramp = none[None], np.uint64(0), np.zeros(0, np.int64)
        nch = sweep_chunks(k, L, up, self.chunks, max(1, _SWEEP_BLOCKS // (L * k)))
        part = np.zeros((nch, L, 2), np.int64)
        flags = np.ones(2 * nch, np.bool_)
        drifts = np.zeros(2 * nch)
        offs0 = self.offs.copy()
        b0 = 0 if self.x_first else 1
        probes = self.probes

        def chunk(phase, c):
            sweep_chunk(
                self.bufs, offs0, b0, k, L, nch, c, phase, probes, True, up, planes, key,
                ramp, part, flags, drifts,
            )  # fmt: skip

        groups = -(-nch // self.chunks)  # a call takes whole groups: a chunk for every thread
        for phase in (1, 2):
            for ga, gb in self.pieces[phase - 1].ranges(0, groups):
                cs = range(ga * self.chunks, min(nch, gb * self.chunks))
                tasks = [lambda stop, c=c, phase=phase: chunk(phase, c) for c in cs]
                # small sweeps in the calling thread: handing them over costs more than they do
                small = len(tasks) == 1 or L * k * k < PAR_BLOCKS * self.chunks
                run_tasks(tasks, n_threads=self.chunks, inline=small)
        if not flags.all():
            raise WeightError(_UNEVEN)
        self.x_first = sweep_end(self.offs, self.x_first, L, up)
        self._check_drift(drifts.max(), k + L if up else k)
        if up and probs is None:
            counts = part.sum(axis=0)
            run.planes[:] = planes[L]
            for s in range(L):
                run.stage_done(k + 1 + s, *counts[s])

    def _check_drift(self, drift, k):
        if not drift <= DRIFT_TOL:
            raise PrecisionError(
                f"rebuilding level {k} of urban renewal drifted by {drift:.2g} (relative) from the "
                f"first pass, beyond {DRIFT_TOL:g}: the weights are too uneven for the O(n**2)-memory "
                "levels; bring them closer to each other, or use a smaller order"
            )

    def _level_one(self):
        """Level 1's q into ``qtab[:1]`` (the rebuilding path: the state is at level 1 after :meth:`down`).

        Where the levels go in sweeps, in Python (one number, ``1 / (1 + X)`` as the kernels
        compute it): no row kernel is compiled for it.
        """
        if not self._sweeping():
            self._level_rows(1, self.qtab, 0, True, _NO_SHUFFLE)
            return self.qtab[:1].reshape(1, 1)
        ix = 0 if self.x_first else 1
        o = int(self.offs[ix])
        x = float(self.bufs[ix][o, o])
        q = 1.0 / (1.0 + x)
        if not x * q > 0.0:
            raise WeightError(_UNEVEN)
        self.qtab[0] = q
        return self.qtab[:1].reshape(1, 1)

    def _rebuild(self, k, sh):
        """Level ``k - 1`` back to `k`: q to ``qtab`` (``sh[0]`` False) or straight to shuffling; the counts.

        In ranges of rows (one call for the levels that are small).
        """
        from .._kernels.faces import face_up

        self.x_first, drift = face_up(self.bufs, self.offs, self.x_first, k, self.probes)
        self._check_drift(drift, k)
        self.counts[:] = 0
        self._level_rows(k, self.qtab, 0, not sh[0], sh)
        return self.counts.sum(axis=0)

    def up(self):
        """``(k, q_k)`` for ``k = 1, ..., n``: ``q_k[i, j]`` the limit probability of a horizontal pair.

        ``q_k`` is valid until the next one is asked for (its buffer is reused).
        """
        n = self.n
        if self.store_all:
            end = self.qtab.shape[0]
            for k in range(1, n + 1):
                yield k, self.qtab[end - k * k : end].reshape(k, k)
                end -= k * k
            return
        yield 1, self._level_one()
        self.qtab = np.empty(n * n)
        for k in range(2, n + 1):
            self._rebuild(k, _NO_SHUFFLE)
            yield k, self.qtab[: k * k].reshape(k, k)

    def probabilities(self, probs):
        """Run the levels up, making every level's edge probabilities in `probs`, in place.

        ``probs``: float64 ``(4, n, n)`` zeros; it ends with the order-`n` edge
        probabilities, planes N, S, W, E of the blocks (each level in place over the
        one below, see :func:`~dominotiling._kernels.urban_renewal.probability_rows`).
        On the rebuilding path with plain weights the levels go :data:`SWEEP_LEVELS`
        at a time in one sweep (the probability rows made as the q rows come, while
        in cache); the others take each level's q in turn.
        """
        from .._interrupt import Pacer
        from .._kernels.urban_renewal import probability_row, probability_rows

        rows = Pacer(first=max(1, 2**18 // max(self.n, 1)), growth=2)

        def level(k, q):
            for a, b in rows.ranges(0, k):
                probability_rows(probs, k, q, a, b)

        if self.store_all:
            for k, q in self.up():
                level(k, q)
            return
        n = self.n
        if self._sweeping():  # level 1 in Python (one block): only the sweep kernel is compiled
            probability_row.py_func(probs, 0, 1, self._level_one()[0])
        else:
            level(1, self._level_one())
        self.qtab = np.empty(n * n)
        self.ramp = np.arange(n, dtype=np.int64)
        k = 1
        while k < n:
            if self._sweeping():
                L = min(SWEEP_LEVELS, n - k)
                self._sweep(k, L, up=True, probs=probs)
                k += L
            else:
                k += 1
                self._rebuild(k, _NO_SHUFFLE)
                level(k, self.qtab[: k * k].reshape(k, k))

    def shuffle(self, run):
        """Generalized shuffling of the :class:`~dominotiling.aztec.shuffling._Run` `run`: a generator, one stage a step.

        Small orders take each stored level in turn; larger ones draw each stage
        row by row while the level is rebuilt (the q rows are used while in cache,
        and the rows are shared among the threads): with plain weights
        :data:`SWEEP_LEVELS` orders a sweep, into a ring of planes; with zero
        weights a level at a time, into a second set of planes.
        """
        if self.store_all:
            for k, q in self.up():
                run.stage(k, q)
                yield
            return
        run.stage(1, self._level_one())
        yield
        spare = None if self._sweeping() else np.zeros_like(run.planes)
        self.ramp = np.arange(self.n, dtype=np.int64)
        k = 1
        while k < self.n:
            if self._sweeping():  # a sweep never goes past the order asked for
                L = min(SWEEP_LEVELS, run.target - k)
                self._sweep(k, L, up=True, run=run)
                k += L
            else:
                k += 1
                holes, bad = self._rebuild(k, (True, run.planes, spare, run.key, self.ramp))
                run.planes, spare = spare, run.planes
                run.stage_done(k, holes, bad)
            yield


_NO_PLANES = np.zeros((4, 1, 1), np.uint64)
_NO_PROBS = np.zeros((4, 1, 1))  # the float64 planes of a sweep down for the edge probabilities
_NO_EDGES = np.zeros((1, 1))
_NO_EDGES.setflags(write=False)
_NO_SHUFFLE = (False, _NO_PLANES, _NO_PLANES, np.uint64(0), np.zeros(0, np.int64))


def _level_bytes(n, zeros):
    """``(bytes, store_all)``: the memory of :class:`_Levels` for order `n` (buffers and tables)."""
    cell = 8 + (4 if zeros else 0)
    all_bytes = 8 * n * (n + 1) * (2 * n + 1) // 6
    store_all = all_bytes <= STORE_ALL_BYTES
    # else one level's q (edge probabilities), the probes, and the planes of a sweep's orders
    extra = all_bytes if store_all else 8 * n * n + 32 * n + (SWEEP_LEVELS + 1) * n * (n + 2) // 2
    return 2 * n * n * cell + extra, store_all


def _faces(n, blocks, what, h=None, v=None, uniform=False):
    """``(bufs, degs, zeros)``: the level-`n` face weights of the block weights, memory checked first.

    With `h` and `v` (numeric weights of ``Region.aztec_diamond(n)``) and `blocks`
    None, straight from them (no ``(n, n, 4)`` array); None if a weight is 0.
    With `uniform` (and `blocks` None), the face weights of uniform weights (all 1).
    """
    from .._interrupt import slices
    from .._kernels.faces import faces_from_weights

    zeros = blocks is not None and bool((blocks == 0).any())
    need, _ = _level_bytes(n, zeros)
    check_memory(
        need, f"{what} (urban renewal of the Aztec diamond of order {n})", "a smaller order"
    )
    if blocks is None:
        blocks = np.zeros((0, 0, 4))
    elif blocks.dtype == object:
        try:
            blocks = np.array([float(x) for x in blocks.ravel().tolist()]).reshape(blocks.shape)
        except OverflowError:
            raise WeightError(_UNEVEN) from None
    if h is None:
        h = v = _NO_EDGES  # read-only, as a Weights' arrays are: one compiled copy for both paths
    bufs = np.zeros((2, n, n))
    degs = np.zeros((2, n, n) if zeros else (2, 1, 1), np.int32)
    if uniform:  # every face weight is 1: no block array to read
        for a, b in slices(n, first=max(1, 2**18 // n), growth=1):  # fresh memory: 2 MiB a step
            bufs[0, a:b] = 1.0
            bufs[1, a : min(b, n - 1), : n - 1] = 1.0
        return bufs, degs, zeros
    ok, zero = True, False
    for a, b in slices(
        2 * n - 1, first=max(1, 2**18 // n), growth=1.5
    ):  # diagonals, into fresh memory
        o, z = faces_from_weights(blocks, h, v, bufs, degs, zeros, a, b)
        ok, zero = ok and o, zero or z
    if zero and not zeros:
        return None
    if not ok:
        raise WeightError(_UNEVEN)
    return bufs, degs, zeros


def _prepare(n, weights, what, *, probabilities=False):
    """``(levels, zero)``: the levels run down, and the ``(n, n, 4)`` mask of zero block weights (None: no zeros).

    With `probabilities` (for :meth:`_Levels.probabilities`) the sweeps down take
    the edge probabilities' float64 planes, so that the sweep kernel is compiled once.

    Whether the zeros leave a tiling is read off the result (see
    :func:`uses_zeros`): in the limit ``eps -> 0`` the measure lives on the
    tilings with the fewest zero-weight dominoes, so a sample, or the expected
    number of zero-weight dominoes, shows whether that fewest is 0.
    """
    faces = None
    if weights is None:  # uniform: no (n, n, 4) array
        faces = _faces(n, None, what, uniform=True)
    elif isinstance(weights, Weights) and weights.kind in ("int", "float"):  # no (n, n, 4) array
        weights.check_shape((2 * n, 2 * n))
        h, v = weights.horizontal, weights.vertical
        if h.dtype in (np.int64, np.float64) and v.dtype == h.dtype:
            faces = _faces(n, None, what, h, v)
    zero = None
    if faces is None:
        kind, blocks = _blocks(n, weights)
        zero = blocks == 0
        if not zero.any():
            zero = None
        faces = _faces(n, blocks, what)
        del blocks
    levels = _Levels(*faces)
    levels.for_probabilities = probabilities
    levels.down()
    levels.zero = zero
    return levels, zero


def creation_levels(n, weights):
    """The levels' coin probabilities for :func:`~dominotiling.aztec.shuffling.sample_aztec` (a :class:`_Levels`, run down).

    Its ``zero`` is the mask of zero block weights (or None): check the sample
    with :func:`uses_zeros`.
    """
    return _prepare(n, weights, "weighted shuffling's creation probabilities")[0]


def uses_zeros(n, zero, tiling):
    """Raise :class:`~dominotiling.errors.NoTilingError` if `tiling` of the order-`n` diamond uses a zero weight.

    `zero` is the ``(n, n, 4)`` mask of zero block weights. A sample of the
    limit measure uses a zero-weight domino only when every tiling does.
    """
    R, C = _block_cells(n)
    size = 2 * n
    hz = np.zeros((size, size - 1), bool)
    vz = np.zeros((size - 1, size), bool)
    hz[R, C], hz[R + 1, C] = zero[:, :, 0], zero[:, :, 1]
    vz[R, C], vz[R, C + 1] = zero[:, :, 2], zero[:, :, 3]
    lab = np.asarray(tiling.labels)
    across = (lab[:, :-1] == lab[:, 1:]) & (lab[:, :-1] >= 0)
    down = (lab[:-1, :] == lab[1:, :]) & (lab[:-1, :] >= 0)
    if (across & hz).any() or (down & vz).any():
        raise NoTilingError(_NO_TILING.format(n=n))
