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

import marshal
import os
import re
import struct
import sys
import zlib

try:  # CPython 3.11+: the compiler's own modules; elsewhere patterns are only compiled
    import _sre
    from re import _compiler, _parser

    ENGINE = (_sre.MAGIC, _sre.CODESIZE)
    # the codes' C type, read and written through a memoryview and struct: the array module
    # would be one more import (0.15 ms) of every question
    _CODE = next(t for t in "IL" if struct.calcsize(t) == _sre.CODESIZE)
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
    codes = _compiler._code(parsed, flags)
    code = struct.pack(f"{len(codes)}{_CODE}", *codes)
    return (flags | state.flags, code, state.groups - 1, dict(state.groupdict), tuple(indexgroup))


def compiled(source: str, kept=None, flags: int = 0) -> re.Pattern:
    """``re.compile(source, flags)``, from its kept program where there is one."""
    if kept is not None and _sre is not None:
        try:
            all_flags, code, groups, groupindex, indexgroup = kept
            return _sre.compile(source, all_flags, memoryview(code).cast(_CODE).tolist(), groups, groupindex,
                                indexgroup)
        except (TypeError, ValueError, RuntimeError):  # not a program this engine runs
            pass
    return re.compile(source, flags)


def kept_patterns(name: str, sources: tuple) -> list:
    """The compiled patterns of ``sources``, their programs kept in a file of programs
    (:class:`ProgramFile`) in the user cache under ``name`` and the sources themselves."""
    # lazy: referee.cache reads the package version, which no caller of this module pays twice
    from referee.cache import kept_file

    if _sre is None:
        return [re.compile(source) for source in sources]
    path = kept_file(name, repr((ENGINE, sys.implementation.cache_tag, sources)).encode(), ".programs")
    found = ProgramFile(path)
    kept = [found.get(i) for i in range(len(sources))]
    found.close()
    if None in kept:
        try:
            write_programs(path, list(sources))
        except (OSError, ValueError):
            pass  # an unwritable cache only costs speed
    return [compiled(source, program) for source, program in zip(sources, kept)]


#: a file of programs (:class:`ProgramFile`): its first line, then the count of programs and the
#: checksum of their table, then the table (each program's offset, length and checksum), then
#: the programs one after another
_HEAD = b"referee-programs-1\n"
_COUNT = struct.Struct("<II")
_ENTRY = struct.Struct("<III")


def write_programs(path, sources: list) -> None:
    """Keep the programs of ``sources``, in their order, in the file ``path`` (atomically)."""
    write_kept(path, [program(source) for source in sources])


def write_kept(path, values: list) -> None:
    """Keep ``values`` (marshal's plain data: programs, and whatever else is read with them),
    in their order, in the file ``path`` (atomically), each read back alone by
    :meth:`ProgramFile.get`."""
    # lazy: referee.cache reads the package version, which no caller of this module pays twice
    from referee.cache import write_atomic

    blobs = [marshal.dumps(value) for value in values]
    table, offset = [], 0
    for blob in blobs:
        table.append(_ENTRY.pack(offset, len(blob), zlib.crc32(blob)))
        offset += len(blob)
    table = b"".join(table)
    write_atomic(path, _HEAD + _COUNT.pack(len(blobs), zlib.crc32(table)) + table + b"".join(blobs))


