"""Kasteleyn's theorem: tilings of any region as a determinant.

Give each edge of the cell graph a sign (or a unit complex number) so that every
bounded face satisfies Kasteleyn's condition; then the black-by-white weighted
adjacency matrix ``A`` satisfies ``|det A| = number of tilings``. This module builds
such a matrix for *every* region, holes of any parity included, counts tilings
exactly from it (a banded determinant modulo many primes), and gives log-counts
for regions of a million cells.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.kasteleyn import count_kasteleyn, kasteleyn_matrix
>>> count_kasteleyn(Region.rectangle(8, 8))
12988816
>>> ring = Region.from_strings(["...", ".#.", "..."])     # a one-cell hole
>>> kasteleyn_matrix(ring).shape, count_kasteleyn(ring)
((4, 4), 2)

References
----------
.. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
.. [2] P. W. Kasteleyn, "Dimer statistics and phase transitions", J. Math. Phys. 4 (1963).
.. [3] R. Kenyon, "Lectures on dimers", IAS/Park City Math. Series 16 (2009).
"""

from __future__ import annotations

import math

import numpy as np

from .errors import TooLargeError
from .exact import det_exact, hadamard_log2_bound
from .region import Region, _label4, check_region  # Region: used by the docstring examples

__all__ = [
    "kasteleyn_matrix",
    "kasteleyn_signs",
    "count_kasteleyn",
    "determinant_problem",
    "log_count",
    "cost_estimate",
    "MEMORY_LIMIT",
]

#: Memory the exact determinant's bands may take (all threads together), in bytes.
MEMORY_LIMIT = 4 * 2**30


def kasteleyn_signs(mask):
    """Signs of the vertical edges that make the real weighting Kasteleyn.

    Parameters
    ----------
    mask : numpy.ndarray of bool, 2-D

    Returns
    -------
    numpy.ndarray of int8, shape ``(rows - 1, cols)``
        ``s[r, c]`` is the sign of the edge between cells ``(r, c)`` and
        ``(r + 1, c)``; horizontal edges all have sign +1.

    Notes
    -----
    Kasteleyn's condition for a bipartite plane graph: around every bounded face
    of length ``2k`` the number of negative edges is ``k + 1`` modulo 2. With
    ``(-1)**c`` on vertical edges every unit square of the lattice of cell centres
    has one negative edge. A larger face ``F`` (around a hole) then has
    ``(-1)**area(F)`` as its sign product, and by Pick's theorem
    ``area(F) = I + k - 1`` with ``I`` the lattice points strictly inside -- the
    condition holds exactly when ``I`` is even. For each connected component and
    each of its holes with an odd number of cells, the signs of the component's
    vertical edges crossed by a horizontal ray from the hole to the right are
    flipped: the face around the hole is crossed once, every other face an even
    number of times, so every face ends up with an even count of odd holes inside
    or one flip, as it needs.
    """
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    signs = np.where(np.arange(cols) % 2 == 0, 1, -1).astype(np.int8)
    signs = np.broadcast_to(signs, (max(rows - 1, 0), cols)).copy()
    if rows < 3 or cols < 3:
        return signs
    from scipy import ndimage

    comp, n_comp = _label4(mask)
    for k, box in enumerate(ndimage.find_objects(comp), 1):
        if box is None or box[0].stop - box[0].start < 3 or box[1].stop - box[1].start < 3:
            continue  # too small to surround a hole
        sub = comp[box] == k
        padded = np.pad(~sub, 1, constant_values=True)
        holes, n_holes = _label4(padded)
        outside = holes[0, 0]
        sizes = np.bincount(holes.ravel(), minlength=n_holes + 1)
        vert = sub[:-1] & sub[1:]
        r0, c0 = box[0].start, box[1].start
        for h in range(1, n_holes + 1):
            if h == outside or sizes[h] % 2 == 0:
                continue
            hr, hc = np.argwhere(holes == h)[0] - 1  # first cell of the hole, in `sub`
            crossed = np.flatnonzero(vert[hr, hc + 1 :]) + hc + 1
            signs[r0 + hr, c0 + crossed] *= -1
    return signs


