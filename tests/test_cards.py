"""Cards: records for every card the sources rule on, found by name in any language."""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_referee

SAME_CARD = ["Cinkelt kocka", "cinkelt kocka", "loaded die", "Loaded Die", "dado cargado", "Loded Dye",
             "Cinkelt koka", "CINKELT KOCKA"]


def card(*args, env=None):
    result = run_referee("card", *args, "--json", env=env)
    return result, (json.loads(result.stdout) if result.stdout.strip() else None)


def test_every_card_the_hungarian_errata_rule_on_has_a_record(corpus):
    hungarian = [c for c in corpus if c.topic == "card-rulings"]
    named = {name for clause in hungarian for name in clause.cards}
    assert len(corpus.cards) >= 100 and len(named) >= 70
    by_name = {card.name for card in corpus.cards.values()}
    assert named <= by_name


def test_every_card_link_resolves_both_ways(corpus):
    by_name = {card.name: card for card in corpus.cards.values()}
    for clause in corpus:
        for name in clause.cards:
            assert name in by_name, (clause.id, name)
            assert clause in corpus.rulings(by_name[name])
    for record in corpus.cards.values():
        rulings = corpus.rulings(record)
        assert rulings, record.id
        assert all(record.name in clause.cards for clause in rulings)


def test_source_names_come_from_their_seed(corpus):
    from referee.corpus.sources import normalize

    counted = 0
    for record in corpus.cards.values():
        for lang, (name, seed, _) in record.names.items():
            assert corpus.seeds[seed].lang == lang
            assert normalize(name).casefold() in corpus.seeds[seed].searchable.casefold(), (record.id, name)
            counted += 1
    assert counted >= 80


@pytest.mark.parametrize("name", SAME_CARD)
def test_one_card_by_many_names(name):
    result, data = card(*name.split())
    assert result.returncode == 0, result.stderr
    assert data["id"] == "loaded-die"
    assert data["names"]["hu"] == "Cinkelt kocka" and data["names"]["es"] == "Dado Cargado"
    assert data["rulings"] and data["rulings"][0]["kind"] == "errata"


def test_an_ambiguous_prefix_lists_candidates():
    result, data = card("Dado")
    assert result.returncode == 0
    assert len(data["candidates"]) >= 2


def test_ring_lists_the_other_ring_among_its_candidates(referee):
    result, data = card("ring")
    assert result.returncode == 0 and data["id"] is None
    assert "the-other-ring" in [c["id"] for c in data["candidates"]]
    text = referee("card", "ring")
    assert text.returncode == 0 and "The Other Ring" in text.stdout


@pytest.mark.parametrize("words", [["other", "ring"], ["ring", "other"], ["Other", "Ring"], ["the", "other", "rng"],
                                   ["Der", "andere", "Ring"], ["otro", "anillo"]])
def test_a_part_of_a_name_in_any_order_or_language_finds_the_card(words):
    result, data = card(*words)
    assert result.returncode == 0 and data["id"] == "the-other-ring", data["candidates"]


def test_card_json_has_one_shape_for_every_outcome():
    shapes = {}
    for outcome, words, code in (("card", ["Loaded", "Die"], 0), ("candidates", ["Dado"], 0),
                                 ("nothing", ["Zzyzx", "Qwerty"], 1)):
        result, data = card(*words)
        assert result.returncode == code, outcome
        shapes[outcome] = set(data)
        assert (data["id"] is not None) == (outcome == "card") and bool(data["candidates"]) == (outcome == "candidates")
    assert shapes["card"] == shapes["candidates"] == shapes["nothing"]
    assert shapes["card"] >= {"query", "lang", "id", "name", "names", "type", "game", "rulings", "candidates",
                              "suggestions"}


def test_folding_keeps_gujarati_words_whole():
    from referee.corpus.cards import fold

    assert fold("ભટકતા મોન્સ્ટર") == "ભટકતા મોન્સ્ટર"  # vowel signs and viramas are letters here
    assert fold("Újracinkelt  KOCKA") == "ujracinkelt kocka"


def test_the_resolver_for_situations_keeps_its_meaning(corpus):
    from referee.cards import card_resolver

    resolve = card_resolver(corpus.cards.values())
    record, suggestions = resolve("Plutonium Dargon")
    assert record["name"] == "Plutonium Dragon" and suggestions == []
    record, suggestions = resolve("ring")
    assert record is None and "The Other Ring" in suggestions


def test_nothing_matches_is_exit_1_with_suggestions():
    result, data = card("Zzyzx", "Qwerty")
    assert result.returncode == 1 and data["candidates"] == []


def test_card_json_matches_the_contract():
    _, data = card("Drooling", "Slime", "--lang", "es")
    assert set(data) >= {"id", "name", "names", "type", "game", "rulings"}
    assert data["lang"] == "es" and data["type"] == "monster"
    assert all(set(r) >= {"id", "kind", "title", "text"} for r in data["rulings"])


def test_cards_lists_by_type_and_game():
    data = json.loads(run_referee("cards", "--type", "monster", "--json").stdout)
    assert data["total"] >= 10 and all(c["type"] == "monster" for c in data["cards"])
    data = json.loads(run_referee("cards", "--game", "star-munchkin", "--json").stdout)
    assert data["cards"] and all(c["game"] == "star-munchkin" for c in data["cards"])
    assert run_referee("cards", "--type", "spaceship").returncode == 2


