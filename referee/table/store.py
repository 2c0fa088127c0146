"""Where a table in progress is kept: the only code that talks to the database.

A table file is an SQLite database holding an append-only log of changes, one game after
another; the state of the game is what its log leaves (:mod:`referee.table.state`). Nothing in
the log is ever updated or deleted: ``undo`` is a change too, and ``table new --replace`` starts
a new game after the old one, whose log stays in the file.

**Flat cost.** Each change that stands keeps the whole state after it (compressed), and each
row names the change whose state stands after it (``head``) and, for a change that stands, the
one under it (``prev``). The table is one row's state, whatever the length of the log; ``undo N``
walks N steps down that chain; nothing reads the whole log but ``table log`` and an export.

**No silent damage.** Each row carries a checksum over its content and the checksum of the row
before it, and the ``tip`` row names the last change and its checksum. Every row read is
verified: a damaged row, a row another program added, or a log cut short is
:class:`Damaged` (exit 2, naming the change), never a different table.

Every write is one ``BEGIN IMMEDIATE`` transaction that reads the log, decides the change
against the state it leaves and appends it, so two processes writing at once (two shells, two
phones through the server) queue up and never decide on a stale state. The file is in WAL mode:
readers never wait for a writer, and a process killed mid-write leaves the last committed state.
A read opens the file read-only, and writes nothing: not a schema into a file that is not a
table, not a journal on a read-only mount or a full disk.
"""

from __future__ import annotations

import os
import time
import zlib
from pathlib import Path
from urllib.parse import quote

from referee.errors import BadInput, NotFound
from referee.i18n.catalogs import N_
from referee.places import default_table as default_path, has_table_file
from referee.plain import copied
from referee.records import Record
from referee.table import jsontext
from referee.table.state import _apply, in_effect


def _driver():
    # The C module the sqlite3 package wraps, alone: the package adds datetime's adapters and
    # converters, which this store never uses (its times are numbers), for 8.7 M instructions
    # (2 ms) of every command that reads the table (callgrind, Python 3.11); its connections,
    # errors and constants are the package's own, which re-exports them.
    try:
        # lazy: SQLite's library, 0.7 ms, which a command finding no table file does not need
        import _sqlite3 as module
    except ImportError:  # pragma: no cover - a Python whose sqlite3 is laid out otherwise
        # lazy: as above
        import sqlite3 as module
    return module


class _OnFirstUse:
    """Stands for the driver until one of its names is used, then puts the driver in its place:
    a question asked where there is no table file (the players in its words) never loads
    SQLite's library, 0.7 ms and 180 page faults of such an ``ask`` (measured, Python 3.11)."""

    __slots__ = ()

    def __getattr__(self, name: str):
        global sqlite3
        sqlite3 = _driver()
        return getattr(sqlite3, name)


sqlite3 = _OnFirstUse()

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Callable, Iterator, Optional

try:  # CPython's own BLAKE2, which hashlib.blake2b is: hashlib itself loads OpenSSL's bindings
    # first, 2.7 ms of every table command and every question asked on the table
    from _blake2 import blake2b
except ImportError:  # an interpreter built without it
    from hashlib import blake2b

#: Written into the file's header, so a referee table is told apart from any other database.
APPLICATION_ID = 0x52664565  # "RfEe"
SCHEMA_VERSION = 2
#: How long a writer waits for another one to finish before giving up (seconds).
BUSY_TIMEOUT = 30.0

SCHEMA = """
CREATE TABLE games (
    id      INTEGER PRIMARY KEY,
    started TEXT NOT NULL
);
CREATE TABLE changes (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    game     INTEGER NOT NULL REFERENCES games(id),
    n        INTEGER NOT NULL,  -- the change's number in its game (1: the game's start)
    at       TEXT NOT NULL,
    command  TEXT NOT NULL,
    request  TEXT NOT NULL,     -- what was asked, as JSON
    effect   TEXT NOT NULL,     -- what it did to the state, as JSON (see referee.table.state)
    summary  TEXT NOT NULL,     -- a message for people, as JSON {template, values}
    head     INTEGER NOT NULL,  -- the change whose state stands after this one
    prev     INTEGER,           -- for a change that stands: the change under it (an undo's: the head before it)
    state    BLOB,              -- the state after a change that stands (zlib-compressed JSON)
    checksum TEXT NOT NULL      -- over this row and the previous row's checksum
);
CREATE INDEX changes_by_game ON changes(game, seq);
CREATE TABLE tip (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    seq      INTEGER NOT NULL,  -- the last change
    checksum TEXT NOT NULL      -- its checksum: a log cut short or added to is told apart
);
-- The log is append-only: a change is taken back by another change, never erased.
CREATE TRIGGER changes_no_update BEFORE UPDATE ON changes BEGIN SELECT RAISE(ABORT, 'append-only log'); END;
CREATE TRIGGER changes_no_delete BEFORE DELETE ON changes BEGIN SELECT RAISE(ABORT, 'append-only log'); END;
"""

