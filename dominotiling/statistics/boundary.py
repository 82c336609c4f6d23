"""Arctic boundary fluctuations of the Aztec diamond and the GUE Tracy--Widom law (see :mod:`dominotiling.statistics`)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from .. import _validate
from .._options import check_memory
from ..aztec.shuffling import aztec_order, sample_aztec
from ..errors import DominoTilingError

__all__ = [
    "boundary_positions",
    "BoundaryFluctuations",
    "aztec_boundary_fluctuations",
    "tracy_widom_cdf",
    "tracy_widom_pdf",
    "TRACY_WIDOM_GUE",
]

#: Mean, variance, skewness and excess kurtosis of the GUE Tracy--Widom law F2, from
#: Bornemann's table [6]_ (also Prähofer and Spohn, J. Stat. Phys. 115 (2004)).
TRACY_WIDOM_GUE = {
    "mean": -1.7710868074116,
    "variance": 0.8131947928329,
    "skewness": 0.2240842036,
    "excess_kurtosis": 0.0934480876,
}


# ------------------------------------------------------------------ arctic boundary
def boundary_positions(tiling):
    """How far the disordered region of an Aztec diamond reaches along its two centre lines.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of ``Region.aztec_diamond(n)``, e.g. ``sample_aztec(n)``.

    Returns
    -------
    numpy.ndarray of int64, shape ``(4,)``
        West, east, north, south: ``n`` minus the number of cells of the frozen
        brick wall that runs in from that corner along row ``n - 1`` (west,
        east) or column ``n - 1`` (north, south) -- the distance in cells from
        the centre line to the last frozen cell. About ``n / sqrt(2)`` (the arctic
        circle), with fluctuations of order ``n**(1/3)``.

    See Also
    --------
    aztec_boundary_fluctuations, arctic_circle

    Notes
    -----
    The wall from the west corner is made of WEST dominoes (vertical, top cell
    with ``r + c + n`` odd; :func:`dominotiling.aztec.arctic.aztec_types`); it is
    counted cell by cell from the corner until the first cell of another type.
    Near the edge of the wall this counts in the few corner-type dominoes that
    touch it from inside, as :func:`~dominotiling.aztec.arctic.frozen_mask` does; a
    shift of order 1 that changes neither the ``n**(1/3)`` scaling nor the
    shape of the law in the limit [5]_.

    Examples
    --------
    >>> from dominotiling import sample_aztec
    >>> pos = boundary_positions(sample_aztec(100, seed=1))
    >>> bool((abs(pos - 100 / 2**0.5) < 25).all())
    True
    """

    tiling = _validate.tiling(tiling)
    n = aztec_order(tiling.region)
    if n is None:
        raise DominoTilingError(
            f"the tiling's region (shape {tiling.region.shape}) is not an Aztec diamond; "
            "boundary_positions needs a tiling of Region.aztec_diamond(n), e.g. sample_aztec(n)"
        )
    if not tiling.is_complete:
        raise DominoTilingError(
            f"the tiling leaves {tiling.n_uncovered} cell(s) uncovered; it must be complete"
        )
    m = n - 1
    lo = max(m - 1, 0)
    # rows (columns) m - 1, m, m + 1, with -1 for a row above the diamond (n = 1)
    rows = np.pad(tiling.labels[lo : m + 2], ((lo - (m - 1), 0), (0, 0)), constant_values=-1)
    cols = np.pad(tiling.labels[:, lo : m + 2].T, ((lo - (m - 1), 0), (0, 0)), constant_values=-1)
    idx = np.arange(2 * n)
    rev = idx[::-1]
    # (before, on, after the line) along it, positions, wanted parity: WEST/NORTH odd, EAST/SOUTH even
    lines = (
        (rows, idx, True),  # west: row m from column 0
        (rows[:, ::-1], rev, False),  # east: row m from column 2n - 1
        (cols, idx, True),  # north: column m from row 0
        (cols[:, ::-1], rev, False),  # south: column m from row 2n - 1
    )
    out = np.empty(4, np.int64)
    for k, (band, pos, want_odd) in enumerate(lines):
        before, on, after = band
        across = (on == before) | (
            on == after
        )  # vertical dominoes for a row, horizontal for a column
        first = m - (on == before)  # the line coordinate of the domino's top (left) cell
        odd = (first + pos + n) % 2 == 1
        wall = across & (odd == want_odd)
        stop = np.flatnonzero(~wall)
        out[k] = n - (int(stop[0]) if len(stop) else 2 * n)
    return out


def _boundary_sample(seed=None, n=2):
    """One sample's :func:`boundary_positions`, for ensembles (a picklable module function)."""

    return boundary_positions(sample_aztec(n, seed=seed))


