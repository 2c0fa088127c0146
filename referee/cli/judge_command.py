"""``referee judge FILE|-``: adjudicate a situation file."""

from __future__ import annotations

import sys
from typing import Optional

from referee.cli import completion, options, render
from referee.cli.params import Argument
from referee.errors import BadInput, RefereeError
from referee.i18n.catalogs import RuleText, _


class RulesDoNotSettle(RefereeError):
    """Two clauses apply and disagree with no precedence between them (an engine finding)."""

    exit_code = 3


#: read at most this much of a situation, file or stdin: a larger one is refused by its size
#: (see referee.situation.MAX_BYTES) without reading the rest (/dev/zero never ends)
READ_LIMIT = 1024 * 1024 + 1


def read_input(path: str) -> tuple[str, str]:
    """The text of a situation file (``-`` = stdin) and the name to report it by."""
    if path == "-":
        name = "<stdin>"
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:  # no stdin at all (closed, or started without one)
            raise BadInput("{file}: there is no standard input to read the situation from; give a file name",
                           file=name)
        try:
            data = stream.read(READ_LIMIT)
        except (OSError, ValueError) as exc:  # closed, or a directory as stdin
            raise BadInput("{file}: cannot read the situation file: {reason}", file=name,
                           reason=getattr(exc, "strerror", None) or str(exc)) from None
    else:
        try:
            with open(path, "rb") as handle:
                data = handle.read(READ_LIMIT)
        except OSError as exc:
            raise BadInput("{file}: cannot read the situation file: {reason}", file=path,
                           reason=exc.strerror) from None
        name = path
    if len(data) >= READ_LIMIT:  # cut short: too large, whatever its last character (the size check says so)
        return data.decode("utf-8", "replace"), name
    try:
        return data.decode("utf-8-sig"), name
    except UnicodeDecodeError as exc:
        raise BadInput("{file}: not UTF-8 text (byte {offset}); save the situation as UTF-8", file=name,
                       offset=exc.start) from None


def cards_of(corpus):
    """The ``card:`` resolver of situations (:func:`referee.cards.card_resolver`), made on the
    first card a situation names: most name none, and card lookup has imports of its own."""
    made = []

    def resolve(name: str):
        if not made:
            from referee.cards import card_resolver
            from referee.cli.card_commands import localizer

            made.append(card_resolver(corpus.cards.values(), localizer()))
        return made[0](name)

    return resolve


def judge(file: str = Argument(..., metavar="FILE", autocompletion=completion.situation_files),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    from referee.corpus import load_corpus
    from referee.engine import EngineConflict, judge as judge_situation
    from referee.i18n import choose_language
    from referee.situation import load_situation

    language = choose_language(lang)
    text, name = read_input(file)
    corpus = load_corpus()
    situation = load_situation(text, name, cards=cards_of(corpus))
    try:
        verdict = judge_situation(situation)
    except EngineConflict as exc:
        raise RulesDoNotSettle("{file}: the rules do not settle this: {error}", file=name, error=str(exc)) from None
    text = RuleText(language)
    if as_json:
        render.emit_json(render.verdict_json(corpus, verdict, text))
    else:
        render.emit(render.verdict_text(corpus, verdict, text))
    return 0


def register(app) -> None:
    from referee.cli.help import Command

    app.command("judge", cls=Command, help=_(
        "Judge a situation file (YAML or JSON; - reads stdin): the verdict, the figures behind it, and the "
        "clauses that decided it."))(judge)
