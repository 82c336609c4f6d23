"""Pictures of limit shapes: the arctic curves over a sample, the limit height surface beside the sample's.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import Region
>>> from dominotiling.theory.limit_shape import limit_shape
>>> ls = limit_shape(Region.aztec_diamond(12), resolution=24)
>>> fig = draw_limit_shape(ls)
>>> len(fig.axes)
2
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..errors import DominoTilingError
from ..matching.height import UNDEFINED
from ..theory.limit_shape import LimitShape

__all__ = ["draw_limit_shape", "draw_limit_surface"]

#: Colours of the liquid-frozen and liquid-gas curves.
ARCTIC_COLOR = "black"
GAS_COLOR = "#00b3e6"


def _check(result):

    return _validate.instance(
        result, "result", LimitShape, "compute one with dominotiling.theory.limit_shape(region)"
    )


def _curves_on(ax, result, linewidth):
    for c in result.arctic_curves:
        ax.plot(c[:, 0], c[:, 1], color=ARCTIC_COLOR, lw=linewidth, solid_capstyle="round")
    for c in result.gas_curves:
        ax.plot(c[:, 0], c[:, 1], color=GAS_COLOR, lw=linewidth, solid_capstyle="round")


def _plane_picture(result, ax, sample, linewidth):
    rows, cols = result.region.shape
    if sample is not None:
        from .draw import draw_tiling

        _validate.tiling(sample, "sample")
        if sample.region != result.region:
            raise DominoTilingError(
                "the sample is a tiling of another region than the limit shape's; "
                "sample the same region (e.g. sample_aztec(n) for Region.aztec_diamond(n))"
            )
        # a periodically weighted Aztec sample in the colours of its phases (viz.phases)
        phases = getattr(sample, "is_periodic_weighted", False)
        draw_tiling(sample, ax=ax, color_by="phases" if phases else "types")
    else:
        d = result.delta
        img = np.where(result._mesh.active, result.liquidity, np.nan)
        ax.imshow(
            img,
            extent=(0, result._mesh.nc * d, result._mesh.nr * d, 0),
            cmap="Greys",
            vmin=0,
            vmax=2,
            interpolation="nearest",
        )
        ax.set_xlim(0, cols)
        ax.set_ylim(rows, 0)
        ax.set_aspect("equal")
        ax.set_xticks([])
        ax.set_yticks([])
    _curves_on(ax, result, linewidth)
    return ax


def _surface(ax, X, Y, Z, cmap, max_quads):
    step = max(1, int(np.ceil(max(Z.shape) / max_quads)))
    Zs = Z[::step, ::step]
    Xs = X[::step, ::step]
    Ys = Y[::step, ::step]
    ax.plot_surface(
        Xs,
        Ys,
        np.ma.masked_invalid(Zs),
        cmap=cmap,
        linewidth=0,
        antialiased=False,
        rstride=1,
        cstride=1,
    )
    ax.invert_yaxis()
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_zticks([])


def draw_limit_surface(result, ax=None, *, cmap="viridis", max_quads=60):
    """The limit height surface in 3-D (Thurston units over the region's cells).

    Parameters
    ----------
    result : LimitShape
    ax : matplotlib 3-D axes, optional
        A new figure's 3-D axes by default.
    cmap : str
    max_quads : int
        At most this many quads along a side (the mesh is subsampled).

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    draw_limit_shape, dominotiling.viz.views.draw_height_surface
    """
    result = _check(result)
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(4, 4)).add_subplot(111, projection="3d")
    Y, X = np.meshgrid(result.y, result.x, indexing="ij")
    _surface(ax, X, Y, result.height, cmap, max_quads)
    ax.set_title("limit shape", fontsize=9)
    return ax


@keyword_only("ax")
def draw_limit_shape(result, sample=None, *, ax=None, figure=None, surface=True, linewidth=1.5):
    """The arctic curves of a limit shape over a sample, and the limit surface beside the sample's.

    Parameters
    ----------
    result : LimitShape
        From :func:`~dominotiling.theory.limit_shape.limit_shape`.
    sample : Tiling, optional
        A tiling of the same region (any sampler: ``sample_aztec``, ``random_tiling``,
        ``sample_cftp``, ...); drawn by domino type under the curves. Without one, the
        liquidity (the slope's distance to the frozen edges: white liquid, black
        frozen) is shown.
    ax : matplotlib.axes.Axes, optional
        Draw only the plane picture (curves over the sample) into these axes and
        return them.
    figure : matplotlib.figure.Figure, optional
        Without `ax`: the figure to fill (a new one by default): the plane picture,
        the limit height surface and, with a sample, the sample's height function.
    surface : bool
        Without `ax`: add the 3-D panels.
    linewidth : float
        Of the arctic (black) and gas (cyan) curves.

    Returns
    -------
    matplotlib.axes.Axes or matplotlib.figure.Figure
        `ax` when given, else the figure. Never calls ``plt.show()``.

    See Also
    --------
    draw_limit_surface, dominotiling.viz.views.draw_aztec, dominotiling.viz.draw.draw_tiling

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling import Region
    >>> from dominotiling.aztec import sample_aztec
    >>> from dominotiling.theory.limit_shape import limit_shape
    >>> ls = limit_shape(Region.aztec_diamond(16), resolution=32)
    >>> fig = draw_limit_shape(ls, sample_aztec(16, seed=1))
    >>> len(fig.axes)
    3
    """
    result = _check(result)
    if ax is not None:
        return _plane_picture(result, ax, sample, linewidth)
    if figure is None:
        from matplotlib.figure import Figure

        panels = 1 + (surface and 1) + (surface and sample is not None and 1)
        figure = Figure(figsize=(3.6 * panels, 3.6))
    panels = 1 + (1 if surface else 0) + (1 if surface and sample is not None else 0)
    ax0 = figure.add_subplot(1, panels, 1)
    _plane_picture(result, ax0, sample, linewidth)
    ax0.set_title("arctic curves" + (" over a sample" if sample is not None else ""), fontsize=9)
    if surface:
        ax1 = figure.add_subplot(1, panels, 2, projection="3d")
        draw_limit_surface(result, ax1)
        if sample is not None:
            ax2 = figure.add_subplot(1, panels, 3, projection="3d")
            h = sample.height_function().astype(float)
            h[sample.height_function() == UNDEFINED] = np.nan
            rows, cols = result.region.shape
            Y, X = np.mgrid[0 : rows + 1, 0 : cols + 1]
            _surface(ax2, X, Y, h, "viridis", 60)
            ax2.set_title("the sample's heights", fontsize=9)
            # one z range for both, holding both: the sample's heights fluctuate past the limit's
            # (their spikes were drawn far outside axes cut to the limit surface's range)
            both = np.concatenate([h[np.isfinite(h)], result.height[np.isfinite(result.height)]])
            lo, hi = float(both.min()), float(both.max())
            pad = 0.02 * max(hi - lo, 1.0)
            for a in (ax1, ax2):
                a.set_zlim(lo - pad, hi + pad)
    return figure
