"""Closed vocabularies: unknown words are bad input with the nearest known words; keys and races
are never given twice; the model's races and classes agree with the card records."""

from __future__ import annotations

import json

import pytest

from referee import model
from referee.errors import InvalidFile
from referee.situation import load_situation, read_situation
from referee.vocabulary import canonical, nearest

BASE = "players: [{name: Ann, level: 3}]\nquestion: {kind: equipment, player: Ann}\n"


def _problems(text: str) -> dict[str, str]:
    with pytest.raises(InvalidFile) as info:
        load_situation(text, "s.yaml")
    return {p.field: p.render() for p in info.value.problems}


@pytest.mark.parametrize("typo, meant, vocabulary", [
    ("elff", "elf", model.RACES["munchkin"]), ("Dwarff", "dwarf", model.RACES["munchkin"]),
    ("wizzard", "wizard", model.CLASSES["munchkin"]), ("femal", "female", model.SEXES),
    ("foot-gear", "footgear", model.SLOTS), ("steed", "steeds", model.EXPANSIONS),
    ("combt", "combat", model.PHASES), ("epik", "epic", model.GAMES), ("gadgeter", "gadgeteer",
                                                                      model.CLASSES["star-munchkin"]),
])
def test_a_typo_gets_the_word_meant_first(typo, meant, vocabulary):
    assert nearest(typo, vocabulary)[0] == meant


@pytest.mark.parametrize("spelling, word", [("Lizard Man", "lizard-guy"), ("lizardman", "lizard-guy"),
                                            ("LIZARD_GUY", "lizard-guy"), ("Elf", "elf")])
def test_other_spellings_of_a_race_are_the_same_race(spelling, word):
    assert canonical(spelling, model.RACES["munchkin"]) == word


def test_a_word_far_from_every_known_one_gets_no_suggestion():
    assert nearest("xylophone", model.RACES["munchkin"]) == []


@pytest.mark.parametrize("yaml_text, field, hint", [
    ("players: [{name: Ann, races: [elff]}]", "players[0].races[0]", "did you mean: elf"),
    ("players: [{name: Ann, classes: [wizzard]}]", "players[0].classes[0]", "did you mean: wizard"),
    ("players: [{name: Ann, sex: femal}]", "players[0].sex", "did you mean: female"),
    ("players: [{name: Ann, items: [{name: Boots, slot: footgaer}]}]", "players[0].items[0].slot",
     "did you mean: footgear"),
    ("expansions: [hireling]\nplayers: [{name: Ann}]", "expansions[0]", "did you mean: hirelings"),
    ("phase: lot\nplayers: [{name: Ann}]", "phase", "did you mean: loot"),
    ("game: star-munchkin\nplayers: [{name: Ann, races: [elf]}]", "players[0].races[0]", "human, cyborg"),
    ("players: [{name: Ann, races: [elf, Elf]}]", "players[0].races[1]", "listed twice"),
    ("players: [{name: Ann, classes: [thief, thief]}]", "players[0].classes[1]", "listed twice"),
    ("players: [{name: Ann, hireling: {name: Gnome, race: gnoem}}]", "players[0].hireling.race",
     "did you mean: gnome"),
    ("players: [{name: Ann, items: [{name: Mace, requires: {classes: [clerik]}}]}]",
     "players[0].items[0].requires.classes[0]", "did you mean: cleric"),
])
def test_unknown_words_name_the_field_and_the_nearest_known_words(yaml_text, field, hint):
    text = yaml_text + "\nquestion: {kind: equipment, player: Ann}\n"
    problems = _problems(text)
    assert field in problems, problems
    assert hint in problems[field]


def test_a_monster_bonus_against_an_unknown_race_is_refused():
    text = ("players: [{name: Ann}]\ncombat: {fighter: Ann, monsters: [{name: Slime, level: 1, bonus_vs: {elfs: 4}}]}\n"
            "question: {kind: combat}\n")
    problems = _problems(text)
    assert "elf" in problems["combat.monsters[0].bonus_vs.elfs"]


def test_game_given_twice_in_yaml_is_an_error_not_the_last_one_winning():
    problems = _problems("game: munchkin\ngame: epic\n" + BASE)
    assert list(problems) == ["game"]
    assert "s.yaml:2: game: " in problems["game"]


def test_a_key_given_twice_in_json_is_an_error_too():
    text = ('{"game": "munchkin", "players": [{"name": "Ann", "level": 3, "level": 9}],'
            ' "question": {"kind": "equipment", "player": "Ann"}}')
    assert json.loads(text)["players"][0]["level"] == 9  # what a JSON reader would silently do
    assert "players[0].level" in _problems(text)


