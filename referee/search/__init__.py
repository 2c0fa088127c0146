"""Keyword search over every clause in all six languages: the only code that imports whoosh.

>>> from referee.corpus import load_corpus
>>> result = search(load_corpus(), "mnster levl", language="en")
>>> result.hits[0].id.split(".")[0] in ("combat", "levels", "precedence")
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

from referee.i18n.catalogs import RuleText
from referee.keptre import Seeded
from referee.records import Record

#: the patterns a search compiles: whoosh's modules compile some 40 as they load, this package's
#: modules 30, its first query a few more (5 ms of a whole-process search, measured): each is
#: found compiled in ``re``'s cache, from the programs the first search in this cache kept
_PATTERNS = Seeded("search-patterns")
_PATTERNS.seed()

from referee.search.lean import import_whoosh  # noqa: E402
from referee.search.ranking import Ranker  # noqa: E402

import_whoosh()  # before any other module of this package imports whoosh: see referee.search.lean

from referee.i18n.languages import LANGUAGES  # noqa: E402

#: How many characters of context a snippet shows around the first match.
SNIPPET_CHARS = 160
#: a word of a query, as a correction replaces it in place
_WORD = re.compile(r"\w+")


class Hit(Record):
    id: str
    score: float
    kind: str
    game: str
    matched_lang: str
    snippet: str


class Result:
    """The clauses that answer a query, best first; ``total`` counts every clause that matched."""

    __slots__ = ("query", "total", "hits", "suggestion", "filters", "searched")

    def __init__(self, query: str, total: int, hits: list[Hit] | None = None, suggestion: str | None = None,
                 filters: dict[str, str] | None = None, searched: str = ""):
        self.query, self.total, self.hits, self.suggestion = query, total, hits or [], suggestion
        #: the filters the query applied (``topic:combat`` in the text, ``--game`` and the like)
        self.filters = filters or {}
        #: what was searched: the query, or — when it found nothing — the correction that did
        self.searched = searched or query


class Searcher:
    """An open index, ready for many queries (the CLI asks one; benchmarks and bots ask many)."""

    def __init__(self, corpus, rebuild: bool = False, progress=None):
        # lazy: referee.search.query 19 ms, referee.search.index 13 ms, … to import, paid only by the calls that need it
        from referee.search.index import TABLES, open_index, read_table
        from referee.search.query import use_card_words, use_single_names, use_sounds, use_thesaurus

        from whoosh.searching import Searcher as WhooshSearcher

        self.corpus = corpus
        opened = open_index(corpus, rebuild=rebuild, progress=progress)
        self.index, reader = opened.index, opened.reader
        #: what the user should be told about the index (a cache that could not be used)
        self.warnings = opened.warnings
        tables = read_table(self.index, TABLES) or {}
        if "thesaurus" in tables:
            use_thesaurus(tables["thesaurus"])  # else it is built from locales/ on first use
        use_sounds(tables.get("sounds"))
        use_card_words(tables.get("card_words"))
        use_single_names(tables.get("single_names"))
        self._searcher = WhooshSearcher(reader, fromindex=self.index)
        self._ranker = Ranker(self._searcher.reader(), tables.get("lengths"), tables.get("order"))
        if "kinds" in tables and "games" in tables:
            self._kinds, self._games = tables["kinds"], tables["games"]
        else:  # unreadable tables: the stored fields say the same, more slowly
            stored = [self._searcher.stored_fields(n) for n in range(self._ranker.count)]
            self._kinds = [fields.get("kind", "") for fields in stored]
            self._games = [fields.get("game", "") for fields in stored]
        self._priors: dict[frozenset[str], list[float]] = {}
        self._topics: dict[str, frozenset[int]] = {}
        self._texts: dict = {}
        self._speller = None

    def _rule_text(self, language: str):
        """The clause texts in one language, as snippets show them: one catalog reader per
        language for the life of the searcher (finding the catalogs was a tenth of a query)."""
        text = self._texts.get(language)
        if text is None:
            text = self._texts[language] = RuleText(language)
        return text

    def _weights(self, named: frozenset[str]) -> list[float]:
        """Each clause's prior for a query naming ``named`` games (few distinct sets: kept)."""
        # lazy: referee.search.query 19 ms to import, paid only by the calls that need it
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
            # lazy: referee.search.spelling 19 ms, referee.search.index 13 ms: only the calls that need them pay
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
        result = self._query(raw_query, language, limit, game, kind, topic, snippets)
        _PATTERNS.keep()  # after the process's first query only: see referee.keptre.Seeded
        return result

    def _query(self, raw_query: str, language: str, limit: int, game: str | None, kind: str | None,
               topic: str | None, snippets: bool) -> Result:
        # lazy: referee.search.query 19 ms to import, paid only by the calls that need it
        from referee.search.query import asks_rule_itself, filter_query, parse

        parsed = parse(raw_query)
        filters = dict(parsed.filters)
        for name, value in (("game", game), ("kind", kind), ("topic", topic)):
            if value:
                filters[name] = value
        result = Result(parsed.text, 0, filters=filters)
        wanted = filter_query(filters)
        if not parsed.text:
            if wanted is not None:  # only filters: what they match, in the corpus's order
                self._filtered(result, wanted, limit, snippets, language)
            return result
        allowed = frozenset(self._searcher.docs_for_query(wanted)) if wanted is not None else None
        # a question of how a thing works looks further down for the rule its rulings clarify
        itself = asks_rule_itself(parsed.text, language)
        # and any question looks as far for the classic clause a Star Munchkin copy restates
        reach = max(limit, CLARIFIED_REACH if itself else COPY_REACH)
        ranked, result.total, named = self._rank(parsed.text, language, reach, allowed)
        if not ranked:
            # Nothing for the words as typed: offer the correction, and search it, saying so.
            result.suggestion = _suggest(self.speller, parsed.text)
            if result.suggestion:
                ranked, result.total, named = self._rank(result.suggestion, language, reach, allowed)
                if ranked:
                    result.searched = result.suggestion
        stored = [self._searcher.stored_fields(r.docnum) for r in ranked]
        if itself:
            order = _clarified_order(ranked, [fields["id"] for fields in stored], self.corpus)
            ranked, stored = [ranked[i] for i in order], [stored[i] for i in order]
        if "game" not in filters and not named:
            bare = [Hit(fields["id"], round(r.score, 3), fields["kind"], fields["game"], "", "")
                    for fields, r in zip(stored, ranked)]
            where = {hit.id: position for position, hit in enumerate(bare)}
            order = [where[hit.id] for hit in _classic_first(bare, self.corpus, self._bare_copies(ranked))]
            ranked, stored = [ranked[i] for i in order], [stored[i] for i in order]
        for (docnum, score, matched), fields in zip(ranked[:limit], stored[:limit]):
            shown = _matched_language(matched, language)
            result.hits.append(Hit(fields["id"], round(score, 3), fields["kind"], fields["game"], shown,
                                   _snippet(self.corpus, fields["id"], matched, shown, self._rule_text(shown))
                                   if snippets else ""))
        return result

    def _bare_copies(self, ranked) -> frozenset[int]:
        """The positions in ``ranked`` of restating games' copies that matched no word of their
        own game: every word they matched is one their game's clauses use no more than the
        others do (Star Munchkin's "before kicking the door" found by "bevor", "mielőtt", not
        by "Henchman")."""
        # lazy: referee.search.query 19 ms to import, already imported by the search that ran
        from referee.search.query import RESTATING_GAMES

        games = self._games
        bare = set()
        for position, (docnum, _, matched) in enumerate(ranked):
            game = games[docnum]
            if game not in RESTATING_GAMES:
                continue
            own = False
            for field, text in matched:
                docs = self._ranker.term(field, text)
                if docs and sum(games[d] == game for d in docs) >= OWN_WORD_SHARE * len(docs):
                    own = True
                    break
            if not own:
                bare.add(position)
        return frozenset(bare)

    def _filtered(self, result: Result, wanted, limit: int, snippets: bool, language: str) -> None:
        """Fill ``result`` with the clauses the filters alone select (a query of no words)."""
        order = self._ranker.order
        docnums = sorted(self._searcher.docs_for_query(wanted), key=lambda docnum: order[docnum])
        result.total = len(docnums)
        for docnum in docnums[:limit]:
            stored = self._searcher.stored_fields(docnum)
            result.hits.append(Hit(stored["id"], 0.0, stored["kind"], stored["game"], language,
                                   _snippet(self.corpus, stored["id"], (), language, self._rule_text(language))
                                   if snippets else ""))


    def _topic_docs(self, topic: str) -> frozenset[int]:
        """The documents of one topic, or the one clause of an id (kept: few are asked about)."""
        docs = self._topics.get(topic)
        if docs is None:
            # lazy: referee.search.query 19 ms to import, paid only by the calls that need it
            from referee.search.query import filter_query

            # a topic ("card-timing"), or one clause where the thesaurus names its id ("setup.who-starts")
            wanted = {"id": topic} if "." in topic else {"topic": topic}
            docs = self._topics[topic] = frozenset(self._searcher.docs_for_query(filter_query(wanted)))
        return docs

    def _rank(self, text: str, language: str, limit: int, allowed):
        # lazy: referee.search.query 19 ms to import, paid only by the calls that need it
        from referee.search.analysis import dutch_clitics
        from referee.search.query import (asked_topics, card_priors, corrections, fold_word, named_cards, named_games,
                                          plan, spelled_out, titled, topic_priors)

        # chat short forms ("xq", "vllt") and Dutch ones ("m'n") read in full by every step below
        text = spelled_out(dutch_clitics(text, language), language)
        reader = self._searcher.reader()
        cards = _CardWords(reader)
        fixes = corrections(self.speller, reader, text, language)
        words = plan(text, fixes, language, cards, cards.known, cards.frequency)
        # the games the question names, as typed or as corrected ("epik" is Epic), the corrected
        # word in its place too: a name of two words ("munchkin dye" is the Munchkin die)
        typed_games = named_games(text)
        named = typed_games | named_games(" ".join(fixes.values()))
        if fixes:
            # the corrections keyed by the words folded ("würfle" -> "wurfle": würfel)
            named |= named_games(_WORD.sub(lambda m: fixes.get(m.group(0).lower(), fixes.get(fold_word(m.group(0)),
                                                                                             m.group(0))), text))
        weights = self._weights(named)
        named_docs = cards.naming(named_cards(text, language, cards, fixes))
        if named_docs:
            weights = card_priors(weights, self._kinds, named_docs)
        # a question of one word naming a clause by its title ("caridad") asks for that clause
        for topic in asked_topics(text, language, fixes) | titled(text, language, fixes):
            weights = topic_priors(weights, self._topic_docs(topic))
        ranked, total = self._ranker.rank(words, limit=limit, allowed=allowed, priors=weights)
        return ranked, total, named


