"""``referee judge FILE|-``: adjudicate a situation file."""

from __future__ import annotations

import sys

from referee.cli import completion, options, render
from referee.cli.params import Argument
from referee.errors import BadInput
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Optional


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


def judge(file: str = Argument(..., metavar="FILE", autocompletion=completion.situation_files),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    from referee.adjudicate import judge_text  # lazy: +11.1 ms at start-up if imported with the module
    from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module

    language = choose_language(lang)
    text, name = read_input(file)
    corpus = load_corpus()
    render.judgement(corpus, judge_text(text, name, corpus), RuleText(language), as_json)
    return 0


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +71.5 ms at start-up if imported with the module

    app.command("judge", cls=Command, help=_(
        "Judge a situation file (YAML or JSON; - reads stdin): the verdict, the figures behind it, and the "
        "clauses that decided it."))(judge)
