"""Malformed and mistyped bodies on every route: always a 4xx with the contract's error, never a 500.

Each example is a request the page would never send: a valid body with one value swapped for
something else (a number where a name goes, a list where a number goes, a deep nest, a name
like ``__proto__``, a 4,300-digit number), a random JSON value, or bytes that are no JSON at
all. The routes are read from the application itself, so a route added later is fuzzed too
(its body drawn from the same values). In-process, on a real table file.
"""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

#: these tests share one server: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_web_fuzz")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from starlette.routing import Route

from referee.web.app import create_app

ROOT = Path(__file__).parent.parent
EXAMPLES = {p.stem: yaml.safe_load(p.read_text()) for p in sorted((ROOT / "examples").glob("*.yaml"))}
FUZZ = settings(max_examples=max(150, int(os.environ.get("REFEREE_EXAMPLES", "150")) // 3), deadline=None,
                suppress_health_check=list(HealthCheck))
PAGE = "http://127.0.0.1:8765"

#: a body each route takes, to be spoiled one value at a time
VALID = {
    "/api/judge": EXAMPLES["combat"],
    "/api/ask/fight": {"monsters": ["Troll:3", "Plutonium Dragon"], "helper": "Bob", "plus": [2], "monster_plus": [1],
                       "discards": {"Ann": 2}, "charm": {"Ann": "Troll"}},
    "/api/ask/flee": {"monsters": ["Troll:3"], "fleeing": ["Ann", "Bob"]},
    "/api/ask/can": {"player": "Bob", "action": "steal", "target": "Ann", "item": "Sword"},
    "/api/ask/sell": {"player": "Ann", "items": ["Sword", "Boots:300"], "turn": "Ann"},
    "/api/ask/gear": {"player": "Ann"}, "/api/ask/charity": {"player": "Ann"}, "/api/ask/death": {"player": "Ann"},
    "/api/ask/level": {"player": "Ann", "change": "+1", "source": "card"},
    "/api/ask/die": {"roll": 4, "player": "Ann"},
    "/api/table/new": {"players": ["Ann", "Bob"], "game": "munchkin", "replace": True},
    "/api/table/set": {"player": "Ann", "fields": {"level": 3, "races": ["elf"]}},
    "/api/table/level": {"player": "Ann", "change": 1, "source": "card"},
    "/api/table/item": {"player": "Ann", "item": "Sword", "fields": {"bonus": 3, "slot": "1-hand"}},
    "/api/table/turn": {"player": "Bob", "phase": "combat", "met_monster": True},
    "/api/table/undo": {"count": 1},
}
INLINE_PLAYERS = {"players": ["Ann:3 elf", {"name": "Bob", "level": 4, "classes": ["thief"]}]}

NAMES = st.sampled_from(["Ann", "Bob", "constructor", "__proto__", "toString", "hasOwnProperty", "\x1b[2J\x1b[31mEve",
                         "", " ", "Ann:abc", "Ann:" + "9" * 50, "A" * 3000, "名前", "ઍન", "{name: Ann}", "Troll:3",
                         "null", "-1", "\u202eevil", "\x00", "\ud800", "Troll\udfff"])  # (half a UTF-16 pair, as JSON escapes it)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-(10 ** 30), 10 ** 30),
                    st.floats(allow_nan=True, allow_infinity=True), NAMES, st.text(max_size=30))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                     st.dictionaries(st.one_of(NAMES, st.text(max_size=8)), inner,
                                                                     max_size=4)), max_leaves=12)


def _paths(value, at=()):
    """Every place in a body a value sits: keys of mappings, items of lists."""
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*at, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*at, index))


def _put(body, at, value):
    if not at:
        return value
    body = json.loads(json.dumps(body))
    target = body
    for step in at[:-1]:
        target = target[step]
    target[at[-1]] = value
    return body


def _deep(depth: int, kind: str) -> str:
    return ("[" * depth + "]" * depth) if kind == "list" else ('{"a":' * depth + "1" + "}" * depth)


@st.composite
def spoiled(draw, valid) -> bytes:
    """A body the route does not take, as the bytes sent."""
    how = draw(st.sampled_from(["swap", "swap", "swap", "add", "value", "deep", "bytes", "huge", "duplicate"]))
    if how == "swap":
        places = list(_paths(valid))[1:] or [()]
        return json.dumps(_put(valid, draw(st.sampled_from(places)), draw(JSON))).encode()
    if how == "add":
        body = dict(valid) if isinstance(valid, dict) else {}
        body[draw(st.one_of(NAMES, st.sampled_from(["players", "expected", "record", "question", "combat"])))] = \
            draw(JSON)
        return json.dumps(body).encode()
    if how == "value":
        return json.dumps(draw(JSON)).encode()
    if how == "deep":
        nest = _deep(draw(st.sampled_from([50, 200, 1000, 100_000])), draw(st.sampled_from(["list", "map"])))
        places = list(_paths(valid))[1:] or [()]
        return json.dumps(_put(valid, draw(st.sampled_from(places)), "@@")).replace('"@@"', nest).encode()
    if how == "huge":
        places = list(_paths(valid))[1:] or [()]
        digits = "9" * draw(st.sampled_from([19, 400, 4300, 5000]))
        return json.dumps(_put(valid, draw(st.sampled_from(places)), "@@")).replace('"@@"', digits).encode()
    if how == "duplicate":
        text = json.dumps(valid)
        key = draw(st.sampled_from(list(valid) or ["a"])) if isinstance(valid, dict) else "a"
        return ("{" + json.dumps(key) + ": null, " + text[1:]).encode() if text.startswith("{") else text.encode()
    return draw(st.binary(max_size=64))


