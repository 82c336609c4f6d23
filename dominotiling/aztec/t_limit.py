"""The limit of the perfect t-embeddings of the uniform Aztec diamond: a maximal surface, by harmonic measures.

Chelkak and Ramassamy [1]_ show that the t-embeddings ``T_n`` of the uniform Aztec
diamond and their origami maps ``O_n`` solve a discrete wave equation on a growing
cone (``T_{k+1} + T_{k-1} = (sum of the four neighbours of T_k) / 2``, time the
order), with the frozen regions collapsing to the four corners of the square, and
that the surface ``(T_n, O_n)`` converges to a space-like maximal surface in the
Minkowski space ``R^{2,1}`` whose conformal structure is that of the fluctuations;
they write the limit with harmonic measures in a conformal parameter ``zeta`` of the
liquid region; Berggren, Nicoletti and Russkikh [2]_ prove the convergence.

Written out (:func:`uniform_t_limit`): a point ``(u, v) = (x, y) / n`` of the liquid
disc ``u**2 + v**2 < 1/2`` is the point ``k = sqrt(2) (u + i v)`` of the unit disc
in Klein's model (the cone of the wave equation, whose speed is ``1/sqrt(2)``, seen
from its apex), and ``zeta = k / (1 + sqrt(1 - |k|**2))`` is the same point in
Poincare's conformal model -- the scale-invariant solutions of the wave equation are
the harmonic functions of the hyperbolic plane. With ``omega_c(zeta)`` the harmonic
measure, seen from ``zeta``, of the arc of the unit circle that faces corner ``c``
(``E``: angles ``(-pi/4, pi/4)``, then ``N``, ``W``, ``S``)::

    z(u, v)     = sum_c T(c) omega_c(zeta),         T(E, N, W, S) = 1, i, -1, -i
    theta(u, v) = sum_c O(c) omega_c(zeta),         O(E, N, W, S) = (1, -1, 1, -1) / sqrt(2)

and ``omega(zeta)`` of the arc ``(a, b)`` is ``arg((e^{ib} - zeta) / (e^{ia} - zeta)) / pi
- (b - a) / (2 pi)``. Outside the disc (the frozen corners) ``z`` and ``theta`` are the
corner's values. The imaginary part of ``O_n`` tends to 0 (the surface lies in
``R^{2,1}``). The tests and notebook 15 compare ``T_n`` and ``O_n`` with it for
``n = 200 .. 1000``: the largest error over ``|(u, v)| < 0.5`` is about ``1.2 / n``.

Examples
--------
>>> z, theta = uniform_t_limit(0.0, 0.0)
>>> complex(z), float(theta)
(0j, 0.0)

References
----------
.. [1] D. Chelkak, S. Ramassamy, "Fluctuations in the Aztec diamonds via a
   Lorentz-minimal surface", arXiv:2002.07540 (Sections 2-3: the recurrence, the
   harmonic measures and the parameter zeta).
.. [2] T. Berggren, M. Nicoletti, M. Russkikh, "Perfect t-embeddings of uniformly
   weighted Aztec diamonds and tower graphs", IMRN 2024 (23), doi:10.1093/imrn/rnad299.
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from ..errors import DominoTilingError

__all__ = ["uniform_t_limit", "uniform_limit_error"]

_ARCS = [(-np.pi / 4, np.pi / 4), (np.pi / 4, 3 * np.pi / 4), (3 * np.pi / 4, 5 * np.pi / 4)]
_ARCS.append((5 * np.pi / 4, 7 * np.pi / 4))
_T = np.array([1, 1j, -1, -1j])
_O = np.array([1, -1, 1, -1]) / np.sqrt(2)


def uniform_t_limit(u, v):
    """``(z, theta)``: the limits of ``T_n(n u, n v)`` and ``O_n(n u, n v)`` for the uniform Aztec diamond.

    Parameters
    ----------
    u, v : float or array_like
        Points of the diamond ``|u| + |v| <= 1`` (the dual vertex ``(x, y)`` of order
        ``n`` is ``(x / n, y / n)``), broadcast together.

    Returns
    -------
    z : complex or numpy.ndarray of complex
        The limit of the t-embedding (the square with corners ``+-1``, ``+-i``).
    theta : float or numpy.ndarray of float
        The limit of the origami map (real).

    Raises
    ------
    DominoTilingError
        For a point outside the diamond.

    See Also
    --------
    uniform_limit_error, dominotiling.aztec.t_embedding.t_embedding

    Notes
    -----
    The formula of the module's docstring [1]_: harmonic measures of the four arcs
    seen from the conformal parameter ``zeta``. ``(z, theta)`` is a space-like
    maximal surface of ``R^{2,1}`` (``|dz|**2 - dtheta**2`` is the conformal metric
    of ``zeta``'s disc) spanning the light-like quadrilateral of the corners
    ``(1, 1/sqrt 2), (i, -1/sqrt 2), (-1, 1/sqrt 2), (-i, -1/sqrt 2)``.

    References
    ----------
    .. [1] D. Chelkak, S. Ramassamy, "Fluctuations in the Aztec diamonds via a
       Lorentz-minimal surface", arXiv:2002.07540.

    Examples
    --------
    >>> z, theta = uniform_t_limit([0.9, 0.3], [0.0, 0.0])
    >>> z.round(4).tolist(), theta.round(4).tolist()
    ([(1+0j), (0.2037+0j)], [0.7071, 0.0446])
    """
    u, v = np.broadcast_arrays(np.asarray(u, float), np.asarray(v, float))
    if not (np.isfinite(u).all() and np.isfinite(v).all()):
        raise DominoTilingError("u and v must be finite")
    if (np.abs(u) + np.abs(v) > 1 + 1e-12).any():
        raise DominoTilingError("the points must lie in the diamond |u| + |v| <= 1")
    k = np.sqrt(2) * (u + 1j * v)
    r2 = np.abs(k) ** 2
    inside = r2 < 1
    zeta = np.where(inside, k / (1 + np.sqrt(np.clip(1 - r2, 0, None))), 0)
    omega = []
    for a, b in _ARCS:
        w = np.angle((np.exp(1j * b) - zeta) / (np.exp(1j * a) - zeta)) / np.pi - (b - a) / (
            2 * np.pi
        )
        omega.append(w)
    omega = np.array(omega)
    z = np.tensordot(_T, omega, axes=1)
    theta = np.tensordot(_O, omega, axes=1).real
    # the frozen corners: the sector of the nearest corner
    sector = np.where(np.abs(u) >= np.abs(v), np.where(u >= 0, 0, 2), np.where(v > 0, 1, 3))
    z = np.where(inside, z, _T[sector])
    theta = np.where(inside, theta, _O[sector])
    if z.ndim == 0:
        return complex(z), float(theta)
    return z, theta


def uniform_limit_error(te, *, radius=0.5):
    """``(T error, O error, Im O)``: the largest distances of a uniform t-embedding from its limit.

    Parameters
    ----------
    te : TEmbedding
        A t-embedding of the uniform Aztec diamond.
    radius : float, keyword-only
        Only the dual vertices with ``|(x, y)| / n < radius`` count (the liquid disc
        has radius ``1/sqrt 2``; near the arctic circle the convergence is slower).

    Returns
    -------
    (float, float, float)
        ``max |T - z|``, ``max |O - theta|`` and ``max |Im O|`` over those vertices.

    See Also
    --------
    uniform_t_limit

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> e = uniform_limit_error(t_embedding(100))
    >>> [round(x, 3) for x in e]
    [0.011, 0.014, 0.013]
    """
    if te.weights_kind != "uniform":
        raise DominoTilingError(
            "the explicit limit is that of the uniform Aztec diamond; this t-embedding has "
            f"{te.weights_kind} weights"
        )
    radius = _validate.real(radius, "radius", minimum=0)
    x, y = te.coords[:, 0] / te.n, te.coords[:, 1] / te.n
    near = np.hypot(x, y) < radius
    z, theta = uniform_t_limit(x[near], y[near])
    return (
        float(np.abs(te.T[near] - z).max(initial=0.0)),
        float(np.abs(te.O[near] - theta).max(initial=0.0)),
        float(np.abs(te.O[near].imag).max(initial=0.0)),
    )
