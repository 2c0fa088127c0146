"""Which items a character is really using, and what they add up to.

Implements items.slots (one headgear, one armor, one footgear, two hands), items.big (one Big
item; races.dwarf: any number; epic.warrior-absurd-strength: two, and a two-handed item in one
hand; epic.epic-steeds: one more), items.requirements (anyone may carry, only some may use),
items.carried (items turned sideways help nobody), Star Munchkin's Complex items and laser
weapons (star-munchkin.laser-weapons, star-munchkin.laser-combine), and the curses that take
items or slots (card-rulings.tiny-hands, card-rulings.curse-big-foot-footgear, Lose Your Armor's
curses.immediate-then-discard).
"""

from __future__ import annotations

from itertools import combinations

from referee.engine.character import EFFECT_CLAUSES, is_epic, note_epic, unmet_requirement  # noqa: F401
from referee.engine.families import is_laser
from referee.engine.trace import Trace
from referee.message import Phrase
from referee.engine.variants import Munchkin
from referee.model import Item, Player

SINGLE_SLOTS = ("headgear", "armor", "footgear")


class Loadout:
    """The items that count and those that do not. A plain class, not a dataclass: importing
    dataclasses (and the inspect module it needs) costs a tenth of a whole ``referee judge``."""

    __slots__ = ("active", "inactive", "legal", "problems")

    def __init__(self, active: list[Item] | None = None, inactive: dict[str, str] | None = None,
                 legal: bool = True, problems: list[str] | None = None):
        self.active = active if active is not None else []
        self.inactive = inactive if inactive is not None else {}   # item name -> why it gives nothing
        self.legal = legal
        self.problems = problems if problems is not None else []

    def __eq__(self, other) -> bool:
        return isinstance(other, Loadout) and all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def __repr__(self) -> str:
        return "Loadout(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__) + ")"

    @property
    def bonus(self) -> int:
        return sum(item.bonus for item in self.active)


def _hands(item: Item, one_hand_for_two: bool) -> int:
    return 1 if item.slot == "one-hand" or one_hand_for_two else 2


def _best_hands(items: list[Item], game: str, one_hand_for_two: bool = False) -> list[Item]:
    """The best use of two hands: a two-handed item, up to two one-handed ones, or (Star Munchkin) a
    combined laser weapon; an Epic Warrior holds a two-handed item in one hand."""
    units = [([i], _hands(i, one_hand_for_two)) for i in items]
    lasers = [i for i in items if is_laser(i, game)]
    if len(lasers) > 1:
        units.append((lasers, 1 if one_hand_for_two else 2))
    options = [u for u, hands in units if hands <= 2]
    options += [a + b for (a, ha), (b, hb) in combinations(units, 2)
                if ha + hb <= 2 and not set(map(id, a)) & set(map(id, b))]
    return max(options, key=lambda o: (sum(i.bonus for i in o), -len(o)), default=[])


def _drop_extras(limited: list[Item], limit: int | None, candidates: list[Item], result: Loadout,
                 label: str) -> bool:
    """Over a carrying limit, keep the best of ``limited`` in use; say whether the load broke it."""
    if limit is None or len(limited) <= limit:
        return False
    result.legal = False
    result.problems.append(Phrase.of("{count} {label} items, only {limit} allowed", count=len(limited),
                                     label=label, limit=limit))
    keep = sorted((i for i in limited if i in candidates), key=lambda i: -i.bonus)[:limit]
    for item in limited:
        if item not in keep and item in candidates:
            candidates.remove(item)
            result.inactive[item.name] = (Phrase.of("a second {label} item", label=label) if limit == 1
                                          else Phrase.of("one {label} item too many", label=label))
    return True


def _cursed_away(player: Player, item: Item, result: Loadout, cite) -> bool:
    """Does a curse on ``player`` keep ``item`` from counting? (It records why.)"""
    if player.cursed("no_items_in_slot") == item.slot:
        result.inactive[item.name] = Phrase.of("a curse forbids having {slot} items at all", slot=item.slot)
        result.legal = False
        result.problems.append(Phrase.of("{item}: a curse forbids {slot} items", item=item.name, slot=item.slot))
        cite(EFFECT_CLAUSES["no_items_in_slot"], "{player} is cursed: no {slot} items at all, not even carried, so "
             "{item} must go.", player=player.name, slot=item.slot, item=item.name)
        return True
    if player.cursed("unusable_slot") == item.slot:
        result.inactive[item.name] = Phrase.of("a curse keeps {slot} items from being used", slot=item.slot)
        cite(EFFECT_CLAUSES["unusable_slot"], "{player} is cursed: {slot} items may be played but not used, so "
             "{item} gives nothing.", player=player.name, slot=item.slot, item=item.name)
        return True
    if player.cursed("loses_slot") == item.slot and not item.carried:
        result.inactive[item.name] = "lost to a curse"
        cite(EFFECT_CLAUSES["loses_slot"], "A curse takes the {slot} {player} wears: {item} is lost.",
             player=player.name, slot=item.slot, item=item.name)
        return True
    return False


