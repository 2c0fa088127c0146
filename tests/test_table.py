"""``referee table …``: a game in progress in a real SQLite file, every change checked by the rules.

Each test plays through the console script as a user would, with its own table: a file, and
(``store_kind``) a table of a PostgreSQL store named by ``REFEREE_TABLE=URL#ID``, with the same
assertions. What is about the file itself (damage, a foreign file) is on a file alone.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from tests.conftest import run_referee


def _table(path):
    named = str(getattr(path, "address", path))  # a file, or URL#ID

    def referee(*args, lang="en"):
        return run_referee(*args, env={"REFEREE_TABLE": named, "REFEREE_LANG": lang})

    referee.path = path
    return referee


@pytest.fixture
def table(new_table):
    return _table(new_table())


@pytest.fixture
def file_table(tmp_path):
    return _table(tmp_path / "table.sqlite3")


def rows_written(table) -> int:
    """Every change the table's store holds for it, of every game (none: no file at all)."""
    from pathlib import Path

    if isinstance(table.path, Path):
        if not table.path.exists():
            return 0
        with sqlite3.connect(table.path) as db:
            return db.execute("select count(*) from changes").fetchone()[0]
    import psycopg

    with psycopg.connect(table.path.url) as db:
        return db.execute("select count(*) from referee_changes where table_id = %s", (table.path.id,)).fetchone()[0]


