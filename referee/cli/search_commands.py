"""``referee search`` and ``referee index``: keyword search over every clause in every language."""

from __future__ import annotations

import time
from typing import List, Optional

from referee.cli import options, render
from referee.cli.params import Argument, Option
from referee.corpus import load_corpus, schema
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _, ngettext
from referee.i18n.formatting import format_decimal, format_number
from referee.shapes import search_json


def search(words: List[str] = Argument(..., metavar="QUERY…"),
           limit: int = Option(10, "--limit", min=1, max=100, metavar=_("N"), help=_("How many results to show.")),
           game: Optional[str] = options.game(), kind: Optional[str] = options.kind(),
           topic: Optional[str] = options.topic(), lang: Optional[str] = options.lang(),
           as_json: bool = options.json_flag()) -> int:
    from referee.search import search as run  # lazy: +42.9 ms at start-up if imported with the module

    language = choose_language(lang)
    game = options.one_of(game, schema.GAMES, "--game")
    kind = options.one_of(kind, schema.KINDS, "--kind")
    corpus = load_corpus()
    topic = options.one_of(topic, (*corpus.topics, *corpus.tags), "--topic")
    result = run(corpus, " ".join(words), language=language, limit=limit, game=game, kind=kind, topic=topic,
                 progress=render.progress(_("building the search index")), warn=render.warn)
    text = RuleText(language)
    if as_json:
        render.emit_json(search_json(corpus, result, text))
    else:
        lines = []
        if result.searched != result.query and result.hits:
            # the words as typed found nothing; the correction did, and the reader should know
            lines += [_("Nothing matches {query!r}; showing the results for {suggestion!r}.").format(
                query=result.query, suggestion=result.searched), ""]
        for number, hit in enumerate(result.hits, 1):
            clause = corpus[hit.id]
            score = format_decimal(hit.score, language, 1)
            lines.append(f"{number}. {hit.id} — {text.marked(hit.id, clause.title)}  ({score})")
            lines += render.wrap(text.marked(hit.id, clause.text), "   ")
            if hit.matched_lang != language:
                lines += render.wrap(_("matched in {lang}:").format(lang=render.language_name(hit.matched_lang))
                                     + " " + hit.snippet, "   ")
            lines.append("")
        if result.hits:
            lines.append(ngettext("{shown} of {total} result", "{shown} of {total} results", result.total)
                         .format(shown=len(result.hits), total=result.total))
        elif result.query or not result.filters:
            lines.append(_("No clause matches {query}.").format(query=render.quoted(result.query)))
            if result.suggestion:
                lines.append(_("Did you mean: {suggestion}?").format(suggestion=result.suggestion))
        else:
            lines.append(_("No clause matches these filters."))
        render.emit(lines + render.fallback_note(text))
    return 0 if result.hits else 1


def index(rebuild: bool = Option(False, "--rebuild", help=_("Build the search index again now.")),
          info: bool = Option(False, "--info", help=_("Where the index is, its size, age and key.")),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    speak = choose_language(lang)  # validates --lang; messages already speak it
    from referee.search.index import info as describe  # lazy: +63.0 ms at start-up if imported with the module
    from referee.search.index import open_index  # lazy: +63.0 ms at start-up if imported with the module

    corpus = load_corpus()
    if rebuild or not info:
        opened = open_index(corpus, rebuild=rebuild, progress=render.progress(_("building the search index")))
        opened.reader.close()
        for warning in opened.warnings:
            render.warn(warning)
    found = describe(corpus)
    if found is None:
        if as_json:
            render.emit_json({"path": None, "key": None, "documents": 0, "size_bytes": 0, "age_seconds": None,
                              "build_seconds": None, "place": None})
        else:
            render.emit([_("no index built yet; `referee index --rebuild` builds it")])
        return 1
    data = {"path": str(found.path), "key": found.key, "documents": found.documents, "size_bytes": found.size,
            "age_seconds": round(time.time() - found.built, 1), "build_seconds": found.build_seconds,
            "place": found.place}
    if as_json:
        render.emit_json(data)
    else:
        render.emit([_("index: {path}").format(path=found.path),
                     _("key: {key}, {documents} clauses, {size} MiB, built {age} s ago in {seconds} s")
                     .format(key=found.key, documents=format_number(found.documents, speak),
                             size=format_decimal(found.size / 2**20, speak, 1),
                             age=format_decimal(data["age_seconds"], speak, 0),
                             seconds=format_decimal(found.build_seconds, speak, 2))])
    return 0


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +49.2 ms at start-up if imported with the module

    app.command("search", cls=Command, help=_("Find clauses from a few words in any of the six languages; results "
                                              "in the chosen language."))(search)
    app.command("index", cls=Command, help=_("Build or describe the search index (it is built on first use)."))(index)
