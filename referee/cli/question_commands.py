"""Questions without a file: ``fight``, ``flee``, ``can``, ``sell``, ``gear``, ``charity``, ``death``, ``die``.

Each builds the situation the words describe (:mod:`referee.questions`), on the table in
progress or on players given with ``--player``, and judges it through
:func:`referee.adjudicate.judge_data` — what ``referee judge`` does with a file — so the output,
text and ``--json``, is exactly judge's. ``--save-situation FILE`` writes that situation out.
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

from referee.cli import options, render
from referee.cli.params import Argument, Option
from referee.i18n.catalogs import RuleText, _
from referee.model import ACTIONS, EXPANSIONS, GAMES, LEVEL_SOURCES, PHASES


def players_option():
    return Option([], "--player", metavar="SPEC",
                        help=_("A player described inline instead of the table's: 'NAME:LEVEL race class +GEAR' or "
                               "a mapping in the situation format (repeat for more)."))


def game_option():
    return Option(None, "--game", metavar="GAME", help=_("With --player: the game ({games}).").format(
        games=options.offered(GAMES)))


def expansion_option():
    return Option([], "--expansion", metavar="E", help=_("With --player: an expansion in play ({names}).").format(
        names=options.offered(EXPANSIONS)))


def house_rule_option():
    return Option([], "--house-rule", metavar="KEY=VALUE", help=_("With --player: a house rule."))


def turn_option():
    return Option(None, "--turn", metavar="NAME", help=_("Whose turn it is (default: the table's)."))


def phase_option():
    return Option(None, "--phase", metavar="PHASE", help=_("The phase it is asked in: {phases} (default: "
                                                                 "the table's).").format(phases=options.offered(PHASES)))


def met_option():
    return Option(None, "--met-monster/--no-met-monster",
                        help=_("Whether a monster was fought or fled from this turn (default: the table's)."))


def expected_option():
    return Option(None, "--expected", metavar="N", help=_("Write only if the table still has N changes (what you last "
                                                          "saw); otherwise nothing is written."))


def save_option():
    return Option(None, "--save-situation", metavar="FILE",
                        help=_("Also write the situation judged to FILE, for `referee judge FILE`."))


def _table_state(path: Optional[Path]) -> Optional[dict]:
    """The table, with the fight in progress when there is one: a question asked in the middle
    of a fight is about that fight."""
    from referee import table
    from referee.errors import NotFound

    try:
        shown = table.show(path)
    except NotFound:
        return None
    if shown.fight is not None and shown.state.get("phase") in ("combat", "running-away"):
        return dict(shown.state, combat=shown.fight["combat"])
    return shown.state


def ask(kind: str, params: dict, lang: Optional[str], as_json: bool, table_path: Optional[Path],
        save: Optional[str]) -> int:
    """Build the situation on the table (or inline players), judge it, save it, print the verdict."""
    from referee import questions
    from referee.corpus import load_corpus
    from referee.i18n import choose_language

    text = RuleText(choose_language(lang))
    params.update(game=options.one_of(params.get("game"), GAMES, "--game"),
                  phase=options.one_of(params.get("phase"), PHASES, "--phase"))
    corpus = load_corpus()
    players = params.get("players")
    if players and any(questions.bare_name(p) for p in players):
        state = _table_state(table_path)
        if state is not None:
            questions.named_at_table(players, state)
    state = None if players else _table_state(table_path)
    data = questions.ask(kind, params, state, corpus)
    judged = _judge(data, corpus)
    if save:
        _save(data, save)
    render.judgement(corpus, judged, text, as_json)
    return 0


def _judge(data: dict, corpus):
    from referee.adjudicate import judge_data
    from referee.errors import InvalidFile
    from referee.table.changes import by_name

    try:
        return judge_data(data, "question", corpus)
    except InvalidFile as exc:
        raise InvalidFile([by_name(p, data) for p in exc.problems], what="question") from None


def _save(data: dict, target: str) -> None:
    """Write the situation judged; never over a file that is already there (it may be the user's)."""
    import yaml

    from referee.cache import write_atomic
    from referee.errors import BadInput

    path = Path(target)
    if path.exists():
        raise BadInput("--save-situation: {path} already exists; choose another name (nothing was written)",
                       path=str(path))
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise BadInput("--save-situation: cannot write {path}: {reason}", path=str(path),
                       reason=exc.strerror or str(exc)) from None


def fight(monsters: List[str] = Argument(..., metavar="MONSTER…"),
          fighter: Optional[str] = Option(None, "--fighter", metavar="NAME",
                                                help=_("Who fights (default: whose turn it is).")),
          helper: Optional[str] = Option(None, "--helper", metavar="NAME", help=_("Who helps.")),
          plus: List[int] = Option([], "--plus", metavar="N",
                                         help=_("A one-shot bonus played for the players (repeat for more).")),
          monster_plus: List[int] = Option([], "--monster-plus", metavar="N",
                                                 help=_("A bonus played for the monsters (repeat for more).")),
          discard: List[str] = Option([], "--discard", metavar="NAME=CARDS",
                                            help=_("Cards a fighter discards for a power (Berserking, Turning).")),
          charm: Optional[str] = Option(None, "--charm", metavar="WIZARD=MONSTER",
                                              help=_("A Wizard charms a monster away with the whole hand.")),
          player: List[str] = players_option(), game: Optional[str] = game_option(),
          expansion: List[str] = expansion_option(), house_rule: List[str] = house_rule_option(),
          turn: Optional[str] = turn_option(), met: Optional[bool] = met_option(),
          record: bool = Option(False, "--record", help=_("On the table: also record the levels the fight "
                                                                "gives (one change, undone as one).")),
          expected: Optional[int] = expected_option(),
          save: Optional[str] = save_option(), table_path: Optional[Path] = options.table_path(),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    params = dict(monsters=monsters, fighter=fighter, helper=helper, plus=plus, monster_plus=monster_plus,
                  discards=discard, charm=charm, players=player, game=game, expansions=expansion,
                  house_rules=house_rule, turn=turn, met_monster=met)
    if record:
        return _record_fight(params, lang, as_json, table_path, save, expected)
    return ask("fight", params, lang, as_json, table_path, save)


def _record_fight(params: dict, lang, as_json, table_path, save, expected: Optional[int] = None) -> int:
    from referee import table
    from referee.corpus import load_corpus
    from referee.i18n import choose_language

    text = RuleText(choose_language(lang))
    corpus = load_corpus()
    judged, recorded, data = table.record_fight(params, corpus, path=table_path, expected=expected)
    if save:
        _save(data, save)
    render.emit_recorded(corpus, judged, recorded, table.after(recorded, table_path).changes, text, as_json,
                         _("Nothing recorded: nobody goes up a level."))
    return 0


def _record(kind: str, params: dict, lang, as_json, table_path, save, nothing: str,
            expected: Optional[int] = None) -> int:
    """A sale or a death judged on the table and recorded there (``--record``)."""
    from referee import table
    from referee.corpus import load_corpus
    from referee.i18n import choose_language

    text = RuleText(choose_language(lang))
    corpus = load_corpus()
    judged, recorded, data = table.record_question(kind, params, corpus, path=table_path, expected=expected)
    if save:
        _save(data, save)
    render.emit_recorded(corpus, judged, recorded, table.after(recorded, table_path).changes, text, as_json, nothing)
    return 0


def record_option(what: str):
    return Option(False, "--record", help=what)


def flee(monsters: Optional[List[str]] = Argument(None, metavar="[MONSTER…]"),
         player: List[str] = Option([], "--player", metavar="NAME|SPEC",
                                          help=_("Who runs away: a player of the table (the fighter first, then the "
                                                 "helper), or a player described inline.")),
         fighter: Optional[str] = Option(None, "--fighter", metavar="NAME",
                                               help=_("Who fought (default: the first --player, or whose turn it is).")),
         helper: Optional[str] = Option(None, "--helper", metavar="NAME", help=_("The helper, who runs too.")),
         discard: List[str] = Option([], "--discard", metavar="NAME=CARDS",
                                     help=_("Cards a Wizard discards for Flight: +1 to run away for each (up to 3).")),
         game: Optional[str] = game_option(), expansion: List[str] = expansion_option(),
         house_rule: List[str] = house_rule_option(), turn: Optional[str] = turn_option(),
         met: Optional[bool] = met_option(), save: Optional[str] = save_option(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    # --player names players of the table when it has them all, else describes inline players.
    shown = _table_shown(table_path) if not (player and any(not _plain_name(p) for p in player)) else None
    state = shown.state if shown else None
    names = {p["name"].casefold() for p in state["players"]} if state else set()
    picked = player if state and all(p.casefold() in names for p in player) else []
    params = dict(monsters=monsters, fleeing=picked, fighter=fighter, helper=helper, discards=discard,
                  players=[] if picked or not player else player, game=game, expansions=expansion,
                  house_rules=house_rule, turn=turn, met_monster=met)
    fight = shown.fight if shown and not params["players"] else None
    if fight is not None and not monsters:
        # On a table with a fight in progress (or just lost), the flight is from that fight.
        combat = fight["combat"]
        params.update(monsters=combat["monsters"], fighter=fighter or combat["fighter"],
                      helper=helper or combat.get("helper"))
    return ask("flee", params, lang, as_json, table_path, save)


def _plain_name(spec: str) -> bool:
    """A --player that can only be a name at the table (not an inline spec)."""
    return ":" not in spec and " " not in spec.strip() and not spec.strip().startswith("{")


def _table_shown(path: Optional[Path]):
    from referee import table
    from referee.errors import NotFound

    try:
        return table.show(path)
    except NotFound:
        return None


def can(name: str = Argument(..., metavar="NAME"),
        action: str = Argument(..., metavar="ACTION"),
        target: Optional[str] = Option(None, "--target", metavar="NAME", help=_("The player it is done to.")),
        item: Optional[str] = Option(None, "--item", metavar="ITEM", help=_("The item it is about.")),
        fighter: Optional[str] = Option(None, "--fighter", metavar="NAME",
                                              help=_("Asked during a fight: who fights.")),
        helper: Optional[str] = Option(None, "--helper", metavar="NAME",
                                             help=_("Asked during a fight: who helps.")),
        monster: List[str] = Option([], "--monster", metavar="MONSTER",
                                          help=_("Asked during a fight: a monster in it.")),
        player: List[str] = players_option(), game: Optional[str] = game_option(),
        expansion: List[str] = expansion_option(), house_rule: List[str] = house_rule_option(),
        turn: Optional[str] = turn_option(), phase: Optional[str] = phase_option(),
        met: Optional[bool] = met_option(), save: Optional[str] = save_option(),
        table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    options.one_of(action, ACTIONS, "ACTION")
    params = dict(player=name, action=action, target=target, item=item, fighter=fighter, helper=helper,
                  monsters=monster, players=player, game=game, expansions=expansion, house_rules=house_rule,
                  turn=turn, phase=phase, met_monster=met)
    return ask("can", params, lang, as_json, table_path, save)


def sell(name: str = Argument(..., metavar="NAME"), items: List[str] = Argument(..., metavar="ITEM…"),
         player: List[str] = players_option(), game: Optional[str] = game_option(),
         expansion: List[str] = expansion_option(), house_rule: List[str] = house_rule_option(),
         turn: Optional[str] = turn_option(), phase: Optional[str] = phase_option(),
         met: Optional[bool] = met_option(),
         record: bool = record_option(_("On the table: also record the sale (the levels it buys, the items gone).")),
         expected: Optional[int] = expected_option(), save: Optional[str] = save_option(),
         table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
         as_json: bool = options.json_flag()) -> int:
    params = dict(player=name, items=items, players=player, game=game, expansions=expansion, house_rules=house_rule,
                  turn=turn, phase=phase, met_monster=met)
    if record:
        return _record("sell", params, lang, as_json, table_path, save, _("Nothing recorded: the sale buys no level."),
                       expected)
    return ask("sell", params, lang, as_json, table_path, save)


def _about(kind: str):
    def command(name: Optional[str] = Argument(None, metavar="[NAME]"), player: List[str] = players_option(),
                game: Optional[str] = game_option(), expansion: List[str] = expansion_option(),
                house_rule: List[str] = house_rule_option(), turn: Optional[str] = turn_option(),
                phase: Optional[str] = phase_option(), met: Optional[bool] = met_option(),
                save: Optional[str] = save_option(), table_path: Optional[Path] = options.table_path(),
                lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
        params = dict(player=name, players=player, game=game, expansions=expansion, house_rules=house_rule, turn=turn,
                      phase=phase, met_monster=met)
        return ask(kind, params, lang, as_json, table_path, save)

    return command


gear, charity = _about("gear"), _about("charity")


def death(name: Optional[str] = Argument(None, metavar="[NAME]"), player: List[str] = players_option(),
          game: Optional[str] = game_option(), expansion: List[str] = expansion_option(),
          house_rule: List[str] = house_rule_option(), turn: Optional[str] = turn_option(),
          phase: Optional[str] = phase_option(), met: Optional[bool] = met_option(),
          record: bool = record_option(_("On the table: also record the death (the player loses what the rules "
                                         "say).")),
          expected: Optional[int] = expected_option(), save: Optional[str] = save_option(), table_path: Optional[Path] = options.table_path(),
          lang: Optional[str] = options.lang(), as_json: bool = options.json_flag()) -> int:
    params = dict(player=name, players=player, game=game, expansions=expansion, house_rules=house_rule, turn=turn,
                  phase=phase, met_monster=met)
    if record:
        return _record("death", params, lang, as_json, table_path, save, "", expected)
    return ask("death", params, lang, as_json, table_path, save)


def level(name: str = Argument(..., metavar="NAME"), change: str = Argument(..., metavar="±N"),
          source: Optional[str] = Option(None, "--source", metavar="SOURCE",
                                     help=_("Where the levels come from: {sources}.").format(
                                         sources=options.offered(LEVEL_SOURCES))),
          player: List[str] = players_option(), game: Optional[str] = game_option(),
          expansion: List[str] = expansion_option(), house_rule: List[str] = house_rule_option(),
          turn: Optional[str] = turn_option(), phase: Optional[str] = phase_option(),
          met: Optional[bool] = met_option(), save: Optional[str] = save_option(),
          table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
          as_json: bool = options.json_flag()) -> int:
    source = options.one_of(options.level_source(source), LEVEL_SOURCES, "--source")
    params = dict(player=name, change=change, source=source, players=player, game=game, expansions=expansion,
                  house_rules=house_rule, turn=turn, phase=phase, met_monster=met)
    return ask("level", params, lang, as_json, table_path, save)


def die(roll: int = Argument(..., metavar="ROLL", min=1, max=10),
        name: Optional[str] = Option(None, "--for", metavar="NAME",
                                           help=_("Who rolled (default: whose turn it is).")),
        player: List[str] = players_option(), game: Optional[str] = game_option(),
        expansion: List[str] = expansion_option(), house_rule: List[str] = house_rule_option(),
        turn: Optional[str] = turn_option(), phase: Optional[str] = phase_option(),
        met: Optional[bool] = met_option(), save: Optional[str] = save_option(),
        table_path: Optional[Path] = options.table_path(), lang: Optional[str] = options.lang(),
        as_json: bool = options.json_flag()) -> int:
    params = dict(roll=roll, player=name, players=player, game=game, expansions=expansion, house_rules=house_rule,
                  turn=turn, phase=phase, met_monster=met)
    return ask("die", params, lang, as_json, table_path, save)


def register(app) -> None:
    from referee.cli.help import Command

    app.command("fight", cls=Command, help=_("Who wins this fight, on the table or with --player: monsters as "
                                             "NAME:LEVEL or a card's name."))(fight)
    app.command("flee", cls=Command, help=_("What each fleeing player must roll against each monster."))(flee)
    app.command("can", cls=Command, help=_("May this player do this now? ACTION: {actions}.").format(
        actions=", ".join(ACTIONS)))(can)
    app.command("sell", cls=Command, help=_("Selling these items for levels (ITEM: one the player has, or "
                                            "NAME:GOLD)."))(sell)
    app.command("gear", cls=Command, help=_("Which of a player's items count, and is the load legal."))(gear)
    app.command("charity", cls=Command, help=_("Where a player's excess cards go at the end of the turn."))(charity)
    app.command("death", cls=Command, help=_("What a dead player keeps and loses, and who loots first."))(death)
    # "-1" is a number of levels here, not an option.
    app.command("level", cls=Command, context_settings={"ignore_unknown_options": True},
                help=_("A level change as the rules allow it (on the table, `table level` also records "
                       "it)."))(level)
    app.command("die", cls=Command, help=_("The Munchkin die's result ROLL (1–10)."))(die)
