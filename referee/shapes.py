"""The JSON shapes of the contract, built in one place for every face of the referee.

``referee … --json`` prints these and the local server answers with them, so a bot gets the
same body from either. Texts are in the language of ``text`` (a :class:`RuleText`) and of the
CLI catalog in use; ids, kinds, games and other codes stay untranslated.
"""

from __future__ import annotations

from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _, current_language, ngettext
from referee.message import Message

TYPE_CHECKING = False  # typing stays off the judge's start-up (see referee.records)
if TYPE_CHECKING:
    from referee.corpus import Clause, Corpus


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
    """A clause in the contract's ``rule --json`` shape (plus a few extra fields); ``langs`` says
    which language each text is in (English where the language has no translation yet)."""
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


def source_of(corpus: Corpus, clause_id: str) -> str | None:
    clause = corpus.clauses.get(clause_id)
    return clause.sources[0].seed if clause and clause.sources else None


def source_named(corpus: Corpus, clause_id: str) -> str | None:
    """The source a clause comes from, named for a reader in the current language (JSON keeps
    the file: :func:`source_of`)."""
    # lazy: referee.i18n.words 0.3 ms to import, paid only by the calls that need it
    from referee.i18n.words import source_name

    clause = corpus.clauses.get(clause_id)
    return source_name(clause.sources[0].seed, clause.sources[0].lang) if clause and clause.sources else None


def clause_field(corpus: Corpus, clause_id: str, text: RuleText, name: str, marked: bool = False) -> str:
    """A clause's title or text in the language (``marked``: an English fallback says so)."""
    clause = corpus.clauses.get(clause_id)
    if clause is None:
        return clause_id if name == "title" else ""
    return (text.marked if marked else text)(clause_id, getattr(clause, name))


def _field_lang(corpus: Corpus, clause_id: str, text: RuleText, name: str) -> str:
    clause = corpus.clauses.get(clause_id)
    return text.language_of(clause_id, getattr(clause, name)) if clause is not None else "en"


def _trace_json(corpus: Corpus, entry, text: RuleText, speaker) -> dict:
    return {"clause": entry.clause, "title": clause_field(corpus, entry.clause, text, "title"),
            "text": clause_field(corpus, entry.clause, text, "text"), "note": entry.note.render(speaker),
            "langs": {"title": _field_lang(corpus, entry.clause, text, "title"),
                      "text": _field_lang(corpus, entry.clause, text, "text"),
                      "note": text.language if speaker.language == "en" or speaker.has(entry.note) else "en"}}


def verdict_json(corpus: Corpus, verdict, text: RuleText, cards=()) -> dict:
    """A verdict in the contract's ``judge --json`` shape (figures keep their codes), with the
    cards it involves and their rulings."""
    # lazy: referee.i18n.speaker 0.4 ms to import, paid only by the calls that need it
    from referee.i18n.speaker import Speaker

    speaker = Speaker(corpus, text.language)
    return {
        "question": verdict.question, "game": verdict.game, "lang": text.language, "verdict": verdict.verdict,
        "details": verdict.details,
        "reasons": [_trace_json(corpus, r, text, speaker) for r in verdict.reasons],
        "dissent": [{**_trace_json(corpus, d, text, speaker), "source": source_of(corpus, d.clause)}
                    for d in verdict.dissent],
        "cards": [card_note_json(note, text) for note in cards],
    }


def card_note_json(note, text: RuleText) -> dict:
    # lazy: referee.cards 105 ms to import, which `referee rule` does not need
    from referee.cards import localizer, name_in

    card = note.card
    return {"id": card.id, "name": name_in(card, text.language, localizer()), "name_en": card.name, "type": card.type,
            "rulings": [{"id": c.id, "kind": c.kind, "title": text(c.id, c.title)} for c in note.rulings]}


# --- the table in progress ---


