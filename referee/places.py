"""Where ``referee`` keeps a user's files: the cache, the table, the session's history.

On Linux and the BSDs the XDG rule decides, applied here as platformdirs applies it there
(``$XDG_CACHE_HOME``, ``$XDG_DATA_HOME``, ``$XDG_STATE_HOME`` when absolute, else ``~/.cache``,
``~/.local/share``, ``~/.local/state``; tests/test_places.py holds the two to the same answer).
Importing platformdirs costs 5.4 ms, a tenth of a whole ``referee ask``, and every question asked
of the default table would pay it; elsewhere platformdirs answers.

And where a table lives: a file of its own (a :class:`~pathlib.Path`) or a table of a PostgreSQL
store (:class:`PgTable`), read from what ``--table`` and ``$REFEREE_TABLE`` say
(:func:`table_address`). Nothing here imports the table's package: reading ``--table`` cost every
question 2 ms of it, and :func:`no_table_file` tells a question that there is no table without
loading SQLite.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from referee.errors import BadInput
from referee.lazyre import Lazy
from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # for annotations only: typing stays off the start-up of ask and the table
    from typing import Optional

APP = "referee"
#: the kinds of directory: the XDG variable and its default
XDG = {"cache": ("XDG_CACHE_HOME", "~/.cache"), "data": ("XDG_DATA_HOME", "~/.local/share"),
       "state": ("XDG_STATE_HOME", "~/.local/state")}
#: the table file's name in the user data directory
TABLE_FILE = "table.sqlite3"


def user_dir(kind: str) -> Path:
    """The per-user directory of ``kind`` (``cache``, ``data`` or ``state``) for ``referee``."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        variable, default = XDG[kind]
        base = os.environ.get(variable, "").strip()
        return Path(base if os.path.isabs(base) else os.path.expanduser(default)) / APP
    # lazy: platformdirs 5.4 ms to import, which no command needs where the XDG rule decides
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")(APP, appauthor=False))


def default_table() -> Path:
    """``$REFEREE_TABLE``, else ``table.sqlite3`` in the per-user data directory."""
    override = os.environ.get("REFEREE_TABLE")
    if override:
        return Path(override)
    return user_dir("data") / TABLE_FILE


#: the id of the server's own table in a PostgreSQL store (the single-table routes)
OWN_TABLE = "own"
#: what may follow the '#' of a table's address (compiled when a PostgreSQL address is read:
#: a table file never needs it)
_TABLE_ID = Lazy(r"[A-Za-z0-9_-]{1,64}")


class PgTable(Record):
    """Where one table lives in a PostgreSQL store: the database URL and the table's id.

    Passed as ``path`` to every :mod:`referee.table` function; ``str()`` of it names the table in
    messages without the password."""

    url: str
    id: str

    def __str__(self) -> str:
        return f"table {self.id}"

    @property
    def address(self) -> str:
        """What ``--table`` and ``$REFEREE_TABLE`` name it by: ``URL#ID``."""
        return f"{self.url}#{self.id}"


def is_url(where) -> bool:
    """Whether a table address names a table of a PostgreSQL store."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


def table_address(value):
    """The table a ``--table`` value or ``$REFEREE_TABLE`` names: ``postgresql://…#ID`` (or
    ``postgres://``) is table ``ID`` of that PostgreSQL store, the store's own table without
    ``#ID``; anything else is a table file (``""`` too, as typer reads it). ``None``: the
    default table."""
    if value is None or isinstance(value, (PgTable, Path)):
        return value
    text = str(value)
    if not is_url(text):
        return Path(text)
    url, _, table_id = text.partition("#")  # a fragment means nothing to PostgreSQL: the table's id
    table_id = table_id or OWN_TABLE
    if not _TABLE_ID.fullmatch(table_id):
        raise BadInput("--table: expected a table id after '#' (letters, digits, '-' and '_'), got {id}",
                       id=repr(table_id[:80]))
    return PgTable(url, table_id)


def no_table_file(where: "Optional[Path]") -> bool:
    """Whether ``where`` (a ``--table`` file, or ``None`` for the default) is a table file that is
    not there: no file, or an empty one, as the store finds it. ``False`` for a table of a
    PostgreSQL store, a directory and a file that cannot be looked at: the store says what they are."""
    if where is None:
        if is_url(os.environ.get("REFEREE_TABLE")):
            return False
        where = default_table()
    if not isinstance(where, Path):
        return False
    try:
        return not where.is_dir() and not has_table_file(where)
    except OSError:
        return False


def has_table_file(path: Path) -> bool:
    """Whether a table file is there at ``path``: a file with something in it (an empty one is
    no table yet). Raises :class:`OSError` where the file cannot be looked at."""
    return path.exists() and path.stat().st_size > 0
