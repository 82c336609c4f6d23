"""Tilings of tori and cylinders: exact counts, log-counts, per-seam counts and exact samples.

A torus (``Region.torus(m, n)``) or cylinder (``Region.cylinder(m, n)``, a
left-right seam) is a :class:`~dominotiling.Region` whose ``periodic`` flags say
which sides are glued (see :class:`~dominotiling.Region` for the one rule about
sides of length 1 and 2). The front doors :func:`~dominotiling.count_tilings`,
:func:`~dominotiling.log_count` and :func:`~dominotiling.random_tiling` send them
here; every other function of the library refuses them.

Two exact methods:

- ``"kasteleyn"``: the full ``m x n`` torus or cylinder whose glued sides have even
  length (the graph is then bipartite). Kasteleyn's count on the torus is a
  combination of four determinants whose matrices carry a sign twist ``z`` across
  the left-right seam and ``w`` across the top-bottom one; on the cylinder, two.
  Each determinant is a product over roots of unity, computed modulo primes
  ``p = 1 (mod n)`` in ``O(m n)`` operations per prime (see :func:`count_surface`).
- ``"transfer"``: the broken-profile DP with a periodic profile: any mask, any
  parity of the sides (a torus with an odd side is not bipartite, and has
  tilings), for a narrow side up to :data:`MAX_WIDTH` cells on a cylinder and
  :data:`MAX_TRACE_WIDTH` on a torus (a trace over the profiles of the seam).

Both also sample exactly (:func:`dominotiling.surfaces.sampling.sample_surface`): the DP backwards through its
counts; Kasteleyn's route by deciding the dominoes across the seams one by one
from the twisted determinants of what is left, then sampling the plane rest.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.torus(4, 4))
272
>>> count_tilings(Region.cylinder(2, 4))
9
>>> count_by_seam_parity(Region.torus(4, 4))
{(0, 0): 136, (0, 1): 64, (1, 0): 64, (1, 1): 8}
"""

from __future__ import annotations

import math
import threading

import numpy as np

from .. import _validate
from .._exact import crt, is_prime, moduli_for_bits
from .._interrupt import slices
from .._options import check_memory
from ..counting.transfer import count_transfer
from ..errors import DominoTilingError, TooLargeError
from ..model.region import Region

__all__ = [
    "count_surface",
    "count_by_seam_parity",
    "log_count_surface",
    "surface_method",
    "log2_count_bound",
    "MAX_WIDTH",
    "MAX_TRACE_WIDTH",
]

#: Widest profile of the periodic DP without a trace (a cylinder swept along its free side).
MAX_WIDTH = 20
#: Widest profile of the periodic DP with a trace (a torus, or a cylinder swept along its seam).
MAX_TRACE_WIDTH = 10
#: Primes of the Kasteleyn route are below this (products of two stay below 2**62).
_PRIME_TOP = 1 << 31


def _check(region):
    _validate.region(region, periodic_ok=True)
    if not region.is_periodic:
        raise DominoTilingError(
            "this region is a plane region (periodic=(False, False)); count_tilings, log_count "
            "and random_tiling handle it -- dominotiling.surfaces.periodic is for tori and cylinders"
        )
    return region


def log2_count_bound(region):
    """A rigorous bound on log2 of the number of tilings of a torus or cylinder: :meth:`Region.log2_count_bound`.

    The Kahn-Lovász theorem: a graph with degrees ``d_v`` has at most
    ``prod_v (d_v!)**(1 / (2 d_v))`` perfect matchings [1]_ (for bipartite graphs
    it is Brègman's bound, and it holds for the odd tori, which are not
    bipartite). Degrees are those of ``region.degrees()`` (seams included); one
    bit of slack covers the float sum.

    References
    ----------
    .. [1] N. Alon and S. Friedland, "The maximum number of perfect matchings in
       graphs with a given degree sequence", Electron. J. Combin. 15 (2008), N13.

    Examples
    --------
    >>> log2_count_bound(Region.torus(4, 4)) >= math.log2(272)
    True
    """
    _validate.region(region, periodic_ok=True)
    return region.log2_count_bound()  # the Kahn-Lovász bound on a torus or cylinder


