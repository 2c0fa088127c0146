"""Many tables on one server, on both stores (a table file and PostgreSQL): POST /api/tables, each
table's page and routes, join codes refused and slowed; and several servers on one PostgreSQL
store, live across them, one of them killed mid-write."""

from __future__ import annotations

import contextlib
import signal
import threading
import time

import pytest

from tests.conftest import Server, StoreServer
from tests.test_web_live import Stream, TableAt


@pytest.fixture
def store(store_kind, tmp_path, request):
    """A table file, or a new PostgreSQL database (its tries of wrong codes are its own)."""
    return str(tmp_path / "own.sqlite3") if store_kind == "sqlite" else request.getfixturevalue("pg_database")


@pytest.fixture
def served(store):
    running = StoreServer(store)
    yield running
    running.stop()


def TableStream(server: Server, table_id: str, last_event_id: str | None = None) -> Stream:  # noqa: N802
    """The event stream of one table of the store."""
    return Stream(TableAt(server, table_id, api=f"/api/tables/{table_id}"), last_event_id)


@contextlib.contextmanager
def two_servers(url: str):
    """Two servers on one PostgreSQL store, both stopped however the test ends."""
    one, two = StoreServer(url), StoreServer(url)
    try:
        yield one, two
    finally:
        one.stop()
        two.stop()


def made(server: Server) -> tuple[str, str]:
    status, body, _headers = server.request("POST", "/api/tables", {})
    assert status == 201, body
    return body["id"], body["code"]


def start_game(server: Server, table_id: str, code: str, players=("Ann", "Bob")) -> dict:
    status, body, _headers = server.request("POST", f"/api/tables/{table_id}/new", {"players": list(players)},
                                            headers={"X-Referee-Code": code})
    assert status == 200, body
    return body


def test_a_new_table_has_an_unguessable_id_its_own_code_its_page_and_every_table_route(served):
    first, code = made(served)
    second, other_code = made(served)
    assert first != second and code != other_code and len(first) >= 24 and len(code) >= 12
    assert served.request("GET", f"/api/tables/{first}")[0] == 404  # no game yet
    start_game(served, first, code)
    status, body, _ = served.request("GET", f"/api/tables/{first}")
    assert status == 200 and [p["name"] for p in body["table"]["players"]] == ["Ann", "Bob"]
    # the other table and the server's own table are untouched
    assert served.request("GET", f"/api/tables/{second}")[0] == 404
    assert served.request("GET", "/api/table")[0] == 404
    # every route of the table under its id: a change, undo, the fight
    headers = {"X-Referee-Code": code}
    assert served.request("POST", f"/api/tables/{first}/set", {"player": "Ann", "fields": ["level=4"]},
                          headers=headers)[0] == 200
    assert served.request("POST", f"/api/tables/{first}/undo", {}, headers=headers)[1]["changes"] == 3
    status, body, _ = served.request("POST", f"/api/tables/{first}/combat", {"monsters": ["Troll:1"]}, headers=headers)
    assert status == 200 and body["combat"]["closes_at"]
    assert served.request("POST", f"/api/tables/{first}/combat/cancel", {}, headers=headers)[0] == 200
    # the page of the table speaks to that table's routes
    status, page, _ = served.request("GET", f"/t/{first}")
    assert status == 200 and f"/api/tables/{first}" in page
    assert served.request("GET", "/t/" + "x" * 24)[0] == 404


def test_a_change_without_the_tables_code_or_with_another_tables_code_is_refused_and_writes_nothing(served):
    table_id, code = made(served)
    _other, other_code = made(served)
    start_game(served, table_id, code)
    for headers in ({}, {"X-Referee-Code": other_code}, {"X-Referee-Code": code[:-1]}):
        status, body, _ = served.request("POST", f"/api/tables/{table_id}/set",
                                         {"player": "Ann", "fields": ["level=5"]}, headers=headers)
        assert status == 403 and "join code" in body["error"]["message"]
    assert served.request("GET", f"/api/tables/{table_id}")[1]["changes"] == 1
    # the code as a person types it: capitals, no dashes, spaces
    typed = " " + code.replace("-", "").upper() + " "
    assert served.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": ["level=5"]},
                          headers={"X-Referee-Code": typed})[0] == 200
    status, body, _ = served.request("POST", "/api/tables/" + "A" * 24 + "/set", {"player": "Ann", "fields": []},
                                     headers={"X-Referee-Code": code})
    assert status == 404
    assert served.request("GET", "/api/tables/..%2F..%2Fown")[0] == 404  # an id is never a path


