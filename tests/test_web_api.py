"""The JSON API of ``referee serve``, through a real server: the CLI's ``--json`` bodies, the
contract's error statuses, and what it refuses (oversized bodies, a wrong join code, paths
outside its own files)."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import yaml

from tests.conftest import Server, run_referee

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def cli(*args, table=None):
    result = run_referee(*args, "--json", env={"REFEREE_TABLE": str(table)} if table else None)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def q(**params) -> str:
    return urllib.parse.urlencode(params)


# --- the same bodies as the command line ---------------------------------------------------------

@pytest.mark.parametrize("clause, lang", [("combat.ties", "en"), ("running-away.roll", "hu"),
                                          ("epic.play-to-20", "gu"), ("card-rulings.loaded-die", "es")])
def test_a_rule_is_the_clis(server, clause, lang):
    status, body, _ = server.request("GET", f"/api/rule/{clause}?lang={lang}")
    assert status == 200 and body == cli("rule", clause, "--lang", lang)


@pytest.mark.parametrize("query, lang", [("huir dado", "es"), ("szint eladás", "hu"), ("Gleichstand", "de"),
                                         ("monster level", "en"), ("topic:combat", "nl"), ("ટાઈ", "gu")])
def test_a_search_is_the_clis(server, query, lang):
    status, body, _ = server.request("GET", f"/api/search?{q(q=query, lang=lang, limit=5)}")
    assert status == 200 and body == cli("search", query, "--lang", lang, "--limit", "5")


@pytest.mark.parametrize("name, lang", [("Loaded Die", "en"), ("Cinkelt kocka", "hu"), ("ring", "de")])
def test_a_card_is_the_clis(server, name, lang):
    status, body, _ = server.request("GET", f"/api/card?{q(name=name, lang=lang)}")
    assert status == 200 and body == cli("card", name, "--lang", lang)


@pytest.mark.parametrize("lang, example", [("en", "Loaded Die"), ("hu", "Cinkelt kocka"), ("es", "Dado Cargado")])
def test_a_card_asked_with_no_name_is_told_how_with_a_card_of_the_asked_language(server, lang, example):
    status, body, _ = server.request("GET", f"/api/card?{q(name='  ', lang=lang)}")
    assert status == 400 and f"?name={example})" in body["error"]["message"]


def test_the_card_list_is_the_clis(server):
    status, body, _ = server.request("GET", "/api/cards?type=monster&lang=nl")
    assert status == 200 and body == cli("cards", "--type", "monster", "--lang", "nl")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_judged_situation_is_the_clis_in_yaml_and_json(server, path):
    expected = cli("judge", str(path), "--lang", "hu")
    status, body, _ = server.request("POST", "/api/judge?lang=hu", raw=path.read_bytes(),
                                     headers={"Content-Type": "application/yaml"})
    assert status == 200 and body == expected
    as_json = json.dumps(yaml.safe_load(path.read_text())).encode()
    status, body, _ = server.request("POST", "/api/judge", raw=as_json,
                                     headers={"Accept-Language": "hu", "Content-Type": "application/json"})
    assert status == 200 and body == expected


def _strip(data):
    """A table answer without what differs between two files: their paths and the times."""
    data = json.loads(json.dumps(data))
    data.pop("path", None)
    for change in (data.get("change"), data.get("recorded"), data.get("last_change")):
        if isinstance(change, dict):
            change.pop("at", None)
    return data


CHANGES = [
    ("new", {"players": ["Ann", "Bob", "Cid"], "game": "munchkin"}, ["table", "new", "Ann", "Bob", "Cid"]),
    ("set", {"player": "Ann", "fields": ["level=8", "races=elf", "classes=warrior"]},
     ["table", "set", "Ann", "level=8", "races=elf", "classes=warrior"]),
    ("set", {"player": "Bob", "fields": ["level=3", "races=elf"]}, ["table", "set", "Bob", "level=3", "races=elf"]),
    ("item", {"player": "Ann", "item": "Boots of Butt-Kicking"}, ["table", "item", "Ann", "Boots of Butt-Kicking"]),
    ("level", {"player": "Ann", "change": "+1", "source": "kill"}, ["table", "level", "Ann", "+1", "--source", "kill"]),
    ("level", {"player": "Ann", "change": 1, "source": "sell"}, ["table", "level", "Ann", "+1", "--source", "sell"]),
    ("turn", {}, ["table", "turn"]),
    ("turn", {"player": "Ann", "phase": "loot", "met_monster": True},
     ["table", "turn", "Ann", "--phase", "loot", "--met-monster"]),
    ("undo", {"count": 2}, ["table", "undo", "2"]),
]


@pytest.fixture
def table_server(store_kind, tmp_path, request):
    """A server on a table of its own, on each store: a table file, or the own table of a new
    PostgreSQL database (``--store URL``); ``.table`` names it as ``REFEREE_TABLE`` does, and
    ``.mirror`` another table of the same store."""
    from tests.conftest import StoreServer

    if store_kind == "sqlite":
        running = Server(tmp_path / "table.sqlite3")
        running.mirror = tmp_path / "cli.sqlite3"
    else:
        url = request.getfixturevalue("pg_database")
        running = StoreServer(url)
        running.table, running.mirror = f"{url}#own", f"{url}#mirror"
    yield running
    running.stop()


def test_table_changes_and_questions_answer_as_the_cli_does(table_server):
    server, mirror = table_server, table_server.mirror  # the same game played through the CLI
    for change, body, words in CHANGES:
        status, answer, _ = server.request("POST", f"/api/table/{change}", body)
        assert status == 200, answer
        assert _strip(answer) == _strip(cli(*words, table=mirror)), change
    status, shown, _ = server.request("GET", "/api/table")
    assert status == 200 and _strip(shown) == _strip(cli("table", table=mirror))
    # fields may also be a mapping, as JSON clients have them: the same change
    status, answer, _ = server.request("POST", "/api/table/set", {"player": "Cid", "fields": {"level": 4, "races": ["dwarf"]}})
    assert answer["change"]["effect"] == cli("table", "set", "Cid", "level=4", "races=dwarf", table=mirror)["change"]["effect"]
    questions = [
        ("fight", {"monsters": ["Troll:12"], "helper": "Bob"}, ["fight", "Troll:12", "--helper", "Bob"]),
        ("fight", {"monsters": ["Plutonium Dragon", {"name": "Rat", "level": 1}], "plus": [3]},
         ["fight", "Plutonium Dragon", '{"name": "Rat", "level": 1}', "--plus", "3"]),
        ("flee", {"monsters": ["Troll:10"], "fleeing": ["Bob"]}, ["flee", "Troll:10", "--player", "Bob"]),
        ("can", {"player": "Ann", "action": "sell"}, ["can", "Ann", "sell"]),
        ("sell", {"player": "Ann", "items": ["Boots of Butt-Kicking", "Crown:800"]},
         ["sell", "Ann", "Boots of Butt-Kicking", "Crown:800"]),
        ("gear", {"player": "Ann"}, ["gear", "Ann"]),
        ("charity", {"player": "Bob"}, ["charity", "Bob"]),
        ("death", {"player": "Cid"}, ["death", "Cid"]),
        ("level", {"player": "Bob", "change": -1, "source": "curse"}, ["level", "Bob", "-1", "--source", "curse"]),
        ("die", {"roll": 3}, ["die", "3"]),
        ("fight", {"monsters": ["Troll:3"], "players": ["Xia:5 elf warrior +3"], "game": "epic"},
         ["fight", "Troll:3", "--player", "Xia:5 elf warrior +3", "--game", "epic"]),
    ]
    for kind, body, words in questions:
        status, answer, _ = server.request("POST", f"/api/ask/{kind}?lang=de", body)
        assert status == 200, (kind, answer)
        assert answer == cli(*words, "--lang", "de", table=server.table), kind
    status, answer, _ = server.request("POST", "/api/ask/fight", {"monsters": ["Troll:3"], "record": True})
    assert status == 200 and answer["recorded"]["command"] == "fight"


# --- errors, as the contract has them -----------------------------------------------------------

@pytest.mark.parametrize("method, path, body, status, exit_code", [
    ("GET", "/api/rule/combat.no-such-rule", None, 404, 1),
    ("GET", "/api/search?q=xqzzqx", None, 404, 1),
    ("GET", "/api/card?name=Zzyzx+Qwerty", None, 404, 1),
    ("GET", "/api/search?q=dado&lang=fr", None, 400, 2),
    ("GET", "/api/search?q=dado&limit=0", None, 400, 2),
    ("GET", "/api/search?q=dado&game=chess", None, 400, 2),
    ("GET", "/api/table", None, 404, 1),
    ("POST", "/api/judge", b"players: [{name: Ann, levle: 3}]\nquestion: {kind: death, player: Ann}\n", 422, 2),
    ("POST", "/api/judge", b"{not json or yaml: [", 422, 2),
    ("POST", "/api/ask/fight", b"[1, 2]", 400, 2),
    ("POST", "/api/ask/fight", b"{\"monsters\": [\"Troll:3\"], \"players\": [\"Ann:3\"], \"bogus\": 1}", 400, 2),
    ("POST", "/api/ask/juggle", b"{}", 400, 2),
    ("POST", "/api/ask/fight", b"{\"monsters\": [\"Trol\"], \"players\": [\"Ann:3\"]}", 400, 2),
    ("POST", "/api/table/set", b"{\"player\": \"Ann\", \"fields\": [\"level=3\"]}", 404, 1),
    ("POST", "/api/table/explode", b"{}", 404, 1),
    ("POST", "/api/table/new", b"{\"players\": \"Ann\"}", 400, 2),
])
def test_errors_have_the_contracts_status_and_shape(server, method, path, body, status, exit_code):
    got, answer, _ = server.request(method, path, raw=body, headers={"Content-Type": "application/json"})
    assert got == status, answer
    assert answer["error"]["exit"] == exit_code and answer["error"]["message"]


def test_the_rules_not_settling_a_question_is_409():
    from referee.errors import RulesDoNotSettle
    from referee.web.app import status_of

    assert status_of(RulesDoNotSettle("x")) == 409


def test_an_error_message_speaks_the_requests_language(server):
    _, answer, _ = server.request("GET", "/api/rule/combat.nope", headers={"Accept-Language": "de-AT,de;q=0.9"})
    english = run_referee("rule", "combat.nope").stderr
    assert answer["error"]["message"] not in english


# --- what the server refuses ---------------------------------------------------------------------

def _send_all_or_refused(server, path: str, body: bytes):
    """POST a declared-length body; the server may answer 413 and close before it is all sent
    (that is the point), so a broken pipe on our side is expected, and the answer still read."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.putrequest("POST", path)
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", str(len(body)))
    connection.endheaders()
    try:
        connection.send(body)
    except OSError:
        pass
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read().decode("utf-8"))


