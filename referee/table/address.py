"""Where a table lives: a file of its own (a :class:`~pathlib.Path`) or a table of a PostgreSQL
store (:class:`PgTable`). Apart from :mod:`referee.table.pgstore`, whose driver and threads a
command on a table file never needs to load (measured: 4 M instructions of every ``ask`` and
table command)."""

from __future__ import annotations

from referee.places import is_url  # noqa: F401  (the table's addresses are read by it)
from referee.records import Record


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

