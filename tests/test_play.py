"""``referee play`` through a pseudo-terminal, as a person at the table would use it."""

from __future__ import annotations

import json
import os
import time

import pexpect
import pytest

from tests.conftest import BIN, interruptible

PROMPTS = {"en": "referee> ", "hu": None}


@pytest.fixture
def session(tmp_path):
    """Start ``referee play`` on a fresh table; yields (child, table path, state dir)."""
    children = []

    def start(lang: str = "en", *extra: str):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "REFEREE_"))}
        env.update(REFEREE_TABLE=str(tmp_path / "table.sqlite3"), REFEREE_STATE_DIR=str(tmp_path / "state"),
                   REFEREE_LANG=lang, TERM="xterm")
        child = pexpect.spawn(str(BIN / "referee"), ["play", *extra], env=env, encoding="utf-8", timeout=30,
                              dimensions=(50, 150), preexec_fn=interruptible)
        child.delaybeforesend = None
        children.append(child)
        return child

    yield start
    for child in children:
        child.close(force=True)


def prompt_of(child) -> str:
    child.expect(r"(\S+> )")
    return child.match.group(1)


def ask(child, prompt: str, line: str) -> str:
    child.sendline(line)
    child.expect_exact(prompt)
    return child.before


TWENTY = [
    "table new Ann Bob Cid", "table set Ann level=4 races=elf classes=warrior", "table set Bob level=3 races=elf",
    "table item Ann Boots --card 'Boots of Butt-Kicking'", "table", "fight Troll:8 --helper Bob",
    "table level Ann +1 --source kill", "table level Bob +1 --source help-elf", "flee Troll:8",
    "can Ann sell", "sell Ann Boots", "gear Ann", "rule combat.ties", "search monster level", "card 'Loaded Die'",
    "table turn", "charity Bob", "death Cid", "table undo", "table log",
]


def test_twenty_commands_in_one_session_and_ctrl_d_ends_it_with_exit_0(session):
    child = session()
    prompt = prompt_of(child)
    outputs = [ask(child, prompt, line) for line in TWENTY]
    assert "Verdict: WIN" in outputs[5]
    assert "Ann: level 4 → 5 (a kill)" in outputs[6]
    assert "combat.ties —" in outputs[12]
    assert "Took back 1 change" in outputs[18]
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_at_the_prompt_does_not_end_the_session(session):
    child = session()
    prompt = prompt_of(child)
    child.send("table new half-typed")
    time.sleep(0.3)  # a person's pause: the line is being edited when Ctrl-C comes
    child.sendcontrol("c")
    child.expect_exact(prompt)
    assert "no table in progress" in ask(child, prompt, "table")  # the half-typed line was not run
    ask(child, prompt, "table new Ann Bob")
    assert "Ann" in ask(child, prompt, "table")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_an_error_prints_its_message_and_the_session_goes_on(session):
    child = session()
    prompt = prompt_of(child)
    assert "No such command" in ask(child, prompt, "fihgt Troll:8")
    assert "no table in progress" in ask(child, prompt, "fight Troll:8")
    assert "unbalanced" not in ask(child, prompt, "table new Ann Bob")
    assert "level 1" in ask(child, prompt, "table")


def test_tab_completes_commands_players_and_cards_in_the_sessions_language(session):
    child = session("hu")
    prompt = prompt_of(child)
    ask(child, prompt, "table new Annamária Bob")
    child.send("fig\t")
    child.expect_exact("fight ")
    child.send("--help\t")  # nothing to complete: the line stays
    child.sendcontrol("u")
    child.send("table set Anna\t")
    child.expect_exact("Annamária ")
    child.sendcontrol("u")
    child.send("card Cinkelt\t")  # the Loaded Die by its Hungarian name
    child.expect_exact("Cinkelt\\ kocka")
    child.sendline("")
    child.expect_exact(prompt)
    assert "loaded-die" in child.before


def test_prompt_help_and_messages_speak_the_sessions_language(session):
    child = session("de")
    prompt = prompt_of(child)
    helped = ask(child, prompt, "help")
    assert "fight" in helped and "Optionen" in helped
    assert "Urteil" in ask(child, prompt, "fight Troll:3 --player 'Ann:5'")


def test_history_is_kept_between_sessions_in_the_state_dir(session, tmp_path):
    child = session()
    prompt = prompt_of(child)
    ask(child, prompt, "rule combat.ties")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    history = tmp_path / "state" / "history"
    assert "rule combat.ties" in history.read_text()
    again = session()
    prompt = prompt_of(again)
    again.send("\x1b[A")  # arrow up: the last line of the previous session
    again.expect_exact("rule combat.ties")


def test_play_json_answers_every_command_in_json_for_programs(tmp_path):
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["REFEREE_TABLE"] = str(tmp_path / "t.sqlite3")
    lines = "table new Ann Bob\ntable set Ann level=5\nfight Troll:3\nquit\n"
    result = subprocess.run([str(BIN / "referee"), "play", "--json"], input=lines, capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    decoder, text, found = json.JSONDecoder(), result.stdout.strip(), []
    while text:
        value, end = decoder.raw_decode(text)
        found.append(value)
        text = text[end:].strip()
    assert found[0]["table"]["players"][0]["name"] == "Ann" and found[2]["verdict"] == "win"


def test_every_command_that_reads_a_table_reads_the_sessions_table(tmp_path, monkeypatch, capsys):
    """`referee play --table FILE`: each command whose declaration takes --table is given FILE
    (asked of the command itself), never the default table of another game."""
    import typer.main

    from referee.cli import build_app, run
    from referee.cli.play import Session

    game, other = tmp_path / "game.sqlite3", tmp_path / "other.sqlite3"
    monkeypatch.setenv("REFEREE_TABLE", str(other))
    assert run(["table", "new", "Ann", "Bob", "--table", str(game)]) == 0
    assert run(["table", "set", "Ann", "level=5", "--table", str(game)]) == 0
    assert run(["table", "new", "Ann", "Bob"]) == 0          # the default table: Ann at level 1
    capsys.readouterr()
    session = Session(typer.main.get_command(build_app()), "en", game, as_json=True, run=run)
    for line in ("level Ann +1 --source kill", "fight Troll:3", "ask Troll level 3, who wins?"):
        assert session.run_line(line) == 0, line
        answer = json.loads(capsys.readouterr().out)
        judged = answer.get("judgement") or answer
        if line.startswith("level"):
            assert judged["details"]["old_level"] == 5, (line, answer)
        else:
            assert judged["details"]["players_strength"] == 5, (line, answer)
