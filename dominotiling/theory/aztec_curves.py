"""The predicted frozen and gas boundaries of Aztec diamonds with periodic weights.

:func:`aztec_curves` gives, for the Aztec diamond of order ``n`` and periodic block
weights (those of :func:`~dominotiling.aztec.shuffling.sample_aztec`), the limit
shape's liquid-frozen curves (the *arctic* curves) and liquid-gas curves, in the
cells' coordinates, to draw over a sample:

- uniform weights: the inscribed circle (Jockusch, Propp and Shor [1]_);
- the two-periodic model ``(a, b)``: Chhita and Johansson's explicit algebraic
  curve of degree 8 [2]_, both boundaries exactly (its zero set, traced on a fine
  grid);
- any other positive periodic block weights: the curves of the numerical limit
  shape (:func:`~dominotiling.theory.limit_shape.limit_shape` on a diamond of
  order :data:`SOLVER_ORDER`, scaled -- the limit shape does not depend on the
  order), computed once per weighting and kept (:data:`CACHE_SIZE` of them).

Examples
--------
>>> arctic, gas = aztec_curves(100, (1.0, 0.5))
>>> len(arctic), len(gas)
(1, 1)
>>> import numpy as np
>>> float(np.abs(np.hypot(*(arctic[0] - 100).T) - 100 / np.sqrt(2)).max()) > 1
True
>>> arctic, gas = aztec_curves(100, None)            # the arctic circle
>>> round(float(np.hypot(*(arctic[0][0] - 100))), 3), gas
(70.711, [])

References
----------
.. [1] W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic
   circle theorem", arXiv:math/9801068 (1998).
.. [2] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .. import _validate
from ..aztec.sample import periodic_block_weights
from ..errors import DominoTilingError
from ..model.region import Region
from ..model.weighting import cell_pattern

__all__ = ["aztec_curves", "two_periodic_curve", "SOLVER_ORDER"]

#: Order of the diamond whose numerical limit shape gives the curves of other periodic weights.
SOLVER_ORDER = 48
#: Weightings whose numerical curves are kept.
CACHE_SIZE = 16
_GRID = 881  # points along each side of the square on which the explicit curve is traced


def _two_periodic_polynomial(xi1, xi2, c):
    """Chhita--Johansson's degree-8 polynomial in ``xi = (x - y, x + y)``, ``c = ab / (a^2 + b^2)``."""
    s, m = xi1**2 + xi2**2, (xi1 * xi2) ** 2
    return (
        ((s - 1) ** 2 - 4 * m) ** 2
        + 4 * c**2 * (3 * (s - 1) ** 3 + 8 * m * s**2 + 4 * m * s - 12 * m - 32 * m**2)
        + 16 * c**4 * (3 * (s - 1) ** 2 + 16 * m**2 - 20 * m * s + 21 * m)
        + 64 * c**6 * (s - 1 - m)
    )


@functools.lru_cache(maxsize=CACHE_SIZE)
def _two_periodic_unit(c):
    """``(arctic, gas)`` closed polylines ``(x, y)`` in the unit diamond ``|x| + |y| <= 1``."""
    import contourpy

    t = np.linspace(-1.1, 1.1, _GRID)  # a margin: the arctic curve touches the sides
    x, y = np.meshgrid(t, t)
    z = _two_periodic_polynomial(x - y, x + y, c)
    gen = contourpy.contour_generator(t, t, z, line_type="Separate")
    # the specks of a few points are where the grid meets the gas curve's cusps (and the
    # point s = 0 of c = 1/2): no curve
    lines = [np.asarray(line, dtype=float) for line in gen.lines(0.0) if len(line) >= 16]
    if not lines:
        return (), ()
    reach = [float((np.abs(line[:, 0]) + np.abs(line[:, 1])).max()) for line in lines]
    outer = int(
        np.argmax(reach)
    )  # the arctic curve touches the four sides; the gas curve is inside it
    return (lines[outer],), tuple(line for k, line in enumerate(lines) if k != outer)


