"""Noticing that a table file changed, whoever changed it, without reading its log.

A server streams every change of its table to the phones (``GET /api/table/events``), including
changes a ``referee table …`` command made in another process. SQLite's ``PRAGMA data_version``
answers that for the price of one pragma: its value, on one connection, changes whenever another
connection committed to the file. Together with the file's identity (a table made anew, moved
into place, or deleted) it is a token that differs whenever the table may have changed.

This is the only other module, beside :mod:`referee.table.store`, that opens the table file; it
only reads a pragma and never writes.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional


class Probe:
    """One read-only connection to a table file, kept open between polls."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._db: Optional[sqlite3.Connection] = None
        self._identity: Optional[tuple] = None

    def token(self, fresh: bool = False) -> Optional[tuple]:
        """A value that changes whenever the table file may have changed (``None``: no file);
        always read now (``fresh`` is for stores whose token may lag)."""
        try:
            stat = self.path.stat()
        except OSError:
            self.close()
            return None
        identity = (stat.st_dev, stat.st_ino)
        if self._db is None or identity != self._identity:
            self.close()
            if stat.st_size == 0:
                return (identity, None)
            try:
                self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None,
                                           timeout=1.0, check_same_thread=False)
            except sqlite3.Error:
                return (identity, "unreadable")
            self._identity = identity
        try:
            version = self._db.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            self.close()
            return (identity, "unreadable")
        # the connection's own data_version is fixed until another connection commits
        return (identity, id(self._db), version)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db, self._identity = None, None
