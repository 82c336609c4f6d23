"""The Aztec diamond: domino shuffling (uniform, periodic, any weights), urban renewal
and the exact partition function, edge probabilities, other regions embedded through
zero weights, the arctic circle, and perfect t-embeddings with their origami maps.

Examples
--------
>>> from dominotiling.aztec import sample_aztec
>>> sample_aztec(3, seed=1).region.color_counts()
(12, 12)
"""

from .arctic import arctic_circle, aztec_types
from .shuffling import MAX_FRAMES_ORDER, aztec_order, sample_aztec, sample_shuffling, shuffle_frames  # noqa: F401 -- re-exported at the wing's old path
from .t_embedding import TEmbedding, t_embedding
from .t_limit import uniform_t_limit
from .weighted import aztec_edge_probabilities, aztec_partition_function, embed_in_aztec

__all__ = [
    "arctic_circle",
    "aztec_types",
    "aztec_order",
    "sample_aztec",
    "sample_shuffling",
    "shuffle_frames",
    "aztec_edge_probabilities",
    "aztec_partition_function",
    "embed_in_aztec",
    "t_embedding",
    "TEmbedding",
    "uniform_t_limit",
]
