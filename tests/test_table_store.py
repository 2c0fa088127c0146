"""The table file under faults: random damage never changes the table silently, a damaged row is
named, the good part is exported, a read writes nothing, and a read-only mount or a full disk
still reads (real tmpfs mounts, when the tests run as root)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest

from referee import table
from referee.errors import BadInput, NotFound
from tests.conftest import run_referee

T0 = 1_800_000_000.0


def _game(path: Path, changes: int = 40) -> None:
    table.new(["Ann", "Bob", "Cid"], path=path, now=T0)
    for i in range(changes):
        table.set_fields(["Ann", "Bob", "Cid"][i % 3], [f"hand={i % 7}", f"level={1 + i % 9}"], path=path, now=T0 + i)
        if i % 10 == 9:
            table.undo(2, path=path, now=T0 + i)


def _settled(path: Path) -> None:
    """Everything in the main file: no WAL for the damage to miss."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    path = tmp_path_factory.mktemp("pristine") / "table.sqlite3"
    _game(path)
    _settled(path)
    return path


def _outcome(path: Path):
    try:
        shown = table.show(path, now=T0 + 1000)
        return ("table", json.dumps([shown.state, shown.count], sort_keys=True))
    except (BadInput, NotFound) as exc:
        return ("refused", str(exc))


def test_random_same_size_damage_never_changes_the_table_silently(pristine, tmp_path):
    original = _outcome(pristine)
    data = pristine.read_bytes()
    rng = random.Random(23)
    outcomes = {"same": 0, "refused": 0}
    for trial in range(200):
        damaged = bytearray(data)
        start = rng.randrange(len(data) - 16)
        for offset in range(start, start + rng.randint(1, 16)):
            damaged[offset] = rng.randrange(256)
        path = tmp_path / f"t{trial}.sqlite3"
        path.write_bytes(bytes(damaged))
        got = _outcome(path)
        assert got == original or got[0] == "refused", (trial, start)
        outcomes["same" if got == original else "refused"] += 1
        path.unlink()
    assert outcomes["refused"] > 0  # the damage was seen where it mattered


def test_a_changed_row_is_named_and_the_good_part_is_exported(tmp_path):
    path = tmp_path / "table.sqlite3"
    _game(path, 12)
    with sqlite3.connect(path) as db:  # another program edits the log behind referee's back
        db.execute("DROP TRIGGER changes_no_update")
        db.execute("UPDATE changes SET effect = replace(effect, '\"level\":5', '\"level\":9') WHERE seq = 6")
    result = run_referee("table", "log", "--table", str(path))
    assert result.returncode == 2 and "#6" in result.stderr and "Traceback" not in result.stderr
    exported = json.loads(run_referee("table", "export", "--table", str(path)).stdout)
    assert [c["seq"] for c in exported["changes"]] == [1, 2, 3, 4, 5] and exported["stopped_at"] == 6
    assert exported["table"]["players"][1]["level"] == 2  # the state the good part leaves: #6 set Bob to 5


def test_a_row_added_by_another_program_is_refused(tmp_path):
    path = tmp_path / "table.sqlite3"
    _game(path, 3)
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT * FROM changes ORDER BY seq DESC LIMIT 1").fetchone()
        db.execute("INSERT INTO changes VALUES (" + ", ".join("?" * len(row)) + ")", (row[0] + 1, *row[1:]))
    with pytest.raises(BadInput, match="#5"):
        table.show(path)


