"""The one-line question a reading is: ``fight Troll:8 --helper Bob``. Run on its own (on the
same table), it asks exactly what ``ask`` judged: both go through
:func:`referee.questions.ask` with the same parameters."""

from __future__ import annotations

from referee.questions import flow_text
from referee.registry import BY_VERB, parameters

#: the name a command gives the one asking when neither the table nor --as names them
ASKER = "me"


#: the characters a shell reads as part of a word, unquoted (what ``shlex.quote`` leaves bare)
_BARE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")


def _word(value) -> str:
    return _quoted(value if isinstance(value, str) else flow_text(value))


def _quoted(word: str) -> str:
    """``shlex.quote(word)``: the word bare where a shell reads it whole, else in single quotes
    (a quote inside closed, quoted and opened again). Written here because importing shlex and
    compiling its pattern cost every question 0.25 ms for this one function; the test suite
    holds it to shlex's answer."""
    if word and all(ch in _BARE for ch in word):
        return word
    return "'" + word.replace("'", "'\"'\"'") + "'"


def command(name: str, params: dict) -> str:
    """The command line of question ``name`` (its verb) with ``params``: its arguments in order,
    then its options, each as the registry of questions declares it."""
    question = BY_VERB[name]
    words = [name]
    for parameter in parameters(question):
        value = params.get(parameter.name)
        if value in (None, "", [], {}) or (parameter.name == "game" and value == "munchkin"):
            continue  # not given, or the default game
        if parameter.name in question.without:
            continue  # not on this command line (a fight sets its phase itself)
        if parameter.kind == "flag":
            on, _, off = parameter.flag.partition("/")
            words.append(on if value else off)
            continue
        if isinstance(value, dict) and parameter.kind == "assignments":
            value = [f"{key}={_text(item)}" for key, item in value.items()]
        for one in value if isinstance(value, list) else [value]:
            shown = _number(one, parameter.kind) if isinstance(one, int) else _word(one)
            words += [shown] if parameter.argument else [parameter.flag, shown]
    return " ".join(words)


def _number(value: int, kind: str) -> str:
    """A number as typed: a change of levels with its sign (``+1``), any other as it is."""
    return f"{value:+d}" if kind == "whole or text" else str(value)


def _text(value) -> str:
    return value if isinstance(value, str) else flow_text(value)
