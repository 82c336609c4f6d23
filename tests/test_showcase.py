"""What a visitor sees first (issue 39): one-line reprs of results with arrays; the curves' genus."""

import numpy as np
import pytest
import sympy

from dominotiling import Region, find_tiling, sample_aztec
from dominotiling.counting.placement import placement_probabilities
from dominotiling.statistics import aztec_boundary_fluctuations
from dominotiling.theory import WeightPattern, spectral_curve, surface_tension
from dominotiling.viz.export import height_mesh


@pytest.mark.parametrize(
    "make",
    [
        lambda: height_mesh(find_tiling(Region.rectangle(30, 30))),
        lambda: aztec_boundary_fluctuations(12, range(6), progress=False),
        lambda: placement_probabilities(Region.rectangle(6, 6)),
        lambda: surface_tension(None, np.linspace(-1, 1, 50), np.zeros(50)),
    ],
)
def test_results_holding_arrays_print_one_line(make):
    text = repr(make())
    assert "\n" not in text and len(text) < 400
    assert "<array " in text  # the arrays by shape, not by value


def test_the_uniform_curve_has_a_node_and_geometric_genus_zero():
    curve = spectral_curve(None)
    assert curve.genus == 1 == len(curve.interior_points)  # the Newton polygon's interior point
    assert curve.singular_points() == [(-1, -1)]
    P = curve.as_poly().as_expr()
    z, w = curve.z, curve.w
    for f in (P, sympy.diff(P, z), sympy.diff(P, w)):  # a singular point, checked by substitution
        assert f.subs({z: -1, w: -1}) == 0
    assert curve.geometric_genus == 0


@pytest.mark.parametrize("a, b, genus", [(2, 1, 1), (3, 3, 0), (1, 5, 1)])
def test_two_periodic_curve_has_genus_one_iff_a_differs_from_b(a, b, genus):
    curve = spectral_curve(WeightPattern.two_periodic(a, b))
    assert curve.geometric_genus == genus
    x, y = sympy.symbols("a b", positive=True)
    symbolic = spectral_curve(WeightPattern.two_periodic(x, y)).geometric_genus
    assert symbolic.subs({x: a, y: b}) == genus


def test_a_sample_repr_names_its_measure():
    assert repr(sample_aztec(6, seed=1, weights=(1, 0.5))) == (
        "<AztecSample of order 6, two-periodic a=1, b=0.5: 42 dominoes>"
    )
