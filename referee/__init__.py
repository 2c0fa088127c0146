"""referee: the multilingual rules reference and referee for the card game Munchkin.

The package is laid out by what each part holds:

- :mod:`referee.corpus` reads and checks the rules corpus (``rules/*.yaml``);
- :mod:`referee.cli` is the command line, a thin layer over the library.
"""

__version__ = "0.1.0"


def __getattr__(name: str):
    # ``LANGUAGES``: the languages every clause and message exists in, ``en`` (the canonical
    # text) first. They are data — the catalogs under locales/ (see referee.i18n.languages) —
    # so the tuple is found when first asked for, not fixed here.
    if name == "LANGUAGES":
        from referee.i18n.languages import codes

        return codes()
    raise AttributeError(f"module 'referee' has no attribute {name!r}")