def post_routes(app) -> list[str]:
    """Every POST route of the application, path parameters filled with each value the route knows."""
    from referee.questions import PARAMETERS
    from referee.web.api import CHANGES

    fills = {"kind": [*PARAMETERS, "nope"], "change": [*CHANGES, "nope"]}
    out = []
    for route in app.routes:
        if not isinstance(route, Route) or "POST" not in (route.methods or ()):
            continue
        paths = [route.path]
        for name, values in fills.items():
            paths = [p.replace("{" + name + "}", v) for p in paths for v in values]
        out += [p for p in paths if "{" not in p]
    return out


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    table = tmp_path_factory.mktemp("fuzz") / "table.sqlite3"
    with TestClient(create_app(table), base_url=PAGE, raise_server_exceptions=False) as running:
        yield running


def _reset(client) -> None:
    client.post("/api/table/new", json={"players": ["Ann", "Bob", "constructor"], "replace": True})
    client.post("/api/table/item", json={"player": "Ann", "item": "Sword", "fields": {"bonus": 3, "gold": 400}})


SEEN = {"requests": 0, "by_status": {}}


def _send(client, method: str, path: str, body: bytes | None = None, params=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    answer = client.request(method, path, content=body, params=params, headers=headers)
    SEEN["requests"] += 1
    SEEN["by_status"][answer.status_code] = SEEN["by_status"].get(answer.status_code, 0) + 1
    assert answer.status_code < 500, (method, path, (body or b"")[:300], answer.text[:500])
    if answer.status_code >= 400 and answer.headers.get("content-type", "").startswith("application/json"):
        error = answer.json()["error"]
        assert error["exit"] in (1, 2, 3) and error["message"] and "Traceback" not in error["message"]
    return answer


def test_every_post_route_is_known_to_the_fuzz(client):
    routes = post_routes(client.app)
    assert {"/api/judge", "/api/table/new", "/api/ask/fight"} <= set(routes)
    missing = [r for r in routes if r not in VALID and not r.endswith("/nope")]
    print(f"routes fuzzed from an empty body only: {missing}")


@FUZZ
@given(st.data())
def test_no_spoiled_body_on_any_route_is_a_500(client, data):
    _reset(client)
    path = data.draw(st.sampled_from(post_routes(client.app)))
    valid = VALID.get(path, {})
    if path.startswith("/api/ask/") and data.draw(st.booleans()):
        valid = {**valid, **INLINE_PLAYERS}
    body = data.draw(spoiled(valid))
    note(f"POST {path} {body[:300]!r}")
    _send(client, "POST", path, body)


def _in_a_url(text: str) -> bool:
    """A URL is UTF-8 bytes: half a UTF-16 pair cannot be sent in one (only a JSON body escapes it)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@FUZZ
@given(st.data())
def test_no_query_on_any_reading_route_is_a_500(client, data):
    path = data.draw(st.sampled_from(["/api/search", "/api/card", "/api/cards", "/api/rule/{}", "/rule/{}",
                                      "/card/{}", "/", "/api/table", "/healthz"]))
    word = data.draw(st.one_of(NAMES, st.text(max_size=40)).filter(_in_a_url))
    if "{}" in path:
        from urllib.parse import quote

        path = path.replace("{}", quote(word, safe="") or "x")
    params = {key: data.draw(st.one_of(NAMES, st.text(max_size=20), st.integers().map(str)).filter(_in_a_url))
              for key in data.draw(st.lists(st.sampled_from(["q", "name", "limit", "game", "kind", "topic", "type",
                                                            "lang"]), max_size=4, unique=True))}
    _send(client, "GET", path, params=params)


@pytest.mark.parametrize("path", sorted(set(VALID) | {"/api/ask"}))
def test_half_a_utf16_pair_in_any_text_is_bad_input(client, path):
    """JSON may escape a lone surrogate ("\\ud800"), which is no character: every route refuses
    it as bad input (a body that is not JSON, 400; a situation that does not load, 422), before
    any of it is read, printed or stored."""
    _reset(client)
    body = json.dumps({**VALID.get(path, {}), "text": "Troll \ud800 level 8"}).encode()
    response = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert response.status_code in (400, 422), response.text
    assert response.json()["error"]["exit"] == 2


def test_the_count_of_bad_inputs_tried(client):
    """Printed for the report: how many bad requests were sent, by status (none is a 500)."""
    print(f"bad requests sent: {SEEN['requests']}, by status: {dict(sorted(SEEN['by_status'].items()))}")
    assert 500 not in SEEN["by_status"]