SEARCHED = [("Cinkelt kocka", "hu"), ("Dado Cargado", "es"), ("Csodalámpa", "hu"), ("Tolvaj", "hu"),
            ("Varázsló", "hu"), ("Félvér", "hu"), ("Szuper Munchkin", "hu"), ("Tut király", "hu"),
            ("Ügyvéd", "hu"), ("Isteni közbeavatkozás", "hu"), ("Pinata", "hu"), ("Kívánság gyűrű", "hu"),
            ("Bolondok aranya", "hu"), ("Csalás", "hu"), ("Monstruo Errante", "es"), ("Babosa Babeante", "es"),
            ("Dragón de Plutonio", "es"), ("Maza Afilada", "es"), ("Bastardo", "es"), ("Munchkinomicón", "es"),
            ("Halb-Blut", "de"), ("Wanderndes Monster", "de")]


@pytest.mark.parametrize("name,lang", SEARCHED)
def test_a_card_name_searched_brings_its_rulings_first(name, lang, corpus):
    from referee.cards import decide, find_cards

    chosen, _ = decide(find_cards(corpus.cards.values(), name))
    assert chosen is not None, name
    rulings = {c.id for c in corpus.rulings(chosen.card)}
    data = json.loads(run_referee("search", *name.split(), "--lang", lang, "--json").stdout)
    assert data["results"] and data["results"][0]["id"] in rulings, (name, [r["id"] for r in data["results"][:3]])


def test_a_situation_may_name_a_card_for_its_numbers(referee):
    situation = """
players: [{name: Ann, level: 3}, {name: Bob, level: 2, races: [elf]}]
combat: {fighter: Ann, helper: Bob, monsters: [{card: Drooling Slime}]}
question: {kind: combat}
"""
    data = json.loads(referee("judge", "-", "--json", input=situation).stdout)
    assert data["details"]["monsters_strength"] == 5  # level 1, +4 against the Elf helper
    overridden = situation.replace("{card: Drooling Slime}", "{card: Drooling Slime, level: 3}")
    assert json.loads(referee("judge", "-", "--json", input=overridden).stdout)["details"]["monsters_strength"] == 7


def test_an_unknown_card_in_a_situation_is_a_clear_error(referee):
    situation = """
players: [{name: Ann}]
combat: {fighter: Ann, monsters: [{card: Plutonium Dargon}, {card: No Such Card At All}]}
question: {kind: combat}
"""
    result = referee("judge", "-", input=situation)
    assert result.returncode in (0, 2)
    assert "combat.monsters[1].card" in result.stderr


def test_a_name_typed_exactly_decides_as_scoring_every_name_would(corpus):
    """``meant`` skips the fuzzy scoring when a name is typed exactly; it must decide what
    ``decide(find_cards(...))`` decides: for a name of every card (each card by another of its
    names, round the languages and aliases), shouted, and cut short so that only scoring finds it."""
    from referee.cards import all_names, decide, find_cards, localizer, meant

    localized = localizer()
    cards = list(corpus.cards.values())
    names = [all_names(card, localized) for card in cards]
    queries = {listed[i % len(listed)][1] for i, listed in enumerate(names)} | {a for c in cards for a in c.aliases}
    queries |= {q.upper() for q in list(queries)[::5]} | {q[:-1] for q in list(queries)[::5] if len(q) > 4}
    for query in sorted(queries):
        assert meant(cards, query, localized) == decide(find_cards(cards, query, localized)), query


@pytest.mark.parametrize("lang", ["en", "nl", "hu", "es", "gu", "de"])
@pytest.mark.parametrize("card, race", [("Fake Beard", "dwarf"), ("Stoned Golem", "halfling")])
def test_a_cards_numbers_name_races_and_sources_in_the_readers_words(lang, card, race, referee, corpus):
    """'seen as the race: Dwarf (Hungarian FAQ and errata)', not 'dwarf (001_3a6b2e55112591b2.txt)':
    a race in a card's facts is its card's name in the language, a source text is named for people."""
    from referee.i18n.catalogs import RuleText

    shown = referee("card", card, "--lang", lang).stdout
    numbers = " ".join(shown.split("\n\n")[0].split())  # the card's head: names and numbers
    assert not any(seed in numbers for seed in corpus.seeds), numbers
    race_card = corpus.cards[race]
    assert RuleText(lang)(f"card:{race_card.id}", race_card.name) in numbers, numbers


@pytest.mark.parametrize("language", ["nl", "hu", "es", "gu", "de"])
@pytest.mark.parametrize("card_name,family", [("Potted Plant", "plant"), ("Santa", "Santanic")])
def test_a_monster_family_is_shown_in_the_readers_word(card_name, family, language, referee):
    """A monster card's family ("families: plant") is a code of the corpus: the page of the card
    names it as the language's rule texts do (planta, Pflanze, વનસ્પતિ)."""
    from referee.i18n.catalogs import translations

    word = translations(language, "referee").pgettext("monster family", family)
    shown = referee("card", card_name, "--lang", language)
    assert shown.returncode == 0, shown.stderr
    assert f": {word}" in " ".join(shown.stdout.split()), shown.stdout
