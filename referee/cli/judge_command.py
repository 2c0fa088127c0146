"""``referee judge FILE|-``: adjudicate a situation file."""

from __future__ import annotations

import sys
from typing import Optional

import typer

from referee.cli import options, render
from referee.cli.help import Command
from referee.errors import BadInput
from referee.i18n.catalogs import RuleText, _


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
    from referee.adjudicate import judge_text
    from referee.corpus import load_corpus
    from referee.i18n import choose_language

    language = choose_language(lang)
    text, name = read_input(file)
    corpus = load_corpus()
    render.judgement(corpus, judge_text(text, name, corpus), RuleText(language), as_json)


def register(app: typer.Typer) -> None:
    app.command("judge", cls=Command, help=_(
        "Judge a situation file (YAML or JSON; - reads stdin): the verdict, the figures behind it, and the "
        "clauses that decided it."))(judge)
