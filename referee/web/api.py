"""The JSON API: each endpoint reads its request, calls the library, answers with the CLI's shape.

The bodies are exactly what ``referee … --json`` prints for the same question (the tests
compare them), because both build them with :mod:`referee.shapes` from the same library calls.
Errors are ``{"error": {"exit": 1|2|3, "message": …}}`` with 404, 400/422 or 409
(:func:`referee.web.app.status_of`).
"""

from __future__ import annotations

from typing import Optional

from starlette.requests import Request

from referee import shapes
from referee.errors import BadInput, NotFound, quote
from referee.message import Message
from referee.web.app import UTF8JSON, body_of, json_body, require_code
from referee.web.bodies import check

#: the longest search query read (the CLI's own cap applies after this)
MAX_QUERY = 1000


def _corpus():
    from referee.corpus import load_corpus

    return load_corpus()


def warm_up() -> None:
    """Read what answers need before the first request: corpus, card names, the search index."""
    from referee.cards import localizer, name_table
    from referee.errors import RefereeError
    from referee.search import searcher_for

    corpus = _corpus()
    name_table(corpus.cards.values(), localizer())
    try:
        searcher_for(corpus)
    except RefereeError:
        pass  # the first search will say what is wrong with the index


def _choice(value: Optional[str], allowed, name: str) -> Optional[str]:
    from referee.vocabulary import one_of

    one_of(value or None, allowed, name)
    return value or None


def no_result(body: dict, message) -> UTF8JSON:
    """No result (the CLI's exit 1): 404 with the contract's error, beside the CLI's own body."""
    from referee.i18n.catalogs import _

    return UTF8JSON({**body, "error": {"exit": 1, "message": message.render(_)}}, status_code=404)


def _number(value: Optional[str], name: str, default: int, low: int, high: int) -> int:
    if value is None or value == "":
        return default
    if not value.strip().isdigit() or not low <= int(value) <= high:
        raise BadInput("{name}: expected a whole number from {low} to {high}, got {value}", name=name, low=low,
                       high=high, value=repr(value[:40]))
    return int(value)


# --- reading the rules ------------------------------------------------------------------------

async def healthz(request: Request, text):
    from referee import __version__

    return UTF8JSON({"ok": True, "version": __version__, "clauses": len(_corpus())})


async def search(request: Request, text):
    from referee.corpus import schema
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
    from referee.cards import localizer, lookup

    corpus = _corpus()
    query = (request.query_params.get("name") or request.query_params.get("q") or "")[:MAX_QUERY]
    if not query.strip():
        raise BadInput("name: say which card (?name=Loaded Die)")
    localized = localizer()
    chosen, candidates, suggestions = lookup(corpus.cards.values(), query, localized)
    data = shapes.card_json(corpus, chosen.card, text, localized) if chosen is not None else None
    body = shapes.lookup_json(query, text.language, data, candidates, suggestions)
    if data is None and not candidates:
        return no_result(body, Message.of("No card matches {query}.", query=quote(query)))
    return UTF8JSON(body)


async def cards(request: Request, text):
    from referee.cards import listed, localizer
    from referee.corpus import schema
    from referee.corpus.cards import CARD_TYPES

    card_type = _choice(request.query_params.get("type"), CARD_TYPES, "type")
    game = _choice(request.query_params.get("game"), schema.GAMES, "game")
    corpus = _corpus()
    chosen = listed(corpus.cards.values(), card_type, game)
    body = shapes.cards_json(corpus, chosen, text, localizer())
    return UTF8JSON(body) if chosen else no_result(body, Message.of("No card matches these filters."))


# --- judging ----------------------------------------------------------------------------------

async def judge(request: Request, text):
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
    from referee import table

    try:
        return table.show(request.app.state.settings.table_path).state
    except NotFound:
        return None


