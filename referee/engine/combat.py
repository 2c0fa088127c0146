"""Combat: who wins the resolved fight (:mod:`referee.engine.fight`) and what each party gets.

Implements combat.kill-rewards and combat.level-per-monster (a level per monster killed, capped
at the game's top level), combat.defeat-vs-kill (monsters taken out give treasure, not levels),
treasure.face-up-when-helped / treasure.face-down-alone, the helper's level
(helping.elf-helper-level; Star Munchkin's Space Ranger), helping.fighter-draws-treasure,
running-away.must-run, the curses that take treasure (card-rulings.fools-gold-next-combat and its
rulings), and epic.bard-super-bard-luck. A monster's printed extras act by kind: the treasure a
friendly monster gives (monsters.friendly-monsters), extra treasure for a race, class or sex
(combat.monster-special-powers), and the Bad Stuff that waits for a lost fight (running-away.bad-stuff,
card-rulings.bigfoot-not-kill and the other rulings a card record names).
"""

from __future__ import annotations

from referee.engine.character import epic_power, report_unknown_curses
from referee.engine.fight import Resolved, bad_stuff, resolve
from referee.engine.levels import raise_level
from referee.engine.trace import Trace, levels as n_levels, treasures as n_treasures
from referee.engine.variants import Munchkin
from referee.message import Phrase
from referee.model import Situation, Verdict


