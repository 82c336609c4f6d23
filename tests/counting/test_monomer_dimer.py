"""Tests of dominotiling.counting.monomer_dimer: counts and samples of monomer-dimer coverings.

Independent routes: every covering listed by plain recursion here; Fibonacci-type
closed forms for 1 x n strips; a two-row transfer matrix written here for 2 x n
strips and the linear recurrence it gives; chi-square tests of the sampler
against the lists.
"""

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
import sympy
from scipy.stats import chisquare

from dominotiling import DominoTypeError, Region, TooLargeError
from dominotiling.counting.monomer_dimer import count_monomer_dimer, sample_monomer_dimer
from dominotiling.errors import WeightError

X = sympy.Symbol("x")


def all_coverings(mask):
    """Every monomer-dimer covering as a frozenset of dominoes (monomers implied)."""
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    free = frozenset((r, c) for r in range(rows) for c in range(cols) if mask[r, c])
    out = []

    def rec(free, chosen):
        if not free:
            out.append(frozenset(chosen))
            return
        r, c = min(free)
        rec(free - {(r, c)}, chosen)  # a monomer
        for nb in ((r, c + 1), (r + 1, c)):
            if nb in free:
                rec(free - {(r, c), nb}, chosen + [((r, c), nb)])

    rec(free, [])
    return out


def brute_polynomial(mask):
    n = int(np.asarray(mask).sum())
    by_monomers = Counter(n - 2 * len(c) for c in all_coverings(mask))
    return sympy.Add(*[count * X**k for k, count in by_monomers.items()])


REGIONS = [
    Region.rectangle(1, 1),
    Region.rectangle(2, 2),
    Region.rectangle(3, 3),
    Region.rectangle(3, 5),
    Region.from_strings(["....", ".#..", "...."]),
    Region.from_strings(["..#..", ".....", ".#...", "....#"]),
    Region.from_strings(["#..", "...", "..#", "...", "..."]),  # taller than wide: swept transposed
]


@pytest.mark.parametrize("region", REGIONS)
def test_against_brute_force(region):
    poly = brute_polynomial(region.mask)
    assert count_monomer_dimer(region) == int(poly.subs(X, 1))
    assert count_monomer_dimer(region, monomer_weight=3) == int(poly.subs(X, 3))
    assert count_monomer_dimer(region, monomer_weight=0) == int(poly.subs(X, 0))  # the tilings
    assert count_monomer_dimer(region, monomer_weight=Fraction(2, 3)) == Fraction(
        str(poly.subs(X, sympy.Rational(2, 3)))
    )
    assert count_monomer_dimer(region, monomer_weight=X) == poly
    assert count_monomer_dimer(region, monomer_weight=0.5) == pytest.approx(
        float(poly.subs(X, 0.5)), rel=1e-12
    )


def test_expression_weights():
    y = sympy.Symbol("y")
    region = Region.rectangle(2, 3)
    assert (
        sympy.expand(
            count_monomer_dimer(region, monomer_weight=y + 1)
            - brute_polynomial(region.mask).subs(X, y + 1)
        )
        == 0
    )
    assert count_monomer_dimer(region, monomer_weight=sympy.Rational(1, 2)) == Fraction(
        str(brute_polynomial(region.mask).subs(X, sympy.Rational(1, 2)))
    )


def test_one_by_n_fibonacci():
    # a 1 x n strip: the last cell is a monomer (weight x) or ends a domino:
    # a_n = x a_{n-1} + a_{n-2}, a_0 = 1, a_1 = x; at x = 1 the Fibonacci numbers
    for x in (1, 2, 5):
        a = [1, x]
        for _ in range(2, 91):
            a.append(x * a[-1] + a[-2])
        for n in (1, 2, 7, 40, 90):
            assert count_monomer_dimer(Region.rectangle(1, n), monomer_weight=x) == a[n]
            assert count_monomer_dimer(Region.rectangle(n, 1), monomer_weight=x) == a[n]


