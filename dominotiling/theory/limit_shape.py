"""Limit shapes and arctic curves of any simply connected region, by the variational principle.

A uniformly random domino tiling of a large region has a height function that,
rescaled, is close to a deterministic *limit shape*: the minimiser of
``int sigma(grad h)`` with the region's boundary heights, ``sigma`` the surface
tension (Cohn, Kenyon and Propp [1]_). Where the slope of the minimiser lies on the
boundary of the Newton polygon the tiling is *frozen* (a brick wall, or a
staircase of two of them); inside it is *liquid*; the curve between is the
*arctic curve* -- the inscribed circle for the Aztec diamond (Jockusch, Propp and
Shor [3]_), an algebraic curve in general (Kenyon and Okounkov [2]_). For periodic
weights a third phase appears, *gaseous*, where the slope sits at a facet of
``sigma``: the bounded "gas" region in the middle of the two-periodic Aztec diamond
(Chhita and Johansson [4]_).

:func:`limit_shape` solves the variational problem on a mesh of the region
(:mod:`~dominotiling.theory.variational`, an interior-point Newton method that keeps
the slope constraint exactly; for periodic weights with the surface tension of
:mod:`~dominotiling.theory.tension_table`) and returns a :class:`LimitShape`: the
height and slope fields, the frozen and gas masks, the arctic and liquid-gas curves
as polylines, the predicted densities of the four domino types, and the limiting
free energy.

Units: heights are the library's Thurston units, positions are in cells
(``x`` = column, ``y`` = row, the picture's coordinates: cell ``(r, c)`` is the square
``[c, c + 1] x [r, r + 1]``); the height field predicts ``E h`` for *this* region,
``h / L`` (``L`` the longer side) is the height of the region scaled to unit size.

References
----------
.. [1] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino tilings",
   J. Amer. Math. Soc. 14 (2001), 297-346.
.. [2] R. Kenyon, A. Okounkov, "Limit shapes and the complex Burgers equation",
   Acta Math. 199 (2007), 263-302.
.. [3] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
   circle theorem", arXiv:math/9801068 (1998).
.. [4] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.theory.limit_shape import limit_shape
>>> ls = limit_shape(Region.aztec_diamond(20), resolution=40)
>>> import math
>>> abs(ls.free_energy - math.log(2) / 4) < 0.01      # log Z / cells = log(2) / 4
True
>>> abs(ls.liquid_fraction - math.pi / 4) < 0.05       # the inscribed disc: pi / 4 of the diamond
True
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..errors import DominoTilingError, DominoTypeError, NoTilingError
from ..matching.height import UNDEFINED, boundary_heights, defined_vertices
from ..surfaces.flux import count_by_flux, sector_tiling
from .variational import build_mesh, lipschitz_extensions, solve_barrier, uniform_sigma

__all__ = ["LimitShape", "limit_shape", "DEFAULT_RESOLUTION", "FROZEN_TOLERANCE", "GAS_TOLERANCE"]

#: Mesh squares along the region's longer side when no resolution is given.
DEFAULT_RESOLUTION = 128
#: The level of the liquidity ``l = 2 - max(|s + t|, |s - t|)`` (the slope's distance to the
#: Newton polygon's boundary) from which the arctic curve is extrapolated (see :func:`limit_shape`).
FROZEN_TOLERANCE = 0.2
#: The level of the slope's distance to a gas point (diagonal slopes) from which the liquid-gas curve is
#: extrapolated, as the arctic curve is from the liquidity.
GAS_TOLERANCE = 0.2

TYPE_NAMES = ("east", "west", "south", "north")


class LimitShape:
    """The limit shape of a region: heights, slopes, phases, arctic curves, densities.

    Fields live on the mesh squares, an ``(nr, nc)`` grid of spacing `delta` cells
    (square ``(i, j)`` has centre ``x = (j + 1/2) delta``, ``y = (i + 1/2) delta``);
    NaN outside the region.

    Attributes
    ----------
    region : Region
    delta : float
        The mesh spacing, in cells.
    height : numpy.ndarray, shape ``(nr + 1, nc + 1)``
        The limit height (Thurston units, predicting ``E h`` of this region) at the
        squares' corners; NaN off the mesh.
    slope : numpy.ndarray, shape ``(nr, nc, 2)``
        ``(s, t) = (dh/dx, dh/dy)`` per square (mean over its four triangles).
    frozen : numpy.ndarray of bool, shape ``(nr, nc)``
        Squares whose slope is on the Newton polygon's boundary: outside the
        arctic curves (see Notes of :func:`limit_shape`).
    liquidity : numpy.ndarray, shape ``(nr, nc)``
        The slope's distance ``2 - max(|s + t|, |s - t|)`` to the polygon's boundary.
    gaseous : numpy.ndarray of bool, shape ``(nr, nc)``
        Squares at a gaseous facet (periodic weights only; all False for uniform).
    densities : numpy.ndarray, shape ``(nr, nc, 4)``
        Predicted probabilities that the domino on a black cell there goes east,
        west, south or north (:data:`TYPE_NAMES`).
    arctic_curves : list of numpy.ndarray
        Liquid-frozen boundaries, each an ``(m, 2)`` array of ``(x, y)`` points in cells.
    gas_curves : list of numpy.ndarray
        Liquid-gas boundaries (periodic weights with a gas phase), ``(m, 2)`` arrays of
        ``(x, y)`` in cells like the arctic curves, and found the same way from the
        slope's distance to the gas point (:data:`GAS_TOLERANCE`).
    free_energy : float
        The limiting ``log Z / cells``: ``-(1 / area) int sigma(grad h)``.
    residual, gap : float
        The solver's final Newton decrement and duality-gap bound, per cell.
    flux : tuple of int or None
        The flux sector (regions with holes), else None.

    See Also
    --------
    limit_shape, dominotiling.viz.limit_shape.draw_limit_shape

    Examples
    --------
    >>> from dominotiling import Region
    >>> shape = limit_shape(Region.aztec_diamond(8), resolution=16)
    >>> bool(shape.frozen.any()), bool(shape.free_energy > 0)
    (True, True)
    """

    def __init__(
        self, region, mesh, h, q, info, sigma_values, tri_probs, weights_kind, frozen_tol, gas=None
    ):
        self.region = region
        self._mesh = mesh
        self.delta = mesh.delta
        nr, nc = mesh.nr, mesh.nc
        self.resolution = max(nr, nc)
        n_corner = (nr + 1) * (nc + 1)
        hh = np.where(mesh.used, h, np.nan)
        self.height = hh[:n_corner].reshape(nr + 1, nc + 1)
        self._centre_height = hh[n_corner:].reshape(nr, nc)
        act = mesh.active.ravel()
        tri = mesh.tri_legs
        a = q[tri[:, 0]].reshape(-1, 4)
        b = q[tri[:, 1]].reshape(-1, 4)
        s = (a + b) / 2
        t = (a - b) / 2
        slope = np.full((nr * nc, 2), np.nan)
        slope[act, 0] = s.mean(axis=1)
        slope[act, 1] = t.mean(axis=1)
        self.slope = slope.reshape(nr, nc, 2)
        # distance to the polygon's boundary, per square: the mean over its triangles
        lq = np.full(nr * nc, np.nan)
        lq[act] = (2 - np.maximum(np.abs(a), np.abs(b))).mean(axis=1)
        self.liquidity = lq.reshape(nr, nc)
        self.arctic_curves, self.frozen = _arctic(self.liquidity, mesh, frozen_tol)
        dens = np.full((nr * nc, 4), np.nan)
        dens[act] = tri_probs.reshape(-1, 4, 4).mean(axis=1)
        self.densities = dens.reshape(nr, nc, 4)
        self.gaseous = np.zeros((nr, nc), dtype=bool) if gas is None else gas[0]
        self.gas_curves = [] if gas is None else gas[1]
        area_cells = float(act.sum()) * mesh.delta**2
        self.free_energy = float(-(mesh.delta**2 / 4) * sigma_values.sum() / area_cells)
        self.residual = info.residual
        self.gap = info.gap
        self.iterations = info.iterations
        self.weights_kind = weights_kind
        self.frozen_tolerance = frozen_tol
        self.flux = None
        self._nearest = None  # the nearest active square of every square (see _square_of)

    # --------------------------------------------------------------- queries
    @property
    def liquid_fraction(self):
        """The fraction of the region's area that is liquid (neither frozen nor gaseous)."""
        act = self._mesh.active
        return float((act & ~self.frozen & ~self.gaseous).sum() / act.sum())

    @property
    def x(self):
        """Columns of the corner grid, in cells."""
        return np.arange(self._mesh.nc + 1) * self.delta

    @property
    def y(self):
        """Rows of the corner grid, in cells."""
        return np.arange(self._mesh.nr + 1) * self.delta

    def height_at(self, y, x):
        """The limit height at points ``(y, x)`` in cells (lattice vertex ``(i, j)`` is ``y = i, x = j``).

        Linear interpolation on the mesh's triangles; NaN off the mesh.
        """
        y = np.asarray(y, dtype=float)
        x = np.asarray(x, dtype=float)
        y, x = np.broadcast_arrays(y, x)
        d = self.delta
        nr, nc = self._mesh.nr, self._mesh.nc
        u = y / d
        v = x / d
        out = np.full(u.shape, np.nan)
        # a point on the side of an inactive square (a hole's edge) is read in its active neighbour
        for di, dj in ((0, 0), (-1, 0), (0, -1), (-1, -1)):
            i = np.clip(np.floor(u).astype(int) + di, 0, nr - 1)
            j = np.clip(np.floor(v).astype(int) + dj, 0, nc - 1)
            val = self._in_square(i, j, u - i, v - j)
            ok = (
                np.isnan(out)
                & (u - i >= -1e-9)
                & (u - i <= 1 + 1e-9)
                & (v - j >= -1e-9)
                & (v - j <= 1 + 1e-9)
            )
            out = np.where(ok & ~np.isnan(val), val, out)
        return out

    def _in_square(self, i, j, fy, fx):
        """The linear interpolant in square ``(i, j)`` at local coordinates ``(fy, fx)`` in [0, 1]."""
        H = self.height
        h00, h01, h10, h11 = H[i, j], H[i, j + 1], H[i + 1, j], H[i + 1, j + 1]
        hc = self._centre_height[i, j]
        # which of the four triangles: N (fy < fx, fy < 1 - fx), E, S, W
        north = (fy <= fx) & (fy <= 1 - fx)
        south = (fy >= fx) & (fy >= 1 - fx)
        east = (fy <= fx) & (fy >= 1 - fx)
        # barycentric: in each triangle h = hc + linear part
        out = np.where(
            north,
            hc + (h00 + h01 - 2 * hc) * (0.5 - fy) + (h01 - h00) * (fx - 0.5),
            np.where(
                south,
                hc + (h10 + h11 - 2 * hc) * (fy - 0.5) + (h11 - h10) * (fx - 0.5),
                np.where(
                    east,
                    hc + (h01 + h11 - 2 * hc) * (fx - 0.5) + (h11 - h01) * (fy - 0.5),
                    hc + (h00 + h10 - 2 * hc) * (0.5 - fx) + (h10 - h00) * (fy - 0.5),
                ),
            ),
        )
        return out

    def vertex_heights(self):
        """The limit height at every lattice vertex of the region (``(rows + 1, cols + 1)``, NaN elsewhere)."""

        rows, cols = self.region.shape
        Y, X = np.mgrid[0 : rows + 1, 0 : cols + 1]
        out = self.height_at(Y, X)
        return np.where(defined_vertices(self.region), out, np.nan)

    def cell_densities(self):
        """Predicted probabilities that the domino on each cell goes east, west, south, north of it.

        Returns
        -------
        numpy.ndarray, shape ``(rows, cols, 4)``
            NaN outside the region. For a black cell these are :attr:`densities`
            there; a white cell's domino goes east when its black partner's goes
            west, so its entries are those with east/west and south/north exchanged.
        """
        rows, cols = self.region.shape
        R, C = np.mgrid[0:rows, 0:cols]
        i, j = self._square_of(R + 0.5, C + 0.5)
        out = self.densities[i, j]
        white = (np.add.outer(np.arange(rows), np.arange(cols)) % 2) == 1
        out[white] = out[white][:, [1, 0, 3, 2]]
        out[~self.region.mask] = np.nan
        return out

    def is_frozen_at(self, y, x):
        """Whether points ``(y, x)`` in cells lie in the predicted frozen region."""
        i, j = self._square_of(y, x)
        return self.frozen[i, j]

    def _square_of(self, y, x):
        """The mesh square ``(i, j)`` that speaks for points ``(y, x)`` in cells.

        The square containing the point; for a point of a region cell whose square is
        not in the mesh (a square is in it when the cell at its centre is: along a
        staircase boundary, with squares of two or more cells, the outer cells' squares
        are not), the nearest square of the mesh, whose centre is at most a square's
        diagonal away.
        """
        y = np.asarray(y, dtype=float)
        x = np.asarray(x, dtype=float)
        y, x = np.broadcast_arrays(y, x)
        mesh = self._mesh
        i = np.clip(np.floor(y / self.delta).astype(int), 0, mesh.nr - 1)
        j = np.clip(np.floor(x / self.delta).astype(int), 0, mesh.nc - 1)
        rows, cols = self.region.shape
        r = np.floor(y).astype(int)
        c = np.floor(x).astype(int)
        ok = np.asarray((r >= 0) & (r < rows) & (c >= 0) & (c < cols) & (y == y) & (x == x))
        inside = np.zeros(ok.shape, dtype=bool)
        inside[ok] = self.region.mask[r[ok], c[ok]]
        lost = inside & ~mesh.active[i, j]
        if lost.any():
            if self._nearest is None:
                from scipy.ndimage import distance_transform_edt

                _, self._nearest = distance_transform_edt(~mesh.active, return_indices=True)
            ni, nj = self._nearest
            i, j = i.copy(), j.copy()
            i[lost], j[lost] = ni[i[lost], j[lost]], nj[i[lost], j[lost]]
        return i, j

    # --------------------------------------------------------------- display
    def __repr__(self):
        rows, cols = self.region.shape
        return (
            f"LimitShape({rows}x{cols} region, {self._mesh.nr}x{self._mesh.nc} mesh, {self.weights_kind} weights: "
            f"free energy {self.free_energy:.6f} per cell, {100 * self.liquid_fraction:.1f}% liquid, "
            f"{len(self.arctic_curves)} arctic curve(s), residual {self.residual:.1e})"
        )

    def _repr_html_(self):
        rows = [
            (
                "region",
                f"{self.region.shape[0]}x{self.region.shape[1]} cells, {self.region.n_cells} cells",
            ),
            ("mesh", f"{self._mesh.nr}x{self._mesh.nc} squares of {self.delta:.3g} cells"),
            ("weights", self.weights_kind),
            ("free energy (log Z / cells)", f"{self.free_energy:.6f}"),
            (
                "liquid / frozen / gaseous",
                f"{100 * self.liquid_fraction:.1f}% / "
                f"{100 * self.frozen[self._mesh.active].mean():.1f}% / {100 * self.gaseous[self._mesh.active].mean():.1f}%",
            ),
            (
                "arctic curves",
                f"{len(self.arctic_curves)} ({sum(len(c) for c in self.arctic_curves)} points)",
            ),
            ("gas curves", f"{len(self.gas_curves)}"),
            (
                "solver",
                f"{self.iterations} Newton steps, residual {self.residual:.1e}, gap {self.gap:.1e} per cell",
            ),
        ]
        body = "".join(
            f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{v}</td></tr>"
            for k, v in rows
        )
        img = ""
        try:
            img = self._png_html()
        except Exception:  # pragma: no cover - a display must never fail
            img = ""
        return f"<div><b>LimitShape</b><table>{body}</table>{img}</div>"

    def _png_html(self):
        import base64
        import io

        from matplotlib.figure import Figure  # no pyplot: the notebook's backend is left alone

        from ..viz.limit_shape import draw_limit_shape

        fig = Figure(figsize=(3.2, 3.2), dpi=80)
        ax = fig.add_subplot(111)
        draw_limit_shape(self, ax=ax, surface=False)
        buf = io.BytesIO()
        fig.savefig(buf, format="png", bbox_inches="tight")
        return f"<img src='data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}'/>"


