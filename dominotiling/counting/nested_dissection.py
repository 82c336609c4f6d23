"""Kasteleyn determinants by nested dissection: exact counts that grow like ``n**5``, not ``n**6``.

The banded route (:mod:`dominotiling.counting.kasteleyn`) eliminates the Kasteleyn
matrix of an ``n x n`` region inside a band ``n`` wide: ``n**4`` operations per prime,
and about ``n**2`` primes. A planar region has separators of about ``sqrt(cells)``
cells; eliminating along a *nested dissection* (George 1973; Lipton, Rose and
Tarjan 1979) costs about ``cells**1.5 = n**3`` per prime. This module holds the
three phases of that elimination:

1. **Ordering** (:func:`dissection_plan`), from the region's geometry alone: the
   bounding box of the cells is cut by a row or a column of cells (the separator,
   chosen near the median of the cells and short) into two boxes, recursively, down
   to leaves of a few dozen cells. Each node of the tree owns the black cells (rows
   of ``K``) and white cells (columns) of its separator; a leaf owns all its cells.
   Cells of two sibling boxes are never neighbours, so the elimination of a subtree
   touches only its box and the separators of its ancestors.
2. **Probe** (:func:`probe`), once per region: a multifrontal elimination modulo
   one prime that *chooses* the pivots. At each node the front gathers the matrix
   entries and the children's Schur complements (contribution blocks) on the rows
   and columns that are *fully summed* there (its own, and those its children could
   not eliminate) and on the rows and columns of ancestors that touch them. Pivots
   are searched in the fully summed block; what finds no pivot is *delayed* to the
   parent (delayed pivoting, as in MUMPS). The probe records the plan: every front's
   rows and columns with its pivots first, the maps of the extend-add, where every
   contribution block lives on the stack.
3. **Replay** (:func:`det_mod_primes_nested`, :mod:`dominotiling._kernels.nested_dissection`):
   the same elimination with the pivots fixed, eight primes at a time (one vector
   instruction updates an entry for all eight), one batch per thread, in slices of
   nodes (Ctrl-C).

The pivoting problem, and why it is solved this way
---------------------------------------------------
``K`` is black x white, not symmetric, and has no natural diagonal: the rows and
columns of a node are its black and white cells, and their numbers differ in
general (a box cut through a staircase boundary has more of one colour). Gaussian
elimination along a fill-reducing order without pivoting needs every pivot to be
nonzero -- modulo ``p`` a pivot can vanish by accident, and exactly a leading minor
is itself a Kasteleyn determinant of a sub-region, which can vanish (a sub-region
with no tiling, or one whose holes break Kasteleyn's condition). The options
weighed:

- LU of ``K`` with columns permuted by a perfect matching (a tiling) so that the
  diagonal is structurally nonzero: the structure is then planar (the grid with
  each domino contracted), but structurally nonzero is not numerically nonzero, so
  it needs pivoting all the same;
- ``K K^T`` (symmetric positive definite in floating point, Cholesky without
  pivoting): modulo ``p`` it gives ``count**2``, twice the primes and an exact square
  root, and it squares the condition number in floats;
- the Pfaffian of the skew matrix ``[[0, K], [-K^T, 0]]``: twice the size, and the
  same pivoting problem (Bunch-Kaufman-like 2 x 2 pivots);
- **multifrontal LU of ``K`` itself with pivots searched inside each front's fully
  summed block and the rest delayed to the parent** (chosen): no square root, no
  doubled primes, no matching; unequal numbers of black and white cells in a node
  and exactly vanishing minors are both handled by delays, which stay within the
  separators' size.

The pivots are chosen *once*, by the probe modulo one prime; a pivot that is
nonzero modulo that prime is nonzero as an integer, so every leading minor of the
permuted matrix ``P K Q`` is nonzero, and ``P K Q = L U`` has a unique solution
without pivoting over the rationals. Modulo another prime ``q`` the replay either
finds every planned pivot nonzero -- then ``det K = +-prod(pivots) mod q`` is right
-- or meets a zero pivot (``q`` divides a leading minor: rare, about ``pivots / q``)
and that prime is dropped and replaced by another. If the probe itself ends with a
singular root the determinant is 0 modulo its prime; a region with a tiling (the
weights are non-negative, so the count is then positive) takes the next prime as
its probe. The sign of the permutations is never needed: ``|det K|`` is the count,
and the residues of ``prod(pivots)`` fix it by symmetric remainders.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.counting.kasteleyn import count_kasteleyn
>>> count_kasteleyn(Region.rectangle(8, 8), elimination="dissection")
12988816
>>> ring = Region.from_strings(["....", ".#..", "...#", "...."])   # two odd holes
>>> count_kasteleyn(ring, elimination="dissection") == count_kasteleyn(ring, elimination="band")
True

References
----------
.. [1] A. George, "Nested dissection of a regular finite element mesh", SIAM J.
   Numer. Anal. 10 (1973), 345-363.
.. [2] R. J. Lipton, D. J. Rose and R. E. Tarjan, "Generalized nested dissection",
   SIAM J. Numer. Anal. 16 (1979), 346-358.
.. [3] I. S. Duff and J. K. Reid, "The multifrontal solution of unsymmetric sets of
   linear equations", SIAM J. Sci. Stat. Comput. 5 (1984), 633-641.
.. [4] P. R. Amestoy, I. S. Duff, J.-Y. L'Excellent and J. Koster, "A fully
   asynchronous multifrontal solver using distributed dynamic scheduling" (MUMPS,
   delayed pivots), SIAM J. Matrix Anal. Appl. 23 (2001), 15-41.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .._exact import crt, small_primes
from .._options import check_memory

__all__ = [
    "DissectionPlan",
    "EliminationPlan",
    "dissection_plan",
    "probe",
    "det_mod_primes_nested",
    "det_exact_nested",
    "log_abs_det_nested",
    "estimated_seconds",
    "estimated_bytes",
]

#: A box of at most this many cells is a leaf of the dissection.
LEAF_CELLS = 48
#: The float LU's stacks start at this fraction of the rows (columns; three times the cells for
#: the contribution blocks) and double when a front does not fit.
_STACK_START = 0.5

#: Measured cost of an exact determinant, in seconds: ``fixed + cells * per_cell + primes * cells
#: * (per_prime_cell + per_width * w)``, ``w`` the narrower side (the fronts of an ``n x n``
#: square have about ``n`` rows: ``cells * n`` updates per prime; a strip ``w`` wide is a row of
#: ``w x w`` squares). Fitted to ``count_kasteleyn(..., elimination="dissection")`` of squares
#: 16 to 200 and strips 12 x 200 to 20 x 1000 (CPU seconds, two threads, a busy machine).
_COST = (3e-3, 8e-6, 1.2e-7, 1.0e-9)


def estimated_seconds(cells, w, primes):
    """Seconds of an exact determinant by nested dissection of `cells` cells, `w` wide, `primes` primes."""
    fixed, per_cell, per_prime_cell, per_width = _COST
    return fixed + cells * per_cell + primes * cells * (per_prime_cell + per_width * w)


def estimated_bytes(cells, w, n_threads):
    """An upper estimate of the bytes of the probe and the replays, from the shape alone.

    Measured on squares and strips: the stack of contribution blocks stays below
    ``1.5 * cells`` entries and the largest front below ``(w / 2 + 2)**2``; the probe's
    lists of rows and columns take about 300 bytes per cell.
    """
    from .._kernels.nested_dissection import LANES

    entries = 2.0 * cells + (w / 2 + 2) ** 2
    return 300.0 * cells + n_threads * 8.0 * LANES * entries


class DissectionPlan(NamedTuple):
    """The ordering phase: a tree of boxes and separators over the cells of a mask.

    Nodes are numbered in post-order (children before their parent; the root
    last). ``parent[t]`` is -1 for a root (a mask in several separate boxes has one
    root). ``own_ptr_r``/``own_r``: the black cells (row indices of the Kasteleyn
    matrix) node ``t`` owns are ``own_r[own_ptr_r[t]:own_ptr_r[t + 1]]``; the same
    for the white cells (columns). ``owner_r[b]`` is the node owning black cell
    ``b``; ``first[t]`` the smallest post-order number in ``t``'s subtree.
    """

    parent: np.ndarray
    first: np.ndarray
    own_ptr_r: np.ndarray
    own_r: np.ndarray
    own_ptr_c: np.ndarray
    own_c: np.ndarray
    owner_r: np.ndarray
    owner_c: np.ndarray

    @property
    def n_nodes(self):
        """Number of nodes of the tree."""
        return len(self.parent)


def _split(counts, total):
    """Index of the separating line: near the median of `counts`, and short."""
    cum = np.cumsum(counts)
    mid = int(np.searchsorted(cum, total / 2.0))
    lo, hi = 1, len(counts) - 2
    best = None
    for s in range(max(lo, mid - 2), min(hi, mid + 2) + 1):
        key = (int(counts[s]), abs(s - mid))
        if best is None or key < best[0]:
            best = (key, s)
    return best[1] if best is not None else min(max(mid, lo), hi)


def dissection_plan(mask, leaf=LEAF_CELLS):
    """The nested dissection of the cells of `mask` by rows and columns of cells.

    Parameters
    ----------
    mask : numpy.ndarray of bool, 2-D
    leaf : int
        Boxes of at most this many cells are not cut further.

    Returns
    -------
    DissectionPlan

    Notes
    -----
    A box (trimmed to its cells) is cut across its longer side by the line of cells
    nearest the median of its cells that has the fewest cells among the five
    nearest lines; the line is the node's separator and the two sides are its
    children. On an ``n x n`` square the separators of depth ``d`` have about
    ``n / 2**(d/2)`` cells, which is what makes the elimination ``O(n**3)``.

    Examples
    --------
    >>> plan = dissection_plan(np.ones((8, 8), dtype=bool), leaf=16)
    >>> plan.n_nodes, int(plan.parent[-1])
    (7, -1)
    """
    mask = np.ascontiguousarray(mask, dtype=bool)
    rows, cols = mask.shape
    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    bidx = np.full(mask.shape, -1, dtype=np.int64)
    widx = np.full(mask.shape, -1, dtype=np.int64)
    bidx[black] = np.arange(int(black.sum()))
    white = mask & ~black
    widx[white] = np.arange(int(white.sum()))
    owned_r, owned_c, parent, first = [], [], [], []

    def new_node(cells_b, cells_w, kids, lowest):
        t = len(parent)
        parent.append(-1)
        first.append(lowest if lowest is not None else t)
        for kid in kids:
            parent[kid] = t
        owned_r.append(cells_b[cells_b >= 0])
        owned_c.append(cells_w[cells_w >= 0])
        return t

    def visit(r0, r1, c0, c1):
        sub = mask[r0:r1, c0:c1]
        ra = np.flatnonzero(sub.any(axis=1))
        if ra.size == 0:
            return None
        ca = np.flatnonzero(sub.any(axis=0))
        r0, r1, c0, c1 = r0 + ra[0], r0 + ra[-1] + 1, c0 + ca[0], c0 + ca[-1] + 1
        sub = mask[r0:r1, c0:c1]
        count = int(sub.sum())
        h, w = r1 - r0, c1 - c0
        if count <= leaf or max(h, w) < 3:
            return new_node(bidx[r0:r1, c0:c1].ravel(), widx[r0:r1, c0:c1].ravel(), (), None)
        if h >= w:
            s = r0 + _split(sub.sum(axis=1), count)
            kids = [visit(r0, s, c0, c1), visit(s + 1, r1, c0, c1)]
            line_b, line_w = bidx[s, c0:c1], widx[s, c0:c1]
        else:
            s = c0 + _split(sub.sum(axis=0), count)
            kids = [visit(r0, r1, c0, s), visit(r0, r1, s + 1, c1)]
            line_b, line_w = bidx[r0:r1, s], widx[r0:r1, s]
        kids = [k for k in kids if k is not None]
        lowest = min(first[k] for k in kids) if kids else None
        return new_node(line_b, line_w, kids, lowest)

    roots = [visit(0, rows, 0, cols)] if mask.any() else []
    del roots

    def flat(parts, n_items):
        ptr = np.zeros(len(parts) + 1, dtype=np.int64)
        ptr[1:] = np.cumsum([len(p) for p in parts])
        ids = np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, dtype=np.int64)
        owner = np.full(n_items, -1, dtype=np.int64)
        owner[ids] = np.repeat(np.arange(len(parts)), np.diff(ptr))
        return ptr, ids, owner

    ptr_r, ids_r, owner_r = flat(owned_r, int(black.sum()))
    ptr_c, ids_c, owner_c = flat(owned_c, int(white.sum()))
    return DissectionPlan(
        np.array(parent, dtype=np.int64),
        np.array(first, dtype=np.int64),
        ptr_r,
        ids_r,
        ptr_c,
        ids_c,
        owner_r,
        owner_c,
    )


class EliminationPlan(NamedTuple):
    """What the probe fixed, for the replays: fronts, pivots, maps, the stack.

    Node ``t``'s front is ``node_m[t] x node_n[t]`` with its ``node_k[t]`` pivots
    first on the diagonal; its rows (black cells) are ``rows[row_ptr[t]:...]`` and its
    columns ``cols[col_ptr[t]:...]`` in the front's order. The arrays of the replay
    kernels follow (see :func:`dominotiling._kernels.nested_dissection.replay_mod`);
    ``stack_size`` and ``front_size`` are their scratch sizes in entries;
    ``residue`` is ``prod(pivots)`` modulo the probe's ``prime``; ``complete`` is
    False when the probe's root was singular (the determinant is 0 modulo it).
    """

    node_m: np.ndarray
    node_n: np.ndarray
    node_k: np.ndarray
    row_ptr: np.ndarray
    rows: np.ndarray
    col_ptr: np.ndarray
    cols: np.ndarray
    ent_ptr: np.ndarray
    ent_r: np.ndarray
    ent_c: np.ndarray
    ent_v: np.ndarray
    ch_ptr: np.ndarray
    ch_list: np.ndarray
    map_ptr_r: np.ndarray
    map_r: np.ndarray
    map_ptr_c: np.ndarray
    map_c: np.ndarray
    cb_off: np.ndarray
    stack_size: int
    front_size: int
    max_cols: int
    prime: int
    residue: int
    complete: bool

    @property
    def operations(self):
        """Entry updates of one elimination: ``sum_t sum_{d < k_t} (m_t - d - 1)(n_t - d - 1)``."""
        m, n, k = (x.astype(np.float64) for x in (self.node_m, self.node_n, self.node_k))
        # sum_{d=0}^{k-1} (m-1-d)(n-1-d) in closed form
        a, b = m - 1, n - 1
        s0 = k
        s1 = k * (k - 1) / 2
        s2 = (k - 1) * k * (2 * k - 1) / 6
        return float((a * b * s0 - (a + b) * s1 + s2).sum())


def _children(parent):
    """``(ch_ptr, ch_list)``: the children of each node, in post-order."""
    n = len(parent)
    order = np.argsort(np.where(parent < 0, n, parent), kind="stable")
    has = parent[order] >= 0
    kids = order[has]
    counts = np.bincount(parent[kids], minlength=n)
    ptr = np.zeros(n + 1, dtype=np.int64)
    ptr[1:] = np.cumsum(counts)
    return ptr, kids.astype(np.int64)


def probe(plan, matrix, prime):
    """The elimination plan of `matrix` along `plan`, its pivots chosen modulo `prime`.

    Parameters
    ----------
    plan : DissectionPlan
    matrix : scipy.sparse matrix, integer entries
        The Kasteleyn matrix (rows black cells, columns white cells, as
        :func:`dominotiling.counting.kasteleyn.mask_matrix` numbers them).
    prime : int
        A prime below ``2**26``.

    Returns
    -------
    EliminationPlan

    Examples
    --------
    >>> from dominotiling.counting.kasteleyn import mask_matrix
    >>> mask = np.ones((4, 4), dtype=bool)
    >>> ep = probe(dissection_plan(mask, leaf=4), mask_matrix(mask, "real"), 67108859)
    >>> ep.complete, min(ep.residue, ep.prime - ep.residue)   # +-det: 36 tilings
    (True, 36)
    """
    return _multifrontal(plan, matrix, int(prime))


def grow_stacks(left_r, left_c, cb, what):
    """The three stacks of a multifrontal elimination, doubled (after a memory check).

    ``what`` names the elimination in the refusal, as "the stacks of the <what>".
    """
    check_memory(
        8 * 2 * (len(left_r) + len(left_c) + len(cb)),
        f"the stacks of the {what}",
        "a smaller region",
    )
    return tuple(np.concatenate([a, np.zeros_like(a)]) for a in (left_r, left_c, cb))


def log_abs_det_nested(plan, matrix, threshold=0.1):
    """``log |det(matrix)|`` in floating point by the multifrontal LU along `plan`; NaN if singular.

    Pivots are chosen inside each front's fully summed block by threshold partial
    pivoting: the largest entry of its column there, taken when it is at least
    `threshold` times the largest of the column in the whole front (the rows of the
    ancestors included), so that the multipliers stay below ``1 / threshold``; a
    column without such an entry is delayed to the parent (as the probe delays a
    zero column). The root takes the largest entry whatever its size.

    The whole elimination -- gathering each front's rows and columns, the
    extend-add of the children's blocks, the pivots, the stacks -- is one kernel,
    :func:`dominotiling._kernels.nested_dissection.multifrontal_float`, called on
    slices of the post-order (Ctrl-C); its stacks start small and double when a
    front does not fit (checked against the memory budget).

    Examples
    --------
    >>> import math
    >>> from dominotiling.counting.kasteleyn import mask_matrix
    >>> mask = np.ones((8, 8), dtype=bool)
    >>> value = log_abs_det_nested(dissection_plan(mask, leaf=8), mask_matrix(mask, "real"))
    >>> round(math.exp(value))
    12988816
    """
    from .._interrupt import slices
    from .._kernels.nested_dissection import multifrontal_float

    ent_ptr, e_b, e_w, e_v = _entries_by_node(plan, matrix, np.float64)
    n_nodes = plan.n_nodes
    n_b, n_w = len(plan.owner_r), len(plan.owner_c)
    ch_ptr, ch_list = _children(plan.parent)
    mark_r, mark_c = np.full(n_b, -1, dtype=np.int64), np.full(n_w, -1, dtype=np.int64)
    pos_r, pos_c = np.zeros(n_b, dtype=np.int64), np.zeros(n_w, dtype=np.int64)
    left_ptr = np.zeros((n_nodes, 2), dtype=np.int64)
    cb_ptr = np.zeros(n_nodes, dtype=np.int64)
    # the stacks start at what squares and strips need (see estimated_bytes) and double on demand
    f = _STACK_START
    left_r = np.zeros(max(16, int(f * n_b)), dtype=np.int64)
    left_c = np.zeros(max(16, int(f * n_w)), dtype=np.int64)
    cb = np.zeros(max(256, int(3 * f * (n_b + n_w))))
    state = np.zeros(5)
    parent = np.ascontiguousarray(plan.parent, dtype=np.int64)
    first = max(1, n_nodes // 64)
    for a, b in slices(n_nodes, first=first):
        t = a
        while t < b:
            t = multifrontal_float(
                t,
                b,
                float(threshold),
                parent,
                ch_ptr,
                ch_list,
                plan.own_ptr_r,
                plan.own_r,
                plan.own_ptr_c,
                plan.own_c,
                plan.owner_r,
                plan.owner_c,
                ent_ptr,
                e_b,
                e_w,
                e_v,
                mark_r,
                mark_c,
                pos_r,
                pos_c,
                left_ptr,
                left_r,
                left_c,
                cb_ptr,
                cb,
                state,
            )
            if t < b:  # a stack too short for node t's front: double them
                left_r, left_c, cb = grow_stacks(left_r, left_c, cb, "nested-dissection LU")
    return math.nan if state[1] else float(state[0])


def _entries_by_node(plan, matrix, dtype):
    """``(ent_ptr, e_b, e_w, e_v)``: the nonzero entries of `matrix`, grouped by the node that assembles them.

    An entry ``(b, w)`` is assembled by the deeper of the owners of ``b`` and ``w``
    (the smaller post-order number); node ``t``'s are ``ent_ptr[t]..ent_ptr[t + 1]``.
    """
    from scipy import sparse

    a = sparse.coo_matrix(matrix)
    e_b, e_w = a.row.astype(np.int64), a.col.astype(np.int64)
    e_v = a.data.astype(dtype)
    keep = e_v != 0
    e_b, e_w, e_v = e_b[keep], e_w[keep], e_v[keep]
    e_node = np.minimum(plan.owner_r[e_b], plan.owner_c[e_w])
    order = np.argsort(e_node, kind="stable")
    e_b, e_w, e_v, e_node = e_b[order], e_w[order], e_v[order], e_node[order]
    ent_ptr = np.searchsorted(e_node, np.arange(plan.n_nodes + 1)).astype(np.int64)
    return ent_ptr, e_b, e_w, e_v


def _multifrontal(plan, matrix, prime):
    """The multifrontal elimination of `matrix` along `plan` modulo `prime`: the :class:`EliminationPlan` (see :func:`probe`)."""
    from .._interrupt import check_cancelled
    from .._kernels.nested_dissection import front_pivots_mod

    n_nodes = plan.n_nodes
    owner_r, owner_c = plan.owner_r, plan.owner_c
    ent_ptr, e_b, e_w, e_v = _entries_by_node(plan, matrix, np.int64)
    ent_r = np.empty_like(e_b)
    ent_c = np.empty_like(e_w)
    ch_ptr, ch_list = _children(plan.parent)
    pos_r = np.zeros(matrix.shape[0], dtype=np.int64)
    pos_c = np.zeros(matrix.shape[1], dtype=np.int64)
    node_m = np.zeros(n_nodes, dtype=np.int64)
    node_n = np.zeros(n_nodes, dtype=np.int64)
    node_k = np.zeros(n_nodes, dtype=np.int64)
    rows_of, cols_of = [None] * n_nodes, [None] * n_nodes
    map_r, map_c = [None] * n_nodes, [None] * n_nodes
    cb = [None] * n_nodes
    pf = float(prime)
    residue = 1
    for t in range(n_nodes):
        check_cancelled()  # a loop in Python, node by node: a caller may call it off between two
        kids = ch_list[ch_ptr[t] : ch_ptr[t + 1]]
        lo, hi = ent_ptr[t], ent_ptr[t + 1]
        rows = np.unique(
            np.concatenate(
                [plan.own_r[plan.own_ptr_r[t] : plan.own_ptr_r[t + 1]], e_b[lo:hi]]
                + [rows_of[c][node_k[c] :] for c in kids]
            )
        )
        cols = np.unique(
            np.concatenate(
                [plan.own_c[plan.own_ptr_c[t] : plan.own_ptr_c[t + 1]], e_w[lo:hi]]
                + [cols_of[c][node_k[c] :] for c in kids]
            )
        )
        fs_r, fs_c = owner_r[rows] <= t, owner_c[cols] <= t
        rows = np.concatenate([rows[fs_r], rows[~fs_r]])
        cols = np.concatenate([cols[fs_c], cols[~fs_c]])
        m, n = len(rows), len(cols)
        pos_r[rows] = np.arange(m)
        pos_c[cols] = np.arange(n)
        front = np.zeros((m, n))
        lr, lc = pos_r[e_b[lo:hi]], pos_c[e_w[lo:hi]]
        front[lr, lc] = np.mod(e_v[lo:hi], prime)
        for c in kids:
            front[np.ix_(pos_r[rows_of[c][node_k[c] :]], pos_c[cols_of[c][node_k[c] :]])] += cb[c]
            cb[c] = None
        perm_r = np.arange(m, dtype=np.int64)
        perm_c = np.arange(n, dtype=np.int64)
        nfr, nfc = int(fs_r.sum()), int(fs_c.sum())
        np.mod(front, pf, out=front)
        k, prod = front_pivots_mod(front, nfr, nfc, prime, perm_r, perm_c)
        residue = residue * int(prod) % prime
        rows, cols = rows[perm_r], cols[perm_c]
        pos_r[rows] = np.arange(m)
        pos_c[cols] = np.arange(n)
        ent_r[lo:hi] = pos_r[e_b[lo:hi]]
        ent_c[lo:hi] = pos_c[e_w[lo:hi]]
        for c in kids:
            map_r[c] = pos_r[rows_of[c][node_k[c] :]]
            map_c[c] = pos_c[cols_of[c][node_k[c] :]]
        node_m[t], node_n[t], node_k[t] = m, n, k
        rows_of[t], cols_of[t] = rows, cols
        cb[t] = front[k:, k:].copy()
    roots = np.flatnonzero(plan.parent < 0)
    complete = all(node_k[t] == node_m[t] == node_n[t] for t in roots)
    empty = np.zeros(0, dtype=np.int64)
    for t in roots:
        map_r[t] = map_c[t] = empty
    # the stack of contribution blocks, simulated: a node's children lie on top of it
    cb_size = (node_m - node_k) * (node_n - node_k)
    cb_off = np.zeros(n_nodes, dtype=np.int64)
    sp = peak = 0
    for t in range(n_nodes):
        kids = ch_list[ch_ptr[t] : ch_ptr[t + 1]]
        if len(kids):
            sp = int(cb_off[kids].min())
        cb_off[t] = sp
        sp += int(cb_size[t])
        peak = max(peak, sp)

    def packed(parts):
        ptr = np.zeros(n_nodes + 1, dtype=np.int64)
        ptr[1:] = np.cumsum([len(p) for p in parts])
        return ptr, (np.concatenate(parts).astype(np.int64) if n_nodes else empty)

    row_ptr, rows_all = packed(rows_of)
    col_ptr, cols_all = packed(cols_of)
    map_ptr_r, map_r_all = packed(map_r)
    map_ptr_c, map_c_all = packed(map_c)
    return EliminationPlan(
        node_m,
        node_n,
        node_k,
        row_ptr,
        rows_all,
        col_ptr,
        cols_all,
        ent_ptr,
        ent_r,
        ent_c,
        e_v,
        ch_ptr,
        ch_list,
        map_ptr_r,
        map_r_all,
        map_ptr_c,
        map_c_all,
        cb_off,
        int(peak),
        int((node_m * node_n).max(initial=0)),
        int(node_n.max(initial=0)),
        int(prime),
        int(residue) if complete else 0,
        bool(complete),
    )


def replay_bytes(ep, n_threads):
    """Bytes the replays of `ep` allocate: each thread's stack, front and multipliers."""
    from .._kernels.nested_dissection import LANES

    return n_threads * 8 * (LANES * (ep.stack_size + ep.front_size) + ep.max_cols + 2)


