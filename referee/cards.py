"""Finding a card by the name a player types, in any language, typos forgiven.

Every name a card has — English, its aliases, the names the source texts give, and the names in
the translation catalogs — is folded (case, spacing, Latin accents) and compared with the
query: an exact name wins, then the closest by edit distance, then names the query starts.
"""

from __future__ import annotations

from typing import NamedTuple

from referee import LANGUAGES
from referee.corpus.cards import Card, fold


class NameMatch(NamedTuple):
    card: Card
    name: str       # the name that matched, as written
    lang: str       # the language of that name ("en" for English names and aliases)
    distance: int   # edits between the folded query and the folded name (0: exact)
    prefix: bool    # the query is the start of the name (or of each of its words)


def card_names(card: Card, localized=None) -> dict[str, str]:
    """The card's name in each language: a source's name, else the catalog's, else English."""
    names = {"en": card.name}
    for language in LANGUAGES:
        if language == "en":
            continue
        if language in card.names:
            names[language] = card.names[language][0]
        elif localized is not None:
            names[language] = localized(language, card)
    return names


def distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, giving up (returning ``limit + 1``) once it must exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other)))
        if min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def allowed_edits(query: str) -> int:
    """Typos forgiven: one in a short name, two in a longer one (one per word, roughly)."""
    return 1 if len(query) <= 6 else 2 if len(query) <= 14 else 3


def _is_prefix(query: str, name: str) -> bool:
    if name.startswith(query):
        return True
    words, parts = query.split(), name.split()
    return len(words) <= len(parts) and all(p.startswith(w) for w, p in zip(words, parts))


def find_cards(cards, query: str, localized=None) -> list[NameMatch]:
    """The cards ``query`` may name, best first; one entry per card."""
    wanted = fold(query)
    if not wanted:
        return []
    limit = allowed_edits(wanted)
    best: dict[str, NameMatch] = {}
    for card in cards:
        names = [("en", card.name)] + [("en", alias) for alias in card.aliases]
        names += [(lang, name) for lang, name in card_names(card, localized).items() if lang != "en"]
        for lang, name in names:
            folded = fold(name)
            edits = distance(wanted, folded, limit)
            prefix = _is_prefix(wanted, folded)
            if edits > limit and not prefix:
                continue
            match = NameMatch(card, name, lang, edits, prefix)
            current = best.get(card.id)
            if current is None or _rank(match) < _rank(current):
                best[card.id] = match
    return sorted(best.values(), key=_rank)


def _rank(match: NameMatch) -> tuple:
    return (match.distance if match.distance <= 3 else 9, not match.prefix, match.card.name)


def decide(matches: list[NameMatch]) -> tuple[NameMatch | None, list[NameMatch]]:
    """The one card meant, or the candidates to choose from when several fit equally well."""
    if not matches:
        return None, []
    top = matches[0]
    if top.distance == 0:
        exact = [m for m in matches if m.distance == 0]
        return (top, []) if len(exact) == 1 else (None, exact)
    tied = [m for m in matches if _rank(m)[:2] == _rank(top)[:2]]
    return (top, []) if len(tied) == 1 else (None, tied)


def card_resolver(cards, localized=None):
    """A ``card:`` resolver for situation files: name -> (record or None, suggestions)."""
    cards = list(cards)

    def resolve(name: str):
        chosen, candidates = decide(find_cards(cards, name, localized))
        if chosen is not None:
            card = chosen.card
            return {"name": card.name, "facts": card.facts, "type": card.type,
                    "folded_names": [fold(n) for n in (card.name, *card.aliases)]}, []
        suggestions = [m.card.name for m in candidates] or [m.card.name for m in find_cards(cards, name[:4], localized)]
        return None, suggestions[:5]

    return resolve


def localizer():
    """Card names from the catalogs (``card:<id>`` in the rules domain), one catalog per
    language, each read on first use."""
    from referee.i18n.catalogs import RuleText

    texts = {}

    def localized(language: str, card: Card) -> str:
        if language not in texts:
            texts[language] = RuleText(language)
        return texts[language](f"card:{card.id}", card.name)

    return localized


def exact_cards(cards, names, localized=None) -> list[Card]:
    """The cards whose name in some language is exactly one of ``names`` (folded), in the
    order the names come, each card once."""
    wanted = [fold(name) for name in names]
    if not any(wanted):
        return []
    by_name = name_table(cards, localized)
    out: list[Card] = []
    for key in wanted:
        card = by_name.get(key)
        if card is not None and card not in out:
            out.append(card)
    return out


def name_table(cards, localized=None) -> dict[str, Card]:
    """Every name of every card (English, aliases, the sources', the catalogs'), folded -> card.

    Building it reads the card names of all six catalogs, which costs more than judging a
    situation does; the table is kept in the user cache, keyed by the cards and the compiled
    catalogs, so a command that only asks "is this a card?" pays a small file read.
    """
    cards = list(cards)
    key = _name_table_key(cards) if localized is not None else None
    cached = _read_name_table(key) if key else None
    by_id = {card.id: card for card in cards}
    if cached is not None and all(card_id in by_id for card_id in cached.values()):
        return {name: by_id[card_id] for name, card_id in cached.items()}
    table: dict[str, Card] = {}
    for card in cards:
        for name in (card.name, *card.aliases, *card_names(card, localized).values()):
            table.setdefault(fold(name), card)
    if key:
        _write_name_table(key, {name: card.id for name, card in table.items()})
    return table


def _name_table_key(cards) -> str | None:
    """Cards and compiled catalogs, by content and file identity (a stat, not a read)."""
    import zlib

    from referee.data import locales_dir

    try:
        stats = sorted((str(p), p.stat().st_size, p.stat().st_mtime_ns)
                       for p in locales_dir().glob("*/LC_MESSAGES/rules.mo"))
    except OSError:
        return None
    text = repr((stats, [(c.id, c.name, c.aliases, sorted(c.names.items())) for c in cards]))
    return f"{zlib.crc32(text.encode()):08x}{zlib.adler32(text.encode()):08x}"


def _read_name_table(key: str) -> dict | None:
    import json

    from referee.cache import cache_dir

    try:
        data = json.loads((cache_dir() / f"cardnames-{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_name_table(key: str, data: dict) -> None:
    import json

    from referee.cache import cache_dir, write_atomic

    try:
        write_atomic(cache_dir() / f"cardnames-{key}.json", json.dumps(data, ensure_ascii=False).encode("utf-8"))
    except OSError:
        pass  # an unwritable cache only costs speed
