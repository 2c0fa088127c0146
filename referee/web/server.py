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


class _Config(uvicorn.Config):
    def bind_socket(self) -> socket.socket:
        family = socket.AF_INET6 if self.host and ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        sock.set_inheritable(True)
        return sock


def run(host: str, port: int, workers: int = 1) -> None:
    """Serve until interrupted (Ctrl-C, SIGTERM)."""
    config = _Config(APP, factory=True, host=host, port=port, workers=workers, log_level="warning",
                     access_log=False, server_header=False)
    if workers == 1:
        uvicorn.Server(config).run()
        return
    Multiprocess(config, sockets=[config.bind_socket()]).run()
