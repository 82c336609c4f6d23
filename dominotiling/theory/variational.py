"""The discrete variational problem of a limit shape, and its interior-point Newton solver.

Cohn, Kenyon and Propp's variational principle [1]_ says that the height function of
a uniformly random tiling of a large region, rescaled, concentrates on the
minimiser of ``int sigma(grad h)`` among functions with the region's boundary
heights and slopes in the Newton polygon ``N``. For the square grid in Thurston
units ``N`` is ``|s| + |t| <= 2``; in the diagonal slopes ``a = s + t``,
``b = s - t`` it is the square ``|a| <= 2, |b| <= 2``. This module discretises the
problem so that the constraint becomes one bound per mesh edge, kept exactly:

* **The mesh.** A square grid of spacing ``delta`` (in cells), each square cut by
  its two diagonals into four right triangles (the "union jack" mesh). Nodes: the
  squares' corners and centres. Every triangle has one *leg* along ``(1, 1)`` and
  one along ``(1, -1)``; the gradient of the linear interpolant on it is
  ``a = 2 dh / delta`` along the first leg and ``b`` likewise along the second.
  So the slope constraint of the whole problem is ``|h(u) - h(v)| <= delta`` on every
  leg ``uv``, and the discrete energy is ``sum_T (delta**2 / 4) sigma(a_T, b_T)``.
* **Boundary values.** The region's boundary heights enter as bounds: a node near a
  lattice boundary vertex ``b`` lies within ``h_b +- 2 |p - b|_inf`` of it, and
  shortest paths on the legs (:func:`lipschitz_extensions`) carry these bounds to
  every node; nodes whose bounds meet are fixed, the others are free between them.
* **The solver.** A primal log-barrier (interior-point) method: Newton's method on
  ``E(h) - mu * (delta**2 / 2) * (sum_legs log(4 - q**2) + sum_nodes log((h - lo)(up - h)))``
  over the free nodes (the node bounds only near the boundary), ``q``
  the leg's diagonal slope, ``mu`` divided by 30 per stage from 0.05 to 1e-7, each
  Newton step a sparse solve (SuperLU, symmetric mode, minimum-degree ordering) of
  the Laplacian-shaped Hessian after eliminating the centre nodes (their block is
  diagonal), with a step that stays strictly inside ``N`` and Armijo backtracking.
  Why: ``sigma`` is smooth and strictly convex inside ``N`` with a closed-form
  Hessian, so Newton converges in a few steps per stage; its gradient is only
  logarithmically singular at ``N``'s boundary, where the frozen regions live, so
  a barrier (rather than a penalty or a projection) is what keeps the slopes
  exactly admissible while letting them approach the frozen edges to within
  ``O(mu)``; the duality gap of the final stage is at most ``2 mu`` per unit area.

References
----------
.. [1] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino tilings",
   J. Amer. Math. Soc. 14 (2001), 297-346.

Examples
--------
>>> import numpy as np
>>> from dominotiling import Region
>>> mesh = build_mesh(Region.rectangle(4, 4), 4)
>>> mesh.n_nodes, int(mesh.tri_legs.shape[0])
(41, 64)
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .._options import check_memory
from ..errors import PrecisionError

__all__ = ["Mesh", "build_mesh", "solve_barrier", "uniform_sigma", "lobachevsky_fast"]


class Mesh(NamedTuple):
    """The union-jack mesh of a region (positions in cells, heights in Thurston units).

    ``corner(i, j) = i * (nc + 1) + j`` for ``0 <= i <= nr``, ``0 <= j <= nc``;
    ``centre(i, j) = (nr + 1) * (nc + 1) + i * nc + j``. ``legs`` are node pairs
    ``(u, v)`` oriented so that ``q = 2 (h[v] - h[u]) / delta`` is a diagonal slope of
    the triangles on the leg: ``a = s + t`` for the legs ``tri_legs[:, 0]``, ``b = s - t``
    for ``tri_legs[:, 1]`` (four legs per square: ``a0, a1, b0, b1``).
    """

    delta: float
    nr: int
    nc: int
    active: np.ndarray  # (nr, nc) bool: squares in the domain
    legs: np.ndarray  # (n_legs, 2) int: u, v with q = 2 (h[v] - h[u]) / delta
    tri_legs: np.ndarray  # (n_tri, 2) int: the triangle's a-leg and b-leg
    tri_square: np.ndarray  # (n_tri,) int: flat index of the triangle's square
    node_y: np.ndarray
    node_x: np.ndarray
    used: np.ndarray  # (n_nodes,) bool: a node of some active square
    boundary: np.ndarray  # (n_nodes,) bool: a used node on the domain's boundary

    @property
    def n_nodes(self):
        return int(self.used.sum())


def mesh_bytes(nr, nc):
    """A bound on the bytes of the mesh, the sparse Hessian and its LU factors."""
    squares = nr * nc
    # nodes ~2 squares, 4 legs and 4 triangles per square; Hessian ~13 entries per node;
    # SuperLU fill of a 2-D mesh ~ n log n with a modest constant
    nodes = 2 * squares + nr + nc + 1
    fill = 40.0 * nodes * max(1.0, math.log2(nodes))
    return int(8 * (40 * squares) + 24 * 13 * nodes + 16 * fill)


def build_mesh(region, resolution):
    """The union-jack mesh of `region` with `resolution` squares along its longer side."""
    rows, cols = region.shape
    L = max(rows, cols)
    delta = L / resolution
    nr = max(1, int(math.ceil(rows / delta - 1e-9)))
    nc = max(1, int(math.ceil(cols / delta - 1e-9)))
    check_memory(
        mesh_bytes(nr, nc),
        f"the limit-shape mesh of {nr}x{nc} squares and its Newton systems",
        "a smaller resolution=",
    )
    yc = (np.arange(nr) + 0.5) * delta
    xc = (np.arange(nc) + 0.5) * delta
    ci = np.minimum(np.floor(yc).astype(int), rows - 1)
    cj = np.minimum(np.floor(xc).astype(int), cols - 1)
    active = region.mask[np.ix_(ci, cj)]
    n_corner = (nr + 1) * (nc + 1)
    n_nodes = n_corner + nr * nc
    I, J = np.nonzero(active)
    c00 = I * (nc + 1) + J
    c01 = c00 + 1
    c10 = c00 + nc + 1
    c11 = c10 + 1
    C = n_corner + I * nc + J
    k = I.size
    # legs per square: a0 = (c00 -> C), a1 = (C -> c11), b0 = (C -> c01), b1 = (c10 -> C)
    legs = np.empty((4 * k, 2), dtype=np.int64)
    legs[0::4] = np.stack([c00, C], 1)
    legs[1::4] = np.stack([C, c11], 1)
    legs[2::4] = np.stack([C, c01], 1)
    legs[3::4] = np.stack([c10, C], 1)
    base = 4 * np.arange(k)
    a0, a1, b0, b1 = base, base + 1, base + 2, base + 3
    # triangles N = (a0, b0), E = (a1, b0), S = (a1, b1), W = (a0, b1)
    tri = np.empty((4 * k, 2), dtype=np.int64)
    tri[0::4] = np.stack([a0, b0], 1)
    tri[1::4] = np.stack([a1, b0], 1)
    tri[2::4] = np.stack([a1, b1], 1)
    tri[3::4] = np.stack([a0, b1], 1)
    tri_square = np.repeat(I * nc + J, 4)
    used = np.zeros(n_nodes, dtype=bool)
    used[legs.ravel()] = True
    # a corner is on the boundary when one of its four squares is not active
    pad = np.zeros((nr + 2, nc + 2), dtype=bool)
    pad[1:-1, 1:-1] = active
    all4 = pad[:-1, :-1] & pad[:-1, 1:] & pad[1:, :-1] & pad[1:, 1:]
    boundary = np.zeros(n_nodes, dtype=bool)
    boundary[:n_corner] = (~all4).ravel() & used[:n_corner]
    ii, jj = np.divmod(np.arange(n_corner), nc + 1)
    node_y = np.concatenate([ii * delta, (np.repeat(np.arange(nr), nc) + 0.5) * delta]).astype(
        float
    )
    node_x = np.concatenate([jj * delta, (np.tile(np.arange(nc), nr) + 0.5) * delta]).astype(float)
    return Mesh(delta, nr, nc, active, legs, tri, tri_square, node_y, node_x, used, boundary)


# ------------------------------------------------------------------ the uniform sigma
# |B_2n| / (2n (2n + 1)!) for n = 1..20: the Taylor coefficients of Clausen's function
_CL2 = None


def _cl2_coefficients():
    global _CL2
    if _CL2 is None:
        from fractions import Fraction

        # Bernoulli numbers by the Akiyama-Tanigawa algorithm (exact rationals)
        B = []
        A = [Fraction(0)] * 62
        for m in range(62):
            A[m] = Fraction(1, m + 1)
            for j in range(m, 0, -1):
                A[j - 1] = j * (A[j - 1] - A[j])
            B.append(A[0])
        fact = [1]
        for k in range(1, 63):
            fact.append(fact[-1] * k)
        _CL2 = np.array([float(abs(B[2 * n]) / (2 * n * fact[2 * n + 1])) for n in range(1, 21)])
    return _CL2


def lobachevsky_fast(x):
    """Lobachevsky's function ``L(x) = Cl_2(2 x) / 2`` by the Taylor series of Clausen's function.

    ``Cl_2(theta) = theta - theta log|theta| + sum_n |B_2n| theta**(2n+1) / (2n (2n+1)!)``
    on ``|theta| <= pi`` (20 terms: error below ``1e-14``), about 200 times faster
    than the dilogarithm route of :func:`~dominotiling.theory.lobachevsky`.

    Examples
    --------
    >>> round(float(lobachevsky_fast(np.pi / 4)), 12)    # Catalan's constant / 2
    0.457982797089
    """
    th = 2 * np.asarray(x, dtype=float)
    r = np.mod(th + np.pi, 2 * np.pi) - np.pi
    z = r * r
    acc = np.zeros_like(r)
    for c in _cl2_coefficients()[::-1]:
        acc = acc * z + c
    with np.errstate(divide="ignore", invalid="ignore"):
        out = r - r * np.log(np.abs(r)) + r * z * acc
    return 0.5 * np.where(r == 0, 0.0, out)


def uniform_sigma(a, b, want="all"):
    """``sigma`` of uniform weights in the diagonal slopes ``(a, b) = (s + t, s - t)``.

    Returns ``(value, grad (n, 2), hess (n, 3) = (aa, ab, bb))`` from Cohn, Kenyon and
    Propp's closed form; the derivatives are meant for points strictly inside the
    square ``|a|, |b| < 2`` (the value is right on its boundary too).
    """
    s = (a + b) / 2
    t = (a - b) / 2
    # cos(2 pi u) = sin(pi a / 4) sin(pi b / 4) =: X; 1 - X and 1 + X as sums of squares,
    # with cos(pi s / 4) as sin(pi (2 - |s|) / 4): accurate next to the polygon's edges
    cs = np.sin(np.pi * (2 - np.abs(s)) / 4)
    ss_ = np.sin(np.pi * s / 4)
    st_ = np.sin(np.pi * t / 4)
    ct = np.sin(np.pi * (2 - np.abs(t)) / 4)
    u = np.arctan2(np.sqrt(st_ * st_ + cs * cs), np.sqrt(ct * ct + ss_ * ss_)) / np.pi
    # the probabilities that a black cell's domino goes east, west, south, north, in the
    # theory's slope convention (dominotiling.theory.spectral, "Slopes"), as in
    # uniform_surface_tension's third output
    p = np.stack([u + t / 4, u - t / 4, 0.5 - u - s / 4, 0.5 - u + s / 4], axis=-1)
    p = np.clip(p, 0.0, 1.0)
    value = None
    if want in ("all", "value"):  # "derivatives" skips the value
        value = -lobachevsky_fast(np.pi * p).sum(axis=-1) / (2 * np.pi)
        if want == "value":
            return value, None, None, p
    with np.errstate(divide="ignore", invalid="ignore"):
        sn = np.sin(np.pi * p)
        gs = np.log(sn[:, 3] / sn[:, 2]) / 8
        gt = np.log(sn[:, 0] / sn[:, 1]) / 8
        s2 = np.sin(2 * np.pi * u)
        us = -np.sin(np.pi * s / 2) / (8 * s2)
        ut = np.sin(np.pi * t / 2) / (8 * s2)
        cot = np.cos(np.pi * p) / sn
        k = np.pi / 8
        ss = k * (cot[:, 3] * (0.25 - us) + cot[:, 2] * (0.25 + us))
        st = k * ut * (cot[:, 2] - cot[:, 3])
        tt = k * (cot[:, 0] * (ut + 0.25) + cot[:, 1] * (0.25 - ut))
    grad = np.stack([(gs + gt) / 2, (gs - gt) / 2], axis=1)
    hess = np.stack([(ss + 2 * st + tt) / 4, (ss - tt) / 4, (ss - 2 * st + tt) / 4], axis=1)
    return value, grad, hess, p


# ------------------------------------------------------------------ boundary values
def lipschitz_extensions(mesh, fixed_idx, fixed_val):
    """``(upper, lower)``: the largest and smallest leg-Lipschitz functions through the fixed values.

    ``|h(u) - h(v)| <= delta`` on legs; ``upper = min_b (h_b + delta * d(b, v))`` with
    ``d`` the number of legs of a shortest path (the metric of the constraint).
    """
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    n = mesh.used.size
    u, v = mesh.legs[:, 0], mesh.legs[:, 1]
    src = n  # a super-source joined to every fixed node
    out = []
    for sign in (1.0, -1.0):
        hv = sign * fixed_val
        w0 = hv - hv.min()
        rows = np.concatenate([u, v, np.full(fixed_idx.size, src)])
        cols = np.concatenate([v, u, fixed_idx])
        wts = np.concatenate([np.full(2 * u.size, mesh.delta), w0 + 1e-300])
        g = coo_matrix((wts, (rows, cols)), shape=(n + 1, n + 1)).tocsr()
        d = dijkstra(g, indices=src, directed=True)[:n]
        out.append(sign * (d + hv.min()))
    upper, lower = out
    return upper, lower


# ------------------------------------------------------------------ the solver
def _newton_direction(HF, gF, n_x):
    """Solve ``HF d = -gF`` with the trailing diagonal block (the centres) eliminated first.

    (Conjugate gradients preconditioned by the previous step's factor were tried: the
    barrier terms change the matrix too much from one step to the next for them to
    converge in a few iterations, so every step factors afresh.)
    """
    from scipy.sparse import diags
    from scipy.sparse.linalg import splu

    Hxx = HF[:n_x, :n_x]
    Hxc = HF[:n_x, n_x:]
    dc = HF[n_x:, n_x:].diagonal()
    if not (dc > 0).all():
        raise PrecisionError(
            "the Newton system is not positive definite (a centre node without curvature)"
        )
    Dinv = diags(1.0 / dc)
    gx, gc = gF[:n_x], gF[n_x:]
    S = (Hxx - Hxc @ Dinv @ Hxc.T).tocsc()
    rhs = -gx + Hxc @ (gc / dc)
    try:
        dx = (
            splu(
                S,
                permc_spec="MMD_AT_PLUS_A",
                diag_pivot_thresh=0.0,
                options=dict(SymmetricMode=True),
            ).solve(rhs)
            if n_x
            else np.zeros(0)
        )
    except RuntimeError as e:  # pragma: no cover - S is positive definite
        raise PrecisionError(f"the Newton system is singular ({e})") from None
    dcen = (-gc - Hxc.T @ dx) / dc
    return np.concatenate([dx, dcen])


class Solution(NamedTuple):
    h: np.ndarray
    q: np.ndarray  # leg slopes
    free: np.ndarray  # free node mask
    residual: float  # the final Newton decrement per unit area
    mu: float
    iterations: int
    gap: float


def solve_barrier(
    mesh,
    h0,
    free,
    sigma=uniform_sigma,
    *,
    mu0=0.05,
    mu_end=1e-7,
    shrink=30.0,
    tol=1e-10,
    max_newton=400,
    box=None,
    stop=None,
    debug=False,
    centering=0.3,
    stage=None,
):
    """Minimise the discrete energy by a log-barrier Newton method (module docstring).

    `h0` must satisfy the leg bounds, strictly on legs with a free node, and the
    bounds ``box = (nodes, lower, upper)`` (free nodes), strictly. ``stage(mu)``, if
    given, is called as each barrier stage begins (a ``sigma`` that depends on the
    stage, such as the smoothed gas cones of
    :class:`~dominotiling.theory.tension_table.PeriodicSigma`, returns True when it
    changed). Raises :class:`PrecisionError` with the residual if Newton does not converge.
    """
    from scipy.sparse import coo_matrix

    delta = mesh.delta
    n = h0.size
    legs = mesh.legs
    lu_, lv_ = legs[:, 0], legs[:, 1]
    nl = legs.shape[0]
    # leg slope q = G h, G = 2/delta (e_v - e_u)
    G = coo_matrix(
        (
            np.concatenate([np.full(nl, -2 / delta), np.full(nl, 2 / delta)]),
            (np.concatenate([np.arange(nl)] * 2), np.concatenate([lu_, lv_])),
        ),
        shape=(nl, n),
    ).tocsr()
    # free corners first, then free centres: the centres' block of the Hessian is diagonal
    # (a centre shares a triangle only with its square's corners), so they are eliminated
    fidx = np.flatnonzero(free)
    n_corner = (mesh.nr + 1) * (mesh.nc + 1)
    n_xf = int((fidx < n_corner).sum())
    GF = G[:, fidx].tocsc()
    GFt = GF.T.tocsr()
    h = h0.astype(float).copy()
    q = G @ h
    leg_free = np.asarray(abs(GF).sum(axis=1)).ravel() > 0
    if np.any(np.abs(q[leg_free]) >= 2):
        raise PrecisionError("the starting heights are not strictly admissible (internal error)")
    tri = mesh.tri_legs
    # triangles that see a free leg and have no fixed saturated leg (sigma is affine there)
    ta, tb = tri[:, 0], tri[:, 1]
    sat = lambda j: (~leg_free[j]) & (np.abs(q[j]) >= 2 - 1e-12)  # noqa: E731
    live = (leg_free[ta] | leg_free[tb]) & ~sat(ta) & ~sat(tb)
    ta, tb = ta[live], tb[live]
    wt = delta * delta / 4
    wl = delta * delta / 2
    bl = np.flatnonzero(leg_free)
    area = mesh.active.sum() * delta * delta
    # box bounds on free nodes, as positions in the free vector
    pos = np.full(n, -1)
    pos[fidx] = np.arange(fidx.size)
    if box is None:
        bx = np.zeros(0, dtype=np.int64)
        blo = bup = np.zeros(0)
    else:
        bnodes, blo, bup = box
        keep = free[bnodes]
        bx, blo, bup = pos[bnodes[keep]], np.asarray(blo, float)[keep], np.asarray(bup, float)[keep]
    wb = delta * delta / 2
    hb0 = h[fidx[bx]]
    if np.any(hb0 <= blo) or np.any(hb0 >= bup):
        raise PrecisionError(
            "the starting heights are not strictly inside their bounds (internal error)"
        )

    cache = {}

    def energy(qq, hf, mu):
        # value and derivatives in one pass: the accepted point is the next Newton point
        v, g_, H_, _ = sigma(qq[ta], qq[tb], "all")
        cache["next"] = (g_, H_)
        qb = qq[bl]
        hx = hf[bx]
        with np.errstate(invalid="ignore", divide="ignore"):
            return (
                wt * v.sum()
                - mu * wl * np.log(4 - qb * qb).sum()
                - mu * wb * (np.log(hx - blo).sum() + np.log(bup - hx).sum())
            )

    # the sparsity pattern of the leg-space Hessian: triangle blocks and the diagonal
    hr = np.concatenate([ta, tb, ta, tb, bl])
    hc = np.concatenate([ta, tb, tb, ta, bl])
    if fidx.size == 0:  # every height is forced
        return Solution(h, q, free, 0.0, 0.0, 0, 0.0)
    mu = mu0
    its = 0
    decrement = np.inf
    while True:
        final = mu <= mu_end
        target = tol if final else max(centering * mu, tol)
        converged = False
        if stage is not None and stage(mu):
            cache.clear()  # sigma changed: the derivatives kept from the last step are stale
        e_cur = None
        stage_its = 0
        while not converged:
            its += 1
            if its > max_newton:
                raise PrecisionError(
                    f"the limit-shape solver did not converge in {max_newton} Newton steps: the last Newton "
                    f"decrement per cell is {decrement:.3g} at barrier weight mu={mu:.3g}; try another "
                    "resolution, or report the region"
                )
            if stop is not None:
                stop()
            if "here" in cache:
                g, H = cache.pop("here")
            else:
                _, g, H, _ = sigma(q[ta], q[tb], "derivatives")
            qb = q[bl]
            gq = (
                np.bincount(ta, wt * g[:, 0], minlength=nl)
                + np.bincount(tb, wt * g[:, 1], minlength=nl)
            ).astype(float)
            gq[bl] += mu * wl * 2 * qb / (4 - qb * qb)
            dbar = mu * wl * 2 * (4 + qb * qb) / (4 - qb * qb) ** 2
            vals = np.concatenate([wt * H[:, 0], wt * H[:, 2], wt * H[:, 1], wt * H[:, 1], dbar])
            if not np.isfinite(vals).all() or not np.isfinite(gq).all():
                raise PrecisionError(
                    "the surface tension's derivatives are not finite at the current slopes "
                    f"(residual {decrement:.3g}); the solver lost admissibility"
                )
            Hq = coo_matrix((vals, (hr, hc)), shape=(nl, nl)).tocsr()
            gF = GFt @ gq
            hx = h[fidx[bx]]
            gF[bx] += mu * wb * (1 / (bup - hx) - 1 / (hx - blo))
            HF = (GFt @ Hq @ GF).tocsr()
            if bx.size:
                HF = (
                    HF
                    + coo_matrix(
                        (mu * wb * (1 / (bup - hx) ** 2 + 1 / (hx - blo) ** 2), (bx, bx)),
                        shape=HF.shape,
                    ).tocsr()
                )
            d = _newton_direction(HF, gF, n_xf)
            decrement = float(-(gF @ d)) / area
            if not decrement >= 0:
                raise PrecisionError(
                    f"the Newton direction is not a descent direction (decrement {decrement:.3g})"
                )
            converged = decrement < target
            dq = GF @ d
            dqb = dq[bl]
            with np.errstate(divide="ignore", invalid="ignore"):
                lim = np.where(dqb > 0, (2 - qb) / dqb, np.where(dqb < 0, (-2 - qb) / dqb, np.inf))
            step = min(1.0, 0.99 * float(lim.min())) if lim.size else 1.0
            if bx.size:
                dx_ = d[bx]
                with np.errstate(divide="ignore", invalid="ignore"):
                    limb = np.where(
                        dx_ > 0, (bup - hx) / dx_, np.where(dx_ < 0, (blo - hx) / dx_, np.inf)
                    )
                step = min(step, 0.99 * float(limb.min()))
            hf0 = h[fidx]
            e0 = energy(q, hf0, mu) if e_cur is None else e_cur
            slope = float(gF @ d)
            while step > 1e-14:
                en = energy(q + step * dq, hf0 + step * d, mu)
                if np.isfinite(en) and en <= e0 + 1e-4 * step * slope + 1e-13 * abs(e0):
                    break
                step *= 0.5
            h[fidx] += step * d
            q = G @ h
            e_cur = en
            cache["here"] = cache.pop("next")
            stage_its += 1
        if debug:
            print(f"mu={mu:.2e}: {stage_its} Newton steps, decrement {decrement:.2e}")
        if final:
            break
        mu = max(mu / shrink, mu_end)
    gap = mu * (2 * wl * bl.size + 2 * wb * bx.size) / area
    return Solution(h, q, free, decrement, mu, its, gap)
