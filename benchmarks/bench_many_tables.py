"""Many tables on one service: two servers on one PostgreSQL store, next to one server on SQLite.

The load, the same on both stores:

- ``--tables`` tables (200) made with ``POST /api/tables``, a game started on each;
- on ``--busy`` of them (20), ``--writers`` players each (8) change the table ``--changes`` times
  (each a ``POST /api/tables/{id}/set``, on a keep-alive connection of their own, half of them
  through each server), ``--think`` ms apart on average;
- every busy table's event stream held open on every server.

Checked: no request failed; every table's log holds the game's start plus every change that was
answered (0 lost); every stream saw every change (an event whose id, the change count, is at
least the change's; the stream sends the table as it stands, so two changes within one poll may
come as one event). Measured: p50/p95/p99 of the REST calls, and of event delivery (from the
write's answer to the first event that carries it, on every stream of every server).

    .venv/bin/python benchmarks/bench_many_tables.py [--tables 200] [--busy 20] [--writers 8] [--changes 10]
    .venv/bin/python benchmarks/bench_many_tables.py --think 8000 --changes 5     # players' pace

PostgreSQL: ``$REFEREE_BENCH_PG`` (a URL), else a throwaway cluster made as the tests make it.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from processes import compile_package

ROOT = Path(__file__).resolve().parent.parent
REFEREE = str(Path(sys.executable).parent / "referee")
#: seconds a client reuses an idle connection (uvicorn closes them after 5 s)
KEEP_ALIVE = 4.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(store: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    process = subprocess.Popen([REFEREE, "serve", "--port", str(port), "--store", store], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process, port
        except OSError:
            if process.poll() is not None:
                raise SystemExit(process.stderr.read().decode())
            time.sleep(0.02)


def call(connection, method: str, path: str, body=None, code: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if code:
        headers["X-Referee-Code"] = code
    connection.request(method, path, body=None if body is None else json.dumps(body).encode(), headers=headers)
    answer = connection.getresponse()
    data = answer.read()
    try:
        return answer.status, json.loads(data)
    except ValueError:
        return answer.status, {}


class Stream(threading.Thread):
    """One table's event stream on one server: (change count, arrival time) of every event."""

    def __init__(self, port: int, table_id: str):
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", f"/api/tables/{table_id}/events", headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        assert self.response.status == 200, self.response.status
        self.seen: list[tuple[int, float]] = []

    def run(self) -> None:
        try:
            for line in self.response:
                if line.startswith(b"id: "):
                    self.seen.append((int(line[4:]), time.monotonic()))
        except (OSError, ValueError, AttributeError):
            return

    def first_at_least(self, count: int):
        for number, at in self.seen:
            if number >= count:
                return at
        return None

    def close(self) -> None:
        try:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def writer(port: int, table_id: str, code: str, player: str, changes: int, think: float, rest: list,
           written: list, failed: list, lock) -> None:
    connection, used = http.client.HTTPConnection("127.0.0.1", port, timeout=60), time.monotonic()
    for n in range(changes):
        time.sleep(random.uniform(0, 2 * think))
        if time.monotonic() - used > KEEP_ALIVE:  # as a browser does: a new connection once the server's
            connection.close()                   # keep-alive has run out, never a request into a closing one
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        began = time.monotonic()
        try:
            status, body = call(connection, "POST", f"/api/tables/{table_id}/set",
                                {"player": player, "fields": [f"level={n % 9 + 1}"]}, code)
        except OSError as exc:
            status, body = 0, {"error": str(exc)}
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        done = used = time.monotonic()
        with lock:
            rest.append(done - began)
            if status == 200:
                written.append((table_id, body["changes"], done))
            else:
                failed.append((status, body))


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(store: str, servers: int, args) -> dict:
    processes = [start(store) for _ in range(servers)]
    ports = [port for _process, port in processes]
    try:
        setup = [http.client.HTTPConnection("127.0.0.1", port, timeout=60) for port in ports]
        tables = []
        for number in range(args.tables):
            connection = setup[number % len(setup)]
            status, made = call(connection, "POST", "/api/tables", {})
            assert status == 201, made
            status, body = call(connection, "POST", f"/api/tables/{made['id']}/new",
                                {"players": [f"P{n}" for n in range(1, args.writers + 1)]}, made["code"])
            assert status == 200, body
            tables.append((made["id"], made["code"]))
        busy = tables[:args.busy]
        streams = [Stream(port, table_id) for table_id, _code in busy for port in ports]
        for stream in streams:
            stream.start()
        time.sleep(0.5)
        rest, written, failed, lock = [], [], [], threading.Lock()
        threads = [threading.Thread(target=writer, args=(ports[w % len(ports)], table_id, code, f"P{w + 1}",
                                                         args.changes, args.think / 1000, rest, written, failed, lock))
                   for table_id, code in busy for w in range(args.writers)]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - began
        time.sleep(1.5)  # the last events on their way
        lost, delivery, missing = 0, [], 0
        reader = http.client.HTTPConnection("127.0.0.1", ports[0], timeout=60)  # setup's is closed by now
        for table_id, _code in busy:
            status, body = call(reader, "GET", f"/api/tables/{table_id}")
            answered = sum(1 for t, _count, _at in written if t == table_id)
            lost += 1 + answered - body["changes"] if status == 200 else 1 + answered
        by_table: dict[str, list[Stream]] = {}
        for stream, (table_id, _code) in zip(streams, [(t, c) for t, c in busy for _port in ports]):
            by_table.setdefault(table_id, []).append(stream)
        for table_id, count, at in written:
            for stream in by_table[table_id]:
                arrived = stream.first_at_least(count)
                if arrived is None:
                    missing += 1
                else:
                    delivery.append(max(0.0, arrived - at))
        for stream in streams:
            stream.close()
        return {"store": "postgresql" if store.startswith("postgres") else "sqlite", "servers": servers,
                "tables": args.tables, "busy": args.busy, "writers": args.busy * args.writers,
                "streams": len(streams), "changes": len(written), "failed": len(failed), "lost": lost,
                "undelivered": missing, "seconds": round(elapsed, 2),
                "changes_per_s": round(len(written) / elapsed, 1),
                "rest_ms": {p: round(percentile(rest, q) * 1000, 1) for p, q in (("p50", .5), ("p95", .95), ("p99", .99))},
                "delivery_ms": {p: round(percentile(delivery, q) * 1000, 1)
                                for p, q in (("p50", .5), ("p95", .95), ("p99", .99))},
                "failures": failed[:3]}
    finally:
        for process, _port in processes:
            process.terminate()
            process.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--busy", type=int, default=20)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--think", type=float, default=100.0, help="ms between a writer's changes, on average")
    parser.add_argument("--only", choices=["postgresql", "sqlite"])
    args = parser.parse_args()
    compile_package()
    results = []
    scratch = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    stop = None
    try:
        if args.only != "sqlite":
            url = os.environ.get("REFEREE_BENCH_PG")
            if not url:
                sys.path.insert(0, str(ROOT))
                from tests.conftest import _start_cluster

                url, stop = _start_cluster(Path(tempfile.mkdtemp(prefix="referee-pg-")))
            results.append(run(url, 2, args))
        if args.only != "postgresql":
            results.append(run(str(scratch / "own.sqlite3"), 1, args))
    finally:
        if stop is not None:
            stop()
        shutil.rmtree(scratch, ignore_errors=True)
    for result in results:
        print(json.dumps(result))
    bad = [r for r in results if r["failed"] or r["lost"] or r["undelivered"]]
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
