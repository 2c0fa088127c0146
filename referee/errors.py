"""The few exceptions the library raises, and the exit code each one maps to.

The CLI has one error boundary (:func:`referee.cli.main`) that turns these into a message on
stderr and an exit code; nothing below it prints.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file: where it is, which field, and what was expected."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class RefereeError(Exception):
    """Base class; ``exit_code`` is what the CLI exits with."""

    exit_code = 2


class BadInput(RefereeError):
    """Input the user gave cannot be used (an option, a locale, a file)."""


class NotFound(RefereeError):
    """A well-formed question with no answer, such as an id that does not exist."""

    exit_code = 1


class InvalidFile(BadInput):
    """A file with one or more problems; all of them are reported at once."""

    def __init__(self, problems: list[Problem], what: str = "file"):
        self.problems = list(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the {what}:"
        super().__init__("\n".join([head, *(f"  {p}" for p in self.problems)]))
