"""A game in progress, kept between commands: ``referee table …`` and the questions asked on it.

Each function opens the table file, records one change decided by :mod:`referee.table.changes`
inside one write transaction, and closes it. The command line, the interactive session and the
local server all call these; none of them touches the store or decides a change itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, Optional

from referee.table.state import replay
from referee.table.store import Change, open_store


class Shown(NamedTuple):
    """The table as it stands and its log (``state`` is ``None`` before any game)."""

    state: Optional[dict]
    changes: list[Change]


def show(path: Optional[Path] = None) -> Shown:
    with open_store(path) as store:
        log = store.changes()
    return Shown(replay(log), log)


def state_of(path: Optional[Path] = None) -> dict:
    """The table in progress; :class:`NotFound` when there is none."""
    from referee.table.changes import current

    return current(show(path).changes)


def new(names: list[str], game: str = "munchkin", expansions: list[str] = (), house_rules: list[str] = (),
        replace: bool = False, path: Optional[Path] = None) -> Change:
    from referee.table import changes as decide

    with open_store(path, create=True) as store:
        return store.write(lambda log: decide.decide_new(log, list(names), game, list(expansions),
                                                         list(house_rules), replace))


def set_fields(name: str, assignments: list[str], path: Optional[Path] = None) -> Change:
    from referee.table import changes as decide

    with open_store(path) as store:
        return store.write(lambda log: decide.decide_set(log, name, list(assignments)))


def put_item(name: str, item: str, assignments: list[str] = (), card: Optional[str] = None, remove: bool = False,
             corpus=None, path: Optional[Path] = None) -> Change:
    from referee.table import changes as decide

    with open_store(path) as store:
        return store.write(lambda log: decide.decide_item(log, name, item, list(assignments), card, remove, corpus))


def turn(name: Optional[str] = None, phase: Optional[str] = None, met: Optional[bool] = None,
         path: Optional[Path] = None) -> Change:
    from referee.table import changes as decide

    with open_store(path) as store:
        return store.write(lambda log: decide.decide_turn(log, name, phase, met))


def level(name: str, change: int, source: str, corpus, path: Optional[Path] = None):
    """The rules' verdict on a level change, and the change recorded (``None`` when refused)."""
    from referee.table import changes as decide

    judged = []

    def decided(log):
        draft, judgement = decide.decide_level(log, name, change, source, corpus)
        judged.append(judgement)
        return draft

    with open_store(path) as store:
        recorded = store.write(decided)
    return judged[-1], recorded


def record_fight(params: dict, corpus, path: Optional[Path] = None):
    """Judge the fight ``params`` describe (as :func:`referee.questions.ask` takes them) on the
    table, and record the levels it gives; return the judgement, the change (or ``None``) and the
    situation judged."""
    from referee.errors import BadInput
    from referee.questions import ask
    from referee.table import changes as decide

    if params.get("players"):
        raise BadInput("--record keeps the result on the table in progress; it takes no --player")
    judged, asked = [], []

    def decided(log):
        draft, judgement = decide.decide_fight(log, lambda state: _remember(asked, ask("fight", params, state,
                                                                                      corpus)), corpus)
        judged.append(judgement)
        return draft

    with open_store(path) as store:
        recorded = store.write(decided)
    return judged[-1], recorded, asked[-1]


def _remember(into: list, value):
    into.append(value)
    return value


def undo(count: int = 1, path: Optional[Path] = None) -> Change:
    from referee.table import changes as decide

    with open_store(path) as store:
        return store.write(lambda log: decide.decide_undo(log, count))


def strengths(state: dict, corpus=None) -> dict[str, int]:
    """Each player's combat strength out of a fight, as ``fight`` counts it: the same function
    (:func:`referee.engine.fight.player_strength`) on the player as the rules see them — level,
    the gear in use, the hireling, the curses and disguises — with the cards named as a judge
    reads them."""
    from referee.engine.character import as_played
    from referee.engine.fight import player_strength
    from referee.engine.trace import Trace
    from referee.engine.variants import rules_for
    from referee.situation import read_table
    from referee.table.changes import LOAD_CORPUS, card_names

    situation = read_table(state, "table", cards=card_names(LOAD_CORPUS if corpus is None else corpus))
    rules = rules_for(situation)
    return {p.name: player_strength(as_played(p), rules, Trace(rules.clause))[0] for p in situation.players}
