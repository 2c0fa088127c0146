"""A language's words kept as hashes (referee.ask.wordset) answer ``in`` as the set of them does."""

import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.ask.wordset import WordSet

WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=8)


@settings(max_examples=200, deadline=None)
@given(st.sets(WORDS, max_size=40), st.lists(WORDS, max_size=20))
def test_a_word_is_in_the_word_set_exactly_when_it_is_in_the_words(words, others):
    kept = pickle.loads(pickle.dumps(WordSet(words), protocol=pickle.HIGHEST_PROTOCOL))
    assert len(kept) == len(words)
    assert all(word in kept for word in words)
    assert [word for word in others if word in kept] == [word for word in others if word in words]


def test_the_words_of_every_language_are_found_and_a_stranger_is_not():
    from referee.ask.patterns import _vocabulary, every_language, vocabulary

    for lang, language in every_language().items():
        words = _vocabulary(language)
        assert all(word in vocabulary(lang) for word in words), lang
        assert "qwzxv" not in vocabulary(lang) and 8 not in vocabulary(lang)
    assert "troll" not in WordSet()
