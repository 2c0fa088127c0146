"""Three phones at one table, in a real browser (headless Chromium at 390×844, three sessions).

A change on one phone shows on the other two within a second, without a reload; a change made
with ``referee table set`` on the same file shows on all three; a fight opened on one phone gets
a one-shot from another, its interference window runs out, and all three show the result the
table recorded; a phone that was offline and writes on an old table is refused and shows the
table as it is; at level 10 every phone shows the winner. A screenshot of each step and phone is
kept in the test's temp dir (``REFEREE_SCREENSHOTS=DIR`` keeps them there instead).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.conftest import Server, run_referee
from tests.test_web_browser import new_phone, require_chromium

#: these tests share their phones: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_web_browser_live")

LANGS = ("en", "hu", "es")  # each phone in its own language
#: a phone put in a pocket (arguments[0] "hidden") or taken out ("visible"), as the browser tells the page
SHOWN = ("Object.defineProperty(document, 'visibilityState', {value: arguments[0], configurable: true});"
         "document.dispatchEvent(new Event('visibilitychange'));")


def phone():
    return new_phone()


@pytest.fixture(scope="module")
def phones():
    require_chromium()
    drivers = []
    try:
        for _ in LANGS:
            drivers.append(phone())
        yield drivers
    finally:
        for driver in drivers:
            driver.quit()


def wait_for(driver, condition, timeout: float):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(condition)


def row_text(driver, name: str) -> str:
    """A player's row as the phone shows it (read by script: the rows are drawn anew on each change)."""
    return driver.execute_script(
        "const row = Array.from(document.querySelectorAll('#players .player'))"
        "  .find((r) => r.dataset.name === arguments[0]);"
        "return row ? row.innerText : '';", name)


def level_of(driver, name: str):
    return driver.execute_script(
        "const row = Array.from(document.querySelectorAll('#players .player'))"
        "  .find((r) => r.dataset.name === arguments[0]);"
        "return row ? row.querySelector('.level').textContent : null;", name)


def until(drivers, condition, timeout: float, what: str) -> float:
    """Seconds until ``condition(driver)`` holds on every phone (fails after ``timeout``)."""
    began = time.monotonic()
    waiting = list(drivers)
    while waiting:
        waiting = [d for d in waiting if not condition(d)]
        if waiting and time.monotonic() - began > timeout:
            raise AssertionError(f"{what}: not on {len(waiting)} phone(s) within {timeout} s")
        time.sleep(0.02)
    return time.monotonic() - began


class Shots:
    def __init__(self, drivers, folder: Path):
        self.drivers, self.folder, self.count = drivers, folder, 0
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, step: str, scroll_to: str | None = None) -> None:
        self.count += 1
        for lang, driver in zip(LANGS, self.drivers):
            if scroll_to:
                driver.execute_script("const e = document.querySelector(arguments[0]); if (e) e.scrollIntoView();",
                                      scroll_to)
            driver.save_screenshot(str(self.folder / f"{self.count:02d}-{step}-{lang}.png"))
            width = driver.execute_script("return document.documentElement.clientWidth")
            scroll = driver.execute_script("return Math.max(document.documentElement.scrollWidth, "
                                           "document.body.scrollWidth)")
            assert scroll <= width, f"{step} ({lang}): the page overflows sideways ({scroll} > {width})"


