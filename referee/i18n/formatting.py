"""Numbers, lists and shares written the way each language writes them, from Babel's locale data.

1000 is "1,000" in English, "1.000" in German, Spanish and Dutch, "1 000" in Hungarian and
"1,000" in Gujarati (Indian grouping from 1,00,000); a list of names is "Anna and Bob", "Anna
und Bob", "Anna és Bob". Whole numbers and lists use the patterns :mod:`referee.i18n.patterns`
keeps from Babel (importing Babel would cost more than judging); anything else, and any locale
whose patterns do not reproduce Babel, is formatted by Babel itself, imported on first use.
"""

from __future__ import annotations

from functools import lru_cache

from referee.i18n.patterns import display_name, facts_for, format_fixed, format_int, join_list


@lru_cache(maxsize=None)
def _locale(language: str):
    # lazy: babel 12 ms to import, which `referee judge` does not need
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language)
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def format_number(number, language: str) -> str:
    if isinstance(number, int):  # whole numbers, the common case, from the cached patterns
        facts = facts_for(language, _locale)
        if facts is not None:
            return format_int(number, facts)
    # lazy: babel.numbers 22 ms to import, which `referee judge` does not need
    from babel.numbers import format_decimal

    return format_decimal(number, locale=_locale(language))


def format_decimal(number, language: str, digits: int | None = None) -> str:
    """A number with decimals as the language writes it: 2.3 is "2.3" in English and Gujarati,
    "2,3" in Dutch, Hungarian, Spanish and German. ``digits`` fixes how many decimals are shown
    (1 gives "2,0" for 2); without it, up to three, and none for a whole number ("30")."""
    if digits is not None:  # a fixed number of decimals, from the cached patterns
        facts = facts_for(language, _locale)
        if facts is not None and facts.get("decimal") is not None:
            shown = format_fixed(number, digits, facts)
            if shown is not None:
                return shown
    # lazy: babel.numbers 22 ms to import, which `referee judge` does not need
    from babel.numbers import format_decimal as babel_decimal

    if digits is None:
        return babel_decimal(number, locale=_locale(language))
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return babel_decimal(number, format=pattern, locale=_locale(language))


def format_list(items, language: str, style: str = "standard") -> str:
    """``items`` (strings) joined as the language joins a list ("A, B and C")."""
    items = [str(item) for item in items]
    if not items:
        return ""
    facts = facts_for(language, _locale)
    if facts is not None and style in facts["lists"]:
        return join_list(items, facts["lists"][style])
    # lazy: babel.lists 17 ms to import, which `referee judge` does not need
    from babel.lists import format_list as babel_list

    return babel_list(items, style=style, locale=_locale(language))


def language_display_name(code: str, reader: str) -> str:
    """``code``'s name in ``reader``'s language, from the kept patterns, else from Babel."""
    facts = facts_for(reader, _locale)
    known = facts.get("languages", {}).get(code) if facts is not None else None
    return known if known is not None else display_name(code, _locale(reader))


def format_percent(share: float, language: str, digits: int = 1) -> str:
    """A share (0.999) as a percentage with ``digits`` decimals, as the language writes it
    ("99.9%", "99,9 %"). The caller rounds: Babel's rounding could make 99.95 % "100.0 %"."""
    # lazy: babel.numbers 22 ms to import, which `referee judge` does not need
    from babel.numbers import format_percent as babel_percent

    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return babel_percent(share, format=pattern, locale=_locale(language), decimal_quantization=False)


def format_value(value, language: str):
    """A value for a message: numbers and lists formatted, anything else as it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return format_number(value, language)
    if isinstance(value, (list, tuple)):
        return format_list([format_value(v, language) for v in value], language)
    return value
