"""The localizer's workflow: init, extract, update, compile — done by Babel itself, as ``pybabel`` would.

Each step runs Babel's own command line in-process on the catalogs being read
(:func:`referee.data.locales_origin`: ``--locales``, ``REFEREE_LOCALES``, the working copy or
the installed copy), so ``referee i18n update`` and ``pybabel update -i locales/rules.pot -d
locales -D rules`` are the same operation. Steps run from the project directory when there is
one, so its ``[tool.babel]`` configuration applies as it does to ``pybabel``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from referee.data import checkout, is_checkout, locales_dir
from referee.errors import BadInput
from referee.i18n.catalogs import CLI_DOMAIN, RULES_DOMAIN
from referee.i18n.languages import FILE as LANGUAGES_FILE, _languages
from referee.i18n.languages import SOURCE, languages, translated

#: domain -> the directory its messages are extracted from (relative to the project)
SOURCES = {RULES_DOMAIN: "rules", CLI_DOMAIN: "referee"}
#: a language code `i18n init` accepts: ISO 639-1 or -3, as `--lang` reads it
_PLAIN_CODE = re.compile(r"^[a-z]{2,3}$")


def project_dir() -> Path:
    """The source checkout whose sources ``extract`` reads (pyproject.toml, rules/, referee/)."""
    root = locales_dir().parent
    if is_checkout(root):
        return root
    found = checkout()
    if found is not None:
        return found
    raise BadInput("extracting messages needs a source checkout of referee (a directory with pyproject.toml, "
                   "rules/ and locales/); run it from there")


def _workdir() -> Path:
    """Where pybabel runs: the project (its pyproject.toml configures Babel), else the catalogs."""
    root = locales_dir().parent
    return root if is_checkout(root) else locales_dir()


@contextlib.contextmanager
def _in(directory: Path):
    previous = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(previous)


def pybabel(*args: str, project: Path | None = None) -> tuple[int, str]:
    """Run ``pybabel ARGS`` in-process in ``project`` (default: see :func:`_workdir`)."""
    # lazy: babel.messages.frontend 68 ms to import, paid only by the calls that need it
    from babel.messages.frontend import CommandLineInterface

    output = io.StringIO()
    with _in(project or _workdir()), contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        try:
            status = CommandLineInterface().run(["pybabel", *args]) or 0
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
    return status, output.getvalue()


def _run(step: str, domain: str, *args: str, project: Path | None = None) -> str:
    status, output = pybabel(step, *args, project=project)
    if status:
        raise BadInput("pybabel {step} failed for {domain}:\n{output}", step=step, domain=domain, output=output)
    return output


def _messages(path: Path) -> set:
    # lazy: babel.messages.pofile 71 ms to import, paid only by the calls that need it
    from babel.messages.pofile import read_po

    with open(path, "rb") as handle:
        catalog = read_po(handle)
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id), tuple(m.auto_comments),
             tuple(loc for loc, _ in m.locations)) for m in catalog if m.id}


def extract(project: Path | None = None) -> list[str]:
    """Rewrite each template whose messages changed; return the domains rewritten.

    An unchanged template is left alone, so its creation date (which the catalogs record)
    does not move and ``pybabel update --check`` stays quiet.
    """
    project = project or project_dir()
    changed = []
    for domain, source in SOURCES.items():
        target = locales_dir() / f"{domain}.pot"
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / f"{domain}.pot"
            _run("extract", domain, "-o", str(fresh), source, project=project)
            if not target.exists() or _messages(fresh) != _messages(target):
                target.write_bytes(fresh.read_bytes())
                changed.append(domain)
    return changed


def update() -> str:
    """Merge the templates into every language's catalog (changed texts become fuzzy).

    The templates' creation date is not copied into the catalogs: a run that changes no message
    changes no file.
    """
    root = locales_dir()
    return "".join(_run("update", domain, "-i", str(root / f"{domain}.pot"), "-d", str(root), "-D", domain,
                        "--ignore-pot-creation-date") for domain in SOURCES)


def compile_catalogs() -> list[tuple[Path, int, int]]:
    """Compile every catalog to the ``.mo`` files that run (fuzzy entries are left out); for
    each, ``(catalog, translated, messages)``, which the command says in the reader's language
    (Babel's own statistics are English, and its log keeps the stream of its first run only).

    Each ``.mo`` is compiled beside its place and moved over it in one step: a command running
    meanwhile reads the old catalog or the new one, never half a file (``pybabel compile``
    alone writes the ``.mo`` in place).
    """
    root = locales_dir()
    said = []
    for code in translated(root):
        for domain in SOURCES:
            catalog = root / code / "LC_MESSAGES" / f"{domain}.po"
            if not catalog.is_file():
                continue
            messages = _refuse_broken(catalog)
            compiled = catalog.with_suffix(".mo")
            fd, fresh = tempfile.mkstemp(dir=catalog.parent, prefix=f".{compiled.name}.", suffix=".tmp")
            os.close(fd)
            try:
                _run("compile", domain, "-i", str(catalog), "-o", fresh, "-l", code)
                os.chmod(fresh, 0o644)  # as a file written in place would be, not mkstemp's 0600
                os.replace(fresh, compiled)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(fresh)
            forms = (lambda s: s if isinstance(s, (list, tuple)) else (s,))  # one, or one per plural form
            done = [m for m in messages if m.id and not m.fuzzy and all(forms(m.string))]
            said.append((catalog, len(done), len([m for m in messages if m.id])))
    return said


def _refuse_broken(catalog: Path):
    """The catalog as Babel reads it; one it cannot read whole is refused before anything is
    compiled from it: ``pybabel compile`` only warns, and would replace the working ``.mo``
    with an empty one."""
    # lazy: babel.messages.pofile 71 ms to import, paid only by the calls that need it
    from babel.messages.pofile import PoFileError, read_po

    try:
        with open(catalog, "rb") as handle:
            return read_po(handle, abort_invalid=True)
    except PoFileError as problem:
        raise BadInput("{path}: Babel cannot read it ({problem}); nothing was compiled from it and its .mo "
                       "is as it was: fix it and run `referee i18n compile` again",
                       path=str(catalog), problem=str(problem)) from None
    except UnicodeDecodeError:
        raise BadInput("{path}: not UTF-8 text; nothing was compiled from it and its .mo is as it was",
                       path=str(catalog)) from None


def default_analysis(code: str) -> str:
    """The analysis a new language starts with: Snowball where whoosh can stem it."""
    # lazy: whoosh.lang costs under 1 ms, but whoosh is kept behind referee.search: only asked here
    from whoosh.lang import has_stemmer

    return "snowball" if has_stemmer(code) else "words"


def init(code: str) -> list[Path]:
    """Start a language: its catalogs from the templates, its entry in languages.yaml, compiled.

    The catalogs are made by ``pybabel init``, so their headers (plural forms above all) are
    Babel's for that language. The new language is ``in-progress``: it works at once, showing
    English (marked) wherever it has no translation yet.
    """
    # lazy: babel 14 ms to import, paid only by the calls that need it
    from babel import Locale, UnknownLocaleError

    root = locales_dir()
    if not _PLAIN_CODE.match(code or ""):
        raise BadInput("{code}: expected a language code of two or three lower-case letters (ISO 639), "
                       "such as fr or pt", code=repr(code))
    if code == SOURCE:
        raise BadInput("{code} is the corpus's own language; it has no catalogs", code=repr(code))
    if code in languages():
        raise BadInput("{code} already has catalogs in {path}", code=repr(code), path=str(root / code))
    try:
        locale = Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        raise BadInput("{code}: Babel has no locale data for this language (its plural forms, its numbers); "
                       "check the code", code=repr(code)) from None
    for domain in SOURCES:
        if not (root / f"{domain}.pot").is_file():
            raise BadInput("{path}: missing template; run `referee i18n extract` in a checkout first",
                           path=str(root / f"{domain}.pot"))
    made = []
    for domain in SOURCES:
        _run("init", domain, "-i", str(root / f"{domain}.pot"), "-d", str(root), "-D", domain, "-l", code)
        made.append(root / code / "LC_MESSAGES" / f"{domain}.po")
    name = locale.get_display_name(code) or code
    _describe(root / LANGUAGES_FILE, code, name[:1].upper() + name[1:], default_analysis(code))
    _languages_changed()
    compile_catalogs()
    return made


def _describe(path: Path, code: str, name: str, search: str) -> None:
    """Add the language's line to languages.yaml, keeping the file's comments and layout."""
    line = f"  {code}: {{name: {json.dumps(name, ensure_ascii=False)}, status: in-progress, search: {search}}}\n"
    text = path.read_text(encoding="utf-8") if path.exists() else "languages:\n"
    if "languages:" not in text:
        text += "languages:\n"
    path.write_text(text + ("" if text.endswith("\n") else "\n") + line, encoding="utf-8")


def _languages_changed() -> None:
    _languages.cache_clear()


@dataclass
class Counts:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    obsolete: int = 0

    @property
    def total(self) -> int:
        return self.translated + self.fuzzy + self.untranslated

    @property
    def share(self) -> float:
        """The exact fraction translated (1.0 only when nothing is missing)."""
        return self.translated / self.total if self.total else 1.0

    def as_dict(self) -> dict:
        return {"translated": self.translated, "fuzzy": self.fuzzy, "untranslated": self.untranslated,
                "obsolete": self.obsolete, "total": self.total, "share": self.share}

    def add(self, other: "Counts") -> None:
        for name in ("translated", "fuzzy", "untranslated", "obsolete"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def floor_share(counts: Counts, digits: int = 1) -> float:
    """The share translated, rounded down to ``digits`` decimals of a percent: 1869 of 1870 is
    99.9 %, never 100 %."""
    if counts.total == 0:
        return 1.0
    scale = 100 * 10 ** digits
    return (counts.translated * scale // counts.total) / scale


@dataclass
class LanguageStats:
    language: str
    status: str = "in-progress"
    domains: dict[str, Counts] = field(default_factory=dict)
    by_seed: dict[str, Counts] = field(default_factory=dict)

    @property
    def overall(self) -> Counts:
        total = Counts()
        for counts in self.domains.values():
            total.add(counts)
        return total


def catalog_path(language: str, domain: str) -> Path:
    return locales_dir() / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(language: str, domain: str):
    # lazy: babel.messages.pofile 71 ms to import, paid only by the calls that need it
    from babel.messages.pofile import read_po

    with open(catalog_path(language, domain), "rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def state(message) -> str:
    """``translated``, ``fuzzy`` or ``untranslated``: a fuzzy entry is never done (gettext skips it)."""
    if message.fuzzy:
        return "fuzzy"
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return "translated" if all(strings) else "untranslated"


def stats(corpus) -> list[LanguageStats]:
    """Translated / fuzzy / untranslated / obsolete per language, domain and source seed."""
    seeds_of = {c.id: sorted({s.seed for s in c.sources}) or ["published-card"] for c in corpus}
    report = []
    known = languages()
    for language in translated():
        entry = LanguageStats(language, known[language].status)
        for domain in SOURCES:
            counts = Counts()
            if catalog_path(language, domain).exists():
                catalog = read_catalog(language, domain)
                counts.obsolete = len(catalog.obsolete)
                for message in catalog:
                    if not message.id:
                        continue
                    kind = state(message)
                    setattr(counts, kind, getattr(counts, kind) + 1)
                    if domain == RULES_DOMAIN:
                        for seed in seeds_of.get(message.context, ["topics"]):
                            per = entry.by_seed.setdefault(seed, Counts())
                            setattr(per, kind, getattr(per, kind) + 1)
            entry.domains[domain] = counts
        report.append(entry)
    return report
