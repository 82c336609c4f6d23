"""The weighted profile DP (issue 14): exact, float and symbolic partition functions,
weighted samples and maximum-weight covers.

Every value is checked by an independent route: brute-force enumeration of the
tilings (tests/helpers.py), the weighted Kasteleyn determinant, the plain count,
and the 2 x n recurrence.
"""

from fractions import Fraction

import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings, dominoes_of, ktf_count
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import chisquare

from dominotiling import Region, Weights, count_tilings
from dominotiling.counting.kasteleyn import count_kasteleyn
from dominotiling.counting.transfer import count_transfer, find_tiling, max_cover, sample_transfer
from dominotiling.errors import DominoTilingError, DominoTypeError, NoTilingError, TooLargeError

x, y = sympy.symbols("x y")


def tiling_weight(tiling, h, v, one=1):
    prod = one
    for (r1, c1), (r2, _c2) in (sorted(d) for d in tiling):
        prod *= h[r1][c1] if r1 == r2 else v[r1][c1]
    return prod


def weighted_sum(mask, h, v, one=1):
    """Sum over all tilings (listed by brute force) of the product of the dominoes' weights."""
    return sum((tiling_weight(t, h, v, one) for t in brute_force_tilings(mask)), one * 0)


def random_int_weights(rng, shape, low, high):
    rows, cols = shape
    return rng.integers(low, high, size=(rows, max(cols - 1, 0))), rng.integers(
        low, high, size=(max(rows - 1, 0), cols)
    )


# ------------------------------------------------------------------ exact counts
@settings(max_examples=60, deadline=None)
@given(
    arrays(bool, st.tuples(st.integers(1, 5), st.integers(1, 5)), elements=st.booleans()),
    st.integers(0, 2**32),
)
def test_int_weights_with_zeros_against_brute_force(mask, seed):
    h, v = random_int_weights(np.random.default_rng(seed), mask.shape, 0, 6)
    got = count_transfer(Region(mask), Weights.from_arrays(h, v)) if mask.any() else None
    if got is not None:
        assert isinstance(got, int)
        assert got == weighted_sum(mask, h.tolist(), v.tolist())


@pytest.mark.parametrize("seed", range(6))
def test_dp_and_kasteleyn_agree_on_random_integer_weights(seed):
    """The check the issue asks for: random regions (holes, several pieces), random int weights."""
    rng = np.random.default_rng(seed)
    rows, cols = int(rng.integers(4, 11)), int(rng.integers(4, 11))
    mask = rng.random((rows, cols)) < 0.85
    mask[0, 0] = True
    region = Region(mask)
    if not region.is_balanced:  # make it balanced: drop cells of the majority colour
        colours = np.add.outer(np.arange(rows), np.arange(cols)) % 2 == 0
        surplus = int((mask & colours).sum() - (mask & ~colours).sum())
        idx = np.argwhere(mask & (colours if surplus > 0 else ~colours))
        for r, c in idx[: abs(surplus)]:
            mask[r, c] = False
        region = Region(mask)
    high = [10, 1000, 2**40][seed % 3]
    h, v = random_int_weights(rng, region.shape, 0 if seed % 2 else 1, high)
    w = Weights.from_arrays(h, v)
    assert count_transfer(region, w) == count_kasteleyn(region, w)


def test_huge_int_weights_beyond_int64():
    region = Region.from_strings(["....", ".#..", "..#.", "...."])
    rng = np.random.default_rng(3)
    h = np.array(
        [[2**70 + int(rng.integers(0, 1000)) for _ in range(3)] for _ in range(4)], dtype=object
    )
    v = np.array(
        [[3**50 * int(rng.integers(1, 9)) for _ in range(4)] for _ in range(3)], dtype=object
    )
    got = count_transfer(region, Weights.from_arrays(h, v))
    assert got == weighted_sum(region.mask, h.tolist(), v.tolist())


def test_fraction_weights_on_a_holed_region_against_brute_force():
    region = Region.from_strings(["....", ".#..", "...#", "...."])
    rng = np.random.default_rng(4)
    rows, cols = region.shape
    h = [
        [Fraction(int(rng.integers(0, 7)), int(rng.integers(1, 9))) for _ in range(cols - 1)]
        for _ in range(rows)
    ]
    v = [
        [Fraction(int(rng.integers(1, 7)), int(rng.integers(1, 9))) for _ in range(cols)]
        for _ in range(rows - 1)
    ]
    got = count_transfer(
        region, Weights.from_arrays(np.array(h, dtype=object), np.array(v, dtype=object))
    )
    assert isinstance(got, Fraction)
    assert got == weighted_sum(region.mask, h, v, Fraction(1))


