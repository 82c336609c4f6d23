"""Placement probabilities: how often a uniformly random tiling uses each domino position.

For an edge ``e = (b, w)`` of the cell graph, the probability that a uniform random
tiling contains the domino ``e`` is ``#tilings(R - b - w) / #tilings(R)``, and by
Kenyon's local statistics theorem it is also ``K(b, w) * K^{-1}(w, b)`` for a
Kasteleyn matrix ``K``. The first form gives exact rationals for small regions,
the second floats for regions of thousands of cells, without sampling. On an Aztec
diamond the picture shows the arctic circle.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.placement import placement_probabilities
>>> p = placement_probabilities(Region.rectangle(2, 2), exact=True)
>>> p.horizontal.tolist(), p.vertical.tolist()
([[Fraction(1, 2)], [Fraction(1, 2)]], [[Fraction(1, 2), Fraction(1, 2)]])

References
----------
.. [1] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
   Probab. Statist. 33 (1997), 591-618.
.. [2] H. Cohn, N. Elkies, J. Propp, "Local statistics for random domino tilings
   of the Aztec diamond", Duke Math. J. 85 (1996), 117-166.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .errors import DominoTilingError, TooLargeError
from .kasteleyn import _matrix, count_kasteleyn, log_count
from .region import Region, check_region

__all__ = [
    "PlacementProbabilities",
    "placement_probabilities",
    "horizontal_probability",
    "EXACT_MAX_CELLS",
    "FLOAT_MAX_CELLS",
]

#: Largest region for which ``exact=None`` gives rationals.
EXACT_MAX_CELLS = 120
#: Largest region for floats (the dense inverse of the Kasteleyn matrix).
FLOAT_MAX_CELLS = 20_000

_NO_TILING = (
    "the region has no tiling, so no placement has a probability; max_cover(region) "
    "shows how close it comes"
)


class PlacementProbabilities(NamedTuple):
    """Probabilities of every domino position.

    Attributes
    ----------
    horizontal : numpy.ndarray, shape ``(rows, cols - 1)``
        ``horizontal[r, c]``: probability of the domino on ``(r, c), (r, c + 1)``.
    vertical : numpy.ndarray, shape ``(rows - 1, cols)``
        ``vertical[r, c]``: probability of the domino on ``(r, c), (r + 1, c)``.

    Positions that are not two cells of the region hold NaN (floats) or None
    (exact rationals, object arrays of :class:`fractions.Fraction`).
    """

    horizontal: np.ndarray
    vertical: np.ndarray


def _positions(mask):
    return mask[:, :-1] & mask[:, 1:], mask[:-1] & mask[1:]


def _exact(region, total):
    hpos, vpos = _positions(region.mask)
    out = []
    for pos, (dr, dc) in ((hpos, (0, 1)), (vpos, (1, 0))):
        arr = np.full(pos.shape, None, dtype=object)
        for r, c in np.argwhere(pos):
            rest = region.mask.copy()
            rest[r, c] = rest[r + dr, c + dc] = False
            arr[r, c] = Fraction(count_kasteleyn(Region(rest)), total)
        out.append(arr)
    return PlacementProbabilities(*out)


def _float(region):
    mask = region.mask
    a = _matrix(mask, "real").astype(float)
    inv = np.linalg.inv(a.toarray())
    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    white = mask & ((r + c) % 2 == 1)
    bidx = np.full(mask.shape, -1)
    widx = np.full(mask.shape, -1)
    bidx[black] = np.arange(int(black.sum()))
    widx[white] = np.arange(int(white.sum()))
    out = []
    for pos, a_idx, b_idx in (
        (_positions(mask)[0], (slice(None), slice(None, -1)), (slice(None), slice(1, None))),
        (_positions(mask)[1], (slice(None, -1), slice(None)), (slice(1, None), slice(None))),
    ):
        prob = np.full(pos.shape, np.nan)
        rr, cc = np.nonzero(pos)
        first_b = bidx[a_idx][rr, cc]
        b = np.where(first_b >= 0, first_b, bidx[b_idx][rr, cc])
        w = np.where(first_b >= 0, widx[b_idx][rr, cc], widx[a_idx][rr, cc])
        weights = np.asarray(a[b, w]).ravel()
        prob[rr, cc] = np.abs(weights * inv[w, b])
        out.append(prob)
    return PlacementProbabilities(*out)


def placement_probabilities(region, exact=None):
    """For every domino position, the probability that a uniform random tiling uses it.

    Parameters
    ----------
    region : Region
        A region with at least one tiling.
    exact : bool or None
        True: exact rationals, ``#tilings(R - e) / #tilings(R)`` by exact counts
        (one count per position: keep regions small). False: floats from the
        inverse Kasteleyn matrix. None (default): exact up to
        :data:`EXACT_MAX_CELLS` cells, floats beyond.

    Returns
    -------
    PlacementProbabilities
        ``horizontal`` and ``vertical`` arrays; around every cell the
        probabilities of the (up to four) positions covering it add up to 1.

    Raises
    ------
    DominoTilingError
        If the region has no tiling.
    TooLargeError
        For floats beyond :data:`FLOAT_MAX_CELLS` cells (the dense inverse).

    Notes
    -----
    Kenyon's theorem: for a Kasteleyn matrix ``K`` (rows black cells, columns
    white), ``P(bw in the tiling) = |K(b, w) K^{-1}(w, b)|``. The float path
    inverts the real Kasteleyn matrix of :func:`dominotiling.kasteleyn.kasteleyn_matrix`
    densely: ``O(n**3)`` time and ``8 n**2`` bytes for ``n`` black cells. The
    matrix grows ill-conditioned with the region, so float probabilities lose
    digits: around each cell they add up to 1 within about ``1e-14`` on an Aztec
    diamond of order 10 and ``3e-8`` at order 36.

    Examples
    --------
    >>> p = placement_probabilities(Region.rectangle(2, 3), exact=True)
    >>> [str(x) for x in p.horizontal[0]]
    ['1/3', '1/3']
    >>> q = placement_probabilities(Region.rectangle(2, 3), exact=False)
    >>> bool(abs(q.horizontal[0, 0] - 1 / 3) < 1e-12)
    True
    """
    check_region(region)
    if exact is None:
        exact = region.n_cells <= EXACT_MAX_CELLS
    if exact:
        total = count_kasteleyn(region)
        if total == 0:
            raise DominoTilingError(_NO_TILING)
        return _exact(region, total)
    if region.n_cells > FLOAT_MAX_CELLS:
        n = region.n_cells // 2
        raise TooLargeError(
            f"placement probabilities of {region.n_cells} cells need the dense inverse of a "
            f"{n} x {n} matrix ({8 * n * n / 2**30:.1f} GiB, limit {FLOAT_MAX_CELLS} cells); "
            "estimate them from random tilings instead (random_tiling in a loop)"
        )
    if log_count(region) == -np.inf:
        raise DominoTilingError(_NO_TILING)
    return _float(region)


def horizontal_probability(probs):
    """Per cell, the probability that it is covered by a horizontal domino (floats).

    NaN outside the region. On an Aztec diamond this is near 1 in the north and
    south frozen corners, near 0 in the east and west ones, and mixed inside the
    arctic circle.
    """
    h = np.asarray(probs.horizontal, dtype=float)
    rows = h.shape[0]
    cols = h.shape[1] + 1
    out = np.zeros((rows, cols))
    hz = np.nan_to_num(h)
    out[:, :-1] += hz
    out[:, 1:] += hz
    v = np.asarray(probs.vertical, dtype=float)
    covered = np.zeros((rows, cols), dtype=bool)
    covered[:, :-1] |= ~np.isnan(h)
    covered[:, 1:] |= ~np.isnan(h)
    covered[:-1] |= ~np.isnan(v)
    covered[1:] |= ~np.isnan(v)
    out[~covered] = np.nan
    return out
