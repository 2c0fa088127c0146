"""A word of the text as one of the table's names, however it is written.

Players write a name with their language's case endings ("bobnak", "deenél", "સિડને") and,
in Gujarati, in their own script ("સિડ" is Cid, "બોબ" Bob). A word is a name when, its
language's ending taken off, it is the name — or, in another script, when it sounds like it:
both are written in Latin letters by ``anyascii`` (a well-kept transliteration table) and
compared by their sounds, so "સિડ" (sid) is "Cid" (sid) and "ડી" (di) is "Dee" (di).
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache
from pathlib import Path

from referee.lazyre import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import Iterable, Optional

_VOWELS = "aeiou"
# spellings of one sound, the longest first: what English, Hungarian, Spanish… write one way
# and a transliteration another
_SOUNDS = (("ph", "f"), ("ck", "k"), ("ee", "i"), ("ea", "i"), ("ie", "i"), ("ii", "i"), ("oo", "u"),
           ("uu", "u"), ("ou", "u"), ("aa", "a"), ("ey", "e"), ("ay", "e"), ("ai", "e"), ("q", "k"),
           ("x", "ks"), ("w", "v"), ("y", "i"))


def stem(word: str, endings: Iterable[str]) -> list[str]:
    """The word and what it is without each ending it may carry (an assimilated "-val"
    doubles the last letter: "gólemmel" is "gólem" with "-mel")."""
    out = [word]
    for ending in endings:
        if ending and word.endswith(ending) and len(word) - len(ending) >= 2:
            base = word[: -len(ending)].rstrip("-")
            out.append(base)
            if len(base) >= 3 and base[-1] == base[-2]:
                out.append(base[:-1])
            if len(base) >= 4 and base[-3] == base[-2] and base[-2:] in DIGRAPHS:
                out.append(base[:-3] + base[-2:])  # a doubled digraph: "királlyal" is "király" + "-val"
            # a possessive under a case ending: "csizmámat" is "csizma" + "m" + "at"
            out += [base[: -len(e)] for e in endings if e and base.endswith(e) and len(base) - len(e) >= 3]
    return out


#: letters written with two characters, doubled by writing the first one twice (Hungarian)
DIGRAPHS = ("ly", "ny", "ty", "gy", "sz", "zs", "cs")

_BLOCKS: dict = {}


def _latin(word: str) -> str:
    """The word in Latin letters by ``anyascii``'s tables. They are read straight from the
    package's data (one small compressed file per block of 256 code points), as the package
    itself does: importing it loads ``importlib.resources``, which costs a whole question's
    time in a process that asks one."""
    if word.isascii():
        return word
    out = []
    for char in word:
        code = ord(char)
        if code < 0x80:
            out.append(char)
            continue
        block = _BLOCKS.get(code >> 8)
        if block is None:
            block = _BLOCKS[code >> 8] = _block(code >> 8)
        if block is None:  # the tables are not where this version keeps them: ask the package
            # lazy: anyascii loads importlib.resources (30-85 ms); asked only when its tables are not found
            from anyascii import anyascii

            return anyascii(word)
        if (code & 0xFF) < len(block):
            out.append(block[code & 0xFF])
    return "".join(out)


def _block(number: int):
    import importlib.util  # lazy: only to find anyascii's tables, once per block of letters

    spec = importlib.util.find_spec("anyascii")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "_data" / f"{number:03x}"
    try:
        return tuple(zlib.decompress(path.read_bytes(), -zlib.MAX_WBITS).decode("ascii").split("\t"))
    except FileNotFoundError:
        return ()  # a block with no transliteration
    except (OSError, zlib.error, UnicodeDecodeError):
        return None


#: a Gujarati consonant written right before a vowel letter of its own: the consonant keeps its
#: vowel "a", which the transliteration drops ("દઈ" is "da-ī", a verb's "give", never "ડી", Dee)
_BARE_CONSONANT = Lazy("([\u0a95-\u0ab9])(?=[\u0a85-\u0a94])")  # (compiled where a word's sound is asked)


@lru_cache(maxsize=4096)
def sound(word: str) -> str:
    """How a word sounds, in plain Latin letters: ``Cid`` and ``સિડ`` are both ``sid``."""
    text = re.sub(r"[^a-z]", "", _latin(_BARE_CONSONANT.sub(r"\1a", word)).lower())
    text = re.sub(r"([bdgjktp])h", r"\1", text)          # aspirates: "dh", "th" are "d", "t"
    text = re.sub(r"c(?=[eiy])", "s", text).replace("c", "k")
    for written, said in _SOUNDS:
        text = text.replace(written, said)
    return re.sub(r"(.)\1+", r"\1", text)


def _skeleton(said: str) -> str:
    """The consonants, and a first vowel as ``a``: "Ann" and "એન" (en) are both ``an``."""
    if not said:
        return ""
    head = "a" if said[0] in _VOWELS else said[0]
    return head + "".join(c for c in said[1:] if c not in _VOWELS)


def foreign(word: str) -> bool:
    """A word in a script other than Latin (the table's names are written in Latin letters)."""
    return any(ch.isalpha() and not ("a" <= ch.lower() <= "z" or "\u00c0" <= ch <= "\u024f") for ch in word)


def sounds_like(word: str, name: str) -> bool:
    """Whether a word in another script is the name said aloud: the same sounds, or, for a name
    of two sounds or more, the same consonants (vowels are where transliterations differ)."""
    mine, theirs = sound(word), sound(name)
    if not mine or not theirs:
        return False
    if mine == theirs:
        return True
    skeleton = _skeleton(theirs)
    return len(skeleton) >= 2 and _skeleton(mine) == skeleton


def named(key: str, names: list[str], endings: tuple, sound_too: bool = True) -> Optional[str]:
    """The table's name a folded word is, with or without an ending, in any script."""
    forms = stem(key, endings)
    for name in names:
        folded = name.casefold()
        if folded in forms:
            return name
    for name in names:
        if not name.isascii() and _folded(name) in forms:
            return name  # "Lucía" written "lucia", as the text's words are folded
    if sound_too and foreign(key):
        for form in forms:
            for name in names:
                if sounds_like(form, name):
                    return name
    return None


@lru_cache(maxsize=256)
def _folded(name: str) -> str:
    """A name folded as the text's words are (accents off: "Lucía" is "lucia")."""
    # lazy: referee.ask.patterns imports this module's neighbours; folding is its job
    from referee.ask.patterns import fold

    return fold(name)
