"""The page in a real browser (Debian's headless Chromium, driven by Selenium) at a phone's size.

One player's evening, in each of the six languages: search the rules, open one, start a table, level a
player up through the rules, judge a fight with a helper. Nothing may overflow sideways; a
player named like a script shows as text; a screenshot of each step is kept in the test's
temp dir. CI installs Chromium (``.ci/run``) and sets ``REFEREE_REQUIRE_BROWSER``, so there the
test cannot be skipped.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import Server

#: these tests share one browser: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_web_browser")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)
SCRIPT_NAME = "<img src=x onerror=alert(1)>"

LANGUAGES = {
    # language: (a query as its players type it, its word for a player's level on the table)
    "hu": ("szint eladás", "szint"),
    "es": ("huir dado", "nivel"),
    "nl": ("weglopen dobbelsteen", "Level"),
    "de": ("Gleichstand wer gewinnt", "Stufe"),
    "gu": ("ભાગી જવું", "લેવલ"),
    "en": ("run away roll", "level"),
}


def require_chromium() -> None:
    """Skip on a machine without Chromium; fail where CI said a browser is required."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
        if os.environ.get("REFEREE_REQUIRE_BROWSER"):
            pytest.fail("Chromium and ChromeDriver are required here (apt-get install chromium chromium-driver)")
        pytest.skip("no Chromium on this machine (apt-get install chromium chromium-driver)")


