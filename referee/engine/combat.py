"""Combat: the strength of each side, who wins, and what the winners get.

Implements combat.strength, combat.ties (classes.warrior wins them), helping.one-helper,
helping.abilities-apply-to-helper (a monster's bonus against a race, class or sex counts once,
the largest), monsters.enhancers, combat.multiple-monsters, combat.kill-rewards,
treasure.face-up-when-helped and the helper's level (helping.elf-helper-level; Star Munchkin's
Space Ranger).
"""

from __future__ import annotations

from typing import NamedTuple

from referee.engine.equipment import loadout
from referee.engine.levels import raise_level
from referee.engine.trace import Trace, cards as n_cards, levels as n_levels, treasures as n_treasures
from referee.engine.variants import Munchkin
from referee.model import Monster, Player, Situation, Verdict


class Side(NamedTuple):
    """One player's contribution to the players' side."""

    player: Player
    strength: int
    items: int
    extra: int


def player_strength(player: Player, rules: Munchkin, trace: Trace) -> Side:
    """Level plus every bonus in use (items; hireling and steed when those expansions are in)."""
    gear = loadout(player, rules, trace)
    extra = 0
    if player.hireling and rules.has("hirelings"):
        extra += player.hireling.bonus
        trace.cite("hirelings.play", "{player}'s hireling {hireling} adds {bonus}.", player=player.name,
                   hireling=player.hireling.name, bonus=_signed(player.hireling.bonus))
    return Side(player, player.level + gear.bonus + extra, gear.bonus, extra)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _match(player: Player, key: str, rules: Munchkin, trace: Trace) -> str | None:
    """How a monster's "against <key>" applies to ``player``: ``"self"``, ``"hireling"`` or ``None``.

    A Half-Breed with a single race (a Super Munchkin with a single class) has that race's
    advantages without its disadvantages: monsters that hate the race do not hate them.
    """
    if key in player.races:
        if player.half_breed and len(player.races) == 1:
            trace.cite("races.half-breed-one-race", "{player} is a Half-Breed with one race: a monster's bonus "
                       "against a {key} does not apply to them.", player=player.name, key=key)
        else:
            return "self"
    elif key in player.classes:
        if player.super_munchkin and len(player.classes) == 1:
            trace.cite("classes.super-munchkin-one-class", "{player} is a Super Munchkin with one class: a monster's "
                       "bonus against a {key} does not apply to them.", player=player.name, key=key)
        else:
            return "self"
    elif player.sex == key or (key == "human" and player.human):
        return "self"
    hireling = player.hireling
    if hireling is not None and rules.has("hirelings") and key in (hireling.race, hireling.sex, *hireling.classes):
        return "hireling"
    return None


def monster_strength(monster: Monster, fighters: list[Player], rules: Munchkin, trace: Trace) -> int:
    """Level, enhancers, and the largest of its bonuses that applies to anyone fighting it."""
    strength = monster.level + sum(monster.enhancers)
    if monster.enhancers:
        trace.cite("monsters.enhancers", "Enhancers on {monster} add up to {total}.", monster=monster.name,
                   total=_signed(sum(monster.enhancers)))
    applicable = []
    for key, bonus in monster.bonus_vs:
        for index, player in enumerate(fighters):
            via = _match(player, key, rules, trace)
            if via:
                applicable.append((bonus, key, player.name, index, via))
    if not applicable:
        return strength
    bonus, key, who, index, via = max(applicable, key=lambda a: (a[0], -a[3]))
    strength += bonus
    if via == "hireling":
        trace.cite("hirelings.monster-modifiers-vs-hireling", "{monster} gets {bonus} against {player} because "
                   "{player}'s hireling is a {key}.", monster=monster.name, bonus=_signed(bonus), player=who, key=key)
    elif index > 0:
        trace.cite("helping.abilities-apply-to-helper", "{monster} gets {bonus} against a {key}: the helper {who} "
                   "is one, and a monster's abilities apply to the helper too.", monster=monster.name,
                   bonus=_signed(bonus), key=key, who=who)
    else:
        trace.cite("combat.monster-special-powers", "{monster} gets {bonus} against a {key} ({who}).",
                   monster=monster.name, bonus=_signed(bonus), key=key, who=who)
    if "slime" in monster.name.lower() and len(fighters) > 1 and "elf" in fighters[1].races:
        trace.cite("helping.drooling-slime-elf-helper", "The rulebook's own example: an Elf helper gives the "
                   "Drooling Slime its +4, unless the fighter is an Elf already (it counts once).")
    if len(applicable) > 1:
        if len({a[0] for a in applicable}) == 1:
            trace.cite("monsters.same-bonus-once", "The same bonus applies more than once here ({bonus}); it counts "
                       "only once.", bonus=_signed(bonus))
        else:
            trace.cite("monsters.bonuses-not-cumulative", "{monster} has several bonuses that apply; they do not "
                       "add up, only the largest ({bonus}) counts.", monster=monster.name, bonus=_signed(bonus))
    return strength


