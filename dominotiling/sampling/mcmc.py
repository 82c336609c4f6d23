"""Markov chains on domino tilings: Glauber dynamics and coupling from the past.

- :func:`glauber` -- random 2x2 flips from a given tiling (any region, also with
  holes; uniform or weighted by heat-bath); optionally every tiling along the way;
- :func:`glauber_frames` -- the same run as frames, for animations.
- :func:`cftp_sample` -- an exact sample of the uniform (or a weighted) measure on
  the tilings of a simply connected region by Propp and Wilson's monotone coupling
  from the past on height functions.

Both draw their randomness from SplitMix64 (:data:`KEY_NOTE`): a 64-bit key taken
from ``seed`` and a counter, so the same seed gives the same result on every
machine, and a longer CFTP window replays the later sweeps exactly.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.sampling.mcmc import cftp_sample, glauber
>>> t = cftp_sample(Region.rectangle(6, 6), seed=1, progress=False)
>>> t.n_dominoes, t == cftp_sample(Region.rectangle(6, 6), seed=1, progress=False)
(18, True)
>>> frames = glauber(t, steps=10, seed=2, frames=True)
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

import numpy as np

from .. import _validate
from .._interrupt import LazyBar
from .._options import check_memory
from .._util import keyword_only
from ..errors import DominoTilingError, DominoTypeError, NoTilingError, WeightError
from ..matching.height import extreme_heights, tiling_from_heights
from ..model.frames import Frame
from ..model.region import Region, check_region
from ..model.tiling import Tiling
from ..model.weighting import check_weights
from ..surfaces.flux import sector_cftp, sector_tiling

__all__ = [
    "glauber",
    "glauber_frames",
    "cftp_sample",
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
    "heat-bath uniform, see _kernels/glauber.py); for cftp_sample see _kernels/cftp.py"
)

# seconds before a progress bar is made; it shows after twice this
_PROGRESS_WAIT = 1.0

# vertex updates of the first kernel call of cftp_sample; later calls are sized to
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


@keyword_only("steps", "seed", "frames", "every")
def glauber(tiling, *, steps, seed=None, frames=False, every=1, weights=None, flux=None):
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
    weights : None or Weights, keyword-only
        Weights of the domino placements (:class:`~dominotiling.model.weights.Weights`, of
        the region's shape): the chain then samples the weighted measure by
        heat-bath updates (see Notes). None or all-ones weights: the uniform
        chain, exactly the same run as without weights. Int and Fraction weights
        are used as floats; symbolic weights are refused.
    flux : None or sequence of int, keyword-only
        Start in this flux sector instead (:mod:`dominotiling.surfaces.flux`): the chain
        starts from the sector's bottom tiling (:func:`dominotiling.surfaces.flux.sector_tiling`)
        of ``tiling.region`` (`tiling` may then also be a Region); it never leaves
        the sector. NoTilingError if no tiling has this flux.

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
    DominoTypeError
        If `weights` is not None or a Weights, or is symbolic.
    WeightError
        If the weights' shape is not the region's.
    TooLargeError
        If the frames would not fit in the memory budget (``set_options``).

    See Also
    --------
    glauber_frames, cftp_sample, flip

    Notes
    -----
    A step picks one of the ``(rows - 1) (cols - 1)`` 2x2 blocks of the grid at
    random and, with probability 1/2, flips it if two parallel dominoes fill it
    (:func:`dominotiling.matching.height.flip`); otherwise nothing changes. The chance of
    moving from one tiling to another by the flip of block ``b`` is ``q(b) / 2`` in
    both directions, so the chain is symmetric and its stationary law is uniform
    on the tilings that flips can reach from the start; the laziness makes it
    aperiodic. On a simply connected region flips connect all tilings
    (Thurston [1]_), so the chain converges to the uniform law on all of them; on a
    region with holes it samples the flip class of the start only (tilings with
    another flux through a hole are never reached). Mixing takes time polynomial
    in the size [2]_; :func:`cftp_sample` gives exact samples instead (with
    ``flux=``, within one sector of a region with holes). A flip moves only the
    height at the centre of its block, an inner vertex, so the flux through
    every hole (:func:`dominotiling.surfaces.flux.flux`) never changes along a run. Cost
    ``O(1)`` per step (plus a copy of the labels per frame). The steps run in
    calls of about 0.05 s, so Ctrl-C stops a long run at once (the tiling passed
    in is never changed).

    *With weights* a step picks a block the same way and, if two parallel dominoes
    fill it, makes a heat-bath update: it sets them horizontal with probability
    ``w(h1) w(h2) / (w(h1) w(h2) + w(v1) w(v2))`` (``h1, h2`` the two horizontal
    placements of the block, ``v1, v2`` the two vertical ones) and vertical
    otherwise, whatever they were. The two tilings involved differ only in the
    block, so this is the weighted law conditioned on the rest of the tiling, and
    the chain is reversible with respect to the weighted measure (detailed balance:
    ``w(x) P(x -> y) = w(x) w(y) / (N (w(x) + w(y)))`` is symmetric, ``N`` blocks,
    ``w`` here the two tilings' weights). The probability is computed from logs and
    held as a 53-bit fixed-point number (the top 53 bits of a SplitMix64 word
    compared with it): an error of at most ``2**-53`` per update. A pair with a
    zero-weight domino is never chosen, so from a tiling of positive weight the
    chain never reaches one of weight zero; a start of weight zero is allowed, and
    a block whose two positions both weigh zero is left alone. Like the uniform
    chain it keeps the flux around every hole (it samples the weighted measure on
    the flip class of the start), and zero weights can split even the tilings of
    a simply connected region into several classes that 2x2 flips do not connect;
    without zero weights on a simply connected region it converges to the
    weighted measure on all tilings.

    References
    ----------
    .. [1] W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990).
    .. [2] M. Luby, D. Randall and A. Sinclair, "Markov chain algorithms for planar
       lattice structures", SIAM J. Comput. 31 (2001).

    Examples
    --------
    >>> from dominotiling import Region, min_tiling
    >>> t = glauber(min_tiling(Region.rectangle(4, 4)), steps=1000, seed=0)
    >>> t.is_complete, t.n_dominoes
    (True, 8)
    >>> [f.n_dominoes for f in glauber(t, steps=6, seed=1, frames=True, every=3)]
    [8, 8, 8]

    Weights 3 on horizontal and 1 on vertical placements: on the 2x2 square the
    horizontal pair has probability ``9 / (9 + 1)``.

    >>> from dominotiling.model.weights import Weights
    >>> square = Region.rectangle(2, 2)
    >>> w = Weights.by_orientation(square, 3.0, 1.0)
    >>> frames = glauber(min_tiling(square), steps=4000, seed=0, frames=True, weights=w)
    >>> print(f"{sum(int(f.labels[0, 0] == f.labels[0, 1]) for f in frames) / len(frames):.2f}")
    0.90
    """
    if flux is not None:
        region = tiling if isinstance(tiling, Region) else _validate.tiling(tiling).region
        tiling = sector_tiling(region, flux, extreme="min")
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
            "exact sample, cftp_sample(region, flux=...) for one within a flux sector, or glauber(tiling, steps=...) to walk by flips from a tiling of your own "
            "(it stays within that tiling's flip class)"
        )


