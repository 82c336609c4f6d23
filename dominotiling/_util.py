"""Small private helpers shared by the front doors."""

from .errors import DominoTilingError


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

    if not isinstance(G, nx.Graph):
        raise TypeError(f"expected a networkx graph, got {type(G).__name__}")
    if G.is_directed():
        raise TypeError("expected an undirected graph, got a directed one: pass G.to_undirected()")
    if G.number_of_nodes() == 0:
        raise DominoTilingError("the graph has no nodes; spanning trees need at least one")
