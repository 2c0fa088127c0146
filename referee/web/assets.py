"""The page's own files: cache headers, versioned addresses, the web app manifest.

A static file is addressed as ``/static/app.js?v=HASH`` (:func:`static_url`, the first bytes
of its content's SHA-256): such an address never changes meaning, so phones may keep it for a
year without asking again. An address without the current hash (an old page, a typed URL) is
answered with ``no-cache``: the phone asks again each time, and an unchanged file costs a 304.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.staticfiles import StaticFiles

from referee.i18n.catalogs import N_, _

STATIC = Path(__file__).parent / "static"
#: a year: the longest a cache keeps anything (RFC 9111 recommends no more)
FOREVER = "public, max-age=31536000, immutable"
#: the page's colour, for the phone's title bar and the splash screen
THEME = "#6b1d12"
BACKGROUND = "#fbf7ee"


@lru_cache(maxsize=None)
def version(name: str) -> str:
    """The first 12 hex digits of the file's SHA-256 (its content's name)."""
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def static_url(name: str) -> str:
    return f"/static/{name}?v={version(name)}"


class CachedStatic(StaticFiles):
    """Starlette's static files (ETag, Last-Modified, 304) with a Cache-Control header."""

    def file_response(self, full_path, stat_result, scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        asked = Request(scope).query_params.get("v")
        name = Path(full_path).name
        current = asked is not None and (STATIC / name).is_file() and asked == version(name)
        response.headers["Cache-Control"] = FOREVER if current else "no-cache"
        return response


async def manifest(request: Request, text):
    """``GET /manifest.webmanifest``: the page as an app on a phone's home screen, in its language."""
    name = _(N_("Munchkin referee"))
    body = {
        "name": name, "short_name": name, "lang": text.language,
        "description": _(N_("The table and the rules on every phone")),
        "start_url": f"/?lang={text.language}", "scope": "/", "display": "standalone",
        "orientation": "portrait", "theme_color": THEME, "background_color": BACKGROUND,
        "icons": [{"src": static_url("icon-192.png"), "sizes": "192x192", "type": "image/png"},
                  {"src": static_url("icon-512.png"), "sizes": "512x512", "type": "image/png"},
                  {"src": static_url("icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
                  {"src": static_url("icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    return Response(json.dumps(body, ensure_ascii=False), media_type="application/manifest+json",
                    headers={"Cache-Control": "no-cache"})
