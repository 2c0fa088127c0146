"""Scoring clauses straight from the index's postings: BM25 per term, the best reading per word.

A query here is a list of *words*, each a handful of :class:`Reading` s (the word as Hungarian,
as Spanish, as a related word, as a card name…). A clause scores, for each word, its best
reading plus a small share of the others (a disjunction-max), and the words' scores add up.

whoosh can express this as a query tree, but its matchers walk the tree once per posting in
pure Python: six languages, concepts and card names per word make a tree of a hundred nodes and
about 10 ms a query. Reading each term's postings once and adding the numbers up in a dict does
the same sums in a fraction of that. The statistics are whoosh's own (document frequency,
field lengths, the BM25F formula with the same parameters), read from the open index.
"""

from __future__ import annotations

import heapq
from array import array
from math import log

from referee.records import Record

#: BM25 parameters: length normalisation (B) and term-frequency saturation (K1).
BM25_B, BM25_K1 = 0.75, 1.2
#: share of a word's other readings that counts besides its best one
TIEBREAK = 0.0


class Reading(Record):
    """One way a query word may match: a term of one field, and how much a match weighs."""

    field: str
    text: str
    boost: float = 1.0


class Ranked(Record):
    docnum: int
    score: float
    #: the (field, term) pairs of this document that matched, best first
    matched: tuple[tuple[str, str], ...]


def field_lengths(reader, fields) -> dict[str, array]:
    """Every document's length in each field, as whoosh stores it (read once, at build time).

    Arrays, not lists: they unpickle as one block of bytes each.
    """
    count = reader.doc_count_all()
    return {name: array("I", (reader.doc_field_length(docnum, name, 0) or 0 for docnum in range(count)))
            for name in fields}


class Ranker:
    """Ranks documents of one open reader; remembers each term's scores for the next query."""

    def __init__(self, reader, lengths: dict[str, array] | None = None, order: list[int] | None = None):
        self.reader = reader
        self.count = reader.doc_count_all()
        self._lengths = lengths or {}
        #: where each document's clause stands in the corpus: equal scores rank in that order
        self._order = order if order is not None and len(order) == self.count else list(range(self.count))
        self._norms: dict[str, list[float]] = {}
        #: the corpus position of each document (public: a query of filters alone lists in it)
        self.order = self._order
        self._terms: dict[tuple[str, str], dict[int, float]] = {}

    def _norm(self, field: str) -> list[float]:
        """``K1 * (1 - B + B * length / average length)`` per document: the BM25 denominator part."""
        norms = self._norms.get(field)
        if norms is None:
            lengths = self._lengths.get(field)
            if lengths is None:  # an index built without the table: ask whoosh (slower, same numbers)
                lengths = field_lengths(self.reader, [field])[field]
                self._lengths[field] = lengths
            # whoosh's average: the exact total over the document count (lengths are rounded)
            average = (self.reader.field_length(field) / (self.count or 1)) or 1
            norms = [BM25_K1 * (1 - BM25_B + BM25_B * length / average) for length in lengths]
            self._norms[field] = norms
        return norms

    def term(self, field: str, text: str) -> dict[int, float]:
        """docnum -> BM25 score of one term in one field (empty when the index lacks the term)."""
        key = (field, text)
        scores = self._terms.get(key)
        if scores is not None:
            return scores
        scores = {}
        frequency = self.reader.doc_frequency(field, text) if key in self.reader else 0
        if frequency:
            idf = log(self.count / (frequency + 1)) + 1
            norms = self._norm(field)
            postings = self.reader.postings(field, text)
            while postings.is_active():
                docnum, weight = postings.id(), postings.weight()
                scores[docnum] = idf * weight * (BM25_K1 + 1) / (weight + norms[docnum])
                postings.next()
        self._terms[key] = scores
        return scores

    def rank(self, words: list[list[Reading]], limit: int = 10, allowed: frozenset[int] | None = None,
             priors: list[float] | None = None) -> tuple[list[Ranked], int]:
        """The best ``limit`` documents and how many matched at all; ``priors`` weigh each one."""
        totals: dict[int, float] = {}
        for readings in words:
            best: dict[int, float] = {}
            summed: dict[int, float] = {}
            for reading in readings:
                for docnum, score in self.term(reading.field, reading.text).items():
                    score *= reading.boost
                    summed[docnum] = summed.get(docnum, 0.0) + score
                    if score > best.get(docnum, 0.0):
                        best[docnum] = score
            for docnum, top in best.items():
                totals[docnum] = totals.get(docnum, 0.0) + top + TIEBREAK * (summed[docnum] - top)
        if allowed is not None:
            totals = {docnum: score for docnum, score in totals.items() if docnum in allowed}
        if priors is not None:
            totals = {docnum: score * priors[docnum] for docnum, score in totals.items()}
        # Highest score first; at equal score the clause that comes first in the corpus.
        order = self._order
        top = heapq.nsmallest(limit, totals.items(), key=lambda item: (-item[1], order[item[0]]))
        return [Ranked(docnum, score, self._matched(words, docnum)) for docnum, score in top], len(totals)

    def _matched(self, words: list[list[Reading]], docnum: int) -> tuple[tuple[str, str], ...]:
        found = []
        for readings in words:
            hits = [(self._terms[(r.field, r.text)][docnum] * r.boost, r.field, r.text) for r in readings
                    if docnum in self._terms.get((r.field, r.text), ())]
            found += [(field, text) for _, field, text in sorted(hits, reverse=True)]
        return tuple(dict.fromkeys(found))
