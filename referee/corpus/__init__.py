"""The rules corpus: the only code that reads ``rules/*.yaml``.

>>> from referee.corpus import load_corpus
>>> corpus = load_corpus()
>>> corpus["combat.ties"].kind
'rule'
"""

from referee.corpus.clause import Clause, Conflict, Relation, Source
from referee.corpus.corpus import Corpus, load_corpus

__all__ = ["Clause", "Conflict", "Corpus", "Relation", "Source", "load_corpus"]
