"""Running away: the roll each fleeing player needs against each monster.

Implements running-away.roll (a 5 or more on a d6), races.elf (+1), the monster's own escape
modifier, running-away.multiple-monsters (a roll per monster), running-away.helper-runs-too,
running-away.will-not-pursue, and races.halfling's second try.
"""

from __future__ import annotations

from referee.engine.trace import Trace, cards as n_cards
from referee.engine.variants import Munchkin
from referee.model import Situation, Verdict

BASE_ROLL = 5


def judge_run_away(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    combat = situation.combat
    names = [combat.fighter] + ([combat.helper] if combat.helper else [])
    roll_clause = "star-munchkin.run-away-roll" if rules.name == "star-munchkin" else "running-away.roll"
    trace.cite(roll_clause, "Each fleeing player rolls a d6 and escapes on {base} or more, after modifiers.",
               base=BASE_ROLL)
    if len(combat.monsters) > 1:
        trace.cite("running-away.multiple-monsters", "{count} monsters: a separate roll against each, in the "
                   "order the player chooses.", count=len(combat.monsters))
    if combat.helper:
        trace.cite("running-away.helper-runs-too", "{helper} helped and must run away too.", helper=combat.helper)
    rolls = []
    for name in names:
        player = situation.player(name)
        bonus = 1 if "elf" in player.races else 0
        if bonus:
            trace.cite("races.elf", "{player} is an Elf: +1 to run away.", player=name)
        flight = min(dict(combat.discards).get(name, 0), 3) if "wizard" in player.classes else 0
        if flight:
            bonus += flight
            trace.cite("classes.wizard", "{player} is a Wizard and discards {cards} for Flight: +{bonus} to "
                       "run away.", player=name, cards=n_cards(flight), bonus=flight)
        for monster in combat.monsters:
            if monster.ignores_below and player.level <= monster.ignores_below:
                trace.cite("running-away.will-not-pursue", "{monster} will not pursue anyone of level {n} or "
                           "below, so {player} (level {level}) escapes it without a roll.", monster=monster.name,
                           n=monster.ignores_below, player=name, level=player.level)
                rolls.append({"player": name, "monster": monster.name, "needed": 1, "required": False,
                              "possible": True})
                continue
            needed = BASE_ROLL - bonus - monster.run_away
            if monster.run_away:
                trace.cite("running-away.modifiers", "{monster} changes the escape roll by {mod}.",
                           monster=monster.name, mod=f"{monster.run_away:+d}")
            rolls.append({"player": name, "monster": monster.name, "needed": min(max(needed, 1), 7),
                          "required": True, "possible": needed <= 6})
        if "halfling" in player.races:
            trace.cite("races.halfling-second-roll", "{player} is a Halfling: if the first roll fails, discarding "
                       "a card gives a second try.", player=name)
    trace.cite("running-away.bad-stuff", "A failed roll means that monster's Bad Stuff.")
    return Verdict("run-away", situation.game, "ok", {"rolls": rolls})
