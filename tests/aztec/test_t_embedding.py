"""Perfect t-embeddings of the Aztec diamond: the defining properties, checked here from the plain arrays.

The checks are written again in this file (their own arithmetic), so that they do
not lean on :mod:`dominotiling.aztec.t_properties`: exact ones in Fractions from
the sympy numbers of exact runs, float ones with numpy; the face weights come from
the weights themselves, the Kasteleyn signs from :func:`dominotiling.kasteleyn_matrix`,
the uniform limit from a numerical Poisson integral.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy

from dominotiling import Region, Weights, kasteleyn_matrix, set_options
from dominotiling.aztec import TEmbedding, t_embedding, uniform_t_limit
from dominotiling.aztec.t_limit import uniform_limit_error
from dominotiling.errors import DominoTypeError, TooLargeError, WeightError
from dominotiling.theory import WeightPattern


# ----------------------------------------------------------------- helpers
def _pairs(te):
    """``(D, [(a, b)])``: T = a + b i sqrt(D) with Fractions, read off the sympy numbers."""
    D = Fraction(te.field)
    root = sympy.sqrt(sympy.Rational(D.numerator, D.denominator))

    def frac(x):
        assert x.is_Rational, x
        return Fraction(int(x.p), int(x.q))

    out = []
    for z in te.T_exact:
        z = sympy.expand(z)
        im = z.coeff(sympy.I)  # a rational times sqrt(D), written as sympy writes sqrt(D)
        out.append((frac(z - sympy.I * im), frac(im / root)))
    return D, out


def _mul(x, y, D):
    return (x[0] * y[0] - D * x[1] * y[1], x[0] * y[1] + x[1] * y[0])


def _sub(x, y):
    return (x[0] - y[0], x[1] - y[1])


def _conj(x):
    return (x[0], -x[1])


def _div(x, y, D):
    m = y[0] * y[0] + D * y[1] * y[1]
    z = _mul(x, _conj(y), D)
    return (z[0] / m, z[1] / m)


def _around(te):
    """{inner vertex: [(white, prev, next)]} from the faces (each face gives a corner to each vertex)."""
    inner = set(range(len(te.T))) - set(te.corners.tolist())
    out = {v: [] for v in inner}
    for color, vs in te.faces:
        vs = vs.tolist()
        for k, v in enumerate(vs):
            if v in out:
                out[v].append((color == "white", vs[k - 1], vs[(k + 1) % len(vs)]))
    return out


def _weights_face(te, h, v):
    """The alternating product of the weights around the face of lattice point (x, y) (CLR's orientation)."""
    n = te.n
    out = {}
    for k, (x, y) in enumerate(te.coords.tolist()):
        if abs(x) + abs(y) > n - 1:
            continue
        r, c = n - y, n + x
        N, S, W, E = (
            Fraction(x) if isinstance(x, (int, Fraction)) else float(x)
            for x in (h[r - 1][c - 1], h[r][c - 1], v[r - 1][c - 1], v[r - 1][c])
        )
        tr_white = (r - 1 + c) % 2 == 1
        out[k] = (N * S) / (W * E) if tr_white else (W * E) / (N * S)
    return out


def _exact_defining_properties(te, h, v):
    D, Z = _pairs(te)
    want = _weights_face(te, h, v)
    for u, corners in _around(te).items():
        pw, pb = (Fraction(1), Fraction(0)), (Fraction(1), Fraction(0))
        num, den = (Fraction(1), Fraction(0)), (Fraction(1), Fraction(0))
        for white, p, q in corners:
            z = _mul(_sub(Z[p], Z[u]), _conj(_sub(Z[q], Z[u])), D)  # arg z = the corner's angle
            assert z[1] > 0 or (z[1] == 0 and z[0] < 0)  # in (0, pi]: convex
            if white:
                pw, num = _mul(pw, z, D), _mul(num, _sub(Z[u], Z[p]), D)
            else:
                pb, den = _mul(pb, z, D), _mul(den, _sub(Z[p], Z[u]), D)
        for P in (pw, pb):  # the white angles add up to pi, so do the black ones
            assert P[1] == 0 and P[0] < 0
        X = _div(num, den, D)
        if (len(corners) // 2) % 2 == 0:
            X = (-X[0], -X[1])
        assert X == (want[u], 0)
    # perfect: the corner edges on the bisectors of the outer rhombus, which is tangential
    n = te.n
    ends = [(0, 0)] * 4 if n == 1 else [(n - 1, 0), (0, n - 1), (1 - n, 0), (0, 1 - n)]
    C = [Z[c] for c in te.corners.tolist()]
    U = [Z[te.index(x, y)] for x, y in ends]
    E = [_sub(U[k], C[k]) for k in range(4)]
    for k in range(4):
        a, b = _sub(C[k - 1], C[k]), _sub(C[(k + 1) % 4], C[k])
        r = _mul(_mul(E[k], E[k], D), _mul(_conj(a), _conj(b), D), D)
        assert r[1] == 0 and r[0] > 0
    d = _sub(C[1], C[0])
    t = _mul(_conj(d), E[1], D)[1] / _mul(_conj(E[0]), E[1], D)[1]
    P = (C[0][0] + t * E[0][0], C[0][1] + t * E[0][1])
    for k in (2, 3):
        assert _mul(_conj(_sub(P, C[k])), E[k], D)[1] == 0


# ------------------------------------------------------------------ exact
@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
def test_uniform_exact_is_a_perfect_t_embedding(n):
    te = t_embedding(n)
    assert te.exact
    ones = [[1] * (2 * n)] * (2 * n)
    _exact_defining_properties(te, ones, ones)
    assert te.check().ok


@pytest.mark.parametrize("n,seed", [(1, 1), (2, 2), (3, 3), (5, 4)])
def test_random_int_weights_exact(n, seed):
    w = Weights.random(Region.aztec_diamond(n), "integers", seed=seed, a=1, b=5)
    te = t_embedding(n, weights=w)
    h, v = np.asarray(w.horizontal).tolist(), np.asarray(w.vertical).tolist()
    _exact_defining_properties(te, h, v)


def test_fraction_two_periodic_exact():
    from dominotiling.aztec.weighted import aztec_weights

    n = 4
    te = t_embedding(n, weights=(Fraction(1, 2), 3))
    w = aztec_weights(n, (0.5, 3.0))  # the same blocks, as floats (1/2 and 3 are exact floats)
    h = [[Fraction(x) for x in row] for row in w.horizontal.tolist()]
    v = [[Fraction(x) for x in row] for row in w.vertical.tolist()]
    assert te.exact and te.weights_kind == "periodic"
    _exact_defining_properties(te, h, v)


def test_exact_and_float_runs_agree():
    w = Weights.random(Region.aztec_diamond(7), "integers", seed=5, a=1, b=9)
    a, b = t_embedding(7, weights=w, exact=True), t_embedding(7, weights=w, exact=False)
    assert not b.exact and np.abs(a.T - b.T).max() < 1e-12 and np.abs(a.O - b.O).max() < 1e-12
    f = Weights.from_arrays(*(np.asarray(x, float) for x in (w.horizontal, w.vertical)))
    c = t_embedding(7, weights=f)
    assert not c.exact and np.abs(a.T - c.T).max() < 1e-12


def test_the_exact_field():
    te = t_embedding(3)
    assert te.field == 1 and repr(te).endswith("exact in Q(i): 17 vertices, 8 faces)")
    assert te.T_exact[te.index(0, 1)] == sympy.I / 2
    w = Weights.by_orientation(Region.aztec_diamond(3), 2, 1)
    te = t_embedding(3, weights=w)
    assert "sqrt(-" in repr(te) or "Q(i)" in repr(te)
    z = te.O_exact[te.corners[0]]
    assert (
        sympy.simplify(sympy.im(z)) == 0 and float(z) > 0
    )  # the corner E folds to +t on the real line


# ------------------------------------------------------------------ floats
def _float_angles(te, resolution=1e-4):
    """Largest |white sum - pi| and |black sum - pi| over the inner vertices whose edges are resolved."""
    f = te.faces
    starts = f.indptr[:-1]
    sizes = np.diff(f.indptr)
    face = np.repeat(np.arange(len(sizes)), sizes)
    k = np.arange(len(f.indices))
    nxt = np.where(k == starts[face] + sizes[face] - 1, starts[face], k + 1)
    prv = np.where(k == starts[face], starts[face] + sizes[face] - 1, k - 1)
    v, p, q = f.indices, f.indices[prv], f.indices[nxt]
    T = te.T
    width = abs(T[te.corners[0]] - T[te.corners[2]])
    short = np.abs(T[p] - T[v]) < resolution * width
    thin = np.abs(T[p] - T[q]) < resolution * width  # a sliver: its angle there is near 0
    bad = np.zeros(len(T), bool)
    bad[v[short | thin]] = bad[p[short]] = True
    ok = ~bad
    ok[te.corners] = False
    with np.errstate(all="ignore"):
        ang = np.angle((T[p] - T[v]) / (T[q] - T[v]))  # in (-pi, pi]
    ang = np.where(ang < -np.pi / 2, ang + 2 * np.pi, ang)  # -pi is pi; a slivers' 0 may be -1e-15
    white = f.white[face]
    ws = np.bincount(v, weights=np.where(white, ang, 0), minlength=len(T))
    bs = np.bincount(v, weights=np.where(white, 0, ang), minlength=len(T))
    convex = ((ang > -1e-9) & (ang <= np.pi + 1e-9))[ok[v]].all()
    return max(np.abs(ws[ok] - np.pi).max(), np.abs(bs[ok] - np.pi).max()), convex, ok.sum()


@pytest.mark.parametrize("n", [200, pytest.param(1000, marks=pytest.mark.full)])  # at scale: --full
def test_uniform_floats_at_scale(n):
    te = t_embedding(n)
    assert not te.exact and len(te.T) == 2 * n * n - 2 * n + 5
    defect, convex, checked = _float_angles(te)
    assert defect < 1e-9 and convex
    assert checked > 0.7 * len(te.T)  # all but the frozen corners, collapsed below 1e-4
    c = te.check()
    assert c.ok, c


@pytest.mark.parametrize("n", [200, pytest.param(1000, marks=pytest.mark.full)])  # at scale: --full
def test_gamma_weights_floats_at_scale(n):
    w = Weights.random(Region.aztec_diamond(n), "gamma", seed=n, alpha=1.0)
    te = t_embedding(n, weights=w)
    # rounding leaves about 1e-12 in T at order 1000 with random weights (1e-14 uniform): the
    # angles and face weights are good to 1e-9 where the edges are 2e-3 of the width (1e-4 at
    # order 200); Gamma(1) weights make many slivers, so that is about a tenth of the vertices
    res = 1e-4 if n <= 200 else 2e-3
    defect, convex, checked = _float_angles(te, res)
    assert defect < 1e-9 and convex and checked > (0.25 if n <= 200 else 0.08) * len(te.T)
    c = te.check(resolution=res)
    assert c.ok, c
    assert c.unresolved == te.inner.sum() - checked


def test_face_weights_of_gamma_weights_at_200():
    n = 200
    w = Weights.random(Region.aztec_diamond(n), "gamma", seed=7, alpha=1.0)
    te = t_embedding(n, weights=w)
    X = te.face_weights()
    want = _weights_face(te, np.asarray(w.horizontal), np.asarray(w.vertical))
    idx = np.array(sorted(want))
    target = np.array([want[k] for k in idx])
    from dominotiling.aztec.t_properties import resolved

    keep = resolved(te)[idx]
    rel = np.abs(X[idx] - target) / target
    assert keep.mean() > 0.25 and rel[keep].max() < 1e-9


def test_the_checker_sees_a_moved_vertex():
    te = t_embedding(30)
    T = te.T.copy()
    T[te.index(0, 0)] += 1e-3
    bad = TEmbedding(30, T, te.O.copy())
    c = bad.check()
    assert not c.ok and c.angles > 1e-6 and c.face_weights > 1e-6


# ------------------------------------------------------------------ the origami map
@pytest.mark.parametrize("weights", [None, (1.0, 2.0), "gamma"])
def test_origami_map_folds_every_face(weights):
    n = 24
    if weights == "gamma":
        weights = Weights.random(Region.aztec_diamond(n), "gamma", seed=3)
    te = t_embedding(n, weights=weights, exact=False)
    T, O = te.T, te.O
    scale = np.abs(T).max()
    for color, vs in te.faces:
        dT = T[np.roll(vs, -1)] - T[vs]
        dO = O[np.roll(vs, -1)] - O[vs]
        if (np.abs(dT) < 1e-5 * scale).any():
            continue
        r = dO / dT if color == "white" else dO / np.conj(dT)
        assert np.allclose(np.abs(r), 1, atol=1e-8) and np.allclose(r, r[0], atol=1e-8)
    oc = O[te.corners]
    assert np.allclose(oc.imag, 0, atol=1e-12) and oc.real[0] > 0
    assert np.all(np.sign(oc.real) == [1, -1, 1, -1])
    sides = np.abs(np.diff(T[np.r_[te.corners, te.corners[0]]]))
    assert np.allclose(np.abs(np.diff(oc[np.r_[0, 1, 2, 3, 0]])), sides)


# ------------------------------------------------------------------ the gauge
@pytest.mark.parametrize("n", [1, 2, 5, 12])
def test_gauge_relates_dT_to_the_kasteleyn_matrix(n):
    region = Region.aztec_diamond(n)
    w = Weights.random(region, "uniform", seed=n, a=0.5, b=2.0)
    te = t_embedding(n, weights=w)
    K = kasteleyn_matrix(region).tocsr()
    mask = region.mask
    r, c = np.indices(mask.shape)
    bidx = np.full(mask.shape, -1)
    widx = np.full(mask.shape, -1)
    bidx[mask & ((r + c) % 2 == 0)] = np.arange(int((mask & ((r + c) % 2 == 0)).sum()))
    widx[mask & ((r + c) % 2 == 1)] = np.arange(int((mask & ((r + c) % 2 == 1)).sum()))
    black, white, dT, weight = te.kasteleyn_edges()
    g = te.gauge
    assert len(dT) == 4 * n * n - (8 * n - 8 if n > 1 else 0)
    big = np.abs(dT).max()
    for (rb, cb), (rw, cw), d, wt in zip(black.tolist(), white.tolist(), dT, weight):
        horizontal = rb == rw
        nu = w.horizontal[rb, min(cb, cw)] if horizontal else w.vertical[min(rb, rw), cb]
        assert wt == pytest.approx(float(nu))
        sign = K[bidx[rb, cb], widx[rw, cw]]
        if abs(d) > 1e-4 * big:  # resolved in floats
            assert abs(d - g[rb, cb] * sign * float(nu) * g[rw, cw]) < 1e-10 * abs(d)


# ------------------------------------------------------------------ the uniform limit
def _poisson_limit(u, v, values):
    """The harmonic extension of the corner values by a Poisson integral (scipy.integrate.quad)."""
    from scipy.integrate import quad

    k = math.sqrt(2) * complex(u, v)
    zeta = k / (1 + math.sqrt(1 - abs(k) ** 2))
    total = 0
    for c, val in enumerate(values):
        a = -math.pi / 4 + c * math.pi / 2

        def kernel(t):
            return (1 - abs(zeta) ** 2) / abs(complex(math.cos(t), math.sin(t)) - zeta) ** 2

        total += val * quad(kernel, a, a + math.pi / 2)[0] / (2 * math.pi)
    return total


def test_limit_formula_is_the_harmonic_extension():
    rng = np.random.default_rng(1)
    pts = rng.uniform(-0.49, 0.49, size=(12, 2))
    z, theta = uniform_t_limit(pts[:, 0], pts[:, 1])
    for (u, v), zz, tt in zip(pts, z, theta):
        assert abs(_poisson_limit(u, v, [1, 1j, -1, -1j]) - zz) < 1e-9
        assert abs(_poisson_limit(u, v, [1, -1, 1, -1]) / math.sqrt(2) - tt) < 1e-9
    z, theta = uniform_t_limit(0.8, 0.1)  # frozen: the east corner
    assert z == 1 and theta == pytest.approx(1 / math.sqrt(2))


@pytest.mark.full  # orders up to the hundreds: pytest --full
def test_uniform_t_embeddings_converge_to_the_limit():
    errors = []
    for n in (250, 500, 1000):
        te = t_embedding(n)
        errors.append(uniform_limit_error(te, radius=0.5))
    for (a, b, c), (a2, b2, c2) in zip(errors, errors[1:]):
        assert a2 < 0.6 * a and b2 < 0.6 * b and c2 < 0.6 * c  # the error shrinks like 1/n
    assert errors[-1][0] < 3e-3 and errors[-1][1] < 3e-3
    # a direct look at the centre column against the independent Poisson integral
    te = t_embedding(400)
    for y in (0, 40, 120):
        want = _poisson_limit(0.0, y / 400, [1, 1j, -1, -1j])
        assert abs(te.T[te.index(0, y)] - want) < 0.01


# ------------------------------------------------------------------ weights' spellings
def test_weight_spellings_give_the_same_embedding():
    n = 9
    a = t_embedding(n, weights=(2.0, 1.0))
    from dominotiling.aztec.weighted import aztec_weights

    b = t_embedding(n, weights=aztec_weights(n, (2.0, 1.0)))
    assert a.weights_kind == "periodic" and b.weights_kind == "float"
    assert np.abs(a.T - b.T).max() < 1e-12 and np.abs(a.O - b.O).max() < 1e-12
    p = WeightPattern([[1.0, 3.0]], [[2.0]])
    c = t_embedding(n, weights=p)
    d = t_embedding(n, weights=Weights.periodic(Region.aztec_diamond(n), [[1.0, 3.0]], [[2.0]]))
    assert np.abs(c.T - d.T).max() < 1e-12 and c.check().ok


def test_refusals():
    w = Weights.random(Region.aztec_diamond(3), "integers", seed=1, a=0, b=2)
    assert (np.asarray(w.horizontal) == 0).any()
    with pytest.raises(WeightError, match="collapse"):
        t_embedding(3, weights=w)
    with pytest.raises(WeightError, match="collapse"):
        t_embedding(3, weights=(1.0, 0.0))
    x = sympy.Symbol("x", positive=True)
    with pytest.raises(DominoTypeError, match="symbolic"):
        t_embedding(2, weights=Weights.by_orientation(Region.aztec_diamond(2), x, 1))
    with pytest.raises(DominoTypeError, match="exact=True"):
        t_embedding(3, weights=(1.5, 2.0), exact=True)
    with pytest.raises(WeightError):
        t_embedding(3, weights=Weights.uniform(Region.aztec_diamond(4)))
    with pytest.raises(DominoTypeError):
        t_embedding(2.0)
    with set_options(memory_limit="1 MiB"):
        with pytest.raises(TooLargeError, match="t-embedding"):
            t_embedding(500)


def test_the_result_object():
    te = t_embedding(4)
    assert repr(te).startswith("TEmbedding(order 4, uniform weights")
    assert "<table>" in te._repr_html_() and "data:image/png" in te._repr_html_()
    assert len(te.faces) == 2 * 3 * 2 + 4 and te.faces.sizes.min() == 4
    colors = te.faces.colors
    assert set(colors.tolist()) == {"white", "black"}
    assert te.coords[te.index(-2, 1)].tolist() == [-2, 1]
    g = te.grid(te.T.real)
    assert g.shape == (9, 9) and np.isnan(g[0, 0])
    with pytest.raises(Exception, match="no dual vertex"):
        te.index(3, 1)
    with pytest.raises(ValueError):
        te.T[0] = 0
    f = t_embedding(4, exact=False)
    with pytest.raises(Exception, match="floats"):
        _ = f.T_exact


# ------------------------------------------------------------------ pictures and files
def test_mesh_svg_and_tikz(tmp_path):
    te = t_embedding(5)
    mesh = te.to_mesh(tmp_path / "s.obj")
    text = (tmp_path / "s.obj").read_text()
    assert text.startswith("# t-surface") and text.count("\nv ") == len(te.T)
    ntri = sum(len(vs) - 2 for _, vs in te.faces)
    assert text.count("\nf ") == ntri == len(mesh.faces)
    ply = mesh.to_ply()
    assert "comment t-surface" in ply and f"element face {ntri}" in ply
    import xml.etree.ElementTree as ET

    root = ET.fromstring(te.to_svg(tmp_path / "t.svg"))
    assert root.tag.endswith("svg") and (tmp_path / "t.svg").exists()
    tex = te.to_tikz()
    assert tex.startswith("\\documentclass") and "blue" in tex
    from dominotiling.errors import FileError

    with pytest.raises(FileError, match="folder"):
        te.to_svg(tmp_path)


def test_pictures():
    import matplotlib

    matplotlib.use("Agg")
    from dominotiling.viz.t_embedding import draw_t_embedding, draw_t_surface

    ax = draw_t_embedding(t_embedding(300), origami=True)
    assert "every 3th line" in ax.get_title() or "every" in ax.get_title()
    ax = draw_t_surface(t_embedding(10, weights=(1.0, 2.0)))
    assert ax.name == "3d"


# ------------------------------------------------------------------ Ctrl-C
@pytest.mark.parametrize(
    "setup,call",
    [
        ("from dominotiling.aztec import t_embedding as f; f(50)", "f(3000)"),
        (
            "from dominotiling import Region, Weights; from dominotiling.aztec import t_embedding as f; "
            "w = Weights.random(Region.aztec_diamond(2000), 'gamma', seed=1); f(50, weights=(1.0, 2.0))",
            "f(2000, weights=w)",
        ),
    ],
    ids=["uniform 3000", "gamma 2000"],
)
def test_long_t_embeddings_give_python_control(setup, call):
    """Python gets control back every fraction of a second (the interrupt tests' timer child)."""
    import os
    import subprocess
    import sys

    from test_interrupt import GAP_CHILD

    done = subprocess.run(
        [sys.executable, "-c", GAP_CHILD, setup, call, "3.0"],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    how, worst, burn = done.stdout.split()[-3:]
    assert how in ("FINISHED", "INTERRUPTED")
    assert float(worst) < 0.5, f"Python waited {float(worst):.2f} s"
    assert float(burn) < 0.25
