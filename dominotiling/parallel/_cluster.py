"""Private: the Dask cluster -- importing it lazily, starting a local one, connecting to one.

Everything here imports Dask only when called, so the library works without
it: asking for a cluster then says how to install it (:data:`INSTALL_HINT`).
"""

from __future__ import annotations

import contextlib
import os
import sys

from .. import _validate
from ..errors import DominoTilingError

#: How to install what a cluster needs.
INSTALL_HINT = 'pip install "dominotiling[dist]"'


def _distributed():
    """The ``distributed`` module, or an ImportError that says how to install it."""
    try:
        import distributed
    except ImportError as err:
        raise ImportError(
            "running on a Dask cluster needs dask.distributed, which is not installed: "
            f"{INSTALL_HINT} (or conda install -c conda-forge dask distributed); "
            "client=None runs the same work serially without it"
        ) from err
    return distributed


def _usable_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _unimportable_main():
    """The main script's name if new worker processes could not import it again, else None.

    A worker process started by *spawn* (Dask's default) first runs the
    client's ``__main__`` module again, as :mod:`multiprocessing` does: by
    module name after ``python -m``, by path after ``python script.py``, not at
    all in an interactive session, ``python -c`` or Jupyter (no ``__file__``).
    A script read from standard input (``python - < script.py``) has the path
    ``'<stdin>'``, which no worker can open: Dask's nanny then fails to start.
    """
    import dask

    if dask.config.get("distributed.worker.multiprocessing-method", "spawn") == "fork":
        return None  # a forked worker has the main module already
    main = sys.modules.get("__main__")
    if main is None or getattr(getattr(main, "__spec__", None), "name", None):
        return None
    path = getattr(main, "__file__", None)
    if path is None:
        return None
    from multiprocessing import process

    full = path if os.path.isabs(path) else os.path.join(process.ORIGINAL_DIR or os.getcwd(), path)
    return None if os.path.isfile(full) else path


def _check_main():
    """Refuse to start worker processes that would fail to import the main script."""
    path = _unimportable_main()
    if path is not None:
        where = "standard input" if path == "<stdin>" else f"{path!r}, which is not a file"
        raise DominoTilingError(
            f"a local cluster's worker processes import the main script again, and this one "
            f"was read from {where}, which they cannot read (Dask would fail with 'Nanny "
            "failed to start'). Save the script as a file and run it as `python script.py` "
            '(starting the cluster under `if __name__ == "__main__":`), or run the workers '
            "as threads of this process: client=distributed.Client(processes=False); "
            "client=None runs the work serially"
        )


