"""Phases of periodic weightings: which slopes are frozen, gaseous or liquid, and phase diagrams of families.

The Newton polygon's boundary slopes are **frozen**; an interior lattice point
is **gaseous** (a facet of the surface tension: a flat, smooth phase) exactly
when the amoeba's complement has a bounded component of that order; every other
interior slope is **liquid** [1]_. :func:`lattice_phases` classifies the lattice
points of one weighting, :func:`phase_diagram` follows a one-parameter family
(the two-periodic ``(a, b)`` model of Chhita and Johansson [2]_, say: a gas
facet at slope 0 exactly when ``a != b``).

References
----------
.. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
   163 (2006), 1019-1056.
.. [2] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
   diamond", Adv. Math. 294 (2016), 37-149.

Examples
--------
>>> from dominotiling.theory import lattice_phases, WeightPattern
>>> [(p.flux, p.phase) for p in lattice_phases(WeightPattern.two_periodic(2.0, 1.0)) if p.phase != "frozen"]
[((0, 0), 'gaseous')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ..errors import DominoTilingError, DominoTypeError
from .ronkin import curve_of

__all__ = ["LatticePhase", "lattice_phases", "PhaseDiagram", "phase_diagram"]


class LatticePhase(NamedTuple):
    """The phase at one lattice point of the Newton polygon.

    Attributes
    ----------
    flux : (int, int)
        The lattice point ``(a, b)`` (exponents of ``P``).
    slope : (float, float)
        The same in Thurston slopes ``(s, t)`` per cell.
    phase : str
        ``"frozen"`` (on the boundary), ``"gaseous"`` (a bubble of the amoeba) or
        ``"liquid"`` (an interior point without a bubble).
    sigma : float
        The surface tension there, per cell.
    width : float
        For a gaseous point, the length of the bubble's chord along ``x`` through a
        point near its middle (0 otherwise): how large the gas phase is.

    See Also
    --------
    lattice_phases, PhaseDiagram

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern, lattice_phases
    >>> sorted({p.phase for p in lattice_phases(WeightPattern.two_periodic(2, 1))})
    ['frozen', 'gaseous']
    """

    flux: tuple
    slope: tuple
    phase: str
    sigma: float
    width: float


def _chord(curve, x, y, key):
    """The bubble's extent along ``x`` through ``(x, y)``."""
    from .ronkin import _extent

    p = np.array([x, y])
    return _extent(curve, p, np.array([1.0, 0.0]), key) + _extent(
        curve, p, np.array([-1.0, 0.0]), key
    )


def lattice_phases(P):
    """The phase of every lattice point of the Newton polygon of a periodic weighting.

    Parameters
    ----------
    P : SpectralCurve or anything :func:`~dominotiling.theory.weight_pattern` accepts
        Positive periodic weights.

    Returns
    -------
    list of LatticePhase
        Interior points first (in ``(a, b)`` order), then the boundary ones.

    Raises
    ------
    WeightError
        For zero or negative weights.

    Notes
    -----
    An interior lattice point is gaseous when the maximiser of the Legendre dual
    at that slope (:func:`~dominotiling.theory.surface_tension`) lies in a
    complementary component (the gradient of the Ronkin function is exactly the
    lattice point and its Hessian vanishes). A bubble smaller than the solver's
    resolution (about ``1e-9`` across) is reported as liquid.

    See Also
    --------
    phase_diagram, surface_tension, amoeba

    Examples
    --------
    >>> [p.phase for p in lattice_phases(None)]          # uniform: no gas
    ['liquid', 'frozen', 'frozen', 'frozen', 'frozen']
    """
    from .gibbs import _bubble_centre
    from .surface_tension import _edge_values, _legendre

    curve = curve_of(P)
    curve.pattern.check_positive("the phases")
    n = curve.pattern.n_cells
    out = []
    inner = list(curve.interior_points)
    if inner:
        a = np.array([p[0] for p in inner], dtype=float)
        b = np.array([p[1] for p in inner], dtype=float)
        sig, err, x, y, gas, rn = _legendre(curve, a, b, 1e-8)
        from .ronkin import _is_bubble

        for i, key in enumerate(inner):
            width = 0.0
            gas[i] = gas[i] and _is_bubble(curve, float(x[i]), float(y[i]), key)
            if gas[i]:
                cx, cy = _bubble_centre(curve, float(x[i]), float(y[i]), key)
                width = _chord(curve, cx, cy, key)
            s, t = curve.slope(*key)
            out.append(
                LatticePhase(
                    key,
                    (float(s), float(t)),
                    "gaseous" if gas[i] else "liquid",
                    float(sig[i]) / n,
                    width,
                )
            )
    bnd = list(curve.boundary_points)
    vals = _edge_values(
        curve,
        np.array([p[0] for p in bnd], dtype=float),
        np.array([p[1] for p in bnd], dtype=float),
    )
    for key, v in zip(bnd, vals):
        s, t = curve.slope(*key)
        out.append(LatticePhase(key, (float(s), float(t)), "frozen", float(v) / n, 0.0))
    return out


