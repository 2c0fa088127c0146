"""Regular expressions compiled from their kept programs (referee.keptre) are the expressions
``re.compile`` gives: same matches, same groups; a program that is damaged, or made by another
engine, is never run — the source is compiled instead."""

from __future__ import annotations

import re

import pytest

from referee import keptre

pytestmark = pytest.mark.skipif(keptre.ENGINE is None, reason="this Python's re keeps no programs")

#: what a question's words look like to the phrases: folded words, each with a space before it
TEXTS = [" troll level 8 , bob helps me , who wins ? ", " ik vecht met cid tegen de net troll ",
         " bobnak segít dee-nél 9-es harcos ", " સિડ મારી મદદ કરે છે ", " +3 potion and a +2 ",
         " mr. bones lvl8 vs me ", ""]


def _phrase_sources():
    from referee.ask.patterns import _phrases_of, words
    from referee.i18n.languages import LANGUAGES

    return sorted({phrase.source for lang in LANGUAGES for phrase in _phrases_of(words(lang))})


def _same(kept: re.Pattern, plain: re.Pattern) -> bool:
    if (kept.pattern, kept.flags, kept.groups, kept.groupindex) != (plain.pattern, plain.flags, plain.groups,
                                                                     plain.groupindex):
        return False
    return all([m.span() for m in kept.finditer(t)] == [m.span() for m in plain.finditer(t)]
               and [m.groupdict() for m in kept.finditer(t)] == [m.groupdict() for m in plain.finditer(t)]
               for t in TEXTS)


def test_every_phrase_of_every_language_compiled_from_its_program_matches_as_its_source_does():
    sources = _phrase_sources()
    assert len(sources) > 1000
    different = [s for s in sources if not _same(keptre.compiled(s, keptre.program(s)), re.compile(s))]
    assert different == []


def test_the_tokenizer_patterns_compiled_from_their_programs_split_a_text_as_before():
    from referee.ask import text

    assert [t.raw for t in text.tokens("Mr. Bones lvl8, Troll:8 (+3) ¿gano?", {})] == [
        "Mr.", "Bones", "lvl", "8", ",", "Troll", text.LEVEL_MARK, "8", "(", "+3", ")", "¿", "gano", "?"]


@pytest.mark.parametrize("damage", [
    lambda p: (p[0], p[1][:-4], *p[2:]),               # a program cut short
    lambda p: (p[0], bytes(len(p[1])), *p[2:]),        # codes that are no program
    lambda p: ("flags", *p[1:]),                       # not a program's shape at all
    lambda p: None,                                    # no program kept
], ids=["cut-short", "zeroed", "wrong-shape", "none"])
def test_a_damaged_program_is_not_run_the_source_is_compiled(damage):
    source = r" (?P<p0>[^\s,;.!?()]+)(?: [^\s,;.!?]+)*? helps(?= )"
    pattern = keptre.compiled(source, damage(keptre.program(source)))
    assert _same(pattern, re.compile(source))


def test_a_file_of_programs_gives_each_program_back_and_none_for_what_it_does_not_hold(tmp_path):
    sources = [r" (?P<n0>[+-]?\d+) level\S*(?= )", r" helps(?= )", r"\w+"]
    path = tmp_path / "kept.programs"
    keptre.write_programs(path, sources)
    kept = keptre.ProgramFile(path)
    assert [kept.get(i) for i in range(3)] == [keptre.program(s) for s in sources]
    assert kept.get(3) is None and kept.get(-1) is None
    assert keptre.ProgramFile(tmp_path / "missing.programs").get(0) is None


@pytest.mark.parametrize("where", ["head", "table", "program"])
def test_a_file_of_programs_damaged_anywhere_gives_no_damaged_program(tmp_path, where):
    sources = [r" (?P<n0>[+-]?\d+) level\S*(?= )", r" helps(?= )"]
    path = tmp_path / "kept.programs"
    keptre.write_programs(path, sources)
    data = bytearray(path.read_bytes())
    at = {"head": 3, "table": len(keptre._HEAD) + keptre._COUNT.size + 2, "program": len(data) - 3}[where]
    data[at] ^= 0x5A
    path.write_bytes(bytes(data))
    kept = keptre.ProgramFile(path)
    got = [kept.get(i) for i in range(2)]
    assert all(g is None or g == keptre.program(s) for g, s in zip(got, sources))
    assert got != [keptre.program(s) for s in sources]  # the damage was seen, not read as a program


def test_a_damaged_file_of_programs_costs_speed_not_answers(tmp_path, monkeypatch):
    """Every kept file of ``ask`` with its bytes flipped in the middle: the next question is read
    as on a fresh cache."""
    from referee.ask import ask
    from referee.corpus import load_corpus
    from tests.conftest import reset_process_state as forget_memories

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    forget_memories()
    corpus = load_corpus()
    question = "level 5 elf warrior with +3 vs a level 8 troll, who wins?"
    fresh = ask(question, corpus)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("ask-")]
    assert any(p.name.endswith(".programs") for p in kept)  # (the tokenizer's patterns are kept at import)
    for path in kept:
        data = bytearray(path.read_bytes())
        middle = len(data) // 2
        data[middle:middle + 8] = bytes(b ^ 0x5A for b in data[middle:middle + 8])
        path.write_bytes(bytes(data))
    forget_memories()
    assert ask(question, corpus) == fresh
    forget_memories()


