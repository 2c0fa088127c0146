"""The live table's library, in-process with an injected clock: change counts that refuse stale
writes, the fight and its interference window, a game that ends, undo that names what it takes
back and redo that puts it back."""

from __future__ import annotations

import threading

import pytest

from referee import table
from referee.corpus import load_corpus
from referee.errors import BadInput, NotFound

T0 = 1_800_000_000.0


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


@pytest.fixture
def path(new_table):
    where = new_table()  # a file, and a table in PostgreSQL (tests/conftest.py)
    table.new(["Ann", "Bob", "Cid"], path=where, now=T0)
    return where


def levels(path, now=T0) -> dict:
    return {p["name"]: p["level"] for p in table.show(path, now=now).state["players"]}


# --- change counts ---------------------------------------------------------------------------

def test_a_write_based_on_an_older_count_is_refused_with_the_fresh_table_and_writes_nothing(path):
    count = table.show(path).count
    table.set_fields("Ann", ["level=3"], path=path, expected=count)
    with pytest.raises(table.Stale) as refused:
        table.set_fields("Bob", ["level=5"], path=path, expected=count)
    assert refused.value.count == count + 1 and refused.value.expected == count
    assert refused.value.shown.state["players"][0]["level"] == 3
    assert levels(path)["Bob"] == 1 and table.show(path).count == count + 1


