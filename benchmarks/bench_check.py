"""Whole-process timings of ``referee check`` and ``referee i18n check``, the commands localizers
run after every edit and CI and the tests run on every change.

Each round runs the baseline (``python -c "import yaml"``) and every command once, interleaved,
so machine noise hits them alike; the medians of all rounds and their ratio to the baseline are
printed, with the target where there is one. "kept" runs share one user cache, as a localizer's
runs after an edit elsewhere do; "cold" runs each start from an empty cache, as a fresh clone's
or a test's first run does.

    .venv/bin/python benchmarks/bench_check.py [--rounds 7] [--json]

Targets: ``check`` and ``i18n check`` ≤ 1.5 s each, with the cache kept.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from processes import compile_package, timed

BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")

#: name -> (command, cache kept between runs, target seconds or None)
COMMANDS = {
    "check (kept)": ([REFEREE, "check"], True, 1.5),
    "i18n check (kept)": ([REFEREE, "i18n", "check"], True, 1.5),
    "check --lang hu (kept)": ([REFEREE, "check", "--lang", "hu"], True, 1.5),
    "check (cold)": ([REFEREE, "check"], False, None),
    "i18n check (cold)": ([REFEREE, "i18n", "check"], False, None),
}
BASELINE = "import yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    compile_package()
    base = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", "REFEREE_LANG")}
    with tempfile.TemporaryDirectory(prefix="bench-check-") as scratch:
        kept = {**base, "REFEREE_CACHE_DIR": str(Path(scratch) / "kept")}
        baseline = [sys.executable, "-c", "import yaml"]
        for command, keep, _ in COMMANDS.values():  # warm the kept cache and the page cache
            if keep:
                timed(command, kept)
        samples: dict[str, list[float]] = {name: [] for name in [BASELINE, *COMMANDS]}
        for round_ in range(args.rounds):
            samples[BASELINE].append(timed(baseline, kept))
            for index, (name, (command, keep, _)) in enumerate(COMMANDS.items()):
                env = kept if keep else {**base, "REFEREE_CACHE_DIR": str(Path(scratch) / f"cold-{round_}-{index}")}
                samples[name].append(timed(command, env))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    rows = []
    for name, (_, _, target) in COMMANDS.items():
        rows.append({"command": name, "median_s": round(medians[name], 3),
                     "ratio_to_import_yaml": round(medians[name] / medians[BASELINE], 1), "target_s": target,
                     "ok": None if target is None else medians[name] <= target})
    if args.json:
        print(json.dumps({"baseline_s": round(medians[BASELINE], 3), "rows": rows}, indent=2))
        return
    print(f"{BASELINE:28} {medians[BASELINE]:7.3f} s")
    for row in rows:
        target = "" if row["target_s"] is None else f"  target ≤ {row['target_s']} s: {'ok' if row['ok'] else 'MISSED'}"
        print(f"{row['command']:28} {row['median_s']:7.3f} s  {row['ratio_to_import_yaml']:6.1f} × import yaml{target}")


if __name__ == "__main__":
    main()
