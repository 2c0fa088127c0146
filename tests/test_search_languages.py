"""Search in each language's own word forms: Hungarian inflection and split verbs, Gujarati
spellings and card names, negations, function words, and a correction searched and said."""

from __future__ import annotations

import json

import pytest

from referee.search.analysis import gujarati_form, hungarian_stem, prepare
from tests.conftest import run_referee

#: these tests share one index, built once: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_search_languages")


@pytest.fixture(scope="module")
def cache() -> None:
    """The cache every run without one of its own uses: these tests only read the shipped
    corpus's index, which the whole test run builds once there."""
    return None


def search(*args, env=None) -> dict:
    result = run_referee("search", *args, "--json", env=env)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def top(data: dict, n: int = 3) -> list[str]:
    return [r["id"] for r in data["results"][:n]]


@pytest.mark.parametrize("forms", [
    ("menekül", "menekülni", "menekülhetek", "menekülsz", "menekültem"),
    ("szint", "szintet", "szinthez", "szintek", "szinteket"),
    ("lap", "lapok", "lapot", "lapjaimat"),
    ("kocka", "kockát", "kockával"),
    ("öl", "ölnöm", "ölni"),
])
def test_hungarian_forms_of_one_word_share_a_stem(forms):
    assert len({hungarian_stem(form) for form in forms}) == 1, {form: hungarian_stem(form) for form in forms}


@pytest.mark.parametrize("forms", [
    ("dob", "dobjak", "dobj", "dobok"),                      # the subjunctive's j
    ("menekül", "meneküljek", "menekülj"),
    ("eldob", "eldobják", "eldobom"),                        # the definite conjugation's j
    ("dönt", "döntsön", "dönteni"),                          # a t's subjunctive s
    ("segít", "segítsen", "segíteni"),
    ("kijátszani", "kijátssza", "kijátsszák", "kijátszom"),
])
def test_hungarian_subjunctive_and_definite_verbs_meet_their_other_forms(forms):
    assert len({hungarian_stem(form) for form in forms}) == 1, {form: hungarian_stem(form) for form in forms}


def test_a_hungarian_noun_ending_in_a_vowel_and_j_keeps_it():
    assert hungarian_stem("fej") == "fej" and hungarian_stem("díj") == "díj"


@pytest.mark.parametrize("words", [("eladni", "elad"), ("használ", "használni")])
def test_hungarian_stemming_keeps_what_makes_words_differ(words):
    # "elad" (sell) is not "ad" (give); "használ" is no "hasz" at something
    assert all(len(hungarian_stem(w)) >= 4 for w in words)


@pytest.mark.parametrize("spellings", [("પાદરી", "પાદરિ"), ("નહીં", "નહી"), ("ડ્વાર્ફ", "ડવાર્ફ"),
                                       ("હાફલિંગ", "હાફલીંગ"), ("શરૂઆત", "શરુઆત"),
                                       ("રાક્ષસ", "રાક્શસ"), ("દુઃખ", "દુખ"), ("ઝ઼ડપ", "ઝડપ"),
                                       ("પીઠમાં", "પીઠમા", "પીઠ"), ("લડાઈમાં", "લડાઈમા", "લડાઈ"),
                                       # an English plural on a word spelt from the English
                                       ("કાર્ડ", "કાર્ડ્સ", "કાર્ડ્સને", "કાર્ડો"), ("આઇટમ", "આઇટમ્સ")])
def test_gujarati_spelling_variants_are_one_word(spellings):
    assert len({gujarati_form(s) for s in spellings}) == 1


@pytest.mark.parametrize("query,verb", [
    ("el tudok menekülni", "elmenekülni"), ("meg kell ölnöm a szörnyet", "megölnöm"),
    ("adhatom el a lapot", "eladhatom"),
])
def test_a_hungarian_verb_split_from_its_prefix_is_read_whole(query, verb):
    from referee.search.analysis import language_analyzer, prepare
    from referee.search.query import plan

    whole = {t.text for t in language_analyzer("hu")(prepare(verb, "hu"))}
    read = {r.text for word in plan(query, language="hu") for r in word if r.field == "hu"}
    assert whole <= read, (whole, read)


def test_split_verbs_find_their_rule(cache):
    found = top(search("el", "tudok", "menekülni", "ha", "két", "szörny", "van", "--lang", "hu", env=cache))
    assert "running-away.multiple-monsters" in found


def test_gujarati_card_names_find_their_rulings(cache):
    for name, clause in (("એલ્ફ", "races.elf"), ("ડ્વાર્ફ", "races.dwarf"), ("ડવાર્ફ", "races.dwarf"),
                         ("હાફલીંગ", "races.halfling")):  # the catalog's names, and as players spell them
        assert clause in top(search(name, "--lang", "gu", "--limit", "5", env=cache), 5), name


def test_a_negation_points_at_what_a_rule_forbids(cache):
    asked = top(search("can't", "I", "refuse", "to", "roll", "and", "take", "the", "bad", "stuff", env=cache))
    assert "running-away.must-roll" in asked
    asked = top(search("nem", "akarok", "dobni", "vállalom", "a", "szívást", "--lang", "hu", env=cache))
    assert "running-away.must-roll" in asked


def test_function_words_of_the_language_asked_in_read_in_no_other(cache):
    # the German article "die" is no English death
    german = search("die", "Monster", "Gleichstand", "--lang", "de", env=cache)
    assert top(german, 1) == ["combat.ties"] and german["results"][0]["matched_lang"] == "de"
    assert not any(r["id"].startswith("death.") for r in german["results"][:5])
    # asked in English, "die" is the English verb
    assert any(r.startswith("death.") for r in top(search("what", "if", "I", "die", env=cache)))


def test_a_correction_that_finds_something_is_searched_and_said(cache):
    data = search("mnstrr", env=cache)
    assert data["suggestion"] == "monster" and data["searched"] == "monster" and data["results"]
    shown = run_referee("search", "mnstrr", "--limit", "1", env=cache)
    assert shown.returncode == 0
    assert shown.stdout.startswith("Nothing matches 'mnstrr'; showing the results for 'monster'.")
    german = run_referee("search", "mnstrr", "--limit", "1", "--lang", "de", env=cache).stdout
    assert german.startswith("Nichts passt zu 'mnstrr'; hier die Ergebnisse für 'monster'.")


def test_nothing_found_and_no_correction_is_still_no_result(cache):
    result = run_referee("search", "qxzvvq", env=cache)
    assert result.returncode == 1 and "qxzvvq" in result.stdout
    assert json.loads(run_referee("search", "qxzvvq", "--json", env=cache).stdout)["searched"] == "qxzvvq"


# --- the families of misses: each fixed in general form ---------------------------------------

@pytest.mark.parametrize("forms", [("átok", "átkot", "átkok", "átkom", "átka", "átkát", "átkokat"),
                                   ("dolog", "dolgot", "dolgok"), ("méreg", "mérget", "mérgek")])
