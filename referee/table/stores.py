"""The two table stores behind one interface, and where a table lives.

A table is addressed by what :mod:`referee.table` calls its ``path``: a file (the SQLite store,
:mod:`referee.table.store`, the default) or a :class:`~referee.table.pgstore.PgTable` (a table
in a PostgreSQL store, :mod:`referee.table.pgstore`). :func:`open_store` opens either; nothing
above this module knows which it got. :func:`~referee.places.table_address` reads what a user names a table by
(``--table``, ``$REFEREE_TABLE``): a file, or ``postgresql://…#ID``, table ``ID`` of that
store (without ``#ID``: the store's own table, the one ``referee serve --store URL`` serves).

A *store* (``referee serve --store``, ``$REFEREE_STORE``) holds many tables: a PostgreSQL URL,
or a SQLite file whose server's own table is that file and whose other tables
(``POST /api/tables``) are files in the directory beside it, ``FILE.tables/ID.sqlite3``.
"""

from __future__ import annotations

import os
from pathlib import Path

from referee.places import OWN_TABLE, PgTable, is_url, table_address  # noqa: F401 (table_address: named here by the web)
from referee.table import store
from referee.table.store import Change, Draft, Log, default_path

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: typing stays off the start-up of ask and the table
    from typing import Callable, Optional, Protocol, Union

    Where = Union[Path, PgTable, None]

    class Store(Protocol):
        """What :mod:`referee.table` needs of a table's store (both stores give it)."""

        path: object  # what messages call the table
        writable: bool

        def log(self) -> Log: ...

        def changes(self) -> list[Change]: ...

        def write(self, decide: Callable[[Log], Optional[Draft]], at: Optional[float] = None) -> Optional[Change]: ...

        def close(self) -> None: ...

        def __enter__(self) -> "Store": ...

        def __exit__(self, *exc) -> None: ...


def resolved(path: Where) -> Where:
    """``path`` as a table address; ``None``, the default table, as ``$REFEREE_TABLE`` says
    when it names a table of a PostgreSQL store (a file is the SQLite store's to find)."""
    if path is None:
        given = os.environ.get("REFEREE_TABLE")
        return table_address(given) if is_url(given) else None
    return table_address(path)


def open_store(path: Where = None, create: bool = False, write: bool = True) -> Store:
    """The table at ``path`` in its store (see :func:`referee.table.store.open_store`)."""
    path = resolved(path)
    if isinstance(path, PgTable):
        from referee.table import pgstore  # lazy: PostgreSQL's driver and threads, for its tables only

        return pgstore.open_store(path, create=create, write=write)
    return store.open_store(path, create=create, write=write)


def export(path: Where = None) -> dict:
    """The good part of the table's last game, however damaged the rest of its log:
    ``{"changes": [...], "stopped_at": seq | None, "reason": …}``."""
    path = resolved(path)
    if isinstance(path, PgTable):
        from referee.table import pgstore  # lazy: PostgreSQL's driver and threads, for its tables only

        return pgstore.export(path)
    return store.export(Path(path) if path is not None else store.default_path())


def store_from_environment() -> Optional[str]:
    return os.environ.get("REFEREE_STORE") or None


def own_table(store: Optional[str]) -> Where:
    """The server's own table in ``store`` (``None``: the default table file)."""
    if store is None:
        return None
    if is_url(store):
        return PgTable(store, OWN_TABLE)
    return Path(store)


def table_in(store: Optional[str], table_id: str) -> Where:
    """Table ``table_id`` (made by :func:`referee.web.tables`) of ``store``."""
    if is_url(store):
        return PgTable(store, table_id)
    return tables_directory(store) / f"{table_id}.sqlite3"


def tables_directory(store: Optional[str]) -> Path:
    own = Path(store) if store else default_path()
    return own.with_name(own.name + ".tables")

