"""Pictures of the weighted Aztec diamond: edge probabilities by domino type, and block weights.

:func:`draw_edge_probabilities` colours every cell of an Aztec diamond by the
expected colour of the domino covering it -- the four type colours of
:func:`~dominotiling.viz.views.draw_aztec` (north red, south blue, east yellow,
west green) mixed in the proportions of their probabilities -- so that the
frozen corners, the rough region and a gas region (grey: all four types about
equally likely) show as a random sample would, without sampling.
:func:`draw_block_weights` shows the weights themselves.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from dominotiling.aztec.weighted import aztec_edge_probabilities
>>> ax = draw_edge_probabilities(aztec_edge_probabilities(30))
>>> len(ax.images)
1
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..aztec.weighted import aztec_block_weights
from ..errors import DominoTilingError, DominoTypeError
from .draw import TYPE_COLORS, _frame_axes, _new_axes, _picture_memory

__all__ = ["type_probabilities", "draw_edge_probabilities", "draw_block_weights"]

_NORTH, _SOUTH, _EAST, _WEST = 0, 1, 2, 3


def _order(probs):
    h = getattr(probs, "horizontal", None)
    v = getattr(probs, "vertical", None)
    if h is None or v is None:
        raise DominoTypeError(
            "probs must have horizontal and vertical arrays, e.g. from aztec_edge_probabilities(n)"
        )
    h, v = np.asarray(h, dtype=float), np.asarray(v, dtype=float)
    size = h.shape[0]
    if size % 2 or h.shape != (size, size - 1) or v.shape != (size - 1, size):
        raise DominoTilingError(
            f"probs has arrays of shapes {h.shape} and {v.shape}, not those of an Aztec diamond "
            "((2n, 2n - 1) and (2n - 1, 2n))"
        )
    return size // 2, h, v


def type_probabilities(probs):
    """Per cell, the probability of being covered by a north, south, east, west domino.

    Parameters
    ----------
    probs : PlacementProbabilities
        Of ``Region.aztec_diamond(n)``, e.g. from
        :func:`~dominotiling.aztec.weighted.aztec_edge_probabilities`.

    Returns
    -------
    numpy.ndarray, shape ``(4, 2n, 2n)``
        Planes NORTH, SOUTH, EAST, WEST (the order of :data:`~dominotiling.aztec.arctic.TYPE_NAMES`);
        they add up to 1 on every cell of the diamond, 0 outside.

    Examples
    --------
    >>> from dominotiling.aztec.weighted import aztec_edge_probabilities
    >>> t = type_probabilities(aztec_edge_probabilities(1))
    >>> t[:, 0, 0].tolist()          # one cell of the 2x2 diamond: N or W, half and half
    [0.5, 0.0, 0.0, 0.5]
    """
    n, h, v = _order(probs)
    h, v = np.nan_to_num(h), np.nan_to_num(v)
    i, j = np.indices((n, n))
    R, C = i + j, n - 1 + j - i  # top-left cells of the blocks (see aztec_block_weights)
    out = np.zeros((4, 2 * n, 2 * n))
    for t, (dr, dc, horizontal) in (
        (_NORTH, (0, 0, True)),
        (_SOUTH, (1, 0, True)),
        (_WEST, (0, 0, False)),
        (_EAST, (0, 1, False)),
    ):
        r, c = R + dr, C + dc
        p = h[r, c] if horizontal else v[r, c]
        out[t, r, c] += p
        if horizontal:
            out[t, r, c + 1] += p
        else:
            out[t, r + 1, c] += p
    return out


@keyword_only("ax")
def draw_edge_probabilities(probs, *, ax=None, style="types"):
    """Picture of the edge probabilities of an Aztec diamond.

    Parameters
    ----------
    probs : PlacementProbabilities
        From :func:`~dominotiling.aztec.weighted.aztec_edge_probabilities` (or
        :func:`~dominotiling.counting.placement.placement_probabilities` of a diamond).
    ax : matplotlib.axes.Axes, optional
    style : {"types", "horizontal"}, keyword-only
        ``"types"``: each cell in the mixture of the four type colours (north red,
        south blue, east yellow, west green) weighted by their probabilities -- a
        frozen corner is a solid colour, the gas region of the two-periodic model a
        grey; ``"horizontal"``: the probability of a horizontal domino, as
        :func:`~dominotiling.viz.draw.draw_placement` draws it.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    DominoTypeError
        If `probs` has no ``horizontal`` and ``vertical`` arrays.
    DominoTilingError
        If they are not those of an Aztec diamond, or `style` is unknown.

    See Also
    --------
    aztec_edge_probabilities, draw_placement

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from dominotiling.aztec.weighted import aztec_edge_probabilities
    >>> len(draw_edge_probabilities(aztec_edge_probabilities(10)).images)
    1
    """
    style = _validate.choice(style, "style", ("types", "horizontal"))
    if style == "horizontal":
        from .draw import draw_placement

        _order(probs)
        return draw_placement(probs, ax=ax)
    n, _, _ = _order(probs)
    _picture_memory((2 * n, 2 * n), "edge probabilities")
    t = type_probabilities(probs)
    rgb = np.einsum("tij,tc->ijc", t, TYPE_COLORS)
    inside = t.sum(axis=0) > 0.5
    rgb[~inside] = 1.0
    ax = _new_axes((2 * n, 2 * n), ax)
    # antialiased: periodic weights make period-2 patterns that nearest-neighbour sampling turns into moire
    ax.imshow(np.clip(rgb, 0, 1), extent=(0, 2 * n, 2 * n, 0), interpolation="antialiased")
    _frame_axes(ax, (2 * n, 2 * n))
    return ax


def draw_block_weights(n, weights, ax=None, *, cmap="viridis", log=True):
    """Picture of the weights of the order-`n` diamond: each domino position coloured by its weight.

    Each cell shows the mean of the nonzero weights of the (up to four)
    positions that cover it, on a log scale by default; a cell whose positions
    all weigh 0 is black, and one with some zero weights is hatched by a dot.

    Parameters
    ----------
    n : int
    weights : Weights or array
        As for :func:`~dominotiling.aztec.weighted.aztec_block_weights` (not symbolic).
    ax : matplotlib.axes.Axes, optional
    cmap : str
    log : bool, keyword-only
        Colour by ``log10`` of the weights.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_block_weights(6, (1.0, 0.2))
    >>> len(ax.images)
    1
    """

    blocks = aztec_block_weights(n, weights).astype(float)
    _picture_memory((2 * n, 2 * n), "block weights")
    i, j = np.indices((n, n))
    R, C = i + j, n - 1 + j - i
    total = np.zeros((2 * n, 2 * n))
    count = np.zeros((2 * n, 2 * n))
    nonzero = np.zeros((2 * n, 2 * n))
    cells = (
        (0, [(0, 0), (0, 1)]),
        (1, [(1, 0), (1, 1)]),
        (2, [(0, 0), (1, 0)]),
        (3, [(0, 1), (1, 1)]),
    )
    for t, pair in cells:
        w = blocks[:, :, t]
        for dr, dc in pair:
            np.add.at(total, (R + dr, C + dc), w)
            np.add.at(count, (R + dr, C + dc), 1)
            np.add.at(nonzero, (R + dr, C + dc), w != 0)
    mean = np.where(nonzero > 0, total / np.maximum(nonzero, 1), np.nan)
    zero = (count > 0) & (nonzero == 0)
    if _validate.boolean(log, "log"):
        with np.errstate(divide="ignore"):
            mean = np.log10(mean)
        mean[~np.isfinite(mean)] = np.nan
    ax = _new_axes((2 * n, 2 * n), ax)
    import matplotlib

    cm = matplotlib.colormaps[cmap].with_extremes(bad="white")
    shown = np.ma.masked_invalid(mean)
    image = ax.imshow(shown, extent=(0, 2 * n, 2 * n, 0), interpolation="nearest", cmap=cm)
    if zero.any():
        overlay = np.zeros((2 * n, 2 * n, 4))
        overlay[zero] = (0, 0, 0, 1)
        ax.imshow(overlay, extent=(0, 2 * n, 2 * n, 0), interpolation="nearest")
    ax.figure.colorbar(
        image, ax=ax, fraction=0.046, pad=0.04, label="log10 weight" if log else "weight"
    )
    _frame_axes(ax, (2 * n, 2 * n))
    return ax
