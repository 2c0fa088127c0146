"""The words of every clause in every language, and what a mistyped word most likely meant.

The vocabulary is counted once, when the index is built, and kept beside it as a plain table
(word -> how often the clauses use it). Keeping it out of whoosh's postings halves the build:
whoosh writes a postings block per distinct term, and the clauses' words in six languages are
as many terms as all the stemmed fields together. Correction then only needs set lookups:
every string one edit away from the typed word (Norvig's method), which for a word of eight
letters is about a thousand lookups.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from whoosh.support.charset import accent_map

from referee.search.analysis import TOKEN

_WORD = re.compile(TOKEN)
_GUJARATI = re.compile(r"[\u0a80-\u0aff]")
#: a nasal consonant straight before another consonant, its virama left out (not its first letter)
_GU_BARE_NASAL = re.compile(r"(?<=.)[ઙઞણનમ](?=[ક-હ])")
#: spellings of one sound, which players mix up where they spell by ear, first letter included,
#: per language ("vardo" for bardo, "sentauro" for centauro, "yegar" for llegar in Spanish;
#: "kurse" for curse in Dutch; "Cromosomen" in German): each is one edit of the other, and a
#: likelier one than another letter. A language's own confusions only: an English "dise" is
#: "dies" with two letters swapped, not "dice". The sounds that differ only in writing: a final
#: "-ig" said "-ich" in German ("rückgängich"), "ss" for "ß", a long vowel's silent h or e put in or
#: left out ("behählt", "verlohren", "gibt" as "giebt"); Dutch "g" and "ch", and "dt", "d"
#: and "t" at the end of a verb ("word", "wordt", "wort"), "y" for "ij" ("gelyk"); Spanish "n" for "m" before b and p
#: ("canbiar"), "r" for the trilled "rr" ("aranca") and the chat's "k" for "qu" ("kitar"); a Hungarian long consonant written short
#: ("rosz", "cucait": rossz, cuccait); the Gujarati sibilants, typed for one another (સ્રાપ: શ્રાપ, curse).
#: An English long "ee" written "ea" and the other way round ("stead", "meel": steed, meal), as
#: English and Gujarati players spell the English words of the game by ear.
#: A Dutch "ee" before "ën" is written once ("tweën", "ideën": tweeën, ideeën; folded, "een" for "eeen").
#: A Dutch "-isch" is said "-ies" and typed so ("epiese", "logies", "magiese": epische, logisch, magische).
#: A Swiss German "ii" is the standard "ei" ("gliich", "Gliichstand": gleich, Gleichstand).
#: A Greek "ph" is written "f" where the language spells it so (Dutch "polymorf", German
#: "Polymorf", Spanish "polimorfo", Hungarian "polimorf"): a card's English "ph" typed by ear.
SOUNDS = {
    "en": (("c", "k"), ("ea", "ee")),
    "nl": (("ph", "f"), ("c", "k"), ("s", "z"), ("ei", "ij"), ("y", "ij"), ("ch", "g"), ("dt", "d"), ("dt", "t"),
           ("eeen", "een"), ("isch", "ies")),
    "de": (("ph", "f"), ("c", "k"), ("c", "z"), ("ch", "c"), ("ä", "e"), ("ich", "ig"), ("ss", "ß"), ("ah", "a"), ("eh", "e"),
           ("oh", "o"), ("uh", "u"), ("ie", "i"), ("ii", "ei")),
    "hu": (("ph", "f"), ("ts", "cs"), ("ly", "j"), ("ssz", "sz"), ("ss", "s"), ("cc", "c"), ("tt", "t"), ("ll", "l"), ("rr", "r"),
           ("nn", "n"), ("zz", "z"), ("kk", "k"), ("gg", "g")),
    "es": (("ph", "f"), ("b", "v"), ("c", "s"), ("c", "z"), ("s", "z"), ("c", "k"), ("y", "ll"), ("i", "y"), ("g", "j"),
           ("nb", "mb"), ("np", "mp"), ("h", ""), ("rr", "r"), ("qu", "k")),
    "gu": (("sh", "s"), ("v", "w"), ("aa", "a"), ("ee", "i"), ("ea", "ee"), ("oo", "u"), ("j", "z"), ("ph", "f"), ("શ", "સ")),
}


def _sound_table(pairs) -> dict[str, set[str]]:
    table: dict[str, set[str]] = {}
    for one, other in pairs:
        table.setdefault(one, set()).add(other)
        table.setdefault(other, set()).add(one)
    table.pop("", None)
    return table


_SOUND_OF = {language: _sound_table(pairs) for language, pairs in SOUNDS.items()}
#: a question of no known language: every language's confusions
_SOUND_OF[None] = _sound_table(pair for pairs in SOUNDS.values() for pair in pairs)


def fold(word: str) -> str:
    """Lower case without accents, as :func:`~referee.search.analysis.word_analyzer` makes a
    token (the same ``accent_map``), done on plain strings: counting words at build time through
    whoosh's token pipeline would take longer than the rest of the vocabulary."""
    return word.lower().translate(accent_map)


