"""``referee ask``: questions in players' own words, in every language, judged in-process.

The cases are the benchmark's (benchmarks/ask/<lang>.yaml): each utterance with the one-line
question it means, the clauses that answer it, or "declined". Every question kind in every
language must be read right; no utterance may get a verdict on a misreading; and the command
shown as understood, run on its own on the same table, gives the same verdict.
"""

from __future__ import annotations

import functools
import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import ask_cases as A  # noqa: E402

LANGS = A.LANGS
KINDS = {"fight": "combat", "flee": "run-away", "can": "action", "sell": "sell", "gear": "equipment",
         "charity": "charity", "death": "death", "level": "level", "die": "munchkin-die"}


@pytest.fixture(scope="module")
def table_path(tmp_path_factory):
    return A.make_table(tmp_path_factory.mktemp("ask") / "table.sqlite3")


@pytest.fixture(scope="module")
def state(table_path):
    from referee import table

    return table.show(table_path).state


#: cases checked by one test: a test per case cost the suite more in pytest's own bookkeeping
#: (6,000 reports sent between its processes) than in asking; each failing case is still named
CHUNK = 50


def _chunks():
    out = []
    for lang in LANGS:
        cases = A.cases(lang)
        for start in range(0, len(cases), CHUNK):
            out.append(pytest.param(lang, start, cases[start:start + CHUNK], id=f"{lang}-{start:04d}"))
    return out


def _first_of_each_kind():
    """One utterance per question kind per language (and one rules question, one declined)."""
    out = []
    for lang in LANGS:
        seen = set()
        for case in A.cases(lang):
            expect = case["expect"]
            kind = expect if expect == "declined" else "clauses" if "clauses" in expect else \
                KINDS[expect["command"].split()[0]]
            if kind not in seen:
                seen.add(kind)
                out.append(pytest.param(lang, case, id=f"{lang}-{kind}: {case['text']}"))
    return out


def _asked(case, lang, corpus, state):
    from referee.ask import ask

    return ask(case["text"], corpus, state if case.get("table") else None, case.get("as"), lang)


@pytest.mark.parametrize("lang,case", _first_of_each_kind())
def test_every_question_kind_in_every_language_is_read_as_meant(lang, case, corpus, state, table_path):
    body = _asked(case, lang, corpus, state)
    expect = case["expect"]
    if expect == "declined":
        assert body["judgement"] is None and body["understood"] is None
    elif "clauses" in expect:
        assert body["judgement"] is None
        assert {r["id"] for r in body["results"][:5]} & set(expect["clauses"]), body["results"]
    else:
        assert body["judgement"] is not None, (body["missing"], body["readings"])
        code, want, err = A.run_command(expect["command"], lang, table_path if case.get("table") else None)
        assert code == 0, err
        assert A.key(body["judgement"]) == A.key(want), body["understood"]["command"]


@pytest.mark.parametrize("lang,start,cases", _chunks())
def test_no_verdict_is_given_on_a_misreading_and_the_command_shown_gives_the_same_one(
        lang, start, cases, corpus, state, table_path):
    failed = [f"{lang}-{start + number:04d} {case['text']!r}: {problem}"
              for number, case in enumerate(cases)
              for problem in [_misread(lang, case, corpus, state, table_path)] if problem]
    assert not failed, "\n".join(failed)


@functools.lru_cache(maxsize=None)
def _judged(line: str, lang: str, where: Path | None) -> tuple[int, dict | None, str]:
    """:func:`ask_cases.run_command`, once per command line, language and table: a fifth of the
    cases expect a command another case expects too, and the table is only read."""
    return A.run_command(line, lang, where)