def _matrix(mask, kind):
    """Kasteleyn matrix of a mask (rows: black cells, columns: white cells, row-major)."""
    from scipy import sparse

    rows, cols = mask.shape
    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    white = mask & ((r + c) % 2 == 1)
    bidx = np.full(mask.shape, -1, dtype=np.int64)
    widx = np.full(mask.shape, -1, dtype=np.int64)
    bidx[black] = np.arange(int(black.sum()))
    widx[white] = np.arange(int(white.sum()))
    signs = kasteleyn_signs(mask)
    parts_b, parts_w, parts_v = [], [], []
    # horizontal edges: weight 1
    both = mask[:, :-1] & mask[:, 1:]
    a, b = bidx[:, :-1], bidx[:, 1:]
    wa, wb = widx[:, :-1], widx[:, 1:]
    sel = both & (a >= 0)
    parts_b.append(a[sel]), parts_w.append(wb[sel]), parts_v.append(np.ones(int(sel.sum())))
    sel = both & (b >= 0)
    parts_b.append(b[sel]), parts_w.append(wa[sel]), parts_v.append(np.ones(int(sel.sum())))
    # vertical edges: sign s (real) or i * s / (-1)**c (complex)
    both = mask[:-1] & mask[1:]
    unit = signs.astype(float) if kind == "real" else 1j * signs * np.where(np.arange(cols) % 2 == 0, 1, -1)
    a, b = bidx[:-1], bidx[1:]
    wa, wb = widx[:-1], widx[1:]
    sel = both & (a >= 0)
    parts_b.append(a[sel]), parts_w.append(wb[sel]), parts_v.append(unit[sel])
    sel = both & (b >= 0)
    parts_b.append(b[sel]), parts_w.append(wa[sel]), parts_v.append(unit[sel])
    dtype = np.int8 if kind == "real" else complex
    vals = np.concatenate(parts_v).astype(dtype)
    shape = (int(black.sum()), int(white.sum()))
    return sparse.csr_matrix((vals, (np.concatenate(parts_b), np.concatenate(parts_w))), shape=shape)


def kasteleyn_matrix(region, kind="real"):
    """The Kasteleyn matrix of a region: ``|det| = number of tilings``.

    Parameters
    ----------
    region : Region
        Any region; holes of any size and parity are handled.
    kind : {"real", "complex"}
        ``"real"``: entries ±1 (horizontal edges +1, vertical ones ``(-1)**col``,
        corrected around holes with an odd number of cells). ``"complex"``:
        horizontal edges 1, vertical ones ``±i`` (the source article's weighting,
        with the same corrections).

    Returns
    -------
    scipy.sparse.csr_matrix
        Rows are the black cells, columns the white cells, each in row-major
        order: the block ``A`` of ``K = [[0, A], [A.T, 0]]``.

    Notes
    -----
    Kasteleyn's theorem: for a plane bipartite graph whose edge weights make the
    alternating product around every bounded face of length ``2k`` equal to
    ``(-1)**(k+1)``, ``|det A|`` is the number of perfect matchings. The unit
    squares of the grid satisfy it with the weights above; faces around holes
    need the correction explained in :func:`kasteleyn_signs`.

    Examples
    --------
    >>> A = kasteleyn_matrix(Region.rectangle(2, 2))
    >>> A.toarray().tolist()
    [[1, 1], [-1, 1]]
    >>> abs(round(float(np.linalg.det(A.toarray()))))
    2
    """
    check_region(region)
    if kind not in ("real", "complex"):
        raise ValueError(f"kind must be 'real' or 'complex', got {kind!r}")
    return _matrix(region.mask, kind)


def _band_bytes(n_rows, kl, ku):
    from numba import get_num_threads

    return get_num_threads() * n_rows * (2 * kl + ku + 1) * 8


def cost_estimate(region):
    """``(operations, bytes)`` that :func:`count_kasteleyn` would spend, or None if refused.

    Operations are eliminations of one entry: ``n * kl * (kl + ku)`` per prime for
    ``n`` black cells and bandwidths ``kl, ku`` (about half the short side ``w``),
    one prime per 26 bits of the bound. Computed from the region's shape alone,
    without building the matrix.
    """
    mask, _, _ = region.narrow_view()
    if mask.size == 0:
        return 0.0, 0
    n = region.n_cells // 2
    half = mask.shape[1] // 2 + 1
    need = _band_bytes(n, half, half)
    if need > MEMORY_LIMIT:
        return None
    primes = region.n_cells / 2 / 26 + 1  # Hadamard: at most one bit per black cell
    return float(n) * half * 2 * half * primes, need


