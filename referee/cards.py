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
        # the sources' own names find the card too, where the catalog says it otherwise
        names += [(lang, entry[0]) for lang, entry in card.names.items()]
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
            return {"name": chosen.card.name, "facts": chosen.card.facts}, []
        suggestions = [m.card.name for m in candidates] or [m.card.name for m in find_cards(cards, name[:4], localized)]
        return None, suggestions[:5]

    return resolve
