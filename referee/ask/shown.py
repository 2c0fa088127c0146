"""What was understood, in words, in the asked language: "Understood: Ann, level 8 Elf
Warrior, fights the Troll, level 8; Bob helps". Written from the situation that was judged,
so it shows what the engine saw — names of cards, races and classes as that language's
catalog gives them."""

from __future__ import annotations

from referee.ask.command import ASKER
from referee.i18n.catalogs import N_, translations
from referee.i18n.speaker import Speaker
from referee.message import Message


def understood(situation: dict, lang: str, corpus) -> str:
    # lazy: referee.cards 33 ms to import, paid only by the calls that need it
    from referee.cards import localizer, name_in

    say = translations(lang, "referee").gettext
    speaker = Speaker(corpus, lang)
    code_word = speaker.word  # a code of the game's vocabulary ("sell", "kill") in words
    localized = localizer()
    cards = {c.id: c for c in corpus.cards.values()}

    def card_word(code: str) -> str:
        card = cards.get(code)
        return name_in(card, lang, localized) if card is not None else code

    people = {p["name"]: p for p in situation.get("players", [])}
    # an item named by its card ("Flaming Armor") carries its printed bonus, as the engine reads it
    printed = {c.name: c.facts.get("bonus") or 0 for c in corpus.cards.values() if c.type == "item"}

    def bonus(item: dict) -> int:
        return item["bonus"] if "bonus" in item else printed.get(item.get("name"), 0)

    def person(name: str) -> str:
        p = people.get(name, {"name": name})
        if name == ASKER:  # the command's stand-in for one who gave no name: said in words here
            # Translators: the one asking, who gave no name, in "Understood: … fights the
            # Troll"; third person, as a name stands there
            name = say(N_("the player asking"))
        words = [card_word(w) for w in (*p.get("races", []), *p.get("classes", []))]
        gear = sum(bonus(i) for i in p.get("items", []) if not i.get("carried"))
        shown = say(N_("{name}, level {level}")).format(name=name, level=p.get("level", 1))
        if words:
            shown += " " + " ".join(words)
        if gear:
            shown += f" (+{gear})"
        return shown

    def monster(m: dict) -> str:
        card = next((c for c in corpus.cards.values() if c.name == m.get("card")), None)
        name = name_in(card, lang, localized) if card is not None else m.get("name", "?")
        level = m.get("level", card.facts.get("level") if card is not None else None)
        shown = say(N_("{name}, level {level}")).format(name=name, level=level) if level is not None else name
        bonus, cards = 0, []
        for enhancer in m.get("enhancers", []):
            if isinstance(enhancer, int):
                bonus += enhancer
                continue
            # an enhancer card by its name: its printed bonus, and its name in the asked language
            found = next((c for c in corpus.cards.values() if c.type == "enhancer" and c.name == enhancer), None)
            bonus += (found.facts.get("bonus") or 0) if found is not None else 0
            cards.append(name_in(found, lang, localized) if found is not None else enhancer)
        if cards:
            return shown + f" ({bonus:+d}: {', '.join(cards)})"
        return shown + (f" ({bonus:+d})" if bonus else "")

    question = situation.get("question", {})
    kind = question.get("kind")
    combat = situation.get("combat") or {}
    if kind == "combat":
        what = say(N_("{fighter} fights {monsters}")).format(
            fighter=person(combat["fighter"]), monsters="; ".join(monster(m) for m in combat["monsters"]))
        if combat.get("helper"):
            what += "; " + say(N_("{helper} helps")).format(helper=person(combat["helper"]))
        shots = combat.get("one_shots") or {}
        if shots.get("players"):
            what += "; " + say(N_("{bonus} for the players")).format(bonus=f"{sum(shots['players']):+d}")
        if shots.get("monsters"):
            what += "; " + say(N_("{bonus} for the monsters")).format(bonus=f"{sum(shots['monsters']):+d}")
    elif kind == "run-away":
        fleeing = [combat["fighter"]] + ([combat["helper"]] if combat.get("helper") else [])
        what = say(N_("{players} run away from {monsters}")).format(
            players=", ".join(person(p) for p in fleeing),
            monsters="; ".join(monster(m) for m in combat["monsters"]))
    elif kind == "action":
        what = say(N_("may {player} do this now: {action}")).format(player=person(question["player"]),
                                                                    action=code_word("action", question["action"]))
        if question.get("target"):
            what += " → " + question["target"]
    elif kind == "sell":
        what = say(N_("{player} sells {items}")).format(player=person(question["player"]),
                                                        items=", ".join(question["items"]))
    elif kind == "level":
        what = _level_change(question, person(question["player"]), speaker)
    elif kind == "munchkin-die":
        what = say(N_("the Munchkin die shows {roll} for {player}")).format(roll=question["roll"],
                                                                            player=person(question["player"]))
    elif kind == "equipment":
        what = say(N_("the gear of {player}")).format(player=person(question["player"]))
    elif kind == "charity":
        what = say(N_("charity at the end of the turn of {player}")).format(player=person(question["player"]))
    else:
        what = say(N_("{player} dies")).format(player=person(question.get("player", "?")))
    return say(N_("Understood: {what}")).format(what=what)


#: a change of level said with where it comes from, one sentence per source: a source's name
#: slotted into one frame could not take the case ending each language gives it
LEVEL_CHANGES = {
    "kill": Message.plural_of("{player}: {change} level for killing a monster",
                              "{player}: {change} levels for killing a monster", "n"),
    "sell": Message.plural_of("{player}: {change} level for selling items",
                              "{player}: {change} levels for selling items", "n"),
    "card": Message.plural_of("{player}: {change} level from a card", "{player}: {change} levels from a card", "n"),
    # the card by its name in the language, in quotes where the language sets a name apart
    "go-up-a-level": Message.plural_of("{player}: {change} level from the card {card}",
                                       "{player}: {change} levels from the card {card}", "n", card="Go Up a Level"),
    "divine-intervention": Message.plural_of("{player}: {change} level from the card {card}",
                                             "{player}: {change} levels from the card {card}", "n",
                                             card="Divine Intervention"),
    "steal-level": Message.plural_of("{player}: {change} level for stealing a level",
                                     "{player}: {change} levels for stealing levels", "n"),
    "bad-stuff": Message.plural_of("{player}: {change} level from a monster's Bad Stuff",
                                   "{player}: {change} levels from a monster's Bad Stuff", "n"),
    "curse": Message.plural_of("{player}: {change} level from a curse", "{player}: {change} levels from a curse", "n"),
    "help-elf": Message.plural_of("{player}: {change} level for helping win a fight as an Elf",
                                  "{player}: {change} levels for helping win a fight as an Elf", "n"),
    "munchkin-die": Message.plural_of("{player}: {change} level from the Munchkin die",
                                      "{player}: {change} levels from the Munchkin die", "n"),
}


def _level_change(question: dict, player: str, speaker) -> str:
    change = question["change"]
    said = LEVEL_CHANGES[question["source"]]
    values = {**dict(said.values), "n": abs(change), "player": player, "change": f"{change:+d}"}
    return Message(said.template, tuple(values.items()), said.plural, said.count).render(speaker)