def _curves(field, mesh, level):
    """Polylines ``(x, y)`` in cells of ``field == level`` on the squares' centres (NaN masked)."""
    import contourpy

    nr, nc = mesh.nr, mesh.nc
    xc = (np.arange(nc) + 0.5) * mesh.delta
    yc = (np.arange(nr) + 0.5) * mesh.delta
    z = np.ma.masked_invalid(field)
    if z.count() == 0 or min(z.shape) < 2:
        return []
    gen = contourpy.contour_generator(xc, yc, z, line_type="Separate", corner_mask=True)
    lines = gen.lines(level)
    return [np.asarray(c, dtype=float) for c in lines if len(c) >= 2]


def _forced_squares(mesh, free):
    """Mesh squares whose five nodes (corners and centre) the boundary's Lipschitz bounds fix.

    There the upper and lower envelopes meet: every height function of the region --
    every tiling -- has those heights, so the square is frozen whatever its legs'
    slopes look like (a 1 x n strip, a ring of width 1: one tiling per sector).
    """
    nr, nc = mesh.nr, mesh.nc
    n_corner = (nr + 1) * (nc + 1)
    fixed = mesh.used & ~free
    corners = fixed[:n_corner].reshape(nr + 1, nc + 1)
    centres = fixed[n_corner:].reshape(nr, nc)
    out = centres & corners[:-1, :-1] & corners[:-1, 1:] & corners[1:, :-1] & corners[1:, 1:]
    return out & mesh.active


