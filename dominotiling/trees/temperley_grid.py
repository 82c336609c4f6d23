"""Temperley's bijection on the grid: spanning trees of the m x n grid as domino tilings.

Put vertex ``(i, j)`` of the ``m x n`` grid graph on cell ``(2i, 2j)`` of the
``(2m-1) x (2n-1)`` board, each edge on the cell between its ends, and each inner
face on the cell ``(2i+1, 2j+1)`` at its centre. Then Temperley's graph ``H``
without the root ``(0, 0)`` and the outer face (which has no cell) is the board
without its corner cell ``(0, 0)``, and a domino is a vertex (or face) matched to
the edge towards the root (or towards the outer face, in the dual tree). So the
tilings of that board are the spanning trees of the grid; for example 192 for the
3 x 3 grid and the 5 x 5 board. The general construction is in :mod:`dominotiling.trees.temperley`,
which re-exports everything here.

Examples
--------
>>> import numpy as np
>>> from dominotiling.trees.temperley_grid import tree_to_tiling, tiling_to_tree
>>> parent = np.array([-1, 0, 1, 0, 3, 4])    # 2 x 3 grid: top row, (1,0) under the root, bottom row
>>> t = tree_to_tiling(parent, shape=(2, 3))
>>> t.labels
array([[-1,  0,  0,  1,  1],
       [ 2,  3,  3,  4,  4],
       [ 2,  5,  5,  6,  6]], dtype=int32)
>>> tiling_to_tree(t, as_parent=True).tolist()
[-1, 0, 1, 0, 3, 4]
"""

from __future__ import annotations

import numpy as np

from .. import _validate
from .._options import check_memory
from .._util import keyword_only
from ..errors import DominoTilingError
from ..model.region import Region
from ..model.tiling import Tiling

__all__ = [
    "temperley_region",
    "temperley_shape",
    "tree_to_tiling",
    "tiling_to_tree",
    "sample_temperley",
]


def temperley_region(m, n):
    """The ``(2m-1) x (2n-1)`` board without its corner cell ``(0, 0)``.

    Its tilings are in bijection with the spanning trees of the ``m x n`` grid.

    Examples
    --------
    >>> print("\\n".join(temperley_region(2, 3).to_strings()))
    #....
    .....
    .....
    """
    m, n = _dims((m, n))
    rows, cols = 2 * m - 1, 2 * n - 1
    check_memory(
        3 * rows * cols,
        f"the {rows} x {cols} Temperley board (its mask, kept and copied)",
        "a smaller grid",
    )
    mask = np.ones((rows, cols), dtype=bool)
    mask[0, 0] = False
    return Region(mask)


def temperley_shape(region):
    """``(m, n)`` when `region` is :func:`temperley_region` ``(m, n)``, else None.

    Examples
    --------
    >>> temperley_shape(temperley_region(3, 4)), temperley_shape(Region.rectangle(5, 7))
    ((3, 4), None)
    """
    rows, cols = region.shape
    if rows % 2 == 0 or cols % 2 == 0 or region.n_cells != rows * cols - 1 or region.mask[0, 0]:
        return None
    return (rows + 1) // 2, (cols + 1) // 2


@keyword_only("seed")
def sample_temperley(region, *, seed=None):
    """A uniformly random tiling of a Temperley board, through a uniform spanning tree.

    Parameters
    ----------
    region : Region
        The ``(2m-1) x (2n-1)`` board without its corner cell ``(0, 0)``
        (:func:`temperley_region`).
    seed : None, int or numpy.random.Generator

    Returns
    -------
    Tiling

    Raises
    ------
    DominoTilingError
        If `region` is not such a board.

    Notes
    -----
    Wilson's algorithm draws a uniform spanning tree of the ``m x n`` grid
    (:func:`dominotiling.trees.wilson.uniform_spanning_tree`, on arrays); Temperley's
    bijection turns it into a tiling. A bijection maps the uniform distribution
    to the uniform distribution, so the tiling is exactly uniform. Cost: the
    walks' cover time, about ``m n log(m n)`` steps, and ``O(m n)`` for the
    bijection -- boards of millions of cells take seconds.

    Examples
    --------
    >>> t = sample_temperley(temperley_region(3, 3), seed=1)
    >>> t.is_complete, t.n_dominoes
    (True, 12)
    """
    if not isinstance(region, Region):
        region = None  # refused below, as any region that is not a Temperley board
    return sample_checked(region, _validate.seed(seed))


