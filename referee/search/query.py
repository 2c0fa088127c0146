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
from referee.search.analysis import TOKEN, has_accent, language_analyzer, prepare, word_analyzer

#: Queries longer than this are cut: the parser's cost grows with the input, players type words.
MAX_QUERY_CHARS = 200
MAX_TERMS = 12
_WORDS = re.compile(TOKEN)
FILTER = re.compile(r"\b(topic|game|kind|id):(\S+)", re.IGNORECASE)
LANGUAGE_BOOST, EXACT_BOOST, CORRECTED_BOOST, ID_BOOST = 1.0, 0.4, 0.9, 0.5
#: share of the other languages' scores a word keeps besides its best one
TIEBREAK = 0.1
CARD_BOOST = 1.5
#: weight of a word from the same concept group (locales/thesaurus.yaml) as the typed word
RELATED_BOOST = 0.6
#: extra weight of the language the question is asked in
ASKED_BOOST = 1.5


@dataclass
class Parsed:
    text: str
    filters: dict[str, str] = field(default_factory=dict)


def parse(raw: str) -> Parsed:
    """Normalise the query, cut it to a sane length and take out ``field:value`` filters."""
    text = unicodedata.normalize("NFC", " ".join(raw.split()))
    text = text[:MAX_QUERY_CHARS]
    filters = {}
    for match in FILTER.finditer(text):
        filters[match.group(1).lower()] = match.group(2).lower()
    return Parsed(FILTER.sub(" ", text).strip(), filters)


def thesaurus() -> dict[tuple[str, str], tuple[str, ...]]:
    """The concept table: from the open index when it has one (built with it), else made now."""
    return _THESAURUS if _THESAURUS is not None else build_thesaurus()


_THESAURUS = None


def use_thesaurus(table) -> None:
    global _THESAURUS
    _THESAURUS = table


@lru_cache(maxsize=1)
def build_thesaurus() -> dict[tuple[str, str], tuple[str, ...]]:
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


def build_query(text: str, fixes: dict[str, str] | None = None, language: str | None = None) -> q.Query:
    """One query over every language field, each analysing the words its own way.

    Each word scores by its best reading (a disjunction-max): its best language, a word of the
    same concept (locales/thesaurus.yaml), a card name, or — for a word the
    index does not know — the word the player most likely meant (``fixes``). Summing instead
    would let words several languages share ("monster", "level", "Elf") drown the one word that
    says what the player asks about. An accented word spelled exactly as in a clause also
    matches the ``exact`` field, so it ranks above the same word typed without its accents.
    """
    parts: list[q.Query] = []
    words = [match.group(0).lower() for match in _WORDS.finditer(prepare(text, "gu"))][:MAX_TERMS]
    fixes = fixes or {}
    for word in words:
        alternatives = _readings(word, 1.0, language)
        fixed = fixes.get(next(iter(t.text for t in word_analyzer()(word)), word))
        if fixed:
            alternatives += _readings(fixed, CORRECTED_BOOST, language)
        if alternatives:
            parts.append(q.DisjunctionMax(alternatives, tiebreak=TIEBREAK))
        if has_accent(word):
            parts.append(q.Term("exact", word, boost=EXACT_BOOST))
        if fixed and has_accent(fixed):
            parts.append(q.Term("exact", fixed, boost=EXACT_BOOST * CORRECTED_BOOST))
    id_text = " ".join([text, *fixes.values()]).replace(".", " ").replace("-", " ")
    for term in _terms(language_analyzer("en"), id_text):
        parts.append(q.Term("idwords", term, boost=ID_BOOST))
    return q.Or(parts)


def _readings(word: str, boost: float, asked: str | None = None) -> list[q.Query]:
    """Every way one word may match: per language, by concept, as a card name.

    The language the player asked in (``asked``) weighs a little more: a word is most likely
    meant in the language the rest of the question is in.
    """
    alternatives = []
    related = thesaurus()
    folded = {t.text for t in word_analyzer()(word)}
    for language in LANGUAGES:
        stems = _terms(language_analyzer(language), prepare(word, language))
        weight = boost * (ASKED_BOOST if language == asked else 1.0)
        for term in stems:
            alternatives.append(q.Term(language, term, boost=LANGUAGE_BOOST * weight))
        others = {w for key in (*folded, *stems) for w in related.get((language, key), ())}
        for other in sorted(others):
            for term in _terms(language_analyzer(language), prepare(other, language)):
                if term not in stems:
                    alternatives.append(q.Term(language, term, boost=RELATED_BOOST * weight))
    for term in _terms(word_analyzer(), word):
        alternatives.append(q.Term("cardnames", term, boost=CARD_BOOST * boost))
    return alternatives


def corrections(reader, text: str, language: str | None = None) -> dict[str, str]:
    """For each query word the index does not know, the word the player most likely meant.

    Candidates are the index's words (all six languages) one edit away, or one swap of two
    neighbouring letters away ("crads" -> "cards"). Like any spell checker it prefers the
    frequent word, and more so one of the asked language, and distrusts candidates shorter than
    what was typed (a dropped letter is the commoner typo). Numbers are never "corrected".
    Each correction is searched as another reading of the word the player typed.
    """
    out = {}
    for token in word_analyzer()(prepare(text, "gu")):
        word = token.text
        if len(word) < 3 or word.isdigit() or ("words", word) in reader:
            continue
        candidates = set(reader.terms_within("words", word, 1, prefix=1))
        for i in range(len(word) - 1):
            swapped = word[:i] + word[i + 1] + word[i] + word[i + 2:]
            if ("words", swapped) in reader:
                candidates.add(swapped)
        candidates = [c for c in candidates if len(c) >= 3 and not c.isdigit()]
        if candidates:
            out[word] = max(candidates, key=lambda c: (_likelihood(reader, word, c, language), c))
    return out


def _likelihood(reader, typed: str, candidate: str, language: str | None) -> float:
    score = float(reader.doc_frequency("words", candidate))
    if len(candidate) < len(typed):
        score *= 0.3
    if language:
        stems = _terms(language_analyzer(language), prepare(candidate, language))
        if stems and (language, stems[0]) in reader:
            score *= 3
    return score


def filter_query(filters: dict[str, str]) -> q.Query | None:
    clauses = []
    for name, value in filters.items():
        if name == "topic":
            clauses.append(q.Term("topics", value))
        elif name in ("game", "kind", "id"):
            clauses.append(q.Term(name, value))
    return q.And(clauses) if clauses else None
