"""The defining properties of a t-embedding, checked from the plain arrays ``T``, ``O`` and ``faces``.

What is checked (Kenyon, Lam, Ramassamy, Russkikh [1]_; Chelkak, Laslier,
Russkikh [2]_ [3]_), at every inner vertex ``v`` of the augmented dual, from the
faces around it (each face gives ``v`` a corner, between the edges to the next
and to the previous vertex of the face):

- *the angle condition*: the angles of the white corners add up to ``pi``, and
  so do the black ones, every angle in ``(0, pi]`` (convex faces; a 2-gon face of
  the graph is a vertex on a straight segment);
- *the face weights*: ``X_v = (-1)**(d + 1) prod (T(v) - T(u_odd)) / prod (T(u_even)
  - T(v))`` over its ``2d`` neighbours counter-clockwise, ``u`` odd when the face
  just clockwise of the edge ``vu`` is white, equals the alternating product of
  the weights around the face of the graph (``N S / (W E)`` for a square whose
  cell above right is white, the inverse otherwise): the Kasteleyn matrix of the
  edge vectors is gauge equivalent to the weights;
- *perfectness*: the edge from every corner of the outer face lies on the
  bisector of its angle, and the four bisectors meet (a tangential polygon);
- *the origami map*: on every face ``O`` is an isometry of ``T``, orientation
  kept on the white faces and reversed on the black ones, and the boundary lands
  on the real line.

Exact embeddings (``T = a + b sqrt(-D)`` with rationals) are checked exactly, in
the field ``Q(sqrt(-D))`` (:class:`QuadraticNumber`); float ones to a tolerance.

References
----------
.. [1] R. Kenyon, W. Y. Lam, S. Ramassamy, M. Russkikh, "Dimers and circle
   patterns", arXiv:1810.05616.
.. [2] D. Chelkak, B. Laslier, M. Russkikh, arXiv:2001.11871.
.. [3] D. Chelkak, B. Laslier, M. Russkikh, arXiv:2109.06272.

Examples
--------
>>> from dominotiling.aztec import t_embedding
>>> c = t_embedding(5, weights=(2.0, 1.0)).check()
>>> c.ok, c.exact, c.angles < 1e-12
(True, False, True)
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction

import numpy as np

__all__ = ["TCheck", "QuadraticNumber", "check_embedding", "resolved"]

#: Edges shorter than this times the width of the outer face are not resolved in floats.
RESOLUTION = 1e-4
#: Angles within this of 0 or pi are taken as such by the float checks (rounding).
ANGLE_SLACK = 1e-9


# ---------------------------------------------------------------- the field
@dataclasses.dataclass(frozen=True)
class QuadraticNumber:
    """``a + b sqrt(-D)`` with rational ``a, b`` and ``D > 0``: exact complex numbers of ``Q(sqrt(-D))``.

    Parameters
    ----------
    a, b : Fraction
        The real part and the coefficient of ``i sqrt(D)``.
    D : Fraction
        Positive.

    See Also
    --------
    check_embedding, dominotiling.aztec.t_embedding.TEmbedding.field

    Examples
    --------
    >>> i = QuadraticNumber(Fraction(0), Fraction(1), Fraction(1))
    >>> (i * i).a
    Fraction(-1, 1)
    """

    a: Fraction
    b: Fraction
    D: Fraction

    def __add__(self, o):
        return QuadraticNumber(self.a + o.a, self.b + o.b, self.D)

    def __sub__(self, o):
        return QuadraticNumber(self.a - o.a, self.b - o.b, self.D)

    def __neg__(self):
        return QuadraticNumber(-self.a, -self.b, self.D)

    def __mul__(self, o):
        return QuadraticNumber(
            self.a * o.a - self.D * self.b * o.b, self.a * o.b + self.b * o.a, self.D
        )

    def conj(self):
        """The complex conjugate."""
        return QuadraticNumber(self.a, -self.b, self.D)

    def norm(self):
        """``|z|**2``, a Fraction."""
        return self.a * self.a + self.D * self.b * self.b

    def __truediv__(self, o):
        num = self * o.conj()
        m = o.norm()
        return QuadraticNumber(num.a / m, num.b / m, self.D)


def exact_field(te):
    """The exact vertices of `te` as :class:`QuadraticNumber` (T only)."""
    D, a, b = te._field[0], te._field[1], te._field[2]
    return [QuadraticNumber(x, y, D) for x, y in zip(a, b)]


# ---------------------------------------------------------------- the corners
@functools.lru_cache(maxsize=4)
def index_grid(n):
    """``(2n + 1, 2n + 1)`` int64: the vertex index at row ``n - y``, column ``n + x``, or -1 (read-only).

    The vertices are the lattice points ``|x| + |y| <= n - 1`` and the four corners
    ``(+-n, 0), (0, +-n)``, numbered row by row from the top.
    """
    out = np.full((2 * n + 1, 2 * n + 1), -1, np.int64)
    count = 0
    for row in range(2 * n + 1):  # one row at a time: no (2n + 1)**2 temporaries
        y = n - row
        if abs(y) == n:
            xs = np.zeros(1, np.int64)
        else:
            span = n - 1 - abs(y)
            xs = np.arange(-span, span + 1)
            if y == 0:  # the corners W and E at the ends of the middle row
                xs = np.concatenate([[-n], xs, [n]])
        out[row, n + xs] = np.arange(count, count + len(xs))
        count += len(xs)
    out.setflags(write=False)
    return out


def _cached(te, key, make):
    """``make(te)``, kept on `te` (its arrays never change)."""
    cache = te.__dict__.setdefault("_cache", {})
    if key not in cache:
        cache[key] = make(te)
    return cache[key]


def _corner_table(te):
    """``(v, prev, next, white)``: one row per corner of every face (int64, int64, int64, bool)."""
    return _cached(te, "corners", _make_corner_table)


def _make_corner_table(te):
    f = te.faces
    starts, sizes = f.indptr[:-1], np.diff(f.indptr)
    face = np.repeat(np.arange(len(sizes)), sizes)
    k = np.arange(len(f.indices))
    first = starts[face]
    last = first + sizes[face] - 1
    nxt = np.where(k == last, first, k + 1)
    prv = np.where(k == first, last, k - 1)
    return f.indices, f.indices[prv], f.indices[nxt], f.white[face]


def face_weights_from_T(te):
    """``X_v`` at every inner vertex (complex, NaN at the corners); see the module's docstring."""
    v, prv, _, white = _corner_table(te)
    T = te.T
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        term = np.where(white, T[v] - T[prv], 1.0 / (T[prv] - T[v]))
        logs = np.log(term.astype(np.complex128))
    V = len(T)
    re = np.bincount(v, weights=logs.real, minlength=V)
    im = np.bincount(v, weights=logs.imag, minlength=V)
    d = np.bincount(v, minlength=V) // 2
    with np.errstate(over="ignore", invalid="ignore"):
        X = np.where(d % 2 == 1, 1.0, -1.0) * np.exp(re + 1j * im)
    X[te.corners] = np.nan
    return X