def state(table) -> dict:
    result = table("table", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def player(table, name: str) -> dict:
    return next(p for p in state(table)["table"]["players"] if p["name"] == name)


def ok(result):
    assert result.returncode == 0, result.stderr + result.stdout
    return result


def test_a_new_table_has_the_players_at_level_1_and_the_first_player_on_turn(table):
    ok(table("table", "new", "Ann", "Bob", "Cid"))
    data = state(table)
    assert [p["name"] for p in data["table"]["players"]] == ["Ann", "Bob", "Cid"]
    assert all(p["level"] == 1 and p["races"] == [] for p in data["table"]["players"])
    assert data["table"]["turn"] == "Ann" and data["table"]["phase"] == "before-door"
    assert data["changes"] == 1


def test_a_new_table_over_one_in_progress_needs_replace_and_keeps_the_old_log(table):
    ok(table("table", "new", "Ann", "Bob"))
    ok(table("table", "set", "Ann", "level=4"))
    refused = table("table", "new", "Xia", "Yan")
    assert refused.returncode == 2 and "--replace" in refused.stderr
    assert player(table, "Ann")["level"] == 4
    ok(table("table", "new", "Xia", "Yan", "--replace", "--game", "epic"))
    assert state(table)["table"]["game"] == "epic"
    assert rows_written(table) == 3  # the old game is still in the store


def test_set_changes_a_players_fields_and_show_answers_the_same(table):
    ok(table("table", "new", "Ann", "Bob"))
    ok(table("table", "set", "Ann", "level=5", "races=elf,dwarf", "half-breed=true", "sex=female", "hand=4"))
    ann = player(table, "Ann")
    assert (ann["level"], ann["races"], ann["half_breed"], ann["sex"], ann["hand"]) == (5, ["elf", "dwarf"], True,
                                                                                       "female", 4)
    shown = ok(table("table")).stdout
    assert "Ann" in shown and "5" in shown and "Elf" in shown


@pytest.mark.parametrize("args, field", [
    (("table", "set", "Ann", "level=11"), "Ann.level"),
    (("table", "set", "Ann", "level=many"), "Ann.level"),
    (("table", "set", "Ann", "levle=3"), "levle"),
    (("table", "set", "Ann", "sex=robot"), "Ann.sex"),
    (("table", "set", "Zed", "level=3"), "Zed"),
    (("table", "set", "Ann", "dead=perhaps"), "Ann.dead"),
    (("table", "item", "Ann", "Sword", "bonus=lots"), "Ann.items[0].bonus"),
    (("table", "item", "Ann", "Sword", "slot=tail"), "Ann.items[0].slot"),
    (("table", "item", "Ann", "Sword", "--card", "Nonexistent Blade of Nothing"), "--card"),
    (("table", "turn", "Zed"), "Zed"),
    (("table", "turn", "--phase", "lunch"), "--phase"),
    (("table", "level", "Ann", "+1", "--source", "luck"), "--source"),
    (("table", "level", "Ann", "lots", "--source", "kill"), "lots"),
])
def test_a_bad_change_is_exit_2_naming_the_field_and_changes_nothing(table, args, field):
    ok(table("table", "new", "Ann", "Bob"))
    before = state(table)
    result = table(*args)
    assert result.returncode == 2, result.stdout
    assert field in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert state(table) == before


def test_a_level_change_records_only_what_the_rules_allow(table):
    ok(table("table", "new", "Ann", "Bob"))
    ok(table("table", "set", "Ann", "level=9"))
    sold = json.loads(ok(table("table", "level", "Ann", "+1", "--source", "sell", "--json")).stdout)
    assert sold["verdict"] == "ok" and sold["details"]["new_level"] == 9 and sold["recorded"] is None
    assert "levels.selling-not-to-ten" in [r["clause"] for r in sold["reasons"]]
    assert player(table, "Ann")["level"] == 9
    killed = json.loads(ok(table("table", "level", "Ann", "+1", "--source", "kill", "--json")).stdout)
    assert killed["details"] == {"old_level": 9, "new_level": 10, "wins": True}
    assert killed["recorded"]["effect"] == {"op": "player", "name": "Ann", "fields": {"level": 10}, "won": ["Ann"]}
    assert player(table, "Ann")["level"] == 10 and state(table)["winner"] == ["Ann"]


@pytest.mark.parametrize("setup, change, source, level", [
    (["table", "set", "Ann", "level=2"], "-5", "curse", 1),                       # never below 1
    (["table", "set", "Ann", "level=4", "dead=true"], "+1", "kill", 4),           # the dead do not level
    (["table", "set", "Ann", "level=9", "classes=cleric"], "+1", "divine-intervention", 10),  # the card says so
    (["table", "set", "Ann", "level=9", "classes=warrior"], "+1", "divine-intervention", 9),  # Clerics only
    (["table", "set", "Ann", "level=8"], "+3", "go-up-a-level", 9),               # stops short of 10
])
def test_level_changes_follow_the_core_rules(table, setup, change, source, level):
    ok(table("table", "new", "Ann", "Bob"))
    ok(table(*setup))
    ok(table("table", "level", "Ann", change, "--source", source))
    assert player(table, "Ann")["level"] == level


def test_a_cyborg_never_drops_below_level_2_and_epic_19_needs_a_kill(table):
    ok(table("table", "new", "Ann", "Bob", "--game", "star-munchkin"))
    ok(table("table", "set", "Ann", "level=3", "races=cyborg"))
    ok(table("table", "level", "Ann", "-3", "--source", "bad-stuff"))
    assert player(table, "Ann")["level"] == 2
    ok(table("table", "new", "Ann", "Bob", "--game", "epic", "--replace"))
    ok(table("table", "set", "Ann", "level=17"))
    ok(table("table", "level", "Ann", "+3", "--source", "sell"))
    assert player(table, "Ann")["level"] == 18
    ok(table("table", "level", "Ann", "+1", "--source", "kill"))
    assert player(table, "Ann")["level"] == 19


def test_an_item_from_a_card_takes_the_card_records_numbers(table, corpus):
    ok(table("table", "new", "Ann"))
    ok(table("table", "item", "Ann", "Boots", "--card", "Boots of Butt-Kicking"))
    boots = player(table, "Ann")["items"][0]
    facts = corpus.cards["boots-of-butt-kicking"].facts
    assert (boots["bonus"], boots["slot"], boots["gold"]) == (facts["bonus"], facts["slot"], facts["gold"])
    ok(table("table", "item", "Ann", "Boots", "carried=true"))  # the same item, turned sideways
    boots = player(table, "Ann")["items"][0]
    assert boots["carried"] and boots["bonus"] == facts["bonus"]
    assert state(table)["strength"]["Ann"] == 1
    ok(table("table", "item", "Ann", "boots", "--remove"))
    assert player(table, "Ann")["items"] == []


def test_turn_moves_to_the_next_player_and_resets_the_phase(table):
    ok(table("table", "new", "Ann", "Bob", "Cid"))
    ok(table("table", "turn", "--phase", "loot", "--met-monster"))
    data = state(table)["table"]
    assert (data["turn"], data["phase"], data["met_monster_this_turn"]) == ("Ann", "loot", True)
    ok(table("table", "turn"))
    data = state(table)["table"]
    assert (data["turn"], data["phase"], data["met_monster_this_turn"]) == ("Bob", "before-door", False)
    ok(table("table", "turn", "Ann"))
    assert state(table)["table"]["turn"] == "Ann"


def test_undo_takes_back_exactly_the_last_changes_and_the_log_shows_it(table):
    ok(table("table", "new", "Ann", "Bob"))
    ok(table("table", "set", "Ann", "level=3"))
    first = state(table)
    ok(table("table", "item", "Ann", "Club", "bonus=1", "slot=one-hand"))
    ok(table("table", "level", "Ann", "+1", "--source", "kill"))
    ok(table("table", "undo", "2"))
    after = state(table)
    assert after["table"] == first["table"]
    log = json.loads(ok(table("table", "log", "--json")).stdout)["changes"]
    assert [c["command"] for c in log] == ["new", "set", "item", "level", "undo"]
    assert [c["taken_back_by"] for c in log] == [None, None, 5, 5, None]
    ok(table("table", "undo"))
    assert player(table, "Ann")["level"] == 1
    nothing = table("table", "undo")
    assert nothing.returncode == 1 and "nothing to undo" in nothing.stderr


def test_no_table_is_exit_1_for_show_and_exit_2_for_a_question(table):
    shown = table("table")
    assert shown.returncode == 1 and "table new" in shown.stderr
    asked = table("fight", "Troll:8")
    assert asked.returncode == 2 and "--player" in asked.stderr
    assert rows_written(table) == 0 and not (hasattr(table.path, "exists") and table.path.exists())


def test_the_table_speaks_the_chosen_language(table):
    ok(table("table", "new", "Ann", "Bob", lang="hu"))
    shown = ok(table("table", lang="hu")).stdout
    assert "szint" in shown.lower()
    log = ok(table("table", "log", lang="de")).stdout
    assert "Ann, Bob" in log and "New game" not in log


# --- damaged, foreign and busy files -----------------------------------------------------------

def _damage(path, kind: str) -> None:
    if kind == "truncated":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 3])
    elif kind == "random":
        import random

        path.write_bytes(bytes(random.Random(7).randrange(256) for _ in range(8192)))
    elif kind == "text":
        path.write_text("players: [Ann, Bob]\nthis is my situation file, not a table\n")
    elif kind == "foreign":
        path.unlink()
        with sqlite3.connect(path) as db:
            db.execute("create table notes(id integer primary key, text)")
            db.execute("insert into notes(text) values ('my shopping list')")


