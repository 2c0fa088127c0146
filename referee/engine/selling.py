"""Selling items for levels.

Implements trading-selling.sell (1,000 gold a level, on your own turn, not in combat, from hand
or play), trading-selling.no-change, levels.selling-not-to-ten (a sale that buys no level is
refused), races.halfling (one item a turn at double price; epic.halfling-flea-market: two),
trading-selling.doomed-item-no-trade; anything with a price sells, a steed (steeds.steeds-are-items)
and a hireling whose card shows one (hirelings.trading) as much as an item. The gold lost is computed once, from the levels really
gained, and both the figures and the reasons show that value.
"""

from __future__ import annotations

from referee.engine.character import epic_power, report_unknown_curses
from referee.engine.families import hireling_is_item
from referee.engine.levels import raise_level
from referee.engine.trace import Trace, levels as n_levels
from referee.engine.turns import own_turn
from referee.engine.variants import Munchkin
from referee.model import Item, Situation, Verdict


def in_combat(situation: Situation, name: str) -> bool:
    combat = situation.combat
    return (combat is not None and situation.phase in ("combat", "running-away")
            and name in (combat.fighter, combat.helper))


def sale_prices(player, items, rules: Munchkin, trace: Trace) -> dict[str, int]:
    """What each item fetches: its gold, doubled for a Halfling's one item a turn (an Epic
    Halfling's two)."""
    prices = {i.name: i.gold for i in items}
    if "halfling" in player.races and items:
        epic = epic_power(player, rules, trace, "epic.halfling-flea-market", "{player} is an Epic Halfling and "
                          "may sell two items a turn at double price.")
        for item in sorted(items, key=lambda i: -i.gold)[:rules.value("epic.halfling-flea-market" if epic else "races.halfling", "double_price_items")]:
            prices[item.name] = item.gold * 2
            trace.cite("epic.halfling-flea-market" if epic else "races.halfling", "{player} is a Halfling and "
                       "sells {item} at double price ({gold}).", player=player.name, item=item.name,
                       gold=prices[item.name])
    return prices


def sellable(player, names, rules: Munchkin, trace: Trace) -> tuple[list[Item], list[str]]:
    """The things named for sale that are items with a price — items, a steed (steeds are items),
    a hireling whose card shows a price — and the names that are not items (a hireling with no
    price), each with the clause that says so."""
    items = [i for i in player.items if i.name in names]
    refused = []
    steed = player.steed
    if steed is not None and steed.name in names:
        trace.cite("steeds.steeds-are-items", "{item} is a steed, and a steed is an item: it sells for its price "
                   "({gold} gold).", item=steed.name, gold=steed.gold)
        items.append(steed)
    hireling = player.hireling
    if hireling is not None and hireling.name in names:
        is_item, clause = hireling_is_item(hireling, rules.name)
        if is_item:
            trace.cite("hirelings.trading", "{item} shows a price, so it counts as an item.", item=hireling.name)
            items.append(Item(name=hireling.name, gold=hireling.gold))
        else:
            trace.cite(clause, "{item} is a hireling with no price, not an item, so it cannot change hands.",
                       item=hireling.name)
            refused.append(hireling.name)
    return items, refused


def judge_sell(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    question = situation.question
    player = situation.player(question.player)
    items, not_items = sellable(player, question.items, rules, trace)
    prices = sale_prices(player, items, rules, trace)
    gold = sum(prices.values())
    details = {"gold": gold, "levels_gained": 0, "new_level": player.level, "wasted_gold": gold,
               "allowed": True}
    report_unknown_curses([player], trace, details)
    refusal = sale_refused(situation, player, items, rules, trace)
    if refusal is None and not_items:
        refusal = "not an item"
    per_level = rules.value("trading-selling.sell", "gold_per_level")
    if refusal is None and gold < per_level:
        trace.cite("trading-selling.sell", "{gold} gold is less than the {per} a level costs.", gold=gold,
                   per=per_level)
        trace.cite("trading-selling.no-selling-under-1000", "Items worth less than 1,000 gold in all cannot be "
                   "sold just to get them out of play.")
        refusal = "under 1,000 gold"
    if refusal is not None:
        details["allowed"] = False
        return Verdict("sell", situation.game, "forbidden", details)
    bought = gold // per_level
    new = raise_level(player, bought, "sell", rules, trace, situation, clause="trading-selling.sell")
    gained = new - player.level
    # One value for the figures and the reasons: the gold that buys no level is what is lost.
    wasted = gold - gained * per_level
    if gained == 0:
        trace.cite("levels.selling-not-to-ten" if rules.name != "epic" else rules.kill_only_clause,
                   "Selling cannot give level {level}, so this sale buys nothing: all "
                   "{gold} gold would be lost.", level=player.level + 1, gold=gold)
        details["allowed"] = False
        return Verdict("sell", situation.game, "forbidden", details)
    trace.cite("trading-selling.sell", "{gold} gold buys {levels} at {per} gold each.", gold=gold,
               levels=n_levels(gained), per=per_level)
    if gained > 1:
        trace.cite("trading-selling.several-levels", "Every further 1,000 gold buys one more level.")
    if wasted:
        trace.cite("trading-selling.no-change", "No change is given: {rest} gold is lost.", rest=wasted)
    details.update(levels_gained=gained, new_level=new, wasted_gold=wasted)
    return Verdict("sell", situation.game, "allowed", details)


def sale_refused(situation: Situation, player, items, rules: Munchkin, trace: Trace) -> str | None:
    """Why ``player`` may not sell now (``None`` when they may), with the clause that says so."""
    if player.dead:
        trace.cite("death.lose-everything", "{player} is dead and has lost every item: there is nothing to sell.",
                   player=player.name)
        return "dead"
    if in_combat(situation, player.name):
        trace.cite("combat.no-actions-in-combat", "{player} is in combat, and nobody sells in combat.",
                   player=player.name)
        return "in combat"
    if not own_turn(situation, player.name):
        trace.cite("trading-selling.sell", "Items are sold only on your own turn, and this is not {player}'s turn.",
                   player=player.name)
        return "not their turn"
    doomed = [i.name for i in items if player.cursed("loses_slot") == i.slot and not i.carried]
    if doomed:
        trace.cite("trading-selling.doomed-item-no-trade", "{items} must already be discarded because of a curse, "
                   "so it cannot be sold.", items=", ".join(doomed))
        return "doomed"
    return None
