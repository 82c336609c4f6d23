"""Small private helpers shared by the front doors."""

import numpy as np

from . import _validate
from .errors import DominoTilingError, DominoTypeError

__all__ = ["pick_method", "check_graph", "frozen"]


def pick_method(methods, method, auto):
    """The function registered under `method` in `methods` (``"auto"`` means `auto`)."""
    name = auto if method == "auto" else method
    try:
        return methods[name]
    except (KeyError, TypeError):
        raise DominoTilingError(f"unknown method {method!r}; choose one of {['auto', *methods]}") from None


def check_graph(G):
    """Raise unless `G` is a non-empty undirected networkx graph."""
    import networkx as nx

    _validate.instance(G, "G", nx.Graph, "build one with networkx, e.g. networkx.grid_2d_graph(5, 5)")
    if G.is_directed():
        raise DominoTypeError("expected an undirected graph, got a directed one: pass G.to_undirected()")
    if G.number_of_nodes() == 0:
        raise DominoTilingError("the graph has no nodes; spanning trees need at least one")


def frozen(array):
    """A read-only view of `array` that can never be made writeable again (no copy if contiguous).

    The view reads through a read-only ``memoryview``, so
    ``setflags(write=True)`` raises on it and on its base. Used for the arrays
    that make regions and tilings immutable in fact.
    """
    arr = np.ascontiguousarray(array)
    if arr.size == 0:
        out = np.zeros(arr.shape, dtype=arr.dtype)
        out.setflags(write=False)  # an empty array has nothing to change
        return out
    view = np.frombuffer(memoryview(arr).toreadonly(), dtype=arr.dtype).reshape(arr.shape)
    return view
