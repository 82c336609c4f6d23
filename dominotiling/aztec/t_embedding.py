"""Perfect t-embeddings of the Aztec diamond with any weights, and their origami maps.

A *t-embedding* [1]_ [2]_ of a weighted planar bipartite graph ``G`` places the
vertices of its augmented dual ``G*`` (one per face of ``G``, and the outer ones)
in the plane so that the faces of ``G*`` (one per vertex of ``G``) are convex,
around every inner vertex the angles of the white faces add up to ``pi`` (so do
the black ones), and the alternating products of the edge vectors ``dT`` around
every face of ``G`` equal those of the weights: the Kasteleyn matrix made of the
``dT`` is gauge equivalent to the weights. It is *perfect* [3]_ when the outer
face is a tangential polygon and the edges from its corners go along the
bisectors. Folding the plane along every edge gives the *origami map* ``O``; the
surface ``(T, O)`` of the uniform Aztec diamond converges to the space-like
maximal surface of Chelkak and Ramassamy [4]_ (see
:mod:`dominotiling.aztec.t_limit`).

:func:`t_embedding` computes the perfect t-embedding of the Aztec diamond of
order ``n`` with any positive weights the shuffling takes, by the recurrence of
[4]_ [5]_ [6]_ on the levels of urban renewal; :class:`TEmbedding` holds it as
plain arrays (``T``, ``O``, ``coords``, ``faces``) and checks its defining
properties (:mod:`dominotiling.aztec.t_properties`).

Examples
--------
>>> from dominotiling.aztec import t_embedding
>>> te = t_embedding(3)
>>> te
TEmbedding(order 3, uniform weights, exact in Q(i): 17 vertices, 8 faces)
>>> te.T_exact[te.index(0, 1)]
I/2
>>> te.check().ok
True

References
----------
.. [1] R. Kenyon, W. Y. Lam, S. Ramassamy, M. Russkikh, "Dimers and circle
   patterns", Ann. Sci. Ec. Norm. Super. 55 (2022); arXiv:1810.05616.
.. [2] D. Chelkak, B. Laslier, M. Russkikh, "Dimer model and holomorphic functions
   on t-embeddings of planar graphs", Proc. LMS 126 (2023); arXiv:2001.11871.
.. [3] D. Chelkak, B. Laslier, M. Russkikh, "Bipartite dimer model: perfect
   t-embeddings and Lorentz-minimal surfaces", arXiv:2109.06272.
.. [4] D. Chelkak, S. Ramassamy, "Fluctuations in the Aztec diamonds via a
   Lorentz-minimal surface", arXiv:2002.07540.
.. [5] T. Berggren, M. Nicoletti, M. Russkikh, "Perfect t-embeddings of uniformly
   weighted Aztec diamonds and tower graphs", IMRN 2024 (23), doi:10.1093/imrn/rnad299.
.. [6] J. Propp, "Generalized domino-shuffling", Theoret. Comput. Sci. 303 (2003).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .. import _validate
from .._options import check_memory, check_seconds
from ..errors import DominoTilingError, DominoTypeError, WeightError
from ..model.weighting import weighting
from ..model.weights import Weights
from .levels import _block_cells, _blocks, _edge_weights
from .t_properties import check_embedding, index_grid

__all__ = ["t_embedding", "TEmbedding", "TFaces"]

#: Largest order that ``exact=None`` computes exactly (Fractions grow with the order).
EXACT_AUTO_ORDER = 12
#: Seconds per n**3 of the exact recurrence with int weights 1..9 (n = 10: 0.9 s, measured).
EXACT_SECONDS_PER_CUBE = 1e-3
#: Bytes per n**2 that t_embedding keeps or passes through (planes, T, O, coords, faces).
BYTES_PER_SQUARE = 260

_ZEROS = (
    "a zero weight makes the face weights around it 0 or infinite, so faces of the t-embedding "
    "collapse to points or segments (the angle condition is then void there); the perfect "
    "t-embedding exists only as a degenerate limit. Give every placement a positive weight (a "
    "small epsilon shows the limit)"
)


# ------------------------------------------------------------------- the faces
class TFaces:
    """The inner faces of a t-embedding: a colour and a counter-clockwise list of vertex indices each.

    A sequence: ``faces[k]`` is ``(colour, indices)`` with colour ``"white"`` or
    ``"black"`` (that of the vertex of the graph the face stands for); the same
    data as arrays: ``indptr`` and ``indices`` (face ``k`` is
    ``indices[indptr[k]:indptr[k + 1]]``, compressed-row style) and ``colors``.

    Parameters
    ----------
    indptr, indices : numpy.ndarray of int64
    white : numpy.ndarray of bool
        True for the white faces.

    See Also
    --------
    TEmbedding, t_embedding

    Examples
    --------
    >>> faces = t_embedding(1).faces
    >>> len(faces), faces[0][0], faces[0][1].tolist()
    (4, 'white', [3, 0, 2])
    """

    def __init__(self, indptr, indices, white):
        for a in (indptr, indices, white):
            a.setflags(write=False)
        self.indptr, self.indices, self.white = indptr, indices, white

    def __len__(self):
        return len(self.white)

    def __getitem__(self, k):
        k = _validate.integer(k, "face index", minimum=-len(self), maximum=len(self) - 1) % len(
            self
        )
        vs = self.indices[self.indptr[k] : self.indptr[k + 1]]
        return ("white" if self.white[k] else "black"), vs

    def __iter__(self):
        for k in range(len(self)):
            yield self[k]

    @property
    def colors(self):
        """``"white"`` / ``"black"`` per face (a numpy array of str)."""
        return np.where(self.white, "white", "black")

    @property
    def sizes(self):
        """The number of vertices of every face."""
        return np.diff(self.indptr)

    def __repr__(self):
        return f"TFaces({len(self)} faces, {int(self.white.sum())} white)"


# ------------------------------------------------------------------ the result
class TEmbedding:
    """The perfect t-embedding of an Aztec diamond and its origami map (see :func:`t_embedding`).

    Attributes
    ----------
    n : int
        The order of the diamond.
    T, O : numpy.ndarray of complex128, shape ``(V,)``
        The t-embedding and the origami map at every dual vertex.
    coords : numpy.ndarray of int64, shape ``(V, 2)``
        The dual vertex ``(x, y)`` of every index: the inner faces ``|x| + |y| <=
        n - 1`` of the graph (the lattice point ``(x, y)`` is the corner ``(n - y,
        n + x)`` of the cells of ``Region.aztec_diamond(n)``), and the four outer
        vertices ``(n, 0), (0, n), (-n, 0), (0, -n)`` (E, N, W, S).
    faces : TFaces
        Every inner face with its colour, counter-clockwise.
    corners : numpy.ndarray of int64
        The indices of the outer vertices E, N, W, S.
    exact : bool
        Whether the recurrence ran in exact arithmetic (then :attr:`T_exact`,
        :attr:`O_exact` hold sympy numbers).
    weights_kind : str
        ``"uniform"``, ``"periodic"`` or the kind of the :class:`~dominotiling.Weights`.

    See Also
    --------
    t_embedding, TFaces, dominotiling.viz.t_embedding.draw_t_embedding

    Examples
    --------
    >>> te = t_embedding(2)
    >>> te.T[te.corners].round(6).tolist()
    [(1+0j), 1j, (-1+0j), -1j]
    >>> [round(x, 6) for x in te.O[te.corners].real.tolist()]
    [0.707107, -0.707107, 0.707107, -0.707107]
    """

    def __init__(self, n, T, O, *, weights_kind="uniform", exact=False, field=None, blocks=None):
        for a in (T, O):
            a.setflags(write=False)
        self.n, self.T, self.O = n, T, O
        self.weights_kind, self.exact = weights_kind, exact
        self._field = field  # exact: (D, alpha, beta, alpha_o, beta_o, L2); else None
        self._blocks = blocks  # the (n, n, 4) block weights (None: uniform)
        grid = index_grid(n)
        self.corners = grid[[n, 0, n, 2 * n], [2 * n, n, 0, n]].astype(np.int64)  # E, N, W, S
        self.corners.setflags(write=False)
        self._gauge = None
        self._lazy = {}

    def _get(self, key, make):
        if key not in self._lazy:
            self._lazy[key] = make()
        return self._lazy[key]

    @property
    def coords(self):
        """``(V, 2)`` int64: the dual vertex ``(x, y)`` of every index (made on first use)."""
        return self._get("coords", lambda: _coords(self.n))

    @property
    def faces(self):
        """The inner faces (:class:`TFaces`, made on first use)."""
        return self._get("faces", lambda: _faces(self.n))

    @property
    def _face_weights(self):
        """The weights' face weights at the inner vertices, in vertex order (None: uniform)."""
        return self._weights_faces()[0]

    @property
    def _edges(self):
        """``(h, v)``: the weights of the diamond's placements (None: uniform)."""
        return self._weights_faces()[1]

    def _weights_faces(self):
        def make():
            face, edges = _block_faces(self.n, self._blocks)
            if face is not None and not self.exact:
                face = np.array(face.tolist(), float)
                edges = tuple(np.array(a.tolist(), float) for a in edges)
            return face, edges

        return self._get("weights", make)

    # -- lookups
    def index(self, x, y):
        """The index of the dual vertex ``(x, y)`` (a ``DominoTilingError`` if there is none)."""
        x = _validate.integer(x, "x")
        y = _validate.integer(y, "y")
        n = self.n
        if abs(x) + abs(y) > n or (abs(x) + abs(y) == n and x * y != 0):
            raise DominoTilingError(
                f"({x}, {y}) is no dual vertex of the Aztec diamond of order {n}: those are "
                f"|x| + |y| <= {n - 1} and the corners (+-{n}, 0), (0, +-{n})"
            )
        return int(index_grid(n)[n - y, n + x])

    def grid(self, values):
        """`values` (one per vertex) on the ``(2n + 1, 2n + 1)`` lattice, row ``n - y``, column ``n + x``; NaN elsewhere."""
        values = np.asarray(values)
        if values.shape != self.T.shape:
            raise DominoTilingError(f"values must have shape {self.T.shape}, got {values.shape}")
        g = index_grid(self.n)
        out = np.full(g.shape, np.nan, dtype=np.result_type(values.dtype, np.float64))
        out[g >= 0] = values[g[g >= 0]]
        return out

    @property
    def inner(self):
        """Boolean mask of the inner vertices (all but the four corners)."""
        m = np.ones(len(self.T), bool)
        m[self.corners] = False
        return m

    # -- exact values
    @property
    def T_exact(self):
        """The t-embedding as sympy numbers ``a + b*I*sqrt(D)`` (object array; exact runs only)."""
        return self._sympy(0)

    @property
    def O_exact(self):
        """The origami map as sympy numbers ``(a + b*I*sqrt(D)) / sqrt(1 + D)`` (exact runs only)."""
        return self._sympy(1)

    def _sympy(self, which):
        if not self.exact:
            raise DominoTilingError(
                "this t-embedding was computed in floats; call t_embedding(n, weights=..., "
                "exact=True) with int or Fraction weights for exact values"
            )
        import sympy

        D, a, b, ao, bo, _ = self._field
        root = sympy.sqrt(sympy.Rational(D))
        scale = 1 if which == 0 else 1 / sympy.sqrt(1 + sympy.Rational(D))
        re, im = (a, b) if which == 0 else (ao, bo)
        out = np.empty(len(re), dtype=object)
        for k, (x, y) in enumerate(zip(re, im)):
            out[k] = (sympy.Rational(x) + sympy.I * sympy.Rational(y) * root) * scale
        return out

    @property
    def field(self):
        """``D`` (a Fraction) with T in ``Q(sqrt(-D))``: ``T = a + b i sqrt(D)``; exact runs only."""
        if not self.exact:
            raise DominoTilingError("a float t-embedding has no exact field; use exact=True")
        return self._field[0]

    # -- the gauge
    @property
    def gauge(self):
        """Complex gauge per cell: ``dT(bw*) = gauge[b] * K(b, w) * gauge[w]`` for every edge of the embedding.

        ``K(b, w) = sigma * weight`` is the weighted Kasteleyn matrix of
        :func:`~dominotiling.kasteleyn_matrix` (``sigma = 1`` for horizontal
        placements, ``(-1)**col`` of the black cell for vertical ones), and
        ``dT(bw*) = T(left) - T(right)``: the dual edge across the side the two
        cells share, from the lattice point on the right of the step ``b -> w`` to
        the one on its left (an end at distance ``n`` is the nearest corner). An
        array ``(2n, 2n)`` over the cells of ``Region.aztec_diamond(n)``; NaN at
        the ``4n - 4`` degree-2 cells of the boundary that the reduction to four
        outer vertices contracts (their edges have no dual edge) and outside.
        """
        if self._gauge is None:
            from .t_properties import gauge_of

            self._gauge = gauge_of(self)
            self._gauge.setflags(write=False)
        return self._gauge

    def kasteleyn_edges(self):
        """``(black, white, dT, weight)``: the edges of the embedding, cells as ``(row, col)``.

        ``black``, ``white``: int64 ``(E, 2)``; ``dT``: complex ``T(left) -
        T(right)`` (see :attr:`gauge`); ``weight``: the placement's weight (float).
        """
        from .t_properties import edge_table

        return edge_table(self)

    # -- checks
    def face_weights(self):
        """The face weight at every inner vertex read off ``T`` (complex; real positive when all is well).

        ``X_v = (-1)**(d + 1) prod (T(v) - T(v_odd)) / prod (T(v_even) - T(v))`` over
        the ``2d`` neighbours of ``v`` counter-clockwise, a neighbour odd when the
        face just clockwise of the edge to it is white (Chelkak, Laslier and Russkikh's
        convention).
        """
        from .t_properties import face_weights_from_T

        return face_weights_from_T(self)

    def check(self, *, tol=1e-9, resolution=None):
        """Check the defining properties; returns a :class:`~dominotiling.aztec.t_properties.TCheck`.

        Exact runs are checked exactly (in ``Q(sqrt(-D))``), float runs to `tol`:
        the angle condition at every inner vertex, the face weights against the
        weights', the boundary (a tangential polygon, corner edges on its
        bisectors) and the origami map (an isometry of every face, orientation kept
        on the white ones, the boundary on the real line). Float checks look at the
        vertices resolved at `resolution` (default ``1e-4`` of the width; see
        :func:`~dominotiling.aztec.t_properties.resolved`) and count the others.
        """
        tol = _validate.real(tol, "tol", minimum=0)
        if resolution is None:
            return check_embedding(self, tol)
        resolution = _validate.real(resolution, "resolution", minimum=0)
        return check_embedding(self, tol, resolution)

    # -- pictures and files
    def draw(self, **options):
        """:func:`~dominotiling.viz.t_embedding.draw_t_embedding` of this embedding; returns the axes."""
        from ..viz.t_embedding import draw_t_embedding  # lazy: viz hook

        return draw_t_embedding(self, **options)

    def to_mesh(self, path=None, *, format=None):
        """The surface ``(Re T, Im T, Re O)`` as a triangle mesh (:func:`~dominotiling.viz.t_embedding.t_surface_mesh`)."""
        from ..viz.t_embedding import t_surface_mesh  # lazy: viz hook

        return t_surface_mesh(self, path, format=format)

    def to_svg(self, path=None, **options):
        """SVG text of the picture (:func:`~dominotiling.viz.t_embedding.t_embedding_svg`)."""
        from ..viz.t_embedding import t_embedding_svg  # lazy: viz hook

        return t_embedding_svg(self, path, **options)

    def to_tikz(self, path=None, **options):
        """A standalone TikZ document (:func:`~dominotiling.viz.t_embedding.t_embedding_tikz`)."""
        from ..viz.t_embedding import t_embedding_tikz  # lazy: viz hook

        return t_embedding_tikz(self, path, **options)

    def __repr__(self):
        how = "floats"
        if self.exact:
            D = self._field[0]
            how = "exact in Q(i)" if _is_square(D) else f"exact in Q(sqrt(-{D}))"
            if len(how) > 36:  # a long D: see .field
                how = "exact in Q(sqrt(-D))"
        return (
            f"TEmbedding(order {self.n}, {self.weights_kind} weights, {how}: "
            f"{len(self.T)} vertices, {len(self.faces)} faces)"
        )

    def _repr_html_(self):
        img = ""
        try:
            img = self._png_html()
        except Exception:  # pragma: no cover - a display must never fail
            img = ""
        rows = [
            ("order", self.n),
            ("weights", self.weights_kind),
            ("arithmetic", repr(self).split(", ", 2)[-1].split(":")[0]),
            ("vertices / faces", f"{len(self.T)} / {len(self.faces)}"),
        ]
        body = "".join(
            f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{v}</td></tr>"
            for k, v in rows
        )
        return f"<div><b>TEmbedding</b><table>{body}</table>{img}</div>"

    def _png_html(self):
        import base64
        import io

        from matplotlib.figure import Figure  # no pyplot: the notebook's backend is left alone

        from ..viz.t_embedding import draw_t_embedding  # lazy: viz hook

        fig = Figure(figsize=(4, 4), dpi=90)
        draw_t_embedding(self, ax=fig.add_subplot(111))
        buf = io.BytesIO()
        fig.savefig(buf, format="png", bbox_inches="tight")
        return f"<img src='data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}'/>"


