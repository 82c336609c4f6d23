"""Old module paths, kept for a release: importing one warns and gives the new module's names.

The package was a flat row of modules; it is now a house of wings (``model``,
``counting``, ``sampling``, ...). ``import dominotiling.kasteleyn`` still works: a
finder on :data:`sys.meta_path` answers for every path of :data:`MOVED` with a module
that holds the very objects of its new home (``dominotiling.kasteleyn.kasteleyn_matrix is
dominotiling.counting.kasteleyn.kasteleyn_matrix``) and raises a ``DeprecationWarning``
naming that home. ``dominotiling.weights``, a documented path, answers without a warning.

Examples
--------
>>> import importlib, sys, warnings
>>> _ = sys.modules.pop("dominotiling.kasteleyn", None)    # as in a fresh interpreter
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     old = importlib.import_module("dominotiling.kasteleyn")
>>> print(caught[0].message)
dominotiling.kasteleyn moved to dominotiling.counting.kasteleyn; import it from there (or from dominotiling)
>>> from dominotiling.counting import kasteleyn
>>> old.kasteleyn_matrix is kasteleyn.kasteleyn_matrix
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings

__all__ = ["MOVED", "ATTRIBUTES", "attribute", "install"]

#: Old module path -> (new module path, warning message or None for a documented alias).
MOVED = {
    f"dominotiling.{old}": (f"dominotiling.{new}", None)
    for old, new in {
        "region": "model.region",
        "tiling": "model.tiling",
        "weights": "model.weights",
        "_weight_values": "model.weight_values",
        "frames": "model.frames",
        "transfer": "counting.transfer",
        "_weighted_transfer": "counting.weighted_transfer",
        "kasteleyn": "counting.kasteleyn",
        "kasteleyn_symbolic": "counting.symbolic",
        "placement": "counting.placement",
        "pfaffian": "counting.pfaffian",
        "strips": "counting.closed_forms",
        "monomer_dimer": "counting.monomer_dimer",
        "kasteleyn_sampler": "sampling.kasteleyn",
        "mcmc": "sampling.mcmc",
        "finding": "matching",
        "height": "matching.height",
        "color": "matching.color",
        "wilson": "trees.wilson",
        "temperley": "trees.temperley",
        "temperley_grid": "trees.temperley_grid",
        "aztec_weights": "aztec.weighted",
        "_aztec_levels": "aztec.levels",
        "arctic": "aztec.arctic",
        "surfaces_sampling": "surfaces.sampling",
        "flux": "surfaces.flux",
        "_random": "_validate",
        "exact": "_exact",
    }.items()
}
for _old, (_new, _) in MOVED.items():
    MOVED[_old] = (_new, f"{_old} moved to {_new}; import it from there (or from dominotiling)")
MOVED["dominotiling.weights"] = ("dominotiling.model.weights", None)
MOVED["dominotiling.exact"] = (
    "dominotiling._exact",
    "dominotiling.exact is private now (dominotiling._exact, the exact determinants in "
    "dominotiling.counting.determinants); its functions are internals of the exact counts "
    "and may change: count with dominotiling.count_tilings",
)

#: Names an old module had under another name, or in a module of its own now.
_EXTRA = {
    "dominotiling._random": {"as_generator": ("dominotiling._validate", "seed")},
    "dominotiling.kasteleyn": {"log_count": ("dominotiling.counting", "log_count")},
    "dominotiling.exact": {
        name: ("dominotiling.counting.determinants", name)
        for name in ("det_exact", "det_mod_primes")
    },
}


#: Names that left a module for another: ``(module, name) -> new module``. The old
#: module's ``__getattr__`` asks :func:`attribute`, which imports the new home by name
#: (so no module imports another it is built under).
ATTRIBUTES = {
    ("dominotiling.viz.draw", "draw_certificate"): "dominotiling.viz.views",
    ("dominotiling.viz.draw", "draw_augmenting_path"): "dominotiling.viz.views",
    ("dominotiling.trees.temperley", "draw_tree_on_tiling"): "dominotiling.viz.views",
    ("dominotiling.trees.temperley_grid", "draw_tree_on_tiling"): "dominotiling.viz.views",
}


def attribute(module, name):
    """``module.name`` for a name that moved (warns, naming its new home); AttributeError otherwise.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     from dominotiling.viz.draw import draw_certificate
    >>> print(caught[0].message)
    dominotiling.viz.draw.draw_certificate moved to dominotiling.viz.views.draw_certificate; import it from there
    """
    home = ATTRIBUTES.get((module, name))
    if home is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warnings.warn(
        f"{module}.{name} moved to {home}.{name}; import it from there",
        DeprecationWarning,
        stacklevel=3,
    )
    return getattr(importlib.import_module(home), name)


class _Loader(importlib.abc.Loader):
    def create_module(self, spec):
        return None

    def exec_module(self, module):
        new, message = MOVED[module.__name__]
        if message is not None:
            warnings.warn(message, DeprecationWarning, stacklevel=_caller_level())
        target = importlib.import_module(new)
        names = {k: v for k, v in vars(target).items() if not k.startswith("__")}
        for name in getattr(target, "__all__", []):  # names a wing answers by its __getattr__
            if name not in names:
                names[name] = getattr(target, name)
        for name, (home, attr) in _EXTRA.get(module.__name__, {}).items():
            names[name] = getattr(importlib.import_module(home), attr)
        vars(module).update(names)
        module.__all__ = list(
            getattr(target, "__all__", [n for n in names if not n.startswith("_")])
        )
        module.__doc__ = f"Deprecated path of :mod:`{new}`." if message else target.__doc__


def _caller_level():
    """The stack level of the first frame outside importlib and this module (the ``import``).

    :func:`warnings.warn` does not count importlib's frozen bootstrap frames, so
    neither does this.
    """
    frame, level = sys._getframe(1), 1
    while frame is not None:
        name = frame.f_code.co_filename
        internal = "importlib" in name and "_bootstrap" in name
        if not internal and frame.f_globals.get("__name__") not in (__name__, "importlib"):
            return level
        frame = frame.f_back
        level += 0 if internal else 1
    return level


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname in MOVED:
            return importlib.machinery.ModuleSpec(fullname, _LOADER)
        return None


_LOADER = _Loader()
_FINDER = _Finder()


def install():
    """Put the finder on :data:`sys.meta_path` (once)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
