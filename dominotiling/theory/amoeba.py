"""Amoebas of spectral curves: the phases of the dimer model in the plane of magnetic fields.

The amoeba of ``P`` is the image of the curve ``P(z, w) = 0`` under
``(z, w) -> (log|z|, log|w|)``. Its complement is a union of convex components,
one for each lattice point of the Newton polygon that occurs; the component of
the lattice point ``(a, b)`` is where ``grad R = (a, b)`` (:func:`~dominotiling.theory.ronkin`).
For the dimer model with positive periodic weights the curve is a Harnack curve
[1]_, and the three phases of the Gibbs measures are [1]_:

* **frozen** -- the unbounded components (boundary lattice points of the polygon):
  deterministic brick-wall tilings far from the liquid part;
* **gaseous** (smooth) -- the bounded components (interior lattice points), each
  surrounded by a compact real oval of the curve: flat facets of the height
  function with exponentially decaying correlations;
* **liquid** (rough) -- the amoeba itself: polynomially decaying correlations.

The boundary of the amoeba is the image of the real points of the curve
(:meth:`SpectralCurve.real_points`), and for a Harnack curve the amoeba's area is
``pi**2`` times the polygon's (Mikhalkin-Rullgård [2]_), a check of the picture.

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056.
.. [2] G. Mikhalkin, H. Rullgård, "Amoebas of maximal area", Int. Math. Res.
   Notices 2001, 441-451.

Examples
--------
>>> from dominotiling.theory import amoeba, WeightPattern
>>> am = amoeba(WeightPattern.two_periodic(2.0, 1.0), resolution=100)
>>> sorted(c.phase for c in am.components)
['frozen', 'frozen', 'frozen', 'frozen', 'gaseous']
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..errors import DominoTilingError
from .ronkin import _passes, curve_of

__all__ = ["Amoeba", "AmoebaComponent", "amoeba"]


def _default_window(curve):
    """``((x0, x1), (y0, y1))``: a square window holding the amoeba's bounded part and the starts of its tentacles."""
    cache = getattr(curve, "_window", None)
    if cache is not None:
        return cache
    pz, pw = _passes(curve)
    phi = np.linspace(0, np.pi, 65)
    lz = pz.logs(np.zeros_like(phi), np.zeros_like(phi), phi)
    lw = pw.logs(np.zeros_like(phi), np.zeros_like(phi), phi)
    lz = lz[np.isfinite(lz)]
    lw = lw[np.isfinite(lw)]
    x0, x1 = lz.min(initial=-1) - 2.0, lz.max(initial=1) + 2.0
    y0, y1 = lw.min(initial=-1) - 2.0, lw.max(initial=1) + 2.0
    m = max(x1 - x0, y1 - y0) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    curve._window = ((float(cx - m), float(cx + m)), (float(cy - m), float(cy + m)))
    return curve._window


def _intervals(p, ys, samples):
    """For each ``y``: the sorted ``log|z_j|`` over ``phi`` in ``[0, pi]``: their minima ``V`` and maxima ``U`` per rank.

    The amoeba's slice at ``y`` is the union of the ``[V_m, U_m]``; a point ``x`` outside
    them lies in the complement component with ``#{m: U_m < x}`` roots inside.
    """
    phi = np.linspace(0.0, np.pi, samples)
    Y = np.repeat(ys[:, None], samples, axis=1)
    logs = np.sort(p.logs(np.zeros_like(Y), Y, phi[None, :]), axis=-1)  # (ny, samples, d)
    return logs.min(axis=1), logs.max(axis=1)


@dataclass(frozen=True)
class AmoebaComponent:
    """One component of the amoeba's complement, as seen on the grid.

    Attributes
    ----------
    order : (int, int)
        Its lattice point ``(a, b)`` of the Newton polygon (``grad R`` there).
    phase : str
        ``"frozen"`` (a boundary lattice point) or ``"gaseous"`` (an interior one).
    bounded : bool
        False when it reaches the edge of the window.
    pixels : int
        Its number of grid points.
    area : float
        Its area in the window (``pixels`` times the pixel area).

    See Also
    --------
    Amoeba, amoeba

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern, amoeba
    >>> am = amoeba(WeightPattern.two_periodic(2, 1), resolution=80)
    >>> sorted({c.phase for c in am.components})
    ['frozen', 'gaseous']
    """

    order: tuple
    phase: str
    bounded: bool
    pixels: int
    area: float


