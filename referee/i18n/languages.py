"""The languages referee speaks: the catalogs under ``locales/``, described by ``locales/languages.yaml``.

A language exists when ``locales/<code>/LC_MESSAGES/`` holds its catalogs; English, the
corpus's own text, always exists. ``locales/languages.yaml`` gives each language the name it
calls itself, its status and how search reads it (the file's comments say what each value
means). Adding a language is ``referee i18n init CODE``: its catalogs and an entry in that file,
no change to Python.

A catalog directory the file does not describe is still a language (``in-progress``, whole-word
search) and ``referee i18n check`` asks for its entry; an entry without catalogs is no language.

Every command asks for the list (``--lang`` is checked against it, and ``--help`` lists it), so
the parsed file is kept in the user cache as JSON while the file is unchanged (its size and
modification time, as the card names are kept): PyYAML is imported only when the file changed,
and neither pickle nor the memo of file digests is read for it (3 ms of a ``referee --help``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from referee.cache import file_stamp, kept_data
from referee.data import locales_dir
from referee.errors import Problem
from referee.records import Record
from referee.yamlload import load_yaml

#: The corpus's own language: its texts are the msgids, it has no catalogs.
SOURCE = "en"
STATUSES = ("complete", "in-progress")
SEARCH_ANALYSES = ("snowball", "hungarian", "gujarati", "words")
FILE = "languages.yaml"
#: Bump when the cached shape changes.
_CACHE_VERSION = 2


class Language(Record):
    code: str
    name: str
    status: str = "in-progress"
    search: str = "words"
    #: described in locales/languages.yaml (an undescribed catalog directory gets the defaults)
    listed: bool = False

    @property
    def complete(self) -> bool:
        return self.status == "complete"


def catalog_codes(root: Path) -> list[str]:
    """The codes of ``root``'s catalog directories (``<code>/LC_MESSAGES`` with a .po or .mo)."""
    try:
        folders = sorted(p for p in root.iterdir() if (p / "LC_MESSAGES").is_dir())
    except OSError:
        return []
    return [p.name for p in folders
            if any(f.suffix in (".po", ".mo") for f in (p / "LC_MESSAGES").iterdir())]


def read_descriptions(root: Path) -> tuple[dict[str, Language], list[Problem]]:
    """``locales/languages.yaml`` read with line numbers: each entry, and what is wrong with it."""
    # lazy: yaml 45 ms to import, which `referee rule` does not need
    import yaml

    name = f"locales/{FILE}"
    path = root / FILE
    try:
        data, duplicates = load_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}, [Problem(name, None, "", "missing: it lists each language's name, status and search "
                                            "analysis (see `referee i18n init`)")]
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        mark = getattr(error, "problem_mark", None)
        return {}, [Problem(name, mark.line + 1 if mark else None, "", f"not valid YAML: {error}")]
    problems = [Problem(name, line, key, "listed twice") for key, line in duplicates]
    entries = data.get("languages") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        return {}, problems + [Problem(name, getattr(data, "line", None), "languages",
                                       "expected a mapping of language code -> {name, status, search}")]
    out = {}
    for code, entry in entries.items():
        line = entries.line_of(code)
        where = f"languages.{code}"
        if not isinstance(entry, dict):
            problems.append(Problem(name, line, where, "expected {name: …, status: …, search: …}"))
            continue
        for key in entry:
            if key not in ("name", "status", "search"):
                problems.append(Problem(name, entry.line_of(key), f"{where}.{key}",
                                        "unknown key (expected name, status, search)"))
        status, search, title = entry.get("status"), entry.get("search"), entry.get("name")
        if status not in STATUSES:
            problems.append(Problem(name, entry.line_of("status"), f"{where}.status",
                                    f"expected one of: {', '.join(STATUSES)}"))
        if search not in SEARCH_ANALYSES:
            problems.append(Problem(name, entry.line_of("search"), f"{where}.search",
                                    f"expected one of: {', '.join(SEARCH_ANALYSES)}"))
        if not isinstance(title, str) or not title.strip():
            problems.append(Problem(name, entry.line_of("name"), f"{where}.name",
                                    "expected the language's name in that language"))
        out[str(code)] = Language(str(code), title if isinstance(title, str) and title.strip() else str(code),
                                  status if status in STATUSES else "in-progress",
                                  search if search in SEARCH_ANALYSES else "words", True)
    return out, problems


def _cached_descriptions(root: Path) -> dict[str, Language]:
    """:func:`read_descriptions` through the user cache (keyed by the file's place, size,
    modification time and inode: :func:`referee.cache.file_stamp`)."""
    path = root / FILE

    def read() -> dict:
        return {code: list(lang) for code, lang in read_descriptions(root)[0].items()}

    stamp = file_stamp(path)
    kept = kept_data("languages", (_CACHE_VERSION, stamp), read) if stamp is not None else read()
    try:
        return {code: Language(*fields) for code, fields in kept.items()}
    except TypeError:  # a copy of another shape
        return {code: Language(*fields) for code, fields in read().items()}


@lru_cache(maxsize=8)
def _languages(root: Path) -> dict[str, Language]:
    described = _cached_descriptions(root)
    present = [code for code in catalog_codes(root) if code != SOURCE]
    ordered = [SOURCE] + [code for code in described if code in present]
    ordered += [code for code in present if code not in ordered]
    source = described.get(SOURCE) or Language(SOURCE, "English", "complete", "snowball", False)
    return {code: source if code == SOURCE else described.get(code) or Language(code, code)
            for code in ordered}


def languages(root: Path | None = None) -> dict[str, Language]:
    """Every language, English first, then in the order of locales/languages.yaml."""
    return _languages(Path(root) if root else locales_dir())


def codes(root: Path | None = None) -> tuple[str, ...]:
    return tuple(languages(root))


def translated(root: Path | None = None) -> tuple[str, ...]:
    """The languages with catalogs (every one but English)."""
    return tuple(code for code in languages(root) if code != SOURCE)


def language(code: str) -> Language:
    return languages().get(code) or Language(code, code)


def __getattr__(name: str):
    # ``LANGUAGES``: the codes of every language, ``en`` (the canonical text) first. They are
    # data (the catalogs under locales/), so the tuple is read when first asked for.
    if name == "LANGUAGES":
        return codes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