COLUMNS = "seq, game, n, at, command, request, effect, summary, head, prev, state, checksum"


class Change(Record):
    seq: int
    game: int
    at: str
    command: str
    request: dict
    effect: dict
    summary: dict


class Draft(Record):
    """A change decided but not yet recorded."""

    command: str
    request: dict
    effect: dict
    summary: dict
    new_game: bool = False


class Unusable(BadInput):
    """A file that cannot be used as a table: damaged, or not a referee table at all."""


class Damaged(Unusable):
    """A row of the log that is not as referee wrote it; ``seq`` names the change."""

    def __init__(self, path: Path, seq: Optional[int], reason: str):
        self.seq = seq
        super().__init__(N_("{path}: change #{seq} of the table is damaged or was not written by referee ({reason}); "
                         "nothing was changed. `referee table export` saves the good part of the log; `referee "
                         "table new NAME… --replace` starts a new game (the damaged file is kept beside it)"),
                         path=str(path), seq=seq if seq is not None else "?", reason=reason)


class _Row(Record):
    change: Change
    n: int
    head: int
    prev: Optional[int]
    state: Optional[bytes]
    checksum: str


class Log:
    """The current game's log as a decision reads it: the state it leaves, its count and last
    change, and the changes that stand, read on demand (never the whole log)."""

    def __init__(self, store: "TableStore", tip: Optional[_Row]):
        self._store, self._tip = store, tip
        self._state: Optional[str] = None  # the head's state as JSON, read once
        with store._errors():
            self._head = store._row(tip.head) if tip is not None and tip.head != tip.change.seq else tip

    @property
    def count(self) -> int:
        return self._tip.n if self._tip is not None else 0

    def __len__(self) -> int:
        return self.count

    @property
    def last(self) -> Optional[Change]:
        return self._tip.change if self._tip is not None else None

    @property
    def state(self) -> Optional[dict]:
        """The state the log leaves, with the fight and the winners (a new mapping)."""
        if self._head is None:
            return None
        if self._state is None:
            # (read, checked and decoded once: the first mapping is the decoding itself)
            self._state, first = _state_of(self._head, self._store.path)
            return first
        return jsontext.loads(self._state)

    def standing(self, limit: int) -> list[Change]:
        """Up to ``limit`` changes that stand, newest first; the last one is the game's start
        when the chain is shorter."""
        out, row = [], self._head
        with self._store._errors():
            while row is not None and len(out) < limit:
                out.append(row.change)
                row = self._store._row(row.prev) if row.prev is not None else None
        return out

    def change(self, seq: int) -> Change:
        """Change ``seq`` (verified)."""
        with self._store._errors():
            return self._store._row(seq).change

    def backwards(self) -> Iterator[Change]:
        """The game's changes from the newest, read one at a time."""
        seq = self._tip.change.seq if self._tip is not None else None
        while seq is not None:
            with self._store._errors():
                row = self._store._row(seq)
            yield row.change
            if row.n == 1:
                return
            seq -= 1

    def recent(self, count: int = 20) -> list[Change]:
        """The last ``count`` changes, oldest first."""
        out = []
        for change in self.backwards():
            out.append(change)
            if len(out) == count:
                break
        return out[::-1]