@keyword_only("seed", "progress")
def cftp_sample(region, *, seed=None, progress=True, weights=None, flux=None):
    """An exactly uniform (or weighted) random tiling by monotone coupling from the past (Propp-Wilson).

    Parameters
    ----------
    region : Region
        A region without holes (it need not be connected) with at least one tiling.
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same tiling on every machine.
    progress : bool
        Show a tqdm progress bar (sweeps run, and the current window) when the run
        lasts more than about two seconds; short runs stay silent.
    weights : None or Weights, keyword-only
        Weights of the domino placements (:class:`~dominotiling.model.weights.Weights`, of
        the region's shape), all positive on the region's placements: the sample
        then follows the weighted measure (a tiling's chance proportional to the
        product of its dominoes' weights). None or all-ones weights: the uniform
        sampler, the same sample as without weights. Int and Fraction weights are
        used as floats; symbolic weights are refused.
    flux : None or sequence of int, keyword-only
        For a connected region with holes: an exactly uniform sample among the
        tilings with this flux, one int per hole (:func:`dominotiling.surfaces.flux.sector_cftp`;
        :func:`dominotiling.surfaces.flux.count_by_flux` lists the fluxes that occur).
        Uniform weights only.

    Returns
    -------
    Tiling
        Exactly uniform among all tilings of `region` (with `weights`: exactly
        from the weighted measure, up to the rounding described in Notes).

    Raises
    ------
    DominoTilingError
        If the region has holes and no `flux` is given (the message names
        :func:`glauber`, ``flux=`` and ``random_tiling``, which serve there).
    NoTilingError
        If the region has no tiling.
    WeightError
        If the weights' shape is not the region's, or a placement inside the
        region has weight zero (see Notes; the message names it and the sampler
        that takes zero weights).
    DominoTypeError
        If `weights` is not None or a Weights, or is symbolic.

    See Also
    --------
    random_tiling, glauber, sector_cftp

    Notes
    -----
    The tilings of a simply connected region are its height functions, a
    distributive lattice with a bottom and a top (:func:`dominotiling.matching.height.extreme_heights`).
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

    *With weights* the coin of vertex ``v`` is biased: heads (the larger height)
    with probability ``p(v) = W_up / (W_up + W_down)``, where ``W_up`` and
    ``W_down`` are the products of the weights of the two parallel dominoes that
    fill the block centred at ``v`` in the position of larger and of smaller
    height (horizontal is the larger when ``i + j`` is even, vertical when odd).
    The two tilings differ only in the block, so this is the weighted law given
    the neighbours, and the weighted measure is stationary. Monotonicity holds for
    any ``p``: the largest and the smallest allowed height are both
    non-decreasing functions of the neighbours, and both chains take the larger
    one exactly when the same uniform ``u`` is below the same ``p(v)`` (which does
    not depend on the heights), so ``h <= h'`` before the update gives
    ``h <= h'`` after it. Each coin is the top 53 bits of its own SplitMix64 word
    compared with ``p(v)`` in 53-bit fixed point, computed from logs of the
    weights (no overflow for any float weights); a ``p(v)`` that would round to 0
    or 1 is kept at ``2**-53`` from it, so every update moves with positive
    probability: the sample follows the weighted measure up to an error of
    ``2**-53`` per coin. A coin costs a SplitMix64 word instead of a bit, so a
    weighted sweep is a few times slower than a uniform one. The coalescence time
    grows with the spread of the weights, and very uneven weights make it
    astronomical: when one pair outweighs the other by a large factor at many
    blocks, the chains sit in metastable tilings (every single flip unfavoured)
    that they leave only by rare coins. Measured on the 40x40 square (seed 0;
    the uniform chain coalesces at window 2048 in about 0.05 s): uniform[0.5, 2]
    and log-normal(0.5) weights coalesce at window 4096 in about 0.1 s, but
    Gamma(1) weights (whose density does not vanish at 0, so some pairs are
    outweighed a thousandfold) need window 4194304, about 3 minutes. For such
    weights, or ``by_orientation(100, 1)`` on a large region, use
    ``random_tiling(region, weights=..., method="kasteleyn")`` (its cost does not
    depend on the weights). The progress bar shows the window while it runs.

    Zero weights are refused: a placement of weight zero makes ``p(v)`` 0 or 1,
    and then the positive-weight tilings need not be connected by 2x2 flips (they
    are connected by rotations around the larger faces of the graph left when
    the zero-weight edges are removed [4]_, which this chain does not make), so
    the two chains might never meet. Use ``random_tiling(region, weights=...,
    method="kasteleyn")`` for weights with zeros, or restrict the region.

    References
    ----------
    .. [1] J. G. Propp and D. B. Wilson, "Exact sampling with coupled Markov chains
       and applications to statistical mechanics", Random Structures Algorithms 9
       (1996), 223-252.
    .. [2] M. Luby, D. Randall and A. Sinclair, "Markov chain algorithms for planar
       lattice structures", SIAM J. Comput. 31 (2001), 167-192.
    .. [3] G. L. Steele Jr., D. Lea and C. H. Flood, "Fast splittable pseudorandom
       number generators", OOPSLA 2014, 453-472.
    .. [4] J. Propp, "Lattice structure for orientations of graphs", arXiv:math/0209005
       (2002).

    Examples
    --------
    >>> from dominotiling import Region
    >>> t = cftp_sample(Region.aztec_diamond(4), seed=3, progress=False)
    >>> t.is_complete, t.n_dominoes
    (True, 20)

    With random Gamma(1) weights:

    >>> from dominotiling.model.weights import Weights
    >>> region = Region.rectangle(8, 8)
    >>> w = Weights.random(region, "gamma", seed=1, alpha=1.0)
    >>> cftp_sample(region, seed=3, progress=False, weights=w).n_dominoes
    32
    """
    progress = _validate.boolean(progress, "progress")
    if flux is not None:
        if weights is not None:
            raise DominoTilingError(
                "cftp_sample(..., flux=...) samples the uniform measure of a sector; "
                "drop weights= (weighted sectors are not implemented)"
            )

        return sector_cftp(region, flux, seed=seed, progress=progress)
    from .cost import check_time

    # the uniform chain's measured time (weights only lengthen it): 20000 x 20000 would take
    # years, and ran out of memory after +3.5 GiB
    check_time(
        _validate.region(region),
        "cftp",
        "coupling from the past (cftp_sample)",
        alternatives=("kasteleyn",),
    )
    return cftp_checked(region, seed, weights, progress)


