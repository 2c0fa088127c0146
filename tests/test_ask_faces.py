"""``ask`` on its other faces: a line of ``referee play`` that is no command (a pseudo-terminal),
``POST /api/ask`` (a real server), and the box at the top of the page (Chromium)."""

from __future__ import annotations

import os

import pexpect
import pytest

from tests.conftest import BIN, Server
from tests.test_web_browser import browser, wait  # noqa: F401 — the browser fixture

LINES = {
    # language: (a question at the table, a word of the answer in that language, a rules question)
    "en": ("troll level 8, Bob helps me, who wins?", "Understood", "what happens on a tie?"),
    "nl": ("trol level 8, Bob helpt mij, wie wint?", "Bob", "wat gebeurt er bij gelijkspel?"),
    "hu": ("troll 8-as szint, Bob segít nekem, ki nyer?", "Bob", "mi van döntetlennél?"),
    "es": ("trol nivel 8, Bob me ayuda, ¿quién gana?", "Bob", "¿qué pasa si hay empate?"),
    "gu": ("ટ્રોલ લેવલ ૮, Bob મને મદદ કરે છે, કોણ જીતે?", "Bob", "ટાઇ થાય તો શું થાય?"),
    "de": ("Troll Stufe 8, Bob hilft mir, wer gewinnt?", "Bob", "was passiert bei Gleichstand?"),
}


def _env(tmp_path, lang: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "REFEREE_"))}
    env.update(REFEREE_TABLE=str(tmp_path / "table.sqlite3"), REFEREE_STATE_DIR=str(tmp_path / "state"),
               REFEREE_LANG=lang, TERM="xterm")
    return env


@pytest.mark.parametrize("lang", sorted(LINES))
def test_a_line_of_play_that_is_no_command_is_a_question(tmp_path, lang):
    question, word, rules = LINES[lang]
    child = pexpect.spawn(str(BIN / "referee"), ["play"], env=_env(tmp_path, lang), encoding="utf-8", timeout=30,
                          dimensions=(50, 150))
    try:
        child.expect(r"(\S+> )")
        prompt = child.match.group(1)
        for line in ("table new Ann Bob", "table set Ann level=5 races=elf classes=warrior", "table set Bob level=3"):
            child.sendline(line)
            child.expect_exact(prompt)
        child.sendline(question)
        child.expect_exact(prompt)
        answer = child.before
        assert "referee fight" in answer and ":8" in answer and "--helper Bob" in answer
        assert word in answer
        child.sendline(rules)  # a rules question: the clauses, and the session goes on
        child.expect_exact(prompt)
        assert "combat.ties" in child.before
        child.sendline("table")  # commands still are commands
        child.expect_exact(prompt)
        assert "Ann" in child.before
    finally:
        child.close(force=True)


def test_post_api_ask_answers_what_the_command_line_prints(tmp_path):
    from tests.conftest import run_referee

    server = Server(tmp_path / "table.sqlite3")
    try:
        status, body, _ = server.request("POST", "/api/ask?lang=de", {"text": LINES["de"][0]})
        assert status == 200 and body["judgement"] is None and body["missing"]  # no table yet: who is Bob?
        for path, change in (("/api/table/new", {"players": ["Ann", "Bob"]}),):
            status, _body, _ = server.request("POST", path, change)
            assert status in (200, 201), _body
        status, body, _ = server.request("POST", "/api/ask?lang=de", {"text": LINES["de"][0], "as": "Ann"})
        assert status == 200 and body["understood"]["command"].startswith("fight Troll:8")
        cli = run_referee("ask", LINES["de"][0], "--as", "Ann", "--json", "--lang", "de", "--table",
                          str(tmp_path / "table.sqlite3"))
        import json

        assert json.loads(cli.stdout)["judgement"] == body["judgement"]
        status, body, _ = server.request("POST", "/api/ask", {"text": "qqqqqqqq"})
        assert status == 404 and body["error"]["exit"] == 1
        status, body, _ = server.request("POST", "/api/ask", {"text": 3})
        assert status in (400, 422) and body["error"]["exit"] == 2
    finally:
        server.stop()


@pytest.mark.parametrize("lang", sorted(LINES))
def test_the_box_at_the_top_of_the_page_answers_a_question_and_a_rules_question(browser, tmp_path, lang):  # noqa: F811
    from selenium.webdriver.common.by import By

    question, word, rules = LINES[lang]
    server = Server(tmp_path / "table.sqlite3")
    driver = browser
    try:
        server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})
        driver.get(f"{server.base}/?lang={lang}")
        box = driver.find_element(By.ID, "ask-text")
        box.send_keys(question)
        driver.find_element(By.CSS_SELECTOR, "#ask-form button").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#ask-answer .command"))
        answer = driver.find_element(By.ID, "ask-answer").text
        assert "fight" in answer and word in answer
        box.clear()
        box.send_keys(rules)
        driver.find_element(By.CSS_SELECTOR, "#ask-form button").click()
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#ask-answer .results li"))
        assert driver.find_elements(By.CSS_SELECTOR, "#ask-answer .results a[href^='/rule/']")
        width = driver.execute_script("return document.documentElement.clientWidth")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    finally:
        server.stop()


def test_a_line_that_starts_like_a_command_but_is_a_question_is_answered(tmp_path):
    child = pexpect.spawn(str(BIN / "referee"), ["play"], env=_env(tmp_path, "en"), encoding="utf-8", timeout=30,
                          dimensions=(50, 150))
    try:
        child.expect(r"(\S+> )")
        prompt = child.match.group(1)
        for line in ("table new Ann Bob", "table set Ann level=5 races=elf"):
            child.sendline(line)
            child.expect_exact(prompt)
        child.sendline("can I trade with Bob now?")  # `can` is a command, but this is no command line
        child.expect_exact(prompt)
        assert "referee can Ann trade --target Bob" in child.before
        child.sendline("can Ann sell")  # and a command line stays a command
        child.expect_exact(prompt)
        assert "Understood" not in child.before and "allowed" in child.before.lower()
        child.sendline("fihgt Troll:8")  # a mistyped command is told so
        child.expect_exact(prompt)
        assert "No such command" in child.before
    finally:
        child.close(force=True)