def corner_angles(v, prev, nxt):
    """The angle at `v` of a counter-clockwise face, from the edge to `nxt` round to the edge to `prev`.

    In ``(-pi, pi]`` from :func:`numpy.angle`, a straight angle read as ``-pi`` taken
    as ``pi``; a reflex angle (a face that is not convex) comes out negative, and
    is moved to ``(pi, 2 pi)`` unless it is a rounding error of a zero angle (a
    sliver) within :data:`ANGLE_SLACK`.
    """
    a = np.angle((prev - v) / (nxt - v))
    a = np.where(a <= -np.pi + ANGLE_SLACK, a + 2 * np.pi, a)
    return np.where(a < -ANGLE_SLACK, a + 2 * np.pi, a)


def _angles(te):
    """``(white sum, black sum, bad)`` per vertex: ``bad`` for an angle outside ``(0, pi]``."""
    v, prv, nxt, white = _corner_table(te)
    T = te.T
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ang = corner_angles(T[v], T[prv], T[nxt])
    V = len(T)
    ws = np.bincount(v, weights=np.where(white, ang, 0.0), minlength=V)
    bs = np.bincount(v, weights=np.where(white, 0.0, ang), minlength=V)
    with np.errstate(invalid="ignore"):
        wrong = ~((ang > -ANGLE_SLACK) & (ang <= np.pi + ANGLE_SLACK))
    bad = np.bincount(v[wrong], minlength=V) > 0
    return ws, bs, bad