def _is_square(D):
    D = Fraction(D)
    return all(math.isqrt(x) ** 2 == x for x in (D.numerator, D.denominator))


# ------------------------------------------------------------------ the weights
def _levels(n, weights, exact):
    """``(kind, exact, first, tables, blocks)`` for the recurrence (see :func:`t_embedding`).

    ``first``: ``q`` of level 1; ``tables(k)``: ``(q, rmod, cmod)`` of level ``k``
    for ``k = 2..n`` (a generator, in order); ``blocks``: the ``(n, n, 4)`` block
    weights, or the float :class:`~dominotiling.Weights` (None: uniform), kept for the
    checks.
    """
    read = weighting(weights)  # every spelling (model.weighting); a pattern on the diamond's cells
    weights = read.on_aztec(n, as_weights=read.kind == "pattern")
    if weights is None:
        kind = "uniform"
        blocks = None
    elif isinstance(weights, Weights):
        kind = weights.kind
        if kind == "symbolic":
            raise DominoTypeError(
                "symbolic weights have no t-embedding of numbers; substitute values first "
                "(weights.substitute({...}))"
            )
        weights.check_shape((2 * n, 2 * n))
        if _has_zero(n, weights):
            raise WeightError(_ZEROS)
        # exact weights: the block arrays of the exact renewal (small orders); floats: the
        # levels read the Weights themselves, and so do the checks
        blocks = _blocks(n, weights)[1] if weights.kind in ("int", "fraction") else None
    else:
        kind = "periodic"
        blocks, weights = _periodic_blocks(n, weights)
    if blocks is not None and (np.asarray(blocks == 0)).any():
        raise WeightError(_ZEROS)
    exact_ok = kind == "uniform" or (
        blocks is not None and (blocks.dtype == object or blocks.dtype.kind in "iu")
    )
    if exact is None:
        exact = exact_ok and n <= EXACT_AUTO_ORDER
    elif exact and not exact_ok:
        raise DominoTypeError(
            "exact=True needs int or Fraction weights (these are floats); use exact=False"
        )
    if exact:
        check_seconds(
            EXACT_SECONDS_PER_CUBE * n**3,
            f"the exact t-embedding of order {n}",
            "exact=False (floats)",
        )
        return (kind, True) + _exact_levels(n, blocks) + (blocks,)
    source = weights if isinstance(weights, Weights) else blocks
    return (kind, False) + _float_levels(n, weights, blocks, kind) + (source,)