class TableStore:
    """One table file. Open it with :func:`open_store`."""

    def __init__(self, path: Path, connection: sqlite3.Connection, writable: bool, why: str = ""):
        self.path = path
        self._db = connection
        self.writable, self._why = writable, why
        self._rows: dict[int, _Row] = {}

    def log(self) -> Log:
        """The current game (an empty log before any game)."""
        with self._errors():
            return Log(self, self._tip())

    def changes(self) -> list[Change]:
        """The current game's whole log, oldest first (``table log``), read in one pass and
        verified row by row along the checksum chain."""
        with self._errors():
            tip = self._tip()
            if tip is None:
                return []
            first = tip.change.seq - tip.n + 1
            before = self._row(first).checksum
            out = [self._row(first).change]
            for raw in self._db.execute(f"SELECT {COLUMNS} FROM changes WHERE seq > ? AND seq <= ? ORDER BY seq",
                                        (first, tip.change.seq)):
                expected_seq = out[-1].seq + 1
                if raw[0] != expected_seq or _checksum(before, list(raw[:-1])) != raw[-1]:
                    raise Damaged(self.path, expected_seq, "its checksum does not match" if raw[0] == expected_seq
                                  else "the change is missing")
                before = raw[-1]
                try:
                    out.append(Change(raw[0], raw[1], raw[3], raw[4], jsontext.loads(raw[5]), jsontext.loads(raw[6]),
                                      jsontext.loads(raw[7])))
                except (ValueError, TypeError) as exc:
                    raise Damaged(self.path, raw[0], str(exc)) from None
            if out[-1].seq != tip.change.seq or before != tip.checksum:
                raise Damaged(self.path, out[-1].seq + 1, "the log does not end where it was last written")
            return out

    def write(self, decide: Callable[[Log], Optional[Draft]], at: Optional[float] = None) -> Optional[Change]:
        """Record the change ``decide`` makes of the current log, atomically.

        ``decide`` runs inside the write transaction, so the log it sees is the one the change
        is appended to. It may raise (nothing is written) or return ``None`` (nothing to record).
        ``at``: the time recorded with the change (seconds since the epoch; default: now).
        """
        if not self.writable:
            raise BadInput("{path}: the table can be read but not written ({reason}); nothing was changed",
                           path=str(self.path), reason=self._why)
        with self._errors():
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                self._rows.clear()  # another process may have written since
                log = Log(self, self._tip())
                draft = decide(log)
                if draft is None:
                    db.execute("ROLLBACK")
                    return None
                change = self._append(db, log, draft, stamp(time.time() if at is None else at))
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            return change

    def _append(self, db, log: Log, draft: Draft, at: str) -> Change:
        tip = log._tip
        game = tip.change.game if tip is not None else None
        if draft.new_game or game is None:
            game = db.execute("INSERT INTO games(started) VALUES (?)", (at,)).lastrowid
            n = 1
        else:
            n = tip.n + 1
        seq = (db.execute("SELECT max(seq) FROM changes").fetchone()[0] or 0) + 1
        row = new_row(log, draft, seq, game, n, at, self._row)
        checksum = _checksum(tip.checksum if tip is not None and n > 1 else self._last_checksum(db, seq), row)
        db.execute(f"INSERT INTO changes({COLUMNS}) VALUES ({', '.join('?' * 12)})", (*row, checksum))
        db.execute("INSERT OR REPLACE INTO tip(id, seq, checksum) VALUES (1, ?, ?)", (seq, checksum))
        return Change(seq, game, at, draft.command, draft.request, draft.effect, draft.summary)

    def _last_checksum(self, db, seq: int) -> str:
        row = db.execute("SELECT checksum FROM changes WHERE seq = ?", (seq - 1,)).fetchone()
        return row[0] if row else ""

    def _tip(self) -> Optional[_Row]:
        # One statement, so one snapshot: a writer committing meanwhile cannot come between them.
        seq, checksum, last = self._db.execute(
            "SELECT (SELECT seq FROM tip WHERE id = 1), (SELECT checksum FROM tip WHERE id = 1), "
            "(SELECT max(seq) FROM changes)").fetchone()
        found = (seq, checksum) if seq is not None else None
        if found is None:
            if last is not None:
                raise Damaged(self.path, last, "the log's end is not recorded")
            return None
        if last != found[0]:
            raise Damaged(self.path, last, "the log does not end where it was last written")
        row = self._row(found[0])
        if row.checksum != found[1]:
            raise Damaged(self.path, found[0], "the last change is not the one written")
        return row

    def _row(self, seq: int) -> _Row:
        """Change ``seq``, verified against its checksum and the one of the row before it."""
        known = self._rows.get(seq)
        if known is not None:
            return known
        try:
            rows = self._db.execute(f"SELECT {COLUMNS} FROM changes WHERE seq IN (?, ?) ORDER BY seq",
                                    (seq - 1, seq)).fetchall()
        except sqlite3.OperationalError as exc:
            if "decode" not in str(exc):
                raise
            raise Damaged(self.path, seq, "its text is not UTF-8") from None
        if not rows or rows[-1][0] != seq:
            raise Damaged(self.path, seq, "the change is missing")
        before = rows[0][-1] if len(rows) == 2 else ""
        raw = list(rows[-1])
        if not isinstance(raw[-1], str) or _checksum(before, raw[:-1]) != raw[-1]:
            raise Damaged(self.path, seq, "its checksum does not match")
        try:
            change = Change(raw[0], raw[1], raw[3], raw[4], jsontext.loads(raw[5]), jsontext.loads(raw[6]),
                            jsontext.loads(raw[7]))
        except (ValueError, TypeError) as exc:
            raise Damaged(self.path, seq, str(exc)) from None
        row = _Row(change, raw[2], raw[8], raw[9], raw[10], raw[11])
        self._rows[seq] = row
        return row

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "TableStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _errors(self):
        return _translated_errors(self.path)


