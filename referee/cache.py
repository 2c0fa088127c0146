"""The per-user cache directory, and small atomic writes into it.

``REFEREE_CACHE_DIR`` overrides the platform's user cache directory (tests point it at a
temporary directory, and so can a user on a read-only home).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    override = os.environ.get("REFEREE_CACHE_DIR")
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("referee", appauthor=False))


def content_digest(head: str, paths) -> str:
    """A 64-bit key over ``head`` and every file's name and bytes: two CRCs, no hashlib import.

    Raises :class:`OSError` when a file cannot be read.
    """
    import zlib

    first, second = zlib.crc32(head.encode()), zlib.adler32(head.encode())
    for path in paths:
        chunk = path.name.encode() + b"\0" + path.read_bytes() + b"\0"
        first, second = zlib.crc32(chunk, first), zlib.adler32(chunk, second)
    return f"{first:08x}{second:08x}"


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so a reader sees the old file or the whole new one, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
