"""The table's JSON (referee.table.jsontext) reads back exactly what json reads, and fails as it does."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.table import jsontext

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8))
DATA = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                    max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(DATA)
def test_what_the_store_writes_reads_back_as_json_reads_it(data):
    text = jsontext.dumps(data)
    assert text == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    assert jsontext.loads(text) == json.loads(text) == data


@pytest.mark.parametrize("text", [' {"a": 1} ', '{"a": 1}\n', "[1, 2]", "NaN", '"Ann"'])
def test_any_json_text_reads_as_json_reads_it(text):
    got, want = jsontext.loads(text), json.loads(text)
    assert got == want or (got != got and want != want)  # (NaN is itself in neither)


@pytest.mark.parametrize("text", ["", "{", '{"a": 1} x', '{"a": }', "[1,]", "nul", '{"a":1}{"b":2}'])
def test_damaged_json_fails_as_json_fails(text):
    with pytest.raises(json.JSONDecodeError) as mine:
        jsontext.loads(text)
    with pytest.raises(json.JSONDecodeError) as theirs:
        json.loads(text)
    assert str(mine.value) == str(theirs.value)