@pytest.mark.parametrize(
    "strings", [["....", "....", "...."], ["..#..", ".....", "##...", "##..."], ["..#..", "..#.."]]
)
def test_float_weights_against_exact_fractions(strings):
    region = Region.from_strings(strings)
    rng = np.random.default_rng(7)
    rows, cols = region.shape
    h, v = rng.random((rows, cols - 1)) * 3, rng.random((rows - 1, cols)) * 3
    h[0, 0] = 0.0
    got = count_transfer(region, Weights.from_arrays(h, v))
    exact = weighted_sum(
        region.mask,
        [[Fraction(a) for a in r] for r in h.tolist()],
        [[Fraction(a) for a in r] for r in v.tolist()],
        Fraction(1),
    )
    assert isinstance(got, float)
    assert abs(Fraction(got) - exact) <= exact * Fraction(2 * region.n_cells, 2**53) * 1.01


def test_uniform_weights_keep_the_plain_count_in_their_type():
    r = Region.rectangle(6, 7)
    n = ktf_count(6, 7)  # Kasteleyn / Temperley-Fisher product formula
    assert count_transfer(r, Weights.uniform(r)) == n
    got = count_transfer(r, Weights.by_orientation(r, Fraction(1), Fraction(1)))
    assert isinstance(got, Fraction) and got == n
    assert isinstance(count_transfer(r, Weights.by_orientation(r, 1.0, 1.0)), float)


def test_zeros_that_forbid_every_tiling_give_zero():
    r = Region.rectangle(1, 4)
    assert count_transfer(r, Weights.by_orientation(r, 0, 1)) == 0
    assert count_transfer(Region.rectangle(3, 3), Weights.by_orientation((3, 3), 2, 3)) == 0
    assert count_transfer(r, Weights.by_orientation(r, 0.0, 1.0)) == 0.0


def test_count_tilings_routes_weights_to_the_dp():
    r = Region.from_strings([".....", ".#...", "....#", "....."])
    h, v = random_int_weights(np.random.default_rng(9), r.shape, 1, 50)
    w = Weights.from_arrays(h, v)
    assert count_tilings(r, method="transfer", weights=w) == count_kasteleyn(r, w)
    P = count_tilings(r, weights=Weights.by_orientation(r, x, y))  # "auto": symbolic goes to the DP
    assert sympy.expand(P.subs({x: 1, y: 1})) == len(brute_force_tilings(r.mask))


# ------------------------------------------------------------ symbolic weights
def brute_polynomial(mask, h, v):
    return sympy.expand(weighted_sum(mask, h, v, sympy.Integer(1)))


@pytest.mark.parametrize(
    "strings",
    [
        ["....", "...."],
        [".....", ".....", "....."] * 1 + ["....."],
        ["..#..", ".....", "##...", "##..."],
        ["..#..", "..#.."],
        ["....", ".#.#", "....", "...."],
    ],
)
def test_orientation_polynomial_against_brute_force(strings):
    region = Region.from_strings(strings)
    rows, cols = region.shape
    got = count_transfer(region, Weights.by_orientation(region, x, y))
    want = brute_polynomial(region.mask, [[x] * (cols - 1)] * rows, [[y] * cols] * (rows - 1))
    assert sympy.expand(got - want) == 0


def test_general_polynomial_weights_against_brute_force():
    """Non-homogeneous weights in two symbols, rational coefficients and a zero: the Kronecker route."""
    region = Region.from_strings(["....", "..#.", "...."])
    rows, cols = region.shape
    choices = [x + 1, 2 * y**2, x * y / 3, sympy.Integer(3), 0, y]
    rng = np.random.default_rng(5)
    h = [
        [choices[int(rng.integers(0, len(choices)))] for _ in range(cols - 1)] for _ in range(rows)
    ]
    v = [
        [choices[int(rng.integers(0, len(choices)))] for _ in range(cols)] for _ in range(rows - 1)
    ]
    w = Weights.from_arrays(np.array(h, dtype=object), np.array(v, dtype=object))
    got = count_transfer(region, w)
    assert sympy.expand(got - brute_polynomial(region.mask, h, v)) == 0


def test_polynomial_with_negative_coefficients():
    region = Region.rectangle(3, 4)
    rows, cols = region.shape
    w = Weights.by_orientation(region, x - 2, y)
    got = count_transfer(region, w)
    want = brute_polynomial(region.mask, [[x - 2] * (cols - 1)] * rows, [[y] * cols] * (rows - 1))
    assert sympy.expand(got - want) == 0


