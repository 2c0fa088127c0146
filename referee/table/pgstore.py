"""The table store on PostgreSQL: many tables in one database, shared by several server processes.

The twin of :mod:`referee.table.store` (the SQLite file), with the same interface
(:class:`referee.table.stores.Store`) and the same log: an append-only list of changes, keyed
by (table id, sequence number), each change that stands keeping the state after it
(compressed), each row carrying a checksum over its content and the checksum of the row before
it, and a ``tip`` row per table naming its last change. The rows are made and verified by the
same functions as the SQLite store's, so a log reads the same on both.

Every write is one transaction that first takes the table's advisory lock
(``pg_advisory_xact_lock``), then reads the log, decides the change against the state it
leaves and appends it: two workers writing to one table queue up and never decide on a stale
state; writes to different tables never wait on each other. The commit sends
``NOTIFY referee_tables, '<table id>'``, so every server process listening wakes its event
streams (:mod:`referee.table.pgwatch`).

Connections come from one pool per database URL and process (psycopg_pool). The schema is
versioned in ``referee_schema``: an older one is brought up to date when opened, a newer one
is refused with a message saying to upgrade referee.
"""

from __future__ import annotations

import json
import threading
import time
from urllib.parse import urlsplit, urlunsplit

from referee.errors import BadInput, NotFound
from referee.i18n.catalogs import N_
from referee.table import pgwatch
from referee.places import PgTable, is_url  # noqa: F401 (named here by the web and the tests too)
from referee.table.pgwatch import CHANNEL
from referee.table.store import (COLUMNS, Change, Damaged, Draft, Log, _checksum, _Row, new_row, stamp)

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Callable, Optional

SCHEMA_VERSION = 2
#: connections per process and database (a worker answers one request at a time; the listener has its own)
POOL_SIZE = 4
#: how long a write waits for the table's lock or a connection before giving up (seconds)
WAIT = 30.0
#: changes read at once before the one asked for (a table shows its last 20)
WINDOW = 24
#: how long reaching the database may take before it counts as unreachable (seconds)
CONNECT_TIMEOUT = 5

#: each version's statements, in order: a database at version N runs MIGRATIONS[N:]
MIGRATIONS = [
    """
    CREATE TABLE referee_tables (
        id        TEXT PRIMARY KEY,
        code_hash TEXT,               -- sha256 of the join code (none: the server's own table)
        created   TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE referee_games (
        id       BIGSERIAL PRIMARY KEY,
        table_id TEXT NOT NULL,
        started  TEXT NOT NULL
    );
    CREATE TABLE referee_changes (
        table_id TEXT NOT NULL,
        seq      BIGINT NOT NULL,
        game     BIGINT NOT NULL REFERENCES referee_games(id),
        n        INTEGER NOT NULL,
        at       TEXT NOT NULL,
        command  TEXT NOT NULL,
        request  TEXT NOT NULL,
        effect   TEXT NOT NULL,
        summary  TEXT NOT NULL,
        head     BIGINT NOT NULL,
        prev     BIGINT,
        state    BYTEA,
        checksum TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE referee_tip (
        table_id TEXT PRIMARY KEY,
        seq      BIGINT NOT NULL,
        checksum TEXT NOT NULL
    );
    CREATE FUNCTION referee_append_only() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'append-only log'; END $$;
    CREATE TRIGGER referee_changes_append_only BEFORE UPDATE OR DELETE ON referee_changes
        FOR EACH ROW EXECUTE FUNCTION referee_append_only();
    """,
    # 2: wrong join codes counted in the database, so every server of the store slows a guesser alike
    """
    CREATE TABLE referee_tries (
        client TEXT PRIMARY KEY,            -- which limit, and the client's address
        tokens DOUBLE PRECISION NOT NULL,   -- tries left at `at`
        at     DOUBLE PRECISION NOT NULL    -- seconds since the epoch, by the database's clock
    );
    """,
]
assert len(MIGRATIONS) == SCHEMA_VERSION


def safe_url(url: str) -> str:
    """The URL without its password (for messages and logs)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


_POOLS: dict[str, object] = {}
_LOCK = threading.Lock()


def pool(url: str):
    """This process's connection pool to ``url`` (made, and the schema checked, on first use)."""
    found = _POOLS.get(url)
    if found is not None:
        return found
    with _LOCK:
        found = _POOLS.get(url)
        if found is None:
            try:
                # lazy: psycopg_pool 1114 ms, psycopg 969 ms to import, which `referee fight` does not need
                import psycopg
                from psycopg_pool import ConnectionPool
            except ImportError:
                raise BadInput("a PostgreSQL store needs psycopg: pip install 'referee[postgres]'") from None
            with _errors(url):
                # one direct connection first: an unreachable database is said at once, not
                # after the pool's retries; the schema is checked or brought up to date on it
                with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT) as db:
                    _migrate(db, url)
                made = ConnectionPool(url, min_size=1, max_size=POOL_SIZE, timeout=WAIT, open=False,
                                      kwargs={"autocommit": True}, name="referee")
                made.open(wait=False)
            found = _POOLS[url] = made
    return found


