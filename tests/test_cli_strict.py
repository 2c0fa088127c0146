"""One-line inputs are as strict as files: every malformed one is exit 2 with a message naming
what is wrong, never exit 70; names print with terminal controls escaped. In-process, on a
table file of the test's own (Ann and Bob), through the CLI's own entry."""

from __future__ import annotations

import pytest

from referee.cli import run

HUGE = "9" * 4300
ON_A_TABLE = ["Ann", "Bob"]

#: (case as a sentence, command line, a piece of the message)
REFUSED = [
    ("a level of 4,300 digits in a player spec", ["fight", "Troll:3", "--player", f"Ann:{HUGE}"], "digits"),
    ("a level of 4,300 digits in a monster", ["fight", f"Troll:{HUGE}", "--player", "Ann:3"], "digits"),
    ("a level of 4,300 digits in an inline mapping", ["fight", "Troll:3", "--player", f"{{name: Ann, level: {HUGE}}}"],
     "level"),
    ("a level past Python's 4,300 digits in an inline mapping",
     ["fight", "Troll:3", "--player", f"{{name: Ann, level: {HUGE}99}}"], "too long"),
    ("a bonus of 4,300 digits", ["fight", "Troll:3", "--player", f"Ann:3 +{HUGE}"], "digits"),
    ("a gold value of 4,300 digits for sale", ["sell", "Ann", f"Boots:{HUGE}", "--player", "Ann:3", "--turn", "Ann"],
     "digits"),
    ("a player given as an empty mapping", ["fight", "Troll:3", "--player", "{}"], "name"),
    ("a player mapping whose name is a number", ["fight", "Troll:3", "--player", "{name: 7}"], "name"),
    ("a player mapping whose items are not mappings", ["gear", "--player", "{name: Ann, items: [Sword]}"], "items"),
    ("a key given twice in a player mapping", ["fight", "Troll:3", "--player", "{name: Ann, name: Bob}"], "twice"),
    ("a key given twice in a monster mapping", ["fight", "{name: Troll, level: 3, level: 9}", "--player", "Ann:3"],
     "twice"),
    ("a key given twice in a table field", ["table", "set", "Ann", "hireling={name: X, name: Y}"], "twice"),
    ("a level that is not a number after the colon", ["fight", "Troll:3", "--player", "Ann:abc"], "NAME:LEVEL"),
    ("two inline players with one name", ["fight", "Troll:3", "--player", "Ann:3", "--player", "Ann:4"], "two players"),
    ("a fleeing player who is not at the table", ["flee", "Troll:3", "--player", "Anne"], "Ann, Bob"),
    ("a bare name not at the table in a fight", ["fight", "Troll:3", "--player", "Anne"], "Ann, Bob"),
    ("a helper who is not at the table", ["fight", "Troll:3", "--helper", "Bobby"], "Ann, Bob"),
]


@pytest.fixture
def table(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_TABLE", str(tmp_path / "table.sqlite3"))
    monkeypatch.setenv("REFEREE_LANG", "en")
    assert run(["table", "new", *ON_A_TABLE]) == 0
    return tmp_path / "table.sqlite3"


@pytest.mark.parametrize("case, argv, says", REFUSED, ids=[c[0] for c in REFUSED])
def test_a_malformed_one_line_input_is_exit_2_naming_what_is_wrong(table, capsys, case, argv, says):
    capsys.readouterr()
    code = run(argv)
    out, err = capsys.readouterr()
    assert code == 2, (case, out, err)
    assert says in err and "Traceback" not in err and err.startswith("referee: ")
    assert len(err) < 2000, "a message, not the input echoed back"


def test_an_item_given_only_by_its_card_is_sold_by_that_name(table, capsys):
    argv = ["sell", "Ana", "Flaming Armor", "--player", "{name: Ana, level: 3, items: [{card: Flaming Armor}]}",
            "--turn", "Ana", "--json"]
    assert run(argv) == 0, capsys.readouterr().err
    assert '"verdict"' in capsys.readouterr().out


def test_a_player_not_at_the_table_is_still_described_with_a_level(table, capsys):
    assert run(["flee", "Troll:3", "--player", "Anne:2"]) == 0, capsys.readouterr().err
    assert run(["flee", "Troll:3", "--player", "ann"]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("name", ["\x1b[2J\x1b[31mEve", "Bob\u202e", "Cid\x07\r"])
def test_terminal_controls_in_names_are_shown_escaped_in_every_text_output(tmp_path, monkeypatch, capsys, name):
    monkeypatch.setenv("REFEREE_TABLE", str(tmp_path / "table.sqlite3"))
    monkeypatch.setenv("REFEREE_LANG", "en")
    assert run(["table", "new", name, "Ann"]) == 0
    outputs = []
    for argv in (["table"], ["gear", name], ["level", name, "+1", "--source", "card"], ["table", "log"],
                 ["fight", "Troll:3", "--fighter", name], ["fight", "Troll:3", "--fighter", name + "x"]):
        run(argv)
        outputs.append(capsys.readouterr())
    for captured in outputs:
        for text in (captured.out, captured.err):
            assert not any(c in text for c in "\x1b\u202e\x07\r"), repr(text[:300])
    assert any(name.encode("unicode_escape").decode()[:6] in c.out for c in outputs)


# --- a fuzz of the one-line inputs -----------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PIECES = st.sampled_from(["Ann", "Anne", "Bob", "Ann:3", "Ann:abc", "Ann:-2", f"Ann:{HUGE}", "Ann:99999999999",
                          "{}", "{name: Ann, name: Bob}", "{name: [Ann]}", "{name: Ann, items: [{card: Flaming Armor}]}",
                          "{name: Ann, items: [Sword]}", "{name: Ann, level: 1e999}", "[Ann]", "{", "}", "'", ":",
                          "Troll:3", "Troll:", f"Troll:{HUGE}", "Plutonium Dragon", "{name: Troll, level: [1]}",
                          "level=5", "level=abc", "level=", "races=elf,dwarf", "hireling={name: X, name: Y}",
                          "\x1b[2J", "\u202eevil", "constructor", "__proto__", "+3", "-99999999999999", "=", "",
                          "x" * 3000, "&a [1]", "*a", "!!python/object:os.system ls", "2024-13-45"])
