"""Noticing a change to a table in a PostgreSQL store, whichever server process made it.

Each process keeps one dedicated connection that ``LISTEN``\\s on
:data:`CHANNEL`; every write's commit notifies it with the table's id.
A thread reads the notifications and counts them per table: a :class:`Probe`'s token is that
count, so a server's poll of a table costs no query at all, and a change reaches the event
streams of every process at once (the listening thread wakes the table's poller). A write made by this process counts at once
(:func:`changed`, called by the store after its commit), before its own notification comes
back. When the listening connection drops, every table counts as changed (a notification may
have been missed) and it connects again. A reader (``GET /api/table``, a stream that opens)
asks the store for the table's last change besides (``token(fresh=True)``): a notification comes
a moment after its commit, and a phone that wrote through one worker and reads through another
must see its own change.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Optional

#: the channel every commit notifies with the table's id as payload (referee.table.pgstore)
CHANNEL = "referee_tables"
_counts: dict[tuple[str, str], int] = defaultdict(int)   # (url, table id) -> changes seen
_epochs: dict[str, int] = defaultdict(int)                # url -> reconnections of its listener
_listeners: dict[str, threading.Thread] = {}
_wakers: dict[tuple[str, str], list] = defaultdict(list)   # (url, table id) -> called on a notification
_lock = threading.Lock()


def changed(url: str, table_id: str) -> None:
    """Count a change of ``table_id`` (a notification, or a commit of this process)."""
    _counts[(url, table_id)] += 1


def listen(url: str) -> None:
    """Start this process's listener on ``url`` (once)."""
    with _lock:
        if url in _listeners and _listeners[url].is_alive():
            return
        thread = threading.Thread(target=_listen, args=(url,), name="referee-listen", daemon=True)
        _listeners[url] = thread
        thread.start()


def _listen(url: str) -> None:
    # lazy: psycopg 842 ms to import, which `referee fight` does not need
    import psycopg

    pause = 0.1
    while True:
        try:
            with psycopg.connect(url, autocommit=True) as db:
                db.execute(f"LISTEN {CHANNEL}")
                _epochs[url] += 1  # anything may have changed while nobody listened
                pause = 0.1
                for note in db.notifies():
                    changed(url, note.payload)
                    for wake in list(_wakers.get((url, note.payload), ())):
                        try:
                            wake()
                        except RuntimeError:  # its event loop has closed
                            pass
        except Exception:  # the database went away: say nothing per try, count all as changed, retry
            _epochs[url] += 1
            time.sleep(pause)
            pause = min(pause * 2, 5.0)


class Probe:
    """The watch of one table in a PostgreSQL store (see :class:`referee.table.watch.Probe`)."""

    def __init__(self, where, read_tip=None):
        self.where = where
        #: how to read the table's last change from the store (referee.table.pgstore.tip_of, given
        #: by whoever makes the probe: the store's module imports this one), and its last value
        self._read_tip, self._tip = read_tip, None
        listen(where.url)

    def token(self, fresh: bool = False) -> Optional[tuple]:
        """The notifications counted, and the table's last change; ``fresh``: that change read
        from the store now. A notification comes a moment after the commit, through another
        connection: a reader who asks right after a write made by another server process (a
        phone's ``GET`` after its own ``POST`` went to the other worker) would be shown the
        table before it. The streams' polls need no query (the count wakes them)."""
        if fresh and self._read_tip is not None:
            try:
                self._tip = self._read_tip()
            except Exception:  # the store is unreachable: the count alone, the read says why
                pass
        return (_epochs[self.where.url], _counts[(self.where.url, self.where.id)], self._tip)

    def on_change(self, wake) -> None:
        """Call ``wake()`` (from the listening thread) when another process changes the table, so
        the server looks at once instead of at its next poll."""
        self._wake = wake
        _wakers[(self.where.url, self.where.id)].append(wake)

    def close(self) -> None:
        wake = getattr(self, "_wake", None)
        if wake is not None and wake in _wakers.get((self.where.url, self.where.id), ()):
            _wakers[(self.where.url, self.where.id)].remove(wake)