# --------------------------------------------------------------------- choosing
def _kasteleyn_shape(region):
    """``(rows, cols, torus)`` oriented so that the left-right seam counts, or None.

    The Kasteleyn route takes a full mask whose counting seams (``region.seams()``)
    all have even length, at least one of them; ``torus`` says whether the top-bottom
    seam counts too.
    """
    if not region.mask.all():
        return None
    rows, cols = region.shape
    seam_v, seam_h = region.seams()
    if not (seam_v or seam_h):
        return None
    if not seam_h:  # turn the top-bottom seam into a left-right one
        rows, cols, seam_v, seam_h = cols, rows, seam_h, seam_v
    if cols % 2 or (seam_v and rows % 2):
        return None
    return rows, cols, seam_v


def _dp_plan(region):
    """The cheaper orientation of the periodic DP: ``(mask, wrap_h, wrap_v, transposed, runs)``, or None.

    The profile runs along the rows of ``mask``; with ``wrap_v`` the sweep is
    repeated from each of the ``runs`` seam profiles (a trace).
    """
    seam_v, seam_h = region.seams()
    plans = []
    for transposed in (False, True):
        mask = region.mask.T if transposed else region.mask
        wrap_v, wrap_h = (seam_h, seam_v) if transposed else (seam_v, seam_h)
        w = mask.shape[1]
        if w > (MAX_TRACE_WIDTH if wrap_v else MAX_WIDTH):
            continue
        runs = 1 << w if wrap_v else 1
        cost = runs * mask.size * (1 << w)
        plans.append(
            (cost, transposed, np.array(mask, dtype=bool, order="C"), wrap_h, wrap_v, runs)
        )
    if not plans:
        return None
    cost, transposed, mask, wrap_h, wrap_v, runs = min(plans, key=lambda p: (p[0], p[1]))
    return mask, wrap_h, wrap_v, transposed, runs


def surface_method(region):
    """The method :func:`count_surface` uses with ``method="auto"``: ``"kasteleyn"`` or ``"transfer"``.

    The Kasteleyn route whenever it applies (a full torus or cylinder whose glued
    sides are even), the periodic DP otherwise; ``"plane"`` when no seam counts
    (no glued side of 2 or more: the region is then counted as the plane rectangle).
    A glued side of 2 cells counts: its wrap is a second placement on each pair.

    Raises
    ------
    TooLargeError
        If neither applies: a torus or cylinder with an odd glued side (or a mask
        with holes) that is too wide for the DP.

    Examples
    --------
    >>> surface_method(Region.torus(100, 100)), surface_method(Region.torus(5, 4))
    ('kasteleyn', 'transfer')
    """
    return _surface_method(_check(region))


def _surface_method(region):
    """:func:`surface_method` of a checked torus or cylinder."""
    if region.seams() == (False, False):
        return "plane"
    if _kasteleyn_shape(region) is not None:
        return "kasteleyn"
    if _dp_plan(region) is not None:
        return "transfer"
    rows, cols = region.shape
    raise TooLargeError(
        f"no exact method counts this {rows} x {cols} region with periodic={region.periodic}: "
        "Kasteleyn's determinants need the full torus or cylinder with even glued sides, and "
        f"the periodic profile DP a narrower side of at most {MAX_TRACE_WIDTH} cells on a torus "
        f"({MAX_WIDTH} on a cylinder swept along its free side); choose even sides or a narrower region"
    )