def test_hungarian_nouns_that_drop_their_last_vowel_share_one_stem(forms):
    assert len({hungarian_stem(form) for form in forms}) == 1, {form: hungarian_stem(form) for form in forms}


@pytest.mark.parametrize("spellings", [("વેમ્પાયર", "વેંપાયર"), ("સેન્ટોર", "સેંટોર")])
def test_a_gujarati_nasal_cluster_and_its_anusvara_are_one_spelling(spellings):
    assert len({gujarati_form(s) for s in spellings}) == 1


def _kept_words():
    import yaml

    from referee.data import locales_dir

    data = yaml.safe_load((locales_dir() / "kept_words.yaml").read_text(encoding="utf-8"))
    return [(language, word) for language, words in data.items() for word in words]


# the examples, the game's words found in the review of every stop list, and every
# word the data keeps (so a word added there is checked to reach the index)
@pytest.mark.parametrize("language, word", sorted({
    ("en", "below"), ("en", "both"), ("en", "once"), ("en", "above"), ("en", "between"), ("es", "más"),
    ("es", "otro"), ("es", "nada"), ("hu", "nagy"), ("hu", "egyes"), ("hu", "több"), ("hu", "utolsó"),
    ("hu", "új"), ("nl", "niets"), ("nl", "alles"), ("de", "gegen"), ("de", "hinter"), ("de", "nichts"),
    *_kept_words()}))
def test_a_stop_word_that_carries_a_rule_is_searched(language, word):
    from referee.search.analysis import language_analyzer, prepare

    assert [t.text for t in language_analyzer(language)(prepare(word, language))], word


@pytest.mark.parametrize("language, query", [
    ("en", "my buddy is helping me"), ("de", "mein Kumpel hilft mir"), ("es", "mi amiguito me ayuda"),
    ("hu", "a társam segít nekem"), ("gu", "મારો જોડીદાર મને મદદ કરે છે"),
])
def test_an_everyday_word_that_is_a_cards_name_does_not_bring_the_card(language, query, cache):
    found = top(search(query, "--lang", language, env=cache))
    assert not any("mate" in clause for clause in found), found
    assert any("help" in clause for clause in found), found


def test_a_long_question_keeps_its_subject_after_the_function_words_go(cache):
    query = ("so what is it that we are supposed to do when it is the case that my strength is "
             "exactly the same as the monster's, a tie")
    assert "combat.ties" in top(search(query, "--lang", "en", env=cache))


@pytest.mark.parametrize("forms", [("szörny", "szörnnyel"), ("rész", "résszel"), ("harc", "harccal"),
                                   ("dühöngés", "dühöngése", "dühöngését"), ("eladás", "eladása", "eladását"),
                                   ("szint", "szintjét", "szintje"), ("lap", "lapja", "lapját")])
def test_hungarian_endings_that_assimilate_or_possess_leave_the_noun(forms):
    assert len({hungarian_stem(form) for form in forms}) == 1, {form: hungarian_stem(form) for form in forms}


# A person ending the language's stemmer keeps ("bezaubert", "betovert") is read off as well:
# the player's verb meets the rule's infinitive.
@pytest.mark.parametrize("language, typed, rule_word", [
    ("de", "bezaubert", "bezaubern"), ("de", "verkaufst", "verkaufen"), ("nl", "betovert", "betoveren"),
    ("nl", "verkoopt", "verkopen"),
])
def test_a_verbs_person_ending_meets_the_rules_infinitive(language, typed, rule_word):
    from referee.search.analysis import language_analyzer, prepare
    from referee.search.query import plan

    wanted = {t.text for t in language_analyzer(language)(prepare(rule_word, language))}
    read = {r.text for word in plan(typed + " monster", language=language) for r in word if r.field == language}
    assert wanted <= read, (wanted, read)


# a long question, longer than a line of a chat, still ends with what it asks about
@pytest.mark.parametrize("language, query, expected", [
    ("en", "ok so we were playing last night and there was a long argument at the table between all of us "
           "about what exactly is supposed to happen and who was right about it when my strength is exactly "
           "the same as the monster's strength in a fight, a tie", "combat.ties"),
    ("de", "also wir haben gestern Abend gespielt und es gab am Tisch einen langen Streit zwischen uns allen "
           "darüber was genau passieren soll und wer von uns recht hatte wenn meine Kampfstärke genau so groß "
           "ist wie die des Monsters, also Gleichstand", "combat.ties"),
    ("es", "bueno pues ayer por la noche estuvimos jugando y hubo una discusión muy larga en la mesa entre "
           "todos sobre qué tiene que pasar exactamente y quién tenía razón cuando mi fuerza de combate es "
           "exactamente igual que la del monstruo, un empate", "combat.ties"),
    ("hu", "tegnap este játszottunk és hosszú vita volt az asztalnál mindannyiunk között arról hogy pontosan "
           "mi történik és kinek volt igaza amikor a harci erőm pontosan ugyanannyi mint a szörnyé, vagyis "
           "döntetlen", "combat.ties"),
    ("nl", "nou we waren gisteravond aan het spelen en er was een lange discussie aan tafel tussen ons allemaal "
           "over wat er precies moet gebeuren en wie er gelijk had als mijn gevechtskracht precies even groot "
           "is als die van het monster, gelijkspel", "combat.ties"),
])
def test_a_question_longer_than_two_hundred_characters_keeps_its_subject(language, query, expected, cache):
    assert len(query) > 200
    assert expected in top(search(query, "--lang", language, env=cache))


# The whole inflection of the game's nouns meets at one stem: accusative, plural, cases,
# possessives, and the stems that change (kéz/kezem, átok/átkot, kocka/kockát).
HUNGARIAN_INFLECTIONS = {
    "szörny": ["szörnyet", "szörnyek", "szörnyeket", "szörnyre", "szörnynek", "szörnnyel", "szörnyből", "szörnye"],
    "kincs": ["kincset", "kincsek", "kincseket", "kincsért", "kinccsel", "kincsem", "kincseim"],
    "tárgy": ["tárgyat", "tárgyak", "tárgyakat", "tárggyal", "tárgyam", "tárgyaim", "tárgyért"],
    "lap": ["lapot", "lapok", "lapokat", "lappal", "lapom", "lapjaim", "lapjaimat", "lapért"],
    "átok": ["átkot", "átkok", "átkokat", "átokkal", "átkom", "átka", "átkát"],
    "faj": ["fajt", "fajok", "fajom", "fajomat", "fajjal", "fajnak", "faja"],
    "kaszt": ["kasztot", "kasztok", "kasztom", "kaszttal", "kasztomat", "kasztja"],
    "kocka": ["kockát", "kockák", "kockával", "kockán", "kockámat"],
    "csatlós": ["csatlóst", "csatlósok", "csatlósom", "csatlóssal", "csatlósomat"],
    "segítő": ["segítőt", "segítők", "segítőm", "segítővel", "segítőnek", "segítője"],
    "kéz": ["kezem", "kezemben", "kezet", "kezek", "kézben", "kezembe", "kézből"],
    "törpe": ["törpét", "törpék", "törpével", "törpének"],
    "halál": ["halált", "halálom", "halálod", "halálkor", "halála"],
    "menekülés": ["menekülést", "menekülésem", "meneküléskor", "menekülése"],
    "segít": ["segítek", "segített", "segíteni", "segíthet"],
}


