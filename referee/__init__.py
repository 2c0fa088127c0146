"""referee: the multilingual rules reference and referee for the card game Munchkin.

The package is laid out by what each part holds:

- :mod:`referee.corpus` reads and checks the rules corpus (``rules/*.yaml``);
- :mod:`referee.cli` is the command line, a thin layer over the library.
"""

__version__ = "0.1.0"

#: The languages every clause and message exists in; ``en`` is the canonical text.
LANGUAGES = ("en", "nl", "hu", "es", "gu", "de")