class _CardWords:
    """The words of card names, as the index holds them (``term in cards``)."""

    __slots__ = ("reader",)

    def __init__(self, reader):
        self.reader = reader

    def __contains__(self, term: str) -> bool:
        return ("cardnames", term) in self.reader

    def known(self, field: str, term: str) -> bool:
        """Does the index hold ``term`` in ``field`` (a language's clauses use the word)?"""
        return (field, term) in self.reader

    def naming(self, runs) -> set[int]:
        """The clauses whose card names hold every word of one of ``runs`` (named_cards)."""
        found: set[int] = set()
        for run in runs:
            docs = None
            for keys in run:
                ids = set()
                for key in keys:
                    ids.update(self.reader.postings("cardnames", key).all_ids())
                docs = ids if docs is None else docs & ids
            found |= docs or set()
        return found

    def beginning(self, field: str, prefix: str, limit: int) -> list[str]:
        """The first ``limit`` terms of ``field`` that begin with ``prefix`` (the parts of a compound)."""
        return [term.decode("utf-8") if isinstance(term, bytes) else term
                for term in islice(self.reader.expand_prefix(field, prefix), limit)]

    def frequency(self, field: str, term: str) -> int:
        """How many clauses use ``term`` in ``field``."""
        return self.reader.doc_frequency(field, term) if (field, term) in self.reader else 0

    def usage(self, language: str, stems, words) -> tuple[int, int]:
        """How many clauses use the word in ``language``'s text (by its stems there), and how
        many name a card with it."""
        reader = self.reader
        in_rules = max((reader.doc_frequency(language, stem) for stem in stems), default=0)
        in_names = max((reader.doc_frequency("cardnames", word) for word in words), default=0)
        return in_rules, in_names