@pytest.mark.parametrize("noun", sorted(HUNGARIAN_INFLECTIONS))
def test_a_hungarian_nouns_whole_inflection_meets_at_its_stem(noun):
    stems = {form: hungarian_stem(form) for form in HUNGARIAN_INFLECTIONS[noun]}
    assert set(stems.values()) == {hungarian_stem(noun)}, stems


# Hungarian typed without its accents is stemmed as typed with them (the index folds accents
# after stemming, so the two meet there); a plain "-ert" is read as an accusative too
# ("kincsert": kincsért, or a "kincser" accusative), so the accented form's stems are among its own
@pytest.mark.parametrize("accented, plain", [
    ("szörnyből", "szornybol"), ("kockát", "kockat"), ("átkot", "atkot"), ("kézben", "kezben"),
    ("szörnyeinek", "szornyeinek"), ("dühöngése", "duhongese"), ("eladását", "eladasat"),
    ("menekülésem", "menekulesem"), ("kincsért", "kincsert"), ("halálkor", "halalkor"),
])
def test_hungarian_without_accents_meets_its_stem(accented, plain):
    from referee.search.analysis import language_analyzer, prepare

    def terms(word):
        return [t.text for t in language_analyzer("hu")(prepare(word, "hu"))]

    assert set(terms(accented)) <= set(terms(plain)), (terms(accented), terms(plain))
    assert len(terms(plain)) <= len(terms(accented)) + 1


@pytest.mark.parametrize("word", ["પહેલાં", "પછી", "બધા", "નહીં", "ન"])
def test_a_gujarati_word_a_rule_turns_on_is_no_function_word(word):
    from referee.search.analysis import prepare

    assert prepare(word, "gu").strip(), word


# an English negation written onto its verb is read as the "not" a rule forbids
@pytest.mark.parametrize("typed, read", [("rolled a one on the die", "rolled a 1 on the die"),
                                         ("i rolled a six to run", "i rolled a 6 to run"),
                                         ("roll a one-shot", "roll a one-shot")])
def test_a_rolls_result_said_as_a_word_is_its_number(typed, read):
    from referee.search.analysis import english_pronouns

    assert english_pronouns(typed, "en") == read


@pytest.mark.parametrize("typed, read", [("I can't run", "I can not run"), ("i cant beat it", "i can not beat it"),
                                         ("don't want", "do not want"), ("won't help", "will not help"),
                                         ("canteen hunt", "canteen hunt")])
def test_an_english_negation_on_its_verb_is_read_apart(typed, read):
    from referee.search.analysis import prepare

    assert prepare(typed, "en") == read


@pytest.mark.parametrize("typed, language", [("ki dont ha vitatkozunk", "hu"), ("kinek a szava dont", "hu")])
def test_a_negation_without_its_apostrophe_is_english_only(typed, language):
    # "dont" is the Hungarian "dönt" (decides) typed without its accent, not "do not"
    from referee.search.analysis import english_negations, prepare
    from referee.search.query import plan

    assert english_negations(typed, language) == typed and "not" not in prepare(typed, language).split()
    assert not any(reading.text == "not" for word in plan(typed, {}, language) for reading in word)
    assert "not" in english_negations(typed, "en").split()


def test_hungarian_function_and_question_words_typed_without_accents_are_read_as_such(cache):
    # "es" is "és" (and), "kene" is "kéne" (should): no word to search, no typo of "kéz" (hand)
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.query import _function_word, corrections

    assert _function_word("es", "hu") and _function_word("és", "hu")
    assert not _function_word("si", "es")  # Spanish "si" (if) is not "sí" (yes)
    with Searcher(load_corpus()) as searcher:
        reader = searcher._searcher.reader()
        assert "kene" not in corrections(searcher.speller, reader, "szintet kene vesztenem", "hu")


@pytest.mark.parametrize("typed, read", [("um abzuhauen", "um abhauen"), ("ohne auszuspielen", "ohne ausspielen"),
                                         ("der Anzug", "der Anzug"), ("Auszubildende", "Auszubildende")])
def test_a_german_zu_infinitive_is_its_verb(typed, read):
    from referee.search.analysis import prepare

    assert prepare(typed, "de") == read


def test_a_question_word_is_no_compound(cache):
    # "hányast" (which number) is no "hány" and "ast", which the "3-ast" of a clause's phrase has
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.query import plan

    with Searcher(load_corpus()) as searcher:
        cards = _CardWords(searcher._searcher.reader())
        words = plan("hányast kell dobnom", {}, "hu", cards, cards.known, cards.frequency)
    assert not any(reading.text == "ast" for word in words for reading in word)


def test_a_compound_typed_apart_is_read_as_the_one_word(cache):
    # "afleg stapel" is the discard pile (aflegstapel), not any "stapel"; a particle typed apart
    # is its verb's ("mee vecht"), and a hyphened pair was written as one word already
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.query import plan

    def joined(text: str, language: str, term: str) -> bool:
        words = plan(text, {}, language, cards, cards.known, cards.frequency)
        return [Reading(language, term, 1.0)] in words

    from referee.search.ranking import Reading

    with Searcher(load_corpus()) as searcher:
        cards = _CardWords(searcher._searcher.reader())
        assert joined("mag je in de afleg stapel kijken", "nl", "aflegstapel")
        assert not joined("mag je in de aflegstapel kijken", "nl", "aflegstapel")


def test_two_words_of_the_question_typed_apart_are_no_compound(cache):
    # "ha csak egy fajom van" (if I have only one race) is no "hacsak" (unless), a word the
    # clauses write: two question words stay two words
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.query import plan

    with Searcher(load_corpus()) as searcher:
        cards = _CardWords(searcher._searcher.reader())
        assert cards.known("hu", "hacs")  # the clauses' "hacsak", as the index holds it
        words = plan("félvér lap ha csak egy fajom van", {}, "hu", cards, cards.known, cards.frequency)
    assert not any(reading.text == "hacs" for word in words for reading in word)


def test_keeping_on_doing_something_is_no_keeping():
    from referee.search.analysis import prepare

    assert prepare("he keeps nicking my gear", "en") == "he nicking my gear"
    assert prepare("can I keep my level", "en") == "can I keep my level"


def test_a_doubled_letter_typed_at_another_consonant_is_one_edit():
    from referee.search.spelling import Speller

    speller = Speller({"beginnen": 5, "gefolgsmann": 3})
    assert "beginnen" in speller.one_edit("begginen") and "gefolgsmann" in speller.one_edit("gefollgsman")


