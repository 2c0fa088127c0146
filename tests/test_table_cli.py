"""``referee table …`` as a user types it: the fight and its countdown, a game that ends, undo
and redo, items that are not cards, and sales, deaths and flights recorded on the table."""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.conftest import run_referee


@pytest.fixture
def table(new_table):
    """``referee`` on a new table: a file named by ``$REFEREE_TABLE``, or a table of a PostgreSQL
    store named by ``--table URL#ID`` (the same commands, the same assertions)."""
    path = new_table()
    named = {"REFEREE_TABLE": str(path)} if isinstance(path, Path) else {}
    option = [] if isinstance(path, Path) else ["--table", path.address]

    def referee(*args, lang="en", expect=0):
        result = run_referee(*args, *option, env={**named, "REFEREE_LANG": lang})
        assert result.returncode == expect, (args, result.stdout, result.stderr)
        assert "Traceback" not in result.stderr
        return result

    def data(*args, **kwargs):
        return json.loads(referee(*args, "--json", **kwargs).stdout)

    referee.data, referee.path = data, path
    return referee


def test_table_level_works_in_the_combat_phase_with_or_without_a_fight(table):
    table("table", "new", "Ann", "Bob")
    table("table", "turn", "--phase", "combat")
    assert table.data("table", "level", "Ann", "+1", "--source", "card")["details"]["new_level"] == 2
    table("table", "combat", "open", "Troll:12", "--helper", "Bob")
    assert table.data("table", "level", "Bob", "+1", "--source", "card")["recorded"]["effect"]["fields"] == {"level": 2}