class ProgramFile:
    """The programs :func:`write_programs` kept, read one by one as they are asked for: a
    question needs 25–40 of a language's 900, and reading the whole file (270 KB) cost more
    page faults than compiling saved. The file is opened once and read where each program
    lies (``os.pread``): opening it again for each program cost a question 300 system calls.
    Each program and the table carry a checksum: a damaged one is no program (its source is
    compiled instead)."""

    __slots__ = ("path", "_table", "_start", "_fd")

    def __init__(self, path):
        self.path, self._table, self._start, self._fd = path, None, 0, None

    def get(self, index: int):
        """The program at ``index``, or ``None`` (no file, another format, damaged)."""
        if self._table is None:
            self._table = self._read_table()
        if not 0 <= index < len(self._table) // _ENTRY.size:
            return None
        offset, length, crc = _ENTRY.unpack_from(self._table, index * _ENTRY.size)
        try:
            blob = os.pread(self._fd, length, self._start + offset)
            return marshal.loads(blob) if len(blob) == length and zlib.crc32(blob) == crc else None
        except (OSError, EOFError, ValueError, TypeError):
            return None

    def close(self) -> None:
        """Let the file go (a file replaced since stays readable until then, as it was)."""
        fd, self._fd, self._table = self._fd, None, b""
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass

    def __del__(self):
        self.close()

    def _read_table(self) -> bytes:
        try:
            self._fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            head = os.pread(self._fd, len(_HEAD) + _COUNT.size, 0)
            if not head.startswith(_HEAD) or len(head) < len(_HEAD) + _COUNT.size:
                return b""
            count, crc = _COUNT.unpack_from(head, len(_HEAD))
            table = os.pread(self._fd, count * _ENTRY.size, len(head))
        except OSError:
            return b""
        if len(table) != count * _ENTRY.size or zlib.crc32(table) != crc:
            return b""
        self._start = len(_HEAD) + _COUNT.size + len(table)
        return table


class Seeded:
    """The patterns a part of the program compiles wherever it compiles them — its modules at
    import, a library's modules (whoosh compiles some 40 of its own), its first call — put into
    ``re``'s own cache before that part runs, from programs kept in the user cache, so that each
    ``re.compile`` there finds its pattern compiled.

    :meth:`seed` reads the kept programs (one file, behind a checksum); :meth:`keep`, called once
    the part has run, keeps every pattern compiled since :meth:`seed` that the file did not
    hold. A pattern is its source and flags, compiled by this engine: a kept one that the part
    no longer compiles costs a little reading and is never wrong. Where ``re`` is laid out
    otherwise (its cache not the dict CPython 3.11–3.13 keep), nothing is seeded or kept."""

    __slots__ = ("name", "_before", "_kept", "_path")

    def __init__(self, name: str):
        self.name, self._before, self._kept, self._path = name, None, frozenset(), None

    def seed(self) -> None:
        """Put the kept patterns into ``re``'s cache (once; a pattern already there is left)."""
        cache = getattr(re, "_cache", None)
        if self._before is not None or _sre is None or not isinstance(cache, dict):
            return
        # lazy: referee.cache reads the package version, which no caller of this module pays twice
        from referee.cache import kept_file, read_entry

        self._path = kept_file(self.name, repr((ENGINE, sys.implementation.cache_tag)).encode(), ".seeds")
        kept = set()
        data = read_entry(self._path)
        try:
            entries = marshal.loads(data) if data is not None else []
        except (ValueError, EOFError, TypeError):
            entries = []
        for entry in entries if isinstance(entries, list) else ():
            try:
                source, flags, found = entry
                key = (type(source), source, flags)
            except (TypeError, ValueError):
                continue
            if not isinstance(source, (str, bytes)) or not isinstance(flags, int) or key in cache:
                continue
            try:  # compiled from its source where the program is not this engine's
                cache[key] = compiled(source, found, flags)
            except (re.error, ValueError, TypeError, OverflowError):
                continue  # no pattern at all: the part compiles what it needs itself
            kept.add(key)
        self._kept = frozenset(kept)
        self._before = frozenset(cache) - self._kept

    def keep(self) -> None:
        """Keep the patterns compiled since :meth:`seed` (written only when some are new)."""
        cache = getattr(re, "_cache", None)
        if self._path is None or not isinstance(cache, dict):
            return
        compiled_here = [key for key in cache if key not in self._before and not key[2] & re.DEBUG]
        path, self._path = self._path, None  # once: what the program compiles later is its own
        if all(key in self._kept for key in compiled_here):
            return
        # lazy: referee.cache reads the package version, which no caller of this module pays twice
        from referee.cache import write_checked

        entries = []
        for _type, source, flags in compiled_here:
            try:
                entries.append((source, flags, program(source, flags)))
            except (ValueError, TypeError, re.error):
                pass  # a pattern this engine's compiler will not hand over is compiled each time
        try:
            write_checked(path, marshal.dumps(entries))
        except (OSError, ValueError):
            pass  # an unwritable cache only costs speed
