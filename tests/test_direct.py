"""The direct path (commands run without building the typer app) reads every command line as
typer does, or leaves it to typer."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli import build_app, direct

#: command lines of the commands that run directly: each is read alike by both paths, or
#: left to typer (which then answers it: help, an error, an unusual form)
LINES = [
    ["rule", "combat.ties"], ["rule", "combat.ties", "--json", "--lang", "hu"], ["rule", "--lang=de", "combat.ties"],
    ["rule"], ["rule", "a", "b"], ["rule", "--help"], ["rule", "-h"], ["rule", "--", "--json"],
    ["list"], ["list", "--topic", "combat", "--game", "epic", "--kind", "rule", "--json"], ["list", "--topic"],
    ["list", "--json=1"], ["list", "extra"],
    ["conflicts", "--game", "epic"], ["conflicts", "--gam", "epic"],
    ["search", "sell", "level"], ["search", "--limit", "3", "sell"], ["search", "sell", "--limit=100"],
    ["search", "sell", "--limit", "0"], ["search", "sell", "--limit", "101"], ["search", "sell", "--limit", "x"],
    ["search", "sell", "--limit", "1_0"], ["search", "sell", "--limit", " 7"], ["search", "sell", "--limit", "-3"],
    ["search", "-", "x"], ["search"], ["search", "topic:combat", "--game", "epic", "--topic", "combat"],
    ["search", "a", "--limit"], ["search", "-q", "x"],
    ["card", "Loaded", "Die"], ["card", "ring", "--json"], ["card"],
    ["cards", "--type", "monster"], ["cards", "--type"],
    ["judge", "-"], ["judge", "x.yaml", "--json"], ["judge"], ["judge", "a", "b"],
]


def _typer_reads(argv: list[str]):
    """What typer passes the command for ``argv``, or ``None`` when it refuses the line or
    would not call the command (help)."""
    import typer.main

    group = typer.main.get_command(build_app())
    command = group.commands[argv[0]]
    try:
        context = command.make_context(argv[0], list(argv[1:]), parent=None)
    except Exception:  # a usage error, or --help (click's Exit)
        return None
    return {name: list(value) if isinstance(value, tuple) else value for name, value in context.params.items()}


@pytest.mark.parametrize("argv", LINES, ids=" ".join)
def test_both_paths_read_a_line_alike_or_the_direct_one_steps_aside(argv):
    read = direct.parse(direct.command(argv[0]), argv[1:])
    if read is None:
        return  # typer answers it
    expected = _typer_reads(argv)
    assert expected is not None, f"the direct path took a line typer refuses: {argv}"
    assert read == expected


def test_plain_lines_do_run_directly():
    for argv in (["rule", "combat.ties"], ["search", "sell", "--limit", "3", "--json"], ["judge", "-"],
                 ["check", "--rules", "x"] if "check" in direct.COMMANDS else ["card", "x"]):
        assert direct.find(argv) is not None, argv
    assert direct.find(["rule", "--help"]) is None and direct.find(["index"]) is None


def test_every_direct_command_is_the_one_typer_registers():
    app = build_app()
    registered = {info.name: info.callback.__wrapped__ if hasattr(info.callback, "__wrapped__") else info.callback
                  for info in app.registered_commands}
    for name in direct.COMMANDS:
        assert registered[name] is direct.command(name), name


def test_a_path_option_is_a_path():
    read = direct.parse(lambda rules=None: None, [])  # no declared parameters: typer's
    assert read is None
    from referee.cli.corpus_commands import check

    assert direct.parse(check, ["--rules", "some/dir", "--no-catalogs"]) == {
        "coverage": False, "rules": Path("some/dir"), "catalogs": False, "lang": None, "as_json": False}