def _arctic(liquidity, mesh, tau):
    """Arctic curves (extrapolated from the ``tau`` level line) and the frozen mask.

    Near an arctic curve the liquidity grows like the square root of the distance
    into the liquid region (the height leaves the frozen plane like ``d**(3/2)``,
    Pokrovsky-Talapov; Kenyon-Okounkov [2]_), so ``l**2`` is linear there. The
    discrete solution is smeared over a few mesh squares next to the curve but
    accurate at ``l = tau``: each point of that level line is moved along
    ``-grad(l**2)`` by ``tau**2 / |grad(l**2)|`` (at most 4 squares), to where
    ``l**2`` extrapolates to 0. A square is frozen when ``l < tau`` and it lies
    farther from the level line than the extrapolation step there.
    """
    from scipy.ndimage import map_coordinates
    from scipy.spatial import cKDTree

    d = mesh.delta
    g = liquidity**2
    gg = np.where(np.isnan(g), 0.0, g)
    if min(gg.shape) >= 2:
        gy, gx = np.gradient(gg, d)
    else:
        gy = gx = np.zeros_like(gg)
    curves, pts, steps = [], [], []
    for c in _curves(liquidity, mesh, tau):
        iy = c[:, 1] / d - 0.5
        ix = c[:, 0] / d - 0.5
        vx = map_coordinates(gx, [iy, ix], order=1, mode="nearest")
        vy = map_coordinates(gy, [iy, ix], order=1, mode="nearest")
        nrm = np.maximum(np.hypot(vx, vy), 1e-300)
        step = np.minimum(tau * tau / nrm, 4 * d)
        curves.append(c - (step / nrm)[:, None] * np.stack([vx, vy], 1))
        pts.append(c)
        steps.append(step)
    frozen = mesh.active & (np.nan_to_num(liquidity, nan=np.inf) < tau)
    if pts:
        P = np.concatenate(pts)
        S = np.concatenate(steps)
        I, J = np.nonzero(frozen)
        dist, k = cKDTree(P).query(np.stack([(J + 0.5) * d, (I + 0.5) * d], 1))
        frozen[I, J] = dist > S[k]
    return _join_ends(curves, JOIN_SQUARES * d), frozen


