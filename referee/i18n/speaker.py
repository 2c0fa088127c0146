"""Rendering a note or a figure for a reader: the CLI catalog with its plural forms, and values
(numbers, lists, codes, card names) written the way the reader's language writes them.

The command line's text, the JSON shapes' notes and the server's pages all render the engine's
messages through one :class:`Speaker`.
"""

from __future__ import annotations

from referee.i18n import words
from referee.i18n.catalogs import (CLI_DOMAIN, FALLBACK_MARK, SOURCE, N_, RuleText, current_language, speaking,
                                   translations)
from referee.message import Alternatives, Phrase


#: the name a question gives a monster it was not told (referee.questions.SOME_MONSTER)
UNNAMED_MONSTER = "Monster"


class Speaker:
    """What a note or a figure is rendered with: the CLI catalog with its plural forms, and the
    values — numbers, lists, codes, card names — written the way ``language`` writes them."""

    def __init__(self, corpus, language: str):
        self.language = language
        self._catalog = translations(language, CLI_DOMAIN)  # its own language, whatever the context speaks
        self._races = words.card_words(corpus, language) if corpus is not None else None
        self._corpus = corpus
        self._cards: dict[str, str] | None = None  # made on the first card name a note shows

    def __call__(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self._catalog.ngettext(singular, plural, count)

    def has(self, message) -> bool:
        """Is this note's template translated (the text is then in this language, not English)?"""
        template = message.template
        return (self.language == SOURCE or self._catalog.has(template)
                or self._catalog.has_plural(template))

    def word(self, vocabulary: str, code) -> str:
        # the vocabularies' words are messages of the current language: this speaker's, for the call
        with speaking(self.language):
            return words.word(vocabulary, str(code), self._races)

    def card(self, name: str) -> str:
        """An English card name as this language's card catalog gives it (other names unchanged)."""
        if self.language == "en" or self._corpus is None:
            return name
        if name == UNNAMED_MONSTER:  # the monster a question names none for (referee.questions)
            return self(N_("monster"))
        if self._cards is None:
            self._cards = card_names(self._corpus, self.language)
        return self._cards.get(name, name)

    def clause(self, clause_id: str) -> str:
        """A clause named for a reader: its title in this language, with its id cited as a reason
        cites it ("Epic Human: His Master's Voice [epic.human-pet]"); an unknown id as it is."""
        clause = self._corpus.clauses.get(clause_id) if self._corpus is not None else None
        if clause is None:
            return clause_id
        return f"{RuleText(self.language).marked(clause_id, clause.title)} [{clause_id}]"

    def format_value(self, value, name: str | None = None):
        # lazy: referee.i18n.formatting 3 ms to import, which `referee --help` does not need
        from referee.i18n.formatting import format_list, format_number

        if isinstance(value, Phrase):
            return value.message.render(self)
        vocabulary = words.VALUE_OF_PLACEHOLDER.get(name or "")
        if isinstance(value, (list, tuple)):
            shown = [self.format_value(v, name) for v in value]
            return format_list(shown, self.language, "or" if isinstance(value, Alternatives) else "standard")
        if isinstance(value, bool):
            return self(N_("yes")) if value else self(N_("no"))
        if isinstance(value, int) and name in words.IDENTIFIER_PLACEHOLDERS:
            return str(value)
        if isinstance(value, (int, float)):
            return format_number(value, self.language)
        if isinstance(value, str):
            if (vocabulary or name in words.CARD_PLACEHOLDERS) and ", " in value:
                # several codes or names the engine joined into one value: each in the language
                return ", ".join(self.format_value(part, name) for part in value.split(", "))
            if vocabulary:
                return self.word(vocabulary, value)
            if name in words.CARD_PLACEHOLDERS:
                return self.card(value)
            if name == "monsters" or value == UNNAMED_MONSTER:  # names the engine may have joined
                return format_list([self.card(v) for v in value.split(", ")], self.language)
        return value

    def note(self, message) -> str:
        """A note for a person: in this language, or in English marked :data:`FALLBACK_MARK`."""
        text = message.render(self)
        return text if self.language == "en" or self.has(message) else f"{FALLBACK_MARK} {text}"


def error_text(error, corpus=None, language: str | None = None) -> str:
    """An error (:class:`referee.errors.RefereeError`) for a person, in ``language`` (default: the
    current one), its values written as a verdict's are: a game, a phase or a race in the
    language's words, numbers as the language writes them; ``corpus`` gives race and class words
    (without it they stay codes)."""
    return error.render(Speaker(corpus, language or current_language()))


def card_names(corpus, language: str) -> dict[str, str]:
    """English card name -> the card's name in ``language`` (what ``referee card`` shows)."""
    # lazy: referee.i18n.cardnames 0.4 ms to import, which `referee judge` in English does not need
    from referee.i18n.cardnames import localizer, name_in

    localized = localizer()
    return {card.name: name_in(card, language, localized) for card in corpus.cards.values()}
