"""The server's log kept readable under attack: one line per kind of fault, now and then.

A flood of bad requests must not become a flood of tracebacks (a disk filled with the same
trace, the one useful line lost in it). Each record is one line; records of the same kind (the
logger, the message before its values, the exception's type) pass at most once per
:data:`SECONDS`, the next one saying how many were held back meanwhile.
"""

from __future__ import annotations

import logging
import re
import time
import traceback

SECONDS = 10.0
#: kinds remembered at once (a flood of distinct messages cannot fill memory)
KINDS = 1024
#: the longest line written
LINE = 400

log = logging.getLogger("referee.web")


class OncePerKind(logging.Filter):
    """A handler's filter: the first record of a kind, then one per ``seconds``, each one line."""

    def __init__(self, seconds: float = SECONDS, clock=time.monotonic):
        super().__init__()
        self.seconds, self.clock = seconds, clock
        self.seen: dict[tuple, list] = {}   # kind -> [when last let through, held back since]

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        # The message before its values; asyncio writes its values into the message itself.
        template = re.sub(r"0x[0-9a-f]+|\d+", "N", str(record.msg).split("\n", 1)[0])[:60]
        kind = (record.name, record.levelno, template, type(error).__name__ if error else "")
        now = self.clock()
        seen = self.seen.get(kind)
        if seen is not None and now - seen[0] < self.seconds:
            seen[1] += 1
            return False
        line = record.getMessage()
        if error is not None:
            line = f"{line}: {type(error).__name__}: {str(error)[:200]}"
        if seen is not None and seen[1]:
            line = f"{line} (and {seen[1]} more like it)"
        line = " ".join(line.split())
        record.msg = line if len(line) <= LINE else line[:LINE - 1] + "…"
        record.args, record.exc_info, record.exc_text, record.stack_info = (), None, None, None
        self.seen.pop(kind, None)
        self.seen[kind] = [now, 0]
        while len(self.seen) > KINDS:
            self.seen.pop(next(iter(self.seen)))
        return True


def report(method: str, path: str, error: BaseException) -> None:
    """One line for a fault in a request: where it happened in the code, never the whole trace."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f"{frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno}" if frames else "?"
    log.error("internal error answering %s %s at %s", method, path[:100], where, exc_info=error)


def log_config(level: str = "WARNING") -> dict:
    """uvicorn's ``log_config``: its loggers, asyncio's and the referee's, through one filtered handler."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"once": {"()": OncePerKind}},
        "formatters": {"line": {"format": "%(levelname)s: %(message)s"}},
        "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "line",
                                "filters": ["once"]}},
        "loggers": {name: {"handlers": ["stderr"], "level": level, "propagate": False}
                    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "asyncio", "referee")},
    }
