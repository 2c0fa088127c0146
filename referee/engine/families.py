"""Families of items and monsters, known by what they are, whatever card (if any) they come from.

Most families are fields of the situation (``big``, ``slot``, ``one_shot``, ``undead``); a few
are defined by the rules themselves through a name rule, and those rules are the only place the
engine reads a name: star-munchkin.laser-weapons (every item whose name ends more or less in
"aser" is a laser weapon). Star Munchkin's henchmen are never items (star-munchkin.henchmen-not-items);
an expansion hireling is one only with a price on its card (hirelings.not-items).
"""

from __future__ import annotations

import re

from referee.model import Hireling, Item

#: family -> (the clause whose rule defines it by name, the game it belongs to, the name pattern)
NAME_RULES = {
    "laser weapon": ("star-munchkin.laser-weapons", "star-munchkin", re.compile(r"a[sz]ers?\W*$", re.IGNORECASE)),
}


def in_family(item: Item, family: str, game: str) -> bool:
    """Does ``item`` belong to a family the rules of ``game`` define by name?"""
    _clause, rule_game, pattern = NAME_RULES[family]
    return game == rule_game and pattern.search(item.name) is not None


def is_laser(item: Item, game: str) -> bool:
    return in_family(item, "laser weapon", game)


def hireling_is_item(hireling: Hireling, game: str) -> tuple[bool, str]:
    """Whether a hireling counts as an item (to trade, sell or steal), and the clause that says so."""
    if game == "star-munchkin":
        return False, "star-munchkin.henchmen-not-items"
    return hireling.gold > 0, "hirelings.not-items"
