"""Cards are named alike in a language's card catalog and its rule texts, and `i18n check` keeps it so."""

from __future__ import annotations

import json
import re

import pytest

from referee.i18n.cardnames import names_card


@pytest.mark.parametrize("text,name", [
    ("Használhatom a Cinkelt kockát a dobás után", "Cinkelt kocka"),
    ("Den Gefährlichen Keimling zu zertreten ist ein Töten", "Gefährlicher Keimling"),
    ("મદદ કરનાર એલ્ફને રાક્ષસ દીઠ એક લેવલ", "એલ્ફ"),
    ("¡Elígeme! ¡Elígeme! y los objetos de un solo uso", "¡Elígeme! ¡Elígeme!"),
])
def test_a_name_is_found_inflected_as_running_text_inflects_it(text, name):
    assert names_card(text, name)


@pytest.mark.parametrize("text,name", [
    ("die Magic Lamp kann nur einmal benutzt werden", "Wunderlampe"),
    ("der Keimling ist gefährlich", "Gefährlicher Keimling"),  # its words, but not the name
])
def test_other_words_are_no_name(text, name):
    assert not names_card(text, name)


def test_a_gujarati_card_is_named_as_its_rule_texts_name_it(referee):
    card = json.loads(referee("card", "Elf", "--lang", "gu", "--json").stdout)
    assert card["name"] == "એલ્ફ" and re.fullmatch(r"[\u0a80-\u0aff]+", card["name"])
    rules = {r["id"]: r for r in card["rulings"]}
    assert card["name"] in rules["races.elf"]["title"] and card["name"] in rules["races.elf"]["text"]
    shown = referee("card", "Elf", "--lang", "gu").stdout
    assert shown.splitlines()[0].startswith("એલ્ફ — ")
    # the Gujarati source's own word still finds the card
    assert json.loads(referee("card", "ઝનુન", "--json").stdout)["id"] == "elf"
    for name, card_id in (("Cleric", "cleric"), ("Warrior", "warrior"), ("Dwarf", "dwarf"), ("Halfling", "halfling")):
        found = json.loads(referee("card", name, "--lang", "gu", "--json").stdout)
        assert found["id"] == card_id and re.fullmatch(r"[\u0a80-\u0aff -]+", found["name"]), found["name"]


def _set(path, context, msgid_start, change) -> None:
    import polib

    catalog = polib.pofile(str(path))
    entry = next(e for e in catalog if e.msgctxt == context and e.msgid.startswith(msgid_start))
    entry.msgstr = change(entry.msgstr)
    catalog.save()


def test_check_catches_a_rule_text_that_keeps_the_english_card_name(in_copy):
    path = in_copy.root / "locales" / "de" / "LC_MESSAGES" / "rules.po"
    _set(path, "card-rulings.magic-lamp-one-shot", "The Magic Lamp can", lambda s: s.replace("Wunderlampe", "Magic Lamp"))
    assert in_copy("i18n", "compile").returncode == 0
    result = in_copy("i18n", "check")
    assert result.returncode == 2
    assert re.search(r"locales/de/LC_MESSAGES/rules.po:\d+: card-rulings.magic-lamp-one-shot .*names the card "
                     r"'Magic Lamp', which this language's card catalog calls 'Wunderlampe'", result.stdout), \
        result.stdout[-2000:]
    assert in_copy("check").returncode == 2  # CI's corpus check runs it too


def test_check_catches_a_card_renamed_in_the_catalog_alone(in_copy):
    path = in_copy.root / "locales" / "es" / "LC_MESSAGES" / "rules.po"
    _set(path, "card:magic-lamp", "Magic Lamp", lambda s: "Lámpara Maravillosa")
    assert in_copy("i18n", "compile").returncode == 0
    result = in_copy("i18n", "check")
    assert result.returncode == 2 and "calls 'Lámpara Maravillosa' (card:magic-lamp)" in result.stdout
    assert result.stdout.count("card:magic-lamp") >= 5  # every ruling on it


def test_the_english_name_may_stay_as_a_gloss(in_copy):
    path = in_copy.root / "locales" / "de" / "LC_MESSAGES" / "rules.po"
    _set(path, "card-rulings.magic-lamp-one-shot", "The Magic Lamp can",
         lambda s: s.replace("Wunderlampe", "Wunderlampe (Magic Lamp)"))
    assert in_copy("i18n", "compile").returncode == 0
    assert in_copy("i18n", "check").returncode == 0