def cftp_checked(region, rng, weights, progress=True):
    """:func:`cftp_sample` on checked arguments (a plane Region, a seed or Generator, None or non-uniform Weights): ``random_tiling``'s route."""
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
                f"cftp_sample needs positive weights on the region's placements, but the "
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
    hv = _float_weights(weights, region, "cftp_sample")
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


@keyword_only("steps")
def glauber_frames(tiling, *, steps, seed=None, every=1, max_frames=None, weights=None):
    """Glauber dynamics as frames, for an animation: the tiling every `every` steps.

    Parameters
    ----------
    tiling, steps, seed, weights
        As for :func:`glauber` (with `weights`, its heat-bath chain).
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
        highlighted (:class:`~dominotiling.model.frames.Frame` objects, ready for
        :func:`~dominotiling.viz.animate.animate`). The last tiling is
        ``glauber(tiling, steps=steps, seed=seed, weights=weights)``.

    Raises
    ------
    DominoTypeError
        If `tiling` is not a Tiling, or `steps`, `every`, `max_frames` are not integers.
    DominoTilingError
        If `steps` is negative, `every` is not positive, `max_frames` is below 2,
        or the frames would be more than :data:`GLAUBER_MAX_FRAMES`.

    See Also
    --------
    glauber, animate_glauber

    Examples
    --------
    >>> from dominotiling import Region, min_tiling
    >>> frames = glauber_frames(min_tiling(Region.rectangle(4, 4)), steps=300, seed=1, max_frames=4)
    >>> [f.title for f in frames]
    ['step 0 of 300', 'step 100 of 300', 'step 200 of 300', 'step 300 of 300']
    """
    from .. import _validate

    _validate.tiling(tiling)
    steps = _validate.nonnegative_int(steps, "steps")
    every = _validate.positive_int(every, "every")
    if max_frames is not None:
        max_frames = _validate.integer(max_frames, "max_frames", minimum=2)
        every = max(every, -(-steps // (max_frames - 1)), 1)
    tilings = glauber(tiling, steps=steps, seed=seed, frames=True, every=every, weights=weights)
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
