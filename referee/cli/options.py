"""Options shared by every command, declared once (their help in the current language)."""

from __future__ import annotations

import typer

from referee import LANGUAGES
from referee.i18n.catalogs import _


def lang():
    return typer.Option(None, "--lang", metavar="CODE",
                        help=_("Language of the answer: {codes} (default: REFEREE_LANG, then the system "
                               "locale, then en).").format(codes=", ".join(LANGUAGES)))


def json_flag():
    return typer.Option(False, "--json", help=_("Print machine-readable JSON on stdout."))


def game():
    return typer.Option(None, "--game", metavar="GAME",
                        help=_("Only this game: munchkin, star-munchkin, epic, expansions."))


def kind():
    return typer.Option(None, "--kind", metavar="KIND",
                        help=_("Only this kind: rule, clarification, errata, card-ruling, variant, optional-rule."))


def topic():
    return typer.Option(None, "--topic", metavar="TOPIC", help=_("Only clauses with this topic or tag."))


def _print_version(value: bool) -> None:
    if value:
        from referee import __version__

        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def version():
    return typer.Option(False, "--version", is_eager=True, callback=_print_version,
                        help=_("Print the version and exit."))


def table_path():
    return typer.Option(None, "--table", metavar="PATH", envvar="REFEREE_TABLE", show_envvar=False,
                        help=_("The table file (default: REFEREE_TABLE, then table.sqlite3 in the user data "
                               "directory)."))
