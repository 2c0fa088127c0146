"""The trace of a judgement: the clauses that decided it, in order, and the dissenting ones."""

from __future__ import annotations

from referee.message import Message, Phrase
from referee.model import Dissent, Reason


def N_(template: str) -> str:
    """Mark a note template for the message catalog; the CLI translates it when shown."""
    return template


# A count with its noun, for a note: the catalog picks the noun's form for the number in each
# language ("1 card", "2 cards"; "1 Karte", "2 Karten"), which "card(s)" cannot.
def cards(count: int) -> Phrase:
    return Phrase.plural_of("{n} card", "{n} cards", "n", n=count)


def levels(count: int) -> Phrase:
    return Phrase.plural_of("{n} level", "{n} levels", "n", n=count)


def treasures(count: int) -> Phrase:
    return Phrase.plural_of("{n} treasure", "{n} treasures", "n", n=count)


class Trace:
    """Collects reasons and dissent while a question is judged.

    Every rule function takes the trace and cites the clause it applies, with a note saying why
    it applies here; the same clause cited twice keeps its first place.
    """

    def __init__(self, alias=lambda clause: clause):
        self.reasons: list[Reason] = []
        self.dissent: list[Dissent] = []
        #: maps a classic-Munchkin clause to the variant's own statement of the same rule
        self.alias = alias
        #: facts already stated once in this judgement (e.g. that a player is Epic)
        self.noted: set = set()

    def cite(self, clause: str, template: str, **values) -> None:
        self.reasons.append(Reason(self.alias(clause), Message.of(template, **values)))

    def cite_n(self, clause: str, singular: str, plural: str, count: str, /, **values) -> None:
        """Cite with a note whose wording follows a count (``values[count]``): "{names} must run
        away" is one verb form for one player and another for two in most languages."""
        self.reasons.append(Reason(self.alias(clause), Message.plural_of(singular, plural, count, **values)))

    def dissent_from(self, clause: str, template: str, **values) -> None:
        if all(d.clause != clause for d in self.dissent):
            self.dissent.append(Dissent(clause, Message.of(template, **values)))

    def cited(self) -> list[str]:
        return [r.clause for r in self.reasons]
