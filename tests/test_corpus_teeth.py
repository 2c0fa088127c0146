"""Planting each defect a machine can see in a copy of the corpus, and catching it.

One test per kind: a sentence of a seed that no clause quotes, a clause with no quote that is
no card's power, a garbled quote without a note, numbers no printed card carries, and a card
ruling the engine neither applies nor explains. Each breaks a private copy (``rules_copy``) and
checks the problem names the place to fix; a control shows the same copy without the defect
does not report it, so no test passes on a problem that was there before.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.corpus.checks import check_corpus
from referee.corpus.corpus import read_corpus
from referee.corpus.rulings import classify
from tests.test_corpus_broken import ES, ES_QUOTE, GOOD, _append

GU = "003_5abca70fda4bd545.txt"
GLUED = "ઉપરાંત, જો તમારી પાસે વસ્તુઓ હોય તો તમે તેને રમી શકો છોતમે કરી શકો છો."


def problems(rules: Path, field: str | None = None, file: str | None = None) -> list[str]:
    """The problems of a corpus directory, as ``file:line: field: message`` lines."""
    corpus, found = read_corpus(rules)
    found += check_corpus(corpus)
    lines = [str(p) for p in found]
    if field is not None:
        lines = [ln for ln in lines if f": {field}: " in ln]
    if file is not None:
        lines = [ln for ln in lines if ln.startswith(file)]
    return lines


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _edit_card(rules: Path, card_id: str, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` inside one card record of ``cards.yaml``."""
    path = rules / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f"  - id: {card_id}\n")
    end = text.index("\n  - id:", start + 1) + 1
    assert old in text[start:end], old
    path.write_text(text[:start] + text[start:end].replace(old, new) + text[end:], encoding="utf-8")


# ------------------------------------------------------------------ an unquoted rule sentence

def test_a_seed_sentence_no_clause_quotes_fails_the_check(rules_copy):
    seed = rules_copy / "sources" / ES
    sentence = "Si juegas una carta de Gazebo en tu propio combate, ganas dos niveles al instante."
    with seed.open("a", encoding="utf-8") as out:
        out.write("\n" + sentence + "\n")
    line = seed.read_text(encoding="utf-8").count("\n")
    hits = problems(rules_copy, "sentence")
    assert len(hits) == 1, hits
    assert hits[0].startswith(f"{rules_copy.as_posix()}/sources/{ES}:{line}: sentence: ")
    assert "Si juegas una carta de Gazebo" in hits[0] and "residue.yaml" in hits[0]


def test_a_sentence_left_quoted_by_nobody_when_its_clause_goes_fails_the_check(rules_copy):
    # the one clause quoting the Spanish sentence on the fifth roll loses that quote
    path = rules_copy / "running-away.yaml"
    text = path.read_text(encoding="utf-8")
    block = re.search(r'\n( *)- seed: 002_ec1365c06d4620a2\.txt\n\1  lang: es\n\1  quote: "Tira el dado\. Sólo '
                      r'consigues escapar con un 5 o más\."', text)
    assert block, "running-away.yaml no longer quotes the Spanish escape roll"
    path.write_text(text[:block.start()] + text[block.end():], encoding="utf-8")
    hits = problems(rules_copy, "sentence")
    assert any("Sólo consigues escapar con un 5 o más." in h for h in hits), hits


def test_a_clause_with_no_quote_must_be_a_cards_power(rules_copy):
    block = GOOD.split("  sources:")[0] + "  basis: published-card\n"
    line, file = _append(rules_copy, block.replace("- key: broken", "- key: broken #<"))
    hits = problems(rules_copy, "combat.broken.sources")
    assert len(hits) == 1 and "list that card in `cards`" in hits[0], hits
    assert hits[0].startswith(f"{file}:{line}:")  # reported at the clause


def test_a_cards_power_with_its_card_listed_needs_no_quote(rules_copy):
    block = (GOOD.split("  sources:")[0].replace("kind: rule", "kind: card-ruling #<")
             + '  basis: published-card\n  cards: [Gazebo]\n  not_adjudicable: "a test"\n')
    _append(rules_copy, block)
    assert problems(rules_copy, "combat.broken.sources") == []


# ------------------------------------------------------------------ a garbled quote without a note

