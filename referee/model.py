"""The table at one moment, and the verdict on a question about it: immutable records.

Records are :class:`referee.records.Record` classes: immutable tuples with named fields, which
every run of ``referee judge`` defines at start-up for less than ``typing.NamedTuple`` costs
(the figures are in that module).

Everything here is plain data. :mod:`referee.situation` builds it from a situation file and
:mod:`referee.engine` judges it; neither this module nor the engine does I/O.
"""

from __future__ import annotations

from referee import registry
from referee.message import Message
from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional

GAMES = ("munchkin", "star-munchkin", "epic")
EXPANSIONS = ("hirelings", "steeds", "dungeons", "portals", "munchkinomicon")
PHASES = ("before-door", "kick-door", "combat", "running-away", "look-for-trouble", "loot", "charity",
          "other-turn")
SEXES = ("male", "female")
SLOTS = ("headgear", "armor", "footgear", "one-hand", "two-hands", "none")

#: The races and classes each game knows: the card records of type ``race`` and ``class`` in
#: ``rules/cards.yaml`` (``referee check`` verifies that the two agree). Epic Munchkin is played
#: with the classic cards. Everyone without a Race card is Human.
RACES = {
    "munchkin": ("human", "elf", "dwarf", "halfling", "gnome", "orc", "centaur", "lizard-guy"),
    "star-munchkin": ("human", "cyborg"),
}
RACES["epic"] = RACES["munchkin"]
CLASSES = {
    "munchkin": ("warrior", "wizard", "thief", "cleric", "bard", "ranger"),
    "star-munchkin": ("space-ranger", "gadgeteer", "trader", "psychic"),
}
CLASSES["epic"] = CLASSES["munchkin"]
#: Race and class enhancers (expansion cards): High, Dark and Primeval go with a race; Master,
#: Elite and Legendary with a class. They give powers in Epic games.
ENHANCERS = ("high", "dark", "primeval", "master", "elite", "legendary")
#: Other spellings players type, and the word each stands for. Case, spaces, hyphens and
#: underscores never matter ("Lizard Man", "lizard_man" and "lizardman" are one spelling).
SPELLINGS = {"lizardman": "lizard-guy", "lizard": "lizard-guy", "lizardguy": "lizard-guy",
             "spaceranger": "space-ranger", "medium": "psychic", "tall": "high"}

#: What a curse card does while it affects a player, as its card record states it
#: (``facts.effect`` in ``rules/cards.yaml``); the engine applies these, never a curse's name.
CURSE_EFFECTS = {
    "no_items_in_slot": SLOTS,        # may not have such items at all (Tiny Hands: two-hands)
    "unusable_slot": SLOTS,           # may play such items but not use them (Big Foot: footgear)
    "loses_slot": SLOTS,              # the item worn there is lost (Lose Your Armor: armor)
    "loses_races": (True,),           # the Race cards are lost: Human again (Lose Your Race)
    "forgets_race_and_class": (True,),   # treated as a classless Human (Temporary Amnesia)
    "no_treasure": (True,),           # no treasure in the next combat you take part in (Fool's Gold)
    "must_run_from_undead": (True,),  # must run from the Undead even when you could win (Necrophobia)
    "changes_sex": (True,),           # your sex is the other one (Trap! Change Sex)
}
#: the kinds of question a situation may ask, as the registry of questions declares them
QUESTION_KINDS = registry.KINDS
LEVEL_SOURCES = ("kill", "sell", "card", "go-up-a-level", "divine-intervention", "steal-level",
                 "bad-stuff", "curse", "help-elf", "munchkin-die")
ACTIONS = ("trade", "sell", "steal", "backstab", "equip", "unequip", "play-race", "play-class",
           "discard-race", "discard-class", "play-item", "play-one-shot", "play-monster-enhancer",
           "play-wandering-monster", "play-curse", "play-go-up-a-level", "play-hireling", "help",
           "look-for-trouble", "loot-room",
           # the Epic powers that are actions of their own
           "ask-for-a-miracle", "take-discarded-steed", "tame-monster", "make-pet", "turn-monster",
           "kick-another-door")


