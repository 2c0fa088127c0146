"""The search index on disk: its schema, its documents, where it lives, and how it is checked.

An index is looked for in three places, in order: the one the wheel ships (built by
``hatch_build.py`` for the shipped corpus and catalogs, read-only), the user cache, and — when
the cache cannot be written — a temporary directory kept for this process only. A key made of
the content of the rules and catalogs, the schema version, whoosh's and referee's versions
names the index; any other corpus (``--rules``, ``REFEREE_RULES``, a local edit) has another key
and is built into the user cache.

A build writes into a directory beside its final place and renames it into place while a file
lock is held, so concurrent first runs build it once; an interrupted build removes its
directory, and one killed outright is removed by the next build. ``ready.json``, written last,
records the key, the document count and every file's size and checksum: an index with a file
missing, shorter, or changed in any byte is not used (and is rebuilt). Beside whoosh's
segments lie two pickled tables computed at build time (:func:`write_tables`): what every query
needs, and the vocabulary for typos.
"""

from __future__ import annotations

import atexit
import errno
import json
import os
import pickle
import re
import shutil
import tempfile
import time
from array import array
from pathlib import Path
from typing import Callable, Optional

import whoosh
from whoosh import index as whoosh_index
from whoosh.fields import ID, KEYWORD, TEXT, Schema

from referee.cache import building_name, cache_dir, checksum, content_digest, file_digests, remove_stale, touch
from referee.data import locales_dir, prebuilt_dir
from referee.errors import BadInput
from referee.i18n.cardnames import former_names
from referee.i18n.catalogs import RuleText
from referee.i18n.languages import LANGUAGES
from referee.i18n.phrases import search_phrases
from referee.i18n.romanized import sound_table
from referee.message import Message
from referee.records import Record
from referee.search.analysis import (TOKEN, accented_words, exact_analyzer, gujarati_form, language_analyzer, prepare,
                                     word_analyzer)
from referee.search.query import (EXACT_MARK, MAX_NAME_WORDS, SINGLE_NAME_MIN, TITLE_KEY, build_thesaurus, title_terms,
                                  word_stems)
from referee.search.ranking import field_lengths
from referee.search.spelling import Speller, count_words
from referee.search.spelling import fold as spelling_fold
from referee.yamlload import load_plain

_TOKEN = re.compile(TOKEN)
#: Bump when the schema or the documents change shape: the cache key includes it.
SCHEMA_VERSION = 131
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
    text = RuleText(language)
    former = former_names().get(language, {})  # names the catalog gave before: players still type them
    out = {}
    for card in corpus.cards.values():
        names = [card.name, *card.aliases] if language == "en" else []
        if language in card.names:
            names.append(card.names[language][0])
        if language != "en":  # the catalog's name too, where it differs from the source's
            names.append(text(f"card:{card.id}", card.name))
        names += former.get(card.id, [])
        out[card.name] = list(dict.fromkeys(names))
    return out


def clause_texts(corpus, language: str, raw: list[str] | None = None) -> dict[str, str]:
    """Searchable text of every clause in one language: title twice (it weighs more), text, note,
    and the players' phrases for it — prepared for whoosh (:func:`~referee.search.analysis.prepare`).
    ``raw``, when given, receives each text as written (the Gujarati words' sounds are read from it)."""
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
            joined = " ".join(p for p in parts if p)
            if raw is not None:
                raw.append(joined)
            out[clause.id] = prepare(joined, language)
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
    """A key that changes with the corpus, the compiled catalogs, the schema, whoosh and referee
    (never with where the files are: two installs of one version share one index)."""
    # lazy: referee.corpus.corpus 35 ms to import, which `referee search` does not need
    from referee.corpus.corpus import corpus_key

    # The corpus read through the cache already knows its key: the rules are not read again.
    rules = corpus.content_key or corpus_key(corpus.root)
    # languages.yaml: which languages have a field, and how each is analysed
    catalogs = (sorted(locales_dir().glob("*/LC_MESSAGES/rules.mo")) + sorted(locales_dir().glob("thesaurus.yaml"))
                + sorted(locales_dir().glob("kept_words.yaml"))
                + sorted(locales_dir().glob("former_card_names.yaml"))
                + sorted(locales_dir().glob("languages.yaml")) + sorted(locales_dir().glob("search/*.yaml")))
    return content_digest(f"{SCHEMA_VERSION}:{whoosh.versionstring()}:{rules}", catalogs)