def test_a_body_over_one_mebibyte_is_413_and_nothing_changes(server):
    server.request("POST", "/api/table/new", {"players": ["Ann"]})
    huge = b"{\"players\": [\"" + b"A" * (1024 * 1024 + 10) + b"\"]}"
    status, answer = _send_all_or_refused(server, "/api/table/new", huge)
    assert status == 413 and answer["error"]["exit"] == 2
    assert _send_all_or_refused(server, "/api/judge", b"x" * (2 * 1024 * 1024))[0] == 413
    assert server.request("GET", "/api/table")[1]["changes"] == 1


def test_a_body_sent_in_chunks_is_cut_at_one_mebibyte(server):
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.putrequest("POST", "/api/judge")
    connection.putheader("Content-Type", "application/yaml")
    connection.putheader("Transfer-Encoding", "chunked")
    connection.endheaders()
    chunk = b"a" * 65536
    try:
        for _ in range(24):  # 1.5 MiB
            connection.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        connection.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server may stop reading once it has refused the body
    assert connection.getresponse().status == 413


def test_a_very_long_query_is_cut_not_refused(server):
    status, answer, _ = server.request("GET", "/api/search?" + q(q="huir " * 5000, lang="es"))
    assert status == 200 and len(answer["query"]) <= 1000