def test_of_two_writers_with_the_same_count_exactly_one_is_recorded(path):
    count, outcomes = table.show(path).count, []

    def write(name):
        try:
            table.set_fields(name, ["level=4"], path=path, expected=count)
            outcomes.append("written")
        except table.Stale:
            outcomes.append("stale")

    threads = [threading.Thread(target=write, args=(n,)) for n in ("Ann", "Bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["stale", "written"]
    assert sorted(levels(path).values()) == [1, 1, 4]


# --- the fight and its window ------------------------------------------------------------------

def test_the_fight_is_recorded_once_its_window_runs_out_and_not_before(path, corpus):
    table.set_fields("Ann", ["level=4"], path=path, now=T0)
    table.combat({"monsters": ["Troll:3"]}, corpus, path=path, now=T0 + 1)
    shown = table.show(path, now=T0 + 3.5)
    assert shown.fight["closes_at"] == pytest.approx(T0 + 3.6) and levels(path, T0 + 3.5)["Ann"] == 4
    assert table.settle(path, now=T0 + 3.59) is None
    recorded = table.settle(path, now=T0 + 3.6)
    assert recorded.command == "settle" and recorded.effect["fields"] == {"Ann": {"level": 5}}
    assert table.settle(path, now=T0 + 10) is None  # exactly once
    shown = table.show(path, now=T0 + 10)
    assert shown.fight is None and shown.state["phase"] == "charity"
    assert [c.command for c in shown.changes].count("settle") == 1


def test_a_change_inside_the_window_re_arms_it_and_the_result_is_the_changed_fight(path, corpus):
    table.set_fields("Ann", ["level=4"], path=path, now=T0)
    table.combat({"monsters": ["Troll:3"]}, corpus, path=path, now=T0 + 1)
    # Bob plays a monster enhancer 2 s in: the window starts again, and the fight is now lost.
    table.combat({"monster_plus": ["+5"]}, corpus, path=path, now=T0 + 3)
    assert table.settle(path, now=T0 + 4) is None
    assert table.show(path, now=T0 + 4).fight["closes_at"] == pytest.approx(T0 + 5.6)
    recorded = table.settle(path, now=T0 + 5.7)
    assert recorded.effect["fight"]["result"] == "lose" and levels(path, T0 + 6)["Ann"] == 4
    shown = table.show(path, now=T0 + 6)
    assert shown.state["phase"] == "running-away" and shown.fight["result"] == "lose"


def test_any_change_to_the_table_during_the_fight_re_arms_the_window(path, corpus):
    table.combat({"monsters": ["Troll:1"]}, corpus, path=path, now=T0)
    table.level("Bob", 1, "card", corpus, path=path, now=T0 + 2)
    assert table.settle(path, now=T0 + 3) is None
    assert table.settle(path, now=T0 + 4.7) is not None


def test_without_any_settle_nothing_is_recorded_and_a_late_write_is_stale(path, corpus):
    opened = table.combat({"monsters": ["Troll:1"]}, corpus, path=path, now=T0)
    count = table.show(path, now=T0 + 1).count
    assert opened.seq and count == 2
    # A one-shot played after the window: the fight was already decided, so the write is stale.
    with pytest.raises(table.Stale) as refused:
        table.combat({"plus": ["+3"]}, corpus, path=path, expected=count, now=T0 + 9)
    assert refused.value.shown.fight["result"] == "lose" and refused.value.count == 3  # a tie: the monster wins


def test_a_house_rule_sets_another_window(new_table, corpus):
    where = new_table()
    table.new(["Ann", "Bob"], house_rules=["interference_seconds=10"], path=where, now=T0)
    table.combat({"monsters": ["Troll:1"]}, corpus, path=where, now=T0)
    assert table.settle(where, now=T0 + 9.9) is None and table.settle(where, now=T0 + 10) is not None


def test_cancel_calls_the_fight_off_and_close_decides_it_at_once(path, corpus):
    table.combat({"monsters": ["Troll:1"]}, corpus, path=path, now=T0)
    table.cancel_combat(path=path, now=T0 + 1)
    assert table.show(path, now=T0 + 10).fight is None and levels(path, T0 + 10)["Ann"] == 1
    table.combat({"monsters": ["Troll:1"], "helper": "Bob"}, corpus, path=path, now=T0 + 20)
    closed = table.close_combat(corpus, path=path, now=T0 + 20.5)
    assert closed.command == "close" and levels(path, T0 + 21)["Ann"] == 2
    with pytest.raises(NotFound):
        table.close_combat(corpus, path=path, now=T0 + 22)


@pytest.mark.parametrize("change, field", [
    ({"helper": "Zed"}, "Zed"),
    ({"monsters": ["Trol"]}, "Troll"),
    ({"plus": ["Potion of Nothing"]}, "plus"),
    ({"levels": 3}, "levels"),
])
def test_a_bad_change_to_the_fight_is_refused_naming_what_is_wrong(path, corpus, change, field):
    table.combat({"monsters": ["Troll:1"]}, corpus, path=path, now=T0)
    with pytest.raises(BadInput) as refused:
        table.combat(change, corpus, path=path, now=T0 + 1)
    assert field in str(refused.value)
    assert table.show(path, now=T0 + 1).count == 2


def test_one_shots_in_the_combat_block_shape_and_a_curse_change_the_fight(path, corpus):
    table.set_fields("Ann", ["level=5"], path=path, now=T0)
    table.put_item("Ann", "Boots of Butt-Kicking", path=path, now=T0)
    table.combat({"monsters": ["Troll:6"]}, corpus, path=path, now=T0)
    shown = table.show(path, now=T0 + 1)
    assert table.fight_judgement(shown, corpus).verdict.verdict == "win"  # 5 + 2 against 6
    table.combat({"one_shots": {"players": [1], "monsters": ["Enraged"]}}, corpus, path=path, now=T0 + 1)
    shown = table.show(path, now=T0 + 2)
    # the enhancer card goes on the monster, with the Treasure it adds (monsters.enhancers-treasure)
    assert shown.fight["combat"]["one_shots"] == {"players": [1], "monsters": []}
    assert shown.fight["combat"]["monsters"][0]["enhancers"] == ["Enraged"]
    table.combat({"curse": "Ann=Curse! Big Foot"}, corpus, path=path, now=T0 + 2)
    shown = table.show(path, now=T0 + 3)
    assert shown.state["players"][0]["curses"] == ["Curse! Big Foot"]
    details = table.fight_judgement(shown, corpus).verdict.details
    assert details["players_strength"] == 6  # the boots no longer count
    with pytest.raises(BadInput, match="NAME=CURSE"):
        table.combat({"curse": "Ann"}, corpus, path=path, now=T0 + 3)
    table.undo(path=path, now=T0 + 4)
    assert table.show(path, now=T0 + 4).state["players"][0]["curses"] == []


def test_table_level_works_in_the_middle_of_a_fight(path, corpus):
    table.combat({"monsters": ["Troll:5"]}, corpus, path=path, now=T0)
    judged, recorded = table.level("Ann", 1, "card", corpus, path=path, now=T0 + 1)
    assert recorded is not None and judged.verdict.details["new_level"] == 2
    table.turn(phase="combat", path=path, now=T0 + 1.5)
    table.cancel_combat(path=path, now=T0 + 2)
    judged, recorded = table.level("Bob", 1, "card", corpus, path=path, now=T0 + 3)  # combat phase, no fight
    assert recorded is not None


# --- the game's end ----------------------------------------------------------------------------

@pytest.mark.parametrize("game, house, start, helper_level, winners", [
    ("munchkin", [], 9, 1, ["Ann"]),
    ("epic", [], 19, 1, ["Ann"]),
    ("munchkin", ["shared_victory=true"], 9, 3, ["Ann", "Bob"]),
])
def test_a_kill_to_the_winning_level_ends_the_game(new_table, corpus, game, house, start, helper_level, winners):
    where = new_table()
    table.new(["Ann", "Bob"], game=game, house_rules=house, path=where, now=T0)
    table.set_fields("Ann", [f"level={start}"], path=where, now=T0)
    table.set_fields("Bob", [f"level={helper_level}"], path=where, now=T0)
    table.combat({"monsters": ["Troll:1"], "helper": "Bob"}, corpus, path=where, now=T0)
    table.settle(where, now=T0 + 3)
    assert table.show(where, now=T0 + 3).winner == winners
    with pytest.raises(BadInput, match="game is over"):
        table.set_fields("Bob", ["level=9"], path=where, now=T0 + 4)
    with pytest.raises(BadInput, match="game is over"):
        table.level("Bob", 1, "kill", corpus, path=where, now=T0 + 4)
    table.undo(path=where, now=T0 + 5)
    assert table.show(where, now=T0 + 5).winner is None
    table.redo(path=where, now=T0 + 6)
    assert table.show(where, now=T0 + 6).winner == winners
    table.new(["Xia"], replace=True, path=where, now=T0 + 7)
    assert table.show(where, now=T0 + 7).winner is None


def test_a_sale_never_wins_and_a_level_card_at_9_does_not_either(path, corpus):
    table.set_fields("Ann", ["level=9"], path=path)
    for source in ("sell", "go-up-a-level", "steal-level"):
        _, recorded = table.level("Ann", 1, source, corpus, path=path)
        assert recorded is None
    assert table.show(path).winner is None


# --- undo and redo -----------------------------------------------------------------------------

def test_undo_names_each_change_it_takes_back_and_redo_puts_them_back(path):
    from referee.shapes import change_summary

    table.set_fields("Ann", ["level=3"], path=path)
    table.set_fields("Bob", ["level=4"], path=path)
    undone = table.undo(2, path=path)
    text = change_summary(undone)
    assert "#3" in text and "#2" in text and "Bob" in text and "level=4" in text
    assert levels(path) == {"Ann": 1, "Bob": 1, "Cid": 1}
    table.redo(path=path)
    assert levels(path) == {"Ann": 3, "Bob": 4, "Cid": 1}
    with pytest.raises(NotFound):
        table.redo(path=path)


def test_undo_more_than_there_is_is_refused_naming_how_many_there_are(path):
    table.set_fields("Ann", ["level=3"], path=path)
    with pytest.raises(BadInput, match="only 1 change"):
        table.undo(99, path=path)
    assert levels(path)["Ann"] == 3


def test_redo_steps_back_through_several_undos_and_stops_after_a_new_change(path):
    for level in (2, 3, 4):
        table.set_fields("Ann", [f"level={level}"], path=path)
    table.undo(path=path)
    table.undo(path=path)
    assert levels(path)["Ann"] == 2
    table.redo(path=path)
    assert levels(path)["Ann"] == 3
    table.redo(path=path)
    assert levels(path)["Ann"] == 4
    table.undo(path=path)
    table.set_fields("Bob", ["level=2"], path=path)
    with pytest.raises(NotFound):
        table.redo(path=path)
    assert levels(path) == {"Ann": 3, "Bob": 2, "Cid": 1}
