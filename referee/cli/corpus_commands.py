"""Commands over the corpus: ``rule``, ``list``, ``conflicts``, ``check``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from referee import shapes
from referee.cli import completion, options, render
from referee.cli.params import Argument, Option
from referee.corpus import load_corpus, schema
from referee.errors import NotFound, quote
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _, ngettext
from referee.i18n.words import source_name, word as word_of


def _corpus():
    return load_corpus()


def _text(lang: Optional[str]) -> RuleText:
    return RuleText(choose_language(lang))


def rule(clause_id: str = Argument(..., metavar="ID", autocompletion=completion.clause_ids),
         lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    text = _text(lang)
    corpus = _corpus()
    if clause_id not in corpus:
        raise NotFound("no clause with id {id}", id=quote(clause_id))
    clause = corpus[clause_id]
    if as_json:
        render.emit_json(shapes.clause_json(corpus, clause, text))
    else:
        render.emit(render.clause_text(corpus, clause, text))
    return 0


def list_(topic: Optional[str] = options.topic(), game: Optional[str] = options.game(),
          kind: Optional[str] = options.kind(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> int:
    text = _text(lang)
    game = options.one_of(game, schema.GAMES, "--game")
    kind = options.one_of(kind, schema.KINDS, "--kind")
    corpus = _corpus()
    topic = options.one_of(topic, (*corpus.topics, *corpus.tags), "--topic")
    chosen = [c for c in corpus
              if (game is None or c.game == game) and (kind is None or c.kind == kind)
              and (topic is None or topic == c.topic or topic in c.topics)]
    groups: dict[str, list] = {}
    for clause in chosen:
        groups.setdefault(clause.topic, []).append(clause)
    if as_json:
        render.emit_json({"lang": text.language, "total": len(chosen), "topics": [
            {"topic": t, "title": text.topic(t, corpus.topics.get(t, t)),
             "clauses": [{"id": c.id, "title": text(c.id, c.title), "kind": c.kind, "game": c.game} for c in cs]}
            for t, cs in groups.items()]})
        return 0 if chosen else 1
    if not chosen:
        render.emit([_("No clause matches these filters.")])
        return 1
    lines = []
    for number, (topic_name, clauses) in enumerate(groups.items(), 1):
        title = text.topic(topic_name, corpus.topics.get(topic_name, topic_name))
        count = ngettext("{count} clause", "{count} clauses", len(clauses)).format(count=len(clauses))
        lines.append(f"{number}. {title} ({count}; --topic {topic_name})")
        width = max(len(c.id) for c in clauses)
        lines += [f"   {c.id:<{width}}  {text(c.id, c.title)}" for c in clauses]
        lines.append("")
    lines.append(ngettext("{count} clause", "{count} clauses", len(chosen)).format(count=len(chosen)))
    render.emit(lines)
    return 0


def conflicts(game: Optional[str] = options.game(), lang: Optional[str] = options.lang(),
              as_json: bool = options.json_flag()) -> int:
    text = _text(lang)
    game = options.one_of(game, schema.GAMES, "--game")
    corpus = _corpus()
    groups = [g for g in corpus.conflict_groups() if game is None or any(c.game == game for c in g)]

    def followed(clause) -> bool:
        return bool(clause.conflict and clause.conflict.followed)

    if as_json:
        render.emit_json({"lang": text.language, "total": len(groups), "conflicts": [
            {"followed": {c.game: c.id for c in group if followed(c)},
             "readings": [{"id": c.id, "title": text(c.id, c.title), "text": text(c.id, c.text), "game": c.game,
                           "followed": followed(c), "why": text(c.id, c.conflict.why) if c.conflict else None,
                           "sources": [{"seed": s.seed, "lang": s.lang, "quote": s.quote} for s in c.sources]}
                          for c in group]}
            for group in groups]})
        return 0  # no disagreement is an answer too
    lines = []
    for number, group in enumerate(groups, 1):
        first = next((c for c in group if followed(c)), group[0])
        lines.append(f"{number}. {text(first.id, first.title)}")
        for clause in sorted(group, key=lambda c: not followed(c)):
            mark = _("followed") if followed(clause) else _("not followed")
            # the sources named for people ("Hungarian FAQ and errata"); --json keeps their files
            seeds = ", ".join(sorted({source_name(s.seed, s.lang) for s in clause.sources})) or _("published card")
            lines.append(f"   [{mark}] {clause.id} ({word_of('game', clause.game)}) — {seeds}")
            lines += render.wrap(text(clause.id, clause.text), "      ")
            if followed(clause):
                lines += render.wrap(_("Why:") + " " + text(clause.id, clause.conflict.why), "      ")
        lines.append("")
    lines.append(ngettext("{count} disagreement", "{count} disagreements", len(groups)).format(count=len(groups)))
    render.emit(lines)
    return 0


def check(coverage: bool = Option(False, "--coverage", help=_("Also report how much of each source the clauses quote.")),
          rules: Optional[Path] = Option(None, "--rules", metavar="DIR",
                                         help=_("Check this corpus directory instead of the shipped one.")),
          catalogs: bool = Option(True, "--catalogs/--no-catalogs", help=_("Also check the translation catalogs.")),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    _text(lang)  # validates --lang; messages already speak it
    from referee.corpus.checks import check_corpus_kept  # lazy: +10.2 ms at start-up if imported with the module
    from referee.corpus.corpus import read_corpus  # lazy: +1.9 ms at start-up if imported with the module

    corpus, problems = read_corpus(rules)
    problems += check_corpus_kept(corpus)
    if catalogs and rules is None:
        from referee.i18n.checks import check_catalogs  # lazy: +27.4 ms at start-up if imported with the module

        problems += check_catalogs(corpus)
    from referee.corpus.rulings import classify  # lazy: +10.2 ms at start-up if imported with the module

    rulings = classify(corpus)
    report = None
    if coverage:
        from referee.corpus.coverage import coverage as measure  # lazy: +26.6 ms at start-up if imported with the module

        report = measure(corpus)
    if as_json:
        data = {"ok": not problems, "clauses": len(corpus), "problems": [
            # a catalog's problem is a Message (translated when shown): JSON gives its English text
            {"file": p.file, "line": p.line, "field": p.field,
             "message": p.message.render() if hasattr(p.message, "render") else p.message} for p in problems],
            "rulings": rulings.as_dict()}
        if report is not None:
            data["coverage"] = [r.as_dict() for r in report]
        render.emit_json(data)
    else:
        lines = [str(p) for p in problems]
        lines.append(_("corpus: {clauses} in {topics}, {problems}").format(
            clauses=ngettext("{count} clause", "{count} clauses", len(corpus)).format(count=len(corpus)),
            topics=ngettext("{count} topic", "{count} topics", len(corpus.topics)).format(count=len(corpus.topics)),
            problems=ngettext("{count} problem", "{count} problems", len(problems)).format(count=len(problems))))
        lines.append(_("card rulings: {total}; applied by the engine: {applied}; explained as not adjudicable: "
                       "{explained}; neither: {neither}").format(**{**rulings.as_dict(),
                                                                     "neither": len(rulings.neither)}))
        if report is not None:
            lines += ["", _("coverage (quoted rule sentences per source):")]
            for r in report:
                lines.append("  " + _("{seed} ({lang}): {covered}/{total} = {share:.1%} ({residue} residue sentences "
                                      "left out)").format(seed=r.seed, lang=r.lang, covered=r.covered,
                                                          total=r.rule_sentences, share=r.share, residue=r.residue))
            for r in report:
                if r.uncovered:
                    lines += ["", _("not quoted by any clause in {seed}:").format(seed=r.seed)]
                    lines += [f"  - {s}" for s in r.uncovered]
        render.emit(lines)
    return 2 if problems else 0


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +76.4 ms at start-up if imported with the module

    app.command("rule", cls=Command, help=_(
        "Show one clause: its text, its sources with the original wording, related clauses."))(rule)
    app.command("list", cls=Command, help=_("List clauses grouped by topic, like a table of contents."))(list_)
    app.command("conflicts", cls=Command, help=_(
        "Every recorded disagreement between sources, and the reading the engine follows."))(conflicts)
    app.command("check", cls=Command, help=_(
        "Validate the corpus and the catalogs: schema, ids, references, quotes, disagreements, translations. "
        "Exit 0 only when clean."))(check)