@pytest.mark.parametrize("language, query", [
    ("en", "who starts the game"), ("nl", "wie mag er beginnen met het spel"), ("hu", "ki kezdi a játékot"),
    ("es", "quién arranca la partida"), ("de", "wer fängt an"), ("gu", "રમત કોણ શરૂ કરે"),
])
def test_who_starts_asks_for_the_first_players_rule(language, query):
    from referee.search.query import asked_topics

    assert asked_topics(query, language) == {"setup.who-starts"}
    # the same verb without "who" asks no clause: "when does the game start" is no question of who
    assert asked_topics(query.split(" ", 1)[1] if language != "gu" else "રમત શરૂ કરે", language) == set()


def test_a_former_gujarati_card_name_finds_the_cards_rulings(cache):
    # "ફેક" (fake, the name once spelt from the English) folds as "ફેંક" (throw the die) does;
    # typed as the whole question, the name is about the card, not about rolling
    for name in ("ફેક બિયર્ડ", "ફેક ઇયર્સ"):
        assert top(search(name, "--lang", "gu", env=cache), 1) == ["card-rulings.fake-ears-beard-race"], name


def _terms_read(query: str, language: str) -> set[str]:
    from referee.search.query import plan

    return {r.text for word in plan(query, language=language) for r in word if r.field == language}


@pytest.mark.parametrize("apart, together", [("એક સાથે", "એકસાથે")])
def test_a_gujarati_compound_typed_apart_is_read_as_one_word(apart, together):
    # apart, the second half is a function word and the first ("one") says nothing
    assert _terms_read(apart, "gu") >= _terms_read(together, "gu")


@pytest.mark.parametrize("latin, gujarati", [("ladai", "લડાઈ"), ("bhagvu", "ભાગવું"), ("shrap", "શ્રાપ"),
                                            ("rakshas", "રાક્ષસ"), ("vadhe", "વધે")])
def test_gujarati_typed_in_latin_letters_is_read_as_the_gujarati_word(latin, gujarati):
    assert gujarati_form(gujarati) in _terms_read(f"vampire sathe {latin}", "gu")
    assert "sathe" not in _terms_read(f"vampire sathe {latin}", "gu")  # "with", a function word


def test_stuff_of_ones_own_is_an_item_not_bad_stuff():
    from referee.search.analysis import language_analyzer

    item = {t.text for t in language_analyzer("en")("items")}
    penalty = {t.text for t in language_analyzer("en")("penalty")}
    read = _terms_read("my stuff", "en")
    assert item <= read and not penalty & read


@pytest.mark.parametrize("typed, read", [("what is Bad Stuff", "badstuff"), ("the bad-stuff of a monster", "badstuff"),
                                         ("if I die", "death"), ("when you die", "death"), ("after dying", "death"),
                                         ("the player died", "death")])
def test_a_game_term_of_two_words_and_dying_are_read_as_one_word(typed, read):
    from referee.search.analysis import prepare

    assert read in prepare(typed, "en").split()


@pytest.mark.parametrize("typed", ["who gets my stuff", "roll the die", "the Loaded Die", "die roll"])
def test_ones_stuff_and_the_die_one_rolls_stay_as_typed(typed):
    from referee.search.analysis import prepare

    assert prepare(typed, "en") == typed


@pytest.mark.parametrize("language", ["en", "nl", "de", "es", "hu"])
def test_a_digit_is_a_word_of_the_question(language):
    from referee.search.analysis import language_analyzer, prepare

    assert "6" in [t.text for t in language_analyzer(language)(prepare("6", language))]


@pytest.mark.parametrize("query, function_word", [("dice fervava mate shu karvu", "mate"),
                                                   ("bhagi na shaku to shu thay", "to")])
def test_gujarati_function_words_typed_in_latin_letters_are_read_in_no_language(query, function_word):
    from referee.search.query import plan

    assert function_word not in {r.text for word in plan(query, language="gu") for r in word}


def test_the_card_mate_is_read_in_an_english_question():
    from referee.search.query import plan

    assert "mate" in {r.text for word in plan("can Mate copy two monsters", language="en") for r in word
                      if r.field == "cardnames"}


@pytest.mark.parametrize("language, word", [("es", "las"), ("hu", "meg"), ("nl", "men")])
def test_a_function_word_that_only_shares_a_stem_with_a_concept_word_stays_a_function_word(language, word):
    from referee.search.query import _function_word

    assert _function_word(word, language)


@pytest.mark.parametrize("language, query, expected", [
    ("gu", "bhagva mate dice ma ketla joie", "running-away.roll"),
    ("gu", "mari jau to maru saman kone male", "death.loot-the-body"),
    ("en", "who takes my cards if i die", "death.loot-the-body"),
    ("en", "munchkin die shows a 6", "munchkin-die.result-6"),
])
def test_a_question_of_the_families_the_blind_sets_missed_finds_its_rule(language, query, expected, cache):
    found = top(search(query, "--lang", language, env=cache))
    assert expected in found, found
    assert not any("mate" in clause for clause in found), found


@pytest.mark.parametrize("language, query, expected", [
    ("es", "poderes del vardo en epico", "epic.bard-super-bard-luck"),      # a sound spelled by ear
    ("de", "Chromosomenfalle als Erinnerung", "star-munchkin.trap-reminder"),  # a compound of a name's word
    ("nl", "de knee pads en wegrennen", "card-rulings.kneepads-of-allure-both-run"),  # a name's word typed apart
    ("nl", "de spullen van de dooie", "death.loot-the-body"),                # the dead one is the corpse
    ("gu", "be class ek sathe rakhay?", "classes.one-class"),               # romanized Gujarati, a pair joined
    ("hu", "meddig tart az átok", "curses.persistent"),                     # how long an effect lasts
])
def test_a_question_of_the_families_the_fourth_blind_set_missed_finds_its_rule(language, query, expected, cache):
    assert expected in top(search(query, "--lang", language, env=cache)), query


def test_a_card_named_in_full_is_read_as_named_unless_the_question_is_about_being_without_it():
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.query import named_cards

    with Searcher(load_corpus()) as searcher:
        cards = _CardWords(searcher._searcher.reader())
        named = named_cards("szuper munchkinnal lehet két kasztom", "hu", cards)
        assert named and cards.naming(named)
        assert named_cards("two classes without super munchkin", "en", cards) == []
        assert named_cards("hogyan lehet két kasztom", "hu", cards) == []


@pytest.mark.parametrize("latin, gujarati", [("hathiyar", "હથિયાર"), ("vapri", "વાપરી"), ("ghodo", "ઘોડો"),
                                            ("bhagavu", "ભાગવું"), ("ladaai", "લડાઈ"), ("sakay", "શકાય"),
                                            ("chhe", "છે"), ("umeri", "ઉમેરી")])
def test_gujarati_in_latin_letters_and_in_its_own_have_one_skeleton(latin, gujarati):
    from referee.i18n.romanized import gujarati_skeleton, latin_skeleton

    assert latin_skeleton(latin) == gujarati_skeleton(gujarati)