@dataclass(frozen=True, eq=False)
class Amoeba:
    """The amoeba of a spectral curve on a grid, with its complement's components and its boundary.

    Attributes
    ----------
    curve : SpectralCurve
    x, y : numpy.ndarray
        The grid's coordinates (``log|z|`` along columns, ``log|w|`` along rows).
    inside : numpy.ndarray of bool, shape ``(len(y), len(x))``
        True on the amoeba (the liquid phase).
    order : numpy.ndarray of int, shape ``(len(y), len(x), 2)``
        The lattice point of the complement component at each grid point (``-999``
        on the amoeba).
    labels : numpy.ndarray of int
        ``0`` on the amoeba, ``i + 1`` on ``components[i]``.
    components : tuple of AmoebaComponent
    boundary : dict
        ``{(sign z, sign w): array (N, 2)}``: the images of the real points.
    ovals : tuple of numpy.ndarray
        For each gaseous component, the boundary points around it (the image of a
        compact real oval).

    See Also
    --------
    amoeba, AmoebaComponent, real_points, real_ovals

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern, amoeba
    >>> am = amoeba(WeightPattern.two_periodic(2, 1), resolution=80)
    >>> sum(c.phase == "gaseous" for c in am.components), len(am.ovals)
    (1, 1)
    """

    curve: object
    x: np.ndarray
    y: np.ndarray
    inside: np.ndarray
    order: np.ndarray
    labels: np.ndarray
    components: tuple
    boundary: dict
    ovals: tuple

    @property
    def phase(self):
        """Per grid point: ``"liquid"``, ``"frozen"`` or ``"gaseous"`` (an array of str)."""
        out = np.full(self.inside.shape, "liquid", dtype="<U7")
        for i, c in enumerate(self.components):
            out[self.labels == i + 1] = c.phase
        return out

    @property
    def area(self):
        """The area of the amoeba inside the window (the grid estimate)."""
        dx = self.x[1] - self.x[0]
        dy = self.y[1] - self.y[0]
        return float(self.inside.sum() * dx * dy)

    def gaseous(self):
        """The gaseous components (bounded complementary components), as a list."""
        return [c for c in self.components if c.phase == "gaseous"]

    def draw(self, ax=None, **kwargs):
        """:func:`dominotiling.viz.theory.draw_amoeba` of this amoeba."""
        from ..viz.theory import draw_amoeba

        return draw_amoeba(self, ax=ax, **kwargs)

    def __repr__(self):
        kinds = [c.phase for c in self.components]
        return (
            f"<Amoeba {len(self.x)}x{len(self.y)}: {kinds.count('frozen')} frozen and "
            f"{kinds.count('gaseous')} gaseous components>"
        )


