"""The shipped corpus is clean, large, cites every source and covers each of them."""

from __future__ import annotations

import json
import re

from referee.corpus.checks import check_corpus
from referee.corpus.corpus import read_corpus
from referee.corpus.coverage import coverage
from referee.corpus.sources import normalize

#: Ids the engine and the other helpers' files lean on.
ANCHORS = """
setup.starting-hand setup.starting-hand-house-rule turn.charity turn.hand-limit turn.loot-the-room
precedence.cards-beat-rules precedence.level-never-below-one precedence.level-only-for-kill
precedence.no-rewards-mid-combat precedence.level-ten-needs-kill combat.strength combat.ties
combat.kill-rewards helping.one-helper helping.elf-helper-level running-away.roll
running-away.will-not-pursue death.new-character-cards death.new-character-cards-hu
levels.selling-not-to-ten races.elf races.dwarf races.halfling races.half-breed classes.warrior
classes.wizard classes.thief classes.cleric classes.super-munchkin items.big items.slots
items.no-swap-in-combat items.play-in-combat-hu trading-selling.sell card-rulings.loaded-die
card-rulings.divine-intervention epic.level-19-20-by-kill munchkin-die.table star-munchkin.cyborg
""".split()


def test_check_passes_on_the_shipped_corpus(referee):
    result = referee("check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_problems_in_the_library_either(shipped_rules):
    corpus, problems = read_corpus(shipped_rules)
    assert problems + check_corpus(corpus) == []


def test_at_least_350_clauses_and_every_seed_cited(corpus):
    assert len(corpus) >= 350
    cited = {s.seed for c in corpus for s in c.sources}
    assert cited == set(corpus.seeds)


def test_every_seed_is_at_least_95_percent_covered(corpus):
    for seed in coverage(corpus):
        assert seed.share >= 0.95, (seed.seed, seed.share, seed.uncovered[:5])


def test_anchor_clauses_exist(corpus):
    missing = [a for a in ANCHORS if a not in corpus]
    assert missing == []


def test_hungarian_quotes_are_repaired(corpus):
    hungarian = [s for c in corpus for s in c.sources if s.lang == "hu"]
    assert len(hungarian) > 100
    seed = corpus.seeds["001_3a6b2e55112591b2.txt"]
    for source in hungarian:
        assert not set("ıİ") & set(source.quote), source.quote
        # matched against the repaired text, so an ő standing for ű cannot slip through
        assert normalize(source.quote) in seed.searchable, source.quote
    assert "szintű" in seed.searchable and "szintő" not in seed.searchable


def test_card_powers_are_card_rulings(corpus):
    for clause_id in ("classes.warrior", "races.elf", "races.dwarf", "races.halfling", "classes.thief",
                      "classes.wizard", "classes.cleric", "races.half-breed", "classes.super-munchkin",
                      "star-munchkin.cyborg", "star-munchkin.gadgeteer", "star-munchkin.space-ranger",
                      "star-munchkin.trader"):
        assert corpus[clause_id].kind == "card-ruling", clause_id


def test_every_disagreement_says_which_reading_is_followed(corpus):
    groups = corpus.conflict_groups()
    assert len(groups) >= 5
    for group in groups:
        followed = [c for c in group if c.conflict.followed]
        assert followed, [c.id for c in group]
        assert all(c.conflict.why.strip() for c in followed)


def test_ids_follow_from_the_file(corpus):
    for clause in corpus:
        assert clause.file == f"rules/{clause.topic}.yaml"
        assert clause.id == f"{clause.topic}.{clause.key}"
        assert re.fullmatch(r"[a-z0-9-]+\.[a-z0-9-]+", clause.id)


def test_coverage_report_lists_every_seed(referee):
    result = referee("check", "--coverage", "--json")
    data = json.loads(result.stdout)
    assert [r["seed"] for r in data["coverage"]] == sorted(r["seed"] for r in data["coverage"])
    assert len(data["coverage"]) == 5
    assert all(r["share"] >= 0.95 for r in data["coverage"])