class Requirements(Record):
    """Who may use an item: any listed class/race/sex allows it; ``forbid_*`` rule users out."""

    classes: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    sex: Optional[str] = None
    forbid_classes: tuple[str, ...] = ()
    forbid_races: tuple[str, ...] = ()


class Item(Record):
    name: str
    bonus: int = 0
    slot: str = "none"
    big: bool = False
    complex: bool = False      # Star Munchkin: only one Complex item in use (Gadgeteers: any)
    gold: int = 0
    carried: bool = False      # turned sideways: carried, not in use
    one_shot: bool = False
    requires: Requirements = Requirements()
    bonus_for: tuple[tuple[str, int], ...] = ()   # (race / class / sex, the bonus for a user who is one)
    disguise: Optional[str] = None                 # worn, it makes monsters and rules see this race
    run_away: Optional[int] = None                 # a steed's printed Run Away modifier: replaces the rider's


class Hireling(Record):
    name: str
    bonus: int = 0
    race: Optional[str] = None
    classes: tuple[str, ...] = ()
    sex: Optional[str] = None
    enhancers: tuple[int, ...] = ()   # monster enhancers played on it (+5 gives it a level, +10 two)
    gold: int = 0                     # a price on the card makes a hireling an item
    big_items: int = 0                # extra Big items it carries for its owner


class Curse(Record):
    """A curse (or Star Munchkin trap) affecting a player, with what its card record says it does."""

    name: str
    effects: tuple[tuple[str, object], ...] = ()   # (effect, value), from model.CURSE_EFFECTS
    known: bool = False                             # the card records say what this curse does

    def does(self, effect: str):
        return dict(self.effects).get(effect)


class Pet(Record):
    """A monster an Epic Human keeps instead of fighting it (His Master's Voice)."""

    name: str
    level: int


class Player(Record):
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
    curses: tuple[Curse, ...] = ()
    hand_known: bool = False          # the situation says how many cards are in hand
    enhancers: tuple[str, ...] = ()   # race and class enhancers in play (model.ENHANCERS)
    pet: Optional[Pet] = None

    def is_(self, race_or_class: str) -> bool:
        return race_or_class in self.races or race_or_class in self.classes

    @property
    def human(self) -> bool:
        return not self.races

    def cursed(self, effect: str):
        """The value of ``effect`` if a curse on this player has it (the first that does)."""
        for curse in self.curses:
            value = curse.does(effect)
            if value is not None:
                return value
        return None


class Monster(Record):
    name: str
    level: int
    treasures: int = 1
    levels: int = 1
    undead: bool = False
    bonus_vs: tuple[tuple[str, int], ...] = ()   # (race / class / sex, bonus to the monster)
    enhancers: tuple[int, ...] = ()
    enhancer_treasures: int = 0   # Treasures the enhancer cards on it add or take (monsters.enhancers-treasure)
    run_away: int = 0
    ignores_below: int = 0   # "will not pursue anyone of level N or below"
    ignores: tuple[str, ...] = ()   # "will not pursue" a race / class / sex
    # Printed effects (card facts or the situation file), applied by kind in referee/engine/fight.py
    # and running.py:
    friendly_to: tuple[str, ...] = ()   # race / class / sex it will not fight ("friendly")
    gives: int = 0                      # treasures a friendly monster gives the character it spares
    no_help: bool = False               # cannot be fought with help
    level_only: bool = False            # only the fighter's level counts against it
    escape_loss: int = 0                # levels lost even on an escape
    auto_escape: bool = False           # everyone escapes it without a roll
    bad_stuff: tuple[tuple[str, object], ...] = ()   # (levels | slots | death | classes | otherwise_levels, value)
    extra_treasure: tuple[tuple[str, int], ...] = ()  # (race / class / sex, extra treasures when it is beaten)
    chased_by: tuple[str, ...] = ()     # a fighter of this race / class / sex may chase it away
    weapons_bonus: tuple[int, int] = (0, 0)   # (fewer than N weapons in use, bonus to the monster)
    families: tuple[str, ...] = ()      # plant, … (undead has its own field)
    trade_in: int = 0                   # Treasure cards the spared character may swap from the hand
    wave_past: bool = False             # may be waved past (let go without a fight)
    wave_past_unless: tuple[str, ...] = ()   # … except with a character of this race / class / sex fighting it
    stomped_by: tuple[str, ...] = ()    # a fighter of this race / class / sex kills it outright
    not_stomped_by: tuple[str, ...] = ()     # … while these cannot, though one might think so
    treasure_for_all: tuple[int, int] = (0, 0)   # (treasures every player gets when it is defeated, more
    #                                              for each fighter when the fight is won)
    clauses: tuple[tuple[str, str], ...] = ()  # effect -> the clause it comes from (card ruling)

    def clause(self, effect: str, default: str) -> str:
        """The clause to cite for one of this monster's effects: its card's ruling, or the rule."""
        return dict(self.clauses).get(effect, default)


