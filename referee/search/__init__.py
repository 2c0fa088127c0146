"""Keyword search over every clause in all six languages: the only code that imports whoosh.

>>> from referee.corpus import load_corpus
>>> result = search(load_corpus(), "mnster levl", language="en")
>>> result.hits[0].id.split(".")[0] in ("combat", "levels", "precedence")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from referee import LANGUAGES

#: How many characters of context a snippet shows around the first match.
SNIPPET_CHARS = 160
#: BM25 parameters: length normalisation (B) and term-frequency saturation (K1).
BM25_B, BM25_K1 = 0.75, 1.2


@dataclass
class Hit:
    id: str
    score: float
    kind: str
    game: str
    matched_lang: str
    snippet: str


@dataclass
class Result:
    query: str
    total: int
    hits: list[Hit] = field(default_factory=list)
    suggestion: str | None = None


class Searcher:
    """An open index, ready for many queries (the CLI asks one; benchmarks and bots ask many)."""

    def __init__(self, corpus, rebuild: bool = False):
        from referee.search.index import open_index

        from whoosh.scoring import BM25F

        import pickle

        from referee.search.query import use_thesaurus

        self.corpus = corpus
        self.index = open_index(corpus, rebuild=rebuild)
        try:
            use_thesaurus(pickle.loads((Path(self.index.storage.folder) / "thesaurus.pickle").read_bytes()))
        except (OSError, pickle.UnpicklingError, AttributeError, EOFError):
            pass  # an index from before the table: it is built on first use instead
        self._searcher = self.index.searcher(weighting=BM25F(B=BM25_B, K1=BM25_K1))

    def close(self) -> None:
        self._searcher.close()

    def __enter__(self) -> "Searcher":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def query(self, raw_query: str, language: str = "en", limit: int = 10, game: str | None = None,
              kind: str | None = None, topic: str | None = None, snippets: bool = True) -> Result:
        """Rank the clauses that answer ``raw_query``; snippets are in the language that matched."""
        from referee.search.query import build_query, corrections, filter_query, parse

        parsed = parse(raw_query)
        filters = dict(parsed.filters)
        for name, value in (("game", game), ("kind", kind), ("topic", topic)):
            if value:
                filters[name] = value
        result = Result(parsed.text, 0)
        if not parsed.text:
            return result
        wanted = build_query(parsed.text, corrections(self._searcher.reader(), parsed.text, language), language)
        hits = self._searcher.search(wanted, limit=limit, filter=filter_query(filters), terms=True)
        # An estimate: counting every match exactly would run the whole query a second time.
        result.total = hits.estimated_length()
        for hit in hits:
            matched = _matched_language(hit, language)
            result.hits.append(Hit(hit["id"], round(hit.score, 3), hit["kind"], hit["game"], matched,
                                   _snippet(self.corpus, hit, matched) if snippets else ""))
        if not result.hits:
            result.suggestion = _suggest(self._searcher, parsed.text)
        return result


def search(corpus, raw_query: str, language: str = "en", limit: int = 10, game: str | None = None,
           kind: str | None = None, topic: str | None = None, rebuild: bool = False) -> Result:
    """Open the index (building it if needed) and answer one query."""
    with Searcher(corpus, rebuild=rebuild) as searcher:
        return searcher.query(raw_query, language=language, limit=limit, game=game, kind=kind, topic=topic)


def _matched_language(hit, preferred: str) -> str:
    """The language whose fields matched most query terms (the preferred one on a tie)."""
    counts = {}
    for fieldname, _ in hit.matched_terms():
        if fieldname in LANGUAGES:
            counts[fieldname] = counts.get(fieldname, 0) + 1
    if not counts:
        return preferred
    best = max(counts.values())
    return preferred if counts.get(preferred) == best else max(counts, key=counts.get)


def _snippet(corpus, hit, language: str) -> str:
    """The clause text in the matched language with the matched words marked **like this**."""
    from referee.i18n.catalogs import RuleText
    from referee.search.analysis import gujarati_stem, language_analyzer

    clause = corpus.clauses.get(hit["id"])
    if clause is None:
        return ""
    text = RuleText(language)(clause.id, clause.text) or ""
    wanted = {term.decode("utf-8") if isinstance(term, bytes) else term
              for fieldname, term in hit.matched_terms() if fieldname == language}
    marks = []
    for token in language_analyzer(language)(text, chars=True):
        form = gujarati_stem(token.text) if language == "gu" else token.text
        if form in wanted:
            marks.append((token.startchar, token.endchar))
    if not marks:
        return text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else "")
    start = max(0, marks[0][0] - SNIPPET_CHARS // 3)
    end = min(len(text), start + SNIPPET_CHARS)
    out, cursor = [], start
    for begin, finish in marks:
        if begin < start or finish > end:
            continue
        out += [text[cursor:begin], "**", text[begin:finish], "**"]
        cursor = finish
    out.append(text[cursor:end])
    return ("…" if start else "") + "".join(out).strip() + ("…" if end < len(text) else "")


def _suggest(searcher, text: str) -> str | None:
    """A "did you mean" built from the index's own words (up to two edits per word)."""
    from referee.search.analysis import word_analyzer

    words = []
    changed = False
    for word in text.split():
        tokens = [t.text for t in word_analyzer()(word)]
        best = None
        if tokens:
            found = searcher.suggest("words", tokens[0], limit=1, maxdist=2, prefix=1)
            best = found[0] if found else None
        changed = changed or (best is not None and best != word.lower())
        words.append(best or word)
    return " ".join(words) if changed else None
