"""The PostgreSQL table store itself: its schema's versions, its append-only log, damage told
apart, many writers on one table deciding on the log as it stands, tables kept apart."""

from __future__ import annotations

import secrets
import threading

import pytest
from hypothesis import given, settings

from referee import table
from referee.errors import BadInput, NotFound
from referee.table import pgstore
from referee.table.pgstore import PgTable
from referee.table.store import Damaged
from tests.test_table_replay import NAMES, _fresh, replay, store_steps

T0 = 1_800_000_000.0


@pytest.fixture
def database(pg_database):
    """A database of its own (the schema tests change its version)."""
    return pg_database


def sql(url: str, statement: str, *args):
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        cursor = db.execute(statement, args or None)
        return cursor.fetchall() if cursor.description else None


def test_a_new_database_gets_the_schema_and_its_version(database):
    table.new(["Ann"], path=PgTable(database, "a" * 20), now=T0)
    assert sql(database, "SELECT version FROM referee_schema") == [(pgstore.SCHEMA_VERSION,)]


def test_a_store_of_a_newer_referee_is_refused_saying_to_upgrade_and_left_as_it_is(database):
    where = PgTable(database, "a" * 20)
    table.new(["Ann"], path=where, now=T0)
    pgstore._POOLS.pop(database).close()
    sql(database, "UPDATE referee_schema SET version = 99")
    with pytest.raises(BadInput, match="newer referee.*schema 99.*upgrade referee"):
        table.show(where)
    assert sql(database, "SELECT version FROM referee_schema") == [(99,)]
    assert sql(database, "SELECT count(*) FROM referee_changes") == [(1,)]


def test_a_store_of_an_older_schema_is_brought_up_to_date_keeping_its_tables(database):
    where = PgTable(database, "a" * 20)
    table.new(["Ann", "Bob"], path=where, now=T0)
    table.set_fields("Ann", ["level=3"], path=where, now=T0 + 1)
    pgstore._POOLS.pop(database).close()
    sql(database, "DROP TABLE referee_tries")  # what version 1 had
    sql(database, "UPDATE referee_schema SET version = 1")
    assert table.show(where, now=T0 + 2).state["players"][0]["level"] == 3
    assert sql(database, "SELECT version FROM referee_schema") == [(pgstore.SCHEMA_VERSION,)]
    assert sql(database, "SELECT count(*) FROM referee_tries") == [(0,)]


def test_the_log_is_append_only_in_the_database_too(pg_url):
    import psycopg

    where = PgTable(pg_url, secrets.token_urlsafe(16))
    table.new(["Ann"], path=where, now=T0)
    with pytest.raises(psycopg.Error, match="append-only"):
        sql(pg_url, "UPDATE referee_changes SET command = 'x' WHERE table_id = %s", where.id)
    with pytest.raises(psycopg.Error, match="append-only"):
        sql(pg_url, "DELETE FROM referee_changes WHERE table_id = %s", where.id)


@pytest.mark.parametrize("damage, seq", [
    ("UPDATE referee_changes SET summary = '{\"template\":\"x\",\"values\":{}}' WHERE table_id = %s AND seq = 3", 3),
    ("UPDATE referee_changes SET state = NULL WHERE table_id = %s AND seq = 3", 3),
    ("UPDATE referee_tip SET seq = 2 WHERE table_id = %s", 3),
])
def test_a_row_changed_behind_referees_back_is_named_never_a_different_table(pg_url, damage, seq):
    where = PgTable(pg_url, secrets.token_urlsafe(16))
    table.new(["Ann", "Bob"], path=where, now=T0)
    table.set_fields("Ann", ["level=2"], path=where, now=T0)
    table.set_fields("Ann", ["level=3"], path=where, now=T0)
    sql(pg_url, "ALTER TABLE referee_changes DISABLE TRIGGER referee_changes_append_only")
    try:
        sql(pg_url, damage, where.id)
    finally:
        sql(pg_url, "ALTER TABLE referee_changes ENABLE TRIGGER referee_changes_append_only")
    with pytest.raises(Damaged) as damaged:
        table.show(where)
        table.log(where)
    assert damaged.value.seq == seq
    with pytest.raises(Damaged):
        table.set_fields("Bob", ["level=2"], path=where, now=T0)