def test_the_kept_phrases_of_a_language_damaged_list_by_list_are_built_again_from_the_files(tmp_path, monkeypatch):
    """Each list of phrases kept for ``ask`` (its text, expression and words, read when the
    list is first used) with its bytes flipped: the lists are built again from ask.yaml, and
    every question is read as on a fresh cache, in every language."""
    from referee.ask import ask, patterns
    from referee.ask.patterns import words
    from referee.corpus import load_corpus
    from tests.conftest import reset_process_state as forget_memories

    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    forget_memories()
    corpus = load_corpus()
    questions = ["level 5 elf warrior with +3 vs a level 8 troll, who wins?",
                 "ik ben level 4 en vecht tegen een trol van level 6",
                 "9-es szintű vagyok, eladhatom a cuccaimat 1000 aranyért?",
                 "soy nivel 3 y peleo contra un troll de nivel 6",
                 "હું લેવલ ૫ નો છું અને ટ્રોલ લેવલ ૮ સામે લડું છું",
                 "ich bin Stufe 6 und kämpfe gegen einen Troll Stufe 9"]
    fresh = [ask(q, corpus) for q in questions]
    assert all(answer["understood"] for answer in fresh)  # (situations: no search index built here)
    for path in tmp_path.glob("ask-*-programs-*.programs"):
        lang = path.stem.rsplit("-", 1)[1]
        kept = next(iter(words(lang).lists.values())).kept
        assert kept is not None and kept.lists > 50  # (each list is kept, and read when first used)
        file = keptre.ProgramFile(path)
        file.get(0)
        data = bytearray(path.read_bytes())
        for number in range(kept.lists):
            offset, length, _crc = keptre._ENTRY.unpack_from(file._table, number * keptre._ENTRY.size)
            data[file._start + offset + length // 2] ^= 0x5A
        file.close()
        path.write_bytes(bytes(data))
    # the words read again from the damaged files (the languages as built from ask.yaml stay in
    # memory, as a fresh process would build them again: building them twice cost this test 2 s)
    patterns._kept.cache_clear()
    assert [ask(q, corpus) for q in questions] == fresh
    forget_memories()


#: patterns a part of the program compiles, as a library's module would at import
SEEDED_SOURCES = [r"(?<![\w-])(\d+)[a-záéíóöőúüű]{1,5}\b", r"[\u0a85-\u0ab9\u0ae0\u0ae1]+", r"(?P<word>\w+)-(?=\w)"]


needs_re_cache = pytest.mark.skipif(not isinstance(getattr(re, "_cache", None), dict),
                                    reason="this Python's re keeps its cache otherwise: nothing is seeded")


def _forget(sources):
    for source in sources:
        for flags in (0, re.IGNORECASE):
            re._cache.pop((str, source, flags), None)


@needs_re_cache
def test_patterns_a_seeded_part_compiled_are_found_compiled_by_the_next_process(monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    _forget(SEEDED_SOURCES)
    first = keptre.Seeded("test-seeds")
    first.seed()
    plain = [re.compile(SEEDED_SOURCES[0], re.IGNORECASE)] + [re.compile(s) for s in SEEDED_SOURCES[1:]]
    first.keep()
    assert len(list(tmp_path.glob("test-seeds-*.seeds"))) == 1
    _forget(SEEDED_SOURCES)  # as a new process starts: nothing compiled
    keptre.Seeded("test-seeds").seed()
    seeded = [re._cache[(str, SEEDED_SOURCES[0], re.IGNORECASE.value)]] + [re._cache[(str, s, 0)]
                                                                           for s in SEEDED_SOURCES[1:]]
    assert all(_same(kept, fresh) for kept, fresh in zip(seeded, plain))
    assert re.compile(SEEDED_SOURCES[1]) is seeded[1]  # what the part's own re.compile now gets


@needs_re_cache
@pytest.mark.parametrize("damage", [b"", b"not a file of patterns", None, "no pattern"],
                         ids=["empty", "garbage", "truncated", "not-a-pattern"])
def test_a_damaged_file_of_seeds_seeds_nothing_and_is_written_again(damage, monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    _forget(SEEDED_SOURCES)
    first = keptre.Seeded("test-seeds")
    first.seed()
    re.compile(SEEDED_SOURCES[2])
    first.keep()
    [path] = tmp_path.glob("test-seeds-*.seeds")
    if damage == "no pattern":  # checked and whole, but what it holds compiles to nothing
        import marshal

        from referee.cache import write_checked

        write_checked(path, marshal.dumps([("(unclosed", 0, None), (SEEDED_SOURCES[2], "flags", None), 7]))
    else:
        path.write_bytes(path.read_bytes()[:-7] if damage is None else damage)
    _forget(SEEDED_SOURCES)
    again = keptre.Seeded("test-seeds")
    again.seed()
    assert (str, SEEDED_SOURCES[2], 0) not in re._cache
    assert re.compile(SEEDED_SOURCES[2]).match("ab-c").group("word") == "ab"  # compiled from its source
    again.keep()
    _forget(SEEDED_SOURCES)
    keptre.Seeded("test-seeds").seed()
    assert (str, SEEDED_SOURCES[2], 0) in re._cache
