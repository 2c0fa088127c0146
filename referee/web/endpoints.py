"""What every endpoint shares: the one error boundary (library errors as the contract's JSON
errors, with their HTTP status), the request's language, its body within limits, and JSON
written as the CLI writes it.

The bottom of :mod:`referee.web`: the application (:mod:`referee.web.app`) and the endpoints'
modules import it, it imports none of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from referee.corpus import load_corpus
from referee.errors import BadInput, Exit, InvalidFile, NotFound, RefereeError, RulesDoNotSettle
from referee.i18n.catalogs import RuleText, use_language
from referee.i18n.locale import choose_language, parse_language
from referee.i18n.speaker import error_text
from referee.records import Record
from referee.web.bodies import parse
from referee.web.guard import Refused
from referee.web.quiet import report

#: request bodies larger than this are refused (413) before they are read in full
MAX_BODY = 1024 * 1024



class Settings(Record):
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


def error_message(exc: RefereeError) -> str:
    """An error's message for the page and the API, as the command line words it: in the
    request's language, its values (a game, a phase, a race) in words."""
    return error_text(exc, load_corpus())


def error_response(exc: RefereeError) -> JSONResponse:
    headers = dict(getattr(exc, "headers", None) or {})
    return JSONResponse({"error": {"exit": exc.exit_code, "message": error_message(exc)}}, status_code=status_of(exc),
                        headers=headers or None)


class UTF8JSON(JSONResponse):
    """JSON as the CLI writes it: UTF-8, nothing escaped that need not be."""

    media_type = "application/json"

    def render(self, content) -> bytes:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def language_of(request: Request) -> str:
    """``?lang=``, then the ``Accept-Language`` header, then English (the contract's order)."""
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
    raw = await body_of(request)
    if not raw.strip():
        return {}
    return parse(raw)


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

            report(request.method, request.url.path, exc)
            return UTF8JSON({"error": {"exit": int(Exit.INTERNAL), "message": f"internal error: {type(exc).__name__}"}},
                            status_code=500)

    route.__name__ = handler.__name__
    return route
