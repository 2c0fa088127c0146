"""Reading the corpus directory into :class:`Clause` objects, and looking clauses up.

Reading checks the shape of every file against :mod:`referee.corpus.schema` and collects every
problem instead of stopping at the first; :mod:`referee.corpus.checks` adds the checks that need
the whole corpus (ids, references, quotes, disagreements).
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from referee.corpus import schema
from referee.corpus.clause import Clause, Conflict, Lines, Relation, Source
from referee.corpus.paths import display_root
from referee.corpus.sources import Seed
from referee.data import prebuilt_dir, rules_dir
from referee.errors import InvalidFile, NotFound, Problem, quote
from referee.records import Record
from referee.yamlload import LineDict, load_yaml

#: Files of rules/ that are not topic files.
SPECIAL_FILES = {"topics.yaml", "sources.yaml", "residue.yaml", "cards.yaml"}


class Residue(Record):
    """Source text left out of the corpus on purpose, and why."""

    seed: str
    quote: str
    reason: str
    file: str
    line: int


class Corpus:
    """Every clause, by id, in table-of-contents order, with the seeds and residue."""

    def __init__(self, root: Path, clauses: list[Clause], topics: dict[str, str],
                 tags: tuple[str, ...], seeds: dict[str, Seed], residue: list[Residue], cards=()):
        self.root = root
        #: every card record read, duplicates included; ``cards`` keeps the first of each id
        self.all_cards = list(cards)
        self.cards = {}
        for card in self.all_cards:
            self.cards.setdefault(card.id, card)
        self.topics = topics
        self.tags = tags
        self.seeds = seeds
        self.residue = residue
        order = {topic: i for i, topic in enumerate(topics)}
        ordered = sorted(clauses, key=lambda c: order.get(c.topic, len(order)))
        #: every clause read, duplicates included (the checker reports them)
        self.all_clauses = ordered
        self.clauses: dict[str, Clause] = {}
        for clause in ordered:
            self.clauses.setdefault(clause.id, clause)
        self._incoming: dict[str, list[tuple[str, str]]] | None = None
        #: the key of the files it was read from, when read through the cache (see corpus_key)
        self.content_key: str | None = None
        #: how messages name the corpus directory (see display_root)
        self.display = display_root(root)

    def moved_to(self, root: Path) -> None:
        """Point the corpus read elsewhere (a pickle made at build time) at ``root``."""
        self.root = root
        self.seeds = {name: seed._replace(path=root / "sources" / seed.path.name) for name, seed in self.seeds.items()}

    def __getitem__(self, clause_id: str) -> Clause:
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise NotFound("no clause with id {id}", id=quote(clause_id)) from None

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self.clauses

    def __iter__(self):
        return iter(self.clauses.values())

    @property
    def values(self) -> dict[str, dict[str, int]]:
        """clause id -> name -> figure: the numbers of the rules, each with the clause stating it
        (a clause's ``values:``), as the engine reads them (:mod:`referee.engine.values`)."""
        found = self.__dict__.get("_values")
        if found is None:
            found = self.__dict__["_values"] = {c.id: dict(c.values) for c in self.clauses.values() if c.values}
        return found

    def __len__(self) -> int:
        return len(self.clauses)

    def related(self, clause_id: str) -> list[tuple[str, str, str]]:
        """Every relation touching a clause, from both ends: ``(other id, relation, direction)``.

        ``direction`` is ``"out"`` for relations the clause states and ``"in"`` for those stated
        on the other clause (so an erratum is found from the rule it corrects).
        """
        if self._incoming is None:
            incoming: dict[str, list[tuple[str, str]]] = {}
            for clause in self:
                for rel in clause.related:
                    incoming.setdefault(rel.id, []).append((clause.id, rel.relation))
            self._incoming = incoming
        out = [(r.id, r.relation, "out") for r in self[clause_id].related]
        seen = {(other, relation) for other, relation, _ in out}
        for other, relation in self._incoming.get(clause_id, []):
            if (other, relation) not in seen:
                out.append((other, relation, "in"))
        return out

    def rulings(self, card) -> list[Clause]:
        """The clauses that rule on a card, errata first."""
        # lazy: referee.corpus.cards 16 ms to import, paid only by the calls that need it
        from referee.corpus.cards import RULING_ORDER

        found = [c for c in self if card.name in c.cards]
        return sorted(found, key=lambda c: RULING_ORDER.index(c.kind) if c.kind in RULING_ORDER else 99)

    def conflict_groups(self) -> list[list[Clause]]:
        """The disagreements: clauses joined by ``conflicts-with``, each group in corpus order."""
        parent: dict[str, str] = {}

        def find(x: str) -> str:
            while parent.setdefault(x, x) != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for clause in self:
            for rel in clause.related:
                if rel.relation == "conflicts-with" and rel.id in self:
                    parent[find(clause.id)] = find(rel.id)
        groups: dict[str, list[Clause]] = {}
        for clause in self:
            if clause.id in parent:
                groups.setdefault(find(clause.id), []).append(clause)
        return list(groups.values())


def load_corpus(root: Path | None = None) -> Corpus:
    """Read the corpus (from the cache when its files are unchanged).

    Raise :class:`InvalidFile` listing every problem of shape.
    """
    corpus, problems = cached_read_corpus(root)
    if problems:
        raise InvalidFile(problems, what="rules corpus")
    return corpus


#: Bump when the pickled classes change shape, so old caches are never read.
CACHE_VERSION = 9
#: the parsed shipped corpus, made when the wheel is built (``hatch_build.py``)
PREBUILT = "corpus.pickle"


def corpus_key(root: Path) -> str:
    """The content key of a corpus directory: every rules file's name and bytes and the package
    version, never its place (it also keys the search index built from it)."""
    # lazy: referee.cache 2 ms to import, paid only by the calls that need it
    from referee.cache import content_digest

    return content_digest(f"corpus {CACHE_VERSION}", yaml_files(root))


def yaml_files(root: Path) -> list[Path]:
    """The ``*.yaml`` files of a folder, by name (none when it is no folder). Listed with
    ``os.scandir`` and sorted as names: pathlib's glob and the sorting of paths were half of
    working out a corpus's key, which every command run in a long-lived process does."""
    try:
        with os.scandir(root) as entries:
            names = sorted(entry.name for entry in entries if entry.name.endswith(".yaml"))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [root / name for name in names]


def cached_read_corpus(root: Path | None = None) -> tuple[Corpus, list[Problem]]:
    """:func:`read_corpus`, from the corpus the wheel ships or the user cache when the files are
    unchanged.

    Parsing several hundred clauses with line numbers costs more than a whole command should;
    the parsed corpus is pickled under a key of every file's bytes, so any edit is a miss. The
    pickle carries a checksum (a damaged one is parsed again) and is read back into the
    directory it is used for, wherever it was made.
    """
    root = Path(root) if root else rules_dir()
    try:
        key = corpus_key(root)
    except OSError:
        return read_corpus(root)
    remembered = _READ.get((str(root), key))
    if remembered is not None:  # a long-lived process (session, server) reads each version once
        return remembered
    result = _READ[(str(root), key)] = _read_cached(root, key)
    return result


#: (root, content key) -> what cached_read_corpus returned, for this process
_READ: dict[tuple[str, str], tuple] = {}


def _read_cached(root: Path, key: str) -> tuple[Corpus, list[Problem]]:
    # lazy: referee.cache 2 ms, pickle 2 ms to import, paid only by the calls that need it
    import pickle

    from referee.cache import cache_dir, read_checked, remove_stale, touch, write_checked

    label = _label(root, key)
    cached = None  # the user cache's place is found only when the shipped pickle will not do
    for place in (prebuilt_dir() / PREBUILT, None):
        if place is None:
            place = cached = cache_dir() / f"corpus-{label}.pickle"
        data = read_checked(place)
        if data is None:
            continue
        try:
            made_for, result = pickle.loads(data)
        except Exception:  # from another version of the classes: parse again
            continue
        if made_for == label:
            if place == cached:
                touch(cached)
            result[0].moved_to(root)
            return result
    result = read_corpus(root)
    result[0].content_key = key
    cached = cached or cache_dir() / f"corpus-{label}.pickle"
    try:
        write_checked(cached, parsed_bytes(root, key, result))
        remove_stale(cached.parent, keep=cached.name)
    except OSError:
        pass  # a read-only cache only costs speed
    return result


def _label(root: Path, key: str) -> str:
    """The content key and how messages name the directory (they are in the pickle too)."""
    return f"{key}-{zlib.crc32(display_root(root).encode()):08x}"


def parsed_bytes(root: Path, key: str, result: tuple[Corpus, list[Problem]]) -> bytes:
    """The parsed corpus as :func:`cached_read_corpus` reads it back (before the checksum)."""
    # lazy: pickle 2 ms to import, paid only by the calls that need it
    import pickle

    return pickle.dumps((_label(root, key), result), protocol=pickle.HIGHEST_PROTOCOL)


def read_corpus(root: Path | None = None) -> tuple[Corpus, list[Problem]]:
    """Read the corpus as far as it goes; return it with every problem found on the way."""
    root = Path(root) if root else rules_dir()
    problems: list[Problem] = []
    if not root.is_dir():
        raise InvalidFile([Problem(str(root), None, "", "the rules directory does not exist")],
                          what="rules corpus")
    files = yaml_files(root)
    if not any(path.name not in SPECIAL_FILES for path in files):
        raise InvalidFile([Problem(display_root(root), None, "", "no rules corpus here: expected topics.yaml and one "
                                   "YAML file of clauses per topic (see rules/README.md); check the directory given")],
                          what="rules corpus")
    topics, tags = _read_topics(root, problems)
    seeds = _read_seeds(root, problems)
    residue = _read_residue(root, problems)
    clauses: list[Clause] = []
    for path in files:
        if path.name not in SPECIAL_FILES:
            clauses.extend(_read_topic_file(path, root, topics, problems))
    # lazy: referee.corpus.cards 16 ms to import, paid only by the calls that need it
    from referee.corpus.cards import read_cards

    cards = read_cards(root, _load, check_fields, problems)
    return Corpus(root, clauses, topics, tags, seeds, residue, cards), problems


def _display(path: Path, root: Path) -> str:
    return f"{display_root(root)}/{path.relative_to(root).as_posix()}"


def _load(path: Path, root: Path, problems: list[Problem]):
    # lazy: yaml 85 ms to import, paid only by the calls that need it
    import yaml

    name = _display(path, root)
    try:
        data, duplicates = load_yaml(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        problems.append(Problem(name, None, "", f"not UTF-8 text ({exc.reason})"))
        return None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problems.append(Problem(name, line, "", f"not valid YAML: {getattr(exc, 'problem', exc)}"))
        return None
    for key, line in duplicates:
        problems.append(Problem(name, line, key, "duplicate key (only one is allowed)"))
    return data


def check_fields(mapping, spec: dict, file: str, field: str, problems: list[Problem]) -> bool:
    """Check a mapping against a closed spec; report unknown, missing and mistyped keys."""
    if not isinstance(mapping, dict):
        problems.append(Problem(file, getattr(mapping, "line", None), field,
                                f"expected a mapping, got {type(mapping).__name__}"))
        return False
    ok = True
    line_of = mapping.line_of if isinstance(mapping, LineDict) else (lambda _k: None)
    prefix = f"{field}." if field else ""
    for key in mapping:
        if key not in spec:
            problems.append(Problem(file, line_of(key), f"{prefix}{key}",
                                    f"unknown key (expected one of: {', '.join(spec)})"))
            ok = False
    for key, (required, kind) in spec.items():
        if key not in mapping:
            if required:
                problems.append(Problem(file, getattr(mapping, "line", None), f"{prefix}{key}",
                                        "missing (required)"))
                ok = False
        elif not isinstance(mapping[key], kind) or (kind is not bool and isinstance(mapping[key], bool)):
            problems.append(Problem(file, line_of(key), f"{prefix}{key}",
                                    f"expected {schema.TYPE_NAMES[kind]}, got {mapping[key]!r}"))
            ok = False
        elif required and kind is str and not mapping[key].strip():
            # a blank title, text, quote or reason says nothing: as good as missing
            problems.append(Problem(file, line_of(key), f"{prefix}{key}", "empty (expected some text)"))
    return ok


def _read_topics(root: Path, problems: list[Problem]) -> tuple[dict[str, str], tuple[str, ...]]:
    path = root / "topics.yaml"
    data = _load(path, root, problems) if path.exists() else None
    if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
        problems.append(Problem(_display(path, root), None, "files", "expected a mapping of topic files"))
        return {}, ()
    tags = data.get("tags") or []
    return {str(k): str(v) for k, v in data["files"].items()}, tuple(str(t) for t in tags)


def _read_seeds(root: Path, problems: list[Problem]) -> dict[str, Seed]:
    path = root / "sources.yaml"
    name = _display(path, root)
    data = _load(path, root, problems) if path.exists() else None
    if not isinstance(data, list):
        problems.append(Problem(name, None, "", "expected a list of source texts"))
        return {}
    seeds = {}
    spec = {"seed": (True, str), "lang": (True, str), "title": (True, str), "repair": (False, str),
            "games": (False, list)}
    for i, entry in enumerate(data):
        if check_fields(entry, spec, name, f"[{i}]", problems):
            seed_path = root / "sources" / entry["seed"]
            if not seed_path.is_file():
                problems.append(Problem(name, entry.line, f"[{i}].seed", f"no file {display_root(root)}/sources/{entry['seed']}"))
                continue
            games = tuple(str(g) for g in entry.get("games") or ())
            for game in games:
                if game not in schema.GAMES:
                    problems.append(Problem(name, entry.line_of("games"), f"[{i}].games",
                                            f"unknown value {game!r} (expected one of: {', '.join(schema.GAMES)})"))
            seeds[entry["seed"]] = Seed(entry["seed"], entry["lang"], entry["title"],
                                        entry.get("repair"), seed_path, games)
    return seeds


def _read_residue(root: Path, problems: list[Problem]) -> list[Residue]:
    path = root / "residue.yaml"
    if not path.exists():
        return []
    name = _display(path, root)
    data = _load(path, root, problems)
    if not isinstance(data, list):
        problems.append(Problem(name, None, "", "expected a list of residue entries"))
        return []
    out = []
    for i, entry in enumerate(data):
        if check_fields(entry, schema.RESIDUE_KEYS, name, f"[{i}]", problems):
            out.append(Residue(entry["seed"], entry["quote"], entry["reason"], name, entry.line))
    return out


def _read_topic_file(path: Path, root: Path, topics: dict[str, str],
                     problems: list[Problem]) -> list[Clause]:
    name = _display(path, root)
    data = _load(path, root, problems)
    if data is None:
        return []
    if not check_fields(data, schema.FILE_KEYS, name, "", problems):
        if not isinstance(data, dict) or not isinstance(data.get("clauses"), list):
            return []
    topic = path.stem
    if data.get("topic") != topic:
        problems.append(Problem(name, data.line_of("topic"), "topic",
                                f"expected {topic!r} (the file's name), got {data.get('topic')!r}"))
    if topic not in topics:
        problems.append(Problem(name, data.line_of("topic"), "topic",
                                f"{topic!r} is not a topic file listed in {display_root(root)}/topics.yaml"))
    clauses = []
    for i, raw in enumerate(data.get("clauses") or []):
        clause = _read_clause(raw, topic, name, i, problems)
        if clause is not None:
            clauses.append(clause)
    return clauses


def _read_clause(raw, topic: str, file: str, index: int, problems: list[Problem]) -> Clause | None:
    key = raw.get("key") if isinstance(raw, dict) else None
    field = f"{topic}.{key}" if isinstance(key, str) else f"clauses[{index}]"
    if not check_fields(raw, schema.CLAUSE_KEYS, file, field, problems):
        if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("key", "title", "text")):
            return None
    line_of = raw.line_of

    def report(name: str, message: str, line: int | None = None) -> None:
        problems.append(Problem(file, line or line_of(name), f"{field}.{name}", message))

    if not schema.KEY_PATTERN.match(key):
        report("key", "expected lowercase words joined by hyphens, like 'run-away-roll'")
    for name, allowed in (("kind", schema.KINDS), ("game", schema.GAMES)):
        if isinstance(raw.get(name), str) and raw[name] not in allowed:
            report(name, f"unknown value {raw[name]!r} (expected one of: {', '.join(allowed)})")
    if raw.get("basis") is not None and raw.get("basis") not in schema.BASES:
        report("basis", f"unknown value {raw['basis']!r} (expected one of: {', '.join(schema.BASES)})")

    sources = []
    for j, entry in enumerate(_list(raw, "sources")):
        if check_fields(entry, schema.SOURCE_KEYS, file, f"{field}.sources[{j}]", problems):
            sources.append((Source(entry["seed"], entry["lang"], entry["quote"]),
                            {k: entry.line_of(k) for k in ("seed", "lang", "quote")}))
    related = []
    for j, entry in enumerate(_list(raw, "related")):
        if check_fields(entry, schema.RELATION_KEYS, file, f"{field}.related[{j}]", problems):
            if entry["relation"] not in schema.RELATIONS:
                problems.append(Problem(file, entry.line_of("relation"), f"{field}.related[{j}].relation",
                                        f"unknown value {entry['relation']!r} (expected one of: "
                                        f"{', '.join(schema.RELATIONS)})"))
            related.append((Relation(entry["id"], entry["relation"]), entry.line))
    conflict = None
    if isinstance(raw.get("conflict"), dict) and check_fields(raw["conflict"], schema.CONFLICT_KEYS,
                                                                file, f"{field}.conflict", problems):
        conflict = Conflict(raw["conflict"]["followed"], raw["conflict"]["why"])
    topics_ = tuple(str(t) for t in _list(raw, "topics"))
    cards = tuple(str(c) for c in _list(raw, "cards"))

    clause = Clause(
        id=f"{topic}.{key}", topic=topic, key=key, title=raw["title"], text=raw["text"].strip(),
        kind=str(raw.get("kind")), game=str(raw.get("game")), topics=topics_,
        sources=tuple(s for s, _ in sources), related=tuple(r for r, _ in related),
        conflict=conflict, cards=cards, note=raw.get("note") if isinstance(raw.get("note"), str) else None,
        basis=raw.get("basis") if isinstance(raw.get("basis"), str) else None,
        not_adjudicable=raw.get("not_adjudicable") if isinstance(raw.get("not_adjudicable"), str) else None,
        values=_values(raw, report),
        file=file, line=raw.line,
        lines=Lines({"sources": [ln for _, ln in sources], "related": [ln for _, ln in related],
                     "topics": line_of("topics"), "conflict": line_of("conflict"), "key": line_of("key"),
                     "text": line_of("text"), "note": line_of("note"), "kind": line_of("kind"), "game": line_of("game"),
                     "cards": line_of("cards"), "not_adjudicable": line_of("not_adjudicable"),
               "values": line_of("values")}),
    )
    return clause


def _values(raw, report) -> dict[str, int]:
    """A clause's ``values:``: the figures it states, each a name and a whole number."""
    given = raw.get("values")
    if given is None:
        return {}
    if not isinstance(given, dict):
        report("values", "expected a mapping of name -> number, like {hand_limit: 5}")
        return {}
    out = {}
    for name, value in given.items():
        if not isinstance(name, str) or not schema.VALUE_NAME.match(name):
            report("values", f"{name!r} is no value name: expected lowercase words joined by underscores, like "
                             "'hand_limit'", given.line_of(name) if hasattr(given, "line_of") else None)
        elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= schema.MAX_VALUE:
            report(f"values.{name}", f"expected a whole number from 0 to {schema.MAX_VALUE}, not {value!r}",
                   given.line_of(name) if hasattr(given, "line_of") else None)
        else:
            out[name] = value
    return out


def _list(raw: dict, name: str) -> list:
    value = raw.get(name)
    return value if isinstance(value, list) else []

