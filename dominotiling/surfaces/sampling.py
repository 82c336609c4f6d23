"""Exact samples of tori and cylinders: the periodic profile DP, and Kasteleyn's twisted determinants.

:func:`sample_surface` is what :func:`~dominotiling.random_tiling` calls for a
torus or cylinder (also as ``dominotiling.surfaces.periodic.sample_surface``); the
counts it builds on are in :mod:`dominotiling.surfaces.periodic`.

Examples
--------
>>> from dominotiling import Region
>>> t = sample_surface(Region.torus(4, 4), seed=3)
>>> t.is_complete, int(t.seam_dominoes().sum()) >= 0
(True, True)
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from .._interrupt import slices
from .._options import check_memory
from ..errors import DominoTilingError, NoTilingError, TooLargeError
from ..model.region import Region
from ..model.tiling import OUTSIDE, Tiling
from ..sampling import kasteleyn as plane_sampler
from .periodic import (
    MAX_TRACE_WIDTH,
    MAX_WIDTH,
    _check,
    _dp_plan,
    _eps,
    _kasteleyn_shape,
    _no_weights,
)

__all__ = ["sample_surface"]


# -------------------------------------------------------------------- samples
def sample_surface(region, seed=None, method="auto"):
    """A uniformly random tiling of a torus or cylinder: the periodic profile DP, or Kasteleyn's determinants.

    Parameters
    ----------
    region : Region
        A torus or cylinder: any mask whose DP fits (:data:`MAX_WIDTH`,
        :data:`MAX_TRACE_WIDTH`; see :func:`count_surface`), or the full torus
        or cylinder with even glued sides (any width, ``"kasteleyn"``).
    seed : None, int or numpy.random.Generator
    method : {"auto", "transfer", "kasteleyn"}
        ``"auto"``: the DP when its work (``runs * 2**w`` profiles per cell) is
        at most ``2**16`` (a torus up to 8 wide, a cylinder swept along its free
        side up to 16), else Kasteleyn's route where it applies, else the DP.

    Returns
    -------
    Tiling
        Dominoes across a seam join ``(r, cols - 1)`` to ``(r, 0)`` or
        ``(rows - 1, c)`` to ``(0, c)`` (:meth:`Tiling.seam_dominoes`).

    Raises
    ------
    NoTilingError
        If there is no tiling.
    TooLargeError
        If no method applies (an odd glued side, or holes, too wide for the
        DP), or the DP's layers would not fit in memory.
    DominoTilingError
        If `method` does not apply to the region.

    Notes
    -----
    **Kasteleyn.** The edges across the seams (``m + n`` on a torus) are decided
    one by one: each goes into the tiling with probability ``Z(with it) / Z``,
    the counts of what is left given by Kasteleyn's combination of the twisted
    determinants (:func:`count_surface`; the combination holds for every
    subgraph of the torus graph obtained by removing edges and matched pairs,
    which keeps the Kasteleyn signs of every face), each determinant
    from a sparse LU factorisation in floating point (SuperLU, with the sign of
    its permutations). Every ``|D| <= Z``, so the combination keeps the LU's
    relative precision up to a factor 4. What is left after the last seam edge
    is a plane region, sampled exactly by
    :func:`dominotiling.sampling.kasteleyn.sample_kasteleyn`, whose condition
    test runs first, before any random choice, on the torus cut open along its
    seams (the plane left after the seam edges is part of it), so a refusal
    cannot depend on the edges drawn. Cost: about
    ``6 (m + n)`` LU factorisations of ``mn/2``-square matrices: a 40 x 40
    torus in about 3 s, 60 x 60 in about 12 s.

    **Transfer.** On a torus the profile ``s`` of vertical dominoes across the top-bottom seam
    is drawn first, with probability proportional to the number of tilings with
    that profile (one forward sweep from each ``s``, ending in ``s``); then the
    cylinder with both ends fixed to ``s`` is sampled backwards through its
    forward counts, as :func:`dominotiling.counting.transfer.sample_transfer` does (each
    predecessor chosen with probability proportional to its count). Counts are
    float64, rescaled at each row: each choice is off by a relative
    ``2 cells * 2**-53`` at most, far below what a statistical test can see.
    Wide tori with an odd glued side have no exact sampler here.

    Examples
    --------
    >>> t = sample_surface(Region.torus(4, 6), seed=1)
    >>> t.is_complete, t.region.periodic
    (True, (True, True))
    >>> sample_surface(Region.torus(20, 20), seed=1).n_dominoes   # Kasteleyn's route
    200
    """
    _check(region)
    method = _validate.choice(method, "method", ("auto", "transfer", "kasteleyn"))
    rng = _validate.seed(seed)
    return sample_surface_checked(region, rng, method)


def surface_sampler(region):
    """The method ``sample_surface(region)`` uses with ``method="auto"`` on a checked torus or cylinder.

    The periodic profile DP when its layers are small (at most ``2**16`` states in
    all) or Kasteleyn's sampler cannot serve (glued sides odd, or not the full
    torus or cylinder); Kasteleyn's sampler otherwise.
    """
    plan = _dp_plan(region)
    kasteleyn_ok = region.seams() != (False, False) and _kasteleyn_shape(region) is not None
    cheap = plan is not None and plan[4] * (1 << plan[0].shape[1]) <= 1 << 16
    return "transfer" if cheap or not kasteleyn_ok else "kasteleyn"


def sample_surface_checked(region, rng, method):
    """:func:`sample_surface` on checked arguments (a torus or cylinder, a Generator, a method name): ``random_tiling``'s route."""
    from .._kernels import surfaces as _k  # lazy: numba

    rows, cols = region.shape
    if region.n_cells % 2:
        raise NoTilingError(
            f"this {rows} x {cols} region has an odd number of cells: it has no tiling"
        )
    plan = _dp_plan(region)
    kasteleyn_ok = region.seams() != (False, False) and _kasteleyn_shape(region) is not None
    if method == "auto":
        method = surface_sampler(region)
    if method == "kasteleyn":
        if not kasteleyn_ok:
            raise DominoTilingError(
                "the Kasteleyn sampler takes the full torus or cylinder whose glued sides are even "
                f"(of even length); this region (shape {region.shape}, periodic={region.periodic}) is "
                "not one: use method='transfer'"
            )
        return _sample_kasteleyn_surface(region, rng)
    if plan is None:
        raise TooLargeError(
            f"random tilings of this {rows} x {cols} region (periodic={region.periodic}) come from the "
            f"periodic profile DP, which needs a narrower side of at most {MAX_TRACE_WIDTH} cells on a "
            f"torus ({MAX_WIDTH} on a cylinder swept along its free side); Kasteleyn's sampler takes "
            "any width but needs the full torus or cylinder with even glued sides. count_tilings "
            "and log_count handle any size"
        )
    mask, wrap_h, wrap_v, transposed, runs = plan
    w = mask.shape[1]
    n = mask.size
    check_memory(
        8 * (n + 1) * (1 << w) + 8 * n,
        f"the sampler's layers ({n + 1} x {2**w} floats)",
        "a narrower region",
    )
    layers = np.zeros((n + 1, 1 << w), dtype=np.float64)
    log_scale = np.zeros(n + 1, dtype=np.float64)

    def forward(s):
        layers[0, :] = 0.0
        layers[0, s] = 1.0
        for start, stop in slices(n, first=64):
            _k.float_sweep(mask, wrap_h, wrap_v, layers, log_scale, start, stop)
        value = layers[n, s]
        return math.log(value) + log_scale[n] if value > 0 else -math.inf

    if wrap_v:
        logw = np.full(runs, -np.inf)
        for s in range(runs):
            if any((s >> c) & 1 and not (mask[0, c] and mask[-1, c]) for c in range(w)):
                continue
            logw[s] = forward(s)
        if not np.isfinite(logw).any():
            raise NoTilingError(
                f"this {rows} x {cols} region (periodic={region.periodic}) has no tiling"
            )
        p = np.exp(logw - logw.max())
        s = int(rng.choice(runs, p=p / p.sum()))
    else:
        s = 0
    if forward(s) == -math.inf:
        raise NoTilingError(
            f"this {rows} x {cols} region (periodic={region.periodic}) has no tiling"
        )
    u = rng.random(n)
    moves = np.zeros(n, dtype=np.int8)
    _k.sample_back(mask, wrap_h, wrap_v, layers, s, u, moves)
    labels = _labels_from_moves(mask, moves)
    if transposed:
        labels = np.ascontiguousarray(labels.T)
    return Tiling(region, labels)


