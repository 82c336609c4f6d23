"""Periodic weights and their spectral curve ``P(z, w) = det K(z, w)``.

A *periodic weighting* of the square grid (the dimer model on the cells, black
when ``(row + col) % 2 == 0``) repeats a fundamental domain of ``k x l`` cells
with ``k`` and ``l`` even, so that translations by a period keep the colours:
:class:`WeightPattern`. Its Kasteleyn matrix on the torus of one fundamental
domain, with every edge crossing the left-right seam multiplied by ``z**(+-1)``
and every edge crossing the top-bottom seam by ``w**(+-1)`` (the *magnetically
altered* matrix ``K(z, w)``), has the determinant ``P(z, w)``, a Laurent
polynomial: the *characteristic polynomial*, whose zero set is the *spectral
curve* [1]_. :func:`spectral_curve` computes it with exact coefficients for exact
weights (ints, Fractions, sympy expressions), its Newton polygon, its genus and
its real points.

Conventions
-----------
Rows of ``K`` are the black cells of the domain, columns the white cells, both in
row-major order. Horizontal edges carry their weight, vertical edges their weight
times ``(-1)**col`` (the library's plane Kasteleyn signs, see
:func:`dominotiling.kasteleyn.kasteleyn_signs`; with ``l`` even they satisfy
Kasteleyn's condition on every face of the torus). An edge from a black cell to a
white cell in the copy of the domain ``X`` periods to the right and ``Y`` periods
down carries ``z**X * w**Y``. The monomial ``z**a w**b`` of ``P`` collects the
perfect matchings of the torus with net horizontal flux ``a`` (dimers crossing the
left-right seam with the black cell on the left, minus those with the black cell on
the right) and net vertical flux ``b`` (black cell on top minus black cell below).

.. _slope-convention:

**Slopes: the one convention of the theory.** A slope ``(s, t)`` is the mean change
of the library's own heights, :meth:`Tiling.height_function` (Thurston's, ``+-1``
along a lattice edge no domino crosses, ``-+3`` along a domino's middle edge), per
column to the right (``s``) and per row downwards (``t``). The four brick walls,
every black cell's domino pointing the same way, have the slopes

=========================  ==========
black cells' dominoes      ``(s, t)``
=========================  ==========
east                       ``(0, 2)``
west                       ``(0, -2)``
south                      ``(-2, 0)``
north                      ``(2, 0)``
=========================  ==========

and, since a slope is linear in the placement probabilities, a translation-invariant
measure whose black cells' dominoes point east, west, south, north with (mean)
probabilities ``p_E, p_W, p_S, p_N`` has the slope

.. math::

    s = 2 (p_N - p_S), \\qquad t = 2 (p_E - p_W).

A flux ``(a, b)`` per ``k x l`` domain is the slope ``(s, t) = (-4 b / l, 4 a / k)``
(``a`` counts east-pointing dominoes across a vertical seam, ``k / 2`` for the
east brick wall). The uniform model's Newton polygon is the square
``|s| + |t| <= 2``. :meth:`SpectralCurve.slope` and :meth:`SpectralCurve.flux`
convert, and every function of :mod:`dominotiling.theory` (Gibbs measures, surface
tension, phases, limit shapes) reports and accepts slopes in this convention; the
tests tie each of them to the heights of actual tilings
(``tests/theory/test_slope_convention.py``).

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056.
.. [2] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.
.. [3] W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97 (1990), 757-773.

Examples
--------
>>> from dominotiling.theory import spectral_curve, WeightPattern
>>> curve = spectral_curve(WeightPattern.uniform())
>>> curve.polynomial
w + z + 4 + 1/z + 1/w
>>> curve.newton_polygon
((0, -1), (1, 0), (0, 1), (-1, 0))
>>> curve.genus
1
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .. import _validate
from ..errors import DominoTilingError, DominoTypeError, WeightError
from ..model.weighting import weighting
from ..model.weights import Weights

__all__ = ["WeightPattern", "weight_pattern", "SpectralCurve", "spectral_curve"]


def _sympy():
    import sympy

    return sympy


class WeightPattern:
    """Periodic weights: a fundamental domain of ``k x l`` cells (``k``, ``l`` even) repeated over the plane.

    ``WeightPattern(horizontal, vertical)`` takes the edge form of
    :meth:`dominotiling.weights.Weights.periodic`: ``horizontal[r % kh, c % lh]``
    weighs the domino on cells ``(r, c)-(r, c + 1)`` and ``vertical[r % kv, c % lv]``
    the one on ``(r, c)-(r + 1, c)``. The fundamental domain is the least common
    multiple of the two patterns' sizes and 2 in each direction (translations by an
    odd number of cells would swap the colours).

    Parameters
    ----------
    horizontal, vertical : array_like, 2-D
        Non-negative weights: ints, Fractions, floats or sympy expressions (one
        kind for all, as in :class:`~dominotiling.weights.Weights`).

    Raises
    ------
    WeightError
        For a negative, NaN or infinite weight (the message names it).
    DominoTypeError
        For a weight that is not a number.

    Notes
    -----
    The other constructors: :meth:`uniform`, :meth:`two_periodic`,
    :meth:`from_faces` (face weights, as ``Weights.periodic(faces=...)``) and
    :meth:`from_weights` (a :class:`~dominotiling.weights.Weights` whose values
    repeat; the smallest period is found).

    See Also
    --------
    weight_pattern, spectral_curve

    Examples
    --------
    >>> p = WeightPattern([[1, 2]], [[3]])
    >>> p.shape, p.kind
    ((2, 2), 'int')
    >>> p.horizontal.tolist(), p.vertical.tolist()
    ([[1, 2], [1, 2]], [[3, 3], [3, 3]])
    """

    __slots__ = ("_k", "_l", "_h", "_v", "_kind")
    #: Says to :func:`dominotiling.model.weighting.weighting` (below this wing) what this is.
    _weight_pattern = True

    def __init__(self, horizontal, vertical):
        hp = (
            np.asarray(horizontal, dtype=object)
            if not isinstance(horizontal, np.ndarray)
            else horizontal
        )
        vp = (
            np.asarray(vertical, dtype=object) if not isinstance(vertical, np.ndarray) else vertical
        )
        for name, p in (("horizontal", hp), ("vertical", vp)):
            if p.ndim != 2 or p.size == 0:
                raise WeightError(
                    f"the {name} pattern must be a non-empty 2-D array, got shape {p.shape}"
                )
        k = math.lcm(hp.shape[0], vp.shape[0], 2)
        l = math.lcm(hp.shape[1], vp.shape[1], 2)
        w = Weights.periodic(
            (k + 1, l + 1), horizontal, vertical
        )  # checks and converts every value
        self._init(k, l, w.kind, w.horizontal[:k, :l], w.vertical[:k, :l])

    def _init(self, k, l, kind, h, v):
        self._k, self._l, self._kind = k, l, kind
        h, v = np.array(h), np.array(v)
        h.setflags(write=False)
        v.setflags(write=False)
        self._h, self._v = h, v

    @classmethod
    def _new(cls, k, l, kind, h, v):
        self = object.__new__(cls)
        self._init(k, l, kind, h, v)
        return self

    @classmethod
    def uniform(cls):
        """Every domino weighs 1: the fundamental domain of 2 x 2 cells.

        Examples
        --------
        >>> WeightPattern.uniform().shape
        (2, 2)
        """
        return cls([[1]], [[1]])

    @classmethod
    def from_faces(cls, faces):
        """Face weights: ``faces[i % k, j % l]`` on the lattice point ``(i, j)``, as ``Weights.periodic(faces=...)``.

        A domino weighs the product of the weights of the two end points of the unit
        segment its cells share.

        Examples
        --------
        >>> WeightPattern.from_faces([[1, 2], [3, 1]]).horizontal.tolist()
        [[2, 3], [2, 3]]
        """
        f = np.asarray(faces, dtype=object)
        if f.ndim != 2 or f.size == 0:
            raise WeightError(f"faces must be a non-empty 2-D array, got shape {f.shape}")
        k, l = math.lcm(f.shape[0], 2), math.lcm(f.shape[1], 2)
        w = Weights.periodic((k + 1, l + 1), faces=faces)
        return cls._new(k, l, w.kind, w.horizontal[:k, :l], w.vertical[:k, :l])

    @classmethod
    def two_periodic(cls, a, b):
        """The two-periodic weighting of Chhita and Johansson [1]_: faces ``[[1, b], [a, 1]]``.

        Every domino weighs ``a`` or ``b``; the four around a weighted face weigh the
        same. It matches :func:`~dominotiling.sample_aztec` with ``weights=(a, b)`` on
        Aztec diamonds of even order (``Weights.periodic(..., faces=[[1, b], [a, 1]])``).
        With ``a == b`` it is the uniform measure.

        References
        ----------
        .. [1] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
           diamond", Adv. Math. 294 (2016), 37-149.

        Examples
        --------
        >>> p = WeightPattern.two_periodic(2, 1)
        >>> p.horizontal.tolist(), p.vertical.tolist()
        ([[1, 2], [1, 2]], [[2, 2], [1, 1]])
        """
        return cls.from_faces([[1, b], [a, 1]])

    @classmethod
    def from_weights(cls, weights):
        """The pattern of a :class:`~dominotiling.weights.Weights` that repeats: the smallest period is found.

        Raises
        ------
        WeightError
            If the weights show no period that repeats at least twice in each
            direction (``"not periodic"``): give the fundamental domain with
            ``WeightPattern(horizontal, vertical)`` instead.

        Examples
        --------
        >>> from dominotiling.weights import Weights
        >>> w = Weights.periodic((8, 8), faces=[[1, 3], [2, 1]])
        >>> WeightPattern.from_weights(w) == WeightPattern.two_periodic(2, 3)
        True
        """
        _validate.instance(weights, "weights", Weights, "build one with Weights.periodic(...)")
        h, v = weights.horizontal, weights.vertical
        periods = []
        for axis, name in ((0, "rows"), (1, "columns")):
            lens = (h.shape[axis], v.shape[axis])
            found = None
            for p in range(1, max(lens) + 1):
                if 2 * p > max(lens) or p > min(lens):
                    break
                if all(_periodic_along(a, p, axis) for a in (h, v)):
                    found = p
                    break
            if found is None:
                raise WeightError(
                    f"the weights of shape {weights.shape} are not periodic along the {name}: no period "
                    "repeats at least twice; give the fundamental domain with "
                    "WeightPattern(horizontal, vertical) or WeightPattern.from_faces(faces)"
                )
            periods.append(found)
        kp, lp = periods
        return cls(h[:kp, :lp], v[:kp, :lp])

    # ------------------------------------------------------------- values
    @property
    def shape(self):
        """``(k, l)``: the fundamental domain's rows and columns (both even)."""
        return (self._k, self._l)

    @property
    def kind(self):
        """``"int"``, ``"fraction"``, ``"float"`` or ``"symbolic"``, as for :class:`~dominotiling.weights.Weights`."""
        return self._kind

    @property
    def horizontal(self):
        """Read-only ``(k, l)`` array: ``[r, c]`` weighs the domino ``(r, c)-(r, c + 1)`` (columns mod ``l``)."""
        return self._h

    @property
    def vertical(self):
        """Read-only ``(k, l)`` array: ``[r, c]`` weighs the domino ``(r, c)-(r + 1, c)`` (rows mod ``k``)."""
        return self._v

    @property
    def n_cells(self):
        """``k * l``: cells per fundamental domain."""
        return self._k * self._l

    def as_float(self):
        """``(horizontal, vertical)`` as float64 arrays (symbolic weights without free symbols are evaluated)."""
        k, l = self.shape
        w = Weights.periodic((k + 1, l + 1), self._h, self._v)
        h, v = w.as_float()
        return np.array(h[:k, :l]), np.array(v[:k, :l])

    def symbols(self):
        """The free sympy symbols of the weights (``()`` unless symbolic)."""
        if self._kind != "symbolic":
            return ()
        k, l = self.shape
        return Weights.periodic((k + 1, l + 1), self._h, self._v).symbols()

    def is_positive(self):
        """True when every weight is a positive number (needed by amoebas, Ronkin functions, Gibbs measures)."""
        if self.symbols():
            return False
        h, v = self.as_float()
        return bool((h > 0).all() and (v > 0).all())

    def check_positive(self, what):
        """Raise unless every weight is a positive number; `what` names the computation."""
        if self.symbols():
            raise DominoTypeError(
                f"{what} needs numeric weights, but these are symbolic (in "
                f"{', '.join(map(str, self.symbols()))}); substitute numbers first"
            )
        h, v = self.as_float()
        for name, a in (("horizontal", h), ("vertical", v)):
            bad = np.argwhere(~(a > 0))
            if len(bad):
                r, c = bad[0]
                raise WeightError(
                    f"{what} needs positive weights, but the {name} weight at {(int(r), int(c))} of the "
                    f"fundamental domain is {a[r, c]}; a zero weight makes the Gibbs measures degenerate "
                    "(give it a small positive weight, or use a smaller pattern)"
                )
        self.check_float_range(what)

    #: The float routes of the theory take weights within this factor of 1, and of each other.
    FLOAT_RANGE = 1e30

    def check_float_range(self, what):
        """Refuse weights the float routes cannot serve: sizes or ratios beyond :attr:`FLOAT_RANGE`.

        The spectral curve's coefficients are products of ``k l / 2`` weights and its
        roots, Ronkin integrals and residues take their ratios; past ``1e30`` (a ratio of
        ``1e60`` between two coefficients) double precision has no digit left, and the
        phases, amoebas and fields came out NaN or wrong. Multiplying every weight by one
        factor changes no probability, slope or phase (``sigma`` moves by half its
        logarithm per cell), so sizes are cured by rescaling; ratios are not.
        """
        h, v = self.as_float()
        vals = np.concatenate([h.ravel(), v.ravel()])
        vals = vals[vals > 0]
        if not vals.size:
            return
        lo, hi = float(vals.min()), float(vals.max())
        big = self.FLOAT_RANGE
        if hi / lo > big:
            raise WeightError(
                f"{what}: double precision cannot hold weights whose ratio is "
                f"{hi / lo:.3g} (largest {hi:.3g}, smallest {lo:.3g}; at most {big:.0e}): the "
                "spectral curve's coefficients would differ by more than 1e60 and every digit of its "
                "roots would be lost; such weights are frozen at any precision worth having -- use "
                "a ratio of at most 1e30"
            )
        if hi > big or lo < 1 / big:
            raise WeightError(
                f"{what}: weights of size {hi if hi > big else lo:.3g} overflow double precision "
                f"here (the sizes must lie within 1e-30 and 1e30); divide every weight by one "
                "factor, e.g. by the largest: that changes no probability, slope or phase "
                "(sigma moves by half the factor's logarithm per cell)"
            )

    def __eq__(self, other):
        if not isinstance(other, WeightPattern):
            return NotImplemented
        return (
            self.shape == other.shape
            and self._kind == other._kind
            and self._h.tolist() == other._h.tolist()
            and self._v.tolist() == other._v.tolist()
        )

    def __hash__(self):
        return hash(
            (
                self.shape,
                self._kind,
                tuple(self._h.ravel().tolist()),
                tuple(self._v.ravel().tolist()),
            )
        )

    def __repr__(self):
        return f"<WeightPattern {self._k}x{self._l} cells, {self._kind}>"


