"""The words the text output uses for codes: field labels and the values of each vocabulary.

JSON keeps the codes (``"winner": "players"``, ``"slot": "one-hand"``); text output shows them
in the reader's language through these tables, whose entries are messages of the ``referee``
catalog. Races and classes are cards, so their words are the card catalog's names
(:func:`card_word`). A code no table knows is shown as it is.
"""

from __future__ import annotations

from referee.i18n.catalogs import N_, _

#: Labels of the figures of a verdict (``details``), of the fields inside them, and of a card's
#: numbers (``facts``).
FIELD_LABELS = {
    "players_strength": N_("players' strength"), "monsters_strength": N_("monsters' strength"),
    "winner": N_("winner"), "levels": N_("levels gained"), "treasures": N_("treasures"),
    "treasures_face": N_("treasures drawn"), "must_run": N_("must run away"), "monsters": N_("monsters"),
    "wins": N_("wins the game"), "rolls": N_("escape rolls"), "gold": N_("gold"),
    "levels_gained": N_("levels gained"), "new_level": N_("new level"), "old_level": N_("old level"),
    "wasted_gold": N_("gold lost"), "allowed": N_("allowed"), "action": N_("action"), "player": N_("player"),
    "condition": N_("condition"), "legal": N_("legal"), "active": N_("in use"), "inactive": N_("not counting"),
    "bonus": N_("bonus"), "problems": N_("problems"), "excess": N_("excess cards"), "give": N_("give"),
    "discard": N_("discard"), "keeps": N_("keeps"), "loses": N_("loses"), "loot_order": N_("loot order"),
    "loot_ties": N_("ties to roll off"), "new_cards": N_("new cards"), "roll": N_("roll"), "effect": N_("effect"),
    "cost": N_("levels spent"), "can_roll_again": N_("may roll again"), "charmed": N_("charmed"),
    # inside the figures
    "name": N_("name"), "strength": N_("strength"), "monster": N_("monster"), "needed": N_("needed"),
    "required": N_("roll required"), "possible": N_("possible"), "reason": N_("reason"),
    "door": N_("Door cards"), "treasure": N_("Treasure cards"),
    # a card's numbers
    "level": N_("level"), "undead": N_("undead"), "bonus_vs": N_("bonus against"),
    "run_away": N_("to run away"), "ignores_below": N_("does not pursue up to level"), "slot": N_("slot"),
    "big": N_("Big"), "requires": N_("usable by"), "classes": N_("classes"), "races": N_("races"),
    "sex": N_("sex"), "not_classes": N_("not usable by classes"), "not_races": N_("not usable by races"),
    # Translators: a figure of a death: the monsters whose Bad Stuff no longer applies to the dead
    "no_further_bad_stuff": N_("no more Bad Stuff from"),
    # a player's fields, as a table's log shows a change to them
    # Translators: a player's field in the table's log ("dead: yes")
    "dead": N_("dead"),
    # Translators: a player's field in the table's log ("Half-Breed: yes"), the card's name
    "half_breed": N_("Half-Breed"),
    # Translators: a player's field in the table's log ("Super Munchkin: yes"), the card's name
    "super_munchkin": N_("Super Munchkin"),
    # Translators: a player's field in the table's log ("cards in hand: 5")
    "hand": N_("cards in hand"),
    # Translators: a player's field in the table's log: the curses that affect them
    "curses": N_("curses"),
    # Translators: a player's field in the table's log: their hireling
    "hireling": N_("hireling"),
    # Translators: a player's field in the table's log: the steed they ride
    "steed": N_("steed"),
    # Translators: a player's field in the table's log: an Epic Human's pet
    "pet": N_("pet"),
    # Translators: a player's field in the table's log: race and class enhancer cards (High, Master…)
    "enhancers": N_("enhancers"),
}

