"""Placement probabilities: how often a random tiling (uniform or weighted) uses each domino position.

For an edge ``e = (b, w)`` of the cell graph, the probability that a uniform random
tiling contains the domino ``e`` is ``#tilings(R - b - w) / #tilings(R)``, and by
Kenyon's local statistics theorem it is also ``K(b, w) * K^{-1}(w, b)`` for a
Kasteleyn matrix ``K``. The first form gives exact rationals for small regions,
the second floats for regions of thousands of cells, without sampling -- each
float certified at run time to lie within a stated distance of the exact value,
or refused. On an Aztec diamond the picture shows the arctic circle. With edge
weights ``w`` (``weights=``) the measure gives each tiling the product of its
dominoes' weights: ``P(e) = w(e) Z(R - b - w) / Z(R)``, and ``K`` carries the
weights.

This module holds the routes on checked arguments (:func:`exact_checked`,
:func:`float_checked`); the front door :func:`~dominotiling.placement_probabilities`
lives in the dispatch layer (:mod:`dominotiling.tasks.placement`) and is still
importable from here, the same object.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.counting.placement import placement_probabilities
>>> p = placement_probabilities(Region.rectangle(2, 2), exact=True)
>>> p.horizontal.tolist(), p.vertical.tolist()
([[Fraction(1, 2)], [Fraction(1, 2)]], [[Fraction(1, 2), Fraction(1, 2)]])
>>> p.horizontal_probability().tolist()      # per cell: P(covered by a horizontal domino)
[[0.5, 0.5], [0.5, 0.5]]

References
----------
.. [1] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
   Probab. Statist. 33 (1997), 591-618.
.. [2] H. Cohn, N. Elkies, J. Propp, "Local statistics for random domino tilings
   of the Aztec diamond", Duke Math. J. 85 (1996), 117-166.
.. [3] N. J. Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.,
   SIAM (2002): ch. 4 (compensated summation), ch. 14 (matrix inversion).
.. [4] T. Ogita, S. M. Rump, S. Oishi, "Accurate sum and dot product", SIAM J. Sci.
   Comput. 26 (2005), 1955-1988 (the error bound of the compensated sum).
"""

from __future__ import annotations

import importlib
import warnings
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .._options import check_memory
from ..errors import DominoTypeError, NoTilingError, PrecisionError, TooLargeError
from ..matching.matchings import is_tileable
from ..model.region import Region
from .kasteleyn import count_checked, mask_matrix

__all__ = [
    "PlacementProbabilities",
    "horizontal_probability",
    "EXACT_MAX_CELLS",
    "FLOAT_MAX_CELLS",
    "FLOAT_TOLERANCE",
]

#: Largest region for which ``exact=None`` gives rationals.
EXACT_MAX_CELLS = 120
#: Largest region for floats (one sparse solve per black cell: about quadratic time).
FLOAT_MAX_CELLS = 20_000
#: The default bound on the error of every float probability (absolute), checked at run time.
FLOAT_TOLERANCE = 1e-9