class BoundaryFluctuations(NamedTuple):
    """The arctic boundary over an ensemble of Aztec diamonds (see :func:`aztec_boundary_fluctuations`).

    Attributes
    ----------
    n : int
    positions : numpy.ndarray of int64, ``(samples, 4)``
        :func:`boundary_positions` of every sample (west, east, north, south).
    rescaled : numpy.ndarray of float, ``(samples, 4)``
        ``(positions - n / sqrt(2)) / n**(1/3)``.
    standardized : numpy.ndarray of float, ``(samples * 4,)``
        Each direction's values minus their mean over their standard deviation,
        pooled (the four corners are asymptotically independent).
    skewness, excess_kurtosis : float
        Of `standardized`; GUE Tracy--Widom: 0.224 and 0.093, a Gaussian 0 and 0.
    skewness_error, kurtosis_error : float
        Their standard errors for independent Gaussian data, ``sqrt(6/N)`` and ``sqrt(24/N)``.

    See Also
    --------
    aztec_boundary_fluctuations, boundary_positions

    Examples
    --------
    >>> bf = aztec_boundary_fluctuations(20, range(8))
    >>> bf.positions.shape
    (8, 4)
    """

    n: int
    positions: np.ndarray
    rescaled: np.ndarray
    standardized: np.ndarray
    skewness: float
    excess_kurtosis: float
    skewness_error: float
    kurtosis_error: float

    def __repr__(self):
        from .._util import brief_repr

        return brief_repr(self)  # one line: a notebook cell ending in it does not print its arrays


def aztec_boundary_fluctuations(n, seeds, *, client=None, progress=True, chunk_size=None):
    """Arctic boundary positions of uniform Aztec diamonds, their skewness and kurtosis.

    Parameters
    ----------
    n : int
        The order of the diamonds.
    seeds : iterable
        One sample per seed (at least 2), as in :func:`dominotiling.parallel.ensemble`.
    client, progress, chunk_size
        As in :func:`dominotiling.parallel.ensemble`: ``client="local"`` or a
        ``distributed.Client`` samples on a Dask cluster; only four integers per
        sample travel back.

    Returns
    -------
    BoundaryFluctuations

    Raises
    ------
    DominoTilingError
        If there are fewer than 2 seeds, or an argument is not valid.

    See Also
    --------
    boundary_positions, tracy_widom_pdf, draw_tracy_widom

    Notes
    -----
    Johansson [5]_: along a line through the centre, the edge of the frozen
    region of a uniform tiling of order ``n`` lies at ``n / sqrt(2)`` from the
    centre plus fluctuations of order ``n**(1/3)`` whose law tends to the GUE
    Tracy--Widom distribution F2 (the boundary is an Airy process). Skewness and
    excess kurtosis do not depend on the unknown scale and shift, so they compare
    with F2's (:data:`TRACY_WIDOM_GUE`) directly. Sampling costs ``O(n**3)`` per
    diamond (domino shuffling).

    Examples
    --------
    >>> f = aztec_boundary_fluctuations(30, range(20), progress=False)
    >>> f.positions.shape, f.standardized.shape
    ((20, 4), (80,))
    """
    from ..parallel import ensemble  # lazy: dask (ensemble spreads the samples over workers)

    n = _validate.positive_int(n, "n (the order of the diamond)")
    seeds = list(_validate.instance(seeds, "seeds", Iterable, hint="pass e.g. range(2000)"))
    if len(seeds) < 2:
        raise DominoTilingError(
            f"boundary fluctuations need at least 2 samples, got {len(seeds)} seed(s); pass more seeds"
        )
    pos = ensemble(
        _boundary_sample, seeds, client=client, progress=progress, chunk_size=chunk_size, n=n
    )
    pos = np.array(pos, dtype=np.int64).reshape(len(seeds), 4)
    rescaled = (pos - n / math.sqrt(2.0)) / n ** (1.0 / 3.0)
    sd = rescaled.std(axis=0)
    z = (rescaled - rescaled.mean(axis=0)) / np.where(sd > 0, sd, 1.0)
    z = z.ravel()
    skew = float(np.mean(z**3))
    kurt = float(np.mean(z**4) - 3.0)
    N = z.size
    return BoundaryFluctuations(
        n, pos, rescaled, z, skew, kurt, math.sqrt(6.0 / N), math.sqrt(24.0 / N)
    )