def test_a_latin_word_is_read_as_the_commonest_gujarati_word_that_sounds_so():
    from referee.i18n.romanized import sound_table, sounded

    table = sound_table(["વાપરી", "વાપરી", "વપરાશ", "ઘોડો"], gujarati_form)
    assert sounded("vapri", table) == gujarati_form("વાપરી")
    assert sounded("ghodo", table) == gujarati_form("ઘોડો")
    assert sounded("vpr", table) is None  # too short to say which word was meant
    assert sounded("ghodo", None) is None


@pytest.mark.parametrize("language, query", [
    ("en", "when may a wizard card be put into play"),
    ("nl", "wanneer speel je een wizard kaart"),
    ("hu", "mikor játszhatok ki varázsló kártyát"),
    ("es", "cuándo se juega una carta de mago"),
    ("de", "wann spielt man eine Zaubererkarte"),
    ("gu", "જાદુગર કાર્ડ ક્યારે રમાય"),
    ("gu", "jadugar card kyare ramay"),
    ("gu", "જાદુગર કાર્ડ કયારે રમાય"),   # ક્યારે typed without its virama
])
def test_a_question_asking_when_a_card_may_be_played_asks_about_timing(language, query):
    from referee.search.query import asked_topics

    assert asked_topics(query, language) == {"card-timing"}
    assert asked_topics(query.replace("kyare", "").replace("ક્યારે", "").replace("કયારે", "").replace("when", "how").replace(
        "wanneer", "hoe").replace("mikor", "hogyan").replace("cuándo", "cómo").replace("wann", "wie"), language) == set()


@pytest.mark.parametrize("language, query", [("en", "when does my turn end"), ("hu", "mikor ér véget a köröm"),
                                             ("de", "wann krieg ich meine Sachen zurück")])
def test_a_question_asking_when_without_playing_a_card_asks_no_topic(language, query):
    from referee.search.query import asked_topics

    assert asked_topics(query, language) == set()


@pytest.mark.parametrize("language, query, expected", [
    ("en", "when can I get rid of my race", "races.discard"),
    ("nl", "wanneer mag ik ruilen", "trading-selling.trade-timing"),
    ("hu", "mikor lehet cserélni", "trading-selling.trade-timing"),
    ("es", "cuándo puedo comerciar", "trading-selling.trade-timing"),
    ("de", "wann darf ich tauschen", "trading-selling.trade-timing"),
    ("gu", "vepar kyare thay", "trading-selling.trade-timing"),
    ("nl", "wanneer mag je een nieuwe race neerleggen", "card-timing.race-and-class"),  # laying a card down
    ("gu", "mara ghoda ne shastra vapri shakay?", "steeds.no-items"),      # romanized, read by its sounds
    ("de", "darf ich einen Fluch auf mich selbst spielen", "curses.on-yourself"),  # oneself is a word
    ("en", "can I curse myself", "curses.on-yourself"),
    ("nl", "wat als ik niet kan weglopen", "running-away.bad-stuff"),        # not managing is failing
    ("es", "qué pasa si no puedo huir", "running-away.bad-stuff"),
])
def test_a_question_of_the_families_of_round_six_finds_its_rule(language, query, expected, cache):
    assert expected in top(search(query, "--lang", language, env=cache)), query


def test_every_word_of_the_thesaurus_and_the_phrases_is_read_as_a_word():
    """YAML reads an unquoted no, yes, on, off as a truth value: the Spanish negation "no" was
    read as "False", and "no puedo" never reached the group of what a rule forbids."""
    import glob

    import yaml

    from referee.data import locales_dir

    def values(node):
        if isinstance(node, dict):
            for value in node.values():
                yield from values(value)
        elif isinstance(node, list):
            for value in node:
                yield from values(value)
        else:
            yield node

    files = [locales_dir() / "thesaurus.yaml", locales_dir() / "kept_words.yaml",
             *map(type(locales_dir()), glob.glob(str(locales_dir() / "search" / "*.yaml")))]
    for path in files:
        odd = [value for value in values(yaml.safe_load(path.read_text(encoding="utf-8")))
               if isinstance(value, bool) or value is None]
        assert not odd, (path.name, odd)


def test_the_spanish_negation_is_a_word_of_the_group_of_what_a_rule_forbids():
    from referee.search.query import _function_word

    assert not _function_word("no", "es")


@pytest.mark.parametrize("language, question, verb", [
    ("nl", "hoe reken ik mijn gevechtskracht uit", "uitrekenen"),   # the particle ends the clause
    ("nl", "mag ik de vloek weg gooien", "weggooien"),              # typed apart before its verb
    ("de", "wann lege ich den Fluch ab?", "ablege"),
    ("de", "spielst du die Karte aus, bevor du kämpfst", "ausspielen"),
])
def test_a_dutch_or_german_separable_verb_is_read_whole(language, question, verb):
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.query import _separated_particles, prepare

    with Searcher(load_corpus()) as searcher:
        found = _separated_particles(prepare(question, "gu"), language, _CardWords(searcher._searcher.reader()).known)
    from referee.search.analysis import language_analyzer

    def stems(word):
        return {token.text for token in language_analyzer(language)(word)}

    assert stems(verb) in [stems(joined) for pairs in found.values() for _, joined in pairs], found


@pytest.mark.parametrize("language, question", [("nl", "mag ik een vloek op mezelf spelen"),
                                                ("de", "darf ich mit einem Elfen kämpfen"),
                                                ("en", "can I play it out")])
def test_a_preposition_is_no_separable_particle(language, question):
    from referee.search.query import _separated_particles, prepare

    assert _separated_particles(prepare(question, "gu"), language, lambda field, term: False) == {}


def test_a_typo_is_never_corrected_to_a_function_word_of_the_asked_language():
    """"mare" (hits) in a Gujarati question is one letter from "mate" (for, a function word of
    Gujarati in Latin letters, and the card Mate): no such correction."""
    from referee.corpus import load_corpus
    from referee.search import Searcher
    from referee.search.query import _function_word, corrections

    with Searcher(load_corpus()) as searcher:
        fixes = corrections(searcher.speller, searcher._searcher.reader(), "chor pith ma chhura kevi rite mare", "gu")
    assert not any(_function_word(fixed, "gu") for fixed in fixes.values()), fixes


@pytest.mark.parametrize("question", ["what does the munchkin die do", "dobhatok a munchkin kockával",
                                      "was bringt der Munchkin-Würfel", "munchkin dice ma 3 aave to shu male",
                                      "મંચકીન પાસાના કોષ્ટકમાં 3"])
def test_the_munchkin_die_names_its_game(question):
    from referee.search.query import named_games

    assert named_games(question) == {"epic"}
    assert named_games("can a munchkin roll the die twice") == set()  # the words apart name nothing


