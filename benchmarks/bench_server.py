"""The local server under a busy table: start-up, then 50 phones at once, then 8 writers at once.

1. Start-up: whole ``referee serve`` process until ``/healthz`` answers (median of several).
2. Load: 50 concurrent clients for 10 s against one server, each on its own keep-alive
   connection, each choosing a request as players do — searches, rules, judged situations,
   table reads and table writes — then waiting a little, as a person tapping a phone does
   (``--think`` ms, uniformly from 0 to twice that; 0 hammers the server). Prints throughput,
   failures, and p50/p95/p99 latency per kind of request.
3. Writers: 8 clients each make 50 table changes as fast as they can; every one must be in the
   log afterwards.
4. Live: 50 phones hold the table's event stream (``GET /api/table/events``) open while 8 players
   change the table for 10 s (each reads the table and writes a change, ``--think`` ms apart on
   average). Every event the server sends must reach every stream, the last one being the table
   as the writers left it; no request may fail; prints REST latency and how long a change took
   to reach the phones.

    .venv/bin/python benchmarks/bench_server.py [--clients 50] [--seconds 10] [--think 100] [--workers 2]
    .venv/bin/python benchmarks/bench_server.py --live-only [--streams 50] [--writers 8] [--workers 1]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote_plus

from processes import compile_package

ROOT = Path(__file__).resolve().parent.parent
REFEREE = str(Path(sys.executable).parent / "referee")
QUERIES = ["huir dado", "szint eladás", "Gleichstand wer gewinnt", "monster level", "run away roll", "ટાઈ",
           "helper elf level", "sell items level", "curse", "vluchten dobbelsteen", "Loaded Die", "big items dwarf"]
RULES = ["combat.ties", "running-away.roll", "helping.elf-helper-level", "levels.selling-not-to-ten",
         "epic.play-to-20", "items.big"]
LANGS = ["en", "nl", "hu", "es", "gu", "de"]
#: kind of request -> its share of what the clients ask
MIX = {"search": 35, "rule": 20, "judge": 15, "table read": 20, "table write": 10}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(table: Path, workers: int) -> tuple[subprocess.Popen, int, float]:
    port = free_port()
    began = time.perf_counter()
    process = subprocess.Popen([REFEREE, "serve", "--port", str(port), "--table", str(table), "--workers",
                                str(workers)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return process, port, time.perf_counter() - began
        except OSError:
            if process.poll() is not None:
                raise SystemExit(process.stderr.read().decode())
            time.sleep(0.01)


def request(connection, method: str, path: str, body=None) -> int:
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    answer = connection.getresponse()
    answer.read()
    return answer.status


def client(port: int, number: int, until: float, think: float, results: list, lock, situations: list[bytes]):
    rng = random.Random(number)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    kinds, weights = list(MIX), list(MIX.values())
    while time.perf_counter() < until:
        kind = rng.choices(kinds, weights)[0]
        lang = rng.choice(LANGS)
        if kind == "search":
            args = ("GET", f"/api/search?q={quote_plus(rng.choice(QUERIES))}&lang={lang}&limit=5")
        elif kind == "rule":
            args = ("GET", f"/api/rule/{rng.choice(RULES)}?lang={lang}")
        elif kind == "judge":
            args = ("POST", f"/api/judge?lang={lang}", rng.choice(situations))
        elif kind == "table read":
            args = ("GET", f"/api/table?lang={lang}")
        else:
            args = ("POST", "/api/table/set", {"player": f"P{number % 8}", "fields": [f"hand={rng.randrange(8)}"]})
        began = time.perf_counter()
        try:
            status = request(connection, *args)
        except (OSError, http.client.HTTPException):
            status = 0
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        elapsed = time.perf_counter() - began
        with lock:
            results.append((kind, status, elapsed))
        if think:
            time.sleep(rng.uniform(0, 2 * think))


def watch_streams(port: int, count: int, stop_file: str) -> None:
    """The phones, in a process of their own (so their reading never slows the writers' clock):
    ``count`` event streams read with one selector until ``stop_file`` exists; prints, as JSON,
    each stream's events as (id, wall-clock arrival) and whether it broke."""
    import os
    import selectors

    selector = selectors.DefaultSelector()
    streams = []
    for n in range(count):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET /api/table/events HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n")
        sock.setblocking(False)
        state = {"buffer": b"", "events": [], "broken": False}
        streams.append(state)
        selector.register(sock, selectors.EVENT_READ, state)
    print("ready", flush=True)
    while not os.path.exists(stop_file):
        for key, _ in selector.select(timeout=0.05):
            state = key.data
            try:
                data = key.fileobj.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if not data:
                state["broken"] = True
                selector.unregister(key.fileobj)
                continue
            now = time.time()
            state["buffer"] += data
            # chunked transfer: the event lines are whole inside it; "id: N" lines are what counts
            *lines, state["buffer"] = state["buffer"].split(b"\n")
            for line in lines:
                if line.startswith(b"id: "):
                    state["events"].append((int(line[4:].strip()), now))
    print(json.dumps([{"events": s["events"], "broken": s["broken"]} for s in streams]), flush=True)


def live(port: int, streams: int, writers: int, seconds: float, think: float) -> dict:
    """50 open streams, 8 players changing the table: see the module's docstring (4)."""
    import os

    stop_file = tempfile.mktemp(prefix="bench-streams-")
    phones_process = subprocess.Popen([sys.executable, __file__, "--streams-child", str(port), str(streams), stop_file],
                                      stdout=subprocess.PIPE, text=True)
    assert phones_process.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    results: list = []  # (kind, status, seconds, change count after a write, when answered)
    lock = threading.Lock()
    until = time.perf_counter() + seconds

    def player(n: int) -> None:
        rng = random.Random(n)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < until:
            for kind, method, path, body in (("read", "GET", f"/api/table?lang={rng.choice(LANGS)}", None),
                                             ("write", "POST", "/api/table/set",
                                              {"player": f"P{n}", "fields": [f"level={rng.randrange(1, 9)}"]})):
                began = time.perf_counter()
                count = None
                try:
                    data = None if body is None else json.dumps(body).encode()
                    connection.request(method, path, body=data,
                                       headers={"Content-Type": "application/json"} if data else {})
                    answer = connection.getresponse()
                    text = answer.read()
                    status = answer.status
                    if kind == "write" and status == 200:
                        count = json.loads(text)["changes"]
                    elif status != 200:
                        print(f"{kind} {status}: {text[:300]!r}", file=sys.stderr)
                except (OSError, http.client.HTTPException, ValueError):
                    status = 0
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                done = time.perf_counter()
                with lock:
                    results.append((kind, status, done - began, count, time.time()))
            if think:
                time.sleep(rng.uniform(0, 2 * think))

    threads = [threading.Thread(target=player, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = json.loads(_get(port, "/api/table"))["changes"]
    time.sleep(2)  # what is on its way arrives
    open(stop_file, "w").close()
    phones = json.loads(phones_process.stdout.readline())
    phones_process.wait()
    os.unlink(stop_file)
    sent = sorted({i for p in phones for i, _ in p["events"]})  # every event any stream got
    missing = sum(len(set(sent) - {i for i, _ in p["events"]}) for p in phones)
    # how long a write took to reach every phone: from its answer to the first event at or after it
    lags = []
    for kind, status, _took, count, answered in results:
        if count is None:
            continue
        for phone in phones:
            seen = next((t for i, t in phone["events"] if i >= count), None)
            if seen is not None:
                lags.append(max(0.0, seen - answered))
    rest = [r[2] for r in results]
    writes = [r for r in results if r[0] == "write"]
    return {"streams": streams, "writers": writers, "seconds": seconds, "think_ms": think * 1000,
            "requests": len(results), "writes": len(writes), "failed": sum(1 for r in results if r[1] != 200),
            "changes": final, "events_sent": len(sent), "events_missing": missing,
            "streams_with_final_table": sum(1 for p in phones if p["events"] and p["events"][-1][0] == final),
            "streams_failed": sum(1 for p in phones if p["broken"]),
            "rest_ms": {"p50": round(percentile(rest, .5), 1), "p95": round(percentile(rest, .95), 1),
                        "p99": round(percentile(rest, .99), 1)},
            "read_ms": {"p50": round(percentile([r[2] for r in results if r[0] == "read"], .5), 1),
                        "p95": round(percentile([r[2] for r in results if r[0] == "read"], .95), 1)},
            "write_ms": {"p50": round(percentile([r[2] for r in writes], .5), 1),
                         "p95": round(percentile([r[2] for r in writes], .95), 1)},
            "change_to_phone_ms": {"p50": round(percentile(lags, .5), 1), "p95": round(percentile(lags, .95), 1),
                                   "max": round(max(lags) * 1000, 1) if lags else None}}


def print_live(figures: dict) -> None:
    print(f"live: {figures['streams']} streams open, {figures['writers']} players for {figures['seconds']:.0f} s "
          f"(think {figures['think_ms']:.0f} ms): {figures['requests']} requests ({figures['writes']} writes), "
          f"{figures['failed']} failed")
    print(f"  events: {figures['events_sent']} sent for {figures['changes']} changes, {figures['events_missing']} "
          f"missing on some stream, {figures['streams_with_final_table']}/{figures['streams']} streams end with the "
          f"final table, {figures['streams_failed']} streams broken")
    rest, lag = figures["rest_ms"], figures["change_to_phone_ms"]
    print(f"  REST p50 {rest['p50']} ms  p95 {rest['p95']} ms  p99 {rest['p99']} ms "
          f"(reads p95 {figures['read_ms']['p95']} ms, writes p95 {figures['write_ms']['p95']} ms)")
    print(f"  a change reaches the phones: p50 {lag['p50']} ms  p95 {lag['p95']} ms  max {lag['max']} ms")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))] * 1000


