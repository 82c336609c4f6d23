"""The infinite-volume theory of the square-grid dimer model with periodic weights.

Spectral curves and Newton polygons (:mod:`.spectral`), amoebas and phases
(:mod:`.amoeba`), Ronkin functions and free energies (:mod:`.ronkin`), surface
tension (:mod:`.surface_tension`; as a smooth table for the limit-shape solver,
:mod:`.tension_table`), limit shapes and arctic curves (:mod:`.limit_shape`), the
ergodic Gibbs measures and their local statistics (:mod:`.gibbs`), and phase
diagrams of families of weights (:mod:`.phases`), after Kenyon, Okounkov and Sheffield, "Dimers and amoebae",
Ann. of Math. 163 (2006).

Heights are the library's Thurston units (:mod:`dominotiling.matching.height`); a slope
``(s, t)`` is the height change per column to the right and per row downwards.

Examples
--------
>>> from dominotiling.theory import spectral_curve, free_energy
>>> spectral_curve(None).genus
1
"""

from .amoeba import Amoeba, AmoebaComponent, amoeba, real_ovals, real_points
from .gibbs import GibbsMeasure, Probability, gibbs_measure
from .limit_shape import LimitShape, limit_shape
from .phases import LatticePhase, PhaseDiagram, lattice_phases, phase_diagram
from .ronkin import FreeEnergy, RonkinValue, free_energy, ronkin
from .spectral import SpectralCurve, WeightPattern, spectral_curve, weight_pattern
from .surface_tension import SurfaceTension, lobachevsky, surface_tension, uniform_surface_tension

__all__ = [
    "Amoeba",
    "AmoebaComponent",
    "amoeba",
    "real_points",
    "real_ovals",
    "GibbsMeasure",
    "Probability",
    "gibbs_measure",
    "WeightPattern",
    "weight_pattern",
    "SpectralCurve",
    "spectral_curve",
    "RonkinValue",
    "ronkin",
    "FreeEnergy",
    "free_energy",
    "LatticePhase",
    "lattice_phases",
    "PhaseDiagram",
    "phase_diagram",
    "SurfaceTension",
    "surface_tension",
    "uniform_surface_tension",
    "lobachevsky",
    "LimitShape",
    "limit_shape",
]