def sample_checked(region, rng):
    """:func:`sample_temperley` on checked arguments (a Region or None, a Generator): ``random_tiling``'s route."""
    from .wilson import uniform_spanning_tree

    shape = temperley_shape(region) if region is not None else None
    if shape is None:
        raise DominoTilingError(
            "method 'temperley' samples the (2m-1) x (2n-1) board without its corner cell "
            "(0, 0) (temperley_region(m, n)); this region is not one"
        )
    parent = uniform_spanning_tree(shape, seed=rng, root=(0, 0))
    return tree_to_tiling(parent, shape=shape)


def _dims(shape):
    return _validate.shape(shape, "the grid's shape (m, n)")


def _parent_from_graph(tree, shape):
    import networkx as nx

    nodes = list(tree.nodes)
    try:
        ij = np.array(nodes, dtype=np.int64).reshape(len(nodes), 2)
    except (TypeError, ValueError):
        raise DominoTilingError(
            "the tree's nodes must be grid vertices (i, j), as in nx.grid_2d_graph"
        ) from None
    if shape is None:
        shape = tuple(ij.max(axis=0) + 1) if len(nodes) else (0, 0)
    m, n = _dims(shape)
    big = m * n
    distinct = len(set(map(tuple, ij.tolist())))
    if len(nodes) != big or (ij < 0).any() or (ij >= (m, n)).any() or distinct != big:
        raise DominoTilingError(
            f"the tree must have exactly the {m} x {n} grid's vertices (i, j) as nodes"
        )
    if tree.number_of_edges() != big - 1:
        raise DominoTilingError(
            f"not a spanning tree: {tree.number_of_edges()} edges on {big} vertices (a tree has {big - 1})"
        )
    parent = np.full(big, -2, dtype=np.int64)
    parent[0] = -1
    node0 = next(v for v in nodes if tuple(v) == (0, 0))
    for child, par in nx.bfs_predecessors(tree, node0):
        parent[child[0] * n + child[1]] = par[0] * n + par[1]
    if (parent == -2).any():
        raise DominoTilingError("not a spanning tree: the tree is not connected")
    return parent, (m, n)


@keyword_only("shape")
def tree_to_tiling(tree, *, shape=None):
    """The domino tiling of ``temperley_region(m, n)`` of a spanning tree of the ``m x n`` grid.

    Parameters
    ----------
    tree : networkx.Graph or array_like of int
        A spanning tree of ``networkx.grid_2d_graph(m, n)`` (nodes ``(i, j)``), or
        a parent array: ``parent[i * n + j]`` the index of the parent of ``(i, j)``,
        ``-1`` at the root (any vertex; the tree is re-rooted at ``(0, 0)``). A 2-D
        parent array of shape ``(m, n)`` is read row by row.
    shape : (int, int), optional
        ``(m, n)``; needed for a 1-D parent array, inferred from the nodes otherwise.

    Returns
    -------
    Tiling
        Complete, of ``temperley_region(m, n)``.

    Raises
    ------
    DominoTilingError
        If `tree` is not a spanning tree of the grid (the message says why).

    See Also
    --------
    tiling_to_tree, uniform_spanning_tree

    Notes
    -----
    Vertex ``v != (0, 0)`` takes the domino of its cell and the edge cell towards
    its parent. The dual tree is found by a breadth-first search from the outer
    face through the edge cells no vertex took, each face taking the edge cell it
    was reached through; a cycle of the primal tree shows as a face never reached
    or an edge cell left over. The parent-array path is a numba kernel, ``O(mn)``
    time and ``4mn`` int32 labels of memory: for the 1000 x 1000 grid the kernel
    takes about 30 ms and building the Tiling (its label renumbering) about 0.5 s
    in all; a networkx tree is first turned into a parent array by a BFS
    (``O(mn)``, pure Python).

    Examples
    --------
    >>> import networkx as nx
    >>> comb = nx.Graph([((i, 0), (i + 1, 0)) for i in range(2)] + [((i, 0), (i, 1)) for i in range(3)])
    >>> print(tree_to_tiling(comb).labels)
    [[-1  0  0]
     [ 1  2  2]
     [ 1  3  3]
     [ 4  5  5]
     [ 4  6  6]]
    """
    import networkx as nx

    from .._kernels import temperley as kern

    if isinstance(tree, nx.Graph):
        parent, (m, n) = _parent_from_graph(tree, shape)
    else:
        arr = np.asarray(tree)
        if arr.dtype.kind not in "iu":
            raise DominoTilingError(f"a parent array must hold integers, got dtype {arr.dtype}")
        if arr.ndim == 2 and shape is None:
            shape = arr.shape
        if shape is None or arr.ndim not in (1, 2):
            raise DominoTilingError(
                "pass shape=(m, n) with a 1-D parent array (vertex (i, j) is i * n + j)"
            )
        m, n = _dims(shape)
        if arr.size != m * n:
            raise DominoTilingError(
                f"the parent array has {arr.size} entries but the {m} x {n} grid has {m * n}"
            )
        parent = np.ascontiguousarray(arr.ravel(), dtype=np.int64)
    labels, status, info = kern.tree_to_tiling(parent, m, n)
    if status != kern.OK:
        raise DominoTilingError(_explain(status, int(info), parent, n, 2 * n - 1))
    return Tiling(temperley_region(m, n), labels, validate=False)


