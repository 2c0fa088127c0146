"""What the quotes leave out, and what they quote without saying it is broken.

Two checks a machine can make on the quotes themselves:

- **an unquoted rule sentence**: every sentence of every seed (cut as ``check --coverage`` cuts
  them: headings left out) is quoted by some clause or listed in ``residue.yaml`` with a reason.
  A sentence that is neither is a rule the corpus does not state, or text nobody looked at; either
  way the check fails, naming the seed, its line and the sentence.
- **a garbled quote without a note**: a quote is copied as the seed stands, faults and all; where
  the quoted stretch is visibly broken the clause's ``note`` must say how it was read. Broken means
  one of the marks in :data:`GARBLE_MARKS`: two words glued together (a lower-case letter running
  into a capital inside one word; in Gujarati, a sentence's closing verb છે/છો running into the
  next word), or markup and web residue (``<``, ``>``, brackets, a link) inside running text.
"""

from __future__ import annotations

import re
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
    return _garbled_without_note(corpus) + _unquoted_sentences(corpus)


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
