"""dominotiling: domino tilings for research and teaching.

Count the tilings of any region exactly, find one or the largest partial cover,
sample them uniformly, and draw them -- from a notebook or the ``dominotiling``
command.

Examples
--------
>>> from dominotiling import Region, count_tilings
>>> count_tilings(Region.rectangle(8, 8))
12988816
"""

# Ctrl-C while the command line is still importing the package: one line, not a traceback
from . import _compile_notice as _startup

_startup.quiet_interrupt_while_importing()

from . import _compile_notice, _moved, counting, tasks  # noqa: F401 -- the counting wing and the dispatch layer, loaded
from ._options import get_options, set_options
from .aztec.arctic import arctic_circle, aztec_types
from .aztec.shuffling import sample_aztec, shuffle_frames
from .aztec.t_embedding import t_embedding
from .aztec.weighted import aztec_edge_probabilities, aztec_partition_function, embed_in_aztec
from .counting.closed_forms import aztec_count, rectangle_count, strip_generating_function
from .counting.kasteleyn import kasteleyn_matrix
from .counting.monomer_dimer import count_monomer_dimer, random_monomer_dimer, sample_monomer_dimer
from .counting.pfaffian import count_perfect_matchings
from .errors import (
    DominoTilingError,
    DominoTypeError,
    FloatRangeError,
    NoTilingError,
    NotPlanarError,
    PrecisionError,
    RegionFormatError,
    TooLargeError,
    WeightError,
)
from .matching.color import color_dominoes, color_frames
from .matching.height import flip
from .matching.matchings import hall_violator, is_tileable, kuhn_frames, maximum_matching
from .model.frames import Frame
from .model.region import Region
from .model.tileable import make_tileable
from .model.tiling import Tiling
from .model.weights import Weights
from .parallel import ensemble, height_fluctuations, placement_frequencies, sweep
from .statistics import (
    aztec_boundary_fluctuations,
    double_dimer,
    expected_height,
    fluctuation_field,
    height_field,
    height_moments,
    height_variance,
    tracy_widom_pdf,
)
from .surfaces.flux import (
    count_by_flux,
    flux,
    random_tiling_sectors,
    sample_sector_cftp,
    sample_sectors,
    sector_cftp,
    sector_tiling,
)
from .surfaces.periodic import count_by_seam_parity
from .tasks import (
    cftp_sample,
    count_tilings,
    find_tiling,
    glauber,
    glauber_frames,
    log_count,
    max_cover,
    max_tiling,
    min_tiling,
    placement_probabilities,
    random_tiling,
    sample_cftp,
)
from .theory import (
    WeightPattern,
    amoeba,
    free_energy,
    gibbs_measure,
    limit_shape,
    phase_diagram,
    ronkin,
    spectral_curve,
    surface_tension,
)
from .trees.kirchhoff import count_spanning_trees, effective_resistance, laplacian
from .trees.temperley import temperley_graph, tiling_to_tree, tree_to_tiling
from .trees.wilson import uniform_spanning_tree, wilson_frames
from .viz.animate import (
    animate,
    animate_coloring,
    animate_glauber,
    animate_kuhn,
    animate_shuffling,
    animate_wilson,
)
from .viz.aztec_weights import draw_edge_probabilities
from .viz.draw import draw_placement, draw_region, draw_tiling
from .viz.export import height_mesh
from .viz.limit_shape import draw_limit_shape
from .viz.statistics import draw_double_dimer, draw_height_field, draw_tracy_widom
from .viz.t_embedding import draw_t_embedding, draw_t_surface
from .viz.theory import draw_amoeba, draw_phase_diagram, draw_surface_tension
from .viz.views import draw_aztec, draw_certificate

_compile_notice.install()
_moved.install()

__version__ = "0.1.0"


def __getattr__(name):
    # The game package stands apart: importing dominotiling does not load it.
    if name == "IllegalMoveError":
        from .games.errors import IllegalMoveError

        return IllegalMoveError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Region",
    "Tiling",
    "Weights",
    "count_tilings",
    "find_tiling",
    "max_cover",
    "random_tiling",
    "sample_aztec",
    "aztec_types",
    "arctic_circle",
    "sample_cftp",
    "glauber",
    "maximum_matching",
    "is_tileable",
    "make_tileable",
    "hall_violator",
    "kuhn_frames",
    "color_frames",
    "wilson_frames",
    "glauber_frames",
    "shuffle_frames",
    "aztec_partition_function",
    "aztec_edge_probabilities",
    "embed_in_aztec",
    "t_embedding",
    "double_dimer",
    "height_field",
    "fluctuation_field",
    "height_moments",
    "height_variance",
    "expected_height",
    "aztec_boundary_fluctuations",
    "tracy_widom_pdf",
    "flux",
    "count_by_flux",
    "sector_tiling",
    "sample_sector_cftp",
    "sample_sectors",
    "count_monomer_dimer",
    "sample_monomer_dimer",
    "count_by_seam_parity",
    "Frame",
    "color_dominoes",
    "count_spanning_trees",
    "effective_resistance",
    "laplacian",
    "uniform_spanning_tree",
    "temperley_graph",
    "tree_to_tiling",
    "tiling_to_tree",
    "kasteleyn_matrix",
    "log_count",
    "placement_probabilities",
    "count_perfect_matchings",
    "ensemble",
    "sweep",
    "placement_frequencies",
    "height_fluctuations",
    "min_tiling",
    "max_tiling",
    "flip",
    "rectangle_count",
    "aztec_count",
    "strip_generating_function",
    "draw_region",
    "draw_tiling",
    "draw_placement",
    "draw_certificate",
    "draw_aztec",
    "draw_t_embedding",
    "draw_t_surface",
    "draw_edge_probabilities",
    "draw_double_dimer",
    "draw_height_field",
    "draw_tracy_widom",
    "draw_amoeba",
    "draw_phase_diagram",
    "draw_surface_tension",
    "WeightPattern",
    "spectral_curve",
    "amoeba",
    "ronkin",
    "free_energy",
    "surface_tension",
    "gibbs_measure",
    "phase_diagram",
    "limit_shape",
    "draw_limit_shape",
    "height_mesh",
    "animate",
    "animate_kuhn",
    "animate_shuffling",
    "animate_coloring",
    "animate_wilson",
    "animate_glauber",
    "DominoTilingError",
    "RegionFormatError",
    "TooLargeError",
    "NotPlanarError",
    "IllegalMoveError",
    "DominoTypeError",
    "NoTilingError",
    "PrecisionError",
    "FloatRangeError",
    "WeightError",
    "set_options",
    "get_options",
    # the names of before, deprecated (each warns and calls its new name); gone next release
    "cftp_sample",
    "sector_cftp",
    "random_tiling_sectors",
    "random_monomer_dimer",
]

_startup.imported()  # the user's excepthook back
