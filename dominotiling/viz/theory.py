"""Pictures of the infinite-volume theory (:mod:`dominotiling.theory`).

- :func:`draw_amoeba` -- an amoeba with its phases coloured (liquid, each frozen
  tentacle region, the gas bubbles), its boundary (the real points of the curve),
  and the Newton polygon beside it with its lattice points coloured the same way;
- :func:`draw_newton_polygon` -- the Newton polygon alone, in fluxes or Thurston slopes;
- :func:`draw_surface_tension` -- the surface tension over the slope polygon, as an
  image with contours (or a 3-D surface);
- :func:`draw_phase_diagram` -- the gas bubbles' sizes along a one-parameter family.

Each takes an optional ``ax=`` and returns the Axes; none calls ``plt.show()``.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling.theory import amoeba, WeightPattern
>>> ax = draw_amoeba(amoeba(WeightPattern.two_periodic(2.0, 1.0), resolution=80))
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..theory.amoeba import Amoeba
from ..theory.amoeba import amoeba as make
from ..theory.ronkin import curve_of
from ..theory.surface_tension import surface_tension

__all__ = ["draw_amoeba", "draw_newton_polygon", "draw_surface_tension", "draw_phase_diagram"]

_LIQUID = "#f2c14e"
_GAS = "#3c7dc4"
_FROZEN = ("#d9d9d9", "#bdbdbd", "#a5a5a5", "#c8c8c8", "#b0b0b0", "#e3e3e3")


def _axes(ax, size=(5, 5)):
    if ax is not None:
        from matplotlib.axes import Axes

        return _validate.instance(
            ax, "ax", Axes, "pass a matplotlib Axes, e.g. from plt.subplots()"
        )
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


@keyword_only("ax")
def draw_amoeba(amoeba, *, ax=None, newton=True, boundary=True, newton_ax=None):
    """The amoeba of a spectral curve, its phases coloured, with the Newton polygon beside it.

    Parameters
    ----------
    amoeba : Amoeba or SpectralCurve or weights
        From :func:`dominotiling.theory.amoeba` (anything else is passed to it).
    ax : matplotlib.axes.Axes, optional
        Where the amoeba goes. Without one a figure is made, with a second panel for
        the Newton polygon when `newton` is true.
    newton : bool, keyword-only
        Draw the Newton polygon (in `newton_ax`, or a new panel when `ax` is None).
    boundary : bool, keyword-only
        Mark the images of the real points of the curve (the amoeba's boundary).
    newton_ax : matplotlib.axes.Axes, optional, keyword-only

    Returns
    -------
    matplotlib.axes.Axes
        The amoeba's Axes.

    Notes
    -----
    Liquid (the amoeba) is yellow, gaseous bubbles blue, frozen regions grey; the
    lattice points of the polygon carry the colour of their component (a liquid
    interior point, with no bubble, is yellow).

    See Also
    --------
    draw_phase_diagram, draw_surface_tension, dominotiling.theory.amoeba

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling.theory import amoeba
    >>> ax = draw_amoeba(amoeba(None, resolution=60))
    >>> ax.get_xlabel()
    'x = log|z|'
    """
    from matplotlib.colors import ListedColormap

    am = amoeba if isinstance(amoeba, Amoeba) else make(amoeba)
    if ax is None:
        import matplotlib.pyplot as plt

        if newton and newton_ax is None:
            fig, (ax, newton_ax) = plt.subplots(
                1, 2, figsize=(10, 4.8), gridspec_kw={"width_ratios": [1.25, 1]}
            )
        else:
            ax = plt.subplots(figsize=(5.5, 5))[1]
    else:
        ax = _axes(ax)
    colors = [_LIQUID]
    for i, c in enumerate(am.components):
        colors.append(_GAS if c.phase == "gaseous" else _FROZEN[i % len(_FROZEN)])
    cmap = ListedColormap(colors)
    ext = (am.x[0], am.x[-1], am.y[0], am.y[-1])
    ax.imshow(
        am.labels,
        origin="lower",
        extent=ext,
        cmap=cmap,
        vmin=-0.5,
        vmax=len(colors) - 0.5,
        interpolation="nearest",
        aspect="equal",
    )
    if boundary:
        for pts in am.boundary.values():
            if len(pts):
                ax.plot(pts[:, 0], pts[:, 1], ",", color="#5a3d00", alpha=0.8)
    for i, c in enumerate(am.components):
        ys, xs = np.nonzero(am.labels == i + 1)
        if len(xs) == 0:
            continue
        if c.phase == "gaseous":
            xm, ym = am.x[int(np.median(xs))], am.y[int(np.median(ys))]
            ax.text(xm, ym, f"{c.order}", ha="center", va="center", fontsize=8, color="white")
    ax.set_xlabel("x = log|z|")
    ax.set_ylabel("y = log|w|")
    ax.set_title("amoeba: liquid (yellow), gas (blue), frozen (grey)")
    if newton and newton_ax is not None:
        draw_newton_polygon(am.curve, ax=newton_ax, amoeba=am)
    return ax


def draw_newton_polygon(curve, ax=None, *, coordinates="flux", amoeba=None):
    """The Newton polygon of a spectral curve with its lattice points.

    Parameters
    ----------
    curve : SpectralCurve or weights
    ax : matplotlib.axes.Axes, optional
    coordinates : {"flux", "slope"}, keyword-only
        Exponents ``(a, b)`` of ``P``, or Thurston slopes ``(s, t)`` per cell.
    amoeba : Amoeba, optional, keyword-only
        Colour the lattice points by the phases found on it: frozen (grey), gaseous
        (blue), liquid (yellow, an interior point without a bubble).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_newton_polygon(None, coordinates="slope")
    >>> ax.get_xlabel()
    's (per column)'
    """

    _validate.choice(coordinates, "coordinates", ("flux", "slope"))
    curve = curve_of(curve)
    ax = _axes(ax, (4.5, 4.5))

    def conv(p):
        return curve.slope(*p) if coordinates == "slope" else p

    hull = np.array(
        [conv(p) for p in curve.newton_polygon] + [conv(curve.newton_polygon[0])], dtype=float
    )
    ax.fill(hull[:, 0], hull[:, 1], color=_LIQUID, alpha=0.35, zorder=0)
    ax.plot(hull[:, 0], hull[:, 1], color="#444", lw=1.5)
    gas = (
        {c.order for c in amoeba.components if c.phase == "gaseous"}
        if amoeba is not None
        else set()
    )
    for p in curve.boundary_points:
        q = conv(p)
        ax.plot(*q, "o", color="#888", ms=7, mec="k")
    for p in curve.interior_points:
        q = conv(p)
        ax.plot(*q, "o", color=_GAS if p in gas else _LIQUID, ms=8, mec="k")
    if coordinates == "slope":
        ax.set_xlabel("s (per column)")
        ax.set_ylabel("t (per row)")
    else:
        ax.set_xlabel("a (power of z)")
        ax.set_ylabel("b (power of w)")
    ax.set_aspect("equal")
    n_inner = len(curve.interior_points)
    ax.set_title(
        f"Newton polygon: {n_inner} interior point{'s' if n_inner != 1 else ''} (arithmetic genus)"
    )
    return ax


@keyword_only("ax")
def draw_surface_tension(P, *, ax=None, num=81, surface=False, cmap="viridis"):
    """The surface tension ``sigma(s, t)`` over the polygon of Thurston slopes.

    Parameters
    ----------
    P : SpectralCurve or weights
    ax : matplotlib.axes.Axes, optional
        A 2-D Axes (image and contours), or a 3-D one with ``surface=True``.
    num : int, keyword-only
        Grid points per side.
    surface : bool, keyword-only
        A 3-D surface instead of an image.
    cmap : str, keyword-only

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    draw_amoeba, draw_phase_diagram, dominotiling.theory.surface_tension

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_surface_tension(None, num=21)
    """

    curve = curve_of(P)
    num = _validate.integer(num, "num", minimum=5, maximum=1000)
    poly = curve.slope_polygon()
    (s0, t0), (s1, t1) = poly.min(axis=0), poly.max(axis=0)
    S, T = np.meshgrid(np.linspace(s0, s1, num), np.linspace(t0, t1, num))
    st = surface_tension(curve, S, T, outside="inf")
    V = np.where(np.isfinite(st.value), st.value, np.nan)
    if surface:
        if ax is None:
            import matplotlib.pyplot as plt

            ax = plt.figure(figsize=(6, 5)).add_subplot(projection="3d")
        # the grid points inside, and points along the polygon's edges: a triangulated surface
        # with the polygon's own outline (no ragged, masked rim)
        edge = []
        for i in range(len(poly)):
            p0, p1 = poly[i], poly[(i + 1) % len(poly)]
            lam = np.linspace(0, 1, num, endpoint=False)[:, None]
            edge.append(p0 + lam * (p1 - p0))
        edge = np.concatenate(edge)
        ev = surface_tension(curve, edge[:, 0], edge[:, 1]).value
        keep = np.isfinite(V)
        ss = np.concatenate([S[keep], edge[:, 0]])
        tt = np.concatenate([T[keep], edge[:, 1]])
        vv = np.concatenate([V[keep], ev])
        ax.plot_trisurf(ss, tt, vv, cmap=cmap, linewidth=0, antialiased=True)
        ax.set_zlabel("sigma")
    else:
        ax = _axes(ax, (5.5, 4.8))
        im = ax.imshow(V, origin="lower", extent=(s0, s1, t0, t1), cmap=cmap, aspect="equal")
        ax.contour(S, T, V, levels=12, colors="k", linewidths=0.4, alpha=0.6)
        ax.figure.colorbar(im, ax=ax, shrink=0.8, label="sigma per cell")
        gas = st.phase == "gaseous"
        if gas.any():
            ax.plot(S[gas], T[gas], "o", color=_GAS, ms=5)
    ax.set_xlabel("s (per column)")
    ax.set_ylabel("t (per row)")
    ax.set_title("surface tension (Thurston slopes)")
    return ax


@keyword_only("ax")
def draw_phase_diagram(diagram, *, ax=None):
    """The gas bubbles' sizes along a one-parameter family (:func:`~dominotiling.theory.phase_diagram`).

    One line per interior lattice point (its slope in the legend): the chord of its
    bubble, 0 where that slope is liquid; the shaded band marks parameters with no
    gas phase at all.

    Parameters
    ----------
    diagram : PhaseDiagram
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    draw_amoeba, draw_surface_tension, dominotiling.theory.phase_diagram

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling.theory import phase_diagram, WeightPattern
    >>> d = phase_diagram(lambda a: WeightPattern.two_periodic(a, 1.0), [0.5, 1.0, 2.0], label="a")
    >>> ax = draw_phase_diagram(d)
    """
    ax = _axes(ax, (6, 3.6))
    p = diagram.parameters
    for j, key in enumerate(diagram.interior):
        ph = [q for q in diagram.phases[0] if q.flux == key][0]
        ax.plot(
            p,
            diagram.widths[:, j],
            "o-",
            ms=3,
            label=f"slope ({ph.slope[0]:+.2f}, {ph.slope[1]:+.2f})",
        )
    none = ~diagram.gaseous.any(axis=1)
    for i in np.flatnonzero(none):
        ax.axvline(p[i], color=_LIQUID, lw=3, alpha=0.6)
    ax.set_xlabel(diagram.label)
    ax.set_ylabel("gas bubble chord (field units)")
    ax.set_title("gas phases along the family (0: liquid)")
    if len(diagram.interior) <= 8:
        ax.legend()
    return ax
