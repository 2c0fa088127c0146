"""The numbers of the rules, read from the clauses that state them.

A clause of ``rules/*.yaml`` that states a figure carries it as data beside its text, the way
OpenFisca keeps a law's figures with their reference::

    - key: hand-limit
      text: At the end of your turn … no more than five cards in your hand.
      values: {hand_limit: 5}

The corpus hands them to the engine with each question (:class:`RuleValues`); the engine reads
a figure by the clause that states it, in the game being played (a variant's own clause when it
restates the rule with a figure of its own). :data:`READ` lists every figure the engine reads,
so ``referee check`` can refuse a corpus that lacks one, or whose clause does not state it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Mapping


#: (clause id, name) of every figure the engine reads
READ = (
    ("setup.winning", "winning_level"),
    ("epic.play-to-20", "winning_level"),
    ("epic.level-19-20-by-kill", "from_level"),
    ("epic.epic-from-level-10", "epic_level"),
    ("turn.hand-limit", "hand_limit"),
    ("races.dwarf-hand-size", "hand_limit"),
    ("star-munchkin.hand-limit", "hand_limit"),
    ("precedence.level-never-below-one", "level_floor"),
    ("star-munchkin.level-floor", "level_floor"),
    ("star-munchkin.level-floor-cyborg", "level_floor"),
    ("items.big", "big_items"),
    ("star-munchkin.complex-items", "complex_items"),
    ("running-away.roll", "escape_roll"),
    ("star-munchkin.run-away-roll", "escape_roll"),
    ("trading-selling.sell", "gold_per_level"),
    ("star-munchkin.sell", "gold_per_level"),
    ("epic.human-pet", "max_monster_level"),
    ("epic.cleric-ask-for-a-miracle", "cards"),
    ("epic.centaur-herd", "cards"),
    ("epic.ranger-animal-exploitation", "cards"),
    ("epic.elf-thief-arrows-and-backstab", "cards"),
    ("epic.bard-super-bard-luck", "extra_treasures"),
    ("epic.gnome-slippery", "treasures"),
    ("races.halfling", "double_price_items"),
    ("epic.halfling-flea-market", "double_price_items"),
)


class MissingValue(LookupError):
    """The corpus gives no figure the engine reads (``referee check`` reports it first)."""


class RuleValues:
    """clause id -> name -> the figure that clause states."""

    def __init__(self, by_clause: Mapping[str, Mapping[str, int]]):
        self._by_clause = by_clause

    def __call__(self, clause_id: str, name: str) -> int:
        try:
            return self._by_clause[clause_id][name]
        except KeyError:
            raise MissingValue(f"the rules corpus gives no {name!r} on clause {clause_id} "
                               f"(its `values:`); `referee check` names what is missing") from None

    def has(self, clause_id: str, name: str) -> bool:
        return name in self._by_clause.get(clause_id, {})