def count_words(texts) -> dict[str, int]:
    """How often each folded word occurs in ``texts`` (already NFC, Gujarati endings stripped)."""
    raw = Counter()
    for text in texts:
        raw.update(_WORD.findall(text.lower()))
    counts: dict[str, int] = {}
    for word, count in raw.items():
        key = fold(word)
        counts[key] = counts.get(key, 0) + count
    return counts


class Speller:
    """Candidate corrections from a word count table."""

    def __init__(self, counts: dict[str, int], alphabets: tuple[str, str] | None = None):
        self.counts = counts
        if alphabets is None:
            letters = {char for word in counts for char in word}
            # Substituted and inserted letters come from the typed word's own script: a Latin
            # typo is never "fixed" with a Gujarati letter, and the candidate list stays short.
            alphabets = ("".join(sorted(c for c in letters if _GUJARATI.match(c))),
                         "".join(sorted(c for c in letters if not _GUJARATI.match(c) and not c.isdigit())))
        self._gujarati, self._latin = alphabets

    def table(self) -> dict:
        """What :meth:`from_table` needs, to be pickled with the index (the alphabets included:
        finding them again means reading every letter of every word)."""
        return {"counts": self.counts, "alphabets": (self._gujarati, self._latin)}

    @classmethod
    def from_table(cls, table) -> "Speller":
        try:
            return cls(table["counts"], tuple(table["alphabets"]))
        except (TypeError, KeyError, ValueError):
            return cls({})

    def __contains__(self, word: str) -> bool:
        return word in self.counts

    def frequency(self, word: str) -> int:
        return self.counts.get(word, 0)

    def one_edit(self, word: str, language: str | None = None) -> set[str]:
        """Known words one deletion, insertion, substitution or swap (of neighbours, or of two
        letters either side of a third) away.

        The first letter stays (players rarely mistype it, and keeping it cuts the candidates
        by a factor of the alphabet); a swap of the first two letters is allowed.
        """
        alphabet = self._gujarati if _GUJARATI.match(word[:1]) else self._latin
        head, rest = word[:1], word[1:]
        splits = [(rest[:i], rest[i:]) for i in range(len(rest) + 1)]
        edits = {head + a + b[1:] for a, b in splits if b}
        edits |= {head + a + c + b for a, b in splits for c in alphabet}
        edits |= {head + a + c + b[1:] for a, b in splits if b for c in alphabet}
        edits |= {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(len(word) - 1)}
        # two letters swapped across a third ("drawf": dwarf): a player's fingers
        # reaching for the letters in the wrong order, as common a slip as neighbours swapped
        edits |= {word[:i] + word[i + 2] + word[i + 1] + word[i] + word[i + 3:] for i in range(1, len(word) - 2)}
        edits |= sound_alike(word, language)
        edits |= moved_doubling(word)
        edits.discard(word)
        found = {edit for edit in edits if edit in self.counts}
        # two doubled letters both typed single are two edits: tried only where one finds nothing
        found = found or {edit for edit in twice_undoubled(word) if edit in self.counts}
        if not found and language is not None and len(word) > SOUND_AND_SLIP_LENGTH:
            # a sound spelled the region's way and a slip besides ("gliichstnad": Swiss "ii" for
            # "ei", two letters swapped): the slip's edits of each respelling, where nothing nearer is known
            for respelled in sound_alike(word, language):
                found |= {edit for edit in _slips(respelled) if edit in self.counts}
        return found

    def closest(self, word: str, maxdist: int = 2) -> str | None:
        """The most frequent known word at the smallest distance up to ``maxdist`` (did you mean)."""
        if word in self.counts:
            return word
        found = self.one_edit(word)
        if not found and maxdist >= 2:
            found = {w for w in self.counts if w[:1] == word[:1] and abs(len(w) - len(word)) <= 2
                     and _distance(word, w, 2) <= 2}
        return max(found, key=lambda w: (self.counts[w], w)) if found else None


