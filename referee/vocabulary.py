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

Players type these words in their own language: :func:`heard` also knows the words the current
language's catalog lists for each code (:mod:`referee.i18n.typed`: ``Törpe`` is ``dwarf`` in
Hungarian), and :func:`suggest` and :func:`shown` offer the player's own words back.
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee import model
from referee.errors import BadInput, quote
from referee.i18n.typed import shown, typed_words
from referee.model import SPELLINGS

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Iterable, Optional

_NOT_A_LETTER = re.compile(r"[\W_]+")


def fold(word: str) -> str:
    """``word`` as it is compared: lower case, letters, digits and the marks on them only (the vowel
    signs of Gujarati are marks: without them નર and નારી would be one word)."""
    # lazy: unicodedata 0.2 ms to import, paid only by the calls that need it
    import unicodedata

    word = unicodedata.normalize("NFC", word.casefold())
    if word.isascii():
        return _NOT_A_LETTER.sub("", word)
    return "".join(ch for ch in word if ch.isalnum() or unicodedata.category(ch) in ("Mn", "Mc"))


def canonical(word: str, vocabulary: Iterable[str]) -> Optional[str]:
    """The vocabulary's own spelling of ``word``, or ``None`` when it is not one of its words."""
    folded = fold(word)
    known = _folded(tuple(vocabulary))
    if folded in known:
        return known[folded]
    meant = SPELLINGS.get(folded)
    return meant if meant in known.values() else None


@lru_cache(maxsize=256)  # a situation reads each vocabulary for every player and item it names
def _folded(vocabulary: tuple[str, ...]) -> dict[str, str]:
    """Each word of ``vocabulary`` by its folded form (:func:`fold`)."""
    return {fold(v): v for v in vocabulary}


def _spoken(vocabulary: Iterable[str]) -> dict[str, str]:
    """Every folded word the current language's players type for a code of ``vocabulary``."""
    out: dict[str, str] = {}
    for code in vocabulary:
        for typed in typed_words(code):
            out.setdefault(fold(typed), code)
    return out


def heard(word: str, vocabulary: Iterable[str]) -> Optional[str]:
    """The code ``word`` stands for — its own spelling, an other spelling, or a word of the current
    language's players — or ``None`` when it is none of ``vocabulary``'s words."""
    vocabulary = tuple(vocabulary)
    known = canonical(word, vocabulary)
    if known is not None:
        return known
    return _spoken(vocabulary).get(fold(word))


def suggest(word: str, vocabulary: Iterable[str], limit: int = 3) -> list[str]:
    """The words nearest to a mistyped ``word``, in the player's words (:func:`shown`), best first."""
    # lazy: difflib 0.9 ms to import, which `referee judge` does not need
    import difflib

    vocabulary = tuple(vocabulary)
    by_fold = _spoken(vocabulary)
    for code in vocabulary:
        by_fold.setdefault(fold(code), code)
    by_fold.update({spelling: meant for spelling, meant in SPELLINGS.items() if meant in vocabulary})
    out: list[str] = []
    for match in difflib.get_close_matches(fold(word), list(by_fold), n=limit * 3, cutoff=0.6):
        if shown(by_fold[match]) not in out:
            out.append(shown(by_fold[match]))
    return out[:limit]


def nearest(word: str, vocabulary: Iterable[str], limit: int = 3) -> list[str]:
    """The known words closest to ``word``, best first (empty when none is close)."""
    # lazy: difflib 0.9 ms to import, which `referee judge` does not need
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
    for kind, vocabulary in (("race", model.RACES[game]), ("class", model.CLASSES[game]), ("sex", model.SEXES),
                             ("enhancer", model.ENHANCERS)):
        known = heard(word, vocabulary)
        if known is not None:
            return kind, known
    return None


def one_of(value: Optional[str], allowed: Iterable[str], name: str) -> Optional[str]:
    """A value that must be one of a closed list (``--game``, ``?kind=`` …), as its code (a word
    of the player's language is heard as the code it stands for); anything else is bad input
    naming the option and the values it takes, in the player's words."""
    allowed = tuple(allowed)
    if value is None or value in allowed:
        return value
    known = heard(value, allowed)
    if known is not None:
        return known

    near = suggest(value, allowed)
    if near:
        raise BadInput("{option}: unknown value {value} (did you mean: {nearest}? expected one of: {allowed})",
                       option=name, value=quote(value), nearest=", ".join(near),
                       allowed=", ".join(shown(code) for code in allowed))
    raise BadInput("{option}: unknown value {value}; expected one of: {allowed}", option=name,
                   value=quote(value), allowed=", ".join(shown(code) for code in allowed))
