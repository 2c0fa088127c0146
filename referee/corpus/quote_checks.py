"""What the quotes leave out, and what they quote without saying it is broken.

Four checks a machine can make on the quotes themselves:

- **an unquoted rule sentence**: every sentence of every seed (cut as ``check --coverage`` cuts
  them: headings left out) is quoted by some clause or listed in ``residue.yaml`` with a reason.
  A sentence that is neither is a rule the corpus does not state, or text nobody looked at; either
  way the check fails, naming the seed, its line and the sentence.
- **a garbled quote without a note**: a quote is copied as the seed stands, faults and all; where
  the quoted stretch is visibly broken the clause's ``note`` must say how it was read. Broken means
  one of the marks in :data:`GARBLE_MARKS`: two words glued together (a lower-case letter running
  into a capital inside one word; in Gujarati, a sentence's closing verb છે/છો running into the
  next word), or markup and web residue (``<``, ``>``, brackets, a link) inside running text.
- **a quote cut inside a word**: a quote (or residue entry) found in its seed must start and end
  on word boundaries there; "onsigues escapar" is a slip of the copy, not the source's wording.
- **a number left out as residue**: residue is flavour, web residue and broken fragments; a
  residue entry whose words carry a number (a count of cards, a level, a roll) states something a
  rule can use, so it belongs in a clause (stray characters with no words, such as "<9", stay).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

from referee.corpus.coverage import coverage
from referee.corpus.sources import Seed, normalize
from referee.errors import Problem

#: a word as the seeds write it: letters with their combining marks (Gujarati vowel signs)
WORD = re.compile(r"[^\W\d_][\w\u0300-\u036f\u0A81-\u0A83\u0ABC-\u0ACD]*")
#: Gujarati sentences close on these verb forms ("is", "are")
GUJARATI_CLOSING_VERBS = ("છે", "છો")
#: how often the rest of a glued word must stand alone in the seed to count as a word of it
WORD_SEEN = 3
_CASE_GLUE = re.compile(r"[a-zß-öø-ÿőűı][A-ZÀ-ÖØ-ÞŐŰİ]")
_RESIDUE_MARK = re.compile(r"[<>\[\]{}|]|https?://|www\.")


def check_quotes(corpus) -> list[Problem]:
    return (_garbled_without_note(corpus) + _cut_words(corpus) + _numbers_in_residue(corpus)
            + _unquoted_sentences(corpus))


# ------------------------------------------------------------------ garbled quotes

def garble_marks(seed: Seed, quote: str) -> list[str]:
    """Why the quoted text looks broken (empty when it does not)."""
    marks = []
    residue = _RESIDUE_MARK.search(quote)
    if residue:
        marks.append(f"markup or web residue {residue.group(0)!r}")
    words = _seed_words(seed)
    for word in WORD.findall(quote):
        if _CASE_GLUE.search(word):
            marks.append(f"the glued words {word!r}")
            continue
        for verb in GUJARATI_CLOSING_VERBS:
            rest = word[len(verb):]
            if word.startswith(verb) and rest and words[rest] >= WORD_SEEN:
                marks.append(f"the glued words {word!r} ({verb} + {rest})")
    return marks


@lru_cache(maxsize=16)
def _seed_words(seed: Seed) -> Counter:
    return Counter(WORD.findall(seed.searchable))


def _garbled_without_note(corpus) -> list[Problem]:
    out = []
    for clause in corpus.all_clauses:
        if clause.note and clause.note.strip():
            continue
        lines = clause.lines.get("sources") or []
        for i, source in enumerate(clause.sources):
            seed = corpus.seeds.get(source.seed)
            marks = garble_marks(seed, source.quote) if seed is not None else []
            if marks:
                line = lines[i].get("quote", clause.line) if i < len(lines) and isinstance(lines[i], dict) \
                    else clause.line
                out.append(Problem(clause.file, line, f"{clause.id}.sources[{i}].quote",
                                   f"quotes garbled text ({'; '.join(marks)}) and the clause has no `note`: "
                                   f"say in a note how the sentence was read"))
    return out


# ------------------------------------------------------------------ quotes cut inside a word

def cut_inside_a_word(seed: Seed, quote: str) -> str | None:
    """Where a quote found in the seed starts or ends inside one of its words (``None`` when
    some occurrence of it stands on word boundaries, or it is not in the seed at all)."""
    text, wanted = seed.searchable, normalize(quote)
    at, where = text.find(wanted), None
    while at >= 0:
        end = at + len(wanted)
        starts_inside = at > 0 and _letter(text[at - 1]) and _letter(text[at])
        ends_inside = end < len(text) and _letter(text[end - 1]) and _letter(text[end])
        if not (starts_inside or ends_inside):
            return None
        if where is None:
            where = (f"starts inside the word {_word_at(text, at)!r}" if starts_inside
                     else f"ends inside the word {_word_at(text, end - 1)!r}")
        at = text.find(wanted, at + 1)
    return where


def _letter(char: str) -> bool:
    """A character of a word: letters and digits, and the marks that belong to them."""
    return char.isalnum() or unicodedata.category(char).startswith("M")


def _word_at(text: str, index: int) -> str:
    start = index
    while start > 0 and _letter(text[start - 1]):
        start -= 1
    end = index
    while end < len(text) and _letter(text[end]):
        end += 1
    return text[start:end]


def _cut_words(corpus) -> list[Problem]:
    out = []
    for clause in corpus.all_clauses:
        lines = clause.lines.get("sources") or []
        for i, source in enumerate(clause.sources):
            seed = corpus.seeds.get(source.seed)
            where = cut_inside_a_word(seed, source.quote) if seed is not None else None
            if where:
                line = lines[i].get("quote", clause.line) if i < len(lines) and isinstance(lines[i], dict) \
                    else clause.line
                out.append(Problem(clause.file, line, f"{clause.id}.sources[{i}].quote",
                                   f"the quote {where} of {source.seed}: quote whole words, as the seed "
                                   f"has them"))
    for i, entry in enumerate(corpus.residue):
        seed = corpus.seeds.get(entry.seed)
        where = cut_inside_a_word(seed, entry.quote) if seed is not None else None
        if where:
            out.append(Problem(entry.file, entry.line, f"[{i}].quote",
                               f"the quote {where} of {entry.seed}: quote whole words, as the seed has them"))
    return out


# ------------------------------------------------------------------ numbers left out as residue

_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.]*\w)")


def _numbers_in_residue(corpus) -> list[Problem]:
    out = []
    for i, entry in enumerate(corpus.residue):
        number = _NUMBER.search(entry.quote)
        if number and WORD.search(entry.quote):
            out.append(Problem(entry.file, entry.line, f"[{i}].quote",
                               f"leaves out text with the number {number.group(0)} ({_short(entry.quote)!r}): "
                               f"a count, level or roll is something a rule can use; quote it in a clause"))
    return out


def _short(text: str, size: int = 60) -> str:
    text = normalize(text)
    return text if len(text) <= size else text[:size - 1] + "…"


# ------------------------------------------------------------------ sentences nobody quotes

def _unquoted_sentences(corpus) -> list[Problem]:
    out = []
    for report in coverage(corpus):
        if not report.uncovered:
            continue
        seed = corpus.seeds[report.seed]
        for sentence in report.uncovered:
            excerpt = sentence if len(sentence) <= 80 else sentence[:79] + "…"
            out.append(Problem(f"{corpus.display}/sources/{seed.name}", _line_of(seed, sentence), "sentence",
                               f"{excerpt!r} is quoted by no clause and not listed in residue.yaml: quote it in "
                               f"the clause that states its rule, or list it as residue with the reason it "
                               f"states none"))
    return out


def _line_of(seed: Seed, sentence: str) -> int | None:
    """The seed line a sentence starts on (its first words, spacing folded)."""
    head = sentence.split()[:4]
    pattern = re.compile(r"\s+".join(re.escape(w) for w in head))
    for number, line in enumerate(seed.repaired.splitlines(), 1):
        if pattern.search(normalize(line)):
            return number
    return None
