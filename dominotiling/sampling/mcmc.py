"""Markov chains on domino tilings: Glauber dynamics and coupling from the past.

- :func:`glauber` -- random 2x2 flips from a given tiling (any region, also with
  holes; uniform or weighted by heat-bath), a Markov chain, not an exact sampler;
- :func:`glauber_frames` -- the same run as frames, the tiling every ``every`` steps.
- :func:`sample_cftp` -- an exact sample of the uniform (or a weighted) measure on
  the tilings of a simply connected region by Propp and Wilson's monotone coupling
  from the past on height functions.

``glauber``, ``glauber_frames`` and ``sample_cftp`` take ``flux=`` (a sector of a region
with holes, the surfaces wing's): their doors live in the dispatch layer
(:mod:`dominotiling.tasks.sectors`) and answer here, the same objects; the runs are
this module's (:func:`glauber_run`, :func:`glauber_frames_run`, :func:`cftp_checked`).

Both draw their randomness from SplitMix64 (:data:`KEY_NOTE`): a 64-bit key taken
from ``seed`` and a counter, so the same seed gives the same result on every
machine, and a longer CFTP window replays the later sweeps exactly.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.sampling.mcmc import glauber, glauber_frames, sample_cftp
>>> t = sample_cftp(Region.rectangle(6, 6), seed=1, progress=False)
>>> t.n_dominoes, t == sample_cftp(Region.rectangle(6, 6), seed=1, progress=False)
(18, True)
>>> frames = glauber_frames(t, steps=10, seed=2)
>>> len(frames), frames[-1].tiling == glauber(t, steps=10, seed=2)
(11, True)

References
----------
.. [1] J. G. Propp and D. B. Wilson, "Exact sampling with coupled Markov chains and
   applications to statistical mechanics", Random Structures Algorithms 9 (1996),
   223-252.
.. [2] M. Luby, D. Randall and A. Sinclair, "Markov chain algorithms for planar
   lattice structures", SIAM J. Comput. 31 (2001), 167-192.
.. [3] G. L. Steele Jr., D. Lea and C. H. Flood, "Fast splittable pseudorandom
   number generators", OOPSLA 2014, 453-472.
"""

from __future__ import annotations

import importlib

import numpy as np

from .. import _validate
from .._interrupt import LazyBar
from .._options import check_memory
from ..errors import DominoTilingError, DominoTypeError, NoTilingError, WeightError
from ..matching.height import extreme_heights, tiling_from_heights
from ..model.frames import Frame
from ..model.region import check_region
from ..model.tiling import Tiling
from ..model.weighting import check_weights

__all__ = [
    "glauber",  # noqa: F822 -- answered by __getattr__ (the door is in tasks.sectors)
    "glauber_frames",  # noqa: F822 -- answered by __getattr__ (the door is in tasks.sectors)
    "sample_cftp",  # noqa: F822 -- answered by __getattr__ (the door is in tasks.sectors)
    "cftp_sample",  # noqa: F822 -- the deprecated name of sample_cftp, answered the same way
    "GLAUBER_MAX_FRAMES",
    "GLAUBER_MAX_STEPS",
    "KEY_NOTE",
]

#: The most frames :func:`glauber` keeps (pass ``every=`` to thin them).
GLAUBER_MAX_FRAMES = 20_000

#: How the random bits are made (for reproducing a run elsewhere).
KEY_NOTE = (
    "key = as_generator(seed).integers(0, 2**64, dtype=numpy.uint64); random bits are "
    "SplitMix64 outputs mix(key + (c + 1) * 0x9E3779B97F4A7C15) at counters c (Steele, "
    "Lea and Flood 2014): c = step for glauber (with weights also c = step + 2**63 for the "
    "heat-bath uniform, see _kernels/glauber.py); for sample_cftp see _kernels/cftp.py"
)

# seconds before a progress bar is made; it shows after twice this
_PROGRESS_WAIT = 1.0

# vertex updates of the first kernel call of sample_cftp; later calls are sized to
# about 0.05 s each (dominotiling._interrupt): Ctrl-C and the progress bar's grain
_CHUNK_UPDATES = 2_000_000

