"""The few exceptions the library raises, and the exit code each one maps to.

Messages are kept as English templates with their values (:class:`referee.model.Message`)
so the CLI can show them in the user's language; ``str()`` gives the English. The CLI has one
error boundary (:func:`referee.cli.main`) that renders them on stderr; nothing below it prints.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum

from referee.message import Message
from referee.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:  # names for annotations only: typing stays off the judge's start-up (see referee.records)
    from typing import Union

Translate = Callable[[str], str]


class Exit(IntEnum):
    """Every exit code of ``referee``, in one place (README, "Exit codes"; the web's error body
    carries the same number under ``"exit"``)."""

    OK = 0
    NO_RESULT = 1        # a well-formed question with no answer: nothing found, no such id
    BAD_INPUT = 2        # a bad option, file, field or word: a message naming it
    UNSETTLED = 3        # two clauses apply and disagree, with no precedence between them
    INTERNAL = 70        # a bug (REFEREE_DEBUG=1 shows where)
    INTERRUPTED = 130    # Ctrl-C: one line, nothing left behind
    BROKEN_PIPE = 141    # the reader of the output stopped reading


def _identity(text: str) -> str:
    return text


def _render(message: Union[str, Message], translate: Translate) -> str:
    return message.render(translate) if isinstance(message, Message) else str(message)


#: a value quoted in a message is cut to this many characters
QUOTE_LIMIT = 60


def readable(text: str) -> str:
    """``text`` with each lone surrogate — what the bytes of an argument that are not UTF-8
    become ("\\udcff") — as U+FFFD, the unreadable character it is; a pair stays the character
    it stands for. Text echoed back (a question, a card's name) is then always writable as UTF-8."""
    try:
        # the usual text, with no surrogate: no codec loaded (UTF-16's is an import, 0.1 ms of every `ask`)
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def quote(value, limit: int = QUOTE_LIMIT) -> str:
    """A value as a user wrote it in YAML or JSON — ``null``, ``true``, ``2024-05-01``, ``'Troll'`` —
    on one line and cut to ``limit`` characters, for a message (never a Python repr)."""
    if value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, int) and value.bit_length() > 200:
        # str() of an int over 4,300 digits raises; and nobody reads one whole
        text = f"<{int(value.bit_length() * 0.30103) + 1} digits>"
    elif isinstance(value, (str, int, float)):
        text = str(value)
    elif hasattr(value, "isoformat"):
        text = value.isoformat()
    elif isinstance(value, dict):
        text = "{" + ", ".join(f"{quote(k, limit)}: {quote(v, limit)}" for k, v in list(value.items())[:10]) + "}"
    elif isinstance(value, (list, tuple, set)):
        text = "[" + ", ".join(quote(v, limit) for v in list(value)[:10]) + "]"
    else:
        text = str(value)
    text = " ".join(text.split()) if isinstance(value, str) else text
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return f"'{text}'" if isinstance(value, str) else text


class Problem(Record):
    """One thing wrong with an input file: where it is, which field, and what was expected."""

    file: str
    line: int | None
    field: str
    message: Union[str, Message]

    def render(self, translate: Translate = _identity) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        text = _render(self.message, translate)
        return f"{where}: {self.field}: {text}" if self.field else f"{where}: {text}"

    def __str__(self) -> str:
        return self.render()


class RefereeError(Exception):
    """Base class; ``exit_code`` is what the CLI exits with.

    Raise with an English template and its values: ``BadInput("no file {name}", name=…)``.
    """

    exit_code = Exit.BAD_INPUT

    def __init__(self, template: str = "", **values):
        self.message = Message.of(template, **values) if values else Message(template)
        super().__init__(self.render())

    def render(self, translate: Translate = _identity) -> str:
        return _render(self.message, translate)


class BadInput(RefereeError):
    """Input the user gave cannot be used (an option, a locale, a file)."""


class NotFound(RefereeError):
    """A well-formed question with no answer, such as an id that does not exist."""

    exit_code = Exit.NO_RESULT


class InvalidFile(BadInput):
    """A file with one or more problems; all of them are reported at once."""

    def __init__(self, problems: list[Problem], what: str = "file"):
        self.problems = list(problems)
        self.what = what
        super().__init__()

    def render(self, translate: Translate = _identity) -> str:
        singular, plural = _HEADINGS.get(self.what, _HEADINGS["file"])
        head = Message.plural_of(singular, plural, "count", count=len(self.problems)).render(translate)
        return "\n".join([head, *(f"  {p.render(translate)}" for p in self.problems)])


def plural_of(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message's two forms for extraction (``plural_of:1,2``); chosen by count when shown."""
    return singular, plural


#: The first line of an invalid file's report, one whole sentence per kind of input, so each
#: language words "in the file", "in the table" with its own article and case.
_HEADINGS = {
    "file": plural_of("{count} problem in the file:", "{count} problems in the file:"),
    "rules corpus": plural_of("{count} problem in the rules corpus:", "{count} problems in the rules corpus:"),
    "situation": plural_of("{count} problem in the situation:", "{count} problems in the situation:"),
    "table": plural_of("{count} problem in the table:", "{count} problems in the table:"),
    "question": plural_of("{count} problem in the question:", "{count} problems in the question:"),
    "change": plural_of("{count} problem in the change:", "{count} problems in the change:"),
}


class RulesDoNotSettle(RefereeError):
    """Two clauses apply and disagree with no precedence between them (an engine finding)."""

    exit_code = Exit.UNSETTLED
