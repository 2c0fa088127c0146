"""The language is passed, not set for the process: a Speaker speaks the language it was given,
a command line's language ends with it, and requests in different languages answered at the
same time each get only their own (the real application, in-process, many requests at once)."""

from __future__ import annotations

import os
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

with warnings.catch_warnings():  # Starlette would rather have httpx2, which is not on PyPI's usual index
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from referee import LANGUAGES
from referee.i18n.catalogs import _, current_language, speaking, use_language
from referee.message import Message
from referee.web.app import create_app

PAGE = "http://127.0.0.1:8765"


def test_a_speaker_speaks_its_own_language_whatever_the_context_speaks(corpus):
    from referee.i18n.speaker import Speaker

    note = Message.of("no player named {name!r} at this table (players: {players})", name="Zed",
                      players=["Ann", "Bob"])
    german = Speaker(corpus, "de").note(note)
    with speaking("hu"):
        assert Speaker(corpus, "de").note(note) == german
        assert Speaker(corpus, "hu").note(note) != german
    assert "Zed" in german and german != Speaker(corpus, "en").note(note)


def test_speaking_a_language_writes_nothing_to_the_environment_and_ends_with_its_block():
    before = os.environ.get("LANGUAGE")
    with speaking("de"):
        assert current_language() == "de" and _("yes") == "ja"
    assert current_language() == "en" and _("yes") == "yes"
    assert os.environ.get("LANGUAGE") == before


def test_a_command_lines_language_does_not_outlive_it(referee):
    assert referee("rule", "combat.ties", "--lang", "de").returncode == 0
    assert current_language() == "en"
    english = referee("rule", "combat.ties")
    assert english.returncode == 0 and "Monster" in english.stdout and "Stufe" not in english.stdout


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "table.sqlite3"), base_url=PAGE) as running:
        assert running.post("/api/table/new", json={"players": ["Ann", "Bob"]}).status_code == 200
        yield running


def _answer(client, language: str, kind: str) -> tuple[int, str]:
    """One request in ``language``: a table change (written on the writer thread, while the event
    loop answers others), a change refused, or a rule; what in its answer is said in words."""
    if kind == "change":
        got = client.post(f"/api/table/set?lang={language}", json={"player": "Ann", "fields": {"level": 3}})
        return got.status_code, got.json()["change"]["summary"]
    if kind == "refused":
        got = client.post(f"/api/table/set?lang={language}", json={"player": "Zed", "fields": {"level": 3}})
        return got.status_code, got.json()["error"]["message"]
    got = client.get(f"/api/rule/combat.ties?lang={language}")
    return got.status_code, got.json()["title"]


KINDS = ("change", "refused", "rule")


def test_requests_in_different_languages_answered_at_once_each_get_their_own(client):
    expected = {(language, kind): _answer(client, language, kind) for language in LANGUAGES for kind in KINDS}
    for kind in KINDS:  # the languages really differ, so a mix-up would show
        assert len({expected[language, kind][1] for language in LANGUAGES}) == len(LANGUAGES), kind
    asked = [(language, kind) for _round in range(8) for kind in KINDS for language in LANGUAGES]
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(lambda key: _answer(client, *key), asked))
    wrong = [(key, got, expected[key]) for key, got in zip(asked, answers) if got != expected[key]]
    assert not wrong, wrong[:5]


def test_use_language_in_one_thread_leaves_another_threads_language_alone():
    def speak(language: str) -> list[str]:
        use_language(language)
        heard = []
        for _round in range(200):
            heard.append(current_language())
        return heard

    with ThreadPoolExecutor(len(LANGUAGES)) as pool:
        heard = dict(zip(LANGUAGES, pool.map(speak, LANGUAGES)))
    assert all(set(said) == {language} for language, said in heard.items())
    assert current_language() == "en"
