"""A language is data: a localizer adds one, works on it with standard tools, and CI stays green.

Each test works on its own copy of the repository and runs ``referee`` there as a localizer
would: inside the checkout, so the commands read the catalogs being edited.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def sources(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "referee").rglob("*.py"))}


def _edit(path: Path, entries: dict) -> None:
    """Translate entries with polib, as a PO editor would: (msgctxt, msgid) -> msgstr."""
    import polib

    catalog = polib.pofile(str(path))
    for entry in catalog:
        key = (entry.msgctxt, entry.msgid)
        if key in entries:
            entry.msgstr = entries.pop(key)
    assert not entries, f"not in {path.name}: {entries}"
    catalog.save()


def test_a_new_language_needs_no_python_and_passes_ci_with_three_entries_translated(in_copy):
    before = sources(in_copy.root)
    started = in_copy("i18n", "init", "fr")
    assert started.returncode == 0, started.stderr
    assert f"{in_copy.root / 'locales'}" in started.stdout  # it says which catalogs it wrote
    languages = (in_copy.root / "locales" / "languages.yaml").read_text(encoding="utf-8")
    assert re.search(r"^  fr: \{name: \"Français\", status: in-progress, search: snowball\}$", languages, re.M)

    messages = in_copy.root / "locales" / "fr" / "LC_MESSAGES"
    _edit(messages / "rules.po", {
        ("combat.ties", "The monster wins ties"): "Le monstre gagne les égalités",
        ("combat.ties", " ".join((ROOT / "rules").joinpath("combat.yaml").read_text(encoding="utf-8")
                                 .split("key: ties", 1)[1].split("text: >-", 1)[1].split("kind:", 1)[0].split())):
            "Si la force de combat du monstre est égale ou supérieure à la tienne, tu perds le combat et tu dois "
            "t'enfuir. Tu ne gagnes qu'avec une force de combat strictement supérieure à celle du monstre, sauf "
            "si une carte ou un pouvoir (comme celui du Guerrier) te fait gagner les égalités.",
    })
    _edit(messages / "referee.po", {(None, "Related"): "Règles liées"})
    assert in_copy("i18n", "compile").returncode == 0

    shown = in_copy("rule", "combat.ties", "--lang", "fr")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert lines[0] == "combat.ties — Le monstre gagne les égalités"
    words = " ".join(shown.stdout.split())  # the text wrapped at whatever width the terminal has
    assert "tu perds le combat" in words and "Règles liées" in words
    related = lines[lines.index("Règles liées") + 1:]
    assert related and all("— [en] " in line for line in related if line.startswith("  ") and " — " in line)
    assert "[en]" in lines[-1]  # the note saying what the mark means

    data = json.loads(in_copy("rule", "combat.ties", "--lang", "fr", "--json").stdout)
    assert data["lang"] == "fr" and data["langs"] == {"title": "fr", "text": "fr", "note": "en"}
    assert "Note: [en] " in shown.stdout
    other = json.loads(in_copy("rule", "combat.strength", "--lang", "fr", "--json").stdout)
    assert set(other["langs"].values()) == {"en"} and other["text"] == other["text_en"]
    verdict = json.loads(in_copy("judge", "examples/combat.yaml", "--lang", "fr", "--json").stdout)
    assert {r["langs"]["note"] for r in verdict["reasons"]} == {"en"}
    assert any(r["langs"]["title"] == "fr" for r in verdict["reasons"] if r["clause"] == "combat.ties")
    assert "[en]" in in_copy("judge", "examples/combat.yaml", "--lang", "fr").stdout

    stats = json.loads(in_copy("i18n", "stats", "--json").stdout)
    french = next(entry for entry in stats["languages"] if entry["lang"] == "fr")
    assert french["status"] == "in-progress"
    assert french["domains"]["rules"]["translated"] == 2 and french["domains"]["referee"]["translated"] == 1
    assert stats["origin"] == "working copy" and stats["locales"] == str(in_copy.root / "locales")

    for command in (("check",), ("i18n", "check")):  # what CI runs
        result = in_copy(*command)
        assert result.returncode == 0, result.stdout[-3000:]
    assert in_copy("search", "monstre", "égalités", "--lang", "fr").returncode == 0
    assert sources(in_copy.root) == before


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
def test_a_new_language_starts_with_catalogs_gettext_accepts(in_copy):
    assert in_copy("i18n", "init", "pl").returncode == 0
    for po in (in_copy.root / "locales" / "pl" / "LC_MESSAGES").glob("*.po"):
        result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr


def test_init_refuses_what_is_no_new_language(in_copy):
    for code, why in (("de", "already has catalogs"), ("en", "own language"), ("FR_fr", "lower-case letters"),
                      ("qq", "no locale data")):
        result = in_copy("i18n", "init", code)
        assert result.returncode == 2 and why in result.stderr and "Traceback" not in result.stderr, (code, result)


def test_a_catalog_saved_by_polib_with_another_width_passes_the_check(in_copy):
    import polib

    path = in_copy.root / "locales" / "de" / "LC_MESSAGES" / "rules.po"
    original = path.read_bytes()
    catalog = polib.pofile(str(path), wrapwidth=120)
    catalog.save()
    assert path.read_bytes() != original  # another layout: other wrapping, polib's own header order
    result = in_copy("i18n", "check")
    assert result.returncode == 0, result.stdout[-3000:]


def test_a_change_of_content_is_still_stale(in_copy):
    import polib

    path = in_copy.root / "locales" / "hu" / "LC_MESSAGES" / "rules.po"
    catalog = polib.pofile(str(path))
    entry = next(e for e in catalog if e.msgctxt == "combat.ties" and e.msgid == "The monster wins ties")
    entry.msgstr = entry.msgstr + " (mindig)"
    catalog.save()
    result = in_copy("i18n", "check")
    assert result.returncode == 2 and "locales/hu/LC_MESSAGES/rules.po: the compiled .mo" in result.stdout
    assert in_copy("i18n", "compile").returncode == 0
    assert in_copy("i18n", "check").returncode == 0


def test_stats_never_round_a_gap_away_and_only_a_complete_language_fails_on_it(in_copy):
    path = in_copy.root / "locales" / "de" / "LC_MESSAGES" / "rules.po"
    _edit(path, {("combat.ties", "The monster wins ties"): ""})
    assert in_copy("i18n", "compile").returncode == 0

    stats = in_copy("i18n", "stats")
    german = next(line for line in stats.stdout.splitlines() if line.startswith("de ("))
    done, total = (int(n.replace(",", "")) for n in re.search(r"([\d,]+)/([\d,]+) translated", german).groups())
    assert done == total - 1 and "(99.9%)" in german and "100" not in german.split("translated")[1], german
    share = next(e for e in json.loads(in_copy("i18n", "stats", "--json").stdout)["languages"] if e["lang"] == "de")
    assert share["overall"]["share"] < 1 and share["overall"]["untranslated"] == 1

    failed = in_copy("i18n", "check")
    assert failed.returncode == 2 and re.search(r"de/LC_MESSAGES/rules.po:\d+: combat.ties .*untranslated",
                                                failed.stdout), failed.stdout[-2000:]
    languages = in_copy.root / "locales" / "languages.yaml"
    text = languages.read_text(encoding="utf-8")
    languages.write_text(text.replace("de: {name: Deutsch, status: complete", "de: {name: Deutsch, status: in-progress"),
                         encoding="utf-8")
    assert in_copy("i18n", "check").returncode == 0
    assert "[en] The monster wins ties" in in_copy("rule", "combat.ties", "--lang", "de").stdout


def test_an_in_progress_language_still_fails_on_real_errors(in_copy):
    languages = in_copy.root / "locales" / "languages.yaml"
    languages.write_text(languages.read_text(encoding="utf-8").replace("es: {name: Español, status: complete",
                                                                       "es: {name: Español, status: in-progress"),
                         encoding="utf-8")
    path = in_copy.root / "locales" / "es" / "LC_MESSAGES" / "referee.po"
    _edit(path, {(None, "{player} is dead, and dead characters cannot go up levels."):
                 "{jugador} está muerto y los muertos no suben de nivel."})
    assert in_copy("i18n", "compile").returncode == 0
    result = in_copy("i18n", "check")
    assert result.returncode == 2 and "placeholders differ" in result.stdout


def test_a_catalog_directory_the_languages_file_does_not_describe_is_reported(in_copy):
    shutil.copytree(in_copy.root / "locales" / "de", in_copy.root / "locales" / "lb")
    result = in_copy("i18n", "check")
    assert result.returncode == 2 and "locales/languages.yaml: languages.lb: locales/lb/ has catalogs" in result.stdout
    # still a language: it has catalogs (a new process: a command's options are declared, with the
    # languages in their help, once per process)
    assert "lb" in in_copy("rule", "--help", process=True).stdout


def test_search_phrases_are_optional(in_copy):
    (in_copy.root / "locales" / "search" / "gu.yaml").unlink()
    assert in_copy("i18n", "check").returncode == 0


def test_commands_outside_a_checkout_read_the_installed_catalogs(tmp_path, referee):
    # a real process: in the test's own, `referee` is this checkout's modules, whatever is installed
    result = referee("i18n", "stats", cwd=tmp_path, env={"REFEREE_CACHE_DIR": str(tmp_path / "cache")}, process=True)
    assert result.returncode == 0
    # Ask the interpreter the console script runs on, from the same directory: with a plain
    # (not editable) install, that is site-packages, not this checkout's modules.
    installed = subprocess.run(
        [sys.executable, "-c", "from referee.data import installed_dir; print(installed_dir('locales'))"],
        capture_output=True, text=True, cwd=tmp_path, check=True).stdout.strip()
    first = result.stdout.splitlines()[0]
    assert installed in first and "installed copy" in first


def test_locales_option_names_the_catalogs_to_work_on(in_copy, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(in_copy.root / "locales", elsewhere)
    _edit(elsewhere / "nl" / "LC_MESSAGES" / "rules.po", {("combat.ties", "The monster wins ties"): ""})
    result = in_copy("i18n", "stats", "--locales", str(elsewhere), "--json")
    data = json.loads(result.stdout)
    assert data["origin"] == "--locales" and data["locales"] == str(elsewhere.resolve())
    assert next(e for e in data["languages"] if e["lang"] == "nl")["overall"]["untranslated"] == 1
    bad = in_copy("i18n", "check", "--locales", str(tmp_path / "nothing-here"))
    assert bad.returncode == 2 and "--locales" in bad.stderr


def test_pybabel_update_changes_no_catalog_when_no_message_changed(in_copy):
    root = in_copy.root
    before = {p: p.read_bytes() for p in (root / "locales").rglob("*.po")}
    for domain in ("rules", "referee"):
        subprocess.run([str(BIN / "pybabel"), "extract", "-F", "pyproject.toml", "-o", f"locales/{domain}.pot",
                        "rules" if domain == "rules" else "referee"], cwd=root, check=True, capture_output=True)
        subprocess.run([str(BIN / "pybabel"), "update", "-i", f"locales/{domain}.pot", "-d", "locales", "-D", domain],
                       cwd=root, check=True, capture_output=True)
    changed = [str(p.relative_to(root)) for p, data in before.items() if p.read_bytes() != data]
    assert changed == []
    assert in_copy("i18n", "update").returncode == 0
    assert [p for p, data in before.items() if p.read_bytes() != data] == []


def test_a_check_finds_again_what_an_edit_changed_though_it_keeps_what_it_found(in_copy):
    """``check`` and ``i18n check`` keep what they found in the user cache (referee/kept.py): a
    catalog or a corpus file edited after a run is checked again, and what it fixed is gone."""
    import polib

    assert in_copy("i18n", "check").returncode == 0
    assert in_copy("check").returncode == 0
    path = in_copy.root / "locales" / "de" / "LC_MESSAGES" / "referee.po"
    original = path.read_bytes()
    catalog = polib.pofile(str(path))
    entry = next(e for e in catalog if e.msgstr and "{" in e.msgid and not e.msgid_plural)
    entry.msgstr = re.sub(r"\{[a-z_]+\}", "{oops}", entry.msgstr, count=1)
    catalog.save()
    assert in_copy("i18n", "compile").returncode == 0
    result = in_copy("i18n", "check")
    assert result.returncode == 2 and "locales/de/LC_MESSAGES/referee.po:" in result.stdout, result.stdout[-2000:]
    assert "got {" in result.stdout and "{oops}" in result.stdout
    shown = in_copy("check", "--json")  # the corpus check shows the catalogs' problems too, in English
    assert shown.returncode == 2 and any("{oops}" in p["message"] for p in json.loads(shown.stdout)["problems"])
    path.write_bytes(original)
    assert in_copy("i18n", "compile").returncode == 0
    assert in_copy("i18n", "check").returncode == 0

    rules = in_copy.root / "rules" / "combat.yaml"
    text = rules.read_text(encoding="utf-8")
    related = "\n      - {id: combat.ties, relation: see-also}\n"
    assert related in text
    rules.write_text(text.replace(related, related.replace("combat.ties", "combat.no-such-clause"), 1),
                     encoding="utf-8")
    result = in_copy("check")
    assert result.returncode == 2 and "combat.no-such-clause" in result.stdout, result.stdout[-2000:]
