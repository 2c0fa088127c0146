"""Shared fixtures: run the installed ``referee`` command, and copies of the corpus to break."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.data import data_dir

BIN = Path(sys.executable).parent
REFEREE = str(BIN / "referee")


def run_referee(*args: str, env: dict | None = None, input: str | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the console script as a user would, in a clean locale unless ``env`` says otherwise."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "REFEREE_LANG",
                         "REFEREE_RULES", "REFEREE_DEBUG")}
    base.update(env or {})
    return subprocess.run([REFEREE, *args], capture_output=True, text=True, env=base, input=input,
                          cwd=cwd or Path.cwd(), timeout=120)


@pytest.fixture
def referee():
    return run_referee


@pytest.fixture(scope="session")
def shipped_rules() -> Path:
    return data_dir("rules")


@pytest.fixture
def rules_copy(tmp_path: Path, shipped_rules: Path) -> Path:
    """A private copy of the shipped corpus that a test may break."""
    target = tmp_path / "rules"
    shutil.copytree(shipped_rules, target)
    return target


def changed_copy(shipped: Path, target: Path) -> Path:
    """A copy of the shipped corpus with a local change that alters no answer (a comment): its
    search index is not the one the wheel ships, so it is built into the user cache."""
    shutil.copytree(shipped, target)
    topics = target / "topics.yaml"
    topics.write_text(topics.read_text(encoding="utf-8") + "\n# a local change\n", encoding="utf-8")
    return target


@pytest.fixture
def cache(tmp_path: Path, shipped_rules: Path) -> dict:
    """A private, empty cache directory and a corpus whose index is built there."""
    return {"REFEREE_CACHE_DIR": str(tmp_path / "cache"),
            "REFEREE_RULES": str(changed_copy(shipped_rules, tmp_path / "rules"))}


@pytest.fixture(scope="session")
def corpus():
    from referee.corpus import load_corpus

    return load_corpus()


_NOT_A_CHECKOUT = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", ".pytest_cache", "build",
                                         "dist")


@pytest.fixture
def in_copy(tmp_path: Path):
    """Run ``referee`` inside a fresh copy of the repository, as a localizer or contributor
    would (its own cache, no locale): the commands read that copy's files."""
    root = tmp_path / "repo"
    shutil.copytree(Path(__file__).resolve().parent.parent, root, ignore=_NOT_A_CHECKOUT)

    def run(*args, **kwargs):
        env = {"REFEREE_CACHE_DIR": str(tmp_path / "cache"), **kwargs.pop("env", {})}
        return run_referee(*args, cwd=root, env=env, **kwargs)

    run.root = root
    return run
