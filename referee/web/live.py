"""The table, live on every phone: ``GET /api/table/events`` (Server-Sent Events).

One :class:`Watch` per table file and server process polls the file cheaply
(:class:`referee.table.watch.Probe`, a pragma every :data:`POLL` seconds) and wakes every
stream when the table changed — by this server, another worker, or a ``referee table``
command on the same file. The table body is made once per change and language and shared by
all the streams, so a hundred phones cost one poll and one body, not a hundred.

Each event is ``id:`` the change count and ``data:`` exactly the ``GET /api/table`` body
(``{"table": null, "changes": 0}`` while no game is in progress). A client that reconnects
with ``Last-Event-ID`` gets the table at once if it changed meanwhile, else only what comes
next. A comment line every :data:`HEARTBEAT` seconds keeps proxies from closing a quiet stream;
with it, and when the stream opens, an ``event: clock`` gives the server's time in milliseconds
since the epoch, so a phone counts the fight's window down by the server's clock, not its own.
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
import traceback
from pathlib import Path
from typing import Optional

from starlette.requests import Request
from starlette.responses import StreamingResponse

from referee.errors import NotFound, RefereeError
from referee.i18n.catalogs import RuleText, speaking
from referee.web.endpoints import error_message
from referee.web.tables import probe_for, where_of

#: seconds between two looks at the table file (changes reach the phones within this, plus a body)
POLL = 0.1
#: seconds between two heartbeat comments on a quiet stream
HEARTBEAT = 15.0
#: seconds a table's poller goes on without any stream or fight before it stops
IDLE = 5.0
#: how many tables a stream may fall behind and still send each one (then it skips to the newest)
HISTORY = 64
#: how long a browser waits before reconnecting a dropped stream (milliseconds)
RETRY_MS = 1000


class Watch:
    """The one poller of one table file in this process, and the streams waiting on it."""

    def __init__(self, path: Optional[Path]):
        self.path = path
        self._probe = probe_for(path)  # a pragma on the file, or a PostgreSQL store's notifications
        if hasattr(self._probe, "on_change"):  # notified: look at once, not at the next poll
            loop = asyncio.get_running_loop()
            self._probe.on_change(lambda: loop.call_soon_threadsafe(self.poke))
        self._token = object()  # nothing seen yet
        self._changed = asyncio.Event()
        # Each table this process saw, newest last, with a serial number: a stream that was busy
        # sending when the next change came still sends every one in turn (up to HISTORY behind).
        self._serial = 0
        self._history: collections.deque = collections.deque(maxlen=HISTORY)  # (serial, shown, error)
        self._bodies: dict[tuple[int, str], tuple[int, bytes, dict]] = {}  # (serial, language) -> made
        self._streams = 0  # open streams (none, and no fight due: the poller stops)
        self._task: Optional[asyncio.Task] = None
        self._poke = asyncio.Event()
        self._shown = None  # (Shown or None, error or None) at the last change seen
        self._deadline: Optional[float] = None  # when the fight on the table closes (epoch seconds)

    # --- the poller ------------------------------------------------------------------------------

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass
        self._probe.close()

    def poke(self) -> None:
        """Look at the file now (a write was just made through this server)."""
        self._poke.set()

    async def _run(self) -> None:
        idle = 0.0
        while True:
            try:
                self.settle()
                self.look()
            except Exception:  # a bug must not stop every phone's updates: say it, go on
                traceback.print_exc(file=sys.stderr)
            try:
                await asyncio.wait_for(self._poke.wait(), POLL)
            except asyncio.TimeoutError:
                pass
            self._poke.clear()
            # nobody listening and no fight to settle: stop polling (a server of many tables
            # polls only those with a phone on them); the next request starts it again
            idle = idle + POLL if self._streams == 0 and self._deadline is None else 0.0
            if idle >= IDLE:
                return

    def settle(self) -> None:
        """Record the fight's result once its window has run out, even when nobody writes (the
        library decides it from the log, so another process seeing it first is no double)."""
        # lazy: referee.table 29 ms to import, paid only by the calls that need it
        from referee import table

        if self._deadline is not None and table.clock() >= self._deadline:
            self._deadline = None

            try:
                table.settle(self.path)
            except RefereeError:
                pass  # a table that cannot be written: the next read says why

    def look(self, fresh: bool = False) -> bool:
        """Wake the streams if the table changed since the last look; whether it did. ``fresh``:
        the store asked now, even where its notifications may not have come yet (a reader)."""
        token = self._probe.token(fresh)
        if token == self._token:
            return False
        self._token = token
        self._shown = _shown(self.path)
        self._serial += 1
        self._history.append((self._serial, *self._shown))
        oldest = self._history[0][0]
        for key in [k for k in self._bodies if k[0] < oldest]:
            del self._bodies[key]
        fight = self._shown[0].fight if self._shown[0] is not None else None
        self._deadline = fight.get("closes_at") if fight and fight.get("result") is None else None
        woken, self._changed = self._changed, asyncio.Event()
        woken.set()
        return True

    # --- what the streams send -------------------------------------------------------------------

    def changed(self) -> asyncio.Event:
        """An event set at the next change."""
        return self._changed

    def current(self, language: str) -> tuple[int, int, bytes]:
        """(serial, change count, the SSE event) of the table as it stands, in ``language``."""
        if not self._history:
            self.look()
        serial = self._history[-1][0]
        return (serial, *self._made(serial, language)[:2])

    def since(self, serial: int, language: str) -> list[tuple[int, bytes]]:
        """Every (serial, event) after ``serial``, oldest first; only the newest when the stream
        fell further behind than the history reaches."""
        newer = [entry[0] for entry in self._history if entry[0] > serial]
        if newer and newer[0] != serial + 1:
            newer = newer[-1:]
        return [(n, self._made(n, language)[1]) for n in newer]

    def body(self, language: str) -> dict:
        """The ``GET /api/table`` body as the table stands now (looked at first: one pragma), made
        once per change and language for every reader and stream of this process. Raises the
        error of a table that cannot be read; ``{"table": None, …}`` before any game."""
        self.settle()
        self.look(fresh=True)
        serial, shown, error = self._history[-1]
        if error is not None:
            raise error
        return self._made(serial, language)[2]

    def _made(self, serial: int, language: str) -> tuple[int, bytes, dict]:
        known = self._bodies.get((serial, language))
        if known is None:
            _serial, shown, error = next(entry for entry in self._history if entry[0] == serial)
            known = self._bodies[(serial, language)] = _event(self.path, shown, error, language)
        return known


def _shown(path: Optional[Path]):
    """The table as it stands (a fight whose window ran out is recorded first), or the error
    body of a file that cannot be read; ``(None, None)`` before any game."""
    # lazy: referee.table 29 ms to import, paid only by the calls that need it
    from referee import table

    try:
        shown = table.show(path)
    except NotFound:
        return None, None
    except RefereeError as exc:  # a file that cannot be read: the page says why
        return None, exc
    return (shown if shown.state is not None else None), None


def _event(path: Optional[Path], shown, error, language: str) -> tuple[int, bytes, dict]:
    with speaking(language):  # the stream's language, for this answer only
        body: dict = {"table": None, "changes": 0}  # no game yet: the phones show the form that starts one
        if error is not None:
            body["error"] = {"exit": error.exit_code, "message": error_message(error)}
        elif shown is not None:
            # lazy: referee.shapes 10 ms to import, paid only by the calls that need it
            from referee import shapes

            body = shapes.table_json(shown, path, RuleText(language))
    count = int(body.get("changes") or 0)
    data = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    return count, f"id: {count}\ndata: {data}\n\n".encode("utf-8"), body


def watch_of(app, where=None) -> Watch:
    """The application's watch of a table (default: its own), started on first use."""
    if where is None:
        where = app.state.settings.table_path
    watches = getattr(app.state, "watches", None)
    if watches is None:
        watches = app.state.watches = {}
    key = str(where) if where is not None else None
    watch = watches.get(key)
    if watch is None:
        watch = watches[key] = Watch(where)
    watch.start()
    return watch


