"""The games: classic Munchkin and the variants that change a few of its rules.

Like python-chess's variant boards, a variant is a small subclass that overrides the hooks
where it differs; :func:`rules_for` finds the one a situation names.
"""

from __future__ import annotations

from referee.engine.values import RuleValues
from referee.model import Player, Situation

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Mapping

#: the clause stating from which level a character in an Epic game is Epic
EPIC_CLAUSE = "epic.epic-from-level-10"


class Munchkin:
    """Classic Munchkin: play to level 10; level 10 only by a kill."""

    name = "munchkin"
    #: clause stating how the game is won (and its winning level)
    winning_clause = "setup.winning"
    #: clause stating the levels that only a kill can give
    kill_only_clause = "precedence.level-ten-needs-kill"
    level_floor_clause = "precedence.level-never-below-one"

    #: classic clause id -> this game's own clause stating the same rule
    EQUIVALENTS: dict[str, str] = {}

    def __init__(self, situation: Situation, values: RuleValues):
        self.situation = situation
        #: the figures of the rules, from the corpus (referee.engine.values)
        self.values = values

    def value(self, clause_id: str, name: str) -> int:
        """A figure of a rule, read from this game's clause for it (a variant's restatement when
        it states the figure too), else from the classic clause."""
        own = self.clause(clause_id)
        return self.values(own if self.values.has(own, name) else clause_id, name)

    @property
    def max_level(self) -> int:
        """The level that wins the game."""
        return self.values(self.winning_clause, "winning_level")

    @property
    def epic_level(self) -> int:
        """From this level on a character in an Epic game is Epic."""
        return self.values(EPIC_CLAUSE, "epic_level")

    def clause(self, clause_id: str) -> str:
        """The clause this game states a rule in (a variant restates many classic rules)."""
        return self.EQUIVALENTS.get(clause_id, clause_id)

    def has(self, expansion: str) -> bool:
        return expansion in self.situation.expansions

    def kill_only_levels(self) -> range:
        """Levels a player may only reach by killing a monster."""
        return range(self.max_level, self.max_level + 1)

    def level_floor(self, player: Player) -> tuple[int, str]:
        """The lowest level the player can drop to, and the clause that says so."""
        return self.values(self.level_floor_clause, "level_floor"), self.level_floor_clause

    def hand_limit(self, player: Player) -> tuple[int | None, str]:
        """Cards the player may keep at the end of the turn (``None``: no limit) and why."""
        if "dwarf" in player.races:
            return self.values("races.dwarf-hand-size", "hand_limit"), "races.dwarf-hand-size"
        return self.values("turn.hand-limit", "hand_limit"), "turn.hand-limit"

    def helper_levels(self, helper: Player) -> str | None:
        """The clause that gives a helper a level per monster killed, if any applies."""
        return "helping.elf-helper-level" if "elf" in helper.races else None

    def big_item_limit(self, player: Player) -> tuple[int | None, str]:
        if "dwarf" in player.races:
            return None, "races.dwarf"
        return self.values("items.big", "big_items"), "items.big"

    def complex_item_limit(self, player: Player) -> tuple[int | None, str] | None:
        return None

    def curses_kept_at_death(self) -> bool:
        """Do the curses on a character stay in play when it dies? (curses.survive-death)"""
        return True


