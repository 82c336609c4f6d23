"""The one front door for counts: :func:`count_tilings` picks a method and calls it.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.rectangle(8, 8))
12988816
"""

from __future__ import annotations

from ._util import pick_method
from .transfer import count_transfer

__all__ = ["count_tilings", "METHODS"]

#: Counting methods by name.
METHODS = {"transfer": count_transfer}


def count_tilings(region, method="auto"):
    """Number of domino tilings of a region, exactly.

    Parameters
    ----------
    region : Region
        Any region; it need not be connected or simply connected.
    method : {"auto", "transfer"}
        ``"transfer"`` is the broken-profile DP (narrower side up to 22 cells).
        ``"auto"`` picks by estimated cost; for now it means ``"transfer"``.

    Returns
    -------
    int
        The exact count (a Python int, however large).

    Raises
    ------
    TooLargeError
        If the chosen method's tables would not fit in memory; the message names
        the size and the method that would serve.
    DominoTilingError
        If `method` is unknown.

    Notes
    -----
    The profile DP sweeps the region cell by cell over its narrower side ``w``, at
    cost ``O(cells * 2**w)`` per modulus; it counts modulo ``2**64`` and primes
    below ``2**63`` at once, as many as Brègman's bound on the count requires,
    and the Chinese remainder theorem gives the exact integer. A region with
    unequal numbers of black and white cells has no tiling (each domino covers
    one of each) and returns 0 at once.

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
    return pick_method(METHODS, method, "transfer")(region)
