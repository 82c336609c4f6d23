"""Private: Monte Carlo statistics of an ensemble, summed on the workers.

:func:`placement_frequencies` and :func:`height_fluctuations` (public through
:mod:`dominotiling.parallel`): each task reduces its samples to a few integer
arrays, and the client adds them up, so that no sample is kept.
"""

from __future__ import annotations

import contextlib
from typing import NamedTuple

import numpy as np

from .. import _validate
from ..counting.placement import PlacementProbabilities
from ..errors import DominoTilingError
from ..matching.height import UNDEFINED, defined_vertices
from ..model.tiling import Tiling
from ._arguments import _callable, _chunk_size, _seed_list
from ._cluster import _connect
from ._scheduling import _each

__all__ = ["placement_frequencies", "height_fluctuations", "HeightFluctuations"]


class HeightFluctuations(NamedTuple):
    """Mean and variance of the height function over an ensemble, per lattice vertex.

    Attributes
    ----------
    mean : numpy.ndarray of float, shape ``(rows + 1, cols + 1)``
    variance : numpy.ndarray of float, shape ``(rows + 1, cols + 1)``

    Vertices that are no corner of a region cell hold NaN in both.

    See Also
    --------
    height_fluctuations

    Examples
    --------
    >>> from dominotiling import Region, random_tiling
    >>> from dominotiling.parallel import height_fluctuations
    >>> hf = height_fluctuations(random_tiling, range(4), region=Region.rectangle(4, 4), progress=False)
    >>> hf.mean.shape, hf.variance.shape
    ((5, 5), (5, 5))
    """

    mean: np.ndarray
    variance: np.ndarray

    def __repr__(self):
        from .._util import brief_repr

        return brief_repr(self)  # one line: a notebook cell ending in it does not print its arrays


def _as_tiling(t):
    return _validate.instance(
        t,
        "each sample",
        Tiling,
        hint="the sampler must return Tiling objects, as random_tiling does",
    )


def _same_region(region, other):
    if region is not None and not (other is region or other == region):
        raise DominoTilingError(
            "the samples tile different regions; these statistics need every sample to "
            "tile the same region (pass it with region=...)"
        )
    return other


def _statistics_arguments(sampler, seeds, progress, chunk_size, fewest, what):
    """The checked arguments of the statistics below; `fewest` seeds are needed."""
    sampler = _callable(sampler, "sampler")
    seeds = _seed_list(seeds)
    if len(seeds) < fewest:
        raise DominoTilingError(
            f"{what} needs at least {fewest} sample(s), got {len(seeds)} seed(s); pass more seeds"
        )
    return sampler, seeds, _validate.boolean(progress, "progress"), _chunk_size(chunk_size)


def _placement_task(seeds, payload, dropbox):
    from .._kernels.codec import add_placements

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


def placement_frequencies(sampler, seeds, *, client=None, progress=True, chunk_size=None, **kwargs):
    """How often each domino position is used in ``sampler(seed=s, **kwargs)`` over `seeds`.

    Parameters
    ----------
    sampler, seeds, client, progress, chunk_size, **kwargs
        As in :func:`~dominotiling.parallel.ensemble`; every sample must be a Tiling of the same region,
        and there must be at least one seed.

    Returns
    -------
    PlacementProbabilities
        Float arrays ``horizontal`` (shape ``(rows, cols - 1)``) and ``vertical``
        (``(rows - 1, cols)``) of frequencies, NaN where the two cells are not
        both in the region; compare with
        :func:`~dominotiling.counting.placement.placement_probabilities`.

    Raises
    ------
    DominoTilingError
        If the samples tile different regions, there are no seeds, or an
        argument is not valid (as in :func:`~dominotiling.parallel.ensemble`).
    DominoTypeError
        If the sampler returns something that is not a Tiling.

    See Also
    --------
    ensemble, placement_probabilities

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

    sampler, seeds, progress, chunk_size = _statistics_arguments(
        sampler, seeds, progress, chunk_size, 1, "placement_frequencies"
    )
    region = hsum = vsum = None
    total = 0
    with (
        _connect(client) as c,
        contextlib.closing(
            _each(c, _placement_task, seeds, (sampler, kwargs), progress, "placements", chunk_size)
        ) as pieces,
    ):
        for _, (reg, h, v, n) in pieces:
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


def height_fluctuations(
    sampler, seeds, *, client=None, progress=True, chunk_size=None, ddof=0, **kwargs
):
    """Mean and variance of Thurston's height function at every vertex, over an ensemble.

    Parameters
    ----------
    sampler, seeds, client, progress, chunk_size, **kwargs
        As in :func:`~dominotiling.parallel.ensemble`; every sample must be a complete Tiling of the same
        region without holes.
    ddof : int
        The variance divides by ``N - ddof`` for ``N`` samples (0: the sample's
        own variance, as :func:`numpy.var`; 1: the unbiased estimate); there must
        be more than `ddof` seeds.

    Returns
    -------
    HeightFluctuations
        ``(mean, variance)``, float arrays of shape ``(rows + 1, cols + 1)``, NaN at
        vertices that are no corner of a region cell. On the boundary the heights
        are the same for every tiling, so the variance there is 0.

    Raises
    ------
    DominoTilingError
        If the samples tile different regions, or a region with holes, or an
        argument is not valid (as in :func:`~dominotiling.parallel.ensemble`).

    See Also
    --------
    height_field, ensemble, HeightFluctuations

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

    ddof = _validate.nonnegative_int(ddof, "ddof")
    sampler, seeds, progress, chunk_size = _statistics_arguments(
        sampler, seeds, progress, chunk_size, ddof + 1, f"a variance with ddof={ddof}"
    )
    region = s1 = s2 = None
    total = top = 0
    with (
        _connect(client) as c,
        contextlib.closing(
            _each(c, _height_task, seeds, (sampler, kwargs), progress, "heights", chunk_size)
        ) as pieces,
    ):
        for _, (reg, a, b, n, t) in pieces:
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