class StarMunchkin(Munchkin):
    """Star Munchkin: a Cyborg never drops below level 2; Complex items; the Space Ranger helps."""

    name = "star-munchkin"
    level_floor_clause = "star-munchkin.level-floor"
    EQUIVALENTS = {
        "combat.strength": "star-munchkin.combat-strength",
        "combat.ties": "star-munchkin.ties",
        "combat.kill-rewards": "star-munchkin.kill-level",
        "combat.level-per-monster": "star-munchkin.multiple-monsters-levels",
        "combat.multiple-monsters": "star-munchkin.combined-monsters",
        "combat.monster-special-powers": "star-munchkin.monster-abilities-count",
        "combat.no-actions-in-combat": "star-munchkin.no-trading-in-combat",
        "helping.one-helper": "star-munchkin.one-helper",
        "helping.abilities-apply-to-helper": "star-munchkin.helper-strength",
        "helping.helper-no-level": "star-munchkin.helper-no-level",
        "treasure.draw": "star-munchkin.treasure-draw",
        "treasure.face-up-when-helped": "star-munchkin.treasure-draw",
        "treasure.face-down-alone": "star-munchkin.treasure-draw",
        "running-away.roll": "star-munchkin.run-away-roll",
        "running-away.must-run": "star-munchkin.run-away-roll",
        "running-away.multiple-monsters": "star-munchkin.run-away-multiple",
        "running-away.helper-runs-too": "star-munchkin.helper-runs",
        "running-away.bad-stuff": "star-munchkin.run-away-fail",
        "turn.hand-limit": "star-munchkin.hand-limit",
        "turn.charity": "star-munchkin.charity",
        "turn.charity-tied-lowest": "star-munchkin.charity-ties",
        "turn.charity-lowest-discards": "star-munchkin.charity-ties",
        "turn.look-for-trouble": "star-munchkin.look-for-trouble",
        "turn.loot-the-room": "star-munchkin.loot-the-room",
        "trading-selling.sell": "star-munchkin.sell",
        "trading-selling.no-change": "star-munchkin.sell-no-change",
        "trading-selling.trade": "star-munchkin.trade",
        "items.no-swap-in-combat": "star-munchkin.no-items-in-combat",
        "items.slots": "star-munchkin.slots",
        "items.carried": "star-munchkin.backpack",
        "items.sideways": "star-munchkin.backpack",
        "levels.negative-combat-strength": "star-munchkin.combat-strength-below-one",
        "items.requirements": "star-munchkin.class-restricted-items",
        "death.lose-everything": "star-munchkin.death-keep",
        "death.keep-level-race-class": "star-munchkin.death-keep",
        "death.loot-the-body": "star-munchkin.loot-the-body",
        "death.new-character-cards": "star-munchkin.death-new-cards",
        "precedence.level-never-below-one": "star-munchkin.level-floor",
        "monsters.wandering-monster": "star-munchkin.wandering-monster",
        "monsters.enhancers": "star-munchkin.monster-enhancers",
        "hirelings.play": "star-munchkin.henchmen",
        "races.half-breed": "star-munchkin.half-breed",
        "classes.super-munchkin": "star-munchkin.super-munchkin",
        "card-timing.one-shot-items": "star-munchkin.interference-one-shot",
        "card-timing.race-and-class": "star-munchkin.race-class-timing",
        "races.discard": "star-munchkin.race-class-discard",
        "classes.discard": "star-munchkin.race-class-discard",
        "hirelings.sacrifice": "star-munchkin.henchman-sacrifice",
        "trading-selling.trade-timing": "star-munchkin.trade-timing",
        "trading-selling.sell-from-hand-or-play": "star-munchkin.sell-from-hand",
    }

    def level_floor(self, player: Player) -> tuple[int, str]:
        if "cyborg" in player.races:
            return self.values("star-munchkin.level-floor-cyborg", "level_floor"), "star-munchkin.level-floor-cyborg"
        return super().level_floor(player)

    def hand_limit(self, player: Player) -> tuple[int | None, str]:
        return self.values("star-munchkin.hand-limit", "hand_limit"), "star-munchkin.hand-limit"

    def has(self, expansion: str) -> bool:
        # Star Munchkin's henchmen are part of the base game, not an expansion.
        return expansion == "hirelings" or super().has(expansion)

    def helper_levels(self, helper: Player) -> str | None:
        return "star-munchkin.space-ranger" if "space-ranger" in helper.classes else None

    def big_item_limit(self, player: Player) -> tuple[int | None, str]:
        return None, "star-munchkin.complex-items"

    def complex_item_limit(self, player: Player) -> tuple[int | None, str] | None:
        if "gadgeteer" in player.classes:
            return None, "star-munchkin.gadgeteer"
        return self.values("star-munchkin.complex-items", "complex_items"), "star-munchkin.complex-items"


class Epic(Munchkin):
    """Epic Munchkin: play on to level 20; levels 19 and 20 only by killing monsters."""

    name = "epic"
    winning_clause = "epic.play-to-20"
    kill_only_clause = "epic.level-19-20-by-kill"

    def kill_only_levels(self) -> range:
        return range(self.values(self.kill_only_clause, "from_level"), self.max_level + 1)

    def hand_limit(self, player: Player) -> tuple[int | None, str]:
        if "dwarf" in player.races and player.level >= self.epic_level:
            return None, "epic.dwarf-hand-of-the-gods"
        return super().hand_limit(player)


VARIANTS = {cls.name: cls for cls in (Munchkin, StarMunchkin, Epic)}


def rules_for(situation: Situation, values: RuleValues | Mapping[str, Mapping[str, int]]) -> Munchkin:
    """The game's rules for ``situation``, with the figures the corpus states (``values``: a
    :class:`~referee.engine.values.RuleValues`, or the corpus's ``values`` mapping)."""
    return VARIANTS[situation.game](situation, values if isinstance(values, RuleValues) else RuleValues(values))
