"""The Markov chains' doors with a ``flux=``: :func:`glauber`, :func:`glauber_frames`, :func:`sample_cftp`.

Each is a task two wings serve: without ``flux=`` the sampling wing's Markov chains
(:mod:`dominotiling.sampling.mcmc`); with ``flux=`` (a region with holes) the surfaces
wing's flux sectors (:mod:`dominotiling.surfaces.flux`), whose tilings the sampling wing
does not know. The doors live here, above both, so that neither imports the other for a
keyword; their old homes (``dominotiling.sampling.mcmc.glauber``, ...) answer with the
same objects. The extreme tilings' doors with ``flux=`` (``min_tiling``, ``max_tiling``)
are in :mod:`dominotiling.tasks.extremes`.

Examples
--------
>>> from dominotiling import Region
>>> sample_cftp(Region.rectangle(4, 4), seed=0, progress=False).n_dominoes
8
"""

from __future__ import annotations

from .. import _validate
from .._util import deprecated_frames, keyword_only, renamed
from ..errors import DominoTilingError
from ..model.region import Region
from ..sampling.cost import check_time
from ..sampling.mcmc import cftp_checked, glauber_frames_run, glauber_run
from ..surfaces.flux import sample_sector_cftp, sector_tiling

__all__ = ["glauber", "glauber_frames", "sample_cftp", "cftp_sample"]


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
        Deprecated (it goes in the next release): return the tilings along the
        way instead of the last one, with a ``DeprecationWarning``;
        :func:`glauber_frames` gives them (as ``frame.tiling``).
    every : int
        With the deprecated ``frames=True``, keep the tiling after every `every`-th step.
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
        The tiling after `steps` steps; with the deprecated ``frames=True`` the
        list of tilings after steps ``0, every, 2 every, ...`` and after the last
        step, the tilings of ``glauber_frames(tiling, steps=steps, every=every, ...)``.

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
    glauber_frames, sample_cftp, flip

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
    in the size [2]_; :func:`sample_cftp` gives exact samples instead (with
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

    Weights 3 on horizontal and 1 on vertical placements: on the 2x2 square the
    horizontal pair has probability ``9 / (9 + 1)``.

    >>> from dominotiling.model.weights import Weights
    >>> square = Region.rectangle(2, 2)
    >>> w = Weights.by_orientation(square, 3.0, 1.0)
    >>> frames = glauber_frames(min_tiling(square), steps=4000, seed=0, weights=w)
    >>> tilings = [f.tiling for f in frames]
    >>> print(f"{sum(int(t.labels[0, 0] == t.labels[0, 1]) for t in tilings) / len(tilings):.2f}")
    0.90
    """
    frames = _validate.boolean(frames, "frames")
    if frames:
        deprecated_frames(
            "glauber", "glauber_frames(tiling, steps=..., every=...), as frame.tiling"
        )
    if flux is not None:
        tiling = _sector_start(tiling, flux)
    return glauber_run(tiling, steps=steps, seed=seed, frames=frames, every=every, weights=weights)


@keyword_only("seed", "progress")
def sample_cftp(region, *, seed=None, progress=True, weights=None, flux=None):
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
        tilings with this flux, one int per hole (:func:`dominotiling.surfaces.flux.sample_sector_cftp`;
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
    random_tiling, glauber, sample_sector_cftp

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
    >>> t = sample_cftp(Region.aztec_diamond(4), seed=3, progress=False)
    >>> t.is_complete, t.n_dominoes
    (True, 20)

    With random Gamma(1) weights:

    >>> from dominotiling.model.weights import Weights
    >>> region = Region.rectangle(8, 8)
    >>> w = Weights.random(region, "gamma", seed=1, alpha=1.0)
    >>> sample_cftp(region, seed=3, progress=False, weights=w).n_dominoes
    32
    """
    progress = _validate.boolean(progress, "progress")
    if flux is not None:
        if weights is not None:
            raise DominoTilingError(
                "sample_cftp(..., flux=...) samples the uniform measure of a sector; "
                "drop weights= (weighted sectors are not implemented)"
            )

        return sample_sector_cftp(region, flux, seed=seed, progress=progress)
    # the uniform chain's measured time (weights only lengthen it): 20000 x 20000 would take
    # years, and ran out of memory after +3.5 GiB
    check_time(
        _validate.region(region),
        "cftp",
        "coupling from the past (sample_cftp)",
        alternatives=("kasteleyn",),
    )
    return cftp_checked(region, seed, weights, progress)


#: The name of before (deprecated; it goes in the next release).
cftp_sample = renamed(sample_cftp, "cftp_sample")


@keyword_only("steps")
def glauber_frames(tiling, *, steps, seed=None, every=1, max_frames=None, weights=None, flux=None):
    """Glauber dynamics as frames, for an animation: the tiling every `every` steps.

    Parameters
    ----------
    tiling, steps, seed, weights, flux
        As for :func:`glauber` (with `weights`, its heat-bath chain; with `flux`,
        the chain from the bottom of that flux sector, `tiling` then may be a Region).
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
        ``glauber(tiling, steps=steps, seed=seed, weights=weights, flux=flux)``.

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
    if flux is not None:
        tiling = _sector_start(tiling, flux)
    return glauber_frames_run(
        tiling, steps=steps, seed=seed, every=every, max_frames=max_frames, weights=weights
    )


def _sector_start(tiling, flux):
    """The bottom tiling of the flux sector `flux` of `tiling`'s region (`tiling` may be a Region)."""
    region = tiling if isinstance(tiling, Region) else _validate.tiling(tiling).region
    return sector_tiling(region, flux, extreme="min")
