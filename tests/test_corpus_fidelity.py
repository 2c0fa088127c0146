"""Breaking a copy of the corpus in each way a clause can drift from its sources and card records.

Like tests/test_corpus_broken.py, each case appends one clause to ``rules/combat.yaml`` (or one
entry to ``rules/residue.yaml``) of a private copy and marks the line the problem must be
reported at with ``#<``. The clause every case starts from is clean: a copy with it appended
passes, so each case fails only by what it breaks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_corpus_broken import ES, ES_QUOTE, GOOD, _append

#: a clean clause: its one quote is also quoted by running-away.roll, and it says it relates to it
CLEAN = GOOD + """\
  related:
    - {id: running-away.roll, relation: see-also}
"""

SOURCE = f"""    - seed: {ES}
      lang: es
      quote: "{ES_QUOTE}"
"""

CASES = {
    "a card named in the text that cards does not list": (
        CLEAN.replace("  text: Some text.", "  text: A Thief may do this. #<"),
        "combat.broken.text", "names the card 'Thief'"),
    "a card named in the text by the name a source gives it": (
        CLEAN.replace("  text: Some text.", "  text: Play a Cinkelt kocka after the roll. #<"),
        "combat.broken.text", "names the card 'Loaded Die' (as 'Cinkelt kocka')"),
    "a card named in the text by its alias": (
        CLEAN.replace("  text: Some text.", "  text: The Three Blood Brothers are not Undead. #<"),
        "combat.broken.text", "names the card 'Ghoulfiends' (as 'Three Blood Brothers')"),
    "a note naming a card the clause does not link": (
        CLEAN + "  cards: [Wizard]\n  note: Unlike the Drooling Slime. #<\n",
        "combat.broken.note", "names the card 'Drooling Slime'"),
    "the same sentence quoted twice in one clause": (
        CLEAN.replace(SOURCE, SOURCE + SOURCE.replace(f'"{ES_QUOTE}"', f'"{ES_QUOTE}" #<')),
        "combat.broken.sources[1].quote", "again"),
    "a sentence another clause quotes, with no relation between them": (
        CLEAN.replace(f'"{ES_QUOTE}"', f'"{ES_QUOTE}" #<').replace(
            "  related:\n    - {id: running-away.roll, relation: see-also}\n", ""),
        "combat.broken.sources[0].quote", "running-away.roll.sources"),
    "a reading not followed that is not of kind variant": (
        CLEAN.replace("  kind: rule", "  kind: rule #<") + "    - {id: setup.starting-hand, relation: conflicts-with}\n"
        "  conflict:\n    followed: false\n    why: Another reading.\n",
        "combat.broken.kind", "is of kind 'variant', got 'rule'"),
    "a variant that no conflict block marks as not followed": (
        CLEAN.replace("  kind: rule", "  kind: variant #<"), "combat.broken.kind", "kind 'variant' is for a reading"),
    "errata-of stated by a clause that is no erratum": (
        CLEAN + "    - {id: combat.ties, relation: errata-of} #<\n",
        "combat.broken.related[1].relation", "only an erratum"),
    "an erratum that does not say what it corrects": (
        CLEAN.replace("  kind: rule", "  kind: errata #<"), "combat.broken.kind", "an erratum says what it corrects"),
}

RESIDUE_CASES = {
    "a residue entry given twice": (
        '  quote: "Reglas de juego"', "leaves out 'Reglas de juego'", "002_ec1365c06d4620a2.txt"),
    "a sentence both quoted and left out as residue": (
        f'  quote: "{ES_QUOTE}"', "is both quoted (running-away.roll.sources", ES),
}


def test_the_clause_the_cases_start_from_is_clean(rules_copy, referee):
    _append(rules_copy, CLEAN.replace("- key: broken", "- key: broken #<"))
    result = referee("check", "--rules", str(rules_copy))
    # the shipped corpus may still hold card rulings waiting for the engine; none is this clause's
    assert "combat.broken" not in result.stdout + result.stderr, result.stdout + result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_kind_of_drift_is_reported_with_file_line_and_field(case, rules_copy, referee):
    block, field, message = CASES[case]
    line, file = _append(rules_copy, block)
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    wanted = f"{file}:{line}: {field}: "
    hits = [ln for ln in result.stdout.splitlines() if ln.startswith(wanted)]
    assert hits, f"expected a line starting {wanted!r}:\n{result.stdout}"
    assert message in hits[0], hits[0]


def _append_residue(rules: Path, quote_line: str, seed: str) -> int:
    """Append one residue entry; return the line the entry starts on."""
    path = rules / "residue.yaml"
    text = path.read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    start = text.count("\n") + 1
    path.write_text(text + f"- seed: {seed}\n{quote_line}\n  reason: a test\n", encoding="utf-8")
    return start


@pytest.mark.parametrize("case", sorted(RESIDUE_CASES))
def test_residue_repeats_are_reported_with_file_line_and_field(case, rules_copy, referee):
    quote_line, message, seed = RESIDUE_CASES[case]
    line = _append_residue(rules_copy, quote_line, seed)
    entries = (rules_copy / "residue.yaml").read_text(encoding="utf-8").count("- seed:")
    result = referee("check", "--rules", str(rules_copy))
    assert result.returncode == 2, result.stdout + result.stderr
    wanted = f"{(rules_copy / 'residue.yaml').as_posix()}:{line}: [{entries - 1}].quote: "
    hits = [ln for ln in result.stdout.splitlines() if ln.startswith(wanted)]
    assert hits, f"expected a line starting {wanted!r}:\n{result.stdout}"
    assert message in hits[0], hits[0]


def test_disjoint_parts_of_one_sentence_are_not_a_repeat_but_overlapping_quotes_are():
    # A garbled run-on that strings several rules together is quoted in parts, each clause the
    # part it states; only quotes that share most of a sentence (or of the shorter quote) repeat.
    from referee.corpus.fidelity import Citation, _same_text

    sentence = [(0, 100)]

    def cite(start, end):
        return Citation("seed.txt", start, end, None, 0, "rules/x.yaml", 1)

    assert _same_text(cite(0, 40), cite(41, 100), sentence) is None
    assert _same_text(cite(0, 100), cite(10, 70), sentence) == (10, 70)
    assert _same_text(cite(0, 100), cite(0, 100), sentence) == (0, 100)
    assert _same_text(cite(0, 100), cite(90, 300), sentence) is None   # a few shared words only


def test_a_see_x_line_is_found_from_the_card_it_names(referee):
    # "Rosszcsontok: Lsd.: Tut király" names Mr. Bones; the card it names links the cross-reference.
    result = referee("card", "Rosszcsontok", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["id"] == "mr-bones"
    ruling = {r["id"]: r for r in data["rulings"]}["card-rulings.mr-bones-like-king-tut"]
    assert ruling["kind"] == "clarification"


# ------------------------------------------------------------------ the audit against the sources

def test_star_munchkin_death_keeps_curses_and_records_the_letter_reading(corpus):
    followed, letter = corpus["star-munchkin.death-keep"], corpus["star-munchkin.death-loses-curses"]
    assert followed.conflict.followed and "Curses that were affecting you stay" in followed.text
    assert not letter.conflict.followed and letter.kind == "variant"
    group = next(g for g in corpus.conflict_groups() if followed in g)
    assert {c.id for c in group} >= {"star-munchkin.death-keep", "star-munchkin.death-loses-curses",
                                     "death.keep-level-race-class"}
    # both read the same German sentence, and say so by their relation
    assert followed.sources[0].quote == letter.sources[0].quote


def test_super_munchkin_is_lost_only_with_the_last_class_and_the_hungarian_ruling_is_a_variant(corpus):
    hungarian = corpus["card-rulings.super-munchkin-replace-class"]
    assert hungarian.kind == "variant" and not hungarian.conflict.followed
    group = next(g for g in corpus.conflict_groups() if hungarian in g)
    followed = {c.game: c.id for c in group if c.conflict.followed}
    assert followed == {"munchkin": "classes.super-munchkin-last-class",
                        "star-munchkin": "star-munchkin.lose-all-races-classes"}
    assert all(s.lang == "de" for s in corpus["classes.super-munchkin-last-class"].sources)


def test_the_gujarati_box_contents_are_a_clause_not_residue(corpus):
    line = "સામગ્રી: 168 કાર્ડ્સ, 1 ડાઇસ, 10 ટોકન"
    assert [s.quote for s in corpus["setup.box-contents"].sources] == [line]
    assert "components" in corpus["setup.box-contents"].topics
    assert all(r.quote != line for r in corpus.residue)


def test_epic_from_level_10_quotes_no_flavour_line(corpus):
    flavour = ("¿Se acaba tu aventura", "Estás ahí, multiraza", "¡Regocijaos")
    clause = corpus["epic.epic-from-level-10"]
    assert clause.sources and not any(s.quote.startswith(flavour) for s in clause.sources)
    residue = [r.quote for r in corpus.residue]
    assert all(any(q.startswith(f) for q in residue) for f in flavour)


def test_texts_name_cards_as_their_records_do(corpus):
    assert "Lizard Guy" in corpus["races.list"].text and "Lizardman" not in corpus["races.list"].text
    assert "Bard's Luck" not in corpus["epic.bard-super-bard-luck"].text


def test_the_glued_gujarati_quotes_say_how_they_were_read(corpus):
    from referee.corpus.quote_checks import garble_marks

    for clause in corpus:
        for source in clause.sources:
            if garble_marks(corpus.seeds[source.seed], source.quote):
                assert clause.note, clause.id
    assert corpus["setup.starting-items"].note
