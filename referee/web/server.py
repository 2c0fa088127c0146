"""Running the application on uvicorn, in one process or several sharing one listening socket.

uvicorn's own socket for several workers is made without naming TCP as its protocol, and
asyncio then leaves Nagle's algorithm on for every connection accepted on it: each small
answer waits ~40 ms for the client's delayed acknowledgement. The socket made here names TCP,
so every connection gets TCP_NODELAY as it does with one worker.

A server that stays up: a connection must send its request's headers within
:data:`HEADER_SECONDS` (uvicorn only times out idle keep-alive connections, so a client that
connects and says nothing, or a few bytes, would hold a descriptor for ever); and a process
never holds more connections than its descriptors allow: past :func:`connection_cap`, a new
connection closes the oldest one still waiting for its headers, so under a flood of idle
connections the next real request is answered at once instead of waiting in the kernel's
queue for a descriptor.
"""

from __future__ import annotations

import resource
import socket
from collections import OrderedDict

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.supervisors import Multiprocess

from referee.web.quiet import log_config

APP = "referee.web.app:app_from_environment"
#: seconds a connection has to send a request's headers (the first one, or the next on keep-alive)
HEADER_SECONDS = 10.0
#: seconds an idle keep-alive connection is kept
KEEP_ALIVE_SECONDS = 5
#: descriptors kept for the table, the index, the log and the listening socket
RESERVED_DESCRIPTORS = 64
#: the most bytes of headers read before refusing (h11's default is 16 KiB)
MAX_HEADERS = 16 * 1024


def connection_cap() -> int:
    """How many connections one process holds: what its descriptor limit leaves."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, min(soft, 65536) - RESERVED_DESCRIPTORS)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on headers and a cap on connections."""

    #: connections waiting for a request's headers, oldest first (one process's event loop)
    waiting: "OrderedDict[GuardedH11Protocol, None]" = OrderedDict()
    cap = 0

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.header_timer = None
        self._wait_for_headers()
        cap = type(self).cap or connection_cap()
        type(self).cap = cap
        if len(self.connections) > cap:
            oldest = next((c for c in self.waiting if c is not self), None)
            (oldest or self)._drop()

    def _wait_for_headers(self) -> None:
        self.waiting[self] = None
        if self.header_timer is None:
            self.header_timer = self.loop.call_later(HEADER_SECONDS, self._headers_too_late)

    def _headers_started(self) -> None:
        self.waiting.pop(self, None)
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_too_late(self) -> None:
        self.header_timer = None
        if self.conn.their_state is h11.IDLE:
            self._drop()

    def _drop(self) -> None:
        self.waiting.pop(self, None)
        if not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self._headers_started()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._wait_for_headers()

    def connection_lost(self, exc) -> None:
        self._headers_started()
        super().connection_lost(exc)


def bind(host: str, port: int) -> socket.socket:
    """The listening socket (port 0: any free one), listening as soon as the URL is printed. Raises :class:`OSError` when the address is
    taken or not this machine's, before anything is printed or started."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)  # from now on a phone's request waits in the queue, never refused
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class _Workers(Multiprocess):
    """uvicorn's supervisor, telling Ctrl-C apart from SIGTERM as one process does."""

    interrupted = False

    def handle_int(self) -> None:
        self.interrupted = True
        super().handle_int()


def run(sock: socket.socket, workers: int = 1, tls: tuple[str, str] | None = None) -> None:
    """Serve on ``sock`` until stopped: SIGTERM returns, Ctrl-C raises KeyboardInterrupt once
    the workers are down (the CLI's exit 130 and one line, with one worker or many)."""
    host, port = sock.getsockname()[:2]

    config = uvicorn.Config(APP, factory=True, host=host, port=port, workers=workers, log_level="warning",
                            access_log=False, server_header=False, http=GuardedH11Protocol,
                            log_config=log_config(), timeout_keep_alive=KEEP_ALIVE_SECONDS,
                            h11_max_incomplete_event_size=MAX_HEADERS,
                            # past the cap a new connection closes an idle one first (see above)
                            limit_concurrency=connection_cap() + 1,
                            # the phones' event streams never end by themselves: end them on stop
                            timeout_graceful_shutdown=1,
                            # HTTPS: a secure context, where phones may keep the screen on (Wake Lock)
                            ssl_certfile=tls[0] if tls else None, ssl_keyfile=tls[1] if tls else None)
    if workers == 1:
        uvicorn.Server(config).run(sockets=[sock])
        return
    supervisor = _Workers(config, sockets=[sock])
    supervisor.run()
    if supervisor.interrupted:
        raise KeyboardInterrupt
