"""A whole game at the table, in two languages: every step checked by its ``--json`` and verdict.

Levels, gear, a fight won with an Elf helper, a failed run-away with its Bad Stuff, a sale that
cannot give level 10, and an undo. The JSON keeps codes whatever the language; the text speaks it.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_referee


@pytest.fixture(params=["en", "hu"])
def game(request, tmp_path):
    env = {"REFEREE_TABLE": str(tmp_path / "table.sqlite3"), "REFEREE_LANG": request.param}

    def referee(*args, expect=0):
        result = run_referee(*args, env=env)
        assert result.returncode == expect, (args, result.stderr, result.stdout)
        return result

    def data(*args):
        return json.loads(referee(*args, "--json").stdout)

    def players():
        return {p["name"]: p for p in data("table")["table"]["players"]}

    referee.data, referee.players, referee.lang = data, players, request.param
    return referee


def test_a_whole_game_at_the_table(game):
    created = game.data("table", "new", "Ann", "Bob", "Cid")
    assert created["change"]["command"] == "new" and created["table"]["turn"] == "Ann"
    game("table", "set", "Ann", "races=elf", "classes=warrior", "level=8", "sex=female")
    game("table", "set", "Bob", "races=elf", "level=3")
    gear = game.data("table", "item", "Ann", "Boots of Butt-Kicking")
    assert gear["strength"]["Ann"] == 10 and gear["table"]["players"][0]["items"][0]["slot"] == "footgear"

    # A fight won with an Elf helper: the Warrior wins the tie, the Elf helper gains a level.
    fight = game.data("fight", "Troll:13", "--helper", "Bob", "--record")
    assert fight["verdict"] == "win" and fight["lang"] == game.lang
    assert fight["details"]["players_strength"] == 13 == fight["details"]["monsters_strength"]
    assert fight["details"]["levels"] == {"Ann": 1, "Bob": 1}
    cited = [r["clause"] for r in fight["reasons"]]
    assert {"combat.ties", "classes.warrior", "helping.elf-helper-level"} <= set(cited)
    assert fight["recorded"]["effect"]["fields"] == {"Ann": {"level": 9}, "Bob": {"level": 4}}
    assert {n: p["level"] for n, p in game.players().items()} == {"Ann": 9, "Bob": 4, "Cid": 1}

    # Bob's turn: he flees a Troll, needs a 4 as an Elf, rolls lower and takes the Bad Stuff.
    assert game.data("table", "turn")["table"]["turn"] == "Bob"
    flee = game.data("flee", "Troll:10")
    assert flee["details"]["rolls"] == [{"player": "Bob", "monster": "Troll", "needed": 4, "required": True,
                                         "possible": True}]
    bad = game.data("table", "level", "Bob", "-2", "--source", "bad-stuff")
    assert bad["details"]["new_level"] == 2 and game.players()["Bob"]["level"] == 2

    # Ann's turn: selling can never give level 10, so nothing is recorded.
    game("table", "turn", "Ann")
    sale = game.data("sell", "Ann", "Boots of Butt-Kicking", "Crown:800")
    assert sale["details"]["new_level"] == 9 and sale["details"]["levels_gained"] == 0
    assert "levels.selling-not-to-ten" in [r["clause"] for r in sale["reasons"]]
    refused = game.data("table", "level", "Ann", "+1", "--source", "sell")
    assert refused["recorded"] is None and game.players()["Ann"]["level"] == 9

    # The escape roll was a 5 after all: take back the Bad Stuff (and Ann's turn).
    undone = game.data("table", "undo", "2")
    assert undone["change"]["effect"]["op"] == "undo"
    assert game.players()["Bob"]["level"] == 4 and undone["table"]["turn"] == "Bob"
    log = game.data("table", "log")["changes"]
    assert [c["command"] for c in log] == ["new", "set", "set", "item", "fight", "turn", "level", "turn", "undo"]

    # The text speaks the table's language.
    shown = game("table").stdout
    assert ("szint" in shown) == (game.lang == "hu") and ("level" in shown) == (game.lang == "en")