def two_periodic_curve(a, b):
    """Chhita and Johansson's boundaries of the two-periodic Aztec diamond, in the unit diamond.

    Parameters
    ----------
    a, b : float
        The positive weights of :meth:`WeightPattern.two_periodic
        <dominotiling.theory.spectral.WeightPattern.two_periodic>`
        (``sample_aztec(n, weights=(a, b))``).

    Returns
    -------
    (arctic, gas) : two tuples of numpy.ndarray, shape (k, 2)
        Polylines ``(x, y)`` in the diamond ``|x| + |y| <= 1`` (``x`` to the right,
        ``y`` down): the liquid-frozen curve and the liquid-gas curve (none when
        ``a == b``).

    Notes
    -----
    With ``c = ab / (a^2 + b^2)`` and ``xi = (x - y, x + y)``, ``s = |xi|^2``,
    ``m = xi_1^2 xi_2^2``, both curves lie on ``((s-1)^2 - 4m)^2 + 4c^2 (3(s-1)^3
    + 8ms^2 + 4ms - 12m - 32m^2) + 16c^4 (3(s-1)^2 + 16m^2 - 20ms + 21m) +
    64c^6 (s - 1 - m) = 0`` [2]_ (at ``a = b``, ``c = 1/2``: ``s^3 (s - 1) = 0``,
    the circle). The zero set is traced on a grid of :data:`_GRID` points a
    side (contourpy); the component that reaches the diamond's sides is the
    arctic curve, the one inside it (with four cusps on the diagonals) the gas curve.

    Examples
    --------
    >>> arctic, gas = two_periodic_curve(1.0, 0.5)
    >>> len(arctic), len(gas)
    (1, 1)
    """
    a = _validate.real(a, "a", minimum=0.0)
    b = _validate.real(b, "b", minimum=0.0)
    if not (a > 0 and b > 0):
        raise DominoTilingError("the two-periodic weights a and b must be positive")
    c = round(a * b / (a * a + b * b), 12)
    return _two_periodic_unit(c)


def _two_periodic_ab(block):
    """``(a, b)`` when the block weights are the two-periodic model's, else None."""
    if block.shape[:2] != (2, 2) or not (block[..., :1] == block).all():
        return None
    a, b = block[0, 0, 0], block[0, 1, 0]
    if block[1, 1, 0] == a and block[1, 0, 0] == b and a > 0 and b > 0:
        return float(a), float(b)
    return None


#: The edge form over one period of cells of block weights (one mapping, in the model).
_cell_pattern = cell_pattern


@functools.lru_cache(maxsize=CACHE_SIZE)
def _numerical_unit(key, shape):
    from .limit_shape import limit_shape
    from .spectral import WeightPattern

    block = np.frombuffer(key, dtype=float).reshape(shape)
    m = SOLVER_ORDER
    h, v = _cell_pattern(block, m)
    shape_ = limit_shape(Region.aztec_diamond(m), weights=WeightPattern(h, v), resolution=m)

    def unit(c):
        return np.asarray(c, dtype=float) / m - 1.0

    return tuple(unit(c) for c in shape_.arctic_curves), tuple(unit(c) for c in shape_.gas_curves)


def aztec_curves(n, weights=None):
    """The limit shape's arctic and gas curves of the Aztec diamond of order `n` with periodic weights.

    Parameters
    ----------
    n : int
        The order; the curves are in its cells' coordinates ``(x, y)`` (``x`` the
        column, ``y`` the row, the diamond spanning ``[0, 2n]`` in both).
    weights : None, (a, b), array (p, q) or array (p, q, 4)
        Periodic block weights as :func:`~dominotiling.aztec.shuffling.sample_aztec`
        takes them (or an :class:`~dominotiling.aztec.sample.AztecSample`'s
        ``block_weights``), positive; None for the uniform measure.

    Returns
    -------
    (arctic, gas) : two lists of numpy.ndarray, shape (k, 2)
        The liquid-frozen and liquid-gas polylines.

    Raises
    ------
    DominoTilingError
        If a weight is zero or negative (the theory needs positive weights) or the
        weights are malformed; a
        :class:`~dominotiling.errors.PrecisionError` if the numerical limit shape
        does not converge.

    Notes
    -----
    Uniform: the circle of radius ``n / sqrt(2)``. Two-periodic: exact
    (:func:`two_periodic_curve`). Other weights: the numerical limit shape of the
    same weights (as a :class:`~dominotiling.theory.spectral.WeightPattern` over
    cells, :func:`_cell_pattern`) on the diamond of order :data:`SOLVER_ORDER`
    at resolution :data:`SOLVER_ORDER`, scaled by ``n / SOLVER_ORDER``: a few
    seconds the first time (the surface tension's table), then kept.

    Examples
    --------
    >>> arctic, gas = aztec_curves(200, (1.0, 0.5))     # exact, in milliseconds
    >>> [len(c) > 100 for c in arctic + gas]
    [True, True]
    """

    n = _validate.positive_int(n, "n (the order of the diamond)")
    block = periodic_block_weights(weights, n)
    if block is None:
        t = np.linspace(0.0, 2 * np.pi, 721)
        circle = np.stack([n + n / math.sqrt(2) * np.cos(t), n + n / math.sqrt(2) * np.sin(t)], 1)
        return [circle], []
    if (block <= 0).any():
        raise DominoTilingError(
            "the predicted curves need positive weights (a zero forbids placements, and the "
            "theory's spectral curve of such weights is not implemented)"
        )
    ab = _two_periodic_ab(block)
    if ab is not None:
        arctic, gas = two_periodic_curve(*ab)
    else:
        block = np.ascontiguousarray(block, dtype=float)
        arctic, gas = _numerical_unit(block.tobytes(), block.shape)

    def cells(line):
        return (line + 1.0) * n

    return [cells(c) for c in arctic], [cells(c) for c in gas]
