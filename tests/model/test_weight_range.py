"""Weights keep their value or are refused; products of weights never fall to a false 0 (issue 27)."""

import math
from fractions import Fraction

import numpy as np
import pytest

from dominotiling import Region, Tiling, WeightError, Weights, random_tiling
from dominotiling.statistics.boundary import tracy_widom_cdf, tracy_widom_pdf


@pytest.mark.parametrize("text", ["1e4000", "1e-4000", "1e-330"])
def test_longdouble_beyond_float64_is_refused(text):
    x = np.longdouble(text)
    with pytest.raises(WeightError, match="float64"):
        Weights.by_orientation((2, 2), x, 1.0)
    with pytest.raises(WeightError, match="row 0, col 1"):
        Weights(np.array([[1.0, x]], dtype=np.longdouble), np.zeros((0, 3), dtype=np.longdouble))
    with pytest.raises(WeightError, match="float64"):
        Weights.periodic((3, 3), faces=np.array([[x, 1.0]], dtype=np.longdouble))


def test_longdouble_inside_float64_keeps_its_value():
    x = np.longdouble("1e300")
    w = Weights(np.array([[x, np.longdouble(3) / 7]]), np.zeros((0, 3), dtype=np.longdouble))
    assert w.kind == "float"
    assert w.horizontal.tolist() == [[1e300, 3 / 7]]


@pytest.mark.parametrize(
    "f, exact",
    [
        (lambda r, c, o: 4**r, lambda r, c, o: 4**r),
        (lambda r, c, o: (r + 2) ** 20 + c, lambda r, c, o: (r + 2) ** 20 + c),
        (
            lambda r, c, o: np.uint8(200) * (r + 1) if isinstance(r, np.ndarray) else 200 * (r + 1),
            lambda r, c, o: 200 * (r + 1),
        ),
    ],
)
def test_from_function_does_not_wrap_fixed_width_ints(f, exact):
    w = Weights.from_function((40, 3), f)
    assert w.kind == "int"
    assert w.vertical.tolist() == [[exact(r, c, "v") for c in range(3)] for r in range(39)]
    assert w.horizontal.tolist() == [[exact(r, c, "h") for c in range(2)] for r in range(40)]


def test_from_function_small_ints_stay_int64():
    w = Weights.from_function((3, 3), lambda r, c, o: r + c)
    assert w.horizontal.dtype == np.int64 and w.horizontal.tolist() == [[0, 1], [1, 2], [2, 3]]


@pytest.mark.parametrize(
    "faces, word",
    [([[1e-200, 1e-200], [1.0, 1.0]], "underflows"), ([[1e200, 1e200], [1.0, 1.0]], "overflows")],
)
def test_periodic_face_products_out_of_range_are_refused(faces, word):
    with pytest.raises(WeightError, match=word):
        Weights.periodic((4, 4), faces=faces)


def test_periodic_face_products_in_range_are_products():
    faces = [[1e-150, 2.0], [3.0, 1e-150]]
    w = Weights.periodic((4, 4), faces=faces)
    f = lambda i, j: faces[i % 2][j % 2]  # noqa: E731
    assert w.horizontal.tolist() == [
        [f(r, c + 1) * f(r + 1, c + 1) for c in range(3)] for r in range(4)
    ]
    assert w.vertical.tolist() == [
        [f(r + 1, c) * f(r + 1, c + 1) for c in range(4)] for r in range(3)
    ]
    assert (w.horizontal > 0).all() and (w.vertical > 0).all()


@pytest.mark.parametrize("value", [1e-5, 1e5, 0.3])
def test_tiling_weight_of_a_large_tiling_is_never_a_false_zero_or_inf(value):
    region = Region.rectangle(2, 400)
    weights = Weights.by_orientation(region, value, value)
    t = random_tiling(region, seed=1)
    got = weights.tiling_weight(t)
    assert got > 0 and got != math.inf
    exact = Fraction(value) ** 400  # the exact product of the 400 float weights
    assert abs(Fraction(got) / exact - 1) < 400 * 2.0**-52
    assert weights.tiling_weight(t, log=True) == pytest.approx(400 * math.log(value), rel=1e-12)


def test_tiling_weight_with_a_zero_domino_is_zero():
    region = Region.rectangle(2, 400)
    h = np.full((2, 399), 1e-5)
    v = np.full((1, 400), 1e-5)
    t = random_tiling(region, seed=2)
    d = t.dominoes[0]
    if d[0][0] == d[1][0]:
        h[d[0][0], d[0][1]] = 0.0
    else:
        v[d[0][0], d[0][1]] = 0.0
    weights = Weights(h, v)
    assert weights.tiling_weight(t) == 0
    assert not weights.tiling_weight(t) > 0
    assert weights.tiling_weight(t, log=True) == -math.inf


def test_tiling_weight_exact_kinds_unchanged():
    t = Tiling.from_dominoes(Region.rectangle(2, 2), [((0, 0), (0, 1)), ((1, 0), (1, 1))])
    assert Weights.by_orientation((2, 2), Fraction(1, 3), 5).tiling_weight(t) == Fraction(1, 9)
    assert Weights.by_orientation((2, 2), 10**30, 5).tiling_weight(t) == 10**60


def test_tracy_widom_left_tail_is_positive_and_continuous():
    s = np.linspace(-20, 4, 481)
    pdf, cdf = tracy_widom_pdf(s), tracy_widom_cdf(s)
    assert (pdf > 0).all() and (cdf > 0).all()
    assert (np.diff(cdf) > 0).all()
    assert tracy_widom_pdf(-12) > 0
    # the expansion beyond -8 meets the determinant at -8 (two independent routes)
    for x in (-8.0, -7.5, -7.0):
        det = float(tracy_widom_cdf(x, nodes=200))
        from dominotiling.statistics import boundary

        assert boundary._tw_left_tail(x, False) == pytest.approx(det, rel=1e-6)
    left, right = tracy_widom_pdf(-8.0 - 2e-3), tracy_widom_pdf(-8.0 + 2e-3)
    assert left < right and right / left < 1.1  # F2' grows by about exp(16 * 4e-3) across 4e-3


def test_double_dimer_refuses_unvalidated_labels_in_a_subprocess():
    """It segfaulted: run it where a crash cannot take the test run with it."""
    import os
    import subprocess
    import sys

    code = (
        "from dominotiling import Region, Tiling\n"
        "from dominotiling.errors import DominoTilingError\n"
        "from dominotiling.statistics import double_dimer\n"
        "r = Region.rectangle(2, 2)\n"
        "a = Tiling(r, [[0, 0], [1, 1]])\n"
        "for bad in ([[0, 1], [2, 3]], [[0, 5], [5, 0]], [[0, 0], [0, 0]], [[0, 0], [1, -1]]):\n"
        "    b = Tiling(r, bad, validate=False)\n"
        "    for x, y in ((a, b), (b, a)):\n"
        "        try:\n"
        "            double_dimer(x, y)\n"
        "        except DominoTilingError as err:\n"
        "            assert 'not a tiling' in str(err), err\n"
        "        else:\n"
        "            raise SystemExit('accepted ' + repr(bad))\n"
        "print('ok')\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("ok")