def _has_zero(n, weights):
    """Whether a placement of ``Region.aztec_diamond(n)`` weighs 0 under `weights` (row by row)."""
    h, v = weights.horizontal, weights.vertical

    def cols(r):  # the cells of row r: columns n - 1 - m .. n + m
        m = min(r, 2 * n - 1 - r)
        return n - 1 - m, n + m + 1

    for r in range(2 * n):
        lo, hi = cols(r)
        if (h[r, lo : hi - 1] == 0).any():
            return True
        if r + 1 < 2 * n:
            lo2, hi2 = cols(r + 1)
            if (v[r, max(lo, lo2) : min(hi, hi2)] == 0).any():
                return True
    return False


def _periodic_blocks(n, weights):
    """``(blocks, pattern)``: the ``(n, n, 4)`` block weights of a periodic array (Fractions for ints and
    Fractions, else floats) and the pattern as given, in floats."""
    raw = np.asarray(weights, dtype=object)
    flat = raw.ravel().tolist()
    exact = all(
        isinstance(x, (int, np.integer, Fraction)) and not isinstance(x, (bool, np.bool_))
        for x in flat
    )
    try:
        floats = np.array([float(x) for x in flat], dtype=float).reshape(raw.shape)
    except (TypeError, ValueError, OverflowError):
        raise DominoTypeError(
            "periodic weights must be numbers: (a, b), a (p, q) or a (p, q, 4) array"
        ) from None
    pat = _edge_weights(floats, zeros=True)  # validates the shape and the signs
    if exact:  # the same layout, entry by entry: expand the positions 1..size, then look them up
        where = _edge_weights(np.arange(1.0, len(flat) + 1).reshape(raw.shape), zeros=True)
        pat = np.array([Fraction(x) for x in flat], dtype=object)[where.astype(np.int64) - 1]
    i, j = np.indices((n, n))
    return pat[i % pat.shape[0], j % pat.shape[1]], floats