def det_mod_primes_nested(ep, primes, n_threads=None):
    """``(residues, good)``: ``prod(pivots)`` of the plan `ep` modulo each prime, and where it holds.

    ``good[i]`` is False where a planned pivot vanished modulo ``primes[i]`` (its
    residue says nothing then). The primes go in batches of eight
    (:data:`~dominotiling._kernels.nested_dissection.LANES`), one batch per thread;
    each batch runs in slices of nodes (Ctrl-C).
    """
    from .._interrupt import run_tasks, slices, threads
    from .._kernels.nested_dissection import LANES, replay_mod

    primes = np.asarray(primes, dtype=np.int64)
    n_batches = -(-len(primes) // LANES)
    n_threads = min(n_threads or threads(), max(1, n_batches))
    check_memory(
        replay_bytes(ep, n_threads),
        f"the fronts and stacks of a nested-dissection elimination ({n_threads} thread(s))",
        "a smaller region",
    )
    n_nodes = len(ep.node_m)
    per_node = max(1.0, ep.operations / max(1, n_nodes))

    def task(batch):
        def run(stop):
            lane_primes = np.full(LANES, batch[-1], dtype=np.int64)
            lane_primes[: len(batch)] = batch
            front = np.zeros(ep.front_size * LANES)
            stack = np.zeros(max(1, ep.stack_size) * LANES)
            urow = np.zeros(max(1, ep.max_cols))
            det = np.ones(LANES)
            bad = np.zeros(LANES, dtype=np.bool_)
            first = max(1, int(2e6 / per_node))
            for a, b in slices(n_nodes, first=first, stop=stop):
                replay_mod(
                    a,
                    b,
                    lane_primes,
                    ep.node_m,
                    ep.node_n,
                    ep.node_k,
                    ep.ent_ptr,
                    ep.ent_r,
                    ep.ent_c,
                    ep.ent_v,
                    ep.ch_ptr,
                    ep.ch_list,
                    ep.map_ptr_r,
                    ep.map_r,
                    ep.map_ptr_c,
                    ep.map_c,
                    ep.cb_off,
                    front,
                    stack,
                    urow,
                    det,
                    bad,
                )
            return det[: len(batch)].astype(np.int64), ~bad[: len(batch)]

        return run

    tasks = [task(primes[i : i + LANES]) for i in range(0, len(primes), LANES)]
    inline = ep.operations * n_batches < 2e6
    out = run_tasks(tasks, n_threads=n_threads, inline=inline)
    if not out:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=bool)
    return np.concatenate([o[0] for o in out]), np.concatenate([o[1] for o in out])


