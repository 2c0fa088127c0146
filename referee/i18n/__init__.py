"""Languages: which one to speak, and (later) the gettext catalogs."""

from referee.i18n.locale import choose_language, parse_language

__all__ = ["choose_language", "parse_language"]
