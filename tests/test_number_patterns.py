"""Whole numbers, numbers with a fixed count of decimals and lists are written from patterns kept
out of Babel, and always exactly as Babel writes them: in every language, for any number, and in
a process that never imports Babel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.lists import format_list as babel_list
from babel.numbers import format_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import LANGUAGES
from referee.i18n.patterns import LIST_STYLES, facts_from_babel, format_fixed, format_int, join_list

ROOT = Path(__file__).resolve().parent.parent
CODES = sorted(LANGUAGES) + ["fr", "sv", "hi", "pt_BR"]  # and a few a localizer may add


@pytest.fixture(scope="module")
def facts():
    return {code: facts_from_babel(Locale.parse(code)) for code in CODES}


def test_every_shipped_language_has_patterns_that_reproduce_babel(facts):
    assert all(facts[code] is not None for code in LANGUAGES)


@settings(max_examples=500, deadline=None)
@given(st.integers(-10**15, 10**15), st.sampled_from(CODES))
def test_a_whole_number_is_written_as_babel_writes_it(facts, number, code):
    if facts[code] is not None:
        assert format_int(number, facts[code]) == format_decimal(number, locale=Locale.parse(code))


def test_every_shipped_language_writes_decimals_from_its_patterns(facts):
    assert all(facts[code]["decimal"] for code in LANGUAGES)


@settings(max_examples=1000, deadline=None)
@given(st.one_of(st.floats(-1e12, 1e12, allow_nan=False), st.integers(-10**12, 10**12),
                 st.decimals(-10**6, 10**6, places=4, allow_nan=False).map(float)),
       st.integers(0, 4), st.sampled_from(CODES))
def test_a_number_with_fixed_decimals_is_written_as_babel_writes_it(facts, number, digits, code):
    """Halves round to the even digit as Babel's do (0.125 is 0.12, 0.135 is 0.14), carries go
    through the groups (999.95 is 1,000.0), a number str() writes with an exponent is Babel's."""
    if facts[code] is None or not facts[code]["decimal"]:
        return
    shown = format_fixed(number, digits, facts[code])
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    if shown is None:
        assert "e" in str(number).lower()
    else:
        assert shown == format_decimal(number, format=pattern, locale=Locale.parse(code))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=7), st.sampled_from(CODES),
       st.sampled_from(LIST_STYLES))
def test_a_list_is_joined_as_babel_joins_it(facts, items, code, style):
    if facts[code] is not None and style in facts[code]["lists"]:
        assert join_list(items, facts[code]["lists"][style]) == babel_list(items, style=style,
                                                                           locale=Locale.parse(code))


def _judge_imports_babel(cache: Path) -> tuple[bool, str]:
    script = ("import sys, io, contextlib\nfrom referee.cli import run\nout = io.StringIO()\n"
              "with contextlib.redirect_stdout(out): run(['judge', 'examples/combat.yaml', '--lang', 'hu'])\n"
              "print('babel' in sys.modules); print(out.getvalue())")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True,
                            env={"REFEREE_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"})
    first, _, rest = result.stdout.partition("\n")
    return first == "True", rest


def test_a_verdict_after_the_first_needs_no_babel_and_reads_the_same(tmp_path):
    cache = tmp_path / "cache"
    first_imported, first = _judge_imports_babel(cache)
    later_imported, later = _judge_imports_babel(cache)
    assert first_imported and not later_imported
    assert first == later and "szint" in first


def test_a_damaged_pattern_file_is_read_from_babel_again(tmp_path):
    cache = tmp_path / "cache"
    _judge_imports_babel(cache)
    [kept] = cache.glob("patterns-*.marshal")
    data = bytearray(kept.read_bytes())
    data[-3] ^= 0xFF
    kept.write_bytes(bytes(data))
    imported, text = _judge_imports_babel(cache)
    assert imported and "szint" in text
    assert not _judge_imports_babel(cache)[0]  # and written anew


def test_language_names_are_babels_in_every_readers_language():
    from referee.i18n.formatting import language_display_name

    for reader in LANGUAGES:
        for code in LANGUAGES:
            assert language_display_name(code, reader) == Locale.parse(code).get_display_name(reader)
