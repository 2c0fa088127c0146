"""The words the text output uses for codes: field labels and the values of each vocabulary.

JSON keeps the codes (``"winner": "players"``, ``"slot": "one-hand"``); text output shows them
in the reader's language through these tables, whose entries are messages of the ``referee``
catalog. Races and classes are cards, so their words are the card catalog's names
(:func:`card_word`). A code no table knows is shown as it is.
"""

from __future__ import annotations

from referee.i18n.catalogs import RuleText, pgettext
from referee.i18n.typed import shown
from referee.registry import QUESTIONS


def C_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with its context (``msgctxt``) for extraction; translated when shown."""
    return context, message


#: Labels of the figures of a verdict (``details``), of the fields inside them, and of a card's
#: numbers (``facts``).
FIELD_LABELS = {
    # Translators: the label before a figure of a verdict: curses the card records say nothing about
    "unknown_curses": C_("figure label", "curses the records do not know"),
    # Translators: the label before a figure of a verdict or a card, short ("players' strength: …")
    "players_strength": C_("figure label", "players' strength"),
    # Translators: the label before a figure of a verdict or a card, short ("monsters' strength: …")
    "monsters_strength": C_("figure label", "monsters' strength"),
    # Translators: the label before a figure of a verdict or a card, short ("winner: …")
    "winner": C_("figure label", "winner"),
    # Translators: the label before a figure of a verdict or a card, short ("levels gained: …")
    "levels": C_("figure label", "levels gained"),
    # Translators: the label before a figure of a verdict or a card, short ("treasures: …")
    "treasures": C_("figure label", "treasures"),
    # Translators: the label before a figure of a verdict or a card, short ("treasures drawn: …")
    "treasures_face": C_("figure label", "treasures drawn"),
    # Translators: the label before a figure of a verdict or a card, short ("must run away: …")
    "must_run": C_("figure label", "must run away"),
    # Translators: the label before a figure of a verdict or a card, short ("out of the fight: Troll")
    "out_of_the_fight": C_("figure label", "out of the fight"),
    # Translators: the label before a figure of a verdict, short: the powers a player may still
    # choose to use in this fight ("choices: player: Ann, power: …")
    "options": C_("figure label", "choices"),
    # Translators: the label before a figure of a verdict, short: an Epic power or a card's power
    "power": C_("figure label", "power"),
    # Translators: the label before a figure of a verdict, short: the die an Epic High helper adds
    "helper_roll": C_("figure label", "helper's die"),
    # Translators: the label before a figure of a verdict, short: the lowest face of the die that wins
    "wins_on": C_("figure label", "wins on a roll of"),
    # Translators: the label before a figure of a verdict, short: treasures drawn after running away
    "treasures_on_escape": C_("figure label", "treasures after escaping"),
    # Translators: the label before a figure of a verdict, short: who takes another turn when every
    # escape roll succeeds
    "extra_turn_if_all_escaped": C_("figure label", "another turn if every roll succeeds"),
    # Translators: the label before a figure of a verdict, short: how many treasures are discarded
    "treasures_discarded": C_("figure label", "treasures discarded"),
    # Translators: the label before a figure of a verdict or a card, short ("monsters: …")
    "monsters": C_("figure label", "monsters"),
    # Translators: the label before a figure of a verdict or a card, short ("wins the game: …")
    "wins": C_("figure label", "wins the game"),
    # Translators: the label before a figure of a verdict or a card, short ("escape rolls: …")
    "rolls": C_("figure label", "escape rolls"),
    # Translators: the label before a figure of a verdict or a card, short ("gold: …")
    "gold": C_("figure label", "gold"),
    # Translators: the label before a figure of a verdict or a card, short ("levels gained: …")
    "levels_gained": C_("figure label", "levels gained"),
    # Translators: the label before a figure of a verdict or a card, short ("new level: …")
    "new_level": C_("figure label", "new level"),
    # Translators: the label before a figure of a verdict or a card, short ("old level: …")
    "old_level": C_("figure label", "old level"),
    # Translators: the label before a figure of a verdict or a card, short ("gold lost: …")
    "wasted_gold": C_("figure label", "gold lost"),
    # Translators: the label before a figure of a verdict or a card, short ("allowed: …")
    "allowed": C_("figure label", "allowed"),
    # Translators: the label before a figure of a verdict or a card, short ("action: …")
    "action": C_("figure label", "action"),
    # Translators: the label before a figure of a verdict or a card, short ("player: …")
    "player": C_("figure label", "player"),
    # Translators: the label before a figure of a verdict or a card, short ("condition: …")
    "condition": C_("figure label", "condition"),
    # Translators: the label before a figure of a verdict or a card, short ("legal: …")
    "legal": C_("figure label", "legal"),
    # Translators: the label before a figure of a verdict or a card, short ("in use: …")
    "active": C_("figure label", "in use"),
    # Translators: the label before a figure of a verdict or a card, short ("not counting: …")
    "inactive": C_("figure label", "not counting"),
    # Translators: the label before a figure of a verdict or a card, short ("bonus: …")
    "bonus": C_("figure label", "bonus"),
    # Translators: the label before a figure of a verdict or a card, short ("problems: …")
    "problems": C_("figure label", "problems"),
    # Translators: the label before a figure of a verdict or a card, short ("excess cards: …")
    "excess": C_("figure label", "excess cards"),
    # Translators: the label before a figure of a verdict or a card, short ("give: …")
    "give": C_("figure label", "give"),
    # Translators: the label before a figure of a verdict or a card, short ("discard: …")
    "discard": C_("figure label", "discard"),
    # Translators: the label before a figure of a verdict or a card, short ("keeps: …")
    "keeps": C_("figure label", "keeps"),
    # Translators: the label before a figure of a verdict or a card, short ("loses: …")
    "loses": C_("figure label", "loses"),
    # Translators: the label before a figure of a verdict or a card, short ("loot order: …")
    "loot_order": C_("figure label", "loot order"),
    # Translators: the label before a figure of a verdict or a card, short ("ties to roll off: …")
    "loot_ties": C_("figure label", "ties to roll off"),
    # Translators: the label before a figure of a verdict or a card, short ("new cards: …")
    "new_cards": C_("figure label", "new cards"),
    # Translators: the label before a figure of a verdict or a card, short ("roll: …")
    "roll": C_("figure label", "roll"),
    # Translators: the label before a figure of a verdict or a card, short ("effect: …")
    "effect": C_("figure label", "effect"),
    # Translators: the label before a figure of a verdict or a card, short ("levels spent: …")
    "cost": C_("figure label", "levels spent"),
    # Translators: the label before a figure of a verdict or a card, short ("may roll again: …")
    "can_roll_again": C_("figure label", "may roll again"),
    # Translators: the label before a figure of a verdict or a card, short ("charmed: …")
    "charmed": C_("figure label", "charmed"),
    # Translators: the label before a figure of a verdict or a card, short ("name: …")
    "name": C_("figure label", "name"),
    # Translators: the label before a figure of a verdict or a card, short ("strength: …")
    "strength": C_("figure label", "strength"),
    # Translators: the label before a figure of a verdict or a card, short ("monster: …")
    "monster": C_("figure label", "monster"),
    # Translators: the label before a figure of a verdict or a card, short ("needed: …")
    "needed": C_("figure label", "needed"),
    # Translators: the label before a figure of a verdict or a card, short ("roll required: …")
    "required": C_("figure label", "roll required"),
    # Translators: the label before a figure of a verdict or a card, short ("possible: …")
    "possible": C_("figure label", "possible"),
    # Translators: the label before a figure of a verdict or a card, short ("reason: …")
    "reason": C_("figure label", "reason"),
    # Translators: the label before a figure of a verdict or a card, short ("Door cards: …")
    "door": C_("figure label", "Door cards"),
    # Translators: the label before a figure of a verdict or a card, short ("Treasure cards: …")
    "treasure": C_("figure label", "Treasure cards"),
    # Translators: the label before a figure of a verdict or a card, short ("level: …")
    "level": C_("figure label", "level"),
    # Translators: the label before a figure of a verdict or a card, short ("undead: …")
    "undead": C_("figure label", "undead"),
    # Translators: the label before a figure of a verdict or a card, short ("bonus against: …")
    "bonus_vs": C_("figure label", "bonus against"),
    # Translators: the label before a figure of a verdict or a card, short ("to run away: …")
    "run_away": C_("figure label", "to run away"),
    # Translators: the label before a figure of a verdict or a card, short ("does not pursue up to level: …")
    "ignores_below": C_("figure label", "does not pursue up to level"),
    # Translators: the label before a figure of a verdict or a card, short ("slot: …")
    "slot": C_("figure label", "slot"),
    # Translators: the label before a figure of a verdict or a card, short ("Big: …")
    "big": C_("figure label", "Big"),
    # Translators: the label before a figure of a verdict or a card, short ("usable by: …")
    "requires": C_("figure label", "usable by"),
    # Translators: the label before a figure of a verdict or a card, short ("classes: …")
    "classes": C_("figure label", "classes"),
    # Translators: the label before a figure of a verdict or a card, short ("races: …")
    "races": C_("figure label", "races"),
    # Translators: the label before a figure of a verdict or a card, short ("sex: …")
    "sex": C_("figure label", "sex"),
    # Translators: the label before a figure of a verdict or a card, short ("not usable by classes: …")
    "not_classes": C_("figure label", "not usable by classes"),
    # Translators: the label before a figure of a verdict or a card, short ("not usable by races: …")
    "not_races": C_("figure label", "not usable by races"),
    # Translators: the label before a figure of a verdict or a card, short ("no more Bad Stuff from: …")
    "no_further_bad_stuff": C_("figure label", "no more Bad Stuff from"),
    # Translators: the label before a figure of a verdict or a card, short ("dead: …")
    "dead": C_("figure label", "dead"),
    # Translators: the label before a figure of a verdict or a card, short ("Half-Breed: …")
    "half_breed": C_("figure label", "Half-Breed"),
    # Translators: the label before a figure of a verdict or a card, short ("Super Munchkin: …")
    "super_munchkin": C_("figure label", "Super Munchkin"),
    # Translators: the label before a figure of a verdict or a card, short ("cards in hand: …")
    "hand": C_("figure label", "cards in hand"),
    # Translators: the label before a figure of a verdict or a card, short ("curses: …")
    "curses": C_("figure label", "curses"),
    # Translators: the label before a figure of a verdict or a card, short ("hireling: …")
    "hireling": C_("figure label", "hireling"),
    # Translators: the label before a figure of a verdict or a card, short ("steed: …")
    "steed": C_("figure label", "steed"),
    # Translators: the label before a figure of a verdict or a card, short ("pet: …")
    "pet": C_("figure label", "pet"),
    # Translators: the label before a figure of a verdict or a card, short ("enhancers: …")
    "enhancers": C_("figure label", "enhancers"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "friendly": C_("figure label", "will not fight"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "chased": C_("figure label", "chased away"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "gifts": C_("figure label", "treasures a monster gives"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "helper_withdrawn": C_("figure label", "helper sent away"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "bad_stuff": C_("figure label", "Bad Stuff"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "items_lost": C_("figure label", "items lost"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "death": C_("figure label", "death"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "levels_lost": C_("figure label", "levels lost"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "classes_lost": C_("figure label", "classes lost"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "otherwise_levels_lost": C_("figure label", "levels lost if there is nothing to lose"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "lose_even_on_escape": C_("figure label", "lost even on an escape"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "waved": C_("figure label", "waved past"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "stomped": C_("figure label", "stomped"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "random_items": C_("figure label", "items chosen at random"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "discard_treasures": C_("figure label", "Treasure cards to swap"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "friendly_to": C_("figure label", "will not fight"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "who": C_("figure label", "who"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "gives": C_("figure label", "gives treasures"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "trade_in": C_("figure label", "Treasure cards to swap"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "no_help": C_("figure label", "cannot be fought with help"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "level_only": C_("figure label", "only your level counts"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "escape_loss": C_("figure label", "lost even on an escape"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "auto_escape": C_("figure label", "escape automatically"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "extra_treasure": C_("figure label", "extra treasure"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "chased_by": C_("figure label", "may be chased away by"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "weapons_bonus": C_("figure label", "bonus against fewer weapons"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "fewer_than": C_("figure label", "fewer than"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "wave_past": C_("figure label", "may be waved past"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "unless": C_("figure label", "unless"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "stomped_by": C_("figure label", "stomped by"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "not": C_("figure label", "not by"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "families": C_("figure label", "families"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "treasure_for_all": C_("figure label", "treasures when it is defeated"),
    # Translators: inside "treasures when it is defeated: every player: 1, more for the winners: 1"
    # (the Pinata): how many every player draws
    "each": C_("figure label", "every player"),
    # Translators: inside "treasures when it is defeated: every player: 1, more for the winners: 1"
    # (the Pinata): how many more those who beat it draw
    "winners": C_("figure label", "more for the winners"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "slots": C_("figure label", "items lost"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "ignores": C_("figure label", "will not pursue"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "bonus_for": C_("figure label", "bonus for"),
    # Translators: the label before a figure of a verdict or a card's printed effect, short
    "disguise": C_("figure label", "seen as the race"),
}

#: The values of each vocabulary (model.py, corpus/schema.py, corpus/cards.py).
VALUES = {
    "verdict": {
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "win": C_("verdict", "win"),
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "lose": C_("verdict", "lose"),
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "allowed": C_("verdict", "allowed"),
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "forbidden": C_("verdict", "forbidden"),
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "legal": C_("verdict", "legal"),
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "illegal": C_("verdict", "illegal"),
        # Translators: a verdict's answer, shown in capitals after "Verdict:"
        "ok": C_("verdict", "ok"),
    },
    "winner": {
        # Translators: who won a combat: the players or the monsters
        "players": C_("winner of a combat", "players"),
        # Translators: who won a combat: the players or the monsters
        "monsters": C_("winner of a combat", "monsters"),
    },
    "face": {
        # Translators: how the treasures are drawn: face up or face down
        "up": C_("treasure face", "face up"),
        # Translators: how the treasures are drawn: face up or face down
        "down": C_("treasure face", "face down"),
    },
    "sex": {
        # Translators: a character's sex, as the table shows it
        "male": C_("sex of a character", "male"),
        # Translators: a character's sex, as the table shows it
        "female": C_("sex of a character", "female"),
    },
    "slot": {
        # Translators: where an item is worn or held
        "headgear": C_("item slot", "headgear"),
        # Translators: where an item is worn or held
        "armor": C_("item slot", "armor"),
        # Translators: where an item is worn or held
        "footgear": C_("item slot", "footgear"),
        # Translators: where an item is worn or held
        "one-hand": C_("item slot", "one hand"),
        # Translators: where an item is worn or held
        "two-hands": C_("item slot", "two hands"),
        # Translators: where an item is worn or held
        "none": C_("item slot", "no slot"),
    },
    "phase": {
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "before-door": C_("turn phase", "before kicking open the door"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "kick-door": C_("turn phase", "kicking open the door"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "combat": C_("turn phase", "combat"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "running-away": C_("turn phase", "running away"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "look-for-trouble": C_("turn phase", "looking for trouble"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "loot": C_("turn phase", "looting the room"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "charity": C_("turn phase", "charity"),
        # Translators: a phase of a player's turn, shown in brackets after whose turn it is
        "other-turn": C_("turn phase", "another player's turn"),
    },
    "kind": {
        # Translators: the kind of a rule clause, shown beside its title
        "rule": C_("clause kind", "rule"),
        # Translators: the kind of a rule clause, shown beside its title
        "clarification": C_("clause kind", "clarification"),
        # Translators: the kind of a rule clause, shown beside its title
        "errata": C_("clause kind", "errata"),
        # Translators: the kind of a rule clause, shown beside its title
        "card-ruling": C_("clause kind", "card ruling"),
        # Translators: the kind of a rule clause, shown beside its title
        "variant": C_("clause kind", "variant"),
        # Translators: the kind of a rule clause, shown beside its title
        "optional-rule": C_("clause kind", "optional rule"),
    },
    "game": {
        # Translators: the name of a game of the Munchkin family, or the expansions
        "munchkin": C_("game name", "Munchkin"),
        # Translators: the name of a game of the Munchkin family, or the expansions
        "star-munchkin": C_("game name", "Star Munchkin"),
        # Translators: the name of a game of the Munchkin family, or the expansions
        "epic": C_("game name", "Epic Munchkin"),
        # Translators: the name of a game of the Munchkin family, or the expansions
        "expansions": C_("game name", "expansions"),
    },
    "card-type": {
        # Translators: the type of a card, shown beside its name
        "monster": C_("card type", "monster"),
        # Translators: the type of a card, shown beside its name
        "curse": C_("card type", "curse"),
        # Translators: the type of a card, shown beside its name
        "trap": C_("card type", "trap"),
        # Translators: the type of a card, shown beside its name
        "item": C_("card type", "item"),
        # Translators: the type of a card, shown beside its name
        "one-shot item": C_("card type", "one-shot item"),
        # Translators: the type of a card, shown beside its name
        "race": C_("card type", "race"),
        # Translators: the type of a card, shown beside its name
        "class": C_("card type", "class"),
        # Translators: the type of a card, shown beside its name
        "enhancer": C_("card type", "enhancer"),
        # Translators: the type of a card, shown beside its name
        "hireling": C_("card type", "hireling"),
        # Translators: the type of a card, shown beside its name
        "steed": C_("card type", "steed"),
        # Translators: the type of a card, shown beside its name
        "dungeon": C_("card type", "dungeon"),
        # Translators: the type of a card, shown beside its name
        "portal": C_("card type", "portal"),
        # Translators: the type of a card, shown beside its name
        "room": C_("card type", "room"),
        # Translators: the type of a card, shown beside its name
        "other": C_("card type", "other"),
    },
    # the kinds of question, as the registry of questions names them
    "question": {question.kind: question.title for question in QUESTIONS},
    "action": {
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "trade": C_("action", "trade"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "sell": C_("action", "sell"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "steal": C_("action", "steal"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "backstab": C_("action", "backstab"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "equip": C_("action", "put an item on"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "unequip": C_("action", "take an item off"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-race": C_("action", "play a race"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-class": C_("action", "play a class"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "discard-race": C_("action", "discard a race"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "discard-class": C_("action", "discard a class"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-item": C_("action", "play an item"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-one-shot": C_("action", "play a one-shot item"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-monster-enhancer": C_("action", "play a monster enhancer"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-wandering-monster": C_("action", "play a Wandering Monster"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-curse": C_("action", "play a curse"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-go-up-a-level": C_("action", "play a Go Up a Level card"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "play-hireling": C_("action", "play a hireling"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "help": C_("action", "help"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "look-for-trouble": C_("action", "look for trouble"),
        # Translators: something a player does (`referee can NAME ACTION`), as a short phrase
        "loot-room": C_("action", "loot the room"),
    },
    "source": {
        # Translators: where a change of level comes from, shown in brackets in the log
        "kill": C_("level source shown", "a kill"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "sell": C_("level source shown", "selling"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "card": C_("level source shown", "a card"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "go-up-a-level": C_("level source shown", "Go Up a Level"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "divine-intervention": C_("level source shown", "Divine Intervention"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "steal-level": C_("level source shown", "a stolen level"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "bad-stuff": C_("level source shown", "Bad Stuff"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "curse": C_("level source shown", "a curse"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "help-elf": C_("level source shown", "an Elf's help"),
        # Translators: where a change of level comes from, shown in brackets in the log
        "munchkin-die": C_("level source shown", "the Munchkin die"),
    },
    "basis": {
        # Translators: what a card's numbers are taken from
        "published-card": C_("ruling basis", "the published card"),
    },
    "label": {
        # Translators: a label printed on an item card
        "Big": C_("item label", "Big"),
        # Translators: a label printed on an item card
        "Complex": C_("item label", "Complex"),
    },
    "race": {
        # Translators: a race, as the table shows it
        "human": C_("race name", "human"),
    },
    # the families a monster card names (corpus/cards.py MONSTER_FAMILIES), after "families:"
    "family": {
        # Translators: a kind of monster a card belongs to, after "families:" on a monster card's
        # page (cards for plants act on it), as the rule texts call plant monsters
        "plant": C_("monster family", "plant"),
        # Translators: a kind of monster a card belongs to, after "families:" on a monster card's
        # page: Santa's monsters (the rule "Santanic monsters help each other")
        "santanic": C_("monster family", "Santanic"),
    },
}

#: Vocabularies with no words of their own here: a code is shown as the players of the language
#: type it (the first of its typed words in the catalog).
TYPED_VOCABULARIES = ("expansion", "enhancer", "house rule")
#: Which vocabulary a figure's string value comes from, by the figure's key.
VALUE_OF_FIELD = {"winner": "winner", "treasures_face": "face", "action": "action", "slot": "slot", "sex": "sex",
                  "items_lost": "slot",
                  "verdict": "verdict", "phase": "phase", "source": "source",
                  # a card's facts: who it is for, or against (rules/cards.yaml)
                  "who": "race|class|sex", "races": "race", "classes": "class", "not_classes": "class",
                  "disguise": "race", "unless": "race|class|sex", "not": "race|class|sex", "families": "family"}
#: Placeholders of a reason note (and fields of a figure) whose values may be English card
#: names: a name that is a card's shows as the card catalog names it.
CARD_PLACEHOLDERS = {"card", "curse", "curses", "monster", "item", "items", "steed", "hireling", "pet"}
#: Placeholders whose whole numbers are identifiers a person types back, not quantities: shown
#: as typed, never grouped ("port 36303", not "36,303"; change #1204, exit code 2).
IDENTIFIER_PLACEHOLDERS = {"port", "seq", "code", "status", "id", "offset"}
#: Placeholders of a reason note whose values are codes, and the vocabulary that words them.
#: ``key`` is what a monster's bonus is against: a race, a class or a sex.
VALUE_OF_PLACEHOLDER = {"phase": "phase", "slot": "slot", "sex": "sex", "label": "label", "source": "source",
                        "race": "race", "class": "class", "key": "race|class|sex", "action": "action",
                        "classes": "class", "races": "race", "game": "game", "expansion": "expansion",
                        "race_or_class": "race|class", "have": "race|class"}


#: The source texts as people name them, by the language each is written in (rules/sources.yaml
#: has one per language); a reader sees these, JSON the file names.
SOURCE_NAMES = {
    # Translators: a source text of the rules, named for a reader: the Dutch translation of the rulebook
    "nl": C_("source text", "Dutch rulebook (unofficial translation)"),
    # Translators: a source text of the rules: the official Hungarian errata and FAQ
    "hu": C_("source text", "Hungarian FAQ and errata"),
    # Translators: a source text of the rules: the Spanish rulebook with the expansions and Epic rules
    "es": C_("source text", "Spanish rulebook"),
    # Translators: a source text of the rules: a Gujarati summary of the classic rules
    "gu": C_("source text", "Gujarati rules summary"),
    # Translators: a source text of the rules: the German rulebook of Star Munchkin
    "de": C_("source text", "German Star Munchkin rulebook"),
}


def source_name(seed: str, language: str) -> str:
    """A source text named for a reader ("Hungarian FAQ and errata"), or its file name."""
    found = SOURCE_NAMES.get(language)
    return pgettext(*found) if found else seed


def label(key: str) -> str:
    """A field's label in the current language (an unknown key with its dashes as spaces)."""
    found = FIELD_LABELS.get(key)
    return pgettext(*found) if found else key.replace("_", " ")


def word(vocabulary: str, code: str, cards=None) -> str:
    """A code of ``vocabulary`` in the current language (races and classes through ``cards``)."""
    for name in vocabulary.split("|"):
        if name in TYPED_VOCABULARIES:  # shown as the players type them (referee/i18n/typed.py)

            return shown(code)
        if name in ("race", "class") and cards is not None:
            found = cards(code)
            if found:
                return found
        found = VALUES.get(name, {}).get(code)
        if found:
            return pgettext(*found)
    return code


def card_words(corpus, language: str):
    """A function from a race or class code ("elf", "lizardman") to its card's name in ``language``."""
    text = RuleText(language)
    by_code = {}
    for card in corpus.cards.values():
        if card.type in ("race", "class"):
            for name in (card.id, card.name, *card.aliases):
                by_code["".join(ch for ch in name.lower() if ch.isalnum())] = card

    def name_of(code: str) -> str | None:
        card = by_code.get("".join(ch for ch in str(code).lower() if ch.isalnum()))
        if card is None:
            return None
        if language in card.names and text.language_of(f"card:{card.id}", card.name) != language:
            return card.names[language][0]
        return text(f"card:{card.id}", card.name)

    return name_of
