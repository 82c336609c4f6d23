import math

import numpy as np
import pytest
import sympy
from helpers import brute_force_tilings
from hypothesis import given
from hypothesis import strategies as st

from dominotiling import Region
from dominotiling._exact import bregman_log2_bound, crt, is_prime, moduli_for_bits, primes_below


def test_is_prime_agrees_with_sympy():
    for n in list(range(-3, 2000)) + [
        2**61 - 1,
        2**63 - 25,
        2**64 - 59,
        3215031751,
        341550071728321,
    ]:
        assert is_prime(n) == sympy.isprime(n), n


def test_primes_below_are_the_largest_primes():
    ps = primes_below(4)
    assert all(p < 2**63 for p in ps) and ps == sorted(ps, reverse=True)
    assert ps[0] == sympy.prevprime(2**63)
    for a, b in zip(ps, ps[1:]):
        assert sympy.prevprime(a) == b


@given(st.integers(min_value=0, max_value=2**400))
def test_crt_recovers_numbers_below_the_product(n):
    mods = moduli_for_bits(n.bit_length())
    prod = math.prod(2**64 if int(m) == 0 else int(m) for m in mods)
    assert prod > n
    residues = [n % (2**64 if int(m) == 0 else int(m)) for m in mods]
    assert crt(residues, mods) == n


def test_moduli_cover_the_bound():
    for bits in (0, 63, 64, 65, 200, 1000):
        mods = moduli_for_bits(bits)
        assert mods.dtype == np.uint64 and int(mods[0]) == 0
        total = sum(math.log2(2**64 if int(m) == 0 else int(m)) for m in mods)
        assert total > bits


def test_bregman_bound_holds_on_small_regions():
    rng = np.random.default_rng(0)
    for _ in range(40):
        mask = rng.random((5, 6)) < 0.85
        n = len(brute_force_tilings(mask))
        bound = Region(mask).log2_count_bound()
        if n:
            assert math.log2(n) <= bound
    assert bregman_log2_bound([1, 0], [1, 1]) == 0.0


def test_det_exact_matches_sympy_on_random_integer_matrices():
    from dominotiling.counting.determinants import det_exact

    rng = np.random.default_rng(3)
    for _ in range(40):
        n = int(rng.integers(1, 14))
        a = rng.integers(-5, 6, (n, n)) * (rng.random((n, n)) < 0.5)
        assert det_exact(a) == sympy.Matrix(a.tolist()).det()


def test_det_exact_large_entries_and_band():
    from scipy import sparse

    from dominotiling._exact import small_primes
    from dominotiling.counting.determinants import det_exact

    # tridiagonal with entries 1000: det grows far past one prime
    n = 60
    a = sparse.diags(
        [np.full(n - 1, 999), np.full(n, 1000), np.full(n - 1, -998)], [-1, 0, 1], dtype=np.int64
    )
    a = a.astype(np.int64)
    assert det_exact(a) == sympy.Matrix(a.toarray().tolist()).det()
    ps = small_primes(50)
    assert all(sympy.isprime(int(p)) for p in ps) and ps.max() < 2**26


# ------------------------------------------------------------ issue 13: bounds, primes, CRT, det


def _fibonacci(n):
    """F(n) by the doubling formulas F(2k) = F(k)(2F(k+1) - F(k)), F(2k+1) = F(k)**2 + F(k+1)**2."""

    def pair(k):
        if k == 0:
            return 0, 1
        a, b = pair(k >> 1)
        c, d = a * (2 * b - a), a * a + b * b
        return (d, c + d) if k & 1 else (c, d)

    return pair(n)[0]


def test_row_bound_holds_on_small_regions():
    from dominotiling.model.bounds import row_log2_bound, tiling_log2_bound

    rng = np.random.default_rng(11)
    for _ in range(60):
        shape = (int(rng.integers(1, 6)), int(rng.integers(1, 7)))
        mask = rng.random(shape) < 0.8
        n = len(brute_force_tilings(mask))
        if n:
            assert math.log2(n) <= row_log2_bound(mask) + 1e-9
            assert math.log2(n) <= tiling_log2_bound(mask) + 1e-9
        assert tiling_log2_bound(mask) <= row_log2_bound(mask)
    for cols in range(1, 12):  # strips 2 x n: F(n + 1) tilings
        assert math.log2(_fibonacci(cols + 1)) <= tiling_log2_bound(np.ones((2, cols), dtype=bool))


def test_thin_strips_need_one_modulus():
    # Brègman's bound said n/4 bits for a 1 x n strip (thousands of moduli); the row bound says 1 bit
    assert Region.rectangle(1, 10**6).log2_count_bound() <= 1.0
    assert Region.rectangle(10**5, 1).log2_count_bound() <= 1.0
    assert moduli_for_bits(Region.rectangle(1, 10**6).log2_count_bound()).size == 1


def test_thin_strip_counts_match_fibonacci():
    from dominotiling import count_tilings

    assert count_tilings(Region.rectangle(1, 10**6)) == 1
    assert count_tilings(Region.rectangle(1, 10**6 - 1)) == 0
    assert count_tilings(Region.rectangle(10**6, 1)) == 1
    assert count_tilings(Region.rectangle(2, 10**5)) == _fibonacci(10**5 + 1)
    for n in (1, 2, 3, 10, 99, 1000, 4321):
        assert count_tilings(Region.rectangle(2, n), method="transfer") == _fibonacci(n + 1), n
        assert count_tilings(Region.rectangle(n, 2), method="transfer") == _fibonacci(n + 1), n
    assert count_tilings(Region.rectangle(2, 3000), method="kasteleyn") == _fibonacci(3001)


