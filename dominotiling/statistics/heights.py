"""Height fields, fluctuation fields and the exact height moments from K^-1 (see :mod:`dominotiling.statistics`)."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import keyword_only
from ..counting.kasteleyn import lu_entries, mask_matrix, scaled_weights
from ..errors import DominoTilingError, DominoTypeError, NoTilingError, PrecisionError
from ..matching.height import UNDEFINED, boundary_heights, defined_vertices, height_function
from ..model.region import Region  # noqa: F401  (docstring examples)
from ..model.tiling import Tiling
from ..model.weighting import check_weights

__all__ = [
    "height_field",
    "expected_height_field",
    "fluctuation_field",
    "HeightMoments",
    "height_moments",
    "expected_height",
    "height_variance",
    "KENYON_VARIANCE_SLOPE",
]

#: ``8 / pi**2``: the growth of ``Var h`` (Thurston's units) per unit of ``log n`` at a
#: point in the bulk of a region of size ``n`` -- the Gaussian free field limit [2]_;
#: divide by 16 for ``unit="flip"``. Derived in ``notebooks/11_fluctuations.ipynb``.
KENYON_VARIANCE_SLOPE = 8.0 / math.pi**2

_UNITS = {"thurston": 1.0, "flip": 0.25}


def _unit(unit):
    _validate.instance(unit, "unit", str, hint='pass "thurston" or "flip"')
    return _UNITS[_validate.choice(unit, "unit", tuple(_UNITS))]


# ------------------------------------------------------------------ height fields
def height_field(tiling, *, unit="thurston"):
    """Thurston's height function of a tiling as a float array, NaN off the region.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of a region without holes.
    unit : {"thurston", "flip"}
        ``"thurston"``: steps of ±1 along edges no domino crosses, ∓3 across a
        domino, so that a flip moves one height by 4
        (:func:`dominotiling.matching.height.height_function`); ``"flip"``: the same divided
        by 4, so that a flip moves one height by 1.

    Returns
    -------
    numpy.ndarray of float, shape ``(rows + 1, cols + 1)``
        ``h[i, j]`` at the top-left corner of cell ``(i, j)``; the first boundary
        vertex of each piece of the region (row-major order) has height 0; NaN at
        vertices that are no corner of a region cell.

    See Also
    --------
    fluctuation_field, height_fluctuations, draw_height_field

    Examples
    --------
    >>> from dominotiling.matching.height import min_tiling
    >>> height_field(min_tiling(Region.rectangle(2, 2)), unit="flip").tolist()
    [[0.0, -0.25, 0.0], [0.25, -0.5, 0.25], [0.0, -0.25, 0.0]]
    """

    scale = _unit(unit)
    h = height_function(tiling)
    out = h.astype(float) * scale
    out[h == UNDEFINED] = np.nan
    return out


def expected_height_field(region, probabilities, *, unit="thurston"):
    """The expected height at every vertex, from the placement probabilities of the dominoes.

    Along a lattice edge the height steps by ``+-1`` where no domino crosses it and
    by ``-+3`` where one does (:func:`height_field`), so the expected step is
    ``sign (1 - 4 P(a domino crosses the edge))``; the expected heights are summed
    along a spanning tree of the region's vertices, by linearity of expectation
    (every path gives the same sum: each tiling's height is path-independent).

    Parameters
    ----------
    region : Region
        A region without holes (its vertices connected through its cells).
    probabilities : PlacementProbabilities
        ``horizontal`` ``(rows, cols - 1)`` and ``vertical`` ``(rows - 1, cols)``
        arrays of placement probabilities, as
        :func:`~dominotiling.counting.placement.placement_probabilities` and
        :func:`~dominotiling.aztec.weighted.aztec_edge_probabilities` give them
        (NaN or 0 where there is no placement).
    unit : {"thurston", "flip"}, keyword-only
        As for :func:`height_field`.

    Returns
    -------
    numpy.ndarray of float, shape ``(rows + 1, cols + 1)``
        ``E h[i, j]`` at the top-left corner of cell ``(i, j)``, normalised as
        :func:`height_field` is (the first vertex of the region, row-major, has
        height 0); NaN at vertices that are no corner of a region cell.

    See Also
    --------
    height_field, expected_height

    Examples
    --------
    >>> from dominotiling.counting.placement import placement_probabilities
    >>> square = Region.rectangle(4, 4)
    >>> h = expected_height_field(square, placement_probabilities(square))
    >>> h.shape, float(h[0, 0]), abs(float(h[2, 2]) - expected_height(square, (2, 2))) < 1e-9
    ((5, 5), 0.0, True)
    """
    from collections import deque

    _validate.region(region)
    scale = _unit(unit)
    mask = region.mask
    rows, cols = mask.shape
    try:
        horizontal = np.asarray(probabilities.horizontal, float)
        vertical = np.asarray(probabilities.vertical, float)
    except (AttributeError, TypeError, ValueError):
        raise DominoTypeError(
            "probabilities must have float arrays .horizontal and .vertical, as "
            f"placement_probabilities(region) returns; got {type(probabilities).__name__}"
        ) from None
    if horizontal.shape != (rows, cols - 1) or vertical.shape != (rows - 1, cols):
        raise DominoTilingError(
            f"probabilities of shapes {horizontal.shape} and {vertical.shape} do not belong to this "
            f"{rows} x {cols} region (expected {(rows, cols - 1)} and {(rows - 1, cols)}): compute them "
            "for the same region"
        )
    pad = np.zeros((rows + 2, cols + 2), bool)
    pad[1:-1, 1:-1] = mask
    hp = np.zeros((rows, cols + 1))
    hp[:, 1:-1] = np.nan_to_num(horizontal)
    vp = np.zeros((rows + 1, cols))
    vp[1:-1, :] = np.nan_to_num(vertical)
    corner = pad[:-1, :-1] | pad[:-1, 1:] | pad[1:, :-1] | pad[1:, 1:]
    h = np.full((rows + 1, cols + 1), np.nan)
    if not corner.any():
        return h
    start = tuple(np.argwhere(corner)[0])
    h[start] = 0.0
    todo = deque([start])
    while todo:
        i, j = todo.popleft()
        for di, dj in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            a, b = i + di, j + dj
            if not (0 <= a <= rows and 0 <= b <= cols) or not corner[a, b] or not np.isnan(h[a, b]):
                continue
            if di == 0:  # along row i, eastwards from column c: the cell on the left is (i - 1, c)
                c = min(j, b)
                if not (pad[i, c + 1] or pad[i + 1, c + 1]):
                    continue
                sign = 1.0 if (i - 1 + c) % 2 == 0 else -1.0
                step = sign * (1 - 4 * vp[i, c]) * (1 if dj == 1 else -1)
            else:  # down column j from row r: the cell on the left is (r, j)
                r = min(i, a)
                if not (pad[r + 1, j] or pad[r + 1, j + 1]):
                    continue
                sign = 1.0 if (r + j) % 2 == 0 else -1.0
                step = sign * (1 - 4 * hp[r, j]) * (1 if di == 1 else -1)
            h[a, b] = h[i, j] + step
            todo.append((a, b))
    return h * scale


def fluctuation_field(tilings, *, mean=None, unit="thurston"):
    """``h - E h``: the height fluctuations of an ensemble, per sample.

    Parameters
    ----------
    tilings : Tiling or sequence of Tiling
        Complete tilings of one region without holes, e.g. from
        :func:`dominotiling.parallel.ensemble` (which runs on Dask with ``client=``).
    mean : array, optional
        ``E h`` in the same `unit`, shape ``(rows + 1, cols + 1)``: e.g.
        ``height_fluctuations(...).mean`` (:mod:`dominotiling.parallel`, summed on the
        workers) or :func:`expected_height`. By default the ensemble's own mean,
        which needs at least two tilings.
    unit : {"thurston", "flip"}
        As in :func:`height_field`.

    Returns
    -------
    numpy.ndarray of float, shape ``(samples, rows + 1, cols + 1)``
        NaN at vertices that are no corner of a region cell.

    Raises
    ------
    DominoTilingError
        If the tilings tile different regions, or fewer than two are given without
        `mean`, or `mean` has the wrong shape.

    See Also
    --------
    height_field, height_fluctuations, draw_height_field

    Examples
    --------
    >>> from dominotiling import random_tiling
    >>> r = Region.rectangle(4, 4)
    >>> f = fluctuation_field([random_tiling(r, seed=s) for s in range(10)])
    >>> f.shape, bool(abs(np.nanmean(f, axis=0)).max() < 1e-12)
    ((10, 5, 5), True)
    """
    if isinstance(tilings, Tiling):
        tilings = [tilings]
    tilings = list(
        _validate.instance(
            tilings,
            "tilings",
            (list, tuple),
            hint="pass a list of tilings, e.g. from parallel.ensemble",
        )
    )
    if mean is None and len(tilings) < 2:
        raise DominoTilingError(
            f"the fluctuation field of an ensemble needs at least 2 tilings to estimate E h, got "
            f"{len(tilings)}; pass more, or pass mean= (e.g. expected_height or height_fluctuations)"
        )
    if not tilings:
        raise DominoTilingError("tilings is empty; pass at least one tiling")
    first = _validate.tiling(tilings[0], "tilings[0]")
    for i, t in enumerate(tilings[1:], 1):
        t = _validate.tiling(t, f"tilings[{i}]")
        if not (t.region is first.region or t.region == first.region):
            raise DominoTilingError(
                f"tilings[{i}] tiles a different region from tilings[0]; an ensemble's "
                "fluctuations need tilings of one region"
            )
    rows, cols = first.region.shape
    check_memory(
        8 * len(tilings) * (rows + 1) * (cols + 1),
        f"the fluctuation fields of {len(tilings)} tilings",
        "fewer tilings at a time",
    )
    fields = np.stack([height_field(t, unit=unit) for t in tilings])
    if mean is None:
        mean = fields.mean(axis=0)
    else:
        mean = _validate.array(mean, "mean", shape=(rows + 1, cols + 1)).astype(float)
    return fields - mean


class HeightMoments(NamedTuple):
    """Exact mean and variance of the height at one vertex (see :func:`height_moments`).

    Attributes
    ----------
    mean : float
    variance : float

    See Also
    --------
    height_moments

    Examples
    --------
    >>> height_moments(Region.rectangle(2, 2), (1, 1), unit="flip")
    HeightMoments(mean=0.0, variance=0.25)
    """

    mean: float
    variance: float


def _vertex(value, region, name="vertex"):

    i, j = _validate.cell(value, name)
    rows, cols = region.shape
    if not (0 <= i <= rows and 0 <= j <= cols) or not defined_vertices(region)[i, j]:
        raise DominoTilingError(
            f"{name}={(i, j)} is not a corner of a region cell; vertices are (i, j) with "
            f"0 <= i <= {rows}, 0 <= j <= {cols}, (i, j) the top-left corner of cell (i, j)"
        )
    return i, j


def _path(mask, i, j):
    """The steps of the shortest straight walk from vertex ``(i, j)`` to the boundary.

    Returns ``(end, steps)``: the boundary vertex reached and a list of
    ``(s, cell1, cell2)`` per step, ``s`` the step sign of ``_kernels/height.py``,
    the cells beside the edge (None when the edge is on the boundary).
    """
    rows, cols = mask.shape
    padded = np.pad(mask, 1)
    interior = padded[:-1, :-1] & padded[:-1, 1:] & padded[1:, :-1] & padded[1:, 1:]
    best = None
    for di, dj in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        a, b, n = i, j, 0
        while interior[a, b]:
            a, b, n = a + di, b + dj, n + 1
        if best is None or n < best[0]:
            best = (n, di, dj)
    n, di, dj = best
    steps = []
    a, b = i, j
    for _ in range(n):
        if dj:  # horizontal edge between the cells above and below it
            col = b if dj > 0 else b - 1
            c1, c2 = (a - 1, col), (a, col)
            s = 1 if (a + b) % 2 else -1
        else:
            row = a if di > 0 else a - 1
            c1, c2 = (row, b - 1), (row, b)
            s = -1 if (a + b) % 2 else 1
        steps.append((s, c1, c2))
        a, b = a + di, b + dj
    return (a, b), steps


def _inverse_entries(a, lu, rows, cols):
    """``A^{-1}[rows][:, cols]`` from SuperLU's ``Pr A Pc = L U``, without whole columns of ``A^{-1}``.

    ``A^{-1} = Pc U^{-1} L^{-1} Pr``, so ``A^{-1}(w, b) = z_w . y_b`` with
    ``y_b = L^{-1} e_{perm_r[b]}`` and ``z_w = U^{-T} e_{perm_c[w]}``: two sets of
    sparse forward solves that touch only what the unit vectors reach (a few
    per cent of the factors on a square), then their sparse products. One
    whole column is also solved the usual way as a check of the factors'
    accuracy (:class:`PrecisionError` beyond 1e-8).
    """
    from .._interrupt import slices
    from .._kernels.statistics import lower_solve_units, sparse_gram

    n = a.shape[0]
    solved = []
    for factor, perm, which in ((lu.L.tocsc(), lu.perm_r, cols), (lu.U.T.tocsc(), lu.perm_c, rows)):
        starts = np.asarray(perm)[which].astype(np.int64)
        parts = [
            lower_solve_units(
                factor.indptr.astype(np.int64),
                factor.indices.astype(np.int64),
                factor.data,
                starts[i:j],
            )
            for i, j in slices(len(starts), first=4)
        ]  # columns in short calls: Ctrl-C
        solved.append(np.ascontiguousarray(np.hstack(parts)))
    y, z = solved
    g = sparse_gram(z, y)
    e = np.zeros(n)
    e[cols[0]] = 1.0
    x = lu.solve(e)
    err = max(float(np.abs(a @ x - e).max()), float(np.abs(x[rows] - g[:, 0]).max()))
    if not np.isfinite(err) or not np.isfinite(g).all() or err > 1e-8:
        raise PrecisionError(
            f"the float solves with the Kasteleyn matrix are off by {err:.2g}; the height "
            "moments would not be reliable -- sample with random_tiling and use Monte Carlo"
        )
    return g


@keyword_only("weights")
def height_moments(region, vertex, *, weights=None, unit="thurston"):
    """Exact mean and variance of the height at a vertex, from the inverse Kasteleyn matrix.

    Parameters
    ----------
    region : Region
        A region without holes with at least one tiling.
    vertex : (i, j)
        A lattice vertex: the top-left corner of cell ``(i, j)``, ``0 <= i <= rows``,
        ``0 <= j <= cols`` (the indices of :func:`height_field`).
    weights : Weights, optional
        Numeric weights (the Boltzmann measure); uniform by default.
    unit : {"thurston", "flip"}
        As in :func:`height_field`.

    Returns
    -------
    HeightMoments
        ``(mean, variance)`` floats, in the normalisation of :func:`height_field`
        (the first boundary vertex of the piece has height 0).

    Raises
    ------
    NoTilingError
        If the region has no tiling.
    DominoTilingError
        If the region has holes, or the vertex is not a corner of a region cell.
    PrecisionError
        If the float solves are not accurate to 1e-8 (a nearly singular matrix).
    WeightError, DominoTypeError
        For weights that do not fit the region or are symbolic.

    See Also
    --------
    expected_height, height_variance, HeightMoments

    Notes
    -----
    Walk straight from the vertex to the nearest boundary vertex ``b``, whose
    height is the same for every tiling. Each step along an edge with step sign
    ``s`` changes the height by ``s (1 - 4 X_e)``, ``X_e`` the indicator that a
    domino crosses the edge, so ``h = h(b) - sum_e s_e (1 - 4 X_e)`` and

    ``E h = h(b) - sum_e s_e (1 - 4 P_e)``, ``Var h = 16 sum_{e,f} s_e s_f Cov(X_e, X_f)``.

    Kenyon's local statistics [1]_: with the Kasteleyn matrix ``A`` (black rows,
    white columns), ``P_e = A(b, w) A^{-1}(w, b)`` for ``e = (b, w)``, and
    ``Cov(X_e, X_f) = -A(b_e, w_e) A(b_f, w_f) A^{-1}(w_e, b_f) A^{-1}(w_f, b_e)``
    for ``e != f`` -- a 2x2 determinant minus the product of the marginals. Only
    the columns of ``A^{-1}`` at the path's black cells are computed, by one sparse
    LU factorisation (SuperLU), then sparse forward solves with its two
    triangular factors from the path's cells, which reach only a few per cent
    of them: the centre of a 200x200 square in about half a second.

    Examples
    --------
    >>> m = height_moments(Region.rectangle(4, 4), (2, 2))
    >>> round(m.mean, 6), round(m.variance, 4)
    (0.0, 0.8889)
    """
    from scipy.sparse.linalg import splu

    region = _validate.region(region)
    scale = _unit(unit)
    weights = check_weights(weights, region)
    rows0, cols0 = region.shape
    # up front (before the boundary heights and the path, +328 MiB and seconds on 5000 x 5000):
    # the LU's estimate alone (the solves along the vertex's path are checked below, with it)
    check_memory(
        32 * lu_entries(region.n_cells // 2, min(rows0, cols0)),
        f"the sparse LU of the Kasteleyn matrix of a {rows0}x{cols0} region",
        "a smaller region, or estimate the variance from samples "
        "(dominotiling.parallel.height_fluctuations)",
    )
    i, j = _vertex(vertex, region)
    hb = boundary_heights(region)  # refuses holes
    if hb is None or not region.is_balanced:
        raise NoTilingError("the region has no tiling: its height moments are not defined")
    mask = region.mask
    (bi, bj), steps = _path(mask, i, j)
    base = float(hb[bi, bj])
    edges = [(s, c1, c2) for s, c1, c2 in steps if mask[c1] and mask[c2]]
    det_free = sum(s for s, c1, c2 in steps if not (mask[c1] and mask[c2]))
    n = region.n_cells // 2
    rows, cols = mask.shape
    check_memory(
        32 * lu_entries(n, min(rows, cols)) + 16 * n * (len(edges) + 4),
        f"the sparse LU of the Kasteleyn matrix of a {rows}x{cols} region",
        "a smaller region",
    )
    if weights is None:
        a = mask_matrix(mask, "real").astype(float)
    else:
        a = mask_matrix(mask, "real", scaled_weights(*weights.as_float())[:2])
    a = a.tocsc()
    if not edges:
        mean = base - det_free
        return HeightMoments(mean * scale, 0.0)
    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    bidx = np.cumsum(black.ravel()).reshape(mask.shape) - 1
    widx = np.cumsum((mask & ~black).ravel()).reshape(mask.shape) - 1
    bs, ws, sg = [], [], []
    for s, c1, c2 in edges:
        b_, w_ = (c1, c2) if black[c1] else (c2, c1)
        bs.append(int(bidx[b_])), ws.append(int(widx[w_])), sg.append(s)
    bs, ws, sg = np.array(bs), np.array(ws), np.array(sg, float)
    try:
        lu = splu(a, permc_spec="COLAMD", diag_pivot_thresh=1.0)
    except RuntimeError:
        raise NoTilingError("the region has no tiling (its Kasteleyn matrix is singular)") from None
    g = _inverse_entries(a, lu, ws, bs)  # g[e, f] = A^{-1}(w_e, b_f)
    aval = np.asarray(a[bs, ws]).ravel()  # A(b_e, w_e)
    p = aval * np.diag(g)
    cov = -np.outer(aval, aval) * g * g.T
    cov[np.diag_indices_from(cov)] = p * (1 - p)
    mean = base - det_free - float(np.sum(sg * (1 - 4 * p)))
    var = 16.0 * float(sg @ cov @ sg)
    return HeightMoments(mean * scale, max(var, 0.0) * scale * scale)


@keyword_only("weights")
def expected_height(region, vertex, *, weights=None, unit="thurston"):
    """The exact expected height at a vertex; see :func:`height_moments`.

    Parameters
    ----------
    region : Region
    vertex : (int, int)
    weights : Weights, optional
    unit : {"thurston", "flip"}, keyword-only
        As for :func:`height_moments`.

    Returns
    -------
    float
        The mean height at `vertex`, computed from exact counts.

    See Also
    --------
    height_moments, height_variance

    Examples
    --------
    >>> round(expected_height(Region.rectangle(2, 2), (1, 1)), 9)
    0.0
    """
    return height_moments(region, vertex, weights=weights, unit=unit).mean


@keyword_only("weights")
def height_variance(region, vertex, *, weights=None, unit="thurston"):
    """The exact variance of the height at a vertex; see :func:`height_moments`.

    Parameters
    ----------
    region : Region
    vertex : (int, int)
    weights : Weights, optional
    unit : {"thurston", "flip"}, keyword-only
        As for :func:`height_moments`.

    Returns
    -------
    float
        The variance of the height at `vertex`, computed from exact counts.

    See Also
    --------
    height_moments, expected_height

    Examples
    --------
    >>> round(height_variance(Region.rectangle(2, 2), (1, 1), unit="flip"), 9)
    0.25
    """
    return height_moments(region, vertex, weights=weights, unit=unit).variance
