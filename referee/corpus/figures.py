"""The figures of the rules (a clause's ``values:``): each one stated by its clause's own text,
and every figure the engine reads given by the corpus.

A figure kept as data must be the one its clause says: ``{hand_limit: 5}`` on a clause that
reads "no more than five cards". The English text is the reference; a figure written in digits
("level 10", "1,000 Gold Pieces", "the 10th level") or as an English number word ("five")
counts as stated.
"""

from __future__ import annotations

import re

from referee.engine.values import READ
from referee.errors import Problem

#: English number words a clause may write a figure as
WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen twenty").split()


def stated(value: int, text: str) -> bool:
    """Does ``text`` state the figure ``value`` (in digits, with or without thousands commas, or
    in words)?"""
    digits = f"{value:,}" if value >= 1000 else str(value)
    if re.search(rf"(?<![\d,.]){re.escape(digits)}(?![\d]|,\d)", text) or (
            value >= 1000 and re.search(rf"(?<![\d,.]){value}(?!\d)", text)):
        return True
    return value < len(WORDS) and re.search(rf"\b{WORDS[value]}\b", text, re.IGNORECASE) is not None


def check_figures(corpus) -> list[Problem]:
    problems = []
    for clause in corpus.all_clauses:
        for name, value in clause.values.items():
            if not stated(value, clause.text):
                problems.append(Problem(clause.file, clause.lines.get("values") or clause.line,
                                        f"{clause.id}.values.{name}",
                                        f"the clause's text does not state {value}: a figure kept as data is the one "
                                        f"its clause says"))
    for clause_id, name in READ:
        clause = corpus.clauses.get(clause_id)
        if clause is None or name not in clause.values:
            problems.append(Problem(clause.file if clause else corpus.display, clause.line if clause else None,
                                    f"{clause_id}.values.{name}",
                                    f"the engine reads the figure {name!r} from clause {clause_id}: give it in "
                                    f"the clause's `values:`"))
    return problems
