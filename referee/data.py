"""Where the shipped data lives: ``rules/`` and ``locales/``.

In a source checkout they sit at the top of the repository; an installed wheel carries them in
``referee/_data/``. ``REFEREE_RULES`` and ``REFEREE_LOCALES`` point at other copies (a localizer's or a
test's).
"""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The directory of the shipped ``rules`` or ``locales``."""
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def prebuilt_dir() -> Path:
    """What the wheel's build hook made from the shipped data (``hatch_build.py``): the parsed
    corpus and the search index, read-only. Absent in a source checkout."""
    return _PACKAGE / "_data" / "prebuilt"


def locales_dir() -> Path:
    """The catalogs: ``$REFEREE_LOCALES`` when set, else the shipped ones."""
    override = os.environ.get("REFEREE_LOCALES")
    return Path(override) if override else data_dir("locales")


def rules_dir() -> Path:
    """The corpus directory: ``$REFEREE_RULES`` when set, else the shipped one."""
    override = os.environ.get("REFEREE_RULES")
    return Path(override) if override else data_dir("rules")