def test_tables_of_one_store_are_kept_apart(pg_url):
    one, two = PgTable(pg_url, secrets.token_urlsafe(16)), PgTable(pg_url, secrets.token_urlsafe(16))
    table.new(["Ann"], path=one, now=T0)
    with pytest.raises(NotFound):
        table.show(two)
    table.new(["Xia", "Yul"], path=two, now=T0)
    table.set_fields("Xia", ["level=5"], path=two, now=T0)
    assert table.show(one).count == 1 and [p["level"] for p in table.show(one).state["players"]] == [1]
    assert table.show(two).count == 2 and len(table.log(two)) == 2


def test_many_writers_on_one_table_each_decide_on_the_log_as_it_stands(pg_url):
    where = PgTable(pg_url, secrets.token_urlsafe(16))
    table.new(["Ann", "Bob"], path=where, now=T0)
    refused, errors = [], []

    def write(n):
        try:
            count = table.show(where).count
            table.set_fields("Ann" if n % 2 else "Bob", [f"level={n % 9 + 1}"], path=where, expected=count, now=T0)
        except table.Stale:
            refused.append(n)
        except Exception as exc:  # noqa: BLE001 - any other failure fails the test
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    log = table.log(where)
    assert len(log) == 1 + 24 - len(refused)
    assert [c.seq for c in log] == list(range(1, len(log) + 1))  # no gap, no double


def test_serve_on_a_store_of_a_newer_referee_or_an_unreachable_one_is_exit_2_saying_why(database, tmp_path):
    from tests.conftest import run_referee

    table.new(["Ann"], path=PgTable(database, "a" * 20), now=T0)
    pgstore._POOLS.pop(database).close()
    sql(database, "UPDATE referee_schema SET version = 99")
    result = run_referee("serve", "--port", "0", "--store", database)
    assert result.returncode == 2 and "newer referee" in result.stderr and "Traceback" not in result.stderr
    nowhere = f"postgresql:///postgres?host={tmp_path}&user=referee&connect_timeout=2"
    result = run_referee("serve", "--port", "0", "--store", nowhere, env={"REFEREE_STORE": ""})
    assert result.returncode == 2 and "cannot be reached" in result.stderr and "Traceback" not in result.stderr


@settings(max_examples=40, deadline=None)
@given(store_steps)
def test_on_postgresql_too_the_state_kept_with_each_change_is_what_a_replay_of_the_whole_log_gives(pg_url, plan):
    """The property the SQLite store is held to (tests/test_table_replay.py), on PostgreSQL."""
    from referee.table.state import split

    where = PgTable(pg_url, secrets.token_urlsafe(16))
    table.new(NAMES, path=where)
    for step in plan:
        try:
            if step[0] == "set":
                table.set_fields(step[1], [f"level={step[2]}"], path=where)
            elif step[0] == "undo":
                table.undo(step[1], path=where)
            else:
                table.redo(path=where)
        except (BadInput, NotFound):
            pass
        assert table.show(where).state == split(replay(_fresh(table.log(where))))[0]


def test_a_reader_is_shown_a_write_whose_notification_has_not_come_yet(pg_url, monkeypatch):
    """Two server processes: a phone writes through one and reads through the other at once. The
    other's notification of that commit comes a moment later, through another connection; the
    reader must be shown the change all the same (the streams may wait for the notification)."""
    import asyncio

    from referee.table import pgwatch
    from referee.web.live import Watch

    where = PgTable(pg_url, secrets.token_urlsafe(16))
    table.new(["Ann", "Bob"], path=where, now=T0)

    async def read_after_a_write_from_elsewhere():
        watch = Watch(where)
        for _ in range(100):  # the listener connected: its connecting counts as a change of every table
            if pgwatch._listeners[where.url].is_alive() and pgwatch._epochs[where.url] >= 1:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)
        assert watch.body("en")["changes"] == 1
        # the write of another process: nothing here counts it until its notification comes
        monkeypatch.setattr(pgwatch, "changed", lambda url, table_id: None)
        monkeypatch.setitem(pgwatch._wakers, (where.url, where.id), [])
        table.set_fields("Ann", ["level=4"], path=where, now=T0)
        body = watch.body("en")
        return body["changes"], [p["level"] for p in body["table"]["players"]]

    assert asyncio.run(read_after_a_write_from_elsewhere()) == (2, [4, 1])
