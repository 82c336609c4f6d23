"""Exact random tilings by nested dissection: sample a separator's dominoes, then each side alone.

The banded sampler (:mod:`dominotiling.sampling.kasteleyn`) eliminates the
Kasteleyn matrix inside a band as wide as the region: about ``cells * w**2``
operations. This route follows the nested dissection of
:mod:`dominotiling.counting.nested_dissection` instead:

1. A line of cells ``S`` (a row or a column near the median of the cells) cuts the
   region's box in two. ``T`` is ``S`` with the two lines beside it: every domino
   that covers a cell of ``S`` lies in ``T``.
2. The multifrontal LU eliminates every cell but those of ``T`` (the two sides
   along their own dissections, the rows and columns it cannot pivot delayed);
   what is left is the Schur complement ``F`` on ``T`` (with the delayed rows and
   columns), and ``F**-1`` is ``K**-1`` restricted to them.
3. The cells of ``S`` are visited in order. A cell ``c`` not yet covered pairs with
   a neighbour ``x`` with probability ``K(c, x) K_R**-1(x, c)`` (Kenyon's local
   statistics; ``R`` the cells not yet covered -- its Kasteleyn matrix is a
   sub-matrix of the region's, and all of its entries needed are in ``T``); after
   the draw the row and column of the domino are deleted from ``F**-1`` by the
   rank-one formula.
4. Once ``S`` is covered, the cells left on the two sides are not neighbours: the
   rest of a weighted random tiling is a weighted random tiling of each side,
   independently, and each side is sampled the same way, down to pieces narrow
   enough for the banded sampler.

Each step is the exact conditional law, so the tiling has exactly the weighted
law up to the floating-point error of the conditionals. The work is about
``cells**1.5`` per level of the recursion and the levels shrink geometrically.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.sampling.kasteleyn import sample_kasteleyn
>>> t = sample_kasteleyn(Region.rectangle(70, 70), seed=1, elimination="dissection")
>>> t.is_complete
True
"""

from __future__ import annotations

import math

import numpy as np

from .._interrupt import slices
from .._options import check_memory
from ..counting.kasteleyn import mask_matrix
from ..counting.nested_dissection import DissectionPlan, dissection_plan, grow_stacks

__all__ = ["LEAF_WIDTH", "separator_schur", "draw_nested", "nested_log_z", "nested_bytes"]

#: Pieces whose narrower side is at most this many cells go to the banded sampler.
LEAF_WIDTH = 40
#: Relative agreement of the two routes' ``log Z`` demanded before the first random choice.
AGREE_RTOL = 1e-8
#: The seed of the gauge factors of the second route.
GAUGE_SEED = 2041


def nested_bytes(cells, w):
    """An upper estimate of the bytes of one separator step on `cells` cells, `w` wide.

    The dense Schur complement on the separator and its two neighbouring lines
    (``3 w`` rows and columns, and as many delayed) and its inverse, and the
    multifrontal stacks (see :func:`dominotiling.counting.nested_dissection.estimated_bytes`).
    """
    t = 4.0 * w + 16
    return 3 * 8.0 * t * t + 300.0 * cells + 8.0 * (2.0 * cells + (w / 2 + 2) ** 2)


