"""A character as the rules see it right now: Epic or not, and what the curses on it change.

Implements the Epic threshold (epic.epic-from-level-10: a character of level 10 or more in an
Epic game is Epic) and the curses a player's ``curses:`` names, through the effect their card
record states (``facts.effect`` in rules/cards.yaml), never through a curse's name:
card-rulings.tiny-hands, card-rulings.curse-big-foot-footgear, curses.immediate-then-discard
(Lose Your Armor, Lose Your Race), card-rulings.temporary-amnesia-classless-human,
card-rulings.fools-gold-next-combat, card-rulings.necrophobia-must-run, star-munchkin.trap-reminder
(a sex-change trap). A curse with no known effect is reported (curses.persistent), not ignored.
Disguises (an item whose record names a race, Fake Ears and Fake Beard) make the character that
race for what monsters and rules see (card-rulings.fake-ears-beard-race, -both). An item whose
requirement a curse took away gives nothing (items.requirement-lost-in-combat).
"""

from __future__ import annotations

from referee.engine.trace import Trace
from referee.message import Alternatives, Phrase
from referee.model import Item, Player, Situation

__all__ = ["is_epic", "epic_power", "as_played", "as_played_situation"]
EPIC_CLAUSE = "epic.epic-from-level-10"

#: curse effect -> the clause that states it
EFFECT_CLAUSES = {
    "no_items_in_slot": "card-rulings.tiny-hands",
    "unusable_slot": "card-rulings.curse-big-foot-footgear",
    "loses_slot": "curses.immediate-then-discard",
    "loses_races": "races.discard",
    "forgets_race_and_class": "card-rulings.temporary-amnesia-classless-human",
    "no_treasure": "card-rulings.fools-gold-next-combat",
    "must_run_from_undead": "card-rulings.necrophobia-must-run",
    "changes_sex": "star-munchkin.trap-reminder",
}


def is_epic(player: Player, rules) -> bool:
    """Is this character Epic (an Epic game, level 10 or more)?"""
    return rules.name == "epic" and player.level >= rules.epic_level


def epic_power(player: Player, rules, trace: Trace, clause: str, template: str, **values) -> bool:
    """Cite an Epic power when ``player`` has it (and the threshold that gives it); say if so."""
    if not is_epic(player, rules):
        return False
    note_epic(player, trace)
    trace.cite(clause, template, player=player.name, **values)
    return True


def note_epic(player: Player, trace: Trace) -> None:
    """Cite the Epic threshold for ``player`` (once per judgement)."""
    if (EPIC_CLAUSE, player.name) in trace.noted:
        return
    trace.noted.add((EPIC_CLAUSE, player.name))
    trace.cite(EPIC_CLAUSE, "{player} is level {level} in an Epic game, so Epic from level 10 on.",
               player=player.name, level=player.level)

#: the curse effects that take a race, class or sex: what an item or a Big item limit may need
CHANGING_EFFECTS = ("loses_races", "forgets_race_and_class", "changes_sex")


def as_played(player: Player, trace: Trace | None = None, rules=None) -> Player:
    """``player`` with what the curses on them change: the races, classes and sex that count."""
    cite = trace.cite if trace is not None else (lambda *a, **k: None)
    original = player
    if player.cursed("forgets_race_and_class") and (player.races or player.classes or player.half_breed
                                                    or player.super_munchkin):
        cite(EFFECT_CLAUSES["forgets_race_and_class"], "{player} is under a curse that makes them forget race and "
             "class: monsters treat them as a Human with no class, and no race or class power works.",
             player=player.name)
        player = player._replace(races=(), classes=(), half_breed=False, super_munchkin=False)
        if player.cursed("loses_races"):
            cite("card-rulings.temporary-amnesia-curse-immunity", "With neither race nor class, {player} is out of "
                 "reach of a curse on the race.", player=player.name)
    elif player.cursed("loses_races") and player.races:
        cite(EFFECT_CLAUSES["loses_races"], "A curse takes {player}'s race cards: Human again.", player=player.name)
        player = player._replace(races=(), half_breed=False)
    player = _disguised(player, cite)
    if player.cursed("changes_sex") and player.sex:
        other = "female" if player.sex == "male" else "male"
        cite(EFFECT_CLAUSES["changes_sex"], "A sex-change curse is in play on {player}: {sex} until it ends.",
             player=player.name, sex=other)
        player = player._replace(sex=other)
    if trace is not None and any(player.cursed(e) for e in CHANGING_EFFECTS) and (
            (player.races, player.classes, player.sex) != (original.races, original.classes, original.sex)):
        _requirements_lost(original, player, cite)
        if rules is not None:
            _big_limit_lost(original, player, rules, cite)
    return player


