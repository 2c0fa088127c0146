"""Questions without a file: the same verdict as ``referee judge`` on the same situation.

For every example and for a sample of the case tables, the situation is set up at a table
(``referee table …``) and also given inline (``--player``), asked with the question commands,
and compared with ``judge`` on the file: verdict, details and reasons must be identical.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.conftest import read_yaml, run_referee

ROOT = Path(__file__).parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
CASES = sorted((ROOT / "tests" / "cases").rglob("*.yaml"))
#: how many cases of the tables the comparison takes (spread over every question kind)
SAMPLE = 30


def flow(value) -> str:
    """A value as one FIELD=VALUE word (YAML flow style)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip()
    return str(value)


def table_setup(situation: dict) -> list[list[str]]:
    """The ``referee table …`` commands that build the situation's table."""
    names = [p["name"] for p in situation["players"]]
    new = ["table", "new", *names, "--game", situation.get("game", "munchkin")]
    for expansion in situation.get("expansions", []):
        new += ["--expansion", expansion]
    for key, value in (situation.get("house_rules") or {}).items():
        new += ["--house-rule", f"{key}={flow(value)}"]
    commands = [new]
    for player in situation["players"]:
        fields = [f"{k}={flow(v)}" for k, v in player.items() if k not in ("name", "items")]
        if fields:
            commands.append(["table", "set", player["name"], *fields])
        for item in player.get("items", []):
            words = ["table", "item", player["name"], item.get("name") or item["card"]]
            words += [f"{k}={flow(v)}" for k, v in item.items() if k not in ("name", "card")]
            if "card" in item:
                words += ["--card", item["card"]]
            commands.append(words)
    turn = ["table", "turn", situation.get("turn") or names[0]]
    if situation.get("phase"):
        turn += ["--phase", situation["phase"]]
    turn += ["--met-monster" if situation.get("met_monster_this_turn") else "--no-met-monster"]
    return commands + [turn]


def inline_players(situation: dict) -> list[str]:
    words = ["--game", situation.get("game", "munchkin")]
    for expansion in situation.get("expansions", []):
        words += ["--expansion", expansion]
    for key, value in (situation.get("house_rules") or {}).items():
        words += ["--house-rule", f"{key}={flow(value)}"]
    for player in situation["players"]:
        words += ["--player", flow(player)]
    if situation.get("turn"):
        words += ["--turn", situation["turn"]]
    return words


def _monsters(combat: dict) -> list[str]:
    return [flow(m) for m in combat["monsters"]]


def question(situation: dict, inline: bool) -> list[str]:
    """The question command that asks the situation's question."""
    q, combat = situation["question"], situation.get("combat")
    moment = []
    if inline and situation.get("phase"):
        moment += ["--phase", situation["phase"]]
    if inline and situation.get("met_monster_this_turn"):
        moment += ["--met-monster"]
    if q["kind"] == "combat":
        words = ["fight", *_monsters(combat), "--fighter", combat["fighter"]]
        if combat.get("helper"):
            words += ["--helper", combat["helper"]]
        shots = combat.get("one_shots") or {}
        for n in _numbers(shots.get("players")):
            words += ["--plus", str(n)]
        for n in _numbers(shots.get("monsters")):
            words += ["--monster-plus", str(n)]
        for name, count in (combat.get("discards") or {}).items():
            words += ["--discard", f"{name}={count}"]
        if combat.get("charm"):
            words += ["--charm", f"{combat['charm']['wizard']}={combat['charm']['monster']}"]
        return words + ([] if not inline else [w for w in moment if w == "--met-monster"])
    if q["kind"] == "run-away":
        words = ["flee", *_monsters(combat)]
        words += ["--fighter", combat["fighter"]] if inline else ["--player", combat["fighter"]]
        if combat.get("helper"):
            words += ["--helper", combat["helper"]]
        return words
    if q["kind"] == "action":
        words = ["can", q["player"], q["action"], *moment]
        for key in ("target", "item"):
            if q.get(key):
                words += [f"--{key}", q[key]]
        if combat:
            words += ["--fighter", combat["fighter"], *[w for m in _monsters(combat) for w in ("--monster", m)]]
            if combat.get("helper"):
                words += ["--helper", combat["helper"]]
        return words
    if q["kind"] == "sell":
        return ["sell", q["player"], *q["items"], *moment]
    if q["kind"] == "level":
        return ["level", q["player"], f"{q['change']:+d}", "--source", q["source"], *moment]
    if q["kind"] == "munchkin-die":
        return ["die", str(q["roll"]), "--for", q["player"], *moment]
    command = {"equipment": "gear", "charity": "charity", "death": "death"}[q["kind"]]
    return [command, q["player"], *moment]


