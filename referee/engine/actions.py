"""May a player do something right now? One small rule function per action.

Each function returns ``(allowed, condition)`` — ``condition`` says what the answer depends on
when the situation does not settle it — and cites the clauses it applies. Every action weighs
what the question names: the item (``question.item``: in use, carried or still in hand, Big or
small, an item at all) and the state of the actor and of the target (dead, fighting, helping,
at the level below the winning one). A condition is applied, not printed, whenever the
situation gives what it depends on (a Thief with no card to discard cannot steal).

A steal, backstab or trade whose target is not named is judged against every possible target:
it is refused when there is none (everyone else dead, or in combat, where nobody may be robbed).

Where the official rules are stricter than one source, they are followed and the source's
reading is recorded as dissent (items.play-in-combat-hu).
"""

from __future__ import annotations

from typing import Callable, Optional

from referee.engine.character import epic_power, is_epic, report_unknown_curses
from referee.engine.discards import can_pay
from referee.engine.character import unmet_requirement
from referee.engine.families import hireling_is_item
from referee.engine.selling import in_combat, sale_refused
from referee.engine.turns import own_turn
from referee.engine.trace import Trace, cards as n_cards
from referee.message import Phrase
from referee.engine.variants import Munchkin
from referee.model import CLASSES, RACES, Item, Player, Situation, Verdict
from referee.records import Record
from referee.vocabulary import canonical

Rule = Callable[[Situation, Player, Munchkin, Trace], "tuple[bool, str | None]"]
ACTION_RULES: dict[str, Rule] = {}


def action(name: str):
    def register(func: Rule) -> Rule:
        ACTION_RULES[name] = func
        return func
    return register


class Named(Record):
    """What ``question.item`` names, and where it is."""

    name: str
    where: str                     # "play" (in use or carried), "hand", "hireling", "steed", "unknown"
    item: Optional[Item] = None


def _named(player: Player, name: str | None) -> Named | None:
    """Find the thing a question names among ``player``'s cards."""
    if name is None:
        return None
    for item in player.items:
        if item.name == name:
            return Named(name, "play", item)
    if player.steed is not None and player.steed.name == name:
        return Named(name, "steed", player.steed)
    if player.hireling is not None and player.hireling.name == name:
        return Named(name, "hireling")
    if name in player.hand_cards:
        return Named(name, "hand")
    return Named(name, "unknown")


def _someone_fighting(s: Situation) -> bool:
    return s.combat is not None and s.phase in ("combat", "running-away")


def _any_time(s: Situation, p: Player, trace: Trace) -> None:
    """Cite card-timing.any-time when the card is played where most cards may not be: in combat or on
    another player's turn (a Go Up a Level card, a Hireling, a race or class discarded)."""
    if _someone_fighting(s) or (s.turn is not None and s.turn != p.name):
        trace.cite("card-timing.any-time", "This may be done at any time, even during combat and on other players' "
                   "turns.")


def _target(s: Situation) -> Player | None:
    return s.player(s.question.target) if s.question.target else None


def _no_cards(p: Player, needed: int = 1) -> bool:
    """The situation says the player holds fewer than ``needed`` cards."""
    return p.hand_known and p.hand < needed


def _dead_actor(s: Situation, p: Player, rules: Munchkin, trace: Trace) -> bool:
    if not p.dead:
        return False
    trace.cite("death.lose-everything", "{player} is dead and has no cards or items until the new character's "
               "next turn.", player=p.name)
    return True


def _doomed(p: Player, item: Item) -> bool:
    return p.cursed("loses_slot") == item.slot and not item.carried


def _item_refused(s: Situation, owner: Player, named: Named | None, rules: Munchkin, trace: Trace) -> bool:
    """Is the named thing not an item that may change hands (trade, sell, steal)? Cites why."""
    if named is None or named.where in ("play", "steed", "unknown"):
        if named is not None and named.item is not None and _doomed(owner, named.item):
            trace.cite("trading-selling.doomed-item-no-trade", "{item} must already be discarded because of a "
                       "curse, so it can no longer change hands.", item=named.name)
            return True
        return False
    if named.where == "hireling":
        is_item, clause = hireling_is_item(owner.hireling, rules.name)
        if not is_item:
            trace.cite(clause, "{item} is a hireling with no price, not an item, so it cannot change hands.",
                       item=named.name)
            return True
        trace.cite("hirelings.trading", "{item} shows a price, so it counts as an item.", item=named.name)
    return False