def test_a_read_never_writes_into_a_file_that_is_not_a_table(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).execute("PRAGMA user_version = 7").connection.close()
    before = hashlib.sha256(empty.read_bytes()).hexdigest()
    for args in (("table",), ("table", "log"), ("fight", "Troll:3"), ("table", "undo")):
        result = run_referee(*args, "--table", str(empty))
        assert result.returncode in (1, 2) and "Traceback" not in result.stderr
    assert hashlib.sha256(empty.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite3"]


def test_a_table_of_the_first_format_is_read_and_brought_up_to_date(tmp_path):
    from referee.table.store import SCHEMA_VERSION

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, started TEXT NOT NULL);
        CREATE TABLE changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, game INTEGER NOT NULL, at TEXT NOT NULL,
                              command TEXT NOT NULL, request TEXT NOT NULL, effect TEXT NOT NULL,
                              summary TEXT NOT NULL);
        PRAGMA application_id = 1382434149;
        PRAGMA user_version = 1;
        INSERT INTO games VALUES (1, '2026-01-01T00:00:00Z');
    """)
    table_ = {"game": "munchkin", "expansions": [], "house_rules": {}, "turn": "Ann", "phase": "before-door",
              "met_monster_this_turn": False, "players": [{"name": "Ann", "level": 1}, {"name": "Bob", "level": 1}]}
    rows = [("new", {"op": "new", "table": table_}), ("set", {"op": "player", "name": "Ann", "fields": {"level": 4}}),
            ("set", {"op": "player", "name": "Bob", "fields": {"level": 3}}), ("undo", {"op": "undo", "changes": [3]})]
    for command, effect in rows:
        db.execute("INSERT INTO changes(game, at, command, request, effect, summary) VALUES (1, ?, ?, '{}', ?, ?)",
                   ("2026-01-01T00:00:00Z", command, json.dumps(effect), json.dumps({"template": "x", "values": {}})))
    db.close()
    assert table.export(path)["table"]["players"][0]["level"] == 4
    table.set_fields("Bob", ["level=2"], path=path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    shown = table.show(path)
    assert [p["level"] for p in shown.state["players"]] == [4, 2] and shown.count == 5
    table.undo(2, path=path)
    assert [p["level"] for p in table.show(path).state["players"]] == [1, 1]


# --- real faults: a read-only mount, a full disk ------------------------------------------------

@pytest.fixture
def mount(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    where = tmp_path / "mnt"
    where.mkdir()
    mounted = []

    def make(size: str):
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            pytest.skip(f"cannot mount a tmpfs here: {result.stderr.strip()}")
        mounted.append(where)
        return where

    yield make
    for path in mounted:
        subprocess.run(["umount", "-l", str(path)], capture_output=True)


def test_on_a_read_only_mount_the_table_is_read_and_a_write_says_why_not(mount):
    where = mount("4m")
    path = where / "table.sqlite3"
    assert run_referee("table", "new", "Ann", "Bob", "--table", str(path)).returncode == 0
    assert run_referee("table", "set", "Ann", "level=3", "--table", str(path)).returncode == 0
    assert subprocess.run(["mount", "-o", "remount,ro", str(where)]).returncode == 0
    shown = run_referee("table", "--json", "--table", str(path))
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["table"]["players"][0]["level"] == 3
    asked = run_referee("fight", "Troll:2", "--table", str(path))
    assert asked.returncode == 0, asked.stderr
    refused = run_referee("table", "set", "Ann", "level=4", "--table", str(path))
    assert refused.returncode == 2 and "read" in refused.stderr and "Traceback" not in refused.stderr


def test_on_a_full_disk_the_table_is_read_and_a_write_says_why_not(mount):
    where = mount("256k")
    path = where / "table.sqlite3"
    assert run_referee("table", "new", "Ann", "Bob", "--table", str(path)).returncode == 0
    filler = where / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:  # fill the disk to the last block
        while os.write(handle, b"\0" * 4096):
            pass
    except OSError:
        pass
    finally:
        os.close(handle)
    shown = run_referee("table", "--json", "--table", str(path))
    assert shown.returncode == 0, shown.stderr
    results = [run_referee("table", "set", "Ann", f"hand={i}", "--table", str(path)) for i in range(40)]
    failed = [r for r in results if r.returncode != 0]
    assert failed, "the disk never filled"
    assert all(r.returncode == 2 and "Traceback" not in r.stderr for r in failed)
    assert any("room" in r.stderr or "disk" in r.stderr for r in failed)
    filler.unlink()
    after = run_referee("table", "--json", "--table", str(path))
    assert after.returncode == 0, after.stderr
    written = sum(1 for r in results if r.returncode == 0)
    assert json.loads(after.stdout)["changes"] == 1 + written
