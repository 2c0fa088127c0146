"""Is the direct path (``referee.cli.direct``: plain command lines run without building the typer
app) worth keeping? Each command runs in a whole process twice, interleaved: as the console
script runs it, and with the direct path switched off (every line through typer), each against
``python -c "import yaml"`` measured in the same loop.

    .venv/bin/python benchmarks/bench_direct.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

from processes import compile_package, interleaved

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "combat.yaml")
#: the console script, with or without the direct path (the same interpreter start-up for both)
RUN = ("import sys; from referee import cli; {switch}sys.argv = ['referee', *sys.argv[1:]]; cli.main()")
WAYS = {"direct": RUN.format(switch=""),
        "typer only": RUN.format(switch="from referee.cli import direct; direct.find = lambda argv: None; ")}
LINES = {"judge": ["judge", EXAMPLE], "rule": ["rule", "combat.ties"],
         "fight": ["fight", "Troll:8", "--player", "Ann:5 elf warrior"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    compile_package()
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "REFEREE_LANG")}
    commands = {"import yaml": [sys.executable, "-c", "import yaml"]}
    for name, line in LINES.items():
        for way, code in WAYS.items():
            commands[f"{name} ({way})"] = [sys.executable, "-c", code, *line]
    samples = interleaved(commands, env, args.rounds)
    base = statistics.median(samples["import yaml"])
    print(f"{args.rounds} rounds, medians (whole process):")
    for name, values in samples.items():
        median = statistics.median(values)
        print(f"  {name:<24} {median * 1000:7.1f} ms  = {median / base:.2f}x 'import yaml'")


if __name__ == "__main__":
    main()