def change_summary(change) -> str:
    """A recorded change in the current language (its summary is kept untranslated in the log):
    codes as the language words them, fields by their labels, card names as its catalog has them."""
    # lazy: referee.i18n.formatting 0.7 ms to import, which `referee --help` does not need
    from referee.i18n.formatting import format_list

    summary = change.summary if hasattr(change, "summary") else change
    values = dict(summary["values"])
    if isinstance(values.get("seconds"), str):  # a fight's window, recorded as "2.5": written as the reader writes it
        values["seconds"] = _seconds(values["seconds"], current_language())
    if isinstance(values.get("changes"), list):  # an undo or redo names the changes it took or put back
        values["changes"] = "; ".join(f"#{c['seq']} {change_summary(c['summary'])}" for c in values["changes"])
    if "plural" in summary:
        template = ngettext(summary["template"], summary["plural"], summary["count"])
        return template.format(**values)
    for name in ("phase", "source", "game"):  # codes, in words (in English too: "Munchkin", not "munchkin")
        if isinstance(values.get(name), str):
            values[name] = _code_word(name, values[name])
    speaker = None if current_language() == "en" else _speaker(current_language())
    if speaker is None:
        return Message.of(summary["template"], **values).render(_)
    effect = getattr(change, "effect", None)  # a change taken back by an undo is its summary alone
    fields = effect.get("fields") if isinstance(effect, dict) else None
    if "fields" in values and isinstance(fields, dict) and effect.get("op") == "player":
        values["fields"] = ", ".join(f"{words_label(key)}: {_field_value(key, value, speaker)}"
                                     for key, value in fields.items())
    if isinstance(values.get("monsters"), str):  # names joined when the change was recorded
        values["monsters"] = format_list([speaker.card(n) for n in values["monsters"].split(", ")], speaker.language)
    for name in ("item", "card", "curse", "steed", "hireling"):  # card names, as the language names them
        if isinstance(values.get(name), str):
            values[name] = speaker.card(values[name])
    # numbers stay numbers: a template may format them itself ("{bonus:+d}")
    return Message.of(summary["template"], **values).render(_)


def _seconds(recorded: str, language: str) -> str:
    from referee.i18n.formatting import format_decimal  # lazy: +0.5 ms at start-up if imported with the module

    try:
        return format_decimal(float(recorded), language)
    except ValueError:  # not a number: shown as it was recorded
        return recorded


def _code_word(vocabulary: str, code: str) -> str:
    # lazy: referee.i18n.words 0.3 ms to import, paid only by the calls that need it
    from referee.i18n.words import word

    return word(vocabulary, code)


def words_label(key: str) -> str:
    # lazy: referee.i18n.words 0.3 ms to import, paid only by the calls that need it
    from referee.i18n.words import label

    return label(key)


def _field_value(key: str, value, speaker) -> str:
    """A player's field as the reader's language shows it: words for codes, yes and no."""
    # lazy: referee.i18n.formatting 0.7 ms to import, which `referee --help` does not need
    from referee.i18n.formatting import format_list

    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        vocabulary = {"races": "race|class", "classes": "race|class", "enhancers": "enhancer"}.get(key)
        shown = [speaker.word(vocabulary, v) if vocabulary else speaker.card(str(v)) for v in value]
        return format_list(shown, speaker.language, "standard") if shown else "—"
    if key == "sex" and value:
        return speaker.word("sex", value)
    if isinstance(value, dict):
        return ", ".join(f"{words_label(k)}: {_field_value(k, v, speaker)}" for k, v in value.items())
    return "—" if value is None else str(value)


_SPEAKERS: dict = {}


def _speaker(language: str):
    """One speaker per language a process shows changes in (it holds the corpus's card words)."""
    if language not in _SPEAKERS:
        # lazy: referee.i18n.speaker 0.4 ms, referee.corpus 0.3 ms to import, paid only by the calls that need it
        from referee.corpus import load_corpus
        from referee.i18n.speaker import Speaker

        _SPEAKERS[language] = Speaker(load_corpus(), language)
    return _SPEAKERS[language]


def taken_back_by(change, log) -> int | None:
    """The undo that took ``change`` back and still stands; ``log`` may be the mapping
    :func:`referee.table.state.taken_back_map` made of it (one pass for a whole log)."""
    if isinstance(log, dict):
        return log.get(change.seq)
    for later in log:
        if later.effect.get("op") == "undo" and change.seq in later.effect.get("changes", ()):
            return later.seq
    return None


def change_json(change, log) -> dict:
    return {"seq": change.seq, "at": change.at, "command": change.command, "request": change.request,
            "effect": change.effect, "summary": change_summary(change), "taken_back_by": taken_back_by(change, log)}


def table_json(shown, path, text: RuleText | None = None) -> dict:
    """The table body (CONTRACT.md, "The table" and "The live table")."""
    # lazy: referee.table 125 ms, referee.table.store 63 ms to import, which `referee judge` does not need
    from referee.table import strengths
    from referee.table.store import default_path
    from referee.table.stores import resolved  # a table of a PostgreSQL store: named without its URL

    body = {"table": shown.state, "changes": shown.count, "strength": strengths(shown.state),
            "path": str(resolved(path) or default_path()), "winner": shown.winner,
            # what the last change did, in words: every phone says what was just recorded
            "last_change": None if not shown.changes else {
                "seq": shown.changes[-1].seq, "command": shown.changes[-1].command, "at": shown.changes[-1].at,
                "summary": change_summary(shown.changes[-1])}}
    if shown.fight is not None:
        body["combat"] = combat_json(shown, text)
    return body


