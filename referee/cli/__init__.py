"""The ``referee`` command line: each command parses, calls the library, renders.

:func:`run` is the one error boundary, shared by the console script (:func:`main`) and the
interactive session (``referee play``): it chooses the language first (so ``--help`` is
translated too), moves the options that may stand anywhere to the command they belong to,
runs the command — directly when its command line is plain (:mod:`referee.cli.direct`),
else through the typer app — and turns library errors into a message on stderr and their
exit code. Ctrl-C is exit 130 with one line; anything unexpected becomes a one-line internal
error, exit 70 (``REFEREE_DEBUG=1`` shows the traceback). No input, however malformed, prints
a Python traceback. What must end the process — a closed pipe, an output encoding — is
:func:`main`'s.
"""

from __future__ import annotations

import atexit
import errno
import gc
import importlib
import os
import sys

from referee import registry
from referee.errors import BadInput, Exit, RefereeError

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional

#: Options every command takes, which may also stand before the command's name
#: (``referee --lang hu rule combat.ties``): option -> does it take a value.
ANYWHERE = {"--lang": True, "--json": False, "--table": True}
#: Options of the whole program that may stand anywhere and are taken out before parsing.
GLOBAL_FLAGS = ("--quiet", "-q")
#: exit codes of the process itself (the commands' own come with their errors: referee.errors.Exit)
INTERRUPTED, BROKEN_PIPE, INTERNAL_ERROR = Exit.INTERRUPTED, Exit.BROKEN_PIPE, Exit.INTERNAL


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


def take_global_flags(argv: list[str]) -> tuple[list[str], bool]:
    """``argv`` without ``--quiet``/``-q`` (before any ``--``), and whether one was there."""
    end = argv.index("--") if "--" in argv else len(argv)
    kept = [arg for arg in argv[:end] if arg not in GLOBAL_FLAGS]
    return kept + argv[end:], len(kept) < end


def _language(asked: Optional[str]) -> str:
    """The language to speak: an explicit ``--lang`` must be known, wherever it stood."""
    from referee.i18n.locale import choose_language  # lazy: +18.4 ms at start-up if imported with the module

    if asked is not None:
        return choose_language(asked)  # raises BadInput for an unknown code: exit 2
    try:
        return choose_language(None)
    except BadInput:
        return "en"  # a bad REFEREE_LANG is reported by the command that reads it


#: the module of each command, for an app that needs only one (``referee search --help``, or
#: a command line the direct path left to typer): building every command costs as much as
#: the help itself. A command missing here is found in the full app (``play``, which runs
#: every command).
COMMAND_MODULES = {"rule": "corpus_commands", "list": "corpus_commands", "conflicts": "corpus_commands",
                   "check": "corpus_commands", "search": "search_commands", "index": "search_commands",
                   "card": "card_commands", "cards": "card_commands", "judge": "judge_command",
                   "i18n": "i18n_commands", "table": "table_commands", "serve": "serve",
                   "ask": "ask_command",
                   **dict.fromkeys(registry.VERBS, "question_commands")}


