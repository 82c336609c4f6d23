"""Private: the checks that every public function of :mod:`dominotiling.parallel` makes first.

Seeds (each through :func:`dominotiling._validate.seed`, and no Generator
twice), ``chunk_size``, callables, and the memory that an ensemble's results
will take, estimated before it starts against the one budget
(:func:`dominotiling._options.check_memory`).
"""

from __future__ import annotations

import functools
import math
import numbers
from collections.abc import Callable, Iterable

import numpy as np

from .. import _options, _validate
from ..aztec.shuffling import sample_aztec
from ..errors import DominoTilingError, DominoTypeError
from ..model.region import Region
from ..model.tiling import Tiling

#: Bytes a seed takes in the list a call makes of the seeds (a pointer and a small int).
_SEED_BYTES = 40
#: Bytes of a returned Tiling beyond its int32 labels (the object and the array's header).
_TILING_OVERHEAD = 400
#: Bytes of a returned array beyond its data.
_ARRAY_OVERHEAD = 112

_ALTERNATIVE = (
    "placement_frequencies() or height_fluctuations(), which sum statistics on the "
    "workers and keep no tiling, or ensemble() over fewer seeds at a time"
)


def _callable(fn, name):
    """`fn` if it can be called."""
    return _validate.instance(
        fn, name, Callable, hint="pass a function, such as random_tiling or sample_aztec"
    )


def _iterable(value, name, what):
    """`value` if it is an iterable other than a string."""
    if isinstance(value, (str, bytes)):
        raise DominoTypeError(f"{name} must be {what}, got the string {value!r}")
    return _validate.instance(value, name, Iterable, hint=f"pass {what}")


def _chunk_size(chunk_size):
    """None (automatic), or a positive int: the same rule serially and on a cluster."""
    return None if chunk_size is None else _validate.positive_int(chunk_size, "chunk_size")


def _seed_list(seeds):
    """`seeds` as a list, each checked as :func:`_validate.seed` would; a Generator given twice is refused.

    A Generator is stateful: the serial loop would advance it from one sample to
    the next, but on a cluster every task gets its own copy in the same state,
    so the samples drawn from the copies would repeat.
    """
    if isinstance(seeds, np.random.Generator):
        raise DominoTypeError(
            "seeds must be an iterable of seeds, one per sample, got one numpy.random.Generator; "
            "for n independent samples from it pass rng.spawn(n)"
        )
    seeds = _iterable(seeds, "seeds", "an iterable of seeds, one per sample (e.g. range(100))")
    if hasattr(seeds, "__len__"):  # range(10**12) is refused before it is listed
        _options.check_memory(
            len(seeds) * _SEED_BYTES, f"the list of {len(seeds)} seeds", "fewer seeds per call"
        )
    seeds = list(seeds)
    first = {}
    for i, s in enumerate(seeds):
        if isinstance(s, (int, np.integer)) and not isinstance(s, (bool, np.bool_)) and s >= 0:
            continue  # what _validate.seed accepts most often, without making a generator
        _validate.seed(s, f"seeds[{i}]")
        if isinstance(s, np.random.Generator):
            j = first.setdefault(id(s), i)
            if j != i:
                raise DominoTilingError(
                    f"seeds[{j}] and seeds[{i}] are the same numpy.random.Generator: on a "
                    "cluster every copy of it starts from the same state and gives the same "
                    "sample (and serially each sample would depend on the ones before). Pass "
                    "ints (e.g. range(n)), SeedSequences (numpy.random.SeedSequence(entropy)"
                    ".spawn(n)) or distinct generators (rng.spawn(n))"
                )
    return seeds


def _sample_bytes(sampler, kwargs):
    """Bytes of one tiling that ``sampler(seed=s, **kwargs)`` returns, when its arguments tell; else None.

    They tell when a keyword argument is a Region or a Tiling (``region=``,
    ``tiling=``: the sample has its shape), or for ``sample_aztec(n=...)``.
    """
    while isinstance(sampler, functools.partial):
        kwargs = {**sampler.keywords, **kwargs}
        sampler = sampler.func
    shape = None
    for value in kwargs.values():
        if isinstance(value, (Region, Tiling)):
            shape = value.shape if isinstance(value, Region) else value.region.shape
            break
    else:
        n = kwargs.get("n")
        if (
            sampler is sample_aztec
            and isinstance(n, numbers.Integral)
            and not isinstance(n, bool)
            and n > 0
        ):
            shape = (2 * int(n), 2 * int(n))
    if shape is None:
        return None
    return 4 * math.prod(shape) + _TILING_OVERHEAD


def _result_bytes(result):
    """Bytes of one result already drawn, when it is a Tiling or an array; else None."""
    if isinstance(result, Tiling):
        return result.labels.nbytes + _TILING_OVERHEAD
    if isinstance(result, np.ndarray):
        return result.nbytes + _ARRAY_OVERHEAD
    return None


def _check_results(n, each):
    """Refuse `n` results of `each` bytes (None: not known) over the memory budget."""
    if each is not None:
        _options.check_memory(
            n * each,
            f"the {n} results that ensemble() would return ({_options.format_bytes(each)} each)",
            _ALTERNATIVE,
        )


def _check_first(n, result):
    """Refuse `n` results like `result` (the first drawn) over the memory budget."""
    _check_results(n, _result_bytes(result))


def _checked_pieces(pieces, n):
    """The ``(positions, packed)`` pieces of an ensemble, its size checked on the first result."""
    checked = False
    for positions, packed in pieces:
        if not checked:
            if packed[0] in ("shared", "tilings"):
                checked = True
                _check_results(n, 4 * math.prod(packed[1].shape) + _TILING_OVERHEAD)
            elif packed[1]:
                checked = True
                _check_first(n, packed[1][0])
        yield positions, packed
