"""whoosh imported without the import chains it never uses here: the network, asyncio, and
the English word-variation tables.

``whoosh.compat`` imports ``urllib.request`` (and with it http, email and ssl) for one name,
``urlretrieve``, that no part of whoosh calls; ``whoosh.reading`` takes ``cached_property`` from
the package of that name, which imports ``asyncio`` to support coroutine methods whoosh does not
have. Together they are about half of whoosh's import time, paid by every search. And
``whoosh.query.terms`` imports ``whoosh.lang.morph_en`` (a few hundred regular expressions,
compiled on import) for the ``Variations`` query, which referee never builds.

:func:`import_whoosh` imports those whoosh modules while stand-ins sit in ``sys.modules``,
then takes the stand-ins away again, so any later import elsewhere in the process gets the
real module:

- ``urlretrieve``, ``variations`` and ``escape`` become functions that import the real one
  when called, and ``calendar`` a module whose every name is the real module's, imported when
  first read;
- ``cached_property`` becomes :class:`functools.cached_property`, which does the same for
  plain methods (whoosh has one, ``SegmentReader.deleted_docs_set``).

``whoosh.compat`` also imports ``html`` (and its table of 2,000 entities) for ``escape``, which
only the HTML highlighter calls, and ``whoosh.util.times`` imports ``calendar`` (and with it
``locale``) for date fields, which the index has none of: 3 ms together. And
``whoosh.filedb.filetables`` takes ``md5`` from ``hashlib``, which loads OpenSSL's bindings
(3 ms) for it: it gets CPython's own MD5, the same digests, from ``_md5`` (when the interpreter
has it).

Nothing whoosh computes changes. A module that is already loaded is left as it is (a server
that has imported asyncio pays nothing for it again). ``tests/test_faults.py`` checks that a
search never loads ``urllib.request``, ``http.client``, ``ssl`` or ``asyncio``.
"""

from __future__ import annotations

import functools
import sys
import types


def _urlretrieve(*args, **kwargs):
    # lazy: urllib.request 113 ms to import, which `referee search` does not need
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _variations(*args, **kwargs):
    # lazy: whoosh.lang.morph_en 29 ms to import, which `referee search` does not need
    from whoosh.lang.morph_en import variations

    return variations(*args, **kwargs)


def _escape(*args, **kwargs):
    # lazy: html 1.2 ms to import (its entity table), which `referee search` does not need
    from html import escape

    return escape(*args, **kwargs)


def _calendar(name: str):
    """Any name of the real ``calendar``, imported when first read (after the stand-in is gone)."""
    # lazy: calendar and locale 1.5 ms to import, which `referee search` does not need
    import calendar

    return getattr(calendar, name)


def _stand_ins() -> dict[str, types.ModuleType]:
    request = types.ModuleType("urllib.request", "stand-in while whoosh.compat is imported")
    request.urlretrieve = _urlretrieve
    cached = types.ModuleType("cached_property", "stand-in while whoosh.reading is imported")
    cached.cached_property = functools.cached_property
    morph = types.ModuleType("whoosh.lang.morph_en", "stand-in while whoosh.query is imported")
    morph.variations = _variations
    markup = types.ModuleType("html", "stand-in while whoosh.compat is imported")
    markup.escape = _escape
    dates = types.ModuleType("calendar", "stand-in while whoosh.util.times is imported")
    dates.__getattr__ = _calendar
    stand_ins = {"urllib.request": request, "cached_property": cached, "whoosh.lang.morph_en": morph,
                 "html": markup, "calendar": dates}
    try:
        from _md5 import md5  # lazy: only the import of whoosh needs it, once, with the stand-ins
    except ImportError:  # an interpreter built without it: whoosh imports hashlib
        return stand_ins
    hashes = types.ModuleType("hashlib", "stand-in while whoosh.filedb.filetables is imported")
    hashes.md5 = md5
    return {**stand_ins, "hashlib": hashes}


def import_whoosh() -> None:
    """Import ``whoosh.compat``, ``whoosh.query``, ``whoosh.reading`` and
    ``whoosh.filedb.filetables`` lean (once per process)."""
    if "whoosh.reading" in sys.modules:
        return
    stand_ins = {name: module for name, module in _stand_ins().items() if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        # lazy: imported with the stand-ins in place, which is this function's point (whoosh.compat
        # would import urllib.request: 113 ms)
        import whoosh.compat  # noqa: F401
        import whoosh.filedb.filetables  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
        for package, name in (("urllib", "request"), ("whoosh.lang", "morph_en")):
            parent = sys.modules.get(package)
            if parent is not None and getattr(parent, name, None) is stand_ins.get(f"{package}.{name}"):
                delattr(parent, name)