def _block_faces(n, blocks):
    """The weights' face weights (CLR's convention) at the inner vertices, in vertex order, and ``(h, v)``.

    `blocks`: the ``(n, n, 4)`` block weights, a :class:`~dominotiling.Weights` (float),
    or None (uniform).
    """
    if blocks is None:
        return None, None
    if isinstance(blocks, Weights):
        h, v = np.asarray(blocks.horizontal, float), np.asarray(blocks.vertical, float)
    else:
        if blocks.dtype == object or blocks.dtype.kind in "iu":  # exact: Fractions
            blocks = np.array([Fraction(x) for x in blocks.ravel().tolist()], dtype=object).reshape(
                blocks.shape
            )
        R, C = _block_cells(n)  # every placement is one half of one block (aztec_block_weights)
        h = np.ones((2 * n, 2 * n - 1), dtype=blocks.dtype)
        v = np.ones((2 * n - 1, 2 * n), dtype=blocks.dtype)
        h[R, C], h[R + 1, C], v[R, C], v[R, C + 1] = (blocks[:, :, t] for t in range(4))
    g = index_grid(n)
    y, x = np.mgrid[n : -n - 1 : -1, -n : n + 1]
    inner = (np.abs(x) + np.abs(y) <= n - 1).ravel()
    order = np.argsort(g.ravel()[inner])
    xs, ys = x.ravel()[inner][order], y.ravel()[inner][order]
    rr, cc = n - ys, n + xs  # the lattice point's grid corner
    N, S = h[rr - 1, cc - 1], h[rr, cc - 1]
    W, E = v[rr - 1, cc - 1], v[rr - 1, cc]
    tr_white = (rr - 1 + cc) % 2 == 1  # the cell above right of the point
    face = np.where(tr_white, (N * S) / (W * E), (W * E) / (N * S))
    return face, (h, v)


