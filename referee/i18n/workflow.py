"""The localizer's workflow: extract, update, compile — done by Babel itself, as ``pybabel`` would.

Each step runs Babel's own command line in-process from the project directory, so
``referee i18n update`` and ``pybabel update -i locales/rules.pot -d locales -D rules`` are the
same operation with the same configuration (``[tool.babel]`` in pyproject.toml).
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from referee import LANGUAGES
from referee.data import locales_dir
from referee.errors import BadInput
from referee.i18n.catalogs import CLI_DOMAIN, RULES_DOMAIN

#: domain -> the directory its messages are extracted from (relative to the project)
SOURCES = {RULES_DOMAIN: "rules", CLI_DOMAIN: "referee"}
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


def project_dir() -> Path:
    """The source checkout that holds pyproject.toml, rules/ and locales/."""
    root = locales_dir().parent
    if (root / "pyproject.toml").is_file() and (root / "rules").is_dir():
        return root
    here = Path.cwd()
    if (here / "pyproject.toml").is_file() and (here / "locales").is_dir():
        return here
    raise BadInput("the localization workflow runs in a source checkout of referee "
                   "(a directory with pyproject.toml, rules/ and locales/); run it from there")


@contextlib.contextmanager
def _in(directory: Path):
    previous = os.getcwd()
    os.chdir(directory)
    try:
        yield
    finally:
        os.chdir(previous)


def pybabel(*args: str, project: Path | None = None) -> tuple[int, str]:
    """Run ``pybabel ARGS`` in-process in the project directory; return (status, output)."""
    from babel.messages.frontend import CommandLineInterface

    output = io.StringIO()
    with _in(project or project_dir()), contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        try:
            status = CommandLineInterface().run(["pybabel", *args]) or 0
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 1
    return status, output.getvalue()


def _messages(path: Path) -> set:
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
        target = project / "locales" / f"{domain}.pot"
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / f"{domain}.pot"
            status, output = pybabel("extract", "-o", str(fresh), source, project=project)
            if status:
                raise BadInput("pybabel {step} failed for {domain}:\n{output}", step="extract", domain=domain,
                               output=output)
            if not target.exists() or _messages(fresh) != _messages(target):
                target.write_bytes(fresh.read_bytes())
                changed.append(domain)
    return changed


def update(project: Path | None = None) -> str:
    """Merge the templates into every language's catalog (changed texts become fuzzy)."""
    out = []
    for domain in SOURCES:
        status, output = pybabel("update", "-i", f"locales/{domain}.pot", "-d", "locales", "-D", domain,
                                 project=project)
        if status:
            raise BadInput("pybabel {step} failed for {domain}:\n{output}", step="update", domain=domain,
                               output=output)
        out.append(output)
    return "".join(out)


def compile_catalogs(project: Path | None = None) -> str:
    """Compile every catalog to the ``.mo`` files that run (fuzzy entries are left out)."""
    out = []
    for domain in SOURCES:
        status, output = pybabel("compile", "-d", "locales", "-D", domain, "--statistics", project=project)
        if status:
            raise BadInput("pybabel {step} failed for {domain}:\n{output}", step="compile", domain=domain,
                               output=output)
        out.append(output)
    return "".join(out)


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
        return self.translated / self.total if self.total else 1.0

    def as_dict(self) -> dict:
        return {"translated": self.translated, "fuzzy": self.fuzzy, "untranslated": self.untranslated,
                "obsolete": self.obsolete, "total": self.total, "share": round(self.share, 4)}


@dataclass
class LanguageStats:
    language: str
    domains: dict[str, Counts] = field(default_factory=dict)
    by_seed: dict[str, Counts] = field(default_factory=dict)

    @property
    def overall(self) -> Counts:
        total = Counts()
        for counts in self.domains.values():
            for name in ("translated", "fuzzy", "untranslated", "obsolete"):
                setattr(total, name, getattr(total, name) + getattr(counts, name))
        return total


def catalog_path(language: str, domain: str) -> Path:
    return locales_dir() / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(language: str, domain: str):
    from babel.messages.pofile import read_po

    with open(catalog_path(language, domain), "rb") as handle:
        return read_po(handle)


def stats(corpus) -> list[LanguageStats]:
    """Translated / fuzzy / untranslated / obsolete per language, domain and source seed.

    A fuzzy entry is never counted as translated: gettext does not use it.
    """
    seeds_of = {c.id: sorted({s.seed for s in c.sources}) or ["published-card"] for c in corpus}
    report = []
    for language in TRANSLATED:
        entry = LanguageStats(language)
        for domain in SOURCES:
            counts = Counts()
            if catalog_path(language, domain).exists():
                catalog = read_catalog(language, domain)
                counts.obsolete = len(catalog.obsolete)
                for message in catalog:
                    if not message.id:
                        continue
                    state = ("fuzzy" if message.fuzzy else
                             "translated" if _complete(message) else "untranslated")
                    setattr(counts, state, getattr(counts, state) + 1)
                    if domain == RULES_DOMAIN:
                        for seed in seeds_of.get(message.context, ["topics"]):
                            per = entry.by_seed.setdefault(seed, Counts())
                            setattr(per, state, getattr(per, state) + 1)
            entry.domains[domain] = counts
        report.append(entry)
    return report


def _complete(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(s for s in strings)