def new_phone(console_log: bool = False):
    """A headless Chromium at a phone's size (``console_log``: keep the console, where CSP
    violations are logged)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    # As root in a sandbox with no network: no sandbox, nothing that phones home.
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--window-size={PHONE[0]},{PHONE[1]}",
                 # a phone set to reduce motion: a smooth scroll still running on a busy machine
                 # moves a button from under the next tap, which a finger would wait for
                 "--force-prefers-reduced-motion"):
        options.add_argument(flag)
    if console_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(*PHONE)
    return driver


@pytest.fixture(scope="module")
def browser():
    require_chromium()
    driver = new_phone(console_log=True)  # what the page logged, said when a wait runs out
    yield driver
    driver.quit()


class Steps:
    """Screenshots of each step, and the checks every screen must pass."""

    def __init__(self, driver, folder: Path, lang: str):
        self.driver, self.folder, self.lang, self.count = driver, folder, lang, 0

    def shot(self, name: str) -> None:
        from selenium.common.exceptions import NoAlertPresentException

        self.count += 1
        self.driver.save_screenshot(str(self.folder / f"{self.lang}-{self.count:02d}-{name}.png"))
        width = self.driver.execute_script("return document.documentElement.clientWidth")
        scroll = self.driver.execute_script("return Math.max(document.documentElement.scrollWidth, "
                                            "document.body.scrollWidth)")
        assert scroll <= width, f"{name}: the page overflows sideways ({scroll} > {width})"
        with pytest.raises(NoAlertPresentException):
            self.driver.switch_to.alert.text  # no script a player typed ever ran


def wait(driver, condition, timeout: float = 30, diagnose=None):
    """Wait for ``condition``: a bound on liveness, not a timing. A run in parallel on two busy
    cores has taken more than 10 s for a page's first verdict. ``diagnose(driver)``: what to say
    when the wait runs out."""
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        # an element redrawn under the condition (the table after a live update) is looked up again
        return WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)
    except TimeoutException as timeout_error:
        if diagnose is None:
            raise
        raise AssertionError(f"waited {timeout} s; the page: {diagnose(driver)}") from timeout_error


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_phone_searches_opens_a_rule_keeps_the_table_and_judges_a_fight(browser, tmp_path, lang):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    query, table_word = LANGUAGES[lang]
    server = Server(tmp_path / "table.sqlite3")
    driver = browser
    steps = Steps(driver, tmp_path, lang)
    try:
        driver.get(f"{server.base}/?lang={lang}")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
        steps.shot("page")

        # Search as you type.
        driver.find_element(By.ID, "query").send_keys(query)
        # The list is redrawn as each letter comes: wait until it answers the whole query.
        wait(driver, lambda d: d.execute_script(
            "const list = document.getElementById('results');"
            "return list.children.length > 0 && list.dataset.query === arguments[0];", query))
        first = driver.find_elements(By.CSS_SELECTOR, "#results li a")[0]
        steps.shot("search")
        title = first.text
        assert title

        # Open a rule: its own URL, its citations in the original language.
        first.click()
        wait(driver, lambda d: d.find_elements(By.ID, "rule"))
        assert driver.find_element(By.TAG_NAME, "h1").text == title
        assert "/rule/" in driver.current_url and f"lang={lang}" in driver.current_url
        assert driver.find_elements(By.CSS_SELECTOR, ".sources blockquote")
        steps.shot("rule")

        # Start a table; one player's name is a script, which must stay text.
        driver.get(f"{server.base}/?lang={lang}")
        wait(driver, lambda d: d.find_element(By.ID, "new-table").is_displayed())
        driver.find_element(By.ID, "new-players").send_keys(f"Anna, {SCRIPT_NAME}, Bob")
        driver.find_element(By.CSS_SELECTOR, "#new-table button").click()
        # The rows are drawn anew after each change (and when the live table catches up): read
        # them by script, never hold one.
        names = wait(driver, lambda d: d.execute_script(
            "return Array.from(document.querySelectorAll('#players .player .name'), (n) => n.textContent);"))
        assert names == ["Anna", SCRIPT_NAME, "Bob"]
        assert not driver.find_elements(By.CSS_SELECTOR, "#players img")
        # what a screen reader says of a level, in the page's language
        assert driver.execute_script("return document.querySelector('#players .player .level')"
                                     ".getAttribute('aria-label');") == f"{table_word} 1"
        steps.shot("table")

        # Level Anna up: the rules allow it, so it is recorded and shown (a tap on a row redrawn
        # meanwhile lands on the new one, as a finger's would).
        wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#players .player .up").click() or True)
        wait(driver, lambda d: d.execute_script(
            "const level = document.querySelector('#players .player .level');"
            "return level && level.textContent === '2';"))
        assert driver.find_elements(By.CSS_SELECTOR, "#table-verdict .reasons li")
        steps.shot("level-up")

        # A fight with a helper: the verdict with its reasons.
        monsters = driver.find_element(By.ID, "fight-monsters")
        monsters.clear()
        monsters.send_keys("Troll:3")
        Select(driver.find_element(By.ID, "fight-helper")).select_by_value("Bob")
        driver.find_element(By.CSS_SELECTOR, "#fight-form button").click()
        # the verdict, or whatever the page shows instead (an error): a failure says which
        wait(driver, lambda d: d.find_element(By.ID, "fight-verdict").text.strip(),
             diagnose=lambda d: (d.get_log("browser"), d.execute_script(
                 "return [performance.getEntriesByType('resource').map((e) => e.name + ' ' + e.responseStatus)"
                 ".filter((n) => n.includes('/api/')).slice(-6), document.activeElement.outerHTML.slice(0, 80),"
                 " document.getElementById('fight-monsters').value, window.scrollY]")))
        verdict = driver.find_elements(By.CSS_SELECTOR, "#fight-verdict .word")[0]
        reasons = driver.find_elements(By.CSS_SELECTOR, "#fight-verdict .reasons li")
        assert verdict.text and len(reasons) >= 3
        assert "helping.one-helper" in driver.find_element(By.ID, "fight-verdict").get_attribute("innerHTML")
        driver.execute_script("document.getElementById('fight-verdict').scrollIntoView()")
        steps.shot("fight")
        status, data, _ = server.request("GET", "/api/table")
        assert [p["level"] for p in data["table"]["players"]] == [2, 1, 1]
    finally:
        server.stop()
    assert len(list(tmp_path.glob(f"{lang}-*.png"))) == steps.count == 6