# ------------------------------------------------------------------ Tracy-Widom
#: Below this, F2 and its density come from the left-tail expansion (:func:`_tw_left_tail`):
#: the determinant's absolute rounding error (about 1e-16 times a few) is then no longer
#: small beside F2 itself (F2(-12) is about 2e-63, and the determinant gives -3e-63).
_TW_LEFT = -8.0
#: tau_2 = 2**(1/24) exp(zeta'(-1)) of the expansion (Deift, Its, Krasovsky).
_TW_TAU = 2.0 ** (1.0 / 24.0) * math.exp(-0.16542114370045092)


def _tw_left_tail(x, density):
    """F2(x) (or F2'(x)) for ``x <= _TW_LEFT`` by the expansion of its left tail [7]_.

    ``F2(-s) = tau_2 s**(-1/8) exp(-s**3 / 12) (1 + 3 / (2**6 s**3) + 2025 / (2**13 s**6) + O(s**-9))``;
    against the determinant (64 and 200 nodes) the relative difference is 2e-8 at
    ``s = 8``, 6e-7 at ``s = 6``: the omitted term is below 1e-7 from ``s = 8`` on.
    """
    s = -np.asarray(x, dtype=float)
    a, b = 3.0 / 2.0**6, 2025.0 / 2.0**13
    poly = 1.0 + a / s**3 + b / s**6
    with np.errstate(under="ignore"):
        f = _TW_TAU * s ** (-1.0 / 8.0) * np.exp(-(s**3) / 12.0) * poly
    if not density:
        return f
    dpoly = -3.0 * a / s**4 - 6.0 * b / s**7  # d poly / ds
    # dF/dx = -dF/ds = F (1 / (8 s) + s**2 / 4 - poly' / poly), positive for s >= 1
    return f * (1.0 / (8.0 * s) + s**2 / 4.0 - dpoly / poly)


def _tw_cdf(s, m):
    from scipy.special import airy

    if not np.isfinite(s).all():
        raise DominoTilingError("s must hold finite numbers (F2 is 0 at -inf and 1 at +inf)")
    x0, w0 = np.polynomial.legendre.leggauss(m)
    out = np.empty(len(s))
    for k, sk in enumerate(s):
        if sk < _TW_LEFT:
            out[k] = _tw_left_tail(sk, False)
            continue
        if sk > 40.0:  # 1 - F2(40) < exp(-4/3 40**1.5)
            out[k] = 1.0
            continue
        top = max(sk, 0.0) + 14.0  # Ai(x)**2 < 1e-40 beyond
        x = sk + (x0 + 1) * (top - sk) / 2
        w = w0 * (top - sk) / 2
        ai, aip, _, _ = airy(x)
        d = x[:, None] - x[None, :]
        np.fill_diagonal(d, 1.0)
        kern = (ai[:, None] * aip[None, :] - aip[:, None] * ai[None, :]) / d
        np.fill_diagonal(kern, aip**2 - x * ai**2)
        sw = np.sqrt(w)
        out[k] = np.linalg.det(np.eye(m) - sw[:, None] * kern * sw[None, :])
    return out


