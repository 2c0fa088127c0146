"""The rules engine: judge a situation, with the clauses that decided it.

Pure: no I/O, no printing, no translation. ``judge`` takes a :class:`referee.model.Situation`
and returns a :class:`referee.model.Verdict` whose reasons cite clause ids of the corpus.

>>> from referee.situation import load_situation
>>> verdict = judge(load_situation('''
... players: [{name: Anna, level: 5, classes: [warrior]}]
... combat: {fighter: Anna, monsters: [{name: Troll, level: 5}]}
... question: {kind: combat}'''))
>>> verdict.verdict, verdict.details["levels"]
('win', {'Anna': 1})
"""

from __future__ import annotations

from dataclasses import replace

from referee.engine.actions import judge_action
from referee.engine.combat import judge_combat
from referee.engine.levels import judge_level
from referee.engine.precedence import EngineConflict
from referee.engine.running import judge_run_away
from referee.engine.selling import judge_sell
from referee.engine.table import judge_charity, judge_death, judge_equipment, judge_munchkin_die
from referee.engine.trace import Trace
from referee.engine.variants import rules_for
from referee.model import Situation, Verdict

JUDGES = {
    "combat": judge_combat,
    "run-away": judge_run_away,
    "sell": judge_sell,
    "level": judge_level,
    "action": judge_action,
    "equipment": judge_equipment,
    "charity": judge_charity,
    "death": judge_death,
    "munchkin-die": judge_munchkin_die,
}

__all__ = ["EngineConflict", "JUDGES", "judge"]


def judge(situation: Situation) -> Verdict:
    """Answer the situation's question."""
    rules = rules_for(situation)
    trace = Trace(rules.clause)
    verdict = JUDGES[situation.question.kind](situation, rules, trace)
    return replace(verdict, reasons=tuple(trace.reasons), dissent=tuple(trace.dissent))