def _misread(lang, case, corpus, state, table_path):
    """What is wrong with the answer to ``case``: a verdict where none can be given, one other
    than the expected, or an understood command that judges otherwise on its own; else None."""
    body = _asked(case, lang, corpus, state)
    expect = case["expect"]
    if body["judgement"] is None:
        return None if body["understood"] is None else "understood, but no verdict"
    if not (isinstance(expect, dict) and "command" in expect):
        return f"a verdict where none can be given: {body['understood']['command']}"
    where = table_path if case.get("table") else None
    code, want, err = _judged(expect["command"], lang, where)
    if code != 0 or A.key(body["judgement"]) != A.key(want):
        return f"judged as {body['understood']['command']}, expected {expect['command']} {err}".strip()
    # the understood command, on its own, on the same table (the very line run above: its answer)
    if body["understood"]["command"] != expect["command"]:
        code, want, err = _judged(body["understood"]["command"], lang, where)
    if code != 0 or A.key(want) != A.key(body["judgement"]):
        return f"the understood command {body['understood']['command']} judges otherwise on its own {err}".strip()
    if not body["understood"]["text"]:
        return "no understood text"
    return None


def test_the_answer_speaks_the_language_of_the_question(corpus):
    from referee.ask import ask

    body = ask("Trol level 8, ik ben een elf van level 5 met +3, wie wint?", corpus, lang="en")
    assert body["lang"] == "nl" and body["judgement"]["lang"] == "nl"
    assert body["understood"]["text"].startswith("Begrepen") or body["understood"]["text"]


def test_gujarati_typed_in_latin_letters_is_read_and_answered_as_gujarati(corpus, state):
    """"Cid ne Bigfoot thi bhagvu pade …" is Gujarati, asked in any language: read with the
    Gujarati phrases (a flight, not a fight), answered in Gujarati."""
    from referee.ask import ask

    body = ask("Cid ne Bigfoot thi bhagvu pade to dice ma ketla joie?", corpus, state, None, "en")
    assert body["lang"] == "gu" and body["judgement"]["lang"] == "gu"
    assert body["understood"]["command"].startswith("flee") and "--player Cid" in body["understood"]["command"]
    declined = ask("e chale ke nai?", corpus, None, None, "hu")
    assert declined["lang"] == "gu" and declined["judgement"] is None


def test_each_latin_word_is_read_as_the_gujarati_word_that_sounds_so_unless_it_is_a_name_a_card_or_kept():
    from referee.ask.patterns import vocabulary, words
    from referee.ask.texted import read_texted

    gu = words("gu")
    kept = (vocabulary("gu"), vocabulary("en"))
    read = read_texted("Dee no turn puro thayo ane ena hath ma 7 card che, Raj kone aape?", gu, kept, ["Dee"],
                       frozenset({"bigfoot"}))
    # a listed spelling (no, ane, ena, che, kone), a word by its sounds (puro, thayo, aape), a word and
    # its ending typed apart (hath ma: હાથમાં); the table's name, a capitalised name and the game words stay
    assert read == "Dee નો turn પૂરો થયો અને એના હાથમાં 7 card છે, Raj કોને આપે?"
    assert read_texted("Bigfoot thi bhagvu", gu, kept, [], frozenset({"bigfoot"})) == "Bigfoot થી ભાગવું"
    assert read_texted("Deeno turn", gu, kept, ["Dee"], frozenset()) == "Dee નો turn"  # a name's ending typed on


