"""The Kasteleyn sampler: exact weighted law on regions with holes, against brute force."""

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chisquare

from dominotiling import Region, Weights
from dominotiling._options import set_options
from dominotiling.errors import DominoTypeError, NoTilingError, TooLargeError
from dominotiling.matching.matchings import has_nonzero_tiling
from dominotiling.sampling.kasteleyn import sample_kasteleyn

# Small regions with holes whose tilings can all be listed (each has >= 2 tilings).
REGIONS = {
    # one odd hole (a single cell) and one even hole (two cells) in the same board
    "odd_and_even_holes": ["......", ".#..#.", "......", "..##..", "......"],
    # a single one-cell hole (the hole has odd parity: the sign correction matters)
    "odd_hole": ["....", ".#..", "....", "..#."],
    # an even hole of two cells in the middle: a ring
    "even_hole": ["....", ".##.", "....", "...."],
    # two one-cell holes of opposite colours
    "two_holes": [".....", ".#...", "...#.", "....."],
    # a disconnected region: two components, one of them with a hole
    "disconnected": ["...#....", "...#.#..", "...#.#..", "...#...."],
    # not simply connected around a 2x2 hole, odd width
    "big_hole": [".....", ".##..", ".##..", ".....", ".....", "....."],
}


def _weight(tiling, hw, vw):
    """Product of the weights of a brute-force tiling (frozenset of cell pairs)."""
    out = 1
    for (r1, c1), (r2, _c2) in tiling:
        out *= hw[r1][c1] if r1 == r2 else vw[r1][c1]
    return out


def _chi_square(region, n, seed, weights=None, hw=None, vw=None):
    """p-value of n samples against the brute-force weighted law (tilings of weight 0 excluded)."""
    tilings = brute_force_tilings(region.mask)
    probs = np.array([1.0 if hw is None else float(_weight(t, hw, vw)) for t in tilings])
    keep = probs > 0
    assert keep.sum() >= 2
    index = {t: i for i, t in enumerate(tilings)}
    counts = np.zeros(len(tilings))
    rng = np.random.default_rng(seed)
    for _ in range(n):
        t = sample_kasteleyn(region, seed=rng, weights=weights)
        assert t.is_complete
        t.validate()
        counts[index[dominoes_of(t)]] += 1
    assert counts[~keep].sum() == 0  # forbidden tilings never drawn
    expected = probs[keep] / probs[keep].sum() * n
    return chisquare(counts[keep], expected).pvalue


@pytest.mark.parametrize("name", sorted(REGIONS))
def test_uniform_on_regions_with_holes(name):
    region = Region.from_strings(REGIONS[name])
    n = 25 * len(brute_force_tilings(region.mask))
    assert _chi_square(region, min(max(n, 600), 2000), seed=hash(name) % 1000) > 1e-3


@pytest.mark.parametrize(
    "name", ["odd_and_even_holes", "two_holes", "disconnected", "big_hole", "odd_hole"]
)
def test_weighted_law_with_integer_weights_including_zeros(name):
    region = Region.from_strings(REGIONS[name])
    rng = np.random.default_rng(len(name))
    m, n = region.shape
    hw = rng.integers(1, 4, size=(m, n - 1)).tolist()
    vw = rng.integers(1, 4, size=(m - 1, n)).tolist()
    tilings = brute_force_tilings(region.mask)
    hw[0][0] = 0  # zero weights forbid placements
    vw[-1][-1] = 0
    if sum(_weight(t, hw, vw) > 0 for t in tilings) < 2:
        vw[-1][-1] = 1
    assert sum(_weight(t, hw, vw) == 0 for t in tilings) >= 1  # some tilings forbidden
    weights = Weights.from_arrays(np.array(hw), np.array(vw))
    assert sum(_weight(t, hw, vw) > 0 for t in tilings) >= 2
    assert _chi_square(region, 2000, seed=11, weights=weights, hw=hw, vw=vw) > 1e-3


def test_weighted_law_with_float_weights_on_a_transposed_region():
    # wider than tall: the sampler works on the transposed narrow view
    region = Region.from_strings(["......", ".#..#.", "......"])  # (1,1) black, (1,4) white
    assert region.is_balanced
    rng = np.random.default_rng(5)
    m, n = region.shape
    hw = rng.uniform(0.2, 3.0, size=(m, n - 1))
    vw = rng.uniform(0.2, 3.0, size=(m - 1, n))
    weights = Weights.from_arrays(hw, vw)
    assert _chi_square(region, 2000, seed=2, weights=weights, hw=hw.tolist(), vw=vw.tolist()) > 1e-3


