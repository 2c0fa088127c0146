"""``referee card NAME`` and ``referee cards``: the cards the sources rule on, by name in any language."""

from __future__ import annotations

from typing import List, Optional

import typer

from referee.cli import options, render
from referee.cli.help import Command
from referee.corpus.cards import CARD_TYPES
from referee.i18n.cardnames import localizer  # the judge command finds it here too
from referee.i18n.catalogs import RuleText, _, ngettext



def card_json(corpus, card, text: RuleText, localized) -> dict:
    from referee.cards import card_names

    names = card_names(card, localized)
    data = {"id": card.id, "lang": text.language, "name": names.get(text.language, card.name), "names": names,
            "names_from_source": sorted(card.names), "type": card.type, "game": card.game,
            "rulings": [{"id": c.id, "kind": c.kind, "title": text(c.id, c.title), "text": text(c.id, c.text)}
                        for c in corpus.rulings(card)]}
    if card.aliases:
        data["aliases"] = list(card.aliases)
    if card.facts:
        data["facts"] = card.facts
    return data


def card_text(corpus, card, data: dict, text: RuleText) -> list[str]:
    """A card for a person: its name, kind and game in words, its names, numbers and rulings."""
    speaker = render.Speaker(corpus, text.language)
    word = render.words.word
    lines = [f"{data['name']} — {word('card-type', card.type)} · {word('game', card.game)}"]
    names = ", ".join(f"{lang}: {name}{' *' if card.names.get(lang, ('',))[0] == name else ''}"
                      for lang, name in data["names"].items())
    lines += render.wrap(_("Names:") + " " + names, "  ")
    if card.names:
        lines.append("  " + _("* as the source texts name it"))
        others = [f"{lang}: {entry[0]}" for lang, entry in card.names.items() if data["names"].get(lang) != entry[0]]
        if others:
            lines += render.wrap(_("The source texts also call it:") + " " + ", ".join(others), "  ")
    if card.facts:
        facts = render.figure(speaker, "facts", {k: v for k, v in card.facts.items() if k != "basis"})
        basis = card.facts.get("basis", "")
        lines += render.wrap(_("Numbers:") + f" {facts} ({word('basis', basis)})", "  ")
    lines += ["", _("Rulings ({count})").format(count=len(data["rulings"]))]
    for ruling in data["rulings"]:
        clause = corpus[ruling["id"]]
        lines.append(f"  [{clause.id}] {word('kind', clause.kind)} — {text.marked(clause.id, clause.title)}")
        lines += render.wrap(text.marked(clause.id, clause.text), "     ")
    return lines + render.fallback_note(text)


def card(words: List[str] = typer.Argument(..., metavar="NAME…"), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> None:
    from referee.cards import decide, find_cards
    from referee.corpus import load_corpus
    from referee.i18n import choose_language

    text = RuleText(choose_language(lang))
    corpus = load_corpus()
    localized = localizer()
    query = " ".join(words)
    matches = find_cards(corpus.cards.values(), query, localized)
    chosen, candidates = decide(matches)
    if chosen is not None:
        data = card_json(corpus, chosen.card, text, localized)
        if as_json:
            render.emit_json(data)
            return
        render.emit(card_text(corpus, chosen.card, data, text))
        return
    if candidates:
        if as_json:
            render.emit_json({"query": query, "lang": text.language, "candidates": [
                {"id": m.card.id, "name": m.name, "lang": m.lang, "type": m.card.type} for m in candidates]})
            return
        render.emit([_("Several cards match {query!r}:").format(query=query)]
                    + [f"  {m.name} ({m.lang}) — {render.words.word('card-type', m.card.type)}"
                       for m in candidates])
        return
    suggestions = [m for m in find_cards(corpus.cards.values(), query[: max(3, len(query) // 2)], localized)][:5]
    if as_json:
        render.emit_json({"query": query, "lang": text.language, "candidates": [],
                          "suggestions": [m.card.name for m in suggestions]})
    else:
        lines = [_("No card matches {query!r}.").format(query=query)]
        if suggestions:
            lines.append(_("Did you mean: {names}?").format(names=", ".join(m.name for m in suggestions)))
        render.emit(lines)
    raise typer.Exit(1)


def cards(card_type: Optional[str] = typer.Option(None, "--type", metavar="TYPE",
                                                  help=_("Only this type: {types}.").format(types=", ".join(CARD_TYPES))),
          game: Optional[str] = options.game(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> None:
    from referee.cards import card_names
    from referee.cli.corpus_commands import _one_of
    from referee.corpus import load_corpus, schema
    from referee.i18n import choose_language

    text = RuleText(choose_language(lang))
    _one_of(card_type, CARD_TYPES, "--type")
    _one_of(game, schema.GAMES, "--game")
    corpus = load_corpus()
    localized = localizer()
    chosen = sorted((c for c in corpus.cards.values() if (card_type is None or c.type == card_type)
                     and (game is None or c.game == game)), key=lambda c: (CARD_TYPES.index(c.type), c.name))
    if as_json:
        render.emit_json({"lang": text.language, "total": len(chosen), "cards": [
            {"id": c.id, "name": card_names(c, localized).get(text.language, c.name), "type": c.type,
             "game": c.game, "rulings": len(corpus.rulings(c))} for c in chosen]})
        return
    lines, current = [], None
    shown = {c.id: card_names(c, localized).get(text.language, c.name) for c in chosen}
    # in the reader's alphabet: by the names shown, within each type
    for c in sorted(chosen, key=lambda c: (CARD_TYPES.index(c.type), shown[c.id].casefold())):
        if c.type != current:
            current = c.type
            lines += ["" if lines else None, f"{render.words.word('card-type', c.type)}:"]
        lines.append(f"  {shown[c.id]}")
    lines.append(ngettext("{count} card", "{count} cards", len(chosen)).format(count=len(chosen)))
    render.emit([line for line in lines if line is not None])
    if not chosen:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("card", cls=Command, help=_("Show a card found by its name in any language (typos forgiven), "
                                            "with every clause that rules on it."))(card)
    app.command("cards", cls=Command, help=_("List the cards the sources rule on, by type."))(cards)
