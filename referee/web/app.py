"""The Starlette application: routes, the one error boundary, languages, limits, the join code.

Handlers are ``async`` and call the (synchronous, fast) library directly on the event loop.
The language chosen for a request (:func:`referee.i18n.catalogs.use_language`) is set in the
request's own context (each request is a task of its own, and a table write carries the context
to the writer thread), so it cannot leak into another's answer, even one answered meanwhile.
Table writes never wait on each other inside one process. A busy table runs several workers
(``referee serve --workers N``), which share the table file as two shells do.
"""

from __future__ import annotations

import hmac
import json
from pathlib import Path
from typing import NamedTuple, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from referee.errors import BadInput, Exit, InvalidFile, NotFound, RefereeError, RulesDoNotSettle

#: request bodies larger than this are refused (413) before they are read in full
MAX_BODY = 1024 * 1024
STATIC = Path(__file__).parent / "static"


#: the names a server answers to whatever its address: this machine's own (see referee.web.guard)
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


class Settings(NamedTuple):
    """What one server was started with."""

    table_path: Optional[Path]
    join_code: Optional[str]   # None: bound to loopback, changes need no code
    store: Optional[str] = None  # where POST /api/tables makes tables (referee.table.stores)


class TooLarge(BadInput):
    """A request body over :data:`MAX_BODY`."""


class Forbidden(BadInput):
    """A change to the table without the join code (or with a wrong one)."""


def status_of(exc: RefereeError) -> int:
    """The HTTP status of a library error, by the contract: the CLI's exit code, as HTTP."""
    from referee.web.guard import Refused

    if isinstance(exc, Refused):
        return exc.status
    if getattr(exc, "http_status", None):
        return exc.http_status
    if isinstance(exc, TooLarge):
        return 413
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, RulesDoNotSettle):
        return 409
    if isinstance(exc, InvalidFile):
        return 422  # well-formed, but not a situation the rules can take
    return 400


def error_response(exc: RefereeError) -> JSONResponse:
    from referee.i18n.catalogs import _

    headers = dict(getattr(exc, "headers", None) or {})
    return JSONResponse({"error": {"exit": exc.exit_code, "message": exc.render(_)}}, status_code=status_of(exc),
                        headers=headers or None)


class UTF8JSON(JSONResponse):
    """JSON as the CLI writes it: UTF-8, nothing escaped that need not be."""

    media_type = "application/json"

    def render(self, content) -> bytes:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def language_of(request: Request) -> str:
    """``?lang=``, then the ``Accept-Language`` header, then English (the contract's order)."""
    from referee.i18n.locale import choose_language, parse_language

    asked = request.query_params.get("lang")
    if asked:
        return choose_language(asked)  # an unknown code is bad input (400), as --lang is
    header = request.headers.get("accept-language", "")
    ranked = []
    for position, part in enumerate(header.split(",")[:20]):
        code, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        ranked.append((-quality, position, code.strip()))
    for _quality, _position, code in sorted(ranked):
        language = parse_language(code) if code and code != "*" else None
        if language:
            return language
    return "en"


def speak(request: Request):
    """Choose the request's language for everything said in the answer; its rule texts."""
    from referee.i18n.catalogs import RuleText, use_language

    language = language_of(request)
    use_language(language)
    return RuleText(language)


#: how much of a refused body is read and dropped so the client sees the 413 (see _drain)
DRAIN_LIMIT = 16 * MAX_BODY


async def _messages(request: Request):
    """The request body's ASGI messages as (bytes, more to come)."""
    while True:
        message = await request.receive()
        if message["type"] != "http.request":  # the client went away
            yield b"", False
            return
        more = message.get("more_body", False)
        yield message.get("body", b""), more
        if not more:
            return