#: the manifest a build writes last: key, document count, every file's size and checksum
MANIFEST = "ready.json"
#: what a progress callback is given: (what is being done, share done from 0 to 1)
Progress = Callable[[str, float], None]


class IndexUnavailable(BadInput):
    """No index can be had: it cannot be written anywhere (a full disk, no writable directory)."""


class IndexInfo(Record):
    path: Path
    key: str
    documents: int
    size: int
    built: float
    build_seconds: float
    #: "shipped" (in the package), "cache" (the user cache) or "temporary" (this process only)
    place: str = "cache"


class Opened(Record):
    """An open index and one reader on it (open: the caller closes it), and what the user
    should be told about it (a cache that could not be used)."""

    index: object
    reader: object
    warnings: tuple = ()
    path: Optional[Path] = None


def _manifest(path: Path) -> dict | None:
    try:
        marker = json.loads((path / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return marker if isinstance(marker, dict) else None


def _intact(path: Path, marker: dict) -> bool:
    """Every file the build wrote is there with the bytes it wrote (checksums: any change shows,
    same-size ones included). A file's checksum is read from the memo of file digests while its
    size, modification time and inode are unchanged (:func:`referee.cache.file_digests`, as the
    corpus's key is): reading the whole index again cost every search 3 ms."""
    files = marker.get("files")
    if not isinstance(files, dict) or not files:
        return False
    names = list(files)
    try:
        digests = file_digests([path / name for name in names])
        return all(digest[:8] == files[name][1] for name, digest in zip(names, digests))
    except (OSError, TypeError, IndexError, KeyError):
        return False


def _ready(path: Path, key: str) -> Opened | None:
    """The index at ``path`` with a reader, if it is complete and intact, else ``None``.

    One reader serves the checks and then the queries: every further reader (or document
    count) would read the table of contents and open the segments again.
    """
    marker = _manifest(path)
    if marker is None or marker.get("key") != key or not _intact(path, marker):
        return None
    reader = None
    try:
        ix = whoosh_index.open_dir(str(path), readonly=True)
        reader = ix.reader()
        if reader.doc_count() != marker.get("documents"):
            raise ValueError("document count")
        return Opened(ix, reader, (), path)
    except Exception:  # whoosh cannot read it: as good as missing
        if reader is not None:
            reader.close()
        return None


def build(corpus, target: Path, key: str, progress: Progress | None = None) -> None:
    """Write a complete index into ``target`` (a fresh directory).

    One writer process: whoosh's multi-process writer cannot stop its workers (its ``cancel``
    sets a flag on the parent's copy of each), so an interrupted build would hang or print
    their tracebacks. ``progress`` hears how far it got.
    """
    start = time.perf_counter()
    tell = progress or (lambda what, share: None)
    target.mkdir(parents=True)
    ix = whoosh_index.create_in(str(target), schema())
    writer = ix.writer(limitmb=128)
    try:
        tell("texts", 0.0)
        written: list[str] = []  # the Gujarati texts as written, for the sounds of their words
        texts = {language: clause_texts(corpus, language, written if language == "gu" else None)
                 for language in LANGUAGES}
        names = {language: card_names_in(corpus, language) for language in LANGUAGES}
        count, probe, total = 0, None, len(corpus) or 1
        for doc in documents(corpus, texts, names):
            writer.add_document(**doc)
            count += 1
            probe = probe or doc["id"]
            if count % 25 == 0:
                tell("documents", 0.1 + 0.6 * count / total)
        tell("writing", 0.7)
        writer.commit()
    except BaseException:
        try:
            writer.cancel()
        except Exception:
            pass  # the directory is removed by the caller anyway
        raise
    tell("tables", 0.9)
    write_tables(ix, target, corpus, texts, names, written)
    seconds = time.perf_counter() - start
    files = {}
    for path in sorted(target.iterdir()):
        if path.is_file() and path.name != MANIFEST and not path.name.endswith(".lock"):
            data = path.read_bytes()
            files[path.name] = [len(data), checksum(data)]
    (target / MANIFEST).write_text(json.dumps({"key": key, "documents": count, "probe": probe, "files": files,
                                               "built": time.time(), "build_seconds": round(seconds, 3)}),
                                   encoding="utf-8")
    tell("done", 1.0)


#: What is computed once per build and loaded with the index, beside whoosh's own files:
#: the concept table and the field lengths (read on every query), the vocabulary (read when
#: a word needs correcting).
TABLES, VOCABULARY = "tables.pickle", "vocabulary.pickle"
#: the fields queries score
SCORED = (*LANGUAGES, "exact", "idwords", "cardnames")


def write_tables(ix, target: Path, corpus, texts, names, written: list[str] = ()) -> None:
    """Write what queries need besides whoosh's files, so that a query neither parses and stems
    the thesaurus nor asks whoosh for thousands of field lengths one by one. ``written``: the
    Gujarati clause texts as written, whose words' sounds Latin spellings are read by."""
    with ix.reader() as reader:
        position = {clause.id: n for n, clause in enumerate(corpus)}
        stored = [fields for _, fields in reader.iter_docs()]
        concepts = {**build_thesaurus(), **one_word_titles(corpus)}
        tables = {"thesaurus": concepts, "lengths": field_lengths(reader, SCORED),
                  "order": array("I", (position.get(fields.get("id"), len(position)) for fields in stored)),
                  "kinds": [fields.get("kind", "") for fields in stored],
                  "games": [fields.get("game", "") for fields in stored],
                  "sounds": gujarati_sounds(written, names.get("gu", {})),
                  "card_words": card_translations(corpus),
                  "single_names": single_card_names(corpus, names, concepts)}
    (target / TABLES).write_bytes(pickle.dumps(tables, protocol=pickle.HIGHEST_PROTOCOL))
    words = [text for language in LANGUAGES for text in texts[language].values()]
    words += [prepare(name, "gu") for language in LANGUAGES for spellings in names[language].values()
              for name in spellings]
    words += thesaurus_words()
    vocabulary = Speller(count_words(words)).table()
    (target / VOCABULARY).write_bytes(pickle.dumps(vocabulary, protocol=pickle.HIGHEST_PROTOCOL))


def one_word_titles(corpus) -> dict[str, str]:
    """The clauses whose title in a language is one word ("Caridad", "દાન", "Charity"), by that
    word's terms there ("*title:es:carid" -> "turn.charity"): a
    question that is that word alone asks for that clause (:func:`~referee.search.query.titled`)."""
    out: dict[str, set[str]] = {}
    for language in LANGUAGES:
        text = RuleText(language)
        for clause in corpus:
            title = text(clause.id, clause.title) if language != "en" else clause.title
            # a title of one word as written: "Any time" (ગમે ત્યારે) is no title of "time"
            terms = title_terms(title, language) if len(_TOKEN.findall(title)) == 1 else None
            if terms is not None:
                for term in terms:
                    out.setdefault(f"{TITLE_KEY}:{language}:{term}", set()).add(clause.id)
    return {key: " ".join(sorted(ids)) for key, ids in out.items()}


#: the words of a card's name, as a question's are read ("Cheat!" is "cheat", "Stab-A-Matic"
#: three words)
_NAME_WORD = re.compile(TOKEN)


def card_translations(corpus) -> dict[str, dict[str, list[str]]]:
    """A card's name as players learnt it — English, or a name a language's catalog gave it
    before — folded, -> each language -> the name its catalog gives the card now, where that is
    another ("thief" -> nl "dief", de "dieb"; "magic lamp" -> nl "wonderlamp"): a Dutch question
    that names the Thief in English is about the clauses that call it Dief."""
    now = {}
    for language in LANGUAGES:
        if language != "en":
            text = RuleText(language)
            now[language] = {card.id: text(f"card:{card.id}", card.name) for card in corpus.cards.values()}
    former = former_names()
    out: dict[str, dict[str, list[str]]] = {}
    for card in corpus.cards.values():
        learnt = [card.name, *card.aliases, *(name for names in former.values() for name in names.get(card.id, ()))]
        for typed in learnt:
            key = " ".join(_NAME_WORD.findall(spelling_fold(typed)))
            if not key or len(key.split()) > MAX_NAME_WORDS:
                continue
            for language, names in now.items():
                name = " ".join(_NAME_WORD.findall(spelling_fold(names[card.id])))
                if name and name != key:
                    targets = out.setdefault(key, {}).setdefault(language, [])
                    if name not in targets:
                        targets.append(name)
    return out


#: the kinds of card whose names are the game's own words: a question says "elf", "thief",
#: "hireling" or "baby" (a monster enhancer) of the game, not of one card; and a steed is an
#: animal ("riding a turtle"), which a question names for what steeds do
_GAME_WORD_TYPES = frozenset({"race", "class", "enhancer", "hireling", "steed"})


def single_card_names(corpus, names: dict[str, dict[str, list[str]]], table) -> dict[str, frozenset[str]]:
    """Language -> the cards' whole names there that are one word ("Wunderlampe", "Gazebo",
    "Hóriás"), folded as a question's words are: typed alone, such a word names the card. Not a
    name shorter than :data:`SINGLE_NAME_MIN` letters, a race's, class's, enhancer's or
    hireling's or steed's (words of the game), nor a word the language's thesaurus groups know (a word of
    the rules' own vocabulary)."""
    kinds = {card.name: card.type for card in corpus.cards.values()}
    out = {}
    for language in LANGUAGES:
        found = set()
        for card, spellings in names.get(language, {}).items():
            if kinds.get(card) in _GAME_WORD_TYPES:
                continue
            for name in spellings:
                words = _NAME_WORD.findall(prepare(name, "gu").lower())
                if len(words) != 1:
                    continue
                key = spelling_fold(words[0])
                if len(key) < SINGLE_NAME_MIN or any(
                        f"{language}:{term}" in table for term in {key, *word_stems(words[0], language, language == "gu")}):
                    continue
                found.add(key)
        out[language] = frozenset(found)
    return out


def gujarati_sounds(written, names: dict[str, list[str]]) -> dict[str, str]:
    """The Gujarati words by their sounds (:mod:`referee.i18n.romanized`): every word of the
    Gujarati clauses, card names and thesaurus groups, as the stem it is searched by."""
    import yaml  # lazy: read only when the index is built

    words = [word for text in written for word in _TOKEN.findall(text)]
    words += [word for spellings in names.values() for name in spellings for word in _TOKEN.findall(name)]
    try:
        data = load_plain((locales_dir() / "thesaurus.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        data = {}
    words += [str(word) for group in (data.get("concepts") or {}).values() for word in (group or {}).get("gu") or ()]
    return sound_table(words, gujarati_form)


#: languages whose vocabulary holds words as their stems (prepare() stems them): a word as
#: written is no word of it
_STEMMED_VOCABULARY = frozenset({"hu", "gu"})


def thesaurus_words() -> list[str]:
    """The words of the thesaurus's concept groups, prepared as their language's clauses are:
    the players' own words ("dühöngés" where the rule says "őrjöngés") can be corrected too."""
    import yaml  # lazy: yaml 25 ms to import, read only when the index is built

    path = locales_dir() / "thesaurus.yaml"
    try:
        data = load_plain(path.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return []
    out = []
    for group in (data.get("concepts") or {}).values():
        for language, words in (group or {}).items():
            if language in LANGUAGES and isinstance(words, list):
                words = [str(word).replace(EXACT_MARK, "") for word in words]  # a phrase word's mark is no letter of it
                out.append(prepare(" ".join(words), language))
                if language not in _STEMMED_VOCABULARY:
                    # and as written where preparing rewrites them ("died", "dying" are read as
                    # "death"): a player's "diyng" or "diedd" is corrected to the word meant
                    out.append(" ".join(word for word in words if prepare(word, language) != word))
    # and the words of a second sense ("cambiarme", "lecserél"), so a sense word typed wrong
    # ("canbiarme") is corrected to it, and takes its sense
    for sense in (data.get("senses") or {}).values():
        for part in ("words", "reads"):
            for language, words in ((sense or {}).get(part) or {}).items():
                if language in LANGUAGES and isinstance(words, list):
                    out.append(prepare(" ".join(str(word) for word in words), language))
    return out


def read_table(ix, name: str):
    """One table written with the index (``None`` when it cannot be read)."""
    try:
        return pickle.loads((Path(ix.storage.folder) / name).read_bytes())
    except (OSError, pickle.UnpicklingError, AttributeError, EOFError, ValueError):
        return None


def shipped_index() -> Path:
    return prebuilt_dir() / "index"


#: an index built in a temporary directory this process (the cache could not be written),
#: by key: a long session (``referee play``) builds it once
_temporary: dict[str, Path] = {}


def open_index(corpus, rebuild: bool = False, progress: Progress | None = None) -> Opened:
    """The index for this corpus: shipped, cached, or built now (once, under a lock).

    A cache directory that cannot be written (read-only, a file, a HOME that is a file) does
    not stop a search: the index is built in a temporary directory for this process, and the
    returned :class:`Opened` carries one warning saying so.
    """
    key = content_key(corpus)
    root = cache_dir()
    final = root / f"index-{key}"
    if not rebuild:
        for place in (shipped_index(), final, _temporary.get(key)):
            opened = _ready(place, key) if place is not None else None
            if opened is not None:
                if place == final:
                    touch(final / MANIFEST)
                return opened
    try:
        return _build_in_cache(corpus, key, root, final, rebuild, progress)
    except OSError as error:  # read-only, not a directory, full: this process still searches
        warning = Message.of("cannot use the cache directory {path} ({reason}); the search index is built for "
                             "this run only. Set REFEREE_CACHE_DIR to a writable directory to keep it.",
                             path=str(root), reason=_reason(error))
    return _build_temporary(corpus, key, progress, warning)


def _build_in_cache(corpus, key: str, root: Path, final: Path, rebuild: bool, progress) -> Opened:
    # lazy: filelock 170 ms to import, which `referee search` does not need
    from filelock import FileLock  # imported here: it costs more than a warm search

    if root.exists() and not root.is_dir():  # mkdir would only say "File exists"

        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(root))
    root.mkdir(parents=True, exist_ok=True)
    with FileLock(str(root / f"index-{key}.lock"), timeout=LOCK_TIMEOUT):
        if not rebuild:
            opened = _ready(final, key)  # another process may have built it while we waited
            if opened is not None:
                return opened
        # Holding the lock, no other build of this key runs: any half-written one is dead.
        for dead in root.glob(f"index-{key}.building-*"):
            shutil.rmtree(dead, ignore_errors=True)
        temporary = root / building_name(final.name)
        try:
            build(corpus, temporary, key, progress)
            if final.exists():
                shutil.rmtree(final, ignore_errors=True)
            os.replace(temporary, final)
        except BaseException:  # Ctrl-C, a full disk: leave nothing half-written behind
            shutil.rmtree(temporary, ignore_errors=True)
            raise
        try:  # a record of builds, for whoever wonders why a search was slow once
            with open(root / "builds.log", "a", encoding="utf-8") as log:
                log.write(f"{time.time():.3f} {os.getpid()} {key}\n")
        except OSError:
            pass
        remove_stale(root, keep=final.name)
        opened = _ready(final, key)
        if opened is None:
            raise OSError(f"the index just built in {final} cannot be read back")
        return opened


def _build_temporary(corpus, key: str, progress, warning: Message) -> Opened:
    try:
        folder = Path(tempfile.mkdtemp(prefix="referee-index-"))
    except OSError as error:
        raise _unavailable(error, Path(tempfile.gettempdir())) from None
    atexit.register(shutil.rmtree, folder, True)
    try:
        build(corpus, folder / "index", key, progress)
    except BaseException as error:
        shutil.rmtree(folder, ignore_errors=True)
        if isinstance(error, OSError):
            raise _unavailable(error, folder) from None
        raise
    _temporary[key] = folder / "index"
    opened = _ready(folder / "index", key)
    if opened is None:
        raise _unavailable(OSError("cannot read back the index just built"), folder)
    return opened._replace(warnings=(warning,))


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _unavailable(error: OSError, where: Path) -> IndexUnavailable:
    return IndexUnavailable("cannot build the search index in {path}: {reason}. Free some disk space, or set "
                            "REFEREE_CACHE_DIR to a directory with room.", path=str(where), reason=_reason(error))


def info(corpus) -> IndexInfo | None:
    """The index a search would use now, if one is there and intact (``None`` otherwise)."""
    key = content_key(corpus)
    places = [(shipped_index(), "shipped"), (cache_dir() / f"index-{key}", "cache")]
    if key in _temporary:
        places.append((_temporary[key], "temporary"))
    for path, place in places:
        marker = _manifest(path)
        if marker is None or marker.get("key") != key or not _intact(path, marker):
            continue
        size = sum(p.stat().st_size for p in path.iterdir() if p.is_file())
        return IndexInfo(path, key, marker.get("documents", 0), size, marker.get("built", 0.0),
                         marker.get("build_seconds", 0.0), place)
    return None