def close_pools() -> None:
    for made in list(_POOLS.values()):
        made.close()
    _POOLS.clear()


def _migrate(db, url: str) -> None:
    """Bring the schema up to :data:`SCHEMA_VERSION` in one transaction, or refuse a newer one."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(hashtextextended('referee schema', 0))")
        exists = db.execute("SELECT to_regclass('referee_schema') IS NOT NULL").fetchone()[0]
        version = db.execute("SELECT version FROM referee_schema").fetchone()[0] if exists else 0
        if version > SCHEMA_VERSION:
            raise BadInput(N_("{url}: a store written by a newer referee (schema {version}, this referee knows "
                              "{known}); nothing was changed: upgrade referee on every server using it"),
                           url=safe_url(url), version=version, known=SCHEMA_VERSION)
        if not exists:
            db.execute("CREATE TABLE referee_schema (version INTEGER NOT NULL)")
            db.execute("INSERT INTO referee_schema VALUES (0)")
        for number in range(version, SCHEMA_VERSION):
            db.execute(MIGRATIONS[number])
        if version < SCHEMA_VERSION:
            db.execute("UPDATE referee_schema SET version = %s", (SCHEMA_VERSION,))


class _errors:
    """The database's failures as messages saying what happened and what to do."""

    def __init__(self, url: str):
        self.url = url

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None:
            return False
        try:
            # lazy: psycopg_pool 1114 ms, psycopg 969 ms to import, which `referee fight` does not need
            import psycopg
            from psycopg_pool import PoolTimeout
        except ImportError:
            return False
        if isinstance(exc, PoolTimeout) or isinstance(exc, psycopg.OperationalError):
            raise BadInput(N_("{url}: the table's database cannot be reached ({reason}); nothing was changed; "
                              "try again"), url=safe_url(self.url), reason=str(exc).strip().splitlines()[0][:200]
                           ) from None
        if isinstance(exc, psycopg.Error):
            raise BadInput("{path}: the table cannot be used ({reason}); nothing was changed",
                           path=safe_url(self.url), reason=str(exc).strip().splitlines()[0][:200]) from None
        return False