def test_a_key_given_twice_deep_in_a_combat_names_its_path():
    text = BASE.replace("question", "combat: {fighter: Ann, monsters: [{name: Orc, level: 2, level: 20}]}\nquestion")
    assert "combat.monsters[0].level" in _problems(text)


def test_read_situation_checks_words_like_a_file():
    with pytest.raises(InvalidFile) as info:
        read_situation({"players": [{"name": "Ann", "races": ["elff"]}], "question": {"kind": "equipment",
                                                                                    "player": "Ann"}})
    assert "did you mean: elf" in info.value.render()


def test_the_judge_command_exits_2_with_the_nearest_word(referee, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("players: [{name: Ann, races: [elff]}]\nquestion: {kind: equipment, player: Ann}\n")
    result = referee("judge", str(path))
    assert result.returncode == 2
    assert "players[0].races[0]" in result.stderr and "elf" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_passes_when_model_and_card_records_agree(corpus):
    from referee.corpus.vocabulary_check import check_vocabulary

    assert check_vocabulary(corpus) == []


@pytest.mark.parametrize("edit, message", [
    (("  - id: centaur\n    name: Centaur\n", "  - id: centaur\n    name: Centaurus\n"), "'Centaurus' (race)"),
    (("effect: {no_items_in_slot: two-hands}", "effect: {no_items_in_slot: three-hands}"), "unknown value"),
    (("effect: {no_items_in_slot: two-hands}", "effect: {tiny_hands: true}"), "unknown effect"),
])
def test_check_flags_card_records_the_model_does_not_know(edit, message, rules_copy, referee):
    path = rules_copy / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1]), encoding="utf-8")
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2
    assert message in result.stdout, result.stdout


def test_check_flags_a_model_word_with_no_card_record(rules_copy, referee):
    path = rules_copy / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: centaur\n")
    end = text.index("  - id: lizard-guy\n")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2
    assert "'centaur' has no race card record" in result.stdout, result.stdout


# --- the players' own words (referee/i18n/typed.py: data of the referee catalog) ----------------

TRANSLATED = ("nl", "hu", "es", "gu", "de")


@pytest.fixture
def speaking():
    """Speak a language in-process for one test, and English again after it."""
    from referee.i18n.catalogs import use_language

    yield use_language
    use_language("en")


def _vocabularies() -> dict[str, tuple[str, ...]]:
    from referee.i18n.typed import ENTRIES

    out: dict[str, list[str]] = {}
    for context, code in ENTRIES:
        out.setdefault(context, []).append(code)
    return {context: tuple(codes) for context, codes in out.items()}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_word_a_catalog_lists_for_a_code_is_heard_as_that_code_and_no_other(language, speaking):
    from referee.i18n.catalogs import translations
    from referee.vocabulary import heard, typed_words

    speaking(language)
    catalog = translations(language, "referee")
    for context, codes in _vocabularies().items():
        for code in codes:
            assert catalog.has(code, context), f"{language}: no words for {context} {code!r}"
            for word in typed_words(code):
                assert heard(word, codes) == code, f"{language}: {word!r} ({context}) is not heard as {code!r}"
                assert heard(word.upper(), codes) == code


@pytest.mark.parametrize("language, typo, shown", [
    ("hu", "Törpee", "törpe"), ("nl", "dwergg", "dwerg"), ("es", "enanno", "enano"), ("de", "Zwergg", "Zwerg"),
    ("gu", "ડ્વાર્ફ઼", "ડ્વાર્ફ"),
])
def test_an_unknown_race_is_answered_with_the_players_own_words(language, typo, shown, speaking):
    speaking(language)
    problems = _problems(BASE.replace("level: 3}", f"level: 3, races: [{typo}]}}"))
    message = problems["players[0].races[0]"]
    assert shown in message
    assert "dwarf" not in message and "lizard-guy" not in message