class Combat(Record):
    fighter: str
    monsters: tuple[Monster, ...]
    helper: Optional[str] = None
    player_bonuses: tuple[int, ...] = ()   # one-shots played for the players' side
    monster_bonuses: tuple[int, ...] = ()  # one-shots played for the monsters' side
    discards: tuple[tuple[str, int], ...] = ()   # cards a player discards for a power (Berserking, Turning, Flight)
    charm: Optional[tuple[str, str]] = None      # (Wizard, monster) charmed away with the whole hand
    removed: tuple["Removal", ...] = ()          # monsters taken out of the fight by a card (not killed)


class Removal(Record):
    """A monster taken out of a combat without being killed: by what, and whether its treasure is won."""

    monster: str
    by: str
    treasure: bool = True


class Question(Record):
    kind: str
    player: Optional[str] = None
    action: Optional[str] = None
    items: tuple[str, ...] = ()
    change: int = 0
    source: Optional[str] = None
    roll: Optional[int] = None
    target: Optional[str] = None
    item: Optional[str] = None
    #: who the card named by ``source`` raises at all (its record's ``requires``): Divine
    #: Intervention raises Clerics only
    source_requires: Optional[Requirements] = None
    #: the clause saying that only the player whose combat it is may play the one-shot named by
    #: ``item`` (its record's ``fighter_only``: the Magic Lamp), else ``None``
    item_fighter_only: Optional[str] = None


class HouseRules(Record):
    starting_cards: Optional[int] = None
    phase_zero: bool = False
    shared_victory: bool = False
    #: seconds the others have to interfere before a fight's result stands (combat.wait-for-interference)
    interference_seconds: Optional[float] = None


class Room(Record):
    """A Star Munchkin Room in play this turn (star-munchkin.rooms), and whether a monster is in it."""

    name: Optional[str] = None
    empty: bool = True


class Situation(Record):
    players: tuple[Player, ...]
    question: Question
    game: str = "munchkin"
    expansions: tuple[str, ...] = ()
    house_rules: HouseRules = HouseRules()
    turn: Optional[str] = None
    phase: Optional[str] = None
    met_monster_this_turn: bool = False
    combat: Optional[Combat] = None
    room: Optional[Room] = None

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)


class Reason(Record):
    """A clause that decided the verdict, and why it applies here."""

    clause: str
    note: Message


class Dissent(Record):
    """A clause from a source that would rule otherwise, and how (its source is in the corpus)."""

    clause: str
    note: Message


class Verdict(Record):
    question: str
    game: str
    verdict: str
    details: dict
    reasons: tuple[Reason, ...] = ()
    dissent: tuple[Dissent, ...] = ()
