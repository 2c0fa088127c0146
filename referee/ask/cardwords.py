"""The cards a question may name, by every name they have in the six languages: monsters,
races and classes, monster enhancers. Built once per corpus from the card lookup's own name
table (:func:`referee.cards.name_table`), so a name in any language is the same card."""

from __future__ import annotations

import marshal
import zlib
from functools import lru_cache

from referee.ask.text import SAME_SOUND, spelled
from referee.cache import cache_dir, read_entry, write_checked
from referee.corpus.cards import fold
from referee.data import catalog_stats
from referee.records import Record

#: a run of words this close (rapidfuzz ratio, 0–100) to a card's name is that card, typos forgiven
FUZZY = 88
#: the shortest run of letters compared with typos forgiven (shorter ones must be exact)
FUZZY_LENGTH = 5
LONGEST_NAME = 6
#: the other kinds of card a question may name, each with an effect a command must carry
OTHERS = ("hireling", "steed", "one-shot item")
#: what the cached card words hold; a file kept by an older recipe is not read
VERSION = 8
#: the Gujarati genitive endings players often write apart from their noun ("નેપામ નો દંડ")
GENITIVES = ("નો", "ની", "નું", "ના", "નાં")


class CardWords(Record):
    monsters: dict       # folded name -> card
    personas: dict       # folded name -> (race|class, code)
    enhancers: dict      # folded name -> (card, bonus); bonus None where the records give none
    fuzzy_names: list    # the folded names of monsters, then of items, for the fuzzy pass
    items: dict = {}     # folded name -> item card ("stepladder", "ostromgép")
    curses: dict = {}    # folded name -> curse or trap card ("Falle! Chromosomentausch")
    others: dict = {}    # folded name -> hireling, steed or one-shot card ("fegyverhordozó")
    scattered: dict = {}  # a word of a short monster name -> (each name it is in, its words)


_BUILT: dict = {}


def card_words(corpus) -> CardWords:
    key = corpus.content_key or id(corpus)
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = _build(corpus)
    return built


def _build(corpus) -> CardWords:
    """The card words, from the user cache when the cards and catalogs are those it was made
    from (the key of :func:`referee.cards.name_table`'s own cache)."""
    cards = list(corpus.cards.values())
    by_id = {card.id: card for card in cards}
    key = _key(corpus)
    kept = _read(key) if key else None
    if kept is None or not all(i in by_id for i in kept["monsters"].values()):
        kept = _spelled(_names(cards))
        if key:
            _write(key, kept)
    monsters = {name: by_id[i] for name, i in kept["monsters"].items()}
    enhancers = {name: (by_id[i], bonus) for name, (i, bonus) in kept["enhancers"].items()}
    personas = {name: tuple(value) for name, value in kept["personas"].items()}
    items = {name: by_id[i] for name, i in kept["items"].items() if i in by_id}
    curses = {name: by_id[i] for name, i in kept["curses"].items() if i in by_id}
    others = {name: by_id[i] for name, i in kept["others"].items() if i in by_id}
    # the fuzzy pass reads item names too ("the mace of sharpnes"): one list, one pass
    fuzzy = list(monsters) + [name for name in items if name not in monsters]
    scattered = _scattered(monsters)
    # a part of a monster's name that names it alone ("nagyon mérges légycsapó"): that card;
    # kept out of the fuzzy pass, which reads whole names only
    monsters.update((name, by_id[i]) for name, i in kept.get("parts", {}).items() if i in by_id)
    return CardWords(monsters, personas, enhancers, fuzzy, items, curses, others, scattered)


#: the shortest word of a name read apart from the rest ("de", "mr" are said of anything)
SCATTERED_WORD = 3


def _scattered(monsters: dict) -> dict:
    """The words of the monsters' names of two or three words, each with the names it is in:
    players name a card by its words in their own order ("that troll with the net"), and the
    reader looks up the text's words here, never every name (a few hundred, made once)."""
    out: dict = {}
    for name in monsters:
        # (its short words left out: "golem de goma" is said "el golem ese de goma")
        words = {w for w in name.split(" ") if len(w) >= SCATTERED_WORD}
        if 2 <= len(words) <= 3 and name.count(" ") <= 3:
            for word in words:
                out.setdefault(word, []).append((name, len(words)))
    return out


def _spelled(kept: dict) -> dict:
    """The names spelled as the question's words are (one spelling for each Gujarati vowel
    sound), before they are kept: respelling 800 names cost every question half a millisecond."""
    return {part: {spelled(name): value for name, value in names.items()} for part, names in kept.items()}