@pytest.mark.parametrize("path", ["/static/../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
                                  "/static/..%2f..%2f..%2fetc%2fpasswd", "/rule/..%2f..%2fetc%2fpasswd",
                                  "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/card/../../etc/passwd",
                                  "/static/../web/app.py", "/static/../../../pyproject.toml"])
def test_nothing_outside_the_servers_own_files_is_served(server, path):
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", path)  # sent as written: no client-side normalising
    answer = connection.getresponse()
    text = answer.read().decode("utf-8", "replace")
    assert answer.status in (400, 404), (path, answer.status)
    assert "root:" not in text and "import" not in text and "[project]" not in text


def test_its_own_files_are_served(server):
    status, text, headers = server.request("GET", "/static/app.js")
    assert status == 200 and "textContent" in text


@pytest.fixture
def open_server(tmp_path):
    """A server as `--host 0.0.0.0` runs it: every change needs the join code."""
    running = Server(tmp_path / "table.sqlite3", "--host", "0.0.0.0", "--code", "424242")
    yield running
    running.stop()


def test_on_the_network_reading_is_open_and_every_change_needs_the_code(open_server):
    changes = [("POST", "/api/table/new", {"players": ["Ann", "Bob"]}),
               ("POST", "/api/table/set", {"player": "Ann", "fields": {"level": 5}}),
               ("POST", "/api/ask/fight", {"monsters": ["Troll:1"], "record": True})]
    for method, path, body in changes[:1]:
        for headers in ({}, {"X-Referee-Code": "000000"}, {"X-Referee-Code": "42424"}):
            status, answer, _ = open_server.request(method, path, body, headers=headers)
            assert status == 403 and answer["error"]["exit"] == 2, headers
    assert open_server.request("GET", "/api/table")[0] == 404  # nothing was started
    assert open_server.request("POST", "/api/table/new?code=424242", changes[0][2])[0] == 200
    for method, path, body in changes[1:]:
        assert open_server.request(method, path, body, headers={"X-Referee-Code": "123456"})[0] == 403
        assert open_server.request(method, path, body, headers={"X-Referee-Code": "424242"})[0] == 200
    assert open_server.request("GET", "/api/table")[0] == 200  # reading needs no code
    assert open_server.request("GET", "/api/search?q=dado")[0] == 200
    assert open_server.request("POST", "/api/ask/gear", {"player": "Ann"})[0] == 200  # asking changes nothing