@pytest.mark.parametrize("lang, text", [
    ("en", "I have to run from the troll, do I die if I roll a 2?"),
    ("en", "my ma says I die if I have no gear on, is that par for the course?"),
    ("en", "hu, have a level 8 troll here, ne help?"),
    ("nl", "hu, die trol is level 8, mag ik vluchten of ga ik dood?"),
    ("nl", "ik heb ne zwaard +3 en die helm, mag ik ma alles dragen?"),
    ("hu", "ma ne fuss el a trolltól, 5-ös szintű elf vagyok, mi lesz ha meghalok?"),
    ("hu", "hu, ne haragudj, de ma én harcolok a trollal, segítesz?"),
    ("es", "tengo un par de cartas de más, ¿a quién se las doy?"),
    ("es", "ma ne, tengo un par de objetos grandes, ¿puedo llevar los dos?"),
    ("de", "Guck ma, ich hab ne Kanone +3 und die Stufe vom Troll ist 8, gewinn ich?"),
    ("de", "hu, darf ich die Tür ma eintreten, hab ne Stufe 4 und par Karten"),
    ("de", "have ne Frage: die Stufe ist 5, darf ich ma verkaufen?"),
])
def test_a_sentence_with_words_gujarati_players_text_stays_in_its_language(lang, text):
    """"hu", "ma", "ne", "par", "die", "have" are words of Gujarati as typed in Latin letters,
    and of the other languages too: a sentence of another language is never read as Gujarati."""
    from referee.ask import language_of

    assert language_of(text, "en") == lang
    assert language_of(text, lang) == lang
    assert language_of(text, "gu") != "gu" or lang == "gu"


@pytest.mark.parametrize("lang, text", [("nl", "mag Ann nu verkopen?"), ("hu", "megteheti-e Ann most, hogy elad?"),
                                        ("de", "darf Ann jetzt verkaufen?"), ("es", "¿puede Ann vender ahora?")])
def test_what_was_understood_names_the_action_in_the_language_asked(lang, text, corpus, state):
    """"Begrepen: mag Ann … dit nu doen: verkopen", not the code "sell" of the command."""
    from referee.ask import ask
    from referee.i18n.catalogs import translations
    from referee.i18n.words import VALUES

    body = ask(text, corpus, state, None, lang)
    assert body["understood"] is not None and "can Ann sell" in body["understood"]["command"]
    shown = body["understood"]["text"]
    assert shown.endswith(translations(lang, "referee").pgettext(*VALUES["action"]["sell"])), shown
    assert not shown.endswith("sell"), shown


@pytest.mark.parametrize("lang, text", [
    ("en", "Pip (level 6 dwarf) has the Flaming Armor and the Boots of Butt-Kicking and fights a level 9 monster"),
    ("de", "Jonas (Stufe 6, Zwerg) trägt die Flammende Rüstung und die Stiefel des Hinterntretens und kämpft gegen ein Stufe-9-Monster"),
])
def test_what_was_understood_counts_the_printed_bonus_of_an_item_card_named(lang, text, corpus):
    """An item named by its card has its printed bonus in the verdict (+2 and +2 here): the line
    of what was understood shows it too, so a player sees the gear that won the fight."""
    from referee.ask import ask

    body = ask(text, corpus, None, None, lang)
    assert body["understood"] is not None and "(+4)" in body["understood"]["text"], body["understood"]
    assert body["judgement"]["verdict"] == "win" and body["judgement"]["details"]["players_strength"] == 10


@pytest.mark.parametrize("text, word", [("હું લેવલ 9 પર છું, લેવલ ઉપર જાઓ કાર્ડથી 1 લેવલ ઉપર જાઉં છું", "કાર્ડથી")])
def test_a_word_of_the_question_with_a_case_ending_before_a_level_is_no_one(text, word, corpus):
    """"… કાર્ડથી 1 લેવલ" (from the card, 1 level): no player named "કાર્ડથી" in any reading."""
    from referee.ask import ask

    body = ask(text, corpus, None, None, "gu")
    commands = [body["understood"]["command"]] if body["understood"] else []
    commands += [r["command"] for r in body.get("readings") or []]
    assert not any(word in command for command in commands), commands


def test_as_names_who_i_am_on_the_table(corpus, state):
    from referee.ask import ask

    body = ask("gazebo, do I win?", corpus, state, "Cid", "en")
    assert body["judgement"]["details"]["players_strength"] == 14  # Cid: level 8, +6 of gear
    assert "--fighter Cid" in body["understood"]["command"]


