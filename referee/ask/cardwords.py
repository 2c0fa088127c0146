"""The cards a question may name, by every name they have in the six languages: monsters,
races and classes, monster enhancers. Built once per corpus from the card lookup's own name
table (:func:`referee.cards.name_table`), so a name in any language is the same card."""

from __future__ import annotations

from typing import NamedTuple

from referee.corpus.cards import fold

#: a run of words this close (rapidfuzz ratio, 0–100) to a card's name is that card, typos forgiven
FUZZY = 88
#: the shortest run of letters compared with typos forgiven (shorter ones must be exact)
FUZZY_LENGTH = 5
LONGEST_NAME = 6


class CardWords(NamedTuple):
    monsters: dict       # folded name -> card
    personas: dict       # folded name -> (race|class, code)
    enhancers: dict      # folded name -> (card, bonus)
    monster_names: list  # the folded names, for the fuzzy pass


_BUILT: dict = {}


def card_words(corpus) -> CardWords:
    key = corpus.content_key or id(corpus)
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = _build(corpus)
    return built


def _build(corpus) -> CardWords:
    from referee import model
    from referee.cards import localizer, name_table
    from referee.vocabulary import canonical

    cards = list(corpus.cards.values())
    table = name_table(cards, localizer())
    monsters, personas, enhancers = {}, {}, {}
    for name, card in table.items():
        if card.type == "monster":
            monsters[name] = card
        elif card.type in ("race", "class"):
            words = model.RACES["munchkin"] + model.RACES["star-munchkin"] if card.type == "race" else \
                model.CLASSES["munchkin"] + model.CLASSES["star-munchkin"]
            code = canonical(card.id, words)
            if code:
                personas[name] = (card.type, code)
        elif card.type == "enhancer" and isinstance(card.facts.get("bonus"), int):
            enhancers[name] = (card, card.facts["bonus"])
    for kind, vocab in (("race", model.RACES["munchkin"]), ("class", model.CLASSES["munchkin"])):
        for code in vocab:
            personas.setdefault(fold(code.replace("-", " ")), (kind, code))
    return CardWords(monsters, personas, enhancers, list(monsters))


def fuzzy_monster(words: CardWords, text: str):
    """The monster card a run of words names with a typo, or ``None``."""
    if len(text.replace(" ", "")) < FUZZY_LENGTH:
        return None
    from rapidfuzz import fuzz, process

    found = process.extractOne(text, words.monster_names, scorer=fuzz.ratio, score_cutoff=FUZZY)
    return words.monsters[found[0]] if found else None
