"""The server's gate: only the table's own page writes, only the server's own names are answered,
wrong join codes are slowed down, every answer carries its security headers, and the server
stays up under a flood of idle connections.

In-process (Starlette's TestClient on the real application and a real table file) except where a
real process is the point: descriptor limits and half-open connections.
"""

from __future__ import annotations

import asyncio
import json
import time

import warnings

import pytest

with warnings.catch_warnings():  # Starlette would rather have httpx2, which is not on PyPI's usual index
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee.web.app import create_app

PAGE = "http://127.0.0.1:8765"
WRITE = {"Content-Type": "application/json"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "table.sqlite3"), base_url=PAGE) as running:
        assert running.post("/api/table/new", json={"players": ["Ann", "Bob"]}).status_code == 200
        yield running


def changes(client) -> int:
    return client.get("/api/table").json()["changes"]


# --- only the table's own page writes ------------------------------------------------------------

ATTACKS = [
    pytest.param({"Origin": "http://evil.example"}, "json", id="a fetch from another site"),
    pytest.param({"Origin": "http://localhost:3000"}, "json", id="a fetch from another port of this machine"),
    pytest.param({"Origin": "null"}, "json", id="a fetch from a sandboxed frame or a file"),
    pytest.param({"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors"}, "json", id="a browser saying cross-site"),
    pytest.param({"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "no-cors"}, "json", id="a browser saying same-site"),
    pytest.param({"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"},
                 "text/plain", id="a form with enctype text/plain"),
    pytest.param({"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"},
                 "application/x-www-form-urlencoded", id="a plain form"),
    pytest.param({}, "text/plain", id="a body that does not say it is JSON"),
    pytest.param({}, "multipart/form-data; boundary=x", id="a multipart form"),
    pytest.param({}, None, id="a body with no type at all"),
]


@pytest.mark.parametrize("headers, kind", ATTACKS)
@pytest.mark.parametrize("path, body", [("/api/table/level", {"player": "Ann", "change": 1, "source": "card"}),
                                        ("/api/table/new", {"players": ["Eve"], "replace": True}),
                                        ("/api/ask/fight", {"monsters": ["Troll:1"], "record": True}),
                                        ("/api/table/undo", {})])
def test_a_write_from_anywhere_but_the_tables_own_page_is_refused_and_the_table_unchanged(client, headers, kind,
                                                                                         path, body):
    before = client.get("/api/table").json()
    sent = dict(headers)
    if kind == "json":
        sent["Content-Type"] = "application/json"
    elif kind:
        sent["Content-Type"] = kind
    answer = client.post(path, content=json.dumps(body).encode(), headers=sent)
    assert answer.status_code in (403, 415), answer.text
    assert answer.json()["error"]["exit"] == 2 and answer.json()["error"]["message"]
    assert client.get("/api/table").json() == before


def test_the_pages_own_requests_pass(client):
    same = {"Origin": PAGE, "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors", **WRITE}
    answer = client.post("/api/table/level", json={"player": "Ann", "change": 1, "source": "card"}, headers=same)
    assert answer.status_code == 200, answer.text
    assert client.post("/api/table/undo", json={}, headers={"Sec-Fetch-Site": "none"}).status_code == 200


def test_a_link_from_another_site_still_opens_the_page_but_its_scripts_cannot_read_the_api(client):
    navigate = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
    assert client.get("/", headers=navigate).status_code == 200
    assert client.get("/api/table", headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors",
                                             "Origin": "http://evil.example"}).status_code == 403


def test_a_situation_may_come_as_yaml_but_a_table_change_may_not(client):
    situation = b"game: munchkin\nplayers: [{name: Ann, level: 3}]\nquestion: {kind: level, player: Ann, change: 1, " \
                b"source: card}\nturn: Ann\n"
    assert client.post("/api/judge", content=situation, headers={"Content-Type": "application/yaml"}).status_code == 200
    refused = client.post("/api/table/undo", content=b"{}", headers={"Content-Type": "application/yaml"})
    assert refused.status_code == 415 and "application/json" in refused.json()["error"]["message"]


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.evil.example", "localhost.",
                                  "[::2]:8765", ""])
def test_a_host_the_server_does_not_answer_to_is_refused_for_reads_and_writes(client, host):
    before = changes(client)
    if host == "localhost.":  # the same name with its root dot: answered
        assert client.get("/api/table", headers={"Host": host}).status_code == 200
        return
    for method, path, body in [("GET", "/api/table", None), ("GET", "/", None),
                               ("POST", "/api/table/undo", {})]:
        answer = client.request(method, path, json=body, headers={"Host": host})
        assert answer.status_code == 421, (host, path, answer.text)
        assert "--allowed-host" in answer.json()["error"]["message"]
    assert changes(client) == before


def test_the_names_given_are_answered_and_loopback_always(tmp_path):
    app = create_app(tmp_path / "t.sqlite3", allowed_hosts=("table.example.org", "192.168.1.20"))
    with TestClient(app, base_url="http://table.example.org") as running:
        for host in ("table.example.org", "TABLE.example.org:443", "192.168.1.20:8765", "localhost:8765",
                     "127.0.0.1", "[::1]:8765"):
            assert running.get("/healthz", headers={"Host": host}).status_code == 200, host
        assert running.get("/healthz", headers={"Host": "other.example.org"}).status_code == 421


