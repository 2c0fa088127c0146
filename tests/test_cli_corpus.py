"""The corpus commands through the installed console script: shapes, exit codes, languages."""

from __future__ import annotations

import json

import pytest

RULE_KEYS = {"id", "lang", "title", "text", "text_en", "kind", "game", "topics", "sources", "related"}


def test_rule_json_matches_the_contract(referee, corpus):
    result = referee("rule", "combat.ties", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert RULE_KEYS <= set(data)
    assert data["id"] == "combat.ties" and data["lang"] == "en"
    assert data["kind"] in {"rule", "clarification", "errata", "card-ruling", "variant", "optional-rule"}
    assert data["game"] in {"munchkin", "star-munchkin", "epic", "expansions"}
    assert data["sources"] and all(set(s) == {"seed", "lang", "quote"} for s in data["sources"])
    for rel in data["related"]:
        assert rel["id"] in corpus
        assert rel["relation"] in {"errata-of", "clarifies", "see-also", "conflicts-with", "overrides"}


def test_rule_text_shows_the_original_quote(referee, corpus):
    clause = corpus["card-rulings.loaded-die"]
    result = referee("rule", clause.id)
    assert result.returncode == 0
    assert clause.title in result.stdout
    assert clause.sources[0].quote.split()[0] in result.stdout
    assert "Hungarian FAQ and errata" in result.stdout  # a source named for people, not by its file


def test_an_erratum_is_found_from_the_clause_it_corrects(referee, corpus):
    pairs = [(c.id, r.id) for c in corpus for r in c.related if r.relation in ("errata-of", "clarifies")]
    assert pairs
    source, target = pairs[0]
    data = json.loads(referee("rule", target, "--json").stdout)
    assert {"id": source, "direction": "in"}.items() <= next(
        r for r in data["related"] if r["id"] == source).items()


def test_an_unknown_id_exits_1(referee):
    result = referee("rule", "nope")
    assert result.returncode == 1
    assert "no clause with id 'nope'" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [["--game", "chess"], ["--kind", "law"], ["--topic", "cooking"]])
def test_list_rejects_unknown_filter_values(referee, args):
    result = referee("list", *args)
    assert result.returncode == 2
    assert "expected one of" in result.stderr


def test_list_groups_by_topic_and_filters(referee, corpus):
    data = json.loads(referee("list", "--game", "epic", "--json").stdout)
    ids = [c["id"] for t in data["topics"] for c in t["clauses"]]
    assert ids and all(corpus[i].game == "epic" for i in ids)
    assert data["total"] == len([c for c in corpus if c.game == "epic"])
    text = referee("list", "--kind", "errata").stdout
    assert "card-rulings.loaded-die" in text
    assert text.splitlines()[0].startswith("1. ")


def test_conflicts_lists_every_disagreement_with_the_reading_followed(referee, corpus):
    data = json.loads(referee("conflicts", "--json").stdout)
    assert data["total"] == len(corpus.conflict_groups())
    readings = {r["id"] for c in data["conflicts"] for r in c["readings"]}
    assert {"setup.starting-hand", "setup.starting-hand-house-rule", "death.new-character-cards",
            "death.new-character-cards-hu", "items.no-swap-in-combat", "items.play-in-combat-hu"} <= readings
    for conflict in data["conflicts"]:
        assert conflict["followed"], conflict
        assert {r["lang"] for r in conflict["readings"] for r in r["sources"]}
    assert "disagreements" in referee("conflicts").stdout


@pytest.mark.parametrize("value,expected", [("de_AT.UTF-8", "de"), ("nl-BE", "nl"), ("HU", "hu"), ("gu", "gu")])
def test_lang_accepts_regional_forms(referee, value, expected):
    data = json.loads(referee("rule", "combat.ties", "--json", "--lang", value).stdout)
    assert data["lang"] == expected


def test_the_environment_chooses_the_language(referee):
    assert json.loads(referee("rule", "combat.ties", "--json", env={"LANG": "es_ES.UTF-8"}).stdout)["lang"] == "es"
    assert json.loads(referee("rule", "combat.ties", "--json",
                              env={"LANG": "es_ES.UTF-8", "REFEREE_LANG": "hu"}).stdout)["lang"] == "hu"
    assert json.loads(referee("rule", "combat.ties", "--json", env={"LANG": "fr_FR.UTF-8"}).stdout)["lang"] == "en"


@pytest.mark.parametrize("env,args", [({}, ["--lang", "xx"]), ({"REFEREE_LANG": "klingon"}, [])])
def test_an_unknown_language_lists_the_supported_ones(referee, env, args):
    result = referee("rule", "combat.ties", *args, env=env)
    assert result.returncode == 2
    assert "en, nl, hu, es, gu, de" in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_options_exit_2_without_traceback(referee):
    result = referee("rule")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    result = referee("list", "--bogus")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_python_dash_m_works(referee):
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "referee", "rule", "combat.ties"],
                            capture_output=True, text=True)
    assert result.returncode == 0 and "combat.ties" in result.stdout
