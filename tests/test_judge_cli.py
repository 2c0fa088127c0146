"""``referee judge`` through the console script: every example, JSON shape, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))
KINDS = {"combat", "run-away", "sell", "level", "action", "equipment", "charity", "death", "munchkin-die"}


def test_there_is_an_example_for_every_question_kind():
    import yaml

    kinds = {yaml.safe_load(p.read_text())["question"]["kind"] for p in EXAMPLES}
    assert kinds == KINDS


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_is_judged_with_resolving_reasons(path, referee, corpus):
    result = referee("judge", str(path), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) >= {"question", "game", "lang", "verdict", "details", "reasons", "dissent"}
    assert data["reasons"], "a verdict without reasons"
    for reason in data["reasons"]:
        assert reason["clause"] in corpus
        assert set(reason) >= {"clause", "text", "note"} and reason["text"] and reason["note"]
    for dissent in data["dissent"]:
        assert dissent["clause"] in corpus and dissent["source"] in corpus.seeds


def test_text_output_puts_the_verdict_first(referee):
    result = referee("judge", "examples/combat.yaml")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Verdict: WIN")
    assert "[combat.ties]" in result.stdout and "[classes.warrior]" in result.stdout


def test_stdin_is_read_with_a_dash(referee):
    text = Path("examples/sell.yaml").read_text()
    data = json.loads(referee("judge", "-", "--json", input=text).stdout)
    assert data["details"]["levels_gained"] == 1 and data["details"]["wasted_gold"] == 100


def test_json_situations_are_accepted(referee):
    situation = {"players": [{"name": "Ann", "level": 3}], "question": {"kind": "level", "player": "Ann",
                                                                         "change": -5, "source": "curse"}}
    data = json.loads(referee("judge", "-", "--json", input=json.dumps(situation)).stdout)
    assert data["details"]["new_level"] == 1


BAD = {
    "unknown keys and wrong types": ("players: [{name: Ann, levle: 3, level: many}]\nquestion: {kind: death, "
                                     "player: Ann}\n", ["players[0].levle", "players[0].level"]),
    "a name that does not exist": ("players: [{name: Ann}]\nquestion: {kind: death, player: Bob}\n",
                                   ["question.player"]),
    "the helper is the fighter": ("players: [{name: Ann}]\ncombat: {fighter: Ann, helper: Ann, monsters: "
                                  "[{name: Rat, level: 1}]}\nquestion: {kind: combat}\n", ["combat.helper"]),
    "a level out of range": ("players: [{name: Ann, level: 11}]\nquestion: {kind: death, player: Ann}\n",
                             ["players[0].level"]),
    "a phase that contradicts the combat": ("phase: loot\nplayers: [{name: Ann}]\ncombat: {fighter: Ann, "
                                            "monsters: [{name: Rat, level: 1}]}\nquestion: {kind: combat}\n",
                                            ["phase"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_situations_exit_2_with_every_problem(case, referee, tmp_path):
    text, fields = BAD[case]
    path = tmp_path / "situation.yaml"
    path.write_text(text)
    result = referee("judge", str(path))
    assert result.returncode == 2, result.stdout
    assert "Traceback" not in result.stderr
    for field in fields:
        assert f"{path}: {field}: " in result.stderr, result.stderr


def test_unreadable_and_binary_files_are_bad_input(referee, tmp_path):
    result = referee("judge", str(tmp_path / "missing.yaml"))
    assert result.returncode == 2 and "cannot read" in result.stderr
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    result = referee("judge", str(binary))
    assert result.returncode == 2 and "UTF-8" in result.stderr and "Traceback" not in result.stderr


def test_alias_bombs_and_huge_files_are_refused_quickly(referee, tmp_path):
    import time

    bomb = tmp_path / "bomb.yaml"
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},"
              f"*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]" for i in range(8)]
    bomb.write_text("\n".join(lines) + "\n")
    start = time.monotonic()
    result = referee("judge", str(bomb))
    assert result.returncode == 2 and "aliases" in result.stderr
    assert time.monotonic() - start < 5
    huge = tmp_path / "huge.yaml"
    huge.write_text("players: [" + ", ".join("{name: P%d}" % i for i in range(40000)) + "]\n")
    result = referee("judge", str(huge))
    assert result.returncode == 2 and "too large" in result.stderr


EPIC_PET = """
game: epic
turn: Hu
phase: combat
players: [{name: Hu, level: 10}]
combat: {fighter: Hu, monsters: [{name: Pit Bull, level: 2}]}
question: {kind: combat}
"""


@pytest.mark.parametrize("lang, title", [("en", "Epic Human: His Master's Voice"), ("hu", "Epikus ember: Gazdája hangja"),
                                         ("de", None), ("gu", None)])
def test_a_power_among_the_choices_is_named_by_its_clause_title_in_the_readers_language(tmp_path, referee, lang, title):
    """The JSON keeps the clause id of an Epic power the player may still use; the text names it
    by its clause's title in the reader's language and cites the id, as a reason does."""
    from referee.corpus import load_corpus
    from referee.i18n.catalogs import RuleText

    situation = tmp_path / "pet.yaml"
    situation.write_text(EPIC_PET, encoding="utf-8")
    data = json.loads(referee("judge", str(situation), "--json").stdout)
    assert data["details"]["options"] == [{"player": "Hu", "power": "epic.human-pet", "monsters": ["Pit Bull"]}]
    expected = title or RuleText(lang)("epic.human-pet", load_corpus().clauses["epic.human-pet"].title)
    shown = referee("judge", str(situation), "--lang", lang).stdout
    assert f"{expected} [epic.human-pet]" in " ".join(shown.split())
