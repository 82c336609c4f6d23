"""Surface tension: the Legendre dual of the Ronkin function, in Thurston slopes per cell.

The surface tension ``sigma(s, t)`` of a periodic weighting is minus the entropy
(plus the energy) per cell of the ergodic Gibbs measure of slope ``(s, t)``: the
function whose integral over a region a limit shape minimises [1]_ [2]_. It is
the Legendre dual of the Ronkin function,
``sigma(s, t) = R*(a, b) / (k l)`` with ``R*(a, b) = sup_{x, y} (a x + b y - R(x, y))``
and ``(a, b) = (k t / 4, -l s / 4)`` the flux per ``k x l`` fundamental domain.

Conventions
-----------
* Slopes are the theory's one convention (:mod:`dominotiling.theory.spectral`,
  "Slopes"): the mean change of :meth:`Tiling.height_function` per column to the right
  (``s``) and per row downwards (``t``); the brick wall of east-pointing black cells
  has ``t = 2``, and ``s = 2 (p_N - p_S)``, ``t = 2 (p_E - p_W)`` in the probabilities
  of a black cell's domino. For uniform weights the slopes fill the
  square ``|s| + |t| <= 2``; in general the Newton polygon of ``P`` in these
  coordinates (:meth:`SpectralCurve.slope_polygon`).
* Sign: ``sigma`` is convex, ``+inf`` outside the polygon; for uniform weights it
  is 0 at the four corners (frozen brick walls) and ``-G/pi = -0.29156...`` at
  ``(0, 0)`` (minus the maximal entropy per cell); in general ``sigma`` at a
  corner is ``-log |c| / (k l)`` for the corner's coefficient ``c`` of ``P``.
* ``grad sigma = (-y / (4 k), x / (4 l))`` for the magnetic field ``(x, y)`` whose
  Gibbs measure has the slope (:meth:`SpectralCurve.tension_gradient`).

Uniform weights have the closed form of Cohn, Kenyon and Propp [2]_:
``sigma(s, t) = -(1 / 2 pi) (L(pi p_E) + L(pi p_W) + L(pi p_N) + L(pi p_S))`` with
Lobachevsky's function ``L(x) = -int_0^x log(2 sin u) du`` and the probabilities of
the four placements of a black cell's domino,
``p_E = u + t/4, p_W = u - t/4, p_S = 1/2 - u - s/4, p_N = 1/2 - u + s/4``,
``cos(2 pi u) = (cos(pi t / 2) - cos(pi s / 2)) / 2`` (from ``t = 2 (p_E - p_W)``,
``s = 2 (p_N - p_S)`` and ``sin(pi p_E) sin(pi p_W) = sin(pi p_N) sin(pi p_S)``).
Periodic weights are done numerically (:func:`surface_tension`, Notes).

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056.
.. [2] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino tilings",
   J. Amer. Math. Soc. 14 (2001), 297-346.

Examples
--------
>>> from dominotiling.theory import surface_tension
>>> st = surface_tension(None, [0.0, 2.0, 0.5], [0.0, 0.0, 0.5])
>>> st.value.round(6).tolist()
[-0.291561, 0.0, -0.239649]
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, PrecisionError
from .ronkin import POINT_BYTES, _ronkin_arrays, broadcast_points, curve_of, real_array

__all__ = ["SurfaceTension", "surface_tension", "lobachevsky", "uniform_surface_tension"]


class SurfaceTension(NamedTuple):
    """Surface tension at slopes ``(s, t)`` (per cell, Thurston units).

    Attributes
    ----------
    value : numpy.ndarray
        ``sigma(s, t)``; ``+inf`` outside the Newton polygon when ``outside="inf"``.
    error : numpy.ndarray
        Estimated absolute error of `value`.
    gradient : numpy.ndarray, shape ``(..., 2)``
        ``(d sigma / ds, d sigma / dt)``; NaN on the polygon's boundary (infinite
        there) and outside.
    field : numpy.ndarray, shape ``(..., 2)``
        The magnetic field ``(x, y) = (-4 l d sigma/dt, -4 k d sigma/ds)`` of the Gibbs
        measure of that slope (NaN on the boundary and outside).
    phase : numpy.ndarray of str
        ``"liquid"``, ``"gaseous"`` (an interior lattice point with a bounded
        complementary component of the amoeba: a facet's corner), ``"frozen"`` (the
        polygon's boundary) or ``"outside"``.

    See Also
    --------
    surface_tension, uniform_surface_tension

    Examples
    --------
    >>> from dominotiling.theory import surface_tension
    >>> st = surface_tension(None, 0.0, 0.0)
    >>> round(float(st.value), 6), str(st.phase)
    (-0.291561, 'liquid')
    """

    value: np.ndarray
    error: np.ndarray
    gradient: np.ndarray
    field: np.ndarray
    phase: np.ndarray

    def __repr__(self):
        from .._util import brief_repr

        return brief_repr(self)  # one line: a notebook cell ending in it does not print its arrays


def _clausen_coefficients(K=30):
    from fractions import Fraction
    from math import factorial

    import sympy

    return np.array(
        [
            float(
                abs(Fraction(int(sympy.bernoulli(2 * k).p), int(sympy.bernoulli(2 * k).q)))
                / (2 * k * (2 * k + 1) * factorial(2 * k))
            )
            for k in range(1, K + 1)
        ]
    )


_CLAUSEN = None


def lobachevsky(x):
    """Lobachevsky's function ``L(x) = -int_0^x log|2 sin u| du = Cl_2(2 x) / 2`` (vectorised).

    Parameters
    ----------
    x : float or array_like of float

    Returns
    -------
    numpy.ndarray of float
        ``L(x)``, the shape of `x`.

    Notes
    -----
    Clausen's function is reduced to ``-pi < theta <= pi`` (it is odd and
    ``2 pi``-periodic) and summed from its Bernoulli series
    ``Cl_2(theta) = theta - theta log|theta| + sum_k |B_2k| theta**(2k+1) / (2k (2k+1) (2k)!)``,
    whose terms shrink like ``(theta / 2 pi)**2``: 30 terms give an absolute error
    below ``1e-15`` on the whole range.

    See Also
    --------
    uniform_surface_tension, surface_tension

    Examples
    --------
    >>> import math
    >>> round(float(lobachevsky(math.pi / 4)), 12)    # Catalan's constant / 2
    0.457982797089
    """
    global _CLAUSEN
    if _CLAUSEN is None:
        _CLAUSEN = _clausen_coefficients()
    x = np.asarray(x, dtype=float)
    th = np.remainder(2.0 * x + np.pi, 2.0 * np.pi) - np.pi
    th2 = th * th
    acc = np.zeros_like(th)
    for c in _CLAUSEN[::-1]:
        acc = acc * th2 + c
    with np.errstate(divide="ignore", invalid="ignore"):
        cl = th - th * np.log(np.abs(th)) + th * th2 * acc
    cl = np.where(th == 0, 0.0, cl)
    return 0.5 * cl


def uniform_surface_tension(s, t):
    """The surface tension of uniform weights, by the closed form of Cohn, Kenyon and Propp.

    Parameters
    ----------
    s, t : float or array_like
        Thurston slopes with ``|s| + |t| <= 2`` (see the module docstring).

    Returns
    -------
    value, gradient, probabilities : numpy.ndarray
        ``sigma`` per cell; its gradient ``(..., 2)`` (NaN on the boundary); the
        placement probabilities ``(..., 4)`` of a black cell's domino, in the order
        east, west, south, north.

    Raises
    ------
    DominoTilingError
        For a slope outside ``|s| + |t| <= 2``.

    References
    ----------
    .. [1] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino
       tilings", J. Amer. Math. Soc. 14 (2001), 297-346, Theorem 1.1.

    See Also
    --------
    surface_tension, lobachevsky

    Examples
    --------
    >>> v, g, p = uniform_surface_tension(0.0, 0.0)
    >>> round(float(v), 10), p.tolist()
    (-0.291560904, [0.25, 0.25, 0.25, 0.25])
    """
    s = np.asarray(s, dtype=float)
    t = np.asarray(t, dtype=float)
    s, t = np.broadcast_arrays(s, t)
    bad = ~(np.abs(s) + np.abs(t) <= 2 + 1e-12)
    if bad.any():
        i = np.flatnonzero(bad.ravel())[0]
        raise DominoTilingError(
            f"the slope (s, t) = ({s.ravel()[i]}, {t.ravel()[i]}) is outside the square |s| + |t| <= 2 of the "
            "uniform model's slopes (or not a number)"
        )
    c = np.clip((np.cos(np.pi * t / 2) - np.cos(np.pi * s / 2)) / 2, -1.0, 1.0)
    u = np.arccos(c) / (2 * np.pi)
    # east, west, south, north: t = 2 (p_E - p_W), s = 2 (p_N - p_S) (the slope convention)
    p = np.stack([u + t / 4, u - t / 4, 0.5 - u - s / 4, 0.5 - u + s / 4], axis=-1)
    p = np.clip(p, 0.0, 1.0)
    value = -lobachevsky(np.pi * p).sum(axis=-1) / (2 * np.pi) + 0.0  # + 0.0: no negative zeros
    with np.errstate(divide="ignore", invalid="ignore"):
        sn = np.sin(np.pi * p)
        gs = np.log(sn[..., 3] / sn[..., 2]) / 8
        gt = np.log(sn[..., 0] / sn[..., 1]) / 8
    grad = np.stack([gs, gt], axis=-1)
    grad[~np.isfinite(grad)] = np.nan
    boundary = np.abs(s) + np.abs(t) >= 2 - 1e-15
    grad[boundary] = np.nan
    return value, grad, p


# ----------------------------------------------------------------- the polygon
def _inside(hull, a, b, tol=1e-12):
    """``(inside, on_boundary)`` masks of the fluxes ``(a, b)`` for a CCW lattice polygon."""
    n = len(hull)
    inside = np.ones(a.shape, dtype=bool)
    strict = np.ones(a.shape, dtype=bool)
    for i in range(n):
        (x0, y0), (x1, y1) = hull[i], hull[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        cr = (ex * (b - y0) - ey * (a - x0)) / np.hypot(ex, ey)
        inside &= cr >= -tol
        strict &= cr > tol
    return inside, inside & ~strict


def _boundary_distance(hull, pts):
    """Distance of each flux (rows of `pts`) to the boundary of the CCW polygon `hull` (positive inside)."""
    n = len(hull)
    out = np.full(len(pts), np.inf)
    for i in range(n):
        (x0, y0), (x1, y1) = hull[i], hull[(i + 1) % n]
        ex, ey = x1 - x0, y1 - y0
        out = np.minimum(out, (ex * (pts[:, 1] - y0) - ey * (pts[:, 0] - x0)) / np.hypot(ex, ey))
    return out


def _edge_values(curve, a, b):
    """``sigma`` per domain on the polygon's boundary: the Legendre dual of each edge polynomial's Ronkin function."""
    hull = curve.newton_polygon
    n = len(hull)
    out = np.full(a.shape, np.nan)
    coef = {p: float(c) for p, c in curve.coefficients.items()}
    for i in range(n):
        p0, p1 = np.array(hull[i]), np.array(hull[(i + 1) % n])
        e = p1 - p0
        M = int(np.gcd(abs(e[0]), abs(e[1])))
        step = e // M
        cs = np.array([coef.get(tuple((p0 + m * step).tolist()), 0.0) for m in range(M + 1)])
        # q(tau) = sum_m cs[m] tau**m; rho*(j) = -log|c_M| - sum of the M - j largest log|roots|
        ell = np.sort(np.log(np.abs(np.roots(cs[::-1])))) if M > 0 else np.array([])
        vals = np.array([-np.log(abs(cs[M])) - ell[j:].sum() for j in range(M + 1)])
        # points on this edge: a, b = p0 + lam * step, 0 <= lam <= M
        ex, ey = e
        cr = ex * (b - p0[1]) - ey * (a - p0[0])
        lam = ((a - p0[0]) * step[0] + (b - p0[1]) * step[1]) / float(step @ step)
        on = (np.abs(cr) <= 1e-9 * np.hypot(ex, ey)) & (lam >= -1e-9) & (lam <= M + 1e-9)
        if on.any():
            out[on] = np.interp(lam[on], np.arange(M + 1), vals)
    return out


# ------------------------------------------------------------------ the Legendre dual
def _start(curve, a, b):
    """A starting field per target: the best point of a coarse grid of Ronkin values."""
    from .amoeba import _default_window

    (x0, x1), (y0, y1) = _default_window(curve)
    gx = np.linspace(x0, x1, 24)
    gy = np.linspace(y0, y1, 24)
    X, Y = np.meshgrid(gx, gy, indexing="ij")
    X, Y = X.ravel(), Y.ravel()
    cache = getattr(curve, "_st_grid", None)
    if cache is None:
        R, _, _, _ = _ronkin_arrays(curve, X.copy(), Y.copy())
        cache = curve._st_grid = R
    R = cache
    best = np.empty(a.shape, dtype=int)
    chunk = max(1, 2_000_000 // X.size)
    for i in range(0, a.size, chunk):
        F = R[None, :] - a[i : i + chunk, None] * X[None, :] - b[i : i + chunk, None] * Y[None, :]
        best[i : i + chunk] = np.argmin(F, axis=1)
    return X[best], Y[best]


def _newton(curve, x, y, target, iterations):
    """Damped Newton iterations on ``grad R = target`` (rows), in place on `x`, `y`; returns the residuals."""

    def grad_at(ix, xs, ys):
        _, _, gi, Hi = _ronkin_arrays(curve, xs.copy(), ys.copy(), want_value=False)
        return gi - target[ix], Hi

    idx = np.arange(x.size)
    r, Hi = grad_at(idx, x, y)
    for _it in range(iterations):
        rn = np.abs(r).max(axis=1)
        keep = rn >= 1e-12
        idx, r, Hi = idx[keep], r[keep], Hi[keep]
        if idx.size == 0:
            break
        # a damped Newton direction, at most 2 long; exact line search on the convex
        # F = R - (a, b).(x, y) along it, by regula falsi on the monotone F' = r.d
        flat = np.abs(Hi).max(axis=(1, 2)) < 1e-12
        mu = np.where(flat, 1e-3, 1e-10 * (1 + np.abs(Hi).max(axis=(1, 2))))
        d = -np.linalg.solve(Hi + mu[:, None, None] * np.eye(2), r[:, :, None])[:, :, 0]
        norm = np.hypot(d[:, 0], d[:, 1])
        d *= np.minimum(1.0, 2.0 / np.maximum(norm, 1e-300))[:, None]
        x0, y0 = x[idx], y[idx]
        lo = np.zeros(idx.size)
        hi = np.ones(idx.size)
        dlo = (r * d).sum(axis=1)
        r1, H1 = grad_at(idx, x0 + d[:, 0], y0 + d[:, 1])
        dhi = (r1 * d).sum(axis=1)
        over = dhi > 0
        tau = np.ones(idx.size)
        rt, Ht = r1, H1
        if over.any():
            o = np.flatnonzero(over)
            l_, h_, fl, fh = lo[o], hi[o], dlo[o], dhi[o]
            goal = 0.5 * np.abs(dlo[o])
            tau_o = np.ones(o.size)
            ro, Ho = r1[o].copy(), H1[o].copy()
            todo = np.ones(o.size, dtype=bool)
            for _ in range(8):
                j = np.flatnonzero(todo)
                if j.size == 0:
                    break
                with np.errstate(divide="ignore", invalid="ignore"):
                    m = l_[j] - fl[j] * (h_[j] - l_[j]) / (fh[j] - fl[j])
                m = np.where(np.isfinite(m), m, (l_[j] + h_[j]) / 2)
                m = np.clip(m, l_[j] + 0.05 * (h_[j] - l_[j]), h_[j] - 0.05 * (h_[j] - l_[j]))
                rm, Hm = grad_at(idx[o[j]], x0[o[j]] + m * d[o[j], 0], y0[o[j]] + m * d[o[j], 1])
                fm = (rm * d[o[j]]).sum(axis=1)
                tau_o[j], ro[j], Ho[j] = m, rm, Hm
                left = fm <= 0
                l_[j], fl[j] = np.where(left, m, l_[j]), np.where(left, fm, fl[j])
                h_[j], fh[j] = np.where(left, h_[j], m), np.where(left, fh[j], fm)
                todo[j] = np.abs(fm) > goal[j]
            tau[o] = tau_o
            rt, Ht = rt.copy(), Ht.copy()
            rt[o], Ht[o] = ro, Ho
        x[idx] = x0 + tau * d[:, 0]
        y[idx] = y0 + tau * d[:, 1]
        r, Hi = rt, Ht
    _, _, g, _ = _ronkin_arrays(curve, x.copy(), y.copy(), want_value=False)
    return np.abs(g - target).max(axis=1)


def _plain_newton(curve, x, y, target, iterations):
    """Undamped Newton steps (halved while the residual grows), in place: for starts close to the solution."""
    _, _, g, H = _ronkin_arrays(curve, x.copy(), y.copy(), want_value=False)
    r = g - target
    rn = np.abs(r).max(axis=1)
    for _ in range(iterations):
        act = np.flatnonzero(rn >= 1e-12)
        if act.size == 0:
            break
        Ha = H[act] + 1e-12 * (1 + np.abs(H[act]).max(axis=(1, 2)))[:, None, None] * np.eye(2)
        d = -np.linalg.solve(Ha, r[act][:, :, None])[:, :, 0]
        norm = np.hypot(d[:, 0], d[:, 1])
        d *= np.minimum(1.0, 2.0 / np.maximum(norm, 1e-300))[:, None]
        scale = np.ones(act.size)
        for _ in range(4):
            xn, yn = x[act] + scale * d[:, 0], y[act] + scale * d[:, 1]
            _, _, gn, Hn = _ronkin_arrays(curve, xn.copy(), yn.copy(), want_value=False)
            rnn = np.abs(gn - target[act]).max(axis=1)
            ok = rnn < rn[act]
            x[act[ok]], y[act[ok]] = xn[ok], yn[ok]
            r[act[ok]], H[act[ok]], rn[act[ok]] = gn[ok] - target[act[ok]], Hn[ok], rnn[ok]
            if ok.all():
                break
            act, d, scale = act[~ok], d[~ok], scale[~ok] / 2
    return rn


def _legendre(curve, a, b, tol):
    """``(sigma per domain, error, x, y, gas)`` for interior fluxes (1-D arrays).

    Newton's method from the best grid point; the slopes it leaves unsolved (close to
    a corner or an edge, where the maximiser runs far out along the amoeba's
    boundary and the Hessian is nearly singular) are reached by continuation: the
    targets ``c + (alpha - c)(1 - 2**-j)``, ``j = 1, 2, ...``, from the polygon's
    centre ``c``, each solved from the last, halve the distance to the boundary at
    every stage.
    """
    x, y = _start(curve, a, b)
    target = np.stack([a, b], axis=1)
    rn = _newton(curve, x, y, target, 60)
    bad = np.flatnonzero(rn >= 1e-12)
    if bad.size:
        hull = np.array(curve.newton_polygon, dtype=float)
        centre = hull.mean(axis=0) + np.array([0.1234, 0.0567]) * 1e-3  # off the lattice
        xb, yb = _start(curve, np.array([centre[0]]), np.array([centre[1]]))
        _newton(curve, xb, yb, centre[None, :], 60)
        xs = np.full(bad.size, xb[0])
        ys = np.full(bad.size, yb[0])
        goal = target[bad]
        # stages until what is left of the way is a tenth of the goal's distance to the boundary
        dist = _boundary_distance(curve.newton_polygon, goal)
        span = np.hypot(*(goal - centre).T)
        stages = int(np.clip(np.ceil(np.log2(10 * span / np.maximum(dist, 1e-15))).max(), 1, 55))
        for j in range(1, stages + 1):
            stage = centre + (goal - centre) * (1.0 - 2.0**-j)
            _plain_newton(curve, xs, ys, stage, 4)
        _plain_newton(curve, xs, ys, goal, 10)
        rfin = _newton(curve, xs, ys, goal, 20)
        better = rfin < rn[bad]
        x[bad[better]], y[bad[better]] = xs[better], ys[better]
    R, err, grad, hess = _ronkin_arrays(curve, x.copy(), y.copy())
    r = grad - target
    rn = np.abs(r).max(axis=1)
    # the value a.x - R(x) is below the supremum by about r^T H^-1 r / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        hr = hess + 1e-300 * np.eye(2)
        gap = 0.5 * np.abs(np.einsum("pi,pi->p", r, np.linalg.solve(hr, r[:, :, None])[:, :, 0]))
    gap = np.where(rn < 1e-12, 0.0, gap)
    gap = np.where(np.isfinite(gap), gap, np.inf)
    sigma = a * x + b * y - R
    gas = (np.abs(hess).max(axis=(1, 2)) == 0) & (rn < 1e-12)
    return sigma, err + gap + 1e-15 * (np.abs(x * a) + np.abs(y * b) + np.abs(R)), x, y, gas, rn


def _equal_weights(pattern):
    if pattern.symbols():
        return None
    h, v = pattern.as_float()
    vals = np.concatenate([h.ravel(), v.ravel()])
    if vals.min() > 0 and vals.max() == vals.min():
        return float(vals[0])
    return None


def surface_tension(weights_pattern, s, t, *, method="auto", outside="raise", tolerance=1e-8):
    """The surface tension ``sigma(s, t)`` per cell at Thurston slopes ``(s, t)`` (vectorised).

    Parameters
    ----------
    weights_pattern : None, WeightPattern, Weights, (horizontal, vertical) or SpectralCurve
        Positive periodic weights; None is uniform.
    s, t : float or array_like
        Slopes: the height change per column to the right and per row downwards,
        in the library's Thurston units (module docstring). Arrays broadcast.
    method : {"auto", "closed_form", "numerical"}, keyword-only
        ``"auto"`` takes the closed form of Cohn, Kenyon and Propp when every weight
        is the same number ``c`` (it shifts ``sigma`` by ``-log(c) / 2``), the
        numerical Legendre dual otherwise.
    outside : {"raise", "inf"}, keyword-only
        What slopes outside the Newton polygon get: an error, or ``+inf`` (the value
        of the convex dual there).
    tolerance : float, keyword-only
        The largest acceptable error estimate.

    Returns
    -------
    SurfaceTension
        ``(value, error, gradient, field, phase)``, arrays of the broadcast shape.

    Raises
    ------
    DominoTilingError
        For a slope outside the Newton polygon (with ``outside="raise"``); the
        message names the slope and the polygon.
    PrecisionError
        If an error estimate exceeds `tolerance`.
    WeightError
        For zero or negative weights.

    Notes
    -----
    *Numerical route.* Every slope becomes its flux ``(a, b)``. On the polygon's
    boundary ``sigma`` is exact: along an edge with lattice points
    ``p_0, ..., p_M`` and edge polynomial ``q(tau) = sum_m c_m tau**m``, it is the
    Legendre dual of the one-variable Ronkin function of ``q``, piecewise linear
    between ``-log|c_M| - (sum of the M - j largest log|roots of q|)`` at ``p_j``
    (the frozen phases). Inside, ``sup_{x, y} (a x + b y - R(x, y))`` is found by a
    damped Newton iteration on ``grad R = (a, b)``, vectorised over all slopes,
    started from the best point of a ``24 x 24`` grid of Ronkin values; gradient
    and Hessian of ``R`` are exact from the torus-curve intersection points
    (:mod:`~dominotiling.theory.ronkin`), so only the last step evaluates ``R``
    itself. The error is the Ronkin estimate plus the first-order gap
    ``r^T H^-1 r / 2`` of the final gradient residual ``r``. A slope is
    ``"gaseous"`` when the maximiser lies in a bounded component of the amoeba's
    complement (a flat facet of the height function: the Hessian vanishes there).

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056, Theorem 3.6 (the Legendre duality).
    .. [2] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino
       tilings", J. Amer. Math. Soc. 14 (2001), 297-346.

    See Also
    --------
    ronkin, free_energy, gibbs_measure, phase_diagram

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern
    >>> st = surface_tension(WeightPattern.two_periodic(2.0, 1.0), [0.0, 0.5], [0.0, 0.0])
    >>> st.value.round(6).tolist(), st.phase.tolist()
    ([-0.550282, -0.485055], ['gaseous', 'liquid'])
    >>> surface_tension(None, 1.5, 1.0)
    Traceback (most recent call last):
    ...
    dominotiling.errors.DominoTilingError: the slope (s, t) = (1.5, 1.0) is outside the Newton polygon, ...
    """
    _validate.choice(method, "method", ("auto", "closed_form", "numerical"))
    _validate.choice(outside, "outside", ("raise", "inf"))
    tol = _validate.real(tolerance, "tolerance", minimum=0.0, strict_minimum=True)
    curve = curve_of(weights_pattern)
    pattern = curve.pattern
    pattern.check_positive("the surface tension")
    sa = real_array(s, "s")
    ta = real_array(t, "t")
    if not (np.isfinite(sa).all() and np.isfinite(ta).all()):
        raise DominoTilingError("the slopes s and t must be finite numbers")
    sb, tb = broadcast_points(sa, ta, "the surface tension", POINT_BYTES)
    shape = sb.shape
    sf, tf = sb.ravel().copy(), tb.ravel().copy()
    a, b = curve.flux(sf, tf)
    a, b = np.asarray(a, dtype=float).ravel(), np.asarray(b, dtype=float).ravel()
    inside, boundary = _inside(curve.newton_polygon, a, b)
    if outside == "raise" and not inside.all():
        i = int(np.flatnonzero(~inside)[0])
        poly = [tuple(round(float(v), 6) for v in p) for p in curve.slope_polygon()]
        raise DominoTilingError(
            f"the slope (s, t) = ({sf[i]}, {tf[i]}) is outside the Newton polygon, whose corners in "
            f"Thurston slopes are {poly}; no tiling has that slope (pass outside='inf' for +inf there)"
        )
    n = pattern.n_cells
    k, l = pattern.shape
    value = np.full(a.shape, np.inf)
    error = np.zeros(a.shape)
    grad = np.full(a.shape + (2,), np.nan)
    field = np.full(a.shape + (2,), np.nan)
    phase = np.full(a.shape, "outside", dtype=object)
    c = _equal_weights(pattern)
    if method == "closed_form" and c is None:
        raise DominoTilingError(
            "method='closed_form' needs equal weights (the uniform model); use 'numerical'"
        )
    if method == "auto":
        method = "closed_form" if c is not None else "numerical"
    if method == "closed_form":
        v, g, _ = uniform_surface_tension(sf[inside], tf[inside])
        value[inside] = v - np.log(c) / 2
        error[inside] = 1e-14
        grad[inside] = g
        field[inside, 0], field[inside, 1] = curve.gradient_field(g[:, 0], g[:, 1])
        phase[inside] = "liquid"
        phase[boundary] = "frozen"
    else:
        if boundary.any():
            value[boundary] = _edge_values(curve, a[boundary], b[boundary]) / n
            error[boundary] = 1e-14 * (1 + np.abs(value[boundary]))
            phase[boundary] = "frozen"
        inner = inside & ~boundary
        if inner.any():
            sig, err, x, y, gas, rn = _legendre(curve, a[inner], b[inner], tol)
            value[inner] = sig / n
            error[inner] = err / n
            field[inner, 0], field[inner, 1] = x, y
            grad[inner, 0], grad[inner, 1] = curve.tension_gradient(x, y)
            from .ronkin import _is_bubble

            for i in np.flatnonzero(
                gas
            ):  # a lattice slope whose maximiser is a node of the amoeba is liquid
                key = (round(float(a[inner][i])), round(float(b[inner][i])))
                gas[i] = _is_bubble(curve, float(x[i]), float(y[i]), key)
            phase[inner] = np.where(gas, "gaseous", "liquid")
    bad = inside & ~(error <= tol)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise PrecisionError(
            f"the surface tension at (s, t) = ({sf[i]}, {tf[i]}) has an estimated error of {error[i]:.3g}, "
            f"above tolerance={tol:g} (the maximiser was not found precisely: a slope very close to the "
            "polygon's boundary, or to a singular point); raise tolerance or move the slope"
        )
    out = SurfaceTension(
        value.reshape(shape),
        error.reshape(shape),
        grad.reshape(shape + (2,)),
        field.reshape(shape + (2,)),
        phase.reshape(shape).astype(str),
    )
    return out