def build_app(command: Optional[str] = None, outline: bool = False):
    """The typer app, its help in the current language: with every command (built once per
    process: ``referee play`` keeps it for every line), or — given ``command`` — with only the
    commands of that command's module. An ``outline`` app can only show the top-level help:
    its commands have their names and help but no parameters (typer building every command's
    parameters would cost as much as the rest of ``referee --help``)."""
    import typer  # lazy: +104.1 ms at start-up if imported with the module

    from referee.i18n.catalogs import _  # lazy: +18.8 ms at start-up if imported with the module

    from referee.cli.help import Group  # lazy: +92.9 ms at start-up if imported with the module

    app = typer.Typer(name="referee", help=_("Settle Munchkin rules arguments: the rule, its sources, and a verdict."),
                      cls=Group, add_completion=True, no_args_is_help=True, pretty_exceptions_enable=False,
                      # obj: how a command runs further command lines (`play`), handed to it through
                      # click's context so that no command module imports this one, which imports them all
                      context_settings={"help_option_names": ["-h", "--help"], "obj": run})
    from referee.cli import options  # lazy: +26.8 ms at start-up if imported with the module

    if command in COMMAND_MODULES:
        modules = (importlib.import_module(f"referee.cli.{COMMAND_MODULES[command]}"),)
    else:
        # lazy: +175.5 ms at start-up if imported with the module
        from referee.cli import (ask_command, card_commands, corpus_commands, i18n_commands, judge_command, play,
                                 question_commands, search_commands, serve, table_commands)

        modules = (corpus_commands, search_commands, card_commands, judge_command, table_commands, question_commands,
                   ask_command, play, serve, i18n_commands)

    def root(lang: Optional[str] = options.lang(), version: bool = options.version(),
             quiet: bool = options.quiet()) -> None:
        # --lang before the command (`referee --lang hu rule …`) was moved after it by run(),
        # and --quiet taken out: they are declared here for --help.
        pass

    app.callback()(root)

    for module in modules:
        module.register(app)
    _ready_for_typer(app, outline)
    return app


def _no_parameters() -> None:
    """The stand-in for every command of an outline app (see :func:`build_app`)."""


def _ready_for_typer(app, outline: bool = False, top: bool = True) -> None:
    """Give typer its own parameters for every command declared with :mod:`referee.cli.params`,
    and click's help layout, coloured on a terminal by referee.cli.help (typer's rich renderer
    would load rich, markdown-it and pygments: 75 ms)."""
    from referee.cli.params import for_typer  # lazy: +0.9 ms at start-up if imported with the module

    app.rich_markup_mode = None  # never typer's rich renderer: referee.cli.help colours the help itself
    if app.registered_callback is not None and app.registered_callback.callback is not None:
        callback = app.registered_callback.callback
        app.registered_callback.callback = _no_parameters if outline and not top else for_typer(callback)
    for command in app.registered_commands:
        if command.callback is not None:
            command.callback = _no_parameters if outline else for_typer(command.callback)
    for group in app.registered_groups:
        if group.typer_instance is not None:
            _ready_for_typer(group.typer_instance, outline, top=False)


def _command_name(argv: list[str]) -> Optional[str]:
    """The command a line names (``None`` for the program's own options, such as ``--help``)."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
        i += 2 if arg == "--lang" else 1
    return None


def _show_usage_error(exc) -> int:
    """Usage errors from the parser (typer vendors click) know their message and exit code."""
    if hasattr(exc, "ctx") and type(exc).__name__ != "NoArgsIsHelpError":
        from referee.cli import usage_errors  # lazy: +16.7 ms at start-up if imported with the module

        usage_errors.show(exc)
    else:
        exc.show()
    return exc.exit_code


def run(argv: list[str], app=None) -> int:
    """Run one command line (without the program name) and return its exit code."""
    from referee.cli import render  # lazy: +22.7 ms at start-up if imported with the module
    from referee.i18n.catalogs import _, use_language  # lazy: +18.8 ms at start-up if imported with the module

    try:
        argv, asked = hoist_options(list(argv))
        argv, render.QUIET = take_global_flags(argv)
        use_language(_language(asked))
        from referee.cli import direct  # lazy: +10.6 ms at start-up if imported with the module

        command = direct.find(argv) if app is None else None
        if command is not None:
            code = command()
        else:
            # With standalone_mode off, click returns a command's exit code instead of exiting.
            if app is None:
                name = _command_name(argv)
                if os.environ.get("_REFEREE_COMPLETE"):
                    app = build_app()
                elif name is None and any(arg in ("-h", "--help") for arg in argv) or not argv:
                    app = build_app(outline=True)
                else:
                    app = build_app(name)
            code = app(args=argv, prog_name="referee", standalone_mode=False)
            if code == INTERRUPTED:  # typer turned a Ctrl-C into exit 130, silently
                raise KeyboardInterrupt
    except RefereeError as exc:
        from referee.cli.render import error_line  # lazy: +22.7 ms at start-up if imported with the module

        print(error_line(exc), file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("referee: " + _("interrupted"), file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        raise  # the reader is gone: main() ends the process quietly
    except OSError as exc:
        if not _out_of_space(exc):
            return _internal_error(exc, _)
        return _no_space(exc)
    except Exception as exc:
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None), int):
            return _show_usage_error(exc)
        if type(exc).__name__ in ("Exit", "Abort"):
            return getattr(exc, "exit_code", 1)
        return _internal_error(exc, _)
    return code if isinstance(code, int) else 0


def _out_of_space(exc: OSError) -> bool:
    return exc.errno in (errno.ENOSPC, errno.EDQUOT)


def _no_space(exc: OSError) -> int:
    from referee.i18n.catalogs import _  # lazy: +18.8 ms at start-up if imported with the module

    print("referee: " + _("cannot write: {reason}; free some disk space and try again").format(
        reason=exc.strerror or exc), file=sys.stderr)
    return 2


def _internal_error(exc: Exception, _) -> int:
    if os.environ.get("REFEREE_DEBUG"):
        raise exc
    print("referee: " + _("internal error: {error} (set REFEREE_DEBUG=1 to see where)").format(
        error=f"{type(exc).__name__}: {exc}"), file=sys.stderr)
    return INTERNAL_ERROR


def _safe_streams() -> None:
    """Streams that cannot fail the process: no stdout or stderr at all (closed by the caller)
    reads as the null device, and text a console cannot encode is replaced, not an error
    (``--json`` writes UTF-8 bytes whatever the encoding: see :func:`render.emit_json`)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
        elif hasattr(stream, "reconfigure") and name == "stdout":
            stream.reconfigure(errors="replace")


