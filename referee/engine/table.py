"""Questions about the table outside a fight: equipment, charity, death, the Munchkin die.

Implements items.* through :mod:`referee.engine.equipment`; turn.charity and turn.hand-limit
(races.dwarf: six cards; epic.dwarf-hand-of-the-gods: any number); death.lose-everything,
death.keep-level-race-class with curses.survive-death (star-munchkin.death-keep too: the curses
that were affecting you stay, as the official rules say), an Epic Human's pet lost with the rest
(death.lose-everything), death.loot-the-body, death.new-character-cards, death.no-further-bad-stuff
(read from the resolved fight); and the Munchkin die table (munchkin-die.roll,
munchkin-die.result-N).
"""

from __future__ import annotations

from referee.engine.character import note_epic, report_unknown_curses
from referee.engine.equipment import loadout
from referee.engine.fight import resolve
from referee.engine.trace import N_, Trace, cards as n_cards
from referee.message import Message, Phrase
from referee.engine.variants import Munchkin
from referee.model import Situation, Verdict


def judge_equipment(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    player = situation.player(situation.question.player)
    gear = loadout(player, rules, trace)
    if gear.active:
        trace.cite("items.slots", "{player} uses {items}.", player=player.name,
                   items=", ".join(i.name for i in gear.active))
    else:
        trace.cite("items.slots", "{player} has no item in use.", player=player.name)
    details = {"legal": gear.legal, "active": [i.name for i in gear.active],
               "inactive": [{"name": n, "reason": why} for n, why in gear.inactive.items()],
               "bonus": gear.bonus, "problems": gear.problems}
    report_unknown_curses([player], trace, details)
    return Verdict("equipment", situation.game, "legal" if gear.legal else "illegal", details)


def judge_charity(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    player = situation.player(situation.question.player)
    limit, limit_clause = rules.hand_limit(player)
    if limit is None:
        if limit_clause.startswith("epic."):
            note_epic(player, trace)
        trace.cite(limit_clause, "{player} may keep any number of cards.", player=player.name)
        details = {"excess": 0, "give": {}, "discard": 0}
        report_unknown_curses([player], trace, details)
        return Verdict("charity", situation.game, "ok", details)
    excess = max(0, player.hand - limit)
    if excess:
        trace.cite(limit_clause, "{player} may keep {limit} cards and holds {hand}: {excess} too many.",
                   player=player.name, limit=limit, hand=player.hand, excess=excess)
    else:
        trace.cite(limit_clause, "{player} may keep {limit} cards and holds {hand}: none too many.",
                   player=player.name, limit=limit, hand=player.hand)
    details = {"excess": excess, "give": {}, "discard": 0}
    report_unknown_curses([player], trace, details)
    if excess == 0:
        return Verdict("charity", situation.game, "ok", details)
    alive = [p for p in situation.players if not p.dead or p.name == player.name]
    dead = [p.name for p in situation.players if p.dead and p.name != player.name]
    if dead:
        trace.cite("death.dead-get-nothing", "Dead characters receive no cards, not even charity: {names} left "
                   "out.", names=tuple(dead))
    lowest = min(p.level for p in alive)
    if player.level <= lowest:
        trace.cite("turn.charity-lowest-discards", "{player} is (one of) the lowest-level player(s), so the "
                   "excess is discarded.", player=player.name)
        details["discard"] = excess
        return Verdict("charity", situation.game, "ok", details)
    receivers = sorted(p.name for p in alive if p.level == lowest)
    share, extra = divmod(excess, len(receivers))
    give = {name: share + (1 if i < extra else 0) for i, name in enumerate(receivers)}
    details["give"] = {k: v for k, v in give.items() if v}
    if extra:
        details["condition"] = Phrase.plural_of("{player} chooses who gets the {n} extra card",
                                                "{player} chooses who gets the {n} extra cards", "n",
                                                player=player.name, n=extra)
    trace.cite("turn.charity", "The excess goes to the lowest-level player (level {level}): {names}.",
               level=lowest, names=tuple(receivers))
    if len(receivers) > 1:
        trace.cite("turn.charity-tied-lowest", "Players tied for lowest share the cards as evenly as possible; "
                   "the giver decides who gets more.")
    return Verdict("charity", situation.game, "ok", details)


def judge_death(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    # What the player keeps are the cards on the table, as described (a forgotten race is still there).
    player = rules.situation.player(situation.question.player)
    if player.cursed("loses_races"):
        player = player._replace(races=(), half_breed=False)
    curses_kept = rules.curses_kept_at_death()
    keeps = [Phrase.of("level {level}", level=player.level), *(Phrase.of("race: {race}", race=r) for r in player.races),
             *(Phrase.of("class: {class}", **{"class": c}) for c in player.classes)]
    if curses_kept:
        keeps += [Phrase.of("curse: {curse}", curse=c.name) for c in player.curses]
    # a card's name as it stands: no template to translate, the CLI shows the card's own name
    if player.half_breed:
        keeps.append(Phrase(Message("{card}", (("card", "Half-Breed"),))))
    if player.super_munchkin:
        keeps.append(Phrase(Message("{card}", (("card", "Super Munchkin"),))))
    loses = [i.name for i in player.items] + ([Phrase.plural_of("{n} card in hand", "{n} cards in hand", "n",
                                                                 n=player.hand)] if player.hand else [])
    if player.hireling:
        loses.append(player.hireling.name)
    if player.steed:
        loses.append(player.steed.name)
    if player.pet is not None:
        loses.append(player.pet.name)
    if not curses_kept:
        loses += [Phrase.of("curse: {curse}", curse=c.name) for c in player.curses]
    trace.cite("death.lose-everything", "{player} loses every item and every card in hand.", player=player.name)
    if player.pet is not None:
        # an Epic Human's pet is a card in play in front of its owner: it goes with the rest
        trace.cite("death.lose-everything", "{player}'s pet {pet} is a card in play: it dies with its owner.",
                   player=player.name, pet=player.pet.name)
    if curses_kept:
        trace.cite("death.keep-level-race-class", "{player} keeps level, race(s), class(es) and curses.",
                   player=player.name)
        if player.curses:
            trace.cite("curses.survive-death", "The curses on {player} stay in play for the new character.",
                       player=player.name)
    else:
        trace.cite("death.keep-level-race-class", "{player} keeps level, race(s) and class(es); everything else "
                   "in play goes, curses too.", player=player.name)
    if player.half_breed or player.super_munchkin:
        trace.cite("death.keep-half-breed-super-munchkin", "Half-Breed and Super Munchkin stay too.")
    others = sorted((p for p in situation.players if p.name != player.name and not p.dead),
                    key=lambda p: -p.level)
    order = [p.name for p in others]
    ties = []
    for level in sorted({p.level for p in others}, reverse=True):
        same = [p.name for p in others if p.level == level]
        if len(same) > 1:
            ties.append(same)
    trace.cite("death.loot-the-body", "Looting the body: starting with the highest level, each other player takes "
               "one card; the rest are discarded.")
    if ties:
        trace.cite("death.loot-ties", "Players tied on level roll a die for their place: {ties}.",
                   ties="; ".join(" / ".join(t) for t in ties))
    trace.cite("death.loot-rest-discarded", "Once everyone has taken a card, the rest are discarded.")
    dead_others = [p.name for p in situation.players if p.name != player.name and p.dead]
    if dead_others:
        trace.cite("death.dead-get-nothing", "Dead characters take no cards: {names}.", names=tuple(dead_others))
    new_cards = 4
    if situation.house_rules.starting_cards is not None and rules.name == "munchkin":
        # The Dutch text ties the new character's cards to the starting hand the table plays with.
        new_cards = situation.house_rules.starting_cards
        trace.cite("setup.starting-hand-house-rule", "House rule: the new character draws {cards} from each "
                   "deck, as many as the starting hand.", cards=n_cards(new_cards))
    else:
        trace.cite("death.new-character-cards", "On their next turn the new character draws {cards} face down "
                   "from each deck.", cards=n_cards(new_cards))
    trace.dissent_from("death.new-character-cards-hu", "The Hungarian FAQ has the new character draw two cards "
                       "from each deck, face down, at the start of the next turn.")
    details = {"keeps": keeps, "loses": loses, "loot_order": order, "loot_ties": ties,
               "new_cards": {"door": new_cards, "treasure": new_cards}}
    _death_in_combat(situation, rules, player, trace, details)
    report_unknown_curses([player], trace, details)
    return Verdict("death", situation.game, "ok", details)


def _death_in_combat(situation: Situation, rules: Munchkin, player, trace: Trace, details: dict) -> None:
    """Dying in a fight ends the Bad Stuff of the monsters still in it; those already out do none."""
    combat = situation.combat
    if combat is None or player.name not in (combat.fighter, combat.helper):
        return
    fight = resolve(situation, rules, Trace())
    if fight.fought:
        details["no_further_bad_stuff"] = [m.name for m in fight.fought]
        trace.cite("death.no-further-bad-stuff", "{player} dies in the fight: the Bad Stuff of {monsters} no longer "
                   "affects them, and no further escape rolls are made.", player=player.name,
                   monsters=", ".join(details["no_further_bad_stuff"]))
    for gone in fight.out:
        trace.cite("classes.wizard-charm" if gone.how == "charmed" else
                   "epic.orc-munchkin-lunch" if gone.how == "eaten" else "combat.remove-one-monster",
                   "{monster} is out of the fight ({by}): nobody runs from it and it does no Bad Stuff.",
                   monster=gone.monster.name, by=gone.by)


#: What each face of the Munchkin d10 does (the clause munchkin-die.result-N states it in full).
DIE_EFFECTS = {
    1: N_("Draw a face-up Treasure, or take the top card of the Treasure discards."),
    2: N_("Draw a face-up Door, or take the top card of the Door discards."),
    3: N_("Draw a Treasure and a Door, both face up; a curse drawn this way applies to you."),
    4: N_("Take the top Treasure and Door discards into your hand."),
    5: N_("Change sex: -5 in your next combat, and go up two levels (they cannot win the game)."),
    6: N_("Swap your whole hand (at least one card) with another player's hand."),
    7: N_("Swap a class card of yours in play for any other class card in play (reroll if you have none)."),
    8: N_("Swap a race card of yours in play for any other race card in play (reroll if you have none)."),
    9: N_("Steal a level from another player; no more rolls on this table this turn."),
    10: N_("Choose any result of this table; nobody can change it."),
}


def judge_munchkin_die(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    question = situation.question
    player = situation.player(question.player)
    details = {"roll": question.roll, "effect": DIE_EFFECTS[question.roll], "cost": 1}
    report_unknown_curses([player], trace, details)
    own_turn = situation.turn in (None, player.name) and situation.phase != "other-turn"
    if not own_turn or situation.phase not in (None, "before-door"):
        trace.cite("munchkin-die.roll", "The Munchkin die is rolled on your own turn, before kicking open the "
                   "door.")
        details["allowed"] = False
        return Verdict("munchkin-die", situation.game, "forbidden", details)
    if player.level <= 1:
        trace.cite("munchkin-die.roll", "Rolling the Munchkin die costs a level, and {player} is at level 1.",
                   player=player.name)
        details["allowed"] = False
        return Verdict("munchkin-die", situation.game, "forbidden", details)
    trace.cite("munchkin-die.roll", "Before kicking open the door, {player} spends a level (to {level}) to roll the "
               "d10.", player=player.name, level=player.level - 1)
    trace.cite(f"munchkin-die.result-{question.roll}", DIE_EFFECTS[question.roll])
    details["allowed"] = True
    details["can_roll_again"] = question.roll != 9 and player.level - 1 > 1
    return Verdict("munchkin-die", situation.game, "ok", details)
