"""``referee judge FILE|-``: adjudicate a situation file."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from referee.cli import options, render
from referee.cli.help import Command
from referee.errors import BadInput, RefereeError
from referee.i18n.catalogs import RuleText, _


class RulesDoNotSettle(RefereeError):
    """Two clauses apply and disagree with no precedence between them (an engine finding)."""

    exit_code = 3


def read_input(path: str) -> tuple[str, str]:
    """The text of a situation file (``-`` = stdin) and the name to report it by."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        try:
            with open(path, "rb") as handle:
                data = handle.read(1024 * 1024 + 1)
        except OSError as exc:
            raise BadInput("{file}: cannot read the situation file: {reason}", file=path,
                           reason=exc.strerror) from None
        name = path
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as exc:
        raise BadInput("{file}: not UTF-8 text (byte {offset}); save the situation as UTF-8", file=name,
                       offset=exc.start) from None


def judge(file: str = typer.Argument(..., metavar="FILE"), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> None:
    from referee.corpus import load_corpus
    from referee.engine import EngineConflict, judge as judge_situation
    from referee.i18n import choose_language
    from referee.situation import load_situation

    from referee.cards import card_resolver
    from referee.cli.card_commands import localizer

    language = choose_language(lang)
    text, name = read_input(file)
    corpus = load_corpus()
    situation = load_situation(text, name, cards=card_resolver(corpus.cards.values(), localizer()))
    try:
        verdict = judge_situation(situation)
    except EngineConflict as exc:
        raise RulesDoNotSettle("{file}: the rules do not settle this: {error}", file=name, error=str(exc)) from None
    text = RuleText(language)
    if as_json:
        render.emit_json(render.verdict_json(corpus, verdict, text))
    else:
        render.emit(render.verdict_text(corpus, verdict, text))


def register(app: typer.Typer) -> None:
    app.command("judge", cls=Command, help=_(
        "Judge a situation file (YAML or JSON; - reads stdin): the verdict, the figures behind it, and the "
        "clauses that decided it."))(judge)
