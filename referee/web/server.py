"""Running the application on uvicorn, in one process or several sharing one listening socket.

uvicorn's own socket for several workers is made without naming TCP as its protocol, and
asyncio then leaves Nagle's algorithm on for every connection accepted on it: each small
answer waits ~40 ms for the client's delayed acknowledgement. The socket made here names TCP,
so every connection gets TCP_NODELAY as it does with one worker.
"""

from __future__ import annotations

import socket

import uvicorn
from uvicorn.supervisors import Multiprocess

APP = "referee.web.app:app_from_environment"


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
                            access_log=False, server_header=False,
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
