"""The server's gate in a real browser (headless Chromium): a page from another site cannot change
the table — by ``fetch`` or by a plain form — the table's own page runs under its
Content-Security-Policy without a single violation, and players named like JavaScript's own
properties (``constructor``, ``__proto__``) get their verdicts like anyone else.
"""

from __future__ import annotations

import http.server
import threading

import pytest

from tests.conftest import Server
from tests.test_web_browser import new_phone, require_chromium, wait

#: these tests share one browser: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_web_guard_browser")


@pytest.fixture(scope="module")
def chromium():
    require_chromium()
    driver = new_phone(console_log=True)  # CSP violations are logged there
    yield driver
    driver.quit()


ATTACK = """<!doctype html><html><body>
<form id="form" method="POST" enctype="text/plain" action="{target}/api/table/new">
  <input name='{{"players": ["Eve"], "replace": true, "x": "' value='"}}'>
</form>
<form id="level" method="POST" action="{target}/api/table/level" target="sink2">
  <input name="player" value="Ann"><input name="change" value="5"><input name="source" value="card">
</form>
<iframe name="sink" id="sink"></iframe><iframe name="sink2" id="sink2"></iframe>
<script>
  const target = "{target}";
  const tries = [
    fetch(target + "/api/table/level", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
      body: JSON.stringify({{player: "Ann", change: 5, source: "card"}})}}),
    fetch(target + "/api/table/level", {{method: "POST", headers: {{"Content-Type": "application/json"}},
      body: JSON.stringify({{player: "Ann", change: 5, source: "card"}})}}),
    fetch(target + "/api/table/undo", {{method: "POST", mode: "no-cors", body: "{{}}"}}),
    fetch(target + "/api/judge", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "application/yaml"}},
      body: "game: munchkin"}}),
  ].map((p) => p.then(() => "sent", () => "blocked"));
  Promise.all(tries).then((done) => {{
    document.getElementById("form").target = "sink";
    document.getElementById("form").submit();
    document.getElementById("level").submit();
    setTimeout(() => {{ document.body.dataset.fetches = done.join(","); }}, 1500);
  }});
</script></body></html>"""


def _serve(page: str) -> tuple[http.server.HTTPServer, int]:
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            body = page.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    # One thread per connection: Chromium opens connections ahead of need and may leave one idle, which
    # a one-thread server would wait on (for about a minute) before it could stop.
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)  # port 0: the system picks a free one
    site.daemon_threads = True
    port = site.server_address[1]
    threading.Thread(target=site.serve_forever, daemon=True).start()
    return site, port


def test_a_page_from_another_site_changes_nothing_by_fetch_or_by_form(chromium, tmp_path):
    server = Server(tmp_path / "table.sqlite3")
    try:
        assert server.request("POST", "/api/table/new", {"players": ["Ann", "Bob"]})[0] == 200
        before = server.request("GET", "/api/table")[1]
        attacker, port = _serve(ATTACK.format(target=server.base))
        try:
            # localhost and 127.0.0.1 are two sites to the browser: the attack is cross-site.
            chromium.get(f"http://localhost:{port}/")
            wait(chromium, lambda d: d.execute_script("return document.body.dataset.fetches"), timeout=15)
        finally:
            attacker.shutdown()
        assert server.request("GET", "/api/table")[1] == before
        # And the page on the same host, other port: "same-site", refused as well.
        attacker, port = _serve(ATTACK.format(target=server.base))
        try:
            chromium.get(f"http://127.0.0.1:{port}/")
            wait(chromium, lambda d: d.execute_script("return document.body.dataset.fetches"), timeout=15)
        finally:
            attacker.shutdown()
        assert server.request("GET", "/api/table")[1] == before
    finally:
        server.stop()


def test_the_tables_own_page_passes_its_policy_and_players_named_like_object_properties_get_verdicts(chromium,
                                                                                                     tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    server = Server(tmp_path / "table.sqlite3")
    names = ["constructor", "__proto__", "toString", "hasOwnProperty"]
    try:
        assert server.request("POST", "/api/table/new", {"players": names})[0] == 200
        chromium.get_log("browser")  # what earlier pages logged
        chromium.get(f"{server.base}/?lang=en")
        rows = wait(chromium, lambda d: d.find_elements(By.CSS_SELECTOR, "#players .player"))
        assert [row.find_element(By.CLASS_NAME, "name").text for row in rows] == names
        strengths = [row.find_element(By.CLASS_NAME, "strength").text for row in rows]
        assert all(s.endswith(" 1") for s in strengths), strengths
        # Level __proto__ up through the rules, then a fight with constructor fighting and __proto__ helping.
        rows[1].find_element(By.CLASS_NAME, "up").click()
        wait(chromium, lambda d: d.execute_script(
            "return [...document.querySelectorAll('#players .level')].map((l) => l.textContent).join() === '1,2,1,1';"))
        assert chromium.find_elements(By.CSS_SELECTOR, "#table-verdict .reasons li")
        monsters = chromium.find_element(By.ID, "fight-monsters")
        monsters.clear()
        monsters.send_keys("Troll:3")
        Select(chromium.find_element(By.ID, "fight-fighter")).select_by_value("constructor")
        Select(chromium.find_element(By.ID, "fight-helper")).select_by_value("__proto__")
        chromium.find_element(By.CSS_SELECTOR, "#fight-form button").click()
        # the verdict, or whatever the page shows instead (an error): a failure says which
        wait(chromium, lambda d: d.find_element(By.ID, "fight-verdict").text.strip())
        assert chromium.find_elements(By.CSS_SELECTOR, "#fight-verdict .reasons li"), (
            chromium.find_element(By.ID, "fight-verdict").text, chromium.get_log("browser"))
        page = chromium.find_element(By.TAG_NAME, "body").text
        assert "native code" not in page and "[object Object]" not in page and "undefined" not in page
        assert "constructor" in chromium.find_element(By.ID, "fight-verdict").text
        violations = [entry["message"] for entry in chromium.get_log("browser")
                      if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
        assert violations == []
    finally:
        server.stop()