def test_a_refusal_speaks_the_requests_language(client):
    english = client.get("/api/table", headers={"Host": "evil.example"}).json()["error"]["message"]
    german = client.get("/api/table?lang=de", headers={"Host": "evil.example"}).json()["error"]["message"]
    assert german != english


# --- what every answer says about itself -----------------------------------------------------------

@pytest.mark.parametrize("method, path, headers", [
    ("GET", "/", {}), ("GET", "/rule/combat.ties", {}), ("GET", "/static/app.js", {}), ("GET", "/static/style.css", {}),
    ("GET", "/api/table", {}), ("GET", "/api/rule/nope", {}), ("GET", "/nowhere", {}),
    ("GET", "/api/table", {"Host": "evil.example"}), ("POST", "/api/table/undo", {"Content-Type": "text/plain"})])
def test_every_answer_forbids_sniffing_and_framing_and_sets_a_content_security_policy(client, method, path, headers):
    answer = client.request(method, path, headers=headers)
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    policy = answer.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy


def test_the_page_passes_its_own_policy_nothing_inline(client):
    """What `default-src 'self'` forbids: inline scripts and styles, handler attributes, other origins."""
    import re

    for path in ("/", "/?lang=gu", "/rule/combat.ties", "/card/loaded-die"):
        page = client.get(path).text
        for script in re.findall(r"<script([^>]*)>(.*?)</script>", page, re.S):
            attributes, inside = script
            assert 'src="/static/' in attributes or ('type="application/json"' in attributes), attributes
            assert not inside.strip() or 'type="application/json"' in attributes
        assert "<style" not in page and not re.search(r"\sstyle=", page)
        assert not re.search(r"\son[a-z]+\s*=", page), "an inline event handler"
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "something from another origin"


# --- join codes ------------------------------------------------------------------------------------

def test_the_join_code_is_long_random_and_typeable():
    from referee.cli.serve import CODE_ALPHABET, join_code

    codes = {join_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        plain = code.replace("-", "")
        assert len(plain) * 5 >= 128 and set(plain) <= set(CODE_ALPHABET)
        assert all(len(group) == 4 for group in code.split("-"))


@pytest.fixture
def coded(tmp_path):
    from referee.cli.serve import join_code

    code = join_code()
    with TestClient(create_app(tmp_path / "t.sqlite3", join_code=code), base_url=PAGE) as running:
        yield running, code


def test_the_code_is_read_as_typed_with_or_without_dashes_spaces_or_look_alike_letters(coded):
    client, code = coded
    plain = code.replace("-", "")
    typed = [code, plain, plain.upper(), " ".join(code.split("-")), plain.replace("1", "l").replace("0", "O")]
    for given in typed:
        client.app.state.wrong_codes.buckets.clear()
        answer = client.post("/api/table/new", json={"players": ["Ann"], "replace": True},
                             headers={"X-Referee-Code": given})
        assert answer.status_code == 200, (given, answer.text)


def test_wrong_codes_are_limited_per_client_with_retry_after_and_the_rate_is_measured(coded):
    """N wrong tries in a loop: only the bucket's burst and its rate reach the code check."""
    client, code = coded
    tries = client.app.state.wrong_codes
    checked, limited, retry_after = 0, 0, set()
    start = time.monotonic()
    while time.monotonic() - start < 3.0:
        answer = client.post("/api/table/new", json={"players": ["Eve"]}, headers={"X-Referee-Code": "0" * 28})
        if answer.status_code == 403:
            checked += 1
        else:
            assert answer.status_code == 429, answer.text
            limited += 1
            retry_after.add(int(answer.headers["retry-after"]))
            assert answer.json()["error"]["exit"] == 2
    elapsed = time.monotonic() - start
    allowed = tries.burst + tries.rate * elapsed + 1
    print(f"wrong codes: {checked + limited} tries in {elapsed:.1f} s, {checked} checked "
          f"({checked / elapsed:.1f}/s, allowed {allowed:.0f}), {limited} refused with 429")
    assert limited > 10 * checked and checked <= allowed
    assert retry_after and all(1 <= s <= 60 for s in retry_after)
    # Even the right code waits while the client is limited: guessing cannot go on between tries.
    frozen = time.monotonic()
    tries.clock = lambda: frozen
    (address,) = tries.buckets  # the one client that tried
    while not tries.wait(address):
        tries.spend(address)
    assert client.post("/api/table/new", json={"players": ["Ann"]}, headers={"X-Referee-Code": code}).status_code == 429
    assert client.get("/api/table").status_code == 404  # nothing was ever written


def test_the_limit_is_per_client_and_refills():
    from referee.web.guard import TokenBucket

    now = [0.0]
    bucket = TokenBucket(rate=1.0, burst=3, clock=lambda: now[0])
    for _ in range(3):
        assert bucket.wait("a") == 0
        bucket.spend("a")
    assert bucket.wait("a") == 1 and bucket.wait("b") == 0
    now[0] += 1.0
    assert bucket.wait("a") == 0


# --- a declared body that never comes --------------------------------------------------------------

def test_a_declared_body_that_never_comes_is_408_and_frees_the_request(tmp_path, monkeypatch):
    from referee.web import guard

    monkeypatch.setattr(guard, "BODY_SECONDS", 0.3)
    app = create_app(tmp_path / "t.sqlite3")
    sent = []
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/api/table/new", "raw_path": b"/api/table/new", "root_path": "", "query_string": b"",
             "headers": [(b"host", b"127.0.0.1:8765"), (b"content-type", b"application/json"),
                         (b"content-length", b"100")], "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8765)}
    first = [True]

    async def receive():
        if first[0]:
            first[0] = False
            return {"type": "http.request", "body": b'{"players": ', "more_body": True}
        await asyncio.sleep(3600)  # the rest never comes

    async def send(message):
        sent.append(message)

    async def run():
        await asyncio.wait_for(app(scope, receive, send), 5)

    start = time.monotonic()
    asyncio.run(run())
    assert time.monotonic() - start < 3
    assert sent[0]["status"] == 408
    assert json.loads(b"".join(m.get("body", b"") for m in sent[1:]))["error"]["exit"] == 2
    assert not (tmp_path / "t.sqlite3").exists() or TestClient(app).get("/api/table").status_code == 404


# --- no traceback flood ----------------------------------------------------------------------------

def test_a_thousand_faults_of_one_kind_are_one_line(caplog):
    import logging

    from referee.web.quiet import OncePerKind

    now = [0.0]
    once = OncePerKind(seconds=10, clock=lambda: now[0])
    passed = []
    for i in range(1000):
        try:
            {}["name"]
        except KeyError as error:
            record = logging.LogRecord("referee.web", logging.ERROR, __file__, 1, "internal error answering %s",
                                       (f"/api/{i}",), (type(error), error, error.__traceback__))
        if once.filter(record):
            passed.append(logging.Formatter("%(message)s").format(record))
    assert len(passed) == 1 and "\n" not in passed[0] and "KeyError" in passed[0]
    now[0] = 11
    record = logging.LogRecord("referee.web", logging.ERROR, __file__, 1, "internal error answering %s", ("/x",),
                               (KeyError, KeyError("name"), None))
    assert once.filter(record) and "999 more" in record.getMessage()


# --- a server that stays up ------------------------------------------------------------------------

def _limited(descriptors: int):
    def limit():
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))
    return limit


