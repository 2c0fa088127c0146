"""Every card × every language: a card named by its name in any of the six languages is the same
card in a verdict as when named in English (exhaustive over the card records and the catalogs).

Each kind of card is named where situations name it — a monster in a fight (``card:``), an item
in a player's gear, a curse in ``curses:``, a race or class in a player's ``races``/``classes`` —
and the verdict, its figures and the clauses it cites must not change with the language.
"""

from __future__ import annotations

import pytest

from referee import LANGUAGES
from referee.adjudicate import judge_data
from referee.cards import card_names, localizer
from referee.corpus import load_corpus
from referee.model import CLASSES, RACES

CORPUS = load_corpus()
LOCALIZED = localizer()
GAME = {"star-munchkin": "star-munchkin"}   # every other card is played in classic Munchkin


def _situation(card, name: str) -> dict | None:
    """A situation naming ``card`` by ``name`` where situations name such cards, or ``None``."""
    game = GAME.get(card.game, "munchkin")
    facts = card.facts
    bob = {"name": "Bob", "level": 3}
    if card.type == "monster" and "level" in facts:
        return {"game": game, "players": [{"name": "Ann", "level": 5, "races": [RACES[game][1]]}, bob],
                "combat": {"fighter": "Ann", "helper": "Bob", "monsters": [{"card": name}]},
                "question": {"kind": "combat"}}
    if card.type in ("item", "one-shot item"):
        return {"game": game, "players": [{"name": "Ann", "level": 4, "races": [RACES[game][1]],
                                           "classes": [CLASSES[game][0]], "items": [{"name": name}]}, bob],
                "question": {"kind": "equipment", "player": "Ann"}}
    if card.type in ("curse", "trap"):
        gear = [{"name": "Boots", "bonus": 2, "slot": "footgear"}, {"name": "Bow", "bonus": 3, "slot": "two-hands"},
                {"name": "Mail", "bonus": 2, "slot": "armor"}]
        return {"game": game, "players": [{"name": "Ann", "level": 4, "sex": "male", "races": [RACES[game][1]],
                                           "items": gear, "curses": [name]}, bob],
                "question": {"kind": "equipment", "player": "Ann"}}
    if card.type in ("race", "class") and card.id in (RACES if card.type == "race" else CLASSES)[game]:
        key = "races" if card.type == "race" else "classes"
        return {"game": game, "players": [{"name": "Ann", "level": 4, key: [name]}, bob],
                "combat": {"fighter": "Ann", "monsters": [{"name": "Foe", "level": 6, "bonus_vs": {card.id: 3}}]},
                "question": {"kind": "combat"}}
    return None


def _shape(judgement) -> tuple:
    """What must not depend on the language a card was named in."""
    verdict = judgement.verdict
    details = {k: v for k, v in verdict.details.items() if k not in ("active", "inactive")}
    return (verdict.verdict, repr(details), tuple(r.clause for r in verdict.reasons),
            tuple(d.clause for d in verdict.dissent), len(verdict.details.get("active", ())))


def _names(card) -> list[tuple[str, str]]:
    """The card's name in each language (its catalog's), and the source texts' own where they differ."""
    names = [(language, name) for language, name in card_names(card, LOCALIZED).items() if language != "en"]
    return names + [(language, entry[0]) for language, entry in card.names.items() if (language, entry[0]) not in names]


CASES = [pytest.param(card, language, name, id=f"{card.id}-{language}-{name}")
         for card in sorted(CORPUS.cards.values(), key=lambda c: c.id)
         if _situation(card, card.name) is not None
         for language, name in _names(card)]


def test_every_kind_of_card_a_situation_names_is_covered():
    kinds = {card.type for card, _language, _name in (p.values for p in CASES)}
    assert {"monster", "item", "one-shot item", "curse", "trap", "race", "class"} <= kinds
    assert {language for _card, language, _name in (p.values for p in CASES)} == set(LANGUAGES) - {"en"}


@pytest.mark.parametrize("card, language, name", CASES)
def test_a_card_named_in_any_language_gives_the_english_verdict(card, language, name):
    english = judge_data(_situation(card, card.name), "en.yaml", CORPUS)
    named = judge_data(_situation(card, name), f"{language}.yaml", CORPUS)
    assert _shape(named) == _shape(english), (card.id, language, name)
