"""Where a table in progress is kept: the only code that talks to the database.

A table file is an SQLite database holding an append-only log of changes, one game after
another; the state of the game is what its log leaves (:mod:`referee.table.state`). Nothing is
ever updated or deleted: ``undo`` is a change too, and ``table new --replace`` starts a new game
after the old one, whose log stays in the file.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the log, decides the change
against the state it leaves and appends it, so two processes writing at once (two shells, two
phones through the server) queue up and never decide on a stale state. The file is in WAL mode:
readers never wait for a writer, and a process killed mid-write leaves the last committed state.

A server deployment could keep tables elsewhere (PostgreSQL) by providing another class with
the same three methods — :meth:`TableStore.changes`, :meth:`TableStore.write`,
:meth:`TableStore.close` — nothing else in referee knows it is SQLite.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Callable, NamedTuple, Optional

from referee.errors import BadInput, NotFound

#: Written into the file's header, so a referee table is told apart from any other database.
APPLICATION_ID = 0x52664565  # "RfEe"
SCHEMA_VERSION = 1
#: How long a writer waits for another one to finish before giving up (seconds).
BUSY_TIMEOUT = 30.0

SCHEMA = """
CREATE TABLE games (
    id      INTEGER PRIMARY KEY,
    started TEXT NOT NULL
);
CREATE TABLE changes (
    seq     INTEGER PRIMARY KEY AUTOINCREMENT,
    game    INTEGER NOT NULL REFERENCES games(id),
    at      TEXT NOT NULL,
    command TEXT NOT NULL,
    request TEXT NOT NULL,   -- what was asked, as JSON
    effect  TEXT NOT NULL,   -- what it did to the state, as JSON (see referee.table.state)
    summary TEXT NOT NULL    -- a message for people, as JSON {template, values}
);
CREATE INDEX changes_by_game ON changes(game, seq);
-- The log is append-only: a change is taken back by another change, never erased.
CREATE TRIGGER changes_no_update BEFORE UPDATE ON changes BEGIN SELECT RAISE(ABORT, 'append-only log'); END;
CREATE TRIGGER changes_no_delete BEFORE DELETE ON changes BEGIN SELECT RAISE(ABORT, 'append-only log'); END;
"""


#: (file, device, inode) -> (game, the changes of that game read so far), for this process
_LOGS: dict[tuple, tuple[int, list]] = {}


class Change(NamedTuple):
    seq: int
    game: int
    at: str
    command: str
    request: dict
    effect: dict
    summary: dict


class Draft(NamedTuple):
    """A change decided but not yet recorded."""

    command: str
    request: dict
    effect: dict
    summary: dict
    new_game: bool = False


def default_path() -> Path:
    """``$REFEREE_TABLE``, else ``table.sqlite3`` in the per-user data directory."""
    override = os.environ.get("REFEREE_TABLE")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("referee", appauthor=False)) / "table.sqlite3"


class TableStore:
    """One table file. Open it with :func:`open_store`."""

    def __init__(self, path: Path, connection: sqlite3.Connection):
        self.path = path
        self._db = connection
        # The same file under another name is another key: only a cache is lost, never a change.
        # The file's identity (device, inode) tells a table replaced on disk from the one read.
        stat = path.stat()
        self._key = (str(path.resolve()), stat.st_dev, stat.st_ino)

    def changes(self) -> list[Change]:
        """The current game's log, oldest first (empty when no game was ever started)."""
        with self._errors():
            return self._changes(self._db)

    def write(self, decide: Callable[[list[Change]], Optional[Draft]], at: Optional[float] = None) -> Optional[Change]:
        """Record the change ``decide`` makes of the current log, atomically.

        ``decide`` runs inside the write transaction, so the log it sees is the one the change
        is appended to. It may raise (nothing is written) or return ``None`` (nothing to record).
        ``at``: the time recorded with the change (seconds since the epoch; default: now).
        """
        with self._errors():
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                draft = decide(self._changes(db))
                if draft is None:
                    db.execute("ROLLBACK")
                    return None
                game = self._game(db)
                if draft.new_game or game is None:
                    game = db.execute("INSERT INTO games(started) VALUES (?)", (_now(),)).lastrowid
                at = stamp(time.time() if at is None else at)
                row = (game, at, draft.command, _dump(draft.request), _dump(draft.effect), _dump(draft.summary))
                seq = db.execute("INSERT INTO changes(game, at, command, request, effect, summary) "
                                 "VALUES (?, ?, ?, ?, ?, ?)", row).lastrowid
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            return Change(seq, game, at, draft.command, draft.request, draft.effect, draft.summary)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "TableStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @staticmethod
    def _game(db) -> Optional[int]:
        row = db.execute("SELECT max(id) FROM games").fetchone()
        return row[0] if row else None

    def _changes(self, db) -> list[Change]:
        """The current game's log. The log is append-only (the schema's triggers forbid any
        other change), so what this process read before is still true: only newer rows are read,
        and a long-lived process (a server, a session) never parses a long game twice."""
        game = self._game(db)
        if game is None:
            return []
        known = _LOGS.get(self._key)
        if known is not None and known[1]:
            # A file deleted and made anew may come back with the same inode and game number:
            # the last change read must still be there, as it was, or everything is read again.
            last = known[1][-1]
            row = db.execute("SELECT at, command, effect FROM changes WHERE seq = ? AND game = ?",
                             (last.seq, game)).fetchone()
            if row is None or row[0] != last.at or row[1] != last.command or json.loads(row[2]) != last.effect:
                known = None
        if known is None or known[0] != game:
            known = _LOGS[self._key] = (game, [])
        log = known[1]
        after = log[-1].seq if log else 0
        rows = db.execute("SELECT seq, game, at, command, request, effect, summary FROM changes "
                          "WHERE game = ? AND seq > ? ORDER BY seq", (game, after)).fetchall()
        try:
            log.extend(Change(seq, g, at, command, json.loads(request), json.loads(effect), json.loads(summary))
                       for seq, g, at, command, request, effect, summary in rows)
        except (ValueError, TypeError) as exc:
            _LOGS.pop(self._key, None)
            raise BadInput("{path}: the table's log is damaged ({reason}); the file was left as it is: move it "
                           "away, or choose another file with --table", path=str(self.path), reason=str(exc)) from None
        return list(log)

    def _errors(self):
        return _translated_errors(self.path)


