"""A clause of the corpus and the small values it is made of (immutable records)."""

from __future__ import annotations

from referee.records import Record


class Lines:
    """Where a clause's parts stand in its file, for the checker's messages: part -> line, or a
    list of lines (one per entry) for ``sources`` and ``related``; read like a dict (``get``).

    Pickled as one JSON string and decoded on first read: every command unpickles the corpus,
    only ``referee check`` reads these, and as 615 small dicts they took 4 of the 6.9 ms the
    corpus took to unpickle (measured with ``pickle.loads`` on the cached corpus).
    """

    __slots__ = ("_parts", "_packed")

    def __init__(self, parts: dict | None = None, packed: str | None = None):
        self._parts = parts
        self._packed = packed

    def __reduce__(self):
        return Lines, (None, self._packed if self._parts is None else _pack(self._parts))

    def _unpacked(self) -> dict:
        if self._parts is None:
            # lazy: json is read only by the checker's messages
            import json

            self._parts = json.loads(self._packed) if self._packed else {}
        return self._parts

    def get(self, part: str, default=None):
        return self._unpacked().get(part, default)

    def __eq__(self, other) -> bool:
        return isinstance(other, Lines) and self._unpacked() == other._unpacked()

    def __repr__(self) -> str:
        return f"Lines({self._unpacked()!r})"


def _pack(parts: dict) -> str:
    # lazy: json is read only when a corpus is pickled
    import json

    return json.dumps(parts, separators=(",", ":"))


class Source(Record):
    """Where a clause comes from: a seed file, its language, and the original wording."""

    seed: str
    lang: str
    quote: str


class Relation(Record):
    """A link from one clause to another (``errata-of``, ``conflicts-with`` …)."""

    id: str
    relation: str


class Conflict(Record):
    """On a clause that disagrees with another: is it the reading the engine follows, and why."""

    followed: bool
    why: str


class Clause(Record):
    """One rule statement with its canonical English text and its citations.

    ``id`` is ``<topic>.<key>``: it follows from the file the clause lives in.
    """

    id: str
    topic: str
    key: str
    title: str
    text: str
    kind: str
    game: str
    topics: tuple[str, ...]
    sources: tuple[Source, ...] = ()
    related: tuple[Relation, ...] = ()
    conflict: Conflict | None = None
    cards: tuple[str, ...] = ()
    note: str | None = None
    basis: str | None = None
    #: on a clause that rules on a card: why no engine rule can apply it (English, short)
    not_adjudicable: str | None = None
    #: the figures the clause states, as data: name -> whole number (``values:``)
    values: dict = {}
    file: str = ""
    line: int = 0
    #: lines of the clause's parts (``sources``, ``related``: one per entry), for error messages
    lines: Lines = Lines({})