@action("trade")
def _trade(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    target = _target(s)
    if target is not None and target.dead:
        trace.cite("death.dead-get-nothing", "{target} is dead and cannot receive cards.", target=target.name)
        return False, None
    for who in (p, target):
        if who is not None and in_combat(s, who.name):
            trace.cite("combat.no-actions-in-combat", "{player} is in combat and cannot trade.", player=who.name)
            return False, None
    fighters = {n for n in ((s.combat.fighter, s.combat.helper) if s.combat is not None else ()) if in_combat(s, n)}
    if target is None and _no_victim(s, p, fighters, "combat.no-actions-in-combat", trace):
        return False, None
    named = _named(p, s.question.item)
    if named is not None and named.where == "hand":
        trace.cite("trading-selling.trade", "{item} is still in {player}'s hand: only items on the table can be "
                   "traded.", item=named.name, player=p.name)
        return False, None
    if _item_refused(s, p, named, rules, trace):
        return False, None
    trace.cite("trading-selling.trade-timing", "Trading is allowed at any time except while you are in combat, even "
               "on another player's turn.")
    if named is not None and named.where in ("play", "steed", "hireling"):
        trace.cite("trading-selling.trade", "{item} is on the table, so it may be traded.", item=named.name)
        return True, None
    trace.cite("trading-selling.trade", "Only items in play are traded, never cards in hand.")
    return True, Phrase.of("only items in play, not cards in hand")


@action("sell")
def _sell(s, p, rules, trace):
    named = _named(p, s.question.item)
    items = [named.item] if named is not None and named.item is not None else []
    if sale_refused(s, p, items, rules, trace) is not None:
        return False, None
    if _item_refused(s, p, named, rules, trace):
        return False, None
    if p.level + 1 in rules.kill_only_levels():
        trace.cite("levels.selling-not-to-ten" if rules.name != "epic" else rules.kill_only_clause,
                   "{player} is at level {level}: selling can never give the next level, so nothing can be sold "
                   "for it.", player=p.name, level=p.level)
        return False, None
    if named is not None and named.where == "hand":
        trace.cite("trading-selling.sell-from-hand-or-play", "Items may be sold from the hand as well as from play.")
    trace.cite("trading-selling.sell", "{player} may sell items on their own turn, out of combat.", player=p.name)
    if named is not None and named.item is not None and named.item.gold >= rules.value("trading-selling.sell", "gold_per_level"):
        return True, None
    return True, Phrase.of("at least 1,000 gold for a level; selling never gives the winning level")


def _no_victim(s: Situation, p: Player, involved: set, combat_clause: str, trace: Trace) -> bool:
    """With no target named, the action is judged against every possible one: is there none
    (everyone else dead, or in combat, where nobody may be robbed or traded with)? Cites why."""
    others = [q for q in s.players if q.name != p.name]
    alive = [q for q in others if not q.dead]
    if others and not alive:
        trace.cite("death.lose-everything", "Every other player is dead and has nothing in play: there is nobody "
                   "to do it with.")
        return True
    free = [q for q in alive if q.name not in involved]
    if alive and not free:
        trace.cite(combat_clause, "Every other player ({names}) is in combat, and nobody may do it with a player "
                   "in combat.", names=", ".join(q.name for q in alive))
        return True
    return False


@action("steal")
def _steal(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    if "thief" not in p.classes:
        trace.cite("classes.thief", "Only a Thief can steal, and {player} is not one.", player=p.name)
        return False, None
    target = _target(s)
    if target is not None and target.name == p.name:
        trace.cite("classes.thief", "A Thief steals from another player, not from themself.")
        return False, None
    if target is not None and target.dead:
        trace.cite("death.lose-everything", "{target} is dead and has nothing left to steal.", target=target.name)
        return False, None
    fighting = _someone_fighting(s)
    involved = {s.combat.fighter, s.combat.helper} if fighting else set()
    if p.name in involved or (target and target.name in involved):
        who = p.name if p.name in involved else target.name
        trace.cite("classes.thief-no-theft-in-combat", "A Thief cannot steal while they or their victim are in "
                   "combat, and {who} is.", who=who)
        trace.cite("card-rulings.thief-steal-outside-combat", "Combat begins when a monster card is turned up: "
                   "from then on, nobody in it steals or is stolen from.")
        return False, None
    if target is None and _no_victim(s, p, involved, "classes.thief-no-theft-in-combat", trace):
        return False, None
    named = _named(target, s.question.item) if target is not None else None
    if named is not None and named.where == "hand":
        return _steal_from_hand(s, p, rules, trace)
    if named is not None and named.item is not None and (named.item.big or named.where == "steed"):
        clause = "steeds.big" if named.where == "steed" else "classes.thief"
        trace.cite(clause, "{item} is Big: a Thief can only steal a small item.", item=named.name)
        return False, None
    if _item_refused(s, target or p, named, rules, trace):
        return False, None
    trace.cite("classes.thief", "A Thief may steal a small item out of combat by discarding a card and rolling.")
    paid = can_pay(p, 1, from_play=True)  # a class ability: any card, in hand or in play
    if paid is False:
        trace.cite("classes.thief", "{player} holds no card to discard for the attempt.", player=p.name)
        trace.cite("card-rulings.thief-steal-until-out-of-cards", "A Thief may try again and again, but only while "
                   "there are cards to discard.")
        return False, None
    if p.level == 1:
        trace.cite("card-rulings.thief-level-one-failed-theft", "A failed theft costs a level, but {player} is at "
                   "level 1 and stays there.", player=p.name)
    if paid is None:
        return True, Phrase.of("needs a card to discard")
    return True, Phrase.of("discard a card, then roll: 4 or more succeeds")


def _steal_from_hand(s, p, rules, trace):
    """An Epic Thief's Steal from the Shadows: a random card from an opponent's hand."""
    if not is_epic(p, rules):
        trace.cite("setup.hand-protected", "Cards in a hand cannot be taken; a Thief steals items in play.")
        return False, None
    epic_power(p, rules, trace, "epic.thief-steal-from-the-shadows", "{player} is an Epic Thief: discard a card "
               "to take a random card from the victim's hand, no roll, once a turn, on their own turn.")
    if not own_turn(s, p.name):
        trace.cite("epic.thief-steal-from-the-shadows", "Stealing from the shadows is done only on the Thief's own "
                   "turn.")
        return False, None
    if _no_cards(p):
        return False, None
    return True, Phrase.of("once a turn")


@action("backstab")
def _backstab(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    target = s.question.target
    fighting = _someone_fighting(s)
    in_fight = fighting and p.name in (s.combat.fighter, s.combat.helper)
    arrows = "elf" in p.races and not in_fight and is_epic(p, rules)
    if "thief" not in p.classes and not arrows:
        trace.cite("classes.thief-backstab", "Only a Thief can backstab, and {player} is not one.", player=p.name)
        if "elf" in p.races and rules.name == "epic" and not in_fight:
            trace.cite("epic.elf-it-wasnt-me", "An Epic Elf could shoot arrows instead, but {player} is below level "
                       "10.", player=p.name)
        return False, None
    if target == p.name:
        trace.cite("card-rulings.thief-no-self-backstab", "A Thief cannot backstab themself.")
        return False, None
    if not fighting or (target and target not in (s.combat.fighter, s.combat.helper)):
        trace.cite("classes.thief-backstab", "A backstab only hits a player who is in combat.")
        return False, None
    if target is None and not [n for n in (s.combat.fighter, s.combat.helper)
                               if n and n != p.name and not s.player(n).dead]:
        # judged against every possible victim: the only one in combat is the Thief
        trace.cite("card-rulings.thief-no-self-backstab", "The only player in combat is {player}, and a Thief "
                   "cannot backstab themself: there is nobody to backstab.", player=p.name)
        return False, None
    condition = Phrase.of("discard a card for each backstab")
    if arrows:
        epic_power(p, rules, trace, "epic.elf-it-wasnt-me", "{player} is an Epic Elf outside this combat: discard a "
                   "card to shoot an arrow, -2 to either side, two arrows a turn at most.")
        condition = Phrase.of("discard a card per arrow, two arrows a turn")
        if "thief" in p.classes:
            trace.cite("epic.elf-thief-arrows-and-backstab", "As an Epic Elf Thief, {player} may shoot two arrows "
                       "and backstab as well, with three cards or more to discard.", player=p.name)
            condition = Phrase.of("two arrows and a backstab need three cards to discard")
            if _no_cards(p, rules.value("epic.elf-thief-arrows-and-backstab", "cards")):
                condition = Phrase.of("{player} holds {cards}: not enough for two arrows and a backstab",
                                      player=p.name, cards=n_cards(p.hand))
    else:
        trace.cite("classes.thief-backstab", "A Thief may backstab a player in combat: discard a card for -2 to them, "
                   "once per victim per combat.")
    if _no_cards(p) if arrows else can_pay(p, 1, from_play=True) is False:
        trace.cite("card-rulings.thief-backstab-per-target", "Each backstab costs a discarded card, and {player} "
                   "holds none.", player=p.name)
        return False, None
    return True, condition


def _equip_change(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    if in_combat(s, p.name):
        trace.cite("items.no-swap-in-combat", "Items cannot be put on, taken off or swapped during combat or while "
                   "running away.")
        return False, None
    equip = s.question.action == "equip"
    named = _named(p, s.question.item)
    if named is not None and named.where == "hand":
        trace.cite("items.carried", "{item} is still in the hand: it must be played before it can be used.",
                   item=named.name)
        return False, None
    if named is not None and named.item is not None and named.where == "play":
        item = named.item
        if equip and unmet_requirement(p, item):
            trace.cite("items.requirements", "{player} may carry {item} but not use it ({why}).", player=p.name,
                       item=item.name, why=unmet_requirement(p, item))
            return False, None
        if equip and p.cursed("unusable_slot") == item.slot:
            trace.cite("card-rulings.curse-big-foot-footgear", "A curse keeps {player} from using {slot} items.",
                       player=p.name, slot=item.slot)
            return False, None
        if equip and item.one_shot:
            trace.cite("card-timing.one-shot-items", "{item} is a one-shot: it is played, not worn.", item=item.name)
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
    if _dead_actor(s, p, rules, trace):
        return False, None
    race = s.question.action == "play-race"
    have = p.races if race else p.classes
    card = s.question.item
    known = (RACES if race else CLASSES)[rules.name]
    if card is not None and canonical(card, known) in have:
        trace.cite("races.no-duplicate" if race else "classes.no-duplicate", "{player} already has {race_or_class} in "
                   "play, and nobody may have two of the same card.", player=p.name, race_or_class=canonical(card, known))
        if race and p.half_breed:
            trace.cite("card-rulings.half-breed-no-duplicate-race", "Not even Half-Breed allows two of the same "
                       "race.")
        elif not race and p.super_munchkin:
            trace.cite("card-rulings.super-munchkin-no-duplicate-class", "Not even Super Munchkin allows two of the "
                       "same class.")
        return False, None
    trace.cite("card-timing.race-and-class", "Race and class cards are played on your own turn or as soon as "
               "you get them.")
    condition = None
    two = p.half_breed if race else p.super_munchkin
    if have and not two:
        trace.cite("races.one-race" if race else "classes.one-class", "{player} already has {have}: the new card "
                   "replaces it unless a Half-Breed or Super Munchkin is played.", player=p.name,
                   have=", ".join(have))
        condition = (Phrase.of("replaces {races}", races=list(have)) if race
                     else Phrase.of("replaces {classes}", classes=list(have)))
    elif two and len(have) >= 2:
        trace.cite("card-rulings.half-breed-max-two-races" if race else "card-rulings.super-munchkin-max-two-classes",
                   "{player} already has two: no card gives a third.", player=p.name)
        return False, None
    elif two and have and race:
        trace.cite("races.half-breed", "{player} has Half-Breed in play: a second race may be played next to "
                   "{have}.", player=p.name, have=", ".join(have))
    elif two and have:
        trace.cite("classes.super-munchkin", "{player} has Super Munchkin in play: a second class may be played "
                   "next to {have}.", player=p.name, have=", ".join(have))
    if not own_turn(s, p.name):
        return True, Phrase.of("only as soon as you get the card")
    return True, condition


ACTION_RULES["play-race"] = _play_race_or_class
ACTION_RULES["play-class"] = _play_race_or_class


def _discard_race_or_class(s, p, rules, trace):
    race = s.question.action == "discard-race"
    have = p.races if race else p.classes
    original = rules.situation.player(p.name)
    if race and not original.races:
        trace.cite("races.human", "{player} has no race card in play to discard.", player=p.name)
        return False, None
    if not race and not original.classes:
        trace.cite("classes.none", "{player} has no class card in play to discard.", player=p.name)
        return False, None
    clause = "races.discard" if race else "classes.discard"
    trace.cite(clause, "A race or class card may be discarded at any time, even in combat.")
    _any_time(s, p, trace)
    condition = _two_card_stays(original, race, trace)
    return True, condition or (None if have else Phrase.of("a curse already keeps it from counting"))


def _two_card_stays(p: Player, race: bool, trace: Trace):
    """What a discarded race or class does to Half-Breed or Super Munchkin. The reading followed
    (the German rule, star-munchkin.lose-all-races-classes; for Super Munchkin
    classes.super-munchkin-last-class): the card goes only with the last race or class. A Half-Breed left with one race is half human (card-rulings.half-breed-discard-race);
    the Hungarian FAQ's Super Munchkin must replace a discarded class at once or lose the card
    (card-rulings.super-munchkin-replace-class): recorded as dissent."""
    have = p.races if race else p.classes
    if not (p.half_breed if race else p.super_munchkin):
        return None
    if len(have) <= 1 and race:
        trace.cite("star-munchkin.lose-all-races-classes", "{player} discards the last race card: Half-Breed is "
                   "discarded with it.", player=p.name)
        return Phrase.of("Half-Breed is discarded too")
    if len(have) <= 1:
        trace.cite("star-munchkin.lose-all-races-classes", "{player} discards the last class card: Super Munchkin "
                   "is discarded with it.", player=p.name)
        return Phrase.of("Super Munchkin is discarded too")
    if race:
        trace.cite("card-rulings.half-breed-discard-race", "{player} keeps Half-Breed with one race left: half "
                   "human, and free to play another race later.", player=p.name)
        return None
    trace.cite("classes.super-munchkin-last-class", "{player} keeps Super Munchkin while a Class card is left; "
               "it goes only with the last one.", player=p.name)
    trace.dissent_from("card-rulings.super-munchkin-replace-class", "The Hungarian FAQ: a Super Munchkin who "
                       "discards a class to replace it must play the new class at once, or Super Munchkin is "
                       "discarded.")
    return None


ACTION_RULES["discard-race"] = _discard_race_or_class
ACTION_RULES["discard-class"] = _discard_race_or_class


@action("play-item")
def _play_item(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    named = _named(p, s.question.item)
    if named is not None and named.where in ("play", "steed"):
        if named.item.one_shot:
            return _play_one_shot(s, p, rules, trace)
        trace.cite("setup.no-return-to-hand", "{item} is already in play; it cannot go back to the hand to be "
                   "played again.", item=named.name)
        return False, None
    if in_combat(s, p.name):
        trace.cite("items.no-swap-in-combat", "In combat only one-shot items may be played from the hand.")
        trace.dissent_from("items.play-in-combat-hu", "The Hungarian FAQ lets a player put an item into play "
                           "during combat on their own turn when it needs no swap, and get its bonus at once.")
        return False, None
    if not own_turn(s, p.name):
        trace.cite("card-timing.items", "Items are played on your own turn or as soon as you get them.")
        return True, Phrase.of("only as soon as you get the card")
    trace.cite("card-timing.items", "Items may be played at any time on your own turn.")
    return True, None


@action("play-one-shot")
def _play_one_shot(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    if p.pet is not None and s.question.item == p.pet.name:
        return _sacrifice_pet(s, p, rules, trace)
    named = _named(p, s.question.item)
    if named is not None and named.item is not None and not named.item.one_shot:
        trace.cite("card-timing.items-must-be-in-use", "{item} is not a one-shot: it works while in use, it is not "
                   "played once.", item=named.name)
        return False, None
    if s.question.item_fighter_only and _someone_fighting(s) and p.name != s.combat.fighter:
        # the Magic Lamp: only the player whose combat it is may rub it, not a helper or a bystander
        trace.cite(s.question.item_fighter_only, "Only {fighter}, whose combat it is, may play {item}; {player} may "
                   "not.", fighter=s.combat.fighter, item=s.question.item, player=p.name)
        return False, None
    trace.cite("card-timing.one-shot-items", "One-shot items may be played in any combat, from the hand or from "
               "play, for either side.")
    if _someone_fighting(s):
        return True, None
    trace.cite("card-timing.one-shot-outside-combat", "Outside combat, a one-shot may be used only when its card "
               "says so (the Wishing Ring does).")
    return True, Phrase.of("most one-shots are for combat; some say they may be used at other times")


def _sacrifice_pet(s, p, rules, trace):
    """An Epic Human's pet, sacrificed as a one-shot bonus (epic.human-pet-for-a-player / -against-a-player)."""
    if not (p.human and is_epic(p, rules)):
        trace.cite("epic.human-pet-lost", "{player} is no longer an Epic Human: the unused pet {pet} has run off "
                   "for good.", player=p.name, pet=p.pet.name)
        return False, None
    epic_power(p, rules, trace, "epic.human-pet-for-a-player", "For a player, {pet} gives +{level}, its base level.",
               pet=p.pet.name, level=p.pet.level)
    trace.cite("epic.human-pet-against-a-player", "Against a player it joins the fight as a Wandering Monster.")
    return True, Phrase.of("for a player: +{bonus}; against a player: a Wandering Monster", bonus=p.pet.level)


@action("play-monster-enhancer")
def _play_enhancer(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    if not _someone_fighting(s):
        trace.cite("card-timing.monster-enhancers", "Monster enhancers are played during a combat, and none is "
                   "going on.")
        return False, None
    if _no_monster_left(s, rules, trace):
        return False, None
    trace.cite("card-timing.monster-enhancers", "Monster enhancers may be played in any combat.")
    return True, None


def _no_monster_left(s, rules, trace) -> bool:
    """Every monster of the combat is already out of it (charmed, removed): nothing to enhance or join."""
    # lazy: referee.engine.fight 16 ms to import, paid only by the calls that need it
    from referee.engine.fight import resolve

    if resolve(s, rules, Trace()).fought:
        return False
    trace.cite("monsters.no-wandering-after-all-gone", "Every monster in this combat was defeated without a kill: "
               "no monster can join it or be enhanced any more.")
    return True


@action("play-wandering-monster")
def _play_wandering(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    if not _someone_fighting(s) and s.room is not None and s.room.empty:
        # star-munchkin.room-wandering-monster (the reading followed): an empty Room takes one too
        trace.cite("star-munchkin.room-wandering-monster", "No combat is going on, but a Room with no monster is in "
                   "play: a Wandering Monster may bring a monster into it.")
        trace.dissent_from("monsters.wandering-monster", "Classic Munchkin has no Rooms: there a Wandering Monster "
                           "joins only a combat already going on.")
    elif not _someone_fighting(s):
        trace.cite("monsters.wandering-monster", "A Wandering Monster joins a combat, and none is going on.")
        return False, None
    elif _no_monster_left(s, rules, trace):
        return False, None
    else:
        trace.cite("monsters.wandering-monster", "A Wandering Monster may bring a monster from the hand into any "
                   "combat.")
    if _no_cards(p, 2):
        # The Wandering Monster card and the monster it brings both come from the hand.
        trace.cite("card-timing.monsters", "{player} holds {hand}: a Wandering Monster needs itself and a "
                   "monster card in hand.", player=p.name, hand=n_cards(p.hand))
        return False, None
    return True, Phrase.of("with a monster card from the hand")


@action("play-curse")
def _play_curse(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    trace.cite("card-timing.curses", "A curse not drawn face up may be played on anyone at any time.")
    target = _target(s)
    if target is not None and in_combat(s, target.name):
        # the rule a table argues over when the curse lands mid-fight: cursing one who fights is
        # a way to interfere
        trace.cite("combat.interfere-curse", "{player} is in a combat: a curse may be played on a player in "
                   "combat, for example one about to win.", player=target.name)
    if target is not None and "wizard" in target.classes and epic_power(
            target, rules, trace, "epic.wizard-escape-the-curse", "{player} is an Epic Wizard: discard a card to try "
            "to escape the curse with a run-away roll, again and again while cards last."):
        if _no_cards(target):
            return True, None
        return True, Phrase.of("{player} may discard a card and roll to escape it", player=target.name)
    return True, None


@action("play-go-up-a-level")
def _play_gual(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
    target = _target(s) or p
    if target.dead:
        trace.cite("death.dead-get-nothing", "{player} is dead, and the dead cannot go up a level.",
                   player=target.name)
        return False, None
    trace.cite("card-timing.go-up-a-level", "Go Up a Level cards may be played at any time, on any player.")
    if target.level + 1 in rules.kill_only_levels():
        trace.cite(rules.kill_only_clause, "{player} is at level {level}: the card cannot give the winning level, "
                   "so it does nothing.", player=target.name, level=target.level)
        if target.level == 9:
            trace.cite("levels.stuck-at-nine", "A Go Up a Level card played at level 9 does nothing: {player} "
                       "stays at level 9.", player=target.name)
        return False, None
    _any_time(s, p, trace)
    return True, None


@action("play-hireling")
def _play_hireling(s, p, rules, trace):
    if _dead_actor(s, p, rules, trace):
        return False, None
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
    _any_time(s, p, trace)
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
        # help is asked for in a combat (helping.ask); no fight, nothing to help in
        trace.cite("helping.ask", "There is no combat to help in.")
        return False, None
    if p.name == s.combat.fighter:
        trace.cite("helping.ask", "{player} is the one fighting.", player=p.name)  # the fighter asks another player
        return False, None
    if s.combat.helper and s.combat.helper != p.name:
        trace.cite("helping.one-helper", "Only one player may help, and {helper} already does.",
                   helper=s.combat.helper)
        return False, None
    # The same card fact the fight reads (fight._sent_away): a helper such a monster would send away
    # may not join in the first place.
    alone = next((m for m in s.combat.monsters if m.no_help), None)
    if alone is not None:
        trace.cite(alone.clause("no_help", "helping.helper-sent-away"), "{monster} must be fought alone: no one may "
                   "help against it.", monster=alone.name)
        return False, None
    trace.cite("helping.one-helper", "{player} may help if {fighter} asks.", player=p.name, fighter=s.combat.fighter)
    if "high" in p.enhancers and epic_power(p, rules, trace, "epic.high-big-help", "{player} is Epic High: when "
                                            "asked, they add a die roll to the help."):
        return True, Phrase.of("the fighter must ask; the help adds a die roll")
    return True, Phrase.of("the fighter must ask (or accept)")


@action("look-for-trouble")
def _look_for_trouble(s, p, rules, trace):
    if p.dead:
        trace.cite("death.new-character-appears", "{player} is dead until the next player's turn begins.",
                   player=p.name)
        return False, None
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
    if _no_cards(p):
        trace.cite("turn.look-for-trouble", "{player} holds no card, so no monster to play.", player=p.name)
        return False, None
    return True, Phrase.of("with a monster card from the hand")


@action("loot-room")
def _loot(s, p, rules, trace):
    if p.dead:
        trace.cite("death.new-character-appears", "{player} is dead until the next player's turn begins.",
                   player=p.name)
        return False, None
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
        return True, Phrase.of("with Phase 0: a face-down Treasure instead of a Door")
    return True, None


# The Epic powers that are actions of their own. Each needs the character to be Epic (level 10 or
# more in an Epic game) and the race, class or enhancer that carries the power.

def _may_use_power(s: Situation, p: Player, rules: Munchkin, trace: Trace, has: bool, clause: str) -> bool:
    """``p`` may use the Epic power ``clause``: alive, Epic, and with the race, class or
    enhancer that carries it (``has``); otherwise the reason is cited."""
    if _dead_actor(s, p, rules, trace):
        return False
    if not has:
        trace.cite(clause, "{player} lacks the race, class or enhancer that carries this Epic power.", player=p.name)
        return False
    if not is_epic(p, rules):
        trace.cite("epic.epic-from-level-10", "{player} is not Epic (level {level}; Epic from level 10 in an Epic "
                   "game), so has no Epic power.", player=p.name, level=p.level)
        return False
    return True


@action("ask-for-a-miracle")
def _miracle(s, p, rules, trace):
    if not _may_use_power(s, p, rules, trace, "cleric" in p.classes, "epic.cleric-ask-for-a-miracle"):
        return False, None
    epic_power(p, rules, trace, "epic.cleric-ask-for-a-miracle", "{player} may discard two cards, from hand or "
               "table, at any time (even in combat), to take the top Treasure face down.")
    if p.hand_known and p.hand + len(p.items) < rules.value("epic.cleric-ask-for-a-miracle", "cards"):
        return False, None
    return True, None if p.hand_known and p.hand >= rules.value("epic.cleric-ask-for-a-miracle", "cards") else "two cards to discard, from hand or table"


@action("take-discarded-steed")
def _herd(s, p, rules, trace):
    if not _may_use_power(s, p, rules, trace, "centaur" in p.races, "epic.centaur-herd"):
        return False, None
    epic_power(p, rules, trace, "epic.centaur-herd", "{player} may discard two cards from hand to take a steed "
               "another player discards.")
    if s.question.target == p.name:
        trace.cite("epic.centaur-herd", "The steed must be discarded by another player.")
        return False, None
    if _no_cards(p, rules.value("epic.centaur-herd", "cards")):
        return False, None
    return True, None if p.hand_known else "two cards from the hand to discard"


@action("tame-monster")
def _tame(s, p, rules, trace):
    if not _may_use_power(s, p, rules, trace, "ranger" in p.classes, "epic.ranger-animal-exploitation"):
        return False, None
    epic_power(p, rules, trace, "epic.ranger-animal-exploitation", "{player} may discard the whole hand (at least "
               "three cards) to tame a monster as it is discarded; it becomes the new steed.")
    if _no_cards(p, rules.value("epic.ranger-animal-exploitation", "cards")):
        return False, None
    monster = next((m for m in s.combat.monsters if m.name == s.question.item), None) if s.combat else None
    if monster is not None:
        return True, Phrase.of("as a steed it gives +{bonus}, its treasures", bonus=monster.treasures)
    return True, Phrase.of("the steed's bonus is the number of treasures the monster gives")


@action("make-pet")
def _make_pet(s, p, rules, trace):
    if not _may_use_power(s, p, rules, trace, p.human, "epic.human-pet"):
        return False, None
    epic_power(p, rules, trace, "epic.human-pet", "Instead of fighting a monster of level 5 or lower, {player} may "
               "keep it as a pet.")
    if p.pet is not None:
        trace.cite("epic.human-pet", "{player} already has a pet ({pet}).", player=p.name, pet=p.pet.name)
        return False, None
    if s.combat is None or s.combat.fighter != p.name:
        trace.cite("epic.human-pet", "A pet is made instead of fighting a monster, and {player} is not fighting one.",
                   player=p.name)
        return False, None
    monster = next((m for m in s.combat.monsters if m.name == s.question.item), None)
    if monster is None:
        small = [m.name for m in s.combat.monsters if m.level <= rules.value("epic.human-pet", "max_monster_level")]
        return (True, Phrase.of("one of: {monsters}", monsters=small)) if small else (False, None)
    if monster.level > rules.value("epic.human-pet", "max_monster_level"):
        trace.cite("epic.human-pet", "{monster} is level {level}, above 5.", monster=monster.name, level=monster.level)
        return False, None
    return True, None


@action("turn-monster")
def _turn_monster(s, p, rules, trace):
    if not _may_use_power(s, p, rules, trace, "dark" in p.enhancers, "epic.dark-so-evil"):
        return False, None
    epic_power(p, rules, trace, "epic.dark-so-evil", "If a player refuses to help {player}, a roll of 5 or 6 turns "
               "the monster on them; if they beat it, {player} gains its treasure and level.")
    if s.combat is None or s.combat.fighter != p.name:
        trace.cite("epic.dark-so-evil", "{player} is not fighting a monster.", player=p.name)
        return False, None
    target = _target(s)
    if target is None or target.name == p.name or target.name == s.combat.helper:
        trace.cite("epic.dark-so-evil", "The monster turns only on a player who refused to help.")
        return False, None
    return True, Phrase.of("on a roll of 5 or 6")


@action("kick-another-door")
def _third_door(s, p, rules, trace):
    if not _may_use_power(s, p, rules, trace, "legendary" in p.enhancers, "epic.legendary-hit-and-myth"):
        return False, None
    epic_power(p, rules, trace, "epic.legendary-hit-and-myth", "If neither of the two door cards is a monster, "
               "{player} turns over one more.")
    if not own_turn(s, p.name) or s.phase not in (None, "kick-door"):
        trace.cite("epic.legendary-hit-and-myth", "The extra door is turned over when kicking open the door at the "
                   "start of your own turn.")
        return False, None
    if s.met_monster_this_turn:
        trace.cite("epic.legendary-hit-and-myth", "A monster was already behind the door.")
        return False, None
    return True, Phrase.of("only if neither door card was a monster")


def judge_action(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    question = situation.question
    player = situation.player(question.player)
    allowed, condition = ACTION_RULES[question.action](situation, player, rules, trace)
    details = {"action": question.action, "player": player.name}
    if condition and allowed:
        details["condition"] = condition
    report_unknown_curses([player], trace, details)
    return Verdict("action", situation.game, "allowed" if allowed else "forbidden", details)
