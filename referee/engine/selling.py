"""Selling items for levels.

Implements trading-selling.sell (1,000 gold a level, on your own turn, not in combat, from hand
or play), trading-selling.no-change, levels.selling-not-to-ten, and races.halfling (one item a
turn at double price).
"""

from __future__ import annotations

from referee.engine.levels import raise_level
from referee.engine.trace import Trace, levels as n_levels
from referee.engine.variants import Munchkin
from referee.model import Situation, Verdict

GOLD_PER_LEVEL = 1000


def in_combat(situation: Situation, name: str) -> bool:
    combat = situation.combat
    return (combat is not None and situation.phase in ("combat", "running-away")
            and name in (combat.fighter, combat.helper))


def own_turn(situation: Situation, name: str) -> bool:
    return situation.turn == name if situation.turn else situation.phase != "other-turn"


def judge_sell(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    question = situation.question
    player = situation.player(question.player)
    items = [i for i in player.items if i.name in question.items]
    prices = {i.name: i.gold for i in items}
    if "halfling" in player.races and items:
        # Epic Halflings (past level 10) sell two items a turn at double price, others one.
        epic = rules.name == "epic" and player.level > 10
        doubled = sorted(items, key=lambda i: -i.gold)[:2 if epic else 1]
        for item in doubled:
            prices[item.name] = item.gold * 2
            trace.cite("epic.halfling-flea-market" if epic else "races.halfling", "{player} is a Halfling and "
                       "sells {item} at double price ({gold}).", player=player.name, item=item.name,
                       gold=prices[item.name])
    gold = sum(prices.values())
    details = {"gold": gold, "levels_gained": 0, "new_level": player.level, "wasted_gold": gold,
               "allowed": True}
    if in_combat(situation, player.name):
        trace.cite("combat.no-actions-in-combat", "{player} is in combat, and nobody sells in combat.",
                   player=player.name)
        details["allowed"] = False
        return Verdict("sell", situation.game, "forbidden", details)
    if not own_turn(situation, player.name):
        trace.cite("trading-selling.sell", "Items are sold only on your own turn, and this is not {player}'s turn.",
                   player=player.name)
        details["allowed"] = False
        return Verdict("sell", situation.game, "forbidden", details)
    if gold < GOLD_PER_LEVEL:
        trace.cite("trading-selling.sell", "{gold} gold is less than the {per} a level costs.", gold=gold,
                   per=GOLD_PER_LEVEL)
        trace.cite("trading-selling.no-selling-under-1000", "Items worth less than 1,000 gold in all cannot be "
                   "sold just to get rid of them.")
        details["allowed"] = False
        return Verdict("sell", situation.game, "forbidden", details)
    bought = gold // GOLD_PER_LEVEL
    trace.cite("trading-selling.sell", "{gold} gold buys {levels} at {per} gold each.", gold=gold,
               levels=n_levels(bought), per=GOLD_PER_LEVEL)
    if bought > 1:
        trace.cite("trading-selling.several-levels", "Every further 1,000 gold buys one more level.")
    if gold % GOLD_PER_LEVEL:
        trace.cite("trading-selling.no-change", "No change is given: {rest} gold is lost.",
                   rest=gold % GOLD_PER_LEVEL)
    new = raise_level(player, bought, "sell", rules, trace, situation, clause="trading-selling.sell")
    gained = new - player.level
    details.update(levels_gained=gained, new_level=new, wasted_gold=gold - gained * GOLD_PER_LEVEL)
    return Verdict("sell", situation.game, "allowed", details)
