"""The rules corpus: the only code that reads ``rules/*.yaml``.

>>> from referee.corpus import load_corpus
>>> corpus = load_corpus()
>>> corpus["combat.ties"].kind
'rule'

The names below are loaded on first use: ``from referee.corpus import schema`` (what a
command's ``--help`` needs) does not read the corpus machinery.
"""

import importlib

__all__ = ["Clause", "Conflict", "Corpus", "Relation", "Source", "load_corpus"]

_WHERE = {"Clause": "referee.corpus.clause", "Conflict": "referee.corpus.clause", "Relation": "referee.corpus.clause",
          "Source": "referee.corpus.clause", "Corpus": "referee.corpus.corpus", "load_corpus": "referee.corpus.corpus"}


def __getattr__(name: str):
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'referee.corpus' has no attribute {name!r}")
