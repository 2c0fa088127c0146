"""How much of each source text the clauses quote.

A seed is cut into sentences (headings — short lines with no sentence punctuation — are left
out). A sentence is *residue* when ``rules/residue.yaml`` quotes most of it, and *covered* when
clause quotes span most of it. The share reported is covered / (all − residue).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from referee.corpus.corpus import Corpus
from referee.corpus.sources import Seed, normalize

#: Share of a sentence's characters a quote must span for the sentence to count as quoted.
COVERED_SHARE = 0.6

_SENTENCE_END = re.compile(r"(?<=[.!?।])\s+")
_PUNCTUATION = re.compile(r"[.!?:;।]")
_CLOSED = re.compile(r"[.!?:;।)\]\"”»]\s*$")


@dataclass
class SeedCoverage:
    """The coverage figures of one seed."""

    seed: str
    lang: str
    sentences: int = 0
    residue: int = 0
    covered: int = 0
    uncovered: list[str] = field(default_factory=list)

    @property
    def rule_sentences(self) -> int:
        return self.sentences - self.residue

    @property
    def share(self) -> float:
        return self.covered / self.rule_sentences if self.rule_sentences else 1.0

    def as_dict(self) -> dict:
        return {"seed": self.seed, "lang": self.lang, "sentences": self.sentences,
                "residue": self.residue, "rule_sentences": self.rule_sentences,
                "covered": self.covered, "share": round(self.share, 4), "uncovered": self.uncovered}


def sentences(seed: Seed) -> list[str]:
    """The seed's sentences in reading order, normalised, headings left out.

    A line break ends a sentence unless the text plainly runs on: the line has no closing
    punctuation and the next one starts with a lower-case letter (the Spanish seed wraps
    mid-sentence). Scripts without case (Gujarati) break at every line.
    """
    paragraphs: list[str] = []
    for line in seed.repaired.splitlines():
        line = line.strip()
        if not line:
            continue
        if not _PUNCTUATION.search(line) and len(line.split()) <= 8:
            continue  # a heading: it names a section, it states no rule
        runs_on = paragraphs and not _CLOSED.search(paragraphs[-1]) and line[:1].islower()
        if runs_on:
            paragraphs[-1] += " " + line
        else:
            paragraphs.append(line)
    out = []
    for paragraph in paragraphs:
        out += [piece for piece in _SENTENCE_END.split(normalize(paragraph)) if len(piece.split()) >= 2]
    return out


def sentence_spans(seed: Seed) -> list[tuple[int, int]]:
    """Where each of :func:`sentences` stands in ``seed.searchable``: ``(start, end)`` offsets."""
    text = seed.searchable
    spans = []
    position = 0
    for sentence in sentences(seed):
        start = text.find(sentence, position)
        if start < 0:  # cannot happen for text cut from the same seed
            continue
        position = start + len(sentence)
        spans.append((start, position))
    return spans


def _mask(text: str, quotes: list[str]) -> bytearray:
    mask = bytearray(len(text))
    for quote in quotes:
        start = text.find(quote)
        while start >= 0:
            mask[start:start + len(quote)] = b"\x01" * len(quote)
            start = text.find(quote, start + 1)
    return mask


def coverage(corpus: Corpus) -> list[SeedCoverage]:
    """Coverage of every seed, in the order of ``rules/sources.yaml``."""
    report = []
    for seed in corpus.seeds.values():
        text = seed.searchable
        quoted = _mask(text, [normalize(s.quote) for c in corpus for s in c.sources if s.seed == seed.name])
        dropped = _mask(text, [normalize(r.quote) for r in corpus.residue if r.seed == seed.name])
        result = SeedCoverage(seed.name, seed.lang)
        position = 0
        for sentence in sentences(seed):
            result.sentences += 1
            start = text.find(sentence, position)
            if start < 0:  # cannot happen for text cut from the same seed; count it as uncovered
                result.uncovered.append(sentence)
                continue
            position = start + len(sentence)
            size = len(sentence)
            if sum(dropped[start:position]) >= COVERED_SHARE * size:
                result.residue += 1
            elif sum(quoted[start:position]) >= COVERED_SHARE * size:
                result.covered += 1
            else:
                result.uncovered.append(sentence)
        report.append(result)
    return report