def _without_specks(frozen, curves, delta):
    """The frozen mask without its lone squares (no frozen square beside them), and the arctic
    curves without the pieces shorter than a square's side.

    A frozen region of one mesh square is below what the mesh resolves (the solution is
    smeared over a few squares next to an arctic curve): with squares of one cell, the
    corner of a rectangle, where the boundary heights' zigzag turns, saturates the
    slope of its square (exact probabilities 1/2 there), and single squares flicker
    below the level ``tau`` along the Aztec diamond's arctic circle. Squares the
    boundary alone fixes are added back by the caller.
    """
    pad = np.pad(frozen, 1)
    beside = pad[:-2, 1:-1] | pad[2:, 1:-1] | pad[1:-1, :-2] | pad[1:-1, 2:]
    kept = [c for c in curves if np.hypot(*np.diff(c, axis=0).T).sum() >= delta]
    return frozen & beside, kept


#: Open ends of arctic polylines closer than this many mesh squares are joined (see :func:`_join_ends`).
JOIN_SQUARES = 8


def _join_ends(curves, gap):
    """The polylines with open ends less than `gap` apart joined (and a polyline whose two ends are, closed).

    Where the liquid region touches the region's boundary (the four points where
    the Aztec diamond's arctic curve is tangent to its sides) the level line of
    the liquidity runs into the masked squares outside and breaks: its two ends
    lie a few squares apart, on either side of the point of contact. The arctic
    curve passes through that point, so the ends are joined by a segment.
    """
    curves = [np.asarray(c, dtype=float) for c in curves]
    out = []
    while curves:
        cur = curves.pop(0)
        grown = True
        while grown and curves:
            grown = False
            for k, other in enumerate(curves):
                for flip_cur in (False, True):
                    a = cur[0] if flip_cur else cur[-1]
                    for flip_other in (False, True):
                        b = other[-1] if flip_other else other[0]
                        if np.hypot(*(a - b)) < gap:
                            head = cur[::-1] if flip_cur else cur
                            tail = other[::-1] if flip_other else other
                            cur = np.concatenate([head, tail])
                            curves.pop(k)
                            grown = True
                            break
                    if grown:
                        break
                if grown:
                    break
        if len(cur) > 2 and 0 < np.hypot(*(cur[0] - cur[-1])) < gap:
            cur = np.concatenate([cur, cur[:1]])
        out.append(cur)
    return out


