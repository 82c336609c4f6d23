"""One spelling of a weighting: ``weights=(1, 0.5)`` is ``WeightPattern.two_periodic(1, 0.5)`` everywhere.

Every function that takes Aztec or periodic weights is given the pair, the pattern, the
Weights and (where they mean something) the block arrays, and must answer with the same
model: exact partition functions against a brute-force sum over the tilings, edge
probabilities, seeded samples, spectral curves, surface tensions, limit shapes. The
weights of the brute-force sums are written here from the definitions (faces
``[[1, b], [a, 1]]``; the Aztec blocks alternating ``a``, ``b``), not from the library.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import dominotiling as dt
from dominotiling import Region, WeightPattern, Weights
from dominotiling.aztec.sample import periodic_block_weights
from dominotiling.aztec.weighted import aztec_block_weights, aztec_weights
from dominotiling.errors import DominoTypeError
from dominotiling.model.weighting import check_weights, weighting
from dominotiling.theory.aztec_curves import aztec_curves
from tests.helpers import brute_force_tilings, dominoes_of

A, B = 1, Fraction(1, 2)


# ------------------------------------------------------------ weights from the definitions
def _plane_weight(domino, a, b):
    """Faces [[1, b], [a, 1]] on lattice points (i % 2, j % 2); a domino weighs its shared side's two ends."""
    faces = [[1, b], [a, 1]]
    (r, c), (r2, c2) = sorted(domino)
    ends = [(r, c + 1), (r + 1, c + 1)] if r2 == r else [(r + 1, c), (r + 1, c + 1)]
    return math.prod(faces[i % 2][j % 2] for i, j in ends)


def _block_weight(n, a, b):
    """{domino: weight} of the Aztec diamond of order n whose blocks (i, j) weigh a (i + j even) or b."""
    out = {}
    for i in range(n):
        for j in range(n):
            R, C = i + j, n - 1 + j - i
            w = a if (i + j) % 2 == 0 else b
            for d in (
                ((R, C), (R, C + 1)),
                ((R + 1, C), (R + 1, C + 1)),
                ((R, C), (R + 1, C)),
                ((R, C + 1), (R + 1, C + 1)),
            ):
                out[d] = w
    return out


def _brute_partition(mask, weight):
    return sum(math.prod(weight(d) for d in t) for t in brute_force_tilings(mask))


def _forms(region, a=A, b=B):
    """The spellings of the two-periodic model on `region`: pair, pattern, Weights, tuple of edges."""
    p = WeightPattern.two_periodic(a, b)
    return {
        "pair": (a, b),
        "pattern": p,
        "weights": Weights.periodic(region, faces=[[1, b], [a, 1]]),
        "edges": (p.horizontal, p.vertical),
    }


REGION = Region.from_strings(["....##", "......", "......", "##...."])


# ------------------------------------------------------------------ the region doors
def test_counts_of_a_region_are_the_brute_force_sum_in_every_spelling():
    want = _brute_partition(REGION.mask, lambda d: _plane_weight(d, A, B))
    assert isinstance(want, Fraction) and want.denominator > 1  # b = 1/2 shows
    for name, w in _forms(REGION).items():
        assert dt.count_tilings(REGION, weights=w) == want, name
        assert dt.log_count(REGION, weights=w) == pytest.approx(math.log(want), rel=1e-12), name


def test_the_aztec_diamond_of_even_order_the_pair_is_the_pattern():
    n = 4
    region = Region.aztec_diamond(n)
    blocks = _block_weight(n, A, B)
    want = _brute_partition(region.mask, lambda d: blocks[tuple(sorted(d))])
    plane = _brute_partition(region.mask, lambda d: _plane_weight(d, A, B))
    assert want == plane  # even order: the two definitions agree (the module's claim)
    forms = _forms(region)
    forms["blocks"] = np.array([[A, B], [B, A]], dtype=object)
    forms["blocks4"] = np.repeat(np.array([[1.0, 0.5], [0.5, 1.0]])[:, :, None], 4, axis=2)
    for name, w in forms.items():
        assert dt.count_tilings(region, weights=w) == want, name
        if name != "blocks":  # float blocks give a float, exact ones an exact value
            assert dt.aztec_partition_function(n, weights=w) == pytest.approx(
                float(want), rel=1e-12
            ), name
    assert dt.aztec_partition_function(n, weights=(A, B)) == want  # exact pair: exact value


