"""Commands over the corpus: ``rule``, ``list``, ``conflicts``, ``check``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from referee.cli import app, options, render
from referee.corpus import schema
from referee.errors import BadInput


def _corpus(rules: Optional[Path] = None):
    from referee.corpus import load_corpus

    return load_corpus(rules)


def _lang(option: Optional[str]) -> str:
    from referee.i18n import choose_language

    return choose_language(option)


def _one_of(value: Optional[str], allowed, option: str) -> None:
    if value is not None and value not in allowed:
        raise BadInput(f"{option}: unknown value {value!r}; expected one of: {', '.join(allowed)}")


@app.command()
def rule(clause_id: str = typer.Argument(..., metavar="ID", help="A clause id, like combat.ties."),
         lang: Optional[str] = options.Lang, as_json: bool = options.Json) -> None:
    """Show one clause: its text, its sources with the original wording, related clauses."""
    language = _lang(lang)
    corpus = _corpus()
    clause = corpus[clause_id]
    if as_json:
        render.emit_json(render.clause_json(corpus, clause, language))
    else:
        render.emit(render.clause_text(corpus, clause))


@app.command("list")
def list_(topic: Optional[str] = options.Topic, game: Optional[str] = options.Game,
          kind: Optional[str] = options.Kind, lang: Optional[str] = options.Lang,
          as_json: bool = options.Json) -> None:
    """List clauses grouped by topic, like a table of contents."""
    language = _lang(lang)
    _one_of(game, schema.GAMES, "--game")
    _one_of(kind, schema.KINDS, "--kind")
    corpus = _corpus()
    _one_of(topic, (*corpus.topics, *corpus.tags), "--topic")
    chosen = [c for c in corpus
              if (game is None or c.game == game) and (kind is None or c.kind == kind)
              and (topic is None or topic == c.topic or topic in c.topics)]
    groups: dict[str, list] = {}
    for clause in chosen:
        groups.setdefault(clause.topic, []).append(clause)
    if as_json:
        render.emit_json({"lang": language, "total": len(chosen), "topics": [
            {"topic": t, "title": corpus.topics.get(t, t),
             "clauses": [{"id": c.id, "title": c.title, "kind": c.kind, "game": c.game} for c in cs]}
            for t, cs in groups.items()]})
        return
    if not chosen:
        raise typer.Exit(1)
    lines = []
    for number, (topic_name, clauses) in enumerate(groups.items(), 1):
        lines.append(f"{number}. {corpus.topics.get(topic_name, topic_name)} ({topic_name}, {len(clauses)})")
        width = max(len(c.id) for c in clauses)
        lines += [f"   {c.id:<{width}}  {c.title}" for c in clauses]
        lines.append("")
    lines.append(f"{len(chosen)} clauses")
    render.emit(lines)


@app.command()
def conflicts(game: Optional[str] = options.Game, lang: Optional[str] = options.Lang,
              as_json: bool = options.Json) -> None:
    """Every recorded disagreement between sources, and the reading the engine follows."""
    language = _lang(lang)
    _one_of(game, schema.GAMES, "--game")
    corpus = _corpus()
    groups = [g for g in corpus.conflict_groups() if game is None or any(c.game == game for c in g)]
    if as_json:
        render.emit_json({"lang": language, "total": len(groups), "conflicts": [
            {"followed": {c.game: c.id for c in group if c.conflict and c.conflict.followed},
             "readings": [{"id": c.id, "title": c.title, "text": c.text, "game": c.game,
                           "followed": bool(c.conflict and c.conflict.followed),
                           "why": c.conflict.why if c.conflict else None,
                           "sources": [{"seed": s.seed, "lang": s.lang, "quote": s.quote} for s in c.sources]}
                          for c in group]}
            for group in groups]})
        return
    lines = []
    for number, group in enumerate(groups, 1):
        followed = [c for c in group if c.conflict and c.conflict.followed]
        lines.append(f"{number}. {followed[0].title if followed else group[0].title}")
        for clause in sorted(group, key=lambda c: not (c.conflict and c.conflict.followed)):
            mark = "followed" if clause.conflict and clause.conflict.followed else "not followed"
            seeds = ", ".join(sorted({f"{s.seed} ({s.lang})" for s in clause.sources})) or "published card"
            lines.append(f"   [{mark}] {clause.id} ({clause.game}) — {seeds}")
            lines += render.wrap(clause.text, "      ")
            if clause.conflict and clause.conflict.followed:
                lines += render.wrap(f"Why: {clause.conflict.why}", "      ")
        lines.append("")
    lines.append(f"{len(groups)} disagreements")
    render.emit(lines)


@app.command()
def check(coverage: bool = typer.Option(False, "--coverage",
                                        help="Also report how much of each source the clauses quote."),
          rules: Optional[Path] = typer.Option(None, "--rules", metavar="DIR",
                                               help="Check this corpus directory instead of the shipped one."),
          as_json: bool = options.Json) -> None:
    """Validate the corpus: schema, ids, references, quotes, disagreements. Exit 0 only when clean."""
    from referee.corpus.checks import check_corpus
    from referee.corpus.corpus import read_corpus

    corpus, problems = read_corpus(rules)
    problems += check_corpus(corpus)
    report = None
    if coverage:
        from referee.corpus.coverage import coverage as measure

        report = measure(corpus)
    if as_json:
        data = {"ok": not problems, "clauses": len(corpus), "problems": [
            {"file": p.file, "line": p.line, "field": p.field, "message": p.message} for p in problems]}
        if report is not None:
            data["coverage"] = [r.as_dict() for r in report]
        render.emit_json(data)
    else:
        lines = [str(p) for p in problems]
        lines.append(f"corpus: {len(corpus)} clauses in {len(corpus.topics)} topics, "
                     f"{len(problems)} problem{'s' if len(problems) != 1 else ''}")
        if report is not None:
            lines += ["", "coverage (quoted rule sentences per source):"]
            for r in report:
                lines.append(f"  {r.seed} ({r.lang}): {r.covered}/{r.rule_sentences} = {r.share:.1%}"
                             f"  ({r.residue} residue sentences left out)")
            for r in report:
                if r.uncovered:
                    lines += ["", f"not quoted by any clause in {r.seed}:"]
                    lines += [f"  - {s}" for s in r.uncovered]
        render.emit(lines)
    if problems:
        raise typer.Exit(2)
