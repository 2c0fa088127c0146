"""The command line's modules import one another in one direction: no circle, counting the
imports inside functions; and each import inside a function says why it is there."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "referee" / "cli"


def _module(path: Path) -> str:
    return "referee.cli" if path.stem == "__init__" else f"referee.cli.{path.stem}"


def imports(path: Path) -> set[str]:
    """The modules of referee.cli that ``path`` imports, anywhere in it (``from referee.cli
    import run`` is the package; ``from referee.cli import render`` the module)."""
    modules = {_module(p) for p in PACKAGE.glob("*.py")}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                found.add(inner if inner in modules else node.module)
    return (found & modules) - {_module(path)}


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of ``graph`` (a list of modules, the first again at the end), or ``[]``."""
    state: dict[str, int] = {}

    def visit(node, trail):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, trail + [nxt])
                if found:
                    return found
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return []


def test_the_finder_finds_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_circle_among_the_command_lines_modules():
    graph = {_module(path): imports(path) for path in PACKAGE.glob("*.py")}
    assert not cycle(graph), " -> ".join(cycle(graph))


def test_each_import_inside_a_function_says_what_it_saves():
    """An import is at the top of its module unless importing it there would cost the module's
    start-up: then the line says how much (measured with the module imported first)."""
    unexplained = []
    for path in sorted(PACKAGE.glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    said = " ".join(lines[node.lineno - 2:node.end_lineno])
                    if "start-up" not in said:
                        unexplained.append(f"{path.name}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert not unexplained, "imports inside functions with no start-up reason:\n" + "\n".join(sorted(set(unexplained)))
