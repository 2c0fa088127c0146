"""Whole-corpus checks: ids, references, citations and disagreements (and, through
:mod:`referee.corpus.fidelity`, that clauses say what their sources and card records say;
:mod:`referee.corpus.quote_checks`, that every seed sentence is quoted and quotes are whole and
noted where garbled; :mod:`referee.corpus.card_numbers`, that card numbers are the game's;
:mod:`referee.corpus.rulings`, that every card ruling is applied or explained).

:func:`check_corpus` returns every problem it finds, each naming file, line and field, so one
run of ``referee check`` shows everything to fix.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from referee.corpus import schema
from referee.corpus.card_numbers import check_card_numbers
from referee.corpus.clause import Clause
from referee.corpus.corpus import Corpus
from referee.corpus.figures import check_figures
from referee.corpus.rulings import check_rulings
from referee.corpus.sources import normalize, quote_problem, repair  # noqa: F401 (quote_problem: also read here)
from referee.corpus.paths import display_root
from referee.errors import Problem
from referee.kept import code_stamps, files_under, kept_problems, stamps


def check_corpus_kept(corpus: Corpus) -> list[Problem]:
    """:func:`check_corpus`, kept in the user cache while the corpus's files and the package's
    code are unchanged (:mod:`referee.kept`): a localizer's ``referee check`` pays for the
    corpus only when it changed."""
    root = Path(corpus.root)
    key = (display_root(root), stamps(files_under(root)), code_stamps())
    return kept_problems("corpus-check", str(root), key, lambda: check_corpus(corpus))


def check_corpus(corpus: Corpus) -> list[Problem]:
    """Every problem of the corpus that needs more than one file to see."""
    problems: list[Problem] = []
    problems += _check_ids(corpus)
    for clause in corpus.all_clauses:
        problems += _check_topics(corpus, clause)
        problems += _check_sources(corpus, clause)
        problems += _check_game(corpus, clause)
        problems += _check_related(corpus, clause)
    problems += _check_conflicts(corpus)
    problems += _check_residue(corpus)
    # lazy: referee.corpus.fidelity 49 ms, referee.corpus.quote_checks 34 ms, …: only the calls that need them pay
    from referee.corpus.cards import check_cards
    from referee.corpus.fidelity import check_fidelity
    from referee.corpus.quote_checks import check_quotes

    problems += check_cards(corpus)
    problems += check_card_numbers(corpus)
    problems += check_fidelity(corpus)
    problems += check_quotes(corpus)
    problems += check_rulings(corpus)
    problems += check_figures(corpus)
    if corpus.cards:
        # lazy: referee.corpus.vocabulary_check 46 ms to import, paid only by the calls that need it
        from referee.corpus.vocabulary_check import check_vocabulary

        problems += check_vocabulary(corpus)
    return problems


def _at(clause: Clause, part: str, index: int | None = None, key: str | None = None) -> int:
    lines = clause.lines.get(part)
    if isinstance(lines, list):
        found = lines[index] if index is not None and index < len(lines) else clause.line
        return found.get(key, clause.line) if isinstance(found, dict) else found
    return lines or clause.line


def _check_ids(corpus: Corpus) -> list[Problem]:
    counts = Counter(c.id for c in corpus.all_clauses)
    return [Problem(c.file, _at(c, "key"), f"{c.id}.key",
                    f"duplicate id {c.id!r} (ids must be unique)")
            for c in corpus.all_clauses if counts[c.id] > 1]


def _check_topics(corpus: Corpus, clause: Clause) -> list[Problem]:
    known = set(corpus.topics) | set(corpus.tags)
    out = []
    if not clause.topics:
        out.append(Problem(clause.file, _at(clause, "topics"), f"{clause.id}.topics",
                           "expected at least one topic"))
    for topic in clause.topics:
        if topic not in known:
            out.append(Problem(clause.file, _at(clause, "topics"), f"{clause.id}.topics",
                               f"unknown topic {topic!r} (add it to {corpus.display}/topics.yaml or use a listed one)"))
    return out


def _check_sources(corpus: Corpus, clause: Clause) -> list[Problem]:
    out = []
    if not clause.sources and clause.basis is None:
        out.append(Problem(clause.file, clause.line, f"{clause.id}.sources",
                           "expected at least one source citation "
                           "(or basis: published-card for a printed card power)"))
    elif not clause.sources and not clause.cards:
        out.append(Problem(clause.file, clause.line, f"{clause.id}.sources",
                           "a clause that quotes no source states the power of a published card: list that "
                           "card in `cards`, or cite the seed sentence that states the rule"))
    for i, source in enumerate(clause.sources):
        field = f"{clause.id}.sources[{i}]"
        seed = corpus.seeds.get(source.seed)
        if seed is not None and source.lang != seed.lang:
            out.append(Problem(clause.file, _at(clause, "sources", i, "lang"), f"{field}.lang",
                               f"expected {seed.lang!r} (the language of {source.seed}), got {source.lang!r}"))
        problem = quote_problem(corpus, source.seed, source.quote)
        if problem:
            key = "seed" if seed is None else "quote"
            out.append(Problem(clause.file, _at(clause, "sources", i, key), f"{field}.{key}", problem))
    return out


def _check_game(corpus: Corpus, clause: Clause) -> list[Problem]:
    """A clause of one game that cites only texts stating the rules of other games, with no note
    saying why (a rule carried over from another game is read that way on purpose)."""
    seeds = [corpus.seeds[s.seed] for s in clause.sources if s.seed in corpus.seeds]
    if not seeds or any(not seed.games or clause.game in seed.games for seed in seeds):
        return []
    if clause.note and clause.note.strip():
        return []
    games = sorted({g for seed in seeds for g in seed.games})
    return [Problem(clause.file, _at(clause, "game"), f"{clause.id}.game",
                    f"a {clause.game!r} clause that cites only texts of {', '.join(map(repr, games))} "
                    f"(rules/sources.yaml `games`): give it the game its sources state, or say in a note "
                    f"why another game's rule is read for this one")]


def _check_related(corpus: Corpus, clause: Clause) -> list[Problem]:
    out = []
    for i, rel in enumerate(clause.related):
        field = f"{clause.id}.related[{i}].id"
        if rel.id == clause.id:
            out.append(Problem(clause.file, _at(clause, "related", i), field, "a clause cannot relate to itself"))
        elif rel.id not in corpus:
            hint = "" if schema.ID_PATTERN.match(rel.id) else " (ids look like 'combat.ties')"
            out.append(Problem(clause.file, _at(clause, "related", i), field,
                               f"no clause with id {rel.id!r}{hint}"))
    return out


def _check_conflicts(corpus: Corpus) -> list[Problem]:
    out = []
    in_conflict = {c.id for group in corpus.conflict_groups() for c in group}
    for clause in corpus:
        if clause.id in in_conflict and clause.conflict is None:
            out.append(Problem(clause.file, clause.line, f"{clause.id}.conflict",
                               "missing: a clause in a disagreement (conflicts-with) must say whether "
                               "the engine follows it, and why"))
        if clause.conflict is not None and clause.id not in in_conflict:
            out.append(Problem(clause.file, _at(clause, "conflict"), f"{clause.id}.conflict",
                               "a conflict block needs a conflicts-with relation to the other reading"))
    for group in corpus.conflict_groups():
        for game in sorted({c.game for c in group}):
            same_game = [c for c in group if c.game == game and c.conflict is not None]
            followed = [c for c in same_game if c.conflict.followed]
            if same_game and len(followed) != 1:
                first = same_game[0]
                names = ", ".join(c.id for c in same_game)
                out.append(Problem(first.file, _at(first, "conflict"), f"{first.id}.conflict.followed",
                                   f"expected exactly one followed reading for game {game!r} among "
                                   f"{names}; found {len(followed)}"))
    return out


def _check_residue(corpus: Corpus) -> list[Problem]:
    out = []
    for i, entry in enumerate(corpus.residue):
        problem = quote_problem(corpus, entry.seed, entry.quote)
        if problem:
            out.append(Problem(entry.file, entry.line, f"[{i}].quote", problem))
    return out
