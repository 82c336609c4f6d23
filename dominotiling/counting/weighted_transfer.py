"""The weighted broken-profile DP: exact, float and symbolic partition functions,
weighted samples and maximum-weight covers (the semirings of :mod:`dominotiling.counting.transfer`).

Private: :mod:`dominotiling.counting.transfer` validates and calls these. Every function
takes a ``_Sweep`` (the region cropped and turned so that the sweep runs over its
narrow side of ``w`` cells) and the :class:`~dominotiling.model.weights.Weights` already
narrowed to it (``weights.narrow(*region.narrow_view())``).

The weights enter the DP as two arrays ``H``, ``V`` of the narrow mask's shape:
``H[r, c]`` the weight of the horizontal domino on ``(r, c)-(r, c + 1)``, ``V[r, c]``
that of the vertical one on ``(r, c)-(r + 1, c)``, zero where the placement leaves
the region or its weight is zero.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .._options import check_memory
from ..errors import DominoTypeError, TooLargeError
from ..model.tiling import OUTSIDE, UNCOVERED

#: Moduli of the weighted exact sweeps: primes below this, so that Montgomery's
#: reduction of a product of two residues fits in a 64-bit word.
PRIME_TOP = 2**31
#: The symbolic DP evaluates at most this many points (the Kronecker degree + 1).
MAX_POINTS = 200_000


def _threads():
    from .._interrupt import threads

    return threads()


def padded(sweep, h, v, fill, dtype, allowed):
    """``(H, V)``: arrays ``(rows, w) + h.shape[2:]`` with `h`, `v` where `allowed`, `fill` elsewhere."""
    rows, w = sweep.mask.shape
    hm, vm = allowed
    extra = h.shape[2:]
    H = np.full((rows, w) + extra, fill, dtype=dtype)
    V = np.full((rows, w) + extra, fill, dtype=dtype)
    H[:, : w - 1][hm] = h[hm]
    V[: rows - 1][vm] = v[vm]
    return H, V


# --------------------------------------------------------------- exact sweeps mod p
def sweep_residues(sweep, H, V, moduli, what, alternative):
    """The DP's value mod each modulus: ``H``/``V`` uint64 ``(rows, w, K)`` residues, `moduli` ``(K,)`` primes < 2**31.

    The kernel works in Montgomery form (``x * 2**32 mod p``): the weights are
    converted on the way in and the results on the way out.

    Columns are split into groups, one group per task on the shared pool
    (``_interrupt.run_tasks``), each sweeping in slices of about 0.05 s.
    """
    from .._interrupt import Pacer, run_tasks
    from .._kernels.profile_dp import advance_weighted_mod

    mask = sweep.mask
    rows, w = mask.shape
    n_states, cells, K = 1 << w, mask.size, len(moduli)
    threads = _threads()
    # groups: at least one per thread; at most 64 columns each (a batch vectorises), fewer
    # for wide regions so that one group's layer stays near 2**22 words (32 MiB)
    per_group = max(1, min(64, (1 << 22) // n_states))
    n_groups = max(min(threads, K), -(-K // per_group))
    bounds = np.linspace(0, K, n_groups + 1).astype(int)
    largest = int(np.max(np.diff(bounds)))
    check_memory(
        8 * n_states * largest * min(threads, n_groups) + 16 * H.size,
        f"the weighted profile DP's layers ({K} sweeps of 2**{w} profiles, {min(threads, n_groups)} at a time)",
        alternative,
    )
    plist = [int(p) for p in moduli]
    moduli = np.ascontiguousarray(moduli, dtype=np.uint64)
    R = np.array([(1 << 32) % p for p in plist], dtype=np.uint64)  # 1 in Montgomery form
    pneg = np.array([(-pow(p, -1, 1 << 32)) % (1 << 32) for p in plist], dtype=np.uint64)
    Rinv = [pow(1 << 32, -1, p) for p in plist]

    def task(lo, hi):
        def run(stop):
            Hg = (
                np.ascontiguousarray(H[:, :, lo:hi]) * R[lo:hi] % moduli[lo:hi]
            )  # residues < 2**31: no overflow
            Vg = np.ascontiguousarray(V[:, :, lo:hi]) * R[lo:hi] % moduli[lo:hi]
            layers = np.zeros((n_states, hi - lo), dtype=np.uint64)
            layers[0] = R[lo:hi]
            pacer = Pacer(max(1, 2**20 // (n_states * (hi - lo))), stop)
            for a, b in pacer.ranges(0, cells):
                advance_weighted_mod(mask, layers, Hg, Vg, moduli[lo:hi], pneg[lo:hi], a, b)
            return [int(v) * Rinv[lo + j] % plist[lo + j] for j, v in enumerate(layers[0].tolist())]

        return run

    tasks = [task(int(lo), int(hi)) for lo, hi in zip(bounds[:-1], bounds[1:]) if hi > lo]
    inline = cells * n_states * K < 2_000_000
    out = run_tasks(tasks, inline=inline)
    return [int(r) for part in out for r in part]


def primes_avoiding(n, avoid=1):
    """`n` primes below :data:`PRIME_TOP` (the largest ones) that do not divide `avoid`."""
    from .._exact import primes_below

    out, k = [], n
    while len(out) < n:
        cand = primes_below(k, PRIME_TOP)
        out = [p for p in cand if avoid % p]
        k += n - len(out) if len(out) < n else 0
    return out[:n]


def primes_for_bits(bits, avoid=1):
    """Primes below 2**31 (each above 2**30) whose product exceeds ``2**bits``."""
    return primes_avoiding(max(1, math.floor(bits / 30) + 1), avoid)


def count_exact(sweep, weights, unweighted_bound):
    """The partition function of int (an int) or Fraction (a Fraction) weights, exactly.

    The weights times ``L``, the lcm of their denominators, are integers; the
    DP sums, over tilings, products of ``k = cells / 2`` of them, so its value is
    ``L**k`` times the partition function and at most ``2**B`` with ``B`` the
    unweighted bound plus ``k * log2(L * max weight)``. Residues modulo primes
    below ``2**31`` whose product exceeds ``2**B`` fix it (CRT).
    """
    from .._exact import crt

    mask = sweep.mask
    k = int(mask.sum()) // 2
    allowed = weights.allowed(mask)
    if not (allowed[0].any() or allowed[1].any()):
        return 0 if weights.kind == "int" else Fraction(0)
    L = weights.denominator_lcm()
    bits = unweighted_bound + k * (weights.log2_max(mask) + math.log2(L)) + 1
    primes = primes_for_bits(bits, L)
    K = len(primes)
    rows, w = mask.shape
    check_memory(
        16 * rows * w * K,
        f"the residues of the weights modulo {K} primes",
        "count with fewer or smaller weights",
    )
    hs = np.empty((rows, max(w - 1, 0), K), dtype=np.uint64)
    vs = np.empty((max(rows - 1, 0), w, K), dtype=np.uint64)
    for j, p in enumerate(primes):
        h, v = weights.as_int_mod(p)
        lp = L % p
        hs[..., j] = np.asarray(h, dtype=np.uint64) * np.uint64(lp) % np.uint64(p)
        vs[..., j] = np.asarray(v, dtype=np.uint64) * np.uint64(lp) % np.uint64(p)
    H, V = padded(sweep, hs, vs, 0, np.uint64, allowed)
    residues = sweep_residues(
        sweep,
        H,
        V,
        np.array(primes, dtype=np.uint64),
        "count",
        "count_tilings(region, weights=..., method='kasteleyn')",
    )
    n = crt(residues, primes)
    if weights.kind == "int":
        return n
    return Fraction(n, L**k)


# --------------------------------------------------------------------- float sweep
def float_arrays(sweep, weights, fill=0.0):
    """``(H, V)`` float64 with the weights where allowed and `fill` elsewhere."""
    h, v = weights.as_float()
    return padded(
        sweep,
        np.asarray(h, dtype=np.float64),
        np.asarray(v, dtype=np.float64),
        fill,
        np.float64,
        weights.allowed(sweep.mask),
    )


def count_float(sweep, weights):
    """``(mantissa, exponent, ok)``: the float sweep's value ``mantissa * 2**exponent``.

    ``ok`` is False when an entry left the normal range of float64 (then the
    error bound of :func:`dominotiling.counting.transfer.count_transfer` does not hold).
    """
    from .._interrupt import Pacer
    from .._kernels.profile_dp import advance_weighted_float

    mask = sweep.mask
    H, V = float_arrays(sweep, weights)
    # Bring the weights near 1 by one power of two, 2**-k (exact): Z(2**-k w) = 2**(-k d) Z(w)
    # for the d = cells / 2 dominoes of every tiling, so that a row's products of tiny (or
    # huge) weights stay in range; the midpoint of the exponents keeps the smallest and the
    # largest weight representable.
    k = 0
    nonzero = np.concatenate([H[H > 0], V[V > 0]])
    if nonzero.size and np.isfinite(nonzero).all():
        lo = int(np.frexp(nonzero.min())[1])
        hi = int(np.frexp(nonzero.max())[1])
        k = (lo + hi) // 2
        H = np.ldexp(H, -k)
        V = np.ldexp(V, -k)
    dominoes = int(np.count_nonzero(mask)) // 2
    layer = np.zeros(1 << mask.shape[1], dtype=np.float64)
    layer[0] = 1.0
    scale = np.zeros(1, dtype=np.int64)
    ok = True
    for a, b in Pacer(max(1, 2**20 // layer.size)).ranges(0, mask.size):
        ok &= bool(advance_weighted_float(mask, layer, H, V, a, b, scale))
    return float(layer[0]), int(scale[0]) + k * dominoes, ok


# ------------------------------------------------------------------ symbolic weights
def _polys(weights, mask, syms):
    """``{expression: {exponent tuple: Fraction}}`` for the allowed weights, and their lcm of denominators."""
    import sympy as sp

    hm, vm = weights.allowed(mask)
    exprs = set(weights.horizontal[hm].tolist()) | set(weights.vertical[vm].tolist())
    out, L = {}, 1
    for e in exprs:
        try:
            poly = sp.Poly(e, *syms, domain="QQ") if syms else sp.Poly(e, sp.Dummy(), domain="QQ")
        except (sp.PolynomialError, sp.CoercionFailed, sp.GeneratorsNeeded) as exc:
            what = f"a polynomial in {', '.join(map(str, syms))}" if syms else "a rational number"
            raise DominoTypeError(
                f"the symbolic weight {e} is not {what} with rational coefficients; the profile DP's "
                "generating polynomial needs such weights: substitute numbers first "
                "(weights.substitute({...})), or count with float weights"
            ) from exc
        terms = {}
        for mon, coef in poly.terms():
            q = Fraction(int(coef.p), int(coef.q))
            terms[mon if syms else ()] = q
            L = math.lcm(L, q.denominator)
        out[e] = terms
    return out, L


def _powmod(base, exp, p):
    """``base**exp % p`` elementwise for uint64 `base` < p < 2**31 and an int `exp`."""
    result = np.ones_like(base)
    b = base.copy()
    P = np.uint64(p)
    while exp:
        if exp & 1:
            result = result * b % P
        b = b * b % P
        exp >>= 1
    return result


def _interpolate(values, p):
    """Coefficients (lowest first) mod `p` of the polynomial of degree < len(values) with ``f(j) = values[j]``."""
    from .._exact import interpolate_mod

    return interpolate_mod(np.asarray([int(v) % p for v in values], dtype=np.int64), p)


def count_symbolic(sweep, weights, unweighted_bound):
    """The generating polynomial of tilings for polynomial symbolic weights (a sympy expression).

    Evaluation at integer points modulo primes below ``2**31`` and interpolation:
    with ``k = cells / 2`` dominoes per tiling, the degree of the result in a
    symbol ``s`` is at most ``k`` times its largest degree in a weight, ``D_s``.
    Several symbols are folded into one variable ``t`` by Kronecker's substitution
    ``s_i = t**(prod_{j<i} (D_j + 1))``; when every weight is homogeneous of the
    same degree ``d`` (as for ``by_orientation(x, y)``), the result is homogeneous
    of degree ``k * d`` and the last symbol is set to 1 first and restored at the
    end. The DP is run at the ``N + 1`` points ``t = 0..N`` for each prime (all
    sweeps batched), Newton interpolation gives the coefficients modulo each
    prime, and the CRT (symmetric: coefficients may be negative) gives each
    coefficient, which is at most ``#tilings * max_w |w|_1**k`` in absolute
    value (``|w|_1``: the sum of the absolute values of a weight's coefficients).
    """
    import sympy as sp

    from .._exact import crt

    mask = sweep.mask
    k = int(mask.sum()) // 2
    syms = list(weights.symbols())
    polys, L = _polys(weights, mask, syms)
    if not polys:  # no placement allowed
        return sp.Integer(0)
    # integer polynomials: L * w
    ipolys = {e: {m: int(c * L) for m, c in t.items()} for e, t in polys.items()}
    nonzero = [t for t in ipolys.values() if any(t.values())]
    if not nonzero:
        return sp.Integer(0)
    degs = [sum(m) for t in nonzero for m, c in t.items() if c]
    homogeneous = len(syms) >= 1 and min(degs) == max(degs) and degs[0] >= 1
    free = syms[:-1] if homogeneous else syms
    nfree = len(free)
    D = [
        k * max((m[i] for t in nonzero for m, c in t.items() if c), default=0) for i in range(nfree)
    ]
    strides, N1 = [], 1
    for d in D:
        strides.append(N1)
        N1 *= d + 1
    if N1 > MAX_POINTS:
        raise TooLargeError(
            f"the generating polynomial has up to {N1} coefficients in the Kronecker substitution "
            f"(degree bounds {dict(zip(map(str, free), D))}); the profile DP interpolates at most {MAX_POINTS}: "
            "substitute numbers for some symbols (weights.substitute({...}))"
        )
    if N1 >= PRIME_TOP // 2:
        raise TooLargeError("too many interpolation points for primes below 2**31")
    norm = max(sum(abs(c) for c in t.values()) for t in nonzero)
    bits = unweighted_bound + k * math.log2(norm) + 2  # sign and margin
    primes = primes_for_bits(bits)
    # each polynomial as a univariate one in t: {exponent: coefficient}
    uni = {}
    for e, t in ipolys.items():
        u = {}
        for m, c in t.items():
            if c:
                x = sum(m[i] * strides[i] for i in range(nfree))
                u[x] = u.get(x, 0) + c
        uni[e] = u
    rows, w = mask.shape
    K = N1 * len(primes)
    check_memory(
        16 * rows * w * K + 8 * K * len(uni),
        f"the weights at {K} evaluation points",
        "substitute numbers for some symbols (weights.substitute({...}))",
    )
    points = np.arange(N1, dtype=np.uint64)
    value = {}  # expression -> uint64 (K,) values, column j*N1 + i for prime j, point i
    for e, u in uni.items():
        cols = []
        for p in primes:
            P = np.uint64(p)
            acc = np.zeros(N1, dtype=np.uint64)
            for x, c in u.items():
                acc = (acc + np.uint64(c % p) * _powmod(points, x, p) % P) % P
            cols.append(acc)
        value[e] = np.concatenate(cols)
    hm, vm = weights.allowed(mask)
    hs = np.zeros((rows, max(w - 1, 0), K), dtype=np.uint64)
    vs = np.zeros((max(rows - 1, 0), w, K), dtype=np.uint64)
    for arr, out, m in ((weights.horizontal, hs, hm), (weights.vertical, vs, vm)):
        for idx in zip(*np.nonzero(m)):
            out[idx] = value[arr[idx]]
    H, V = padded(sweep, hs, vs, 0, np.uint64, (hm, vm))
    moduli = np.repeat(np.array(primes, dtype=np.uint64), N1)
    residues = sweep_residues(
        sweep,
        H,
        V,
        moduli,
        "the generating polynomial",
        "substitute numbers for the symbols and count exactly",
    )
    coefs_mod = [_interpolate(residues[j * N1 : (j + 1) * N1], p) for j, p in enumerate(primes)]
    M = math.prod(primes)
    scale = sp.Integer(L) ** k
    terms = []
    for x in range(N1):
        c = crt([int(cm[x]) for cm in coefs_mod], primes)
        if c > M // 2:
            c -= M
        if c == 0:
            continue
        exps, rest = [], x
        for d in D:
            exps.append(rest % (d + 1))
            rest //= d + 1
        mono = sp.Integer(1)
        for s, ex in zip(free, exps):
            mono *= s**ex
        if homogeneous:
            mono *= syms[-1] ** (k * degs[0] - sum(exps))
        terms.append(sp.Integer(c) / scale * mono)
    return sp.Add(*terms)


# ------------------------------------------------------------ samples and max-plus
def solve(sweep, H, V, mode, uniforms=None, uncovered=False):
    """Forward DP with checkpoints, then the walk back: ``(labels, final value)``.

    ``mode`` 1: the float weighted counts (``H``, ``V`` float64, 0 forbids), each
    predecessor drawn with probability proportional to weight x count; mode 2:
    max-plus (``H``, ``V`` float64, -inf forbids), an optimal predecessor.
    Memory ``O(sqrt(cells) * 2**w)``, as :func:`dominotiling.counting.transfer._solve`.
    """
    from .._interrupt import Pacer
    from .._kernels import profile_dp as kern

    mask = sweep.mask
    rows, w = mask.shape
    n_cells, n_states = rows * w, 1 << w
    stride = max(w, math.isqrt(n_cells))
    n_seg = -(-n_cells // stride)
    sweep.check_width(
        8 * (n_seg + stride + 2), f"{n_seg + stride + 2} layers", "sample" if mode == 1 else "cover"
    )
    if mode == 1:
        layer = np.zeros(n_states)
        layer[0] = 1.0

        scale = np.zeros(1, dtype=np.int64)

        def _forward_float(lay, a, b):  # rescaled by powers of two: proportional counts suffice
            kern.advance_weighted_float(mask, lay, H, V, a, b, scale)

        def fill(block, start, a, b):
            kern.layers_weighted_float(mask, block, H, V, start, a, b)
    else:
        layer = np.full(n_states, -np.inf)
        layer[0] = 0.0

        def _forward_float(lay, a, b):
            kern.forward_maxplus(mask, lay, H, V, uncovered, a, b)

        def fill(block, start, a, b):
            kern.layers_maxplus(mask, block, H, V, uncovered, start, a, b)

    pacer = Pacer(max(1, 2**20 // n_states))
    checkpoints = np.empty((n_seg, n_states))
    for s in range(n_seg):
        checkpoints[s] = layer
        for a, b in pacer.ranges(s * stride, min(n_cells, (s + 1) * stride)):
            _forward_float(layer, a, b)
    final = float(layer[0])
    if (mode == 1 and final == 0) or (mode == 2 and final == -np.inf):
        return None, final
    labels = np.where(mask, UNCOVERED, OUTSIDE).astype(np.int32)
    if uniforms is None:
        uniforms = np.zeros(n_cells)
    state, next_id = 0, 0
    block = np.empty((stride + 1, n_states))
    for s in range(n_seg - 1, -1, -1):
        start, stop = s * stride, min(n_cells, (s + 1) * stride)
        block[0] = checkpoints[s]
        for a, b in pacer.ranges(start, stop):
            fill(block, start, a, b)
        state, next_id = kern.backtrack_weighted(
            mask, block, H, V, start, stop, state, labels, next_id, uniforms, mode, uncovered
        )
    return labels, final
