"""Judging a situation, whoever asks: a file (``referee judge``), a question typed on the command
line or in the interactive session, or a request to the local server.

Every face of the referee goes through :func:`judge_data`, so a question asked in one line and
the same situation written to a file get the same verdict, figures and reasons. It reads the
situation with the card records at hand (``card: Drooling Slime``) and names the cards the
verdict involves, with the rulings on them that its reasons do not already cite.
"""

from __future__ import annotations

from referee.errors import RulesDoNotSettle
from referee.model import Situation, Verdict
from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Any


#: the kinds of clause that rule on a card; a rule that names a card as its example is not one
RULING_KINDS = ("errata", "clarification", "card-ruling")


class CardNote(Record):
    """A card the situation names, and the clauses that rule on it beyond the verdict's reasons."""

    card: Any            # referee.corpus.cards.Card
    rulings: tuple       # referee.corpus.Clause, errata first


class Judgement(Record):
    situation: Situation
    verdict: Verdict
    cards: tuple[CardNote, ...] = ()


def card_lookup(corpus):
    """The ``card:`` resolver of situations (:func:`referee.cards.card_resolver`), made on the
    first card a situation names (most name none, and card lookup has imports of its own) and
    kept with the corpus, so a session or a server builds it once."""

    def resolve(name: str, exact_only: bool = False):
        known = _RESOLVERS.get(id(corpus))
        if known is None or known[0] is not corpus:
            # lazy: referee.cards 135 ms to import, which `referee table show` does not need
            from referee.cards import card_resolver, corpus_name_table, localizer

            if len(_RESOLVERS) >= 8:  # corpora read and dropped (a localizer's edits): start afresh
                _RESOLVERS.clear()
            known = _RESOLVERS[id(corpus)] = (corpus, card_resolver(corpus.cards.values(), localizer(),
                                                                    lambda: corpus_name_table(corpus)))
        return known[1](name, exact_only)

    return resolve


#: id(corpus) -> (that corpus, its card resolver); a plain dict, as the corpora it holds are
#: kept by load_corpus anyway (weakref would be one more import on every judge's start-up)
_RESOLVERS: dict[int, tuple] = {}
def judge_text(text: str, name: str, corpus) -> Judgement:
    """Judge a situation file's text (YAML or JSON); ``name`` is how problems refer to it."""
    # lazy: referee.situation 106 ms to import, paid only by the calls that need it
    from referee.situation import load_situation

    return _judge(load_situation(text, name, cards=card_lookup(corpus)), name, corpus)


def judge_data(data: dict, name: str, corpus) -> Judgement:
    """Judge a situation given as a mapping (the situation file's format, already parsed)."""
    # lazy: referee.situation 106 ms to import, paid only by the calls that need it
    from referee.situation import read_situation

    return _judge(read_situation(data, name, cards=card_lookup(corpus)), name, corpus)


def _judge(situation: Situation, name: str, corpus) -> Judgement:
    # lazy: referee.engine 3 ms to import, paid only by the calls that need it
    from referee.engine import EngineConflict, judge

    try:
        verdict = judge(situation, corpus.values)
    except EngineConflict as exc:
        raise RulesDoNotSettle("{file}: the rules do not settle this: {error}", file=name, error=str(exc)) from None
    return Judgement(situation, verdict, involved_cards(corpus, situation, verdict))


def _gear(player) -> list[str]:
    return [i.name for i in player.items] + [x.name for x in (player.hireling, player.steed) if x is not None]


def _named(situation: Situation) -> list[str]:
    """The names in the situation that the question is about and that may be cards': the
    monsters and the fighters' gear in a fight, the items a question names, curses in play."""
    question, combat = situation.question, situation.combat
    names: list[str] = []
    if question.kind in ("combat", "run-away") and combat is not None:
        names += [m.name for m in combat.monsters]
        for name in (combat.fighter, combat.helper):
            if name:
                player = situation.player(name)
                names += (_gear(player) if question.kind == "combat" else []) + [c.name for c in player.curses]
    player = situation.player(question.player) if question.player else None
    if question.kind in ("equipment", "death") and player is not None:
        names += _gear(player)
    names += list(question.items) + ([question.item] if question.item else [])
    if player is not None:
        names += [c.name for c in player.curses]
    return names


def involved_cards(corpus, situation: Situation, verdict: Verdict) -> tuple[CardNote, ...]:
    """The cards the verdict involves that have rulings (errata, clarifications, card rulings)
    its reasons do not cite.

    A name counts when it is exactly a card's name in some language (case and accents aside):
    a typo in a player's own item name must not drag in another card's rulings.
    """
    # lazy: referee.cards 135 ms to import, which `referee table show` does not need
    from referee.cards import corpus_name_table, exact_cards

    cited = {r.clause for r in verdict.reasons} | {d.clause for d in verdict.dissent}
    found = exact_cards(corpus.cards.values(), _named(situation), by_name=corpus_name_table(corpus))
    notes = []
    for card in found:
        rulings = tuple(c for c in corpus.rulings(card) if c.id not in cited and c.kind in RULING_KINDS)
        if rulings:
            notes.append(CardNote(card, rulings))
    return tuple(notes)