def _quiet_stdout() -> None:
    """Send what stdout still buffers to the null device, so the interpreter's last flush is
    silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main() -> None:
    """The console script."""
    # One command lives a fraction of a second, and what it makes — modules, the corpus, the
    # index's tables — is no garbage: the cyclic collector would only walk it again and again
    # (a tenth of a `referee judge`). Memory goes back to the system when the process ends.
    gc.disable()
    swallowed: list = []
    hook = sys.unraisablehook
    sys.unraisablehook = _keeping_interrupts(hook, swallowed)
    try:
        _safe_streams()
        code = run(sys.argv[1:])
        code = _flush(code)
        if swallowed and code != INTERRUPTED:
            raise KeyboardInterrupt  # a Ctrl-C the interpreter swallowed is still the user's
    except BrokenPipeError:
        # `referee list | head -1`: the reader has what it wanted.
        _quiet_stdout()
        code = BROKEN_PIPE
    except KeyboardInterrupt:  # between commands, or before run() could catch it
        print("referee: interrupted", file=sys.stderr)
        code = INTERRUPTED
    finally:
        sys.unraisablehook = hook
    _end(code)


def _keeping_interrupts(hook, swallowed: list):
    """``sys.unraisablehook`` that keeps a Ctrl-C landing where the interpreter cannot raise it
    (an import lock's callback): Python printed "Exception ignored in … Traceback …
    KeyboardInterrupt" and carried on; the command now ends as interrupted, with its one line.
    Anything else goes to ``hook``."""
    def keep(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            swallowed.append(unraisable.exc_value)
        else:
            hook(unraisable)
    return keep


def _flush(code: int) -> int:
    """Write out what stdout still holds; a full disk is told like any other."""
    try:
        sys.stdout.flush()
    except OSError as exc:  # output to a full disk (or /dev/full)
        if isinstance(exc, BrokenPipeError) or not _out_of_space(exc):
            raise
        _quiet_stdout()
        return _no_space(exc)
    return code


def _end(code: int) -> None:
    """End the process without the interpreter taking every module and object apart one by one,
    which costs a command of 50 ms another 5: exit handlers run and the streams are flushed
    first, so nothing is lost (a temporary index is removed by its handler)."""
    try:
        atexit._run_exitfuncs()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        os._exit(code)
