"""Precedence between applicable clauses, as the sources state it, and the engine's citations."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engine.precedence import EngineConflict, Ruling, beats, resolve

CASES = [
    # (winner layer, loser layer, why)
    ("card", "rule", "card text beats the rulebook"),
    ("core", "card", "the four core rules beat a card that does not say otherwise"),
    ("errata", "card", "errata and clarifications beat the card they correct"),
    ("errata", "rule", "errata beat the rulebook"),
    ("dungeon", "rule", "a dungeon in play changes the rules for everyone"),
]


@pytest.mark.parametrize("winner,loser,why", CASES, ids=[c[2] for c in CASES])
def test_layers_are_ordered_as_the_sources_say(winner, loser, why):
    a, b = Ruling("a.x", winner, 1), Ruling("b.y", loser, 2)
    assert beats(a, b) is True and beats(b, a) is False
    assert resolve([b, a]).clause == "a.x"


def test_a_card_that_says_so_explicitly_beats_a_core_rule():
    divine = Ruling("card-rulings.divine-intervention", "card", 10,
                    overrides=("precedence.level-ten-needs-kill",))
    core = Ruling("precedence.level-ten-needs-kill", "core", 9)
    assert resolve([core, divine]).clause == "card-rulings.divine-intervention"


def test_the_later_dungeon_wins():
    first, later = Ruling("dungeons.a", "dungeon", 1, played=1), Ruling("dungeons.b", "dungeon", 2, played=2)
    assert resolve([first, later]).outcome == 2


def test_agreeing_clauses_need_no_precedence():
    assert resolve([Ruling("a.x", "errata", 3), Ruling("b.y", "core", 3)]).outcome == 3


def test_two_clauses_that_disagree_without_precedence_are_an_engine_error():
    with pytest.raises(EngineConflict) as info:
        resolve([Ruling("a.x", "errata", 1), Ruling("b.y", "core", 2)])
    assert "a.x" in str(info.value) and "b.y" in str(info.value)
    with pytest.raises(EngineConflict):
        resolve([Ruling("a.x", "card", 1), Ruling("b.y", "card", 2)])


def test_every_clause_the_engine_names_exists(corpus):
    source = "".join(p.read_text() for p in (Path(__file__).parent.parent / "referee" / "engine").glob("*.py"))
    named = set(re.findall(r'"([a-z0-9-]+\.[a-z0-9-]+(?:-\{[^}]+\})?)"', source))
    named = {n for n in named if "{" not in n}
    assert named and sorted(n for n in named if n not in corpus) == []
    for roll in range(1, 11):
        assert f"munchkin-die.result-{roll}" in corpus
