"""Each language's number and list patterns, read from Babel once and kept in the user cache.

Importing Babel and loading a locale's data costs about 40 ms, more than parsing a situation
and judging it, and a verdict prints a dozen whole numbers and a list or two (and ``referee
search`` a score with one decimal: 17-20 ms of it went to Babel). So the few facts those need
— the group separator and grouping sizes, the decimal sign, the minus sign, the list patterns,
and the names of the languages the package knows — are
taken from Babel the first time a language is used and written to the cache; later processes
read them back (well under a millisecond) and apply them in :mod:`referee.i18n.formatting`.

Babel stays the authority: facts are kept only when they reproduce Babel's own output on a set
of probe numbers and lists, so a locale with other digits or an unusual pattern simply keeps
using Babel. The cache key holds the package version and the identity of Babel's locale data,
so an upgraded Babel is read afresh.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import sys
import re
import zlib
from functools import lru_cache
from pathlib import Path

from referee.cache import cache_dir, read_entry, write_checked
from referee.version import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional

#: numbers and lists the facts must format exactly as Babel does before they are kept
PROBE_NUMBERS = (0, 7, -3, 42, 999, 1000, -1000, 12345, 123456, 1234567, -98765432, 10**12 + 5)
PROBE_LISTS = (["A"], ["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D"], ["A", "B", "C", "D", "E"])
#: numbers with decimals, each shown with every number of decimals in PROBE_DIGITS: halves
#: round to the even digit as Babel's do, in both directions and through a carry
PROBE_DECIMALS = (0.0, 0.04, 0.05, 0.15, 0.25, 0.5, 1.5, 2.5, 2.35, 7, 9.995, 12.345, 999.95, 1234.5678,
                  123456.789, -3.25, -0.04, -1234.5)
PROBE_DIGITS = (0, 1, 2, 3)
LIST_STYLES = ("standard", "or")
#: what the cached facts hold; a file of another format is taken from Babel afresh
_FORMAT = 3
#: a number as str() writes it without an exponent, which :func:`format_fixed` can round
_PLAIN = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def group_digits(digits: str, group: str, primary: int, secondary: int) -> str:
    """``digits`` (no sign) with ``group`` between groups: ``primary`` digits at the right,
    then ``secondary`` (3 and 3 for "1,234,567"; 3 and 2 for the Indian "12,34,567")."""
    if len(digits) <= primary:
        return digits
    groups, rest = [digits[-primary:]], digits[:-primary]
    while len(rest) > secondary:
        groups.append(rest[-secondary:])
        rest = rest[:-secondary]
    groups.append(rest)
    return group.join(reversed(groups))


def format_int(number: int, facts: dict) -> str:
    text = group_digits(str(abs(number)), facts["group"], *facts["grouping"])
    return f"{facts['minus'][0]}{text}{facts['minus'][1]}" if number < 0 else text


def format_fixed(number, digits: int, facts: dict) -> Optional[str]:
    """``number`` with exactly ``digits`` decimals, as Babel's ``format_decimal`` writes it with
    the pattern ``#,##0.00…``: the decimals str() gives, rounded half to even (Babel quantizes
    ``Decimal(str(number))``; the ``decimal`` module is not imported for it), in groups of three
    as the pattern says, in every language. ``None`` for what this does not write: a number in
    exponent form, infinity, not a number."""
    text = str(number)
    if not _PLAIN.fullmatch(text):
        return None
    negative = text.startswith("-")
    whole, _, fraction = text.lstrip("-").partition(".")
    fraction = fraction.ljust(digits, "0")
    kept, rest = int(whole + fraction[:digits]), fraction[digits:].rstrip("0")
    if rest and (rest[0] > "5" or rest[0] == "5" and (len(rest) > 1 or kept % 2)):
        kept += 1
    shown = str(kept).rjust(digits + 1, "0")
    whole, fraction = (shown[:-digits], shown[-digits:]) if digits else (shown, "")
    text = group_digits(whole, facts["group"], 3, 3) + (facts["decimal"] + fraction if digits else "")
    return f"{facts['minus'][0]}{text}{facts['minus'][1]}" if negative else text


def join_list(items: list[str], patterns: dict) -> str:
    """``items`` joined by CLDR list patterns (``start``, ``middle``, ``end`` and ``2``)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return patterns["2"].format(*items)
    text = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        text = patterns["middle"].format(text, item)
    return patterns["end"].format(text, items[-1])


