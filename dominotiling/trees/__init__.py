"""Spanning trees and their bridge to tilings: Kirchhoff's matrix-tree theorem, Wilson's
algorithm, Temperley's bijection (any planar graph, and the grid's fast route).

Examples
--------
>>> import networkx as nx
>>> from dominotiling.trees import count_spanning_trees
>>> count_spanning_trees(nx.grid_2d_graph(3, 3))
192
"""

from .kirchhoff import EXACT_MAX_NODES, count_spanning_trees, effective_resistance, laplacian  # noqa: F401 -- re-exported at the wing's old path
from .temperley import temperley_graph, tiling_to_tree, tree_to_tiling
from .wilson import uniform_spanning_tree, wilson_frames

__all__ = [
    "count_spanning_trees",
    "effective_resistance",
    "laplacian",
    "temperley_graph",
    "tiling_to_tree",
    "tree_to_tiling",
    "uniform_spanning_tree",
    "wilson_frames",
]