@pytest.mark.parametrize("language, question, group_word", [
    ("en", "is it legal to put a race card down mid fight", "play"),     # the object between
    ("en", "how do I get rid of a curse", "discard"),
    ("es", "no me puedo sacar la maldición de encima", "descartar"),
    ("en", "can my hireling take the hit for me", "sacrifice"),
])
def test_a_phrase_of_a_concept_group_is_read_as_its_group(language, question, group_word):
    """A phrase ("put down", "sacar de encima") is known by its first and last words, which may
    stand apart in a clause, and reads as its group's words."""
    from referee.search.analysis import language_analyzer
    from referee.search.query import _phrases, prepare

    stems = {token.text for token in language_analyzer(language)(group_word)}
    found = _phrases(prepare(question, "gu"), language)
    assert any(stems <= set(terms) for terms in found.values()), found


def test_a_phrase_ends_with_its_clause():
    from referee.search.query import _phrases, prepare

    # "put" in one sentence and "down" in the next make no "put down" ("go down" is a phrase of
    # its own: losing a level)
    assert _phrases(prepare("I put the card on the table. Then I sit down", "gu"), "en") == {}


def test_a_phrase_is_found_by_all_its_words():
    # "geen kaarten meer" (no cards left) is not "geen tovenaar meer" (no longer a wizard)
    from referee.search.query import _phrases, prepare

    assert _phrases(prepare("ik wil geen tovenaar meer zijn", "gu"), "nl") == {}
    assert _phrases(prepare("er zijn geen kaarten meer", "gu"), "nl")


def test_every_phrase_found_at_its_first_word_reads_as_a_group():
    """A one-word phrase ("ગુજર", passed away) is its own first word: its group's terms
    ("gujri", "maryo" …) were once read as phrases starting there, and "ગુજરી ગયો૨ પહેલાં"
    ended the search with an internal error. Every phrase of every language, asked alone, reads
    as its group."""
    import yaml

    from referee.data import locales_dir
    from referee.search.query import _phrases, prepare

    groups = yaml.safe_load((locales_dir() / "thesaurus.yaml").read_text(encoding="utf-8"))["concepts"]
    asked = 0
    for group in groups.values():
        for language, words in group.items():
            for phrase in (str(word) for word in words if " " in str(word).strip()):
                found = _phrases(prepare(phrase, "gu"), language)
                assert all(found.values()), (language, phrase, found)
                asked += 1
    assert asked > 100


@pytest.mark.parametrize("language, word, group_word", [("de", "eintauschen", "tauschen"), ("nl", "inruilen", "ruilen")])
def test_a_separable_particle_joined_to_a_verb_of_a_group_reads_as_the_verb(language, word, group_word):
    from referee.corpus import load_corpus
    from referee.search import Searcher, _CardWords
    from referee.search.analysis import language_analyzer
    from referee.search.query import _compound_parts

    with Searcher(load_corpus()) as searcher:
        parts = _compound_parts(word, language, _CardWords(searcher._searcher.reader()).known)
    stems = {token.text for token in language_analyzer(language)(group_word)}
    assert stems <= {reading.text for part in parts for reading in part}, parts


def test_a_numbers_ending_after_a_hyphen_is_no_word():
    """Hungarian "1-es szinten": the number is the word; "es" (Spanish is) and "öt" (five, of
    "6-öt") are its endings."""
    from referee.search.query import plan

    texts = {reading.text for word in plan("1-es szinten vagyok", language="hu") for reading in word}
    assert "1" in texts and "es" not in texts


@pytest.mark.parametrize("text, negated", [("જાતિ કાર્ડ ના હોય તો", True), ("ભાગી ના શકું", True),
                                           ("દરવાજા ના પત્તા", False)])
def test_gujarati_na_before_a_verb_is_the_negation(text, negated):
    """"ના" typed apart is the negation before a verb ("ના હોય": there is none), the genitive
    ending elsewhere ("દરવાજા ના પત્તા": the door's cards), which no question is about."""
    from referee.search.analysis import prepare

    assert ("ન" in prepare(text, "gu").split()) is negated


@pytest.mark.parametrize("native, ascii_", [("મંચકીન પાસા પર ૫ આવે તો", "મંચકીન પાસા પર 5 આવે તો"),
                                            ("૧૦ લેવલ પર જીત", "10 લેવલ પર જીત")])
def test_a_number_in_gujarati_digits_is_searched_as_the_number(native, ascii_, cache):
    """Players and the Gujarati texts write numbers in either script: ૫ is 5 to the search."""
    assert prepare(native, "gu") == prepare(ascii_, "gu")
    assert top(search(*native.split(), "--lang", "gu", env=cache)) == top(search(*ascii_.split(), "--lang", "gu", env=cache))


@pytest.mark.parametrize("language, query, expected", [
    ("de", "braucht der stechomat eine abwurfkarte", "card-rulings.stab-o-matic-discard"),
    ("en", "does the stabomatic need a discard", "card-rulings.stab-o-matic-discard"),
])
def test_a_name_with_a_short_hyphenated_piece_is_found_typed_as_one_word(language, query, expected, cache):
    """'Stech-o-Mat', 'Stab-o-Matic': players type them as one word, and the 'o' alone says nothing."""
    assert expected in top(search(*query.split(), "--lang", language, env=cache))


@pytest.mark.parametrize("language, question, word, sense", [
    ("nl", "ben ik mijn level kwijt als ik doodga", "kwijt", "lose_at_death"),
    ("de", "verliere ich meine Stufe wenn ich sterbe", "verliere", "lose_at_death"),
    ("es", "pierdo mi raza si me muero", "pierdo", "lose_at_death"),
    ("en", "when can i switch my armor for the other one", "switch", "change_gear"),
    ("es", "puedo cambiar mi armadura por otra", "cambiar", "change_gear"),
    ("de", "zählt meine Stufe im Kampf", "zählt", "count_in_combat"),
    ("de", "mein Cousin ist tot, dürfen wir seinen Kram aufteilen", "aufteilen", "share_the_dead"),
    ("de", "ein Monster hat meinen Bruder getötet", "getötet", "killed_one_of_us"),
    ("nl", "hoeveel deuren trap je open", "trap", "kick_door"),
])
def test_a_word_beside_the_words_of_its_second_sense_takes_that_sense(language, question, word, sense):
    from referee.search.query import senses

    tokens = question.lower().split()
    assert senses(tokens, language).get(tokens.index(word.lower())) == sense, question


@pytest.mark.parametrize("language, question", [
    ("de", "was verliere ich wenn mein Charakter stirbt"),  # nothing named to lose: what is lost
    ("en", "if i lose the fight do i die"),                 # losing a fight
    ("nl", "hoeveel kaarten pak ik na mijn dood"),          # a new character's hand, no looting
    ("es", "puedo cambiar objetos en el turno de otro"),    # trading with another player
    ("de", "kann ich einen Drachen töten"),                 # a kill to come, no one of the table
])
def test_a_word_without_the_words_of_its_second_sense_keeps_its_first(language, question):
    from referee.search.query import senses

    assert senses(question.lower().split(), language) == {}, question


