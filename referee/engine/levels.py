"""Gaining and losing levels, and the core rules that bound them.

Implements precedence.level-never-below-one (Star Munchkin: a Cyborg never below 2),
precedence.level-ten-needs-kill (Epic: levels 19 and 20), which beats any card that does not
say otherwise, and card-rulings.divine-intervention, the card that does (and raises only the
characters its record names: Clerics); death.dead-get-nothing.
"""

from __future__ import annotations

from referee.engine.character import report_unknown_curses, unmet_requirement
from referee.engine.precedence import Ruling, resolve
from referee.engine.trace import Trace, levels as n_levels
from referee.engine.variants import Munchkin
from referee.model import Item, Player, Requirements, Situation, Verdict

#: Sources of levels that count as a kill for the winning level. The official rules let a
#: power that gives a level for helping kill a monster (the Elf's) give the winning level too.
KILL_SOURCES = ("kill", "help-elf", "divine-intervention")

#: The clause that states each source of levels.
SOURCE_CLAUSES = {
    "kill": "combat.kill-rewards",
    "sell": "trading-selling.sell",
    "card": "card-timing.go-up-a-level",
    "go-up-a-level": "card-timing.go-up-a-level",
    "divine-intervention": "card-rulings.divine-intervention",
    "steal-level": "card-rulings.steal-a-level-not-to-ten",
    "bad-stuff": "running-away.bad-stuff",
    "curse": "curses.kick-door-curse",
    "help-elf": "helping.elf-helper-level",
    "munchkin-die": "munchkin-die.roll",
}


#: the clause that makes a source the exception to the kill-only levels
OVERRIDE_CLAUSES = {"divine-intervention": "precedence.divine-intervention-exception"}


def raise_level(player: Player, change: int, source: str, rules: Munchkin, trace: Trace,
                situation: Situation | None = None, clause: str | None = None) -> int:
    """The player's level after gaining ``change`` levels from ``source``, with the trace."""
    clause = clause or SOURCE_CLAUSES[source]
    wanted = min(player.level + change, rules.max_level)
    if change > 0 and player.dead:
        trace.cite("death.dead-get-nothing", "{player} is dead, and dead characters cannot go up levels.",
                   player=player.name)
        return player.level
    if change <= 0:
        return lower_level(player, -change, source, rules, trace, clause)
    # The card (or sale) says "go up"; the core rule says some levels only come from a kill.
    kill_only = [lvl for lvl in rules.kill_only_levels() if player.level < lvl <= wanted]
    if not kill_only:
        _went_up(player, change, wanted, clause, rules, trace)
        return wanted
    ceiling = kill_only[0] - 1
    rulings = [Ruling(clause, _layer(source), wanted, overrides=_overrides(source, rules)),
               Ruling(rules.kill_only_clause, "core", max(player.level, ceiling))]
    decided = resolve(rulings)
    if decided.clause == clause:
        _went_up(player, change, wanted, clause, rules, trace)
        if source not in ("kill", "help-elf"):
            trace.cite(rules.kill_only_clause, "Level {level} normally needs a kill, but this card says "
                       "otherwise, and a card that says so explicitly beats that rule.", level=kill_only[0])
        if source in OVERRIDE_CLAUSES:
            trace.cite(OVERRIDE_CLAUSES[source], "The card is the stated exception to the rule that level {level} "
                       "needs a kill.", level=kill_only[0])
        return wanted
    trace.cite(clause, "{player} would go up {change} from level {old}.", player=player.name,
               change=n_levels(change),
               old=player.level)
    trace.cite(rules.kill_only_clause, "Level {level} can only be reached by killing a monster, so {player} "
               "stays at level {new}.", level=kill_only[0], player=player.name, new=decided.outcome)
    if source == "sell" and rules.name != "epic":
        trace.cite("levels.selling-not-to-ten", "Selling items never gives level 10.")
    if rules.name != "epic" and player.level == ceiling:
        trace.cite("precedence.level-nine-stays", "At level 9, anything but a kill that would raise the level "
                   "simply does not happen.")
        if source in ("card", "go-up-a-level"):
            trace.cite("levels.stuck-at-nine", "A Go Up a Level card played at level 9 does nothing: {player} "
                       "stays at level 9.", player=player.name)
    return decided.outcome


