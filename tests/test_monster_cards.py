"""Monster cards act in every verdict: their printed numbers, and their effects by kind.

The case tables (tests/cases/combat/monster-cards.yaml, run-away/monster-cards.yaml) pin one
verdict per effect; these tests state what holds for every monster card and for any table: every
card can be fought and fled from by name, every ruling a card record applies is cited by some case,
and the effects obey their rule whatever the numbers (hypothesis).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import card_resolver
from referee.corpus import load_corpus
from referee.corpus.cards import effect_clauses
from referee.engine import judge
from referee.situation import read_situation
from tests.conftest import read_yaml

CORPUS = load_corpus()
CARDS = card_resolver(CORPUS.cards.values())
MONSTERS = sorted((c for c in CORPUS.cards.values() if c.type == "monster"), key=lambda c: c.id)
CASES = Path(__file__).parent / "cases"
SOME = settings(max_examples=200, deadline=None)


def _fight(players: list[dict], monsters: list[dict], kind: str = "combat", helper: str | None = None,
           **combat) -> dict:
    data = {"players": players, "combat": {"fighter": players[0]["name"], "monsters": monsters, **combat},
            "question": {"kind": kind}}
    if helper:
        data["combat"]["helper"] = helper
    return judge(read_situation(data, "test", cards=CARDS), CORPUS.values)


@pytest.mark.parametrize("card", MONSTERS, ids=lambda c: c.id)
def test_every_monster_card_has_a_level_and_treasures(card):
    assert isinstance(card.facts.get("level"), int) and 1 <= card.facts["level"] <= 30, card.name
    assert isinstance(card.facts.get("treasures"), int) and 1 <= card.facts["treasures"] <= 6, card.name


@pytest.mark.parametrize("card", MONSTERS, ids=lambda c: c.id)
def test_every_monster_card_can_be_fought_and_fled_by_name(card):
    for kind in ("combat", "run-away"):
        verdict = _fight([{"name": "Ann", "level": 5}], [{"card": card.name}], kind)
        assert verdict.reasons, card.name


def test_every_card_ruling_a_monster_record_applies_is_cited_by_a_case():
    cited = set()
    for path in CASES.rglob("*.yaml"):
        for case in read_yaml(path)["cases"]:
            cited.update(case["expect"].get("cites", []))
    applied = {clause for card in MONSTERS for _effect, clause in effect_clauses(card)}
    # a ruling on a family only names which cards belong to it: nothing to cite in a verdict
    applied -= {clause for card in MONSTERS for fact, clause in effect_clauses(card) if fact == "families"}
    assert applied - cited == set()


@SOME
@given(level=st.integers(1, 9), monster_level=st.integers(1, 30), bonus=st.integers(0, 10))
def test_a_friendly_monster_never_fights_the_character_it_spares(level, monster_level, bonus):
    players = [{"name": "Eve", "level": level, "sex": "female",
                "items": [{"name": "Sword", "bonus": bonus, "slot": "one-hand"}]}]
    monster = {"name": "Pal", "level": monster_level, "friendly_to": {"who": ["female"]}}
    verdict = _fight(players, [monster])
    assert verdict.verdict == "win" and verdict.details["must_run"] == []
    assert _fight(players, [monster], "run-away").details["rolls"] == []


@SOME
@given(level=st.integers(1, 9), bonus=st.integers(0, 10), shots=st.integers(0, 6), helper=st.integers(1, 9))
def test_only_the_fighters_level_counts_against_an_only_your_level_monster(level, bonus, shots, helper):
    players = [{"name": "Ann", "level": level, "items": [{"name": "Sword", "bonus": bonus, "slot": "one-hand"}]},
               {"name": "Bob", "level": helper}]
    verdict = _fight(players, [{"name": "Ghoul", "level": 8, "level_only": True}], helper="Bob",
                     one_shots={"players": [shots]})
    assert verdict.details["players_strength"] == level


@SOME
@given(level=st.integers(1, 9), helper=st.integers(1, 9))
def test_a_helper_never_adds_strength_against_a_monster_fought_alone(level, helper):
    players = [{"name": "Ann", "level": level}, {"name": "Bob", "level": helper}]
    alone = _fight(players[:1], [{"name": "Hut", "level": 8, "no_help": True}])
    helped = _fight(players, [{"name": "Hut", "level": 8, "no_help": True}], helper="Bob")
    assert helped.details["players_strength"] == alone.details["players_strength"]
    assert helped.verdict == alone.verdict


@SOME
@given(level=st.integers(1, 9), loss=st.integers(1, 3), below=st.integers(0, 9))
def test_a_loss_even_on_an_escape_is_reported_for_everyone_the_monster_pursues(level, loss, below):
    monster = {"name": "Mummy", "level": 16, "escape_loss": {"levels": loss}, "ignores_below": below}
    details = _fight([{"name": "Ann", "level": level}], [monster], "run-away").details
    pursued = level > below
    assert details.get("lose_even_on_escape", []) == (
        [{"player": "Ann", "monster": "Mummy", "levels_lost": loss}] if pursued else [])


def _cli(*args: str) -> dict:
    import json

    from tests.conftest import run_referee

    result = run_referee(*args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_the_issues_repros_give_the_right_verdict_with_a_reason_citing_the_card_ruling():
    gazebo = _cli("fight", "Gazebo", "--helper", "Bob", "--player", "Ann:4 warrior", "--player", "Bob:4")
    assert gazebo["verdict"] == "lose" and gazebo["details"]["helper_withdrawn"] == "Bob"
    assert "helping.helper-sent-away" in [r["clause"] for r in gazebo["reasons"]]
    for monster, player in (("Amazon", "Eve:3 female"), ("Lawyers", "Tom:3 thief")):
        data = _cli("fight", monster, "--player", player)
        assert data["verdict"] == "win" and data["details"]["must_run"] == [], monster
        assert "monsters.friendly-monsters" in [r["clause"] for r in data["reasons"]]
    tut = _cli("flee", "King Tut", "--player", "Ann:5")
    assert tut["details"]["lose_even_on_escape"] == [{"player": "Ann", "monster": "King Tut", "levels_lost": 2}]
    ghoul = _cli("fight", "Ghoulfiends", "--player", "Ann:5", "--plus", "6")
    assert (ghoul["details"]["players_strength"], ghoul["details"]["monsters_strength"]) == (5, 8)
    assert _cli("fight", "Medusa", "--player", "Ann:5")["details"]["monsters_strength"] > 0


def test_a_monster_named_in_another_language_brings_the_same_effects():
    english = _cli("fight", "Gazebo", "--helper", "Bob", "--player", "Ann:4", "--player", "Bob:4")
    hungarian = _cli("fight", "Szemtély", "--helper", "Bob", "--player", "Ann:4", "--player", "Bob:4", "--lang", "hu")
    assert hungarian["verdict"] == english["verdict"]
    assert hungarian["details"]["helper_withdrawn"] == english["details"]["helper_withdrawn"] == "Bob"
