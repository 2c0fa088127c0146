"""The server's gate: which requests reach the application at all, and what every answer says
about itself (pure ASGI, ahead of routing).

Only the table's own page may change the table. A browser lets any page a player opens send
requests to a server on the player's own machine, so the gate refuses, on loopback as on the
network:

- a ``Host`` the server does not answer to (DNS rebinding: a foreign name resolving to us);
- an ``Origin`` other than the server's own, and a ``Sec-Fetch-Site`` saying another site
  (``cross-site``, ``same-site``) except for a plain link followed to a page;
- a write whose ``Content-Type`` is not JSON (YAML too for ``/api/judge``): a cross-site
  ``<form>`` can only send form and text types, and any other type needs a CORS preflight
  this server never grants;
- a declared body that does not arrive within :data:`BODY_SECONDS` (it would hold the
  connection and its task forever).

Every answer, refused or not, carries ``nosniff``, a frame policy and a Content-Security-Policy
the page passes: its scripts and styles are files under ``/static``, nothing inline.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Callable, Iterable, Optional
from urllib.parse import urlsplit

from referee.errors import BadInput
from referee.table.pgstore import is_url, spend_try, tries_left

#: seconds a request's whole body may take to arrive once the handler starts reading it
BODY_SECONDS = 15.0

SAFE_METHODS = ("GET", "HEAD")
JSON_TYPES = ("application/json",)
#: ``POST /api/judge`` also reads a situation as YAML (the contract)
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml")
YAML_PATHS = ("/api/judge",)

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; "
     b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"referrer-policy", b"no-referrer"),  # a join link's ?code= never leaves in a Referer
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


class Refused(BadInput):
    """A request the gate turns away before any route sees it; ``status`` is its HTTP status."""

    status = 403
    headers: dict = {}


class ForeignHost(Refused):
    status = 421  # Misdirected Request: this server is not the one the name was meant for


class CrossSite(Refused):
    status = 403


class WrongType(Refused):
    status = 415


class BodyTimeout(Refused):
    status = 408
    headers = {"Connection": "close"}


class TooManyTries(Refused):
    """Wrong join codes from one client faster than :class:`TokenBucket` allows."""

    status = 429

    def __init__(self, template: str, **values):
        super().__init__(template, **values)
        self.headers = {"Retry-After": str(values["seconds"])}


def host_name(value: str) -> str:
    """The name in a ``Host`` value, lowercase, without its port or a final dot (``[::1]:80`` → ``::1``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")


def _netloc(value: str, scheme: str) -> str:
    """``host:port`` with the scheme's default port written out, for comparing two origins."""
    name = host_name(value)
    port = value.rsplit("]", 1)[-1].rpartition(":")[2] if ":" in value.rsplit("]", 1)[-1] else ""
    return f"{name}:{port or ('443' if scheme == 'https' else '80')}"


def media_type(value: str) -> str:
    return value.split(";", 1)[0].strip().lower()


class Guard:
    """The gate around the application (``allowed_hosts``: the names the server answers to;
    ``refuse(scope, error)``: the ASGI answer for a refusal, in the request's language)."""

    def __init__(self, app, allowed_hosts: Iterable[str], refuse: Callable, body_seconds: Optional[float] = None):
        self.app = app
        self.allowed_hosts = frozenset(host_name(h) for h in allowed_hosts if h)
        self.refuse = refuse
        self.body_seconds = body_seconds or BODY_SECONDS

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_guarded(message):
            if message["type"] == "http.response.start":
                taken = {name for name, _ in message.get("headers", [])}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in SECURITY_HEADERS if h[0] not in taken)]}
            await send(message)

        refusal = self.check(scope)
        if refusal is not None:
            await self.refuse(scope, refusal)(scope, receive, send_guarded)
            return
        await self.app(scope, self.in_time(receive), send_guarded)

    def check(self, scope) -> Optional[Refused]:
        """Why this request is refused, or None."""
        headers = {}
        for name, value in scope.get("headers", []):
            headers.setdefault(name.decode("latin-1"), value.decode("latin-1"))
        host = headers.get("host", "")
        if host_name(host) not in self.allowed_hosts:
            return ForeignHost("this server does not answer to the name {host}; open it by the address "
                               "`referee serve` printed (a proxy's name needs --allowed-host)",
                               host=repr(host[:80]))
        method = scope["method"]
        origin = headers.get("origin")
        if origin is not None:
            parts = urlsplit(origin) if origin != "null" else None
            if (parts is None or parts.scheme not in ("http", "https")
                    or _netloc(parts.netloc, parts.scheme) != _netloc(host, parts.scheme)):
                return CrossSite("a page from another site ({origin}) cannot use this server; open the table's "
                                 "own page", origin=repr(origin[:80]))
        site = headers.get("sec-fetch-site")
        if site in ("cross-site", "same-site") and not (
                method in SAFE_METHODS and headers.get("sec-fetch-mode") == "navigate"):
            return CrossSite("a page from another site cannot use this server; open the table's own page")
        if method not in SAFE_METHODS:
            allowed = JSON_TYPES + (YAML_TYPES if scope["path"] in YAML_PATHS else ())
            given = media_type(headers.get("content-type", ""))
            if given not in allowed:
                return WrongType("a request that sends a body must say Content-Type: {allowed} (got {given})",
                                 allowed=" or ".join(allowed), given=repr(given[:60]) if given else "none")
        return None

    def in_time(self, receive):
        """``receive`` with a deadline on the body: once the handler starts reading it, all of it
        must arrive within ``body_seconds`` (after that, reads wait as long as they like: a
        stream's wait for the client to leave is not a body)."""
        state = {"deadline": None, "done": False}

        async def receive_in_time():
            if state["done"]:
                return await receive()
            loop = asyncio.get_running_loop()
            if state["deadline"] is None:
                state["deadline"] = loop.time() + self.body_seconds
            try:
                message = await asyncio.wait_for(receive(), max(state["deadline"] - loop.time(), 0.0))
            except asyncio.TimeoutError:
                raise BodyTimeout("the request body did not arrive within {seconds} s; nothing was changed",
                                  seconds=int(self.body_seconds)) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                state["done"] = True
            return message

        return receive_in_time