#: Kasteleyn matrices up to this size are factorised dense (LAPACK), larger ones sparse (SuperLU).
_DENSE_LIMIT = 300


def _torus_edges(rows, cols, torus):
    """The edges of the full torus or cylinder: ``(black, white, sign, kind, seam, is_black)``.

    ``black``/``white`` are flat cell indices; ``sign`` the Kasteleyn sign (``+1``
    horizontal, ``(-1)**col`` vertical); ``kind`` 0 inside, 1 across the
    left-right seam, 2 across the top-bottom one; ``seam`` the edge's seam index
    (row ``r`` of the left-right seam is ``r``, column ``c`` of the top-bottom
    seam ``rows + c``; -1 inside); ``is_black`` a flat bool per cell.
    """
    r, c = np.indices((rows, cols))
    flat = r * cols + c
    black_cell = (r + c) % 2 == 0
    parts = []

    def add(sa, sb, sign, kind, seam):
        a, b, a_black = flat[sa], flat[sb], black_cell[sa]
        parts.append(
            (
                np.where(a_black, a, b).ravel(),
                np.where(a_black, b, a).ravel(),
                np.broadcast_to(np.asarray(sign, dtype=float), a.shape).ravel(),
                np.full(a.size, kind, dtype=np.int8),
                np.broadcast_to(np.asarray(seam), a.shape).ravel(),
            )
        )

    add(np.s_[:, :-1], np.s_[:, 1:], 1.0, 0, -1)
    add(np.s_[:-1, :], np.s_[1:, :], (-1.0) ** c[:-1, :], 0, -1)
    add(np.s_[:, -1:], np.s_[:, :1], 1.0, 1, np.arange(rows)[:, None])
    if torus:
        add(
            np.s_[-1:, :],
            np.s_[:1, :],
            ((-1.0) ** np.arange(cols))[None, :],
            2,
            (rows + np.arange(cols))[None, :],
        )
    return tuple(np.concatenate(x) for x in zip(*parts)) + (black_cell.ravel(),)