def _state_of(row: _Row, path: Path) -> tuple:
    """The state a row keeps: its JSON text, and that text decoded (:class:`Damaged` where it
    cannot be)."""
    if row.state is None:
        raise Damaged(path, row.change.seq, "a change that stands keeps no state")
    try:
        text = zlib.decompress(row.state).decode("utf-8")
        return text, jsontext.loads(text)
    except (zlib.error, ValueError) as exc:
        raise Damaged(path, row.change.seq, str(exc)) from None


def new_row(log, draft: "Draft", seq: int, game: int, n: int, at: str, row_of: Callable) -> list:
    """The columns (checksum aside) of the change ``draft`` records as ``seq``, as both stores
    write them: the head of the standing chain, the change before it, and the state kept with it
    (none for an undo or a redo, which point at states already kept; ``row_of(seq)`` reads the
    undo a redo takes back)."""
    op = draft.effect.get("op")
    before = log._head.change.seq if log._head is not None and n > 1 else None
    if op == "undo":
        head, prev, state = log.standing(len(draft.effect["changes"]) + 1)[-1].seq, before, None
    elif op == "redo":
        head, prev, state = row_of(draft.effect["changes"][0]).prev, before, None
    else:
        head, prev, state = seq, before, _pack(_apply(log.state if n > 1 else None, draft.effect, copy=False))
    return [seq, game, n, at, draft.command, _dump(draft.request), _dump(draft.effect), _dump(draft.summary),
            head, prev, state]


def _pack(state) -> bytes:
    return zlib.compress(_dump(state).encode("utf-8"), 1)


def _checksum(before: str, row: list) -> str:
    digest = blake2b(before.encode("ascii", "replace"), digest_size=16)
    for value in row:
        data = value if isinstance(value, bytes) else ("\x00" if value is None else str(value)).encode("utf-8")
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


