"""The live table over HTTP: the event stream every phone listens to, through a real server.

Every change reaches every open stream within a second, whoever made it (a write through the
server, a ``referee table`` command on the same table); ``Last-Event-ID`` resumes; a stream
that starts before any game still says so.

The table tests run on both stores (``store_kind``): the server's own table file, and a table
of a PostgreSQL store made by ``POST /api/tables`` on ``referee serve --store URL`` (its routes
under ``/api/tables/ID``, changed with its join code): the same requests, the same assertions.
"""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

from tests.conftest import Server, StoreServer, run_referee


class TableAt:
    """One table of a running server as a phone talks to it: the server's own table
    (``/api/table…``), or a table of its store (``/api/tables/ID…``, each change with the table's
    join code). ``request`` takes the single-table paths and sends them to this table."""

    def __init__(self, server: Server, address, api: str = "/api/table", code: str | None = None):
        self.server, self.port, self.api, self.code = server, server.port, api, code
        self.address = str(getattr(address, "address", address))  # what --table and REFEREE_TABLE say

    def path(self, path: str) -> str:
        import re

        return re.sub(r"^/api/table(?=$|[/?])", self.api, path)

    def request(self, method: str, path: str, body=None, headers: dict | None = None, raw: bytes | None = None):
        if self.code is not None:
            headers = {"X-Referee-Code": self.code, **(headers or {})}
        return self.server.request(method, self.path(path), body, headers, raw)


def table_of(server: Server, store: str) -> TableAt:
    """A new table made by ``POST /api/tables`` on ``server``, a server of ``store``."""
    from referee.table.stores import table_in

    status, body, _ = server.request("POST", "/api/tables", {})
    assert status == 201, body
    return TableAt(server, table_in(store, body["id"]), api=body["api"], code=body["code"])


class Stream:
    """An open ``GET /api/table/events``, its events collected by a thread as they come."""

    def __init__(self, server: Server | TableAt, last_event_id: str | None = None, lang: str = "en"):
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", f"{getattr(server, 'api', '/api/table')}/events?lang={lang}", headers=headers)
        self._socket = self.connection.sock
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")
        self.events: list[tuple[str, dict, float]] = []
        self.comments = 0
        self.clocks: list[int] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        fields: dict = {}
        try:
            while True:
                line = self.response.readline()
                if not line:
                    return
                line = line.decode("utf-8").rstrip("\n")
                if line == "":
                    if fields.get("event") == "clock":
                        self.clocks.append(int(fields["data"]))
                    elif "data" in fields:
                        self.events.append((fields.get("id"), json.loads(fields["data"]), time.monotonic()))
                    fields = {}
                elif line.startswith(":"):
                    self.comments += 1
                else:
                    key, _, value = line.partition(":")
                    fields[key] = value[1:] if value.startswith(" ") else value
        except (OSError, ValueError, AttributeError):  # the test closed the stream
            return

    def wait_for(self, test, timeout: float = 1.0):
        """The first event that passes ``test``, waited for at most ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.events:
                if test(event[1]):
                    return event
            time.sleep(0.01)
        raise AssertionError(f"no such event within {timeout} s; got {[(e[0], e[1].get('changes')) for e in self.events]}")

    def close(self) -> None:
        import socket

        try:
            self._socket.shutdown(socket.SHUT_RDWR)  # wakes the reading thread at once
        except OSError:
            pass
        self.connection.close()
        self._thread.join(5)


def levels(body: dict) -> dict:
    return {p["name"]: p["level"] for p in (body.get("table") or {}).get("players", [])}


@pytest.fixture(scope="module")
def one_server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("live") / "table.sqlite3")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def pg_server(pg_url):
    """``referee serve --store URL`` on the tests' PostgreSQL database."""
    running = StoreServer(pg_url)
    yield running
    running.stop()


@pytest.fixture
def live(store_kind, request):
    """A table with no game on it, on the module's server of the store (a server starts in
    seconds: one for all): the SQLite server's own table file, emptied, or a new table of the
    PostgreSQL store."""
    if store_kind == "sqlite":
        server = request.getfixturevalue("one_server")
        server.table.unlink(missing_ok=True)
        for suffix in ("-wal", "-shm"):
            server.table.with_name(server.table.name + suffix).unlink(missing_ok=True)
        place = TableAt(server, server.table)
    else:
        place = table_of(request.getfixturevalue("pg_server"), request.getfixturevalue("pg_url"))
    streams: list[Stream] = []
    yield place, streams
    for stream in streams:
        stream.close()