def _two_row_counts(n_max):
    """Monomer-dimer coverings of 2 x n, n = 0..n_max, by a 4-state column transfer matrix built here.

    State: which of the two cells of the next column are already taken by horizontal
    dominoes sticking out of this one. A column is filled by enumerating, for each of
    its free cells: monomer, horizontal domino into the next column, or (both cells
    free) one vertical domino.
    """
    T = np.zeros((4, 4), dtype=object)
    for s in range(4):
        top_taken, bottom_taken = s & 1, (s >> 1) & 1
        options = []
        for top in ("m", "h") if not top_taken else ("-",):
            for bottom in ("m", "h") if not bottom_taken else ("-",):
                options.append((top, bottom))
        if not top_taken and not bottom_taken:
            options.append(("v", "v"))
        for top, bottom in options:
            nxt = (1 if top == "h" else 0) | (2 if bottom == "h" else 0)
            T[s, nxt] += 1
    counts = []
    vec = np.array([1, 0, 0, 0], dtype=object)
    for _n in range(n_max + 1):
        counts.append(int(vec[0]))
        vec = vec.dot(T)
    return counts


def test_two_by_n_recurrence():
    counts = _two_row_counts(60)
    # the transfer matrix gives a linear recurrence a_n = 3 a_{n-1} + a_{n-2} - a_{n-3}
    # (its characteristic polynomial, after the state that never returns is removed)
    for n in range(3, 61):
        assert counts[n] == 3 * counts[n - 1] + counts[n - 2] - counts[n - 3]
    assert counts[0] == 1
    for n in range(1, 6):
        assert counts[n] == len(all_coverings(np.ones((2, n), dtype=bool)))
    for n in (1, 2, 3, 10, 33, 60):
        assert count_monomer_dimer(Region.rectangle(2, n)) == counts[n]
        assert count_monomer_dimer(Region.rectangle(n, 2)) == counts[n]


def test_known_square_values():
    # the 4 x 4 square has 10012 coverings (checked by brute force here)
    assert (
        count_monomer_dimer(Region.rectangle(4, 4))
        == len(all_coverings(np.ones((4, 4), bool)))
        == 10012
    )


def _chi_square(region, weight, draws_per_class):
    coverings = all_coverings(region.mask)
    n = region.n_cells
    weights = np.array([float(weight) ** (n - 2 * len(c)) for c in coverings])
    index = {c: k for k, c in enumerate(coverings)}
    total = int(draws_per_class * len(coverings))
    got = Counter()
    for k in range(total):
        t = sample_monomer_dimer(region, seed=k, monomer_weight=weight)
        dominoes = frozenset(tuple(tuple(int(v) for v in cell) for cell in d) for d in t.dominoes)
        assert t.n_uncovered == n - 2 * len(dominoes)
        got[index[dominoes]] += 1
    observed = [got[k] for k in range(len(coverings))]
    expected = weights / weights.sum() * total
    return chisquare(observed, expected).pvalue


def test_sampler_uniform():
    assert _chi_square(Region.from_strings(["...", ".#.", "..."]), 1, 40) > 1e-3


def test_sampler_weighted():
    assert _chi_square(Region.rectangle(2, 3), 2, 40) > 1e-3
    assert _chi_square(Region.rectangle(2, 3), Fraction(1, 3), 40) > 1e-3


def test_sampler_reproducible_and_tiling_like():
    region = Region.from_strings(["......", "..#...", "......", "....#."])
    a = sample_monomer_dimer(region, seed=7)
    assert a == sample_monomer_dimer(region, seed=7)
    assert a.n_dominoes * 2 + a.n_uncovered == region.n_cells
    t = sample_monomer_dimer(Region.rectangle(4, 4), seed=1, monomer_weight=0)
    assert t.is_complete  # weight 0: a perfect tiling


def test_bad_input():
    with pytest.raises(TooLargeError, match="22"):
        count_monomer_dimer(Region.rectangle(23, 23))
    with pytest.raises(TooLargeError, match="22"):
        sample_monomer_dimer(Region.rectangle(23, 23))
    with pytest.raises(WeightError):
        count_monomer_dimer(Region.rectangle(2, 2), monomer_weight=-1)
    with pytest.raises(DominoTypeError):
        count_monomer_dimer(Region.rectangle(2, 2), monomer_weight="1")
    with pytest.raises(DominoTypeError):
        count_monomer_dimer(Region.rectangle(2, 2), monomer_weight=True)
    with pytest.raises(DominoTypeError):
        sample_monomer_dimer(Region.rectangle(2, 2), monomer_weight=X)
    with pytest.raises(WeightError, match="positive weight"):
        sample_monomer_dimer(Region.rectangle(3, 3), monomer_weight=0)
    with pytest.raises(TooLargeError, match="substitute"):
        count_monomer_dimer(Region.rectangle(22, 40), monomer_weight=X)