#: (corpus key, corpus) -> its open searcher, for the life of the process
_OPEN: dict = {}


def searcher_for(corpus, rebuild: bool = False, progress=None, warn=None) -> Searcher:
    """An open searcher for this corpus, kept for the life of the process: the interactive
    session and the server ask many questions and open the index once. ``warn`` hears what the
    user should be told about the index, ``progress`` how a build goes."""
    key = corpus.content_key or id(corpus)
    searcher = _OPEN.get(key)
    if searcher is None or rebuild:
        if searcher is not None:
            searcher.close()
        searcher = _OPEN[key] = Searcher(corpus, rebuild=rebuild, progress=progress)
        for warning in searcher.warnings:
            if warn is not None:
                warn(warning)
    return searcher


def search(corpus, raw_query: str, language: str = "en", limit: int = 10, game: str | None = None,
           kind: str | None = None, topic: str | None = None, rebuild: bool = False, progress=None,
           warn=None) -> Result:
    """Answer one query, opening the index (building it if needed) the first time."""
    searcher = searcher_for(corpus, rebuild=rebuild, progress=progress, warn=warn)
    return searcher.query(raw_query, language=language, limit=limit, game=game, kind=kind, topic=topic)


#: how close a classic clause's score must come to its copy's to change places with it: one
#: far below answers less of the question (the copy's own words: Star Munchkin's Henchmen)
CLOSE_TO_COPY = 2 / 3
#: the same for a copy that matched no word of its own game, whose lead is the table talk of its
#: search phrases: only a classic clause this far below stays there
CLOSE_TO_BARE_COPY = 0.4
#: a word is a game's own where at least this share of the clauses using it are that game's
OWN_WORD_SHARE = 0.5


