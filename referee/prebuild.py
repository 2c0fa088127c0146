"""What the wheel's build hook (``hatch_build.py``) makes from the shipped data.

The parsed corpus and the search index, written into one folder that the wheel carries as
``referee/_data/prebuilt``; :func:`referee.corpus.corpus.cached_read_corpus` and
:func:`referee.search.index.open_index` look there first and use a file only while its key and
checksums hold.
"""

from __future__ import annotations

from pathlib import Path

from referee.cache import write_checked


def make_prebuilt(rules: Path, target: Path) -> None:
    """Parse the corpus in ``rules`` and build its search index into ``target``.

    A corpus with problems ships no index: the first search reports the problems, as any
    command does.
    """
    # lazy: referee.corpus.corpus 53 ms to import, paid only by the calls that need it
    from referee.corpus.corpus import PREBUILT, corpus_key, parsed_bytes, read_corpus

    target.mkdir(parents=True, exist_ok=True)
    corpus, problems = read_corpus(rules)
    corpus.content_key = corpus_key(rules)
    write_checked(target / PREBUILT, parsed_bytes(rules, corpus.content_key, (corpus, problems)))
    if problems:
        return
    # lazy: referee.search.index 247 ms to import, paid only by the calls that need it
    from referee.search.index import build, content_key

    build(corpus, target / "index", content_key(corpus))
