"""The Ronkin function of a spectral curve, and the free energy of a periodic weighting.

For the characteristic polynomial ``P(z, w)`` of a periodic weighting
(:func:`~dominotiling.theory.spectral_curve`), the Ronkin function is

.. math::

    R(x, y) = \\frac{1}{(2\\pi)^2} \\int_0^{2\\pi}\\!\\!\\int_0^{2\\pi}
              \\log\\bigl|P(e^{x + i\\theta}, e^{y + i\\phi})\\bigr| \\, d\\theta \\, d\\phi .

It is convex; its gradient lies in the Newton polygon and is the flux (the slope
per fundamental domain) of the ergodic Gibbs measure of magnetic field ``(x, y)``;
``R(0, 0)`` is the free energy, the limit of ``log Z / (number of fundamental
domains)`` on large tori [1]_.

How it is computed
------------------
The inner integral is done exactly by Jensen's formula: for ``w`` fixed,
``P(z, w) = z**a0 w**b0 c(w) prod_j (z - z_j(w))`` and
``(1/2pi) int log|P(e^{x+i theta}, w)| d theta = a0 x + b0 y + log|c(w)| + sum_j max(x, log|z_j(w)|)``;
``log|c|`` integrates exactly by Jensen's formula again. The outer integrand is
even in ``phi`` (``P`` has real coefficients) and analytic except at the *kinks*
where a root ``z_j`` crosses the circle ``|z| = e^x``, i.e. where the torus
``|z| = e^x, |w| = e^y`` meets the curve (at most once in ``0 < phi < pi`` for a
Harnack curve). The kinks are found (a coarse scan of the number of roots inside,
bisection, then Newton's method on ``P = 0`` on the torus) and the pieces between
them integrated by Gauss-Legendre rules of 16 and 32 nodes; the difference of the
two is the stated error (an a-posteriori estimate: for analytic pieces the
32-node rule is far more accurate than the difference). The gradient is exact
from the kinks: ``dR/dx = a0 + (1/pi) sum_pieces (roots inside) * length``; the
same computation with ``z`` and ``w`` exchanged gives ``dR/dy`` and a second value
of ``R``, and the value with the smaller error estimate is returned.

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056 (Theorems 3.5 and 3.6).
.. [2] M. Passare, H. Rullgård, "Amoebas, Monge-Ampère measures, and
   triangulations of the Newton polytope", Duke Math. J. 121 (2004), 481-507.

Examples
--------
>>> from dominotiling.theory import ronkin, free_energy
>>> import math
>>> f = free_energy(None)          # uniform weights: Catalan's constant / pi per cell
>>> round(f.per_cell, 10), f.error < 1e-10
(0.291560904, True)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError, PrecisionError
from .spectral import SpectralCurve, spectral_curve

__all__ = ["RonkinValue", "FreeEnergy", "ronkin", "free_energy", "RONKIN_TOLERANCE"]

#: The default bound on the estimated error of Ronkin values; larger estimates raise PrecisionError.
RONKIN_TOLERANCE = 1e-9

_COARSE = 16
_BISECT = 6
_NEWTON = 6
_NODES = 32
_GL = {}


def _gauss(n):
    if n not in _GL:
        t, wts = np.polynomial.legendre.leggauss(n)
        _GL[n] = ((t + 1) / 2, wts / 2)
    return _GL[n]


#: Memory of the Ronkin function (and of the surface tension) per point: the roots, the
#: quadrature's nodes and their Newton steps (about 320 bytes measured at 10**6 points).
POINT_BYTES = 400


def real_array(value, name):
    """`value` (a number or array of numbers) as a float array; :class:`DominoTypeError` otherwise."""
    if isinstance(value, (str, bytes)) or value is None:
        raise DominoTypeError(f"{name} must be a real number or an array of them, got {value!r}")
    arr = _validate.array(value, name, kinds="biuf")
    if arr.dtype.kind == "b":
        raise DominoTypeError(f"{name} must be real numbers, got booleans")
    return arr.astype(float)


def broadcast_points(xa, ya, what, per_point):
    """``np.broadcast_arrays(xa, ya)``, refused first if its points would not fit in the memory budget."""
    from .._options import check_memory

    try:
        shape = np.broadcast_shapes(xa.shape, ya.shape)
    except ValueError:
        raise DominoTilingError(
            f"the two coordinates' shapes {xa.shape} and {ya.shape} do not broadcast together"
        ) from None
    check_memory(
        per_point * int(np.prod(shape, dtype=object)),
        f"{what} at {int(np.prod(shape, dtype=object))} points",
        "fewer points at a time (in batches)",
    )
    return np.broadcast_arrays(xa, ya)


class RonkinValue(NamedTuple):
    """The Ronkin function at points ``(x, y)``: values, their error estimates and the gradients.

    Attributes
    ----------
    value : numpy.ndarray
        ``R(x, y)``.
    error : numpy.ndarray
        Estimated absolute error of `value`.
    gradient : numpy.ndarray, shape ``(..., 2)``
        ``(dR/dx, dR/dy)``: the flux ``(a, b)`` of the Gibbs measure of field ``(x, y)``
        (exact up to rounding: a lattice point outside the amoeba).
    hessian : numpy.ndarray, shape ``(..., 2, 2)``
        The second derivatives (zero outside the amoeba), from the kinks inside
        ``0 < phi < pi``. Known limitation: a crossing at ``phi = 0`` or ``pi`` (the
        torus meets the curve where ``w`` is real, e.g. uniform weights on the line
        ``x = 0``) is left out, and the entry it feeds comes out too small (0 there);
        values and gradients are unaffected (the Legendre solver only uses the Hessian
        as a search direction).

    See Also
    --------
    ronkin, FreeEnergy

    Examples
    --------
    >>> from dominotiling.theory import ronkin
    >>> value = ronkin(None, 0.0, 0.0)
    >>> round(float(value.value), 6), bool(value.error < 1e-8)
    (1.166244, True)
    """

    value: np.ndarray
    error: np.ndarray
    gradient: np.ndarray
    hessian: np.ndarray


class FreeEnergy(NamedTuple):
    """The free energy ``R(0, 0)`` of a periodic weighting.

    Attributes
    ----------
    per_domain : float
        ``lim log Z / (number of fundamental domains)`` on large tori.
    per_cell : float
        ``per_domain / (k l)``.
    error : float
        Estimated absolute error of `per_cell`.

    See Also
    --------
    free_energy, RonkinValue

    Examples
    --------
    >>> from dominotiling.theory import free_energy
    >>> round(free_energy(None).per_cell, 6)    # Catalan's G / pi
    0.291561
    """

    per_domain: float
    per_cell: float
    error: float


# ------------------------------------------------------------------ polynomials
def _poly_rows(C, wv):
    """Coefficients ``c_i(w) = sum_j C[i, j] w**j`` for an array of ``w``: shape ``(..., d + 1)``."""
    out = np.zeros(wv.shape + (C.shape[0],), dtype=complex)
    for j in range(C.shape[1] - 1, -1, -1):
        out = out * wv[..., None] + C[:, j]
    return out


def _roots(c):
    """Roots of ``sum_i c[..., i] z**i`` (degree ``d = c.shape[-1] - 1``): shape ``(..., d)``.

    A vanishing leading coefficient gives roots of huge modulus (they are at infinity).
    """
    d = c.shape[-1] - 1
    lead = c[..., d]
    tiny = np.abs(lead) < 1e-300
    lead = np.where(tiny, 1e-300, lead)
    if d == 1:
        return (-c[..., 0] / lead)[..., None]
    if d == 2:
        a, b, cc = lead, c[..., 1], c[..., 0]
        disc = np.sqrt(b * b - 4 * a * cc)
        sgn = np.where((np.conj(b) * disc).real >= 0, 1.0, -1.0)
        q = -(b + sgn * disc) / 2
        q = np.where(q == 0, 1e-300, q)
        return np.stack([q / a, cc / q], axis=-1)
    comp = np.zeros(c.shape[:-1] + (d, d), dtype=complex)
    comp[..., 0, :] = -c[..., d - 1 :: -1] / lead[..., None]
    idx = np.arange(d - 1)
    comp[..., idx + 1, idx] = 1.0
    return np.linalg.eigvals(comp)


def _trim(C):
    rows = np.flatnonzero(np.abs(C).sum(axis=1) > 0)
    cols = np.flatnonzero(np.abs(C).sum(axis=0) > 0)
    return C[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1], int(rows[0]), int(cols[0])


def _lead_jensen(C, y):
    """``(1/2pi) int log|c_d(e^{y + i phi})| d phi`` for the leading row ``c_d(w) = sum_j C[d, j] w**j``."""
    q = C[-1]
    nz = np.flatnonzero(q)
    lo, hi = nz[0], nz[-1]
    val = np.log(abs(q[hi])) + lo * y
    if hi > lo:
        rho = np.roots(q[lo : hi + 1][::-1])
        lr = np.log(np.abs(rho))
        val = val + np.maximum(y[..., None], lr).sum(axis=-1)
    return val


class _Pass:
    """One direction of the computation: roots in ``z`` for ``w`` on the circle ``|w| = e^y``."""

    def __init__(self, C, a0, b0):
        self.C, self.a0, self.b0 = C, a0, b0
        self.d = C.shape[0] - 1
        i = np.arange(C.shape[0])[:, None]
        j = np.arange(C.shape[1])[None, :]
        self.Cz = C * i  # z dP/dz coefficients (up to the z**a0 w**b0 factor)
        self.Cw = C * j

    def logs(self, x, y, phi):
        """``log|z_j|`` for ``w = e^{y + i phi}``: shape ``phi.shape + (d,)``; x, y broadcast with phi."""
        wv = np.exp(y + 1j * phi)
        with np.errstate(
            divide="ignore", invalid="ignore", over="ignore"
        ):  # far fields: roots at 0 or infinity
            return np.log(np.abs(_roots(_poly_rows(self.C, wv))))

    def count(self, x, y, phi):
        return (self.logs(x, y, phi) < x[..., None]).sum(axis=-1)

    def integrand(self, x, y, phi):
        return np.maximum(self.logs(x, y, phi), x[..., None]).sum(axis=-1)

    def _eval(self, Cm, z, w):
        out = np.zeros(np.broadcast(z, w).shape, dtype=complex)
        for i in range(Cm.shape[0] - 1, -1, -1):
            row = np.zeros_like(out)
            for j in range(Cm.shape[1] - 1, -1, -1):
                row = row * w + Cm[i, j]
            out = out * z + row
        return out

    def kinks(self, x, y):
        """Kinks in ``(0, pi]`` per point: ``(phi, theta, count_before, count_after, valid)`` arrays ``(P, K)``."""
        P = x.shape[0]
        if self.d == 0:
            e = np.zeros((P, 0))
            return e, e, e.astype(int), e.astype(int), e.astype(bool)
        grid = np.linspace(0.0, np.pi, _COARSE + 1)
        L = np.sort(self.logs(x[:, None], y[:, None], grid[None, :]), axis=-1)  # (P, G, d)
        cnt = (L < x[:, None, None]).sum(axis=-1)
        change = cnt[:, 1:] != cnt[:, :-1]
        touches = self._touches(x, y, grid, L, cnt)
        K = max(
            1,
            int(change.sum(axis=1).max())
            + (int(touches[0].size and np.bincount(touches[0]).max())),
        )
        pts, cells = np.nonzero(change)
        phis = np.full((P, K), np.nan)
        thetas = np.full((P, K), np.nan)
        before = np.zeros((P, K), dtype=int)
        after = np.zeros((P, K), dtype=int)
        valid = np.zeros((P, K), dtype=bool)
        if len(pts):
            lo = grid[cells].copy()
            hi = grid[cells + 1].copy()
            xp, yp = x[pts], y[pts]
            clo = cnt[pts, cells]
            lo, hi = self._bisect(xp, yp, clo, lo, hi, _BISECT)
            phi, theta, ok = self._newton(xp, yp, lo, hi)
            if not ok.all():  # Newton's method left the bracket or stalled: bisect to the end
                bad = np.flatnonzero(~ok)
                l2, h2 = self._bisect(xp[bad], yp[bad], clo[bad], lo[bad], hi[bad], 40)
                phi[bad] = (l2 + h2) / 2
                wv = np.exp(yp[bad] + 1j * phi[bad])
                roots = _roots(_poly_rows(self.C, wv))
                jb = np.argmin(np.abs(np.log(np.abs(roots)) - xp[bad, None]), axis=1)
                theta[bad] = np.angle(roots[np.arange(bad.size), jb])
            # the slot of each kink within its point (brackets come sorted by point)
            first = np.searchsorted(pts, pts, side="left")
            slot = np.arange(len(pts)) - first
            phis[pts, slot], thetas[pts, slot] = phi, theta
            before[pts, slot], after[pts, slot] = clo, cnt[pts, cells + 1]
            valid[pts, slot] = True
        tp, tphi, ttheta = touches
        if tp.size:
            used = valid.sum(axis=1)
            first = np.searchsorted(tp, tp, side="left")
            slot = used[tp] + np.arange(tp.size) - first
            phis[tp, slot], thetas[tp, slot] = tphi, ttheta
            c = self.count(x[tp], y[tp], tphi)
            before[tp, slot], after[tp, slot] = c, c
            valid[tp, slot] = True
        return phis, thetas, before, after, valid

    def _touches(self, x, y, grid, L, cnt):
        """Kinks the count does not see: two roots crossing the circle at once in opposite directions.

        Found at local minima of ``min_j |log|z_j| - x|`` on the coarse grid that come
        close to 0, refined by Newton's method on the torus; returns ``(points, phi, theta)``.
        """
        dist = np.abs(L - x[:, None, None]).min(axis=-1)  # (P, G)
        G = dist.shape[1]
        with np.errstate(invalid="ignore"):
            step = np.nan_to_num(np.abs(np.diff(L, axis=1)).max(axis=-1), nan=np.inf)  # (P, G-1)
        near = np.maximum(
            np.pad(step, ((0, 0), (1, 0)), mode="edge"), np.pad(step, ((0, 0), (0, 1)), mode="edge")
        )
        left = np.pad(dist, ((0, 0), (1, 0)), constant_values=np.inf)[:, :-1]
        right = np.pad(dist, ((0, 0), (0, 1)), constant_values=np.inf)[:, 1:]
        same = np.ones_like(cnt, dtype=bool)
        same[:, 1:] &= cnt[:, 1:] == cnt[:, :-1]
        same[:, :-1] &= cnt[:, 1:] == cnt[:, :-1]
        cand = (dist <= left) & (dist <= right) & (dist < 2 * near) & same
        pts, gi = np.nonzero(cand)
        if pts.size == 0:
            return pts, np.zeros(0), np.zeros(0)
        lo = grid[np.maximum(gi - 1, 0)]
        hi = grid[np.minimum(gi + 1, G - 1)]
        phi, theta, ok = self._newton(x[pts], y[pts], lo, hi, start=grid[gi])
        if (
            not ok.all()
        ):  # a double root on the circle (Newton's method is singular there): golden sections
            bad = np.flatnonzero(~ok)
            xb, yb = x[pts[bad]], y[pts[bad]]
            a_, b_ = lo[bad].copy(), hi[bad].copy()
            g = (np.sqrt(5) - 1) / 2

            def d(ph):
                return np.abs(self.logs(xb, yb, ph) - xb[:, None]).min(axis=-1)

            for _ in range(60):
                c1 = b_ - g * (b_ - a_)
                c2 = a_ + g * (b_ - a_)
                left = d(c1) < d(c2)
                b_ = np.where(left, c2, b_)
                a_ = np.where(left, a_, c1)
            ph = (a_ + b_) / 2
            hit = d(ph) < 1e-8
            wv = np.exp(yb + 1j * ph)
            roots = _roots(_poly_rows(self.C, wv))
            jb = np.argmin(np.abs(np.log(np.abs(roots)) - xb[:, None]), axis=1)
            phi[bad] = ph
            theta[bad] = np.angle(roots[np.arange(bad.size), jb])
            ok[bad] = hit
        ok &= (phi > 1e-9) & (phi < np.pi - 1e-9)
        return pts[ok], phi[ok], theta[ok]

    def _bisect(self, xp, yp, clo, lo, hi, steps):
        for _ in range(steps):
            mid = (lo + hi) / 2
            same = self.count(xp, yp, mid) == clo
            lo = np.where(same, mid, lo)
            hi = np.where(same, hi, mid)
        return lo, hi

    def _newton(self, xp, yp, lo, hi, start=None):
        """Newton's method on ``P(e^{x + i theta}, e^{y + i phi}) = 0`` from the bracket's middle."""
        phi = (lo + hi) / 2 if start is None else start
        wv = np.exp(yp + 1j * phi)
        roots = _roots(_poly_rows(self.C, wv))
        jbest = np.argmin(np.abs(np.log(np.abs(roots)) - xp[:, None]), axis=1)
        th = np.angle(roots[np.arange(len(xp)), jbest])
        ph = phi.copy()
        for _ in range(_NEWTON):
            z = np.exp(xp + 1j * th)
            w = np.exp(yp + 1j * ph)
            F = self._eval(self.C, z, w)
            A = 1j * self._eval(self.Cz, z, w)
            B = 1j * self._eval(self.Cw, z, w)
            det = A.real * B.imag - A.imag * B.real
            okd = np.abs(det) > 1e-300
            det = np.where(okd, det, 1.0)
            dth = (F.real * B.imag - F.imag * B.real) / det
            dph = (A.real * F.imag - A.imag * F.real) / det
            th = np.where(okd, th - dth, th)
            ph = np.where(okd, ph - dph, ph)
        z = np.exp(xp + 1j * th)
        w = np.exp(yp + 1j * ph)
        F = np.abs(self._eval(self.C, z, w))
        scale = self._eval(np.abs(self.C), np.abs(z), np.abs(w)).real
        ok = np.isfinite(ph) & (ph >= lo - 1e-12) & (ph <= hi + 1e-12) & (F <= 1e-11 * scale)
        ok &= np.abs(np.log(np.abs(z)) - xp) < 1e-9
        return np.where(ok, ph, phi), np.where(ok, th, 0.0), ok

    def run(self, x, y, nodes=_NODES, want_value=True):
        """``(R, dR/dx, d2R/dx2, d2R/dxdy, error, kink data)`` for 1-D arrays x, y."""
        P = x.shape[0]
        phis, thetas, before, after, valid = self.kinks(x, y)
        K = phis.shape[1]
        # piece boundaries: 0, the kinks (sorted), pi
        kk = np.where(valid, phis, np.pi)
        order = np.argsort(kk, axis=1)
        kk = np.take_along_axis(kk, order, axis=1)
        bounds = np.concatenate([np.zeros((P, 1)), kk, np.full((P, 1), np.pi)], axis=1)
        lens = np.diff(bounds, axis=1)
        mids = (bounds[:, :-1] + bounds[:, 1:]) / 2
        counts = self.count(np.repeat(x[:, None], K + 1, 1), np.repeat(y[:, None], K + 1, 1), mids)
        grad = self.a0 + (counts * lens).sum(axis=1) / np.pi
        # Hessian from the kinks: d(dR/dx) = sum_k (before - after)/pi * d phi_k
        z = np.exp(x[:, None] + 1j * np.where(valid, thetas, 0.0))
        w = np.exp(y[:, None] + 1j * np.where(valid, phis, 0.0))
        A = self._eval(self.Cz, z, w)
        B = self._eval(self.Cw, z, w)
        D = (np.conj(A) * B).imag
        Dsafe = np.where(np.abs(D) > 1e-300, D, np.inf)
        dphi_dx = (np.abs(A) ** 2) / Dsafe
        dphi_dy = (np.conj(A) * B).real / Dsafe
        jump = np.where(valid, before - after, 0) / np.pi
        hxx = (jump * dphi_dx).sum(axis=1)
        hxy = (jump * dphi_dy).sum(axis=1)
        if not want_value:
            return None, grad, hxx, hxy, None, (phis, thetas, valid)
        lead = _lead_jensen(self.C, y)
        base = self.a0 * x + self.b0 * y + lead
        R = np.empty(P)
        err = np.full(P, np.inf)
        todo = np.arange(P)
        for n in (nodes, 4 * nodes, 16 * nodes):
            vals = []
            for m in (n // 2, n):
                t, wt = _gauss(m)
                ph = bounds[todo, :-1, None] + lens[todo, :, None] * t  # (P, K+1, m)
                f = self.integrand(x[todo, None, None], y[todo, None, None], ph)
                vals.append((f * wt * lens[todo, :, None]).sum(axis=(1, 2)) / np.pi)
            scale = np.abs(base[todo]) + np.abs(vals[1]) + 1.0
            e = np.abs(vals[1] - vals[0]) + 1e-14 * scale * (self.d + 1)
            better = e < err[todo]
            R[todo[better]] = base[todo[better]] + vals[1][better]
            err[todo[better]] = e[better]
            todo = todo[err[todo] > 1e-12 * scale]
            if todo.size == 0:
                break
        return R, grad, hxx, hxy, err, (phis, thetas, valid)


_CURVES = {}


def curve_of(P):
    """The spectral curve of `P` (a curve is returned as is; curves of patterns are kept, 32 at most)."""
    if isinstance(P, SpectralCurve):
        return P
    from .spectral import weight_pattern

    pattern = weight_pattern(P)
    curve = _CURVES.get(pattern)
    if curve is None or curve.pattern.kind != pattern.kind:
        if len(_CURVES) >= 32:
            _CURVES.pop(next(iter(_CURVES)))
        curve = _CURVES[pattern] = spectral_curve(pattern)
    return curve


def _passes(curve):
    cache = getattr(curve, "_ronkin_passes", None)
    if cache is None:
        curve.pattern.check_positive("the Ronkin function")
        C, a0, b0 = curve.float_coefficients()
        C = np.array(C)
        cache = (_Pass(C, a0, b0), _Pass(C.T.copy(), b0, a0))
        curve._ronkin_passes = cache
    return cache


_BLOCK = 2048  # points per block: the Gauss nodes' roots take about 2 * 16 * 32 * 3 * d * 16 bytes per point


def _ronkin_arrays(curve, x, y, tolerance=RONKIN_TOLERANCE, want_value=True):
    """``(R, error, gradient, hessian)`` for 1-D arrays, in blocks of :data:`_BLOCK` points (bounded memory)."""
    if x.size > _BLOCK:
        parts = [
            _ronkin_block(curve, x[i : i + _BLOCK].copy(), y[i : i + _BLOCK].copy(), want_value)
            for i in range(0, x.size, _BLOCK)
        ]
        if not want_value:
            return (
                None,
                None,
                np.concatenate([p[2] for p in parts]),
                np.concatenate([p[3] for p in parts]),
            )
        return tuple(np.concatenate([p[i] for p in parts]) for i in range(4))
    return _ronkin_block(curve, x, y, want_value)


def _ronkin_block(curve, x, y, want_value):
    pz, pw = _passes(curve)
    R1, gx, hxx, hxy, e1, _ = pz.run(x, y, want_value=want_value)
    R2, gy, hyy, hyx, e2, _ = pw.run(y, x, want_value=want_value)
    hess = np.empty(x.shape + (2, 2))
    hess[..., 0, 0] = hxx
    hess[..., 1, 1] = hyy
    hess[..., 0, 1] = hess[..., 1, 0] = (hxy + hyx) / 2
    grad = np.stack([gx, gy], axis=-1)
    if not want_value:
        return None, None, grad, hess
    R = np.where(e1 <= e2, R1, R2)
    err = np.minimum(e1, e2)
    return R, err, grad, hess


def ronkin(P, x, y, *, tolerance=RONKIN_TOLERANCE):
    """The Ronkin function ``R(x, y)`` of a spectral curve, with its error estimate and gradient.

    Parameters
    ----------
    P : SpectralCurve or anything :func:`~dominotiling.theory.weight_pattern` accepts
        The curve (or the periodic weights, whose curve is computed).
    x, y : float or array_like
        ``log|z|`` and ``log|w|`` (the magnetic field); arrays broadcast.
    tolerance : float, keyword-only
        The largest acceptable error estimate (absolute).

    Returns
    -------
    RonkinValue
        ``(value, error, gradient, hessian)``, arrays of the broadcast shape (floats
        for scalar input).

    Raises
    ------
    PrecisionError
        If an error estimate exceeds `tolerance` (a torus ``|z| = e^x, |w| = e^y``
        through a singular point of the curve, say, or a field so large that the
        roots span more than double precision).
    WeightError
        If a weight is zero: the amoeba degenerates; give it a small positive weight.

    Notes
    -----
    See the module docstring: Jensen's formula in ``z``, Gauss-Legendre rules on
    the pieces of ``0 < phi < pi`` between the kinks; cost ``O(d**3)`` per node
    for ``d`` the degree in ``z``, about a hundred nodes per point.

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.

    See Also
    --------
    free_energy, surface_tension, amoeba

    Examples
    --------
    Outside the amoeba ``R`` is affine, with a lattice point as gradient:

    >>> from dominotiling.theory import spectral_curve
    >>> r = ronkin(spectral_curve(None), 5.0, 0.0)
    >>> r.gradient.tolist(), round(float(r.value), 12)   # R = x + log|1| in the component of (1, 0)
    ([1.0, 0.0], 5.0)
    """
    curve = curve_of(P)
    tol = _validate.real(tolerance, "tolerance", minimum=0.0, strict_minimum=True)
    xa = real_array(x, "x")
    ya = real_array(y, "y")
    if not (np.isfinite(xa).all() and np.isfinite(ya).all()):
        raise DominoTilingError("x and y must be finite numbers")
    xb, yb = broadcast_points(xa, ya, "the Ronkin function", POINT_BYTES)
    shape = xb.shape
    R, err, grad, hess = _ronkin_arrays(curve, xb.ravel().copy(), yb.ravel().copy(), tol)
    bad = err > tol
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise PrecisionError(
            f"the Ronkin function at (x, y) = ({xb.ravel()[i]}, {yb.ravel()[i]}) has an estimated error of "
            f"{err[i]:.3g}, above tolerance={tol:g}; the torus there passes too close to a singular point "
            "of the curve or the roots span too wide a range: move the point slightly, or raise tolerance"
        )
    out = RonkinValue(
        R.reshape(shape),
        err.reshape(shape),
        grad.reshape(shape + (2,)),
        hess.reshape(shape + (2, 2)),
    )
    if shape == ():
        return RonkinValue(float(out.value), float(out.error), out.gradient, out.hessian)
    return out


def free_energy(weights_pattern=None, *, tolerance=RONKIN_TOLERANCE):
    """The free energy of a periodic weighting: ``R(0, 0)``, per fundamental domain and per cell.

    It is ``lim log Z(T_n) / n**2`` for the tori ``T_n`` of ``n x n`` fundamental
    domains (``n`` even), Theorem 3.5 of [1]_: for uniform weights Catalan's
    constant over pi, ``G / pi = 0.29156...`` per cell.

    Parameters
    ----------
    weights_pattern : None, WeightPattern, Weights, (horizontal, vertical) or SpectralCurve
        Positive periodic weights.
    tolerance : float, keyword-only
        As for :func:`ronkin`.

    Returns
    -------
    FreeEnergy
        ``(per_domain, per_cell, error)``; `error` is the estimate for `per_cell`.

    Raises
    ------
    WeightError
        For zero or negative weights.
    PrecisionError
        As for :func:`ronkin`.

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.

    See Also
    --------
    ronkin, surface_tension

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern
    >>> f = free_energy(WeightPattern.two_periodic(2.0, 1.0))
    >>> round(f.per_cell, 8), f.error < 1e-10
    (0.55028245, True)
    """
    curve = curve_of(weights_pattern)
    r = ronkin(curve, 0.0, 0.0, tolerance=tolerance)
    n = curve.pattern.n_cells
    return FreeEnergy(float(r.value), float(r.value) / n, float(r.error) / n)


# ------------------------------------------------------------ complementary components
def _in_component(curve, xs, ys, key):
    """Whether the fields ``(xs, ys)`` lie in the complementary component of order `key` (``grad R == key``)."""
    _, _, g, _ = _ronkin_arrays(
        curve,
        np.asarray(xs, float).ravel().copy(),
        np.asarray(ys, float).ravel().copy(),
        want_value=False,
    )
    return np.abs(g - np.asarray(key, dtype=float)).max(axis=1) < 1e-12


def _extent(curve, p, e, key):
    """How far the component of `key` reaches from ``p`` in the direction ``e``: a grid, then two refinements."""
    t = np.concatenate(
        [[0.0], np.geomspace(1e-6, 30.0, 48)]
    )  # bubbles are bounded; far out roots overflow
    for _ in range(3):
        ok = _in_component(curve, p[0] + t * e[0], p[1] + t * e[1], key)
        if ok.all():
            return float(t[-1])
        j = int(np.argmin(ok))  # the first point outside
        lo, hi = t[max(j - 1, 0)], t[j]
        t = np.linspace(lo, hi, 48)
    return float(lo)


def _is_bubble(curve, x, y, key):
    """True when ``(x, y)`` is inside the component of `key` with room around it (not a node of the amoeba)."""
    ang = np.arange(8) * np.pi / 4
    return bool(_in_component(curve, x + 1e-4 * np.cos(ang), y + 1e-4 * np.sin(ang), key).all())
