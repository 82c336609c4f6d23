"""Glued sides and holes: tori and cylinders (counts, log-counts, samples, counts by
seam crossings) and the flux sectors of regions with holes.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.torus(4, 4))
272
"""

from .flux import count_by_flux, flux, random_tiling_sectors, sector_cftp, sector_tiling
from .periodic import (  # the old dominotiling.surfaces module's names, kept at its path
    MAX_TRACE_WIDTH,
    MAX_WIDTH,
    count_by_seam_parity,
    count_surface,
    log2_count_bound,
    log_count_surface,
    surface_method,
)
from .sampling import sample_surface

__all__ = [
    "count_by_flux",
    "flux",
    "random_tiling_sectors",
    "sector_cftp",
    "sector_tiling",
    "count_by_seam_parity",
]
