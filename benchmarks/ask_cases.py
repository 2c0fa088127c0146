"""The ask benchmark's utterances and what each must give (benchmarks/ask/<lang>.yaml).

Shared by ``bench_ask.py`` (accuracy and speed) and ``tests/test_ask_benchmark.py``: the table
of ``benchmarks/ask/table.yaml`` written to a table file, and an expected command run through
``referee.cli.run`` — exactly as typed at a shell — with its ``--json`` verdict read back.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import shlex
import tempfile
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent / "ask"
LANGS = ("en", "nl", "hu", "es", "gu", "de")
#: details compared between ask's judgement and the expected command's (names a text may
#: choose, such as an item's or a stand-in player's, are not among them)
COMPARED = ("players_strength", "monsters_strength", "winner", "levels", "treasures", "treasures_face", "rolls", "gold",
            "levels_gained", "new_level", "wasted_gold", "allowed", "old_level", "wins", "legal", "bonus",
            "excess", "discard", "effect", "condition", "keeps", "loses", "loot_order")


#: libyaml's loader where it is built (it reads the utterance files several times faster)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def cases(lang: str, folder: Path = HERE) -> list[dict]:
    return yaml.load((folder / f"{lang}.yaml").read_text(encoding="utf-8"), Loader=LOADER)["cases"]


def table_state() -> dict:
    return yaml.safe_load((HERE / "table.yaml").read_text(encoding="utf-8"))


def make_table(path: Path) -> Path:
    """A table file holding the benchmark's table, made with the table's own commands."""
    from referee import table
    from referee.questions import flow_text

    state = table_state()
    table.new([p["name"] for p in state["players"]], state.get("game", "munchkin"), path=path)
    for player in state["players"]:
        fields = [f"{k}={flow_text(v)}" for k, v in player.items() if k not in ("name", "items")]
        table.set_fields(player["name"], fields, path=path)
        for item in player.get("items", []):
            extra = [f"{k}={flow_text(v)}" for k, v in item.items() if k != "name"]
            table.put_item(player["name"], item["name"], extra, path=path)
    table.turn(state["turn"], state.get("phase"), path=path)
    return path


def run_command(line: str, lang: str, table_path: Path | None) -> tuple[int, dict | None, str]:
    """Run one command line in-process: exit code, its --json body (or None), stderr."""
    from referee.cli import run

    import os

    argv = shlex.split(line) + ["--json", "--lang", lang]
    if table_path is not None:
        argv += ["--table", str(table_path)]
    out, err = io.StringIO(), io.StringIO()
    kept = os.environ.get("REFEREE_TABLE")
    nowhere = _no_table()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        # a question asked without a table reads none: not the user's default table either
        os.environ["REFEREE_TABLE"] = str(nowhere)
        try:
            code = run(argv)
        finally:
            if kept is None:
                os.environ.pop("REFEREE_TABLE", None)
            else:
                os.environ["REFEREE_TABLE"] = kept
    try:
        body = json.loads(out.getvalue()) if out.getvalue().strip() else None
    except ValueError:
        body = None
    return code, body, err.getvalue()


@functools.lru_cache(maxsize=1)
def _nowhere() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="referee-no-table-")


def _no_table() -> Path:
    """A table file that does not exist, in a folder made once per process: a folder made and
    removed for each command cost the test of every utterance 2 ms (measured, the disk's rmdir)."""
    path = Path(_nowhere().name) / "no-table.sqlite3"
    path.unlink(missing_ok=True)  # a command that made it must not hand a table to the next one
    return path


def key(judgement: dict) -> tuple:
    """What two judgements must share to be the same verdict."""
    details = judgement.get("details") or {}
    kept = _cards_by_one_name({k: details[k] for k in COMPARED if k in details})
    for name in ("keeps", "loses"):
        if isinstance(kept.get(name), list):
            # (an item card's name in any case is the card: "Boots of Butt-kicking" as a command
            # spells it is the Boots of Butt-Kicking a reading names by the card)
            kept[name] = sorted(str(thing).casefold() for thing in kept[name])
    if isinstance(kept.get("rolls"), list):
        # each fleeing player's roll against each monster: one verdict however the text orders
        # them ("Bob und ich", "de Medusa en de Net Troll" named the other way round)
        kept["rolls"] = sorted(kept["rolls"], key=lambda roll: json.dumps(roll, sort_keys=True, ensure_ascii=False))
    return judgement.get("question"), judgement.get("verdict"), json.dumps(kept, sort_keys=True, ensure_ascii=False)


def _cards_by_one_name(value):
    """A verdict's monsters by their card's English name: 'Pie Grande' and 'Bigfoot' name one
    card, and a verdict that names it in the asked language is the same verdict; a monster no
    card names, by no name."""
    from referee.cards import corpus_name_table
    from referee.corpus import load_corpus
    from referee.corpus.cards import fold

    if isinstance(value, list):
        return [_cards_by_one_name(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: _cards_by_one_name(v) for k, v in value.items()}
    if isinstance(out.get("monster"), str):
        card = corpus_name_table(load_corpus()).get(fold(out["monster"]))
        if card is not None and card.type == "monster":
            out["monster"] = card.name
        elif card is None:
            # a monster no card names ("Monster:10", "રાક્ષસ:10", "Szörny:12"): the situation
            # takes a monster's facts only from a card (referee.situation._with_card), so its
            # name is a label the engine reads nothing from, and any word for it is one verdict
            out["monster"] = None
    return out