class _translated_errors:
    """SQLite's failures as messages that say what happened to the user's file and what to do."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if isinstance(exc, UnicodeDecodeError) or isinstance(exc, sqlite3.Error) and "decode" in str(exc):
            raise Unusable(N_("{path}: not a readable referee table (text that is not UTF-8); the file was left as it "
                           "is: `referee table export` saves what can be read, `referee table new NAME… --replace` "
                           "starts anew"), path=str(self.path)) from None
        if exc is None or not isinstance(exc, sqlite3.Error):
            return False
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise BadInput("{path}: the table is busy (another referee kept it locked for {seconds} s); nothing "
                           "was changed; try again", path=str(self.path), seconds=int(BUSY_TIMEOUT)) from None
        if "full" in text:
            raise BadInput("{path}: no room left on the disk; the change was not recorded and the table is as it "
                           "was; free some space and try again", path=str(self.path)) from None
        if "readonly" in text or "read-only" in text:
            raise BadInput("{path}: the table is on a read-only file or disk; it can be read but not written, and "
                           "nothing was changed", path=str(self.path)) from None
        if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
            raise Unusable(N_("{path}: not a readable referee table ({reason}); the file was left as it is: `referee "
                           "table export` saves what can be read, `referee table new NAME… --replace` starts anew"),
                           path=str(self.path), reason=text) from None
        raise BadInput("{path}: the table cannot be used ({reason}); nothing was changed", path=str(self.path),
                       reason=text) from None


def open_store(path: Optional[Path] = None, create: bool = False, write: bool = True) -> TableStore:
    """Open the table file at ``path`` (default: :func:`default_path`).

    A missing file is created only when ``create`` is true (``table new``); otherwise it is
    :class:`NotFound`. A file that is not a referee table — not SQLite, damaged, or another
    program's database — is :class:`BadInput` and is never written to. With ``write`` false the
    file is opened read-only; a table on a read-only mount or a full disk is opened read-only
    too, and :meth:`TableStore.write` says why it cannot write.
    """
    path = Path(path) if path is not None else default_path()
    if path.is_dir():
        raise BadInput("{path}: is a directory; --table takes a file", path=str(path))
    exists = has_table_file(path)
    if not exists and not create:
        raise NotFound("no table in progress ({path}); start one with `referee table new NAME…`", path=str(path))
    if not exists:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInput("{path}: cannot create the table's directory: {reason}", path=str(path.parent),
                           reason=exc.strerror or str(exc)) from None
    if exists and not write:
        return _open_read_only(path)
    with _translated_errors(path):
        try:
            # isolation_level=None: transactions are begun and ended explicitly, as write() does.
            db = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT, isolation_level=None)
            try:
                _check_or_create(db, path, exists, create)
            except BaseException:
                db.close()
                raise
        except sqlite3.OperationalError as exc:
            if exists and _cannot_write(exc):
                return _open_read_only(path, why=str(exc))
            raise
    return TableStore(path, db, writable=True)


def _cannot_write(exc: sqlite3.Error) -> bool:
    text = str(exc)
    return any(word in text for word in ("readonly", "read-only", "unable to open", "disk I/O", "full"))


def _open_read_only(path: Path, why: str = "") -> TableStore:
    """The table for reading only: no journal, lock or schema is written, so it works on a
    read-only mount, on a full disk, and on a file that is not a table (which it refuses)."""
    with _translated_errors(path):
        uri = f"file:{quote(str(path.resolve()))}?mode=ro"
        db = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None)
        try:
            try:
                _check_table(db, path)
            except sqlite3.OperationalError:
                # The WAL index cannot be made here (read-only directory, full disk): read the
                # file as it stands on disk, unless changes wait in its WAL file (they would be
                # missed: an older table, silently).
                db.close()
                wal = path.with_name(path.name + "-wal")
                if wal.exists() and wal.stat().st_size > 0:
                    raise BadInput(N_("{path}: the last changes are in {wal}, which cannot be read here (a "
                                      "read-only or full disk); nothing was changed: open the table where it can be "
                                      "written once"),
                                   path=str(path), wal=str(wal)) from None
                db = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
                _check_table(db, path)
        except BaseException:
            db.close()
            raise
    return TableStore(path, db, writable=False, why=why or "opened for reading")


def _check_table(db: sqlite3.Connection, path: Path) -> None:
    """A referee table of a format this referee reads, or :class:`BadInput`."""
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if application_id != APPLICATION_ID:
        if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0 and not application_id:
            raise NotFound("no table in progress ({path}: an empty database); start one with `referee table new "
                           "NAME…`", path=str(path))
        raise Unusable(N_("{path}: an SQLite database of another program, not a referee table; it was left as it is: "
                       "choose another file with --table"), path=str(path))
    if version > SCHEMA_VERSION:
        raise BadInput("{path}: a table written by a newer referee (format {version}); upgrade referee to use it",
                       path=str(path), version=version)
    if version < SCHEMA_VERSION:
        raise BadInput("{path}: a table of an earlier referee (format {version}); `referee table export` reads it, "
                       "and any change brings it up to date", path=str(path), version=version)


def _check_or_create(db: sqlite3.Connection, path: Path, exists: bool, create: bool) -> None:
    # Reading the header is the first access: a file that is not SQLite fails here, unwritten.
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if exists and application_id != APPLICATION_ID and (tables or application_id or not create):
        _check_table(db, path)  # says what the file is, and that it is left as it is
    if exists and application_id == APPLICATION_ID:
        if version > SCHEMA_VERSION:
            _check_table(db, path)
        _configure(db)
        if version < SCHEMA_VERSION:
            _upgrade(db, path)
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


def _upgrade(db: sqlite3.Connection, path: Path) -> None:
    """A table of format 1 (a log without states or checksums) rewritten in this format, in one
    transaction: every game's log replayed and recorded again with the same numbers."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
            db.execute("ROLLBACK")
            return
        old = db.execute("SELECT seq, game, at, command, request, effect, summary FROM changes ORDER BY seq").fetchall()
        db.execute("DROP TRIGGER IF EXISTS changes_no_update")
        db.execute("DROP TRIGGER IF EXISTS changes_no_delete")
        db.execute("ALTER TABLE changes RENAME TO changes_v1")
        db.execute("DROP INDEX IF EXISTS changes_by_game")
        for statement in SCHEMA.split(";\n"):
            if statement.strip() and "TABLE games" not in statement:
                db.execute(statement)
        before, games = "", {}
        for seq, game, at, command, request, effect, summary in old:
            log = games.setdefault(game, [])
            change = Change(seq, game, at, command, jsontext.loads(request), jsontext.loads(effect), jsontext.loads(summary))
            log.append(change)
            standing = in_effect(log)
            op = change.effect.get("op")
            head = standing[-1].seq if standing else seq
            prev = (in_effect(log[:-1]) or [None])[-1]
            state = None
            if op not in ("undo", "redo"):
                current = None
                for kept in standing:
                    current = _apply(current, copied(kept.effect), copy=False)
                state = _pack(current)
            row = [seq, game, len(log), at, command, request, effect, summary, head,
                   prev.seq if prev is not None else None, state]
            before = _checksum(before, row)
            db.execute(f"INSERT INTO changes({COLUMNS}) VALUES ({', '.join('?' * 12)})", (*row, before))
        if old:
            db.execute("INSERT OR REPLACE INTO tip(id, seq, checksum) VALUES (1, ?, ?)", (old[-1][0], before))
        db.execute("DROP TABLE changes_v1")
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