def _classic_first(hits: list[Hit], corpus, bare: frozenset[int] = frozenset()) -> list[Hit]:
    """A question that names no other game is about the classic one: where a restating game's copy
    of a rule (Star Munchkin's "death keeps level…", which refers to the classic rules it
    restates) ranks above a classic clause it refers to and scoring close to it, the two change
    places. A copy that matched no word of its own game (``bare``: the positions of those,
    :meth:`Searcher._bare_copies`) answers nothing its classic clause does not: it changes places
    with one far lower too (:data:`CLOSE_TO_BARE_COPY`). Only clauses already found move, and
    nothing between them: the scores stay."""
    # lazy: referee.search.query 19 ms to import, already imported by the search that ran
    from referee.search.query import GAME_PRIORS, RESTATING_GAMES

    hits = list(hits)
    moved = set()  # one classic clause per copy: the best ranked
    for position in range(len(hits)):
        clause = corpus.clauses.get(hits[position].id)
        if clause is None or clause.game not in RESTATING_GAMES or clause.id in moved:
            continue
        moved.add(clause.id)
        restated = {r.id for r in clause.related if r.relation in ("see-also", "overrides")}
        close = CLOSE_TO_BARE_COPY if position in bare else CLOSE_TO_COPY
        later = next((i for i in range(position + 1, len(hits)) if hits[i].id in restated
                      and hits[i].game in GAME_PRIORS and hits[i].score >= close * hits[position].score), None)
        if later is not None:
            hits[position], hits[later] = hits[later], hits[position]
    return hits