def _exact_levels(n, blocks):
    """Urban renewal of the block weights in Fractions: ``q_k = N S / (N S + W E)`` of every level."""
    if blocks is None:
        half = Fraction(1, 2)
        qs = {k: np.full((1, 1), half, dtype=object) for k in range(1, n + 1)}
    else:
        cur = np.array([Fraction(x) for x in blocks.ravel().tolist()], dtype=object).reshape(
            blocks.shape
        )
        qs = {}
        for k in range(n, 0, -1):
            N, S, W, E = (cur[:k, :k, t] for t in range(4))
            ns, we = N * S, W * E
            delta = ns + we
            qs[k] = ns / delta
            if k > 1:
                m = k - 1
                nxt = np.empty((m, m, 4), dtype=object)
                nxt[:, :, 0] = N[:m, :m] / delta[:m, :m]
                nxt[:, :, 1] = S[1:, 1:] / delta[1:, 1:]
                nxt[:, :, 2] = W[1:, :m] / delta[1:, :m]
                nxt[:, :, 3] = E[:m, 1:] / delta[:m, 1:]
                cur = nxt

    def tables():
        for k in range(2, n + 1):
            q = qs[k]
            ramp = np.arange(k)
            yield q, ramp % q.shape[0], ramp % q.shape[1]

    return qs[1][0, 0], tables()


def _float_levels(n, weights, blocks, kind):
    """The float levels: one table for uniform weights, one period per level, or every level (any weights)."""
    if kind == "uniform":
        q = np.full((1, 1), 0.5)
        zero = np.zeros(n, np.int64)

        def tables():
            for _ in range(2, n + 1):
                yield q, zero, zero

        return 0.5, tables()
    if kind == "periodic":
        from .shuffling import _level_probabilities

        probs = _level_probabilities(n, weights)
        ramp = np.arange(n, dtype=np.int64)
        rmod, cmod = ramp % probs.shape[1], ramp % probs.shape[2]

        def tables():
            for k in range(2, n + 1):
                yield probs[k - 1], rmod, cmod

        return float(probs[0, 0, 0]), tables()
    from .levels import creation_levels

    levels = creation_levels(n, weights).up()
    _, q1 = next(levels)
    first = float(q1[0, 0])
    ramp = np.arange(n, dtype=np.int64)

    def tables():
        for _, q in levels:
            yield q, ramp, ramp

    return first, tables()


