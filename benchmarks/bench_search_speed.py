"""Search speed: whole-process `referee search` against a bare whoosh import, query and build times.

In one loop, each round runs the baseline (`python -c "import whoosh.index, whoosh.qparser"`) and
`referee search` with a warm index, both with this venv's interpreter and console script; the
medians of all rounds and their ratio are printed. Then the in-process query time (median over
many queries on an open index) and the full index build time (median of several builds).

    .venv/bin/python benchmarks/bench_search_speed.py [--rounds 15] [--builds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
QUERIES = ["sell level 10", "szint eladás", "huir dado", "weglopen dobbelsteen", "ભાગી જવું", "Handlanger opfern",
           "mnster levl", "cinkelt kocka", "dado cargado", "Schatze", "charity lowest level", "warrior tie"]


def timed(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - start


def main() -> None:
    from referee.corpus import load_corpus
    from referee.search import Searcher
    from referee.search.index import build, content_key

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--builds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # An installed package is byte-compiled by pip; a source checkout run with
    # PYTHONDONTWRITEBYTECODE would otherwise pay for compiling every module on every run.
    import compileall

    import referee

    compileall.compile_dir(str(Path(referee.__file__).parent), quiet=1)
    env = dict(os.environ)
    baseline = [sys.executable, "-c", "import whoosh.index, whoosh.qparser"]
    command = [str(BIN / "referee"), "search", "sell", "level", "10"]
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
        "in_process_query_ms_median": round(statistics.median(per_query) * 1000, 2),
        "in_process_query_ms_max": round(max(per_query) * 1000, 2),
        "index_build_s_median": round(statistics.median(builds), 2),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for name, value in report.items():
            print(f"{name:32} {value}")


if __name__ == "__main__":
    main()
