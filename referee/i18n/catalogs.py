"""The compiled gettext catalogs, and the one switch that chooses the language.

Two domains: ``rules`` (clause titles, texts, notes; the context is the clause id) and
``referee`` (what the CLI itself prints, the engine's reason notes, ``--help``). Compiled
``.mo`` files are what runs; the standard library's gettext reads them.

The language is not the process's: :func:`use_language` sets it for the current context (a
:class:`contextvars.ContextVar`), so a command line, or a web request (each runs in a context of
its own), speaks its own language however many others are being answered meanwhile; nothing is
written to ``os.environ`` or gettext's global domain. Typer and click look their own words
("Usage:", "Options") up with gettext's global functions, imported into their modules:
:func:`translate_parser` points those names at :data:`_` once, so one catalog translates the
whole screen in the context's language.

A language in progress runs with gaps: an entry its catalog lacks is shown in English. Texts
(clause texts, reason notes) say so — :data:`FALLBACK_MARK` in text output, the ``langs`` of a
JSON object — so a reader knows an English paragraph is not a mistake; the words of the screen
(headings, labels) fall back without a mark.
"""

from __future__ import annotations

import gettext
import marshal
import sys
import zlib
from contextvars import ContextVar
from functools import lru_cache

from referee.cache import cache_dir, file_stamp, read_entry, write_checked
from referee.data import locales_dir
from referee.version import __version__

#: the gettext domains: clause texts, and what the CLI itself prints
RULES_DOMAIN = "rules"
CLI_DOMAIN = "referee"
#: what precedes a text shown in English because its language has no translation of it yet
FALLBACK_MARK = "[en]"
SOURCE = "en"


class Catalog(gettext.GNUTranslations):
    """A compiled catalog that can also say whether it holds a message."""

    def has(self, msgid: str, context: str | None = None) -> bool:
        return (f"{context}\x04{msgid}" if context else msgid) in self._catalog

    def has_plural(self, singular: str) -> bool:
        # Babel compiles an untranslated plural message as its English forms: that is no translation
        first = self._catalog.get((singular, 0))
        return first is not None and first != singular


class NoCatalog(gettext.NullTranslations):
    """No catalog at all (English, or a language without this domain): it holds nothing."""

    def has(self, msgid: str, context: str | None = None) -> bool:
        return False

    def has_plural(self, singular: str) -> bool:
        return False


#: the language spoken in this context, and its catalog of the ``referee`` domain
_speaking: ContextVar[tuple[str, gettext.NullTranslations]] = ContextVar("referee_language",
                                                                        default=(SOURCE, NoCatalog()))


@lru_cache(maxsize=None)
def _translations(language: str, domain: str, root: str) -> gettext.NullTranslations:
    if language == SOURCE:
        return NoCatalog()
    found = gettext.find(domain, root, languages=[language])
    if not found:
        return NoCatalog()
    return _kept_catalog(found)


#: what a kept catalog holds; a file made by an older recipe is not read
_KEPT_VERSION = 1


def _kept_catalog(path: str) -> Catalog:
    """The compiled catalog at ``path``, from a copy in the user cache (marshal data, checksummed)
    while the file is unchanged: gettext parses a catalog in Python, 3 ms for each of a language's
    two, paid by every command in a language other than English (``--help`` included); the
    copy reads in a fifth of that."""
    stamp = file_stamp(path)  # None: missing, or compiled a moment ago (read it, keep nothing)
    target = None
    if stamp is not None:
        text = repr((_KEPT_VERSION, __version__, sys.version_info[:2], stamp)).encode()
        target = cache_dir() / f"catalog-{zlib.crc32(text):08x}{zlib.adler32(text):08x}.marshal"
    data = read_entry(target) if target is not None else None
    if data is not None:
        try:
            entries, info, charset, plural = marshal.loads(data)
            catalog = Catalog()
            catalog._catalog, catalog._info, catalog._charset = entries, info, charset
            if plural is not None:
                catalog.plural = gettext.c2py(plural)
            return catalog
        except Exception:  # a copy of another shape: read the catalog itself
            pass
    with open(path, "rb") as handle:
        catalog = Catalog(handle)
    if target is not None:
        forms = catalog._info.get("plural-forms", "")
        plural = forms.split(";")[1].split("plural=")[1] if "plural=" in forms else None
        try:
            write_checked(target, marshal.dumps((catalog._catalog, catalog._info, catalog._charset, plural)))
        except (OSError, ValueError):
            pass  # an unwritable cache (or a value marshal cannot keep) only costs speed
    return catalog


