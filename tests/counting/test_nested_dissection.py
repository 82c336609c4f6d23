"""Kasteleyn determinants by nested dissection (issue 41) against independent routes.

Every expected value comes from another method: the banded Kasteleyn route, the
profile DP, brute-force enumeration, the Kasteleyn-Temperley-Fisher product
(mpmath, and its exact resultant form), 2**(n(n+1)/2) for Aztec diamonds.
"""

import math
from fractions import Fraction

import numpy as np
import pytest
from helpers import brute_force_tilings, ktf_count

from dominotiling import Region, Weights
from dominotiling._exact import small_primes
from dominotiling.counting import nested_dissection as nd
from dominotiling.counting.closed_forms import rectangle_count
from dominotiling.counting.determinants import det_mod_primes
from dominotiling.counting.kasteleyn import count_kasteleyn, mask_matrix
from dominotiling.counting.transfer import count_transfer


def dissection(region, weights=None):
    return count_kasteleyn(region, weights, elimination="dissection")


def band(region, weights=None):
    return count_kasteleyn(region, weights, elimination="band")


def random_region(rng, rows, cols, holes):
    """A random region: a rectangle with single-cell and 2 x 2 holes, sometimes cut in two."""
    mask = np.ones((rows, cols), dtype=bool)
    for _ in range(holes):
        r, c = int(rng.integers(rows)), int(rng.integers(cols))
        if rng.random() < 0.3:
            mask[r : r + 2, c : c + 2] = False  # an even hole
        else:
            mask[r, c] = False  # an odd hole
    if rng.random() < 0.2 and cols > 4:  # several components
        mask[:, cols // 2] = False
    if rng.random() < 0.5:  # make it balanced by dropping a cell of the majority colour
        r, c = np.indices(mask.shape)
        black = mask & ((r + c) % 2 == 0)
        diff = int(black.sum()) - int((mask & ~black).sum())
        cells = np.argwhere(black if diff > 0 else mask & ~black)
        for cell in cells[: abs(diff)]:
            mask[tuple(cell)] = False
    if not mask.any():
        mask[0, 0] = True
    return Region.from_mask(mask)


@pytest.mark.parametrize("seed", range(6))
def test_random_regions_against_the_band_and_the_dp(seed):
    rng = np.random.default_rng(seed)
    for _ in range(50):
        rows, cols = int(rng.integers(2, 15)), int(rng.integers(2, 15))
        region = random_region(rng, rows, cols, int(rng.integers(0, rows * cols // 8 + 1)))
        expected = count_transfer(region)
        assert dissection(region) == expected == band(region), region.to_strings()


def test_small_regions_against_brute_force():
    rng = np.random.default_rng(7)
    for _ in range(30):
        region = random_region(rng, int(rng.integers(2, 7)), int(rng.integers(2, 7)), 3)
        assert dissection(region) == len(brute_force_tilings(region.mask))


@pytest.mark.parametrize("seed", range(3))
def test_int_and_fraction_weights(seed):
    rng = np.random.default_rng(100 + seed)
    for _ in range(20):
        rows, cols = int(rng.integers(2, 11)), int(rng.integers(2, 11))
        region = random_region(rng, rows, cols, int(rng.integers(0, 6)))
        h = rng.integers(0, 5, size=(rows, cols - 1))
        v = rng.integers(0, 5, size=(rows - 1, cols))
        w_int = Weights.from_arrays(h, v)
        expected = count_transfer(region, w_int)
        assert dissection(region, w_int) == expected == band(region, w_int)
        hf = [[Fraction(int(x), int(rng.integers(1, 4))) for x in row] for row in h]
        vf = [[Fraction(int(x), int(rng.integers(1, 4))) for x in row] for row in v]
        w_frac = Weights.from_arrays(hf, vf)
        got = dissection(region, w_frac)
        assert got == count_transfer(region, w_frac) == band(region, w_frac)
        assert isinstance(got, (int, Fraction))


@pytest.mark.parametrize(
    ("m", "n"), [(1, 2), (2, 9), (7, 8), (16, 16), (23, 30), (40, 41), (60, 60)]
)
def test_rectangles_against_the_product_formula(m, n):
    assert dissection(Region.rectangle(m, n)) == ktf_count(m, n)


def test_the_200_square_against_the_product_formula():
    # the Kasteleyn-Temperley-Fisher product as an exact resultant (closed_forms), 16740 bits
    assert dissection(Region.rectangle(200, 200)) == rectangle_count(200, 200)


@pytest.mark.parametrize("order", [1, 2, 7, 20, 45, 100])
def test_aztec_diamonds_as_regions(order):
    assert dissection(Region.aztec_diamond(order)) == 2 ** (order * (order + 1) // 2)


def test_no_tiling_and_trivial_regions():
    assert dissection(Region.rectangle(3, 3)) == 0  # unbalanced
    assert dissection(Region.from_strings(["##.", ".##", "#.."])) == 0  # balanced, no tiling
    assert dissection(Region.from_strings([".#", "#."])) == 0
    two = Region.from_strings(["..#..", "..#..", "#####", "..#.."])
    assert dissection(two) == 4 == count_transfer(two)  # four components: 2 * 2 * 1 * 1


def test_delayed_pivots_are_used_on_a_staircase():
    # boxes cut through the diamond's staircase hold more cells of one colour: pivots delayed
    mask = Region.aztec_diamond(12).mask
    plan = nd.dissection_plan(mask, leaf=8)
    ep = nd.probe(plan, mask_matrix(mask, "real"), int(small_primes(1)[0]))
    own = np.diff(plan.own_ptr_r)
    assert ep.complete and ep.residue in (2**78 % ep.prime, -(2**78) % ep.prime)  # +-det
    assert (ep.node_k[:-1] < own[:-1]).any()  # a node eliminated fewer than the rows it owns


def test_a_vanishing_pivot_drops_the_prime():
    mask = Region.rectangle(9, 10).mask
    a = mask_matrix(mask, "real")
    ep = nd.probe(nd.dissection_plan(mask, leaf=6), a, int(small_primes(1)[0]))
    primes = np.array([3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59])
    res, good = nd.det_mod_primes_nested(ep, primes)
    assert not good.all()  # small primes divide some leading minor
    truth = det_mod_primes(a, primes)  # the banded route, with pivoting
    for r, t, p, g in zip(res.tolist(), truth.tolist(), primes.tolist(), good.tolist()):
        if g:  # prod(pivots) = +-det: the same up to sign
            assert r % p in (t % p, (-t) % p)
    count = ktf_count(9, 10)
    for r, p, g in zip(res, primes, good):
        if g:
            assert r % p in (count % p, (-count) % p)


def test_the_plan_is_reused_by_every_prime():
    mask = np.ones((30, 31), dtype=bool)
    mask[10, 10] = mask[20, 5] = False
    region = Region.from_mask(mask)
    a = mask_matrix(mask, "real")
    ep = nd.probe(nd.dissection_plan(mask), a, int(small_primes(1)[0]))
    primes = small_primes(20)[1:]
    res, good = nd.det_mod_primes_nested(ep, primes)
    count = band(region)
    assert good.all()
    assert all(r in (count % p, (-count) % p) for r, p in zip(res.tolist(), primes.tolist()))
    # the same residues in two batches of eight and one of three, and with one thread
    res1, _ = nd.det_mod_primes_nested(ep, primes, n_threads=1)
    assert (res1 == res).all()


def test_operations_grow_like_cells_to_the_three_halves():
    ops = []
    for n in (40, 80, 160):
        mask = np.ones((n, n), dtype=bool)
        ep = nd.probe(nd.dissection_plan(mask), mask_matrix(mask, "real"), 67108859)
        ops.append(ep.operations)
    slope = math.log(ops[2] / ops[1]) / math.log(2)
    assert slope < 3.3  # n**3 per prime (the band: n**4)


def test_the_elimination_is_chosen_by_cost_and_checked():
    from dominotiling.counting.kasteleyn import choose_elimination
    from dominotiling.errors import DominoTilingError

    assert choose_elimination(Region.rectangle(8, 300)) == "band"  # a narrow strip
    assert choose_elimination(Region.rectangle(100, 100)) == "dissection"
    with pytest.raises(DominoTilingError, match="elimination"):
        count_kasteleyn(Region.rectangle(4, 4), elimination="lu")


def test_memory_is_refused_before_the_dissection_allocates():
    from dominotiling import set_options
    from dominotiling.errors import TooLargeError

    with set_options(memory_limit="1MiB"):
        with pytest.raises(TooLargeError, match="memory budget"):
            dissection(Region.rectangle(200, 200))


def test_the_kernels_compile_once_for_every_kind_of_input():
    from dominotiling._kernels.nested_dissection import front_pivots_mod, replay_mod

    region = Region.rectangle(12, 13)
    dissection(Region.rectangle(20, 20))
    dissection(region, Weights.by_orientation(region, 2, 3))
    dissection(region, Weights.by_orientation(region, Fraction(1, 2), 3))
    read_only = Region.from_mask(np.ones((16, 18), dtype=bool))
    dissection(read_only)
    assert len(front_pivots_mod.signatures) == 1
    assert len(replay_mod.signatures) == 1


def test_the_plan_goes_to_dask_workers(client):
    from dominotiling.parallel import count_distributed

    region = Region.rectangle(50, 52)
    assert count_distributed(region, client=client) == ktf_count(50, 52)
    holed = random_region(np.random.default_rng(5), 30, 34, 12)
    assert count_distributed(holed, client=client) == band(holed)


# --------------------------------------------------------------- the float route of log_count
@pytest.fixture
def beyond_superlu(monkeypatch):
    """log_count as for a region beyond SuperLU's reach: the nested-dissection LU serves."""
    import dominotiling.counting.kasteleyn as kasteleyn

    monkeypatch.setattr(kasteleyn, "_SUPERLU_MAX_ENTRIES", 0)
    return kasteleyn


@pytest.mark.parametrize(("m", "n"), [(2, 300), (31, 40), (150, 151)])
def test_float_route_on_rectangles(beyond_superlu, m, n):
    from dominotiling import log_count

    want = math.log(ktf_count(m, n)) if m * n < 2000 else math.log(rectangle_count(m, n))
    assert log_count(Region.rectangle(m, n)) == pytest.approx(want, rel=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_float_route_on_holed_regions_and_weights(beyond_superlu, seed):
    from dominotiling import log_count

    rng = np.random.default_rng(200 + seed)
    region = random_region(rng, 30, 33, 25)
    count = band(region)
    want = math.log(count) if count else -math.inf
    assert log_count(region) == pytest.approx(want, rel=1e-9, abs=1e-9)
    h = rng.integers(1, 4, size=(30, 32))
    v = rng.integers(1, 4, size=(29, 33))
    weights = Weights.from_arrays(h, v)
    z = band(region, weights)
    want = math.log(z) if z else -math.inf
    floats = Weights.from_arrays(h.astype(float), v.astype(float))
    assert log_count(region, weights=floats) == pytest.approx(want, rel=1e-9, abs=1e-9)


def test_float_route_certifies_or_refuses_aztec_diamonds(beyond_superlu, monkeypatch):
    from dominotiling import log_count
    from dominotiling.errors import PrecisionError

    monkeypatch.setattr(beyond_superlu, "_EXACT_FALLBACK_SECONDS", -1.0)
    answered, refused = [], []
    for order in (10, 30, 50, 70):
        try:
            got = log_count(Region.aztec_diamond(order))
        except PrecisionError:
            refused.append(order)
            continue
        assert got == pytest.approx(order * (order + 1) / 2 * math.log(2), rel=1e-9)
        answered.append(order)
    assert answered and refused  # both branches


@pytest.mark.parametrize("start", [0.5, 1e-6])
def test_float_lu_kernel_on_random_regions_against_a_dense_determinant(monkeypatch, start):
    # start = 1e-6: stacks of a few entries, grown again and again in the middle of the tree
    monkeypatch.setattr(nd, "_STACK_START", start)
    rng = np.random.default_rng(300)
    checked = 0
    while checked < 30:
        rows, cols = int(rng.integers(2, 22)), int(rng.integers(2, 22))
        region = random_region(rng, rows, cols, int(rng.integers(0, rows * cols // 10 + 1)))
        count = band(region)
        if count == 0:
            continue  # a singular matrix: its float determinant is rounding
        a = mask_matrix(region.mask, "real").astype(float)
        plan = nd.dissection_plan(region.mask, leaf=int(rng.integers(4, 40)))
        got = nd.log_abs_det_nested(plan, a.tocsr())
        sign, want = np.linalg.slogdet(a.toarray())
        assert sign != 0 and got == pytest.approx(want, rel=1e-10, abs=1e-10)
        assert want == pytest.approx(math.log(count), rel=1e-9, abs=1e-9)
        checked += 1


def test_float_lu_kernel_compiles_once():
    from dominotiling._kernels.nested_dissection import multifrontal_float

    mask = np.ones((9, 10), dtype=bool)
    nd.log_abs_det_nested(nd.dissection_plan(mask), mask_matrix(mask, "real").astype(float))
    read_only = np.ones((12, 11), dtype=bool)
    read_only.setflags(write=False)
    m = mask_matrix(read_only, "real", (np.full((12, 10), 2.0), np.ones((11, 11))))
    nd.log_abs_det_nested(nd.dissection_plan(read_only, leaf=8), m, threshold=0.5)
    assert len(multifrontal_float.signatures) == 1


def octagon(side):
    """The side x side square less its four corner triangles (legs side / (2 + sqrt 2))."""
    k = round(side / (2 + math.sqrt(2)))
    r, c = np.indices((side, side))
    mask = np.ones((side, side), dtype=bool)
    for rr, cc in ((r, c), (r, side - 1 - c), (side - 1 - r, c), (side - 1 - r, side - 1 - c)):
        mask &= rr + cc >= k
    return Region.from_mask(mask)


@pytest.mark.parametrize("side", [40, 72])
def test_log_count_of_octagons_is_right_to_1e12(side):
    # frozen corners: the float routes may fail to certify; the exact count then answers
    import warnings

    from dominotiling import log_count

    region = octagon(side)
    want = math.log(band(region))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = log_count(region)
    assert got == pytest.approx(want, rel=1e-12)


# ----------------------------------------- issue 41's goals at full size (the full tier)
@pytest.mark.full
def test_log_count_of_the_aztec_diamond_of_order_200_as_a_region():
    # the float routes cannot certify it; the exact count (nested dissection) answers
    from dominotiling import log_count
    from dominotiling.errors import ExactFallbackWarning

    order = 200
    region = Region.from_mask(Region.aztec_diamond(order).mask)  # a region, not the diamond
    with pytest.warns(ExactFallbackWarning, match="exact count"):
        got = log_count(region)
    assert got == pytest.approx(order * (order + 1) / 2 * math.log(2), rel=1e-12)


@pytest.mark.full
def test_log_count_of_the_octagon_of_side_256():
    # against the exact count by nested dissection, itself checked modulo three primes by
    # the banded elimination (the band's whole count would take about 20 minutes)
    import warnings

    from dominotiling import log_count

    region = octagon(256)
    count = dissection(region)
    primes = small_primes(3)
    residues = det_mod_primes(mask_matrix(region.mask, "real"), primes)
    for r, p in zip(residues.tolist(), primes.tolist()):
        assert count % p in (r % p, (-r) % p)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # certified in floats or the exact fallback: either
        got = log_count(region)
    assert got == pytest.approx(math.log(count), rel=1e-12)
