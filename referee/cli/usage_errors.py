"""Usage errors (unknown option, missing argument, bad value) told in the chosen language.

Typer's vendored click writes these messages as fixed English f-strings, so they cannot be
translated where they are made. Each error class keeps what it is about (the option's name,
the parameter, the suggestions), and :func:`show` words the message anew from the catalog.
A message this module does not know is shown as click wrote it.
"""

from __future__ import annotations

import re
import sys

from referee.i18n.catalogs import _

#: click's wording of a bad value or option use -> the same in the catalog
_VALUE_MESSAGES = (
    (re.compile(r"^(?P<value>.+) is not a valid (?P<type>int|int range|float|float range)\.$"),
     lambda m: (_("{value} is not a valid whole number.") if m["type"].startswith("int")
                else _("{value} is not a valid number.")).format(value=_short(m["value"]))),
    (re.compile(r"^(?P<value>.+) is not in the range (?P<low>-?\d+)<=x<=(?P<high>-?\d+)\.$"),
     lambda m: _("{value} is not between {low} and {high}.").format(value=_short(m["value"]), low=m["low"],
                                                                     high=m["high"])),
    (re.compile(r"^(?P<value>.+) is not in the range x>=(?P<low>-?\d+)\.$"),
     lambda m: _("{value} is less than {low}.").format(value=_short(m["value"]), low=m["low"])),
    (re.compile(r"^(?P<value>.+) is not in the range x<=(?P<high>-?\d+)\.$"),
     lambda m: _("{value} is more than {high}.").format(value=_short(m["value"]), high=m["high"])),
    (re.compile(r"^(?P<value>.+) is not one of (?P<choices>.+)\.$"),
     lambda m: _("{value} is not one of {choices}.").format(value=_short(m["value"]), choices=m["choices"])),
    (re.compile(r"^Option (?P<name>'[^']+') requires an argument\.$"),
     lambda m: _("Option {name} requires a value.").format(name=m["name"])),
    (re.compile(r"^Option (?P<name>'[^']+') does not take a value\.$"),
     lambda m: _("Option {name} does not take a value.").format(name=m["name"])),
    (re.compile(r"^Got unexpected extra argument\(s\) \((?P<extra>.*)\)$"),
     lambda m: _("Unexpected extra argument(s): {extra}").format(extra=m["extra"])),
    # typer's suggestion after a command's name mistyped, added in English to the translated part
    (re.compile(r"^(?P<said>.+?)\.? Did you mean (?P<names>.+)\?$", re.DOTALL),
     lambda m: f"{m['said']}. " + _("Did you mean: {suggestion}?").format(suggestion=m["names"])),
)


#: an "option" that is a negative number ("-3", "-2,5"): the start of a text, not an option
_NUMBER = re.compile(r"-\d[\d.,]*")


def _short(value: str, length: int = 80) -> str:
    """A value the user typed, cut to a readable length (a 4,300-digit number is not read back)."""
    return value if len(value) <= length else value[:length - 1] + "…"


def message(error) -> str:
    """The error's message in the current language."""
    kind = type(error).__name__
    if kind == "NoSuchOption":
        text = _("No such option: {name}").format(name=error.option_name)
        if error.possibilities:
            text += " " + _("(Did you mean: {options}?)").format(options=", ".join(sorted(error.possibilities)))
        if _NUMBER.fullmatch(error.option_name or "") and error.ctx is not None:
            # "referee ask -3 troll": a text that opens with a minus sign reads as options to
            # the shell's conventions; "--" before it says that what follows is text
            text += "\n" + _("To begin the text with a minus sign, put -- before it: {example}").format(
                example=f"{error.ctx.command_path} -- \"{error.option_name} …\"")
        return text
    if kind == "MissingParameter":
        name = _hint(error)
        if (error.param_type or getattr(error.param, "param_type_name", "")) == "option":
            return _("Missing option {name}.").format(name=name)
        return _("Missing argument {name}.").format(name=name)
    if kind == "BadParameter":
        return _("Invalid value for {name}: {reason}").format(name=_hint(error), reason=_reason(error.message))
    return _reason(error.format_message())


def _hint(error) -> str:
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)
    if isinstance(hint, (list, tuple)):
        hint = " / ".join(repr(h) for h in hint)
    return str(hint or "")


def _reason(text: str) -> str:
    for pattern, words in _VALUE_MESSAGES:
        found = pattern.match(text)
        if found:
            return words(found)
    return text


def show(error, file=None) -> None:
    """Print usage, a hint and the message, as click would, in the current language."""
    file = file or sys.stderr
    ctx = error.ctx
    if ctx is not None:
        print(ctx.get_usage(), file=file)
        if ctx.command.get_help_option(ctx) is not None:
            print(_("Try '{command} {option}' for help.").format(command=ctx.command_path,
                                                                   option=ctx.help_option_names[0]), file=file)
        print(file=file)
    from referee.cli.render import shown  # lazy: +24.3 ms at start-up if imported with the module

    print(shown(f"{_('Error')}: {message(error)}"), file=file)
