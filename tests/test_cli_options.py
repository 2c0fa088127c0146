"""Options anywhere: ``--lang`` and ``--json`` before or after the command; ``--version``."""

from __future__ import annotations

import json

import pytest

from referee import __version__
from referee.cli import hoist_options


@pytest.mark.parametrize("args", [
    ("--lang", "hu", "rule", "combat.ties", "--json"),
    ("rule", "combat.ties", "--lang", "hu", "--json"),
    ("--json", "--lang=hu", "rule", "combat.ties"),
    ("--lang", "hu", "--json", "rule", "combat.ties"),
])
def test_lang_and_json_work_before_or_after_the_command(args, referee):
    result = referee(*args)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == "combat.ties" and data["lang"] == "hu"


@pytest.mark.parametrize("args", [
    ("--lang", "fr", "rule", "combat.ties"),
    ("rule", "combat.ties", "--lang", "fr"),
    ("--lang=xx", "search", "dado"),
    ("--lang", "fr"),
])
def test_an_unknown_language_is_exit_2_wherever_it_stands(args, referee):
    result = referee(*args)
    assert result.returncode == 2
    assert "fr" in result.stderr or "xx" in result.stderr
    assert "supported languages: en, nl, hu, es, gu, de" in result.stderr
    assert "Traceback" not in result.stderr and not result.stdout


def test_version_prints_the_package_version(referee):
    result = referee("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"referee {__version__}"


def test_nothing_after_a_double_dash_is_moved():
    assert hoist_options(["--json", "search", "--", "--lang", "x"]) == (["search", "--json", "--", "--lang", "x"], None)
    assert hoist_options(["--lang", "de", "rule", "x"]) == (["rule", "x", "--lang", "de"], "de")


@pytest.mark.parametrize("args", [("-h",), ("--help",), ("search", "-h"), ("judge", "--help"), ("i18n", "-h"),
                                  ("-h", "--lang", "gu")])
def test_dash_h_is_help_beside_dash_dash_help(args, referee):
    result = referee(*args)
    assert result.returncode == 0, result.stderr
    assert "-h, --help" in result.stdout and "Traceback" not in result.stderr


def test_top_level_help_lists_every_command(referee):
    from referee.cli import build_app

    shown = referee("--help").stdout
    for info in build_app().registered_commands:
        assert f"  {info.name} " in shown, info.name


@pytest.mark.parametrize("args", [("--quiet", "rule", "combat.ties"), ("rule", "combat.ties", "-q"),
                                  ("search", "sell", "--quiet", "--json")])
def test_quiet_may_stand_anywhere(args, referee):
    result = referee(*args)
    assert result.returncode == 0 and result.stdout and not result.stderr, result.stderr


def _on_a_terminal(args: list[str], env: dict) -> tuple[str, set[str]]:
    """What ``referee ARGS`` writes to a pseudo-terminal, and the modules it imported."""
    import os
    import pty
    import subprocess
    import sys

    from tests.conftest import REFEREE, _environment, read_terminal

    controller, terminal = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-X", "importtime", REFEREE, *args], stdout=terminal,
                                   stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=_environment(env))
        os.close(terminal)
        shown = read_terminal(controller)
        stderr = process.communicate(timeout=120)[1].decode()
    finally:
        os.close(controller)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}
    return shown.decode(), loaded


@pytest.mark.parametrize("args, heading", [(["--help", "--lang", "de"], "Optionen:"),
                                           (["fight", "--help", "--lang", "nl"], "Argumenten:"),
                                           (["table", "--help"], "Commands:")])
def test_help_on_a_terminal_is_coloured_without_rich(args, heading):
    """typer's rich renderer would load rich, markdown-it and pygments (75 ms): the help is
    click's layout with colour, and NO_COLOR turns the colour off."""
    shown, loaded = _on_a_terminal(args, {"TERM": "xterm"})
    assert "\033[1m" in shown and "\033[1;36m--lang" in shown, shown
    assert not {m.split(".")[0] for m in loaded} & {"rich", "markdown_it", "pygments"}, sorted(loaded)
    plain, _ = _on_a_terminal(args, {"TERM": "xterm", "NO_COLOR": "1"})
    assert "\033[" not in plain and "--lang" in plain
    assert f"\033[1m{heading}\033[0m" in shown and heading in plain


@pytest.mark.parametrize("lang, word", [("hu", "epikus"), ("es", "munchkin épico"), ("de", "Episches Munchkin"),
                                        ("nl", "epische munchkin"), ("en", "epic")])
def test_a_filter_typed_in_the_players_words_filters_as_its_code(lang, word, referee):
    """`list --game epikus` lists the Epic clauses, as `--game epic` does; the word was accepted
    but the filter compared the typed word with the codes and found nothing."""
    english = json.loads(referee("list", "--game", "epic", "--json").stdout)
    typed = referee("list", "--game", word, "--lang", lang, "--json")
    assert typed.returncode == 0, typed.stderr
    def ids(data):
        return [c["id"] for topic in data["topics"] for c in topic["clauses"]]

    assert ids(english) and ids(json.loads(typed.stdout)) == ids(english)
    searched = referee("search", "level", "--game", word, "--lang", lang, "--json")
    found = json.loads(searched.stdout)["results"]
    assert found and {r["id"] for r in found} <= set(ids(english))
