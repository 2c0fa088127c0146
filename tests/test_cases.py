"""Rule behaviour from tables of cases: ``tests/cases/**/*.yaml``.

Each file holds ``cases:``, a list of situations with what the referee must answer, named as
full sentences (OpenFisca-style), with ``source:`` the clause ids that decide it and, where a case
stands for one sentence of a source text, ``sentence:`` that sentence as the seed writes it.
``expect.details`` is matched as a subset (every key given must
match; lists must match exactly); ``expect.cites`` lists clause ids that must be among the
reasons; ``expect.dissent`` those that must be among the dissent; ``expect.error`` a field path
that must be reported for an invalid situation. A failing case prints the situation, both
verdicts and the trace.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from referee.adjudicate import card_lookup
from referee.engine import judge
from referee.errors import InvalidFile
from referee.situation import load_situation
from tests.conftest import read_yaml

CASES_DIR = Path(__file__).parent / "cases"
CASE_KEYS = {"name", "source", "sentence", "situation", "expect"}
EXPECT_KEYS = {"verdict", "details", "cites", "not_cites", "dissent", "error"}


def _load_cases():
    cases = []
    for path in sorted(CASES_DIR.rglob("*.yaml")):
        data = read_yaml(path)
        for i, case in enumerate(data["cases"]):
            unknown = set(case) - CASE_KEYS or set(case["expect"]) - EXPECT_KEYS
            assert not unknown, f"{path}: case {i}: unknown keys {unknown}"
            cases.append(pytest.param(case, id=f"{path.relative_to(CASES_DIR)}: {case['name']}"))
    return cases


CASES = _load_cases()


def _subset(expected, actual, path="details") -> list[str]:
    """Differences between an expected subset and the actual value."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing (expected {value!r})")
            else:
                out += _subset(value, actual[key], f"{path}.{key}")
        return out
    return [] if expected == actual else [f"{path}: expected {expected!r}, got {actual!r}"]


def _explain(case, verdict=None) -> str:
    lines = ["", f"case: {case['name']}", "situation:",
             yaml.safe_dump(case["situation"], allow_unicode=True, sort_keys=False), f"expected: {case['expect']}"]
    if verdict is not None:
        lines += [f"actual verdict: {verdict.verdict}", f"actual details: {verdict.details}", "trace:"]
        lines += [f"  [{r.clause}] {r.note.render()}" for r in verdict.reasons]
        lines += [f"  dissent [{d.clause}] {d.note.render()}" for d in verdict.dissent]
    return "\n".join(lines)


def test_there_are_at_least_150_cases():
    assert len(CASES) >= 150


@pytest.fixture(scope="session")
def cards(corpus):
    """Card look-ups as ``referee judge`` does them (``card:`` references, items and curses by
    name, in any language: the catalogs' names too)."""
    return card_lookup(corpus)


#: libyaml's dumper where it is built: a case's situation is written as the file a user would give
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@pytest.mark.parametrize("case", CASES)
def test_case(case, corpus, cards):
    expect = case["expect"]
    text = yaml.dump(case["situation"], Dumper=DUMPER, allow_unicode=True)
    if "error" in expect:
        with pytest.raises(InvalidFile) as info:
            load_situation(text, "case.yaml", cards=cards)
        fields = [p.field for p in info.value.problems]
        assert expect["error"] in fields, f"{fields}{_explain(case)}"
        return
    verdict = judge(load_situation(text, "case.yaml", cards=cards), corpus.values)
    problems = []
    if "verdict" in expect and verdict.verdict != expect["verdict"]:
        problems.append(f"verdict: expected {expect['verdict']!r}, got {verdict.verdict!r}")
    problems += _subset(expect.get("details", {}), verdict.details)
    cited = [r.clause for r in verdict.reasons]
    problems += [f"clause {c} not cited" for c in expect.get("cites", []) if c not in cited]
    problems += [f"clause {c} cited but should not be" for c in expect.get("not_cites", []) if c in cited]
    dissent = [d.clause for d in verdict.dissent]
    problems += [f"dissent {c} missing" for c in expect.get("dissent", []) if c not in dissent]
    problems += [f"cited clause {c} is not in the corpus" for c in cited + dissent if c not in corpus]
    assert not problems, "\n".join(problems) + _explain(case, verdict)