def _big_limit(player: Player, rules: Munchkin, cite, trace: Trace | None) -> tuple[int | None, str]:
    """How many Big items the player may carry, and the clause that sets the limit."""
    limit, clause = rules.big_item_limit(player)
    if limit is None:
        return limit, clause
    if "warrior" in player.classes and is_epic(player, rules):
        limit, clause = 2, "epic.warrior-absurd-strength"
    extra = player.hireling.big_items if player.hireling is not None else 0
    if extra and sum(i.big for i in player.items) > limit:
        cite("card-rulings.hireling-big-item", "{player}'s hireling {hireling} carries extra Big items for them "
             "({count} more), and changes no other rule.", player=player.name, hireling=player.hireling.name,
             count=extra)
        limit, clause = limit + extra, "card-rulings.hireling-big-item"
    if player.steed is not None and rules.has("steeds") and is_epic(player, rules):
        if trace is not None:
            note_epic(player, trace)
        cite("epic.epic-steeds", "{player}'s steed is Epic too and carries one more Big item.", player=player.name)
        limit, clause = limit + 1, "epic.epic-steeds"
    return limit, clause


def user_is(player: Player, key: str) -> bool:
    """Is ``player`` a ``key`` (a race, a class, a sex, or Human) as the rules see them now?"""
    return player.is_(key) or player.sex == key or (key == "human" and player.human)


def _for_user(player: Player, item: Item, cite) -> Item:
    """``item`` with the bonus its card prints for a user like ``player`` (Horny Helmet: +3 for an
    Elf). The bonus follows the race, class or sex the player has right now
    (races.change-mid-combat)."""
    if item.carried or item.one_shot:
        return item
    larger = [(bonus, key) for key, bonus in item.bonus_for if user_is(player, key) and bonus != item.bonus]
    if not larger:
        return item
    bonus, key = max(larger)
    cite("races.change-mid-combat", "{item} gives {bonus} to a {key}, and {player} is one now.", item=item.name,
         bonus=f"+{bonus}" if bonus >= 0 else str(bonus), key=key, player=player.name)
    return item._replace(bonus=bonus)


def loadout(player: Player, rules: Munchkin, trace: Trace | None = None) -> Loadout:
    """Evaluate ``player``'s items; cite the clauses that decide, when a trace is given."""
    result = Loadout()
    cite = trace.cite if trace else (lambda *a, **k: None)
    if any(i.bonus_for for i in player.items):
        player = player._replace(items=tuple(_for_user(player, i, cite) for i in player.items))
    candidates = []
    lost_slot = player.cursed("loses_slot")
    if lost_slot and not any(i.slot == lost_slot and not i.carried for i in player.items):
        cite("curses.nothing-to-affect", "The curse that takes the {slot} finds none on {player}: nothing happens.",
             slot=lost_slot, player=player.name)
    for item in player.items:
        if _cursed_away(player, item, result, cite):
            continue
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
    limit, clause = _big_limit(player, rules, cite, trace)
    bigs = [i for i in player.items if i.big]
    if _drop_extras(bigs, limit, candidates, result, "Big"):
        cite(clause, "{player} has {count} Big items; only {limit} may be carried.", player=player.name,
             count=len(bigs), limit=limit)
    elif len(bigs) > 1 and limit is None:
        cite(clause, "{player} may carry any number of Big items.", player=player.name)
    elif len(bigs) > 1:
        cite(clause, "{player} may carry {limit} Big items.", player=player.name, limit=limit)

    complex_rule = rules.complex_item_limit(player)
    if complex_rule is not None:
        climit, cclause = complex_rule
        # star-munchkin.complex-items limits the Complex items in use: one in the backpack does not count.
        complexes = [i for i in player.items if i.complex and not i.carried]
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
    strong = ("warrior" in player.classes and is_epic(player, rules)
              and any(i.slot == "two-hands" for i in hand_items))
    hands = _best_hands(hand_items, rules.name, one_hand_for_two=strong)
    if strong and sum(1 for i in hands if i.slot == "two-hands") and len(hands) > 1:
        if trace is not None:
            note_epic(player, trace)
        cite("epic.warrior-absurd-strength", "{player} is an Epic Warrior and holds a two-handed item in one "
             "hand.", player=player.name)
    laser = [i for i in hands if is_laser(i, rules.name)]
    if len(laser) > 1:
        cite("star-munchkin.laser-combine", "{items} combine into one two-hand laser weapon of {bonus}.",
             items="-".join(i.name for i in laser), bonus=f"+{sum(i.bonus for i in laser)}")
        cite("star-munchkin.laser-weapons", "Items whose name ends in \"aser\" are laser weapons, whatever card "
             "they come from.")
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