COMMANDS = [
    lambda a, b: ["fight", a, "--player", b],
    lambda a, b: ["fight", "Troll:3", "--fighter", a, "--helper", b],
    lambda a, b: ["flee", a, "--player", b],
    lambda a, b: ["sell", "Ann", a, "--player", b, "--turn", "Ann"],
    lambda a, b: ["gear", a, "--player", b],
    lambda a, b: ["can", a, "steal", "--target", b],
    lambda a, b: ["level", a, b, "--source", "card"],
    lambda a, b: ["die", a, "--player", b],
    lambda a, b: ["fight", "Troll:3", "--discard", f"{a}={b}"],
    lambda a, b: ["fight", "Troll:3", "--charm", f"{a}={b}"],
    lambda a, b: ["table", "set", a, b],
    lambda a, b: ["table", "item", a, b, "bonus=2"],
    lambda a, b: ["table", "level", a, b, "--source", "card"],
    lambda a, b: ["table", "turn", a],
    lambda a, b: ["fight", "Troll:3", "--player", a, "--house-rule", b, "--game", "epic"],
]
TRIED = {"inputs": 0, "exits": {}}


@settings(max_examples=max(300, int(__import__("os").environ.get("REFEREE_EXAMPLES", "300")) // 5), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.sampled_from(range(len(COMMANDS))), PIECES, PIECES)
def test_no_one_line_input_is_an_exit_70_or_a_traceback(tmp_path_factory, command, a, b):
    import os

    from tests.conftest import run_referee  # noqa: F401  (the same process, the CLI's own entry)

    folder = tmp_path_factory.mktemp("fuzz")
    os.environ["REFEREE_TABLE"] = str(folder / "table.sqlite3")
    os.environ["REFEREE_LANG"] = "en"
    try:
        assert run(["table", "new", "Ann", "Bob"]) == 0
        code = run(COMMANDS[command](a, b))
    finally:
        os.environ.pop("REFEREE_TABLE", None)
        os.environ.pop("REFEREE_LANG", None)
    TRIED["inputs"] += 1
    TRIED["exits"][code] = TRIED["exits"].get(code, 0) + 1
    assert code in (0, 1, 2), (COMMANDS[command](a, b), code)


def test_the_count_of_one_line_inputs_tried():
    """Printed for the report: inputs tried and their exit codes (no 70)."""
    print(f"one-line inputs tried: {TRIED['inputs']}, exits: {dict(sorted(TRIED['exits'].items()))}")
    assert 70 not in TRIED["exits"]


@pytest.mark.parametrize("value", [HUGE + "99", "\x1b[2J", "1e999"])
def test_a_bad_option_value_is_a_usage_error_short_and_escaped(table, capsys, value):
    assert run(["fight", "Troll:3", "--player", "Ann:3", "--plus", value]) == 2
    err = capsys.readouterr().err
    assert "--plus" in err and len(err) < 1000 and "\x1b" not in err


#: (case as a sentence, command line): a word, card or item with no name near it
NOTHING_NEAR = [
    ("a player word near no race, class or sex", ["fight", "Troll:3", "--player", "Ann:3 zzqxw"]),
    ("a monster near no monster card", ["fight", "Zzqxwvy"]),
    ("a one-shot near no card with a bonus", ["table", "combat", "open", "Troll:3", "--plus", "Zzqxwvy"]),
    ("an item card near no item card", ["table", "item", "Ann", "Zzqxwvy", "--card", "Zzqxwvy"]),
]


@pytest.mark.parametrize("case", NOTHING_NEAR, ids=[c[0] for c in NOTHING_NEAR])
@pytest.mark.parametrize("lang", ["en", "hu", "gu"])
def test_an_unknown_word_with_nothing_near_offers_no_empty_did_you_mean(table, capsys, monkeypatch, case, lang):
    """A "did you mean" with nothing in it ("did you mean: —?") is noise: the message stops
    before it. The game a message names is in the player's words, not its code."""
    *before, argv = case[1:]
    for command in before:
        run(command)
    monkeypatch.setenv("REFEREE_LANG", lang)
    capsys.readouterr()
    assert run(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("referee: ") and "—?" not in err and "{" not in err, err
    assert "munchkin" not in err, err  # the game's code; its name is "Munchkin" (મંચકીન in Gujarati)
