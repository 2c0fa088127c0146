"""Whole-process timings of referee commands against bare-interpreter baselines.

Each round runs every baseline and every command once, interleaved, so machine noise hits them
alike; the medians of all rounds and their ratio to the baseline are printed, with the target
where there is one. Both run with this venv's own interpreter and console script (never a
version-manager shim).

    .venv/bin/python benchmarks/bench_startup.py [--rounds 15] [--json]

Targets: ``judge`` ≤ 2.0 × ``python -c "import yaml"``; ``card`` ≤ 1.0 × ``judge``; ``--help`` ≤ 1.3 × ``python -c "import
typer"``, in every language, piped and on a terminal (the rows marked "(terminal)" run with stdout on a
pseudo-terminal, where the help is coloured).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

from processes import compile_package, timed, timed_on_terminal

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")
EXAMPLE = str(ROOT / "examples" / "combat.yaml")

#: name -> (command, baseline name, target ratio or None)
COMMANDS = {
    "judge": ([REFEREE, "judge", EXAMPLE], "import yaml", 2.0),
    "judge --json --lang hu": ([REFEREE, "judge", EXAMPLE, "--json", "--lang", "hu"], "import yaml", None),
    "rule": ([REFEREE, "rule", "combat.ties"], "import yaml", None),
    # `card` reads one card's names in every language: it must cost no more than `judge`.
    "card": ([REFEREE, "card", "Drooling Slime"], "judge", 1.0),
    "card --lang hu": ([REFEREE, "card", "Nyáladzó nyálka", "--lang", "hu"], "judge", 1.0),
    "--help": ([REFEREE, "--help"], "import typer", 1.3),
    **{f"--help --lang {code}": ([REFEREE, "--help", "--lang", code], "import typer", 1.3)
       for code in ("nl", "hu", "es", "gu", "de")},
    "search --help": ([REFEREE, "search", "--help"], "import typer", 1.3),
    "--help (terminal)": ([REFEREE, "--help"], "import typer", 1.3),
    **{f"--help --lang {code} (terminal)": ([REFEREE, "--help", "--lang", code], "import typer", 1.3)
       for code in ("nl", "hu", "es", "gu", "de")},
    "search --help (terminal)": ([REFEREE, "search", "--help"], "import typer", 1.3),
}
BASELINES = {"import yaml": [sys.executable, "-c", "import yaml"],
             "import typer": [sys.executable, "-c", "import typer"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "REFEREE_LANG", "NO_COLOR")}
    env.setdefault("TERM", "xterm")
    run = {name: timed_on_terminal if name.endswith("(terminal)") else timed for name in COMMANDS}
    for name, (command, _, _) in COMMANDS.items():  # warm the corpus cache and the page cache
        run[name](command, env)
    samples: dict[str, list[float]] = {name: [] for name in [*BASELINES, *COMMANDS]}
    for _ in range(args.rounds):
        for name, command in BASELINES.items():
            samples[name].append(timed(command, env))
        for name, (command, _, _) in COMMANDS.items():
            samples[name].append(run[name](command, env))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    report = {}
    for name, median in medians.items():
        entry = {"median_ms": round(median * 1000, 1)}
        if name in COMMANDS:
            _, base, target = COMMANDS[name]
            entry.update(baseline=base, ratio=round(median / medians[base], 2))
            if target is not None:
                entry.update(target=target, met=entry["ratio"] <= target)
        report[name] = entry
    if args.json:
        print(json.dumps({"rounds": args.rounds, "results": report}, indent=2))
        return
    print(f"{args.rounds} rounds, medians (whole process):")
    for name, entry in report.items():
        extra = f"  = {entry['ratio']}x '{entry['baseline']}'" if "ratio" in entry else "  (baseline)"
        if "target" in entry:
            extra += f"  (target ≤ {entry['target']}: {'met' if entry['met'] else 'NOT met'})"
        print(f"  {name:<34} {entry['median_ms']:7.1f} ms{extra}")


if __name__ == "__main__":
    main()
