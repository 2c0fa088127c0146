"""Which of two applicable clauses wins, as the sources state it.

The order (Spanish rulebook, Hungarian FAQ, German golden rule):

- a clause that explicitly overrides another wins (Divine Intervention over "level 10 only by
  a kill");
- errata and clarifications beat the card they correct;
- card text beats the rulebook …
- … except the four core rules (level never below 1; a level in combat only for a kill; no
  rewards before the combat is over; level 10 only by a kill), which beat any card that does not
  say so explicitly;
- of two dungeons, the one played later wins.

Two clauses that apply, disagree, and are not ordered by any of these are an
:class:`EngineConflict`: a hole in the rules to report, never a silent pick.
"""

from __future__ import annotations

from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Any


class EngineConflict(Exception):
    """Two applicable clauses disagree and no precedence rule orders them."""

    def __init__(self, first: "Ruling", second: "Ruling"):
        self.first, self.second = first, second
        super().__init__(f"{first.clause} ({first.outcome!r}) and {second.clause} ({second.outcome!r}) "
                         "both apply and disagree, and no precedence rule orders them")


class Ruling(Record):
    """What one clause says the outcome is, and what layer of the rules it belongs to."""

    clause: str
    layer: str
    outcome: Any
    overrides: tuple[str, ...] = ()   # clause ids this one explicitly sets aside
    played: int = 0                   # for dungeons: the order they were played in


def beats(a: Ruling, b: Ruling) -> bool | None:
    """``True`` if ``a`` wins over ``b``, ``False`` if it loses, ``None`` if nothing orders them."""
    if b.clause in a.overrides:
        return True
    if a.clause in b.overrides:
        return False
    pair = (a.layer, b.layer)
    if pair == ("dungeon", "dungeon") and a.played != b.played:
        return a.played > b.played
    order = {("errata", "card"), ("card", "rule"), ("core", "card"), ("core", "rule"), ("errata", "rule"),
             ("dungeon", "rule")}
    if pair in order:
        return True
    if pair[::-1] in order:
        return False
    return None


def resolve(rulings: list[Ruling]) -> Ruling:
    """The ruling that decides, among all that apply (raise :class:`EngineConflict` if none can)."""
    if not rulings:
        raise ValueError("no ruling applies")
    winner = rulings[0]
    for other in rulings[1:]:
        if other.outcome == winner.outcome:
            continue
        verdict = beats(other, winner)
        if verdict is None:
            raise EngineConflict(winner, other)
        if verdict:
            winner = other
    # The winner must beat every disagreeing ruling, not just the ones met after it.
    for other in rulings:
        if other is not winner and other.outcome != winner.outcome and beats(winner, other) is not True:
            raise EngineConflict(winner, other)
    return winner
