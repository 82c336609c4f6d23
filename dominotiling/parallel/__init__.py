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
- :func:`local_cluster`: the cluster that ``client="local"`` starts;
  :func:`cleanup`: removes what killed clients left in shared memory.

When every worker runs on the client's machine (a local cluster), each worker
takes seeds from a shared queue until none are left, so that all finish
together; on other clusters the seeds are cut into chunks, one task each
(``_scheduling.py``). Tilings of one region travel back without a pickled
Python object per tiling or per cell: from workers on the client's machine as
int32 labels in a shared-memory file that the client maps without copying, from
other machines as two bits per cell (``_wire.py``). They are rebuilt on the
client around one shared :class:`~dominotiling.Region`. Without dask installed
the library works as before and these functions run with ``client=None``;
asking for a cluster says how to install it (``pip install
"dominotiling[dist]"``, ``_cluster.py``). In a script, start a local cluster
under ``if __name__ == "__main__":`` (its workers are new processes that import
the script; a script read from standard input cannot be imported, and is told
so).

Seeds are ints, SeedSequences or *distinct* Generators: one Generator given as
several seeds is refused, since each copy sent to a worker would give the same
sample. ``chunk_size`` is None (automatic) or a positive int, serially and on a
cluster alike. An ensemble whose tilings would not fit in the memory budget
(:func:`dominotiling.set_options`) is refused before it starts.

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

import contextlib
import itertools
import math
from collections.abc import Mapping

import numpy as np

from .. import _validate
from .._util import keyword_only
from ..counting.determinants import det_exact, det_mod_primes
from ..counting.kasteleyn import choose_elimination, determinant_problem
from ..counting.nested_dissection import det_exact_nested, det_mod_primes_nested
from ..model.region import Region  # used by the docstring examples  # noqa: F401 -- used by the docstring examples
from ._arguments import (
    _callable,
    _check_first,
    _check_results,
    _checked_pieces,
    _chunk_size,
    _iterable,
    _sample_bytes,
    _seed_list,
)
from ._cluster import INSTALL_HINT, _check_client, _connect, _n_workers, local_cluster
from ._scheduling import _each
from ._statistics import (
    HeightFluctuations,
    _placement_task,  # noqa: F401 -- the task, for tests and benchmarks
    height_fluctuations,
    placement_frequencies,
)
from ._wire import _in_order, _pack, cleanup

__all__ = [
    "ensemble",
    "sweep",
    "grid_points",
    "placement_frequencies",
    "height_fluctuations",
    "HeightFluctuations",
    "count_distributed",
    "local_cluster",
    "cleanup",
    "INSTALL_HINT",
]


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
    seeds : iterable
        One sample per seed: non-negative ints (e.g. ``range(100)``),
        :class:`numpy.random.SeedSequence` objects (``SeedSequence(42).spawn(100)``)
        or *distinct* Generators (``rng.spawn(100)``). One Generator given as
        several seeds is refused: on a cluster every copy of it would start from
        the same state and give the same sample.
    client : None, "local", str or distributed.Client
        None runs serially here; ``"local"`` starts a LocalCluster with one
        single-threaded worker process per usable core and closes it afterwards;
        another string is a scheduler address; a Client runs on its cluster.
    progress : bool
        Show a tqdm bar if the run lasts more than 2 seconds.
    chunk_size : int, optional
        Seeds handed out at a time, a positive int; None (the default) chooses:
        on the client's machine, shrinking blocks from a shared queue (see
        Notes); on other clusters one chunk per worker, of equal sizes (more when
        a chunk would hold over 256 seeds). There, smaller chunks balance the
        load when workers differ in speed, at a few milliseconds per task.
        Serially it changes nothing but is checked the same way.
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
    DominoTilingError
        If a seed, `chunk_size`, `progress` or `client` is not valid (a
        :class:`~dominotiling.errors.DominoTypeError` for a wrong type), if one
        Generator is given as several seeds, or if ``client="local"`` is asked
        for by a script read from standard input (worker processes cannot
        import it; save it as a file).
    TooLargeError
        If the tilings to be returned would take more than the memory budget
        (:func:`dominotiling.set_options`). Their size is known beforehand when
        `kwargs` hold a Region or Tiling (``region=``), or for
        :func:`~dominotiling.sample_aztec` with ``n=``; otherwise it is checked
        on the first result. :func:`placement_frequencies` and
        :func:`height_fluctuations` keep no tilings.

    See Also
    --------
    sweep, placement_frequencies, height_fluctuations

    Notes
    -----
    Each call makes a private directory in ``/dev/shm``, named after the
    calling process (see :func:`cleanup`). When every worker listens on
    loopback, one task per worker thread takes blocks of seeds from a queue
    there until none are left (each block a ``2 * workers``-th of what is left,
    down to single seeds), so that workers finish within one sample of each
    other; it leaves its reply there and wakes the client through a pipe,
    sparing the scheduler's round trips. Elsewhere the seeds are cut into
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
    >>> import numpy as np
    >>> rng = np.random.default_rng(7)
    >>> len(ensemble(random_tiling, rng.spawn(3), region=r))   # distinct generators
    3
    >>> ensemble(random_tiling, [rng, rng], region=r)
    Traceback (most recent call last):
    ...
    dominotiling.errors.DominoTilingError: seeds[0] and seeds[1] are the same numpy.random.Generator...
    """
    sampler = _callable(sampler, "sampler")
    seeds = _seed_list(seeds)
    progress = _validate.boolean(progress, "progress")
    chunk_size = _chunk_size(chunk_size)
    each = _sample_bytes(sampler, kwargs)
    _check_results(len(seeds), each)
    if client is None:
        from tqdm import tqdm

        out = []
        for s in tqdm(seeds, desc="ensemble", delay=2, disable=not progress, leave=False):
            out.append(sampler(seed=s, **kwargs))
            if each is None and len(out) == 1:  # the size of the results, seen on the first
                _check_first(len(seeds), out[0])
        return out
    with (
        _connect(client) as c,
        contextlib.closing(
            _each(c, _ensemble_task, seeds, (sampler, kwargs), progress, "ensemble", chunk_size)
        ) as pieces,
    ):
        if each is None:
            pieces = _checked_pieces(pieces, len(seeds))
        return _in_order(pieces, len(seeds))


def grid_points(grid):
    """The points of a parameter grid, as a list of keyword dicts.

    Parameters
    ----------
    grid : dict or iterable of dict
        ``{name: values}`` for the Cartesian product of the values (the last name
        varies fastest), or the points themselves. Names are strings; values
        are lists (a single value is written ``[value]``).

    Returns
    -------
    list of dict
        One keyword dict per point.

    Raises
    ------
    DominoTypeError
        If `grid` is neither, a name is not a string, or a value list is a
        string or not iterable.

    See Also
    --------
    sweep

    Examples
    --------
    >>> grid_points({"n": [2, 3], "a": [1.0, 2.0]})
    [{'n': 2, 'a': 1.0}, {'n': 2, 'a': 2.0}, {'n': 3, 'a': 1.0}, {'n': 3, 'a': 2.0}]
    """
    if isinstance(grid, Mapping):
        for name in grid:
            _validate.instance(name, "a name of the grid", str, hint="names are keyword arguments")
        values = [
            list(_iterable(v, f"grid[{k!r}]", "a list of values (one value: [value])"))
            for k, v in grid.items()
        ]
        return [dict(zip(grid, combo)) for combo in itertools.product(*values)]
    points = []
    for i, p in enumerate(_iterable(grid, "grid", "a dict {name: values} or an iterable of dicts")):
        _validate.instance(
            p, f"grid[{i}]", Mapping, hint="each point is a dict of keyword arguments"
        )
        points.append(dict(p))
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

    See Also
    --------
    ensemble, grid_points

    Examples
    --------
    >>> from dominotiling import Region, count_tilings
    >>> def count(rows, cols):
    ...     return count_tilings(Region.rectangle(rows, cols))
    >>> [value for _, value in sweep(count, {"rows": [2, 4], "cols": [2, 4]})]
    [2, 5, 5, 36]
    """
    fn = _callable(fn, "fn")
    points = grid_points(grid)
    progress = _validate.boolean(progress, "progress")
    if client is None:
        from tqdm import tqdm

        bar = tqdm(points, desc="sweep", delay=2, disable=not progress, leave=False)
        return [(p, fn(**p)) for p in bar]
    with (
        _connect(client) as c,
        contextlib.closing(
            _each(c, _sweep_task, points, fn, progress, "sweep", chunk_size=1)
        ) as pieces,
    ):
        values = _in_order(pieces, len(points))
    return list(zip(points, values))