def export(path: Path) -> dict:
    """The good part of a table file, however damaged the rest: each change of the last game read
    in order until the first one that is missing or fails its checksum. A table of format 1 (no
    checksums) is read whole. ``{"changes": [...], "stopped_at": seq | None, "reason": …}``."""
    if not path.exists() or path.is_dir():
        raise NotFound("no table file at {path}", path=str(path))
    store = _open_read_only_any(path)
    good, before, stopped, reason = [], "", None, None
    try:
        db = store._db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        columns = COLUMNS if version >= 2 else "seq, game, at, command, request, effect, summary"
        seq = 0
        while True:
            try:
                raw = db.execute(f"SELECT {columns} FROM changes WHERE seq > ? ORDER BY seq LIMIT 1",
                                 (seq,)).fetchone()
            except sqlite3.Error as exc:
                stopped, reason = seq + 1, str(exc)
                break
            if raw is None:
                break
            seq = raw[0]
            try:
                if version >= 2:
                    if _checksum(before, list(raw[:-1])) != raw[-1]:
                        raise ValueError("its checksum does not match")
                    before = raw[-1]
                    raw = (raw[0], raw[1], raw[3], raw[4], raw[5], raw[6], raw[7])
                change = Change(raw[0], raw[1], raw[2], raw[3], jsontext.loads(raw[4]), jsontext.loads(raw[5]),
                                jsontext.loads(raw[6]))
            except (ValueError, TypeError) as exc:
                stopped, reason = seq, str(exc)
                break
            good.append(change)
    finally:
        store.close()
    game = good[-1].game if good else None
    return {"changes": [c for c in good if c.game == game], "stopped_at": stopped, "reason": reason}


def _open_read_only_any(path: Path) -> TableStore:
    """The file for reading whatever its format (an export of a table of format 1 too)."""
    uri = f"file:{quote(str(path.resolve()))}?mode=ro"
    with _translated_errors(path):
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
        try:
            db.execute("PRAGMA application_id").fetchone()
        except sqlite3.OperationalError:  # no WAL index can be made here: the file as it is on disk
            db.close()
            db = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None)
        if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            db.close()
            raise Unusable(N_("{path}: not a referee table; there is nothing to export"), path=str(path))
    return TableStore(path, db, writable=False, why="an export")


def move_aside(path: Path) -> Path:
    """Rename a table file that cannot be used (with its WAL files) out of the way, kept."""
    stamp_text = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = path.with_name(f"{path.name}.damaged-{stamp_text}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.damaged-{stamp_text}-{number}")
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    path.rename(target)
    return target


def _now() -> str:
    return stamp(time.time())


def stamp(seconds: float) -> str:
    """``2026-12-04T23:59:01.600Z``: a change's time, to the millisecond (the fight's window is
    counted from it)."""
    whole = int(seconds)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole)) + f".{int((seconds - whole) * 1000):03d}Z"


def seconds_of(at: str) -> float:
    """The inverse of :func:`stamp` (older tables recorded whole seconds)."""
    # lazy: calendar (with locale) 17 ms to import, which `referee fight` does not need
    import calendar

    head, _, fraction = at.rstrip("Z").partition(".")
    return calendar.timegm(time.strptime(head, "%Y-%m-%dT%H:%M:%S")) + (float("0." + fraction) if fraction else 0.0)


def _dump(data) -> str:
    return jsontext.dumps(data)
