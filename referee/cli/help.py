"""Typer command classes whose parser-made words are translated too.

Typer translates its section headings ("Options", "Commands") through gettext, but the
usage prefix, the ``--help`` option's own help and the help of typer's completion options
are fixed English in it; these subclasses put them through the ``referee`` catalog.
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

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for param in params:
            if param.name == "install_completion":
                param.help = _("Install completion for the current shell.")
            elif param.name == "show_completion":
                param.help = _("Show completion for the current shell, to copy it or customize the installation.")
        return params

    def format_usage(self, ctx, formatter) -> None:
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage: "))


class Command(_Translated, TyperCommand):
    pass


class Group(_Translated, TyperGroup):
    pass