def _periodic_along(a, p, axis):
    n = a.shape[axis]
    if p >= n:
        return True
    x = np.take(a, range(p, n), axis=axis)
    y = np.take(a, range(0, n - p), axis=axis)
    return x.tolist() == y.tolist()


def weight_pattern(weights_pattern, *, region=None):
    """A :class:`WeightPattern` from any spelling of a weighting (:mod:`dominotiling.model.weighting`).

    Parameters
    ----------
    weights_pattern : None, (a, b), WeightPattern, (horizontal, vertical), Weights or SpectralCurve
        None is the uniform weighting; ``(a, b)`` the two-periodic model
        ``WeightPattern.two_periodic(a, b)``; a :class:`~dominotiling.Weights` must
        repeat (:meth:`WeightPattern.from_weights`); a tuple of two 2-D arrays is the
        edge form. The table of spellings: :ref:`weight-spellings`.
    region : Region, optional, keyword-only
        The region the pattern is for (a limit shape's): on ``Region.aztec_diamond(n)``
        the two-periodic pair and the diamond's block arrays are placed as the Aztec
        functions place them.

    Returns
    -------
    WeightPattern

    Raises
    ------
    DominoTypeError
        For anything else (the message names the spellings).

    See Also
    --------
    WeightPattern, spectral_curve

    Examples
    --------
    >>> weight_pattern(None) == WeightPattern.uniform()
    True
    >>> weight_pattern((1, 2)) == WeightPattern.two_periodic(1, 2)
    True
    """
    if isinstance(weights_pattern, WeightPattern):
        return weights_pattern
    if isinstance(weights_pattern, SpectralCurve):
        return weights_pattern.pattern
    read = weighting(weights_pattern, name="weights")
    if read.kind == "uniform":
        return WeightPattern.uniform()
    if read.kind == "weights" and region is None:
        return WeightPattern.from_weights(read.value)
    edges = read.edges(region)
    if isinstance(edges, Weights):  # not periodic on the region: say so as from_weights does
        return WeightPattern.from_weights(edges)
    pattern = WeightPattern(*edges)
    k, l = pattern.shape
    if read.kind != "pattern" and (k > 2 or l > 2):  # the smallest period
        return WeightPattern.from_weights(
            Weights.periodic((2 * k, 2 * l), pattern.horizontal, pattern.vertical)
        )
    return pattern


