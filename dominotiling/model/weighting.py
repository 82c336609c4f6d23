"""One spelling of a weighting: what every ``weights=`` argument accepts, and what it means.

Every function that takes weights -- on a region (:func:`~dominotiling.count_tilings`,
:func:`~dominotiling.random_tiling`, :func:`~dominotiling.placement_probabilities`,
:func:`~dominotiling.limit_shape`, ...), on the Aztec diamond of order ``n``
(:func:`~dominotiling.sample_aztec`, :func:`~dominotiling.aztec_partition_function`,
:func:`~dominotiling.aztec_edge_probabilities`, :func:`~dominotiling.t_embedding`,
``explore_aztec``, ...) or on the plane (:func:`~dominotiling.spectral_curve`,
:func:`~dominotiling.gibbs_measure`, :func:`~dominotiling.surface_tension`, ...) --
reads it through :func:`weighting`, so the same spelling is the same model everywhere:

The spellings (the table: :ref:`weight-spellings`, in the guide's page on weights):
``None`` (uniform); ``(a, b)``, two numbers, the two-periodic model
``WeightPattern.two_periodic(a, b)``; a ``WeightPattern`` or a tuple ``(horizontal,
vertical)`` of two 2-D arrays, a periodic pattern on the plane; a ``Weights``, one weight
per placement; a ``(p, q)`` or ``(p, q, 4)`` array, the Aztec diamond's block weights
(on the Aztec functions and on a region equal to ``Region.aztec_diamond(n)`` only).

Anything else -- a single number, text, a pair of 1-D arrays, a tuple of two
``(q, 4)`` arrays (edge form or ``(2, q, 4)`` blocks?) -- is refused with a
:class:`~dominotiling.errors.DominoTypeError` that names the spelling to use.

**The two-periodic model on the Aztec diamond.** The diamond's ``n**2`` blocks (the
2x2 squares of shuffling, block ``(i, j)`` with top-left cell ``(i + j, n - 1 + j -
i)``) weigh ``a`` and ``b`` alternately, block ``(0, 0)`` ``a`` -- the model of [1]_.
For even ``n`` the blocks' centres are the weighted faces of
``WeightPattern.two_periodic(a, b)`` laid on ``Region.aztec_diamond(n)``, and the two
are the same weights. For odd ``n`` the blocks sit on the pattern's other faces; ``(a,
b)`` then keeps the model of [1]_, which is the pattern moved by one cell, faces
``[[b, 1], [1, a]]`` -- on the Aztec functions and on a region equal to
``Region.aztec_diamond(n)`` alike, so that ``count_tilings(Region.aztec_diamond(n),
weights=w) == aztec_partition_function(n, weights=w)`` for every spelling ``w``.

References
----------
.. [1] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.

Examples
--------
>>> from dominotiling import Region
>>> w = weighting((1, 2))
>>> w.kind
'two-periodic'
>>> w.on_region(Region.rectangle(2, 3)).horizontal.tolist()   # b, a by the faces [[1, b], [a, 1]]
[[2, 1], [2, 1]]
>>> weighting(2)
Traceback (most recent call last):
...
dominotiling.errors.DominoTypeError: weights=2: a single number is not a weighting ...
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Number

import numpy as np

from .. import _validate
from .._options import check_memory
from ..errors import DominoTypeError, WeightError
from .weights import Weights

__all__ = ["weighting", "Weighting", "check_weights", "SPELLINGS"]

#: The spellings, in one line, for the messages of refusals.
SPELLINGS = (
    "None, (a, b) for the two-periodic model (WeightPattern.two_periodic(a, b)), a "
    "WeightPattern, a Weights, or the Aztec diamond's (p, q) / (p, q, 4) block arrays"
)


def _is_pattern(x):
    """Whether `x` is a periodic pattern (:class:`~dominotiling.theory.WeightPattern`), duck-typed.

    The pattern class lives in the theory wing, above the model; it says what it is by a
    class attribute ``_weight_pattern``.
    """
    return bool(getattr(type(x), "_weight_pattern", False))


def _is_number(x):
    """A real number or a sympy expression (not a bool, not text, not an array)."""
    if isinstance(x, (bool, np.bool_, str, bytes)):
        return False
    if isinstance(x, (Number, np.number)):
        return True
    return type(x).__module__.startswith("sympy") and getattr(x, "is_Atom", None) is not None


def _ndim(x):
    try:
        return np.ndim(x)
    except (TypeError, ValueError):  # ragged
        return -1


def aztec_order(region):
    """``n`` if `region` is exactly ``Region.aztec_diamond(n)`` (plane, same mask), else None."""
    shape = getattr(region, "shape", None)
    if shape is None or len(shape) != 2 or shape[0] != shape[1] or shape[0] % 2:
        return None
    if tuple(getattr(region, "periodic", (False, False))) != (False, False):
        return None
    n = shape[0] // 2
    if n == 0 or int(region.mask.sum()) != 2 * n * (n + 1):
        return None
    d = np.abs(2 * np.arange(2 * n) - (2 * n - 1))
    return n if bool(np.array_equal(region.mask, d[None, :] <= (2 * n - d)[:, None])) else None


def two_periodic_faces(a, b, n=None):
    """The face pattern of the two-periodic model: ``[[1, b], [a, 1]]``, or on the Aztec diamond of odd order `n` ``[[b, 1], [1, a]]``."""
    if n is not None and n % 2:
        return [[b, 1], [1, a]]
    return [[1, b], [a, 1]]


def block_cells(n):
    """``(R, C)``: the top-left cells of the blocks ``(i, j)`` of the order-`n` diamond, arrays ``(n, n)``."""
    i, j = np.indices((n, n))
    return i + j, n - 1 + j - i


def blocks_to_weights(n, blocks):
    """A Weights of shape ``(2n, 2n)`` from ``(n, n, 4)`` block weights (N, S, W, E); 0 outside the diamond."""
    R, C = block_cells(n)
    size = 2 * n
    h = np.zeros((size, size - 1), dtype=blocks.dtype)
    v = np.zeros((size - 1, size), dtype=blocks.dtype)
    h[R, C], h[R + 1, C] = blocks[:, :, 0], blocks[:, :, 1]
    v[R, C], v[R, C + 1] = blocks[:, :, 2], blocks[:, :, 3]
    return Weights._build((size, size), h, v)


def block_array(blocks):
    """``(p, q, 4)`` float array of (N, S, W, E) weights from ``(a, b)``, ``(p, q)`` or ``(p, q, 4)``; checked."""
    arr = _validate.array(_floats(blocks), "weights").astype(float)
    if arr.ndim == 1 and arr.shape == (2,):
        a, b = arr
        arr = np.array([[a, b], [b, a]], dtype=float)
    if arr.ndim == 2:
        arr = np.repeat(arr[:, :, None], 4, axis=2)
    if arr.ndim != 3 or arr.shape[2] != 4 or arr.shape[0] == 0 or arr.shape[1] == 0:
        raise DominoTypeError(
            f"weights has shape {np.shape(blocks)}; give {SPELLINGS} (see "
            "dominotiling.model.weighting)"
        )
    if not np.isfinite(arr).all() or (arr < 0).any():
        raise WeightError(
            "weights must be finite and non-negative: positive, or 0 to forbid a placement"
        )
    return np.ascontiguousarray(arr)


def _floats(value):
    """`value` (numbers, exact ones too) as a float array, or as it is when it holds no numbers."""
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError, OverflowError):
        return value


def cell_pattern(blocks, n):
    """The edge form ``(horizontal, vertical)`` over one period of cells of block weights, for order `n`.

    The domino on cells ``(r, c)-(r, c+1)`` is the north half of block ``(i, j)``
    with ``i + j = r``, ``j - i = c - (n - 1)`` when that is an integer pair, else
    the south half of the block above; the one on ``(r, c)-(r+1, c)`` the west half
    of the block at ``(r, c)`` or the east half of the block at ``(r, c - 1)``.
    Blocks repeat with period ``(p, q)``, cells with period ``2 lcm(p, q)``.
    """
    block = block_array(blocks)
    p, q = block.shape[:2]
    L = 2 * math.lcm(p, q, 1)
    r, c = np.indices((L, L))
    north = (r - c + n - 1) % 2 == 0
    R = np.where(north, r, r - 1)
    i, j = (R - c + n - 1) // 2, (R + c - n + 1) // 2
    h = np.where(north, block[i % p, j % q, 0], block[i % p, j % q, 1])
    C = np.where(
        north, c, c - 1
    )  # west when the top cell starts a block, else east of the left one
    i, j = (r - C + n - 1) // 2, (r + C - n + 1) // 2
    v = np.where(north, block[i % p, j % q, 2], block[i % p, j % q, 3])
    return h, v


class Weighting:
    """A ``weights=`` argument read once (:func:`weighting`), to be laid on a region, a diamond or the plane.

    Attributes
    ----------
    kind : str
        ``"uniform"``, ``"two-periodic"``, ``"pattern"``, ``"weights"`` or ``"blocks"``.
    value
        None; ``(a, b)``; ``(horizontal, vertical)`` of one period; the Weights; the block array.

    See Also
    --------
    weighting, check_weights

    Examples
    --------
    >>> w = weighting((1, 2))
    >>> w.on_aztec(4)                      # what the Aztec wing reads
    (1, 2)
    >>> w.on_aztec(4, exact=True).kind     # a Weights of the diamond, exact
    'int'
    """

    __slots__ = ("kind", "value", "given")

    def __init__(self, kind, value, given):
        self.kind, self.value, self.given = kind, value, given

    def __repr__(self):
        return f"<Weighting {self.kind}>"

    # ----------------------------------------------------------- a region
    def on_region(self, region, name="weights"):
        """None (uniform) or a :class:`Weights` of `region`'s shape: the weights of every placement."""
        if self.kind == "uniform":
            return None
        if self.kind == "weights":
            return self.value.check_shape(region)
        n = aztec_order(region)
        if self.kind == "two-periodic":
            return Weights.periodic(region.shape, faces=two_periodic_faces(*self.value, n))
        if self.kind == "pattern":
            return Weights.periodic(region.shape, *self.value)
        if n is None:
            raise DominoTypeError(
                f"{name} is a {np.shape(self.value)} array: the Aztec diamond's block weights, but "
                "this region is not Region.aztec_diamond(n); give WeightPattern(horizontal, vertical) "
                "for a periodic pattern (WeightPattern.two_periodic(a, b) for the two-periodic model) "
                "or a Weights of the region's shape"
            )
        return self.on_aztec(n, exact=True, as_weights=True)

    # ------------------------------------------------------- a diamond
    def on_aztec(self, n, *, exact=False, as_weights=False):
        """The weights of the order-`n` diamond in the forms the Aztec wing reads.

        None (uniform), a :class:`Weights` of shape ``(2n, 2n)``, ``(a, b)`` or a block
        array. With `exact`, exact patterns and pairs (ints, Fractions) come as a
        Weights (urban renewal keeps them exact); with `as_weights`, everything but
        None does.
        """
        if self.kind == "uniform":
            return None
        if self.kind == "weights":
            return self.value
        exact_values = exact and self._exact()
        if self.kind == "two-periodic":
            if exact_values or as_weights:
                return Weights.periodic((2 * n, 2 * n), faces=two_periodic_faces(*self.value, n))
            return self.given if isinstance(self.given, tuple) else tuple(self.value)
        if self.kind == "pattern":
            if exact_values or as_weights:
                return Weights.periodic((2 * n, 2 * n), *self.value)
            return self._pattern_blocks(n)
        if as_weights or exact_values:  # block arrays, exact when their entries are
            b = block_array(_floats(self.value))  # the shape and the signs checked
            if self._exact():
                raw = np.asarray(self.value, dtype=object)
                b = np.repeat(raw[:, :, None], 4, axis=2) if raw.ndim == 2 else raw
            i, j = np.indices((n, n))
            return blocks_to_weights(n, b[i % b.shape[0], j % b.shape[1]])
        return self.value

    def _exact(self):
        if self.kind == "two-periodic":
            vals = list(self.value)
        elif self.kind == "blocks":
            vals = np.asarray(self.value, dtype=object).ravel().tolist()
        else:
            vals = [x for a in self.value for x in np.asarray(a, dtype=object).ravel().tolist()]
        return all(
            isinstance(x, (int, np.integer, Fraction)) and not isinstance(x, (bool, np.bool_))
            for x in vals
        )

    def _pattern_blocks(self, n):
        """``(L, L, 4)`` block weights of the pattern laid on ``Region.aztec_diamond(n)``, ``L = lcm(k, l)``."""
        h, v = self.value
        L = math.lcm(h.shape[0], h.shape[1], v.shape[0], v.shape[1], 2)
        check_memory(
            32 * L * L, f"the block weights of a {L}-periodic pattern", "a smaller pattern"
        )
        i, j = np.indices((L, L))
        R, C = i + j, n - 1 + j - i
        hf, vf = (np.asarray(a, dtype=object).astype(float) for a in (h, v))
        kh, lh = hf.shape
        kv, lv = vf.shape
        out = np.empty((L, L, 4))
        out[..., 0] = hf[R % kh, C % lh]
        out[..., 1] = hf[(R + 1) % kh, C % lh]
        out[..., 2] = vf[R % kv, C % lv]
        out[..., 3] = vf[R % kv, (C + 1) % lv]
        return out

    # ---------------------------------------------------------- the plane
    def edges(self, region=None, name="weights"):
        """``(horizontal, vertical)`` of one period on the plane, or the Weights itself (kind "weights").

        `region`: the region the pattern will be laid on (a limit shape's), which places
        the two-periodic model and block arrays on an Aztec diamond as in the table.
        """
        if self.kind == "uniform":
            return np.ones((1, 1), dtype=np.int64), np.ones((1, 1), dtype=np.int64)
        if self.kind == "pattern":
            return self.value
        n = None if region is None else aztec_order(region)
        if self.kind == "two-periodic":
            w = Weights.periodic((3, 3), faces=two_periodic_faces(*self.value, n))
            return w.horizontal[:2, :2], w.vertical[:2, :2]
        if self.kind == "blocks":
            if n is None:
                raise DominoTypeError(
                    f"{name} is a {np.shape(self.value)} array: the block weights of an Aztec "
                    "diamond, whose place in the plane depends on its order; give "
                    "WeightPattern(horizontal, vertical), WeightPattern.two_periodic(a, b), or "
                    "aztec_weights(n, array) for the diamond of order n"
                )
            return cell_pattern(self.value, n)
        if region is not None:
            found = periodic_inside(self.value.check_shape(region), region)
            if found is not None:
                return found
        return self.value


