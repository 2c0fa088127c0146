"""How messages name the corpus's files: ``rules/…`` for the shipped corpus, else as given."""

from __future__ import annotations

from pathlib import Path

from referee.data import data_dir


def display_root(root: Path) -> str:
    """How messages name the corpus directory: ``rules`` for the shipped one, else as given."""
    shipped = data_dir("rules")
    try:
        if root == shipped or root.resolve() == shipped.resolve():
            return "rules"
    except OSError:
        pass
    return root.as_posix()