def main() -> None:
    if sys.argv[1:2] == ["--streams-child"]:
        watch_streams(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--think", type=float, default=100, help="mean pause between a client's requests, ms")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--streams", type=int, default=50, help="open event streams in the live part")
    parser.add_argument("--writers", type=int, default=8, help="players changing the table in the live part")
    parser.add_argument("--live-only", action="store_true", help="only the live part (4)")
    args = parser.parse_args()
    compile_package()
    if args.live_only:
        with tempfile.TemporaryDirectory() as tmp:
            process, port, _ = start(Path(tmp) / "live.sqlite3", args.workers)
            try:
                setup = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                assert request(setup, "POST", "/api/table/new", {"players": [f"P{i}" for i in range(8)]}) == 200
                figures = live(port, args.streams, args.writers, args.seconds, args.think / 1000)
            finally:
                process.terminate()
                process.wait()
        print(json.dumps(figures, indent=2) if args.json else "", end="\n" if args.json else "")
        if not args.json:
            print_live(figures)
        return
    situations = [p.read_bytes() for p in sorted((ROOT / "examples").glob("*.yaml"))]
    report: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        starts = []
        for i in range(5):
            process, port, took = start(Path(tmp) / f"start{i}.sqlite3", 1)
            starts.append(took)
            process.terminate()
            process.wait()
        report["start_to_healthz_ms"] = round(statistics.median(starts) * 1000, 1)

        table = Path(tmp) / "table.sqlite3"
        process, port, _ = start(table, args.workers)
        try:
            setup = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            assert request(setup, "POST", "/api/table/new", {"players": [f"P{i}" for i in range(8)]}) == 200
            results: list = []
            lock = threading.Lock()
            until = time.perf_counter() + args.seconds
            threads = [threading.Thread(target=client, args=(port, n, until, args.think / 1000, results, lock,
                                                             situations)) for n in range(args.clients)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            failed = [r for r in results if r[1] != 200]
            report["load"] = {"clients": args.clients, "seconds": args.seconds, "think_ms": args.think,
                              "workers": args.workers, "requests": len(results),
                              "per_second": round(len(results) / args.seconds, 1), "failed": len(failed),
                              "latency_ms": {}}
            for kind in [*MIX, "all"]:
                times = [r[2] for r in results if kind in ("all", r[0])]
                report["load"]["latency_ms"][kind] = {"n": len(times), "p50": round(percentile(times, .5), 1),
                                                      "p95": round(percentile(times, .95), 1),
                                                      "p99": round(percentile(times, .99), 1)}

            # 8 writers, 50 changes each, as fast as they go.
            before = json.loads(_get(port, "/api/table"))["changes"]
            errors: list = []

            def writer(n: int) -> None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                for i in range(50):
                    status = request(connection, "POST", "/api/table/set", {"player": f"P{n}", "fields": [f"level={1 + i % 9}"]})
                    if status != 200:
                        errors.append(status)

            began = time.perf_counter()
            writers = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
            for thread in writers:
                thread.start()
            for thread in writers:
                thread.join()
            took = time.perf_counter() - began
            after = json.loads(_get(port, "/api/table"))["changes"]
            report["writers"] = {"writers": 8, "changes_each": 50, "failed": len(errors),
                                 "in_the_log": after - before, "seconds": round(took, 2)}
            report["live"] = live(port, args.streams, args.writers, args.seconds, args.think / 1000)
        finally:
            process.terminate()
            process.wait()
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"serve start-up to /healthz: {report['start_to_healthz_ms']} ms (median of 5)")
    load = report["load"]
    print(f"{load['clients']} clients, {load['seconds']:.0f} s, think {load['think_ms']:.0f} ms, "
          f"{load['workers']} worker(s): {load['requests']} requests, {load['per_second']}/s, {load['failed']} failed")
    for kind, figures in load["latency_ms"].items():
        print(f"  {kind:<12} n={figures['n']:<6} p50 {figures['p50']:6.1f} ms  p95 {figures['p95']:6.1f} ms  "
              f"p99 {figures['p99']:6.1f} ms")
    w = report["writers"]
    print(f"8 writers × 50 changes: {w['in_the_log']} in the log, {w['failed']} failed, {w['seconds']} s")
    print_live(report["live"])


def _get(port: int, path: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    return connection.getresponse().read().decode()


if __name__ == "__main__":
    main()
