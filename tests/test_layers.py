"""The layering, checked: no import circle between modules, no two packages that need each other.

The import graph is read from the source (:mod:`ast`), every ``import`` counted wherever it
stands, inside a function too: an import put off until a function runs still ties the two
modules together, it only hides the tie from the interpreter. Only imports under
``if TYPE_CHECKING:`` are left out, as they never run.

The units of the layering are the subpackages (``referee.engine``, ``referee.corpus``,
``referee.i18n``, ``referee.search``, ``referee.table``, ``referee.web``, ``referee.cli``,
``referee.ask``) and each module at the package's root (``referee.model``, ``referee.cards``…):
the graph between units must have no circle either, so a layer never reaches up to one that
reads it. And every module imports alone, in a fresh set of ``referee`` modules, so none works
only because another happened to be imported first.

An import inside a function (outside the command line, whose own change does the same there) is
there for a measured reason, said in a ``# lazy:`` comment above it (or above the group of
imports it belongs to): what it would cost, and which command does without it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

#: these tests share one walk of the import graph: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_layers")

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
#: the command line, whose own circles another change breaks (see test_no_circle_in_the_cli)
CLI = "referee.cli"


class Import(NamedTuple):
    source: str    # the importing module
    target: str    # the imported module of the package
    line: int
    lazy: bool     # inside a function


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _under_type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[Import]:
    """Every import of a module of the package by ``name``, with its line and whether it waits
    for a function to run."""
    is_package = path.name == "__init__.py"
    found: list[Import] = []

    def resolve(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    def add(target: str, node: ast.AST, lazy: bool) -> None:
        target = resolve(target)
        if target is not None and target != name:
            found.append(Import(name, target, node.lineno, lazy))

    def visit(node: ast.AST, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _under_type_checking(child):
                for other in child.orelse:
                    visit(other, lazy)
                continue
            inside = lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name == "referee" or alias.name.startswith("referee."):
                        add(alias.name, child, inside)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[:len(base) - (child.level - 1)]
                    module = ".".join(base + ([child.module] if child.module else []))
                else:
                    module = child.module or ""
                if module == "referee" or module.startswith("referee."):
                    for alias in child.names:  # `from referee import model` imports referee.model
                        submodule = f"{module}.{alias.name}"
                        add(submodule if submodule in known else module, child, inside)
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)), False)
    return found


def import_graph() -> dict[str, list[Import]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def unit_of(module: str) -> str:
    """The layer a module belongs to: its subpackage, or itself for a module at the root."""
    parts = module.split(".")
    if len(parts) > 1 and (PACKAGE / parts[1]).is_dir():
        return ".".join(parts[:2])
    return module


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each strongly connected group of ``graph`` (Tarjan's algorithm, then
    the shortest way back round from the group's first member)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for node in sorted(graph):
        if node not in index:
            connect(node)
    found = []
    for group in groups:
        start = min(group)
        paths = {start: [start]}
        queue = [start]
        while queue:  # breadth first, inside the group: the shortest circle through `start`
            node = queue.pop(0)
            for other in sorted(graph[node] & group):
                if other == start:
                    found.append(paths[node] + [start])
                    queue = []
                    break
                if other not in paths:
                    paths[other] = paths[node] + [other]
                    queue.append(other)
    return sorted(found)


def _module_graph(edges: dict[str, list[Import]]) -> dict[str, set[str]]:
    return {name: {i.target for i in found} for name, found in edges.items()}


def _unit_graph(edges: dict[str, list[Import]]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for found in edges.values():
        for i in found:
            graph.setdefault(unit_of(i.source), set())
            if unit_of(i.source) != unit_of(i.target):
                graph[unit_of(i.source)].add(unit_of(i.target))
    return graph


def _shown(circle: list[str], edges: dict[str, list[Import]], unit=lambda m: m) -> str:
    """``a → b → a``, each step with the lines that make it (``lazy``: inside a function)."""
    steps = []
    for here, there in zip(circle, circle[1:]):
        lines = [f"{i.source}:{i.line}{' lazy' if i.lazy else ''}" for found in edges.values() for i in found
                 if unit(i.source) == here and unit(i.target) == there]
        steps.append(f"{here} → {there}  ({', '.join(lines[:4])}{' …' if len(lines) > 4 else ''})")
    return "\n    ".join(steps)


def _in_cli(circle: list[str]) -> bool:
    return any(m == CLI or m.startswith(CLI + ".") for m in circle)


def _report(found: list[list[str]], edges, unit=lambda m: m) -> str:
    return "import circles:\n  " + "\n  ".join(" → ".join(c) + "\n    " + _shown(c, edges, unit) for c in found)


@pytest.fixture(scope="module")
def edges():
    return import_graph()


def test_the_walk_finds_a_circle_and_prints_it(tmp_path):
    """The walk itself: a circle made only of imports inside functions is found, and shown."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c", "a"]]
    package = tmp_path / "referee"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "one.py").write_text("def f():\n    from referee.sub import two\n")
    (package / "sub" / "two.py").write_text("from referee import one\n")
    known = {module_name_in(tmp_path, p): p for p in package.rglob("*.py")}
    found = {n: imports_of(n, p, known) for n, p in known.items()}
    assert found["referee.one"] == [Import("referee.one", "referee.sub.two", 2, True)]
    assert circles(_module_graph(found)) == [["referee.one", "referee.sub.two", "referee.one"]]
    assert "referee.one:2 lazy" in _report(circles(_module_graph(found)), found)


