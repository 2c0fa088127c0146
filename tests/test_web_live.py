"""The live table over HTTP: the event stream every phone listens to, through a real server.

Every change reaches every open stream within a second, whoever made it (a write through the
server, a ``referee table`` command on the same file); ``Last-Event-ID`` resumes; a stream
that starts before any game still says so.
"""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest

from tests.conftest import Server, run_referee


class Stream:
    """An open ``GET /api/table/events``, its events collected by a thread as they come."""

    def __init__(self, server: Server, last_event_id: str | None = None, lang: str = "en"):
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.connection.request("GET", f"/api/table/events?lang={lang}", headers=headers)
        self._socket = self.connection.sock
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")
        self.events: list[tuple[str, dict, float]] = []
        self.comments = 0
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
                    if "data" in fields:
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


@pytest.fixture
def live(one_server):
    """The module's server with no game on its table (a server starts in seconds: one for all)."""
    one_server.table.unlink(missing_ok=True)
    for suffix in ("-wal", "-shm"):
        one_server.table.with_name(one_server.table.name + suffix).unlink(missing_ok=True)
    streams: list[Stream] = []
    yield one_server, streams
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
    _, table, _ = server.request("GET", "/api/table")
    for stream in streams:
        event_id, body, when = stream.wait_for(lambda body: body["changes"] == 2)
        assert event_id == "2" and when - began < 1.0
        assert body == table  # exactly the GET /api/table body


def test_a_cli_change_on_the_same_file_reaches_the_streams(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    streams.append(stream := Stream(server))
    stream.wait_for(lambda body: body["changes"] == 1)
    result = run_referee("table", "set", "Ann", "level=4", "races=elf", env={"REFEREE_TABLE": str(server.table)})
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


def test_a_game_replaced_on_the_file_reaches_the_streams(live):
    server, streams = live
    server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
    server.request("POST", "/api/table/turn", {})
    streams.append(stream := Stream(server))
    stream.wait_for(lambda body: body["changes"] == 2)
    result = run_referee("table", "new", "Zoe", "Yan", "--replace", env={"REFEREE_TABLE": str(server.table)})
    assert result.returncode == 0, result.stderr
    _, body, _ = stream.wait_for(lambda body: "Zoe" in levels(body), timeout=1.5)
    assert body["changes"] == 1


def test_the_stream_is_not_compressed_and_not_cached(live):
    server, _ = live
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/api/table/events", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    assert response.getheader("Content-Encoding") is None
    assert "no-store" in response.getheader("Cache-Control")
    assert response.readline().startswith(b"retry:")
    connection.close()
