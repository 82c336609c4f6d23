"""Cross-links by short name: ``count_tilings``, ``dominotiling.count_tilings`` or
``Region.to_json`` in a docstring's See Also resolve to the page where the name is
documented (see :mod:`apigen`), whichever module the docstring lives in."""

from __future__ import annotations

import inspect
import re

import apigen


def _targets():
    out = {}
    for entries in apigen.public_names().values():
        for path, name, obj in entries:
            out.setdefault(name, path)
            out.setdefault(f"dominotiling.{name}", path)
            if inspect.isclass(obj):
                for attr in vars(obj):
                    if not attr.startswith("_"):
                        out.setdefault(f"{name}.{attr}", f"{path}.{attr}")
                        out.setdefault(f"dominotiling.{name}.{attr}", f"{path}.{attr}")
    return out


def _resolve(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    table = app.env.dominotiling_targets
    full = table.get(target) or table.get(target.lstrip("~."))
    if full is None:
        parts = target.split(".")
        for k in (2, 1):  # the last names: "Tiling.to_json", "count_tilings"
            full = table.get(".".join(parts[-k:]))
            if full:
                break
    if full is None or full == target:
        return None
    domain = env.get_domain("py")
    for role in ("obj", "func", "class", "meth", "attr", "data", "exc"):
        ref = domain.resolve_xref(
            env, node.get("refdoc", ""), app.builder, role, full, node, contnode
        )
        if ref is not None:
            return ref
    return None


_CITATION = re.compile(r"\[(\w+)\]_")


def _plain_citations(app, what, name, obj, options, lines):
    """``[1]_`` citing a reference of the module (not of this docstring) becomes plain ``[1]``."""
    text = "\n".join(lines)
    defined = set(re.findall(r"^\s*\.\. \[(\w+)\]", text, flags=re.M))
    for i, line in enumerate(lines):
        lines[i] = _CITATION.sub(
            lambda m: m.group(0) if m.group(1) in defined else f"[{m.group(1)}]", line
        )


def _init(app):
    app.env.dominotiling_targets = _targets()


def setup(app):
    app.connect("builder-inited", _init)
    app.connect("missing-reference", _resolve)
    app.connect("autodoc-process-docstring", _plain_citations, priority=600)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
