"""The source texts (seeds): their languages, their known faults, and how quotes match them."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from referee.records import Record

#: The Hungarian seed's character-set fault, undone: the text has ``ı`` for ``ő``, ``ő`` for
#: ``ű`` and ``İ`` for ``Ő``. One translation table, so ``ő`` becomes ``ű`` before any ``ı``
#: becomes ``ő``.
HUNGARIAN_CHARSET = str.maketrans({"ő": "ű", "ı": "ő", "İ": "Ő"})
REPAIRS = {"hungarian-charset": HUNGARIAN_CHARSET}

_SPACE = re.compile(r"\s+")


def normalize(text: str) -> str:
    """NFC with every run of white space folded to one space: the form quotes are matched in."""
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()


class Seed(Record):
    """One source text as the corpus describes it in ``rules/sources.yaml``."""

    name: str
    lang: str
    title: str
    repair: str | None
    path: Path
    #: the games whose rules the text states (``games`` in rules/sources.yaml; empty: any)
    games: tuple[str, ...] = ()

    @property
    def raw(self) -> str:
        return _read(self.path)

    @property
    def repaired(self) -> str:
        """The text with its known fault undone (the form quotes are written in)."""
        return repair(self.raw, self.repair)

    @property
    def searchable(self) -> str:
        return _normalized(self.path, self.repair)


def repair(text: str, how: str | None) -> str:
    return text.translate(REPAIRS[how]) if how else text


@lru_cache(maxsize=None)
def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def _normalized(path: Path, how: str | None) -> str:
    return normalize(repair(_read(path), how))


def quote_problem(corpus, seed_name: str, quote: str) -> str | None:
    """Why ``quote`` does not stand in seed ``seed_name`` (``None`` when it does)."""
    seed = corpus.seeds.get(seed_name)
    if seed is None:
        return f"unknown seed {seed_name!r} (expected one of: {', '.join(corpus.seeds)})"
    wanted = normalize(quote)
    if not wanted:
        return "the quote is empty"
    if wanted in seed.searchable:
        return None
    if seed.repair and normalize(repair(wanted, seed.repair)) in seed.searchable:
        return (f"the quote keeps the seed's {seed.repair} fault; write it repaired "
                f"(e.g. ő and ű, never ı or İ)")
    return f"not found in {seed_name}: {wanted[:70]!r}{'…' if len(wanted) > 70 else ''}"