_NO_TILING = (
    "the region has no tiling, so no placement has a probability; max_cover(region) "
    "shows how close it comes"
)
_U = 2.0**-53  # unit roundoff of float64


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

    Examples
    --------
    >>> from dominotiling import Region, placement_probabilities
    >>> p = placement_probabilities(Region.rectangle(2, 3), exact=True)
    >>> h, v = p                                  # still a pair of arrays
    >>> [str(x) for x in v[0]]
    ['2/3', '1/3', '2/3']
    """

    horizontal: np.ndarray
    vertical: np.ndarray

    def horizontal_probability(self):
        """Per cell, the probability that it is covered by a horizontal domino (floats).

        Returns
        -------
        numpy.ndarray of float, shape ``(rows, cols)``
            NaN outside the region. On an Aztec diamond this is near 1 in the north
            and south frozen corners, near 0 in the east and west ones, and mixed
            inside the arctic circle.

        Examples
        --------
        >>> from dominotiling import Region, placement_probabilities
        >>> p = placement_probabilities(Region.from_strings(["..", "..", "#.", "#."]), exact=True)
        >>> p.horizontal_probability().tolist()
        [[0.5, 0.5], [0.5, 0.5], [nan, 0.0], [nan, 0.0]]
        """
        return _horizontal_per_cell(self.horizontal, self.vertical)

    def __repr__(self):
        from .._util import brief_repr

        return brief_repr(self)  # one line: a notebook cell ending in it does not print its arrays


def _horizontal_per_cell(horizontal, vertical):
    h = np.asarray(horizontal, dtype=float)
    v = np.asarray(vertical, dtype=float)
    rows, cols = h.shape[0], h.shape[1] + 1
    out = np.zeros((rows, cols))
    hz = np.nan_to_num(h)
    out[:, :-1] += hz
    out[:, 1:] += hz
    covered = np.zeros((rows, cols), dtype=bool)
    covered[:, :-1] |= ~np.isnan(h)
    covered[:, 1:] |= ~np.isnan(h)
    covered[:-1] |= ~np.isnan(v)
    covered[1:] |= ~np.isnan(v)
    out[~covered] = np.nan
    return out


def _positions(mask):
    return mask[:, :-1] & mask[:, 1:], mask[:-1] & mask[1:]


def _exact(region, total, weights=None):
    """``w(e) * Z(R - e) / Z(R)`` for every position ``e``, as Fractions (``w = 1`` without weights)."""
    hpos, vpos = _positions(region.mask)
    out = []
    for pos, (dr, dc), orient in ((hpos, (0, 1), "h"), (vpos, (1, 0), "v")):
        arr = np.full(pos.shape, None, dtype=object)
        for r, c in np.argwhere(pos):
            if weights is None:
                w = 1
            else:
                w = weights.value(int(r), int(c), orient)
                if w == 0:
                    arr[r, c] = Fraction(0)
                    continue
            rest = region.mask.copy()
            rest[r, c] = rest[r + dr, c + dc] = False
            arr[r, c] = Fraction(w) * Fraction(count_checked(Region(rest), weights)) / total
        out.append(arr)
    return PlacementProbabilities(*out)


def _gamma(m):
    return m * _U / (1.0 - m * _U)


def _float_bytes(n, entries):
    """Peak bytes of the float path: ``n`` black cells, ``entries`` nonzeros in the LU factors."""
    from numba import get_num_threads

    from .._kernels.selected_inverse import BLOCK

    # SuperLU's factors, scipy's copies of L and U and ours with 64-bit indices; per
    # thread eight work blocks of BLOCK vectors and two column sums; the matrix, outputs
    return 44 * entries + (64 * BLOCK + 16) * n * get_num_threads() + 400 * n + 2**20


def _certified_edge_probabilities(a, tolerance=np.inf):
    """``(p, err)`` per CSR entry ``(b, w)`` of `a`: ``a[b, w] * A^{-1}[w, b]`` and a bound on its error.

    Entries other than ±1 (weights) are allowed: the residuals' products then
    round, which adds ``gamma_1`` times the sum of the absolute terms to each
    residual's bound, and the bound on ``A^{-1}[w, b]`` is multiplied by
    ``|a[b, w]|`` (plus the rounding of the product).

    Column ``b`` of ``X ~ A^{-1}`` by a sparse LU with partial pivoting (SuperLU),
    refined once by ``d = solve(r)`` with ``r = e_b - A x`` summed with
    compensation (:mod:`dominotiling._kernels.selected_inverse`). What ``x + d``
    misses is ``A^{-1}`` applied to a residual ``r2`` that is computed too, and
    ``A^{-1}`` is bounded through ``X`` itself: with ``R = I - A X``,
    ``A^{-1} = X (I - R)^{-1}``, so ``||row w of A^{-1}||_1 <= ||row w of X||_1 /
    (1 - ||R||_inf)``. Raises :class:`PrecisionError` when the matrix is singular
    in floating point or ``||R||_inf >= 1`` (``X`` is no inverse at all, so nothing
    can be bounded), or when the bound exceeds `tolerance` -- as soon as that is
    sure: the norms only grow column by column, so the checks run after every
    slice of columns and an ill-conditioned matrix is refused early.
    """
    from scipy.sparse.linalg import splu

    from .._interrupt import slices
    from .._kernels.selected_inverse import refine_columns

    a = a.tocsr()
    a.sort_indices()
    n = a.shape[0]
    try:
        lu = splu(a.tocsc(), permc_spec="COLAMD", diag_pivot_thresh=1.0)
    except RuntimeError:  # singular in floating point, though the region has a tiling
        raise PrecisionError(
            "the Kasteleyn matrix of this region is singular in floating point (too "
            "ill-conditioned for double precision); use exact=True for rationals (one exact "
            "count per position) on a smaller region"
        ) from None
    low, up = lu.L.tocsc(), lu.U.tocsc()
    perm_r, perm_c = lu.perm_r.astype(np.int64), lu.perm_c.astype(np.int64)
    del lu
    u_diag = up.diagonal()
    if not (np.isfinite(u_diag).all() and (u_diag != 0).all()):
        raise PrecisionError(
            "the sparse LU of this region's Kasteleyn matrix has a zero pivot in floating point "
            "(too ill-conditioned for double precision); use exact=True on a smaller region"
        )

    def csc(m):
        return m.indptr.astype(np.int64), m.indices.astype(np.int64), m.data.astype(np.float64)

    l_ptr, l_idx, l_val = csc(low)
    u_ptr, u_idx, u_val = csc(up)
    del low, up
    a_ptr, a_idx, a_val = csc(a)  # CSR arrays, same layout
    from .._interrupt import available

    chunks = max(1, min(available(work=n * a.nnz), n))  # the cores free now; 1 for small work
    refined = np.zeros(a.nnz)
    col_bound = np.zeros(n)
    rowsum = np.zeros((chunks, n))
    xnorm = np.zeros((chunks, n))
    unit = bool((np.abs(a_val) == 1.0).all())
    # entries other than ±1 make each product of a residual round: u |a x| more per term
    gamma2 = _gamma(4) ** 2 if unit else _gamma(4) ** 2 + _gamma(1)
    gn = _gamma(n + 5)
    b = np.repeat(np.arange(n), np.diff(a_ptr))

    def bound(done):
        """The error bound of the entries of columns ``< done`` (a lower bound of the final one)."""
        rho = float(rowsum.sum(axis=0).max()) * (1 + gn) if n else 0.0
        if not rho < 1.0:
            raise PrecisionError(
                f"the float inverse of this region's Kasteleyn matrix is no inverse at all "
                f"(residual norm {rho:.2g} >= 1): the matrix is too ill-conditioned for double "
                "precision, as for Aztec diamonds beyond order ~45; use exact=True for rationals "
                "(one exact count per position) on a smaller region, or estimate the "
                "probabilities from random tilings (dominotiling.parallel.placement_frequencies)"
            )
        row_norm = xnorm.sum(axis=0) * (1 + gn) / (1 - rho)  # >= ||row w of A^{-1}||_1
        upto = a_ptr[done]
        err = 2.0 * (
            row_norm[a_idx[:upto]] * col_bound[b[:upto]] * (1 + gn) + _U * np.abs(refined[:upto])
        )
        if not unit:  # p = a * refined: the entry's size, and the rounding of the product
            err = np.abs(a_val[:upto]) * err * (1 + _U) + _U * np.abs(a_val[:upto] * refined[:upto])
        worst = float(err.max()) if upto else 0.0
        if not worst <= tolerance:  # also catches NaN
            raise PrecisionError(
                f"the float placement probabilities of this region are certified only to within "
                f"{worst:.2g} (asked: tolerance={tolerance:g}): its Kasteleyn matrix is too "
                "ill-conditioned for double precision; pass a larger tolerance=, use exact=True "
                "for rationals (one exact count per position) on a smaller region, or estimate "
                "them from random tilings (dominotiling.parallel.placement_frequencies)"
            )
        return err

    from .._interrupt import run_tasks

    for start, stop in slices(n, first=chunks):

        def chunk(stop_flag, t, start=start, stop=stop):
            refine_columns(
                a_ptr,
                a_idx,
                a_val,
                l_ptr,
                l_idx,
                l_val,
                u_ptr,
                u_idx,
                u_val,
                u_diag,
                perm_r,
                perm_c,
                start,
                stop,
                gamma2,
                refined,
                col_bound,
                rowsum,
                xnorm,
                t,
            )

        # the chunks write apart (their own columns, rowsum[t] and xnorm[t]), side by side
        run_tasks(
            [lambda flag, t=t: chunk(flag, t) for t in range(chunks)],
            n_threads=chunks,
            inline=chunks == 1,
        )
        bound(stop)
    return a_val * refined, bound(n)


def _float(region, tolerance, weights=None):
    mask = region.mask
    if weights is None:
        a = mask_matrix(mask, "real").astype(float).tocsr()
    else:  # over the largest weight: probabilities do not change, entries stay in [0, 1]
        from .kasteleyn import scaled_weights

        h, v, _ = scaled_weights(*weights.as_float())
        a = mask_matrix(mask, "real", (h, v)).tocsr()
    a.sort_indices()
    p, err = _certified_edge_probabilities(a, tolerance)
    if (p < -err - tolerance).any() or (
        p > 1 + err + tolerance
    ).any():  # cannot happen if the bound holds
        raise PrecisionError(
            "internal check failed: a float placement probability lies outside [0, 1] by more "
            "than its error bound; use exact=True"
        )
    p = np.clip(p, 0.0, 1.0)
    # the cells of each CSR entry: row b of `a` is the b-th black cell, column w the w-th white one
    r, c = np.indices(mask.shape)
    colour = (r + c) % 2
    black = np.argwhere(mask & (colour == 0))
    white = np.argwhere(mask & (colour == 1))
    b = np.repeat(np.arange(a.shape[0]), np.diff(a.indptr))
    cb, cw = black[b], white[a.indices]
    top = np.minimum(cb, cw)
    horizontal = cb[:, 0] == cw[:, 0]
    hpos, vpos = _positions(mask)
    out_h = np.where(hpos, 0.0, np.nan)  # positions of zero weight have no entry: probability 0
    out_v = np.where(vpos, 0.0, np.nan)
    out_h[top[horizontal, 0], top[horizontal, 1]] = p[horizontal]
    out_v[top[~horizontal, 0], top[~horizontal, 1]] = p[~horizontal]
    # each cell's probabilities add up to 1 (Kenyon: the diagonal of K K^{-1}); a cheap
    # second look at what the bound already guarantees
    sums = np.zeros(mask.shape)
    slack = np.zeros(mask.shape)
    np.add.at(sums, (cb[:, 0], cb[:, 1]), p)
    np.add.at(sums, (cw[:, 0], cw[:, 1]), p)
    np.add.at(slack, (cb[:, 0], cb[:, 1]), err)
    np.add.at(slack, (cw[:, 0], cw[:, 1]), err)
    if (np.abs(sums - 1)[mask] > slack[mask] + 4 * tolerance + 1e-12).any():
        raise PrecisionError(
            "internal check failed: the float placement probabilities around a cell do not add "
            "up to 1 within their error bounds; use exact=True"
        )
    return PlacementProbabilities(out_h, out_v)


def exact_checked(region, weights, tolerance=None):
    """Exact rationals ``w(e) Z(R - e) / Z(R)`` on a checked region and None or int/Fraction Weights.

    One exact count per position (:func:`~dominotiling.counting.kasteleyn.count_checked`);
    `tolerance` is not read. Raises :class:`NoTilingError` when ``Z(R) = 0``.
    """
    total = count_checked(region, weights)
    if total == 0:
        raise NoTilingError(_NO_TILING)
    return _exact(region, total, weights)


def float_checked(region, weights, tolerance):
    """Certified floats from the inverse Kasteleyn matrix, on checked arguments (None or numeric Weights).

    Refuses regions beyond :data:`FLOAT_MAX_CELLS` cells and factors over the memory
    budget (:class:`TooLargeError`), decides exactly that a tiling exists
    (:class:`NoTilingError`), then certifies every probability within `tolerance`
    (:class:`PrecisionError`).
    """
    if region.n_cells > FLOAT_MAX_CELLS:
        n = region.n_cells // 2
        raise TooLargeError(
            f"placement probabilities of {region.n_cells} cells need {n} sparse solves of "
            f"size {n} (limit {FLOAT_MAX_CELLS} cells); estimate them from random tilings "
            "instead (dominotiling.parallel.placement_frequencies)"
        )
    if weights is None:
        tileable = is_tileable(region)
    else:  # a tiling of placements of nonzero weight, decided exactly
        from .kasteleyn import _has_perfect_matching

        allowed = tuple(x.astype(np.int64) for x in weights.allowed(region))
        tileable = region.is_balanced and _has_perfect_matching(
            mask_matrix(region.mask, "real", allowed)
        )
    if not tileable:
        raise NoTilingError(_NO_TILING)
    from .kasteleyn import lu_entries

    n = region.n_cells // 2
    entries = lu_entries(n, region.narrow_view()[0].shape[1])
    check_memory(
        _float_bytes(n, entries),
        f"the sparse LU factors of this region's Kasteleyn matrix ({region.n_cells} cells, "
        f"about {entries:.2g} nonzeros)",
        "random tilings (dominotiling.parallel.placement_frequencies)",
    )
    return _float(region, tolerance, weights)


def horizontal_probability(probs):
    """Per cell, the probability that it is covered by a horizontal domino (floats).

    .. deprecated::
        Use ``probs.horizontal_probability()``, a method of
        :class:`PlacementProbabilities`.

    Examples
    --------
    >>> import warnings
    >>> from dominotiling import Region, placement_probabilities
    >>> p = placement_probabilities(Region.rectangle(2, 2), exact=True)
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     horizontal_probability(p).tolist()
    [[0.5, 0.5], [0.5, 0.5]]
    """
    warnings.warn(
        "horizontal_probability(probs) is now a method: probs.horizontal_probability()",
        DeprecationWarning,
        stacklevel=2,
    )
    if not (hasattr(probs, "horizontal") and hasattr(probs, "vertical")):
        raise DominoTypeError(
            f"probs must be placement probabilities (with horizontal and vertical arrays), got "
            f"{type(probs).__name__}; get them from placement_probabilities(region)"
        )
    return _horizontal_per_cell(probs.horizontal, probs.vertical)


def __getattr__(name):
    # the front door lives in the dispatch layer above (dominotiling.tasks.placement); its old
    # home answers with the same object
    if name == "placement_probabilities":
        return importlib.import_module("dominotiling.tasks.placement").placement_probabilities
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
