"""Six languages through gettext: complete catalogs, the localizer's tools, and what users see."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.data import data_dir, locales_dir
from referee.i18n.messages import corpus_messages

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
TRANSLATED = ("nl", "hu", "es", "gu", "de")
GUJARATI = re.compile(r"[\u0a80-\u0aff]")


def pybabel(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "pybabel"), *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_catalog_check_passes(referee):
    result = referee("i18n", "check")
    assert result.returncode == 0, result.stdout[-3000:]


def test_stats_show_everything_translated_and_nothing_fuzzy(referee):
    data = json.loads(referee("i18n", "stats", "--json").stdout)
    assert {entry["lang"] for entry in data["languages"]} == set(TRANSLATED)
    for entry in data["languages"]:
        overall = entry["overall"]
        assert overall["share"] == 1.0 and overall["fuzzy"] == 0 and overall["untranslated"] == 0, entry["lang"]
        assert set(entry["by_seed"]) >= {"000_99f4a1e1f238da9d.txt", "004_d7ed70a52f796f30.txt"}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("po", sorted(str(p) for p in (ROOT / "locales").glob("*/LC_MESSAGES/*.po")))
def test_msgfmt_check_passes(po):
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", po], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_pybabel_update_check_passes(tmp_path):
    # on a copy: `pybabel update --check` writes each catalog to a temporary file beside it
    # (tmprules.po), which a test copying the checkout at that moment found, then lost (a CI
    # run failed on it); the checkout's own files are never written by a test
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")  # its [tool.babel.update_catalog]
    for domain in ("rules", "referee"):
        result = pybabel("update", "--check", "-i", f"locales/{domain}.pot", "-d", "locales", "-D", domain,
                         cwd=tmp_path)
        assert result.returncode == 0, result.stdout + result.stderr


def test_pybabel_extract_finds_exactly_the_corpus_texts(tmp_path):
    out = tmp_path / "rules.pot"
    result = pybabel("extract", "-F", "pyproject.toml", "-o", str(out), "rules")
    assert result.returncode == 0, result.stderr
    from babel.messages.pofile import read_po

    with open(out, "rb") as handle:
        extracted = {(m.context, m.id) for m in read_po(handle) if m.id}
    texts = {(m.context, m.msgid) for m in corpus_messages(ROOT / "rules")}
    assert len(extracted) == len(texts) and extracted == texts


def _project_copy(tmp_path: Path) -> Path:
    target = tmp_path / "project"
    target.mkdir()
    for name in ("rules", "locales"):
        shutil.copytree(ROOT / name, target / name)
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def test_a_changed_english_text_becomes_fuzzy_everywhere_until_translated_again(tmp_path, referee):
    project = _project_copy(tmp_path)
    env = {"REFEREE_RULES": str(project / "rules"), "REFEREE_LOCALES": str(project / "locales"),
           "REFEREE_CACHE_DIR": str(tmp_path / "cache")}
    combat = project / "rules" / "combat.yaml"
    text = combat.read_text(encoding="utf-8")
    old = "you lose the combat and must run away"
    assert old in " ".join(text.split()) or "must run away" in text
    combat.write_text(text.replace("must run away", "must now run away", 1), encoding="utf-8")
    assert pybabel("extract", "-o", "locales/rules.pot", "rules", cwd=project).returncode == 0
    assert pybabel("update", "-i", "locales/rules.pot", "-d", "locales", "-D", "rules", cwd=project).returncode == 0

    from babel.messages.pofile import read_po, write_po

    changed = None
    for language in TRANSLATED:
        path = project / "locales" / language / "LC_MESSAGES" / "rules.po"
        with open(path, "rb") as handle:
            catalog = read_po(handle)
        fuzzy = [m for m in catalog if m.fuzzy and m.id]
        assert len(fuzzy) == 1, language
        changed = fuzzy[0].context
    result = referee("i18n", "check", env=env)
    assert result.returncode == 2 and "fuzzy" in result.stdout and changed in result.stdout
    assert referee("check", env=env).returncode == 2

    for language in TRANSLATED:  # the localizer translates it again
        path = project / "locales" / language / "LC_MESSAGES" / "rules.po"
        with open(path, "rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            if message.fuzzy and message.id:
                message.flags.discard("fuzzy")
                message.previous_id = []
        with open(path, "wb") as handle:
            write_po(handle, catalog, width=76)
    assert pybabel("compile", "-d", "locales", "-D", "rules", cwd=project).returncode == 0
    result = referee("i18n", "check", env=env)
    assert result.returncode == 0, result.stdout[-2000:]


def test_a_number_dropped_from_a_translation_is_caught(tmp_path, referee):
    project = _project_copy(tmp_path)
    path = project / "locales" / "de" / "LC_MESSAGES" / "rules.po"
    from babel.messages.pofile import read_po, write_po

    with open(path, "rb") as handle:
        catalog = read_po(handle)
    target = next(m for m in catalog if m.id and "1,000" in m.id)
    target.string = re.sub(r"1[.,\u00a0 ]?000", "tausend", target.string)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=76)
    result = referee("i18n", "check", env={"REFEREE_RULES": str(project / "rules"),
                                           "REFEREE_LOCALES": str(project / "locales")})
    assert result.returncode == 2
    assert re.search(r"number\(s\) 1000 .*missing", result.stdout), result.stdout[-2000:]


def test_numbers_survive_localized_grouping():
    from referee.i18n.checks import missing_numbers

    assert missing_numbers("sell 1,000 gold and wait 2.6 seconds", "1.000 Gold, 2,6 Sekunden") == []
    assert missing_numbers("1,000 gold", "1 000 arany") == []
    assert missing_numbers("level 10", "szint 1") == ["10"]


def test_gujarati_locale_prints_gujarati(referee):
    result = referee("rule", "combat.ties", env={"LANG": "gu_IN.UTF-8"})
    assert result.returncode == 0
    assert len(GUJARATI.findall(result.stdout)) > 50


def test_hungarian_prints_proper_accents(referee):
    data = json.loads(referee("rule", "precedence.level-ten-needs-kill", "--json", "--lang", "hu").stdout)
    assert data["lang"] == "hu" and data["text"] != data["text_en"]
    text = json.dumps(data, ensure_ascii=False)
    assert "ő" in text or "ű" in text
    assert not set("ıİõû") & set(data["text"] + data["title"])


COMMANDS = [[], ["rule"], ["list"], ["conflicts"], ["check"], ["search"], ["index"], ["judge"], ["i18n"],
            ["i18n", "check"], ["i18n", "stats"], ["i18n", "extract"], ["i18n", "update"], ["i18n", "compile"]]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_help_is_translated(language, referee):
    for command in COMMANDS:
        english = referee(*command, "--help").stdout
        local = referee(*command, "--help", "--lang", language).stdout
        assert local and local != english, (language, command)
        # the help option's own line and the section headings are translated too
        assert "Show this message and exit." not in local, (language, command)


def test_judge_speaks_the_chosen_language(referee):
    data = json.loads(referee("judge", "examples/combat.yaml", "--json", "--lang", "es").stdout)
    assert data["lang"] == "es"
    note = data["reasons"][0]["note"]
    assert "Anna" in note and "combat strength" not in note
    text = referee("judge", "examples/combat.yaml", "--lang", "de").stdout
    assert text.splitlines()[0].startswith("Urteil") or "Verdict" not in text.splitlines()[0]


def test_compiled_catalogs_ship_with_the_package():
    for language in TRANSLATED:
        for domain in ("rules", "referee"):
            assert (data_dir("locales") / language / "LC_MESSAGES" / f"{domain}.mo").is_file()


def test_a_search_phrase_for_a_missing_clause_is_caught(tmp_path, referee):
    project = _project_copy(tmp_path)
    path = project / "locales" / "search" / "hu.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.append("combat.no-such-clause: [szörny döntetlen]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = referee("i18n", "check", env={"REFEREE_RULES": str(project / "rules"),
                                           "REFEREE_LOCALES": str(project / "locales")})
    assert result.returncode == 2
    assert f"locales/search/hu.yaml:{len(lines)}: combat.no-such-clause:" in result.stdout, result.stdout[-2000:]


def test_every_language_has_search_phrases_for_every_clause(corpus):
    from referee import LANGUAGES
    from referee.i18n.phrases import search_phrases

    for language in LANGUAGES:
        phrases = search_phrases(language)
        assert set(phrases) == set(corpus.clauses), language
        # a clause's phrases are the few ways players put it, not every query seen: a long list
        # would outweigh the clause's own text in the ranking
        assert all(2 <= len(found) <= 10 for found in phrases.values()), language


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("args,english", [
    (["search", "--bogus", "x"], "No such option"),
    (["rule"], "Missing argument"),
    (["search", "x", "--limit", "abc"], "is not a valid"),
    (["rule", "a", "b"], "Unexpected extra"),
])
def test_usage_errors_speak_the_chosen_language(language, args, english, referee):
    result = referee("--lang", language, *args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert english not in result.stderr and "for help" not in result.stderr, result.stderr
    english_result = referee("--lang", "en", *args)
    assert english in english_result.stderr and english_result.returncode == 2


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_a_text_that_opens_with_a_minus_sign_is_told_how_to_ask_it(language, referee, tmp_path):
    # "-3 troll" reads as an unknown option: the error says how to give it as text, in the chosen language
    refused = referee("--lang", language, "ask", "-3", "troll")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert 'referee ask -- "-3 …"' in refused.stderr, refused.stderr
    assert ("To begin the text" in refused.stderr) == (language == "en"), refused.stderr
    asked = referee("--lang", language, "ask", "--table", str(tmp_path / "none.sqlite3"), "--", "-3 troll")
    assert asked.returncode in (0, 1) and "Traceback" not in asked.stderr and asked.stdout.strip()
    # a mistyped option is no number: no such hint
    assert "ask -- " not in referee("--lang", language, "ask", "--bogus", "troll").stderr


@pytest.mark.parametrize("language,forms", [("es", 2), ("nl", 2), ("hu", 2), ("de", 2), ("gu", 2)])
def test_plural_forms_are_the_languages_own(language, forms):
    from babel.messages.pofile import read_po

    for domain in ("rules", "referee"):
        with open(ROOT / "locales" / language / "LC_MESSAGES" / f"{domain}.po", "rb") as handle:
            catalog = read_po(handle, locale=language)
        assert catalog.num_plurals == forms, (language, domain, catalog.plural_forms)
        for message in catalog:
            if message.pluralizable:
                assert len(message.string) == forms and all(message.string), (language, message.id)


@pytest.mark.parametrize("language,one,many", [
    ("de", "{player} entscheidet, wer 1 übrige Karte bekommt", "Karten"),
    ("es", "quién recibe 1 carta sobrante", "cartas"),
    ("nl", "wie er 1 extra kaart krijgt", "kaarten"),
])
def test_a_count_takes_the_form_its_number_needs(language, one, many, referee, tmp_path):
    situation = (ROOT / "examples" / "charity.yaml").read_text(encoding="utf-8")
    shown = referee("judge", "examples/charity.yaml", "--lang", language).stdout
    assert one.replace("{player}", "Anna") in shown, shown
    listed = referee("cards", "--type", "race", "--lang", language).stdout.splitlines()[-1]
    assert listed.split()[-1] == many and "(" not in listed
    assert "hand: 9" in situation or "hand:" in situation  # the example holds a hand to give away


def test_numbers_and_lists_are_written_as_the_language_writes_them(referee):
    german = referee("judge", "examples/sell.yaml", "--lang", "de").stdout
    assert "1.100 Gold" in german or "1.100" in german
    hungarian = referee("judge", "examples/death.yaml", "--lang", "hu").stdout
    assert "kifosztási sorrend: Anna, Carl és Dora" in hungarian, hungarian
    english = referee("judge", "examples/sell.yaml").stdout
    assert "1,100" in english


@pytest.mark.parametrize("language, shown", [("en", "2.3"), ("gu", "2.3"), ("nl", "2,3"), ("hu", "2,3"),
                                             ("es", "2,3"), ("de", "2,3")])
def test_decimals_are_written_as_the_language_writes_them(language, shown):
    from referee.i18n.formatting import format_decimal

    assert format_decimal(2.3, language, 1) == shown
    assert format_decimal(2, language, 1) == shown[0] + shown[1] + "0"  # a fixed count of decimals
    assert format_decimal(2.5, language) == shown[:2] + "5"


def test_a_fights_seconds_are_written_as_the_language_writes_them_and_json_keeps_the_number(tmp_path, referee):
    env = {"REFEREE_TABLE": str(tmp_path / "table.sqlite3")}
    assert referee("table", "new", "Ann", "Bob", "--house-rule", "interference_seconds=30.5", env=env).returncode == 0
    opened = referee("table", "combat", "open", "Troll:3", "--lang", "hu", env=env).stdout
    assert "30,5 mp" in opened and "30.5" not in opened, opened
    shown = referee("table", "--lang", "de", env=env).stdout
    assert "30,5" in shown.splitlines()[1] and "30.5" not in shown, shown
    assert re.search(r"\d,\d s", shown), shown  # the countdown: "noch 29,8 s": a long window, so it is still open
    assert "30.5 s" in referee("table", "log", env=env).stdout  # English keeps its point
    data = json.loads(referee("table", "--json", "--lang", "hu", env=env).stdout)
    assert data["table"]["house_rules"]["interference_seconds"] == 30.5


@pytest.mark.parametrize("language,english,translated,missed", [
    ("de", "Roll the die first.", "Wirf zuerst den Knochen.", ["Die"]),
    ("de", "Roll the die first.", "Würfle zuerst.", []),
    ("nl", "If you die, you lose your items.", "Als je sterft, verlies je je items.", []),  # the verb
    ("gu", "Only on your own turn.", "ફક્ત તમારા પોતાના દાવમાં.", ["Turn"]),
    ("gu", "Only on your own turn.", "ફક્ત તમારા પોતાના વારામાં.", []),
    ("hu", "Turn the monster face up.", "Fordítsd a szörnyet képpel felfelé.", []),  # the verb
    ("es", "A Thief may backstab.", "Un ladrón puede traicionar.", ["Backstab"]),
    ("es", "A Thief may backstab.", "Un ladrón puede apuñalar.", []),
    ("nl", "Discarded dungeons lie face down.", "Weggegooide Dungeons liggen open.", ["Face down"]),
])
def test_the_glossary_holds_one_word_for_each_game_term(language, english, translated, missed):
    from referee.i18n.checks import glossary_misses

    assert glossary_misses(language, english, translated) == missed


def test_compiling_replaces_each_catalog_whole_and_a_broken_catalog_leaves_the_working_one(in_copy):
    """A command running while a localizer compiles reads the old .mo or the new one, never half
    of one: each is compiled beside its place and moved over it; a .po that does not compile
    leaves the .mo that worked."""
    messages = in_copy.root / "locales" / "hu" / "LC_MESSAGES"
    before = (messages / "referee.mo").stat().st_ino
    assert in_copy("i18n", "compile").returncode == 0
    assert (messages / "referee.mo").stat().st_ino != before  # moved over, not rewritten in place
    assert not list(messages.glob(".*.tmp"))
    working = (messages / "rules.mo").read_bytes()
    (messages / "rules.po").write_text('msgid "unterminated\n', encoding="utf-8")
    result = in_copy("i18n", "compile")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert (messages / "rules.mo").read_bytes() == working
    assert not list(messages.glob(".*.tmp"))


def _parsed(path: Path):
    from referee.i18n.catalogs import Catalog

    with open(path, "rb") as handle:
        return Catalog(handle)


def _same(kept, parsed) -> bool:
    return (type(kept) is type(parsed) and kept._catalog == parsed._catalog and kept._info == parsed._info
            and kept._charset == parsed._charset and all(kept.plural(n) == parsed.plural(n) for n in range(200)))


def test_a_kept_catalog_reads_as_the_compiled_file_does(tmp_path, monkeypatch):
    """Every catalog, read from the file and then from its copy in the cache, holds what gettext
    reads from the file: every message, plural forms and the rule that picks them."""
    from referee.i18n.catalogs import _kept_catalog

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    found = sorted(locales_dir().glob("*/LC_MESSAGES/*.mo"))
    assert len(found) >= 10
    for path in found:
        first, second = _kept_catalog(str(path)), _kept_catalog(str(path))
        assert _same(first, _parsed(path)) and _same(second, _parsed(path)), path
    assert len(list((tmp_path / "cache").glob("catalog-*.marshal"))) == len(found)


def test_a_changed_or_damaged_catalog_copy_is_read_afresh(tmp_path, monkeypatch):
    """A catalog compiled again is read again; so is one compiled a moment ago (its modification
    time may not show the next change: nothing is kept of it), and a damaged copy."""
    import os
    import time

    from referee.i18n.catalogs import _kept_catalog

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    locales = locales_dir()
    path = tmp_path / "referee.mo"
    kept = lambda: list((tmp_path / "cache").glob("catalog-*.marshal"))  # noqa: E731
    shutil.copyfile(locales / "hu" / "LC_MESSAGES" / "referee.mo", path)
    assert _same(_kept_catalog(str(path)), _parsed(path)) and not kept()  # just compiled: read, not kept
    old = time.time_ns() - 10_000_000_000
    os.utime(path, ns=(old, old))
    assert _same(_kept_catalog(str(path)), _parsed(path)) and len(kept()) == 1
    shutil.copyfile(locales / "de" / "LC_MESSAGES" / "referee.mo", path)  # compiled again
    os.utime(path, ns=(old + 1, old + 1))
    assert _same(_kept_catalog(str(path)), _parsed(path)) and len(kept()) == 2
    for copy in kept():
        data = bytearray(copy.read_bytes())
        data[len(data) // 2] ^= 0xFF  # same size, one byte changed
        copy.write_bytes(bytes(data))
    assert _same(_kept_catalog(str(path)), _parsed(path))


ENVIRONMENTS = {
    "nothing set answers in English": ({}, None, "en"),
    "the C locale Python sets itself answers in English": ({"LC_CTYPE": "C.UTF-8"}, None, "en"),
    "a LANGUAGE list answers in its first language": ({"LANGUAGE": "hu:en"}, None, "hu"),
    "a regional LANG answers in its language": ({"LANG": "de_AT.UTF-8"}, None, "de"),
    "LC_ALL comes before LANG": ({"LC_ALL": "nl_BE.UTF-8", "LANG": "de_DE.UTF-8"}, None, "nl"),
    "LANG=C answers in English": ({"LANG": "C"}, None, "en"),
    "a language referee does not speak answers in English": ({"LANG": "fr_FR.UTF-8"}, None, "en"),
    "REFEREE_LANG comes before the locale": ({"REFEREE_LANG": "gu", "LANG": "de_DE.UTF-8"}, None, "gu"),
    "--lang comes before everything": ({"REFEREE_LANG": "gu", "LANG": "de_DE.UTF-8"}, "es", "es"),
}


@pytest.mark.parametrize("name", ENVIRONMENTS)
def test_the_answer_language_follows_the_options_then_the_environment(name, monkeypatch):
    from referee.i18n.locale import choose_language

    environment, option, expected = ENVIRONMENTS[name]
    for variable in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "REFEREE_LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert choose_language(option) == expected
