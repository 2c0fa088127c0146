"""The ``referee`` command line: each command parses, calls the library, renders.

:func:`main` is the one error boundary: library errors become a message on stderr and their
exit code; anything unexpected becomes a one-line internal error (``REFEREE_DEBUG=1`` shows the
traceback). No input, however malformed, prints a Python traceback.
"""

from __future__ import annotations

import os
import sys

import typer

from referee.errors import RefereeError

app = typer.Typer(
    name="referee",
    help="Settle Munchkin rules arguments: the rule, its sources, and a verdict.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

# Commands register themselves on ``app`` when their module is imported.
from referee.cli import corpus_commands, judge_command  # noqa: E402,F401


def main() -> None:
    """Run the CLI with one error boundary around every command."""
    try:
        # With standalone_mode off, click returns a command's exit code instead of exiting.
        code = app(standalone_mode=False)
    except RefereeError as exc:
        print(f"referee: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        print("referee: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:
        # Usage errors from the parser (typer vendors click) know their message and exit code.
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None), int):
            exc.show()
            sys.exit(exc.exit_code)
        if os.environ.get("REFEREE_DEBUG"):
            raise
        print(f"referee: internal error: {type(exc).__name__}: {exc} "
              "(set REFEREE_DEBUG=1 to see where)", file=sys.stderr)
        sys.exit(70)
    sys.exit(code if isinstance(code, int) else 0)
