"""The ``referee`` command line: each command parses, calls the library, renders.

:func:`main` chooses the language first (so ``--help`` is translated too), builds the typer
app, and is the one error boundary: library errors become a message on stderr and their exit
code; anything unexpected becomes a one-line internal error (``REFEREE_DEBUG=1`` shows the
traceback). No input, however malformed, prints a Python traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Optional

from referee.errors import RefereeError


def _early_language(argv: list[str]) -> str:
    """The language asked for, read before the parser runs; never fails (the command does)."""
    from referee.errors import BadInput
    from referee.i18n.locale import choose_language, parse_language

    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return parse_language(argv[i + 1]) or "en"
        if arg.startswith("--lang="):
            return parse_language(arg.split("=", 1)[1]) or "en"
    try:
        return choose_language(None)
    except BadInput:
        return "en"


def build_app():
    """The typer app with every command, its help in the current language."""
    import typer

    from referee.i18n.catalogs import _

    from referee.cli.help import Group

    app = typer.Typer(name="referee", help=_("Settle Munchkin rules arguments: the rule, its sources, and a verdict."),
                      cls=Group, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False)
    from referee.cli import card_commands, corpus_commands, i18n_commands, judge_command, options, search_commands

    def root(lang: Optional[str] = options.lang()) -> None:
        # --lang before the command (`referee --lang hu rule …`) was already applied by main().
        pass

    app.callback()(root)

    for module in (corpus_commands, search_commands, card_commands, judge_command, i18n_commands):
        module.register(app)
    return app


def main() -> None:
    """Run the CLI with one error boundary around every command."""
    from referee.i18n.catalogs import _, use_language

    try:
        use_language(_early_language(sys.argv[1:]))
        # With standalone_mode off, click returns a command's exit code instead of exiting.
        code = build_app()(standalone_mode=False)
    except RefereeError as exc:
        print(f"referee: {exc.render(_)}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        print("referee: " + _("interrupted"), file=sys.stderr)
        sys.exit(130)
    except Exception as exc:
        # Usage errors from the parser (typer vendors click) know their message and exit code.
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None), int):
            if hasattr(exc, "ctx") and type(exc).__name__ != "NoArgsIsHelpError":
                from referee.cli import usage_errors

                usage_errors.show(exc)
            else:
                exc.show()
            sys.exit(exc.exit_code)
        if type(exc).__name__ in ("Exit", "Abort"):
            sys.exit(getattr(exc, "exit_code", 1))
        if os.environ.get("REFEREE_DEBUG"):
            raise
        print("referee: " + _("internal error: {error} (set REFEREE_DEBUG=1 to see where)").format(
            error=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)
