"""Whole-process timings of referee commands against a bare-interpreter baseline.

Each round runs the baseline and every command once, interleaved, so machine noise hits them
alike; the medians of all rounds and their ratio to the baseline are printed. Both run with this
venv's own interpreter and console script (never a version-manager shim).

    .venv/bin/python benchmarks/bench_startup.py [--rounds 15] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")

#: name -> (command, baseline name)
COMMANDS = {
    "judge": ([REFEREE, "judge", str(ROOT / "examples" / "combat.yaml")], "import yaml"),
    "judge --json --lang hu": ([REFEREE, "judge", str(ROOT / "examples" / "combat.yaml"), "--json", "--lang", "hu"],
                               "import yaml"),
    "rule": ([REFEREE, "rule", "combat.ties"], "import yaml"),
}
BASELINES = {"import yaml": [sys.executable, "-c", "import yaml"]}


def run(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # An installed package is byte-compiled by pip; a source checkout run with
    # PYTHONDONTWRITEBYTECODE would otherwise pay for compiling every module on every run.
    import compileall

    import referee

    compileall.compile_dir(str(Path(referee.__file__).parent), quiet=1)
    for command, _ in COMMANDS.values():  # warm the corpus cache and the page cache
        run(command)
    samples: dict[str, list[float]] = {name: [] for name in [*BASELINES, *COMMANDS]}
    for _ in range(args.rounds):
        for name, command in BASELINES.items():
            samples[name].append(run(command))
        for name, (command, _) in COMMANDS.items():
            samples[name].append(run(command))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    report = {}
    for name, median in medians.items():
        entry = {"median_ms": round(median * 1000, 1)}
        if name in COMMANDS:
            base = COMMANDS[name][1]
            entry.update(baseline=base, ratio=round(median / medians[base], 2))
        report[name] = entry
    if args.json:
        print(json.dumps({"rounds": args.rounds, "results": report}, indent=2))
        return
    print(f"{args.rounds} rounds, medians (whole process):")
    for name, entry in report.items():
        extra = f"  = {entry['ratio']}x '{entry['baseline']}'" if "ratio" in entry else "  (baseline)"
        print(f"  {name:<26} {entry['median_ms']:7.1f} ms{extra}")


if __name__ == "__main__":
    main()
