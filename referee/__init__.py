"""referee: the multilingual rules reference and referee for the card game Munchkin.

The package is laid out by what each part holds:

- :mod:`referee.corpus` reads and checks the rules corpus (``rules/*.yaml``);
- :mod:`referee.cli` is the command line, a thin layer over the library.

The root is the top of the layers, for users of the library: nothing inside the package
imports it (tests/test_layers.py checks the layering).
"""

from referee.version import __version__  # noqa: F401 (the package's version, as users read it)


def __getattr__(name: str):
    # ``LANGUAGES``, for users of the library: referee.i18n.languages.LANGUAGES, read when
    # first asked for (they are data: the catalogs under locales/).
    if name == "LANGUAGES":
        # lazy: LANGUAGES is read from locales/ when first asked for, not when this module loads
        from referee.i18n.languages import LANGUAGES

        return LANGUAGES
    raise AttributeError(f"module 'referee' has no attribute {name!r}")
