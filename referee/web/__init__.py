"""The local server: a page for every phone at the table and a JSON API, over the same library.

``referee serve`` runs :func:`create_app` on uvicorn. Every endpoint parses its request, calls
the library functions the command line calls (search, the corpus, card lookup, adjudication,
the questions, the table) and answers with the CLI's ``--json`` shapes (:mod:`referee.shapes`),
so a bot gets from HTTP exactly what a script gets from the command line. The page is
server-rendered HTML with a little plain JavaScript, in the six languages, with no external
assets.

Only :mod:`referee.web.app` imports Starlette; nothing of the library knows it is served.
"""

from referee.web.app import create_app

__all__ = ["create_app"]
