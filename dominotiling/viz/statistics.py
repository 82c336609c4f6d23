"""Pictures of the measurements of :mod:`dominotiling.statistics`.

- :func:`draw_double_dimer` -- the loops of a double-dimer configuration, coloured
  by their length (log scale), doubled dominoes faint;
- :func:`draw_height_field` -- a height, fluctuation or variance field on the
  lattice vertices, as an image over the region;
- :func:`draw_tracy_widom` -- the standardized arctic boundary positions of an
  ensemble as a histogram, against the GUE Tracy--Widom and the Gaussian densities.

Each takes an optional ``ax=`` and returns the Axes; none calls ``plt.show()``.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling import Region, random_tiling
>>> from dominotiling.statistics import double_dimer
>>> r = Region.rectangle(16, 16)
>>> ax = draw_double_dimer(double_dimer(random_tiling(r, seed=1), random_tiling(r, seed=2)))
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..errors import DominoTilingError
from ..statistics import TRACY_WIDOM_GUE, BoundaryFluctuations, DoubleDimer, tracy_widom_pdf
from .draw import _frame_axes, _new_axes, _picture_memory

__all__ = ["draw_double_dimer", "draw_height_field", "draw_tracy_widom", "draw_skewness"]


@keyword_only("ax", "min_length", "cmap", "doubled", "colorbar")
def draw_double_dimer(dd, *, ax=None, min_length=4, cmap="viridis", doubled=True, colorbar=True):
    """The loops of a double-dimer configuration, coloured by length; doubled dominoes faint.

    Parameters
    ----------
    dd : DoubleDimer
        From :func:`dominotiling.statistics.double_dimer`.
    ax : matplotlib.axes.Axes, optional
    min_length : int
        Draw only loops of at least this many cells (see ``DoubleDimer.select``).
    cmap : str
        Colormap of ``log2(length)``.
    doubled : bool
        Draw the doubled dominoes as faint grey segments.
    colorbar : bool
        Add a colour bar of the loop lengths.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    double_dimer, draw_tiling

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling import Region, random_tiling
    >>> from dominotiling.statistics import double_dimer
    >>> r = Region.rectangle(12, 12)
    >>> dd = double_dimer(random_tiling(r, seed=5), random_tiling(r, seed=6))
    >>> ax = draw_double_dimer(dd, min_length=8)
    >>> len(ax.collections) >= 1
    True
    """
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection
    from matplotlib.colors import LogNorm

    _validate.instance(dd, "dd", DoubleDimer, hint="make one with statistics.double_dimer(t1, t2)")
    min_length = _validate.nonnegative_int(min_length, "min_length")
    doubled = _validate.boolean(doubled, "doubled")
    colorbar = _validate.boolean(colorbar, "colorbar")
    shape = dd.region.shape
    _picture_memory(shape, "a double-dimer configuration")
    ax = _new_axes(shape, ax)
    rows, cols = shape
    lw = float(np.clip(200.0 / max(rows, cols), 0.3, 2.5))
    if doubled and dd.n_doubled:
        lab, dbl = dd._labels[0], dd.doubled
        segs = []
        for first, (dr, dc) in (
            ((lab[:, :-1] == lab[:, 1:]) & dbl[:, :-1], (0, 1)),
            ((lab[:-1] == lab[1:]) & dbl[:-1], (1, 0)),
        ):
            xy = np.argwhere(first)[:, ::-1] + 0.5  # (x, y) of the domino's first cell
            segs.append(np.stack([xy, xy + [dc, dr]], axis=1))
        ax.add_collection(
            LineCollection(np.concatenate(segs), colors="0.78", linewidths=lw * 0.8, zorder=1)
        )
    keep = dd.select(min_length)
    if len(keep):
        lines = [
            np.vstack([dd.loop(k)[:, ::-1] + 0.5, dd.loop(k)[:1, ::-1] + 0.5]) for k in keep[::-1]
        ]
        lengths = dd.lengths[keep[::-1]]
        norm = LogNorm(vmin=max(4, int(lengths.min())), vmax=max(int(lengths.max()), 5))
        coll = LineCollection(lines, cmap=cmap, norm=norm, linewidths=lw, zorder=2)
        coll.set_array(lengths.astype(float))
        ax.add_collection(coll)
        if colorbar:
            plt.colorbar(coll, ax=ax, fraction=0.046, pad=0.02, label="loop length (cells)")
    _frame_axes(ax, shape)
    ax.set_title(f"{dd.n_loops} loops, longest {int(dd.lengths.max(initial=0))} cells", fontsize=9)
    return ax


@keyword_only("ax", "cmap", "colorbar", "label", "symmetric", "smooth")
def draw_height_field(
    field, *, ax=None, cmap="RdBu_r", colorbar=True, label="height", symmetric=None, smooth=True
):
    """A field on the lattice vertices (heights, fluctuations, variances) as an image.

    Parameters
    ----------
    field : array_like, shape ``(rows + 1, cols + 1)``
        E.g. :func:`~dominotiling.statistics.height_field`, one sample of
        :func:`~dominotiling.statistics.fluctuation_field`, or
        ``height_fluctuations(...).variance``; NaN (off the region) is left blank.
    ax : matplotlib.axes.Axes, optional
    cmap : str
    colorbar : bool
    label : str
        The colour bar's label.
    symmetric : bool, optional
        Colour scale symmetric about 0 (for fluctuations); by default when the
        field takes both signs.
    smooth : bool
        Show one value per cell, the mean of its four corners: Thurston's heights
        carry a fixed pattern mod 4 from vertex to vertex (a checkerboard in the
        picture) that the mean over a cell removes. False shows every vertex.

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    height_field, fluctuation_field, height_fluctuations

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling import Region, random_tiling
    >>> from dominotiling.statistics import height_field
    >>> ax = draw_height_field(height_field(random_tiling(Region.rectangle(10, 10), seed=1)))
    """
    import matplotlib.pyplot as plt

    arr = _validate.array(field, "field", ndim=2).astype(float)
    if arr.shape[0] < 2 or arr.shape[1] < 2:
        raise DominoTilingError(
            f"field must have shape (rows + 1, cols + 1) with at least one cell, got {arr.shape}"
        )
    colorbar = _validate.boolean(colorbar, "colorbar")
    label = _validate.instance(label, "label", str)
    rows, cols = arr.shape[0] - 1, arr.shape[1] - 1
    _picture_memory((rows, cols), "a height field")
    ax = _new_axes((rows, cols), ax)
    if _validate.boolean(smooth, "smooth"):
        arr = (arr[:-1, :-1] + arr[:-1, 1:] + arr[1:, :-1] + arr[1:, 1:]) / 4  # NaN off the region
        extent = (0, cols, rows, 0)
    else:
        extent = (-0.5, cols + 0.5, rows + 0.5, -0.5)
    finite = arr[np.isfinite(arr)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
    if symmetric is None:
        symmetric = lo < 0 < hi
    if _validate.boolean(symmetric, "symmetric"):
        top = max(abs(lo), abs(hi), 1e-12)
        lo, hi = -top, top
    im = ax.imshow(
        np.ma.masked_invalid(arr),
        cmap=cmap,
        vmin=lo,
        vmax=hi if hi > lo else lo + 1,
        extent=extent,
        interpolation="nearest",
    )
    ax.set_xlim(extent[0], extent[1])
    ax.set_ylim(extent[2], extent[3])
    ax.set_aspect("equal")
    ax.set_axis_off()
    if colorbar:
        plt.colorbar(im, ax=ax, fraction=0.046, pad=0.02, label=label)
    return ax


@keyword_only("ax", "bins", "gaussian")
def draw_tracy_widom(fluctuations, *, ax=None, bins=None, gaussian=True, log=False):
    """Standardized arctic boundary positions against the GUE Tracy--Widom density.

    Parameters
    ----------
    fluctuations : BoundaryFluctuations or array_like
        From :func:`dominotiling.statistics.aztec_boundary_fluctuations` (its
        ``standardized`` values), or any values (standardized here).
    ax : matplotlib.axes.Axes, optional
    bins : int, optional
        At most 10 000. By default, for BoundaryFluctuations, bins one cell wide (the positions
        are integers: narrower bins would show the lattice, not the law); 30
        otherwise.
    gaussian : bool
        Also draw the standard normal density (dashed).
    log : bool, keyword-only
        Densities on a logarithmic scale: the tails, where the two laws part --
        Tracy--Widom's right tail falls like ``exp(-4/3 x^(3/2))`` and its left
        like ``exp(-|x|^3 / 12)``, against the Gaussian's ``exp(-x^2 / 2)`` on both
        sides. (On a linear scale the two densities are nearly the same curve.)

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    aztec_boundary_fluctuations, tracy_widom_pdf, draw_skewness

    Notes
    -----
    The density of ``(X - mu) / sigma`` for ``X`` with law F2 (mean ``mu``, standard
    deviation ``sigma`` from :data:`~dominotiling.statistics.TRACY_WIDOM_GUE`) is
    ``sigma f2(mu + sigma z)``, with ``f2`` from
    :func:`~dominotiling.statistics.tracy_widom_pdf`.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import numpy as np
    >>> ax = draw_tracy_widom(np.random.default_rng(1).normal(size=200))
    """
    import matplotlib.pyplot as plt

    if bins is not None:
        bins = _validate.positive_int(bins, "bins", maximum=10_000)
    if isinstance(fluctuations, BoundaryFluctuations):
        z = np.asarray(fluctuations.standardized, float)
        sd = float(fluctuations.positions.std(axis=0).min())
        width = 1.0 / sd if sd > 0 else 1.0
        if bins is None:
            bins = np.arange(z.min() - width / 2, z.max() + width, width)
        title = (
            f"order {fluctuations.n}, {len(fluctuations.positions)} samples: "
            f"skew {fluctuations.skewness:.3f}, ex. kurt {fluctuations.excess_kurtosis:.3f}"
        )
    else:
        z = _validate.array(fluctuations, "fluctuations", ndim=1).astype(float)
        if z.size < 2 or not np.isfinite(z).all():
            raise DominoTilingError("fluctuations must hold at least 2 finite values")
        sd = z.std()
        z = (z - z.mean()) / (sd if sd > 0 else 1.0)
        title = f"{z.size} values"
    if bins is None:
        bins = 30
    gaussian = _validate.boolean(gaussian, "gaussian")
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 3.4))
    else:
        ax = _new_axes((1, 1), ax)
    ax.hist(z, bins=bins, density=True, color="0.8", edgecolor="0.55", label="samples")
    grid = np.linspace(-4.0, 4.5, 241)
    mu, sigma = TRACY_WIDOM_GUE["mean"], math.sqrt(TRACY_WIDOM_GUE["variance"])
    ax.plot(grid, sigma * tracy_widom_pdf(mu + sigma * grid), "C3", lw=2, label="Tracy–Widom GUE")
    if gaussian:
        ax.plot(
            grid, np.exp(-(grid**2) / 2) / math.sqrt(2 * math.pi), "k--", lw=1, label="Gaussian"
        )
    log = _validate.boolean(log, "log")
    ax.set(xlabel="standardized boundary position", ylabel="density")
    if log:
        ax.set_yscale("log")
        counts, _ = np.histogram(z, bins=bins, density=True)
        low = counts[counts > 0].min() if (counts > 0).any() else 1e-3
        ax.set_ylim(max(low / 3, 1e-5), 1.0)
        ax.set_ylabel("density (log scale)")
    ax.set_title(title)
    ax.legend(frameon=False, loc="upper left")
    return ax


def draw_skewness(fluctuations, ax=None):
    """The sample skewness with its error bar, next to the Tracy--Widom and the Gaussian values.

    The number that tells the two laws apart: GUE Tracy--Widom has skewness
    0.224, every Gaussian 0. The bar is the sample's skewness with one and two
    standard errors (``skewness_error``, from the samples' spread).

    Parameters
    ----------
    fluctuations : BoundaryFluctuations
        From :func:`dominotiling.statistics.aztec_boundary_fluctuations`.
    ax : matplotlib.axes.Axes, optional

    Returns
    -------
    matplotlib.axes.Axes
        Its lines: the two laws' values (horizontal), then the error bars.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling.statistics import aztec_boundary_fluctuations
    >>> ax = draw_skewness(aztec_boundary_fluctuations(20, range(20), progress=False))
    >>> [line.get_label() for line in ax.lines[:2]]
    ['Tracy–Widom GUE: 0.224', 'Gaussian: 0']
    """
    import matplotlib.pyplot as plt

    _validate.instance(
        fluctuations,
        "fluctuations",
        BoundaryFluctuations,
        "compute them with dominotiling.statistics.aztec_boundary_fluctuations(n, seeds)",
    )
    if ax is None:
        _, ax = plt.subplots(figsize=(4.0, 4.0))
    else:
        ax = _new_axes((1, 1), ax)
    tw = TRACY_WIDOM_GUE["skewness"]
    ax.axhline(tw, color="C3", lw=2, label=f"Tracy–Widom GUE: {tw:.3f}")
    ax.axhline(0.0, color="k", lw=1, ls="--", label="Gaussian: 0")
    skew, err = float(fluctuations.skewness), float(fluctuations.skewness_error)
    ax.errorbar([0], [skew], yerr=[2 * err], fmt="none", ecolor="0.55", elinewidth=2, capsize=10)
    ax.errorbar(
        [0],
        [skew],
        yerr=[err],
        fmt="o",
        color="k",
        ms=8,
        elinewidth=4,
        capsize=0,
        label=f"samples: {skew:.3f} ± {err:.3f}",
    )
    ax.set_xlim(-1, 1)
    ax.set_xticks([])
    low, high = min(0.0, skew - 2.5 * err), max(tw, skew + 2.5 * err)
    pad = 0.15 * (high - low)
    ax.set_ylim(low - pad, high + pad)
    ax.set_ylabel("skewness of the boundary position")
    ax.set_title(f"{len(fluctuations.positions)} samples of order {fluctuations.n}")
    ax.legend(frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.02))
    return ax