def local_cluster(n_workers=None):
    """A :class:`distributed.LocalCluster` set up for this library's work (what ``client="local"`` uses).

    One worker process per usable core (or `n_workers`), one thread each (numba
    too: ``NUMBA_NUM_THREADS=1``), no dashboard, listening on loopback only.
    Start it under ``if __name__ == "__main__":`` in a script. Three of Dask's
    defaults are changed for this cluster only:

    - ``MALLOC_TRIM_THRESHOLD_=65536`` for workers is left unset: it turns off
      glibc's adaptive mmap threshold, so that every large array is a fresh
      ``mmap`` and the samplers, which allocate many, run about twice as slowly.
      (Dask's nannies write it into ``os.environ`` for good; while this
      cluster's workers start, the variable is taken out, and put back after.)
    - the workers' statistical profiler (a thread sampling every stack 100 times
      a second, for a dashboard this cluster does not have) is off;
    - every event loop checks that it is responsive 10 times a second instead of
      50 (``admin.tick.interval: 100ms``), which halves the CPU time that an
      idle cluster takes from the cores its workers share.

    The scheduler keeps its default of two tasks on each single-threaded worker
    (one running, the next one waiting there), so a worker never idles for a
    round trip between chunks, and the chunks not yet handed out go to whichever
    worker is free first.

    Parameters
    ----------
    n_workers : int, optional
        How many worker processes; by default one per usable core.

    Returns
    -------
    distributed.LocalCluster
        Use it as a context manager, or close it when done; connect with
        ``distributed.Client(cluster)``.

    Raises
    ------
    ImportError
        If dask.distributed is not installed (the message says how to install it).
    DominoTilingError
        If `n_workers` is not a positive integer, or if the main script was read
        from standard input (``python - < script.py``): worker processes cannot
        import it again. Save it as a file, or use threads
        (``distributed.Client(processes=False)``).

    See Also
    --------
    ensemble, cleanup

    Examples
    --------
    Two worker processes draw four samples (in a script, do this under
    ``if __name__ == "__main__":``, since the workers import the script again):

    >>> from distributed import Client
    >>> from dominotiling.aztec import sample_aztec
    >>> from dominotiling.parallel import ensemble
    >>> with local_cluster(2) as cluster, Client(cluster) as client:
    ...     tilings = ensemble(sample_aztec, range(4), n=10, client=client, progress=False)
    >>> [t == sample_aztec(10, seed=s) for s, t in enumerate(tilings)]  # the same as drawn here
    [True, True, True, True]
    """
    n = _usable_cores() if n_workers is None else _validate.positive_int(n_workers, "n_workers")
    distributed = _distributed()
    import dask

    _check_main()
    with (
        _without_env("MALLOC_TRIM_THRESHOLD_"),
        dask.config.set(
            {
                "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
                "distributed.worker.profile.enabled": False,
                "distributed.admin.tick.interval": "100ms",
            }
        ),
    ):
        return distributed.LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            host="127.0.0.1",
            env={"NUMBA_NUM_THREADS": "1"},
            # no dashboard; the scheduler's small HTTP server on any free loopback port
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        )


@contextlib.contextmanager
def _without_env(name):
    """``os.environ`` without `name` inside the block (for processes started there)."""
    saved = os.environ.pop(name, None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ[name] = saved


_CLIENT_HINT = (
    "pass None (serial), 'local' (a LocalCluster on this machine), a scheduler "
    "address such as 'tcp://host:8786', or a distributed.Client"
)


def _check_client(client):
    """`client` if it is None, a string or a distributed.Client (checked before any work)."""
    if client is None or isinstance(client, str):
        if isinstance(client, str) and not client.strip():
            raise DominoTilingError(f"client='' is not a scheduler address; {_CLIENT_HINT}")
        if isinstance(client, str) and client != "local":
            if len(client) > 1000:
                raise DominoTilingError(
                    f"client is a string of {len(client)} characters, not a scheduler "
                    f"address; {_CLIENT_HINT}"
                )
            from distributed.comm import parse_address

            try:  # before any work: distributed's own parser, as Client(address) will use it
                parse_address(client)
            except (ValueError, TypeError) as err:
                raise DominoTilingError(
                    f"client={client!r} is not a scheduler address ({err}); {_CLIENT_HINT}"
                ) from None
        return client
    distributed = _distributed()
    return _validate.instance(client, "client", (str, distributed.Client), hint=_CLIENT_HINT)


@contextlib.contextmanager
def _connect(client):
    """Yield a Client for `client` (None stays None); close what was opened here."""
    client = _check_client(client)
    if client is None:
        yield None
        return
    distributed = _distributed()
    if isinstance(client, distributed.Client):
        yield client
    elif client == "local":
        with local_cluster() as cluster, distributed.Client(cluster) as owned:
            yield owned
    else:
        try:
            owned = distributed.Client(client)
        except (
            OSError,
            ValueError,
            TypeError,
        ) as err:  # unreachable, refused, timed out, malformed
            raise DominoTilingError(
                f"cannot connect to the Dask scheduler at {client!r}: {type(err).__name__}: "
                f"{' '.join(str(err).split())[:300]}; start it (dask scheduler), or {_CLIENT_HINT}"
            ) from None
        with owned:
            yield owned


def _n_workers(client):
    return max(1, sum(client.nthreads().values()))