def module_name_in(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_circle_between_modules(edges):
    found = [c for c in circles(_module_graph(edges)) if not _in_cli(c)]
    assert not found, _report(found, edges)


def test_no_two_layers_need_each_other(edges):
    """Packages and root modules form layers: no circle between them, of two or more."""
    found = [c for c in circles(_unit_graph(edges)) if not _in_cli(c)]
    assert not found, _report(found, edges, unit_of)


def test_no_circle_in_the_cli(edges):
    modules_ = [c for c in circles(_module_graph(edges)) if _in_cli(c)]
    layers = [c for c in circles(_unit_graph(edges)) if _in_cli(c)]
    assert not modules_ + layers, (_report(modules_, edges) if modules_ else "") + (
        "\n" + _report(layers, edges, unit_of) if layers else "")


def _lazy_without_reason() -> list[str]:
    """Imports inside functions with no ``# lazy:`` comment on their
    line or above their group of imports."""
    missing = []
    for name, path in modules().items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for inner in ast.walk(node):
                if not isinstance(inner, (ast.Import, ast.ImportFrom)):
                    continue
                at = inner.lineno - 1
                above = at - 1
                while above >= 0 and (not lines[above].strip() or lines[above].lstrip().startswith(("import ", "from "))
                                      or (lines[above].lstrip().startswith("#") and "# lazy:" not in lines[above])):
                    above -= 1
                if "# lazy:" not in lines[at] and not (above >= 0 and lines[above].lstrip().startswith("# lazy:")):
                    missing.append(f"{path.relative_to(PACKAGE.parent)}:{inner.lineno}: {ast.unparse(inner)}")
    return sorted(set(missing))


def test_an_import_inside_a_function_says_why():
    missing = _lazy_without_reason()
    assert not missing, ("move these imports to the top of their module, or say above them what they cost "
                         "(`# lazy: whoosh.index 40 ms, which `referee rule` does not need`; measure with "
                         "python -X importtime):\n  " + "\n  ".join(missing))


def _defined_twice(tree: ast.AST) -> list[tuple[str, int]]:
    """Functions and classes defined a second time in one module or class body (the later
    silently replaces the earlier, and every call of the earlier one goes to it); a property's
    setter or an overload, decorated by an attribute, is not a second definition."""
    found = []
    for scope in ast.walk(tree):
        if not isinstance(scope, (ast.Module, ast.ClassDef)):
            continue
        seen = set()
        for node in scope.body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                    or any(isinstance(d, ast.Attribute) for d in getattr(node, "decorator_list", ())):
                continue
            if node.name in seen:
                found.append((node.name, node.lineno))
            seen.add(node.name)
    return found


def test_the_check_finds_a_method_defined_twice():
    tree = ast.parse("class Reading:\n    def owner(self): pass\n    def other(self): pass\n    def owner(self, i): pass\n"
                     "    @property\n    def x(self): pass\n    @x.setter\n    def x(self, v): pass\n")
    assert _defined_twice(tree) == [("owner", 4)]


def test_no_function_or_method_is_defined_twice():
    twice = [f"{path.relative_to(PACKAGE.parent)}:{line}: {name}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for name, line in _defined_twice(ast.parse(path.read_text(encoding="utf-8")))]
    assert not twice, "a later definition replaces the earlier one; rename one of them:\n  " + "\n  ".join(twice)


def test_the_command_line_can_be_profiled(tmp_path):
    """``python -m cProfile -m referee …`` prints the command's output, then the profile."""
    result = subprocess.run([sys.executable, "-m", "cProfile", "-m", "referee", "rule", "combat.ties"],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "combat.ties" in result.stdout and "function calls" in result.stdout


#: imports each module of the package in a fresh set of referee modules, one process for all
_ALONE = """
import importlib, sys, traceback
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "referee" or m.startswith("referee.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except BaseException:
        failed.append(name + ": " + traceback.format_exc(limit=-2))
print("\\n".join(failed))
"""


def test_every_module_imports_alone():
    names = [n for n in modules() if not n.endswith("__main__")]
    result = subprocess.run([sys.executable, "-c", _ALONE, *names], capture_output=True, text=True, timeout=120,
                            cwd=PACKAGE.parent)
    assert result.returncode == 0, result.stderr[-2000:]
    assert not result.stdout.strip(), result.stdout
