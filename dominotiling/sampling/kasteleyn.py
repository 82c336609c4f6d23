"""Exact random tilings of any region from Kasteleyn minors, row by row.

:func:`sample_kasteleyn` draws a tiling from the weighted (by default uniform)
measure on *any* region of the square grid -- holes of any parity and number,
several components, any width -- in time about ``cells * width**2``.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.sampling.kasteleyn import sample_kasteleyn
>>> ring = Region.from_strings(["....", ".##.", "....", "...."])
>>> sample_kasteleyn(ring, seed=1).is_complete
True
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from .._interrupt import LazyBar, slices
from .._options import check_memory
from .._util import frozen
from ..counting.kasteleyn import kasteleyn_signs
from ..counting.transfer import MAX_WIDTH as TRANSFER_MAX_WIDTH
from ..errors import NoTilingError, PrecisionError
from ..matching.matchings import has_nonzero_tiling, is_tileable
from ..model.region import Region  # noqa: F401  (docstring examples)
from ..model.tiling import Tiling
from ..model.weighting import check_weights
from .nested import certify, draw_nested, nested_bytes

__all__ = ["sample_kasteleyn", "kasteleyn_sample_bytes", "choose_elimination"]


def kasteleyn_sample_bytes(region):
    """Bytes :func:`sample_kasteleyn` allocates for `region`, from its shape alone.

    The compressed tails, one ``w x w`` float64 matrix per row of the narrow
    view (``w`` the short side rounded up to even), dominate.

    Examples
    --------
    >>> kasteleyn_sample_bytes(Region.rectangle(100, 100)) // 10**6
    16
    """
    _validate.region(region)
    rows, cols = region.narrow_view()[0].shape
    h = (cols + 1) // 2
    per_cell = 8 + 4 + 8 + 1  # weights (two float arrays, about), labels, uniforms, mask
    # twice the tails: a retry (upside down) may build its own while the first is freed
    return 2 * (rows + 1) * (2 * h) ** 2 * 8 + 2 * (3 * h) ** 2 * 8 + rows * cols * per_cell * 2


def _dyadic_residues(x, prime):
    """Exact residues modulo `prime` of nonnegative floats (each is ``M * 2**e``, integers ``M``, ``e``)."""
    mant, ex = np.frexp(np.asarray(x, dtype=np.float64))
    big = (mant * 2.0**53).astype(np.int64)  # exact: 53-bit mantissas
    ex = ex.astype(np.int64) - 53
    out = big % prime
    for e in np.unique(ex):
        sel = ex == e
        out[sel] = out[sel] * pow(2, int(e), prime) % prime
    return out


def _residues(weights, hw, vw, prime):
    """The weights' exact residues modulo `prime`, for the exact rank decisions.

    Int and Fraction weights map exactly; float weights (and symbolic numbers,
    already rounded to the floats that are sampled from) through their exact dyadic
    values.
    """
    from ..errors import WeightError

    if weights is None:
        return np.ones(hw.shape, dtype=np.int64), np.ones(vw.shape, dtype=np.int64)
    if weights.kind in ("int", "fraction"):
        try:
            hp, vp = weights.as_int_mod(prime)
            return np.ascontiguousarray(hp, dtype=np.int64), np.ascontiguousarray(
                vp, dtype=np.int64
            )
        except WeightError:  # a denominator divisible by the prime: the floats serve
            pass
    return _dyadic_residues(hw, prime), _dyadic_residues(vw, prime)


def _backward(mask, hw, vw, hwp, vwp, bar=None):
    """``(sgn, S, nlr, nlc, log_abs_det)``, or None: the exact ranks and the backward compression.

    ``log_abs_det`` is ``log |det K|`` of the whole (narrow) mask, from the
    pivots, the scales of the canonical forms and the last compressed tail; None
    where it is not a square matrix or is singular in floating point.
    """
    from .._kernels.kasteleyn_sample import RANK_PRIME, compress_rows

    m, w = mask.shape
    h = (w + 1) // 2
    sgn = kasteleyn_signs(mask).astype(np.float64)
    if sgn.shape[0] == 0:
        sgn = np.zeros((0, w))
    npiv = np.zeros(m + 1, dtype=np.int64)
    S = np.zeros((m + 1, 2 * h, 2 * h))
    nlr = np.zeros(m + 1, dtype=np.int64)
    nlc = np.zeros(m + 1, dtype=np.int64)
    owe = np.zeros(1, dtype=np.int64)
    logdet = np.zeros(1)
    step = max(1, 20000 // max(1, w * w))
    # first the exact number of pivots of every step (ranks modulo a prime, the same elimination
    # on the residues), then the float compression they bound; S holds the residues' tails first
    for weights, modulus in ((hwp, vwp), float(RANK_PRIME)), ((hw, vw), 0.0):
        for a, b in slices(m, first=step):
            start = m - a
            while True:
                got = compress_rows(
                    mask, *weights, sgn, S, nlr, nlc, npiv, owe, start, m - b, logdet, modulus
                )
                if got >= 0:
                    break
                start = -got - 1  # S[start] has left-overs: its canonical form, then on from there
                logdet[0] += _canonical(S[start], h, int(nlr[start]), int(nlc[start]))
            if got:
                return None
            if bar is not None and not modulus:
                bar.update(b - a)
    rows = [a for a in range(h) if 2 * a < w and mask[0, 2 * a]] + [h + i for i in range(nlr[0])]
    cols = [b for b in range(h) if 2 * b + 1 < w and mask[0, 2 * b + 1]] + [
        h + i for i in range(nlc[0])
    ]
    log_abs_det = None
    if len(rows) == len(cols):
        sign, val = np.linalg.slogdet(S[0][np.ix_(rows, cols)]) if rows else (1.0, 0.0)
        if sign != 0 and np.isfinite(val):
            log_abs_det = float(logdet[0] + val)
    return sgn, S, nlr, nlc, log_abs_det


def _orthonormalize(v):
    """Rows of `v` made orthonormal in place (Gram-Schmidt, twice): ``(ok, logs)``.

    ``ok`` is False if the rows are dependent (`v` is then only partly done, and the caller
    drops it); ``logs`` is the sum of the logs of the norms divided by (the log of the factor
    by which the operations divide any minor that holds the rows).
    """
    logs = 0.0
    for i in range(v.shape[0]):
        for _ in range(2):
            if i:
                v[i] -= (v[:i] @ v[i]) @ v[:i]
        norm = float(v[i] @ v[i])
        if norm == 0.0:
            return False, logs
        logs += 0.5 * math.log(norm)
        v[i] /= math.sqrt(norm)
    return True, logs


def _canonical(s, h, lr, lc):
    """Well-scaled form of a compressed tail ``s`` (``S[k]``), in place, with the same minors up to one constant.

    The left-over rows (always present in every minor) are made orthonormal by
    row operations among themselves, and the rows of the cells are projected
    orthogonally to them (adding multiples of left-over rows to other rows);
    likewise for the columns. Neither changes any ratio of minors. Rows and
    columns are taken whole, the block of deferred pivots included. Returns the
    log of the factor the minors were divided by (0 where nothing changed). Only
    tails with left-overs need it, which few regions have: numpy, nothing to
    compile (issue 37).
    """
    nc, nr = h + lc, h + lr
    total = 0.0
    if lr > 0:
        v = s[h : h + lr, :nc].copy()
        ok, logs = _orthonormalize(v)
        if ok:
            total += logs
            s[h : h + lr, :nc] = v
            s[:h, :nc] -= (s[:h, :nc] @ v.T) @ v
    if lc > 0:
        v = s[:nr, h : h + lc].T.copy()
        ok, logs = _orthonormalize(v)
        if ok:
            total += logs
            s[:nr, h : h + lc] = v.T
            s[:nr, :h] -= v.T @ (v @ s[:nr, :h])
    return total


def _forward(mask, hw, vw, back, uniforms, bar=None):
    """``(labels or None, state)``: the forward draw on the compressed tails `back` of :func:`_backward`.

    On success ``state[3]`` is 0; on a failure before the first random choice the
    labels are None; on a failure after it (``state[3]`` nonzero, ``state[0]``
    dominoes drawn) they hold the dominoes drawn so far, each whole.
    """
    from .._kernels import kasteleyn_sample as ks

    m, w = mask.shape
    state = np.zeros(4)
    if back is None:
        state[3] = -1.0
        return None, state
    sgn, S, nlr, nlc, _ = back
    step = max(1, 20000 // max(1, w * w))
    labels = np.full(mask.shape, -1, dtype=np.int32)
    below = np.zeros(w, dtype=np.bool_)
    # the draw's place and workspace, from one call of the resumable kernel to the next
    n3 = 3 * ((w + 1) // 2)
    pos = np.array([0, -1, 0, 0, 1, 0, 0], dtype=np.int64)
    t, g, blk = np.zeros((n3, n3)), np.zeros((n3, n3)), np.zeros((n3, n3))
    ract, cact = np.zeros(n3, dtype=np.bool_), np.zeros(n3, dtype=np.bool_)
    taken, residual = np.zeros(w, dtype=np.bool_), np.zeros(n3)
    idx = np.zeros((3, n3), dtype=np.int64)
    limits = float(ks.REFINE_ABOVE), float(ks.REFRESH_BELOW)  # read here: a test may set them
    for a, b in slices(m, first=step):
        while ks.sample_rows(
            mask, hw, vw, sgn, S, nlr, nlc, b, below, uniforms, labels, state,
            pos, t, g, ract, cact, taken, blk, idx, *limits,
        ):  # fmt: skip
            ks.refine(t, g, ract, cact, bool(pos[5]), int(pos[6]), residual)  # asked: REFINE
        if bar is not None:
            bar.update(b - a)
        if state[3]:
            return (labels if state[0] > 0 else None), state
    if (labels[mask] < 0).any():  # cannot happen: every step passed its check
        state[3] = -1.0
        return (labels if state[0] > 0 else None), state
    return labels, state


def sample_kasteleyn(region, *, seed=None, weights=None, progress=True, elimination="auto"):
    """An exact random tiling of any region, from ratios of Kasteleyn minors.

    Parameters
    ----------
    region : Region
        Any region: holes of any parity and number, several components, any width.
    seed : None, int or numpy.random.Generator, keyword-only
        The same seed gives the same tiling.
    weights : Weights, optional
        Nonnegative numeric weights (int, Fraction, float, or symbolic without free
        symbols); a tiling is drawn with probability proportional to the product of
        its dominoes' weights. A zero weight forbids a placement. Default: uniform.
    progress : bool, keyword-only
        Show a progress bar (rows of the narrow view: two backward passes and the
        draw; a batch of samples of one region runs the condition test once) when
        the draw lasts more than a couple of seconds.
    elimination : {"auto", "band", "dissection"}, keyword-only
        Row by row inside a band as wide as the region (``"band"``, cost about
        ``cells * width**2``), along a nested dissection (``"dissection"``,
        :mod:`dominotiling.sampling.nested`: a separator's dominoes from the Schur
        complement on it, then each side alone, about ``cells**1.5``), or the one the
        measured cost model finds faster (``"auto"``:
        :func:`choose_elimination`; nested dissection on squares above about 115 cells wide,
        and the band where the nested route's condition test fails, before any random
        choice). Both draw from the same law, with their own condition test (see Notes).

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        If the region has no tiling (with `weights`: none using only nonzero
        weights). An empty region gives the empty tiling.
    TooLargeError
        If the compressed tails (about ``rows * width**2 * 8`` bytes along the
        long side) would not fit in the memory budget; refused before allocating.
    PrecisionError
        If the region fails the condition test (see Notes): refused before the
        first random choice, the same for every seed, and the generator is left
        untouched. Never after a random choice (but see **What is not proved**).
    DominoTypeError
        If `weights` are symbolic with free symbols, or an argument has the wrong type.

    Notes
    -----
    **The measure.** Cells are visited in scan order along the long side (the
    region's narrow view). The first cell ``c`` not yet covered can only pair with
    its right neighbour or the cell below; with ``R`` the cells still uncovered,
    ``P(c-x | past) = Z(R - {c, x}) w(c, x) / Z(R)``, the exact conditional law, so
    the tiling has exactly the weighted law. With ``K_R`` the Kasteleyn matrix of
    ``R`` (a sub-matrix of the region's, itself Kasteleyn), ``Z(R) = |det K_R|``
    and ``P(c-x) = K(c, x) (K_R^{-1})(x, c)``; Kasteleyn's sign condition makes all
    terms of the expansion of ``det K_R`` along ``c``'s row of one sign, so the two
    probabilities are ``>= 0`` and sum to 1 exactly.

    **Row by row.** Going backwards once, the tail of rows ``k..`` is compressed
    onto row ``k`` by Gaussian elimination with complete pivoting of the rows and
    columns of rows ``k+1..`` (a Schur complement). Rows and columns that are not
    eliminated stay as *left-overs*, with their block (at most ``h`` of each):
    where the block is rank deficient -- the tail may be unbalanced, or its block
    singular though the whole is not -- and where a pivot would be tiny (below
    ``1e-8`` of the step's largest entry: a nearly singular block, whose Schur
    complement would grow by its inverse -- ``1e17`` was measured before this
    deferral on 200 x 200 squares with holes). Keeping a row and column is exact,
    eliminating is only what keeps the size bounded. The result ``S_k``, at most
    ``w x w``, has ``det(S_k - D) = const * Z(rows k.. - D)`` for every set ``D``
    of cells of row ``k``. Going forwards, row ``k`` joined to ``S_{k+1}`` is
    inverted once (``O(w**3)``) and each domino of row ``k`` is chosen from two
    entries of the inverse, which is then updated by the rank-one formula for
    deleting a row and a column (``O(w**2)``). Cost ``O(rows * w**3) = O(cells *
    w**2)``; memory ``O(rows * w**2)``. The condition test below adds a second
    backward pass (about half as much again).

    **Ranks are exact.** The rank of each tail block is computed exactly first, by
    the same elimination (the same compiled kernel) over the integers modulo the prime
    ``2**26 - 5``, whose products of two residues are exact in float64 (int and
    Fraction weights map exactly; a float weight is the dyadic rational it stores,
    so its residue is exact too). The float elimination never makes more pivots
    than that rank: what is left beyond it is rounding, not matrix. (A rank modulo
    a prime can only be too small, when the prime divides a nonzero minor --
    heuristically a chance of ``2**-26`` per step; that case fails a check below,
    which becomes a restart, not a refusal.)

    **Floating point.** Determinants are never formed: the probabilities are
    products of an entry and an inverse entry, computed in float64. Where the two
    miss summing to 1 by more than ``1e-10`` (or one is negative), the two inverse
    entries are refined by up to two steps of iterative refinement whose residuals
    are summed in twice the working precision (error-free transformations). Then
    each must be ``>= -1e-6`` and they must sum to 1 within ``1e-6`` (in exact
    arithmetic they sum to exactly 1), or the inverse is recomputed from scratch
    and checked again. A cell with one possible partner takes it without a check
    (its probability is 1). After a domino of probability below ``1e-3`` the
    inverse is also recomputed, so that the division by that probability cannot
    magnify the rounding. Every choice is a placement in the region with a
    nonzero weight, so a returned tiling is always valid.

    **Refusal only before the first random choice (issue 26).** This sampler
    follows the design "refuse before drawing": what decides a refusal is a
    function of the region and the weights alone.

    1. *The condition test.* Before any random number is drawn, the backward
       pass runs twice, on the region as it is and on the region upside down
       with every weight multiplied by ``g(a) g(b)`` for fixed pseudo-random
       ``g`` in ``[1, 2)`` per cell (a gauge transformation: the measure is the
       same, ``log Z`` moves by ``sum log g``). Each gives ``log |det K| = log
       Z`` from its pivots, the scales of its canonical forms and its last tail.
       The two eliminations visit the rows in opposite orders on differently
       rounded entries (a symmetric region cannot make them round alike), so
       they agree to about machine precision when the compression is accurate,
       and drift apart where rounding is magnified -- the inverse of a frozen
       region's matrix has entries ``Z(R - {w, b}) / Z(R)`` exponentially large
       in its size, and a rounding ``delta`` of a fill-in entry moves ``log Z``
       by ``delta`` times such an entry -- the regime where the draws of
       earlier versions were biased while passing every check. Unless the two
       agree within :data:`AGREE_RTOL` ``* max(1, |log Z|)``,
       :class:`PrecisionError` is raised, before the generator is used.
       Measured (relative disagreement): 100 x 100 squares with 1 % holes
       ``2e-15`` (uniform), ``6e-13``, ``9e-11``, ``2e-7`` (log-normal weights,
       sigma = 1, 2, 3), 200 x 200 ``1e-14`` to ``2.4e-9`` (uniform, two
       hole patterns), ``6e-11``, ``1e-5``, ``2e-4``; uniform Aztec diamonds
       ``1e-12`` (order 20), ``3e-9`` (40), ``3e-6`` (50); two-periodic ones
       (a = 1, b = 0.5) ``3e-12`` (20), ``3e-8`` (30), ``5e-4`` (50). So
       sigma = 3, or sigma = 2 at 200 x 200, uniform Aztec diamonds from
       about order 45 and two-periodic ones from about order 30 are refused
       (Aztec diamonds go to
       :func:`~dominotiling.aztec.shuffling.sample_aztec`, with the same weights, under
       :func:`~dominotiling.sampling.random_tiling`).
    2. *No refusal after a random choice.* If a step still fails its check in
       the forward draw, the dominoes drawn so far stay, and a fresh run
       (backward pass and all, upright, else upside down) draws the cells left.
       This is the exact conditional law: the failure is decided from the
       choices already made (before the cell's uniform is read), and given
       those choices the rest of a weighted random tiling is a weighted random
       tiling of the cells left (the weight is a product over dominoes). So a
       failure neither discards nor biases a draw.

    **Nested dissection** (``elimination="dissection"``). The cells of a separating
    line are covered one by one with the same conditional law
    ``P(c-x) = K(c, x) K_R^{-1}(x, c)``, its inverse entries taken from the Schur
    complement of the Kasteleyn matrix on the line and its two neighbouring lines
    (the multifrontal LU of :mod:`dominotiling.counting.nested_dissection` eliminates
    the rest), updated by the rank-one formula after each domino; then the two sides,
    no longer neighbours, are tilings of their own, sampled the same way, and pieces
    at most 40 cells wide by the band. The checks of each step are those above (sums
    within ``1e-6``, a fresh inverse after a failed check or an unlikely domino); the
    condition test runs the separator elimination twice before any random choice --
    on the region, and on the region transposed in another gauge -- and demands
    ``log Z`` within ``1e-8`` relative. A step that still fails hands the cells left to
    the band (the exact conditional law, as above). Measured: squares certify (300 x
    300: 4.1 s for the first sample, 3.4 s for a further one, against 13.6 s and 8.7 s by
    the band); squares with 1 % random single-cell holes are intrinsically
    ill-conditioned from about 150 x 150 (an exact ratio ``Z(R - b - w) / Z(R)`` of
    ``8.6e16`` was measured at 150 x 150: no float64 elimination is accurate there,
    SuperLU's neither) and are refused before drawing, like the uniform Aztec diamond
    as a region from about order 45.

    **What is proved, and what is not.** Proved: the refusal event does not
    depend on the random choices, so the tilings returned are not a selection
    of the draws; and a failure in the forward pass is continued by the exact
    conditional law. Not proved: that each decision's float probability is the
    exact one to the precision its uniform needs -- the condition test is
    evidence (two independently rounded routes agree), not an error bound,
    like the certificate of :func:`~dominotiling.counting.kasteleyn.log_count`. An
    error-bounded design (intervals with escalation to exact arithmetic) was not
    found affordable here: exact counts of the cells left cost minutes per
    decision at this size, and float weights make them integers of hundreds of
    thousands of bits. The law tests at scale (``tests/test_sampler_law.py``)
    measure the remaining error where a reference exists. A restart that
    fails again before its own first choice (never seen) is the one refusal
    left after a random choice; its message says so.

    References
    ----------
    .. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
    .. [2] D. B. Wilson, "Determinant algorithms for random planar structures",
       SODA (1997): sampling matchings from ratios of minors via Schur complements.
    .. [3] R. Kenyon, "Local statistics of lattice dimers", Ann. IHP Prob. Stat. 33 (1997).

    Examples
    --------
    >>> from dominotiling import Region, Weights
    >>> holes = Region.from_strings(["......", ".#....", "...#..", "......"])
    >>> t = sample_kasteleyn(holes, seed=3)
    >>> t.is_complete, t.n_dominoes
    (True, 11)
    >>> w = Weights.by_orientation(Region.rectangle(2, 4), 1, 0)   # no vertical dominoes
    >>> sample_kasteleyn(Region.rectangle(2, 4), seed=0, weights=w).orientations().tolist()
    [0, 0, 0, 0]
    """
    return _sample(region, seed, weights, progress, elimination)[0]


def _sample(region, seed, weights, progress=True, elimination="auto"):
    """``(tiling, worst_sum_error, refreshes, restarts)``: :func:`sample_kasteleyn` and its float record."""
    _validate.region(region)
    rng = _validate.seed(seed)
    progress = _validate.boolean(progress, "progress")
    weights = check_weights(weights, region)
    weights = None if weights is not None and weights.is_uniform else weights
    elimination = _validate.choice(elimination, "elimination", ELIMINATIONS)
    return _sample_checked(region, rng, weights, progress=progress, elimination=elimination)


def sample_checked(region, rng, weights, trusted=False):
    """:func:`sample_kasteleyn` on checked arguments (a plane Region, a Generator, None or non-uniform Weights): ``random_tiling``'s route.

    ``trusted=True``: `region` is part of one that passed :func:`condition_test` (see
    :func:`_sample_checked`).
    """
    return _sample_checked(region, rng, weights, trusted=trusted)[0]


def _arrays(region, weights):
    """``(mask, offset, transposed, hw, vw, hwp, vwp)``: the narrow view, its float weights and their residues."""
    from .._kernels.kasteleyn_sample import RANK_PRIME

    mask, offset, transposed = region.narrow_view()
    if weights is None:
        hw = np.ones((mask.shape[0], max(0, mask.shape[1] - 1)))
        vw = np.ones((max(0, mask.shape[0] - 1), mask.shape[1]))
        hwp, vwp = _residues(None, hw, vw, RANK_PRIME)
    else:
        narrow = weights.narrow(mask, offset, transposed)
        hw, vw = narrow.as_float()
        hw, vw = (
            np.ascontiguousarray(hw, dtype=np.float64),
            np.ascontiguousarray(vw, dtype=np.float64),
        )
        hwp, vwp = _residues(narrow, hw, vw, RANK_PRIME)
    return mask, offset, transposed, hw, vw, hwp, vwp


def _refusal(region, weights, mask, hw, vw):
    """The function that raises, with the reason: no tiling at all, or the float condition."""

    def refuse(where):
        # only on failure: decide exactly whether the region has a tiling at all
        everywhere = bool(
            (hw[mask[:, :-1] & mask[:, 1:]] != 0).all() and (vw[mask[:-1] & mask[1:]] != 0).all()
        )
        if weights is None or everywhere:  # no zero weight: the region's own tileability (fast)
            tileable = is_tileable(region)
        else:
            tileable = has_nonzero_tiling(mask, hw, vw)
        if not tileable:
            raise NoTilingError(
                "this region has no domino tiling"
                + ("" if weights is None else " using only nonzero weights")
                + "; nothing to sample (is_tileable / hall_violator explain why)"
            )
        raise PrecisionError(
            f"the Kasteleyn sampler's floating-point check failed {where} (a float64 rank "
            "decision or an ill-conditioned step; see sample_kasteleyn's Notes). Exact samplers "
            "that do not depend on it: random_tiling(region, method='transfer') if the narrower "
            f"side is at most {TRANSFER_MAX_WIDTH} cells (it is {mask.shape[1]}), method='shuffling' "
            "for an Aztec diamond, method='embedding' for a region without enclosed holes, "
            "method='cftp' (no holes; uniform or weights of small spread); for approximate "
            "samples of any region, dominotiling.glauber (Markov chain)"
        )

    return refuse


#: The eliminations of :func:`sample_kasteleyn`.
ELIMINATIONS = ("auto", "band", "dissection")


def choose_elimination(width, cells):
    """``"band"`` or ``"dissection"``: the elimination :func:`sample_kasteleyn` uses by default.

    The faster by the measured costs
    (:func:`dominotiling.sampling.cost.elimination_seconds`): the band costs about
    ``cells * width**2``, nested dissection about ``cells**1.5``; the band is kept
    for pieces up to :data:`~dominotiling.sampling.nested.LEAF_WIDTH` cells wide
    (nested dissection would hand them to it anyway).

    Examples
    --------
    >>> choose_elimination(30, 3000), choose_elimination(300, 90000)
    ('band', 'dissection')
    """
    from .cost import elimination_seconds

    costs = elimination_seconds(cells, width)
    return "band" if costs["band"] <= costs["dissection"] else "dissection"


def _draw_dissection(mask, hw, vw, hwp, vwp, rng, refuse, key=None, trusted=False, bar=None):
    """:func:`_draw` by nested dissection (:mod:`dominotiling.sampling.nested`).

    The condition test (two separator eliminations, upright and transposed in
    another gauge, agreeing on ``log Z``) runs before any random choice, unless the
    region passed it before or is `trusted`. Narrow pieces go to the banded draw
    (trusted: they are parts of the certified region); where a separator step
    fails its check, the cells left go to the banded draw, which is the exact
    conditional law (the failure is decided by the choices made before it).
    """
    if not (trusted or (key is not None and key in _CERTIFIED)):
        certify(mask, hw, vw, refuse)
        _remember(key)

    def leaf(sub, r0, r1, c0, c1):
        return _draw(
            sub, hw[r0:r1, c0 : c1 - 1], vw[r0 : r1 - 1, c0:c1], hwp[r0:r1, c0 : c1 - 1],
            vwp[r0 : r1 - 1, c0:c1], rng, refuse, trusted=True,
        )[0]  # fmt: skip

    labels, failed, left = draw_nested(mask, hw, vw, rng, leaf, bar=bar)
    restarts = 0
    if failed is not None and left.any():
        restarts = 1
        rest = _draw(left, hw, vw, hwp, vwp, rng, refuse, trusted=True)[0]
        placed = rest >= 0
        labels[placed] = rest[placed] + int(labels.max(initial=-1)) + 1
    return labels, 0.0, 0, restarts


def _check_room(region, mask, elimination):
    """The memory budget's check of the sampler's tables for `elimination` ("band" or "dissection")."""
    if elimination == "band":
        need, what = kasteleyn_sample_bytes(region), "compressed tails"
    else:
        need = nested_bytes(int(mask.sum()), mask.shape[1])
        need, what = need + 2 * mask.size * 8 * 4, "separator steps"
    check_memory(
        need,
        f"the Kasteleyn sampler's {what} for this region ({region.n_cells} cells, "
        f"{mask.shape[1]} wide on its narrower side)",
        "random_tiling(region, method='cftp') for a region without holes, or a smaller region",
    )


def _dissection_certifies(region, weights, mask, hw, vw, trusted):
    """Whether the nested-dissection route passes its condition test (run here, no random choice).

    ``elimination="auto"`` prefers nested dissection on wide regions, but its separator
    steps are worse conditioned than the band on some holed regions (200 x 200 with 400
    single-cell holes: the two routes' ``log Z`` differ by 1e-6 relative); there the auto
    choice falls back to the band, whose own condition test then decides, as it did
    before the nested route existed. A region with no tiling is refused here at once.
    """
    key = (region, weights, "dissection")
    if trusted or key in _CERTIFIED:
        return True
    refuse = _refusal(region, weights, mask, hw, vw)
    if not region.is_balanced:
        refuse("")
    _check_room(region, mask, "dissection")
    try:
        certify(mask, hw, vw, refuse)
    except PrecisionError:
        return False
    _remember(key)
    return True


def _sample_checked(region, rng, weights, progress=True, trusted=False, elimination="auto"):
    """:func:`_sample` on checked arguments.

    ``trusted``: the region is part of one that passed the condition test before any
    random choice (the torus sampler's plane after its seam edges): the test is not
    repeated, so nothing drawn before can make it refuse.
    """
    mask, offset, transposed, hw, vw, hwp, vwp = _arrays(region, weights)
    if mask.size == 0:
        return Tiling(region, np.full(region.shape, -1, dtype=np.int32), validate=False), 0.0, 0, 0
    if elimination == "auto":
        elimination = choose_elimination(mask.shape[1], int(mask.sum()))
        if elimination == "dissection" and not _dissection_certifies(
            region, weights, mask, hw, vw, trusted
        ):
            elimination = "band"  # before any random choice: the band's own test decides
    _check_room(region, mask, elimination)
    refuse = _refusal(region, weights, mask, hw, vw)
    if not region.is_balanced:
        refuse("")
    key = (region, weights) if elimination == "band" else (region, weights, "dissection")
    rows = mask.shape[0]
    routes = 1 if trusted or key in _CERTIFIED else 2  # backward passes before the draw
    if elimination == "band":
        bar = LazyBar(progress, desc="Kasteleyn sampler", unit="row", total=rows * (routes + 1))
    else:
        bar = LazyBar(progress, desc="Kasteleyn sampler", unit="cell", total=int(mask.sum()))
    try:
        draw = _draw if elimination == "band" else _draw_dissection
        labels, worst, refreshes, restarts = draw(
            mask, hw, vw, hwp, vwp, rng, refuse, key=key, trusted=trusted, bar=bar
        )
    finally:
        bar.close()
    out = np.full(region.shape, -1, dtype=np.int32)
    view = labels.T if transposed else labels
    out[offset[0] : offset[0] + view.shape[0], offset[1] : offset[1] + view.shape[1]] = view
    out[~region.mask] = -1
    return Tiling(region, out, validate=False), worst, refreshes, restarts


def condition_test(region, weights=None):
    """Run the condition test of :func:`sample_kasteleyn` on `region` (checked arguments), no random choice.

    Raises :class:`PrecisionError` (or :class:`NoTilingError`) as the sampler would
    before its first draw; on success the region counts as certified. The torus
    sampler runs it on its cut-open plane before drawing its seam edges.
    """
    mask, _, _, hw, vw, hwp, vwp = _arrays(region, weights)
    if mask.size == 0:
        return
    refuse = _refusal(region, weights, mask, hw, vw)
    if not region.is_balanced:
        refuse("")
    views, shift = _views(mask, hw, vw, hwp, vwp)
    _certify([_backward(*v) for v in views], shift, refuse)
    _remember((region, weights))


#: The condition test: the two backward passes (upright, upside down) must give
#: ``log |det K|`` within this much of each other, relative to ``max(1, |log det|)``.
AGREE_RTOL = 1e-8


#: The seed of the fixed gauge factors of the second route (see :func:`_gauged`).
GAUGE_SEED = 2026


def _gauged(view):
    """``(view, log_factor)``: the weights of `view` times ``g(a) g(b)`` for fixed ``g`` in ``[1, 2)`` per cell.

    A gauge transformation: every tiling's weight is multiplied by the same
    ``prod g`` (each cell is in one domino), so the measure is the same and
    ``log Z`` moves by ``log_factor``; the rounding is new (an entry's relative
    change of at most one unit roundoff moves ``log Z`` by at most that times its
    placement probability). The ranks do not change (rows and columns scaled).
    """
    mask, hw, vw, hwp, vwp = view
    g = np.exp2(np.random.default_rng(GAUGE_SEED).random(mask.shape))
    hw = np.ascontiguousarray(hw * g[:, :-1] * g[:, 1:])
    vw = np.ascontiguousarray(vw * g[:-1] * g[1:])
    return (mask, hw, vw, hwp, vwp), math.fsum(np.log(g[mask]).tolist())


def _certify(backs, shift, refuse):
    """The condition test before any random choice: two elimination routes agree on ``log Z``."""
    vals = [b[4] if b is not None else None for b in backs]
    if any(v is None for v in vals):
        refuse("in its backward pass (before any random choice)")
    vals[1] -= shift
    scale = max(1.0, abs(vals[0]))
    if not abs(vals[0] - vals[1]) <= AGREE_RTOL * scale:
        refuse(
            f"before any random choice: its two backward passes (upright, and upside down in "
            f"another gauge) give "
            f"log Z = {vals[0]:.12g} and {vals[1]:.12g}, which must agree within "
            f"{AGREE_RTOL:g} x {scale:.3g}: the region is too ill-conditioned for double precision"
        )


#: Regions (with their weights) that passed the condition test, most recent last: the
#: test depends on them alone, so a batch of samples runs it once.
_CERTIFIED = {}
_CERTIFIED_MAX = 16


def _views(sub, hw, vw, hwp, vwp):
    """``(views, shift)``: the arrays upright and upside down (the latter gauged, see :func:`_gauged`)."""
    # the residues (< 2**31) in float64, exact: the kernels' one type of weights (issue 37)
    arrays = (sub, hw, vw, hwp.astype(np.float64), vwp.astype(np.float64))
    views = [
        tuple(np.ascontiguousarray(x[::-1] if flip else x) for x in arrays)
        for flip in (False, True)
    ]
    views[1], shift = _gauged(views[1])
    # one array type for the kernels whatever the region and weighting (read-only, C-contiguous):
    # an uncropped mask and a Weights' arrays are read-only, a crop, a flip or a gauge writable,
    # and numba would compile each kernel again for each combination (issue 37)
    return [tuple(frozen(x) for x in v) for v in views], shift


def _remember(key):
    if key is not None:
        _CERTIFIED[key] = True
        while len(_CERTIFIED) > _CERTIFIED_MAX:
            _CERTIFIED.pop(next(iter(_CERTIFIED)))


def _draw(mask, hw, vw, hwp, vwp, rng, refuse, key=None, trusted=False, bar=None):
    """``(labels, worst_sum_error, refreshes, restarts)``: runs on what is left until every cell is covered.

    A run that fails a check before its first random choice is retried upside
    down; one that fails after it keeps its dominoes, and a fresh run (backward
    pass and all) draws the cells left, which is the exact conditional law (see
    :func:`sample_kasteleyn`'s Notes). Only a failure before the first random
    choice of the whole draw, upright and upside down, is refused. `trusted`: the
    condition test was passed before (see :func:`_sample_checked`).
    """
    labels = np.full(mask.shape, -1, dtype=np.int32)
    left = mask.copy()
    next_id, worst, refreshes, restarts = 0, 0.0, 0, 0
    first = True
    while left.any():
        rows = np.flatnonzero(left.any(axis=1))
        lo, hi = int(rows[0]), int(rows[-1]) + 1
        sub = np.ascontiguousarray(left[lo:hi])
        views, shift = _views(sub, hw[lo:hi], vw[lo : hi - 1], hwp[lo:hi], vwp[lo : hi - 1])
        backs = [None, None]
        if first and (
            trusted or (key is not None and key in _CERTIFIED)
        ):  # passed before: one route is enough
            backs[0] = _backward(*views[0], bar=bar)
        elif first:  # both routes before any random number: the condition test
            backs = [_backward(*v, bar=bar) for v in views]
            _certify(backs, shift, refuse)
            _remember(key)
        uniforms = rng.random(sub.size)
        got = None
        for flip in (False, True):
            # upside down is a symmetry of the measure (weights flipped with it); it is
            # tried only after a failure that no random number has influenced yet
            v = views[flip]
            back = backs[flip] if backs[flip] is not None else _backward(*v)
            part, state = _forward(v[0], v[1], v[2], back, uniforms, bar=bar if first else None)
            if part is not None:
                got = (part, state, flip)
                break
        if got is None:
            if first and not trusted:
                refuse(f"in row {int(state[3]) - 1} of the narrow view" if state[3] > 0 else "")
            refuse(
                "after random choices were made (a restart on the cells left, or the torus's seam "
                "edges): a path-dependent failure, never seen; please report it"
            )
        part, state, flip = got
        part = part[::-1] if flip else part  # after a failure: the dominoes drawn before it
        placed = part >= 0
        labels[lo:hi][placed] = part[placed] + next_id
        next_id += int(state[0])
        left[lo:hi] &= ~placed
        worst = max(worst, float(state[1]))
        refreshes += int(state[2])
        restarts += 0 if state[3] == 0 else 1
        if state[3] != 0 and not placed.any():
            refuse("after a restart that placed nothing (please report it)")
        first = False
    return labels, worst, refreshes, restarts