def test_orientation_weights_give_the_generating_polynomial_law():
    # 2 x 4 with weight 3 on vertical dominoes: tilings with k verticals have weight 3**k
    region = Region.rectangle(2, 4)
    weights = Weights.by_orientation(region, 1, 3)
    rng = np.random.default_rng(0)
    draws = [sample_kasteleyn(region, seed=rng, weights=weights) for _ in range(2000)]
    verticals = np.array([int(t.orientations().sum()) for t in draws])  # 1 per vertical domino
    # tilings: VVVV (3**4), HH+VV (2 positions of the HH block... listed by brute force)
    tilings = brute_force_tilings(region.mask)
    law = {}
    for t in tilings:
        k = sum(1 for (a, b) in t if a[0] != b[0])
        law[k] = law.get(k, 0) + 3**k
    keys = sorted(law)
    total = sum(law.values())
    counts = [int((verticals == k).sum()) for k in keys]
    assert sum(counts) == 2000
    assert chisquare(counts, [law[k] / total * 2000 for k in keys]).pvalue > 1e-3


def test_same_seed_same_tiling():
    region = Region.from_strings(REGIONS["odd_and_even_holes"])
    a = sample_kasteleyn(region, seed=123)
    b = sample_kasteleyn(region, seed=123)
    assert np.array_equal(a.labels, b.labels)
    many = {dominoes_of(sample_kasteleyn(region, seed=s)) for s in range(30)}
    assert len(many) > 1  # the seed matters


def test_large_region_with_single_cell_holes_gives_a_valid_tiling():
    rng = np.random.default_rng(4)
    mask = np.ones((30, 41), dtype=bool)
    for colour in [0, 1] * 15:  # 30 single-cell holes, as many of each colour
        while True:
            r, c = rng.integers(1, 29), rng.integers(1, 40)
            if mask[r, c] and (r + c) % 2 == colour:
                mask[r, c] = False
                break
    region = Region.from_mask(mask)
    assert region.is_balanced and len(region.holes) >= 20
    t = sample_kasteleyn(region, seed=9)
    t.validate()
    assert t.is_complete and 2 * t.n_dominoes == region.n_cells


def test_region_without_tiling_raises():
    with pytest.raises(NoTilingError):
        sample_kasteleyn(Region.rectangle(3, 3), seed=0)  # unbalanced
    balanced_untileable = Region.from_strings(
        ["...####", "....###", "......#", "#.#....", "#......", "##.....", "###...#"]
    )
    assert brute_force_tilings(balanced_untileable.mask) == []
    assert balanced_untileable.is_balanced
    with pytest.raises(NoTilingError):
        sample_kasteleyn(balanced_untileable, seed=0)


def test_weights_that_forbid_every_tiling_raise():
    region = Region.rectangle(2, 3)
    with pytest.raises(NoTilingError, match="nonzero weights"):
        sample_kasteleyn(region, seed=0, weights=Weights.by_orientation(region, 1, 0))


def test_perfect_matching_check_agrees_with_brute_force():
    rng = np.random.default_rng(1)
    for _ in range(40):
        mask = rng.random((4, 4)) < 0.8
        hw = np.ones((4, 3))
        vw = np.ones((3, 4))
        assert has_nonzero_tiling(mask, hw, vw) == (len(brute_force_tilings(mask)) > 0)


def test_over_the_memory_budget_is_refused_before_allocating():
    region = Region.rectangle(3000, 3000)
    with set_options(memory_limit=10**8):
        with pytest.raises(TooLargeError, match="Kasteleyn sampler"):
            sample_kasteleyn(region, seed=0)


def test_empty_region_gives_the_empty_tiling():
    region = Region.from_mask(np.zeros((3, 3), dtype=bool))
    assert sample_kasteleyn(region, seed=0).n_dominoes == 0


def test_symbolic_weights_are_refused():
    import sympy

    region = Region.rectangle(2, 2)
    with pytest.raises(DominoTypeError):
        sample_kasteleyn(
            region, seed=0, weights=Weights.by_orientation(region, sympy.Symbol("x"), 1)
        )