# ------------------------------------------------------------ the Kasteleyn matrix
def _torus_edges(k, l):
    """The edges of the magnetically altered Kasteleyn matrix of a ``k x l`` domain.

    Returns a list of ``(black, white, orientation, anchor_row, anchor_col, sign, X, Y)``:
    row/column indices into the black and white cells (row-major), ``"h"`` or ``"v"``,
    the anchor of the placement's weight in the pattern, the Kasteleyn sign and the
    powers of ``z`` and ``w``.
    """
    blacks = [(r, c) for r in range(k) for c in range(l) if (r + c) % 2 == 0]
    whites = [(r, c) for r in range(k) for c in range(l) if (r + c) % 2 == 1]
    wi = {cell: i for i, cell in enumerate(whites)}
    edges = []
    for bi, (r, c) in enumerate(blacks):
        sv = -1 if c % 2 else 1
        edges.append((bi, wi[(r, (c + 1) % l)], "h", r, c, 1, 1 if c + 1 == l else 0, 0))
        edges.append((bi, wi[(r, (c - 1) % l)], "h", r, (c - 1) % l, 1, -1 if c == 0 else 0, 0))
        edges.append((bi, wi[((r + 1) % k, c)], "v", r, c, sv, 0, 1 if r + 1 == k else 0))
        edges.append((bi, wi[((r - 1) % k, c)], "v", (r - 1) % k, c, sv, 0, -1 if r == 0 else 0))
    return blacks, whites, edges


