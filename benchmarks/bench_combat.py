"""In-process combat judge with card monsters: the time one verdict costs a session or a server.

Each round judges, in one process and interleaved, the same fights written two ways:
monsters named by card (``{card: Gazebo}``: the card's numbers and printed effects come from
the card records) and the same monsters with their numbers written out (the baseline). Each is
a whole :func:`referee.adjudicate.judge_text` (YAML text to verdict with the cards it names), as
``referee judge``, ``referee play`` and the server call it. Printed: the medians of all rounds,
their ratio, and the first judge of a fresh corpus (which builds the card name table once).
Target: card monsters median ≤ 0.7 ms.

    .venv/bin/python benchmarks/bench_combat.py [--rounds 2000] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import yaml

PLAYERS = [{"name": "Ann", "level": 4, "classes": ["warrior"], "items": [{"name": "Sword", "bonus": 3,
                                                                          "slot": "one-hand"}]},
           {"name": "Bob", "level": 4, "races": ["elf"]}, {"name": "Eve", "level": 3, "sex": "female"}]
#: fights that exercise each kind of printed effect: fought alone, only your level, friendly,
#: a loss even on an escape, a bonus against a race, Bad Stuff
FIGHTS = [
    ({"fighter": "Ann", "helper": "Bob", "monsters": ["Gazebo"]}, "combat"),
    ({"fighter": "Ann", "helper": "Bob", "monsters": ["Ghoulfiends"]}, "combat"),
    ({"fighter": "Eve", "monsters": ["Amazon", "Drooling Slime"]}, "combat"),
    ({"fighter": "Ann", "monsters": ["King Tut"]}, "run-away"),
    ({"fighter": "Bob", "monsters": ["Bigfoot", "Potted Plant"]}, "combat"),
]


def situations(corpus) -> tuple[list[str], list[str]]:
    """The fights as situation texts: by card, and with the card's numbers written out."""
    by_card, by_numbers = [], []
    for combat, kind in FIGHTS:
        for out, spell in ((by_card, lambda n: {"card": n}), (by_numbers, lambda n: _numbers(corpus, n))):
            data = {"players": PLAYERS, "combat": {**combat, "monsters": [spell(n) for n in combat["monsters"]]},
                    "question": {"kind": kind}}
            out.append(yaml.safe_dump(data, allow_unicode=True))
    return by_card, by_numbers


def _numbers(corpus, name: str) -> dict:
    card = next(c for c in corpus.cards.values() if c.name == name)
    keys = ("level", "treasures", "levels", "undead", "bonus_vs", "run_away", "ignores_below")
    return {"name": name, **{k: card.facts[k] for k in keys if k in card.facts}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from referee import adjudicate
    from referee.corpus import load_corpus

    corpus = load_corpus()
    by_card, by_numbers = situations(corpus)
    start = time.perf_counter()
    adjudicate.judge_text(by_card[0], "first.yaml", corpus)
    first = time.perf_counter() - start
    cards, numbers = [], []
    for i in range(args.rounds):
        for text, times in ((by_card[i % len(by_card)], cards), (by_numbers[i % len(by_numbers)], numbers)):
            start = time.perf_counter()
            adjudicate.judge_text(text, "bench.yaml", corpus)
            times.append(time.perf_counter() - start)
    result = {
        "rounds": args.rounds,
        "card_monsters_ms_median": round(statistics.median(cards) * 1000, 3),
        "numbered_monsters_ms_median": round(statistics.median(numbers) * 1000, 3),
        "ratio": round(statistics.median(cards) / statistics.median(numbers), 2),
        "card_monsters_ms_p90": round(sorted(cards)[int(len(cards) * 0.9)] * 1000, 3),
        "first_judge_ms": round(first * 1000, 2),
        "target_ms": 0.7,
    }
    if args.json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:30} {value}")


if __name__ == "__main__":
    main()