def test_square_polynomial_at_one_is_the_count_and_at_integers_the_kasteleyn_value():
    region = Region.rectangle(8, 8)
    P = count_transfer(region, Weights.by_orientation(region, x, y))
    assert P.subs({x: 1, y: 1}) == 12988816
    assert P.subs({x: 2, y: 3}) == count_kasteleyn(region, Weights.by_orientation(region, 2, 3))
    assert sympy.Poly(P, x, y).is_homogeneous and sympy.Poly(P, x, y).total_degree() == 32


def test_two_by_n_recurrence():
    """2 x n: a vertical domino (y) or two stacked horizontal ones (x**2) at the left end."""
    prev, cur = sympy.Integer(1), y  # n = 0, 1
    for n in range(2, 13):
        prev, cur = cur, sympy.expand(y * cur + x**2 * prev)
        got = count_transfer(Region.rectangle(2, n), Weights.by_orientation((2, n), x, y))
        assert sympy.expand(got - cur) == 0


def test_univariate_and_constant_symbolic_weights():
    region = Region.rectangle(2, 4)
    got = count_transfer(region, Weights.by_orientation(region, x, 1))
    assert sympy.expand(got - (x**4 + 3 * x**2 + 1)) == 0
    got = count_transfer(
        region, Weights.by_orientation(region, sympy.Integer(2), sympy.Rational(1, 2))
    )
    assert got == weighted_sum(region.mask, [[2] * 3] * 2, [[Fraction(1, 2)] * 4], Fraction(1))


def test_non_polynomial_symbolic_weights_are_refused():
    region = Region.rectangle(2, 2)
    with pytest.raises(DominoTypeError, match="polynomial"):
        count_transfer(region, Weights.by_orientation(region, 1 / x, y))


# ------------------------------------------------------------------------ sampler
SAMPLER_CASES = [
    (["....", ".#..", "...#", "...."], "holed"),
    (["..#..", "..#..", "..#.."], "disconnected"),
    (["....", "....", "...."], "zeros"),
    (["....", ".#..", "....", "..#."], "two holes"),
]


@pytest.mark.parametrize("strings, kind", SAMPLER_CASES)
def test_weighted_sampler_against_the_weighted_measure(strings, kind):
    region = Region.from_strings(strings)
    rows, cols = region.shape
    rng = np.random.default_rng(11)
    h = rng.integers(1, 5, size=(rows, cols - 1)).astype(float)
    v = rng.integers(1, 5, size=(rows - 1, cols)).astype(float)
    if kind == "zeros":
        h[1, 1] = 0.0
        v[0, 0] = 0.0
    tilings = brute_force_tilings(region.mask)
    probs = np.array([tiling_weight(t, h.tolist(), v.tolist()) for t in tilings], dtype=float)
    assert len(tilings) >= 3
    probs /= probs.sum()
    index = {t: i for i, t in enumerate(tilings)}
    w = Weights.from_arrays(h, v)
    gen = np.random.default_rng(2024)
    n = 4000
    counts = np.zeros(len(tilings))
    for _ in range(n):
        t = sample_transfer(region, seed=gen, weights=w)
        counts[index[dominoes_of(t)]] += 1
    zero = probs == 0
    if kind == "zeros":
        assert zero.any()
    assert counts[zero].sum() == 0  # forbidden tilings never appear
    assert chisquare(counts[~zero], probs[~zero] * n).pvalue > 1e-3


def test_uniform_weights_sample_exactly_as_without_weights():
    region = Region.from_strings(["....", ".#..", "...#", "...."])
    a = sample_transfer(region, seed=5)
    b = sample_transfer(region, seed=5, weights=Weights.uniform(region))
    assert np.array_equal(a.labels, b.labels)


def test_sampler_refuses_weights_that_forbid_every_tiling_and_symbolic_ones():
    r = Region.rectangle(1, 4)
    with pytest.raises(NoTilingError, match="positive weight"):
        sample_transfer(r, seed=0, weights=Weights.by_orientation(r, 0, 1))
    with pytest.raises(DominoTypeError, match="symbolic"):
        sample_transfer(r, seed=0, weights=Weights.by_orientation(r, x, 1))


# -------------------------------------------------------------- max-plus covers
def brute_max_cover(mask, h, v):
    """The largest sum of weights over all partial covers (placements of weight 0 forbidden)."""
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    cells = sorted((r, c) for r in range(rows) for c in range(cols) if mask[r, c])

    def rec(free):
        if not free:
            return 0
        r, c = min(free)
        best = rec(free - {(r, c)})
        for nb, wt in (
            ((r, c + 1), h[r][c] if c + 1 < cols else 0),
            ((r + 1, c), v[r][c] if r + 1 < rows else 0),
        ):
            if nb in free and wt != 0:
                best = max(best, wt + rec(free - {(r, c), nb}))
        return best

    return rec(frozenset(cells))


