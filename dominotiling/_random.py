"""One place that turns a user's ``seed`` into a numpy Generator."""

import numpy as np

__all__ = ["as_generator"]


def as_generator(seed):
    """``numpy.random.Generator`` from ``None``, an int, or a Generator (returned as is).

    numpy's default generator (PCG64) gives the same stream for the same seed on
    every machine and numpy version that supports it.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None or (isinstance(seed, (int, np.integer)) and not isinstance(seed, bool)):
        if seed is not None and seed < 0:
            raise ValueError(f"seed must be a non-negative integer, got {seed}")
        return np.random.default_rng(seed)
    raise TypeError(f"seed must be None, an int or a numpy.random.Generator, got {type(seed).__name__}")