#: The longest period looked for in the weights of a region's placements.
MAX_PERIOD = 64


def periodic_inside(weights, region):
    """``(horizontal, vertical)`` of the smallest period of `weights` on `region`'s own placements, or None.

    Placements outside the region do not count (a Weights on ``Region.aztec_diamond(n)``
    may weigh them 0); every residue class of the period must meet the region.
    """
    mask = np.asarray(region.mask, dtype=bool)
    spots = (
        (np.argwhere(mask[:, :-1] & mask[:, 1:]), weights.horizontal),
        (np.argwhere(mask[:-1, :] & mask[1:, :]), weights.vertical),
    )
    vals = [np.asarray(a, dtype=object)[rc[:, 0], rc[:, 1]] for rc, a in spots]
    if not all(len(rc) for rc, _ in spots):
        return None

    def repeats(p, q, full=True):
        out = []
        for (rc, _), val in zip(spots, vals):
            key = (rc[:, 0] % p) * q + rc[:, 1] % q
            keys, first, inverse = np.unique(key, return_index=True, return_inverse=True)
            if (full and len(keys) != p * q) or not bool(np.all(val == val[first][inverse])):
                return None
            out.append(val[first].reshape(p, q) if full else None)
        return out

    rows, cols = mask.shape
    # the period along the rows (columns unfolded), then along the columns, then both
    p = next(
        (p for p in range(2, min(MAX_PERIOD, rows // 2) + 1, 2) if repeats(p, cols, False)), None
    )
    q = next(
        (q for q in range(2, min(MAX_PERIOD, cols // 2) + 1, 2) if repeats(rows, q, False)), None
    )
    found = None if p is None or q is None else repeats(p, q)
    return None if found is None else (found[0], found[1])


def weighting(weights, *, name="weights"):
    """Read a ``weights=`` argument: the one parser of every spelling (see the module's table).

    Parameters
    ----------
    weights
        None, ``(a, b)``, a WeightPattern, ``(horizontal, vertical)``, a Weights, or
        a ``(p, q)`` / ``(p, q, 4)`` block array.
    name : str
        The argument's name, for messages.

    Returns
    -------
    Weighting

    Raises
    ------
    DominoTypeError
        For a form that is none of these, or that could be read two ways (the
        message names the spelling that says which).

    Examples
    --------
    >>> weighting(None).kind, weighting((1, 0.5)).kind, weighting([[1, 2], [2, 1]]).kind
    ('uniform', 'two-periodic', 'blocks')
    """
    if weights is None:
        return Weighting("uniform", None, None)
    if isinstance(weights, Weights):
        return Weighting("weights", weights, weights)
    if _is_pattern(weights):
        return Weighting("pattern", (weights.horizontal, weights.vertical), weights)
    if _is_pattern(getattr(weights, "pattern", None)):  # a SpectralCurve stands for its pattern
        p = weights.pattern
        return Weighting("pattern", (p.horizontal, p.vertical), p)
    if isinstance(weights, (str, bytes)):
        raise DominoTypeError(
            f"{name}={weights!r} is text; give {SPELLINGS} (text names such as 'two-periodic' "
            "are the explorers' menu entries only)"
        )
    if _is_number(weights):
        raise DominoTypeError(
            f"{name}={weights!r}: a single number is not a weighting (equal weights are the "
            f"uniform measure: give None); give {SPELLINGS}"
        )
    if isinstance(weights, (tuple, list, np.ndarray)) and len(weights) == 2:
        first, second = weights[0], weights[1]
        if _is_number(first) and _is_number(second):
            return Weighting("two-periodic", (first, second), weights)
        if isinstance(weights, tuple) and _ndim(first) == 2 and _ndim(second) == 2:
            if np.shape(first) == np.shape(second) and np.shape(first)[1] == 4:
                raise DominoTypeError(
                    f"{name} is a tuple of two {np.shape(first)} arrays, which reads as "
                    "(horizontal, vertical) edge weights or as (2, q, 4) block weights of the "
                    "Aztec diamond; say which: WeightPattern(horizontal, vertical), or "
                    "np.array(blocks) for block weights"
                )
            return Weighting("pattern", _edge_arrays(first, second, name), weights)
        if isinstance(weights, tuple):
            raise DominoTypeError(
                f"{name} is a pair that is neither two numbers (a, b) -- the two-periodic model, "
                "WeightPattern.two_periodic(a, b) -- nor two 2-D arrays (horizontal, vertical); "
                f"give {SPELLINGS}"
            )
    nd = _ndim(weights)
    if nd == 2 or (nd == 3 and np.shape(weights)[2] == 4):
        return Weighting("blocks", weights, weights)
    raise DominoTypeError(
        f"{name} of type {type(weights).__name__}"
        + (f" and shape {np.shape(weights)}" if nd > 0 else "")
        + f" is not a weighting; give {SPELLINGS}"
    )


def _edge_arrays(h, v, name):
    """The two 2-D arrays of an edge pattern, checked (values and kinds) as a WeightPattern's."""
    hp, vp = (a if isinstance(a, np.ndarray) else np.asarray(a, dtype=object) for a in (h, v))
    for which, p in (("horizontal", hp), ("vertical", vp)):
        if p.size == 0:
            raise WeightError(f"the {which} pattern of {name} is empty")
    k = math.lcm(hp.shape[0], vp.shape[0], 2)
    l = math.lcm(hp.shape[1], vp.shape[1], 2)
    w = Weights.periodic((k + 1, l + 1), hp, vp)  # checks and converts every value
    return w.horizontal[:k, :l], w.vertical[:k, :l]


def check_weights(weights, region, name="weights"):
    """`weights` in any spelling (see :mod:`dominotiling.model.weighting`) as a Weights of `region`, or None.

    The one check for the ``weights=`` argument of the functions that count, sum or
    sample tilings of a region. None is returned as None so that callers can keep
    their unweighted fast path (no array of ones is built).

    Raises
    ------
    DominoTypeError
        If `weights` is not one of the spellings.
    WeightError
        If a Weights' shape differs from the region's (the message names both).

    Examples
    --------
    >>> from dominotiling import Region
    >>> check_weights(None, Region.rectangle(2, 2)) is None
    True
    >>> check_weights((1, 2), Region.rectangle(2, 4)).vertical.tolist()
    [[1, 1, 1, 1]]
    >>> check_weights("uniform", Region.rectangle(2, 2))
    Traceback (most recent call last):
    ...
    dominotiling.errors.DominoTypeError: weights='uniform' is text; give None, (a, b) ...
    """
    return weighting(weights, name=name).on_region(region, name)
