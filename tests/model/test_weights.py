"""Tests of dominotiling.model.weights: constructors, exact value types, immutability, bad input,
the random distributions (statistically), residues, and crops/transposes that follow
Region.narrow_view. Expected values come from explicit loops, closed forms or brute force."""

import math
import os
import pickle
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings

from dominotiling import Region, Tiling
from dominotiling.errors import DominoTilingError, DominoTypeError, TooLargeError, WeightError
from dominotiling.model.weighting import check_weights
from dominotiling.model.weights import Weights

x, y = sympy.symbols("x y")


def _placements(shape):
    m, n = shape
    return [("h", r, c) for r in range(m) for c in range(n - 1)] + [
        ("v", r, c) for r in range(m - 1) for c in range(n)
    ]


def _tiling_weight_by_hand(w, dominoes):
    """Product of the weights of ((r, c), (r2, c2)) pairs, looked up one by one."""
    total = 1
    for (r, c), (r2, _c2) in dominoes:
        total = total * w.value(r, c, "h" if r == r2 else "v")
    return total


# ------------------------------------------------------------------ constructors
def test_uniform_from_region_and_shape():
    for arg in (Region.rectangle(3, 4), (3, 4)):
        w = Weights.uniform(arg)
        assert w.shape == (3, 4) and w.kind == "int" and w.is_uniform
        assert w.horizontal.shape == (3, 3) and w.vertical.shape == (2, 4)
        assert w.horizontal.dtype == np.int64
        assert (w.horizontal == 1).all() and (w.vertical == 1).all()
    one = Weights.uniform((1, 1))
    assert one.horizontal.shape == (1, 0) and one.vertical.shape == (0, 1)


def test_by_orientation_values_and_generating_polynomial_of_2xn():
    # F_n = y F_{n-1} + x^2 F_{n-2} (a vertical domino, or two stacked horizontal ones)
    f = [sympy.Integer(1), y]
    for _ in range(2, 7):
        f.append(sympy.expand(y * f[-1] + x**2 * f[-2]))
    for n in range(1, 7):
        region = Region.rectangle(2, n)
        w = Weights.by_orientation(region, x, y)
        total = sum(_tiling_weight_by_hand(w, t) for t in brute_force_tilings(region.mask))
        assert sympy.expand(total - f[n]) == 0
    w = Weights.by_orientation((2, 3), 2, Fraction(1, 3))
    assert w.kind == "fraction"
    assert w.horizontal.tolist() == [[Fraction(2)] * 2] * 2 and w.vertical.tolist() == [
        [Fraction(1, 3)] * 3
    ]


def test_tiling_weight_matches_brute_force_product():
    region = Region.from_strings(["....", "....", ".##.", "...."])
    w = Weights.random(region, "integers", seed=3, a=1, b=7)
    tilings = brute_force_tilings(region.mask)
    assert tilings
    for pairs in tilings:
        t = Tiling.from_dominoes(region, list(pairs))
        assert w.tiling_weight(t) == _tiling_weight_by_hand(w, pairs)
    assert isinstance(w.tiling_weight(t), int)
    assert Weights.by_orientation(region, Fraction(1, 2), 1).tiling_weight(t) == Fraction(
        1, 2
    ) ** sum(r == r2 for (r, _), (r2, _) in pairs)


def test_periodic_edge_form_follows_the_pattern_by_anchor():
    hp = [[1, 2, 3], [4, 5, 6]]
    vp = [[Fraction(1, 2)], [7], [8]]
    w = Weights.periodic((5, 7), hp, vp)
    assert w.kind == "fraction"
    for o, r, c in _placements((5, 7)):
        expected = hp[r % 2][c % 3] if o == "h" else vp[r % 3][c % 1]
        assert w.value(r, c, o) == expected