# ------------------------------------------------------------------ the counts
def count_surface(region, method="auto"):
    """Number of domino tilings of a torus or cylinder, exactly.

    Parameters
    ----------
    region : Region
        A region with ``region.periodic != (False, False)`` (:meth:`Region.torus`,
        :meth:`Region.cylinder`, or ``Region(mask, periodic=...)``).
    method : {"auto", "kasteleyn", "transfer"}
        See the module docstring and Notes; ``"auto"`` takes Kasteleyn's
        determinants where they apply (:func:`surface_method`).

    Returns
    -------
    int
        The exact count (0 when the number of cells is odd).

    Raises
    ------
    DominoTilingError
        If `method` does not apply to the region.
    TooLargeError
        If no method applies (see :func:`surface_method`) or the tables would not
        fit in the memory budget.

    Notes
    -----
    **Kasteleyn.** Let ``n = 2N`` be the glued width, ``m`` the height (``m = 2M``
    on a torus). With the Kasteleyn signs ``+1`` on horizontal edges and
    ``(-1)**col`` on vertical ones, and ``z, w = +-1`` multiplying the edges across
    the left-right and top-bottom seams, the bipartite Kasteleyn matrix
    ``K(z, w)`` commutes with the shift by two columns; the roots ``lam**N = z`` of
    that shift (and on a torus ``mu**M = w`` of the shift by two rows) split it
    into ``2 x 2`` blocks of determinant ``(2 + lam + 1/lam) + (2 + mu + 1/mu)``:

    ``D(z, w) = prod_{lam, mu} (4 cos^2(theta/2) + 4 cos^2(phi/2))``

    (Kasteleyn 1961 [1]_, eq. (20); on the cylinder the ``mu`` product is the
    continuant of an ``m x m`` tridiagonal matrix). A tiling crossing the
    left-right seam ``a`` times and the top-bottom one ``b`` times (mod 2)
    appears in ``D(z, w)`` with the sign ``z**a w**b eps(a, b)``,
    ``eps(a, b) = (-1)**(a (N + 1) + b (M + 1) + a b)`` -- three classes of one
    sign and one of the other, as Kasteleyn showed [1]_, [2]_; the signs were
    derived for this weighting by comparing the four determinants with the
    enumerated classes of the 4 x 4, 4 x 6, 6 x 4, 6 x 6 and 4 x 8 tori, and the
    tests check them against brute force and the DP on tori of every residue of
    ``N`` and ``M`` mod 2. Hence the count of each class is
    ``eps(a, b) / 4 * sum_{z, w} z**a w**b D(z, w)``, and the total their sum
    (:func:`count_by_seam_parity`). ``D`` is computed modulo primes
    ``p = 1 (mod lcm(n, m))`` below ``2**31`` (they contain the roots of unity),
    as many as the Kahn-Lovász bound on the count requires
    (:func:`log2_count_bound`), and the Chinese remainder theorem gives the
    integer: ``O(m n)`` multiplications per prime and twist (a 100 x 100 torus:
    about 140 primes).

    **Transfer.** The broken-profile DP (:mod:`dominotiling.counting.transfer`) whose
    profile wraps around: a domino across the left-right seam is placed from
    column 0 onto column ``w - 1``. A top-bottom seam makes the count a trace: the
    sweep is run from every profile ``s`` of vertical dominoes across that seam and
    the runs that end in ``s`` are summed (``trace(T**m)``). Cost
    ``cells * 2**w`` per modulus on a cylinder swept along its free side, ``4**w``
    times ``cells`` with a trace; the cheaper orientation is chosen.

    References
    ----------
    .. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice: I. The number
       of dimer arrangements on a quadratic lattice", Physica 27 (1961), 1209-1225.
    .. [2] G. Tesler, "Matchings in graphs on non-orientable surfaces", J. Combin.
       Theory Ser. B 78 (2000), 198-231 (the signs of the four Pfaffians).

    Examples
    --------
    >>> count_surface(Region.torus(2, 3))   # columns joined twice (the 2-high wrap): 2**3 + 3 * 2
    14
    >>> count_surface(Region.torus(2, 2))   # Kasteleyn's formula, OEIS A335586
    8
    >>> count_surface(Region.torus(6, 6)) == count_surface(Region.torus(6, 6), method="transfer")
    True
    """
    _check(region)
    return count_surface_checked(
        region, _validate.choice(method, "method", ("auto", "kasteleyn", "transfer"))
    )


def count_surface_checked(region, method):
    """:func:`count_surface` on checked arguments (a torus or cylinder; a method name): ``count_tilings``'s route."""
    if region.n_cells % 2:
        return 0
    if region.seams() == (False, False):
        return _plane_count(region)
    if method == "auto":
        method = _surface_method(region)
    if method == "kasteleyn":
        shape = _kasteleyn_shape(region)
        if shape is None:
            raise DominoTilingError(
                "Kasteleyn's determinants count the full torus or cylinder whose glued sides "
                f"have even length; this region (shape {region.shape}, periodic={region.periodic}, "
                f"{region.n_cells} of {region.mask.size} cells) is not one: use method='transfer'"
            )
        return sum(_kasteleyn_classes(region, *shape).values())
    if _dp_plan(region) is None:
        raise TooLargeError(
            f"the periodic profile DP needs a narrower side of at most {MAX_TRACE_WIDTH} cells on a "
            f"torus ({MAX_WIDTH} on a cylinder swept along its free side); this region is "
            f"{region.shape[0]} x {region.shape[1]}: use method='kasteleyn' (full, even sides)"
        )
    return _dp_count(region)


