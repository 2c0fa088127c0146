"""The closed schema of a rules file: which keys exist, which values each may take.

Kept as tables so a reviewer can read the whole format on one screen; ``rules/README.md``
explains it in prose.
"""

from __future__ import annotations

from referee.lazyre import Lazy

KINDS = ("rule", "clarification", "errata", "card-ruling", "variant", "optional-rule")
GAMES = ("munchkin", "star-munchkin", "epic", "expansions")
RELATIONS = ("errata-of", "clarifies", "see-also", "conflicts-with", "overrides")
BASES = ("published-card",)

#: top-level keys of a topic file -> (required, type)
FILE_KEYS = {"topic": (True, str), "title": (False, str), "clauses": (True, list)}

#: keys of a clause -> (required, type)
CLAUSE_KEYS = {
    "key": (True, str),
    "title": (True, str),
    "text": (True, str),
    "kind": (True, str),
    "game": (True, str),
    "topics": (True, list),
    "sources": (False, list),
    "related": (False, list),
    "conflict": (False, dict),
    "cards": (False, list),
    "note": (False, str),
    "basis": (False, str),
    "not_adjudicable": (False, str),
    # the figures the clause states, as data (referee.engine.values): {hand_limit: 5}
    "values": (False, dict),
}
SOURCE_KEYS = {"seed": (True, str), "lang": (True, str), "quote": (True, str)}
RELATION_KEYS = {"id": (True, str), "relation": (True, str)}
CONFLICT_KEYS = {"followed": (True, bool), "why": (True, str)}
RESIDUE_KEYS = {"seed": (True, str), "quote": (True, str), "reason": (True, str)}

#: (compiled when a corpus is read or checked, not on the start-up of a command that reads the cache)
#: a name in a clause's ``values:`` (hand_limit), and the largest figure a rule states (1,000 gold)
VALUE_NAME = Lazy(r"^[a-z]+(_[a-z]+)*$")
MAX_VALUE = 100_000

KEY_PATTERN = Lazy(r"^[a-z0-9]+(-[a-z0-9]+)*$")
ID_PATTERN = Lazy(r"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")

TYPE_NAMES = {str: "a string", list: "a list", dict: "a mapping", bool: "true or false", int: "a number"}