def test_the_fight_runs_its_window_and_every_face_shows_the_result(table):
    table("table", "new", "Ann", "Bob", "--house-rule", "interference_seconds=4")
    table("table", "set", "Ann", "level=4")
    opened = table.data("table", "combat", "open", "Troll:3")
    assert opened["combat"]["fighter"] == "Ann" and opened["combat"]["judgement"]["verdict"] == "win"
    assert opened["combat"]["closes_at"].endswith("Z") and opened["winner"] is None
    changed = table.data("table", "combat", "change", "--monster-plus", "Enraged", "--plus", "1")
    # the enhancer card goes on the monster, with the Treasure it adds (monsters.enhancers-treasure)
    assert changed["combat"]["one_shots"] == {"players": [1], "monsters": []}
    assert changed["combat"]["monsters"][0]["enhancers"] == ["Enraged"]
    assert "s left" in table("table", "combat").stdout
    closes = datetime.strptime(changed["combat"]["closes_at"], "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    time.sleep(max(0.0, closes.timestamp() - time.time()) + 0.1)
    shown = table.data("table")
    assert "combat" in shown and shown["combat"]["result"] == "lose" and shown["table"]["phase"] == "running-away"
    flight = table.data("flee")
    assert [r["monster"] for r in flight["details"]["rolls"]] == ["Troll"]
    log = table.data("table", "log")["changes"]
    assert [c["command"] for c in log][-3:] == ["combat", "combat", "settle"]


def test_at_the_winning_level_the_table_says_who_won_in_its_language_and_refuses_changes(table):
    table("table", "new", "Ann", "Bob")
    table("table", "set", "Ann", "level=9")
    table("fight", "Troll:1", "--record")
    assert table.data("table")["winner"] == ["Ann"]
    assert "Ann won the game" in table("table").stdout
    assert "Ann" in table("table", lang="hu").stdout.splitlines()[-1]
    refused = table("table", "set", "Bob", "level=3", expect=2)
    assert "undo" in refused.stderr
    table("table", "undo")
    assert table.data("table")["winner"] is None


def test_undo_names_what_it_takes_back_refuses_too_many_and_redo_puts_it_back(table):
    table("table", "new", "Ann", "Bob")
    table("table", "set", "Ann", "level=3")
    table("table", "item", "Bob", "Lucky Sock", "bonus=1")
    refused = table("table", "undo", "99", expect=2)
    assert "only 2 changes" in refused.stderr
    undone = table("table", "undo", "2").stdout.splitlines()[0]
    assert "Lucky Sock" in undone and "level=3" in undone
    table("table", "redo")
    players = {p["name"]: p for p in table.data("table")["table"]["players"]}
    assert players["Ann"]["level"] == 3 and players["Bob"]["items"][0]["name"] == "Lucky Sock"
    assert table("table", "redo", expect=1).stderr


def test_an_item_that_is_no_card_gets_the_nearest_cards_and_needs_its_bonus(table):
    table("table", "new", "Ann")
    refused = table("table", "item", "Ann", "Flamming Armour", expect=2)
    assert "Flaming Armor" in refused.stderr and "bonus=" in refused.stderr
    assert table.data("table")["changes"] == 1
    typed = table.data("table", "item", "Ann", "Flamming Armour", "bonus=2")
    assert typed["table"]["players"][0]["items"][0]["bonus"] == 2 and "as typed" in typed["change"]["summary"]


def test_an_item_named_as_a_card_with_another_bonus_is_the_players_own_and_says_so(table):
    # a dwarf's "+2 Létra" is no Halfling's Stepladder (+3): kept as typed, and usable by him
    table("table", "new", "Bob")
    table("table", "set", "Bob", "races=[dwarf]")
    typed = table.data("table", "item", "Bob", "Létra", "bonus=2", "big=true")
    assert "Stepladder" in typed["change"]["summary"] and "--card" in typed["change"]["summary"]
    item = typed["table"]["players"][0]["items"][0]
    assert item["bonus"] == 2 and "requires" not in item
    assert table.data("gear", "Bob")["details"]["bonus"] == 2


def test_a_sale_and_a_death_are_recorded_with_record(table):
    table("table", "new", "Ann", "Bob")
    table("table", "set", "Ann", "level=3", "hand=4")
    table("table", "item", "Ann", "Boots of Butt-Kicking")
    sale = table.data("sell", "Ann", "Boots of Butt-Kicking", "Crown:600", "--record")
    assert sale["recorded"]["effect"]["fields"] == {"level": 4, "items": []}
    nothing = table.data("sell", "Ann", "Crown:300", "--record")
    assert nothing["recorded"] is None
    table("table", "item", "Ann", "Horny Helmet")
    death = table.data("death", "Ann", "--record")
    fields = death["recorded"]["effect"]["fields"]
    assert fields["dead"] is True and fields["items"] == [] and fields["hand"] == 0
    ann = table.data("table")["table"]["players"][0]
    assert ann["level"] == 4 and ann["dead"] and not ann["items"]


def test_a_wizard_flees_the_fight_in_progress_with_flight(table):
    table("table", "new", "Ann", "Bob")
    table("table", "set", "Ann", "classes=wizard", "hand=3")
    table("table", "combat", "open", "Troll:10")
    plain = table.data("flee")["details"]["rolls"][0]
    flight = table.data("flee", "--discard", "Ann=2")["details"]["rolls"][0]
    assert plain["monster"] == flight["monster"] == "Troll" and flight["needed"] == plain["needed"] - 2


def test_a_record_based_on_an_older_count_is_refused_and_writes_nothing(table):
    table("table", "new", "Ann", "Bob")
    table("table", "set", "Ann", "level=4")
    refused = table("fight", "Troll:2", "--record", "--expected", "1", expect=2)
    assert "2 changes now" in refused.stderr
    assert table.data("table")["changes"] == 2
    assert table.data("fight", "Troll:2", "--record", "--expected", "2")["recorded"]["seq"] == 3


def test_export_gives_the_last_games_changes_and_the_table_they_leave(table):
    table("table", "new", "Ann", "Bob")
    table("table", "set", "Ann", "level=3")
    table("table", "new", "Cid", "Dan", "--replace")
    table("table", "set", "Dan", "level=2", "races=elf")
    exported = json.loads(table("table", "export").stdout)
    assert [c["command"] for c in exported["changes"]] == ["new", "set"]
    assert exported["stopped_at"] is None and exported["table"]["players"][1]["level"] == 2


def test_a_table_of_a_postgresql_store_is_named_by_its_address_in_referee_table_too(pg_url):
    """``$REFEREE_TABLE=URL#ID`` as ``--table URL#ID``; without ``#ID``, the store's own table
    (what ``referee serve --store URL`` serves); an id that cannot be one is refused, exit 2."""
    import secrets

    address = f"{pg_url}#{secrets.token_urlsafe(12)}"
    made = run_referee("table", "new", "Ann", "Bob", env={"REFEREE_TABLE": address})
    assert made.returncode == 0, made.stderr
    shown = run_referee("table", "--json", "--table", address)
    assert shown.returncode == 0 and json.loads(shown.stdout)["changes"] == 1
    # the table is named by its id, never by the database's URL (it may carry a password)
    for named in (run_referee("table", "--json", env={"REFEREE_TABLE": address}), shown):
        assert json.loads(named.stdout)["path"] == f"table {address.rpartition('#')[2]}"
    missing = run_referee("table", "--table", address + "x")
    assert missing.returncode == 1 and "no table" in missing.stderr and "Traceback" not in missing.stderr
    bad = run_referee("table", "--table", pg_url + "#no/such")
    assert bad.returncode == 2 and "--table" in bad.stderr and "Traceback" not in bad.stderr


def test_play_on_a_table_of_a_postgresql_store_gives_every_command_that_table(pg_url, tmp_path):
    import secrets

    address = f"{pg_url}#{secrets.token_urlsafe(12)}"
    lines = "table new Ann Bob\ntable set Ann level=5\nfight Troll:3 --record\nquit\n"
    result = run_referee("play", "--json", "--table", address, input=lines,
                         env={"REFEREE_TABLE": str(tmp_path / "other.sqlite3")})
    assert result.returncode == 0, result.stderr
    shown = json.loads(run_referee("table", "--json", "--table", address).stdout)
    assert shown["changes"] == 3 and shown["table"]["players"][0]["level"] == 6
    assert not (tmp_path / "other.sqlite3").exists()
