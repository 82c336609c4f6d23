"""The matching wing: maximum matchings, tileability and Hall certificates, heights, colourings.

The finding doors :func:`~dominotiling.find_tiling` and :func:`~dominotiling.max_cover`
live in the dispatch layer above the wings (:mod:`dominotiling.tasks.find`): its records
run this wing's maximum matching and the counting wing's maximum-cover DP by their checked
routes. ``dominotiling.matching.find_tiling``, ``max_cover`` and ``choose_finder`` still
answer here, the same objects; so do ``min_tiling`` and ``max_tiling``, whose ``flux=``
reaches the surfaces wing (their doors: :mod:`dominotiling.tasks.extremes`).

Examples
--------
>>> from dominotiling import Region
>>> maximum_matching(Region.rectangle(3, 3)).n_uncovered
1
>>> is_tileable(Region.rectangle(2, 3))
True
"""

from __future__ import annotations

import importlib

from .matchings import (  # the old dominotiling.matching module's names, kept at its path
    ALGORITHMS,  # noqa: F401 -- re-exported at the wing's old path
    FRAMES_MAX_CELLS,  # noqa: F401 -- re-exported at the wing's old path
    KuhnFrame,  # noqa: F401 -- re-exported at the wing's old path
    hall_neighbourhood,  # noqa: F401 -- re-exported at the wing's old path
    hall_violator,  # noqa: F401 -- re-exported at the wing's old path
    is_tileable,  # noqa: F401 -- re-exported at the wing's old path
    kuhn_frames,  # noqa: F401 -- re-exported at the wing's old path
    maximum_matching,  # noqa: F401 -- re-exported at the wing's old path
)

__all__ = ["find_tiling", "max_cover", "min_tiling", "max_tiling", "choose_finder", "DP_AUTO_WIDTH"]


def __getattr__(name):
    # the finding doors live in the dispatch layer above; their old home answers with the same objects
    if name in ("find_tiling", "max_cover", "choose_finder", "DP_AUTO_WIDTH", "FIND"):
        return getattr(importlib.import_module("dominotiling.tasks.find"), name)
    if name in ("min_tiling", "max_tiling"):
        return getattr(importlib.import_module("dominotiling.tasks.extremes"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
