"""Typer command classes whose parser-made words are translated too, and whose help is drawn
in colour on a terminal without rich.

Typer translates its section headings ("Options", "Commands") through gettext's global
functions (pointed at the ``referee`` catalog by :func:`translate_parser`), but the usage prefix,
the ``--help`` option's own help and the help of typer's completion options are fixed English in
it; these subclasses put them through the ``referee`` catalog.

On a terminal typer would hand the help to its rich renderer, which imports rich, markdown-it
and pygments: 75 ms, two thirds of a ``referee --help`` (2.4x ``import typer``, measured with
stdout on a pseudo-terminal). :class:`TerminalFormatter` draws click's plain layout instead,
with headings, the usage prefix and option and command names in colour (``NO_COLOR`` and
``TERM=dumb`` turn the colour off), at the cost of the plain help (1.25x).
"""

from __future__ import annotations

import os
import sys

from typer._click.core import Context
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand, TyperGroup

from referee.i18n.catalogs import _, translate_parser

translate_parser()

#: ANSI styles of the help's parts on a terminal (typer's rich renderer's colours)
BOLD, NAME, RESET = "\033[1m", "\033[1;36m", "\033[0m"


def colour_wanted(stream=None) -> bool:
    """Colour only on a terminal, and never where the user turned it off (https://no-color.org)."""
    stream = sys.stdout if stream is None else stream
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class TerminalFormatter(HelpFormatter):
    """Click's help layout with the headings, the usage prefix and the option and command names
    in colour. Click measures widths without escape codes, so the columns line up as in the
    plain help."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = "Usage: "
        super().write_usage(f"{RESET}{prog}", args, prefix=f"{BOLD}{prefix}")

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{BOLD}{heading}:{RESET}\n")

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(f"{NAME}{first}{RESET}", second) for first, second in rows], col_max, col_spacing)


class HelpContext(Context):
    """A context whose help is coloured when it goes to a terminal."""

    def make_formatter(self) -> HelpFormatter:
        formatter = TerminalFormatter if colour_wanted() else HelpFormatter
        return formatter(width=self.terminal_width, max_width=self.max_content_width)


class _Translated:
    context_class = HelpContext

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for param in params:
            if param.name == "install_completion":
                param.help = _("Install completion for the current shell.")
            elif param.name == "show_completion":
                param.help = _("Show completion for the current shell, to copy it or customize the installation.")
        return params

    def format_usage(self, ctx, formatter) -> None:
        # click's own placeholders are English words where the usage line shows them
        words = {
            # Translators: in a command's usage line, "referee fight [OPTIONS] {MONSTER…}": where its options go
            "[OPTIONS]": _("[OPTIONS]"),
            # Translators: in the usage line of "referee" and "referee table": a command name, then its arguments
            "COMMAND [ARGS]...": _("COMMAND [ARGS]..."),
        }
        pieces = [words.get(piece, piece) for piece in self.collect_usage_pieces(ctx)]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))


class Command(_Translated, TyperCommand):
    pass


class Group(_Translated, TyperGroup):
    pass
