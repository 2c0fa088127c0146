"""Gujarati typed in Latin letters, read by its sounds.

Players text Gujarati in Latin letters as they hear it ("maro ghodo hathiyar vapri shake?": can
my horse use a weapon?), with no one spelling: a long or short vowel, an inherent "a" written or
left out ("bhagvu", ભાગવું), "sh" or "s", "chh" or "ch". The thesaurus lists the commonest such
words; any other is read here by its *skeleton*: its consonants and its vowels other than "a",
the same for the Latin and the Gujarati spelling. "hathiyar" and હથિયાર are both "hthiyr",
"vapri" and વાપરી "vpri", "ghodo" and ઘોડો "ghodo". Every word of the Gujarati clauses is
listed under its skeleton at build time (:func:`sound_table`); a Latin word of a Gujarati question
no clause uses is then read as the commonest Gujarati word with its skeleton.

``referee ask`` reads a whole text typed so the same way (:func:`one_sound_table`): each word as
the one word of ``locales/gu/ask.yaml`` that sounds so, where only one does. The code lives
here, below both the search and ``ask``, which share it.
"""

from __future__ import annotations

import re
from collections import Counter

#: the consonants, the dental and retroflex pairs as one (players write "t" for both), the
#: sibilants as one ("shakay", "sakay"), ચ and છ as one ("che", "chhe")
_CONSONANTS = {"ક": "k", "ખ": "kh", "ગ": "g", "ઘ": "gh", "ઙ": "n", "ચ": "ch", "છ": "ch", "જ": "j", "ઝ": "j",
               "ઞ": "n", "ટ": "t", "ઠ": "th", "ડ": "d", "ઢ": "dh", "ણ": "n", "ત": "t", "થ": "th", "દ": "d",
               "ધ": "dh", "ન": "n", "પ": "p", "ફ": "f", "બ": "b", "ભ": "bh", "મ": "m", "ય": "y", "ર": "r",
               "લ": "l", "ળ": "l", "વ": "v", "શ": "s", "ષ": "s", "સ": "s", "હ": "h"}
#: vowels, as letters and as signs; every "a" (inherent, short or long) is left out, as players
#: write it or not ("bhagvu", "bhagavu")
_VOWELS = {"અ": "", "આ": "", "ઇ": "i", "ઈ": "i", "ઉ": "u", "ઊ": "u", "એ": "e", "ઐ": "i", "ઓ": "o", "ઔ": "u",
           "ઋ": "ru", "ઍ": "e", "ઑ": "o", "ા": "", "િ": "i", "ી": "i", "ુ": "u", "ૂ": "u", "ે": "e", "ૈ": "i",
           "ો": "o", "ૌ": "u", "ૃ": "ru", "ૅ": "e", "ૉ": "o"}
#: Latin spellings of one sound, longest first
_LATIN = (("chh", "ch"), ("sh", "s"), ("ph", "f"), ("jh", "j"), ("ee", "i"), ("oo", "u"), ("w", "v"), ("z", "j"),
          ("q", "k"), ("x", "ks"), ("a", ""))
_REPEATED = re.compile(r"(.)\1+")
_LATIN_WORD = re.compile(r"^[a-z]+$")
#: the shortest Latin word read by its sounds, and the shortest skeleton: shorter ones are
#: shared by too many words to say which was meant
SHORTEST_WORD, SHORTEST_SKELETON = 4, 3


def latin_skeleton(word: str) -> str:
    """The skeleton of a word typed in Latin letters ("hathiyar" -> "hthiyr")."""
    word = word.lower()
    for spelling, sound in _LATIN:
        word = word.replace(spelling, sound)
    return _REPEATED.sub(r"\1", word)


def gujarati_skeleton(word: str) -> str:
    """The skeleton of a word in Gujarati letters (હથિયાર -> "hthiyr"); anusvara, virama, nukta
    and visarga say nothing a Latin spelling would."""
    return _REPEATED.sub(r"\1", "".join(_CONSONANTS.get(c, _VOWELS.get(c, "")) for c in word))