def judge_combat(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    combat = situation.combat
    fighter = situation.player(combat.fighter)
    helper = situation.player(combat.helper) if combat.helper else None
    sides = [player_strength(fighter, rules, trace)]
    if sides[0].extra:
        trace.cite("combat.strength", "{player}'s combat strength is level {level} + {items} from items + {extra} "
                   "from hireling and steed = {total}.", player=fighter.name, level=fighter.level,
                   items=sides[0].items, extra=sides[0].extra, total=sides[0].strength)
    else:
        trace.cite("combat.strength", "{player}'s combat strength is level {level} + {items} from items = {total}.",
                   player=fighter.name, level=fighter.level, items=sides[0].items, total=sides[0].strength)
    if helper is not None:
        sides.append(player_strength(helper, rules, trace))
        trace.cite("helping.one-helper", "{helper} helps and adds a strength of {strength} (level {level} + "
                   "{items} from items).", helper=helper.name, strength=sides[1].strength, level=helper.level,
                   items=sides[1].items)
    powers = sum(_discard_bonus(situation.player(name), count, combat, trace) for name, count in combat.discards)
    shots_players = sum(combat.player_bonuses)
    shots_monsters = sum(combat.monster_bonuses)
    if combat.player_bonuses or combat.monster_bonuses:
        trace.cite("card-timing.one-shot-items", "One-shot cards add {players} to the players and {monsters} "
                   "to the monsters.", players=_signed(shots_players), monsters=_signed(shots_monsters))
    players_total = sum(s.strength for s in sides) + shots_players + powers
    if players_total < 1:
        trace.cite("levels.negative-combat-strength", "Combat strength may drop below 1 (here {total}), though the "
                   "level itself never does.", total=players_total)

    fighters = [s.player for s in sides]
    charmed = _charmed(situation, trace)
    fought = [m for m in combat.monsters if m.name != charmed]
    strengths = [monster_strength(m, fighters, rules, trace) for m in fought]
    monsters_total = sum(strengths) + shots_monsters
    if len(fought) > 1:
        trace.cite("combat.multiple-monsters", "Against {count} monsters the players must beat their combined "
                   "strength of {total}.", count=len(fought), total=sum(strengths))
    if not fought:  # every monster charmed away: nothing left to fight, nothing killed
        players_total = max(players_total, monsters_total + 1)

    warrior = next((p for p in fighters if "warrior" in p.classes), None)
    if players_total > monsters_total:
        winner = "players"
        trace.cite("combat.strength", "{players} against {monsters}: the players "
                   "are stronger and win.", players=players_total, monsters=monsters_total)
    elif players_total == monsters_total and warrior is not None:
        winner = "players"
        trace.cite("combat.ties", "{players} against {monsters} is a tie, which the monster would win …",
                   players=players_total, monsters=monsters_total)
        trace.cite("classes.warrior", "… but {player} is a Warrior, and Warriors win ties.", player=warrior.name)
        if warrior is helper:
            trace.cite("helping.warrior-helper-ties", "A helper's abilities count for the whole side: with a "
                       "Warrior helping, the players win ties.")
    else:
        winner = "monsters"
        if players_total == monsters_total:
            trace.cite("combat.ties", "{players} against {monsters} is a tie, and the monster wins ties.",
                       players=players_total, monsters=monsters_total)
        else:
            trace.cite("combat.strength", "{players} against {monsters}: the monsters are stronger.",
                       players=players_total, monsters=monsters_total)

    details = {"players_strength": players_total, "monsters_strength": monsters_total, "winner": winner,
               "levels": {}, "treasures": 0, "treasures_face": None, "must_run": [],
               "monsters": [{"name": m.name, "strength": s} for m, s in zip(fought, strengths)]}
    if charmed:
        details["charmed"] = [charmed]
    if winner == "players":
        _rewards(situation, rules, trace, fighter, helper, details)
    else:
        details["must_run"] = [p.name for p in fighters]
        trace.cite_n("running-away.must-run", "The player loses: {names} must run away from every monster.",
                     "The players lose: {names} must run away from every monster.", "n",
                     names=tuple(details["must_run"]), n=len(details["must_run"]))
        if helper is not None:
            trace.cite("running-away.helper-runs-too", "The helper runs away too, rolling separately.")
    return Verdict("combat", situation.game, "win" if winner == "players" else "lose", details)


def _discard_bonus(player: Player, count: int, combat, trace: Trace) -> int:
    """What cards discarded for a power add: Berserking +1 each, Turning +3 each against undead."""
    if count <= 0:
        return 0
    used = min(count, 3)
    undead = any(m.undead for m in combat.monsters)
    if "cleric" in player.classes and undead:
        trace.cite("classes.cleric-turning", "{player} is a Cleric against the undead: {cards} discarded "
                   "for +{bonus}.", player=player.name, cards=n_cards(used), bonus=3 * used)
        if count > 3:
            trace.cite("card-rulings.cleric-turning-max-three", "At most 3 cards count for Turning in one combat.")
        return 3 * used
    if "warrior" in player.classes:
        trace.cite("classes.warrior-berserking", "{player} goes Berserk: {cards} discarded for +{bonus}, "
                   "once per combat.", player=player.name, cards=n_cards(used), bonus=used)
        return used
    trace.cite("classes.discards-for-abilities", "{player} has no power that turns discarded cards into combat "
               "strength here.", player=player.name)
    return 0


def _charmed(situation: Situation, trace: Trace) -> str | None:
    """The monster a Wizard charms away (whole hand, at least 3 cards), if that is allowed."""
    if situation.combat.charm is None:
        return None
    wizard_name, monster = situation.combat.charm
    wizard = situation.player(wizard_name)
    if "wizard" not in wizard.classes:
        trace.cite("classes.wizard-charm", "{player} is not a Wizard and cannot charm.", player=wizard_name)
        return None
    if wizard.hand < 3:
        trace.cite("classes.wizard-charm", "{player} holds {hand}; charming takes the whole hand, at "
                   "least 3.", player=wizard_name, hand=n_cards(wizard.hand))
        return None
    trace.cite("classes.wizard-charm", "{player} discards the whole hand to charm {monster}: it leaves the fight, "
               "its treasure is won, but it gives no level.", player=wizard_name, monster=monster)
    if wizard_name == situation.combat.helper:
        trace.cite("card-rulings.wizard-charm-treasure-owner", "The charmed monster's treasure belongs to the Wizard "
                   "unless agreed otherwise.")
        trace.dissent_from("helping.helper-draws-if-charmed-hu", "The Hungarian FAQ has a helper who charmed draw "
                           "that treasure himself, always face down; the rulebook has the fighter draw it.")
    return monster


def _rewards(situation, rules, trace, fighter, helper, details) -> None:
    combat = situation.combat
    charmed = (details.get("charmed") or [None])[0]
    killed = [m for m in combat.monsters if m.name != charmed]
    if not killed:
        details["levels"][fighter.name] = 0
        details["treasures"] = sum(m.treasures for m in combat.monsters)
        details["treasures_face"] = "up" if helper is not None else "down"
        details["wins"] = []
        trace.cite("combat.defeat-vs-kill", "No monster was killed, so nobody goes up a level; the treasure is "
                   "won.")
        return
    gained = sum(m.levels for m in killed)
    trace.cite("combat.kill-rewards", "{player} kills {monsters} and goes up {levels} (one per monster, more "
               "where a card says), and draws {treasures}.", player=fighter.name,
               monsters=tuple(m.name for m in killed), levels=n_levels(gained),
               treasures=n_treasures(sum(m.treasures for m in combat.monsters)))
    if len(killed) > 1:
        trace.cite("combat.level-per-monster", "A level for each monster killed: {count}.", count=len(killed))
    new_level = raise_level(fighter, gained, "kill", rules, trace, situation)
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
    details["treasures"] = sum(m.treasures for m in combat.monsters)
    details["treasures_face"] = "up" if helper is not None else "down"
    if helper is not None:
        trace.cite("treasure.face-up-when-helped", "Someone helped, so the treasures are drawn face up.")
    else:
        trace.cite("treasure.face-down-alone", "The fight was won alone, so the treasures are drawn face down.")
    details["wins"] = [name for name, gain in details["levels"].items()
                       if situation.player(name).level + gain >= rules.max_level]
    if helper is not None and fighter.name in details["wins"] and situation.house_rules.shared_victory \
            and helper.name not in details["wins"]:
        details["wins"].append(helper.name)
        trace.cite("star-munchkin.shared-victory", "Shared victory is in play: {helper} helped {player} reach the "
                   "winning level and wins too.", helper=helper.name, player=fighter.name)
    for name in details["wins"]:
        trace.cite(rules.winning_clause, "{player} reaches level {level} and wins the game.", player=name,
                   level=rules.max_level)