def test_it_answers_while_1100_half_open_connections_are_held_under_a_1024_descriptor_limit(tmp_path):
    import resource
    import socket
    import subprocess
    import urllib.request

    from tests.conftest import REFEREE, free_port

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1300:
        pytest.skip("this test holds 1,100 connections itself and needs more than 1,300 descriptors")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1300), hard))
    port = free_port()
    server = subprocess.Popen([REFEREE, "serve", "--port", str(port), "--table", str(tmp_path / "t.sqlite3")],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_limited(1024))
    base = f"http://127.0.0.1:{port}"

    def probe(timeout: float = 5) -> float:
        start = time.monotonic()
        with urllib.request.urlopen(base + "/healthz", timeout=timeout) as answer:
            assert answer.status == 200
        return time.monotonic() - start

    held = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                probe(1)
                break
            except OSError:
                assert time.monotonic() < deadline, server.stderr.read() if server.poll() is not None else "no answer"
                time.sleep(0.2)
        for i in range(1100):
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            if i % 2:  # half of them start a request and never finish its headers
                connection.sendall(b"GET /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(connection)
        waits = [probe() for _ in range(20)]
        print(f"1,100 half-open connections held: 20 probes answered, slowest {max(waits) * 1000:.0f} ms")
        assert max(waits) < 5
        # And a flood of requests that are not HTTP at all: each is refused, the log stays a few lines.
        for _ in range(500):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as garbage:
                garbage.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
                garbage.recv(1024)
        assert probe() < 5
        assert server.poll() is None
    finally:
        for connection in held:
            connection.close()
        server.terminate()
        _out, err = server.communicate(timeout=20)
    print(f"server log after the flood: {len(err.encode())} bytes, {len(err.splitlines())} lines")
    assert "Traceback" not in err and len(err.splitlines()) < 20, err[-2000:]


def test_serve_answers_to_its_own_names_and_refuses_a_malformed_allowed_host(monkeypatch, capsys):
    from referee.cli import run
    from referee.cli.serve import own_names

    assert own_names("127.0.0.1", "127.0.0.1") == ["127.0.0.1"]
    names = own_names("0.0.0.0", "192.168.1.20")
    import socket

    assert "192.168.1.20" in names and socket.gethostname() in names and "0.0.0.0" not in names
    for bad in ("a/b", "evil.example, other", "user@host", " "):
        assert run(["serve", "--allowed-host", bad, "--port", "0"]) == 2
        assert "--allowed-host" in capsys.readouterr().err
