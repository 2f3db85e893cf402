"""No import cycle among the modules of ``reference/pyramide``.

A cycle hides which module a reader should open first, and it only works as long as the
imports stay in the order that happens to work (or one side imports late, inside a function).
Every import counts, at the top of a module or inside a function: a late import is a cycle
put off, not broken. Only imports for annotations (``if TYPE_CHECKING:``) do not, since no run
makes them. The imports are read with :mod:`ast`, not run, so that a cycle is named
even where Python would tolerate it. An import of ``a.b.c`` counts as an import of that module
only, not of the packages above it, whose ``__init__`` re-exports (``pyramide`` re-exports the
solver's ``solve``, which imports ``pyramide.cards``) would otherwise make every submodule a
cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "reference" / "pyramide"


def module_names(root: Path = PACKAGE) -> dict[str, Path]:
    """Each module's dotted name (``pyramide.solver.bounds``; a package is its ``__init__``)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = [root.name, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules of the package that module ``name`` (at ``path``) imports, anywhere in it.

    ``from X import y`` imports module ``X.y`` when there is one (``from . import stats``),
    else module ``X``; a relative ``X`` is resolved from the module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(), str(path))
    typing_only = {id(n) for block in _type_checking_blocks(tree) for n in ast.walk(block)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        else:
            continue
        found |= {target for target in targets if target in modules and target != name}
    return found


def _type_checking_blocks(tree: ast.AST) -> Iterator[ast.stmt]:
    """The statements under ``if TYPE_CHECKING:``: imports for annotations alone, which no
    run ever makes (a type checker reads them, and a module may name a class of a module that
    imports it without either loading the other)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            yield from node.body


def cycles(graph: Mapping[str, set[str]]) -> Iterator[list[str]]:
    """One cycle through each strongly connected group of more than one module (Tarjan's
    algorithm), written as the modules along it, the first again at the end."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    for group in groups:
        yield _cycle_within(graph, group)


def _cycle_within(graph: Mapping[str, set[str]], group: set[str]) -> list[str]:
    """A shortest cycle through the group's first module (by name), breadth first."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for module in frontier:
            for other in sorted(graph[module] & group):
                if other == start:
                    return [*paths[module], start]
                if other not in paths:
                    paths[other] = [*paths[module], other]
                    following.append(other)
        frontier = following
    raise AssertionError(f"{sorted(group)} is not strongly connected")


def test_no_module_of_the_reference_imports_itself_through_others() -> None:
    modules = module_names()
    graph = {name: imported(name, path, modules) for name, path in modules.items()}
    found = [" -> ".join(cycle) for cycle in cycles(graph)]
    assert not found, "import cycles: " + "; ".join(found)


def test_a_cycle_is_named_whether_imported_early_or_late(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "inner").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "inner" / "__init__.py").write_text("")
    (root / "a.py").write_text("from .inner import b\n")
    (root / "inner" / "b.py").write_text("def late():\n    from .. import a\n")
    (root / "c.py").write_text("import pkg.a\n")
    (root / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import e\n"
    )
    (root / "e.py").write_text("from . import d\n")
    modules = module_names(root)
    graph = {name: imported(name, path, modules) for name, path in modules.items()}
    assert graph["pkg.c"] == {"pkg.a"}
    assert graph["pkg.d"] == set(), "an import for annotations alone is no cycle"
    assert list(cycles(graph)) == [["pkg.a", "pkg.inner.b", "pkg.a"]]
