"""The local server under a busy table: start-up, then 50 phones at once, then 8 writers at once.

1. Start-up: whole ``referee serve`` process until ``/healthz`` answers (median of several).
2. Load: 50 concurrent clients for 10 s against one server, each on its own keep-alive
   connection, each choosing a request as players do — searches, rules, judged situations,
   table reads and table writes — then waiting a little, as a person tapping a phone does
   (``--think`` ms, uniformly from 0 to twice that; 0 hammers the server). Prints throughput,
   failures, and p50/p95/p99 latency per kind of request.
3. Writers: 8 clients each make 50 table changes as fast as they can; every one must be in the
   log afterwards.

    .venv/bin/python benchmarks/bench_server.py [--clients 50] [--seconds 10] [--think 100] [--workers 2]
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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--think", type=float, default=100, help="mean pause between a client's requests, ms")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
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


def _get(port: int, path: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    return connection.getresponse().read().decode()


if __name__ == "__main__":
    main()
