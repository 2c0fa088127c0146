"""A game in progress, kept between commands: ``referee table …`` and the questions asked on it.

Each function opens the table file, records one change decided by :mod:`referee.table.changes`
(the fight: :mod:`referee.table.fight`) inside one write transaction, and closes it. The command
line, the interactive session and the local server all call these; none of them touches the
store or decides a change itself.

Common to every function that writes:

- ``expected``: the change count the caller's view of the table was based on (``Shown.count``,
  the ``"changes"`` of the table body). When the table has moved on, :class:`Stale` is raised
  with the table as it now stands, and nothing is written. ``None`` writes whatever the count.
- ``now``: the time of the change in seconds since the epoch (default: :data:`clock`). The fight's
  window is measured with it, so tests inject a clock instead of sleeping.
- Once the game is won (``Shown.winner``), every change but :func:`undo`, :func:`redo` and
  :func:`new` (``replace=True``) is refused with :class:`~referee.errors.BadInput` (exit 2,
  HTTP 422).
- Before reading or writing, :func:`settle` runs: a fight whose window has run out is recorded
  first, once, whichever process sees it first.
"""

from __future__ import annotations

import time
from pathlib import Path

from referee.errors import BadInput, NotFound
from referee.i18n.catalogs import N_
from referee.records import Record
from referee.table.state import replay, split
from referee.table.store import Change, Log, Unusable, default_path, move_aside
from referee.table.stores import export as read_good, open_store, resolved  # the SQLite file or a table in PostgreSQL

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Callable, Optional

#: the clock the table reads when a caller gives no ``now`` (seconds since the epoch)
clock: Callable[[], float] = time.time


class Shown(Record):
    """The table as it stands.

    ``state``: the table in the situation-file format (``None`` before any game); ``changes``:
    the last changes of the game, oldest first (the whole log: :func:`log`); ``winner``: the
    players who won, or ``None``; ``fight``: the fight on the table (see
    :mod:`referee.table.fight`; ``closes_at`` already counts later changes), or ``None``.
    """

    state: Optional[dict]
    changes: list[Change]
    winner: Optional[list] = None
    fight: Optional[dict] = None
    #: the change count (what ``expected`` compares with)
    count: int = 0


class Stale(BadInput):
    """A write based on an older table than the one in the file; nothing was written.

    ``shown`` is the table as it now stands (a :class:`Shown`), ``expected`` what the caller
    sent, ``count`` the count now.
    """

    def __init__(self, shown: Shown, expected: int):
        self.shown, self.expected, self.count = shown, expected, shown.count
        super().__init__(N_("the table changed meanwhile ({count} changes now, {expected} when this was asked); "
                            "nothing was written: look at the table again and decide"), count=shown.count,
                         expected=expected)


#: how many of the last changes :func:`show` reads for the table's history, newest last
RECENT = 20


def _shown(log: Log, recent: int = RECENT) -> Shown:
    state, fight, winner = split(log.state)
    if fight is not None and fight.get("result") is None:
        # lazy: the fights' module and the table's changes, 14 M instructions to import, which a
        # table with no fight on (most questions asked of it) does not need
        from referee.table.fight import closes_at

        fight = dict(fight, closes_at=closes_at(fight, log))
    return Shown(state, log.recent(recent) if recent else [], winner, fight, log.count)


def show(path: Optional[Path] = None, now: Optional[float] = None, corpus=None, recent: int = RECENT) -> Shown:
    """The table; a fight whose window has run out is recorded first (when the file can be
    written: a read-only table is shown as it is). ``recent``: how many of the last changes
    to read for ``changes``; 0 for a question asked of the table, which reads its state alone
    (each change is a row read and its checksum verified: a millisecond of every question)."""
    now = _now(now)
    with open_store(path, write=False) as store:
        shown = _shown(store.log(), recent)
        due = False
        if shown.fight is not None:
            # lazy: the fights' module and the table's changes, 14 M instructions to import,
            # which a table with no fight on (most questions asked of it) does not need
            from referee.table import fight as fights

            due = fights.due(store.log(), now)
    if due:
        try:
            with open_store(path) as store:
                _settle(store, now, corpus)
                shown = _shown(store.log(), recent)
        except BadInput:
            pass  # a table that cannot be written is still read, its fight undecided
    return shown


