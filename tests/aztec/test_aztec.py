"""Tests of Aztec-diamond shuffling (dominotiling.aztec.shuffling): exactness, validity, types, arctic circle.

Every distribution is checked against brute-force enumeration of all tilings
(tests/helpers.py), with the weights of a tiling computed here from the
definition in ``sample_aztec``'s docstring, independently of the kernels.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
from helpers import brute_force_tilings, dominoes_of
from scipy.stats import chisquare

import dominotiling.aztec.arctic as arctic
import dominotiling.aztec.shuffling as aztec
from dominotiling import Region, Tiling
from dominotiling.aztec.arctic import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    arctic_circle,
    aztec_types,
    frozen_mask,
    temperate_fraction,
)
from dominotiling.aztec.shuffling import sample_aztec, shuffle_frames
from dominotiling.counting.placement import placement_probabilities
from dominotiling.errors import DominoTilingError, TooLargeError


# ----------------------------------------------------------- independent helpers
def block_half(n, domino):
    """(i, j, t) of a domino ((r, c), (r2, c2)) in the order-n diamond, from the docstring's definition.

    Block (i, j) has top-left cell (i + j, n - 1 + j - i); t = 0, 1, 2, 3 for its
    N (top row), S (bottom row), W (left column), E (right column) half.
    """
    (r, c), (r2, c2) = domino
    horizontal = r == r2
    for i in range(n):
        for j in range(n):
            R, C = i + j, n - 1 + j - i
            halves = {
                0: ((R, C), (R, C + 1)),
                1: ((R + 1, C), (R + 1, C + 1)),
                2: ((R, C), (R + 1, C)),
                3: ((R, C + 1), (R + 1, C + 1)),
            }
            for t, cells in halves.items():
                if cells == ((r, c), (r2, c2)):
                    assert horizontal == (t < 2)
                    return i, j, t
    raise AssertionError(f"{domino} is no half of a block")


def tiling_weight(n, tiling, w):
    """Product of the edge weights w[i % p, j % q, t] of a tiling (a set of dominoes)."""
    p, q, _ = w.shape
    out = 1.0
    for d in tiling:
        i, j, t = block_half(n, d)
        out *= w[i % p, j % q, t]
    return out


def chi_square_pvalue(n, probs, tilings, samples):
    index = {t: k for k, t in enumerate(tilings)}
    counts = np.zeros(len(tilings))
    for s in samples:
        counts[index[dominoes_of(s)]] += 1
    return chisquare(counts, np.asarray(probs) * counts.sum()).pvalue


def two_periodic(a, b):
    return np.repeat(np.array([[a, b], [b, a]], dtype=float)[:, :, None], 4, axis=2)


# ------------------------------------------------------------------ uniformity
@pytest.mark.parametrize("n, seed", [(2, 11), (3, 12)])
def test_uniform_chi_square(n, seed):
    tilings = brute_force_tilings(Region.aztec_diamond(n).mask)
    assert len(tilings) == 2 ** (n * (n + 1) // 2)
    rng = np.random.default_rng(seed)
    samples = [sample_aztec(n, seed=rng) for _ in range(60 * len(tilings))]
    p = chi_square_pvalue(n, np.full(len(tilings), 1 / len(tilings)), tilings, samples)
    assert p > 1e-3


def test_uniform_chi_square_n4_with_power():
    # all 1024 tilings of order 4, 12 samples expected of each; the same counts reject
    # the two-periodic law (1, 1.5) -- the test sees a bias of that size
    n = 4
    region = Region.aztec_diamond(n)
    tilings = brute_force_tilings(region.mask)
    assert len(tilings) == 2 ** (n * (n + 1) // 2)
    index = {Tiling.from_dominoes(region, t).labels.tobytes(): k for k, t in enumerate(tilings)}
    rng = np.random.default_rng(44)
    counts = np.zeros(len(tilings))
    for _ in range(12 * len(tilings)):
        counts[index[sample_aztec(n, seed=rng).labels.tobytes()]] += 1
    assert chisquare(counts).pvalue > 1e-3
    biased = np.array([tiling_weight(n, t, two_periodic(1.0, 1.5)) for t in tilings])
    assert chisquare(counts, biased / biased.sum() * counts.sum()).pvalue < 1e-6


def test_uniform_placement_frequencies_match_exact_probabilities():
    n, m = 4, 3000
    exact = placement_probabilities(Region.aztec_diamond(n), exact=True)
    rng = np.random.default_rng(5)
    hcount = np.zeros(exact.horizontal.shape)
    vcount = np.zeros(exact.vertical.shape)
    for _ in range(m):
        for (r, c), (r2, _c2) in sample_aztec(n, seed=rng).dominoes.tolist():
            if r == r2:
                hcount[r, c] += 1
            else:
                vcount[r, c] += 1
    zs = []
    for probs, counts in ((exact.horizontal, hcount), (exact.vertical, vcount)):
        for idx, pr in np.ndenumerate(probs):
            if pr is None or pr in (0, 1):
                assert pr is None or counts[idx] == pr * m
                continue
            pr = float(pr)
            zs.append((counts[idx] - m * pr) / math.sqrt(m * pr * (1 - pr)))
    assert len(zs) > 20
    assert max(abs(z) for z in zs) < 4.5


# -------------------------------------------------------------------- weighted
def test_general_periodic_weights_chi_square():
    n = 3
    w = np.random.default_rng(3).uniform(0.3, 3.0, size=(2, 3, 4))
    tilings = brute_force_tilings(Region.aztec_diamond(n).mask)
    ws = np.array([tiling_weight(n, t, w) for t in tilings])
    rng = np.random.default_rng(21)
    samples = [sample_aztec(n, seed=rng, weights=w) for _ in range(60 * len(tilings))]
    assert chi_square_pvalue(n, ws / ws.sum(), tilings, samples) > 1e-3
    # the test has power: the same samples against N<->S, W<->E swapped weights fail
    swapped = np.array([tiling_weight(n, t, w[:, :, [1, 0, 3, 2]]) for t in tilings])
    assert chi_square_pvalue(n, swapped / swapped.sum(), tilings, samples) < 1e-6


def test_two_periodic_chi_square_n3():
    n, (a, b) = 3, (1.0, 3.0)
    tilings = brute_force_tilings(Region.aztec_diamond(n).mask)
    ws = np.array([tiling_weight(n, t, two_periodic(a, b)) for t in tilings])
    rng = np.random.default_rng(8)
    samples = [sample_aztec(n, seed=rng, weights=(a, b)) for _ in range(60 * len(tilings))]
    assert chi_square_pvalue(n, ws / ws.sum(), tilings, samples) > 1e-3


def test_two_periodic_placement_probabilities_n4():
    """Exact weighted placement probabilities by enumeration vs sample frequencies (z-test)."""
    n, (a, b), m = 4, (1, 2), 3000
    tilings = brute_force_tilings(Region.aztec_diamond(n).mask)
    w = two_periodic(a, b)
    weights = [Fraction(int(round(tiling_weight(n, t, w)))) for t in tilings]  # integer weights
    total = sum(weights)
    exact = {}
    for t, wt in zip(tilings, weights):
        for d in t:
            exact[d] = exact.get(d, 0) + wt / total
    rng = np.random.default_rng(9)
    counts = dict.fromkeys(exact, 0)
    for _ in range(m):
        for d in dominoes_of(sample_aztec(n, seed=rng, weights=(a, b))):
            counts[d] += 1
    zs = [
        (counts[d] - m * float(pr)) / math.sqrt(m * float(pr) * (1 - float(pr)))
        for d, pr in exact.items()
        if pr != 1
    ]
    assert max(abs(z) for z in zs) < 4.5
    # and the weights matter: some placement differs clearly from the uniform measure
    uniform = placement_probabilities(Region.aztec_diamond(n), exact=True)
    diffs = [
        abs(
            float(pr)
            - float(uniform.horizontal[d[0]] if d[0][0] == d[1][0] else uniform.vertical[d[0]])
        )
        for d, pr in exact.items()
    ]
    assert max(diffs) > 0.05


def test_equal_face_weights_give_the_uniform_probabilities():
    probs = aztec._level_probabilities(7, (2.5, 2.5))
    assert probs.shape == (7, 2, 2)
    assert np.allclose(probs, 0.5)


def test_face_weight_array_and_pair_agree():
    a = sample_aztec(12, seed=4, weights=(1.0, 0.5))
    b = sample_aztec(12, seed=4, weights=np.array([[1.0, 0.5], [0.5, 1.0]]))
    c = sample_aztec(12, seed=4, weights=two_periodic(1.0, 0.5))
    assert np.array_equal(a.labels, b.labels) and np.array_equal(a.labels, c.labels)


# ----------------------------------------------------------- validity and seeds
@pytest.mark.parametrize(
    "weights", [None, (1.0, 0.25), np.random.default_rng(0).uniform(0.1, 5, (3, 2, 4))]
)
def test_every_sample_validates(weights):
    for n in list(range(1, 20)) + [63, 64, 65, 130]:
        t = sample_aztec(n, seed=n, weights=weights)
        t.validate()
        assert t.is_complete and t.n_dominoes == n * (n + 1)
        assert t.region == Region.aztec_diamond(n)
        assert t.labels.dtype == np.int32


def test_same_seed_same_sample():
    for weights in (None, (1.0, 0.5)):
        a = sample_aztec(40, seed=123, weights=weights)
        b = sample_aztec(40, seed=123, weights=weights)
        c = sample_aztec(40, seed=124, weights=weights)
        assert np.array_equal(a.labels, b.labels)
        assert not np.array_equal(a.labels, c.labels)
        g = np.random.default_rng(123)
        assert np.array_equal(sample_aztec(40, seed=g, weights=weights).labels, a.labels)


# xoshiro256** and SplitMix64 as published (Blackman & Vigna 2021; Steele, Lea & Flood 2014)
_MASK = 2**64 - 1


def _splitmix64(key, counter):
    z = (key + (counter + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & _MASK


def _xoshiro256ss(s):
    out = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
    t = (s[1] << 17) & _MASK
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return out


def _documented_coins(key, k, i):
    """The words of row i's stream at the stage to order k, as sample_aztec's Notes describe them."""
    row_key = (key + k * 0xD1B54A32D192ED03 + (i + 1) * 0x8CB92BA72F3D8DD7) & _MASK
    state = [_splitmix64(row_key, c) for c in range(4)]
    nw = (k + 63) // 64
    words = [_xoshiro256ss(state) for _ in range(nw)]  # the last word of the row first
    return words[::-1]


@pytest.mark.parametrize("n, seed", [(1, 0), (7, 3), (70, 9)])
def test_uniform_samples_follow_the_documented_random_stream(n, seed):
    # the plain-Python reference (tests/reference/shuffling.py) with the coins of the
    # documented generator: the kernel's sample, bit for bit (so the same on every machine)
    from reference.shuffling import sample_aztec as reference
    from reference.shuffling import to_rows

    key = int(np.random.default_rng(seed).integers(0, 2**64, dtype=np.uint64))
    cache = {}

    def coin(k, x, y):
        r, c = k - 1 - y, x + k  # the block's top-left cell in the order-k mask
        i, j = (r - c + k - 1) // 2, (r + c - k + 1) // 2
        if (k, i) not in cache:
            cache[k, i] = _documented_coins(key, k, i)
        return bool(cache[k, i][j // 64] >> (j % 64) & 1)

    want = Tiling.from_dominoes(Region.aztec_diamond(n), to_rows(reference(n, coin=coin), n))
    got = sample_aztec(n, seed=seed)
    assert np.array_equal(got.labels, want.labels)
    assert got == want


def test_sample_does_not_depend_on_the_slicing_of_the_run(monkeypatch):
    # by default order 150 is one kernel call of wavefronts of 32 stages; with a budget
    # of one word a call does one stage
    want = sample_aztec(150, seed=6).labels
    want_w = sample_aztec(70, seed=6, weights=(1, 3)).labels
    monkeypatch.setattr(aztec, "_SLICE_WORDS", 1)
    assert np.array_equal(sample_aztec(150, seed=6).labels, want)
    assert np.array_equal(sample_aztec(70, seed=6, weights=(1, 3)).labels, want_w)


def test_bad_arguments():
    for n in (0, -3):
        with pytest.raises(DominoTilingError, match="positive"):
            sample_aztec(n)
    for n in (2.0, True, "3"):
        with pytest.raises(TypeError):
            sample_aztec(n)
    with pytest.raises(TooLargeError, match="GiB"):
        sample_aztec(100_000)
    with pytest.raises(DominoTilingError, match="positive"):
        sample_aztec(3, weights=(1.0, -1.0))
    with pytest.raises(DominoTilingError, match="shape"):
        sample_aztec(3, weights=np.ones((2, 2, 3)))
    with pytest.raises(TooLargeError, match="period"):
        sample_aztec(1000, weights=np.ones((1000, 1000)))
    with pytest.raises(TooLargeError, match="sample_aztec"):
        shuffle_frames(aztec.MAX_FRAMES_ORDER + 1)


# ------------------------------------------------------------- shuffling frames
def test_frames_follow_destroy_slide_create():
    """Between consecutive frames every domino slides one step its type's way or dies in a bad pair,
    and the new dominoes fill 2x2 blocks -- checked from cells and types only."""
    frames = [f.tiling for f in shuffle_frames(12, seed=3)]  # Frame objects (issue 13)
    assert [f.region for f in frames] == [Region.aztec_diamond(k) for k in range(1, 13)]
    assert np.array_equal(frames[-1].labels, sample_aztec(12, seed=3).labels)
    step = {NORTH: (-1, 0), SOUTH: (1, 0), EAST: (0, 1), WEST: (0, -1)}
    for k in range(1, 12):
        old, new = frames[k - 1], frames[k]
        old_types = dict(zip(map(tuple, old.dominoes.reshape(-1, 4).tolist()), aztec_types(old)))
        new_types = dict(zip(map(tuple, new.dominoes.reshape(-1, 4).tolist()), aztec_types(new)))
        moved = set()
        for (r1, c1, r2, c2), t in old_types.items():
            dr, dc = step[t]
            target = (r1 + 1 + dr, c1 + 1 + dc, r2 + 1 + dr, c2 + 1 + dc)  # the frame grows by one
            if target in new_types:
                assert new_types[target] == t
                moved.add(target)
            else:  # destroyed: the domino it faces moves the other way, and is gone too
                face = (r1 + dr, c1 + dc, r2 + dr, c2 + dc)
                assert (
                    old_types.get(face) == {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}[t]
                )
                mr, mc = step[old_types[face]]
                gone = (face[0] + 1 + mr, face[1] + 1 + mc, face[2] + 1 + mr, face[3] + 1 + mc)
                assert gone not in new_types
        created = set(new_types) - moved
        cells = {(r, c) for d in created for r, c in (d[:2], d[2:])}
        while cells:  # the created dominoes pair up into 2x2 blocks, N above S or W left of E
            r, c = min(cells)
            block = {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
            assert block <= cells
            pair = {d: new_types[d] for d in created if {d[:2], d[2:]} <= block}
            assert sorted(pair.values()) in ([NORTH, SOUTH], [EAST, WEST])
            cells -= block


# --------------------------------------------------------------- types, frozen
def test_types_of_brick_walls():
    n = 5
    region = Region.aztec_diamond(n)
    rows = []  # every row of the diamond is a run of an even number of cells
    for r in range(2 * n):
        cols = np.flatnonzero(region.mask[r])
        rows += [((r, int(c)), (r, int(c) + 1)) for c in cols[::2]]
    horizontal = Tiling.from_dominoes(region, rows)
    types = aztec_types(horizontal)
    top = horizontal.dominoes[:, 0, 0] < n
    assert (types[top] == NORTH).all() and (types[~top] == SOUTH).all()
    vertical = Tiling.from_dominoes(region, [((c1, r1), (c2, r2)) for (r1, c1), (r2, c2) in rows])
    types = aztec_types(vertical)
    left = vertical.dominoes[:, 0, 1] < n
    assert (types[left] == WEST).all() and (types[~left] == EAST).all()
    # the all-horizontal tiling is one frozen brick wall from the top and bottom corners
    assert frozen_mask(horizontal).sum() == region.n_cells
    assert temperate_fraction(horizontal) == 0.0


def test_types_need_a_complete_aztec_tiling():
    with pytest.raises(DominoTilingError, match="Aztec"):
        pairs = [((r, c), (r, c + 1)) for r in (0, 1) for c in (0, 2)]
        aztec_types(Tiling.from_dominoes(Region.rectangle(2, 4), pairs))
    with pytest.raises(DominoTilingError, match="uncovered"):
        frozen_mask(Tiling.from_dominoes(Region.aztec_diamond(1), [((0, 0), (0, 1))]))


def test_arctic_circle_frozen_corners_and_mixed_centre():
    n = 300
    t = sample_aztec(n, seed=2024)
    frozen = frozen_mask(t)
    centres = np.arange(2 * n) + 0.5
    x, y = np.meshgrid(centres, centres)  # cell (r, c) has centre (x, y) = (c + 0.5, r + 0.5)
    dist = np.hypot(x - n, y - n) / (n / math.sqrt(2))  # 1 on the arctic circle
    inside = Region.aztec_diamond(n).mask
    assert frozen[inside & (dist > 1.1)].all()  # the four corners, all frozen
    assert not frozen[dist < 0.85].any()  # a mixed centre
    for r, c in ((0, n - 1), (2 * n - 1, n), (n, 0), (n - 1, 2 * n - 1)):
        assert frozen[r, c]
    # each corner is frozen in its own type
    types = arctic._cell_types(t, n)
    assert (types[: n // 4][frozen[: n // 4]] == NORTH).all()
    assert (types[-(n // 4) :][frozen[-(n // 4) :]] == SOUTH).all()
    fraction = temperate_fraction(t)
    assert abs(fraction / (math.pi / 4) - 1) < 0.06
    # the frozen boundary layer shrinks relative to n: n = 100 is further from pi/4
    assert fraction > temperate_fraction(sample_aztec(100, seed=2024))


def test_arctic_circle_is_inscribed():
    n = 13
    x, y = arctic_circle(n, num=400)
    assert len(x) == len(y) == 400
    assert np.allclose(np.hypot(x - n, y - n), n / math.sqrt(2))
    l1 = np.abs(x - n) + np.abs(y - n)  # the diamond's sides are |x - n| + |y - n| = n
    assert l1.max() == pytest.approx(n, rel=1e-4) and (l1 <= n + 1e-9).all()


def test_types_colour_a_drawing():
    import matplotlib

    matplotlib.use("Agg")
    from dominotiling.viz.draw import draw_tiling

    t = sample_aztec(8, seed=1)
    ax = draw_tiling(t, color_by=aztec_types(t))
    x, y = arctic_circle(8)
    ax.plot(x, y)
    assert len(ax.images) == 1 and len(ax.lines) == 1


# --- issue 13 -----------------------------------------------------------------------


@pytest.mark.parametrize("weights", [(1.0, 1e-200), (1e-300, 1.0)])
def test_weights_too_uneven_for_doubles_are_refused_clearly(weights):
    with pytest.raises(DominoTilingError, match="too uneven"):
        sample_aztec(30, weights=weights)


def test_huge_orders_are_refused_before_allocating():
    with pytest.raises(TooLargeError, match="memory budget"):
        sample_aztec(10**6)
    with pytest.raises(TooLargeError, match="memory budget"):
        Region.aztec_diamond(2**62)


def test_seed_by_position_still_works_with_a_warning():
    with pytest.warns(DeprecationWarning, match="by keyword"):
        t = sample_aztec(5, 3)
    assert t == sample_aztec(5, seed=3)


def test_arctic_names_old_paths_still_work():
    # dominotiling.aztec.arctic_circle was a deprecated alias of the old aztec module; the
    # aztec wing's front door now exports the arctic measurements itself
    import dominotiling.aztec as aztec
    import dominotiling.aztec.arctic as arctic

    f = aztec.arctic_circle
    assert f is arctic.arctic_circle


# ------------------------------------------------- bit-sliced periodic coins
def test_bit_sliced_digits_are_the_probabilities_binary_digits():
    from dominotiling._kernels.shuffling import periodic_masks

    rng = np.random.default_rng(5)
    for p, q in ((1, 1), (2, 2), (3, 5), (2, 48)):
        probs = rng.uniform(0, 1, size=(3, p, q))
        probs[0, 0, 0], probs[1, -1, -1], probs[2, 0, -1] = 1.0, 0.5, 0.0
        W = q // math.gcd(q, 64)
        masks = np.zeros((3, p, W, 128), np.uint64)
        sure = np.zeros((3, p, W), np.uint64)
        periodic_masks(probs, 0, 3, masks, sure)
        for t, a, v, lane in (
            (t, a, v, lane)
            for t in range(3)
            for a in range(p)
            for v in range(W)
            for lane in range(64)
        ):
            x = Fraction(probs[t, a, (64 * v + lane) % q])
            assert bool(int(sure[t, a, v]) >> lane & 1) == (x == 1)
            if x == 1:
                continue
            digits = [int(masks[t, a, v, b]) >> lane & 1 for b in range(64)]
            more = [int(masks[t, a, v, 64 + b]) >> lane & 1 for b in range(64)]
            head = sum(Fraction(d, 2 ** (b + 1)) for b, d in enumerate(digits))
            assert head <= x < head + Fraction(1, 2**64)  # the first 64 digits, exactly
            for b in range(64):  # a digit 1 after digit b, or not
                first = sum(Fraction(d, 2 ** (c + 1)) for c, d in enumerate(digits[: b + 1]))
                assert more[b] == (x != first)


@pytest.mark.parametrize("x", [0.25, 0.3, 1 / 3, 0.9])
def test_bit_sliced_coin_frequency(x):
    """Order 1 of a 1 x 1 period: one hole, horizontal with probability x = N S / (N S + W E)."""
    w = np.array([[[1.0, 1.0, (1 - x) / x, 1.0]]])
    assert aztec._bit_sliced(1, 1)
    m = 4000
    hits = 0
    for s in range(m):
        lab = sample_aztec(1, seed=s, weights=w).labels
        hits += bool(lab[0, 0] == lab[0, 1])  # the top row is one horizontal domino
    assert abs(hits - m * x) < 4.5 * math.sqrt(m * x * (1 - x))


def test_wide_periods_keep_the_double_per_hole():
    assert aztec._bit_sliced(2, 2) and aztec._bit_sliced(8, 8) and aztec._bit_sliced(16, 16)
    assert not aztec._bit_sliced(40, 40)
    w = np.random.default_rng(2).uniform(0.5, 2.0, size=(40, 40, 4))
    t = sample_aztec(45, seed=3, weights=w)
    assert t.n_dominoes == 45 * 46 and t == sample_aztec(45, seed=3, weights=w)
