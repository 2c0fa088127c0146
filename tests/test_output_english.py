"""No English sentence or word in what a game at the table prints, in any other language.

A whole game is played in each translated language with the players' own words (races,
classes, sex, level sources, phases, expansions, yes and no as the catalogs list them), every
command run in-process, and its text output scanned for English: the words of the English
messages (locales/referee.pot) that are no word of that language's own catalogs. This can see
an English sentence, where tests/test_output_words.py sees codes and labels. The same scan
reads every reading command, every command's and group's ``--help`` and parser errors (each
language in a process of its own, as a real run reads its help), what ``referee serve`` prints
on start-up, and the pages it serves, asked in the language as a phone asks. The allow-list
below is all that may stay, each entry with its reason; what is the command line's own syntax
(HELP_SYNTAX) and the codes typed as they are (code_only) are left out, said so where defined.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from tests.test_output_words import (COMMANDS, NEW, QUERY, SHOWN, TRANSLATED, TYPO, own_words, reads, scannable,
                                     without_given)
from tests.test_vocabulary import TABLE_WORDS

ROOT = Path(__file__).resolve().parent.parent

#: What may be shown in English in every language, and why.
ALLOWED = {
    "munchkin",  # the game's name
    "referee",   # the program's name
    "anna", "béla", "cili",  # the players of the game below
    "troll",     # a home-made monster of the game below (NAME:LEVEL), named by the player
    "aser",      # Star Munchkin's laser rule quotes the ending "-aser" of item names
    "english",   # the page's language menu names each language in itself
    "ctrl",      # a key's name as the keyboard prints it (Ctrl-C, Ctrl-D)
}

#: the game: (command line, with {race} {class} {sex} {source} {phase} {expansion} {yes} in the
#: language's words)
GAME = [
    "table new Anna Béla Cili --expansion {expansion}",
    "table set Anna races={race} classes={klass} sex={sex} half_breed={yes}",
    "table level Anna +1 --source {source}",
    "table item Anna Kard bonus=3",
    "table turn --phase {phase}",
    "fight Troll:8 --helper Béla --record",
    "flee Troll:8",
    "can Béla steal --target Anna",
    "can Anna play-race --item {race}",
    "sell Anna Kard",
    "gear Anna",
    "charity Anna",
    "death Anna",
    "table turn",
    "table undo",
    "table log",
    "table",
]


@lru_cache(maxsize=None)
def english_words(language: str) -> frozenset[str]:
    """Words of the English messages that are no word of ``language``'s own catalogs."""
    from babel.messages.pofile import read_po

    with open(ROOT / "locales" / "referee.pot", "rb") as handle:
        template = read_po(handle)
    words = set()
    for message in template:
        for text in (message.id if isinstance(message.id, (list, tuple)) else [message.id]):
            prose = re.sub(r"\{[^{}]*\}|`[^`]*`|--[\w-]+|\b[\w-]+\.[\w.-]+\b", " ", text or "")
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{4,}", prose))
    return frozenset(words - own_words(language) - ALLOWED)


#: a word as the catalogs' own words are counted (tests/test_output_words.py): hyphenated
#: terms whole ("One-Shot" in Dutch), accented letters part of the word
_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")


def english_in(text: str, language: str) -> list[str]:
    """The English words in ``text``: a word, or each part of a hyphenated word the language
    does not use whole."""
    english, own = english_words(language), own_words(language)
    found = set()
    for word in _WORD.findall(scannable(text)):
        if word.lower() in own or word.lower() in ALLOWED:
            continue
        found.update(part for part in re.split(r"[-']", word) if part.lower() in english)
    return sorted(found)