def test_serve_prints_the_url_and_a_join_code_on_the_network(tmp_path):
    import subprocess

    from tests.conftest import REFEREE, free_port

    port = free_port()
    process = subprocess.Popen([REFEREE, "serve", "--host", "0.0.0.0", "--port", str(port), "--table",
                                str(tmp_path / "t.sqlite3")], stdout=subprocess.PIPE, text=True)
    try:
        url = process.stdout.readline()
        code = process.stdout.readline()
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert f":{port}/" in url and url.startswith("referee: ")
    from referee.cli.serve import CODE_ALPHABET

    assert len(code.strip().rsplit(" ", 1)[-1].replace("-", "")) >= 26
    assert set(code.strip().rsplit(" ", 1)[-1].replace("-", "")) <= set(CODE_ALPHABET)


def test_serve_json_prints_one_line_a_program_can_read(tmp_path):
    import subprocess

    from tests.conftest import REFEREE, free_port

    port = free_port()
    process = subprocess.Popen([REFEREE, "--json", "serve", "--host", "0.0.0.0", "--port", str(port), "--table",
                                str(tmp_path / "t.sqlite3"), "--code", "135790"], stdout=subprocess.PIPE, text=True)
    try:
        started = json.loads(process.stdout.readline())
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert started["port"] == port and started["url"].endswith(f":{port}/") and started["code"] == "135790"


def test_a_client_that_waits_for_continue_is_refused_before_it_sends_the_body(server):
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.putrequest("POST", "/api/judge")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", str(5 * 1024 * 1024))
    connection.putheader("Expect", "100-continue")
    connection.endheaders()  # and not a byte of the body
    answer = connection.getresponse()
    assert answer.status == 413 and json.loads(answer.read())["error"]["exit"] == 2


def test_a_port_in_use_is_exit_2_naming_the_address_and_nothing_is_announced(server, tmp_path):
    from tests.conftest import run_referee

    result = run_referee("serve", "--port", str(server.port), "--table", str(tmp_path / "other.sqlite3"))
    assert result.returncode == 2 and result.stdout == ""
    assert f"127.0.0.1:{server.port}" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_stops_the_server_with_exit_130_and_one_line(tmp_path, workers):
    import signal
    import subprocess

    from tests.conftest import REFEREE, interruptible

    process = subprocess.Popen([REFEREE, "--json", "serve", "--port", "0", "--workers", workers, "--table",
                                str(tmp_path / "t.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=interruptible)
    try:
        started = json.loads(process.stdout.readline())
        with urllib.request.urlopen(f"http://127.0.0.1:{started['port']}/healthz", timeout=20) as answer:
            assert answer.status == 200
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:  # a failed step must not leave a server behind
            process.terminate()
            process.communicate(timeout=30)
    assert process.returncode == 130 and err.strip().splitlines() == ["referee: interrupted"]
