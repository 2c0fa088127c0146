"""The table under concurrent writers and killed processes: no change lost, no half change kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

from tests.conftest import run_referee

WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from referee import table
    path, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    for i in range(count):
        if i % 2:
            table.set_fields(name, [f"hand={i}"], path=path)
        else:
            table.put_item(name, f"Item {i}", [f"bonus={i % 5}"], path=path)
""")


def _writers(path, names, count):
    return [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, str(count)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for name in names]


def test_eight_concurrent_writers_lose_none_of_their_400_changes(tmp_path):
    path = tmp_path / "table.sqlite3"
    names = [f"P{i}" for i in range(8)]
    assert run_referee("table", "new", *names, "--table", str(path)).returncode == 0
    writers = _writers(path, names, 50)
    for writer in writers:
        _, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, err
    result = run_referee("table", "log", "--json", "--table", str(path))
    changes = json.loads(result.stdout)["changes"]
    assert len(changes) == 1 + 8 * 50
    assert len({c["seq"] for c in changes}) == len(changes)
    shown = json.loads(run_referee("table", "--json", "--table", str(path)).stdout)["table"]
    for player in shown["players"]:  # each writer's last change of each kind is what stands
        assert player["hand"] == 49
        assert len(player["items"]) == 25 and player["items"][-1]["name"] == "Item 48"


def test_a_writer_killed_mid_change_leaves_the_last_good_state(tmp_path):
    path = tmp_path / "table.sqlite3"
    assert run_referee("table", "new", "Ann", "Bob", "--table", str(path)).returncode == 0
    for delay in (0.3, 0.45, 0.6, 0.8, 1.0):
        writer = _writers(path, ["Ann"], 10_000)[0]
        time.sleep(delay)
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        log = run_referee("table", "log", "--json", "--table", str(path))
        assert log.returncode == 0, log.stderr
        changes = json.loads(log.stdout)["changes"]
        shown = run_referee("table", "--json", "--table", str(path))
        assert shown.returncode == 0, shown.stderr
        ann = next(p for p in json.loads(shown.stdout)["table"]["players"] if p["name"] == "Ann")
        last = [c for c in changes if c["command"] == "set"][-1:] or None
        if last:  # the state is exactly what the recorded changes leave
            assert ann["hand"] == last[0]["effect"]["fields"]["hand"]
    # and the table still takes changes
    assert run_referee("table", "set", "Bob", "level=3", "--table", str(path)).returncode == 0