#: The most steps one :func:`glauber` run may make: its steps index a 64-bit signed
#: counter of the random stream (and 2**63 steps would take millennia anyway).
GLAUBER_MAX_STEPS = 2**63 - 1


def _float_weights(weights, region, who):
    """`weights` as two float64 arrays ``(horizontal, vertical)``, or None for the uniform measure.

    None and all-ones weights give None (the unweighted fast path, bit-identical
    to a run without weights). Int and Fraction weights become floats; symbolic
    weights are refused.
    """

    weights = check_weights(weights, region)
    if weights is None or weights.is_uniform:
        return None
    if weights.kind == "symbolic":
        names = ", ".join(str(x) for x in weights.symbols()) or "no free symbols"
        raise DominoTypeError(
            f"{who} runs on float weights, but these are symbolic ({names}); substitute numbers "
            "first (weights.substitute({...})), or use count_tilings(region, weights=...) for "
            "the symbolic partition function"
        )
    return weights.as_float()


_ONE53 = 2**53


def _chance(a, b):
    """Fixed-point chance ``w_a / (w_a + w_b)`` times ``2**53`` from logs `a`, `b` of two weights.

    int64 in ``[0, 2**53]``: 0 where ``w_a = 0 < w_b``, ``2**53`` where ``w_b = 0 < w_a``,
    -1 where both are zero. Where both are positive it is kept in
    ``[1, 2**53 - 1]``, so that neither position is ruled out by rounding (an error
    of at most ``2**-53`` in the chance).
    """
    with np.errstate(over="ignore", invalid="ignore"):
        p = 1.0 / (1.0 + np.exp(b - a))  # the logistic function of a - b
    out = np.floor(np.nan_to_num(p, nan=0.0) * _ONE53).astype(np.int64)
    both = np.isfinite(a) & np.isfinite(b)
    out[both] = np.clip(out[both], 1, _ONE53 - 1)
    out[np.isneginf(a) & np.isneginf(b)] = -1
    return out


def _pair_logs(h, v):
    """Per 2x2 block (top-left cell), the logs of the weights of its horizontal and its vertical pair."""
    with np.errstate(divide="ignore"):
        lh, lv = np.log(h), np.log(v)
    return lh[:-1, :] + lh[1:, :], lv[:, :-1] + lv[:, 1:]