async def ask(request: Request, text):
    """``POST /api/ask/{kind}``: a question without a file, with the CLI's parameters as JSON."""
    from referee import questions
    from referee.adjudicate import judge_data
    from referee.errors import InvalidFile
    from referee.table.changes import by_name

    kind = request.path_params["kind"]
    params = await json_body(request)
    if kind in questions.PARAMETERS:
        allowed = (*questions.PARAMETERS[kind], *questions.COMMON, *(("record",) if kind == "fight" else ()))
        params = check(params, {name: (False, ASK_FIELDS.get(name, "any")) for name in allowed}, kind)
    record = params.pop("record", False) if kind == "fight" else False
    corpus = _corpus()
    path = request.app.state.settings.table_path
    if record:
        from referee import table

        require_code(request)
        judged, recorded, _data = table.record_fight(params, corpus, path=path)
        body = shapes.verdict_json(corpus, judged.verdict, text, judged.cards)
        body["recorded"] = shapes.change_json(recorded, table.show(path).changes) if recorded else None
        return UTF8JSON(body)
    state = None if params.get("players") else _table_state(request)
    data = questions.ask(kind, params, state, corpus)
    try:
        judged = judge_data(data, "question", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None
    return UTF8JSON(shapes.verdict_json(corpus, judged.verdict, text, judged.cards))


# --- the table --------------------------------------------------------------------------------

async def table_show(request: Request, text):
    from referee import table

    path = request.app.state.settings.table_path
    shown = table.show(path)
    if shown.state is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    return UTF8JSON(shapes.table_json(shown, path))


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
}
#: each question's parameters (``POST /api/ask/{kind}``): name -> kind of referee.web.bodies.KINDS
ASK_FIELDS = {"monsters": "pieces", "fighter": "text", "helper": "text", "plus": "numbers", "monster_plus": "numbers",
              "discards": "assignments", "charm": "assignments", "fleeing": "words", "player": "text",
              "action": "text", "target": "text", "item": "text", "items": "words", "change": "whole or text",
              "source": "text", "roll": "whole", "players": "pieces", "game": "text", "expansions": "words",
              "house_rules": "assignments", "turn": "text", "phase": "text", "met_monster": "flag",
              "record": "flag"}


def _fields(body: dict, change: str) -> dict:
    return check(body, CHANGES[change], f"table {change}")


async def table_change(request: Request, text):
    """``POST /api/table/{new|set|level|item|turn|undo}``: the change the CLI would make."""
    from referee import table
    from referee.questions import flow_text
    from referee.table.changes import parse_change

    change = request.path_params["change"]
    if change not in CHANGES:
        raise NotFound("no table change {change} (changes: {changes})", change=repr(change[:40]),
                       changes=", ".join(CHANGES))
    require_code(request)
    body = _fields(await json_body(request), change)
    path = request.app.state.settings.table_path
    if change == "level":
        from referee.model import LEVEL_SOURCES
        from referee.vocabulary import one_of

        one_of(body["source"], LEVEL_SOURCES, "source")
        levels = body["change"] if isinstance(body["change"], int) else parse_change(body["change"])
        corpus = _corpus()
        judged, recorded = table.level(body["player"], levels, body["source"], corpus, path=path)
        data = shapes.verdict_json(corpus, judged.verdict, text, judged.cards)
        data["recorded"] = shapes.change_json(recorded, table.show(path).changes) if recorded else None
        return UTF8JSON(data)
    words = _words(body.get("fields"), flow_text)
    if change == "new":
        recorded = table.new([str(n) for n in body["players"]], body.get("game") or "munchkin",
                             [str(e) for e in body.get("expansions") or []],
                             _words(body.get("house_rules"), flow_text), bool(body.get("replace")), path=path)
    elif change == "set":
        recorded = table.set_fields(body["player"], words, path=path)
    elif change == "item":
        recorded = table.put_item(body["player"], body["item"], words, card=body.get("card"),
                                  remove=bool(body.get("remove")), corpus=None if body.get("remove") else _corpus(),
                                  path=path)
    elif change == "turn":
        from referee.model import PHASES
        from referee.vocabulary import one_of

        one_of(body.get("phase"), PHASES, "phase")
        recorded = table.turn(body.get("player"), body.get("phase"), body.get("met_monster"), path=path)
    else:
        recorded = table.undo(body.get("count", 1), path=path)
    shown = table.show(path)
    return UTF8JSON({"change": shapes.change_json(recorded, shown.changes), **shapes.table_json(shown, path)})


def _words(value, flow_text) -> list[str]:
    """``["level=5"]`` as given, or ``{"level": 5}`` as those words."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [f"{k}={v if isinstance(v, str) else flow_text(v)}" for k, v in value.items()]
    return [str(v) for v in value]
