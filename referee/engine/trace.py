"""The trace of a judgement: the clauses that decided it, in order, and the dissenting ones."""

from __future__ import annotations

from referee.message import Message
from referee.model import Dissent, Reason


def N_(template: str) -> str:
    """Mark a note template for the message catalog; the CLI translates it when shown."""
    return template


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

    def dissent_from(self, clause: str, template: str, **values) -> None:
        if all(d.clause != clause for d in self.dissent):
            self.dissent.append(Dissent(clause, Message.of(template, **values)))

    def cited(self) -> list[str]:
        return [r.clause for r in self.reasons]
