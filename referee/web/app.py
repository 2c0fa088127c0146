"""The Starlette application: its routes, its gate and its life; what every endpoint shares (the
one error boundary, languages, limits) is :mod:`referee.web.endpoints`, the join codes
:mod:`referee.web.tables`.

Handlers are ``async`` and call the (synchronous, fast) library directly on the event loop.
The language chosen for a request (:func:`referee.i18n.catalogs.use_language`) is set in the
request's own context (each request is a task of its own, and a table write carries the context
to the writer thread), so it cannot leak into another's answer, even one answered meanwhile.
Table writes never wait on each other inside one process. A busy table runs several workers
(``referee serve --workers N``), which share the table file as two shells do.
"""

from __future__ import annotations

import contextlib
import gc
import os
from pathlib import Path
from typing import Optional

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route

from referee.errors import RefereeError
# what the endpoints share, read here too by those who knew it as the application's
from referee.i18n.catalogs import use_language
from referee.web.endpoints import (MAX_BODY, UTF8JSON, Forbidden, Settings, TooLarge, body_of,  # noqa: F401
                                   endpoint, error_response, json_body, language_of, speak, status_of)
from referee.web.guard import Guard, TokenBucket, limiter
from referee.web.tables import plain_code, require_code  # noqa: F401

STATIC = Path(__file__).parent / "static"


#: the names a server answers to whatever its address: this machine's own (see referee.web.guard)
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")


def create_app(table_path=None, join_code: Optional[str] = None, allowed_hosts: tuple[str, ...] = (),
               store: Optional[str] = None) -> Starlette:
    """The server's application (``join_code`` set: the table changes only with it; ``store``: a
    table file or a PostgreSQL URL, whose own table is the server's unless ``table_path``),
    answering to this machine's loopback names and ``allowed_hosts`` (:class:`referee.web.guard.Guard`)."""
    # lazy: referee.table.stores 28 ms, referee.web.tables 25 ms, … to import, paid only by the calls that need it
    from starlette.middleware.gzip import GZipMiddleware

    from referee.table.stores import own_table, table_address  # a file, or URL#ID: a table of a PostgreSQL store
    from referee.web import api, assets, live, pages, tables

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
    app.state.settings = Settings(table_address(own), join_code,
                                  store if store is not None else (str(table_path) if table_path else None))
    # counted in the store's database when it is PostgreSQL: every server slows a guesser alike
    app.state.wrong_codes = limiter(app.state.settings.store, "server")
    # a table made by POST /api/tables has a code of its own: fewer wrong tries before a wait
    app.state.code_limiter = limiter(app.state.settings.store, "table", rate=tables.RATE, burst=tables.BURST)
    return app


def _refusal(scope, exc: RefereeError) -> Response:
    """The gate's answer to a request it turns away, in the request's language if it says one."""
    try:
        use_language(language_of(Request(scope)))
    except RefereeError:
        use_language("en")
    return error_response(exc)


def _lifespan(app):
    """Read the corpus and open the search index before the first request."""
    @contextlib.asynccontextmanager
    async def lifespan(_app):
        # lazy: referee.web.api 12 ms to import, paid only by the calls that need it
        from referee.web.api import warm_up

        warm_up()

        # The corpus, the index and the catalogs stay for the server's life: keep them out of
        # every collection, and collect what requests leave (the CLI itself runs without).
        gc.freeze()
        gc.enable()
        yield

    return lifespan(app)


def app_from_environment() -> Starlette:
    """The application of ``referee serve``, whose settings travel to each worker process in
    the environment (``REFEREE_SERVE_TABLE``, ``REFEREE_SERVE_CODE``, ``REFEREE_SERVE_HOSTS``)."""
    hosts = tuple(h for h in os.environ.get("REFEREE_SERVE_HOSTS", "").split(",") if h)
    return create_app(os.environ.get("REFEREE_SERVE_TABLE") or None, os.environ.get("REFEREE_SERVE_CODE") or None,
                      hosts, os.environ.get("REFEREE_STORE") or None)
