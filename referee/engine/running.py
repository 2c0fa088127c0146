"""Running away: the roll each fleeing player needs against each monster still in the fight.

Reads the same resolved fight as the combat question (:mod:`referee.engine.fight`): a monster
charmed, taken out or eaten is not run from and does no Bad Stuff. Implements running-away.roll
(a 5 or more on a d6), races.elf (+1), classes.wizard (Flight), the monster's own escape modifier
(running-away.modifiers), running-away.multiple-monsters (a roll per monster),
running-away.helper-runs-too, running-away.will-not-pursue, races.halfling-second-roll,
hirelings.sacrifice, card-rulings.necrophobia-must-run, and the Epic powers on running away:
epic.gnome-slippery and epic.lizardman-shed-skin. A monster's printed effects act by kind: an
automatic escape (combat.monster-special-powers), a loss even on an escape
(card-rulings.king-tut-lose-two-levels and the rulings a card record names), its Bad Stuff as data
(running-away.bad-stuff), and the monsters that left the fight before anyone ran (a friendly
monster, monsters.friendly-monsters; a chased one; a helper sent away, helping.helper-sent-away).
"""

from __future__ import annotations

from referee.engine.character import epic_power, report_unknown_curses
from referee.engine.discards import payable
from referee.engine.fight import MAX_POWER_DISCARDS, bad_stuff, resolve
from referee.engine.trace import Trace, cards as n_cards, levels as n_levels, treasures as n_treasures
from referee.engine.variants import Munchkin
from referee.message import Phrase
from referee.model import Situation, Verdict

#: how a monster left the fight -> the clause that took it out
OUT_CLAUSES = {"charmed": "classes.wizard-charm", "eaten": "epic.orc-munchkin-lunch"}
#: ... or, when its own card took it out, the effect whose ruling says so (and the rule, if none)
MONSTER_OUT_CLAUSES = {"friendly": ("friendly_to", "monsters.friendly-monsters"),
                       "chased": ("chased_by", "combat.monster-special-powers"),
                       "waved": ("wave_past", "combat.monster-special-powers"),
                       "stomped": ("stomped_by", "combat.monster-special-powers")}