#: The values of each vocabulary (model.py, corpus/schema.py, corpus/cards.py).
VALUES = {
    "verdict": {"win": N_("win"), "lose": N_("lose"), "allowed": N_("allowed"), "forbidden": N_("forbidden"),
                "legal": N_("legal"), "illegal": N_("illegal"), "ok": N_("ok")},
    "winner": {"players": N_("players"), "monsters": N_("monsters")},
    "face": {"up": N_("face up"), "down": N_("face down")},
    "sex": {"male": N_("male"), "female": N_("female")},
    "slot": {"headgear": N_("headgear"), "armor": N_("armor"), "footgear": N_("footgear"),
             "one-hand": N_("one hand"), "two-hands": N_("two hands"), "none": N_("no slot")},
    "phase": {"before-door": N_("before kicking open the door"), "kick-door": N_("kicking open the door"),
              "combat": N_("combat"), "running-away": N_("running away"),
              "look-for-trouble": N_("looking for trouble"), "loot": N_("looting the room"),
              "charity": N_("charity"), "other-turn": N_("another player's turn")},
    "kind": {"rule": N_("rule"), "clarification": N_("clarification"), "errata": N_("errata"),
             "card-ruling": N_("card ruling"), "variant": N_("variant"), "optional-rule": N_("optional rule")},
    "game": {"munchkin": N_("Munchkin"), "star-munchkin": N_("Star Munchkin"), "epic": N_("Epic Munchkin"),
             "expansions": N_("expansions")},
    "card-type": {"monster": N_("monster"), "curse": N_("curse"), "trap": N_("trap"), "item": N_("item"),
                  "one-shot item": N_("one-shot item"), "race": N_("race"), "class": N_("class"),
                  "enhancer": N_("enhancer"), "hireling": N_("hireling"), "steed": N_("steed"),
                  "dungeon": N_("dungeon"), "portal": N_("portal"), "room": N_("room"), "other": N_("other")},
    "question": {"combat": N_("combat"), "run-away": N_("running away"), "sell": N_("selling"),
                 "level": N_("level change"), "action": N_("action"), "equipment": N_("equipment"),
                 "charity": N_("charity"), "death": N_("death"), "munchkin-die": N_("Munchkin die")},
    "action": {"trade": N_("trade"), "sell": N_("sell"), "steal": N_("steal"), "backstab": N_("backstab"),
               "equip": N_("put an item on"), "unequip": N_("take an item off"), "play-race": N_("play a race"),
               "play-class": N_("play a class"), "discard-race": N_("discard a race"),
               "discard-class": N_("discard a class"), "play-item": N_("play an item"),
               "play-one-shot": N_("play a one-shot item"), "play-monster-enhancer": N_("play a monster enhancer"),
               "play-wandering-monster": N_("play a Wandering Monster"), "play-curse": N_("play a curse"),
               "play-go-up-a-level": N_("play a Go Up a Level card"), "play-hireling": N_("play a hireling"),
               "help": N_("help"), "look-for-trouble": N_("look for trouble"), "loot-room": N_("loot the room")},
    "source": {"kill": N_("a kill"), "sell": N_("selling"), "card": N_("a card"),
               "go-up-a-level": N_("Go Up a Level"), "divine-intervention": N_("Divine Intervention"),
               "steal-level": N_("a stolen level"), "bad-stuff": N_("Bad Stuff"), "curse": N_("a curse"),
               "help-elf": N_("an Elf's help"), "munchkin-die": N_("the Munchkin die")},
    "basis": {"published-card": N_("the published card")},
    "label": {"Big": N_("Big"), "Complex": N_("Complex")},
    "race": {"human": N_("human")},
}

#: Vocabularies with no words of their own here: a code is shown as the players of the language
#: type it (the first of its typed words in the catalog).
TYPED_VOCABULARIES = ("expansion", "enhancer", "house rule")
#: Which vocabulary a figure's string value comes from, by the figure's key.
VALUE_OF_FIELD = {"winner": "winner", "treasures_face": "face", "action": "action", "slot": "slot", "sex": "sex",
                  "verdict": "verdict", "phase": "phase", "source": "source"}
#: Placeholders of a reason note (and fields of a figure) whose values may be English card
#: names: a name that is a card's shows as the card catalog names it.
CARD_PLACEHOLDERS = {"card", "curse", "monster", "item", "items", "steed", "hireling"}
#: Placeholders of a reason note whose values are codes, and the vocabulary that words them.
#: ``key`` is what a monster's bonus is against: a race, a class or a sex.
VALUE_OF_PLACEHOLDER = {"phase": "phase", "slot": "slot", "sex": "sex", "label": "label", "source": "source",
                        "race": "race", "class": "class", "key": "race|class|sex", "action": "action",
                        "classes": "class", "races": "race", "game": "game", "expansion": "expansion"}


def label(key: str) -> str:
    """A field's label in the current language (an unknown key with its dashes as spaces)."""
    found = FIELD_LABELS.get(key)
    return _(found) if found else key.replace("_", " ")


def word(vocabulary: str, code: str, cards=None) -> str:
    """A code of ``vocabulary`` in the current language (races and classes through ``cards``)."""
    for name in vocabulary.split("|"):
        if name in TYPED_VOCABULARIES:  # shown as the players type them (referee/i18n/typed.py)
            from referee.vocabulary import shown

            return shown(code)
        if name in ("race", "class") and cards is not None:
            found = cards(code)
            if found:
                return found
        found = VALUES.get(name, {}).get(code)
        if found:
            return _(found)
    return code


def card_words(corpus, language: str):
    """A function from a race or class code ("elf", "lizardman") to its card's name in ``language``."""
    from referee.i18n.catalogs import RuleText

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
