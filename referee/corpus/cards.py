"""Card records (``rules/cards.yaml``): every card the sources name or rule on.

A clause links to a card by listing the card's English name in ``cards``; a card's rulings are
the clauses that list it, so the link is stated once and read from both ends.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from referee.corpus import schema
from referee.corpus.paths import display_root
from referee.corpus.sources import normalize, quote_problem
from referee.errors import Problem
from referee.records import Record

CARD_TYPES = ("monster", "curse", "trap", "item", "one-shot item", "race", "class", "enhancer", "hireling",
              "steed", "dungeon", "portal", "room", "other")
CARD_KEYS = {"id": (True, str), "name": (True, str), "type": (True, str), "game": (True, str),
             "names": (False, dict), "aliases": (False, list), "facts": (False, dict)}
NAME_KEYS = {"name": (True, str), "seed": (True, str)}
FACT_KEYS = {"basis": (True, str), "level": (False, int), "treasures": (False, int), "levels": (False, int),
             "undead": (False, bool), "bonus_vs": (False, dict), "run_away": (False, int),
             "ignores_below": (False, int), "bonus": (False, int), "slot": (False, str), "big": (False, bool),
             "gold": (False, int), "requires": (False, dict), "effect": (False, dict)}
# A monster's printed effects (referee/engine/fight.py and running.py apply them by kind, never by name):
FACT_KEYS.update({"friendly_to": (False, dict), "no_help": (False, dict), "level_only": (False, dict),
                  "escape_loss": (False, dict), "auto_escape": (False, dict), "bad_stuff": (False, dict),
                  "extra_treasure": (False, dict), "chased_by": (False, dict), "weapons_bonus": (False, dict),
                  "families": (False, list), "wave_past": (False, dict), "stomped_by": (False, dict),
                  "rulings": (False, dict), "treasure_for_all": (False, dict), "ignores": (False, dict)})
#: each monster effect's own keys (a closed vocabulary); ``clause`` names the ruling it comes from
MONSTER_EFFECTS = {
    "friendly_to": {"who": (True, list), "gives": (False, int), "trade_in": (False, int), "clause": (False, str),
                    "trade_clause": (False, str)},
    "wave_past": {"unless": (False, list), "clause": (False, str), "unless_clause": (False, str)},
    "treasure_for_all": {"each": (False, int), "winners": (False, int), "clause": (False, str),
                         "winners_clause": (False, str)},
    "stomped_by": {"who": (True, list), "not": (False, list), "clause": (False, str), "not_clause": (False, str),
                   "optional_clause": (False, str), "shared_clause": (False, str)},
    "no_help": {"clause": (False, str)},
    "level_only": {"clause": (False, str)},
    "escape_loss": {"levels": (True, int), "clause": (False, str)},
    "auto_escape": {"clause": (False, str)},
    "bad_stuff": {"levels": (False, int), "slots": (False, list), "death": (False, bool), "classes": (False, bool),
                  "otherwise_levels": (False, int), "random_items": (False, bool), "clause": (False, str)},
    "extra_treasure": {"who": (True, list), "treasures": (True, int), "clause": (False, str)},
    "chased_by": {"who": (True, list), "clause": (False, str)},
    "ignores": {"who": (True, list), "clause": (False, str)},
    "weapons_bonus": {"fewer_than": (True, int), "bonus": (True, int), "clause": (False, str)},
}
#: the families a monster card may name (undead has its own key, as situations always had)
MONSTER_FAMILIES = ("plant", "santanic")
# items: the bonus for a user of a race, class or sex (Horny Helmet); a disguise's race (Fake Ears)
FACT_KEYS.update({"bonus_for": (False, dict), "disguise": (False, str)})
# A hireling that carries extra Big items for its owner (card-rulings.hireling-big-item):
FACT_KEYS.update({"big_items": (False, int)})
# A one-shot only the player whose combat it is may play (the Magic Lamp: `{clause: <ruling>}`):
FACT_KEYS.update({"fighter_only": (False, dict)})
#: the order rulings are shown in: corrections first, then how to apply them, then the rest
RULING_ORDER = ("errata", "clarification", "card-ruling", "rule", "variant", "optional-rule")


class Card(Record):
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
            if not _effects_ok(raw["facts"], check_fields, name, f"{where}.facts", problems):
                facts = {k: v for k, v in facts.items() if k not in MONSTER_EFFECTS and k != "families"}
        cards.append(Card(id=raw["id"], name=raw["name"], type=str(raw.get("type")), game=str(raw.get("game")),
                          names=names, aliases=tuple(str(a) for a in raw.get("aliases") or []), facts=facts,
                          file=name, line=raw.line))
    return cards


def _effects_ok(facts, check_fields, file: str, where: str, problems: list[Problem]) -> bool:
    """Check the monster effects in a card's facts against their closed vocabulary."""
    # lazy: referee.model 3 ms to import, which `referee rule` does not need
    from referee.model import CLASSES, RACES, SEXES, SLOTS

    words = set(SEXES).union(*RACES.values(), *CLASSES.values())
    ok = True
    for effect, spec in MONSTER_EFFECTS.items():
        value = facts.get(effect)
        if value is None:
            continue
        if not check_fields(value, spec, file, f"{where}.{effect}", problems):
            ok = False
            continue
        for key, allowed in (("who", words), ("unless", words), ("not", words), ("slots", set(SLOTS))):
            for word in value.get(key, ()):
                if word not in allowed:
                    problems.append(Problem(file, _line(value, key), f"{where}.{effect}.{key}",
                                            f"unknown value {word!r} (expected one of: {', '.join(sorted(allowed))})"))
                    ok = False
    for fact in facts.get("rulings") or {}:
        if fact not in ("undead", "families"):
            problems.append(Problem(file, _line(facts.get("rulings"), fact), f"{where}.rulings.{fact}",
                                    "a ruling on a plain fact names undead or families (an effect names its own "
                                    "clause)"))
            ok = False
    for family in facts.get("families") or ():
        if family not in MONSTER_FAMILIES:
            problems.append(Problem(file, _line(facts, "families"), f"{where}.families",
                                    f"unknown family {family!r} (expected one of: {', '.join(MONSTER_FAMILIES)})"))
            ok = False
    return ok


def effect_clauses(card: Card):
    """(effect, clause id) for every monster effect of ``card`` that names the ruling it comes from."""
    for effect in MONSTER_EFFECTS:
        value = card.facts.get(effect)
        if isinstance(value, dict):
            for key in ("clause", "trade_clause", "unless_clause", "not_clause", "optional_clause", "shared_clause",
                        "winners_clause"):
                if isinstance(value.get(key), str):
                    yield effect, value[key]
    for fact, clause_id in (card.facts.get("rulings") or {}).items():
        yield fact, str(clause_id)


def check_cards(corpus) -> list[Problem]:
    """Links that do not resolve, cards nothing rules on, source names not in their seed."""
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
        for effect, clause_id in effect_clauses(card):
            if clause_id not in corpus.clauses:
                problems.append(Problem(card.file, card.line, f"card {card.id}.facts.{effect}.clause",
                                        f"no clause {clause_id!r}"))
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
    seed = corpus.seeds.get(seed_name)
    return seed is not None and normalize(name).casefold() in seed.searchable.casefold()


def _line(mapping, key):
    return mapping.line_of(key) if hasattr(mapping, "line_of") else None
