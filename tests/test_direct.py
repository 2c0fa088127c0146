"""The direct path (commands run without building the typer app) reads every command line as
typer does, or leaves it to typer."""

from __future__ import annotations

import functools
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
    ["fight", "Troll:8"], ["fight", "Troll:8", "Net Troll", "--helper", "Bob", "--plus", "3", "--plus", "2"],
    ["fight", "Troll:8", "--monster-plus", "5", "--record", "--json"], ["fight", "Troll:8", "--plus", "x"],
    ["fight", "Troll:8", "--plus", "-2"], ["fight"], ["fight", "Troll:8", "--player", "Ann:5 elf", "--player", "Bob"],
    ["fight", "Troll:8", "--met-monster"], ["fight", "Troll:8", "--no-met-monster", "--turn", "Bob"],
    ["flee"], ["flee", "Troll:8", "--player", "Ann", "--player", "Bob"], ["flee", "--helper", "Bob"],
    ["can", "Ann", "steal", "--target", "Bob", "--item", "Boots"], ["can", "Ann"], ["can", "Ann", "sell", "--phase", "loot"],
    ["sell", "Ann", "Boots", "Crown:800"], ["sell", "Ann"], ["gear", "Ann"], ["gear"], ["charity", "Bob", "--json"],
    ["death", "Ann", "--save-situation", "x.yaml"], ["level", "Ann", "+1", "--source", "kill"], ["level", "Ann", "-1"],
    ["die", "3"], ["die", "11"], ["die", "x"], ["die", "3", "--for", "Bob"],
    ["table"], ["table", "--json"], ["table", "new", "Ann", "Bob", "--game", "epic", "--expansion", "steeds"],
    ["table", "new"], ["table", "new", "Ann", "--replace", "--house-rule", "starting_cards=2"],
    ["table", "set", "Ann", "level=3", "races=elf"], ["table", "set", "Ann"],
    ["table", "level", "Ann", "+1", "--source", "kill"], ["table", "level", "Ann", "-1", "--source", "curse"],
    ["table", "item", "Ann", "Boots", "--card", "Boots of Butt-Kicking"], ["table", "item", "Ann", "Boots", "--remove"],
    ["table", "item", "Ann", "Club", "bonus=1", "slot=one-hand"], ["table", "turn"], ["table", "turn", "Bob", "--phase", "loot"],
    ["table", "turn", "--met-monster"], ["table", "undo"], ["table", "undo", "3"], ["table", "undo", "0"], ["table", "log"],
    ["table", "set", "Ann", "level=3", "--table", "t.sqlite3"],
    ["table", "set", "Ann", "level=3", "--table", "postgresql://referee@db.example/referee#k3mf9x2qAbCd"],
]


@functools.lru_cache(maxsize=1)
def _app():
    import typer.main

    return typer.main.get_command(build_app())


def _typer_reads(argv: list[str]):
    """What typer passes the command for ``argv``, or ``None`` when it refuses the line or
    would not call the command (help)."""
    group = _app()
    command, words = group.commands[argv[0]], argv[1:]
    if hasattr(command, "commands") and words and words[0] in command.commands:  # a subcommand
        command, words = command.commands[words[0]], words[1:]
    try:
        context = command.make_context(argv[0], list(words), parent=None)
    except Exception:  # a usage error, or --help (click's Exit)
        return None
    return {name: list(value) if type(value) is tuple else value for name, value in context.params.items()}


@pytest.mark.parametrize("argv", LINES, ids=" ".join)
def test_both_paths_read_a_line_alike_or_the_direct_one_steps_aside(argv):
    two = " ".join(argv[:2])
    name, rest = (two, argv[2:]) if two in direct.COMMANDS else (argv[0], argv[1:])
    read = direct.parse(direct.command(name), rest)
    if read is None:
        return  # typer answers it
    expected = _typer_reads(argv)
    assert expected is not None, f"the direct path took a line typer refuses: {argv}"
    # click's context holds a path as typed (--table: as its parser reads it, a Path or a table
    # of a PostgreSQL store); typer makes it a Path when it calls the command
    def plain(params):
        return {k: str(v) if isinstance(v, Path) else v for k, v in params.items()}

    assert plain(read) == plain(expected)


def test_plain_lines_do_run_directly():
    for argv in (["rule", "combat.ties"], ["search", "sell", "--limit", "3", "--json"], ["judge", "-"],
                 ["check", "--rules", "x"] if "check" in direct.COMMANDS else ["card", "x"]):
        assert direct.find(argv) is not None, argv
    assert direct.find(["rule", "--help"]) is None and direct.find(["index"]) is None


def test_every_direct_command_is_the_one_typer_registers():
    app = build_app()

    def unwrapped(callback):
        while hasattr(callback, "__wrapped__"):
            callback = callback.__wrapped__
        return callback

    registered = {info.name: unwrapped(info.callback) for info in app.registered_commands}
    for group in app.registered_groups:  # `table` shows the table; `table set` is a command of its own
        registered[group.name] = unwrapped(group.typer_instance.registered_callback.callback)
        registered.update({f"{group.name} {info.name}": unwrapped(info.callback)
                           for info in group.typer_instance.registered_commands})
    for name in direct.COMMANDS:
        function = direct.command(name)
        assert registered[name] is function or (name == "table" and registered[name].__name__ == "_group"), name


def test_a_path_option_is_a_path():
    read = direct.parse(lambda rules=None: None, [])  # no declared parameters: typer's
    assert read is None
    from referee.cli.corpus_commands import check

    assert direct.parse(check, ["--rules", "some/dir", "--no-catalogs"]) == {
        "coverage": False, "rules": Path("some/dir"), "catalogs": False, "lang": None, "as_json": False}


# --- generated command lines ---------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

#: words a command line may hold: names, numbers, monsters, options' look-alikes
_WORDS = st.sampled_from(["Ann", "Bob", "Troll:8", "3", "11", "0", "-1", "+2", "x", "-", "kill", "steal", "a=b",
                          "Ann:5 elf", "", "--", "-h", "--json", "--nope", "=", "1_0", " 7"])


def _options_of(name: str) -> list[str]:
    """Every option name the command declares (both halves of a --flag/--no-flag)."""
    from referee.cli.params import declared

    return sorted({option for pname, param, _ in declared(direct.command(name)) if not param.argument
                   for option in param.names(pname)})


@st.composite
def _lines(draw):
    name = draw(st.sampled_from(sorted(n for n in direct.COMMANDS if " " not in n and n != "table")))
    options = _options_of(name)
    words = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 2))
        if kind == 0 or not options:
            words.append(draw(_WORDS))
        else:
            option = draw(st.sampled_from(options))
            words += [f"{option}={draw(_WORDS)}"] if kind == 2 else [option, draw(_WORDS)][:draw(st.integers(1, 2))]
    return [name, *words]


@settings(max_examples=300, deadline=None)
@given(_lines())
def test_generated_lines_are_read_alike_by_both_paths_or_left_to_typer(argv):
    read = direct.parse(direct.command(argv[0]), argv[1:])
    if read is None:
        return
    expected = _typer_reads(argv)
    assert expected is not None, f"the direct path took a line typer refuses: {argv}"
    as_text = lambda reading: {k: str(v) if isinstance(v, Path) else v for k, v in reading.items()}  # noqa: E731
    assert as_text(read) == as_text(expected), argv