@pytest.mark.parametrize("lang, text", [("en", "what do I need to roll to get away from a level 8 troll?"),
                                        ("hu", "mennyit kell dobnom egy 8-as troll elől?"),
                                        ("gu", "લેવલ 8 ટ્રોલથી ભાગવા મારે કેટલું લાવવું પડે?")])
def test_as_names_who_runs_away_when_it_is_another_players_turn(lang, text, corpus, state):
    """Asked as Bob while it is Ann's turn: Bob runs, the command says so, and run on its own it
    judges Bob's flight."""
    from referee.ask import ask

    body = ask(text, corpus, state, "Bob", lang)
    assert body["understood"]["command"].endswith("--player Bob"), body["understood"]
    assert [r["player"] for r in body["judgement"]["details"]["rolls"]] == ["Bob"]


@pytest.mark.parametrize("lang, text", [
    ("en", "does the plutonium dragon even bother chasing bob? hes only lvl 3"),
    ("es", "¿el Dragón de Plutonio persigue a bob? solo es nivel 3"),
    ("de", "kann bob vor dem plutoniumdrachen weglaufen? er ist stufe 3"),
    ("nl", "mag bob weglopen van de plutoniumdraak? hij is level 3")])
def test_a_he_whom_the_text_names_no_one_for_never_describes_the_asker(lang, text, corpus):
    """With no other person read, "he is level 3" is about someone the text leaves unnamed: no
    verdict, and no reading gives the level to the player asking."""
    from referee.ask import ask

    body = ask(text, corpus, None, None, lang)
    assert body["judgement"] is None
    commands = [r["command"] for r in body.get("readings") or []]
    assert not any("me:3" in command for command in commands), commands


@pytest.mark.parametrize("lang, text", [
    ("es", "Soy guerrero nivel 7. Me salió un bicho de nivel 8, y Ana, que es elfa de nivel 5 sin nada, me ayudó. ¿Ganamos?"),
    ("es", "Tengo nivel 4 contra un monstruo de nivel 9. Le echo una mano a Cid, que es nivel 6. ¿Ganamos?"),
    ("hu", "Bob 6-os szintű, egy 9-es szörnnyel harcol. segítek, aki 3-as szintű. nyerünk?")])
def test_a_phrase_of_helping_that_names_no_one_before_a_part_describing_a_helper_is_read(lang, text, corpus):
    """A phrase of helping with no person in it ("ayudo", "le echo una mano", "segítek": I help)
    said before a part that describes a helper ("…, que es nivel 6") is read, declined or
    searched, never an internal error (it once was); and a helping told in the past of another
    ("Ana … me ayudó", folded to "ayudo") never makes the asker the helper."""
    from referee.ask import ask

    body = ask(text, corpus, None, None, lang)
    assert (body["judgement"] is None) == (body["understood"] is None)
    if "ayudó" in text and body["understood"] is not None:
        assert "--helper me" not in body["understood"]["command"]


@pytest.mark.parametrize("text", ["", "   ", "x" * 1001])
def test_an_empty_or_endless_question_is_bad_input(corpus, text):
    from referee.ask import ask
    from referee.errors import BadInput

    with pytest.raises(BadInput):
        ask(text, corpus)


@pytest.mark.parametrize("text", ["Troll level 8, I'm level 9 \udcff\udcfe, do I win?", "sell my \udce9p\udce9e 400", "\ud800"])
def test_a_character_that_is_no_text_is_read_as_unreadable_and_the_answer_is_written(corpus, text):
    """A surrogate alone, what an argument's bytes that are not UTF-8 become ("\\xff" typed in a
    Latin-1 terminal): the answer echoes the text, and its JSON must be writable as UTF-8 (it
    was not: exit 70); the text beside it is read as ever."""
    import json

    from referee.ask import ask

    body = ask(text, corpus)
    json.dumps(body, ensure_ascii=False).encode("utf-8")
    assert "\ufffd" in body["query"]


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=120).filter(str.strip))
def test_any_text_gets_an_answer_and_never_a_verdict_without_its_command(text):
    from referee.ask import ask
    from referee.corpus import load_corpus

    body = ask(text, load_corpus())
    assert set(body) >= {"query", "lang", "understood", "judgement", "results"}
    assert (body["judgement"] is None) == (body["understood"] is None)
    if body["understood"] is not None:
        assert body["understood"]["command"].split()[0] in KINDS