def determinant_problem(region):
    """The exact determinant that counts `region`'s tilings: ``(matrix, log2_bound)``.

    The real Kasteleyn matrix of the region turned to run along its long side
    (narrow band) and the smaller of Hadamard's bound on its determinant and
    Brègman's on the count. Returns the count itself, an int, when it needs no
    determinant (0 for an unbalanced region, 1 for an empty one). Shared by
    :func:`count_kasteleyn` and ``parallel.count_distributed``.

    Raises
    ------
    TooLargeError
        If the band of the elimination would not fit in :data:`MEMORY_LIMIT`.
    """
    check_region(region)
    if not region.is_balanced:
        return 0
    mask, _, _ = region.narrow_view()
    if mask.size == 0:
        return 1
    a = _matrix(mask, "real")
    from .exact import bandwidths

    kl, ku = bandwidths(a)
    need = _band_bytes(a.shape[0], kl, ku)
    if need > MEMORY_LIMIT:
        raise TooLargeError(
            f"the exact Kasteleyn determinant of this region ({region.n_cells} cells, "
            f"{mask.shape[1]} wide on its narrower side) needs bands of {need / 2**30:.1f} GiB "
            f"(limit {MEMORY_LIMIT / 2**30:.1f} GiB); log_count(region) gives the logarithm "
            "of the count in floating point"
        )
    return a, min(hadamard_log2_bound(a), region.log2_count_bound())


def count_kasteleyn(region):
    """Number of tilings of `region`, exactly, as a Kasteleyn determinant.

    Parameters
    ----------
    region : Region
        Any region: any width, holes of any parity, several components.

    Returns
    -------
    int

    Raises
    ------
    TooLargeError
        If the band of the elimination would not fit in :data:`MEMORY_LIMIT`.

    Notes
    -----
    The region is turned so that its cells run row by row along the long side;
    then the Kasteleyn matrix is banded, with bandwidth about half the short side
    ``w``. The determinant is computed modulo primes below ``2**26`` by Gaussian
    elimination inside the band (``O(cells * w**2)`` per prime, one prime per
    thread), and put together by the Chinese remainder theorem. The number of
    primes follows from Hadamard's bound ``|det A| <= prod ||row||`` (at most
    ``sqrt(4)`` per black cell), or Brègman's bound on the count if smaller.

    Examples
    --------
    >>> count_kasteleyn(Region.aztec_diamond(4)) == 2 ** 10
    True
    """
    problem = determinant_problem(region)
    if isinstance(problem, int):
        return problem
    a, bound = problem
    return abs(det_exact(a, log2_bound=bound))


def log_count(region):
    """Natural logarithm of the number of tilings, in floating point.

    Parameters
    ----------
    region : Region
        Any region; a million cells take seconds.

    Returns
    -------
    float
        ``log(count)``; ``-inf`` when the region has no tiling.

    Notes
    -----
    ``log |det A| = sum log |U_ii|`` from a sparse LU factorisation of the real
    Kasteleyn matrix (SuperLU through ``scipy.sparse.linalg.splu``, with a
    fill-reducing column order). The relative error is that of the LU
    factorisation, about machine precision times a modest growth factor.

    Examples
    --------
    >>> import math
    >>> round(math.exp(log_count(Region.rectangle(8, 8))))
    12988816
    """
    check_region(region)
    if not region.is_balanced:
        return -math.inf
    mask, _, _ = region.narrow_view()
    if mask.size == 0:
        return 0.0
    from scipy.sparse.linalg import splu

    a = _matrix(mask, "real").astype(float).tocsc()
    try:
        lu = splu(a, permc_spec="COLAMD")
    except RuntimeError:  # exactly singular: no tiling
        return -math.inf
    diag = np.abs(lu.U.diagonal())
    if (diag == 0).any():
        return -math.inf
    return float(np.log(diag).sum())