def test_a_failure_after_random_choices_is_continued_by_the_exact_conditional_law(monkeypatch):
    # Make every first forward pass "fail" half-way through the scan: the dominoes
    # decided before the cut stay, and a fresh run must draw the rest with the
    # conditional law -- so the whole is still exactly uniform. (A restart from
    # scratch, or a refusal, would not be.)
    import dominotiling.sampling.kasteleyn as ks

    region = Region.from_strings(REGIONS["odd_and_even_holes"])
    full = int(region.mask.sum())
    real = ks._forward
    calls = {"failed": 0, "continued": 0}

    def failing(mask, hw, vw, back, uniforms, bar=None):
        labels, state = real(mask, hw, vw, back, uniforms)
        if int(mask.sum()) != full or labels is None or state[3]:
            calls["continued"] += 1
            return labels, state
        flat = labels.ravel()
        cut = flat.size // 2
        first_cell = {}
        for i, lab in enumerate(flat.tolist()):
            if lab >= 0 and lab not in first_cell:
                first_cell[lab] = i
        kept = sorted(lab for lab, i in first_cell.items() if i < cut)
        out = np.full(labels.shape, -1, dtype=np.int32)
        for new, lab in enumerate(kept):
            out[labels == lab] = new
        state = state.copy()
        state[0], state[3] = len(kept), 1.0
        calls["failed"] += 1
        return out, state

    monkeypatch.setattr(ks, "_forward", failing)
    assert _chi_square(region, 1500, seed=21) > 1e-3
    assert calls["failed"] == 1500 and calls["continued"] >= 1500


def test_refusal_of_the_condition_test_comes_before_any_random_number():
    from dominotiling.errors import PrecisionError

    region = Region.aztec_diamond(50)  # frozen: its two backward passes disagree
    for seed in (0, 1):
        rng = np.random.default_rng(seed)
        state = rng.bit_generator.state
        with pytest.raises(PrecisionError, match="before any random choice"):
            sample_kasteleyn(region, seed=rng)
        assert rng.bit_generator.state == state


def test_the_torus_sampler_runs_the_condition_test_before_its_seam_edges(monkeypatch):
    # issue 26: a refusal may not depend on the seam edges drawn. The plane sampler's
    # condition test runs on the torus cut open, before any random number; the plane
    # left after the seam edges is not tested again.
    import dominotiling.sampling.kasteleyn as ks
    from dominotiling.errors import PrecisionError
    from dominotiling.surfaces.sampling import sample_surface

    tested = []
    real = ks._certify

    def record(backs, shift, refuse):
        tested.append(True)
        return real(backs, shift, refuse)

    monkeypatch.setattr(ks, "_certify", record)
    ks._CERTIFIED.clear()
    torus = Region.torus(8, 10)
    rng = np.random.default_rng(5)
    t = sample_surface(torus, seed=rng, method="kasteleyn")
    assert t.is_complete and len(tested) == 1  # once, on the cut-open 8 x 10 rectangle

    def refusing(backs, shift, refuse):
        refuse("before any random choice: (forced by the test)")

    monkeypatch.setattr(ks, "_certify", refusing)
    ks._CERTIFIED.clear()
    rng = np.random.default_rng(6)
    state = rng.bit_generator.state
    with pytest.raises(PrecisionError, match="before any random choice"):
        sample_surface(torus, seed=rng, method="kasteleyn")
    assert rng.bit_generator.state == state  # no seam edge was drawn


def test_the_kasteleyn_sampler_reports_progress_against_a_total(monkeypatch):
    import dominotiling.sampling.kasteleyn as ks

    bars = []

    class Recording:
        def __init__(self, enabled, **kwargs):
            self.enabled, self.total, self.done = enabled, kwargs["total"], 0
            bars.append(self)

        def update(self, n, window=None):
            self.done += n

        def close(self):
            pass

    monkeypatch.setattr(ks, "LazyBar", Recording)
    ks._CERTIFIED.clear()
    region = Region.rectangle(30, 24)  # the narrow view: 30 rows of 24
    rng = np.random.default_rng(0)
    sample_kasteleyn(region, seed=rng)  # two backward passes (the condition test) and the draw
    sample_kasteleyn(region, seed=rng, progress=False)  # certified: one backward pass
    assert [b.total for b in bars] == [90, 60]
    assert [b.done for b in bars] == [90, 60]
    assert [b.enabled for b in bars] == [True, False]


def test_a_refusal_names_the_samplers_that_do_not_depend_on_it():
    from dominotiling.errors import PrecisionError

    with pytest.raises(PrecisionError) as info:
        sample_kasteleyn(Region.aztec_diamond(50), seed=0)
    message = str(info.value)
    for alternative in ("method='transfer'", "method='shuffling'", "method='embedding'", "glauber"):
        assert alternative in message


