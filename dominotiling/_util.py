"""Small private helpers shared by the front doors."""

from .errors import DominoTilingError


def pick_method(methods, method, auto):
    """The function registered under `method` in `methods` (``"auto"`` means `auto`)."""
    name = auto if method == "auto" else method
    try:
        return methods[name]
    except (KeyError, TypeError):
        raise DominoTilingError(f"unknown method {method!r}; choose one of {['auto', *methods]}") from None
