"""An in-process combat judge with card monsters: what a session or the server pays per question.

The corpus is loaded once (as ``referee play`` and ``referee serve`` do); each round judges the
same situation — card monsters, a card item, a curse — through :func:`referee.adjudicate.judge_data`,
the path every face of the referee takes. Prints the median and the quartiles in milliseconds.

    .venv/bin/python benchmarks/bench_judge_cards.py [--rounds 400] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

SITUATION = {
    "players": [{"name": "Ann", "level": 4, "classes": ["warrior"], "races": ["elf"],
                 "items": [{"card": "Horny Helmet"}, {"card": "Boots of Butt-Kicking"}],
                 "curses": ["Curse! Big Foot"]},
                {"name": "Bob", "level": 4}],
    "combat": {"fighter": "Ann", "helper": "Bob",
               "monsters": [{"card": "Drooling Slime"}, {"card": "Lawyers"}]},
    "question": {"kind": "combat"},
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from referee.adjudicate import judge_data
    from referee.corpus import load_corpus

    corpus = load_corpus()
    for _ in range(20):  # warm: catalogs read, names folded, resolvers made
        judge_data(SITUATION, "bench", corpus)
    times = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        judge_data(SITUATION, "bench", corpus)
        times.append((time.perf_counter() - start) * 1000)
    q1, median, q3 = statistics.quantiles(times, n=4)
    result = {"rounds": args.rounds, "median_ms": round(median, 3), "q1_ms": round(q1, 3), "q3_ms": round(q3, 3),
              "target_ms": 0.7}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"in-process combat judge with card monsters: median {median:.3f} ms "
              f"(quartiles {q1:.3f}-{q3:.3f}, {args.rounds} rounds; target <= 0.7 ms)")


if __name__ == "__main__":
    main()
