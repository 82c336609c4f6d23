"""Glued sides and holes: tori and cylinders (counts, log-counts, samples, counts by
seam crossings) and the flux sectors of regions with holes.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.torus(4, 4))
272
"""

from .flux import (
    count_by_flux,
    flux,
    random_tiling_sectors,
    sample_sector_cftp,
    sample_sectors,
    sector_cftp,
    sector_tiling,
)
from .periodic import (  # the old dominotiling.surfaces module's names, kept at its path
    MAX_TRACE_WIDTH,  # noqa: F401 -- re-exported at the wing's old path
    MAX_WIDTH,  # noqa: F401 -- re-exported at the wing's old path
    count_by_seam_parity,
    count_surface,  # noqa: F401 -- re-exported at the wing's old path
    log2_count_bound,  # noqa: F401 -- re-exported at the wing's old path
    log_count_surface,  # noqa: F401 -- re-exported at the wing's old path
    surface_method,  # noqa: F401 -- re-exported at the wing's old path
)
from .sampling import sample_surface  # noqa: F401 -- re-exported at the wing's old path

__all__ = [
    "count_by_flux",
    "flux",
    "sample_sectors",
    "sample_sector_cftp",
    "sector_tiling",
    "random_tiling_sectors",  # deprecated names, for one release
    "sector_cftp",
    "count_by_seam_parity",
]
