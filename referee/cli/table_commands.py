"""``referee table …``: the game in progress — start it, show it, change it, take changes back."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

from referee import shapes
from referee.cli import options, render
from referee.cli.params import Argument, Option
from referee.i18n.catalogs import RuleText, _
from referee.model import EXPANSIONS, GAMES, LEVEL_SOURCES, PHASES


def _language(lang: Optional[str]) -> RuleText:
    from referee.i18n import choose_language

    return RuleText(choose_language(lang))


def _corpus():
    from referee.corpus import load_corpus

    return load_corpus()


def _changed(change, path: Optional[Path], text: RuleText, as_json: bool) -> int:
    """What a recorded change prints: the change, then the table as it now stands."""
    from referee import table

    shown = table.show(path)
    if as_json:
        render.emit_json({"change": shapes.change_json(change, shown.changes), **shapes.table_json(shown, path)})
    else:
        render.emit([render.change_line(change, shown.changes), ""] + render.table_text(shown, text))
    return 0


def show(table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table
    from referee.errors import NotFound

    text = _language(lang)
    shown = table.show(table_path)
    if shown.state is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    if as_json:
        render.emit_json(shapes.table_json(shown, table_path))
    else:
        render.emit(render.table_text(shown, text))
    return 0


def _group(ctx, table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
           as_json: bool = options.json_flag()) -> int:
    # `referee table` alone shows the table; with a subcommand, the subcommand runs.
    if ctx.invoked_subcommand is None:
        return show(table_path, lang, as_json)
    return 0


def new(names: List[str] = Argument(..., metavar="NAME…"),
        game: str = Option("munchkin", "--game", metavar="GAME",
                                 help=_("The game: {games}.").format(games=", ".join(GAMES))),
        expansion: List[str] = Option([], "--expansion", metavar="E",
                                            help=_("An expansion in play: {names} (repeat for more).").format(
                                                names=", ".join(EXPANSIONS))),
        house_rule: List[str] = Option([], "--house-rule", metavar="KEY=VALUE",
                                             help=_("A house rule: starting_cards=N, phase_zero=true, "
                                                    "shared_victory=true.")),
        replace: bool = Option(False, "--replace", help=_("Start a new game even though one is in progress "
                                                               "(its log is kept in the file).")),
        table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    from referee import table

    text = _language(lang)
    change = table.new(names, game, expansion, house_rule, replace, path=table_path)
    return _changed(change, table_path, text, as_json)


def set_(name: str = Argument(..., metavar="NAME"),
         fields: List[str] = Argument(..., metavar="FIELD=VALUE…"),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table

    text = _language(lang)
    return _changed(table.set_fields(name, fields, path=table_path), table_path, text, as_json)


def level(name: str = Argument(..., metavar="NAME"), change: str = Argument(..., metavar="±N"),
          source: Optional[str] = Option(None, "--source", metavar="SOURCE",
                                     help=_("Where the levels come from: {sources}.").format(
                                         sources=", ".join(LEVEL_SOURCES))),
          table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> int:
    from referee import table
    from referee.table.changes import parse_change

    text = _language(lang)
    source = options.one_of(options.level_source(source), LEVEL_SOURCES, "--source")
    corpus = _corpus()
    judged, recorded = table.level(name, parse_change(change), source, corpus, path=table_path)
    render.emit_recorded(corpus, judged, recorded, table.show(table_path).changes, text, as_json,
                         _("Nothing recorded: the rules do not allow this change."))
    return 0


def item(name: str = Argument(..., metavar="NAME"), item_name: str = Argument(..., metavar="ITEM"),
         fields: Optional[List[str]] = Argument(None, metavar="FIELD=VALUE…"),
         card: Optional[str] = Option(None, "--card", metavar="CARD",
                                            help=_("Take the item's numbers from this card's record.")),
         remove: bool = Option(False, "--remove", help=_("Take the item away from the player.")),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table

    text = _language(lang)
    corpus = _corpus() if not remove else None
    change = table.put_item(name, item_name, fields or [], card=card, remove=remove, corpus=corpus, path=table_path)
    return _changed(change, table_path, text, as_json)


def turn(name: Optional[str] = Argument(None, metavar="[NAME]"),
         phase: Optional[str] = Option(None, "--phase", metavar="PHASE",
                                             help=_("The phase of the turn: {phases}.").format(
                                                 phases=", ".join(PHASES))),
         met: Optional[bool] = Option(None, "--met-monster/--no-met-monster",
                                            help=_("Whether a monster was fought or fled from this turn.")),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table
    text = _language(lang)
    phase = options.one_of(phase, PHASES, "--phase")
    return _changed(table.turn(name, phase, met, path=table_path), table_path, text, as_json)


def undo(count: int = Argument(1, metavar="[N]", min=1, max=1000),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table

    text = _language(lang)
    return _changed(table.undo(count, path=table_path), table_path, text, as_json)


def log(table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    from referee import table
    from referee.errors import NotFound

    _language(lang)
    shown = table.show(table_path)
    if not shown.changes:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    if as_json:
        render.emit_json({"changes": [shapes.change_json(c, shown.changes) for c in shown.changes]})
    else:
        render.emit([render.change_line(c, shown.changes, when=True) for c in shown.changes])
    return 0


def register(app) -> None:
    import typer

    from referee.cli.help import Command, Group

    group = typer.Typer(cls=Group, help=_("The game in progress: players, levels, gear, whose turn it is; every "
                                          "change checked by the rules and kept, so it can be undone."),
                        invoke_without_command=True)
    group.callback()(_with_context(_group))
    group.command("new", cls=Command, help=_("Start a game with these players (in the order they sit)."))(new)
    group.command("set", cls=Command, help=_("Set a player's fields: level, sex, races, classes, half_breed, "
                                             "super_munchkin, dead, hand, curses, hireling, steed."))(set_)
    # "-1" is a number of levels here, not an option.
    group.command("level", cls=Command, context_settings={"ignore_unknown_options": True},
                  help=_("Change a player's level as the rules allow, and record only that."))(level)
    group.command("item", cls=Command, help=_("Give a player an item (or change or remove one); --card takes the "
                                              "card's numbers."))(item)
    group.command("turn", cls=Command, help=_("Whose turn it is (without NAME: the next player), and the "
                                              "phase."))(turn)
    group.command("undo", cls=Command, help=_("Take back the last N changes (default 1)."))(undo)
    group.command("log", cls=Command, help=_("Every change of this game, oldest first."))(log)
    app.add_typer(group, name="table")


def _with_context(function):
    """``function`` as typer must call it: given the click context as its first argument."""
    import functools
    import inspect

    import typer

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs)

    signature = inspect.signature(function)
    first, *rest = signature.parameters.values()
    wrapper.__signature__ = signature.replace(parameters=[first.replace(annotation=typer.Context), *rest])
    return wrapper