def test_wrong_codes_are_slowed_after_a_few_tries_and_a_right_code_passes_once_the_wait_is_over(served):
    table_id, code = made(served)
    start_game(served, table_id, code)
    answers = [served.request("POST", f"/api/tables/{table_id}/undo", {}, headers={"X-Referee-Code": f"guess{n}"})
               for n in range(8)]
    statuses = [a[0] for a in answers]
    assert statuses[:5] == [403] * 5 and set(statuses[5:]) == {429}, statuses
    wait = int({k.lower(): v for k, v in answers[-1][2].items()}["retry-after"])
    assert 1 <= wait <= 5
    # while slowed, even the right code waits (a guesser cannot tell a hit from a miss)
    assert served.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": ["level=2"]},
                          headers={"X-Referee-Code": code})[0] == 429
    time.sleep(wait + 0.1)
    started = time.monotonic()
    assert served.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": ["level=2"]},
                          headers={"X-Referee-Code": code})[0] == 200
    assert time.monotonic() - started < 2
    assert served.request("GET", f"/api/tables/{table_id}")[1]["changes"] == 2


def test_behind_a_proxy_on_the_same_machine_each_player_has_tries_of_their_own(served):
    """The proxy names the client in X-Forwarded-For (trusted from this machine only, uvicorn's
    default; FORWARDED_ALLOW_IPS names a proxy elsewhere): one guesser is slowed, not the table."""
    table_id, code = made(served)
    start_game(served, table_id, code)

    def guess(client: str, n: int) -> int:
        return served.request("POST", f"/api/tables/{table_id}/undo", {},
                              headers={"X-Referee-Code": f"guess{n}", "X-Forwarded-For": client})[0]

    assert [guess("203.0.113.7", n) for n in range(7)] == [403] * 5 + [429] * 2
    assert guess("198.51.100.20", 0) == 403  # another player behind the same proxy: not slowed
    assert served.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": ["level=2"]},
                          headers={"X-Referee-Code": code, "X-Forwarded-For": "198.51.100.20"})[0] == 200


def test_a_tables_event_stream_sees_its_changes_and_only_its_own(served):
    table_id, code = made(served)
    other, other_code = made(served)
    start_game(served, table_id, code)
    stream = TableStream(served, table_id)
    try:
        stream.wait_for(lambda body: body.get("changes") == 1)
        start_game(served, other, other_code, players=("Xia",))
        served.request("POST", f"/api/tables/{table_id}/set", {"player": "Bob", "fields": ["level=3"]},
                       headers={"X-Referee-Code": code})
        stream.wait_for(lambda body: body.get("changes") == 2)
        assert all(body["table"]["players"][0]["name"] == "Ann" for _id, body, _at in stream.events)
    finally:
        stream.close()


# --- several servers on one PostgreSQL store ----------------------------------------------------

def test_a_change_through_one_server_reaches_the_streams_of_another_within_a_second(pg_url):
    with two_servers(pg_url) as (one, two):
        table_id, code = made(one)
        start_game(two, table_id, code)
        streams = [TableStream(one, table_id), TableStream(two, table_id)]
        for stream in streams:
            stream.wait_for(lambda body: body.get("changes") == 1, timeout=2)
        for number, (writer, level) in enumerate([(one, 2), (two, 3), (one, 4)], start=2):
            sent = time.monotonic()
            assert writer.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": [f"level={level}"]},
                                  headers={"X-Referee-Code": code})[0] == 200
            for stream in streams:
                event = stream.wait_for(lambda body, n=number: body.get("changes") == n, timeout=1.0)
                assert event[2] - sent < 1.0
        for stream in streams:
            stream.close()


def test_wrong_codes_spread_over_two_servers_are_slowed_as_on_one(pg_database):
    """The tries are counted in the store: a guesser going round the servers behind a proxy
    gets no more tries than one server gives, and each server makes it wait as long."""
    with two_servers(pg_database) as (one, two):
        table_id, code = made(one)
        start_game(two, table_id, code)
        answers = [server.request("POST", f"/api/tables/{table_id}/undo", {}, headers={"X-Referee-Code": f"guess{n}"})
                   for n, server in zip(range(8), [one, two] * 4)]
        statuses = [a[0] for a in answers]
        assert statuses[:5] == [403] * 5 and statuses[5:] == [429] * 3, statuses
        waits = [int({k.lower(): v for k, v in a[2].items()}["retry-after"]) for a in answers[5:]]
        assert all(1 <= wait <= 5 for wait in waits), waits
        assert one.request("GET", f"/api/tables/{table_id}")[1]["changes"] == 1  # nothing was changed
        time.sleep(max(waits) + 0.1)
        assert two.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": ["level=2"]},
                           headers={"X-Referee-Code": code})[0] == 200