# ------------------------------------------------ the draw's rarer paths (issue 37)
# The draw kernel is resumable: it asks its caller for a refinement step (a kernel compiled only
# when a draw needs one), and it recomputes a row's inverse afresh after an unlikely domino. These
# tests make every cell take those paths and check that the law drawn is still the exact one.


def test_refine_makes_a_perturbed_inverse_column_and_row_exact():
    from dominotiling._kernels.kasteleyn_sample import refine

    rng = np.random.default_rng(3)
    n3 = 9
    t = rng.normal(size=(n3, n3)) + 3 * np.eye(n3)
    ract, cact = np.ones(n3, dtype=np.bool_), np.ones(n3, dtype=np.bool_)
    ract[4] = cact[7] = False  # an inactive row and column: the active block is 8 x 8
    ri, ci = np.flatnonzero(ract), np.flatnonzero(cact)
    exact = np.linalg.inv(t[np.ix_(ri, ci)])  # columns of ci, rows of ri
    for by_row, x in ((True, 2), (False, 5)):
        g = np.zeros((n3, n3))
        g[np.ix_(ci, ri)] = exact * (1 + 1e-6 * rng.normal(size=exact.shape))
        before = np.abs(g[np.ix_(ci, ri)] - exact).max()
        refine(t, g, ract, cact, by_row, x, np.zeros(n3))
        got = g[np.ix_(ci, ri)]
        line = (
            (got[:, list(ri).index(x)], exact[:, list(ri).index(x)])
            if by_row
            else (got[list(ci).index(x)], exact[list(ci).index(x)])
        )
        assert np.abs(line[0] - line[1]).max() < 1e-6 * before  # that line refined
        assert not g[7].any() and not g[:, 4].any()  # inactive row 4, column 7: zero


def test_the_law_is_exact_when_every_cell_asks_for_refinement(monkeypatch):
    # a threshold below any error: every cell with two choices asks its caller for two
    # refinement steps (the kernel returns, the caller refines, the kernel resumes at the cell)
    import dominotiling._kernels.kasteleyn_sample as ks

    asked = []
    refine = ks.refine

    def counted(*args):
        asked.append(args[5])
        return refine(*args)

    monkeypatch.setattr(ks, "REFINE_ABOVE", -1.0)
    monkeypatch.setattr(ks, "refine", counted)
    region = Region.from_strings(REGIONS["odd_and_even_holes"])
    assert _chi_square(region, 1500, seed=21) > 1e-3
    assert len(asked) > 1500 * 2  # refinement asked for at every cell with a choice


def test_the_law_is_exact_when_every_domino_refreshes_the_inverse(monkeypatch):
    # a threshold above any probability: after every domino the inverse is computed afresh
    import dominotiling._kernels.kasteleyn_sample as ks
    from dominotiling.sampling.kasteleyn import _sample

    monkeypatch.setattr(ks, "REFRESH_BELOW", 2.0)
    region = Region.from_strings(REGIONS["two_holes"])
    assert _sample(region, 1, None)[2] >= region.n_cells // 2 - 2  # nearly every domino
    assert _chi_square(region, 1500, seed=22) > 1e-3


def test_the_law_is_exact_through_fresh_inverses_after_unlikely_dominoes():
    # weight 1/2000 on every horizontal domino of the top row of a board with a hole: a draw that
    # takes one took a probability below 1e-3, after which the inverse is computed afresh
    from dominotiling.sampling.kasteleyn import _sample

    region = Region.from_strings(["....", "....", "....", ".##.", "...."])
    m, n = region.shape
    hw, vw = np.ones((m, n - 1)), np.ones((m - 1, n))
    hw[0] = 1 / 2000
    weights = Weights.from_arrays(hw, vw)
    tilings = brute_force_tilings(region.mask)
    probs = np.array([float(_weight(t, hw.tolist(), vw.tolist())) for t in tilings])
    index = {t: i for i, t in enumerate(tilings)}
    counts = np.zeros(len(tilings))
    rng = np.random.default_rng(4)
    refreshes, draws = 0, 6000
    for _ in range(draws):
        tiling, _worst, fresh, _restarts = _sample(region, rng, weights)
        refreshes += fresh
        counts[index[dominoes_of(tiling)]] += 1
    assert refreshes > 0  # the fresh-inverse path was taken
    # the rare tilings pooled into one class, so that every class expects at least 5
    expected = probs / probs.sum() * draws
    rare = expected < 5
    obs = np.append(counts[~rare], counts[rare].sum())
    exp = np.append(expected[~rare], expected[rare].sum())
    assert chisquare(obs, exp).pvalue > 1e-3