def cover_weight(tiling, h, v):
    total = 0
    for (r1, c1), (r2, _c2) in (sorted(tuple(map(tuple, d.tolist()))) for d in tiling.dominoes):
        w = h[r1][c1] if r1 == r2 else v[r1][c1]
        assert w != 0  # a forbidden placement is never used
        total += w
    return total


@settings(max_examples=40, deadline=None)
@given(
    arrays(bool, st.tuples(st.integers(1, 4), st.integers(1, 4)), elements=st.booleans()),
    st.integers(0, 2**32),
)
def test_max_weight_cover_and_tiling_against_brute_force(mask, seed):
    if not mask.any():
        return
    h, v = random_int_weights(np.random.default_rng(seed), mask.shape, 0, 9)
    hl, vl = h.tolist(), v.tolist()
    region = Region(mask)
    w = Weights.from_arrays(h, v)
    cover = max_cover(region, weights=w)
    cover.validate()
    assert cover_weight(cover, hl, vl) == brute_max_cover(mask, hl, vl)
    tilings = [t for t in brute_force_tilings(mask) if tiling_weight(t, hl, vl) != 0]
    best = find_tiling(region, weights=w)
    if not tilings:
        assert best is None
    else:
        assert best is not None and best.is_complete
        want = max(
            sum(hl[a[0]][a[1]] if a[0] == b[0] else vl[a[0]][a[1]] for a, b in map(sorted, t))
            for t in tilings
        )
        assert cover_weight(best, hl, vl) == want


def test_float_weights_max_cover_prefers_heavy_dominoes():
    region = Region.rectangle(2, 2)
    w = Weights.by_orientation(region, 0.25, 3.5)  # two verticals: 7.0 beats two horizontals: 0.5
    t = find_tiling(region, weights=w)
    assert sorted(t.orientations().ravel().tolist()) if hasattr(t, "orientations") else True
    assert cover_weight(t, w.horizontal.tolist(), w.vertical.tolist()) == 7.0


def test_uniform_weights_max_cover_is_a_largest_cover():
    region = Region.from_strings(["...", ".#.", ".##", "..."])
    t = max_cover(region, weights=Weights.uniform(region))
    assert t.n_uncovered == max_cover(region).n_uncovered


def test_too_large_int_weights_for_exact_float_sums_are_refused():
    region = Region.rectangle(2, 2)
    with pytest.raises(TooLargeError, match="2\\*\\*53"):
        max_cover(region, weights=Weights.by_orientation(region, 2**60, 1))


def test_front_door_finding_with_weights():
    import dominotiling

    region = Region.from_strings(["....", ".#..", "...#", "...."])
    h, v = random_int_weights(np.random.default_rng(21), region.shape, 1, 7)
    h[0, 0] = 0  # one forbidden placement
    hl, vl = h.tolist(), v.tolist()
    w = Weights.from_arrays(h, v)
    t = dominotiling.find_tiling(region, weights=w)
    scores = [
        sum(hl[a[0]][a[1]] if a[0] == b[0] else vl[a[0]][a[1]] for a, b in map(sorted, s))
        for s in brute_force_tilings(region.mask)
        if tiling_weight(s, hl, vl) != 0
    ]
    assert cover_weight(t, hl, vl) == max(scores)
    assert cover_weight(dominotiling.max_cover(region, weights=w), hl, vl) == brute_max_cover(
        region.mask, hl, vl
    )
    with pytest.raises(DominoTilingError, match="method='transfer'"):
        dominotiling.max_cover(region, method="matching", weights=w)
    wide = Region.rectangle(30, 30)
    with pytest.raises(TooLargeError, match="22"):
        dominotiling.find_tiling(wide, weights=Weights.by_orientation(wide, 1, 2))
    assert dominotiling.find_tiling(Region.rectangle(3, 3), weights=Weights.uniform((3, 3))) is None


@pytest.mark.parametrize(
    "strings",
    [["......", ".#....", "....#.", "......", "......"], ["...#..", "...#..", "...#..", "...#.."]],
)
def test_polynomial_at_integer_points_matches_kasteleyn(strings):
    """Position-dependent bivariate weights (the Kronecker route) on a holed and a disconnected region."""
    region = Region.from_strings(strings)
    w = Weights.from_function(region.shape, lambda r, c, o: x * (r + 1) if o == "h" else y + c)
    P = count_transfer(region, w)
    for a, b in [(1, 1), (2, 3), (5, 0)]:
        numeric = w.substitute({x: a, y: b})
        assert P.subs({x: a, y: b}) == count_kasteleyn(region, numeric)
