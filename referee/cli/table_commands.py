"""``referee table …``: the game in progress — start it, show it, change it, take changes back."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from referee import shapes
from referee.cli import options, render
from referee.cli.help import Command, Group
from referee.i18n.catalogs import RuleText, _
from referee.model import EXPANSIONS, GAMES, LEVEL_SOURCES, PHASES


def _language(lang: Optional[str]) -> RuleText:
    from referee.i18n import choose_language

    return RuleText(choose_language(lang))


def _corpus():
    from referee.corpus import load_corpus

    return load_corpus()


def _changed(change, path: Optional[Path], text: RuleText, as_json: bool) -> None:
    """What a recorded change prints: the change, then the table as it now stands."""
    from referee import table

    shown = table.show(path)
    if as_json:
        render.emit_json({"change": shapes.change_json(change, shown.changes), **shapes.table_json(shown, path)})
    else:
        render.emit([render.change_line(change, shown.changes), ""] + render.table_text(shown, text))


def show(ctx: typer.Context, table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> None:
    if ctx.invoked_subcommand is not None:
        return
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


def new(names: List[str] = typer.Argument(..., metavar="NAME…"),
        game: str = typer.Option("munchkin", "--game", metavar="GAME",
                                 help=_("The game: {games}.").format(games=", ".join(GAMES))),
        expansion: List[str] = typer.Option([], "--expansion", metavar="E",
                                            help=_("An expansion in play: {names} (repeat for more).").format(
                                                names=", ".join(EXPANSIONS))),
        house_rule: List[str] = typer.Option([], "--house-rule", metavar="KEY=VALUE",
                                             help=_("A house rule: starting_cards=N, phase_zero=true, "
                                                    "shared_victory=true.")),
        replace: bool = typer.Option(False, "--replace", help=_("Start a new game even though one is in progress "
                                                               "(its log is kept in the file).")),
        table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> None:
    from referee import table

    text = _language(lang)
    change = table.new(names, game, expansion, house_rule, replace, path=table_path)
    _changed(change, table_path, text, as_json)


def set_(name: str = typer.Argument(..., metavar="NAME"),
         fields: List[str] = typer.Argument(..., metavar="FIELD=VALUE…"),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> None:
    from referee import table

    text = _language(lang)
    _changed(table.set_fields(name, fields, path=table_path), table_path, text, as_json)


def level(name: str = typer.Argument(..., metavar="NAME"), change: str = typer.Argument(..., metavar="±N"),
          source: str = typer.Option(..., "--source", metavar="SOURCE",
                                     help=_("Where the levels come from: {sources}.").format(
                                         sources=", ".join(LEVEL_SOURCES))),
          table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> None:
    from referee import table
    from referee.cli.corpus_commands import _one_of
    from referee.table.changes import parse_change

    text = _language(lang)
    _one_of(source, LEVEL_SOURCES, "--source")
    corpus = _corpus()
    judged, recorded = table.level(name, parse_change(change), source, corpus, path=table_path)
    log = table.show(table_path).changes
    if as_json:
        data = shapes.verdict_json(corpus, judged.verdict, text, judged.cards)
        data["recorded"] = shapes.change_json(recorded, log) if recorded else None
        render.emit_json(data)
        return
    lines = render.verdict_text(corpus, judged.verdict, text, judged.cards)
    lines += ["", render.change_line(recorded, log) if recorded else _("Nothing recorded: the rules do not allow "
                                                                       "this change.")]
    render.emit(lines)


def item(name: str = typer.Argument(..., metavar="NAME"), item_name: str = typer.Argument(..., metavar="ITEM"),
         fields: Optional[List[str]] = typer.Argument(None, metavar="FIELD=VALUE…"),
         card: Optional[str] = typer.Option(None, "--card", metavar="CARD",
                                            help=_("Take the item's numbers from this card's record.")),
         remove: bool = typer.Option(False, "--remove", help=_("Take the item away from the player.")),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> None:
    from referee import table

    text = _language(lang)
    corpus = _corpus() if not remove else None
    change = table.put_item(name, item_name, fields or [], card=card, remove=remove, corpus=corpus, path=table_path)
    _changed(change, table_path, text, as_json)


def turn(name: Optional[str] = typer.Argument(None, metavar="[NAME]"),
         phase: Optional[str] = typer.Option(None, "--phase", metavar="PHASE",
                                             help=_("The phase of the turn: {phases}.").format(
                                                 phases=", ".join(PHASES))),
         met: Optional[bool] = typer.Option(None, "--met-monster/--no-met-monster",
                                            help=_("Whether a monster was fought or fled from this turn.")),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> None:
    from referee import table
    from referee.cli.corpus_commands import _one_of

    text = _language(lang)
    _one_of(phase, PHASES, "--phase")
    _changed(table.turn(name, phase, met, path=table_path), table_path, text, as_json)


def undo(count: int = typer.Argument(1, metavar="[N]", min=1, max=1000),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> None:
    from referee import table

    text = _language(lang)
    _changed(table.undo(count, path=table_path), table_path, text, as_json)


def log(table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> None:
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


def register(app: typer.Typer) -> None:
    group = typer.Typer(cls=Group, help=_("The game in progress: players, levels, gear, whose turn it is; every "
                                          "change checked by the rules and kept, so it can be undone."),
                        invoke_without_command=True)
    group.callback()(show)
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
