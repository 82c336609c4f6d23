"""Two bits per cell for a tiling: how ensembles send tilings of one region between processes.

A Tiling's labels number its dominoes in row-major order of their first cell,
so the labels follow from where each domino starts: code 1 at a cell whose
domino goes on to the cell on its right, code 2 at one whose domino goes on to
the cell below, 0 everywhere else (second cells, uncovered cells, cells outside
the region). Four codes fill a byte, lowest bits first: ``rows * ceil(cols / 4)``
bytes instead of the ``4 * rows * cols`` of the int32 labels.

The same test (does a domino start here, and which way does it go) gives the
placement indicators that :func:`~dominotiling.parallel.placement_frequencies`
adds up: :func:`add_placements`.
"""

from numba import njit

RIGHT = 1
BELOW = 2


def codes_shape(shape):
    """Shape of the uint8 code array of labels of `shape`."""
    rows, cols = shape
    return rows, (cols + 3) // 4


@njit(cache=True, nogil=True)
def encode_tiling(labels, codes):
    """Write the codes of `labels` (int32 ``(rows, cols)``) into `codes` (uint8, see :func:`codes_shape`)."""
    rows, cols = labels.shape
    codes[:] = 0
    for r in range(rows):
        for c in range(cols):
            x = labels[r, c]
            right = c + 1 < cols and x >= 0 and labels[r, c + 1] == x
            below = r + 1 < rows and x >= 0 and labels[r + 1, c] == x
            codes[r, c >> 2] |= (right * RIGHT + below * BELOW) << (2 * (c & 3))


@njit(cache=True, nogil=True)
def add_placements(labels, horizontal, vertical):
    """Add 1 to ``horizontal[r, c]`` (``vertical[r, c]``) where a domino covers cells
    ``(r, c)`` and ``(r, c + 1)`` (``(r + 1, c)``): one tiling's placement indicators."""
    rows, cols = labels.shape
    for r in range(rows):
        for c in range(cols - 1):
            x = labels[r, c]
            horizontal[r, c] += x >= 0 and labels[r, c + 1] == x
    for r in range(rows - 1):
        for c in range(cols):
            x = labels[r, c]
            vertical[r, c] += x >= 0 and labels[r + 1, c] == x


@njit(cache=True, nogil=True)
def decode_tiling(codes, mask, labels):
    """Fill `labels` (int32, the shape of `mask`) from `codes`; return the number of dominoes.

    Cells outside `mask` get -1, region cells no domino covers -2. The codes must
    come from :func:`encode_tiling` of a tiling of the region `mask`.
    """
    rows, cols = mask.shape
    for c in range(cols):
        labels[0, c] = -2 if mask[0, c] else -1
    count = 0
    for r in range(rows):
        if r + 1 < rows:  # the row below first, so that vertical dominoes can write into it
            for c in range(cols):
                labels[r + 1, c] = -2 if mask[r + 1, c] else -1
        for c in range(cols):
            code = (codes[r, c >> 2] >> (2 * (c & 3))) & 3
            if code == RIGHT:
                labels[r, c] = count
                labels[r, c + 1] = count
                count += 1
            elif code == BELOW:
                labels[r, c] = count
                labels[r + 1, c] = count
                count += 1
    return count