def _explain(status, info, parent, n, cols):
    from .._kernels import temperley as kern

    if status == kern.BAD_PARENT:
        v, p = divmod(info, n), int(parent[info])
        return (
            f"vertex {v} has parent {p}, which is not one of its grid neighbours "
            "(give parents as indices i * n + j, and -1 at the root)"
        )
    if status == kern.ROOTS:
        return f"a parent array needs exactly one root (parent -1), this one has {info}"
    if status == kern.CYCLE:
        return "not a spanning tree: following parents from (0, 0) never reaches the root (a cycle)"
    if status == kern.DOUBLE_EDGE:
        return f"not a spanning tree: vertex {divmod(info, n)} and its parent point to each other"
    return f"not a spanning tree: it has a cycle (the tiling leaves cell {divmod(info, cols)} uncovered)"


def _board_dims(tiling):
    if not isinstance(tiling, Tiling):
        _validate.tiling(tiling)
    rows, cols = tiling.region.shape
    if (
        rows % 2 == 0
        or cols % 2 == 0
        or tiling.region != temperley_region((rows + 1) // 2, (cols + 1) // 2)
    ):
        raise DominoTilingError(
            f"the tiling's region is not a Temperley board: expected an odd x odd board without "
            f"its corner cell (0, 0), i.e. temperley_region(m, n), got shape {(rows, cols)}"
        )
    if not tiling.is_complete:
        raise DominoTilingError(
            f"the tiling leaves {tiling.n_uncovered} cells uncovered; it must be complete"
        )
    return (rows + 1) // 2, (cols + 1) // 2


def _split(tiling):
    """``(node, edge)`` cells of every domino: the black cell (a vertex or face) and the edge cell."""
    d = tiling.dominoes.astype(np.int64)
    first_black = (d[:, 0].sum(axis=1) % 2) == 0
    node = np.where(first_black[:, None], d[:, 0], d[:, 1])
    edge = np.where(first_black[:, None], d[:, 1], d[:, 0])
    return node, edge


@keyword_only("as_parent")
def tiling_to_tree(tiling, *, as_parent=False):
    """The grid's spanning tree of a tiling of ``temperley_region(m, n)``; inverts :func:`tree_to_tiling`.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of ``temperley_region(m, n)``.
    as_parent : bool, default False
        Return a parent array (rooted at ``(0, 0)``, vertex ``(i, j)`` at index
        ``i * n + j``) instead of a networkx Graph.

    Returns
    -------
    networkx.Graph or numpy.ndarray of int64
        The tree on nodes ``(i, j)``, or its parent array.

    Raises
    ------
    DominoTilingError
        If the region is not a Temperley board or the tiling is not complete.

    See Also
    --------
    tree_to_tiling, temperley_graph, uniform_spanning_tree

    Notes
    -----
    The domino on vertex cell ``(2i, 2j)`` covers the edge cell ``c`` towards the
    parent, whose cell is ``2c - (2i, 2j)``. Every tiling gives a spanning tree
    (Temperley). Vectorised, ``O(mn log mn)`` (the sort in ``Tiling.dominoes``).

    Examples
    --------
    >>> import networkx as nx
    >>> from dominotiling import find_tiling
    >>> tree = tiling_to_tree(find_tiling(temperley_region(3, 3)))
    >>> nx.is_tree(tree), sorted(tree.nodes) == sorted(nx.grid_2d_graph(3, 3).nodes)
    (True, True)
    """
    m, n = _board_dims(tiling)
    node, edge = _split(tiling)
    vert = (node[:, 0] % 2) == 0
    v = node[vert] // 2
    p = (2 * edge[vert] - node[vert]) // 2
    parent = np.full(m * n, -1, dtype=np.int64)
    parent[v[:, 0] * n + v[:, 1]] = p[:, 0] * n + p[:, 1]
    if as_parent:
        return parent
    import networkx as nx

    tree = nx.Graph()
    tree.add_nodes_from((i, j) for i in range(m) for j in range(n))
    tree.add_edges_from(zip(map(tuple, v.tolist()), map(tuple, p.tolist())))
    return tree


def __getattr__(name):
    # names that moved out of this module still answer, with a warning (dominotiling._moved)
    from .. import _moved

    return _moved.attribute(__name__, name)