def translations(language: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``language`` (English: no translation)."""
    return _translations(language, domain, str(locales_dir()))


def use_language(language: str) -> None:
    """Speak ``language`` from now on in this context (a command line, a web request): CLI
    messages, help texts and the parser's own words."""
    _speaking.set((language, translations(language, CLI_DOMAIN)))


class speaking:
    """``with speaking(language):`` — speak ``language`` in this context until the block ends."""

    def __init__(self, language: str):
        self.language = language

    def __enter__(self):
        self._token = _speaking.set((self.language, translations(self.language, CLI_DOMAIN)))
        return self

    def __exit__(self, *exc) -> None:
        _speaking.reset(self._token)


def current_language() -> str:
    return _speaking.get()[0]


def _current() -> gettext.NullTranslations:
    return _speaking.get()[1]


#: the packages whose modules say their own words through gettext's global functions
PARSER_PACKAGES = ("typer", "click")


def translate_parser() -> None:
    """Point the parser's gettext names at this module's context-aware ones, in every module of
    typer (and click) imported so far: its words are then said in the language of the context,
    not of the process."""
    for name, module in list(sys.modules.items()):
        if module is None or name.partition(".")[0] not in PARSER_PACKAGES:
            continue
        if getattr(module, "_", None) is gettext.gettext:
            module._ = _
        if getattr(module, "ngettext", None) is gettext.ngettext:
            module.ngettext = ngettext


class _Speaker:
    """``_``: a CLI message in the current language; ``_.ngettext`` for a message with a count.

    A :class:`~referee.message.Message` rendered with it picks its plural form through
    :meth:`ngettext`.
    """

    def __call__(self, message: str) -> str:
        return _current().gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return _current().ngettext(singular, plural, count)

    def has(self, message: str) -> bool:
        """Is ``message`` translated into the current language (always, in English)?"""
        language, catalog = _speaking.get()
        return language == SOURCE or catalog.has(message) or catalog.has_plural(message)


class _NoteSpeaker(_Speaker):
    """What reason notes are rendered with: ``_`` that also formats their numbers and lists in the
    current language (1.000 Gold, „Anna und Bob“) — the engine hands over plain values."""

    def format_value(self, value):
        # lazy: referee.i18n.formatting 14 ms to import, which `referee --help` does not need
        from referee.i18n.formatting import format_value

        return format_value(value, current_language())


_ = _Speaker()
notes = _NoteSpeaker()


def ngettext(singular: str, plural: str, count: int) -> str:
    """A CLI message with a count, in the plural form the current language uses for ``count``."""
    return _current().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """A CLI message with a context (``msgctxt``) in the current language."""
    return _current().pgettext(context, message)


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

    def language_of(self, context: str, english: str | None) -> str:
        """The language the text is shown in: this one, or English where it has no translation."""
        if self.language == SOURCE or not english:
            return self.language
        return self.language if self._catalog.has(" ".join(english.split()), context) else SOURCE

    def marked(self, context: str, english: str | None) -> str | None:
        """The text for a person: marked :data:`FALLBACK_MARK` when shown in English instead."""
        text = self(context, english)
        if text and self.language_of(context, english) != self.language:
            return f"{FALLBACK_MARK} {text}"
        return text

    def topic(self, name: str, english: str) -> str:
        return self(f"topic:{name}", english)

    def tag(self, name: str) -> str:
        """A tag of the topic vocabulary ("bad-stuff") in words ("Bad Stuff" in English)."""
        # lazy: referee.i18n.messages 36 ms to import, which `referee judge` does not need
        from referee.i18n.messages import tag_words

        return self(f"tag:{name}", tag_words(name))
