"""Where a user's files go: the cache, the table and the session's history follow the XDG rule
exactly as platformdirs applies it (referee.places applies it itself, without the import), and
a question asked with no table file answers from its words alone."""

from __future__ import annotations

import sys

import pytest

from referee import places

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG rule is Linux's")

#: (variable's value or None for unset, HOME): absolute, relative, blank and unset values
SETTINGS = [("/srv/xdg", "/home/ann"), ("relative/dir", "/home/ann"), ("", "/home/ann"), ("  ", "/home/ann"),
            (None, "/home/ann"), (None, "/root"), ("/srv/xdg/", "/home/bob")]


@pytest.mark.parametrize("kind", sorted(places.XDG))
@pytest.mark.parametrize("value,home", SETTINGS)
def test_each_user_directory_is_where_platformdirs_puts_it(kind, value, home, monkeypatch):
    import platformdirs

    variable = places.XDG[kind][0]
    monkeypatch.setenv("HOME", home)
    if value is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, value)
    theirs = getattr(platformdirs, f"user_{kind}_dir")("referee", appauthor=False)
    assert places.user_dir(kind) == places.Path(theirs)


def test_the_default_table_is_in_the_user_data_directory_unless_referee_table_says(tmp_path, monkeypatch):
    monkeypatch.delenv("REFEREE_TABLE", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert places.default_table() == tmp_path / "data" / "referee" / "table.sqlite3"
    monkeypatch.setenv("REFEREE_TABLE", str(tmp_path / "mine.db"))
    assert places.default_table() == tmp_path / "mine.db"


def test_a_table_started_without_a_path_is_found_by_the_next_question(tmp_path, referee):
    """`table new` and `ask` with neither --table nor REFEREE_TABLE meet in the data directory."""
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "REFEREE_TABLE": ""}
    assert referee("table", "new", "Ann", "Bob", env=env).returncode == 0
    assert (tmp_path / "data" / "referee" / "table.sqlite3").stat().st_size > 0
    result = referee("ask", "Troll level 8, Bob helps me, who wins?", "--json", env=env)
    assert result.returncode == 0, result.stderr
    import json

    understood = json.loads(result.stdout)["understood"]
    assert understood["command"].startswith("fight Troll:8") and "Bob" in understood["text"]


@pytest.mark.parametrize("table", ["missing.db", "empty.db"])
def test_a_question_with_no_table_file_is_judged_from_its_words(table, tmp_path, referee):
    (tmp_path / "empty.db").write_bytes(b"")
    result = referee("ask", "level 5 elf warrior with +3 vs a level 8 troll, who wins?",
                     "--table", str(tmp_path / table))
    assert result.returncode == 0, result.stderr
    assert "referee fight Troll:8 --fighter me --player 'me:5 elf warrior +3'" in result.stdout
    assert not (tmp_path / "missing.db").exists()  # a question never makes a table


def test_a_table_path_that_is_a_directory_is_still_refused(tmp_path, referee):
    result = referee("ask", "Troll level 8, Bob helps me, who wins?", "--table", str(tmp_path))
    assert result.returncode == 2 and "directory" in result.stderr


@pytest.mark.parametrize("where,absent", [(None, True), ("missing", True), ("empty", True), ("full", False),
                                           ("dir", False), ("url", False)])
def test_no_table_file_is_said_only_of_a_file_that_is_not_there(where, absent, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "nowhere"))
    monkeypatch.delenv("REFEREE_TABLE", raising=False)
    (tmp_path / "empty").write_bytes(b"")
    (tmp_path / "full").write_bytes(b"x")
    (tmp_path / "dir").mkdir()
    if where == "url":
        monkeypatch.setenv("REFEREE_TABLE", "postgresql:///referee#t1")
        given = None
    else:
        given = None if where is None else tmp_path / where
    assert places.no_table_file(given) is absent
