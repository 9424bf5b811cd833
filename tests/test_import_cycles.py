"""No import circle anywhere in the project: its Python packages (engine, players, tabletop) and
the web client's ES modules (web/js, at the end).

Every `import` and `from ... import` statement of every module is read with `ast`, wherever it
stands: at the top, inside a function (a late import hides a circle, it does not remove it) or
under `if TYPE_CHECKING:` (a type-only circle is still two modules that need each other). An
import of a package's name is an edge to its `__init__`; `from package import name` is an edge
to the submodule when `name` is one, else to the package. Importing a submodule runs its
parents' `__init__` first, but that is Python's order, not a dependency between the modules, so
it adds no edge.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "players", "tabletop")


def modules() -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that `name` imports."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]  # the package it is in
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
                base = ".".join([*base, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            # `from p import m` of a submodule needs m; any other name needs p itself
            subs = [f"{base}.{alias.name}" for alias in node.names]
            targets = [m for m in subs if m in known]
            if len(targets) < len(subs):
                targets.append(base)
        else:
            continue
        for target in targets:
            while target and target not in known:  # `import a.b.c` of a name inside a module
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` (as [a, b, ..., a]), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_walk_sees_imports_of_every_kind(tmp_path):
    """The reader finds relative, absolute, late and type-only imports (a check of the check)."""
    known = {"p": Path("p/__init__.py"), "p.a": Path("p/a.py"), "p.b": Path("p/b.py"), "p.c": Path("p/c.py")}
    source = (
        "from typing import TYPE_CHECKING\n"
        "from . import b\n"
        "if TYPE_CHECKING:\n"
        "    from .c import Thing\n"
        "def late():\n"
        "    import p\n"
    )
    module = tmp_path / "a.py"
    module.write_text(source, encoding="utf-8")
    assert imports_of("p.a", module, known) == {"p", "p.b", "p.c"}
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_in_the_project():
    known = modules()
    assert {"engine", "players", "tabletop.rooms", "tabletop.commands"} <= set(known)
    graph = {name: imports_of(name, path, known) for name, path in known.items()}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


# -- the web client's ES modules --------------------------------------------------------------

WEB_JS = ROOT / "web" / "js"
# `import … from "x"`, `export … from "x"`, a bare `import "x"` and a lazy `import("x")`; the
# statements may span lines (a long list of names)
JS_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*(['"])(?P<a>[^'"]+)\1"""
    r"""|^\s*import\s*(['"])(?P<b>[^'"]+)\3"""
    r"""|\bimport\(\s*(['"])(?P<c>[^'"]+)\5\s*\)""",
    re.MULTILINE | re.DOTALL,
)


def js_imports_of(path: Path) -> set[Path]:
    """The files `path` imports, resolved (every specifier is a relative path: no bundler)."""
    out = set()
    for match in JS_IMPORT.finditer(path.read_text(encoding="utf-8")):
        spec = match["a"] or match["b"] or match["c"]
        out.add((path.parent / spec).resolve())
    return out


def test_the_js_walk_sees_imports_of_every_kind(tmp_path):
    """A check of the check: long, re-exported, bare and lazy imports are all found."""
    source = (
        'import { a,\n  b } from "./one.js";\n'
        'export { c } from "../two.js";\n'
        'import "./three.js";\n'
        'const later = () => import("./four.js");\n'
        'const words = "import nothing from here";\n'
    )
    module = tmp_path / "sub" / "m.js"
    module.parent.mkdir()
    module.write_text(source, encoding="utf-8")
    names = {p.relative_to(tmp_path).as_posix() for p in js_imports_of(module)}
    assert names == {"sub/one.js", "two.js", "sub/three.js", "sub/four.js"}


def test_no_import_cycle_in_the_web_client():
    """Each module of web/js imports only files that exist, and no two need each other (a lazy
    `import()` counts: it loads later, but the modules still depend on each other)."""
    files = sorted(WEB_JS.rglob("*.js"))
    assert len(files) > 40
    graph = {}
    for path in files:
        targets = js_imports_of(path)
        missing = [str(t) for t in targets if not t.is_file()]
        assert not missing, (str(path), missing)
        graph[str(path.relative_to(WEB_JS))] = {str(t.relative_to(WEB_JS)) for t in targets}
    assert sum(map(len, graph.values())) > 100
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