def test_a_stream_opened_before_any_game_says_there_is_none_then_shows_the_game_started(live):
    server, streams = live
    streams.append(stream := Stream(server))
    stream.wait_for(lambda body: body["table"] is None and body["changes"] == 0)
    status, _, _ = server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    assert status == 200
    event = stream.wait_for(lambda body: body["table"] is not None)
    assert event[0] == "1" and levels(event[1]) == {"Ann": 1, "Bob": 1}


def test_a_change_through_the_server_reaches_every_stream_within_a_second_as_the_table_body(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob", "Cid"]})
    streams.extend(Stream(server, lang=lang) for lang in ("en", "hu", "gu"))
    for stream in streams:
        stream.wait_for(lambda body: body["changes"] == 1)
    began = time.monotonic()
    status, answer, _ = server.request("POST", "/api/table/level", {"player": "Bob", "change": 1, "source": "kill"})
    assert status == 200 and answer["recorded"]
    for stream, lang in zip(streams, ("en", "hu", "gu")):
        event_id, body, when = stream.wait_for(lambda body: body["changes"] == 2)
        assert event_id == "2" and when - began < 1.0
        _, table, _ = server.request("GET", f"/api/table?lang={lang}")
        assert body == table  # exactly the GET /api/table body, in the stream's language


def test_a_cli_change_on_the_same_table_reaches_the_streams(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    streams.append(stream := Stream(server))
    stream.wait_for(lambda body: body["changes"] == 1)
    result = run_referee("table", "set", "Ann", "level=4", "races=elf", env={"REFEREE_TABLE": server.address})
    assert result.returncode == 0, result.stderr
    _, body, _ = stream.wait_for(lambda body: body["changes"] == 2, timeout=1.5)
    assert levels(body)["Ann"] == 4 and body["table"]["players"][0]["races"] == ["elf"]


def test_a_stream_resumed_from_the_last_event_it_saw_gets_only_what_is_new(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    streams.append(current := Stream(server, last_event_id="1"))
    streams.append(behind := Stream(server, last_event_id="0"))
    behind.wait_for(lambda body: body["changes"] == 1)
    time.sleep(0.4)
    assert current.events == []  # it has the table as it stands: nothing to send yet
    server.request("POST", "/api/table/turn", {})
    assert current.wait_for(lambda body: body["changes"] == 2)[0] == "2"
    assert [e[0] for e in current.events] == ["2"]


def test_a_game_replaced_by_the_cli_reaches_the_streams(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    server.request("POST", "/api/table/turn", {})
    streams.append(stream := Stream(server))
    stream.wait_for(lambda body: body["changes"] == 2)
    result = run_referee("table", "new", "Zoe", "Yan", "--replace", env={"REFEREE_TABLE": server.address})
    assert result.returncode == 0, result.stderr
    _, body, _ = stream.wait_for(lambda body: "Zoe" in levels(body), timeout=1.5)
    assert body["changes"] == 1


def test_a_stream_tells_the_servers_clock_so_a_phone_counts_the_window_down_by_it(live):
    server, streams = live
    streams.append(stream := Stream(server))
    stream.wait_for(lambda body: body["table"] is None)
    assert stream.clocks and abs(stream.clocks[0] / 1000 - time.time()) < 5


def test_the_stream_is_not_compressed_and_not_cached(live):
    server, _ = live
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", server.path("/api/table/events"), headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    assert response.getheader("Content-Encoding") is None
    assert "no-store" in response.getheader("Cache-Control")
    assert response.readline().startswith(b"retry:")
    connection.close()


# --- writes based on an old table, the fight in progress, the end of the game --------------------

def test_a_write_based_on_an_old_table_is_refused_with_the_fresh_table_and_nothing_is_written(live):
    server, _ = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    status, body, _ = server.request("POST", "/api/table/set", {"player": "Ann", "fields": {"level": 3}, "expected": 1})
    assert status == 200 and body["changes"] == 2
    # a second phone still thinks the table has one change
    status, body, _ = server.request("POST", "/api/table/level", {"player": "Ann", "change": 1, "source": "kill",
                                                                  "expected": 1})
    assert status == 409 and body["error"]["exit"] == 2
    assert body["changes"] == 2 and body["table"]["table"]["players"][0]["level"] == 3
    _, now, _ = server.request("GET", "/api/table")
    assert now["changes"] == 2 and levels(now) == {"Ann": 3, "Bob": 1}


@pytest.mark.parametrize("route, body", [("turn", {}), ("undo", {}), ("item", {"player": "Ann", "item": "Rat on a Stick"}),
                                         ("combat", {"monsters": ["Troll:8"]})])
def test_every_write_checks_the_expected_count(live, route, body):
    server, _ = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    server.request("POST", "/api/table/turn", {})
    status, answer, _ = server.request("POST", f"/api/table/{route}", {**body, "expected": 1})
    assert status == 409 and answer["table"]["changes"] == 2


def test_undo_says_what_it_took_back_and_redo_puts_it_back(live):
    server, _ = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    server.request("POST", "/api/table/set", {"player": "Bob", "fields": {"level": 5}})
    status, body, _ = server.request("POST", "/api/table/undo", {"expected": 2})
    assert status == 200 and levels(body)["Bob"] == 1
    assert "Bob" in body["change"]["summary"]
    status, body, _ = server.request("POST", "/api/table/redo", {})
    assert status == 200 and levels(body)["Bob"] == 5


def test_a_fight_opened_on_one_phone_and_changed_on_another_is_recorded_when_its_window_runs_out(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"], "house_rules": {"interference_seconds": 1}})
    streams.append(stream := Stream(server, lang="de"))
    status, body, _ = server.request("POST", "/api/table/combat?lang=de", {"monsters": ["Troll:3"], "fighter": "Ann",
                                                                            "expected": 1})
    assert status == 200, body
    fight = body["combat"]
    assert fight["closes_at"] and fight["result"] is None and fight["judgement"]["verdict"] == "lose"
    opened = stream.wait_for(lambda b: b.get("combat") and not b["combat"].get("one_shots", {}).get("players"))
    assert opened[1]["combat"]["judgement"] == fight["judgement"]  # the stream's language: German too
    # another phone plays a one-shot: the window starts again
    status, body, _ = server.request("POST", "/api/table/combat", {"plus": [5], "expected": body["changes"]})
    assert status == 200, body
    assert body["combat"]["judgement"]["verdict"] == "win" and body["combat"]["closes_at"] > fight["closes_at"]
    # nobody writes: the server records the result when the window has run out
    _, settled, when = stream.wait_for(lambda b: levels(b).get("Ann") == 2, timeout=3)
    assert settled["table"]["players"][0]["level"] == 2
    _, now, _ = server.request("GET", "/api/table")
    assert levels(now)["Ann"] == 2


def test_a_fight_closed_or_cancelled_at_once(live):
    server, _ = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    server.request("POST", "/api/table/combat", {"monsters": ["Troll:1"], "plus": [3]})
    status, body, _ = server.request("POST", "/api/table/combat/close", {})
    assert status == 200 and levels(body)["Ann"] == 2
    server.request("POST", "/api/table/turn", {})
    server.request("POST", "/api/table/combat", {"monsters": ["Troll:1"]})
    status, body, _ = server.request("POST", "/api/table/combat/cancel", {})
    assert status == 200 and levels(body) == {"Ann": 2, "Bob": 1} and not (body.get("combat") or {}).get("closes_at")
    status, body, _ = server.request("POST", "/api/table/combat/bogus", {})
    assert status == 404


def test_after_a_win_every_change_but_undo_is_refused_and_the_body_names_the_winner(live):
    server, _ = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    server.request("POST", "/api/table/set", {"player": "Ann", "fields": {"level": 9}})
    status, body, _ = server.request("POST", "/api/table/level", {"player": "Ann", "change": 1, "source": "kill"})
    assert status == 200 and body["recorded"]
    assert server.request("GET", "/api/table")[1]["winner"] == ["Ann"]
    status, body, _ = server.request("POST", "/api/table/set", {"player": "Bob", "fields": {"level": 3}})
    assert status == 422 and body["error"]["exit"] == 2
    status, body, _ = server.request("POST", "/api/table/undo", {})
    assert status == 200 and body["winner"] is None


# --- a page that behaves like an app (the page, not the store: on the SQLite server alone) ---------

def _get(server: Server, path: str, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.mark.parametrize("lang, name", [("en", "Munchkin referee"), ("hu", None), ("gu", None)])
def test_the_manifest_names_the_app_in_the_pages_language_and_its_icons_exist(one_server, lang, name):
    import struct

    server = one_server
    response, body = _get(server, f"/manifest.webmanifest?lang={lang}")
    assert response.status == 200 and response.getheader("Content-Type").startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["lang"] == lang and manifest["display"] == "standalone" and manifest["start_url"] == f"/?lang={lang}"
    if name:
        assert manifest["name"] == name
    sizes = set()
    for icon in manifest["icons"]:
        got, data = _get(server, icon["src"])
        assert got.status == 200 and got.getheader("Content-Type").startswith(icon["type"])
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add(width)
    assert {192, 512} <= sizes
    page, html = _get(server, f"/?lang={lang}")
    assert f'rel="manifest" href="/manifest.webmanifest?lang={lang}"'.encode() in html


def test_static_files_are_kept_a_year_at_their_versioned_address_and_revalidated_otherwise(one_server):
    import re

    server = one_server
    _, html = _get(server, "/")
    script = re.search(rb'src="(/static/app\.js\?v=[0-9a-f]{12})"', html).group(1).decode()
    response, _ = _get(server, script)
    assert response.status == 200 and "immutable" in response.getheader("Cache-Control")
    response, _ = _get(server, "/static/app.js?v=000000000000")
    assert response.getheader("Cache-Control") == "no-cache"
    response, _ = _get(server, "/static/style.css")
    assert response.getheader("Cache-Control") == "no-cache"
    again, body = _get(server, "/static/style.css", {"If-None-Match": response.getheader("ETag")})
    assert again.status == 304 and body == b""


def test_pages_scripts_and_answers_are_compressed_for_a_phone_that_asks(one_server):
    import gzip

    server = one_server
    for path in ("/", "/static/app.js", "/api/cards?lang=de"):
        response, body = _get(server, path, {"Accept-Encoding": "gzip"})
        assert response.status == 200 and response.getheader("Content-Encoding") == "gzip", path
        assert gzip.decompress(body)
        plain, raw = _get(server, path)
        assert plain.getheader("Content-Encoding") is None and len(raw) > len(body)


def test_serve_tls_answers_over_https_and_refuses_a_key_that_does_not_fit(tmp_path):
    """About serving HTTPS, not about the store: on a table file alone."""
    import shutil
    import ssl
    import subprocess
    import urllib.request

    from tests.conftest import REFEREE, free_port

    if not shutil.which("openssl"):
        pytest.skip("no openssl command to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=localhost"], check=True, capture_output=True)
    wrong = run_referee("serve", "--tls", str(cert), str(cert), "--table", str(tmp_path / "t.sqlite3"))
    assert wrong.returncode == 2 and "--tls" in wrong.stderr and "Traceback" not in wrong.stderr
    missing = run_referee("serve", "--tls", str(tmp_path / "none.pem"), str(key))
    assert missing.returncode == 2 and "none.pem" in missing.stderr
    port = free_port()
    process = subprocess.Popen([REFEREE, "serve", "--port", str(port), "--table", str(tmp_path / "t.sqlite3"), "--tls",
                                str(cert), str(key), "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        announced = json.loads(process.stdout.readline())
        assert announced["url"] == f"https://127.0.0.1:{port}/"
        context = ssl.create_default_context(cafile=str(cert))
        context.check_hostname = False
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{port}/healthz", context=context, timeout=2) as answer:
                    assert answer.status == 200 and json.loads(answer.read())["ok"]
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        process.terminate()
        process.communicate(timeout=10)


def test_two_workers_and_four_phones_writing_at_once_lose_nothing_and_refuse_nothing(store_kind, tmp_path, request):
    """Each worker reads the table while the other commits: a sound log never looks damaged."""
    if store_kind == "sqlite":
        running = Server(tmp_path / "table.sqlite3", "--workers", "2")
        server = TableAt(running, running.table)
    else:
        url = request.getfixturevalue("pg_url")
        running = StoreServer(url, "--workers", "2")
        server = table_of(running, url)
    try:
        server.request("POST", "/api/table/new", {"players": ["Ann", "Bob", "Cid", "Dan"]})
        failures: list = []

        def phone(name: str) -> None:
            for i in range(25):
                status, body, _ = server.request("POST", "/api/table/set", {"player": name, "fields": {"level": 1 + i % 8}})
                if status != 200:
                    failures.append((status, body))
                server.request("GET", "/api/table")

        threads = [threading.Thread(target=phone, args=(n,)) for n in ("Ann", "Bob", "Cid", "Dan")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        assert server.request("GET", "/api/table")[1]["changes"] == 101
    finally:
        running.stop()


def test_a_curse_played_during_the_fight_lands_on_its_player_by_card_name_and_rearms_the_window(live):
    server, _ = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"], "house_rules": {"interference_seconds": 30}})
    _, opened, _ = server.request("POST", "/api/table/combat", {"monsters": ["Troll:3"]})
    status, body, _ = server.request("POST", "/api/table/combat?lang=hu",
                                     {"curse": {"player": "Bob", "curse": "Body Odr"}, "expected": opened["changes"]})
    assert status == 200, body
    assert body["table"]["players"][1]["curses"] == ["Body Odor"]
    assert body["combat"]["closes_at"] > opened["combat"]["closes_at"]