def test_the_aztec_diamond_of_odd_order_keeps_the_blocks_model_at_every_door():
    n = 3
    a, b = 1, 2
    region = Region.aztec_diamond(n)
    blocks = _block_weight(n, a, b)
    want = _brute_partition(region.mask, lambda d: blocks[tuple(sorted(d))])
    plane = _brute_partition(region.mask, lambda d: _plane_weight(d, a, b))
    assert want != plane  # odd order: the pattern's weighted faces are not the blocks
    moved = WeightPattern.from_faces([[b, 1], [1, a]])
    for w in ((a, b), moved, np.array([[a, b], [b, a]])):
        assert dt.count_tilings(region, weights=w) == want
        assert dt.aztec_partition_function(n, weights=w) == pytest.approx(want, rel=1e-12)
    pattern = WeightPattern.two_periodic(a, b)
    assert dt.count_tilings(region, weights=pattern) == plane
    assert dt.aztec_partition_function(n, weights=pattern) == plane


def test_placement_probabilities_agree_with_the_aztec_edge_probabilities():
    n = 4
    region = Region.aztec_diamond(n)
    ref = dt.aztec_edge_probabilities(n, weights=(1.0, 0.5))
    p = WeightPattern.two_periodic(1.0, 0.5)
    # a third method: the brute-force frequency of one placement, weighted
    tilings = brute_force_tilings(region.mask)
    weight = {d: _plane_weight(d, 1.0, 0.5) for t in tilings for d in t}
    total = sum(math.prod(weight[d] for d in t) for t in tilings)
    top = ((0, n - 1), (0, n))
    brute = sum(math.prod(weight[d] for d in t) for t in tilings if top in t) / total
    assert ref.horizontal[0, n - 1] == pytest.approx(brute, abs=1e-12)
    for w in ((1.0, 0.5), p, Weights.periodic(region, faces=[[1, 0.5], [1.0, 1]])):
        for probs in (
            dt.aztec_edge_probabilities(n, weights=w),
            dt.placement_probabilities(region, weights=w),
        ):
            inside = ~np.isnan(ref.horizontal)
            assert np.allclose(
                np.asarray(probs.horizontal)[inside], ref.horizontal[inside], atol=1e-10
            )
            inside = ~np.isnan(ref.vertical)
            assert np.allclose(np.asarray(probs.vertical)[inside], ref.vertical[inside], atol=1e-10)


def test_seeded_samples_are_the_same_in_every_spelling():
    n = 12
    p = WeightPattern.two_periodic(1.0, 0.5)
    first = dt.sample_aztec(n, seed=7, weights=(1.0, 0.5))
    assert dt.sample_aztec(n, seed=7, weights=p) == first
    assert dt.sample_aztec(n, seed=7, weights=[[1.0, 0.5], [0.5, 1.0]]) == first
    assert dt.sample_aztec(n, seed=7, weights=(1.0, 0.7)) != first  # the weights matter
    frames = dt.shuffle_frames(6, seed=3, weights=p)
    assert frames[-1].tiling == dt.shuffle_frames(6, seed=3, weights=(1.0, 0.5))[-1].tiling
    region = REGION
    for sampler in (
        lambda w: dt.random_tiling(region, seed=5, weights=w),
        lambda w: dt.sample_cftp(region, seed=5, weights=w, progress=False),
        lambda w: dt.glauber(dt.min_tiling(region), steps=200, seed=5, weights=w),
    ):
        samples = {name: dominoes_of(sampler(w)) for name, w in _forms(region, 1.0, 0.5).items()}
        assert len(set(samples.values())) == 1, samples.keys()


def test_block_weights_and_curves_of_the_pair_and_the_pattern():
    n = 8
    p = WeightPattern.two_periodic(1.0, 0.5)
    assert np.array_equal(aztec_block_weights(n, p), aztec_block_weights(n, (1.0, 0.5)))
    assert np.array_equal(periodic_block_weights(p, n), periodic_block_weights((1.0, 0.5)))
    assert aztec_weights(n, p) == aztec_weights(n, (1.0, 0.5))
    for x, y in zip(aztec_curves(n, p), aztec_curves(n, (1.0, 0.5))):
        for cx, cy in zip(x, y):
            assert np.array_equal(cx, cy)
    te1 = dt.t_embedding(n, weights=(1.0, 0.5), exact=False)
    te2 = dt.t_embedding(n, weights=p, exact=False)
    assert np.allclose(te1.T, te2.T, atol=1e-12)
    assert not np.allclose(te1.T, dt.t_embedding(n, exact=False).T, atol=1e-6)


def test_expected_heights_in_every_spelling():
    values = {n: dt.expected_height(REGION, (2, 3), weights=w) for n, w in _forms(REGION).items()}
    assert len(set(values.values())) == 1
    assert values["pair"] != dt.expected_height(REGION, (2, 3), weights=(1, 4))