GARBLED = f"""\
- key: broken
  title: A clause to break
  text: Some text.
  kind: rule
  game: munchkin
  topics: [combat]
  sources:
    - seed: {GU}
      lang: gu
      quote: "{GLUED}" #<
  related:
    - {{id: setup.starting-items, relation: see-also}}
"""


def test_a_garbled_quote_without_a_note_fails_the_check(rules_copy):
    line, file = _append(rules_copy, GARBLED)
    hits = problems(rules_copy, "combat.broken.sources[0].quote")
    assert len(hits) == 1, hits
    assert hits[0].startswith(f"{file}:{line}: ") and "છોતમે" in hits[0] and "note" in hits[0]


def test_the_same_quote_with_a_note_passes(rules_copy):
    _append(rules_copy, GARBLED + "  note: The Gujarati glues two verbs together; read as a permission.\n")
    assert problems(rules_copy, "combat.broken.sources[0].quote") == []


@pytest.mark.parametrize("quote", ["Sólo consigues <escapar con un 5 o más.",
                                   "Sólo consigues escaparCon un 5 o más."])
def test_markup_and_glued_latin_words_are_garbled_too(quote):
    from referee.corpus.quote_checks import garble_marks
    from referee.corpus import load_corpus

    seed = load_corpus().seeds[ES]
    assert garble_marks(seed, quote)
    assert garble_marks(seed, "Sólo consigues escapar con un 5 o más.") == []


def test_a_note_removed_from_a_shipped_garbled_quote_is_caught(rules_copy):
    path = rules_copy / "setup.yaml"
    text = path.read_text(encoding="utf-8")
    at = text.index("  - key: starting-items")
    clause = text[at:text.index("\n  - key:", at + 1)]
    without = re.sub(r"\n    note: >-\n(?:      .*\n?)+", "\n", clause)
    assert without != clause, "setup.starting-items has no note to remove"
    path.write_text(text.replace(clause, without), encoding="utf-8")
    assert any("છોતમે" in h for h in problems(rules_copy, "setup.starting-items.sources[2].quote"))


# ------------------------------------------------------------------ numbers no printed card carries

@pytest.mark.parametrize("old,new,field,words", [
    ("      level: 8\n      treasures: 2\n", "      level: 80\n      treasures: 2\n", "card gazebo.facts.level",
     "80 is outside"),
    ("      level: 8\n      treasures: 2\n", "      level: 0\n      treasures: 2\n", "card gazebo.facts.level",
     "0 is outside"),
    ("      level: 8\n      treasures: 2\n", "      level: 8\n      treasures: 0\n", "card gazebo.facts.treasures",
     "monster's treasures (1 to 8)"),
    ("      level: 8\n      treasures: 2\n", "      level: 8\n      treasures: 12\n",
     "card gazebo.facts.treasures", "12 is outside"),
    ("      level: 8\n      treasures: 2\n", "      level: 8\n      treasures: 2\n      bonus_vs: {elf: 40}\n",
     "card gazebo.facts.bonus_vs.elf", "40 is outside"),
])
def test_a_monster_number_outside_the_games_range_fails_the_check(rules_copy, old, new, field, words):
    _edit_card(rules_copy, "gazebo", old, new)
    hits = problems(rules_copy, field)
    assert len(hits) == 1 and words in hits[0], problems(rules_copy, file=f"{rules_copy.as_posix()}/cards.yaml")


def test_an_item_price_or_bonus_outside_the_games_range_fails_the_check(rules_copy):
    corpus, _ = read_corpus(rules_copy)
    item = next(c for c in corpus.cards.values() if c.type == "item" and "gold" in c.facts and "bonus" in c.facts)
    path = rules_copy / "cards.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f"  - id: {item.id}\n")
    end = text.index("\n  - id:", start + 1)
    record = re.sub(r"gold: \d+", "gold: 45000", text[start:end])
    record = re.sub(r"bonus: -?\d+", "bonus: 33", record)
    path.write_text(text[:start] + record + text[end:], encoding="utf-8")
    assert [h.split(": ")[1] for h in problems(rules_copy, file=f"{rules_copy.as_posix()}/cards.yaml")
            if item.id in h] == [f"card {item.id}.facts.bonus", f"card {item.id}.facts.gold"]


