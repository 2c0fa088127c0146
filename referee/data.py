"""Where the data lives: ``rules/`` and ``locales/``, in the working copy or the installed one.

An installed wheel carries both in ``referee/_data/``; a source checkout has them at the top of
the repository. Run inside a checkout of referee (the current directory or one above it), every
command reads that checkout's files, so a localizer who installed the package with ``pip
install .`` sees the catalogs being edited, not the copy installed last. Elsewhere the
installed copy is read. ``REFEREE_RULES`` and ``REFEREE_LOCALES`` point at other copies (a
localizer's or a test's), and ``--locales DIR`` does for one command what the second does.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from referee.records import Record

_PACKAGE = Path(__file__).resolve().parent
#: the project's name line in pyproject.toml: a checkout of referee, not of another project
_PROJECT_NAME = re.compile(r"""^name\s*=\s*["']referee["']""", re.MULTILINE)

_locales_override: Path | None = None


class Origin(Record):
    """Which copy of a data directory is read, and why (for the commands that say so)."""

    path: Path
    why: str  # "--locales", "REFEREE_LOCALES", "REFEREE_RULES", "working copy", "installed copy"


def is_checkout(folder: Path) -> bool:
    """Is ``folder`` a source checkout of referee (pyproject.toml, rules/ and locales/)?"""
    if not ((folder / "rules").is_dir() and (folder / "locales").is_dir()):
        return False
    try:
        return bool(_PROJECT_NAME.search((folder / "pyproject.toml").read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


def checkout(start: Path | None = None) -> Path | None:
    """The checkout of referee the current directory (or ``start``) is in, if any."""
    try:
        # getcwd() is already the physical path on POSIX; resolving it again costs a stat per
        # directory level, on every data lookup (thousands in a server's minute)
        here = str(start.resolve()) if start else (os.getcwd() if os.name == "posix" else str(Path.cwd().resolve()))
    except OSError:  # the current directory was removed
        return None
    return _checkout_of(here)


@lru_cache(maxsize=16)  # asked for every file read; the answer depends only on the directory
def _checkout_of(here: str) -> Path | None:
    folder = Path(here)
    for candidate in (folder, *folder.parents):
        if is_checkout(candidate):
            return candidate
    return None


def installed_dir(name: str) -> Path:
    """The ``rules`` or ``locales`` that came with the package (the repository's, when the
    package runs from a checkout with an editable install)."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def prebuilt_dir() -> Path:
    """What the wheel's build hook made from the shipped data (``hatch_build.py``): the parsed
    corpus and the search index, read-only. Absent in a source checkout."""
    return _PACKAGE / "_data" / "prebuilt"


def data_origin(name: str) -> Origin:
    """The ``rules`` or ``locales`` to read, ignoring the environment variables."""
    found = checkout()
    if found is not None:
        return Origin(found / name, "working copy")
    return Origin(installed_dir(name), "installed copy")


def data_dir(name: str) -> Path:
    """The directory of the ``rules`` or ``locales`` to read (see the module's docstring)."""
    return data_origin(name).path


def use_locales(path: Path | None) -> None:
    """Read the catalogs in ``path`` from now on (``--locales DIR``); ``None`` undoes it."""
    global _locales_override
    _locales_override = Path(path).resolve() if path is not None else None


def locales_origin() -> Origin:
    if _locales_override is not None:
        return Origin(_locales_override, "--locales")
    override = os.environ.get("REFEREE_LOCALES")
    if override:
        return Origin(Path(override), "REFEREE_LOCALES")
    return data_origin("locales")


def locales_dir() -> Path:
    """The catalogs: ``--locales``, else ``$REFEREE_LOCALES``, else the checkout's, else the installed."""
    return locales_origin().path


def compiled_catalogs(domain: str = "rules") -> list[Path]:
    """Every language's compiled catalog of ``domain`` (``<locales>/<lang>/LC_MESSAGES/<domain>.mo``),
    sorted: what the caches of card names made from the catalogs are keyed by (with a stat of
    each). Looked for once a process in each locales directory: three caches key by them, and
    each glob of the directory cost a question 0.1–0.3 ms."""
    return list(_compiled_catalogs(locales_dir(), domain))


def catalog_stats(domain: str = "rules") -> list[tuple]:
    """``(path, size, mtime_ns)`` of each of :func:`compiled_catalogs`, one stat a file, taken
    on each call: a cache of what the catalogs hold is that cache while these are the same.
    Raises :class:`OSError` where a catalog cannot be read."""
    stats = []
    for path in compiled_catalogs(domain):
        found = path.stat()
        stats.append((str(path), found.st_size, found.st_mtime_ns))
    return stats


@lru_cache(maxsize=None)
def _compiled_catalogs(root: Path, domain: str) -> tuple:
    return tuple(sorted(root.glob(f"*/LC_MESSAGES/{domain}.mo")))


def rules_dir() -> Path:
    """The corpus directory: ``$REFEREE_RULES`` when set, else the checkout's, else the installed."""
    override = os.environ.get("REFEREE_RULES")
    return Path(override) if override else data_dir("rules")
