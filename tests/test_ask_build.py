"""Pieces of turning a reading into a command (referee.ask.build, referee.ask.command), held to what they replace."""

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ask.build import _carried, _said_as_word
from referee.ask.patterns import fold

#: letters, digits, "_", marks of Gujarati, quotes and separators: what a name and a command carry
CHARS = st.sampled_from(list("ab_1 \":-é\n") + ["ડ", "ી", "ં"])


@settings(max_examples=500, deadline=None)
@given(st.text(CHARS, min_size=1, max_size=3), st.text(CHARS, max_size=14))
def test_a_name_said_as_a_word_is_what_a_word_boundary_expression_finds(word, text):
    pattern = r"(?<![\w])" + re.escape(word) + r"(?![\w])"
    assert _said_as_word(word, text) is (re.search(pattern, text) is not None)


#: letters, digits, spaces, punctuation and symbols, and Gujarati words with their vowel signs (no
#: control character, which JSON writes as an escape, and no mark standing where no letter is
#: before it: no text a player types holds either)
TEXT = st.text(st.characters(whitelist_categories=("L", "N", "Zs", "P", "S")), max_size=6) | st.sampled_from(
    ["સિડ", "બોબ:5", "ટ્રોલ લેવલ ૮", "Dee's +2"])
PARAMS = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), TEXT),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                      max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(PARAMS)
def test_the_words_a_command_carries_fold_as_its_json_does(params):
    assert fold(_carried(params)) == fold(json.dumps(params, ensure_ascii=False, default=str))


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("aZ09_@%+=:,./- '\"$`\\!*é") + ["ડ", "\n"]), max_size=8))
def test_a_word_of_a_command_is_quoted_as_shlex_quotes_it(word):
    import shlex

    from referee.ask.command import _quoted

    assert _quoted(word) == shlex.quote(word)
    assert shlex.split(_quoted(word)) == [word]