def count_by_seam_parity(region):
    """The tilings of a torus or cylinder by how often they cross each seam, mod 2.

    Parameters
    ----------
    region : Region
        A torus or cylinder (:meth:`Region.torus`, :meth:`Region.cylinder`).

    Returns
    -------
    dict
        ``{(a, b): count}``: ``a`` the parity of the number of dominoes across the
        top-bottom seam, ``b`` across the left-right seam (the order of
        ``region.periodic``); a seam that does not count (see :class:`Region`)
        has ``0`` only. The counts sum to :func:`count_surface`. These are the
        four (two on a cylinder) terms of Kasteleyn's formula; flips never change
        the class, which is a homology class of the tiling mod 2.

    Raises
    ------
    DominoTilingError
        If the region is not a full torus or cylinder with even glued sides.

    See Also
    --------
    count_tilings, count_by_flux, flux

    Examples
    --------
    >>> count_by_seam_parity(Region.cylinder(2, 4))
    {(0, 0): 7, (0, 1): 2}
    """
    _check(region)
    if region.n_cells % 2 == 0 and region.seams() == (False, False):
        return {(0, 0): _plane_count(region)}
    shape = _kasteleyn_shape(region)
    if shape is None:
        raise DominoTilingError(
            "count_by_seam_parity needs the full torus or cylinder with even glued sides "
            f"(Kasteleyn's determinants); got shape {region.shape} with periodic={region.periodic}"
        )
    classes = _kasteleyn_classes(region, *shape)
    seam_v, seam_h = region.seams()
    if seam_h:  # classes are (left-right, top-bottom); report (top-bottom, left-right)
        return {(b, a): classes[(a, b)] for a, b in sorted(classes, key=lambda k: (k[1], k[0]))}
    return {
        (a, b): classes[(a, b)] for a, b in sorted(classes)
    }  # turned: a was the top-bottom seam


def _plane_count(region):
    """The count of a region whose wraps add no placement (glued sides of 1): the plane region's.

    Such a region is at most 2 cells wide across each glued side: the profile DP.
    """

    return count_transfer(Region(region.mask))


def _eps(a, b, half_n, half_m):
    return -1 if (a * (half_n + 1) + b * (half_m + 1) + a * b) % 2 else 1


def _prime_factors(n):
    out, q = [], 2
    while q * q <= n:
        if n % q == 0:
            out.append(q)
            while n % q == 0:
                n //= q
        q += 1
    if n > 1:
        out.append(n)
    return out


_PRIMES_CACHE = {}
_PRIMES_LOCK = threading.Lock()


def _primes_with_roots(order, bits):
    """Primes ``p = 1 (mod order)`` below ``2**31`` with product over ``2**bits``, and a root of unity of that order mod each."""
    with _PRIMES_LOCK:  # threads (Dask workers) may ask at once
        return _primes_with_roots_locked(order, bits)