# ---------------------------------------------------------------- the result
@dataclasses.dataclass(frozen=True)
class TCheck:
    """The defects of a t-embedding, each 0 for a perfect one (see :func:`check_embedding`).

    Attributes
    ----------
    exact : bool
        Checked exactly (then the defects are 0 or 1 for the exact conditions).
    angles : float
        The largest ``|sum of white angles - pi|`` (and black) at an inner vertex,
        or ``pi`` for a non-convex corner.
    face_weights : float
        The largest relative difference between a face weight read off ``T`` and the
        weights' one.
    boundary : float
        How far the corner edges are from the bisectors, and the bisectors from
        meeting in one point (relative to the size of the outer face).
    origami : float
        The largest defect of ``O`` from an isometry of ``T`` on a face (of the right
        orientation), or of the boundary from the real line.
    gauge : float
        The largest relative ``|dT - g_b K g_w|`` over the edges (see
        :attr:`~dominotiling.aztec.t_embedding.TEmbedding.gauge`).
    tol : float
        The tolerance of the float checks.
    unresolved : int
        Inner vertices the float checks could not look at (their faces collapsed
        below `resolution` of the width: the frozen corners, slivers; see
        :func:`resolved`); 0 for exact runs.
    resolution : float
        The resolution of the float checks.

    See Also
    --------
    check_embedding, QuadraticNumber

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> c = t_embedding(3).check()
    >>> c.ok, c.exact, c.angles
    (True, True, 0.0)
    """

    exact: bool
    angles: float
    face_weights: float
    boundary: float
    origami: float
    gauge: float
    tol: float
    unresolved: int = 0
    resolution: float = RESOLUTION

    @property
    def ok(self):
        """True when every defect is within the tolerance (0 for the exact ones)."""
        exact_tol = 0.0 if self.exact else self.tol
        return (
            self.angles <= exact_tol
            and self.face_weights <= exact_tol
            and self.boundary <= exact_tol
            and self.origami <= self.tol
            and self.gauge <= self.tol
        )

    def __repr__(self):
        return (
            f"TCheck({'ok' if self.ok else 'FAILED'}, {'exact' if self.exact else 'floats'}: "
            f"angles {self.angles:.1e}, face weights {self.face_weights:.1e}, "
            f"boundary {self.boundary:.1e}, origami {self.origami:.1e}, gauge {self.gauge:.1e}"
            + (f"; {self.unresolved} vertices unresolved" if self.unresolved else "")
            + ")"
        )


def check_embedding(te, tol=1e-9, resolution=RESOLUTION):
    """The :class:`TCheck` of a :class:`~dominotiling.aztec.t_embedding.TEmbedding`.

    Parameters
    ----------
    te : TEmbedding
    tol : float
        The tolerance of the float checks (the origami map and the gauge are always
        checked in floats).
    resolution : float
        Vertices with an edge or a corner's chord shorter than this times the width
        are not looked at in floats (see :func:`resolved`). Rounding leaves about
        ``1e-14`` in T at order 1000 with uniform weights and ``1e-12`` with random
        ones, so ``1e-4`` (the default) keeps the angles and face weights to ``1e-9``
        for the former and ``2e-3`` for the latter (i.i.d. Gamma(1) weights at order
        1000: a tenth of the vertices resolved, the others in slivers and collapsed
        corners).

    Returns
    -------
    TCheck

    See Also
    --------
    TCheck, dominotiling.aztec.t_embedding.TEmbedding.check

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> check_embedding(t_embedding(20)).ok
    True
    """
    resolution = float(resolution)
    if te.exact:
        angles, faces, boundary = _exact_checks(te)
    else:
        angles, faces, boundary = _float_checks(te, resolution)
    unresolved = 0 if te.exact else int((te.inner & ~resolved(te, resolution)).sum())
    return TCheck(
        te.exact,
        float(angles),
        float(faces),
        float(boundary),
        float(_origami_defect(te, resolution)),
        float(_gauge_defect(te, resolution)),
        float(tol),
        unresolved,
        resolution,
    )


def resolved(te, resolution=RESOLUTION):
    """Bool per vertex: every edge at it is at least `resolution` times the outer face's width.

    and the two neighbours of every corner at least that far apart (else the face
    is a sliver there, its angle near 0). Faces of the frozen regions shrink
    exponentially with the order (the regions collapse to the corners [1]_), and
    random weights make slivers: below about ``1e-16`` of the width a float cannot
    place them, and their angles are rounding noise. The float checks look at the
    resolved vertices; exact runs check every vertex.
    """
    v, prv, nxt, _ = _corner_table(te)
    T = te.T
    width = abs(T[te.corners[0]] - T[te.corners[2]])
    short = np.abs(T[prv] - T[v]) < resolution * width
    thin = np.abs(T[prv] - T[nxt]) < resolution * width  # a corner of a face collapsed to a segment
    bad = np.zeros(len(T), bool)
    bad[v[short | thin]] = True
    bad[prv[short]] = True
    return ~bad


