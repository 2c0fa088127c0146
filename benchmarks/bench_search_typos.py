"""Search under typos: recall@3 of questions that are found as typed, once typos are put into them.

Every question of the query sets (benchmarks/search_queries*.yaml) that finds one of its
clauses among the first three as typed gets ``--typos`` slips put into as many of its words,
seeded per question (the same slips on every run, whatever else the sets hold), of the kinds
players make: two letters swapped, a letter left out, a letter typed twice, a doubled letter
typed once, the accents left out, a wrong vowel; in Gujarati a vowel sign left out or written long for short. The figure is the share
still found, per language: how much of what the search finds survives the player's typing,
on slips no one chose (the sets' own typo rows are written by hand and tuned on).

    .venv/bin/python benchmarks/bench_search_typos.py [--seed 2] [--typos 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import unicodedata
from pathlib import Path

import yaml

SETS = sorted(Path(__file__).parent.glob("search_queries*.yaml"))
KINDS = ("swap", "drop", "double", "undouble", "accent", "vowel")
#: a word a slip may go into: four letters or more (Gujarati: three), no number
_LATIN_WORD = re.compile(r"[^\W\d_]{4,}")
_GUJARATI_WORD = re.compile(r"[\u0a80-\u0aff]{3,}|[a-z]{3,}")
_GUJARATI_SIGNS = "ંાિીુૂેૈોૌ્"
_LONG_SHORT = (("િ", "ી"), ("ી", "િ"), ("ુ", "ૂ"), ("ૂ", "ુ"), ("ે", "ૈ"), ("ો", "ૌ"))


def slip(word: str, kind: str, rng: random.Random) -> str | None:
    """``word`` with one slip of ``kind``, or None where it has none of that kind."""
    n = len(word)
    if word[:1] >= "\u0a80" and word[:1] <= "\u0aff":
        signs = [i for i, char in enumerate(word) if char in _GUJARATI_SIGNS]
        if kind in ("accent", "vowel", "undouble") and signs:
            i = rng.choice(signs)
            return word[:i] + word[i + 1:]
        if kind == "double":
            long_short = [(a, b) for a, b in _LONG_SHORT if a in word]
            return word.replace(*long_short[0], 1) if long_short else None
    if kind == "swap" and n > 2:
        i = rng.randrange(1, n - 1)
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "drop":
        i = rng.randrange(1, n)
        return word[:i] + word[i + 1:]
    if kind == "double":
        i = rng.randrange(1, n)
        return word[:i] + word[i] + word[i:]
    if kind == "undouble":
        return next((word[:i] + word[i + 1:] for i in range(1, n) if word[i] == word[i - 1]), None)
    if kind == "accent":
        plain = "".join(c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn")
        return unicodedata.normalize("NFC", plain) if plain != word else None
    if kind == "vowel":
        vowels = [i for i, char in enumerate(word) if char in "aeiou" and i > 0]
        if vowels:
            i = rng.choice(vowels)
            return word[:i] + rng.choice([v for v in "aeiou" if v != word[i]]) + word[i + 1:]
    return None


def mistyped(text: str, language: str, typos: int, rng: random.Random) -> str | None:
    """``text`` with a slip in each of ``typos`` of its words, or None where it has too few."""
    words = list((_GUJARATI_WORD if language == "gu" else _LATIN_WORD).finditer(text))
    if len(words) < typos:
        return None
    out = text
    for match in sorted(rng.sample(words, typos), key=lambda m: -m.start()):
        changed = slip(match.group(), rng.choice(KINDS), rng)
        if changed:
            out = out[:match.start()] + changed + out[match.end():]
    return out if out != text else None


def main() -> None:
    from referee.corpus import load_corpus
    from referee.search import Searcher

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--typos", type=int, default=2, help="how many words of a question get a slip")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list the questions lost to their slips")
    args = parser.parse_args()
    found: dict[str, list[int]] = {}
    misses = []
    with Searcher(load_corpus()) as searcher:
        def hit(text: str, item: dict) -> bool:
            ids = [h.id for h in searcher.query(text, language=item["lang"], limit=3, snippets=False).hits]
            return any(expected in ids for expected in item["expected"])

        for path in SETS:
            for item in yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]:
                if not hit(item["query"], item):
                    continue
                # each question's own generator: its slips do not change when another question
                # starts or stops being found as typed, so two runs differ only where the search does
                rng = random.Random(f"{args.seed}:{item['lang']}:{item['query']}")
                text = mistyped(item["query"], item["lang"], args.typos, rng)
                if text is None:
                    continue
                ok = hit(text, item)
                found.setdefault(item["lang"], []).append(int(ok))
                if not ok:
                    misses.append((item["lang"], item["query"], text))
    report = {language: {"questions": len(hits), "recall@3": round(sum(hits) / len(hits), 3)}
              for language, hits in found.items()}
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return
    for language, row in report.items():
        print(f"  {language:4} {row['questions']:4} questions   recall@3 with {args.typos} slips {row['recall@3']:.3f}")
    if args.misses:
        for language, typed, text in misses:
            print(f"    miss [{language}] {typed!r} as {text!r}")


if __name__ == "__main__":
    main()
