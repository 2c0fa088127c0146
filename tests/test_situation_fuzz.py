"""Random and mutated situations: the loader and engine never crash, invalid input is exit 2.

Runs in-process for speed (hypothesis makes hundreds of examples); the CLI's boundary is the
same code path (:func:`load_situation` then :func:`judge`).
"""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.corpus import load_corpus
from referee.engine import judge
from referee.errors import InvalidFile
from referee.situation import load_situation

EXAMPLES = [yaml.safe_load(p.read_text()) for p in sorted((Path(__file__).parent.parent / "examples").glob("*.yaml"))]

scalars = st.one_of(st.none(), st.booleans(), st.integers(-1000, 1000), st.text(max_size=12),
                    st.floats(allow_nan=False, allow_infinity=False))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)


#: the figures of the rules, as the corpus states them
VALUES = load_corpus().values


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, prefix + (i,))


def _judge_or_reject(data) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    try:
        situation = load_situation(text, "fuzz.yaml")
    except InvalidFile as exc:
        assert exc.problems and all(p.field or p.line for p in exc.problems)
        assert exc.render()  # the message renders
        return
    verdict = judge(situation, VALUES)
    assert verdict.verdict and verdict.reasons


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(EXAMPLES), st.data())
def test_mutated_examples_never_crash(example, data):
    situation = copy.deepcopy(example)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = list(_paths(situation))[1:]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = situation
        for step in path[:-1]:
            parent = parent[step]
        replacement = data.draw(values)
        if data.draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(path[-1], None)
        else:
            parent[path[-1]] = replacement
    _judge_or_reject(situation)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["game", "players", "combat", "question", "phase", "turn", "junk"]),
                       values, max_size=6))
def test_random_situations_never_crash(data):
    _judge_or_reject(data)
