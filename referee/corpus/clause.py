"""A clause of the corpus and the small values it is made of (immutable records)."""

from __future__ import annotations

from typing import NamedTuple


class Source(NamedTuple):
    """Where a clause comes from: a seed file, its language, and the original wording."""

    seed: str
    lang: str
    quote: str


class Relation(NamedTuple):
    """A link from one clause to another (``errata-of``, ``conflicts-with`` …)."""

    id: str
    relation: str


class Conflict(NamedTuple):
    """On a clause that disagrees with another: is it the reading the engine follows, and why."""

    followed: bool
    why: str


class Clause(NamedTuple):
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
    lines: dict = {}
