"""The API reference, generated from the package: one page per wing, from the wings' ``__all__``.

Which names are public, and where each is documented:

- every name in a wing's ``__all__`` (``dominotiling.counting.__all__``, ...), documented
  at ``dominotiling.<wing>.<name>``;
- every name of ``dominotiling.__all__`` not covered so, documented where it is defined
  (``dominotiling.counting.pfaffian.count_perfect_matchings``) when that module is
  public, else at ``dominotiling.<name>``; the errors and the options make a page of
  their own.

Each page starts with the wing's summary, a picture of what its main functions make
(:mod:`wing_pictures`, drawn as the site is built), and a table of its names with their cost
and method (from :data:`costs.COSTS`), then every name in full. The theory wing is
generated from whatever ``dominotiling.theory.__all__`` holds.
"""

from __future__ import annotations

import importlib
import inspect
import pathlib

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
TITLES = {
    "model": "model: regions, tilings, weights, frames",
    "counting": "counting: exact and logarithmic counts",
    "sampling": "sampling: random tilings",
    "matching": "matching: finding tilings, covers and certificates",
    "trees": "trees: spanning trees, Kirchhoff and Temperley",
    "aztec": "aztec: the Aztec diamond",
    "surfaces": "surfaces: holes, tori and flux sectors",
    "statistics": "statistics: heights, double dimers, fluctuations",
    "theory": "theory: spectral curves, amoebas, surface tension",
    "parallel": "parallel: ensembles on Dask",
    "viz": "viz: pictures, animations and exports",
    "games": "games: the table game of dominoes",
    "core": "errors and options",
}


def _public(module_name):
    return not any(part.startswith("_") for part in module_name.split("."))


def _kind(obj):
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    if (
        inspect.isfunction(obj)
        or inspect.isbuiltin(obj)
        or callable(obj)
        and hasattr(obj, "__wrapped__")
    ):
        return "function"
    if inspect.ismodule(obj):
        return "module"
    return "data"


def public_names():
    """``{page: [(documented path, name, object), ...]}`` for every public name, each once."""
    import dominotiling

    pages = {w: [] for w in WINGS + ["core"]}
    seen = set()
    for wing in WINGS:
        mod = importlib.import_module(f"dominotiling.{wing}")
        names = getattr(mod, "__all__", None)
        if names is None:  # viz: the names of the front door that live in it
            names = [
                n
                for n in dominotiling.__all__
                if getattr(getattr(dominotiling, n), "__module__", "").startswith(
                    "dominotiling.viz"
                )
            ]
            export = importlib.import_module("dominotiling.viz.export")
            names += [n for n in export.__all__ if n not in names]
            for n in names:
                obj = getattr(dominotiling, n, None) or getattr(export, n)
                pages[wing].append((f"{obj.__module__}.{n}", n, obj))
                seen.add(id(obj))
            continue
        for n in names:
            obj = getattr(mod, n)
            pages[wing].append((f"dominotiling.{wing}.{n}", n, obj))
            if _kind(obj) in ("function", "class", "exception"):
                seen.add(id(obj))
    for n in dominotiling.__all__:
        obj = getattr(dominotiling, n)
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        home = getattr(obj, "__module__", "dominotiling")
        parts = home.split(".")
        wing = parts[1] if len(parts) > 1 and parts[1] in WINGS else "core"
        path = f"{home}.{n}" if _public(home) and wing != "core" else f"dominotiling.{n}"
        pages[wing].append((path, n, obj))
    return pages


def _attr_doc(path):
    """The ``#:`` comment of a module-level name, found by Sphinx's source analyzer."""
    from sphinx.pycode import ModuleAnalyzer

    module, name = path.rsplit(".", 1)
    try:
        docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    except Exception:  # noqa: BLE001 - no source: no summary
        return ""
    return " ".join(docs.get(("", name), []))


def _summary(obj, path=""):
    if _kind(obj) in ("data", "module"):
        doc = _attr_doc(path) if _kind(obj) == "data" else (inspect.getdoc(obj) or "")
    else:
        doc = inspect.getdoc(obj) or ""
    first = doc.strip().split("\n\n")[0].replace("\n", " ").strip()
    return first


def _table(entries, costs):
    rows = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 22 40 20 18",
        "",
        "   * - name",
        "     - what it does",
        "     - cost",
        "     - method",
    ]
    for path, name, obj in entries:
        cost, method = costs.get(name, ("--", "--"))
        rows += [
            f"   * - :py:obj:`~{path}`",
            f"     - {_summary(obj, path) or '--'}",
            f"     - {cost}",
            f"     - {method}",
        ]
    return rows


def _directive(path, obj):
    kind = _kind(obj)
    if kind == "module":
        return [f".. automodule:: {path}", "   :no-index:", ""]
    if kind in ("class", "exception"):
        members = "" if kind == "exception" else "   :members:\n"
        return [
            f".. autoclass:: {path}",
            *(members.rstrip("\n").split("\n") if members else []),
            "",
        ]
    if kind == "function":
        return [f".. autofunction:: {path}", ""]
    return [
        f".. autodata:: {path}",
        "   :no-value:" if not isinstance(obj, (int, float, str)) else "",
        "",
    ]


def write_pages(out):
    """Write ``out/<wing>.rst`` and ``out/index.rst``; return the pages written."""
    import wing_pictures
    from costs import COSTS

    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    pages = public_names()
    captions = wing_pictures.make(out / "pictures")  # what each wing's main functions make
    written = []
    for wing, entries in pages.items():
        title = TITLES[wing]
        module = "dominotiling" if wing == "core" else f"dominotiling.{wing}"
        lines = [title, "=" * len(title), "", f".. module:: {module}" if wing != "core" else "", ""]
        if wing == "core":
            lines += [
                "The exception hierarchy (:mod:`dominotiling.errors`) and the options "
                "(memory budget, float certificates, progress bars).",
                "",
            ]
        else:
            doc = inspect.getdoc(importlib.import_module(module)) or ""
            lines += [doc.split("\n\n")[0], ""]
        if wing in captions:
            lines += [
                f".. figure:: pictures/{wing}.png",
                f"   :alt: {captions[wing]}",
                "   :width: 100%",
                "",
                f"   {captions[wing]}",
                "",
            ]
        if entries:
            lines += [
                "Summary",
                "-------",
                "",
                *_table(entries, COSTS),
                "",
                "Reference",
                "---------",
                "",
            ]
            for path, _name, obj in entries:
                lines += _directive(path, obj)
        else:
            lines += [
                "This wing exports no name yet: its reference appears here as soon as "
                f"``{module}.__all__`` lists one.",
                "",
            ]
        (out / f"{wing}.rst").write_text("\n".join(lines) + "\n")
        written.append(wing)
    index = [
        "API reference",
        "=============",
        "",
        "Every public name, grouped by wing. The front door ``dominotiling`` re-exports the "
        "names most used (``from dominotiling import count_tilings``); each page says where a "
        "name lives. The summary tables give each function's cost and method; the "
        ":doc:`../guide/methods` page compares the methods with measured times.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
    ] + [f"   {w}" for w in written]
    (out / "index.rst").write_text("\n".join(index) + "\n")
    return written
