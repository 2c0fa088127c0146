"""The table at one moment, and the verdict on a question about it: immutable records.

Records are ``NamedTuple`` classes: immutable like frozen dataclasses, but about five times
cheaper to define, which every run of ``referee judge`` pays at start-up.

Everything here is plain data. :mod:`referee.situation` builds it from a situation file and
:mod:`referee.engine` judges it; neither this module nor the engine does I/O.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from referee.message import Message

GAMES = ("munchkin", "star-munchkin", "epic")
EXPANSIONS = ("hirelings", "steeds", "dungeons", "portals", "munchkinomicon")
PHASES = ("before-door", "kick-door", "combat", "running-away", "look-for-trouble", "loot", "charity",
          "other-turn")
SEXES = ("male", "female")
SLOTS = ("headgear", "armor", "footgear", "one-hand", "two-hands", "none")
QUESTION_KINDS = ("combat", "run-away", "sell", "level", "action", "equipment", "charity", "death",
                  "munchkin-die")
LEVEL_SOURCES = ("kill", "sell", "card", "go-up-a-level", "divine-intervention", "steal-level",
                 "bad-stuff", "curse", "help-elf", "munchkin-die")
ACTIONS = ("trade", "sell", "steal", "backstab", "equip", "unequip", "play-race", "play-class",
           "discard-race", "discard-class", "play-item", "play-one-shot", "play-monster-enhancer",
           "play-wandering-monster", "play-curse", "play-go-up-a-level", "play-hireling", "help",
           "look-for-trouble", "loot-room")


class Requirements(NamedTuple):
    """Who may use an item: any listed class/race/sex allows it; ``forbid_*`` rule users out."""

    classes: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    sex: Optional[str] = None
    forbid_classes: tuple[str, ...] = ()
    forbid_races: tuple[str, ...] = ()


class Item(NamedTuple):
    name: str
    bonus: int = 0
    slot: str = "none"
    big: bool = False
    complex: bool = False      # Star Munchkin: only one Complex item in use (Gadgeteers: any)
    gold: int = 0
    carried: bool = False      # turned sideways: carried, not in use
    one_shot: bool = False
    requires: Requirements = Requirements()


class Hireling(NamedTuple):
    name: str
    bonus: int = 0
    race: Optional[str] = None
    classes: tuple[str, ...] = ()
    sex: Optional[str] = None


class Player(NamedTuple):
    name: str
    level: int = 1
    sex: Optional[str] = None
    races: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    half_breed: bool = False
    super_munchkin: bool = False
    dead: bool = False
    hand: int = 0
    hand_cards: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()
    hireling: Optional[Hireling] = None
    steed: Optional[Item] = None
    curses: tuple[str, ...] = ()

    def is_(self, race_or_class: str) -> bool:
        return race_or_class in self.races or race_or_class in self.classes

    @property
    def human(self) -> bool:
        return not self.races


class Monster(NamedTuple):
    name: str
    level: int
    treasures: int = 1
    levels: int = 1
    undead: bool = False
    bonus_vs: tuple[tuple[str, int], ...] = ()   # (race / class / sex, bonus to the monster)
    enhancers: tuple[int, ...] = ()
    run_away: int = 0
    ignores_below: int = 0   # "will not pursue anyone of level N or below"


class Combat(NamedTuple):
    fighter: str
    monsters: tuple[Monster, ...]
    helper: Optional[str] = None
    player_bonuses: tuple[int, ...] = ()   # one-shots played for the players' side
    monster_bonuses: tuple[int, ...] = ()  # one-shots played for the monsters' side
    discards: tuple[tuple[str, int], ...] = ()   # cards a player discards for a power (Berserking, Turning, Flight)
    charm: Optional[tuple[str, str]] = None      # (Wizard, monster) charmed away with the whole hand


class Question(NamedTuple):
    kind: str
    player: Optional[str] = None
    action: Optional[str] = None
    items: tuple[str, ...] = ()
    change: int = 0
    source: Optional[str] = None
    roll: Optional[int] = None
    target: Optional[str] = None
    item: Optional[str] = None


class HouseRules(NamedTuple):
    starting_cards: Optional[int] = None
    phase_zero: bool = False
    shared_victory: bool = False


class Situation(NamedTuple):
    players: tuple[Player, ...]
    question: Question
    game: str = "munchkin"
    expansions: tuple[str, ...] = ()
    house_rules: HouseRules = HouseRules()
    turn: Optional[str] = None
    phase: Optional[str] = None
    met_monster_this_turn: bool = False
    combat: Optional[Combat] = None

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)


class Reason(NamedTuple):
    """A clause that decided the verdict, and why it applies here."""

    clause: str
    note: Message


class Dissent(NamedTuple):
    """A clause from a source that would rule otherwise, and how (its source is in the corpus)."""

    clause: str
    note: Message


class Verdict(NamedTuple):
    question: str
    game: str
    verdict: str
    details: dict
    reasons: tuple[Reason, ...] = ()
    dissent: tuple[Dissent, ...] = ()
