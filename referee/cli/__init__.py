"""The ``referee`` command line: each command parses, calls the library, renders.

:func:`run` is the one error boundary, shared by the console script (:func:`main`) and the
interactive session (``referee play``): it chooses the language first (so ``--help`` is
translated too), moves the options that may stand anywhere to the command they belong to,
runs the command, and turns library errors into a message on stderr and their exit code;
anything unexpected becomes a one-line internal error (``REFEREE_DEBUG=1`` shows the
traceback). No input, however malformed, prints a Python traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Optional

from referee.errors import RefereeError

#: Options every command takes, which may also stand before the command's name
#: (``referee --lang hu rule combat.ties``): option -> does it take a value.
ANYWHERE = {"--lang": True, "--json": False, "--table": True}


def hoist_options(argv: list[str]) -> tuple[list[str], Optional[str]]:
    """``argv`` with every ``--lang``/``--json``/``--table`` moved to the end, where the command declares them,
    and the last ``--lang`` value given (``None`` if none).

    Click binds an option to the command it follows, so ``referee --json table`` would give the
    flag to the top level, which has no use for it. Nothing after ``--`` is touched.
    """
    head, moved, language = [], [], None
    end = argv.index("--") if "--" in argv else len(argv)
    i = 0
    while i < end:
        arg = argv[i]
        name = arg.split("=", 1)[0]
        if name in ANYWHERE:
            if ANYWHERE[name] and "=" not in arg:
                value = argv[i + 1] if i + 1 < end else None
                moved += [arg] + ([value] if value is not None else [])
                language = value if name == "--lang" else language
                i += 2
                continue
            if name == "--lang":
                language = arg.split("=", 1)[1]
            moved.append(arg)
        else:
            head.append(arg)
        i += 1
    return head + moved + argv[end:], language


def _language(asked: Optional[str]) -> str:
    """The language to speak: an explicit ``--lang`` must be known, wherever it stood."""
    from referee.errors import BadInput
    from referee.i18n.locale import choose_language

    if asked is not None:
        return choose_language(asked)  # raises BadInput for an unknown code: exit 2
    try:
        return choose_language(None)
    except BadInput:
        return "en"  # a bad REFEREE_LANG is reported by the command that reads it


def build_app():
    """The typer app with every command, its help in the current language."""
    import typer

    from referee.i18n.catalogs import _

    from referee.cli.help import Group

    app = typer.Typer(name="referee", help=_("Settle Munchkin rules arguments: the rule, its sources, and a verdict."),
                      cls=Group, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False)
    from referee.cli import (card_commands, corpus_commands, i18n_commands, judge_command, options,
                             play, question_commands, search_commands, table_commands)

    def root(lang: Optional[str] = options.lang(), version: bool = options.version()) -> None:
        # --lang before the command (`referee --lang hu rule …`) was moved after it by run().
        pass

    app.callback()(root)

    for module in (corpus_commands, search_commands, card_commands, judge_command, table_commands, question_commands,
                   play, i18n_commands):
        module.register(app)
    return app


def command_of(app):
    """The click command a typer app stands for (typer builds it anew on every call: a session
    keeps this one instead)."""
    import typer

    if isinstance(app, typer.Typer):
        import typer.main

        return typer.main.get_command(app)
    return app


def run(argv: list[str], app=None) -> int:
    """Run one command line (without the program name) and return its exit code.

    ``app`` is the typer app or the click command made of it; without it one is built.
    """
    from referee.i18n.catalogs import _, use_language

    try:
        argv, asked = hoist_options(list(argv))
        use_language(_language(asked))
        # With standalone_mode off, click returns a command's exit code instead of exiting.
        code = command_of(app or build_app()).main(args=argv, prog_name="referee", standalone_mode=False)
    except RefereeError as exc:
        print(f"referee: {exc.render(_)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("referee: " + _("interrupted"), file=sys.stderr)
        return 130
    except Exception as exc:
        # Usage errors from the parser (typer vendors click) know their message and exit code.
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None), int):
            if hasattr(exc, "ctx") and type(exc).__name__ != "NoArgsIsHelpError":
                from referee.cli import usage_errors

                usage_errors.show(exc)
            else:
                exc.show()
            return exc.exit_code
        if type(exc).__name__ in ("Exit", "Abort"):
            return getattr(exc, "exit_code", 1)
        if os.environ.get("REFEREE_DEBUG"):
            raise
        print("referee: " + _("internal error: {error} (set REFEREE_DEBUG=1 to see where)").format(
            error=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        return 70
    return code if isinstance(code, int) else 0


def main() -> None:
    """The console script."""
    sys.exit(run(sys.argv[1:]))