def question_state(path: Optional[Path] = None) -> Optional[dict]:
    """The table as a question asked of it reads it: its state, with the fight in progress when
    one is on and the table is in its phase ("can I run?" asked mid-fight is about that fight);
    ``None`` before any game. Raises :class:`NotFound` when there is no table. Every face asks
    through this one function: the command line, ``ask``, the session and the JSON API."""
    shown = show(path, recent=0)
    state, fight = shown.state, shown.fight
    if state is not None and fight and fight.get("combat") and state.get("phase") in ("combat", "running-away"):
        state = dict(state, combat=fight["combat"])
    return state


def log(path: Optional[Path] = None) -> list[Change]:
    """The current game's whole log, oldest first (verified row by row)."""
    with open_store(path, write=False) as store:
        return store.changes()


def state_of(path: Optional[Path] = None) -> dict:
    """The table in progress; :class:`NotFound` when there is none."""
    state = show(path, recent=0).state
    if state is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    return state


def settle(path: Optional[Path] = None, now: Optional[float] = None, corpus=None) -> Optional[Change]:
    """Record the result of the fight in progress if its window has run out at ``now``; the
    change recorded, or ``None`` (no fight, still open, or already recorded by someone else)."""
    with open_store(path) as store:
        return _settle(store, _now(now), corpus)


def _settle(store, now: float, corpus) -> Optional[Change]:
    # lazy: referee.table.fight 0.8 ms to import, which `referee fight` does not need
    from referee.table import fight as fights

    if not fights.due(store.log(), now):
        return None  # the usual case: decided on a read, without taking the write lock
    corpus = corpus if corpus is not None else _corpus()
    return store.write(lambda log: fights.decide_close(log, corpus, now, settled=True), at=now)


def _corpus():
    # lazy: referee.corpus 0.1 ms to import, paid only by the calls that need it
    from referee.corpus import load_corpus

    return load_corpus()


def _now(now: Optional[float]) -> float:
    return clock() if now is None else now


#: the table as this process's last write left it: (file, the change, the table then)
_AFTER: list = []


def after(change: Optional[Change], path: Optional[Path] = None) -> Shown:
    """The table as ``change`` (just recorded by this process) left it, without opening the file
    again; the table as it stands when another change came since, or ``change`` is ``None``."""
    if change is not None and _AFTER and _AFTER[0] == (_key(path), change.seq):
        return _AFTER[1]
    return show(path)


def _key(path: Optional[Path]) -> str:
    return str(path if path is not None else default_path())


def _write(path, decide, expected: Optional[int] = None, now: Optional[float] = None, corpus=None,
           create: bool = False, after_win: bool = False) -> Optional[Change]:
    """Settle, then record what ``decide(log)`` decides, checked against ``expected`` and a won
    game inside the same write transaction."""
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table.changes import refuse_if_won

    now = _now(now)
    with open_store(path, create=create) as store:
        _settle(store, now, corpus)

        def guarded(log):
            if expected is not None and expected != log.count:
                raise Stale(_shown(log), expected)
            if not after_win:
                refuse_if_won(log)
            return decide(log)

        change = store.write(guarded, at=now)
        _AFTER[:] = [(_key(path), change.seq), _shown(store.log())] if change is not None else []
        return change


