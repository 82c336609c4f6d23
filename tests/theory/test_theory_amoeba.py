"""Amoebas and phases: the two-periodic bubble against its closed form, boundaries, phase diagrams, pictures."""

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest
from scipy.integrate import quad

from dominotiling.errors import DominoTilingError, DominoTypeError, WeightError
from dominotiling.theory import WeightPattern, amoeba, lattice_phases, phase_diagram, spectral_curve
from dominotiling.viz.theory import (
    draw_amoeba,
    draw_newton_polygon,
    draw_phase_diagram,
    draw_surface_tension,
)


def _bubble(a, b):
    """Chhita-Johansson's curve 2(a^2+b^2) + ab(z + 1/z + w + 1/w): the gas bubble is cosh u + cosh v < c."""
    c = (a * a + b * b) / (a * b)
    if c <= 2:
        return 0.0, 0.0
    umax = np.arccosh(c - 1)
    area = 4 * quad(lambda u: np.arccosh(c - np.cosh(u)), 0, umax)[0]
    return area, 2 * umax


@pytest.mark.parametrize("a, b", [(2.0, 1.0), (0.5, 1.0), (1.3, 1.0), (1.0, 1.0), (3.0, 3.0)])
def test_two_periodic_genus_one_and_a_bubble_iff_a_differs_from_b(a, b):
    pattern = WeightPattern.two_periodic(a, b)
    assert spectral_curve(pattern).genus == 1
    am = amoeba(pattern, resolution=300)
    bounded = [c for c in am.components if c.bounded]
    area, _ = _bubble(a, b)
    if a == b:
        assert bounded == [] and am.gaseous() == []
    else:
        assert len(bounded) == 1 and bounded[0].order == (0, 0) and bounded[0].phase == "gaseous"
        assert bounded[0].area == pytest.approx(area, rel=0.02)
    frozen = sorted(c.order for c in am.components if c.phase == "frozen")
    assert frozen == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert all(not c.bounded for c in am.components if c.phase == "frozen")


def test_orders_of_the_complement_are_the_gradient_of_ronkin():
    from dominotiling.theory import ronkin

    rng = np.random.default_rng(0)
    pattern = WeightPattern(rng.uniform(0.3, 3, (3, 3)), rng.uniform(0.3, 3, (3, 3)))
    am = amoeba(pattern, resolution=120)
    outside = ~am.inside
    iy, ix = np.nonzero(outside)
    pick = rng.choice(len(ix), 40, replace=False)
    r = ronkin(pattern, am.x[ix[pick]], am.y[iy[pick]])
    assert np.allclose(r.gradient, am.order[iy[pick], ix[pick]], atol=1e-9)
    # on the amoeba the gradient is not a lattice point (away from its boundary)
    inner = am.inside.copy()
    for sh in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        inner &= np.roll(am.inside, sh, axis=(0, 1))
    iy, ix = np.nonzero(inner)
    pick = rng.choice(len(ix), 40, replace=False)
    g = ronkin(pattern, am.x[ix[pick]], am.y[iy[pick]]).gradient
    assert np.all(np.abs(g - np.round(g)).max(axis=1) > 1e-6)


def test_real_points_lie_on_the_boundary():
    pattern = WeightPattern.two_periodic(2.0, 1.0)
    am = amoeba(pattern, resolution=300)
    x0, x1, y0, y1 = am.x[0], am.x[-1], am.y[0], am.y[-1]
    n = len(am.x)
    pts = np.concatenate([p for p in am.boundary.values() if len(p)])
    assert len(pts) > 100
    ix = np.round((pts[:, 0] - x0) / (x1 - x0) * (n - 1)).astype(int)
    iy = np.round((pts[:, 1] - y0) / (y1 - y0) * (n - 1)).astype(int)
    keep = (ix > 2) & (ix < n - 3) & (iy > 2) & (iy < n - 3)
    for i, j in zip(iy[keep], ix[keep]):
        window = am.inside[i - 2 : i + 3, j - 2 : j + 3]
        assert window.any() and not window.all()
    # the oval of the gas bubble: real points with z, w < 0 around (0, 0), on cosh u + cosh v = 2.5
    oval = am.ovals[0]
    assert len(oval) > 20
    assert np.cosh(oval[:, 0]) + np.cosh(oval[:, 1]) == pytest.approx(
        np.full(len(oval), 2.5), abs=0.05
    )


