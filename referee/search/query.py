"""Turning a player's few words into ranked clauses, in any of the six languages.

Every language field is searched at once: the query is analysed with each field's own
analyzer (so "szint eladás" is stemmed as Hungarian in the Hungarian field and as English in
the English one). Exact forms score above accent-folded ones, and one-edit typos are forgiven
through fuzzy terms that weigh much less, so they never drown an exact hit.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from whoosh import query as q

from referee import LANGUAGES
from referee.search.analysis import exact_analyzer, language_analyzer, prepare, stub_analyzer, word_analyzer

#: Queries longer than this are cut: the parser's cost grows with the input, players type words.
MAX_QUERY_CHARS = 200
MAX_TERMS = 12
FILTER = re.compile(r"\b(topic|game|kind|id):(\S+)", re.IGNORECASE)
LANGUAGE_BOOST, EXACT_BOOST, CORRECTED_BOOST, ID_BOOST = 1.0, 0.4, 0.3, 0.5
#: share of the other languages' scores a word keeps besides its best one
TIEBREAK = 0.1
STUB_BOOST = 0.5
CARD_BOOST = 1.5
#: weight of a word from the same concept group (locales/thesaurus.yaml) as the typed word
RELATED_BOOST = 0.6


@dataclass
class Parsed:
    text: str
    filters: dict[str, str] = field(default_factory=dict)
    truncated: bool = False


def parse(raw: str) -> Parsed:
    """Normalise the query, cut it to a sane length and take out ``field:value`` filters."""
    text = unicodedata.normalize("NFC", " ".join(raw.split()))
    truncated = len(text) > MAX_QUERY_CHARS
    text = text[:MAX_QUERY_CHARS]
    filters = {}
    for match in FILTER.finditer(text):
        filters[match.group(1).lower()] = match.group(2).lower()
    return Parsed(FILTER.sub(" ", text).strip(), filters, truncated)


@lru_cache(maxsize=1)
def thesaurus() -> dict[tuple[str, str], tuple[str, ...]]:
    """``(language, key) -> the other words of its concept group`` from locales/thesaurus.yaml.

    A query word is looked up by its folded form and by its stem in each language, so
    "meghaltam", "meghalok" and "Meghaltam" all reach the group of dying.
    """
    import yaml

    from referee.data import locales_dir

    path = locales_dir() / "thesaurus.yaml"
    if not path.exists():
        return {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
    table: dict[tuple[str, str], set] = {}
    fold = word_analyzer()
    for group in (data.get("concepts") or {}).values():
        for language, words in (group or {}).items():
            if language not in LANGUAGES or not isinstance(words, list):
                continue
            stems = language_analyzer(language)
            for word in words:
                word = str(word)
                keys = {t.text for t in fold(word)} | {t.text for t in stems(prepare(word, language))}
                for key in keys:
                    table.setdefault((language, key), set()).update(str(w) for w in words if str(w) != word)
    return {key: tuple(sorted(words)) for key, words in table.items()}


def _terms(analyzer, text: str) -> list[str]:
    seen = []
    for token in analyzer(text):
        if token.text not in seen:
            seen.append(token.text)
    return seen[:MAX_TERMS]


def build_query(text: str, boost: float = 1.0) -> q.Query:
    """One query over every language field, each analysing the words its own way.

    Each word scores by its best language (a disjunction-max), not by the sum over all six:
    words that several languages share ("monster", "level", "Elf") would otherwise outweigh
    the one word that says what the player asks about. A word spelled exactly as in a clause
    also matches the ``exact`` field, so it ranks above the same word typed without accents.
    """
    parts: list[q.Query] = []
    words = [token.text for token in exact_analyzer()(prepare(text, "gu"))][:MAX_TERMS]
    related = thesaurus()
    for word in words:
        alternatives = []
        folded = {t.text for t in word_analyzer()(word)}
        for language in LANGUAGES:
            stems = _terms(language_analyzer(language), prepare(word, language))
            for term in stems:
                alternatives.append(q.Term(language, term, boost=LANGUAGE_BOOST * boost))
            # words of the same concept in this language ("meghaltam" -> halál, halott …)
            others = {w for key in (*folded, *stems) for w in related.get((language, key), ())}
            for other in sorted(others):
                for term in _terms(language_analyzer(language), prepare(other, language)):
                    if term not in stems:
                        alternatives.append(q.Term(language, term, boost=RELATED_BOOST * boost))
        for term in _terms(stub_analyzer(), word):
            alternatives.append(q.Term("stubs", term, boost=STUB_BOOST * boost))
        for term in _terms(word_analyzer(), word):
            alternatives.append(q.Term("cardnames", term, boost=CARD_BOOST * boost))
        if alternatives:
            parts.append(q.DisjunctionMax(alternatives, tiebreak=TIEBREAK))
        parts.append(q.Term("exact", word, boost=EXACT_BOOST * boost))
    for term in _terms(language_analyzer("en"), text.replace(".", " ").replace("-", " ")):
        parts.append(q.Term("idwords", term, boost=ID_BOOST * boost))
    return q.Or(parts)


def corrections(reader, text: str, limit: int = 1) -> list[str]:
    """Index words one edit away from each query word the index does not know.

    Typos are corrected against the vocabulary of all six languages — the most frequent word
    within one edit wins, as in any spell checker — and searched with a small weight next to the
    words as typed, so a misspelling still finds its clause and a correctly spelled word is
    never outranked by a near-miss.
    """
    out = []
    for token in word_analyzer()(prepare(text, "gu")):
        word = token.text
        if len(word) < 3 or ("words", word) in reader:
            continue
        found = sorted(reader.terms_within("words", word, 1, prefix=1),
                       key=lambda t: -reader.doc_frequency("words", t))
        out += found[:limit]
    return out


def filter_query(filters: dict[str, str]) -> q.Query | None:
    clauses = []
    for name, value in filters.items():
        if name == "topic":
            clauses.append(q.Term("topics", value))
        elif name in ("game", "kind", "id"):
            clauses.append(q.Term(name, value))
    return q.And(clauses) if clauses else None
