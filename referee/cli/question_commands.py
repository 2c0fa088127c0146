"""Questions without a file: one command for each question of :mod:`referee.registry`.

Each command is made from its question's row — its arguments and options, their help, the
command's help — with the options every question shares declared once (:data:`registry.COMMON`
and :func:`shared_options`). It builds the situation the words describe
(:mod:`referee.questions`), on the table in progress or on players given with ``--player``, and
judges it through :func:`referee.adjudicate.judge_data` — what ``referee judge`` does with a
file — so the output, text and ``--json``, is exactly judge's. ``--save-situation FILE`` writes
that situation out; ``--record`` (where the row allows it) keeps the result on the table.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable, Optional

from referee import registry
from referee.cache import write_atomic
from referee.cli import options, render
from referee.cli.params import Argument, Option, Param
from referee.errors import BadInput, InvalidFile, NotFound
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _
from referee.model import ACTIONS, EXPANSIONS, GAMES, LEVEL_SOURCES, PHASES


def _formats() -> dict:
    """What the help texts of the registry name: ``{games}``, ``{phases}`` …"""
    # the words a player of the asked language types for each code (ACTION still takes codes only)
    return dict(games=options.offered(GAMES), names=options.offered(EXPANSIONS), phases=options.offered(PHASES),
                actions=", ".join(ACTIONS), sources=options.offered(LEVEL_SOURCES))


def _declared(parameter: registry.Parameter, formats: dict) -> Param:
    """A parameter of the registry as the command line declares it."""
    default = list(parameter.cli_default) if isinstance(parameter.cli_default, list) else parameter.cli_default
    if parameter.argument:
        limits = dict(zip(("min", "max"), parameter.limits))
        return Argument(default, metavar=parameter.metavar, **limits)
    settings = {"metavar": parameter.metavar} if parameter.metavar else {}
    return Option(default, parameter.flag, help=_(parameter.help).format(**formats), **settings)


def shared_options(question: registry.Question) -> list:
    """The options of the command line itself that every question takes (and ``--record`` with
    ``--expected`` where the question's answer can be recorded): name, declaration, type."""
    shared = []
    if question.record:
        shared += [("record", Option(False, "--record", help=_(question.record)), "bool"),
                   ("expected", options.expected(), "Optional[int]")]
    return shared + [("save", options.save_situation(), "Optional[str]"), ("table_path", options.table_path(), "Optional[Path]"),
                     ("lang", options.lang(), "Optional[str]"), ("as_json", options.json_flag(), "bool")]


class QuestionCommand:
    """The command of one question: called with the values of its command line. Its parameters
    are the row's (``__declared__``, which typer and the direct reader both read: see
    :func:`referee.cli.params.declared`), made when first read: making every question's cost
    each question asked, and ``--help``, 1.3 ms."""

    def __init__(self, question: registry.Question):
        self.question = question
        self.__name__ = self.__qualname__ = question.verb
        self.__module__ = __name__
        self.__doc__ = None

    def __call__(self, **values) -> int:
        return _answer(self.question, values)

    @functools.cached_property
    def __declared__(self) -> tuple:
        question, formats = self.question, _formats()
        return tuple([(p.python_name, _declared(p, formats), p.type) for p in registry.parameters(question)
                      if p.cli and p.name not in question.without] + shared_options(question))


def command(question: registry.Question) -> Callable[..., int]:
    """The command of ``question`` (see :class:`QuestionCommand`)."""
    return QuestionCommand(question)


def _answer(question: registry.Question, values: dict) -> int:
    """Run ``question`` with the values of its command line."""
    cli = {name: values.pop(name) for name in ("save", "table_path", "lang", "as_json")}
    record, expected = values.pop("record", False), values.pop("expected", None)
    params = {p.name: values[p.python_name] for p in registry.parameters(question) if p.python_name in values}
    # what one command line does beside building the situation, in a function named for its verb
    prepare = globals().get(f"_prepare_{question.verb}")
    if prepare is not None:
        params = prepare(params, cli["table_path"])
    if record:
        if question.verb == "fight":
            return _record_fight(params, cli["lang"], cli["as_json"], cli["table_path"], cli["save"], expected)
        return _record(question.verb, params, cli["lang"], cli["as_json"], cli["table_path"], cli["save"],
                       _(question.nothing) if question.nothing else "", expected)
    return ask(question.verb, params, cli["lang"], cli["as_json"], cli["table_path"], cli["save"])


def _table_state(path: Optional[Path]) -> Optional[dict]:
    """The table, with the fight in progress when there is one: a question asked in the middle
    of a fight is about that fight."""
    from referee import table  # lazy: +7.2 ms at start-up if imported with the module

    try:
        return table.question_state(path)
    except NotFound:
        return None


def ask(kind: str, params: dict, lang: Optional[str], as_json: bool, table_path: Optional[Path],
        save: Optional[str]) -> int:
    """Build the situation on the table (or inline players), judge it, save it, print the verdict."""
    from referee import questions  # lazy: +49.4 ms at start-up if imported with the module
    from referee.corpus import load_corpus  # lazy: +0.2 ms at start-up if imported with the module

    text = RuleText(choose_language(lang))
    params.update(game=options.one_of(params.get("game"), GAMES, "--game"),
                  phase=options.one_of(params.get("phase"), PHASES, "--phase"))
    corpus = load_corpus()
    players = params.get("players")
    if players and any(questions.bare_name(p) for p in players):
        state = _table_state(table_path)
        if state is not None:
            questions.named_at_table(players, state)
    state = None if players else _table_state(table_path)
    data = questions.ask(kind, params, state, corpus)
    judged = _judge(data, corpus)
    if save:
        _save(data, save)
    render.judgement(corpus, judged, text, as_json)
    return 0


def _judge(data: dict, corpus):
    from referee.adjudicate import judge_data  # lazy: +0.4 ms at start-up if imported with the module
    from referee.table.changes import by_name  # lazy: +17.8 ms at start-up if imported with the module

    try:
        return judge_data(data, "question", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None


def _save(data: dict, target: str) -> None:
    """Write the situation judged; never over a file that is already there (it may be the user's)."""
    import yaml  # lazy: +13.0 ms at start-up if imported with the module

    path = Path(target)
    if path.exists():
        raise BadInput("--save-situation: {path} already exists; choose another name (nothing was written)",
                       path=str(path))
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise BadInput("--save-situation: cannot write {path}: {reason}", path=str(path),
                       reason=exc.strerror or str(exc)) from None


def _record_fight(params: dict, lang, as_json, table_path, save, expected: Optional[int] = None) -> int:
    from referee import table  # lazy: +7.2 ms at start-up if imported with the module
    from referee.corpus import load_corpus  # lazy: +0.2 ms at start-up if imported with the module

    text = RuleText(choose_language(lang))
    corpus = load_corpus()
    judged, recorded, data = table.record_fight(params, corpus, path=table_path, expected=expected)
    if save:
        _save(data, save)
    render.emit_recorded(corpus, judged, recorded, table.after(recorded, table_path).changes, text, as_json,
                         _("Nothing recorded: nobody goes up a level."))
    return 0


def _record(kind: str, params: dict, lang, as_json, table_path, save, nothing: str,
            expected: Optional[int] = None) -> int:
    """A sale or a death judged on the table and recorded there (``--record``)."""
    from referee import table  # lazy: +7.2 ms at start-up if imported with the module
    from referee.corpus import load_corpus  # lazy: +0.2 ms at start-up if imported with the module

    text = RuleText(choose_language(lang))
    corpus = load_corpus()
    judged, recorded, data = table.record_question(kind, params, corpus, path=table_path, expected=expected)
    if save:
        _save(data, save)
    render.emit_recorded(corpus, judged, recorded, table.after(recorded, table_path).changes, text, as_json, nothing)
    return 0


def _plain_name(spec: str) -> bool:
    """A --player that can only be a name at the table (not an inline spec)."""
    return ":" not in spec and " " not in spec.strip() and not spec.strip().startswith("{")


def _table_shown(path: Optional[Path]):
    from referee import table  # lazy: +7.2 ms at start-up if imported with the module

    try:
        return table.show(path)
    except NotFound:
        return None


def _prepare_flee(params: dict, table_path: Optional[Path]) -> dict:
    """``flee --player`` names players of the table when it has them all, else describes inline players."""
    player, monsters = params["players"], params["monsters"]
    shown = _table_shown(table_path) if not (player and any(not _plain_name(p) for p in player)) else None
    state = shown.state if shown else None
    names = {p["name"].casefold() for p in state["players"]} if state else set()
    picked = player if state and all(p.casefold() in names for p in player) else []
    params = dict(params, fleeing=picked, players=[] if picked or not player else player)
    fight = shown.fight if shown and not params["players"] else None
    if fight is not None and not monsters:
        # On a table with a fight in progress (or just lost), the flight is from that fight.
        combat = fight["combat"]
        params.update(monsters=combat["monsters"], fighter=params["fighter"] or combat["fighter"],
                      helper=params["helper"] or combat.get("helper"))
    return params


def _prepare_can(params: dict, table_path: Optional[Path]) -> dict:
    params["action"] = options.one_of(params["action"], ACTIONS, "ACTION")
    return params


def _prepare_level(params: dict, table_path: Optional[Path]) -> dict:
    source = options.one_of(options.level_source(params["source"]), LEVEL_SOURCES, "--source")
    return dict(params, source=source)


#: each question's command, by its verb (``referee.cli.question_commands.fight``)
COMMANDS = {question.verb: command(question) for question in registry.QUESTIONS}
globals().update(COMMANDS)


def register(app) -> None:
    from referee.cli.help import Command  # lazy: +55.3 ms at start-up if imported with the module

    formats = _formats()
    for question in registry.QUESTIONS:
        # "-1" is a number of levels to `level`, not an option
        settings = {"context_settings": {"ignore_unknown_options": True}} if question.loose else {}
        app.command(question.verb, cls=Command, help=_(question.help).format(**formats), **settings)(
            COMMANDS[question.verb])