#: every language's utterances, each with its language: the sentences a mutation starts from
UTTERANCES = [(case["text"], lang) for lang in LANGS for case in A.cases(lang)]
#: words a player's slip or a stranger's probe puts into a question: native digits glued to a
#: word, signs, quotes, huge numbers, marks with no letter, another script
ODD_WORDS = ["૯૯૯૯૯૯૯૯૯૯૯૯", "ગયો૨", "99999999999999999999", "-5", "+-3", "½", "⁴", "\u200b", "\u0301", "🙂",
             "'", '"', "\\", ":", "=", "{", "[", "|", "%s", "{0}", "Troll:8", "level", "+", "ા", "્", "NaN", "1e309"]


@settings(max_examples=80, deadline=None)
@given(utterance=st.sampled_from(UTTERANCES),
       changes=st.lists(st.tuples(st.sampled_from(["put", "add", "drop"]), st.integers(0, 40), st.sampled_from(ODD_WORDS)),
                        min_size=1, max_size=4),
       on_table=st.booleans())
def test_a_players_question_with_a_word_changed_still_gets_an_answer(utterance, changes, on_table, state):
    """A slip in any language's real question (a word replaced, dropped or added, a Gujarati
    digit glued to a word) never ends the answer with an internal error: it is read, declined or
    searched. (A one-word phrase of the thesaurus once broke the search this way.)"""
    from referee.ask import ask
    from referee.corpus import load_corpus
    from referee.errors import BadInput

    text, lang = utterance
    words = text.split()
    for change, at, odd in changes:
        at = at % (len(words) + 1)
        if change == "add" or not words[at:]:
            words.insert(at, odd)
        elif change == "put":
            words[at] = odd
        elif len(words) > 1:
            del words[at]
    try:
        body = ask(" ".join(words), load_corpus(), state if on_table else None, None, lang)
    except BadInput:
        return  # told the player what is wrong (an empty question, one too long)
    assert (body["judgement"] is None) == (body["understood"] is None)


@settings(max_examples=40, deadline=None)
@given(first=st.sampled_from(UTTERANCES), second=st.sampled_from(UTTERANCES), cut=st.tuples(
    st.integers(0, 30), st.integers(1, 8), st.integers(0, 30), st.integers(1, 8)), on_table=st.booleans())
@example(first=("segítek Cidnek a tut király ellen, ki nyer?", "hu"), second=(
    "Cid beszállhat segíteni neki?", "hu"), cut=(0, 2, 0, 4), on_table=True)
@example(first=("egy kilences ork elől menekülök,", "hu"), second=("hármas félszerzet", "hu"),
         cut=(0, 5, 0, 2), on_table=False)  # two levels beside one monster's race word
@example(first=("nyerünk? a létra, ez így szabályos?", "hu"), second=("eladhatok 1000", "hu"),
         cut=(0, 6, 0, 2), on_table=False)  # an item card sold with a price and no table
def test_pieces_of_two_questions_said_together_still_get_an_answer(first, second, cut, on_table, state):
    """Two players talking over each other: a piece of one question and a piece of another,
    asked in the first one's language ("segítek Cidnek … cid beszállhat segíteni neki?", a help
    said by a verb with no one named beside a help said of someone), are read, declined or
    searched, never an internal error."""
    from referee.ask import ask
    from referee.corpus import load_corpus

    (one, lang), (two, _) = first, second
    a, b = one.split(), two.split()
    i, n, j, m = cut
    text = " ".join(a[i % len(a):i % len(a) + n] + b[j % len(b):j % len(b) + m])
    body = ask(text, load_corpus(), state if on_table else None, None, lang)
    assert (body["judgement"] is None) == (body["understood"] is None)