class SpectralCurve:
    """The characteristic polynomial ``P(z, w)`` of a periodic weighting, with its Newton polygon.

    Built by :func:`spectral_curve`; see the module docstring for the conventions.

    Attributes
    ----------
    pattern : WeightPattern
    polynomial : sympy.Expr
        ``P(z, w)`` as a Laurent polynomial in the symbols :attr:`z`, :attr:`w`
        (exact coefficients for exact weights).
    coefficients : dict
        ``{(a, b): coefficient}`` of ``z**a w**b``, nonzero ones only, in the
        weights' exact type (Python ints, Fractions or sympy expressions; floats for
        float weights).
    newton_polygon : tuple of (int, int)
        The vertices of the convex hull of the exponents, counter-clockwise from the
        lowest-then-leftmost ``(a, b)``.
    genus : int
        The number of interior lattice points of the Newton polygon: the
        *arithmetic* genus, the curve's genus when it is smooth (generic weights).
        A real node (an oval shrunk to a point, as ``(z, w) = (-1, -1)`` for
        uniform weights) lowers the geometric genus by one:
        :attr:`geometric_genus` counts them.

    See Also
    --------
    spectral_curve, WeightPattern, amoeba

    Examples
    --------
    >>> from dominotiling.theory import spectral_curve
    >>> curve = spectral_curve(None)
    >>> curve.genus, len(curve.newton_polygon)
    (1, 4)
    """

    def __init__(self, pattern, coefficients, polynomial, z, w):
        self.pattern = pattern
        self.coefficients = coefficients
        self.polynomial = polynomial
        self.z, self.w = z, w
        k, l = pattern.shape
        self._box = (-(k // 2), -(l // 2))
        pts = sorted(coefficients)
        self.newton_polygon = _convex_hull(pts)
        inner, boundary = _lattice_points(self.newton_polygon)
        self.interior_points = tuple(inner)
        self.boundary_points = tuple(boundary)
        self.genus = len(inner)
        self._float = None

    # ---------------------------------------------------------------- conversions
    @property
    def shape(self):
        """``(k, l)`` of the fundamental domain."""
        return self.pattern.shape

    def slope(self, a, b):
        """Thurston slope ``(s, t) = (-4 b / l, 4 a / k)`` of the flux ``(a, b)`` (arrays welcome).

        The library's one slope convention (the module docstring, "Slopes"): the flux
        ``(1, 0)`` of the uniform model is the east brick wall, ``t = 2``.

        Examples
        --------
        >>> spectral_curve(None).slope(1, 0)
        (0.0, 2.0)
        """
        k, l = self.shape
        return (
            -4.0 * np.asarray(b, dtype=float) / l + 0.0 if np.ndim(b) else -4.0 * b / l + 0.0,
            4.0 * np.asarray(a, dtype=float) / k + 0.0 if np.ndim(a) else 4.0 * a / k + 0.0,
        )

    def flux(self, s, t):
        """Flux ``(a, b) = (k t / 4, -l s / 4)`` of the Thurston slope ``(s, t)`` (arrays welcome).

        Examples
        --------
        >>> spectral_curve(None).flux(0.0, 2.0)
        (1.0, 0.0)
        """
        k, l = self.shape
        return (
            k * np.asarray(t, dtype=float) / 4 + 0.0 if np.ndim(t) else k * t / 4 + 0.0,
            -l * np.asarray(s, dtype=float) / 4 + 0.0 if np.ndim(s) else -l * s / 4 + 0.0,
        )

    def tension_gradient(self, x, y):
        """``grad sigma = (d sigma / ds, d sigma / dt) = (-y / (4 k), x / (4 l))`` of the field ``(x, y)``.

        The gradient of the surface tension per cell at the slope of the Gibbs measure
        of the magnetic field ``(x, y)`` (Legendre duality: ``grad R* = (x, y)`` in
        fluxes, and ``(a, b) = (k t / 4, -l s / 4)``). Arrays welcome.

        Examples
        --------
        >>> spectral_curve(None).tension_gradient(0.4, 0.0)
        (0.0, 0.05)
        """
        k, l = self.shape
        return (
            (
                -np.asarray(y, dtype=float) / (4 * k) + 0.0,
                np.asarray(x, dtype=float) / (4 * l) + 0.0,
            )
            if np.ndim(x) or np.ndim(y)
            else (-y / (4 * k) + 0.0, x / (4 * l) + 0.0)
        )

    def gradient_field(self, gs, gt):
        """The field ``(x, y) = (4 l gt, -4 k gs)`` whose Gibbs measure has ``grad sigma = (gs, gt)``."""
        k, l = self.shape
        return 4 * l * np.asarray(gt, dtype=float) + 0.0, -4 * k * np.asarray(gs, dtype=float) + 0.0

    def slope_polygon(self):
        """The Newton polygon's vertices in Thurston slopes ``(s, t)`` per cell, as an ``(n, 2)`` float array."""
        return np.array([self.slope(a, b) for a, b in self.newton_polygon], dtype=float)

    # ---------------------------------------------------------------- numbers
    def as_poly(self):
        """``z**(k/2) w**(l/2) P(z, w)`` as a :class:`sympy.Poly` in ``z, w`` (a polynomial: no negative powers).

        Examples
        --------
        >>> spectral_curve(None).as_poly().as_expr()
        w**2*z + w*z**2 + 4*w*z + w + z
        """
        sp = _sympy()
        k, l = self.shape
        return sp.Poly(
            sp.expand(self.polynomial * self.z ** (k // 2) * self.w ** (l // 2)), self.z, self.w
        )

    def float_coefficients(self):
        """``(C, a0, b0)``: float array with ``P = sum C[i, j] z**(i + a0) w**(j + b0)``, trimmed to the support."""
        if self._float is None:
            if self.pattern.symbols():
                self.pattern.check_positive("the float coefficients of P")
            self.pattern.check_float_range("the float coefficients of P")
            pts = list(self.coefficients)
            a0 = min(a for a, _ in pts)
            b0 = min(b for _, b in pts)
            a1 = max(a for a, _ in pts)
            b1 = max(b for _, b in pts)
            C = np.zeros((a1 - a0 + 1, b1 - b0 + 1))
            for (a, b), c in self.coefficients.items():
                C[a - a0, b - b0] = float(c)
            C.setflags(write=False)
            self._float = (C, a0, b0)
        return self._float

    def evaluate(self, z, w):
        """``P(z, w)`` for complex arrays (broadcast), from the float coefficients.

        Examples
        --------
        >>> float(spectral_curve(None).evaluate(1.0, 1.0).real)
        8.0
        """
        C, a0, b0 = self.float_coefficients()
        z = np.asarray(z, dtype=complex)
        w = np.asarray(w, dtype=complex)
        out = np.zeros(np.broadcast(z, w).shape, dtype=complex)
        for i in range(C.shape[0] - 1, -1, -1):
            row = np.zeros_like(out)
            for j in range(C.shape[1] - 1, -1, -1):
                row = row * w + C[i, j]
            out = out * z + row
        return out * z**a0 * w**b0

    def singular_points(self):
        """The singular points ``(z, w)`` of the curve in ``(C*)^2``: ``P = dP/dz = dP/dw = 0``, exactly.

        For positive weights the curve is a Harnack curve, whose only singularities
        are real nodes (ovals shrunk to a point, Kenyon, Okounkov and Sheffield [1]_),
        each lowering the geometric genus by one.

        Returns
        -------
        list of (sympy number, sympy number)

        Raises
        ------
        DominoTilingError
            For float weights (give ints or Fractions: the points are found exactly)
            or symbolic ones (see :meth:`node_condition`).

        References
        ----------
        .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of
           Math. 163 (2006), 1019-1056.

        Examples
        --------
        >>> spectral_curve(None).singular_points()       # the uniform curve's real node
        [(-1, -1)]
        >>> spectral_curve(WeightPattern.two_periodic(2, 1)).singular_points()
        []
        """
        if self.pattern.kind not in ("int", "fraction"):
            raise DominoTilingError(
                f"singular points are found exactly, for int or Fraction weights; these are "
                f"{self.pattern.kind} (for symbolic weights, node_condition() gives the condition)"
            )
        sp = _sympy()
        P = self.as_poly().as_expr()
        z, w = self.z, self.w
        sols = sp.solve([P, sp.diff(P, z), sp.diff(P, w)], [z, w], dict=True)
        pts = {(s_[z], s_[w]) for s_ in sols if s_.get(z, 0) != 0 and s_.get(w, 0) != 0}
        return sorted(pts, key=lambda p: (sp.re(p[0]), sp.im(p[0]), sp.re(p[1]), sp.im(p[1])))

    def node_condition(self):
        """For symbolic weights: the condition on the symbols under which the curve has a singular point.

        The eliminant of ``P = z dP/dz = w dP/dw = 0`` (with ``z w != 0``) by a
        lexicographic Groebner basis, factored, keeping the factors that can vanish
        for positive symbols: the curve is singular exactly where it is 0.

        Returns
        -------
        sympy.Expr
            ``0`` would mean "always singular"; ``1`` "never".

        Examples
        --------
        >>> import sympy
        >>> a, b = sympy.symbols("a b", positive=True)
        >>> spectral_curve(WeightPattern.two_periodic(a, b)).node_condition()
        a - b
        """
        sp = _sympy()
        P = self.as_poly().as_expr()
        z, w = self.z, self.w
        params = sorted(P.free_symbols - {z, w}, key=str)
        if not params:
            return sp.Integer(0 if self.singular_points() else 1)
        t = sp.Symbol("_t")
        basis = sp.groebner(
            [P, sp.expand(z * sp.diff(P, z)), sp.expand(w * sp.diff(P, w)), t * z * w - 1],
            t,
            z,
            w,
            *params,
            order="lex",
        )
        eliminant = [g for g in basis.exprs if not (g.free_symbols & {t, z, w})]
        if not eliminant:
            return sp.Integer(0)
        _, factors = sp.factor_list(eliminant[0])
        keep = [f for f, _ in factors if not (f.is_positive or (-f).is_positive)]
        return sp.Mul(*keep) if keep else sp.Integer(1)

    @property
    def geometric_genus(self):
        """The genus of the curve's normalisation: :attr:`genus` minus its nodes.

        Ints and Fractions: ``genus - len(singular_points())`` (a Harnack curve's
        singular points are nodes). Symbolic weights: ``Piecewise((genus - 1,
        Eq(condition, 0)), (genus, True))`` with :meth:`node_condition`, for
        curves that gain one node there, as the two-periodic curve does (one node,
        at ``(-1, -1)``, when ``a = b``). Floats: not determined (an error).

        Examples
        --------
        >>> import sympy
        >>> spectral_curve(None).genus, spectral_curve(None).geometric_genus
        (1, 0)
        >>> a, b = sympy.symbols("a b", positive=True)
        >>> spectral_curve(WeightPattern.two_periodic(a, b)).geometric_genus
        Piecewise((0, Eq(a, b)), (1, True))
        """
        if self.pattern.kind == "symbolic":
            sp = _sympy()
            cond = self.node_condition()
            if cond == 1:
                return self.genus
            where = sp.Eq(cond, 0)
            first = sorted(cond.free_symbols, key=str)
            roots = sp.solve(cond, first[0]) if first else []
            if len(roots) == 1:  # a - b = 0 reads a = b
                where = sp.Eq(first[0], roots[0])
            return sp.Piecewise((self.genus - 1, where), (self.genus, True))
        return self.genus - len(self.singular_points())

    def kasteleyn(self, z, w):
        """The magnetically altered Kasteleyn matrices ``K(z, w)`` for arrays ``z``, ``w``: shape ``(..., n, n)``."""
        return _kasteleyn_numeric(self.pattern, z, w)

    def __repr__(self):
        k, l = self.shape
        return (
            f"<SpectralCurve of a {k}x{l} domain: {len(self.coefficients)} monomials, "
            f"Newton polygon {list(self.newton_polygon)}, genus {self.genus}>"
        )

    def _repr_latex_(self):
        return "$P(z, w) = " + _sympy().latex(self.polynomial) + "$"


def _kasteleyn_numeric(pattern, z, w):
    blacks, whites, edges = _torus_edges(*pattern.shape)
    h, v = pattern.as_float()
    z = np.asarray(z, dtype=complex)
    w = np.asarray(w, dtype=complex)
    shape = np.broadcast(z, w).shape
    n = len(blacks)
    K = np.zeros(shape + (n, n), dtype=complex)
    for bi, wi, o, r, c, sign, X, Y in edges:
        weight = (h if o == "h" else v)[r, c] * sign
        K[..., bi, wi] += weight * z**X * w**Y
    return K


def _cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _convex_hull(points):
    pts = sorted(set(points), key=lambda p: (p[1], p[0]))
    if len(pts) <= 2:
        return tuple(pts)
    pts = sorted(set(points))
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and _cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and _cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = lower[:-1] + upper[:-1]
    start = min(range(len(hull)), key=lambda i: (hull[i][1], hull[i][0]))
    hull = hull[start:] + hull[:start]
    return tuple((int(a), int(b)) for a, b in hull)


def _lattice_points(hull):
    """``(interior, boundary)`` lattice points of a convex lattice polygon (CCW vertices)."""
    if len(hull) < 3:
        return [], list(hull)
    a0 = min(p[0] for p in hull)
    a1 = max(p[0] for p in hull)
    b0 = min(p[1] for p in hull)
    b1 = max(p[1] for p in hull)
    inner, boundary = [], []
    n = len(hull)
    for a in range(a0, a1 + 1):
        for b in range(b0, b1 + 1):
            cs = [_cross(hull[i], hull[(i + 1) % n], (a, b)) for i in range(n)]
            if all(c > 0 for c in cs):
                inner.append((a, b))
            elif all(c >= 0 for c in cs):
                boundary.append((a, b))
    return inner, boundary


def _exact_value(x, kind):
    if kind == "int":
        return int(x)
    if kind == "fraction":
        return Fraction(int(x.p), int(x.q)) if hasattr(x, "p") else Fraction(x)
    return x


def spectral_curve(weights_pattern=None):
    """The characteristic polynomial ``P(z, w) = det K(z, w)`` of a periodic weighting.

    Parameters
    ----------
    weights_pattern : None, WeightPattern, Weights or (horizontal, vertical)
        The periodic weights (:func:`weight_pattern`); None is uniform. Any kind:
        ints, Fractions and sympy expressions give exact coefficients, floats float
        ones. Zero weights are allowed here.

    Returns
    -------
    SpectralCurve
        With ``.polynomial`` (sympy, in symbols ``z`` and ``w``), ``.coefficients``,
        ``.newton_polygon``, ``.genus``, ``.interior_points``, ``.boundary_points``,
        and the conversions between fluxes and Thurston slopes.

    Raises
    ------
    WeightError, DominoTypeError
        For invalid weights (see :class:`WeightPattern`).
    DominoTilingError
        If ``P`` is identically zero (the weights allow no periodic tiling).

    Notes
    -----
    ``K(z, w)`` is ``n x n`` with ``n = k l / 2``. Each black row is multiplied by
    ``z w``, which makes the entries polynomials of degree at most 2 in each
    variable; the determinant is taken by sympy's fraction-free elimination over the
    polynomial ring of the coefficients (``ZZ[z, w]``, ``QQ[z, w]``, or with the
    weights' symbols), and ``(z w)**-n`` is divided out. Float weights take the
    same route with float coefficients (``RR[z, w]``). The exponents lie in
    ``|a| <= k / 2``, ``|b| <= l / 2``; the monomials of the corners of the Newton
    polygon are the frozen (brick-wall) tilings, one each.

    The signs make ``P`` real and, for positive weights, a Harnack curve [1]_: its
    real points map onto the boundary of the amoeba (:func:`amoeba`), and the
    torus partition functions are ``Z = (-+P(1, 1) + P(-1, 1) + P(1, -1) + P(-1, -1)) / 2``
    up to the signs of Kasteleyn's theorem on the torus.

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.

    See Also
    --------
    amoeba, ronkin, free_energy, surface_tension, gibbs_measure

    Examples
    --------
    The two-periodic weighting of Chhita and Johansson:

    >>> import sympy
    >>> a, b = sympy.symbols("a b", positive=True)
    >>> curve = spectral_curve(WeightPattern.two_periodic(a, b))
    >>> curve.coefficients[(0, 0)], curve.coefficients[(1, 0)], curve.coefficients[(0, -1)]
    (2*a**2 + 2*b**2, a*b, a*b)
    """
    pattern = weight_pattern(weights_pattern)
    sp = _sympy()
    from sympy.polys.matrices import DomainMatrix

    k, l = pattern.shape
    blacks, whites, edges = _torus_edges(k, l)
    n = len(blacks)
    z, w = sp.symbols("z w")
    kind = pattern.kind
    h, v = pattern.horizontal, pattern.vertical

    def sym(x):
        if kind == "fraction":
            return sp.Rational(x.numerator, x.denominator)
        if kind == "float":
            return sp.Float(float(x), 17)
        return sp.sympify(x)

    if kind == "float":
        return _float_curve(pattern, z, w)
    rows = [[sp.Integer(0)] * n for _ in range(n)]
    for bi, wi, o, r, c, sign, X, Y in edges:
        weight = sym((h if o == "h" else v)[r, c])
        rows[bi][wi] += sign * weight * z ** (X + 1) * w ** (Y + 1)
    flat = [sp.expand(e) for row in rows for e in row]
    dm = DomainMatrix.from_Matrix(sp.Matrix(n, n, flat))
    domain = dm.domain
    det = domain.to_sympy(dm.det())
    poly = sp.Poly(sp.expand(det), z, w)
    coefficients = {}
    for (ez, ew), c in poly.terms():
        c = sp.simplify(c) if kind == "symbolic" else c
        if c == 0:
            continue
        a, b = ez - n, ew - n
        coefficients[(a, b)] = (
            c if kind in ("symbolic",) else (float(c) if kind == "float" else _exact_value(c, kind))
        )
    if not coefficients:
        raise DominoTilingError(
            "P(z, w) is identically zero: these periodic weights allow no tiling of the torus; "
            "make more weights positive"
        )
    laurent = sp.Add(
        *[
            sp.sympify(
                c if not isinstance(c, Fraction) else sp.Rational(c.numerator, c.denominator)
            )
            * z**a
            * w**b
            for (a, b), c in coefficients.items()
        ]
    )
    return SpectralCurve(pattern, coefficients, laurent, z, w)


def _float_curve(pattern, z, w):
    """The curve of float weights: the support from the 0/1 pattern (exactly), the coefficients by FFT.

    With Kasteleyn's signs all matchings of one flux carry the same sign [1]_, so a
    coefficient is nonzero exactly when a matching of that flux uses only positive
    weights: the support is that of the pattern with every positive weight set to 1.
    The values come from ``det K`` at ``(k + 1) x (l + 1)`` points of the unit torus
    (roots of unity) and an inverse FFT; the rounding error is about ``1e-15`` times
    the largest ``|P|`` there.
    """
    sp = _sympy()
    h, v = pattern.as_float()
    ones = WeightPattern._new(
        *pattern.shape,
        "int",
        (h > 0).astype(np.int64).astype(object),
        (v > 0).astype(np.int64).astype(object),
    )
    support = spectral_curve(ones).coefficients if (h > 0).any() or (v > 0).any() else {}
    k, l = pattern.shape
    zs = np.exp(2j * np.pi * np.arange(k + 1) / (k + 1))
    ws = np.exp(2j * np.pi * np.arange(l + 1) / (l + 1))
    Z, W = np.meshgrid(zs, ws, indexing="ij")
    vals = np.linalg.det(_kasteleyn_numeric(pattern, Z, W)) * Z ** (k // 2) * W ** (l // 2)
    coef = (
        np.fft.fft2(vals) / vals.size
    )  # [i, j]: the coefficient of z**i w**j of z**(k/2) w**(l/2) P
    coefficients = {}
    for a, b in support:
        c = coef[a + k // 2, b + l // 2].real
        coefficients[(a, b)] = float(c)
    if not coefficients:
        raise DominoTilingError(
            "P(z, w) is identically zero: these periodic weights allow no tiling of the torus; "
            "make more weights positive"
        )
    laurent = sp.Add(*[sp.Float(c, 17) * z**a * w**b for (a, b), c in coefficients.items()])
    return SpectralCurve(pattern, coefficients, laurent, z, w)
