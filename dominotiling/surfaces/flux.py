"""Flux sectors: the tilings of a region with holes, sorted by the height offset of each hole.

Around a hole, Thurston's height function changes by ``4 (black - white)`` of the
hole's cells, the same for every tiling. What differs between tilings is the
*level* of each hole: flips (:func:`dominotiling.matching.height.flip`) move the heights of
inner vertices only, so the height on a hole's boundary, measured from the outer
boundary, is the same for all tilings that flips connect. That offset is the
**flux** of the hole; the tilings with one flux vector form a *sector*, and two
tilings are connected by flips exactly when their fluxes agree (Saldanha, Tomei,
Casarin and Romualdo [1]_). Each sector is a distributive lattice of lifted
height functions, with a bottom and a top (:func:`sector_tiling`) and an exact
sampler by coupling from the past (:func:`sample_sector_cftp`).

Convention: heights as in :mod:`dominotiling.matching.height` (a flip moves one height by
4), 0 at the top-left corner of the region's first cell (row-major); the flux of
hole ``i`` (in the order of ``region.holes``) is the height at the top-left corner
of the hole's first cell. When a hole has unequal colour counts the heights are
continued along paths that do not cross the region's *cuts*: for each hole the
shortest chain of region cells from it to the outside (breadth first from the
outside, so the chains form a tree). Fluxes are congruent mod 4 to a fixed value;
a flip never changes them.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.surfaces.flux import count_by_flux, flux, sector_tiling
>>> ring = Region.from_strings(["....", ".##.", ".##.", "...."])
>>> count_by_flux(ring)
{(-2,): 1, (2,): 1}
>>> flux(sector_tiling(ring, (2,), extreme="min"))
(2,)

References
----------
.. [1] N. C. Saldanha, C. Tomei, M. A. Casarin Jr. and D. Romualdo, "Spaces of
   domino tilings", Discrete Comput. Geom. 14 (1995), 207-233.
.. [2] W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990).
.. [3] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
.. [4] J. G. Propp and D. B. Wilson, "Exact sampling with coupled Markov chains and
   applications to statistical mechanics", Random Structures Algorithms 9 (1996).
"""

from __future__ import annotations

import math
from collections import deque
from functools import lru_cache

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import keyword_only, renamed
from ..counting.kasteleyn import count_kasteleyn, log_count_checked, mask_matrix
from ..errors import DominoTilingError, NoTilingError, TooLargeError
from ..matching.matchings import complete_tiling_labels
from ..model.region import (
    Region,  # noqa: F401 -- used by the docstring examples
    check_region,
    label_components,
)  # Region: used by the docstring examples
from ..model.tiling import OUTSIDE, Tiling

__all__ = [
    "flux",
    "count_by_flux",
    "sector_tiling",
    "sample_sector_cftp",
    "sample_sectors",
    "sector_cftp",
    "random_tiling_sectors",
]

#: The most eliminations (small determinants at all grid points, all primes) that
#: :func:`count_by_flux` accepts before refusing with TooLargeError.
MAX_SECTOR_OPS = 3e11

#: Bytes per lattice vertex of the tables a region's flux topology keeps (neighbours,
#: kinds, steps, cuts, jumps, reduced lengths, heights; a few (nv, 4) int64 arrays) and
#: of the reference matching, an upper estimate checked before they are built.
_TOPOLOGY_BYTES_PER_VERTEX = 400

_DI = (0, 0, 1, -1)
_DJ = (1, -1, 0, 0)


def _edge_sides(padded):
    """The two cells beside each lattice edge, from a 1-padded cell array: ``(a, b)``, each ``(rows + 1, cols + 1, 4)``.

    Direction ``d`` as in ``_kernels/flux.py`` (0 east, 1 west, 2 south, 3 north); an
    edge leaving the grid has both sides in the padding.
    """
    n_i, n_j = padded.shape[0] - 1, padded.shape[1] - 1
    top, bottom = padded[:n_i], padded[1:]
    a = np.stack([top[:, 1:], top[:, :n_j], bottom[:, :n_j], top[:, :n_j]], axis=-1)
    b = np.stack([bottom[:, 1:], bottom[:, :n_j], bottom[:, 1:], top[:, 1:]], axis=-1)
    return a, b


def _edge_tables(mask):
    """``(nbr, kind, step)``, each ``(nv, 4)``: the neighbour (-1 none), 0 no edge / 1 boundary / 2 interior, the step s.

    Array operations (no kernel to compile); vertex and direction conventions of
    ``_kernels/flux.py``.
    """
    rows, cols = mask.shape
    nc, nv = cols + 1, (rows + 1) * (cols + 1)
    a, b = _edge_sides(np.pad(mask, 1))
    has = a | b
    i, j = np.indices((rows + 1, nc))
    odd = ((i + j) & 1).astype(np.int8)[..., None]
    sign = np.array(
        [1, 1, -1, -1], dtype=np.int8
    )  # east/west: +1 on odd vertices; south/north: on even
    step = np.where(has, np.where(odd == 1, sign, -sign), 0).astype(np.int8)
    v = (i * nc + j)[..., None]
    nbr = np.where(has, v + np.array(_DI) * nc + np.array(_DJ), -1).astype(np.int64)
    kind = (has.astype(np.int8) + (a & b)).astype(np.int8)
    return nbr.reshape(nv, 4), kind.reshape(nv, 4), step.reshape(nv, 4)


