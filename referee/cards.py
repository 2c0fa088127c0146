"""Finding a card by the name a player types, in any language, like a search box.

Every name a card has — English, its aliases, the names the source texts give, and the names in
the translation catalogs — is folded (case, spacing, Latin accents; Gujarati words stay whole:
:func:`referee.corpus.cards.fold`) and scored against the folded query with rapidfuzz:

- the whole name, typos forgiven ("Loded Dye" is the Loaded Die);
- its words in any order ("ring other");
- a part of it: each word typed is the start of a word of the name, or that word with a typo
  ("ring" is The Other Ring and the Wishing Ring; "dado" any Dado).

The best-scoring name is the card meant when it stands clearly above the next card
(:func:`decide`); otherwise the close ones are the candidates to choose from.
"""

from __future__ import annotations

import marshal
import sys
import zlib

from referee.cache import cache_dir, read_entry, write_checked
from referee.corpus.cards import CARD_TYPES, Card, fold
from referee.data import catalog_stats
# localizer: a card's name in a language, from the compiled catalogs; name_in: one card's name in one language
from referee.i18n.cardnames import former_names_key, former_names_of, localizer, name_in  # noqa: F401
from referee.i18n.catalogs import current_language
from referee.i18n.languages import LANGUAGES
from referee.records import Record

#: a name scoring this much (of 100) is a candidate at all
CANDIDATE_SCORE = 70
#: the best card is the one meant when it scores this much and no other card comes within MARGIN
CHOSEN_SCORE = 78
MARGIN = 6
#: a query that is a part of a name scores at most this (the whole name typed scores more)
PART_WEIGHT = 0.88


class NameMatch(Record):
    card: Card
    name: str       # the name that matched, as written
    lang: str       # the language of that name ("en" for English names and aliases)
    distance: int   # edits between the folded query and the folded name (0: exact)
    prefix: bool    # each word typed starts a word of the name, in order
    score: float = 0.0  # how well it matches, 0 to 100


def card_names(card: Card, localized=None) -> dict[str, str]:
    """The card's name in each language: the catalog's (``localized``: the localizer's word, as
    players of that language say it), else a source's, else English."""
    names = {"en": card.name}
    for language in LANGUAGES:
        if language == "en":
            continue
        if localized is not None:
            names[language] = localized(language, card)
        elif language in card.names:
            names[language] = card.names[language][0]
    return names


def all_names(card: Card, localized=None) -> list[tuple[str, str]]:
    """Every name a player may type for the card, with its language."""
    names = [("en", card.name)] + [("en", alias) for alias in card.aliases]
    names += [(lang, name) for lang, name in card_names(card, localized).items() if lang != "en"]
    # the sources' own names find the card too, where the catalog says it otherwise, and so do
    # the names a catalog gave it before (locales/former_card_names.yaml): players learnt them
    return names + [(lang, entry[0]) for lang, entry in card.names.items()] + _former(card, localized)


def _former(card: Card, localized) -> list[tuple[str, str]]:
    """The names the catalogs gave ``card`` before, when the catalogs are read at all."""
    if localized is None:
        return []

    return former_names_of(card)


def _is_prefix(words: list[str], parts: list[str]) -> bool:
    return len(words) <= len(parts) and all(p.startswith(w) for w, p in zip(words, parts))


def _word_score(word: str, parts: list[str]) -> float:
    """How well one typed word matches the best word of a name (0 to 100)."""
    # lazy: rapidfuzz 34 ms to import, which `referee judge` does not need
    from rapidfuzz import fuzz

    best = 0.0
    for part in parts:
        if part == word:
            return 100.0
        if part.startswith(word):
            # a start of a word: the more of the word typed, the surer
            best = max(best, 90.0 + 10.0 * len(word) / len(part) if len(word) >= 2 else 60.0)
        elif len(word) >= 4:
            best = max(best, fuzz.ratio(word, part))
    return best


def score(query: str, name: str) -> float:
    """How well a folded query matches a folded name, 0 to 100 (100: the same)."""
    # lazy: rapidfuzz 34 ms to import, which `referee judge` does not need
    from rapidfuzz import fuzz

    if query == name:
        return 100.0
    whole = max(fuzz.ratio(query, name), fuzz.token_sort_ratio(query, name))
    words, parts = query.split(), name.split()
    covered = sum(_word_score(word, parts) for word in words) / len(words)
    # a part of the name: weighs less than the whole, and more the more of the name it covers
    part = covered * (PART_WEIGHT + (1 - PART_WEIGHT) * min(1.0, len(words) / len(parts)))
    return round(max(whole, part), 2)


#: (card, catalogs or not) -> every name a player may type for it, with its language, folded:
#: reading six catalogs' names for every card on every lookup cost a session's card question
#: 20 ms. The card itself is kept beside its names, so a reused id is never mistaken for it.
_NAMES: dict[tuple[int, bool], tuple[Card, list[tuple[str, str, str]]]] = {}