def new(names: list[str], game: str = "munchkin", expansions: list[str] = (), house_rules: list[str] = (),
        replace: bool = False, path: Optional[Path] = None, expected: Optional[int] = None,
        now: Optional[float] = None) -> Change:
    """Start a game. With ``replace``, over a game in progress (its log stays in the file), and
    over a file that cannot be used at all (damaged, or not a table): that one is renamed aside,
    kept, and the new game starts in a new file; the change's summary says where it went."""
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    def started(kept=None):
        return _write(path, lambda log: decide.decide_new(log, list(names), game, list(expansions), list(house_rules),
                                                          replace, kept), expected, now, create=True, after_win=True)

    try:
        return started()
    except Unusable:
        where = resolved(path)  # $REFEREE_TABLE may name a table in a database too
        if not replace or not isinstance(where, (Path, type(None))):
            raise  # a table in a database is not a file to move aside
    where = where if where is not None else default_path()
    try:
        kept = move_aside(where)
    except OSError as exc:
        raise BadInput("{path}: cannot move the unusable table aside ({reason}); nothing was changed",
                       path=str(where), reason=exc.strerror or str(exc)) from None
    return started(str(kept))


def export(path: Optional[Path] = None) -> dict:
    """The good part of the table's last game, however damaged the rest (see
    :func:`referee.table.stores.export`), with the table those changes leave."""
    good = read_good(path)
    state, fight, winner = split(replay(good["changes"]) if good["changes"] else None)
    return {**good, "table": state, "winner": winner, "fight": fight}


def set_fields(name: str, assignments: list[str], path: Optional[Path] = None, expected: Optional[int] = None,
               now: Optional[float] = None) -> Change:
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    return _write(path, lambda log: decide.decide_set(log, name, list(assignments)), expected, now)


def put_item(name: str, item: str, assignments: list[str] = (), card: Optional[str] = None, remove: bool = False,
             corpus=None, path: Optional[Path] = None, expected: Optional[int] = None,
             now: Optional[float] = None) -> Change:
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    if corpus is None and not remove:
        corpus = _corpus()  # an item's name is looked up among the cards
    return _write(path, lambda log: decide.decide_item(log, name, item, list(assignments), card, remove, corpus),
                  expected, now, corpus)


def turn(name: Optional[str] = None, phase: Optional[str] = None, met: Optional[bool] = None,
         path: Optional[Path] = None, expected: Optional[int] = None, now: Optional[float] = None) -> Change:
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    return _write(path, lambda log: decide.decide_turn(log, name, phase, met), expected, now)


def level(name: str, change: int, source: str, corpus, path: Optional[Path] = None,
          expected: Optional[int] = None, now: Optional[float] = None):
    """The rules' verdict on a level change, and the change recorded (``None`` when refused).
    Works in every phase: in a fight, it is asked about the fight in progress."""
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    judged = []

    def decided(log):
        draft, judgement = decide.decide_level(log, name, change, source, corpus)
        judged.append(judgement)
        return draft

    recorded = _write(path, decided, expected, now, corpus)
    return judged[-1], recorded


def record_fight(params: dict, corpus, path: Optional[Path] = None, expected: Optional[int] = None,
                 now: Optional[float] = None):
    """Judge the fight ``params`` describe (as :func:`referee.questions.ask` takes them) on the
    table, and record the levels it gives; return the judgement, the change (or ``None``) and the
    situation judged."""
    # lazy: referee.questions 1 ms, referee.table.changes 0.4 ms to import, paid only by the calls that need it
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

    recorded = _write(path, decided, expected, now, corpus)
    return judged[-1], recorded, asked[-1]


def record_question(kind: str, params: dict, corpus, path: Optional[Path] = None, expected: Optional[int] = None,
                    now: Optional[float] = None):
    """``sell`` or ``death`` on the table, with what it does recorded (``sell … --record``):
    the judgement, the change (``None`` when the rules allow nothing) and the situation judged."""
    # lazy: referee.questions 1 ms, referee.table.changes 0.4 ms to import, paid only by the calls that need it
    from referee.questions import ask
    from referee.table import changes as decide

    if params.get("players"):
        raise BadInput("--record keeps the result on the table in progress; it takes no --player")
    judged, asked = [], []

    def decided(log):
        draft, judgement = decide.decide_recorded(log, kind, lambda state: _remember(asked, ask(kind, params, state,
                                                                                             corpus)), corpus)
        judged.append(judgement)
        return draft

    recorded = _write(path, decided, expected, now, corpus)
    return judged[-1], recorded, asked[-1]


