import math

import numpy as np
import sympy
from hypothesis import given
from hypothesis import strategies as st

from dominotiling.exact import bregman_log2_bound, crt, is_prime, moduli_for_bits, primes_below
from dominotiling import Region

from helpers import brute_force_tilings


def test_is_prime_agrees_with_sympy():
    for n in list(range(-3, 2000)) + [2**61 - 1, 2**63 - 25, 2**64 - 59, 3215031751, 341550071728321]:
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
    from dominotiling.exact import det_exact

    rng = np.random.default_rng(3)
    for _ in range(40):
        n = int(rng.integers(1, 14))
        a = rng.integers(-5, 6, (n, n)) * (rng.random((n, n)) < 0.5)
        assert det_exact(a) == sympy.Matrix(a.tolist()).det()


def test_det_exact_large_entries_and_band():
    from scipy import sparse

    from dominotiling.exact import det_exact, small_primes

    # tridiagonal with entries 1000: det grows far past one prime
    n = 60
    a = sparse.diags([np.full(n - 1, 999), np.full(n, 1000), np.full(n - 1, -998)], [-1, 0, 1], dtype=np.int64)
    a = a.astype(np.int64)
    assert det_exact(a) == sympy.Matrix(a.toarray().tolist()).det()
    ps = small_primes(50)
    assert all(sympy.isprime(int(p)) for p in ps) and ps.max() < 2**26
