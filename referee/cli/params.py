"""Command parameters declared without importing typer.

Importing typer costs more than a whole ``referee judge``, so the most used commands are run
without it (:mod:`referee.cli.direct`) whenever their command line is plain. They declare
their parameters with :func:`Option` and :func:`Argument` — the same arguments typer's take —
and :func:`for_typer` hands typer the real thing when the app is built (for ``--help``,
completion, and every command line the direct path does not take).

A command returns its exit code (``return 1`` for "no result"), which typer passes through
:func:`referee.cli.run` too.
"""

from __future__ import annotations

import functools

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Any, Callable


class Param:
    """What a command gives typer for one parameter: option or argument, default, settings."""

    __slots__ = ("argument", "default", "decls", "settings")

    def __init__(self, argument: bool, default: Any, decls: tuple[str, ...], settings: dict):
        self.argument, self.default, self.decls, self.settings = argument, default, decls, settings

    def names(self, name: str) -> tuple[str, ...]:
        """The option's names on the command line, as typer derives them (``--catalogs/--no-catalogs``
        is two names)."""
        decls = [part for decl in self.decls for part in decl.split("/") if part.startswith("-")]
        return tuple(decls) or (f"--{name.replace('_', '-')}",)

    def to_typer(self):
        import typer  # lazy: +30.5 ms at start-up if imported with the module

        make = typer.Argument if self.argument else typer.Option
        return make(self.default, *self.decls, **self.settings)


def Option(default: Any = ..., *decls: str, **settings) -> Any:  # noqa: N802 (typer's name)
    return Param(False, default, decls, settings)


def Argument(default: Any = ..., **settings) -> Any:  # noqa: N802
    return Param(True, default, (), settings)


def declared(function: Callable) -> list[tuple[str, Param, str]]:
    """Each parameter of a command: name, declaration, annotation (a string), in order; empty when
    the command declares its parameters otherwise (typer's own).

    A command made from a table (:mod:`referee.cli.question_commands`) lists them in
    ``__declared__``; a written one has them in its signature, read here without :mod:`inspect`
    (whose import costs a plain command's start-up a tenth).
    """
    made = getattr(function, "__declared__", None)
    if made is not None:
        return list(made)
    code = function.__code__
    names = code.co_varnames[:code.co_argcount]
    defaults = function.__defaults__ or ()
    if len(defaults) != len(names) or not all(isinstance(d, Param) for d in defaults):
        return []
    annotations = function.__annotations__
    return [(name, param, str(annotations.get(name, ""))) for name, param in zip(names, defaults)]


def for_typer(command: Callable) -> Callable:
    """``command`` as typer must see it: every :class:`Param` default turned into typer's own."""
    import inspect  # lazy: +4.3 ms at start-up if imported with the module
    import typing  # lazy: +2.7 ms at start-up if imported with the module (`judge` does without it)
    from pathlib import Path  # lazy: +7.2 ms at start-up if imported with the module

    # The modules declare annotation-only names under TYPE_CHECKING: the strings are read here
    # with typing's names at hand.
    names = {"List": typing.List, "Optional": typing.Optional, "Callable": typing.Callable, "Any": typing.Any,
             "Path": Path}

    made = getattr(command, "__declared__", None)
    if made is None:
        signature = inspect.signature(command)
        if not any(isinstance(p.default, Param) for p in signature.parameters.values()):
            return command
        # The annotations are strings (PEP 563) to be read in the command's own module: resolved
        # here, since typer would look them up in this module's names.
        hints = typing.get_type_hints(command, localns=names)
    else:
        parameters = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=param)
                      for name, param, _ in made]
        signature = inspect.Signature(parameters)
        holder = lambda: None  # noqa: E731 (a function to hold the annotations get_type_hints reads)
        holder.__annotations__ = {name: annotation for name, _, annotation in made}
        hints = typing.get_type_hints(holder, names)

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        return command(*args, **kwargs)

    # an option with its own parser is not converted again by typer (which reads the annotations)
    hints.update((p.name, typing.Any) for p in signature.parameters.values() if _parsed(p.default))
    wrapper.__signature__ = signature.replace(parameters=[
        p.replace(default=p.default.to_typer() if isinstance(p.default, Param) else p.default,
                  annotation=hints.get(p.name, p.annotation))
        for p in signature.parameters.values()])
    wrapper.__annotations__ = hints
    return wrapper


def _parsed(default) -> bool:
    """Whether an option reads its value with its own ``parser`` (typer must not convert it again)."""
    return isinstance(default, Param) and "parser" in default.settings