def _remember(into: list, value):
    into.append(value)
    return value


def undo(count: int = 1, path: Optional[Path] = None, expected: Optional[int] = None,
         now: Optional[float] = None) -> Change:
    """Take back the last ``count`` changes that stand. The change returned names them:
    ``effect["changes"]`` their numbers, ``summary`` each one's own summary (newest first).
    More than can be taken back is refused (:class:`BadInput`, naming how many can)."""
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    return _write(path, lambda log: decide.decide_undo(log, count), expected, now, after_win=True)


def redo(path: Optional[Path] = None, expected: Optional[int] = None, now: Optional[float] = None) -> Change:
    """Put back what the last undo took back (:class:`NotFound` when nothing was taken back
    since the last change). Redo again for the undo before that."""
    # lazy: referee.table.changes 0.4 ms to import, which `referee ask` does not need
    from referee.table import changes as decide

    return _write(path, decide.decide_redo, expected, now, after_win=True)


# --- the fight in progress -------------------------------------------------------------------

def combat(params: dict, corpus, new: bool = False, path: Optional[Path] = None, expected: Optional[int] = None,
           now: Optional[float] = None) -> Change:
    """Open the fight (``new``, or when none is open) or change the one in progress; the window
    starts again. ``params``: ``fighter``, ``monsters`` (names, ``NAME:LEVEL`` or mappings),
    ``helper``, ``plus`` / ``monster_plus`` (numbers or names of cards with a bonus, added to
    those played), ``wandering`` (monsters added), ``discards``, ``charm``, ``no_helper``."""
    # lazy: referee.table.fight 0.9 ms to import, which `referee fight` does not need
    from referee.table.fight import decide_combat

    return _write(path, lambda log: decide_combat(log, dict(params), corpus, _now(now), new), expected, now, corpus)


def close_combat(corpus, path: Optional[Path] = None, expected: Optional[int] = None,
                 now: Optional[float] = None) -> Change:
    """Judge the fight in progress now and record its result, as ``fight --record`` would."""
    # lazy: referee.table.fight 0.9 ms to import, which `referee fight` does not need
    from referee.table.fight import decide_close

    return _write(path, lambda log: decide_close(log, corpus, _now(now), settled=False), expected, now, corpus)


def cancel_combat(path: Optional[Path] = None, expected: Optional[int] = None,
                  now: Optional[float] = None) -> Change:
    """Call the fight off: nothing recorded but that."""
    # lazy: referee.table.fight 0.9 ms to import, which `referee fight` does not need
    from referee.table.fight import decide_cancel

    return _write(path, decide_cancel, expected, now)


def fight_judgement(shown: Shown, corpus):
    """The fight on the table judged as it stands (``None`` without a fight)."""
    # lazy: referee.table.fight 0.9 ms to import, which `referee fight` does not need
    from referee.table.fight import judge

    return None if shown.fight is None else judge(shown.state, shown.fight, corpus)


def strengths(state: dict, corpus=None) -> dict[str, int]:
    """Each player's combat strength out of a fight, as ``fight`` counts it: the same function
    (:func:`referee.engine.fight.player_strength`) on the player as the rules see them — level,
    the gear in use, the hireling, the curses and disguises — with the cards named as a judge
    reads them."""
    # lazy: referee.engine.fight 19 ms, referee.engine.trace 1 ms, … to import, paid only by the calls that need it
    from referee.engine.character import as_played
    from referee.engine.fight import player_strength
    from referee.engine.trace import Trace
    from referee.engine.variants import rules_for
    from referee.situation import read_table
    from referee.table.changes import LOAD_CORPUS, _loaded, card_names

    situation = read_table(state, "table", cards=card_names(LOAD_CORPUS if corpus is None else corpus))
    rules = rules_for(situation, _loaded(corpus).values)
    return {p.name: player_strength(as_played(p), rules, Trace(rules.clause))[0] for p in situation.players}