def test_a_gujarati_card_is_found_by_the_name_its_catalog_gave_it_before(referee):
    # the Dwarf was spelt from the English, ડ્વાર્ફ; its Gujarati name is now વામન
    for typed in ("ડ્વાર્ફ", "વામન", "Dwarf"):
        found = json.loads(referee("card", typed, "--lang", "gu", "--json").stdout)
        assert (found["id"], found["name"]) == ("dwarf", "વામન"), typed
    found = json.loads(referee("card", "ધ અધર રિંગ", "--lang", "gu", "--json").stdout)
    assert (found["id"], found["name"]) == ("the-other-ring", "બીજી વીંટી")


def test_check_catches_a_text_that_still_names_a_card_by_its_former_name(in_copy):
    # the rule text names the card by its name, and by the former name too: still two names
    path = in_copy.root / "locales" / "gu" / "LC_MESSAGES" / "rules.po"
    _set(path, "epic.dwarf-hand-of-the-gods", "Epic Dwarf:", lambda s: s.replace("એપિક વામન", "એપિક વામન (ડ્વાર્ફ)"))
    _set(in_copy.root / "locales" / "gu" / "LC_MESSAGES" / "referee.po", None, "two races need the Half-Breed card",
         lambda s: s.replace("અર્ધજાતિ", "હાફ-બ્રીડ"))
    assert in_copy("i18n", "compile").returncode == 0
    result = in_copy("i18n", "check")
    assert result.returncode == 2
    assert re.search(r"locales/gu/LC_MESSAGES/rules.po:\d+: epic\.\S+ .*names a card by its former name "
                     r"'ડ્વાર્ફ'; this language's card catalog now calls it 'વામન' \(card:dwarf\)", result.stdout), \
        result.stdout[-2000:]
    assert re.search(r"locales/gu/LC_MESSAGES/referee.po:\d+: .*former name 'હાફ-બ્રીડ'", result.stdout)


def test_the_page_names_a_gujarati_card_as_its_rule_texts_do(server):
    # one name everywhere: the card page's heading, its rulings, and a rule page naming the card
    status, html, _ = server.request("GET", "/card/fake-beard?lang=gu")
    assert status == 200 and "<h1>નકલી દાઢી</h1>" in html
    assert "ફેક બિયર્ડ" not in html  # the former name is for typing, not for reading
    status, html, _ = server.request("GET", "/rule/card-rulings.fake-ears-beard-both?lang=gu")
    assert status == 200 and "નકલી દાઢી" in html and "નકલી કાન" in html


def test_a_placeholder_or_a_word_players_type_is_no_former_name():
    # "{high}" is the program's name for a value, never a word read; "huurling|hireling" is what
    # players type for the field, where the former name stays heard: neither names the card
    from babel.messages.catalog import Catalog

    from referee.corpus import load_corpus
    from referee.i18n.cardnames import check_former_names

    catalog = Catalog(locale="nl")
    catalog.add("{value} is more than {high}.", "{value} is groter dan {high}.")
    catalog.add("hireling", "huurling|hireling", context="field")
    catalog.add("Only a Thief can steal.", "Alleen een Thief kan stelen.")
    names = {"high": "Hoog", "hireling": "Huurling", "thief": "Dief"}
    problems = check_former_names(load_corpus(), "nl", catalog, "referee.po", names)
    assert [p.field for p in problems] == ["'Only a Thief can steal.'"]


def test_a_former_name_inside_another_cards_name_or_a_clause_id_is_no_finding():
    # "Ranger" was the Dutch catalog's name for the Woudloper, and is a word of the Space Ranger's
    # name still; "hireling" is a word of clause ids the rule texts cite
    from pathlib import Path

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    from referee.corpus import load_corpus
    from referee.i18n.cardnames import catalog_names, check_former_names

    corpus = load_corpus()
    with open(Path(__file__).resolve().parent.parent / "locales" / "nl" / "LC_MESSAGES" / "rules.po", "rb") as f:
        translated = catalog_names(read_po(f))
    catalog = Catalog(locale="nl")
    catalog.add("The Space Ranger helps", "De Space Ranger helpt (zie hirelings.monster-modifiers-vs-hireling).",
                context="star-munchkin.example")
    assert check_former_names(corpus, "nl", catalog, "rules.po", translated) == []
    catalog.add("The Ranger helps", "De Ranger helpt.", context="classes.example")
    found = check_former_names(corpus, "nl", catalog, "rules.po", translated)
    assert [problem.field for problem in found] == ["classes.example 'The Ranger helps'"]
