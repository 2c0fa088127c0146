"""The catalog checks' shortcuts find what their plain definitions find.

``referee i18n check`` answers its questions the cheap way (a substring test before a search, a
merge worked out instead of a copied catalog updated, one pattern compiled once instead of one
per name); each property here sets the shortcut against the plain definition it stands for, on
generated texts and catalogs, so a shortcut that drifts fails here before a localizer misses a
finding.
"""

from __future__ import annotations

import copy
import os
import re

from babel.messages.catalog import Catalog
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.i18n import cardnames, checks

#: examples per property: enough for the small alphabet below on every run; REFEREE_EXAMPLES
#: (as in tests/test_properties.py) asks for a longer hunt
_EXAMPLES = max(500, int(os.environ.get("REFEREE_EXAMPLES", "500")))

#: letters where the shortcuts could go wrong: case, Gujarati signs, combining marks, punctuation
_LETTERS = st.sampled_from(list("abeAB -,.()_1") + ["\u0301", "\u0a95", "\u0abe", "\u0acd", "\u0a80", "ä", "ſ",
                                                    "\u212a", "İ"])
_TEXTS = st.text(_LETTERS, max_size=14)


def _names_card(text: str, name: str) -> bool:
    """The plain definition: one pattern of the name's stems, searched in the lowercased text."""
    words = cardnames._WORD.findall(name.lower())
    if not words:
        return False
    pattern = cardnames._BEFORE + cardnames._BETWEEN.join(re.escape(cardnames._stem(word)) + cardnames._LETTERS
                                                          for word in words)
    return re.search(pattern, text.lower()) is not None


@settings(max_examples=_EXAMPLES, deadline=None)
@given(_TEXTS, st.text(_LETTERS, max_size=9))
def test_a_card_name_is_found_as_its_pattern_finds_it(text, name):
    assert cardnames.names_card(text, name) == _names_card(text, name)


@settings(max_examples=_EXAMPLES, deadline=None)
@given(_TEXTS, st.text(_LETTERS, max_size=6))
def test_a_former_name_is_found_as_its_pattern_finds_it(text, name):
    plain = re.search(cardnames._BEFORE + re.escape(name.lower()), text.lower()) is not None
    assert cardnames._names_word(text.lower(), name) == plain


def _glossary_misses(language: str, msgid: str, msgstr: str) -> list[str]:
    """The plain definition: every term's pattern searched, every accepted form searched."""
    terms, exact = checks.glossary()
    msgid = re.sub(r"\{[^{}]*\}|\b[A-Z][A-Z_]+\b|\(\?[^()]*\)", " ", checks._NOT_PROSE.sub(" ", msgid))
    misses = []
    for term, forms in terms.items():
        accepted = forms.get(language)
        english = forms.get("match") or r"\b" + re.escape(term) + r"(?:s|es)?\b"
        if accepted and re.search(english, msgid, 0 if term in exact else re.IGNORECASE):
            if not any(re.search(r"(?<!\w)" + re.escape(form.lower()), msgstr.lower()) for form in accepted):
                misses.append(term)
    return misses


def _words():
    terms, _ = checks.glossary()
    english = [*terms, "big", "BIG", "die", "Dice", "turn", "levels", "{level}", "`Level`", "LEVEL", "(?q=Curse)"]
    forms = [form for entry in terms.values() for language, values in entry.items() if language != "match"
             for form in values]
    return english, forms


_ENGLISH, _FORMS = _words()


@settings(max_examples=_EXAMPLES, deadline=None)
@given(st.sampled_from(["nl", "hu", "es", "gu", "de"]),
       st.lists(st.one_of(st.sampled_from(_ENGLISH), st.text(_LETTERS, max_size=3)), max_size=6),
       st.lists(st.one_of(st.sampled_from(_FORMS), st.text(_LETTERS, max_size=3)), max_size=4))
def test_glossary_misses_are_those_of_every_pattern_searched(language, english, translated):
    msgid, msgstr = " ".join(english), " ".join(translated)
    assert checks.glossary_misses(language, msgid, msgstr) == _glossary_misses(language, msgid, msgstr)


_IDS = st.sampled_from(["card", "level", "monster", "turn"])
_MESSAGE = st.tuples(
    _IDS,                                              # msgid
    st.booleans(),                                     # plural
    st.sampled_from([None, "combat.ties", "card:x"]),  # msgctxt
    st.sampled_from(["", "egy", "kettő"]),             # translation (each form)
    st.integers(1, 3),                                 # how many plural forms the catalog has
    st.sets(st.sampled_from(["fuzzy", "python-brace-format", "no-wrap"]), max_size=2))


def _catalog(messages, locale: str | None) -> Catalog:
    catalog = Catalog(locale=locale)
    for msgid, plural, context, string, forms, flags in messages:
        ids = (msgid, msgid + "s") if plural else msgid
        strings = tuple([string] * forms) if plural else string
        catalog.add(ids, strings if locale else ("", "") if plural else "", context=context, flags=flags)
    return catalog


@settings(max_examples=_EXAMPLES // 3, deadline=None)
@given(st.lists(_MESSAGE, max_size=6), st.lists(_MESSAGE, max_size=6))
def test_a_catalog_is_stale_exactly_when_babels_update_changes_it(template_messages, catalog_messages):
    template = _catalog(template_messages, None)
    catalog = _catalog(catalog_messages, "hu")
    updated = copy.deepcopy(catalog)
    updated.update(template, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
    assert checks.stale_catalog(catalog, template) == (checks.content(updated) != checks.content(catalog))
    shortcut = checks._updated_content(catalog, template)
    assert shortcut is None or shortcut == checks.content(updated)
