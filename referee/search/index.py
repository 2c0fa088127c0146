"""The search index on disk: its schema, its documents, and the cache it lives in.

The index is built into a temporary directory beside its final place and renamed into place
while a file lock is held, so concurrent first runs build it once and a crashed build never
leaves half an index. A ``ready.json`` written last records the key, the document count and
every file's size; an index without it, with another count or a file of another size, or that
whoosh cannot open is rebuilt. Beside whoosh's segments lie two pickled tables computed at
build time (:func:`write_tables`): what every query needs, and the vocabulary for typos.
"""

from __future__ import annotations

import json
import os
from array import array
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, TEXT, Schema

from referee import LANGUAGES
from referee.cache import cache_dir, content_digest
from referee.data import locales_dir
from referee.search.analysis import accented_words, exact_analyzer, language_analyzer, prepare, word_analyzer

#: Bump when the schema or the documents change shape: the cache key includes it.
SCHEMA_VERSION = 28
LOCK_TIMEOUT = 300
#: a title is a clause in a few words: it counts this many times in the searched text
TITLE_REPEAT = 2


def schema() -> Schema:
    """One field per language, plus exact spellings, card names and id words across languages.

    The clauses' plain vocabulary (for correcting typos) is not a field: see :func:`write_tables`.
    """
    fields = {"id": ID(stored=True, unique=True), "kind": ID(stored=True), "game": ID(stored=True),
              "topics": KEYWORD(stored=True, lowercase=True, scorable=False),
              "idwords": TEXT(analyzer=language_analyzer("en"), phrase=False),
              # accented words as written: a query spelled with the accents ranks above one without
              "exact": TEXT(analyzer=exact_analyzer(), phrase=False),
              # the names of the cards a clause rules on, in every language: a card typed by name
              # brings its rulings to the top
              "cardnames": TEXT(analyzer=word_analyzer(), phrase=False)}
    for language in LANGUAGES:
        fields[language] = TEXT(analyzer=language_analyzer(language), phrase=False)
    return Schema(**fields)


def card_names_in(corpus, language: str) -> dict[str, list[str]]:
    """Card name -> the names players type for it in one language (source, catalog, aliases)."""
    from referee.i18n.catalogs import RuleText

    text = RuleText(language)
    out = {}
    for card in corpus.cards.values():
        names = [card.name, *card.aliases] if language == "en" else []
        if language in card.names:
            names.append(card.names[language][0])
        if language != "en":  # the catalog's name too, where it differs from the source's
            names.append(text(f"card:{card.id}", card.name))
        out[card.name] = list(dict.fromkeys(names))
    return out


def clause_texts(corpus, language: str) -> dict[str, str]:
    """Searchable text of every clause in one language: title twice (it weighs more), text, note,
    and the players' phrases for it — prepared for whoosh (:func:`~referee.search.analysis.prepare`)."""
    from referee.i18n.catalogs import RuleText
    from referee.search.phrases import search_phrases

    text = RuleText(language)
    phrases = search_phrases(language)
    out = {}
    for clause in corpus:
        parts = [text(clause.id, clause.title)] * TITLE_REPEAT + [text(clause.id, clause.text),
                 text(clause.id, clause.note) if clause.note else ""]
        if language != "en" and parts[TITLE_REPEAT] == " ".join(clause.text.split()):
            parts = []  # untranslated: the English field already holds the text
        parts += phrases.get(clause.id, [])
        if any(parts):
            out[clause.id] = prepare(" ".join(p for p in parts if p), language)
    return out


def documents(corpus, texts: dict[str, dict[str, str]], names: dict[str, dict[str, list[str]]]):
    """One document per clause, from its texts and card names in every language."""
    for clause in corpus:
        doc = {"id": clause.id, "kind": clause.kind, "game": clause.game, "topics": " ".join(clause.topics),
               "idwords": clause.id.replace(".", " ").replace("-", " ")}
        words = []
        for language in LANGUAGES:
            value = texts[language].get(clause.id)
            if value:
                doc[language] = value
                words.append(value)
        cards = [name for language in LANGUAGES for card in clause.cards for name in names[language].get(card, [card])]
        if cards:
            doc["cardnames"] = prepare(" ".join(dict.fromkeys(cards)), "gu")
            words.append(doc["cardnames"])
        doc["exact"] = accented_words(" ".join(words))
        yield doc