@dataclass(frozen=True, eq=False)
class PhaseDiagram:
    """The phases of a one-parameter family of periodic weightings.

    Attributes
    ----------
    parameters : numpy.ndarray
    phases : tuple of list of LatticePhase
        :func:`lattice_phases` for each parameter.
    interior : tuple of (int, int)
        The interior lattice points (the family's Newton polygon must not change).
    widths : numpy.ndarray, shape ``(len(parameters), len(interior))``
        The gas bubbles' chords (0 where the point is liquid).
    gaseous : numpy.ndarray of bool, same shape
        Where an interior slope is a gas facet.

    See Also
    --------
    phase_diagram, LatticePhase

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern, phase_diagram
    >>> d = phase_diagram(lambda b: WeightPattern.two_periodic(1, b), [0.5, 1.0])
    >>> d.gaseous.tolist()
    [[True], [False]]
    """

    parameters: np.ndarray
    phases: tuple
    interior: tuple
    widths: np.ndarray
    gaseous: np.ndarray
    label: str = "parameter"

    def gas_slopes(self, i):
        """The Thurston slopes of the gas facets at ``parameters[i]``."""
        return [p.slope for p in self.phases[i] if p.phase == "gaseous"]

    def draw(self, ax=None, **kwargs):
        """:func:`dominotiling.viz.theory.draw_phase_diagram` of this diagram."""
        from ..viz.theory import draw_phase_diagram

        return draw_phase_diagram(self, ax=ax, **kwargs)


def phase_diagram(weights_family, parameters, *, label="parameter"):
    """The phases of a one-parameter family of periodic weightings.

    Parameters
    ----------
    weights_family : callable
        ``weights_family(value)`` returns the weights for one parameter value
        (anything :func:`~dominotiling.theory.weight_pattern` accepts), e.g.
        ``lambda a: WeightPattern.two_periodic(a, 1.0)``.
    parameters : array_like, 1-D
        The parameter values.
    label : str, keyword-only
        The parameter's name, for pictures.

    Returns
    -------
    PhaseDiagram

    Raises
    ------
    DominoTypeError
        If `weights_family` is not callable.
    DominoTilingError
        If the Newton polygon changes along the family (the lattice points would
        not match).

    References
    ----------
    .. [1] R. Kenyon, A. Okounkov, S. Sheffield, "Dimers and amoebae", Ann. of Math.
       163 (2006), 1019-1056.
    .. [2] S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
       diamond", Adv. Math. 294 (2016), 37-149.

    See Also
    --------
    lattice_phases, amoeba, dominotiling.viz.theory.draw_phase_diagram

    Examples
    --------
    >>> from dominotiling.theory import WeightPattern
    >>> d = phase_diagram(lambda a: WeightPattern.two_periodic(a, 1.0), [0.5, 1.0, 2.0], label="a")
    >>> d.gaseous[:, 0].tolist()
    [True, False, True]
    """
    if not callable(weights_family):
        raise DominoTypeError(
            f"weights_family must be a function of the parameter, got {type(weights_family).__name__}; "
            "e.g. lambda a: WeightPattern.two_periodic(a, 1.0)"
        )
    params = np.asarray(parameters, dtype=float)
    if params.ndim != 1 or params.size == 0:
        raise DominoTilingError(
            f"parameters must be a non-empty 1-D array, got shape {params.shape}"
        )
    phases = []
    interior = None
    for p in params.tolist():
        curve = curve_of(weights_family(p))
        if interior is None:
            interior = tuple(curve.interior_points)
        elif tuple(curve.interior_points) != interior:
            raise DominoTilingError(
                f"the Newton polygon changes along the family (at {label} = {p}); phase_diagram "
                "needs one polygon: keep the same zero weights for every parameter"
            )
        phases.append(lattice_phases(curve))
    widths = np.array([[q.width for q in ph if q.flux in interior] for ph in phases]).reshape(
        len(params), len(interior)
    )
    gas = np.array(
        [[q.phase == "gaseous" for q in ph if q.flux in interior] for ph in phases]
    ).reshape(len(params), len(interior))
    return PhaseDiagram(params, tuple(phases), interior, widths, gas, label)