def _primes_with_roots_locked(order, bits):
    factors = _prime_factors(order)
    # Dirichlet: about pi(2**31) / phi(order) primes below 2**31 are 1 mod order, at most 31 bits
    # each; a count that needs far more is refused at once (the search took 25 s on 3000 x 3000)
    phi = order
    for q in factors:
        phi = phi // q * (q - 1)
    available = 31.0 * (_PRIME_TOP / math.log(_PRIME_TOP)) / phi
    if bits > 1.1 * available:
        raise TooLargeError(
            f"too few primes below 2**31 are 1 mod {order} for a count of {bits:.0f} bits (about "
            f"{available:.3g} bits' worth exist); count the region by method='transfer' if it is narrow, "
            "or log_count(region) for its logarithm"
        )
    have = _PRIMES_CACHE.setdefault(order, ([], [], [0.0]))
    primes, roots, total = have
    k = (_PRIME_TOP - 2) // order
    if primes:
        k = (primes[-1] - 1) // order - 1
    while total[0] <= bits + 1:
        if k <= 0:
            raise TooLargeError(
                f"too few primes below 2**31 are 1 mod {order} for a count of {bits:.0f} bits; "
                "count the region by method='transfer' if it is narrow"
            )
        p = k * order + 1
        k -= 1
        if p >= _PRIME_TOP or not is_prime(p):
            continue
        for g in range(2, 200):
            zeta = pow(g, (p - 1) // order, p)
            if all(pow(zeta, order // q, p) != 1 for q in factors):
                break
        else:
            continue
        primes.append(p)
        roots.append(zeta)
        total[0] += math.log2(p)
    # the fewest primes (from the front) whose product exceeds 2**bits
    acc, used = 0.0, 0
    for p in primes:
        if acc > bits + 1:
            break
        acc += math.log2(p)
        used += 1
    return np.array(primes[:used], dtype=np.int64), np.array(roots[:used], dtype=np.int64)


def _kasteleyn_classes(region, rows, cols, torus):
    """``{(a, b): count}`` by the twisted determinants; ``a`` the left-right seam of the oriented shape."""
    from .._kernels import surfaces as _k

    half_n = cols // 2
    half_m = rows // 2 if torus else 0
    order = math.lcm(cols, rows) if torus else cols
    bits = log2_count_bound(region)
    n_twists = 4 if torus else 2
    check_memory(
        16 * (bits / 30 + 2) * n_twists + 16 * (half_n + half_m),
        f"the residues of the {rows} x {cols} {'torus' if torus else 'cylinder'}'s determinants",
        "a smaller torus (log_count gives the logarithm of the count of any size)",
    )
    primes, roots = _primes_with_roots(order, bits)
    out = np.zeros((len(primes), n_twists), dtype=np.int64)
    roots_n = np.array(
        [pow(int(z), order // cols, int(p)) for z, p in zip(roots, primes)], dtype=np.int64
    )
    if torus:
        roots_m = np.array(
            [pow(int(z), order // rows, int(p)) for z, p in zip(roots, primes)], dtype=np.int64
        )
        for start, stop in slices(len(primes), first=1):
            _k.torus_dets_mod(half_n, half_m, roots_n, roots_m, primes, start, stop, out)
    else:
        for start, stop in slices(len(primes), first=4):
            _k.cylinder_dets_mod(half_n, rows, roots_n, primes, start, stop, out)
    classes = {}
    pairs = [(a, b) for a in (0, 1) for b in ((0, 1) if torus else (0,))]
    for a, b in pairs:
        residues = []
        for i, p in enumerate(primes.tolist()):
            acc = 0
            for za in (0, 1):
                for wb in (0, 1) if torus else (0,):
                    d = int(out[i, 2 * za + wb] if torus else out[i, za])
                    sign = (-1) ** (a * za + b * wb)
                    acc += sign * d
            acc = acc * pow(n_twists, -1, p) * _eps(a, b, half_n, half_m)
            residues.append(acc % p)
        classes[(a, b)] = crt(residues, primes.tolist())
    return classes


def _dp_count(region):
    """The count by the periodic profile DP (exact: moduli and the CRT)."""
    from .._kernels import surfaces as _k

    mask, wrap_h, wrap_v, _, runs = _dp_plan(region)
    w = mask.shape[1]
    moduli = moduli_for_bits(log2_count_bound(region))
    check_memory(
        2 * 8 * (1 << w) * len(moduli),
        f"the periodic profile DP's layers ({2**w} profiles of a {w}-wide sweep)",
        "method='kasteleyn' (the full torus or cylinder with even sides)",
    )
    dp = np.zeros((1 << w, len(moduli)), dtype=np.uint64)
    buf = np.zeros_like(dp)
    total = [0] * len(moduli)
    starts = range(runs) if wrap_v else (0,)
    for s in starts:
        if wrap_v and any((s >> c) & 1 and not (mask[0, c] and mask[-1, c]) for c in range(w)):
            continue
        dp[:] = 0
        dp[s, :] = 1
        for start, stop in slices(mask.size, first=64):
            _k.count_sweep(mask, wrap_h, wrap_v, dp, buf, start, stop, moduli)
        for q in range(len(moduli)):
            m = int(moduli[q]) or (1 << 64)
            total[q] = (total[q] + int(dp[s, q])) % m
    return crt(total, moduli)


# ----------------------------------------------------------------- log counts
def log_count_surface(region):
    """Natural logarithm of the number of tilings of a torus or cylinder.

    Returns
    -------
    float
        ``log(count)``; ``-inf`` when there is none. On the full torus or cylinder
        with even glued sides it comes from Kasteleyn's product formula in floating
        point (any size: a 2000 x 2000 torus in about a second), with an error of at
        most ``1e-9 * max(1, log(count))``; otherwise the log of the exact count.

    Notes
    -----
    Each twisted determinant is ``D(z, w) = prod (t_lam + s_mu)`` with
    ``t = 2 + 2 cos(theta) >= 0`` (see :func:`count_surface`; on the cylinder
    ``s_j = 4 cos^2(pi j / (m + 1))``, ``j <= m/2``, and for odd ``m`` the factor
    ``prod (1 + lam) = 1 - (-1)**N z``), a product of non-negative factors:
    ``log D`` is a sum of logarithms, each with a relative error of a few units in
    the last place, summed exactly (``math.fsum``). The count is
    ``sum_{z,w} c(z, w) D(z, w)`` with ``c = +-1/2`` and every ``|D| <= count``,
    so the combination loses at most a factor 4 of relative precision: the
    error of ``log(count)`` is below ``1e-12 * max(1, log(count))``. A factor that is
    exactly zero (``theta = phi = pi``) is detected from the indices.

    Examples
    --------
    >>> round(log_count_surface(Region.torus(4, 4)), 6) == round(math.log(272), 6)
    True
    >>> round(log_count_surface(Region.torus(1000, 1000)) / 10**6, 5)   # G / pi = 0.29156 per cell
    0.29156
    """
    return log_count_surface_checked(_check(region))


def log_count_surface_checked(region):
    """:func:`log_count_surface` of a checked torus or cylinder: ``log_count``'s route."""
    if region.n_cells % 2:
        return -math.inf
    shape = _kasteleyn_shape(region) if region.seams() != (False, False) else None
    if shape is None:
        count = count_surface_checked(region, "auto")
        return math.log(count) if count else -math.inf
    rows, cols, torus = shape
    half_n = cols // 2
    check_memory(
        8 * 8 * (half_n + rows),
        f"the factors of the {rows} x {cols} product formula",
        "a smaller torus",
    )
    logs = {}
    for a in (0, 1):
        theta = (2 * np.arange(half_n) + a) * (np.pi / half_n)
        t = 2.0 + 2.0 * np.cos(theta)
        t[(2 * np.arange(half_n) + a) == half_n] = 0.0  # theta = pi exactly
        if torus:
            half_m = rows // 2
            for b in (0, 1):
                phi = (2 * np.arange(half_m) + b) * (np.pi / half_m)
                s = 2.0 + 2.0 * np.cos(phi)
                s[(2 * np.arange(half_m) + b) == half_m] = 0.0
                logs[(a, b)] = _log_outer_sum(t, s)
        else:
            s = 4.0 * np.cos(np.pi * np.arange(1, rows // 2 + 1) / (rows + 1)) ** 2
            value = _log_outer_sum(t, s) if rows >= 2 else 0.0
            if rows % 2:
                z = 1 - 2 * a
                odd = 1 - (-1) ** half_n * z  # prod over lam of (1 + lam)
                value = value + math.log(odd) if odd else -math.inf
            logs[(a, 0)] = value
    half_m = rows // 2 if torus else 0
    pairs = list(logs)
    coef = {}
    for za, wb in pairs:
        coef[(za, wb)] = sum(
            _eps(a, b, half_n, half_m) * (-1) ** (a * za + b * wb) for a, b in pairs
        ) / len(pairs)
    top = max(v for v in logs.values())
    if top == -math.inf:
        return -math.inf
    total = math.fsum(coef[k] * math.exp(v - top) for k, v in logs.items() if v > -math.inf)
    if total <= 0:
        return -math.inf
    return top + math.log(total)


def _log_outer_sum(t, s):
    """``sum_{i, j} log(t_i + s_j)``, exactly summed, in chunks; ``-inf`` if a term is 0."""
    parts = []
    step = max(1, (1 << 20) // max(1, len(s)))
    for i in range(0, len(t), step):
        block = t[i : i + step, None] + s[None, :]
        if (block == 0).any():
            return -math.inf
        parts.append(math.fsum(np.log(block).sum(axis=1)))
    return math.fsum(parts)


# ------------------------------------------------------- the front doors' calls
def _no_weights(weights, client=None):
    if weights is not None:
        raise DominoTilingError(
            "weights are not supported on tori and cylinders (a Weights object has no placements "
            "across the seams): drop weights=, or use Region(region.mask) for the plane region"
        )
    if client is not None:
        raise DominoTilingError("tori and cylinders are counted on this machine only: drop client=")