def _float_checks(te, resolution):
    ok = te.inner & resolved(te, resolution)
    ws, bs, bad = _angles(te)
    angles = max(np.abs(ws[ok] - np.pi).max(initial=0.0), np.abs(bs[ok] - np.pi).max(initial=0.0))
    if bad[ok].any():
        angles = max(angles, np.pi)
    X = face_weights_from_T(te)
    want = np.ones(len(X))
    if te._face_weights is not None:
        want[te.inner] = te._face_weights
    faces = (np.abs(X - want) / np.abs(want))[ok]
    faces = faces.max(initial=0.0) if np.isfinite(faces).all() else np.inf
    return angles, faces, _boundary_defect(te, resolution)


def _outer(te):
    """``(corners, inner neighbours)``: positions of E, N, W, S and of the vertex each one's edge goes to."""
    n = te.n
    ends = [(0, 0)] * 4 if n == 1 else [(n - 1, 0), (0, n - 1), (-(n - 1), 0), (0, -(n - 1))]
    return list(te.corners), [te.index(x, y) for x, y in ends]


def _boundary_defect(te, resolution):
    """Pitot's condition for the outer quadrilateral (tangential) and the corner edges on its bisectors.

    A corner edge whose end collapsed onto the corner (see :func:`resolved`) is
    checked through the next vertex inside, on the same line (the 2-gon's other
    neighbour), or not at all when that one collapsed too.
    """
    C, U = _outer(te)
    T = te.T
    P = [T[c] for c in C]
    width = abs(P[0] - P[2])
    sides = [abs(P[(k + 1) % 4] - P[k]) for k in range(4)]
    worst = abs(sides[0] + sides[2] - sides[1] - sides[3]) / width
    n = te.n
    axis = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    for k in range(4):
        c, a, b = P[k], P[k - 1] - P[k], P[(k + 1) % 4] - P[k]
        e = T[U[k]] - c
        if abs(e) < resolution * width and n >= 2:  # collapsed onto the corner: the next vertex
            dx, dy = axis[k]  # inside is on the same line
            e = T[te.index(dx * (n - 2), dy * (n - 2))] - c
        if abs(e) < resolution * width:
            continue  # not resolved in floats (the exact check sees it)
        worst = max(worst, abs(np.angle(e * e / (a * b))))
        if not (np.real(e * np.conj(a)) > 0 and np.real(e * np.conj(b)) > 0):
            worst = np.inf
    return worst