def sound_table(words, form) -> dict[str, str]:
    """skeleton -> the searched form (``form``: the Gujarati stem) of the commonest Gujarati word
    with that skeleton, over ``words`` (every word of the Gujarati clauses)."""
    counts = Counter(words)
    best: dict[str, tuple[int, str]] = {}
    for word, count in counts.items():
        skeleton = gujarati_skeleton(word)
        if len(skeleton) < SHORTEST_SKELETON or word.isascii():
            continue
        if count > best.get(skeleton, (0, ""))[0]:
            best[skeleton] = (count, word)
    return {skeleton: form(word) for skeleton, (_, word) in best.items()}


#: spellings of one sound in Gujarati letters: a long and a short vowel, a vowel letter and its
#: sign, the English vowels ઍ ઑ; anusvara, candrabindu and nukta say nothing a Latin spelling would
_ONE_SOUND = str.maketrans({"ી": "િ", "ૂ": "ુ", "ઈ": "ઇ", "ઊ": "ઉ", "ૉ": "ો", "ૅ": "ે", "ઑ": "ઓ", "ઍ": "એ",
                            "ં": None, "ઁ": None, "઼": None})
#: a nasal written before a consonant: the Latin spelling of an anusvara ("paanch", પાંચ)
_NASAL = re.compile(r"[nm](?=[bcdfghjklpqrstvwxyz])")


def one_sound_table(words) -> dict[str, str]:
    """skeleton -> the Gujarati word of ``words`` with that skeleton, where only one has it (two
    spellings of one sound, કેટલા and કેટલાં, are one word: the commoner is kept). A skeleton
    two words share says no word: "ne" is ને and અને."""
    counts = Counter(words)
    found: dict[str, dict[str, tuple[int, str]]] = {}
    for word, count in counts.items():
        skeleton = gujarati_skeleton(word)
        if len(skeleton) < SHORTEST_SKELETON or word.isascii():
            continue
        spellings = found.setdefault(skeleton, {})
        same = word.translate(_ONE_SOUND)
        if count > spellings.get(same, (0, ""))[0]:
            spellings[same] = (count, word)
    return {skeleton: next(iter(spellings.values()))[1] for skeleton, spellings in found.items() if len(spellings) == 1}


def english_skeleton(word: str) -> str:
    """The skeleton of a word of English, its "c" read as it sounds ("epic" -> "epik", as એપિક)."""
    return latin_skeleton(re.sub(r"c(?!h)", "k", re.sub(r"c(?=[eiy])", "s", word.lower())))


def consonants(skeleton: str) -> str:
    """A skeleton's consonants alone, "y" left out: "monster" and મોન્સ્ટર are both "mnstr"."""
    return _REPEATED.sub(r"\1", re.sub(r"[aeiouy]", "", skeleton))


def loans(words, english) -> frozenset:
    """The Gujarati ``words`` taken from the English ``english`` (મોન્સ્ટર, "monster"; એપિક,
    "epic"): the same skeleton, or the same four consonants or more (fewer are shared by chance:
    "potion" and પોતાના)."""
    skeletons = {english_skeleton(word) for word in english}
    many = {c for c in map(consonants, skeletons) if len(c) >= 4}
    return frozenset(word for word in words if gujarati_skeleton(word) in skeletons
                     or consonants(gujarati_skeleton(word)) in many)


def sounds_one(word: str, table: dict[str, str] | None) -> str | None:
    """The one Gujarati word a Latin word sounds like, by ``table`` (:func:`one_sound_table`);
    a nasal before a consonant is tried as an anusvara too ("paanch", પાંચ)."""
    if not table or len(word) < SHORTEST_WORD or not _LATIN_WORD.match(word):
        return None
    skeleton = latin_skeleton(word)
    found = table.get(skeleton) if len(skeleton) >= SHORTEST_SKELETON else None
    if found is None and _NASAL.search(word):
        skeleton = latin_skeleton(_NASAL.sub("", word))
        found = table.get(skeleton) if len(skeleton) >= SHORTEST_SKELETON else None
    return found


def sounded(word: str, table: dict[str, str] | None) -> str | None:
    """The Gujarati stem a Latin word sounds like, by ``table`` (:func:`sound_table`)."""
    if not table or len(word) < SHORTEST_WORD or not _LATIN_WORD.match(word):
        return None
    skeleton = latin_skeleton(word)
    return table.get(skeleton) if len(skeleton) >= SHORTEST_SKELETON else None