#: Primes tried as the probe before the banded route is asked instead.
_PROBES = 3


def det_exact_nested(matrix, log2_bound, plan=None, mask=None, residues=None):
    """``|det(matrix)|`` of a square integer Kasteleyn matrix, exactly, by nested dissection.

    Parameters
    ----------
    matrix : scipy.sparse matrix, integer entries
    log2_bound : float
        A proven bound ``B`` with ``|det| <= 2**B`` (Hadamard's or Brègman's).
    plan : DissectionPlan, optional
        The ordering; made from `mask` when not given.
    mask : numpy.ndarray of bool, optional
        The cells the matrix's rows and columns stand for.
    residues : callable, optional
        ``residues(plan, primes) -> (residues, good)`` computes the replays (e.g. on
        Dask workers); :func:`det_mod_primes_nested` by default.

    Returns
    -------
    int or None
        The absolute value of the determinant; None when three probe primes all
        found it singular (the caller decides: a region with a tiling has a nonzero
        determinant, and the banded route then serves).
    """
    if plan is None:
        plan = dissection_plan(mask)
    if log2_bound == -math.inf:
        return 0
    need = max(log2_bound, 0.0) + 2.0  # symmetric remainders: the product exceeds 2 |det|
    k_est = int(need / 25.9) + 2
    pool = small_primes(k_est + _PROBES + 16)
    ep = None
    for i in range(_PROBES):
        ep = probe(plan, matrix, int(pool[i]))
        if ep.complete:
            break
    else:
        return None
    got_primes, got_res = [ep.prime], [ep.residue]
    have = math.log2(ep.prime)
    nxt = _PROBES
    while have <= need:
        want = max(1, math.ceil((need - have) / 25.9))
        want = -(-want // 8) * 8 if want > 8 else want
        if nxt + want > len(pool):
            pool = small_primes(nxt + want + 16)
        batch = pool[nxt : nxt + want]
        nxt += want
        res, good = (residues or det_mod_primes_nested)(ep, batch)
        for p, r, g in zip(batch.tolist(), res.tolist(), good.tolist()):
            if g:
                got_primes.append(p)
                got_res.append(r)
                have += math.log2(p)
    value = crt(got_res, got_primes)
    modulus = math.prod(got_primes)
    return abs(value - modulus if value > modulus // 2 else value)
