"""Spanning trees: Kirchhoff's matrix-tree theorem and electrical networks.

- :func:`laplacian` -- the (weighted) Laplacian matrix of a graph, sparse.
- :func:`count_spanning_trees` -- exact numbers of spanning trees (Python ints, or
  ``Fraction`` for rational conductances) from one cofactor of the Laplacian.
- :func:`effective_resistance` -- Kirchhoff's circuit view: the resistance between
  two nodes, exact or in floats.

Uniformly random spanning trees (Wilson's algorithm) are in :mod:`dominotiling.trees.wilson`.

Examples
--------
>>> import networkx as nx
>>> from dominotiling.trees.kirchhoff import count_spanning_trees
>>> G = nx.Graph([(0, 1), (1, 2), (2, 0), (1, 3), (3, 4), (4, 2)])  # a triangle and a square
>>> count_spanning_trees(G)                                       # 3 * 4 - 1
11
>>> count_spanning_trees(nx.grid_2d_graph(4, 4))                  # exact, unlike floats
100352

References
----------
.. [1] G. Kirchhoff, "Ueber die Auflösung der Gleichungen, auf welche man bei der
   Untersuchung der linearen Vertheilung galvanischer Ströme geführt wird",
   Ann. Phys. Chem. 72 (1847), 497-508.
.. [2] P. G. Doyle and J. L. Snell, *Random Walks and Electric Networks*, MAA (1984).
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

import numpy as np

from .. import _validate
from .._options import check_memory, deprecated_limits
from .._util import keyword_only
from ..counting.determinants import det_exact, det_mod_primes
from ..errors import DominoTilingError

__all__ = [
    "laplacian",
    "count_spanning_trees",
    "effective_resistance",
    "EXACT_MAX_NODES",
]

#: Memory the exact determinant's bands may take (all threads together), in bytes.
__getattr__ = deprecated_limits(__name__, "MEMORY_LIMIT")
#: ``effective_resistance(method="auto")`` is exact up to this many nodes in the component.
EXACT_MAX_NODES = 500


# --------------------------------------------------------------------------- input
def _edges(G, weight, resistance=False):
    """``(nodes, i, j, w, kind)``: the non-loop edges as index arrays and conductances.

    ``w`` is a list of Python numbers; ``kind`` is ``"int"``, ``"fraction"`` or
    ``"float"`` (the type of the answers). With `resistance`, the attribute is a
    resistance, and ``w`` holds those resistances (zero ones rejected).
    """
    nodes = list(G)
    index = {v: k for k, v in enumerate(nodes)}
    i, j, w = [], [], []
    kind = "fraction" if resistance else "int"
    what = "resistance" if resistance else "weight (conductance)"
    for a, b, data in G.edges(data=True):
        if a == b:
            continue  # a loop is in no tree and carries no current
        x = 1 if weight is None else data.get(weight, 1)
        if isinstance(x, bool) or not isinstance(x, numbers.Real) or not x >= 0 or math.isinf(x):
            raise DominoTilingError(
                f"edge ({a!r}, {b!r}) has {what} {x!r}; it must be a finite number >= 0 "
                "(an int or Fraction for exact answers, a float for floats)"
            )
        if isinstance(x, numbers.Integral):
            x = int(x)
        elif isinstance(x, numbers.Rational):
            x = Fraction(x)
            kind = "fraction" if kind == "int" else kind
        else:
            x = float(x)
            kind = "float"
        if resistance:
            if x == 0:
                raise DominoTilingError(
                    f"edge ({a!r}, {b!r}) has resistance 0, a short circuit; merge its ends "
                    "(networkx.contracted_nodes) and ask again"
                )
        if x:
            i.append(index[a])
            j.append(index[b])
            w.append(x)
    return nodes, np.array(i, dtype=np.int64), np.array(j, dtype=np.int64), w, kind


def _components(n, i, j):
    """``(count, label)`` of the connected components of the graph with edges ``i -- j``."""
    from scipy import sparse
    from scipy.sparse.csgraph import connected_components

    adj = sparse.coo_matrix((np.ones(len(i), dtype=np.int8), (i, j)), shape=(n, n)).tocsr()
    return connected_components(adj, directed=False)


# --------------------------------------------------------------------------- Laplacians
@keyword_only("weight")
def laplacian(G, *, weight=None):
    """The Laplacian matrix ``L = D - A`` of a graph, as a scipy sparse CSR array.

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected. Rows and columns follow the order of ``list(G)``. Self-loops
        are ignored; parallel edges of a multigraph add their weights.
    weight : hashable, optional
        The edge attribute holding a non-negative weight (a conductance; missing
        means 1). ``None`` gives every edge weight 1.

    Returns
    -------
    scipy.sparse.csr_array
        ``L[u, u]`` is the weighted degree, ``L[u, v] = -w(u, v)``; int64 when all
        weights are integers (and the degrees stay below ``2**62``), else float64
        (rational weights rounded: :func:`count_spanning_trees` keeps them exact).

    Raises
    ------
    TypeError
        If `G` is not an undirected networkx graph.
    DominoTilingError
        If a weight is negative, infinite or not a number, or `G` has no nodes.

    See Also
    --------
    count_spanning_trees, effective_resistance

    Examples
    --------
    >>> import networkx as nx
    >>> laplacian(nx.path_graph(3)).toarray()
    array([[ 1, -1,  0],
           [-1,  2, -1],
           [ 0, -1,  1]])
    """
    from scipy import sparse

    _validate.graph(G)
    nodes, i, j, w, kind = _edges(G, weight)
    n = len(nodes)
    deg = [0] * n
    for a, b, x in zip(i.tolist(), j.tolist(), w):
        deg[a] += x
        deg[b] += x
    exact = kind == "int" and max(deg, default=0) < 2**62
    dtype = np.int64 if exact else np.float64
    vals = np.array(w, dtype=dtype) if exact else np.array([float(x) for x in w])
    d = np.array(deg if exact else [float(x) for x in deg], dtype=dtype)
    diag = np.arange(n)
    mat = sparse.coo_array(
        (np.concatenate([-vals, -vals, d]), (np.r_[i, j, diag], np.r_[j, i, diag])), shape=(n, n)
    )
    return mat.tocsr()


def _scaled(w, kind):
    """``(W, D)``: integer weights ``W = D * w`` with ``D`` the lcm of the denominators."""
    if kind == "int":
        return list(w), 1
    den = 1
    for x in w:
        den = math.lcm(den, x.denominator)
    return [int(x * den) for x in w], den


def _cofactor(n, i, j, W, removed=None):
    """``det L`` with the rows and columns in `removed` deleted; ``W``: Python-int weights.

    ``removed=None`` deletes one vertex of largest weighted degree (the
    tightest bound below).

    Vertices are put in reverse Cuthill-McKee order so the band is narrow. The
    answer counts weighted spanning forests with one tree per removed vertex,
    each rooted there, so it is at most ``prod`` of the kept weighted degrees
    (every kept vertex picks the edge towards its root): that bound fixes the
    number of primes.
    """
    from numba import get_num_threads
    from scipy import sparse
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    from .._exact import bandwidths, crt, small_primes_for_bits

    deg = [0] * n
    for a, b, x in zip(i.tolist(), j.tolist(), W):
        deg[a] += x
        deg[b] += x
    if removed is None:
        removed = [max(range(n), key=deg.__getitem__)]
    keep = np.ones(n, dtype=bool)
    keep[list(removed)] = False
    if any(deg[v] == 0 for v in np.flatnonzero(keep).tolist()):
        return 0
    adj = sparse.coo_matrix(
        (np.ones(2 * len(i), dtype=np.int8), (np.r_[i, j], np.r_[j, i])), shape=(n, n)
    )
    order = reverse_cuthill_mckee(adj.tocsr(), symmetric_mode=True)
    order = order[keep[order]]
    size = len(order)
    if size == 0:
        return 1
    pos = np.full(n, -1, dtype=np.int64)
    pos[order] = np.arange(size)
    both = keep[i] & keep[j]
    a, b = pos[i[both]], pos[j[both]]
    wk = [x for x, k in zip(W, both.tolist()) if k]
    vals = [-x for x in wk] * 2 + [deg[v] for v in order.tolist()]
    rows, cols = np.r_[a, b, np.arange(size)], np.r_[b, a, np.arange(size)]
    bound = sum(math.log2(deg[v]) for v in order.tolist()) + 1.0
    shape = (size, size)
    probe = sparse.coo_matrix((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=shape)
    kl, ku = bandwidths(probe)
    check_memory(
        get_num_threads() * size * (2 * kl + ku + 1) * 8,
        f"the exact cofactor of this {n}-vertex Laplacian (bands of width {max(kl, ku)} after "
        "reverse Cuthill-McKee)",
        "float edge weights for a float answer",
    )
    if max(deg) < 2**62:
        return det_exact(
            sparse.coo_matrix((np.array(vals, dtype=np.int64), (rows, cols)), shape=shape),
            log2_bound=bound,
        )
    primes = small_primes_for_bits(
        bound + 2.0
    )  # huge weights: reduce in Python, one prime at a time
    res = [
        int(
            det_mod_primes(
                sparse.coo_matrix(
                    (np.array([x % int(p) for x in vals], dtype=np.int64), (rows, cols)),
                    shape=shape,
                ),
                [p],
            )[0]
        )
        for p in primes
    ]
    return crt(res, primes)


def _float_cofactor_log(n, i, j, w, ground):
    """``log det`` of the float Laplacian without row and column `ground` (sparse LU)."""
    from scipy import sparse
    from scipy.sparse.linalg import splu

    keep = np.ones(n, dtype=bool)
    keep[ground] = False
    L = _float_laplacian(n, i, j, np.asarray(w, dtype=float))[keep][:, keep]
    if L.shape[0] == 0:
        return 0.0
    lu = splu(sparse.csc_matrix(L))
    return float(np.log(np.abs(lu.U.diagonal())).sum())


def _float_laplacian(n, i, j, w):
    """Float Laplacian (CSR) of ``n`` vertices with edges ``i -- j`` of weights ``w``."""
    from scipy import sparse

    deg = np.bincount(i, weights=w, minlength=n) + np.bincount(j, weights=w, minlength=n)
    diag = np.arange(n)
    return sparse.coo_matrix(
        (np.r_[-w, -w, deg], (np.r_[i, j, diag], np.r_[j, i, diag])), shape=(n, n)
    ).tocsr()


# --------------------------------------------------------------------------- counting
@keyword_only("weight")
def count_spanning_trees(G, *, weight=None):
    """Number of spanning trees of a graph, exactly (Kirchhoff's matrix-tree theorem).

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected, with at least one node. Self-loops are ignored; parallel edges
        of a multigraph are different edges (trees through either are counted).
    weight : hashable, optional
        The edge attribute holding a non-negative weight (a conductance; missing
        means 1). The result is then the sum over spanning trees of the product
        of their weights. ``None`` (the default) counts the trees.

    Returns
    -------
    int, fractions.Fraction or float
        A Python int for integer weights (and when counting), a ``Fraction`` when
        some weight is a ``Fraction``, a float when some weight is a float. Zero
        when `G` is not connected; 1 for a single node.

    Raises
    ------
    TypeError
        If `G` is not an undirected networkx graph.
    DominoTilingError
        If `G` has no nodes, or a weight is negative, infinite or not a number.
    TooLargeError
        If the exact banded determinant would not fit in the memory budget (``set_options``).

    See Also
    --------
    laplacian, uniform_spanning_tree, effective_resistance

    Notes
    -----
    **Theorem** (Kirchhoff 1847 [1]_). Deleting any one row and the same column
    of the Laplacian ``L = D - A`` leaves a matrix whose determinant is the
    (weighted) number of spanning trees. The deleted vertex is one of largest
    degree; the rest are put in reverse Cuthill-McKee order, so a grid-like
    graph of width ``w`` has a band of about ``w``, and the determinant is
    found exactly by banded elimination modulo primes below ``2**26`` and the
    Chinese remainder theorem (:func:`~dominotiling.counting.determinants.det_exact`), in
    ``O(n w**2)`` per prime. The number of primes follows from the bound
    ``tau <= prod_{v != r} deg(v)`` (orient each tree towards the deleted vertex
    ``r``: every other vertex picks its edge towards ``r``, an injection),
    weighted degrees for weights. Rational weights are scaled by the lcm ``D``
    of their denominators, and ``det(D L') / D**(n - 1)`` is returned. Float
    weights give ``exp`` of the log-determinant from a sparse LU factorisation.

    networkx's ``number_of_spanning_trees`` works in floats: it gives
    ``100351.99999999994`` for the 4 x 4 grid and ``inf`` for the 30 x 30 grid,
    whose 1 437-bit count this function returns exactly in a fraction of a second.

    References
    ----------
    .. [1] G. Kirchhoff, "Ueber die Auflösung der Gleichungen, auf welche man bei
       der Untersuchung der linearen Vertheilung galvanischer Ströme geführt
       wird", Ann. Phys. Chem. 72 (1847), 497-508.

    Examples
    --------
    >>> import networkx as nx
    >>> from fractions import Fraction
    >>> count_spanning_trees(nx.complete_graph(5))          # Cayley: 5**3
    125
    >>> G = nx.cycle_graph(3)
    >>> G[0][1]["c"] = Fraction(1, 2)
    >>> count_spanning_trees(G, weight="c")                 # 1/2 + 1/2 + 1
    Fraction(2, 1)
    >>> count_spanning_trees(nx.Graph([(0, 1), (2, 3)]))    # not connected
    0
    """
    _validate.graph(G)
    nodes, i, j, w, kind = _edges(G, weight)
    n = len(nodes)
    zero = {"int": 0, "fraction": Fraction(0), "float": 0.0}[kind]
    if n > 1 and _components(n, i, j)[0] > 1:
        return zero
    if n == 1:
        return zero + 1
    if kind == "float":
        deg = np.bincount(np.r_[i, j], minlength=n)
        return math.exp(_float_cofactor_log(n, i, j, w, int(np.argmax(deg))))
    W, den = _scaled(w, kind)
    value = _cofactor(n, i, j, W)
    return value if kind == "int" else Fraction(value, den ** (n - 1))


# --------------------------------------------------------------------------- resistance
@keyword_only("weight", "method")
def effective_resistance(G, u, v, *, weight="resistance", method="auto"):
    """The effective resistance between two nodes of an electrical network.

    Parameters
    ----------
    G : networkx.Graph or networkx.MultiGraph
        Undirected; each edge is a resistor. Self-loops are ignored; parallel
        edges are resistors in parallel.
    u, v : nodes of `G`
    weight : hashable, optional
        The edge attribute holding the resistance (> 0; missing means 1 ohm).
        ``None`` gives every edge 1 ohm.
    method : {"auto", "exact", "float"}
        ``"exact"``: a ``Fraction`` (float resistances are taken at their exact
        binary value); ``"float"``: a float; ``"auto"``: exact when every
        resistance is an int or Fraction and the component of `u` has at most
        :data:`EXACT_MAX_NODES` nodes, float otherwise.

    Returns
    -------
    fractions.Fraction or float
        ``0`` when ``u == v``.

    Raises
    ------
    TypeError
        If `G` is not an undirected networkx graph.
    DominoTilingError
        If `u` or `v` is not a node, they are not connected (the resistance would
        be infinite), a resistance is 0 or negative, or `method` is unknown.

    See Also
    --------
    laplacian, count_spanning_trees

    Notes
    -----
    With conductances ``c = 1/R``, let ``tau`` be the weighted number of
    spanning trees. Then (Kirchhoff [1]_; see [2]_)
    ``R(u, v) = tau(G / uv) / tau(G)``, where ``G / uv`` merges ``u`` and ``v``:
    ``tau(G / uv)`` is the cofactor of ``L`` with rows and columns ``u`` and
    ``v`` both deleted (weighted spanning forests of two trees, one holding
    ``u``, the other ``v``). The exact method computes both determinants as
    :func:`count_spanning_trees` does. The float method evaluates
    ``R = (e_u - e_v)^T L^+ (e_u - e_v)`` without forming the pseudo-inverse
    ``L^+``: grounding ``v`` (deleting its row and column) leaves a nonsingular
    ``L'``, and ``R = x_u`` where ``L' x = e_u`` (one sparse LU solve, fine for
    millions of nodes). Foster's theorem [3]_: ``sum_e R(e) / r_e = n - 1`` over
    the edges of a connected graph.

    References
    ----------
    .. [1] G. Kirchhoff, Ann. Phys. Chem. 72 (1847), 497-508.
    .. [2] P. G. Doyle and J. L. Snell, *Random Walks and Electric Networks*,
       MAA (1984).
    .. [3] R. M. Foster, "The average impedance of an electrical network",
       in *Contributions to Applied Mechanics* (Reissner Anniversary Volume),
       Edwards (1949), 333-340.

    Examples
    --------
    >>> import networkx as nx
    >>> effective_resistance(nx.cycle_graph(4), 0, 1)        # 1 ohm parallel to 3 ohms
    Fraction(3, 4)
    >>> round(effective_resistance(nx.cycle_graph(4), 0, 2, method="float"), 12)
    1.0
    """
    _validate.graph(G)
    for name, x in (("u", u), ("v", v)):
        if x not in G:
            raise DominoTilingError(f"{name} = {x!r} is not a node of the graph")
    if method not in ("auto", "exact", "float"):
        raise DominoTilingError(
            f"unknown method {method!r}; choose one of ['auto', 'exact', 'float']"
        )
    nodes, i, j, w, kind = _edges(G, weight, resistance=True)
    index = {x: k for k, x in enumerate(nodes)}
    _, label = _components(len(nodes), i, j)
    cu, cv = index[u], index[v]
    if label[cu] != label[cv]:
        raise DominoTilingError(
            f"{u!r} and {v!r} are not connected: the resistance between them is infinite"
        )
    comp = np.flatnonzero(label == label[cu])  # other components carry no current
    if method == "auto":
        method = "exact" if kind != "float" and len(comp) <= EXACT_MAX_NODES else "float"
    if cu == cv:
        return Fraction(0) if method == "exact" else 0.0
    new = np.full(len(nodes), -1, dtype=np.int64)
    new[comp] = np.arange(len(comp))
    sel = label[i] == label[cu]
    i, j, w = new[i[sel]], new[j[sel]], [x for x, k in zip(w, sel.tolist()) if k]
    n, cu, cv = len(comp), int(new[cu]), int(new[cv])
    if method == "float":
        from scipy.sparse.linalg import spsolve

        keep = np.ones(n, dtype=bool)
        keep[cv] = False
        L = _float_laplacian(n, i, j, 1.0 / np.array([float(x) for x in w]))[keep][:, keep]
        rhs = np.zeros(n - 1)
        at = cu - (cu > cv)
        rhs[at] = 1.0
        x = np.atleast_1d(spsolve(L.tocsc(), rhs))
        return float(x[at])
    W, den = _scaled([1 / Fraction(x) for x in w], "fraction")
    return Fraction(den * _cofactor(n, i, j, W, [cu, cv]), _cofactor(n, i, j, W, [cv]))
