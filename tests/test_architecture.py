"""The house in wings, checked from the import statements (``ast``), lazy imports included.

- no import circle, but the rich-display methods' lazy imports of :mod:`dominotiling.viz`
  (one per class of the model, inside the method);
- the ground floor imports nothing of the package but ``errors``;
- no private name (``_x``) is imported across a wing's wall;
- every old module path imports, warns with the new path, and gives the same objects.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import sys
import warnings

import pytest

import dominotiling

PACKAGE = pathlib.Path(dominotiling.__file__).parent
GROUND = {
    "errors",
    "_options",
    "_validate",
    "_interrupt",
    "_threads",
    "_exact",
    "_util",
    "_compile_notice",
    "_moved",
}
#: (module, imported module): the display methods of the model, lazily importing the pictures.
DISPLAY = {
    ("dominotiling.model.region", "dominotiling.viz.draw"),
    ("dominotiling.model.tiling", "dominotiling.viz.draw"),
    ("dominotiling.model.tiling", "dominotiling.viz.export"),  # to_svg / to_pdf / to_tikz, lazily
    ("dominotiling.games.line", "dominotiling.games.display"),
    ("dominotiling.theory.amoeba", "dominotiling.viz.theory"),
    ("dominotiling.theory.phases", "dominotiling.viz.theory"),
    ("dominotiling.theory.limit_shape", "dominotiling.viz.limit_shape"),
}


def _modules():
    """{module name: (path, is_package)} for every module of the package."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_pkg)
    return out


MODULES = _modules()


def _from_target(node, package):
    """The package module a ``from ... import`` in `package` names, or None when it is outside."""
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        return ".".join(base + ([node.module] if node.module else []))
    if node.module and node.module.split(".")[0] == "dominotiling":
        return node.module
    return None