async def events(request: Request, text):
    """``GET /api/table/events``: the table now (unless the client has it), then every change."""
    watch = watch_of(request.app, where_of(request))
    language = text.language
    last = request.headers.get("last-event-id") or request.query_params.get("last_event_id")

    def clock() -> bytes:
        # the server's time, so a phone whose clock is off still counts the fight's window down right
        # lazy: referee.table 29 ms to import, paid only by the calls that need it
        from referee import table

        return f"event: clock\ndata: {table.clock() * 1000:.0f}\n\n".encode()

    async def stream():
        yield f"retry: {RETRY_MS}\n\n".encode() + clock()
        watch.look(fresh=True)
        sent, count, event = watch.current(language)
        # the last event the phone has (the table as it stands, when it says so): a look that
        # finds the same table again sends nothing
        shown = event
        if last is None or last != str(count):
            yield event
        watch._streams += 1
        try:
            while True:
                changed = watch.changed()
                for sent, event in watch.since(sent, language):
                    # a store may announce one write twice (this server's own poke and the
                    # database's notification): the same table is not news
                    if event != shown:
                        yield (shown := event)
                try:
                    await asyncio.wait_for(changed.wait(), HEARTBEAT)
                except asyncio.TimeoutError:
                    yield b": heartbeat\n\n" + clock()
        finally:
            watch._streams -= 1

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
