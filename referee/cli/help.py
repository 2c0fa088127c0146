"""Typer command classes whose parser-made words are translated too.

Typer translates its section headings ("Options", "Commands") through gettext's global
functions (pointed at the ``referee`` catalog by :func:`translate_parser`), but the usage prefix,
the ``--help`` option's own help and the help of typer's completion options are fixed English in
it; these subclasses put them through the ``referee`` catalog.
"""

from __future__ import annotations

from typer.core import TyperCommand, TyperGroup

from referee.i18n.catalogs import _, translate_parser

translate_parser()

#: the words typer's rich renderer translates once, when it is imported, into constants: they are
#: said again in the language of each help shown
RICH_WORDS = {"DEPRECATED_STRING": "(deprecated) ", "DEFAULT_STRING": "[default: {}]",
              "ENVVAR_STRING": "[env var: {}]", "REQUIRED_LONG_STRING": "[required]",
              "ARGUMENTS_PANEL_TITLE": "Arguments", "OPTIONS_PANEL_TITLE": "Options",
              "COMMANDS_PANEL_TITLE": "Commands", "ERRORS_PANEL_TITLE": "Error", "ABORTED_TEXT": "Aborted.",
              "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help."}


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

    def format_help(self, ctx, formatter) -> None:
        if getattr(self, "rich_markup_mode", None) is not None:  # help for a terminal: typer's rich renderer
            from typer import rich_utils  # lazy: rich and its renderer, loaded as typer loads them: only on a terminal

            translate_parser()
            for name, english in RICH_WORDS.items():
                if hasattr(rich_utils, name):
                    setattr(rich_utils, name, _(english))
        super().format_help(ctx, formatter)


class Command(_Translated, TyperCommand):
    pass


class Group(_Translated, TyperGroup):
    pass