def _sector_boundary_heights(region, flux):
    """``(boundary heights, flux)`` of one flux sector of a region with holes.

    The heights on every boundary component are the same for all tilings of a
    sector (:mod:`dominotiling.flux`): they are read off the sector's minimal tiling.
    ``flux="most likely"`` takes the sector with the most tilings (exact counts of
    :func:`~dominotiling.flux.count_by_flux`).
    """
    from .._kernels.height import height_function as heights_of

    if isinstance(flux, str):
        _validate.choice(flux, "flux", ("most likely",))
        counts = count_by_flux(region)
        if not counts:
            raise NoTilingError("the region has no tiling: it has no limit shape")
        flux = max(counts, key=lambda f: (counts[f], [-abs(v) for v in f]))
    tiling = sector_tiling(region, flux, extreme="min")
    h, ok = heights_of(np.ascontiguousarray(tiling.labels))
    if not ok:
        raise DominoTilingError(
            "a hole of this region has unequal numbers of black and white cells, so the heights of its "
            "tilings are multi-valued around it; limit shapes of such regions are not implemented"
        )
    m = np.pad(region.mask, 1)
    inner = m[:-1, :-1] & m[:-1, 1:] & m[1:, :-1] & m[1:, 1:]
    on = defined_vertices(region) & ~inner
    hb = np.where(on, h, UNDEFINED)
    return hb, tuple(int(v) for v in flux)


def _bounds(region, mesh, hb=None):
    """``(upper, lower, seeded)``: the leg-Lipschitz envelopes of the region's boundary heights on the mesh.

    Every lattice boundary vertex ``b`` (height ``h_b``, the same for all tilings) bounds
    the mesh nodes ``p`` of the squares around it by ``h_b +- 2 |p - b|_inf`` (the
    polygon ``|s| + |t| <= 2`` allows no steeper change); shortest paths along the
    legs, inside the meshed region, carry the bounds everywhere. Every admissible
    height function of the region lies between them, up to ``O(delta)``.
    """

    if hb is None:
        hb = boundary_heights(region)
    if hb is None:
        raise NoTilingError(
            "the region has no tiling (its boundary heights do not close up): it has no limit "
            "shape; region.make_tileable() removes the fewest boundary cells that leave a tileable "
            "region"
        )
    bi, bj = np.nonzero(hb != UNDEFINED)
    hv = hb[bi, bj].astype(float)
    d = mesh.delta
    nr, nc = mesh.nr, mesh.nc
    n_corner = (nr + 1) * (nc + 1)
    n = mesh.used.size
    seed_up = np.full(n, np.inf)
    seed_lo = np.full(n, -np.inf)
    i0 = np.floor(bi / d + 1e-9).astype(int)
    j0 = np.floor(bj / d + 1e-9).astype(int)
    for di in (-1, 0):
        for dj in (-1, 0):
            i = i0 + di
            j = j0 + dj
            ok = (i >= 0) & (i < nr) & (j >= 0) & (j < nc)
            i, j, y, x, h = i[ok], j[ok], bi[ok], bj[ok], hv[ok]
            for node in (
                i * (nc + 1) + j,
                i * (nc + 1) + j + 1,
                (i + 1) * (nc + 1) + j,
                (i + 1) * (nc + 1) + j + 1,
                n_corner + i * nc + j,
            ):
                dist = 2 * np.maximum(np.abs(mesh.node_y[node] - y), np.abs(mesh.node_x[node] - x))
                np.minimum.at(seed_up, node, h + dist)
                np.maximum.at(seed_lo, node, h - dist)
    seeded = mesh.used & np.isfinite(seed_up)
    idx = np.flatnonzero(seeded)
    upper, _ = lipschitz_extensions(mesh, idx, seed_up[idx])
    _, lower = lipschitz_extensions(mesh, idx, seed_lo[idx])
    clash = mesh.used & (lower > upper)
    if clash.any():  # boundary heights close in the plane, far apart inside the region
        mid = (upper[clash] + lower[clash]) / 2
        upper[clash] = lower[clash] = mid
    return upper, lower, seeded


def _interior_start(mesh, upper, lower, free):
    """A strictly admissible start: the mean of ``clip(phi + c, lower, upper)`` over tilted planes ``phi``
    and all offsets ``c``.

    Each clipped plane is admissible (the admissible functions are a lattice and
    contain the planes of slope inside the polygon), so their mean is. Averaging over
    *every* offset ``c`` (in closed form: the mean of a clipped linear function) leaves
    a leg saturated only where every admissible function saturates it -- where
    ``lower`` at one end and ``upper`` at the other are a full step apart -- since for
    any other leg the offsets with the plane's value between the bounds at its ends
    relax it, and they have positive measure. (A finite set of offsets can miss that
    window wherever the bounds are close: the legs there were then fixed at heights
    no limit shape has, a crease of about half a step along the frozen region.)
    """
    used = mesh.used
    lo_all, hi_all = float(lower[used].min()), float(upper[used].max())
    total = np.zeros(upper.size)
    x, y = mesh.node_x, mesh.node_y
    planes = [np.zeros_like(x)] + [0.5 * (sx * x + sy * y) for sx in (1, -1) for sy in (1, -1)]
    for p in planes:
        c0 = (
            lo_all - float(p[used].max()) - 1.0
        )  # p + c0 below every lower bound, p + c1 above every upper
        c1 = hi_all - float(p[used].min()) + 1.0
        a, b = (
            lower - p,
            upper - p,
        )  # clip(p + c) is lower for c <= a, p + c between, upper for c >= b
        total += (lower * (a - c0) + p * (b - a) + (b * b - a * a) / 2 + upper * (c1 - b)) / (
            c1 - c0
        )
    h0 = np.where(free, total / len(planes), (upper + lower) / 2)
    return h0