def test_rescaled_float_sweep_is_within_its_proven_error():
    from fractions import Fraction

    from dominotiling._exact import float_sum_error
    from dominotiling._kernels.profile_dp import advance_float

    for n in (5, 700, 3000):  # 3000: past 2**1024, where an unscaled float overflows
        mask = np.ones((n, 2), dtype=bool)
        layer = np.zeros(4)
        layer[0] = 1.0
        scale = np.zeros(1, dtype=np.int64)
        assert advance_float(mask, layer, 0, mask.size, scale)
        approx = Fraction(float(layer[0])) * Fraction(2) ** int(scale[0])
        exact = _fibonacci(n + 1)
        assert abs(approx - exact) <= float_sum_error(mask.size) * exact


def test_is_prime_rejects_the_strong_pseudoprime_to_the_first_twelve_primes():
    # 318665857834031151167461 passes Miller-Rabin for every base 2..37 (Jiang and Deng)
    n = 318665857834031151167461
    assert not sympy.isprime(n)
    assert not is_prime(n)
    rng = np.random.default_rng(2)
    for n in [int(x) | 1 for x in rng.integers(2**40, 2**62, 3000)] + [2**64 - 59, 2**64 + 13]:
        assert is_prime(n) == sympy.isprime(n), n


def test_primes_below_match_a_plain_scan():
    from dominotiling import _exact

    scan, n = [], 2**63 - 1
    while len(scan) < 300:
        if sympy.isprime(n):
            scan.append(n)
        n -= 1
    assert primes_below(300) == scan
    many = primes_below(2500)  # several sieve windows
    assert many[:300] == scan and len(set(many)) == 2500 and many == sorted(many, reverse=True)
    for a, b in zip(many[2400:2410], many[2401:2411]):
        assert sympy.prevprime(a) == b
    assert _exact._PRIME_CACHE[:2500] == many


def test_crt_with_thousands_of_moduli():
    rng = np.random.default_rng(4)
    for k in (17, 33, 200, 1500):
        mods = moduli_for_bits(62 * k)
        prod = math.prod(2**64 if int(m) == 0 else int(m) for m in mods)
        for _ in range(3):
            n = int.from_bytes(rng.bytes(8 * len(mods) + 8), "little") % prod
            residues = [n % (2**64 if int(m) == 0 else int(m)) for m in mods]
            assert crt(residues, mods) == n


def test_det_mod_primes_threads_match_sympy(monkeypatch):
    from dominotiling import _exact
    from dominotiling.counting import determinants

    monkeypatch.setattr(determinants, "_INLINE_WORK", 0)  # every determinant on the thread pool
    rng = np.random.default_rng(8)
    for n in (1, 5, 30):
        a = rng.integers(-4, 5, (n, n)) * (rng.random((n, n)) < 0.6)
        primes = _exact.small_primes(7)
        expected = sympy.Matrix(a.tolist()).det()
        assert determinants.det_mod_primes(a, primes).tolist() == [
            int(expected % int(p)) for p in primes
        ]
        assert determinants.det_exact(a) == expected


def test_det_mod_primes_refuses_bad_input_and_large_bands():
    from scipy import sparse

    from dominotiling import set_options
    from dominotiling.counting.determinants import det_mod_primes
    from dominotiling.errors import DominoTilingError, DominoTypeError, TooLargeError

    with pytest.raises(DominoTilingError, match="square"):
        det_mod_primes(np.ones((2, 3), dtype=int), [7])
    with pytest.raises(DominoTilingError, match="integer entries"):
        det_mod_primes(np.array([[0.5, 1.0], [1.0, 2.0]]), [7])
    with pytest.raises(DominoTypeError):
        det_mod_primes(np.array([["a", "b"], ["c", "d"]]), [7])
    with pytest.raises(DominoTilingError, match="2\\*\\*26"):
        det_mod_primes(np.eye(2, dtype=int), [2**26 + 1])
    big = sparse.diags(
        [np.ones(99_999), np.full(100_000, 2), np.ones(99_999)], [-1, 0, 1], dtype=np.int64
    )
    big = big.tolil()
    big[0, 99_999] = 1  # one corner entry: the band is the whole matrix
    with set_options(memory_limit="100 MiB"), pytest.raises(TooLargeError, match="bands"):
        det_mod_primes(big.tocoo(), [7])


def test_small_errors_are_library_errors():
    from dominotiling._exact import float_sum_error, small_primes
    from dominotiling.errors import TooLargeError

    with pytest.raises(TooLargeError):
        float_sum_error(2**52)
    with pytest.raises(TooLargeError, match="primes below 2\\*\\*26"):
        small_primes(10**8)


def test_exact_module_is_a_deprecated_alias():
    import importlib

    import dominotiling._exact as private

    with pytest.warns(DeprecationWarning, match="private"):  # the first import, then a reload
        import dominotiling.exact as public

        importlib.reload(public)
    from dominotiling.counting import determinants

    assert public.crt is private.crt and public.det_exact is determinants.det_exact
    assert set(public.__all__) <= set(dir(public))


def test_large_primes_are_the_largest_primes_below_2_to_48():
    import sympy

    from dominotiling.aztec.primes import large_primes

    got = large_primes(300)
    assert got[0] == sympy.prevprime(2**48)
    assert all(sympy.prevprime(a) == b for a, b in zip(got, got[1:]))
    assert got[:5] == large_primes(5)
