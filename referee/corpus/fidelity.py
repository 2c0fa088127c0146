"""Checks that the clauses say what their sources and card records say.

Three kinds of drift a schema cannot see:

- a card named in a clause's text or note (by its English name, an alias, or the name a source
  gives it) that the clause's ``cards`` does not link, so ``referee card`` would miss the ruling;
- a card written in a spelling no record knows: the words of a card's name run together or split
  differently ("Lizardman" for the Lizard Guy, alias "Lizard Man"), so no lookup finds it;
- a seed sentence cited twice: twice in one clause, or by two clauses that are not related to
  each other (a sentence that states two rules is quoted in both clauses, and the clauses say
  so with a relation), or both cited and left out as residue, or left out twice;
- the vocabulary of readings: a reading the engine does not follow is of kind ``variant`` and a
  ``variant`` is such a reading; an erratum says what it corrects (a card in ``cards`` or an
  ``errata-of`` relation), and only an erratum states ``errata-of``.

Every problem names file, line and field, like the rest of :mod:`referee.corpus.checks`.
"""

from __future__ import annotations

import re

from referee.corpus.clause import Clause
from referee.corpus.corpus import Corpus
from referee.corpus.coverage import COVERED_SHARE, sentence_spans
from referee.corpus.sources import normalize
from referee.errors import Problem
from referee.records import Record

#: the kind every reading with ``conflict.followed: false`` has, and only those
NOT_FOLLOWED_KIND = "variant"


def check_fidelity(corpus: Corpus) -> list[Problem]:
    """Every fidelity problem of the corpus, in corpus order."""
    problems: list[Problem] = []
    names = CardNames(corpus)
    for clause in corpus.all_clauses:
        problems += _unlinked_cards(clause, "text", clause.text, names)
        problems += _respelled_cards(clause, "text", clause.text, names)
        if clause.note:
            problems += _unlinked_cards(clause, "note", clause.note, names)
            problems += _respelled_cards(clause, "note", clause.note, names)
        problems += _check_kind(clause)
    problems += _repeated_sentences(corpus)
    return problems


# ------------------------------------------------------------------ card names in texts and notes

class CardNames:
    """Every name a card goes by, found in running text longest first.

    A match must stand as a whole name (not inside a longer word or hyphenated name) and is
    case-sensitive: card names are written capitalised, as on the card, so the ordinary words
    some cards are named after ("dead", "high") do not count.
    """

    def __init__(self, corpus: Corpus):
        #: name form -> the English names of the cards that go by it
        self.cards_of: dict[str, set[str]] = {}
        for card in corpus.cards.values():
            forms = {card.name, *card.aliases, *(name for name, _seed, _line in card.names.values())}
            for form in forms:
                if len(form) > 1:
                    self.cards_of.setdefault(form, set()).add(card.name)
        #: a name with its spacing, hyphens and punctuation squeezed out -> the cards it spells
        self._squashed: dict[str, set[str]] = {}
        for form, cards in self.cards_of.items():
            if len(_squash(form)) > 3:
                self._squashed.setdefault(_squash(form), set()).update(cards)
        alternatives = "|".join(re.escape(f) for f in sorted(self.cards_of, key=len, reverse=True))
        self._pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])") if alternatives else None

    def respelled_in(self, text: str) -> list[tuple[str, set[str]]]:
        """``(as written, card names)`` for each run of one to four words, capitalised, that
        spells a card's name with its words run together or split otherwise, and is none of the
        card's forms."""
        out = []
        words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
        for i, (start, _end) in enumerate(words):
            if not text[start:start + 1].isupper():
                continue
            for last in range(i, min(i + 4, len(words))):
                written = text[start:words[last][1]].strip(".,;:()\"“”!?")
                cards = self._squashed.get(_squash(written))
                if not cards:
                    continue
                if not any(text.startswith(form, start) for form in self._forms_of(cards)):
                    out.append((written, cards))
        return out

    def _forms_of(self, cards: set[str]) -> list[str]:
        return [form for form, of in self.cards_of.items() if of & cards]

    def found_in(self, text: str) -> list[tuple[str, set[str]]]:
        """``(form, card names)`` for each card name in ``text``, in reading order."""
        if self._pattern is None:
            return []
        return [(m.group(0), self.cards_of[m.group(0)]) for m in self._pattern.finditer(text)]


def _squash(name: str) -> str:
    return re.sub(r"[\W_]+", "", name).casefold()


def _respelled_cards(clause: Clause, field: str, text: str, names: CardNames) -> list[Problem]:
    out, reported = [], set()
    for written, cards in names.respelled_in(text):
        if written in reported:
            continue
        reported.add(written)
        card = " or ".join(repr(c) for c in sorted(cards))
        out.append(Problem(clause.file, _line(clause, field), f"{clause.id}.{field}",
                           f"writes the card {card} as {written!r}, a spelling no card record knows: "
                           f"write its name or an alias as the record spells it"))
    return out


