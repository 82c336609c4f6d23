"""Every public name has a numpydoc docstring the reference can be built from.

The public names are those of ``dominotiling.__all__`` and of every wing's ``__all__``
(and the names of :mod:`dominotiling.viz.export`). For each function: a Parameters
section (when it takes any), Returns (or Yields), Examples, and See Also; for each
class: Parameters or Attributes, Examples and See Also. Every wing holds several
public names, so every name has siblings to point to. Exceptions are described by
their hierarchy (:mod:`dominotiling.errors`) and constants by their comment; both
are left out.
"""

from __future__ import annotations

import importlib
import inspect

import pytest
from numpydoc.docscrape import ClassDoc, FunctionDoc

import dominotiling

WINGS = [
    "model",
    "counting",
    "sampling",
    "matching",
    "trees",
    "aztec",
    "surfaces",
    "statistics",
    "theory",
    "parallel",
    "viz",
    "games",
]


def _public():
    found = {}
    for name in dominotiling.__all__:
        found.setdefault(
            id(getattr(dominotiling, name)), (f"dominotiling.{name}", getattr(dominotiling, name))
        )
    modules = [importlib.import_module(f"dominotiling.{w}") for w in WINGS]
    modules.append(importlib.import_module("dominotiling.viz.export"))
    for mod in modules:
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name)
            found.setdefault(id(obj), (f"{mod.__name__}.{name}", obj))
    out = []
    for path, obj in found.values():
        if inspect.isclass(obj) and issubclass(obj, BaseException):
            continue
        if inspect.isclass(obj) or inspect.isfunction(obj):
            out.append((path, obj))
    return sorted(out, key=lambda po: po[0])


PUBLIC = _public()


def missing_sections(obj):
    """The numpydoc sections `obj`'s docstring lacks (an empty list when it is complete)."""
    missing = []
    if inspect.isclass(obj):
        doc = ClassDoc(obj, config={"show_class_members": False})
        try:
            takes = bool(inspect.signature(obj).parameters)
        except (TypeError, ValueError):
            takes = True
        if takes and not (doc["Parameters"] or doc["Attributes"]):
            missing.append("Parameters")
    else:
        doc = FunctionDoc(obj)
        params = [p for p in inspect.signature(obj).parameters.values()]
        if params and not doc["Parameters"]:
            missing.append("Parameters")
        if not (doc["Returns"] or doc["Yields"]):
            missing.append("Returns")
    if not "".join(doc["Examples"]).strip():
        missing.append("Examples")
    if not doc["See Also"]:
        missing.append("See Also")
    return missing


def test_the_public_names_are_found():
    paths = {p for p, _ in PUBLIC}
    assert "dominotiling.count_tilings" in paths and "dominotiling.Region" in paths
    assert "dominotiling.viz.export.tiling_tikz" in paths
    assert len(PUBLIC) > 120


def test_the_check_sees_a_missing_section():
    def bare(x):
        """Twice `x`.

        Parameters
        ----------
        x : int
        """
        return 2 * x

    assert missing_sections(bare) == ["Returns", "Examples", "See Also"]


@pytest.mark.parametrize("path,obj", PUBLIC, ids=[p for p, _ in PUBLIC])
def test_public_docstring_is_complete(path, obj):
    assert missing_sections(obj) == [], f"{path}: its docstring has no " + ", ".join(
        missing_sections(obj)
    )
