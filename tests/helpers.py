"""Test helpers independent of the library: brute-force enumeration of tilings."""

import mpmath
import numpy as np


def brute_force_tilings(mask):
    """Every tiling of a small boolean mask, as a list of frozensets of dominoes.

    Independent of the library: plain recursion that always covers the first
    empty cell in row-major order, by a domino to the right or downwards.
    """
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    free = {(r, c) for r in range(rows) for c in range(cols) if mask[r, c]}
    out = []

    def rec(free, chosen):
        if not free:
            out.append(frozenset(chosen))
            return
        r, c = min(free)
        for nb in ((r, c + 1), (r + 1, c)):
            if nb in free:
                rec(free - {(r, c), nb}, chosen + [((r, c), nb)])

    rec(frozenset(free), [])
    return out


def dominoes_of(tiling):
    """The dominoes of a Tiling as a frozenset of ((r, c), (r, c)) pairs, row-major inside."""
    return frozenset(tuple(tuple(int(v) for v in cell) for cell in d) for d in tiling.dominoes)


def ktf_count(m, n):
    """Kasteleyn / Temperley-Fisher: prod over j, k of (4 cos^2(pi j/(m+1)) + 4 cos^2(pi k/(n+1)))."""
    with mpmath.workdps(40 + m * n // 3):
        p = mpmath.mpf(1)
        for j in range(1, (m + 1) // 2 + 1):
            for k in range(1, (n + 1) // 2 + 1):
                p *= 4 * mpmath.cos(mpmath.pi * j / (m + 1)) ** 2 + 4 * mpmath.cos(mpmath.pi * k / (n + 1)) ** 2
        value = int(mpmath.nint(p))
        assert abs(p - value) < mpmath.mpf(10) ** -10
    return value