def _pin_saturated(mesh, h0, free):
    """Fix the free nodes of legs that the start saturates (forced there at the mesh's scale).

    The barrier needs every leg with a free end strictly inside its bound; a leg that
    no clipped plane relaxes is saturated by the boundary heights at the scale of
    the mesh (a staircase of forced steps): its ends are fixed at the start's values,
    repeatedly, until no such leg is left.
    """
    free = free.copy()
    u, v = mesh.legs[:, 0], mesh.legs[:, 1]
    q = 2 * (h0[v] - h0[u]) / mesh.delta
    sat = np.abs(q) >= 2 - 1e-9
    for _ in range(mesh.nr + mesh.nc + 2):
        bad = sat & (free[u] | free[v])
        if not bad.any():
            break
        free[u[bad]] = False
        free[v[bad]] = False
    return free


def _weights_kind(weights, region):
    """``(pattern or None, description, free-energy shift)``; equal weights ``c`` are the uniform model.

    Equal weights ``c`` multiply every tiling's weight by ``c**(cells / 2)``: the
    shape is the uniform one, its free energy ``log(c) / 2`` per cell higher.
    """
    if weights is None:
        return None, "uniform", 0.0
    from .spectral import weight_pattern

    try:
        pattern = weight_pattern(weights, region=region)  # refuses what is not a periodic pattern
    except DominoTypeError as e:
        raise DominoTypeError(f"weights of a limit shape: {e}") from None
    pattern.check_positive("a limit shape")
    if pattern.symbols():
        raise DominoTilingError("limit shapes need numeric weights; substitute the symbols first")
    h, v = pattern.as_float()
    vals = np.concatenate([h.ravel(), v.ravel()])
    if vals.max() == vals.min():
        return None, "uniform", float(np.log(vals[0])) / 2
    return pattern, f"{pattern.shape[0]}x{pattern.shape[1]}-periodic", 0.0