def _block_chances(h, v):
    """:func:`_chance` of :func:`_pair_logs` per 2x2 block, row by row in slices (Ctrl-C between them)."""
    from .._interrupt import slices

    rows = v.shape[0]
    out = np.empty((rows, h.shape[1]), np.int64)
    for a, b in slices(rows, first=max(1, 2**16 // max(1, h.shape[1]))):
        out[a:b] = _chance(*_pair_logs(h[a : b + 1], v[a:b]))
    return out


def _key(seed):
    """A uint64 key from the library's seed convention."""
    return _validate.seed(seed).integers(0, 2**64, dtype=np.uint64, endpoint=False)


def _steps(value, name, minimum=0):
    """`value` as an int in ``[minimum, GLAUBER_MAX_STEPS]``, with a message that says why."""
    value = _validate.integer(value, name, minimum=minimum)
    if value > GLAUBER_MAX_STEPS:
        raise DominoTilingError(
            f"{name}={value} is more than 2**63 - 1, the most steps a run can count: "
            "each step reads the random stream at its index, a 64-bit signed counter "
            "(at about 10**8 steps a second, 2**63 steps would take some 3000 years); "
            "run fewer steps"
        )
    return value


def glauber_run(tiling, *, steps, seed=None, frames=False, every=1, weights=None):
    """:func:`~dominotiling.glauber` from the tiling itself (no ``flux=``): the run, its arguments checked here.

    The door :func:`dominotiling.tasks.sectors.glauber` adds the start in a flux sector
    (the surfaces wing's) and calls this; :func:`glauber_frames` calls it too.
    """
    _validate.tiling(tiling)
    steps = _steps(steps, "steps")
    every = _steps(every, "every", minimum=1)
    frames = _validate.boolean(frames, "frames")
    from .._interrupt import Pacer
    from .._kernels.glauber import glauber as plain_kernel
    from .._kernels.glauber import glauber_weighted

    region = tiling.region
    hv = _float_weights(weights, region, "glauber")
    if hv is None:
        kernel = plain_kernel
    else:
        threshold = _block_chances(*hv)

        def kernel(lab, key, first, count, log):
            return glauber_weighted(lab, threshold, key, first, count, log)

    if frames:
        n_frames = 1 + -(-steps // every)
        if n_frames > GLAUBER_MAX_FRAMES:
            raise DominoTilingError(
                f"{steps} steps with every={every} make {n_frames} frames, more than "
                f"GLAUBER_MAX_FRAMES = {GLAUBER_MAX_FRAMES}; pass every={-(-steps // (GLAUBER_MAX_FRAMES - 1))} "
                "or more, or frames=False for the last tiling only"
            )
        check_memory(
            n_frames * 4 * region.mask.size,
            f"{n_frames} frames of a {region.shape[0]} x {region.shape[1]} tiling",
            "a larger every= (fewer frames), or frames=False for the last tiling only",
        )
    key = _key(seed)
    lab = np.array(tiling.labels, dtype=np.int64, order="C")
    no_log = np.zeros(0, dtype=np.int64)
    # steps in calls of about 0.05 s (Ctrl-C arrives between them); the counter-based
    # random stream makes the run the same however it is cut
    pacer = Pacer(first=1 << 16)

    def run(done, n):
        for a, b in pacer.ranges(done, done + n):
            kernel(lab, key, a, b - a, no_log)

    if not frames:
        run(0, steps)
        return Tiling(region, lab, validate=False)
    out = [Tiling(region, lab.copy(), validate=False)]
    done = 0
    while done < steps:
        n = min(every, steps - done)
        run(done, n)
        done += n
        out.append(Tiling(region, lab.copy(), validate=False))
    return out


def _check_simply_connected(region):
    check_region(region)
    holes = region.holes
    if holes:
        raise DominoTilingError(
            f"the region has {len(holes)} hole(s): coupling from the past runs on height "
            "functions, which need a region without holes. Use random_tiling(region) for an "
            "exact sample, sample_cftp(region, flux=...) for one within a flux sector, or glauber(tiling, steps=...) to walk by flips from a tiling of your own "
            "(it stays within that tiling's flip class)"
        )


def cftp_checked(region, rng, weights, progress=True):
    """:func:`sample_cftp` on checked arguments (a plane Region, a seed or Generator, None or non-uniform Weights): ``random_tiling``'s route."""
    heights, _ = _cftp_heights(region, _key(rng), progress, weights)
    return tiling_from_heights(region, heights)


def _vertex_chances(region, hv):
    """Per lattice vertex, the 53-bit chance that its heat-bath update takes the larger height.

    Refuses a zero weight on a placement inside the region (WeightError).
    """
    h, v = hv
    m = region.mask
    for name, w, inside in (
        ("horizontal", h, m[:, :-1] & m[:, 1:]),
        ("vertical", v, m[:-1, :] & m[1:, :]),
    ):
        zero = inside & (w == 0)
        if zero.any():
            r, c = (int(x) for x in np.argwhere(zero)[0])
            raise WeightError(
                f"sample_cftp needs positive weights on the region's placements, but the "
                f"{name} placement at ({r}, {c}) has weight 0 ({int(zero.sum())} such "
                f"{name} placement(s)): with zero weights 2x2 flips need not connect the "
                "tilings of positive weight, so the coupling might never meet. Use "
                'random_tiling(region, weights=..., method="kasteleyn"), or remove the cells '
                "that only forbidden placements could cover"
            )
    lh, lv = _pair_logs(h, v)
    rows, cols = m.shape
    out = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    i, j = np.indices((rows - 1, cols - 1)) + 1
    even = (i + j) % 2 == 0  # there the horizontal pair is the larger height
    out[1:-1, 1:-1] = np.where(even, _chance(lh, lv), _chance(lv, lh))
    return out


def _cftp_heights(region, key, progress, weights=None):
    """The coalesced heights and the window ``T`` that reached them, for a uint64 `key`."""
    check_region(region)
    hv = _float_weights(weights, region, "sample_cftp")
    _check_simply_connected(region)
    threshold = None if hv is None else _vertex_chances(region, hv)
    upper = extreme_heights(region, "max")
    if upper is None:
        raise NoTilingError(
            "the region has no domino tiling (its heights do not close up), so there is "
            "nothing to sample; is_tileable(region) decides this"
        )
    lower = extreme_heights(region, "min")
    if np.array_equal(upper, lower):
        return upper, 0
    from .._kernels.cftp import cftp_sweeps as plain_sweeps
    from .._kernels.cftp import cftp_sweeps_weighted, movable_marks

    if threshold is None:
        sweeps = plain_sweeps
    else:

        def sweeps(hi, lo, movable, key, first, count):  # the weighted coins
            return cftp_sweeps_weighted(hi, lo, movable, threshold, key, first, count)

    from .._interrupt import Pacer

    m = np.pad(region.mask, 1)
    movable = movable_marks(m[:-1, :-1] & m[:-1, 1:] & m[1:, :-1] & m[1:, 1:])
    # a sweep costs about the bounding box's vertices (both chains, every row);
    # calls of about 0.05 s each, so Ctrl-C arrives between them
    pacer = Pacer(first=max(1, _CHUNK_UPDATES // movable.size))
    # the bar's total: the sweeps expected by the measured cost of sampling/cost.py (the windows
    # 1, 2, 4, ..., T* sum to 2 T*: 65535 at 100 x 100, 131071 at 200 x 200, about 692 sqrt(cells))
    expected = int(692 * max(1, region.n_cells) ** 0.5)
    bar = LazyBar(progress, wait=_PROGRESS_WAIT, total=expected)
    try:
        window = 1
        while True:
            hi, lo = upper.copy(), lower.copy()
            met = False
            for a, b in pacer.ranges(0, window):  # sweeps window-1-a down to window-b
                met = sweeps(hi, lo, movable, key, window - 1 - a, b - a)
                bar.update(b - a, window)
            if met:
                return hi, window
            window *= 2
    finally:
        bar.close()


def glauber_frames_run(tiling, *, steps, seed=None, every=1, max_frames=None, weights=None):
    """:func:`~dominotiling.glauber_frames` from the tiling itself (no ``flux=``): the frames of the run.

    The door :func:`dominotiling.tasks.sectors.glauber_frames` adds the start in a flux
    sector and calls this; :func:`~dominotiling.animate_glauber` calls it too.
    """
    from .. import _validate

    _validate.tiling(tiling)
    steps = _validate.nonnegative_int(steps, "steps")
    every = _validate.positive_int(every, "every")
    if max_frames is not None:
        max_frames = _validate.integer(max_frames, "max_frames", minimum=2)
        every = max(every, -(-steps // (max_frames - 1)), 1)
    tilings = glauber_run(tiling, steps=steps, seed=seed, frames=True, every=every, weights=weights)
    frames, before = [], None
    for i, t in enumerate(tilings):
        code = _partner_code(t.labels)
        changed = np.argwhere(code != before) if before is not None else None
        frames.append(Frame(t, highlight=changed, title=f"step {min(i * every, steps)} of {steps}"))
        before = code
    return frames


def _partner_code(labels):
    """Per cell, where its domino's other cell lies: 1 right, 2 left, 3 below, 4 above, 0 none."""
    lab = np.asarray(labels)
    code = np.zeros(lab.shape, np.int8)
    same = (lab[:, :-1] == lab[:, 1:]) & (lab[:, :-1] >= 0)
    code[:, :-1][same] = 1
    code[:, 1:][same] = 2
    same = (lab[:-1, :] == lab[1:, :]) & (lab[:-1, :] >= 0)
    code[:-1, :][same] = 3
    code[1:, :][same] = 4
    return code


def __getattr__(name):
    # glauber, glauber_frames and sample_cftp take flux= (the surfaces wing's sectors): their doors live in
    # the dispatch layer above (dominotiling.tasks.sectors); here they answer, the same objects
    if name in ("glauber", "glauber_frames", "sample_cftp", "cftp_sample"):
        return getattr(importlib.import_module("dominotiling.tasks.sectors"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
