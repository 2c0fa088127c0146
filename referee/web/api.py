"""The JSON API: each endpoint reads its request, calls the library, answers with the CLI's shape.

The bodies are exactly what ``referee … --json`` prints for the same question (the tests
compare them), because both build them with :mod:`referee.shapes` from the same library calls.
Errors are ``{"error": {"exit": 1|2|3, "message": …}}`` with 404, 400/422 or 409
(:func:`referee.web.endpoints.status_of`).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

from starlette.requests import Request

from referee import questions, registry, shapes
from referee.corpus import load_corpus, schema
from referee.errors import BadInput, Exit, InvalidFile, NotFound, RefereeError, quote
from referee.i18n.catalogs import _
from referee.message import Message
from referee.questions import flow_text
from referee.version import __version__
from referee.web.bodies import check
from referee.web.endpoints import UTF8JSON, body_of, error_message, json_body
from referee.web.live import watch_of
from referee.web.tables import require_code, where_of

#: the longest search query read (the CLI's own cap applies after this)
MAX_QUERY = 1000


def _corpus():
    return load_corpus()


def warm_up() -> None:
    """Read what answers need before the first request: corpus, card names, the search index."""
    # lazy: referee.search 64 ms, referee.cards 43 ms to import, paid only by the calls that need it
    from referee.cards import localizer, name_table
    from referee.search import searcher_for

    corpus = _corpus()
    name_table(corpus.cards.values(), localizer())
    try:
        searcher_for(corpus)
    except RefereeError:
        pass  # the first search will say what is wrong with the index


def _choice(value: Optional[str], allowed, name: str) -> Optional[str]:
    # lazy: referee.vocabulary 12 ms to import, paid only by the calls that need it
    from referee.vocabulary import one_of

    return one_of(value or None, allowed, name)  # a word of the player's language, as its code


def no_result(body: dict, message) -> UTF8JSON:
    """No result (the CLI's exit 1): 404 with the contract's error, beside the CLI's own body."""
    return UTF8JSON({**body, "error": {"exit": int(Exit.NO_RESULT), "message": message.render(_)}}, status_code=404)


def _number(value: Optional[str], name: str, default: int, low: int, high: int) -> int:
    if value is None or value == "":
        return default
    if not value.strip().isdigit() or not low <= int(value) <= high:
        raise BadInput("{name}: expected a whole number from {low} to {high}, got {value}", name=name, low=low,
                       high=high, value=repr(value[:40]))
    return int(value)


# --- reading the rules ------------------------------------------------------------------------

async def healthz(request: Request, text):
    return UTF8JSON({"ok": True, "version": __version__, "clauses": len(_corpus())})


async def search(request: Request, text):
    # lazy: referee.search 64 ms to import, paid only by the calls that need it
    from referee.search import search as run

    params = request.query_params
    query = (params.get("q") or "")[:MAX_QUERY]
    limit = _number(params.get("limit"), "limit", 10, 1, 100)
    game = _choice(params.get("game"), schema.GAMES, "game")
    kind = _choice(params.get("kind"), schema.KINDS, "kind")
    corpus = _corpus()
    topic = _choice(params.get("topic"), (*corpus.topics, *corpus.tags), "topic")
    result = run(corpus, query, language=text.language, limit=limit, game=game, kind=kind, topic=topic)
    body = shapes.search_json(corpus, result, text)
    if not result.hits:
        return no_result(body, Message.of("No clause matches {query}.", query=quote(result.query)))
    return UTF8JSON(body)


async def rule(request: Request, text):
    corpus = _corpus()
    clause_id = request.path_params["clause_id"]
    if clause_id not in corpus:
        raise NotFound("no clause with id {id}", id=repr(clause_id[:80]))
    return UTF8JSON(shapes.clause_json(corpus, corpus[clause_id], text))


async def card(request: Request, text):
    # lazy: referee.cards 43 ms to import, paid only by the calls that need it
    from referee.cards import localizer, lookup

    corpus = _corpus()
    query = (request.query_params.get("name") or request.query_params.get("q") or "")[:MAX_QUERY]
    if not query.strip():
        # the example is a card's name as the asked language prints it
        raise BadInput("name: say which card (?name={card})", card="Loaded Die")
    localized = localizer()
    chosen, candidates, suggestions = lookup(corpus.cards.values(), query, localized)
    data = shapes.card_json(corpus, chosen.card, text, localized) if chosen is not None else None
    body = shapes.lookup_json(query, text.language, data, candidates, suggestions)
    if data is None and not candidates:
        return no_result(body, Message.of("No card matches {query}.", query=quote(query)))
    return UTF8JSON(body)


async def cards(request: Request, text):
    # lazy: referee.cards 43 ms, referee.corpus.cards 6 ms to import, paid only by the calls that need it
    from referee.cards import listed, localizer
    from referee.corpus.cards import CARD_TYPES

    card_type = _choice(request.query_params.get("type"), CARD_TYPES, "type")
    game = _choice(request.query_params.get("game"), schema.GAMES, "game")
    corpus = _corpus()
    chosen = listed(corpus.cards.values(), card_type, game)
    body = shapes.cards_json(corpus, chosen, text, localizer())
    return UTF8JSON(body) if chosen else no_result(body, Message.of("No card matches these filters."))


# --- judging ----------------------------------------------------------------------------------

async def judge(request: Request, text):
    # lazy: referee.adjudicate 28 ms to import, paid only by the calls that need it
    from referee.adjudicate import judge_text

    raw = await body_of(request)
    try:
        situation = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadInput("the situation is not UTF-8 text (byte {offset})", offset=exc.start) from None
    corpus = _corpus()
    # YAML is a superset of JSON: one reader, with its limits, for both bodies.
    judged = judge_text(situation, "<request>", corpus)
    return UTF8JSON(shapes.verdict_json(corpus, judged.verdict, text, judged.cards))


def _table_state(request: Request) -> Optional[dict]:
    """The table as a question reads it (the command line's own function): its state, with the
    fight in progress when one is on."""
    # lazy: referee.table 35 ms to import, paid only by the calls that need it
    from referee import table

    try:
        return table.question_state(where_of(request))
    except NotFound:
        return None


async def ask(request: Request, text):
    """``POST /api/ask/{kind}``: a question without a file, with the CLI's parameters as JSON."""
    # lazy: referee.table.changes 34 ms, referee.adjudicate 28 ms to import, paid only by the calls that need it
    from referee.adjudicate import judge_data
    from referee.table.changes import by_name

    kind = request.path_params["kind"]
    params = await json_body(request)
    if kind in questions.PARAMETERS:
        allowed = (*questions.PARAMETERS[kind], *questions.COMMON, *(("record",) if kind == "fight" else ()))
        params = check(params, {name: (False, ASK_FIELDS.get(name, "any")) for name in allowed}, kind)
    record = params.pop("record", False) if kind == "fight" else False
    corpus = _corpus()
    path = where_of(request)
    if record:
        # lazy: referee.table 35 ms to import, paid only by the calls that need it
        from referee import table

        require_code(request)
        judged, recorded, _data = await _recorded(text, table.record_fight, params, corpus, path=path)
        _changed(request)
        body = shapes.verdict_json(corpus, judged.verdict, text, judged.cards)
        body["recorded"] = shapes.change_json(recorded, {}) if recorded else None
        return UTF8JSON(body)
    state = None if params.get("players") else _table_state(request)
    data = questions.ask(kind, params, state, corpus)
    try:
        judged = judge_data(data, "question", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None
    return UTF8JSON(shapes.verdict_json(corpus, judged.verdict, text, judged.cards))


async def ask_text(request: Request, text):
    """``POST /api/ask``: ``{"text": "…", "as": "NAME"}`` — a question in the player's own words,
    answered with ``referee ask --json``'s body (404 when it gets neither a verdict nor a clause)."""
    # lazy: referee.ask 25 ms to import, paid only by the calls that need it
    from referee.ask import ask as answer

    body = await json_body(request)
    unknown = [key for key in body if key not in ("text", "as")]
    if unknown:
        raise BadInput("ask: unknown field {name} (fields: text, as)", name=repr(unknown[0]))
    words, as_name = body.get("text"), body.get("as") or None
    if not isinstance(words, str) or (as_name is not None and not isinstance(as_name, str)):
        raise BadInput("ask: \"text\" is the question as a string, \"as\" a player's name")
    found = answer(words, _corpus(), _table_state(request), as_name, text.language)
    if found["judgement"] is None and not found["results"]:
        return no_result(found, Message.of("no verdict and no clause answers {query}", query=quote(words[:80])))
    return UTF8JSON(found)


class _refused:
    """A write refused because the table moved on: 409 with the fresh table under ``"table"``
    (nothing was written; the page shows what changed). A change after the game was won: 422."""

    def __init__(self, request: Request, path, text):
        self.request, self.path, self.text = request, path, text

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        # lazy: referee.table 35 ms to import, paid only by the calls that need it
        from referee import table

        if isinstance(exc, table.Stale):
            fresh = shapes.table_json(exc.shown, self.path, self.text) if exc.shown.state is not None else None
            raise _Answered(UTF8JSON({"error": {"exit": exc.exit_code, "message": error_message(exc)},
                                      "expected": exc.expected, "changes": exc.count, "table": fresh},
                                     status_code=409)) from None
        if isinstance(exc, BadInput) and not isinstance(exc, table.Stale) and _game_over(exc):
            raise _Answered(UTF8JSON({"error": {"exit": exc.exit_code, "message": error_message(exc)}},
                                     status_code=422)) from None
        return False


def _game_over(exc) -> bool:
    """The refusal of a change after the game was won (CONTRACT.md: exit 2, HTTP 422)."""
    message = getattr(exc, "message", None)
    return getattr(message, "template", "").startswith("the game is over")


class _Answered(Exception):
    """An answer decided while handling an error (see :func:`answered`)."""

    def __init__(self, response):
        super().__init__()
        self.response = response


def answered(handler):
    """A handler whose refusals may be whole answers (:class:`_Answered`)."""

    async def route(request: Request, text):
        try:
            return await handler(request, text)
        except _Answered as done:
            return done.response

    route.__name__ = handler.__name__
    return route


# --- the table --------------------------------------------------------------------------------

async def table_show(request: Request, text):
    # The body this process made for the table as it stands (one pragma tells it is current):
    # a hundred phones reading the same table cost one body per change, not a hundred.
    body = watch_of(request.app, where_of(request)).body(text.language)
    if body["table"] is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    return UTF8JSON(body)


#: each change's body, as the CLI's fields: name -> (required, kind of referee.web.bodies.KINDS or types)
CHANGES = {
    "new": {"players": (True, "list of words"), "game": (False, "text"), "expansions": (False, "words"),
            "house_rules": (False, "assignments"), "replace": (False, "flag")},
    "set": {"player": (True, "text"), "fields": (True, "assignments")},
    "level": {"player": (True, "text"), "change": (True, "whole or text"), "source": (True, "text")},
    "item": {"player": (True, "text"), "item": (True, "text"), "fields": (False, "assignments"), "card": (False, "text"),
             "remove": (False, "flag")},
    "turn": {"player": (False, "text"), "phase": (False, "text"), "met_monster": (False, "flag")},
    "undo": {"count": (False, "whole")},
    "redo": {},
}
#: the fight in progress: POST /api/table/combat (open or change), /combat/close, /combat/cancel
COMBAT = {"fighter": (False, "text"), "helper": (False, "text"), "no_helper": (False, "flag"),
          "monsters": (False, "pieces"), "wandering": (False, "pieces"), "plus": (False, "bonuses"),
          "monster_plus": (False, "bonuses"), "discards": (False, "assignments"), "charm": (False, "text"),
          "new": (False, "flag"), "one_shots": (False, "assignments"), "curse": (False, "assignments")}
#: every write may say which table it was based on (CONTRACT.md, "The live table")
EXPECTED = {"expected": (False, "whole")}
#: each question's parameters (``POST /api/ask/{kind}``): name -> kind of referee.web.bodies.KINDS, as the
#: registry of questions declares them (and fight's ``record``)
ASK_FIELDS = {**{p.name: p.kind for q in registry.QUESTIONS for p in registry.parameters(q)}, "record": "flag"}


def _fields(body: dict, change: str, spec: Optional[dict] = None) -> dict:
    return check(body, {**(CHANGES[change] if spec is None else spec), **EXPECTED}, f"table {change}")


@answered
async def table_change(request: Request, text):
    """``POST /api/table/{new|set|level|item|turn|undo|redo}``: the change the CLI would make."""
    change = request.path_params["change"]
    if change not in CHANGES:
        raise NotFound("no table change {change} (changes: {changes})", change=repr(change[:40]),
                       changes=", ".join(CHANGES))
    require_code(request)
    body = _fields(await json_body(request), change)
    path = where_of(request)
    with _refused(request, path, text):
        return await _table_change(request, text, change, body, path)


async def _table_change(request: Request, text, change: str, body: dict, path):
    # lazy: referee.table 35 ms, referee.table.changes 34 ms to import, paid only by the calls that need it
    from referee import table
    from referee.table.changes import parse_change

    expected = body.get("expected")
    if change == "level":
        # lazy: referee.model 15 ms, referee.vocabulary 12 ms to import, paid only by the calls that need it
        from referee.model import LEVEL_SOURCES
        from referee.vocabulary import one_of

        body["source"] = one_of(body["source"], LEVEL_SOURCES, "source")
        levels = body["change"] if isinstance(body["change"], int) else parse_change(body["change"])
        corpus = _corpus()
        judged, recorded = await _recorded(text, table.level, body["player"], levels, body["source"], corpus,
                                           path=path, expected=expected)
        _changed(request)
        data = shapes.verdict_json(corpus, judged.verdict, text, judged.cards)
        data["recorded"] = shapes.change_json(recorded, {}) if recorded else None  # nothing took it back yet
        return UTF8JSON(data)  # the CLI's body: the page reads the table from its event stream
    words = _words(body.get("fields"), flow_text)
    if change == "new":
        recorded = await _recorded(text, table.new, [str(n) for n in body["players"]],
                                   body.get("game") or "munchkin", [str(e) for e in body.get("expansions") or []],
                                   _words(body.get("house_rules"), flow_text), bool(body.get("replace")), path=path,
                                   expected=expected)
    elif change == "set":
        recorded = await _recorded(text, table.set_fields, body["player"], words, path=path, expected=expected)
    elif change == "item":
        recorded = await _recorded(text, table.put_item, body["player"], body["item"], words,
                                   card=body.get("card"), remove=bool(body.get("remove")),
                                   corpus=None if body.get("remove") else _corpus(), path=path, expected=expected)
    elif change == "turn":
        # lazy: referee.model 15 ms, referee.vocabulary 12 ms to import, paid only by the calls that need it
        from referee.model import PHASES
        from referee.vocabulary import one_of

        body["phase"] = one_of(body.get("phase"), PHASES, "phase")
        recorded = await _recorded(text, table.turn, body.get("player"), body.get("phase"), body.get("met_monster"),
                                   path=path, expected=expected)
    elif change == "redo":
        recorded = await _recorded(text, table.redo, path=path, expected=expected)
    else:
        recorded = await _recorded(text, table.undo, body.get("count", 1), path=path, expected=expected)
    return _answer(request, text, recorded, path)


def _answer(request: Request, text, recorded, path) -> UTF8JSON:
    """A change's answer: what was recorded, and the whole table as it now stands."""
    watch = watch_of(request.app, where_of(request))
    body = watch.body(text.language)  # the table after this change, made once for the streams too
    watch.poke()
    # a change just recorded was taken back by nothing yet (an empty map of what undid what)
    change = shapes.change_json(recorded, {}) if recorded else None
    return UTF8JSON({"change": change, **body})


@answered
async def combat(request: Request, text):
    """``POST /api/table/combat[/close|/cancel]``: open or change the fight in progress, judge it
    now and record its result, or call it off. The answer: the change and the table."""
    # lazy: referee.table 35 ms to import, paid only by the calls that need it
    from referee import table

    action = request.path_params.get("action") or "change"
    if action not in ("change", "close", "cancel"):
        raise NotFound("no fight action {action} (actions: close, cancel)", action=repr(action[:40]))
    require_code(request)
    body = _fields(await json_body(request), "combat", COMBAT if action == "change" else {})
    path = where_of(request)
    expected = body.pop("expected", None)
    with _refused(request, path, text):
        if action == "change":
            new = bool(body.pop("new", False))
            recorded = await _recorded(text, table.combat, body, _corpus(), new=new, path=path, expected=expected)
        elif action == "close":
            recorded = await _recorded(text, table.close_combat, _corpus(), path=path, expected=expected)
        else:
            recorded = await _recorded(text, table.cancel_combat, path=path, expected=expected)
    return _answer(request, text, recorded, path)


#: the one thread of this process that records changes to the table: the event loop goes on
#: answering reads and feeding the event streams while a change waits for the disk (SQLite lets
#: go of the interpreter meanwhile); one thread, since the table takes one writer at a time anyway
_WRITER = None


async def _recorded(text, record, *args, **kwargs):
    """``record(*args, **kwargs)`` (a library function that writes the table) on the writer thread,
    in this request's context (its language): an executor's thread has no context of its own."""
    global _WRITER
    if _WRITER is None:
        _WRITER = ThreadPoolExecutor(1, thread_name_prefix="referee-table-writer")
    in_context = functools.partial(contextvars.copy_context().run, record, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_WRITER, in_context)


def _changed(request: Request) -> None:
    """Tell the event streams of this process at once (other processes' polls see it too);
    from now on this process also settles a fight whose window runs out with nobody writing."""
    watch_of(request.app, where_of(request)).poke()


def _words(value, flow_text) -> list[str]:
    """``["level=5"]`` as given, or ``{"level": 5}`` as those words."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [f"{k}={v if isinstance(v, str) else flow_text(v)}" for k, v in value.items()]
    return [str(v) for v in value]
