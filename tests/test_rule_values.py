"""The numbers of the rules are data of their clauses (``values:`` in rules/*.yaml): the engine
reads them from the corpus, ``referee check`` holds each to its clause's text.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from referee.corpus.figures import check_figures, stated
from referee.engine import judge
from referee.engine.values import READ, MissingValue
from referee.situation import read_situation

ANNA_WITH_SEVEN = {"turn": "Anna", "phase": "charity",
                   "players": [{"name": "Anna", "level": 5, "hand": 7}, {"name": "Bob", "level": 2}],
                   "question": {"kind": "charity", "player": "Anna"}}


def _changed(corpus, clause_id: str, values: dict):
    """What check_figures reads of ``corpus``, with one clause's figures replaced."""
    clause = corpus[clause_id]._replace(values=values)
    clauses = [clause if c.id == clause_id else c for c in corpus.all_clauses]
    return SimpleNamespace(all_clauses=clauses, clauses={c.id: c for c in clauses}, display=corpus.display)


def _with(corpus, clause_id: str, **figures) -> dict:
    values = {key: dict(found) for key, found in corpus.values.items()}
    values[clause_id] = {**values.get(clause_id, {}), **figures}
    return values


def test_every_figure_the_engine_reads_is_given_and_stated_by_its_clause(corpus):
    assert check_figures(corpus) == []
    for clause_id, name in READ:
        assert stated(corpus.values[clause_id][name], corpus[clause_id].text), clause_id


@pytest.mark.parametrize("value, text, expected", [
    (5, "no more than five cards in your hand", True),
    (10, "The 10th level must be reached by killing a monster", True),
    (1000, "worth a total of at least 1,000 Gold Pieces", True),
    (1000, "at least 1000 gold", True),
    (5, "roll a 6", False),
    (1, "level 10", False),
    (100, "1,000 gold", False),
])
def test_a_figure_counts_as_stated_in_digits_or_in_words(value, text, expected):
    assert stated(value, text) is expected


def test_the_engine_judges_with_the_figure_its_clause_gives(corpus):
    """Anna ends her turn with seven cards: two go to charity under a hand limit of five, none
    when the clause gives seven. The figure comes from the corpus, not from the engine."""
    situation = read_situation(ANNA_WITH_SEVEN, "charity")
    assert judge(situation, corpus.values).details["excess"] == 2
    assert judge(situation, _with(corpus, "turn.hand-limit", hand_limit=7)).details["excess"] == 0


def test_a_figure_that_its_clause_does_not_state_is_reported(corpus):
    problems = check_figures(_changed(corpus, "turn.hand-limit", {"hand_limit": 7}))
    assert [p.field for p in problems] == ["turn.hand-limit.values.hand_limit"]
    assert "does not state 7" in problems[0].message


def test_a_figure_the_engine_reads_but_the_corpus_lacks_is_reported_and_refused(corpus):
    problems = check_figures(_changed(corpus, "running-away.roll", {}))
    assert [p.field for p in problems] == ["running-away.roll.values.escape_roll"]
    values = {key: found for key, found in corpus.values.items() if key != "running-away.roll"}
    situation = read_situation({"players": [{"name": "Anna", "level": 1}],
                                "combat": {"fighter": "Anna", "monsters": [{"name": "Troll", "level": 9}]},
                                "question": {"kind": "run-away", "player": "Anna"}}, "flee")
    with pytest.raises(MissingValue, match="escape_roll"):
        judge(situation, values)