def content_key(corpus) -> str:
    """A key that changes with the corpus, the compiled catalogs, the schema and whoosh."""
    import whoosh

    from referee.corpus.corpus import corpus_key

    # The corpus read through the cache already knows its key: the rules are not read again.
    rules = corpus.content_key or corpus_key(corpus.root)
    # languages.yaml: which languages have a field, and how each is analysed
    catalogs = (sorted(locales_dir().glob("*/LC_MESSAGES/rules.mo")) + sorted(locales_dir().glob("thesaurus.yaml"))
                + sorted(locales_dir().glob("languages.yaml")) + sorted(locales_dir().glob("search/*.yaml")))
    return content_digest(f"{SCHEMA_VERSION}:{whoosh.versionstring()}:{rules}", catalogs)


@dataclass
class IndexInfo:
    path: Path
    key: str
    documents: int
    size: int
    built: float
    build_seconds: float


class Opened(NamedTuple):
    """An index from the cache and one reader on it (open: the caller closes it)."""

    index: object
    reader: object


def _ready(path: Path, key: str) -> Opened | None:
    """The index at ``path`` with a reader, if it is complete and healthy, else ``None``.

    One reader serves the checks and then the queries: every further reader (or document
    count) would read the table of contents and open the segments again.
    """
    reader = None
    try:
        marker = json.loads((path / "ready.json").read_text())
        if marker.get("key") != key:
            return None
        # Every file the build wrote must still be there at its full size: a truncated or
        # deleted segment file is found here, before whoosh half-reads it.
        for name, size in (marker.get("files") or {}).items():
            if (path / name).stat().st_size != size:
                return None
        ix = whoosh_index.open_dir(str(path))
        reader = ix.reader()
        if reader.doc_count() != marker.get("documents"):
            raise ValueError("document count")
        # touches the segment files: truncation shows here
        docnum = reader.first_id("id", marker.get("probe"))
        if reader.stored_fields(docnum).get("id") != marker.get("probe"):
            raise ValueError("probe")
        return Opened(ix, reader)
    except Exception:
        if reader is not None:
            reader.close()
        return None


def build(corpus, target: Path, key: str) -> None:
    """Write a complete index into ``target`` (a fresh directory)."""
    start = time.perf_counter()
    target.mkdir(parents=True)
    ix = whoosh_index.create_in(str(target), schema())
    # Two writer processes, each writing its own segment, halve the time whoosh spends writing
    # postings. The segments' order (so the document numbers) depends on which finishes first:
    # ranking never looks at document numbers, equal scores are ordered by the corpus (tables).
    writer = ix.writer(limitmb=128, procs=min(2, os.cpu_count() or 1), multisegment=True)
    texts = {language: clause_texts(corpus, language) for language in LANGUAGES}
    names = {language: card_names_in(corpus, language) for language in LANGUAGES}
    count, probe = 0, None
    for doc in documents(corpus, texts, names):
        writer.add_document(**doc)
        count += 1
        probe = probe or doc["id"]
    writer.commit()
    write_tables(ix, target, corpus, texts, names)
    seconds = time.perf_counter() - start
    files = {p.name: p.stat().st_size for p in target.iterdir() if p.is_file()}
    (target / "ready.json").write_text(json.dumps({"key": key, "documents": count, "probe": probe, "files": files,
                                                   "built": time.time(), "build_seconds": round(seconds, 3)}))


#: What is computed once per build and loaded with the index, beside whoosh's own files:
#: the concept table and the field lengths (read on every query), the vocabulary (read when
#: a word needs correcting).
TABLES, VOCABULARY = "tables.pickle", "vocabulary.pickle"
#: the fields queries score
SCORED = (*LANGUAGES, "exact", "idwords", "cardnames")


