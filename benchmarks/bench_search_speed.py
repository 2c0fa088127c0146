"""Search speed: whole-process `referee search` against a bare whoosh import; a fresh install's
first search against a warm one; query and build times.

In one loop, each round runs the baseline (`python -c "import whoosh.index, whoosh.qparser"`)
and `referee search` with a warm index, both with this venv's interpreter and console script;
the medians of all rounds and their ratio are printed (target ≤ 1.0). Then the in-process
query time (median over many queries on an open index) and the full index build time (median
of several builds).

With ``--fresh-install`` it also builds the wheel, installs it into a new venv, and times —
interleaved, round after round — that install's first search on an empty cache (a new
``REFEREE_CACHE_DIR`` each round) against its warm search (target ≤ 1.5).

    .venv/bin/python benchmarks/bench_search_speed.py [--rounds 15] [--builds 3] [--fresh-install] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from processes import compile_package, timed

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
QUERIES = ["sell level 10", "szint eladás", "huir dado", "weglopen dobbelsteen", "ભાગી જવું", "Handlanger opfern",
           "mnster levl", "cinkelt kocka", "dado cargado", "Schatze", "charity lowest level", "warrior tie"]
SEARCH = ["search", "sell", "level", "10"]


def fresh_install(rounds: int, env: dict) -> dict:
    """A wheel built and installed into a new venv: its first search with an empty cache against
    its warm one, interleaved."""
    work = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    try:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(work / "dist"),
                        str(ROOT)], check=True)
        subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
        wheel = next((work / "dist").glob("referee-*.whl"))
        subprocess.run([str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                       check=True)
        referee = str(work / "venv" / "bin" / "referee")
        warm_env = {**env, "REFEREE_CACHE_DIR": str(work / "warm-cache")}
        timed([referee, *SEARCH], warm_env)
        first, warm = [], []
        for n in range(rounds):
            first.append(timed([referee, *SEARCH], {**env, "REFEREE_CACHE_DIR": str(work / f"empty-{n}")}))
            warm.append(timed([referee, *SEARCH], warm_env))
        wrote = sorted(p.name for n in range(rounds) for p in (work / f"empty-{n}").glob("*")) if rounds else []
        return {"fresh_first_search_ms": round(statistics.median(first) * 1000, 1),
                "fresh_warm_search_ms": round(statistics.median(warm) * 1000, 1),
                "fresh_ratio": round(statistics.median(first) / statistics.median(warm), 2), "fresh_target": 1.5,
                "fresh_cache_entries_written": len(wrote)}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    from referee.corpus import load_corpus
    from referee.search import Searcher
    from referee.search.index import build, content_key

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--builds", type=int, default=3)
    parser.add_argument("--fresh-install", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "REFEREE_LANG")}
    baseline = [sys.executable, "-c", "import whoosh.index, whoosh.qparser"]
    command = [str(BIN / "referee"), *SEARCH]
    timed(command, env)  # warm the index cache
    base, full = [], []
    for _ in range(args.rounds):
        base.append(timed(baseline, env))
        full.append(timed(command, env))
    corpus = load_corpus()
    with Searcher(corpus) as searcher:
        for query in QUERIES:
            searcher.query(query)
        per_query = []
        for _ in range(5):
            for query in QUERIES:
                start = time.perf_counter()
                searcher.query(query)
                per_query.append(time.perf_counter() - start)
    builds = []
    key = content_key(corpus)
    for _ in range(args.builds):
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            build(corpus, Path(tmp) / "index", key)
            builds.append(time.perf_counter() - start)
    report = {
        "rounds": args.rounds,
        "baseline_import_whoosh_ms": round(statistics.median(base) * 1000, 1),
        "referee_search_ms": round(statistics.median(full) * 1000, 1),
        "ratio": round(statistics.median(full) / statistics.median(base), 2),
        "target": 1.0,
        "in_process_query_ms_median": round(statistics.median(per_query) * 1000, 2),
        "in_process_query_ms_max": round(max(per_query) * 1000, 2),
        "index_build_s_median": round(statistics.median(builds), 2) if builds else None,
    }
    if args.fresh_install:
        report.update(fresh_install(args.rounds, env))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for name, value in report.items():
            print(f"{name:32} {value}")


if __name__ == "__main__":
    main()
