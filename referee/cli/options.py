"""Options shared by every command, declared once."""

from __future__ import annotations

from typing import Optional

import typer

from referee import LANGUAGES

Lang = typer.Option(None, "--lang", metavar="CODE",
                    help=f"Language of the answer: {', '.join(LANGUAGES)} "
                         "(default: REFEREE_LANG, then the system locale, then en).")
Json = typer.Option(False, "--json", help="Print machine-readable JSON on stdout.")
Game = typer.Option(None, "--game", help="Only this game: munchkin, star-munchkin, epic, expansions.")
Kind = typer.Option(None, "--kind",
                    help="Only this kind: rule, clarification, errata, card-ruling, variant, optional-rule.")
Topic = typer.Option(None, "--topic", help="Only clauses with this topic or tag.")

OptionalStr = Optional[str]