def write_tables(ix, target: Path, corpus, texts, names) -> None:
    """Write what queries need besides whoosh's files, so that a query neither parses and stems
    the thesaurus nor asks whoosh for thousands of field lengths one by one."""
    import pickle

    from referee.search.query import build_thesaurus
    from referee.search.ranking import field_lengths
    from referee.search.spelling import Speller, count_words

    with ix.reader() as reader:
        position = {clause.id: n for n, clause in enumerate(corpus)}
        stored = [fields for _, fields in reader.iter_docs()]
        tables = {"thesaurus": build_thesaurus(), "lengths": field_lengths(reader, SCORED),
                  "order": array("I", (position.get(fields.get("id"), len(position)) for fields in stored)),
                  "kinds": [fields.get("kind", "") for fields in stored],
                  "games": [fields.get("game", "") for fields in stored]}
    (target / TABLES).write_bytes(pickle.dumps(tables, protocol=pickle.HIGHEST_PROTOCOL))
    words = [text for language in LANGUAGES for text in texts[language].values()]
    words += [prepare(name, "gu") for language in LANGUAGES for spellings in names[language].values()
              for name in spellings]
    vocabulary = Speller(count_words(words)).table()
    (target / VOCABULARY).write_bytes(pickle.dumps(vocabulary, protocol=pickle.HIGHEST_PROTOCOL))


def read_table(ix, name: str):
    """One table written with the index (``None`` when it cannot be read)."""
    import pickle

    try:
        return pickle.loads((Path(ix.storage.folder) / name).read_bytes())
    except (OSError, pickle.UnpicklingError, AttributeError, EOFError, ValueError):
        return None


def open_index(corpus, rebuild: bool = False) -> Opened:
    """The index for this corpus, from the cache, building it (once, under a lock) if needed."""
    key = content_key(corpus)
    root = cache_dir()
    final = root / f"index-{key}"
    if not rebuild:
        opened = _ready(final, key)
        if opened is not None:
            return opened
    from filelock import FileLock  # imported here: it costs more than a warm search

    root.mkdir(parents=True, exist_ok=True)
    with FileLock(str(root / f"index-{key}.lock"), timeout=LOCK_TIMEOUT):
        if not rebuild:
            opened = _ready(final, key)  # another process may have built it while we waited
            if opened is not None:
                return opened
        temporary = root / f"index-{key}.building-{os.getpid()}"
        shutil.rmtree(temporary, ignore_errors=True)
        build(corpus, temporary, key)
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        os.replace(temporary, final)
        with open(root / "builds.log", "a", encoding="utf-8") as log:
            log.write(f"{time.time():.3f} {os.getpid()} {key}\n")
        _remove_stale(root, key)
        ix = whoosh_index.open_dir(str(final))
        return Opened(ix, ix.reader())


def _remove_stale(root: Path, key: str) -> None:
    """Drop indexes of older corpus versions, and builds that crashed long ago (best effort)."""
    for path in root.glob("index-*"):
        if not path.is_dir() or path.name == f"index-{key}":
            continue
        building = ".building-" in path.name
        try:
            if building and time.time() - path.stat().st_mtime < 2 * LOCK_TIMEOUT:
                continue  # perhaps another process, for another corpus, is writing it now
        except OSError:
            continue
        shutil.rmtree(path, ignore_errors=True)


def info(corpus) -> IndexInfo | None:
    key = content_key(corpus)
    path = cache_dir() / f"index-{key}"
    try:
        marker = json.loads((path / "ready.json").read_text())
    except (OSError, ValueError):
        return None
    size = sum(p.stat().st_size for p in path.iterdir() if p.is_file())
    return IndexInfo(path, key, marker.get("documents", 0), size, marker.get("built", 0.0),
                     marker.get("build_seconds", 0.0))
