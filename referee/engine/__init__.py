"""The rules engine: judge a situation, with the clauses that decided it.

Pure: no I/O, no printing, no translation. ``judge`` takes a :class:`referee.model.Situation`
and the figures of the rules as the corpus states them (:mod:`referee.engine.values`), and
returns a :class:`referee.model.Verdict` whose reasons cite clause ids of the corpus.

>>> from referee.corpus import load_corpus
>>> from referee.situation import load_situation
>>> verdict = judge(load_situation('''
... players: [{name: Anna, level: 5, classes: [warrior]}]
... combat: {fighter: Anna, monsters: [{name: Troll, level: 5}]}
... question: {kind: combat}'''), load_corpus().values)
>>> verdict.verdict, verdict.details["levels"]
('win', {'Anna': 1})
"""

from __future__ import annotations

from importlib import import_module

from referee.engine.character import as_played_situation
from referee.engine.precedence import EngineConflict
from referee.engine.trace import Trace
from referee.engine.variants import rules_for
from referee.model import Situation, Verdict
from referee.registry import QUESTIONS

#: question kind -> the function that judges it ("module:function" of referee.engine), from the
#: registry of questions; imported when asked: a process judges one question and need not load
#: the rules of all of them.
JUDGES = {question.kind: question.judge for question in QUESTIONS}


def judge_for(kind: str):
    module, function = JUDGES[kind].split(":")
    return getattr(import_module(f"referee.engine.{module}"), function)


__all__ = ["EngineConflict", "JUDGES", "judge"]


def judge(situation: Situation, values) -> Verdict:
    """Answer the situation's question, with the figures of the rules ``values`` (the corpus's
    ``values``: clause id -> name -> figure, or a :class:`~referee.engine.values.RuleValues`).

    The question is judged on the players as the rules see them (the races, classes and sex
    that count under the curses on them); ``rules.situation`` keeps the table as described.
    """
    rules = rules_for(situation, values)
    trace = Trace(rules.clause)
    played = as_played_situation(situation, trace, involved(situation), rules)
    verdict = judge_for(situation.question.kind)(played, rules, trace)
    return verdict._replace(reasons=tuple(trace.reasons), dissent=tuple(trace.dissent))


def involved(situation: Situation) -> set[str]:
    """The players a question is about: whose curses its reasons should mention."""
    question, combat = situation.question, situation.combat
    names = {question.player, question.target}
    if combat is not None and (question.kind in ("combat", "run-away") or situation.phase in ("combat", "running-away")):
        names |= {combat.fighter, combat.helper}
    return {n for n in names if n}