def _signed_logdets(alive, edge_on, edges, twists):
    """``{twist: (sign, log|det|)}``: the twisted Kasteleyn determinants of the live cells and edges.

    ``alive``: flat bool per cell; ``edge_on``: bool per seam edge (False: cut);
    ``edges`` from :func:`_torus_edges`. ``(0, -inf)`` when singular or unbalanced.
    Dense LU (``numpy.linalg.slogdet``) up to :data:`_DENSE_LIMIT` rows, else
    sparse LU with partial pivoting (SuperLU), the sign that of its
    permutations times the signs of ``U``'s diagonal.
    """
    black, white, sign, kind, seam, is_black = edges
    nb = int((alive & is_black).sum())
    nw = int(alive.sum()) - nb
    if nb != nw:
        return {t: (0, -math.inf) for t in twists}
    if nb == 0:
        return {t: (1, 0.0) for t in twists}
    keep = alive[black] & alive[white] & np.where(seam >= 0, edge_on[np.maximum(seam, 0)], True)
    rank_black = np.cumsum(alive & is_black) - 1
    rank_white = np.cumsum(alive & ~is_black) - 1
    r, c = rank_black[black[keep]], rank_white[white[keep]]
    v, k = sign[keep], kind[keep]
    out = {}
    for z, w in twists:
        out[(z, w)] = _slogdet(r, c, v * np.where(k == 1, z, 1) * np.where(k == 2, w, 1), nb)
    return out


def _slogdet(r, c, v, n):
    """``(sign, log|det|)`` of the ``n x n`` matrix with entries ``v`` at ``(r, c)``."""
    nz = v != 0
    if n <= _DENSE_LIMIT:
        dense = np.zeros((n, n))
        dense[r[nz], c[nz]] = v[nz]
        sign, logdet = np.linalg.slogdet(dense)
        return (0, -math.inf) if sign == 0 else (int(sign), float(logdet))
    from scipy.sparse import csc_matrix
    from scipy.sparse.linalg import splu

    matrix = csc_matrix((v[nz], (r[nz], c[nz])), shape=(n, n))
    try:
        lu = splu(matrix, permc_spec="COLAMD")
    except RuntimeError:  # exactly singular
        return 0, -math.inf
    diag = lu.U.diagonal()
    if (diag == 0).any():
        return 0, -math.inf
    sign = _perm_sign(lu.perm_r) * _perm_sign(lu.perm_c) * (-1) ** int((diag < 0).sum())
    return sign, float(math.fsum(np.log(np.abs(diag))))


def _perm_sign(perm):
    """The sign of a permutation given as an array."""
    perm = np.asarray(perm)
    seen = np.zeros(len(perm), dtype=bool)
    sign = 1
    for i in range(len(perm)):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            if length % 2 == 0:
                sign = -sign
    return sign


