"""Weights: one weight per domino placement, for the weighted dimer model.

A :class:`Weights` object gives every domino placement of a region of shape
``(m, n)`` a non-negative weight: ``horizontal[r, c]`` (shape ``(m, n - 1)``) for
the domino on cells ``(r, c)-(r, c + 1)`` and ``vertical[r, c]`` (shape
``(m - 1, n)``) for the domino on cells ``(r, c)-(r + 1, c)``. The weight of a
tiling is the product of its dominoes' weights; the weighted count (partition
function) is the sum of the tilings' weights, and a weighted sample picks a tiling
with probability proportional to its weight. A weight of zero forbids its placement.

This is the edge-weighted dimer model on the grid graph whose vertices are the
cells [1]_. Values keep their exact type -- ``"int"`` (Python ints), ``"fraction"``
(:class:`fractions.Fraction`), ``"float"`` or ``"symbolic"`` (sympy expressions) --
so that counts with integer weights are exact integers and counts with symbolic
weights are polynomials. Weights are immutable: their arrays are read-only, and
equality and hashing look at the values.

Constructors: :meth:`Weights.uniform`, :meth:`Weights.by_orientation`,
:meth:`Weights.periodic` (edge or face patterns, e.g. the two-periodic Aztec
weighting [2]_), :meth:`Weights.random`, :meth:`Weights.from_function`,
:meth:`Weights.from_arrays`.

References
----------
.. [1] R. Kenyon, "Lectures on dimers", in Statistical Mechanics, IAS/Park City
   Math. Ser. 16, AMS (2009), 191-230; arXiv:0910.3129.
.. [2] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.model.weights import Weights
>>> w = Weights.by_orientation(Region.rectangle(2, 3), 2, 1)
>>> w.kind, w.shape
('int', (2, 3))
>>> w.horizontal.tolist(), w.vertical.tolist()
([[2, 2], [2, 2]], [[1, 1, 1]])
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from .. import _validate
from .._exact import decimal_string
from .._util import frozen
from ..errors import DominoTilingError, DominoTypeError, WeightError
from .weight_values import (
    DISTRIBUTIONS,
    INT64_MAX,
    KIND_RANK,
    array_shapes,
    as_array,
    check_budget,
    convert_array,
    entry_of,
    int_bytes,
    kind_dtype,
    log2_upper,
    normalise,
    object_array,
    placement_name,
    scalar_value,
    shape_of,
    sym_value,
    sympy_module,
    tile_pattern,
    to_kind,
)

__all__ = ["Weights"]


def _exact_ints(f, R, C, o, out, s):
    """`out` (fixed-width ints from ``f(R, C, o)``) if it did not wrap around, else the exact Python ints.

    Fixed-width arithmetic wraps silently (``4**R`` is 0 in int64 from ``R = 32``): `f`
    is called again on object arrays of Python ints, whose arithmetic is exact, and
    once per placement with Python ints if that fails.
    """
    try:
        exact = f(R.astype(object), C.astype(object), o)
    except Exception:
        exact = None
    if not (isinstance(exact, np.ndarray) and exact.shape == s):
        exact = object_array([f(r, c, o) for r in range(s[0]) for c in range(s[1])], s)
    exact = np.asarray(exact, dtype=object)
    same = all(
        type(y) is not float and x == y
        for x, y in zip(out.ravel().tolist(), exact.ravel().tolist())
    )
    return out if same else exact


def _float_product(vals, log):
    """The product of float64 `vals` with its exponent kept apart (no under- or overflow).

    Each step multiplies the mantissa by the next value and takes powers of two
    out (exact), so the rounding is that of the plain product; the result is a
    float when it fits, else the exact Fraction of the rounded product.
    """
    if (vals == 0).any():
        return -math.inf if log else 0.0
    mantissa, exponent = 1.0, 0
    for x in vals.tolist():
        mx, ex = math.frexp(x)  # exact; mantissas in [0.5, 1) cannot under- or overflow
        m, e = math.frexp(mantissa * mx)
        mantissa, exponent = m, exponent + e + ex
    if log:
        return math.log(mantissa) + exponent * math.log(2.0)
    if -1021 <= exponent <= 1024:  # a normal float64
        return math.ldexp(mantissa, exponent)
    return Fraction(mantissa) * Fraction(2) ** exponent


def _check_face_products(f, hp, vp):
    """Refuse face products of floats that under- or overflow float64 (0 would forbid a placement)."""
    k, l = len(f), len(f[0])
    for name, p, pair in (
        ("horizontal", hp, lambda i, j: ((i, (j + 1) % l), ((i + 1) % k, (j + 1) % l))),
        ("vertical", vp, lambda i, j: (((i + 1) % k, j), ((i + 1) % k, (j + 1) % l))),
    ):
        for i in range(k):
            for j in range(l):
                (a, b), (c, d) = pair(i, j)
                x, y = f[a][b], f[c][d]
                if (p[i][j] == 0.0 and x != 0 and y != 0) or math.isinf(p[i][j]):
                    how = (
                        "underflows to 0 (it would forbid the placement)"
                        if p[i][j] == 0
                        else "overflows"
                    )
                    raise WeightError(
                        f"the {name} weight of pattern position ({i}, {j}) is the product faces[{a}, {b}] * "
                        f"faces[{c}, {d}] = {x!r} * {y!r}, which {how} in float64; give the faces as "
                        "Fractions (exact), or scale them by one factor nearer 1"
                    )


def _unpickle(shape, kind, horizontal, vertical):
    # A pickle is trusted as it is (unpickling runs code anyway): no second check of every value.
    return Weights._new(shape, kind, horizontal, vertical)


class Weights:
    """One non-negative weight per domino placement of a region of shape ``(m, n)``.

    ``Weights(horizontal, vertical)`` is :meth:`from_arrays`; the class methods
    build the usual weightings. Every constructor takes a
    :class:`~dominotiling.Region` or a shape ``(m, n)`` first; the weights cover
    every placement of that shape, inside the region or not (placements outside a
    region are ignored by the functions that take both, see :meth:`allowed`).

    Parameters
    ----------
    horizontal : array_like, shape ``(m, n - 1)``
        ``horizontal[r, c]`` weighs the domino on cells ``(r, c)-(r, c + 1)``.
    vertical : array_like, shape ``(m - 1, n)``
        ``vertical[r, c]`` weighs the domino on cells ``(r, c)-(r + 1, c)``.

    Raises
    ------
    WeightError
        If the two shapes fit no region, or a weight is negative, NaN or infinite
        (the message names the placement and the value).
    DominoTypeError
        If a weight is not a number (complex, bool, text, ...).

    See Also
    --------
    Region, Tiling, count_tilings
    random_tiling

    Notes
    -----
    **Value types.** The kind of all weights is the most general type among them,
    and every weight is stored as that type: ``"int"`` (Python ints: an int64 array
    when all are below ``2**63``, else an object array of ints), ``"fraction"``
    (ints and Fractions mixed: an object array of Fractions), ``"float"`` (any float
    makes all weights float64 -- exactness is then gone), ``"symbolic"`` (any sympy
    object makes all weights sympy expressions). Numbers that are ``numbers.Integral``
    or ``numbers.Rational`` count as int or Fraction.

    **Immutability.** Numeric weights are kept in read-only views that cannot be
    made writeable again (``setflags(write=True)`` raises); :attr:`horizontal` and
    :attr:`vertical` return them without a copy. Object arrays (Fractions, big ints,
    sympy) cannot be exported through a read-only buffer, so they are kept privately
    and each access returns a read-only view of a fresh copy: the values are
    immutable Python objects, so nothing a caller does to it reaches the weights.
    Equality compares kind, shape and values; the hash is computed on demand and
    never pickled.

    **Zero weights** forbid a placement: a tiling using one has weight 0. For
    symbolic weights a placement is forbidden when sympy can tell its weight is zero
    (``expr.is_zero``, or ``sympy.expand(expr) == 0``).

    Examples
    --------
    >>> from fractions import Fraction
    >>> w = Weights([[1, Fraction(1, 2)], [2, 2]], [[3, 0, 1]])
    >>> w.shape, w.kind
    ((2, 3), 'fraction')
    >>> w.horizontal[0, 1], w.vertical[0, 0]
    (Fraction(1, 2), Fraction(3, 1))
    >>> Weights([[1, 2]], [[3, 0, 1]])     # a region of one row has no vertical placement
    Traceback (most recent call last):
    ...
    dominotiling.errors.WeightError: horizontal has shape (1, 2) and vertical (1, 3), which fit no region: ...
    """

    __slots__ = ("_shape", "_kind", "_h", "_v", "_hash", "_nonzero")

    def __init__(self, horizontal, vertical):
        h = as_array(horizontal, "horizontal")
        v = as_array(vertical, "vertical")
        m, n = h.shape[0], v.shape[1]
        if h.shape != (m, n - 1) or v.shape != (m - 1, n) or m < 1 or n < 1:
            raise WeightError(
                f"horizontal has shape {h.shape} and vertical {v.shape}, which fit no region: a region "
                "of shape (m, n) has horizontal weights of shape (m, n - 1) and vertical weights of shape "
                "(m - 1, n), e.g. (3, 3) and (2, 4) for a 3 x 4 region"
            )
        kind, (hh, vv) = normalise([(h, None, "h"), (v, None, "v")])
        self._init((m, n), kind, hh, vv)

    def _init(self, shape, kind, h, v):
        if kind == "int" and object in (
            h.dtype,
            v.dtype,
        ):  # canonical: both int64 when all fit, else both object
            hl, vl = h.ravel().tolist(), v.ravel().tolist()
            if all(x <= INT64_MAX for x in hl + vl):
                h, v = (
                    np.array(hl, dtype=np.int64).reshape(h.shape),
                    np.array(vl, dtype=np.int64).reshape(v.shape),
                )
            else:
                h, v = (
                    object_array([int(x) for x in hl], h.shape),
                    object_array([int(x) for x in vl], v.shape),
                )
        self._shape, self._kind = (int(shape[0]), int(shape[1])), kind
        self._h, self._v = (self._store(a) for a in (h, v))
        self._hash = None
        self._nonzero = None

    @staticmethod
    def _store(arr):
        if arr.dtype == object:
            arr = arr.copy()
            arr.setflags(write=False)
            return arr
        return frozen(arr)

    @classmethod
    def _new(cls, shape, kind, h, v):
        """Weights from already-checked arrays of `kind` (no validation)."""
        self = object.__new__(cls)
        self._init(shape, kind, h, v)
        return self

    @classmethod
    def _build(cls, shape, h, v, min_kind="int"):
        """Weights of `shape` from arrays of the right shapes, checked and converted."""
        kind, (hh, vv) = normalise(
            [(np.asarray(h), None, "h"), (np.asarray(v), None, "v")], min_kind
        )
        return cls._new(shape, kind, hh, vv)

    def __reduce__(self):
        # The values only: the hash is recomputed where the pickle is loaded (hashes of
        # strings, hence of sympy symbols, are salted per process) and the arrays frozen again.
        return (_unpickle, (self._shape, self._kind, np.array(self._h), np.array(self._v)))

    # ------------------------------------------------------------------ builders
    @classmethod
    def uniform(cls, region_or_shape):
        """Every placement weighs 1 (int): the uniform measure, plain counts.

        Examples
        --------
        >>> w = Weights.uniform((2, 2))
        >>> w.kind, w.horizontal.tolist(), w.is_uniform
        ('int', [[1], [1]], True)
        """
        shape = shape_of(region_or_shape)
        check_budget(shape, "int")
        hs, vs = array_shapes(shape)
        return cls._new(shape, "int", np.ones(hs, dtype=np.int64), np.ones(vs, dtype=np.int64))

    @classmethod
    def by_orientation(cls, region_or_shape, h, v):
        """Every horizontal placement weighs `h`, every vertical one `v`.

        With sympy symbols ``x, y`` the weighted count is the generating polynomial
        of the tilings by their numbers of horizontal and vertical dominoes.

        Parameters
        ----------
        region_or_shape : Region or (int, int)
        h, v : int, Fraction, float or sympy expression
            Non-negative; 0 forbids that orientation.

        Examples
        --------
        >>> import sympy
        >>> x, y = sympy.symbols("x y")
        >>> w = Weights.by_orientation((2, 2), x, y)
        >>> w.kind, w.symbols()
        ('symbolic', (x, y))
        >>> Weights.by_orientation((2, 2), 1, 0.5).kind   # any float makes all weights float
        'float'
        """
        shape = shape_of(region_or_shape)
        names = ("h (the horizontal weight)", "v (the vertical weight)")
        (kh, h), (kv, v) = scalar_value(h, names[0]), scalar_value(v, names[1])
        kind = max(kh, kv, key=KIND_RANK.get)
        h, v = to_kind(h, kind, names[0]), to_kind(v, kind, names[1])
        check_budget(shape, kind)
        hs, vs = array_shapes(shape)
        dtype = kind_dtype(kind, (h, v))
        return cls._new(shape, kind, np.full(hs, h, dtype=dtype), np.full(vs, v, dtype=dtype))

    @classmethod
    def periodic(cls, region_or_shape, horizontal=None, vertical=None, *, faces=None):
        """Weights repeating a ``k x l`` pattern: edge weights, or face weights with ``faces=``.

        Parameters
        ----------
        region_or_shape : Region or (int, int)
        horizontal, vertical : array_like, 2-D
            The edge form (the usual one for periodic dimer models [1]_): the
            horizontal placement anchored at cell ``(r, c)`` (its left cell) weighs
            ``horizontal[r % k, c % l]``, the vertical one anchored at ``(r, c)`` (its
            top cell) ``vertical[r % k', c % l']`` (the two patterns may differ in
            size). Give both, or `faces` instead.
        faces : array_like, 2-D, keyword-only
            The face form: ``faces[i % k, j % l]`` is the weight of the lattice point
            ``(i, j)`` (the top-left corner of cell ``(i, j)``), which is a face of the
            dual graph whose vertices are the cells. A domino crosses one unit segment
            -- the side its two cells share -- and weighs the product of the weights of
            that segment's two end points, i.e. of the two faces its dimer edge
            separates: the horizontal domino at ``(r, c)`` weighs
            ``faces[r, c + 1] * faces[r + 1, c + 1]``, the vertical one
            ``faces[r + 1, c] * faces[r + 1, c + 1]`` (indices mod ``(k, l)``). With
            weight 1 on every other face this is the convention "every edge around a
            face of weight ``a`` weighs ``a``" of the two-periodic Aztec diamond [2]_.

        Raises
        ------
        DominoTilingError
            If both forms or neither are given.
        WeightError
            If a pattern entry is negative, NaN or infinite (the message names it).

        Examples
        --------
        A 2 x 1 pattern of horizontal weights and constant vertical ones:

        >>> w = Weights.periodic((3, 3), [[1], [2]], [[5]])
        >>> w.horizontal.tolist(), w.vertical.tolist()
        ([[1, 1], [2, 2], [1, 1]], [[5, 5, 5], [5, 5, 5]])

        The two-periodic Aztec diamond of even order ``n`` with weights ``a, b``
        [2]_: the faces at lattice points ``(i, j)`` with ``i + j`` odd carry ``a``
        when ``i`` is odd and ``b`` when ``i`` is even (the other faces carry 1), so
        every domino of the diamond weighs ``a`` or ``b``, and the four placements
        around each weighted face weigh the same:

        >>> from dominotiling import Region
        >>> import sympy
        >>> a, b = sympy.symbols("a b", positive=True)
        >>> w = Weights.periodic(Region.aztec_diamond(2), faces=[[1, b], [a, 1]])
        >>> w.horizontal[0].tolist(), w.vertical[0].tolist(), w.vertical[1].tolist()
        ([b, a, b], [a, a, a, a], [b, b, b, b])

        (For odd ``n`` the weighted faces are those with ``i + j`` even: use
        ``faces=[[b, 1], [1, a]]``.) This matches the blocks of
        :func:`~dominotiling.sample_aztec` with ``weights=(a, b)``.
        """
        shape = shape_of(region_or_shape)
        if faces is not None:
            if horizontal is not None or vertical is not None:
                raise DominoTilingError(
                    "give either the edge patterns (horizontal, vertical) or faces=, not both"
                )
            f_arr = as_array(faces, "faces")
            if f_arr.size == 0:
                raise WeightError("faces must have at least one entry")
            kind, (f,) = normalise([(f_arr, entry_of("faces"), None)])
            f = f.tolist()
            k, l = len(f), len(f[0])
            hp = [
                [f[i][(j + 1) % l] * f[(i + 1) % k][(j + 1) % l] for j in range(l)]
                for i in range(k)
            ]
            vp = [
                [f[(i + 1) % k][j] * f[(i + 1) % k][(j + 1) % l] for j in range(l)]
                for i in range(k)
            ]
            if kind == "float":  # a product of two floats may leave float64's range
                _check_face_products(f, hp, vp)
            horizontal, vertical = (
                object_array([x for row in p for x in row], (k, l)) for p in (hp, vp)
            )
            labels = (
                lambda i, j: (
                    f"the product faces[{i}, {(j + 1) % l}] * faces[{(i + 1) % k}, {(j + 1) % l}]"
                ),
                lambda i, j: (
                    f"the product faces[{(i + 1) % k}, {j}] * faces[{(i + 1) % k}, {(j + 1) % l}]"
                ),
            )
        elif horizontal is None or vertical is None:
            raise DominoTilingError(
                "periodic() needs both edge patterns, horizontal and vertical, or faces="
            )
        else:
            labels = (entry_of("horizontal"), entry_of("vertical"))
        hp, vp = as_array(horizontal, "horizontal"), as_array(vertical, "vertical")
        for name, p in (("horizontal", hp), ("vertical", vp)):
            if p.size == 0:
                raise WeightError(
                    f"the {name} pattern must have at least one entry, got shape {p.shape}"
                )
        kind, (hp, vp) = normalise([(hp, labels[0], None), (vp, labels[1], None)])
        check_budget(shape, kind)
        hs, vs = array_shapes(shape)
        return cls._new(shape, kind, tile_pattern(hp, hs), tile_pattern(vp, vs))

    @classmethod
    def random(cls, region_or_shape, dist, *, seed=None, **params):
        """Independent random weights, one per placement.

        Parameters
        ----------
        region_or_shape : Region or (int, int)
        dist : {"bernoulli", "uniform", "integers", "gamma", "lognormal"}
            - ``"bernoulli"``: ``a`` with probability ``p``, else ``b`` (defaults
              ``p=0.5, a=1, b=0``; ``a`` and ``b`` keep their type: ints, Fractions,
              floats or sympy expressions);
            - ``"uniform"``: uniform on ``[a, b]``, float (defaults ``a=0, b=1``);
            - ``"integers"``: uniform on the integers ``a, ..., b`` (both required);
            - ``"gamma"``: Gamma with shape ``alpha`` and ``scale`` (defaults 1, 1;
              mean ``alpha * scale``), float;
            - ``"lognormal"``: ``exp(mu + sigma * N(0, 1))`` (defaults ``sigma=1,
              mu=0``; median ``exp(mu)``), float.
        seed : None, int or numpy.random.Generator, keyword-only
            The same seed gives the same weights on every machine.
        **params
            The distribution's parameters, as listed.

        Returns
        -------
        Weights

        Raises
        ------
        DominoTilingError
            For an unknown `dist` or a parameter out of range (``p`` outside
            ``[0, 1]``, ``a > b``, negative bounds, ``alpha <= 0``, ``sigma < 0``).
        DominoTypeError
            For a parameter the distribution does not have.

        Notes
        -----
        One vector of ``m (n - 1) + (m - 1) n`` draws is taken from the generator
        (a Bernoulli weight reads one ``random()`` double): the horizontal weights
        first, row by row, then the vertical ones. A float weight that underflows to
        0 (Gamma with a tiny ``alpha``) forbids its placement.

        Examples
        --------
        >>> w = Weights.random((3, 3), "integers", seed=1, a=1, b=9)
        >>> w.kind, bool(w.horizontal.min() >= 1), bool(w.horizontal.max() <= 9)
        ('int', True, True)
        >>> w == Weights.random((3, 3), "integers", seed=1, a=1, b=9)
        True
        >>> Weights.random((3, 3), "bernoulli", seed=0, p=0.3, a=2, b=1).kind
        'int'
        """
        shape = shape_of(region_or_shape)
        _validate.choice(dist, "dist", tuple(DISTRIBUTIONS))
        unknown = sorted(set(params) - set(DISTRIBUTIONS[dist]))
        if unknown:
            raise DominoTypeError(
                f"random(dist={dist!r}) got unknown parameter(s) {', '.join(unknown)}; its parameters are "
                f"{', '.join(DISTRIBUTIONS[dist])}"
            )
        p = {**DISTRIBUTIONS[dist], **params}
        rng = _validate.seed(seed)
        hs, vs = array_shapes(shape)
        nh, count = hs[0] * hs[1], hs[0] * hs[1] + vs[0] * vs[1]
        if dist == "bernoulli":
            prob = _validate.probability(p["p"], "p")
            (ka, a), (kb, b) = scalar_value(p["a"], "a"), scalar_value(p["b"], "b")
            kind = max(ka, kb, key=KIND_RANK.get)
            a, b = to_kind(a, kind, "a"), to_kind(b, kind, "b")
            check_budget(shape, kind)
            dtype = kind_dtype(kind, (a, b))
            choices = np.empty(2, dtype=dtype)
            choices[0], choices[1] = b, a
            flat = choices[(rng.random(count) < prob).astype(np.intp)]
            return cls._new(shape, kind, flat[:nh].reshape(hs), flat[nh:].reshape(vs))
        check_budget(shape, "float")
        if dist == "uniform":
            a = _validate.real(p["a"], "a", minimum=0.0)
            b = _validate.real(p["b"], "b", minimum=a)
            flat = rng.uniform(a, b, count)
        elif dist == "integers":
            for name in ("a", "b"):
                if p[name] is None:
                    raise DominoTilingError(
                        f"random(dist='integers') needs {name}: the weights are the integers a, ..., b"
                    )
            a = _validate.integer(p["a"], "a", minimum=0)
            b = _validate.integer(p["b"], "b", minimum=a, maximum=INT64_MAX)
            flat = rng.integers(a, b, size=count, endpoint=True, dtype=np.int64)
        elif dist == "gamma":
            alpha = _validate.real(p["alpha"], "alpha", minimum=0.0, strict_minimum=True)
            scale = _validate.real(p["scale"], "scale", minimum=0.0, strict_minimum=True)
            flat = rng.gamma(alpha, scale, count)
        else:
            sigma = _validate.real(p["sigma"], "sigma", minimum=0.0)
            mu = _validate.real(p["mu"], "mu")
            flat = rng.lognormal(mu, sigma, count)
        return cls._build(shape, flat[:nh].reshape(hs), flat[nh:].reshape(vs))

    @classmethod
    def from_function(cls, region_or_shape, f, *, vectorized=None):
        """Weights ``f(r, c, orientation)``, orientation ``"h"`` or ``"v"``, anchored at the top/left cell.

        Parameters
        ----------
        region_or_shape : Region or (int, int)
        f : callable
            ``f(r, c, "h")`` weighs the domino on cells ``(r, c)-(r, c + 1)``,
            ``f(r, c, "v")`` the one on ``(r, c)-(r + 1, c)``.
        vectorized : None or bool, keyword-only
            None (default): first call ``f(R, C, o)`` once per orientation with the
            integer arrays ``R, C`` of all anchors (``numpy.indices``); if that
            returns a numpy array of the same shape, it is the weights, and
            otherwise (it raises, or returns a scalar or another shape) `f` is
            called once per placement with Python ints. True: arrays only (errors
            propagate); False: once per placement only (the safe choice for a
            function with side effects). Integer results of the array call are
            checked against a second call on arrays of Python ints (exact
            arithmetic) and replaced by it when fixed-width arithmetic wrapped
            around (``4**r`` is 0 in int64 from ``r = 32``): weights keep their value.

        Examples
        --------
        >>> w = Weights.from_function((2, 3), lambda r, c, o: r + c + 1 if o == "h" else 10)
        >>> w.horizontal.tolist(), w.vertical.tolist()
        ([[1, 2], [2, 3]], [[10, 10, 10]])
        >>> from fractions import Fraction
        >>> Weights.from_function((2, 2), lambda r, c, o: Fraction(1, r + c + 1)).kind
        'fraction'
        >>> Weights.from_function((40, 1), lambda r, c, o: 4**r).vertical[-1, 0] == 4**38
        True
        """
        shape = shape_of(region_or_shape)
        if not callable(f):
            raise DominoTypeError(
                f"f must be a function f(r, c, orientation), got {type(f).__name__}"
            )
        if vectorized is not None:
            _validate.boolean(vectorized, "vectorized")
        check_budget(shape, "symbolic")
        arrays = []
        for o, s in zip("hv", array_shapes(shape)):
            out = None
            if vectorized is not False:
                R, C = np.indices(s)
                try:
                    out = f(R, C, o)
                except Exception:
                    if vectorized:
                        raise
                if not (isinstance(out, np.ndarray) and out.shape == s):
                    if vectorized:
                        raise DominoTypeError(
                            f"f(r, c, {o!r}) with arrays r, c of shape {s} returned "
                            f"{type(out).__name__} {getattr(out, 'shape', '')}, not an array of that shape; "
                            "pass vectorized=False to call it once per placement"
                        )
                    out = None
                elif out.dtype.kind in "iu":
                    out = _exact_ints(f, R, C, o, out, s)
            if out is None:
                out = object_array([f(r, c, o) for r in range(s[0]) for c in range(s[1])], s)
            arrays.append(out)
        return cls._build(shape, *arrays)

    @classmethod
    def from_arrays(cls, horizontal, vertical):
        """Weights from the two arrays, shapes ``(m, n - 1)`` and ``(m - 1, n)``; same as ``Weights(h, v)``.

        Examples
        --------
        >>> import numpy as np
        >>> w = Weights.from_arrays(np.ones((1, 2)), np.zeros((0, 3)))   # one row: no vertical placement
        >>> w.shape, w.kind
        ((1, 3), 'float')
        """
        return cls(horizontal, vertical)

    # ------------------------------------------------------------------ values
    @property
    def shape(self):
        """``(m, n)``: the shape of the regions these weights are for."""
        return self._shape

    @property
    def kind(self):
        """One of ``"int"``, ``"fraction"``, ``"float"``, ``"symbolic"``: the type of every weight."""
        return self._kind

    @property
    def horizontal(self):
        """Read-only array ``(m, n - 1)``: int64, float64, or object (Python ints, Fractions, sympy)."""
        return self._public(self._h)

    @property
    def vertical(self):
        """Read-only array ``(m - 1, n)``: int64, float64, or object (Python ints, Fractions, sympy)."""
        return self._public(self._v)

    @staticmethod
    def _public(arr):
        if arr.dtype != object:
            return arr
        out = arr.copy()
        out.setflags(write=False)
        return out.view()  # a view of a read-only array cannot be made writeable

    def value(self, row, col, orientation):
        """The weight of one placement, as a Python int, Fraction, float or sympy expression.

        Examples
        --------
        >>> Weights.by_orientation((2, 2), 3, 4).value(0, 1, "v")
        4
        """
        _validate.choice(orientation, "orientation", ("h", "v"))
        arr = self._h if orientation == "h" else self._v
        r, c = _validate.integer(row, "row"), _validate.integer(col, "col")
        if not (0 <= r < arr.shape[0] and 0 <= c < arr.shape[1]):
            raise DominoTilingError(
                f"there is no {'horizontal' if orientation == 'h' else 'vertical'} placement at "
                f"({r}, {c}) in a region of shape {self._shape}"
            )
        v = arr[r, c]
        return v.item() if isinstance(v, np.generic) else v

    @property
    def is_uniform(self):
        """True when every weight equals 1 (of whatever kind)."""
        return all(bool((a == 1).all()) for a in (self._h, self._v))

    def _nonzero_masks(self):
        if self._nonzero is None:

            def nz(a):
                if self._kind == "fraction":
                    return np.array(
                        [f.numerator != 0 for f in a.ravel().tolist()], dtype=bool
                    ).reshape(a.shape)
                if self._kind != "symbolic":
                    return np.asarray(a != 0, dtype=bool)
                cache = {}
                for e in a.ravel().tolist():
                    if e not in cache:
                        zero = (
                            e == 0
                            or e.is_zero
                            or (e.is_zero is None and sympy_module().expand(e) == 0)
                        )
                        cache[e] = not zero
                return np.array([cache[e] for e in a.ravel().tolist()], dtype=bool).reshape(a.shape)

            self._nonzero = tuple(frozen(nz(a)) for a in (self._h, self._v))
        return self._nonzero

    def allowed(self, mask=None):
        """The placements a tiling may use: both cells in `mask` and a nonzero weight.

        Parameters
        ----------
        mask : None, Region or array_like of bool, shape ``self.shape``
            None: every cell.

        Returns
        -------
        horizontal, vertical : numpy.ndarray of bool, shapes ``(m, n - 1)`` and ``(m - 1, n)``
            New arrays.

        Raises
        ------
        WeightError
            If the mask's shape is not :attr:`shape`.

        Examples
        --------
        >>> from dominotiling import Region
        >>> region = Region.from_strings(["..#", "..."])
        >>> h, v = Weights.by_orientation(region, 1, 0).allowed(region)
        >>> h.tolist(), v.tolist()
        ([[True, False], [True, True]], [[False, False, False]])
        """
        hn, vn = self._nonzero_masks()
        if mask is None:
            return hn.copy(), vn.copy()
        from .region import Region

        m = (mask if isinstance(mask, Region) else Region(mask)).mask
        self._check(m.shape, "mask")
        return hn & m[:, :-1] & m[:, 1:], vn & m[:-1, :] & m[1:, :]

    # ------------------------------------------------------------ fitting regions
    def _check(self, shape, what):
        if tuple(shape) != self._shape:
            raise WeightError(
                f"the weights are for regions of shape {self._shape} but the {what} has shape {tuple(shape)}; "
                "build weights for that shape (e.g. Weights.uniform(region)) or crop them with weights.crop(...)"
            )

    def check_shape(self, region_or_shape):
        """Return self if it fits `region_or_shape`'s shape; raise :class:`WeightError` naming both shapes.

        Examples
        --------
        >>> from dominotiling import Region
        >>> Weights.uniform((2, 3)).check_shape(Region.rectangle(3, 2))
        Traceback (most recent call last):
        ...
        dominotiling.errors.WeightError: the weights are for regions of shape (2, 3) but the region has shape (3, 2); ...
        """
        self._check(shape_of(region_or_shape), "region")
        return self

    def restrict(self, region):
        """The same weights with every placement not inside `region` set to 0 (after checking the shape).

        Examples
        --------
        >>> from dominotiling import Region
        >>> region = Region.from_strings([".#", ".."])
        >>> w = Weights.by_orientation(region, 2, 3).restrict(region)
        >>> w.horizontal.tolist(), w.vertical.tolist()
        ([[0], [2]], [[3, 0]])
        """
        r = _validate.region(region)
        self._check(r.shape, "region")
        m = r.mask
        zero = {"int": 0, "fraction": Fraction(0), "float": 0.0}.get(self._kind)
        if zero is None:
            zero = sympy_module().Integer(0)
        h = np.where(m[:, :-1] & m[:, 1:], self._h, np.array(zero, dtype=self._h.dtype))
        v = np.where(m[:-1, :] & m[1:, :], self._v, np.array(zero, dtype=self._v.dtype))
        return Weights._new(
            self._shape, self._kind, h.astype(self._h.dtype), v.astype(self._v.dtype)
        )

    def transpose(self):
        """The weights of the transposed region (:meth:`Region.transpose`): horizontal and vertical swap.

        Examples
        --------
        >>> w = Weights.by_orientation((2, 3), 1, 5).transpose()
        >>> w.shape, w.horizontal.tolist()
        ((3, 2), [[5], [5], [5]])
        """
        return Weights._new(
            (self._shape[1], self._shape[0]), self._kind, self._v.T.copy(), self._h.T.copy()
        )

    def crop(self, row, col, rows, cols):
        """The weights of the window of `rows` x `cols` cells whose top-left cell is ``(row, col)``.

        Placements with a cell outside the window are dropped.

        Examples
        --------
        >>> w = Weights.from_function((3, 3), lambda r, c, o: 10 * r + c + (100 if o == "v" else 0))
        >>> c = w.crop(1, 1, 2, 2)
        >>> c.shape, c.horizontal.tolist(), c.vertical.tolist()
        ((2, 2), [[11], [21]], [[111, 112]])
        """
        m, n = self._shape
        r0, c0 = _validate.nonnegative_int(row, "row"), _validate.nonnegative_int(col, "col")
        nr, nc = _validate.nonnegative_int(rows, "rows"), _validate.nonnegative_int(cols, "cols")
        if r0 + nr > m or c0 + nc > n:
            raise WeightError(
                f"the window of {nr} x {nc} cells at ({r0}, {c0}) does not fit in weights of shape {(m, n)}"
            )
        h = self._h[r0 : r0 + nr, c0 : c0 + max(nc - 1, 0)]
        v = self._v[r0 : r0 + max(nr - 1, 0), c0 : c0 + nc]
        return Weights._new((nr, nc), self._kind, h.copy(), v.copy())

    def narrow(self, mask, offset, transposed):
        """The weights for :meth:`Region.narrow_view`'s output ``(mask, offset, transposed)``.

        Crops to the narrow mask's box at `offset`, then transposes when
        `transposed`, so that ``narrow(*region.narrow_view())`` fits the narrow mask.

        Examples
        --------
        >>> from dominotiling import Region
        >>> region = Region.from_strings(["#####", "#...#", "#...#"])
        >>> w = Weights.by_orientation(region, 2, 3)
        >>> nw = w.narrow(*region.narrow_view())
        >>> nw.shape, nw.horizontal.tolist()       # the 2 x 3 box, turned upright
        ((3, 2), [[3], [3], [3]])
        """
        shape = np.shape(mask)
        if len(shape) != 2:
            raise DominoTypeError(
                f"narrow takes region.narrow_view()'s (mask, offset, transposed): mask must be a 2-D "
                f"array, got {type(mask).__name__} of shape {shape}; call weights.narrow(*region.narrow_view())"
            )
        if not (isinstance(offset, (tuple, list)) and len(offset) == 2):
            raise DominoTypeError(
                f"offset must be a pair (row, col), got {offset!r}; call "
                "weights.narrow(*region.narrow_view())"
            )
        r0 = _validate.nonnegative_int(offset[0], "offset[0]")
        c0 = _validate.nonnegative_int(offset[1], "offset[1]")
        transposed = _validate.boolean(transposed, "transposed")
        rows, cols = shape
        if transposed:
            rows, cols = cols, rows
        out = self.crop(r0, c0, rows, cols)
        return out.transpose() if transposed else out

    # ------------------------------------------------------------ numbers for kernels
    def _need_numbers(self, what):
        if self._kind == "symbolic":
            names = ", ".join(str(s) for s in self.symbols()) or "no free symbols, e.g. sqrt(2)"
            raise DominoTypeError(
                f"{what} needs numeric weights, but these are symbolic (in {names}); substitute "
                "numbers first, e.g. weights.substitute({...})"
            )

    def as_float(self):
        """The weights as two read-only float64 arrays ``(horizontal, vertical)``.

        Symbolic weights are evaluated when they have no free symbols (``sqrt(2)``);
        with free symbols they are refused.

        Raises
        ------
        DominoTypeError
            If the weights have free symbols.
        WeightError
            If a weight does not fit in a float64 (overflow, or a nonzero weight that
            would underflow to 0).

        Examples
        --------
        >>> from fractions import Fraction
        >>> h, v = Weights.by_orientation((1, 3), Fraction(1, 4), 1).as_float()
        >>> h.tolist(), h.dtype.name
        ([[0.25, 0.25]], 'float64')
        """
        if self._kind == "float":
            return self._h, self._v
        if self._kind == "symbolic" and self.symbols():
            self._need_numbers("as_float()")
        out = []
        for o, a in (("h", self._h), ("v", self._v)):
            if a.dtype == np.int64:
                out.append(frozen(a.astype(np.float64)))
                continue
            vals = a.ravel().tolist()
            if self._kind == "symbolic":
                vals = [float(e.evalf(20)) for e in vals]
            out.append(frozen(convert_array("float", vals, a.shape, None, o)))
        return tuple(out)

    def as_int_mod(self, modulus):
        """Residues of int or Fraction weights modulo `modulus`, as two arrays.

        Parameters
        ----------
        modulus : int
            A prime (or any modulus ``>= 2``) up to ``2**64``; ``0`` stands for
            ``2**64`` as in :func:`dominotiling._exact.moduli_for_bits`.

        Returns
        -------
        horizontal, vertical : numpy.ndarray
            int64 for moduli up to ``2**63``, uint64 above; a Fraction ``a/b``
            becomes ``a * b^-1 mod modulus``.

        Raises
        ------
        WeightError
            If a denominator has no inverse (shares a factor with `modulus`): take
            another modulus; ``denominator_lcm() % p != 0`` says beforehand whether a
            prime ``p`` serves.
        DominoTypeError
            For float or symbolic weights (substitute numbers, or use Fractions).

        Examples
        --------
        >>> from fractions import Fraction
        >>> h, v = Weights.by_orientation((2, 2), Fraction(1, 2), 3).as_int_mod(7)
        >>> h.tolist(), v.tolist()          # 1/2 = 4 mod 7
        ([[4], [4]], [[3, 3]])
        """
        mod = _validate.integer(modulus, "modulus", maximum=2**64)
        if mod == 0:
            mod = 2**64
        if mod < 2:
            raise DominoTilingError(f"modulus must be at least 2 (or 0 for 2**64), got {mod}")
        self._need_numbers("as_int_mod()")
        if self._kind == "float":
            raise DominoTypeError(
                "as_int_mod() needs int or Fraction weights, these are float; "
                "use Fraction weights for exact results (Fraction(x) is exact for a float x)"
            )
        dtype = np.int64 if mod <= 2**63 else np.uint64
        inverses = {}
        out = []
        for o, a in (("h", self._h), ("v", self._v)):
            if a.dtype == np.int64:  # values <= 2**63 - 1: reduce only by a smaller modulus
                out.append(a % np.int64(mod) if mod <= INT64_MAX else a.astype(dtype))
                continue
            vals = a.ravel().tolist()
            if self._kind == "int":
                res = [x % mod for x in vals]
            else:
                res = []
                for i, x in enumerate(vals):
                    d = x.denominator
                    if d not in inverses:
                        if math.gcd(d, mod) != 1:
                            r, c = np.unravel_index(i, a.shape)
                            raise WeightError(
                                f"{placement_name(o, int(r), int(c))} has weight {x}, whose denominator {d} has no "
                                f"inverse modulo {mod}; take a modulus coprime to denominator_lcm() = "
                                f"{self.denominator_lcm()}"
                            )
                        inverses[d] = pow(d, -1, mod)
                    res.append(x.numerator * inverses[d] % mod)
            out.append(np.array(res, dtype=dtype).reshape(a.shape))
        return tuple(out)

    def denominator_lcm(self):
        """The least common multiple of the denominators (1 for int weights).

        ``L * weights`` are integer weights, and a weighted count of tilings with
        ``k`` dominoes is ``count(L * weights) / L**k``.

        Examples
        --------
        >>> from fractions import Fraction
        >>> Weights.by_orientation((2, 2), Fraction(1, 4), Fraction(5, 6)).denominator_lcm()
        12
        """
        self._need_numbers("denominator_lcm()")
        if self._kind == "float":
            raise DominoTypeError(
                "denominator_lcm() needs int or Fraction weights, these are float"
            )
        if self._kind == "int":
            return 1
        dens = {x.denominator for a in (self._h, self._v) for x in a.ravel().tolist()}
        return math.lcm(*dens) if dens else 1

    def log2_max(self, mask=None):
        """An upper bound on log2 of the largest weight of a placement allowed in `mask`.

        A tiling with ``k`` dominoes weighs at most ``2**(k * log2_max())``, so the
        weighted count is at most Brègman's bound times that; ``-inf`` when no
        placement is allowed.

        Parameters
        ----------
        mask : None, Region or array_like of bool
            As for :meth:`allowed`.

        Examples
        --------
        >>> Weights.by_orientation((2, 2), 8, 3).log2_max() >= 3.0
        True
        """
        self._need_numbers("log2_max()")
        hm, vm = self.allowed(mask)
        if self._h.dtype != object:
            vals = [a[m].max() for a, m in ((self._h, hm), (self._v, vm)) if m.any()]
            top = max((x.item() for x in vals), default=0)
        else:
            top = max(
                (x for a, m in ((self._h, hm), (self._v, vm)) for x in a[m].tolist()), default=0
            )
        return -math.inf if top == 0 else log2_upper(top)

    # ------------------------------------------------------------ symbols
    def symbols(self):
        """The free sympy symbols of the weights, sorted by name (``()`` unless symbolic).

        Examples
        --------
        >>> import sympy
        >>> a, b = sympy.symbols("a b")
        >>> Weights.by_orientation((2, 2), b**2, a + 1).symbols()
        (a, b)
        """
        if self._kind != "symbolic":
            return ()
        sp = sympy_module()
        syms = set()
        for e in set(self._h.ravel().tolist()) | set(self._v.ravel().tolist()):
            syms |= e.free_symbols
        return tuple(sorted(syms, key=sp.default_sort_key))

    def substitute(self, values):
        """Weights with numbers (or expressions) substituted for symbols.

        Parameters
        ----------
        values : mapping
            Symbol (or its name) to value. When every weight becomes a rational or
            float sympy number, the result holds Python ints, Fractions or floats
            (kind ``"int"``, ``"fraction"`` or ``"float"``); otherwise it stays symbolic.

        Raises
        ------
        WeightError
            If a weight becomes negative (the message names the placement).
        DominoTilingError
            If a name is not a symbol of the weights.

        Examples
        --------
        >>> import sympy
        >>> x, y = sympy.symbols("x y")
        >>> w = Weights.by_orientation((2, 2), x, y)
        >>> w.substitute({x: 2, "y": sympy.Rational(1, 3)}).kind
        'fraction'
        >>> w.substitute({x: 2}).symbols()
        (y,)
        """
        if not isinstance(values, Mapping):
            raise DominoTypeError(
                f"values must be a mapping {{symbol: value}}, got {type(values).__name__}"
            )
        if self._kind != "symbolic":
            return self
        sp = sympy_module()
        by_name = {str(s): s for s in self.symbols()}
        subs = {}
        for key, val in values.items():
            if isinstance(key, str):
                if key not in by_name:
                    raise DominoTilingError(
                        f"{key!r} is not a symbol of the weights; they have {sorted(by_name)}"
                    )
                key = by_name[key]
            subs[key] = sym_value(val, key)
        hl, vl = self._h.ravel().tolist(), self._v.ravel().tolist()
        new = {e: e.xreplace(subs) for e in set(hl) | set(vl)}  # once per distinct expression
        if all(isinstance(e, (sp.Rational, sp.Float)) for e in new.values()):

            def number(e):
                if isinstance(e, sp.Integer):
                    return int(e)
                return Fraction(int(e.p), int(e.q)) if isinstance(e, sp.Rational) else float(e)

            new = {k: number(e) for k, e in new.items()}
        hs, vs = array_shapes(self._shape)
        return Weights._build(
            self._shape,
            object_array([new[e] for e in hl], hs),
            object_array([new[e] for e in vl], vs),
        )

    def tiling_weight(self, tiling, *, log=False):
        """The product of the weights of a tiling's dominoes, in the weights' exact type.

        Parameters
        ----------
        tiling : Tiling
            A tiling of a region of this shape.
        log : bool, keyword-only
            Return the natural logarithm of the product instead, a float
            (``-inf`` when a domino weighs 0); not for symbolic weights.

        Returns
        -------
        int, Fraction, float or sympy expression
            Int and Fraction weights: the exact product. Float weights: the
            product rounded as a float product is (relative error at most ``d``
            units of roundoff for ``d`` dominoes), a float -- unless it leaves
            float64's range (a large tiling of small weights underflows, of
            large ones overflows): then the same rounded product as an exact
            :class:`~fractions.Fraction` ``m * 2**e``, never a false ``0.0`` or
            ``inf``. So ``tiling_weight(t) > 0`` says exactly whether no domino of
            ``t`` weighs 0.

        Examples
        --------
        >>> from dominotiling import Region, Tiling
        >>> t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (0, 1)), ((1, 0), (1, 1))])
        >>> Weights.by_orientation((2, 2), 3, 5).tiling_weight(t)
        9
        >>> round(Weights.by_orientation((2, 2), 3, 5).tiling_weight(t, log=True), 12) == round(math.log(9), 12)
        True
        >>> big = Region.rectangle(2, 400)
        >>> tiny = Weights.by_orientation(big, 1e-5, 1e-5)
        >>> from dominotiling import random_tiling
        >>> tiny.tiling_weight(random_tiling(big, seed=0)) > 0      # 1e-2000 is no float64
        True
        """
        t = _validate.tiling(tiling)
        log = _validate.boolean(log, "log")
        self._check(t.region.shape, "tiling's region")
        d = t.dominoes
        horiz = d[:, 0, 0] == d[:, 1, 0]
        r, c = d[:, 0, 0], d[:, 0, 1]
        if self._kind == "float":
            vals = np.concatenate([self._h[r[horiz], c[horiz]], self._v[r[~horiz], c[~horiz]]])
            return _float_product(vals, log)
        vals = self._h[r[horiz], c[horiz]].tolist() + self._v[r[~horiz], c[~horiz]].tolist()
        if log:
            if self._kind == "symbolic":
                raise DominoTypeError(
                    "tiling_weight(..., log=True) takes numeric weights; these are symbolic: "
                    "substitute numbers first (weights.substitute({...}))"
                )
            if any(x == 0 for x in vals):
                return -math.inf
            return math.fsum(
                math.log(x.numerator) - math.log(x.denominator)
                if isinstance(x, Fraction)
                else math.log(x)
                for x in vals
            )
        one = {"int": 1, "fraction": Fraction(1)}.get(self._kind)
        return math.prod(vals, start=sympy_module().Integer(1) if one is None else one)

    def to_json(self, path=None):
        """The weights as a JSON document, every value exact.

        Ints are written as JSON integers (of any size), Fractions as strings
        ``"p/q"``, floats as the shortest decimal that reads back to the same
        float, sympy expressions as plain arithmetic such as ``"2*x^2 + 1"`` (read back by
        a grammar, never evaluated; a weight with a function such as ``exp(x)`` cannot be
        written).

        Parameters
        ----------
        path : str or os.PathLike, optional
            Also write the document to this file.

        Returns
        -------
        str
            The JSON text.

        See Also
        --------
        Weights.from_json, Tiling.to_json, Region.to_json

        Examples
        --------
        >>> from fractions import Fraction
        >>> w = Weights.by_orientation((1, 2), Fraction(1, 3), 1)
        >>> w.to_json()
        '{"format":"dominotiling.weights","version":1,"kind":"fraction","shape":[1,2],"horizontal":[["1/3"]],"vertical":[]}\\n'
        """
        from . import serialize

        return serialize.dump(serialize.weights_to_dict(self), path, "the weights")

    @classmethod
    def from_json(cls, source):
        """The weights of a JSON document written by :meth:`to_json`, of the same kind and values.

        Parameters
        ----------
        source : str, os.PathLike, file or dict
            JSON text, the path of a file holding it, an open file, or the parsed object.

        Returns
        -------
        Weights
            Equal to the weights that were written (floats to the bit).

        Raises
        ------
        RegionFormatError
            If the document is not JSON, not weights, or a value does not fit its kind;
            if the file is not a regular file (a named pipe, a device).
        TooLargeError
            If the file or the shape it claims would not fit in the memory budget.

        Notes
        -----
        Safe with a document from anyone: symbolic weights are read by a grammar of
        numbers, symbols, ``+ - * / ^`` and parentheses
        (:mod:`dominotiling.model.weight_text`), never evaluated, and nothing in the
        document is opened as a file.

        See Also
        --------
        Weights.to_json, Tiling.from_json, Region.from_json

        Examples
        --------
        >>> w = Weights.random((3, 3), "uniform", seed=1)
        >>> Weights.from_json(w.to_json()) == w
        True
        """
        from . import serialize

        return serialize.weights_from_dict(serialize.load(source, "dominotiling.weights"), cls)

    # ------------------------------------------------------------ python protocol
    def __eq__(self, other):
        if not isinstance(other, Weights):
            return NotImplemented
        if (self._shape, self._kind) != (other._shape, other._kind):
            return False
        if self._h.dtype != object and other._h.dtype != object:
            return bool(np.array_equal(self._h, other._h) and np.array_equal(self._v, other._v))
        return self._h.tolist() == other._h.tolist() and self._v.tolist() == other._v.tolist()

    def __hash__(self):
        if self._hash is None:
            if (
                self._kind == "fraction"
            ):  # Fraction.__hash__ is slow; hash numerators and denominators
                parts = tuple(
                    int_bytes([f.numerator for f in a.ravel().tolist()])
                    + int_bytes([f.denominator for f in a.ravel().tolist()])
                    for a in (self._h, self._v)
                )
            elif self._h.dtype == object or self._v.dtype == object:
                parts = (tuple(self._h.ravel().tolist()), tuple(self._v.ravel().tolist()))
            else:
                parts = (self._h.tobytes(), self._v.tobytes())
            self._hash = hash((self._shape, self._kind, parts))
        return self._hash

    def _summary(self):
        """``(count, zeros, low, high)``: low and high over the nonzero weights (None if symbolic or none)."""
        hn, vn = self._nonzero_masks()
        count = hn.size + vn.size
        zeros = count - int(hn.sum()) - int(vn.sum())
        vals = self._h[hn].tolist() + self._v[vn].tolist()
        if self._kind == "symbolic" or not vals:
            return count, zeros, None, None
        return count, zeros, min(vals), max(vals)

    @staticmethod
    def _value_text(value):
        """A weight as short text: ints and Fractions of any size (``str`` stops at 4300 digits)."""
        if isinstance(value, Fraction) and value.denominator == 1:
            return Weights._value_text(value.numerator)
        if isinstance(value, Fraction):
            return (
                f"{Weights._value_text(value.numerator)}/{Weights._value_text(value.denominator)}"
            )
        if isinstance(value, int) and not isinstance(value, bool):
            if -(10**40) < value < 10**40:
                return decimal_string(value)
            digits = decimal_string(abs(value))
            return f"{'-' if value < 0 else ''}{digits[:6]}...({len(digits)} digits)"
        return str(value)

    def __repr__(self):
        m, n = self._shape
        count, zeros, low, high = self._summary()
        low, high = (None, None) if low is None else map(self._value_text, (low, high))
        if self._kind == "symbolic":
            syms = ", ".join(str(s) for s in self.symbols()) or "no free symbols"
            values = f"in {syms}"
        else:
            values = "no nonzero weight" if low is None else f"nonzero values in [{low}, {high}]"
        return f"<Weights {m}x{n}, {self._kind}, {count} placements, {values}, {zeros} zero{'' if zeros == 1 else 's'}>"

    def _repr_html_(self):
        count, zeros, low, high = self._summary()
        rows = [
            ("shape", f"{self._shape[0]} x {self._shape[1]}"),
            ("value type", self._kind),
            ("placements", f"{count} ({self._h.size} horizontal, {self._v.size} vertical)"),
        ]
        if self._kind == "symbolic":
            rows.append(("symbols", ", ".join(str(s) for s in self.symbols()) or "none"))
        else:
            rows += [("min (nonzero)", self._value_text(low)), ("max", self._value_text(high))]
        rows.append(("zeros (forbidden)", str(zeros)))
        body = "".join(
            f"<tr><th style='text-align:left'>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>"
            for k, v in rows
        )
        return f"<table><caption>Weights</caption>{body}</table>"