def test_the_shipped_cards_are_within_range(corpus):
    from referee.corpus.card_numbers import check_card_numbers

    assert [p for p in check_card_numbers(corpus) if "outside the game's range" in p.message] == []


# ------------------------------------------------------------------ rulings neither applied nor explained

RULING = GOOD.replace("  topics: [combat]\n", "  topics: [combat]\n  cards: [Gazebo] #<\n") + """\
  related:
    - {id: running-away.roll, relation: see-also}
"""


def test_a_ruling_neither_applied_nor_explained_fails_the_check(rules_copy):
    line, file = _append(rules_copy, RULING)
    hits = problems(rules_copy, "combat.broken.cards")
    assert len(hits) == 1 and hits[0].startswith(f"{file}:{line}: "), hits
    assert "neither applied nor explained" in hits[0] and "not_adjudicable" in hits[0]


def test_a_ruling_with_a_reason_is_explained(rules_copy):
    _append(rules_copy, RULING + '  not_adjudicable: "how the card is held: no verdict turns on it"\n')
    assert problems(rules_copy, "combat.broken.cards") == []
    corpus, _ = read_corpus(rules_copy)
    assert "combat.broken" in classify(corpus).explained


def test_a_card_facts_clause_reference_applies_the_ruling(rules_copy):
    _append(rules_copy, RULING)
    _edit_card(rules_copy, "gazebo", "      level: 8\n      treasures: 2\n",
             "      level: 8\n      treasures: 2\n      effect: {no_help: true, clause: combat.broken}\n")
    _extend_fact_keys_for(rules_copy)
    corpus, _ = read_corpus(rules_copy)
    assert "combat.broken" in classify(corpus).applied
    assert problems(rules_copy, "combat.broken.cards") == []


def _extend_fact_keys_for(rules: Path) -> None:
    """``effect`` is a fact key already; nothing to add (kept so the test says what it leans on)."""
    from referee.corpus.cards import FACT_KEYS

    assert "effect" in FACT_KEYS


def test_a_facts_clause_reference_must_name_a_clause(rules_copy):
    _edit_card(rules_copy, "gazebo", "      level: 8\n      treasures: 2\n",
             "      level: 8\n      treasures: 2\n      effect: {no_help: true, clause: combat.no-such}\n")
    hits = problems(rules_copy, "card gazebo.facts")
    assert hits and "combat.no-such" in hits[0], hits


def test_a_reason_on_a_ruling_the_engine_applies_is_stale(rules_copy, corpus):
    applied = classify(corpus).applied[0]
    clause = corpus[applied]
    path = rules_copy / Path(clause.file).name
    _replace(path, f"  - key: {clause.key}\n", f'  - key: {clause.key}\n    not_adjudicable: "a test"\n')
    hits = problems(rules_copy, f"{applied}.not_adjudicable")
    assert hits and "remove the reason" in hits[0], hits


def test_a_reason_on_a_clause_with_no_card_is_out_of_place(rules_copy):
    _append(rules_copy, GOOD + '  related:\n    - {id: running-away.roll, relation: see-also}\n'
                               '  not_adjudicable: "a test" #<\n')
    hits = problems(rules_copy, "combat.broken.not_adjudicable")
    assert hits and "rules on a card" in hits[0], hits


def test_the_engine_scan_finds_the_ids_the_engine_cites(corpus):
    from referee.corpus.rulings import engine_citations

    cited = engine_citations()
    assert {"combat.ties", "running-away.roll"} <= cited
    rulings = classify(corpus)
    assert set(rulings.applied) <= {c.id for c in corpus if c.cards}
    assert not set(rulings.applied) & set(rulings.explained)


def test_check_prints_and_gives_the_ruling_counts(rules_copy, referee):
    _append(rules_copy, RULING)
    data = json.loads(referee("check", "--rules", str(rules_copy), "--json").stdout)
    counts = data["rulings"]
    assert counts["total"] == counts["applied"] + counts["explained"] + counts["neither"]
    assert "combat.broken" in counts["unresolved"] and counts["neither"] == len(counts["unresolved"])
    assert data["ok"] is False
    text = referee("check", "--rules", str(rules_copy)).stdout
    assert f"applied by the engine: {counts['applied']}" in text
    assert f"neither: {counts['neither']}" in text