def judge_run_away(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    combat = situation.combat
    fight = resolve(situation, rules, Trace())   # the fight's own reasons belong to the combat question
    roll_clause = rules.clause("running-away.roll")
    trace.cite(roll_clause, "Each fleeing player rolls a d6 and escapes on {base} or more, after modifiers.",
               base=rules.value("running-away.roll", "escape_roll"))
    for gone in fight.out:
        trace.cite(OUT_CLAUSES.get(gone.how) or gone.monster.clause(*MONSTER_OUT_CLAUSES.get(
                       gone.how, ("", "combat.remove-one-monster"))),
                   "{monster} is out of the fight ({by}): nobody runs from it and it does no Bad Stuff.",
                   monster=gone.monster.name, by=gone.by)
    if len(fight.fought) > 1:
        trace.cite("running-away.multiple-monsters", "{count} monsters: a separate roll against each, in the "
                   "order the player chooses.", count=len(fight.fought))
    details = {"rolls": [], "must_run": fight.must_run}
    if fight.withdrawn:
        monster = next(m for m in fight.fought if m.no_help)
        trace.cite(monster.clause("no_help", "helping.helper-sent-away"), "{monster} is fought alone: {helper} was "
                   "sent away before the fight and does not run.", monster=monster.name, helper=fight.withdrawn)
        details["helper_withdrawn"] = fight.withdrawn
    elif fight.helper is not None:
        trace.cite("running-away.helper-runs-too", "{helper} helped and must run away too.", helper=fight.helper.name)
    if fight.out:
        details["out_of_the_fight"] = [o.monster.name for o in fight.out]
    for player in fight.fighters:
        name = player.name
        bonus = 1 if "elf" in player.races else 0
        if bonus:
            trace.cite("races.elf", "{player} is an Elf: +1 to run away.", player=name)
        if player.steed is not None and player.steed.run_away is not None:
            # steeds.run-away-modifier: the steed's modifier replaces the rider's own (an Elf's +1)
            bonus = player.steed.run_away
            trace.cite("steeds.run-away-modifier", "{player} rides {steed}: its {mod} to run away replaces the "
                       "rider's own modifier.", player=name, steed=player.steed.name, mod=f"{bonus:+d}")
        flight = (min(payable(player, dict(combat.discards).get(name, 0), trace), MAX_POWER_DISCARDS)
                  if "wizard" in player.classes else 0)
        if flight:
            bonus += flight
            trace.cite("classes.wizard", "{player} is a Wizard and discards {cards} for Flight: +{bonus} to "
                       "run away.", player=name, cards=n_cards(flight), bonus=flight)
        slippery = "gnome" in player.races and epic_power(
            player, rules, trace, "epic.gnome-slippery", "{player} is an Epic Gnome: no penalty to running away, "
            "and {treasures} face down after escaping.", treasures=n_treasures(rules.value("epic.gnome-slippery", "treasures")))
        if slippery:
            details.setdefault("treasures_on_escape", {})[name] = rules.value("epic.gnome-slippery", "treasures")
        for monster in fight.fought:
            if monster.auto_escape:
                trace.cite(monster.clause("auto_escape", "combat.monster-special-powers"), "{monster}'s card says "
                           "everyone escapes it automatically: {player} need not roll.", monster=monster.name,
                           player=name)
                details["rolls"].append({"player": name, "monster": monster.name, "needed": 1, "required": False,
                                         "possible": True})
                continue
            if monster.ignores_below and player.level <= monster.ignores_below:
                trace.cite("running-away.will-not-pursue", "{monster} will not pursue anyone of level {n} or "
                           "below, so {player} (level {level}) escapes it without a roll.", monster=monster.name,
                           n=monster.ignores_below, player=name, level=player.level)
                details["rolls"].append({"player": name, "monster": monster.name, "needed": 1, "required": False,
                                         "possible": True})
                continue
            ignored = next((w for w in monster.ignores if w in player.races or w in player.classes
                            or w == player.sex or (w == "human" and player.human)), None)
            if ignored:
                trace.cite(monster.clause("ignores", "running-away.will-not-pursue"), "{monster} will not pursue "
                           "a {key}, so {player} escapes it without a roll.", monster=monster.name, key=ignored,
                           player=name)
                details["rolls"].append({"player": name, "monster": monster.name, "needed": 1, "required": False,
                                         "possible": True})
                continue
            if monster.escape_loss:
                trace.cite(monster.clause("escape_loss", "combat.monster-special-powers"), "{player} loses {levels} "
                           "to {monster} even on an escape: whatever the roll, the fight not won costs them.",
                           player=name, levels=n_levels(monster.escape_loss), monster=monster.name)
                details.setdefault("lose_even_on_escape", []).append(
                    {"player": name, "monster": monster.name, "levels_lost": monster.escape_loss})
            modifier = monster.run_away
            if modifier < 0 and slippery:
                modifier = 0
            elif modifier:
                trace.cite("running-away.modifiers", "{monster} changes the escape roll by {mod}.",
                           monster=monster.name, mod=f"{modifier:+d}")
            needed = rules.value("running-away.roll", "escape_roll") - bonus - modifier
            details["rolls"].append({"player": name, "monster": monster.name, "needed": min(max(needed, 1), 7),
                                     "required": True, "possible": needed <= 6})
        if "halfling" in player.races:
            trace.cite("races.halfling-second-roll", "{player} is a Halfling: if the first roll fails, discarding "
                       "a card gives a second try.", player=name)
        if player.cursed("must_run_from_undead") and any(m.undead for m in fight.fought):
            trace.cite("card-rulings.necrophobia-must-run", "{player} must run from the Undead and roll for it, "
                       "even when the fight could be won.", player=name)
    if len(fight.fought) > 1:
        for player in fight.fighters:
            if "lizard-guy" in player.races and epic_power(
                    player, rules, trace, "epic.lizardman-shed-skin", "{player} is an Epic Lizard Man: escaping "
                    "every monster of this fight gives another turn after this one (never more than two turns in a "
                    "row)."):
                details.setdefault("extra_turn_if_all_escaped", []).append(player.name)
    hireling = fight.fighter.hireling
    if hireling is not None and rules.has("hirelings"):
        clause = rules.clause("hirelings.sacrifice")
        trace.cite(clause, "Instead of rolling, {player} may sacrifice {hireling} and escape every monster "
                   "automatically.", player=fight.fighter.name, hireling=hireling.name)
        details["condition"] = Phrase.of("{player} may sacrifice {hireling} instead of rolling", player=fight.fighter.name,
                                         hireling=hireling.name)
    if fight.fought:
        trace.cite(rules.clause("running-away.bad-stuff"), "A failed roll means that monster's Bad Stuff.")
        stuff = bad_stuff(fight.fought, trace)
        if stuff:
            details["bad_stuff"] = stuff
    else:
        trace.cite("combat.defeat-vs-kill", "No monster is left in the fight: there is nothing to run from.")
    report_unknown_curses(fight.fighters, trace, details)
    return Verdict("run-away", situation.game, "ok", details)
