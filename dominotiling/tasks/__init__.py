"""The dispatch layer: one front door per task, each over one table of method records.

The tasks that several wings serve -- :func:`count_tilings`, :func:`log_count`,
:func:`random_tiling`, :func:`find_tiling`, :func:`max_cover`, :func:`placement_probabilities`
-- each validate their arguments once, then read one table of
:class:`~dominotiling.tasks.records.MethodRecord` (:data:`COUNT`, :data:`LOG_COUNT`,
:data:`SAMPLE`, :data:`FIND`, :data:`PLACEMENT`): a record names a
method, the checked callable of the wing that implements it, the weight kinds,
surfaces, holes and sizes it takes, its measured cost model and whether it is exact.
``method="auto"`` runs the cheapest record that serves; a named method that does not
serve is refused with the records that would. Adding a method is adding one record.
The doors with a ``flux=`` -- :func:`min_tiling`, :func:`max_tiling`, :func:`glauber`,
:func:`glauber_frames`, :func:`sample_cftp` -- live here too (:mod:`dominotiling.tasks.extremes`, :mod:`dominotiling.tasks.sectors`): a region with
holes sends them to the surfaces wing's flux sectors, any other region to the matching
or the sampling wing.

Examples
--------
>>> from dominotiling import Region
>>> [r.name for r in SAMPLE if not r.holes]
['embedding', 'cftp']
>>> count_tilings(Region.rectangle(4, 4), method="kasteleyn")
36
"""

from __future__ import annotations

from .count import COUNT, LOG_COUNT, count_tilings, log_count
from .extremes import max_tiling, min_tiling
from .find import FIND, choose_finder, find_tiling, max_cover
from .placement import PLACEMENT, choose_placement, placement_probabilities
from .records import MethodRecord
from .sample import SAMPLE, choose_sampler, random_tiling
from .sectors import cftp_sample, glauber, glauber_frames, sample_cftp

__all__ = [
    "count_tilings",
    "log_count",
    "random_tiling",
    "find_tiling",
    "max_cover",
    "placement_probabilities",
    "min_tiling",
    "max_tiling",
    "glauber",
    "glauber_frames",
    "sample_cftp",
    "cftp_sample",
    "choose_sampler",
    "choose_finder",
    "choose_placement",
    "MethodRecord",
    "COUNT",
    "LOG_COUNT",
    "SAMPLE",
    "FIND",
    "PLACEMENT",
]