def test_the_command_line_exits_0_with_an_answer_and_1_with_neither(table_path):
    assert A.run_command("ask troll level 8, Bob helps me, who wins", "en", table_path)[0] == 0
    code, body, _err = A.run_command("ask 'what happens on a tie?'", "en", None)
    assert code == 0 and body["results"] and body["judgement"] is None
    assert A.run_command("ask qqqqqqqq", "en", None)[0] == 1
    assert A.run_command("ask ''", "en", None)[0] == 2


@pytest.mark.parametrize("lang,case", [p for p in _first_of_each_kind()
                                        if isinstance(p.values[1]["expect"], dict) and "command" in p.values[1]["expect"]])
def test_a_verdict_comes_with_the_clauses_its_reasons_cite_as_search_results_in_the_language_asked(
        lang, case, corpus, state):
    from referee.ask import RESULTS
    from referee.i18n.catalogs import RuleText

    body = _asked(case, lang, corpus, state)
    cited = list(dict.fromkeys(r["clause"] for r in body["judgement"]["reasons"]))
    assert [hit["id"] for hit in body["results"]] == cited[:RESULTS]
    for hit in body["results"]:
        assert set(hit) >= {"id", "score", "title", "text", "text_en", "kind", "game", "langs"}
        assert hit["score"] == sum(r["clause"] == hit["id"] for r in body["judgement"]["reasons"])
        assert hit["title"] == RuleText(lang)(hit["id"], corpus.clauses[hit["id"]].title)


def test_a_rules_question_read_as_a_situation_still_shows_the_rule_asked_about(corpus):
    from referee.ask import ask

    # "at level 9, can selling take me to 10?": the verdict (stays at 9) and the rule it rests on
    body = ask("kann ich auf stufe 9 durch verkaufen auf 10 kommen", corpus, lang="de")
    assert body["judgement"] is not None
    assert "levels.selling-not-to-ten" in [hit["id"] for hit in body["results"]]
    assert body["results"][0]["langs"]["title"] == "de"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0x0A80, max_codepoint=0x0AFF) | st.sampled_from("abc ñé"),
               min_size=1, max_size=12))
def test_a_name_in_another_script_is_written_in_latin_letters_as_anyascii_writes_it(text):
    from anyascii import anyascii

    from referee.ask.names import _latin

    assert _latin(text) == anyascii(text)


@pytest.mark.parametrize("word,name", [("સિડ", "Cid"), ("બોબ", "Bob"), ("ડી", "Dee"), ("એન", "Ann"), ("સિડને", "Cid"),
                                       ("bobnak", "Bob"), ("deenél", "Dee"), ("annt", "Ann")])
def test_a_table_name_is_read_in_another_script_and_with_its_endings(word, name):
    from referee.ask.names import named
    from referee.ask.patterns import fold, words

    lang = "gu" if word[0] > "z" else "hu"
    assert named(fold(word), ["Ann", "Bob", "Cid", "Dee"], words(lang).endings) == name


@pytest.mark.parametrize("word", ["એને", "દે", "annoy", "bobcat", "dead"])
def test_a_word_that_only_starts_like_a_name_is_no_name(word):
    from referee.ask.names import named
    from referee.ask.patterns import fold, words

    lang = "gu" if word[0] > "z" else "en"
    w = words(lang)
    # "એને" (him) is a word of the question, which the reader never takes for a name
    assert named(fold(word), ["Ann", "Bob", "Cid", "Dee"], w.endings, sound_too=fold(word) not in w.known) is None