def _numbers(value) -> list[int]:
    return [] if value is None else [value] if isinstance(value, int) else list(value)


def askable(situation: dict) -> bool:
    """Situations the one-line questions can state exactly (a level change is `table level`)."""
    q, combat = situation.get("question", {}), situation.get("combat")
    if q.get("kind") is None:
        return False
    if combat and q["kind"] not in ("combat", "run-away", "action"):
        return False  # a sale or a death during a fight: the fight's monsters cannot be named there
    if q["kind"] == "run-away" and combat and combat.get("discards"):
        return False
    if q["kind"] == "action" and combat and (combat.get("one_shots") or combat.get("discards")):
        return False
    return True


def _sample() -> list:
    picked = [pytest.param(read_yaml(p), id=f"example {p.stem}") for p in EXAMPLES]
    pool = []
    for path in CASES:
        for case in read_yaml(path)["cases"]:
            if "error" not in case["expect"] and askable(case["situation"]):
                pool.append((f"{path.parent.name}/{path.stem}: {case['name'][:60]}", case["situation"]))
    by_kind: dict = {}
    for name, situation in pool:
        by_kind.setdefault(situation["question"]["kind"], []).append((name, situation))
    chosen = []
    while len(chosen) < SAMPLE and any(by_kind.values()):  # round-robin over the kinds
        for kind in sorted(by_kind):
            if by_kind[kind] and len(chosen) < SAMPLE:
                chosen.append(by_kind[kind].pop(len(by_kind[kind]) // 2))
    return picked + [pytest.param(s, id=n) for n, s in chosen]


SITUATIONS = _sample()


def test_the_sample_holds_30_cases_and_every_question_kind():
    kinds = {p.values[0]["question"]["kind"] for p in SITUATIONS}
    assert len(SITUATIONS) >= len(EXAMPLES) + SAMPLE
    assert kinds >= {"combat", "run-away", "sell", "level", "action", "equipment", "charity", "death", "munchkin-die"}


def _judged(result) -> dict:
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    return {k: data[k] for k in ("question", "game", "verdict", "details", "reasons", "dissent", "cards")}


def _judge_file(situation: dict, tmp_path) -> dict:
    path = tmp_path / "situation.yaml"
    path.write_text(yaml.safe_dump(situation, allow_unicode=True))
    return _judged(run_referee("judge", str(path), "--json"))


@pytest.mark.parametrize("situation", SITUATIONS)
def test_a_question_on_the_table_is_judged_as_its_situation_file(situation, tmp_path):
    expected = _judge_file(situation, tmp_path)
    env = {"REFEREE_TABLE": str(tmp_path / "table.sqlite3")}
    for command in table_setup(situation):
        result = run_referee(*command, env=env)
        assert result.returncode == 0, (command, result.stderr)
    saved = tmp_path / "asked.yaml"
    asked = run_referee(*question(situation, inline=False), "--json", "--save-situation", str(saved), env=env)
    assert _judged(asked) == expected
    # the saved situation reproduces the verdict with `referee judge`
    assert _judged(run_referee("judge", str(saved), "--json")) == expected


@pytest.mark.parametrize("situation", SITUATIONS)
def test_a_question_about_inline_players_is_judged_as_its_situation_file(situation, tmp_path):
    expected = _judge_file(situation, tmp_path)
    asked = run_referee(*question(situation, inline=True), *inline_players(situation), "--json",
                        env={"REFEREE_TABLE": str(tmp_path / "none.sqlite3")})
    assert _judged(asked) == expected


def test_a_level_question_through_the_table_is_judged_as_the_example(tmp_path):
    situation = yaml.safe_load((ROOT / "examples" / "level.yaml").read_text())
    expected = _judge_file(situation, tmp_path)
    env = {"REFEREE_TABLE": str(tmp_path / "table.sqlite3")}
    for command in table_setup(situation):
        assert run_referee(*command, env=env).returncode == 0
    q = situation["question"]
    change = f"{q['change']:+d}"
    result = run_referee("table", "level", q["player"], change, "--source", q["source"], "--json", env=env)
    data = _judged(result)
    assert data == expected


# --- typed monsters and players ----------------------------------------------------------------

INLINE = ["--player", "Ann:5 elf warrior +3", "--player", "Bob:3 dwarf"]


def test_a_monster_named_by_its_card_takes_the_cards_numbers(corpus):
    dragon = corpus.cards["plutonium-dragon"].facts
    data = _judged(run_referee("fight", "Plutonium Dragon", *INLINE, "--json"))
    assert data["details"]["monsters_strength"] == dragon["level"]
    typo = _judged(run_referee("fight", "Plutonim Dragn", *INLINE, "--json"))
    assert typo["details"] == data["details"]
    hungarian = _judged(run_referee("fight", "Plutónium sárkány", *INLINE, "--json", "--lang", "hu"))
    assert hungarian["details"]["monsters_strength"] == dragon["level"]


def test_a_home_made_monster_with_a_level_never_borrows_a_cards_numbers():
    data = _judged(run_referee("fight", "Plutonium Dragonfly:3", *INLINE, "--json"))
    assert data["details"]["monsters_strength"] == 3 and data["verdict"] == "win"


def test_an_unknown_monster_without_a_level_is_exit_2_with_suggestions():
    result = run_referee("fight", "Plutonium Dragonz Lair", *INLINE)
    assert result.returncode == 2
    assert ":LEVEL" in result.stderr and "Traceback" not in result.stderr
    close = run_referee("fight", "Plutonium", *INLINE)
    assert close.returncode == 2 and "Plutonium Dragon" in close.stderr


def test_a_player_word_the_rules_do_not_know_is_exit_2_and_a_typo_is_forgiven():
    result = run_referee("fight", "Troll:3", "--player", "Ann:5 pirate")
    assert result.returncode == 2 and "'pirate'" in result.stderr and "Traceback" not in result.stderr
    typo = _judged(run_referee("fight", "{name: Elf Eater, level: 3, bonus_vs: {elf: 5}}", "--player", "Ann:5 elff",
                               "--json"))
    assert typo["details"]["monsters_strength"] == 8


def test_race_and_class_words_are_read_in_any_language():
    data = _judged(run_referee("fight", "Troll:3", "--player", "Ann:2 törpe harcos", "--json"))
    assert [r["clause"] for r in data["reasons"]]  # judged
    saved_players = run_referee("gear", "Ann", "--player", "Ann:2 törpe harcos", "--json")
    assert saved_players.returncode == 0, saved_players.stderr


def test_the_rulings_on_the_cards_of_a_verdict_are_shown_with_it(corpus):
    data = _judged(run_referee("fight", "Plutonium Dragon", *INLINE, "--json"))
    cards = {c["id"]: [r["id"] for r in c["rulings"]] for c in data["cards"]}
    from referee.adjudicate import RULING_KINDS

    expected = [c.id for c in corpus.rulings(corpus.cards["plutonium-dragon"])
                if c.id not in {r["clause"] for r in data["reasons"]} and c.kind in RULING_KINDS]
    assert cards["plutonium-dragon"] == expected and expected
    text = run_referee("fight", "Plutonium Dragon", *INLINE).stdout
    assert expected[0] in text


def test_save_situation_never_writes_over_a_file(tmp_path):
    target = tmp_path / "mine.yaml"
    target.write_text("my own notes\n")
    result = run_referee("fight", "Troll:8", *INLINE, "--save-situation", str(target))
    assert result.returncode == 2 and str(target) in result.stderr
    assert target.read_text() == "my own notes\n"


def test_things_sold_under_one_name_are_each_counted():
    """Three potions given as Potion:300 Potion:400 Potion:500 are three items, 1,200 gold: a
    level, with 200 gold lost (they once counted as one, the last one's 500)."""
    details = _judged(run_referee("sell", "me", "Potion:300", "Potion:400", "Potion:500", "--player", "me:4",
                                  "--json"))["details"]
    assert details["gold"] == 1200 and details["levels_gained"] == 1 and details["wasted_gold"] == 200


def test_two_players_described_for_a_flight_both_run_the_second_as_the_helper():
    """``flee --player SPEC --player SPEC`` runs both, the fighter first, as two players of the
    table named with --player do (the second once got no roll: only the first ran)."""
    details = _judged(run_referee("flee", "Monster:10", "--player", "Anna:3 elf", "--player", "Joost:4",
                                  "--json"))["details"]
    rolls = {roll["player"]: roll["needed"] for roll in details["rolls"]}
    assert rolls == {"Anna": 4, "Joost": 5}
    named = _judged(run_referee("flee", "Monster:10", "--player", "Anna:3 elf", "--player", "Joost:4",
                                "--fighter", "Anna", "--json"))["details"]
    assert [roll["player"] for roll in named["rolls"]] == ["Anna"]  # a fighter named: she alone runs
