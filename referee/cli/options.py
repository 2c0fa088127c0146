"""Options shared by every command, declared once (their help in the current language)."""

from __future__ import annotations

from referee import __version__
from referee.cli import completion
from referee.cli.params import Option
from referee.errors import BadInput
from referee.i18n.catalogs import _
from referee.i18n.languages import codes
from referee.places import table_address


def lang():
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
        import typer  # lazy: +45.6 ms at start-up if imported with the module

        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def version():
    return Option(False, "--version", is_eager=True, callback=_print_version,
                  help=_("Print the version and exit."))


def table_path():
    # No envvar here: the store reads REFEREE_TABLE itself (referee.table.stores.resolved).
    return Option(None, "--table", metavar="PATH", parser=table_address,  # a file, or postgresql://…#ID
                  help=_("The table: a file, or postgresql://…#ID for a table of a PostgreSQL store "
                         "(default: REFEREE_TABLE, then table.sqlite3 in the user data directory)."))


def expected():
    return Option(None, "--expected", metavar="N", help=_("Write only if the table still has N changes (what you last "
                                                          "saw); otherwise nothing is written."))


def save_situation():
    return Option(None, "--save-situation", metavar="FILE",
                  help=_("Also write the situation judged to FILE, for `referee judge FILE`."))


def level_source(source):
    """``--source`` of a level change, which is required: the rules judge a level change by
    where it comes from (declared optional so that the command can run without typer)."""
    if source is None:
        from referee.model import LEVEL_SOURCES  # lazy: +5.1 ms at start-up if imported with the module

        raise BadInput("--source: say where the levels come from: {sources}", sources=offered(LEVEL_SOURCES))
    return source


def one_of(value, allowed, option: str):
    """A value of a closed vocabulary (``--game``, ``--kind`` …), as its code (a word of the
    player's language is heard as the code it means): anything else is bad input."""
    from referee.vocabulary import one_of as check  # lazy: +5.3 ms at start-up if imported with the module

    return check(value, allowed, option)


def offered(codes) -> str:
    """The values of a closed vocabulary as a player of the current language types them (the
    first of the catalog's words for each code): what an option's help lists."""
    from referee.vocabulary import shown  # lazy: +15 ms at start-up if imported with the module

    return ", ".join(shown(code) for code in codes)