@keyword_only("x_range", "y_range")
def amoeba(P, *, x_range=None, y_range=None, resolution=400, samples=65):
    """The amoeba of a spectral curve and its phases, on a ``resolution x resolution`` grid.

    Parameters
    ----------
    P : SpectralCurve or anything :func:`~dominotiling.theory.weight_pattern` accepts
        Positive periodic weights or their curve.
    x_range, y_range : (float, float), optional
        The window in ``log|z|`` and ``log|w|``; by default a square around the roots
        on the unit torus, two units wider on each side.
    resolution : int, keyword-only
        Grid points per side.
    samples : int, keyword-only
        Values of the angle per row (and per column) at which the roots are taken.

    Returns
    -------
    Amoeba

    Raises
    ------
    WeightError
        For zero or negative weights.
    DominoTilingError
        For a window that is empty or a resolution below 8.
    TooLargeError
        If the grid's arrays would not fit in the memory budget (:func:`dominotiling.set_options`).

    Notes
    -----
    For each grid row ``y`` the roots ``z_j`` of ``P(z, e^{y + i phi})`` are taken at
    `samples` angles in ``[0, pi]`` (``P`` is real, so ``[pi, 2 pi]`` mirrors
    them), and sorted by modulus; the slice of the amoeba at ``y`` is the union of
    the ranges ``[min_phi log|z_(m)|, max_phi log|z_(m)|]`` of the ``m``-th smallest
    root, and a point outside them has ``a = a0 + #{m: max log|z_(m)| < x}``. The
    same with ``z`` and ``w`` exchanged gives ``b`` and a second slice (the union of
    both is the amoeba on the grid). Cost: ``2 * resolution * samples`` root
    finds, plus ``O(resolution**2 * d)``. A thin part of the amoeba (a tentacle
    narrower than the sampling sees, far out) may be missed.

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.

    See Also
    --------
    spectral_curve, ronkin, phase_diagram, dominotiling.viz.theory.draw_amoeba

    Examples
    --------
    >>> am = amoeba(None, resolution=60)
    >>> [c.order for c in am.components if c.bounded]   # uniform: no gas
    []
    """
    curve = curve_of(P)
    res = _validate.integer(resolution, "resolution", minimum=8, maximum=8000)
    samples = _validate.integer(samples, "samples", minimum=8, maximum=100_000)
    pz, pw = _passes(curve)
    from .._options import check_memory

    d = max(pz.d, pw.d, 1)
    check_memory(
        res * res * (3 * d + 48) + 2 * res * samples * d * 32,
        f"the amoeba's {res} x {res} grid (degree {d})",
        "a smaller resolution",
    )
    (dx0, dx1), (dy0, dy1) = _default_window(curve)
    x0, x1 = (dx0, dx1) if x_range is None else tuple(_validate.real(v, "x_range") for v in x_range)
    y0, y1 = (dy0, dy1) if y_range is None else tuple(_validate.real(v, "y_range") for v in y_range)
    if not (x1 > x0 and y1 > y0):
        raise DominoTilingError(f"the window x_range={(x0, x1)}, y_range={(y0, y1)} is empty")
    xs = np.linspace(x0, x1, res)
    ys = np.linspace(y0, y1, res)
    # rows: roots in z for w on |w| = e^y
    V, U = _intervals(pz, ys, samples)  # (ny, dz)
    X = xs[None, :, None]
    in_rows = ((V[:, None, :] <= X) & (X <= U[:, None, :])).any(axis=-1)  # (ny, nx)
    a = pz.a0 + (U[:, None, :] < X).sum(axis=-1)
    # columns: roots in w for z on |z| = e^x
    V2, U2 = _intervals(pw, xs, samples)  # (nx, dw)
    Yg = ys[:, None, None]
    in_cols = ((V2[None, :, :] <= Yg) & (Yg <= U2[None, :, :])).any(axis=-1)
    b = pw.a0 + (U2[None, :, :] < Yg).sum(axis=-1)
    inside = in_rows | in_cols
    order = np.stack([a, b], axis=-1)
    order[inside] = -999
    from scipy import ndimage

    labels = np.zeros(inside.shape, dtype=int)
    comps = []
    interior = set(curve.interior_points)
    pix = (xs[1] - xs[0]) * (ys[1] - ys[0])
    keys = {tuple(o) for o in order[~inside].reshape(-1, 2).tolist()}
    for key in sorted(keys):
        mask = (~inside) & (order[..., 0] == key[0]) & (order[..., 1] == key[1])
        lab, n = ndimage.label(mask)
        for j in range(1, n + 1):
            m = lab == j
            bounded = not (m[0].any() or m[-1].any() or m[:, 0].any() or m[:, -1].any())
            comps.append(
                AmoebaComponent(
                    key,
                    "gaseous" if key in interior else "frozen",
                    bounded,
                    int(m.sum()),
                    float(m.sum() * pix),
                )
            )
            labels[m] = len(comps)
    boundary = _real_points(curve, (x0, x1), (y0, y1), res)
    ovals = []
    for i, c in enumerate(comps):
        if c.phase != "gaseous":
            continue
        near = ndimage.binary_dilation(labels == i + 1, iterations=3)
        pts = np.concatenate([v for v in boundary.values() if len(v)] or [np.zeros((0, 2))])
        ix = np.clip(np.round((pts[:, 0] - x0) / (x1 - x0) * (res - 1)).astype(int), 0, res - 1)
        iy = np.clip(np.round((pts[:, 1] - y0) / (y1 - y0) * (res - 1)).astype(int), 0, res - 1)
        ovals.append(pts[near[iy, ix]])
    return Amoeba(curve, xs, ys, inside, order, labels, tuple(comps), boundary, tuple(ovals))


