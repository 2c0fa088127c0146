"""Regular expressions compiled once and kept in the user cache, not compiled again by every
process.

``re.compile`` runs its compiler in Python, and a pattern with Unicode classes walks the
whole class: 0.05–0.4 ms a pattern on this machine. A question read by ``referee ask``
compiles the tokenizer's patterns and 25–40 of its language's phrases: 14 M of the 273 M
instructions of a whole-process ``ask`` (callgrind, Python 3.11), more than reading the text.
Python pickles a pattern as its source and compiles it again on load, so what is kept is the
compiled *program* — the codes ``re``'s compiler hands to ``_sre.compile`` — keyed by the
interpreter and the regex engine's magic number (:func:`referee.cache.kept_data` keeps it
behind a checksum). ``_sre.compile`` checks a program before it runs it; any mismatch, and any
Python whose ``re`` is laid out otherwise, falls back to ``re.compile``.
"""

from __future__ import annotations

import re
from array import array

try:  # CPython 3.11+: the compiler's own modules; elsewhere patterns are only compiled
    import _sre
    from re import _compiler, _parser

    ENGINE = (_sre.MAGIC, _sre.CODESIZE)
    _CODE = next(t for t in "IL" if array(t).itemsize == _sre.CODESIZE)
except (ImportError, AttributeError, StopIteration):  # pragma: no cover - other Pythons
    _sre = None
    ENGINE = None


def program(source: str, flags: int = 0):
    """What ``_sre.compile`` takes for ``source`` besides the source itself, as plain data
    (the codes as bytes: read back without a Python object per code); ``None`` where this
    Python's ``re`` cannot give it."""
    if _sre is None:
        return None
    parsed = _parser.parse(source, flags)
    state = parsed.state
    indexgroup = [None] * state.groups
    for name, number in state.groupdict.items():
        indexgroup[number] = name
    code = array(_CODE, _compiler._code(parsed, flags)).tobytes()
    return (flags | state.flags, code, state.groups - 1, dict(state.groupdict), tuple(indexgroup))


def compiled(source: str, kept=None, flags: int = 0) -> re.Pattern:
    """``re.compile(source, flags)``, from its kept program where there is one."""
    if kept is not None and _sre is not None:
        try:
            all_flags, code, groups, groupindex, indexgroup = kept
            return _sre.compile(source, all_flags, array(_CODE, code).tolist(), groups, groupindex, indexgroup)
        except (TypeError, ValueError, RuntimeError):  # not a program this engine runs
            pass
    return re.compile(source, flags)


def programs(sources) -> dict:
    """Each source's program (:func:`program`), for a cache to keep."""
    if _sre is None:
        return {}
    return {source: program(source) for source in sources}


def kept_patterns(name: str, sources: tuple) -> list:
    """The compiled patterns of ``sources``, their programs kept in the user cache under
    ``name`` (a file per set of sources)."""
    # lazy: referee.cache reads the package version, which no caller of this module pays twice
    from referee.cache import kept_data

    if _sre is None:
        return [re.compile(source) for source in sources]
    kept = kept_data(name, (ENGINE, sources), lambda: programs(sources))
    return [compiled(source, kept.get(source)) for source in sources]
