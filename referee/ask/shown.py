"""What was understood, in words, in the asked language: "Understood: Ann, level 8 Elf
Warrior, fights the Troll, level 8; Bob helps". Written from the situation that was judged,
so it shows what the engine saw — names of cards, races and classes as that language's
catalog gives them."""

from __future__ import annotations

from referee.i18n.catalogs import N_, translations
from referee.i18n.speaker import Speaker


def understood(situation: dict, lang: str, corpus) -> str:
    # lazy: referee.cards 33 ms to import, paid only by the calls that need it
    from referee.cards import localizer, name_in

    say = translations(lang, "referee").gettext
    code_word = Speaker(corpus, lang).word  # a code of the game's vocabulary ("sell", "kill") in words
    localized = localizer()
    cards = {c.id: c for c in corpus.cards.values()}

    def card_word(code: str) -> str:
        card = cards.get(code)
        return name_in(card, lang, localized) if card is not None else code

    people = {p["name"]: p for p in situation.get("players", [])}

    def person(name: str) -> str:
        p = people.get(name, {"name": name})
        words = [card_word(w) for w in (*p.get("races", []), *p.get("classes", []))]
        gear = sum(i.get("bonus", 0) for i in p.get("items", []) if not i.get("carried"))
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
        bonus = sum(m.get("enhancers", []))
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
        what = say(N_("{player}: {change} levels from {source}")).format(
            player=person(question["player"]), change=f"{question['change']:+d}",
            source=code_word("source", question["source"]))
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
