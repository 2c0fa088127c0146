"""One combat, resolved once: who fights, which monsters are still in it, and who wins.

Combat, running away and death all read the same :class:`Resolved` fight, so they cannot
disagree: a monster charmed away (classes.wizard-charm), taken out by a card
(combat.remove-one-monster, combat.defeat-vs-kill) or eaten by an Epic Orc
(epic.orc-munchkin-lunch) is no longer fought, run from, or able to do Bad Stuff.

Strength: combat.strength (level and bonuses; helping.one-helper adds the helper's),
monsters.enhancers, helping.abilities-apply-to-helper (a monster's largest applicable bonus,
monsters.bonuses-not-cumulative, monsters.same-bonus-once), hirelings.play with
hirelings.enhancer-levels and epic.master-so-cool, the discard powers (classes.warrior-berserking,
classes.cleric-turning), one-shots (card-timing.one-shot-items), and the Epic powers that change
strength: epic.primeval-respect-elders, epic.elite-ultra-elite, epic.high-big-help.
Outcome: combat.ties (classes.warrior, helping.warrior-helper-ties) and
card-rulings.necrophobia-must-run.

A monster's printed effects (its card's facts, or the situation's own) act by kind, never by
name; each cites its card's ruling where the card record names one, else the rule it follows
(combat.monster-special-powers: read the monster card and apply it): a friendly monster does
not fight the character it spares (monsters.friendly-monsters, combat.amazon-joins-combat); a
monster fought without help sends the helper away (helping.helper-sent-away); "only your level
counts" (card-rulings.three-blood-brothers-levels-only); a bonus unless enough weapons are in use
(card-rulings.kali-two-weapons); a monster a character of some kind may chase away
(helping.cleric-helper-undead).
"""

from __future__ import annotations

from referee.engine.character import epic_power, is_epic
from referee.engine.discards import can_pay, payable
from referee.engine.equipment import loadout
from referee.engine.trace import Trace, cards as n_cards, levels as n_levels, treasures as n_treasures
from referee.engine.turns import own_turn
from referee.engine.variants import Munchkin
from referee.model import Monster, Player, Situation
from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional

#: Berserking and Turning count at most this many discarded cards in one combat.
MAX_POWER_DISCARDS = 3


class Out(Record):
    """A monster that left the fight without being fought: how, and whether its treasure is won."""

    monster: Monster
    how: str            # "charmed", "removed" (by a card or power), "eaten", "friendly", "chased", "waved",
    #                     "stomped" (a kill)
    by: str             # the Wizard, the card or the power
    treasure: bool


class Resolved(Record):
    fighter: Player
    helper: Optional[Player]
    fought: tuple[Monster, ...]         # the monsters still in the fight
    out: tuple[Out, ...]                # the monsters that left it
    strengths: tuple[int, ...]          # each fought monster's strength
    players_strength: int
    monsters_strength: int
    winner: str                         # "players" or "monsters"
    helper_roll: Optional[dict] = None  # an Epic High helper's die: the lowest face that wins
    options: tuple[dict, ...] = ()      # powers the players may still choose to use
    withdrawn: Optional[str] = None     # a helper sent away by a monster that is fought alone

    @property
    def fighters(self) -> list[Player]:
        return [self.fighter] + ([self.helper] if self.helper else [])

    @property
    def must_run(self) -> list[str]:
        return [p.name for p in self.fighters] if self.winner == "monsters" else []


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def hireling_bonus(player: Player, rules: Munchkin, trace: Trace) -> int:
    """What the player's hireling adds: its bonus, plus a level per +5 of monster enhancers on it."""
    hireling = player.hireling
    if hireling is None or not rules.has("hirelings"):
        return 0
    bonus = hireling.bonus
    trace.cite("hirelings.play", "{player}'s hireling {hireling} adds {bonus}.", player=player.name,
               hireling=hireling.name, bonus=_signed(hireling.bonus))
    enhancers = sorted(hireling.enhancers, reverse=True)
    if not enhancers:
        return bonus
    full = None
    if "master" in player.enhancers and enhancers[0] > 0 and epic_power(
            player, rules, trace, "epic.master-so-cool", "{player} is an Epic Master: one enhancer on the "
            "hireling gives its printed {bonus}.", bonus=_signed(enhancers[0])):
        full = enhancers.pop(0)
    levels = sum(_enhancer_levels(e) for e in enhancers)
    if levels < 0 and not any(e > 0 for e in hireling.enhancers):
        trace.cite("hirelings.negative-enhancers", "A negative enhancer cannot go on a hireling without a "
                   "positive one: it counts for nothing.")
        levels = sum(_enhancer_levels(e) for e in enhancers if e > 0)
    if levels:
        trace.cite("hirelings.enhancer-levels", "The enhancers on {hireling} give it {levels} (+5 gives one, +10 "
                   "two).", hireling=hireling.name, levels=n_levels(levels))
    return bonus + levels + (full or 0)