def _line(clause: Clause, part: str) -> int:
    return clause.lines.get(part) or clause.line


def _unlinked_cards(clause: Clause, field: str, text: str, names: CardNames) -> list[Problem]:
    out, reported = [], set()
    for form, cards in names.found_in(text):
        if cards & set(clause.cards) or form in reported:
            continue
        reported.add(form)
        card = " or ".join(repr(c) for c in sorted(cards))
        as_written = "" if form in cards else f" (as {form!r})"
        out.append(Problem(clause.file, _line(clause, field), f"{clause.id}.{field}",
                           f"names the card {card}{as_written}, which the clause's `cards` does not list: "
                           f"link the card, or write the {field} without its name"))
    return out


# ------------------------------------------------------------------ the vocabulary of readings

def _check_kind(clause: Clause) -> list[Problem]:
    out = []
    not_followed = clause.conflict is not None and not clause.conflict.followed
    if not_followed and clause.kind != NOT_FOLLOWED_KIND:
        out.append(Problem(clause.file, _line(clause, "kind"), f"{clause.id}.kind",
                           f"a reading the engine does not follow (conflict.followed: false) is of kind "
                           f"{NOT_FOLLOWED_KIND!r}, got {clause.kind!r}"))
    if clause.kind == NOT_FOLLOWED_KIND and not not_followed:
        out.append(Problem(clause.file, _line(clause, "kind"), f"{clause.id}.kind",
                           f"kind {NOT_FOLLOWED_KIND!r} is for a reading the engine does not follow: give it a "
                           f"conflict block with followed: false, or another kind"))
    corrects = [rel for rel in clause.related if rel.relation == "errata-of"]
    if clause.kind == "errata" and not corrects and not clause.cards:
        out.append(Problem(clause.file, _line(clause, "kind"), f"{clause.id}.kind",
                           "an erratum says what it corrects: list the card in `cards`, or relate "
                           "errata-of to the clause whose text it corrects"))
    for i, rel in enumerate(clause.related):
        if rel.relation == "errata-of" and clause.kind != "errata":
            lines = clause.lines.get("related") or []
            out.append(Problem(clause.file, lines[i] if i < len(lines) else clause.line,
                               f"{clause.id}.related[{i}].relation",
                               f"only an erratum (kind 'errata') corrects another clause; this one is of kind "
                               f"{clause.kind!r} (use clarifies or overrides)"))
    return out


# ------------------------------------------------------------------ the same sentence cited twice

class Citation(Record):
    """Where a quote (of a clause or of the residue) stands in its seed."""

    seed: str
    start: int
    end: int
    clause: Clause | None      # None for residue
    index: int                 # sources[index] of the clause, or the residue entry's index
    file: str
    line: int

    def name(self) -> str:
        return (f"{self.clause.id}.sources[{self.index}]" if self.clause
                else f"residue entry [{self.index}]")


def _citations(corpus: Corpus) -> list[Citation]:
    """Every quote located in its seed; a quote the seed holds twice takes its occurrences in turn."""
    taken: dict[tuple[str, str], int] = {}
    out = []

    def locate(seed_name: str, quote: str) -> tuple[int, int] | None:
        seed = corpus.seeds.get(seed_name)
        wanted = normalize(quote)
        if seed is None or not wanted:
            return None
        starts, at = [], seed.searchable.find(wanted)
        while at >= 0:
            starts.append(at)
            at = seed.searchable.find(wanted, at + 1)
        if not starts:
            return None  # reported by the quote check
        turn = taken.get((seed_name, wanted), 0)
        taken[(seed_name, wanted)] = turn + 1
        start = starts[turn % len(starts)]
        return start, start + len(wanted)

    for clause in corpus.all_clauses:
        source_lines = clause.lines.get("sources") or []
        for i, source in enumerate(clause.sources):
            span = locate(source.seed, source.quote)
            if span:
                lines = source_lines[i] if i < len(source_lines) else {}
                line = lines.get("quote", clause.line) if isinstance(lines, dict) else clause.line
                out.append(Citation(source.seed, *span, clause, i, clause.file, line))
    for i, entry in enumerate(corpus.residue):
        span = locate(entry.seed, entry.quote)
        if span:
            out.append(Citation(entry.seed, *span, None, i, entry.file, entry.line))
    return out


