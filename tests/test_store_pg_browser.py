"""One table of many, in a real browser: two phones on the page of the table (``/t/ID``), each on
another server of one PostgreSQL store, see every change whichever server made it."""

from __future__ import annotations


import pytest

from tests.conftest import StoreServer
from tests.test_store_pg_tables import made, start_game
from tests.test_web_browser import require_chromium
from tests.test_web_browser_live import level_of, phone, until


@pytest.fixture
def two_phones():
    require_chromium()
    drivers = []
    try:
        drivers = [phone(), phone()]
        yield drivers
    finally:
        for driver in drivers:
            driver.quit()


def test_two_phones_on_two_servers_see_the_same_table_of_many(pg_url, two_phones):
    one, two = StoreServer(pg_url), StoreServer(pg_url)
    try:
        table_id, code = made(one)
        other, other_code = made(one)
        start_game(two, table_id, code, players=("Ann", "Bob"))
        start_game(two, other, other_code, players=("Xia",))
        for driver, server in zip(two_phones, (one, two)):
            driver.get(f"{server.base}/t/{table_id}?lang=en")
        until(two_phones, lambda d: level_of(d, "Ann") == "1", 10, "the table on the page")
        for writer, level in ((one, 4), (two, 6)):
            assert writer.request("POST", f"/api/tables/{table_id}/set", {"player": "Ann", "fields": [f"level={level}"]},
                                  headers={"X-Referee-Code": code})[0] == 200
            seconds = until(two_phones, lambda d, lv=str(level): level_of(d, "Ann") == lv, 5, f"level {level}")
            assert seconds < 1.5
        # the other table's change shows on neither page
        two.request("POST", f"/api/tables/{other}/set", {"player": "Xia", "fields": ["level=9"]},
                    headers={"X-Referee-Code": other_code})
        assert all(level_of(d, "Xia") is None for d in two_phones)
    finally:
        one.stop()
        two.stop()
