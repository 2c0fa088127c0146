"""The compiled gettext catalogs, and the one switch that chooses the language.

Two domains: ``rules`` (clause titles, texts, notes; the context is the clause id) and
``referee`` (what the CLI itself prints, the engine's reason notes, ``--help``). Compiled
``.mo`` files are what runs; the standard library's gettext reads them.

Typer and click look their own words ("Usage:", "Options") up through the global gettext
domain, so :func:`use_language` points that domain at ``referee`` too: one catalog translates
the whole screen.
"""

from __future__ import annotations

import gettext
import os
from functools import lru_cache

from referee.data import locales_dir

#: the gettext domains: clause texts, and what the CLI itself prints
RULES_DOMAIN = "rules"
CLI_DOMAIN = "referee"

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


@lru_cache(maxsize=None)
def translations(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (English: no translation)."""
    if language == "en":
        return gettext.NullTranslations()
    return gettext.translation(domain, str(locales_dir()), languages=[language], fallback=True)


def use_language(language: str) -> None:
    """Speak ``language`` from now on: CLI messages, help texts and the parser's own words."""
    global _current, _language
    _language = language
    _current = translations(language, CLI_DOMAIN)
    os.environ["LANGUAGE"] = language
    gettext.bindtextdomain(CLI_DOMAIN, str(locales_dir()))
    gettext.textdomain(CLI_DOMAIN)


def current_language() -> str:
    return _language


def _(message: str) -> str:
    """Translate a CLI message into the current language."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a CLI message for ``count``, by the current language's plural rule."""
    return _current.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it yet (it is translated when shown)."""
    return message


class RuleText:
    """Clause texts in one language, falling back to the English canonical text."""

    def __init__(self, language: str):
        self.language = language
        self._catalog = translations(language, RULES_DOMAIN)

    def __call__(self, context: str, english: str | None) -> str | None:
        if not english:
            return english
        msgid = " ".join(english.split())  # the catalog holds texts with white space folded
        return self._catalog.pgettext(context, msgid)

    def topic(self, name: str, english: str) -> str:
        return self(f"topic:{name}", english)
