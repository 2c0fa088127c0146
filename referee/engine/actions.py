"""May a player do something right now? One small rule function per action.

Each function returns ``(allowed, condition)`` — ``condition`` says what the answer depends on
when the situation does not settle it — and cites the clauses it applies.
"""

from __future__ import annotations

from typing import Callable

from referee.engine.selling import in_combat, own_turn
from referee.engine.trace import Trace
from referee.engine.variants import Munchkin
from referee.model import Player, Situation, Verdict

Rule = Callable[[Situation, Player, Munchkin, Trace], "tuple[bool, str | None]"]
ACTION_RULES: dict[str, Rule] = {}


def action(name: str):
    def register(func: Rule) -> Rule:
        ACTION_RULES[name] = func
        return func
    return register


def _someone_fighting(s: Situation) -> bool:
    return s.combat is not None and s.phase in ("combat", "running-away")


@action("trade")
def _trade(s, p, rules, trace):
    if in_combat(s, p.name):
        trace.cite("combat.no-actions-in-combat", "{player} is in combat and cannot trade.", player=p.name)
        return False, None
    trace.cite("trading-selling.trade", "Only items in play are traded, never cards in hand.")
    trace.cite("trading-selling.trade-timing", "Trading is allowed at any time except while you are in combat, even "
               "on another player's turn.")
    return True, "only items in play, not cards in hand"


@action("sell")
def _sell(s, p, rules, trace):
    if in_combat(s, p.name):
        trace.cite("combat.no-actions-in-combat", "{player} is in combat and cannot sell.", player=p.name)
        return False, None
    if not own_turn(s, p.name):
        trace.cite("trading-selling.sell", "Items are sold only on your own turn.")
        return False, None
    trace.cite("trading-selling.sell", "{player} may sell items on their own turn, out of combat.", player=p.name)
    return True, "at least 1,000 gold for a level; selling never gives the winning level"


@action("steal")
def _steal(s, p, rules, trace):
    if "thief" not in p.classes:
        trace.cite("classes.thief", "Only a Thief can steal, and {player} is not one.", player=p.name)
        return False, None
    target = s.question.target
    fighting = s.combat is not None and s.phase in ("combat", "running-away")
    involved = {s.combat.fighter, s.combat.helper} if fighting else set()
    if p.name in involved or (target and target in involved):
        who = p.name if p.name in involved else target
        trace.cite("classes.thief-no-theft-in-combat", "A Thief cannot steal while they or their victim are in "
                   "combat, and {who} is.", who=who)
        return False, None
    trace.cite("classes.thief", "A Thief may steal out of combat by discarding a card and rolling.")
    if p.hand == 0 and not p.hand_cards:
        return True, "needs a card to discard"
    return True, "discard a card, then roll: 4 or more succeeds"


@action("backstab")
def _backstab(s, p, rules, trace):
    if "thief" not in p.classes:
        trace.cite("classes.thief", "Only a Thief can backstab, and {player} is not one.", player=p.name)
        return False, None
    target = s.question.target
    if target == p.name:
        trace.cite("card-rulings.thief-no-self-backstab", "A Thief cannot backstab themself.")
        return False, None
    if not _someone_fighting(s) or (target and target not in (s.combat.fighter, s.combat.helper)):
        trace.cite("classes.thief", "A backstab only hits a player who is in combat.")
        return False, None
    trace.cite("classes.thief-backstab", "A Thief may backstab a player in combat: discard a card for -2 to them, "
               "once per victim per combat.")
    return True, "discard a card for each backstab"


def _equip_change(s, p, rules, trace):
    if in_combat(s, p.name):
        trace.cite("items.no-swap-in-combat", "Items cannot be put on, taken off or swapped during combat or while "
                   "running away.")
        return False, None
    if rules.name == "star-munchkin":
        if not own_turn(s, p.name):
            trace.cite("star-munchkin.backpack-retrieve", "In Star Munchkin items come out of the backpack only on "
                       "your own turn.")
            return False, None
        trace.cite("star-munchkin.backpack-retrieve", "On your own turn, out of combat, you may change what you "
                   "have in use.")
        return True, None
    trace.cite("card-timing.not-in-combat", "Whenever you are not in combat, on your turn or another player's, you "
               "may change which items you have in use.")
    return True, None


ACTION_RULES["equip"] = _equip_change
ACTION_RULES["unequip"] = _equip_change


def _play_race_or_class(s, p, rules, trace):
    trace.cite("card-timing.race-and-class", "Race and class cards are played on your own turn or as soon as "
               "you get them.")
    if own_turn(s, p.name):
        return True, None
    return True, "only as soon as you get the card"


ACTION_RULES["play-race"] = _play_race_or_class
ACTION_RULES["play-class"] = _play_race_or_class


def _discard_race_or_class(s, p, rules, trace):
    clause = "races.discard" if s.question.action == "discard-race" else "classes.discard"
    trace.cite(clause, "A race or class card may be discarded at any time, even in combat.")
    return True, None


ACTION_RULES["discard-race"] = _discard_race_or_class
ACTION_RULES["discard-class"] = _discard_race_or_class


@action("play-item")
def _play_item(s, p, rules, trace):
    if in_combat(s, p.name):
        trace.cite("items.no-swap-in-combat", "In combat only one-shot items may be played from the hand.")
        trace.dissent_from("items.play-in-combat-hu", "The Hungarian FAQ lets a player put an item into play "
                           "during combat on their own turn when it needs no swap, and get its bonus at once.")
        return False, None
    if not own_turn(s, p.name):
        trace.cite("card-timing.items", "Items are played on your own turn or as soon as you get them.")
        return True, "only as soon as you get the card"
    trace.cite("card-timing.items", "Items may be played at any time on your own turn.")
    return True, None


