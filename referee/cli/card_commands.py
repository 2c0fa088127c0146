"""``referee card NAME`` and ``referee cards``: the cards the sources rule on, by name in any language."""

from __future__ import annotations

from typing import List, Optional

from referee import shapes
from referee.cards import listed, localizer, lookup, name_in
from referee.cli import completion, options, render
from referee.cli.params import Argument, Option
from referee.corpus import load_corpus, schema
from referee.corpus.cards import CARD_TYPES
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _, ngettext
from referee.i18n.speaker import Speaker
from referee.i18n.words import source_name, word as word_of


def card_text(corpus, card, data: dict, text: RuleText) -> list[str]:
    """A card for a person: its name, kind and game in words, its names, numbers and rulings."""
    speaker = Speaker(corpus, text.language)
    word = word_of
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
        facts = render.figure(speaker, "facts", _shown_facts(card.facts))
        lines += render.wrap(_("Numbers:") + f" {facts} ({_basis(corpus, card.facts.get('basis', ''))})", "  ")
    lines += ["", _("Rulings ({count})").format(count=len(data["rulings"]))]
    for ruling in data["rulings"]:
        clause = corpus[ruling["id"]]
        lines.append(f"  [{clause.id}] {word('kind', clause.kind)} — {text.marked(clause.id, clause.title)}")
        lines += render.wrap(text.marked(clause.id, clause.text), "     ")
    return lines + render.fallback_note(text)


def card(words: List[str] = Argument(..., metavar="NAME…", autocompletion=completion.card_names),
         lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    text = RuleText(choose_language(lang))
    corpus = load_corpus()
    localized = localizer()
    query = " ".join(words)
    chosen, candidates, suggestions = lookup(corpus.cards.values(), query, localized)
    data = shapes.card_json(corpus, chosen.card, text, localized) if chosen is not None else None
    if as_json:
        render.emit_json(shapes.lookup_json(query, text.language, data, candidates, suggestions))
        return 0 if data or candidates else 1
    if data is not None:
        render.emit(card_text(corpus, chosen.card, data, text))
        return 0
    if candidates:
        render.emit([_("Several cards match {query}:").format(query=render.quoted(query))]
                    + [f"  {m.name} ({m.lang}) — {word_of('card-type', m.card.type)}" for m in candidates])
        return 0
    lines = [_("No card matches {query}.").format(query=render.quoted(query))]
    if suggestions:
        lines.append(_("Did you mean: {names}?").format(names=", ".join(suggestions)))
    render.emit(lines)
    return 1


def cards(card_type: Optional[str] = Option(None, "--type", metavar="TYPE", autocompletion=completion.card_types,
                                           help=_("Only this type: {types}.").format(types=", ".join(CARD_TYPES))),
          game: Optional[str] = options.game(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> int:
    text = RuleText(choose_language(lang))
    card_type = options.one_of(card_type, CARD_TYPES, "--type")
    game = options.one_of(game, schema.GAMES, "--game")
    corpus = load_corpus()
    localized = localizer()
    chosen = listed(corpus.cards.values(), card_type, game)
    if as_json:
        render.emit_json(shapes.cards_json(corpus, chosen, text, localized))
        return 0 if chosen else 1
    lines, current = [], None
    shown = {c.id: name_in(c, text.language, localized) for c in chosen}
    # in the reader's alphabet: by the names shown, within each type
    for c in sorted(chosen, key=lambda c: (CARD_TYPES.index(c.type), shown[c.id].casefold())):
        if c.type != current:
            current = c.type
            lines += ["" if lines else None, f"{word_of('card-type', c.type)}:"]
        lines.append(f"  {shown[c.id]}")
    lines.append(ngettext("{count} card", "{count} cards", len(chosen)).format(count=len(chosen)))
    render.emit([line for line in lines if line is not None])
    return 0 if chosen else 1


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +68.3 ms at start-up if imported with the module

    app.command("card", cls=Command, help=_("Show a card found by its name in any language (typos forgiven), "
                                            "with every clause that rules on it."))(card)
    app.command("cards", cls=Command, help=_("List the cards the sources rule on, by type."))(cards)


#: inside Bad Stuff and a loss on an escape, the labels of what is lost
LOST = {"levels": "levels_lost", "classes": "classes_lost", "otherwise_levels": "otherwise_levels_lost"}


def _basis(corpus, basis: str) -> str:
    """What a card's numbers rest on, for a person: a source text by its name ("Hungarian FAQ and
    errata"), not its file; else the basis in words ("the published card")."""
    seed = corpus.seeds.get(basis)
    return source_name(basis, seed.lang) if seed is not None else word_of("basis", basis)


def _shown_facts(facts: dict) -> dict:
    """A card's numbers and effects as a player reads them: the rulings they come from are listed
    below them, so the clause ids the record names for the engine are left out here."""
    shown = {}
    for key, value in facts.items():
        if key in ("basis", "rulings"):
            continue
        if isinstance(value, dict) and key in ("bad_stuff", "escape_loss"):
            value = {LOST.get(k, k): v for k, v in value.items()}   # what is lost, not what is won
        if isinstance(value, dict) and any(k.endswith("clause") for k in value):
            value = {k: v for k, v in value.items() if not k.endswith("clause")} or True
        shown[key] = value
    return shown
