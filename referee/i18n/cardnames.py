"""A card a rule text names is named, in each language, as that language's card catalog names it.

A clause lists the cards it rules on (``cards:`` in rules/*.yaml, English names). Where one of
its texts (title, text, note, why) names such a card in English, the translation must name it
with the card's name in that language: the ``card:<id>`` entry of the ``rules`` catalog, else the
name the language's source text gives, else the English name. ``referee card`` shows the same
name, so what a player reads in a rule is what they find the card by.

Names are matched the way they are written in running text: case aside, the name's words in
order, each as the start of a word of the text less its last two letters (Hungarian "Cinkelt
kockát", German "des Wunschringes", Gujarati "એલ્ફને" all name their card).
"""

from __future__ import annotations

import re
from functools import lru_cache

from referee.cache import kept_data
from referee.data import catalog_stats, compiled_catalogs, locales_dir
from referee.errors import Problem
from referee.i18n.catalogs import RULES_DOMAIN, SOURCE, translations
from referee.i18n.typed import ENTRIES as _TYPED
from referee.lazyre import Lazy
from referee.message import Message
from referee.yamlload import load_plain

#: letters and combining marks: a Gujarati word is not cut at its vowel signs
_WORD = Lazy(r"[\w\u0300-\u036f\u0a81-\u0a83\u0abc\u0abe-\u0acd\u0ae2\u0ae3]+")
_BEFORE = r"(?<![\w\u0300-\u036f\u0a81-\u0a83\u0abc\u0abe-\u0acd\u0ae2\u0ae3])"
#: one letter or combining mark: what :data:`_BEFORE` excludes before a name
_LETTER = Lazy(_BEFORE[4:-1])


def localizer():
    """``localized(language, card)``: the card's name in a language, from the compiled catalogs.

    The catalogs' card names are kept in the user cache, keyed by the compiled files' sizes and
    times (a stat, not a read): ``referee card`` shows a card's name in every language, and
    parsing five whole catalogs for a few dozen names cost it more than a ``judge`` costs.
    """
    kept = _kept_card_names()

    def localized(language: str, card) -> str:
        if language == SOURCE:
            return card.name
        found = kept.get(language, {}).get(f"card:{card.id}\x04{' '.join(card.name.split())}")
        if found is not None:
            return found
        return card.names[language][0] if language in card.names else card.name

    return localized


def _kept_card_names() -> dict[str, dict[str, str]]:
    """language -> ``card:ID\x04English name`` -> the catalog's name, for every compiled
    ``rules`` catalog: from the user cache while the catalogs are unchanged, else read; in a
    process that asks again (a session, the server), from memory while the files' stats are the
    same — reading the cache again cost every verdict 0.5 ms (cProfile, the ask benchmark's test)."""
    try:
        files, stats = compiled_catalogs(), catalog_stats()
    except OSError:
        return _read_card_names([])
    if _CARD_NAMES.get("key") != stats:
        names = kept_data("catalog-cards", stats, lambda: _read_card_names([path.parent.parent.name for path in files]))
        _CARD_NAMES.update(key=stats, names=names)
    return _CARD_NAMES["names"]


#: the card names last read, and the catalogs' stats they were read for
_CARD_NAMES: dict = {}


def _read_card_names(languages: list[str]) -> dict[str, dict[str, str]]:
    out = {}
    for language in languages:
        catalog = getattr(translations(language, RULES_DOMAIN), "_catalog", {})
        out[language] = {key: value for key, value in catalog.items()
                         if isinstance(key, str) and key.startswith("card:") and isinstance(value, str)}
    return out


def name_in(card, language: str, localized=None) -> str:
    """The card's name in one language, as :func:`referee.cards.card_names` gives it, reading only that
    language's catalog (English needs none)."""
    if language == "en":
        return card.name
    if localized is not None:
        return localized(language, card)
    return card.names[language][0] if language in card.names else card.name


def catalog_names(catalog) -> dict[str, str]:
    """Card id -> its translated name in this catalog (untranslated and fuzzy entries left out)."""
    return {m.context[5:]: m.string for m in catalog
            if m.id and m.context and m.context.startswith("card:") and m.string and not m.fuzzy}


def card_name(card, language: str, translated: dict[str, str]) -> str:
    """The card's name in ``language``: the catalog's, else its source text's, else English."""
    if card.id in translated:
        return translated[card.id]
    if language in card.names:
        return card.names[language][0]
    return card.name