def _typed_names(card: Card, localized) -> list[tuple[str, str, str]]:
    key = (id(card), localized is None)
    known = _NAMES.get(key)
    if known is None or known[0] is not card:
        if len(_NAMES) > 4096:  # corpora read and dropped (a localizer's edits): start afresh
            _NAMES.clear()
        known = _NAMES[key] = (card, [(lang, name, fold(name)) for lang, name in all_names(card, localized)])
    return known[1]


def find_cards(cards, query: str, localized=None) -> list[NameMatch]:
    """The cards ``query`` may name, best first; one entry per card (its best-matching name)."""
    # lazy: rapidfuzz.distance 41 ms to import, which `referee judge` does not need
    from rapidfuzz.distance import Levenshtein

    wanted = fold(query)
    if not wanted:
        return []
    best: dict[str, NameMatch] = {}
    for card in cards:
        for lang, name, folded in _typed_names(card, localized):
            value = score(wanted, folded)
            if value < CANDIDATE_SCORE:
                continue
            current = best.get(card.id)
            distance = Levenshtein.distance(wanted, folded)
            # of two names scoring alike, the nearer one stands for the card: an alias typed
            # exactly ("Super Super Munchkin") is exact, though a part of another name scores 100 too
            if current is None or (value, -distance) > (current.score, -current.distance):
                best[card.id] = NameMatch(card, name, lang, distance, _is_prefix(wanted.split(), folded.split()), value)
    return sorted(best.values(), key=_rank)


def _rank(match: NameMatch) -> tuple:
    return (-match.score, match.distance, match.card.name)


def exact_matches(cards, query: str, localized=None) -> list[NameMatch]:
    """The cards ``query`` names exactly (case, accents and spacing aside), one match each, in
    the order :func:`find_cards` ranks them."""
    wanted = fold(query)
    found: dict[str, NameMatch] = {}
    for card in cards:
        for lang, name, folded in _typed_names(card, localized):
            if folded == wanted and card.id not in found:
                found[card.id] = NameMatch(card, name, lang, 0, True, 100.0)
    return sorted(found.values(), key=_rank)


def meant(cards, query: str, localized=None) -> tuple[NameMatch | None, list[NameMatch]]:
    """``decide(find_cards(...))``, the common case first: a name typed exactly decides as it
    would among all the scored names (:func:`decide` takes the exact ones alone), without scoring
    every name or importing rapidfuzz, which took 5 of the ms ``referee card`` costs."""
    cards = list(cards)
    exact = exact_matches(cards, query, localized) if fold(query) else []
    return decide(exact if exact else find_cards(cards, query, localized))


def decide(matches: list[NameMatch]) -> tuple[NameMatch | None, list[NameMatch]]:
    """The one card meant, or the candidates to choose from when several fit about as well."""
    if not matches:
        return None, []
    exact = [m for m in matches if m.distance == 0]
    if exact:
        return (exact[0], []) if len(exact) == 1 else (None, exact)
    top = matches[0]
    close = [m for m in matches if m.score > top.score - MARGIN]
    if top.score >= CHOSEN_SCORE and len(close) == 1:
        return top, []
    return None, close


def suggested(cards, name: str, candidates: list[NameMatch], localized=None) -> list[str]:
    """The names to offer when ``name`` decided no card: the candidates, else the cards its
    first four letters match (at most five)."""
    matches = candidates or find_cards(cards, name[:4], localized)
    return _offered([m.card for m in matches], localized)[:5]


def _offered(cards, localized=None) -> list[str]:
    """Cards offered to a player ("did you mean"), by their names in the player's language."""
    language = current_language()
    return list(dict.fromkeys(name_in(card, language, localized) for card in cards))