def _real_points(curve, x_range, y_range, num):
    """Images of the real points of the curve in the window: ``{(sign z, sign w): (N, 2) array}``."""
    from .ronkin import _poly_rows, _roots

    C, a0, b0 = curve.float_coefficients()
    C = np.array(C)
    out = {(sz, sw): [] for sz in (-1, 1) for sw in (-1, 1)}
    for CC, rng_fixed, rng_free, swap in (
        (C, y_range, x_range, False),
        (C.T.copy(), x_range, y_range, True),
    ):
        if CC.shape[0] < 2:
            continue
        t = np.linspace(rng_fixed[0], rng_fixed[1], num)
        for sgn in (-1.0, 1.0):
            fixed = sgn * np.exp(t)
            roots = _roots(_poly_rows(CC, fixed.astype(complex)))
            real = np.abs(roots.imag) <= 1e-7 * np.abs(roots)
            lf = np.log(np.abs(roots))
            ok = real & (lf >= rng_free[0]) & (lf <= rng_free[1]) & np.isfinite(lf)
            r_i, j_i = np.nonzero(ok)
            free_sign = np.sign(roots.real[r_i, j_i])
            for s_free in (-1.0, 1.0):
                sel = free_sign == s_free
                pts = np.stack([lf[r_i[sel], j_i[sel]], t[r_i[sel]]], axis=1)
                if swap:
                    key = (int(sgn), int(s_free))
                    pts = pts[:, ::-1]
                    out[key].append(pts[:, ::-1][:, ::-1])
                else:
                    out[(int(s_free), int(sgn))].append(pts)
    result = {}
    for key, parts in out.items():
        pts = np.concatenate(parts) if parts else np.zeros((0, 2))
        result[key] = pts
    return result


#: Memory of real_points per unit of `num` (2.4 GiB was measured at num = 10**6).
_REAL_POINT_BYTES = 2600


@keyword_only("x_range", "y_range", "num")
def real_points(P, *, x_range=None, y_range=None, num=400):
    """Points of the real curve ``P(z, w) = 0`` (``z, w`` real, nonzero) mapped to ``(log|z|, log|w|)``.

    Their images are the boundary of the amoeba (the spectral curve of a dimer model is
    a Harnack curve, Kenyon–Okounkov–Sheffield 2006): returns ``{(sign z, sign w):
    array (N, 2)}``, found as the real roots in ``z`` for ``num`` values of ``w`` and the
    real roots in ``w`` for ``num`` values of ``z``.

    Parameters
    ----------
    P : SpectralCurve or weights pattern
    x_range, y_range : (float, float), optional
        The window in ``(log|z|, log|w|)``; by default one that holds the amoeba's
        bounded part and the starts of its tentacles.
    num : int
        Sample values per direction.

    Returns
    -------
    dict

    See Also
    --------
    amoeba, real_ovals

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern
    >>> sorted(real_points(WeightPattern.two_periodic(2, 1), num=50))
    [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    """
    from .._options import check_memory

    curve = curve_of(P)
    num = _validate.positive_int(num, "num")
    check_memory(
        _REAL_POINT_BYTES * num,
        f"the real points of the curve at num={num}",
        "a smaller num (400 draws the curve smoothly)",
    )
    if x_range is None or y_range is None:
        xr, yr = _default_window(curve)
        x_range = xr if x_range is None else x_range
        y_range = yr if y_range is None else y_range
    return _real_points(curve, x_range, y_range, num)


@keyword_only("resolution")
def real_ovals(P, *, resolution=300):
    """The compact real ovals: for each gas bubble of the amoeba, the images of the real points around it.

    Parameters
    ----------
    P : SpectralCurve or weights pattern
    resolution : int
        The amoeba's grid (see :func:`amoeba`).

    Returns
    -------
    list of numpy.ndarray
        ``(N, 2)`` arrays of ``(log|z|, log|w|)``; at most the curve's genus of them
        (a Harnack curve has one oval per bubble).

    See Also
    --------
    amoeba, real_points

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern
    >>> len(real_ovals(WeightPattern.two_periodic(2, 1), resolution=100))
    1
    >>> real_ovals(None, resolution=100)      # uniform: the oval is a node
    []
    """
    return list(amoeba(P, resolution=resolution).ovals)