class _translated_errors:
    """SQLite's failures as messages that say what happened to the user's file and what to do."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None or not isinstance(exc, sqlite3.Error):
            return False
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise BadInput("{path}: the table is busy (another referee kept it locked for {seconds} s); nothing "
                           "was changed; try again", path=str(self.path), seconds=int(BUSY_TIMEOUT)) from None
        if "full" in text:
            raise BadInput("{path}: no room left on the disk; the change was not recorded and the table is as it "
                           "was; free some space and try again", path=str(self.path)) from None
        if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
            raise BadInput("{path}: not a readable referee table ({reason}); the file was left as it is: move it "
                           "away, or choose another file with --table", path=str(self.path), reason=text) from None
        raise BadInput("{path}: the table cannot be used ({reason}); nothing was changed", path=str(self.path),
                       reason=text) from None


def open_store(path: Optional[Path] = None, create: bool = False) -> TableStore:
    """Open the table file at ``path`` (default: :func:`default_path`).

    A missing file is created only when ``create`` is true (``table new``); otherwise it is
    :class:`NotFound`. A file that is not a referee table — not SQLite, damaged, or another
    program's database — is :class:`BadInput` and is never written to.
    """
    path = Path(path) if path is not None else default_path()
    if path.is_dir():
        raise BadInput("{path}: is a directory; --table takes a file", path=str(path))
    exists = path.exists() and path.stat().st_size > 0
    if not exists and not create:
        raise NotFound("no table in progress ({path}); start one with `referee table new NAME…`", path=str(path))
    if not exists:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInput("{path}: cannot create the table's directory: {reason}", path=str(path.parent),
                           reason=exc.strerror or str(exc)) from None
    with _translated_errors(path):
        # isolation_level=None: transactions are begun and ended explicitly, as write() does.
        db = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            _check_or_create(db, path, exists)
        except BaseException:
            db.close()
            raise
    return TableStore(path, db)


def _check_or_create(db: sqlite3.Connection, path: Path, exists: bool) -> None:
    # Reading the header is the first access: a file that is not SQLite fails here, unwritten.
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if exists and application_id != APPLICATION_ID:
        if tables or application_id:
            raise BadInput("{path}: an SQLite database of another program, not a referee table; it was left as "
                           "it is: choose another file with --table", path=str(path))
    if exists and application_id == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            raise BadInput("{path}: a table written by a newer referee (format {version}); upgrade referee to "
                           "use it", path=str(path), version=version)
        integrity = db.execute("PRAGMA quick_check").fetchone()[0]
        if integrity != "ok":
            raise BadInput("{path}: the table file is damaged ({reason}); it was left as it is: move it away, "
                           "or choose another file with --table", path=str(path), reason=integrity)
        _configure(db)
        return
    db.execute("PRAGMA journal_mode=WAL")
    _configure(db)
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:  # not made meanwhile
            for statement in SCHEMA.split(";\n"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _configure(db: sqlite3.Connection) -> None:
    # FULL: a change reported as recorded survives a power cut too, not only a killed process.
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")


def _now() -> str:
    return stamp(time.time())


def stamp(seconds: float) -> str:
    """``2026-12-04T23:59:01.600Z``: a change's time, to the millisecond (the fight's window is
    counted from it)."""
    whole = int(seconds)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole)) + f".{int((seconds - whole) * 1000):03d}Z"


def seconds_of(at: str) -> float:
    """The inverse of :func:`stamp` (older tables recorded whole seconds)."""
    import calendar

    head, _, fraction = at.rstrip("Z").partition(".")
    return calendar.timegm(time.strptime(head, "%Y-%m-%dT%H:%M:%S")) + (float("0." + fraction) if fraction else 0.0)


def _dump(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
