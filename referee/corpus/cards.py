"""Card records (``rules/cards.yaml``): every card the sources name or rule on.

A clause links to a card by listing the card's English name in ``cards``; a card's rulings are
the clauses that list it, so the link is stated once and read from both ends.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple
from pathlib import Path

from referee.corpus import schema
from referee.errors import Problem

CARD_TYPES = ("monster", "curse", "trap", "item", "one-shot item", "race", "class", "enhancer", "hireling",
              "steed", "dungeon", "portal", "room", "other")
CARD_KEYS = {"id": (True, str), "name": (True, str), "type": (True, str), "game": (True, str),
             "names": (False, dict), "aliases": (False, list), "facts": (False, dict)}
NAME_KEYS = {"name": (True, str), "seed": (True, str)}
FACT_KEYS = {"basis": (True, str), "level": (False, int), "treasures": (False, int), "levels": (False, int),
             "undead": (False, bool), "bonus_vs": (False, dict), "run_away": (False, int),
             "ignores_below": (False, int), "bonus": (False, int), "slot": (False, str), "big": (False, bool),
             "gold": (False, int), "requires": (False, dict), "effect": (False, dict)}
# items: the bonus for a user of a race, class or sex (Horny Helmet); a disguise's race (Fake Ears)
FACT_KEYS.update({"bonus_for": (False, dict), "disguise": (False, str)})
#: the order rulings are shown in: corrections first, then how to apply them, then the rest
RULING_ORDER = ("errata", "clarification", "card-ruling", "rule", "variant", "optional-rule")


class Card(NamedTuple):
    id: str
    name: str
    type: str
    game: str
    names: dict = {}            # lang -> (name, seed, line): names a source text gives
    aliases: tuple[str, ...] = ()
    facts: dict = {}
    file: str = "rules/cards.yaml"
    line: int = 0


def fold(text: str) -> str:
    """A name as players may type it: case, spacing and Latin accents ignored.

    Marks are dropped only after Latin letters: Gujarati vowel signs, anusvara and virama are
    letters of the word, not accents, and keep it whole (``unicodedata.combining`` says 0 for
    the spacing ones, so the category decides).
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    out = []
    for char in decomposed:
        mark = unicodedata.category(char).startswith("M")
        if mark and out and out[-1] < "\u0250":
            continue
        out.append(char if char.isalnum() or mark else " ")
    return unicodedata.normalize("NFC", " ".join("".join(out).split()))


def read_cards(root: Path, load, check_fields, problems: list[Problem]) -> list[Card]:
    """Read ``rules/cards.yaml`` (if present), reporting every problem of shape."""
    path = root / "cards.yaml"
    if not path.exists():
        return []
    from referee.corpus.corpus import display_root

    name = f"{display_root(root)}/cards.yaml"
    data = load(path, root, problems)
    if data is None:
        return []
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        problems.append(Problem(name, None, "cards", "expected a list of card records under `cards:`"))
        return []
    cards = []
    for i, raw in enumerate(data["cards"]):
        card_id = raw.get("id") if isinstance(raw, dict) else None
        where = f"cards[{i}]" if not isinstance(card_id, str) else f"card {card_id}"
        if not check_fields(raw, CARD_KEYS, name, where, problems):
            if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("id", "name")):
                continue
        if not schema.KEY_PATTERN.match(raw["id"]):
            problems.append(Problem(name, raw.line_of("id"), f"{where}.id", "expected a slug like 'loaded-die'"))
        for key, allowed in (("type", CARD_TYPES), ("game", schema.GAMES)):
            if isinstance(raw.get(key), str) and raw[key] not in allowed:
                problems.append(Problem(name, raw.line_of(key), f"{where}.{key}",
                                        f"unknown value {raw[key]!r} (expected one of: {', '.join(allowed)})"))
        names = {}
        for lang, entry in (raw.get("names") or {}).items():
            if check_fields(entry, NAME_KEYS, name, f"{where}.names.{lang}", problems):
                names[str(lang)] = (entry["name"], entry["seed"], entry.line)
        facts = {}
        if isinstance(raw.get("facts"), dict) and check_fields(raw["facts"], FACT_KEYS, name, f"{where}.facts",
                                                                problems):
            facts = {k: (dict(v) if isinstance(v, dict) else v) for k, v in raw["facts"].items()}
        cards.append(Card(id=raw["id"], name=raw["name"], type=str(raw.get("type")), game=str(raw.get("game")),
                          names=names, aliases=tuple(str(a) for a in raw.get("aliases") or []), facts=facts,
                          file=name, line=raw.line))
    return cards


def check_cards(corpus) -> list[Problem]:
    """Links that do not resolve, cards nothing rules on, source names not in their seed."""
    from referee.corpus.checks import quote_problem

    problems = []
    by_name = {}
    for card in corpus.cards.values():
        by_name.setdefault(card.name, []).append(card)
    ids = {}
    for card in corpus.all_cards:
        ids.setdefault(card.id, []).append(card)
    for card_id, same in ids.items():
        if len(same) > 1:
            for card in same:
                problems.append(Problem(card.file, card.line, f"card {card_id}.id", "duplicate card id"))
    for name, same in by_name.items():
        if len(same) > 1:
            problems.append(Problem(same[1].file, same[1].line, f"card {same[1].id}.name",
                                    f"two cards are named {name!r}"))
    linked = set()
    for clause in corpus.all_clauses:
        for card_name in clause.cards:
            if card_name in by_name:
                linked.add(card_name)
            elif corpus.cards:
                problems.append(Problem(clause.file, clause.line, f"{clause.id}.cards",
                                        f"no card record named {card_name!r} in {corpus.display}/cards.yaml"))
    for card in corpus.cards.values():
        if card.name not in linked:
            problems.append(Problem(card.file, card.line, f"card {card.id}",
                                    f"no clause rules on {card.name!r} (list it in a clause's `cards`)"))
        for lang, (name, seed, line) in card.names.items():
            known = corpus.seeds.get(seed)
            if known is not None and known.lang != lang:
                problems.append(Problem(card.file, line, f"card {card.id}.names.{lang}",
                                        f"{seed} is a {known.lang} text, not {lang}"))
            if not _in_seed(corpus, seed, name):
                problems.append(Problem(card.file, line, f"card {card.id}.names.{lang}",
                                        quote_problem(corpus, seed, name) or f"not found in {seed}"))
    return problems


def _in_seed(corpus, seed_name: str, name: str) -> bool:
    """Does the seed give this name? (Its case may differ: a name can open a sentence.)"""
    from referee.corpus.sources import normalize

    seed = corpus.seeds.get(seed_name)
    return seed is not None and normalize(name).casefold() in seed.searchable.casefold()
