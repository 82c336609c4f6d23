"""The one front door for counts: :func:`count_tilings` picks a method and calls it.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.rectangle(8, 8))
12988816
"""

from __future__ import annotations

from . import _validate, kasteleyn, transfer
from .errors import DominoTilingError, TooLargeError

__all__ = ["count_tilings", "choose_method", "METHODS"]

#: Counting methods by name.
METHODS = {"transfer": transfer.count_transfer, "kasteleyn": kasteleyn.count_kasteleyn}
#: Rough seconds per operation of each method's kernel, to compare their estimates.
_SECONDS_PER_OP = {"transfer": 0.3e-9, "kasteleyn": 0.5e-9}


def choose_method(region):
    """The method ``count_tilings(region, method="auto")`` uses, by estimated time.

    Each method estimates its operations and memory from the region's shape
    (``transfer.cost_estimate``, ``kasteleyn.cost_estimate``); methods whose
    tables would not fit are left out, and the fastest estimate wins.

    Raises
    ------
    TooLargeError
        If no method fits in memory.

    Examples
    --------
    >>> from dominotiling import Region
    >>> choose_method(Region.rectangle(100, 100))
    'kasteleyn'
    """
    costs = {}
    for name, module in (("transfer", transfer), ("kasteleyn", kasteleyn)):
        estimate = module.cost_estimate(region)
        if estimate is not None:
            costs[name] = estimate[0] * _SECONDS_PER_OP[name]
    if not costs:
        raise TooLargeError(
            f"no counting method fits this region ({region.n_cells} cells) in memory: the "
            "profile DP needs a narrower side of at most 22 cells and the exact Kasteleyn "
            "determinant a band of a few GiB; log_count(region) gives the logarithm of the count"
        )
    return min(costs, key=costs.get)


def count_tilings(region, method="auto", client=None):
    """Number of domino tilings of a region, exactly.

    Parameters
    ----------
    region : Region
        Any region; it need not be connected or simply connected.
    method : {"auto", "transfer", "kasteleyn"}
        ``"transfer"`` is the broken-profile DP (narrower side up to 22 cells),
        ``"kasteleyn"`` the exact Kasteleyn determinant (any region; cost grows
        with the square of the narrower side). ``"auto"`` picks the one with the
        smaller estimated time (see :func:`choose_method`).
    client : None, "local", str or distributed.Client
        Spread the primes of the exact Kasteleyn determinant over Dask workers
        (:func:`dominotiling.parallel.count_distributed`; the ``dist`` extra):
        ``"local"`` starts a cluster on this machine, a string is a scheduler
        address. The count is the same int.

    Returns
    -------
    int
        The exact count (a Python int, however large).

    Raises
    ------
    TooLargeError
        If the chosen method's tables would not fit in memory; the message names
        the size and the method that would serve.
    DominoTypeError
        If `region` is not a Region.
    DominoTilingError
        If `method` is unknown (checked before anything else, with or without a client).

    Notes
    -----
    Both methods are exact: they compute the count modulo several word-sized
    moduli, as many as a rigorous bound on the count requires (Brègman's bound on
    the permanent, Hadamard's on the determinant), and the Chinese remainder
    theorem gives the integer. The profile DP sweeps the region cell by cell over
    its narrower side ``w`` at cost ``O(cells * 2**w)`` per modulus; the
    Kasteleyn determinant eliminates inside a band of width about ``w`` at cost
    ``O(cells * w**2)`` per prime. A region with unequal numbers of black and white
    cells has no tiling (each domino covers one of each) and returns 0 at once.

    References
    ----------
    .. [1] P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27 (1961).
    .. [2] L. M. Brègman, "Some properties of nonnegative matrices and their
       permanents", Soviet Math. Dokl. 14 (1973).

    Examples
    --------
    >>> from dominotiling import Region
    >>> count_tilings(Region.rectangle(8, 8))
    12988816
    >>> count_tilings(Region.rectangle(2, 10))   # Fibonacci: F(11)
    89
    """
    _validate.region(region)
    method = _validate.choice(method, "method", ("auto", *METHODS))
    if client is not None:
        if method not in ("auto", "kasteleyn"):
            raise DominoTilingError(
                f"with a client, counts are spread over workers by the Kasteleyn method; "
                f"method={method!r} runs on this machine only: drop client= or the method"
            )
        from .parallel import count_distributed

        return count_distributed(region, client=client, method="kasteleyn")
    if not region.is_balanced:
        return 0
    if method == "auto":
        method = choose_method(region)
    return METHODS[method](region)