# one row per language: race, class, sex, a level source, a phase, an expansion, yes
TABLE_WORDS = {
    "hu": ("Törpe", "Harcos", "nő", "eladás", "harc", "fegyverhordozók", "igen"),
    "nl": ("Dwerg", "Krijger", "vrouw", "verkopen", "gevecht", "huurlingen", "ja"),
    "es": ("Enano", "Guerrero", "mujer", "venta", "combate", "escuderos", "sí"),
    "gu": ("ડ્વાર્ફ", "યોદ્ધા", "સ્ત્રી", "વેચાણ", "લડાઈ", "ભાડૂતી", "હા"),
    "de": ("Zwerg", "Krieger", "weiblich", "Verkauf", "Kampf", "Gefolgsleute", "ja"),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_table_takes_every_vocabulary_word_in_the_players_language_and_keeps_the_codes(language, tmp_path):
    import json

    from tests.conftest import run_referee

    race, klass, sex, source, phase, expansion, yes = TABLE_WORDS[language]
    env = {"REFEREE_TABLE": str(tmp_path / "t.sqlite3"), "REFEREE_LANG": language}
    steps = [("table", "new", "Ann", "Bob", "--expansion", expansion),
             ("table", "set", "Ann", f"races={race}", f"classes={klass}", f"sex={sex}", f"half_breed={yes}"),
             ("table", "level", "Ann", "+1", "--source", source),
             ("table", "turn", "--phase", phase)]
    for step in steps:
        result = run_referee(*step, env=env)
        assert result.returncode == 0, (step, result.stderr)
    table = json.loads(run_referee("table", "--json", env=env).stdout)["table"]
    ann = table["players"][0]
    assert (ann["races"], ann["classes"], ann["sex"], ann["half_breed"], ann["level"]) == (
        ["dwarf"], ["warrior"], "female", True, 2)
    assert (table["phase"], table["expansions"]) == ("combat", ["hirelings"])


@pytest.mark.parametrize("language, typed, offered, english", [
    ("hu", "Sárkány", "Plutónium sárkány", "Plutonium Dragon"),
    ("es", "Dragónx", "Dragón de Plutonio", "Plutonium Dragon"),
])
def test_did_you_mean_offers_the_cards_name_in_the_players_language(language, typed, offered, english, speaking,
                                                                     corpus):
    from referee.errors import BadInput
    from referee.questions import monster

    speaking(language)
    with pytest.raises(BadInput) as info:
        monster(typed, corpus)
    message = info.value.render()
    assert offered in message and english not in message


def test_a_hungarian_table_is_played_with_no_english_word_typed(tmp_path):
    import json

    from tests.conftest import run_referee

    env = {"REFEREE_TABLE": str(tmp_path / "t.sqlite3"), "REFEREE_LANG": "hu"}
    steps = [("table", "new", "Anna", "Béla", "--game", "epikus", "--expansion", "hátasok",
              "--house-rule", "nulladik fázis=igen"),
             ("table", "set", "Anna", "szint=3", "faj=törpe", "kaszt=harcos", "nem=nő", "halott=nem"),
             ("table", "item", "Anna", "Kard", "bónusz=3", "nagy=igen"),
             ("table", "level", "Anna", "+1", "--source", "eladás"),
             ("table", "turn", "--phase", "harc")]
    for step in steps:
        result = run_referee(*step, env=env)
        assert result.returncode == 0, (step, result.stderr)
    table = json.loads(run_referee("table", "--json", env=env).stdout)["table"]
    anna = table["players"][0]
    assert (table["game"], table["expansions"], table["house_rules"]["phase_zero"], table["phase"]) == (
        "epic", ["steeds"], True, "combat")
    assert (anna["level"], anna["races"], anna["classes"], anna["sex"], anna["items"][0]["big"]) == (
        4, ["dwarf"], ["warrior"], "female", True)


@pytest.mark.parametrize("language, elf", [("hu", "Elf"), ("nl", "Elf"), ("es", "Elfo"), ("gu", "એલ્ફ"), ("de", "Elf")])
def test_two_races_and_half_breed_said_with_the_players_yes_in_one_change(language, elf, tmp_path):
    """`table set Bob races=Elf,Zwerg half_breed=ja`: the check that two races need Half-Breed
    reads the player's own yes as the situation reader does (it took only `true`)."""
    import json

    from tests.conftest import run_referee

    race, _, _, _, _, _, yes = TABLE_WORDS[language]
    env = {"REFEREE_TABLE": str(tmp_path / "t.sqlite3"), "REFEREE_LANG": language}
    assert run_referee("table", "new", "Ann", "Bob", env=env).returncode == 0
    result = run_referee("table", "set", "Bob", f"races={elf},{race}", f"half_breed={yes}", env=env)
    assert result.returncode == 0, result.stderr
    bob = json.loads(run_referee("table", "--json", env=env).stdout)["table"]["players"][1]
    assert (sorted(bob["races"]), bob["half_breed"]) == (["dwarf", "elf"], True)