# ---------------------------------------------------------------- exact counts
def _det_task(primes, payload):

    return det_mod_primes(payload, primes)


def _nested_task(primes, payload):

    return det_mod_primes_nested(payload, primes)


@keyword_only("client", "method")
def count_distributed(region, *, client="local", method="kasteleyn"):
    """Number of tilings of `region`, exactly, with the primes of the determinant on a cluster.

    Parameters
    ----------
    region : Region
        Any region, as for :func:`~dominotiling.counting.kasteleyn.count_kasteleyn`.
    client : None, "local", str or distributed.Client
        As in :func:`ensemble`; None computes here.
    method : {"kasteleyn"}
        The exact Kasteleyn determinant: the method whose work splits by prime,
        and so the only one here.

    Returns
    -------
    int
        The same int as ``count_tilings(region)``.

    Raises
    ------
    TooLargeError
        If the band of the elimination would not fit in memory.
    DominoTilingError
        If `method` is not "kasteleyn", or `region` is not a Region (a
        :class:`~dominotiling.errors.DominoTypeError`).

    See Also
    --------
    count_tilings, ensemble

    Notes
    -----
    The Kasteleyn matrix of the region (turned to run along its long side, so
    that it is banded) is sent to every worker once; each worker computes the
    determinant modulo its share of the primes below ``2**26`` by banded
    elimination, ``O(cells * w**2)`` per prime for narrower side ``w``, and the
    client puts the residues together by the Chinese remainder theorem. Where
    nested dissection is the faster elimination
    (:func:`~dominotiling.counting.kasteleyn.choose_elimination`), the client
    probes the plan once (:mod:`dominotiling.counting.nested_dissection`) and
    sends it instead; each worker replays it on its primes. The
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

    region = _validate.region(region)
    _validate.choice(method, "method", ("kasteleyn",))
    client = _check_client(client)
    elimination = choose_elimination(region)
    problem = determinant_problem(region, elimination=elimination)
    if isinstance(problem, int):
        return problem
    a, bound = problem
    if bound == -math.inf:
        return 0
    from .._exact import crt, small_primes_for_bits

    if elimination == "dissection":
        with _connect(client) as c:

            def residues(plan, primes):
                if c is None:
                    return _nested_task(primes, plan)
                parts = np.array_split(primes, min(len(primes), _n_workers(c)))
                shared = c.scatter([plan], broadcast=True, hash=False)[0]
                out = c.gather(c.map(_nested_task, parts, payload=shared, pure=False))
                return np.concatenate([o[0] for o in out]), np.concatenate([o[1] for o in out])

            det = det_exact_nested(a, bound, mask=region.narrow_view()[0], residues=residues)
        return det if det is not None else abs(det_exact(a, log2_bound=bound))

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