def test_three_phones_keep_one_table_live(phones, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server = Server(tmp_path / "table.sqlite3")
    shots = Shots(phones, Path(os.environ.get("REFEREE_SCREENSHOTS") or tmp_path))
    one, two, three = phones
    try:
        status, _, _ = server.request("POST", "/api/table/new", {"players": ["Ann", "Bob", "Cid"],
                                                                 "house_rules": {"interference_seconds": 2}})
        assert status == 200
        for lang, driver in zip(LANGS, phones):
            driver.get(f"{server.base}/?lang={lang}")
        until(phones, lambda d: level_of(d, "Cid") == "1", 10, "the table on every phone")
        # localhost is a secure context: the page asks to keep the screen on (headless may refuse)
        until(phones, lambda d: d.execute_script("return document.documentElement.dataset.wakeLock || ''")
              in ("on", "refused"), 5, "the wake lock asked for")
        shots.take("table", "#table")

        # A change on one phone shows on the other two within a second, without a reload.
        one.find_element(By.CSS_SELECTOR, "#players .player[data-name='Bob'] .up").click()
        took = until([two, three], lambda d: level_of(d, "Bob") == "2", 1.0, "Bob's new level")
        assert level_of(one, "Bob") == "2"
        shots.take("change-from-one-phone", "#table")

        # A change with the command line on the same file shows on all three.
        result = run_referee("table", "set", "Cid", "level=3", "races=dwarf", env={"REFEREE_TABLE": str(server.table)})
        assert result.returncode == 0, result.stderr
        until(phones, lambda d: level_of(d, "Cid") == "3", 1.5, "the CLI's change")
        shots.take("change-from-the-cli", "#table")

        # Gear by a card's name in the phone's language, typos forgiven, through the card picker.
        two.find_element(By.CSS_SELECTOR, "#players .player[data-name='Bob'] .edit").click()
        add = two.find_element(By.CSS_SELECTOR, "#players .editor input.card-picker[data-types='item']")
        add.send_keys("szarvas sisak")
        pick = wait_for(two, lambda d: d.find_elements(By.CSS_SELECTOR, "#players .editor .picks button.pick"), 5)[0]
        assert pick.text == "Felszarvazott sisak"
        pick.click()
        two.find_element(By.CSS_SELECTOR, "#players .editor .add-item").click()
        until(phones, lambda d: "Felszarvazott sisak" in row_text(d, "Bob"), 1.5, "Bob's helmet")
        shots.take("gear-by-card-name", "#players .player[data-name='Bob']")

        # A question, its verdict scrolled into view.
        Select(three.find_element(By.ID, "question-kind")).select_by_value("flee")
        Select(three.find_element(By.ID, "question-player")).select_by_value("Bob")
        three.find_element(By.ID, "question-monsters").send_keys("Troll:4")
        three.find_element(By.CSS_SELECTOR, "#question-form button[type=submit]").click()
        wait_for(three, lambda d: d.find_elements(By.CSS_SELECTOR, "#question-verdict .reasons li"), 5)
        time.sleep(0.6)  # the smooth scroll
        assert three.execute_script("const r = document.getElementById('question-verdict').getBoundingClientRect();"
                                    "return r.top >= 0 && r.top < window.innerHeight;")
        shots.take("question-in-view")

        # A fight opened on one phone gets a one-shot from another; the window runs out; every
        # phone shows the recorded result.
        monsters = one.find_element(By.ID, "fight-monsters")
        monsters.clear()
        monsters.send_keys("Troll:4")
        one.find_element(By.ID, "fight-open").click()
        until(phones, lambda d: d.execute_script("return !document.getElementById('combat').hidden"), 2, "the fight")
        assert "Troll" in two.find_element(By.ID, "combat-who").text
        shots.take("fight-opened", "#fight")
        # a curse played meanwhile, on a player who is not fighting, from the third phone
        Select(three.find_element(By.ID, "combat-curse-player")).select_by_value("Cid")
        three.find_element(By.ID, "combat-curse").send_keys("Body Odor")
        three.find_element(By.ID, "combat-curse-play").click()
        until(phones, lambda d: "Body Odor" in row_text(d, "Cid"),
              1.5, "Cid's curse")
        two.find_element(By.ID, "combat-plus").send_keys("+5")
        two.find_element(By.ID, "combat-plus-play").click()
        until(phones, lambda d: d.execute_script("const w = document.querySelector('#combat-verdict .word');"
                                                 "return !!w && w.classList.contains('win');"), 2, "the one-shot counted")
        assert one.find_element(By.ID, "countdown").text
        shots.take("one-shot-played", "#fight")
        until(phones, lambda d: d.execute_script("return !document.getElementById('combat-result').hidden")
              and level_of(d, "Ann") == "2", 6, "the recorded result")
        assert not one.find_element(By.ID, "combat").is_displayed()
        shots.take("fight-recorded", "#combat-result")

        # A phone put away stops listening; a change is made meanwhile; the phone comes back and
        # its player taps at once, on the table it last saw: refused, and it shows the table now.
        three.execute_script(SHOWN, "hidden")
        result = run_referee("table", "set", "Bob", "level=5", env={"REFEREE_TABLE": str(server.table)})
        assert result.returncode == 0, result.stderr
        until([one, two], lambda d: level_of(d, "Bob") == "5", 1.5, "Bob at 5")
        assert level_of(three, "Bob") == "2"  # it has not heard
        three.execute_script(SHOWN + "document.querySelector(\"#players .player[data-name='Bob'] .up\").click();",
                             "visible")
        until([three], lambda d: d.find_element(By.ID, "stale").is_displayed(), 2, "the refusal")
        assert level_of(three, "Bob") == "5"
        assert "Bob" in three.find_element(By.ID, "stale").text
        shots.take("stale-write-refused", "#table")
        _, body, _ = server.request("GET", "/api/table")
        assert [p["level"] for p in body["table"]["players"]] == [2, 5, 3]
        assert [i["name"] for i in body["table"]["players"][1]["items"]] == ["Felszarvazott sisak"]

        # Level 10: a level bought with gold is refused, and the page says so (no big "OK").
        server.request("POST", "/api/table/set", {"player": "Ann", "fields": {"level": 9}})
        until(phones, lambda d: level_of(d, "Ann") == "9", 1.5, "Ann at 9")
        Select(one.find_element(By.ID, "up-source")).select_by_value("sell")
        one.find_element(By.CSS_SELECTOR, "#players .player[data-name='Ann'] .up").click()
        wait_for(one, lambda d: d.find_elements(By.CSS_SELECTOR, "#table-verdict .word.refused"), 5)
        assert not one.find_elements(By.CSS_SELECTOR, "#table-verdict .word.ok")
        assert level_of(one, "Ann") == "9"
        shots.take("refused", "#table-verdict")
        Select(one.find_element(By.ID, "up-source")).select_by_value("kill")
        one.find_element(By.CSS_SELECTOR, "#players .player[data-name='Ann'] .up").click()
        until(phones, lambda d: d.find_element(By.ID, "winner").is_displayed(), 1.5, "the winner")
        for driver in phones:
            assert "Ann" in driver.find_element(By.ID, "winner").text
        shots.take("winner", "#table")

        # Undo takes the winning level back; every phone says what was taken back; redo puts it back.
        two.find_element(By.ID, "undo").click()
        until(phones, lambda d: level_of(d, "Ann") == "9" and not d.find_element(By.ID, "winner").is_displayed(),
              1.5, "the win taken back")
        for driver in phones:
            assert "Ann" in driver.find_element(By.ID, "last-change").text
        shots.take("undo", "#table")
        three.find_element(By.ID, "redo").click()
        until(phones, lambda d: level_of(d, "Ann") == "10", 1.5, "the win put back")
    finally:
        server.stop()
    assert took < 1.0
    assert len(list(shots.folder.glob("*.png"))) == shots.count * 3