# -------------------------------------------------------------- the recurrence
def t_embedding(n, *, weights=None, exact=None):
    """The perfect t-embedding of the Aztec diamond of order `n` and its origami map.

    Parameters
    ----------
    n : int
        The order: ``Region.aztec_diamond(n)``, whose inner faces are the lattice
        points ``|x| + |y| <= n - 1``.
    weights : None, Weights, WeightPattern, (a, b), array ``(p, q)`` or ``(p, q, 4)``, keyword-only
        Any positive weights that :func:`~dominotiling.aztec.shuffling.sample_aztec`
        takes: None (uniform), a :class:`~dominotiling.Weights` on
        ``Region.aztec_diamond(n)``, a :class:`~dominotiling.theory.WeightPattern`
        (repeated over the diamond's cells), or the periodic block arrays of
        ``sample_aztec`` (``(a, b)`` is the two-periodic model).
    exact : None or bool, keyword-only
        True: Fractions all the way (int or Fraction weights only), T in ``Q(sqrt(-D))``;
        False: floats; None (default): exact for exact weights up to order
        :data:`EXACT_AUTO_ORDER`, floats otherwise.

    Returns
    -------
    TEmbedding
        ``T``, ``O``, ``coords``, ``faces``, the ``gauge``, and ``check()``.

    Raises
    ------
    WeightError
        For a zero weight (faces would collapse; the message says why) or weights
        of the wrong shape; a ``WeightError`` also for float weights so uneven that
        urban renewal leaves double precision.
    DominoTypeError
        For symbolic weights, or ``exact=True`` with float weights.
    TooLargeError
        When the arrays (about ``260 n**2`` bytes, plus the levels of urban
        renewal for non-periodic weights) exceed the memory budget, or the exact
        recurrence would run past the time limit; refused before anything is
        allocated.

    See Also
    --------
    TEmbedding, dominotiling.aztec.t_limit.uniform_t_limit,
    dominotiling.viz.t_embedding.draw_t_embedding, sample_aztec

    Notes
    -----
    *Conventions.* The dual vertices are the lattice points ``(x, y)``, ``|x| +
    |y| <= n - 1`` (``x`` to the right, ``y`` up; the corner ``(n - y, n + x)`` of
    the cells), one per inner face of the graph of ``Region.aztec_diamond(n)``,
    and four outer vertices E, N, W, S at ``(n, 0), (0, n), (-n, 0), (0, -n)``.
    The graph is reduced to four boundary vertices by contracting its degree-2
    boundary cells [4]_ (the NE and SW ones, and all but the end cells of the NW
    and SE sides): a face on the outer ring becomes a 2-gon, whose dual vertex lies
    on a segment. A cell is black when ``row + col`` is even, as everywhere in the
    library; faces are listed counter-clockwise. The embedding is normalised so
    that the corners are ``1, i s, -1, -i s``: the outer face is a rhombus (a
    tangential polygon with centre 0) and the corner edges lie on its diagonals.
    Perfectness leaves a choice of the outer quadrilateral (already for ``n = 1``
    any tangential one with its incentre at the inner vertex will do); the rhombus
    with the corners on the axes is that of the symmetric embeddings of [4]_ and of
    Petrov's computations with arbitrary weights. The gauge is
    :attr:`TEmbedding.gauge`; the origami map is normalised by the folding of the
    boundary (below).

    *Recurrence.* With ``q_k(i, j) = N S / (N S + W E)`` the probability of a
    horizontal pair at block ``(i, j)`` of level ``k`` of urban renewal (as in
    generalized shuffling [6]_), block ``(i, j)`` of order ``k`` being the dual
    vertex ``f = (j - i, k - 1 - i - j)``, order ``k`` is made from order ``k -
    1`` by

    - ``T_k(f) = q (T(f + (-1, 0)) + T(f + (1, 0))) + (1 - q) (T(f + (0, 1)) + T(f + (0, -1))) - T_{k-2}(f)``
      at the blocks inside (their neighbours keep their order-``(k - 1)``
      positions): the other root of the quadratic ``W E (T - T_N)(T - T_S) + N S
      (T - T_W)(T - T_E) = 0`` that the face weight imposes -- the central move
      of [1]_ under urban renewal [4]_ [5]_;
    - on the new ring ``|x| + |y| = k - 1`` (the 2-gons), the point on the segment
      between its two neighbours inside, ``(1 - q)`` on the vertical one and ``q``
      on the horizontal one (a corner stands in for the missing neighbour on the
      axes: ``T_k(k - 1, 0) = (1 - q) T(E) + q T_{k-1}(k - 2, 0)``);
    - every other vertex keeps its place; the corners never move.

    Order 1 starts from the centre 0 and the corners ``+-1``, ``+-i s`` with
    ``s**2 = (1 - q_1) / q_1`` (for ``n >= 2``: the corner edges of the reduced
    graph are vertical at N and S, horizontal at E and W) and ``s**2 = q_1 / (1 -
    q_1)`` when ``n = 1`` (there they are the four sides of the square). The
    origami map satisfies the same recurrence [4]_ [5]_, from ``O = +-t`` at the
    corners (``t`` the tangent lengths ``1 / L`` and ``s**2 / L``, ``L = sqrt(1 +
    s**2)``, alternating in sign, so the sides fold onto the real line with the
    points of tangency at 0) and ``-i s / L`` at the centre; it is normalised so
    that every white face keeps its orientation. So ``T = a + b i sqrt(D)`` and
    ``O = (a' + b' i sqrt(D)) / sqrt(1 + D)`` with rationals ``a, b, a', b'`` and
    ``D = s**2`` for rational weights: the exact run keeps the four rationals.

    *Cost.* ``O(n**3)`` arithmetic on ``O(n**2)`` memory: the float recurrence is
    one numba kernel, run level by level in slices (Ctrl-C is seen within a
    fraction of a second), after the levels of urban renewal (any weights:
    :func:`~dominotiling.aztec.levels.creation_levels`, the same as generalized
    shuffling; periodic weights: one period per level; uniform: none). Order
    1000: about a second uniform, a few seconds with Gamma weights
    (``benchmarks/RESULTS.md``).

    *Precision.* The faces of the frozen corners shrink exponentially with the
    order (the frozen regions collapse to the corners [4]_ [5]_), and random
    weights make slivers: in floats they fall below rounding (``T`` is good to
    about ``1e-14`` at order 1000 with uniform weights, ``1e-12`` with Gamma
    weights), so :meth:`TEmbedding.check` looks at the vertices whose edges and
    corners are resolved and counts the others; exact runs check every vertex.

    References
    ----------
    .. [1] R. Kenyon, W. Y. Lam, S. Ramassamy, M. Russkikh, "Dimers and circle
       patterns", Ann. Sci. Ec. Norm. Super. 55 (2022); arXiv:1810.05616.
    .. [2] D. Chelkak, B. Laslier, M. Russkikh, "Dimer model and holomorphic functions
       on t-embeddings of planar graphs", arXiv:2001.11871.
    .. [3] D. Chelkak, B. Laslier, M. Russkikh, "Bipartite dimer model: perfect
       t-embeddings and Lorentz-minimal surfaces", arXiv:2109.06272.
    .. [4] D. Chelkak, S. Ramassamy, "Fluctuations in the Aztec diamonds via a
       Lorentz-minimal surface", arXiv:2002.07540.
    .. [5] T. Berggren, M. Nicoletti, M. Russkikh, "Perfect t-embeddings of uniformly
       weighted Aztec diamonds and tower graphs", IMRN 2024 (23), doi:10.1093/imrn/rnad299.
    .. [6] J. Propp, "Generalized domino-shuffling", Theoret. Comput. Sci. 303 (2003).

    Examples
    --------
    >>> te = t_embedding(2)
    >>> [complex(z) for z in te.T_exact[[te.index(1, 0), te.index(0, 0)]]]
    [(0.5+0j), 0j]
    >>> from dominotiling import Region, Weights
    >>> w = Weights.random(Region.aztec_diamond(4), "integers", seed=2, a=1, b=4)
    >>> te = t_embedding(4, weights=w)
    >>> te.exact, te.check().ok
    (True, True)
    >>> t_embedding(40, weights=(1.0, 2.0)).check().ok
    True
    """
    n = _validate.positive_int(n, "n (the order of the diamond)")
    if exact is not None:
        exact = _validate.boolean(exact, "exact")
    check_memory(
        BYTES_PER_SQUARE * (n + 1) ** 2,
        f"the t-embedding of the Aztec diamond of order {n} (positions, origami map, faces)",
        "a smaller order",
    )
    kind, exact, q1, tables, blocks = _levels(n, weights, exact)
    if exact:
        return _exact_run(n, kind, Fraction(q1), tables, blocks)
    return _float_run(n, kind, float(q1), tables, blocks)