def tracy_widom_cdf(s, *, nodes=64):
    """The GUE Tracy--Widom distribution F2(s), by Bornemann's quadrature of the Airy kernel.

    Parameters
    ----------
    s : float or array_like
    nodes : int
        Gauss--Legendre nodes on ``[s, max(s, 0) + 14]``; 64 give about 14 digits
        for ``-8 <= s <= 8``. Below ``s = -8`` (where ``F2 < 2e-19``, under the
        determinant's absolute rounding error) the left-tail expansion
        ``F2(-s) = tau_2 s**(-1/8) exp(-s**3/12) (1 + 3/(2**6 s**3) + 2025/(2**13 s**6))``
        of Deift, Its and Krasovsky [7]_ is used (relative error below 1e-7).

    Returns
    -------
    float or numpy.ndarray

    See Also
    --------
    tracy_widom_pdf, aztec_boundary_fluctuations

    Notes
    -----
    ``F2(s) = det(I - K_Ai)`` on ``L2(s, inf)`` with the Airy kernel
    ``K(x, y) = (Ai(x) Ai'(y) - Ai'(x) Ai(y)) / (x - y)``; the Nyström
    discretisation ``det(delta_ij - w_i**(1/2) K(x_i, x_j) w_j**(1/2))``
    converges exponentially in the number of nodes [6]_. Computed here, not
    tabulated; :data:`TRACY_WIDOM_GUE` holds Bornemann's published moments, which
    the tests compare against.

    References
    ----------
    .. [7] P. Deift, A. Its, I. Krasovsky, "Asymptotics of the Airy-kernel
       determinant", Comm. Math. Phys. 278 (2008), 643-678.

    Examples
    --------
    >>> round(float(tracy_widom_cdf(-1.7710868)), 4)   # at the mean
    0.515
    >>> bool(tracy_widom_cdf(-12) > 0), bool(tracy_widom_pdf(-12) > 0)
    (True, True)
    """
    nodes = _validate.integer(nodes, "nodes", minimum=8, maximum=400)
    arr = np.asarray(_validate.array(s, "s", kinds="iuf"), dtype=float)
    check_memory(8 * arr.size * 4 + 16 * nodes * nodes, "the Tracy-Widom evaluation")
    out = _tw_cdf(arr.ravel(), nodes).reshape(arr.shape)
    return float(out) if out.ndim == 0 else out


def tracy_widom_pdf(s, *, nodes=64):
    """The GUE Tracy--Widom density F2'(s) (central differences of :func:`tracy_widom_cdf`, step 1e-3).

    Below ``s = -8`` the derivative of the left-tail expansion of
    :func:`tracy_widom_cdf` instead (F2 is below 1e-18 there, under the
    determinant's rounding error): positive, and 0.0 only where it underflows.

    Parameters
    ----------
    s : float or array_like
    nodes : int, default 64, keyword-only
        Quadrature nodes, as for :func:`tracy_widom_cdf`.

    Returns
    -------
    float or numpy.ndarray
        The density at `s`.

    See Also
    --------
    tracy_widom_cdf, draw_tracy_widom

    Examples
    --------
    >>> s = np.linspace(-8, 6, 701)
    >>> f = tracy_widom_pdf(s)
    >>> round(float(np.sum(f) * (s[1] - s[0])), 6)   # the density integrates to 1
    1.0
    """
    nodes = _validate.integer(nodes, "nodes", minimum=8, maximum=400)
    arr = np.asarray(_validate.array(s, "s", kinds="iuf"), dtype=float)
    check_memory(8 * arr.size * 8 + 16 * nodes * nodes, "the Tracy-Widom evaluation")
    h = 1e-3
    flat = arr.ravel()
    out = (_tw_cdf(flat + h, nodes) - _tw_cdf(flat - h, nodes)) / (2 * h)
    tail = flat < _TW_LEFT + h  # both differences from the expansion: its derivative, exactly
    if tail.any():
        out[tail] = _tw_left_tail(flat[tail], True)
    out = out.reshape(arr.shape)
    return float(out) if out.ndim == 0 else out
