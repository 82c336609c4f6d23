"""Markov chains on domino tilings: Glauber dynamics and coupling from the past.

- :func:`glauber` -- random 2x2 flips from a given tiling (any region, also with
  holes); optionally every tiling along the way;
- :func:`glauber_frames` -- the same run as frames, for animations.
- :func:`cftp_sample` -- an exactly uniform tiling of a simply connected region by
  Propp and Wilson's monotone coupling from the past on height functions.

Both draw their randomness from SplitMix64 (:data:`KEY_NOTE`): a 64-bit key taken
from ``seed`` and a counter, so the same seed gives the same result on every
machine, and a longer CFTP window replays the later sweeps exactly.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.mcmc import cftp_sample, glauber
>>> t = cftp_sample(Region.rectangle(6, 6), seed=1, progress=False)
>>> t.n_dominoes, t == cftp_sample(Region.rectangle(6, 6), seed=1, progress=False)
(18, True)
>>> frames = glauber(t, 10, seed=2, frames=True)
>>> len(frames)
11

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

import time

import numpy as np

from . import _validate
from ._util import keyword_only
from ._options import check_memory
from .errors import DominoTilingError, NoTilingError
from .height import extreme_heights, tiling_from_heights
from .region import check_region
from .tiling import Tiling

__all__ = ["glauber", "glauber_frames", "cftp_sample", "GLAUBER_MAX_FRAMES", "GLAUBER_MAX_STEPS", "KEY_NOTE"]

#: The most frames :func:`glauber` keeps (pass ``every=`` to thin them).
GLAUBER_MAX_FRAMES = 20_000

#: How the random bits are made (for reproducing a run elsewhere).
KEY_NOTE = (
    "key = as_generator(seed).integers(0, 2**64, dtype=numpy.uint64); random bits are "
    "SplitMix64 outputs mix(key + (c + 1) * 0x9E3779B97F4A7C15) at counters c (Steele, "
    "Lea and Flood 2014): c = step for glauber; for cftp_sample see _kernels/cftp.py"
)

# seconds before a progress bar is made; it shows after twice this
_PROGRESS_WAIT = 1.0

# vertex updates of the first kernel call of cftp_sample; later calls are sized to
# about 0.05 s each (dominotiling._interrupt): Ctrl-C and the progress bar's grain
_CHUNK_UPDATES = 2_000_000

#: The most steps one :func:`glauber` run may make: its steps index a 64-bit signed
#: counter of the random stream (and 2**63 steps would take millennia anyway).
GLAUBER_MAX_STEPS = 2**63 - 1


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


@keyword_only("seed", "frames", "every")
def glauber(tiling, steps, *, seed=None, frames=False, every=1):
    """Run Glauber dynamics (random 2x2 flips) for `steps` steps from `tiling`.

    Parameters
    ----------
    tiling : Tiling
        The starting tiling; any region, with or without holes; uncovered cells
        are allowed and stay uncovered.
    steps : int
        Number of steps (each one picks a block and maybe flips it).
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same run on every machine.
    frames : bool
        Return the tilings along the way instead of the last one.
    every : int
        With ``frames=True``, keep the tiling after every `every`-th step.

    Returns
    -------
    Tiling or list of Tiling
        The tiling after `steps` steps; with ``frames=True`` the list of tilings
        after steps ``0, every, 2 every, ...`` and after the last step. With
        ``every=1`` each frame differs from the one before by at most one flip.

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling, `steps` or `every` not an integer, `frames`
        not a bool.
    DominoTilingError
        If `steps` is negative or above :data:`GLAUBER_MAX_STEPS` (``2**63 - 1``:
        the steps index a 64-bit counter of the random stream), `every` is not
        in ``[1, 2**63 - 1]``, or the frames would be more than
        :data:`GLAUBER_MAX_FRAMES` (pass a larger `every`).
    TooLargeError
        If the frames would not fit in the memory budget (``set_options``).

    Notes
    -----
    A step picks one of the ``(rows - 1) (cols - 1)`` 2x2 blocks of the grid at
    random and, with probability 1/2, flips it if two parallel dominoes fill it
    (:func:`dominotiling.height.flip`); otherwise nothing changes. The chance of
    moving from one tiling to another by the flip of block ``b`` is ``q(b) / 2`` in
    both directions, so the chain is symmetric and its stationary law is uniform
    on the tilings that flips can reach from the start; the laziness makes it
    aperiodic. On a simply connected region flips connect all tilings
    (Thurston [1]_), so the chain converges to the uniform law on all of them; on a
    region with holes it samples the flip class of the start only (tilings with
    another flux through a hole are never reached). Mixing takes time polynomial
    in the size [2]_; :func:`cftp_sample` gives exact samples instead. Cost
    ``O(1)`` per step (plus a copy of the labels per frame). The steps run in
    calls of about 0.05 s, so Ctrl-C stops a long run at once (the tiling passed
    in is never changed).

    References
    ----------
    .. [1] W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990).
    .. [2] M. Luby, D. Randall and A. Sinclair, "Markov chain algorithms for planar
       lattice structures", SIAM J. Comput. 31 (2001).

    Examples
    --------
    >>> from dominotiling import Region, min_tiling
    >>> t = glauber(min_tiling(Region.rectangle(4, 4)), 1000, seed=0)
    >>> t.is_complete, t.n_dominoes
    (True, 8)
    >>> [f.n_dominoes for f in glauber(t, 6, seed=1, frames=True, every=3)]
    [8, 8, 8]
    """
    _validate.tiling(tiling)
    steps = _steps(steps, "steps")
    every = _steps(every, "every", minimum=1)
    frames = _validate.boolean(frames, "frames")
    from ._interrupt import Pacer
    from ._kernels.glauber import glauber as kernel

    region = tiling.region
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
            "exact sample, or glauber(tiling, steps) to walk by flips from a tiling of your own "
            "(it stays within that tiling's flip class)"
        )


@keyword_only("seed", "progress")
def cftp_sample(region, *, seed=None, progress=True):
    """An exactly uniform random tiling by monotone coupling from the past (Propp-Wilson).

    Parameters
    ----------
    region : Region
        A region without holes (it need not be connected) with at least one tiling.
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same tiling on every machine.
    progress : bool
        Show a tqdm progress bar (sweeps run, and the current window) when the run
        lasts more than about two seconds; short runs stay silent.

    Returns
    -------
    Tiling
        Exactly uniform among all tilings of `region`.

    Raises
    ------
    DominoTilingError
        If the region has holes (the message names :func:`glauber` and
        ``random_tiling``, which serve there).
    NoTilingError
        If the region has no tiling.

    Notes
    -----
    The tilings of a simply connected region are its height functions, a
    distributive lattice with a bottom and a top (:func:`dominotiling.height.extreme_heights`).
    A *heat-bath* update at an inner vertex ``v`` (its four cells in the region)
    keeps ``h(v)`` in its class mod 4 and within 3 of its four neighbours; at most
    two values qualify, ``h(v)`` and ``h(v) +- 4`` (the flip of the 2x2 block centred
    at ``v``). With a fair coin it sets ``h(v)`` to the larger (heads) or smaller
    (tails) one. That is the uniform law given the neighbours, so the uniform law
    on tilings is stationary; and it is monotone: chains started from two ordered
    height functions stay ordered under the same coins.

    Vertices of one parity ``(i + j) % 2`` have no neighbours of that parity, so a
    *sweep* updates all of parity 0, then all of parity 1. Coupling from the past
    runs two chains, from the top and the bottom height function, through the
    sweeps ``-T, ..., -1`` for ``T = 1, 2, 4, ...`` until they agree at time 0;
    every chain from any start is then squeezed between them, so the common value
    is an exact sample of the stationary law [1]_. Coins are SplitMix64 bits [3]_
    indexed by (key, sweep, parity, row), so window ``2T`` reuses the coins of
    window ``T`` for its last ``T`` sweeps without storing them (see
    :data:`KEY_NOTE` and ``_kernels/cftp.py``). The work is at most ``4 T*`` sweeps
    of two chains, ``T*`` the coalescence time; mixing is polynomial [2]_, and on
    LxL squares the windows that coalesce grow roughly like ``L**2 log L`` (2048
    sweeps at L = 40, 16384 at L = 100, 32768 at L = 140, measured). A sweep costs
    about a nanosecond per vertex and chain (branch-free SIMD rows): about 0.6 s
    for a 100x100 square, 2 s for 140x140. A disconnected region is sampled
    piece by piece at once (the product of uniform laws is uniform). The sweeps
    run in calls of about 0.05 s, so Ctrl-C stops a long run at once.

    References
    ----------
    .. [1] J. G. Propp and D. B. Wilson, "Exact sampling with coupled Markov chains
       and applications to statistical mechanics", Random Structures Algorithms 9
       (1996), 223-252.
    .. [2] M. Luby, D. Randall and A. Sinclair, "Markov chain algorithms for planar
       lattice structures", SIAM J. Comput. 31 (2001), 167-192.
    .. [3] G. L. Steele Jr., D. Lea and C. H. Flood, "Fast splittable pseudorandom
       number generators", OOPSLA 2014, 453-472.

    Examples
    --------
    >>> from dominotiling import Region
    >>> t = cftp_sample(Region.aztec_diamond(4), seed=3, progress=False)
    >>> t.is_complete, t.n_dominoes
    (True, 20)
    """
    progress = _validate.boolean(progress, "progress")
    heights, _ = _cftp_heights(region, _key(seed), progress)
    return tiling_from_heights(region, heights)


def _cftp_heights(region, key, progress):
    """The coalesced heights and the window ``T`` that reached them, for a uint64 `key`."""
    _check_simply_connected(region)
    upper = extreme_heights(region, "max")
    if upper is None:
        raise NoTilingError(
            "the region has no domino tiling (its heights do not close up), so there is "
            "nothing to sample; is_tileable(region) decides this"
        )
    lower = extreme_heights(region, "min")
    if np.array_equal(upper, lower):
        return upper, 0
    from ._kernels.cftp import cftp_sweeps

    from ._interrupt import Pacer

    m = np.pad(region.mask, 1)
    movable = np.ascontiguousarray(m[:-1, :-1] & m[:-1, 1:] & m[1:, :-1] & m[1:, 1:])
    # a sweep costs about the bounding box's vertices (both chains, every row);
    # calls of about 0.05 s each, so Ctrl-C arrives between them
    pacer = Pacer(first=max(1, _CHUNK_UPDATES // movable.size))
    bar = _LazyBar(progress)
    try:
        window = 1
        while True:
            hi, lo = upper.copy(), lower.copy()
            met = False
            for a, b in pacer.ranges(0, window):  # sweeps window-1-a down to window-b
                met = cftp_sweeps(hi, lo, movable, key, window - 1 - a, b - a)
                bar.update(b - a, window)
            if met:
                return hi, window
            window *= 2
    finally:
        bar.close()


class _LazyBar:
    """A tqdm bar made only once a run has lasted a second, shown after two.

    Making it lazily keeps loops of many small samples free of tqdm's cost (and, in
    Jupyter, of a widget per call).
    """

    def __init__(self, enabled):
        self.enabled = enabled
        self.start = time.perf_counter()
        self.wait = _PROGRESS_WAIT
        self.done = 0
        self.bar = None

    def update(self, n, window):
        self.done += n
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < self.wait:
                return
            from tqdm.auto import tqdm

            self.bar = tqdm(desc="CFTP", unit="sweep", delay=self.wait, leave=False)
        self.bar.set_postfix(window=window, refresh=False)
        self.bar.update(self.done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def glauber_frames(tiling, steps, *, seed=None, every=1, max_frames=None):
    """Glauber dynamics as frames, for an animation: the tiling every `every` steps.

    Parameters
    ----------
    tiling, steps, seed
        As for :func:`glauber`.
    every : int, default 1
        Keep the tiling after every `every`-th step (and after the last).
    max_frames : int, optional
        At most this many frames (at least 2, the start and the end): `every` is
        raised to ``ceil(steps / (max_frames - 1))`` where needed. Without it the
        frames are limited by :data:`GLAUBER_MAX_FRAMES`.

    Returns
    -------
    list of Frame
        Frame ``i`` shows the tiling after step ``min(i * every, steps)`` (its
        title says which), with the cells that changed since the frame before
        highlighted (:class:`~dominotiling.frames.Frame` objects, ready for
        :func:`~dominotiling.viz.animate.animate`). The last tiling is
        ``glauber(tiling, steps, seed=seed)``.

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling, or `steps`, `every`, `max_frames` are not integers.
    DominoTilingError
        If `steps` is negative, `every` is not positive, `max_frames` is below 2,
        or the frames would be more than :data:`GLAUBER_MAX_FRAMES`.

    Examples
    --------
    >>> from dominotiling import Region, min_tiling
    >>> frames = glauber_frames(min_tiling(Region.rectangle(4, 4)), 300, seed=1, max_frames=4)
    >>> [f.title for f in frames]
    ['step 0 of 300', 'step 100 of 300', 'step 200 of 300', 'step 300 of 300']
    """
    from . import _validate
    from .frames import Frame

    _validate.tiling(tiling)
    steps = _validate.nonnegative_int(steps, "steps")
    every = _validate.positive_int(every, "every")
    if max_frames is not None:
        max_frames = _validate.integer(max_frames, "max_frames", minimum=2)
        every = max(every, -(-steps // (max_frames - 1)), 1)
    tilings = glauber(tiling, steps, seed=seed, frames=True, every=every)
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
