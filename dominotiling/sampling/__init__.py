"""The sampling wing: the Kasteleyn sampler, coupling from the past and Glauber, and their measured costs.

The front door :func:`~dominotiling.random_tiling` lives in the dispatch layer above the
wings (:mod:`dominotiling.tasks.sample`): its records run the samplers of this wing and
of its neighbours (the profile DP, shuffling, Temperley, flux sectors) by their checked
routes, and read :mod:`dominotiling.sampling.cost`. ``dominotiling.sampling.random_tiling``
and ``choose_sampler`` still answer here, the same objects; so do ``glauber``,
``glauber_frames`` and ``sample_cftp`` (and its old name ``cftp_sample``), whose ``flux=``
reaches the surfaces wing (their doors: :mod:`dominotiling.tasks.sectors`).

Examples
--------
>>> from dominotiling import Region
>>> from dominotiling.sampling import cost
>>> cost.cheapest(Region.rectangle(300, 300), ("transfer", "kasteleyn", "cftp"))
'kasteleyn'
"""

from __future__ import annotations

import importlib

from ..counting.transfer import MAX_WIDTH, sample_transfer  # noqa: F401 -- re-exported at the wing's old path

__all__ = [
    "random_tiling",
    "choose_sampler",
    "glauber",
    "glauber_frames",
    "sample_cftp",
    "cftp_sample",
]


def __getattr__(name):
    # the front door lives in the dispatch layer above; its old home answers with the same objects
    if name in ("random_tiling", "choose_sampler", "SAMPLE", "WEIGHTED_METHODS"):
        return getattr(importlib.import_module("dominotiling.tasks.sample"), name)
    if name in ("glauber", "glauber_frames", "sample_cftp", "cftp_sample"):
        return getattr(importlib.import_module("dominotiling.tasks.sectors"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
