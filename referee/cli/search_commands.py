"""``referee search`` and ``referee index``: keyword search over every clause in every language."""

from __future__ import annotations

from typing import List, Optional

import typer

from referee.cli import options, render
from referee.cli.help import Command
from referee.corpus import schema
from referee.i18n.catalogs import RuleText, _, ngettext


def search(words: List[str] = typer.Argument(..., metavar="QUERY…"),
           limit: int = typer.Option(10, "--limit", min=1, max=100, metavar=_("N"),
                                     help=_("How many results to show.")),
           game: Optional[str] = options.game(), kind: Optional[str] = options.kind(),
           topic: Optional[str] = options.topic(), lang: Optional[str] = options.lang(),
           as_json: bool = options.json_flag()) -> None:
    from referee.cli.corpus_commands import _one_of
    from referee.corpus import load_corpus
    from referee.i18n import choose_language
    from referee.search import search as run

    language = choose_language(lang)
    _one_of(game, schema.GAMES, "--game")
    _one_of(kind, schema.KINDS, "--kind")
    corpus = load_corpus()
    _one_of(topic, (*corpus.topics, *corpus.tags), "--topic")
    result = run(corpus, " ".join(words), language=language, limit=limit, game=game, kind=kind, topic=topic)
    text = RuleText(language)
    if as_json:
        render.emit_json({
            "query": result.query, "lang": language, "total": result.total, "suggestion": result.suggestion,
            "searched": result.searched,
            "results": [{"id": h.id, "score": h.score, "title": text(h.id, corpus[h.id].title),
                         "text": text(h.id, corpus[h.id].text), "text_en": corpus[h.id].text, "kind": h.kind,
                         "game": h.game, "snippet": h.snippet, "matched_lang": h.matched_lang,
                         "langs": {"title": text.language_of(h.id, corpus[h.id].title),
                                   "text": text.language_of(h.id, corpus[h.id].text)}}
                        for h in result.hits]})
    else:
        lines = []
        if result.searched != result.query and result.hits:
            # the words as typed found nothing; the correction did, and the reader should know
            lines += [_("Nothing matches {query!r}; showing the results for {suggestion!r}.").format(
                query=result.query, suggestion=result.searched), ""]
        for number, hit in enumerate(result.hits, 1):
            clause = corpus[hit.id]
            lines.append(f"{number}. {hit.id} — {text.marked(hit.id, clause.title)}  ({hit.score:.1f})")
            lines += render.wrap(text.marked(hit.id, clause.text), "   ")
            if hit.matched_lang != language:
                lines += render.wrap(_("matched in {lang}:").format(lang=render.language_name(hit.matched_lang))
                                     + " " + hit.snippet, "   ")
            lines.append("")
        if result.hits:
            lines.append(ngettext("{shown} of {total} result", "{shown} of {total} results", result.total)
                         .format(shown=len(result.hits), total=result.total))
        else:
            lines.append(_("No clause matches {query!r}.").format(query=result.query))
            if result.suggestion:
                lines.append(_("Did you mean: {suggestion}?").format(suggestion=result.suggestion))
        render.emit(lines + render.fallback_note(text))
    if not result.hits:
        raise typer.Exit(1)


def index(rebuild: bool = typer.Option(False, "--rebuild", help=_("Build the search index again now.")),
          info: bool = typer.Option(False, "--info", help=_("Where the index is, its size, age and key.")),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> None:
    import time

    from referee.i18n import choose_language

    choose_language(lang)  # validates --lang; messages already speak it
    from referee.corpus import load_corpus
    from referee.search.index import info as describe
    from referee.search.index import open_index

    corpus = load_corpus()
    if rebuild or not info:
        open_index(corpus, rebuild=rebuild).reader.close()
    found = describe(corpus)
    if found is None:
        render.emit([_("no index built yet; `referee index --rebuild` builds it")])
        raise typer.Exit(1)
    data = {"path": str(found.path), "key": found.key, "documents": found.documents, "size_bytes": found.size,
            "age_seconds": round(time.time() - found.built, 1), "build_seconds": found.build_seconds}
    if as_json:
        render.emit_json(data)
    else:
        render.emit([_("index: {path}").format(path=found.path),
                     _("key: {key}, {documents} clauses, {size:.1f} MiB, built {age:.0f} s ago in {seconds:.2f} s")
                     .format(key=found.key, documents=found.documents, size=found.size / 2**20,
                             age=data["age_seconds"], seconds=found.build_seconds)])


def register(app: typer.Typer) -> None:
    app.command("search", cls=Command, help=_("Find clauses from a few words in any of the six languages; results "
                                              "in the chosen language."))(search)
    app.command("index", cls=Command, help=_("Build or describe the search index (it is built on first use)."))(index)
