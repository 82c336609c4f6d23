"""The surface tension of periodic weights as a smooth function for the limit-shape solver.

The limit-shape solver (:mod:`~dominotiling.theory.variational`) takes Newton steps
on ``sum_T sigma(grad h_T)`` over some ``10**5`` triangles, so it needs ``sigma``, its
gradient and its Hessian at ``10**5`` slopes per step. For uniform weights they are
in closed form; for periodic weights :func:`~dominotiling.theory.surface_tension`
computes ``sigma`` as a numerical Legendre dual of the Ronkin function, about
``0.3 ms`` a slope -- too slow to call per step, and with no Hessian.
:class:`PeriodicSigma` is ``sigma`` written as

``sigma(alpha) = sigma_uniform(alpha) + E(alpha) + sum_g h_g(alpha - g)``

in the diagonal slopes ``alpha = (a, b) = (s + t, s - t)``, where

* ``sigma_uniform`` is Cohn, Kenyon and Propp's closed form [2]_: it carries the
  logarithmic singularities at the Newton polygon's boundary (the frozen phases),
  which depend on the lattice and not on the weights;
* ``h_g`` is the cone of ``sigma`` at each gaseous lattice point ``g``: the support
  function of the gas bubble ``B_g`` (a bounded component of the amoeba's
  complement), ``h_g(v) = max_{X in B_g} v . grad sigma(X)``, since
  ``sigma(g + v) = sigma(g) + max_{X in B_g} v . X' + O(|v|**3)`` for the fields
  ``X`` of the bubble (Legendre duality; Kenyon, Okounkov and Sheffield [1]_). The
  bubble's boundary is the image of a compact real oval of the spectral curve, so
  ``h_g`` is computed from the real points (:mod:`~dominotiling.theory.amoeba`)
  and kept as a Fourier series in the direction of ``v``, minus its linear part;
* ``E`` is what is left: smooth inside the polygon, tabulated on a square grid of
  ``(a, b)`` from :func:`~dominotiling.theory.surface_tension`'s numerical route
  and interpolated by bicubic splines.

For Newton's method the cone is smoothed: ``h_g`` becomes
``sqrt(h_g**2 + eps**2)`` (convex, smooth, within ``eps`` of ``h_g`` at the tip and
``eps**2 / (2 h_g)`` away from it), and the solver drives ``eps`` down with its
barrier parameter to :data:`EPS_MIN`. Where
the slope sits at the cone (a *facet* of the limit shape) the height is flat:
the gas region.

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056.
.. [2] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino tilings",
   J. Amer. Math. Soc. 14 (2001), 297-346.

Examples
--------
>>> from dominotiling.theory import WeightPattern, surface_tension
>>> sig = periodic_sigma(WeightPattern.two_periodic(1.0, 0.5))
>>> import numpy as np
>>> v, g, H, p = sig(np.array([0.6]), np.array([0.2]))
>>> exact = surface_tension(WeightPattern.two_periodic(1.0, 0.5), 0.4, 0.2).value
>>> bool(abs(v[0] - exact) < 1e-5)
True
>>> [round(float(x), 4) for x in sig.gas_points.ravel()]      # the gas facet at slope (0, 0)
[0.0, 0.0]
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import PrecisionError
from .ronkin import curve_of
from .variational import uniform_sigma

__all__ = ["PeriodicSigma", "periodic_sigma", "TABLE_SIZE", "TABLE_TOLERANCE", "EPS_MIN"]

#: Grid intervals per side of the table of ``E`` over the square ``|a|, |b| <= 2``.
TABLE_SIZE = 64
#: Grid intervals per side of the table of the horizontal-domino fraction (densities only).
DENSITY_TABLE_SIZE = 32
#: The largest accepted difference between the table and the numerical surface tension (per cell).
TABLE_TOLERANCE = 1e-3
#: The smallest smoothing radius of the gas cones (slope units).
EPS_MIN = 2e-4
_FOURIER = 32
_CACHE = {}


def _diag_to_flux(curve, a, b):
    s = (a + b) / 2
    t = (a - b) / 2
    fa, fb = curve.flux(s, t)
    return np.asarray(fa, dtype=float).ravel(), np.asarray(fb, dtype=float).ravel()


def _exact(curve, a, b, chunk=2048):
    """``(sigma per cell, diagonal gradient (n, 2))`` at diagonal slopes in the closed polygon, numerically.

    On the boundary the gradient is NaN (infinite there).
    """
    from .surface_tension import _edge_values, _inside, _legendre

    k, l = curve.pattern.shape
    n = curve.pattern.n_cells
    fa, fb = _diag_to_flux(curve, a, b)
    inside, bd = _inside(curve.newton_polygon, fa, fb)
    if not inside.all():  # pragma: no cover - the grid is inside by construction
        raise PrecisionError("a tabulation slope fell outside the Newton polygon (internal error)")
    val = np.full(fa.shape, np.nan)
    grad = np.full(fa.shape + (2,), np.nan)
    if bd.any():
        val[bd] = _edge_values(curve, fa[bd], fb[bd]) / n
    inner = np.flatnonzero(~bd)
    for i in range(0, inner.size, chunk):  # slices: Ctrl-C arrives between them
        j = inner[i : i + chunk]
        sig, err, x, y, gas, rn = _legendre(curve, fa[j], fb[j], 1e-8)
        bad = ~(err <= 1e-8)
        if bad.any():
            m = int(np.flatnonzero(bad)[0])
            raise PrecisionError(
                f"the numerical surface tension at the diagonal slope ({a[j][m]:.6g}, {b[j][m]:.6g}) has an "
                f"estimated error of {err[m]:.3g} (above 1e-8); the limit shape of these weights cannot be "
                "tabulated reliably"
            )
        val[j] = sig / n
        gs, gt = curve.tension_gradient(x, y)
        grad[j, 0] = (gs + gt) / 2
        grad[j, 1] = (gs - gt) / 2
    return val, grad


def _field_to_diag_gradient(curve, X):
    """The diagonal gradient ``(d sigma / da, d sigma / db)`` of the Gibbs measure of fields ``X`` (rows)."""
    gs, gt = curve.tension_gradient(X[:, 0], X[:, 1])
    return np.stack([(gs + gt) / 2, (gs - gt) / 2], axis=1)


def _gas_cones(curve):
    """``[(g, ell, coefficients)]``: each gaseous lattice point (diagonal slope), the linear part and Fourier series of its cone."""
    from .amoeba import _real_points
    from .gibbs import _bubble_centre
    from .ronkin import _extent, _in_component, _is_bubble
    from .surface_tension import _legendre

    out = []
    inner = list(curve.interior_points)
    if not inner:
        return out
    fa = np.array([p[0] for p in inner], dtype=float)
    fb = np.array([p[1] for p in inner], dtype=float)
    _, _, x, y, gas, _ = _legendre(curve, fa, fb, 1e-8)
    for i, key in enumerate(inner):
        if not (gas[i] and _is_bubble(curve, float(x[i]), float(y[i]), key)):
            continue
        c = np.array(_bubble_centre(curve, float(x[i]), float(y[i]), key))
        reach = max(
            _extent(curve, c, np.array(e, dtype=float), key)
            for e in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
        win = 1.5 * reach + 1e-6
        pts = _real_points(curve, (c[0] - win, c[0] + win), (c[1] - win, c[1] + win), 4000)
        P = np.concatenate([v for v in pts.values() if len(v)] or [np.zeros((0, 2))])
        if len(P):
            Q = c + 0.999 * (P - c)  # a point of the oval has its inward neighbour in the bubble
            P = P[_in_component(curve, Q[:, 0], Q[:, 1], key)]
        if len(P) < 64:  # a bubble too small to resolve: a liquid point for the solver
            continue
        G = _field_to_diag_gradient(curve, P)
        ell = _field_to_diag_gradient(curve, c[None, :])[0]
        th = np.linspace(0.0, 2 * np.pi, 4 * _FOURIER, endpoint=False)
        u = np.stack([np.cos(th), np.sin(th)], axis=1)
        h = (u @ G.T).max(axis=1) - u @ ell
        if not (h > 0).all():  # pragma: no cover - the centre is inside the bubble
            raise PrecisionError(
                "the gas bubble's support function is not positive (internal error)"
            )
        coef = np.fft.rfft(h)[: _FOURIER + 1] / th.size
        coef[1:] *= 2
        s, t = curve.slope(*key)
        out.append(
            (np.array([s + t, s - t], dtype=float) + 0.0, ell, coef)
        )  # + 0.0: no negative zeros
    return out


def _fourier(coef, c, s):
    """``(H, H', H'')`` of ``H(theta) = Re sum_m coef[m] exp(i m theta)`` at ``(cos theta, sin theta)``.

    The powers ``exp(i m theta)`` by repeated multiplication: no ``(points, terms)`` table.
    """
    z = c + 1j * s
    e = np.ones_like(z)
    H = np.zeros(c.shape)
    H1 = np.zeros(c.shape)
    H2 = np.zeros(c.shape)
    for m in range(coef.size):
        term = coef[m] * e
        H += term.real
        H1 -= m * term.imag
        H2 -= m * m * term.real
        e = e * z
    return H, H1, H2


class PeriodicSigma:
    """``sigma`` of periodic weights, per cell, in the diagonal slopes; callable like ``uniform_sigma``.

    ``sig(a, b, want)`` returns ``(value, gradient (n, 2), hessian (n, 3) = (aa, ab, bb),
    probabilities (n, 4))`` (module docstring); the Hessian is made positive
    semi-definite per point (a modified Newton method where the tabulated part
    bends the wrong way by its interpolation error). :meth:`stage` sets the
    smoothing of the gas cones from the barrier parameter.

    Attributes
    ----------
    pattern : WeightPattern
    gas_points : numpy.ndarray, shape ``(g, 2)``
        The gaseous lattice points, in diagonal slopes ``(a, b)``.
    eps : float
        The current smoothing radius of the cones (:data:`EPS_MIN` unless the solver
        is running: :meth:`stage`).
    table_error : float
        The largest difference between the table's ``sigma`` and the numerical one
        at check points between the grid's nodes (away from the corners).
    """

    def __init__(self, pattern, size=TABLE_SIZE):
        from scipy.interpolate import RectBivariateSpline

        self.pattern = pattern
        curve = curve_of(pattern)
        self._curve = curve
        self.cones = _gas_cones(curve)
        self.gas_points = np.array([g for g, _, _ in self.cones], dtype=float).reshape(-1, 2)
        self.eps = EPS_MIN
        A = np.linspace(-2.0, 2.0, size + 1)
        AA, BB = np.meshgrid(A, A, indexing="ij")
        a, b = AA.ravel(), BB.ravel()
        val, _ = _exact(curve, a, b)
        E = val - uniform_sigma(a, b, "value")[0] - self._cones(a, b, smooth=False)[0]
        self._E = RectBivariateSpline(A, A, E.reshape(AA.shape), kx=3, ky=3, s=0)
        # the fraction of horizontal dominoes: -2 d sigma / d log(horizontal weights), central differences
        Af = np.linspace(-2.0, 2.0, DENSITY_TABLE_SIZE + 1)
        FA, FB = np.meshgrid(Af, Af, indexing="ij")
        fa, fb = FA.ravel(), FB.ravel()
        from .spectral import WeightPattern

        h, v = pattern.as_float()
        eta = 1e-3
        vals = []
        for sign in (1.0, -1.0):
            other = curve_of(WeightPattern(h * np.exp(sign * eta), v))
            vals.append(_exact(other, fa, fb)[0])
        frac = np.clip(-(vals[0] - vals[1]) / eta, 0.0, 1.0)
        self._frac = RectBivariateSpline(Af, Af, frac.reshape(FA.shape), kx=1, ky=1, s=0)
        # check points between the nodes (diagonal midpoints), away from the corners' kinks
        mid = (A[:-1] + A[1:]) / 2
        sel = mid[:: max(1, size // 8)]
        ca, cb = [v.ravel() for v in np.meshgrid(sel, sel[::-1], indexing="ij")]
        keep = np.hypot(2 - np.abs(ca), 2 - np.abs(cb)) > 0.5
        ca, cb = ca[keep], cb[keep]
        exact, _ = _exact(curve, ca, cb)
        self.eps = 0.0  # the cones unsmoothed: the table itself is checked
        self.table_error = float(np.abs(self(ca, cb, "value")[0] - exact).max())
        self.eps = EPS_MIN
        if not self.table_error <= TABLE_TOLERANCE:
            raise PrecisionError(
                f"the tabulated surface tension of these weights is off the numerical one by {self.table_error:.3g} "
                f"per cell between the table's nodes (tolerance {TABLE_TOLERANCE:g}): sigma is not smooth enough "
                "here for a bicubic table, and a limit shape from it would not be reliable"
            )

    # ----------------------------------------------------------- the cones
    def _cones(self, a, b, smooth=True, want_derivatives=False):
        """Sum over the gas points of ``h_g(alpha - g)`` (smoothed by ``eps`` if `smooth`): value, gradient, Hessian."""
        n = a.size
        val = np.zeros(n)
        grad = np.zeros((n, 2))
        hess = np.zeros((n, 3))
        for g, _ell, coef in self.cones:
            va, vb = a - g[0], b - g[1]
            r = np.hypot(va, vb)
            safe = np.where(r > 0, r, 1.0)
            c = np.where(r > 0, va / safe, 1.0)
            s = np.where(r > 0, vb / safe, 0.0)
            H, H1, H2 = _fourier(coef, c, s)
            h0 = r * H
            if not smooth:
                val += h0
                continue
            eps = self.eps
            S = np.sqrt(h0 * h0 + eps * eps)
            val += S
            if not want_derivatives:
                continue
            # grad h0 = H e_r + H' e_theta; Hess h0 = (H + H'') / r e_theta e_theta^T
            ga = H * c - H1 * s
            gb = H * s + H1 * c
            k = h0 / S
            grad[:, 0] += k * ga
            grad[:, 1] += k * gb
            curv = H * (H + H2) / S  # = (h0 / S) (H + H'') / r, finite at r = 0
            e2 = eps * eps / S**3
            hess[:, 0] += curv * s * s + e2 * ga * ga
            hess[:, 1] += -curv * s * c + e2 * ga * gb
            hess[:, 2] += curv * c * c + e2 * gb * gb
        return val, grad, hess

    def stage(self, mu):
        """Set the cones' smoothing for barrier weight `mu`; True when it changed (the solver's caches are stale)."""
        if not self.cones:
            return False
        eps = max(EPS_MIN, 0.05 * math.sqrt(min(1.0, float(mu) / 0.05)))
        changed = eps != self.eps
        self.eps = eps
        return changed

    def gas_distance(self, a, b):
        """The distance of diagonal slopes to the nearest gas point (``inf`` without gas)."""
        out = np.full(np.shape(a), np.inf)
        for g in self.gas_points:
            out = np.minimum(out, np.hypot(a - g[0], b - g[1]))
        return out

    def __call__(self, a, b, want="all"):
        a = np.asarray(a, dtype=float)
        b = np.asarray(b, dtype=float)
        u_val, u_grad, u_hess, _ = uniform_sigma(a, b, "all" if want != "value" else "value")
        s = (a + b) / 2
        t = (a - b) / 2
        fh = np.clip(self._frac.ev(a, b), 0.0, 1.0)
        p = np.stack(
            [fh / 2 + t / 4, fh / 2 - t / 4, 0.5 - fh / 2 - s / 4, 0.5 - fh / 2 + s / 4], axis=-1
        )
        p = np.clip(p, 0.0, 1.0)
        value = None
        if want in ("all", "value"):
            value = u_val + self._E.ev(a, b) + self._cones(a, b)[0]
            if want == "value":
                return value, None, None, p
        if want == "derivatives":
            u_val, u_grad, u_hess, _ = uniform_sigma(a, b, "derivatives")
        _, cg, ch = self._cones(a, b, want_derivatives=True)
        grad = u_grad + cg + np.stack([self._E.ev(a, b, dx=1), self._E.ev(a, b, dy=1)], axis=1)
        H = (
            u_hess
            + ch
            + np.stack(
                [self._E.ev(a, b, dx=2), self._E.ev(a, b, dx=1, dy=1), self._E.ev(a, b, dy=2)],
                axis=1,
            )
        )
        # positive semi-definite part of each 2x2 block (eigenvalues clipped at 0)
        haa, hab, hbb = H[:, 0], H[:, 1], H[:, 2]
        tr = (haa + hbb) / 2
        disc = np.sqrt(((haa - hbb) / 2) ** 2 + hab * hab)
        lo = tr - disc
        bad = lo < 0
        if bad.any():
            hi = np.maximum(tr + disc, 0.0)
            # eigenvector of the large eigenvalue: (hab, hi - haa) or (hi - hbb, hab)
            va = np.where(np.abs(hi - hbb) >= np.abs(hi - haa), hi - hbb, hab)
            vb = np.where(np.abs(hi - hbb) >= np.abs(hi - haa), hab, hi - haa)
            nv = np.hypot(va, vb)
            nv = np.where(nv > 0, nv, 1.0)
            va, vb = va / nv, vb / nv
            H = H.copy()
            H[bad, 0] = (hi * va * va)[bad]
            H[bad, 1] = (hi * va * vb)[bad]
            H[bad, 2] = (hi * vb * vb)[bad]
        return value, grad, H, p


def periodic_sigma(pattern, size=TABLE_SIZE):
    """The :class:`PeriodicSigma` of a positive periodic pattern (kept for the session, 8 at most).

    Building one costs ``(size + 1)**2`` numerical surface tensions plus two coarser
    tables for the densities: about 3 s of CPU for the two-periodic weights, some 40 s
    for a ``2 x 4`` domain with two gas points.

    Raises
    ------
    PrecisionError
        If a numerical surface tension misses its tolerance, or the table misses the
        numerical values between its nodes by more than :data:`TABLE_TOLERANCE`.
    """
    key = (pattern, size)
    sig = _CACHE.get(key)
    if sig is None:
        if len(_CACHE) >= 8:
            _CACHE.pop(next(iter(_CACHE)))
        sig = _CACHE[key] = PeriodicSigma(pattern, size)
    sig.eps = EPS_MIN
    return sig
