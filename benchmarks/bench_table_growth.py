"""A long game costs what a short one does: ``table``, ``undo`` and a question at 10 and at
10,000 changes, and ``table log`` growing linearly.

Two tables are built through the library (the same writes the CLI makes): one with 10 changes,
one with 10,000 (levels, hands, items, undos). Then whole processes of this venv's console
script run interleaved, each command on each table in turn, for ``--rounds`` rounds; the report
gives the medians and the ratio 10,000 / 10. An ``undo`` is followed by an untimed ``redo``,
so the table keeps its length. ``table log`` is timed at 1,000 and 10,000 changes.

    .venv/bin/python benchmarks/bench_table_growth.py [--rounds 9] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import compile_package, timed

REFEREE = str(Path(sys.executable).parent / "referee")
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def build(path: Path, changes: int) -> None:
    """A game of ``changes`` changes, written as the CLI writes them."""
    from referee import table

    table.new(NAMES, path=path)
    table.set_fields("Ann", ["level=5", "races=elf"], path=path)
    table.set_fields("Bob", ["level=2", "races=elf"], path=path)
    for i in range(changes - 3):
        name = NAMES[i % 4]
        if i % 50 == 49:
            table.undo(2, path=path)
        elif i % 7 == 0:
            table.put_item(name, f"Trinket {i % 5}", [f"bonus={i % 3}"], path=path)
        else:
            table.set_fields(name, [f"hand={i % 6}"], path=path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
    # On a memory file system the build's 10,000 fsyncs cost nothing; the timings read a file
    # either way.
    base = "/dev/shm" if os.path.isdir("/dev/shm") else None
    with tempfile.TemporaryDirectory(dir=base) as tmp:
        sizes = {10: Path(tmp) / "short.sqlite3", 1_000: Path(tmp) / "middle.sqlite3",
                 10_000: Path(tmp) / "long.sqlite3"}
        started = time.perf_counter()
        for count, path in sizes.items():
            build(path, count)
        built = time.perf_counter() - started
        env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "LANG", "LC_"))}
        commands = {
            "table": ["table"],
            "undo": ["table", "undo"],
            "fight": ["fight", "Troll:8", "--helper", "Bob"],
        }
        samples = {(name, count): [] for name in commands for count in (10, 10_000)}
        for count in (10, 10_000):  # warm the caches
            timed([REFEREE, "table", "--table", str(sizes[count])], env)
        for _ in range(args.rounds):
            for name, words in commands.items():
                for count in (10, 10_000):
                    path = str(sizes[count])
                    samples[(name, count)].append(timed([REFEREE, *words, "--table", path], env))
                    if name == "undo":
                        subprocess.run([REFEREE, "table", "redo", "--table", path], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        logs = {count: statistics.median(timed([REFEREE, "table", "log", "--table", str(sizes[count])], env)
                                         for _ in range(max(3, args.rounds // 3))) for count in (1_000, 10_000)}
        sizes_kb = {count: path.stat().st_size // 1024 for count, path in sizes.items()}
    medians = {f"{name} @ {count}": statistics.median(values) for (name, count), values in samples.items()}
    ratios = {name: medians[f"{name} @ 10000"] / medians[f"{name} @ 10"] for name in commands}
    report = {"medians_s": medians, "ratio_10000_over_10": ratios,
              "table_log_s": {str(k): v for k, v in logs.items()}, "log_ratio_10000_over_1000": logs[10_000] / logs[1_000],
              "file_kb": sizes_kb, "build_s": built, "rounds": args.rounds}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for key, value in medians.items():
        print(f"{key:<16} {value * 1000:8.1f} ms")
    for name, ratio in ratios.items():
        print(f"{name:<16} 10,000 / 10 = {ratio:.2f}x")
    print(f"table log        1,000: {logs[1_000]:.2f} s  10,000: {logs[10_000]:.2f} s  "
          f"(x{logs[10_000] / logs[1_000]:.1f} for 10x the changes)")
    print(f"file sizes (KiB) {sizes_kb}; built in {built:.0f} s")


if __name__ == "__main__":
    main()