#: how close a clause's score must come to a ruling that clarifies it to rank before it, where the
#: question asks how a thing works: one far below answers less of the question
CLOSE_TO_CLARIFIER = 0.8
#: how many clauses such a question ranks to find the rule below its rulings
CLARIFIED_REACH = 20
#: how many clauses any question ranks to find the classic clause below a Star Munchkin copy
COPY_REACH = 10


def _clarified_order(ranked: list, ids: list[str], corpus) -> list[int]:
    """A question asking how a thing works ("wie funktioniert das Bezaubern beim Zauberer") asks
    for the rule itself: a clause ranked below rulings that clarify it (the Wizard's Charm below
    "no Charm with an empty hand"), scoring close to the first of them, moves up before it.
    ``ranked`` are the ranked clauses, best first, ``ids`` their ids; the new order is returned as
    positions in ``ranked`` (the clauses' stored fields, read once, follow it); the scores stay."""
    order = list(range(len(ranked)))
    position = 0
    while position < len(order):
        clause = corpus.clauses.get(ids[order[position]])
        clarified = {r.id for r in clause.related if r.relation == "clarifies"} if clause is not None else set()
        later = next((i for i in range(position + 1, len(order)) if ids[order[i]] in clarified
                      and ranked[order[i]].score >= CLOSE_TO_CLARIFIER * ranked[order[position]].score), None)
        if later is not None:
            order.insert(position, order.pop(later))
        position += 1
    return order


def _matched_language(matched, preferred: str) -> str:
    """The language the snippet shows: the asked one whenever its text matched a query term,
    else the language whose fields matched most. A word's synonyms match in every language
    ("level" is "Stufe"), and another language's text beside a match in the reader's own is
    noise."""
    counts = {}
    for fieldname, _ in matched:
        if fieldname in LANGUAGES:
            counts[fieldname] = counts.get(fieldname, 0) + 1
    if not counts or counts.get(preferred):
        return preferred
    return max(counts, key=counts.get)


def _snippet(corpus, clause_id: str, matched, language: str, rule_text=None) -> str:
    """The clause text in the matched language with the matched words marked **like this**."""
    clause = corpus.clauses.get(clause_id)
    if clause is None:
        return ""
    if rule_text is None:
        rule_text = RuleText(language)
    text = rule_text(clause.id, clause.text) or ""
    wanted = {term for fieldname, term in matched if fieldname == language}
    marks = [(start, end) for form, start, end in _analysed(text, language) if form in wanted]
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


@lru_cache(maxsize=4096)
def _analysed(text: str, language: str) -> tuple[tuple[str, int, int], ...]:
    """The indexed form of each word of a clause text, with where it stands: what a snippet
    marks. Analysing the text is most of a query's cost, and a clause is shown again and again
    in a session or a server, so each (text, language) is analysed once."""
    # lazy: referee.search.analysis 2 ms to import, paid only by the calls that need it
    from referee.search.analysis import gujarati_form, language_analyzer, search_analysis

    gujarati = search_analysis(language) == "gujarati"
    return tuple((gujarati_form(token.text) if gujarati else token.text, token.startchar, token.endchar)
                 for token in language_analyzer(language)(text, chars=True))


def _suggest(speller, text: str) -> str | None:
    """A "did you mean" built from the clauses' own words (up to two edits per word)."""
    # lazy: referee.search.spelling 19 ms to import, paid only by the calls that need it
    from referee.search.spelling import fold

    words = []
    changed = False
    for word in text.split():
        best = speller.closest(fold(word)) if len(word) >= 3 else None
        changed = changed or (best is not None and best != fold(word))
        words.append(best or word)
    return " ".join(words) if changed else None