def _went_up(player: Player, change: int, new: int, clause: str, rules: Munchkin, trace: Trace) -> None:
    """Cite a level gain with the levels really gained: the game's top level caps it."""
    trace.cite(clause, "{player} goes up {change} from level {old} to {new}.", player=player.name,
               change=n_levels(new - player.level), old=player.level, new=new)
    if new - player.level < change:
        trace.cite(rules.winning_clause, "Level {top} is the top of the game: {lost} of those cannot be gained.",
                   top=rules.max_level, lost=n_levels(change - (new - player.level)))


def _layer(source: str) -> str:
    if source in ("kill", "help-elf"):
        return "core"  # a kill is what the core rule asks for: no disagreement to settle
    if source in ("sell",):
        return "rule"
    return "card"


def _overrides(source: str, rules: Munchkin) -> tuple[str, ...]:
    if source in KILL_SOURCES:
        return (rules.kill_only_clause,)
    return ()


def lower_level(player: Player, loss: int, source: str, rules: Munchkin, trace: Trace,
                clause: str | None = None) -> int:
    clause = clause or SOURCE_CLAUSES[source]
    floor, floor_clause = rules.level_floor(player)
    wanted = player.level - loss
    if wanted >= floor:
        trace.cite(clause, "{player} goes down {loss} from level {old} to {new}.", player=player.name,
                   loss=n_levels(loss), old=player.level, new=wanted)
        return wanted
    trace.cite(clause, "{player} would go down {loss} from level {old}.", player=player.name, loss=n_levels(loss),
               old=player.level)
    # A player already below the floor (a Cyborg joining at level 1) keeps their level.
    new = max(floor, wanted) if player.level >= floor else player.level
    trace.cite(floor_clause, "Nothing takes a level below {floor}: {player} stays at level {new}.",
               floor=floor, player=player.name, new=new)
    if floor_clause == "star-munchkin.level-floor-cyborg":
        trace.cite("star-munchkin.cyborg", "While {player} is a Cyborg, no card or rule can take the level below 2.",
                   player=player.name)
    return new


def not_raised_by(player: Player, question, trace: Trace) -> bool:
    """Does the card the levels come from leave ``player`` out? Its record says whom it raises
    (``requires``: Divine Intervention raises Clerics), and a character who lost that class or
    race — to a curse as much as to a discard — is not one (races.change-mid-combat)."""
    if question.source_requires is None or question.change <= 0:
        return False
    why = unmet_requirement(player, Item(name=question.source, requires=question.source_requires))
    if why is None:
        return False
    trace.cite(SOURCE_CLAUSES[question.source], "The card raises only those it names ({requirement}): "
               "{player} is not one now and stays at level {level}.", requirement=why, player=player.name,
               level=player.level)
    return True


def not_an_elf(player: Player, question, trace: Trace) -> bool:
    """Is a level "for helping" claimed by one who is no Elf? Only the Elf's power gives it
    (helping.elf-helper-level); a race lost to a curse or a discard is no longer the player's."""
    if question.source != "help-elf" or question.change <= 0:
        return False
    if unmet_requirement(player, Item(name="Elf", requires=Requirements(races=("elf",)))) is None:
        return False
    trace.cite(SOURCE_CLAUSES["help-elf"], "Only an Elf goes up a level for helping kill a monster: {player} is "
               "no Elf and stays at level {level}.", player=player.name, level=player.level)
    return True


def judge_level(situation: Situation, rules: Munchkin, trace: Trace) -> Verdict:
    question = situation.question
    player = situation.player(question.player)
    if not_raised_by(player, question, trace) or not_an_elf(player, question, trace):
        details = {"old_level": player.level, "new_level": player.level, "wins": False}
        report_unknown_curses([player], trace, details)
        return Verdict("level", situation.game, "ok", details)  # refused: nothing changes, as for the dead
    new = raise_level(player, question.change, question.source, rules, trace, situation)
    wins = new >= rules.max_level and new > player.level
    if wins:
        trace.cite(rules.winning_clause, "{player} reaches level {level} and wins.", player=player.name,
                   level=new)
    details = {"old_level": player.level, "new_level": new, "wins": wins}
    report_unknown_curses([player], trace, details)
    return Verdict("level", situation.game, "ok", details)
