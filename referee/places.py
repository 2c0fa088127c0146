"""Where ``referee`` keeps a user's files: the cache, the table, the session's history.

On Linux and the BSDs the XDG rule decides, applied here as platformdirs applies it there
(``$XDG_CACHE_HOME``, ``$XDG_DATA_HOME``, ``$XDG_STATE_HOME`` when absolute, else ``~/.cache``,
``~/.local/share``, ``~/.local/state``; tests/test_places.py holds the two to the same answer).
Importing platformdirs costs 5.4 ms, a tenth of a whole ``referee ask``, and every question asked
of the default table would pay it; elsewhere platformdirs answers.

Nothing here imports the table's store: :func:`no_table_file` tells a question that there is no
table without loading SQLite.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

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


def is_url(where) -> bool:
    """Whether a table address names a table of a PostgreSQL store."""
    return isinstance(where, str) and where.startswith(("postgresql://", "postgres://"))


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
        return not where.is_dir() and not (where.exists() and where.stat().st_size > 0)
    except OSError:
        return False