def combat_json(shown, text: RuleText | None = None) -> dict:
    """The fight on the table: its combat block, when its window closes, and the verdict as it stands."""
    # lazy: referee.table 125 ms, referee.table.fight 120 ms, … to import, paid only by the calls that need it
    from referee.corpus import load_corpus
    from referee.table import fight_judgement
    from referee.table.fight import iso

    fight = shown.fight
    corpus = load_corpus()
    judged = fight_judgement(shown, corpus)
    if text is None:
        text = RuleText(choose_language(None))
    return {**fight["combat"], "closes_at": iso(fight["closes_at"]) if fight.get("result") is None else None,
            "window": fight["window"], "result": fight.get("result"),
            "judgement": verdict_json(corpus, judged.verdict, text, judged.cards)}


def search_json(corpus: Corpus, result, text: RuleText) -> dict:
    """A search result in the contract's ``search --json`` shape."""
    return {
        "query": result.query, "lang": text.language, "total": result.total, "suggestion": result.suggestion,
        "searched": result.searched,
        "results": [_hit_json(corpus, h.id, h.score, text, h.snippet, h.matched_lang) for h in result.hits]}


def _hit_json(corpus: Corpus, clause_id: str, score: float, text: RuleText, snippet: str, matched_lang: str) -> dict:
    clause = corpus[clause_id]
    return {"id": clause_id, "score": score, "title": text(clause_id, clause.title),
            "text": text(clause_id, clause.text), "text_en": clause.text, "kind": clause.kind, "game": clause.game,
            "snippet": snippet, "matched_lang": matched_lang,
            "langs": {"title": text.language_of(clause_id, clause.title),
                      "text": text.language_of(clause_id, clause.text)}}


def cited_json(corpus: Corpus, verdict, text: RuleText, limit: int) -> list[dict]:
    """The clauses a verdict's reasons cite, as search results (``search --json``'s hits): each
    once, in the order first cited, its ``score`` the number of reasons that cite it. A question
    answered with a verdict shows the rules it rests on, as one answered with clauses does."""
    counts: dict[str, int] = {}
    for reason in verdict.reasons:
        if reason.clause in corpus.clauses:
            counts[reason.clause] = counts.get(reason.clause, 0) + 1
    return [_hit_json(corpus, clause_id, float(count), text, "", text.language)
            for clause_id, count in list(counts.items())[:limit]]


# --- cards ---


def card_json(corpus, card, text: RuleText, localized) -> dict:
    """A card in the contract's ``card --json`` shape (plus a few extra fields)."""
    # lazy: referee.cards 105 ms to import, which `referee rule` does not need
    from referee.cards import card_names

    names = card_names(card, localized)
    data = {"id": card.id, "lang": text.language, "name": names.get(text.language, card.name), "names": names,
            "names_from_source": sorted(card.names), "type": card.type, "game": card.game,
            "rulings": [{"id": c.id, "kind": c.kind, "title": text(c.id, c.title), "text": text(c.id, c.text)}
                        for c in corpus.rulings(card)],
            "aliases": list(card.aliases), "facts": card.facts or {}}
    return data


#: the card fields of ``card --json`` when no single card was found (one shape for every outcome)
_NO_CARD = {"id": None, "name": None, "names": {}, "names_from_source": [], "type": None, "game": None,
            "rulings": [], "aliases": [], "facts": {}}


def lookup_json(query: str, language: str, card: dict | None, candidates, suggestions) -> dict:
    """``card --json`` for every outcome: the card's fields (empty when none was chosen), the
    candidates to choose from (empty when one was), and names close to a query that matched
    nothing. Exit 0 with a card or candidates, 1 with neither."""
    return {"query": query, "lang": language, **(card or _NO_CARD),
            "candidates": [{"id": m.card.id, "name": m.name, "lang": m.lang, "type": m.card.type,
                            "score": m.score} for m in candidates],
            "suggestions": list(suggestions)}


def cards_json(corpus: Corpus, cards, text: RuleText, localized) -> dict:
    """The ``cards --json`` shape: each card by its name in the language, with its number of rulings."""
    # lazy: referee.cards 105 ms to import, which `referee rule` does not need
    from referee.cards import name_in

    return {"lang": text.language, "total": len(cards), "cards": [
        {"id": c.id, "name": name_in(c, text.language, localized), "type": c.type, "game": c.game,
         "rulings": len(corpus.rulings(c))} for c in cards]}
