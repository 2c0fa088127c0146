"""What a check found, kept in the user cache while the files it read are unchanged.

``referee check`` and ``referee i18n check`` read the corpus, ten catalogs and two templates and
ask thousands of questions of each; a localizer runs them after every edit of one language, and
CI and the tests run them on files nobody touched. What they find depends only on files: the
corpus, the catalogs, templates, glossary, former card names, languages file and the package's
own code. So each part's problems are kept under a key of those files' stamps (path, size,
modification time: a stat, not a read), the way :func:`referee.i18n.cardnames.localizer` keeps
card names, and found again only when one of them changes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Iterable

from referee.cache import file_stamp, kept_file, write_atomic
from referee.errors import Problem
from referee.message import Message
from referee.version import __version__

#: what a kept file holds; a file made by an older recipe is not read
_RECIPE = 1
_PACKAGE = Path(__file__).resolve().parent


def stamps(paths: Iterable[Path]) -> list:
    """Each file's :func:`referee.cache.file_stamp`: ``(path, None)`` for a file missing or
    changed too recently to be told from its next change (then nothing is kept)."""
    return [file_stamp(path) or (str(path), None) for path in paths]


def _settled(key) -> bool:
    """Does ``key`` tell every file it names apart from its next change (no ``None`` stamp)?"""
    if isinstance(key, (list, tuple)):
        return not (len(key) == 2 and isinstance(key[0], str) and key[1] is None) and all(map(_settled, key))
    return True


def files_under(directory: Path, suffix: str = "") -> list[Path]:
    """Every file under ``directory`` (ending in ``suffix``), sorted; ``os.walk`` lists a tree
    several times faster than ``Path.rglob``."""
    found = []
    for folder, folders, names in os.walk(directory):
        folders[:] = [name for name in folders if name != "__pycache__"]
        found += [Path(folder, name) for name in names if name.endswith(suffix)]
    return sorted(found)


def code_stamps() -> list:
    """The stamps of the package's modules: a checkout whose checks changed finds again what
    they find, though its version number is the same."""
    return stamps(files_under(_PACKAGE, ".py"))


def kept_problems(name: str, place: str, key, find: Callable[[], list[Problem]]) -> list[Problem]:
    """``find()``, kept in the user cache under ``key`` (the stamps of what it reads).

    One file is kept for each ``name`` and ``place`` (the directory checked), rewritten when the
    key changes: a localizer's hundred edits leave one file, not a hundred."""
    if not _settled(key):
        return find()  # a file missing, or just changed: found afresh, and nothing kept
    wanted = repr((_RECIPE, __version__, key))
    target = kept_file(name, f"{name} {place}".encode("utf-8"))
    try:
        kept = json.loads(target.read_text(encoding="utf-8"))
        if kept.get("key") == wanted:
            return [_problem(item) for item in kept["problems"]]
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        pass  # none kept yet, or a file this recipe cannot read: find them again
    problems = find()
    items = [_item(problem) for problem in problems]
    if all(item is not None for item in items):
        try:
            write_atomic(target, json.dumps({"key": wanted, "problems": items}, ensure_ascii=False).encode("utf-8"))
        except OSError:
            pass  # an unwritable cache only costs speed
    return problems


def _item(problem: Problem):
    """A problem as JSON, or ``None`` if its message holds what JSON cannot keep."""
    message = problem.message
    if isinstance(message, str):
        said = message
    elif type(message) is Message and message.plural is None and all(
            isinstance(value, str) for _, value in message.values):
        said = {"template": message.template, "values": [list(pair) for pair in message.values]}
    else:
        return None
    return [problem.file, problem.line, problem.field, said]


def _problem(item) -> Problem:
    file, line, field, said = item
    if isinstance(said, dict):
        said = Message(said["template"], tuple((name, value) for name, value in said["values"]))
    return Problem(file, line, field, said)