def test_a_monster_without_its_printed_numbers_fails_the_check(rules_copy):
    _edit_card(rules_copy, "gazebo", "      level: 8\n      treasures: 2\n", "      treasures: 2\n")
    hits = problems(rules_copy, "card gazebo.facts")
    assert len(hits) == 1 and "needs its printed level" in hits[0], hits


@pytest.mark.parametrize("old,new,field", [
    ("  text: Some text.", '  text: "  " #<', "combat.broken.text"),
    ("  title: A clause to break", '  title: "" #<', "combat.broken.title"),
])
def test_a_blank_text_is_as_good_as_missing(rules_copy, old, new, field):
    line, file = _append(rules_copy, GOOD.replace(old, new))
    hits = problems(rules_copy, field)
    assert hits and hits[0].startswith(f"{file}:{line}: ") and "empty" in hits[0], hits


@pytest.mark.parametrize("quote,words", [("onsigues escapar con un 5 o más.", "starts inside the word 'consigues'"),
                                         ("Sólo consigues escapar con un 5 o m", "ends inside the word 'más'")])
def test_a_quote_cut_inside_a_word_fails_the_check(rules_copy, quote, words):
    line, file = _append(rules_copy, GOOD.replace(f'"{ES_QUOTE}"', f'"{quote}" #<')
                         + "  related:\n    - {id: running-away.roll, relation: see-also}\n")
    hits = problems(rules_copy, "combat.broken.sources[0].quote")
    assert len(hits) == 1 and hits[0].startswith(f"{file}:{line}: ") and words in hits[0], hits


# ------------------------------------------------------------------ a clause of the wrong game

def test_a_clause_of_a_game_none_of_its_sources_states_fails_the_check(rules_copy):
    line, file = _append(rules_copy, GOOD.replace("game: munchkin", "game: star-munchkin #<")
                         + "  related:\n    - {id: running-away.roll, relation: see-also}\n")
    hits = problems(rules_copy, "combat.broken.game")
    assert len(hits) == 1 and hits[0].startswith(f"{file}:{line}: ") and "'munchkin'" in hits[0], hits


def test_a_rule_carried_over_from_another_game_says_why_in_its_note(rules_copy):
    _append(rules_copy, GOOD.replace("game: munchkin", "game: star-munchkin #<")
            + "  related:\n    - {id: running-away.roll, relation: see-also}\n"
            + "  note: The Star Munchkin rules say nothing of it; the classic roll is read for them.\n")
    assert problems(rules_copy, "combat.broken.game") == []


def test_every_reason_is_short_and_on_a_ruling(corpus):
    explained = [c for c in corpus if c.not_adjudicable is not None]
    assert len(explained) >= 50
    for clause in explained:
        assert clause.cards, clause.id
        reason = clause.not_adjudicable
        assert reason.strip() == reason and "\n" not in reason and 20 <= len(reason) <= 160, clause.id


# ------------------------------------------------------------------ the audit's other slips, planted back

def test_a_card_written_in_a_spelling_no_record_knows_fails_the_check(rules_copy):
    _replace(rules_copy / "races.yaml", "Gnome, Lizard Guy and Centaur", "Gnome, Lizardman and Centaur")
    hits = problems(rules_copy, "races.list.text")
    assert len(hits) == 1 and "'Lizard Guy' as 'Lizardman'" in hits[0], hits


def test_the_names_records_know_are_no_respelling(corpus):
    from referee.corpus.fidelity import CardNames

    names = CardNames(corpus)
    assert names.respelled_in("Fight the Lizard Guy, a Lizard Man, the Net Troll (Nettroll).") == []
    assert [w for w, _ in names.respelled_in("A Netroll and a LizardMan.")] == ["LizardMan"]


def test_box_contents_left_out_as_residue_fails_the_check(rules_copy):
    from tests.test_corpus_fidelity import _append_residue

    line = _append_residue(rules_copy, '  quote: "સામગ્રી: 168 કાર્ડ્સ, 1 ડાઇસ, 10 ટોકન"', GU)
    hits = [h for h in problems(rules_copy, file=f"{rules_copy.as_posix()}/residue.yaml") if f":{line}:" in h]
    assert any("the number 168" in h for h in hits), hits