def judge_combat(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    fight = resolve(situation, rules, trace)
    details = {"players_strength": fight.players_strength, "monsters_strength": fight.monsters_strength,
               "winner": fight.winner, "levels": {}, "treasures": 0, "treasures_face": None, "must_run": [],
               "monsters": [{"name": m.name, "strength": s} for m, s in zip(fight.fought, fight.strengths)]}
    for how in ("charmed", "removed", "eaten", "friendly", "chased", "waved", "stomped"):
        names = [o.monster.name for o in fight.out if o.how == how]
        if names:
            details[how] = names
    if fight.withdrawn:
        details["helper_withdrawn"] = fight.withdrawn
    gifts = {}
    for gone in fight.out:
        if gone.how == "friendly" and gone.monster.gives:
            gifts[gone.by] = gifts.get(gone.by, 0) + gone.monster.gives
    _treasure_for_all(situation, fight, gifts, trace)
    if gifts:
        details["gifts"] = gifts
    if fight.helper_roll:
        details["helper_roll"] = fight.helper_roll
        if fight.helper_roll["wins_on"] not in (None, 1):
            details["condition"] = Phrase.of("{player} rolls a die: {roll} or more wins",
                                             player=fight.helper_roll["player"], roll=fight.helper_roll["wins_on"])
    if fight.options:
        details["options"] = [dict(o) for o in fight.options]
    if fight.winner == "players":
        _rewards(situation, rules, trace, fight, details)
    else:
        details["must_run"] = fight.must_run
        stuff = bad_stuff(fight.fought, trace)
        if stuff:
            details["bad_stuff"] = stuff
        trace.cite_n("running-away.must-run", "The player loses: {names} must run away from every monster.",
                     "The players lose: {names} must run away from every monster.", "n",
                     names=tuple(details["must_run"]), n=len(details["must_run"]))
        if fight.helper is not None:
            trace.cite("running-away.helper-runs-too", "The helper runs away too, rolling separately.")
        if fight.fighter.cursed("no_treasure"):
            trace.cite("card-rulings.fools-gold-spent-on-defeat", "{player} lost the fight, so the curse that takes "
                       "this combat's treasure has taken effect and is discarded.", player=fight.fighter.name)
    report_unknown_curses(fight.fighters, trace, details)
    return Verdict("combat", situation.game, "win" if fight.winner == "players" else "lose", details)


def _treasures(situation: Situation, rules: Munchkin, trace: Trace, fight: Resolved) -> tuple[int, int]:
    """(treasures drawn, of them discarded at once) for a won fight."""
    won = sum(_worth(m, trace) for m in fight.fought) + sum(_worth(o.monster, trace) for o in fight.out if o.treasure)
    fighter, helper = fight.fighter, fight.helper
    if helper is not None and helper.cursed("no_treasure"):
        trace.cite("card-rulings.fools-gold-cursed-helper", "The curse on the helper {helper} that takes treasure "
                   "waits for {helper}'s own next combat.", helper=helper.name)
    if fighter.cursed("no_treasure"):
        trace.cite("card-rulings.fools-gold-next-combat", "{player} is cursed to receive no treasure in this "
                   "combat: the {treasures} are not drawn.", player=fighter.name, treasures=n_treasures(won))
        if helper is not None:
            trace.cite("card-rulings.fools-gold-helper", "The helper's share would come from {player}, so the helper "
                       "gets no treasure either.", player=fighter.name)
        return 0, 0
    won += _extra_treasure(fight, trace)
    extra = rules.value("epic.bard-super-bard-luck", "extra_treasures")
    if won and "bard" in fighter.classes and epic_power(
            fighter, rules, trace, "epic.bard-super-bard-luck", "{player} is an Epic Bard: draws {count} treasures "
            "instead of {base}, then discards {extra} of them.", count=won + extra, base=won, extra=extra):
        return won + extra, extra
    return won, 0


def _worth(monster, trace: Trace) -> int:
    """The Treasures a beaten monster gives: its own, with what the enhancer cards on it add or
    take away, never fewer than none."""
    if not monster.enhancer_treasures:
        return monster.treasures
    worth = max(0, monster.treasures + monster.enhancer_treasures)
    trace.cite("monsters.enhancers-treasure", "The enhancers on {monster} make it worth {treasures}.",
               monster=monster.name, treasures=n_treasures(worth))
    return worth


def _rewards(situation: Situation, rules: Munchkin, trace: Trace, fight: Resolved, details: dict) -> None:
    fighter, helper = fight.fighter, fight.helper
    killed = list(fight.fought) + [o.monster for o in fight.out if o.how in ("eaten", "stomped")]
    drawn, discarded = _treasures(situation, rules, trace, fight)
    drawn += details.get("gifts", {}).get(fighter.name, 0)
    details["treasures"] = drawn
    if discarded:
        details["treasures_discarded"] = discarded
    details["treasures_face"] = "up" if helper is not None else "down"
    if not killed:
        details["levels"][fighter.name] = 0
        details["wins"] = []
        if all(o.how in ("friendly", "chased", "waved") for o in fight.out):
            return  # the monster's own card has said why it left (its clause is cited)
        trace.cite("combat.defeat-vs-kill", "No monster was killed, so nobody goes up a level; {treasures} "
                   "are won.", treasures=n_treasures(drawn))
        return
    earned = sum(m.levels for m in fight.fought) + len(killed) - len(fight.fought)
    trace.cite("combat.kill-rewards", "{player} kills {monsters} and earns {levels} (one per monster, more "
               "where a card says), and draws {treasures}.", player=fighter.name,
               monsters=tuple(m.name for m in killed), levels=n_levels(earned), treasures=n_treasures(drawn))
    if len(killed) > 1:
        trace.cite("combat.level-per-monster", "A level for each monster killed: {count}.", count=len(killed))
    new_level = raise_level(fighter, earned, "kill", rules, trace, situation)
    details["levels"][fighter.name] = new_level - fighter.level
    if helper is not None:
        clause = rules.helper_levels(helper)
        if clause:
            new_helper = raise_level(helper, len(killed), "help-elf", rules, trace, situation, clause=clause)
            details["levels"][helper.name] = new_helper - helper.level
        else:
            details["levels"][helper.name] = 0
            trace.cite("helping.helper-no-level", "{helper} gains no level for helping.", helper=helper.name)
        trace.cite("helping.fighter-draws-treasure", "{player} draws the treasures, even though {helper} helped; "
                   "the helper gets what was agreed.", player=fighter.name, helper=helper.name)
        trace.cite("treasure.face-up-when-helped", "Someone helped, so the treasures are drawn face up.")
    else:
        trace.cite("treasure.face-down-alone", "The fight was won alone, so the treasures are drawn face down.")
    details["wins"] = [name for name, gain in details["levels"].items()
                       if gain > 0 and situation.player(name).level + gain >= rules.max_level]
    if helper is not None and fighter.name in details["wins"] and situation.house_rules.shared_victory \
            and helper.name not in details["wins"]:
        details["wins"].append(helper.name)
        trace.cite("star-munchkin.shared-victory", "Shared victory is in play: {helper} helped {player} reach the "
                   "winning level and wins too.", helper=helper.name, player=fighter.name)
    for name in details["wins"]:
        trace.cite(rules.winning_clause, "{player} reaches level {level} and wins the game.", player=name,
                   level=rules.max_level)


def _extra_treasure(fight: Resolved, trace: Trace) -> int:
    """Extra treasures a beaten monster's card gives when a character of some kind is in the fight."""
    extra = 0
    for monster in fight.fought:
        for who, count in monster.extra_treasure:
            player = next((p for p in fight.fighters if who in p.races or who in p.classes or who == p.sex), None)
            if player is not None and count:
                trace.cite(monster.clause("extra_treasure", "combat.monster-special-powers"), "With {player} "
                           "({key}) in the fight, {monster} gives {treasures} more.", monster=monster.name,
                           treasures=n_treasures(count), player=player.name, key=who)
                extra += count
                break
    return extra


def _treasure_for_all(situation: Situation, fight: Resolved, gifts: dict, trace: Trace) -> None:
    """A monster whose defeat gives every player treasure (the Pinata), and the winners more."""
    defeated = [m for m in fight.fought if fight.winner == "players"]
    defeated += [o.monster for o in fight.out if o.how in ("charmed", "removed", "eaten", "stomped")]
    for monster in defeated:
        each, winners = monster.treasure_for_all
        if each:
            trace.cite(monster.clause("treasure_for_all", "combat.monster-special-powers"), "{monster} is defeated "
                       "(killed or not): every player gets {treasures} at once.", monster=monster.name,
                       treasures=n_treasures(each))
            for player in situation.players:
                if not player.dead:
                    gifts[player.name] = gifts.get(player.name, 0) + each
        if winners and fight.winner == "players":
            trace.cite(monster.clause("treasure_for_winners", "combat.monster-special-powers"), "The players who "
                       "fought {monster} won the fight: each gets {treasures} more.", monster=monster.name,
                       treasures=n_treasures(winners))
            for player in fight.fighters:
                gifts[player.name] = gifts.get(player.name, 0) + winners
