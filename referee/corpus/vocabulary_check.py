"""The races, classes and enhancers a situation may name agree with the card records.

``referee.model`` holds the closed vocabularies the situation reader enforces; ``rules/cards.yaml``
holds a record for every race and class card the sources name. Each must list what the other
does, so a card added to the corpus (or a word added to the model) cannot be forgotten. A curse's
``facts.effect`` must use the effects the engine knows (``referee.model.CURSE_EFFECTS``).
"""

from __future__ import annotations

from referee import model
from referee.errors import Problem
from referee.vocabulary import canonical

#: card type -> the model's vocabulary per game
_VOCABULARIES = {"race": model.RACES, "class": model.CLASSES}
#: the games a card record's ``game`` is played in
_PLAYED_IN = {"munchkin": ("munchkin", "epic"), "expansions": ("munchkin", "epic"), "epic": ("epic",),
              "star-munchkin": ("star-munchkin",)}
_WHERE = {"race": "referee.model.RACES", "class": "referee.model.CLASSES"}


def check_vocabulary(corpus) -> list[Problem]:
    """Race and class card records missing from the model's vocabularies, and the reverse."""
    problems = []
    for card in corpus.cards.values():
        vocabularies = _VOCABULARIES.get(card.type)
        if vocabularies is None:
            continue
        for game in _PLAYED_IN.get(card.game, ()):
            for spelling in (card.name, *card.aliases):
                if canonical(spelling, vocabularies[game]) != card.id:
                    problems.append(Problem(card.file, card.line, f"card {card.id}",
                                            f"{spelling!r} ({card.type}) is not read as {card.id!r} in "
                                            f"{_WHERE[card.type]}[{game!r}]; add it there (or to SPELLINGS)"))
    for card_type, vocabularies in _VOCABULARIES.items():
        for game, words in vocabularies.items():
            records = {c.id for c in corpus.cards.values()
                       if c.type == card_type and game in _PLAYED_IN.get(c.game, ())}
            for word in words:
                if word != "human" and word not in records:
                    problems.append(Problem("referee/model.py", None, f"{_WHERE[card_type]}[{game!r}]",
                                            f"{word!r} has no {card_type} card record for {game} in "
                                            f"rules/cards.yaml"))
    for card in corpus.cards.values():
        for effect, value in (card.facts.get("effect") or {}).items():
            allowed = model.CURSE_EFFECTS.get(effect)
            if card.type not in ("curse", "trap"):
                problems.append(Problem(card.file, card.line, f"card {card.id}.facts.effect",
                                        "only curses and traps have an effect"))
            elif allowed is None:
                problems.append(Problem(card.file, card.line, f"card {card.id}.facts.effect.{effect}",
                                        f"unknown effect (expected one of: {', '.join(model.CURSE_EFFECTS)})"))
            elif value not in allowed:
                problems.append(Problem(card.file, card.line, f"card {card.id}.facts.effect.{effect}",
                                        f"unknown value {value!r} (expected one of: "
                                        f"{', '.join(str(a).lower() for a in allowed)})"))
    enhancer_names = {canonical(c.name, model.ENHANCERS) for c in corpus.cards.values() if c.type == "enhancer"}
    for word in model.ENHANCERS:
        if word not in enhancer_names:
            problems.append(Problem("referee/model.py", None, "referee.model.ENHANCERS",
                                    f"{word!r} has no enhancer card record in rules/cards.yaml"))
    return problems
