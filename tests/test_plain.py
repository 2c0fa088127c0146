"""A copy of plain data (referee.plain) is equal to it and shares nothing that can change."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.plain import copied

#: what a table's state and a reading's players are made of
ATOMS = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5),
                  st.tuples(st.text(max_size=3), st.integers()))
PLAIN = st.recursive(ATOMS | st.sets(st.text(max_size=3), max_size=3),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                     max_leaves=30)


def _containers(value) -> list:
    if isinstance(value, dict):
        return [value] + [c for item in value.values() for c in _containers(item)]
    if isinstance(value, list):
        return [value] + [c for item in value for c in _containers(item)]
    return [value] if isinstance(value, set) else []


@settings(max_examples=200, deadline=None)
@given(PLAIN)
def test_a_copy_is_equal_and_shares_no_dict_list_or_set(value):
    copy_ = copied(value)
    assert copy_ == value == copy.deepcopy(value)
    mine = {id(c) for c in _containers(value)}
    assert not mine & {id(c) for c in _containers(copy_)}


def test_changing_a_copied_state_leaves_the_table_as_it_was():
    state = {"players": [{"name": "Ann", "level": 5, "races": ["elf"], "items": [{"name": "Sword", "bonus": 2}]}],
             "turn": "Ann"}
    copy_ = copied(state)
    copy_["players"][0]["items"][0]["bonus"] = 9
    copy_["players"][0]["races"].append("dwarf")
    assert state["players"][0] == {"name": "Ann", "level": 5, "races": ["elf"], "items": [{"name": "Sword", "bonus": 2}]}
