"""Options shared by every command, declared once (their help in the current language)."""

from __future__ import annotations

import typer

from referee.i18n.catalogs import _


def lang():
    from referee.i18n.languages import codes

    return typer.Option(None, "--lang", metavar="CODE",
                        help=_("Language of the answer: {codes} (default: REFEREE_LANG, then the system "
                               "locale, then en).").format(codes=", ".join(codes())))


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