# ------------------------------------------------------------------ the theory
def test_the_theory_reads_the_pair_as_the_pattern():
    p = WeightPattern.two_periodic(1.0, 0.5)
    pair = (1.0, 0.5)
    assert dt.spectral_curve(pair).coefficients == dt.spectral_curve(p).coefficients
    assert dt.spectral_curve(pair).coefficients != dt.spectral_curve(None).coefficients
    s1, s2 = dt.surface_tension(pair, 0.2, 0.1), dt.surface_tension(p, 0.2, 0.1)
    assert float(s1.value) == pytest.approx(float(s2.value), abs=1e-12)
    assert dt.free_energy(pair).per_cell == pytest.approx(dt.free_energy(p).per_cell, abs=1e-13)
    g1, g2 = dt.gibbs_measure(pair, slope=(0.3, 0.2)), dt.gibbs_measure(p, slope=(0.3, 0.2))
    assert np.allclose(g1.field, g2.field, atol=1e-12)
    # the theory from a Weights that repeats, and from the Weights of a diamond on its region
    w = Weights.periodic((8, 8), faces=[[1, 0.5], [1.0, 1]])
    assert dt.spectral_curve(w).coefficients == dt.spectral_curve(p).coefficients


def test_limit_shape_takes_the_pair_the_issue_named():
    region = Region.aztec_diamond(10)
    shapes = {
        name: dt.limit_shape(region, weights=w, resolution=10, progress=False)
        for name, w in {
            "pair": (1.0, 0.5),
            "pattern": WeightPattern.two_periodic(1.0, 0.5),
            "weights": aztec_weights(10, (1.0, 0.5)),  # zero outside the diamond
            "blocks": np.array([[1.0, 0.5], [0.5, 1.0]]),
        }.items()
    }
    ref = shapes["pattern"]
    uniform = dt.limit_shape(region, resolution=10, progress=False)
    assert not np.allclose(ref.height, uniform.height, atol=1e-6)
    for name, s in shapes.items():
        assert s.weights_kind == "2x2-periodic", name
        assert np.allclose(s.height, ref.height, atol=1e-9, equal_nan=True), name


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize(
    "bad, words",
    [
        (2, "single number"),
        ("two-periodic", "is text"),
        ((1, [1, 2]), "neither two numbers"),
        (np.ones(3), "not a weighting"),
        ((np.ones((2, 4)), np.ones((2, 4))), "say which"),
        (object(), "not a weighting"),
    ],
)
def test_malformed_or_ambiguous_forms_are_refused_naming_the_spelling(bad, words):
    with pytest.raises(DominoTypeError, match=words) as info:
        weighting(bad)
    assert "WeightPattern" in str(info.value)
    for door in (
        lambda: dt.count_tilings(REGION, weights=bad),
        lambda: dt.sample_aztec(4, weights=bad),
        lambda: dt.spectral_curve(bad),
        lambda: dt.limit_shape(Region.aztec_diamond(4), weights=bad, progress=False),
    ):
        with pytest.raises(DominoTypeError, match="WeightPattern"):
            door()


def test_block_arrays_are_refused_where_there_is_no_diamond():
    with pytest.raises(DominoTypeError, match=r"WeightPattern\.two_periodic\(a, b\)"):
        check_weights(np.array([[1, 2], [2, 1]]), Region.rectangle(4, 4))
    with pytest.raises(DominoTypeError, match=r"depends on its order.*aztec_weights"):
        dt.spectral_curve(np.array([[1, 2], [2, 1]]))


def test_the_explorer_takes_every_spelling_of_the_same_model():
    from dominotiling.viz.widgets import explore_aztec

    menu = explore_aztec(n=12, seed=4, weights="two-periodic", b=0.5)
    for w in (
        (1.0, 0.5),
        (2.0, 1.0),
        WeightPattern.two_periodic(1.0, 0.5),
        [[1.0, 0.5], [0.5, 1.0]],
    ):
        app = explore_aztec(n=12, seed=4, weights=w)
        assert (app.weights.value, app.b.value) == ("two-periodic", 0.5)
        assert app.tiling == menu.tiling
    app = explore_aztec(n=12, seed=4, weights=[[1.0, 2.0], [3.0, 4.0]], curves=False)
    assert app.weights.value == "periodic pattern"
    assert app.tiling == dt.sample_aztec(12, seed=4, weights=[[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(DominoTypeError, match="Weights"):
        explore_aztec(n=4, weights=Weights.uniform(Region.aztec_diamond(4)))