def _enhancer_levels(enhancer: int) -> int:
    sign = 1 if enhancer >= 0 else -1
    return sign * (abs(enhancer) // 5)


def player_strength(player: Player, rules: Munchkin, trace: Trace, own_fight: bool = False) -> tuple[int, int, int]:
    """(strength, from items, from hireling and steed-free extras) of one player in a fight."""
    gear = loadout(player, rules, trace)
    extra = hireling_bonus(player, rules, trace)
    level = player.level
    if own_fight and "primeval" in player.enhancers and epic_power(
            player, rules, trace, "epic.primeval-respect-elders", "{player} is Epic Primeval fighting on their "
            "own turn: level {level} counts double.", level=player.level):
        level *= 2
    return level + gear.bonus + extra, gear.bonus, extra + level - player.level


def _match(player: Player, key: str, rules: Munchkin, trace: Trace) -> str | None:
    """How a monster's "against <key>" applies to ``player``: ``"self"``, ``"hireling"`` or ``None``.

    A Half-Breed with a single race (a Super Munchkin with a single class) has that race's
    advantages without its disadvantages: monsters that hate the race do not hate them; the other
    half is Human (card-rulings.half-breed-other-half-human).
    """
    if key in player.races:
        if player.half_breed and len(player.races) == 1:
            trace.cite("races.half-breed-one-race", "{player} is a Half-Breed with one race: monsters that hate "
                       "{key}s do not hate them.", player=player.name, key=key)
        else:
            return "self"
    elif key in player.classes:
        if player.super_munchkin and len(player.classes) == 1:
            trace.cite("classes.super-munchkin-one-class", "{player} is a Super Munchkin with one class: monsters "
                       "that hate {key}s do not hate them.", player=player.name, key=key)
        else:
            return "self"
    elif player.sex == key or (key == "human" and player.human):
        return "self"
    elif key == "human" and player.half_breed and len(player.races) == 1:
        trace.cite("card-rulings.half-breed-other-half-human", "{player} is a Half-Breed with one race: the other "
                   "half is Human, and monsters see it.", player=player.name)
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
    strength += _weapons_bonus(monster, fighters[0], rules, trace)
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
    if any(a[3] > 0 and a[4] == "self" and a[1] in fighters[a[3]].races for a in applicable):
        # The rulebook states this rule through one example (the Drooling Slime and an Elf helper);
        # it holds for any monster with a bonus against a race the helper has.
        trace.cite("helping.drooling-slime-elf-helper", "The rulebook's example of this rule: a bonus against a race "
                   "comes in when a helper of that race joins, and counts once if the fighter has the race too.")
    if len(applicable) > 1:
        if len({a[0] for a in applicable}) == 1:
            trace.cite("monsters.same-bonus-once", "The same bonus applies more than once here ({bonus}); it counts "
                       "only once.", bonus=_signed(bonus))
        else:
            trace.cite("monsters.bonuses-not-cumulative", "{monster} has several bonuses that apply; they do not "
                       "add up, only the largest ({bonus}) counts.", monster=monster.name, bonus=_signed(bonus))
    return strength


#: a Bad Stuff effect -> its figure in a verdict's details
BAD_STUFF_FIGURES = {"levels": "levels_lost", "slots": "items_lost", "death": "death", "classes": "classes_lost",
                     "otherwise_levels": "otherwise_levels_lost", "random_items": "random_items"}
#: the slots a weapon is held in
WEAPON_SLOTS = ("one-hand", "two-hands")


def _weapons_bonus(monster: Monster, fighter: Player, rules: Munchkin, trace: Trace) -> int:
    """A monster's bonus against a fighter with fewer than N weapons in use (Kali's +5 below two)."""
    fewer_than, bonus = monster.weapons_bonus
    if not fewer_than:
        return 0
    weapons = [i for i in loadout(fighter, rules).active if i.slot in WEAPON_SLOTS]
    if len(weapons) >= fewer_than:
        return 0
    trace.cite(monster.clause("weapons_bonus", "combat.monster-special-powers"), "{player} has {count} weapons in "
               "use, fewer than {needed}: {monster} gets {bonus}.", player=fighter.name, count=len(weapons),
               needed=fewer_than, monster=monster.name, bonus=_signed(bonus))
    return bonus


def _spares(monster: Monster, player: Player, words: tuple[str, ...]) -> bool:
    """Is ``player`` one of the characters ``words`` (race, class, sex) names?"""
    return any(w in player.races or w in player.classes or w == player.sex or (w == "human" and player.human)
               for w in words)


def _friendly(fought, fighters, trace: Trace) -> list[Out]:
    """Monsters that will not fight a character in this combat: they leave it, giving what the card says."""
    out = []
    for monster in fought:
        spared = next((p for p in fighters if monster.friendly_to and _spares(monster, p, monster.friendly_to)), None)
        if spared is None:
            continue
        clause = monster.clause("friendly_to", "monsters.friendly-monsters")
        if monster.gives:
            trace.cite(clause, "{monster} will not fight {player}: it leaves the fight without Bad Stuff, and gives "
                       "{player} {treasures} but no level.", monster=monster.name, player=spared.name,
                       treasures=n_treasures(monster.gives))
        else:
            trace.cite(clause, "{monster} will not fight {player}: it leaves the fight, with no level, treasure or "
                       "Bad Stuff.", monster=monster.name, player=spared.name)
        if len(fighters) > 1 or len(fought) > 1:
            trace.cite("combat.amazon-joins-combat", "It leaves even when it joined a fight with other players or "
                       "monsters in it; the others fight on.")
        if monster.trade_in:
            trace.cite(monster.clause("trade_in", "combat.monster-special-powers"), "{player} may discard up to "
                       "{count} Treasure cards from the hand (not items in play) and draw as many new ones.",
                       player=spared.name, count=monster.trade_in)
        out.append(Out(monster, "friendly", spared.name, False))
    return out


def _sent_away(fought, helper: Optional[Player], trace: Trace) -> bool:
    """Does a monster that must be fought alone send the helper away?"""
    alone = next((m for m in fought if m.no_help), None)
    if helper is None or alone is None:
        return False
    trace.cite(alone.clause("no_help", "helping.helper-sent-away"), "{monster} must be fought alone: {helper} "
               "withdraws and adds nothing.", monster=alone.name, helper=helper.name)
    return True


def _chaser(fought, fighters) -> tuple[Optional[Monster], Optional[Player]]:
    """A monster that someone in this fight may chase away, and who."""
    for monster in fought:
        for player in fighters:
            if monster.chased_by and _spares(monster, player, monster.chased_by):
                return monster, player
    return None, None


def _discard_bonus(player: Player, count: int, monsters, trace: Trace, helper: Optional[Player] = None,
                   rules: Optional[Munchkin] = None) -> int:
    """What cards discarded for a power add: Berserking +1 each, Turning +3 each against undead. A
    Warrior who helps goes Berserk too, once per combat (helping.warrior-helper-berserk). A Warrior
    whose class a curse took in this combat keeps what the cards already discarded gave, and can
    discard no more (classes.warrior-lost-mid-combat): Berserking cards can only have been
    discarded while still a Warrior."""
    count = payable(player, count, trace)  # only the cards the player has, in hand or in play
    if count <= 0:
        return 0
    used = min(count, MAX_POWER_DISCARDS)
    if "cleric" in player.classes and any(m.undead for m in monsters):
        trace.cite("classes.cleric-turning", "{player} is a Cleric against the undead: {cards} discarded "
                   "for +{bonus}.", player=player.name, cards=n_cards(used), bonus=3 * used)
        if count > MAX_POWER_DISCARDS:
            trace.cite("card-rulings.cleric-turning-max-three", "At most 3 cards count for Turning in one combat.")
        return 3 * used
    if "cleric" in player.classes:
        for monster in monsters:
            if ("undead", monster.clause("undead", "")) in monster.clauses:
                trace.cite(monster.clause("undead", ""), "{monster} is not Undead: Turning gives {player} nothing "
                           "against it.", monster=monster.name, player=player.name)
    if "warrior" in player.classes:
        helping = helper is not None and helper.name == player.name
        trace.cite("helping.warrior-helper-berserk" if helping else "classes.warrior-berserking",
                   "{player} goes Berserk: {cards} discarded for +{bonus}, "
                   "once per combat.", player=player.name, cards=n_cards(used), bonus=used)
        return used
    table = rules.situation.player(player.name) if rules is not None else player
    if "warrior" in table.classes:
        trace.cite("classes.warrior-lost-mid-combat", "{player} went Berserk before a curse took the Warrior class: "
                   "the {cards} already discarded still give +{bonus}, but no more may be discarded for it.",
                   player=player.name, cards=n_cards(used), bonus=used)
        return used
    trace.cite("classes.discards-for-abilities", "{player} has no power that turns discarded cards into combat "
               "strength here.", player=player.name)
    return 0


def _charmed(situation: Situation, trace: Trace) -> Optional[Out]:
    """The monster a Wizard charms away (whole hand, at least 3 cards), if that is allowed."""
    combat = situation.combat
    if combat.charm is None:
        return None
    wizard_name, monster_name = combat.charm
    wizard = situation.player(wizard_name)
    if "wizard" not in wizard.classes:
        trace.cite("classes.wizard-charm", "{player} is not a Wizard and cannot charm.", player=wizard_name)
        return None
    if can_pay(wizard, 3, from_play=False) is not True:  # the whole hand: cards in play do not count
        trace.cite("classes.wizard-charm", "{player} holds {hand}; charming takes the whole hand, at "
                   "least 3.", player=wizard_name, hand=n_cards(wizard.hand))
        if wizard.hand_known and wizard.hand == 0:
            trace.cite("card-rulings.wizard-charm-needs-cards", "With no card in hand, a Wizard cannot charm.")
        return None
    monster = next(m for m in combat.monsters if m.name == monster_name)
    trace.cite("classes.wizard-charm", "{player} discards the whole hand to charm {monster}: it leaves the fight, "
               "its treasure is won, but it gives no level.", player=wizard_name, monster=monster_name)
    if wizard_name == combat.helper:
        trace.cite("card-rulings.wizard-charm-treasure-owner", "The charmed monster's treasure belongs to the Wizard "
                   "unless agreed otherwise.")
        trace.dissent_from("helping.helper-draws-if-charmed-hu", "The Hungarian FAQ has a helper who charmed draw "
                           "that treasure himself, always face down; the rulebook has the fighter draw it.")
    return Out(monster, "charmed", wizard_name, True)


def _taken_out(situation: Situation, trace: Trace) -> list[Out]:
    """Monsters a card or power took out of the fight (``combat.removed``), and the Wizard's charm."""
    out = []
    charmed = _charmed(situation, trace)
    if charmed:
        out.append(charmed)
    for removal in situation.combat.removed:
        monster = next(m for m in situation.combat.monsters if m.name == removal.monster)
        trace.cite("combat.remove-one-monster", "{by} takes {monster} out of the fight; the other monsters are "
                   "fought as usual.", by=removal.by, monster=removal.monster)
        if not removal.treasure:
            trace.cite("combat.defeat-vs-kill", "{monster} was got rid of without a kill, and this card gives no "
                       "treasure for it.", monster=removal.monster)
        out.append(Out(monster, "removed", removal.by, removal.treasure))
    return out


def _epic_bonus(player: Player, fought, rules, trace: Trace) -> int:
    """Epic Elite: twice each monster's treasures."""
    if "elite" not in player.enhancers or not fought:
        return 0
    bonus = 2 * sum(m.treasures for m in fought)
    if epic_power(player, rules, trace, "epic.elite-ultra-elite", "{player} is Epic Elite: +{bonus}, twice the "
                  "treasures of the monsters fought.", bonus=bonus):
        return bonus
    return 0


def resolve(situation: Situation, rules: Munchkin, trace: Trace) -> Resolved:
    """The fight the situation describes, resolved once for every question that reads it."""
    combat = situation.combat
    fighter = situation.player(combat.fighter)
    helper = situation.player(combat.helper) if combat.helper else None
    out = _taken_out(situation, trace)
    gone = {o.monster.name for o in out}
    fought = [m for m in combat.monsters if m.name not in gone]
    for gone in (_friendly, _stomped):
        left = gone(fought, [fighter] + ([helper] if helper else []), trace)
        if left:
            out += left
            fought = [m for m in fought if all(m is not o.monster for o in left)]
    withdrawn = None
    if _sent_away(fought, helper, trace):
        withdrawn, helper = helper.name, None
    level_only = next((m for m in fought if m.level_only), None)
    if level_only is not None:
        return _level_only(situation, rules, trace, fighter, helper, fought, out, level_only, withdrawn)

    strength, items, extra = player_strength(fighter, rules, trace, own_fight=own_turn(situation, fighter.name))
    if extra:
        trace.cite("combat.strength", "{player}'s combat strength is level {level} + {items} from items + {extra} "
                   "from powers and hireling = {total}.", player=fighter.name, level=fighter.level,
                   items=items, extra=extra, total=strength)
    else:
        trace.cite("combat.strength", "{player}'s combat strength is level {level} + {items} from items = {total}.",
                   player=fighter.name, level=fighter.level, items=items, total=strength)
    players_total = strength
    if helper is not None:
        h_strength, h_items, h_extra = player_strength(helper, rules, trace)
        trace.cite("helping.one-helper", "{helper} helps and adds a strength of {strength} (level {level} + "
                   "{items} from items).", helper=helper.name, strength=h_strength, level=helper.level,
                   items=h_items + h_extra)
        players_total += h_strength
    fighters = [fighter] + ([helper] if helper else [])
    players_total += sum(_discard_bonus(situation.player(name), count, fought, trace, helper, rules)
                         for name, count in combat.discards)
    players_total += sum(_epic_bonus(p, fought, rules, trace) for p in fighters)
    shots_players, shots_monsters = sum(combat.player_bonuses), sum(combat.monster_bonuses)
    if combat.player_bonuses or combat.monster_bonuses:
        trace.cite("card-timing.one-shot-items", "One-shot cards add {players} to the players and {monsters} "
                   "to the monsters.", players=_signed(shots_players), monsters=_signed(shots_monsters))
    players_total += shots_players
    if players_total < 1:
        trace.cite("levels.negative-combat-strength", "Combat strength may drop below 1 (here {total}), though the "
                   "level itself never does.", total=players_total)

    lunch = _orc_lunch(situation, fighter, fought, rules)
    strengths, monsters_total, winner = _outcome(fought, fighters, players_total, shots_monsters, rules,
                                                 situation, Trace())
    if lunch and winner == "monsters" and epic_power(
            fighter, rules, trace, "epic.orc-munchkin-lunch", "{player} is an Epic Orc and eats {monsters}: "
            "nobody can stop it, its bonuses are lost, and it counts as a kill.",
            monsters=", ".join(m.name for m in lunch)):
        out += [Out(m, "eaten", fighter.name, False) for m in lunch]
        fought = [m for m in fought if m not in lunch]
        lunch = []
    helper_roll = None
    if helper is not None and "high" in helper.enhancers and fought and epic_power(
            helper, rules, trace, "epic.high-big-help", "{player} is Epic High and was asked to help: they roll a "
            "die and add it."):
        _s, monsters_total, _w = _outcome(fought, fighters, players_total, shots_monsters, rules, situation, Trace())
        helper_roll = _high_roll(players_total, monsters_total, fighters, helper)
        if helper_roll["wins_on"] == 1:
            # Any face wins: count the least the die can add, so the figures show a won fight.
            players_total += 1
    fought, out = _chase(fought, out, fighters, players_total, shots_monsters, rules, situation, trace)
    # One outcome, computed once with the final figures: the reasons and the details agree.
    strengths, monsters_total, winner = _outcome(fought, fighters, players_total, shots_monsters, rules,
                                                 situation, trace)
    options = _options(fighter, fought, lunch, rules, situation, out)
    return Resolved(fighter, helper, tuple(fought), tuple(out), tuple(strengths), players_total, monsters_total,
                    winner, helper_roll, tuple(options), withdrawn)


def _chase(fought, out, fighters, players_total, shots_monsters, rules, situation, trace: Trace):
    """Monsters the players may get rid of without a fight (chase away, wave past) leave it when the
    fight would be lost otherwise: a kill gives a level, avoiding it does not, so a fight that can be
    won is fought."""
    _s, _t, winner = _outcome(fought, fighters, players_total, shots_monsters, rules, situation, Trace())
    if winner == "players":
        return fought, out
    monster, chaser = _chaser(fought, fighters)
    if monster is not None:
        trace.cite(monster.clause("chased_by", "combat.monster-special-powers"), "{player} may chase {monster} "
                   "away automatically, and does so rather than lose: it leaves the fight with no level, treasure or "
                   "Bad Stuff.", player=chaser.name, monster=monster.name)
        return [m for m in fought if m is not monster], out + [Out(monster, "chased", chaser.name, False)]
    for monster in fought:
        if not monster.wave_past:
            continue
        barred = next((p for p in fighters if _spares(monster, p, monster.wave_past_unless)), None)
        if barred is not None:
            trace.cite(monster.clause("wave_past_unless", "combat.monster-special-powers"), "{monster} could be "
                       "waved past, but not with {player} ({key}) fighting it.", monster=monster.name,
                       player=barred.name, key=next(w for w in monster.wave_past_unless if _spares(monster, barred, (w,))))
            continue
        trace.cite(monster.clause("wave_past", "combat.monster-special-powers"), "{monster} may be waved past at any "
                   "time, and is, rather than lose: it leaves the fight with no level, treasure or Bad Stuff.",
                   monster=monster.name)
        return [m for m in fought if m is not monster], out + [Out(monster, "waved", fighters[0].name, False)]
    return fought, out


def _stomped(fought, fighters, trace: Trace) -> list[Out]:
    """Monsters a character of some kind in the fight kills outright (a Halfling stomps the Sprout)."""
    out = []
    for monster in fought:
        stomper = next((p for p in fighters if monster.stomped_by and _spares(monster, p, monster.stomped_by)), None)
        if stomper is None:
            unlike = next((p for p in fighters if monster.stomped_by and _spares(monster, p, monster.not_stomped_by)),
                          None)
            if unlike is not None and monster.clause("stomp_not", ""):
                trace.cite(monster.clause("stomp_not", ""), "{player} cannot stomp {monster} the way the card lets "
                           "others: it is fought as usual.", player=unlike.name, monster=monster.name)
            continue
        trace.cite(monster.clause("stomped_by", "combat.monster-special-powers"), "{player} may stomp {monster}: "
                   "that kills it (a level and its treasure for the fighter, if the fight is won).",
                   player=stomper.name, monster=monster.name)
        if monster.clause("stomp_optional", ""):
            trace.cite(monster.clause("stomp_optional", ""), "{player} may also choose not to stomp it.",
                       player=stomper.name)
        if stomper is not fighters[0] and monster.clause("stomp_shared", ""):
            trace.cite(monster.clause("stomp_shared", ""), "{player} stomps it as the helper: the level goes to "
                       "{fighter}, not to {player} (an Elf helper still gains a level for helping).",
                       player=stomper.name, fighter=fighters[0].name)
        out.append(Out(monster, "stomped", stomper.name, True))
    return out


def _level_only(situation, rules, trace: Trace, fighter, helper, fought, out, monster, withdrawn) -> Resolved:
    """A fight against a monster where only the fighter's level counts: no items, hireling, helper or
    one-shot bonus on the players' side; powers paid by discarding still count."""
    trace.cite(monster.clause("level_only", "combat.monster-special-powers"), "Only {player}'s level counts "
               "against {monster}: level {level}, with no items, other bonuses or helper; powers paid by discarding "
               "cards still count.", player=fighter.name, monster=monster.name, level=fighter.level)
    fighters = [fighter] + ([helper] if helper else [])
    players_total = fighter.level + sum(_discard_bonus(situation.player(name), count, fought, trace, helper, rules)
                                        for name, count in situation.combat.discards)
    shots_monsters = sum(situation.combat.monster_bonuses)
    if shots_monsters:
        trace.cite("card-timing.one-shot-items", "One-shot cards add {players} to the players and {monsters} "
                   "to the monsters.", players=_signed(0), monsters=_signed(shots_monsters))
    fought, out = _chase(fought, out, fighters, players_total, shots_monsters, rules, situation, trace)
    strengths, monsters_total, winner = _outcome(fought, fighters, players_total, shots_monsters, rules,
                                                 situation, trace)
    return Resolved(fighter, helper, tuple(fought), tuple(out), tuple(strengths), players_total, monsters_total,
                    winner, None, tuple(_options(fighter, fought, [], rules, situation, out)), withdrawn)


def _high_roll(players_total: int, monsters_total: int, fighters, helper) -> dict:
    """The lowest face of the High helper's die that wins (None: no face does)."""
    warrior = any("warrior" in p.classes for p in fighters)
    need = monsters_total - players_total + (0 if warrior else 1)
    face = max(1, need)
    return {"player": helper.name, "wins_on": face if face <= 6 else None}


def _orc_lunch(situation: Situation, fighter: Player, fought, rules) -> list[Monster]:
    """Level 1 monsters an Epic Orc may eat in their own fight (kicked open or found looking for trouble)."""
    if "orc" not in fighter.races or not is_epic(fighter, rules) or not own_turn(situation, fighter.name):
        return []
    return [m for m in fought if m.level == 1]


def _options(fighter: Player, fought, lunch, rules, situation, out=()) -> list[dict]:
    """Epic powers the fighter may still choose to use in this fight (the verdict does not assume them)."""
    options = [{"player": o.by, "power": o.monster.clause("trade_in", "combat.monster-special-powers"),
                "monster": o.monster.name, "discard_treasures": o.monster.trade_in}
               for o in out if o.how == "friendly" and o.monster.trade_in]
    if lunch:
        options.append({"player": fighter.name, "power": "epic.orc-munchkin-lunch",
                        "monsters": [m.name for m in lunch]})
    pets = [m.name for m in fought if m.level <= rules.value("epic.human-pet", "max_monster_level")]
    if pets and fighter.human and fighter.pet is None and is_epic(fighter, rules):
        options.append({"player": fighter.name, "power": "epic.human-pet", "monsters": pets})
    return options


def _outcome(fought, fighters, players_total: int, shots_monsters: int, rules, situation, trace: Trace):
    """Each monster's strength, the monsters' total and the winner, with the clauses that decide."""
    strengths = [monster_strength(m, fighters, rules, trace) for m in fought]
    monsters_total = sum(strengths) + shots_monsters
    if len(fought) > 1:
        trace.cite("combat.multiple-monsters", "Against {count} monsters the players must beat their combined "
                   "strength of {total}.", count=len(fought), total=sum(strengths))
    if not fought:
        return strengths, monsters_total, "players"
    afraid = [p for p in fighters if p.cursed("must_run_from_undead")]
    undead = [m.name for m in fought if m.undead]
    if afraid and undead:
        trace.cite("card-rulings.necrophobia-must-run", "{player} is cursed to run from the Undead ({monsters}), "
                   "even from a fight they could win.", player=afraid[0].name, monsters=", ".join(undead))
        return strengths, monsters_total, "monsters"
    warrior = next((p for p in fighters if "warrior" in p.classes), None)
    if players_total > monsters_total:
        trace.cite("combat.strength", "{players} against {monsters}: the players are stronger and win.",
                   players=players_total, monsters=monsters_total)
        return strengths, monsters_total, "players"
    if players_total == monsters_total and warrior is not None:
        trace.cite("combat.ties", "{players} against {monsters} is a tie, which the monster would win …",
                   players=players_total, monsters=monsters_total)
        trace.cite("classes.warrior", "… but {player} is a Warrior, and Warriors win ties.", player=warrior.name)
        if warrior is not fighters[0]:
            trace.cite("helping.warrior-helper-ties", "A helper's abilities count for the whole side: with a "
                       "Warrior helping, the players win ties.")
        return strengths, monsters_total, "players"
    if players_total == monsters_total:
        trace.cite("combat.ties", "{players} against {monsters} is a tie, and the monster wins ties.",
                   players=players_total, monsters=monsters_total)
    else:
        trace.cite("combat.strength", "{players} against {monsters}: the monsters are stronger.",
                   players=players_total, monsters=monsters_total)
    return strengths, monsters_total, "monsters"


def bad_stuff(monsters, trace: Trace) -> list[dict]:
    """What each monster's card does to whoever it catches, as data (levels, items by slot, death…)."""
    out = []
    for monster in monsters:
        if not monster.bad_stuff:
            continue
        stuff = dict(monster.bad_stuff)
        entry = {"monster": monster.name, **{BAD_STUFF_FIGURES[k]: (list(v) if isinstance(v, tuple) else v)
                                             for k, v in stuff.items()}}
        out.append(entry)
        clause = monster.clause("bad_stuff", "running-away.bad-stuff")
        if stuff.get("death"):
            trace.cite(clause, "{monster}'s Bad Stuff is death for whoever it catches.", monster=monster.name)
        elif stuff.get("death") is False:
            trace.cite(clause, "{monster}'s Bad Stuff does not kill: whoever it catches loses what its card says "
                       "and lives.", monster=monster.name)
        else:
            trace.cite(clause, "Whoever {monster} catches suffers its Bad Stuff as its card says.",
                       monster=monster.name)
    return out