def _plan_with_top(mask, top):
    """A :class:`DissectionPlan` of `mask` whose root owns the cells of `top` (the rest dissected below it)."""
    r, c = np.indices(mask.shape)
    black = mask & ((r + c) % 2 == 0)
    white = mask & ~black
    n_b, n_w = int(black.sum()), int(white.sum())
    bidx = np.full(mask.shape, -1, dtype=np.int64)
    widx = np.full(mask.shape, -1, dtype=np.int64)
    bidx[black] = np.arange(n_b)
    widx[white] = np.arange(n_w)
    rest = mask & ~top
    sub = dissection_plan(rest)
    map_b = bidx[black & rest]  # the rest's own numbering (row-major) -> the mask's
    map_w = widx[white & rest]
    n0 = sub.n_nodes
    parent = np.where(sub.parent < 0, n0, sub.parent).astype(np.int64)
    parent = np.concatenate([parent, [-1]])
    first = np.concatenate([sub.first, [0]]).astype(np.int64)
    top_b, top_w = bidx[black & top], widx[white & top]
    own_ptr_r = np.concatenate([sub.own_ptr_r, [sub.own_ptr_r[-1] + len(top_b)]])
    own_ptr_c = np.concatenate([sub.own_ptr_c, [sub.own_ptr_c[-1] + len(top_w)]])
    own_r = np.concatenate([map_b[sub.own_r], top_b]).astype(np.int64)
    own_c = np.concatenate([map_w[sub.own_c], top_w]).astype(np.int64)
    owner_r = np.full(n_b, n0, dtype=np.int64)
    owner_c = np.full(n_w, n0, dtype=np.int64)
    owner_r[map_b] = sub.owner_r
    owner_c[map_w] = sub.owner_c
    plan = DissectionPlan(
        parent, first, own_ptr_r.astype(np.int64), own_r, own_ptr_c.astype(np.int64), own_c,
        owner_r, owner_c,
    )  # fmt: skip
    return plan, bidx, widx