async def _drain(messages, request: Request, already: int) -> None:
    """Read and drop what the client is still sending of a refused body.

    Closing a connection with unread bytes in it makes the kernel reset it, and a reset can
    destroy the 413 before the client reads it (the reason web servers do a "lingering close").
    A client that asked ``Expect: 100-continue`` has sent nothing yet, so nothing is read; past
    :data:`DRAIN_LIMIT` the connection is dropped anyway.
    """
    if "100-continue" in request.headers.get("expect", "").lower():
        return
    drained = already
    async for chunk, _more in messages:
        drained += len(chunk)
        if drained > DRAIN_LIMIT:
            return


async def body_of(request: Request) -> bytes:
    """The request body, refused as soon as it is over :data:`MAX_BODY` (it is never kept)."""
    length = request.headers.get("content-length")
    declared_too_large = bool(length and length.isdigit() and int(length) > MAX_BODY)
    messages = _messages(request)
    chunks, size, more = [], 0, True
    if not declared_too_large:
        async for chunk, more in messages:
            size += len(chunk)
            chunks.append(chunk)
            if size > MAX_BODY:
                break
        if size <= MAX_BODY:
            return b"".join(chunks)
    if more:
        await _drain(messages, request, size)
    raise TooLarge("the request body is over {limit} KiB; a situation is a few dozen lines", limit=MAX_BODY // 1024)


async def json_body(request: Request) -> dict:
    """The request body as a JSON object (an empty body is ``{}``), refused when malformed
    (:func:`referee.web.bodies.parse`: duplicate keys, too deep, not an object)."""
    from referee.web.bodies import parse

    raw = await body_of(request)
    if not raw.strip():
        return {}
    return parse(raw)


def plain_code(code: str) -> bytes:
    """A join code as compared: without the groups' dashes and spaces, in lower case, with the
    letters a phone's keyboard confuses read as the digits they look like (Crockford's base 32)."""
    kept = "".join(code.split()).replace("-", "").lower()
    return kept.translate(str.maketrans("ilo", "110")).encode("utf-8", "replace")


def require_code(request: Request) -> None:
    """A change to the table needs the join code when the server is open to the network; wrong
    codes from one client are limited (:class:`referee.web.guard.TokenBucket`): 429 past it."""
    from referee.web.guard import TooManyTries

    from referee.web import tables

    if tables.require_code(request):
        return
    code = request.app.state.settings.join_code
    if code is None:
        return
    client = request.client.host if request.client else ""
    tries = request.app.state.wrong_codes
    wait = tries.wait(client)
    if wait:
        raise TooManyTries("too many wrong join codes from this device; try again in {seconds} s", seconds=wait)
    given = request.headers.get("x-referee-code") or request.query_params.get("code") or ""
    if not hmac.compare_digest(plain_code(given[:200]), plain_code(code)):
        tries.spend(client)
        raise Forbidden("this change needs the table's join code (the one `referee serve` printed): send it as "
                        "the X-Referee-Code header or ?code=; nothing was changed")


def endpoint(handler):
    """A route handler with the one error boundary: library errors are the contract's JSON
    errors; anything else is a 500 that says so, and one line in the server's log (a flood of
    the same fault is one line now and then: :mod:`referee.web.quiet`)."""

    async def route(request: Request) -> Response:
        try:
            text = speak(request)
            return await handler(request, text)
        except RefereeError as exc:
            return error_response(exc)
        except Exception as exc:  # a bug: the client gets a clear answer, the log a line
            from referee.web.quiet import report

            report(request.method, request.url.path, exc)
            return UTF8JSON({"error": {"exit": int(Exit.INTERNAL), "message": f"internal error: {type(exc).__name__}"}},
                            status_code=500)

    route.__name__ = handler.__name__
    return route


def create_app(table_path=None, join_code: Optional[str] = None, allowed_hosts: tuple[str, ...] = (),
               store: Optional[str] = None) -> Starlette:
    """The server's application (``join_code`` set: the table changes only with it; ``store``: a
    table file or a PostgreSQL URL, whose own table is the server's unless ``table_path``),
    answering to this machine's loopback names and ``allowed_hosts`` (:class:`referee.web.guard.Guard`)."""
    from starlette.middleware import Middleware
    from starlette.middleware.gzip import GZipMiddleware

    from referee.table.stores import own_table
    from referee.web import api, assets, live, pages, tables
    from referee.web.guard import Guard, TokenBucket

    routes = [
        Route("/", endpoint(pages.index)),
        Route("/rule/{clause_id}", endpoint(pages.rule)),
        Route("/card/{card_id}", endpoint(pages.card)),
        Route("/healthz", endpoint(api.healthz)),
        Route("/manifest.webmanifest", endpoint(assets.manifest)),
        Route("/api/search", endpoint(api.search)),
        Route("/api/rule/{clause_id}", endpoint(api.rule)),
        Route("/api/card", endpoint(api.card)),
        Route("/api/cards", endpoint(api.cards)),
        Route("/api/judge", endpoint(api.judge), methods=["POST"]),
        Route("/api/ask", endpoint(api.ask_text), methods=["POST"]),
        Route("/api/ask/{kind}", endpoint(api.ask), methods=["POST"]),
        Route("/api/table", endpoint(api.table_show)),
        Route("/api/table/events", endpoint(live.events)),
        Route("/api/table/combat", endpoint(api.combat), methods=["POST"]),
        Route("/api/table/combat/{action}", endpoint(api.combat), methods=["POST"]),
        Route("/api/table/{change}", endpoint(api.table_change), methods=["POST"]),
        Mount("/static", app=assets.CachedStatic(directory=str(STATIC)), name="static"),
    ]
    routes[-1:-1] = tables.routes(routes)  # the same table routes for every table of the store
    gate = Middleware(Guard, allowed_hosts=(*LOOPBACK_HOSTS, *allowed_hosts), refuse=_refusal)
    # the gate first, so a refused request costs nothing; never gzip on the event stream
    # (Starlette's GZip leaves text/event-stream alone)
    zipped = Middleware(GZipMiddleware, minimum_size=1024)
    app = Starlette(routes=routes, lifespan=_lifespan, middleware=[gate, zipped])
    own = table_path if table_path is not None else own_table(store)
    app.state.settings = Settings(Path(own) if isinstance(own, str) else own, join_code,
                                  store if store is not None else (str(table_path) if table_path else None))
    app.state.wrong_codes = TokenBucket()
    # a table made by POST /api/tables has a code of its own: fewer wrong tries before a wait
    app.state.code_limiter = TokenBucket(rate=tables.RATE, burst=tables.BURST)
    return app


def _refusal(scope, exc: RefereeError) -> Response:
    """The gate's answer to a request it turns away, in the request's language if it says one."""
    from referee.i18n.catalogs import use_language

    try:
        use_language(language_of(Request(scope)))
    except RefereeError:
        use_language("en")
    return error_response(exc)


def _lifespan(app):
    """Read the corpus and open the search index before the first request."""
    import contextlib

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        from referee.web.api import warm_up

        warm_up()
        import gc

        # The corpus, the index and the catalogs stay for the server's life: keep them out of
        # every collection, and collect what requests leave (the CLI itself runs without).
        gc.freeze()
        gc.enable()
        yield

    return lifespan(app)


def app_from_environment() -> Starlette:
    """The application of ``referee serve``, whose settings travel to each worker process in
    the environment (``REFEREE_SERVE_TABLE``, ``REFEREE_SERVE_CODE``, ``REFEREE_SERVE_HOSTS``)."""
    import os

    hosts = tuple(h for h in os.environ.get("REFEREE_SERVE_HOSTS", "").split(",") if h)
    return create_app(os.environ.get("REFEREE_SERVE_TABLE") or None, os.environ.get("REFEREE_SERVE_CODE") or None,
                      hosts, os.environ.get("REFEREE_STORE") or None)