@keyword_only("weights")
def limit_shape(region, *, weights=None, resolution=None, flux=None, progress=None):
    """The limit shape of a region: the height function minimising ``int sigma(grad h)``.

    Parameters
    ----------
    region : Region
        A tileable plane region (not a torus); with holes, give `flux`.
    weights : None or periodic weights, optional
        None for uniform tilings. Positive periodic weights in any spelling of
        :ref:`weight-spellings` (:mod:`dominotiling.model.weighting`): ``(a, b)`` for
        the two-periodic model (``WeightPattern.two_periodic(a, b)``, the weights of
        ``sample_aztec(n, weights=(a, b))``), a
        :class:`~dominotiling.theory.WeightPattern`, a periodic ``Weights``, or on
        ``Region.aztec_diamond(n)`` the block arrays of ``sample_aztec``. A pattern
        weighs the dominoes at cell ``(r, c)`` by entry ``(r % k, c % l)`` (a shift of
        the pattern by a period's multiple of 2 does not change the limit shape).
        Equal weights are the uniform model; other periodic weights go through the
        numerical surface tension (Notes), with gas regions where the weights make them.
    resolution : int, optional
        Mesh squares along the region's longer side, :data:`DEFAULT_RESOLUTION` by
        default (or the longer side ``L`` if shorter); at most ``L`` itself: the
        boundary heights are known at lattice vertices only, and a finer mesh would
        resolve their zigzag, not the shape. The mesh has about ``2 resolution**2`` nodes.
    flux : tuple of int or "most likely", optional
        For regions with holes (and only for them): the flux sector, one height offset
        per hole in the order of ``region.holes`` (:mod:`dominotiling.flux`; the
        sectors are the keys of :func:`~dominotiling.flux.count_by_flux`), or
        ``"most likely"``: the sector with the most tilings, by those exact counts.
        The heights on every boundary component are then the sector's. Holes must
        have as many black as white cells (else the heights are multi-valued).
    progress : None or bool, optional
        A line on standard error saying what runs (the surface tension's table,
        the Newton step) and for how long, once the call has taken two seconds
        (None or True, the default; ``DOMINOTILING_QUIET=1`` silences it); False:
        none.

    Returns
    -------
    LimitShape
        Heights, slopes, frozen and gas masks, arctic and gas curves, densities, free energy.

    Raises
    ------
    NoTilingError
        If the region has no tiling (no height function: nothing to take a limit of).
    DominoTilingError
        If the region has no cell, if it has holes and no `flux` (or `flux` without holes, or a sector
        with no tiling), if `resolution` is finer than the lattice (the message names
        the largest allowed), or for weights of the wrong kind (a
        :class:`~dominotiling.errors.DominoTypeError`), zero or negative (a
        :class:`~dominotiling.errors.WeightError`), or not periodic (a ``Weights``
        with no repeating period: a ``WeightError`` saying so).
    TooLargeError
        If the mesh and its Newton systems would not fit in the memory budget.
    PrecisionError
        If the solver does not converge (the message gives its last Newton
        decrement, the residual), or the numerical surface tension of periodic
        weights cannot be tabulated to its tolerance.

    Notes
    -----
    *The problem.* With ``L`` the region's longer side, the limit height is
    ``L h*(x / L, y / L)`` where ``h*`` minimises ``int sigma(grad h)`` over the region
    scaled to unit size among Lipschitz functions with slopes in the Newton polygon
    ``|s| + |t| <= 2`` and the region's (rescaled) boundary heights [1]_; the
    minimiser is unique (``sigma`` is strictly convex inside the polygon).

    *The method* (:mod:`~dominotiling.theory.variational`). Finite elements, linear on
    the triangles of a "union jack" mesh whose legs run along the diagonals, so that
    the polygon's constraint is one bound ``|h(u) - h(v)| <= delta`` per leg -- kept
    exactly -- and an interior-point method: Newton's method on the energy plus a
    vanishing logarithmic barrier of the leg bounds, sparse direct solves, strictly
    feasible steps. Chosen because ``sigma`` has a closed-form Hessian (uniform
    weights) and is smooth inside the polygon, so Newton converges quadratically,
    while the frozen regions, where the slope sits on the polygon's boundary and
    ``grad sigma`` blows up logarithmically, are reached from inside without ever
    leaving the admissible set. The boundary heights come from
    :func:`~dominotiling.height.boundary_heights`: each lattice boundary vertex ``b``
    bounds the mesh nodes ``p`` around it by ``h_b +- 2 |p - b|_inf`` (no admissible
    slope is steeper), and shortest paths along the legs, inside the meshed region,
    carry these bounds everywhere; nodes where they meet are fixed, the others are
    free between them (with a barrier of their own near the boundary). So the mesh
    need not follow the region's staircase; the discretisation error is ``O(delta)``.
    Each Newton step (one sparse factorisation, about 0.1 s at resolution 200) is a
    slice: Ctrl-C arrives between two of them.

    *Periodic weights* (:mod:`~dominotiling.theory.tension_table`). The Newton
    solver needs ``sigma`` with its gradient and Hessian at every triangle in every
    step; the numerical surface tension (:func:`~dominotiling.theory.surface_tension`,
    a Legendre dual of the Ronkin function) costs about a third of a millisecond a
    slope and gives no Hessian. So ``sigma`` is split as the uniform closed form
    (which carries the logarithmic singularities at the polygon's edges: they
    depend on the lattice, not the weights) plus, for each gaseous lattice point,
    the cone ``sigma`` has there -- the support function of the amoeba's bubble,
    computed exactly from the compact real oval of the spectral curve -- plus a
    smooth remainder, tabulated once per weighting on a ``65 x 65`` grid of slopes
    and interpolated by bicubic splines (its error, ``table_error``, about
    ``1e-6``). Tabulating was chosen over evaluating ``grad sigma`` exactly at
    every triangle (the field of the amoeba: a Newton solve per slope per step,
    ``10**5`` of them) because the table costs a few seconds once and each step
    then costs as much as for uniform weights; the cones are kept exact because
    a spline would round them off, and the gas facet is exactly where they matter.
    Newton's method needs ``C^2``, so each cone ``h`` is smoothed to
    ``sqrt(h**2 + eps**2)``, ``eps`` falling with the barrier weight to
    ``2e-4``: the height in the gas region is then flat to within about 0.01 in
    slope. The *gas mask and curves* are found as the arctic curves are (below),
    from the slope's distance to the gas point (:data:`GAS_TOLERANCE`): across a
    liquid-gas boundary that distance also grows like the square root of the
    distance into the liquid [5]_. For the two-periodic Aztec diamond both curves
    lie within 1.4 % of the diameter of Chhita and Johansson's explicit curve of
    degree 8 [4]_ at resolution 100, and within 0.8 % at 200: the farthest points
    are the liquid-gas curve's four cusps, which the mesh rounds off (elsewhere
    about 0.1 %; ``tests/theory/test_limit_shape.py``).

    *Outputs.* The *liquidity* ``l = 2 - max(|s + t|, |s - t|)`` is the slope's
    distance to the polygon's boundary: 0 where frozen. Next to an arctic curve it
    grows like the square root of the distance into the liquid region (the height
    leaves the frozen plane like ``d**(3/2)`` [2]_), while the discrete minimiser is
    smeared over a few squares there; so the curve is taken from the level line
    ``l = tau`` (:data:`FROZEN_TOLERANCE`), where the solution is accurate, each point
    moved down the gradient of ``l**2`` to where ``l**2`` extrapolates linearly to
    zero. The frozen mask is the squares beyond the curves. The densities are the placement
    probabilities of the Gibbs measure of the local slope, from Cohn, Kenyon and
    Propp's formulas ([1]_, Theorem 1.1; see
    :func:`~dominotiling.theory.uniform_surface_tension`). The free energy is
    ``-(1 / area) sum_T area_T sigma(grad h_T)``: the limit of ``log Z / cells`` for
    growing copies of the region [1]_ [2]_.

    References
    ----------
    .. [1] H. Cohn, R. Kenyon, J. Propp, "A variational principle for domino tilings",
       J. Amer. Math. Soc. 14 (2001), 297-346.
    .. [2] R. Kenyon, A. Okounkov, "Limit shapes and the complex Burgers equation",
       Acta Math. 199 (2007), 263-302.
    .. [3] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
       circle theorem", arXiv:math/9801068 (1998).
    .. [4] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
       diamond", Adv. Math. 294 (2016), 37-149.
    .. [5] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.

    See Also
    --------
    surface_tension, uniform_surface_tension, free_energy,
    dominotiling.viz.limit_shape.draw_limit_shape, dominotiling.arctic.arctic_circle

    Examples
    --------
    >>> from dominotiling import Region
    >>> ls = limit_shape(Region.aztec_diamond(16), resolution=32)
    >>> ls.frozen[0, 16], ls.frozen[16, 16]       # a corner is frozen, the centre liquid
    (np.True_, np.False_)
    >>> [round(float(p), 2) for p in ls.densities[15:17, 15:17].mean(axis=(0, 1))]
    [0.25, 0.25, 0.25, 0.25]

    The two-periodic Aztec diamond has a gas region in the middle [4]_:

    >>> from dominotiling.theory import WeightPattern
    >>> gas = limit_shape(Region.aztec_diamond(20), weights=WeightPattern.two_periodic(1.0, 0.5), resolution=40)
    >>> bool(gas.gaseous[20, 20]), bool(gas.frozen[0, 20]), len(gas.gas_curves)
    (True, True, 1)
    """
    region = _validate.region(region)
    if region.n_cells == 0:
        raise DominoTilingError(
            f"the region ({region.shape[0]}x{region.shape[1]}) has no cell: its one tiling is the "
            "empty one, and there is no height function to take a limit of; give a region with cells"
        )
    if not region.holes and flux is not None:
        raise DominoTilingError(
            "flux= is for regions with holes (one offset per hole, or 'most likely'); "
            "this region has none"
        )
    if region.holes and flux is None:
        raise DominoTilingError(
            f"the region has {len(region.holes)} hole(s): its limit shape depends on the flux sector; pass "
            "flux=(one height offset per hole) -- dominotiling.flux.count_by_flux(region) lists the sectors -- "
            "or flux='most likely'"
        )
    if not region.is_balanced:
        black, white = region.color_counts()
        raise NoTilingError(
            f"the region has no tiling ({black} black and {white} white cells): it has no limit "
            "shape; region.make_tileable() removes the fewest boundary cells that leave a tileable "
            "region (rule='double' makes each cell a 2x2 block instead), or build it with "
            "Region.from_image(..., tileable='trim')"
        )
    rows, cols = region.shape
    L = max(rows, cols)
    if resolution is None:
        resolution = min(DEFAULT_RESOLUTION, L)
    resolution = _validate.positive_int(resolution, "resolution")
    if resolution < 2:
        raise DominoTilingError(
            "resolution must be at least 2 (mesh squares along the longer side)"
        )
    if (
        resolution > L
    ):  # the boundary heights are known at lattice vertices only: no mesh finer than the lattice
        raise DominoTilingError(
            f"resolution={resolution} is finer than the lattice: the region's longer side has {L} cells, so at "
            f"most resolution={L} mesh squares fit along it (the boundary heights are known at lattice vertices "
            "only; a finer mesh would resolve their zigzag, not the shape)"
        )
    progress = True if progress is None else _validate.boolean(progress, "progress")
    pattern, kind, shift = _weights_kind(weights, region)
    from .._compile_notice import ProgressLine

    what = f"limit shape of a {rows}x{cols} region at resolution {resolution}"
    with ProgressLine(what, enabled=progress) as line:
        return _solve(region, pattern, kind, shift, resolution, flux, line, what)