def lookup(cards, query: str, localized=None) -> tuple[NameMatch | None, list[NameMatch], list[str]]:
    """What a player typed in a search box for cards: the card meant, or the candidates to
    choose from, or (when nothing matched) the names close to the first half of the query."""
    cards = list(cards)
    chosen, candidates = meant(cards, query, localized)
    suggestions: list[str] = []
    if chosen is None and not candidates:
        half = find_cards(cards, query[: max(3, len(query) // 2)], localized)
        suggestions = _offered([m.card for m in half], localized)[:5]
    return chosen, candidates, suggestions


def listed(cards, card_type: str | None = None, game: str | None = None) -> list[Card]:
    """The cards of a type and game (each filter optional), by type and then name."""
    return sorted((c for c in cards if (card_type is None or c.type == card_type) and (game is None or c.game == game)),
                  key=lambda c: (CARD_TYPES.index(c.type), c.name))


def card_resolver(cards, localized=None, names=None):
    """A ``card:`` resolver for situation files: name -> (record or None, suggestions).
    ``names``: a function giving the cards' :func:`name_table` where the caller keeps one (the
    corpus's, keyed by its files: keying the table by every card's names costs 1 ms)."""
    cards = list(cards)
    #: name -> (card or None, suggestions): a session or a server meets the same names again,
    #: and a name that is no card costs a fuzzy pass over every name of every card
    known: dict[str, tuple] = {}

    def resolve(name: str, exact_only: bool = False):
        if exact_only:
            # "is this name a card's own?" (a monster named in a situation): the name table
            # alone, never the fuzzy pass over every name that a name no card has would cost
            card = _exact(name)
            return (resolved(card, True) if card is not None else None), []
        if name not in known:
            known[name] = _resolve(name)
        card, suggestions, exact = known[name]
        return (resolved(card, exact) if card is not None else None), list(suggestions)

    table: list[dict] = []  # every card name, folded: read once, on the first name resolved

    def _exact(name: str):
        if not table:
            table.append(names() if names is not None else name_table(cards, localized))
        return table[0].get(fold(name)) if fold(name) else None

    def _resolve(name: str):
        exact = _exact(name)
        if exact is not None:  # the name as a card has it: no fuzzy scoring
            return exact, (), True
        chosen, candidates = meant(cards, name, localized)
        if chosen is not None:
            return chosen.card, (), False
        return None, tuple(suggested(cards, name, candidates, localized)), False

    def resolved(card: Card, exact: bool) -> dict:
        # exact: the name is the card's own in some language (not a typo of it), so a player's
        # item named so is that card
        return {"name": card.name, "id": card.id, "facts": card.facts, "type": card.type, "exact": exact,
                "folded_names": [fold(n) for n in (card.name, *card.aliases)]}

    return resolve


def exact_cards(cards, names, localized=None, by_name: dict | None = None) -> list[Card]:
    """The cards whose name in some language is exactly one of ``names`` (folded), in the
    order the names come, each card once (``by_name``: the cards' :func:`name_table`, when the
    caller keeps one)."""
    wanted = [fold(name) for name in names]
    if not any(wanted):
        return []
    if by_name is None:
        by_name = name_table(cards, localized)
    out: list[Card] = []
    for key in wanted:
        card = by_name.get(key)
        if card is not None and card not in out:
            out.append(card)
    return out


#: id(corpus) -> (that corpus, its name table): a judge asks "which of these names are cards?"
#: every time, and building the table (or even reading it from the cache, with a stat of every
#: catalog) cost a whole in-process judge more than the judging did
_CORPUS_TABLES: dict[int, tuple[object, dict]] = {}


def corpus_name_table(corpus) -> dict[str, Card]:
    """:func:`name_table` of the corpus's cards with the catalogs' names, made once per corpus."""
    known = _CORPUS_TABLES.get(id(corpus))
    if known is None or known[0] is not corpus:
        if len(_CORPUS_TABLES) >= 8:  # corpora read and dropped (a localizer's edits): start afresh
            _CORPUS_TABLES.clear()
        known = _CORPUS_TABLES[id(corpus)] = (corpus, name_table(corpus.cards.values(), localizer(),
                                                                  getattr(corpus, "content_key", None)))
    return known[1]


def name_table(cards, localized=None, content_key: str | None = None) -> dict[str, Card]:
    """Every name of every card (English, aliases, the sources', the catalogs'), folded -> card.

    Building it reads the card names of all six catalogs, which costs more than judging a
    situation does; the table is kept in the user cache, keyed by the cards and the compiled
    catalogs, so a command that only asks "is this a card?" pays a small file read.
    ``content_key``: the key of the corpus files the cards were read from, which stands for them.
    """
    cards = list(cards)
    key = _name_table_key(cards, content_key) if localized is not None else None
    cached = _read_name_table(key) if key else None
    by_id = {card.id: card for card in cards}
    if cached is not None and all(card_id in by_id for card_id in cached.values()):
        return {name: by_id[card_id] for name, card_id in cached.items()}
    table: dict[str, Card] = {}
    for card in cards:
        # the sources' own names too, where the catalog names the card otherwise (ઝનુન, the Elf)
        for name in (card.name, *card.aliases, *card_names(card, localized).values(),
                     *(entry[0] for entry in card.names.values()), *(n for _, n in _former(card, localized))):
            table.setdefault(fold(name), card)
    if key:
        _write_name_table(key, {name: card.id for name, card in table.items()})
    return table


#: what a name table holds; a table kept in the cache by an older recipe is not read
NAME_TABLE_VERSION = 2


def _name_table_key(cards, content_key: str | None = None) -> str | None:
    """Cards and compiled catalogs, by content and file identity (a stat, not a read). The cards
    of a corpus read through the cache are known by its files' key: writing out every card's
    names to key them cost a question half a millisecond."""
    try:
        stats = catalog_stats()
    except OSError:
        return None

    known = content_key or [(c.id, c.name, c.aliases, sorted(c.names.items())) for c in cards]
    text = repr((NAME_TABLE_VERSION, sys.implementation.cache_tag, stats, former_names_key(), known))
    return f"{zlib.crc32(text.encode()):08x}{zlib.adler32(text.encode()):08x}"


def _read_name_table(key: str) -> dict | None:
    try:
        raw = read_entry(cache_dir() / f"cardnames-{key}.marshal")
        data = marshal.loads(raw) if raw is not None else None
    except (ValueError, EOFError, TypeError):  # marshal's own format (see cache.kept_data)
        return None
    return data if isinstance(data, dict) else None


def _write_name_table(key: str, data: dict) -> None:
    try:
        write_checked(cache_dir() / f"cardnames-{key}.marshal", marshal.dumps(data))
    except (OSError, ValueError):
        pass  # an unwritable cache only costs speed
