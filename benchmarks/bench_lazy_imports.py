"""What each import inside a function of ``referee/cli`` would cost if it stood at the top of
its module: the time to import it in a fresh process that has just imported the module itself
(median of several runs, with this venv's own interpreter). An import that would cost nothing
(already loaded with the module) belongs at the top; the others keep a ``# start-up: +N ms``
comment, which ``tests/test_cli_layers.py`` requires.

    .venv/bin/python benchmarks/bench_lazy_imports.py [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = r'''
import importlib, sys, time
module, targets = sys.argv[1], sys.argv[2:]
importlib.import_module(module)
loaded = all(t in sys.modules for t in targets)
start = time.perf_counter()
for target in targets:
    importlib.import_module(target)
print(int(loaded), (time.perf_counter() - start) * 1000)
'''


def _targets(node) -> list[str]:
    """The modules an import statement loads (``from referee import table`` loads referee.table)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    found = []
    for alias in node.names:
        inner = f"{node.module}.{alias.name}"
        try:
            found.append(inner if importlib.util.find_spec(inner) is not None else node.module)
        except (ImportError, ValueError):
            found.append(node.module)
    return found


def lazy_imports():
    """(cli module, line, statement, modules it loads) for each import inside a function."""
    sys.path.insert(0, str(ROOT))
    for path in sorted((ROOT / "referee" / "cli").glob("*.py")):
        module = "referee.cli" + ("" if path.stem == "__init__" else f".{path.stem}")
        seen = set()
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(function):
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and node.lineno not in seen:
                        seen.add(node.lineno)
                        yield module, node.lineno, ast.unparse(node), _targets(node)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for module, line, statement, targets in lazy_imports():
        runs, loaded = [], 0
        for _ in range(args.runs):
            out = subprocess.run([sys.executable, "-c", PROBE, module, *targets], capture_output=True, text=True,
                                 cwd=ROOT, check=True).stdout.split()
            loaded, runs = int(out[0]), runs + [float(out[1])]
        rows.append({"module": module, "line": line, "import": statement, "loaded_already": bool(loaded),
                     "ms": round(statistics.median(runs), 2)})
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    for row in sorted(rows, key=lambda r: -r["ms"]):
        print(f"{row['ms']:8.2f} ms  {'(loaded)' if row['loaded_already'] else '        '}  "
              f"{row['module']}:{row['line']}  {row['import']}")


if __name__ == "__main__":
    main()
