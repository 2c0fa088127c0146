"""A language's words kept compact: what tells the language a text is written in
(:func:`referee.ask.language_of`) and which of its Latin words a Gujarati text typed in Latin
letters keeps (:mod:`referee.ask.texted`), both by ``word in words`` alone."""

from __future__ import annotations

import struct
import zlib
from bisect import bisect_left

#: one hash: 8 bytes, unsigned, in the machine's order (the user cache's files are the machine's)
_HASH = "Q"


def _hash(word: str) -> int:
    data = word.encode("utf-8", "surrogatepass")
    return zlib.crc32(data) << 32 | zlib.adler32(data)


class WordSet:
    """A set of words kept as the sorted 64-bit hashes of their UTF-8 bytes (CRC-32 beside
    Adler-32), looked up by bisection: ``word in words``.

    Why not a frozenset: a question tells its language by some ten words looked up in each
    of the six languages' words (5,000 in all). Read back as frozensets of strings they cost a
    whole-process ``referee ask`` 0.7 ms and 150 page faults (measured on this machine, Python
    3.11); as hashes they are six bytes objects, and a look-up costs 0.5 µs. Two different
    words share a hash with a chance of one in 2**64 for each pair."""

    __slots__ = ("_hashes", "_view")

    def __init__(self, words=()):
        hashes = sorted({_hash(word) for word in words})
        self._hashes = struct.pack(f"{len(hashes)}{_HASH}", *hashes)
        self._view = None

    @classmethod
    def _kept(cls, hashes: bytes) -> "WordSet":
        found = cls.__new__(cls)
        found._hashes, found._view = hashes, None
        return found

    def __reduce__(self):
        return (WordSet._kept, (self._hashes,))

    def __contains__(self, word) -> bool:
        if not isinstance(word, str):
            return False
        if self._view is None:
            self._view = memoryview(self._hashes).cast(_HASH)
        wanted = _hash(word)
        i = bisect_left(self._view, wanted)
        return i < len(self._view) and self._view[i] == wanted

    def __len__(self) -> int:
        return len(self._hashes) // struct.calcsize(_HASH)
