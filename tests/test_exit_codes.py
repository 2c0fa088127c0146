"""Every command × (text, ``--json``) × (found, not found, bad input) and its exit code.

The contract (shared/spec/CONTRACT.md): 0 success; 1 a well-formed question whose answer is
"no result"; 2 bad input. One row per command: a new command is a new row. The test writes the
table it measured to ``tests/exit_codes.md`` when ``REFEREE_UPDATE_TABLES=1``, and otherwise
checks that file still says what the commands do.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple, Optional

import pytest

from tests.conftest import changed_copy, run_referee

#: these tests share one index, built once: under xdist they run in one process, which makes it once
pytestmark = pytest.mark.xdist_group("test_exit_codes")

ROOT = Path(__file__).resolve().parent.parent
TABLE = Path(__file__).with_name("exit_codes.md")
#: the contract's exit code for each outcome
CONTRACT = {"found": 0, "not found": 1, "bad input": 2}
OUTCOMES = tuple(CONTRACT)


class Row(NamedTuple):
    """One command: the arguments that find something, find nothing, are bad input (``None``
    where the command has no such outcome, with the reason)."""

    command: str
    found: list[str]
    not_found: Optional[list[str]]
    bad: list[str]
    why_no_not_found: str = ""


EXAMPLE = str(ROOT / "examples" / "combat.yaml")

ROWS = [
    Row("rule", ["rule", "combat.ties"], ["rule", "combat.no-such-rule"], ["rule", "combat.ties", "--lang", "xx"]),
    Row("list", ["list", "--topic", "combat"], ["list", "--topic", "setup", "--game", "star-munchkin"],
        ["list", "--game", "chess"]),
    Row("conflicts", ["conflicts"], None, ["conflicts", "--game", "chess"],
        "no disagreement is an answer (0), not a missing one"),
    Row("search", ["search", "sell", "level"], ["search", "xqzzqx"], ["search", "sell", "--limit", "0"]),
    Row("search (filters only)", ["search", "topic:combat"], ["search", "topic:no-such-topic"],
        ["search", "topic:combat", "--kind", "law"]),
    Row("index", ["index"], ["index", "--info"], ["index", "--lang", "xx"]),
    Row("card", ["card", "Loaded", "Die"], ["card", "Zzyzx", "Qwerty"], ["card", "Loaded", "Die", "--lang", "xx"]),
    Row("card (candidates)", ["card", "ring"], ["card", "qqqq"], ["card"]),
    Row("cards", ["cards", "--type", "monster"], ["cards", "--type", "monster", "--game", "star-munchkin"],
        ["cards", "--type", "spaceship"]),
    Row("judge", ["judge", EXAMPLE], None, ["judge", "no-such-situation.yaml"],
        "a situation always has a verdict (3 when the rules do not settle it)"),
    Row("check", ["check", "--no-catalogs"], None, ["check", "--rules", "{empty}"],
        "the corpus is clean (0) or has problems (2)"),
    Row("i18n stats", ["i18n", "stats"], None, ["i18n", "stats", "--lang", "xx"], "statistics always exist"),
    # The table commands run on {table} (a game of Ann and Bob); {missing} is no file, {fresh} a
    # game with nothing to undo, {notes} a text file that is not a table.
    Row("table", ["table"], ["table", "--table", "{missing}"], ["table", "--table", "{notes}"]),
    Row("table new", ["table", "new", "Xia", "Yan", "--table", "{scratch}", "--replace"], None, ["table", "new"],
        "starting a game either happens or is refused as bad input"),
    Row("table set", ["table", "set", "Ann", "level=3"], ["table", "set", "Ann", "level=3", "--table", "{missing}"],
        ["table", "set", "Ann", "level=99"]),
    Row("table level", ["table", "level", "Bob", "+1", "--source", "kill"],
        ["table", "level", "Bob", "+1", "--source", "kill", "--table", "{missing}"],
        ["table", "level", "Bob", "+1", "--source", "luck"]),
    Row("table item", ["table", "item", "Ann", "Club", "bonus=1"], ["table", "item", "Ann", "Club", "--table", "{missing}"],
        ["table", "item", "Ann", "Club", "slot=tail"]),
    Row("table turn", ["table", "turn"], ["table", "turn", "--table", "{missing}"], ["table", "turn", "Zed"]),
    Row("table undo", ["table", "undo"], ["table", "undo", "--table", "{fresh}"], ["table", "undo", "0"]),
    Row("table log", ["table", "log"], ["table", "log", "--table", "{missing}"], ["table", "log", "--table", "{notes}"]),
    Row("fight", ["fight", "Troll:3"], None, ["fight", "Trol"], "a fight always has a verdict"),
    Row("flee", ["flee", "Troll:3"], None, ["flee", "Troll:3", "--player", "Zed:2 pirate"],
        "a flight always has a verdict"),
    Row("can", ["can", "Ann", "trade"], None, ["can", "Ann", "juggle"], "an action is allowed or forbidden"),
    Row("sell", ["sell", "Ann", "Crown:1000"], None, ["sell", "Ann", "Crown"], "a sale always has a verdict"),
    Row("gear", ["gear", "Ann"], None, ["gear", "Zed"], "a load is legal or not"),
    Row("charity", ["charity", "Ann"], None, ["charity", "Zed"], "a hand always has a place to go"),
    Row("death", ["death", "Ann"], None, ["death", "Zed"], "a death always has its consequences"),
    Row("level", ["level", "Ann", "+1", "--source", "kill"], None, ["level", "Ann", "+1", "--source", "luck"],
        "a level change always has a verdict"),
    Row("die", ["die", "3"], None, ["die", "11"], "every roll has an effect"),
    Row("ask", ["ask", "Troll:8,", "who", "wins?"], ["ask", "xqzzqx", "qwzzx"], ["ask", "who", "wins", "--lang", "xx"]),
    Row("play", ["play"], None, ["play", "--lang", "xx"], "a session reads what it is given, to the end"),
    Row("serve", ["serve", "--help"], None, ["serve", "--port", "99999"],
        "a server runs until stopped (tests/test_web_api.py starts real ones)"),
]


@pytest.fixture(scope="module")
def measured(tmp_path_factory, shipped_rules) -> dict:
    tmp = tmp_path_factory.mktemp("exit-codes")
    (tmp / "empty").mkdir()
    # index --info finds nothing only where no index was built yet: a corpus of its own
    lonely = {"REFEREE_CACHE_DIR": str(tmp / "cache"), "REFEREE_RULES": str(changed_copy(shipped_rules, tmp / "rules"))}
    places = {"{table}": tmp / "table.sqlite3", "{missing}": tmp / "missing.sqlite3", "{fresh}": tmp / "fresh.sqlite3",
              "{notes}": tmp / "notes.txt", "{scratch}": tmp / "scratch.sqlite3"}
    places["{notes}"].write_text("not a table\n")
    for game in ("{table}", "{fresh}"):
        assert run_referee("table", "new", "Ann", "Bob", "--table", str(places[game])).returncode == 0
    at_table = {"REFEREE_TABLE": str(places["{table}"])}
    codes = {}
    for row in ROWS:
        for outcome, args in zip(OUTCOMES, (row.found, row.not_found, row.bad)):
            for mode in ("text", "json"):
                if args is None:
                    codes[row.command, outcome, mode] = None
                    continue
                argv = [str(places[a]) if a in places else a.replace("{empty}", str(tmp / "empty")) for a in args]
                argv += ["--json"] if mode == "json" else []
                env = lonely if row.command == "index" and outcome == "not found" else at_table
                result = run_referee(*argv, env=env, input="" if row.command == "play" else None)
                assert "Traceback" not in result.stderr, (argv, result.stderr)
                codes[row.command, outcome, mode] = result.returncode
    return codes


def render(codes: dict) -> str:
    head = "| command | " + " | ".join(f"{o}, {m}" for o in OUTCOMES for m in ("text", "--json")) + " |"
    lines = ["# Exit codes, as measured by tests/test_exit_codes.py", "",
             "0 found, 1 not found (no result), 2 bad input, as the contract says; — where a command has no such "
             "outcome.", "", head, "|" + "---|" * (1 + 2 * len(OUTCOMES))]
    for row in ROWS:
        cells = [str(codes[row.command, o, m]) if codes[row.command, o, m] is not None else "—"
                 for o in OUTCOMES for m in ("text", "json")]
        lines.append(f"| `{row.command}` | " + " | ".join(cells) + " |")
    notes = [f"- `{row.command}` has no \"not found\": {row.why_no_not_found}." for row in ROWS if row.not_found is None]
    return "\n".join(lines + [""] + notes) + "\n"


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.command)
def test_each_outcome_has_the_contracts_exit_code_in_text_and_json(row, measured):
    for outcome in OUTCOMES:
        for mode in ("text", "json"):
            code = measured[row.command, outcome, mode]
            if code is not None:
                assert code == CONTRACT[outcome], (row.command, outcome, mode, code)


def test_the_table_is_written_down(measured):
    table = render(measured)
    if os.environ.get("REFEREE_UPDATE_TABLES"):
        TABLE.write_text(table, encoding="utf-8")
    assert TABLE.read_text(encoding="utf-8") == table, "run with REFEREE_UPDATE_TABLES=1 to rewrite tests/exit_codes.md"


def test_every_command_has_a_row():
    from referee.cli import build_app

    app = build_app()
    names = {info.name for info in app.registered_commands} | {group.name for group in app.registered_groups}
    covered = {row.command.split(" ")[0] for row in ROWS}
    assert names <= covered, f"add a row for: {sorted(names - covered)}"
