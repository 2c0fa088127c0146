"""How text becomes search terms, per language — built only from whoosh's own classes.

Each language's analysis is named in locales/languages.yaml (``search:``): ``snowball`` (whoosh's
stop list and Snowball stemmer for the code, where whoosh has them), ``gujarati`` (the light
stemmer below) or ``words`` (whole words). A new language needs no code here.

The index pickles its schema, so every analyzer here is a chain of whoosh classes (a custom
class would become an import dependency of the index files). What whoosh cannot do — NFC
normalisation and Gujarati suffix stripping — is done to the text before it reaches whoosh,
on the documents and on the query alike (:func:`prepare`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.support.charset import accent_map

#: Word characters plus combining marks. Python's ``\w`` does not match Unicode Mn/Mc, so a
#: plain ``\w+`` cuts every Gujarati word at its vowel signs, anusvara and virama; adding the
#: Gujarati (and generic combining) mark ranges keeps words whole and changes nothing for Latin
#: text, which is NFC-normalised first.
TOKEN = r"[\w\u0300-\u036f\u0a81-\u0a83\u0abc\u0abe-\u0acd\u0ae2\u0ae3]+"

def search_analysis(language: str) -> str:
    """``snowball``, ``gujarati`` or ``words``: how ``language`` is analysed (languages.yaml)."""
    from referee.i18n.languages import language as describe

    return describe(language).search


def default_analysis(code: str) -> str:
    """The analysis a new language starts with: Snowball where whoosh can stem it."""
    from whoosh.lang import has_stemmer

    return "snowball" if has_stemmer(code) else "words"

#: Common Gujarati case endings and postpositions written onto the word, longest first.
GUJARATI_SUFFIXES = sorted(
    ("ઓનું", "ઓની", "ઓનો", "ઓના", "ઓને", "ઓથી", "ઓમાં", "માંથી", "નું", "ની", "નો", "ના", "ને", "થી",
     "માં", "એ", "ઓ"), key=len, reverse=True)
_GU_WORD = re.compile(TOKEN)


#: Gujarati function words (whoosh has no Gujarati stop list): pronouns, auxiliaries,
#: particles and postpositions that every sentence has and no question is about.
GUJARATI_STOP = frozenset("""
છે છો છું હતો હતી હતું હતા અને અથવા તો શું તે તેમ આ એ કે ન નહીં નથી પણ માટે પછી પહેલાં જો
જ્યારે ત્યારે હોય થાય કરી કરે કરો કરવું મારા મારી મારો મારું મને હું તમે તમારા તમારી તમારો
તમારું તમને અમે કોઈ બધા શકે શકો શકું શકાય સાથે પર થી નો ની નું ના ને માં જ પણ ક્યારે કેમ કેવી
""".split())


#: Verb endings (infinitive, participles, tenses, the passive) and the final vowel signs of
#: gender, number and oblique case, longest first: a light stemmer in the manner of
#: Ramanathan and Rao's for Hindi, which strips one such ending and nothing else.
GUJARATI_ENDINGS = sorted(
    ("વાનું", "વાની", "વાનો", "વાના", "વું", "વા", "ીને", "તાં", "તા", "તો", "તી", "તું", "્યાં", "્યા", "્યો",
     "્યું", "ાયો", "ાયા", "ાય", "શે", "શો", "ું", "ો", "ી", "ા", "ે", "ાં", "ૂ", "ુ", "િ"), key=len, reverse=True)


_VOWEL_SIGN = re.compile(r"[\u0abe-\u0acc]$")


@lru_cache(maxsize=65536)  # a text repeats its words: each is stemmed once
def gujarati_stem(word: str) -> str:
    """Strip one common case ending, then one verb or vowel ending, keeping two characters.

    A case ending is taken off only where what remains looks like a stem: it ends in a
    consonant, or is long enough. "ઘરનો" (of the house) loses "નો"; "ખજાનો" (treasure) does
    not, since "ખજા" is no word: its "ો" goes in the second step, as in "ખજાના", "ખજાનાની".
    """
    for suffix in GUJARATI_SUFFIXES:
        if word.endswith(suffix):
            rest = word[: -len(suffix)]
            if len(rest) >= 4 or (len(rest) >= 2 and not _VOWEL_SIGN.search(rest)):
                word = rest
            break
    for ending in GUJARATI_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            return word[: -len(ending)]
    return word


def prepare(text: str, language: str) -> str:
    """The text as whoosh should see it: NFC, and Gujarati words with their endings stripped.

    Gujarati function words go before stemming: stemmed, "મારો" (my) would become "માર",
    the stem of "મારવું" (to kill). Apply once: a stem is not stemmed again.
    """
    text = unicodedata.normalize("NFC", text)
    if language == "gu" or search_analysis(language) == "gujarati":
        text = _GU_WORD.sub(_gujarati_word, text)
    return text


def _gujarati_word(match) -> str:
    word = match.group(0)
    return "" if word in GUJARATI_STOP else gujarati_stem(word)


@lru_cache(maxsize=None)
def language_analyzer(language: str):
    """The field of one language: tokens, lower case, stop words, stems, then accents folded.

    Folding after stemming lets "szorny" find "szörny" and "Schatze" find "Schätze"; the
    ``exact`` field (:func:`exact_analyzer`) then ranks the exactly spelled word first.
    Analyzers are built once: whoosh's stemming filter keeps a cache per instance.
    """
    from whoosh.lang import has_stemmer, has_stopwords

    chain = RegexTokenizer(TOKEN) | LowercaseFilter()
    if search_analysis(language) == "snowball":
        if has_stopwords(language):
            chain = chain | StopFilter(lang=language)
        if has_stemmer(language):
            chain = chain | StemFilter(lang=language)
    return chain | CharsetFilter(accent_map)


@lru_cache(maxsize=None)
def exact_analyzer():
    """Whole words in lower case, accents kept: a match here means the spelling was exact."""
    return RegexTokenizer(TOKEN) | LowercaseFilter()


_LATIN_ACCENT = re.compile(r"[\u00c0-\u024f]")


def has_accent(word: str) -> bool:
    """Does the word carry a Latin letter with a diacritic (where folding loses something)?"""
    return bool(_LATIN_ACCENT.search(word))


def accented_words(text: str) -> str:
    """Only the words whose exact spelling differs from their folded form: all that the exact
    field needs to hold, since for every other word exact and folded agree."""
    return " ".join(m.group(0) for m in _GU_WORD.finditer(text) if has_accent(m.group(0)))


@lru_cache(maxsize=None)
def word_analyzer():
    """Whole words, lower case, accents folded, no stemming: the vocabulary typos are fixed against."""
    return RegexTokenizer(TOKEN) | LowercaseFilter() | CharsetFilter(accent_map)
