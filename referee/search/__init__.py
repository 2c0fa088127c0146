"""Keyword search over every clause in all six languages: the only code that imports whoosh.

>>> from referee.corpus import load_corpus
>>> result = search(load_corpus(), "mnster levl", language="en")
>>> result.hits[0].id.split(".")[0] in ("combat", "levels", "precedence")
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee import LANGUAGES

#: How many characters of context a snippet shows around the first match.
SNIPPET_CHARS = 160


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
    #: what was searched: the query, or — when it found nothing — the correction that did
    searched: str = ""

    def __post_init__(self) -> None:
        self.searched = self.searched or self.query


class Searcher:
    """An open index, ready for many queries (the CLI asks one; benchmarks and bots ask many)."""

    def __init__(self, corpus, rebuild: bool = False):
        from referee.search.index import TABLES, open_index, read_table
        from referee.search.query import use_thesaurus
        from referee.search.ranking import Ranker

        from whoosh.searching import Searcher as WhooshSearcher

        self.corpus = corpus
        self.index, reader = open_index(corpus, rebuild=rebuild)
        tables = read_table(self.index, TABLES) or {}
        if "thesaurus" in tables:
            use_thesaurus(tables["thesaurus"])  # else it is built from locales/ on first use
        self._searcher = WhooshSearcher(reader, fromindex=self.index)
        self._ranker = Ranker(self._searcher.reader(), tables.get("lengths"), tables.get("order"))
        if "kinds" in tables and "games" in tables:
            self._kinds, self._games = tables["kinds"], tables["games"]
        else:  # unreadable tables: the stored fields say the same, more slowly
            stored = [self._searcher.stored_fields(n) for n in range(self._ranker.count)]
            self._kinds = [fields.get("kind", "") for fields in stored]
            self._games = [fields.get("game", "") for fields in stored]
        self._priors: dict[frozenset[str], list[float]] = {}
        self._speller = None

    def _weights(self, named: frozenset[str]) -> list[float]:
        """Each clause's prior for a query naming ``named`` games (few distinct sets: kept)."""
        from referee.search.query import priors

        weights = self._priors.get(named)
        if weights is None:
            weights = self._priors[named] = priors(self._kinds, self._games, named)
        return weights

    @property
    def speller(self):
        """The vocabulary of every clause, read on the first query that has a word to check
        (about 2 ms; a search with only short words or numbers never reads it)."""
        if self._speller is None:
            from referee.search.index import VOCABULARY, read_table
            from referee.search.spelling import Speller

            self._speller = Speller.from_table(read_table(self.index, VOCABULARY))
        return self._speller

    def close(self) -> None:
        self._searcher.close()

    def __enter__(self) -> "Searcher":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def query(self, raw_query: str, language: str = "en", limit: int = 10, game: str | None = None,
              kind: str | None = None, topic: str | None = None, snippets: bool = True) -> Result:
        """Rank the clauses that answer ``raw_query``; snippets are in the language that matched."""
        from referee.search.query import filter_query, parse

        parsed = parse(raw_query)
        filters = dict(parsed.filters)
        for name, value in (("game", game), ("kind", kind), ("topic", topic)):
            if value:
                filters[name] = value
        result = Result(parsed.text, 0)
        if not parsed.text:
            return result
        wanted = filter_query(filters)
        allowed = frozenset(self._searcher.docs_for_query(wanted)) if wanted is not None else None
        ranked, result.total = self._rank(parsed.text, language, limit, allowed)
        if not ranked:
            # Nothing for the words as typed: offer the correction, and search it, saying so.
            result.suggestion = _suggest(self.speller, parsed.text)
            if result.suggestion:
                ranked, result.total = self._rank(result.suggestion, language, limit, allowed)
                if ranked:
                    result.searched = result.suggestion
        for docnum, score, matched in ranked:
            stored = self._searcher.stored_fields(docnum)
            shown = _matched_language(matched, language)
            result.hits.append(Hit(stored["id"], round(score, 3), stored["kind"], stored["game"], shown,
                                   _snippet(self.corpus, stored["id"], matched, shown) if snippets else ""))
        return result

    def _rank(self, text: str, language: str, limit: int, allowed):
        from referee.search.query import corrections, named_games, plan

        words = plan(text, corrections(self.speller, self._searcher.reader(), text, language), language)
        return self._ranker.rank(words, limit=limit, allowed=allowed, priors=self._weights(named_games(text)))


def search(corpus, raw_query: str, language: str = "en", limit: int = 10, game: str | None = None,
           kind: str | None = None, topic: str | None = None, rebuild: bool = False) -> Result:
    """Open the index (building it if needed) and answer one query."""
    with Searcher(corpus, rebuild=rebuild) as searcher:
        return searcher.query(raw_query, language=language, limit=limit, game=game, kind=kind, topic=topic)


def _matched_language(matched, preferred: str) -> str:
    """The language whose fields matched most query terms (the preferred one on a tie)."""
    counts = {}
    for fieldname, _ in matched:
        if fieldname in LANGUAGES:
            counts[fieldname] = counts.get(fieldname, 0) + 1
    if not counts:
        return preferred
    best = max(counts.values())
    return preferred if counts.get(preferred) == best else max(counts, key=counts.get)


def _snippet(corpus, clause_id: str, matched, language: str) -> str:
    """The clause text in the matched language with the matched words marked **like this**."""
    from referee.i18n.catalogs import RuleText
    from referee.search.analysis import gujarati_form, language_analyzer, search_analysis

    clause = corpus.clauses.get(clause_id)
    if clause is None:
        return ""
    text = RuleText(language)(clause.id, clause.text) or ""
    wanted = {term for fieldname, term in matched if fieldname == language}
    marks = []
    for token in language_analyzer(language)(text, chars=True):
        form = gujarati_form(token.text) if search_analysis(language) == "gujarati" else token.text
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


def _suggest(speller, text: str) -> str | None:
    """A "did you mean" built from the clauses' own words (up to two edits per word)."""
    from referee.search.spelling import fold

    words = []
    changed = False
    for word in text.split():
        best = speller.closest(fold(word)) if len(word) >= 3 else None
        changed = changed or (best is not None and best != fold(word))
        words.append(best or word)
    return " ".join(words) if changed else None
