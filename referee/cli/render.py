"""Turning library results into text or JSON: the only module of the CLI that prints.

Rule texts come from the ``rules`` catalog (:class:`RuleText`), everything else from the
``referee`` catalog through ``_``. JSON keeps ids and enum values untranslated and says, in
``langs``, which language each text is in; text output shows codes as words of the reader's
language (:mod:`referee.cli.words`), numbers and lists as that language writes them, and marks
a text shown in English because its language has no translation yet.
"""

from __future__ import annotations

import json
import shutil
import sys
import textwrap

from typing import TYPE_CHECKING

from referee.cli import words
from referee.i18n.catalogs import FALLBACK_MARK, RuleText, _, current_language, ngettext

if TYPE_CHECKING:  # the corpus package is imported by the commands that need it
    from referee.corpus import Clause, Corpus


def emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def emit(lines: list[str]) -> None:
    sys.stdout.write("\n".join(lines) + "\n")


def wrap(text: str, indent: str = "") -> list[str]:
    width = max(40, min(100, shutil.get_terminal_size((100, 20)).columns) - 1)
    # never at a hyphen: a clause id ("helping.elf-helper-level") or a card name stays whole
    return textwrap.wrap(" ".join(str(text).split()), width=width, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False) or [indent]


class Speaker:
    """What a note or a figure is rendered with: the CLI catalog with its plural forms, and the
    values — numbers, lists, codes, card names — written the way ``language`` writes them."""

    def __init__(self, corpus: Corpus | None, language: str):
        self.language = language
        self._races = words.card_words(corpus, language) if corpus is not None else None
        self._cards = card_names(corpus, language) if corpus is not None else {}

    def __call__(self, message: str) -> str:
        return _(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return ngettext(singular, plural, count)

    def has(self, message) -> bool:
        """Is this note's template translated (the text is then in this language, not English)?"""
        return _.has(message.template)

    def word(self, vocabulary: str, code) -> str:
        return words.word(vocabulary, str(code), self._races)

    def card(self, name: str) -> str:
        """An English card name as this language's card catalog gives it (other names unchanged)."""
        return self._cards.get(name, name)

    def format_value(self, value, name: str | None = None):
        from referee.i18n.formatting import format_list, format_number
        from referee.message import Alternatives, Phrase

        if isinstance(value, Phrase):
            return value.message.render(self)
        vocabulary = words.VALUE_OF_PLACEHOLDER.get(name or "")
        if isinstance(value, (list, tuple)):
            shown = [self.format_value(v, name) for v in value]
            return format_list(shown, self.language, "or" if isinstance(value, Alternatives) else "standard")
        if isinstance(value, bool):
            return _("yes") if value else _("no")
        if isinstance(value, (int, float)):
            return format_number(value, self.language)
        if isinstance(value, str):
            if vocabulary:
                return self.word(vocabulary, value)
            if name in words.CARD_PLACEHOLDERS:
                return self.card(value)
        return value

    def note(self, message) -> str:
        """A note for a person: in this language, or in English marked :data:`FALLBACK_MARK`."""
        text = message.render(self)
        return text if self.language == "en" or self.has(message) else f"{FALLBACK_MARK} {text}"


def card_names(corpus: Corpus, language: str) -> dict[str, str]:
    """English card name -> the card's name in ``language`` (what ``referee card`` shows)."""
    from referee.cards import card_names as names_of
    from referee.i18n.cardnames import localizer

    localized = localizer()
    return {card.name: names_of(card, localized).get(language, card.name) for card in corpus.cards.values()}


def _langs(text: RuleText, clause: Clause, *fields: str) -> dict:
    return {name: text.language_of(clause.id, getattr(clause, name)) for name in fields if getattr(clause, name)}


def related_json(corpus: Corpus, clause: Clause, text: RuleText) -> list[dict]:
    out = []
    for other, relation, direction in corpus.related(clause.id):
        target = corpus.clauses.get(other)
        out.append({"id": other, "relation": relation, "direction": direction,
                    "title": text(other, target.title) if target else None})
    return out


def clause_json(corpus: Corpus, clause: Clause, text: RuleText) -> dict:
    """A clause in the contract's ``rule --json`` shape (plus a few extra fields)."""
    data = {
        "id": clause.id, "lang": text.language, "title": text(clause.id, clause.title),
        "text": text(clause.id, clause.text), "text_en": clause.text, "title_en": clause.title,
        "kind": clause.kind, "game": clause.game, "topics": list(clause.topics),
        "sources": [{"seed": s.seed, "lang": s.lang, "quote": s.quote} for s in clause.sources],
        "related": related_json(corpus, clause, text), "cards": list(clause.cards),
        "langs": _langs(text, clause, "title", "text", "note"),
    }
    if clause.conflict is not None:
        data["conflict"] = {"followed": clause.conflict.followed, "why": text(clause.id, clause.conflict.why)}
        data["langs"]["why"] = text.language_of(clause.id, clause.conflict.why)
    if clause.note:
        data["note"] = text(clause.id, clause.note)
    if clause.basis:
        data["basis"] = clause.basis
    return data


def relation_label(relation: str, direction: str) -> str:
    """How a relation reads from the clause being shown."""
    outgoing = {"errata-of": _("corrects"), "clarifies": _("clarifies"), "overrides": _("overrides"),
                "see-also": _("see also"), "conflicts-with": _("conflicts with")}
    incoming = {"errata-of": _("corrected by"), "clarifies": _("clarified by"), "overrides": _("overridden by"),
                "see-also": _("see also"), "conflicts-with": _("conflicts with")}
    return (outgoing if direction == "out" else incoming).get(relation, relation)


def topic_words(corpus: Corpus, text: RuleText, topics) -> str:
    """A clause's topics and tags as the reader's language names them."""
    from referee.i18n.formatting import format_list

    return format_list([text.topic(t, corpus.topics[t]) if t in corpus.topics else text.tag(t) for t in topics],
                       text.language)


def clause_header(corpus: Corpus, clause: Clause, text: RuleText) -> str:
    """"rule · Munchkin · combat, ties" in the reader's words."""
    return " · ".join([words.word("kind", clause.kind), words.word("game", clause.game),
                       topic_words(corpus, text, clause.topics)])


def clause_text(corpus: Corpus, clause: Clause, text: RuleText) -> list[str]:
    lines = [f"{clause.id} — {text.marked(clause.id, clause.title)}", clause_header(corpus, clause, text), ""]
    lines += wrap(text.marked(clause.id, clause.text))
    if clause.conflict is not None:
        verdict = (_("This reading is the one the engine follows.") if clause.conflict.followed
                   else _("This reading is not the one the engine follows."))
        lines += ["", _("Disagreement between sources:") + " " + verdict]
        lines += wrap(text.marked(clause.id, clause.conflict.why), "  ")
    if clause.note:
        lines += [""] + wrap(_("Note:") + " " + text.marked(clause.id, clause.note))
    if clause.sources or clause.basis:
        lines += ["", _("Sources")]
        for source in clause.sources:
            lines += [f"  {source.seed} ({source.lang})"] + wrap(f"“{source.quote.strip()}”", "    ")
        if clause.basis == "published-card":
            lines += ["  " + _("the published card text")]
    related = corpus.related(clause.id)
    if related:
        lines += ["", _("Related")]
        for other, relation, direction in related:
            target = corpus.clauses.get(other)
            title = text.marked(other, target.title) if target else "?"
            lines.append(f"  {relation_label(relation, direction)}: {other} — {title}")
    return lines + fallback_note(text)


def fallback_note(text: RuleText) -> list[str]:
    """A line saying what [en] means, for a language whose catalogs are still in progress."""
    from referee.i18n.languages import language

    if text.language == "en" or language(text.language).complete:
        return []
    return ["", _("({lang} is in progress: texts marked {mark} are not translated yet and are shown in English.)")
            .format(lang=text.language, mark=FALLBACK_MARK)]


def _source_of(corpus: Corpus, clause_id: str) -> str | None:
    clause = corpus.clauses.get(clause_id)
    return clause.sources[0].seed if clause and clause.sources else None


def _field(corpus: Corpus, clause_id: str, text: RuleText, name: str, marked: bool = False) -> str:
    clause = corpus.clauses.get(clause_id)
    if clause is None:
        return clause_id if name == "title" else ""
    return (text.marked if marked else text)(clause_id, getattr(clause, name))


def _field_lang(corpus: Corpus, clause_id: str, text: RuleText, name: str) -> str:
    clause = corpus.clauses.get(clause_id)
    return text.language_of(clause_id, getattr(clause, name)) if clause is not None else "en"


def _trace_json(corpus: Corpus, entry, text: RuleText, speaker: Speaker) -> dict:
    return {"clause": entry.clause, "title": _field(corpus, entry.clause, text, "title"),
            "text": _field(corpus, entry.clause, text, "text"), "note": entry.note.render(speaker),
            "langs": {"title": _field_lang(corpus, entry.clause, text, "title"),
                      "text": _field_lang(corpus, entry.clause, text, "text"),
                      "note": text.language if speaker.language == "en" or speaker.has(entry.note) else "en"}}


def verdict_json(corpus: Corpus, verdict, text: RuleText) -> dict:
    """A verdict in the contract's ``judge --json`` shape (figures keep their codes)."""
    speaker = Speaker(corpus, text.language)
    return {
        "question": verdict.question, "game": verdict.game, "lang": text.language, "verdict": verdict.verdict,
        "details": verdict.details,
        "reasons": [_trace_json(corpus, r, text, speaker) for r in verdict.reasons],
        "dissent": [{**_trace_json(corpus, d, text, speaker), "source": _source_of(corpus, d.clause)}
                    for d in verdict.dissent],
    }


def verdict_word(word: str) -> str:
    return words.word("verdict", word)


def figure(speaker: Speaker, key: str, value) -> str:
    """One figure of a verdict in words: labels for its fields, words for its codes, names kept."""
    from referee.message import Phrase

    if isinstance(value, Phrase):
        return value.message.render(speaker)
    if isinstance(value, dict):
        return ", ".join(f"{_key_word(speaker, k)}: {figure(speaker, k, v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        shown = [figure(speaker, key, v) for v in value]
        # names, words: a list as the language writes one ("Anna, Carl und Dora"); phrases that
        # hold commas or colons of their own stay apart
        if all(isinstance(v, str) for v in value) and not any(ch in v for v in shown for ch in ",:;"):
            from referee.i18n.formatting import format_list

            return format_list(shown, speaker.language) or "—"
        return "; ".join(shown) or "—"
    if value is None:
        return "—"
    if isinstance(value, str):
        vocabulary = words.VALUE_OF_FIELD.get(key)
        if vocabulary:
            return speaker.word(vocabulary, value)
        if key == "effect":
            return _(value)  # the die's effects are messages of the catalog (engine/table.py)
        return speaker.card(value)
    return str(speaker.format_value(value))


def _key_word(speaker: Speaker, key: str) -> str:
    """A key inside a figure: a field's label, a code's word (bonus against an elf), or a name."""
    if key in words.FIELD_LABELS:
        return words.label(key)
    found = speaker.word("race|class|sex", key)
    return found if found != key else speaker.card(key)


def figure_label(key: str) -> str:
    return words.label(key)


def verdict_text(corpus: Corpus, verdict, text: RuleText) -> list[str]:
    speaker = Speaker(corpus, text.language)
    what = f"{words.word('question', verdict.question)}, {words.word('game', verdict.game)}"
    lines = [_("Verdict: {verdict}").format(verdict=verdict_word(verdict.verdict).upper()) + f"  ({what})", "",
             _("Figures")]
    for key, value in verdict.details.items():
        lines += wrap(f"{words.label(key)}: {figure(speaker, key, value)}", "  ")
    lines += ["", _("Reasons")]
    for number, reason in enumerate(verdict.reasons, 1):
        lines.append(f"  {number}. [{reason.clause}] {_field(corpus, reason.clause, text, 'title', marked=True)}")
        lines += wrap(speaker.note(reason.note), "     ")
    if verdict.dissent:
        lines += ["", _("Other sources would rule otherwise")]
        for d in verdict.dissent:
            lines.append(f"  [{d.clause}] ({_source_of(corpus, d.clause)}) "
                         f"{_field(corpus, d.clause, text, 'title', marked=True)}")
            lines += wrap(speaker.note(d.note), "     ")
    return lines + fallback_note(text)


def language_name(code: str) -> str:
    """A language's name in the reader's language ("Englisch" for a German reader), from Babel."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code).get_display_name(current_language()) or code
    except (UnknownLocaleError, ValueError):
        return code
