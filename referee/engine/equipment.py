"""Which items a character is really using, and what they add up to.

Implements items.slots (one headgear, one armor, one footgear, two hands), items.big (one Big
item; races.dwarf: any number), items.requirements (anyone may carry, only some may use),
items.carried (items turned sideways help nobody) and Star Munchkin's Complex items.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from referee.engine.trace import Trace
from referee.message import Alternatives, Phrase
from referee.engine.variants import Munchkin
from referee.model import Item, Player

SINGLE_SLOTS = ("headgear", "armor", "footgear")


@dataclass
class Loadout:
    active: list[Item] = field(default_factory=list)
    inactive: dict[str, str] = field(default_factory=dict)   # item name -> why it gives nothing
    legal: bool = True
    problems: list[str] = field(default_factory=list)

    @property
    def bonus(self) -> int:
        return sum(item.bonus for item in self.active)


def unmet_requirement(player: Player, item: Item) -> Phrase | None:
    """Why ``player`` cannot use ``item`` (``None`` when they can)."""
    req = item.requires
    banned = [x for x in (*req.forbid_classes, *req.forbid_races) if player.is_(x)]
    if banned:
        return Phrase.of("cannot be used by a {key}", key=banned[0])
    if req.classes and not any(c in player.classes for c in req.classes):
        return Phrase.of("usable only by {classes}", classes=Alternatives(req.classes))
    if req.races and not any(r in player.races or (r == "human" and player.human) for r in req.races):
        return Phrase.of("usable only by {races}", races=Alternatives(req.races))
    if req.sex and player.sex != req.sex:
        return Phrase.of("usable only by a {sex} character", sex=req.sex)
    return None


def _best_hands(items: list[Item]) -> list[Item]:
    """The best use of two hands: one two-handed item or up to two one-handed ones."""
    one = sorted((i for i in items if i.slot == "one-hand"), key=lambda i: -i.bonus)
    two = sorted((i for i in items if i.slot == "two-hands"), key=lambda i: -i.bonus)
    options = [list(c) for n in (1, 2) for c in combinations(one, n)] + [[t] for t in two]
    return max(options, key=lambda o: (sum(i.bonus for i in o), -len(o)), default=[])


def _drop_extras(limited: list[Item], limit: int | None, candidates: list[Item], result: Loadout,
                 label: str) -> bool:
    """Over a carrying limit, keep the best of ``limited`` in use; say whether the load broke it."""
    if limit is None or len(limited) <= limit:
        return False
    result.legal = False
    result.problems.append(Phrase.of("{count} {label} items, only {limit} allowed", count=len(limited),
                                     label=label, limit=limit))
    keep = max((i for i in limited if i in candidates), key=lambda i: i.bonus, default=None)
    for item in limited:
        if item is not keep and item in candidates:
            candidates.remove(item)
            result.inactive[item.name] = Phrase.of("a second {label} item", label=label)
    return True


def loadout(player: Player, rules: Munchkin, trace: Trace | None = None) -> Loadout:
    """Evaluate ``player``'s items; cite the clauses that decide, when a trace is given."""
    result = Loadout()
    cite = trace.cite if trace else (lambda *a, **k: None)
    candidates = []
    for item in player.items:
        if item.one_shot:
            result.inactive[item.name] = Phrase.of("a one-shot item counts only when played")
            continue
        if item.carried:
            result.inactive[item.name] = Phrase.of("carried, not in use")
            cite("items.sideways", "{item} is turned sideways (carried, not in use), so it gives no bonus.",
                 item=item.name)
            continue
        why = unmet_requirement(player, item)
        if why:
            result.inactive[item.name] = why
            banned = item.requires.forbid_classes or item.requires.forbid_races
            cite("items.cannot-be-used-by" if banned and why.startswith("cannot") else "items.requirements", "{player} may carry {item} but not use it ({requirement}).",
                 player=player.name, item=item.name, requirement=why)
            continue
        candidates.append(item)

    # Big items: a limit on what you may carry at all, not just on what you use.
    limit, clause = rules.big_item_limit(player)
    bigs = [i for i in player.items if i.big]
    if _drop_extras(bigs, limit, candidates, result, "Big"):
        cite(clause, "{player} has {count} Big items; only {limit} may be carried.", player=player.name,
             count=len(bigs), limit=limit)
    elif len(bigs) > 1:
        cite(clause, "{player} may carry any number of Big items.", player=player.name)

    complex_rule = rules.complex_item_limit(player)
    if complex_rule is not None:
        climit, cclause = complex_rule
        complexes = [i for i in player.items if i.complex]
        if _drop_extras(complexes, climit, candidates, result, "Complex"):
            cite(cclause, "{player} has {count} Complex items; only {limit} may be used.", player=player.name,
                 count=len(complexes), limit=climit)
        elif len(complexes) > 1:
            cite(cclause, "{player} may use any number of Complex items.", player=player.name)

    # Slots: one of each worn slot, two hands; extra items in use are illegal and give nothing.
    chosen = [i for i in candidates if i.slot == "none"]
    overflow = []
    for slot in SINGLE_SLOTS:
        in_slot = sorted((i for i in candidates if i.slot == slot), key=lambda i: -i.bonus)
        chosen += in_slot[:1]
        overflow += in_slot[1:]
    hand_items = [i for i in candidates if i.slot in ("one-hand", "two-hands")]
    hands = _best_hands(hand_items)
    chosen += hands
    overflow += [i for i in hand_items if i not in hands]
    if overflow:
        result.legal = False
        for item in overflow:
            result.inactive[item.name] = Phrase.of("no free {slot} slot", slot=item.slot)
        result.problems.append(Phrase.of("more items in use than slots: {items}",
                                         items=", ".join(i.name for i in overflow)))
        cite("items.slots", "Only one headgear, one armor, one footgear and two hands' worth of items can be "
             "in use; {items} cannot be.", items=", ".join(i.name for i in overflow))
    result.active = [i for i in player.items if i in chosen]
    if player.steed is not None and rules.has("steeds"):
        # A steed equips itself: no slot, and it is Big without counting against the Big limit.
        result.active.append(player.steed)
        cite("steeds.steeds-are-items", "{player}'s steed {steed} is an item that equips itself and adds {bonus}.",
             player=player.name, steed=player.steed.name, bonus=player.steed.bonus)
        if player.steed.big or bigs:
            cite("steeds.big", "A steed counts as Big but not against the Big item limit.")
    return result
