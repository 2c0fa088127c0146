"""Regular expressions compiled on first use.

A pattern of Unicode classes (``[\\w\\u0a81-\\u0a83…]``) costs 0.3–0.7 ms to compile, measured
on this machine's Python 3.11: a module that holds several for work most commands never do
(the card-name checks of ``referee check``) would make every command that imports it pay at
start-up. A :class:`Lazy` stands where the compiled pattern would, and compiles it the first
time one of its methods is used.
"""

from __future__ import annotations

import re


class Lazy:
    """``re.compile(pattern, flags)``, done on the first use of any of the pattern's methods."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags, self._compiled = pattern, flags, None

    def __getattr__(self, name: str):
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return getattr(self._compiled, name)