def test_a_worker_killed_mid_write_leaves_the_last_good_state_and_its_streams_resume_on_another(pg_url):
    with two_servers(pg_url) as (one, two):
        table_id, code = made(two)
        start_game(two, table_id, code)
        stream = TableStream(one, table_id)
        stream.wait_for(lambda body: body.get("changes") == 1, timeout=2)
        answered: list[int] = []

        def write_on(server):
            for n in range(200):
                try:
                    status, _body, _ = server.request("POST", f"/api/tables/{table_id}/set",
                                                      {"player": "Bob", "fields": [f"level={n % 9 + 1}"]},
                                                      headers={"X-Referee-Code": code})
                except OSError:
                    return
                if status == 200:
                    answered.append(n)

        writer = threading.Thread(target=write_on, args=(one,))
        writer.start()
        time.sleep(0.5)
        one.process.send_signal(signal.SIGKILL)  # mid-write: no goodbye
        one.process.wait(timeout=10)
        writer.join(timeout=30)
        seen = stream.events[-1][0] if stream.events else "1"
        stream.close()
        # the other worker keeps serving, and the log is whole and verified
        status, body, _ = two.request("GET", f"/api/tables/{table_id}")
        assert status == 200
        assert body["changes"] >= 1 + len(answered)  # every answered write is kept (one may be unanswered)
        assert body["changes"] <= 1 + len(answered) + 1
        # the stream resumes on the other worker from Last-Event-ID: what it missed at once (the
        # table as it now is), nothing twice, then every change
        resumed = TableStream(two, table_id, last_event_id=seen)
        behind = TableStream(two, table_id, last_event_id="1")
        try:
            assert behind.wait_for(lambda b: True, timeout=2)[1]["changes"] == body["changes"]
            if int(seen) < body["changes"]:
                assert resumed.wait_for(lambda b: True, timeout=2)[1]["changes"] == body["changes"]
            else:
                time.sleep(0.5)
                assert resumed.events == []
            assert two.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": ["level=7"]},
                               headers={"X-Referee-Code": code})[0] == 200
            for stream in (resumed, behind):
                stream.wait_for(lambda b: b.get("changes") == body["changes"] + 1, timeout=1)
        finally:
            resumed.close()
            behind.close()


def test_a_fights_window_watched_by_two_servers_is_closed_once(pg_url):
    from referee import table
    from referee.table.pgstore import PgTable

    with two_servers(pg_url) as (one, two):
        table_id, code = made(one)
        start_game(one, table_id, code)
        streams = [TableStream(one, table_id), TableStream(two, table_id)]  # both servers watch the window
        status, body, _ = two.request("POST", f"/api/tables/{table_id}/combat", {"fighter": "Ann",
                                      "monsters": ["Troll:1"]}, headers={"X-Referee-Code": code})
        assert status == 200 and body["combat"]["closes_at"]
        for stream in streams:  # both see the result, recorded by whichever server saw the window end first
            stream.wait_for(lambda b: b.get("changes") == 3, timeout=5)
        time.sleep(0.5)
        log = table.log(PgTable(pg_url, table_id))
        assert [c.command for c in log] == ["new", "combat", "settle"]  # one result, not one per server
        assert two.request("GET", f"/api/tables/{table_id}")[1]["changes"] == 3
        for stream in streams:
            stream.close()


def test_serve_table_url_id_serves_that_table_of_the_store_and_makes_its_new_tables_there(pg_database):
    """``referee serve --table URL#ID``: the server's own table is that table of the store; the
    CLI and the server see each other's changes, and POST /api/tables makes tables in that store."""
    import json
    import secrets

    from tests.conftest import run_referee

    address = f"{pg_database}#{secrets.token_urlsafe(12)}"
    assert run_referee("table", "new", "Ann", "Bob", env={"REFEREE_TABLE": address}).returncode == 0
    server = Server(address)
    try:
        status, body, _ = server.request("GET", "/api/table")
        assert status == 200 and [p["name"] for p in body["table"]["players"]] == ["Ann", "Bob"]
        assert server.request("POST", "/api/table/set", {"player": "Bob", "fields": ["level=4"]})[0] == 200
        shown = json.loads(run_referee("table", "--json", "--table", address).stdout)
        assert shown["changes"] == 2 and shown["table"]["players"][1]["level"] == 4
        table_id, code = made(server)
        start_game(server, table_id, code, players=("Xia",))
        other = json.loads(run_referee("table", "--json", "--table", f"{pg_database}#{table_id}").stdout)
        assert [p["name"] for p in other["table"]["players"]] == ["Xia"]
    finally:
        server.stop()


def test_serve_on_referee_table_url_id_watches_that_table(pg_database):
    """``REFEREE_TABLE=URL#ID referee serve``: as ``--table URL#ID``; a change made by the CLI
    reaches the server's streams (the server listens to the store, not to a file)."""
    import secrets

    from tests.conftest import run_referee

    address = f"{pg_database}#{secrets.token_urlsafe(12)}"
    assert run_referee("table", "new", "Ann", "Bob", env={"REFEREE_TABLE": address}).returncode == 0

    class EnvServer(Server):
        def __init__(self):
            self.table, self.banner = None, ""
            self._start([], {"REFEREE_TABLE": address}, wait=30)

    server = EnvServer()
    try:
        stream = Stream(server)
        stream.wait_for(lambda body: body["changes"] == 1, timeout=2)
        assert run_referee("table", "set", "Bob", "level=3", env={"REFEREE_TABLE": address}).returncode == 0
        assert stream.wait_for(lambda body: body["changes"] == 2, timeout=1.5)[1]["table"]["players"][1]["level"] == 3
        stream.close()
        table_id, code = made(server)
        start_game(server, table_id, code, players=("Xia",))
        shown = run_referee("table", "--json", "--table", f"{pg_database}#{table_id}")
        assert shown.returncode == 0, shown.stderr
    finally:
        server.stop()