def _fight_cases():
    import yaml

    data = yaml.safe_load((A.HERE / "fight_in_progress.yaml").read_text(encoding="utf-8"))
    return data["fight"], [pytest.param(case, id=f"{case['lang']}: {case['text']}") for case in data["cases"]]


@pytest.fixture(scope="module")
def fight_table(tmp_path_factory, corpus):
    from referee import table

    path = A.make_table(tmp_path_factory.mktemp("ask-fight") / "table.sqlite3")
    table.combat(_fight_cases()[0], corpus, new=True, path=path)
    return path


@pytest.mark.parametrize("case", _fight_cases()[1])
def test_a_question_at_a_table_with_a_fight_on_is_about_that_fight(case, corpus, fight_table):
    """"Can I run?" while Ann fights the Medusa on the table: `referee ask` reads the fight in
    progress, and the command it shows, run on its own at that table, gives the same verdict."""
    expect = case["expect"]["command"]
    code, asked, err = A.run_command(f"ask {shlex.quote(case['text'])}", case["lang"], fight_table)
    assert code == 0 and asked["judgement"] is not None, (err, asked and asked.get("missing"))
    code, want, err = A.run_command(expect, case["lang"], fight_table)
    assert code == 0, err
    assert A.key(asked["judgement"]) == A.key(want), asked["understood"]["command"]
    code, again, err = A.run_command(asked["understood"]["command"], case["lang"], fight_table)
    assert code == 0 and A.key(again) == A.key(want), err


@pytest.mark.parametrize("phrase, text, found", [("huir", " huirle ", True), ("huir", " huir ", True),
                                                 ("para huir", " para huirselo ", True), ("huir", " huirte de ", True),
                                                 ("huir*", " huirle ", True), ("huir", " huirla2 ", False),
                                                 ("mano", " manole ", False)])
def test_a_verb_of_a_phrase_is_read_with_a_pronoun_written_on(phrase, text, found):
    from referee.ask.patterns import _compile

    compiled = _compile(phrase, (("ar", "er", "ir"), ("le", "te", "selo", "la")))
    assert (next(compiled.finditer(text), None) is not None) is found
    assert compiled.found_in(text) is found


@pytest.mark.parametrize("lang, text, slot", [("de", "nem Rammbock +4 (zweihändig)", "two-hands"),
                                              ("en", "a two-handed sword +3", "two-hands"),
                                              ("es", "un arco de +4 a dos manos", "two-hands"),
                                              ("es", "una espada de +2 a una mano", "one-hand")])
def test_the_words_for_how_many_hands_an_item_takes_are_one_word_and_no_number(lang, text, slot):
    from referee.ask.patterns import words
    from referee.ask.reading import HANDS, _hands_said
    from referee.ask.text import tokens

    here, english = words(lang), words("en")
    said = _hands_said(tokens(text, {**english.numbers, **here.numbers}), {**english.hands, **here.hands})
    assert [t.key for t in said if t.key.startswith(HANDS)] == [HANDS + slot]
    assert [t.number for t in said if t.number is not None and not t.plus] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_the_phrase_file_is_read_as_written(lang):
    """A bare ``on``, ``no`` or ``yes`` in a list of ask.yaml is read by YAML 1.1 as true or false,
    and the word is silently lost (English ``ignore`` had lost "on", "no" and "yes", Hungarian
    ``name_endings`` the ending "-on"): every word listed must be quoted where YAML would not
    read it as text."""
    import yaml

    from referee.data import locales_dir

    data = yaml.safe_load((locales_dir() / lang / "ask.yaml").read_text(encoding="utf-8"))
    lost = []

    def walk(value, where):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}.{key}" if where else str(key))
        elif isinstance(value, list):
            lost.extend(f"{where}: {item!r}" for item in value if isinstance(item, bool) or item is None)
            for item in value:
                walk(item, where)

    walk(data, "")
    assert not lost, f"locales/{lang}/ask.yaml: words YAML reads as true/false/null (quote them): {lost}"
