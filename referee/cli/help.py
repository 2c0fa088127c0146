"""Typer command classes whose parser-made words are translated too.

Typer translates its section headings ("Options", "Commands") through gettext, but the
usage prefix and the ``--help`` option's own help are fixed English in its vendored click;
these subclasses put them through the ``referee`` catalog.
"""

from __future__ import annotations

from typer.core import TyperCommand, TyperGroup

from referee.i18n.catalogs import _


class _Translated:
    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def format_usage(self, ctx, formatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))


class Command(_Translated, TyperCommand):
    pass


class Group(_Translated, TyperGroup):
    pass