def _solve(region, pattern, kind, shift, resolution, flux, line, what):
    """:func:`limit_shape` on checked arguments, saying on `line` what runs."""
    hb = None
    if region.holes:
        hb, flux = _sector_boundary_heights(region, flux)
    mesh = build_mesh(region, resolution)
    upper, lower, seeded = _bounds(region, mesh, hb)
    upper = np.where(mesh.used, upper, 0.0)
    lower = np.where(mesh.used, lower, 0.0)
    free = mesh.used & (upper - lower > 1e-9 * mesh.delta)
    forced = _forced_squares(mesh, free)
    h0 = _interior_start(mesh, upper, lower, free)
    free = _pin_saturated(mesh, h0, free)
    box_nodes = np.flatnonzero(free & seeded)
    stage = None
    if pattern is None:
        sigma = uniform_sigma
    else:
        from .tension_table import periodic_sigma

        line.description = f"{what}: the table of the surface tension (once per weighting)"
        sigma = periodic_sigma(pattern)
        stage = sigma.stage
    steps = [0]

    def step():
        steps[0] += 1
        line.description = f"{what}: Newton step {steps[0]}"

    info = solve_barrier(
        mesh,
        h0,
        free,
        sigma,
        box=(box_nodes, lower[box_nodes], upper[box_nodes]),
        stage=stage,
        stop=step,
    )
    q = info.q
    tri = mesh.tri_legs
    val, _, _, probs = sigma(q[tri[:, 0]], q[tri[:, 1]], "value")
    gas = None
    if pattern is not None and sigma.gas_points.size:
        dist = np.full(mesh.nr * mesh.nc, np.nan)
        dist[mesh.active.ravel()] = (
            sigma.gas_distance(q[tri[:, 0]], q[tri[:, 1]]).reshape(-1, 4).mean(axis=1)
        )
        curves, mask = _arctic(dist.reshape(mesh.nr, mesh.nc), mesh, GAS_TOLERANCE)
        gas = (mask, curves)
    out = LimitShape(region, mesh, info.h, q, info, val, probs, kind, FROZEN_TOLERANCE, gas)
    out.frozen, out.arctic_curves = _without_specks(out.frozen, out.arctic_curves, mesh.delta)
    if forced.any():  # heights the boundary alone fixes: every tiling agrees there, it is frozen
        out.frozen = out.frozen | forced
        out.liquidity = np.where(forced, 0.0, out.liquidity)
    out.free_energy += shift
    out.flux = flux
    return out
