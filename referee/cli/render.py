"""Turning library results into text or JSON: the only module of the CLI that prints."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap

from referee.corpus import Clause, Corpus


def emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def emit(lines: list[str]) -> None:
    sys.stdout.write("\n".join(lines) + "\n")


def wrap(text: str, indent: str = "") -> list[str]:
    width = max(40, min(100, shutil.get_terminal_size((100, 20)).columns) - 1)
    return textwrap.wrap(" ".join(text.split()), width=width, initial_indent=indent,
                         subsequent_indent=indent) or [indent]


def clause_json(corpus: Corpus, clause: Clause, lang: str) -> dict:
    """A clause in the contract's ``rule --json`` shape (plus a few extra fields)."""
    data = {
        "id": clause.id, "lang": lang, "title": clause.title, "text": clause.text,
        "text_en": clause.text, "kind": clause.kind, "game": clause.game, "topics": list(clause.topics),
        "sources": [{"seed": s.seed, "lang": s.lang, "quote": s.quote} for s in clause.sources],
        "related": [{"id": other, "relation": relation, "direction": direction,
                     "title": corpus[other].title if other in corpus else None}
                    for other, relation, direction in corpus.related(clause.id)],
        "cards": list(clause.cards),
    }
    if clause.conflict is not None:
        data["conflict"] = {"followed": clause.conflict.followed, "why": clause.conflict.why}
    if clause.note:
        data["note"] = clause.note
    if clause.basis:
        data["basis"] = clause.basis
    return data


_INVERSE = {"errata-of": "corrected by", "clarifies": "clarified by", "overrides": "overridden by",
            "see-also": "see also", "conflicts-with": "conflicts with"}


def clause_text(corpus: Corpus, clause: Clause) -> list[str]:
    lines = [f"{clause.id} — {clause.title}",
             f"{clause.kind} · {clause.game} · {', '.join(clause.topics)}", ""]
    lines += wrap(clause.text)
    if clause.conflict is not None:
        verdict = "followed by the engine" if clause.conflict.followed else "not followed by the engine"
        lines += ["", f"Disagreement: this reading is {verdict}."]
        lines += wrap(clause.conflict.why, "  ")
    if clause.note:
        lines += ["", *wrap(f"Note: {clause.note}")]
    if clause.sources or clause.basis:
        lines += ["", "Sources"]
        for source in clause.sources:
            lines += [f"  {source.seed} ({source.lang})"] + wrap(f"“{source.quote.strip()}”", "    ")
        if clause.basis == "published-card":
            lines += ["  the published card text"]
    related = corpus.related(clause.id)
    if related:
        lines += ["", "Related"]
        for other, relation, direction in related:
            label = relation if direction == "out" else _INVERSE.get(relation, relation)
            title = corpus[other].title if other in corpus else "?"
            lines.append(f"  {label}: {other} — {title}")
    return lines


def _source_of(corpus: Corpus, clause_id: str) -> str | None:
    clause = corpus.clauses.get(clause_id)
    return clause.sources[0].seed if clause and clause.sources else None


def verdict_json(corpus: Corpus, verdict, lang: str) -> dict:
    """A verdict in the contract's ``judge --json`` shape."""
    return {
        "question": verdict.question, "game": verdict.game, "lang": lang, "verdict": verdict.verdict,
        "details": verdict.details,
        "reasons": [{"clause": r.clause, "title": _title(corpus, r.clause), "text": _text(corpus, r.clause),
                     "note": r.note.render()} for r in verdict.reasons],
        "dissent": [{"clause": d.clause, "source": _source_of(corpus, d.clause), "text": _text(corpus, d.clause),
                     "note": d.note.render()} for d in verdict.dissent],
    }


def _text(corpus: Corpus, clause_id: str) -> str:
    clause = corpus.clauses.get(clause_id)
    return clause.text if clause else ""


def _title(corpus: Corpus, clause_id: str) -> str:
    clause = corpus.clauses.get(clause_id)
    return clause.title if clause else clause_id


def _figure(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_figure(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        return "; ".join(_figure(v) for v in value) or "—"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def verdict_text(corpus: Corpus, verdict) -> list[str]:
    lines = [f"Verdict: {verdict.verdict.upper()}  ({verdict.question}, {verdict.game})", "", "Figures"]
    for key, value in verdict.details.items():
        lines += wrap(f"{key.replace('_', ' ')}: {_figure(value)}", "  ")
    lines += ["", "Reasons"]
    for number, reason in enumerate(verdict.reasons, 1):
        lines.append(f"  {number}. [{reason.clause}] {_title(corpus, reason.clause)}")
        lines += wrap(reason.note.render(), "     ")
    if verdict.dissent:
        lines += ["", "Other sources would rule otherwise"]
        for d in verdict.dissent:
            lines.append(f"  [{d.clause}] ({_source_of(corpus, d.clause)})")
            lines += wrap(d.note.render(), "     ")
    return lines
