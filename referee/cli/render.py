"""Turning library results into text or JSON: the only module of the CLI that prints.

Rule texts come from the ``rules`` catalog (:class:`RuleText`), everything else from the
``referee`` catalog through ``_``. JSON keeps ids and enum values untranslated.
"""

from __future__ import annotations

import os
import sys
import textwrap

from typing import TYPE_CHECKING

from referee.errors import quote
from referee.i18n.catalogs import RuleText, _

if TYPE_CHECKING:  # the corpus package is imported by the commands that need it
    from referee.corpus import Clause, Corpus


#: ``--quiet``: no progress and no warnings on stderr (errors are still shown)
QUIET = False


def emit_json(data) -> None:
    """JSON on stdout, always UTF-8 whatever the console's encoding (a cp1252 console included)."""
    import json

    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:  # a stream without bytes underneath (a test's, the session's): it takes text
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def emit(lines: list[str]) -> None:
    """Text on stdout; a character the console cannot show becomes a replacement mark, never an
    error (see :func:`referee.cli.main`)."""
    sys.stdout.write("\n".join(lines) + "\n")


def quoted(value) -> str:
    """A value the user typed, quoted as written and cut to a sane length."""
    return quote(value)


def warn(message) -> None:
    """One line on stderr about something the user should know (unless ``--quiet``)."""
    if not QUIET:
        text = message.render(_) if hasattr(message, "render") else str(message)
        label = _("warning")
        print(f"referee: {label}: {text}", file=sys.stderr)


def progress(label: str):
    """A callback showing how a long task goes, on stderr when it is a terminal — after the
    first half second, so that a quick one shows nothing — or ``None``."""
    if QUIET or not getattr(sys.stderr, "isatty", lambda: False)():
        return None
    import time

    start = time.monotonic()
    shown = []

    def report(what: str, share: float) -> None:
        if share >= 1.0:
            if shown:
                sys.stderr.write("\r\033[K")
                sys.stderr.flush()
            return
        if time.monotonic() - start < 0.5:
            return
        shown.append(True)
        sys.stderr.write(f"\rreferee: {label}… {share:4.0%}")
        sys.stderr.flush()

    return report


def _width() -> int:
    """The terminal's width (``COLUMNS`` first, as shutil reads it, without importing shutil)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 100


def wrap(text: str, indent: str = "") -> list[str]:
    width = max(40, min(100, _width()) - 1)
    return textwrap.wrap(" ".join(str(text).split()), width=width, initial_indent=indent,
                         subsequent_indent=indent) or [indent]


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
    }
    if clause.conflict is not None:
        data["conflict"] = {"followed": clause.conflict.followed, "why": text(clause.id, clause.conflict.why)}
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


def clause_text(corpus: Corpus, clause: Clause, text: RuleText) -> list[str]:
    lines = [f"{clause.id} — {text(clause.id, clause.title)}",
             f"{clause.kind} · {clause.game} · {', '.join(clause.topics)}", ""]
    lines += wrap(text(clause.id, clause.text))
    if clause.conflict is not None:
        verdict = (_("This reading is the one the engine follows.") if clause.conflict.followed
                   else _("This reading is not the one the engine follows."))
        lines += ["", _("Disagreement between sources:") + " " + verdict]
        lines += wrap(text(clause.id, clause.conflict.why), "  ")
    if clause.note:
        lines += [""] + wrap(_("Note:") + " " + text(clause.id, clause.note))
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
            title = text(other, target.title) if target else "?"
            lines.append(f"  {relation_label(relation, direction)}: {other} — {title}")
    return lines


def _source_of(corpus: Corpus, clause_id: str) -> str | None:
    clause = corpus.clauses.get(clause_id)
    return clause.sources[0].seed if clause and clause.sources else None


def _field(corpus: Corpus, clause_id: str, text: RuleText, name: str) -> str:
    clause = corpus.clauses.get(clause_id)
    if clause is None:
        return clause_id if name == "title" else ""
    return text(clause_id, getattr(clause, name))


def verdict_json(corpus: Corpus, verdict, text: RuleText) -> dict:
    """A verdict in the contract's ``judge --json`` shape."""
    return {
        "question": verdict.question, "game": verdict.game, "lang": text.language, "verdict": verdict.verdict,
        "details": verdict.details,
        "reasons": [{"clause": r.clause, "title": _field(corpus, r.clause, text, "title"),
                     "text": _field(corpus, r.clause, text, "text"), "note": r.note.render(_)}
                    for r in verdict.reasons],
        "dissent": [{"clause": d.clause, "source": _source_of(corpus, d.clause),
                     "title": _field(corpus, d.clause, text, "title"),
                     "text": _field(corpus, d.clause, text, "text"), "note": d.note.render(_)}
                    for d in verdict.dissent],
    }


def verdict_word(word: str) -> str:
    words = {"win": _("win"), "lose": _("lose"), "allowed": _("allowed"), "forbidden": _("forbidden"),
             "legal": _("legal"), "illegal": _("illegal"), "ok": _("ok"), "players": _("players"),
             "monsters": _("monsters"), "up": _("up"), "down": _("down")}
    return words.get(word, word)


def _figure(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_figure(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        return "; ".join(_figure(v) for v in value) or "—"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str):
        return verdict_word(value)
    return str(value)


def figure_label(key: str) -> str:
    labels = {
        "players_strength": _("players' strength"), "monsters_strength": _("monsters' strength"),
        "winner": _("winner"), "levels": _("levels gained"), "treasures": _("treasures"),
        "treasures_face": _("treasures drawn face"), "must_run": _("must run away"), "monsters": _("monsters"),
        "wins": _("wins the game"), "rolls": _("escape rolls"), "gold": _("gold"),
        "levels_gained": _("levels gained"), "new_level": _("new level"), "old_level": _("old level"),
        "wasted_gold": _("gold lost"), "allowed": _("allowed"), "action": _("action"), "player": _("player"),
        "condition": _("condition"), "legal": _("legal"), "active": _("in use"), "inactive": _("not counting"),
        "bonus": _("bonus"), "problems": _("problems"), "excess": _("excess cards"), "give": _("give"),
        "discard": _("discard"), "keeps": _("keeps"), "loses": _("loses"), "loot_order": _("loot order"),
        "loot_ties": _("ties to roll off"), "new_cards": _("new cards"), "roll": _("roll"), "effect": _("effect"),
        "cost": _("levels spent"), "can_roll_again": _("may roll again"),
    }
    return labels.get(key, key.replace("_", " "))


def verdict_text(corpus: Corpus, verdict, text: RuleText) -> list[str]:
    lines = [_("Verdict: {verdict}").format(verdict=verdict_word(verdict.verdict).upper())
             + f"  ({verdict.question}, {verdict.game})", "", _("Figures")]
    for key, value in verdict.details.items():
        lines += wrap(f"{figure_label(key)}: {_figure(value)}", "  ")
    lines += ["", _("Reasons")]
    for number, reason in enumerate(verdict.reasons, 1):
        lines.append(f"  {number}. [{reason.clause}] {_field(corpus, reason.clause, text, 'title')}")
        lines += wrap(reason.note.render(_), "     ")
    if verdict.dissent:
        lines += ["", _("Other sources would rule otherwise")]
        for d in verdict.dissent:
            lines.append(f"  [{d.clause}] ({_source_of(corpus, d.clause)}) {_field(corpus, d.clause, text, 'title')}")
            lines += wrap(d.note.render(_), "     ")
    return lines