def _exact_checks(te):
    Z = exact_field(te)
    v, prv, nxt, white = _corner_table(te)
    inner = te.inner
    zero = QuadraticNumber(Fraction(0), Fraction(0), Z[0].D)
    one = QuadraticNumber(Fraction(1), Fraction(0), Z[0].D)
    prod_w = {int(u): one for u in np.nonzero(inner)[0]}
    prod_b = dict(prod_w)
    num, den, deg = dict(prod_w), dict(prod_w), dict.fromkeys(prod_w, 0)
    bad_angle = False
    for u, p, q, w in zip(v.tolist(), prv.tolist(), nxt.tolist(), white.tolist()):
        if u not in prod_w:
            continue
        z = (Z[p] - Z[u]) * (Z[q] - Z[u]).conj()  # its argument is the angle of the corner
        if not (z.b > 0 or (z.b == 0 and z.a < 0)):
            bad_angle = True
        deg[u] += 1
        if w:
            prod_w[u] = prod_w[u] * z
            num[u] = num[u] * (Z[u] - Z[p])
        else:
            prod_b[u] = prod_b[u] * z
            den[u] = den[u] * (Z[p] - Z[u])
    for u in prod_w:  # each sum is pi exactly: the product of the corners is a negative real
        for P in (prod_w[u], prod_b[u]):
            if P.b != 0 or not P.a < 0:
                bad_angle = True
    faces = 0
    want = [Fraction(1)] * int(inner.sum()) if te._face_weights is None else list(te._face_weights)
    for k, u in enumerate(prod_w):
        X = num[u] / den[u]
        if (deg[u] // 2) % 2 == 0:
            X = zero - X
        if X.b != 0 or X.a != want[k]:
            faces = 1
    return (np.pi if bad_angle else 0.0), faces, _exact_boundary(te, Z)


def _exact_boundary(te, Z):
    C, U = _outer(te)
    bad = False
    E = [Z[U[k]] - Z[C[k]] for k in range(4)]
    for k in range(4):
        e, a, b = E[k], Z[C[k - 1]] - Z[C[k]], Z[C[(k + 1) % 4]] - Z[C[k]]
        r = e * e * a.conj() * b.conj()  # positive real on the bisector
        if r.b != 0 or not r.a > 0 or not (e * a.conj()).a > 0 or not (e * b.conj()).a > 0:
            bad = True
    d = Z[C[1]] - Z[C[0]]
    t = (d.conj() * E[1]).b / (E[0].conj() * E[1]).b  # a ratio of two cross products
    P = Z[C[0]] + QuadraticNumber(t, Fraction(0), d.D) * E[0]
    for k in (2, 3):
        if ((P - Z[C[k]]).conj() * E[k]).b != 0:
            bad = True
    return 1 if bad else 0


def _origami_defect(te, resolution):
    f = te.faces
    starts, sizes = f.indptr[:-1], np.diff(f.indptr)
    face = np.repeat(np.arange(len(sizes)), sizes)
    k = np.arange(len(f.indices))
    nxt = np.where(k == starts[face] + sizes[face] - 1, starts[face], k + 1)
    a, b = f.indices, f.indices[nxt]
    dT, dO = te.T[b] - te.T[a], te.O[b] - te.O[a]
    white = f.white[face]
    scale = max(np.abs(dT).max(), 1e-300)
    good = np.ones(len(sizes), bool)  # faces whose every edge is resolved (see resolved())
    good[face[np.abs(dT) < resolution * scale]] = False
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = np.where(white, dO / dT, dO / np.conj(dT))  # one unit number per face
    ref = ratio[starts[face]]
    keep = good[face]
    with np.errstate(invalid="ignore"):
        worst = np.abs(ratio - ref)[keep].max(initial=0.0)
        worst = max(worst, np.abs(np.abs(ratio[keep]) - 1).max(initial=0.0))
    C = te.corners
    t = np.abs(te.T[C[1]] - te.T[C[0]])
    worst = max(worst, np.abs(te.O[C].imag).max() / t)
    for k in range(4):  # each side folds onto the real line: its length between the images
        side = abs(te.T[C[(k + 1) % 4]] - te.T[C[k]])
        worst = max(worst, abs(abs(te.O[C[(k + 1) % 4]] - te.O[C[k]]) - side) / scale)
    return worst


# ---------------------------------------------------------------- the gauge
def _contracted(n):
    """``(2n, 2n)`` bool: the degree-2 boundary cells that the reduction to four outer vertices contracts."""
    r, c = np.mgrid[0 : 2 * n, 0 : 2 * n]
    cx, cy = c + 0.5 - n, n - r - 0.5
    tooth = np.abs(cx) + np.abs(cy) == n
    if n == 1:
        return np.zeros_like(tooth)
    keep = (
        ((cx == -0.5) & (cy == n - 0.5))  # NW top: merged into the NE vertex
        | ((cx == -(n - 0.5)) & (cy == 0.5))  # NW left end: into SW
        | ((cx == n - 0.5) & (cy == -0.5))  # SE right end: into NE
        | ((cx == 0.5) & (cy == -(n - 0.5)))  # SE bottom: into SW
    )
    return tooth & ~keep


def edge_table(te):
    """The edges of the embedding: ``(black, white, dT, weight)`` (see ``TEmbedding.kasteleyn_edges``)."""
    b, w, left, right, weight, _ = _edges(te)
    return b, w, te.T[left] - te.T[right], weight


def _edges(te):
    """``(black, white, left, right, weight, sigma)`` of every edge of the embedding (cached)."""
    return _cached(te, "edges", _make_edges)


def _make_edges(te):
    n = te.n
    mask = _diamond_mask(n)
    gone = _contracted(n)
    alive = mask & ~gone
    g = index_grid(n)
    out = []
    h, v = te._edges if te._edges is not None else (None, None)
    # horizontal placements (r, c)-(r, c+1): the shared side runs from corner (r, c+1) down to (r+1, c+1)
    r, c = np.nonzero(alive[:, :-1] & alive[:, 1:])
    black_left = (r + c) % 2 == 0
    top, bot = (r, c + 1), (r + 1, c + 1)
    wt = np.ones(len(r)) if h is None else np.asarray(h, float)[r, c]
    left = np.where(black_left, _end(g, n, top, bot), _end(g, n, bot, top))
    right = np.where(black_left, _end(g, n, bot, top), _end(g, n, top, bot))
    bl = np.stack([r, np.where(black_left, c, c + 1)], 1)
    wh = np.stack([r, np.where(black_left, c + 1, c)], 1)
    out.append((bl, wh, left, right, wt, np.ones(len(r))))
    # vertical placements (r, c)-(r+1, c): the shared side runs from corner (r+1, c) to (r+1, c+1)
    r, c = np.nonzero(alive[:-1, :] & alive[1:, :])
    black_top = (r + c) % 2 == 0
    lft, rgt = (r + 1, c), (r + 1, c + 1)
    wt = np.ones(len(r)) if v is None else np.asarray(v, float)[r, c]
    left = np.where(black_top, _end(g, n, rgt, lft), _end(g, n, lft, rgt))
    right = np.where(black_top, _end(g, n, lft, rgt), _end(g, n, rgt, lft))
    bl = np.stack([np.where(black_top, r, r + 1), c], 1)
    wh = np.stack([np.where(black_top, r + 1, r), c], 1)
    out.append((bl, wh, left, right, wt, np.where(c % 2 == 0, 1.0, -1.0)))
    return tuple(np.concatenate([o[k] for o in out]) for k in range(6))


def _diamond_mask(n):
    """The mask of ``Region.aztec_diamond(n)``, without building the Region."""
    r, c = np.mgrid[0 : 2 * n, 0 : 2 * n]
    return np.abs(c + 0.5 - n) + np.abs(n - r - 0.5) <= n


def _end(g, n, p, other):
    """The vertex index at grid corner `p`; a corner at distance n goes to the outer vertex on `other`'s axis."""
    r, c = p
    idx = g[r, c]
    ro, co = other
    x, y = co - n, n - ro  # the other end: on an axis when p is at distance n
    corner = np.where(
        y == 0,
        np.where(x > 0, g[n, 2 * n], g[n, 0]),
        np.where(y > 0, g[0, n], g[2 * n, n]),
    )
    return np.where(idx >= 0, idx, corner)


def gauge_of(te):
    """The complex gauge per cell (see ``TEmbedding.gauge``), along a spanning tree of the longest edges."""
    from .._kernels.t_embedding import gauge_bfs, spanning_forest

    n = te.n
    b, w, left, right, weight, sigma = _edges(te)
    size = 2 * n
    tail = (b[:, 0] * size + b[:, 1]).astype(np.int64)
    head = (w[:, 0] * size + w[:, 1]).astype(np.int64)
    dT = te.T[left] - te.T[right]
    value = (dT / (sigma * weight)).astype(np.complex128)
    value[dT == 0] = np.nan  # collapsed in floats: no step over it
    tree = spanning_forest(tail, head, np.argsort(-np.abs(dT), kind="stable"), size * size)
    tail, head, value = tail[tree], head[tree], value[tree]
    order = np.argsort(np.concatenate([tail, head]), kind="stable")
    ends = np.concatenate([tail, head])[order]
    adj = np.concatenate([np.arange(len(tail)), np.arange(len(tail))])[order].astype(np.int64)
    indptr = np.searchsorted(ends, np.arange(size * size + 1)).astype(np.int64)
    gauge = np.full(size * size, np.nan + 1j * np.nan, np.complex128)
    seen = np.zeros(size * size, np.bool_)
    start = (n - 1) * size + (n - 1)
    gauge_bfs(tail, head, value, start, indptr, adj, gauge, seen)
    return gauge.reshape(size, size)


def _gauge_defect(te, resolution):
    b, w, left, right, weight, sigma = _edges(te)
    g = te.gauge
    dT = te.T[left] - te.T[right]
    pred = g[b[:, 0], b[:, 1]] * sigma * weight * g[w[:, 0], w[:, 1]]
    keep = np.abs(dT) >= resolution * np.abs(dT).max()
    with np.errstate(invalid="ignore"):
        err = np.abs(dT - pred)[keep] / np.abs(dT)[keep]
    err = err[np.isfinite(pred[keep])]
    return err.max(initial=0.0)
