"""``referee table …``: the game in progress — start it, show it, change it, take changes back."""

from __future__ import annotations

import functools
import json
import time
from pathlib import Path
from typing import List, Optional

from referee import shapes
from referee.cache import write_atomic
from referee.cli import options, render
from referee.cli.params import Argument, Option
from referee.errors import BadInput, NotFound
from referee.i18n import choose_language
from referee.i18n.catalogs import RuleText, _
from referee.model import EXPANSIONS, GAMES, LEVEL_SOURCES, PHASES


def _language(lang: Optional[str]) -> RuleText:
    return RuleText(choose_language(lang))


def _corpus():
    from referee.corpus import load_corpus  # lazy: +0.2 ms at start-up if imported with the module

    return load_corpus()


def _changed(change, path: Optional[Path], text: RuleText, as_json: bool) -> int:
    """What a recorded change prints: the change, then the table as it now stands."""
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    shown = table.after(change, path)  # the table the change left: the file is not opened again
    if as_json:
        render.emit_json({"change": shapes.change_json(change, shown.changes), **shapes.table_json(shown, path, text)})
    else:
        render.emit([render.change_line(change, shown.changes), ""] + render.table_text(shown, text))
    return 0


def show(table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    shown = table.show(table_path)
    if shown.state is None:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    if as_json:
        render.emit_json(shapes.table_json(shown, table_path, text))
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
                                 help=_("The game: {games}.").format(games=options.offered(GAMES))),
        expansion: List[str] = Option([], "--expansion", metavar="E",
                                            help=_("An expansion in play: {names} (repeat for more).").format(
                                                names=options.offered(EXPANSIONS))),
        house_rule: List[str] = Option([], "--house-rule", metavar="KEY=VALUE",
                                             help=_("A house rule: starting_cards=N, phase_zero=true, "
                                                    "shared_victory=true.")),
        replace: bool = Option(False, "--replace", help=_("Start a new game even though one is in progress "
                                                               "(its log is kept in the file).")),
        expected: Optional[int] = options.expected(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    change = table.new(names, game, expansion, house_rule, replace, path=table_path, expected=expected)
    return _changed(change, table_path, text, as_json)


def set_(name: str = Argument(..., metavar="NAME"),
         fields: List[str] = Argument(..., metavar="FIELD=VALUE…"),
         expected: Optional[int] = options.expected(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    return _changed(table.set_fields(name, fields, path=table_path, expected=expected), table_path, text, as_json)


def level(name: str = Argument(..., metavar="NAME"), change: str = Argument(..., metavar="±N"),
          source: Optional[str] = Option(None, "--source", metavar="SOURCE",
                                     help=_("Where the levels come from: {sources}.").format(
                                         sources=options.offered(LEVEL_SOURCES))),
          expected: Optional[int] = options.expected(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module
    from referee.table.changes import parse_change  # lazy: +21.3 ms at start-up if imported with the module

    text = _language(lang)
    source = options.one_of(options.level_source(source), LEVEL_SOURCES, "--source")
    corpus = _corpus()
    judged, recorded = table.level(name, parse_change(change), source, corpus, path=table_path,
                                   expected=expected)
    render.emit_recorded(corpus, judged, recorded, table.after(recorded, table_path).changes, text, as_json,
                         _("Nothing recorded: the rules do not allow this change."))
    return 0


def item(name: str = Argument(..., metavar="NAME"), item_name: str = Argument(..., metavar="ITEM"),
         fields: Optional[List[str]] = Argument(None, metavar="FIELD=VALUE…"),
         card: Optional[str] = Option(None, "--card", metavar="CARD",
                                            help=_("Take the item's numbers from this card's record.")),
         remove: bool = Option(False, "--remove", help=_("Take the item away from the player.")),
         expected: Optional[int] = options.expected(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    corpus = _corpus() if not remove else None
    change = table.put_item(name, item_name, fields or [], card=card, remove=remove, corpus=corpus, path=table_path,
                            expected=expected)
    return _changed(change, table_path, text, as_json)


def turn(name: Optional[str] = Argument(None, metavar="[NAME]"),
         phase: Optional[str] = Option(None, "--phase", metavar="PHASE",
                                             help=_("The phase of the turn: {phases}.").format(
                                                 phases=options.offered(PHASES))),
         met: Optional[bool] = Option(None, "--met-monster/--no-met-monster",
                                            help=_("Whether a monster was fought or fled from this turn.")),
         expected: Optional[int] = options.expected(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module
    text = _language(lang)
    phase = options.one_of(phase, PHASES, "--phase")
    return _changed(table.turn(name, phase, met, path=table_path, expected=expected), table_path, text, as_json)


def undo(count: int = Argument(1, metavar="[N]", min=1, max=1000),
         expected: Optional[int] = options.expected(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    return _changed(table.undo(count, path=table_path, expected=expected), table_path, text, as_json)


def redo(expected: Optional[int] = options.expected(), table_path: Optional[Path] = options.table_path(),
         lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    return _changed(table.redo(path=table_path, expected=expected), table_path, text, as_json)


#: what ``referee table combat ACTION`` does
COMBAT_ACTIONS = ("show", "open", "change", "close", "cancel", "wait")


def combat(action: str = Argument("show", metavar="[ACTION]"),
           monsters: Optional[List[str]] = Argument(None, metavar="[MONSTER…]"),
           fighter: Optional[str] = Option(None, "--fighter", metavar="NAME",
                                           help=_("Who fights (default: whose turn it is).")),
           helper: Optional[str] = Option(None, "--helper", metavar="NAME", help=_("Who helps.")),
           no_helper: bool = Option(False, "--no-helper", help=_("The helper leaves the fight.")),
           plus: List[str] = Option([], "--plus", metavar="N|CARD",
                                    help=_("A one-shot for the players: a bonus or a card's name (repeat for more).")),
           monster_plus: List[str] = Option([], "--monster-plus", metavar="N|CARD",
                                            help=_("A bonus for the monsters: a number or a monster enhancer's name "
                                                   "(repeat for more).")),
           wandering: List[str] = Option([], "--wandering", metavar="MONSTER",
                                         help=_("A Wandering Monster joins the fight (repeat for more).")),
           discard: List[str] = Option([], "--discard", metavar="NAME=CARDS",
                                       help=_("Cards a fighter discards for a power (Berserking, Turning).")),
           charm: Optional[str] = Option(None, "--charm", metavar="WIZARD=MONSTER",
                                         help=_("A Wizard charms a monster away with the whole hand.")),
           curse: Optional[str] = Option(None, "--curse", metavar="NAME=CURSE",
                                         help=_("A curse played on a player during the fight.")),
           expected: Optional[int] = options.expected(), table_path: Optional[Path] = options.table_path(),
           lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    """``referee table combat [show|open|change|close|cancel|wait]``: the fight in progress."""
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    text = _language(lang)
    action = options.one_of(action, COMBAT_ACTIONS, "ACTION")
    params = dict(fighter=fighter, helper=helper, plus=plus, monster_plus=monster_plus, wandering=wandering,
                  discards=discard, charm=charm, curse=curse, no_helper=no_helper)
    if action in ("show", "wait", "close", "cancel") and (monsters or any(v for v in params.values())):
        raise BadInput("table combat {action} takes no monsters or options; `referee table combat change …` changes "
                       "the fight", action=action)
    if action in ("open", "change"):
        params["monsters"] = monsters or []
        change = table.combat(params, _corpus(), new=action == "open", path=table_path, expected=expected)
    elif action == "close":
        change = table.close_combat(_corpus(), path=table_path, expected=expected)
    elif action == "cancel":
        change = table.cancel_combat(path=table_path, expected=expected)
    else:
        shown = _wait(table_path) if action == "wait" else table.show(table_path)
        if shown.fight is None and action == "show":
            raise NotFound("no fight in progress; open one with `referee table combat open MONSTER…`")
        if as_json:
            render.emit_json(shapes.table_json(shown, table_path, text))
        else:
            render.emit(_fight_text(shown, text) + render.table_end_text(shown)[1:])
        return 0
    if as_json:
        return _changed(change, table_path, text, as_json)
    shown = table.after(change, table_path)
    render.emit([render.change_line(change, shown.changes), ""] + _fight_text(shown, text)
                + render.table_end_text(shown)[1:])
    return 0


def _fight_text(shown, text: RuleText) -> list[str]:
    """The fight as it stands, judged (empty without a fight)."""
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    if shown.fight is None or shown.fight.get("result") is not None:
        return []
    corpus = _corpus()
    judged = table.fight_judgement(shown, corpus)
    return render.verdict_text(corpus, judged.verdict, text, judged.cards) + [""]


def _wait(path: Optional[Path]):
    """The table once the fight's window has run out (and its result is recorded)."""
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    while True:
        shown = table.show(path)
        if shown.fight is None or shown.fight.get("result") is not None:
            return shown
        time.sleep(max(0.05, min(1.0, shown.fight["closes_at"] - time.time())))


def log(table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module

    from referee.table.state import taken_back_map  # lazy: +27.9 ms at start-up if imported with the module

    _language(lang)
    changes = table.log(table_path)
    if not changes:
        raise NotFound("no table in progress; start one with `referee table new NAME…`")
    undone = taken_back_map(changes)  # one pass: the log is printed in time linear in its length
    if as_json:
        render.emit_json({"changes": [shapes.change_json(c, undone) for c in changes]})
    else:
        render.emit([render.change_line(c, undone, when=True) for c in changes])
    return 0


def export(out: Optional[str] = Option(None, "--out", metavar="FILE",
                                       help=_("Write the export to FILE (a new file) instead of the screen.")),
           table_path: Optional[Path] = options.table_path()) -> int:
    """``referee table export``: the good part of the table's log as JSON, however damaged the file."""
    from referee import table  # lazy: +20.1 ms at start-up if imported with the module
    from referee.table.store import stamp  # lazy: +27.9 ms at start-up if imported with the module

    data = table.export(table_path)
    body = {"changes": [{"seq": c.seq, "at": c.at, "command": c.command, "request": c.request, "effect": c.effect,
                         "summary": shapes.change_summary(c)} for c in data["changes"]],
            "stopped_at": data["stopped_at"], "reason": data["reason"], "table": data["table"],
            "winner": data["winner"], "exported_at": stamp(__import__("time").time())}
    text = json.dumps(body, ensure_ascii=False, indent=2) + "\n"
    if out is None:
        render.emit([text.rstrip("\n")])
        return 0
    target = Path(out)
    if target.exists():
        raise BadInput("--out: {path} already exists; choose another name (nothing was written)", path=str(target))
    try:
        write_atomic(target, text.encode("utf-8"))
    except OSError as exc:
        raise BadInput("--out: cannot write {path}: {reason}", path=str(target), reason=exc.strerror or str(exc)) \
            from None
    return 0


def register(app) -> None:
    import typer  # lazy: +59.3 ms at start-up if imported with the module

    from referee.cli.help import Command, Group  # lazy: +60.4 ms at start-up if imported with the module

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
    group.command("undo", cls=Command, help=_("Take back the last N changes (default 1), naming each; more than "
                                              "there are is refused."))(undo)
    group.command("redo", cls=Command, help=_("Put back what the last undo took back."))(redo)
    group.command("combat", cls=Command, help=_("The fight in progress, on every phone: open MONSTER…, change, close, "
                                                "cancel, wait (until the others' time to interfere runs out) or "
                                                "show."))(combat)
    group.command("log", cls=Command, help=_("Every change of this game, oldest first."))(log)
    group.command("export", cls=Command, help=_("The good part of the table's log as JSON, even from a damaged "
                                                "file."))(export)
    app.add_typer(group, name="table")


def _with_context(function):
    """``function`` as typer must call it: given the click context as its first argument."""
    import inspect  # lazy: +9.3 ms at start-up if imported with the module

    import typer  # lazy: +59.3 ms at start-up if imported with the module

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        return function(*args, **kwargs)

    signature = inspect.signature(function)
    first, *rest = signature.parameters.values()
    wrapper.__signature__ = signature.replace(parameters=[first.replace(annotation=typer.Context), *rest])
    return wrapper