def limiter(store, name: str, rate: float = 1.0, burst: int = 10):
    """The wrong tries allowed per client on a server of ``store``: kept in the database for a
    PostgreSQL store (every server of it counts the same tries), else in this process."""
    return StoreBucket(store, name, rate, burst) if is_url(store) else TokenBucket(rate, burst)


class TokenBucket:
    """Wrong tries allowed per client: ``burst`` at once, then one each ``1 / rate`` seconds.

    Kept per process (each worker counts its own), for the clients seen in the last few
    minutes; the oldest are forgotten past ``clients`` (a flood of addresses cannot fill memory).
    """

    def __init__(self, rate: float = 1.0, burst: int = 10, clients: int = 4096, clock=time.monotonic):
        self.rate, self.burst, self.clients, self.clock = rate, burst, clients, clock
        self.buckets: dict[str, tuple[float, float]] = {}   # client -> (tokens, at)

    def _tokens(self, client: str) -> float:
        tokens, at = self.buckets.get(client, (float(self.burst), self.clock()))
        return min(float(self.burst), tokens + (self.clock() - at) * self.rate)

    def wait(self, client: str) -> int:
        """Seconds until ``client`` may try again (0: now)."""
        tokens = self._tokens(client)
        return 0 if tokens >= 1 else max(1, math.ceil((1 - tokens) / self.rate))

    def spend(self, client: str) -> None:
        """Count one wrong try of ``client``."""
        tokens = self._tokens(client)
        self.buckets.pop(client, None)
        self.buckets[client] = (max(tokens - 1, 0.0), self.clock())
        while len(self.buckets) > self.clients:
            self.buckets.pop(next(iter(self.buckets)))


class StoreBucket:
    """:class:`TokenBucket`'s twin kept in a PostgreSQL store (:func:`referee.table.pgstore.spend_try`):
    wrong tries spread over several servers, or workers, are counted once, by the database's clock."""

    def __init__(self, url: str, name: str, rate: float = 1.0, burst: int = 10):
        self.url, self.name, self.rate, self.burst = url, name, rate, burst

    def wait(self, client: str) -> int:
        tokens = tries_left(self.url, f"{self.name} {client}", self.rate, self.burst)
        return 0 if tokens >= 1 else max(1, math.ceil((1 - tokens) / self.rate))

    def spend(self, client: str) -> None:
        spend_try(self.url, f"{self.name} {client}", self.rate, self.burst)
