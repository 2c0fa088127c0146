"""Numbers on a card record that no printed card of the game could carry.

A monster record must carry its printed level and Treasures: without them it cannot be fought.
A typo in a card's facts (``level: 180``, ``gold: 45000``) would not break the schema, yet every
verdict on that card would be wrong. The ranges are the game's own (rules/README.md lists them):
monsters are levels 1 to 20 (the Epic game's highest), give 1 to 8 Treasures and 1 to 5
levels; bonuses, of items, enhancers or monsters against a kind of player, stay within ten
either way; prices are 0 to 5,000 Gold Pieces; an escape modifier stays within the die's six.
"""

from __future__ import annotations

from referee.errors import Problem

#: fact key -> (lowest, highest) on any card; a key a monster carries may be narrower below
RANGES = {
    "level": (1, 20),
    "treasures": (-8, 8),
    "levels": (1, 5),
    "bonus": (-10, 10),
    "gold": (0, 5000),
    "run_away": (-6, 6),
    "ignores_below": (0, 20),
}
#: narrower ranges by card type: a monster gives Treasures, it never takes them
BY_TYPE = {"monster": {"treasures": (1, 8)}}
#: facts whose values are a mapping of bonuses (race, class or sex -> bonus)
BONUS_MAPS = ("bonus_vs",)
#: keys checked wherever they stand inside an effect, at any depth
NESTED = ("bonus", "gold")
#: the printed numbers every card of a type carries: a monster without them cannot be fought
REQUIRED = {"monster": ("level", "treasures")}


def check_card_numbers(corpus) -> list[Problem]:
    out = []
    for card in corpus.cards.values():
        missing = [key for key in REQUIRED.get(card.type, ()) if key not in card.facts]
        if missing:
            out.append(Problem(card.file, card.line, f"card {card.id}.facts",
                               f"a {card.type} card needs its printed {' and '.join(missing)} "
                               f"(facts: {{basis: published-card, {', '.join(f'{k}: N' for k in missing)}}})"))
        ranges = {**RANGES, **BY_TYPE.get(card.type, {})}
        for key, value in card.facts.items():
            if key in ranges:
                out += _out_of_range(card, key, value, ranges[key])
            elif key in BONUS_MAPS and isinstance(value, dict):
                for who, bonus in value.items():
                    out += _out_of_range(card, f"{key}.{who}", bonus, RANGES["bonus"])
            elif isinstance(value, (dict, list)):
                out += _nested(card, key, value)
    return out


def _nested(card, path: str, value) -> list[Problem]:
    out = []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for key, inner in items:
        where = f"{path}.{key}" if isinstance(value, dict) else f"{path}[{key}]"
        if isinstance(value, dict) and key in NESTED:
            out += _out_of_range(card, where, inner, RANGES[key])
        elif isinstance(inner, (dict, list)):
            out += _nested(card, where, inner)
    return out


def _out_of_range(card, field: str, value, bounds: tuple[int, int]) -> list[Problem]:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or low <= value <= high:
        return []
    kind = f"a {card.type}'s" if card.type in BY_TYPE and field in BY_TYPE[card.type] else "a card's"
    return [Problem(card.file, card.line, f"card {card.id}.facts.{field}",
                    f"{value} is outside the game's range for {kind} {field.split('.')[0]} "
                    f"({low} to {high}): check the printed card")]