def test_periodic_face_form_is_the_product_of_the_two_faces_a_domino_separates():
    faces = [[2, 3, 5], [7, 11, 13]]
    w = Weights.periodic((4, 5), faces=faces)
    F = lambda i, j: faces[i % 2][j % 3]  # noqa: E731
    for o, r, c in _placements((4, 5)):
        # the side shared by the two cells runs between two lattice points
        ends = [(r, c + 1), (r + 1, c + 1)] if o == "h" else [(r + 1, c), (r + 1, c + 1)]
        assert w.value(r, c, o) == F(*ends[0]) * F(*ends[1])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_two_periodic_aztec_faces_match_sample_aztecs_blocks(n):
    a, b = sympy.symbols("a b", positive=True)
    faces = [[1, b], [a, 1]] if n % 2 == 0 else [[b, 1], [1, a]]
    region = Region.aztec_diamond(n)
    w = Weights.periodic(region, faces=faces)
    # sample_aztec: block (i, j) is the 2x2 square with top-left cell (i + j, n - 1 + j - i),
    # its N, S (horizontal) and W, E (vertical) halves weigh a when i + j is even, else b.
    halves = set()
    for i in range(n):
        for j in range(n):
            r, c = i + j, n - 1 + j - i
            want = a if (i + j) % 2 == 0 else b
            for o, rr, cc in (("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)):
                assert w.value(rr, cc, o) == want
                halves.add((o, rr, cc))
    h_in, v_in = Weights.uniform(region).allowed(region)
    inside = {("h", int(r), int(c)) for r, c in np.argwhere(h_in)} | {
        ("v", int(r), int(c)) for r, c in np.argwhere(v_in)
    }
    assert inside == halves  # every placement of the diamond is a half of one block


def test_random_draw_order_is_the_documented_one():
    shape = (4, 5)
    w = Weights.random(shape, "integers", seed=11, a=0, b=100)
    flat = np.random.default_rng(11).integers(0, 100, size=4 * 4 + 3 * 5, endpoint=True)
    assert w.horizontal.ravel().tolist() == flat[:16].tolist()
    assert w.vertical.ravel().tolist() == flat[16:].tolist()
    u = Weights.random(shape, "uniform", seed=np.random.default_rng(5), a=1, b=2)
    assert np.array_equal(
        np.concatenate([u.horizontal.ravel(), u.vertical.ravel()]),
        np.random.default_rng(5).uniform(1, 2, 31),
    )
    assert Weights.random(shape, "gamma", seed=1) == Weights.random(shape, "gamma", seed=1)
    assert Weights.random(shape, "gamma", seed=1) != Weights.random(shape, "gamma", seed=2)


SHAPE = (60, 85)  # 10055 placements
N = 60 * 84 + 59 * 85


def _all(w):
    return np.concatenate([np.asarray(w.horizontal).ravel(), np.asarray(w.vertical).ravel()])


def test_random_bernoulli_frequency_and_kept_types():
    p = 0.3
    w = Weights.random(SHAPE, "bernoulli", seed=1, p=p, a=2, b=1)
    vals = _all(w)
    assert w.kind == "int" and set(vals.tolist()) == {1, 2}
    freq = (vals == 2).mean()
    assert abs(freq - p) < 5 * math.sqrt(p * (1 - p) / N)
    f = Weights.random((3, 3), "bernoulli", seed=2, a=Fraction(1, 2), b=0)
    assert f.kind == "fraction" and set(_all(f).tolist()) <= {Fraction(1, 2), Fraction(0)}
    s = Weights.random((3, 3), "bernoulli", seed=2, a=x, b=1)
    assert s.kind == "symbolic" and set(_all(s).tolist()) <= {x, sympy.Integer(1)}
    zero_one = Weights.random((3, 3), "bernoulli", seed=2)  # Bernoulli(1/2) on {0, 1}
    assert set(_all(zero_one).tolist()) <= {0, 1}


def test_random_uniform_mean_and_range():
    a, b = 1.0, 3.0
    vals = _all(Weights.random(SHAPE, "uniform", seed=2, a=a, b=b))
    assert vals.min() >= a and vals.max() <= b
    assert abs(vals.mean() - (a + b) / 2) < 5 * (b - a) / math.sqrt(12 * N)


def test_random_integers_range_and_mean():
    vals = _all(Weights.random(SHAPE, "integers", seed=3, a=1, b=9))
    assert set(vals.tolist()) == set(range(1, 10))
    assert abs(vals.mean() - 5) < 5 * math.sqrt((81 - 1) / 12 / N)


def test_random_gamma_mean_is_alpha_times_scale():
    alpha, scale = 2.5, 1.0
    vals = _all(Weights.random(SHAPE, "gamma", seed=4, alpha=alpha))
    assert abs(vals.mean() - alpha * scale) < 5 * math.sqrt(alpha / N)
    vals = _all(Weights.random(SHAPE, "gamma", seed=4, alpha=alpha, scale=2.0))
    assert abs(vals.mean() - 5.0) < 5 * 2 * math.sqrt(alpha / N)


def test_random_lognormal_median_is_one():
    vals = _all(Weights.random(SHAPE, "lognormal", seed=5, sigma=0.7))
    below = (vals < 1).mean()
    assert abs(below - 0.5) < 5 * math.sqrt(0.25 / N)
    assert abs(np.log(vals).std() - 0.7) < 0.05


def test_from_function_vectorised_and_per_placement_agree():
    f = lambda r, c, o: (r * 7 + c * 3 + (1 if o == "h" else 2)) % 5  # noqa: E731
    calls = []

    def g(r, c, o):
        calls.append((r, c, o))
        return f(r, c, o)

    a = Weights.from_function((4, 6), f)
    b = Weights.from_function((4, 6), g, vectorized=False)
    assert a == b and len(calls) == 4 * 5 + 3 * 6
    for o, r, c in _placements((4, 6)):
        assert a.value(r, c, o) == f(r, c, o)
    # not vectorisable: falls back to one call per placement
    frac = Weights.from_function((3, 3), lambda r, c, o: Fraction(1, r + c + 1) if o == "h" else 2)
    assert (
        frac.kind == "fraction"
        and frac.value(1, 1, "h") == Fraction(1, 3)
        and frac.value(0, 2, "v") == 2
    )
    with pytest.raises(TypeError):
        Weights.from_function((3, 3), lambda r, c, o: Fraction(1, r + c + 1), vectorized=True)
    sym = Weights.from_function((2, 3), lambda r, c, o: x ** (r + c) if o == "h" else y)
    assert sym.kind == "symbolic" and sym.value(1, 1, "h") == x**2 and sym.value(0, 0, "h") == 1
    with pytest.raises(WeightError, match=r"vertical placement at row 0, col 2.*-1"):
        Weights.from_function((2, 3), lambda r, c, o: -1 if (o, r, c) == ("v", 0, 2) else 1)
    with pytest.raises(DominoTypeError, match="f must be a function"):
        Weights.from_function((2, 3), 5)


def test_from_arrays_shapes_and_one_row():
    w = Weights.from_arrays(np.ones((1, 2), dtype=np.int32), np.zeros((0, 3), dtype=np.int32))
    assert w.shape == (1, 3) and w.kind == "int" and w.vertical.shape == (0, 3)
    w = Weights(np.arange(6).reshape(3, 2), np.arange(6).reshape(2, 3))
    assert w.shape == (3, 3)
    assert w.horizontal.tolist() == [[0, 1], [2, 3], [4, 5]]


# ------------------------------------------------------------------ value types, exactly
def test_value_types_are_kept_exactly():
    big = 2**80 + 1
    w = Weights([[big, 1]], np.zeros((0, 3), dtype=object))
    assert w.kind == "int" and w.horizontal.dtype == object and w.value(0, 0, "h") == big
    assert type(w.value(0, 1, "h")) is int
    small = Weights(np.array([[5, 1]], dtype=np.uint8), np.zeros((0, 3), dtype=np.uint8))
    assert small.horizontal.dtype == np.int64 and small.value(0, 0, "h") == 5
    u = Weights(np.array([[2**64 - 1, 1]], dtype=np.uint64), np.zeros((0, 3), dtype=np.uint64))
    assert u.value(0, 0, "h") == 2**64 - 1  # no wrap-around

    mixed = Weights([[1, Fraction(2, 3)]], np.zeros((0, 3), dtype=object))
    assert mixed.kind == "fraction"
    assert all(type(v) is Fraction for v in mixed.horizontal.ravel())
    assert mixed.horizontal.tolist() == [[Fraction(1), Fraction(2, 3)]]

    f = Weights([[1, Fraction(1, 4)], [2, 0.5]], [[3, 4, 5]])
    assert f.kind == "float" and f.horizontal.dtype == np.float64
    assert f.horizontal.tolist() == [[1.0, 0.25], [2.0, 0.5]]

    s = Weights([[1, x], [Fraction(1, 2), 0.5]], [[y**2 + 1, 2, 3]])
    assert s.kind == "symbolic"
    assert s.value(0, 1, "h") is x and s.value(0, 0, "v") == y**2 + 1
    assert s.value(1, 0, "h") == sympy.Rational(1, 2) and isinstance(
        s.value(0, 0, "h"), sympy.Integer
    )
    assert s.symbols() == (x, y)

    sym_number = Weights([[sympy.Integer(2), 1]], np.zeros((0, 3), dtype=object))
    assert sym_number.kind == "symbolic"  # any sympy object
    assert Weights([[-0.0, 1.0]], np.zeros((0, 3))).horizontal.tolist()[0][0] == 0.0
    assert math.copysign(1, Weights([[-0.0, 1.0]], np.zeros((0, 3))).horizontal[0, 0]) == 1


def test_zero_weights_forbid_placements():
    region = Region.from_strings(["...", ".#.", "..."])
    w = Weights.from_function(region, lambda r, c, o: 0 if (o, r, c) == ("h", 0, 0) else 1)
    h, v = w.allowed(region)
    assert not h[0, 0] and h[0, 1] and not h[1, 0] and not v[0, 1] and v[0, 0]
    h2, v2 = w.allowed()
    assert not h2[0, 0] and h2[1, 0] and v2.all()
    s = Weights.by_orientation((2, 2), x - x, (x + 1) ** 2 - x**2 - 2 * x - 1)
    assert not s.allowed()[0].any() and not s.allowed()[1].any()
    assert Weights.by_orientation((2, 2), x, 0).allowed()[0].all()


# ------------------------------------------------------------------ immutability
@pytest.mark.parametrize(
    "w",
    [
        Weights.uniform((3, 4)),
        Weights.random((3, 4), "gamma", seed=0),
        Weights.by_orientation((3, 4), Fraction(1, 2), 3),
        Weights.by_orientation((3, 4), x, y),
        Weights([[2**70, 1], [1, 1]], [[1, 2, 3]]),
    ],
    ids=["int", "float", "fraction", "symbolic", "bigint"],
)
def test_weights_cannot_be_changed(w):
    before = (w.horizontal.tolist(), w.vertical.tolist(), hash(w))
    for arr in (w.horizontal, w.vertical):
        with pytest.raises(ValueError):
            arr.setflags(write=True)
        with pytest.raises(ValueError):
            arr[...] = 0
        base = arr.base
        if (
            isinstance(base, np.ndarray) and base.dtype == object
        ):  # a private copy: changing it changes nothing
            base.setflags(write=True)
            base[...] = 7
    assert (w.horizontal.tolist(), w.vertical.tolist()) == before[:2]
    w2 = pickle.loads(pickle.dumps(w))
    assert w2 == w and hash(w2) == hash(w) and w2.kind == w.kind
    assert w2.horizontal.dtype == w.horizontal.dtype
    with pytest.raises(ValueError):
        w2.horizontal.setflags(write=True)


def test_equality_and_hash_follow_values():
    a = Weights.by_orientation((3, 3), 2, 5)
    b = Weights.from_function((3, 3), lambda r, c, o: 2 if o == "h" else 5)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Weights.by_orientation((3, 3), Fraction(2), Fraction(5))  # another kind
    assert a != Weights.by_orientation((3, 3), 2, 4) and a != Weights.by_orientation((3, 4), 2, 5)
    big = Weights([[2**70, 1], [1, 1]], [[1, 2, 3]])
    assert big.horizontal.dtype == object
    small = Weights([[1], [1]], [[2, 3]])
    assert big.crop(0, 1, 2, 2) == small and hash(big.crop(0, 1, 2, 2)) == hash(
        small
    )  # storage follows values
    assert big.crop(0, 1, 2, 2).horizontal.dtype == np.int64


def test_pickled_weights_hash_like_fresh_ones_in_another_interpreter(tmp_path):
    objs = (
        Weights.by_orientation((3, 3), x, y),
        Weights.random((3, 3), "uniform", seed=1),
        Weights.by_orientation((3, 3), Fraction(1, 3), 2),
    )
    for w in objs:
        hash(w)  # fill the caches before pickling
    path = tmp_path / "w.pkl"
    path.write_bytes(pickle.dumps(objs))
    code = (
        "import pickle, sys, sympy\n"
        "from fractions import Fraction\n"
        "from dominotiling.model.weights import Weights\n"
        "x, y = sympy.symbols('x y')\n"
        f"objs = pickle.load(open({str(path)!r}, 'rb'))\n"
        "fresh = (Weights.by_orientation((3, 3), x, y), Weights.random((3, 3), 'uniform', seed=1),\n"
        "         Weights.by_orientation((3, 3), Fraction(1, 3), 2))\n"
        "for a, b in zip(objs, fresh):\n"
        "    assert a == b and hash(a) == hash(b), ('hash carried', a)\n"
        "    try:\n"
        "        a.horizontal.setflags(write=True)\n"
        "        sys.exit('writeable after unpickling')\n"
        "    except ValueError:\n"
        "        pass\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    "value, words",
    [
        (-1, "-1"),
        (Fraction(-1, 2), "Fraction(-1, 2)"),
        (-0.5, "-0.5"),
        (float("nan"), "nan"),
        (float("inf"), "inf"),
        (np.float32(-2), "-2.0"),
    ],
)
def test_negative_nan_inf_name_the_placement_and_value(value, words):
    h = np.ones((3, 3), dtype=object)
    h[1, 2] = value
    with pytest.raises(WeightError) as err:
        Weights(h, np.ones((2, 4)))
    msg = str(err.value)
    assert "horizontal placement at row 1, col 2" in msg and words in msg
    assert isinstance(err.value, DominoTilingError) and isinstance(err.value, ValueError)


def test_bad_numpy_arrays_name_the_first_bad_placement():
    v = np.ones((2, 4))
    v[1, 3] = -3.0
    with pytest.raises(
        WeightError, match=r"vertical placement at row 1, col 3 \(cells \(1, 3\)-\(2, 3\)\).*-3\.0"
    ):
        Weights(np.ones((3, 3)), v)
    v[1, 3] = np.nan
    with pytest.raises(WeightError, match="finite"):
        Weights(np.ones((3, 3)), v)
    with pytest.raises(WeightError, match=r"row 0, col 1.*-4"):
        Weights(np.array([[1, -4]]), np.zeros((0, 3), dtype=int))


@pytest.mark.parametrize("value", [1 + 2j, np.complex128(3), sympy.I, 2 + sympy.I * x])
def test_complex_weights_are_refused(value):
    with pytest.raises(DominoTypeError, match="complex"):
        Weights.by_orientation((2, 2), value, 1)
    with pytest.raises(DominoTypeError, match="complex"):
        Weights([[1, value]], np.zeros((0, 3), dtype=object))


def test_complex_arrays_are_refused():
    with pytest.raises(DominoTypeError, match="complex"):
        Weights(np.ones((2, 1), dtype=complex), np.ones((1, 2)))


@pytest.mark.parametrize(
    "value, cls, words",
    [
        (True, DominoTypeError, "bool"),
        ("2", DominoTypeError, "must be an int"),
        (None, DominoTypeError, "must be an int"),
        (sympy.Symbol("n", negative=True), WeightError, "non-negative"),
        (-(sympy.Symbol("r", real=True) ** 2) - 1, WeightError, "non-negative"),
        (sympy.oo, WeightError, "finite"),
        (sympy.nan, WeightError, "finite"),
    ],
)
def test_other_bad_scalars(value, cls, words):
    with pytest.raises(cls, match=words):
        Weights.by_orientation((2, 2), 1, value)


def test_wrong_shapes_are_named():
    with pytest.raises(
        WeightError,
        match=r"horizontal has shape \(3, 3\) and vertical \(3, 4\), which fit no region",
    ):
        Weights(np.ones((3, 3)), np.ones((3, 4)))
    with pytest.raises(WeightError, match="2-D"):
        Weights(np.ones(3), np.ones((2, 4)))
    with pytest.raises(WeightError, match=r"numpy.zeros\(\(0, n\)\)"):
        Weights([[1, 1]], [])
    with pytest.raises(DominoTypeError, match="rows have different lengths"):
        Weights([[1, 1], [1]], np.ones((1, 3)))
    with pytest.raises(DominoTypeError, match="booleans"):
        Weights(np.ones((2, 1), dtype=bool), np.ones((1, 2), dtype=bool))
    w = Weights.uniform((3, 4))
    with pytest.raises(WeightError, match=r"shape \(3, 4\) but the region has shape \(4, 3\)"):
        w.check_shape(Region.rectangle(4, 3))
    assert w.check_shape(Region.rectangle(3, 4)) is w
    with pytest.raises(WeightError, match=r"\(3, 4\).*mask has shape \(3, 5\)"):
        w.allowed(np.ones((3, 5), dtype=bool))
    with pytest.raises(WeightError, match=r"\(3, 4\).*\(2, 2\)"):
        w.restrict(Region.rectangle(2, 2))
    with pytest.raises(DominoTilingError, match="shape"):
        Weights.uniform((0, 3))
    with pytest.raises(DominoTypeError, match="Region or a shape"):
        Weights.uniform(5)
    with pytest.raises(WeightError, match="does not fit"):
        w.crop(1, 1, 3, 3)


def test_periodic_bad_input():
    with pytest.raises(DominoTilingError, match="both"):
        Weights.periodic((3, 3), [[1]], [[1]], faces=[[1]])
    with pytest.raises(DominoTilingError, match="needs both"):
        Weights.periodic((3, 3), [[1]])
    with pytest.raises(WeightError, match="at least one entry"):
        Weights.periodic((3, 3), np.ones((0, 2)), [[1]])
    with pytest.raises(WeightError, match=r"horizontal\[0, 1\] has weight -2"):
        Weights.periodic((3, 3), [[1, -2]], [[1]])
    with pytest.raises(WeightError, match=r"faces\[1, 0\] has weight nan"):
        Weights.periodic((3, 3), faces=[[1.0, 2.0], [float("nan"), 1.0]])


@pytest.mark.parametrize(
    "kwargs, cls, words",
    [
        (dict(dist="normal"), DominoTilingError, "unknown dist 'normal'"),
        (dict(dist="bernoulli", p=1.5), DominoTilingError, "p must be at most 1"),
        (dict(dist="bernoulli", a=-1), WeightError, "non-negative"),
        (dict(dist="bernoulli", q=0.1), DominoTypeError, "unknown parameter.*q.*p, a, b"),
        (dict(dist="uniform", a=2, b=1), DominoTilingError, "b must be at least 2"),
        (dict(dist="uniform", a=-1), DominoTilingError, "a must be at least 0"),
        (dict(dist="integers", a=1), DominoTilingError, "needs b"),
        (dict(dist="integers", a=1.5, b=3), DominoTypeError, "a must be an integer"),
        (dict(dist="gamma", alpha=0), DominoTilingError, "alpha must be greater than 0"),
        (dict(dist="gamma", sigma=1), DominoTypeError, "unknown parameter.*sigma"),
        (dict(dist="lognormal", sigma=-1), DominoTilingError, "sigma must be at least 0"),
        (dict(dist="lognormal", seed=-3), DominoTilingError, "seed"),
    ],
)
def test_random_bad_parameters(kwargs, cls, words):
    with pytest.raises(cls, match=words):
        Weights.random((3, 3), **kwargs)


@pytest.mark.parametrize(
    "build",
    [
        lambda s: Weights.uniform(s),
        lambda s: Weights.by_orientation(s, Fraction(1, 2), 1),
        lambda s: Weights.random(s, "gamma", seed=0),
        lambda s: Weights.random(s, "bernoulli", seed=0, a=x, b=1),
        lambda s: Weights.periodic(s, [[1, 2]], [[3]]),
        lambda s: Weights.from_function(s, lambda r, c, o: 1),
    ],
)
def test_huge_shapes_are_refused_before_allocating(build):
    import tracemalloc

    tracemalloc.start()
    try:
        with pytest.raises(TooLargeError, match="domino weights"):
            build((10**6, 10**6))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * 2**20


def test_seed_is_keyword_only():
    with pytest.raises(TypeError):
        Weights.random((3, 3), "gamma", 1)


# ------------------------------------------------------------------ numbers for kernels
def test_as_float():
    h, v = Weights.by_orientation((2, 3), Fraction(1, 3), 2).as_float()
    assert (
        h.dtype == np.float64 and h.tolist() == [[1 / 3, 1 / 3]] * 2 and v.tolist() == [[2.0] * 3]
    )
    with pytest.raises(ValueError):
        h.setflags(write=True)
    h, _ = Weights.by_orientation((2, 2), sympy.sqrt(2), 1).as_float()
    assert h[0, 0] == math.sqrt(2)
    with pytest.raises(DominoTypeError, match=r"symbolic \(in x, y\).*substitute"):
        Weights.by_orientation((2, 2), x, y).as_float()
    with pytest.raises(WeightError, match="too large for a float64"):
        Weights.by_orientation((2, 2), 10**400, 1).as_float()
    with pytest.raises(WeightError, match="too small"):
        Weights.by_orientation((2, 2), Fraction(1, 10**400), 1).as_float()


@pytest.mark.parametrize("p", [7, 101, 2**31 - 1, 2**61 - 1, 9223372036854775783])
def test_as_int_mod_matches_pow_inverse(p):
    rng = np.random.default_rng(p % 1000)
    shape = (4, 5)
    vals = {
        (o, r, c): Fraction(int(rng.integers(0, 10**6)), int(rng.integers(1, 10**6)))
        for o, r, c in _placements(shape)
    }
    vals = {k: f for k, f in vals.items() if f.denominator % p}  # p must not divide a denominator
    w = Weights.from_function(
        shape, lambda r, c, o: vals.get((o, r, c), Fraction(0)), vectorized=False
    )
    h, v = w.as_int_mod(p)
    assert h.dtype == np.int64
    for o, r, c in _placements(shape):
        f = vals.get((o, r, c), Fraction(0))
        expected = f.numerator * pow(f.denominator, -1, p) % p
        assert (h if o == "h" else v)[r, c] == expected
    big = Weights([[2**100 + 3, 5]], np.zeros((0, 3), dtype=object))
    assert big.as_int_mod(p)[0].tolist() == [[(2**100 + 3) % p, 5 % p]]
    ints = Weights.random(shape, "integers", seed=0, a=0, b=10**12)
    hh, vv = ints.as_int_mod(p)
    assert hh.tolist() == [[x_ % p for x_ in row] for row in ints.horizontal.tolist()]


def test_as_int_mod_two_to_the_64_and_refusals():
    w = Weights.by_orientation((2, 2), Fraction(3, 5), 2**63 - 1)
    for mod in (0, 2**64):
        h, v = w.as_int_mod(mod)
        assert h.dtype == np.uint64
        assert int(h[0, 0]) == 3 * pow(5, -1, 2**64) % 2**64 and int(v[0, 0]) == 2**63 - 1
    with pytest.raises(
        WeightError, match=r"denominator 5 has no inverse modulo 5.*denominator_lcm\(\) = 5"
    ):
        w.as_int_mod(5)
    with pytest.raises(DominoTypeError, match="float"):
        Weights.random((2, 2), "gamma", seed=0).as_int_mod(7)
    with pytest.raises(DominoTypeError, match="symbolic"):
        Weights.by_orientation((2, 2), x, 1).as_int_mod(7)
    with pytest.raises(DominoTilingError, match="at least 2"):
        w.as_int_mod(1)


def test_denominator_lcm_and_scaling():
    shape = (3, 4)
    dens = [2, 3, 4, 9, 25]
    w = Weights.from_function(
        shape, lambda r, c, o: Fraction(r + c + 1, dens[(r + 2 * c) % 5]), vectorized=False
    )
    assert w.denominator_lcm() == math.lcm(
        *{
            dens[(r + 2 * c) % 5] // math.gcd(r + c + 1, dens[(r + 2 * c) % 5])
            for _, r, c in _placements(shape)
        }
    )
    L = w.denominator_lcm()
    assert all(float(L * f).is_integer() for f in w.horizontal.ravel())
    assert Weights.uniform(shape).denominator_lcm() == 1
    with pytest.raises(DominoTypeError):
        Weights.random(shape, "uniform", seed=0).denominator_lcm()


def test_log2_max_bounds_the_largest_allowed_weight():
    w = Weights.from_function((3, 3), lambda r, c, o: 1000 if (o, r, c) == ("h", 0, 0) else 9)
    top = w.log2_max()
    assert math.log2(1000) <= top < math.log2(1000) + 1e-9
    region = Region.from_strings(["#..", "...", "..."])  # cuts the 1000 out
    assert math.log2(9) <= w.log2_max(region) < math.log2(9) + 1e-9
    assert Weights.by_orientation((2, 2), 0, 0).log2_max() == -math.inf
    f = Weights.by_orientation((2, 2), Fraction(1, 3), Fraction(1, 5))
    assert math.log2(1 / 3) <= f.log2_max() < math.log2(1 / 3) + 1e-9
    assert Weights.by_orientation((2, 2), 2**3000, 1).log2_max() >= 3000
    with pytest.raises(DominoTypeError):
        Weights.by_orientation((2, 2), x, 1).log2_max()


def test_symbols_and_substitute():
    w = Weights.by_orientation((2, 3), x**2, x * y)
    assert w.symbols() == (x, y)
    a = w.substitute({x: 2, y: 3})
    assert a.kind == "int" and a == Weights.by_orientation((2, 3), 4, 6)
    b = w.substitute({"x": Fraction(1, 2), "y": 2})
    assert b.kind == "fraction" and b.value(0, 0, "h") == Fraction(1, 4)
    c = w.substitute({x: 0.5, y: 1})
    assert c.kind == "float" and c.value(0, 0, "v") == 0.5
    d = w.substitute({x: -1, y: -1})  # x**2 and x*y stay non-negative
    assert d.value(0, 0, "h") == 1
    assert w.substitute({x: 3}).symbols() == (y,)
    with pytest.raises(WeightError, match=r"vertical placement at row 0, col 0.*-1"):
        w.substitute({x: 1, y: -1})
    with pytest.raises(DominoTilingError, match="'z' is not a symbol"):
        w.substitute({"z": 1})
    with pytest.raises(DominoTypeError, match="mapping"):
        w.substitute([(x, 1)])
    assert Weights.uniform((2, 2)).substitute({x: 1}) == Weights.uniform((2, 2))


# ------------------------------------------------------------------ following the region
def test_transpose_swaps_orientations():
    w = Weights.random((3, 5), "integers", seed=0, a=0, b=50)
    t = w.transpose()
    assert t.shape == (5, 3)
    for o, r, c in _placements((3, 5)):
        assert t.value(c, r, "v" if o == "h" else "h") == w.value(r, c, o)
    assert t.transpose() == w
    region = Region.from_strings(["..#..", ".....", "#...."])
    th, tv = t.allowed(region.transpose())
    h, v = w.allowed(region)
    assert np.array_equal(th, v.T) and np.array_equal(tv, h.T)


def test_crop_and_narrow_follow_region_narrow_view():
    rng = np.random.default_rng(7)
    for trial in range(30):
        m, n = int(rng.integers(2, 8)), int(rng.integers(2, 8))
        mask = np.zeros((m, n), dtype=bool)
        r0, c0 = int(rng.integers(0, m)), int(rng.integers(0, n))
        mask[r0:, c0:] = rng.random((m - r0, n - c0)) < 0.8
        if not mask.any():
            continue
        region = Region(mask)
        w = Weights.random(region, "integers", seed=trial, a=0, b=5)
        nmask, (orow, ocol), transposed = region.narrow_view()
        nw = w.narrow(nmask, (orow, ocol), transposed)
        assert nw.shape == nmask.shape

        def original(i, j, orow=orow, ocol=ocol, transposed=transposed):
            # a cell of the narrow mask, in the region
            return (orow + j, ocol + i) if transposed else (orow + i, ocol + j)

        for o, r, c in _placements(nw.shape):
            a = original(r, c)
            b = original(r, c + 1) if o == "h" else original(r + 1, c)
            (ar, ac), (br, bc) = sorted([a, b])
            assert nw.value(r, c, o) == w.value(ar, ac, "h" if ar == br else "v")
        nh, nv = nw.allowed(nmask)
        h, v = w.allowed(region)
        assert int(nh.sum() + nv.sum()) == int(
            h.sum() + v.sum()
        )  # nothing inside the region is lost
    full = Weights.random((4, 4), "gamma", seed=1)
    assert full.crop(0, 0, 4, 4) == full
    empty = Region(np.zeros((3, 3), dtype=bool)).narrow_view()
    assert full.crop(0, 0, 0, 0).shape == (0, 0) and Weights.uniform((3, 3)).narrow(
        *empty
    ).shape == (0, 0)


def test_restrict_zeroes_placements_outside_the_region():
    region = Region.from_strings(["..#", "...", "#.."])
    for w in (
        Weights.by_orientation(region, 2, 3),
        Weights.by_orientation(region, Fraction(1, 2), x),
        Weights.random(region, "gamma", seed=0),
    ):
        r = w.restrict(region)
        assert r.kind == w.kind
        h, v = w.allowed(region)
        assert np.array_equal(r.allowed()[0], h) and np.array_equal(r.allowed()[1], v)
        for o, rr, cc in _placements(region.shape):
            inside = (h if o == "h" else v)[rr, cc]
            assert r.value(rr, cc, o) == (w.value(rr, cc, o) if inside else 0)


# ------------------------------------------------------------------ display
def test_repr_and_html_summary():
    w = Weights.from_function((3, 4), lambda r, c, o: 0 if (o, r, c) == ("v", 1, 1) else r + 2)
    text = repr(w)
    assert (
        "3x4" in text
        and "int" in text
        and "17 placements" in text
        and "[2, 4]" in text
        and "1 zero" in text
    )
    page = w._repr_html_()
    assert (
        "<table" in page and "3 x 4" in page and ">int<" in page and ">2<" in page and ">4<" in page
    )
    s = Weights.by_orientation((2, 2), x, y)
    assert "x, y" in repr(s) and "x, y" in s._repr_html_()
    assert "&lt;" in Weights.by_orientation((2, 2), sympy.Symbol("<b>"), 1)._repr_html_()


def test_check_weights_for_front_doors():
    region = Region.rectangle(2, 3)
    assert check_weights(None, region) is None
    w = Weights.uniform(region)
    assert check_weights(w, region) is w
    with pytest.raises(WeightError, match=r"\(2, 3\).*\(3, 2\)"):
        check_weights(w, region.transpose())
    with pytest.raises(DominoTypeError, match=r"block weights.*not Region.aztec_diamond"):
        check_weights(np.ones((2, 2)), region)
