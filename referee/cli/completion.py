"""What the shell completes: languages, games, kinds, topics, clause ids and card names.

Typer calls these with the word typed so far (``referee --install-completion`` sets the shell
up for bash, zsh or fish). They read the corpus the way every command does — from the shipped
or cached pickle, a few milliseconds — and never fail: a broken corpus completes nothing.
"""

from __future__ import annotations

from pathlib import Path

#: at most this many candidates: a shell shows a screenful at a time anyway
LIMIT = 200


def _matching(words, incomplete: str) -> list[str]:
    typed = incomplete.casefold()
    return [word for word in words if word.casefold().startswith(typed)][:LIMIT]


def languages(incomplete: str) -> list[str]:
    # lazy: the list of languages is read (the digest memo, 2-3 ms) only when completing, not when
    # `referee --help` or a command declares the option
    from referee.i18n.languages import LANGUAGES

    return _matching(LANGUAGES, incomplete)


def games(incomplete: str) -> list[str]:
    from referee.corpus.schema import GAMES  # lazy: +0.5 ms at start-up if imported with the module

    return _matching(GAMES, incomplete)


def kinds(incomplete: str) -> list[str]:
    from referee.corpus.schema import KINDS  # lazy: +0.5 ms at start-up if imported with the module

    return _matching(KINDS, incomplete)


def _corpus():
    try:
        from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module

        return load_corpus()
    except Exception:  # completion must never print a traceback into the shell
        return None


def topics(incomplete: str) -> list[str]:
    corpus = _corpus()
    return _matching([*corpus.topics, *corpus.tags], incomplete) if corpus else []


def clause_ids(incomplete: str) -> list[str]:
    corpus = _corpus()
    return _matching(list(corpus.clauses), incomplete) if corpus else []


def card_names(incomplete: str) -> list[str]:
    """Card names in every language that start with what was typed, case and accents aside.

    Each is given with the typed part as typed ("cink" → "cinkelt kocka"): typer keeps only
    candidates that start with the exact text typed, and a card is found however it is cased.
    """
    corpus = _corpus()
    if corpus is None:
        return []
    from referee.cards import all_names  # lazy: +5.2 ms at start-up if imported with the module
    from referee.cards import localizer  # lazy: +5.2 ms at start-up if imported with the module
    from referee.corpus.cards import fold  # lazy: +1.3 ms at start-up if imported with the module

    typed, size, localized = fold(incomplete), len(incomplete), localizer()
    names = dict.fromkeys(incomplete + name[size:] for card in corpus.cards.values()
                          for _, name in all_names(card, localized) if fold(name[:size]) == typed)
    return list(names)[:LIMIT]


def situation_files(incomplete: str) -> list[str]:
    """``-`` and the YAML and JSON files beside what was typed."""
    folder = Path(incomplete).parent if incomplete else Path(".")
    try:
        found = sorted(str(p) if str(folder) != "." else p.name for p in folder.iterdir()
                       if p.suffix in (".yaml", ".yml", ".json") or p.is_dir())
    except OSError:
        found = []
    return _matching(["-", *found], incomplete)


def card_types(incomplete: str) -> list[str]:
    from referee.corpus.cards import CARD_TYPES  # lazy: +1.3 ms at start-up if imported with the module

    return _matching(CARD_TYPES, incomplete)
