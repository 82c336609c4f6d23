"""The ergodic Gibbs measures of a periodic weighting and their local statistics.

For every slope ``(s, t)`` in the Newton polygon (equivalently every magnetic
field ``(x, y)``: the slope is ``grad R(x, y)``) there is one ergodic,
translation-invariant Gibbs measure on the tilings of the plane with that slope
[1]_. Its local statistics are determinants (Kenyon's local statistics theorem
[2]_): the probability that the dominoes ``e_1 = (b_1, w_1), ..., e_m`` all occur is

.. math::

    \\Pr(e_1, \\dots, e_m) = \\prod_i K(b_i, w_i) \\, \\det\\bigl[K^{-1}(w_i, b_j)\\bigr]_{i, j},

with the infinite-volume inverse Kasteleyn matrix given by Kenyon's double contour
integral over the torus ``|z| = e^x, |w| = e^y`` [1]_:

.. math::

    K^{-1}(w', b) = \\frac{1}{(2\\pi i)^2} \\oint\\oint
        \\bigl[K(z, w)^{-1}\\bigr]_{w' b} \\, z^{X} w^{Y} \\frac{dz}{z} \\frac{dw}{w},

``(X, Y)`` the position of the copy of the fundamental domain holding ``w'``
relative to the one holding ``b`` (periods to the right and down), ``K(z, w)`` the
matrix of :func:`~dominotiling.theory.spectral_curve`.

How it is computed
------------------
For each ``w = e^{y + i phi}`` the ``z``-integral is done by residues: the poles
of ``K(z, w)^{-1}`` (the roots ``z_j`` of ``P(., w)``) within a factor ``e`` of the
circle are subtracted with their exact residues (``u v^T / (v^T K'(z_j) u)`` from
the null vectors of ``K(z_j, w)``, by an SVD) and added back when inside; what is
left is analytic in a wide annulus and integrated by a trapezoidal rule of
``64 + 2 |X|`` points (error below ``e**-64``; the factor ``z**X`` is resolved too).
The result jumps where a root crosses the circle (the torus meets the curve), and
near such a point it has a square-root edge, so the ``phi``-integral is split there
and done adaptively on ``[0, pi]`` (``P`` is real, ``[pi, 2 pi]`` is the conjugate):
on each piece Gauss-Legendre rules of ``n`` and ``2 n`` nodes (``n`` grows with
``|Y|``, for the factor ``w**Y``), whose difference is the piece's error estimate;
a piece whose estimate is above its share of the tolerance is halved, so the pieces
shrink geometrically towards the kinks where the integrand is sharp. A probability
is refused (:class:`PrecisionError`) only when this does not reach the tolerance
within :data:`MAX_PIECES` pieces: the message says so and gives the estimate.

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056.
.. [2] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
   Probab. Statist. 33 (1997), 591-618.
.. [3] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.

Examples
--------
>>> from dominotiling.theory import gibbs_measure
>>> mu = gibbs_measure(None, slope=(0.0, 0.0))
>>> h, v, err = mu.edge_probabilities()
>>> h.round(12).tolist(), err < 1e-10
([[0.25, 0.25], [0.25, 0.25]], True)
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..errors import DominoTilingError, DominoTypeError, PrecisionError
from .ronkin import _gauss, _passes, _poly_rows, _roots, curve_of
from .spectral import _torus_edges

__all__ = ["GibbsMeasure", "Probability", "gibbs_measure", "GIBBS_TOLERANCE"]

#: The default bound on the estimated error of probabilities and K^-1 entries.
GIBBS_TOLERANCE = 1e-9

_TRAPEZOID = 64
_BAND = 1.0
#: The most dominoes of one pattern (its determinant has that many rows).
MAX_PATTERN = 120
#: The most pieces the adaptive ``phi``-quadrature of one set of entries may use.
MAX_PIECES = 512
# complex entries held at once by one quadrature step (phi nodes x z nodes x pairs): 16 MiB
_CHUNK_ENTRIES = 1 << 20


class Probability(NamedTuple):
    """A probability with its estimated absolute error.

    Attributes
    ----------
    value : float
        The probability.
    error : float
        An estimate of its absolute error (the quadrature's).

    See Also
    --------
    GibbsMeasure, gibbs_measure

    Examples
    --------
    >>> from dominotiling.theory import gibbs_measure
    >>> p = gibbs_measure(None, slope=(0.0, 0.0)).pattern_probability([((0, 0), (0, 1))])
    >>> round(float(p.value), 6)
    0.25
    """

    value: float
    error: float


def _cells(value, name):
    try:
        (r0, c0), (r1, c1) = value
    except (TypeError, ValueError):
        raise DominoTypeError(
            f"{name} must be a domino ((row, col), (row, col)), got {value!r}"
        ) from None
    r0, c0 = _validate.integer(r0, name), _validate.integer(c0, name)
    r1, c1 = _validate.integer(r1, name), _validate.integer(c1, name)
    if abs(r0 - r1) + abs(c0 - c1) != 1:
        raise DominoTilingError(
            f"{name} = {value!r} is not a domino: its two cells must be neighbours"
        )
    return (r0, c0), (r1, c1)


class GibbsMeasure:
    """The ergodic Gibbs measure of a periodic weighting with a given magnetic field (or slope).

    Built by :func:`gibbs_measure`. Cells are ``(row, col)`` of the plane (row 0 on
    top), black when ``(row + col) % 2 == 0``; the fundamental domain's copy holding
    cell ``(r, c)`` is ``(r // k, c // l)``, its cell there ``(r % k, c % l)``.

    Attributes
    ----------
    curve : SpectralCurve
    field : (float, float)
        ``(x, y)`` with ``|z| = e^x, |w| = e^y`` on the integration torus.
    flux : (float, float)
        ``grad R(x, y)``, the flux per fundamental domain.
    slope : (float, float)
        The Thurston slope ``(s, t)`` per cell (:mod:`~dominotiling.theory.surface_tension`).
    phase : str
        ``"liquid"`` (the field is on the amoeba), ``"gaseous"`` or ``"frozen"``.

    See Also
    --------
    gibbs_measure, Probability

    Examples
    --------
    >>> from dominotiling.theory import gibbs_measure
    >>> mu = gibbs_measure(None, slope=(0.0, 0.0))
    >>> mu.phase
    'liquid'
    """

    def __init__(self, curve, field, tolerance):
        self.curve = curve
        self.pattern = curve.pattern
        self.field = (float(field[0]), float(field[1]))
        self.tolerance = tolerance
        k, l = self.pattern.shape
        self._blacks, self._whites, self._edges = _torus_edges(k, l)
        self._bidx = {c: i for i, c in enumerate(self._blacks)}
        self._widx = {c: i for i, c in enumerate(self._whites)}
        h, v = self.pattern.as_float()
        self._hw, self._vw = h, v
        n = len(self._blacks)
        # K(z, w) = sum over (X, Y) of M_XY z^X w^Y
        self._terms = {}
        for bi, wi, o, r, c, sign, X, Y in self._edges:
            m = self._terms.setdefault((X, Y), np.zeros((n, n)))
            m[bi, wi] += (h if o == "h" else v)[r, c] * sign
        from .ronkin import _ronkin_arrays

        R, err, grad, hess = _ronkin_arrays(
            curve, np.array([self.field[0]]), np.array([self.field[1]])
        )
        self.flux = (float(grad[0, 0]), float(grad[0, 1]))
        s, t = curve.slope(self.flux[0], self.flux[1])
        self.slope = (float(s), float(t))
        pz, _ = _passes(curve)
        phis, _, _, _, valid = pz.kinks(np.array([self.field[0]]), np.array([self.field[1]]))
        self._kinks = np.sort(phis[0][valid[0]])
        self.phase = _phase(curve, self.field, self.flux)
        self._cache = {}

    # --------------------------------------------------------------- matrices
    def _K(self, z, w):
        n = len(self._blacks)
        out = np.zeros(np.shape(z) + (n, n), dtype=complex)
        for (X, Y), m in self._terms.items():
            out += (z**X * w**Y)[..., None, None] * m
        return out

    def _Kz(self, z, w):
        n = len(self._blacks)
        out = np.zeros(np.shape(z) + (n, n), dtype=complex)
        for (X, Y), m in self._terms.items():
            if X:
                out += (X * z ** (X - 1) * w**Y)[..., None, None] * m
        return out

    def _inner(self, phi, pairs, points=_TRAPEZOID):
        """``(1/2 pi) int [K^-1]_{w' b} z^X d theta`` at ``w = e^{y + i phi}`` for every pair: ``(len(phi), len(pairs))``.

        `pairs` is ``(wi, bi, X)`` integer arrays; `points` the trapezoid's nodes on the circle.
        """
        x, y = self.field
        wv = np.exp(y + 1j * phi)  # (F,)
        C, a0, b0 = self.curve.float_coefficients()
        roots = _roots(_poly_rows(np.array(C), wv))  # (F, d)
        lr = np.log(np.abs(roots))
        band = np.isfinite(lr) & (np.abs(lr - x) < _BAND)
        wi, bi, X = pairs
        F = len(phi)
        out = np.zeros((F, len(wi)), dtype=complex)
        # residues of K^-1 at the band roots
        fi, ji = np.nonzero(band)
        if len(fi):
            zj = roots[fi, ji]
            wj = wv[fi]
            Kj = self._K(zj, wj)
            U, S, Vh = np.linalg.svd(Kj)
            u = np.conj(Vh[:, -1, :])  # right null vectors
            vt = np.conj(U[:, :, -1])  # v^T with v^T K = 0
            Kp = self._Kz(zj, wj)
            den = np.einsum("fi,fij,fj->f", vt, Kp, u)
            with np.errstate(divide="ignore", invalid="ignore"):
                res = u[:, :, None] * vt[:, None, :] / den[:, None, None]  # (B, n, n): Res K^-1
            inside = lr[fi, ji] < x
        zm = np.exp(x + 2j * np.pi * np.arange(points) / points)  # (M,)
        Z = np.broadcast_to(zm[None, :], (F, points))
        W = np.broadcast_to(wv[:, None], (F, points))
        Kinv = np.linalg.inv(self._K(Z, W))  # (F, M, n, n) as [b, w] -> inverse is [w, b]
        vals = Kinv[:, :, wi, bi]  # (F, M, pairs)
        # (z / e^x)^X: the entries are computed scaled by e^(-x X - y Y) (the gauge of the field),
        # so that they stay of order one however far apart the cells are
        zeta = np.exp(2j * np.pi * np.arange(points) / points)
        zpow = zeta[None, :, None] ** X[None, None, :]
        G = (
            vals * zpow
        )  # f(z) = K^-1 (z/e^x)^X;  (1/2 pi i) oint f dz / z = mean of f on the circle
        if len(fi):
            for q in range(len(fi)):
                f = fi[q]
                r = res[q][wi, bi] * (zj[q] / np.exp(x)) ** X / zj[q]  # residue of f(z)/z at z_j
                # subtract r / (z - z_j) from f(z)/z, i.e. r z / (z - z_j) from f(z)
                G[f] -= r[None, :] * (Z[f][:, None] / (Z[f][:, None] - zj[q]))
                if inside[q]:
                    out[f] += r
        out += G.mean(axis=1)
        return out

    def _integral(self, pairs, Y):
        """``K^-1`` for the pairs ``(wi, bi, X)`` with row offsets `Y`: ``(values, errors)``.

        Adaptive in ``phi`` (see the module docstring); pairs are taken in chunks so
        that one step holds at most about 16 MiB, whatever the pattern's size.
        """
        wi, bi, X = pairs
        X = np.asarray(X)
        Y = np.asarray(Y)
        values = np.zeros(len(Y))
        errors = np.zeros(len(Y))
        reach = int(np.abs(X).max()) if len(X) else 0
        points = _TRAPEZOID + 2 * reach + (-(2 * reach) % 16)
        nodes = 16 + 8 * int(np.ceil(np.abs(Y).max() / 4)) if len(Y) else 16
        per = max(1, _CHUNK_ENTRIES // (2 * nodes * points))
        for lo in range(0, len(Y), per):
            sl = slice(lo, lo + per)
            v, e = self._adaptive((wi[sl], bi[sl], X[sl]), Y[sl], points, nodes)
            values[sl], errors[sl] = v, e
        return values, errors

    def _adaptive(self, pairs, Y, points, nodes):
        # a kink within 1e-6 of an end adds a piece too short to matter (the integrand is bounded)
        kinks = self._kinks[(self._kinks > 1e-6) & (self._kinks < np.pi - 1e-6)]
        bounds = np.concatenate([[0.0], kinks, [np.pi]])
        # each piece's share of the error: tolerance / 10 per entry over [0, pi], by length
        target = self.tolerance / 10
        t1, w1 = _gauss(nodes)
        t2, w2 = _gauss(2 * nodes)

        def rule(lo, hi, t, wt):
            phi = lo + (hi - lo) * t
            inner = self._inner(phi, pairs, points)  # (n, pairs)
            scaled = np.exp(1j * phi[:, None] * Y[None, :])  # (w / e^y)^Y
            return ((inner * scaled) * (wt * (hi - lo))[:, None]).sum(axis=0)

        total = np.zeros(len(Y), dtype=complex)
        err = np.zeros(len(Y))
        stack = [(lo, hi) for lo, hi in zip(bounds[:-1], bounds[1:]) if hi > lo]
        pieces = 0
        while stack:
            lo, hi = stack.pop()
            pieces += 1
            coarse = rule(lo, hi, t1, w1)
            fine = rule(lo, hi, t2, w2)
            e = np.abs(fine.real - coarse.real) / np.pi
            share = target * (hi - lo) / np.pi
            if e.max() <= share or pieces + len(stack) >= MAX_PIECES or hi - lo < 1e-12:
                total += fine
                err += e
            else:
                mid = (lo + hi) / 2
                stack += [(lo, mid), (mid, hi)]
        values = total.real / np.pi
        return values, err + 1e-13 * (1 + np.abs(values))

    # --------------------------------------------------------------- public
    def _locate(self, cell):
        k, l = self.pattern.shape
        r, c = cell
        return (r % k, c % l), (c // l, r // k)

    def inverse_kasteleyn(self, b, w):
        """``K^{-1}(w, b)`` of the infinite lattice, for a black cell `b` and a white cell `w` of the plane.

        Parameters
        ----------
        b, w : (int, int)
            Cells ``(row, col)``; `b` black (``(row + col) % 2 == 0``), `w` white.

        Returns
        -------
        Probability
            ``(value, error)``: the real number ``K^{-1}(w, b)`` (for the real
            Kasteleyn signs of :func:`~dominotiling.theory.spectral_curve`) and its
            estimated absolute error.

        Raises
        ------
        DominoTilingError
            If `b` is not black or `w` not white.
        PrecisionError
            If the error estimate exceeds the measure's tolerance.

        Examples
        --------
        >>> mu = gibbs_measure(None, slope=(0.0, 0.0))
        >>> round(mu.inverse_kasteleyn((0, 0), (0, 1)).value, 10)     # 1/4 for uniform weights
        0.25
        """
        (rb, cb) = _validate.cell(b, "b")
        (rw, cw) = _validate.cell(w, "w")
        if (rb + cb) % 2 or not (rw + cw) % 2:
            raise DominoTilingError(
                f"b = {b} must be a black cell and w = {w} a white one (black: (row + col) even)"
            )
        vals, errs, ew, eb = self._entries([(rw, cw)], [(rb, cb)])
        scale = np.exp(ew[0] - eb[0])  # the entry itself, not its gauge
        v, e = float(vals[0, 0] * scale), float(errs[0, 0] * scale)
        self._check(e, "K^-1")
        return Probability(v, e)

    def _entries(self, whites, blacks):
        """``(M, E, ew, eb)``: ``[K^-1(w_i, b_j)]`` in the field's gauge, its errors, and the gauge.

        ``K^-1(w_i, b_j) = M[i, j] * exp(ew[i] - eb[j])`` with ``ew = x X + y Y`` of the
        copy of the domain holding each cell: scaled so, the entries are of order one
        (unscaled they grow like ``e^(x X + y Y)``, and far-apart cells lose every digit).
        """
        from .._options import check_memory

        check_memory(
            40 * len(whites) * len(blacks),
            f"the {len(whites)} x {len(blacks)} entries of K^-1 of a pattern of "
            f"{len(whites)} dominoes",
            "a pattern of fewer dominoes",
        )
        x, y = self.field
        wi, bi, X, Y = [], [], [], []
        for wc in whites:
            (lw, (Xw, Yw)) = self._locate(wc)
            for bc in blacks:
                (lb, (Xb, Yb)) = self._locate(bc)
                wi.append(self._widx[lw])
                bi.append(self._bidx[lb])
                X.append(Xw - Xb)
                Y.append(Yw - Yb)
        wi, bi, X, Y = (np.array(a, dtype=int) for a in (wi, bi, X, Y))
        key = tuple(zip(wi.tolist(), bi.tolist(), X.tolist(), Y.tolist()))
        need = [i for i, kk in enumerate(key) if kk not in self._cache]
        if need:
            idx = np.array(need)
            vals, errs = self._integral((wi[idx], bi[idx], X[idx]), Y[idx])
            for i, v, e in zip(need, vals, errs):
                self._cache[key[i]] = (v, e)
        vals = np.array([self._cache[kk][0] for kk in key]).reshape(len(whites), len(blacks))
        errs = np.array([self._cache[kk][1] for kk in key]).reshape(len(whites), len(blacks))
        ew = np.array([x * X + y * Y for X, Y in (self._locate(c)[1] for c in whites)])
        eb = np.array([x * X + y * Y for X, Y in (self._locate(c)[1] for c in blacks)])
        return vals, errs, ew, eb

    def _weight(self, domino):
        """The Kasteleyn entry ``K(b, w)`` of a domino of the plane: its weight times its sign."""
        k, l = self.pattern.shape
        (r0, c0), (r1, c1) = sorted(domino)
        if r0 == r1:
            return float(self._hw[r0 % k, c0 % l])
        return float(self._vw[r0 % k, c0 % l]) * (-1 if c0 % 2 else 1)

    def _check(self, err, what):
        if not err <= self.tolerance:
            raise PrecisionError(
                f"the {what} of this Gibbs measure has an estimated error of {err:.3g}, above "
                f"tolerance={self.tolerance:g}, after the adaptive quadrature's {MAX_PIECES} "
                f"pieces: at the field {self.field} the integrand of K^-1 is too sharp for double "
                "precision (the torus passes close to a singular point of the spectral curve, or "
                "the pattern's entries are too small against their neighbours); move the slope "
                "slightly or raise tolerance"
            )

    def pattern_probability(self, dominoes):
        """The probability that every domino of `dominoes` occurs (Kenyon's determinant).

        Parameters
        ----------
        dominoes : iterable of ((int, int), (int, int))
            Dominoes of the plane, each a pair of neighbouring cells ``(row, col)``.

        Returns
        -------
        Probability
            ``(value, error)``; 0 exactly when two dominoes share a cell. The error
            bounds the effect of the entries' errors on the determinant to first
            order (Hadamard's inequality on the perturbed rows).

        Raises
        ------
        DominoTilingError
            For a pair that is not a domino, or the same domino twice.
        PrecisionError
            If the error estimate exceeds the measure's tolerance.

        Examples
        --------
        Two parallel horizontal dominoes filling a 2 x 2 square, uniform weights:

        >>> mu = gibbs_measure(None, slope=(0.0, 0.0))
        >>> p = mu.pattern_probability([((0, 0), (0, 1)), ((1, 0), (1, 1))])
        >>> round(p.value, 10)          # 1/8 (Kenyon 1997)
        0.125
        """
        if isinstance(dominoes, (str, bytes)) or not hasattr(dominoes, "__iter__"):
            raise DominoTypeError(
                "dominoes must be a list of dominoes ((row, col), (row, col)), got "
                f"{type(dominoes).__name__}"
            )
        items = [_cells(d, f"dominoes[{i}]") for i, d in enumerate(dominoes)]
        if len(items) > MAX_PATTERN:
            from ..errors import TooLargeError

            raise TooLargeError(
                f"a pattern of {len(items)} dominoes needs {len(items) ** 2} entries of K^-1, each a "
                f"double integral (minutes for a few hundred dominoes); at most {MAX_PATTERN} are "
                "computed here: split the pattern, or estimate its frequency from samples"
            )
        if not items:
            return Probability(1.0, 0.0)
        seen = set()
        for d in items:
            key = tuple(sorted(d))
            if key in seen:
                raise DominoTilingError(f"the domino {key} is listed twice")
            seen.add(key)
        cells = [c for d in items for c in d]
        if len(set(cells)) < len(cells):
            return Probability(0.0, 0.0)
        blacks = [d[0] if (d[0][0] + d[0][1]) % 2 == 0 else d[1] for d in items]
        whites = [d[1] if (d[0][0] + d[0][1]) % 2 == 0 else d[0] for d in items]
        M, E, ew, eb = self._entries(whites, blacks)
        # the gauge factors of rows and columns: det K^-1 = det M * e^(sum ew - sum eb), and
        # each domino's cells are in the same or neighbouring copies, so the factor is modest
        prod = np.prod([self._weight(d) for d in items]) * np.exp(ew.sum() - eb.sum())
        det = np.linalg.det(M)
        # first-order bound: |d det| <= sum_i |E_i| * prod_{j != i} |M_j| (rows' norms)
        rows = np.linalg.norm(M, axis=1)
        erows = np.linalg.norm(E, axis=1)
        bound = sum(erows[i] * np.prod(np.delete(rows, i)) for i in range(len(rows)))
        value = float(prod * det)
        err = float(abs(prod) * bound + 1e-14 * abs(prod) * np.prod(rows))
        self._check(err, "pattern probability")
        return Probability(value, err)

    def edge_probabilities(self):
        """The probabilities of the fundamental domain's placements.

        Returns
        -------
        horizontal, vertical : numpy.ndarray, shape ``(k, l)``
            ``horizontal[r, c]``: the probability of the domino ``(r, c)-(r, c + 1)``;
            ``vertical[r, c]``: of ``(r, c)-(r + 1, c)``.
        error : float
            The largest estimated error.

        Examples
        --------
        >>> from dominotiling.theory import WeightPattern
        >>> h, v, err = gibbs_measure(WeightPattern.two_periodic(2.0, 1.0), slope=(0, 0)).edge_probabilities()
        >>> bool(abs(h.sum() + v.sum() - 2) < 1e-9)      # two black cells, each covered once
        True
        """
        k, l = self.pattern.shape
        H = np.zeros((k, l))
        V = np.zeros((k, l))
        worst = 0.0
        for r in range(k):
            for c in range(l):
                for arr, d in ((H, ((r, c), (r, c + 1))), (V, ((r, c), (r + 1, c)))):
                    p = self.pattern_probability([d])
                    arr[r, c] = p.value
                    worst = max(worst, p.error)
        return H, V, worst

    def __repr__(self):
        return (
            f"<GibbsMeasure of a {self.pattern.shape[0]}x{self.pattern.shape[1]} domain: field "
            f"({self.field[0]:.6g}, {self.field[1]:.6g}), slope ({self.slope[0]:.6g}, {self.slope[1]:.6g}), "
            f"{self.phase}>"
        )


def _phase(curve, field, flux):
    """``"liquid"`` unless the flux is a lattice point whose component has an interior around the field."""
    from .ronkin import _is_bubble

    key = (round(flux[0]), round(flux[1]))
    if max(abs(flux[0] - key[0]), abs(flux[1] - key[1])) > 1e-9:
        return "liquid"
    if not _is_bubble(curve, field[0], field[1], key):
        return "liquid"  # a point of the amoeba (a node, for uniform weights at slope 0)
    return "gaseous" if key in set(curve.interior_points) else "frozen"


@keyword_only("slope")
def gibbs_measure(weights_pattern=None, *, slope=None, field=None, tolerance=GIBBS_TOLERANCE):
    """The ergodic translation-invariant Gibbs measure of a periodic weighting with a given slope or field.

    Parameters
    ----------
    weights_pattern : None, WeightPattern, Weights, (horizontal, vertical) or SpectralCurve
        Positive periodic weights; None is uniform.
    slope : (float, float), optional
        The Thurston slope ``(s, t)`` per cell (height change per column to the right
        and per row down), strictly inside the Newton polygon.
    field : (float, float), keyword-only, optional
        The magnetic field ``(x, y)`` instead (exactly one of `slope`, `field`);
        ``(0, 0)`` is the measure the tori converge to.
    tolerance : float, keyword-only
        The largest acceptable error estimate of the probabilities.

    Returns
    -------
    GibbsMeasure
        With :meth:`~GibbsMeasure.edge_probabilities`,
        :meth:`~GibbsMeasure.inverse_kasteleyn` and
        :meth:`~GibbsMeasure.pattern_probability`.

    Raises
    ------
    DominoTilingError
        If both or neither of `slope` and `field` are given, or the slope is not
        strictly inside the Newton polygon (on its boundary the measure is frozen:
        a deterministic tiling).
    WeightError
        For zero or negative weights.

    Notes
    -----
    The field of a slope is the maximiser of the Legendre dual
    (:func:`~dominotiling.theory.surface_tension`); at a gaseous lattice point any
    field of the bubble gives the same measure.

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.
    .. [2] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
       Probab. Statist. 33 (1997), 591-618.

    See Also
    --------
    surface_tension, ronkin, amoeba

    Examples
    --------
    >>> mu = gibbs_measure(None, slope=(0.5, 0.0))
    >>> h, v, err = mu.edge_probabilities()
    >>> [round(float(x), 6) for x in (h[0, 0], h[0, 1], v[0, 0], v[1, 0])]
    [0.226608, 0.226608, 0.148392, 0.398392]
    """
    tol = _validate.real(tolerance, "tolerance", minimum=0.0, strict_minimum=True)
    curve = curve_of(weights_pattern)
    curve.pattern.check_positive("a Gibbs measure")
    if (slope is None) == (field is None):
        raise DominoTilingError("give exactly one of slope=(s, t) and field=(x, y)")
    if field is not None:
        try:
            fx, fy = field
        except (TypeError, ValueError):
            raise DominoTypeError(f"field must be a pair (x, y), got {field!r}") from None
        fx, fy = _validate.real(fx, "field[0]"), _validate.real(fy, "field[1]")
        return GibbsMeasure(curve, (fx, fy), tol)
    try:
        s, t = slope
    except (TypeError, ValueError):
        raise DominoTypeError(f"slope must be a pair (s, t), got {slope!r}") from None
    s, t = _validate.real(s, "slope[0]"), _validate.real(t, "slope[1]")
    from .surface_tension import _inside, _legendre

    a, b = curve.flux(s, t)
    inside, boundary = _inside(curve.newton_polygon, np.array([a]), np.array([b]))
    if not inside[0] or boundary[0]:
        poly = [tuple(round(float(v), 6) for v in p) for p in curve.slope_polygon()]
        where = "on the boundary of" if inside[0] else "outside"
        raise DominoTilingError(
            f"the slope ({s}, {t}) is {where} the Newton polygon (corners {poly}); the Gibbs measures "
            "are those of the interior slopes (on the boundary they are frozen)"
        )
    _, err, x, y, gas, rn = _legendre(curve, np.array([float(a)]), np.array([float(b)]), tol)
    fx, fy = float(x[0]), float(y[0])
    if gas[0]:  # any field of the bubble gives this measure: take one far from its edge
        fx, fy = _bubble_centre(curve, fx, fy, (round(float(a)), round(float(b))))
    return GibbsMeasure(curve, (fx, fy), tol)


def _bubble_centre(curve, x, y, key):
    """A field near the middle of the complementary component of `key` that holds ``(x, y)``.

    Two rounds of: the component's extent along each axis from the current point
    (:func:`~dominotiling.theory.ronkin._extent`), then a move to the middle of
    that chord.
    """
    from .ronkin import _extent

    p = np.array([x, y], dtype=float)
    for _ in range(2):
        for axis in (0, 1):
            e = np.zeros(2)
            e[axis] = 1.0
            up, down = _extent(curve, p, e, key), _extent(curve, p, -e, key)
            p = p + (up - down) / 2 * e
    return float(p[0]), float(p[1])