def _same_text(a: Citation, b: Citation, spans: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The stretch of seed two citations both quote, if it amounts to a sentence; else ``None``.

    It does when it is most of the shorter quote, or most of one of the seed's sentences.
    """
    start, end = max(a.start, b.start), min(a.end, b.end)
    if end <= start:
        return None
    if end - start >= COVERED_SHARE * min(a.end - a.start, b.end - b.start):
        return start, end
    for s_start, s_end in spans:
        if min(end, s_end) - max(start, s_start) >= COVERED_SHARE * (s_end - s_start):
            return start, end
    return None


def _related(corpus: Corpus, a: str, b: str) -> bool:
    return any(r.id == b for r in corpus.clauses[a].related) or any(r.id == a for r in corpus.clauses[b].related)


def _repeated_sentences(corpus: Corpus) -> list[Problem]:
    by_seed: dict[str, list[Citation]] = {}
    for citation in _citations(corpus):
        by_seed.setdefault(citation.seed, []).append(citation)
    out = []
    for seed_name, citations in by_seed.items():
        spans = sentence_spans(corpus.seeds[seed_name])
        text = corpus.seeds[seed_name].searchable
        # Clauses sharing a sentence must be joined by relations: citations that share text form
        # groups (one sentence quoted by three clauses is one group), then each group is checked.
        group_of = list(range(len(citations)))

        def root(i: int) -> int:
            while group_of[i] != i:
                group_of[i] = group_of[group_of[i]]
                i = group_of[i]
            return i

        for j, later in enumerate(citations):
            for i, earlier in enumerate(citations[:j]):
                stretch = _same_text(earlier, later, spans)
                if stretch is None:
                    continue
                problem = _pair_problem(earlier, later, _excerpt(text[stretch[0]:stretch[1]]), seed_name)
                if problem:
                    out.append(problem)
                elif earlier.clause and later.clause and earlier.clause.id != later.clause.id:
                    group_of[root(j)] = root(i)
        groups: dict[int, list[Citation]] = {}
        for i, citation in enumerate(citations):
            if citation.clause is not None:
                groups.setdefault(root(i), []).append(citation)
        for group in groups.values():
            if len({c.clause.id for c in group}) > 1:
                out += _unrelated(corpus, group, text, seed_name)
    return out


def _pair_problem(earlier: Citation, later: Citation, excerpt: str, seed: str) -> Problem | None:
    """Repeats that no relation excuses: within one clause, and anything touching the residue."""
    if earlier.clause is None and later.clause is None:
        message = f"leaves out {excerpt!r} of {seed} again: {earlier.name()} already does; keep one entry"
    elif earlier.clause is None or later.clause is None:
        message = (f"{excerpt!r} of {seed} is both quoted ({(earlier.clause and earlier or later).name()}) and "
                   f"left out as residue ({(later if later.clause is None else earlier).name()}): "
                   f"a sentence is either cited or residue")
    elif earlier.clause.id == later.clause.id:
        message = (f"quotes {excerpt!r} of {seed} again: sources[{earlier.index}] already quotes it; "
                   f"cite each sentence once")
    else:
        return None
    field = (f"{later.clause.id}.sources[{later.index}].quote" if later.clause else f"[{later.index}].quote")
    return Problem(later.file, later.line, field, message)


def _unrelated(corpus: Corpus, group: list[Citation], text: str, seed: str) -> list[Problem]:
    """Clauses quoting one sentence that no chain of relations among them joins.

    The clauses are split into the parts relations join; every clause outside the largest part
    is reported (all of them when no part is largest, as for two unrelated clauses), naming a
    clause of another part, so the problem shows wherever the relation may be added.
    """
    ids = list(dict.fromkeys(c.clause.id for c in group))
    parts: list[set[str]] = []
    for clause_id in ids:
        joined = [part for part in parts if any(_related(corpus, clause_id, other) for other in part)]
        merged = {clause_id}.union(*joined)
        parts = [part for part in parts if part not in joined] + [merged]
    if len(parts) == 1:
        return []
    sizes = sorted((len(part) for part in parts), reverse=True)
    main = max(parts, key=len) if sizes[0] > sizes[1] else None
    out = []
    for clause_id in ids:
        if main is not None and clause_id in main:
            continue
        mine = next(c for c in group if c.clause.id == clause_id)
        other_part = main if main is not None else next(part for part in parts if clause_id not in part)
        other = next(c for c in group if c.clause.id in other_part)
        shared = text[max(mine.start, other.start):min(mine.end, other.end)] or text[mine.start:mine.end]
        out.append(Problem(mine.file, mine.line, f"{clause_id}.sources[{mine.index}].quote",
                           f"quotes {_excerpt(shared)!r} of {seed}, which {other.name()} also quotes, and the "
                           f"two clauses are not related: relate them if the sentence states both rules, "
                           f"or cite it once"))
    return out


def _excerpt(text: str, size: int = 60) -> str:
    text = text.strip()
    return text if len(text) <= size else text[:size - 1] + "…"
