"""A plain-Python broken-profile DP: the baseline the library is measured against.

This is the same algorithm as ``dominotiling.counting.transfer.count_transfer``, written
the way a textbook would: a list of Python ints indexed by profile, a fresh list
per cell, and the three cases of the source article. No numpy, no numba, nothing
imported from ``dominotiling``.

The sweep runs row by row over the ``w`` columns of the narrower side. Before cell
``(r, c)``, bit ``j`` of the profile says whether cell ``(r, j)`` (for ``j >= c``)
or ``(r + 1, j)`` (for ``j < c``) is already covered by a domino sticking into it.
At a cell whose bit is clear, place a vertical domino (set bit ``c``, which now
means the cell below) or a horizontal one (set bit ``c + 1``); at a cell whose bit
is set, skip it and clear the bit. Time ``O(rows * w * 2**w)``, memory ``O(2**w)``.

Examples
--------
>>> count_rectangle(8, 8)
12988816
>>> count_rectangle(2, 10)
89
"""

__all__ = ["count_rectangle", "count_grid"]


def count_grid(grid):
    """Number of domino tilings of a grid of free (True) and blocked (False) cells.

    Parameters
    ----------
    grid : list of list of bool
        ``grid[r][c]`` is True when cell ``(r, c)`` belongs to the region. The sweep
        runs along the rows, so pass the grid with its narrower side as the rows'
        length.

    Returns
    -------
    int
        The exact number of tilings.

    Examples
    --------
    >>> count_grid([[True, True], [True, False]])
    0
    >>> count_grid([[True, True, True], [True, True, True]])
    3
    """
    rows = len(grid)
    w = len(grid[0]) if rows else 0
    n_states = 1 << w
    ways = [0] * n_states
    ways[0] = 1
    for r in range(rows):
        for c in range(w):
            if not grid[r][c]:
                continue  # blocked: no domino ever sticks into it, nothing changes
            bit = 1 << c
            below = r + 1 < rows and grid[r + 1][c]
            right = c + 1 < w and grid[r][c + 1]
            new = [0] * n_states
            for profile in range(n_states):
                n = ways[profile]
                if n == 0:
                    continue
                if profile & bit:
                    # The cell is covered already: skip it and clear its bit.
                    new[profile & ~bit] += n
                    continue
                if below:
                    # Vertical domino: the bit now stands for the cell below.
                    new[profile | bit] += n
                if right and not profile & (bit << 1):
                    # Horizontal domino: it covers the next cell of this row.
                    new[profile | (bit << 1)] += n
            ways = new
    return ways[0]


def count_rectangle(rows, cols):
    """Number of domino tilings of a ``rows x cols`` rectangle.

    Parameters
    ----------
    rows, cols : int
        The rectangle's sides; the sweep runs over the narrower one.

    Returns
    -------
    int
        The exact number of tilings.

    Examples
    --------
    >>> count_rectangle(3, 4)
    11
    """
    w, h = sorted((rows, cols))
    return count_grid([[True] * w for _ in range(h)])
