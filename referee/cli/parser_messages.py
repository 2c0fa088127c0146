"""Words the command-line parser prints itself, marked here so they reach the catalog.

Typer looks these up through gettext's global functions, which :func:`translate_parser` points at
the ``referee`` catalog; :mod:`referee.cli.help` supplies the last two.
"""

from referee.i18n.catalogs import N_

PARSER_MESSAGES = (
    N_("Options"), N_("Commands"), N_("Arguments"), N_("Error"), N_("Aborted!"), N_("Aborted."),
    N_("Missing command."), N_("No such command {name!r}."), N_("required"), N_("[required]"),
    N_("default: {default}"), N_("[default: {}]"), N_("env var: {var}"), N_("[env var: {}]"), N_("(deprecated) "),
    N_("(dynamic)"), N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("Usage: "), N_("Show this message and exit."), N_("situation"), N_("rules corpus"),
)
