"""Every card ruling is applied by the engine or says why it cannot be.

A clause *rules on a card* when it lists the card in ``cards``. Such a clause is

- **applied** when the engine cites it: its id stands as a string constant somewhere in
  ``referee/engine/**.py`` (the ids the engine's reasons cite), or a card record's ``facts`` name it
  with ``clause: <id>`` (an effect the engine applies by its general rules, citing that clause);
- **explained** when it carries ``not_adjudicable: "<why>"``: the ruling is about something no
  verdict of the engine turns on (handling the cards, table talk, a timing the engine does not
  model, flavour).

A ruling that is neither is a problem, and so is a reason on a clause the engine applies (the
reason has gone stale) or on a clause that rules on no card. The scan is static: it reads the
engine's source, it does not run it, so it is the same for every corpus checked.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from referee.corpus.clause import Clause
from referee.errors import Problem
from referee.records import Record

#: where the engine lives: the package next to this one
ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"


class Rulings(Record):
    """The card rulings of a corpus, sorted by what became of them (clause ids, corpus order)."""

    applied: list[str]
    explained: list[str]
    neither: list[str]

    def as_dict(self) -> dict:
        return {"total": len(self.applied) + len(self.explained) + len(self.neither),
                "applied": len(self.applied), "explained": len(self.explained), "neither": len(self.neither),
                "unresolved": list(self.neither)}


def engine_citations(engine_dir: Path = ENGINE_DIR) -> frozenset[str]:
    """Every string constant of the engine's modules (the clause ids among them are its citations)."""
    files = tuple(sorted(engine_dir.rglob("*.py")))
    return _constants(files, tuple(f.stat().st_mtime_ns for f in files))


@lru_cache(maxsize=4)
def _constants(files: tuple[Path, ...], _stamps: tuple[int, ...]) -> frozenset[str]:
    found: set[str] = set()
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found.update(node.value for node in ast.walk(tree)
                     if isinstance(node, ast.Constant) and isinstance(node.value, str))
    return frozenset(found)


def facts_citations(corpus) -> dict[str, list[str]]:
    """Clause id -> the cards whose ``facts`` name it (at any depth): with ``clause:`` or a
    ``…_clause:`` of one part of an effect (``unless_clause``, ``not_clause``), or in ``rulings:``,
    which links a plain fact (``undead``, ``families``) to the clause behind it."""
    out: dict[str, list[str]] = {}

    def walk(value, card) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if (key == "clause" or str(key).endswith("_clause")) and isinstance(inner, str):
                    out.setdefault(inner, []).append(card.id)
                elif key == "rulings" and isinstance(inner, dict):
                    for named in inner.values():
                        if isinstance(named, str):
                            out.setdefault(named, []).append(card.id)
                else:
                    walk(inner, card)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, card)

    for card in corpus.cards.values():
        walk(card.facts, card)
    return out


def rules_on_a_card(clause: Clause) -> bool:
    return bool(clause.cards)


def classify(corpus, engine_dir: Path = ENGINE_DIR) -> Rulings:
    cited = engine_citations(engine_dir) | set(facts_citations(corpus))
    applied, explained, neither = [], [], []
    for clause in corpus:
        if not rules_on_a_card(clause):
            continue
        if clause.id in cited:
            applied.append(clause.id)
        elif clause.not_adjudicable and clause.not_adjudicable.strip():
            explained.append(clause.id)
        else:
            neither.append(clause.id)
    return Rulings(applied, explained, neither)


def check_rulings(corpus, engine_dir: Path = ENGINE_DIR) -> list[Problem]:
    """A ruling neither applied nor explained; a reason that is stale or out of place; a
    ``clause:`` in card facts that names no clause."""
    cited_by_engine = engine_citations(engine_dir)
    by_facts = facts_citations(corpus)
    out = []
    for clause in corpus:
        line = clause.lines.get("not_adjudicable") or clause.line
        field = f"{clause.id}.not_adjudicable"
        applied = clause.id in cited_by_engine or clause.id in by_facts
        if clause.not_adjudicable is not None and not clause.not_adjudicable.strip():
            out.append(Problem(clause.file, line, field, "expected a short reason, got an empty string"))
        elif clause.not_adjudicable is not None and not rules_on_a_card(clause):
            out.append(Problem(clause.file, line, field,
                               "only a clause that rules on a card (lists it in `cards`) says why the "
                               "engine cannot apply it; remove the field"))
        elif clause.not_adjudicable is not None and applied:
            where = ("the engine cites it" if clause.id in cited_by_engine
                     else f"the facts of card {by_facts[clause.id][0]!r} name it")
            out.append(Problem(clause.file, line, field,
                               f"the ruling is applied ({where}): remove the reason why it cannot be"))
        elif rules_on_a_card(clause) and not applied and clause.not_adjudicable is None:
            out.append(Problem(clause.file, clause.lines.get("cards") or clause.line, f"{clause.id}.cards",
                               f"a ruling on {', '.join(clause.cards)} that is neither applied nor explained: "
                               f"make an engine rule cite {clause.id!r} where it decides a verdict, or give the "
                               f"clause `not_adjudicable: \"<why no verdict turns on it>\"`"))
    for clause_id, card_ids in by_facts.items():
        if clause_id not in corpus:
            card = corpus.cards[card_ids[0]]
            out.append(Problem(card.file, card.line, f"card {card.id}.facts",
                               f"`clause: {clause_id}` names no clause (ids look like 'combat.ties')"))
    return out