@pytest.mark.parametrize("kind", ["truncated", "random", "text", "foreign"])
def test_a_damaged_or_foreign_table_file_is_exit_2_and_left_as_it_was_until_replace_moves_it_aside(file_table, kind):
    table = file_table  # about the file itself
    ok(table("table", "new", "Ann", "Bob"))
    for i in range(30):  # enough changes for the file to span several pages
        ok(table("table", "set", "Ann", f"hand={i % 7}"))
    for suffix in ("-wal", "-shm"):
        table.path.with_name(table.path.name + suffix).unlink(missing_ok=True)
    _damage(table.path, kind)
    before = hashlib.sha256(table.path.read_bytes()).hexdigest()
    for args in (("table",), ("table", "set", "Ann", "level=2"), ("fight", "Troll:8"), ("table", "log")):
        result = table(*args)
        if kind == "truncated" and result.returncode == 0:
            continue  # the pages a read needs may have survived; what matters is no traceback, no write
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        assert str(table.path) in result.stderr and "Traceback" not in result.stderr
    assert hashlib.sha256(table.path.read_bytes()).hexdigest() == before
    # `table new --replace` always works: the unusable file is kept aside, as it was
    replaced = ok(table("table", "new", "Xia", "--replace"))
    kept = [p for p in table.path.parent.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    if kind != "truncated" or kept:
        assert len(kept) == 1 and hashlib.sha256(kept[0].read_bytes()).hexdigest() == before
        assert kept[0].name in replaced.stdout
    assert state(table)["table"]["players"][0]["name"] == "Xia"


@pytest.mark.parametrize("fields, field", [
    (["classes=warrior,wizard"], "classes"),                        # a second class needs Super Munchkin
    (["races=elf,dwarf"], "races"),                                 # a second race needs Half-Breed
])
def test_table_set_refuses_two_classes_or_races_without_their_card_as_judge_does(table, fields, field):
    ok(table("table", "new", "Ann", "Bob"))
    refused = table("table", "set", "Ann", *fields)
    assert refused.returncode == 2 and f"Ann.{field}" in refused.stderr
    assert player(table, "Ann")[field] == []
    ok(table("table", "set", "Ann", *fields, "super_munchkin=true" if field == "classes" else "half_breed=true"))


def test_the_table_strength_is_the_fights_with_hireling_curses_and_cards_named_in_any_language(table):
    ok(table("table", "new", "Ann", "Bob", "--expansion", "hirelings"))
    ok(table("table", "set", "Ann", "level=4", "races=Elfo", "hireling={name: Hank, bonus: 2}",
             "curses=[Átok! Nagy láb]"))
    ok(table("table", "item", "Ann", "Felszarvazott sisak"))          # Horny Helmet: +3 for an Elf
    ok(table("table", "item", "Ann", "Boots", "--card", "Boots of Butt-Kicking"))  # no use under Big Foot
    shown = state(table)
    fight = json.loads(ok(table("fight", "Troll:8", "--json")).stdout)
    assert shown["strength"]["Ann"] == fight["details"]["players_strength"] == 4 + 3 + 2
    assert player(table, "Ann")["races"] == ["elf"] and player(table, "Ann")["curses"] == ["Curse! Big Foot"]