#: a word longer than this may be a sound spelled another way and a slip besides (shorter ones
#: would reach too many words at two edits)
SOUND_AND_SLIP_LENGTH = 7


def _slips(word: str) -> set[str]:
    """The commonest slips undone: two neighbouring letters swapped, one letter left out or typed twice."""
    out = {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 1)}
    out |= {word[:i] + word[i + 1:] for i in range(1, len(word))}
    return out


@lru_cache(maxsize=4096)
def sound_alike(word: str, language: str | None = None) -> frozenset[str]:
    """The word with one spelling of a sound (:data:`SOUNDS`) written as another, anywhere."""
    out = set()
    for spelling, others in _SOUND_OF.get(language, _SOUND_OF[None]).items():
        start = word.find(spelling)
        while start >= 0:
            for other in others:
                out.add(word[:start] + other + word[start + len(spelling):])
            start = word.find(spelling, start + 1)
    if language in (None, "es") and word[:1].isalpha() and not _GUJARATI.match(word[:1]):
        out.add("h" + word)  # a silent h left out ("ay" for hay)
    if language in (None, "gu"):
        # a nasal before a consonant typed with no virama ("ડનજન", "એનહાન્સર": ડન્જન, એન્હાન્સર,
        # dungeon, enhancer) is the cluster the words are indexed without (an anusvara's sound)
        out.update(word[:match.start()] + word[match.end():] for match in _GU_BARE_NASAL.finditer(word))
    out.discard(word)
    return frozenset(out)


def moved_doubling(word: str) -> set[str]:
    """The word with its doubled letter written single and another consonant doubled instead
    ("begginen": beginnen, "Gefollgsman": Gefolgsmann, "ocassion"): one slip of a player who
    knows a letter is doubled but not which, two edits apart and none of them a swap."""
    out = set()
    for i in range(1, len(word)):
        if word[i] != word[i - 1] or not word[i].isalpha() or word[i] in _VOWELS:
            continue
        single = word[:i] + word[i + 1:]
        for j, char in enumerate(single):
            if j != i - 1 and char.isalpha() and char not in _VOWELS and not _GUJARATI.match(char):
                out.add(single[:j + 1] + char + single[j + 1:])
    return out


def twice_undoubled(word: str) -> set[str]:
    """The word with two of its consonants doubled ("resureción": resurrección, "acomodar":
    accommodar, "ocasionaly": occasionally): a player who writes every doubled letter single
    makes two slips in one word where a long word has two doubled letters."""
    singles = [i for i in range(1, len(word)) if word[i].isalpha() and word[i] not in _VOWELS
               and not _GUJARATI.match(word[i]) and word[i] != word[i - 1]
               and (i + 1 == len(word) or word[i + 1] != word[i])]
    return {word[:i] + word[i] + word[i:j] + word[j] + word[j:]
            for n, i in enumerate(singles) for j in singles[n + 1:]}


_VOWELS = frozenset("aeiouyáéíóöőúüűàèìòùâêîôûäëïÿ")


def _distance(a: str, b: str, limit: int) -> int:
    """Edit distance with neighbour swaps (optimal string alignment), cut off above ``limit``."""
    previous2, previous = None, list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, char_b in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b))
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]
