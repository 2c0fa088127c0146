"""Options shared by every command, declared once (their help in the current language)."""

from __future__ import annotations

from referee.cli import completion
from referee.cli.params import Option
from referee.i18n.catalogs import _


def lang():
    from referee.i18n.languages import codes

    return Option(None, "--lang", metavar="CODE", autocompletion=completion.languages,
                  help=_("Language of the answer: {codes} (default: REFEREE_LANG, then the system "
                         "locale, then en).").format(codes=", ".join(codes())))


def json_flag():
    return Option(False, "--json", help=_("Print machine-readable JSON on stdout."))


def game():
    return Option(None, "--game", metavar="GAME", autocompletion=completion.games,
                  help=_("Only this game: munchkin, star-munchkin, epic, expansions."))


def kind():
    return Option(None, "--kind", metavar="KIND", autocompletion=completion.kinds,
                  help=_("Only this kind: rule, clarification, errata, card-ruling, variant, optional-rule."))


def topic():
    return Option(None, "--topic", metavar="TOPIC", autocompletion=completion.topics,
                  help=_("Only clauses with this topic or tag."))


def quiet():
    return Option(False, "--quiet", "-q", help=_("Print no progress or warnings on stderr (errors still)."))


def _print_version(value: bool) -> None:
    if value:
        import typer

        from referee import __version__

        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def version():
    return Option(False, "--version", is_eager=True, callback=_print_version,
                  help=_("Print the version and exit."))


def table_path():
    # No envvar here: the store reads REFEREE_TABLE itself (referee.table.store.default_path).
    return Option(None, "--table", metavar="PATH",
                  help=_("The table file (default: REFEREE_TABLE, then table.sqlite3 in the user data "
                         "directory)."))


def level_source(source):
    """``--source`` of a level change, which is required: the rules judge a level change by
    where it comes from (declared optional so that the command can run without typer)."""
    if source is None:
        from referee.errors import BadInput
        from referee.model import LEVEL_SOURCES

        raise BadInput("--source: say where the levels come from: {sources}", sources=offered(LEVEL_SOURCES))
    return source


def one_of(value, allowed, option: str):
    """A value of a closed vocabulary (``--game``, ``--kind`` …), as its code (a word of the
    player's language is heard as the code it means): anything else is bad input."""
    from referee.vocabulary import one_of as check

    return check(value, allowed, option)


def offered(codes) -> str:
    """The values of a closed vocabulary as a player of the current language types them (the
    first of the catalog's words for each code): what an option's help lists."""
    from referee.vocabulary import shown

    return ", ".join(shown(code) for code in codes)