def _imports(name):
    """[(target module, imported name or None, line)] of module `name`: every import, lazy ones too."""
    path, is_pkg = MODULES[name]
    package = name if is_pkg else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "dominotiling":
                    found.append((alias.name, None, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            target = _from_target(node, package)
            if target is None:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:
                    found.append((sub, None, node.lineno))
                else:
                    found.append((target, alias.name, node.lineno))
    return found


def _wing(name):
    """The wing (or ground-floor module) a module belongs to: its first component inside the package."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _graph():
    return {
        name: {
            target
            for target, _, _ in _imports(name)
            if target in MODULES and (name, target) not in DISPLAY
        }
        for name in MODULES
    }


def _cycles(graph):
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                out.append(sorted(comp))

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_analysis_sees_imports():
    # the analysis itself: the front door imports the counting wing, a lazy import is seen
    assert "dominotiling.counting" in _graph()["dominotiling"]
    assert "dominotiling.viz.draw" in {t for t, _, _ in _imports("dominotiling.model.tiling")}
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


def test_no_import_circles():
    cycles = _cycles(_graph())
    assert cycles == [], "import circles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_the_display_imports_are_lazy_and_one_per_class():
    for module, target in DISPLAY:
        path, _ = MODULES[module]
        tree = ast.parse(path.read_text())
        top_level = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        assert not any(target.endswith(getattr(n, "module", "") or "~") for n in top_level), module


def test_the_ground_floor_imports_only_errors():
    bad = []
    for name in MODULES:
        if _wing(name) in GROUND and name.count(".") == 1:
            for target, imported, line in _imports(name):
                if target != "dominotiling.errors":
                    bad.append(
                        f"{name}:{line} imports {target}{'.' + imported if imported else ''}"
                    )
    assert bad == []


def test_no_private_name_crosses_a_wing():
    bad = []
    for name in MODULES:
        for target, imported, line in _imports(name):
            if imported is None or not imported.startswith("_") or imported.startswith("__"):
                continue
            if _wing(target) != _wing(name):
                bad.append(f"{name}:{line} takes {target}.{imported}")
    assert bad == []


def test_games_stand_apart():
    bad = []
    for name in MODULES:
        if _wing(name) == "games":
            for target, _imported, line in _imports(name):
                if _wing(target) not in GROUND | {"games"}:
                    bad.append(f"{name}:{line} imports {target}")
    assert bad == []


def test_the_front_door_imports_nothing_but_the_public_api():
    # dominotiling/__init__.py re-exports; it defines no function of its own but the game alias
    tree = ast.parse(MODULES["dominotiling"][0].read_text())
    defined = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    assert defined == ["__getattr__"]


@pytest.mark.parametrize("old", sorted(dominotiling._moved.MOVED))
def test_old_module_paths_still_import(old):
    new, message = dominotiling._moved.MOVED[old]
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    if message is None:  # a documented path: no warning
        assert deprecations == []
    else:
        assert len(deprecations) == 1 and new in str(deprecations[0].message)
        assert deprecations[0].filename == __file__  # it points at the import, not at importlib
    target = importlib.import_module(new)
    public = getattr(target, "__all__", None) or [n for n in vars(target) if not n.startswith("_")]
    assert public
    for attr in public:
        assert getattr(module, attr) is getattr(target, attr), (old, attr)


def test_every_public_name_stays_where_it_was():
    import dominotiling.games as games

    for name in dominotiling.__all__:
        assert getattr(dominotiling, name) is not None
    for name in games.__all__:
        assert getattr(games, name) is not None
    for path in (
        "dominotiling.viz.widgets",
        "dominotiling.parallel",
        "dominotiling.games",
        "dominotiling.statistics",
        "dominotiling.weights",
    ):
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            importlib.import_module(path)


def test_import_loads_neither_numba_nor_matplotlib():
    import subprocess

    code = (
        "import sys, dominotiling; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'numba', 'matplotlib'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _code_lines(path):
    """Lines of code of a module: neither blank, nor comments, nor docstrings."""
    source = path.read_text()
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                docstrings.update(range(first.lineno, first.end_lineno + 1))
    return sum(
        1
        for i, line in enumerate(source.split("\n"), 1)
        if line.strip() and not line.strip().startswith("#") and i not in docstrings
    )


def test_code_lines_are_counted():
    assert _code_lines(PACKAGE / "errors.py") < 100
    assert _code_lines(PACKAGE / "counting" / "__init__.py") > 50


def test_no_module_is_long_without_a_reason():
    long = []
    for name, (path, _) in MODULES.items():
        n = _code_lines(path)
        if n > 700 and "Size:" not in (ast.get_docstring(ast.parse(path.read_text())) or ""):
            long.append(f"{name}: {n} lines of code")
    assert long == []


def _defined_names(target):
    """The names module `target` defines at any depth (functions, classes, assignments, imports)."""
    path, _ = MODULES[target]
    tree = ast.parse(path.read_text())
    defined = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                defined.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
    return defined


def test_every_import_inside_the_package_resolves():
    # a relative import that names a module which is not there fails only when its
    # function first runs; read them all here (each module parsed once)
    bad = []
    defined = {}
    for name in MODULES:
        for target, imported, line in _imports(name):
            if target not in MODULES:
                bad.append(f"{name}:{line} imports {target} (no such module)")
            elif imported is not None and not imported.startswith("__"):
                if target not in defined:
                    defined[target] = _defined_names(target)
                if imported != "*" and imported not in defined[target]:
                    bad.append(
                        f"{name}:{line} imports {imported} from {target}, which has no such name"
                    )
    assert bad == []


# ------------------------------------------------------------------ imports inside functions
#: The wings: the package's folders (the ground floor, the command line and the tour are not).
WINGS = sorted(
    {name.split(".")[1] for name, (_, is_pkg) in MODULES.items() if is_pkg and name.count(".") == 1}
    - {"_kernels"}
)
#: The kinds of lazy import a wing may keep, marked on the import's line (or the line above):
#: ``# lazy: numba`` (a kernel, kept out of ``import dominotiling``), ``# lazy: viz hook`` (a
#: display method reaching the pictures), ``# lazy: heavy dependency`` / ``# lazy: dask`` (an
#: optional package). Imports of ``_kernels`` are numba's by definition; of the ground floor, free.
LAZY_KINDS = ("numba", "viz hook", "heavy dependency", "dask")
#: The ratchet, now at zero: no cross-wing import inside a function outside the marked kinds,
#: and no two wings importing each other. It went down from 118 crossings and 7 pairs
#: (issue 40, at 9fb9bea): viz.canvas and viz.widgets (issue 44) and sampling.kasteleyn
#: (issue 41) import their neighbours at the top; the doors whose ``flux=`` reaches the
#: surfaces wing (min_tiling, max_tiling, glauber, cftp_sample) moved to the dispatch layer
#: (tasks.sectors), so matching and sampling no longer import surfaces. It stays at zero.
MAX_UNMARKED_LAZY_CROSSINGS = 0
MAX_MUTUAL_WING_PAIRS = 0


def _lazy_imports(name):
    """[(target module, line, marked kind or None)] of the imports inside functions of `name`."""
    path, is_pkg = MODULES[name]
    source = path.read_text()
    lines = source.split("\n")
    package = name if is_pkg else name.rsplit(".", 1)[0]
    out = []
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(func):
            targets = []
            if isinstance(node, ast.ImportFrom):
                target = _from_target(node, package)
                if target is None:
                    continue
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    targets.append(sub if sub in MODULES else target)
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.split(".")[0] == "dominotiling"]
            if not targets:
                continue
            around = " ".join(lines[max(0, node.lineno - 2) : node.end_lineno])
            kind = next((k for k in LAZY_KINDS if f"# lazy: {k}" in around), None)
            out.extend((t, node.lineno, kind) for t in targets)
    return out


def _crossings():
    """The imports inside functions of a wing that reach another wing, unmarked: ``module:line -> target``."""
    bad = []
    for name in sorted(MODULES):
        wing = _wing(name)
        if wing not in WINGS:
            continue
        seen = set()
        for target, line, kind in _lazy_imports(name):
            other = _wing(target)
            if other == wing or other.startswith("_") or other in GROUND or kind is not None:
                continue
            if (name, target) in DISPLAY or (line, target) in seen:
                continue
            seen.add((line, target))
            bad.append(f"{name}:{line} -> {target}")
    return bad


def _mutual_pairs():
    """Pairs of wings that import each other (at the top or inside functions, marked hooks left out)."""
    edges = set()
    for name in MODULES:
        wing = _wing(name)
        if wing not in WINGS:
            continue
        marked = {(t, line) for t, line, kind in _lazy_imports(name) if kind is not None}
        for target, _, line in _imports(name):
            other = _wing(target)
            if other in WINGS and other != wing and (name, target) not in DISPLAY:
                if (target, line) not in marked:
                    edges.add((wing, other))
    return sorted({tuple(sorted(e)) for e in edges if (e[1], e[0]) in edges})


def test_the_lazy_import_analysis_sees_marks():
    # the analysis itself: a kernel import inside a function is seen, and so is its wing
    lazy = {t for name in MODULES for t, _, _ in _lazy_imports(name)}
    assert any(t.startswith("dominotiling._kernels.") for t in lazy)
    assert "tasks" in WINGS and "counting" in WINGS and "_kernels" not in WINGS


def test_no_unmarked_import_inside_a_function_crosses_a_wing():
    bad = _crossings()
    assert len(bad) == MAX_UNMARKED_LAZY_CROSSINGS == 0, (
        f"{len(bad)} imports inside functions cross a wing's wall unmarked (none may); "
        "import at the top of the module, move a door that reaches a peer up into tasks/, "
        "or mark a display hook or a heavy dependency with '# lazy: <kind>':\n" + "\n".join(bad)
    )


def test_no_two_wings_import_each_other():
    pairs = _mutual_pairs()
    assert len(pairs) == MAX_MUTUAL_WING_PAIRS == 0, f"wings importing each other: {pairs}"
