"""``referee ask TEXT…``: a question or a situation in the player's own words (:mod:`referee.ask`).

It prints what was understood and the one-line command that asks the same, then the verdict
exactly as ``judge`` prints it; or, with no verdict, what is missing, the readings and the
clauses that answer it. ``--json`` prints the contract's ``ask`` shape.
"""

from __future__ import annotations

from pathlib import Path

from referee.cli import options, render
from referee.cli.params import Argument, Option
from referee.errors import NotFound
from referee.i18n import choose_language
from referee.i18n.catalogs import N_, RuleText, _, translations
from referee.places import no_table_file

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the start-up of ask and the table (see referee.records)
    from typing import List, Optional


def _table_state(path: Optional[Path]) -> Optional[dict]:
    if no_table_file(path):
        return None  # no table: the text says it all, and SQLite and the store stay unloaded (4 ms)
    from referee import table  # lazy: +35.3 ms at start-up if imported with the module

    try:
        return table.question_state(path)
    except NotFound:
        return None


def ask(words: List[str] = Argument(..., metavar="TEXT…"),
        as_name: Optional[str] = Option(None, "--as", metavar="NAME",
                                        help=_("Who \"I\" is (default: whose turn it is on the table).")),
        table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    from referee.ask import answer  # lazy: +5.9 ms at start-up if imported with the module
    from referee.corpus import load_corpus  # lazy: +0.1 ms at start-up if imported with the module

    language = choose_language(lang)
    corpus = load_corpus()
    # the terminal prints the verdict itself: the contract's shape of it only for --json
    found = answer(" ".join(words), corpus, _table_state(table_path), as_name, language, shaped=as_json)
    body = found.body
    if as_json:
        render.emit_json(body)
    else:
        render.emit(lines(corpus, found, RuleText(body["lang"])))
    return 0 if found.judged is not None or body["results"] else 1


def lines(corpus, found, text: RuleText) -> list[str]:
    """An answer as the terminal shows it, in the language of the question."""
    body = found.body
    say = translations(body["lang"], "referee").gettext
    if body["understood"] is not None:
        out = render.wrap(body["understood"]["text"])
        out.append("  referee " + body["understood"]["command"])
        return out + [""] + render.verdict_text(corpus, found.judged.verdict, text, found.judged.cards)
    out = []
    if body["missing"]:
        out += render.wrap(say(N_("No verdict: the question does not say {missing}.")).format(
            missing="; ".join(body["missing"])))
    if body["readings"]:
        out.append(say(N_("No verdict: it can be read more than one way:")))
        out += ["  referee " + r["command"] for r in body["readings"]]
    if body["results"]:
        if out:
            out.append("")
        out.append(say(N_("The clauses that answer it:")))
        for number, hit in enumerate(body["results"], 1):
            out.append(f"{number}. {hit['id']} — {hit['title']}")
            out += render.wrap(hit["text"], "   ")
    elif not out:
        out.append(say(N_("No verdict and no clause answers it; try other words, or a command (`help`).")))
    return out


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +90.4 ms at start-up if imported with the module

    app.command("ask", cls=Command, help=_("A question or a situation in your own words, in any of the six "
                                           "languages: what was understood, and the verdict or the clauses."))(ask)
