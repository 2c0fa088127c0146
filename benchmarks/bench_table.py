"""At the table: answers in the interactive session, and a question on the table vs a file.

1. ``referee play`` through a pseudo-terminal: 20 commands a game uses, each timed from the
   line sent to the next prompt; the median and the slowest of the answers after the first.
2. Whole processes, interleaved in one loop: ``referee fight Troll:8 --helper Bob`` on a table
   and ``referee judge examples/combat.yaml`` (the same kind of question from a file); medians
   and their ratio.

Both run this venv's own console script (never a version-manager shim).

    .venv/bin/python benchmarks/bench_table.py [--rounds 15] [--json]
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

ROOT = Path(__file__).resolve().parent.parent
REFEREE = str(Path(sys.executable).parent / "referee")

SESSION = [
    "table new Ann Bob Cid", "table set Ann level=4 races=elf classes=warrior", "table set Bob level=3 races=elf",
    "table item Ann Boots --card 'Boots of Butt-Kicking'", "table", "fight Troll:8 --helper Bob",
    "table level Ann +1 --source kill", "table level Bob +1 --source help-elf", "flee Troll:8", "can Ann sell",
    "sell Ann Boots", "gear Ann", "rule combat.ties", "search monster level", "card 'Loaded Die'", "table turn",
    "charity Bob", "death Cid", "table undo", "table log",
]


def session_round(env: dict) -> list[float]:
    import pexpect

    child = pexpect.spawn(REFEREE, ["play"], env=env, encoding="utf-8", timeout=60, dimensions=(50, 150))
    child.delaybeforesend = None
    child.expect_exact("referee> ")
    times = []
    for line in SESSION:
        start = time.perf_counter()
        child.sendline(line)
        child.expect_exact("referee> ")
        times.append(time.perf_counter() - start)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "LANG", "LC_"))}
        env.update(REFEREE_TABLE=str(Path(tmp) / "table.sqlite3"), REFEREE_STATE_DIR=tmp, TERM="xterm")
        answers = []
        for _ in range(max(3, args.rounds // 3)):
            Path(env["REFEREE_TABLE"]).unlink(missing_ok=True)
            answers += session_round(env)[1:]  # every answer after the session's first
        setup = [["table", "new", "Ann", "Bob", "--replace"], ["table", "set", "Ann", "level=5", "races=elf"],
                 ["table", "set", "Bob", "level=2", "races=elf"]]
        for words in setup:
            subprocess.run([REFEREE, *words], env=env, stdout=subprocess.DEVNULL, check=True)
        fight = [REFEREE, "fight", "Troll:8", "--helper", "Bob"]
        judge = [REFEREE, "judge", str(ROOT / "examples" / "combat.yaml")]
        timed(fight, env), timed(judge, env)  # warm the caches
        samples = {"fight on the table": [], "judge a file": []}
        for _ in range(args.rounds):
            samples["fight on the table"].append(timed(fight, env))
            samples["judge a file"].append(timed(judge, env))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    report = {
        "session": {"answers": len(answers), "median_ms": round(statistics.median(answers) * 1000, 1),
                    "p95_ms": round(sorted(answers)[int(0.95 * (len(answers) - 1))] * 1000, 1),
                    "max_ms": round(max(answers) * 1000, 1)},
        "processes": {name: round(m * 1000, 1) for name, m in medians.items()},
        "ratio": round(medians["fight on the table"] / medians["judge a file"], 2),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    s = report["session"]
    print(f"referee play, {s['answers']} answers after each session's first: median {s['median_ms']} ms, "
          f"p95 {s['p95_ms']} ms, max {s['max_ms']} ms")
    print(f"{args.rounds} rounds, whole-process medians:")
    for name, ms in report["processes"].items():
        print(f"  {name:<20} {ms:7.1f} ms")
    print(f"  ratio fight/judge    {report['ratio']:.2f}")


if __name__ == "__main__":
    main()
