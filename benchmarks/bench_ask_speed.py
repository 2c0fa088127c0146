"""The speed of `referee ask`: in-process per question (median and p95 over the benchmark's
utterances, every language), and a whole `referee ask` process against `referee judge FILE`
and `referee fight` on the same table (whole-process medians, measured in the same loop, and
their ratio).

    .venv/bin/python benchmarks/bench_ask_speed.py [--rounds N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ask_cases as A  # noqa: E402
from processes import compile_package, interleaved  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REFEREE = str(Path(sys.executable).parent / "referee")
#: runs of each question in-process; its time is the fastest
REPEATS = 3


def in_process(table_path: Path) -> list[float]:
    from referee import table
    from referee.ask import ask
    from referee.corpus import load_corpus

    corpus = load_corpus()
    state = table.show(table_path).state
    ask("Troll level 8, Bob helps me, who wins?", corpus, state)  # the first verdict loads the engine
    times = []
    for lang in A.LANGS:
        for case in A.cases(lang):
            best = None
            for _ in range(REPEATS):  # the best of a few: a shared machine's scheduler adds the rest
                start = time.perf_counter()
                ask(case["text"], corpus, state if case.get("table") else None, case.get("as"), lang)
                took = time.perf_counter() - start
                best = took if best is None else min(best, took)
            times.append(best)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
    with tempfile.TemporaryDirectory() as tmp:
        table_path = A.make_table(Path(tmp) / "table.sqlite3")
        times = in_process(table_path)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "LANG", "LC_"))}
        env.update(REFEREE_TABLE=str(table_path), REFEREE_STATE_DIR=tmp, TERM="xterm")
        commands = {
            "ask on the table": [REFEREE, "ask", "Troll level 8, Bob helps me, who wins?"],
            # no table (a file that does not exist): the text describes the players itself
            "ask, players in the text": [REFEREE, "ask", "level 5 elf warrior with +3 vs a level 8 troll, who wins?",
                                         "--table", str(Path(tmp) / "no-table.sqlite3")],
            "ask a rules question": [REFEREE, "ask", "what happens on a tie?"],
            "search the same words": [REFEREE, "search", "what happens on a tie?"],
            "fight on the table": [REFEREE, "fight", "Troll:8", "--helper", "Bob"],
            "judge a file": [REFEREE, "judge", str(ROOT / "examples" / "combat.yaml")],
        }
        samples = interleaved(commands, env, args.rounds)
    medians = {name: statistics.median(values) * 1000 for name, values in samples.items()}
    report = {
        "in_process": {"questions": len(times), "median_ms": round(statistics.median(times) * 1000, 2),
                       "p95_ms": round(times[int(0.95 * (len(times) - 1))] * 1000, 2)},
        "processes_ms": {name: round(m, 1) for name, m in medians.items()},
        "ratios_to_judge": {name: round(m / medians["judge a file"], 2) for name, m in medians.items()},
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    p = report["in_process"]
    print(f"in-process, {p['questions']} questions (best of {REPEATS}): median {p['median_ms']} ms, "
          f"p95 {p['p95_ms']} ms")
    print(f"{args.rounds} rounds, whole-process medians (ratio to judge a file):")
    for name, m in report["processes_ms"].items():
        print(f"  {name:26} {m:7.1f} ms   {report['ratios_to_judge'][name]:.2f}")


if __name__ == "__main__":
    main()
