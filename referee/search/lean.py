"""whoosh imported without the two import chains it never uses: the network and asyncio.

``whoosh.compat`` imports ``urllib.request`` (and with it http, email and ssl) for one name,
``urlretrieve``, that no part of whoosh calls; ``whoosh.reading`` takes ``cached_property`` from
the package of that name, which imports ``asyncio`` to support coroutine methods whoosh does not
have. Together they are about half of whoosh's import time, paid by every search.

:func:`import_whoosh` imports those two whoosh modules while stand-ins sit in
``sys.modules``, then takes the stand-ins away again, so any later ``import urllib.request``
or ``import cached_property`` elsewhere in the process gets the real module:

- ``urlretrieve`` becomes a function that imports the real one when called;
- ``cached_property`` becomes :class:`functools.cached_property`, which does the same for
  plain methods (whoosh has one, ``SegmentReader.deleted_docs_set``).

Nothing whoosh computes changes. A module that is already loaded is left as it is (a server
that has imported asyncio pays nothing for it again). ``tests/test_faults.py`` checks that a
search never loads ``urllib.request``, ``http.client``, ``ssl`` or ``asyncio``.
"""

from __future__ import annotations

import sys
import types


def _urlretrieve(*args, **kwargs):
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _stand_ins() -> dict[str, types.ModuleType]:
    import functools

    request = types.ModuleType("urllib.request", "stand-in while whoosh.compat is imported")
    request.urlretrieve = _urlretrieve
    cached = types.ModuleType("cached_property", "stand-in while whoosh.reading is imported")
    cached.cached_property = functools.cached_property
    return {"urllib.request": request, "cached_property": cached}


def import_whoosh() -> None:
    """Import ``whoosh.compat`` and ``whoosh.reading`` lean (once per process; cheap after)."""
    if "whoosh.reading" in sys.modules:
        return
    stand_ins = {name: module for name, module in _stand_ins().items() if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        import whoosh.compat  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
        urllib = sys.modules.get("urllib")
        if urllib is not None and getattr(urllib, "request", None) is stand_ins.get("urllib.request"):
            del urllib.request