@lru_cache(maxsize=None)
def _whole(name: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")


def _holds_whole(text: str, name: str) -> bool:
    # the substring test first: it rules out nearly every name, at a fraction of a search's cost
    return name in text and _whole(name).search(text) is not None


def names_in_english(text: str, card) -> bool:
    """Does the English ``text`` name ``card`` (by its name or an alias, as a whole name)?"""
    return any(_holds_whole(text, name) for name in (card.name, *card.aliases))


def _stem(word: str) -> str:
    return word[: max(len(word) - 2, min(len(word), 3))]


#: a gloss in brackets: "die Wunderlampe (Magic Lamp)" names the card in German and glosses it
_GLOSS = Lazy(r"\([^()]*\)")
_LETTERS = r"[\w\u0300-\u036f\u0a81-\u0a83\u0abc\u0abe-\u0acd\u0ae2\u0ae3]*"
_BETWEEN = r"[^\w\u0a80-\u0aff]+"


def names_card(text: str, name: str) -> bool:
    """Does ``text`` name the card called ``name``: its words in order, each inflected as running
    text inflects it ("den Gefährlichen Keimling", "ભટકતા રાક્ષસને")?"""
    stems = _stems(name)
    if not stems:
        return False
    lowered = text.lower()
    # each stem must be in the text: most names are ruled out so, by a substring test
    return all(stem in lowered for stem in stems) and _stems_from(lowered, stems, 0, 0)


@lru_cache(maxsize=None)
def _stems(name: str) -> tuple[str, ...]:
    return tuple(_stem(word) for word in _WORD.findall(name.lower()))


#: what may come between one stem and the next: the rest of a word, then what is no letter
_GAP = Lazy(_LETTERS + _BETWEEN)


def _stems_from(lowered: str, stems: tuple[str, ...], index: int, after: int) -> bool:
    """Do ``stems[index:]`` follow in ``lowered`` from ``after`` (the end of the stem before)?

    This is the search of ``_BEFORE + stem + _LETTERS + _BETWEEN + stem + …``, done with
    patterns compiled once: a pattern of each name's own (their letter classes are slow to
    compile) cost more than every other card-name check together."""
    if index == len(stems):
        return True  # the last word's rest (_LETTERS) may be empty
    stem = stems[index]
    start = lowered.find(stem, after)
    while start >= 0:
        if index == 0:
            fits = start == 0 or not _LETTER.match(lowered, start - 1)
        else:
            fits = _GAP.fullmatch(lowered, after, start) is not None
        if fits and _stems_from(lowered, stems, index + 1, start + len(stem)):
            return True
        start = lowered.find(stem, start + 1)
    return False


def check_card_names(corpus, language: str, catalog, file: str) -> list[Problem]:
    """Every translated clause text that names one of its cards otherwise than the catalog does."""
    translated = catalog_names(catalog)
    by_name = {card.name: card for card in corpus.cards.values()}
    problems = []
    for message in catalog:
        clause = corpus.clauses.get(message.context or "")
        if clause is None or not clause.cards or not message.string or message.fuzzy:
            continue
        english = message.id if isinstance(message.id, str) else " ".join(message.id)
        text = message.string if isinstance(message.string, str) else " ".join(message.string)
        for listed in clause.cards:
            card = by_name.get(listed)
            if card is None or not names_in_english(english, card):
                continue
            wanted = card_name(card, language, translated)
            if wanted == card.name and card.id not in translated and language not in card.names:
                continue  # the language has no name of its own for the card yet: nothing to agree with
            # where the language keeps the English name, it keeps the English aliases too
            accepted = [wanted, *card.aliases] if wanted == card.name else [wanted]
            named = any(names_card(text, name) for name in accepted)
            # the English name in running text (not as a gloss in brackets) is the English name still used
            english_names = [n for n in (card.name, *card.aliases) if n.lower() not in wanted.lower()]
            prose = _GLOSS.sub(" ", text)
            kept = wanted != card.name and any(_holds_whole(prose, name) for name in english_names)
            if not named or kept:
                # Translators: a problem `referee i18n check` reports in a rule text; {card} is the card's
                # English name, {name} its name in the language checked, {id} the catalog entry.
                problems.append(Problem(file, getattr(message, "lineno", None), f"{message.context} {english[:40]!r}",
                                        Message.of("names the card {card}, which this language's card catalog "
                                                   "calls {name} ({id}); use that name", card=repr(card.name),
                                                   name=repr(wanted), id=f"card:{card.id}")))
    return problems


#: the file of the names a language's catalog gave a card before (card id -> names, per language)
FORMER_NAMES_FILE = "former_card_names.yaml"


def former_names_path():
    return locales_dir() / FORMER_NAMES_FILE


def former_names() -> dict[str, dict[str, list[str]]]:
    """language -> card id -> the names its catalog gave the card before (players may type them)."""
    path = former_names_path()
    key = _file_key(path)
    if _FORMER.get("key") != key:
        _FORMER.update(key=key, names=_kept_former_names(path, key))
    return _FORMER["names"]


def _kept_former_names(path, key) -> dict[str, dict[str, list[str]]]:
    """The former names, from the user cache while the file is unchanged: reading its YAML cost
    every card lookup 25-45 ms (yaml's import and parse), a JSON copy under 1 ms."""
    return kept_data("former-names", key, lambda: _read_former_names(path)) if key is not None else {}


def _read_former_names(path) -> dict[str, dict[str, list[str]]]:
    import yaml  # lazy: yaml 25-47 ms to import, read only when the former names' file changed

    try:
        data = load_plain(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    return {lang: {card: [str(n) for n in names or []] for card, names in (cards or {}).items()}
            for lang, cards in (data or {}).items() if isinstance(cards, dict)}


_FORMER: dict = {}


def _file_key(path) -> tuple | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return (str(path), stat.st_size, stat.st_mtime_ns)


def former_names_key() -> tuple | None:
    """What the former names depend on (for caches of card names)."""
    return _file_key(former_names_path())


def former_names_of(card) -> list[tuple[str, str]]:
    """(language, name) for every name a catalog gave ``card`` before."""
    return [(language, name) for language, cards in former_names().items() for name in cards.get(card.id, [])]


def _names_word(lowered: str, name: str) -> bool:
    """Does ``lowered`` (a text, lowercased) hold ``name`` at the start of a word (a Gujarati
    suffix may follow it)?"""
    name = name.lower()
    # what ``_BEFORE + name`` would search, without a pattern per name: a former name is in few
    # texts, and compiling a pattern for each cost more than the whole search
    start = lowered.find(name)
    while start >= 0:
        if start == 0 or not _LETTER.match(lowered, start - 1):
            return True
        start = lowered.find(name, start + 1)
    return False


def check_former_names(corpus, language: str, catalog, file: str, translated: dict[str, str]) -> list[Problem]:
    """Every translated text (rule text or message) that still names a card by a name the
    language's catalog has since replaced (``translated``: the card names of its rules catalog):
    the reader meets one name for the card everywhere."""
    former = former_names().get(language, {})
    if not former:
        return []
    current = {}
    for card_id in former:
        card = corpus.cards.get(card_id)
        if card is not None:
            current[card_id] = translated.get(card_id) or card_name(card, language, {})
    # (card, former name, its name now, the former name lowercased) for each name that is no part
    # of the name now, worked out once: every text is asked about every one
    asked = [(card_id, name, current[card_id], name.lower()) for card_id, names in former.items()
             if current.get(card_id) for name in names if name.lower() not in current[card_id].lower()]
    # the names of other cards now that hold a former name ("Space Ranger" holds "Ranger", the
    # Woudloper's English name): the text names that other card
    holding = sorted({now.lower() for now in translated.values() if now
                      for _i, _n, _w, lowered in asked if lowered in now.lower()}, key=len, reverse=True)
    problems = []
    for message in catalog:
        if not message.id or message.fuzzy or not message.string or (message.context or "").startswith("card:"):
            continue
        if message.context in _VOCABULARIES:
            continue  # the words players type: a former name stays one of them
        text = message.string if isinstance(message.string, str) else " ".join(message.string)
        text = _PLACEHOLDER.sub(" ", _QUOTED.sub(" ", text)).lower()
        cleaned = None
        for card_id, name, wanted, lowered in asked:
            if lowered in text and cleaned is None:
                # a clause id cited in the text ("hirelings.trading") is no card's name
                cleaned = _CLAUSE_ID.sub(" ", text)
                for now in holding:
                    cleaned = cleaned.replace(now, " ")
            if lowered in text and _names_word(cleaned, name):
                english = message.id if isinstance(message.id, str) else message.id[0]
                # Translators: a problem `referee i18n check` reports; {former} is a name the
                # language's card catalog gave the card before, {name} its name now.
                problems.append(Problem(file, getattr(message, "lineno", None),
                                        f"{message.context or ''} {english[:40]!r}".strip(),
                                        Message.of("names a card by its former name {former}; this "
                                                   "language's card catalog now calls it {name} ({id})",
                                                   former=repr(name), name=repr(wanted), id=f"card:{card_id}")))
    return problems


#: contexts of the words players type (referee.po: races, classes, enhancers, fields, level
#: sources …, every vocabulary of :mod:`referee.i18n.typed`): former names are kept there on
#: purpose, after the name the catalog gives now
_VOCABULARIES = frozenset(context for context, _code in _TYPED)
#: a source's own words, quoted: what a source says is quoted as it says it
_QUOTED = Lazy(r'"[^"]*"|“[^”]*”')
#: a message's placeholders ("{high}", "{hireling}"): the program's names for the values put in,
#: never a word the reader meets
_PLACEHOLDER = Lazy(r"\{\w*\}")
#: a clause id, as rule texts cite one ("see items.big", "hirelings.monster-modifiers-vs-hireling")
_CLAUSE_ID = Lazy(r"(?<![\w.-])[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