def _big_limit_lost(original: Player, player: Player, rules, cite) -> None:
    """A curse that took the race letting the character carry more Big items leaves them one
    (or the game's limit), at once (items.big-after-losing-dwarf): the extras must go."""
    before, _ = rules.big_item_limit(original)
    after, _ = rules.big_item_limit(player)
    bigs = [i for i in original.items if i.big]
    if after is not None and (before is None or before > after) and len(bigs) > after:
        cite("items.big-after-losing-dwarf", "{player} has lost what let them carry {count} Big items: only "
             "{limit} may be kept, at once.", player=player.name, count=len(bigs), limit=after)


def _requirements_lost(original: Player, player: Player, cite) -> None:
    """Cite items.requirement-lost-in-combat for each item in use that the character could use
    before a curse took the race, class or sex it needs, and cannot now: it gives nothing, and in
    combat no other item may be swapped in for it (items.no-swap-in-combat)."""
    for item in original.items:
        if item.carried or item.one_shot:
            continue
        if unmet_requirement(original, item) is None and unmet_requirement(player, item) is not None:
            cite("items.requirement-lost-in-combat", "{player} has lost what {item} requires: it gives nothing "
                 "now, and in combat no other item may be swapped in for it.", player=player.name, item=item.name)


def _disguised(player: Player, cite) -> Player:
    """``player`` as a worn disguise shows them (an item whose record gives a ``disguise`` race):
    monsters and rules see that race and not the real one (card-rulings.fake-ears-beard-race);
    two disguises of two races make a Half-Breed of both (card-rulings.fake-ears-beard-both).
    A curse that makes you forget your race leaves no disguise working either
    (card-rulings.temporary-amnesia-no-granted-race-class)."""
    worn = [i for i in player.items if i.disguise and not i.carried and not i.one_shot]
    if not worn:
        return player
    if player.cursed("forgets_race_and_class"):
        cite("card-rulings.temporary-amnesia-no-granted-race-class", "{player} has forgotten race and class: "
             "{item} gives no race either.", player=player.name, item=worn[0].name)
        return player
    races = tuple(dict.fromkeys(i.disguise for i in worn))
    cite("card-rulings.fake-ears-beard-race", "{player} wears {item}: monsters and rules see a {race}, not "
         "the race beneath.", player=player.name, item=", ".join(i.name for i in worn), race=races[0])
    if len(races) > 1:
        cite("card-rulings.fake-ears-beard-both", "Two disguises of two races: {player} counts as a Half-Breed "
             "of both.", player=player.name)
        return player._replace(races=races[:2], half_breed=True)
    return player._replace(races=races, half_breed=False)


def as_played_situation(situation: Situation, trace: Trace | None = None, cited=(), rules=None) -> Situation:
    """The situation with every player as the curses on them make them count (the trace
    mentions the players named in ``cited``)."""
    return situation._replace(players=tuple(as_played(p, trace if p.name in cited else None, rules)
                                            for p in situation.players))


def unknown_curses(player: Player) -> list[str]:
    """The curses on ``player`` whose effect the card records do not state."""
    return [c.name for c in player.curses if not c.known]


def report_unknown_curses(players, trace: Trace, details: dict) -> None:
    """Put the curses the engine cannot apply into ``details`` and say so in the trace."""
    unknown = {p.name: unknown_curses(p) for p in players if unknown_curses(p)}
    if not unknown:
        return
    details["unknown_curses"] = unknown
    for name, curses in unknown.items():
        trace.cite("curses.persistent", "The card records do not say what {curses} does, so this verdict does "
                   "not apply it to {player}: read the card.", curses=", ".join(curses), player=name)


def unmet_requirement(player: Player, item: Item) -> Phrase | None:
    """Why ``player`` cannot use ``item`` (``None`` when they can)."""
    req = item.requires
    banned = [x for x in (*req.forbid_classes, *req.forbid_races) if player.is_(x)]
    if banned:
        return Phrase.of("cannot be used by a {key}", key=banned[0])
    if req.classes and not any(c in player.classes for c in req.classes):
        return Phrase.of("usable only by {classes}", classes=Alternatives(req.classes))
    if req.races and not any(r in player.races or (r == "human" and player.human) for r in req.races):
        return Phrase.of("usable only by {races}", races=Alternatives(req.races))
    if req.sex and player.sex != req.sex:
        return Phrase.of("usable only by a {sex} character", sex=req.sex)
    return None