def _sample_kasteleyn_surface(region, rng):
    """An exact sample of a full torus or cylinder with even glued sides: seam edges one by one, then the plane.

    Each edge across a seam is put in the tiling with probability
    ``Z(with it) / Z(now)``, both counts from Kasteleyn's combination of the
    twisted determinants of what is left (float LU); after the last seam edge the
    rest is a plane region, sampled by :func:`dominotiling.sampling.kasteleyn.sample_kasteleyn`.
    """

    rows, cols, torus = _kasteleyn_shape(region)
    transposed = not region.seams()[1]
    n, w = rows * cols // 2, min(rows, cols)
    # SuperLU's factors: the plane estimate of kasteleyn.lu_entries with the band doubled
    # (the wrap-around joins the first and last rows), 16 bytes per entry, twice over
    entries = min(1.05 * n * (2 * w + 2), 11.0 * float(n) ** 1.25) + 4.0 * n
    check_memory(
        32 * entries + 64 * rows * cols,
        f"the LU factors of the {rows} x {cols} {'torus' if torus else 'cylinder'}'s Kasteleyn "
        f"matrices (about {entries:.2g} nonzeros)",
        "a smaller torus (count_tilings and log_count handle any size)",
    )
    half_n, half_m = cols // 2, (rows // 2 if torus else 0)
    pairs = [(a, b) for a in (0, 1) for b in ((0, 1) if torus else (0,))]
    twists = [((-1) ** a, (-1) ** b) for a, b in pairs]
    coef = {
        (z, w): sum(_eps(a, b, half_n, half_m) * z**a * w**b for a, b in pairs) / len(pairs)
        for z, w in twists
    }
    edges = _torus_edges(rows, cols, torus)
    alive = np.ones(rows * cols, dtype=bool)
    n_seam = rows + (cols if torus else 0)
    edge_on = np.ones(n_seam, dtype=bool)
    factor = {t: 1 for t in twists}

    def log_z(alive, edge_on, factor):
        terms = []
        for t, (sign, logdet) in _signed_logdets(alive, edge_on, edges, twists).items():
            if sign:
                terms.append((coef[t] * factor[t] * sign, logdet))
        if not terms:
            return -math.inf
        top = max(ld for _, ld in terms)
        total = abs(math.fsum(c * math.exp(ld - top) for c, ld in terms))
        return top + math.log(total) if total > 1e-12 else -math.inf

    current = log_z(alive, edge_on, factor)
    if current == -math.inf:
        raise NoTilingError(
            f"this {rows} x {cols} region (periodic={region.periodic}) has no tiling"
        )
    # the plane sampler's condition test, before any random choice, on the torus cut open
    # along its seams: what is left after the seam edges is part of it, and is not tested
    # again (a refusal may not depend on the edges drawn; issue 26)
    plane_sampler.condition_test(Region.rectangle(rows, cols))
    forced = []
    for k in range(n_seam):
        if k < rows:  # across the left-right seam, row k
            cells = (k * cols + cols - 1, k * cols)
        else:  # across the top-bottom seam, column k - rows
            cells = ((rows - 1) * cols + k - rows, k - rows)
        if not (alive[cells[0]] and alive[cells[1]]):
            continue
        trial = alive.copy()
        trial[list(cells)] = False
        trial_factor = {t: factor[t] * (t[0] if k < rows else t[1]) for t in twists}
        inside = log_z(trial, edge_on, trial_factor)
        p = math.exp(inside - current) if inside > -math.inf else 0.0
        if rng.random() < min(p, 1.0):
            alive, factor, current = trial, trial_factor, inside
            forced.append(tuple(divmod(x, cols) for x in cells))
        else:
            edge_on[k] = False
            current = log_z(alive, edge_on, factor)
    alive = alive.reshape(rows, cols)
    plane = (
        plane_sampler.sample_checked(Region(alive), rng, None, trusted=True)
        if alive.any()
        else None
    )
    labels = np.where(alive, -2, OUTSIDE).astype(np.int64)
    if plane is not None:
        labels[alive] = plane.labels[alive]
    k = int(labels.max(initial=-1)) + 1
    for a, b in forced:
        labels[a] = labels[b] = k
        k += 1
    if transposed:
        labels = np.ascontiguousarray(labels.T)
    return Tiling(region, labels)


def _labels_from_moves(mask, moves):
    from .._kernels import surfaces as _k

    rows, w = mask.shape
    labels = np.where(mask, -2, OUTSIDE).astype(np.int64)
    k = 0
    for i, move in enumerate(moves.tolist()):
        r, c = divmod(i, w)
        if move == _k.VERTICAL:
            labels[r, c] = labels[(r + 1) % rows, c] = k
        elif move == _k.HORIZONTAL:
            labels[r, c] = labels[r, c + 1] = k
        elif move == _k.SEAM:
            labels[r, c] = labels[r, w - 1] = k
        else:
            continue
        k += 1
    return labels


def sample_periodic(region, seed=None, method="auto", weights=None):
    """:func:`~dominotiling.random_tiling` for a torus or cylinder: :func:`sample_surface`."""
    if not isinstance(method, str) or method not in ("auto", "transfer", "kasteleyn"):
        raise DominoTilingError(
            f"method {method!r} is not available for tori and cylinders: their random tilings "
            "come from the periodic profile DP ('transfer') or Kasteleyn's determinants "
            "('kasteleyn'), or method='auto'"
        )
    _no_weights(weights)
    return sample_surface(region, seed=seed, method=method)