def test_phase_diagram_of_the_two_periodic_family():
    params = [0.4, 0.8, 1.0, 1.25, 2.5]
    d = phase_diagram(lambda a: WeightPattern.two_periodic(a, 1.0), params, label="a")
    assert d.interior == ((0, 0),)
    assert d.gaseous[:, 0].tolist() == [True, True, False, True, True]
    for i, a in enumerate(params):
        assert d.widths[i, 0] == pytest.approx(_bubble(a, 1.0)[1], abs=2e-3)
    assert d.gas_slopes(0) == [(0.0, 0.0)] or d.gas_slopes(0) == [(-0.0, -0.0)]
    assert d.gas_slopes(2) == []


def test_lattice_phases():
    phases = lattice_phases(None)
    assert [p.phase for p in phases] == ["liquid"] + ["frozen"] * 4
    assert [p.sigma for p in phases[1:]] == pytest.approx([0, 0, 0, 0], abs=1e-14)
    rng = np.random.default_rng(0)
    pattern = WeightPattern(rng.uniform(0.3, 3, (3, 3)), rng.uniform(0.3, 3, (3, 3)))
    am = amoeba(pattern, resolution=400)
    ph = {p.flux: p.phase for p in lattice_phases(pattern)}
    # every bubble the grid sees is a gaseous lattice point
    for c in am.gaseous():
        assert ph[c.order] == "gaseous"


def test_bad_input():
    with pytest.raises(WeightError, match="positive"):
        amoeba(WeightPattern([[1, 0]], [[1]]))
    with pytest.raises(DominoTilingError, match="empty"):
        amoeba(None, x_range=(1, 0))
    with pytest.raises(DominoTypeError):
        phase_diagram("two-periodic", [1.0])

    def family(a):
        return (
            WeightPattern.two_periodic(a, 1.0)
            if a < 1
            else WeightPattern(np.ones((4, 4)) * a, np.ones((4, 4)))
        )

    with pytest.raises(DominoTilingError, match="Newton polygon changes"):
        phase_diagram(family, [0.5, 2.0])


def test_pictures():
    import matplotlib.pyplot as plt

    am = amoeba(WeightPattern.two_periodic(2.0, 1.0), resolution=60)
    ax = draw_amoeba(am)
    assert len(ax.figure.axes) == 2 and len(ax.images) == 1
    fig, (a1, a2) = plt.subplots(1, 2)
    assert draw_amoeba(am, ax=a1, newton_ax=a2) is a1
    assert len(a2.lines) == 6  # the outline, four corners and the centre
    assert a2.lines[-1].get_color() == "#3c7dc4"  # the gas point is blue
    ax = draw_newton_polygon(am.curve, coordinates="slope", amoeba=am)
    assert ax.get_xlabel().startswith("s")
    ax = draw_surface_tension(None, num=15)
    assert len(ax.images) == 1
    d = phase_diagram(lambda a: WeightPattern.two_periodic(a, 1.0), [0.5, 1.0], label="a")
    ax = draw_phase_diagram(d)
    assert ax.get_xlabel() == "a"


def test_memory_budget_is_checked_before_the_grid():
    from dominotiling._options import set_options
    from dominotiling.errors import TooLargeError

    with set_options(memory_limit="1 MiB"):
        with pytest.raises(TooLargeError, match="amoeba"):
            amoeba(None, resolution=2000)


def test_polynomial_form():
    poly = spectral_curve(None).as_poly()
    z, w = poly.gens
    assert poly.as_expr() == (z * w * (4 + z + 1 / z + w + 1 / w)).expand()
