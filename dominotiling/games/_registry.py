"""The registry of named rule sets behind :meth:`Rules.by_name <dominotiling.games.Rules.by_name>`.

Inside: :func:`register`, the decorator the variants modules put on their
preset functions (it also makes each a classmethod of
:class:`~dominotiling.games.Rules`), and :func:`as_rules`, which accepts a
rule set or its name wherever the package takes rules.  Both are importable
from :mod:`dominotiling.games.rules` too.  Nothing here is public.
"""

import types

from ..errors import DominoTypeError

__all__ = []


def _normalise(name):
    return "_".join(name.strip().lower().replace("ё", "е").replace("-", " ")
                    .replace("_", " ").split())


#: name -> (preset function, canonical name); filled by the variants modules
_REGISTRY = {}


def register(canonical, *aliases):
    """Decorator: register a preset function under a canonical name and aliases."""
    def wrap(func):
        for alias in (canonical,) + aliases:
            _REGISTRY[_normalise(alias)] = (func, canonical)

        def preset(cls, *args, **kwargs):
            return func(*args, **kwargs)

        # built with the preset module's globals, so that its doctests run once (there)
        method = types.FunctionType(preset.__code__, func.__globals__, canonical, None,
                                    preset.__closure__)
        method.__doc__ = func.__doc__
        method.__qualname__ = f"Rules.{canonical}"
        method.__module__ = func.__module__
        from .rules import Rules

        setattr(Rules, canonical, classmethod(method))
        return func

    return wrap


def as_rules(value, name="rules"):
    """``value`` if it is a :class:`Rules`; a rule set looked up by name for a string."""
    from .rules import Rules

    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        return Rules.by_name(value)
    raise DominoTypeError(f"{name} must be a Rules object or the name of a rule set, got "
                          f"{type(value).__name__}; try Rules.kozel() or 'kozel' "
                          f"(Rules.names() lists them)")