class PgTableStore:
    """One table in a PostgreSQL store, on a connection borrowed from the pool until closed."""

    writable = True

    def __init__(self, where: PgTable):
        self.where, self.path = where, str(where)
        self._pool = pool(where.url)
        self._borrowed = self._pool.getconn(timeout=WAIT)
        self._db = self._borrowed
        self._rows: dict[int, _Row] = {}

    def log(self) -> Log:
        with self._errors():
            return Log(self, self._tip())

    def changes(self) -> list[Change]:
        """The current game's whole log, oldest first, verified along the checksum chain."""
        with self._errors():
            tip = self._tip()
            if tip is None:
                return []
            first = tip.change.seq - tip.n + 1
            rows = self._db.execute(f"SELECT {COLUMNS} FROM referee_changes WHERE table_id = %s AND seq >= %s - 1 "
                                    "AND seq <= %s ORDER BY seq", (self.where.id, first, tip.change.seq)).fetchall()
            before, out = "", []
            for raw in rows:
                if raw[0] < first:  # the previous game's last row: only its checksum is needed
                    before = raw[-1]
                    continue
                row = self._verified(raw, before)
                before = row.checksum
                out.append(row.change)
            if not out or out[-1].seq != tip.change.seq or before != tip.checksum or len(out) != tip.n:
                raise Damaged(self.path, (out[-1].seq + 1) if out else first,
                              "the log does not end where it was last written")
            return out

    def write(self, decide: Callable[[Log], Optional[Draft]], at: Optional[float] = None) -> Optional[Change]:
        """Record the change ``decide`` makes of the table's log, in one transaction holding the
        table's lock (see :meth:`referee.table.store.TableStore.write`)."""
        with self._errors():
            db = self._db
            with db.transaction():
                db.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (self.where.id,))
                self._rows.clear()  # another worker may have written since
                log = Log(self, self._tip())
                draft = decide(log)
                if draft is None:
                    return None
                change = self._append(log, draft, stamp(time.time() if at is None else at))
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.where.id))
            pgwatch.changed(self.where.url, self.where.id)  # this process's streams, before the notification
            return change

    def _append(self, log: Log, draft: Draft, at: str) -> Change:
        db, table_id = self._db, self.where.id
        tip = log._tip
        game = tip.change.game if tip is not None else None
        if draft.new_game or game is None:
            game = db.execute("INSERT INTO referee_games(table_id, started) VALUES (%s, %s) RETURNING id",
                              (table_id, at)).fetchone()[0]
            n = 1
        else:
            n = tip.n + 1
        last = db.execute("SELECT seq, checksum FROM referee_tip WHERE table_id = %s", (table_id,)).fetchone()
        seq = (last[0] if last else 0) + 1
        row = new_row(log, draft, seq, game, n, at, self._row)
        checksum = _checksum(last[1] if last else "", row)
        db.execute(f"INSERT INTO referee_changes(table_id, {COLUMNS}) VALUES (%s, {', '.join(['%s'] * 12)})",
                   (table_id, *row, checksum))
        db.execute("INSERT INTO referee_tip(table_id, seq, checksum) VALUES (%s, %s, %s) ON CONFLICT (table_id) "
                   "DO UPDATE SET seq = EXCLUDED.seq, checksum = EXCLUDED.checksum", (table_id, seq, checksum))
        return Change(seq, game, at, draft.command, draft.request, draft.effect, draft.summary)

    def _tip(self) -> Optional[_Row]:
        found = self._db.execute("SELECT t.seq, t.checksum, (SELECT max(seq) FROM referee_changes c WHERE "
                                 "c.table_id = t.table_id) FROM referee_tip t WHERE t.table_id = %s",
                                 (self.where.id,)).fetchone()
        if found is None:
            last = self._db.execute("SELECT max(seq) FROM referee_changes WHERE table_id = %s",
                                    (self.where.id,)).fetchone()[0]
            if last is not None:
                raise Damaged(self.path, last, "the log's end is not recorded")
            return None
        if found[2] != found[0]:
            raise Damaged(self.path, found[2], "the log does not end where it was last written")
        row = self._row(found[0])
        if row.checksum != found[1]:
            raise Damaged(self.path, found[0], "the last change is not the one written")
        return row

    def _row(self, seq: int) -> _Row:
        """Change ``seq``, verified against its checksum and the one of the row before it."""
        known = self._rows.get(seq)
        if known is not None:
            return known
        self._read_window(seq)  # the rows a table and its recent changes need, in one round trip
        known = self._rows.get(seq)
        if known is not None:
            return known
        rows = self._db.execute(f"SELECT {COLUMNS} FROM referee_changes WHERE table_id = %s AND seq IN (%s, %s) "
                                "ORDER BY seq", (self.where.id, seq - 1, seq)).fetchall()
        if not rows or rows[-1][0] != seq:
            raise Damaged(self.path, seq, "the change is missing")
        row = self._verified(rows[-1], rows[0][-1] if len(rows) == 2 else "")
        self._rows[seq] = row
        return row

    def _read_window(self, seq: int) -> None:
        """Read change ``seq`` and the :data:`WINDOW` before it at once, keeping each row that
        verifies against the one before it (a row that does not is read alone, and named)."""
        rows = self._db.execute(f"SELECT {COLUMNS} FROM referee_changes WHERE table_id = %s AND seq BETWEEN %s AND %s "
                                "ORDER BY seq", (self.where.id, seq - WINDOW - 1, seq)).fetchall()
        before = None if not rows or rows[0][0] != 1 else ""
        previous = None
        for raw in rows:
            if before is not None and (raw[0] == 1 or raw[0] - 1 == previous):
                try:
                    row = self._verified(raw, before)
                except Damaged:
                    row = None
                if row is not None:
                    self._rows[raw[0]] = row
            before, previous = raw[-1], raw[0]

    def _verified(self, raw, before: str) -> _Row:
        raw = list(raw)
        if isinstance(raw[10], memoryview):
            raw[10] = bytes(raw[10])
        if _checksum(before, raw[:-1]) != raw[-1]:
            raise Damaged(self.path, raw[0], "its checksum does not match")
        try:
            change = Change(raw[0], raw[1], raw[3], raw[4], json.loads(raw[5]), json.loads(raw[6]),
                            json.loads(raw[7]))
        except (ValueError, TypeError) as exc:
            raise Damaged(self.path, raw[0], str(exc)) from None
        return _Row(change, raw[2], raw[8], raw[9], raw[10], raw[11])

    def close(self) -> None:
        if self._borrowed is not None:
            self._pool.putconn(self._borrowed)
            self._borrowed = None

    def __enter__(self) -> "PgTableStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _errors(self):
        return _errors(self.where.url)