def _key(corpus):
    """The corpus by its content key, and the compiled catalogs (card names) by a stat."""
    if not corpus.content_key:
        return None
    try:
        stats = catalog_stats()
    except OSError:
        return None
    # the respelling too: the names are kept spelled by it
    text = repr((corpus.content_key, stats, sorted(SAME_SOUND.items()))).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def _names(cards) -> dict:
    # lazy: referee.cards 29 ms, referee.model 22 ms, … to import, paid only by the calls that need it
    from referee import model
    from referee.cards import localizer, name_table
    from referee.vocabulary import canonical

    monsters, personas, enhancers, items, curses, others = {}, {}, {}, {}, {}, {}
    for name, card in name_table(cards, localizer()).items():
        if card.type == "monster":
            monsters[name] = card.id
        elif card.type == "item":
            items[name] = card.id
        elif card.type in ("curse", "trap"):
            curses[name] = card.id
        elif card.type in OTHERS:
            others[name] = card.id
        elif card.type in ("race", "class"):
            words = model.RACES["munchkin"] + model.RACES["star-munchkin"] if card.type == "race" else \
                model.CLASSES["munchkin"] + model.CLASSES["star-munchkin"]
            code = canonical(card.id, words)
            if code:
                personas[name] = [card.type, code]
        elif card.type == "enhancer":
            # an enhancer the records give no bonus ("Ősi", Primeval) is still a card named:
            # its bonus None, so a fight that names it gets no verdict without it
            bonus = card.facts.get("bonus")
            enhancers[name] = [card.id, bonus if isinstance(bonus, int) else None]
    for kind, vocab in (("race", model.RACES["munchkin"]), ("class", model.CLASSES["munchkin"])):
        for code in vocab:
            personas.setdefault(fold(code.replace("-", " ")), [kind, code])
    for names in (monsters, items, curses, others):
        names.update(_apart(names))
    return {"parts": _parts(monsters, items, curses, others, enhancers, personas), "monsters": monsters,
            "personas": personas, "enhancers": enhancers, "items": items, "curses": curses, "others": others}


#: the shortest part of a monster's name read as the card (shorter runs, "really angry", are
#: words players say of anything)
SHORTEST_PART = 14
#: the most words a part has (a name of more words is a sentence)
LONGEST_PART = 3


def _parts(monsters: dict, *others: dict) -> dict:
    """The runs of three words that start or end a monster's name of four that no
    other card's name has ("nagyon mérges légycsapó" of "Nagyon mérges légycsapó burjánszömörce"):
    players name a long card by part of it, and a part that names one card only is that card."""
    seen: dict = {}
    for name, value in monsters.items():
        words = name.split(" ")
        if len(words) > LONGEST_PART + 1:
            continue  # (a name that is a sentence, "monster the GM made himself", has no parts said)
        # its start or its end of three words or more: a run from the middle ("spelleider zelf")
        # or of two ("perfectly ordinary") is words said of anything
        for start, end in [(0, n) for n in range(3, len(words))] + [(n, len(words)) for n in range(1, len(words) - 2)]:
            part = " ".join(words[start:end])
            if len(part) >= SHORTEST_PART:
                seen.setdefault(part, set()).add(value)
    # (a part of two cards' names names neither; nor one that is a whole card's name)
    taken = set(monsters).union(*others)
    return {part: next(iter(ids)) for part, ids in seen.items() if len(ids) == 1 and part not in taken}


def _apart(names: dict) -> dict:
    """The names with a genitive ending inside them written as a word of its own ("નેપામનો દંડ"
    said "નેપામ નો દંડ"): players write it either way, and the whole name still names the card.
    Only an ending before another word of the name, where it can be nothing but the genitive."""
    more = {}
    for name, value in names.items():
        words = name.split(" ")
        for k, word in enumerate(words[:-1]):
            ending = next((g for g in GENITIVES if word.endswith(g) and len(word) > len(g) + 1), None)
            if ending:
                more.setdefault(" ".join([*words[:k], word[:-len(ending)], ending, *words[k + 1:]]), value)
    return {name: value for name, value in more.items() if name not in names}


def _read(key: str):
    # marshal, behind a checksum (a damaged file is a miss, never names misread): these dicts of
    # strings read back faster than json's text
    try:
        raw = read_entry(cache_dir() / f"ask-cards-{VERSION}-{key}.marshal")
        data = marshal.loads(raw) if raw is not None else None
    except (ValueError, EOFError, TypeError):
        return None
    return data if isinstance(data, dict) and {"monsters", "personas", "enhancers", "items", "curses", "others"} <= set(data) else None


def _write(key: str, data: dict) -> None:
    try:
        write_checked(cache_dir() / f"ask-cards-{VERSION}-{key}.marshal", marshal.dumps(data))
    except (OSError, ValueError):
        pass  # an unwritable cache only costs speed


def fuzzy_card(words: CardWords, text: str):
    """The monster or item card a run of words names with a typo, or ``None``."""
    if len(text.replace(" ", "")) < FUZZY_LENGTH or not _maybe(words, text):
        return None
    # lazy: rapidfuzz 52 ms to import, which `referee ask` does not need
    from rapidfuzz import fuzz, process

    found = process.extractOne(text, words.fuzzy_names, scorer=fuzz.ratio, score_cutoff=FUZZY)
    if found and " " not in text and found[0][:1] != text[:1]:
        # one word that is a card's name but for its first letter is a word of its own ("óriás",
        # a giant, is no Hóriás): a slip is made inside a word, not at its start
        return None
    return (words.monsters.get(found[0]) or words.items[found[0]]) if found else None


def _maybe(words: CardWords, text: str) -> bool:
    """Whether some name could be ``FUZZY`` close to the text: a length near it and most of its
    letter pairs shared. Loading the fuzzy matcher costs more than a whole verdict, so most
    runs of words must not need it."""
    low, high = len(text) * FUZZY / (200 - FUZZY), len(text) * (200 - FUZZY) / FUZZY
    mine = _pairs(text)
    for name in words.fuzzy_names:
        if low <= len(name) <= high:
            theirs = _pairs(name)
            if 2 * len(mine & theirs) >= 0.6 * (len(mine) + len(theirs)):
                return True
    return False


@lru_cache(maxsize=4096)
def _pairs(text: str) -> frozenset:
    return frozenset(text[i:i + 2] for i in range(len(text) - 1))