def _aspect(n, q1):
    """``D = s**2``: the corners are ``+-1, +-i s`` (see :func:`t_embedding`'s Notes)."""
    return q1 / (1 - q1) if n == 1 else (1 - q1) / q1


def _layout(n):
    """``(arrays, offset)``: which array (0: ``n x n``, 1: ``(n-1) x (n-1)``) holds order k, and where."""

    def where(k):
        if (n - k) % 2 == 0:
            return 0, (n - k) // 2
        return 1, (n - 1 - k) // 2

    return where


def _float_run(n, kind, q1, tables, blocks):
    from .._interrupt import Pacer
    from .._kernels.t_embedding import t_level

    D = _aspect(n, q1)
    s, L = math.sqrt(D), math.sqrt(1.0 + D)
    corners = np.array(
        [[1.0, 1j * s, -1.0, -1j * s], [1.0 / L, -D / L, 1.0 / L, -D / L]], dtype=np.complex128
    )
    size = max(n - 1, 1)
    planes = [np.zeros((2, n, n), np.complex128), np.zeros((2, size, size), np.complex128)]
    where = _layout(n)
    a, o = where(1)
    planes[a][:, o, o] = (0.0, -1j * s / L)
    rows = Pacer(first=max(1, 2**16 // n), growth=2)
    for k, (q, rmod, cmod) in zip(range(2, n + 1), tables):
        q = np.ascontiguousarray(q, dtype=np.float64)
        ac, oc = where(k)
        ao, oo = where(k - 1)
        for lo, hi in rows.ranges(0, k):
            t_level(planes[ac], planes[ao], oc, oo, k, q, rmod, cmod, corners, lo, hi)
    T, O = _assemble(n, planes, corners, where)
    if not (np.isfinite(T).all() and np.isfinite(O).all()):
        raise WeightError(
            "the t-embedding left double precision: the weights are too uneven; bring them "
            "closer to each other"
        )
    return TEmbedding(n, T, O, weights_kind=kind, blocks=blocks)


def _assemble(n, planes, corners, where):
    """T and O in vertex order from the planes (order n's blocks, order n - 1's) and the corners."""
    g = index_grid(n)
    V = int(g.max()) + 1
    T = np.empty(V, np.complex128)
    O = np.empty(V, np.complex128)
    for y in range(n - 1, -n, -1):  # row by row (small steps: Python keeps control)
        span = n - 1 - abs(y)
        xs = np.arange(-span, span + 1)
        first = g[n - y, n - span]
        for k in (n, n - 1):  # the row's vertices alternate between these two orders
            sel = (xs + y + k - 1) % 2 == 0
            if k < 1 or not sel.any():
                continue
            a, o = where(k)
            i, j = o + (k - 1 - y - xs[sel]) // 2, o + (k - 1 - y + xs[sel]) // 2
            T[first + np.nonzero(sel)[0]] = planes[a][0, i, j]
            O[first + np.nonzero(sel)[0]] = planes[a][1, i, j]
    T[g[[n, 0, n, 2 * n], [2 * n, n, 0, n]]] = corners[0]
    O[g[[n, 0, n, 2 * n], [2 * n, n, 0, n]]] = corners[1]
    if n >= 2 and n % 2 == 1:  # the recurrence keeps the NE outer face's orientation
        np.conjugate(O, out=O)  # make it the white faces'
    return T, O


def _exact_run(n, kind, q1, tables, blocks):
    D = _aspect(n, q1)
    # planes: 0, 1 = T's a, b (T = a + b i sqrt D); 2, 3 = O's (O = (a + b i sqrt D) / sqrt(1 + D))
    corners = np.array(
        [
            [Fraction(x) for x in row]
            for row in ([1, 0, -1, 0], [0, 1, 0, -1], [1, -D, 1, -D], [0] * 4)
        ],
        dtype=object,
    )
    size = max(n - 1, 1)
    planes = [np.full((4, m, m), Fraction(0), dtype=object) for m in (n, size)]
    where = _layout(n)
    a, o = where(1)
    planes[a][:, o, o] = [Fraction(0), Fraction(0), Fraction(0), Fraction(-1)]
    for k, (q, rmod, cmod) in zip(range(2, n + 1), tables):
        ac, oc = where(k)
        ao, oo = where(k - 1)
        qq = q[np.ix_(rmod[:k], cmod[:k])]
        _exact_level(planes[ac], planes[ao], oc, oo, k, qq, corners)
    re = _assemble_exact(n, planes, corners, where)
    aT, bT, aO, bO = re
    if n >= 2 and n % 2 == 1:
        bO = [-x for x in bO]
    root = math.sqrt(D)
    L = math.sqrt(1 + D)
    T = np.array([float(x) + 1j * float(y) * root for x, y in zip(aT, bT)], np.complex128)
    O = np.array([(float(x) + 1j * float(y) * root) / L for x, y in zip(aO, bO)], np.complex128)
    field = (D, aT, bT, aO, bO, 1 + D)
    return TEmbedding(n, T, O, weights_kind=kind, exact=True, field=field, blocks=blocks)


def _exact_level(cur, oth, oc, oo, k, q, corners):
    """The step to order `k` on object arrays of Fractions (the same stencil as ``t_level``)."""
    p = 1 - q
    last = k - 1
    C = cur[:, oc : oc + k, oc : oc + k]
    nb = oth[:, oo : oo + k - 1, oo : oo + k - 1]  # order k - 1 blocks, local (i', j')
    if k > 2:
        inner = (slice(None), slice(1, last), slice(1, last))
        nn, ss = nb[:, :-1, :-1], nb[:, 1:, 1:]
        ww, ee = nb[:, 1:, :-1], nb[:, :-1, 1:]
        C[inner] = q[1:last, 1:last] * (ww + ee) + p[1:last, 1:last] * (nn + ss) - C[inner]
    cN, cE, cW, cS = corners[:, 1], corners[:, 0], corners[:, 2], corners[:, 3]
    C[:, 0, 0] = p[0, 0] * nb[:, 0, 0] + q[0, 0] * cN
    C[:, 0, last] = p[0, last] * cE + q[0, last] * nb[:, 0, last - 1]
    C[:, last, 0] = p[last, 0] * cW + q[last, 0] * nb[:, last - 1, 0]
    C[:, last, last] = p[last, last] * nb[:, last - 1, last - 1] + q[last, last] * cS
    if k > 2:
        mid = slice(1, last)
        C[:, 0, mid] = p[0, mid] * nb[:, 0, 1:] + q[0, mid] * nb[:, 0, :-1]
        C[:, last, mid] = p[last, mid] * nb[:, last - 1, :-1] + q[last, mid] * nb[:, last - 1, 1:]
        C[:, mid, 0] = p[mid, 0] * nb[:, 1:, 0] + q[mid, 0] * nb[:, :-1, 0]
        C[:, mid, last] = p[mid, last] * nb[:, :-1, last - 1] + q[mid, last] * nb[:, 1:, last - 1]


def _assemble_exact(n, planes, corners, where):
    g = index_grid(n)
    V = int(g.max()) + 1
    out = [[None] * V for _ in range(4)]
    for k in (n, n - 1):
        if k < 1:
            continue
        a, o = where(k)
        for i in range(k):
            for j in range(k):
                idx = g[n - (k - 1 - i - j), n + (j - i)]
                for t in range(4):
                    out[t][idx] = planes[a][t, o + i, o + j]
    for c, idx in enumerate(g[[n, 0, n, 2 * n], [2 * n, n, 0, n]].tolist()):
        for t in range(4):
            out[t][idx] = corners[t, c]
    return out


def _coords(n):
    g = index_grid(n)
    r, c = np.nonzero(g >= 0)  # row by row: the order of the indices
    out = np.stack([c - n, n - r], axis=1).astype(np.int64)
    out.setflags(write=False)
    return out


def _faces(n):
    """The inner faces: one quadrilateral per cell inside, then the four boundary faces NE, NW, SW, SE."""
    g = index_grid(n)
    r, c = np.mgrid[0 : 2 * n, 0 : 2 * n]
    cx, cy = c + 0.5 - n, n - r - 0.5
    inside = np.abs(cx) + np.abs(cy) <= n - 2 + 1e-9
    r, c = r[inside], c[inside]
    # corners (x, y) = (c - n, n - r - 1) and around, counter-clockwise; grid row n - y, column n + x
    quads = np.stack([g[r + 1, c], g[r + 1, c + 1], g[r, c + 1], g[r, c]], axis=1)
    white = (r + c) % 2 == 1
    chain = []
    for x in range(n - 1):
        chain += [(x, n - 1 - x), (x, n - 2 - x)]
    chain.append((n - 1, 0))
    ends = [((n, 0), (0, n)), ((0, n), (-n, 0)), ((-n, 0), (0, -n)), ((0, -n), (n, 0))]
    rings = []
    for e0, e1 in ends:
        pts = [e0, e1] + chain
        rings.append([int(g[n - y, n + x]) for x, y in pts])
        chain = [(-y, x) for x, y in chain]  # a quarter turn
    if n == 1:
        ring_white = [True, False, True, False]  # the four cells themselves: (0, 1) is white
    else:
        ring_white = [n % 2 == 0, n % 2 == 1, n % 2 == 0, n % 2 == 1]  # NE: the cell (1, n)
    sizes = np.concatenate([np.full(len(quads), 4), [len(x) for x in rings]])
    indptr = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    indices = np.concatenate([quads.ravel()] + [np.asarray(x) for x in rings]).astype(np.int64)
    return TFaces(indptr, indices, np.concatenate([white, ring_white]).astype(bool))