def open_store(where: PgTable, create: bool = False, write: bool = True) -> PgTableStore:
    """The table ``where`` names. A table id never made (:func:`make_table`, or the server's own
    table) with nothing written is :class:`NotFound` unless ``create`` (``table new``)."""
    with _errors(where.url):
        store = PgTableStore(where)
        try:
            with store._errors():
                known = store._db.execute("SELECT 1 FROM referee_tip WHERE table_id = %s UNION ALL SELECT 1 FROM "
                                          "referee_tables WHERE id = %s LIMIT 1", (where.id, where.id)).fetchone()
        except BaseException:
            store.close()
            raise
    if known is None and not create:
        store.close()
        raise NotFound("no table in progress ({path}); start one with `referee table new NAME…`", path=str(where))
    return store


# --- the many tables of one store -------------------------------------------------------------

def make_table(url: str, table_id: str, code_hash: Optional[str]) -> None:
    """Register a new table (no game yet) with the hash of its join code."""
    with _errors(url), pool(url).connection(timeout=WAIT) as db:
        db.execute("INSERT INTO referee_tables(id, code_hash) VALUES (%s, %s)", (table_id, code_hash))


def code_hash_of(url: str, table_id: str) -> tuple[bool, Optional[str]]:
    """(whether the table exists, the hash of its join code)."""
    with _errors(url), pool(url).connection(timeout=WAIT) as db:
        found = db.execute("SELECT code_hash FROM referee_tables WHERE id = %s", (table_id,)).fetchone()
    return (found is not None, found[0] if found else None)


def tip_of(url: str, table_id: str) -> Optional[tuple]:
    """(last change's number, its checksum) of a table: what a watcher compares between looks."""
    with _errors(url), pool(url).connection(timeout=WAIT) as db:
        return db.execute("SELECT seq, checksum FROM referee_tip WHERE table_id = %s", (table_id,)).fetchone()


def export(where: PgTable) -> dict:
    """The good part of a table's log, however damaged the rest (the twin of
    :func:`referee.table.store.export`): each change read in order until the first one that is
    missing or fails its checksum; the changes of the last game among them."""
    with _errors(where.url), pool(where.url).connection(timeout=WAIT) as db:
        known = db.execute("SELECT 1 FROM referee_tip WHERE table_id = %s UNION ALL SELECT 1 FROM referee_tables "
                           "WHERE id = %s LIMIT 1", (where.id, where.id)).fetchone()
        if known is None:
            raise NotFound("no table in progress ({path}); start one with `referee table new NAME…`",
                           path=str(where))
        rows = db.execute(f"SELECT {COLUMNS} FROM referee_changes WHERE table_id = %s ORDER BY seq",
                          (where.id,)).fetchall()
    good, before, stopped, reason, expected = [], "", None, None, 1
    for raw in rows:
        raw = [bytes(value) if isinstance(value, memoryview) else value for value in raw]
        if raw[0] != expected:
            stopped, reason = expected, "the change is missing"
            break
        expected += 1
        if _checksum(before, raw[:-1]) != raw[-1]:
            stopped, reason = raw[0], "its checksum does not match"
            break
        before = raw[-1]
        try:
            good.append(Change(raw[0], raw[1], raw[3], raw[4], json.loads(raw[5]), json.loads(raw[6]),
                               json.loads(raw[7])))
        except (ValueError, TypeError) as exc:
            stopped, reason = raw[0], str(exc)
            break
    game = good[-1].game if good else None
    return {"changes": [c for c in good if c.game == game], "stopped_at": stopped, "reason": reason}


# --- wrong join codes, counted for every server of the store ------------------------------------

#: the database's clock in seconds: every server reads the same one
_NOW = "extract(epoch FROM clock_timestamp())"


def tries_left(url: str, client: str, rate: float, burst: int) -> float:
    """The tries ``client`` has now (a bucket of ``burst`` tries, refilled ``rate`` a second)."""
    with _errors(url), pool(url).connection(timeout=WAIT) as db:
        found = db.execute(f"SELECT least(%s, tokens + ({_NOW} - at) * %s) FROM referee_tries WHERE client = %s",
                           (float(burst), rate, client)).fetchone()
    return float(burst) if found is None else float(found[0])


def spend_try(url: str, client: str, rate: float, burst: int) -> None:
    """Count one wrong try of ``client``, in one statement (two servers counting at once both
    count); buckets full again are forgotten (a flood of addresses cannot fill the table)."""
    with _errors(url), pool(url).connection(timeout=WAIT) as db:
        db.execute(f"INSERT INTO referee_tries AS t(client, tokens, at) VALUES (%(client)s, %(burst)s - 1, {_NOW}) "
                   f"ON CONFLICT (client) DO UPDATE SET tokens = greatest(least(%(burst)s, t.tokens + ({_NOW} - t.at) "
                   f"* %(rate)s) - 1, 0), at = {_NOW}", {"client": client, "burst": float(burst), "rate": rate})
        db.execute(f"DELETE FROM referee_tries WHERE at < {_NOW} - %s", (burst / rate,))
