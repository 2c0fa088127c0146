"""The one-line question a reading is: ``fight Troll:8 --helper Bob``. Run on its own (on the
same table), it asks exactly what ``ask`` judged: both go through
:func:`referee.questions.ask` with the same parameters."""

from __future__ import annotations

import shlex


def _word(value) -> str:
    # lazy: referee.questions 44 ms to import, paid only by the calls that need it
    from referee.questions import flow_text

    return shlex.quote(value if isinstance(value, str) else flow_text(value))


def command(name: str, params: dict) -> str:
    words = [name]
    if name in ("fight", "flee"):
        words += [_word(m) for m in params.get("monsters", [])]
    elif name == "can":
        words += [_word(params["player"]), params["action"]]
    elif name == "sell":
        words += [_word(params["player"])] + [_word(i) for i in params["items"]]
    elif name in ("gear", "charity", "death"):
        words.append(_word(params["player"]))
    elif name == "level":
        words += [_word(params["player"]), f"{params['change']:+d}", "--source", params["source"]]
    elif name == "die":
        words.append(str(params["roll"]))
        if params.get("player"):
            words += ["--for", _word(params["player"])]
    for key, option in (("fighter", "--fighter"), ("helper", "--helper"), ("target", "--target")):
        if params.get(key):
            words += [option, _word(params[key])]
    for key, option in (("plus", "--plus"), ("monster_plus", "--monster-plus")):
        for value in params.get(key, []):
            words += [option, str(value)]
    for person in params.get("fleeing", []):
        words += ["--player", _word(person)]
    for person in params.get("players", []):
        words += ["--player", _word(person)]
    for key, option in (("game", "--game"), ("turn", "--turn"), ("phase", "--phase")):
        if params.get(key) and (key != "game" or params[key] != "munchkin"):
            words += [option, _word(params[key])]
    return " ".join(words)