@action("play-one-shot")
def _play_one_shot(s, p, rules, trace):
    trace.cite("card-timing.one-shot-items", "One-shot items may be played in any combat, from the hand or from "
               "play, for either side.")
    if _someone_fighting(s):
        return True, None
    return True, "most one-shots are for combat; some say they may be used at other times"


@action("play-monster-enhancer")
def _play_enhancer(s, p, rules, trace):
    if not _someone_fighting(s):
        trace.cite("card-timing.monster-enhancers", "Monster enhancers are played during a combat, and none is "
                   "going on.")
        return False, None
    trace.cite("card-timing.monster-enhancers", "Monster enhancers may be played in any combat.")
    return True, None


@action("play-wandering-monster")
def _play_wandering(s, p, rules, trace):
    if not _someone_fighting(s):
        trace.cite("monsters.wandering-monster", "A Wandering Monster joins a combat, and none is going on.")
        return False, None
    trace.cite("monsters.wandering-monster", "A Wandering Monster may bring a monster from the hand into any "
               "combat.")
    return True, "with a monster card from the hand"


@action("play-curse")
def _play_curse(s, p, rules, trace):
    trace.cite("card-timing.curses", "A curse not drawn face up may be played on anyone at any time.")
    return True, None


@action("play-go-up-a-level")
def _play_gual(s, p, rules, trace):
    trace.cite("card-timing.go-up-a-level", "Go Up a Level cards may be played at any time, on any player.")
    target = s.player(s.question.target) if s.question.target else p
    if target.level + 1 in rules.kill_only_levels():
        trace.cite(rules.kill_only_clause, "{player} is at level {level}: the card gives no winning level.",
                   player=target.name, level=target.level)
        return True, "it cannot give the winning level"
    return True, None


@action("play-hireling")
def _play_hireling(s, p, rules, trace):
    if not rules.has("hirelings"):
        trace.cite("hirelings.play", "Hirelings are an expansion, and this game does not use it.")
        return False, None
    if p.hireling is not None:
        if rules.name == "star-munchkin" and "trader" in p.classes:
            trace.cite("star-munchkin.trader", "{player} is a Trader, who may have more than one henchman.",
                       player=p.name)
            return True, None
        trace.cite("hirelings.play", "Only one hireling may be in play, and {player} has {hireling}.",
                   player=p.name, hireling=p.hireling.name)
        return False, None
    trace.cite("hirelings.play", "A hireling may be played at any time, even in combat.")
    return True, None


@action("help")
def _help(s, p, rules, trace):
    if p.dead and rules.name == "star-munchkin":
        trace.cite("star-munchkin.death-new-cards", "In Star Munchkin a dead player may help again at once; only "
                   "the new cards wait for their next turn.")
    elif p.dead:
        trace.cite("death.new-character-appears", "{player} is dead until the next player's turn begins, and a dead "
                   "player cannot help.", player=p.name)
        return False, None
    if not _someone_fighting(s):
        trace.cite("helping.one-helper", "There is no combat to help in.")
        return False, None
    if p.name == s.combat.fighter:
        trace.cite("helping.one-helper", "{player} is the one fighting.", player=p.name)
        return False, None
    if s.combat.helper and s.combat.helper != p.name:
        trace.cite("helping.one-helper", "Only one player may help, and {helper} already does.",
                   helper=s.combat.helper)
        return False, None
    trace.cite("helping.one-helper", "{player} may help if {fighter} asks.", player=p.name, fighter=s.combat.fighter)
    return True, "the fighter must ask (or accept)"


@action("look-for-trouble")
def _look_for_trouble(s, p, rules, trace):
    if not own_turn(s, p.name):
        trace.cite("turn.look-for-trouble", "Looking for trouble is a phase of your own turn.")
        return False, None
    if s.met_monster_this_turn:
        trace.cite("turn.look-for-trouble", "{player} already met a monster this turn.", player=p.name)
        return False, None
    if s.phase not in (None, "look-for-trouble", "kick-door"):
        trace.cite("turn.look-for-trouble", "Looking for trouble comes right after kicking open the door, not "
                   "during {phase}.", phase=s.phase)
        return False, None
    trace.cite("turn.look-for-trouble", "No monster behind the door: {player} may fight a monster from the hand.",
               player=p.name)
    return True, "with a monster card from the hand"


@action("loot-room")
def _loot(s, p, rules, trace):
    if not own_turn(s, p.name):
        trace.cite("turn.loot-the-room", "Looting the room is a phase of your own turn.")
        return False, None
    if s.met_monster_this_turn:
        trace.cite("turn.loot-the-room", "{player} met a monster this turn (fought or fled), so cannot loot the room.",
                   player=p.name)
        return False, None
    if s.phase in ("charity", "combat", "running-away"):
        trace.cite("turn.loot-the-room", "The room is looted before charity, not during {phase}.",
                   phase=s.phase)
        return False, None
    trace.cite("turn.loot-the-room", "No monster met this turn: {player} draws a face-down door card.",
               player=p.name)
    if s.house_rules.phase_zero:
        trace.cite("star-munchkin.phase-zero-loot", "With Phase 0 in play, looting the room draws a face-down "
                   "Treasure instead of a Door.")
        return True, "with Phase 0: a face-down Treasure instead of a Door"
    return True, None


def judge_action(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    question = situation.question
    player = situation.player(question.player)
    allowed, condition = ACTION_RULES[question.action](situation, player, rules, trace)
    details = {"action": question.action, "player": player.name}
    if condition:
        details["condition"] = condition
    return Verdict("action", situation.game, "allowed" if allowed else "forbidden", details)
