"""Ensembles, parameter sweeps and exact counts on a Dask cluster (the optional extra ``dist``).

Everything here runs serially with ``client=None`` and gives the same results
on a cluster: ``client="local"`` starts a :class:`distributed.LocalCluster` with
one single-threaded worker process per core (and closes it afterwards), and a
:class:`distributed.Client` connected to any scheduler runs the work there.

- :func:`ensemble`: ``sampler(seed=s, **kwargs)`` for every seed, in seed order.
- :func:`sweep`: a function over a grid of parameters (sizes, weights, ...).
- :func:`placement_frequencies` and :func:`height_fluctuations`: Monte Carlo
  statistics summed on the workers, so that no more than one sample per worker
  is ever held in memory.
- :func:`count_distributed`: the exact Kasteleyn count with its primes spread
  over the workers.

When every worker runs on the client's machine (a local cluster), each worker
takes seeds from a shared queue until none are left, so that all finish
together; on other clusters the seeds are cut into chunks, one task each.
Tilings of one region travel back without a pickled Python object per tiling or
per cell: from workers on the client's machine as int32 labels in a
shared-memory file that the client maps without copying, from other machines as
two bits per cell. They are rebuilt on the client around one shared
:class:`~dominotiling.Region`. Without dask installed the library works as
before and these functions run with ``client=None``; asking for a cluster says
how to install it (``pip install "dominotiling[dist]"``). In a script, start a
local cluster under ``if __name__ == "__main__":`` (its workers are new
processes that import the script).

Examples
--------
>>> from dominotiling import Region, random_tiling
>>> from dominotiling.parallel import ensemble, placement_frequencies
>>> tilings = ensemble(random_tiling, [1, 2, 3], region=Region.rectangle(4, 4))
>>> len(tilings), tilings[0] == random_tiling(Region.rectangle(4, 4), seed=1)
(3, True)
>>> freq = placement_frequencies(random_tiling, range(200), region=Region.rectangle(2, 2))
>>> float(freq.horizontal[0, 0] + freq.vertical[0, 0])   # every tiling uses one of the two
1.0
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

import numpy as np

from ._dask import INSTALL_HINT, _connect, _each, _n_workers, local_cluster
from ._transfer import _in_order, _pack
from .errors import DominoTilingError
from .region import Region  # used by the docstring examples
from .tiling import Tiling

__all__ = [
    "ensemble",
    "sweep",
    "grid_points",
    "placement_frequencies",
    "height_fluctuations",
    "HeightFluctuations",
    "count_distributed",
    "local_cluster",
    "INSTALL_HINT",
]



class HeightFluctuations(NamedTuple):
    """Mean and variance of the height function over an ensemble, per lattice vertex.

    Attributes
    ----------
    mean : numpy.ndarray of float, shape ``(rows + 1, cols + 1)``
    variance : numpy.ndarray of float, shape ``(rows + 1, cols + 1)``

    Vertices that are no corner of a region cell hold NaN in both.
    """

    mean: np.ndarray
    variance: np.ndarray


def _ensemble_task(seeds, payload, dropbox):
    sampler, kwargs = payload
    return _pack((sampler(seed=s, **kwargs) for s in seeds), dropbox)


def _sweep_task(points, payload, dropbox):
    return _pack((payload(**p) for p in points), dropbox)


# ------------------------------------------------------------------ public API
def ensemble(sampler, seeds, *, client=None, progress=True, chunk_size=None, **kwargs):
    """``[sampler(seed=s, **kwargs) for s in seeds]``, serially or on a Dask cluster.

    Parameters
    ----------
    sampler : callable
        Called as ``sampler(seed=s, **kwargs)``; e.g. :func:`~dominotiling.random_tiling`
        (with ``region=``) or :func:`~dominotiling.sample_aztec` (with ``n=``). On a
        cluster it must be picklable (module functions, partials and lambdas are).
    seeds : iterable of int
        One sample per seed. Give integers: a shared ``Generator`` would be advanced
        by the serial loop but copied to the workers.
    client : None, "local", str or distributed.Client
        None runs serially here; ``"local"`` starts a LocalCluster with one
        single-threaded worker process per usable core and closes it afterwards;
        another string is a scheduler address; a Client runs on its cluster.
    progress : bool
        Show a tqdm bar if the run lasts more than 2 seconds.
    chunk_size : int, optional
        Seeds handed out at a time. By default, on the client's machine,
        shrinking blocks from a shared queue (see Notes); on other clusters one
        chunk per worker, of equal sizes (more when a chunk would hold over 256
        seeds). There, smaller chunks balance the load when workers differ in
        speed, at a few milliseconds per task.
    **kwargs
        Passed to every call of `sampler` (sent to the cluster once).

    Returns
    -------
    list
        The results, in the order of `seeds`, equal to the serial loop's.

    Raises
    ------
    ImportError
        If a cluster is asked for and dask.distributed is not installed.

    Notes
    -----
    Each call makes a private directory in ``/dev/shm``. When every worker
    listens on loopback, one task per worker thread takes blocks of seeds from
    a queue there until none are left (each block a ``2 * workers``-th of what
    is left, down to single seeds), so that workers finish within one sample
    of each other; it leaves its reply there and wakes the client through a
    pipe, sparing the scheduler's round trips. Elsewhere the seeds are cut into
    chunks, one task each (a few milliseconds of scheduling per task).

    A task packs its tilings as they come, holding one at a time. A worker that
    sees the directory appends their int32 labels to a file there, which the
    client maps read-only: the tilings are views of it, with no copy and no
    work per cell on the client, and the memory is freed with the last of
    them. From another machine, or when ``/dev/shm`` is full, a tiling travels
    as two bits per cell (where each domino starts, and which way it goes),
    16 times smaller than its labels, decoded on the client. Other results
    come back pickled.

    Examples
    --------
    >>> from dominotiling import Region, random_tiling
    >>> r = Region.rectangle(4, 6)
    >>> ensemble(random_tiling, range(5), region=r) == [random_tiling(r, seed=s) for s in range(5)]
    True
    """
    seeds = list(seeds)
    if client is None:
        from tqdm import tqdm

        bar = tqdm(seeds, desc="ensemble", delay=2, disable=not progress, leave=False)
        return [sampler(seed=s, **kwargs) for s in bar]
    with _connect(client) as c:
        return _in_order(_each(c, _ensemble_task, seeds, (sampler, kwargs), progress, "ensemble",
                               chunk_size), len(seeds))


def grid_points(grid):
    """The points of a parameter grid, as a list of keyword dicts.

    Parameters
    ----------
    grid : dict or iterable of dict
        ``{name: values}`` for the Cartesian product of the values (the last name
        varies fastest), or the points themselves.

    Examples
    --------
    >>> grid_points({"n": [2, 3], "a": [1.0, 2.0]})
    [{'n': 2, 'a': 1.0}, {'n': 2, 'a': 2.0}, {'n': 3, 'a': 1.0}, {'n': 3, 'a': 2.0}]
    """
    if isinstance(grid, dict):
        names = list(grid)
        values = [list(grid[k]) for k in names]
        return [dict(zip(names, combo)) for combo in itertools.product(*values)]
    points = [dict(p) for p in grid]
    return points


def sweep(fn, grid, *, client=None, progress=True):
    """``fn(**point)`` at every point of a parameter grid, serially or on a Dask cluster.

    Parameters
    ----------
    fn : callable
        Called with the point's parameters as keywords.
    grid : dict or iterable of dict
        See :func:`grid_points`.
    client, progress
        As in :func:`ensemble`. Points are handed out one at a time.

    Returns
    -------
    list of (dict, object)
        ``(point, fn(**point))`` in the order of :func:`grid_points`.

    Examples
    --------
    >>> from dominotiling import Region, count_tilings
    >>> def count(rows, cols):
    ...     return count_tilings(Region.rectangle(rows, cols))
    >>> [value for _, value in sweep(count, {"rows": [2, 4], "cols": [2, 4]})]
    [2, 5, 5, 36]
    """
    points = grid_points(grid)
    if client is None:
        from tqdm import tqdm

        bar = tqdm(points, desc="sweep", delay=2, disable=not progress, leave=False)
        return [(p, fn(**p)) for p in bar]
    with _connect(client) as c:
        values = _in_order(_each(c, _sweep_task, points, fn, progress, "sweep", chunk_size=1),
                           len(points))
    return list(zip(points, values))


def _as_tiling(t):
    if not isinstance(t, Tiling):
        raise TypeError(f"the sampler must return Tiling objects, got {type(t).__name__}")
    return t


def _same_region(region, other):
    if region is not None and not (other is region or other == region):
        raise DominoTilingError(
            "the samples tile different regions; these statistics need every sample to "
            "tile the same region (pass it with region=...)"
        )
    return other


def _placement_task(seeds, payload, dropbox):
    from ._kernels.codec import add_placements

    sampler, kwargs = payload
    region = hsum = vsum = None
    n = 0
    for s in seeds:
        t = _as_tiling(sampler(seed=s, **kwargs))
        region = _same_region(region, t.region)
        if hsum is None:  # counts in the smallest type that holds them: less to send back
            rows, cols = region.shape
            hsum = np.zeros((rows, max(cols - 1, 0)), np.uint8)
            vsum = np.zeros((max(rows - 1, 0), cols), np.uint8)
        elif n == np.iinfo(hsum.dtype).max:  # one more could overflow: widen
            wider = np.min_scalar_type(2 * n + 1)
            hsum, vsum = hsum.astype(wider), vsum.astype(wider)
        add_placements(t.labels, hsum, vsum)
        n += 1
    return region, hsum, vsum, n


def placement_frequencies(sampler, seeds, *, client=None, progress=True, chunk_size=None,
                          **kwargs):
    """How often each domino position is used in ``sampler(seed=s, **kwargs)`` over `seeds`.

    Parameters
    ----------
    sampler, seeds, client, progress, chunk_size, **kwargs
        As in :func:`ensemble`; every sample must be a Tiling of the same region.

    Returns
    -------
    PlacementProbabilities
        Float arrays ``horizontal`` (shape ``(rows, cols - 1)``) and ``vertical``
        (``(rows - 1, cols)``) of frequencies, NaN where the two cells are not
        both in the region; compare with
        :func:`~dominotiling.placement.placement_probabilities`.

    Raises
    ------
    DominoTilingError
        If the samples tile different regions.
    TypeError
        If the sampler returns something that is not a Tiling.

    Notes
    -----
    Each task adds the indicator arrays of its samples into integer counts and
    returns only those; the client adds the counts, task by task as they arrive,
    so memory does not grow with the number of samples and the result does not
    depend on the order in which tasks finish. For ``N`` independent uniform
    samples, a frequency has standard error ``sqrt(p (1 - p) / N)`` about the
    exact probability ``p`` (Kenyon's local statistics [1]_).

    References
    ----------
    .. [1] R. Kenyon, "Local statistics of lattice dimers", Ann. Inst. H. Poincaré
       Probab. Statist. 33 (1997), 591-618.

    Examples
    --------
    >>> from dominotiling import Region, random_tiling
    >>> f = placement_frequencies(random_tiling, range(100), region=Region.rectangle(2, 3))
    >>> f.horizontal.shape, f.vertical.shape
    ((2, 2), (1, 3))
    """
    from .placement import PlacementProbabilities

    seeds = list(seeds)
    if not seeds:
        raise ValueError("no seeds: frequencies need at least one sample")
    region = hsum = vsum = None
    total = 0
    with _connect(client) as c:
        for _, (reg, h, v, n) in _each(c, _placement_task, seeds, (sampler, kwargs), progress,
                                       "placements", chunk_size):
            region = _same_region(region, reg)
            hsum = h.astype(np.int64) if hsum is None else hsum + h
            vsum = v.astype(np.int64) if vsum is None else vsum + v
            total += n
    mask = region.mask
    out = []
    for counts, pos in ((hsum, mask[:, :-1] & mask[:, 1:]), (vsum, mask[:-1] & mask[1:])):
        out.append(np.where(pos, counts / total, np.nan))
    return PlacementProbabilities(*out)


def _height_task(seeds, payload, dropbox):
    from .height import UNDEFINED

    sampler, kwargs = payload
    region = s1 = s2 = None
    top = n = 0
    for s in seeds:
        t = _as_tiling(sampler(seed=s, **kwargs))
        region = _same_region(region, t.region)
        h = t.height_function()
        h = np.where(h == UNDEFINED, 0, h)
        top = max(top, int(np.abs(h).max(initial=0)))
        s1 = h if s1 is None else s1 + h
        s2 = h * h if s2 is None else s2 + h * h
        n += 1
    return region, s1, s2, n, top


def height_fluctuations(sampler, seeds, *, client=None, progress=True, chunk_size=None, ddof=0,
                        **kwargs):
    """Mean and variance of Thurston's height function at every vertex, over an ensemble.

    Parameters
    ----------
    sampler, seeds, client, progress, chunk_size, **kwargs
        As in :func:`ensemble`; every sample must be a complete Tiling of the same
        region without holes.
    ddof : int
        The variance divides by ``N - ddof`` for ``N`` samples (0: the sample's
        own variance, as :func:`numpy.var`; 1: the unbiased estimate).

    Returns
    -------
    HeightFluctuations
        ``(mean, variance)``, float arrays of shape ``(rows + 1, cols + 1)``, NaN at
        vertices that are no corner of a region cell. On the boundary the heights
        are the same for every tiling, so the variance there is 0.

    Raises
    ------
    DominoTilingError
        If the samples tile different regions, or a region with holes.

    Notes
    -----
    Each task returns the sums of ``h`` and ``h**2`` over its samples, as int64
    (heights are integers); the client adds them, switching to Python ints should
    ``N * max|h|**2`` approach ``2**62``, and forms ``(N S2 - S1**2) / (N (N - ddof))``
    exactly before one rounding to float. The result does not depend on how the
    seeds are split. For uniform tilings the heights converge to a Gaussian free
    field [1]_: the variance in the bulk grows like ``c log n`` with the size
    ``n`` of the region, where fixed-size statistics would stay bounded.

    References
    ----------
    .. [1] R. Kenyon, "Dominos and the Gaussian free field", Ann. Probab. 29 (2001),
       1128-1137.

    Examples
    --------
    >>> from dominotiling import Region, random_tiling
    >>> mean, var = height_fluctuations(random_tiling, range(50), region=Region.rectangle(4, 4))
    >>> var.shape, float(var[0, 0]), bool(var[2, 2] > 0)
    ((5, 5), 0.0, True)
    """
    from .height import defined_vertices

    seeds = list(seeds)
    if len(seeds) <= ddof:
        raise ValueError(f"{len(seeds)} sample(s) give no variance with ddof={ddof}")
    region = s1 = s2 = None
    total = top = 0
    with _connect(client) as c:
        for _, (reg, a, b, n, t) in _each(c, _height_task, seeds, (sampler, kwargs), progress,
                                          "heights", chunk_size):
            region = _same_region(region, reg)
            top = max(top, t)
            if s1 is None:
                s1, s2 = a, b
            else:
                if s1.dtype != object and (total + n) * (top * top + 1) >= 2**62:
                    s1, s2 = s1.astype(object), s2.astype(object)
                s1, s2 = s1 + a, s2 + b
            total += n
    s1, s2 = s1.astype(object), s2.astype(object)
    mean = (s1 / total).astype(float)
    variance = ((total * s2 - s1 * s1) / (total * (total - ddof))).astype(float)
    undefined = ~defined_vertices(region)
    mean[undefined] = np.nan
    variance[undefined] = np.nan
    return HeightFluctuations(mean, variance)


# ---------------------------------------------------------------- exact counts
def _det_task(primes, payload):
    from .exact import det_mod_primes

    return det_mod_primes(payload, primes)


def count_distributed(region, client="local", method="kasteleyn"):
    """Number of tilings of `region`, exactly, with the primes of the determinant on a cluster.

    Parameters
    ----------
    region : Region
        Any region, as for :func:`~dominotiling.kasteleyn.count_kasteleyn`.
    client : None, "local", str or distributed.Client
        As in :func:`ensemble`; None computes here.
    method : {"kasteleyn"}
        The exact Kasteleyn determinant (the method whose work splits by prime).

    Returns
    -------
    int
        The same int as ``count_tilings(region)``.

    Raises
    ------
    TooLargeError
        If the band of the elimination would not fit in memory.
    DominoTilingError
        If `method` is not "kasteleyn".

    Notes
    -----
    The Kasteleyn matrix of the region (turned to run along its long side, so
    that it is banded) is sent to every worker once; each worker computes the
    determinant modulo its share of the primes below ``2**26`` by banded
    elimination, ``O(cells * w**2)`` per prime for narrower side ``w``, and the
    client puts the residues together by the Chinese remainder theorem. The
    number of primes follows from Hadamard's bound on the determinant or
    Brègman's on the count, whichever is smaller, plus two bits so that the
    symmetric remainder fixes the sign; the count is the absolute value.

    References
    ----------
    .. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).

    Examples
    --------
    >>> count_distributed(Region.rectangle(8, 8), client=None)
    12988816
    """
    from .exact import crt, det_mod_primes, small_primes_for_bits
    from .kasteleyn import determinant_problem

    if method != "kasteleyn":
        raise DominoTilingError(
            f"count_distributed splits the primes of the Kasteleyn determinant; method must "
            f"be 'kasteleyn', got {method!r}"
        )
    problem = determinant_problem(region)
    if isinstance(problem, int):
        return problem
    a, bound = problem
    if bound == -math.inf:
        return 0
    primes = small_primes_for_bits(max(bound, 0.0) + 2.0)
    with _connect(client) as c:
        if c is None:
            residues = det_mod_primes(a, primes)
        else:
            parts = np.array_split(primes, min(len(primes), _n_workers(c)))
            shared = c.scatter([a], broadcast=True, hash=False)[0]
            futures = c.map(_det_task, parts, payload=shared, pure=False)
            residues = np.concatenate(c.gather(futures))
    value = crt(residues, primes)
    modulus = math.prod(int(p) for p in primes)
    return abs(value - modulus if value > modulus // 2 else value)
