"""A language typed in Latin letters, as Gujarati players text it ("Cid ne Bigfoot thi bhagvu
pade to dice ma ketla joie?"): told from the other languages by its words, then read as if typed
in its own script, with the same phrases.

There is no one spelling ("chhe", "che"; "bhagvu", "bhagavu"), so a word is read by its sounds
(:mod:`referee.i18n.romanized`): as the one word of the language's ``ask.yaml`` with its
skeleton. The words sounds cannot tell apart (short ones, or two words of one sound: "ne" is ને,
"ane" અને) are listed as players type them (``texted`` in ``ask.yaml``). A table's names, the
cards' names and the English game words the players keep in English ("level", "monster",
"munchkin die") stay as typed: the phrases read them so.
"""

from __future__ import annotations

from referee.ask.names import foreign
from referee.ask.patterns import fold, sounds as sounds_of
from referee.lazyre import Lazy

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only
    import re

#: a word in Latin letters standing alone (not glued to a number or to letters of another script:
#: "lvl8" is read by the words' own code); compiled when a text typed so is read, as is the next
_LATIN = Lazy(r"(?<![\w'])[A-Za-z]+(?![\w'])")
#: the end of a sentence: the word after it may be capitalised without being a name
_SENTENCE_END = Lazy(r"[.!?¿¡]\s*$")
#: the fewest words of a text typed so (:func:`is_texted`), and the shortest of its own
FEWEST, DISTINCT_LENGTH = 2, 3


def latin_only(text: str) -> bool:
    """Whether the text is written in Latin letters alone."""
    return not foreign(text)


def is_texted(keys: list[str], spellings: dict, lang: str, vocabularies: dict) -> bool:
    """Whether a text in Latin letters is ``lang`` as its players type it: at least
    :data:`FEWEST` of its words ``lang``'s as typed, one of them its own, and more than any other
    language's (``vocabularies``: each language's words). A word is ``lang``'s as typed where it
    is listed (``spellings``), or where no other language's phrases have it and it sounds like
    one word of ``lang``'s phrases that ``lang`` did not take from English ("monstr" is as likely
    a typo; :func:`referee.ask.patterns.sounds`). Its own: no short word another language could
    have ("ma", "ne", "e" are Hungarian and German words too). The game words its players keep in
    English ("level", "curse", "munchkin die": words of ``lang``'s own phrases) count for no
    other language. A listed word must be there: such a text always says one ("hu", "che",
    "ma"), and a text of another language pays for no sounds."""
    listed = [key for key in keys if key in spellings]
    if not listed:
        return False
    others = [said for other, said in vocabularies.items() if other != lang]
    own = vocabularies.get(lang, frozenset())
    rest = [key for key in keys if key not in own]
    best = max(sum(1 for key in rest if key in said) for said in others)
    unknown = [key for key in keys if key not in spellings and len(key) > DISTINCT_LENGTH and key.isalpha()
               and key.isascii() and not any(key in said for said in others)]
    if len(listed) + len(unknown) <= max(best, FEWEST - 1):
        return False
    # lazy: the sound code 0.3 ms to import, paid only by texts with a listed word
    from referee.i18n.romanized import sounds_one

    sounds, loans = sounds_of(lang)
    heard = [key for key in unknown if (word := sounds_one(key, sounds)) is not None and word not in loans]
    found = len(listed) + len(heard)
    distinct = bool(heard) or any(len(key) >= DISTINCT_LENGTH and not any(key in said for said in others)
                                  for key in listed)
    return distinct and found >= FEWEST and found > best


_CARD_WORDS: dict = {}


def card_words_of(cards) -> frozenset:
    """Every word of the cards' names in any language (:class:`referee.ask.cardwords.CardWords`),
    made the first time a text typed in Latin letters needs it."""
    found = _CARD_WORDS.get(id(cards))
    if found is None:
        found = _CARD_WORDS[id(cards)] = frozenset(
            word for names in (cards.monsters, cards.personas, cards.enhancers, cards.items, cards.curses, cards.others)
            for name in names for word in name.split())
    return found


def read_texted(text: str, words, kept: tuple, names: list[str], cards: frozenset) -> str:
    """The text with each Latin word of the language as its players type it written in the
    language's script (``words``: its :class:`referee.ask.patterns.Words`). A table's name, a
    word of a card's name (``cards``) or a word the phrases read as typed (``kept``: word lists,
    the language's own and English, whose Latin words are the game words kept in English) stays, and so does a word with a capital inside a sentence (a name)
    and a word nothing sounds like. A word and an ending typed apart ("hath ma") are one word
    where the script writes them as one (હાથમાં) and the phrases say it so; a name and its
    ending typed as one ("Cidne") are two, as the script writes them after a Latin name."""
    # lazy: the sound code 0.3 ms to import, paid only by texts typed so
    from referee.i18n.romanized import sounds_one

    table = {name.casefold() for name in names}
    endings = {key for key, word in words.texted.items() if fold(word) in words.endings}

    def stays(match: "re.Match") -> bool:
        word = match.group(0)
        key = word.casefold()
        if key in table or key in words.texted or key in cards or any(key in said for said in kept):
            return True
        before = text[:match.start()]
        return word[:1].isupper() and bool(before.strip()) and not _SENTENCE_END.search(before)

    def read(match: "re.Match") -> str:
        word = match.group(0)
        key = word.casefold()
        if key in table:
            return word
        # a table's name with its ending typed on ("Cidne"): the name, and the ending as the
        # script writes it after a Latin name ("Cid ને")
        name = next((n for n in table if key.startswith(n) and key[len(n):] in endings), None)
        if name is not None:
            return f"{word[:len(name)]} {words.texted[key[len(name):]]}"
        listed = words.texted.get(key)
        if listed is not None:
            return listed
        return word if stays(match) else (sounds_one(key, words.sounds) or word)

    matches = list(_LATIN.finditer(text))
    out, done, i = [], 0, 0
    while i < len(matches):
        here = matches[i]
        after = matches[i + 1] if i + 1 < len(matches) else None
        if after is not None and after.group(0).casefold() in endings and not text[here.end():after.start()].strip() \
                and not stays(here):
            one = sounds_one(here.group(0).casefold() + after.group(0).casefold(), words.sounds)
            if one is not None:
                out += [text[done:here.start()], one]
                done, i = after.end(), i + 2
                continue
        out += [text[done:here.start()], read(here)]
        done, i = here.end(), i + 1
    return "".join(out) + text[done:]