def separator_schur(plan, matrix, threshold=0.1):
    """``(F, rows, cols, log_pivots)``: the Schur complement on the root of `plan`.

    Every node but the root (the last in post-order) is eliminated by the float
    multifrontal LU (:func:`dominotiling._kernels.nested_dissection.multifrontal_float`,
    threshold partial pivoting, delays); the root's front is then assembled -- its
    own rows and columns, the delayed ones, the children's contribution blocks --
    and returned dense, with its black (``rows``) and white (``cols``) cell indices
    and ``sum log |pivot|`` of what was eliminated: for every set ``D`` of the
    root's cells, ``|det K_{-D}| = exp(log_pivots) |det F_{-D}|``.
    """
    from scipy import sparse

    from .._kernels.nested_dissection import multifrontal_float

    n_nodes = plan.n_nodes
    root = n_nodes - 1
    a = sparse.coo_matrix(matrix)
    e_b, e_w = a.row.astype(np.int64), a.col.astype(np.int64)
    e_v = a.data.astype(np.float64)
    keep = e_v != 0
    e_b, e_w, e_v = e_b[keep], e_w[keep], e_v[keep]
    e_node = np.minimum(plan.owner_r[e_b], plan.owner_c[e_w])
    order = np.argsort(e_node, kind="stable")
    e_b, e_w, e_v, e_node = e_b[order], e_w[order], e_v[order], e_node[order]
    ent_ptr = np.searchsorted(e_node, np.arange(n_nodes + 1)).astype(np.int64)
    parent = np.ascontiguousarray(plan.parent, dtype=np.int64)
    ordr = np.argsort(np.where(parent < 0, n_nodes, parent), kind="stable")
    kids_all = ordr[parent[ordr] >= 0]
    ch_ptr = np.zeros(n_nodes + 1, dtype=np.int64)
    ch_ptr[1:] = np.cumsum(np.bincount(parent[kids_all], minlength=n_nodes))
    ch_list = kids_all.astype(np.int64)
    n_b, n_w = len(plan.owner_r), len(plan.owner_c)
    mark_r, mark_c = np.full(n_b, -1, dtype=np.int64), np.full(n_w, -1, dtype=np.int64)
    pos_r, pos_c = np.zeros(n_b, dtype=np.int64), np.zeros(n_w, dtype=np.int64)
    left_ptr = np.zeros((n_nodes, 2), dtype=np.int64)
    cb_ptr = np.zeros(n_nodes, dtype=np.int64)
    left_r = np.zeros(max(16, n_b // 2), dtype=np.int64)
    left_c = np.zeros(max(16, n_w // 2), dtype=np.int64)
    cb = np.zeros(max(256, int(1.5 * (n_b + n_w))))
    state = np.zeros(5)
    for lo, hi in slices(root, first=max(1, root // 16)):
        t = lo
        while t < hi:
            t = multifrontal_float(
                t, hi, float(threshold), parent, ch_ptr, ch_list, plan.own_ptr_r, plan.own_r,
                plan.own_ptr_c, plan.own_c, plan.owner_r, plan.owner_c, ent_ptr, e_b, e_w, e_v,
                mark_r, mark_c, pos_r, pos_c, left_ptr, left_r, left_c, cb_ptr, cb, state,
            )  # fmt: skip
            if t < hi:  # a stack too short: double them (as log_abs_det_nested does)
                left_r, left_c, cb = grow_stacks(left_r, left_c, cb, "nested-dissection sampler")
    kids = ch_list[ch_ptr[root] : ch_ptr[root + 1]]
    tops = (int(state[2]), int(state[3]))
    pieces = []
    for q, ch in enumerate(kids):
        r1, c1 = left_ptr[kids[q + 1]] if q + 1 < len(kids) else tops
        r0, c0 = left_ptr[ch]
        pieces.append((left_r[r0:r1], left_c[c0:c1], cb_ptr[ch]))
    lo, hi = ent_ptr[root], ent_ptr[root + 1]
    own_b = plan.own_r[plan.own_ptr_r[root] : plan.own_ptr_r[root + 1]]
    own_w = plan.own_c[plan.own_ptr_c[root] : plan.own_ptr_c[root + 1]]
    rows = np.unique(np.concatenate([own_b, e_b[lo:hi]] + [p[0] for p in pieces]))
    cols = np.unique(np.concatenate([own_w, e_w[lo:hi]] + [p[1] for p in pieces]))
    check_memory(
        8 * 3 * len(rows) * len(cols), "the separator's Schur complement", "a smaller region"
    )
    pos_r[rows] = np.arange(len(rows))
    pos_c[cols] = np.arange(len(cols))
    front = np.zeros((len(rows), len(cols)))
    np.add.at(front, (pos_r[e_b[lo:hi]], pos_c[e_w[lo:hi]]), e_v[lo:hi])
    for pr, pc, v0 in pieces:
        block = cb[v0 : v0 + len(pr) * len(pc)].reshape(len(pr), len(pc))
        front[np.ix_(pos_r[pr], pos_c[pc])] += block
    return front, rows, cols, float(state[0])


def _weights_of(sub_hw, sub_vw):
    return (
        np.ascontiguousarray(sub_hw, dtype=np.float64),
        np.ascontiguousarray(sub_vw, dtype=np.float64),
    )


def _cut(mask):
    """``(axis, s)``: the separating line of the box of `mask` (rows if it is at least as tall as wide)."""
    h, w = mask.shape
    axis = 0 if h >= w else 1
    counts = mask.sum(axis=1 - axis)
    mid = int(np.searchsorted(np.cumsum(counts), counts.sum() / 2.0))
    near = range(max(1, mid - 2), min(len(counts) - 2, mid + 2) + 1)
    return axis, min(near, key=lambda i: (int(counts[i]), abs(i - mid)))


def _top(mask, axis, s):
    top = np.zeros_like(mask)
    if axis == 0:
        top[max(0, s - 1) : s + 2] = True
    else:
        top[:, max(0, s - 1) : s + 2] = True
    return top & mask


def _step_arrays(mask, hw, vw, axis, s):
    """``(F, rows, cols, log_pivots, matrix, bidx, widx)`` of one separator step (see :func:`separator_schur`)."""
    check_memory(
        nested_bytes(int(mask.sum()), min(mask.shape)),
        "a separator step of the nested-dissection sampler",
        "a smaller region",
    )
    matrix = mask_matrix(mask, "real", _weights_of(hw, vw)).astype(np.float64)
    plan, bidx, widx = _plan_with_top(mask, _top(mask, axis, s))
    front, rows, cols, logs = separator_schur(plan, matrix.tocsr())
    return front, rows, cols, logs, matrix.tocsr(), bidx, widx


def nested_log_z(mask, hw, vw, axis=None, s=None):
    """``log |det K|`` of `mask` (weights `hw`, `vw`) from one separator step; None when singular."""
    if axis is None:
        axis, s = _cut(mask)
    front, _, _, logs, _, _, _ = _step_arrays(mask, hw, vw, axis, s)
    if front.shape[0] != front.shape[1]:
        return None
    sign, val = np.linalg.slogdet(front) if front.size else (1.0, 0.0)
    return float(logs + val) if sign != 0 and np.isfinite(val) else None


def certify(mask, hw, vw, refuse):
    """The condition test of this route, before any random choice: two routes agree on ``log Z``.

    Route one is the separator step on the region; route two the same on the region
    transposed (its own Kasteleyn signs and dissection), every weight multiplied by
    ``g(a) g(b)`` for fixed pseudo-random ``g`` in ``[1, 2)`` per cell (a gauge: the
    measure is the same, ``log Z`` moves by ``sum log g``).
    """
    one = nested_log_z(mask, hw, vw)
    g = np.exp2(np.random.default_rng(GAUGE_SEED).random(mask.shape))
    mt = np.ascontiguousarray(mask.T)
    ht = np.ascontiguousarray((vw * g[:-1] * g[1:]).T)
    vt = np.ascontiguousarray((hw * g[:, :-1] * g[:, 1:]).T)
    two = nested_log_z(mt, ht, vt)
    if one is None or two is None:
        refuse("in its nested-dissection elimination (before any random choice)")
    two -= math.fsum(np.log(g[mask]).tolist())
    scale = max(1.0, abs(one))
    if not abs(one - two) <= AGREE_RTOL * scale:
        refuse(
            f"before any random choice: its two nested-dissection eliminations (upright, and "
            f"transposed in another gauge) give log Z = {one:.12g} and {two:.12g}, which must "
            f"agree within {AGREE_RTOL:g} x {scale:.3g}: the region is too ill-conditioned for "
            "double precision"
        )
    return one


_NEIGHBOURS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def _separator_draw(left, hw, vw, axis, s, rng, labels, next_id):
    """Cover the line `s` of `left` (a box's uncovered cells) with dominoes by the exact conditionals.

    Returns the new ``next_id``, or None when a check failed (what was drawn stays,
    whole dominoes; the failure is decided before the cell's uniform is read).
    """
    front, rows, cols, _, matrix, bidx, widx = _step_arrays(left, hw, vw, axis, s)
    if front.shape[0] != front.shape[1]:
        return None
    try:
        inv = np.linalg.inv(front)
    except np.linalg.LinAlgError:
        return None
    if not np.isfinite(inv).all():
        return None
    prow = np.full(matrix.shape[0], -1, dtype=np.int64)
    pcol = np.full(matrix.shape[1], -1, dtype=np.int64)
    prow[rows] = np.arange(len(rows))
    pcol[cols] = np.arange(len(cols))
    alive_r = np.ones(len(rows), dtype=bool)
    alive_c = np.ones(len(cols), dtype=bool)
    m, n = left.shape
    line = [(s, j) for j in range(n)] if axis == 0 else [(i, s) for i in range(m)]

    def weight(a, b):
        (r1, c1), (r2, c2) = sorted((a, b))
        return hw[r1, c1] if r1 == r2 else vw[r1, c1]

    for cell in line:
        if not left[cell]:
            continue
        r, c = cell
        black = (r + c) % 2 == 0
        cands, probs = [], []
        for dr, dc in _NEIGHBOURS:
            x = (r + dr, c + dc)
            if 0 <= x[0] < m and 0 <= x[1] < n and left[x] and weight(cell, x) != 0:
                b, w = (cell, x) if black else (x, cell)
                ib, iw = bidx[b], widx[w]
                p = matrix[ib, iw] * inv[pcol[iw], prow[ib]]
                cands.append((x, ib, iw))
                probs.append(p)
        if not cands:
            return None
        probs = np.array(probs)
        for attempt in range(2):
            ok = len(cands) == 1 or (probs.min() >= -1e-6 and abs(probs.sum() - 1.0) <= 1e-6)
            if ok or attempt:
                break
            inv = _refresh(front, alive_r, alive_c)  # from scratch, then check again
            if inv is None:
                return None
            probs = np.array([matrix[ib, iw] * inv[pcol[iw], prow[ib]] for _, ib, iw in cands])
        if not ok:
            return None
        probs = np.clip(probs, 0.0, None)
        u = rng.random() * probs.sum()
        k = min(int(np.searchsorted(np.cumsum(probs), u, side="right")), len(cands) - 1)
        x, ib, iw = cands[k]
        labels[cell] = labels[x] = next_id
        next_id += 1
        left[cell] = left[x] = False
        i, j = prow[ib], pcol[iw]
        pivot = inv[j, i]
        if probs[k] < 1e-3 * probs.sum() or pivot == 0:
            alive_r[i] = alive_c[j] = False
            inv = _refresh(front, alive_r, alive_c)
            if inv is None:
                return None
            continue
        colv = inv[:, i].copy()
        rowv = inv[j, :].copy()
        inv -= np.outer(colv / pivot, rowv)
        inv[j, :] = 0.0
        inv[:, i] = 0.0
        alive_r[i] = alive_c[j] = False
    return next_id


def _refresh(front, alive_r, alive_c):
    """``F**-1`` of the rows and columns still alive, scattered back into the full shape; None if singular."""
    sub = front[np.ix_(alive_r, alive_c)]
    out = np.zeros((front.shape[1], front.shape[0]))
    if sub.size == 0:
        return out
    try:
        inv = np.linalg.inv(sub)
    except np.linalg.LinAlgError:
        return None
    if not np.isfinite(inv).all():
        return None
    out[np.ix_(alive_c, alive_r)] = inv
    return out


def _box(left, r0, r1, c0, c1):
    sub = left[r0:r1, c0:c1]
    ra = np.flatnonzero(sub.any(axis=1))
    if ra.size == 0:
        return None
    ca = np.flatnonzero(sub.any(axis=0))
    return r0 + ra[0], r0 + ra[-1] + 1, c0 + ca[0], c0 + ca[-1] + 1


def draw_nested(mask, hw, vw, rng, leaf, leaf_width=None, bar=None):
    """``(labels, failed_box)``: the nested-dissection draw of `mask` (checked arrays, certified).

    ``leaf(sub_mask, r0, r1, c0, c1) -> labels`` samples a narrow piece (the banded
    sampler on the box's cells, trusted). When a separator step fails its check,
    the draw stops with what it placed and returns the box (``failed_box``) whose
    cells are left for the caller's fallback (the exact conditional law: the
    failure is decided by the choices already made).
    """
    leaf_width = LEAF_WIDTH if leaf_width is None else leaf_width
    labels = np.full(mask.shape, -1, dtype=np.int32)
    left = mask.copy()
    next_id = 0
    stack = [(0, mask.shape[0], 0, mask.shape[1])]
    while stack:
        box = _box(left, *stack.pop())
        if box is None:
            continue
        r0, r1, c0, c1 = box
        sub = left[r0:r1, c0:c1].copy()
        if min(r1 - r0, c1 - c0) <= leaf_width:
            part = leaf(sub, r0, r1, c0, c1)
            placed = part >= 0
            labels[r0:r1, c0:c1][placed] = part[placed] + next_id
            next_id += int(part.max(initial=-1)) + 1
            left[r0:r1, c0:c1] &= ~placed
            if bar is not None:
                bar.update(int(placed.sum()))
            continue
        axis, s = _cut(sub)
        lab = np.full(sub.shape, -1, dtype=np.int32)
        before = sub.copy()
        got = _separator_draw(
            sub, hw[r0:r1, c0 : c1 - 1], vw[r0 : r1 - 1, c0:c1], axis, s, rng, lab, 0
        )
        placed = before & ~sub
        labels[r0:r1, c0:c1][placed] = lab[placed] + next_id
        next_id += int(lab.max(initial=-1)) + 1
        left[r0:r1, c0:c1] &= ~placed
        if bar is not None:
            bar.update(int(placed.sum()))
        if got is None:
            return labels, (r0, r1, c0, c1), left
        if axis == 0:
            stack += [(r0, r0 + s, c0, c1), (r0 + s + 1, r1, c0, c1)]
        else:
            stack += [(r0, r1, c0, c0 + s), (r0, r1, c0 + s + 1, c1)]
    return labels, None, left