def facts_from_babel(locale) -> Optional[dict]:
    """What :func:`format_int` and :func:`join_list` need for ``locale`` (a Babel ``Locale``),
    or ``None`` when they would not reproduce Babel exactly."""
    # lazy: babel.numbers 47 ms, babel.lists 13 ms to import, which `referee judge` does not need
    from babel.lists import format_list
    from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

    pattern = locale.decimal_formats[None]
    negative = format_decimal(-1, locale=locale)
    if negative.count("1") != 1:
        return None
    # lazy: LANGUAGES is read from locales/ when first asked for, not when this module loads
    from referee.i18n.languages import LANGUAGES

    facts = {"group": get_group_symbol(locale), "grouping": list(pattern.grouping[:2]),
             "decimal": get_decimal_symbol(locale),
             "languages": {code: display_name(code, locale) for code in LANGUAGES},
             "minus": negative.split("1"),
             "lists": {style: dict(locale.list_patterns[style]) for style in LIST_STYLES
                       if style in locale.list_patterns}}
    if any(format_int(n, facts) != format_decimal(n, locale=locale) for n in PROBE_NUMBERS):
        return None
    if any(format_fixed(n, digits, facts) != format_decimal(n, format="#,##0" + ("." + "0" * digits if digits else ""),
                                                            locale=locale)
           for n in PROBE_DECIMALS for digits in PROBE_DIGITS):
        facts["decimal"] = None  # whole numbers from the facts, decimals from Babel
    for style, patterns in facts["lists"].items():
        if not {"start", "middle", "end", "2"} <= patterns.keys() or any(
                join_list(items, patterns) != format_list(items, style=style, locale=locale)
                for items in PROBE_LISTS):
            return None
    return facts


def display_name(code: str, locale) -> str:
    """A language's name as ``locale`` writes it ("Englisch" for German), or its code."""
    # lazy: babel 28 ms to import, which `referee judge` does not need
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code).get_display_name(locale) or code
    except (UnknownLocaleError, ValueError):
        return code


@lru_cache(maxsize=1)  # found once per process, as the facts it holds are read once
def _cache_file() -> Optional[Path]:
    """The cache file for this package and this Babel's locale data (``None``: no Babel)."""
    spec = importlib.util.find_spec("babel")
    if spec is None or not spec.origin:
        return None
    try:
        data = os.stat(Path(spec.origin).parent / "global.dat")
    except OSError:
        return None
    # marshal's format is the interpreter's own: its cache tag is in the key
    key = zlib.crc32(f"{_FORMAT}\0{__version__}\0{sys.implementation.cache_tag}\0{spec.origin}\0{data.st_size}"
                     f"\0{data.st_mtime_ns}".encode())
    return cache_dir() / f"patterns-{key:08x}.marshal"


@lru_cache(maxsize=1)
def _cached() -> dict:
    """language -> facts (or ``None``: Babel itself), as the cache holds them."""
    path = _cache_file()
    raw = read_entry(path) if path is not None else None
    if raw is None:
        return {}
    try:
        known = marshal.loads(raw)  # no json import on every start-up (see cache.kept_data)
    except (ValueError, EOFError, TypeError):
        return {}
    return known if isinstance(known, dict) else {}


def facts_for(language: str, locale_of) -> Optional[dict]:
    """The language's facts, from the cache, else from Babel (``locale_of(language)`` gives the
    Babel ``Locale``) and then kept for the next process. ``None``: format with Babel."""
    known = _cached()
    if language in known:
        return known[language]
    facts = known[language] = facts_from_babel(locale_of(language))
    path = _cache_file()
    if path is not None:
        try:
            write_checked(path, marshal.dumps(known))
        except (OSError, ValueError):
            pass  # a read-only cache only costs speed
    return facts
