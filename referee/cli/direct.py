"""The most used commands, run without building the typer app when their command line is plain.

Importing typer and building the app take longer than a whole ``referee judge`` (about 35 ms
against 25), so :func:`find` reads a command line by the parameters the command declares
(:mod:`referee.cli.params`) and calls the command itself. It takes only what it is sure to
read as typer would — known long options, their values, positional arguments — and leaves
everything else to typer: help (``-h``, ``--help``), shell completion, ``--``, short options,
unknown options, a missing or extra argument, a value typer would refuse. So every message
about a command line still comes from one place, and ``tests/test_direct.py`` checks that
both paths read every command line of a table alike.
"""

from __future__ import annotations

import importlib
import os

from referee import registry
from referee.cli import params

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Callable, Optional

#: command name -> (module, function): the commands worth starting without typer
COMMANDS = {
    "rule": ("referee.cli.corpus_commands", "rule"),
    "list": ("referee.cli.corpus_commands", "list_"),
    "conflicts": ("referee.cli.corpus_commands", "conflicts"),
    "search": ("referee.cli.search_commands", "search"),
    "card": ("referee.cli.card_commands", "card"),
    "cards": ("referee.cli.card_commands", "cards"),
    "judge": ("referee.cli.judge_command", "judge"),
    "ask": ("referee.cli.ask_command", "ask"),
    # at the table: a question asked in the middle of an argument must come back at once
    **{verb: ("referee.cli.question_commands", verb) for verb in registry.VERBS},
    "table": ("referee.cli.table_commands", "show"),
    **{f"table {name}": ("referee.cli.table_commands", function) for name, function in (
        ("new", "new"), ("set", "set_"), ("level", "level"), ("item", "item"), ("turn", "turn"),
        ("undo", "undo"), ("redo", "redo"), ("combat", "combat"), ("log", "log"), ("export", "export"))},
}

#: settings of a parameter this reader knows how to honour; any other sends the line to typer
_KNOWN_SETTINGS = frozenset({"help", "metavar", "min", "max", "show_default", "autocompletion", "parser"})


def command(name: str) -> Optional[Callable]:
    """The function behind a command that may run directly (``None`` for the others)."""
    where = COMMANDS.get(name)
    return getattr(importlib.import_module(where[0]), where[1]) if where else None


def find(argv: list[str]) -> Optional[Callable[[], object]]:
    """A call that runs ``argv`` as typer would, or ``None`` when typer should read it."""
    if not argv or os.environ.get("_REFEREE_COMPLETE"):
        return None
    # A subcommand (`table set …`) is one command of two words.
    words = 2 if len(argv) > 1 and " ".join(argv[:2]) in COMMANDS else 1
    name = " ".join(argv[:words])
    if name not in COMMANDS:
        return None
    function = command(name)
    values = parse(function, argv[words:])
    if values is None:
        return None
    return lambda: function(**values)


def _kind(annotation: str) -> Optional[str]:
    """What typer makes of an annotation, for the ones this reader handles (else ``None``)."""
    bare = annotation.replace("typing.", "").replace(" ", "")
    for wrapper in ("Optional[", "Union["):
        if bare.startswith(wrapper) and bare.endswith("]"):
            bare = bare[len(wrapper):-1].replace(",None", "")
    return {"str": "str", "int": "int", "bool": "bool", "Path": "path", "List[str]": "strs",
            "list[str]": "strs", "List[int]": "ints", "list[int]": "ints"}.get(bare)


def parse(function, args: list[str]) -> Optional[dict]:
    """The keyword arguments typer would call ``function`` with for ``args``, or ``None`` when
    the line is not plain enough to be sure."""
    declared = params.declared(function)
    if not declared:
        return None
    values, options, positional = {}, {}, []
    for name, param, annotation in declared:
        kind = _kind(annotation)
        if kind is None or set(param.settings) - _KNOWN_SETTINGS:
            return None
        if param.argument:
            if positional and positional[-1][2] == "strs":
                return None  # an argument after one that takes many: typer shares them out
            positional.append((name, param, kind))
            continue
        if param.default is ...:
            return None  # a required option: typer's to read (and to say it is missing)
        if kind in ("strs", "ints"):
            if param.default != []:
                return None
            values[name] = []  # a repeated option: each time it is given adds a value
            for option in param.names(name):
                options[option] = (name, kind, None, param.settings)
            continue
        values[name] = param.default
        names = param.names(name)
        if kind == "bool":
            if len(names) == 2:
                options[names[0]], options[names[1]] = (name, kind, True, None), (name, kind, False, None)
            elif len(names) == 1:
                options[names[0]] = (name, kind, True, None)
            else:
                return None
        else:
            for option in names:
                options[option] = (name, kind, None, param.settings)
    words = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            words.append(arg)
            continue
        option, equals, value = arg.partition("=")
        if option not in options:
            return None  # --help, -h, --, a short option, a typo: typer answers
        name, kind, flag, settings = options[option]
        if kind == "bool":
            if equals:
                return None
            values[name] = flag
            continue
        if not equals:
            if i >= len(args) or (args[i].startswith("-") and args[i] != "-"):
                return None
            value = args[i]
            i += 1
        converted = _convert(value, {"strs": "str", "ints": "int"}.get(kind, kind), settings)
        if converted is None:
            return None
        if kind in ("strs", "ints"):
            values[name].append(converted)
        else:
            values[name] = converted
    for name, param, kind in positional:
        if kind == "strs":
            if not words and param.default is ...:
                return None
            values[name], words = list(words), []  # typer gives a list, empty when nothing was typed
        elif words:
            converted = _convert(words.pop(0), kind, param.settings)
            if converted is None:
                return None
            values[name] = converted
        elif param.default is ...:
            return None
        else:
            values[name] = param.default
    return None if words else values


def _convert(value: str, kind: str, settings: dict):
    if settings.get("parser"):  # the option reads its value itself, as typer would have it do
        return settings["parser"](value)
    if kind == "str":
        return value
    if kind == "path":
        from pathlib import Path  # lazy: +3.9 ms at start-up if imported with the module

        return Path(value) if value else None  # typer's reading of "" is its own
    if kind == "int":
        text = value.strip()
        if not (text.isascii() and text.lstrip("+-").isdigit()) or len(text) > 18:
            return None
        number = int(text)
        low, high = settings.get("min"), settings.get("max")
        if (low is not None and number < low) or (high is not None and number > high):
            return None
        return number
    return None