@pytest.mark.parametrize("forms", [("cucc", "cuccal", "cuccot", "cuccait", "cucait"), ("lap", "lappal")])
def test_a_hungarian_stem_ending_in_a_doubled_consonant_keeps_it_before_the_instrumental(forms):
    assert len({hungarian_stem(form) for form in forms}) == 1, forms


@pytest.mark.parametrize("language, query, expected", [
    ("es", "cuántos me pueden echar una mano en un combate", "helping.one-helper"),    # lending a hand
    ("nl", "ben ik mijn level kwijt als ik doodga", "death.keep-level-race-class"),
    ("hu", "elveszítem a szintemet ha meghalok", "death.keep-level-race-class"),
    ("hu", "hátasra rakhatok szörnyerősítőt", "steeds.monster-enhancers"),             # the kind word for word
    ("de", "Kumpel kriegt der auch die Verstärker vom Original-Monster", "monsters.mate-exception"),
    ("de", "mein Cousin ist abgekratzt, dürfen wir seinen Kram aufteilen", "death.loot-the-body"),
    ("en", "how many doors do i kick when im epik", "epic.two-doors"),                 # Epic by ear
    ("gu", "koine ladai ma madad mate lanch aapi shaku", "helping.bribes"),
])
def test_a_question_of_the_families_of_round_eleven_finds_its_rule(language, query, expected, cache):
    assert expected in top(search(query, "--lang", language, env=cache)), query


@pytest.mark.parametrize("typed, read", [("switch my armor for the other one", "switch my armor for the other"),
                                         ("can I have another one", "can I have another"),
                                         ("use that one-shot now", "use that one-shot now"),
                                         ("only one helper", "only one helper")])
def test_the_english_pronoun_one_is_no_number(typed, read):
    from referee.search.analysis import english_pronouns

    assert english_pronouns(typed, "en") == read


@pytest.mark.parametrize("language, query, expected", [
    ("en", "does this dungeon hit every player", "dungeons.affect-everyone"),          # a card that hits: affects
    ("gu", "મારું લેવલ ક્યારે ઘટે?", "levels.losing"),                                   # a level that goes down is lost
    ("en", "when does my level go down", "levels.losing"),
    ("hu", "a kártya mást mond, mint a szabálykönyv", "precedence.cards-beat-rules"),   # a card that says otherwise
    ("es", "la carta dice otra cosa que el reglamento, cuál vale", "precedence.cards-beat-rules"),
    ("de", "darf ich Karten im fremden Kampf spielen", "combat.interfering"),           # a card into another's fight
    ("nl", "mag ik kaarten in andermans gevecht spelen", "combat.interfering"),
    ("hu", "kidobhatom a tárgyaimat?", "items.no-discard-just-because"),                # throwing an item away
    ("es", "puedo descartar mi casco sin motivo", "items.no-discard-just-because"),     # for no reason
    ("hu", "két szörny jött, eltüntethetem az egyiket egy lappal és a másikkal harcolok?", "combat.remove-one-monster"),
    ("gu", "બે રાક્ષસ આવ્યા, એકને કાર્ડથી હટાવી બીજા સામે લડી શકું?", "combat.remove-one-monster"),
    ("es", "salieron dos monstruos, ¿puedo kitar uno con una carta y pelear con el otro?", "combat.remove-one-monster"),
    ("es", "munchkin épico hasta qué nivel se juega", "epic.play-to-20"),                 # how far a game goes
    ("gu", "એપિક મંચકિન કેટલા લેવલ સુધી જાય?", "epic.play-to-20"),
])
def test_a_question_of_the_families_of_round_thirteen_finds_its_rule(language, query, expected, cache):
    assert expected in top(search(query, "--lang", language, env=cache)), query


@pytest.mark.parametrize("language, question, sense", [
    ("es", "puedo tirar un objeto", "throw_away"),        # an item thrown away is discarded
    ("es", "puedo tirar el dado", None),                   # the die is rolled
    ("es", "tiro el dado para huir con mi arma", None),
    ("en", "does the dungeon hit all of us", "hits_players"),
    ("en", "the monster hits me", None),                   # a blow in a fight
])
def test_throwing_away_and_hitting_take_their_sense_only_beside_their_words(language, question, sense):
    from referee.search.query import senses

    assert set(senses(question.lower().split(), language).values()) == ({sense} if sense else set()), question


def test_a_long_word_with_both_doubled_letters_typed_single_is_found():
    from referee.search.spelling import Speller

    speller = Speller({"resurrección": 5, "acosar": 1, "accessar": 9})
    assert speller.one_edit("resureción", "es") == {"resurrección"}
    # where one slip finds a word, two are not tried
    assert speller.one_edit("acesar", "es") == {"acosar"}


def test_a_spanish_k_typed_for_qu_is_one_slip():
    from referee.search.spelling import Speller

    assert "quitar" in Speller({"quitar": 3}).one_edit("kitar", "es")


