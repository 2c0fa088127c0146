"""Closed vocabularies: which words a situation may use, and the known words nearest to a typo.

The word lists live in :mod:`referee.model` (games, races and classes per game, sexes, slots,
expansions, phases). A word is matched whatever its case and its spaces, hyphens or underscores
("Lizard Man" = ``lizard-guy``); an unknown word gets the nearest known ones, so a message can
say ``elff`` → ``elf``. The fuzzy matcher (difflib) is imported only when a word is unknown.

>>> canonical("Space Ranger", ("space-ranger", "trader"))
'space-ranger'
>>> nearest("elff", ("human", "elf", "dwarf"))
['elf']
>>> word_for("Lizard Man", "munchkin")
('race', 'lizard-guy')
"""

from __future__ import annotations

import re
from typing import Iterable, Optional

from referee.model import SPELLINGS

_NOT_A_LETTER = re.compile(r"[\W_]+")


def fold(word: str) -> str:
    """``word`` as it is compared: lower case, letters and digits only."""
    return _NOT_A_LETTER.sub("", word.casefold())


def canonical(word: str, vocabulary: Iterable[str]) -> Optional[str]:
    """The vocabulary's own spelling of ``word``, or ``None`` when it is not one of its words."""
    folded = fold(word)
    known = {fold(v): v for v in vocabulary}
    if folded in known:
        return known[folded]
    meant = SPELLINGS.get(folded)
    return meant if meant in known.values() else None


def nearest(word: str, vocabulary: Iterable[str], limit: int = 3) -> list[str]:
    """The known words closest to ``word``, best first (empty when none is close)."""
    import difflib

    words = list(vocabulary)
    by_fold: dict[str, str] = {fold(v): v for v in words}
    by_fold.update({spelling: meant for spelling, meant in SPELLINGS.items() if meant in words})
    close = difflib.get_close_matches(fold(word), list(by_fold), n=limit * 2, cutoff=0.6)
    out: list[str] = []
    for match in close:
        if by_fold[match] not in out:
            out.append(by_fold[match])
    return out[:limit]


def word_for(word: str, game: str = "munchkin") -> Optional[tuple[str, str]]:
    """What a typed word is in ``game`` — ``("race" | "class" | "sex" | "enhancer", word)`` — or
    ``None``: for readers of player descriptions such as ``Ann:5 elf warrior``."""
    from referee import model

    for kind, vocabulary in (("race", model.RACES[game]), ("class", model.CLASSES[game]), ("sex", model.SEXES),
                             ("enhancer", model.ENHANCERS)):
        known = canonical(word, vocabulary)
        if known is not None:
            return kind, known
    return None


def one_of(value: Optional[str], allowed: Iterable[str], name: str) -> None:
    """A value that must be one of a closed list (``--game``, ``?kind=`` …): anything else is
    bad input naming the option and the values it takes."""
    allowed = tuple(allowed)
    if value is not None and value not in allowed:
        from referee.errors import BadInput, quote

        raise BadInput("{option}: unknown value {value}; expected one of: {allowed}", option=name,
                       value=quote(value), allowed=", ".join(allowed))
