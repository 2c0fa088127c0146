"""Many tables on one server: ``POST /api/tables``, ``/t/{id}`` and ``/api/tables/{id}/…``.

Every table route of the server's own table (``/api/table…``) exists again under
``/api/tables/{table_id}…`` with the same handler: the handlers ask :func:`where_of` which table
a request is about, and :func:`require_code` whether it may change it. A table's id is
unguessable (``secrets.token_urlsafe``) and reading needs only it; a change needs the table's
own join code (``X-Referee-Code``), whatever address the server listens on. Only a hash of the
code is kept. Wrong codes from one client are slowed down: past a few, 429 with Retry-After.

Where the tables live is the server's store (:mod:`referee.table.stores`): tables in one
PostgreSQL database, or files beside the server's own table file, each with its code's hash
in ``ID.code``.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path
from typing import Optional

from starlette.requests import Request
from starlette.routing import Route

from referee.errors import BadInput, NotFound
from referee.i18n.catalogs import N_
from referee.web.endpoints import UTF8JSON, Forbidden, endpoint
from referee.web.guard import TooManyTries

#: a table id as :func:`create` makes them (anything else is no table: never a path)
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: wrong codes one client may send at once, then one every 1/RATE seconds
BURST, RATE = 5, 0.5


class WrongCode(BadInput):
    """A change to a table with a wrong or missing join code (403)."""

    http_status = 403


#: a table's join code: letters and digits that cannot be mistaken for one another, read and typed
#: in groups of four (``k3mf-9x2q-…``; dashes, spaces and capitals do not matter when typed)
CODE_ALPHABET, CODE_LENGTH = "0123456789abcdefghjkmnpqrstvwxyz", 16


def new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return "-".join(raw[i:i + 4] for i in range(0, CODE_LENGTH, 4))


def _hash(code: str) -> str:
    plain = "".join(code.lower().split()).replace("-", "")[:200]
    return hashlib.sha256(plain.encode("utf-8")).hexdigest()


def _store(request: Request) -> Optional[str]:
    return request.app.state.settings.store


def _known(store: Optional[str], table_id: str) -> tuple[bool, Optional[str]]:
    """(whether the table was made, its code's hash)."""
    # lazy: referee.table.pgstore 43 ms, referee.table.stores 39 ms to import, paid only by the calls that need it
    from referee.table.pgstore import code_hash_of, is_url
    from referee.table.stores import tables_directory

    if not TABLE_ID.fullmatch(table_id):
        return False, None
    if is_url(store):
        return code_hash_of(store, table_id)
    try:
        return True, (tables_directory(store) / f"{table_id}.code").read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return False, None


def where_of(request: Request):
    """The table a request is about: ``{table_id}`` of the store, else the server's own table."""
    # lazy: referee.table.stores 39 ms to import, paid only by the calls that need it
    from referee.table.stores import table_in

    table_id = request.path_params.get("table_id")
    if table_id is None:
        return request.app.state.settings.table_path
    if not _known(_store(request), table_id)[0]:
        raise NotFound("no table {id} on this server", id=repr(table_id[:64]))
    return table_in(_store(request), table_id)


def _store_table_code(request: Request) -> bool:
    """Refuse a change to table ``{table_id}`` without its join code; ``False`` for the server's
    own table (its code is the server's, checked by :func:`require_code`)."""
    table_id = request.path_params.get("table_id")
    if table_id is None:
        return False
    limiter = request.app.state.code_limiter  # guard.limiter of BURST and RATE: this process or the database
    client = request.client.host if request.client else "?"
    wait = limiter.wait(client)
    if wait:
        raise TooManyTries("too many wrong join codes from this device; try again in {seconds} s", seconds=wait)
    known, expected = _known(_store(request), table_id)
    if not known:
        raise NotFound("no table {id} on this server", id=repr(table_id[:64]))
    given = (request.headers.get("x-referee-code") or "").strip()
    if expected is None or not hmac.compare_digest(_hash(given).encode(), expected.encode()):
        limiter.spend(client)
        raise WrongCode(N_("this change needs the table's join code (the one given when the table was made) in the "
                           "X-Referee-Code header; nothing was changed"))
    return True


def plain_code(code: str) -> bytes:
    """A join code as compared: without the groups' dashes and spaces, in lower case, with the
    letters a phone's keyboard confuses read as the digits they look like (Crockford's base 32)."""
    kept = "".join(code.split()).replace("-", "").lower()
    return kept.translate(str.maketrans("ilo", "110")).encode("utf-8", "replace")


def require_code(request: Request) -> None:
    """A change to the table needs the join code when the server is open to the network; wrong
    codes from one client are limited (:class:`referee.web.guard.TokenBucket`): 429 past it."""
    if _store_table_code(request):
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


async def create(request: Request, text):
    """``POST /api/tables``: a new table, empty until a game starts on it: 201 ``{"id", "code"}``."""
    # lazy: referee.table.pgstore 43 ms, referee.table.stores 39 ms to import, paid only by the calls that need it
    from referee.table.pgstore import is_url, make_table
    from referee.table.stores import tables_directory

    store = _store(request)
    table_id, code = secrets.token_urlsafe(18), new_code()
    if is_url(store):
        make_table(store, table_id, _hash(code))
    else:
        folder = tables_directory(store)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(folder / f"{table_id}.code", "x", encoding="ascii") as out:
                out.write(_hash(code))
                out.flush()
                os.fsync(out.fileno())
        except OSError as exc:
            raise BadInput("{path}: cannot make a new table there ({reason})", path=str(folder),
                           reason=exc.strerror or str(exc)) from None
    return UTF8JSON({"id": table_id, "code": code, "page": f"/t/{table_id}", "api": f"/api/tables/{table_id}"},
                    status_code=201)


async def page(request: Request, text):
    """``GET /t/{table_id}``: the page of that table (404 for an id never made)."""
    # lazy: referee.web.pages 2 ms to import, paid only by the calls that need it
    from referee.web import pages

    try:
        where_of(request)
    except NotFound as missing:
        return pages._missing(request, text, missing)  # a page that says so, in the page's language
    return await pages.index(request, text)


def routes(own: list) -> list:
    """``POST /api/tables``, ``/t/{table_id}``, and every ``/api/table…`` route of ``own`` again
    under ``/api/tables/{table_id}…``, with the same handler."""
    made = [Route("/api/tables", endpoint(create), methods=["POST"]),
            Route("/t/{table_id}", endpoint(page))]
    for route in own:
        path = getattr(route, "path", "")
        if path == "/api/table" or path.startswith("/api/table/"):
            made.append(Route("/api/tables/{table_id}" + path[len("/api/table"):], route.endpoint,
                              methods=sorted(route.methods - {"HEAD"}) if route.methods else None))
    return made


def probe_for(where):
    """How a server notices that ``where`` changed: a pragma on the file, or the store's notifications."""
    # lazy: referee.table.pgstore 43 ms to import, paid only by the calls that need it
    from referee.table.pgstore import PgTable, tip_of
    from referee.table.stores import resolved

    where = resolved(where)  # the default table may be one of a PostgreSQL store ($REFEREE_TABLE)
    if isinstance(where, PgTable):
        # lazy: referee.table.pgwatch 34 ms to import, paid only by the calls that need it
        from referee.table.pgwatch import Probe

        return Probe(where, lambda: tip_of(where.url, where.id))
    # lazy: referee.table.watch 39 ms, referee.table.store 37 ms to import, paid only by the calls that need it
    from referee.table.store import default_path
    from referee.table.watch import Probe

    return Probe(Path(where) if where else default_path())