@pytest.mark.parametrize("language, query, expected", [
    # an item not usable by a race or class, and the player one of two races or classes
    ("en", "the helmet says not usable by dwarves and im a dwarf elf half-breed", "items.cannot-be-used-by"),
    ("en", "can a thief warrior use a club that cant be used by thieves", "items.cannot-be-used-by"),
    ("en", "sword not usable by halflings, i'm half halfling half human, does it work", "items.cannot-be-used-by"),
    ("nl", "zwaard is niet bruikbaar voor dwergen maar ik ben half dwerg half elf, mag ik het gebruiken", "items.cannot-be-used-by"),
    ("nl", "ik ben dief en krijger, de knots is niet bruikbaar voor dieven, telt de bonus", "items.cannot-be-used-by"),
    ("nl", "helm niet bruikbaar voor halflings en ik ben halfling en mens, werkt die nog", "items.cannot-be-used-by"),
    ("hu", "tolvaj és harcos vagyok, a buzogányt tolvajok nem használhatják, akkor nekem sem jár?", "items.cannot-be-used-by"),
    ("hu", "félszerzet és ember vagyok, a kardot félszerzetek nem használhatják, használhatom?", "items.cannot-be-used-by"),
    ("es", "el casco no lo pueden usar los enanos y soy mestizo enano elfo, me vale", "items.cannot-be-used-by"),
    ("es", "soy ladrón y guerrero y la maza no la pueden usar los ladrones, me da el bonus", "items.cannot-be-used-by"),
    ("es", "la espada no la puede usar un mediano y soy mediano y humano, la puedo usar", "items.cannot-be-used-by"),
    ("de", "der Helm ist nicht von Zwergen benutzbar, ich bin Mischling Zwerg und Elf, krieg ich den Bonus", "items.cannot-be-used-by"),
    ("de", "bin Dieb und Krieger, die Keule ist nicht von Dieben benutzbar, gilt sie trotzdem", "items.cannot-be-used-by"),
    ("de", "Schwert nicht von Halblingen benutzbar, ich bin Halbling und Mensch, darf ich es benutzen", "items.cannot-be-used-by"),
    ("gu", "હેલ્મેટ ડ્વાર્ફ વાપરી ન શકે અને હું હાફ બ્રીડ ડ્વાર્ફ એલ્ફ છું, બોનસ મળે?", "items.cannot-be-used-by"),
    ("gu", "તલવાર હાફલિંગ વાપરી ન શકે અને હું હાફલિંગ અને માનવ છું, વાપરી શકું?", "items.cannot-be-used-by"),
    ("gu", "હું ચોર અને યોદ્ધા છું, ગદા ચોર વાપરી ન શકે, તો મને બોનસ મળે?", "items.cannot-be-used-by"),  # a mace: a weapon
    ("en", "when can i change my boots", "card-timing.not-in-combat"),  # a piece of gear changed: an item
    ("nl", "wanneer mag ik mijn zwaard wisselen", "card-timing.not-in-combat"),
    ("de", "wann darf ich meinen Helm wechseln", "card-timing.not-in-combat"),
    ("en", "is my turn over once charity is done", "turn.turn-end"),  # a turn "over": ended
    ("de", "wann ist mein Zug vorbei", "turn.turn-end"),
    ("hu", "nincs szintjelzőnk, mivel számoljuk a szintet", "setup.level-counters"),  # what a level is kept with
    ("de", "keine Stufenmarker dabei, wie merken wir uns die Stufe", "setup.level-counters"),
    ("en", "fight won, what happens to the monster enhancers", "combat.clean-up-after-kill"),  # what happens to the fight's enhancers
    ("es", "ganamos la pelea, qué pasa con los potenciadores del monstruo", "combat.clean-up-after-kill"),
    ("de", "Kampf gewonnen, was passiert mit den Monsterverstärkern", "combat.clean-up-after-kill"),
    ("en", "which classes exist in munchkin", "classes.list"),  # which races or classes there are
    ("en", "which races exist", "races.list"),
    ("en", "what classes are available", "classes.list"),
    ("nl", "welke klassen bestaan er", "classes.list"),
    ("nl", "welke rassen bestaan er in munchkin", "races.list"),
    ("nl", "welke klassen zijn er allemaal", "classes.list"),
    ("hu", "milyen fajok vannak a játékban", "races.list"),
    ("hu", "milyen kasztok vannak", "classes.list"),
    ("hu", "milyen kasztok léteznek", "classes.list"),
    ("es", "qué razas hay en el juego", "races.list"),
    ("es", "qué clases existen", "classes.list"),
    ("es", "cuántas clases hay", "classes.list"),
    ("de", "welche Rassen gibt es", "races.list"),
    ("de", "was für Rassen gibts", "races.list"),
    ("gu", "kaya class hoy game ma", "classes.list"),
    ("gu", "કયા કયા ક્લાસ હોય છે", "classes.list"),
    ("gu", "game ma kai kai race che", "races.list"),
    ("gu", "sauthi ochha level valo hu chu, vadhara card konne aapu", "turn.charity-lowest-discards"),  # "valo": who has
    ("gu", "સૌથી ઓછા લેવલ વાળો હું છું, વધારાના કાર્ડ કોને આપું", "turn.charity-lowest-discards"),
    ("en", "rolled a one on the munchkin die table, what do i get", "munchkin-die.result-1"),  # a roll said as a word
    ("en", "i flopped my run roll, what now", "running-away.bad-stuff"),  # a roll gone wrong, in slang
    ("en", "botched the escape roll, does the monster get me", "running-away.bad-stuff"),
    ("en", "i flunked running away from the orc", "running-away.bad-stuff"),
    ("de", "Fluchtwurf verkackt, was passiert jetzt", "running-away.bad-stuff-immediate"),
    ("de", "hab das Weglaufen vergeigt, was jetzt", "running-away.bad-stuff"),
    ("de", "Flucht verbockt, kriege ich die schlimmen Dinge", "running-away.bad-stuff"),
    ("hu", "elszúrtam a menekülést, most mi lesz", "running-away.bad-stuff"),
    ("hu", "elbénáztam a menekülést, jön a rossz dolog?", "running-away.bad-stuff"),
    ("nl", "wegrennen verknald, wat gebeurt er nu", "running-away.bad-stuff"),
    ("nl", "vluchten verprutst, wat nu", "running-away.bad-stuff"),
    ("nl", "ik heb het weglopen verpest, krijg ik de nare dingen", "running-away.bad-stuff"),
    ("es", "la cagué al escapar del monstruo, qué pasa", "running-away.bad-stuff"),
    ("nl", "mijn maat wil de helft van de buit als hij helpt, mag dat", "helping.agree-treasure-split"),  # a part
    ("es", "mi colega quiere la mitad del botín por ayudarme, vale", "helping.agree-treasure-split"),
    ("de", "mein Kumpel will die Hälfte der Schätze fürs Helfen, geht das", "helping.agree-treasure-split"),
    ("en", "can i carry a spare sword", "items.slot-extra-carried"),  # a spare one: another
])
def test_a_question_of_the_families_of_round_seventeen_finds_its_rule(language, query, expected, cache):
    assert expected in top(search(query, "--lang", language, env=cache)), query


@pytest.mark.parametrize("language, question, word, sense", [
    ("en", "not usable by elves", "elves", "race_named"),           # a race named beside a word of using
    ("en", "elves are better at running", "elves", None),
    ("de", "nicht von dieben benutzbar", "dieben", "class_named"),
    ("en", "when can i switch my armor", "armor", "gear_changed"),   # gear named beside a word of changing it
    ("en", "can i switch my armor in combat", "armor", None),        # a fight's question keeps its words
    ("en", "can i switch my armor with a friend", "armor", None),    # a trade
])
def test_named_races_classes_and_gear_take_their_sense_only_beside_their_words(language, question, word, sense):
    from referee.search.query import senses

    words = question.lower().split()
    assert senses(words, language).get(words.index(word)) == sense, question


def test_a_word_said_twice_is_one_word_of_the_question():
    from referee.search.query import plan

    words = [{r.text for r in word if r.field == "en"} for word in plan("half elf half dwarf", language="en")]
    assert sum("half" in word for word in words) == 1, words


@pytest.mark.parametrize("forms", [("legyőz", "legyőztük", "legyőzni"), ("elad", "eladtuk", "eladni"),
                                   ("megöl", "megöltük", "megölni")])
def test_the_hungarian_definite_past_of_we_meets_the_verb(forms):
    assert len({hungarian_stem(form) for form in forms}) == 1, {form: hungarian_stem(form) for form in forms}


def test_a_gujarati_nasal_typed_without_its_virama_is_one_slip():
    from referee.search.spelling import Speller

    # ડન્જન (dungeon) is indexed as its cluster folds: ડજન; typed ડનજન it is one slip away
    assert "ડજન" in Speller({"ડજન": 3}).one_edit("ડનજન", "gu")