@lru_cache(maxsize=None)
def situation_names() -> frozenset[str]:
    """Words of the names a situation file gives its players, items, curses and monsters: what
    the user wrote is shown as written."""
    import yaml

    names = set()

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key in ("name", "curses", "player", "helper", "fighter", "target", "item",
                                                "items", "monster", "wizard", "by"):
            names.update(w.lower() for w in re.findall(r"[^\W\d_]+", node))

    for path in (ROOT / "examples").glob("*.yaml"):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return frozenset(names)


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    from referee.cli import run

    code = run(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_game_played_in_the_players_language_shows_no_english_word(language, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    race, klass, sex, source, phase, expansion, yes = TABLE_WORDS[language]
    words = dict(race=race, klass=klass, sex=sex, source=source, phase=phase, expansion=expansion, yes=yes)
    leaks = []
    try:
        for line in GAME:
            argv = [w.format(**words) for w in line.split()] + ["--lang", language, "--table", str(tmp_path / "t")]
            code, out, err = _run(argv, capsys)
            assert code in (0, 1), (line, err)
            found = english_in(out + "\n" + err, language)
            if found:
                leaks.append(f"{line}: {found}\n{out}{err}")
    finally:
        from referee.i18n.catalogs import use_language

        use_language("en")
    assert not leaks, "\n".join(leaks)


#: every command of tests/test_output_words.py that reads, not those that write catalogs
READERS = [(name, args) for name, args in COMMANDS if reads(args)]


@pytest.mark.parametrize("language", SHOWN)
def test_no_command_prints_an_english_word(language, shown):
    leaks = []
    for name, args in READERS:
        argv = [a.format(lang=language, new=NEW[language], query=QUERY[language], typo=TYPO[language])
                for a in args] + ["--lang", language]
        result = shown(*argv)  # the same runs tests/test_output_words.py scans for codes
        assert result.returncode in (0, 1), (argv, result.stderr)
        found = [w for w in english_in(result.stdout + "\n" + result.stderr, language)
                 if w.lower() not in situation_names()]
        if found:
            leaks.append(f"{' '.join(argv)}: {found}")
    assert not leaks, "\n".join(leaks)


#: the pages a player opens, each in every language
PAGES = ["/", "/rule/combat.ties", "/rule/running-away.must-roll", "/card/plutonium-dragon", "/card/elf",
         "/card/horny-helmet"]


def page_text(html: str, language: str | None = None) -> str:
    """What a page shows a reader: no script, no style, no tags; a source's own words (the
    quotes in their language, ``<blockquote lang>``), the language menu's names, ids shown as
    ``<code>`` and (given the page's ``language``) what is marked as another language's (a card's
    name in each language, ``<span lang="en">``) left out."""
    import html as entities

    html = re.sub(r"<(script|style|blockquote|select|code)\b.*?</\1>", " ", html, flags=re.S)
    if language is not None:
        html = re.sub(r'<(\w+)\b[^>]*\blang="(?!' + language + r'")[^"]*"[^>]*>.*?</\1>', " ", html, flags=re.S)
    return entities.unescape(re.sub(r"<[^>]+>", " ", html))


def test_no_page_shows_an_english_word(server):
    leaks = []
    for language in TRANSLATED:
        for path in PAGES:
            status, html, _ = server.request("GET", f"{path}?lang={language}")
            assert status == 200, (path, language)
            found = english_in(page_text(html), language)
            if found:
                leaks.append(f"{path}?lang={language}: {found}")
    assert not leaks, "\n".join(leaks)


# --- every help screen and parser error ---------------------------------------------------------

#: what a help screen shows that is the command line's own syntax, not words to translate:
HELP_SYNTAX = [
    re.compile(r"\breferee(?: [a-z][a-z0-9-]*)*"),       # the command typed, in "Usage: referee table redo"
    re.compile(r"(?m)^  [a-z][a-z0-9-]*(?=  )"),          # a command's name in a group's list of commands
    re.compile(r"\b[A-Z][A-Z0-9_]*[A-Z0-9]\b(?:…|\.\.\.)?"),  # metavariables (NAME, [OPTIONS]) and $VARIABLES
    re.compile(r"\[[^\[\]:]*:\s*[a-z][a-z0-9-]*\]"),       # a flag's default, shown as its name: "[default: catalogs]"
]

#: codes a command takes that have no words in the catalogs (`can`'s ACTION, `cards --type`): the
#: help lists them as they must be typed (code_only). Every other listed value is shown in the
#: reader's words.
def code_only() -> tuple[str, ...]:
    from referee.corpus.cards import CARD_TYPES
    from referee.model import ACTIONS

    return ACTIONS + CARD_TYPES


@lru_cache(maxsize=None)
def code_lists() -> re.Pattern:
    """A comma-separated list of two or more codes of :func:`code_only` (a command's summary in
    its group's list is cut after a few)."""
    codes = sorted(set(code_only()), key=len, reverse=True)
    # (a code of two words may be wrapped between them: "one-shot" at a line's end, "item" next)
    one = "(?:" + "|".join(re.escape(code).replace(r"\ ", r"\s+") for code in codes) + ")"
    # two or more codes, or the start of a list a group's summary cut ("trade,...")
    return re.compile(rf"(?<![\w-]){one}(?:(?:,\s+{one})+|,\s*(?:\.\.\.|…))(?![\w-])")


def help_text(text: str) -> str:
    """A help screen or a parser error as scanned: its syntax and its code lists left out."""
    text = code_lists().sub(" ", re.sub(r"-\n\s+", "-", text))  # a code cut at its hyphen by the wrapping
    for pattern in HELP_SYNTAX:
        text = pattern.sub(" ", text)
    return text


def help_screens(language: str) -> dict[str, str]:
    """Every command's and group's ``--help``, its answer to an unknown option, a group's to an
    unknown command and (where a command takes a required argument) its answer to none, in ``language``: run in a process of its own (the commands'
    option help is read in the language once, at import, as in a real run)."""
    import contextlib
    import io

    import typer.main

    from referee.cli import build_app, run
    from referee.i18n.catalogs import use_language

    use_language(language)

    def commands(command, path=()):
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from commands(sub, path + (name,))

    screens = {}
    for path, command in commands(typer.main.get_command(build_app())):
        lines = [[*path, "--help"], [*path, "--no-such-option"]]
        if getattr(command, "commands", None):
            lines.append([*path, "xyzzy"])  # a word of no language: what is typed is shown back
            # a command's name mistyped: the parser's "did you mean" follows, in the language too
            lines.append([*path, sorted(command.commands)[0] + "x"])
        if any(getattr(p, "required", False) and p.param_type_name == "argument" for p in command.params):
            lines.append(list(path))
        for argv in lines:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                run([*argv, "--lang", language])
            screens[" ".join(argv)] = out.getvalue() + "\n" + err.getvalue()
    return screens


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_help_screen_or_parser_error_shows_an_english_word(language, tmp_path):
    import json
    import subprocess
    import sys

    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("REFEREE_", "LANG", "LC_"))}
    env["REFEREE_CACHE_DIR"] = str(tmp_path / "cache")
    result = subprocess.run([sys.executable, "-c", "import json, sys; from tests.test_output_english import "
                             "help_screens; print(json.dumps(help_screens(sys.argv[1])))", language],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    screens = json.loads(result.stdout)
    assert len(screens) > 60 and any(line.startswith("table turn") for line in screens)
    leaks = [f"referee {line} --lang {language}: {found}" for line, text in screens.items()
             if (found := english_in(help_text(text), language))]
    assert not leaks, "\n".join(leaks)


# --- `referee serve`: what it prints on start-up, and its pages, in the table's language ---------

#: the pages a phone at the table opens, asked in its language as a phone asks (Accept-Language)
SERVED = ["/", "/rule/combat.ties", "/card/plutonium-dragon", "/card/dwarf", "/card/the-other-ring"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_serve_shows_no_english_word_from_start_up_to_its_pages(language, tmp_path):
    from tests.conftest import Server

    # on a network address: the start-up names the address, the join code and the join link
    running = Server(tmp_path / "table.sqlite3", "--host", "0.0.0.0", "--lang", language)
    try:
        pages = {}
        for path in SERVED:
            status, html, _ = running.request("GET", path, headers={"Accept-Language": language})
            assert status == 200, (path, language)
            pages[path] = html
    finally:
        running.process.terminate()
        out, err = running.process.communicate(timeout=20)
    start_up = running.announced + out + "\n" + err
    assert "?code=" in start_up, start_up  # the join link: the lines scanned are the real ones
    leaks = [f"start-up: {found}\n{start_up}"] if (found := english_in(start_up, language)) else []
    for path, html in pages.items():
        assert f'<html lang="{language}"' in html, path  # the page is in the language, so is what it marks
        found = english_in(page_text(html, language), language)
        if found:
            leaks.append(f"{path} (Accept-Language: {language}): {found}")
    assert not leaks, "\n".join(leaks)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_verdict_of_any_rule_case_prints_an_english_word(language, corpus):
    """Every situation of tests/cases, judged and printed in the language: the figures a rare
    verdict carries (a monster out of the fight, an Epic helper's die, a Gnome's treasures on
    escape) are labelled in the language too, not shown by their keys."""
    import yaml

    from referee.adjudicate import card_lookup
    from referee.cli.render import verdict_text
    from referee.engine import judge
    from referee.i18n.catalogs import RuleText, speaking
    from referee.situation import load_situation
    from tests.test_cases import CASES

    cards, leaks = card_lookup(corpus), {}
    with speaking(language):
        text = RuleText(language)
        for param in CASES:
            case = param.values[0]
            if "error" in case["expect"]:
                continue
            verdict = judge(load_situation(yaml.safe_dump(case["situation"], allow_unicode=True), "case.yaml",
                                           cards=cards), corpus.values)
            shown = without_given("\n".join(verdict_text(corpus, verdict, text)), case["situation"])
            found = english_in(scannable(shown), language)
            if found:
                leaks[case["name"]] = found
    assert not leaks, "\n".join(f"{name}: {found}" for name, found in list(leaks.items())[:20])