def _edge_deltas(labels, step):
    """``(nv, 4)`` int64: the height change of a complete tiling along each edge (``s``, or ``-3 s`` inside a domino; 0 no edge)."""
    la, lb = _edge_sides(np.pad(labels, 1, constant_values=OUTSIDE))
    rows, cols = labels.shape
    same = (la == lb) & (la >= 0)
    s = step.reshape(rows + 1, cols + 1, 4).astype(np.int64)
    return np.where(same, -3 * s, s).reshape(-1, 4)


class _Topology:
    """Everything about a holed region that does not depend on a tiling (cached per region)."""

    def __init__(self, region):
        from .._kernels.flux import lifted_heights

        mask = np.ascontiguousarray(region.mask)
        self.region = region
        self.mask = mask
        rows, cols = mask.shape
        self.nc = cols + 1
        self.nv = (rows + 1) * self.nc
        self.holes = region.holes
        self.nbr, self.kind, self.step = _edge_tables(mask)
        first = np.argwhere(mask)[0]
        self.v0 = int(first[0]) * self.nc + int(first[1])
        self.vh = []
        for hole in self.holes:
            r, c = np.argwhere(hole.mask)[0]
            self.vh.append(int(r) * self.nc + int(c))
        self.skip = self._cuts()
        m = np.pad(mask, 1)
        inner = (m[:-1, :-1] & m[:-1, 1:] & m[1:, :-1] & m[1:, 1:]).ravel()
        self.inner = inner
        defined = (m[:-1, :-1] | m[:-1, 1:] | m[1:, :-1] | m[1:, 1:]).ravel()
        self.defined = defined
        self.fixed = np.flatnonzero(defined & ~inner).astype(np.int64)
        # a reference tiling fixes the jumps across the cuts and the reduced lengths

        # (any tiling gives the same jumps and sectors; SciPy's matching compiles nothing)
        labels = complete_tiling_labels(mask)
        self.tileable = labels is not None
        self.jump = np.zeros((self.nv, 4), dtype=np.int64)
        if not self.tileable:
            return
        delta = _edge_deltas(labels, self.step)
        h, ok = lifted_heights(self.nbr, delta, self.v0, self.skip, self.jump)
        has = self.nbr >= 0
        hn = np.where(has, h[np.maximum(self.nbr, 0)], 0)
        self.jump = np.where(self.skip & has, hn - h[:, None] - delta, 0).astype(np.int64)
        h, ok = lifted_heights(self.nbr, delta, self.v0, np.zeros_like(self.skip), self.jump)
        if not ok:  # pragma: no cover - the cuts make the heights single-valued
            raise DominoTilingError(
                "internal error: the lifted heights of the reference tiling do not close up"
            )
        self.href = h
        self.flux_ref = tuple(int(h[v]) for v in self.vh)
        interior = self.kind == 2
        self.nbr_interior = np.where(interior, self.nbr, -1).astype(np.int64)
        self.len_max = np.where(interior, (2 - self.step - delta) // 4, 0).astype(np.int64)
        self.len_min = np.where(interior, (2 + self.step + delta) // 4, 0).astype(np.int64)
        self.boundary_comp = self._boundary_components()

    # -- the cuts: a tree of region cells joining every hole to the outside
    def _cuts(self):
        mask = self.mask
        rows, cols = mask.shape
        padded = np.pad(~mask, 1, constant_values=True)
        lab, _ = label_components(padded)
        outside = lab[0, 0]
        dist = np.full(padded.shape, -1, dtype=np.int64)
        parent = np.full(padded.shape + (2,), -1, dtype=np.int64)
        queue = deque()
        for r, c in np.argwhere(lab == outside):
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                rr, cc = r + dr, c + dc
                if (
                    0 <= rr < rows + 2
                    and 0 <= cc < cols + 2
                    and not padded[rr, cc]
                    and dist[rr, cc] < 0
                ):
                    dist[rr, cc] = 1
                    parent[rr, cc] = (r, c)
                    queue.append((rr, cc))
        while queue:
            r, c = queue.popleft()
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                rr, cc = r + dr, c + dc
                if not padded[rr, cc] and dist[rr, cc] < 0:
                    dist[rr, cc] = dist[r, c] + 1
                    parent[rr, cc] = (r, c)
                    queue.append((rr, cc))
        skip = np.zeros((self.nv, 4), dtype=np.bool_)
        for hole in self.holes:
            best = None
            for r, c in np.argwhere(hole.mask) + 1:
                for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                    rr, cc = r + dr, c + dc
                    if not padded[rr, cc] and (best is None or dist[rr, cc] < best[0]):
                        best = (dist[rr, cc], (r, c), (rr, cc))
            chain = [best[1], best[2]]
            while not (padded[chain[-1]] and lab[chain[-1]] == outside):
                chain.append(tuple(int(x) for x in parent[chain[-1]]))
            for a, b in zip(chain, chain[1:]):
                self._cut_between(skip, (a[0] - 1, a[1] - 1), (b[0] - 1, b[1] - 1))
        return skip

    def _cut_between(self, skip, a, b):
        """Mark the lattice edge between the side-adjacent cells a and b (both directions)."""
        (r1, c1), (r2, c2) = sorted([a, b])
        if r1 == r2:  # a vertical lattice edge (r1, c2)-(r1 + 1, c2)
            v = r1 * self.nc + c2
            u = v + self.nc
            skip[v, 2] = skip[u, 3] = True
        else:  # a horizontal lattice edge (r2, c1)-(r2, c1 + 1)
            v = r2 * self.nc + c1
            u = v + 1
            skip[v, 0] = skip[u, 1] = True

    def _boundary_components(self):
        """Component label of each fixed vertex, walking boundary edges (cut ones included)."""
        comp = np.full(self.nv, -1, dtype=np.int64)
        k = 0
        for start in self.fixed:
            if comp[start] >= 0:
                continue
            comp[start] = k
            stack = [int(start)]
            while stack:
                v = stack.pop()
                for d in range(4):
                    u = self.nbr[v, d]
                    if u >= 0 and self.kind[v, d] == 1 and comp[u] < 0:
                        comp[u] = k
                        stack.append(int(u))
            k += 1
        return comp

    # -- Kasteleyn's twist: paths from v0 to each hole, crossing as few cell pairs as possible
    def twist(self):
        """``(dominoes, exps, offsets, lo, hi)``: the twisted cell pairs and their exponent vectors.

        Walking path ``i`` from ``v0`` to the hole's corner, every interior edge
        ``e`` with step ``s_e`` adds ``s_e`` to the exponent of hole ``i`` of the
        domino that would cross it; ``flux_i = offsets[i] - 4 X_i`` with ``X_i``
        the exponent a tiling collects.
        """
        nv = self.nv
        dist = np.full(nv, np.iinfo(np.int64).max, dtype=np.int64)
        back = np.full((nv, 2), -1, dtype=np.int64)
        dist[self.v0] = 0
        dq = deque([self.v0])
        nbr, kind = self.nbr, self.kind
        while dq:
            v = dq.popleft()
            for d in range(4):
                u = int(nbr[v, d])
                if u < 0:
                    continue
                w = 1 if kind[v, d] == 2 else 0
                if dist[v] + w < dist[u]:
                    dist[u] = dist[v] + w
                    back[u] = (v, d)
                    if w:
                        dq.append(u)
                    else:
                        dq.appendleft(u)
        k = len(self.vh)
        exps = {}
        offsets, lo, hi = [], [], []
        for i, target in enumerate(self.vh):
            total, plus, minus = 0, 0, 0
            v = target
            while v != self.v0:
                u, d = (int(x) for x in back[v])
                s = int(self.step[u, d])
                total += s + int(self.jump[u, d])
                if kind[u, d] == 2:
                    plus += s > 0
                    minus += s < 0
                    key = self._pair(u, d)
                    exps.setdefault(key, [0] * k)[i] += s
                v = u
            offsets.append(total)
            lo.append(-minus)
            hi.append(plus)
        return exps, offsets, lo, hi

    def _pair(self, v, d):
        """The two cells beside the edge leaving vertex v in direction d (sorted)."""
        i, j = divmod(v, self.nc)
        if d == 0:
            a, b = (i - 1, j), (i, j)
        elif d == 1:
            a, b = (i - 1, j - 1), (i, j - 1)
        elif d == 2:
            a, b = (i, j - 1), (i, j)
        else:
            a, b = (i - 1, j - 1), (i - 1, j)
        return tuple(sorted([a, b]))


@lru_cache(maxsize=8)
def _topology_cached(region):
    return _Topology(region)


def _topology(region):
    check_region(region)
    if region.n_components != 1:
        raise DominoTilingError(
            f"the region has {region.n_components} pieces; flux sectors are defined for a "
            "connected region: take the pieces one by one (region.mask and scipy.ndimage.label)"
        )
    rows, cols = region.shape
    check_memory(
        _TOPOLOGY_BYTES_PER_VERTEX * (rows + 1) * (cols + 1),
        f"the flux tables of this {rows} x {cols} region (edges, cuts, reference heights)",
        "a smaller region",
    )
    return _topology_cached(region)


def _check_flux(value, topo):
    k = len(topo.holes)
    try:
        items = list(value)
    except TypeError:
        items = None
    if items is None or len(items) != k:
        raise DominoTilingError(
            f"flux must be a sequence of {k} int(s), one per hole (in the order of region.holes), "
            f"got {value!r}; count_by_flux(region) lists the fluxes that occur"
        )
    return tuple(_validate.integer(x, "flux entry") for x in items)


def flux(tiling):
    """The flux of each hole of a tiling's region: the height offset that flips never change.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of a connected region (or of any region without holes).

    Returns
    -------
    tuple of int
        One entry per hole, in the order of ``region.holes``: the height (in the
        units of :mod:`dominotiling.matching.height`, where a flip moves a height by 4) at the
        top-left corner of the hole's first cell, with height 0 at the top-left corner
        of the region's first cell. ``()`` for a region without holes.

    Raises
    ------
    DominoTilingError
        If the tiling leaves a cell uncovered, or the region has holes and is not connected.

    See Also
    --------
    count_by_flux, sector_tiling

    Notes
    -----
    The heights are walked breadth first along the lattice edges, never across the
    region's cuts (see the module docstring), so they are single-valued even around
    a hole with more cells of one colour; for holes with equal colour counts the
    value is the plain height and does not depend on the cuts. Cost ``O(rows * cols)``.

    Examples
    --------
    >>> from dominotiling.matching.height import flip, flippable_squares
    >>> ring = Region.from_strings(["......", "......", "..##..", "..##..", "......", "......"])
    >>> t = sector_tiling(ring, (0,), extreme="min")
    >>> block = flippable_squares(t)[0]
    >>> flux(t), flux(flip(t, block))
    ((0,), (0,))
    """
    _validate.tiling(tiling)
    if not tiling.is_complete:
        raise DominoTilingError(
            f"the tiling leaves {tiling.n_uncovered} cell(s) uncovered; the flux is defined for complete tilings"
        )
    if not tiling.region.holes:
        return ()
    topo = _topology(tiling.region)
    from .._kernels.flux import lifted_heights

    delta = _edge_deltas(tiling.labels, topo.step)
    h, ok = lifted_heights(topo.nbr, delta, topo.v0, np.zeros_like(topo.skip), topo.jump)
    if not ok:  # pragma: no cover - a complete tiling of the region
        raise DominoTilingError("the heights of this tiling do not close up; is it valid?")
    return tuple(int(h[v]) for v in topo.vh)


def _primes(bits):
    """Primes below ``2**26`` whose product exceeds ``2**(bits + 1)``."""
    from .._exact import small_primes_for_bits

    return [int(p) for p in small_primes_for_bits(bits + 1.0)]


def count_by_flux(region):
    """The number of tilings in each flux sector of a region, exactly.

    Parameters
    ----------
    region : Region
        A connected region, any number of holes of any parity (a region without
        holes may have several pieces: it is one sector).

    Returns
    -------
    dict
        ``{flux: count}`` over the sectors that have a tiling, sorted by flux;
        ``flux`` is a tuple with one int per hole (see :func:`flux`) and ``count``
        an int. The counts add up to ``count_tilings(region)``; ``{}`` when the
        region has no tiling, ``{(): count}`` when it has no hole.

    Raises
    ------
    DominoTilingError
        If the region has holes and is not connected.
    TooLargeError
        If the evaluations would take more than :data:`MAX_SECTOR_OPS`
        eliminations, or memory over the budget; refused before they start.

    See Also
    --------
    flux, sector_tiling, sample_sectors
    count_tilings

    Notes
    -----
    A twisted Kasteleyn matrix [3]_: walk a lattice path from the region's first
    corner to each hole's corner (a 0-1 breadth-first search that crosses as few
    cell pairs as possible), and multiply the entry of each
    domino that would cross an edge of path ``i`` by ``z_i`` (the edge has a black
    cell on its left) or ``1/z_i`` (a white one). Each tiling's term in the
    determinant gets ``prod z_i**X_i``, ``X_i`` the signed number of its dominoes
    crossing path ``i``, and the height along the path gives
    ``flux_i = S_i - 4 X_i`` (``S_i`` the sum of the path's steps and jumps across the cuts). Kasteleyn's
    signs are the same for every tiling, so ``det K(z) = +- sum_sectors count * z**X``,
    a Laurent polynomial with ``X_i`` between minus the number of path edges with a
    white cell on the left and the number with a black one.

    It is evaluated modulo primes below ``2**26`` on a grid of points: ``K(z)``
    differs from ``K(1)`` only in the ``r`` rows of the twisted dominoes' black
    cells, so ``det K(z) = det K(1) det(I + M(z) G)`` with ``G`` the ``r x r``
    block of ``K(1)**-1`` (one banded elimination with ``r`` right-hand sides per
    prime, ``O(cells * w * (w + r))``) and each point costs a small ``r x r``
    determinant. Coefficients come from interpolation per variable
    (:func:`dominotiling._exact.interpolate_mod`) and the Chinese remainder
    theorem; every coefficient lies between 0 and the count, bounded by the certified
    :func:`dominotiling.log_count` plus two bits (or, when that is out of reach, by
    Brègman's bound, ``region.log2_count_bound()``), which fixes the number of primes.

    Examples
    --------
    >>> square = Region.from_strings(["......", "......", "..##..", "..##..", "......", "......"])
    >>> sectors = count_by_flux(square)
    >>> sectors
    {(-4,): 1, (0,): 1442, (4,): 1}
    >>> from dominotiling.counting.kasteleyn import count_kasteleyn
    >>> sum(sectors.values()) == count_kasteleyn(square)
    True
    """
    check_region(region)
    if not region.holes:  # one sector, any number of pieces
        total = count_kasteleyn(region)
        return {(): total} if total else {}
    _topology(region)  # checks the region
    return dict(_count_cached(region))


@lru_cache(maxsize=8)
def _count_cached(region):
    """``count_by_flux`` as a tuple of items, cached per region (sampling loops ask again and again)."""
    return tuple(_count_by_flux(region).items())


def _count_by_flux(region):
    topo = _topology(region)
    if not topo.tileable:
        return {}
    k = len(topo.holes)

    if k == 0:
        return {(): count_kasteleyn(region)}
    exps, offsets, lo, hi = topo.twist()
    grid = [h - l + 1 for l, h in zip(lo, hi)]
    points = math.prod(grid)
    mask, offset, transposed = region.narrow_view()

    half = mask.shape[1] // 2 + 1
    n = region.n_cells // 2
    from ..errors import PrecisionError

    try:  # certified to 1e-9 relative: two bits of margin are plenty
        bits = log_count_checked(region, None, tileable=True) / math.log(2) + 2.0
    except (PrecisionError, TooLargeError):  # Brègman's bound (its kernel compiled only here)
        bits = region.log2_count_bound() + 1.0
    primes = _primes(bits)
    # the twisted rows (black cells) and columns (white cells) of the narrow matrix
    rmap = lambda cell: (  # noqa: E731
        (cell[1] - offset[1], cell[0] - offset[0])
        if transposed
        else (cell[0] - offset[0], cell[1] - offset[1])
    )
    r_idx, c_idx = np.indices(mask.shape)
    black = mask & ((r_idx + c_idx) % 2 == 0)
    bidx = np.full(mask.shape, -1, dtype=np.int64)
    widx = np.full(mask.shape, -1, dtype=np.int64)
    bidx[black] = np.arange(int(black.sum()))
    widx[mask & ~black] = np.arange(int((mask & ~black).sum()))
    pairs = []
    for (a, b), e in exps.items():
        if not any(e):
            continue
        a, b = rmap(a), rmap(b)
        if bidx[a] < 0:
            a, b = b, a
        pairs.append((int(bidx[a]), int(widx[b]), e))
    r_rows = sorted({p[0] for p in pairs})
    r_cols = sorted({p[1] for p in pairs})
    r = len(r_rows)
    ops = float(len(primes)) * (
        n * (half + 1) * (3 * half + 2 * r + 2) + points * (r**3 / 3 + r * len(pairs))
    )
    what = (
        f"the flux-sector counts of this region ({region.n_cells} cells, {k} hole(s): "
        f"{points} evaluation points, {r} twisted rows, {len(primes)} primes)"
    )
    if ops > MAX_SECTOR_OPS:
        raise TooLargeError(
            f"{what} would take about {ops:.2g} eliminations (limit {MAX_SECTOR_OPS:.0g}); holes "
            "farther from the outer boundary cost more: use count_tilings(region) for the total"
        )
    from .._interrupt import threads

    check_memory(
        8
        * (
            min(threads(), len(primes)) * (n * (3 * half + 2 + r) + r * r + points)
            + points * (len(primes) + 2)
        ),
        what,
        "count_tilings(region) for the total",
    )
    a = mask_matrix(mask, "real").tocoo()
    rows_, cols_ = a.row.astype(np.int64), a.col.astype(np.int64)
    vals = a.data.astype(np.int64)
    from .._exact import bandwidths

    kl, ku = bandwidths(a)
    if kl + ku >= 1000 or r >= 1000:  # the kernels' lazy reduction sums up to 1000 products < 2**52
        raise TooLargeError(
            f"{what}: bandwidth {kl + ku} and {r} twisted rows; the sector kernels take fewer than "
            "1000 of each. Use count_tilings(region) for the total"
        )
    lookup = {}
    for t in range(len(rows_)):
        lookup[(int(rows_[t]), int(cols_[t]))] = int(vals[t])
    tb = np.array([r_rows.index(p[0]) for p in pairs], dtype=np.int64)
    tw = np.array([r_cols.index(p[1]) for p in pairs], dtype=np.int64)
    tv = np.array([lookup[(p[0], p[1])] for p in pairs], dtype=np.int64)
    texp = np.array([p[2] for p in pairs], dtype=np.int64).reshape(len(pairs), k)
    rhs = np.array(r_rows, dtype=np.int64)
    cols_w = np.array(r_cols, dtype=np.int64)
    from .._interrupt import run_tasks, slices
    from .._kernels.flux import band_solve_mod, grid_dets

    grid_arr, lo_arr = np.array(grid, dtype=np.int64), np.array(lo, dtype=np.int64)
    step = max(1, 2_000_000 // max(1, r**3 + r * len(pairs)))

    def task(p):
        def run(stop):
            det, x = band_solve_mod(a.shape[0], kl, ku, rows_, cols_, vals, np.int64(p), rhs)
            if det == 0.0:  # p divides the count: this prime is left out
                return None
            g = np.ascontiguousarray(x[cols_w])
            values = np.empty(points, dtype=np.int64)
            for lo_q, hi_q in slices(points, first=step, stop=stop):
                values[lo_q:hi_q] = grid_dets(
                    g, tb, tw, tv % p, texp, grid_arr, lo_arr, np.int64(p), lo_q, hi_q
                )
            values = values * int(det) % p
            return _interpolate_shifted(values.reshape(grid), p)

        return run

    primes = primes + _primes(bits + 60.0)[len(primes) : len(primes) + 2]  # two spare primes
    results = run_tasks(
        [task(p) for p in primes], n_threads=min(threads(), len(primes)), inline=ops < 2e7
    )
    used = [p for p, c in zip(primes, results) if c is not None]
    coefs = [c for c in results if c is not None]
    if (
        sum(math.log2(q) for q in used) <= bits + 1
    ):  # pragma: no cover - count divisible by 3 primes
        raise DominoTilingError("internal error: too many of the primes divide the count")
    values = _crt_many(coefs, used)
    out = {}
    for idx in zip(*np.nonzero(values)):
        x = [int(e) + l for e, l in zip(idx, lo)]
        out[tuple(o - 4 * xi for o, xi in zip(offsets, x))] = int(values[idx])
    signs = {v > 0 for v in out.values()}
    if len(signs) > 1:  # pragma: no cover - Kasteleyn's sign is one for all tilings
        raise DominoTilingError(
            "internal error: the twisted determinant's coefficients differ in sign"
        )
    return {f: abs(out[f]) for f in sorted(out)}


def _interpolate_shifted(values, p):
    """Coefficients mod p (< 2**26) of the polynomial with `values` at the points ``1..n_i`` of each axis."""
    from .._exact import interpolate_mod

    out = np.asarray(values, dtype=np.int64)
    for axis in range(out.ndim):
        moved = np.moveaxis(out, axis, 0)
        c = interpolate_mod(moved, p).astype(np.int64)  # coefficients of R(t) = Q(t + 1)
        n = c.shape[0]
        # Q(z) = R(z - 1): q_j = sum_k c_k C(k, j) (-1)**(k - j); products below 2**52, n of them
        shift = np.array(
            [
                [math.comb(k, j) * (-1) ** (k - j) % p if k >= j else 0 for k in range(n)]
                for j in range(n)
            ],
            dtype=np.int64,
        )
        q = np.tensordot(shift, c, axes=(1, 0)) % p
        out = np.moveaxis(q, 0, axis)
    return out


def _crt_many(coefs, primes):
    """Symmetric CRT of arrays of residues (one array per prime), by Garner's mixed radix, vectorised."""
    k = len(primes)
    digits = []
    for i, p in enumerate(primes):
        x = coefs[i].astype(np.int64) % p
        # subtract the value of the digits so far, mod p, and divide by the product of earlier primes
        acc = np.zeros_like(x)
        for j in range(i - 1, -1, -1):
            acc = (acc * (primes[j] % p) + digits[j]) % p
        inv = pow(math.prod(primes[:i]) % p, -1, p) if i else 1
        digits.append((x - acc) % p * inv % p)
    flat = [d.ravel().tolist() for d in digits]
    out = []
    modulus = math.prod(primes)
    for idx in range(len(flat[0])):
        v = 0
        for j in range(k - 1, -1, -1):
            v = v * primes[j] + flat[j][idx]
        out.append(v - modulus if v > modulus // 2 else v)
    return np.array(out, dtype=object).reshape(coefs[0].shape)


def _sector_heights(topo, value, extreme):
    """Lifted heights of the top (``"max"``) or bottom (``"min"``) tiling of a sector, or None."""
    from .._kernels.flux import dial01

    comp = topo.boundary_comp
    base = {int(comp[topo.v0]): 0}
    for v, f, fr in zip(topo.vh, value, topo.flux_ref):
        if (f - fr) % 4:
            return None
        c, shift = int(comp[v]), (f - fr) // 4
        if abs(shift) > topo.nv:  # heights change by at most 3 per edge: far out of reach
            return None
        if base.setdefault(c, shift) != shift:
            return None
    src = topo.fixed
    offs = np.array([base.get(int(c), 0) for c in comp[src]], dtype=np.int64)
    if extreme == "max":
        d, ok = dial01(topo.nbr_interior, topo.len_max, src, offs, _stable_order(offs))
        heights = topo.href + 4 * d
    else:
        d, ok = dial01(topo.nbr_interior, topo.len_min, src, -offs, _stable_order(-offs))
        heights = topo.href - 4 * d
    if not ok:
        return None
    return np.where(topo.defined, heights, 0)


def _stable_order(values):
    """``np.argsort(values, kind="stable")`` as int64 (the order ``dial01`` takes its sources in)."""
    return np.argsort(values, kind="stable").astype(np.int64)


def _tiling_from_lifted(topo, heights):
    """The tiling whose lifted heights are `heights` (interior edges of change -3 s are dominoes)."""
    mask = topo.mask
    rows, cols = mask.shape
    h = heights
    v = np.arange(topo.nv)
    out = np.full(mask.shape, OUTSIDE, dtype=np.int32)
    k = 0
    labels = out
    for d in (0, 2):  # east edges: vertical dominoes; south edges: horizontal ones
        sel = topo.kind[:, d] == 2
        u = topo.nbr[:, d]
        delta = np.where(sel, h[np.maximum(u, 0)] - h - topo.jump[:, d], 0)
        hit = sel & (delta == -3 * topo.step[:, d])
        i, j = v[hit] // topo.nc, v[hit] % topo.nc
        if d == 0:
            cells = ((i - 1, j), (i, j))
        else:
            cells = ((i, j - 1), (i, j))
        ids = np.arange(k, k + len(i), dtype=np.int32)
        labels[cells[0]] = ids
        labels[cells[1]] = ids
        k += len(i)
    return Tiling(topo.region, labels, validate=True)


def _no_sector(region, value):
    return NoTilingError(
        f"no tiling of this region has flux {value}; count_by_flux(region) lists the fluxes that occur"
    )


@keyword_only("extreme")
def sector_tiling(region, flux, *, extreme="min"):
    """The bottom or top tiling of a flux sector (pointwise smallest or largest lifted heights).

    Parameters
    ----------
    region : Region
        A connected region.
    flux : sequence of int
        One value per hole, in the order of ``region.holes`` (see :func:`flux`).
    extreme : {"min", "max"}

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        If no tiling has this flux (the message names :func:`count_by_flux`).
    DominoTilingError
        If `flux` does not have one int per hole, or the region is not connected.

    See Also
    --------
    sample_sector_cftp, count_by_flux, flux

    Notes
    -----
    Thurston's algorithm [2]_ on the lifted heights: every boundary vertex is fixed
    (the outer boundary by the region, each hole's boundary by its flux); the
    largest height function is then a shortest-path distance from the boundary.
    Measured from a reference tiling's heights, the edge lengths become 0 or 4, so
    one 0-1 breadth-first search finds it (``O(rows * cols)``); the sector is empty
    exactly when some boundary height would be pulled off its value.

    Examples
    --------
    >>> ring = Region.from_strings(["....", ".##.", ".##.", "...."])
    >>> sector_tiling(ring, (2,), extreme="max").dominoes[:2].tolist()
    [[[0, 0], [0, 1]], [[0, 2], [0, 3]]]
    """
    _validate.choice(extreme, "extreme", ("min", "max"))
    topo = _topology(region)
    value = _check_flux(flux, topo)
    if not topo.tileable:
        raise NoTilingError("the region has no domino tiling; is_tileable(region) decides this")
    heights = _sector_heights(topo, value, extreme)
    if heights is None:
        raise _no_sector(region, value)
    return _tiling_from_lifted(topo, heights)


def sample_sector_cftp(region, flux, *, seed=None, progress=True):
    """An exactly uniform random tiling among those with the given flux (coupling from the past).

    Parameters
    ----------
    region : Region
        A connected region.
    flux : sequence of int
        One value per hole (see :func:`flux`); ``()`` for a region without holes.
    seed : None, int or numpy.random.Generator, keyword-only
    progress : bool, keyword-only
        A progress bar for runs of more than about two seconds.

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        If no tiling has this flux.

    See Also
    --------
    sector_tiling, sample_sectors, sample_cftp

    Notes
    -----
    Propp and Wilson's monotone coupling from the past [4]_ between the sector's
    bottom and top (:func:`sector_tiling`): heat-bath updates of the inner
    vertices' lifted heights, with fair coins, for windows ``T = 1, 2, 4, ...``
    until the two chains meet. Boundary heights never move, so the chains stay
    in the sector, and flips connect it [1]_, so the law they meet in is uniform
    on it. When every hole has equal colour counts the lifted heights are plain
    heights and the sweeps are those of :func:`dominotiling.sampling.sample_cftp`
    (SIMD rows, coins indexed by sweep, parity and row); otherwise the same
    sweeps subtract the jumps across the cuts from the neighbours' heights
    (``_kernels/flux.py``), with the same coins.

    Examples
    --------
    >>> square = Region.from_strings(["......", "......", "..##..", "..##..", "......", "......"])
    >>> t = sample_sector_cftp(square, (4,), seed=1, progress=False)
    >>> flux(t)
    (4,)
    """
    progress = _validate.boolean(progress, "progress")
    key = _validate.seed(seed).integers(0, 2**64, dtype=np.uint64, endpoint=False)
    topo = _topology(region)
    value = _check_flux(flux, topo)
    if not topo.tileable:
        raise NoTilingError("the region has no domino tiling; is_tileable(region) decides this")
    upper = _sector_heights(topo, value, "max")
    lower = _sector_heights(topo, value, "min")
    if upper is None or lower is None:
        raise _no_sector(region, value)
    if np.array_equal(upper, lower):
        return _tiling_from_lifted(topo, upper)
    from .._interrupt import LazyBar, Pacer

    rows, cols = topo.mask.shape
    und = np.iinfo(np.int64).min
    shape = (rows + 1, cols + 1)
    top = np.where(topo.defined, upper, und).reshape(shape)
    bottom = np.where(topo.defined, lower, und).reshape(shape)
    from .._kernels.cftp import movable_marks

    movable = movable_marks(topo.inner.reshape(shape))
    if not topo.jump.any():
        from .._kernels.cftp import cftp_sweeps

        def sweeps(hi, lo, first, count):
            return cftp_sweeps(hi, lo, movable, key, first, count)
    else:
        from .._kernels.flux import cftp_sweeps_jumps

        jumps = np.ascontiguousarray(np.moveaxis(topo.jump, 1, 0).reshape((4,) + shape))

        def sweeps(hi, lo, first, count):
            return cftp_sweeps_jumps(hi, lo, movable, jumps, key, first, count)

    pacer = Pacer(first=max(1, 2_000_000 // max(1, topo.nv)))
    bar = LazyBar(progress)
    try:
        window = 1
        while True:
            hi, lo = top.copy(), bottom.copy()
            met = False
            for a, b in pacer.ranges(0, window):
                met = sweeps(hi, lo, window - 1 - a, b - a)
                bar.update(b - a, window)
            if met:
                break
            window *= 2
    finally:
        bar.close()
    return _tiling_from_lifted(topo, np.where(topo.defined, hi.ravel(), 0))


def sample_sectors(region, *, seed=None):
    """An exactly uniform random tiling: a sector chosen by its count, then CFTP within it.

    Parameters
    ----------
    region : Region
        A connected region with at least one tiling.
    seed : None, int or numpy.random.Generator, keyword-only

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        If the region has no tiling.

    See Also
    --------
    count_by_flux, sample_sector_cftp

    Notes
    -----
    The sector ``f`` is drawn with probability ``count(f) / count`` exactly (a
    uniform integer below the total, from the counts of :func:`count_by_flux`),
    then :func:`sample_sector_cftp` samples uniformly within it: each tiling has
    probability ``count(f) / count * 1 / count(f) = 1 / count``.

    Examples
    --------
    >>> ring = Region.from_strings(["....", ".##.", ".##.", "...."])
    >>> sample_sectors(ring, seed=2).n_dominoes
    6
    """
    return sectors_checked(region, _validate.seed(seed))


#: The names of before (deprecated; they go in the next release).
sector_cftp = renamed(sample_sector_cftp, "sector_cftp")
random_tiling_sectors = renamed(sample_sectors, "random_tiling_sectors")


def sectors_checked(region, rng):
    """:func:`sample_sectors` on checked arguments (a plane Region, a Generator): ``random_tiling``'s route."""
    sectors = count_by_flux(region)
    if not sectors:
        raise NoTilingError(
            "the region has no domino tiling, so there is nothing to sample; "
            "is_tileable(region) decides this"
        )
    total = sum(sectors.values())
    pick = _uniform_below(rng, total)
    for value, count in sectors.items():  # noqa: B007 -- the sector drawn is the last value
        if pick < count:
            break
        pick -= count
    return sample_sector_cftp(region, value, seed=rng, progress=False)


def _uniform_below(rng, n):
    """A uniform int in ``[0, n)`` for any Python int n, by 32-bit words and rejection."""
    bits = max(1, (n - 1).bit_length())
    words = (bits + 31) // 32
    while True:
        x = 0
        for w in rng.integers(0, 2**32, size=words, dtype=np.uint64):
            x = (x << 32) | int(w)
        x >>= 32 * words - bits
        if x < n:
            return x
